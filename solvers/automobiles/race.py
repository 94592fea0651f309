"""The race's value of a choice: each legal decision valued over the rest of the race.

The turn solver (``solvers.automobiles.turn``) proves the best turn for this turn only; a
bag-building race is decided by what the bag will hold turns later (a 5th gear bought now, a
pit stop that empties the wear, an action cube added). Here every legal action of the pending
decision is valued by its effect on the race's end, by simulation:

- the action is applied to a copy of the position, then the race is played out to its end by a
  rollout policy (the engine's greedy bot for every seat: ``GreedyRollout``, the choices of
  ``automobiles.bots.GreedyBot`` without a bot's per-decision overhead);
- every cube drawn after the decision comes from a fresh seed: the engine's seeded draw takes
  each colour with probability count / bag size from the real bag and discard (AU-12, AU-19),
  so the simulation never sees the position's own seed, nor its future (the chi-square test of
  ``odds.draw_fit`` checks that these draws follow the bag's exact odds);
- the simulated race ``i`` uses the same seed for every action (common random numbers), so the
  actions are compared on the same draws and their differences are less noisy;
- each action's expected place (1 the winner), expected margin (its distance less the best
  other car's) and expected turns to the race's end (the seat's turns still to come) come with
  a 95% interval (normal approximation of the mean, the sample standard deviation over the
  simulated races) and the number of races simulated, from running sums (``Tally``: no
  simulated race is kept);
- the choices are ranked by expected place, the measure a race is decided by (and the
  benchmark's); the expected margin only breaks a tie of places. The bots' utility (place
  less ``MARGIN_WEIGHT`` x margin) is still reported but orders nothing here: its margin term
  (up to a few tenths of a place) could outweigh place differences of a tenth;
- the races are spent deciding the first choice (a race of the choices, as in the bandit
  "best arm" searches that sample the leader and its closest challenger): every choice gets
  ``RACE_FROM`` rounds; after them each round races only the leader (the best mean place) and
  its closest rival, the choice it is least separated from in paired standard errors of the
  place difference (over the races both had, on the same draws). Two choices with the same
  place and margin on every race both had are one choice in effect and stop racing each
  other. The search ends early when the leader is separated from every other choice by
  ``DROP_Z`` standard errors; a choice that got fewer races keeps its estimate from them, with
  its wider interval.

Measured by ``benchmarks/bench_automobiles_race.py`` (``docs/automobiles_solver.md``): ranked by
place, the pick is the 1000-race reference's best as often as when ranked by utility (41 of 63
rankings both, 4 misses both, each a sampling miss at the end of 5 s; on the reference's races
of the positions that had missed, the best by utility was the best by place). Given what ``kw
solve``'s turn search leaves of its budget instead of 5 s: 47 of 63 the reference's best, 2
misses, of which one is worse on 4000 fresh races too (0.077 places). The common draws
shrink the standard deviation of a paired place difference only to a median 0.95 of
independent draws': the engine's one draw counter shifts every later draw once a choice draws
more or fewer cubes. Per-seat draw streams (every seat's cubes from its own stream, the
others' draws kept aligned when one seat's choice changes its own; ``--streams`` of the
benchmark) were measured and left out: ``--spread --streams --truth-races 200`` a median 0.90
against 0.96 for the one counter at 200 races, a median 0.98 of the one counter's paired SD
per position on the same pair and seeds, at 1.06x the time per race (``--speed 5
--streams``): variance x time no better. A choice changes the deciding seat's own bag and the
cars' positions, and those, not the other seats' draws, carry most of the difference.

These are **estimates over the race** under the rollout policy, never proofs; the answer of
``kw solve`` keeps the turn solver's exact answer for this turn beside them and says which is
which (``solvers.automobiles.solve``). The budget is CPU time (``time.process_time``) or a
number of simulated races, whichever ends first; at least one race per action is always run,
and no later round is started when the time left cannot hold it (its cost estimated from the
dearest round so far), so the budget is kept.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from automobiles import State
from automobiles.actions import TABLE
from automobiles.bots import GreedyBot, greedy_choice

#: The z of a two-sided 95% normal interval.
Z95 = 1.959963984540054
#: A margin in track units is worth this many places in the bots' utility (``Result.utility``,
#: which the race bot plays by); the ranking here orders by expected place alone, the margin
#: only breaking ties (ours).
MARGIN_WEIGHT = 0.02
#: Rounds of races every choice gets before only the leader and its closest rival race on
#: (ours: fewer make the standard errors themselves too noisy to trust).
RACE_FROM = 10
#: The search stops when the leader's paired lead over every other choice exceeds this many
#: standard errors (ours: z = 3 keeps the chance of stopping on the wrong leader small although
#: the test is repeated after every round).
DROP_Z = 3.0


class RaceError(ValueError):
    """The position is no player's decision in a race (chance, or the race is over)."""


