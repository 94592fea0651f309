"""Rule tests: Grand Prix scoring, achievements, game end, two players and hidden scores
(seed JP: Scoring phase A, Achievements, Game end, Two players, Hidden score;
RULINGS K22-K24, K30, K31)."""

from __future__ import annotations

import pytest

import kwcore
from kwcore import rules
from kwcore.config import lap_points
from tests.support.builders import (
    achievement,
    co,
    end_by_attract,
    events,
    face_up,
    fresh,
    fresh_turn,
    give_engineer,
    put_car,
    scoring_phase,
    set_active,
    set_chain,
    workers,
)

FULL = ["body", "engine", "service", "price"]


def _gp(s: kwcore.State, name: str) -> int:
    """Points company ``name`` has scored from Grand Prix scoring so far."""
    return s.companies[co(s, name)].score_parts[1]


def _race(players: int, **progress: int) -> kwcore.State:
    """A position whose racing cars have driven ``progress`` spaces in this race."""
    s = fresh(players=players)
    for name, p in progress.items():
        s.companies[co(s, name)].progress = p
    return s


# --- K22: Grand Prix scoring --------------------------------------------------------------------
def test_the_first_three_places_score_7_4_and_2() -> None:
    """RULINGS K22; seed JP: Scoring phase A1."""
    s = scoring_phase(_race(4, Green=10, Blue=8, Red=5, Orange=3))
    assert (_gp(s, "Green"), _gp(s, "Blue"), _gp(s, "Red"), _gp(s, "Orange")) == (7, 4, 2, 0)


def test_more_laps_beat_fewer_spaces_left_to_the_finish_line() -> None:
    """RULINGS K22; seed JP: Scoring phase A2."""
    length = fresh().cfg.circuit_length
    # Green: 1 lap, on space 1; Blue: no lap, on the last space.
    s = scoring_phase(_race(4, Green=length + 1, Blue=length, Red=2))
    assert _gp(s, "Green") == 7 + lap_points(s.cfg, 1)
    assert (_gp(s, "Blue"), _gp(s, "Red")) == (4, 2)


@pytest.mark.parametrize(("laps", "points"), [(0, 0), (1, 1), (2, 3), (3, 5), (4, 6), (5, 7),
                                              (6, 8), (7, 9)])
def test_laps_score_1_3_5_6_7_and_one_more_per_lap_beyond_five(laps: int, points: int) -> None:
    """RULINGS K22; seed JP: Scoring phase A3."""
    s = fresh()
    s.companies[co(s, "Green")].progress = laps * s.cfg.circuit_length + 1
    scoring_phase(s)
    assert [e[2:] for e in events(s, "gp_laps") if e[1] == co(s, "Green")] == [(laps, points)]


def test_cars_still_in_the_pit_lane_tie_and_share_the_lowest_place() -> None:
    """RULINGS K22; seed JP: Scoring phase A2."""
    s = scoring_phase(_race(3, Green=5))  # Blue and Red tie for places 2-3: 3rd place points
    assert (_gp(s, "Green"), _gp(s, "Blue"), _gp(s, "Red")) == (7, 2, 2)
    s = scoring_phase(_race(4, Green=5, Blue=4))  # Red and Orange span places 3-4
    assert (_gp(s, "Green"), _gp(s, "Blue"), _gp(s, "Red"), _gp(s, "Orange")) == (7, 4, 0, 0)
    s = scoring_phase(_race(3))  # all three span places 1-3
    assert (_gp(s, "Green"), _gp(s, "Blue"), _gp(s, "Red")) == (2, 2, 2)


def test_after_the_grand_prix_the_cars_go_back_to_the_pit_lane_with_no_laps() -> None:
    """RULINGS K22; seed JP: Scoring phase A4."""
    length = fresh().cfg.circuit_length
    s = scoring_phase(_race(4, Green=2 * length + 3, Blue=4))
    assert [c.progress for c in s.companies] == [0, 0, 0, 0]
    assert s.companies[co(s, "Green")].last_laps == 2


