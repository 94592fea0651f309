"""The cards of the standard set (RA1), each from the seed's text and examples: Manager (AU-36),
Suspension (AU-43), Crew Chief (AU-48), Hybrid Engine (AU-56), Transmission (AU-63). Driven by
actions from small positions (see ``tests/automobiles/test_rules.py`` for the spaces used).
Chain of light-grey spaces on the Daytona-like oval: 19, 22, 24, 27, 30 (from the dark-grey 16).
"""

from __future__ import annotations

import pytest

import gamecore
from automobiles import rules
from automobiles.config import (
    BLACK,
    BLUE,
    DARKGREY,
    GREEN,
    LIGHTGREY,
    PURPLE,
    RED,
    WEAR,
    WHITE,
    YELLOW,
)
from automobiles.state import State
from tests.automobiles.test_rules import NONE, _counts, _finish_turn, _position, _texts


# --- Manager (AU-36) ------------------------------------------------------------------------------
def test_manager_removes_an_active_cube_then_returns_one_of_the_discard_to_the_bag() -> None:
    s = _position(active={YELLOW: 1, WEAR: 1, WHITE: 1, DARKGREY: 1}, discard={BLACK: 1},
                  bag={WHITE: 7})
    stock = s.stock
    s.apply("play yellow")
    assert _texts(s) == ["remove white", "remove darkgrey", "remove wear", "skip"]
    s.apply("remove wear")
    assert s.active[0] == _counts({WHITE: 1, DARKGREY: 1}) and s.stock[WEAR] == stock[WEAR] + 1
    assert _texts(s) == ["return active white", "return active darkgrey", "return discard black",
                         "skip"]
    s.apply("return discard black")
    assert s.bag[0] == _counts({WHITE: 7, BLACK: 1}) and s.discard[0] == NONE
    assert s.phase == "action" and s.used[0] == _counts({YELLOW: 1})


def test_manager_may_skip_the_removal_and_still_return_a_cube_of_the_active_pile() -> None:
    s = _position(active={YELLOW: 1, DARKGREY: 1})
    s.apply("play yellow")
    s.apply("skip")
    s.apply("return active darkgrey")
    assert s.active[0] == NONE and s.bag[0][DARKGREY] == 1


def test_manager_may_do_neither() -> None:
    s = _position(active={YELLOW: 1, WHITE: 1, DARKGREY: 1})
    s.apply("play yellow")
    before_bag = s.bag
    s.apply("skip")
    s.apply("skip")
    assert s.phase == "action" and s.active[0] == _counts({WHITE: 1, DARKGREY: 1})
    assert s.bag == before_bag


def test_a_manager_choice_out_of_place_names_the_card() -> None:
    s = _position(active={YELLOW: 1, WHITE: 1})
    s.apply("play yellow")
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"Manager asks which cube.*AU-36"):
        s.apply("remove black")
    assert s.key() == before


# --- Suspension (AU-43) -----------------------------------------------------------------------
def test_suspension_gains_a_wear_and_moves_one_space_of_a_discarded_gears_colour() -> None:
    # the seed's example: a dark-grey cube in the discard lets the red cube go on a dark-grey space
    s = _position(cars=((12, 0, 0), (5, 0, 0)), active={RED: 1, YELLOW: 1},
                  discard={DARKGREY: 1})
    s.apply("play red")  # from 12: 15 light grey, 16 dark grey; only 16 matches, put at once
    assert s.route == ((RED, 16, 2, 0),) and s.used[0] == _counts({RED: 1, WEAR: 1})
    assert s.discard[0] == _counts({DARKGREY: 1})  # the gear stays in the discard
    _finish_turn(s)
    assert s.car_space[0] == 16
    assert s.discard[0][WEAR] == 1 + 3  # the card's wear and the dark-grey space's


def test_suspension_offers_every_colour_of_the_discards_gears() -> None:
    s = _position(cars=((12, 0, 0), (5, 0, 0)), active={RED: 1},
                  discard={LIGHTGREY: 1, DARKGREY: 2})
    s.apply("play red")
    assert _texts(s) == ["place 15", "place 16"]  # must move: no "stop moving"
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"Suspension's cube.*AU-43"):
        s.apply("stop moving")
    assert s.key() == before


def test_suspension_without_a_gear_in_the_discard_only_gains_its_wear() -> None:
    s = _position(cars=((12, 0, 0), (5, 0, 0)), active={RED: 1, YELLOW: 1}, discard={YELLOW: 2})
    s.apply("play red")
    assert s.phase == "action" and s.route == () and s.used[0][WEAR] == 1


# --- Crew Chief (AU-48) ---------------------------------------------------------------------------
def test_crew_chief_draws_until_a_cube_that_is_not_wear_then_clears_the_discards_wear() -> None:
    s = _position(active={PURPLE: 1, WHITE: 1, DARKGREY: 1}, bag={WEAR: 2, WHITE: 1},
                  discard={WEAR: 3, BLACK: 1})
    stock = s.stock[WEAR]
    s.apply("play purple")
    assert s.is_chance_node()
    assert {str(a): p for a, p in s.chance_outcomes()} == \
        {"draw wear": pytest.approx(2 / 3), "draw white": pytest.approx(1 / 3)}
    s.apply("draw wear")
    assert s.is_chance_node()  # a wear cube: draw again
    s.apply("draw white")
    assert s.phase == "action"
    # the drawn wear went to the active pile and stays; the discard's 3 wear go to the stock
    assert s.active[0] == _counts({WHITE: 2, WEAR: 1, DARKGREY: 1})
    assert s.discard[0] == _counts({BLACK: 1}) and s.stock[WEAR] == stock + 3


