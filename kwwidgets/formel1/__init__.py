"""Formel 1 in the widgets: its view (``view``: the board with the close-up, plain labels;
registered when this package is imported), its hints (``hint``: the greedy bot's, the default,
and the race search's), its rules tour (``tour``), the 12 workshop's studies and solutions
(``workshop``), the race summary the play widget pauses on (``summary``) and its one "since your
move" line (``since``).

``kwwidgets.views.view_for("formel1")`` imports this package on demand.
"""

from kwwidgets.formel1.view import Formel1View

__all__ = ["Formel1View"]
