"""The new track (F1-34 .. F1-37, RF2, RF9): unequal corners whose inner lane is shorter and where
no car changes lane, lane changes on entering and leaving, no switch into such a corner, and as
many cards as players removed before each race."""

from __future__ import annotations

import random

import pytest

import formel1
from formel1 import rules
from formel1.config import config_for
from formel1.render import detail_log
from tests.formel1.test_positions import options, race, where

NEW = config_for(2).tracks["new"]
FILLER = ["Green 10", "Red 10", "Orange 10"]


def _race(cars: dict[str, str], card: str) -> formel1.State:
    s = race({**cars, "Red": "30b"}, [[card, *FILLER], FILLER], track="new")
    s.apply(f"play {card}")
    return s


def test_no_car_changes_lane_inside_an_unequal_corner() -> None:
    s = _race({"Black": "10b"}, "Black 5")
    assert where(s, "Black") == "15b" and s.turn == 1  # one path: lane b all through


def test_the_inner_lane_of_an_unequal_corner_is_shorter() -> None:
    s = _race({"Black": "10a"}, "Black 5")
    # 10a, 12a, 14a (the inner lane has a cell every other row), then out of the corner
    assert options(s) == ["to 18a", "to 18b", "to 18c"]


def test_a_car_may_change_lanes_entering_and_leaving_an_unequal_corner() -> None:
    entering = [NEW.label(j) for j in NEW.ahead[NEW.cell_at(9, 2) or 0]]
    leaving = [NEW.label(j) for j in NEW.ahead[NEW.cell_at(15, 1) or 0]]
    assert entering == ["10b", "10c"] and leaving == ["16a", "16b", "16c"]


def test_every_step_of_the_new_track_goes_forward_and_keeps_its_lane_in_unequal_corners() -> None:
    for i, here in enumerate(NEW.cells):
        for j in NEW.ahead[i]:
            there = NEW.cells[j]
            assert there.row > here.row and abs(there.lane - here.lane) <= 1
            assert not (here.unequal and there.unequal and here.lane != there.lane)
            assert there.row == here.row + 1 or (here.unequal and here.lane == 0)
    assert not any(c.chicane for c in NEW.cells)  # no single-lane cells (RF2)


def test_a_switch_into_an_unequal_corner_is_not_possible() -> None:
    s = _race({"Black": "3a", "Yellow": "12b"}, "Switch Black-Yellow")
    assert where(s, "Black") == "3a" and "The switch is not possible." in detail_log(s)


def test_a_switch_alongside_a_leader_on_a_straight_is_possible_on_the_new_track() -> None:
    s = _race({"Black": "10a", "Yellow": "20b"}, "Switch Black-Yellow")
    assert options(s) == ["to 20a", "to 20c"]


@pytest.mark.parametrize(("players", "each", "removed"), [(4, 11, 4), (5, 8, 5 + 2), (6, 7, 6)])
def test_the_new_track_removes_as_many_cards_as_players_before_each_race(
        players: int, each: int, removed: int) -> None:
    s = formel1.new_game(players, None, track="new", explicit_chance=True)
    s.apply("first dealer 0")
    assert s.phase == rules.REMOVE and str(s.chance_outcomes()[0][0]).startswith("remove ")
    while s.phase in (rules.REMOVE, rules.DEAL, rules.STARTER):
        s.apply(s.legal_action_ids()[0])
    assert [len(h) for h in s.hands] == [each] * players and len(s.removed) == removed
    assert all(card is None for card in s.observation(0)["removed"])


def test_seeded_games_on_the_new_track_end_and_round_trip() -> None:
    for seed in range(4):
        s = formel1.new_game(2 + seed, seed, races=2, track="new")
        rng = random.Random(seed)
        while not s.is_terminal():
            if rng.random() < 0.05:
                assert formel1.from_json(s.to_json()) == s
            s.apply(rng.choice(s.legal_action_ids()))
        assert s.outcome() is not None and s.race == 2
