"""Automobiles' options as OpenSpiel parameters: ``python_automobiles`` loads a
season with sponsors and drivers, Weaving, a card set, a track and laps; the parameters reach
the game core, survive serialization, are checked when loaded, and scale the length bound.
OpenSpiel's own ``random_sim_test`` plays the variants (one short simulation each: one lap,
two players, since the test checks every step)."""

from __future__ import annotations

import json
import random
from typing import Any

import pyspiel
import pytest

import automobiles
import automobiles.openspiel as aos
from automobiles.game import GAME
from gamecore import openspiel as adapter
from gamecore.errors import PositionError

SEASON = {"players": 2, "season": 3, "sponsors": True, "drivers": True, "laps": 1}
WEAVING = {"players": 2, "weaving": True, "cards": "random", "track": "monza", "laps": 1}


def _load(params: dict[str, Any]) -> Any:
    return pyspiel.load_game(aos.GAME_NAME, params)


def _play(state: Any, seed: int, steps: int | None = None) -> int:
    """Random play (chance by its probabilities) to the end or for ``steps``; steps taken."""
    rng = random.Random(seed)
    taken = 0
    while not state.is_terminal() and (steps is None or taken < steps):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        taken += 1
    return taken


@pytest.mark.parametrize("params", [SEASON, WEAVING], ids=["season", "weaving"])
def test_openspiel_random_sim_test_passes_on_the_variant(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(_load(params), num_sims=1, serialize=False, verbose=False)


def test_the_parameters_are_the_games_options_with_their_defaults() -> None:
    game = _load({})
    assert game.get_parameters() == {"players": 4, **{o.name: o.default for o in GAME.options}}
    core = game.new_initial_state().core
    assert (core.races, core.sponsored, core.weaving, core.laps) == (1, False, False, 3)


def test_a_season_with_sponsors_and_drivers_reaches_the_core_and_plays_to_its_end() -> None:
    game = _load(SEASON)
    state = game.new_initial_state()
    core = state.core
    assert (core.races, core.sponsored, core.laps, len(core.drivers)) == (3, True, 1, 2)
    assert core == automobiles.new_game(2, None, explicit_chance=True, season=3, sponsors=True,
                                        drivers=True, laps=1)
    steps = _play(state, 5)
    assert state.is_terminal() and state.core.race == 2  # the third race was run
    assert steps <= game.max_game_length()
    assert sum(state.returns()) == pytest.approx(1.0)


def test_weaving_a_card_set_and_a_track_reach_the_core() -> None:
    core = _load({**WEAVING, "cards": "expansion_first"}).new_initial_state().core
    assert core.weaving and core.track == "monza" and core.laps == 1
    assert core.cards == automobiles.card_set("expansion_first")


def test_a_variant_state_serializes_with_its_parameters_and_loads_back() -> None:
    game = _load(SEASON)
    state = game.new_initial_state()
    _play(state, 8, steps=150)
    text = state.serialize()
    data = json.loads(text)
    assert (data["season"], data["sponsors"], data["drivers"]) == (3, True, True)
    assert game.deserialize_state(text).core == state.core
    again_game, again = adapter.deserialize_game_and_state(
        adapter.serialize_game_and_state(game, state))
    assert again_game.get_parameters() == game.get_parameters() and again.core == state.core
    with pytest.raises(PositionError, match="season: this game has season = 3"):
        game.deserialize_state(json.dumps({**data, "season": 1}))


def test_the_length_bound_grows_with_the_laps_and_the_races() -> None:
    def bound(**params: Any) -> int:
        return int(_load(params).max_game_length())

    assert bound() == aos.MAX_GAME_LENGTH
    assert bound(season=3) == 3 * bound() and bound(season=10, laps=8) == 10 * bound(laps=8)
    assert bound(laps=1) < bound(laps=2) < bound()


@pytest.mark.parametrize(("params", "match"), [
    ({"season": 2}, "season: 1 .a single race. or a season of 3 to 10"),
    ({"sponsors": True}, "sponsors are chosen between the races of a season"),
    ({"laps": 9}, "laps must be a whole number from 1 to 8"),
    ({"cards": "mine"}, "unknown card set 'mine'"),
    ({"track": "le_mans"}, "unknown track 'le_mans'"),
])
def test_a_bad_parameter_value_fails_when_the_game_is_loaded(params: dict[str, Any],
                                                             match: str) -> None:
    with pytest.raises(ValueError, match=match):
        _load(params)


def test_a_parameter_of_the_wrong_type_or_name_is_refused() -> None:
    with pytest.raises(pyspiel.SpielError, match="season"):
        _load({"season": "3"})
    with pytest.raises(pyspiel.SpielError, match="speed"):
        _load({"speed": 1})


def test_five_card_names_joined_with_plus_survive_the_game_string() -> None:
    # A game string splits its parameters at commas, so a card set of five names goes as
    # "name+name+...": the string loads the same game, with the same cards.
    from automobiles.config import config_for

    cfg = config_for(2)
    chosen = cfg.card_sets["base_second"]
    names = "+".join(cfg.cards[i].en for i in chosen)
    game = _load({"players": 2, "laps": 1, "cards": names})
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters()
    core = again.new_initial_state().core
    assert sorted(core.cards) == sorted(chosen)
