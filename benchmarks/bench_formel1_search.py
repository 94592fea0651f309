"""Formel 1 race search against plain exhaustive search on seeded endgames.

Run::

    python benchmarks/bench_formel1_search.py [--plain-budget SECONDS] [--rivals maxn paranoid]
                                              [--only NAME ...]
                                              [--set endgames puzzles view proofs model]
                                              [--view-budget SECONDS] [--json]

The player's-view set (``--set view``, ``solvers.formel1.view``; run alone it takes about
10-20 minutes): (1) real positions, from seeded games of greedy bots with 2 to 6 players
(auction decisions, and race decisions early, mid and late), each answered by
``auction_ranking`` or ``race_ranking`` with ``--view-budget`` CPU seconds (default 5):
target, every one answered within 10 s with a ranking of every legal decision; (2) endgames of
at most 4 cards in each hand and at most 4 players, searched exactly with every hand open
(``race.solve``, max^n; CPU seconds counted, as the machine may be loaded): target, proven
within 10 s in at least 95%; (3) on the endgames the search proved, the pick of the player's
view (``race_ranking`` from his observation, ``--view-budget``) against the exact best of the
true deal: target, the pick's exact value equals the best in at least 80%; (4) the evaluation
measured against those exact values: the mean absolute error, in $1K, of ``eval_prizes`` on
each decision's result, of rollouts of two rounds then ``eval_prizes``, and of greedy rollouts
to the end.

For each seeded endgame (a random one-race game stopped when few cards are left,
``solvers.formel1.positions.endgame``) and each rival model, the race search
(``solvers.formel1.race.solve``: table, bounds, ordering) and the plain search (the same code
with the table, the bounds and the ordering switched off: a plain recursive max^n or minimax)
run in the same process, one after the other. Printed: nodes, seconds and nodes/s of each (the
seconds to the values of every first decision: the principal lines are found afterwards, and
without a table that costs a search per move, so the plain search finds none), the speed-up
(plain seconds over search seconds), and whether the values of every first decision are equal.
A plain search stopped by ``--plain-budget`` gives a bound, not a value: its row says so and
its speed-up is a lower bound (">"). Target: at least 20x on the hardest endgame whose plain
search finished (equal values in the same run). Nothing here asserts on timing. The default
run takes about 10-15 minutes on 2 cores.

The proof set (``--set proofs --view-endgames 30``): part (2) alone, each endgame searched
with max^n's shallow cuts and without them in the same process (nodes, CPU seconds, proven
within 10 s, the values compared); with ``--before FILE`` instead the race module FILE (an
earlier commit's, on the current rules) and the current one, with the ratio of their nodes
per CPU second. ``--out FILE`` writes the set's JSON (``benchmarks/results/formel1-proofs.json``).

The puzzle set (``--set puzzles``): every shipped race puzzle (``solvers.formel1.puzzles``)
with its own rival model, the race search's time to the proven value of every first decision
against the plain search's, the same way. (The auction puzzles are solved by backward
induction in well under a second; they are not timed here.)

Measured 2026-12-01 (``nice``, ``--set puzzles --plain-budget 200``, 2 shared cores under
load; 9 minutes): every puzzle proven in at most 1.8 s at 10,000-27,000 nodes/s; equal values
wherever the plain search finished; speed-ups 2x on the 8-card warm-ups, 25x on
hold_the_big_card (28,085 nodes, the most-searched puzzle whose plain search finished), 540x
on long_view (the longest plain search that finished, 80 s); the plain searches of
switch_moment and four_way_endgame stopped at 200 s (>507x, >168x: lower bounds).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import formel1  # noqa: E402
from formel1 import State  # noqa: E402
from formel1.bots import GreedyBot  # noqa: E402
from solvers.formel1 import puzzles, race, view  # noqa: E402
from solvers.formel1.positions import cards_left, endgame  # noqa: E402
from solvers.formel1.puzzles import Puzzle  # noqa: E402

#: name -> (players, seed, cards at most, inside a card); ordered roughly easy to hard.
ENDGAMES = {
    "p3-c8-s2": (3, 2, 8, True),
    "p5-c8-s10": (5, 10, 8, False),
    "p4-c10-s3": (4, 3, 10, True),
    "p2-c10-s1": (2, 1, 10, False),
    "p2-c10-s2": (2, 2, 10, False),
    "p2-c12-s1": (2, 1, 12, False),
    "p4-c12-s0": (4, 0, 12, False),
}
TARGET = 20.0


@dataclass(frozen=True)
class Row:
    """One endgame and rival model: the race search against the plain search."""

    endgame: str
    rivals: str
    cards: int
    cars: int
    value: float
    status: str
    nodes: int
    seconds: float
    plain_status: str
    plain_nodes: int
    plain_seconds: float
    equal: bool  # the plain search finished and every first decision has the same value

    @property
    def speedup(self) -> float:
        return self.plain_seconds / max(self.seconds, 1e-9)


def run(name: str, rivals: str, plain_budget: float) -> Row:
    players, seed, cards, mid = ENDGAMES[name]
    state = endgame(players, seed, cards, mid)
    assert state is not None
    return compare(name, state, rivals, plain_budget)


def run_puzzle(puzzle: Puzzle, plain_budget: float) -> Row:
    """One shipped race puzzle against the plain search, with the puzzle's rival model."""
    return compare(puzzle.name, puzzle.state(), puzzle.rivals, plain_budget)


