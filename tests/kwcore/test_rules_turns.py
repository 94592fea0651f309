"""Rule tests: the action chain and the turn (RULINGS K1-K5; seed JP: Action phase)."""

from __future__ import annotations

from kwcore.state import State
from tests.support.builders import (
    chain_names,
    co,
    events,
    expect_illegal,
    fresh,
    fresh_turn,
    give_engineer,
    give_investor,
    legal_texts,
    put_car,
    set_active,
    set_chain,
    workers,
)

FULL = ["body", "engine", "service", "price"]


# --- K1: the chain ----------------------------------------------------------------------------
def test_the_company_at_the_tail_of_the_chain_takes_the_turn() -> None:
    """RULINGS K1; seed JP: Action phase 2."""
    s = fresh()
    tail = chain_names(s)[0]
    assert s.current_player == co(s, tail)
    for _ in range(6):
        assert s.decision() == "choose_tile"
        assert s.current_player == co(s, chain_names(s)[0])
        s.apply("pick Hire")  # hire (single option) and an impossible market step: automatic


def test_the_marker_takes_the_picked_tiles_place_and_the_tile_goes_to_the_head() -> None:
    """RULINGS K1; seed JP: Action phase A1."""
    s = set_chain(fresh(), ["Green", "Orange", "Blue", "Red", "Hire", "Research", "Body"])
    before = chain_names(s)
    s.apply("pick Body")
    after = chain_names(s)
    assert after[:6] == ["Orange", "Blue", "Red", "Hire", "Research", "Green"]
    assert after[6:-1] == before[7:]
    assert after[-1] == "Body"
    assert s.current_player == co(s, "Orange")


def test_tiles_left_at_the_tail_move_to_the_head() -> None:
    """RULINGS K1; seed JP: Action phase 5."""
    s = set_chain(fresh(), ["Green", "GrandPrix", "Hire", "Orange", "Blue", "Red"])
    s.apply("pick Hire")
    after = chain_names(s)
    # The marker took Hire's place; GrandPrix was left at the tail and moved to the head.
    assert after[:4] == ["Green", "Orange", "Blue", "Red"]
    assert after[-2:] == ["Hire", "GrandPrix"]
    assert s.current_player == co(s, "Green")


def test_picking_the_tile_next_to_the_tail_company_gives_it_the_next_turn_too() -> None:
    """RULINGS K1; seed JP: Action phase 3 (the same company may play several turns in a row)."""
    s = set_chain(fresh(), ["Red", "Recruit", "Green"])
    red = co(s, "Red")
    s.apply("pick Recruit")
    s.apply("recruit workers")
    assert s.current_player == red and s.decision() == "choose_tile"
    s.apply("pick Hire")  # Hire is not next to Red: the turn passes on
    assert s.current_player == co(s, "Green")


def test_the_chain_always_holds_every_tile_and_company_once() -> None:
    """RULINGS K1; seed JP: Action phase 4-5 (the chain is never broken)."""
    s = fresh()
    expected = sorted(range(len(s.cfg.tiles) + s.players))
    for pick in ("Body", "Research+Body+Engine", "Hire", "Engine", "Research"):
        while s.decision() != "choose_tile":
            s.apply(s.legal_actions()[0])
        s.apply(f"pick {pick}")
        assert sorted(s.chain) == expected
        assert s.chain[0] >= len(s.cfg.tiles)  # a company marker at the tail


# --- K2: all actions of a tile, in the chosen order ---------------------------------------------
def test_both_actions_of_a_double_tile_are_done_in_the_order_the_company_chooses() -> None:
    """RULINGS K2; seed JP: Action phase A2-A3."""
    s = fresh_turn("Green")
    g = s.companies[co(s, "Green")]
    g.body_track, g.engine_track = 2, 3
    s.apply("pick Body+Engine")
    assert s.decision() == "choose_action"
    assert {"do body", "do engine"} <= set(legal_texts(s))
    s.apply("do engine")
    assert s.decision() == "place"  # the engine is finished before the body begins
    assert "do body" not in legal_texts(s)
    s.apply("place in workshop")
    builds = [e for e in events(s, "build") if e[1] == co(s, "Green")]
    assert [(e[2], e[3]) for e in builds] == [(1, 3), (0, 2)]
    assert g.workshops == ((0, 2), (1, 3))


