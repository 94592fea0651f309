"""Automobiles over the race: kw solve's answer time, and whether the race-value ranking picks
the choice with the best expected place over many more simulated races.

Run::

    python benchmarks/bench_automobiles_race.py [--positions N] [--seed S]
                                                [--truth-races R] [--skip-solve]
                                                [--reference FILE] [--ranking-seeds N]
                                                [--ranking-seconds S] [--speed [SEEDS]]
                                                [--spread] [--antithetic [PAIRS]]
                                                [--streams] [--confirm RACES]

Positions: ``N`` (default 20) real positions from seeded races of 2-5 players (standard and
random card sets; early, mid and late race: ``positions.mid_race`` at turns 2-100, the greedy
and random bots having played), plus the late-race position of four players that once ran for
minutes (``mid_race(2, 60, players=4)``).

1. **Answered within 10 s**: ``kw solve``'s solver with its defaults (10 s budget: the turn
   search, then simulated races in the rest of the budget) on every position; wall time
   of each (median, max), the kind of answer (proven / bound).
2. **The ranking's choice is the best over the race**: on every position, the ranking ``kw
   solve`` gives (``race.race_values`` for ``--ranking-seconds`` of CPU, by default what ``kw
   solve`` leaves them on that position, ``solve_left``; seed 0, or seeds 0 to N-1 with
   ``--ranking-seeds N``, the misses counted over all) against a reference of ``R`` (default
   200) simulated races of every first decision on the same draws (seeds 1000 on, none the
   ranking used; no choice dropped), cached in ``--reference FILE`` (JSON) so a rerun reuses
   it. The reference's best is the choice
   with the best expected place (the ranking's measure: every race's place, 1 the winner).
   Printed per position: "same" when the ranking picked it (or a choice with exactly its results
   on every race), "inside" when the paired 95% interval of the two choices' difference holds 0
   (the reference cannot tell them apart), "OUT" otherwise; and how many positions the
   reference decides (a single best, told apart from every other choice). Both use the greedy
   bot after the decision.
   With ``--confirm RACES`` every miss is raced again, the pick against the reference's best
   on RACES fresh races (``confirm``): the reference's best is the best of several noisy
   columns, so an equal pick is told apart from it more often than the interval says.
3. **The rollout's speed** (``--speed``, alone): ``race.GreedyRollout`` against rollouts of
   ``GreedyBot`` on the same simulated races, alternated in one process (CPU time, a ratio);
   every race is checked to end the same.
4. **What the common draws gain** (``--spread``, alone, from the reference): per position the
   reference's best and its closest rival, the standard deviation per race of their place
   difference on the same draws against independent draws (the standard error of the
   difference after n races is that over sqrt(n)).
5. **Antithetic draws** (``--antithetic``, alone; measured, not used by the solver): on the
   positions where a ranking missed, the reference's best and its closest rival raced on
   ``PAIRS`` (default 150) seeds, each race also run with every draw ``r`` in ``[0, k)``
   replaced by ``k - 1 - r`` (the engine's draw patched in this process only): the standard
   deviation per race of their place difference, plain (two seeds) against antithetic (a seed
   and its mirror averaged), at equal races.
6. **Per-seat draw streams** (``--streams``; measured, not used by the solver): with
   ``--spread``, the reference simulated by ``streams_rollout`` (every seat's cubes from its own
   stream, ``SeatStreams``; cached apart in the same file) instead of the engine's one draw
   counter; with ``--speed``, the races per CPU second of both on the same seeds.

Nothing here asserts on timing.

Measured 2026-12-04 (a quiet machine; ``docs/automobiles_solver.md``): ``--ranking-seeds 3
--confirm 4000`` on a cached 1000-race reference, ranking with 5 s: the reference's best 41/63,
not told apart 60/63, 3 misses, 1 of them worse on 4000 fresh races; with what ``kw solve``
leaves (the default): 47/63, 61/63, 2 misses, 1 of them worse on fresh races (0.077 places, on
a position whose race values get 2.7 s). ``--ranking-seeds 0``: kw solve 21/21 within 10 s,
median 9.78 s, max 9.81 s.

Measured 2026-12-03, before the races went to the leader and its closest rival
(``--positions 20 --truth-races 1000``, ranking 5 s, seed 0): the same on 16/21, not told
apart on 20/21, the single best on 7 of 7; the miss differed by 0.17 places over 1000 races
while the ranking's 94 races had it 0.03 places the other way.

Measured 2026-12-03 after it (a shared machine, load 6-8 on 2 cores; the commands in
``docs/automobiles_solver.md``): the reference cached with ``--truth-races 1000 --skip-solve
--ranking-seeds 0 --reference FILE``; ``--skip-solve --ranking-seeds 3 --reference FILE``:
seed 0 the same on 18/21, not told apart on 21/21, the single best on 7 of 7; seed 1 14/21,
20/21, 7 of 7; seed 2 11/21, 18/21, 5 of 7; 4 misses in 63 rankings, every one at the end of
the budget on choices 0.04-0.15 places apart (sampling misses, which more races make rarer
but no fixed budget rules out). The previous commit's search on the same reference, same
session: 39/63 the same (now 43), 59/63 not told apart (now 59), 4 misses (now 4).
``--ranking-seeds 0``: kw solve 21/21 within
10 s, median 4.88 s, max 9.60 s wall (17 proven, 4 bounds). ``--speed``: GreedyRollout 1.07x
GreedyBot on the same races.

Measured later on 2026-12-03, the ranking by expected place instead of the bots' utility (one
session, load about 2; the same cached reference): before, the reference's best 41/63, not told
apart 59/63, 4 misses; after, 41/63, 59/63, 4 misses (the single best on 18 of 21 decided,
the pick's median 123 races); on the reference's 1000 races of the five positions that had
missed, the best by utility is the best by place. ``--spread``: the same draws' SD per race
of the difference a median 0.95 of independent draws' (0.51-1.00, 21 positions).
``--antithetic``: the mirrored draws' SD per race a median 1.01 of the plain draws' (0.96-1.04,
the 6 positions that missed): no gain.
``--ranking-seeds 0``: kw solve 21/21 within 10 s, median 5.00 s, max
9.76 s wall (18 proven, 3 bounds).

Measured 2026-12-03 evening, per-seat draw streams (one process at a time, 2 cores):
``--spread --truth-races 200 --reference FILE``: one counter, the same draws' SD per race of
the difference a median 0.96 of independent draws' (0.53-1.01, 19 positions); ``--spread
--streams`` (same arguments): 0.90 (0.67-1.02). On the same best and rival (the 1000-race
reference's) and the same 300 seeds, an ad hoc run: 0.956 against 0.922, the streams' paired
SD a median 0.98 of the one counter's per position (lower on 14 of 19). ``--speed 5
--streams``: one counter 65.1 races per CPU s, streams 61.2 (1.06x the time). Variance x
time per race: about 1.0, no gain; the solver keeps the engine's counter.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from automobiles import State  # noqa: E402
from automobiles.actions import TABLE  # noqa: E402
from automobiles.bots import greedy_choice  # noqa: E402
from gamecore.chance import draw, weighted_draw  # noqa: E402
from solvers.automobiles import solve  # noqa: E402
from solvers.automobiles.positions import mid_race  # noqa: E402
from solvers.automobiles.race import (  # noqa: E402
    RaceValues,
    Result,
    place_of,
    race_values,
    rollout,
)


def positions(count: int, seed: int) -> list[tuple[str, State]]:
    """``count`` real positions (module docstring) and the known slow one, each named."""
    rng = random.Random(seed)
    out: list[tuple[str, State]] = []
    state = mid_race(2, 60, players=4)
    if state is not None:
        out.append(("4p seed 2 turn 60 (the slow one)", state))
    while len(out) < count + 1:
        players = rng.choice((2, 3, 4, 5))
        cards = rng.choice(("standard", "random"))
        turns = rng.choice((2, 10, 25, 45, 70, 100))
        race_seed = rng.randrange(10**6)
        state = mid_race(race_seed, turns, players=players, cards=cards,
                         bots=(rng.choice(("greedy", "random")), "greedy"))
        if state is not None and len(state.legal_action_ids()) > 1:
            out.append((f"{players}p {cards} seed {race_seed} turn {turns}", state))
    return out


def reference(state: State, legal: list[int], races: int,
              simulate: Callable[[State, int, int, int], Result] = rollout) -> list[list[float]]:
    """``races`` simulated races of every legal action on the same draws (seeds 1000 on, none
    the ranking used), no action dropped: one row per race, one column per action, each the
    seat's place (1 the winner). ``simulate`` is the solver's ``race.rollout`` unless told
    (``--streams``: ``streams_rollout``)."""
    rng = random.Random(1000)
    seat = state.current_player
    rows = []
    for _ in range(races):
        race_seed = rng.getrandbits(63)
        rows.append([float(simulate(state, aid, seat, race_seed).place) for aid in legal])
    return rows


#: The streams' seeds are whole 64-bit draws of the race's seed (``gamecore.chance.draw``).
_SEED_RANGE = 1 << 64
#: The phases where the engine waits for chance in an explicit-chance game (AU-08, AU-09,
#: AU-19, AU-24, AU-26); a test holds them to the engine's.
CHANCE_PHASES = frozenset(("cards", "order", "drivers", "draw", "sponsors"))


class SeatStreams:
    """``--streams`` (measured, not used by the solver): the chance of one simulated race with
    one draw stream per seat instead of the engine's one counter for the table
    (``State.draws``), so that two choices differing in what one seat does keep the other
    seats' draws aligned. Seat p's cubes come from its own stream (seed: draw p of the race's
    seed; its own counter), the rest of chance (a card set, a start order, drivers and sponsors
    dealt) from the table's (draw ``players``).

    The law is the engine's: at an explicit chance node of a draw, the drawing seat's first
    cube is ``weighted_draw`` over the bag's counts (each colour count / bag size, AU-19), and
    the rest of that seat's draw of several cubes (no card's draw: those go one at a time) is
    the engine's own seeded draw, the state seeded with the seat's stream for that one action
    (the discard back into an empty bag, AU-19), then unseeded again; the table's chance is
    uniform over the engine's outcomes. A seat's draw that the engine's forced moves reached in
    that same action would come from that seat's stream (the law unchanged, every number of a
    stream used once); an ad hoc check found none in 15,443 such draws of the benchmark's
    positions."""

    __slots__ = ("seeds", "counts")

    def __init__(self, seed: int, players: int) -> None:
        self.seeds = [draw(seed, k, _SEED_RANGE) for k in range(players + 1)]
        self.counts = [0] * (players + 1)

    def resolve(self, s: State) -> None:
        """Apply chance's outcome at the chance node ``s`` (an explicit-chance position)."""
        legal = s.legal
        if s.phase != "draw":  # the table's chance: uniform over the engine's outcomes
            k = len(self.seeds) - 1
            pick = draw(self.seeds[k], self.counts[k], len(legal))
            self.counts[k] += 1
            s.apply_unchecked(legal[pick])
            return
        k, left = s.drawing[0]
        # The legal draws are the colours in the bag, in colour order (``rules.legal_ids``),
        # each weighted by its count (AU-19), as the engine's seeded draw walks them.
        pick = weighted_draw(self.seeds[k], self.counts[k], [n for n in s.bag[k] if n])
        self.counts[k] += 1
        if left > 1 and len(s.drawing) == 1 and not s.effect:
            # The rest of the draw by the engine itself, from this seat's stream: one action
            # instead of one per cube (a cube at a time costs the rollout about 1.3x).
            s.seed, s.draws = self.seeds[k], self.counts[k]
            s.apply_unchecked(legal[pick])
            self.counts[k], s.seed = s.draws, None
            return
        s.apply_unchecked(legal[pick])


