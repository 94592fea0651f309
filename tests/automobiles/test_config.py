"""Automobiles' component data (AU-01, AU-08, AU-10, AU-12, AU-15; RA1-RA3): the loaded
configuration's structure, and malformed data refused naming the entry (STYLE 2).

Synthetic numbers (costs, values, tracks, start money) are tested for their structure only.
"""

from __future__ import annotations

import copy
import json
from importlib import resources
from itertools import product
from typing import Any

import pytest

from automobiles.config import (
    ACTION_COLOURS,
    BLACK,
    CUBES,
    GEARS,
    WEAR,
    WHITE,
    ConfigError,
    SpaceSpec,
    TrackSpec,
    build_config,
    config_for,
    follows,
)


def _data() -> dict[str, Any]:
    text = resources.files("automobiles").joinpath("data/components.json").read_text("utf-8")
    return json.loads(text)


def test_there_are_ten_cube_kinds_with_the_confirmed_stock() -> None:
    c = config_for(2)
    assert [k.id for k in c.cubes] == list(CUBES)
    assert [k.stock for k in c.cubes] == [30, 28, 24, 16, 80, 40, 16, 16, 16, 16]
    assert c.cubes[WEAR].cost is None and c.cubes[WEAR].value == 0
    assert all(c.cubes[i].synthetic for i in range(10))  # RA1: costs and values invented


def test_the_starting_bag_is_five_white_two_light_grey_and_five_yellow() -> None:
    bag = config_for(2).starting_bag
    assert sum(bag) == 12 and bag[WHITE] == 5 and bag[1] == 2 and bag[5] == 5


def test_there_are_35_cards_seven_per_colour_and_the_standard_set_has_one_each() -> None:
    c = config_for(2)
    assert len(c.cards) == 35
    for colour in ACTION_COLOURS:
        assert sum(card.colour == colour for card in c.cards) == 7
    standard = [c.cards[i].en for i in c.card_sets["standard"]]
    assert standard == ["Manager", "Suspension", "Crew Chief", "Hybrid Engine", "Transmission"]
    assert c.card_named("Getriebe") is c.card_named("gearbox") is c.card_named("transmission")
    with pytest.raises(ValueError, match="no action card"):
        c.card_named("Warp Drive")


@pytest.mark.parametrize("track", ["daytona", "monza"])
def test_each_lane_covers_the_lap_and_spaces_have_one_to_four_segments(track: str) -> None:
    t = config_for(2).tracks[track]
    for lane in range(t.lanes):
        mine = sorted((s for s in t.spaces if s.lane == lane), key=lambda s: s.start)
        assert mine[0].start == 0 and mine[-1].end == t.units
        assert all(a.end == b.start for a, b in zip(mine, mine[1:], strict=False))
    assert all(1 <= s.length <= 4 for s in t.spaces)
    mean = [sum(s.length for s in t.spaces if s.colour == g)
            / sum(s.colour == g for s in t.spaces) for g in GEARS]
    assert mean == sorted(mean) and mean[0] < mean[-1]  # RA3: darker spaces are longer


@pytest.mark.parametrize("track", ["daytona", "monza"])
def test_the_grid_is_five_white_single_spaces_with_more_money_behind(track: str) -> None:
    t = config_for(2).tracks[track]
    assert [s.name for s in t.start] == ["P1", "P2", "P3", "P4", "P5"]
    assert [s.money for s in t.start] == [10, 11, 12, 13, 14]
    for s in t.start:
        space = t.spaces[s.space]
        assert space.colour == WHITE and space.length == 1


def _longest_run(track: TrackSpec, colour: int) -> int:
    """The most spaces of ``colour`` in a row, each directly or diagonally ahead of the one
    before (AU-12, RA3): how far a card's cube may move on one colour."""
    best: dict[int, int] = {}
    for a in sorted(track.spaces, key=lambda s: -s.start):  # the spaces ahead come first
        if a.colour == colour:
            best[a.index] = 1 + max((best.get(b, 0) for b, wraps in track.successors[a.index]
                                     if not wraps), default=0)
    return max(best.values())


