"""Automobiles' core rules without the action cards' effects (AU-09..AU-22, AU-29..AU-33;
RA2-RA6), each driven by actions from a small position and asserted after each step (STYLE 13).

Positions are made in explicit-chance mode and then set up field by field (``_position``), so
every draw is a chance decision the test takes itself. Spaces are those of the synthetic
Daytona-like oval (RA3): 12, 13, 14 are the white start spaces P1-P3 (lanes 0-2, unit 4),
9 and 10 are P4 and P5 (unit 3); 15 is light grey (lane 0, units 5-6), 16 dark grey (lane 1,
units 5-7), 17 black (lane 2, units 5-8), 18 dark grey (lane 0, units 7-9).
"""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

import automobiles
import gamecore
from automobiles import rules
from automobiles.config import BLACK, CUBES, DARKGREY, LIGHTGREY, WEAR, WHITE, YELLOW, config_for
from automobiles.state import State

NONE = (0,) * len(CUBES)


def _counts(cubes: Mapping[int, int] | None) -> tuple[int, ...]:
    return tuple((cubes or {}).get(c, 0) for c in range(len(CUBES)))


def _position(cars: tuple[tuple[int, int, int], ...] = ((12, 0, 0), (13, 0, 0)),
              active: Mapping[int, int] | None = None, bag: Mapping[int, int] | None = None,
              discard: Mapping[int, int] | None = None, laps: int = 3) -> State:
    """An explicit-chance race of len(cars) players at seat 0's action phase, turn 0: the cars
    at (space, segment, laps), seat 0's piles as given (its bag 7 white cubes unless given), the
    others' empty but for a bag of 7 white cubes. A decision with one legal option is taken at
    once, so a play with one placement places, and a turn with nothing left to do ends."""
    players = len(cars)
    s = automobiles.new_game(players, None, laps=laps, explicit_chance=True)
    s.order, s.phase, s.turn = tuple(range(players)), "action", 0
    s.car_space = tuple(c[0] for c in cars)
    s.car_seg = tuple(c[1] for c in cars)
    s.car_laps = tuple(c[2] for c in cars)
    s.bag = (_counts(bag or {WHITE: 7}),) + (_counts({WHITE: 7}),) * (players - 1)
    s.active = (_counts(active),) + (NONE,) * (players - 1)
    s.discard = (_counts(discard),) + (NONE,) * (players - 1)
    s.legal = rules.legal_ids(s)
    return s


def _texts(s: State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def _finish_turn(s: State) -> None:
    """Take the rest of seat 0's first turn: the first placement, no more plays, no buying."""
    while s.turn == 0 and not s.is_terminal():
        if s.phase == "action":
            s.apply("end actions")
        elif s.phase == "buy":
            s.apply("stop buying")
        else:
            s.apply(s.legal_action_ids()[0])


# --- setup ----------------------------------------------------------------------------------------
def test_the_start_order_is_drawn_by_chance_and_fills_the_grid_from_p1() -> None:
    s = automobiles.new_game(3, None, explicit_chance=True)
    assert s.is_chance_node()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == \
        [("order seat 0", pytest.approx(1 / 3)), ("order seat 1", pytest.approx(1 / 3)),
         ("order seat 2", pytest.approx(1 / 3))]
    s.apply("order seat 2")
    s.apply("order seat 0")  # the last seat follows at once (one outcome)
    assert s.order == (2, 0, 1)
    grid = config_for(2).tracks["daytona"].start
    assert s.car_space == (grid[1].space, grid[2].space, grid[0].space)
    assert s.phase == "prebuy" and s.current_player == 2 and s.money == 10


def test_each_player_starts_with_five_white_two_light_grey_five_yellow_from_the_stock() -> None:
    s = automobiles.new_game(4, 3)
    stock = [c.stock for c in config_for(2).cubes]
    assert all(s.bag[p][WHITE] + s.active[p][WHITE] == 5 for p in range(4) if s.phase == "prebuy")
    assert s.stock[WHITE] <= stock[WHITE] - 20 and s.stock[YELLOW] <= stock[YELLOW] - 20
    assert s.stock[LIGHTGREY] <= stock[LIGHTGREY] - 8


def test_buying_before_the_race_spends_the_start_money_and_loses_the_rest() -> None:
    s = automobiles.new_game(2, None, explicit_chance=True)
    s.apply("order seat 0")
    assert s.money == 10 and "buy black" in _texts(s)
    s.apply("buy black")
    assert s.money == 3 and s.bag[0][BLACK] == 1 and s.stock[BLACK] == 15
    assert "buy black" not in _texts(s) and "buy lightgrey" in _texts(s)
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"costs \$7, \$3 left \(AU-14\)"):
        s.apply("buy black")
    assert s.key() == before
    s.apply("stop buying")
    assert s.current_player == 1 and s.money == 11  # P2's money; seat 0's $3 are gone
    s.apply("stop buying")
    assert s.phase == "draw" and s.is_chance_node() and s.drawing == ((0, 7), (1, 7))