def test_the_grand_prix_is_scored_before_the_sales() -> None:
    """RULINGS K22; seed JP: Scoring phase 1."""
    s = _race(4, Green=4)
    put_car(s, "Blue", 3, 3, 1, 5)
    set_active(s, FULL)
    scoring_phase(s)
    kinds = [e.kind for e in s.events if e.kind in ("gp_place", "gp_laps", "sale")]
    assert "sale" in kinds and kinds.index("sale") > max(
        i for i, k in enumerate(kinds) if k.startswith("gp"))


def test_the_scoring_phase_follows_the_end_of_the_action_phase() -> None:
    """RULINGS K3, K22; seed JP: Scoring phase 1."""
    s = _race(4, Red=6)
    end_by_attract(s, "Green", FULL)
    assert s.round == 2 and _gp(s, "Red") == 7


# --- K23: achievements --------------------------------------------------------------------------
def _ach(s: kwcore.State, name: str) -> int:
    return s.achievements[achievement(s, name)]


def _build(s: kwcore.State, name: str, kind: str, value: int) -> kwcore.Company:
    set_chain(s, [name])
    c = s.companies[co(s, name)]
    if kind == "Body":
        c.body_track = value
        c.engine_track = max(c.engine_track, value - 2)
    else:
        c.engine_track = value
        c.body_track = max(c.body_track, value - 2)
    s.legal = tuple(rules.legal(s))
    s.apply(f"pick {kind}")
    if s.decision() == "place":
        s.apply("place in workshop")
    return c


def test_a_body_of_at_least_3_in_a_workshop_scores_the_body_3_achievement() -> None:
    """RULINGS K23 (value >= N); seed JP: Achievements 4 (Body)."""
    s = fresh()
    c = _build(s, "Green", "Body", 4)
    assert _ach(s, "Body3") == co(s, "Green") and c.score_parts[2] == 3
    assert _ach(s, "Body6") == -1


def test_only_the_first_company_scores_an_achievement_and_only_once() -> None:
    """RULINGS K23; seed JP: Achievements 3."""
    s = fresh()
    green = _build(s, "Green", "Body", 3)
    blue = _build(s, "Blue", "Body", 3)
    assert _ach(s, "Body3") == co(s, "Green")
    assert blue.reputation == 0
    _build(s, "Green", "Body", 3)
    assert green.score_parts[2] == 3


def test_placing_a_body_6_first_scores_both_body_achievements() -> None:
    """RULINGS K23; seed JP: Achievements 4 (Body, the rare case)."""
    s = fresh()
    c = _build(s, "Green", "Body", 6)
    assert _ach(s, "Body3") == _ach(s, "Body6") == co(s, "Green")
    assert c.score_parts[2] == 3 + 7


def test_placing_an_engine_7_first_scores_both_engine_achievements() -> None:
    """RULINGS K23, Components (engine 4 and 7); seed JP: Achievements 4 (Engine)."""
    s = fresh()
    c = _build(s, "Green", "Engine", 7)
    assert _ach(s, "Engine4") == _ach(s, "Engine7") == co(s, "Green")
    assert c.score_parts[2] == 3 + 7


def test_an_engine_on_the_racing_car_does_not_count_for_the_engine_achievements() -> None:
    """RULINGS K23 (tiles in a workshop, not the racing car)."""
    s = fresh_turn("Green")
    c = s.companies[co(s, "Green")]
    c.engine_track, c.body_track = 5, 3
    s.apply("pick Engine")
    s.apply("place on racing car")
    assert c.race_engine == 5 and _ach(s, "Engine4") == -1 and c.reputation == 0


def test_the_first_lap_and_two_laps_within_one_race_score() -> None:
    """RULINGS K23 (laps within one race); seed JP: Achievements 4 (Grand Prix)."""
    s = fresh_turn("Green")
    length = s.cfg.circuit_length
    c = s.companies[co(s, "Green")]
    c.progress = length
    s.apply("pick GrandPrix")
    s.apply("team 0")
    assert _ach(s, "FirstLap") == co(s, "Green") and _ach(s, "TwoLaps") == -1
    c.progress = 2 * length
    set_chain(s, ["Green"])
    s.apply("pick GrandPrix")
    s.apply("team 0")
    assert _ach(s, "TwoLaps") == co(s, "Green") and c.score_parts[2] == 3 + 7


