"""Engine speed of the racing games: random games, checked play and clones, against OpenSpiel.

Run::

    python benchmarks/bench_racing.py [--games N] [--repeats R] [--only formel1|automobiles]

For Formel 1 (2, 4 and 6 players, three races a game, the standard track) and Automobiles (2 to
5 players, the standard card set; the issue names 4), the workloads of ``bench_engine.py``
(Kraftwagen's engine benchmark, which also compares kwcore with an earlier revision): whole
seeded random games on the fast path (``apply_unchecked``) and on the checked path
(``apply``), and clones of mid-game states, each game's ``new_game`` included; beside them
random play on OpenSpiel's Python ``python_tic_tac_toe``, all interleaved in one process, the
median of ``R`` repeats.
The ratio is our µs per decision over tic-tac-toe's (below 1: we are cheaper).

Targets: a random 3-race Formel 1 game under 50 ms, and a cost per decision no
higher than tic-tac-toe's. Nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import (  # noqa: E402
    TTT_GAMES_PER_KW_GAME,
    clone_all,
    measure,
    mid_game_states,
    openspiel_work,
    play_checked,
    play_fast,
)

import automobiles  # noqa: E402
import formel1  # noqa: E402

GAMES = {"formel1": (formel1, (2, 4, 6)), "automobiles": (automobiles, (2, 3, 4, 5))}
TARGET_F1_GAME_MS = 50.0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=20, help="games per repeat (default 20)")
    ap.add_argument("--repeats", type=int, default=5, help="timed repeats (default 5)")
    ap.add_argument("--only", choices=sorted(GAMES), help="measure one game (default: both)")
    args = ap.parse_args(argv)
    games = {args.only: GAMES[args.only]} if args.only else GAMES
    works: dict[str, Callable[[], int]] = {}
    for name, (engine, counts) in games.items():
        for p in counts:
            states = mid_game_states(p, args.games, engine)
            works[f"{name}-fast-{p}"] = partial(play_fast, p, args.games, engine)
            works[f"{name}-checked-{p}"] = partial(play_checked, p, args.games, engine)
            works[f"{name}-clone-{p}"] = partial(clone_all, states)
    ttt_games = args.games * TTT_GAMES_PER_KW_GAME
    ttt = openspiel_work(ttt_games)
    if ttt is not None:
        works["openspiel"] = ttt
    timings = measure(works, args.repeats)
    ref = None
    if ttt is not None:
        seconds, decisions = timings["openspiel"]
        ref = 1e6 * seconds / decisions
        print(f"OpenSpiel python_tic_tac_toe: {ref:.1f} us a decision ({ttt_games} games)")
    print(f"median of {args.repeats}, {args.games} games a repeat")
    print("game         players  dec/game  ms/game  games/s   us/dec  chk us/dec  us/clone  ratio")
    worst: dict[str, float] = {}
    f1_ms = 0.0
    for name, (_, counts) in games.items():
        for p in counts:
            fast_s, decisions = timings[f"{name}-fast-{p}"]
            checked_s, _ = timings[f"{name}-checked-{p}"]
            clone_s, clones = timings[f"{name}-clone-{p}"]
            us = 1e6 * fast_s / decisions
            ms = 1e3 * fast_s / args.games
            ratio = us / ref if ref else float("nan")
            worst[name] = max(worst.get(name, 0.0), ratio)
            if name == "formel1":
                f1_ms = max(f1_ms, ms)
            print(f"{name:<12} {p:>7}  {decisions / args.games:>8.0f}  {ms:>7.2f}"
                  f"  {args.games / fast_s:>7.1f}  {us:>7.1f}"
                  f"  {1e6 * checked_s / decisions:>10.1f}  {1e6 * clone_s / clones:>8.1f}"
                  f"  {ratio:>5.2f}")
    if "formel1" in games:
        print(f"target: a random 3-race Formel 1 game under {TARGET_F1_GAME_MS:g} ms (worst "
              f"player count): {f1_ms:.1f} ms - "
              f"{'met' if f1_ms < TARGET_F1_GAME_MS else 'not met'}")
    for name, ratio in worst.items() if ref else ():
        print(f"target: {name}'s cost a decision no higher than tic-tac-toe's (worst ratio): "
              f"{ratio:.2f} - {'met' if ratio <= 1.0 else 'not met'}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
