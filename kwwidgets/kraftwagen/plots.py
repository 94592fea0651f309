"""Kraftwagen's figures: the action chain's decision graph (networkx + matplotlib) and the price
curve.

The data come from the solvers (``solvers.kraftwagen.tempo.tempo_graph``,
``solvers.kraftwagen.pricing.price_curve``); this module only draws them, with networkx's drawing
functions. Figures are ``kwwidgets.solutions.KwFigure`` objects made without pyplot, so no
global figure state is kept; they draw themselves in a notebook as SVG (``_repr_svg_``), and
``kwwidgets.solutions.figure_svg`` gives the same text for a widget.
"""

from __future__ import annotations

import networkx as nx
from matplotlib.figure import Figure

from kwcore.state import State
from kwcore.svg import NEUTRAL, company_colour
from kwwidgets.solutions import KwFigure
from solvers.kraftwagen import pricing, tempo

#: At most this many chains are drawn in one column of the decision graph; the rest are counted.
MAX_NODES = 24
# A column of the decision graph is COLUMN inches wide; a node's label takes LABEL_WIDTH of
# it (the longest, "Research + Body + Engine -> Orange", at 8 pt), and edges start after it.
COLUMN = 3.3
LABEL_WIDTH = 0.8


def _layers(g: nx.DiGraph, root: object, depth: int) -> list[list[object]]:
    """The graph's nodes column by column, each column in the order of its parents' edges
    (so children sit next to their parent), capped at ``MAX_NODES`` kept nodes."""
    layers: list[list[object]] = [[root]]
    for _ in range(depth):
        column: list[object] = []
        for u in layers[-1]:
            for v in g.successors(u):
                if v not in column and g.nodes[v]["depth"] == len(layers):
                    column.append(v)
        layers.append(column)
    return layers