def test_laps_of_different_races_are_not_added_for_the_two_laps_achievement() -> None:
    """RULINGS K23 ("lap achievements count laps within one race")."""
    s = fresh_turn("Green")
    length = s.cfg.circuit_length
    c = s.companies[co(s, "Green")]
    c.progress = length
    s.apply("pick GrandPrix")
    s.apply("team 0")
    end_by_attract(s, "Blue", FULL)
    assert s.round == 2 and c.progress == 0
    c.progress = length
    set_chain(s, ["Green"])
    s.apply("pick GrandPrix")
    s.apply("team 0")
    assert _ach(s, "TwoLaps") == -1


def test_two_cars_placed_over_the_game_score_the_market_achievement() -> None:
    """RULINGS K23 (cars placed over the game); seed JP: Achievements 4 (Market)."""
    s = fresh()
    c = s.companies[co(s, "Green")]
    c.cars_placed = 1  # one car placed (and gone) in an earlier round
    c.workshops = ((0, 2), (1, 2), (1, 1))
    set_chain(s, ["Green"])
    s.apply("pick Research")
    s.apply("research body")
    s.apply("car body 2")
    s.apply("car engine 2")
    s.apply("car workers 1")
    s.apply("car price 5")
    assert _ach(s, "TwoCars") == co(s, "Green") and c.score_parts[2] == 3


def test_an_empty_company_supply_scores_the_no_reserve_achievement() -> None:
    """RULINGS K23 (the company's own supply empty); seed JP: Achievements 4 (Workers)."""
    s = fresh_turn("Green")
    c = workers(s, "Green", canteen=11)
    s.apply("pick Hire")
    assert c.supply == 0 and _ach(s, "NoReserve") == co(s, "Green")
    assert c.score_parts[2] == 7


def test_a_third_engineer_scores_the_engineers_achievement() -> None:
    """seed JP: Achievements 4 (Engineers)."""
    s = fresh()
    give_engineer(s, "Green", "King")
    give_engineer(s, "Green", "Brayton")
    face_up(s, "Riker")
    set_chain(s, ["Green"])
    s.apply("pick Recruit")
    s.apply("recruit Riker")
    assert _ach(s, "ThreeEngineers") == co(s, "Green")


def test_attracting_the_second_buyer_of_a_preference_scores_the_achievement() -> None:
    """RULINGS K23; seed JP: Achievements 4 (Attract buyer)."""
    s = fresh_turn("Green")
    set_active(s, ["price", "body", None, None])
    s.whites = ((), (1,), (1,), ())
    s.apply("pick Attract")
    s.apply("attract price")
    assert _ach(s, "SecondBuyer") == co(s, "Green")
    assert s.companies[co(s, "Green")].score_parts[2] == 3


# --- K24: game end ------------------------------------------------------------------------------
def _final(reputation: dict[str, int], engineers: dict[str, list[str]]) -> kwcore.State:
    """The last turn of round 3, ended by Green; reputations set (as sales points)."""
    s = fresh()
    for name, rep in reputation.items():
        c = s.companies[co(s, name)]
        c.reputation = rep
        c.score_parts = (rep, 0, 0, 0)
    for name, engs in engineers.items():
        for e in engs:
            give_engineer(s, name, e)
    s.round = 3
    s.chart = s.cfg.price_markers[2]
    end_by_attract(s, "Green", FULL)
    assert s.is_terminal()
    return s


def test_the_game_ends_after_round_3_and_the_highest_reputation_wins() -> None:
    """RULINGS K24; seed JP: Game end 1-2."""
    s = _final({"Green": 20, "Blue": 31, "Red": 30, "Orange": 5}, {})
    out = s.outcome()
    assert out is not None and out.winners == (co(s, "Blue"),)
    assert out.scores == tuple(s.scores()) and s.legal_actions() == []


def test_a_tie_goes_to_the_company_with_more_engineer_tiles() -> None:
    """RULINGS K24; seed JP: Game end 3."""
    s = _final({"Green": 30, "Blue": 30, "Red": 10},
               {"Green": ["King"], "Blue": ["Brayton", "Chevrolet"]})
    out = s.outcome()
    assert out is not None and out.winners == (co(s, "Blue"),)


