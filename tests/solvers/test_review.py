"""The move-by-move review (``solvers.review``) and ``kw review``: values taken from the solver's
answer at the same position, no mark without a loss the solver has shown, a replay of each game
reviewed end to end with a tiny budget, and the command line's bad inputs in one line."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gamecore.cli import play_game
from gamecore.game import find
from solvers.answer import Alternative, Answer
from solvers.review import (
    NOT_SHOWN,
    THRESHOLDS,
    ReviewError,
    Thresholds,
    Value,
    read_replay,
    review,
    review_decision,
    shown_margin,
    solve_options,
)
from solvers.solve import SolverOption, solver_of
from tests.conftest import Kw

GAMES = ("kraftwagen", "formel1", "automobiles")
TINY = 0.05  # seconds of search a decision: the tests check the plumbing, not the strength


@cache
def replay_text(game: str, seed: int = 3) -> str:
    """A seeded two-player game between greedy bots, saved as ``kw play --replay`` saves it."""
    g = find(game)
    taken: list[str] = []
    final = play_game(g, 2, seed, [g.make_bot("greedy", seed * 16 + i) for i in range(2)],
                      record=taken)
    assert g.replay_to_json is not None
    return g.replay_to_json(final, taken)


def decision_state(game: str, player: int = 0, solvable: bool = True) -> tuple[Any, str]:
    """The first position of ``replay_text(game)`` where ``player`` decides among two or more
    decisions (and, with ``solvable``, the solver answers): the state and the decision
    played."""
    replay = read_replay(replay_text(game))
    solver = solver_of(game)
    for state, played in zip(replay.states(), replay.actions, strict=False):
        if state.current_player != player or len(state.legal_action_ids()) < 2:
            continue
        if solvable:
            try:
                solver.solve(state.clone(), solve_options(game, state, player, TINY))
            except ValueError:
                continue
        return state, played
    raise AssertionError(f"no decision of player {player} in the {game} replay")


class ScriptedSolver:
    """A solver that answers every position with one prepared answer (for the marking rule)."""

    game = "automobiles"
    title = "scripted"
    options: tuple[SolverOption, ...] = ()

    def __init__(self, answer: Answer) -> None:
        self.answer = answer

    def solve(self, state: Any, options: Any) -> Answer:
        return self.answer

    def puzzles(self) -> list[Any]:
        return []

    def commands(self, sub: Any) -> None:
        """None."""


def legal(state: Any) -> list[str]:
    return [str(state.ACTIONS.from_id(a)) for a in state.legal_action_ids()]


def scripted(state: Any, played: str, best_alt: Alternative, played_alt: Alternative,
             kind: str | None = None) -> Answer:
    """An answer at ``state`` whose best is another legal decision than ``played``."""
    return Answer(game="automobiles", player="Player 0", best=best_alt.action,
                  value=best_alt.value, unit="spaces of progress this turn",
                  kind=kind or best_alt.kind, status="scripted", upper=best_alt.upper,
                  interval=best_alt.interval, alternatives=(best_alt, played_alt))


def other_than(state: Any, played: str) -> str:
    return next(t for t in legal(state) if t != played)


THRESH = Thresholds(0.5, 1.5, 3, "spaces", "test")


# --- the marking rule -----------------------------------------------------------------------------
@pytest.mark.parametrize(("best", "played"), [
    # a best found but not proven (no upper bound on the played decision)
    (Alternative("B", 10.0, "proven"), Alternative("P", 0.0, "bound", None)),
    # the played decision's upper bound reaches the best's value
    (Alternative("B", 10.0, "proven"), Alternative("P", 0.0, "bound", 9.8)),
    # the best's value is only a lower bound that does not clear the played one by the threshold
    (Alternative("B", 5.0, "bound", 50.0), Alternative("P", 4.7, "proven")),
    # estimates whose intervals overlap
    (Alternative("B", 10.0, "estimate", None, (6.0, 14.0)),
     Alternative("P", 5.0, "estimate", None, (1.0, 9.0))),
    # an estimate without an interval shows nothing
    (Alternative("B", 10.0, "estimate"), Alternative("P", 0.0, "estimate")),
])
def test_no_mark_without_a_shown_margin(best: Alternative, played: Alternative) -> None:
    state, move = decision_state("automobiles", solvable=False)
    best = Alternative(other_than(state, move), best.value, best.kind, best.upper,
                       best.interval)
    played = Alternative(move, played.value, played.kind, played.upper, played.interval)
    decision = review_decision(ScriptedSolver(scripted(state, move, best, played)),
                               "automobiles", state, 0, move, TINY, THRESH)
    assert decision.best == best.action and decision.played_value is not None
    assert decision.loss is not None and decision.loss > 0
    assert decision.mark is None
    assert decision.reason.startswith(("not marked", NOT_SHOWN))


@pytest.mark.parametrize(("best", "played", "mark"), [
    (Alternative("B", 10.0, "proven"), Alternative("P", 6.0, "proven"), "blunder"),
    (Alternative("B", 10.0, "proven"), Alternative("P", 8.0, "proven"), "mistake"),
    (Alternative("B", 10.0, "proven"), Alternative("P", 9.0, "proven"), "inaccuracy"),
    (Alternative("B", 10.0, "proven"), Alternative("P", 9.5, "proven"), None),  # not more than
    (Alternative("B", 10.0, "bound", None), Alternative("P", 2.0, "bound", 6.5), "blunder"),
    (Alternative("B", 10.0, "estimate", None, (9.0, 11.0)),
     Alternative("P", 5.0, "estimate", None, (4.0, 7.0)), "mistake"),
])
def test_a_mark_needs_the_margin_shown(best: Alternative, played: Alternative,
                                       mark: str | None) -> None:
    state, move = decision_state("automobiles", solvable=False)
    best = Alternative(other_than(state, move), best.value, best.kind, best.upper,
                       best.interval)
    played = Alternative(move, played.value, played.kind, played.upper, played.interval)
    decision = review_decision(ScriptedSolver(scripted(state, move, best, played)),
                               "automobiles", state, 0, move, TINY, THRESH)
    assert decision.mark == mark
    if mark is not None:
        assert decision.margin is not None and decision.margin > THRESH.inaccuracy


def test_sampled_deals_stopped_on_the_budget_show_nothing() -> None:
    """An estimate some of whose deals stopped on the budget averages lower bounds: its
    interval's upper end bounds nothing, so it marks nothing."""
    state, move = decision_state("automobiles", solvable=False)
    best = Alternative(other_than(state, move), 10.0, "estimate", None, (9.0, 11.0))
    played = Alternative(move, 1.0, "estimate", None, (0.0, 2.0))
    answer = scripted(state, move, best, played)
    answer = Answer(**{**answer.__dict__, "details": {"bounded_samples": 2}})
    decision = review_decision(ScriptedSolver(answer), "automobiles", state, 0, move, TINY,
                               THRESH)
    assert decision.mark is None and decision.loss == 9.0


