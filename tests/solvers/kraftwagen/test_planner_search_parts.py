"""Parts of the planner's search that only make it faster: each must leave what it finds as it
was. The greedy choice keeps the child it played (a tail steps on to it instead of playing the
choice again); a search to a depth skips the tight bound where it cannot cut; a probe of the
whole horizon that finished no first decision is not tried again. The exhaustive search of
``test_planner_anytime`` is the truth for the values."""

from __future__ import annotations

from dataclasses import replace

import pytest

from kwcore.bots import evaluate
from kwcore.state import State
from solvers.kraftwagen import planner
from solvers.kraftwagen.planner import PlannerConfig, deepening, search
from solvers.kraftwagen.planner.deepening import _Deepening
from solvers.kraftwagen.positions import RealPosition, real_positions
from solvers.kraftwagen.puzzles import puzzle_named

from .test_planner_anytime import CUT, POSITIONS, _ids, config, exhaustive

MID_ROUND = real_positions(3)  # 2, 3 and 4 companies, 4 or more picks left in the round


def _greedy_as_the_bot_rates(state: State) -> int:
    """The greedy choice written out: every child rated from a copy, ties to the lowest id."""
    ids = state.legal
    if len(ids) == 1:
        return ids[0]
    p = state.current_player
    best, best_v = ids[0], -planner.INF
    for aid in ids:
        v = evaluate(state.child(aid), p, consume=True)
        if v > best_v + 1e-9:
            best, best_v = aid, v
    return best


@pytest.mark.parametrize("pos", MID_ROUND, ids=_ids)
def test_the_greedy_step_takes_the_greedy_choice_and_hands_on_its_child_as_played(
        pos: RealPosition) -> None:
    s = pos.state.clone(history=False)
    s.seed = None
    steps = 0
    while s.round == pos.state.round and s.current_player >= 0:
        aid, child = search._greedy_step(s)
        assert aid == _greedy_as_the_bot_rates(s) == planner.greedy_choice(s)
        played = s.child(aid)
        if len(s.legal) > 1:
            assert child is not None and child == played and child.legal == played.legal
        s = played
        steps += 1
    assert steps > 10


@pytest.mark.parametrize("pos", POSITIONS[:4], ids=_ids)
def test_depths_searched_without_the_tight_bound_are_exact_and_as_with_it(
        pos: RealPosition, monkeypatch: pytest.MonkeyPatch) -> None:
    with_tight = planner.plan(pos.state, None, config(pos))
    monkeypatch.setattr(search, "TIGHT_GAP", -planner.INF)  # never weighed in a depth search
    quick = planner.plan(pos.state, None, config(pos))
    assert [(d.turns, d.value, d.proven, d.whole) for d in quick.depths] == \
        [(d.turns, d.value, d.proven, d.whole) for d in with_tight.depths]
    cut = CUT[pos.label]
    for d in quick.depths[:-1]:
        assert exhaustive(pos.state, d.turns, cut) <= d.value
    assert quick.value == with_tight.value == exhaustive(pos.state, None, cut)
    assert quick.proven and with_tight.proven


def _driver(state: State) -> _Deepening:
    root = state.clone(history=False)
    root.seed = None
    return _Deepening(root, root.current_player, PlannerConfig(time_budget=1e9), None)


def test_no_probe_is_tried_after_one_that_finished_no_first_decision(
        monkeypatch: pytest.MonkeyPatch) -> None:
    driver = _driver(MID_ROUND[0].state)
    driver.incumbent()
    monkeypatch.setattr(deepening, "PROBE_MIN", 10)  # far too few nodes for a first decision
    monkeypatch.setattr(deepening, "PROBE_SHARE", 0.01)
    assert not driver.probe(1)
    assert driver.probe_finished == 0 and driver.probe_hopeless
    nodes = driver.search.nodes
    assert not driver.probe(2)
    assert driver.search.nodes == nodes  # not tried


def test_a_probe_that_finishes_first_decisions_proves_the_plan_as_before() -> None:
    puzzle = puzzle_named("keep_the_turn")  # the last turns of a round
    root = puzzle.state().clone(history=False)
    root.seed = None
    driver = _Deepening(root, root.current_player,
                        replace(puzzle.planner_config(), time_budget=1e9), None)
    driver.incumbent()
    assert driver.probe(1) and driver.whole
    assert driver.probe_finished >= 1 and not driver.probe_hopeless
