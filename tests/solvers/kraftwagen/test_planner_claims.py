"""What the planner claims is true, at every budget: a stopped search as much as a finished one.

A plan says it is proven best for its next ``k`` turns (``Plan.proven_turns``), proven for the
whole horizon (``Plan.proven``), and marks first decisions exact (``Alternative.proven``); each
claim is checked here against ``exhaustive``, the plain memoised exhaustive search of
``test_planner_anytime`` (every decision of ours, rivals greedy, the greedy choice after the
depth), on small real positions whose lines are cut after 1-3 turns. The planner's CPU clock
(``PlannerConfig.clock``) and the time-budgeted planner bot (``planner-time``) are checked for
what they answer, never for how long they take.
"""

from __future__ import annotations

import math

import pytest

import kwcore
from kwcore.bots import GreedyBot
from solvers.bots import BotError, make_bot
from solvers.kraftwagen import planner
from solvers.kraftwagen.bots import PlannerBot
from solvers.kraftwagen.planner import PlannerConfig, PlannerError
from solvers.kraftwagen.positions import RealPosition
from tests.solvers.kraftwagen.test_planner_anytime import CUT, POSITIONS, _ids, exhaustive


@pytest.mark.parametrize("pos", POSITIONS[:5], ids=_ids)
@pytest.mark.parametrize("nodes", [150, 1_500, 15_000])
def test_every_claim_of_a_plan_at_any_budget_holds_against_exhaustive_search(
        pos: RealPosition, nodes: int) -> None:
    cut = CUT[pos.label]
    result = planner.plan(pos.state, None, PlannerConfig(max_turns=cut, node_budget=nodes))
    truth = exhaustive(pos.state, None, cut)
    assert math.isfinite(result.value) and result.value <= truth  # a real line's value
    assert planner.replay_value(pos.state, result.company, result) == result.value
    if result.proven_turns:
        # No plan that chooses freely for that many turns, greedy after, is better.
        assert result.value >= exhaustive(pos.state, result.proven_turns, cut)
    if result.proven:
        assert result.value == truth
    assert result.upper >= truth
    for alt in result.alternatives:
        aid = pos.state.resolve(alt.action)
        best_after = exhaustive(pos.state, None, cut, first=aid)
        assert alt.upper >= best_after
        if alt.proven:
            assert alt.value == best_after, alt


def test_the_cpu_clock_answers_a_real_line_and_a_bad_clock_is_named() -> None:
    pos = POSITIONS[0]
    result = planner.plan(pos.state, None, PlannerConfig(
        max_turns=CUT[pos.label], clock="cpu", time_budget=30.0))
    same = planner.plan(pos.state, None, PlannerConfig(max_turns=CUT[pos.label]))
    assert result.proven and result.value == same.value
    with pytest.raises(PlannerError, match="clock must be one of wall, cpu"):
        planner.plan(pos.state, None, PlannerConfig(clock="sundial"))


def test_the_time_budgeted_planner_bot_is_registered_and_plays_legal_moves() -> None:
    bot = make_bot("planner-time:20", seed=3)
    assert isinstance(bot, PlannerBot) and bot.ms == 20
    state = kwcore.new_game(3, 5)
    rivals = [GreedyBot(1), GreedyBot(2)]
    for _ in range(80):
        p = state.current_player
        aid = bot.choose(state) if p == 0 else rivals[p - 1].choose(state)
        assert aid in state.legal_action_ids()
        state.apply(aid)
    assert bot.planned + bot.followed >= 1
    assert abs(bot.bank) <= 4 * 0.020 + 1e-9  # BANK_CAP decisions' time either way
    for ms in (0, -5, True, 2.5):
        with pytest.raises(BotError, match="milliseconds per decision"):
            PlannerBot(0, ms=ms)  # type: ignore[arg-type]