def streams_rollout(state: State, aid: int, seat: int, seed: int) -> Result:
    """``race.rollout`` with ``SeatStreams``' draws: ``aid`` applied to an explicit-chance copy
    of ``state`` (never its own seed), the greedy bot's choice at every decision to the
    race's end, chance from ``seed``'s per-seat streams; ``seat``'s result."""
    s = state.clone(history=False)
    s.seed, s.draws = None, 0
    streams = SeatStreams(seed, s.players)
    start = s.turn
    s.apply_unchecked(aid)
    apply, resolve = s.apply_unchecked, streams.resolve
    while (phase := s.phase) != "over":
        if phase in CHANCE_PHASES:
            resolve(s)
        else:
            apply(greedy_choice(s, s.legal))
    scores = s.scores()
    others = max(scores[p] for p in range(s.players) if p != seat)
    mine_left = sum(1 for t in range(start, s.turn) if s.order[t % s.players] == seat)
    return Result(place_of(s, seat), mine_left, scores[seat] - others)


def cached_reference(path: Path | None, found: list[tuple[str, State]], races: int,
                     seed: int, streams: bool = False) -> dict[str, list[list[float]]]:
    """Every position's reference (``reference``) by name, read from the JSON file ``path``
    when it holds this position's with as many races, else simulated and merged into the file
    after each position (a stopped run keeps what it finished; runs sharing the file skip
    what another has written). No file: simulated every time. ``streams``: simulated by
    ``streams_rollout``, cached apart."""
    key = f"positions seed {seed}, {races} races" + (", per-seat streams" if streams else "")
    simulate = streams_rollout if streams else rollout

    def known() -> dict[str, list[list[float]]]:
        if path is None or not path.exists():
            return {}
        return dict(json.loads(path.read_text()).get(key, {}))

    out = {}
    for name, state in found:
        done = known()
        if name not in done:
            started = time.process_time()
            done[name] = reference(state, list(state.legal_action_ids()), races, simulate)
            print(f"ref    {name:42} {time.process_time() - started:7.1f} s CPU", flush=True)
            if path is not None:
                cache = json.loads(path.read_text()) if path.exists() else {}
                cache[key] = cache.get(key, {}) | {name: done[name]}
                part = path.with_suffix(f".{os.getpid()}.part")
                part.write_text(json.dumps(cache))
                part.replace(path)
        out[name] = done[name]
    return out


