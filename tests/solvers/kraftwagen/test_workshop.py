"""Tests of the workshop studies (solvers/kraftwagen/workshop.py;).

* Tempo table: on the tempo puzzles a single tile beats the 3-action tile; every row's value is
  the planner's value of that pick; who plays next follows the chain rule (RULINGS K1); the
  turns per company are those kwcore logs when the planned line is replayed.
* Search models: on the small Buick endgame every line is enumerated by brute force here, so the
  paranoid and max^n values are checked against an independent game-tree search; paranoid is a
  floor for any rival behaviour; MCTS's estimate, a mean over whole simulated games, lies
  between the worst and best outcomes of the tree.
"""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest

import kwcore
from kwcore.actions import PickTile
from kwcore.events import Turn
from kwwidgets.kraftwagen import workshop as answers
from kwwidgets.solutions import show
from solvers.kraftwagen import planner
from solvers.kraftwagen import pricegame as pg
from solvers.kraftwagen import workshop as ws
from solvers.kraftwagen.planner import Horizon, PlannerConfig
from solvers.kraftwagen.tempo import after_pick, chain_of

ROUND = PlannerConfig(horizon=Horizon("round"), rivals="greedy")


@functools.cache
def table(name: str) -> tuple[ws.TempoRow, ...]:
    return tuple(ws.tempo_table(ws.tempo_position(name)))


@functools.cache
def endgame_models() -> dict[str, ws.ModelValue]:
    return {m.model: m for m in ws.compare_search(ws.buick_endgame(), (30, 300))}


# --- tempo on the chain -------------------------------------------------------------------------
@pytest.mark.parametrize("name", ws.TEMPO_PUZZLES)
def test_a_single_tile_beats_the_three_action_tile(name: str) -> None:
    rows = table(name)
    best = rows[0]
    triple = next(r for r in rows if r.actions == 3)
    assert best.actions == 1
    assert triple.value < best.value
    assert all(r.proven for r in rows)
    # The best pick keeps the turn: the lesson of the chain.
    assert best.in_a_row == 2 and best.next == "Green"


@pytest.mark.parametrize("name", ws.TEMPO_PUZZLES)
def test_each_row_is_the_planners_value_and_the_chain_rule(name: str) -> None:
    state = ws.tempo_position(name)
    result = planner.plan(state, state.current_player, ROUND)
    assert table(name)[0].value == result.value
    picks = {str(a): a for a in state.legal_actions() if isinstance(a, PickTile)}
    assert {f"pick {r.tile}" for r in table(name)} == set(picks)
    n = len(state.cfg.tiles)
    for row in table(name):
        tile = picks[f"pick {row.tile}"].tile
        # RULINGS K1: the marker takes the tile's place, tiles left at the tail go to the head;
        # whoever's marker is then at the tail plays next.
        chain = after_pick(chain_of(state), tile, n)
        assert row.next == state.cfg.companies[chain[0] - n]
        assert row.in_a_row == (2 if row.next == "Green" else 1)
        assert all(0 <= k <= ws.LOOKAHEAD for k in row.reach.values())
        assert row.reach[row.next] >= 1


@pytest.mark.parametrize("name", ws.TEMPO_PUZZLES)
def test_the_turns_are_those_kwcore_logs_along_the_planned_line(name: str) -> None:
    state = ws.tempo_position(name)
    p = state.current_player
    for row in table(name)[:3]:
        s = state.clone()
        s.seed = None
        start = len(s.events)
        s.apply(f"pick {row.tile}")
        if not s.is_terminal() and s.round == state.round:
            for _, text in planner.plan(s.clone(), p, ROUND).principal_variation:
                s.apply(text)
        turns = {n: 0 for n in state.cfg.companies[:state.players]}
        turns[state.cfg.companies[p]] += 1  # the turn in progress
        assert s.is_terminal()  # the tempo puzzles are last-round endgames
        for e in s.events[start:]:
            if isinstance(e, Turn):
                turns[state.cfg.companies[e.company]] += 1
        assert row.turns == turns, row.tile


