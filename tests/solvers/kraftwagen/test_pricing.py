"""Tests of the CP-SAT car-pricing solver (solvers/kraftwagen/pricing.py; STYLE 15-16; RULINGS
K13-K21).

* Random positions (tests/support/pricing_positions.py, "small": the oracle scores at most 300
plans):
  CP-SAT equals the brute-force oracle, which scores every configuration with kwcore; every
  CP-SAT plan, replayed through kwcore's checked path, does what it says and scores its value;
  the value is proven (bound == value); the price curve matches the oracle price by price.
* Hand-made positions, one rule of the sales process each, solved end to end.
* Errors, and the reproducible preset.

A failing random case names (players, seed): ``random_pricing_position(seed, players=players)``
rebuilds the position. Positions, plans and oracle answers are cached per (players, seed), so the
chunks of (a)-(d) share them; the file takes about 40 s of CPU (1.5 min wall on a loaded
2-core machine).

Until the solver counts the achievements its own plan wins (TwoCars when the car is placed,
SecondBuyer with Buick's buyer) in Dodge's condition, the two hand-made Dodge tests fail, and so
do (a) and (b) on random positions where it matters (players=2 seed=141 at the time of writing).
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pytest

import kwcore
from kwcore import rules
from kwcore.config import BODY, CAR_TECH, ENGINE, PREFERENCES, PRICE
from kwcore.state import Car, State
from solvers.kraftwagen import pricing
from solvers.kraftwagen.pricing import PricingConfig, PricingError, PricingPlan
from tests.kwcore.test_properties import assert_components
from tests.support.builders import (
    achievement,
    check,
    co,
    fresh,
    give_engineer,
    give_investor,
    put_car,
    recruit,
    refresh,
    set_active,
    set_chain,
    workers,
)
from tests.support.pricing_positions import SMALL_MAX_PLANS, random_pricing_position

PLAYERS = (2, 3, 4)
SEEDS_PER_CHUNK = 84  # 2 chunks per player count: 504 positions
CHUNKS = [(n, start) for n in PLAYERS for start in (0, SEEDS_PER_CHUNK)]
CHUNK_IDS = [f"{n}co-seeds{start}-{start + SEEDS_PER_CHUNK - 1}" for n, start in CHUNKS]
CarSpec = tuple[str, int, int, int, int, dict[str, Any]]  # owner, body, engine, workers, price
CURVE_EVERY = 8  # the price curve on every 8th position of each chunk (~60 positions)


# --- cached answers ---------------------------------------------------------------------------
@functools.cache
def position(players: int, seed: int) -> State:
    return random_pricing_position(seed, players=players)


@functools.cache
def solved(players: int, seed: int) -> PricingPlan:
    return pricing.solve(position(players, seed))


@functools.cache
def oracle(players: int, seed: int) -> PricingPlan:
    return pricing.brute_force(position(players, seed))


def seeds(start: int) -> range:
    return range(start, start + SEEDS_PER_CHUNK)


def report(failures: list[str], what: str) -> str:
    return (f"{len(failures)} position(s) where {what}; rebuild one with "
            f"random_pricing_position(seed, players=players):\n  " + "\n  ".join(failures))


# --- the generator --------------------------------------------------------------------------------
@pytest.mark.parametrize("players", PLAYERS)
def test_random_positions_are_legal_market_decisions_and_deterministic(players: int) -> None:
    for seed in range(12):
        s = position(players, seed)
        assert s.decision() == "market" and len(s.legal) >= 2
        assert_components(s)
        assert kwcore.from_json(s.to_json()) == s
        assert random_pricing_position(seed, players=players) == s
        assert len(pricing.all_plans(s)) <= SMALL_MAX_PLANS
        assert_recruit_piles(s)


def assert_recruit_piles(s: State) -> None:
    """6 of the 9 engineer tiles are in a game: face down, face up or recruited."""
    recruited = sum(len(c.engineers) for c in s.companies)
    assert recruited + len(s.face_up[0]) + s.stack_left[0] == s.cfg.stack_size
    assert all(k <= len(u) for k, u in zip(s.stack_left, s.unseen, strict=True))


def test_large_positions_have_six_market_cars_and_every_component() -> None:
    for seed in range(3):
        s = random_pricing_position(seed, size="large")
        assert_components(s)
        assert_recruit_piles(s)
        p = s.current_player
        c = s.companies[p]
        inst = pricing.instance_from_state(s)
        assert sum(car is not None for car in s.market) == 5 and inst.can_build
        assert len(s.chart) == 3  # 8 markers a round, 5 on the cars
        assert {"buyer+2", "buyer+4", "buyer5"} <= set(c.tech)
        assert any(m in c.tech for m in CAR_TECH) and len(c.investors) == 2
        assert c.salesman == "canteen" and s.investor_track


# --- (a) CP-SAT equals the brute-force oracle -------------------------------------------------
@pytest.mark.parametrize(("players", "start"), CHUNKS, ids=CHUNK_IDS)
def test_cpsat_value_equals_the_brute_force_oracle(players: int, start: int) -> None:
    failures = []
    for seed in seeds(start):
        best, plan = oracle(players, seed), solved(players, seed)
        if best.value != plan.value:
            failures.append(f"players={players} seed={seed}: oracle {best.value} "
                            f"({best.actions}, buick {best.buick}), CP-SAT {plan.value} "
                            f"({plan.actions}, buick {plan.buick})")
    assert not failures, report(failures, "CP-SAT differs from the oracle")


# --- (b) every plan replays through kwcore to its value ---------------------------------------
def carried_out(state: State, plan: PricingPlan) -> list[str]:
    """What differs between ``plan`` and what kwcore does when it is played (checked path).

    When the planned car is the sixth and no free action is left, kwcore ends the turn and scores
    the round by itself; then the log is compared instead of the market."""
    after, taken = pricing.play_plan(state, plan, checked=True)
    p = state.current_player
    wrong = []
    if list(plan.actions) != taken:
        wrong.append(f"actions {plan.actions} but kwcore took {taken}")
    new_slot = state.market.index(None) if None in state.market else -1
    log = [(e.kind, *e.values()) for e in after.events[len(state.events):]]
    expect_log: list[tuple[object, ...]] = [("packard", p, *plan.packard)] if plan.packard else []
    expect_log += [("car", p, new_slot)] if plan.car else []
    expect_log += [("invest", p, i, slot) for i, slot in plan.investments]
    got_log = [e for e in log if e[0] in ("packard", "car", "invest")]
    if got_log != expect_log:
        wrong.append(f"log {got_log}, planned {expect_log}")
    if plan.buick >= 0 and ("buyer5" not in state.companies[p].tech
                            or state.stacks[plan.buick] == 0):
        wrong.append(f"Buick buyer {PREFERENCES[plan.buick]} cannot be placed")
    if after.round != state.round or after.is_terminal():
        return wrong  # kwcore scored the round itself: the market is already cleared
    invested = {slot for _, slot in plan.investments}
    for slot, car in enumerate(state.market):
        expect = car
        if plan.car is not None and slot == new_slot:
            k = plan.car
            expect = Car(p, k.body, k.engine, k.workers, k.salesman, k.price, k.tech, False)
        if expect is not None and slot in invested:
            expect = expect._replace(invested=True)
        if after.market[slot] != expect:
            wrong.append(f"market space {slot + 1}: {after.market[slot]}, planned {expect}")
    track = state.investor_track + tuple(i for i, _ in plan.investments)
    if after.investor_track != track:
        wrong.append(f"investor track {after.investor_track}, planned {track}")
    packard = list(state.packard)
    if plan.packard is not None:
        packard[plan.packard[1]] = plan.packard[0]
    if list(after.packard) != packard:
        wrong.append(f"Packard markers {after.packard}, planned {packard}")
    return wrong


@pytest.mark.parametrize(("players", "start"), CHUNKS, ids=CHUNK_IDS)
def test_every_cpsat_plan_replayed_through_kwcore_scores_its_value(players: int,
                                                                   start: int) -> None:
    failures = []
    for seed in seeds(start):
        s, plan = position(players, seed), solved(players, seed)
        wrong = carried_out(s, plan)
        value = pricing.sales_value(s, plan, checked=True)
        if value != plan.value:
            wrong.append(f"kwcore scores {value}, the plan says {plan.value}")
        if wrong:
            failures.append(f"players={players} seed={seed}: " + "; ".join(wrong))
    assert not failures, report(failures, "a plan does not replay to its value")


# --- (c) proven optimal -----------------------------------------------------------------------
@pytest.mark.parametrize(("players", "start"), CHUNKS, ids=CHUNK_IDS)
def test_every_cpsat_plan_is_proven_optimal_with_its_bound_equal_to_its_value(
        players: int, start: int) -> None:
    failures = [f"players={players} seed={seed}: {plan.status}, value {plan.value}, "
                f"bound {plan.bound}"
                for seed in seeds(start)
                for plan in [solved(players, seed)]
                if not plan.proven or plan.bound != plan.value]
    assert not failures, report(failures, "a plan is not proven")


# --- (d) the price curve ----------------------------------------------------------------------
def best_by_price(state: State) -> dict[int, int]:
    """The oracle price by price: the best kwcore-scored plan placing a car at each price."""
    best: dict[int, int] = {}
    for plan in pricing.all_plans(state):
        if plan.car is not None:
            value = pricing.sales_value(state, plan, checked=False)
            best[plan.car.price] = max(best.get(plan.car.price, value), value)
    return best


@pytest.mark.parametrize("players", PLAYERS)
def test_the_price_curve_is_the_oracles_best_at_each_price(players: int) -> None:
    failures = []
    checked = 0
    for seed in [x for start in (0, SEEDS_PER_CHUNK) for x in seeds(start)][::CURVE_EVERY]:
        s = position(players, seed)
        if not pricing.instance_from_state(s).can_build:
            continue
        checked += 1
        curve, expect = pricing.price_curve(s), best_by_price(s)
        optimum = oracle(players, seed).value
        if curve != expect:
            failures.append(f"players={players} seed={seed}: curve {curve}, oracle {expect}")
        placing_is_optimal = max(expect.values()) == optimum
        if placing_is_optimal and max(curve.values()) != optimum:
            failures.append(f"players={players} seed={seed}: curve max {max(curve.values())}"
                            f", but the optimum {optimum} places a car")
        if not placing_is_optimal and max(curve.values()) >= optimum:
            failures.append(f"players={players} seed={seed}: curve max {max(curve.values())}"
                            f" reaches the optimum {optimum} of plans without a car")
    assert checked >= 8
    assert not failures, report(failures, "the price curve differs from the oracle")


def test_the_price_curve_needs_a_car_to_place() -> None:
    s = hand_position(workshops=((BODY, 2), (BODY, 3)), investors=("Durant",),
                      cars=[("Green", 1, 1, 1, 3, {})])
    with pytest.raises(PricingError, match="cannot place a car"):
        pricing.price_curve(s)
    with pytest.raises(PricingError, match="not on the chart"):
        pricing.solve_with_price(hand_position(), 4)


# --- (e) one rule of the sales process each ---------------------------------------------------
def hand_position(
    *,
    players: int = 3,
    company: str = "Green",
    workshops: tuple[tuple[int, int], ...] = ((BODY, 2), (ENGINE, 2)),
    canteen: int = 1,
    active: tuple[str, ...] = (),
    engineers: tuple[str, ...] = (),
    investors: tuple[str, ...] = (),
    cars: list[CarSpec] | None = None,
) -> State:
    """Round 1 (chart 1 2 3 5 6 8 9 10), ``company`` at its market step after a Research action.

    ``cars``: (owner, body, engine, workers, price, put_car options) already on the market."""
    s = fresh(players)
    for name in engineers:
        give_engineer(s, company, name)
    for name in investors:
        give_investor(s, company, name)
    s.companies[co(s, company)].workshops = tuple(sorted(workshops))
    for owner, body, engine, n, price, options in cars or []:
        put_car(s, owner, body, engine, n, price, **options)
    set_active(s, list(active) + [None] * (s.cfg.active_spaces - len(active)))
    set_chain(s, [company])
    s.apply("pick Research")
    if s.decision() == "choose_action":  # free actions could come first (RULINGS K5)
        s.apply("do research")
    s.apply("research body")
    assert s.decision() == "market", s.decision()
    workers(s, company, canteen)
    return check(refresh(s))


def solves_to(s: State, value: int) -> PricingPlan:
    """CP-SAT, the oracle and kwcore's replay of the plan all give ``value``."""
    plan = pricing.solve(s)
    assert plan.value == value, plan
    assert plan.proven and plan.bound == value
    assert pricing.brute_force(s).value == value
    assert pricing.sales_value(s, plan, checked=True) == value
    assert not carried_out(s, plan)
    return plan


