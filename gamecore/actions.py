"""The action base: frozen value objects with a text form and a stable integer id (STYLE 5).

A game subclasses ``Action`` (its actions are frozen dataclasses that print as short commands),
enumerates every possible action once in a fixed order, and builds an ``ActionTable`` from that
list: an action's id is its position there, its text form (case and spacing ignored) parses back.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Generic, TypeVar

from gamecore.errors import ActionParseError
from gamecore.position import short

A = TypeVar("A", bound="Action")


class Action:
    """Base class of all actions; subclasses are frozen dataclasses with ``__slots__``."""

    __slots__ = ()
    chance: bool = False
    free: bool = False
    #: The game's table, set on the game's own Action subclass once it is built.
    TABLE: ClassVar[ActionTable[Any]]

    @property
    def id(self) -> int:
        """The stable integer id of this action."""
        return self.TABLE.ids[self]


class ActionTable(Generic[A]):
    """Every action of one game in id order, with lookups by id and by text."""

    def __init__(self, actions: Iterable[A]) -> None:
        self.actions: tuple[A, ...] = tuple(actions)
        self.ids: dict[A, int] = {a: i for i, a in enumerate(self.actions)}
        self.by_text: dict[str, A] = {str(a).lower(): a for a in self.actions}
        if len(self.ids) != len(self.actions) or len(self.by_text) != len(self.actions):
            raise ValueError("actions and their text forms must be unique")

    def __len__(self) -> int:
        return len(self.actions)

    def from_id(self, action_id: int) -> A:
        """The action with this stable id; ActionParseError for anything else (a huge number
        too: the message never prints it whole)."""
        if type(action_id) is not int:
            raise ActionParseError(
                f"an action id is a whole number, not {type(action_id).__name__}")
        if not 0 <= action_id < len(self.actions):
            raise ActionParseError(
                f"no action has id {short(action_id)} (ids run 0..{len(self.actions) - 1})")
        return self.actions[action_id]

    def from_text(self, text: str) -> A:
        """Parse the text form of an action (case and spacing are ignored).

        Raises ActionParseError, with a few forms of the same verb as a hint, when the text is
        not the form of any action; legality in a state is checked separately.
        """
        if not isinstance(text, str):
            raise ActionParseError(f"an action is text, not {type(text).__name__}")
        key = " ".join(text.lower().split())
        action = self.by_text.get(key)
        if action is None:
            verb = key.split(" ", 1)[0] if key else ""
            examples = [str(a) for a in self.actions if str(a).lower().startswith(verb + " ")]
            hint = f"; forms like: {', '.join(examples[:4])}" if verb and examples else ""
            raise ActionParseError(f"cannot parse action {short(text, 60)}{hint}")
        return action

    def id_of(self, action: Any) -> int:
        """The id of an action given as object, id or text (no legality check)."""
        if isinstance(action, Action):
            aid = self.ids.get(action)  # type: ignore[arg-type]
            if aid is None:
                raise ActionParseError(f"not an action of this game: {short(action)}")
            return aid
        if isinstance(action, bool) or not isinstance(action, int | str):
            raise ActionParseError(f"not an action: {short(action)}")
        if isinstance(action, int):
            self.from_id(action)
            return action
        return self.ids[self.from_text(action)]
