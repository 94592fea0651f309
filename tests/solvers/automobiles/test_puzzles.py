"""Automobiles turn puzzles (solvers.automobiles.puzzles): every shipped puzzle is
re-solved and its stored answer, value, ties, why-not lines and difficulty are still what the
solver proves; its stored line replays through the engine to that value, the greedy bot's turn is
still what is stored and worse under the puzzle's objective, and each puzzle still shows what its
title promises (the card played, the draft, the pit stop, the purchase)."""

from __future__ import annotations

import json
import time
from functools import cache

import pytest

from solvers.automobiles import puzzles, turn
from solvers.automobiles.positions import explicit

SHIPPED = puzzles.load_puzzles()


@cache
def _solved(name: str) -> tuple[turn.TurnPlan, float]:
    """The puzzle's plan solved again and the seconds it took (once per test run)."""
    started = time.perf_counter()
    plan = puzzles.solve_puzzle(puzzles.puzzle_named(name))
    return plan, time.perf_counter() - started


def test_puzzles_are_shipped_easy_to_hard() -> None:
    assert len(SHIPPED) >= 8
    assert len({p.name for p in SHIPPED}) == len(SHIPPED)
    assert {p.name for p in SHIPPED} == {f.name for f in puzzles.FINDERS}
    assert [p.difficulty for p in SHIPPED] == sorted(p.difficulty for p in SHIPPED)
    assert SHIPPED[0].difficulty < SHIPPED[-1].difficulty
    assert "redline_line" in {p.name for p in SHIPPED}  # the README's command block exports it


@pytest.mark.parametrize("puzzle", SHIPPED, ids=lambda p: p.name)
def test_each_puzzles_answer_is_what_the_solver_proves(puzzle: puzzles.Puzzle) -> None:
    plan, seconds = _solved(puzzle.name)
    assert seconds < 10  # about 2 s on a loaded machine at most; a loose bound
    puzzles.check_answer(plan)
    assert tuple(plan.parts) == puzzle.value
    best = plan.alternatives[0].score
    assert puzzle.answer in {a.action for a in plan.alternatives if a.score == best}
    assert {puzzle.answer, *puzzle.ties} == {a.action for a in plan.alternatives
                                             if a.score == best}
    assert len(puzzle.ties) == len(puzzles.ties(plan))
    if plan.best == puzzle.answer:  # the order of tied first decisions is the engine's
        assert puzzles.why_not(plan, puzzle.objective) == puzzle.why_not
    assert len(puzzle.why_not) == len(plan.alternatives) - 1
    assert plan.nodes == puzzle.positions
    assert puzzles.difficulty_of(plan) == puzzle.difficulty
    start = explicit(puzzle.state())
    state = puzzles.replay(puzzle.state(), puzzle.line)
    assert state.turn == start.turn + 1
    assert turn.measure(start, state, start.mover) == puzzle.value


@pytest.mark.parametrize("puzzle", SHIPPED, ids=lambda p: p.name)
def test_each_puzzle_beats_the_greedy_turn(puzzle: puzzles.Puzzle) -> None:
    line, greedy = puzzles.greedy_turn(puzzle.state())
    assert greedy == puzzle.greedy_value
    assert tuple(line) == puzzle.greedy_line
    goal = turn.OBJECTIVES[puzzle.objective]
    assert goal.score(greedy) < goal.score(puzzle.value)
    if puzzle.objective != "value":  # not only in the value of what is bought
        assert goal.score(greedy)[:2] < goal.score(puzzle.value)[:2]


@pytest.mark.parametrize("puzzle", SHIPPED, ids=lambda p: p.name)
def test_each_puzzle_passes_its_finders_test(puzzle: puzzles.Puzzle) -> None:
    finder = next(f for f in puzzles.FINDERS if f.name == puzzle.name)
    assert finder.objective == puzzle.objective
    cards = [finder.cards] if isinstance(finder.cards, str) else list(finder.cards)
    assert list(puzzle.cards) == cards
    assert finder.test(puzzle.state(), _solved(puzzle.name)[0])


def _named(name: str) -> puzzles.Puzzle:
    return puzzles.puzzle_named(name)


def test_the_diesel_turn_plays_the_diesel_engine() -> None:
    puzzle = _named("diesel_turn")
    assert "diesel_engine" in puzzle.cards and "play blue" in puzzle.line
    assert any("Diesel Engine" in entry
               for entry in puzzles.replay(puzzle.state(), puzzle.line).log())


def test_the_draft_saves_wear_the_greedy_turn_pays() -> None:
    puzzle = _named("draft_to_save_wear")
    assert puzzles.drafts(puzzle.state(), puzzle.line)
    assert not puzzles.drafts(puzzle.state(), puzzle.greedy_line)
    assert puzzle.value[0] == puzzle.greedy_value[0] > 0
    assert puzzle.value[1] < puzzle.greedy_value[1]


def test_the_pit_stop_is_the_only_best_turn() -> None:
    puzzle = _named("pit_stop")
    assert puzzle.answer == "pit stop" and puzzle.ties == ()
    assert "pit stop" not in puzzle.greedy_line
    assert any(a.startswith("place") for a in puzzle.greedy_line)  # the pile can move the car


def test_the_best_buy_differs_from_the_greedy_purchase() -> None:
    puzzle = _named("best_buy")
    bought = sorted(a for a in puzzle.line if a.startswith("buy "))
    assert bought and bought != sorted(a for a in puzzle.greedy_line if a.startswith("buy "))
    assert puzzle.value[2] > puzzle.greedy_value[2] and puzzle.value[0] > 0


def test_the_weaving_line_uses_a_segment() -> None:
    puzzle = _named("weaving_line")
    assert puzzle.state().weaving
    assert any(" segment " in a for a in puzzle.line)


def test_an_unknown_puzzle_names_the_known_ones() -> None:
    with pytest.raises(puzzles.PuzzleError, match="known: "):
        puzzles.puzzle_named("no such puzzle")


def test_a_malformed_puzzle_file_is_refused() -> None:
    with pytest.raises(puzzles.PuzzleError, match="not an automobiles-puzzle"):
        puzzles.puzzle_from_dict(json.loads('{"format": "formel1-puzzle", "version": 1}'))
