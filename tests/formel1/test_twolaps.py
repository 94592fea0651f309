"""The two-lap races (F1-40, F1-41; RF9): crossing the line with a lap to go, finishing on the
last lap, the discard piles picked up after the lead car's first lap, the double deck, and the
switch cards across the line."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import formel1
from formel1 import rules
from formel1.config import config_for
from formel1.render import detail_log
from tests.formel1.test_positions import cell, kind, options, race, where

DOUBLE = ("two_laps_double_deck",)
DISCARDS = ("two_laps_discards",)
FILLER = ["Green 10", "Red 10", "Orange 10"]


def test_a_car_crossing_the_line_with_a_lap_to_go_runs_on_into_its_second_lap() -> None:
    s = race({"Black": "61b", "Yellow": "30a"}, [["Black 5", *FILLER], FILLER],
             variants=DOUBLE)
    s.apply("play Black 5")
    assert options(s) == ["to 2a", "to 2b", "to 2c"]  # 62, 63, over the line, 0, 1, 2
    s.apply("to 2b")
    assert where(s, "Black") == "2b" and s.laps[0] == 1 and 0 not in s.finished
    assert "Black completes lap 1." in detail_log(s)


def test_a_car_on_its_last_lap_finishes_at_the_line() -> None:
    s = race({"Black": "61b", "Yellow": "30a"}, [["Black 5", *FILLER], FILLER],
             variants=DOUBLE)
    s.laps = (1, 0, 1, 1, 1, 1)  # the finished cars have done their first lap
    s.legal = rules.legal_ids(s)
    s.apply("play Black 5")
    assert where(s, "Black") == "finished" and s.finished[-1] == 0


def test_each_player_discards_and_picks_up_after_the_card_completing_the_lead_cars_lap() -> None:
    s = race({"Black": "62a", "Red": "30a", "Green": "20b", "Orange": "40a", "Yellow": "10a",
              "Blue": "10b"},
             [["Black 5", "Red 10", "Orange 10"], ["Green 10", "Yellow 10", "Blue 10"]],
             variants=DISCARDS, owner=(0, 1, 0, 1, 0, 1))
    s.apply("play Red 10")  # Red ends at 40b, the only cell
    assert s.discards[0] == (kind("Red 10"),) and s.turn == 1
    s.apply("play Green 10")
    s.apply("to 30b")
    assert s.discards[1] == (kind("Green 10"),) and not s.picked_up
    s.apply("play Black 5")
    s.apply("to 3a")  # Black completes lap 1: everyone picks up after this card
    assert s.laps[0] == 1 and s.picked_up and s.discards == ((), ())
    assert sorted(s.hands[0]) == sorted([kind("Black 5"), kind("Red 10"), kind("Orange 10")])
    assert s.hands[1] == tuple(sorted([kind("Green 10"), kind("Yellow 10"), kind("Blue 10")]))
    assert s.turn == 1
    s.apply("play Yellow 10")
    assert s.discards == ((), ())  # picked up once only: no new piles


def test_the_double_deck_is_dealt_out_at_the_start() -> None:
    s = formel1.new_game(4, None, variants=DOUBLE, explicit_chance=True)
    s.apply("first dealer 0")
    while s.phase in (rules.DEAL, rules.STARTER):
        s.apply(s.legal_action_ids()[0])
    assert [len(h) for h in s.hands] == [24] * 4 and s.starter == -1
    held = Counter(k for h in s.hands for k in h)
    assert held[kind("White 5")] == 12 and held[kind("Switch Red-Green")] == 2
    assert sum(held.values()) == 2 * 48


def test_a_switch_brings_the_trailer_up_across_the_line_to_a_leader_on_its_next_lap() -> None:
    s = race({"Black": "60a", "Yellow": "3a", "Red": "30a"},
             [["Switch Black-Yellow", *FILLER], FILLER], variants=DOUBLE)
    s.laps = (0, 1, 1, 1, 0, 1)
    s.legal = rules.legal_ids(s)
    s.apply("play Switch Black-Yellow")
    assert options(s) == ["to 3b", "to 3c"]
    s.apply("to 3c")
    assert where(s, "Black") == "3c" and s.laps[0] == 1


def test_on_the_first_of_two_laps_the_final_straightaway_does_not_stop_a_switch() -> None:
    s = race({"Black": "30a", "Yellow": "58a", "Red": "20b"},
             [["Switch Black-Yellow", *FILLER], FILLER], variants=DOUBLE)
    s.apply("play Switch Black-Yellow")
    assert options(s) == ["to 58b", "to 58c"]


def test_the_two_two_lap_forms_exclude_each_other() -> None:
    with pytest.raises(ValueError, match="exclude each other"):
        formel1.new_game(3, 1, variants=(*DOUBLE, *DISCARDS))


@pytest.mark.parametrize("variant", [DOUBLE, DISCARDS])
def test_seeded_two_lap_games_end_and_round_trip(variant: tuple[str, ...]) -> None:
    for seed in range(3):
        s = formel1.new_game(2 + 2 * seed, seed, races=2, variants=variant,
                             track=("standard", "new")[seed % 2])
        rng = random.Random(seed)
        while not s.is_terminal():
            if rng.random() < 0.05:
                assert formel1.from_json(s.to_json()) == s
            s.apply(rng.choice(s.legal_action_ids()))
        assert s.outcome() is not None
    assert config_for(2).tracks["standard"].wrap[cell("63a")]
