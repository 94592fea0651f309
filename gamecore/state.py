"""The state skeleton every game builds on: checked ``apply``, ``apply_unchecked``, ``child``,
``clone``, ``undo`` by snapshot and ``outcome`` (STYLE 3, 4, 6, 11).

A game's state subclasses ``GameState`` with ``__slots__`` for its plain data (two of them must
be ``legal``, the legal action ids, and ``history``, the undo snapshots), sets ``ACTIONS`` to
its action table and supplies four hooks: ``_apply_id`` (apply a legal id, resolving
everything automatic), ``_why_illegal`` (the error naming the rule), ``_copy_parts`` (give a
clone its own copies of the mutable parts) and ``scores``.

A state draws, describes and serializes itself through its game's registered description
(STYLE 21): ``GAME`` names the game, and ``str``, ``_repr_svg_``, ``to_json``, ``observation``
and ``log`` call the functions that ``gamecore.game.register`` holds for it. So the state module
never imports the renderers and serializer, which import the state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from gamecore.actions import Action, ActionTable
from gamecore.chance import CHANCE, TERMINAL, uniform_outcomes
from gamecore.errors import IllegalActionError
from gamecore.game import Game, get

S = TypeVar("S", bound="GameState")


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended: the winners (several on a shared win), the scores, why."""

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    reason: str


def slot_names(cls: type) -> tuple[str, ...]:
    """Every slot of ``cls`` and its bases, base classes first."""
    names: list[str] = []
    for klass in reversed(cls.__mro__):
        names += [n for n in klass.__dict__.get("__slots__", ()) if n not in names]
    return tuple(names)


def slot_copier(cls: type) -> Callable[[Any], Any]:
    """A function copying every slot of ``cls`` by plain assignment (a shallow copy).

    Generated once because explicit assignments are several times faster than a getattr/setattr
    loop, and ``clone()`` is the hottest call of every search.
    """
    body = "\n".join(f"    o.{n} = s.{n}" for n in slot_names(cls)) or "    pass"
    code = f"def copy(s):\n    o = new(cls)\n{body}\n    return o\n"
    namespace: dict[str, Any] = {"new": object.__new__, "cls": cls}
    exec(code, namespace)  # noqa: S102 - code built from our own slot names only
    copy: Callable[[Any], Any] = namespace["copy"]
    return copy


