"""The drivers (AU-24, AU-69..AU-78; RA7): the draft and each driver's power, with the seed's
examples (Josh Trin 3, and none when drafting; Mike Skipjack 10; Kaia Lin 4), driven by
actions from small positions (spaces as in ``tests/automobiles/test_rules.py``)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

import automobiles
import gamecore
from automobiles import cards, rules, serialize
from automobiles.config import BLACK, DARKGREY, LIGHTGREY, WEAR, WHITE, YELLOW, config_for
from automobiles.game import GAME
from automobiles.state import State
from tests.automobiles.test_rules import _counts, _position, _texts
from tests.gamecore import test_conformance as conformance

NAMES = config_for(2).drivers


def _driven(driver: int, cars: tuple[tuple[int, int, int], ...] = ((12, 0, 0), (9, 0, 0)),
            active: dict[int, int] | None = None, bag: dict[int, int] | None = None,
            discard: dict[int, int] | None = None) -> State:
    """``_position`` with seat 0 driving ``driver`` and the other seats drivers that act only
    in their own turns (David Bird, Eileen Pi, or the next ones)."""
    s = _position(cars, active, bag, discard)
    others = [d for d in (cards.DAVID, cards.EILEEN, cards.KALI, cards.MAG) if d != driver]
    s.drivers = (driver, *others[:s.players - 1])
    s.legal = rules.legal_ids(s)
    return s


def _to_wear_phase(s: State) -> None:
    s.apply("end actions")
    s.apply("stop buying")


# --- the draft ----------------------------------------------------------------------------------
def test_players_plus_one_drivers_are_dealt_and_taken_from_the_last_grid_position() -> None:
    s = automobiles.new_game(3, None, drivers=True, house_drivers_single_race=True,
                             explicit_chance=True)
    s.apply("order seat 2")
    s.apply("order seat 0")
    assert s.phase == "drivers" and s.is_chance_node()
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 10 and all(p == pytest.approx(1 / 10) for _, p in outcomes)
    for name in ("Kaia Lin", "Josh Trin", "Juan Goody", "Mike Skipjack"):
        s.apply(f"deal driver {name}")
    assert s.phase == "driver" and s.current_player == 1  # grid P3, the last, first
    assert _texts(s) == ["take driver Josh Trin", "take driver Juan Goody",
                         "take driver Mike Skipjack", "take driver Kaia Lin"]
    s.apply("take driver Kaia Lin")
    assert s.current_player == 0  # then P2
    s.apply("take driver Josh Trin")
    assert s.current_player == 2
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"AU-24"):
        s.apply("take driver Kaia Lin")  # taken already
    assert s.key() == before
    s.apply("take driver Mike Skipjack")
    assert s.drivers == (cards.JOSH, cards.KAIA, cards.MIKE) and s.pool == ()
    assert s.phase == "prebuy"
    assert serialize.state_from_json(s.to_json()) == s


def test_a_seeded_game_with_drivers_deals_them_from_the_seed_and_plays() -> None:
    s = automobiles.new_game(4, 3, drivers=True, house_drivers_single_race=True)
    assert s.phase == "driver" and len(s.pool) == 5
    while s.phase == "driver":
        s.apply(s.legal_action_ids()[0])
    assert sorted(s.drivers) == sorted(set(s.drivers)) and min(s.drivers) >= 0


# --- Josh Trin (AU-69) --------------------------------------------------------------------------
def test_josh_trin_three_wear_in_the_wear_phase_allow_three_light_grey_spaces() -> None:
    s = _driven(cards.JOSH, active={DARKGREY: 1, YELLOW: 1})
    s.apply("play darkgrey")  # onto the dark-grey 16: 3 wear in the wear phase
    _to_wear_phase(s)
    assert s.used[0][WEAR] == 3 and s.current_player == 0 and s.effect[3] == 3
    assert _texts(s) == ["place 19", "stop moving"]
    for space in (19, 22, 24):
        s.apply(f"place {space}")
    assert s.car_space[0] == 24 and s.turn == 1 and s.discard[0][WEAR] == 3  # no more wear


def test_josh_trin_drafting_gains_no_wear_and_no_move() -> None:
    s = _driven(cards.JOSH, cars=((12, 0, 0), (19, 0, 0)), active={DARKGREY: 1, YELLOW: 1})
    s.apply("play darkgrey")  # 16; the car ahead on 19, the next space of its lane: drafting
    _to_wear_phase(s)
    assert s.turn == 1 and s.car_space[0] == 16 and s.discard[0][WEAR] == 0


# --- David Bird, Eileen Pi (AU-70, AU-71) -----------------------------------------------------
def test_david_bird_puts_one_cube_of_the_discard_on_the_active_pile_once_a_turn() -> None:
    s = _driven(cards.DAVID, active={YELLOW: 1, LIGHTGREY: 1}, discard={BLACK: 1, WEAR: 1})
    assert "use driver" in _texts(s)
    s.apply("use driver")
    s.apply("choose discard black")
    assert s.active[0] == _counts({YELLOW: 1, LIGHTGREY: 1, BLACK: 1})
    assert "use driver" not in _texts(s)
    with pytest.raises(gamecore.IllegalActionError, match=r"once a turn"):
        s.apply("use driver")


def test_eileen_pi_puts_up_to_three_cubes_of_the_discard_back_into_the_bag() -> None:
    s = _driven(cards.EILEEN, active={YELLOW: 1, LIGHTGREY: 1}, bag={WHITE: 7},
                discard={BLACK: 4})
    s.apply("use driver")
    for _ in range(3):
        s.apply("choose discard black")
    assert s.bag[0] == _counts({WHITE: 7, BLACK: 3}) and s.discard[0] == _counts({BLACK: 1})
    assert s.phase == "action"


# --- Mag Matthews, Kali Bauer (AU-72, AU-73) -------------------------------------------------
def test_mag_matthews_draws_up_to_three_then_returns_removes_or_keeps_each_for_its_value() -> None:
    s = _driven(cards.MAG, active={YELLOW: 1}, bag={BLACK: 3})
    s.apply("end actions")
    assert s.money == 2 and "use driver" in _texts(s)
    s.apply("use driver")
    s.apply("draw 2 cubes at once")  # AU-72: the number first, then both are drawn
    assert s.active[0] == _counts({YELLOW: 1, BLACK: 2})
    s.apply("choose active black")  # back into the bag
    s.apply("skip")  # return no more
    s.apply("skip")  # remove none: the other black stays, worth $2 in this buy phase
    assert s.phase == "buy" and s.money == 4 and s.bag[0][BLACK] == 2


def test_kali_bauer_removes_discard_cubes_at_one_dollar_each() -> None:
    s = _driven(cards.KALI, active={YELLOW: 2}, discard={WEAR: 5})
    s.apply("end actions")
    assert s.money == 4
    s.apply("use driver")
    s.apply("choose discard wear")
    s.apply("choose discard wear")
    s.apply("skip")
    assert s.phase == "buy" and s.money == 2 and s.discard[0] == _counts({WEAR: 3})


def test_kali_bauer_without_money_has_no_benefit() -> None:
    s = _driven(cards.KALI, active={WEAR: 1}, discard={WEAR: 5})
    s.apply("end actions")  # $0: nothing to buy, no power: the buy phase ends at once
    assert s.turn == 1 and s.discard[0][WEAR] == 6


# --- Juan Goody (AU-74) -------------------------------------------------------------------------
def test_juan_goody_moves_one_more_space_of_any_colour_and_gains_its_wear() -> None:
    s = _driven(cards.JUAN, active={LIGHTGREY: 1, YELLOW: 1})
    s.apply("play lightgrey")  # onto the light-grey 15
    _to_wear_phase(s)
    assert s.car_space[0] == 15 and _texts(s) == ["place 16", "place 18", "stop moving"]
    s.apply("place 18")  # dark grey: the wear phase counts it
    assert s.car_space[0] == 18 and s.turn == 1 and s.discard[0][WEAR] == 3


# --- Mike Skipjack, Micah Conner, Nathan Emery, Kaia Lin (AU-75..AU-78) ------------------------
def test_mike_skipjack_three_wear_draw_ten_instead_of_seven() -> None:
    s = _driven(cards.MIKE, active={DARKGREY: 1, YELLOW: 1}, bag={WHITE: 12})
    s.apply("play darkgrey")
    _to_wear_phase(s)  # 3 wear in the wear phase; the 7 drawn
    assert s.current_player == 0 and _texts(s) == ["skip", "draw one more"]
    for _ in range(3):
        s.apply("draw one more")
    assert sum(s.active[0]) == 10 and s.phase == "action" and s.current_player == 1


def test_mike_skipjack_drafting_draws_seven() -> None:
    s = _driven(cards.MIKE, cars=((12, 0, 0), (19, 0, 0)), active={DARKGREY: 1, YELLOW: 1},
                bag={WHITE: 12})
    s.apply("play darkgrey")
    _to_wear_phase(s)
    assert sum(s.active[0]) == 7 and s.current_player == 1


def test_micah_conner_removes_up_to_three_wear_before_drawing() -> None:
    s = _driven(cards.MICAH, active={DARKGREY: 1, YELLOW: 1}, discard={WEAR: 2})
    s.apply("play darkgrey")
    _to_wear_phase(s)  # 3 more wear: 5 in the discard
    assert s.current_player == 0 and _texts(s) == ["skip", "choose discard wear"]
    for _ in range(3):
        s.apply("choose discard wear")
    assert s.discard[0][WEAR] == 2 and s.active[0] == _counts({WHITE: 7})  # then the draw


def test_nathan_emery_draws_up_to_two_more_after_drawing() -> None:
    s = _driven(cards.NATHAN, active={YELLOW: 1, LIGHTGREY: 1}, bag={WHITE: 9})
    s.apply("end actions")
    s.apply("stop buying")
    s.apply("draw one more")
    s.apply("skip")
    assert sum(s.active[0]) == 8 and s.current_player == 1


def test_kaia_lin_seven_drawn_four_discarded_four_drawn() -> None:
    s = _driven(cards.KAIA, active={YELLOW: 1, LIGHTGREY: 1}, bag={WHITE: 7, BLACK: 4})
    s.apply("end actions")
    s.apply("stop buying")
    for _ in range(7):
        s.apply("draw white")
    assert s.current_player == 0 and "skip" in _texts(s)
    for _ in range(4):
        s.apply("choose active white")
    s.apply("skip")  # 4 drawn: the 4 black cubes left in the bag, certain
    assert s.active[0] == _counts({WHITE: 3, BLACK: 4}) and s.current_player == 1
    assert s.discard[0][WHITE] >= 4


# --- positions ------------------------------------------------------------------------------------
def test_a_driver_position_round_trips_and_bad_driver_fields_are_refused() -> None:
    s = automobiles.new_game(3, 5, drivers=True, house_drivers_single_race=True)
    while s.phase == "driver":
        s.apply(s.legal_action_ids()[-1])
    data = json.loads(s.to_json())
    assert serialize.state_from_dict(data) == s
    for field, value in (("drivers", [0, 0, 1]), ("drivers", [0, 1]), ("pool", [3]),
                         ("gained", 2)):
        bad = dict(data, **{field: value})
        with pytest.raises(gamecore.PositionError, match=field):
            serialize.state_from_dict(bad)


def _with_drivers(players: int = 2, seed: int | None = 0, explicit_chance: bool = False) -> Any:
    return automobiles.new_game(players, seed, cards="random", explicit_chance=explicit_chance,
                                drivers=True, house_drivers_single_race=True)


DRIVERS_GAME = dataclasses.replace(GAME, new_game=_with_drivers)


def test_driver_games_end_round_trip_clone_and_refuse_illegal_actions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # random play with drivers and random card sets runs past the suite's 3,000 decisions
    monkeypatch.setattr(conformance, "MAX_DECISIONS", 20_000)
    conformance.test_seeded_random_games_end_for_every_player_count(DRIVERS_GAME)
    conformance.test_json_round_trips_at_every_step(DRIVERS_GAME)
    conformance.test_clones_are_independent_and_undo_restores(DRIVERS_GAME)
    conformance.test_an_illegal_action_raises_and_changes_nothing(DRIVERS_GAME)
    conformance.test_explicit_chance_outcomes_sum_to_one(DRIVERS_GAME)
