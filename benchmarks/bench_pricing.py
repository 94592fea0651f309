"""Car-pricing speed: CP-SAT (solvers/kraftwagen/pricing.py) against the brute-force oracle.

Run::

    python benchmarks/bench_pricing.py [--n 30] [--first-seed 0] [--json]

What is measured, on ``N`` "large" positions of tests/support/pricing_positions.py (seeds
``first-seed .. first-seed + N - 1``, 2-4 companies drawn from the seed): five cars already on
the market so the new car is the sixth, every active buyer space full, and the company to move
holding every sales component (Packard and Buick markers, two investors with tokens,
Winton/Christie markers, the salesman in the canteen). A round has 8 price markers, so three are
left on the chart.

* CP-SAT: ``pricing.solve(state)`` with the default ``PricingConfig()`` (1 worker, seed 0),
  instance and model building included; wall time (``time.perf_counter``) and CPU time of this
  process (``time.process_time``; CP-SAT with one worker runs in the calling thread, so it is the
  better figure on a loaded machine);
* the oracle: ``pricing.brute_force(state)`` on the same positions in the same run (every
  configuration played and scored with kwcore);
* the ratio oracle / CP-SAT of the medians, and whether the two values agree on each position
  (a disagreement is listed with its seed; tests/solvers/kraftwagen/test_pricing.py has the
  details).

One warm-up solve first (importing OR-Tools takes about a second). Target: CP-SAT median under
50 ms. Nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from pricing_positions import random_pricing_position  # noqa: E402

from solvers.kraftwagen import pricing  # noqa: E402

TARGET_MEDIAN_MS = 50.0


def timed(fn: Any, *args: Any) -> tuple[Any, float, float]:
    """``fn(*args)``, its wall time and its CPU time, in ms."""
    wall, cpu = time.perf_counter(), time.process_time()
    out = fn(*args)
    return out, (time.perf_counter() - wall) * 1e3, (time.process_time() - cpu) * 1e3


def run(n: int, first_seed: int, quiet: bool) -> dict[str, Any]:
    pricing.solve(random_pricing_position(0))  # warm-up: imports and first model
    rows = []
    for seed in range(first_seed, first_seed + n):
        state = random_pricing_position(seed, size="large")
        plan, wall, cpu = timed(pricing.solve, state)
        best, o_wall, o_cpu = timed(pricing.brute_force, state)
        rows.append({
            "seed": seed, "players": state.players, "plans": len(pricing.all_plans(state)),
            "cpsat_ms": wall, "cpsat_cpu_ms": cpu, "oracle_ms": o_wall, "oracle_cpu_ms": o_cpu,
            "cpsat_value": plan.value, "oracle_value": best.value, "status": plan.status,
        })
        if not quiet:
            print(f"  seed {seed:3d}: {state.players} companies, {rows[-1]['plans']:6d} plans, "
                  f"CP-SAT {wall:7.1f} ms, oracle {o_wall:8.0f} ms, values {plan.value}/"
                  f"{best.value}", file=sys.stderr, flush=True)
    return {"positions": n, "first_seed": first_seed, "rows": rows,
            "machine": {"python": platform.python_version(), "cpus": os.cpu_count(),
                        "load": os.getloadavg() if hasattr(os, "getloadavg") else None}}


def summary(result: dict[str, Any]) -> str:
    rows = result["rows"]

    def col(key: str) -> list[float]:
        return [r[key] for r in rows]

    med = {k: statistics.median(col(k)) for k in ("cpsat_ms", "cpsat_cpu_ms", "oracle_ms",
                                                  "oracle_cpu_ms", "plans")}
    mx = {k: max(col(k)) for k in ("cpsat_ms", "cpsat_cpu_ms", "oracle_ms", "oracle_cpu_ms")}
    bad = [f"seed {r['seed']} ({r['cpsat_value']} vs {r['oracle_value']})" for r in rows
           if r["cpsat_value"] != r["oracle_value"]]
    unproven = [r["seed"] for r in rows if r["status"] != "OPTIMAL"]
    ratio = med["oracle_ms"] / med["cpsat_ms"]
    ratio_cpu = med["oracle_cpu_ms"] / med["cpsat_cpu_ms"]
    def verdict(ms: float) -> str:
        return "met" if ms < TARGET_MEDIAN_MS else "missed"
    lines = [
        f"car pricing on {len(rows)} large positions (seeds {result['first_seed']}.."
        f"{result['first_seed'] + len(rows) - 1}; 6 market cars; median "
        f"{med['plans']:.0f} plans for the oracle; load {result['machine']['load']})",
        f"{'':14}{'CP-SAT':>10}{'oracle':>12}{'ratio':>9}",
        f"{'median ms':14}{med['cpsat_ms']:10.1f}{med['oracle_ms']:12.0f}{ratio:9.0f}",
        f"{'max ms':14}{mx['cpsat_ms']:10.1f}{mx['oracle_ms']:12.0f}",
        f"{'median cpu ms':14}{med['cpsat_cpu_ms']:10.1f}{med['oracle_cpu_ms']:12.0f}"
        f"{ratio_cpu:9.0f}",
        f"{'max cpu ms':14}{mx['cpsat_cpu_ms']:10.1f}{mx['oracle_cpu_ms']:12.0f}",
        f"values agree: {len(rows) - len(bad)}/{len(rows)}"
        + (f"; differ: {', '.join(bad)}" if bad else "")
        + (f"; not proven optimal: {unproven}" if unproven else ""),
        f"target CP-SAT median < {TARGET_MEDIAN_MS:.0f} ms: wall {verdict(med['cpsat_ms'])}, "
        f"cpu {verdict(med['cpsat_cpu_ms'])}",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, default=30, help="positions (default 30)")
    parser.add_argument("--first-seed", type=int, default=0, help="first seed (default 0)")
    parser.add_argument("--json", action="store_true", help="print the raw results as JSON")
    parser.add_argument("--quiet", action="store_true", help="no per-position progress lines")
    args = parser.parse_args(argv)
    result = run(args.n, args.first_seed, args.quiet)
    print(json.dumps(result, indent=1) if args.json else summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