@pytest.mark.parametrize(("brayton", "value"), [(False, 20), (True, 30)])
def test_a_price_buyer_pays_double_and_triple_with_brayton(brayton: bool, value: int) -> None:
    s = hand_position(active=("price",), engineers=("Brayton",) if brayton else ())
    plan = solves_to(s, value)
    assert plan.car is not None and plan.car.price == 10


@pytest.mark.parametrize(("brayton", "value"), [(False, 4), (True, 6)])
def test_a_price_buyer_takes_the_lowest_price_so_the_car_must_undercut(brayton: bool,
                                                                       value: int) -> None:
    s = hand_position(active=("price",), engineers=("Brayton",) if brayton else (),
                      cars=[("Blue", 1, 1, 1, 3, {})])
    plan = solves_to(s, value)
    assert plan.car is not None and plan.car.price == 2


def test_a_body_buyer_prefers_the_lower_price_at_equal_body_so_undercutting_a_rival_wins_it(
) -> None:
    s = hand_position(active=("body",), workshops=((BODY, 3), (ENGINE, 1)),
                      cars=[("Blue", 3, 1, 1, 6, {})])
    plan = solves_to(s, 5)
    assert plan.car is not None and plan.car.price == 5


def test_a_body_buyer_prefers_a_higher_body_whatever_its_price() -> None:
    s = hand_position(active=("body",), workshops=((BODY, 4), (ENGINE, 1)),
                      cars=[("Blue", 3, 1, 1, 6, {})])
    plan = solves_to(s, 10)
    assert plan.car is not None and plan.car.price == 10


