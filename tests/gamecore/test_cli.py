"""The ``kw`` core commands (gamecore.cli) on Kraftwagen: every command, every user mistake."""

from __future__ import annotations

import importlib
import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import kwcore
from gamecore import cli
from kwcore.bots import RandomBot, make_bot, play_game
from kwcore.serialize import replay_from_json, replay_to_json
from tests.support.builders import assert_one_error_line

ROOT = Path(__file__).resolve().parents[2]
Run = tuple[int, str, str]
Kw = Callable[..., Run]
Saved = tuple[Path, kwcore.State]  # a position file and its state


@pytest.fixture
def kw(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Kw:
    """Run ``kw ARGS...`` in-process, optionally feeding stdin: (exit status, stdout, stderr)."""

    def run(*argv: str, stdin: str | None = None) -> Run:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = cli.main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return run



def new_position(players: int = 2, seed: int = 7) -> str:
    return kwcore.new_game(players, seed).to_json(indent=2)


@pytest.fixture
def position(tmp_path: Path) -> Path:
    """A 2-company position at the first start-tile choice."""
    path = tmp_path / "pos.json"
    path.write_text(new_position())
    return path


@pytest.fixture
def at_tile_choice(tmp_path: Path) -> tuple[Path, kwcore.State]:
    """A position where a company chooses an action tile, and that state."""
    state = kwcore.new_game(2, 7)
    while state.decision() != "choose_tile":
        state.apply(state.legal_action_ids()[0])
    path = tmp_path / "tile.json"
    path.write_text(state.to_json())
    return path, state


@pytest.fixture
def finished(tmp_path: Path) -> tuple[Path, kwcore.State]:
    """A finished game's position file and state."""
    state = play_game(2, 3, [RandomBot(1), RandomBot(2)])
    path = tmp_path / "end.json"
    path.write_text(state.to_json())
    return path, state


# --- kw new ---------------------------------------------------------------------------------------
def test_new_prints_an_indented_position_that_loads_back(kw: Kw) -> None:
    status, out, err = kw("new", "--players", "3", "--seed", "5")
    assert (status, err) == (0, "")
    assert out.startswith("{\n  ")
    state = kwcore.from_json(out)
    assert state == kwcore.new_game(3, 5)
    assert not state.hidden_scores


def test_new_with_the_hidden_scores_option_selects_the_variant(kw: Kw) -> None:
    status, out, _ = kw("new", "--players", "2", "--seed", "1", "--option", "hidden_scores=yes")
    assert status == 0
    assert kwcore.from_json(out).hidden_scores


def test_the_old_hidden_scores_flag_is_gone(kw: Kw) -> None:
    assert_one_error_line(kw("new", "--hidden-scores"), "unrecognized arguments")


def test_a_hidden_scores_game_replays_as_the_variant(kw: Kw, tmp_path: Path) -> None:
    status, out, _ = kw("play", "--players", "2", "--seed", "3", "--option",
                        "hidden_scores=yes", "--replay")
    assert status == 0 and json.loads(out)["hidden_scores"] is True
    assert replay_from_json(out).hidden_scores


@pytest.mark.parametrize("players", ["1", "5", "two", "-3"])
def test_new_rejects_a_bad_number_of_players(kw: Kw, players: str) -> None:
    assert_one_error_line(kw("new", "--players", players, "--seed", "0"), "--players", "2 to 4")


@pytest.mark.parametrize("seed", ["-1", "x", "1.5"])
def test_new_rejects_a_bad_seed(kw: Kw, seed: str) -> None:
    assert_one_error_line(kw("new", "--players", "2", "--seed", seed), "--seed")


# --- kw show --------------------------------------------------------------------------------------
def test_show_prints_the_board_then_the_last_ten_log_lines(kw: Kw, at_tile_choice: Saved) -> None:
    path, state = at_tile_choice
    status, out, err = kw("show", str(path))
    assert (status, err) == (0, "")
    assert out.startswith(str(state) + "\n")
    tail = out[len(str(state)):].strip().splitlines()
    assert tail[0] == f"Last 10 of {len(state.log())} log lines:"
    assert [line.strip() for line in tail[1:]] == state.log()[-10:]


def test_show_reads_the_position_from_stdin(kw: Kw) -> None:
    status, out, _ = kw("show", "-", stdin=new_position())
    assert status == 0
    assert out.startswith(str(kwcore.new_game(2, 7)) + "\n")


# --- kw legal -------------------------------------------------------------------------------------
def test_legal_prints_one_id_and_text_per_line(kw: Kw, at_tile_choice: Saved) -> None:
    path, state = at_tile_choice
    status, out, _ = kw("legal", str(path))
    assert status == 0
    expected = [f"{a.id}\t{a}" for a in state.legal_actions()]
    assert out.splitlines() == expected


def test_legal_of_a_finished_game_lists_nothing(kw: Kw, finished: Saved) -> None:
    path, _ = finished
    status, out, err = kw("legal", str(path))
    assert (status, out) == (0, "")
    assert "game is over" in err


# --- kw apply -------------------------------------------------------------------------------------
def test_apply_takes_actions_as_text_and_as_ids(kw: Kw, at_tile_choice: Saved) -> None:
    path, state = at_tile_choice
    research = kwcore.parse_action(state, "pick Research")
    status, out, err = kw("apply", str(path), str(research.id))
    assert (status, err) == (0, "")
    by_id = kwcore.from_json(out)
    status, out, _ = kw("apply", str(path), "pick Research")
    assert status == 0
    by_text = kwcore.from_json(out)
    state.apply("pick Research")
    assert by_id == by_text == state


def test_apply_applies_several_actions_in_order(kw: Kw, at_tile_choice: Saved) -> None:
    path, state = at_tile_choice
    status, out, _ = kw("apply", str(path), "pick Research", "research body")
    assert status == 0
    state.apply("pick Research")
    state.apply("research body")
    assert kwcore.from_json(out) == state


def test_apply_with_log_prints_what_happened_to_stderr(kw: Kw, at_tile_choice: Saved) -> None:
    path, state = at_tile_choice
    status, out, err = kw("apply", str(path), "pick Research", "research body", "--log")
    assert status == 0
    before = len(state.log())
    after = kwcore.from_json(out)
    assert err.splitlines() == after.log()[before:]
    assert any("researches" in line for line in err.splitlines())


def test_apply_an_illegal_action_names_the_rule_and_leaves_the_file(
    kw: Kw, at_tile_choice: Saved
) -> None:
    path, _ = at_tile_choice
    before = path.read_bytes()
    assert_one_error_line(kw("apply", str(path), "research body"), "not a choice now", "K1")
    assert path.read_bytes() == before


def test_apply_reports_which_of_several_actions_is_illegal(kw: Kw, at_tile_choice: Saved) -> None:
    path, _ = at_tile_choice
    result = kw("apply", str(path), "pick Research", "research both")
    assert_one_error_line(result, "action 2 of 2", "engineer token", "K6")


def test_apply_an_unparsable_action_says_so(kw: Kw, position: Path) -> None:
    assert_one_error_line(kw("apply", str(position), "pick"), "cannot parse action 'pick'")
    assert_one_error_line(kw("apply", str(position), "fly away"), "cannot parse")


def test_apply_an_id_out_of_range_says_so(kw: Kw, position: Path) -> None:
    assert_one_error_line(kw("apply", str(position), "100000"), "no action has id 100000")


def test_apply_after_the_game_ends_is_illegal(kw: Kw, finished: Saved) -> None:
    path, _ = finished
    assert_one_error_line(kw("apply", str(path), "pass"), "game is over")


def test_apply_needs_at_least_one_action(kw: Kw, position: Path) -> None:
    assert_one_error_line(kw("apply", str(position)), "ACTION")


def test_new_piped_into_apply_through_stdin_chains(kw: Kw) -> None:
    status, out, _ = kw("new", "--players", "2", "--seed", "7")
    assert status == 0
    first = kwcore.from_json(out).legal_actions()[0]
    status, out, _ = kw("apply", "-", str(first), stdin=out)
    assert status == 0
    status, out, _ = kw("apply", "-", "pick Research", stdin=out)
    assert status == 0
    expected = kwcore.new_game(2, 7)
    expected.apply(first)
    expected.apply("pick Research")
    assert kwcore.from_json(out) == expected


# --- kw play --------------------------------------------------------------------------------------
def test_play_prints_the_log_then_scores_and_winner(kw: Kw) -> None:
    status, out, err = kw("play", "--players", "2", "--seed", "3", "--bots", "greedy,random")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].startswith("Setup: ")
    assert "The game ends." in lines
    assert lines[-3].startswith("Green (greedy)")
    assert lines[-2].startswith("Blue (random)")
    assert lines[-1].startswith(("Winner: ", "Winners: "))


