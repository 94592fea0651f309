"""The drivers where the seed's words were not yet followed (AU-24, AU-72).

Mag Matthews: "Ziehen Sie bis zu 3 Würfel auf einmal ... Nachdem Sie alle benötigten Würfel
gezogen haben, entscheiden Sie sich ..." (draw up to 3 cubes at once; after drawing all of them,
decide for each), unlike Boost's "nacheinander ziehen" (one after the other): the number comes
first, then every cube is drawn, then the choices. And the driver cards themselves: "Wenn Sie
mit Fahrerkarten spielen (nur bei einer Rennsaison)": only in a season, unless the house rule
``house_drivers_single_race`` is named."""

from __future__ import annotations

import json

import pytest

import automobiles
from automobiles import cards, events, serialize
from automobiles.config import BLACK, WHITE, YELLOW
from automobiles.game import GAME
from automobiles.state import State
from gamecore import cli
from gamecore.chance import CHANCE
from tests.automobiles.test_drivers import _driven
from tests.automobiles.test_rules import _counts, _texts

AT_ONCE = ["draw 1 cube at once", "draw 2 cubes at once", "draw 3 cubes at once"]


def _mag(bag: dict[int, int], seed: int | None = None) -> State:
    """Seat 0 drives Mag Matthews, $2 in hand at its buy phase, and has just used the power."""
    s = _driven(cards.MAG, active={YELLOW: 1}, bag=bag)
    s.buyer = s.players  # every grid position has bought before the race (AU-11)
    s.stock = tuple(spec.stock - sum(pile[c] for field in (s.bag, s.active, s.used, s.discard)
                                     for pile in field)
                    for c, spec in enumerate(s.cfg.cubes))  # every cube somewhere (RA2)
    if seed is not None:  # chance from the seed, as in a seeded game
        s.seed, s.draws = seed, 0
    s.apply("end actions")
    s.apply("use driver")
    return s


# --- Mag Matthews (AU-72): the number first, then all drawn, then a choice for each --------------
def test_mag_matthews_chooses_how_many_cubes_before_seeing_any() -> None:
    s = _mag({WHITE: 3, BLACK: 3})
    assert s.current_player == 0 and _texts(s) == AT_ONCE
    assert "draw one more" not in _texts(s) and "skip" not in _texts(s)


def test_mag_matthews_draws_all_chosen_cubes_before_any_decision() -> None:
    s = _mag({WHITE: 3, BLACK: 3})
    s.apply("draw 3 cubes at once")
    for cube in ("black", "white", "black"):
        assert s.current_player == CHANCE  # no decision between the draws
        s.apply(f"draw {cube}")
    assert s.current_player == 0 and s.active[0] == _counts({YELLOW: 1, BLACK: 2, WHITE: 1})
    assert "choose active black" in _texts(s) and "choose active white" in _texts(s)


def test_mag_matthews_in_a_seeded_game_draws_the_three_then_decides_for_each() -> None:
    s = _mag({WHITE: 3, BLACK: 3}, seed=11)
    s.apply("draw 3 cubes at once")
    drawn = s.events[-3:]
    assert all(isinstance(e, events.DrawCube) for e in drawn)
    assert isinstance(s.events[-4], events.MagDraws) and s.events[-4].count == 3
    assert s.current_player == 0 and sum(s.active[0]) == 4  # the yellow and the three
    blacks = s.active[0][BLACK]
    whites = s.active[0][WHITE]
    assert blacks + whites == 3
    # each cube: back to the bag, removed, or kept for its value (synthetic values, RA1)
    if whites:
        s.apply("choose active white")  # one white back into the bag
    s.apply("skip")
    if blacks:
        s.apply("choose active black")  # one black removed to the stock
    s.apply("skip")
    kept_value = 2 * max(blacks - 1, 0) + max(whites - 1, 0)
    assert s.phase == "buy" and s.money == 2 + kept_value


def test_mag_matthews_draws_no_more_than_the_bag_and_discard_hold() -> None:
    s = _mag({WHITE: 1, BLACK: 1})
    assert _texts(s) == AT_ONCE[:2]


def test_a_position_in_the_middle_of_the_draw_round_trips() -> None:
    s = _mag({WHITE: 3, BLACK: 3})
    s.apply("draw 3 cubes at once")
    s.apply("draw white")
    back = serialize.state_from_json(s.to_json())
    assert back == s and back.legal_action_ids() == s.legal_action_ids()


def test_boost_still_draws_one_cube_at_a_time() -> None:
    assert "boost" in cards.KINDS and cards.KINDS["boost"] == (cards.DRAWS,)
    assert "mag_matthews" in cards.KINDS and cards.DRAWS in cards.KINDS["mag_matthews"]


# --- drivers only in a season (AU-24) ----------------------------------------------------------
def test_drivers_without_a_season_are_refused_naming_the_rule() -> None:
    with pytest.raises(ValueError, match="nur bei einer Rennsaison"):
        automobiles.new_game(3, 1, drivers=True)
    with pytest.raises(ValueError, match="drivers"):
        GAME.new_game(3, 1, drivers=True)


def test_drivers_in_a_season_are_the_rules() -> None:
    s = automobiles.new_game(3, 1, drivers=True, season=3)
    assert s.phase == "driver" and len(s.pool) == 4


def test_the_single_race_house_rule_must_be_named_and_needs_drivers_without_a_season() -> None:
    s = automobiles.new_game(3, 1, drivers=True, house_drivers_single_race=True)
    assert s.races == 1 and len(s.pool) == 4
    for bad in ({"drivers": False}, {"drivers": True, "season": 3}):
        with pytest.raises(ValueError, match="house rule"):
            automobiles.new_game(3, 1, house_drivers_single_race=True, **bad)


def test_the_house_rule_is_offered_as_such_in_the_options(
        capsys: pytest.CaptureFixture[str]) -> None:
    option = GAME.option("house_drivers_single_race")
    assert option.default is False and "house rule, not in the rules" in option.help
    assert cli.main(["new", "--game", "automobiles", "--list-options"]) == 0
    out = capsys.readouterr().out
    assert "house_drivers_single_race" in out and "house rule, not in the rules" in out


def test_a_house_rule_game_replays_from_its_file() -> None:
    s = automobiles.new_game(2, 4, drivers=True, house_drivers_single_race=True, laps=1)
    taken = []
    while s.phase == "driver":
        taken.append(str(s.legal_actions()[0]))
        s.apply(s.legal_action_ids()[0])
    text = serialize.state_replay_to_json(s, taken)
    assert json.loads(text)["house_drivers_single_race"] is True
    assert serialize.replay_from_json(text) == s
