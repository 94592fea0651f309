"""Solver speed over the built-in puzzles, and CP-SAT pricing against its brute-force oracle.

Run::

    python benchmarks/bench_solvers.py [--plain-budget 120] [--pricing-n 30] [--json]

What is measured, in one process:

* every tempo puzzle of ``solvers/puzzle_data`` solved by the turn planner with the puzzle's
  settings: time to the proven optimum, nodes, nodes per second;
* the same positions with plain exhaustive search (``use_table=False, use_bounds=False,
  use_ordering=False``: no transposition table, no pruning, no move ordering), given at most
  ``--plain-budget`` seconds each; the speed-up is plain time / planner time, and the two values
  must be equal. A plain search cut by its budget gives a lower bound on the speed-up (">").
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

from solvers import planner, pricing  # noqa: E402
from solvers.puzzles import load_puzzles  # noqa: E402


def tempo_rows(plain_budget: float) -> list[dict[str, Any]]:
    """Planner against plain exhaustive search on each tempo puzzle."""
    rows = []
    for p in load_puzzles():
        if p.kind != "tempo":
            continue
        state = p.state()
        company = p.settings.get("company")
        fast = planner.plan(state, company, p.planner_config())
        plain_cfg = replace(p.planner_config(), use_table=False, use_bounds=False,
                            use_ordering=False, time_budget=plain_budget, node_budget=10**9)
        plain = planner.plan(state, company, plain_cfg)
        finished = not plain.stopped
        rows.append({
            "puzzle": p.name, "difficulty": p.difficulty, "players": p.players,
            "value": fast.value, "proven": fast.proven, "seconds": fast.seconds,
            "nodes": fast.nodes, "nodes_per_s": fast.nodes / max(fast.seconds, 1e-9),
            "plain_seconds": plain.seconds, "plain_nodes": plain.nodes,
            "plain_finished": finished,
            "values_equal": (plain.value == fast.value) if finished else None,
            "speedup": plain.seconds / max(fast.seconds, 1e-9),
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
           f"{'nodes/s':>9}{'plain s':>9}{'plain nodes':>12}{'speed-up':>10}{'equal':>7}"]
    for r in tempo:
        gt = "" if r["plain_finished"] else ">"
        out.append(f"{r['puzzle']:<24}{r['difficulty']:>5}{r['value']:>7g}{str(r['proven']):>8}"
                   f"{r['seconds']:>8.2f}{r['nodes']:>10,}{r['nodes_per_s']:>9,.0f}"
                   f"{r['plain_seconds']:>9.1f}{r['plain_nodes']:>12,}"
                   f"{gt + format(r['speedup'], '.1f') + 'x':>10}{str(r['values_equal']):>7}")
    if tempo:
        secs = [r["seconds"] for r in tempo]
        out.append(f"time to proven optimum: median {statistics.median(secs):.2f} s, "
                   f"max {max(secs):.2f} s; median nodes/s "
                   f"{statistics.median(r['nodes_per_s'] for r in tempo):,.0f}")
        hard = [r for r in tempo if r["difficulty"] >= 4] or tempo
        out.append("speed-up on the hard puzzles (difficulty >= 4): "
                   + ", ".join(f"{r['puzzle']} {'>' if not r['plain_finished'] else ''}"
                               f"{r['speedup']:.0f}x" for r in hard))
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
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    pricing.solve(next(p for p in load_puzzles() if p.kind == "pricing").state())  # warm-up
    tempo = tempo_rows(args.plain_budget)
    prices = pricing_rows()
    large: dict[str, Any] = {}
    if args.pricing_n:
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
