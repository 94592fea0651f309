"""Widget speed: a Play widget click's callback (apply + redraw) against a bare kwcore apply.

Run::

    python benchmarks/bench_widgets.py [--clicks N] [--repeats R] [--json]

Position: a 4-company game (seed 7) played by seeded random choices to its 140th decision
(mid-game, round 2). In each repeat a fresh ``PlayWidget`` (every company played by clicks, so
the callback is only apply + redraw) takes ``N`` seeded random legal actions (default 60) with
``click`` - what an action button calls: the checked ``State.apply``, then the board SVG, the
decision, the action buttons, the status and the English log redrawn. In the same repeat, the
same actions are applied to a copy of the position with bare ``State.apply``: the baseline.
Reported: the median per action over all repeats (default 5, after a warm-up) and the ratio.

Also reported, not a target: a click with three greedy bots replying (their thinking included).

Outside a kernel no message goes to a browser, so this is the Python side of a click only
(the browser round trip was about 0.15 s in the real-browser test, ../shared/TOOLCHAIN.md).
Target: a click's callback under 100 ms median. Nothing here asserts on timing.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time

import kwcore
from kwcore.state import State
from kwwidgets.play import PlayWidget

TARGET_MS = 100.0
SEED = 7
MIDGAME = 140


def midgame() -> State:
    """The benchmark position: decision ``MIDGAME`` of a seeded random 4-company game."""
    rng = random.Random(SEED)
    s = kwcore.new_game(4, SEED)
    for _ in range(MIDGAME):
        s.apply(rng.choice(s.legal_action_ids()))
    return s.clone(history=False)


def one_repeat(start: State, clicks: int, seed: int) -> tuple[list[float], list[float]]:
    """Seconds per click and per bare apply, for the same ``clicks`` actions."""
    rng = random.Random(seed)
    widget = PlayWidget(state=start.clone(history=False), bots=None)
    bare = start.clone(history=False)
    click_s: list[float] = []
    apply_s: list[float] = []
    for _ in range(clicks):
        if bare.is_terminal():
            break
        aid = rng.choice(bare.legal_action_ids())
        t0 = time.perf_counter()
        ok = widget.click(aid)
        t1 = time.perf_counter()
        bare.apply(aid)
        t2 = time.perf_counter()
        assert ok, "the benchmark only clicks legal actions"
        click_s.append(t1 - t0)
        apply_s.append(t2 - t1)
    assert widget.state == bare
    return click_s, apply_s


def bot_clicks(start: State, clicks: int, seed: int) -> list[float]:
    """Seconds per click when three greedy bots reply to each."""
    rng = random.Random(seed)
    widget = PlayWidget(state=start.clone(history=False), human=start.current_player,
                        bots="greedy")
    out = []
    for _ in range(clicks):
        if widget.state.is_terminal():
            break
        aid = rng.choice(widget.state.legal_action_ids())
        t0 = time.perf_counter()
        widget.click(aid)
        out.append(time.perf_counter() - t0)
    return out


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark and print (or write as JSON) the medians and the ratio."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--clicks", type=int, default=60, help="clicks per repeat (default 60)")
    ap.add_argument("--repeats", type=int, default=5, help="repeats (default 5)")
    ap.add_argument("--json", action="store_true", help="print the results as JSON")
    args = ap.parse_args(argv)
    if args.clicks < 1 or args.repeats < 1:
        ap.error("--clicks and --repeats must be at least 1")
    start = midgame()
    one_repeat(start, 5, 0)  # warm-up: imports, caches
    clicks: list[float] = []
    applies: list[float] = []
    with_bots: list[float] = []
    for r in range(args.repeats):
        c, a = one_repeat(start, args.clicks, r + 1)
        clicks += c
        applies += a
        with_bots += bot_clicks(start, max(1, args.clicks // 6), r + 1)
    click_ms = statistics.median(clicks) * 1e3
    apply_ms = statistics.median(applies) * 1e3
    bots_ms = statistics.median(with_bots) * 1e3
    result = {
        "position": f"4 companies, seed {SEED}, decision {MIDGAME} (round {start.round})",
        "clicks": len(clicks), "click_ms_median": round(click_ms, 3),
        "apply_ms_median": round(apply_ms, 4), "ratio": round(click_ms / apply_ms, 1),
        "click_with_bots_ms_median": round(bots_ms, 2), "target_ms": TARGET_MS,
        "met": click_ms < TARGET_MS, "python": platform.python_version(),
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"Position: {result['position']}; {len(clicks)} clicks over {args.repeats} repeats")
    print(f"click callback (apply + redraw), median: {click_ms:8.2f} ms")
    print(f"bare kwcore apply, median:                {apply_ms:8.3f} ms")
    print(f"ratio click / apply:                      {click_ms / apply_ms:8.1f}")
    print(f"click with 3 greedy bots replying, median: {bots_ms:7.2f} ms (not a target)")
    verdict = "met" if click_ms < TARGET_MS else "NOT met"
    print(f"Target: click callback < {TARGET_MS:.0f} ms median: {click_ms:.2f} ms - {verdict}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
