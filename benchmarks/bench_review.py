"""A whole game reviewed move by move (``solvers.review``) at the default budget, per game.

Run::

    python benchmarks/bench_review.py [--games kraftwagen formel1 automobiles] [--players 3]
                                      [--seed 1] [--budget S] [--json]

For each game: one seeded game between greedy bots (``--players``, ``--seed``), saved as a
replay as ``kw play --replay`` saves it, then every decision of seat 0 reviewed at the game's
default budget (``solvers.review.DEFAULT_BUDGET``, or ``--budget``). Reported: decisions of the
player, how many the solver valued, forced and not valued, the marks, the wall and CPU time in
all, and the mean and the largest time per decision. One process; nothing here asserts on
timing.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from gamecore.cli import play_game  # noqa: E402
from gamecore.game import find  # noqa: E402
from solvers.review import DEFAULT_BUDGET, review  # noqa: E402

GAMES = ("kraftwagen", "formel1", "automobiles")


def replay_of(game: str, players: int, seed: int) -> str:
    """A seeded game between greedy bots as a replay file."""
    g = find(game)
    taken: list[str] = []
    final = play_game(g, players, seed, [g.make_bot("greedy", seed * 16 + i)
                                         for i in range(players)], record=taken)
    assert g.replay_to_json is not None
    return g.replay_to_json(final, taken)


def measure(game: str, players: int, seed: int, budget: float | None) -> dict[str, Any]:
    """One game reviewed for seat 0: counts and times."""
    text = replay_of(game, players, seed)
    wall, cpu = time.perf_counter(), time.process_time()
    result = review(text, 0, budget)
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    per = [d.seconds for d in result.decisions]
    return {"game": game, "players": players, "seed": seed, "budget": result.budget,
            "decisions": len(result.decisions),
            "valued": sum(1 for d in result.decisions if d.valued),
            "forced": sum(1 for d in result.decisions if d.legal == 1),
            "not_valued": sum(1 for d in result.decisions
                              if d.legal > 1 and not d.valued),
            "proven_best": sum(1 for d in result.decisions
                               if d.best_value is not None and d.best_value.kind == "proven"),
            "marks": result.counts(), "wall_s": round(wall, 1), "cpu_s": round(cpu, 1),
            "mean_s": round(statistics.fmean(per), 3) if per else 0.0,
            "max_s": round(max(per), 2) if per else 0.0}


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print a table (or JSON)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=GAMES)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--budget", type=float, default=None,
                        help=f"seconds per decision (default: the game's, {DEFAULT_BUDGET})")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rows = [measure(g, args.players, args.seed, args.budget) for g in args.games]
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(f"{'game':<12} {'budget':>6} {'decisions':>9} {'valued':>6} {'forced':>6} "
          f"{'not val.':>8} {'proven':>6} {'marks i/m/b':>11} {'wall s':>7} {'cpu s':>7} "
          f"{'mean s':>7} {'max s':>6}")
    for r in rows:
        m = r["marks"]
        marks = f"{m['inaccuracy']}/{m['mistake']}/{m['blunder']}"
        print(f"{r['game']:<12} {r['budget']:>6g} {r['decisions']:>9} {r['valued']:>6} "
              f"{r['forced']:>6} {r['not_valued']:>8} {r['proven_best']:>6} {marks:>11} "
              f"{r['wall_s']:>7} {r['cpu_s']:>7} {r['mean_s']:>7} {r['max_s']:>6}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
