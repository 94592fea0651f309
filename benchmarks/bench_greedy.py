"""Greedy decisions with and without the cached round projection (``kwcore.bots``).

Run::

    python benchmarks/bench_greedy.py [--positions 12] [--decisions 150] [--repeats 5]

From each of the first ``--positions`` real positions (``solvers.kraftwagen.positions``:
mid-round tile choices of seeded games) every company takes the planner's greedy choice
(``solvers.kraftwagen.planner.greedy_choice``, the rival model and the tails of the anytime
search) for up to ``--decisions`` decisions. The same workload is timed with the projection
cache and with a cache that keeps nothing, interleaved in one process (median of
``--repeats``), and the decisions are compared: they must be identical. The cache is emptied
before each timed run with it, so the figure is that of a fresh search. Nothing here asserts on
timing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from kwcore import bots  # noqa: E402
from solvers.kraftwagen.planner import greedy_choice  # noqa: E402
from solvers.kraftwagen.positions import real_positions  # noqa: E402


class _NoStore(dict):  # type: ignore[type-arg]
    """A projection cache that keeps nothing: every projection computed afresh."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def _run(states: list, decisions: int) -> tuple[list[int], float]:  # type: ignore[type-arg]
    """Every greedy decision taken from each state, and the seconds it took."""
    taken: list[int] = []
    t0 = time.perf_counter()
    for start in states:
        s = start.clone(history=False)
        for _ in range(decisions):
            if s.is_terminal():
                break
            aid = greedy_choice(s)
            taken.append(aid)
            s.apply_unchecked(aid)
    return taken, time.perf_counter() - t0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--decisions", type=int, default=150)
    ap.add_argument("--repeats", type=int, default=5)
    args = ap.parse_args(argv)
    states = [pos.state for pos in real_positions(args.positions)]
    cached, plain = [], []
    same = True
    for _ in range(args.repeats):
        bots._PROJECTIONS.clear()
        with_cache, a = _run(states, args.decisions)
        kept = bots._PROJECTIONS
        bots._PROJECTIONS = _NoStore()
        try:
            without, b = _run(states, args.decisions)
        finally:
            bots._PROJECTIONS = kept
        same = same and with_cache == without
        cached.append(a)
        plain.append(b)
    n = len(with_cache)
    a, b = statistics.median(cached), statistics.median(plain)
    print(f"{n} greedy decisions from {len(states)} real positions, median of {args.repeats}:")
    print(f"  with the projection cache    {a:.3f} s ({1e6 * a / n:.0f} us a decision)")
    print(f"  without it                   {b:.3f} s ({1e6 * b / n:.0f} us a decision)")
    print(f"  ratio without / with         {b / a:.2f}x")
    print(f"  the same decisions: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