@dataclass(frozen=True)
class Estimate:
    """A sample mean with its 95% interval (normal approximation) and sample size."""

    mean: float
    low: float
    high: float
    n: int

    def words(self, digits: int = 2) -> str:
        """``2.31 (95% 2.10-2.52, 40 races)``."""
        return (f"{self.mean:.{digits}f} (95% {self.low:.{digits}f}-{self.high:.{digits}f}, "
                f"{self.n} races)")


def estimate(samples: Sequence[float]) -> Estimate:
    """The mean of ``samples`` with its 95% interval (a single sample: the interval is the
    point; the interval of a mean, Z95 x standard error)."""
    n = len(samples)
    if n == 0:
        raise ValueError("an estimate needs at least one sample")
    mean = sum(samples) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    var = sum((x - mean) ** 2 for x in samples) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return Estimate(mean, mean - half, mean + half, n)


@dataclass
class Running:
    """A running mean and sum of squared deviations (Welford's update): the mean and interval
    of every sample added, without keeping the samples."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, x: float) -> None:
        """Add one sample."""
        self.n += 1
        delta = x - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (x - self.mean)

    def estimate(self) -> Estimate:
        """The mean with its 95% interval, as ``estimate`` gives it for the same samples."""
        if self.n == 0:
            raise ValueError("an estimate needs at least one sample")
        if self.n == 1:
            return Estimate(self.mean, self.mean, self.mean, 1)
        half = Z95 * math.sqrt(max(self.m2, 0.0) / (self.n - 1) / self.n)
        return Estimate(self.mean, self.mean - half, self.mean + half, self.n)

    def z(self) -> float:
        """The mean in standard errors of the mean (a paired difference: how clearly it is
        above zero); +-inf when every sample is the same non-zero number, 0 when all are 0."""
        se = math.sqrt(max(self.m2, 0.0) / (self.n - 1) / self.n) if self.n > 1 else 0.0
        if se > 0:
            return self.mean / se
        return 0.0 if self.mean == 0 else math.copysign(math.inf, self.mean)


@dataclass
class Tally:
    """One choice's simulated races as running sums: place, turns to the end, utility, margin,
    wins."""

    place: Running = field(default_factory=Running)
    turns: Running = field(default_factory=Running)
    utility: Running = field(default_factory=Running)
    margin: Running = field(default_factory=Running)
    wins: int = 0

    @property
    def n(self) -> int:
        """The races tallied."""
        return self.place.n

    def add(self, result: Result) -> None:
        """Tally one simulated race's result."""
        self.place.add(result.place)
        self.turns.add(result.turns)
        self.utility.add(result.utility)
        self.margin.add(result.margin)
        self.wins += result.place == 1


@dataclass
class Pair:
    """Two choices over the races both had (the same draws): the paired difference of their
    places (the second's less the first's: positive when the first finished ahead), and
    whether their place and margin were the same on every one of them (then they are one
    choice in effect)."""

    diff: Running = field(default_factory=Running)
    twins: bool = True


