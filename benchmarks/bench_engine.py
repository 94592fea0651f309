"""Engine speed: random games, checked play, clones, and OpenSpiel as a reference.

Run::

    python benchmarks/bench_engine.py [--games N] [--repeats R] [--json]

What is measured, for 2, 3 and 4 companies (``N`` seeded games per repeat, default 40; the
median of ``R`` repeats, default 5, after a warm-up; all workloads interleaved in each repeat so
load changes on a shared machine hit them alike; ``time.perf_counter``; the garbage collector
stays on):

* fast path: whole random games, ``kwcore.new_game`` included, each decision a
  ``legal_action_ids()`` plus ``apply_unchecked`` with a choice from a seeded ``random.Random``;
  reported as ms per game, games per second, decisions per second and µs per decision;
* checked path: the same games with ``apply`` (legality check and undo snapshot per decision);
* ``clone()``: µs per clone and clones per second on mid-game states (decision 50 to 150 of a
  random game; games last about 230 decisions).

In the same process, random play on OpenSpiel's Python ``python_tic_tac_toe``
(``legal_actions()`` plus ``apply_action``, ``new_initial_state`` included; 20 times as many
games, as they are short) is timed the same way, and the ratio of our µs per decision to
OpenSpiel's is printed (below 1: we are cheaper). OpenSpiel is an optional extra
(``pip install open-spiel``); without it that part is skipped.

With ``--against REV`` the kwcore of git revision ``REV`` (for example the commit before a
refactoring) is loaded in the same process beside the current one (``git archive REV kwcore``,
and its gamecore if it has one, into a temporary folder, renamed ``kwcore_before`` and
``gamecore_before``), its workloads are interleaved with the current ones, and the ratios
current/before of decisions per second (fast and checked) and of µs per clone are printed:
above 1 for decisions, below 1 for clones, means faster now. ``--against HEAD`` on a clean tree
compares the engine with itself: its ratios show the noise of the machine.

Targets: a random 4-company game under 20 ms, a clone under 20 µs, and a cost per decision no
higher than OpenSpiel's Python tic-tac-toe. Nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import datetime
import importlib
import io
import json
import os
import platform
import random
import re
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import kwcore

PLAYER_COUNTS = (2, 3, 4)
TARGET_GAME_MS = 20.0
TARGET_CLONE_US = 20.0
CLONES_PER_STATE = 200
TTT_GAMES_PER_KW_GAME = 20
Work = Callable[[], int]  # a timed workload; returns how many operations it did
Row = dict[str, float]
# The printed table: header, result key, format.
COLUMNS = (
    ("companies", "players", "{:d}"),
    ("dec/game", "decisions_per_game", "{:.0f}"),
    ("ms/game", "ms_per_game", "{:.2f}"),
    ("games/s", "games_per_s", "{:.0f}"),
    ("dec/s", "decisions_per_s", "{:.0f}"),
    ("us/dec", "us_per_decision", "{:.1f}"),
    ("chk ms/game", "checked_ms_per_game", "{:.2f}"),
    ("chk dec/s", "checked_decisions_per_s", "{:.0f}"),
    ("chk us/dec", "checked_us_per_decision", "{:.1f}"),
    ("us/clone", "us_per_clone", "{:.1f}"),
    ("clones/s", "clones_per_s", "{:.0f}"),
    ("ratio", "ratio_vs_openspiel", "{:.2f}"),
    ("chk ratio", "checked_ratio_vs_openspiel", "{:.2f}"),
)


ROOT = Path(__file__).resolve().parent.parent
SUFFIX = "_before"  # the package names of the engine compared against


def play_fast(players: int, games: int, engine: ModuleType = kwcore) -> int:
    """Play ``games`` seeded random games on the fast path; return the decisions made."""
    rng = random.Random(12345)
    decisions = 0
    for seed in range(games):
        state = engine.new_game(players, seed)
        while not state.is_terminal():
            state.apply_unchecked(rng.choice(state.legal_action_ids()))
            decisions += 1
    return decisions


def play_checked(players: int, games: int, engine: ModuleType = kwcore) -> int:
    """Play the same games with the checked ``apply`` (undo snapshots kept); return decisions."""
    rng = random.Random(12345)
    decisions = 0
    for seed in range(games):
        state = engine.new_game(players, seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_action_ids()))
            decisions += 1
    return decisions


def mid_game_states(players: int, count: int, engine: ModuleType = kwcore) -> list[Any]:
    """``count`` states reached by random play, each stopped between decisions 50 and 150."""
    rng = random.Random(999)
    states = []
    for seed in range(count):
        state = engine.new_game(players, seed)
        stop = rng.randint(50, 150)
        for _ in range(stop):
            if state.is_terminal():
                break
            state.apply_unchecked(rng.choice(state.legal_action_ids()))
        states.append(state)
    return states


def clone_all(states: list[Any]) -> int:
    """Clone every state ``CLONES_PER_STATE`` times; return the number of clones."""
    for state in states:
        for _ in range(CLONES_PER_STATE):
            state.clone()
    return len(states) * CLONES_PER_STATE


def measure(works: dict[str, Work], repeats: int) -> dict[str, tuple[float, int]]:
    """Median seconds and count of each work, after one warm-up run of each.

    The repeats are interleaved (every work once per round) so that a change in machine load
    falls on all of them alike, which keeps the ratio to OpenSpiel fair on a shared machine.
    """
    counts = {name: work() for name, work in works.items()}
    times: dict[str, list[float]] = {name: [] for name in works}
    for _ in range(repeats):
        for name, work in works.items():
            start = time.perf_counter()
            counts[name] = work()
            times[name].append(time.perf_counter() - start)
    return {name: (statistics.median(times[name]), counts[name]) for name in works}


def kraftwagen_works(players: int, games: int, engine: ModuleType = kwcore, tag: str = ""
                     ) -> dict[str, Work]:
    """The fast-path, checked-path and clone workloads for one player count (names end in
    ``tag``, to tell two engines apart)."""
    states = mid_game_states(players, games, engine)
    return {
        f"fast{players}{tag}": lambda: play_fast(players, games, engine),
        f"checked{players}{tag}": lambda: play_checked(players, games, engine),
        f"clone{players}{tag}": lambda: clone_all(states),
    }


def load_engine(rev: str, folder: str) -> ModuleType:
    """kwcore as of git revision ``rev`` (with gamecore, when that revision has it), extracted
    into ``folder`` and imported as ``kwcore_before`` (and ``gamecore_before``: their imports of
    each other renamed), so the two engines share nothing and both run in this process."""
    packages = [p for p in ("kwcore", "gamecore")
                if subprocess.run(["git", "ls-tree", "-d", rev, p], cwd=ROOT, check=True,
                                  capture_output=True, text=True).stdout]
    archive = subprocess.run(["git", "archive", rev, *packages], cwd=ROOT, check=True,
                             capture_output=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(folder, filter="data")
    pattern = re.compile(r"\b(" + "|".join(packages) + r")\b")
    for name in packages:
        package = Path(folder) / f"{name}{SUFFIX}"
        (Path(folder) / name).rename(package)
        for path in package.rglob("*.py"):
            path.write_text(pattern.sub(r"\1" + SUFFIX, path.read_text("utf-8")), "utf-8")
    sys.path.insert(0, folder)
    try:
        return importlib.import_module(f"kwcore{SUFFIX}")
    finally:
        sys.path.remove(folder)


def comparison(games: int, timings: dict[str, tuple[float, int]]) -> list[Row]:
    """Per player count: current/before ratios of decisions per second and of µs per clone."""
    rows = []
    for p in PLAYER_COUNTS:
        now = kraftwagen_row(p, games, timings)
        before = kraftwagen_row(p, games, timings, "_before")
        rows.append({
            "players": p,
            "fast_decisions_per_s_ratio": now["decisions_per_s"] / before["decisions_per_s"],
            "checked_decisions_per_s_ratio": (
                now["checked_decisions_per_s"] / before["checked_decisions_per_s"]),
            "us_per_clone_ratio": now["us_per_clone"] / before["us_per_clone"],
            "before_decisions_per_s": before["decisions_per_s"],
            "before_checked_decisions_per_s": before["checked_decisions_per_s"],
            "before_us_per_clone": before["us_per_clone"],
        })
    return rows


def kraftwagen_row(players: int, games: int, timings: dict[str, tuple[float, int]],
                   tag: str = "") -> Row:
    """The table row of one player count from the measured timings."""
    fast_s, decisions = timings[f"fast{players}{tag}"]
    checked_s, checked_decisions = timings[f"checked{players}{tag}"]
    clone_s, clones = timings[f"clone{players}{tag}"]
    return {
        "players": players,
        "games": games,
        "decisions_per_game": decisions / games,
        "ms_per_game": 1e3 * fast_s / games,
        "games_per_s": games / fast_s,
        "decisions_per_s": decisions / fast_s,
        "us_per_decision": 1e6 * fast_s / decisions,
        "checked_ms_per_game": 1e3 * checked_s / games,
        "checked_decisions_per_s": checked_decisions / checked_s,
        "checked_us_per_decision": 1e6 * checked_s / checked_decisions,
        "clones_per_s": clones / clone_s,
        "us_per_clone": 1e6 * clone_s / clones,
    }


def openspiel_work(games: int) -> Work | None:
    """Random play on OpenSpiel's ``python_tic_tac_toe``; None when OpenSpiel is missing."""
    try:
        import open_spiel.python.games  # noqa: F401  (registers the python_* games)
        import pyspiel
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")

    def play() -> int:
        rng = random.Random(12345)
        decisions = 0
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions

    return play


