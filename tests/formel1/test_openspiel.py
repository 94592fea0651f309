"""Formel 1's options as OpenSpiel parameters: ``python_formel1`` takes ``races``, ``track`` and
``variants`` as ``kw new --option`` does; they reach the game core, survive OpenSpiel's game
strings (variants joined with ``+``: a game string splits its parameters at commas), are
checked when loaded, and scale the length bound."""

from __future__ import annotations

from typing import Any

import pyspiel
import pytest

import formel1
import formel1.openspiel as fos
from formel1.game import GAME


def _load(params: dict[str, Any]) -> Any:
    return pyspiel.load_game(fos.GAME_NAME, params)


def test_the_parameters_are_the_games_options_with_their_defaults() -> None:
    defaults = _load({}).get_parameters()
    assert {o.name: defaults[o.name] for o in GAME.options} == \
        {o.name: o.default for o in GAME.options}


def test_races_track_and_variants_reach_the_core() -> None:
    game = _load({"players": 3, "races": 1, "track": "new", "variants": "white321+no_car"})
    core = game.new_initial_state().core
    assert core == formel1.new_game(3, None, 1, "new", ["white321", "no_car"],
                                    explicit_chance=True)


def test_the_game_string_keeps_the_variants_and_loads_the_same_game() -> None:
    game = _load({"players": 2, "races": 1, "variants": "white321+no_car"})
    again = pyspiel.load_game(str(game))
    assert again.get_parameters() == game.get_parameters()
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_the_length_bound_grows_with_the_races_and_a_second_lap() -> None:
    one = _load({"races": 1}).max_game_length()
    assert _load({"races": 3}).max_game_length() == 3 * one == fos.MAX_GAME_LENGTH
    assert _load({"races": 1, "variants": "two_laps_discards"}).max_game_length() == 2 * one


@pytest.mark.parametrize("params, words", [({"races": 0}, "1 to 10"),
                                           ({"track": "moon"}, "moon"),
                                           ({"variants": "fast"}, "fast")])
def test_a_bad_parameter_value_fails_when_the_game_is_loaded(params: dict[str, Any],
                                                             words: str) -> None:
    with pytest.raises((ValueError, pyspiel.SpielError), match=words):
        _load(params)
