"""``kw`` on Formel 1's replay files: ``kw play --game formel1 --replay``
writes one through the game's registered writer and ``kw replay`` plays it back through its
reader; a bad replay file is one error line; ``kw apply --log`` prints a card's line as it
grows."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import formel1
from solvers import cli
from tests.support.builders import assert_one_error_line

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


def greedy_game(players: int, seed: int) -> formel1.State:
    """The game ``kw play --game formel1`` plays: greedy bots seeded ``seed * 16 + seat``."""
    bots = [formel1.GAME.make_bot("greedy", seed * 16 + p) for p in range(players)]
    s = formel1.new_game(players, seed)
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    return s


@pytest.fixture(scope="module")
def replay_text() -> str:
    """``kw play --game formel1 --players 4 --seed 3 --replay``'s output (one game, shared)."""
    out = io.StringIO()
    old, sys.stdout = sys.stdout, out
    try:
        assert cli.main(["play", "--game", "formel1", "--players", "4", "--seed", "3",
                         "--replay"]) == 0
    finally:
        sys.stdout = old
    return out.getvalue()


def test_kw_replay_prints_the_final_board_of_the_game_kw_play_played(
        kw: Callable[..., Run], replay_text: str, tmp_path: Path) -> None:
    game = greedy_game(4, 3)
    data = json.loads(replay_text)
    assert (data["game"], data["players"], data["seed"], data["races"]) == ("formel1", 4, 3, 3)
    path = tmp_path / "f"
    path.write_text(replay_text)
    status, out, err = kw("replay", str(path))
    assert (status, err) == (0, "")
    assert out == str(game) + "\n" and "Game over, won by" in out
    assert kw("replay", "-", stdin=replay_text)[1] == out


@pytest.mark.parametrize(("change", "fragments"), [
    (lambda d: d["actions"].__setitem__(5, "bid 5"), ("bad replay file", "actions", "bid 5")),
    (lambda d: d["actions"].__setitem__(9, "fly away"), ("actions", "cannot parse")),
    (lambda d: d["actions"].__setitem__(2, {"bid": 30}), ("actions", "not an action")),
    (lambda d: d.__setitem__("players", 9), ("players", "2 to 6")),
    (lambda d: d.__setitem__("seed", "three"), ("seed", "expected a whole number, not 'three'")),
    (lambda d: d.__setitem__("track", "moon"), ("track", "unknown track 'moon'")),
    (lambda d: d.__setitem__("races", 0), ("races", "a game has 1 to 10 races")),
    (lambda d: d.__setitem__("variants", ["rain"]), ("variants/0", "'rain' is no variant")),
    (lambda d: d.__setitem__("format", "formel1-position"), ("format",)),
    (lambda d: d.__setitem__("game", "chess"), ("game", "unknown game 'chess'")),
])
def test_a_corrupted_replay_file_is_one_error_line(kw: Callable[..., Run], replay_text: str,
                                                   change: Callable[[dict[str, object]], None],
                                                   fragments: tuple[str, ...]) -> None:
    data = json.loads(replay_text)
    change(data)
    assert_one_error_line(kw("replay", "-", stdin=json.dumps(data)), *fragments)


def test_a_cut_or_empty_replay_file_is_one_error_line(kw: Callable[..., Run],
                                                      replay_text: str) -> None:
    assert_one_error_line(kw("replay", "-", stdin=replay_text[:len(replay_text) // 2]),
                          "bad replay file")
    assert_one_error_line(kw("replay", "-", stdin=""), "bad replay file")


def test_a_replay_that_stops_early_prints_the_board_where_it_stopped(
        kw: Callable[..., Run], replay_text: str) -> None:
    data = json.loads(replay_text)
    data["actions"] = data["actions"][:3]
    status, out, _ = kw("replay", "-", stdin=json.dumps(data))
    assert status == 0 and "race 1 of 3" in out and "Game over" not in out


def test_a_formel1_position_is_not_a_replay_file(kw: Callable[..., Run]) -> None:
    position = formel1.new_game(3, 1).to_json()
    assert_one_error_line(kw("replay", "-", stdin=position), "bad replay file", "format")


def test_kw_apply_log_prints_the_line_of_the_card_as_it_grows(kw: Callable[..., Run]) -> None:
    s = formel1.new_game(3, 5, races=1)
    while not (s.phase == "race" and s.card == -1):
        s.apply(s.legal_action_ids()[0])
    card = next(str(a) for a in s.legal_actions()
                if (child := s.child(a)).card != -1 and child.pending[0] == 0)
    status, after, err = kw("apply", "-", card, "--log", stdin=s.to_json())
    assert status == 0 and err == f"Player {s.turn} plays {card[5:]}.\n"
    moved = formel1.from_json(after)
    end = str(moved.legal_actions()[0])
    status, _, err = kw("apply", "-", end, "--log", stdin=after)
    moved.apply(end)
    assert status == 0 and err == moved.log()[-1] + "\n"
    assert err.startswith(f"Player {s.turn} plays {card[5:]}: ")
