"""Typed errors shared by every game (STYLE 11): cannot parse, not legal now, bad position.

Every game core raises these classes (Kraftwagen's ``kwcore.errors`` names them under its own
names), so a generic tool such as the command line catches one ``GameError`` for any game.
"""

from __future__ import annotations

#: The longest message an error carries; a longer one is cut (a bad value may be huge).
MAX_MESSAGE = 200


def cut(message: str) -> str:
    """``message`` cut to MAX_MESSAGE characters, marked by "..." when cut."""
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 3] + "..."


class GameError(Exception):
    """Base class of every error a game core raises on bad input (messages cut to
    MAX_MESSAGE characters)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(cut(str(message)))


class ActionParseError(GameError, ValueError):
    """The text or id is not the form of any action."""


class IllegalActionError(GameError, ValueError):
    """The action is well formed but not legal in this state; ``rule`` names the rule broken."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{cut(message)} ({rule})" if rule else message)
        self.rule = rule


class PositionError(GameError, ValueError):
    """A position file is malformed or inconsistent; ``field`` names the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        self.field = cut(field)
        super().__init__(f"{self.field}: {message}")
