"""The toy game's actions: frozen value objects, text forms that parse back, stable ids (STYLE 5).

Ids in table order: ``roll`` 0, ``bank`` 1, ``deal +0`` to ``deal +2`` 2-4, ``die 1`` to
``die 6`` 5-10. ``Deal`` and ``Die`` are chance outcomes (T1, T3).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamecore.actions import Action as GameAction
from gamecore.actions import ActionTable

from .config import BONUS_VALUES, FACES


class Action(GameAction):
    """Base class of the toy game's actions."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the die again this turn (T3)."""

    def __str__(self) -> str:
        return "roll"


@dataclass(frozen=True, slots=True)
class Bank(Action):
    """Add the turn total to your score and end the turn (T3)."""

    def __str__(self) -> str:
        return "bank"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next player's face-down bonus card (T1)."""

    value: int
    chance = True

    def __str__(self) -> str:
        return f"deal +{self.value}"


@dataclass(frozen=True, slots=True)
class Die(Action):
    """Chance: the face the die shows (T3, T4)."""

    face: int
    chance = True

    def __str__(self) -> str:
        return f"die {self.face}"


TABLE: Final[ActionTable[Action]] = ActionTable(
    [Roll(), Bank(), *(Deal(v) for v in BONUS_VALUES), *(Die(f) for f in range(1, FACES + 1))])
Action.TABLE = TABLE
ACTIONS: Final[tuple[Action, ...]] = TABLE.actions
NUM_ACTIONS: Final[int] = len(ACTIONS)
ROLL, BANK = TABLE.ids[Roll()], TABLE.ids[Bank()]
DEAL_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[Deal(v)] for v in BONUS_VALUES)
DIE_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[Die(f)] for f in range(1, FACES + 1))