# --- drawing --------------------------------------------------------------------------------------
def test_a_draw_has_each_colour_in_the_bag_with_probability_count_over_size() -> None:
    s = automobiles.new_game(2, None, explicit_chance=True)
    s.apply("order seat 1")
    s.apply("buy black")
    s.apply("stop buying")
    s.apply("stop buying")
    assert s.drawing[0][0] == 1
    law = {str(a): p for a, p in s.chance_outcomes()}
    assert law == {"draw white": pytest.approx(5 / 13), "draw lightgrey": pytest.approx(2 / 13),
                   "draw black": pytest.approx(1 / 13), "draw yellow": pytest.approx(5 / 13)}
    s.apply("draw black")
    assert s.active[1][BLACK] == 1 and s.bag[1][BLACK] == 0 and s.drawing[0] == (1, 6)
    assert "draw black" not in _texts(s)


def test_an_empty_bag_takes_the_whole_discard_back_and_the_drawing_goes_on() -> None:
    s = _position(bag={WHITE: 1}, discard={BLACK: 2, WEAR: 1})
    s.phase, s.drawing = "draw", ((0, 3),)
    s.legal = rules.legal_ids(s)
    s.apply("draw white")
    assert s.bag[0] == _counts({BLACK: 2, WEAR: 1}) and s.discard[0] == NONE
    assert {str(a) for a, _ in s.chance_outcomes()} == {"draw black", "draw wear"}


def test_with_fewer_than_seven_cubes_in_bag_and_discard_you_draw_what_there_is() -> None:
    s = _position(bag={WHITE: 1})
    s.phase, s.drawing = "draw", ((0, 7),)
    s.legal = rules.legal_ids(s)
    rules._advance(s)  # one cube in the bag: the draw is certain and taken at once
    assert s.active[0] == _counts({WHITE: 1}) and s.phase == "action" and not s.drawing


def test_a_seeded_game_draws_its_cubes_and_replays_exactly() -> None:
    a, b = automobiles.new_game(3, 42), automobiles.new_game(3, 42)
    rng = random.Random(1)
    for _ in range(120):
        if a.is_terminal():
            break
        aid = rng.choice(a.legal_action_ids())
        a.apply(aid)
        b.apply(aid)
    assert a == b and a.draws > 21
    assert not a.is_chance_node()


# --- the action phase -----------------------------------------------------------------------------
def test_a_gear_goes_on_a_space_of_its_colour_directly_or_diagonally_ahead_of_the_car() -> None:
    s = _position(cars=((12, 0, 0), (9, 0, 0)), active={LIGHTGREY: 1, DARKGREY: 1, BLACK: 1})
    # space 12 (lane 0) is followed by 15 (light grey, lane 0) and 16 (dark grey, lane 1); the
    # black 17 is two lanes over, so the black cube cannot be played
    assert _texts(s) == ["play lightgrey", "play darkgrey", "end actions", "pit stop"]
    s.apply("play darkgrey")  # one dark-grey space: the cube is put there at once
    assert s.route == ((DARKGREY, 16, 2, 0),) and s.phase == "action"
    assert s.active[0] == _counts({LIGHTGREY: 1, BLACK: 1}) and s.used[0][DARKGREY] == 1