def test_an_impossible_action_on_a_tile_is_skipped_and_the_other_is_still_done() -> None:
    """RULINGS K2 ("if possible"), K6 (research skipped when impossible)."""
    s = fresh_turn("Green")
    green = co(s, "Green")
    g = s.companies[green]
    g.body_track = g.engine_track = 7
    s.apply("pick Research+Hire")
    if s.decision() == "choose_action":
        s.apply("do research")
    assert (g.body_track, g.engine_track) == (7, 7)
    assert g.canteen == 5 and g.supply == 7
    assert any(e[1] == green for e in events(s, "skip"))


def test_the_recruit_tile_gives_exactly_one_of_its_three_options() -> None:
    """RULINGS K2, K12; seed JP: Setup 2 note, Actions (Recruit)."""
    s = fresh_turn("Green")
    green = co(s, "Green")
    s.apply("pick Recruit")
    options = legal_texts(s)
    assert "recruit workers" in options and "recruit move" in options
    assert sum(o.startswith("recruit ") for o in options) == 2 + sum(map(len, s.face_up))
    face_up = s.face_up
    s.apply("recruit workers")
    g = s.companies[green]
    assert g.canteen == 6 and g.progress == 0 and s.face_up == face_up
    assert s.decision() == "choose_tile" and s.current_player != green


# --- K3: the market step and the end of the action phase ----------------------------------------
def _car_ready(s: State, name: str = "Green") -> None:
    c = s.companies[co(s, name)]
    c.workshops = ((0, 2), (0, 3), (1, 2))


def test_the_market_step_is_optional_and_passing_ends_the_turn() -> None:
    """RULINGS K3; seed JP: Action phase 6B, Placing a car 1."""
    s = fresh_turn("Green")
    _car_ready(s)
    s.apply("pick Research")
    s.apply("research body")
    assert s.decision() == "market" and "pass" in legal_texts(s)
    s.apply("pass")
    assert all(car is None for car in s.market)
    assert s.current_player != co(s, "Green")


def test_five_cars_on_the_market_do_not_end_the_action_phase() -> None:
    """RULINGS K3; seed JP: Action phase 1."""
    s = fresh()
    for owner, price in (("Blue", 1), ("Red", 2), ("Orange", 3), ("Blue", 5)):
        put_car(s, owner, 1, 1, 1, price)
    set_chain(s, ["Green"])
    _car_ready(s)
    s.apply("pick Research")
    s.apply("research body")
    s.apply("car body 2")
    s.apply("car workers 1")
    s.apply("car price 9")
    assert sum(car is not None for car in s.market) == 5
    assert s.round == 1 and s.decision() == "choose_tile"


def test_the_round_ends_after_the_turn_in_which_the_sixth_car_is_placed() -> None:
    """RULINGS K3; seed JP: Action phase 1, Placing a car 8."""
    s = fresh()
    for owner, price in (("Blue", 1), ("Red", 2), ("Orange", 3), ("Blue", 5), ("Red", 6)):
        put_car(s, owner, 1, 1, 1, price)
    set_chain(s, ["Green"])
    _car_ready(s)
    s.apply("pick Research")
    s.apply("research body")
    s.apply("car body 2")
    s.apply("car workers 1")
    assert s.round == 1
    s.apply("car price 9")
    assert s.round == 2
    assert events(s, "scoring") and all(car is None for car in s.market)
    assert s.chart == s.cfg.price_markers[1]


