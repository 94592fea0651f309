"""Kraftwagen in the widgets: its view (``view``: board, words, scoring summaries; registered
when this package is imported), its default hint (``hint``), rules tour (``tour``), round
summaries (``scoring``), plain labels (``labels``), puzzles (``puzzle``), pricing lab
(``pricing``), figures (``plots``) and the 05 workshop's solutions (``workshop``).

``kwwidgets.views.view_for("kraftwagen")`` imports this package on demand; it imports only the
view, so the solvers behind the puzzles and the pricing lab load when those are imported.
"""

from kwwidgets.kraftwagen.view import KraftwagenView

__all__ = ["KraftwagenView"]
