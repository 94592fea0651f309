"""Typed errors of the rules core (STYLE 11): cannot parse, not legal now, bad position."""

from __future__ import annotations


class KraftwagenError(Exception):
    """Base class of every error the rules core raises on bad input."""


class ActionParseError(KraftwagenError, ValueError):
    """The text or id is not the form of any action."""


class IllegalActionError(KraftwagenError, ValueError):
    """The action is well formed but not legal in this state; ``rule`` names the rule broken."""

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(f"{message} ({rule})" if rule else message)
        self.rule = rule


class PositionError(KraftwagenError, ValueError):
    """A position file is malformed or inconsistent; ``field`` names the field at fault."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