@dataclass(frozen=True)
class Verdict:
    """How the ranking's pick fares against the reference (``judge``)."""

    best: int  # the column with the best (lowest) mean place
    best_place: float
    picked: float  # the pick's mean place
    top: int  # how many columns are not told apart from the best (the best included)
    same: bool  # the pick is the best, or has exactly its results on every race
    inside: bool  # the pick is not told apart from the best
    decided: bool  # the best is told apart from every other column


def judge(rows: list[list[float]], pick: int) -> Verdict:
    """The reference's best column by mean place and the columns it is not told apart from:
    the paired 95% interval of their difference (the same draws) holds 0; a column with the
    same place as the best on every race is the same choice in effect."""
    n = len(rows)
    cols = list(zip(*rows, strict=True))
    means = [sum(c) / n for c in cols]
    best = min(range(len(cols)), key=lambda i: means[i])

    def apart(i: int) -> bool:
        diffs = [a - b for a, b in zip(cols[i], cols[best], strict=True)]
        mean = sum(diffs) / n
        var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
        return mean - 1.96 * math.sqrt(var / n) > 0

    twins = {i for i in range(len(cols)) if cols[i] == cols[best]}
    top = [i for i in range(len(cols)) if i not in twins and not apart(i)]
    return Verdict(best, means[best], means[pick], len(top) + 1, pick in twins,
                   pick in twins or pick in top, not top)


