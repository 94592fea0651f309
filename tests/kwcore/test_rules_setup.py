"""Rule tests: setup, warm-up and the preparation phase (seed JP: Setup, Warm-up (start tiles),
Preparation phase; RULINGS K1, K4, K9, K12, K13, K30)."""

from __future__ import annotations

import kwcore
from kwcore.config import PREFERENCES
from tests.support.builders import (
    chain_names,
    check,
    co,
    events,
    expect_illegal,
    face_up,
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


def _groups(state: kwcore.State) -> list[int]:
    """Actions per chain item, companies as 0 (tail first)."""
    n = len(state.cfg.tiles)
    return [len(state.cfg.tiles[x].actions) if x < n else 0 for x in state.chain]


# --- K1: the chain at setup ---------------------------------------------------------------------
def test_companies_stand_behind_the_tail_then_single_double_triple_tiles() -> None:
    """RULINGS K1; seed JP: Setup 2, 13."""
    for players in (2, 3, 4):
        for seed in range(6):
            s = kwcore.new_game(players=players, seed=seed)
            assert _groups(s) == [0] * players + [1] * 7 + [2] * 3 + [3]
            assert s.current_player >= 0 and s.decision() == "choose_start"


def test_company_order_and_each_tile_group_are_shuffled() -> None:
    """RULINGS K1 (each group shuffled, company markers in random order); seed JP: Setup 2, 13."""
    company_orders, single_orders, double_orders = set(), set(), set()
    for seed in range(20):
        names = chain_names(kwcore.new_game(players=4, seed=seed))
        company_orders.add(tuple(names[:4]))
        single_orders.add(tuple(names[4:11]))
        double_orders.add(tuple(names[11:14]))
    assert len(company_orders) > 1 and len(single_orders) > 1 and len(double_orders) > 1


def test_the_recruit_tile_is_one_of_the_seven_single_action_tiles() -> None:
    """RULINGS Components and K2; seed JP: Setup 2 note."""
    s = kwcore.new_game(players=4, seed=3)
    singles = chain_names(s)[4:11]
    assert "Recruit" in singles


def test_start_tiles_are_chosen_in_reverse_turn_order() -> None:
    """RULINGS K1; seed JP: Warm-up (start tiles) 1-2."""
    for seed in range(5):
        s = kwcore.new_game(players=4, seed=seed)
        turn_order = [co(s, n) for n in chain_names(s)[:4]]
        while s.decision() == "choose_start":
            s.apply(s.legal_actions()[-1])
        choosers = [e[1] for e in events(s, "start")]
        assert choosers == list(reversed(turn_order))
        # The game then begins with the company at the tail.
        assert s.decision() == "choose_tile" and s.current_player == turn_order[0]


def test_a_start_tile_taken_is_no_longer_offered() -> None:
    """seed JP: Warm-up 3 (the chosen tile goes back to the box)."""
    s = kwcore.new_game(players=4, seed=0)
    assert len(legal_texts(s)) == 4
    s.apply("start Engine2+Token")
    assert "start Engine2+Token" not in legal_texts(s) and len(legal_texts(s)) == 3
    expect_illegal(s, "start Engine2+Token", "Warm-up")


def _warm_up_first(start: str, seed: int = 0, players: int = 4) -> tuple[kwcore.State, int]:
    s = kwcore.new_game(players=players, seed=seed)
    p = s.current_player
    s.apply(f"start {start}")
    return s, p


def test_start_tile_body_2_and_car_2_gives_a_body_2_and_drives_2_spaces() -> None:
    """seed JP: Warm-up 4; RULINGS K11."""
    s, p = _warm_up_first("Body2+Move2")
    c = s.companies[p]
    assert c.workshops == ((0, 2),)
    assert c.progress == 2 and c.team == 0


def test_the_start_tile_car_move_skips_an_occupied_space() -> None:
    """RULINGS K11 (start tile +2 skips occupied spaces, no team bonus); seed JP: Grand Prix 2d."""
    s = kwcore.new_game(players=4, seed=0)
    p = s.current_player
    other = (p + 1) % 4
    s.companies[other].progress = 1  # a car already on space 1
    s.companies[p].team = 6  # a full racing team must not add anything
    s.legal = tuple(kwcore.rules.legal(s))
    s.apply("start Body2+Move2")
    assert s.companies[p].progress == 3
    assert events(s, "move")[-1][-1] == (other,)


def test_start_tile_body_research_and_worker() -> None:
    """seed JP: Warm-up 4 (body research 2 + worker)."""
    s, p = _warm_up_first("BodyTrack2+Worker")
    c = s.companies[p]
    assert (c.body_track, c.engine_track, c.canteen, c.supply) == (2, 1, 5, 7)


def test_start_tile_engine_research_and_racing_engine_2() -> None:
    """seed JP: Warm-up 4 (engine research 2 + racing engine 2)."""
    s, p = _warm_up_first("EngineTrack2+RaceEngine2")
    c = s.companies[p]
    assert (c.engine_track, c.body_track, c.race_engine, c.workshops) == (2, 1, 2, ())


def test_start_tile_engine_2_and_engineer_token() -> None:
    """seed JP: Warm-up 4 (engine 2 + engineer token); RULINGS K17."""
    s, p = _warm_up_first("Engine2+Token")
    c = s.companies[p]
    assert c.workshops == ((1, 2),) and c.engineer_tokens == 1
    assert s.eng_supply == s.cfg.engineer_tokens - 1 and c.engineers == ()


def test_every_company_starts_with_its_setup_pieces() -> None:
    """seed JP: Setup 7d-12; RULINGS Components (12 workers: 4 canteen, 8 supply)."""
    s = kwcore.new_game(players=4, seed=2)
    for c in s.companies:
        assert (c.reputation, c.canteen, c.supply, c.team) == (0, 4, 8, 0)
        assert (c.body_track, c.engine_track, c.race_engine, c.progress) == (1, 1, 1, 0)
        assert c.workshops == () and c.salesman == "unused" and c.engineer_tokens == 0


# --- the preparation phase ----------------------------------------------------------------------
def test_round_1_preparation_lays_out_prices_white_markers_and_recruits() -> None:
    """seed JP: Preparation phase A-C; RULINGS K4, K12."""
    s = fresh()
    assert s.round == 1
    assert s.chart == (1, 2, 3, 5, 6, 8, 9, 10)
    assert dict(zip(PREFERENCES, s.whites, strict=True)) == {
        "body": (2,), "engine": (1,), "service": (1,), "price": (1,)}
    assert s.stacks == (2, 2, 2, 2) and s.active == (-1, -1, -1, -1)
    assert [len(u) for u in s.face_up] == [2, 2, 2]
    assert s.stack_left == (4, 4, 4)
    assert s.market_marker == 1


def _end_round(s: kwcore.State, name: str = "Green") -> None:
    set_chain(s, [name])
    set_active(s, FULL if s.players > 2 else FULL[:3])
    s.market_marker = 1
    s.legal = tuple(kwcore.rules.legal(s))
    s.apply("pick Attract")


def test_round_2_uses_only_the_purple_price_markers() -> None:
    """seed JP: Preparation phase A; RULINGS K13 (unused markers leave the game)."""
    s = fresh()
    _end_round(s)
    assert s.round == 2 and s.chart == (2, 3, 5, 6, 8, 9, 11, 12)
    _end_round(s)
    assert s.round == 3 and s.chart == (3, 4, 6, 8, 10, 12, 14, 15)


def test_recruit_reveals_top_up_to_two_per_category_and_leftovers_stay() -> None:
    """RULINGS K12; seed JP: Preparation phase C (see docs/rules.md Notes N6)."""
    s = fresh()
    face_up(s, "King", "Brayton")  # two engineers with no effect on the scoring phase
    set_chain(s, ["Green"])
    left_engineer, taken = s.face_up[0]
    investors = s.face_up[1]
    s.apply("pick Recruit")
    s.apply(f"recruit {s.cfg.recruit[taken].name}")
    assert s.face_up[0] == (left_engineer,)
    _end_round(s, "Blue")
    assert s.round == 2
    assert len(s.face_up[0]) == 2 and s.face_up[0][0] == left_engineer
    assert taken not in s.face_up[0]
    assert s.face_up[1] == investors  # nothing to reveal there
    assert s.stack_left == (3, 4, 4)


def test_buyers_go_back_to_the_available_track_after_each_round() -> None:
    """seed JP: Scoring phase B11."""
    s = fresh()
    _end_round(s)
    assert s.active == (-1, -1, -1, -1) and s.stacks == (2, 2, 2, 2)


# --- two players --------------------------------------------------------------------------------
def test_two_players_are_offered_two_random_start_tiles() -> None:
    """RULINGS K30; seed JP: Two players 3."""
    offers = set()
    for seed in range(12):
        s = kwcore.new_game(players=2, seed=seed)
        assert s.decision() == "choose_start"
        options = legal_texts(s)
        assert len(options) == 2
        offers.add(frozenset(options))
        first = s.current_player
        s.apply(options[0])
        # The other company gets the remaining offered tile.
        chosen = [e for e in events(s, "start")]
        assert [e[1] for e in chosen] == [first, 1 - first]
        names = {f"start {s.cfg.start_tiles[e[2]].name}" for e in chosen}
        assert names == set(options)
    assert len(offers) > 1


def test_two_players_have_three_active_buyer_spaces() -> None:
    """RULINGS K30; seed JP: Two players 4."""
    s = fresh_turn("Green", players=2)
    assert s.active == (-1, -1, -1)
    for _ in range(3):
        set_chain(s, ["Green"])
        s.apply("pick Attract")
        s.apply("attract engine" if "attract engine" in legal_texts(s) else legal_texts(s)[0])
    assert -1 not in s.active and len(s.active) == 3
    assert s.market_marker == 2


# --- the positions these tests build ------------------------------------------------------------
def test_positions_built_for_rule_tests_are_valid_saved_positions() -> None:
    """docs/position-format.md: the builders keep components conserved, so the loader (which
    checks RULINGS Components) accepts every edited position and reloads it unchanged."""
    s = fresh()
    give_engineer(s, "Blue", "Riker")
    give_engineer(s, "Green", "Packard")
    give_investor(s, "Green", "Durant")
    workers(s, "Green", canteen=2, team=3)
    put_car(s, "Orange", 2, 2, 4, 6)
    put_car(s, "Green", 3, 4, 1, 8, investor="Ford")
    put_car(s, "Blue", 5, 3, 0, 10, salesman=True)
    set_active(s, ["service", "engine", None, None])
    set_chain(s, ["Red"])
    check(s)
    for players in (2, 3):
        check(fresh_turn("Blue", players=players))
