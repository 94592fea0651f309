"""The solver commands of ``kw`` (solvers/cli.py): ``solve``, ``price`` and ``puzzles``.

Run in-process through ``solvers.cli.main`` with pytest's capsys, on the built-in puzzles and on
position files made from them: the listing, a proven plan with its "why not this?" table, the
JSON output, a pricing answer, and every user mistake as one ``kw: error:`` line with exit 2.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from solvers.kraftwagen.puzzles import Puzzle, load_puzzles, puzzle_named
from tests.support.builders import assert_one_error_line

Run = tuple[int, str, str]
Kw = Callable[..., Run]
TEMPO = next(p for p in load_puzzles() if p.kind == "tempo")  # the easiest tempo puzzle
PRICING = next(p for p in load_puzzles() if p.kind == "pricing")



def save(tmp_path: Path, puzzle: Puzzle, name: str = "pos.json") -> Path:
    """A puzzle's position as a position file."""
    path = tmp_path / name
    path.write_text(puzzle.state().to_json(indent=2), encoding="utf-8")
    return path


# --- kw puzzles -------------------------------------------------------------------------------
def test_kw_puzzles_lists_every_puzzle_with_kind_companies_and_title(kw: Kw) -> None:
    status, out, err = kw("puzzles")
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == len(load_puzzles())
    for p, line in zip(load_puzzles(), lines, strict=True):
        assert line.split()[0] == p.name
        assert p.kind in line and p.title in line
        assert f"{p.players} companies" in line
        assert "*" * p.difficulty in line


# --- kw solve --puzzle ------------------------------------------------------------------------
def answer_of(kw: Kw, *argv: str) -> dict[str, Any]:
    """``kw solve ARGV --json``, parsed (exit status 0, nothing on stderr)."""
    status, out, err = kw("solve", *argv, "--json")
    assert (status, err) == (0, "")
    answer: dict[str, Any] = json.loads(out)
    return answer


def test_kw_solve_a_tempo_puzzle_gives_the_proven_value_plan_and_why_not_table(kw: Kw) -> None:
    answer = answer_of(kw, "--puzzle", TEMPO.name)
    assert answer["player"] == "Green" and answer["kind"] == "proven"
    assert answer["value"] == TEMPO.answer["value"] and answer["best"] == TEMPO.answer["best"]
    assert answer["unit"].startswith("margin over the best rival")
    assert answer["line"][0] == {"who": "Green", "action": TEMPO.answer["best"]}
    assert {a["action"]: a["value"] for a in answer["alternatives"]} == {
        a["action"]: a["value"] for a in TEMPO.answer["alternatives"]}
    status, out, _ = kw("solve", "--puzzle", TEMPO.name)
    assert status == 0 and out.splitlines()[0].endswith("- proven")
    assert all(a["action"] in out for a in TEMPO.answer["alternatives"])


@pytest.mark.parametrize("name", [p.name for p in load_puzzles()])
def test_kw_solve_every_puzzle_gives_its_stored_value_as_proven(kw: Kw, name: str) -> None:
    p = puzzle_named(name)
    answer = answer_of(kw, "--puzzle", name)
    assert answer["kind"] == "proven" and answer["player"] == "Green"
    assert answer["value"] == p.answer["value"]
    if p.kind == "pricing":
        unit = "sales reputation"
    elif p.settings.get("objective") == "margin":
        unit = "margin over the best rival"
    else:
        unit = "reputation gained by the horizon"
    assert answer["unit"].startswith(unit)


def test_kw_solve_a_pricing_puzzle_gives_the_car_and_decisions(kw: Kw) -> None:
    answer = answer_of(kw, "--puzzle", PRICING.name)
    car = PRICING.answer["car"]
    assert answer["details"]["car"].startswith(f"Car: body {car['body']}, engine {car['engine']}")
    assert f"price {car['price']}" in answer["details"]["car"]
    assert [m["action"] for m in answer["line"]] == PRICING.answer["actions"]


# --- kw solve FILE ----------------------------------------------------------------------------
def test_kw_solve_file_json_parses_and_has_every_field(kw: Kw, tmp_path: Path) -> None:
    path = save(tmp_path, TEMPO)
    s = TEMPO.settings
    answer = answer_of(kw, str(path), "--horizon", s["horizon"], "--objective", s["objective"],
                       "--rivals", s["rivals"], "--max-turns", str(s["max_turns"]))
    details = answer["details"]
    for field in ("cut_lines", "sampled", "horizon", "objective", "rivals", "depths",
                  "proven_turns", "stopped"):
        assert field in details, field
    assert answer["player"] == "Green" and answer["kind"] == "proven"
    assert details["stopped"] is None
    assert answer["value"] == TEMPO.answer["value"]
    assert details["horizon"] == s["horizon"] and details["rivals"] == s["rivals"]
    assert answer["line"][0] == {"who": "Green", "action": TEMPO.answer["best"]}
    assert {a["action"]: a["value"] for a in answer["alternatives"]} == {
        a["action"]: a["value"] for a in TEMPO.answer["alternatives"]}
    assert all(a["kind"] == "proven" and a["upper"] == a["value"]
               for a in answer["alternatives"])
    assert answer["status"].startswith("Proven best")
    assert answer["effort"]["nodes"] > 0


