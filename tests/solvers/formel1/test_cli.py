"""``kw solve FILE`` on Formel 1 positions (solvers/formel1/solve.py, one answer type): a
proven endgame, a search stopped by the node budget, an estimate from the hidden hands, and bad
input as one error line with exit 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from formel1 import from_json, new_game
from solvers.formel1 import race
from solvers.formel1.positions import endgame
from tests.conftest import Kw


@pytest.fixture
def endgame_file(tmp_path: Path) -> Path:
    s = endgame(3, 2, 8, mid_card=True)
    assert s is not None
    path = tmp_path / "endgame.json"
    path.write_text(s.to_json())
    return path


def _one_error_line(result: tuple[int, str, str], *fragments: str) -> None:
    status, out, err = result
    assert status == 2 and not out
    assert err.count("\n") == 1 and err.startswith("kw: error:"), err
    for fragment in fragments:
        assert fragment in err


def test_a_proven_endgame_prints_the_value_the_plan_and_every_decision(
        kw: Kw, endgame_file: Path) -> None:
    state = from_json(endgame_file.read_text())
    truth = race.solve(state, config=race.RaceConfig(rivals="paranoid"))
    status, out, err = kw("solve", str(endgame_file), "--rivals", "paranoid")
    assert status == 0 and not err
    assert out.splitlines()[0].endswith("- proven")
    status, out, _ = kw("solve", str(endgame_file), "--rivals", "paranoid", "--json")
    data = json.loads(out)
    assert data["kind"] == "proven" and data["value"] == truth.value and data["upper"] is None
    assert {a["action"] for a in data["alternatives"]} == {str(a) for a in state.legal_actions()}
    me = state.current_player
    assert data["player"] == f"Player {me}"
    assert race.replay_prizes(state, [m["action"] for m in data["line"]])[me] == data["value"]
    assert any("Every hand was known" in c for c in data["caveats"])


def test_a_search_stopped_by_the_node_budget_still_ranks_every_decision_said_an_estimate(
        kw: Kw, endgame_file: Path) -> None:
    state = from_json(endgame_file.read_text())
    status, out, _ = kw("solve", str(endgame_file), "--nodes", "20", "--json")
    data = json.loads(out)
    assert status == 0 and data["kind"] == "estimate"
    assert {a["action"] for a in data["alternatives"]} == {str(a) for a in state.legal_actions()}
    assert data["details"]["open_hand_search"].startswith("stopped before valuing")
    assert "node budget" in data["details"]["open_hand_search"]
    assert data["details"]["saw_hidden_cards"] is True
    assert data["status"].startswith("Estimate:") and "saw the hidden cards" in data["status"]
    # A budget that values some first decision keeps the open-hand search's bound.
    status, out, _ = kw("solve", str(endgame_file), "--nodes", "3000", "--json")
    data = json.loads(out)
    if data["kind"] == "bound":
        assert data["line"] and data["upper"] >= data["value"]
        assert data["status"].startswith("Bound: the plan is worth at least")


def test_the_status_says_every_hand_is_known_and_when_nothing_was_solved(
        kw: Kw, endgame_file: Path) -> None:
    state = from_json(endgame_file.read_text())
    proven = race.solve(state, config=race.RaceConfig(rivals="paranoid"))
    assert "every hand known" in proven.status_text()
    assert "No decision was solved" not in proven.status_text()
    # A one-node budget solves no first decision: the plan is only the search order's first
    # (the greedy evaluation's), and the status says so rather than offering it as a result.
    stopped = race.solve(state, config=race.RaceConfig(node_budget=1))
    assert not any(a.proven for a in stopped.alternatives)
    assert "No decision was solved" in stopped.status_text() and "heuristic" in \
        stopped.status_text()
    assert "stopped before valuing a first decision" in kw("solve", str(endgame_file),
                                                            "--nodes", "1")[1]


def test_hidden_hands_give_an_estimate_with_an_interval(kw: Kw, endgame_file: Path) -> None:
    status, out, err = kw("solve", str(endgame_file), "--hidden", "--samples", "4", "--json")
    assert status == 0 and not err
    data = json.loads(out)
    assert data["kind"] == "estimate" and data["samples"] == 4
    assert data["details"]["saw_hidden_cards"] is False and "4 sampled deals" in \
        data["details"]["method"]
    low, high = data["interval"]
    assert low <= data["value"] <= high
    assert all(a["kind"] == "estimate" and a["interval"][0] <= a["value"] <= a["interval"][1]
               for a in data["alternatives"])


def test_an_estimate_whose_deals_all_stopped_ranks_nothing_and_says_so(
        kw: Kw, endgame_file: Path) -> None:
    state = from_json(endgame_file.read_text())
    starved = race.estimate(state, config=race.RaceConfig(samples=3, node_budget=3))
    assert not starved.solved_any and "do not rank the decisions" in starved.status_text()
    fed = race.estimate(state, config=race.RaceConfig(samples=3))
    assert fed.solved_any and "do not rank" not in fed.status_text()
    _one_error_line(kw("solve", str(endgame_file), "--hidden", "--nodes", "3"),
                    "--nodes is for the open-hand search")


@pytest.mark.parametrize("argv,fragments", [
    (["--horizon", "game"], ["--horizon is a kraftwagen option", "formel1"]),
    (["--rivals", "greedy"], ["--rivals", "maxn, paranoid, scripted"]),
    (["--samples", "3"], ["--samples is given only with --hidden"]),
    (["--hidden", "--samples", "1"], ["at least 2 samples"]),
    (["--script", "pass"], ["--script is given only with --rivals scripted"]),
])
def test_bad_settings_are_one_error_line(kw: Kw, endgame_file: Path, argv: list[str],
                                         fragments: list[str]) -> None:
    _one_error_line(kw("solve", str(endgame_file), *argv), *fragments)


def test_a_bad_file_is_one_error_line(kw: Kw, tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text('{"format": "formel1-position", "version": 2, "game": "formel1"')
    _one_error_line(kw("solve", str(broken)), "broken.json")
    auction = tmp_path / "auction.json"
    auction.write_text(new_game(players=3, seed=1).to_json())
    _one_error_line(kw("solve", str(auction), "--hidden"), "does not apply to an auction")


def test_an_auction_position_values_every_bid_and_pass(kw: Kw, tmp_path: Path) -> None:
    state = new_game(players=4, seed=2)
    path = tmp_path / "auction.json"
    path.write_text(state.to_json())
    status, out, err = kw("solve", str(path), "--budget", "0.3", "--json")
    assert status == 0 and not err
    data = json.loads(out)
    assert data["kind"] == "estimate" and data["details"]["saw_hidden_cards"] is False
    assert {a["action"] for a in data["alternatives"]} == {str(a) for a in state.legal_actions()}
    assert all(a["interval"][0] <= a["value"] <= a["interval"][1] for a in data["alternatives"])
    assert "payoff" in data["unit"] and "sampled hands" in data["details"]["method"]


def test_kw_puzzles_lists_the_formel1_puzzles_and_solve_proves_each_stored_answer(
        kw: Kw) -> None:
    from solvers.formel1.puzzles import load_puzzles

    status, out, err = kw("puzzles", "--game", "formel1")
    assert status == 0 and not err
    shipped = load_puzzles()
    assert [line.split()[0] for line in out.splitlines()] == [p.name for p in shipped]
    puzzle = shipped[0]
    status, out, _ = kw("solve", "--puzzle", puzzle.name, "--json")
    data = json.loads(out)
    assert status == 0 and data["kind"] == "proven" and data["details"]["rivals"] == puzzle.rivals
    assert data["best"] == puzzle.answer and data["value"] == puzzle.value
    status, out, _ = kw("puzzles", "--game", "formel1", "--export", puzzle.name)
    assert status == 0 and from_json(out) == puzzle.state()


def test_auction_puzzles_are_listed_as_auctions_and_solved_by_backward_induction(kw: Kw) -> None:
    from solvers.formel1.puzzles import auction_dict, load_puzzles

    auctions = [p for p in load_puzzles() if p.kind == "auction"]
    assert auctions
    listing = kw("puzzles", "--game", "formel1")[1].splitlines()
    for p in load_puzzles():
        row = next(line for line in listing if line.startswith(p.name + " "))
        assert row.split()[1] == p.kind
    first = auctions[0]
    status, out, err = kw("solve", "--puzzle", first.name, "--json")
    assert status == 0 and not err
    data, old = json.loads(out), auction_dict(first)
    assert data["kind"] == "proven" and data["best"] == old["best"] == first.answer
    assert data["value"] == old["value"] and data["details"]["exact"] == old["exact"]
    assert [a["action"] for a in data["alternatives"]] == [a["action"] for a in old["alternatives"]]
    assert [m["action"] for m in data["line"]] == [m["action"] for m in old["line"]]
    status, out, _ = kw("solve", "--puzzle", first.name)
    assert status == 0 and first.answer in out
    _one_error_line(kw("solve", "--puzzle", first.name, "--rivals", "maxn"),
                    "does not apply to an auction puzzle")