def test_crew_chief_stops_drawing_when_bag_and_discard_are_empty() -> None:
    s = _position(active={PURPLE: 1, DARKGREY: 1}, bag={WEAR: 1})
    s.apply("play purple")  # one wear in the bag: drawn at once; nothing left to draw
    assert s.phase == "action" and s.active[0] == _counts({DARKGREY: 1, WEAR: 1})


# --- Hybrid Engine (AU-56) --------------------------------------------------------------------
def _hybrid(other_blue: int) -> State:
    # the seed's example: 1 blue in the active pile, 1 on the track (the one played), 2 in the
    # discard: 4, more than any other player's discard unless it holds 4 or more
    s = _position(cars=((12, 0, 0), (5, 0, 0)), active={BLUE: 2, YELLOW: 1},
                  discard={BLUE: 2})
    s.discard = (s.discard[0], _counts({BLUE: other_blue}))
    s.stock = s.stock[:BLUE] + (s.stock[BLUE] - other_blue,) + s.stock[BLUE + 1:]
    s.legal = rules.legal_ids(s)
    s.apply("play blue")
    return s


def test_hybrid_engine_moves_two_spaces_of_one_colour_when_it_has_more_blue() -> None:
    s = _hybrid(3)
    assert s.used[0] == _counts({BLUE: 1, WEAR: 1})
    assert _texts(s) == ["place 15", "place 16", "stop moving"]
    s.apply("place 16")  # dark grey: the second space must be dark grey too
    assert _texts(s) == ["place 18", "stop moving"]
    s.apply("place 18")
    assert s.phase == "action" and [r[1] for r in s.route] == [16, 18]


def test_a_cards_cube_on_a_space_of_another_colour_raises_naming_the_card() -> None:
    s = _hybrid(0)
    s.apply("place 16")
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"Hybrid Engine's cube.*AU-56"):
        s.apply("place 19")  # light grey: not the first space's dark grey
    assert s.key() == before


def test_hybrid_engine_does_not_move_if_another_discard_holds_as_many_blue() -> None:
    s = _hybrid(4)
    assert s.phase == "action" and s.route == () and s.used[0][WEAR] == 1


def test_a_gear_after_a_cards_move_goes_ahead_of_the_cards_cube() -> None:
    s = _hybrid(0)
    s.apply("place 16")
    s.apply("stop moving")
    s.active = (_counts({BLACK: 1, BLUE: 1, YELLOW: 1}), NONE)
    s.legal = rules.legal_ids(s)
    s.apply("play black")  # from 16: the black 17
    assert [r[1] for r in s.route] == [16, 17]


# --- Transmission (AU-63) ---------------------------------------------------------------------
def _four(seat0_rank: int) -> State:
    """Seat 0 on the dark-grey 16 (unit 7), at ``seat0_rank`` of 4."""
    ahead = [(17, 3, 0), (20, 0, 0), (18, 2, 0)]  # units 8, 9 (lane 2), 9 (lane 0)
    behind = [(12, 0, 0), (9, 0, 0), (10, 0, 0)]
    others = ahead[:seat0_rank - 1] + behind[:4 - seat0_rank]
    return _position(cars=((16, 2, 0), *others), active={GREEN: 1, YELLOW: 1})


@pytest.mark.parametrize(("rank", "spaces"), [(1, 1), (2, 2), (3, 3), (4, 5)])
def test_transmission_reaches_as_many_light_grey_spaces_as_the_position_and_one_more_last(
        rank: int, spaces: int) -> None:
    s = _four(rank)
    assert rules.position_order(s).index(0) + 1 == rank
    assert rules.transmission_spaces(s) == spaces  # the seed: third of 4, 3; fourth of 4, 5


def test_transmission_moves_the_green_cube_along_consecutive_light_grey_spaces() -> None:
    s = _four(4)
    s.apply("play green")
    for space in (19, 22, 24, 27):
        assert f"place {space}" in _texts(s) and "stop moving" in _texts(s)
        s.apply(f"place {space}")
    s.apply("place 30")  # the fifth space: the effect is spent
    assert s.phase == "action" and [r[1] for r in s.route] == [19, 22, 24, 27, 30]
    _finish_turn(s)
    assert s.car_space[0] == 30 and s.discard[0][WEAR] == 1 + 2


def test_transmission_may_stop_early() -> None:
    s = _four(3)
    s.apply("play green")
    s.apply("place 19")
    s.apply("stop moving")
    assert s.phase == "action" and s.route == ((GREEN, 19, 1, 0),)
    assert s.used[0] == _counts({GREEN: 1, WEAR: 1})


def test_a_pit_stop_is_not_legal_once_a_card_is_played() -> None:
    s = _position(active={YELLOW: 2})
    s.apply("play yellow")
    s.apply("skip")
    s.apply("skip")
    assert "pit stop" not in _texts(s)
    with pytest.raises(gamecore.IllegalActionError, match=r"AU-13"):
        s.apply("pit stop")


def test_playing_a_card_cube_not_in_the_active_pile_raises() -> None:
    s = _position(active={WHITE: 1})
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"no red cube in the active pile"):
        s.apply("play red")
    assert s.key() == before
