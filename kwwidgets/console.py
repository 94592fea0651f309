"""The teacher's console: the class's bots, their tournament in rounds, the leaderboard, and the
time the workshop's solutions are unlocked, in one widget over a class folder.

The class folder is what ``make workshop`` serves from (``workshop/run``, or ``KW_CLASS_DIR``
when set): each participant's home is ``homes/NAME/``, and "Test my bot" saves their bots as
``homes/NAME/notebooks/my_bots/*.py`` (files starting with ``_`` are skipped, as by
``kw tournament --bots-dir``). The console keeps its own files in ``class/`` there:

- ``class/bots/NAME_FILE.py``: the copy of each bot that the latest round played (a participant
  may go on editing their file while a round runs; the copy keeps the round's version);
- ``class/results.json``: every game of every round (``solvers.tournament.save``'s format, so
  ``solvers.tournament.load`` reads it), and under ``rounds`` each round's seed, bots and games;
- ``class/leaderboard.csv``: the leaderboard, written by "Export the leaderboard";
- ``class/solutions.json``: when the workshops' solutions are unlocked (``kwwidgets.solutions``).

Every button calls a public method of ``TeacherConsole`` (``refresh``, ``run_round``, ``stop``,
``export``, ``reveal_at``, ``reveal_now``, ``lock``), so a notebook or a test can do the same
without a click. A round is played in a thread of its own, one game after another (the bots of
each game in processes of their own: ``solvers.sandbox``), so the notebook answers while it
runs; "Stop" ends it after the game in play, whose bots' processes are closed as after any game.
For a class too large for one machine, ``kw tournament --dask`` plays the same tournament on a
cluster (docs/workshop.md).
"""

from __future__ import annotations

import contextlib
import csv
import html
import json
import os
import re
import shutil
import threading
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

import ipywidgets as w

from gamecore.game import available
from kwwidgets.common import button, message_widget, say
from kwwidgets.solutions import (
    CLASS_ENV,
    clock,
    lock_path,
    locked_message,
    read_reveal_time,
    write_reveal_time,
)
from solvers import tournament
from solvers.sandbox import check_file
from solvers.tournament import GameResult, TournamentError, TournamentResult

#: the checkout the lab is installed from (``pip install -e``)
REPO = Path(__file__).resolve().parents[1]
#: the console's files, inside the class folder (module docstring)
RESULTS = Path("class") / "results.json"
LEADERBOARD = Path("class") / "leaderboard.csv"
SNAPSHOTS = Path("class") / "bots"
#: where a participant's bots are, inside their home
MY_BOTS = Path("notebooks") / "my_bots"
CSV_COLUMNS = ("rank", "bot", "kind", "mu", "sigma", "interval_low", "interval_high", "games",
               "outright_wins", "games_lost_by_fault", "first_fault")
# ipywidgets gives HTML a one-line box's line height; a table reads better tighter.
_TABLE = ("<table style='border-collapse: collapse; font-size: 13px; line-height: 1.4'>{head}"
          "{rows}</table>")
_CELL = "padding: 3px 10px; border-bottom: 1px solid #ddd; text-align: left"
_HEAD = _CELL + "; white-space: nowrap"


def default_class_dir() -> Path:
    """The class folder: ``KW_CLASS_DIR`` when set (the workshop sets it), else the folder
    ``make workshop`` serves from, ``workshop/run`` of the checkout."""
    named = os.environ.get(CLASS_ENV, "").strip()
    return Path(named) if named else REPO / "workshop" / "run"


@dataclass(frozen=True)
class Submission:
    """One participant's bot file: who, where, when it last changed, and what the quick check
    found ("" when it loads and defines ``choose``)."""

    participant: str
    path: Path
    changed: datetime
    problem: str

    @property
    def ready(self) -> bool:
        """True when the file passed the quick check."""
        return not self.problem

    @property
    def entry(self) -> str:
        """Its name in the tournament: ``NAME_FILE.py``, with every underscore of the
        participant's name doubled, so no two (participant, file) pairs share one: the name
        ends at the first run of an odd number of underscores (a bot file never starts with
        one, ``bot_files``), where ``a_b`` + ``c.py`` and ``a`` + ``b_c.py`` would otherwise
        both read ``a_b_c.py``."""
        return f"{self.participant.replace('_', '__')}_{self.path.name}"