def compare(name: str, state: State, rivals: str, plain_budget: float) -> Row:
    """The race search and the plain search on one position, one after the other."""
    fast = race.solve(state, config=race.RaceConfig(rivals=rivals, time_budget=600))
    plain = race.solve(state, config=race.RaceConfig(
        rivals=rivals, time_budget=plain_budget, node_budget=10**9, use_table=False,
        use_bounds=False, use_ordering=False, lines=False))
    values = {a.action: a.value for a in fast.alternatives}
    plain_values = {a.action: a.value for a in plain.alternatives}
    return Row(name, rivals, cards_left(state), sum(1 for p in state.pos if p >= 0),
               fast.value, fast.status, fast.nodes, fast.search_seconds, plain.status,
               plain.nodes, plain.search_seconds,
               plain.status == "proven" and values == plain_values)


# --- the player's view -------------------------------------------------------------------------
#: The real positions: (players, seed, where), where "auction" is the first auction decision
#: and a number the race decision after that many race decisions of greedy play.
REAL = [(p, seed, where) for p, seed in ((2, 1), (3, 2), (4, 3), (5, 4), (6, 5))
        for where in ("auction", 0, 25, 60)]
REAL_LIMIT = 10.0  # seconds: every real position answered within this
PROVEN_SHARE, PICK_SHARE = 0.95, 0.80


def real_position(players: int, seed: int, where: str | int) -> State | None:
    """A decision of a seeded game of greedy bots (``REAL``); None when the race ends first."""
    s = formel1.new_game(players=players, seed=seed, races=1)
    bot = GreedyBot(0)
    while s.phase != ("auction" if where == "auction" else "race") or s.current_player < 0:
        s.apply(bot.choose(s))
    for _ in range(0 if where == "auction" else int(where)):
        s.apply(bot.choose(s))
        if s.is_terminal():
            return None
    while not s.is_terminal() and (s.current_player < 0 or len(s.legal_action_ids()) < 2):
        s.apply(bot.choose(s))
    return None if s.is_terminal() else s


def small_endgames(count: int) -> list[tuple[str, State]]:
    """Seeded endgames with at most 4 cards in each hand, 2 to 4 players, a card to play or a
    decision inside a card."""
    out: list[tuple[str, State]] = []
    seed = 0
    while len(out) < count:
        players = 2 + seed % 3
        s = endgame(players, seed, 4 * players, mid_card=seed % 2 == 1)
        if s is not None and max(len(h) for h in s.hands) <= 4 and not any(s.discards) \
                and len(s.legal_action_ids()) > 1:
            out.append((f"p{players}-s{seed}", s))
        seed += 1
    return out


