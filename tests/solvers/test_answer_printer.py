"""The one answer type and its printers (solvers/answer.py) and the solve contract
(solvers/solve.py): every game's solver answers its puzzles with the same ``Answer``, the JSON
is valid with the same keys for every game, the text and JSON printers agree, and puzzles are
found by name through the registry."""

from __future__ import annotations

import json
import math

import pytest

from solvers.answer import Alternative, Answer, Effort, Move, answer_dict, answer_json, answer_text
from solvers.solve import SolveError, check_options, find_puzzle, puzzles, solver_of, solvers

GAMES = ("automobiles", "formel1", "kraftwagen")


def first_of_each_kind(game: str) -> list[str]:
    """One puzzle of each kind of ``game`` (the easiest first), to keep the test short."""
    seen: dict[str, str] = {}
    for p in sorted(puzzles(game), key=lambda p: p.difficulty):
        seen.setdefault(p.kind, p.name)
    return list(seen.values())


CASES = [(game, name) for game in GAMES for name in first_of_each_kind(game)]
ANSWERS: dict[tuple[str, str], Answer] = {}


def answer_of(game: str, name: str) -> Answer:
    if (game, name) not in ANSWERS:
        ANSWERS[game, name] = find_puzzle(name, game).solve()
    return ANSWERS[game, name]


def test_every_game_has_a_solver_found_through_the_registry() -> None:
    assert tuple(solvers()) == GAMES
    for game in GAMES:
        solver = solver_of(game)
        assert solver.game == game and solver.options and solver.puzzles()


@pytest.mark.parametrize(("game", "name"), CASES)
def test_every_solver_answers_its_puzzles_with_the_one_answer_type(game: str, name: str) -> None:
    answer = answer_of(game, name)
    assert isinstance(answer, Answer) and answer.game == game
    assert answer.kind in ("proven", "bound", "estimate") and answer.status
    assert answer.best is not None and answer.value is not None
    assert all(isinstance(m, Move) for m in answer.line)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_the_json_is_valid_with_the_same_keys_for_every_game(game: str, name: str) -> None:
    data = json.loads(answer_json(answer_of(game, name)))
    expected = json.loads(answer_json(Answer("g", "p", None, None, "", "proven", "")))
    assert set(data) == set(expected)
    assert set(data["effort"]) == {"nodes", "seconds"}
    assert all(set(a) == {"action", "value", "kind", "upper", "interval"}
               for a in data["alternatives"])


@pytest.mark.parametrize(("game", "name"), CASES)
def test_the_text_and_json_printers_agree(game: str, name: str) -> None:
    answer = answer_of(game, name)
    text, data = answer_text(answer), json.loads(answer_json(answer))
    head = text.splitlines()[0]
    assert head.startswith(f"{data['player']}: ") and data["unit"] in head
    assert data["status"] in text and f"Best decision: {data['best']}" in text
    assert all(a["action"] in text for a in data["alternatives"])
    assert all(m["action"] in text for m in data["line"])
    assert all(c in text for c in data["caveats"])


def test_an_infinite_bound_is_null_and_the_json_has_no_nan() -> None:
    answer = Answer("g", "p", "a", 1.0, "points", "bound", "Best found.", upper=math.inf,
                    alternatives=(Alternative("a", 1.0, "bound", math.inf),
                                  Alternative("b", math.nan, "bound")),
                    effort=Effort(3, 0.1), details={"far": -math.inf})
    data = json.loads(answer_json(answer))
    assert data["upper"] is None and data["details"]["far"] is None
    assert [a["upper"] for a in data["alternatives"]] == [None, None]
    assert data["alternatives"][1]["value"] is None
    assert answer_dict(answer)["effort"] == {"nodes": 3, "seconds": 0.1}
    head = answer_text(answer).splitlines()[0]
    assert head.endswith("best found, not proven") and "inf" not in head


def test_an_answer_kind_outside_the_three_is_refused() -> None:
    with pytest.raises(ValueError, match="proven, bound, estimate"):
        Answer("g", "p", None, None, "", "certain", "")


def test_a_puzzle_name_is_found_among_every_games_puzzles() -> None:
    for game in GAMES:
        name = puzzles(game)[0].name
        assert find_puzzle(name).game == game
    with pytest.raises(SolveError, match="no puzzle 'nothing'"):
        find_puzzle("nothing")
    with pytest.raises(SolveError, match="formel1's puzzles"):
        find_puzzle(puzzles("kraftwagen")[0].name, "formel1")


def test_an_option_of_another_game_is_refused_naming_the_game() -> None:
    with pytest.raises(SolveError, match="--hidden is a formel1 option; the game here is "
                                         "kraftwagen"):
        check_options(solver_of("kraftwagen"), {"hidden": True})


def test_the_option_names_match_the_solvers_own() -> None:
    from solvers.formel1 import race
    from solvers.kraftwagen import planner
    from solvers.kraftwagen import solve as kraftwagen

    assert kraftwagen.RIVAL_MODELS == planner.RIVAL_MODELS
    assert kraftwagen.OBJECTIVES == planner.OBJECTIVES
    assert planner.PlannerConfig().max_turns == kraftwagen.MAX_TURNS
    assert set(solver_of("formel1").options[0].choices) == set(race.RIVAL_MODELS)


def test_kw_solve_prints_a_puzzles_answer_with_the_one_printer(kw) -> None:  # type: ignore[no-untyped-def]
    status, out, err = kw("solve", "--puzzle", "pit_stop", "--json")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["game"] == "automobiles" and "puzzle" in data["details"]
    status, out, _ = kw("puzzles", "--game", "formel1")
    assert status == 0 and [line.split()[0] for line in out.splitlines()] == [
        p.name for p in puzzles("formel1")]