def test_the_next_gear_goes_ahead_of_the_last_cube_placed_not_of_the_car() -> None:
    s = _position(cars=((13, 0, 0), (9, 0, 0)), active={WHITE: 2, DARKGREY: 1, BLACK: 1})
    s.apply("play darkgrey")
    assert s.route[-1][1] == 16
    # from 16: 17 black, 18 dark grey, 19 light grey; the white spaces ahead of the car are gone
    assert _texts(s) == ["play black", "end actions"]
    s.apply("play black")
    assert [r[1] for r in s.route] == [16, 17]


def test_a_cube_goes_on_the_furthest_free_segment_of_its_space() -> None:
    s = _position(cars=((12, 0, 0), (16, 2, 0)), active={DARKGREY: 1, BLACK: 1})
    s.apply("play darkgrey")  # one place: put at once
    assert s.route == ((DARKGREY, 16, 1, 0),)  # segment 2 holds a car


def test_a_space_with_every_segment_taken_cannot_be_entered() -> None:
    s = _position(cars=((12, 0, 0), (15, 1, 0), (15, 0, 0)), active={LIGHTGREY: 1})
    assert _texts(s) == ["end actions", "pit stop"]
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"no free light grey space.*AU-12"):
        s.apply("play lightgrey")
    assert s.key() == before


def test_playing_a_cube_not_in_the_active_pile_raises_and_changes_nothing() -> None:
    s = _position(active={WHITE: 1})
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"no black cube in the active pile"):
        s.apply("play black")
    assert s.key() == before


def test_a_placement_not_ahead_or_of_the_wrong_colour_raises_and_changes_nothing() -> None:
    s = _position(cars=((11, 0, 0), (9, 0, 0)), active={WHITE: 2})  # lane 2, unit 3
    s.apply("play white")
    assert s.phase == "place" and _texts(s) == ["place 13", "place 14"]
    before = s.key()
    # 16: dark grey and out of reach; 12: white but two lanes over; 10: white but beside
    for bad in ("place 16", "place 12", "place 10"):
        with pytest.raises(gamecore.IllegalActionError,
                           match=r"no free white space directly or diagonally ahead.*AU-12, RA3"):
            s.apply(bad)
        assert s.key() == before
    s.apply("place 14")
    assert s.route == ((WHITE, 14, 0, 0),)


def test_wear_cubes_are_not_played() -> None:
    s = _position(active={WEAR: 2})
    assert _texts(s) == ["end actions", "pit stop"]
    with pytest.raises(gamecore.ActionParseError):
        s.apply("play wear")


# --- the pit stop ---------------------------------------------------------------------------------
def test_a_pit_stop_removes_the_active_wear_and_discards_the_rest_then_draws_seven() -> None:
    s = _position(active={WEAR: 3, WHITE: 2, YELLOW: 2}, bag={WHITE: 7})
    stock = s.stock[WEAR]
    s.apply("pit stop")
    assert s.stock[WEAR] == stock + 3
    assert s.discard[0] == _counts({WHITE: 2, YELLOW: 2}) and s.bag[0] == NONE
    assert s.car_space[0] == 12 and s.turn == 1
    assert s.active[0] == _counts({WHITE: 7})  # the end phase drew 7 (one colour: certain)
    assert s.current_player == 1


def test_a_pit_stop_is_not_legal_once_a_cube_is_placed() -> None:
    s = _position(active={LIGHTGREY: 1, DARKGREY: 1}, cars=((12, 0, 0), (9, 0, 0)))
    s.apply("play lightgrey")
    assert s.phase == "action" and _texts(s) == ["play darkgrey", "end actions"]
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"AU-13"):
        s.apply("pit stop")
    assert s.key() == before