def test_the_tempo_table_needs_a_tile_choice() -> None:
    s = ws.buick_endgame()
    with pytest.raises(ws.WorkshopError, match="tile choice"):
        ws.tempo_table(s)
    with pytest.raises(ws.WorkshopError, match="rivals"):
        ws.tempo_table(ws.tempo_position("last_sale"), rivals="friendly")


# --- search models ------------------------------------------------------------------------------
def gains(state: kwcore.State, root: kwcore.State) -> tuple[int, ...]:
    return tuple(c.reputation - r.reputation for c, r in zip(state.companies, root.companies,
                                                                strict=True))


def paranoid(s: kwcore.State, root: kwcore.State, me: int) -> int:
    """Plain minimax over the whole tree: we maximise our gain, every rival minimises it."""
    if s.is_terminal():
        return gains(s, root)[me]
    values = [paranoid(s.child(a), root, me) for a in s.legal]
    return max(values) if s.current_player == me else min(values)


def maxn(s: kwcore.State, root: kwcore.State) -> tuple[int, ...]:
    """Each company maximises its own gain; ties go to the lowest action id."""
    if s.is_terminal():
        return gains(s, root)
    d = s.current_player
    best: tuple[int, ...] | None = None
    for a in sorted(s.legal):
        v = maxn(s.child(a), root)
        if best is None or v[d] > best[d]:
            best = v
    assert best is not None
    return best


def outcomes(s: kwcore.State, root: kwcore.State, me: int) -> list[int]:
    if s.is_terminal():
        return [gains(s, root)[me]]
    return [v for a in s.legal for v in outcomes(s.child(a), root, me)]


def test_the_endgame_is_small_and_ends_the_game() -> None:
    s = ws.buick_endgame()
    assert s.round == s.cfg.rounds and s.decision() == "market"
    assert len(outcomes(s, s, 0)) < 100  # every line ends the game within a few decisions


def test_paranoid_and_maxn_values_match_a_brute_force_tree_search() -> None:
    root = ws.buick_endgame()
    me = root.current_player
    models = endgame_models()
    assert models["paranoid"].values[me] == paranoid(root, root, me)
    assert models["maxn"].values[me] == maxn(root, root)[me]
    for name in ws.RIVAL_MODELS:
        assert models[name].proven


def test_paranoid_is_a_floor_for_every_rival_model() -> None:
    """Paranoid rivals do the worst to us, so against any other rival behaviour our best reply
    earns at least as much (max-min <= max against a fixed policy)."""
    models = endgame_models()
    floor = models["paranoid"].values[0]
    assert floor <= models["maxn"].values[0]
    assert floor <= models["greedy"].values[0]
    # Here the difference is real: Blue's Buick buyer wins Blue the SecondBuyer achievement
    # and sells Green's car, which a paranoid Blue never does.
    assert floor < models["maxn"].values[0]


def test_mcts_estimates_are_means_of_real_outcomes() -> None:
    root = ws.buick_endgame()
    every = outcomes(root, root, 0)
    models = endgame_models()
    for budget in (30, 300):
        m = models[f"mcts {budget}"]
        assert m.work == budget and not m.proven
        assert min(every) - 1e-9 <= m.values[0] <= max(every) + 1e-9
        assert m.first in {str(a) for a in root.legal_actions()}


def test_the_comparison_leaves_the_position_unchanged_and_checks_its_input() -> None:
    s = ws.buick_endgame()
    text = s.to_json()
    ws.compare_search(s, (5,))
    assert s.to_json() == text
    bad: list[Any] = [(), (0,), (True,), (2.5,)]
    for simulations in bad:
        with pytest.raises(ws.WorkshopError, match="simulations"):
            ws.compare_search(s, simulations)
    done = s.clone()
    while not done.is_terminal():
        done.apply(done.legal[0])
    with pytest.raises(ws.WorkshopError, match="decision"):
        ws.compare_search(done)


