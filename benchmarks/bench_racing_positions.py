"""Position sizes and loader times of the racing games: the largest legal game, and hostile
files just under the size limit.

Run::

    python benchmarks/bench_racing_positions.py [--games N] [--repeats R] [--skip-sizes]

Sizes: games at the longest settings the options allow, between random bots and between greedy
bots, the positions' JSON measured (every 25th decision while the log is near its longest,
and the last): Automobiles with 5
players, a season of 10 races of 8 laps, drivers, sponsors and Weaving, on both tracks, with the
standard and a random card set; Formel 1 with 6 players and 10 races on both tracks, plain, with
no car, and with each two-lap form (White 3-2-1 with one of them), and a 4-player 10-race no-car
game of ``formel1.bots.TraderBot`` (as long as the rules allow: card auctions bid up $10K at a
time; its log is cut, ``formel1.state.LOG_LIMIT``). ``N`` seeds each (default 2).
Prints the largest JSON per game and its ratio to ``gamecore.position.MAX_POSITION_SIZE``.

Hostile files (CPU time, ``time.process_time``, the best of R runs, default 5): text of just
under MAX_POSITION_SIZE built from a real position of each game: one-character log lines, the
longest log the loader takes (its most events, whitespace up to the limit: the worst case
that loads), the same with its last event wrong, a log one event too long, a 1 MB string, 1 MB
of nesting, a huge number. Target: refused or loaded in under 200 ms each. The script prints
verdicts and never fails on timing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from typing import Any

import automobiles
import formel1
from automobiles import serialize as au_serialize
from automobiles.bots import make_bot as au_bot
from formel1 import serialize as f1_serialize
from formel1.bots import TraderBot
from formel1.bots import make_bot as f1_bot
from formel1.state import CARDS_PER_UNIT
from formel1.state import LOG_LIMIT as F1_LOG_LIMIT
from gamecore.errors import PositionError
from gamecore.position import MAX_POSITION_SIZE

TARGET_MS = 200.0
SIZE = MAX_POSITION_SIZE - 4_000  # the hostile files are just under the limit
EVERY = 25


def _events(state: Any) -> int:
    if hasattr(state, "log_chunks"):  # Automobiles: counted without making the events
        return sum(map(len, state.log_chunks)) + len(state.log_tail)
    return len(state.events)


def _largest(state: Any, bots: list[Any]) -> tuple[int, int]:
    """Play ``state`` to its end with ``bots``; the largest JSON met, and the decisions. The
    JSON is written every EVERY decisions while the log is within a chunk of its longest so far
    (the size follows the log; a cut log peaks just before each cut)."""
    largest, steps, most = len(state.to_json()), 0, 0
    while not state.is_terminal():
        state.apply_unchecked(bots[state.current_player].choose(state))
        steps += 1
        if steps % EVERY == 0:
            count = _events(state)
            if count >= most - 64:
                most = max(most, count)
                largest = max(largest, len(state.to_json()))
    return max(largest, len(state.to_json())), steps


def automobiles_sizes(games: int) -> tuple[int, str]:
    """The largest Automobiles position of the longest settings, and where it was met."""
    best, where = 0, ""
    for bot in ("random", "greedy"):
        for track in ("daytona", "monza"):
            for cards in ("standard", "random"):
                for seed in range(games):
                    s = automobiles.new_game(5, seed, cards=cards, track=track, laps=8,
                                             weaving=True, drivers=True, season=10,
                                             sponsors=True)
                    size, steps = _largest(s, [au_bot(bot, seed * 10 + p) for p in range(5)])
                    print(f"  automobiles {bot:6} {track:7} {cards:8} seed {seed}: {steps:7,} "
                          f"decisions, largest JSON {size:9,}", flush=True)
                    if size > best:
                        best, where = size, f"{bot} {track} {cards} seed {seed}"
    return best, where


def formel1_sizes(games: int) -> tuple[int, str]:
    """The largest Formel 1 position of the longest settings, and where it was met."""
    best, where = 0, ""
    forms = ((), ("no_car",), ("no_car", "two_laps_discards"),
             ("two_laps_double_deck", "white321"), ("no_car", "two_laps_double_deck"))
    for bot in ("random", "greedy"):
        for track in ("standard", "new"):
            for variants in forms:
                for seed in range(games):
                    s = formel1.new_game(6, seed, 10, track, variants)
                    size, steps = _largest(s, [f1_bot(bot, seed * 10 + p) for p in range(6)])
                    print(f"  formel1 {bot:6} {track:8} {'+'.join(variants) or 'plain':32} "
                          f"seed {seed}: {steps:6,} decisions, largest JSON {size:8,}",
                          flush=True)
                    if size > best:
                        best, where = size, f"{bot} {track} {variants} seed {seed}"
    for seed in range(games):  # the longest legal games: a table of traders, its log cut
        s = formel1.new_game(4, seed, 10, "standard", ("no_car",))
        size, steps = _largest(s, [TraderBot(seed * 10 + p) for p in range(4)])
        print(f"  formel1 traders standard {'no_car':32} seed {seed}: {steps:6,} decisions, "
              f"largest JSON {size:8,} (events dropped from the log: {s.log_cut:,})", flush=True)
        if size > best:
            best, where = size, f"traders standard ('no_car',) seed {seed}"
    return best, where


# --- hostile files --------------------------------------------------------------------------------
def _pad(text: str) -> str:
    return text[:-1] + " " * (SIZE - len(text)) + "}"


def _with_log(data: dict[str, Any], log: list[Any], pad: bool = True) -> str:
    d = dict(data, log=log)
    text = json.dumps(d, separators=(",", ":"))
    return _pad(text) if pad else text


def _fill(data: dict[str, Any], item: Any) -> str:
    """``data`` with a log of ``item`` repeated as long as the size allows."""
    base = len(json.dumps(dict(data, log=[]), separators=(",", ":")))
    one = len(json.dumps(item, separators=(",", ":"))) + 1
    return _with_log(data, [item] * ((SIZE - base) // one))


def hostile_files(data: dict[str, Any], longest: int) -> dict[str, str | bytes]:
    """Hostile texts just under the limit, built from the position ``data`` whose loader takes
    at most ``longest`` events."""
    real = [e for e in data["log"]]
    repeated = (real * (longest // max(len(real), 1) + 1))[:longest]
    wrong = repeated[:-1] + [["no_such_event", 1]]
    base = json.dumps(dict(data, log=[]), separators=(",", ":"))
    return {
        "one-character log lines": _fill(data, "x"),
        "smallest events, too many": _fill(data, real[-1][:1] + [0] * (len(real[-1]) - 1)),
        f"longest log ({longest:,} real events)": _with_log(data, repeated),
        "longest log, last event wrong": _with_log(data, wrong),
        "one event too many": _with_log(data, repeated + repeated[:1]),
        "1 MB string": base[:-1] + ',"x":"' + "a" * (SIZE - len(base) - 10) + '"}',
        "1 MB of nesting": "[" * (SIZE // 2) + "]" * (SIZE // 2),
        "a 1 MB number": base[:-1] + ',"seed":' + "9" * (SIZE - len(base) - 10) + "}",
        "non-UTF-8 bytes": b"\xff" * SIZE,
    }


def _time(load: Callable[[Any], Any], text: Any, repeats: int) -> tuple[float, str]:
    best, result = float("inf"), ""
    for _ in range(repeats):
        start = time.process_time()
        try:
            load(text)
            result = "loaded"
        except PositionError as exc:
            result = f"refused ({exc.field})"
        best = min(best, time.process_time() - start)
    return best * 1000, result


def hostile(name: str, load: Callable[[Any], Any], data: dict[str, Any], longest: int,
            repeats: int) -> float:
    """Time every hostile file of one game; the slowest time in ms."""
    slowest = 0.0
    print(f"\n{name}: hostile files of {SIZE:,} characters (limit {MAX_POSITION_SIZE:,})")
    for label, text in hostile_files(data, longest).items():
        ms, result = _time(load, text, repeats)
        slowest = max(slowest, ms)
        verdict = "ok" if ms < TARGET_MS else "SLOW"
        print(f"  {label:40} {ms:7.1f} ms  {result:28} {verdict}")
    return slowest


def _real_automobiles() -> dict[str, Any]:
    s = automobiles.new_game(5, 1, laps=8, weaving=True, drivers=True, season=10, sponsors=True)
    rng = random.Random(1)
    for _ in range(6000):
        s.apply(rng.choice(s.legal_action_ids()))
    data: dict[str, Any] = json.loads(s.to_json())
    return data


def _real_formel1() -> dict[str, Any]:
    s = formel1.new_game(6, 1, 10, "standard", ("no_car", "two_laps_discards"))
    rng = random.Random(1)
    for _ in range(2000):
        s.apply(rng.choice(s.legal_action_ids()))
    data: dict[str, Any] = json.loads(s.to_json())
    return data


def _f1_longest(data: dict[str, Any]) -> int:
    """The most events of ``data``'s log, repeated, that Formel 1's loader takes: LOG_LIMIT
    units, a proposal one more for every CARDS_PER_UNIT cards (``formel1.state``)."""
    units, count = 0, 0
    while True:
        e = data["log"][count % len(data["log"])]
        units += 1 + (-(-len(e[3]) // CARDS_PER_UNIT) if e[0] == "proposal" else 0)
        if units > F1_LOG_LIMIT:
            return count
        count += 1


def main(argv: list[str] | None = None) -> int:
    """Measure and print; never fails on timing."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=2, help="seeds per setting (default 2)")
    parser.add_argument("--repeats", type=int, default=5, help="runs per hostile file")
    parser.add_argument("--skip-sizes", action="store_true", help="hostile files only")
    args = parser.parse_args(argv)
    if not args.skip_sizes:
        print("Largest legal positions (longest settings, random and greedy bots):")
        au, au_where = automobiles_sizes(args.games)
        f1, f1_where = formel1_sizes(args.games)
        for name, size, where in (("automobiles", au, au_where), ("formel1", f1, f1_where)):
            print(f"{name}: largest JSON {size:,} characters ({where}): "
                  f"{size / MAX_POSITION_SIZE:.0%} of the limit {MAX_POSITION_SIZE:,}")
    f1_data = _real_formel1()
    slowest = max(
        hostile("automobiles", au_serialize.state_from_json, _real_automobiles(),
                au_serialize.MAX_LOG, args.repeats),
        hostile("formel1", f1_serialize.state_from_json, f1_data, _f1_longest(f1_data),
                args.repeats))
    print(f"\nTarget: every hostile file refused or loaded in under {TARGET_MS:.0f} ms CPU: "
          f"slowest {slowest:.1f} ms - {'met' if slowest < TARGET_MS else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