def test_the_turn_in_which_the_marker_reaches_0_keeps_its_market_step() -> None:
    """RULINGS K3, K4; seed JP: Actions (Attract buyer), Scoring phase 1."""
    s = fresh_turn("Green")
    set_active(s, FULL)
    _car_ready(s)
    assert s.market_marker == 1
    s.apply("pick Attract")
    assert s.market_marker == 0
    assert s.round == 1 and s.decision() == "market" and s.current_player == co(s, "Green")
    s.apply("car body 3")
    s.apply("car workers 2")
    s.apply("car price 10")
    assert s.round == 2 and s.market_marker == s.cfg.market_marker_start
    sales = [e for e in events(s, "sale") if e[1] == co(s, "Green")]
    assert sales  # the car placed in that last market step was on sale


# --- K4: the market marker ----------------------------------------------------------------------
def test_the_market_marker_starts_every_round_on_1() -> None:
    """RULINGS K4; seed JP: Setup 5, Preparation phase 2."""
    for players in (3, 4):
        s = fresh_turn("Green", players=players)
        assert s.market_marker == 1
        set_active(s, FULL)
        s.apply("pick Attract")
        assert s.round == 2 and s.market_marker == 1


def test_the_market_marker_starts_every_round_on_2_with_two_players() -> None:
    """RULINGS K4, K30; seed JP: Two players 2."""
    s = fresh_turn("Green", players=2)
    assert s.market_marker == 2
    set_active(s, ["body", "engine", "service"])
    s.apply("pick Attract")
    assert s.round == 1 and s.market_marker == 1
    turn_company = s.current_player
    set_chain(s, [s.cfg.companies[turn_company]])
    s.apply("pick Attract")
    assert s.round == 2 and s.market_marker == 2


def test_attract_with_every_active_space_full_places_no_buyer_and_moves_the_marker_down() -> None:
    """RULINGS K4; seed JP: Actions (Attract buyer)."""
    s = fresh_turn("Green", players=2)
    set_active(s, ["body", "engine", "service"])
    stacks, whites, active = s.stacks, s.whites, s.active
    rep = s.scores()
    s.apply("pick Attract")
    assert s.market_marker == 1
    assert (s.stacks, s.whites, s.active) == (stacks, whites, active)
    assert s.scores() == rep
    assert events(s, "market_marker")


def test_attract_stays_mandatory_on_a_double_tile_and_can_end_the_round() -> None:
    """RULINGS K4, K2; seed JP: Actions (Attract buyer)."""
    s = fresh_turn("Green")
    green = co(s, "Green")
    set_active(s, FULL)
    s.apply("pick GrandPrix+Attract")
    assert s.decision() == "choose_action"
    s.apply("do grandprix")
    s.apply("team 0")
    # The Attract action was carried out although no buyer could be placed.
    assert events(s, "market_marker")[-1][1] == green
    assert s.round == 2  # the marker reached 0: scoring followed the turn


# --- K5: free actions and technology markers ----------------------------------------------------
def _tech_position() -> State:
    s = fresh()
    give_engineer(s, "Green", "Packard")
    give_engineer(s, "Green", "Kettering")
    give_investor(s, "Green", "Durant")
    put_car(s, "Green", 2, 2, 1, 5)
    set_active(s, ["body", None, None, None])
    g = s.companies[co(s, "Green")]
    g.workshops = ((0, 3), (1, 3))
    return set_chain(s, ["Green"])


def test_packard_in_the_action_step_blocks_a_kettering_swap_in_that_step_only() -> None:
    """RULINGS K5; seed JP: Engineers 4 (one technology marker per step of a turn)."""
    s = _tech_position()
    assert "kettering car 1 body 3" in legal_texts(s)
    s.apply("packard +2 at buyer 1")
    assert s.packard[0] == 2
    assert not any(a.startswith("kettering") for a in legal_texts(s))
    assert not any(a.startswith("packard") for a in legal_texts(s))
    expect_illegal(s, "kettering car 1 body 3", "K5")
    s.apply("pick Research")
    s.apply("do research")  # free actions are still possible: a decision point
    s.apply("research body")
    assert s.decision() == "market"
    assert "kettering car 1 body 3" in legal_texts(s)  # the market step is a new step
    s.apply("kettering car 1 body 3")
    car = s.market[0]
    assert car is not None and car.body == 3
    assert not any(a.startswith("packard") for a in legal_texts(s))