def paired_spread(rows: list[list[float]]) -> tuple[float, float, float] | None:
    """The reference's best column (mean place) and its closest rival (the fewest paired
    standard errors behind; a column with the best's results on every race left out): the
    rival's mean place less the best's, and the standard deviation per race of their place
    difference on the same draws and on independent draws (sqrt(var a + var b)); None when
    no other column differs from the best."""
    n = len(rows)
    cols = list(zip(*rows, strict=True))
    means = [sum(c) / n for c in cols]
    best = min(range(len(cols)), key=lambda i: means[i])

    def sd(xs: list[float]) -> float:
        mean = sum(xs) / n
        return math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))

    def diffs(i: int) -> list[float]:
        return [a - b for a, b in zip(cols[i], cols[best], strict=True)]

    others = [i for i in range(len(cols)) if cols[i] != cols[best]]
    if not others:
        return None
    rival = min(others, key=lambda i: (means[i] - means[best]) / (sd(diffs(i)) or math.inf))
    independent = math.hypot(sd(list(cols[best])), sd(list(cols[rival])))
    return means[rival] - means[best], sd(diffs(rival)), independent


def spreads(found: list[tuple[str, State]], refs: dict[str, list[list[float]]]) -> None:
    """``paired_spread`` of every position's reference, one line each, and the median ratio
    of the paired to the independent standard deviation (the common random numbers' gain:
    the standard error of a difference after n races is this over sqrt(n))."""
    ratios = []
    for name, _ in found:
        spread = paired_spread(refs[name])
        if spread is None:
            continue
        gap, paired, independent = spread
        ratios.append(paired / independent if independent else 1.0)
        print(f"spread {name:42} rival {gap:.3f} places behind; SD per race of the difference: "
              f"same draws {paired:.3f}, independent {independent:.3f}, ratio {ratios[-1]:.2f}",
              flush=True)
    print(f"same draws / independent SD per race: median {statistics.median(ratios):.2f}, "
          f"{min(ratios):.2f}-{max(ratios):.2f} over {len(ratios)} positions", flush=True)


