"""Run a committed strength ladder: the candidate bot against each other bot at equal time.

Run::

    python benchmarks/strength.py benchmarks/ladders/GAME.json [--workers N]
                                  [--out FILE] [--markdown] [--trial]

The ladder file says the game, the seed, the significance, the candidate and the matches (format
and statistics: ``solvers.strength``). It must be committed and unchanged before the run, so the
games are fixed before any result is seen; ``--trial`` runs an uncommitted file (to size a run)
and marks the report a trial. The report (``--out``, JSON) keeps the ladder's commit, the date, the
machine's load at the start, every match's comparisons and each bot's measured CPU milliseconds
per decision; ``--markdown`` prints its tables. Nothing here asserts on time.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

from solvers.strength import (  # noqa: E402
    LadderError,
    ladder_commit,
    markdown,
    read_ladder,
    run_ladder,
)


def main(argv: list[str] | None = None) -> int:
    """Run the ladder named on the command line; 0 when it ran, 2 when it could not."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ladder", type=Path)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", type=Path)
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--trial", action="store_true",
                        help="run an uncommitted ladder file; the report says it is a trial")
    args = parser.parse_args(argv)
    try:
        ladder = read_ladder(args.ladder.read_text(encoding="utf-8"))
    except (OSError, LadderError) as exc:
        print(f"strength: {args.ladder}: {exc}", file=sys.stderr)
        return 2
    commit = ladder_commit(args.ladder.resolve())
    if commit is None and not args.trial:
        print(f"strength: {args.ladder} is not committed as it is: commit it before the run "
              f"(or give --trial)", file=sys.stderr)
        return 2
    start = time.time()
    load = os.getloadavg()[0]
    try:
        report = run_ladder(ladder, workers=args.workers)
    except LadderError as exc:
        print(f"strength: {args.ladder}: {exc}", file=sys.stderr)
        return 2
    report.update({"ladder": str(args.ladder), "ladder_commit": commit, "trial": commit is None
                   or args.trial, "date": datetime.datetime.now(datetime.UTC).isoformat(
                       timespec="seconds"),
                   "load_at_start": load, "seconds": round(time.time() - start, 1)})
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")
    if args.markdown or not args.out:
        if report["trial"]:
            print("TRIAL: not a committed ladder\n")
        print("\n".join(markdown(report)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
