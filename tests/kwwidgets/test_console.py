"""The teacher's console (kwwidgets.console) and the class's lock of the workshops' solutions
(kwwidgets.solutions): who has submitted, rounds that accumulate, Stop, the leaderboard and its
export, and "Show the solution" before and after the teacher's time."""

from __future__ import annotations

import csv
import json
import multiprocessing
import os
import time
from datetime import datetime, timedelta
from pathlib import Path

import psutil
import pytest
from hypothesis import given
from hypothesis import strategies as st

from kwwidgets.console import LEADERBOARD, RESULTS, TeacherConsole, parse_clock
from kwwidgets.solutions import (
    CLASS_ENV,
    LOCK_FILE,
    Solution,
    SolutionBox,
    locked_message,
    show,
)
from solvers import tournament

FIRST = "def choose(state):\n    return state.legal_action_ids()[0]\n"
LAST = "def choose(state):\n    return state.legal_action_ids()[-1]\n"
RAISES = "def choose(state):\n    raise RuntimeError('lost my way')\n"
NO_CHOOSE = "x = 1\n"
ROOT = Path(__file__).resolve().parents[2]


def hand_in(folder: Path, participant: str, text: str, name: str = "my_bot.py") -> Path:
    """A participant's bot where "Test my bot" saves it under ``make workshop``."""
    path = folder / "homes" / participant / "notebooks" / "my_bots" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture
def small_class(tmp_path: Path) -> Path:
    hand_in(tmp_path, "ada", FIRST)
    hand_in(tmp_path, "bob", RAISES)
    hand_in(tmp_path, "cleo", NO_CHOOSE)
    hand_in(tmp_path, "cleo", FIRST, "_draft.py")  # a leading underscore: not a bot
    (tmp_path / "homes" / "dan").mkdir()
    return tmp_path


def console(folder: Path, **settings: object) -> TeacherConsole:
    """A console for quick rounds: Kraftwagen at 3 seats, the random bot alone on the ladder."""
    options: dict[str, object] = {"ladder": ("random",), "players": 3, "games": 3,
                                  "move_seconds": 5.0, "seed": 11}
    options.update(settings)
    return TeacherConsole(folder, **options)  # type: ignore[arg-type]


def test_the_console_lists_each_participants_bots_with_the_quick_check(
        small_class: Path) -> None:
    c = console(small_class)
    listed = {(s.participant, s.path.name): s for s in c.submissions}
    assert set(listed) == {("ada", "my_bot.py"), ("bob", "my_bot.py"), ("cleo", "my_bot.py")}
    assert listed["ada", "my_bot.py"].ready and listed["bob", "my_bot.py"].ready  # bob loads
    cleo = listed["cleo", "my_bot.py"]
    assert not cleo.ready and "defines no choose(state) function" in cleo.problem
    assert listed["ada", "my_bot.py"].entry == "ada_my_bot.py"
    page = c.submitted.value
    assert "not ready: could not be loaded: it defines no choose" in page
    assert "dan" in page and "no bot yet" in page
    assert "_draft.py" not in page


def test_rounds_accumulate_in_one_saved_file_with_ratings_over_all_of_them(
        small_class: Path) -> None:
    c = console(small_class)
    assert c.run_round() == 3
    assert c.wait(300)
    assert c.run_round() == 3
    assert c.wait(300)
    saved = tournament.load(small_class / RESULTS)
    assert [g.index for g in saved.games] == list(range(6))
    assert saved.games == tuple(c.games)
    rounds = json.loads((small_class / RESULTS).read_text(encoding="utf-8"))["rounds"]
    assert [(r["round"], r["seed"], r["played"], r["stopped"]) for r in rounds] == [
        (1, 11, 3, False), (2, 12, 3, False)]
    # the round plays copies of the ready bots only: cleo's file does not load
    assert {Path(b).name for b in saved.bots} == {"ada_my_bot.py", "bob_my_bot.py", "random"}
    assert saved.games[:3] != saved.games[3:]  # round 2 is dealt anew
    rows = c.show_leaderboard()
    rated = tournament.ratings(saved)
    assert [r["bot"] for r in rows] == [Path(r.bot).name for r in rated]
    assert [r["games"] for r in rows] == [6, 6, 6]
    assert "bob_my_bot.py lost 6 games" in c.board.value
    assert "RuntimeError: lost my way" in c.board.value
    again = console(small_class)  # a new console (a restarted kernel) finds the rounds
    assert again.games == c.games and len(again.rounds) == 2