def test_a_best_that_is_no_decision_here_is_not_valued() -> None:
    state, move = decision_state("automobiles", solvable=False)
    best = Alternative("pick Research", 10.0, "proven")
    decision = review_decision(ScriptedSolver(scripted(state, move, best,
                                                       Alternative(move, 0.0, "proven"))),
                               "automobiles", state, 0, move, TINY, THRESH)
    assert decision.mark is None and decision.best_value is None
    assert decision.reason.startswith("not valued")


def test_shown_margin_ends() -> None:
    assert shown_margin(Value(5, "proven", 5, 5), Value(1, "proven", 1, 1)) == 4
    assert shown_margin(Value(5, "bound", 5, None), Value(1, "proven", 1, 1)) == 4
    assert shown_margin(Value(5, "proven", 5, 5), Value(1, "bound", 1, None)) is None
    assert shown_margin(None, Value(1, "proven", 1, 1)) is None


def test_thresholds_are_stated_for_every_game() -> None:
    for game in GAMES:
        t = THRESHOLDS[game]
        assert 0 < t.inaccuracy < t.mistake < t.blunder and t.unit and t.why


# --- the values are the solver's ------------------------------------------------------------------
def test_review_values_equal_the_solvers_answer_on_the_same_positions() -> None:
    """Automobiles' turn solver proves small turns within any budget: the review's values at
    those decisions are the values the solver gives the same positions, asked again."""
    text = replay_text("automobiles")
    result = review(text, player=0, budget=0.3, first=12)
    solver = solver_of("automobiles")
    compared = 0
    for d in result.decisions:
        if d.best_value is None or d.best_value.kind != "proven":
            continue
        again = solver.solve(result.states[d.index].clone(), {"budget": 0.3})
        if again.kind != "proven":
            continue
        alternatives = {a.action: a.value for a in again.alternatives}
        assert d.best_value.value == again.value
        assert d.played_value is not None
        if d.played_value.source == "answer":  # else valued after the move, said so
            assert d.played_value.value == (again.value if d.played == again.best
                                            else alternatives[d.played])
        compared += 1
    assert compared >= 4