def test_play_quiet_prints_only_the_scores(kw: Kw) -> None:
    status, out, _ = kw("play", "--players", "3", "--seed", "1", "--bots", "random", "--quiet")
    assert status == 0
    lines = out.splitlines()
    assert [line.split()[1] for line in lines[:3]] == ["(random)"] * 3
    assert len(lines) == 4 and lines[-1].startswith("Winner")
    state = play_game(3, 1, [make_bot("random", 16 + i) for i in range(3)])
    assert [int(line.split()[-1]) for line in lines[:3]] == state.scores()


def test_play_is_the_same_game_for_the_same_seed(kw: Kw) -> None:
    first = kw("play", "--players", "2", "--seed", "8", "--bots", "random,greedy")
    assert kw("play", "--players", "2", "--seed", "8", "--bots", "random,greedy") == first


def test_play_needs_one_bot_name_per_company_or_one_for_all(kw: Kw) -> None:
    result = kw("play", "--players", "3", "--seed", "1", "--bots", "greedy,random")
    assert_one_error_line(result, "2 bots for 3 companies")


def test_play_rejects_an_unknown_bot(kw: Kw) -> None:
    result = kw("play", "--players", "2", "--seed", "1", "--bots", "greedy,oracle")
    assert_one_error_line(result, "unknown bot 'oracle'", "random, greedy")