# --- the buy phase --------------------------------------------------------------------------------
def test_the_money_is_the_value_of_the_unplayed_cubes_and_is_not_saved() -> None:
    s = _position(cars=((12, 0, 0), (9, 0, 0)),
                  active={LIGHTGREY: 1, DARKGREY: 1, YELLOW: 2, WEAR: 2, WHITE: 1})
    s.apply("play lightgrey")
    s.apply("end actions")
    assert s.phase == "buy" and s.money == 2 + 2 * 2 + 0 + 1  # dark grey 2, yellow 2, white 1
    s.apply("buy darkgrey")
    assert s.money == 2 and s.used[0][DARKGREY] == 1  # RA5: bought cubes to the used pile
    s.apply("stop buying")
    assert s.money == 0 and s.discard[0][DARKGREY] == 2  # the end phase discards them


def test_buying_from_an_empty_stock_raises_and_changes_nothing() -> None:
    s = _position(active={YELLOW: 4})
    s.apply("end actions")
    s.stock = s.stock[:WHITE] + (0,) + s.stock[WHITE + 1:]
    s.legal = rules.legal_ids(s)
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"stock has no white cube.*AU-15"):
        s.apply("buy white")
    assert s.key() == before


# --- the car, wear and end phases -----------------------------------------------------------------
def test_the_car_moves_to_the_last_cube_and_the_end_phase_discards_everything() -> None:
    s = _position(cars=((13, 0, 0), (9, 0, 0)), active={DARKGREY: 1, BLACK: 1, WHITE: 1},
                  bag={WHITE: 3, YELLOW: 4})
    s.apply("play darkgrey")
    s.apply("play black")
    _finish_turn(s)
    assert (s.car_space[0], s.car_seg[0], s.car_laps[0]) == (17, 3, 0)
    assert s.discard[0] == _counts({DARKGREY: 1, BLACK: 1, WHITE: 1, WEAR: 4})
    assert s.used[0] == NONE and s.route == () and s.drawing == ((0, 7),)
    assert s.is_chance_node()


@pytest.mark.parametrize(("cube", "car", "wear"), [
    (WHITE, (11, 0, 0), 1), (LIGHTGREY, (12, 0, 0), 2), (DARKGREY, (12, 0, 0), 3),
    (BLACK, (13, 0, 0), 4),
])
def test_wear_follows_the_darkest_space_entered_white_1_to_black_4(
        cube: int, car: tuple[int, int, int], wear: int) -> None:
    s = _position(cars=(car, (5, 0, 0)), active={cube: 1})
    s.apply(f"play {CUBES[cube]}")
    _finish_turn(s)
    assert s.discard[0][WEAR] == wear


def test_the_darkest_space_of_the_route_sets_the_wear_not_the_last() -> None:
    s = _position(cars=((13, 0, 0), (5, 0, 0)), active={BLACK: 1, LIGHTGREY: 1})
    s.apply("play black")  # 17, black
    s.apply("play lightgrey")  # 19, light grey
    _finish_turn(s)
    assert s.car_space[0] == 19 and s.discard[0][WEAR] == 4


def test_a_car_ending_directly_behind_another_gains_no_movement_wear() -> None:
    # seat 0 ends on 15 (lane 0, units 5-6); seat 1 stands on 18, the next space of lane 0
    s = _position(cars=((12, 0, 0), (18, 0, 0)), active={LIGHTGREY: 1})
    s.apply("play lightgrey")
    _finish_turn(s)
    assert s.car_space[0] == 15 and s.discard[0][WEAR] == 0
    assert "Player 0 drafts: no wear for the move" in s.log()


def test_a_car_on_the_segment_directly_behind_another_in_its_space_drafts() -> None:
    s = _position(cars=((12, 0, 0), (16, 2, 0)), active={DARKGREY: 1})
    s.apply("play darkgrey")
    _finish_turn(s)
    assert (s.car_space[0], s.car_seg[0]) == (16, 1) and s.discard[0][WEAR] == 0


