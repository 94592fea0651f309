"""Kraftwagen's description in gamecore's registry (``gamecore.get("kraftwagen")``).

Registered by ``import kwcore``. Each entry points at kwcore's own function. It is also how a
``kwcore.State`` draws, describes and serializes itself (STYLE 21: ``str(state)``,
``state._repr_svg_()``, ``state.to_json()``, ``state.observation(c)``, ``state.log()`` call these
entries), so kwcore.state imports none of the modules that import it. The bots, the text and
SVG renderers are imported on first use, so registering costs ``import kwcore`` nothing.
"""

from __future__ import annotations

from typing import Any

from gamecore.game import Game, register
from kwcore import rules
from kwcore.actions import NUM_ACTIONS
from kwcore.serialize import GAME as NAME
from kwcore.serialize import (
    hidden_paths,
    observation,
    state_from_dict,
    state_from_json,
    state_to_json,
)
from kwcore.state import State


def _new_game(players: int = 4, seed: int | None = 0, explicit_chance: bool = False) -> Any:
    from kwcore import new_game

    return new_game(players, seed, explicit_chance=explicit_chance)


def _make_bot(name: str, seed: int | None = 0) -> Any:
    from kwcore.bots import make_bot

    return make_bot(name, seed)


def _text(state: Any) -> str:
    from kwcore.render import text_board

    return text_board(state)


def _log(state: Any) -> list[str]:
    from kwcore.render import describe_events

    return describe_events(state)


def _decision(state: Any) -> str:
    from kwcore.render import decision_words

    return decision_words(state)


def _svg(state: Any) -> str:
    from kwcore.svg import board_svg

    return board_svg(state)


def _svg_view(state: Any, viewer: int | None) -> str:
    from kwcore.svg import board_svg

    return board_svg(state, viewer)


def _company(state: Any, company: int) -> str:
    return str(state.cfg.companies[company])


GAME = Game(
    name=NAME,
    title="Kraftwagen: Age of Engineering",
    min_players=2,
    max_players=4,
    new_game=_new_game,
    from_json=state_from_json,
    from_data=state_from_dict,
    num_actions=NUM_ACTIONS,
    bots=("random", "greedy"),
    make_bot=_make_bot,
    observe=observation,
    hidden=hidden_paths,
    text=_text,
    svg=_svg,
    to_json=state_to_json,
    log=_log,
    svg_view=_svg_view,
    decision=_decision,
    player_name=_company,
)
register(GAME)
# The state's rule hooks (kwcore.rules imports kwcore.state, so the state cannot import it).
State.RULES = rules