def view_set(budget: float, count: int) -> dict[str, Any]:
    """The player's-view measurements (module docstring), printed and returned."""
    import time

    real: list[dict[str, Any]] = []
    for players, seed, where in REAL:
        s = real_position(players, seed, where)
        if s is None:
            continue
        w0, c0 = time.perf_counter(), time.process_time()
        answer = (view.auction_ranking(s, budget=budget) if s.phase == "auction"
                  else view.race_ranking(s, budget=budget, seed=seed))
        wall, cpu = time.perf_counter() - w0, time.process_time() - c0
        ranked = {d.action for d in answer.decisions} == {str(a) for a in s.legal_actions()}
        real.append({"position": f"p{players}-s{seed}-{where}", "phase": s.phase,
                     "cards": cards_left(s), "kind": answer.kind, "deals": answer.deals,
                     "exact_deals": answer.exact_deals, "cpu": round(cpu, 2),
                     "wall": round(wall, 2), "ranked": ranked})
        print(f"real {real[-1]['position']:<16} {s.phase:<8} cards {cards_left(s):>3} "
              f"{answer.kind:<8} deals {answer.deals:>5} exact {answer.exact_deals:>5} "
              f"cpu {cpu:6.2f} s wall {wall:6.2f} s ranked {'yes' if ranked else 'NO'}",
              flush=True)
    ends: list[dict[str, Any]] = []
    errors: dict[str, list[float]] = {"eval": [], "rollout2": [], "rollout_end": []}
    for name, s in small_endgames(count):
        me = s.current_player
        # CPU seconds: a loaded machine does not shorten the search (wall time is printed).
        w0, c0 = time.perf_counter(), time.process_time()
        plan = race.solve(s, config=race.RaceConfig(rivals="maxn", time_budget=REAL_LIMIT,
                                                    lines=False, cpu_clock=True))
        exact_seconds = time.process_time() - c0
        row: dict[str, Any] = {"position": name, "cards": cards_left(s),
                               "proven": plan.status == "proven" and exact_seconds <= REAL_LIMIT,
                               "seconds": round(exact_seconds, 2),
                               "wall": round(time.perf_counter() - w0, 2)}
        if plan.status == "proven":
            exact = {a.action: a.value for a in plan.alternatives}
            top = max(exact.values())
            pick = view.race_ranking(s, budget=budget, seed=1).best.action
            row.update(pick=pick, pick_value=exact[pick], best=top, hit=exact[pick] == top)
            for a in s.legal_action_ids():
                truth = exact[str(formel1.ACTIONS[a])]
                child = s.child(a)
                errors["eval"].append(abs(view.outcome(s, view.settled(child, me), me) - truth))
                errors["rollout2"].append(abs(view.rollout(child, me, 2 * s.players,
                                                           root=s)[0] - truth))
                errors["rollout_end"].append(abs(view.rollout(child, me, None, root=s)[0]
                                                 - truth))
        ends.append(row)
        print(f"endgame {name:<10} cards {cards_left(s):>2} "
              f"{'proven' if row['proven'] else 'NOT proven in time'} {exact_seconds:6.2f} s CPU "
              f"{'' if 'hit' not in row else 'pick = best' if row['hit'] else 'pick below best'}",
              flush=True)
    proven = [r for r in ends if r["proven"]]
    hits = [r for r in ends if "hit" in r and r["hit"]]
    compared = [r for r in ends if "hit" in r]
    mae = {k: round(sum(v) / len(v), 1) for k, v in errors.items() if v}
    summary = {
        "real_answered": sum(1 for r in real if r["ranked"] and float(r["cpu"]) <= REAL_LIMIT),
        "real": len(real), "real_max_wall": max(float(r["wall"]) for r in real),
        "real_max_cpu": max(float(r["cpu"]) for r in real),
        "endgames": len(ends), "proven": len(proven), "picks_equal_best": len(hits),
        "picks_compared": len(compared),
        "mae": mae, "decisions_measured": len(errors["eval"])}
    print(f"real positions answered with a ranking within {REAL_LIMIT:g} s of CPU: "
          f"{summary['real_answered']}/{len(real)} (max {summary['real_max_wall']:.2f} s wall, "
          f"{summary['real_max_cpu']:.2f} s CPU)")
    print(f"endgames proven within {REAL_LIMIT:g} s: {len(proven)}/{len(ends)} (target "
          f"{PROVEN_SHARE:.0%})")
    print(f"player's-view pick = exact best: {len(hits)}/{len(compared)} (target "
          f"{PICK_SHARE:.0%})")
    print(f"evaluation error against exact values ($1K, mean absolute, "
          f"{len(errors['eval'])} decisions): {mae}")
    return {"real": real, "endgames": ends, "summary": summary}