def decision_graph_figure(state: State, depth: int = 1, again: bool = True,
                          answer: str | None = None) -> Figure:
    """Who plays next after each possible pick, ``depth`` picks ahead (RULINGS K1).

    A layered drawing: one column per pick, the chain now on the left. Each node is a chain,
    coloured by the company to play (its initial inside), labelled on its right with the tile
    taken to reach it and who plays next, one row per node so no two labels overlap; edges
    leave a node from the end of its label, so no edge crosses a label. A thick
    edge keeps the same company at the tail, i.e. gives it another turn in a row. A column
    draws at most ``MAX_NODES`` chains (the graph grows 11-fold per pick) and says how many
    more there are. ``again=False`` draws every edge alike (the graph before a puzzle's
    answer is asked for); ``answer`` (a tile, e.g. the solver's best pick) draws that first
    pick's edge thick and green. Tiles are named by their plain titles ("Grand Prix +
    Attract"), as on the board. Raises ValueError for a depth outside 1..tempo.MAX_DEPTH.
    """
    if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= \
            tempo.MAX_DEPTH:
        raise ValueError(f"depth must be 1..{tempo.MAX_DEPTH}, not {depth!r}")
    g = tempo.tempo_graph(state, depth)
    cfg = state.cfg
    titles = tile_titles(state)
    names = list(cfg.companies)
    root = next(n for n, d in g.nodes(data=True) if d["depth"] == 0)
    full = _layers(g, root, depth)
    layers = [col[:MAX_NODES] for col in full]
    rows = max(len(col) for col in layers)
    # One column (x unit) is COLUMN inches: room for a label and the edges after it.
    fig = KwFigure(figsize=(COLUMN * (depth + 1.45), 0.9 + 0.34 * max(rows, 3)))
    ax = fig.add_subplot()
    pos: dict[object, tuple[float, float]] = {}
    for k, col in enumerate(layers):
        top = (len(col) - 1) / 2 - (rows - 1) / 2  # each column centred on the tallest
        for i, n in enumerate(col):
            pos[n] = (float(k), top - i)
    kept = set(pos)
    for u, v, d in g.edges(data=True):
        if u in kept and v in kept:
            (x0, y0), (x1, y1) = pos[u], pos[v]
            if u != root:
                x0 += LABEL_WIDTH  # the edge leaves from the end of the parent's label
            thick = again and d["next"] == d["company"]
            best = answer is not None and u == root and d["tile"] == answer
            ax.plot([x0, x1], [y0, y1],
                    color="tab:green" if best else "#222222" if thick else "#aaaaaa",
                    linewidth=3.2 if best else 2.4 if thick else 0.7, zorder=1)
    for n, (x, y) in pos.items():
        who = g.nodes[n]["to_play"]
        colour = company_colour(cfg, names.index(who)) if who in names else NEUTRAL
        ax.scatter([x], [y], s=220, color=colour, edgecolors="#222222", zorder=2)
        ax.text(x, y, who[0], ha="center", va="center", fontsize=8, color="white", zorder=3)
        if n == root:
            ax.text(x - 0.12, y, f"now: {who} picks", ha="right", va="center", fontsize=9)
            continue
        parent = next(u for u in g.predecessors(n) if u in kept)
        tile = g.edges[parent, n]["tile"]
        ax.text(x + 0.1, y, f"{titles.get(tile, tile)} \u2192 {who}", ha="left", va="center",
                fontsize=8)
    for k, (col, shown) in enumerate(zip(full, layers, strict=True)):
        if len(col) > len(shown):
            ax.text(k + 0.1, -rows + 0.2, f"... and {len(col) - len(shown)} more chains",
                    ha="left", va="center", fontsize=8, style="italic")
    ax.set_xlim(-0.6, depth + 0.85)
    ax.set_ylim(-rows - 0.3, 0.7)
    keys = "; ".join(([] if not again else ["thick: the same company again"])
                     + ([] if answer is None else
                        [f"green: the answer, {titles.get(answer, answer)}"]))
    ax.set_title(f"{g.nodes[root]['to_play']} picks: who plays next ({depth} pick"
                 f"{'s' if depth > 1 else ''} ahead{'; ' + keys if keys else ''})", fontsize=10)
    ax.set_axis_off()
    fig.tight_layout()
    return fig


def tile_titles(state: State) -> dict[str, str]:
    """Each action tile's plain title by its name in the rules core ("GrandPrix+Attract" ->
    "Grand Prix + Attract"): the solvers' graphs name tiles as the core does."""
    return {tile.name: tile.title for tile in state.cfg.tiles}


def decision_table(state: State) -> list[tuple[str, int, str, tuple[str, ...]]]:
    """Two picks ahead as a table: for each tile the company to play may take (its plain
    title), its number of actions, who plays next, and which of that company's picks would give
    it another turn in a row (the chain rule, RULINGS K1; ``solvers.kraftwagen.tempo.tempo_graph``
    at depth 2)."""
    g = tempo.tempo_graph(state, 2)
    titles = tile_titles(state)
    root = next(n for n, d in g.nodes(data=True) if d["depth"] == 0)
    rows = []
    for _, child, d in g.out_edges(root, data=True):
        again = tuple(titles[e["tile"]] for _, _, e in g.out_edges(child, data=True)
                      if e["next"] == e["company"])
        rows.append((titles[d["tile"]], d["actions"], d["next"], again))
    return rows


def decision_table_html(state: State) -> str:
    """``decision_table`` as an HTML table."""
    import html

    cells = "".join(
        f"<tr><td>{html.escape(tile)}</td><td style='text-align:center'>{n}</td>"
        f"<td>{html.escape(nxt)}</td><td>{html.escape(', '.join(again) or '-')}</td></tr>"
        for tile, n, nxt, again in decision_table(state))
    return ("<table class='kw-decision-table'><tr><th>pick</th><th>actions</th>"
            "<th>then plays</th><th>its picks that would give it another turn</th></tr>"
            + cells + "</table>")


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