def test_a_tie_on_reputation_and_engineers_is_a_shared_win() -> None:
    """RULINGS K24; seed JP: Game end 4."""
    s = _final({"Green": 30, "Blue": 30, "Red": 30, "Orange": 2},
               {"Green": ["King"], "Blue": ["Brayton"], "Orange": ["Riker", "Winton"]})
    out = s.outcome()
    # Red has as many points but fewer engineers; Orange has more engineers but fewer points.
    assert out is not None and out.winners == (co(s, "Green"), co(s, "Blue"))
    assert out.reason == "shared win"


def test_the_game_is_not_over_before_round_3_is_scored() -> None:
    """RULINGS K24."""
    s = fresh()
    end_by_attract(s, "Green", FULL)
    end_by_attract(s, "Green", FULL)
    assert s.round == 3 and not s.is_terminal() and s.outcome() is None


# --- K30: two players ---------------------------------------------------------------------------
def test_with_two_players_neutral_cars_on_spaces_3_and_6_are_skipped() -> None:
    """RULINGS K30; seed JP: Two players 5."""
    s = fresh_turn("Green", players=2)
    c = s.companies[co(s, "Green")]
    c.race_engine = 4
    s.apply("pick GrandPrix")
    s.apply("team 0")
    # Spaces 1, 2, 4, 5 count; 3 is passed. With 5 steps space 6 would be passed too.
    assert c.progress == 5
    assert "passes a neutral car" in [x for x in s.log() if x.startswith("Green's car")][-1]
    set_chain(s, ["Green"])
    c.progress = 5
    c.race_engine = 1
    s.apply("pick GrandPrix")
    s.apply("team 0")
    assert c.progress == 7  # space 6 is passed


def test_neutral_cars_count_in_the_ranking_but_never_score() -> None:
    """RULINGS K30, K22; seed JP: Two players 5."""
    s = scoring_phase(_race(2, Green=4, Blue=1))
    # Ranking: neutral car on 6, Green on 4, neutral car on 3, Blue on 1.
    assert (_gp(s, "Green"), _gp(s, "Blue")) == (4, 0)
    s = scoring_phase(_race(2, Green=8, Blue=5))
    # Green, neutral car on 6, Blue, neutral car on 3: Blue is third.
    assert (_gp(s, "Green"), _gp(s, "Blue")) == (7, 2)


def test_with_two_players_the_pit_lane_car_ranks_behind_both_neutral_cars() -> None:
    """RULINGS K30, K22."""
    s = scoring_phase(_race(2, Green=7))
    assert (_gp(s, "Green"), _gp(s, "Blue")) == (7, 0)


# --- K31: hidden scores ---------------------------------------------------------------------------
def test_hidden_scores_hide_other_companies_points_until_the_game_ends() -> None:
    """RULINGS K31; seed JP: Hidden score."""
    s = fresh(hidden_scores=True)
    s.companies[co(s, "Blue")].progress = 3
    end_by_attract(s, "Green", FULL)
    blue = co(s, "Blue")
    assert s.companies[blue].reputation == 7
    mine = s.observation(blue)
    other = s.observation(co(s, "Green"))
    assert mine["companies"][blue]["reputation"] == 7
    assert other["companies"][blue]["reputation"] is None
    assert other["companies"][blue]["score_parts"] is None
    assert not any(e[0] == "gp_place" and e[1] == blue for e in other["log"])
    end_by_attract(s, "Green", FULL)
    end_by_attract(s, "Green", FULL)
    assert s.is_terminal()
    assert s.observation(co(s, "Green"))["companies"][blue]["reputation"] == 7


def test_without_the_variant_every_score_is_visible() -> None:
    """RULINGS K31 (a variant only)."""
    s = fresh()
    s.companies[co(s, "Blue")].progress = 3
    end_by_attract(s, "Green", FULL)
    blue = co(s, "Blue")
    assert s.observation(co(s, "Green"))["companies"][blue]["reputation"] == 7
