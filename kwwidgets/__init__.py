"""Jupyter widgets for kraftwagen-lab's three games: Kraftwagen, Formel 1 and Automobiles.

The generic widgets sit at the top and work on any registered game: the play widget
(``play``), the rules-tour stepper with the tours' step type and script (``stepper``), the
position editor (``editor``), the hidden-solution box of the workshops (``solutions``), the
game views (``views``) and the small shared pieces (``common``). Each game has one subpackage
with the same file names for the same jobs (``kwwidgets/<game>/``: ``view.py`` its board and
words, ``hint.py`` its default hint, ``tour.py`` its rules tour, ``workshop.py`` or ``lab.py``
its notebook's studies); Kraftwagen's also holds its puzzles, pricing lab, labels, scoring
summaries and figures. A game's view is imported on demand (``views.view_for``), so this
package imports no game's widgets.

Layering: this package imports gamecore, the game cores and solvers; notebooks import it;
nothing imports it.
"""

from kwwidgets.editor import PositionEditor
from kwwidgets.play import PlayWidget
from kwwidgets.stepper import Script, Step, Stepper

__all__ = ["PlayWidget", "PositionEditor", "Script", "Step", "Stepper"]
