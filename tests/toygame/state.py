"""The toy game's state: plain data on gamecore's skeleton (checked apply, clone, undo, outcome).

Every field is an int, a bool or a tuple of ints, so a clone shares them all (STYLE 3) and
gamecore's default ``_copy_parts`` (nothing to copy) is right. Whose turn it is is computed from
the number of turns taken (T2; STYLE 7), never stored. ``str``, ``_repr_svg_``, ``to_json`` and
``observation`` are gamecore's, through the registered ``Game`` (STYLE 21): this module imports
no renderer and no serializer.
"""

from __future__ import annotations

from typing import Any, ClassVar

from gamecore.chance import weighted_outcomes
from gamecore.errors import IllegalActionError
from gamecore.state import GameState

from . import rules
from .actions import TABLE
from .config import BONUS_WEIGHTS, NAME


class State(GameState):
    """A toy position: the bonus cards, the banked scores and the turn in progress."""

    __slots__ = ("players", "seed", "draws", "bonus", "banked", "turns", "turn_total", "rolling",
                 "legal", "history")
    #: The fields compared by ``==`` and written to JSON (the legal cache and history derive).
    DATA_FIELDS: ClassVar[tuple[str, ...]] = __slots__[:-2]
    GAME: ClassVar[str] = NAME  # draws and writes itself through the registered Game
    ACTIONS: ClassVar = TABLE
    WIN_REASON: ClassVar[str] = "highest score with the bonus card"  # T6

    players: int
    seed: int | None
    draws: int  # chance draws taken from the seed so far
    bonus: tuple[int, ...]  # the bonus cards dealt so far, by seat (T1)
    banked: tuple[int, ...]  # each player's banked score (T3, T5)
    turns: int  # turns finished; the seat in turn is turns % players (T2)
    turn_total: int  # points rolled this turn, not yet banked (T3)
    rolling: bool  # explicit chance: the die is in the air (T3)
    legal: tuple[int, ...]
    history: list[State]

    @property
    def current_player(self) -> int:
        """The seat to decide, ``CHANCE`` (-1) while dealing or rolling, ``TERMINAL`` (-4)."""
        return rules.current_player(self)

    def _apply_id(self, action_id: int) -> None:
        rules.apply_id(self, action_id)

    def _why_illegal(self, action: Any) -> IllegalActionError:
        return rules.why_illegal(self, action)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """The bonus cards with their weights (T1), the die's faces uniformly (T3)."""
        if self.is_chance_node() and len(self.bonus) < self.players:
            return weighted_outcomes(list(zip(self.legal_actions(), BONUS_WEIGHTS, strict=True)))
        return super().chance_outcomes()

    def scores(self) -> list[int]:
        """The banked scores; at the end the bonus cards are added (T6)."""
        if self.is_terminal():
            return [b + c for b, c in zip(self.banked, self.bonus, strict=True)]
        return list(self.banked)

    def __repr__(self) -> str:
        return f"<toygame.State {self.players} players, turn {self.turns + 1}>"


def new_state(players: int, seed: int | None) -> State:
    """A state before setup (T1): nothing dealt, nothing scored."""
    s = State.__new__(State)
    s.players, s.seed, s.draws = players, seed, 0
    s.bonus, s.banked = (), (0,) * players
    s.turns, s.turn_total, s.rolling = 0, 0, False
    s.legal, s.history = (), []
    return s
