"""Kraftwagen's description in gamecore's registry (``gamecore.get("kraftwagen")``).

Registered by ``import kwcore``. Each entry points at kwcore's own function. It is also how a
``kwcore.State`` draws, describes and serializes itself (STYLE 21: ``str(state)``,
``state._repr_svg_()``, ``state.to_json()``, ``state.observation(c)``, ``state.log()`` call these
entries), so kwcore.state imports none of the modules that import it. The bots, the text and
SVG renderers are imported on first use, so registering costs ``import kwcore`` nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gamecore.game import Game, GameOption, register
from kwcore import rules
from kwcore.actions import NUM_ACTIONS
from kwcore.serialize import GAME as NAME
from kwcore.serialize import (
    hidden_paths,
    observation,
    replay_from_json,
    replay_to_json,
    state_from_dict,
    state_from_json,
    state_to_json,
)
from kwcore.state import FRAME_NAMES, State

#: The settings of a new game a generic tool offers (``kw new --option hidden_scores=yes``).
OPTIONS = (GameOption("hidden_scores", False, "the hidden-score variant (RULINGS K31)"),)
#: ``kw play --until``: the first market step where a car can be placed, or any decision.
CAR = "car"
STOPS = (CAR, *(name for name in FRAME_NAMES if name != "end"))

#: The length bound (the OpenSpiel game's and the tournaments' cap). A round has no hard end
#: (RULINGS K3, K4: nobody is forced to attract a buyer or place a car), so no finite bound is
#: provable. Random play never took more than 443 decisions, chance included, in 1,500 games
#: per size (measured 2026-11-30); OpenSpiel needs a number, and this leaves room.
MAX_GAME_LENGTH = 1000


def _max_length(params: Mapping[str, Any]) -> int:
    """The length bound of any game: MAX_GAME_LENGTH, whatever its settings."""
    return MAX_GAME_LENGTH


def _new_game(players: int = 4, seed: int | None = 0, explicit_chance: bool = False,
              **options: Any) -> Any:
    """A new game with ``options`` (``OPTIONS`` by name, each validated)."""
    from kwcore import new_game

    hidden = False
    for key, value in options.items():
        hidden = GAME.option(key).validate(value)
    return new_game(players, seed, explicit_chance=explicit_chance, hidden_scores=hidden)


def _replay_to_json(state: Any, actions: list[str]) -> str:
    """The replay file of a game played from a new ``state``'s setup: its seed, its variant and
    ``actions``."""
    return replay_to_json(state.cfg.players, state.seed, actions, state.hidden_scores)


def _replay_from_json(text: str | bytes) -> Any:
    """A whole game played back from its replay file (PositionError on a bad one)."""
    return replay_from_json(text if isinstance(text, str) else text.decode("utf-8"))


def _stops_at(state: Any, decision: str) -> bool:
    """Whether ``state`` waits for ``decision`` (``car``: a market step where the company to
    decide can place a car)."""
    if decision == CAR:
        return state.decision() == "market" and rules.can_place_car(state, state.current_player)
    return bool(state.decision() == decision)


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
    replay_to_json=_replay_to_json,
    replay_from_json=_replay_from_json,
    options=OPTIONS,
    players_word="companies",
    stops=STOPS,
    stops_at=_stops_at,
    max_length=_max_length,
)
register(GAME)
# The state's rule hooks (kwcore.rules imports kwcore.state, so the state cannot import it).
State.RULES = rules
