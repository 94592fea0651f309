"""Formel 1's solver bot (solvers/formel1/bots.py): ``endgame`` is in the registry,
plays the greedy bot's choice early in a race, the race search's best in the last cards, and a
seeded game with it replays exactly."""

from __future__ import annotations

import formel1
from formel1.bots import GreedyBot
from solvers.bots import bots_of, make_bot
from solvers.formel1 import race
from solvers.formel1.bots import EndgameBot
from solvers.formel1.positions import cards_left, endgame


def test_the_registry_lists_the_endgame_bot_for_formel1() -> None:
    assert "endgame" in bots_of("formel1")
    assert isinstance(make_bot("endgame:500", 1, game="formel1"), EndgameBot)


def test_early_in_a_race_it_plays_the_greedy_choice() -> None:
    s = endgame(4, 3, 30)
    assert s is not None and cards_left(s) > 6
    assert EndgameBot(0).choose(s) == GreedyBot(0).choose(s)


def test_in_the_last_cards_it_plays_a_best_decision_of_the_search() -> None:
    s = endgame(3, 12, 1, mid_card=True)  # no hidden card in a hand: the estimate is exact
    assert s is not None
    bot = EndgameBot(0)
    choice = formel1.ACTIONS[bot.choose(s)]
    plan = race.solve(s)
    best = {a.action for a in plan.alternatives if a.value == plan.value}
    assert bot.searched == 1 and str(choice) in best


def _game(seed: int) -> list[int]:
    s = formel1.new_game(players=3, seed=seed, races=1)
    bots: list[EndgameBot | GreedyBot] = [EndgameBot(seed), GreedyBot(1), GreedyBot(2)]
    actions = []
    while not s.is_terminal():
        aid = bots[s.current_player].choose(s)
        actions.append(aid)
        s.apply(aid)
    return actions


def test_a_seeded_game_with_the_endgame_bot_replays_exactly() -> None:
    assert _game(4) == _game(4)