def test_kw_solve_stopped_by_the_node_budget_marks_the_plan_not_proven(kw: Kw) -> None:
    full = answer_of(kw, "--puzzle", TEMPO.name)["effort"]["nodes"]
    # One node short: every first decision but the last is solved, so a plan exists.
    answer = answer_of(kw, "--puzzle", TEMPO.name, "--nodes", str(full - 1))
    assert answer["kind"] == "bound"
    assert answer["status"].startswith("Best found")
    assert "the search stopped: node budget" in answer["status"]
    assert "node budget" in answer["details"]["stopped"]


def test_kw_solve_with_a_tiny_node_budget_is_not_proven_or_a_clear_error(kw: Kw) -> None:
    status, out, err = kw("solve", "--puzzle", TEMPO.name, "--nodes", "5")
    if status == 0:  # a plan was found: it must say it is not proven
        assert "not proven" in out.splitlines()[0]
    else:  # nothing was found: one clear error line (what the planner does today)
        assert_one_error_line((status, out, err), "node budget", "before any plan was found")


# --- kw price FILE ----------------------------------------------------------------------------
def test_kw_price_file_prints_the_car_and_the_decisions(kw: Kw, tmp_path: Path) -> None:
    path = save(tmp_path, PRICING)
    status, out, err = kw("price", str(path))
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"Green: {PRICING.answer['value']} sales reputation this round - proven " \
                       "optimal"
    assert lines[1].startswith(f"Car: body {PRICING.answer['car']['body']}, ")
    assert lines[2] == "Decisions: " + "; ".join(PRICING.answer["actions"])


def test_kw_solve_and_kw_price_print_the_same_fields_for_what_is_proven(
        kw: Kw, tmp_path: Path) -> None:
    _, solved, _ = kw("solve", str(save(tmp_path, TEMPO)), "--json")
    _, priced, _ = kw("price", str(save(tmp_path, PRICING)), "--json")
    answer, plan = json.loads(solved), json.loads(priced)
    assert {"value", "kind", "upper", "status"} <= set(answer)
    assert {"value", "proven", "upper", "status"} <= set(plan)
    assert isinstance(plan["proven"], bool) and isinstance(plan["status"], str)
    assert answer["kind"] in ("proven", "bound") and isinstance(answer["status"], str)


def test_kw_price_file_json_has_the_car_value_and_actions(kw: Kw, tmp_path: Path) -> None:
    p = next(x for x in load_puzzles() if x.kind == "pricing" and x.answer["investments"])
    status, out, _ = kw("price", str(save(tmp_path, p)), "--json")
    assert status == 0
    plan = json.loads(out)
    assert plan["company"] == "Green" and plan["solver_status"] == "OPTIMAL"
    assert plan["value"] == plan["upper"] == p.answer["value"]
    assert plan["proven"] is True and plan["status"] == "proven optimal"
    assert plan["car"]["price"] == p.answer["car"]["price"]
    assert plan["actions"] == p.answer["actions"]


# --- user mistakes: one line, exit 2 ------------------------------------------------------------
def test_an_unknown_puzzle_is_one_error_line_pointing_to_the_list(kw: Kw) -> None:
    assert_one_error_line(kw("solve", "--puzzle", "no_such_puzzle"), "no_such_puzzle",
                          "kw puzzles")


def test_a_company_not_in_the_game_is_one_error_line(kw: Kw) -> None:
    assert_one_error_line(kw("solve", "--puzzle", TEMPO.name, "--company", "Purple"),
                          "'Purple' is not in this game")


def test_a_company_number_beyond_the_game_is_one_error_line(kw: Kw, tmp_path: Path) -> None:
    two = next(p for p in load_puzzles() if p.kind == "tempo" and p.players == 2)
    assert_one_error_line(kw("solve", str(save(tmp_path, two)), "--company", "3"),
                          "not in this game")


@pytest.mark.parametrize("horizon", ["turns:0", "turns:x", "forever"])
def test_a_bad_horizon_is_one_error_line(kw: Kw, horizon: str) -> None:
    assert_one_error_line(kw("solve", "--puzzle", TEMPO.name, "--horizon", horizon),
                          "horizon must be", horizon)


def test_a_finished_game_is_one_error_line(kw: Kw, tmp_path: Path) -> None:
    # Any Attract buyer action ends the last round of a tempo puzzle: the game is then over.
    state = TEMPO.state()
    state.apply("pick Attract")
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    path = tmp_path / "over.json"
    path.write_text(state.to_json(), encoding="utf-8")
    assert_one_error_line(kw("solve", str(path)), "the game is over")
    assert_one_error_line(kw("price", str(path)), "the game is over")


def test_kw_price_away_from_a_market_step_is_one_error_line(kw: Kw, tmp_path: Path) -> None:
    assert_one_error_line(kw("price", str(save(tmp_path, TEMPO))), "market step",
                          "choose_tile")


def test_a_file_and_a_puzzle_together_are_one_error_line(kw: Kw, tmp_path: Path) -> None:
    assert_one_error_line(kw("solve", str(save(tmp_path, TEMPO)), "--puzzle", TEMPO.name),
                          "not both")


def test_solve_without_a_file_or_puzzle_is_one_error_line(kw: Kw) -> None:
    assert_one_error_line(kw("solve"), "FILE or --puzzle")


@pytest.mark.parametrize("command", ["solve", "price"])
def test_a_missing_file_is_one_error_line(kw: Kw, tmp_path: Path, command: str) -> None:
    missing = tmp_path / "missing.json"
    assert_one_error_line(kw(command, str(missing)), "cannot read", "missing.json")


def test_a_file_that_is_not_a_position_is_one_error_line(kw: Kw, tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"format": "something else"}', encoding="utf-8")
    assert_one_error_line(kw("solve", str(path)), "bad position")
