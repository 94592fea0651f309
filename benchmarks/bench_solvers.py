"""Solver speed over the built-in puzzles, and CP-SAT pricing against its brute-force oracle.

Run::

    python benchmarks/bench_solvers.py [--plain-budget 120] [--pricing-n 30] [--only PUZZLE ...]
                                       [--json]

What is measured, in one process:

* every tempo puzzle of ``solvers/kraftwagen/puzzle_data`` solved by the turn planner with the
puzzle's
  settings: time to the proven optimum, nodes (positions searched, and children generated but
  cut by their bound without a search), nodes per second;
* the same positions with plain exhaustive search (``use_table=False, use_bounds=False,
  use_ordering=False, deepen=False``: no transposition table, no pruning, no move ordering, the
  whole round at once), given at most ``--plain-budget`` seconds each; the speed-up is plain
  time / planner time, and the two values must be equal. A plain search cut by its budget
  gives a lower bound on the speed-up (">").
  Both wall-clock and CPU time (``time.process_time``) are shown: on a shared machine the CPU
  time is the steadier of the two, as it leaves out the time other processes hold the cores.
  The planner's and the tempo graph's memo tables are emptied before each puzzle
  (``planner.clear_caches``), so each solve starts as cold as in a fresh process.
* every pricing puzzle solved by CP-SAT, and the large random pricing positions of
  ``benchmarks/bench_pricing.py`` (CP-SAT against the oracle that scores every configuration with
  kwcore).

Nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solvers.kraftwagen import planner, pricing  # noqa: E402
from solvers.kraftwagen.puzzles import load_puzzles  # noqa: E402

HARD_NODES = 100_000  # a position is hard for search when plain search needs this many nodes


def timed_plan(state: Any, company: int | None, config: planner.PlannerConfig
               ) -> tuple[planner.Plan, float]:
    """The plan and the CPU seconds of its search: up to the last first decision solved (the
    planner's progress callback), as ``Plan.seconds`` counts, without rebuilding the principal
    variation afterwards."""
    marks: list[float] = []
    start = time.process_time()
    result = planner.plan(state, company, config,
                          on_progress=lambda done, total: marks.append(time.process_time()))
    return result, (marks[-1] if marks else time.process_time()) - start


def tempo_rows(plain_budget: float, only: list[str] | None = None) -> list[dict[str, Any]]:
    """Planner against plain exhaustive search on each tempo puzzle (or those named)."""
    rows = []
    for p in load_puzzles():
        if p.kind != "tempo" or (only and p.name not in only):
            continue
        state = p.state()
        company = p.settings.get("company")
        # The planner starts each puzzle cold: its memo tables and the tempo graph's are
        # emptied (the warm-up solved the first puzzle only for the imports).
        planner.clear_caches()
        fast, fast_cpu = timed_plan(state, company, p.planner_config())
        # Plain search is the whole round at once (no deepening, no probes), as before.
        plain_cfg = replace(p.planner_config(), use_table=False, use_bounds=False,
                            use_ordering=False, deepen=False, time_budget=plain_budget,
                            node_budget=10**9)
        plain, plain_cpu = timed_plan(state, company, plain_cfg)
        finished = not plain.stopped
        rows.append({
            "puzzle": p.name, "difficulty": p.difficulty, "players": p.players,
            "value": fast.value, "proven": fast.proven, "seconds": fast.seconds,
            "nodes": fast.nodes, "nodes_per_s": fast.nodes / max(fast.seconds, 1e-9),
            "plain_seconds": plain.seconds, "plain_nodes": plain.nodes,
            "plain_finished": finished,
            "values_equal": (plain.value == fast.value) if finished else None,
            "speedup": plain.seconds / max(fast.seconds, 1e-9),
            "cpu_seconds": fast_cpu, "plain_cpu_seconds": plain_cpu,
            "cpu_speedup": plain_cpu / max(fast_cpu, 1e-9),
        })
    return rows


def pricing_rows() -> list[dict[str, Any]]:
    """CP-SAT on each pricing puzzle, against the oracle."""
    rows = []
    for p in load_puzzles():
        if p.kind != "pricing":
            continue
        state = p.state()
        t0 = time.perf_counter()
        cp = pricing.solve(state)
        t1 = time.perf_counter()
        oracle = pricing.brute_force(state)
        t2 = time.perf_counter()
        rows.append({"puzzle": p.name, "value": cp.value, "proven": cp.proven,
                     "cpsat_ms": (t1 - t0) * 1000, "oracle_ms": (t2 - t1) * 1000,
                     "values_equal": cp.value == oracle.value})
    return rows


def report(tempo: list[dict[str, Any]], prices: list[dict[str, Any]]) -> str:
    """The tables as text."""
    out = ["Tempo puzzles: planner vs plain exhaustive search (same position, same settings)",
           f"{'puzzle':<24}{'diff':>5}{'value':>7}{'proven':>8}{'s':>8}{'nodes':>10}"
           f"{'nodes/s':>9}{'plain s':>9}{'plain nodes':>12}{'speed-up':>10}{'cpu s':>7}"
           f"{'plain cpu':>10}{'cpu up':>9}{'equal':>7}"]
    for r in tempo:
        gt = "" if r["plain_finished"] else ">"
        out.append(f"{r['puzzle']:<24}{r['difficulty']:>5}{r['value']:>7g}{str(r['proven']):>8}"
                   f"{r['seconds']:>8.2f}{r['nodes']:>10,}{r['nodes_per_s']:>9,.0f}"
                   f"{r['plain_seconds']:>9.1f}{r['plain_nodes']:>12,}"
                   f"{gt + format(r['speedup'], '.1f') + 'x':>10}{r['cpu_seconds']:>7.2f}"
                   f"{r['plain_cpu_seconds']:>10.1f}"
                   f"{gt + format(r['cpu_speedup'], '.1f') + 'x':>9}{str(r['values_equal']):>7}")
    if tempo:
        secs = [r["seconds"] for r in tempo]
        out.append(f"time to proven optimum: median {statistics.median(secs):.2f} s, "
                   f"max {max(secs):.2f} s; median nodes/s "
                   f"{statistics.median(r['nodes_per_s'] for r in tempo):,.0f}")
        ups = [r["speedup"] for r in tempo]
        fewer = statistics.median(r["plain_nodes"] / max(r["nodes"], 1) for r in tempo)
        out.append(f"speed-up over plain search: median {statistics.median(ups):.1f}x, "
                   f"max {max(ups):.1f}x; plain search visits a median {fewer:.0f}x the nodes")
        # Hard for search: plain exhaustive search needs at least HARD_NODES nodes. (The
        # difficulty stars rate a puzzle for a person: hire_first, five stars, is a 720-node
        # endgame that any search solves at once.)
        hard = [r for r in tempo if r["plain_nodes"] >= HARD_NODES] or tempo
        out.append(f"speed-up on the puzzles hard for search (plain search >= {HARD_NODES:,} "
                   "nodes), wall clock (CPU time): "
                   + ", ".join(f"{r['puzzle']} {'>' if not r['plain_finished'] else ''}"
                               f"{r['speedup']:.1f}x ({r['cpu_speedup']:.1f}x; "
                               f"{r['plain_nodes'] / max(r['nodes'], 1):.0f}x fewer nodes)"
                               for r in hard))
    out += ["", "Pricing puzzles: CP-SAT vs the brute-force oracle",
            f"{'puzzle':<24}{'value':>7}{'proven':>8}{'CP-SAT ms':>11}{'oracle ms':>11}"
            f"{'equal':>7}"]
    for r in prices:
        out.append(f"{r['puzzle']:<24}{r['value']:>7}{str(r['proven']):>8}"
                   f"{r['cpsat_ms']:>11.1f}{r['oracle_ms']:>11.1f}{str(r['values_equal']):>7}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print the tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plain-budget", type=float, default=120.0,
                    help="seconds allowed to plain exhaustive search per puzzle")
    ap.add_argument("--pricing-n", type=int, default=30,
                    help="large random pricing positions (0 to skip)")
    ap.add_argument("--only", nargs="+", metavar="PUZZLE",
                    help="the tempo puzzles to run (default: all); skips the pricing tables")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    tempo_names = [p.name for p in load_puzzles() if p.kind == "tempo"]
    unknown = [name for name in args.only or [] if name not in tempo_names]
    if unknown:
        ap.error(f"no tempo puzzle named {', '.join(unknown)} (known: {', '.join(tempo_names)})")
    # Warm-up (imports, the tempo graph and rule caches), so the first row is not charged.
    pricing.solve(next(p for p in load_puzzles() if p.kind == "pricing").state())
    first = next(p for p in load_puzzles() if p.kind == "tempo")
    planner.plan(first.state(), first.settings.get("company"), first.planner_config())
    tempo = tempo_rows(args.plain_budget, args.only)
    prices = [] if args.only else pricing_rows()
    large: dict[str, Any] = {}
    if args.pricing_n and not args.only:
        import bench_pricing

        large = bench_pricing.run(args.pricing_n, 0, True)
    if args.json:
        print(json.dumps({"tempo": tempo, "pricing": prices, "large_pricing": large},
                         indent=2, default=str))
    else:
        print(report(tempo, prices))
        if large:
            import bench_pricing

            print()
            print(bench_pricing.summary(large))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
