"""Jupyter widgets for kraftwagen-lab: play, position editor, rules-tour stepper.

Layering: this package imports kwcore and solvers; notebooks import it; nothing imports it.
"""