def test_stop_ends_the_round_after_the_game_in_play_and_leaves_no_process(
        small_class: Path) -> None:
    began = time.time()
    c = console(small_class, games=60)
    assert c.run_round() == 60
    deadline = time.monotonic() + 300
    while c.progress.value < 1 and time.monotonic() < deadline:
        time.sleep(0.2)
    c.stop()
    assert c.wait(300)
    played = len(c.games)
    assert 1 <= played < 60
    assert c.rounds[-1]["played"] == played and c.rounds[-1]["stopped"] is True
    assert len(tournament.load(small_class / RESULTS).games) == played
    assert "stopped" in c.message.value
    assert multiprocessing.active_children() == []
    # multiprocessing's resource tracker lives as long as this process, by design
    assert [cmd for cmd in _children_since(began) if "resource_tracker" not in " ".join(cmd)] \
        == []
    assert not c.run_button.disabled and c.stop_button.disabled  # the buttons are back


def _children_since(began: float) -> list[list[str]]:
    """This process's child processes, each by its command line: every one still running, and
    every one that has ended but was not reaped (a zombie) if it started after ``began``. A
    zombie from before is another test's: it runs nothing and has no command line to show."""
    left = []
    for child in psutil.Process(os.getpid()).children(recursive=True):
        try:
            left.append(child.cmdline())
        except psutil.ZombieProcess:
            if child.create_time() >= began - 1:  # the clock ticks of /proc: 1 s is plenty
                left.append([f"(an ended process not reaped, pid {child.pid})"])
        except psutil.NoSuchProcess:
            pass  # ended and reaped between the listing and the question
    return left


def test_a_second_round_is_refused_while_one_runs(small_class: Path) -> None:
    c = console(small_class, games=30)
    assert c.run_round() == 30
    try:
        assert c.run_round() == 0
        assert "A round is being played" in c.message.value
    finally:
        c.stop()
        assert c.wait(300)


def test_bad_settings_or_other_saved_games_are_refused_with_the_field_named(
        small_class: Path) -> None:
    c = console(small_class, games=4)  # not a multiple of 3 seats
    assert c.run_round() == 0
    assert "The round cannot start" in c.message.value and "multiple of 3" in c.message.value
    c.games_per_round.value = 3
    c.run_round()
    assert c.wait(300)
    c.players.value = 2
    assert c.run_round() == 0
    assert "Game and players" in c.message.value and len(c.games) == 3


def test_a_round_whose_results_cannot_be_saved_ends_and_says_so(small_class: Path) -> None:
    (small_class / "class" / "results.json.draft").mkdir(parents=True)  # no file can go there
    c = console(small_class)
    assert c.run_round() == 3
    assert c.wait(300)
    assert "ended by an error" in c.message.value and "IsADirectoryError" in c.message.value
    assert "not saved in" in c.message.value  # never "saved" when it was not
    assert not c.run_button.disabled and c.stop_button.disabled  # the buttons are back


def test_unreadable_saved_results_are_never_overwritten(small_class: Path) -> None:
    path = small_class / RESULTS
    path.parent.mkdir(parents=True)
    path.write_text("{not json", encoding="utf-8")
    c = console(small_class)
    assert "cannot be read" in c.error
    assert c.run_round() == 0
    assert path.read_text(encoding="utf-8") == "{not json"