def load_before(path: Path) -> Any:
    """The race module of an earlier commit, loaded under its own name beside the current one
    (written out first, e.g. ``git show HEAD~1:solvers/formel1/race.py > /tmp/race_before.py``);
    it runs on the current rules (``formel1``), so a comparison measures the search alone."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("race_before", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["race_before"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def proof_set(count: int, limit: float, before: Path | None = None) -> dict[str, Any]:
    """The endgame proofs alone (part (2) of the view set), each endgame searched twice in this
    process, one after the other: without max^n's shallow cuts and with them (the search as
    shipped), or with ``before`` the race module ``before`` and the current one (both as
    shipped: the nodes per second compare the two searches on the same rules). CPU seconds; a
    search proves an endgame when it finishes within ``limit``. Printed: each endgame's nodes
    and seconds both ways, whether the values of every first decision are equal, the share
    proven each way, and the nodes per second of the second against the first."""
    import time

    if before is None:
        labels = ("without", "with")
        runs = ((race, {"shallow": False}), (race, {}))
        words = ("without cuts", "with cuts")
    else:
        labels = ("before", "now")
        runs = ((load_before(before), {}), (race, {}))
        words = ("before", "now")
    rows: list[dict[str, Any]] = []
    for name, s in small_endgames(count):
        row: dict[str, Any] = {"position": name, "players": s.players, "cards": cards_left(s)}
        values = {}
        for label, (module, extra) in zip(labels, runs, strict=True):
            c0 = time.process_time()
            plan = module.solve(s, config=module.RaceConfig(
                rivals="maxn", time_budget=limit, node_budget=10**9, lines=False,
                cpu_clock=True, **extra))
            cpu = time.process_time() - c0
            row[label] = {"proven": plan.status == "proven" and cpu <= limit,
                          "nodes": plan.nodes, "cpu": round(cpu, 2)}
            values[label] = {a.action: a.value for a in plan.alternatives}
        first, second = (row[label] for label in labels)
        both = first["proven"] and second["proven"]
        row["equal"] = values[labels[0]] == values[labels[1]] if both else None
        rows.append(row)
        print(f"endgame {name:<8} {s.players}p {row['cards']:>2} cards  {words[0]} "
              f"{'proven' if first['proven'] else 'stopped':<7} {first['nodes']:>9,} nodes "
              f"{first['cpu']:6.2f} s   {words[1]} "
              f"{'proven' if second['proven'] else 'stopped':<7} "
              f"{second['nodes']:>9,} nodes {second['cpu']:6.2f} s"
              f"{'' if row['equal'] is None else '  equal' if row['equal'] else '  NOT EQUAL'}",
              flush=True)
    both = [r for r in rows if r["equal"] is not None]

    def rate(label: str) -> float:
        """Nodes per CPU second over the endgames searched for at least 0.5 s both ways."""
        timed = [r for r in rows if min(r[x]["cpu"] for x in labels) >= 0.5]
        return sum(r[label]["nodes"] for r in timed) / max(1e-9, sum(r[label]["cpu"]
                                                                   for r in timed))

    summary = {"endgames": len(rows),
               f"proven_{labels[1]}": sum(1 for r in rows if r[labels[1]]["proven"]),
               f"proven_{labels[0]}": sum(1 for r in rows if r[labels[0]]["proven"]),
               "both_proven": len(both), "all_equal": all(r["equal"] for r in both),
               "nodes_ratio": round(sum(r[labels[1]]["nodes"] for r in both)
                                    / max(1, sum(r[labels[0]]["nodes"] for r in both)), 3),
               "nodes_per_second_ratio": round(rate(labels[1]) / max(1e-9, rate(labels[0])),
                                               3)}
    print(f"endgames proven within {limit:g} s of CPU: "
          f"{summary[f'proven_{labels[1]}']}/{len(rows)} {words[1]}, "
          f"{summary[f'proven_{labels[0]}']}/{len(rows)} {words[0]} (target "
          f"{PROVEN_SHARE:.0%}); on the {len(both)} proven both ways the values are "
          f"{'equal' if summary['all_equal'] else 'NOT equal'} and {words[1]} searches "
          f"{summary['nodes_ratio']:.0%} of the nodes; nodes per CPU second {words[1]} / "
          f"{words[0]}: {summary['nodes_per_second_ratio']:.2f}")
    return {"endgames": rows, "summary": summary}


def model_set(races: int) -> None:
    """Fit the car model and the evaluation's spread on greedy self-play (module docstring)."""
    import numpy as np

    from formel1 import rules

    for players in (3, 4, 5):
        rows: list[list[float]] = []
        target: list[int] = []
        snaps: list[tuple[int, State, list[int]]] = []
        for seed in range(races):
            s = formel1.new_game(players=players, seed=1000 + seed, races=1)
            bot = GreedyBot(0)
            while s.phase != "race":
                s.apply_unchecked(bot.choose(s))
            start = []
            for car in range(len(s.owner)):
                steps, whites = view._points(s.hands[s.owner[car]])
                start.append((s.revealed.index(car), steps[car], whites))
            i = 0
            race_snaps: list[tuple[int, State]] = []
            while not s.is_terminal():
                if s.card < 0 and i % 7 == 0:
                    race_snaps.append((cards_left(s), s.clone(history=False)))
                i += 1
                s.apply_unchecked(bot.choose(s))
            prize = [0] * len(s.owner)
            for place, car in enumerate(s.finished):
                prize[car] = s.cfg.prizes[place]
            for car, (slot, steps_, whites) in enumerate(start):
                rows.append([float(slot == k) for k in range(6)] + [float(steps_), float(whites)])
                target.append(prize[car])
            snaps += [(left, snap, prize) for left, snap in race_snaps]
        x, y = np.array(rows, dtype=float), np.array(target, dtype=float)
        coef, *_ = np.linalg.lstsq(x, y, rcond=None)
        rmse = float(np.sqrt(np.mean((x @ coef - y) ** 2)))
        print(f"car model, {players} players ({races} races): slots "
              f"{[round(float(c), 1) for c in coef[:6]]}, per step {coef[6]:.2f}, per white "
              f"{coef[7]:.2f}; residual {rmse:.0f}, spread of prizes {y.std():.0f}")
        for low, high in ((0, 8), (8, 16), (16, 24), (24, 36), (36, 99)):
            part = [(snap, final) for left, snap, final in snaps if low <= left < high]
            if not part:
                continue
            best = None
            for spread in (0.5, 1, 2, 3, 4, 6, 8, 12, 16):
                err = 0.0
                for snap, final in part:
                    guess = _car_prizes(snap, spread)
                    err += sum(abs(g - f) for g, f in zip(guess, final, strict=True))
                err /= 6 * len(part)
                if best is None or err < best[0]:
                    best = (err, spread)
            assert best is not None
            print(f"  {low:>2}-{high:<2} cards left: best spread {best[1]:g} rows, mean "
                  f"absolute error ${best[0]:.0f}K a car (now {view.softness(low):g} at "
                  f"{low})")
    del rules


