"""Formel 1's race (F1-18 .. F1-31; RF4 .. RF8) from small positions, driven by actions; the
movement rule checked exhaustively against a brute-force enumeration of step sequences."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import gamecore
from formel1 import rules
from formel1.config import FINISHED
from formel1.render import detail_log
from tests.formel1.test_positions import NAMES, TRACK, cell, kind, options, race, where

#: Cards for a seat that only needs to have some: distinct kinds, so playing one is a choice
#: (a hand of one kind is played at once, like every single-option decision).
FILLER = ["Green 10", "Red 10", "Orange 10"]


def test_a_car_steps_straight_or_diagonally_ahead_and_the_mover_chooses_the_end() -> None:
    s = race({"Black": "3b", "Yellow": "40a"}, [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert options(s) == ["to 8a", "to 8b", "to 8c"]
    s.apply("to 8c")
    assert where(s, "Black") == "8c" and s.turn == 1


def test_a_blocked_car_loses_its_movement_and_the_card_is_wasted() -> None:
    s = race({"Black": "3b", "Yellow": "4a", "Blue": "4b", "Orange": "4c"},
             [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert where(s, "Black") == "3b" and s.turn == 1
    assert "Black is blocked and loses 5." in detail_log(s)


def test_movement_not_taken_past_a_wall_is_lost() -> None:
    s = race({"Black": "3b", "Yellow": "6a", "Blue": "6b", "Orange": "6c"},
             [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert options(s) == ["to 5a", "to 5b", "to 5c"]
    s.apply("to 5a")
    assert where(s, "Black") == "5a" and "Black moves 2 to 5a, blocked after 2." in detail_log(s)


def test_a_car_may_not_stop_in_a_dead_end_while_another_route_goes_on() -> None:
    s = race({"Black": "3a", "Yellow": "5a", "Blue": "5b"}, [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert options(s) == ["to 8a", "to 8b", "to 8c"]  # through 4b and 5c, never 4a
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"F1-24, RF5"):
        s.apply("to 4a")
    assert s.key() == before


def test_a_car_cannot_move_sideways_into_the_lane_that_ends_at_a_corner() -> None:
    s = race({"Black": "9c", "Yellow": "40a"}, [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert options(s) == ["to 14a", "to 14b"]  # corners are two lanes wide


def test_the_chicane_is_one_lane_and_a_car_in_it_blocks_the_road() -> None:
    s = race({"Black": "18a", "Yellow": "20b"}, [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert options(s) == ["to 19a", "to 19b"]
    s = race({"Black": "19c", "Yellow": "40a"}, [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert options(s) == ["to 24a", "to 24b", "to 24c"]  # through 20b and 21b


def test_a_car_crossing_the_line_finishes_and_loses_the_rest_of_its_move() -> None:
    s = race({"Black": "61b", "Yellow": "40a"}, [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert where(s, "Black") == "finished" and s.finished[-1] == 0
    assert "Black crosses the finish line, place 5." in detail_log(s)


def test_cars_crossing_on_one_card_are_placed_in_the_order_of_its_numbers() -> None:
    card = "Black 6 / Yellow 5 / Blue 4 / Orange 3 / Red 2 / Green 1"
    s = race({"Black": "60a", "Yellow": "63a", "Red": "30a"}, [[card, *FILLER], FILLER])
    s.apply(f"play {card}")
    assert s.finished[-2:] == (0, 1)  # Black crossed first though Yellow was ahead


def test_the_players_keep_playing_after_their_cars_have_finished() -> None:
    s = race({"Yellow": "30a", "Blue": "30b"}, [FILLER, FILLER], owner=(0, 1, 1, 1, 1, 1))
    assert s.turn == 0 and s.pos[0] == FINISHED  # seat 0's only car is home (F1-29)
    s.apply("play Green 10")
    assert s.turn == 1 and len(s.hands[0]) == 2


def test_a_white_number_goes_to_an_unpictured_car_that_can_move_it_all() -> None:
    s = race({"Black": "3b", "Yellow": "4a", "Blue": "4b", "Orange": "4c", "Red": "30a",
              "Green": "30b"}, [["White 5", *FILLER], FILLER])
    s.apply("play White 5")
    # Black is blocked: it cannot be chosen while Red and Green can move all 5 (F1-25, RF6)
    assert options(s) == ["white Yellow", "white Blue", "white Orange", "white Red",
                          "white Green"]
    with pytest.raises(gamecore.IllegalActionError, match="F1-25"):
        s.apply("white Black")
    s.apply("white Red")
    assert options(s) == ["to 35a", "to 35b", "to 35c"]


def test_a_white_number_may_not_move_a_car_pictured_on_the_card() -> None:
    card = "Black 6 / Orange 4 / White 2 / Yellow 1"
    s = race({"Black": "3a", "Orange": "3b", "Yellow": "3c", "Red": "30a", "Green": "30b"},
             [[card, *FILLER], FILLER])
    s.apply(f"play {card}")
    for _ in range(2):
        s.apply(s.legal_action_ids()[0])  # Black's and Orange's end cells
    assert options(s) == ["white Red", "white Green"]  # Yellow is pictured, not yet moved


def test_with_no_car_able_to_move_a_white_number_all_any_unpictured_car_takes_it() -> None:
    s = race({"Black": "3b", "Yellow": "4a", "Blue": "4b", "Orange": "4c"},
             [["White 5", *FILLER], FILLER])
    s.apply("play White 5")
    # Yellow, Blue and Orange can move it all (they are not blocked)
    assert options(s) == ["white Yellow", "white Blue", "white Orange"]
    s = race({"Black": "62a", "Yellow": "62b"}, [["White 5", *FILLER], FILLER])
    s.apply("play White 5")  # both would finish after 2: neither moves 5, either may take it
    assert options(s) == ["white Black", "white Yellow"]


def test_each_number_of_the_white_321_goes_to_a_different_car() -> None:
    card = "White 3 / White 2 / White 1"
    s = race({"Black": "3a", "Yellow": "30a"}, [[card, *FILLER], FILLER],
             variants=("white321",))
    s.apply(f"play {card}")
    s.apply("white Black")
    s.apply("to 6a")
    assert "Yellow takes the white 2." in detail_log(s)  # Black has had the 3: Yellow, at once
    assert options(s) == ["to 32a", "to 32b"]
    s.apply("to 32a")
    assert "No car can take the white 1." in detail_log(s) and s.turn == 1


def test_the_dealer_moves_the_starter_cards_cars_ignoring_white_numbers() -> None:
    card = "Black 6 / Orange 4 / White 2 / Yellow 1"
    s = race({n: lab for n, lab in zip(NAMES, ("1a", "1b", "1c", "0a", "0b", "0c"),
                                       strict=True)},
             [FILLER, FILLER], starter=card, owner=(1, 0, 0, 0, 0, 0))
    assert s.turn == 0  # the dealer decides the Starter's paths (RF4)
    while s.card != -1:
        s.apply(s.legal_action_ids()[0])
    assert where(s, "Black")[:-1] == "7" and where(s, "Orange")[:-1] == "4"
    assert where(s, "Red") == "0b" and where(s, "Green") == "0c"  # no white 2 was given
    assert s.turn == 1  # the pole car's owner plays first (F1-19)


def test_a_switch_card_brings_the_trailing_car_alongside_the_leader() -> None:
    s = race({"Black": "5a", "Yellow": "25a"}, [["Switch Black-Yellow", *FILLER], FILLER])
    s.apply("play Switch Black-Yellow")
    assert options(s) == ["to 25b", "to 25c"]
    s.apply("to 25c")
    assert where(s, "Black") == "25c"
    s = race({"Black": "25a", "Yellow": "12a"}, [["Switch Black-Yellow", *FILLER], FILLER])
    s.apply("play Switch Black-Yellow")  # now Yellow trails and comes up
    assert options(s) == ["to 25b", "to 25c"]
    s = race({"Black": "5a", "Yellow": "12a"}, [["Switch Black-Yellow", *FILLER], FILLER])
    s.apply("play Switch Black-Yellow")  # a corner: one space beside the leader, taken at once
    assert where(s, "Black") == "12b" and s.turn == 1


@pytest.mark.parametrize(("cars", "why"), [
    ({"Black": "5a", "Yellow": "57a"}, "the leader is in the final straightaway"),
    ({"Black": "5a", "Yellow": "12a", "Blue": "12b"}, "no empty cell alongside"),
    ({"Black": "18b", "Yellow": "25a", "Blue": "20b"}, "the road between is blocked"),
    ({"Black": "25b", "Yellow": "25a"}, "the cars are level"),
    ({"Black": "25b"}, "Yellow has finished"),
])
def test_a_switch_that_is_not_possible_has_no_effect(cars: dict[str, str], why: str) -> None:
    s = race({**cars, "Red": "40a"}, [["Switch Black-Yellow", *FILLER], FILLER])
    before = s.pos
    s.apply("play Switch Black-Yellow")
    assert s.pos == before and "The switch is not possible." in detail_log(s), why


def test_the_race_ends_when_no_cards_remain_and_unfinished_cars_earn_nothing() -> None:
    s = race({"Black": "61a", "Yellow": "3a"}, [["Black 5"], ["Green 10"]],
             owner=(0, 1, 0, 0, 1, 1))
    money = (200, 200)
    # one card each, so both are played at once; Green has finished: its 10 is lost
    assert s.is_terminal() and "Player 1 plays Green 10." in detail_log(s)
    # finished Blue, Orange, Red, Green (places 1-4), then Black; Yellow never finishes
    assert s.money == (money[0] + 200 + 150 + 30, money[1] + 100 + 60)


# --- movement, exhaustively against a brute force ---------------------------------------------
def brute_force(start: int, blocked: frozenset[int], n: int) -> tuple[int, set[int]]:
    """Every sequence of up to ``n`` steps through empty cells (straight or diagonal, one row
    each, or over the line from the last row): the longest length and its end cells."""
    best, ends = 0, {start}

    def walk(at: int, taken: int) -> None:
        nonlocal best, ends
        if taken > best:
            best, ends = taken, set()
        if taken == best:
            ends.add(at)
        if taken == n or at == FINISHED:
            return
        row = TRACK.cells[at].row
        nexts = [FINISHED] if row == TRACK.rows - 1 else [
            j for j in TRACK.by_row[row + 1]  # the cells of the next row, by lane distance
            if abs(TRACK.cells[j].lane - TRACK.cells[at].lane) <= 1 and j not in blocked]
        for j in nexts:
            walk(j, taken + 1)

    walk(start, 0)
    return best, ends


def test_the_end_cells_are_exactly_the_brute_force_ends_of_every_step_sequence() -> None:
    rng = random.Random(2024)
    cases = 0
    for start in range(len(TRACK.cells)):
        row = TRACK.cells[start].row
        near = [j for j in range(len(TRACK.cells)) if row < TRACK.cells[j].row <= row + 10]
        for n in range(1, 11):
            for _ in range(3):
                blocked = frozenset(rng.sample(near, min(5, len(near))))
                steps, ends = rules.reach(TRACK, blocked, start, n)
                assert (steps, set(ends)) == brute_force(start, blocked, n), (start, n)
                cases += 1
    assert cases == len(TRACK.cells) * 30


def test_the_legal_end_cells_of_a_position_are_the_brute_force_ends() -> None:
    rng = random.Random(7)
    for _ in range(100):
        cells = rng.sample(range(len(TRACK.cells) - 12), 6)
        s = race({n: TRACK.label(c) for n, c in zip(NAMES, cells, strict=True)},
                 [["Black 10", *FILLER], FILLER])
        blocked = frozenset(cells[1:])
        steps, ends = brute_force(cells[0], blocked, 10)
        s.apply("play Black 10")
        if steps == 0 or len(ends) == 1:
            assert s.card == -1 and (steps == 0 or s.pos[0] in ends)
        else:
            assert {cell(o.split()[1]) for o in options(s)} == ends


def test_a_card_in_the_hand_is_needed_to_play_it() -> None:
    s = race({"Black": "3b", "Yellow": "40a"}, [["Black 5", *FILLER], FILLER])
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match="not in Player 0's hand"):
        s.apply("play Blue 10")
    assert s.key() == before
    assert kind("Black 5") in s.hands[0]


@settings(max_examples=300, deadline=None)
@given(start=st.integers(0, len(TRACK.cells) - 1), n=st.integers(1, 10),
       blocked=st.frozensets(st.integers(0, len(TRACK.cells) - 1), max_size=12))
def test_reach_agrees_with_the_brute_force_on_any_blockers(start: int, n: int,
                                                          blocked: frozenset[int]) -> None:
    blocked = blocked - {start}
    steps, ends = rules.reach(TRACK, blocked, start, n)
    assert (steps, set(ends)) == brute_force(start, blocked, n)
