"""The rules tour (kwwidgets.tour): each section shows what its worked example in the seed says.

The expected numbers come from the rule text (docs/rules.md, the "Example" paragraphs and the
Preparation phase), not from the tour's own output.
"""

from __future__ import annotations

import kwcore
from kwcore import rules
from kwwidgets import tour
from positions import chain_names, co, pref


def _states(scenes: list[tour.Scene]) -> list[kwcore.State]:
    return [s for _, s in scenes]


def test_every_section_has_captioned_scenes_that_draw_and_survive_json() -> None:
    for title, build in tour.SECTIONS.items():
        scenes = build()
        assert len(scenes) >= 3, title
        for caption, state in scenes:
            assert caption.strip(), title
            assert state._repr_svg_().startswith("<svg")
            assert kwcore.from_json(state.to_json()) == state


def test_scenes_are_independent_copies() -> None:
    """Stepping through a section must not change the other scenes (each is its own copy)."""
    first, second = _states(tour.attract_buyer())[:2]
    before = second.to_json()
    first.apply("pick Attract")
    assert second.to_json() == before


def test_round_structure_prepares_round_1_and_2_with_their_price_markers() -> None:
    """seed JP: Preparation phase A, B; Game end 1: orange then purple markers, white 2 beside
    the body buyers and 1 beside the others, two face-up recruit tiles per kind, three rounds."""
    setup, round1, round2, end = _states(tour.round_structure())
    assert setup.decision() == "choose_start"
    assert round1.round == 1 and round1.chart == (1, 2, 3, 5, 6, 8, 9, 10)
    assert round1.whites[pref("body")] == (2,)
    assert all(round1.whites[pref(k)] == (1,) for k in ("engine", "service", "price"))
    assert all(len(row) == 2 for row in round1.face_up)
    assert round2.round == 2 and round2.chart == (2, 3, 5, 6, 8, 9, 11, 12)
    assert end.is_terminal() and end.round == 3


def test_turn_order_green_at_the_tail_plays_twice_in_a_row() -> None:
    """seed JP: Action phase, example (turn order); RULINGS K1."""
    start, picked, again, second = _states(tour.turn_order())
    green = co(start, "Green")
    assert chain_names(start)[:2] == ["Green", "GrandPrix"]
    assert start.current_player == green
    assert picked.decision() == "team" and picked.picked == picked.cfg.tile_named("GrandPrix").index
    assert chain_names(again)[0] == "Green" and chain_names(again)[-1] == "GrandPrix"
    assert again.current_player == green and again.decision() == "choose_tile"
    assert second.current_player == green
    assert second.picked == second.cfg.tile_named("GrandPrix+Attract").index


def test_attract_buyer_takes_the_white_2_and_fills_active_space_2() -> None:
    """seed JP: Actions, example (Attract buyer); RULINGS K9."""
    before, _, after = _states(tour.attract_buyer())
    green = co(before, "Green")
    assert before.whites[pref("body")] == (2,)
    assert before.active == (pref("engine"), -1, -1, -1)
    assert after.whites[pref("body")] == ()
    assert after.active[:2] == (pref("engine"), pref("body")) and after.active[2:] == (-1, -1)
    assert after.companies[green].reputation == before.companies[green].reputation + 2


def test_grand_prix_engine_2_passes_blue_on_space_2_and_ends_on_space_3() -> None:
    """seed JP: Grand Prix 2, example (Grand Prix); RULINGS K10."""
    before, _, after = _states(tour.grand_prix())
    green, blue = co(before, "Green"), co(before, "Blue")
    length = before.cfg.circuit_length
    assert before.companies[green].race_engine == 2 and before.companies[green].progress == 0
    assert rules.space_of(length, before.companies[blue].progress) == 2
    assert rules.space_of(length, after.companies[green].progress) == 3
    assert after.companies[blue].progress == before.companies[blue].progress


def test_placing_a_car_body_4_engine_4_service_4_price_8_leaves_two_spaces() -> None:
    """seed JP: Placing a car, example; RULINGS K13."""
    scenes = _states(tour.placing_a_car())
    before, after = scenes[0], scenes[-1]
    green = co(before, "Green")
    assert sum(car is not None for car in before.market) == 3
    new = [car for car in after.market if car is not None and car.owner == green]
    assert len(new) == 1
    car = new[0]
    assert (car.body, car.engine, car.price) == (4, 4, 8)
    assert car.workers == 1 and car.salesman
    assert rules.service_value(car, after.cfg.salesman_service) == 4
    assert sum(car is None for car in after.market) == 2
    assert 8 in before.chart and 8 not in after.chart


def test_sales_orange_6_green_8_on_the_lower_price_blue_10_and_the_token_returns() -> None:
    """seed JP: Scoring phase B, example (sales); RULINGS K14, K15, K16."""
    before, one, two, three, investors = _states(tour.sales())
    orange, green, blue = (co(before, n) for n in ("Orange", "Green", "Blue"))

    def gain(state: kwcore.State) -> list[int]:
        return [a - b for a, b in zip(state.scores(), before.scores(), strict=True)]

    assert gain(one)[orange] == 6 and sum(gain(one)) == 6
    assert gain(two)[green] == 8 and sum(gain(two)) == 14
    # The engine tie: Red's car has engine 4 too, at a higher price.
    assert sorted(car.engine for car in before.market if car and car.engine == 4) == [4, 4]
    green_cars = [car for car in two.market if car is not None and car.owner == green]
    assert len(green_cars) == 1 and not green_cars[0].invested  # the car stays, token gone
    assert two.inv_supply == before.inv_supply + 1
    assert gain(three)[blue] == 10 and sum(gain(three)) == 24
    # "another buyer or investor may buy it": the investor buys Green's car again.
    assert gain(investors)[green] == 16
