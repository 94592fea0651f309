"""Bounds every game shares: schema patterns match whole strings (no newline slips through
``$``), huge whole numbers give typed errors that never print them whole (an action id, a seed,
a game's settings), and a refused action leaves the state as it was."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import automobiles
import formel1
import kwcore
from gamecore.chance import SeedError
from gamecore.errors import ActionParseError, PositionError
from gamecore.game import load_position
from gamecore.position import check_schema, short

HUGE = 10**5000  # str() of it raises ValueError (Python's int-to-str limit)
WRONG: Any = ["standard"]  # not a string where one is expected


def _games() -> list[Any]:
    return [formel1.new_game(4, 1), automobiles.new_game(2, 1), kwcore.new_game(2, 1)]


def test_a_pattern_matches_the_whole_string_not_up_to_a_final_newline() -> None:
    schema = {"type": "string", "pattern": "^[0-9]{1,3}[abc]$"}
    check_schema(schema, "12b")
    for bad in ("12b\n", "12b\nx", "\n12b"):
        with pytest.raises(PositionError, match="does not match"):
            check_schema(schema, bad)


def _played(state: Any, seed: int, steps: int = 10_000) -> Any:
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def _patterned_paths(name: str) -> tuple[dict[str, Any], list[tuple[Any, ...]]]:
    """A real position of the game and the paths of its strings whose schema has a pattern:
    Formel 1's track and car cells, Automobiles' card ids, the role words in Kraftwagen's
    log events."""
    if name == "formel1":
        data = json.loads(_played(formel1.new_game(3, 2), 2, 60).to_json())
        cells = [("cars", i) for i, c in enumerate(data["cars"]) if c is not None]
        assert cells
        return data, [("track",), *cells]
    if name == "automobiles":
        data = json.loads(automobiles.new_game(2, 1).to_json())
        return data, [("cards", i) for i in range(5)]
    data = json.loads(_played(kwcore.new_game(2, 1), 1).to_json())
    words = [("log", i, j) for i, e in enumerate(data["log"]) for j, x in enumerate(e)
             if x in ("buyer", "investor", "benefit")]
    assert words
    return data, words


@pytest.mark.parametrize("name", ["formel1", "automobiles", "kraftwagen"])
def test_every_patterned_field_refuses_a_newline_terminated_string(name: str) -> None:
    data, paths = _patterned_paths(name)
    load_position(json.dumps(data))
    for path in paths:
        bad = copy.deepcopy(data)
        target = bad
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] += "\n"
        with pytest.raises(PositionError) as err:
            load_position(json.dumps(bad))
        assert err.value.field.split("/")[0] == path[0], err.value


@pytest.mark.parametrize("index", [0, 1, 2])
def test_a_huge_action_id_is_a_parse_error_and_changes_nothing(index: int) -> None:
    state = _games()[index]
    before = state.to_json()
    for action in (HUGE, -HUGE, 2**64, -1):
        with pytest.raises(ActionParseError, match="no action has id"):
            state.apply(action)
        with pytest.raises(ActionParseError, match="no action has id"):
            state.resolve(action)
    assert state.to_json() == before and not state.history


@pytest.mark.parametrize("new_game", [formel1.new_game, automobiles.new_game, kwcore.new_game])
@pytest.mark.parametrize("seed", [2**64, HUGE, -1, -HUGE], ids=["2**64", "huge", "-1", "-huge"])
def test_a_seed_out_of_range_is_a_typed_error_naming_the_seed(new_game: Any, seed: int
                                                              ) -> None:
    with pytest.raises(SeedError, match=r"seed must be a whole number from 0 to 2\*\*64-1"):
        new_game(seed=seed)
    assert issubclass(SeedError, ValueError)
    new_game(seed=2**64 - 1)  # the largest seed is fine


@pytest.mark.parametrize("call", [
    lambda: formel1.new_game(players=HUGE), lambda: formel1.new_game(races=HUGE),
    lambda: formel1.new_game(track=WRONG), lambda: formel1.new_game(variants=[WRONG]),
    lambda: automobiles.new_game(players=HUGE), lambda: automobiles.new_game(laps=HUGE),
    lambda: automobiles.new_game(season=-HUGE), lambda: automobiles.new_game(track=WRONG),
    lambda: kwcore.new_game(players=HUGE), lambda: kwcore.new_game(players=5),
])
def test_a_huge_or_wrong_setting_is_a_value_error_that_names_it(call: Any) -> None:
    with pytest.raises(ValueError, match="must be|unknown|list of names|season is"):
        call()


def test_a_huge_number_is_described_not_printed() -> None:
    assert short(HUGE) == "a number of about 5,001 digits"
    assert "negative" in short([-HUGE])
    assert short(2**64) == "18446744073709551616"