def test_play_rejects_a_bad_number_of_players(kw: Kw) -> None:
    assert_one_error_line(kw("play", "--players", "6", "--bots", "random"), "--players")


# --- kw replay ------------------------------------------------------------------------------------
def _replay_file(tmp_path: Path, actions: list[str]) -> Path:
    path = tmp_path / "game.replay.json"
    path.write_text(replay_to_json(2, 4, actions))
    return path


def test_replay_prints_the_final_board(kw: Kw, tmp_path: Path) -> None:
    state = kwcore.new_game(2, 4)
    bots = [RandomBot(1), RandomBot(2)]
    actions = []
    while not state.is_terminal():
        aid = bots[state.current_player].choose(state)
        actions.append(str(kwcore.ACTIONS[aid]))
        state.apply(aid)
    status, out, err = kw("replay", str(_replay_file(tmp_path, actions)))
    assert (status, err) == (0, "")
    assert out == str(state) + "\n"
    assert "game over" in out


def test_replay_reads_stdin(kw: Kw, tmp_path: Path) -> None:
    state = kwcore.new_game(2, 4)
    first = str(state.legal_actions()[0])
    state.apply(first)
    status, out, _ = kw("replay", "-", stdin=replay_to_json(2, 4, [first]))
    assert status == 0
    assert out == str(state) + "\n"


def test_replay_with_an_illegal_action_is_a_bad_replay_file(kw: Kw, tmp_path: Path) -> None:
    path = _replay_file(tmp_path, ["pass"])
    assert_one_error_line(kw("replay", str(path)), "bad replay file", "actions")


def test_replay_of_a_position_file_is_refused(kw: Kw, position: Path) -> None:
    assert_one_error_line(kw("replay", str(position)), "kraftwagen-replay")


