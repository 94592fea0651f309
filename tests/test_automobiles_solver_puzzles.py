"""Automobiles turn puzzles (solvers.automobiles.puzzles, issue 17): every shipped puzzle is
re-solved and its stored value is still what the solver proves; its stored line replays through
the engine to that value, and the greedy bot's turn is still worse under the puzzle's objective."""

from __future__ import annotations

import json

import pytest

from solvers.automobiles import puzzles, turn
from solvers.automobiles.positions import explicit


def test_puzzles_are_shipped() -> None:
    shipped = puzzles.load_puzzles()
    assert len(shipped) >= 3
    assert len({p.name for p in shipped}) == len(shipped)


@pytest.mark.parametrize("puzzle", puzzles.load_puzzles(), ids=lambda p: p.name)
def test_each_puzzles_answer_is_what_the_solver_proves(puzzle: puzzles.Puzzle) -> None:
    plan = puzzles.solve_puzzle(puzzle)
    puzzles.check_answer(plan)
    assert tuple(plan.parts) == puzzle.value
    assert puzzle.answer in {a.action for a in plan.alternatives
                             if a.score == plan.alternatives[0].score}
    start = explicit(puzzle.state())
    state = start.clone()
    for action in puzzle.line:
        state.apply(action)
    assert state.turn == start.turn + 1
    assert turn.measure(start, state, start.mover) == puzzle.value


@pytest.mark.parametrize("puzzle", puzzles.load_puzzles(), ids=lambda p: p.name)
def test_each_puzzle_beats_the_greedy_turn(puzzle: puzzles.Puzzle) -> None:
    _, greedy = puzzles.greedy_turn(puzzle.state())
    assert greedy == puzzle.greedy_value
    goal = turn.OBJECTIVES[puzzle.objective]
    assert goal.score(greedy)[:2] < goal.score(puzzle.value)[:2]


def test_an_unknown_puzzle_names_the_known_ones() -> None:
    with pytest.raises(puzzles.PuzzleError, match="known: "):
        puzzles.puzzle_named("no such puzzle")


def test_a_malformed_puzzle_file_is_refused() -> None:
    with pytest.raises(puzzles.PuzzleError, match="not an automobiles-puzzle"):
        puzzles.puzzle_from_dict(json.loads('{"format": "formel1-puzzle", "version": 1}'))
