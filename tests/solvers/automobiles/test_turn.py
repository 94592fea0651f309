"""The best turn (solvers.automobiles.turn): equal to the brute force over the engine's
atomic actions (every legal sequence to the end of the turn through ``child``, the buy phase cube
by cube) on seeded real positions with piles of 1-7 cubes, the standard card set and random card
sets; every plan replayed through the engine (``apply``) to the value it claims.

The brute force is exhaustive and so slow on the largest turns (a Car Chief line of a random set
reached 50,000 positions): positions whose brute force needs more than ``BRUTE_CAP`` positions are
not compared, and the test asserts how many were compared (at least 30 of 47, 7-cube piles,
drivers, Weaving and Crew Chief's mid-turn draws among them)."""

from __future__ import annotations

from functools import cache

import pytest

from automobiles import State, card_set
from automobiles.config import CUBES, PURPLE
from solvers.automobiles import turn
from solvers.automobiles.positions import explicit, mid_race, random_positions, with_pile

BRUTE_CAP = 3000


@cache
def _positions() -> tuple[State, ...]:
    """Seeded real positions, piles cut to 2..7 cubes: 24 of the standard set, 12 of random
    sets (two thirds where the mover can play a gear cube, before the cut), 4 with drivers, 4
    with Weaving; and three Crew Chief turns."""
    standard = random_positions(16, seed=21, moving=True) + random_positions(8, seed=23)
    shuffled = random_positions(8, seed=22, cards="random", moving=True) + \
        random_positions(4, seed=24, cards="random")
    options = random_positions(4, seed=25, moving=True, drivers=True) + \
        random_positions(4, seed=26, moving=True, weaving=True)
    cut = [with_pile(s, 7 - i % 6, seed=i) for i, s in enumerate(standard + shuffled + options)]
    return (*cut, *_crew_chief_turns())


def _crew_chief_turns() -> list[State]:
    """Three real positions whose pile of 4 holds a purple cube: Crew Chief draws mid-turn."""
    found: list[State] = []
    for seed in range(500):
        state = mid_race(seed, 3 + seed % 6, bots=("random", "random"))
        if state is None or not state.active[state.mover][PURPLE]:
            continue
        cuts = (with_pile(state, 4, seed=k) for k in range(20))
        found += [c for c in cuts if c.active[c.mover][PURPLE]][:1]
        if len(found) == 3:
            break
    return found


@cache
def _compared() -> tuple[tuple[State, turn.TurnPlan, turn.Components], ...]:
    out = []
    for state in _positions():
        oracle = turn.brute_force(state, max_positions=BRUTE_CAP)
        if oracle is not None:
            out.append((state, turn.solve_turn(state), oracle))
    return tuple(out)


def test_the_best_turn_equals_the_brute_force_over_the_engines_actions() -> None:
    compared = _compared()
    assert len(compared) >= 30
    assert any(sum(s.active[s.mover]) == 7 for s, _, _ in compared)
    assert any(s.cards != card_set("standard") for s, _, _ in compared)
    assert sum(plan.chance for _, plan, _ in compared) >= 2  # best lines through a draw
    assert sum(plan.expectations for _, plan, _ in compared) >= 3  # draws weighed in the table
    assert any(s.weaving for s, _, _ in compared)
    assert any(any("driver" in str(a) for a in explicit(s).legal_actions()) or
               any("driver" in a.action for a in plan.alternatives) for s, plan, _ in compared)
    for state, plan, oracle in compared:
        assert plan.proven
        assert plan.parts == oracle, state.to_json()
        assert plan.score == plan.alternatives[0].score


def _replay(state: State, plan: turn.TurnPlan) -> State:
    """Apply the plan's actions to the position (chance explicit), checked."""
    s = explicit(state) if state.seed is not None else state.clone()
    for action in plan.actions:
        s.apply(action)
    return s


def test_every_plan_replays_through_the_engine_to_the_value_it_claims() -> None:
    chance = 0
    for state, plan, _ in _compared():
        after = _replay(state, plan)
        if plan.chance and after.turn == state.turn:
            chance += 1
            assert after.is_chance_node()  # the line stops at the first draw
            continue
        assert after.turn == state.turn + 1 or after.is_terminal()
        assert turn.measure(explicit(state), after, state.mover) == plan.parts
    assert chance < len(_compared())


def test_the_why_not_table_values_every_first_decision_as_the_brute_force_does() -> None:
    checked = 0
    for state, plan, _ in _compared()[:12]:
        root = explicit(state)
        assert {a.action for a in plan.alternatives} == {str(a) for a in root.legal_actions()}
        scores = [a.score for a in plan.alternatives]
        assert scores == sorted(scores, reverse=True)
        assert plan.best == plan.alternatives[0].action
        for alt in plan.alternatives:
            child = root.child(next(a for a in root.legal_actions() if str(a) == alt.action))
            if child.turn != root.turn:
                assert alt.parts == turn.measure(root, child, root.mover)
                continue
            if child.is_chance_node():
                continue
            rest = turn.brute_force(child, max_positions=BRUTE_CAP)
            if rest is not None:
                checked += 1
                assert alt.parts == _from(root, child, rest)
    assert checked >= 12


def _from(root: State, child: State, rest: turn.Components) -> turn.Components:
    """Components measured from ``root`` given those measured from ``child`` to the end (each
    is a difference of the seat's piles and distance, so they add)."""
    step = turn.measure(root, child, root.mover)
    return (step[0] + rest[0], step[1] + rest[1], step[2] + rest[2])


def test_the_wear_first_objective_trades_progress_for_wear() -> None:
    for state, plan, _ in _compared()[:16]:
        careful = turn.solve_turn(state, "wear")
        assert careful.parts[1] <= plan.parts[1]
        assert careful.parts[0] <= plan.parts[0]
        assert careful.parts == turn.brute_force(state, "wear")


def test_a_weighted_objective_equals_the_brute_force() -> None:
    goal = turn.weighted(progress=2, wear=-3, value=1)
    for state, _, _ in _compared()[:10]:
        assert turn.solve_turn(state, goal).parts == turn.brute_force(state, goal)


def test_a_node_budget_gives_an_answer_marked_not_proven() -> None:
    """Stopped one node short, the decisions valued before the stop keep their exact values and
    the one cut is left out of the table."""
    big = max(_compared(), key=lambda c: c[1].nodes)
    full = {a.action: a.score for a in big[1].alternatives}
    cut = turn.solve_turn(big[0], max_nodes=big[1].nodes - 1)
    assert not cut.proven and "not proven" in cut.status()
    assert len(cut.alternatives) < len(full)
    assert all(full[a.action] == a.score for a in cut.alternatives)


def test_a_position_not_in_a_turn_is_refused() -> None:
    state = explicit(_positions()[0])
    state.apply("end actions")
    state.apply("stop buying")
    assert state.is_chance_node()  # the end phase's draw
    with pytest.raises(turn.TurnError, match="chance"):
        turn.solve_turn(state)


def test_measure_counts_every_pile_of_the_seat() -> None:
    state = _positions()[1]
    assert turn.held(state, state.mover) == tuple(
        sum(p[state.mover][c] for p in (state.bag, state.active, state.used, state.discard))
        for c in range(len(CUBES)))
    assert turn.measure(state, state, state.mover) == (0, 0, 0)
