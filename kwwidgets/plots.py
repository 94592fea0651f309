"""Figures: the action chain's decision graph (networkx + matplotlib) and the price curve.

The data come from the solvers (``solvers.tempo.tempo_graph``, ``solvers.pricing.price_curve``);
this module only draws them, with networkx's drawing functions. Figures are
``matplotlib.figure.Figure`` objects made without pyplot, so no global figure state is kept;
they draw themselves in a notebook as SVG (``_repr_svg_``), and ``figure_svg`` gives the same
text for a widget.
"""

from __future__ import annotations

import io

import networkx as nx
from matplotlib.figure import Figure

from kwcore.state import State
from kwcore.svg import NEUTRAL, company_colour
from solvers import pricing, tempo


class KwFigure(Figure):
    """A matplotlib figure that draws itself in a notebook without pyplot or ``%matplotlib``."""

    def _repr_svg_(self) -> str:
        return figure_svg(self)


def decision_graph_figure(state: State, depth: int = 1) -> Figure:
    """Who plays next after each possible pick, ``depth`` picks ahead (RULINGS K1).

    Nodes are chain states coloured by the company to play (labelled with its initial);
    edges are picks labelled with the tile (every edge at depth 1, the first level otherwise);
    a thick edge keeps the same company at the tail, i.e. gives it another turn in a row.
    Raises ValueError for a depth outside 1..tempo.MAX_DEPTH.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= \
            tempo.MAX_DEPTH:
        raise ValueError(f"depth must be 1..{tempo.MAX_DEPTH}, not {depth!r}")
    g = tempo.tempo_graph(state, depth)
    cfg = state.cfg
    names = list(cfg.companies)
    root = next(n for n, d in g.nodes(data=True) if d["depth"] == 0)
    widest = max(sum(1 for _, d in g.nodes(data=True) if d["depth"] == k)
                 for k in range(depth + 1))
    fig = KwFigure(figsize=(3.5 + 3.0 * depth, min(14.0, max(4.0, 0.12 * widest))))
    ax = fig.add_subplot()
    pos = nx.multipartite_layout(g, subset_key="depth")
    colours = [company_colour(cfg, names.index(d["to_play"])) if d["to_play"] in names
               else NEUTRAL for _, d in g.nodes(data=True)]
    nx.draw_networkx_nodes(g, pos, ax=ax, node_color=colours,
                           node_size=500 if depth == 1 else 180, edgecolors="#222222")
    nx.draw_networkx_labels(g, pos, ax=ax, font_size=9 if depth == 1 else 6,
                            labels={n: d["to_play"][0] for n, d in g.nodes(data=True)})
    again = [(u, v) for u, v, d in g.edges(data=True) if d["next"] == d["company"]]
    other = [(u, v) for u, v, d in g.edges(data=True) if d["next"] != d["company"]]
    nx.draw_networkx_edges(g, pos, ax=ax, edgelist=other, width=0.6, edge_color="#888888",
                           arrows=True, arrowsize=6)
    nx.draw_networkx_edges(g, pos, ax=ax, edgelist=again, width=2.4, edge_color="#222222",
                           arrows=True, arrowsize=8)
    shown = [(u, v) for u, v in g.edges() if depth == 1 or u == root]
    nx.draw_networkx_edge_labels(g, pos, ax=ax, font_size=7, label_pos=0.7,
                                 edge_labels={(u, v): g.edges[u, v]["tile"] for u, v in shown})
    ax.set_title(f"{g.nodes[root]['to_play']} picks: who plays next ({depth} pick"
                 f"{'s' if depth > 1 else ''} ahead; thick = the same company again)")
    ax.set_axis_off()
    fig.tight_layout()
    return fig


def price_curve_figure(state: State, curve: dict[int, int] | None = None,
                       config: pricing.PricingConfig | None = None) -> Figure:
    """The best sales reputation for a car at each price marker on the chart (CP-SAT).

    ``curve`` may be passed when already computed (``pricing.price_curve``); otherwise it is
    solved here. Raises ``pricing.PricingError`` when no car can be placed.
    """
    if curve is None:
        curve = pricing.price_curve(state, config)
    fig = KwFigure(figsize=(6.5, 3.2))
    ax = fig.add_subplot()
    prices = sorted(curve)
    values = [curve[p] for p in prices]
    best = max(values) if values else 0
    colour = company_colour(state.cfg, state.current_player) if state.current_player >= 0 \
        else NEUTRAL
    ax.bar([str(p) for p in prices], values, color=[colour if v == best else "#bbbbbb"
                                                    for v in values], edgecolor="#222222")
    for i, v in enumerate(values):
        ax.annotate(str(v), (i, v), ha="center", va="bottom", fontsize=8)
    ax.margins(y=0.15)  # room for the value labels above the bars
    ax.set_xlabel("price marker of the new car")
    ax.set_ylabel("best sales reputation")
    ax.set_title("Price curve (coloured: the best price)")
    fig.tight_layout()
    return fig


def figure_svg(fig: Figure) -> str:
    """The figure as an SVG document (for an ``ipywidgets.HTML``)."""
    buf = io.StringIO()
    fig.savefig(buf, format="svg")
    text = buf.getvalue()
    return text[text.index("<svg"):]  # drop the XML prolog and doctype: inline HTML
