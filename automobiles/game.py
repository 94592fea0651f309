"""Automobiles' description in gamecore's registry (``gamecore.get("automobiles")``).

Registered when ``automobiles`` is imported. It also binds the rules to the state
(``State.RULES``), so that the state module imports neither the rules nor a renderer (STYLE 21,
as ``kwcore.game`` does); the state draws and writes itself through the functions named here.
"""

from __future__ import annotations

import re
from typing import Any

from gamecore.game import Game, GameOption, register

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


def _check_season(races: int) -> None:
    cfg = config()
    if races != 1 and not cfg.min_races <= races <= cfg.max_races:
        raise ValueError(f"1 (a single race) or a season of {cfg.min_races} to "
                         f"{cfg.max_races} races (AU-25), not {races}")


def _card_names(cards: str) -> str | list[str]:
    """A ``cards`` option's text as ``new_game`` takes it: a set's name or ``random``, else
    the five card names it lists, separated by commas or ``+`` (OpenSpiel's game strings
    split parameters at commas, so there the names are joined with ``+``)."""
    names = [c.strip() for c in re.split(r"[,+]", cards)]
    return names if len(names) > 1 else cards.strip()


#: The settings of ``new_game`` that ``kw new --option`` and the OpenSpiel parameters offer
#: (``new_game`` checks the values; ``season`` is 1 for its None, a single race).
OPTIONS = (
    GameOption("season", 1, f"races of a season: 1 a single race, or {config().min_races} to "
               f"{config().max_races} (AU-25)", _check_season),
    GameOption("sponsors", False, "sponsors between the races of a season (AU-26; with "
               "season)"),
    GameOption("drivers", False, "the driver cards, taken before the race (AU-24, RA7)"),
    GameOption("weaving", False, "Weaving: a cube on any free segment of its space (AU-23)"),
    GameOption("cards", "standard", "the card set (AU-08): a set's name, random, or five card "
               "names separated by commas (or +)"),
    GameOption("track", "daytona", "the track (RA3)"),
    GameOption("laps", config().default_laps, "laps of each race (AU-20)"),
)


def _new_game(players: int = 2, seed: int | None = 0, explicit_chance: bool = False,
              **options: Any) -> Any:
    """A new race, or season, with ``options`` (``OPTIONS`` by name, each validated)."""
    from . import new_game

    chosen: dict[str, Any] = {o.name: o.default for o in OPTIONS}
    for key, value in options.items():
        chosen[key] = GAME.option(key).validate(value)
    season = chosen.pop("season")
    return new_game(players, seed, explicit_chance=explicit_chance,
                    season=None if season == 1 else season,
                    cards=_card_names(chosen.pop("cards")), **chosen)


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
    options=OPTIONS,
)
register(GAME)
