"""CLI start-up: whole-process runs of ``kw new``, ``kw show``, ``kw legal``, ``kw apply`` on a
real position, against ``python -c pass`` in the same run.

Run::

    python benchmarks/bench_cli.py [--runs N] [--json]

Each command runs as a fresh process (``sys.executable -m solvers.cli``, what the ``kw`` script
runs) on a mid-game 4-company position written to a temporary file; ``N`` runs each (default 7),
the commands interleaved run by run so load changes on a shared machine hit them alike; the
median wall time (``time.perf_counter`` around ``subprocess.run``) is reported with its ratio to
the interpreter's own start-up (``python -c pass``) and to ``python -c "import kwcore"``.
Every position is checked against the schema, as always (no shortcut for the benchmark).

``kw new`` looks its game up in the registry (the command line imports only the game a
command needs). Targets: each of new, show, legal and apply under 0.5 s; ``kw solve --puzzle
keep_the_turn`` (a start-up plus a proven solve of the hardest tempo puzzle) under 1.5 s. The
script prints verdicts and never fails on timing.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import kwcore

TARGET_S = 0.5
SOLVE_TARGET_S = 1.5
ROOT = Path(__file__).resolve().parents[1]


def position(players: int = 4, seed: int = 5, steps: int = 120) -> kwcore.State:
    """A mid-game position of a seeded random game."""
    s = kwcore.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_action_ids()))
    return s


def run(argv: list[str]) -> float:
    """Seconds of one whole-process run; it must succeed."""
    start = time.perf_counter()
    done = subprocess.run(argv, cwd=ROOT, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {done.stderr.decode()[:300]}")
    return elapsed


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the exit status (0: never fails on timing)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    state = position()
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "pos.json"
        path.write_text(state.to_json(indent=2))
        action = str(state.legal_actions()[0])
        cases = {
            "python -c pass": [py, "-c", "pass"],
            "python -c 'import kwcore'": [py, "-c", "import kwcore"],
            "kw new": [py, "-m", "solvers.cli", "new", "--players", "4", "--seed", "1"],
            "kw show": [py, "-m", "solvers.cli", "show", str(path)],
            "kw legal": [py, "-m", "solvers.cli", "legal", str(path)],
            "kw apply": [py, "-m", "solvers.cli", "apply", str(path), action],
            "kw solve --puzzle keep_the_turn": [py, "-m", "solvers.cli", "solve", "--puzzle",
                                                "keep_the_turn"],
        }
        times: dict[str, list[float]] = {name: [] for name in cases}
        for cmd in cases.values():  # warm-up: the file cache, .pyc files
            run(cmd)
        for _ in range(args.runs):
            for name, cmd in cases.items():
                times[name].append(run(cmd))
    median = {name: statistics.median(t) for name, t in times.items()}
    floor, core = median["python -c pass"], median["python -c 'import kwcore'"]
    rows = [{"command": name, "median_s": m, "vs_python": m / floor, "vs_import_kwcore": m / core}
            for name, m in median.items()]
    if args.json:
        print(json.dumps({"runs": args.runs, "rows": rows, "target_s": TARGET_S,
                          "solve_target_s": SOLVE_TARGET_S}, indent=2))
        return 0
    print(f"whole-process wall time, median of {args.runs} runs ({state.players} companies, "
          f"{state.decision()}, {len(state.to_json()):,} chars)")
    for r in rows:
        verdict = ""
        if r["command"].startswith("kw "):
            target = SOLVE_TARGET_S if "solve" in r["command"] else TARGET_S
            verdict = "  ok" if r["median_s"] < target else f"  OVER {target} s"
        print(f"  {r['command']:<28} {r['median_s']:>6.3f} s  x{r['vs_python']:>5.1f} python"
              f"  x{r['vs_import_kwcore']:>4.1f} import kwcore{verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
