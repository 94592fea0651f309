"""Always an answer within the budget (solvers.automobiles.turn, solve): on a real late-race turn
of four players that the search does not finish quickly (two purple cubes: Crew Chief draws
twice), a node budget stops the search and the answer is the greedy turn, improved while the
budget lasted, said not proven, its line legal; ``kw solve`` without ``--budget`` uses the
default time budget. Node budgets only: no timing."""

from __future__ import annotations

from functools import cache
from typing import Any

import pytest

from automobiles import State
from automobiles.bots import GreedyBot
from solvers.automobiles import solve, turn
from solvers.automobiles.positions import explicit, mid_race, random_positions


@cache
def _late_race() -> State:
    """Seed 2, four players, stopped at turn 60 (the 16th round): the search of this turn runs
    past 10 s."""
    state = mid_race(2, 60, players=4)
    assert state is not None and state.players == 4
    return state


def _replay(state: State, actions: tuple[str, ...]) -> State:
    """``actions`` applied (checked) to a clone of ``state`` with explicit chance."""
    s = explicit(state)
    for action in actions:
        s.apply(action)
    return s


@pytest.mark.parametrize("nodes", [1, 200, 5000])
def test_a_stopped_search_answers_a_legal_turn_said_not_proven(nodes: int) -> None:
    state = _late_race()
    answer = solve.SOLVER.solve(state, {"nodes": nodes})
    assert answer.kind != "proven" and answer.best
    assert "not proven" in answer.status and "greedy turn" in answer.status
    assert answer.best in map(str, state.legal_actions())
    s = _replay(state, tuple(move.action for move in answer.line))
    assert s.turn == state.turn  # the line stops at the first draw of the turn
    assert s.is_chance_node()


def test_with_the_least_budget_the_answer_is_the_greedy_turn() -> None:
    state = _late_race()
    plan = turn.solve_turn(state, max_nodes=1)
    assert plan.greedy and not plan.proven and plan.stopped == "1 nodes"
    s, bot, line = explicit(state), GreedyBot(0), []
    while s.turn == state.turn and not s.is_chance_node():
        aid = bot.choose(s)
        line.append(str(s.ACTIONS.actions[aid]))
        s.apply_unchecked(aid)
    assert list(plan.actions) == line
    assert [a.proven for a in plan.alternatives] == [False]
    assert "0 of" in plan.status()


def test_a_stopped_search_is_never_worse_than_the_greedy_turn() -> None:
    improved = 0
    for state in random_positions(6, seed=41, moving=True):
        greedy = turn.solve_turn(state, max_nodes=1)
        full = turn.solve_turn(state)
        assert full.proven and not full.greedy and full.score >= greedy.score
        for nodes in (2, full.nodes // 3, 2 * full.nodes // 3, full.nodes - 1):
            plan = turn.solve_turn(state, max_nodes=max(nodes, 1))
            improved += not plan.proven and plan.score > greedy.score
            assert greedy.score <= plan.score <= full.score
            assert plan.proven == (plan.score == full.score and not plan.stopped)
            valued = [a for a in plan.alternatives if a.proven]
            exact = {a.action: a.score for a in full.alternatives}
            assert all(exact[a.action] == a.score for a in valued)
            if not plan.chance:  # a line to the end of the turn replays to its value
                s = _replay(state, plan.actions)
                assert s.turn != state.turn or s.is_terminal()
                assert turn.measure(explicit(state), s, state.mover) == plan.parts
    assert improved  # some stopped search found better than the greedy turn


def test_without_a_budget_kw_solve_uses_the_default(monkeypatch: pytest.MonkeyPatch) -> None:
    assert solve.DEFAULT_BUDGET == 10
    budget = next(o for o in solve.OPTIONS if o.name == "budget")
    assert "default: 10" in budget.help
    seen: dict[str, Any] = {}
    real = turn.solve_turn

    def spy(state: State, objective: Any = "progress", **kwargs: Any) -> turn.TurnPlan:
        seen.update(kwargs)
        return real(state, objective, max_nodes=1)

    monkeypatch.setattr(turn, "solve_turn", spy)
    answer = solve.SOLVER.solve(_late_race(), {"races": 1})
    # the turn search gets its share of the budget, the race values the rest
    assert seen["time_budget"] == solve.DEFAULT_BUDGET * solve.TURN_SHARE
    assert answer.details["over_the_race"]["races_per_decision"] == 1
    solve.SOLVER.solve(_late_race(), {"budget": 3, "races": 1})
    assert seen["time_budget"] == 3 * solve.TURN_SHARE
    # a small budget (a review's) is the turn search's alone, and no race is simulated
    small = solve.SOLVER.solve(_late_race(), {"budget": 0.5})
    assert seen["time_budget"] == 0.5 and small.details["over_the_race"] is None
    assert "Not valued over the race" in small.caveats[-1]


def test_without_races_the_race_values_get_the_rest_of_the_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """More races tell close choices apart, so the race values take all the budget the turn
    search left (less the answer's margin), not a fixed part of it; in a turn and before the
    race."""
    from solvers.automobiles import race

    given: list[float] = []
    real_turn, real_race = turn.solve_turn, race.race_values

    def quick_turn(state: State, objective: Any = "progress", **kwargs: Any) -> turn.TurnPlan:
        return real_turn(state, objective, max_nodes=1)

    def one_race(state: State, seconds: float | None = None, **kwargs: Any) -> race.RaceValues:
        assert seconds is not None
        given.append(seconds)
        return real_race(state, seconds=seconds, races=1, seed=kwargs.get("seed", 0))

    monkeypatch.setattr(turn, "solve_turn", quick_turn)
    monkeypatch.setattr(race, "race_values", one_race)
    solve.SOLVER.solve(_late_race(), {})
    whole = solve.DEFAULT_BUDGET - solve.ANSWER_MARGIN
    # the turn search stopped at once: nearly all of the rest is the races'
    assert whole - 1 < given[-1] <= whole
    assert given[-1] > solve.DEFAULT_BUDGET * (1 - solve.TURN_SHARE)
    solve.SOLVER.solve(_late_race(), {"budget": 4})
    assert 4 - solve.ANSWER_MARGIN - 1 < given[-1] <= 4 - solve.ANSWER_MARGIN
    import automobiles

    solve.SOLVER.solve(automobiles.new_game(3, 5), {})  # buying before the race: no turn
    assert given[-1] == whole
