"""Formel 1's description in gamecore's registry (``gamecore.get("formel1")``).

Registered when ``formel1`` is imported; each entry points at the package's own function, and
the state draws and writes itself through them (``str``, ``_repr_svg_``, ``to_json``, STYLE 21).
"""

from __future__ import annotations

from typing import Any

from gamecore.game import Game, register

from . import rules
from .actions import NUM_ACTIONS
from .config import MAX_PLAYERS, MIN_PLAYERS, NAME, TITLE
from .render import decision_words, event_log, text_board
from .serialize import (
    hidden_paths,
    observation,
    replay_from_json,
    replay_to_json,
    state_from_dict,
    state_from_json,
    state_to_json,
)
from .state import State
from .svg import board_svg, table_svg


def _new_game(players: int = 4, seed: int | None = 0, explicit_chance: bool = False) -> Any:
    from . import new_game

    return new_game(players, seed, explicit_chance=explicit_chance)


def _make_bot(name: str, seed: int | None = 0) -> Any:
    from .bots import make_bot

    return make_bot(name, seed)


GAME = Game(
    name=NAME,
    title=TITLE,
    min_players=MIN_PLAYERS,
    max_players=MAX_PLAYERS,
    new_game=_new_game,
    from_json=state_from_json,
    from_data=state_from_dict,
    num_actions=NUM_ACTIONS,
    bots=("random", "greedy"),
    make_bot=_make_bot,
    observe=observation,
    hidden=hidden_paths,
    text=text_board,
    svg=table_svg,
    to_json=state_to_json,
    log=event_log,
    svg_view=board_svg,
    decision=decision_words,
    replay_to_json=replay_to_json,
    replay_from_json=replay_from_json,
)
register(GAME)
# The state's rule hooks (formel1.rules imports formel1.state, so the state cannot import it).
State.RULES = rules
