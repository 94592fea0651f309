"""Automobiles over the race: kw solve's answer time, and whether the race-value ranking picks
the choice that wins most often.

Run::

    python benchmarks/bench_automobiles_race.py [--positions N] [--seed S]
                                                [--truth-races R] [--skip-solve]

Positions: ``N`` (default 20) real positions from seeded races of 2-5 players (standard and
random card sets; early, mid and late race: ``positions.mid_race`` at turns 2-100, the greedy
and random bots having played), plus the late-race position of four players that once ran for
minutes (``mid_race(2, 60, players=4)``).

1. **Answered within 10 s**: ``kw solve``'s solver with its defaults (10 s budget: the turn
   search, then about 2 s of simulated races) on every position; wall time of each (median,
   max), the kind of answer (proven / bound).
2. **The ranking's choice wins most often**: on every position, the ranking ``kw solve`` gives
   (``race.race_values`` for 2 s of CPU, seed 0) against a reference of ``R`` (default 200)
   simulated races per first decision on other seeds (1000+): how often the ranking's first
   choice is the reference's most winning choice (the best share of races won), and, where it
   is not, whether its share of wins lies inside the reference winner's 95% interval (the two
   are then not told apart by ``R`` races). Both use the greedy bot after the decision.

Nothing here asserts on timing.

Measured 2026-12-02 (``--positions 20 --truth-races 100``), the shared 2-core machine at load
average 7-9 (a ladder and tests running beside it): kw solve on 21 positions, median 2.26 s, max
9.45 s wall, 21/21 within 10 s (18 proven for the turn, 3 bounds: the turn search stopped at 7 s,
the slow one among them); the ranking's first choice (27-273 races per choice in its 2 s) was
the reference's most winning choice on 14/21 positions (ties of equal win share counted as the
same) and inside the reference winner's 95% interval on 21/21; 17 of the 21 positions had a
choice that wins sometimes and not always. 100 reference races per choice cannot tell apart
choices whose win shares differ by less than about 0.1: "inside" says no more than that.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from automobiles import State  # noqa: E402
from solvers.automobiles import solve  # noqa: E402
from solvers.automobiles.positions import mid_race  # noqa: E402
from solvers.automobiles.race import RaceValues, race_values  # noqa: E402


def positions(count: int, seed: int) -> list[tuple[str, State]]:
    """``count`` real positions (module docstring) and the known slow one, each named."""
    rng = random.Random(seed)
    out: list[tuple[str, State]] = []
    state = mid_race(2, 60, players=4)
    if state is not None:
        out.append(("4p seed 2 turn 60 (the slow one)", state))
    while len(out) < count + 1:
        players = rng.choice((2, 3, 4, 5))
        cards = rng.choice(("standard", "random"))
        turns = rng.choice((2, 10, 25, 45, 70, 100))
        race_seed = rng.randrange(10**6)
        state = mid_race(race_seed, turns, players=players, cards=cards,
                         bots=(rng.choice(("greedy", "random")), "greedy"))
        if state is not None and len(state.legal_action_ids()) > 1:
            out.append((f"{players}p {cards} seed {race_seed} turn {turns}", state))
    return out


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``wins`` in ``n``."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (module docstring); print one line per position and a summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--truth-races", type=int, default=200)
    parser.add_argument("--skip-solve", action="store_true")
    args = parser.parse_args(argv)
    found = positions(args.positions, args.seed)
    if not args.skip_solve:
        times, kinds = [], []
        for name, state in found:
            started = time.perf_counter()
            answer = solve.SOLVER.solve(state, {})
            took = time.perf_counter() - started
            times.append(took)
            kinds.append(answer.kind)
            print(f"solve  {name:42} {took:6.2f} s  {answer.kind:7} {answer.best}", flush=True)
        print(f"kw solve: {len(times)} positions, median {statistics.median(times):.2f} s, max "
              f"{max(times):.2f} s, within 10 s: {sum(t <= 10 for t in times)}/{len(times)}; "
              f"proven {kinds.count('proven')}, bound {kinds.count('bound')}", flush=True)
    same = close = decided = 0
    for name, state in found:
        ranking: RaceValues = race_values(state, seconds=solve.RACE_SECONDS, seed=0)
        truth = race_values(state, seconds=None, races=args.truth_races, seed=1000)
        by_wins = max(truth.choices, key=lambda c: c.win)
        picked = truth.choice(ranking.best.action)
        low, _ = wilson(by_wins.win * args.truth_races, args.truth_races)
        agree = picked.action == by_wins.action or picked.win == by_wins.win
        inside = agree or picked.win >= low
        same += agree
        decided += by_wins.win > 0 and min(c.win for c in truth.choices) < 1
        close += inside
        print(f"rank   {name:42} ranked {ranking.best.action:16} ({ranking.best.place.n} "
              f"races) wins {picked.win:.3f}; most wins {by_wins.action:16} {by_wins.win:.3f} "
              f"(95% from {low:.3f}); {'same' if agree else 'inside' if inside else 'OUT'}",
              flush=True)
    print(f"ranking's choice = the most winning choice on {same}/{len(found)} positions; "
          f"within the reference winner's 95% interval on {close}/{len(found)} "
          f"({args.truth_races} reference races per choice); {decided} positions where some "
          f"choice wins and not every choice always wins")
    return 0


if __name__ == "__main__":
    sys.exit(main())
