"""The player's-view hint (kwwidgets/formel1/hint.py ``view_hint``): the ``view`` bot's answer,
with its ranking and intervals in plain words, asked at every decision of a whole seated game
with a tiny budget, and never a crash."""

from __future__ import annotations

import re

import pytest

import formel1
from formel1.bots import GreedyBot
from kwwidgets.formel1 import hint as f1_hint
from solvers.bots import bots_of, make_bot
from solvers.formel1.bots import ViewBot, ranking
from solvers.formel1.positions import endgame

RULE_CODE = re.compile(r"\b(F1-\d+|RF\d+|AU-\d+|RA\d+)\b")


@pytest.mark.parametrize("players,races,track,variants", [
    (4, 3, "standard", ()), (3, 1, "standard", ("no_car",)),
    (3, 1, "standard", ("two_laps_discards",)), (5, 1, "new", ("white321",)),
])
def test_the_hint_answers_every_decision_of_a_whole_game(
        players: int, races: int, track: str, variants: tuple[str, ...]) -> None:
    s = formel1.new_game(players=players, seed=11, races=races, track=track, variants=variants)
    rivals = GreedyBot(1)
    asked = 0
    while not s.is_terminal():
        if s.current_player == 0:
            hint = f1_hint.view_hint(s, seconds=1e-4)
            assert hint.action_id in s.legal_action_ids()
            assert hint.text.startswith("Hint: ") and not RULE_CODE.search(hint.text)
            asked += 1
            s.apply(hint.action_id)
        else:
            s.apply(rivals.choose(s))
    assert asked > 10


def test_the_hint_is_the_bots_ranking_in_words_with_intervals() -> None:
    s = endgame(4, 3, 20)
    assert s is not None
    hint = f1_hint.view_hint(s, seconds=0.05)
    assert "95% interval" in hint.text and "An estimate, not a proof" in hint.text
    answer = ranking(s, 0.05, seed=len(s.events))
    assert answer is not None and hint.action_id in {d.action_id for d in answer.decisions}
    auction = formel1.new_game(players=4, seed=2)
    text = f1_hint.view_hint(auction, seconds=0.05).text
    assert "less the price" in text and "95% interval" in text


def test_a_proven_hint_says_so() -> None:
    s = endgame(2, 1, 6)  # two players: the unseen cards are the rival's hand
    assert s is not None
    hint = f1_hint.view_hint(s, seconds=30)
    assert hint.proven and "Proven" in hint.text and "95% interval" not in hint.text


def test_the_view_bot_is_registered_and_plays_a_seeded_game() -> None:
    assert "view" in bots_of("formel1")
    bot = make_bot("view:5", 1, game="formel1")
    assert isinstance(bot, ViewBot) and bot.ms == 5
    s = formel1.new_game(players=3, seed=4, races=1)
    bots: list[ViewBot | GreedyBot] = [bot, GreedyBot(1), GreedyBot(2)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    with pytest.raises(ValueError, match="milliseconds"):
        ViewBot(0, ms=0)


def test_the_view_bots_default_time_is_the_one_its_ladder_measured() -> None:
    """``view`` without a time plays as the bot the committed ladder measured against greedy
    and OpenSpiel's MCTS (benchmarks/ladders/formel1.json), not an unmeasured setting."""
    import json
    from pathlib import Path

    from solvers.formel1.bots import DEFAULT_MS

    ladder = Path(__file__).resolve().parents[3] / "benchmarks" / "ladders" / "formel1.json"
    assert json.loads(ladder.read_text())["candidate"] == f"view:{DEFAULT_MS}"
    assert make_bot("view", 0, game="formel1").ms == DEFAULT_MS