@pytest.mark.parametrize("track", ["daytona", "monza"])
def test_each_track_holds_the_runs_the_seeds_worked_examples_need(track: str) -> None:
    # seed DE: Rotary Engine's 4 white spaces, Turbo's 6 light grey (Transmission's 5), Steering's,
    # Diesel Engine's and Bump & Run's 3 dark grey; the same 69 spaces as before the change, so
    # the placement actions keep their ids (actions.py numbers them up to the most spaces)
    t = config_for(2).tracks[track]
    assert [_longest_run(t, g) >= k for g, k in zip(GEARS, (4, 6, 3, 1), strict=True)] \
        == [True] * 4
    assert len(t.spaces) == 69 and config_for(2).max_spaces == 69


def _brute_follows(a: SpaceSpec, b: SpaceSpec, units: int) -> int | None:
    """AU-12 by enumeration of units: b touches a, lies in a's lane or beside it, and b's
    every segment is ahead of a's rearmost and b reaches past a's front."""
    for wraps in (0, 1):
        cells_a = set(range(a.start, a.end))
        cells_b = {u + wraps * units for u in range(b.start, b.end)}
        touching = min(cells_b) <= max(cells_a) + 1
        if abs(a.lane - b.lane) <= 1 and touching and min(cells_b) >= min(cells_a) \
                and max(cells_b) > max(cells_a) and (a.lane != b.lane or not cells_a & cells_b):
            return wraps
    return None


@pytest.mark.parametrize("track", ["daytona", "monza"])
def test_the_spaces_ahead_equal_a_brute_force_enumeration_of_the_adjacency_rule(
        track: str) -> None:
    t = config_for(2).tracks[track]
    for a, b in product(t.spaces, t.spaces):
        assert follows(a, b, t.units) == _brute_follows(a, b, t.units), (a, b)
    for a in t.spaces:
        assert t.successors[a.index]
        assert (t.lane_next[a.index], 1 if a.end == t.units else 0) in t.successors[a.index]


def test_a_space_beside_another_is_not_ahead_but_one_touching_its_corner_is() -> None:
    a = SpaceSpec(0, 0, 10, 4, BLACK)
    assert follows(a, SpaceSpec(1, 1, 10, 3, BLACK), 40) is None  # alongside: sideways
    assert follows(a, SpaceSpec(2, 1, 14, 1, WHITE), 40) == 0  # the corner point
    assert follows(a, SpaceSpec(3, 2, 14, 1, WHITE), 40) is None  # two lanes over
    assert follows(a, SpaceSpec(4, 0, 8, 2, WHITE), 40) is None  # behind
    assert follows(SpaceSpec(5, 0, 38, 2, WHITE), SpaceSpec(6, 1, 0, 1, WHITE), 40) == 1


@pytest.mark.parametrize(("path", "value", "match"), [
    (("starting_bag", "white"), 4, "starting_bag"),
    (("cubes", 0, "stock"), 0, "cubes/white: stock"),
    (("cubes", 4, "cost"), 3, "only wear has no cost"),
    (("cards", 3, "colour"), "red", "7 yellow cards"),
    (("card_sets", "standard"), ["manager", "suspension"], "card_sets/standard"),
    (("tracks", "daytona", "lanes", 0), "W1 W1", "lanes/0: covers 2 units"),
    (("tracks", "daytona", "start", 0, "unit"), 7, "start/P1: a white one-segment"),
    (("tracks", "daytona", "start", 4, "money"), 9, "more money"),
    (("draw",), 6, "draw"),
])
def test_malformed_component_data_is_refused_naming_the_entry(
        path: tuple[Any, ...], value: Any, match: str) -> None:
    data = copy.deepcopy(_data())
    node = data
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    with pytest.raises(ConfigError, match=match):
        build_config(data)


def test_the_synthetic_entries_are_listed() -> None:
    assert {"tracks/daytona", "tracks/monza", "cubes/black"} <= set(config_for(2).synthetic)
