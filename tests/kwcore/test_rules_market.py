"""Rule tests: placing cars, sales, investors and the engineers' market effects
(seed JP: Placing a car, Scoring phase B, Investors, Engineers, Immediate benefits;
RULINGS K13-K21)."""

from __future__ import annotations

from kwcore import rules
from kwcore.state import Company, State
from tests.support.builders import (
    check,
    co,
    end_by_attract,
    events,
    expect_illegal,
    face_up,
    fresh,
    give_engineer,
    give_investor,
    legal_texts,
    pref,
    put_car,
    recruit,
    scoring_phase,
    set_active,
    set_chain,
    workers,
)

FULL = ["body", "engine", "service", "price"]


def _sales(s: State, name: str) -> int:
    """Points company ``name`` has scored from sales so far."""
    return s.companies[co(s, name)].score_parts[0]


def _market_step(s: State, name: str = "Green") -> State:
    """Give ``name`` the turn and play a plain Research action up to its market step."""
    set_chain(s, [name])
    s.apply("pick Research")
    s.apply("research body")
    return s


# --- K13: placing a car -------------------------------------------------------------------------
def test_without_a_workshop_engine_no_car_can_be_placed() -> None:
    """RULINGS K13; seed JP: Placing a car 2."""
    s = fresh()
    s.companies[co(s, "Green")].workshops = ((0, 3), (0, 4))
    _market_step(s)
    assert all(car is None for car in s.market) and s.current_player != co(s, "Green")


def test_without_a_worker_or_the_salesman_in_the_canteen_no_car_can_be_placed() -> None:
    """RULINGS K13; seed JP: Placing a car 2."""
    s = fresh()
    s.companies[co(s, "Green")].workshops = ((0, 3), (1, 3))
    workers(s, "Green", canteen=0)
    _market_step(s)
    assert all(car is None for car in s.market) and s.current_player != co(s, "Green")


def test_a_car_needs_at_least_one_worker_or_the_salesman() -> None:
    """RULINGS K13; seed JP: Placing a car 2-3."""
    s = fresh()
    s.companies[co(s, "Green")].workshops = ((0, 3), (1, 3))
    _market_step(s)
    s.apply("car body 3")
    assert s.decision() == "car_service"
    assert "car workers 0" not in legal_texts(s)
    expect_illegal(s, "car workers 0", "K13")


def test_the_salesman_alone_gives_a_service_of_three() -> None:
    """RULINGS K13; seed JP: Placing a car 3."""
    s = fresh()
    give_engineer(s, "Green", "Riker")
    s.companies[co(s, "Green")].workshops = ((0, 3), (1, 3))
    workers(s, "Green", canteen=0)
    _market_step(s)
    s.apply("car body 3")
    s.apply("car price 5")
    car = s.market[0]
    assert car is not None and car.workers == 0 and car.salesman
    assert rules.service_value(car, s.cfg.salesman_service) == 3


def test_the_price_must_be_a_marker_still_on_the_chart() -> None:
    """RULINGS K13; seed JP: Placing a car 4."""
    s = fresh()
    put_car(s, "Blue", 1, 1, 1, 5)
    s.companies[co(s, "Green")].workshops = ((0, 3), (1, 3))
    _market_step(s)
    s.apply("car body 3")
    s.apply("car workers 2")
    assert s.decision() == "car_price"
    expect_illegal(s, "car price 5", "K13")  # taken by Blue's car
    expect_illegal(s, "car price 4", "K13")  # no such marker in round 1
    s.apply("car price 6")
    assert 6 not in s.chart


def test_a_winton_marker_adds_to_the_cars_engine_and_is_used_up() -> None:
    """RULINGS K13, K14; seed JP: Engineers (Winton)."""
    s = fresh()
    give_engineer(s, "Green", "Winton")
    g = s.companies[co(s, "Green")]
    g.workshops = ((0, 3), (1, 3))
    _market_step(s)
    s.apply("car body 3")
    s.apply("car workers 1")
    s.apply("car price 5")
    assert s.decision() == "car_tech"
    s.apply("car tech engine+2")
    car = s.market[0]
    assert car is not None and car.engine == 3 and rules.engine_value(car) == 5
    assert g.tech == ("engine+1",)


