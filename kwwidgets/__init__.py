"""Jupyter widgets for kraftwagen-lab: play, position editor, rules-tour stepper, puzzles, pricing.

The play widget, the stepper and the position editor work on any registered game (their
board and words come from the game's view, ``kwwidgets.views``); Kraftwagen's view
(``kwwidgets.kraftwagen``, registered here) adds its plain labels, summaries and hint.

Layering: this package imports gamecore, the game cores and solvers; notebooks import it;
nothing imports it.
"""

import kwwidgets.kraftwagen  # noqa: F401 - registers Kraftwagen's view before any widget is made
from kwwidgets.editor import PositionEditor
from kwwidgets.play import PlayWidget
from kwwidgets.pricing import PricingLab
from kwwidgets.puzzle import PuzzleWidget
from kwwidgets.stepper import Stepper

__all__ = ["PlayWidget", "PositionEditor", "PricingLab", "PuzzleWidget", "Stepper"]