def test_an_investment_token_lets_the_car_be_sold_twice() -> None:
    solves_to(hand_position(active=("engine", "engine")), 10)
    s = hand_position(active=("engine", "engine"), investors=("Durant",))
    plan = solves_to(s, 20)
    assert plan.investments == ((recruit(s, "Durant"), 0),)


def test_a_packard_marker_placed_beside_the_buyer_adds_its_bonus() -> None:
    s = hand_position(active=("service", "body"), engineers=("Packard",),
                      cars=[("Blue", 1, 1, 5, 1, {})])
    plan = solves_to(s, 14)  # the service buyer takes Blue's car; ours goes to the body buyer
    assert plan.packard == (4, 1)


def test_a_rivals_packard_marker_pays_whoever_sells_to_that_buyer() -> None:
    s = hand_position(active=("body",))
    blue = s.companies[co(s, "Blue")]
    give_engineer(s, "Blue", "Packard")
    blue.tech = ("buyer+4",)
    s.packard = (2, 0, 0, 0)
    solves_to(check(refresh(s)), 12)


@pytest.mark.parametrize(("investor", "workshops", "canteen", "value"), [
    ("Ford", ((BODY, 1), (ENGINE, 2)), 1, 0),
    ("Ford", ((BODY, 1), (ENGINE, 3)), 1, 10),
    ("Leland", ((BODY, 1), (ENGINE, 1)), 2, 0),
    ("Leland", ((BODY, 1), (ENGINE, 1)), 3, 10),
])
def test_an_investors_condition_decides_whether_it_buys(
        investor: str, workshops: tuple[tuple[int, int], ...], canteen: int,
        value: int) -> None:
    s = hand_position(investors=(investor,), workshops=workshops, canteen=canteen)
    plan = solves_to(s, value)
    if value:
        assert plan.investments == ((recruit(s, investor), 0),)