@pytest.mark.parametrize("game", GAMES)
def test_a_replay_of_each_game_reviews_end_to_end(game: str) -> None:
    text = replay_text(game)
    steps: list[tuple[int, int]] = []
    result = review(text, player=1, budget=TINY, first=4, on_progress=lambda d, t:
                    steps.append((d, t)))
    assert result.player == 1 and len(result.decisions) == 4
    assert steps[0] == (0, 4) and steps[-1] == (4, 4)
    assert result.decisions_total > 4
    for d in result.decisions:
        state = result.states[d.index]
        assert state.current_player == 1
        assert d.played == result.actions[d.index]
        assert d.mark is None or d.margin is not None
        assert d.reason or d.mark
    data = json.loads(result.to_json())
    assert data["thresholds"]["unit"] == THRESHOLDS[game].unit
    assert len(data["decisions"]) == 4
    assert "Review of" in result.text()


def test_formel1_is_reviewed_from_the_players_own_view() -> None:
    """A race decision is valued over sampled deals of the hidden hands, never the hands read;
    the review says so."""
    replay = read_replay(replay_text("formel1"))
    index = next(i for i, s in enumerate(replay.states()[:-1])
                 if s.phase == "race" and len(s.legal_action_ids()) > 1)
    state = replay.states()[index]
    options = solve_options("formel1", state, state.current_player, 0.2)
    assert options.get("hidden") is True
    decision = review_decision(solver_of("formel1"), "formel1", state, state.current_player,
                               replay.actions[index], 0.2, THRESHOLDS["formel1"])
    assert decision.answer is not None
    assert not decision.saw_hidden
    assert not any("saw the hidden" in c or "Every hand was known" in c
                   for c in decision.caveats)
    first = review(replay, player=0, budget=TINY, first=2)
    assert not any(d.saw_hidden for d in first.decisions)
    assert "not read" in first.view_note


# --- bad input ------------------------------------------------------------------------------------
def test_bad_replays_and_players_are_refused_in_one_line() -> None:
    with pytest.raises(ReviewError, match="bad replay file"):
        read_replay("{not json")
    with pytest.raises(ReviewError, match="bad replay file"):
        read_replay(json.dumps({"game": "formel1", "actions": "bid 10"}))
    data = json.loads(replay_text("automobiles"))
    data["actions"][3] = "fly to the moon"
    with pytest.raises(ReviewError, match="actions"):
        read_replay(json.dumps(data))
    with pytest.raises(ReviewError, match="no player"):
        review(replay_text("automobiles"), player=7, budget=TINY, first=1)
    with pytest.raises(ReviewError, match="budget"):
        review(replay_text("automobiles"), player=0, budget=float("nan"), first=1)