# --- files and positions that cannot be read ------------------------------------------------------
@pytest.mark.parametrize("command", ["show", "legal", "replay"])
def test_a_missing_file_is_one_error_line(kw: Kw, tmp_path: Path, command: str) -> None:
    missing = tmp_path / "missing.json"
    assert_one_error_line(kw(command, str(missing)), "cannot read", "No such file")


def test_a_missing_file_to_apply_is_one_error_line(kw: Kw, tmp_path: Path) -> None:
    assert_one_error_line(kw("apply", str(tmp_path / "nope.json"), "pass"), "cannot read")


def test_a_directory_is_not_a_position(kw: Kw, tmp_path: Path) -> None:
    assert_one_error_line(kw("show", str(tmp_path)), "cannot read")


def test_a_binary_file_is_not_a_position(kw: Kw, tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert_one_error_line(kw("legal", str(path)), "cannot read", "UTF-8")


@pytest.mark.parametrize("text", ["", "{", "not json at all", "[1, 2"])
def test_text_that_is_not_json_is_one_error_line(kw: Kw, text: str) -> None:
    assert_one_error_line(kw("show", "-", stdin=text), "bad position", "not JSON")


def test_a_malformed_position_names_the_field_at_fault(kw: Kw) -> None:
    data = json.loads(new_position())
    del data["market"]
    assert_one_error_line(kw("legal", "-", stdin=json.dumps(data)), "bad position", "market")
    assert_one_error_line(kw("legal", "-", stdin="[]"), "bad position")


def test_an_inconsistent_position_names_the_field_at_fault(kw: Kw) -> None:
    data = json.loads(new_position())
    data["companies"][0]["reputation"] = 12  # the score parts no longer add up
    result = kw("apply", "-", "pass", stdin=json.dumps(data))
    assert_one_error_line(result, "bad position", "companies/0/score_parts")


# --- the command line itself ----------------------------------------------------------------------
def test_no_command_is_one_error_line(kw: Kw) -> None:
    assert_one_error_line(kw(), "COMMAND")


def test_an_unknown_command_is_one_error_line(kw: Kw) -> None:
    assert_one_error_line(kw("fly"), "invalid choice: 'fly'")


def test_help_exits_zero(kw: Kw) -> None:
    status, out, _ = kw("--help")
    assert status == 0
    assert "replay" in out


def test_ctrl_c_exits_130_with_one_line(kw: Kw, monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli, "play_game", interrupted)
    status, out, err = kw("play", "--players", "2", "--bots", "random")
    assert (status, out, err) == (130, "", "kw: interrupted\n")


def test_the_module_run_as_a_program_shows_no_traceback() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "gamecore.cli", "apply", "-", "research body"],
        input=new_position(), capture_output=True, text=True, cwd=ROOT, env=env, timeout=60,
        check=False,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith("kw: error: ") and done.stderr.count("\n") == 1
    assert "Traceback" not in done.stderr


def test_play_replay_prints_a_replay_file_that_replays_the_same_game(kw: Kw) -> None:
    """serialize: a replay file (setup seed + actions) reproduces a whole game."""
    code, out, _ = kw("play", "--players", "2", "--seed", "3", "--bots", "greedy,random",
                      "--replay")
    assert code == 0
    replayed = replay_from_json(out)
    assert replayed.is_terminal()
    code, quiet, _ = kw("play", "--players", "2", "--seed", "3", "--bots", "greedy,random",
                        "--quiet")
    scores = [int(line.split()[-1]) for line in quiet.splitlines() if ")" in line
              and not line.startswith("Winner")]
    assert replayed.scores() == scores


# --- hostile files -------------------------------------------------------------
@pytest.mark.parametrize("command", ["show", "legal", "apply"])
def test_dev_zero_stops_at_the_size_limit_with_one_line(kw: Kw, command: str) -> None:
    args = [command, "/dev/zero"] + (["pass"] if command == "apply" else [])
    assert_one_error_line(kw(*args), "'/dev/zero'", "larger than 1,000,000 bytes")


