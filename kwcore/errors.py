"""Typed errors of the rules core (STYLE 11): cannot parse, not legal now, bad position."""

from __future__ import annotations

#: The longest message an error carries; a longer one is cut (a bad value may be huge).
MAX_MESSAGE = 200


def _cut(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[:MAX_MESSAGE - 3] + "..."


class KraftwagenError(Exception):
    """Base class of every error the rules core raises on bad input (messages cut to
    MAX_MESSAGE characters)."""

    def __init__(self, message: str = "") -> None:
        super().__init__(_cut(str(message)))


class ActionParseError(KraftwagenError, ValueError):
    """The text or id is not the form of any action."""


class IllegalActionError(KraftwagenError, ValueError):
    """The action is well formed but not legal in this state; ``rule`` names the rule broken."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{_cut(message)} ({rule})" if rule else message)
        self.rule = rule


class PositionError(KraftwagenError, ValueError):
    """A position file is malformed or inconsistent; ``field`` names the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        self.field = _cut(field)
        super().__init__(f"{self.field}: {message}")
