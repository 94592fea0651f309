"""``kw puzzles`` with mined puzzles: the listing, ``--check`` (non-zero exit on a tampered
file), ``--mine`` writing a file, and every mistake one plain line."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from solvers import cli, mining

Run = tuple[int, str, str]


@pytest.fixture
def kw(capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Run the full ``kw ARGS...`` in-process."""

    def run(*argv: str) -> Run:
        status = cli.main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return run


def test_the_listing_shows_hand_made_then_mined(kw: Callable[..., Run]) -> None:
    status, plain, err = kw("puzzles", "--game", "formel1")
    assert status == 0 and not err and " mined " not in plain  # today's listing, unchanged
    status, out, err = kw("puzzles", "--game", "formel1", "--mined")
    assert status == 0 and not err
    lines = out.splitlines()
    mined = [line for line in lines if " mined " in line]
    assert lines[:-len(mined)] == plain.splitlines()  # the hand-made ones first, as before
    assert len(mined) == len(mining.load_mined("formel1"))
    assert mined[0].startswith("formel1-m001")


def test_a_mined_puzzle_exports_its_position(kw: Callable[..., Run]) -> None:
    first = mining.load_mined("automobiles")[0]
    status, out, _ = kw("puzzles", "--export", first.name)
    assert status == 0 and json.loads(out)["game"] == "automobiles"


def _shipped_elsewhere(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                       puzzles: list[mining.MinedPuzzle]) -> None:
    game = puzzles[0].game
    path = tmp_path / "mined.json"
    path.write_text(mining.to_json(game, puzzles, "test"), "utf-8")
    monkeypatch.setattr(mining, "shipped_path", lambda g: path)


def test_check_passes_and_fails(kw: Callable[..., Run], monkeypatch: pytest.MonkeyPatch,
                                tmp_path: Path) -> None:
    good = list(mining.load_mined("formel1")[:2])
    _shipped_elsewhere(monkeypatch, tmp_path, good)
    status, out, _ = kw("puzzles", "--check", "--game", "formel1")
    assert status == 0 and "2 of 2 mined puzzles still proven" in out
    bad = dataclasses.replace(good[1], answer=int(good[1].why_not[0]["action"]))
    _shipped_elsewhere(monkeypatch, tmp_path, [good[0], bad])
    status, out, _ = kw("puzzles", "--check", "--game", "formel1")
    assert status != 0
    assert f"FAILED  {bad.name}: the proven best is now" in out
    assert "1 of 2 mined puzzles still proven" in out


def test_mine_writes_the_file_it_names(kw: Callable[..., Run], monkeypatch: pytest.MonkeyPatch,
                                       tmp_path: Path) -> None:
    from solvers.automobiles import mine as rules

    monkeypatch.setattr(rules, "MAX_PER_GAME", 1)
    monkeypatch.setattr(rules, "LADDER", (("random", 800), ("greedy", 1200)))
    out_file = tmp_path / "out.json"
    status, out, err = kw("puzzles", "--mine", "--game", "automobiles", "--games", "1",
                          "--seed", "1", "--out", str(out_file))
    assert status == 0, err
    assert "1 puzzles" in out and f"written to {out_file}" in out
    data = json.loads(out_file.read_text("utf-8"))
    assert data["command"] == "kw puzzles --mine --game automobiles --games 1 --seed 1"
    assert len(mining.read_mined(out_file.read_text("utf-8"))) == 1


@pytest.mark.parametrize("argv,words", [
    (("puzzles", "--mine", "--games", "2"), "--mine needs --game"),
    (("puzzles", "--mine", "--game", "formel1"), "--mine needs --games N"),
    (("puzzles", "--games", "2"), "--games goes with --mine"),
    (("puzzles", "--ship"), "--ship goes with --mine"),
    (("puzzles", "--check", "--export", "x"), "give one of --check, --export"),
    (("puzzles", "--mine", "--mined", "--game", "formel1", "--games", "1"),
     "give one of --mine, --mined"),
    (("puzzles", "--mine", "--game", "nosuch", "--games", "1"), "no game 'nosuch'"),
    (("puzzles", "--check", "--game", "nosuch"), "no game 'nosuch'"),
    (("puzzles", "--mine", "--game", "formel1", "--games", "0", "--replay", "/no/such.json"),
     "cannot read it"),
    (("puzzles", "--mine", "--game", "formel1", "--games", "1", "--out", "/no/such/dir/x.json"),
     "does not exist"),
])
def test_mistakes_are_one_line(kw: Callable[..., Run], argv: tuple[str, ...], words: str
                               ) -> None:
    status, out, err = kw(*argv)
    assert status == 2 and not out
    assert err.count("\n") == 1 and words in err and "Traceback" not in err


def test_a_replay_of_another_game_is_refused(kw: Callable[..., Run], tmp_path: Path) -> None:
    from solvers.review import example_replay

    replay = tmp_path / "game.json"
    replay.write_text(example_replay("automobiles", seed=1), "utf-8")
    status, _, err = kw("puzzles", "--mine", "--game", "formel1", "--games", "0",
                        "--replay", str(replay))
    assert status == 2 and "is a replay of automobiles, not of formel1" in err
