"""The worked examples of the Japanese seed, replayed move by move through the engine.

Each test rebuilds the situation the example describes from a small position
(tests/support/builders.py),
plays the example's actions and checks every outcome the example states.
"""

from __future__ import annotations

import kwcore
from kwcore import rules
from tests.support.builders import (
    chain_names,
    co,
    events,
    fresh,
    fresh_turn,
    give_engineer,
    legal_texts,
    pref,
    put_car,
    set_active,
    set_chain,
    workers,
)


def test_green_at_the_tail_picking_the_tile_next_to_it_plays_two_turns_in_a_row() -> None:
    """seed JP: Action phase, example (turn order) with Green; RULINGS K1."""
    s = set_chain(fresh(), ["Green", "GrandPrix", "Orange", "Blue", "Red"])
    green = co(s, "Green")
    assert s.current_player == green and s.decision() == "choose_tile"

    s.apply("pick GrandPrix")
    assert s.decision() == "team"
    s.apply("team 0")
    # Green's marker took the Grand Prix tile's place, so it is still farthest back.
    names = chain_names(s)
    assert names[0] == "Green" and names[-1] == "GrandPrix"
    assert names[1:4] == ["Orange", "Blue", "Red"]
    assert s.current_player == green and s.decision() == "choose_tile"

    s.apply("pick GrandPrix+Attract")
    assert s.current_player == green and s.decision() == "choose_action"
    assert set(legal_texts(s)) >= {"do grandprix", "do attract"}


def test_attracting_the_body_buyer_takes_its_white_2_and_fills_active_space_2() -> None:
    """seed JP: Actions, example (Attract buyer); RULINGS K9."""
    s = fresh_turn("Green")
    set_active(s, ["engine", None, None, None])
    green = co(s, "Green")
    assert s.whites[pref("body")] == (2,)
    s.apply("pick Attract")
    assert s.decision() == "attract"
    s.apply("attract body")
    assert s.companies[green].reputation == 2
    assert s.whites[pref("body")] == ()
    assert s.active[:2] == (pref("engine"), pref("body")) and s.active[2:] == (-1, -1)
    assert s.stacks[pref("body")] == 1
    assert any("body buyer to active space 2" in line and "worth 2" in line for line in s.log())


def test_green_racing_engine_2_passes_blue_on_space_2_and_ends_on_space_3() -> None:
    """seed JP: Grand Prix 2, example (Grand Prix); RULINGS K10."""
    s = fresh_turn("Green")
    green, blue = co(s, "Green"), co(s, "Blue")
    s.companies[green].race_engine = 2
    s.companies[blue].progress = 2  # Blue's car on space 2
    s.apply("pick GrandPrix")
    s.apply("team 0")
    assert s.companies[green].progress == 3
    assert rules.space_of(s.cfg.circuit_length, s.companies[green].progress) == 3
    assert s.companies[blue].progress == 2
    move = [line for line in s.log() if line.startswith("Green's car moves")][-1]
    assert "passes Blue" in move and "ends on space 3" in move


def test_green_places_body_4_engine_4_worker_and_salesman_for_8_on_space_4() -> None:
    """seed JP: Placing a car, example; RULINGS K13 (the salesman counts 3 workers)."""
    s = fresh()
    for owner, price in (("Blue", 1), ("Red", 2), ("Orange", 3)):
        put_car(s, owner, 2, 2, 1, price)
    give_engineer(s, "Green", "Riker")
    green = co(s, "Green")
    g = s.companies[green]
    g.body_track = g.engine_track = 4
    g.workshops = ((0, 4), (1, 2), (1, 4))  # a second engine makes the engine a real choice
    workers(s, "Green", canteen=1)
    set_chain(s, ["Green"])
    s.apply("pick Research")
    s.apply("research body")
    assert s.decision() == "market"
    for step in ("car body 4", "car engine 4", "car workers 1 with salesman"):
        s.apply(step)
    assert 8 in s.chart
    s.apply("car price 8")
    car = s.market[3]
    assert car is not None and car.owner == green
    assert (car.body, car.engine, car.workers, car.salesman, car.price) == (4, 4, 1, True, 8)
    assert rules.service_value(car, s.cfg.salesman_service) == 4
    assert sum(1 for c in s.market if c is None) == 2
    assert 8 not in s.chart and g.canteen == 0 and g.salesman == "market"
    assert s.round == 1 and s.decision() == "choose_tile"  # 4 cars: the round goes on