@pytest.mark.parametrize(("engine", "value"), [(2, 0), (3, 10)])
def test_an_investor_already_on_the_track_buys_only_a_car_meeting_its_condition(
        engine: int, value: int) -> None:
    s = hand_position(workshops=((BODY, 1), (ENGINE, engine)),
                      cars=[("Blue", 5, 1, 1, 1, {"investor": "Ford"})])
    solves_to(s, value)  # Ford ignores Blue's engine-1 car at price 1


def test_buicks_extra_buyer_of_the_right_preference_adds_a_sale() -> None:
    cars: list[CarSpec] = [("Blue", 6, 1, 1, 1, {})]
    solves_to(hand_position(workshops=((BODY, 1), (ENGINE, 4)), cars=cars), 0)
    s = hand_position(workshops=((BODY, 1), (ENGINE, 4)), engineers=("Buick",), cars=cars)
    plan = solves_to(s, 10)
    assert plan.buick == ENGINE


def test_buicks_price_buyer_pays_double() -> None:
    s = hand_position(engineers=("Buick",))
    plan = solves_to(s, 20)
    assert plan.buick == PRICE


@pytest.mark.parametrize(("rival_service", "value"), [(3, 10), (4, 0)])
def test_the_salesman_counts_three_for_a_service_buyer(rival_service: int, value: int) -> None:
    s = hand_position(active=("service",), engineers=("Riker",),
                      cars=[("Blue", 1, 1, rival_service, 1, {})])
    plan = solves_to(s, value)
    if value:
        assert plan.car is not None and plan.car.salesman and plan.car.workers == 1
        assert plan.car.workers + 3 > rival_service


