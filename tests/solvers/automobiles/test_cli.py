"""Automobiles' solver behind ``kw solve`` (solvers/automobiles/solve.py), called directly: the
answer's plan, status and why-not table, the objective and budget options, the other games'
options refused, and the puzzles solved under their own objective."""

from __future__ import annotations

import json

import pytest

from automobiles.serialize import state_from_json
from solvers.answer import answer_json, answer_text
from solvers.automobiles import turn
from solvers.automobiles.positions import explicit, random_positions
from solvers.automobiles.puzzles import load_puzzles
from solvers.automobiles.solve import SOLVER
from solvers.solve import SolveError, check_options


@pytest.fixture(scope="module")
def position() -> str:
    """A real position as its file text (what ``kw solve FILE`` reads)."""
    return random_positions(1, seed=41, moving=True)[0].to_json()


def test_the_answer_gives_the_plan_its_status_and_every_first_decision(position: str) -> None:
    state = state_from_json(position)
    answer = SOLVER.solve(state, {})
    plan = turn.solve_turn(state)
    assert [m.action for m in answer.line] == list(plan.actions)
    assert answer.status == plan.status() and any("synthetic" in c for c in answer.caveats)
    legal = {str(a) for a in explicit(state).legal_actions()}
    assert {a.action for a in answer.alternatives} == legal
    assert answer.best == plan.best and answer.kind == "proven"
    text = answer_text(answer)
    assert all(a in text for a in legal)


def test_the_json_answer_replays_to_its_components(position: str) -> None:
    state = state_from_json(position)
    answer = json.loads(answer_json(SOLVER.solve(state, {"objective": "wear"})))
    assert answer["kind"] == "proven" and answer["unit"].startswith("wear")
    assert turn.OBJECTIVES["wear"].name in answer["details"]["objective"]
    s = explicit(state)
    for move in answer["line"]:
        s.apply(move["action"])
    parts = answer["details"]["components"]
    if not s.is_chance_node():
        assert list(turn.measure(explicit(state), s, state.mover)) == \
            [parts[n] for n in turn.COMPONENTS]
    assert answer["value"] == parts["wear"]


def test_a_node_budget_is_said_not_proven(position: str) -> None:
    state = state_from_json(position)
    full = turn.solve_turn(state)
    if full.nodes > 2:
        answer = SOLVER.solve(state, {"nodes": full.nodes - 1})
        assert answer.kind == "bound" and "not proven" in answer.status
    with pytest.raises(SolveError, match="positive"):
        SOLVER.solve(state, {"nodes": 0})


def test_another_games_options_and_unknown_objectives_are_refused() -> None:
    with pytest.raises(SolveError, match="--rivals is a formel1 and kraftwagen option; the game "
                                         "here is automobiles"):
        check_options(SOLVER, {"rivals": "maxn"})
    with pytest.raises(SolveError, match="invalid choice: 'margin'"):
        check_options(SOLVER, {"objective": "margin"})
    assert check_options(SOLVER, {"nodes": "100"}) == {"nodes": 100}


def test_the_puzzles_solve_under_their_own_objective() -> None:
    shipped = load_puzzles()
    puzzles = SOLVER.puzzles()
    assert [p.name for p in puzzles] == [p.name for p in shipped]
    first, stored = puzzles[0], shipped[0]
    answer = first.solve()
    assert answer.kind == "proven" and answer.best == stored.answer
    assert answer.details["components"]["value"] == stored.value[2]
    assert first.kind == stored.objective and answer.unit.startswith(
        {"progress": "spaces", "wear": "wear", "value": "value"}[stored.objective])
