"""What ``kw solve`` is given and what it says about bounds, checked below the command line too:
a solver called from Python refuses a budget that would never stop it (NaN compares false with
everything, so a NaN time budget once ran unbounded), and an answer without an upper bound says
so in words, never "$infK"."""

from __future__ import annotations

import math

import pytest

import automobiles
from gamecore.position import short
from solvers.automobiles.solve import SOLVER
from solvers.formel1.race import Alternative, RacePlan
from solvers.solve import SolveError


@pytest.mark.parametrize("options", [
    {"budget": math.nan}, {"budget": math.inf}, {"budget": 0}, {"budget": -1.0},
    {"budget": True}, {"budget": "5"}, {"nodes": math.nan}, {"nodes": 1.5}, {"nodes": 0},
    {"nodes": True},
], ids=lambda o: f"{next(iter(o))}={short(next(iter(o.values())), 12)}")
def test_the_automobiles_solver_refuses_a_budget_that_is_not_finite_and_positive(
        options: dict[str, object]) -> None:
    state = automobiles.new_game(2, 1)
    with pytest.raises(SolveError, match=f"--{next(iter(options))}") as err:
        SOLVER.solve(state, options)
    assert len(str(err.value)) < 120


def test_the_automobiles_solver_takes_a_finite_budget() -> None:
    state = automobiles.new_game(2, 1)
    while state.phase != "action":
        state.apply(state.legal_action_ids()[0])
    answer = SOLVER.solve(state, {"budget": 5.0, "nodes": 10_000})
    assert answer.game == "automobiles"


def test_a_race_bound_without_an_upper_limit_says_so_in_words() -> None:
    alternative = Alternative("play Black 10", 0.0, math.inf, False)
    plan = RacePlan(0, "maxn", 0.0, math.inf, "bound", (), (alternative,), (0, 0), 10, 1.0,
                    "time budget of 1 s spent")
    text = plan.status_text()
    assert "no upper bound known" in text and "inf" not in text
    finite = RacePlan(0, "maxn", 10.0, 60.0, "bound", (), (alternative,), (0, 0), 10, 1.0)
    assert "no decision more than $60K" in finite.status_text()