def test_the_exported_csv_is_the_ratings_of_the_saved_games(small_class: Path) -> None:
    c = console(small_class)
    assert c.export() is None  # nothing yet
    c.run_round()
    assert c.wait(300)
    exported = c.export()
    assert exported == (small_class / LEADERBOARD, small_class / RESULTS)
    with exported[0].open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    rated = tournament.ratings(tournament.load(exported[1]))
    assert [r["bot"] for r in rows] == [Path(r.bot).name for r in rated]
    for row, r in zip(rows, rated, strict=True):
        assert float(row["mu"]) == pytest.approx(r.mu, abs=1e-3)
        assert float(row["sigma"]) == pytest.approx(r.sigma, abs=1e-3)
        assert float(row["interval_low"]) == pytest.approx(r.interval[0], abs=1e-3)
        assert int(row["games"]) == r.games
    bob = next(row for row in rows if row["bot"] == "bob_my_bot.py")
    assert bob["games_lost_by_fault"] == "3" and "RuntimeError" in bob["first_fault"]
    assert next(row for row in rows if row["bot"] == "random")["kind"] == "built-in"



def test_an_export_that_cannot_be_written_says_so_and_keeps_the_last_one(
        small_class: Path) -> None:
    c = console(small_class)
    c.run_round()
    assert c.wait(300)
    first = c.export()
    assert first is not None
    before = first[0].read_bytes()
    first[0].with_name(first[0].name + ".part").mkdir()  # the new file cannot be made
    assert c.export() is None
    assert "could not be written" in c.message.value
    assert first[0].read_bytes() == before

# --- the lock of the solutions --------------------------------------------------------------------
def solution_box() -> SolutionBox:
    return show(Solution("2.1", "Price the car at 7 thousand.", ("margin 3",)))


def test_solutions_are_locked_until_the_teachers_time_then_shown(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLASS_ENV, str(tmp_path))
    c = TeacherConsole(tmp_path)
    later = datetime.now().astimezone() + timedelta(hours=1)
    assert c.reveal_at(later) == later
    box = solution_box()
    box.reveal()
    assert not box.shown and box.body.value == ""
    assert f"unlocks them at {later.strftime('%H:%M')}" in box.message.value
    assert locked_message(now=later + timedelta(seconds=1), folder=tmp_path) == ""
    assert "Locked until" in c.lock_status.value
    c.reveal_now()
    box.reveal()
    assert box.shown and "7 thousand" in box.body.value
    assert box.message.value == ""
    c.lock()
    box.reveal()  # hiding is always allowed
    assert not box.shown
    box.reveal()
    assert not box.shown
    assert "has not set a time" in box.message.value


def test_a_reveal_time_is_read_as_hh_mm_today_and_a_bad_one_changes_nothing(
        tmp_path: Path) -> None:
    now = datetime(2026, 12, 2, 18, 0).astimezone()
    assert parse_clock("19:30", now) == now.replace(hour=19, minute=30)
    c = TeacherConsole(tmp_path)
    c.lock()
    before = (tmp_path / LOCK_FILE).read_text(encoding="utf-8")
    for bad in ("7pm", "24:00", "19:60", ""):
        c.reveal_time.value = bad
        assert c.reveal_at() is None
        assert "Reveal time: give it as HH:MM" in c.message.value
    assert (tmp_path / LOCK_FILE).read_text(encoding="utf-8") == before


def test_a_reveal_time_already_past_says_the_solutions_are_unlocked_now(
        tmp_path: Path) -> None:
    c = TeacherConsole(tmp_path)
    past = datetime.now().astimezone() - timedelta(minutes=30)
    assert c.reveal_at(past) == past
    assert locked_message(folder=tmp_path) == ""
    assert "has passed" in c.message.value and "unlocked for everyone now" in c.message.value
    assert "unlock at" not in c.message.value
    future = datetime.now().astimezone() + timedelta(hours=2)
    c.reveal_at(future)
    assert "unlock at" in c.message.value and locked_message(folder=tmp_path)


