"""Automobiles' description in gamecore's registry (``gamecore.get("automobiles")``).

Registered when ``automobiles`` is imported. It also binds the rules to the state
(``State.RULES``), so that the state module imports neither the rules nor a renderer (STYLE 21,
as ``kwcore.game`` does); the state draws and writes itself through the functions named here.
"""

from __future__ import annotations

from typing import Any

from gamecore.game import Game, register

from . import rules
from .actions import NUM_ACTIONS
from .config import NAME, TITLE, config
from .render import decision_words, event_log, text_board
from .serialize import (
    hidden_paths,
    observation,
    replay_from_json,
    state_from_dict,
    state_from_json,
    state_replay_to_json,
    state_to_json,
)
from .state import State
from .svg import board_svg

State.RULES = rules


def _new_game(players: int = 2, seed: int | None = 0, explicit_chance: bool = False) -> Any:
    from . import new_game

    return new_game(players, seed, explicit_chance=explicit_chance)


def _make_bot(name: str, seed: int | None = 0) -> Any:
    from .bots import make_bot

    return make_bot(name, seed)


GAME = Game(
    name=NAME,
    title=TITLE,
    min_players=config().min_players,
    max_players=config().max_players,
    new_game=_new_game,
    from_json=state_from_json,
    from_data=state_from_dict,
    num_actions=NUM_ACTIONS,
    bots=("random", "greedy"),
    make_bot=_make_bot,
    observe=observation,
    hidden=hidden_paths,
    text=text_board,
    svg=board_svg,
    to_json=state_to_json,
    log=event_log,
    decision=decision_words,
    player_name=lambda state, p: rules.name(p),
    replay_to_json=state_replay_to_json,
    replay_from_json=replay_from_json,
)
register(GAME)