class Race:
    """The choices' tallies and their pairs' paired differences, round after round
    (``race_values``); ``racers`` says who races next."""

    def __init__(self, count: int) -> None:
        self.tallies = [Tally() for _ in range(count)]
        self.pairs = {(i, j): Pair() for i in range(count) for j in range(i + 1, count)}

    def add_round(self, results: dict[int, Result]) -> None:
        """One round's results, by choice (every one on the same draws)."""
        for i, r in results.items():
            self.tallies[i].add(r)
        for i in results:
            for j in results:
                if i < j:
                    pair, a, b = self.pairs[i, j], results[i], results[j]
                    pair.diff.add(b.place - a.place)
                    pair.twins = pair.twins and (a.place, a.margin) == (b.place, b.margin)

    def leader(self) -> int:
        """The choice with the best (lowest) mean place, the better mean margin breaking a
        tie (the first of equals): ``ranking_key``."""
        return min(range(len(self.tallies)), key=lambda i: ranking_key(self.tallies[i]))

    def lead(self, leader: int, other: int) -> float:
        """``leader``'s paired lead in place over ``other`` in standard errors
        (``Running.z``)."""
        if leader < other:
            return self.pairs[leader, other].diff.z()
        return -self.pairs[other, leader].diff.z()

    def racers(self) -> list[int]:
        """Who races next: the leader and its closest rival (the other choice it leads by the
        fewest standard errors, ``DROP_Z`` or fewer), its twins left out; none when the leader
        is separated from every other choice. A lone choice keeps racing (its own interval
        narrows)."""
        if len(self.tallies) == 1:
            return [0]
        leader = self.leader()
        rival, closest = -1, DROP_Z
        for i in range(len(self.tallies)):
            if i != leader and not self.pairs[min(i, leader), max(i, leader)].twins:
                z = self.lead(leader, i)
                if z <= closest:
                    rival, closest = i, z
        return [] if rival < 0 else sorted((leader, rival))


@dataclass(frozen=True)
class Choice:
    """One legal action valued over the race: expected place, expected turns to the race's
    end, the bots' utility (less place, a little margin), the win share and the expected
    margin (track units), each estimate with its races' count."""

    action: str
    aid: int
    place: Estimate
    turns: Estimate
    utility: Estimate
    win: float  # the share of the simulated races the seat won
    margin: Estimate  # the seat's distance less the best other car's, track units


@dataclass(frozen=True)
class RaceValues:
    """Every legal action of the pending decision valued over the race, best first (by
    expected place, the expected margin breaking a tie)."""

    seat: int
    choices: tuple[Choice, ...]
    races: int  # simulated races in all (every action's together)
    seconds: float  # CPU seconds spent
    policy: str = "greedy"

    @property
    def best(self) -> Choice:
        """The best choice by expected place (then margin)."""
        return self.choices[0]

    def choice(self, action: str) -> Choice:
        """The choice of ``action`` (its text form); KeyError when it is not legal here."""
        for c in self.choices:
            if c.action == action:
                return c
        raise KeyError(action)


@dataclass(frozen=True)
class Result:
    """One simulated race's end for ``seat``: place (1 the winner), the seat's turns still to
    come, its distance less the best other car's (track units)."""

    place: int
    turns: int
    margin: int

    @property
    def utility(self) -> float:
        """Less place is better, the margin breaks near-ties (``MARGIN_WEIGHT``)."""
        return -self.place + MARGIN_WEIGHT * self.margin


def place_of(state: State, seat: int) -> int:
    """``seat``'s place at the race's end: 1 + the cars ahead (further, or as far and further
    inside, AU-22; in a season, more points)."""
    scores = state.scores()
    key = (scores[seat], state.tie_break(seat))
    return 1 + sum((scores[p], state.tie_break(p)) > key
                   for p in range(state.players) if p != seat)


def check_decision(state: State) -> int:
    """The seat deciding at ``state``; RaceError when it is chance or the race is over."""
    if not isinstance(state, State):
        raise RaceError(f"an Automobiles position is needed, not {type(state).__name__}")
    if state.is_terminal():
        raise RaceError("the race is over: there is no decision to value")
    if state.is_chance_node():
        raise RaceError("the position waits for chance (a cube drawn or a deal), not for a "
                        "player's decision")
    return state.current_player


Policy = Callable[[State], int]


def rollout(state: State, aid: int, seat: int, seed: int,
            policies: Sequence[Policy] | None = None) -> Result:
    """Apply ``aid`` to a copy of ``state`` and play the race out to its end with ``seed``'s
    draws (never the position's own) and the greedy bot for every seat (or ``policies``, one
    per seat); ``seat``'s result."""
    s = reseeded(state, seed)
    start = s.turn
    s.apply_unchecked(aid)
    if policies is None:
        GreedyRollout(seed).play_out(s)
    else:
        while not s.is_terminal():
            who = s.current_player
            s.apply_unchecked(policies[who if who >= 0 else 0](s))
    scores = s.scores()
    others = max(scores[p] for p in range(s.players) if p != seat)
    mine_left = sum(1 for t in range(start, s.turn) if s.order[t % s.players] == seat)
    return Result(place_of(s, seat), mine_left, scores[seat] - others)