def test_the_new_car_takes_the_lowest_free_market_space() -> None:
    """seed JP: Placing a car 5."""
    s = fresh()
    put_car(s, "Blue", 1, 1, 1, 1, slot=1)
    s.companies[co(s, "Green")].workshops = ((0, 3), (1, 3))
    _market_step(s)
    s.apply("car body 3")
    s.apply("car workers 1")
    s.apply("car price 9")
    assert s.market[0] is not None and s.market[0].owner == co(s, "Green")


# --- K14: who buys what -------------------------------------------------------------------------
def test_buyers_buy_in_the_order_of_their_active_spaces() -> None:
    """RULINGS K14; seed JP: Scoring phase B1."""
    s = fresh()
    put_car(s, "Blue", 5, 1, 1, 2)
    put_car(s, "Red", 4, 1, 1, 9)
    set_active(s, ["price", "body", None, None])
    scoring_phase(s)
    # The price buyer comes first and takes the body-5 car; the body buyer gets the other.
    assert _sales(s, "Blue") == 2 * 2 and _sales(s, "Red") == 9


def test_a_body_buyer_takes_the_highest_body_and_breaks_ties_on_the_lowest_price() -> None:
    """RULINGS K14; seed JP: Scoring phase B2-B3."""
    s = fresh()
    put_car(s, "Blue", 4, 7, 5, 3)
    put_car(s, "Red", 5, 1, 1, 9)
    put_car(s, "Orange", 5, 1, 1, 8)
    set_active(s, ["body", None, None, None])
    scoring_phase(s)
    assert _sales(s, "Orange") == 8 and _sales(s, "Red") == 0 and _sales(s, "Blue") == 0


def test_technology_markers_count_in_a_cars_value() -> None:
    """RULINGS K14; seed JP: Scoring phase B2."""
    s = fresh()
    put_car(s, "Blue", 3, 1, 1, 3, tech="body+2")
    put_car(s, "Red", 4, 1, 1, 2)
    set_active(s, ["body", None, None, None])
    scoring_phase(s)
    assert _sales(s, "Blue") == 3 and _sales(s, "Red") == 0


def test_the_salesman_counts_as_three_workers_for_a_service_buyer() -> None:
    """RULINGS K14; seed JP: Scoring phase B2 (service)."""
    s = fresh()
    give_engineer(s, "Blue", "Riker")
    put_car(s, "Blue", 1, 1, 0, 9, salesman=True)
    put_car(s, "Red", 1, 1, 2, 1)
    set_active(s, ["service", None, None, None])
    scoring_phase(s)
    assert _sales(s, "Blue") == 9 and _sales(s, "Red") == 0


def test_a_price_buyer_takes_the_lowest_price_and_pays_double() -> None:
    """RULINGS K14; seed JP: Scoring phase B2, B6."""
    s = fresh()
    put_car(s, "Blue", 7, 7, 5, 6)
    put_car(s, "Red", 1, 1, 1, 3)
    set_active(s, ["price", None, None, None])
    scoring_phase(s)
    assert _sales(s, "Red") == 2 * 3 and _sales(s, "Blue") == 0


def test_brayton_makes_a_price_buyer_pay_triple() -> None:
    """RULINGS K14; seed JP: Engineers (Brayton)."""
    s = fresh()
    give_engineer(s, "Red", "Brayton")
    put_car(s, "Red", 1, 1, 1, 3)
    put_car(s, "Blue", 2, 2, 1, 5)
    set_active(s, ["price", "body", None, None])
    scoring_phase(s)
    assert _sales(s, "Red") == 3 * 3
    assert _sales(s, "Blue") == 5  # Brayton does nothing for another buyer or company


