"""Automobiles in the widgets: its view (``view``: the board with the close-up and the sheets,
plain labels; registered when this package is imported), its default hint (``hint``: the
best-turn solver's), its rules tour (``tour``), the 22 lab's figures and tables
(``workshop``), the race summary the play widget pauses on (``summary``) and its one "since your
move" line with the log arithmetic behind it (``since``).

``kwwidgets.views.view_for("automobiles")`` imports this package on demand.
"""

from kwwidgets.automobiles.view import AutomobilesView

__all__ = ["AutomobilesView"]
