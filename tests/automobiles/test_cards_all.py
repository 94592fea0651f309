"""The 30 action cards beyond the standard set (AU-34..AU-68), each from the seed's text, its
worked examples (Maintenance Crew 3 -> 6, Steering, Tires, Burnout, Camber & Toe, Air Jacks 5,
Pit Mechanic 5, Diesel 3, Rotary 4, Crate Engine, Turbo 6, Adrenaline 4, Bump & Run 3,
Overdrive) and its clarifications, driven by actions from small positions (STYLE 13).

Spaces of the synthetic Daytona-like oval (RA3; see ``tests/automobiles/test_rules.py``): the
white chain 0, 3, 6, 9, 12 in lane 0; from 12 the light-grey 15 and the dark-grey 16; from 13
(lane 1) 15, 16 and the black 17; 16 -> the dark-grey 18 -> the white 21 and light-grey 22;
22 -> 24 (light grey). No dark grey follows 18 and no light grey follows 30; the longer runs
the seed's examples need (three dark-grey spaces in a row, six light-grey ones) are further on
and played in ``tests/automobiles/test_seed_examples.py``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping

import pytest

import automobiles
import gamecore
from automobiles import board, cards, rules, serialize
from automobiles.config import (
    BLACK,
    BLUE,
    CUBES,
    DARKGREY,
    GREEN,
    LIGHTGREY,
    PURPLE,
    RED,
    WEAR,
    WHITE,
    YELLOW,
    config_for,
)
from automobiles.state import State
from tests.automobiles.test_rules import NONE, _counts, _finish_turn, _position, _texts

STANDARD = ("manager", "suspension", "crew_chief", "hybrid_engine", "transmission")


def _table(*in_play: str, cars: tuple[tuple[int, int, int], ...] = ((12, 0, 0), (13, 0, 0)),
           active: Mapping[int, int] | None = None, bag: Mapping[int, int] | None = None,
           discard: Mapping[int, int] | None = None,
           others: Mapping[int, int] | None = None) -> State:
    """``_position`` with the cards ``in_play`` replacing the standard set's of their colours;
    ``others``: the discard of every other seat."""
    s = _position(cars, active, bag, discard)
    chosen = {config_for(2).card_named(c).colour: c for c in (*STANDARD, *in_play)}
    s.cards = automobiles.card_set(list(chosen.values()))
    if others is not None:
        s.discard = (s.discard[0],) + (_counts(others),) * (s.players - 1)
    s.legal = rules.legal_ids(s)
    return s


def _wear_in_stock(s: State) -> int:
    return s.stock[WEAR]


# --- Garage (yellow) ------------------------------------------------------------------------------
def test_car_chief_swaps_a_gear_of_the_discard_for_the_next_gear_up() -> None:
    s = _table("car_chief", active={YELLOW: 1, LIGHTGREY: 1}, discard={WHITE: 1, BLACK: 1})
    stock = s.stock
    s.apply("play yellow")
    assert _texts(s) == ["choose discard white", "choose discard black"]  # must: no skip
    s.apply("choose discard white")
    assert s.discard[0] == _counts({LIGHTGREY: 1, BLACK: 1}) and s.phase == "action"
    assert s.stock[WHITE] == stock[WHITE] + 1 and s.stock[LIGHTGREY] == stock[LIGHTGREY] - 1


def test_car_chief_on_a_black_cube_gives_nothing() -> None:
    s = _table("car_chief", active={YELLOW: 1, LIGHTGREY: 1}, discard={BLACK: 1, YELLOW: 1})
    s.apply("play yellow")  # the only gear of the discard: taken at once
    assert s.discard[0] == _counts({YELLOW: 1}) and s.phase == "action"


def test_engineer_discards_up_to_three_then_removes_as_many_even_the_same_cubes() -> None:
    s = _table("engineer", active={YELLOW: 1, WEAR: 2, LIGHTGREY: 1}, discard={BLACK: 1})
    s.apply("play yellow")
    s.apply("choose active wear")
    s.apply("choose active wear")
    s.apply("skip")
    assert s.discard[0] == _counts({BLACK: 1, WEAR: 2})
    assert "skip" not in _texts(s)  # "the same number": exactly 2
    s.apply("choose discard wear")
    s.apply("choose discard wear")
    assert s.phase == "action" and s.discard[0] == _counts({BLACK: 1})
    assert s.active[0] == _counts({LIGHTGREY: 1})


def test_mechanic_uses_up_a_cube_without_its_effect_then_removes_up_to_two() -> None:
    s = _table("mechanic", active={YELLOW: 1, RED: 1, LIGHTGREY: 1}, discard={WEAR: 3})
    s.apply("play yellow")
    assert "skip" not in _texts(s)
    s.apply("choose active red")
    assert s.used[0] == _counts({YELLOW: 1, RED: 1}) and s.route == ()  # no effect
    s.apply("choose discard wear")
    s.apply("choose discard wear")
    assert s.phase == "action" and s.discard[0] == _counts({WEAR: 1})


def test_factory_support_draws_one_then_must_remove_one_maybe_the_cube_drawn() -> None:
    s = _table("factory_support", active={YELLOW: 1, LIGHTGREY: 1}, bag={WEAR: 1, BLACK: 1},
               discard={LIGHTGREY: 1})
    s.apply("play yellow")
    assert s.is_chance_node()
    s.apply("draw wear")
    assert _texts(s) == ["choose active lightgrey", "choose active wear",
                         "choose discard lightgrey"]
    s.apply("choose active wear")  # the cube just drawn
    assert s.phase == "action" and s.active[0] == _counts({LIGHTGREY: 1})


def test_maintenance_crew_three_removed_from_the_active_pile_allow_six_from_the_discard() -> None:
    s = _table("maintenance_crew", active={YELLOW: 1, WEAR: 3, LIGHTGREY: 1}, discard={WEAR: 8})
    stock = _wear_in_stock(s)
    s.apply("play yellow")
    for _ in range(3):
        s.apply("choose active wear")
    s.apply("skip")
    assert s.effect[3] == 6  # the seed: 3 removed allow up to 6
    for _ in range(6):
        s.apply("choose discard wear")
    assert s.phase == "action" and s.discard[0] == _counts({WEAR: 2})
    assert _wear_in_stock(s) == stock + 9


def test_performance_test_removes_its_own_cube_then_draws_up_to_three() -> None:
    s = _table("performance_test", active={YELLOW: 1, LIGHTGREY: 1}, bag={BLACK: 4, WEAR: 1})
    stock = s.stock[YELLOW]
    s.apply("play yellow")
    assert s.used[0][YELLOW] == 0 and s.stock[YELLOW] == stock + 1
    assert _texts(s) == ["skip", "draw one more"]
    for _ in range(3):
        s.apply("draw one more")
        s.apply("draw black")
    assert s.phase == "action" and s.active[0] == _counts({LIGHTGREY: 1, BLACK: 3})


def test_performance_test_may_stop_drawing() -> None:
    s = _table("performance_test", active={YELLOW: 1, LIGHTGREY: 1}, bag={BLACK: 4, WEAR: 1})
    s.apply("play yellow")
    s.apply("draw one more")
    s.apply("draw wear")
    s.apply("skip")
    assert s.phase == "action" and s.active[0] == _counts({LIGHTGREY: 1, WEAR: 1})


# --- Handling (red) -------------------------------------------------------------------------------
def test_aerodynamics_counts_as_drafting_in_the_wear_phase() -> None:
    def wear_after(play_red: bool) -> int:
        s = _table("aerodynamics", active={RED: 1, DARKGREY: 1}, cars=((12, 0, 0), (9, 0, 0)))
        if play_red:
            s.apply("play red")
        s.apply("play darkgrey")
        _finish_turn(s)
        return s.discard[0][WEAR]
    assert wear_after(False) == 3 and wear_after(True) == 0


def test_aerodynamics_does_not_stop_the_action_phases_wear() -> None:
    s = _table("aerodynamics", "fuel_injection", active={RED: 1, BLUE: 1, WHITE: 1},
               cars=((12, 0, 0), (9, 0, 0)))
    s.apply("play red")
    s.apply("play blue")  # Fuel Injection's 2 wear, in the action phase
    _finish_turn(s)
    assert s.discard[0][WEAR] == 2


def test_steering_discards_a_black_gear_and_moves_up_to_three_dark_grey_spaces() -> None:
    s = _table("steering", active={RED: 1, BLACK: 1, WHITE: 1}, cars=((12, 0, 0), (9, 0, 0)))
    s.apply("play red")
    assert s.used[0] == _counts({RED: 1, WEAR: 1})  # its 1 wear
    assert _texts(s) == ["choose active white", "choose active black"]
    s.apply("choose active black")
    assert s.discard[0] == _counts({BLACK: 1})  # the gear stays in the discard
    assert s.effect[:4] == (board.MOVE, RED, 3, 1 << DARKGREY)
    s.apply("place 16")
    s.apply("place 18")  # no third dark grey follows: as far as possible
    assert s.phase == "action" and [r[1] for r in s.route] == [16, 18]


def test_steering_with_a_white_gear_moves_nothing() -> None:
    s = _table("steering", active={RED: 1, WHITE: 1, YELLOW: 1})
    s.apply("play red")  # the only gear: discarded at once
    assert s.phase == "action" and s.route == () and s.discard[0] == _counts({WHITE: 1})


def test_tires_go_on_a_colour_lower_than_a_gear_of_the_active_pile_which_stays() -> None:
    # the seed: a dark-grey cube in the active pile lets the red cube go on light grey or white
    s = _table("tires", active={RED: 1, DARKGREY: 1}, cars=((13, 0, 0), (9, 0, 0)))
    s.apply("play red")  # from 13: 15 light grey, 16 dark grey, 17 black; only 15 is lower
    assert s.route == ((RED, 15, 1, 0),) and s.active[0] == _counts({DARKGREY: 1})


def test_burnout_moves_up_to_two_spaces_one_colour_below_a_discarded_gear() -> None:
    # the seed: a black cube chosen in the discard: up to 2 consecutive dark-grey spaces
    s = _table("burnout", active={RED: 1, LIGHTGREY: 1}, discard={BLACK: 1},
               cars=((12, 0, 0), (9, 0, 0)))
    s.apply("play red")
    assert s.used[0][WEAR] == 1 and _texts(s) == ["place 16", "stop moving"]
    s.apply("place 16")
    s.apply("place 18")
    assert [r[1] for r in s.route] == [16, 18] and s.discard[0] == _counts({BLACK: 1})


def test_camber_and_toe_discards_a_gear_and_moves_one_space_of_any_colour() -> None:
    # the seed: a light-grey cube discarded, the red cube may go on any colour
    s = _table("camber_toe", active={RED: 1, LIGHTGREY: 1, YELLOW: 1},
               cars=((13, 0, 0), (9, 0, 0)))
    s.apply("play red")
    assert s.discard[0] == _counts({LIGHTGREY: 1})
    assert _texts(s) == ["place 15", "place 16", "place 17"]  # "must": no stop
    s.apply("place 17")
    assert s.route == ((RED, 17, 3, 0),) and s.phase == "action"


def test_redline_lets_white_cubes_go_on_any_colour_for_one_wear_each() -> None:
    s = _table("redline", active={RED: 1, WHITE: 3, YELLOW: 1}, cars=((12, 0, 0), (9, 0, 0)))
    s.apply("play red")
    s.apply("play white")
    assert _texts(s) == ["place 15", "place 16"]
    s.apply("place 16")
    assert s.used[0][WEAR] == 1
    s.apply("play white")
    s.apply("place 18")
    s.apply("play white")
    s.apply("place 21")  # a white cube on white: the normal use, no wear
    assert s.used[0][WEAR] == 2 and [r[1] for r in s.route] == [16, 18, 21]


def test_without_redline_a_white_cube_goes_on_white_only() -> None:
    s = _table("redline", active={WHITE: 1, YELLOW: 1}, cars=((12, 0, 0), (9, 0, 0)))
    assert "play white" not in _texts(s)  # from 12 only light grey and dark grey follow


# --- Pit (purple) ---------------------------------------------------------------------------------
def test_pit_boss_removes_up_to_six_cubes_of_the_discard() -> None:
    s = _table("pit_boss", active={PURPLE: 1, LIGHTGREY: 1}, discard={WEAR: 5, WHITE: 3})
    s.apply("play purple")
    for _ in range(5):
        s.apply("choose discard wear")
    s.apply("choose discard white")
    assert s.phase == "action" and s.discard[0] == _counts({WHITE: 2})


def test_pit_crew_removes_all_wear_of_the_discard_or_any_two_cubes() -> None:
    s = _table("pit_crew", active={PURPLE: 1, LIGHTGREY: 1}, discard={WEAR: 5, BLACK: 1, WHITE: 1})
    s.apply("play purple")
    assert _texts(s) == ["option 1", "option 2"]
    one = s.clone()
    one.apply("option 1")
    assert one.discard[0] == _counts({BLACK: 1, WHITE: 1}) and one.phase == "action"
    s.apply("option 2")
    assert "skip" not in _texts(s)
    s.apply("choose discard black")
    s.apply("choose discard wear")
    assert s.discard[0] == _counts({WEAR: 4, WHITE: 1}) and s.phase == "action"


def test_pit_team_adds_the_removed_cubes_costs_to_buy_exactly_one_cube() -> None:
    s = _table("pit_team", active={PURPLE: 1, LIGHTGREY: 1},
               discard={BLACK: 1, WHITE: 1, WEAR: 1})
    s.apply("play purple")
    s.apply("choose discard black")  # $7
    s.apply("choose discard wear")  # $0
    s.apply("choose discard white")  # $1: the third, the removal is over
    assert s.effect[:1] == (board.BUY_ONE,) and s.effect[4] == 8
    assert "stop buying" not in _texts(s) and "buy black" in _texts(s)
    s.apply("buy black")
    assert s.used[0] == _counts({PURPLE: 1, BLACK: 1}) and s.phase == "action"
    assert s.discard[0] == NONE and s.money == 0


def test_air_jacks_five_colours_in_the_discard_allow_five_cubes() -> None:
    # the seed: 1 yellow, 2 dark grey, 3 blue, 1 green, 2 wear: up to 5
    discard = {YELLOW: 1, DARKGREY: 2, BLUE: 3, GREEN: 1, WEAR: 2}
    s = _table("air_jacks", active={PURPLE: 1, LIGHTGREY: 1}, discard=discard)
    s.apply("play purple")
    assert s.effect[3] == 5
    for cube in (BLUE, BLUE, BLUE, WEAR, WEAR):
        s.apply(f"choose discard {CUBES[cube]}")
    assert s.phase == "action" and s.discard[0] == _counts({YELLOW: 1, DARKGREY: 2, GREEN: 1})


def test_impact_wrench_removes_four_then_the_wear_of_the_discard_and_used_pile() -> None:
    s = _table("impact_wrench", "fuel_injection", active={PURPLE: 1, BLUE: 1, YELLOW: 1},
               discard={WHITE: 5, WEAR: 3})
    s.apply("play blue")  # 2 wear gained this action phase, on the used pile
    s.apply("play purple")
    for _ in range(4):
        s.apply("choose discard white")
    assert s.phase == "action" and s.discard[0] == _counts({WHITE: 1})
    assert s.used[0] == _counts({PURPLE: 1, BLUE: 1})


def test_pit_mechanic_five_left_allow_two_more_unless_another_has_five_or_fewer() -> None:
    def more(other: int) -> bool:
        s = _table("pit_mechanic", active={PURPLE: 1, LIGHTGREY: 1}, discard={WEAR: 6, WHITE: 5},
                   others={WHITE: other})
        s.apply("play purple")
        for _ in range(6):
            s.apply("choose discard wear")
        return s.phase == "card"  # the seed: 5 left, up to 2 more
    assert more(6) and not more(5)


def test_pit_mechanic_removes_only_wear_first() -> None:
    s = _table("pit_mechanic", active={PURPLE: 1, LIGHTGREY: 1}, discard={WEAR: 1, WHITE: 5},
               others={WHITE: 9})
    s.apply("play purple")
    assert _texts(s) == ["skip", "choose discard wear"]


# --- Engine (blue) --------------------------------------------------------------------------------
def test_diesel_engine_three_dark_grey_in_the_discard_three_dark_grey_spaces() -> None:
    s = _table("diesel_engine", active={BLUE: 1, LIGHTGREY: 1}, discard={DARKGREY: 3},
               cars=((12, 0, 0), (9, 0, 0)))
    s.apply("play blue")  # one dark grey ahead each time: put at once, not "up to"
    assert s.used[0] == _counts({BLUE: 1, WEAR: 2})  # its 2 wear
    # no dark grey follows 18: as far as possible (three in a row: test_seed_examples.py)
    assert s.phase == "action" and [r[1] for r in s.route] == [16, 18]
    assert "Player 0 plays Diesel Engine: 3 dark grey cubes in the discard, moves 3 dark grey " \
        "spaces, gains 2 wear" in s.log()


def test_rotary_engine_four_colours_in_the_discard_up_to_four_white_spaces() -> None:
    # the seed: 1 white, 3 light grey, 1 blue, 2 wear: up to 4 white spaces
    s = _table("rotary_engine", active={BLUE: 1, YELLOW: 1},
               discard={WHITE: 1, LIGHTGREY: 3, BLUE: 1, WEAR: 2}, cars=((0, 0, 0), (13, 0, 0)))
    s.apply("play blue")
    for space in (3, 6, 9):
        s.apply(f"place {space}")
    assert "stop moving" in _texts(s)
    s.apply("place 12")
    assert s.phase == "action" and [r[1] for r in s.route] == [3, 6, 9, 12]


def test_supercharged_puts_up_to_two_cubes_of_the_discard_on_the_active_pile() -> None:
    s = _table("supercharged", active={BLUE: 1, YELLOW: 1}, discard={BLACK: 2, WEAR: 1})
    s.apply("play blue")
    assert s.used[0][WEAR] == 1
    s.apply("choose discard black")
    s.apply("choose discard black")
    assert s.active[0] == _counts({YELLOW: 1, BLACK: 2}) and s.discard[0] == _counts({WEAR: 1})


def _crate(cars: tuple[tuple[int, int, int], ...], blue: int = 1) -> State:
    s = _table("crate_engine", active={BLUE: blue, YELLOW: 1}, cars=cars,
               bag={WHITE: 4, BLACK: 3})
    for _ in range(blue):
        s.apply("play blue")
        s.apply("stop moving")
    s.apply("end actions")
    s.apply("stop buying")
    return s


def test_crate_engine_lets_each_car_behind_move_in_position_order_not_turn_order() -> None:
    # seat 0 on the black 17 (units 5-8); seat 1 on 9 (unit 3), seat 2 on 13 (unit 4)
    s = _crate(((17, 3, 0), (9, 0, 0), (13, 0, 0)))
    assert s.phase == "card" and s.current_player == 2  # position order: seat 2 first
    assert _texts(s) == ["place 15", "place 16", "place 17", "stop moving"]  # any colour
    wear = s.discard[2][WEAR]
    s.apply("place 16")
    assert s.car_space[2] == 16 and s.car_seg[2] == 2 and s.discard[2][WEAR] == wear
    assert s.current_player == 1  # one space each: the next car behind
    s.apply("place 12")
    assert s.car_space[1] == 12 and s.is_chance_node() and s.drawing == ((0, 7),)


def test_two_crate_engine_cubes_give_each_car_behind_two_spaces_before_the_next() -> None:
    s = _crate(((17, 3, 0), (9, 0, 0), (13, 0, 0)), blue=2)
    s.apply("place 16")
    assert s.current_player == 2  # the seed: all his spaces before the next player
    s.apply("place 18")
    assert s.current_player == 1 and s.car_space[2] == 18


def test_crate_engine_gives_nothing_to_the_cars_ahead() -> None:
    s = _crate(((9, 0, 0), (17, 3, 0), (13, 0, 0)))  # seat 0 last after its end phase
    assert s.is_chance_node() and s.drawing == ((0, 7),)


def test_fuel_injection_moves_each_gear_cube_two_spaces_of_its_colour() -> None:
    s = _table("fuel_injection", active={BLUE: 1, WHITE: 2, YELLOW: 1},
               cars=((0, 0, 0), (13, 0, 0)))
    s.apply("play blue")
    assert s.used[0][WEAR] == 2
    s.apply("play white")
    s.apply("place 3")
    assert _texts(s) == ["place 6", "place 7", "stop moving"]  # "darf": it may stop
    s.apply("place 6")
    s.apply("play white")
    s.apply("place 9")
    s.apply("stop moving")
    assert [r[1] for r in s.route] == [3, 6, 9]


def test_fuel_injection_with_redline_doubles_a_white_cube_on_its_chosen_colour() -> None:
    s = _table("fuel_injection", "redline", active={BLUE: 1, RED: 1, WHITE: 1, YELLOW: 1},
               cars=((12, 0, 0), (9, 0, 0)))
    s.apply("play blue")
    s.apply("play red")
    s.apply("play white")
    s.apply("place 16")  # white as dark grey: 1 wear (Redline)
    assert _texts(s) == ["place 18", "stop moving"]  # its second space: dark grey too
    s.apply("place 18")
    assert s.used[0][WEAR] == 2 + 1 and [r[1] for r in s.route] == [16, 18]


def test_fuel_injection_does_not_double_a_cards_cube() -> None:
    s = _table("fuel_injection", "camber_toe", active={BLUE: 1, RED: 1, WHITE: 1, YELLOW: 1},
               cars=((13, 0, 0), (9, 0, 0)))
    s.apply("play blue")
    s.apply("play red")  # the white discarded; 1 space of any colour
    s.apply("place 17")
    assert s.phase == "action" and s.route == ((RED, 17, 3, 0),)


def test_combustion_engine_discards_one_then_takes_back_up_to_three_for_one_wear_each() -> None:
    s = _table("combustion_engine", active={BLUE: 1, BLACK: 1}, discard={WHITE: 2})
    s.apply("play blue")  # the black, the only cube left in the active pile, is discarded
    s.apply("choose discard black")  # the cube just discarded may come back
    s.apply("choose discard white")
    s.apply("skip")
    assert s.active[0] == _counts({BLACK: 1, WHITE: 1}) and s.used[0][WEAR] == 2


# --- Performance (green) --------------------------------------------------------------------------
def test_boost_draws_up_to_three_for_a_wear_each_then_the_others_may_draw_one() -> None:
    s = _table("boost", active={GREEN: 1, LIGHTGREY: 1}, bag={BLACK: 3, WEAR: 1},
               cars=((12, 0, 0), (13, 0, 0), (14, 0, 0)))
    s.bag = (s.bag[0], _counts({WHITE: 1, BLACK: 1}), _counts({WHITE: 1}))
    s.legal = rules.legal_ids(s)
    s.apply("play green")
    s.apply("draw one more")
    s.apply("draw black")
    assert s.used[0][WEAR] == 1
    s.apply("skip")
    assert s.current_player == 1 and _texts(s) == ["skip", "draw one more"]
    s.apply("draw one more")
    s.apply("draw black")
    assert s.active[1][BLACK] == 1 and s.used[1] == NONE  # into his active pile, no wear
    assert s.current_player == 2
    s.apply("skip")
    assert s.phase == "action" and s.current_player == 0 and s.active[2] == NONE


def test_nitro_draws_two_one_to_the_active_pile_the_other_to_the_discard() -> None:
    s = _table("nitro", active={GREEN: 1, LIGHTGREY: 1}, bag={BLACK: 3, WEAR: 1})
    s.apply("play green")
    s.apply("draw black")
    s.apply("draw wear")
    assert _texts(s) == ["choose active black", "choose active wear"]  # not the white
    s.apply("choose active wear")
    assert s.active[0] == _counts({LIGHTGREY: 1, BLACK: 1}) and s.discard[0] == _counts({WEAR: 1})


def test_turbo_two_green_in_yours_and_one_in_two_others_up_to_six_light_grey() -> None:
    s = _table("turbo", active={GREEN: 1, YELLOW: 1}, discard={GREEN: 2},
               cars=((16, 2, 0), (12, 0, 0), (9, 0, 0)), others={GREEN: 1})
    assert cards.turbo_spaces(s) == 6
    s.apply("play green")
    assert s.used[0][WEAR] == 2 and s.effect[:3] == (board.MOVE, GREEN, 6)
    for space in (19, 22, 24, 27, 30):
        s.apply(f"place {space}")
    # no light grey follows 30: as far as possible (six in a row: test_seed_examples.py)
    assert s.phase == "action"


def test_adrenaline_first_option_moves_one_light_grey_space() -> None:
    s = _table("adrenaline", active={GREEN: 1, LIGHTGREY: 1}, cars=((12, 0, 0), (9, 0, 0)))
    s.apply("play green")
    s.apply("option 1")  # from 12 the one light grey 15: must, put at once
    assert s.route == ((GREEN, 15, 1, 0),)


def test_adrenaline_from_fourth_to_second_of_five_up_to_four_light_grey_spaces() -> None:
    cars = ((9, 0, 0), (17, 3, 0), (13, 0, 0), (14, 0, 0), (10, 0, 0))
    s = _table("adrenaline", active={GREEN: 1, WHITE: 1, YELLOW: 1}, cars=cars)
    assert rules.position_order(s).index(0) == 3  # fourth
    s.apply("play green")
    s.apply("option 2")
    s.apply("play white")  # onto 12: unit 4 in lane 0, ahead of 13 and 14 (inner lane first)
    s.apply("end actions")
    s.apply("stop buying")
    assert s.car_space[0] == 12 and rules.position_order(s).index(0) == 1  # second
    assert s.phase == "card" and s.effect[:4] == (board.MOVE, GREEN, 4, 1 << LIGHTGREY)
    s.apply("place 15")  # no light grey follows 15: the move ends, the car follows
    assert s.car_space[0] == 15 and s.turn == 1


def test_adrenaline_second_option_without_a_gained_position_moves_nothing_more() -> None:
    s = _table("adrenaline", active={GREEN: 1, WHITE: 1, YELLOW: 1},
               cars=((9, 0, 0), (17, 3, 0)))
    s.apply("play green")
    s.apply("option 2")
    s.apply("play white")
    s.apply("place 12")
    s.apply("end actions")
    s.apply("stop buying")
    assert s.car_space[0] == 12 and s.turn == 1


def _four(seat0_rank: int, green: str) -> State:
    """Seat 0 on the dark-grey 16 (unit 7), at ``seat0_rank`` of 4."""
    ahead = [(17, 3, 0), (20, 0, 0), (18, 2, 0)]
    behind = [(12, 0, 0), (9, 0, 0), (10, 0, 0)]
    others = ahead[:seat0_rank - 1] + behind[:4 - seat0_rank]
    return _table(green, cars=((16, 2, 0), *others), active={GREEN: 1, YELLOW: 1})


@pytest.mark.parametrize(("rank", "spaces"), [(1, 0), (2, 2), (3, 2), (4, 3)])
def test_bump_and_run_two_dark_grey_spaces_unless_first_three_when_last(
        rank: int, spaces: int) -> None:
    s = _four(rank, "bump_and_run")
    assert cards.bump_spaces(s) == spaces  # the seed: fourth of 4, up to 3


@pytest.mark.parametrize(("rank", "colours"), [(1, 0b1), (2, 0b11), (3, 0b11), (4, 0b111)])
def test_overdrive_colours_by_position_white_first_dark_grey_last(rank: int,
                                                                   colours: int) -> None:
    assert cards.overdrive_colours(_four(rank, "overdrive")) == colours


def test_overdrive_second_of_three_one_white_and_two_light_grey_spaces() -> None:
    s = _table("overdrive", active={GREEN: 1, YELLOW: 1},
               cars=((18, 2, 0), (27, 1, 0), (12, 0, 0)))
    s.apply("play green")
    assert s.used[0][WEAR] == 1
    for space in (21, 22, 24):
        s.apply(f"place {space}")
    assert s.phase == "action" and [r[1] for r in s.route] == [21, 22, 24]


# --- errors ---------------------------------------------------------------------------------------
def test_a_choice_a_card_does_not_offer_names_the_card_and_changes_nothing() -> None:
    s = _table("pit_crew", active={PURPLE: 1, LIGHTGREY: 1}, discard={WEAR: 2})
    s.apply("play purple")
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"Pit Crew asks which option.*AU-50"):
        s.apply("choose discard wear")
    assert s.key() == before


def test_every_card_is_built_and_has_a_rule_id() -> None:
    cfg = config_for(2)
    assert set(rules.BUILT_CARDS) == {c.id for c in cfg.cards}
    assert all(c.rule.startswith("AU-") for c in cfg.cards)


# --- positions with the cards' fields -------------------------------------------------------------
def _mid_card_positions() -> list[State]:
    """Real positions in the middle of card effects (picks, draws, options, moves, flags)."""
    found: dict[int, State] = {}
    for seed in range(40):
        s = automobiles.new_game(3, seed, cards="random")
        rng = random.Random(seed)
        while not s.is_terminal() and len(found) < 10:
            if s.phase == "card" or s.flags or s.crate:
                key = s.effect[0] if s.effect else 10 + s.flags
                found.setdefault(key, s.clone())
            s.apply(rng.choice(s.legal_action_ids()))
    return list(found.values())


def test_positions_mid_card_round_trip_through_json() -> None:
    positions = _mid_card_positions()
    assert len(positions) >= 8
    for s in positions:
        again = serialize.state_from_json(s.to_json())
        assert again == s and again.legal_action_ids() == s.legal_action_ids()


@pytest.mark.parametrize(("field", "value", "named"), [
    ("flags", 1 << 5, "flags"), ("crate", 3, "crate"), ("effect", [4, 99, 0, 1, 0, 0], "effect"),
    ("effect", [9, 0, 0, 1, 1, 0], "effect"), ("cards", ["car_chief"], "cards")])
def test_a_bad_card_field_is_refused_naming_it(field: str, value: object, named: str) -> None:
    s = _mid_card_positions()[0]
    data = json.loads(s.to_json())
    data[field] = value
    with pytest.raises(gamecore.PositionError, match=named):
        serialize.state_from_dict(data)


def test_a_position_without_the_new_optional_fields_still_loads() -> None:
    s = automobiles.new_game(2, 3)
    data = json.loads(s.to_json())
    del data["flags"], data["crate"]
    assert serialize.state_from_dict(data) == s