def test_a_car_beside_another_is_not_drafting() -> None:
    s = _position(cars=((12, 0, 0), (17, 3, 0)), active={DARKGREY: 1})
    s.apply("play darkgrey")
    _finish_turn(s)
    assert s.car_space[0] == 16 and s.discard[0][WEAR] == 3


def test_wear_the_stock_no_longer_holds_is_skipped() -> None:
    s = _position(cars=((13, 0, 0), (5, 0, 0)), active={BLACK: 1})
    s.stock = s.stock[:WEAR] + (1,) + s.stock[WEAR + 1:]
    s.apply("play black")
    _finish_turn(s)
    assert s.discard[0][WEAR] == 1 and s.stock[WEAR] == 0


def test_no_move_no_wear() -> None:
    s = _position(active={BLACK: 1, WHITE: 1})
    s.apply("end actions")
    _finish_turn(s)
    assert s.discard[0][WEAR] == 0 and s.car_space[0] == 12


# --- the end of the race --------------------------------------------------------------------------
def _space_at(lane: int, unit: int) -> int:
    t = config_for(2).tracks["daytona"]
    return next(s.index for s in t.spaces if s.lane == lane and s.start <= unit < s.end)


def test_crossing_the_line_counts_a_lap() -> None:
    last = _space_at(0, 39)  # lane 0, units 38-39, light grey
    s = _position(cars=((last, 1, 0), (5, 0, 0)), active={WHITE: 1}, laps=2)
    s.apply("play white")
    _finish_turn(s)
    assert s.car_laps[0] == 1 and rules.distance(s, 0) == 40 + s.cfg.tracks[
        "daytona"].spaces[s.car_space[0]].start


def test_the_race_ends_after_the_round_in_which_a_car_finishes() -> None:
    last = _space_at(0, 39)
    s = _position(cars=((last, 1, 0), (5, 0, 0)), active={WHITE: 1}, laps=1)
    s.apply("play white")
    _finish_turn(s)
    assert rules.finished(s, 0) and not s.is_terminal()  # seat 1 still has its turn
    while s.is_chance_node():
        s.apply(s.legal_action_ids()[0])
    assert s.current_player == 1
    s.apply("pit stop")
    assert s.is_terminal() and s.turn == 2
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (0,)
    with pytest.raises(gamecore.IllegalActionError, match=r"race is over \(AU-22\)"):
        s.apply("end actions")


def test_cars_as_far_as_each_other_are_ranked_inner_lane_first() -> None:
    s = _position(cars=((13, 0, 0), (12, 0, 0)), laps=1)
    s.car_laps = (1, 1)
    s.turn, s.phase = 2, "over"
    s.legal = ()
    assert rules.position_order(s) == [1, 0]
    outcome = s.outcome()
    assert outcome is not None and outcome.winners == (1,)
    assert outcome.reason == "as far, further inside (AU-22)"


def test_random_seeded_races_end_with_every_player_having_the_same_turns() -> None:
    for players in (2, 5):
        s = automobiles.new_game(players, 7, laps=1)
        rng = random.Random(players)
        while not s.is_terminal():
            s.apply(rng.choice(s.legal_action_ids()))
        assert s.turn % players == 0 and any(rules.finished(s, p) for p in range(players))
        assert sum(map(sum, s.bag + s.active + s.used + s.discard)) + sum(s.stock) == \
            sum(c.stock for c in s.cfg.cubes)  # every cube is somewhere


def test_seeded_draws_follow_the_bag_counts() -> None:
    counts = [0] * len(CUBES)
    for seed in range(1500):
        s = _position(bag={WHITE: 6, BLACK: 3, WEAR: 1})
        s.seed, s.phase, s.drawing = seed, "draw", ((0, 1),)
        rules._advance(s)
        drawn = [c for c in range(len(CUBES)) if s.active[0][c]]
        assert len(drawn) == 1 and s.draws == 1
        counts[drawn[0]] += 1
    assert abs(counts[WHITE] / 1500 - 0.6) < 0.04 and abs(counts[BLACK] / 1500 - 0.3) < 0.04
    assert abs(counts[WEAR] / 1500 - 0.1) < 0.03