def _car_prizes(s: State, spread: float) -> list[float]:
    """``view.eval_prizes`` per car, with the logistic's spread given."""
    placed = len(s.finished)
    out = [0.0] * len(s.pos)
    for place, car in enumerate(s.finished):
        out[car] = float(s.cfg.prizes[place])
    racing = [(car, view._progress(s, car)) for car in range(len(s.pos)) if s.pos[car] >= 0]
    for car, mine in racing:
        ahead = sum(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (mine - other) / spread))))
                    for c, other in racing if c != car)
        out[car] = view._chart(placed + ahead)
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--plain-budget", type=float, default=120.0, metavar="SECONDS",
                    help="time budget of each plain search (default 120)")
    ap.add_argument("--rivals", nargs="+", default=["maxn", "paranoid"],
                    choices=["maxn", "paranoid", "scripted"])
    ap.add_argument("--only", nargs="+", choices=sorted(ENDGAMES), default=None)
    ap.add_argument("--set", nargs="+",
                    choices=["endgames", "puzzles", "view", "proofs", "model"],
                    default=["endgames", "puzzles"],
                    help="which positions (default endgames and puzzles)")
    ap.add_argument("--view-budget", type=float, default=5.0, metavar="SECONDS",
                    help="CPU seconds of each player's-view answer (default 5)")
    ap.add_argument("--view-endgames", type=int, default=40, metavar="N",
                    help="small endgames of the view set (default 40)")
    ap.add_argument("--model-races", type=int, default=300, metavar="N",
                    help="greedy races per player count of the model set (default 300)")
    ap.add_argument("--before", type=Path, default=None, metavar="FILE",
                    help="proof set: compare the race module FILE (an earlier commit's "
                         "solvers/formel1/race.py) with the current one, in this process")
    ap.add_argument("--out", type=Path, default=None, metavar="FILE",
                    help="proof set: write its JSON to FILE")
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args(argv)
    rows = []
    if "model" in args.set:
        model_set(args.model_races)
        if args.set == ["model"]:
            return 0
    if "proofs" in args.set:
        proofs = proof_set(args.view_endgames, REAL_LIMIT, args.before)
        if args.json:
            print(json.dumps(proofs, indent=1))
        if args.out is not None:
            args.out.write_text(json.dumps(proofs, indent=1) + "\n")
        if args.set == ["proofs"]:
            return 0
    if "view" in args.set:
        measured = view_set(args.view_budget, args.view_endgames)
        if args.json:
            print(json.dumps(measured, indent=1))
        if args.set == ["view"]:
            return 0
    if "endgames" in args.set:
        rows += [run(name, rivals, args.plain_budget) for name in (args.only or ENDGAMES)
                 for rivals in args.rivals]
    if "puzzles" in args.set:
        rows += [run_puzzle(p, args.plain_budget) for p in puzzles.load_puzzles()
                 if p.kind == "race"]
    if args.json:
        print(json.dumps([asdict(r) | {"speedup": r.speedup} for r in rows], indent=2))
        return 0
    width = max(11, *(len(r.endgame) for r in rows))
    print(f"{'position':<{width}} {'rivals':<9} {'cards':>5} {'cars':>4} {'value':>6} "
          f"{'status':<7} {'nodes':>9} {'s':>7} {'nodes/s':>8} {'plain nodes':>11} {'plain s':>8} "
          f"{'equal':<6} speed-up")
    for r in rows:
        stopped = r.plain_status != "proven"
        print(f"{r.endgame:<{width}} {r.rivals:<9} {r.cards:>5} {r.cars:>4} {r.value:>6g} "
              f"{r.status:<7} {r.nodes:>9,} {r.seconds:>7.2f} "
              f"{r.nodes / max(r.seconds, 1e-9):>8,.0f} {r.plain_nodes:>11,} "
              f"{r.plain_seconds:>8.2f} {'yes' if r.equal else ('n/a' if stopped else 'NO'):<6} "
              f"{'>' if stopped else ''}{r.speedup:.0f}x")
    finished = [r for r in rows if r.equal]
    if finished:
        hardest = max(finished, key=lambda r: r.plain_seconds)
        verdict = "met" if hardest.speedup >= TARGET else "NOT met"
        print(f"hardest with equal values ({hardest.endgame}, {hardest.rivals}): speed-up "
              f"{hardest.speedup:.0f}x, target {TARGET:.0f}x {verdict}")
    cut = [r for r in rows if r.plain_status != "proven"]
    if cut:
        print(f"{len(cut)} plain search(es) stopped on the {args.plain_budget:g} s budget: "
              "their speed-ups are lower bounds")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