def test_kw_review_prints_a_review(kw: Kw, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text(replay_text("automobiles"))
    status, out, err = kw("review", str(path), "--player", "1", "--budget", "0.05",
                          "--first", "3", "--json")
    assert status == 0, err
    data = json.loads(out)
    assert data["player"] == 1 and data["decisions_reviewed"] == 3
    status, out, _ = kw("review", str(path), "--budget", "0.05", "--first", "2")
    assert status == 0 and "Review of" in out and "Marks: inaccuracy" in out


@pytest.mark.parametrize("args", [
    ("review", "/no/such/replay.json"),
    ("review", "BADJSON"),
    ("review", "GOOD", "--player", "9"),
    ("review", "GOOD", "--player", "Nobody"),
    ("review", "GOOD", "--budget", "-1"),
    ("review", "GOOD", "--budget", "soon"),
    ("review", "GOOD", "--first", "0"),
])
def test_kw_review_bad_input_is_one_line(kw: Kw, tmp_path: Path, args: tuple[str, ...]) -> None:
    good, bad = tmp_path / "good.json", tmp_path / "bad.json"
    good.write_text(replay_text("automobiles"))
    bad.write_text('{"game": "automobiles", "actions": [')
    argv = [str(good) if a == "GOOD" else str(bad) if a == "BADJSON" else a for a in args]
    status, out, err = kw(*argv)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("kw: error: ")
    assert "Traceback" not in err


def test_every_value_says_what_it_is() -> None:
    assert Value(3, "proven", 3, 3).words() == "3, proven"
    assert Value(3, "bound", 3, None).words() == "at least 3, not proven"
    assert Value(3, "bound", 3, 8).words() == "at least 3, at most 8"
    assert Value(3, "estimate", 1, 5).words() == "3, estimated (95% interval 1 to 5)"
    assert Value(3, "proven", 3, 3, "after").words().endswith("solving the position after it")


def test_a_player_is_named_by_seat_or_name(kw: Kw, tmp_path: Path) -> None:
    path = tmp_path / "kw.json"
    path.write_text(replay_text("kraftwagen"))
    replay = read_replay(path.read_text())
    name = replay.game.player_name(replay.start, 1)
    status, out, err = kw("review", str(path), "--player", name.upper(), "--budget", "0.05",
                          "--first", "1", "--json")
    assert status == 0, err
    assert json.loads(out)["player"] == 1 and json.loads(out)["player_name"] == name


def test_a_decision_valued_in_another_unit_is_shown_never_marked() -> None:
    """Values in another unit than the thresholds' (Automobiles' purchases before the race, in
    cars over the race) are shown with the loss in their own unit, and never marked, however
    far apart."""
    state, move = decision_state("automobiles", solvable=False)
    best = Alternative(other_than(state, move), 10.0, "proven")
    played = Alternative(move, 0.0, "proven")
    answer = Answer(**{**scripted(state, move, best, played).__dict__,
                       "unit": "cars expected to finish behind you"})
    spaces = Thresholds(0.5, 1.5, 3, "spaces", "test", units=("spaces",))
    decision = review_decision(ScriptedSolver(answer), "automobiles", state, 0, move, TINY,
                               spaces)
    assert decision.mark is None and decision.loss == 10 and not decision.scaled
    assert "cars expected to finish behind you" in decision.reason
    # The same answer in the thresholds' unit is marked.
    on_scale = Answer(**{**answer.__dict__, "unit": "spaces of progress this turn"})
    marked = review_decision(ScriptedSolver(on_scale), "automobiles", state, 0, move, TINY,
                             spaces)
    assert marked.mark == "blunder" and marked.scaled


def test_automobiles_purchases_before_the_race_are_reviewed_over_the_race() -> None:
    result = review(replay_text("automobiles"), 0, TINY)
    before = [d for d in result.decisions if result.states[d.index].phase == "prebuy"
              and d.legal > 1]
    assert before, "the replay has purchases before the race"
    for d in before:
        assert d.best_value is not None and d.best_value.kind == "estimate"
        assert not d.scaled and d.mark is None