#: The positions where a ranking missed the reference's best (``--antithetic``'s).
MISSED = ("4p standard seed 103560 turn 25", "3p random seed 84353 turn 2",
          "4p standard seed 192800 turn 25", "3p standard seed 941802 turn 2",
          "2p standard seed 833180 turn 25", "4p random seed 105494 turn 2")


_MIRRORED = [False]  # ``--antithetic``: whether the patched draw mirrors


def _mirrorable(draw: Callable[[int, int, int], int]) -> Callable[[int, int, int], int]:
    """``draw``, or its mirror ``k - 1 - r`` while ``_MIRRORED[0]``."""
    def mirrored(seed: int, n: int, k: int) -> int:
        r = draw(seed, n, k)
        return k - 1 - r if _MIRRORED[0] else r
    return mirrored


def _place_diff(state: State, worse: int, better: int, seed: int, mirror: bool) -> float:
    """``worse``'s place less ``better``'s on one simulated race (mirrored draws or not)."""
    _MIRRORED[0] = mirror
    seat = state.current_player
    try:
        return float(rollout(state, worse, seat, seed).place
                     - rollout(state, better, seat, seed).place)
    finally:
        _MIRRORED[0] = False


def antithetic(found: list[tuple[str, State]], refs: dict[str, list[list[float]]],
               pairs: int) -> None:
    """``--antithetic`` (module docstring): one line per position of ``MISSED``, the median
    ratio of the antithetic to the plain standard deviation per race at equal races."""
    import automobiles.rules as rules
    from gamecore import chance

    # The engine's draws and weighted draws (which draw through ``chance.draw``) mirrored.
    chance.draw = rules.draw = _mirrorable(chance.draw)  # type: ignore[assignment]
    ratios = []
    for name, state in found:
        if name not in MISSED:
            continue
        rows = refs[name]
        cols = list(zip(*rows, strict=True))
        means = [sum(c) / len(rows) for c in cols]
        best = min(range(len(cols)), key=lambda i: means[i])
        rival = min((i for i in range(len(cols)) if cols[i] != cols[best]),
                    key=lambda i: judge_z(rows, best, i))
        legal = state.legal_action_ids()
        rng = random.Random(7)
        plain, anti = [], []
        for _ in range(pairs):
            one, two = rng.getrandbits(63), rng.getrandbits(63)
            plain += [_place_diff(state, legal[rival], legal[best], seed, False)
                      for seed in (one, two)]
            anti.append((plain[-2] + _place_diff(state, legal[rival], legal[best], one, True))
                        / 2)
        sd_plain = statistics.stdev(plain)
        sd_anti = statistics.stdev(anti) * math.sqrt(2)  # per race: each mean costs two
        ratios.append(sd_anti / sd_plain)
        print(f"anti   {name:42} SD per race of the difference: plain {sd_plain:.3f}, "
              f"antithetic {sd_anti:.3f}, ratio {ratios[-1]:.2f}", flush=True)
    print(f"antithetic / plain SD per race at equal races: median "
          f"{statistics.median(ratios):.2f}, {min(ratios):.2f}-{max(ratios):.2f} over "
          f"{len(ratios)} positions", flush=True)


