"""The shipped Formel 1 puzzles (solvers/formel1/puzzles.py, issue 16): each is solved again and
its stored answer is still the unique proven best, worth the stored value, and its line replays
through the engine to that value."""

from __future__ import annotations

import pytest

from solvers.formel1 import puzzles, race
from solvers.formel1.positions import endgame

PUZZLES = puzzles.load_puzzles()


def test_there_are_shipped_puzzles_with_distinct_names() -> None:
    assert len(PUZZLES) >= 3
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)


@pytest.mark.parametrize("puzzle", PUZZLES, ids=lambda p: p.name)
def test_a_puzzle_is_solved_again_to_its_stored_unique_answer(puzzle: puzzles.Puzzle) -> None:
    plan = puzzles.solve_puzzle(puzzle)
    assert plan.status == "proven"
    assert plan.best == puzzle.answer and plan.value == puzzle.value
    others = [a.value for a in plan.alternatives if a.action != puzzle.answer]
    assert max(others) == puzzle.runner_up < puzzle.value
    state = puzzle.state()
    assert race.replay_prizes(state, plan.line)[state.current_player] == puzzle.value


def test_a_position_whose_decisions_tie_makes_no_puzzle() -> None:
    state = endgame(3, 2, 8, mid_card=True)  # every end cell is worth the same
    assert state is not None
    with pytest.raises(puzzles.PuzzleError, match="not unique"):
        puzzles.make_puzzle("tie", "Tie", "?", 1, state)


def test_an_unknown_puzzle_names_the_known_ones() -> None:
    with pytest.raises(puzzles.PuzzleError, match="which_card"):
        puzzles.puzzle_named("no_such_puzzle")
