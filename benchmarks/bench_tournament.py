"""Tournament games per second with 1 and 2 worker processes, in one run.

Run::

    python benchmarks/bench_tournament.py [--bots greedy,random] [--games 40] [--repeats 3] [--json]

Each repeat plays the same seeded tournament (``solvers.tournament.run_tournament``) once in one
process and once with two worker processes (interleaved, so both see the same machine load) and
checks that the games are identical. Reported: the median games/s of each, and the ratio
(2 workers / 1 worker; 2.0 would be perfect scaling on 2 cores). The 2-worker time includes
starting the worker processes ("spawn"), which is part of what a user waits for. Nothing here
asserts on timing.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time

from solvers.tournament import run_tournament


def measure(bots: list[str], games: int, workers: int, seed: int) -> tuple[float, tuple]:
    """Seconds for one tournament, and its games (to check that workers change nothing)."""
    t0 = time.perf_counter()
    result = run_tournament(bots, games, seed=seed, workers=workers, progress=False)
    return time.perf_counter() - t0, result.games


def main() -> None:
    """Parse the options, measure, print the table (or JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--bots", default="greedy,random")
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    bots = args.bots.split(",")
    measure(bots, len(bots), 1, 99)  # warm-up: imports and first-call caches
    times: dict[int, list[float]] = {1: [], 2: []}
    same = True
    for r in range(args.repeats):
        one, games_one = measure(bots, args.games, 1, r)
        two, games_two = measure(bots, args.games, 2, r)
        times[1].append(one)
        times[2].append(two)
        same = same and games_one == games_two
    rate = {w: args.games / statistics.median(t) for w, t in times.items()}
    row = {"bots": args.bots, "games": args.games, "repeats": args.repeats,
           "games_per_s_1_worker": round(rate[1], 2), "games_per_s_2_workers": round(rate[2], 2),
           "ratio": round(rate[2] / rate[1], 2), "identical_games": same,
           "cores": os.cpu_count(), "load_average": round(os.getloadavg()[0], 2)}
    if args.json:
        print(json.dumps(row, indent=2))
        return
    print(f"tournament {args.bots}, {args.games} games, median of {args.repeats} "
          f"(load average {row['load_average']}, {row['cores']} cores)")
    print(f"  1 worker : {rate[1]:7.2f} games/s")
    print(f"  2 workers: {rate[2]:7.2f} games/s   ratio {row['ratio']:.2f}  "
          f"(games identical: {'yes' if same else 'NO'})")


if __name__ == "__main__":
    main()
