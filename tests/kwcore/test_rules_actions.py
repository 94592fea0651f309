"""Rule tests: the actions of the action tiles (seed JP: Actions, Grand Prix, Recruit tiles,
Engineers, Immediate benefits; RULINGS K6-K12)."""

from __future__ import annotations

import pytest

from kwcore import rules
from kwcore.state import Company, State
from tests.support.builders import (
    co,
    events,
    expect_illegal,
    face_up,
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

FULL = ["body", "engine", "service", "price"]


# --- K6: research -----------------------------------------------------------------------------
def _research(body: int, engine: int, tokens: int = 0) -> tuple[State, Company]:
    s = fresh_turn("Green")
    g = s.companies[co(s, "Green")]
    g.body_track, g.engine_track = body, engine
    g.engineer_tokens = tokens
    s.eng_supply -= tokens
    s.apply("pick Research")
    return s, g


def test_research_raises_the_chosen_track_by_one() -> None:
    """RULINGS K6; seed JP: Actions (Research)."""
    s, g = _research(2, 3)
    assert s.decision() == "research"
    s.apply("research body")
    assert (g.body_track, g.engine_track) == (3, 3)


def test_research_may_not_open_a_gap_of_more_than_two() -> None:
    """RULINGS K6; seed JP: Actions (Research)."""
    s, g = _research(3, 1, tokens=1)
    assert "research body" not in legal_texts(s)
    expect_illegal(s, "research body", "K6")
    s.apply("research engine")
    assert (g.body_track, g.engine_track) == (3, 2)


def test_a_track_at_7_is_not_raised() -> None:
    """RULINGS K6 (no track above 7)."""
    s, g = _research(7, 6, tokens=1)
    # Only the engine track can move (both would lift body above 7): done at once.
    assert (g.body_track, g.engine_track) == (7, 7) and g.engineer_tokens == 1


def test_researching_both_tracks_spends_an_engineer_token_into_the_box() -> None:
    """RULINGS K6; seed JP: Actions (Research), Engineers 2 (Notes N1: the box)."""
    s, g = _research(2, 2, tokens=1)
    supply = s.eng_supply
    s.apply("research both")
    assert (g.body_track, g.engine_track, g.engineer_tokens) == (3, 3, 0)
    assert s.eng_supply == supply


def test_researching_both_tracks_without_a_token_is_illegal() -> None:
    """RULINGS K6."""
    s, _ = _research(1, 1)
    err = expect_illegal(s, "research both", "K6")
    assert "token" in str(err)


def test_research_is_skipped_when_no_move_is_legal() -> None:
    """RULINGS K6 ("if no legal move exists the action is skipped")."""
    s, g = _research(7, 7, tokens=1)
    assert (g.body_track, g.engine_track, g.engineer_tokens) == (7, 7, 1)
    assert events(s, "skip")[-1][1] == co(s, "Green")
    assert s.current_player != co(s, "Green")


# --- K7: building -------------------------------------------------------------------------------
def test_build_body_puts_a_tile_of_the_body_level_in_a_free_workshop() -> None:
    """RULINGS K7; seed JP: Actions (Build body)."""
    s = fresh_turn("Green")
    g = s.companies[co(s, "Green")]
    g.body_track, g.engine_track = 2, 1
    g.workshops = ((1, 1),)
    s.apply("pick Body")
    assert g.workshops == ((0, 2), (1, 1))


def test_with_all_three_workshops_full_a_workshop_tile_must_be_returned() -> None:
    """RULINGS K7; seed JP: Actions (Build body)."""
    s = fresh_turn("Green")
    g = s.companies[co(s, "Green")]
    g.body_track, g.engine_track = 3, 2
    g.workshops = ((0, 1), (0, 2), (1, 2))
    s.apply("pick Body")
    assert s.decision() == "place"
    assert set(legal_texts(s)) == {
        "place replacing body 1", "place replacing body 2", "place replacing engine 2"}
    expect_illegal(s, "place in workshop", "K7")
    expect_illegal(s, "place on racing car", "K7")
    s.apply("place replacing engine 2")  # any tile may go back, an engine too
    assert g.workshops == ((0, 1), (0, 2), (0, 3))


def test_a_built_engine_may_replace_the_racing_cars_engine() -> None:
    """RULINGS K7; seed JP: Actions (Build engine b)."""
    s = fresh_turn("Green")
    g = s.companies[co(s, "Green")]
    g.engine_track = 3
    s.apply("pick Engine")
    assert set(legal_texts(s)) == {"place in workshop", "place on racing car"}
    s.apply("place on racing car")
    assert g.race_engine == 3 and g.workshops == ()


def test_the_racing_cars_engine_never_goes_into_a_market_car() -> None:
    """RULINGS K7; seed JP: Actions (Build engine), Placing a car 2."""
    s = fresh_turn("Green")
    g = s.companies[co(s, "Green")]
    g.race_engine = 5
    g.workshops = ((0, 2),)
    s.apply("pick Research")
    s.apply("research body")
    # No workshop engine: no car can be placed, whatever the racing car holds.
    assert all(car is None for car in s.market)
    assert s.current_player != co(s, "Green")


def test_the_engine_3_benefit_ignores_the_engine_level() -> None:
    """seed JP: Immediate benefits (Engine 3); docs/architecture.md 9."""
    s = fresh()
    face_up(s, "Engine3")
    set_chain(s, ["Green"])
    g = s.companies[co(s, "Green")]
    s.apply("pick Recruit")
    s.apply("recruit Engine3")
    assert s.decision() == "place"
    s.apply("place in workshop")
    assert g.workshops == ((1, 3),) and g.engine_track == 1


# --- K8: hire -----------------------------------------------------------------------------------
def test_hire_moves_one_worker_from_the_company_supply_to_its_canteen() -> None:
    """RULINGS K8; seed JP: Actions (Hire worker)."""
    s = fresh_turn("Green")
    g = s.companies[co(s, "Green")]
    s.apply("pick Hire")
    assert (g.canteen, g.supply) == (5, 7)


def test_hire_is_skipped_when_the_company_supply_is_empty() -> None:
    """RULINGS K8."""
    s = fresh_turn("Green")
    g = workers(s, "Green", canteen=12)
    s.apply("pick Hire")
    assert (g.canteen, g.supply) == (12, 0)
    assert events(s, "skip")[-1][1] == co(s, "Green")


def test_king_hires_one_more_worker() -> None:
    """RULINGS K8; seed JP: Engineers (King)."""
    s = fresh()
    give_engineer(s, "Green", "King")
    set_chain(s, ["Green"])
    g = s.companies[co(s, "Green")]
    s.apply("pick Hire")
    assert (g.canteen, g.supply) == (6, 6)


def test_riker_rehires_the_salesman_after_a_sale() -> None:
    """RULINGS K8; seed JP: Engineers (Riker)."""
    s = fresh()
    give_engineer(s, "Green", "Riker")
    g = s.companies[co(s, "Green")]
    g.salesman = "supply"  # back in the supply after its car was sold
    set_chain(s, ["Green"])
    s.apply("pick Hire")
    assert set(legal_texts(s)) == {"hire worker", "hire salesman"}
    s.apply("hire salesman")
    assert g.salesman == "canteen" and (g.canteen, g.supply) == (4, 8)


def test_the_salesman_on_a_market_car_cannot_be_hired() -> None:
    """RULINGS K8 (only after it went back to the supply)."""
    s = fresh()
    give_engineer(s, "Green", "Riker")
    put_car(s, "Green", 2, 2, 0, 5, salesman=True)
    set_chain(s, ["Green"])
    g = s.companies[co(s, "Green")]
    s.apply("pick Hire")
    assert g.salesman == "market" and g.canteen == 5


# --- K9: attract buyer --------------------------------------------------------------------------
def test_attract_places_the_buyer_on_the_lowest_empty_active_space() -> None:
    """RULINGS K9; seed JP: Actions (Attract buyer)."""
    s = fresh_turn("Green")
    set_active(s, ["engine", "service", None, None])
    s.apply("pick Attract")
    s.apply("attract price")
    assert s.active == (pref("engine"), pref("service"), pref("price"), -1)
    assert s.stacks[pref("price")] == 1


def test_attract_takes_every_white_marker_beside_the_chosen_stack() -> None:
    """RULINGS K9; seed JP: Actions (Attract buyer), Preparation phase B."""
    s = fresh_turn("Green")
    s.whites = ((2, 2), (1,), (1, 1), (1,))
    s.apply("pick Attract")
    s.apply("attract service")
    assert s.companies[co(s, "Green")].reputation == 2
    assert s.whites == ((2, 2), (1,), (), (1,))


def test_white_markers_left_from_a_round_stay_and_new_ones_stack_on_top() -> None:
    """RULINGS K9; seed JP: Preparation phase B."""
    s = fresh_turn("Green")
    s.apply("pick Attract")
    s.apply("attract body")  # body whites taken in round 1, the others stay
    set_chain(s, ["Blue"])
    set_active(s, FULL)
    s.apply("pick Attract")  # every space full: the marker reaches 0
    assert s.round == 2
    assert s.whites == ((2,), (1, 1), (1, 1), (1, 1))
    set_chain(s, ["Red"])
    s.apply("pick Attract")
    s.apply("attract engine")
    assert s.companies[co(s, "Red")].reputation == 2
    assert s.whites[pref("engine")] == ()


def test_attract_from_an_empty_stack_is_illegal() -> None:
    """RULINGS K9 (a non-empty available stack)."""
    s = fresh_turn("Green")
    set_active(s, ["body", "body", None, None])
    s.apply("pick Attract")
    expect_illegal(s, "attract body", "K9")


# --- K10: Grand Prix ----------------------------------------------------------------------------
@pytest.mark.parametrize(("added", "full_spaces"), [(0, 0), (1, 1), (2, 1), (3, 2), (5, 2),
                                                    (6, 3)])
def test_each_full_racing_team_space_adds_one_to_the_move(added: int, full_spaces: int) -> None:
    """RULINGS K10 (spaces hold 1, 2, 3); seed JP: Grand Prix 1, 2a-2b."""
    s = fresh_turn("Green")
    g = workers(s, "Green", canteen=6)
    g.race_engine = 2
    s.apply("pick GrandPrix")
    s.apply(f"team {added}")
    assert g.team == added and g.canteen == 6 - added
    assert g.progress == 2 + full_spaces


def test_racing_team_workers_stay_in_the_team_for_the_rest_of_the_game() -> None:
    """RULINGS K10; seed JP: Grand Prix 1."""
    s = fresh_turn("Green")
    g = workers(s, "Green", canteen=4)
    s.apply("pick GrandPrix")
    s.apply("team 3")
    set_chain(s, ["Blue"])
    set_active(s, FULL)
    s.apply("pick Attract")
    assert s.round == 2 and g.progress == 0
    assert g.team == 3 and g.canteen == 1
    set_chain(s, ["Green"])
    s.apply("pick GrandPrix")
    s.apply("team 0")
    assert g.progress == 1 + 2  # racing engine 1 + two full spaces, added in round 1


def test_the_salesman_counts_as_one_worker_in_the_racing_team() -> None:
    """RULINGS K10; seed JP: Grand Prix 1 (docs/rules.md)."""
    s = fresh()
    give_engineer(s, "Green", "Riker")
    set_chain(s, ["Green"])
    g = s.companies[co(s, "Green")]
    s.apply("pick GrandPrix")
    s.apply("team 2 with salesman")
    assert g.team == 3 and g.salesman == "team" and g.canteen == 2
    assert g.progress == 1 + 2


def test_the_racing_team_holds_six_workers() -> None:
    """RULINGS K10."""
    s = fresh_turn("Green")
    workers(s, "Green", canteen=4, team=5)
    s.apply("pick GrandPrix")
    assert set(legal_texts(s)) == {"team 0", "team 1"}
    expect_illegal(s, "team 2", "K10")


def test_chevrolet_adds_one_space_to_a_grand_prix_move() -> None:
    """RULINGS K10; seed JP: Engineers (Chevrolet)."""
    s = fresh()
    give_engineer(s, "Green", "Chevrolet")
    set_chain(s, ["Green"])
    g = s.companies[co(s, "Green")]
    s.apply("pick GrandPrix")
    s.apply("team 1")
    assert g.progress == 1 + 1 + 1


def test_occupied_spaces_are_skipped_and_not_counted() -> None:
    """RULINGS K10; seed JP: Grand Prix 2d."""
    s = fresh_turn("Green")
    s.companies[co(s, "Blue")].progress = 2
    s.companies[co(s, "Red")].progress = 3
    g = s.companies[co(s, "Green")]
    g.race_engine = 2
    s.apply("pick GrandPrix")
    s.apply("team 0")
    assert g.progress == 4
    assert events(s, "move")[-1][-1] == (co(s, "Blue"), co(s, "Red"))


def test_each_crossing_of_the_finish_line_counts_one_lap() -> None:
    """RULINGS K10; seed JP: Grand Prix 3."""
    s = fresh_turn("Green")
    length = s.cfg.circuit_length
    g = s.companies[co(s, "Green")]
    g.progress = length - 1  # the last space but one
    g.race_engine = 3
    s.apply("pick GrandPrix")
    s.apply("team 0")
    assert rules.laps_of(length, g.progress) == 1
    assert rules.space_of(length, g.progress) == 2
    assert "completing 1 lap" in [x for x in s.log() if x.startswith("Green's car")][-1]


# --- K11: other racing-car moves ----------------------------------------------------------------
def _mover(name: str = "Green") -> tuple[State, Company]:
    s = fresh()
    give_engineer(s, name, "Chevrolet")
    g = workers(s, name, canteen=0, team=6)
    g.race_engine = 5
    return s, g


def test_recruit_move_drives_3_spaces_without_team_bonus_or_chevrolet() -> None:
    """RULINGS K11, K12; seed JP: Actions (Recruit)."""
    s, g = _mover()
    s.companies[co(s, "Blue")].progress = 2
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit move")
    assert g.progress == 4  # spaces 1, 3, 4: Blue on space 2 skipped


def test_the_move_5_benefit_gets_chevrolets_extra_space_but_no_team_bonus() -> None:
    """RULINGS K11; seed JP: Immediate benefits (Car +5), Engineers (Chevrolet)."""
    s, g = _mover()
    face_up(s, "Move5")
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit Move5")
    assert g.progress == 6


def test_the_move_5_benefit_without_chevrolet_drives_5() -> None:
    """RULINGS K11; seed JP: Immediate benefits (Car +5)."""
    s = fresh()
    face_up(s, "Move5")
    workers(s, "Green", canteen=0, team=6)
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit Move5")
    assert s.companies[co(s, "Green")].progress == 5


# --- K12: recruit -------------------------------------------------------------------------------
def test_recruiting_an_engineer_brings_its_token_and_technology_markers() -> None:
    """RULINGS K12; seed JP: Recruit tiles a), Engineers (Winton)."""
    s = fresh()
    face_up(s, "Winton")
    set_chain(s, ["Green"])
    g = s.companies[co(s, "Green")]
    supply = s.eng_supply
    s.apply("pick Recruit")
    s.apply("recruit Winton")
    assert g.engineers == (s.cfg.recruit_named("Winton").index,)
    assert g.engineer_tokens == 1 and s.eng_supply == supply - 1
    assert g.tech == ("engine+1", "engine+2")
    assert s.cfg.recruit_named("Winton").index not in s.face_up[0]


def test_recruiting_riker_puts_the_salesman_in_the_canteen_and_boxes_the_others() -> None:
    """seed JP: Engineers (Riker)."""
    s = fresh()
    face_up(s, "Riker")
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit Riker")
    assert [c.salesman for c in s.companies] == ["canteen", "box", "box", "box"]


def test_recruiting_an_investor_brings_an_investment_token() -> None:
    """seed JP: Recruit tiles b1."""
    s = fresh()
    face_up(s, "Leland")
    set_chain(s, ["Green"])
    supply = s.inv_supply
    s.apply("pick Recruit")
    s.apply("recruit Leland")
    assert s.companies[co(s, "Green")].investors == (s.cfg.recruit_named("Leland").index,)
    assert s.inv_supply == supply - 1


def test_recruit_workers_takes_two_workers_from_the_supply() -> None:
    """RULINGS K12; seed JP: Actions (Recruit)."""
    s = fresh_turn("Green")
    s.apply("pick Recruit")
    s.apply("recruit workers")
    g = s.companies[co(s, "Green")]
    assert (g.canteen, g.supply) == (6, 6)


def test_only_a_face_up_recruit_tile_can_be_taken() -> None:
    """RULINGS K12; seed JP: Actions (Recruit)."""
    s = fresh_turn("Green")
    hidden = s.unseen[0][0]
    s.apply("pick Recruit")
    expect_illegal(s, f"recruit {s.cfg.recruit[hidden].name}", "K12")