def test_a_file_that_is_not_utf8_is_one_line(kw: Kw, tmp_path: Path) -> None:
    path = tmp_path / "bin.json"
    path.write_bytes(b'{"format": "\xff\xfe"}')
    assert_one_error_line(kw("show", str(path)), "not UTF-8 text (byte 12)")


@pytest.mark.parametrize("text", ["[" * 50_000, '{"seed": 1' + "0" * 5000 + "}", "\x00" * 10])
def test_hostile_text_is_one_line_in_a_real_process(tmp_path: Path, text: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    run = subprocess.run([sys.executable, "-m", "gamecore.cli", "show", str(path)],
                         capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert_one_error_line((run.returncode, run.stdout, run.stderr), "bad position")


def test_stdin_bytes_over_the_limit_are_one_line(tmp_path: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "gamecore.cli", "show", "-"],
                         input=b" " * 1_000_001, capture_output=True, cwd=ROOT, timeout=60)
    assert_one_error_line((run.returncode, run.stdout.decode(), run.stderr.decode()),
                          "<stdin>", "larger than")


def test_a_defect_of_ours_is_one_line_not_a_traceback(
    kw: Kw, position: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(state: kwcore.State) -> str:
        raise IndexError("tuple index out of range")

    import kwcore.render

    monkeypatch.setattr(kwcore.render, "text_board", broken)  # what kw show draws the board with
    status, out, err = kw("show", str(position))
    assert status == 1 and out == "" and err.count("\n") == 1
    assert err.startswith("kw: error: internal error, please report it: IndexError")


# --- kw play --until -----------------------------------------------------------
def test_play_until_market_prints_the_position_at_the_first_market_step(kw: Kw) -> None:
    status, out, err = kw("play", "--players", "3", "--seed", "7", "--until", "market")
    assert status == 0 and err == ""
    state = kwcore.from_json(out)
    assert state.decision() == "market" and state.players == 3
    again = kw("play", "--players", "3", "--seed", "7", "--until", "market")[1]
    assert again == out  # seeded bots: the same position every time


def test_play_until_car_stops_where_a_car_can_be_placed(kw: Kw) -> None:
    from kwcore.rules import can_place_car

    status, out, _ = kw("play", "--players", "2", "--seed", "3", "--until", "car")
    state = kwcore.from_json(out)
    assert status == 0 and can_place_car(state, state.current_player)
    assert any(str(a).startswith("car body") for a in state.legal_actions())


def test_play_until_output_is_what_kw_price_reads(tmp_path: Path) -> None:
    from solvers import cli as full

    path = tmp_path / "pos.json"
    bots = [make_bot("greedy", 7 * 16 + i) for i in range(3)]
    state = cli.play_until(kwcore.GAME, 3, 7, bots, "market")
    path.write_text(state.to_json())
    assert full.main(["price", str(path)]) == 0


def test_play_until_refuses_replay_and_unknown_decisions(kw: Kw) -> None:
    assert_one_error_line(kw("play", "--until", "market", "--replay"), "--until", "--replay")
    assert_one_error_line(kw("play", "--until", "lunch"), "--until", "'lunch'", "car")


# --- other games -----------------------------------------------------------------------
def test_the_core_kw_makes_and_reads_positions_of_any_registered_game(kw: Kw,
                                                                      tmp_path: Path) -> None:
    from tests import toygame

    status, out, err = kw("new", "--game", "toy", "--players", "2", "--seed", "3")
    assert (status, err) == (0, "")
    assert toygame.from_json(out) == toygame.new_game(2, 3)
    path = tmp_path / "toy.json"
    path.write_text(out)
    status, out, _ = kw("legal", str(path))
    assert (status, out) == (0, "0\troll\n")


def test_the_core_kw_knows_only_registered_games(kw: Kw) -> None:
    # the registered games: which ones depends on what this process imported before
    assert_one_error_line(kw("play", "--game", "chess"), "argument --game",
                          "unknown game 'chess' (known games: ", "kraftwagen")


def test_the_game_defaults_to_kraftwagen(kw: Kw) -> None:
    status, out, _ = kw("new", "--seed", "2")
    assert status == 0 and kwcore.from_json(out) == kwcore.new_game(4, 2)


# --- kw new --option: each game's own settings -----------------------------------------
def test_new_with_options_builds_a_season_of_automobiles_that_loads_back(kw: Kw,
                                                                         tmp_path: Path) -> None:
    import automobiles
    import gamecore

    status, out, err = kw("new", "--game", "automobiles", "--players", "4", "--seed", "3",
                          "--option", "season=3", "--option", "sponsors=true",
                          "--option", "drivers=yes", "--option", "weaving=on",
                          "--option", "cards=random", "--option", "laps=2")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["races"] == 3 and data["sponsored"] is True and data["weaving"] is True
    assert data["laps"] == 2 and len(data["drivers"]) == 4 and len(data["cards"]) == 5
    state = gamecore.load_position(out)
    assert state == automobiles.new_game(4, 3, season=3, sponsors=True, drivers=True,
                                         weaving=True, cards="random", laps=2)
    path = tmp_path / "season.json"
    path.write_text(out)
    status, shown, _ = kw("show", str(path))
    assert status == 0 and shown.startswith(str(state))


def test_new_takes_a_card_set_as_five_card_names(kw: Kw) -> None:
    import automobiles
    from automobiles.config import config_for

    cfg = config_for(2)
    chosen = cfg.card_sets["base_second"]
    names = ", ".join(cfg.cards[i].en for i in reversed(chosen))  # any order (AU-08)
    status, out, err = kw("new", "--game", "automobiles", "--players", "2",
                          "--option", f"cards={names}", "--option", "track=monza")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["cards"] == [cfg.cards[i].id for i in chosen] and data["track"] == "monza"
    assert data == json.loads(automobiles.new_game(2, 0, cards="base_second",
                                                   track="monza").to_json())


def test_new_without_options_is_the_games_standard_race(kw: Kw) -> None:
    import automobiles
    import gamecore

    status, out, _ = kw("new", "--game", "automobiles", "--players", "3", "--seed", "1")
    assert status == 0
    state = gamecore.load_position(out)
    assert state == automobiles.new_game(3, 1) and state.races == 1 and not state.weaving


def test_new_with_options_builds_that_game_of_formel1(kw: Kw) -> None:
    import formel1

    status, out, err = kw("new", "--game", "formel1", "--players", "3", "--seed", "2",
                          "--option", "races=1", "--option", "track=new",
                          "--option", "variants=white321, no_car")
    assert (status, err) == (0, "")
    state = formel1.from_json(out)
    assert (state.races, state.track, state.variants) == (1, "new", ("no_car", "white321"))
    assert state == formel1.new_game(3, 2, races=1, track="new", variants=("white321", "no_car"))


@pytest.mark.parametrize("game", ["automobiles", "formel1"])
def test_list_options_prints_each_option_with_its_default_and_help(kw: Kw, game: str) -> None:
    import gamecore

    importlib.import_module(game)  # registers the game
    status, out, err = kw("new", "--game", game, "--list-options")
    assert (status, err) == (0, "")
    lines = out.splitlines()
    options = gamecore.get(game).options
    assert len(lines) == 1 + len(options) and "--option NAME=VALUE" in lines[0]
    for option, line in zip(options, lines[1:], strict=True):
        default = str(option.default).lower() if isinstance(option.default, bool) \
            else str(option.default)
        assert line.split()[0] == f"{option.name}={default}"
        assert option.help in line


def test_list_options_of_kraftwagen_lists_its_hidden_scores_variant(kw: Kw) -> None:
    status, out, _ = kw("new", "--list-options")
    assert status == 0 and "hidden_scores=false" in out


def test_new_help_points_to_each_games_options(kw: Kw) -> None:
    status, out, _ = kw("new", "--help")
    assert status == 0
    assert "--option NAME=VALUE" in out and "--list-options" in out


@pytest.mark.parametrize(("game", "option", "fragments"), [
    ("automobiles", "speed=3", ("automobiles has no option 'speed'", "season, sponsors")),
    ("automobiles", "season=2", ("season", "3 to 10")),
    ("automobiles", "season=three", ("season is a whole number", "'three'")),
    ("automobiles", "weaving=maybe", ("weaving is true or false", "'maybe'")),
    ("automobiles", "laps=9", ("laps", "1 to 8")),
    ("automobiles", "laps=--3", ("laps is a whole number", "'--3'")),
    ("automobiles", "cards=mine", ("card set 'mine'",)),
    ("automobiles", "cards=Manager,Engineer", ("five cards",)),
    ("automobiles", "track=le_mans", ("track 'le_mans'",)),
    ("automobiles", "sponsors=true", ("sponsors", "season=N")),
    ("automobiles", "season", ("NAME=VALUE expected", "'season'")),
    ("automobiles", "=3", ("NAME=VALUE expected",)),
    ("formel1", "variants=fast", ("variant 'fast'",)),
    ("formel1", "variants=two_laps_discards,two_laps_double_deck", ("two-lap",)),
    ("formel1", "races=0", ("races", "1 to 10")),
    ("formel1", "season=3", ("formel1 has no option 'season'", "races, track, variants")),
    ("kraftwagen", "season=3", ("kraftwagen has no option 'season'",)),
])
def test_new_refuses_a_bad_option_in_one_line(kw: Kw, game: str, option: str,
                                              fragments: tuple[str, ...]) -> None:
    importlib.import_module(game if game != "kraftwagen" else "kwcore")  # registers the game
    assert_one_error_line(kw("new", "--game", game, "--players", "2", "--option", option),
                          "argument --option", *fragments)


def test_new_refuses_an_option_given_twice(kw: Kw) -> None:
    import automobiles  # noqa: F401 - registers the game

    assert_one_error_line(kw("new", "--game", "automobiles", "--option", "laps=2",
                             "--option", "laps=3"), "argument --option", "laps is given twice")


def test_play_with_options_plays_that_variant_and_its_replay_file_plays_back(
        kw: Kw, tmp_path: Path) -> None:
    import automobiles  # noqa: F401 - registers the game

    status, out, err = kw("play", "--game", "automobiles", "--players", "2", "--seed", "4",
                          "--option", "laps=1", "--option", "drivers=yes",
                          "--option", "house_drivers_single_race=yes",
                          "--option", "weaving=yes", "--replay")
    assert (status, err) == (0, "")
    data = json.loads(out)
    assert data["laps"] == 1 and data["drivers"] is True and data["weaving"] is True
    path = tmp_path / "race.json"
    path.write_text(out)
    status, board, _ = kw("replay", str(path))
    assert status == 0 and board
    plain = json.loads(kw("play", "--game", "automobiles", "--players", "2", "--seed", "4",
                          "--option", "laps=1", "--replay")[1])
    assert plain["drivers"] is False and plain["actions"] != data["actions"]


@pytest.mark.parametrize("game, option", [("automobiles", "sponsors=yes"),
                                          ("kraftwagen", "season=3")])
def test_play_refuses_a_bad_option_in_one_line(kw: Kw, game: str, option: str) -> None:
    importlib.import_module(game if game != "kraftwagen" else "kwcore")  # registers the game
    assert_one_error_line(kw("play", "--game", game, "--players", "2", "--option", option),
                          "argument --option")


def test_the_cli_options_page_documents_every_games_options() -> None:
    import automobiles  # noqa: F401 - registers the game
    import formel1  # noqa: F401 - registers the game
    import gamecore

    page = (ROOT / "docs" / "cli-options.md").read_text()
    for name in ("automobiles", "formel1"):
        game = gamecore.get(name)
        section = page.split(f"\n## {game.title}\n")[1].split("\n## ")[0]
        assert {option.name for option in game.options} == \
            set(re.findall(r"^\| `(\w+)` \|", section, re.M))