def test_a_packard_marker_gives_the_seller_of_that_buyers_car_its_bonus() -> None:
    """RULINGS K14; seed JP: Engineers (Packard)."""
    s = fresh()
    give_engineer(s, "Green", "Packard")
    put_car(s, "Blue", 5, 1, 1, 6)
    put_car(s, "Red", 1, 5, 1, 2)
    set_active(s, ["engine", "body", None, None])
    set_chain(s, ["Green"])
    s.apply("packard +4 at buyer 2")
    assert s.packard == (0, 4, 0, 0)
    scoring_phase(s)
    assert _sales(s, "Blue") == 6 + 4  # the body buyer's car: Blue, not Packard's owner
    assert _sales(s, "Red") == 2
    assert _sales(s, "Green") == 0


def test_packard_markers_leave_the_game_at_the_end_of_the_scoring_phase() -> None:
    """RULINGS K14; seed JP: Engineers (Packard)."""
    s = fresh()
    give_engineer(s, "Green", "Packard")
    set_active(s, ["engine", None, None, None])
    set_chain(s, ["Green"])
    s.apply("packard +2 at buyer 1")
    boxed = s.tech_box
    scoring_phase(s)
    assert s.packard == (0, 0, 0, 0) and s.tech_box == boxed + 1
    assert s.companies[co(s, "Green")].tech == ("buyer+4",)


def test_a_buyer_can_have_only_one_packard_marker() -> None:
    """seed JP: Engineers (Packard)."""
    s = fresh()
    give_engineer(s, "Green", "Packard")
    set_active(s, ["engine", "body", None, None])
    set_chain(s, ["Green"])
    s.apply("packard +2 at buyer 1")
    s.apply("pick Research")
    # one technology marker per step is used up, so no free action is left: the only
    # remaining action starts at once
    s.apply("research body")
    assert "packard +4 at buyer 2" in legal_texts(s)
    expect_illegal(s, "packard +4 at buyer 1", "seed JP: Engineers, Packard")


# --- K15: after a sale --------------------------------------------------------------------------
def test_a_car_with_an_investment_token_is_sold_and_stays_to_be_sold_again() -> None:
    """RULINGS K15; seed JP: Scoring phase B4, FAQ 4."""
    s = fresh()
    put_car(s, "Blue", 4, 4, 1, 5, investor="Selden")  # Selden: Blue has no lap
    set_active(s, ["engine", "body", None, None])
    tokens = s.inv_supply
    scoring_phase(s)
    sold = [e for e in events(s, "sale") if e[1] == co(s, "Blue")]
    assert [e[4] for e in sold] == [pref("engine"), pref("body")]
    assert _sales(s, "Blue") == 10 and s.inv_supply == tokens + 1


def test_a_sold_car_leaves_and_its_workers_go_back_to_the_owners_supply() -> None:
    """RULINGS K15; seed JP: Scoring phase B5."""
    s = fresh()
    give_engineer(s, "Blue", "Winton")
    put_car(s, "Blue", 2, 2, 3, 5, tech="engine+1")
    b = s.companies[co(s, "Blue")]
    supply, boxed = b.supply, s.tech_box
    set_active(s, ["body", None, None, None])
    scoring_phase(s)
    assert _sales(s, "Blue") == 5
    assert b.supply == supply + 3 and s.tech_box == boxed + 1


def test_a_sold_cars_salesman_goes_back_to_the_supply() -> None:
    """RULINGS K15, K8; seed JP: Engineers (Riker)."""
    s = fresh()
    give_engineer(s, "Blue", "Riker")
    put_car(s, "Blue", 2, 2, 0, 5, salesman=True)
    set_active(s, ["body", None, None, None])
    scoring_phase(s)
    assert s.companies[co(s, "Blue")].salesman == "supply"


