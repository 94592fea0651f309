"""``kw`` on the racing games: a new position, the board, the legal
actions, an action applied, a whole bot game, each a plain command of the shared command line
with the game named by ``--game`` or read from the file's ``game`` field."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable

import pytest

from solvers import cli

Run = tuple[int, str, str]


@pytest.fixture
def kw(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
       ) -> Callable[..., Run]:
    """Run the full ``kw ARGS...`` in-process, optionally feeding stdin."""

    def run(*argv: str, stdin: str | None = None) -> Run:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = cli.main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return run


@pytest.mark.parametrize("game,players", [("formel1", 5), ("automobiles", 3)])
def test_new_show_legal_and_apply_chain(kw: Callable[..., Run], game: str, players: int) -> None:
    status, position, err = kw("new", "--game", game, "--players", str(players), "--seed", "3")
    assert status == 0 and not err
    data = json.loads(position)
    assert data["game"] == game and data["players"] == players
    status, board, _ = kw("show", "-", stdin=position)
    assert status == 0 and board.strip()
    status, legal, _ = kw("legal", "-", stdin=position)
    assert status == 0
    first = legal.splitlines()[0].split("\t")[1]
    status, after, _ = kw("apply", "-", first, stdin=position)
    assert status == 0
    assert json.loads(after)["game"] == game and after != position


@pytest.mark.parametrize("game,players", [("formel1", 3), ("automobiles", 2)])
def test_a_whole_bot_game_is_played(kw: Callable[..., Run], game: str, players: int) -> None:
    status, out, err = kw("play", "--game", game, "--players", str(players), "--seed", "1",
                          "--bots", "greedy,random" if players == 2 else "greedy,random,greedy",
                          "--quiet")
    assert status == 0 and not err and out.strip()


def test_an_illegal_action_is_one_line_naming_it(kw: Callable[..., Run]) -> None:
    _, position, _ = kw("new", "--game", "formel1", "--players", "3", "--seed", "3")
    status, out, err = kw("apply", "-", "bid 5", stdin=position)
    assert status == 2 and not out
    assert err.count("\n") == 1 and err.startswith("kw: error:")
