"""The shipped Formel 1 puzzles (solvers/formel1/puzzles.py): each is solved again and
its stored answer is still the unique proven best, worth the stored value, with the stored
why-not table and greedy choice; a race puzzle's line replays through the engine to that value;
an auction puzzle's every decision equals the plain exhaustive game tree of the auction tests."""

from __future__ import annotations

from fractions import Fraction

import pytest

from formel1 import ACTIONS
from formel1.bots import GreedyBot
from solvers.formel1 import auction, puzzles, race
from solvers.formel1.positions import endgame
from tests.solvers.formel1.test_auction import exhaustive

PUZZLES = puzzles.load_puzzles()
RACES = [p for p in PUZZLES if p.kind == "race"]
AUCTIONS = [p for p in PUZZLES if p.kind == "auction"]


def test_there_are_eight_puzzles_or_more_of_both_kinds_with_the_issues_themes() -> None:
    assert len(PUZZLES) >= 8
    assert len({p.name for p in PUZZLES}) == len(PUZZLES)
    themes = {p.theme for p in PUZZLES}
    assert {"white", "switch", "block"} <= themes
    assert themes & {"big_now", "big_later"}
    assert {"last_two", "forced"} <= themes
    assert PUZZLES[0].kind == "race"  # kw solve --puzzle on the first puzzle runs the search
    assert [p.difficulty for p in PUZZLES] == sorted(p.difficulty for p in PUZZLES)


@pytest.mark.parametrize("puzzle", RACES, ids=lambda p: p.name)
def test_a_race_puzzle_is_solved_again_to_its_stored_unique_answer(
        puzzle: puzzles.Puzzle) -> None:
    plan = puzzles.solve_puzzle(puzzle)
    assert isinstance(plan, race.RacePlan) and plan.status == "proven"
    assert plan.best == puzzle.answer and plan.value == puzzle.value
    assert tuple((a.action, a.value) for a in plan.alternatives) == puzzle.table
    others = [a.value for a in plan.alternatives if a.action != puzzle.answer]
    assert max(others) == puzzle.runner_up < puzzle.value
    state = puzzle.state()
    assert race.replay_prizes(state, plan.line)[state.current_player] == puzzle.value
    greedy = str(ACTIONS[GreedyBot(0).choose(state)])
    assert greedy == puzzle.greedy
    assert dict(puzzle.table)[greedy] == puzzle.greedy_value
    assert puzzles.race_theme_holds(puzzle.theme, state, plan, greedy)
    assert puzzle.difficulty == puzzles.level(plan.nodes, puzzles.RACE_LEVELS)


@pytest.mark.parametrize("puzzle", AUCTIONS, ids=lambda p: p.name)
def test_an_auction_puzzle_equals_the_exhaustive_game_tree(puzzle: puzzles.Puzzle) -> None:
    state = puzzle.state()
    values = [list(v) for v in puzzle.values]
    solution = puzzles.solve_puzzle(puzzle)
    assert isinstance(solution, auction.AuctionSolution)
    me = state.current_player
    for text, value in puzzle.table:
        tree = exhaustive(state, state.child(state.resolve(text)), values)
        assert tree == dict(solution.choices)[text]
        assert float(tree[me]) == value, text
    best = max(puzzle.table, key=lambda tv: tv[1])
    assert best == (puzzle.answer, puzzle.value) and solution.best == puzzle.answer
    assert Fraction(puzzle.exact) == exhaustive(state, state, values)[me]
    assert sorted(v for _, v in puzzle.table)[-2] == puzzle.runner_up < puzzle.value
    assert puzzles.naive_bid(state, values) == puzzle.greedy
    assert puzzles.auction_theme_holds(puzzle.theme, state)


@pytest.mark.parametrize("puzzle", AUCTIONS, ids=lambda p: p.name)
def test_an_auction_puzzles_line_replays_through_the_engine(puzzle: puzzles.Puzzle) -> None:
    state = puzzle.state()
    values = [list(v) for v in puzzle.values]
    solution = puzzles.solve_puzzle(puzzle)
    assert isinstance(solution, auction.AuctionSolution)
    s = state.clone()
    for who, text in solution.line:
        assert who == f"Player {s.current_player}"
        s.apply(text)  # the checked path: every bid legal when it is made
    assert solution.line[0][1] == puzzle.answer
    if s.phase == "auction":  # the line stops at the next reveal (chance)
        assert s.current_player < 0
    else:
        assert auction.payoffs(state, s, values) == solution.payoffs


def test_an_auction_puzzle_as_text_and_json_gives_its_proven_answer_and_every_decision(
) -> None:
    puzzle = AUCTIONS[0]
    text = puzzles.auction_lines(puzzle)
    assert "proven by backward induction" in text[0]
    plan = text[text.index("Plan:") + 1]
    assert plan.endswith(puzzle.answer)
    for action, _ in puzzle.table:
        assert any(line.strip().startswith(action) for line in text[text.index("Plan:"):])
    data = puzzles.auction_dict(puzzle)
    assert data["status"] == "proven" and data["best"] == puzzle.answer
    assert data["value"] == puzzle.value and Fraction(data["exact"]) == Fraction(puzzle.exact)


def test_a_position_whose_decisions_tie_makes_no_puzzle() -> None:
    state = endgame(3, 2, 8, mid_card=True)  # every end cell is worth the same
    assert state is not None
    with pytest.raises(puzzles.PuzzleError, match="not unique"):
        puzzles.make_race_puzzle("tie", "Tie", "?", "card", state)


def test_a_position_the_greedy_bot_solves_makes_no_puzzle_worth_asking() -> None:
    state = endgame(3, 2, 10)  # the old which_card puzzle: greedy plays the answer
    assert state is not None
    with pytest.raises(puzzles.PuzzleError, match="greedy bot finds"):
        puzzles.make_race_puzzle("easy", "Easy", "?", "card", state)
    made = puzzles.make_race_puzzle("easy", "Easy", "?", "card", state, beat_greedy=False)
    assert made["greedy"] == made["answer"]


def test_an_unknown_puzzle_names_the_known_ones() -> None:
    with pytest.raises(puzzles.PuzzleError, match=PUZZLES[0].name):
        puzzles.puzzle_named("no_such_puzzle")