def run(games: int, repeats: int, against: str | None = None) -> dict[str, Any]:
    """Every measurement, the machine, and the target verdicts, as one plain dict (with
    ``against``, also the ratios to the kwcore of that git revision)."""
    if against is None:
        return _run(games, repeats, None)
    with tempfile.TemporaryDirectory(prefix="kwcore-before-") as folder:
        result = _run(games, repeats, load_engine(against, folder))
    result["against"] = against
    return result


def _run(games: int, repeats: int, before: ModuleType | None) -> dict[str, Any]:
    works: dict[str, Work] = {}
    for players in PLAYER_COUNTS:
        works.update(kraftwagen_works(players, games))
        if before is not None:
            works.update(kraftwagen_works(players, games, before, "_before"))
    ttt_games = games * TTT_GAMES_PER_KW_GAME
    ttt = openspiel_work(ttt_games)
    if ttt is not None:
        works["openspiel"] = ttt
    timings = measure(works, repeats)
    rows = [kraftwagen_row(p, games, timings) for p in PLAYER_COUNTS]
    reference: Row | None = None
    if ttt is not None:
        ttt_s, ttt_decisions = timings["openspiel"]
        reference = {
            "games": ttt_games,
            "decisions_per_game": ttt_decisions / ttt_games,
            "decisions_per_s": ttt_decisions / ttt_s,
            "us_per_decision": 1e6 * ttt_s / ttt_decisions,
        }
        for row in rows:
            row["ratio_vs_openspiel"] = row["us_per_decision"] / reference["us_per_decision"]
            row["checked_ratio_vs_openspiel"] = (
                row["checked_us_per_decision"] / reference["us_per_decision"]
            )
    four = next(r for r in rows if r["players"] == 4)
    worst_clone = max(r["us_per_clone"] for r in rows)
    targets: dict[str, Any] = {
        "game_4_under_20_ms": four["ms_per_game"] < TARGET_GAME_MS,
        "clone_under_20_us": worst_clone < TARGET_CLONE_US,
        "decision_no_dearer_than_openspiel": (
            None if reference is None else max(r["ratio_vs_openspiel"] for r in rows) <= 1.0
        ),
    }
    return {
        "comparison": None if before is None else comparison(games, timings),
        "date": datetime.date.today().isoformat(),
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "repeats": repeats,
        "kraftwagen": rows,
        "openspiel_python_tic_tac_toe": reference,
        "targets": targets,
    }


