"""Automobiles' solver bots (solvers.automobiles.bots): registered for the generic
registry and the tournament, their purchases the knapsack's, the best-turn bot playing the
solver's line, and a short tournament played to the end."""

from __future__ import annotations

import json

from automobiles.config import WEAR
from solvers import tournament
from solvers.automobiles import buy, turn
from solvers.automobiles.bots import GEAR_HEAVY, PIT_WEAR
from solvers.automobiles.positions import explicit, random_positions
from solvers.bots import bots_of, canonical, make_bot
from tests.conftest import Kw

NAMES = ("best", "gear-heavy", "pit-first", "balanced")


def test_the_bag_building_bots_are_registered_beside_the_engines_own() -> None:
    table = bots_of("automobiles")
    assert {"random", "greedy", "mcts", *NAMES} <= set(table)
    assert canonical("best", "automobiles") == "best:1500"
    for name in NAMES:
        assert make_bot(name, 0, "automobiles").choose is not None


def test_a_bag_bot_buys_the_knapsacks_best_purchase_cube_by_cube() -> None:
    bot = make_bot("gear-heavy", 0, "automobiles")
    for state in random_positions(6, seed=31):
        e = explicit(state)
        e.apply("end actions")
        if e.phase != "buy":
            continue
        want = buy.best_purchase(e.stock, e.money, GEAR_HEAVY)
        seat, before = e.mover, turn.held(e, e.mover)
        while e.phase == "buy":
            e.apply_unchecked(bot.choose(e))
        # no cube was placed: no movement wear, so the cubes gained are the purchase
        got = tuple(a - b for a, b in zip(turn.held(e, seat), before, strict=True))
        values = buy.value_table(GEAR_HEAVY)
        assert sum(v * k for v, k in zip(values, got, strict=True)) == want.value
        assert sum((c or 0) * k for c, k in zip(buy.costs(), got, strict=True)) <= want.cost


def test_the_pit_first_bot_pits_with_wear_in_its_pile() -> None:
    bot = make_bot("pit-first", 0, "automobiles")
    seen = 0
    for state in random_positions(30, seed=32):
        if state.active[state.mover][WEAR] >= PIT_WEAR and "pit stop" in map(str,
                                                                           state.legal_actions()):
            seen += 1
            assert str(state.ACTIONS.actions[bot.choose(state)]) == "pit stop"
    assert seen


def test_the_best_bot_plays_the_solvers_line_to_the_value_claimed() -> None:
    played = 0
    for state in random_positions(8, seed=33, moving=True):
        try:
            plan = turn.solve_turn(state, max_nodes=1500)
        except turn.TurnError:  # the budget ran out in the first decision: the bot plays greedy
            continue
        if not plan.proven or plan.chance:
            continue
        bot = make_bot("best", 0, "automobiles")
        s = explicit(state)
        first = True
        while s.turn == state.turn:
            aid = bot.choose(s)
            if first:
                assert str(s.ACTIONS.actions[aid]) == plan.best
                first = False
            s.apply_unchecked(aid)
        assert turn.measure(explicit(state), s, state.mover) == plan.parts
        played += 1
    assert played >= 4


def test_kw_tournament_plays_the_bag_builders_to_the_end(kw: Kw) -> None:
    status, out, _ = kw("tournament", "--game", "automobiles", "--bots",
                        "gear-heavy,pit-first,balanced,greedy", "--games", "4", "--json")
    assert status == 0
    result = json.loads(out)
    assert (result["game"], result["games"], result["abandoned"]) == ("automobiles", 4, 0)
    assert [s["seats"] for s in result["stats"]] == [4, 4, 4, 4]
    assert sum(s["wins"] + s["shared"] for s in result["stats"]) >= 4


def test_the_best_bot_finishes_its_races_in_a_tournament() -> None:
    result = tournament.run_tournament(["best:100", "greedy"], 2, seed=4, game="automobiles",
                                       progress=False)
    assert [g.reason for g in result.games] == ["furthest car (AU-22)"] * 2
    assert [s.seats for s in result.stats] == [2, 2]
