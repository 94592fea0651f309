"""The toy game's rules T1-T6 (see the package docstring): setup, legal actions, applying one.

Every rule is here and nowhere else; ``state`` holds the data. Seeded chance (STYLE 9): a seeded
game deals the bonus cards and rolls each die from ``gamecore.chance`` draws the state counts in
``draws``; an explicit-chance game stops at those decisions instead.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamecore.chance import CHANCE, TERMINAL, draw, weighted_draw
from gamecore.errors import IllegalActionError

from .actions import ACTIONS, BANK, DEAL_IDS, DIE_IDS, ROLL, Bank, Deal, Die
from .config import BONUS_VALUES, BONUS_WEIGHTS, FACES, TARGET, TURNS_EACH

if TYPE_CHECKING:
    from .state import State


def start(s: State) -> None:
    """Setup (T1): a seeded game deals every bonus card; an explicit-chance one waits to."""
    if s.seed is not None:
        for _ in range(s.players):
            _deal(s, BONUS_VALUES[weighted_draw(s.seed, s.draws, BONUS_WEIGHTS)])
            s.draws += 1
    s.legal = legal_ids(s)


def is_over(s: State) -> bool:
    """A score reached the target (T5) or every player had their turns (T6)."""
    return max(s.banked) >= TARGET or s.turns >= TURNS_EACH * s.players


def current_player(s: State) -> int:
    """Chance while dealing (T1) or rolling, TERMINAL at the end, else the seat in turn (T2)."""
    if len(s.bonus) < s.players or s.rolling:
        return CHANCE
    if is_over(s):
        return TERMINAL
    return s.turns % s.players


def legal_ids(s: State) -> tuple[int, ...]:
    """The legal action ids: deals (T1), die faces, or roll and bank once there is a total (T3)."""
    if len(s.bonus) < s.players:
        return DEAL_IDS
    if s.rolling:
        return DIE_IDS
    if is_over(s):
        return ()
    return (ROLL, BANK) if s.turn_total > 0 else (ROLL,)


def apply_id(s: State, aid: int) -> None:
    """Apply a legal action id in place, rolling the die from the seed when seeded."""
    action = ACTIONS[aid]
    if isinstance(action, Deal):
        _deal(s, action.value)
    elif isinstance(action, Die):
        _land(s, action.face)
    elif isinstance(action, Bank):
        _bank(s)
    elif s.seed is not None:
        _land(s, draw(s.seed, s.draws, FACES) + 1)
        s.draws += 1
    else:
        s.rolling = True
    s.legal = legal_ids(s)


def why_illegal(s: State, action: Any) -> IllegalActionError:
    """The error naming the rule that forbids ``action`` (not legal in ``s``)."""
    if len(s.bonus) < s.players:
        return IllegalActionError(f"{action} is not legal: the bonus cards are being dealt", "T1")
    if s.rolling:
        return IllegalActionError(f"{action} is not legal: the die is rolling", "T3")
    if is_over(s):
        return IllegalActionError(f"{action} is not legal: the game is over", "T5, T6")
    if action.chance:
        return IllegalActionError(f"{action} is chance's outcome, not a player's choice",
                                  "T1" if isinstance(action, Deal) else "T3")
    return IllegalActionError(f"{action} is not legal: nothing to bank yet this turn", "T3")


def _deal(s: State, value: int) -> None:
    s.bonus += (value,)


def _land(s: State, face: int) -> None:
    """The die shows ``face``: a 1 loses the turn (T4); else it adds, banking at the target (T5)."""
    s.rolling = False
    if face == 1:
        s.turn_total = 0
        s.turns += 1
        return
    s.turn_total += face
    if s.banked[s.turns % s.players] + s.turn_total >= TARGET:
        _bank(s)


def _bank(s: State) -> None:
    p = s.turns % s.players
    s.banked = s.banked[:p] + (s.banked[p] + s.turn_total,) + s.banked[p + 1:]
    s.turn_total = 0
    s.turns += 1
