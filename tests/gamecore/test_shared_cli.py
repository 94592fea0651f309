"""The shared command line (gamecore/cli.py): every game through ``python -m gamecore.cli``,
games found through their entry points, only the named game imported, and each game's own
settings, replay files and stopping points taken from its ``Game``."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from gamecore import cli
from gamecore.game import ENTRY_POINTS, available, find
from tests.support.builders import assert_one_error_line

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("kraftwagen", "formel1", "automobiles")


def core(*argv: str) -> subprocess.CompletedProcess[str]:
    """``python -m gamecore.cli ARGV`` in a fresh process."""
    return subprocess.run([sys.executable, "-m", "gamecore.cli", *argv], cwd=ROOT,
                          capture_output=True, text=True, timeout=120, check=False)


@pytest.mark.parametrize("game", GAMES)
def test_the_core_command_makes_a_new_position_of_every_game(game: str) -> None:
    done = core("new", "--game", game, "--players", "2", "--seed", "3")
    assert (done.returncode, done.stderr) == (0, "")
    assert json.loads(done.stdout)["game"] == game


def test_kw_new_imports_only_the_game_it_names() -> None:
    code = ("import sys; from gamecore.cli import main; main(['new', '--game', 'formel1']); "
            "print(sorted(m for m in ('kwcore', 'formel1', 'automobiles', 'solvers') "
            "if m in sys.modules), file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, check=True)
    assert done.stderr.strip() == "['formel1']"


def test_every_game_is_installed_as_an_entry_point() -> None:
    from importlib.metadata import entry_points

    names = {p.name for p in entry_points(group=ENTRY_POINTS)}
    assert set(GAMES) <= names <= set(available())
    for game in GAMES:
        assert find(game).name == game


def test_the_help_names_every_game_with_an_example(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help"], ["new", "--help"], ["play", "--help"], ["replay", "--help"]):
        assert cli.main(argv) == 0
        out = capsys.readouterr().out
        assert all(game in out for game in GAMES), argv
        assert "kw " in out.split("games", 1)[1], argv


def test_kraftwagens_settings_replays_and_stops_come_from_its_game(
        capsys: pytest.CaptureFixture[str]) -> None:
    game = find("kraftwagen")
    assert game.option("hidden_scores").default is False
    assert "car" in game.stops and game.players_word == "companies"
    assert cli.main(["play", "--players", "2", "--seed", "3", "--until", "car"]) == 0
    state = game.from_json(capsys.readouterr().out)
    assert game.stops_at(state, "car")
    assert cli.main(["play", "--players", "2", "--seed", "3", "--replay", "--option",
                     "hidden_scores=true"]) == 0
    replayed = game.replay_from_json(capsys.readouterr().out) if game.replay_from_json else None
    assert replayed is not None and replayed.hidden_scores and replayed.is_terminal()


def test_a_game_without_stopping_points_refuses_until_in_one_line(
        capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["play", "--game", "automobiles", "--until", "car"])
    assert_one_error_line((status, *capsys.readouterr()), "--until", "automobiles")
