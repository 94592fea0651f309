"""kwcore: the rules core of Kraftwagen: Age of Engineering.

The public, stable API (docs/architecture.md)::

    import kwcore
    state = kwcore.new_game(players=3, seed=7)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    state.scores(); state.outcome()
    text = state.to_json(); same = kwcore.from_json(text)
    action = kwcore.parse_action(state, "pick Research")
"""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.chance import MAX_SEED as MAX_SEED
from gamecore.chance import check_seed
from gamecore.position import short
from kwcore.actions import ACTIONS, NUM_ACTIONS, Action, action_from_id, action_from_text
from kwcore.config import Config, config_for
from kwcore.errors import ActionParseError, IllegalActionError, KraftwagenError, PositionError
from kwcore.game import GAME
from kwcore.state import CHANCE, TERMINAL, Car, Company, Outcome, State

__all__ = [
    "ACTIONS", "CHANCE", "GAME", "MAX_SEED", "NUM_ACTIONS", "TERMINAL", "Action",
    "ActionParseError", "Car", "Company", "Config", "IllegalActionError", "KraftwagenError",
    "Outcome", "PositionError", "State", "action_from_id", "action_from_text", "config_for",
    "from_json", "new_game", "parse_action", "replay",
]


def new_game(
    players: int = 4,
    seed: int | None = 0,
    *,
    explicit_chance: bool = False,
    hidden_scores: bool = False,
) -> State:
    """A new game of ``players`` companies (2-4), ready for the first decision.

    With a ``seed`` every chance decision (chain order, start-tile offer, recruit reveals) is
    resolved from the seeded generator the state carries, so the game replays identically and
    survives JSON. With ``explicit_chance=True`` the state stops at each chance decision instead
    (``current_player == CHANCE``) and lists its outcomes with ``chance_outcomes()``.
    ``hidden_scores`` selects the hidden-score variant (RULINGS K31).
    """
    from kwcore import rules
    from kwcore.state import new_state

    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be a whole number from 2 to 4, not {short(players)}")
    state = new_state(players, check_seed(seed, explicit_chance), hidden_scores)
    rules.start_setup(state)
    return state


def parse_action(state: State, text: str) -> Action:
    """The action written ``text``, checked against ``state``.

    Raises ActionParseError when the text is no action's form, and IllegalActionError (naming
    the rule) when it is not legal in ``state``.
    """
    from kwcore import rules

    action = action_from_text(text)
    if action.id not in state.legal:
        raise rules.why_illegal(state, action)
    return action


def from_json(text: str | bytes) -> State:
    """Load a position written by ``State.to_json`` (docs/position-format.md).

    Returns a sound state (every decision reachable from it works, it renders, and ``to_json``
    reloads it) or raises PositionError naming the field at fault, for any text or bytes:
    malformed, inconsistent, not UTF-8, nested too deeply, or over
    ``serialize.MAX_POSITION_SIZE``.
    """
    from kwcore.serialize import state_from_json

    return state_from_json(text)


def replay(players: int, seed: int, actions: Sequence[str | int], hidden_scores: bool = False
           ) -> State:
    """Replay a whole game from its setup seed and the actions taken (text or ids)."""
    state = new_game(players, seed, hidden_scores=hidden_scores)
    for action in actions:
        state.apply(action)
    return state