def judge_z(rows: list[list[float]], best: int, other: int) -> float:
    """How many paired standard errors column ``other`` is behind column ``best`` (inf when
    every difference is the same)."""
    diffs = [r[other] - r[best] for r in rows]
    mean, sd = statistics.fmean(diffs), statistics.stdev(diffs)
    return mean / (sd / math.sqrt(len(diffs))) if sd else math.inf


def ranking_name(aid: int) -> str:
    """An action id's text."""
    return str(TABLE.actions[aid])


def speed(found: list[tuple[str, State]], seeds: int) -> float:
    """CPU seconds of ``GreedyBot`` rollouts over ``GreedyRollout``'s on the same simulated
    races (``seeds`` per first decision of every position), alternated in one process; every
    race checked to end the same."""
    from automobiles.bots import GreedyBot

    fast = slow = 0.0
    for _, state in found:
        seat = state.current_player
        for aid in state.legal_action_ids():
            for k in range(seeds):
                started = time.process_time()
                mine = rollout(state, aid, seat, k)
                middle = time.process_time()
                theirs = rollout(state, aid, seat, k, [GreedyBot(k).choose] * state.players)
                fast, slow = fast + middle - started, slow + time.process_time() - middle
                assert mine == theirs, (state, aid, k)
    print(f"speed: GreedyRollout {fast:.2f} s CPU, GreedyBot {slow:.2f} s on the same races: "
          f"{slow / fast:.2f}x", flush=True)
    return slow / fast


def streams_speed(found: list[tuple[str, State]], seeds: int) -> float:
    """``--speed --streams``: simulated races per CPU second of ``race.rollout`` (the engine's
    one draw counter) and of ``streams_rollout`` (``SeatStreams``) on the same seeds (``seeds``
    per first decision of every position), alternated in one process; the time ratio."""
    shared = own = 0.0
    count = 0
    for _, state in found:
        seat = state.current_player
        for aid in state.legal_action_ids():
            for k in range(seeds):
                started = time.process_time()
                rollout(state, aid, seat, k)
                middle = time.process_time()
                streams_rollout(state, aid, seat, k)
                shared, own = shared + middle - started, own + time.process_time() - middle
                count += 1
    print(f"speed: {count} races each; one counter {count / shared:.1f} races per CPU s, "
          f"per-seat streams {count / own:.1f}: {own / shared:.2f}x the time", flush=True)
    return own / shared


def solve_times(found: list[tuple[str, State]]) -> None:
    """``kw solve``'s solver with its defaults on every position: wall time, kind, answer."""
    times, kinds = [], []
    for name, state in found:
        started = time.perf_counter()
        answer = solve.SOLVER.solve(state, {})
        took = time.perf_counter() - started
        times.append(took)
        kinds.append(answer.kind)
        print(f"solve  {name:42} {took:6.2f} s  {answer.kind:7} {answer.best}", flush=True)
    print(f"kw solve: {len(times)} positions, median {statistics.median(times):.2f} s, max "
          f"{max(times):.2f} s, within 10 s: {sum(t <= 10 for t in times)}/{len(times)}; "
          f"proven {kinds.count('proven')}, bound {kinds.count('bound')}", flush=True)


