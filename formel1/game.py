"""Formel 1's description in gamecore's registry (``gamecore.get("formel1")``).

Registered when ``formel1`` is imported; each entry points at the package's own function, and
the state draws and writes itself through them (``str``, ``_repr_svg_``, ``to_json``, STYLE 21).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from gamecore.game import Game, GameOption, register

from . import rules
from .actions import MAX_BID, NUM_ACTIONS
from .config import (
    MAX_OFFERS,
    MAX_PLAYERS,
    MAX_RACES,
    MIN_PLAYERS,
    NAME,
    TITLE,
    TWO_LAPS,
    config_for,
)
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
from .svg import table_svg, view_svg


def _variant_names(variants: str) -> list[str]:
    """A ``variants`` option's text as ``new_game`` takes it: the names it lists, separated by
    commas or ``+`` (OpenSpiel's game strings split parameters at commas; none for an empty
    text)."""
    return [v.strip() for v in re.split(r"[,+]", variants) if v.strip()]


#: The settings of ``new_game`` that ``kw new --option`` offers (``new_game`` checks their
#: values).
OPTIONS = (
    GameOption("races", 3, f"races of the game, 1 to {MAX_RACES} (F1-33, RF8)"),
    GameOption("track", "standard", "the track: standard, or new (F1-34..F1-37)"),
    GameOption("variants", "", "variants separated by commas (or +): white321 (F1-04), no_car "
               "(F1-38, F1-39), two_laps_discards (F1-40) or two_laps_double_deck (F1-41)"),
)


def _new_game(players: int = 4, seed: int | None = 0, explicit_chance: bool = False,
              **options: Any) -> Any:
    """A new game with ``options`` (``OPTIONS`` by name, each validated)."""
    from . import new_game

    chosen: dict[str, Any] = {o.name: o.default for o in OPTIONS}
    for key, value in options.items():
        chosen[key] = GAME.option(key).validate(value)
    return new_game(players, seed, chosen["races"], chosen["track"],
                    _variant_names(chosen["variants"]), explicit_chance=explicit_chance)


#: The length bound (the OpenSpiel game's and the tournaments' cap). Per race: the chance
#: draws (at most 98 cards and 6 removed first, the first dealer, 6 car cards), at most 12
#: offers of a car (each re-offered at most once) with one pass per player and bids rising by
#: $10K to at most MAX_BID, and at most 98 cards of at most 6 numbers, each a white-car choice
#: and an end cell, after at most 2 bargains and their answers. Three races. A bound, far
#: above the 150-250 decisions of a random race.
RACE_BOUND = 111 + 12 * (MAX_PLAYERS + MAX_BID // config_for(2).bid_step) + 98 * (5 + 12)
MAX_GAME_LENGTH = 3 * RACE_BOUND
#: The no-car variant's bargains per race on top (F1-39, RF9): before each of at most 98 cards
#: (every turn plays one: a seller keeps a card, ``rules.bargains``), at most MAX_OFFERS
#: bargains, each at most a sale of 98 cards with its buyer, price and answer, or a card
#: auction of bids rising by $10K to MAX_BID and one pass per player.
NO_CAR_BOUND = 98 * MAX_OFFERS * max(98 + 3, MAX_BID // config_for(2).bid_step + MAX_PLAYERS)


def max_length(params: Mapping[str, Any]) -> int:
    """The length bound of a game with ``params``: a race's bound per race, twice that with a
    two-lap variant (F1-40, F1-41: a second lap of cards), the no-car variant's bargains on
    top (F1-39)."""
    laps = 2 if any(name in params["variants"] for name in TWO_LAPS) else 1
    bargains = NO_CAR_BOUND if "no_car" in params["variants"] else 0
    return params["races"] * laps * (RACE_BOUND + bargains)


def _log(s: State) -> list[str]:
    """The plain-English log (``render.event_log``), opened by a line saying how many earlier
    events are no longer kept once the log was cut (``state.LOG_LIMIT``)."""
    lines = event_log(s)
    if not s.log_cut:
        return lines
    said = "event is" if s.log_cut == 1 else "events are"
    return [f"... {s.log_cut:,} earlier {said} no longer kept ...", *lines]


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
    log=_log,
    svg_view=view_svg,
    decision=decision_words,
    replay_to_json=replay_to_json,
    replay_from_json=replay_from_json,
    options=OPTIONS,
    max_length=max_length,
)
register(GAME)
# The state's rule hooks (formel1.rules imports formel1.state, so the state cannot import it).
State.RULES = rules
