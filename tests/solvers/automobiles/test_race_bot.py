"""The race bot (solvers.automobiles.bots.RaceBot): registered with its parameter in
milliseconds of CPU per decision, its choice rule (the best mean over the simulated races when
it beats the greedy choice by more than its noise; the greedy choice otherwise), its time kept
drawn from its allowance, and a short tournament played to the end. No timing assertion."""

from __future__ import annotations

from automobiles.bots import GreedyBot
from solvers import tournament
from solvers.automobiles.bots import DEFAULT_RACE_MS, RaceBot, pick
from solvers.automobiles.positions import mid_race
from solvers.bots import bots_of, canonical, make_bot


def test_the_race_bot_is_registered_with_milliseconds_per_decision() -> None:
    entry = bots_of("automobiles")["race"]
    assert entry.default == DEFAULT_RACE_MS and "milliseconds of CPU" in entry.what
    assert canonical("race", "automobiles") == f"race:{DEFAULT_RACE_MS}"
    bot = make_bot("race:40", 3, "automobiles")
    assert isinstance(bot, RaceBot) and bot.seconds == 0.04


def test_pick_keeps_the_greedy_choice_unless_another_is_clearly_better() -> None:
    same = [[-2.0, -2.0, -1.0], [-1.0, -1.0, -3.0], [-3.0, -3.0, -2.0]]
    assert pick(same, 0, 1.0) == 0  # column 2's mean is no better
    better = [[-2.0, -1.0], [-3.0, -2.0], [-2.5, -1.5], [-1.0, 0.0]]
    assert pick(better, 0, 1.0) == 1  # always one place better on the same draws
    noisy = [[-2.0, -1.0], [-1.0, -3.0], [-2.0, -1.0]]
    assert pick(noisy, 0, 1.0) == 0  # better on average, not beyond its noise
    assert pick(better[:1], 0, 1.0) == 0  # too few simulated races: the greedy choice


def test_the_race_bot_plays_the_greedy_choice_where_it_does_not_value() -> None:
    state = mid_race(3, 10, players=3)
    assert state is not None and state.phase == "action"
    bot = RaceBot(0, ms=5)
    assert bot.choose(state) == GreedyBot(0).choose(state)
    assert bot.bank > 0  # the allowance not spent here is kept for the purchases


def test_the_race_bot_values_a_purchase_within_its_allowance() -> None:
    state = mid_race(3, 10, players=3)
    assert state is not None
    greedy = GreedyBot(0)
    while state.phase != "buy" or len(state.legal_action_ids()) < 3:
        state.apply_unchecked(greedy.choose(state))
    bot = RaceBot(0, ms=50)
    bot.bank = 1.0  # as if many decisions' allowance were kept: at most SPEND of them spent
    choice = bot.choose(state)
    assert choice in state.legal_action_ids()
    assert bot.bank < 1.0 + bot.seconds  # it simulated races: the kept allowance was drawn on


def test_the_race_bot_finishes_its_races_in_a_tournament() -> None:
    result = tournament.run_tournament(["race:5", "greedy"], 2, seed=4, game="automobiles",
                                       progress=False)
    # A time budget makes the games differ from run to run: either ending of a race may come
    # (the furthest car, or equal distance and the car further inside, AU-22).
    for g in result.games:
        assert g.reason != tournament.ABANDONED and g.winners, g.reason