@pytest.mark.parametrize("text", ["{half", "[]", '{"reveal_at": "soon"}',
                                  '{"reveal_at": "2026-12-02T19:30:00"}', '{"other": 1}'])
def test_a_malformed_lock_file_keeps_the_solutions_locked_and_says_so(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    monkeypatch.setenv(CLASS_ENV, str(tmp_path))
    (tmp_path / LOCK_FILE).parent.mkdir(parents=True)
    (tmp_path / LOCK_FILE).write_text(text, encoding="utf-8")
    box = solution_box()
    box.reveal()
    assert not box.shown
    assert "lock file cannot be read" in box.message.value
    assert "Locked:" in TeacherConsole(tmp_path).lock_status.value


def test_without_a_lock_file_or_outside_a_class_solutions_show_as_before(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CLASS_ENV, str(tmp_path))  # a class whose teacher never used the lock
    box = solution_box()
    box.reveal()
    assert box.shown
    monkeypatch.delenv(CLASS_ENV)
    (tmp_path / LOCK_FILE).parent.mkdir(parents=True)
    (tmp_path / LOCK_FILE).write_text('{"reveal_at": null}', encoding="utf-8")
    box = solution_box()
    box.reveal()
    assert box.shown  # no class: the file is not looked at


def test_the_workshop_gives_every_participant_the_class_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from traitlets.config import Config

    monkeypatch.setenv("WORKSHOP_RUN", str(tmp_path))
    monkeypatch.setenv("WORKSHOP_CODE", "tiger7")
    config = Config()
    path = ROOT / "workshop" / "jupyterhub_config.py"
    exec(compile(path.read_text(encoding="utf-8"), str(path), "exec"),  # noqa: S102
         {"get_config": lambda: config, "__file__": str(path)})
    assert config.Spawner.environment[CLASS_ENV] == str(tmp_path.resolve())
    assert Path(config.SimpleLocalProcessSpawner.home_dir_template).parent.parent \
        == tmp_path.resolve()  # the homes the console lists


def test_a_bot_file_deleted_while_the_list_is_made_is_left_out(tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch
                                                               ) -> None:
    from kwwidgets import console as module

    bots = tmp_path / "homes" / "ada" / "notebooks" / "my_bots"
    bots.mkdir(parents=True)
    (bots / "kept.py").write_text("def choose(state):\n    return state.legal_action_ids()[0]\n")
    gone = bots / "gone.py"
    listed = module.bot_files(tmp_path) + [("ada", gone)]  # listed, then deleted
    monkeypatch.setattr(module, "bot_files", lambda folder: listed)
    console = module.TeacherConsole(tmp_path, ladder=("random",))
    assert [s.path.name for s in console.submissions] == ["kept.py"]


_NAME = st.text(alphabet="ab_.", min_size=1, max_size=6)


@given(st.tuples(_NAME, _NAME.filter(lambda n: not n.startswith("_"))),
       st.tuples(_NAME, _NAME.filter(lambda n: not n.startswith("_"))))
def test_two_participants_bots_never_share_a_name_in_the_tournament(
        one: tuple[str, str], other: tuple[str, str]) -> None:
    from kwwidgets.console import Submission

    def entry(who: str, file: str) -> str:
        return Submission(who, Path(file + ".py"), datetime.now(), "").entry

    assert (entry(*one) == entry(*other)) == (one == other)


def test_underscored_names_that_used_to_collide_get_two_tournament_names(small_class: Path) -> None:
    hand_in(small_class, "a_b", FIRST, "c.py")
    hand_in(small_class, "a", LAST, "b_c.py")
    console = TeacherConsole(small_class, ladder=("random",), players=2, games=2)
    entries = {s.entry for s in console.submissions if s.participant in ("a_b", "a")}
    assert len(entries) == 2
