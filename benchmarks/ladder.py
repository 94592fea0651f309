"""The bot ladder: head-to-head 2-company matches, with significance, as a table for the README.

Run::

    python benchmarks/ladder.py [--match planner,greedy:40 ...] [--seed 0] [--workers 1]
                                [--markdown] [--json]

Each match is a ``solvers.tournament`` tournament between two bots: seeded games in blocks of two
on the same setup, seats swapped, so both bots meet the same deals from both seats. For every
match the table gives the wins of each bot, shared wins (RULINGS K24), the first bot's win rate
with a 95% Wilson interval, a two-sided binomial test of its wins against its rival's (shared wins
and games abandoned at the tournament's decision cap left out; scipy.stats), and the mean score
margin with a 95% t interval over the games. A margin
is called significant when p < 0.05. The bots' budgets are the registry defaults
(``solvers.bots``; the planner: 300 nodes, 3,000 at the market step, 2,100 after each candidate
tile at the tile choice) unless a spec sets them;
MCTS plays with 10 simulations here because its greedy rollouts cost about 10-20 ms each, so
larger budgets take minutes per game. The planner
and MCTS games dominate the run time (the table prints seconds per game); ``--workers 2`` halves
it on two free cores.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from typing import Any

from solvers.bots import canonical
from solvers.tournament import TournamentResult, run_tournament

# Games per match, fixed before the measured run (no optional stopping): the matches against
# greedy get most, since they are the closest; the whole ladder takes about 25 minutes with
# --workers 2 (the planner bot about 10 s a game).
DEFAULT_MATCHES = ("greedy,random:20", "planner,greedy:200", "planner,random:10",
                   "mcts:10,greedy:40", "mcts:10,random:10")
SIGNIFICANCE = 0.05


def parse_match(text: str) -> tuple[str, str, int]:
    """``A,B:GAMES`` -> (A, B, games); bot specs may carry parameters (``mcts:100,greedy:20``)."""
    head, _, games = text.rpartition(":")
    a, _, b = head.partition(",")
    if not a or not b or not games.isdigit():
        raise SystemExit(f"ladder: error: a match is A,B:GAMES, not {text!r}")
    return canonical(a), canonical(b), int(games)


def match_row(result: TournamentResult, seconds: float) -> dict[str, Any]:
    """One match summarised from the first bot's point of view."""
    from scipy import stats

    a, b = result.bots
    first, second = result.stats
    margins = []
    for g in result.games:
        seat_a = g.lineup.index(a)
        margins.append(g.scores[seat_a] - g.scores[1 - seat_a])
    decided = first.wins + second.wins
    p = stats.binomtest(first.wins, decided, 0.5).pvalue if decided else 1.0
    mean = statistics.fmean(margins)
    sem = stats.sem(margins)
    low, high = (stats.t.interval(0.95, len(margins) - 1, loc=mean, scale=sem)
                 if sem > 0 else (mean, mean))
    return {"match": f"{a} vs {b}", "games": len(result.games), "wins": first.wins,
            "losses": second.wins, "shared": first.shared, "abandoned": result.abandoned,
            "win_rate": first.win_rate,
            "win_ci": first.win_ci, "p": float(p), "margin": mean,
            "margin_ci": (float(low), float(high)), "significant": bool(p < SIGNIFICANCE),
            "mean_scores": (first.mean_score, second.mean_score), "seconds": seconds,
            "seconds_per_game": seconds / len(result.games)}


def markdown(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as a Markdown table."""
    lines = ["| match | games | wins-losses (shared, abandoned) | win rate (95% CI) | p | mean "
             "score margin (95% CI) | s/game |", "|---|---|---|---|---|---|---|"]
    for r in rows:
        sig = "" if r["significant"] else " (n.s.)"
        lines.append(f"| {r['match']} | {r['games']} | {r['wins']}-{r['losses']} ({r['shared']}, "
                     f"{r['abandoned']})"
                     f" | {r['win_rate']:.0%} ({r['win_ci'][0]:.0%}-{r['win_ci'][1]:.0%}) | "
                     f"{_p(r['p'])}{sig} | {r['margin']:+.1f} ({r['margin_ci'][0]:+.1f} to "
                     f"{r['margin_ci'][1]:+.1f}) | {r['seconds_per_game']:.1f} |")
    return lines


def _p(p: float) -> str:
    return "<0.001" if p < 0.001 else f"{p:.3f}" if not math.isnan(p) else "-"


def main() -> None:
    """Play the matches one after another and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--match", action="append", default=None, metavar="A,B:GAMES",
                    help=f"a match (repeatable; default {' '.join(DEFAULT_MATCHES)})")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--markdown", action="store_true", help="only the Markdown table")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    rows = []
    for text in args.match or DEFAULT_MATCHES:
        a, b, games = parse_match(text)
        t0 = time.perf_counter()
        result = run_tournament([a, b], games, seed=args.seed, workers=args.workers)
        rows.append(match_row(result, time.perf_counter() - t0))
        print(f"done: {rows[-1]['match']} ({rows[-1]['seconds']:.0f} s)", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("\n".join(markdown(rows)))
    if not args.markdown:
        print("\np: two-sided binomial test of the first bot's wins against its rival's, shared "
              f"and abandoned games left out; n.s. = not significant at {SIGNIFICANCE}. Seats "
              f"swapped on the same setups; tournament seed {args.seed}.")


if __name__ == "__main__":
    main()
