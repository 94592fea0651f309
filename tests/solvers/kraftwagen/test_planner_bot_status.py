"""The planner bot says what the search behind each decision proved (the planner bot
shows its gap), through the same anytime driver and ``Plan.status()`` as the play widget's hint."""

from __future__ import annotations

import kwcore
from kwcore.bots import GreedyBot
from solvers.kraftwagen.bots import PlannerBot


def test_each_decision_says_how_it_was_made() -> None:
    state = kwcore.new_game(2, 4)
    bot, rival = PlannerBot(seed=1, nodes=300), GreedyBot(2)
    said: list[str] = []
    searched = 0
    while not state.is_terminal() and len(said) < 60:
        if state.current_player == 0:
            aid = bot.choose(state)
            said.append(bot.last_status())
            if bot.last is not None:
                searched += 1
                assert bot.last.status() in said[-1]
                assert ("Proven best" in said[-1]) == bot.last.proven
        else:
            aid = rival.choose(state)
        state.apply(aid)
    assert searched >= 3
    assert all(text.endswith(".") for text in said)
    assert any(text.startswith("Followed the plan") for text in said) or bot.followed == 0
