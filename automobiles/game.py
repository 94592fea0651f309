"""Automobiles' description in gamecore's registry (``gamecore.get("automobiles")``).

Registered when ``automobiles`` is imported. It also binds the rules to the state
(``State.RULES``), so that the state module imports neither the rules nor a renderer (STYLE 21,
as ``kwcore.game`` does); the state draws and writes itself through the functions named here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gamecore.game import Game, GameOption, register

from . import rules
from .actions import NUM_ACTIONS
from .config import NAME, TITLE, config_for
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
from .svg import board_svg, view_svg

State.RULES = rules


def _check_season(races: int) -> None:
    cfg = config_for(2)
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
    GameOption("season", 1, f"races of a season: 1 a single race, or {config_for(2).min_races} to "
               f"{config_for(2).max_races} (AU-25)", _check_season),
    GameOption("sponsors", False, "sponsors between the races of a season (AU-26; with "
               "season)"),
    GameOption("drivers", False, "the driver cards, taken before the race; only in a season "
               "(AU-24, RA7)"),
    GameOption("house_drivers_single_race", False, "house rule, not in the rules: the driver "
               "cards in a single race (with drivers; the rules play them only in a season, "
               "AU-24)"),
    GameOption("weaving", False, "Weaving: a cube on any free segment of its space (AU-23)"),
    GameOption("cards", "standard", "the card set (AU-08): a set's name, random, or five card "
               "names separated by commas (or +)"),
    GameOption("track", "daytona", "the track (RA3)"),
    GameOption("laps", config_for(2).default_laps, "laps of each race (AU-20)"),
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


#: The length bound (the OpenSpiel game's and the tournaments' cap). The rules set no bound on a
#: race's length, so the bound is measured: uniformly random play with explicit chance (every
#: cube drawn a decision) took at most about 3,300 decisions per lap (5 players, random cards,
#: Weaving and drivers: 9,870 for 3 laps; 12 races a setting).
#: A race's length grows with its laps, and a season is ``season`` races, each with its
#: setup and break, so the bound is per lap and per race, times the races: LAP_BOUND per lap
#: (about 4 times the most seen) and RACE_BOUND for the setup, the drivers and the sponsors.
LAP_BOUND, RACE_BOUND = 13_000, 1_000
#: The bound of a single race of the default 3 laps.
MAX_GAME_LENGTH = config_for(2).default_laps * LAP_BOUND + RACE_BOUND


def max_length(params: Mapping[str, Any]) -> int:
    """The length bound of a game with ``params``: per lap and per race, times the races."""
    return params["season"] * (params["laps"] * LAP_BOUND + RACE_BOUND)


def _make_bot(name: str, seed: int | None = 0) -> Any:
    from .bots import make_bot

    return make_bot(name, seed)


GAME = Game(
    name=NAME,
    title=TITLE,
    min_players=config_for(2).min_players,
    max_players=config_for(2).max_players,
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
    svg_view=view_svg,
    to_json=state_to_json,
    log=event_log,
    decision=decision_words,
    player_name=lambda state, p: rules.name(p),
    replay_to_json=state_replay_to_json,
    replay_from_json=replay_from_json,
    options=OPTIONS,
    max_length=max_length,
)
register(GAME)