class GameState(ABC):
    """The game-independent part of a position: the decision interface and its two paths.

    Abstract: a game's state must supply ``current_player``, ``_apply_id`` and ``scores``
    (instantiating a state that lacks one raises TypeError)."""

    __slots__ = ()
    #: The name of the game in gamecore's registry, whose description draws and writes the
    #: state (a game whose state draws itself may leave it unset).
    GAME: ClassVar[str]
    #: The game's action table (ids, text forms).
    ACTIONS: ClassVar[ActionTable[Any]]
    #: The reason of an outcome with one top score, and of a tie settled by ``tie_break``.
    WIN_REASON: ClassVar[str] = "highest score"
    TIE_BREAK_REASON: ClassVar[str] = "tie broken"
    #: The fields that make the position: compared by ``==`` and keyed by ``key()`` (the
    #: legal cache and the undo history are derived, so a game leaves them out).
    DATA_FIELDS: ClassVar[tuple[str, ...]] = ()
    _copy_slots: ClassVar[Callable[[Any], Any]]
    _slot_names: ClassVar[tuple[str, ...]]
    legal: tuple[int, ...]
    history: list[Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._copy_slots = slot_copier(cls)
        cls._slot_names = slot_names(cls)

    # --- equality ------------------------------------------------------------------------------
    def key(self) -> tuple[Any, ...]:
        """A hashable key of the position: every data field (a game whose fields hold mutable
        parts gives its own)."""
        return tuple(getattr(self, name) for name in self.DATA_FIELDS)

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # positions change in place

    # --- hooks a game supplies ----------------------------------------------------------------
    @property
    @abstractmethod
    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` at a chance node, ``TERMINAL`` at the end."""

    @abstractmethod
    def _apply_id(self, action_id: int) -> None:
        """Apply a legal action id in place and resolve everything automatic after it."""

    def _why_illegal(self, action: Action) -> IllegalActionError:
        """The error saying which rule forbids ``action`` here."""
        return IllegalActionError(f"{action} is not legal now")

    def _copy_parts(self, other: Any) -> None:
        """Give ``other``, a shallow copy of this state, its own copies of the mutable parts
        (by default none: a state of immutable parts shares them all)."""
        return None

    @abstractmethod
    def scores(self) -> list[int]:
        """Every player's score."""

    def tie_break(self, player: int) -> int:
        """Among players tied on the top score, the higher value wins (0: no tie-break)."""
        return 0

    # --- the decision interface ---------------------------------------------------------------
    def is_chance_node(self) -> bool:
        """True when the next decision is chance's (explicit-chance games only)."""
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player == TERMINAL

    def legal_action_ids(self) -> tuple[int, ...]:
        """The stable ids of the legal actions."""
        return self.legal

    def legal_actions(self) -> list[Any]:
        """The legal actions, in id order."""
        actions = self.ACTIONS.actions
        return [actions[i] for i in self.legal]

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """At a chance node: each outcome with its probability (uniform unless a game says
        otherwise); empty elsewhere."""
        if not self.is_chance_node():
            return []
        return uniform_outcomes(self.legal_actions())

    def outcome(self) -> Outcome | None:
        """The outcome once terminal: the top score wins, then ``tie_break``; else None."""
        if not self.is_terminal():
            return None
        scores = tuple(self.scores())
        return ranked_outcome(scores, self.tie_break, self.WIN_REASON, self.TIE_BREAK_REASON)

    # --- drawing, describing, serializing: the game's registered description (STYLE 21) ----
    def game(self) -> Game:
        """The registered description of this state's game."""
        return get(type(self).GAME)

    def to_json(self, indent: int | None = None) -> str:
        """The versioned JSON position, as the game writes it."""
        game = self.game()
        if game.to_json is None:
            raise TypeError(f"game {game.name!r} registers no to_json")
        return game.to_json(self, indent)

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` may see: the position with every hidden value None."""
        return self.game().observe(self, player)

    def log(self) -> list[str]:
        """The game's event log in plain words (empty for a game that keeps none)."""
        return self.game().log(self)

    def __str__(self) -> str:
        # A game whose ``text`` is ``str`` itself must define ``__str__`` on its state.
        return self.game().text(self)

    def _repr_svg_(self) -> str:
        """The board as SVG: how a notebook shows a state."""
        return self.game().svg(self)

    # --- applying actions ---------------------------------------------------------------------
    def resolve(self, action: Any) -> int:
        """The id of an action given as object, id or text (no legality check)."""
        return self.ACTIONS.id_of(action)

    def apply(self, action: Any) -> None:
        """Apply a legal action in place; an illegal one raises and changes nothing.

        The checked path for people: validates, records an undo snapshot, then applies.
        """
        aid = self.ACTIONS.id_of(action)
        if aid not in self.legal:
            raise self._why_illegal(self.ACTIONS.actions[aid])
        self.history.append(self.clone(history=False))
        self._apply_id(aid)

    def apply_unchecked(self, action_id: int) -> None:
        """The fast path for search: no legality check, no undo snapshot (STYLE 6)."""
        self._apply_id(action_id)

    def child(self: S, action: Any) -> S:
        """A new state after a legal action (object or id); this one is untouched."""
        aid = action if isinstance(action, int) else self.ACTIONS.ids[action]
        other = self.clone(history=False)
        other._apply_id(aid)
        return other

    def undo(self) -> None:
        """Take back the last action applied with ``apply`` (the snapshot saved before it)."""
        if not self.history:
            raise IllegalActionError("nothing to undo")
        snap = self.history.pop().clone(history=False)  # snapshots are shared with clones
        history = self.history
        for name in self._slot_names:
            setattr(self, name, getattr(snap, name))
        # history is one of the subclass's slots (the base declares none)
        self.history = history  # type: ignore[misc]

    def clone(self: S, history: bool = True) -> S:
        """An independent copy; mutating it never changes this state (STYLE 3)."""
        other: S = self._copy_slots()
        self._copy_parts(other)
        other.history = list(self.history) if history else []
        return other


def ranked_outcome(scores: tuple[int, ...], tie_break: Callable[[int], int],
                   win_reason: str, tie_reason: str) -> Outcome:
    """The outcome of final ``scores``: the top score wins; a tie goes to the highest
    ``tie_break`` value, and a tie on both is a shared win."""
    best = max(scores)
    tied = [i for i, s in enumerate(scores) if s == best]
    if len(tied) == 1:
        return Outcome((tied[0],), scores, win_reason)
    most = max(tie_break(i) for i in tied)
    winners = tuple(i for i in tied if tie_break(i) == most)
    return Outcome(winners, scores, tie_reason if len(winners) == 1 else "shared win")