def solve_left(state: State) -> float:
    """The CPU seconds ``kw solve`` with its defaults leaves the race values of ``state``: the
    default budget less the turn search's time and the answer's margin (``solve.turn_answer``;
    all of it, less the margin, for a decision outside a turn)."""
    from solvers.automobiles.turn import in_turn, solve_turn

    budget = solve.DEFAULT_BUDGET - solve.ANSWER_MARGIN
    if not in_turn(state):
        return budget
    started = time.process_time()
    solve_turn(state, "progress", time_budget=solve.DEFAULT_BUDGET * solve.TURN_SHARE)
    return budget - (time.process_time() - started)


def rankings(found: list[tuple[str, State]], seeds: int,
             seconds: float | None) -> list[list[RaceValues]]:
    """The ranking (``seconds`` of CPU; None: what ``kw solve`` leaves, ``solve_left``) of
    every position with seeds 0 to ``seeds`` - 1: one list per seed, position by position."""
    out: list[list[RaceValues]] = []
    left = {name: solve_left(state) for name, state in found} if seconds is None and seeds \
        else {}
    for seed in range(seeds):
        out.append([])
        for name, state in found:
            out[-1].append(race_values(state, seconds=left.get(name, seconds), seed=seed))
            best = out[-1][-1].best
            print(f"rank   {name:42} seed {seed} ranked {best.action:16} ({best.place.n} races, "
                  f"{out[-1][-1].races} in all, {out[-1][-1].seconds:.2f} s)", flush=True)
    return out


def confirm(state: State, pick: int, best: int, races: int) -> tuple[float, float, float]:
    """The pick's place less the reference's best's (action ids) over ``races`` fresh simulated
    races on the same draws (seeds 5000 on: none the reference or a ranking used), with its 95%
    interval: a held-out check of a miss. The reference's best is the best of many noisy
    columns on the reference's own races, so a pick as good as it is told apart from it there
    more often than 1 time in 40; fresh races do not share that bias."""
    rng = random.Random(5000)
    seat = state.current_player
    diffs = []
    for _ in range(races):
        seed = rng.getrandbits(63)
        ours, theirs = rollout(state, pick, seat, seed), rollout(state, best, seat, seed)
        diffs.append(ours.place - theirs.place)
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(races)
    return mean, mean - half, mean + half


def judge_rankings(found: list[tuple[str, State]], ranked: list[list[RaceValues]],
                   refs: dict[str, list[list[float]]], seconds: float | None,
                   confirm_races: int = 0) -> None:
    """Every ranking against the reference: one line each, a summary per seed and over all;
    with ``confirm_races``, every miss raced again against the reference's best on fresh draws
    (``confirm``): a confirmed miss is worse there too."""
    total = {"same": 0, "inside": 0, "decided": 0, "decided_same": 0, "runs": 0}
    confirmed = 0
    races = []
    for seed, per_seed in enumerate(ranked):
        count = dict.fromkeys(total, 0)
        for (name, state), ranking in zip(found, per_seed, strict=True):
            legal = state.legal_action_ids()
            verdict = judge(refs[name], legal.index(ranking.best.aid))
            races.append(ranking.best.place.n)
            count["runs"] += 1
            count["same"] += verdict.same
            count["inside"] += verdict.inside
            count["decided"] += verdict.decided
            count["decided_same"] += verdict.decided and verdict.same
            print(f"judge  {name:42} seed {seed} ranked {ranking.best.action:16} place "
                  f"{verdict.picked:.3f}; best {ranking_name(legal[verdict.best]):16} "
                  f"{verdict.best_place:.3f}; {verdict.top} choice(s) not told apart; "
                  f"{'same' if verdict.same else 'inside' if verdict.inside else 'OUT'}",
                  flush=True)
            if confirm_races and not verdict.inside:
                mean, low, high = confirm(state, ranking.best.aid, legal[verdict.best],
                                          confirm_races)
                confirmed += low > 0
                print(f"check  {name:42} seed {seed} on {confirm_races} fresh races: the pick "
                      f"{mean:+.3f} places (95% {low:+.3f} to {high:+.3f}); "
                      f"{'a miss' if low > 0 else 'not told apart' if high > 0 else 'better'}",
                      flush=True)
        print(f"seed {seed}: {_summary(count)}", flush=True)
        total = {k: total[k] + count[k] for k in total}
    held = (f"; of them worse on {confirm_races} fresh races too: {confirmed}"
            if confirm_races else "")
    print(f"ranking {'as kw solve' if seconds is None else f'{seconds:g} s'}, {len(ranked)} "
          f"seed(s), {len(found)} positions: {_summary(total)}; misses (told apart from the "
          f"best, and worse) {total['runs'] - total['inside']}/{total['runs']}{held}; the "
          f"pick's races median {statistics.median(races):g}", flush=True)


