"""The workshops' hidden solutions and the figures they show, for every game's notebook.

A workshop's ``exercise_*`` functions (``kwwidgets/<game>/workshop.py`` or ``lab.py``) work a
solution out and return a ``Solution``: the explanation, the printed results and an optional
figure. Nothing is shown yet: ``show`` wraps it in a ``SolutionBox``, whose only visible part
is a "Show the solution" button. So "Run All" checks every solution and prints none of them
under the questions, and a collapsed solution cell's first line gives nothing away.

Figures are ``KwFigure`` objects (matplotlib without pyplot, so no global figure state is
kept): they draw themselves in a notebook as SVG (``_repr_svg_``), and ``figure_svg`` gives the
same text for a widget.
"""

from __future__ import annotations

import html
import io
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w
from matplotlib.figure import Figure

from kwwidgets.common import button, escape_dollars, markdown_html


class KwFigure(Figure):
    """A matplotlib figure that draws itself in a notebook without pyplot or ``%matplotlib``."""

    def _repr_svg_(self) -> str:
        return figure_svg(self)


#: The smallest text a figure is drawn with, in points: an SVG point is 4/3 CSS px, so 9 pt
#: stays above the lab's 11 px smallest text even when a notebook shrinks a 10-inch figure a
#: little to fit its width.
MIN_FONT_PT = 9.0


def figure_svg(fig: Figure) -> str:
    """The figure as an SVG document (for an ``ipywidgets.HTML``); its words are SVG text, not
    outlines (selectable, and measurable by the browser test's smallest-text check), none
    smaller than ``MIN_FONT_PT`` (the figure itself is left as it was)."""
    import matplotlib
    from matplotlib.text import Text

    sizes = [(a, float(a.get_fontsize())) for a in fig.findobj(Text)]  # points, once drawn
    small = [(artist, size) for artist, size in sizes if size < MIN_FONT_PT]
    buf = io.StringIO()
    try:
        for artist, _ in small:
            artist.set_fontsize(MIN_FONT_PT)
        with matplotlib.rc_context({"svg.fonttype": "none"}):
            fig.savefig(buf, format="svg")
    finally:
        for artist, size in small:
            artist.set_fontsize(size)
    text = buf.getvalue()
    return text[text.index("<svg"):]  # drop the XML prolog and doctype: inline HTML


@dataclass(frozen=True)
class Solution:
    """One exercise's solution: the explanation (Markdown), printed results, a figure."""

    exercise: str
    explanation: str
    results: tuple[str, ...] = ()
    figure: Figure | None = None
    values: dict[str, Any] = field(default_factory=dict)  # what later exercises may reuse

    def html(self) -> str:
        """The solution as HTML: the explanation (its Markdown tables drawn), the results in a
        monospace block, the figure; every dollar a plain dollar (``escape_dollars``)."""
        out = markdown_html(f"**Solution {self.exercise}.** {self.explanation}")
        if self.results:
            out += ("<pre style='font-size: 90%'>"
                    + escape_dollars(html.escape("\n".join(self.results))) + "</pre>")
        if self.figure is not None:
            out += figure_svg(self.figure)
        # ipywidgets sets a one-line-box line height on HTML; prose reads better tighter.
        return f"<div style='line-height: 1.45'>{out}</div>"


class SolutionBox:
    """A solution behind a button: ``reveal()`` ("Show the solution", CSS class
    ``kw-show-solution``) shows it, pressing again hides it. ``shown`` says which."""

    def __init__(self, solution: Solution) -> None:
        self.solution = solution
        self.shown = False
        self.out = w.Output()
        self.body = w.HTML()
        self.body.add_class("kw-solution")
        self.toggle = button(f"Show the solution to {solution.exercise}", "kw-show-solution",
                             self.reveal, self.out, "only once you have tried the question")
        self.view = w.VBox([self.toggle, self.body, self.out])

    def reveal(self) -> None:
        """Show the solution, or hide it again when it is shown."""
        self.shown = not self.shown
        self.body.value = self.solution.html() if self.shown else ""
        self.toggle.description = (f"Hide the solution to {self.solution.exercise}"
                                   if self.shown
                                   else f"Show the solution to {self.solution.exercise}")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)


def show(solution: Solution) -> SolutionBox:
    """The solution behind a "Show the solution" button (what a notebook cell ends with)."""
    return SolutionBox(solution)