def _table_line(cells: list[str]) -> str:
    widths = [max(len(head), 6) for head, _, _ in COLUMNS]
    return "  ".join(f"{cell:>{width}}" for width, cell in zip(widths, cells, strict=True))


def _verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("met" if ok else "NOT met")


def format_report(result: dict[str, Any]) -> str:
    """The compact text table printed by default."""
    rows = result["kraftwagen"]
    ref = result["openspiel_python_tic_tac_toe"]
    lines = [
        f"Kraftwagen engine benchmark - {result['date']}, Python {result['python']}, "
        f"{result['machine']}; {rows[0]['games']} games/repeat, median of {result['repeats']}",
        "(fast path: apply_unchecked; chk: checked apply with undo snapshots)",
        "",
        _table_line([head for head, _, _ in COLUMNS]),
    ]
    for r in rows:
        lines.append(_table_line([fmt.format(r[k]) if k in r else "-" for _, k, fmt in COLUMNS]))
    lines.append("")
    if ref is None:
        lines.append("OpenSpiel not installed (pip install open-spiel): reference skipped.")
    else:
        lines.append(
            f"OpenSpiel python_tic_tac_toe ({ref['games']} random games): "
            f"{ref['decisions_per_s']:.0f} dec/s, {ref['us_per_decision']:.1f} us/dec "
            "(ratio = our us/dec / theirs; < 1 means we are cheaper)"
        )
    four = next(r for r in rows if r["players"] == 4)
    targets = result["targets"]
    worst_ratio = "-" if ref is None else f"{max(r['ratio_vs_openspiel'] for r in rows):.2f}"
    lines += [
        "Targets:",
        f"  random 4-company game < {TARGET_GAME_MS:.0f} ms: {four['ms_per_game']:.2f} ms"
        f" - {_verdict(targets['game_4_under_20_ms'])}",
        f"  clone < {TARGET_CLONE_US:.0f} us (worst count): "
        f"{max(r['us_per_clone'] for r in rows):.1f} us - {_verdict(targets['clone_under_20_us'])}",
        f"  cost/decision <= OpenSpiel python_tic_tac_toe (worst ratio, fast path): {worst_ratio}"
        f" - {_verdict(targets['decision_no_dearer_than_openspiel'])}",
    ]
    if result.get("comparison"):
        lines += ["", f"Against kwcore at {result['against']} (same process, interleaved; "
                      "ratio = now / before):",
                  "companies  fast dec/s  chk dec/s  us/clone"]
        for c in result["comparison"]:
            lines.append(f"{c['players']:>9d}  {c['fast_decisions_per_s_ratio']:>10.3f}  "
                         f"{c['checked_decisions_per_s_ratio']:>9.3f}  "
                         f"{c['us_per_clone_ratio']:>8.3f}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run the benchmark and print the table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per repeat (default 40)")
    parser.add_argument("--repeats", type=int, default=5, help="timed repeats (default 5)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--against", metavar="REV",
                        help="also time kwcore of this git revision and print the ratios")
    args = parser.parse_args(argv)
    if args.games < 1 or args.repeats < 1:
        parser.error("--games and --repeats must be at least 1")
    result = run(args.games, args.repeats, args.against)
    print(json.dumps(result, indent=2) if args.json else format_report(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