def test_unsold_cars_leave_after_scoring_and_their_workers_go_home() -> None:
    """RULINGS K15; seed JP: Scoring phase B10."""
    s = fresh()
    put_car(s, "Blue", 2, 2, 2, 5)
    put_car(s, "Red", 1, 1, 4, 6)
    set_active(s, ["body", None, None, None])
    red_supply = s.companies[co(s, "Red")].supply
    scoring_phase(s)
    assert _sales(s, "Red") == 0 and all(car is None for car in s.market)
    assert s.companies[co(s, "Red")].supply == red_supply + 4
    assert events(s, "unsold")


def test_an_unsold_cars_investment_token_goes_back_to_the_supply() -> None:
    """RULINGS K15 (unsold cars leave the same way), K16; seed JP: Scoring phase B10 (all other
    components go back to the supply). The 6 investment tokens stay conserved, so the position
    after the round can be saved and loaded again (docs/position-format.md)."""
    s = fresh()
    held = s.inv_supply
    put_car(s, "Blue", 1, 1, 1, 1, investor="Selden")  # Blue has no lap: Selden will not buy
    set_active(s, [None, None, None, None])
    scoring_phase(s)
    assert _sales(s, "Blue") == 0 and all(car is None for car in s.market)
    assert s.inv_supply == held
    check(s)


def test_the_round_ends_with_investors_buying_after_the_active_buyers() -> None:
    """RULINGS K14 (active buyers, then investors in track order); seed JP: Scoring phase B8."""
    s = fresh()
    put_car(s, "Blue", 2, 2, 1, 2, investor="Durant")
    put_car(s, "Red", 5, 1, 1, 3)
    set_active(s, ["body", None, None, None])
    scoring_phase(s)
    sales = [(e[1], e[3]) for e in events(s, "sale")]
    assert sales == [(co(s, "Red"), "buyer"), (co(s, "Blue"), "investor")]


# --- K16: investment tokens and investors ----------------------------------------------------
def _investing() -> State:
    s = fresh()
    give_investor(s, "Green", "Ford")
    give_investor(s, "Green", "Durant")
    put_car(s, "Green", 3, 4, 1, 5)
    put_car(s, "Green", 2, 1, 1, 2)
    put_car(s, "Blue", 2, 2, 1, 3)
    return set_chain(s, ["Green"])


def test_an_investment_token_goes_only_on_an_own_car_without_one() -> None:
    """RULINGS K16; seed JP: Recruit tiles b3."""
    s = _investing()
    invest = {a for a in legal_texts(s) if a.startswith("invest")}
    assert invest == {f"invest {i} in car {n}" for i in ("Ford", "Durant") for n in (1, 2)}
    expect_illegal(s, "invest Ford in car 3", "K16")
    s.apply("invest Ford in car 1")
    expect_illegal(s, "invest Durant in car 1", "K16")


def test_investor_tiles_take_the_lowest_empty_investor_spaces_and_buy_in_that_order() -> None:
    """RULINGS K16, K14; seed JP: Recruit tiles b4, Investors 1-2."""
    s = _investing()
    s.apply("invest Durant in car 2")
    s.apply("invest Ford in car 1")
    assert s.investor_track == (recruit(s, "Durant"), recruit(s, "Ford"))
    set_active(s, [None, None, None, None])
    scoring_phase(s)
    buys = [(e[4], e[2]) for e in events(s, "sale") if e[3] == "investor"]
    # Durant buys the cheapest car (price 2), then Ford the cheapest with engine >= 3.
    assert buys == [(recruit(s, "Durant"), 1), (recruit(s, "Ford"), 0)]


def test_unused_investment_tokens_stay_with_the_company_across_rounds() -> None:
    """RULINGS K16; seed JP: Recruit tiles b2."""
    s = _investing()
    end_by_attract(s, "Blue", FULL)
    assert s.round == 2
    assert s.companies[co(s, "Green")].investors == (recruit(s, "Ford"), recruit(s, "Durant"))


