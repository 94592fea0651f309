"""Automobiles' replay files through ``kw``: ``kw play --replay``
writes the game's own settings (players, seed, track, the card set as five card ids, laps,
Weaving, drivers, season, sponsors) and every decision; ``kw replay`` plays the file back,
each action checked, and prints the final board; a corrupted file is one line, exit 2."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

import automobiles
from automobiles.game import GAME
from automobiles.serialize import replay_from_json
from automobiles.state import State
from gamecore.errors import PositionError

KW = [sys.executable, "-m", "solvers.cli"]


def _kw(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the real ``kw`` command line in a child process (as a shell would)."""
    return subprocess.run([*KW, *args], capture_output=True, text=True, check=False,
                          cwd=Path(__file__).resolve().parents[2])


def _random_game(s: State, seed: int) -> tuple[State, list[str]]:
    """Random play to the end, chance included; the final state and every decision's text."""
    rng, taken = random.Random(seed), []
    while not s.is_terminal():
        aid = rng.choice(s.legal_action_ids())
        taken.append(str(s.ACTIONS.from_id(aid)))
        s.apply(aid)
    return s, taken


@pytest.fixture(scope="module")
def replay_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``kw play --game automobiles --players 3 --seed 4 --replay > f``."""
    done = _kw("play", "--game", "automobiles", "--players", "3", "--seed", "4", "--replay")
    assert done.returncode == 0 and not done.stderr
    path = tmp_path_factory.mktemp("replay") / "f.json"
    path.write_text(done.stdout)
    return path


def test_kw_replay_prints_the_final_board_of_the_game_kw_play_played(replay_file: Path) -> None:
    shown = _kw("replay", str(replay_file))
    assert shown.returncode == 0 and not shown.stderr
    played = _kw("play", "--game", "automobiles", "--players", "3", "--seed", "4")
    assert played.returncode == 0
    scores = {int(seat): int(score) for seat, score in
              re.findall(r"^Player (\d) \(\w+\)\s+(\d+)$", played.stdout, re.M)}
    assert len(scores) == 3
    state = replay_from_json(replay_file.read_text())
    assert state.is_terminal() and state.scores() == [scores[p] for p in range(3)]
    assert shown.stdout.strip() == GAME.text(state).strip()
    winner = re.search(r"^Winner: (Player \d)", played.stdout, re.M)
    assert winner and f"won by {winner.group(1)}" in shown.stdout


def test_the_replay_file_writes_the_states_own_settings(replay_file: Path) -> None:
    data = json.loads(replay_file.read_text())
    assert (data["game"], data["players"], data["seed"], data["track"], data["laps"]) == \
        ("automobiles", 3, 4, "daytona", 3)
    assert data["cards"] == ["manager", "suspension", "crew_chief", "hybrid_engine",
                             "transmission"]
    assert (data["weaving"], data["drivers"], data["season"], data["sponsors"]) == \
        (False, False, None, False)


@pytest.mark.parametrize("old,new,field", [
    ('"actions": [', '"actions": ["fly to the moon", ', "actions"),
    ('"players": 3', '"players": 9', "players"),
    ('"sponsors": false', '"sponsors": "yes"', "sponsors"),
    ('"weaving": false', '"weaving": 3', "weaving"),
    ('"game": "automobiles", ', '', "format"),  # no game named: read as Kraftwagen's, refused
])
def test_a_corrupted_replay_file_is_one_line_exit_2_naming_the_field(
        replay_file: Path, tmp_path: Path, old: str, new: str, field: str) -> None:
    bad = tmp_path / "bad.json"
    text = replay_file.read_text()
    assert old in text
    bad.write_text(text.replace(old, new, 1))
    done = _kw("replay", str(bad))
    assert done.returncode == 2 and not done.stdout
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert f"bad replay file: {field}" in done.stderr


def test_a_replay_file_cut_short_is_one_line_exit_2(replay_file: Path, tmp_path: Path) -> None:
    bad = tmp_path / "short.json"
    bad.write_text(replay_file.read_text()[:300])
    done = _kw("replay", str(bad))
    assert done.returncode == 2 and not done.stdout
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_a_season_with_sponsors_drivers_weaving_and_a_dealt_card_set_replays_exactly() -> None:
    s = automobiles.new_game(3, seed=11, cards="random", laps=1, weaving=True, drivers=True,
                             season=3, sponsors=True, track="monza")
    s, taken = _random_game(s, 11)
    text = GAME.replay_to_json(s, taken)  # type: ignore[misc]
    data = json.loads(text)
    assert data["cards"] == [automobiles.config_for(2).cards[c].id for c in s.cards]
    assert (data["cards_dealt"], data["weaving"], data["drivers"], data["season"],
            data["sponsors"], data["track"], data["laps"]) == \
        (True, True, True, 3, True, "monza", 1)
    assert GAME.replay_from_json(text) == s  # type: ignore[misc]


def test_a_replay_whose_dealt_cards_differ_from_the_seeds_deal_is_refused() -> None:
    s = automobiles.new_game(2, seed=5, cards="random", laps=1)
    s, taken = _random_game(s, 5)
    data = json.loads(GAME.replay_to_json(s, taken))  # type: ignore[misc]
    data["cards"] = ["car_chief", "aerodynamics", "crew_chief", "diesel_engine", "boost"]
    if [automobiles.config_for(2).cards[c].id for c in s.cards] == data["cards"]:
        data["cards"][0] = "engineer"
    with pytest.raises(PositionError, match="cards"):
        replay_from_json(json.dumps(data))
