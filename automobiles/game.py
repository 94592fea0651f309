"""Binds Automobiles' rules to its state (``State.RULES``), so that the state module imports no
rules and the rules import the state only for types (STYLE 21, as ``kwcore.game`` does)."""

from __future__ import annotations

from . import rules
from .state import State

State.RULES = rules