def test_sales_example_orange_then_green_on_lower_price_then_blue_body_5() -> None:
    """seed JP: Scoring phase B, example (sales); RULINGS K14, K15, K16."""
    s = fresh()
    orange, green, red, blue = (co(s, n) for n in ("Orange", "Green", "Red", "Blue"))
    put_car(s, "Orange", 2, 2, 4, 6)
    green_slot = put_car(s, "Green", 3, 4, 1, 8, investor="Ford")
    put_car(s, "Red", 2, 4, 2, 9)
    put_car(s, "Blue", 5, 3, 1, 10)
    put_car(s, "Red", 1, 1, 1, 1)
    set_active(s, ["service", "engine", "body", None])
    s.companies[red].workshops = ((0, 1), (1, 1), (1, 2))
    set_chain(s, ["Red"])
    supply_tokens = s.inv_supply
    before = s.scores()
    n_events = len(s.events)

    s.apply("pick Research")
    s.apply("research body")
    for step in ("car body 1", "car engine 1", "car workers 1", "car price 2"):
        s.apply(step)
    # The sixth car ended the action phase; the round was scored.
    assert s.round == 2
    sales = [(e.kind, *e.values()) for e in s.events[n_events:] if e.kind == "sale"]
    assert sales[0][1:5] == (orange, 0, "buyer", pref("service"))
    assert sales[0][5] == 6
    assert sales[1][1:5] == (green, green_slot, "buyer", pref("engine"))
    assert sales[1][5] == 8
    assert sales[2][1:5] == (blue, 3, "buyer", pref("body"))
    assert sales[2][5] == 10
    # The token went back and the car stayed: investor Ford buys the same car again.
    assert sales[3][1:4] == (green, green_slot, "investor")
    gains = [a - b for a, b in zip(s.scores(), before, strict=True)]
    assert gains[orange] == 6 and gains[blue] == 10 and gains[red] == 0
    assert gains[green] == 16
    assert s.inv_supply == supply_tokens + 1


def test_sales_example_step_by_step_token_leaves_and_car_stays() -> None:
    """seed JP: Scoring phase B4, example (sales); RULINGS K15: right after the engine buyer
    the invested car is still on the market without its token."""
    s = fresh()
    green = co(s, "Green")
    put_car(s, "Orange", 2, 2, 4, 6)
    slot = put_car(s, "Green", 3, 4, 1, 8, investor="Selden")  # Green has no lap: no resale
    put_car(s, "Red", 2, 4, 2, 9)
    put_car(s, "Blue", 5, 3, 1, 10)
    set_active(s, ["service", "engine", "body", None])
    rules.score_sales(s)
    car = s.market[slot]
    assert car is not None and car.owner == green and not car.invested
    assert s.market[0] is None and s.market[3] is None and s.market[2] is not None
    assert s.companies[green].reputation == 8


def test_blue_takes_the_worker_and_body_research_start_tile() -> None:
    """seed JP: Warm-up (start tiles), example with Blue."""
    for seed in range(50):
        s = kwcore.new_game(players=4, seed=seed)
        if s.start_order.index(1) < 3:
            break
    blue = co(s, "Blue")
    while s.current_player != blue:
        choice = next(a for a in legal_texts(s) if a != "start BodyTrack2+Worker")
        s.apply(choice)
    assert s.decision() == "choose_start"
    b = s.companies[blue]
    assert (b.canteen, b.supply, b.body_track) == (4, 8, 1)
    s.apply("start BodyTrack2+Worker")
    b = s.companies[blue]
    assert (b.canteen, b.supply, b.body_track, b.engine_track) == (5, 7, 2, 1)
    assert "start BodyTrack2+Worker" not in legal_texts(s)
    assert len(events(s, "start")) >= 1
