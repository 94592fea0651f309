"""``kw solve`` and ``kw puzzles`` on Automobiles through the real command line:
the game comes from the position file, the puzzles are listed, exported and solved, and a
Kraftwagen option or objective given an Automobiles file is one error line."""

from __future__ import annotations

import json
from pathlib import Path

from automobiles.serialize import state_from_json
from solvers.automobiles import turn
from solvers.automobiles.positions import random_positions
from solvers.automobiles.puzzles import load_puzzles
from tests.conftest import Kw
from tests.support.builders import assert_one_error_line


def _position_file(tmp_path: Path) -> Path:
    path = tmp_path / "turn.json"
    path.write_text(random_positions(1, seed=41, moving=True)[0].to_json())
    return path


def test_kw_solve_gives_the_best_turn_of_an_automobiles_file(kw: Kw, tmp_path: Path) -> None:
    path = _position_file(tmp_path)
    status, out, err = kw("solve", str(path), "--json")
    assert status == 0 and err == ""
    plan = turn.solve_turn(state_from_json(path.read_text()))
    answer = json.loads(out)
    assert [m["action"] for m in answer["line"]] == list(plan.actions)
    assert answer["best"] == plan.best and answer["value"] == plan.parts[0]
    status, out, _ = kw("solve", str(path), "--objective", "wear", "--json")
    assert status == 0 and json.loads(out)["unit"].startswith("wear")


def test_kraftwagen_options_on_an_automobiles_file_are_one_error_line(kw: Kw,
                                                                       tmp_path: Path) -> None:
    path = str(_position_file(tmp_path))
    assert_one_error_line(kw("solve", path, "--objective", "margin"), "--objective",
                          "invalid choice: 'margin'")
    assert_one_error_line(kw("solve", path, "--horizon", "round"), "--horizon")


def test_an_automobiles_objective_on_a_kraftwagen_file_is_one_error_line(kw: Kw) -> None:
    assert_one_error_line(kw("solve", "--puzzle", "keep_the_turn", "--objective", "wear"),
                          "--objective", "invalid choice: 'wear'", "gain, margin")


def test_kw_puzzles_lists_exports_and_solves_the_automobiles_puzzles(kw: Kw,
                                                                     tmp_path: Path) -> None:
    puzzles = load_puzzles()
    status, out, _ = kw("puzzles", "--game", "automobiles")
    assert status == 0 and all(p.name in out for p in puzzles)
    first = puzzles[0]
    status, out, _ = kw("puzzles", "--game", "automobiles", "--export", first.name)
    assert status == 0 and state_from_json(out).key() == first.state().key()
    status, out, _ = kw("solve", "--puzzle", first.name, "--json")
    assert status == 0 and first.question in json.loads(out)["details"]["puzzle"]
    assert_one_error_line(kw("puzzles", "--game", "automobiles", "--export", "no_such"),
                          "no_such")
