"""Strength ladders (solvers.strength, benchmarks/strength.py) and the time-budgeted bots they
pit against each other (mcts-time, openspiel-mcts)."""

from __future__ import annotations

import json
import runpy
import sys
from pathlib import Path
from typing import Any

import pytest

from gamecore.game import find
from solvers.bots import canonical, make_bot
from solvers.strength import (
    LadderError,
    compare,
    head_to_head,
    milliseconds_per_decision,
    read_ladder,
    run_ladder,
)
from solvers.tournament import GameResult, run_tournament

ROOT = Path(__file__).resolve().parents[2]


def ladder_text(**changes: Any) -> str:
    data: dict[str, Any] = {"game": "kraftwagen", "seed": 5, "significance": 0.01,
                            "candidate": "greedy",
                            "matches": [{"players": 2, "lineup": ["greedy", "random"],
                                         "games": 2}]}
    data.update(changes)
    return json.dumps(data)


def result(lineup: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...],
           index: int = 0) -> GameResult:
    return GameResult(index, 1, lineup, scores, tuple(() for _ in scores), winners, "test", 10,
                      "kraftwagen", tuple(0.1 for _ in scores), tuple(2 for _ in scores))


# --- the ladder file ------------------------------------------------------------------------
def test_a_ladder_file_is_read_with_its_bots_written_out_in_full() -> None:
    ladder = read_ladder(ladder_text(candidate="mcts-time",
                                     matches=[{"players": 2, "lineup": ["mcts-time", "greedy"],
                                               "games": 2}]))
    assert ladder.candidate == "mcts-time:100"
    assert ladder.matches[0].lineup == ("mcts-time:100", "greedy")


@pytest.mark.parametrize(("changes", "field"), [
    ({"seed": -1}, "seed"),
    ({"significance": 1.5}, "significance"),
    ({"candidate": "nobody"}, "candidate"),
    ({"matches": []}, "matches"),
    ({"matches": [{"players": 2, "lineup": ["random", "mcts"], "games": 2}]},
     "matches[0].lineup"),
    ({"matches": [{"players": 0, "lineup": ["greedy", "random"], "games": 2}]},
     "matches[0].players"),
    ({"matches": [{"players": 2, "lineup": ["greedy", "robot"], "games": 2}]},
     "matches[0].lineup[1]"),
    ({"extra": 1}, "unknown extra"),
])
def test_a_bad_ladder_file_is_refused_naming_the_field(changes: dict[str, Any],
                                                       field: str) -> None:
    with pytest.raises(LadderError, match=field.replace("[", r"\[").replace("]", r"\]")):
        read_ladder(ladder_text(**changes))


def test_a_match_the_tournament_cannot_play_is_refused_before_any_game() -> None:
    played: list[Any] = []

    def play(*args: Any, **kwargs: Any) -> Any:
        played.append(args)
    ladder = read_ladder(ladder_text(matches=[
        {"players": 2, "lineup": ["greedy", "random"], "games": 2},
        {"players": 3, "lineup": ["greedy", "random"], "games": 3}]))  # 2 bots, 3 seats
    with pytest.raises(LadderError, match="cannot share 3 seats"):
        run_ladder(ladder, play=play)
    assert played == []


# --- who finished ahead ---------------------------------------------------------------------
def test_a_winner_is_ahead_of_a_loser_whatever_the_scores() -> None:
    # A tie-break can make the winner one with the lower score; winning comes first.
    g = result(("a", "b", "c"), (10, 12, 3), (0,))
    assert head_to_head(g, "a", "b") == 1
    assert head_to_head(g, "b", "a") == -1
    assert head_to_head(g, "b", "c") == 1  # neither won: the higher score
    assert head_to_head(result(("a", "b"), (5, 5), ()), "a", "b") == 0


def test_several_seats_count_once_by_the_pairs_ahead() -> None:
    g = result(("a", "b", "a", "b"), (9, 8, 1, 7), (0,))
    # a's seats against b's: 9>8, 9>7, 1<8, 1<7 -> two ahead, two behind: level.
    assert head_to_head(g, "a", "b") == 0


