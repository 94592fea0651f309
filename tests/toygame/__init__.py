"""toygame: a tiny dice race on gamecore, test scaffolding only (not a product game).

It exists to prove that the generic tools (the conformance suite, the OpenSpiel adapter, bots,
tournaments, the command line, the widgets) assume nothing of Kraftwagen. It has kwcore's file
skeleton (STYLE 20) reduced to what it needs: config, actions, rules, state, serialize, render,
svg, bots, game and openspiel (no data file: every number is in ``config``). Importing the package
registers the game ``"toy"`` with gamecore; import it as ``toygame`` (``tests/`` is on the
test path), never under a second name, or the registry sees two games called "toy".

The rules (cited as T1-T6 in the code):

- T1 Setup: each player is dealt one face-down bonus card, +0, +1 or +2 with weights 3:2:1
  (drawn independently), and looks at it; the others' cards stay hidden until the end.
- T2 Players take turns in seat order, player 0 first.
- T3 On your turn you roll the die as often as you like; a roll of 2-6 adds its face to your
  turn total. Once the turn total is above 0 you may bank it: it is added to your score and your
  turn ends.
- T4 A roll of 1 loses the turn total and ends your turn.
- T5 When your score plus your turn total reaches the target (12), it is banked at once and the
  game ends.
- T6 Otherwise the game ends after 10 turns each. The bonus cards are revealed and added to the
  scores; the highest total wins, and a tie is a shared win.

API, like kwcore's::

    from tests import toygame
    state = toygame.new_game(players=3, seed=7)
    state.apply("roll"); state.apply("bank")
    same = toygame.from_json(state.to_json())
"""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.chance import check_seed

from .actions import ACTIONS, NUM_ACTIONS, Action, Bank, Deal, Die, Roll
from .config import MAX_PLAYERS, MIN_PLAYERS
from .game import GAME
from .state import State

__all__ = ["ACTIONS", "GAME", "NUM_ACTIONS", "Action", "Bank", "Deal", "Die", "Roll", "State",
           "from_json", "new_game", "replay"]


def new_game(players: int = 2, seed: int | None = 0, explicit_chance: bool = False) -> State:
    """A new game of ``players`` (2-4) waiting for its first decision.

    Seeded, the bonus cards are dealt and every die is rolled from the seed the state keeps; with
    ``explicit_chance=True`` the state stops at each deal and roll (``current_player == CHANCE``).
    """
    from . import rules
    from .state import new_state

    if isinstance(players, bool) or not isinstance(players, int) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be a whole number from {MIN_PLAYERS} to "
                         f"{MAX_PLAYERS}, not {players!r}")
    state = new_state(players, check_seed(seed, explicit_chance))
    rules.start(state)
    return state


def from_json(text: str | bytes) -> State:
    """Load a position written by ``State.to_json``; PositionError naming the field otherwise."""
    from .serialize import state_from_json

    return state_from_json(text)


def replay(players: int, seed: int, actions: Sequence[str | int]) -> State:
    """Replay a seeded game from its seed and the actions taken (text or ids), each checked."""
    state = new_game(players, seed)
    for action in actions:
        state.apply(action)
    return state