# --- the notebook's solutions are really hidden --------------------------------------
NOTEBOOK = Path(__file__).resolve().parents[3] / "notebooks" / "05_workshop.ipynb"
SOLUTION_HEAD = re.compile(r"# Solution (\w+): press the button below this cell once you have "
                           r"tried the question\.")


def code_cells() -> list[dict[str, Any]]:
    cells = json.loads(NOTEBOOK.read_text())["cells"]
    return [c for c in cells if c["cell_type"] == "code"]


def test_each_solution_cell_is_collapsed_and_its_first_line_gives_nothing_away() -> None:
    solution_cells = [c for c in code_cells() if "solution" in c["metadata"].get("tags", ())]
    names = []
    for cell in solution_cells:
        lines = "".join(cell["source"]).splitlines()
        assert cell["metadata"]["jupyter"]["source_hidden"] is True
        head = SOLUTION_HEAD.fullmatch(lines[0])
        assert head, lines[0]
        names.append(head.group(1))
        # The rest only builds the hidden box: nothing printed, plotted or asserted in the cell.
        assert lines[1:] == [f"show(answers.exercise_{head.group(1)}("
                             + lines[1].split("(", 2)[2]], lines
        assert not re.search(r"\b(print|plt|display|assert)\b", "\n".join(lines[1:]))
        assert cell.get("outputs", []) == []  # committed without outputs
    exercises = sorted(n.removeprefix("exercise_") for n in dir(answers)
                       if n.startswith("exercise_"))
    assert sorted(names) == exercises  # one hidden cell per solution, none left in the open


def test_no_question_cell_works_a_solution_out_or_prints_the_search_table_by_default() -> None:
    for cell in code_cells():
        if "solution" in cell["metadata"].get("tags", ()):
            continue
        text = "".join(cell["source"])
        assert "answers.exercise_" not in text and "# Solution" not in text
        if "compare_search(endgame, simulations=(200,))" in text:
            assert "show_table = False" in text  # the models' answers wait for the reader


def test_a_solution_shows_nothing_until_asked(capsys: pytest.CaptureFixture[str]) -> None:
    war = pg.example("price_war")
    box = show(answers.exercise_1a(war))
    assert capsys.readouterr().out == ""  # working it out prints nothing
    assert not box.shown and box.body.value == ""
    # the button, the line that says when a teacher's lock opens (empty), the solution, output
    assert [type(x).__name__ for x in box.view.children] == ["Button", "HTML", "HTML", "Output"]
    assert box.message.value == ""
    assert box.toggle.description == "Show the solution to 1a"
    box.toggle.click()
    assert box.shown and "(2, 2)" in box.body.value and "Solution 1a" in box.body.value
    box.toggle.click()
    assert not box.shown and box.body.value == ""


def test_every_solution_checks_its_claims_on_the_real_positions() -> None:
    cycle = pg.example("price_cycle")
    war = pg.example("price_war")
    dilemma = pg.build(war.state, war.col, war.row_car, war.col_car, prices=(6, 8))
    found = [
        answers.exercise_1b(dilemma),
        answers.exercise_2a(cycle, pg.best_response_dynamics(cycle, start=(8, 8))),
        answers.exercise_2b(pg.example("no_contest"), cycle),
        answers.exercise_3(ws.tempo_position("last_sale")),
        answers.exercise_4(ws.buick_endgame(), list(endgame_models().values())),
    ]
    assert [s.exercise for s in found] == ["1b", "2a", "2b", "3", "4"]
    assert found[3].figure is not None and "<svg" in found[3].html()
    assert found[4].values["paranoid"] < found[4].values["maxn"]


def test_a_solution_whose_claim_fails_says_so() -> None:
    value = {"paranoid": 8.0, "maxn": 12.0}
    settled = {0: [3.0, 7.5], 1: [11.0, 7.9]}
    assert answers.exercise_5(settled, value).exercise == "5"
    with pytest.raises(AssertionError):
        answers.exercise_5({0: [3.0, 11.5], 1: [11.0, 11.9]}, value)  # nearer max^n
    with pytest.raises(AssertionError):
        answers.exercise_1a(pg.example("price_cycle"))  # no pure equilibrium there