def _summary(count: dict[str, int]) -> str:
    runs = count["runs"]
    return (f"the reference's best {count['same']}/{runs}, not told apart from it "
            f"{count['inside']}/{runs}, the single best on {count['decided_same']} of "
            f"{count['decided']} decided")


def _positive(kind: Callable[[str], Any], least: float = 0) -> Callable[[str], Any]:
    """An argparse type: ``kind`` of the text, finite and above 0 (at least ``least`` when
    given); anything else is refused by argparse with the option named."""
    def parse(text: str) -> Any:
        try:
            value = kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
        if not math.isfinite(value) or value <= 0 or value < least:
            raise argparse.ArgumentTypeError(
                f"expected a number {'>= ' + format(least, 'g') if least else '> 0'}, not "
                f"{text!r}")
        return value
    return parse


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark (module docstring); print one line per position and a summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--truth-races", type=int, default=200)
    parser.add_argument("--skip-solve", action="store_true")
    parser.add_argument("--speed", type=int, nargs="?", const=5, default=None, metavar="SEEDS",
                        help="only the rollout speed: GreedyRollout against GreedyBot, SEEDS "
                             "(default 5) races per first decision")
    parser.add_argument("--reference", type=Path, default=None, metavar="FILE",
                        help="a JSON file caching the reference's races (reused when present)")
    parser.add_argument("--ranking-seeds", type=int, default=1, metavar="N",
                        help="rank with seeds 0..N-1 (0: no ranking; the reference alone when "
                             "--reference is given)")
    parser.add_argument("--spread", action="store_true",
                        help="only the reference's paired spread (no solve, no ranking): the "
                             "standard deviation per race of the best's and its rival's "
                             "difference on the same and on independent draws")
    parser.add_argument("--streams", action="store_true",
                        help="with --spread: the reference simulated with per-seat draw "
                             "streams (SeatStreams, cached apart); with --speed: their races "
                             "per CPU second against the solver's rollout")
    parser.add_argument("--antithetic", type=int, nargs="?", const=150, default=None,
                        metavar="PAIRS", help="only the antithetic draws' measurement on the "
                        "positions that missed, PAIRS (default 150) seeds each")
    parser.add_argument("--ranking-seconds", type=_positive(float), default=None, metavar="S",
                        help="CPU seconds of each ranking (default: what kw solve leaves "
                             "them on each position)")
    parser.add_argument("--confirm", type=_positive(int, least=2), default=0, metavar="RACES",
                        help="race every miss again against the reference's best on RACES "
                             "(at least 2) fresh draws")
    args = parser.parse_args(argv)
    found = positions(args.positions, args.seed)
    if args.speed is not None:
        (streams_speed if args.streams else speed)(found, args.speed)
        return 0
    if args.antithetic is not None:
        refs = cached_reference(args.reference, found, args.truth_races, args.seed)
        antithetic(found, refs, args.antithetic)
        return 0
    if args.spread:
        spreads(found, cached_reference(args.reference, found, args.truth_races, args.seed,
                                        args.streams))
        return 0
    if not args.skip_solve:
        solve_times(found)
    ranked = rankings(found, args.ranking_seeds, args.ranking_seconds)
    if ranked or args.reference is not None:  # no ranking and no file: no reference needed
        refs = cached_reference(args.reference, found, args.truth_races, args.seed)
    if ranked:
        judge_rankings(found, ranked, refs, args.ranking_seconds, args.confirm)
    return 0


if __name__ == "__main__":
    sys.exit(main())