def test_lap_conditions_use_the_laps_of_the_race_just_ended() -> None:
    """RULINGS K16; seed JP: Investors (Selden), Scoring phase A4 (Notes N7)."""
    s = fresh()
    length = s.cfg.circuit_length
    s.companies[co(s, "Red")].progress = length + 2  # one lap done in this race
    put_car(s, "Blue", 1, 1, 1, 1, investor="Selden")
    put_car(s, "Red", 1, 1, 1, 8)
    set_active(s, [None, None, None, None])
    scoring_phase(s)
    assert s.companies[co(s, "Red")].progress == 0  # the cars went back to the pit lane
    assert _sales(s, "Red") == 8 and _sales(s, "Blue") == 0


def test_an_investor_with_no_acceptable_car_buys_nothing() -> None:
    """seed JP: Investors 2 (Notes N12); RULINGS K16."""
    s = fresh()
    put_car(s, "Blue", 1, 1, 1, 1, investor="Chrysler")
    set_active(s, [None, None, None, None])
    scoring_phase(s)
    assert _sales(s, "Blue") == 0 and events(s, "no_sale")


# --- K17: Olds ----------------------------------------------------------------------------------
def test_olds_counts_the_start_tiles_engineer_token() -> None:
    """RULINGS K17; seed JP: Investors (Olds), Warm-up 4."""
    s = fresh()
    g = s.companies[co(s, "Green")]
    g.engineer_tokens = 1  # from the Engine 2 + token start tile: no engineer tile
    s.eng_supply -= 1
    put_car(s, "Blue", 1, 1, 1, 1, investor="Olds")
    put_car(s, "Green", 1, 1, 1, 6)
    set_active(s, [None, None, None, None])
    scoring_phase(s)
    assert _sales(s, "Green") == 6 and _sales(s, "Blue") == 0


def test_olds_ignores_a_company_whose_engineer_token_was_spent() -> None:
    """RULINGS K17; seed JP: Investors (Olds)."""
    s = fresh()
    give_engineer(s, "Green", "King")
    g = s.companies[co(s, "Green")]
    g.engineer_tokens = 0  # spent on a Research
    put_car(s, "Blue", 1, 1, 1, 1, investor="Olds")
    put_car(s, "Green", 1, 1, 1, 6)
    set_active(s, [None, None, None, None])
    scoring_phase(s)
    assert _sales(s, "Green") == 0


# --- K18: sell-a-car benefits -------------------------------------------------------------------
def _seller(benefit: str) -> State:
    s = fresh()
    face_up(s, benefit)
    give_engineer(s, "Green", "Brayton")
    return s


def test_sell_for_7_scores_exactly_7_and_the_car_leaves() -> None:
    """RULINGS K18, K15; seed JP: Immediate benefits (Sell for 7)."""
    s = _seller("Sell7")
    give_engineer(s, "Blue", "Packard")
    put_car(s, "Green", 1, 1, 2, 3)
    set_active(s, ["price", None, None, None])
    s.packard = (4, 0, 0, 0)  # a Packard marker beside the price buyer
    s.companies[co(s, "Blue")].tech = ("buyer+2",)
    g = s.companies[co(s, "Green")]
    supply = g.supply
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit Sell7")
    assert _sales(s, "Green") == 7  # no price-buyer multiplier, no Brayton, no Packard
    assert s.market[0] is None and g.supply == supply + 2


def test_sell_for_5_on_an_invested_car_removes_the_token_and_the_car_stays() -> None:
    """RULINGS K18, K15; seed JP: Immediate benefits (Sell for 5)."""
    s = _seller("Sell5")
    put_car(s, "Green", 1, 1, 1, 3, investor="Selden")
    put_car(s, "Green", 2, 2, 1, 5)
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit Sell5")
    assert s.decision() == "sell_car"
    s.apply("sell car 1")
    car = s.market[0]
    assert _sales(s, "Green") == 5 and car is not None and not car.invested