def test_a_winton_marker_lifts_the_engine_value_but_not_with_a_packard_marker_in_the_step(
) -> None:
    cars: list[CarSpec] = [("Blue", 1, 4, 1, 1, {})]
    s = hand_position(active=("engine",), engineers=("Winton", "Packard"), cars=cars,
                      workshops=((BODY, 1), (ENGINE, 3)))
    plan = solves_to(s, 10)  # engine 3+2 beats 4; the +4 Packard marker would be a 2nd marker
    assert plan.car is not None and plan.car.tech == CAR_TECH.index("engine+2")
    assert plan.packard is None
    s = hand_position(active=("engine",), engineers=("Winton", "Packard"), cars=cars,
                      workshops=((BODY, 1), (ENGINE, 5)))
    plan = solves_to(s, 14)  # engine 5 wins without a marker: the Packard marker is free
    assert plan.car is not None and plan.car.tech == -1 and plan.packard == (4, 0)


def test_a_christie_marker_lifts_the_body_value() -> None:
    s = hand_position(active=("body",), engineers=("Christie",), cars=[("Blue", 3, 1, 1, 1, {})],
                      workshops=((BODY, 2), (ENGINE, 1)))
    plan = solves_to(s, 10)
    assert plan.car is not None and plan.car.tech == CAR_TECH.index("body+2")


def test_a_service_buyer_takes_the_highest_service_so_a_car_that_cannot_beat_it_sells_nothing(
) -> None:
    s = hand_position(active=("service",), cars=[("Blue", 1, 1, 5, 1, {})], canteen=4)
    solves_to(s, 0)  # service 4 at most: Blue's 5 wins whatever we place
    solves_to(hand_position(active=("service",), cars=[("Blue", 1, 1, 3, 1, {})], canteen=4), 10)


def test_placing_a_second_car_wins_two_cars_so_dodge_then_buys_it() -> None:
    """RULINGS K23, K16: the car placement awards TwoCars at once; Dodge (achievements >= 2)
    looks at the company's achievements when it buys. Fails: the solver counts the achievements
    before the plan (see /tmp/pricing_bug_1.json)."""
    s = hand_position(investors=("Dodge",))
    green = co(s, "Green")
    s.companies[green].cars_placed = 1
    rules._award(s, green, achievement(s, "FirstLap"))
    plan = solves_to(check(refresh(s)), 10)
    assert plan.investments == ((recruit(s, "Dodge"), 0),)


def test_buicks_second_buyer_of_a_kind_wins_the_achievement_so_dodge_then_buys() -> None:
    """RULINGS K21, K23: Buick's body buyer beside an active body buyer awards SecondBuyer to
    Green, whose second achievement lets Dodge buy Green's car after Buick's buyer took it once.
    Fails like the test above (see /tmp/pricing_bug_2.json)."""
    cars: list[CarSpec] = [("Blue", 7, 1, 1, 1, {}), ("Blue", 1, 1, 1, 2, {}),
            ("Green", 2, 1, 1, 5, {"investor": "Dodge"})]
    s = hand_position(active=("body",), engineers=("Buick",), cars=cars,
                      workshops=((BODY, 1), (ENGINE, 1)))
    green, blue = co(s, "Green"), co(s, "Blue")
    s.companies[blue].cars_placed = 2
    rules._award(s, blue, achievement(s, "TwoCars"))
    s.companies[green].cars_placed = 1
    rules._award(s, green, achievement(s, "FirstLap"))
    plan = solves_to(check(refresh(s)), 10)  # body buyer: Blue 7; Buick: Green 5; Dodge: 5
    assert plan.buick == BODY


# --- (f) errors -----------------------------------------------------------------------------------
def test_a_finished_game_raises_a_pricing_error() -> None:
    s = kwcore.new_game(3, 5)
    rng = random.Random(5)
    while not s.is_terminal():
        s.apply_unchecked(rng.choice(s.legal))
    with pytest.raises(PricingError, match="game is over"):
        pricing.solve(s)


def test_a_position_not_at_a_market_step_raises_a_pricing_error() -> None:
    s = fresh(3)
    assert s.decision() == "choose_tile"
    with pytest.raises(PricingError, match="market step.*choose_tile"):
        pricing.solve(s)
    with pytest.raises(PricingError, match="market step"):
        pricing.brute_force(s)


# --- (g) the reproducible preset ------------------------------------------------------------------
def test_the_default_config_is_one_worker_with_a_fixed_seed() -> None:
    config = PricingConfig()
    assert config.workers == 1 and config.seed == 0 and config.time_limit > 0


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_solving_the_same_position_twice_gives_the_identical_plan(seed: int) -> None:
    for s in (random_pricing_position(seed, size="large"), position(4, seed)):
        first = pricing.solve(s)
        again = pricing.solve(kwcore.from_json(s.to_json()), PricingConfig())
        assert again == first
