"""The play widget's hint is the planner bot's decision and the plan of the very search behind
it, and it answers at every decision of the game 02_play opens (4 companies, seed 0, you are
company 0, greedy bots), even with a tiny budget."""

from __future__ import annotations

import re
from typing import Any

import kwcore
from kwcore.bots import GreedyBot
from kwcore.state import State
from kwwidgets.kraftwagen.hint import bot_hint, plan_status, planner_hint
from solvers.kraftwagen.bots import PlannerBot
from solvers.kraftwagen.planner import Plan, plan

#: A rule code inside a player's sentence (as tests/kwwidgets/test_hints.py checks).
RULE_CODE = re.compile(r"\bRULINGS\b|\bK\d+\b|seed (?:JP|FR|FAQ)")


class Recorder:
    """``plan``, remembering every plan it returns (the searches a bot ran)."""

    def __init__(self) -> None:
        self.plans: list[Plan] = []

    def __call__(self, *args: Any) -> Plan:
        self.plans.append(plan(*args))
        return self.plans[-1]


def _our_decisions(players: int, seed: int, count: int) -> list[State]:
    """Company 0's first ``count`` decisions with a choice after the setup, greedy play."""
    state = kwcore.new_game(players, seed)
    bots = [GreedyBot(p) for p in range(players)]
    found: list[State] = []
    while not state.is_terminal() and len(found) < count:
        p = state.current_player
        if p == 0 and state.decision() != "choose_start" and len(state.legal_action_ids()) > 1:
            found.append(state.clone())
        state.apply(bots[p].choose(state) if p >= 0 else state.legal[0])
    return found


def test_the_hint_plays_the_bots_decision_and_shows_the_plan_of_that_search() -> None:
    searched = 0
    for state in _our_decisions(3, 2, 25):
        played = PlannerBot(0, nodes=400).choose(state)  # node budgets: the same every time
        recorder = Recorder()
        bot = PlannerBot(0, nodes=400, planner=recorder)
        hint = bot_hint(state, bot)
        assert hint.action_id == played
        if bot.last is not None and not bot.last_fallback:
            searched += 1
            assert bot.last is recorder.plans[-1] or bot.last in recorder.plans
            status = plan_status(bot.last)
            assert status[1:] in hint.text  # the status of that very search
            if hint.proven:
                assert status.startswith("Proven best")
        else:
            assert "the greedy bot's choice" in hint.text
    assert searched >= 10


def test_the_hint_never_fails_on_any_decision_of_the_02_play_game_with_a_tiny_budget() -> None:
    state = kwcore.new_game(4, 0)  # PlayWidget(players=4, seed=0, human=0, bots="greedy")
    bots = [GreedyBot(p) for p in range(4)]
    asked = 0
    while not state.is_terminal():
        p = state.current_player
        if p == 0:
            hint = planner_hint(state, ms=3)
            asked += 1
            assert hint.action_id in state.legal_action_ids()
            assert hint.text.startswith("Hint: ") and not RULE_CODE.search(hint.text)
            assert hint.proven == ("not proven" not in hint.text.lower()), hint.text
            state.apply(hint.action_id)
        else:
            state.apply(bots[p].choose(state) if p >= 0 else state.legal[0])
    assert asked >= 30 and state.round == state.cfg.rounds


def test_the_hint_follows_the_plan_of_its_last_search_without_searching_again() -> None:
    state = kwcore.new_game(4, 0)
    rivals = [GreedyBot(p) for p in range(4)]
    recorder = Recorder()
    bot = PlannerBot(0, nodes=3_000, planner=recorder)
    followed = 0
    while not state.is_terminal() and state.round <= 1:  # the setup and round 1
        p = state.current_player
        if p == 0 and state.decision() != "choose_start":
            searches = len(recorder.plans)
            hint = bot_hint(state, bot)
            if bot.followed_from is not None:
                followed += 1
                assert len(recorder.plans) == searches  # no search: the plan's next step
                assert "not searched again here" in hint.text and not hint.proven
                assert hint.action_id == bot.line[state.key()]
            state.apply(hint.action_id)
        else:
            state.apply(rivals[p].choose(state) if p >= 0 else state.legal[0])
    assert followed >= 3