def test_after_a_benefit_sells_an_invested_car_its_investor_stays_and_the_game_saves() -> None:
    """RULINGS K18, K15, K16 (the investor tile stays on the investor track and buys in the
    scoring phase; only the token left the car); docs/position-format.md (every reachable
    position saves and loads)."""
    s = _seller("Sell5")
    put_car(s, "Green", 1, 1, 1, 3, investor="Selden")
    put_car(s, "Green", 2, 2, 1, 5)
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit Sell5")
    s.apply("sell car 1")
    assert s.investor_track == (s.cfg.recruit_named("Selden").index,)
    assert s.decision() == "choose_tile"
    check(s)


def test_a_benefit_cannot_sell_another_companys_car() -> None:
    """RULINGS K18 ("one of your market cars")."""
    s = _seller("Sell5")
    put_car(s, "Green", 1, 1, 1, 3)
    put_car(s, "Blue", 1, 1, 1, 5)
    put_car(s, "Green", 2, 2, 1, 6)
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit Sell5")
    assert set(legal_texts(s)) == {"sell car 1", "sell car 3"}
    expect_illegal(s, "sell car 2", "K18")


# --- K19: the buyer swap ------------------------------------------------------------------------
def test_the_buyer_swap_takes_the_white_markers_of_the_incoming_buyer() -> None:
    """RULINGS K19; seed JP: Immediate benefits (buyer swap), FAQ 6."""
    s = fresh()
    face_up(s, "SwapBuyer")
    set_active(s, ["body", "engine", None, None])
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit SwapBuyer")
    assert s.decision() == "swap_buyer"
    s.apply("swap buyer 1 for service")
    assert s.active[:2] == (pref("service"), pref("engine"))
    assert s.stacks[pref("body")] == 2 and s.stacks[pref("service")] == 1
    assert s.companies[co(s, "Green")].reputation == 1 and s.whites[pref("service")] == ()


def test_a_buyer_swap_that_brings_a_second_buyer_of_a_preference_scores_the_achievement() -> None:
    """RULINGS K19, K23; seed JP: Achievements 4 (Attract buyer), FAQ 6."""
    s = fresh()
    face_up(s, "SwapBuyer")
    set_active(s, ["body", "engine", None, None])
    s.whites = ((), (1,), (1,), (1,))
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit SwapBuyer")
    s.apply("swap buyer 2 for body")
    green = co(s, "Green")
    assert s.active[:2] == (pref("body"), pref("body"))
    assert s.achievements[[a.name for a in s.cfg.achievements].index("SecondBuyer")] == green
    assert s.companies[green].score_parts[2] == 3


# --- K20: Kettering -----------------------------------------------------------------------------
def _kettering() -> tuple[State, Company]:
    s = fresh()
    give_engineer(s, "Green", "Kettering")
    g = s.companies[co(s, "Green")]
    g.workshops = ((0, 5), (1, 4))
    put_car(s, "Green", 2, 2, 2, 5)
    put_car(s, "Blue", 1, 1, 1, 6)
    set_chain(s, ["Green"])
    return s, g


def test_a_kettering_swap_exchanges_a_cars_body_with_a_workshop_body() -> None:
    """RULINGS K20; seed JP: Engineers (Kettering)."""
    s, g = _kettering()
    s.apply("kettering car 1 body 5")
    car = s.market[0]
    assert car is not None and car.body == 5
    assert g.workshops == ((0, 2), (1, 4)) and g.tech == ("swap",)


def test_a_kettering_swap_exchanges_a_cars_price_with_a_marker_on_the_chart() -> None:
    """RULINGS K20; seed JP: Engineers (Kettering)."""
    s, _ = _kettering()
    s.apply("kettering car 1 price 10")
    car = s.market[0]
    assert car is not None and car.price == 10
    assert 5 in s.chart and 10 not in s.chart