def test_the_sign_test_says_beats_only_when_ahead_clearly() -> None:
    clear = [result(("c", "r"), (9, 1), (0,), i) for i in range(12)]
    assert compare(clear, "c", "r", 0.01).beats
    assert compare(clear, "c", "r", 0.01).p < 0.001
    even = clear[:6] + [result(("c", "r"), (1, 9), (1,), i) for i in range(6)]
    c = compare(even, "c", "r", 0.01)
    assert (c.ahead, c.behind, c.beats) == (6, 6, False)
    behind = [result(("c", "r"), (1, 9), (1,), i) for i in range(12)]
    assert not compare(behind, "c", "r", 0.01).beats  # significant, the wrong way


def test_time_per_decision_is_per_decision_with_a_choice() -> None:
    games = [result(("a", "b"), (1, 2), (1,)), result(("b", "a"), (1, 2), (1,))]
    assert milliseconds_per_decision(games) == pytest.approx({"a": 50.0, "b": 50.0})


# --- a real ladder --------------------------------------------------------------------------
def test_a_small_ladder_runs_and_reports_every_rival_and_time() -> None:
    ladder = read_ladder(ladder_text(matches=[
        {"players": 2, "lineup": ["greedy", "random"], "games": 4}]))
    report = run_ladder(ladder, progress=False)
    (pooled,) = report["pooled"]
    assert pooled["rival"] == "random"
    assert pooled["ahead"] + pooled["behind"] + pooled["level"] == 4
    assert set(report["ms_per_decision"]) == {"greedy", "random"}
    assert report["matches"][0]["wins"]["greedy"]["seats"] == 4


def test_the_command_refuses_an_uncommitted_ladder_unless_it_is_a_trial(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "ladder.json"  # outside any repository: never committed
    path.write_text(ladder_text(), encoding="utf-8")
    out = tmp_path / "report.json"
    for trial in (False, True):
        argv = ["strength.py", str(path), "--out", str(out)] + (["--trial"] if trial else [])
        monkeypatch.setattr(sys, "argv", argv)
        with pytest.raises(SystemExit) as stop:
            runpy.run_path(str(ROOT / "benchmarks" / "strength.py"), run_name="__main__")
        assert stop.value.code == (0 if trial else 2)
    assert "not committed" in capsys.readouterr().err
    report = json.loads(out.read_text(encoding="utf-8"))
    assert report["trial"] is True and report["ladder_commit"] is None


# --- the time-budgeted bots -----------------------------------------------------------------
def test_tournament_games_record_cpu_time_and_decisions_with_a_choice() -> None:
    first = run_tournament(["greedy", "random"], 2, seed=3, progress=False)
    again = run_tournament(["greedy", "random"], 2, seed=3, progress=False)
    for g in first.games:
        assert len(g.cpu_seconds) == len(g.searched) == 2
        assert all(n > 0 for n in g.searched) and sum(g.searched) <= g.decisions
    assert first.games == again.games  # times differ from run to run; equality ignores them


@pytest.mark.parametrize("game", ["kraftwagen", "formel1", "automobiles"])
@pytest.mark.parametrize("spec", ["openspiel-mcts:5", "mcts-time:5"])
def test_the_time_budgeted_bots_play_legal_decisions_of_every_game(game: str,
                                                                   spec: str) -> None:
    state = find(game).new_game(3, 11)
    bot = make_bot(spec, 2, game)
    other = make_bot("random", 1, game)
    searched = 0
    for _ in range(300):
        if state.is_terminal() or searched == 4:
            break
        legal = state.legal_action_ids()
        chooser = bot if state.current_player == 0 else other
        before = state.to_json()
        aid = chooser.choose(state)
        assert state.to_json() == before  # a search never changes the state it is given
        assert aid in legal
        searched += chooser is bot and len(legal) > 1
        state.apply(aid)
    assert searched == 4


def test_the_time_budgeted_bots_are_named_with_their_milliseconds() -> None:
    assert canonical("openspiel-mcts") == "openspiel-mcts:100"
    assert canonical("mcts-time:40", "formel1") == "mcts-time:40"