class GreedyRollout:
    """The rollout policy: every seat (and chance, at an explicit chance node) plays as one
    ``GreedyBot(seed)`` would, the same choice at every decision, without its per-decision
    overhead: a seeded position resolves its chance itself (the engine draws from the seed), so
    no decision asks who decides, and the legal ids are the ones the engine has just worked
    out (``automobiles.bots.greedy_choice``)."""

    name = "greedy"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def play_out(self, s: State) -> None:
        """Play ``s`` to the race's end, in place."""
        apply = s.apply_unchecked
        if s.seed is None:  # chance nodes to come: drawn by the bot's own generator
            bot = GreedyBot(self.seed)
            while not s.is_terminal():
                apply(bot.choose(s))
            return
        while s.phase != "over":  # ``State.is_terminal``, read without a call
            apply(greedy_choice(s, s.legal))


def reseeded(state: State, seed: int) -> State:
    """A copy of ``state`` whose chance to come is drawn from ``seed``: the draws the next
    action starts (the end phase's draw of 7, a card's draw) and all later ones take each
    colour with the bag's count / size (AU-19), never the position's own seed's future."""
    s = state.clone(history=False)
    s.seed, s.draws = seed, 0
    return s


def race_values(state: State, seconds: float | None = 1.0, races: int | None = None,
                seed: int = 0, actions: Sequence[int] | None = None,
                clock: Callable[[], float] = time.process_time,
                drop: bool = True) -> RaceValues:
    """Every legal action (or ``actions``) of the pending decision valued over the rest of the
    race by simulation (module docstring): round after round, one simulated race per action
    racing, all on the same fresh seed (``drop``: after ``RACE_FROM`` rounds only the leader
    and its closest rival race; ``drop=False`` races every action in every round), until
    ``seconds`` of CPU time (``clock``) or ``races`` rounds are spent (no round started that
    the time left cannot hold), or the leader is separated from every other choice (at least
    one round). RaceError for a position that is no player's decision."""
    seat = check_decision(state)
    if seconds is None and races is None:
        raise ValueError("give a time budget (seconds) or a number of races, or both")
    if seconds is not None and (not math.isfinite(seconds) or seconds <= 0):
        raise ValueError(f"seconds must be a positive number, not {seconds!r}")
    if races is not None and (isinstance(races, bool) or races < 1):
        raise ValueError(f"races must be a whole number >= 1, not {races!r}")
    legal = tuple(state.legal_action_ids()) if actions is None else tuple(actions)
    started = clock()
    rng = random.Random(seed)
    race = Race(len(legal))
    racing = list(range(len(legal)))
    rounds = 0
    dearest = 0.0  # the most CPU one simulated race of a round took, so far
    while True:
        race_seed = rng.getrandbits(63)
        before = clock()
        race.add_round({i: rollout(state, legal[i], seat, race_seed) for i in racing})
        dearest = max(dearest, (clock() - before) / len(racing))
        rounds += 1
        if races is not None and rounds >= races:
            break
        if drop and rounds >= RACE_FROM:
            racing = race.racers()
            if not racing:
                break
        # No round the time left cannot hold: rounds cost about the same per race, and the
        # dearest so far errs on the side of the budget, which callers promise to keep.
        if seconds is not None and clock() - started + dearest * len(racing) > seconds:
            break
    choices = [_choice(aid, tally) for aid, tally in zip(legal, race.tallies, strict=True)]
    order = sorted(range(len(legal)), key=lambda i: ranking_key(race.tallies[i]))
    choices = [choices[i] for i in order]
    return RaceValues(seat, tuple(choices), sum(t.n for t in race.tallies), clock() - started)


def ranking_key(tally: Tally) -> tuple[float, float]:
    """How choices are ordered, best (smallest) first: the expected place, then the expected
    margin (more is better) only where the places are equal."""
    return tally.place.mean, -tally.margin.mean


def _choice(aid: int, tally: Tally) -> Choice:
    return Choice(str(TABLE.actions[aid]), aid, tally.place.estimate(), tally.turns.estimate(),
                  tally.utility.estimate(), tally.wins / tally.n, tally.margin.estimate())


__all__ = ["DROP_Z", "MARGIN_WEIGHT", "RACE_FROM", "Choice", "Estimate", "GreedyRollout",
           "Pair", "Race", "RaceError", "RaceValues", "Result", "Running", "Tally",
           "check_decision", "estimate", "place_of", "race_values", "ranking_key", "reseeded",
           "rollout"]
