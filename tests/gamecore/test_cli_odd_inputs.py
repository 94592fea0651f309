"""Odd inputs to ``kw`` for every game: each is refused in one short line naming what was
wrong (exit 2, nothing on stdout), never an internal error or a traceback."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from gamecore.game import find
from tests.support.builders import assert_one_error_line

GAMES = ("kraftwagen", "formel1", "automobiles")
HUGE = "1" + "0" * 4999  # a 5,000-digit number
LONGEST_LINE = 300
Run = Callable[..., tuple[int, str, str]]


def refused(result: tuple[int, str, str], *fragments: str) -> None:
    """One short ``kw: error:`` line (naming ``fragments``), exit 2, no stdout, and never an
    internal error."""
    assert_one_error_line(result, *fragments)
    err = result[2]
    assert len(err.rstrip("\n")) < LONGEST_LINE, err[:400]
    assert "internal error" not in err


@pytest.fixture
def positions(tmp_path: Path, kw: Run) -> dict[str, Path]:
    """A new 2-player position file of each game."""
    files = {}
    for game in GAMES:
        status, out, _ = kw("new", "--game", game, "--players", "2", "--seed", "5")
        assert status == 0
        files[game] = tmp_path / f"{game}.json"
        files[game].write_text(out)
    return files


# --- seeds ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", [str(2**64), HUGE, "-1", "x", "1.5", "²", ""])
@pytest.mark.parametrize("command", ["new", "play"])
def test_a_seed_outside_the_generators_range_is_refused_in_one_short_line(
        kw: Run, game: str, seed: str, command: str) -> None:
    refused(kw(command, "--game", game, "--players", "2", "--seed", seed), "--seed")


@pytest.mark.parametrize("game", GAMES)
def test_the_largest_seed_of_the_generator_plays(kw: Run, game: str) -> None:
    status, out, err = kw("play", "--game", game, "--players", "2", "--seed", str(2**64 - 1),
                          "--quiet", "--bots", "random")
    assert (status, err) == (0, "") and "Winner" in out


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [HUGE, "-2", "²", "two"])
def test_a_number_of_players_that_is_no_small_whole_number_is_refused(
        kw: Run, game: str, players: str) -> None:
    refused(kw("new", "--game", game, "--players", players), "--players")


# --- action ids -----------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("aid", [HUGE, "-1", "+99999999", str(10**30)])
def test_an_action_id_outside_the_games_ids_is_refused_naming_the_range(
        kw: Run, positions: dict[str, Path], game: str, aid: str) -> None:
    count = find(game).num_actions
    refused(kw("apply", str(positions[game]), aid), f"ids run 0..{count - 1}")


@pytest.mark.parametrize("game", GAMES)
def test_the_last_id_and_one_past_it_are_told_apart(kw: Run, positions: dict[str, Path],
                                                    game: str) -> None:
    count = find(game).num_actions
    refused(kw("apply", str(positions[game]), str(count)), "no action has id")
    status, _, err = kw("apply", str(positions[game]), str(count - 1))
    assert status == 2 and "ids run" not in err  # a real id: illegal now, not unknown


# --- solver numbers -------------------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("option,value", [
    ("--budget", "nan"), ("--budget", "inf"), ("--budget", "-1"), ("--budget", "0"),
    ("--budget", HUGE), ("--nodes", "nan"), ("--nodes", "-5"), ("--nodes", "0"),
    ("--nodes", "1.5"), ("--nodes", HUGE), ("--nodes", "inf")])
def test_a_budget_or_node_count_that_is_not_finite_and_positive_is_refused(
        kw: Run, positions: dict[str, Path], game: str, option: str, value: str) -> None:
    refused(kw("solve", str(positions[game]), option, value), option)


def test_every_games_other_numbers_are_checked_the_same_way(kw: Run,
                                                            positions: dict[str, Path]) -> None:
    refused(kw("solve", str(positions["kraftwagen"]), "--max-turns", "0"), "--max-turns")
    refused(kw("solve", str(positions["formel1"]), "--hidden", "--samples", "nan"),
            "--samples")
    refused(kw("solve", str(positions["formel1"]), "--rivals", HUGE), "--rivals")


# --- position files -------------------------------------------------------------------------------
ODD_FILES: dict[str, bytes] = {
    "a JSON list": b"[1, 2, 3]",
    "a number": b"42",
    "empty": b"",
    "binary": bytes(range(256)) * 4,
    "2 MB": b'{"game": "formel1", "x": "' + b"a" * 2_000_000 + b'"}',
    "deeply nested": b"[" * 100_000,
    "a huge number": b'{"game": "automobiles", "players": ' + HUGE.encode() + b"}",
}


@pytest.mark.parametrize("kind", ODD_FILES)
@pytest.mark.parametrize("command", ["show", "legal", "apply", "solve", "replay"])
def test_a_file_that_is_no_position_is_refused_in_one_short_line(
        kw: Run, tmp_path: Path, kind: str, command: str) -> None:
    path = tmp_path / "odd.json"
    path.write_bytes(ODD_FILES[kind])
    argv = [command, str(path)] + (["0"] if command == "apply" else [])
    refused(kw(*argv))


@pytest.mark.parametrize("game", GAMES)
def test_a_position_with_a_huge_seed_names_the_seed(kw: Run, positions: dict[str, Path],
                                                    tmp_path: Path, game: str) -> None:
    data = json.loads(positions[game].read_text())
    data["seed"] = int(HUGE[:4000])
    path = tmp_path / "seed.json"
    path.write_text(json.dumps(data))
    refused(kw("show", str(path)))


# --- replay files ---------------------------------------------------------------------------------
@pytest.fixture
def replays(tmp_path: Path, kw: Run) -> dict[str, dict[str, object]]:
    """A short replay file of each game, as data."""
    out = {}
    for game in GAMES:
        options = ["--option", "races=1"] if game == "formel1" else []
        status, text, _ = kw("play", "--game", game, "--players", "2", "--seed", "2",
                             "--bots", "random", "--replay", *options)
        assert status == 0
        out[game] = json.loads(text)
    return out


def _replay(kw: Run, tmp_path: Path, data: dict[str, object]) -> tuple[int, str, str]:
    path = tmp_path / "replay.json"
    path.write_text(json.dumps(data))
    return kw("replay", str(path))


@pytest.mark.parametrize("field,value,named", [
    ("races", 0, "races"), ("races", 99, "races"), ("races", "3", "races"),
    ("track", "moon", "track"), ("track", ["standard"], "track"), ("track", "m" * 5000, "track"),
    ("variants", [["no_car"]], "variants"), ("variants", ["moon"], "variants"),
    ("variants", [1], "variants"), ("variants", "no_car", "variants"),
    ("variants", ["two_laps_discards", "two_laps_double_deck"], "variants")])
def test_a_formel1_replay_with_bad_settings_names_the_field_at_fault(
        kw: Run, tmp_path: Path, replays: dict[str, dict[str, object]], field: str,
        value: object, named: str) -> None:
    result = _replay(kw, tmp_path, replays["formel1"] | {field: value})
    refused(result, f"bad replay file: {named}")
    assert "actions" not in result[2]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field,value", [
    ("seed", 2**64), ("seed", -1), ("seed", int(HUGE[:4000])), ("players", 99),
    ("actions", [HUGE]), ("actions", ["x" * 5000]), ("actions", [[1]]), ("actions", [2**70]),
    ("actions", "pick")])
def test_a_replay_with_a_bad_field_is_refused_in_one_short_line(
        kw: Run, tmp_path: Path, replays: dict[str, dict[str, object]], game: str,
        field: str, value: object) -> None:
    refused(_replay(kw, tmp_path, replays[game] | {field: value}), field)


# --- the Formel 1 race search on a long race ------------------------------------------------------
def _five_player_no_car_race() -> object:
    """A 5-player no-car Formel 1 game played at random into its first race."""
    import random

    game = find("formel1")
    state = game.new_game(5, 3, variants="no_car")
    rng = random.Random(3)
    while state.phase != "race":
        state.apply(rng.choice(state.legal_action_ids()))
    for _ in range(10):
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def test_kw_solve_on_a_race_deeper_than_pythons_recursion_limit_answers(
        kw: Run, tmp_path: Path) -> None:
    """The race search recurses once per decision: a race longer than the recursion limit
    allows (here the limit is lowered; a race where cards are sold round the table can go on
    and on) is still answered, never an internal error."""
    path = tmp_path / "race.json"
    path.write_text(find("formel1").to_json(_five_player_no_car_race(), 2))  # type: ignore[misc]
    frames = 0
    frame = sys._getframe()
    while frame is not None:
        frames, frame = frames + 1, frame.f_back  # type: ignore[assignment]
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(frames + 60)  # well above the command line's own frames
    try:
        status, out, err = kw("solve", str(path), "--nodes", "3000", "--json")
    finally:
        sys.setrecursionlimit(old)
    assert (status, err) == (0, ""), err
    assert json.loads(out)["game"] == "formel1"


def test_lines_past_the_depth_cut_make_the_answer_an_estimate_and_say_so() -> None:
    from solvers.formel1 import race
    from solvers.formel1.solve import _plan_answer

    state = _five_player_no_car_race()
    plan = race.solve(state, config=race.RaceConfig(max_depth=4, node_budget=50_000))  # type: ignore[arg-type]
    assert plan.status == "bound" and plan.depth_cut == 4
    assert not any(a.proven for a in plan.alternatives)
    assert "cut 4 decisions deep" in plan.status_text() and "estimates" in plan.status_text()
    assert all(len(a.line) <= 4 for a in plan.alternatives)
    answer = _plan_answer(plan)
    assert answer.kind == "bound"
    assert any("cut 4 decisions deep" in c for c in answer.caveats)
    full = race.solve(state, config=race.RaceConfig(node_budget=50_000))  # type: ignore[arg-type]
    assert full.depth_cut == 0


# --- each defence against a huge echo on its own ---------------------------------------------
def test_the_seed_message_itself_shows_only_the_first_digits() -> None:
    import argparse

    from gamecore import cli as core

    with pytest.raises(argparse.ArgumentTypeError) as err:
        core._seed(HUGE)
    assert len(str(err.value)) < 120 and "..." in str(err.value)


def test_the_last_defence_cuts_any_long_word_of_an_error_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    from gamecore import cli as core

    assert core._fail(f"argument --players: invalid value: {HUGE!r}") == 2
    err = capsys.readouterr().err
    assert err.startswith("kw: error: argument --players:") and len(err) < LONGEST_LINE
