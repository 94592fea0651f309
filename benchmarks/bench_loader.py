"""Loader speed: ``kwcore.from_json`` on a full 4-company game and on 1 MB hostile files.

Run::

    python benchmarks/bench_loader.py [--repeats R] [--jsonschema] [--json]

What is measured (``time.perf_counter``, the median of ``R`` runs, default 7, after a warm-up;
the garbage collector stays on):

* a full game: the last position of a seeded random 4-company game (log included, about 11 KB),
  loaded with ``kwcore.from_json``; in the same process, ``json.loads`` of the same text (the
  floor: parsing alone) and, with ``--jsonschema``, the check the loader used before its own schema
  checker
  (jsonschema's Draft202012Validator with ``best_match`` over ``iter_errors``; importing
  jsonschema is not timed);
* hostile files of just under 1 MB (``serialize.MAX_POSITION_SIZE``), each built from that game:
  the longest log the schema allows (10,000 events, whitespace up to 1 MB: the worst case that
  loads), the same log with its last event wrong, a log over the cap, 4,000 and more dicts in a
  unique-items field, nesting 1 MB deep, a 1 MB string, a 1 MB integer literal, six bad cars
  repeated, and non-UTF-8 bytes. Each is timed with ``from_json`` and, as the floor, with
  ``json.loads`` where it parses. Anything over the limit is refused before parsing.

Target: under 200 ms for any input up to 1 MB on this machine. The script prints
verdicts and never fails on timing.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import kwcore
from kwcore.serialize import MAX_POSITION_SIZE

TARGET_MS = 200.0
SIZE = MAX_POSITION_SIZE - 1_000  # the hostile files are just under the limit


def full_game(players: int = 4, seed: int = 3) -> str:
    """The last position of a seeded random game."""
    s = kwcore.new_game(players, seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_action_ids()))
    return s.to_json()


def _pad(text: str) -> str:
    return text + " " * (SIZE - len(text))


def _fill(d: dict[str, Any], key: str, item: Any) -> str:
    """``d`` with ``d[key]`` a list of ``item`` as long as the size allows."""
    one = len(json.dumps(item)) + 2
    d = dict(d, **{key: [item] * ((SIZE - len(json.dumps(d))) // one)})
    return _pad(json.dumps(d))


def hostile(base: str) -> dict[str, str | bytes]:
    """The hostile files, by name, each under MAX_POSITION_SIZE."""
    d = json.loads(base)
    sale = ["sale", 0, 1, "buyer", 1, 5, 0]
    cap = 10_000
    log_ok = dict(d, log=[sale] * cap)
    log_bad = dict(d, log=[sale] * (cap - 1) + [["sale", 0, 9, "buyer", 1, 5, 0]])
    dicts = dict(d, chain=[{"n": i} for i in range(4000)])
    huge_string = dict(d)
    huge_string["companies"] = [dict(d["companies"][0], salesman="x" * (SIZE - len(base) - 100)),
                                *d["companies"][1:]]
    raw = base.encode()
    return {
        "longest log (loads)": _pad(json.dumps(log_ok)),
        "longest log, last event bad": _pad(json.dumps(log_bad)),
        "log over the cap": _fill(d, "log", sale),
        "4,000 dicts in a unique field": _pad(json.dumps(dicts)),
        "1 MB of dicts in a unique field": _fill(d, "chain", {"n": 123456}),
        "nesting 1 MB deep": "[" * SIZE,
        "a 1 MB string": json.dumps(huge_string),
        "a 1 MB integer": base.replace('"seed": 3', '"seed": 1' + "0" * (SIZE - len(base))),
        "bad cars repeated": _fill(d, "market", {"owner": "Purple", "body": -1}),
        "non-UTF-8 bytes": raw + b" " * (SIZE - len(raw) - 1) + b"\xff",
    }


def timed(fn: Callable[[], Any], repeats: int) -> float:
    """Median milliseconds of ``fn()`` over ``repeats`` runs, after one warm-up."""
    fn()
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def load(data: str | bytes) -> str:
    """Load ``data``; what happened, in a few words."""
    try:
        kwcore.from_json(data)
    except kwcore.PositionError as exc:
        return f"PositionError {exc.field}"
    return "loaded"


def parse_only(data: str | bytes) -> None:
    with contextlib.suppress(ValueError, RecursionError):
        json.loads(data)


def old_check(text: str) -> None:
    """The schema check of the loader before its own schema checker (jsonschema, every error
    collected)."""
    import jsonschema

    from kwcore.serialize import position_schema

    data = json.loads(text)
    data.pop("log", None)
    validator = jsonschema.Draft202012Validator(position_schema())
    jsonschema.exceptions.best_match(validator.iter_errors(data))


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; the exit status (0: never fails on timing)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--jsonschema", action="store_true",
                        help="also time the jsonschema check the loader used before")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args(argv)
    base = full_game()
    rows: list[dict[str, Any]] = []
    game = {"input": f"full 4-company game ({len(base):,} chars)",
            "ms": timed(lambda: kwcore.from_json(base), args.repeats),
            "json_loads_ms": timed(lambda: json.loads(base), args.repeats),
            "result": load(base)}
    if args.jsonschema:
        import jsonschema  # noqa: F401 - imported once, outside the timing

        game["jsonschema_ms"] = timed(lambda: old_check(base), args.repeats)
    rows.append(game)
    for name, data in hostile(base).items():
        unit = "bytes" if isinstance(data, bytes) else "chars"
        rows.append({"input": f"{name} ({len(data):,} {unit})",
                     "ms": timed(lambda data=data: load(data), args.repeats),
                     "json_loads_ms": timed(lambda data=data: parse_only(data), args.repeats),
                     "result": load(data)})
    worst = max(r["ms"] for r in rows[1:])
    if args.json:
        print(json.dumps({"rows": rows, "worst_hostile_ms": worst, "target_ms": TARGET_MS,
                          "python": sys.version.split()[0]}, indent=2))
        return 0
    print(f"kwcore.from_json, median of {args.repeats} (ms); json.loads of the same text as floor")
    for r in rows:
        extra = f"  jsonschema check {r['jsonschema_ms']:.1f}" if "jsonschema_ms" in r else ""
        print(f"  {r['input']:<52} {r['ms']:>8.1f}  json.loads {r['json_loads_ms']:>7.1f}"
              f"{extra}  -> {r['result']}")
    verdict = "meets" if worst < TARGET_MS else "MISSES"
    print(f"worst hostile 1 MB input: {worst:.1f} ms ({verdict} the {TARGET_MS:.0f} ms target)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