def test_an_investment_token_is_not_a_technology_marker() -> None:
    """RULINGS K5 (only Packard, Kettering, Winton, Christie markers count), K16."""
    s = _tech_position()
    s.apply("packard +4 at buyer 1")
    assert "invest Durant in car 1" in legal_texts(s)
    s.apply("invest Durant in car 1")
    car = s.market[0]
    assert car is not None and car.invested
    assert s.investor_track == (s.cfg.recruit_named("Durant").index,)


def test_a_kettering_swap_in_the_market_step_leaves_no_room_for_a_car_tech_marker() -> None:
    """RULINGS K5, K13; seed JP: FAQ 3."""
    s = fresh()
    give_engineer(s, "Green", "Kettering")
    give_engineer(s, "Green", "Winton")
    put_car(s, "Green", 2, 2, 1, 5)
    s.companies[co(s, "Green")].workshops = ((0, 3), (0, 4), (1, 3))
    set_chain(s, ["Green"])
    s.apply("pick Research")
    s.apply("do research")  # free actions are still possible: a decision point
    s.apply("research body")
    s.apply("kettering car 1 body 4")
    s.apply("car body 3")
    s.apply("car workers 1")
    s.apply("car price 9")
    new = [car for car in s.market if car is not None and car.price == 9]
    assert len(new) == 1 and new[0].tech == -1  # no Winton marker was possible
    assert "engine+1" in s.companies[co(s, "Green")].tech


def test_packard_in_the_action_step_leaves_the_market_step_its_own_marker() -> None:
    """RULINGS K5; seed JP: Engineers 4 (one in the action step and one in the market step)."""
    s = fresh()
    give_engineer(s, "Green", "Packard")
    give_engineer(s, "Green", "Winton")
    set_active(s, ["engine", None, None, None])
    s.companies[co(s, "Green")].workshops = ((0, 3), (1, 3))
    set_chain(s, ["Green"])
    s.apply("packard +4 at buyer 1")
    assert not any(a.startswith("packard") for a in legal_texts(s))  # one per step
    s.apply("pick Research")
    s.apply("research body")
    s.apply("car body 3")
    s.apply("car workers 1")
    s.apply("car price 5")
    assert "car tech engine+1" in legal_texts(s)
    s.apply("car tech engine+1")
    car = s.market[0]
    assert car is not None and car.tech >= 0 and s.packard[0] == 4


def test_a_free_action_can_be_taken_between_the_two_actions_of_a_double_tile() -> None:
    """RULINGS K5 ("at any of the owner's decision points in its own turn"); seed JP: Recruit
    tiles b2 (the token may be used "before or after an action"); docs/architecture.md 1
    ("between the actions of a tile"). After the first action of Research+Hire the owner must
    get a decision point, before the hire, at which its investment token can be used."""
    s = _tech_position()
    s.apply("pick Research+Hire")
    s.apply("do research")
    s.apply("research body")
    g = s.companies[co(s, "Green")]
    assert g.canteen == 4, "the hire happened with no decision point after the research"
    assert "invest Durant in car 1" in legal_texts(s)


def test_only_the_company_on_turn_has_free_actions() -> None:
    """RULINGS K5 (the owner's decision points in its own turn)."""
    s = _tech_position()
    workers(s, "Blue", canteen=4)
    set_chain(s, ["Blue"])
    assert s.current_player == co(s, "Blue")
    assert not any(a.startswith(("invest", "packard", "kettering")) for a in legal_texts(s))
    expect_illegal(s, "packard +2 at buyer 1", "RULINGS K")