def test_a_kettering_swap_moves_workers_between_car_and_canteen() -> None:
    """RULINGS K20; seed JP: Engineers (Kettering)."""
    s, g = _kettering()
    canteen = g.canteen
    s.apply("kettering car 1 workers 5")
    car = s.market[0]
    assert car is not None and car.workers == 5 and g.canteen == canteen - 3


def test_a_kettering_swap_keeps_a_service_of_at_least_one() -> None:
    """RULINGS K20 ("the car keeps service >= 1")."""
    s, _ = _kettering()
    assert "kettering car 1 workers 1" in legal_texts(s)
    expect_illegal(s, "kettering car 1 workers 0", "K20")


def test_a_kettering_swap_changes_only_the_companys_own_cars() -> None:
    """RULINGS K20; seed JP: Engineers (Kettering: "your company's cars")."""
    s, _ = _kettering()
    assert not any(a.startswith("kettering car 2") for a in legal_texts(s))
    expect_illegal(s, "kettering car 2 price 1", "K20")


# --- K21: Buick ---------------------------------------------------------------------------------
def _buick() -> State:
    s = fresh()
    give_engineer(s, "Green", "Buick")
    return s


def test_buicks_extra_buyer_buys_after_the_active_buyers_and_before_investors() -> None:
    """RULINGS K21, K14, K23; seed JP: Engineers (Buick: the extra buyer can meet the Attract
    buyer achievement), Scoring phase B1."""
    s = _buick()
    green = co(s, "Green")
    put_car(s, "Blue", 1, 6, 1, 5)  # the engine buyer's car
    put_car(s, "Red", 5, 1, 1, 2)  # the body buyer's car
    put_car(s, "Orange", 1, 1, 5, 8)  # the service buyer's car
    put_car(s, "Blue", 1, 1, 1, 1)  # the price buyer's car
    put_car(s, "Red", 4, 1, 1, 6)  # left for Buick's body buyer
    put_car(s, "Orange", 3, 1, 1, 3, investor="Durant")  # left for Durant
    end_by_attract(s, "Green", ["engine", "body", "service", "price"])
    assert s.decision() == "buick" and s.current_player == green
    assert "buick body" in legal_texts(s) and "buick none" in legal_texts(s)
    whites = sum(s.whites[pref("body")])
    assert whites == 2
    s.apply("buick body")
    assert s.round == 2
    sales = [(e[1], e[2], e[3], e[4]) for e in events(s, "sale")]
    blue, red, orange = co(s, "Blue"), co(s, "Red"), co(s, "Orange")
    assert sales == [
        (blue, 0, "buyer", pref("engine")),
        (red, 1, "buyer", pref("body")),
        (orange, 2, "buyer", pref("service")),
        (blue, 3, "buyer", pref("price")),
        (red, 4, "buyer", pref("body")),
        (orange, 5, "investor", s.cfg.recruit_named("Durant").index),
    ]
    g = s.companies[green]
    assert g.score_parts[3] == whites  # the white markers beside the body stack
    assert s.achievements[[a.name for a in s.cfg.achievements].index("SecondBuyer")] == green
    assert "buyer5" not in g.tech


def test_buicks_extra_buyer_is_used_once_per_game() -> None:
    """RULINGS K21 ("once per game"); seed JP: Engineers (Buick)."""
    s = _buick()
    end_by_attract(s, "Blue", FULL)
    s.apply("buick price")
    assert s.round == 2
    end_by_attract(s, "Blue", FULL)
    assert s.round == 3 and not events(s, "buick")[1:]


def test_buicks_owner_may_decline_and_keep_the_marker() -> None:
    """RULINGS K21; docs/architecture.md 12."""
    s = _buick()
    end_by_attract(s, "Blue", FULL)
    s.apply("buick none")
    assert s.round == 2 and "buyer5" in s.companies[co(s, "Green")].tech
    end_by_attract(s, "Blue", FULL)
    assert s.decision() == "buick"
