"""Jupyter widgets for kraftwagen-lab: play, position editor, rules-tour stepper, puzzles, pricing.

Layering: this package imports kwcore and solvers; notebooks import it; nothing imports it.
"""

from kwwidgets.editor import PositionEditor
from kwwidgets.play import PlayWidget
from kwwidgets.pricing import PricingLab
from kwwidgets.puzzle import PuzzleWidget
from kwwidgets.stepper import Stepper

__all__ = ["PlayWidget", "PositionEditor", "PricingLab", "PuzzleWidget", "Stepper"]
