"""The turn planner on real mid-game positions, against the planner before the anytime search.

Run::

    python benchmarks/bench_planner_real.py [--count 30] [--budgets 10 60] [--workers 2]
                                            [--baseline 421e765] [--no-baseline]
                                            [--max-turns N ...] [--json FILE]
                                            [--previous COMMIT] [--suggestions]
    python benchmarks/bench_planner_real.py --regret [--count 30] [--budgets 2 10 60]
                                            [--reference 100] [--first I] [--workers 1]
                                            [--previous COMMIT]

The positions (``solvers.kraftwagen.positions.real_positions``): seeded games between greedy
bots and between greedy and random bots, 2, 3 and 4 companies, rounds 1-3 in turn, each a tile
choice with 4 or more picks left in its round in that game. Every position is solved with
``--horizon round --rivals greedy`` (the default config) at each time budget, each solve in a
fresh worker process (``max_tasks_per_child=1``), so its peak memory is its own and no memo
table carries over. The baseline is ``solvers/planner.py`` (later
``solvers/kraftwagen/planner.py``, now the package ``solvers/kraftwagen/planner/``) as it was at
commit ``--baseline``, read with ``git show`` and loaded under another module name in the same
run; it is solved at the largest budget first, and at the smaller ones only where it found a plan
at the largest (its search order does not depend on the budget, so a plan missed at 60 s is
missed at 10 s).

Reported per budget: the share with a plan (the old planner raised "no plan found"), the shares
proven for 1 and 2 own turns and for the whole round, the median gap between the value and the
upper bound where the round is not proven, peak memory, and the value of each smaller budget's
plan against the largest budget's. ``--max-turns`` also solves every position with lines cut after
each N turns instead of the default cut (``PlannerConfig.max_turns``), as rows "cut N", the jobs
interleaved with the default's so both meet the same load. ``--previous COMMIT`` solves every
position at every budget with the planner as it was at COMMIT too (rows "previous", interleaved
with the new planner's): ``solvers/kraftwagen/planner.py`` loaded into this process for a commit
from before the planner became a package, else the whole tree of COMMIT (``git archive`` into a
temporary folder; rules core, bounds and bots as they were) solving in a process of its own;
``--suggestions`` measures only what the suggestion phase adds to the greedy lines, without a
time limit. Nothing here asserts on timing.

``--regret`` measures the quality of the plan a player gets in the time they wait: every
position is solved at each of ``--budgets`` (default 2, 10 and 60 s) and once more with
``--reference`` seconds (default 100: ten times the 10 s answer's budget, a cap well below ten
times 60 s, which would take 10 minutes a position), all on the CPU clock
(``PlannerConfig(clock="cpu")``) so that a shared machine's load does not change what a search
sees. A position's reference value is the best real line found by any of these solves (each
plan replays through kwcore to its value), and a budget's regret on it is the reference minus
its value. Reported per budget: the median regret, the shares of positions with regret 0, at
most 5% and at most 10% of the reference, and the share proven best for one and two own turns;
against the targets (10 s: median regret 0, at most 5% in 90%; 2 s: at most 10% in 80%; proven
for one turn 100% at 60 s and 90% at 10 s). With ``--previous COMMIT`` every position is also
solved at each budget by the whole tree at COMMIT, each such solve right after the same solve
of this tree; the reference is then the best line of either, and each planner gets its rows
(with the median nodes searched, the work done in the same CPU time).

Measured 2026-12-02 (``--regret --count 14 --reference 0``, one worker, a machine loaded 4
times over; the planner before the probe's time cap and the suggestion phase's time floor,
position 0 also with a 100 s solve): reference the best of the 2, 10 and 60 s solves. 2 s:
median regret 8.5, within 10% of the reference in 4 of 14; 10 s: median regret 0, within 5%
in 12 of 14 (86%), proven for one turn in 10 of 14 (71%); 60 s: within 5% in 14 of 14,
proven for one turn in 13 of 14 (93%). With the two changes, the same positions solved one
after another in one process: 2 s median regret 4, within 10% in 7 of 14, no value lower;
10 s the same values, proven for one turn in 10 of 14. Targets met: 10 s median regret 0;
not met: 10 s within 5% in 90%, 2 s within 10% in 80%, proven for one turn at 60 s (100%)
and 10 s (90%).

Measured 2026-12-03 (``--regret --count 14 --reference 0 --budgets 2 10 --workers 1
--previous 2a2dc6d``, load 7-8 on 2 cores, 1,610 s): the greedy choice handing on
its child, the tight bound skipped in depth searches where it cannot cut, no probe after one
that finished no first decision, and a faster position key in kwcore, against the planner
before them in the same run. Median nodes in the same CPU time: 14,177 against 10,310 at 2 s
(+37%), 59,232 against 47,022 at 10 s (+26%). Reference: the best line of any of the 56
solves (10 s at most). Values: all 28 equal but one, raised (2co-r1-s9 at 10 s: 71, was 67).
2 s: median regret 0 for both, regret 0 in 9 of 14 for both; 10 s: regret 0 in 14 of 14
(previous 13), proven for one turn 10 of 14 for both (one gained, 2co-r1-s12; one lost,
4co-r3-s8, which proves it in 4.2 s of CPU alone: at this load CPU time itself runs slow).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solvers.kraftwagen import planner  # noqa: E402
from solvers.kraftwagen.planner.deepening import _Deepening  # noqa: E402
from solvers.kraftwagen.positions import real_positions  # noqa: E402

BASELINE = "421e765"


def _old_planner(commit: str, where: str = "solvers/planner.py") -> Any:
    """The planner at ``commit`` (``where``: its path then), loaded as ``planner_<commit>``."""
    source = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{where}"],
                            check=True, capture_output=True, text=True).stdout
    folder = Path(tempfile.mkdtemp(prefix="kw-baseline-"))
    path = folder / f"planner_{commit}.py"
    path.write_text(source)
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[path.stem] = module
    # The old planner imports ``from solvers import tempo``; tempo now lives in
    # solvers.kraftwagen, unchanged, so it is handed on under the old name.
    import solvers
    from solvers.kraftwagen import tempo
    solvers.tempo = tempo  # type: ignore[attr-defined]
    sys.modules.setdefault("solvers.tempo", tempo)
    spec.loader.exec_module(module)
    return module


def _export_tree(commit: str) -> str:
    """The whole repository as it was at ``commit``, unpacked into a new temporary folder
    (``git archive``: the index and the working tree are left alone)."""
    folder = tempfile.mkdtemp(prefix=f"kw-previous-{commit}-")
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", commit], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", folder], input=archive, check=True)
    return folder


def _has_package(commit: str) -> bool:
    """Whether the planner is the package ``solvers/kraftwagen/planner/`` at ``commit``."""
    return subprocess.run(["git", "-C", str(ROOT), "cat-file", "-e",
                           f"{commit}:solvers/kraftwagen/planner/__init__.py"],
                          capture_output=True).returncode == 0


#: One solve with the planner of another tree (``sys.argv[1]``), in a process of its own: its
#: rules core, bounds and bots are that tree's too, so everything the planner calls is as it was.
_TREE_SOLVE = """
import json, resource, sys, time
sys.path.insert(0, sys.argv[1])
from solvers.kraftwagen import planner
from solvers.kraftwagen.positions import real_positions
count, index, budget, clock = int(sys.argv[2]), int(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
pos = real_positions(count)[index]
t0 = time.perf_counter()
result = planner.plan(pos.state, None, planner.PlannerConfig(time_budget=budget, clock=clock))
print(json.dumps({"plan": True, "value": result.value, "proven": result.proven,
                  "best": result.best, "stopped": result.stopped, "upper": result.upper,
                  "proven_turns": result.proven_turns, "nodes": result.nodes,
                  "replayed": planner.replay_value(pos.state, result.company, result),
                  "seconds": time.perf_counter() - t0,
                  "peak_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def _solve(job: tuple[str, int, int, float, str]) -> dict[str, Any]:
    """One solve in this (fresh) process: what it answered and its peak memory."""
    which, count, index, budget, commit = job
    if which == "previous" and Path(commit.partition("|")[0]).is_dir():  # a whole tree
        pos = real_positions(count)[index]
        # On the clock this tree's solve of the same job uses: the CPU's in --regret.
        tree, _, clock = commit.partition("|")
        done = subprocess.run([sys.executable, "-c", _TREE_SOLVE, tree, str(count), str(index),
                               str(budget), clock or "wall"], check=True, capture_output=True,
                              text=True)
        return {"which": which, "index": index, "label": pos.label,
                "picks_left": pos.picks_left, "budget": budget} | json.loads(done.stdout)
    pos = real_positions(count)[index]
    module = _old_planner(commit) if which == "old" else \
        _old_planner(commit, "solvers/kraftwagen/planner.py") if which == "previous" else planner
    cut: dict[str, Any] = {"max_turns": int(which.split()[1])} if which.startswith("cut ") \
        else {}
    if which in ("regret", "reference"):
        cut["clock"] = "cpu"
    config = module.PlannerConfig(time_budget=budget, **cut)
    t0 = time.perf_counter()
    out: dict[str, Any] = {"which": which, "index": index, "label": pos.label,
                           "picks_left": pos.picks_left, "budget": budget}
    try:
        result = module.plan(pos.state, None, config)
    except module.PlannerError as exc:
        out |= {"plan": False, "error": str(exc)}
    else:
        out |= {"plan": True, "value": result.value, "proven": result.proven,
                "best": result.best, "stopped": result.stopped,
                "upper": getattr(result, "upper", None),
                "proven_turns": getattr(result, "proven_turns", 0),
                "nodes": result.nodes}
        if which not in ("old", "previous"):
            out["replayed"] = planner.replay_value(pos.state, result.company, result)
    out["seconds"] = time.perf_counter() - t0
    out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return out


def _share(rows: list[dict[str, Any]], test: Any) -> str:
    hits = sum(1 for r in rows if test(r))
    return f"{hits}/{len(rows)} ({100 * hits / len(rows):.0f}%)" if rows else "-"


def report(rows: list[dict[str, Any]], budgets: list[float]) -> list[str]:
    """The table for the README: one row per planner and budget."""
    top = max(budgets)
    by = {(r["which"], r["budget"], r["index"]): r for r in rows}
    lines = ["| planner | budget | with a plan | proven 1 turn | proven 2 turns | proven round "
             "| median gap (not proven) | median peak MB | mean value "
             "| plan value vs the 60 s plan |",
             "|---|---|---|---|---|---|---|---|---|---|"]
    cuts = sorted({r["which"] for r in rows if r["which"].startswith("cut ")},
                  key=lambda w: int(w.split()[1]))
    for which in ["old", "previous", "new", *cuts]:
        for budget in sorted(budgets):
            got = [r for (w, b, _), r in sorted(by.items()) if w == which and b == budget]
            if not got:
                continue
            gaps = [r["upper"] - r["value"] for r in got
                    if r.get("plan") and not r.get("proven") and r.get("upper") is not None
                    and r["upper"] != planner.INF]
            gap = f"{statistics.median(gaps):g}" if gaps else "-"
            versus = "-"
            if budget != top:
                pairs = [(r["value"], by[(which, top, r["index"])]["value"]) for r in got
                         if r.get("plan") and by.get((which, top, r["index"]), {}).get("plan")]
                if pairs:
                    worse = sum(1 for a, b in pairs if a < b)
                    versus = (f"lower in {worse} of {len(pairs)}, mean "
                              f"{statistics.mean(a - b for a, b in pairs):+.1f}")
            peak = statistics.median(r["peak_mb"] for r in got)
            planned = [r["value"] for r in got if r.get("plan")]
            mean = f"{statistics.mean(planned):.1f}" if planned else "-"
            lines.append(
                f"| {which} | {budget:g} s | {_share(got, lambda r: r.get('plan'))} "
                f"| {_share(got, lambda r: r.get('proven') or r.get('proven_turns', 0) >= 1)} "
                f"| {_share(got, lambda r: r.get('proven') or r.get('proven_turns', 0) >= 2)} "
                f"| {_share(got, lambda r: r.get('proven'))} | {gap} | {peak:.0f} | {mean} "
                f"| {versus} |")
    return lines


def suggestions(count: int) -> list[str]:
    """What the suggestion phase (``_Deepening.suggest``) adds to the greedy lines on
    each position, with no time limit (its node and line caps only): the best real line known
    before and after it, and its time. No timing decides anything here, so the values repeat."""
    lines, gains = [], []
    for i, pos in enumerate(real_positions(count)):
        root = pos.state.clone(history=False)
        root.seed = None
        driver = _Deepening(root, root.current_player,
                            planner.PlannerConfig(time_budget=1e9), None)
        driver.incumbent()
        before = driver.value
        t0 = time.perf_counter()
        driver.suggest()
        gains.append(driver.value - before)
        lines.append(f"  {i:>2} {pos.label:<30} greedy lines {before:g}, suggested "
                     f"{driver.value:g} ({time.perf_counter() - t0:.1f} s)")
    raised = sum(1 for g in gains if g > 0)
    return [f"suggestion phase: raised the best line in {raised} of {count}, "
            f"by {sum(gains):g} points in all", *lines]


def regret_report(rows: list[dict[str, Any]], budgets: list[float], reference: float
                  ) -> list[str]:
    """The regret table: per planner and budget, the regret of its plans against each
    position's reference value (the best real line any solve found, by either planner), the
    shares proven and the median nodes searched."""
    best: dict[int, float] = {}
    for r in rows:
        if r.get("plan"):
            best[r["index"]] = max(best.get(r["index"], -planner.INF), r["value"])
    longest = reference if reference > 0 else max(budgets)
    lines = [f"reference: the best real line found by any solve, the longest {longest:g} s "
             f"of CPU", "| planner | budget (CPU) | positions | median regret | regret 0 "
             "| regret <= 5% | regret <= 10% | proven 1 turn | proven 2 turns | proven round "
             "| median seconds | median nodes |", "|---" * 12 + "|"]
    for which, budget in [(w, b) for w in ("regret", "previous") for b in sorted(budgets)] \
            + [("reference", reference)]:
        got = [r for r in rows if r["which"] == which and r["budget"] == budget
               and r.get("plan")]
        if not got:
            continue
        regrets = [best[r["index"]] - r["value"] for r in got]

        def within(share: float, got: list[dict[str, Any]] = got) -> str:
            return _share(got, lambda row: best[row["index"]] - row["value"]
                          <= share * abs(best[row["index"]]) + 1e-9)
        name = f"{budget:g} s" + (" (reference)" if which == "reference" else "")
        lines.append(
            f"| {'previous' if which == 'previous' else 'this'} | {name} | {len(got)} "
            f"| {statistics.median(regrets):g} | {within(0.0)} "
            f"| {within(0.05)} | {within(0.10)} "
            f"| {_share(got, lambda r: r['proven'] or r['proven_turns'] >= 1)} "
            f"| {_share(got, lambda r: r['proven'] or r['proven_turns'] >= 2)} "
            f"| {_share(got, lambda r: r['proven'])} "
            f"| {statistics.median(r['seconds'] for r in got):.1f} "
            f"| {statistics.median(r['nodes'] for r in got):.0f} |")
    lines.append("per position (reference; value at each budget, * proven one turn, ** two, "
                 "P the round; 'prev' the previous planner):")
    for index in sorted(best):
        mine = sorted((r for r in rows if r["index"] == index and r.get("plan")),
                      key=lambda r: (r["which"] == "previous", r["budget"]))
        marks = ", ".join(
            ("prev " if r["which"] == "previous" else "") + f"{r['budget']:g} s {r['value']:g}"
            + ("P" if r["proven"] else "*" * min(2, r["proven_turns"])) for r in mine)
        lines.append(f"  {mine[0]['label']:<30} reference {best[index]:g}: {marks}")
    return lines


def regret(count: int, budgets: list[float], reference: float, workers: int,
           json_out: str | None, first: int = 0, previous: str | None = None) -> list[str]:
    """Solve positions ``first`` to ``count - 1`` at each budget and at the reference budget
    (CPU clock; none when it is 0), each solve in a fresh process; with ``previous`` (a
    commit) also with the whole tree as it was then, each of its solves next to the same
    solve of this tree, so both meet the same load; the regret table."""
    extra = [("reference", reference)] if reference > 0 else []
    tree = _export_tree(previous) if previous else ""
    jobs = [(which, count, i, b, "") for i in range(first, count)
            for which, b in [("regret", b) for b in sorted(budgets)] + extra]
    if tree:
        jobs = [job for i in range(first, count)
                for job in [("regret", count, i, b, "") for b in sorted(budgets)]
                + [("previous", count, i, b, f"{tree}|cpu") for b in sorted(budgets)]] + \
            [job for job in jobs if job[0] == "reference"]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(workers, max_tasks_per_child=1) as pool:
        rows = []
        for row in pool.map(_solve, jobs):
            rows.append(row)
            print(f"  {row['label']:<30} {row['which']:<9} {row['budget']:>5g} s  "
                  f"{row.get('value', 'no plan')}  proven turns {row.get('proven_turns')}"
                  f"{' round' if row.get('proven') else ''}  {row['seconds']:.0f} s",
                  flush=True)
    if tree:
        shutil.rmtree(tree, ignore_errors=True)
    bad = [r for r in rows if r.get("plan") and r.get("replayed") != r.get("value")]
    if json_out:
        Path(json_out).write_text(json.dumps(rows, indent=1))
    return [f"{count} real positions, budgets {', '.join(f'{b:g}' for b in budgets)} s and "
            f"{reference:g} s of CPU, {workers} workers, {time.perf_counter() - t0:.0f} s "
            f"wall in all" + (f"; previous: the tree at {previous}" if previous else ""),
            *regret_report(rows, budgets, reference),
            f"every plan replays through kwcore to its value: {bad if bad else 'yes'}"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=30)
    ap.add_argument("--budgets", type=float, nargs="+", default=None,
                    help="seconds (default 10 60; with --regret 2 10 60)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--baseline", default=BASELINE, help="commit of the old planner")
    ap.add_argument("--no-baseline", action="store_true", help="solve with the new one only")
    ap.add_argument("--previous", default=None, metavar="COMMIT",
                    help="also solve at every budget with the planner as it was at COMMIT "
                         "(rows 'previous'; with --regret, or a COMMIT where the planner is a "
                         "package, the whole tree at COMMIT, each solve in its own process)")
    ap.add_argument("--max-turns", type=int, nargs="*", default=[], metavar="N",
                    help="also solve with lines cut after N turns (rows 'cut N')")
    ap.add_argument("--json", default=None, metavar="FILE", help="also write every row")
    ap.add_argument("--suggestions", action="store_true",
                    help="only measure the suggestion phase on each position (no time limit)")
    ap.add_argument("--regret", action="store_true",
                    help="the regret of each budget's plan against a reference value (CPU "
                         "clock; budgets default 2 10 60)")
    ap.add_argument("--reference", type=float, default=100.0, metavar="SECONDS",
                    help="with --regret: the reference solve's CPU budget (default 100; 0: "
                         "none, the reference is the best of the budgets' own solves)")
    ap.add_argument("--first", type=int, default=0, metavar="I",
                    help="with --regret: start at position I (to resume a stopped run)")
    args = ap.parse_args(argv)
    if args.regret:
        budgets = args.budgets or [2.0, 10.0, 60.0]
        print("\n".join(regret(args.count, budgets, args.reference, args.workers, args.json,
                               args.first, args.previous)))
        return 0
    if args.suggestions:
        print("\n".join(suggestions(args.count)))
        return 0
    args.budgets = args.budgets or [10.0, 60.0]
    top = max(args.budgets)
    kinds = ["new"] + [f"cut {n}" for n in args.max_turns]
    new_jobs = [(which, args.count, i, b, args.baseline)
                for i in range(args.count) for b in args.budgets for which in kinds]
    if args.previous:  # interleaved with the new planner's, so both meet the same load
        # A package (from 2026-12) is solved in the whole tree of its commit, an older
        # planner.py file loaded into this one.
        previous = _export_tree(args.previous) if _has_package(args.previous) \
            else args.previous
        new_jobs = [job for i in range(args.count) for b in args.budgets
                    for job in [("new", args.count, i, b, args.baseline),
                                ("previous", args.count, i, b, previous)]] + \
            [job for job in new_jobs if job[0] != "new"]
    old_top = [] if args.no_baseline else [("old", args.count, i, top, args.baseline)
                                           for i in range(args.count)]
    t0 = time.perf_counter()
    with ProcessPoolExecutor(args.workers, max_tasks_per_child=1) as pool:
        rows = list(pool.map(_solve, old_top + new_jobs))
        found = [r["index"] for r in rows if r["which"] == "old" and r["plan"]]
        rest = [("old", args.count, i, b, args.baseline)
                for i in found for b in args.budgets if b != top]
        rows += list(pool.map(_solve, rest))
    if args.previous and Path(previous).is_dir():
        shutil.rmtree(previous, ignore_errors=True)
    # No plan at the largest budget: none at the smaller ones either.
    rows += [r | {"budget": b} for r in list(rows) if r["which"] == "old" and not r["plan"]
             for b in args.budgets if b != top]
    bad = [r for r in rows if r["which"] not in ("old", "previous")
           and r.get("replayed") != r.get("value")]
    print(f"{args.count} real positions, budgets {', '.join(f'{b:g} s' for b in args.budgets)}, "
          f"{args.workers} workers, {time.perf_counter() - t0:.0f} s in all; baseline planner "
          f"at {args.baseline}; default cut {planner.PlannerConfig().max_turns} turns")
    print("\n".join(report(rows, args.budgets)))
    print(f"every new plan replays through kwcore to its value: {bad if bad else 'yes'}")
    for r in sorted(rows, key=lambda r: (r["index"], r["which"], r["budget"])):
        detail = (f"value {r['value']:g}" + (f", at most {r['upper']:g}"
                                             if r.get("upper") not in (None, planner.INF) else "")
                  + (", proven" if r["proven"] else f", proven {r['proven_turns']} turns")
                  ) if r["plan"] else "no plan"
        print(f"  {r['label']:<30} left {r['picks_left']:>2}  {r['which']}  {r['budget']:>4g} s  "
              f"{detail}")
    if args.json:
        Path(args.json).write_text(json.dumps(rows, indent=1))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
