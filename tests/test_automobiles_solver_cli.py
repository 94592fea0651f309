"""``kw solve`` for Automobiles positions (solvers.automobiles.cli, issue 17), called directly
as solvers/cli.py will: the plan, its status and the why-not table as text and JSON, the
objective and budget options, the other games' options refused."""

from __future__ import annotations

import argparse
import json

import pytest

from automobiles.serialize import state_from_json
from solvers.automobiles import turn
from solvers.automobiles.cli import puzzles_text, solve_puzzle_text, solve_text
from solvers.automobiles.positions import explicit, random_positions
from solvers.automobiles.puzzles import PuzzleError, load_puzzles


def _args(**given: object) -> argparse.Namespace:
    base: dict[str, object] = {"json": False, "objective": None, "nodes": None, "budget": None,
                               "company": None, "horizon": None, "rivals": None, "script": None,
                               "max_turns": None, "hidden": False, "samples": None,
                               "puzzle": None}
    return argparse.Namespace(**(base | given))


@pytest.fixture(scope="module")
def position() -> str:
    """A real position as its file text (what ``kw solve FILE`` reads)."""
    return random_positions(1, seed=41, moving=True)[0].to_json()


def test_the_text_shows_the_plan_its_status_and_every_first_decision(position: str) -> None:
    state = state_from_json(position)
    text = solve_text(state, _args())
    plan = turn.solve_turn(state)
    assert f"Plan: {', '.join(plan.actions)}" in text
    assert plan.status() in text and "synthetic" in text
    rows = [r.strip() for r in text.split("Why not this?")[1].splitlines()[2:]]
    legal = [str(a) for a in explicit(state).legal_actions()]
    assert len(rows) == len(legal)
    assert all(any(r.startswith(a + " ") for r in rows) for a in legal)
    assert [r for r in rows if r.endswith("<- best")] == [r for r in rows
                                                          if r.startswith(plan.best + " ")]


def test_the_json_answer_replays_to_its_value(position: str) -> None:
    state = state_from_json(position)
    answer = json.loads(solve_text(state, _args(json=True, objective="wear")))
    assert answer["objective"] == turn.OBJECTIVES["wear"].name and answer["proven"]
    s = explicit(state)
    for action in answer["actions"]:
        s.apply(action)
    if not answer["chance"]:
        assert list(turn.measure(explicit(state), s, state.mover)) == \
            [answer["value"][n] for n in turn.COMPONENTS]
    assert {a["action"] for a in answer["alternatives"]} == \
        {str(a) for a in explicit(state).legal_actions()}


def test_a_node_budget_is_said_not_proven(position: str) -> None:
    state = state_from_json(position)
    full = turn.solve_turn(state)
    if full.nodes > 2:
        text = solve_text(state, _args(nodes=full.nodes - 1))
        assert "not proven" in text
    with pytest.raises(turn.TurnError, match="positive"):
        solve_text(state, _args(nodes=0))


def test_another_games_options_and_unknown_objectives_are_refused(position: str) -> None:
    state = state_from_json(position)
    with pytest.raises(turn.TurnError, match="--rivals"):
        solve_text(state, _args(rivals="maxn"))
    with pytest.raises(turn.TurnError, match="known: progress, wear, value"):
        solve_text(state, _args(objective="margin"))


def test_the_puzzle_list_and_a_puzzles_solve() -> None:
    listed = puzzles_text()
    for p in load_puzzles():
        assert p.name in listed and p.question in listed
    first = load_puzzles()[0]
    text = solve_puzzle_text(first.name, _args(puzzle=first.name))
    assert text.startswith(first.title) and "Proven best for this turn" in text
    assert "value " + str(first.value[2]) in text
    with pytest.raises(PuzzleError, match="known: "):
        solve_puzzle_text("nothing", _args())


def test_the_arguments_of_kw_solve_as_parsed_by_kw_are_understood(position: str) -> None:
    """``kw solve FILE --json --nodes N`` parsed by the real ``kw`` parser: solve_text reads
    those arguments as solvers/cli.py will pass them."""
    from kwcore import cli as core
    from solvers import cli
    from solvers.bots import find_game

    parser = core.build_parser(cli.add_commands, find_game)
    args = parser.parse_args(["solve", "position.json", "--json", "--nodes", "100000"])
    answer = json.loads(solve_text(state_from_json(position), args))
    assert answer["proven"] and answer["actions"]
    args = parser.parse_args(["solve", "position.json", "--company", "1"])
    with pytest.raises(turn.TurnError, match="--company"):
        solve_text(state_from_json(position), args)
