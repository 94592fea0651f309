"""Typed errors of the rules core (STYLE 11): cannot parse, not legal now, bad position.

The classes are gamecore's, shared by every game (``gamecore.errors``); Kraftwagen's names for
them stay importable from here. ``KraftwagenError`` is ``gamecore.GameError``, so code that
catches it catches every error a game core raises on bad input.
"""

from __future__ import annotations

from gamecore.errors import MAX_MESSAGE, ActionParseError, IllegalActionError, PositionError
from gamecore.errors import GameError as KraftwagenError

__all__ = ["MAX_MESSAGE", "ActionParseError", "IllegalActionError", "KraftwagenError",
           "PositionError"]