def bot_files(folder: Path) -> list[tuple[str, Path]]:
    """(participant, file) for every bot in the homes of the class folder, by name."""
    homes = folder / "homes"
    if not homes.is_dir():
        return []
    found = []
    for home in sorted(p for p in homes.iterdir() if p.is_dir()):
        found += [(home.name, f) for f in sorted((home / MY_BOTS).glob("*.py"))
                  if f.is_file() and not f.name.startswith("_")]
    return found


def parse_clock(text: str, now: datetime | None = None) -> datetime:
    """``HH:MM`` as a time today in this machine's zone; ValueError naming the field when it
    is not one."""
    match = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*", text or "")
    if not match or int(match.group(1)) > 23 or int(match.group(2)) > 59:
        raise ValueError(f"Reveal time: give it as HH:MM, for example 19:30, not {text!r}")
    today = (now or datetime.now().astimezone()).astimezone()
    return today.replace(hour=int(match.group(1)), minute=int(match.group(2)), second=0,
                         microsecond=0)


class TeacherConsole:
    """The teacher's console over ``folder`` (default: ``default_class_dir()``); the settings
    are the widget's fields, their starting values the parameters. Module docstring: files and
    buttons."""

    def __init__(self, folder: str | Path | None = None, game: str = "kraftwagen",
                 ladder: Sequence[str] = ("greedy", "random"), players: int = 3,
                 games: int = 6, move_seconds: float = 1.0, seed: int = 2026,
                 check_seconds: float = 20.0) -> None:
        self.folder = Path(folder) if folder is not None else default_class_dir()
        self.check_seconds = check_seconds
        self.submissions: list[Submission] = []
        #: every game of every round, numbered in the order played
        self.games: list[GameResult] = []
        #: each round: its number, seed, bots, games scheduled and played, whether stopped
        self.rounds: list[dict[str, Any]] = []
        self.error = ""  # why the saved results could not be read ("" when they could)
        self._checked: dict[tuple[str, int, int, str], str] = {}
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._guard = threading.Lock()  # the games and rounds, between the round and a reader

        label = {"description_width": "150px"}
        wide = w.Layout(width="360px")
        self.game = w.Dropdown(options=available(), value=game, description="Game:",
                               style=label, layout=wide)
        self.ladder = w.Text(value=", ".join(ladder), description="Built-in bots:",
                             style=label, layout=wide)
        self.players = w.BoundedIntText(value=players, min=2, max=6, description="Players:",
                                        style=label, layout=wide)
        self.games_per_round = w.BoundedIntText(value=games, min=1, max=10_000,
                                                description="Games per round:", style=label,
                                                layout=wide)
        self.move_seconds = w.BoundedFloatText(value=move_seconds, min=0.1, max=60, step=0.5,
                                               description="Seconds per move:", style=label,
                                               layout=wide)
        self.seed = w.BoundedIntText(value=seed, min=0, max=2**31 - 1,
                                     description="Seed of round 1:", style=label, layout=wide)
        self.reveal_time = w.Text(placeholder="19:30", description="Reveal at (HH:MM):",
                                  style=label, layout=w.Layout(width="260px"))
        self.out = w.Output()
        self.message = message_widget()
        self.submitted = w.HTML()
        self.progress = w.IntProgress(value=0, min=0, max=1, description="Round:",
                                      layout=w.Layout(width="360px"))
        self.board = w.HTML()
        self.lock_status = w.HTML()
        self.run_button = button("Run a round", "kw-console-run", self.run_round, self.out,
                                 "play one round of every ready bot and the built-in bots")
        self.stop_button = button("Stop", "kw-console-stop", self.stop, self.out,
                                  "stop the round after the game in play")
        self.stop_button.disabled = True
        self.widget = w.VBox([
            w.HTML(f"<b>Class folder:</b> {html.escape(str(self.folder))}"),
            w.HTML("<h4 style='margin: 8px 0 2px'>Who has submitted</h4>"),
            w.HBox([button("Refresh the list", "kw-console-refresh", self.refresh, self.out)]),
            self.submitted,
            w.HTML("<h4 style='margin: 8px 0 2px'>The tournament</h4>"),
            w.HBox([w.VBox([self.game, self.ladder, self.players]),
                    w.VBox([self.games_per_round, self.move_seconds, self.seed])]),
            w.HBox([self.run_button, self.stop_button, self.progress]),
            self.message,
            w.HTML("<h4 style='margin: 8px 0 2px'>The leaderboard</h4>"),
            self.board,
            w.HBox([button("Export the leaderboard", "kw-console-export", self.export, self.out,
                           f"write {LEADERBOARD} and {RESULTS} in the class folder")]),
            w.HTML("<h4 style='margin: 8px 0 2px'>The workshops' solutions</h4>"),
            w.HBox([self.reveal_time,
                    button("Reveal solutions at this time", "kw-console-reveal-at",
                           self.reveal_at, self.out),
                    button("Reveal now", "kw-console-reveal-now", self.reveal_now, self.out),
                    button("Lock again", "kw-console-lock", self.lock, self.out)]),
            self.lock_status,
            self.out])
        self.widget.add_class("kw-console")
        self._load()
        self.refresh()
        self.show_leaderboard()
        self.show_lock()

    # --- who has submitted ------------------------------------------------------------------------
    def refresh(self) -> list[Submission]:
        """List every participant's bot files with the time of their last change and the quick
        check (``solvers.sandbox.check_file``: loads in a bot's process and defines ``choose``;
        a file is checked again only once it changed); the list shown."""
        found = []
        for participant, path in bot_files(self.folder):
            try:
                info = path.stat()
            except FileNotFoundError:  # deleted by its participant since the listing
                continue
            key = (str(path), info.st_mtime_ns, info.st_size, str(self.game.value))
            if key not in self._checked:
                self._checked[key] = check_file(path, self.game.value, self.check_seconds)
            found.append(Submission(participant, path,
                                    datetime.fromtimestamp(info.st_mtime).astimezone(),
                                    self._checked[key]))
        self.submissions = found
        homes = self.folder / "homes"
        without = sorted({p.name for p in homes.iterdir() if p.is_dir()}
                         - {s.participant for s in found}) if homes.is_dir() else []
        self.submitted.value = self._submissions_html(found, without)
        return found

    @staticmethod
    def _submissions_html(found: list[Submission], without: list[str]) -> str:
        if not found and not without:
            return "<p>No participant has signed in yet.</p>"
        head = "<tr>" + "".join(f"<th style='{_HEAD}'>{h}</th>" for h in
                                ("participant", "bot file", "last changed", "check")) + "</tr>"
        rows = "".join(
            f"<tr><td style='{_CELL}'>{html.escape(s.participant)}</td>"
            f"<td style='{_CELL}'>{html.escape(s.path.name)}</td>"
            f"<td style='{_CELL}'>{clock(s.changed)}</td>"
            f"<td style='{_CELL}; color: {'#2b6a30' if s.ready else '#a4161a'}'>"
            f"{'ready' if s.ready else html.escape('not ready: ' + s.problem)}</td></tr>"
            for s in found)
        rows += "".join(f"<tr><td style='{_CELL}'>{html.escape(name)}</td>"
                        f"<td style='{_CELL}' colspan='3'>no bot yet</td></tr>"
                        for name in without)
        return _TABLE.format(head=head, rows=rows)

    # --- rounds -----------------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        """True while a round is being played."""
        return self._thread is not None and self._thread.is_alive()

    def run_round(self) -> int:
        """Start a round in the background: every ready bot (a copy of each, in
        ``class/bots/``) and the built-in bots, ``games per round`` games with the seed of round
        1 plus the rounds already played; the number of games scheduled, 0 (and the reason in
        the message line) when it cannot start."""
        if self.running:
            say(self.message, "A round is being played: stop it or wait for it first.", "error")
            return 0
        if self.error:
            say(self.message, self.error, "error")
            return 0
        ready = [s for s in self.refresh() if s.ready]
        ladder = [b.strip() for b in self.ladder.value.split(",") if b.strip()]
        game, players = str(self.game.value), int(self.players.value)
        if self.games and (self.games[0].game, len(self.games[0].lineup)) != (game, players):
            say(self.message, f"Game and players: the saved results are of "
                              f"{self.games[0].game} with {len(self.games[0].lineup)} players; "
                              f"keep those, or move {RESULTS} away to start a new tournament.",
                "error")
            return 0
        snapshots = self.folder / SNAPSHOTS
        bots = [str(snapshots / s.entry) for s in ready] + ladder
        number = len(self.rounds) + 1
        seed = int(self.seed.value) + number - 1
        try:
            for s in ready:  # the round plays these copies, whatever the homes do meanwhile
                snapshots.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(s.path, snapshots / s.entry)
            specs = tournament.schedule(bots, int(self.games_per_round.value), seed, players,
                                        game, float(self.move_seconds.value))
        except (TournamentError, OSError) as exc:
            say(self.message, f"The round cannot start: {exc}", "error")
            return 0
        info = {"round": number, "seed": seed, "bots": bots, "scheduled": len(specs),
                "played": 0, "stopped": False,
                "started": datetime.now().astimezone().isoformat(timespec="seconds")}
        self._stopping.clear()
        self.progress.max, self.progress.value = len(specs), 0
        self.run_button.disabled, self.stop_button.disabled = True, False
        say(self.message, f"Round {number}: {len(specs)} games of {len(ready)} participants' "
                          f"bots and {', '.join(ladder) or 'no built-in bot'}...")
        self._thread = threading.Thread(target=self._play_round, args=(specs, info),
                                        name=f"kw-console-round-{number}", daemon=True)
        self._thread.start()
        return len(specs)

    def stop(self) -> None:
        """Stop the round after the game in play (its bots' processes are closed as after any
        game); the games played so far are kept."""
        if self.running:
            self._stopping.set()
            say(self.message, "Stopping after the game in play...")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait for the round to end (at most ``timeout`` seconds); True when none is running."""
        if self._thread is not None:
            self._thread.join(timeout)
        return not self.running

    def _play_round(self, specs: list[tournament.GameSpec], info: dict[str, Any]) -> None:
        problem = ""
        try:
            for spec in specs:
                if self._stopping.is_set():
                    break
                played = tournament.play_one(spec)
                with self._guard:
                    if info["played"] == 0:
                        self.rounds.append(info)
                    self.games.append(replace(played, index=len(self.games)))
                    info["played"] += 1
                    self._save()
                self.progress.value = info["played"]
        except Exception as exc:  # noqa: BLE001 - shown to the teacher, the round ends
            problem = f"{type(exc).__name__}: {exc}"
        finally:
            # A save that fails here must not end the thread before the buttons come back.
            saved = not problem
            with self._guard:
                info["stopped"] = info["played"] < len(specs)
                if info["played"]:
                    try:
                        self._save()
                        saved = True
                    except OSError as exc:
                        problem = problem or f"{type(exc).__name__}: {exc}"
                        saved = False
            self.run_button.disabled, self.stop_button.disabled = False, True
            self.show_leaderboard()
            how = ("ended by an error: " + problem if problem
                   else "stopped" if self._stopping.is_set() else "finished")
            where = (f"saved in {RESULTS}" if saved
                     else f"not saved in {RESULTS}")
            say(self.message, f"Round {info['round']} {how}: {info['played']} of {len(specs)} "
                              f"games played; {len(self.games)} games in all, {where}.",
                "error" if problem else "ok")

    # --- results ----------------------------------------------------------------------------------
    def result(self) -> TournamentResult | None:
        """Every game of every round as one tournament (None before the first game)."""
        with self._guard:
            if not self.games:
                return None
            return tournament.from_games(self.games, self.rounds[0]["seed"] if self.rounds
                                         else int(self.seed.value))

    def _save(self) -> None:
        """Write every game and round to ``class/results.json`` (whole, never half)."""
        combined = tournament.from_games(self.games, self.rounds[0]["seed"])
        data = combined.to_dict()
        data["rounds"] = self.rounds
        path = self.folder / RESULTS
        path.parent.mkdir(parents=True, exist_ok=True)
        draft = path.with_suffix(".json.draft")
        draft.write_text(json.dumps(data) + "\n", encoding="utf-8")
        draft.replace(path)

    def _load(self) -> None:
        path = self.folder / RESULTS
        if not path.exists():
            return
        try:
            saved = tournament.load(path)
            rounds = json.loads(path.read_text(encoding="utf-8")).get("rounds", [])
            if not isinstance(rounds, list) or not all(isinstance(r, dict) and "seed" in r
                                                       for r in rounds):
                raise TournamentError("its rounds are not a list of rounds with their seeds")
        except TournamentError as exc:
            self.error = (f"The saved results {path} cannot be read ({exc}): move the file away "
                          f"to start a new tournament.")
            say(self.message, self.error, "error")
            return
        self.games, self.rounds = list(saved.games), rounds

    def leaderboard(self) -> list[dict[str, Any]]:
        """The leaderboard, best first: one row per bot (``CSV_COLUMNS``), its openskill rating
        with the 95% interval, games, wins and the games it lost by a fault."""
        result = self.result()
        if result is None:
            return []
        stats = {s.bot: s for s in result.stats}
        faults: dict[str, list[str]] = {}
        for g in result.games:
            for seat, reason in g.faults:
                faults.setdefault(g.lineup[seat], []).append(reason)
        rows = []
        for rank, r in enumerate(tournament.ratings(result), start=1):
            low, high = r.interval
            participant = r.bot.endswith(".py")
            rows.append({"rank": rank, "bot": Path(r.bot).name if participant else r.bot,
                         "kind": "participant" if participant else "built-in",
                         "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                         "interval_low": round(low, 3), "interval_high": round(high, 3),
                         "games": r.games, "outright_wins": stats[r.bot].wins,
                         "games_lost_by_fault": len(faults.get(r.bot, [])),
                         "first_fault": faults.get(r.bot, [""])[0]})
        return rows

    def show_leaderboard(self) -> list[dict[str, Any]]:
        """Draw the leaderboard and the bots that lost games by a fault; the rows shown."""
        rows = self.leaderboard()
        result = self.result()
        if result is None:
            self.board.value = "<p>No round played yet.</p>"
            return rows
        head = "<tr>" + "".join(f"<th style='{_HEAD}'>{h}</th>" for h in (
            "rank", "bot", "rating", "95% interval", "games", "won outright",
            "lost by a fault")) + "</tr>"
        body = "".join(
            f"<tr><td style='{_CELL}'>{r['rank']}</td><td style='{_CELL}'>"
            f"{html.escape(r['bot'])}</td><td style='{_CELL}'>{r['mu']:.1f}</td>"
            f"<td style='{_CELL}'>{r['interval_low']:.1f} to {r['interval_high']:.1f}</td>"
            f"<td style='{_CELL}'>{r['games']}</td><td style='{_CELL}'>{r['outright_wins']}</td>"
            f"<td style='{_CELL}'>{r['games_lost_by_fault'] or ''}</td></tr>" for r in rows)
        rounds = len(self.rounds)
        intro = (f"<p>{len(result.games)} games in {rounds} round{'s' * (rounds != 1)}; "
                 f"ratings from the finishing places of every game (openskill's Plackett-Luce "
                 f"model), best first by rating minus three times its uncertainty. Two bots "
                 f"whose intervals overlap have not been told apart yet.</p>")
        faults = "".join(f"<p style='margin: 2px 0'>{html.escape(line.strip())}</p>"
                         for line in tournament.fault_lines(result) if line.strip())
        self.board.value = (f"<div style='line-height: 1.45'>{intro}"
                            f"{_TABLE.format(head=head, rows=body)}{faults}</div>")
        return rows

    def export(self) -> tuple[Path, Path] | None:
        """Write the leaderboard to ``class/leaderboard.csv`` (``CSV_COLUMNS``) next to the
        saved ``class/results.json`` (``solvers.tournament.load`` reads it); both paths, or
        None before the first game."""
        rows = self.leaderboard()
        if not rows:
            say(self.message, "Nothing to export yet: run a round first.", "error")
            return None
        path = self.folder / LEADERBOARD
        # Written beside and then renamed over the last export, so a spreadsheet reading the
        # file never sees half a leaderboard, and a failed write leaves the last one whole.
        part = path.with_name(path.name + ".part")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with part.open("w", newline="", encoding="utf-8") as f:
                writer = csv.DictWriter(f, fieldnames=CSV_COLUMNS)
                writer.writeheader()
                writer.writerows(rows)
            os.replace(part, path)
        except OSError as exc:
            with contextlib.suppress(OSError):
                part.unlink(missing_ok=True)
            say(self.message, f"The leaderboard could not be written to {path}: "
                              f"{exc.strerror or exc}.", "error")
            return None
        say(self.message, f"The leaderboard is in {path}; every game is in "
                          f"{self.folder / RESULTS}.", "ok")
        return path, self.folder / RESULTS

    # --- the solutions' lock ----------------------------------------------------------------------
    def reveal_at(self, when: str | datetime | None = None) -> datetime | None:
        """Unlock every participant's solutions at ``when`` (HH:MM today, or a time with its
        zone; default: the field); the time set, or None (and why, in the message line) when
        it is not a time. A time already past unlocks them at once."""
        text = self.reveal_time.value if when is None else when
        try:
            at = text if isinstance(text, datetime) else parse_clock(text)
            write_reveal_time(at, self.folder)
        except (ValueError, OSError) as exc:
            say(self.message, str(exc), "error")
            return None
        # "HH:MM" is today's: an evening class typing a time after midnight unlocks them now,
        # and must be told so rather than read a time still to come.
        if at <= datetime.now().astimezone():
            say(self.message, f"{clock(at)} has passed: the solutions are unlocked for everyone "
                              "now. Press Lock again to keep them locked.", "error")
        else:
            say(self.message, f"The solutions unlock at {clock(at)}.", "ok")
        self.show_lock()
        return at

    def reveal_now(self) -> datetime:
        """Unlock every participant's solutions now; the time set."""
        now = datetime.now().astimezone()
        write_reveal_time(now, self.folder)
        say(self.message, "The solutions are unlocked for everyone.", "ok")
        self.show_lock()
        return now

    def lock(self) -> None:
        """Lock every participant's solutions until a time is set."""
        write_reveal_time(None, self.folder)
        say(self.message, "The solutions are locked until you set a time.", "ok")
        self.show_lock()

    def show_lock(self) -> str:
        """Say what participants see when they ask for a solution now; the words shown."""
        path = lock_path(self.folder)
        assert path is not None
        locked = locked_message(folder=self.folder)
        if not path.exists():
            text = ("Not locked: no lock file yet, so participants see a solution when they ask "
                    "(as outside a class).")
        elif not locked:
            text = "Unlocked: participants see a solution when they ask."
        else:
            try:
                when = read_reveal_time(path)
                text = ("Locked until you set a time." if when is None
                        else f"Locked until {clock(when)}.")
            except ValueError as exc:
                text = f"Locked: {exc}. Press a button above to write it again."
        self.lock_status.value = f"<p>{html.escape(text)}</p>"
        return text

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


__all__ = ["CSV_COLUMNS", "LEADERBOARD", "RESULTS", "SNAPSHOTS", "Submission", "TeacherConsole",
           "bot_files", "default_class_dir", "parse_clock"]
