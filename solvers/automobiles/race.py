"""The race's value of a choice: each legal decision valued over the rest of the race.

The turn solver (``solvers.automobiles.turn``) proves the best turn for this turn only; a
bag-building race is decided by what the bag will hold turns later (a 5th gear bought now, a
pit stop that empties the wear, an action cube added). Here every legal action of the pending
decision is valued by its effect on the race's end, by simulation:

- the action is applied to a copy of the position, then the race is played out to its end by a
  rollout policy (the engine's greedy bot for every seat, ``automobiles.bots.GreedyBot``);
- every cube drawn after the decision comes from a fresh seed: the engine's seeded draw takes
  each colour with probability count / bag size from the real bag and discard (AU-12, AU-19),
  so the simulation never sees the position's own seed, nor its future (the chi-square test of
  ``odds.draw_fit`` checks that these draws follow the bag's exact odds);
- the simulated race ``i`` uses the same seed for every action (common random numbers), so the
  actions are compared on the same draws and their differences are less noisy;
- each action's expected place (1 the winner) and expected turns to the race's end (the
  seat's turns still to come) come with a 95% interval (normal approximation of the mean, the
  sample standard deviation over the simulated races) and the number of races simulated;
- the races are spent where they decide the ranking (a race of the choices, as in bandit
  "successive elimination"): from ``RACE_FROM`` rounds on, a choice whose paired difference to
  the leader (the same draws) is below zero by more than ``DROP_Z`` standard errors gets no more
  races; it keeps its estimate from the races it had, with its wider interval. The search ends
  early when one choice is left. Measured by ``benchmarks/bench_automobiles_race.py``.

These are **estimates over the race** under the rollout policy, never proofs; the answer of
``kw solve`` keeps the turn solver's exact answer for this turn beside them and says which is
which (``solvers.automobiles.solve``). The budget is CPU time (``time.process_time``) or a
number of simulated races, whichever ends first; at least one race per action is always run.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from automobiles import State
from automobiles.actions import TABLE
from automobiles.bots import GreedyBot

#: The z of a two-sided 95% normal interval.
Z95 = 1.959963984540054
#: A margin in track units is worth this many places in the bots' utility: a tie-breaker
#: below one place (ours: a place decides the ladder, the margin only sharpens the estimate).
MARGIN_WEIGHT = 0.02
#: Rounds of races every choice gets before any is dropped (ours: fewer make the standard
#: errors themselves too noisy to trust).
RACE_FROM = 10
#: A choice is dropped when the leader's paired lead over it exceeds this many standard errors
#: (ours: z = 3 keeps the chance of dropping the best small although the test is repeated after
#: every round).
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


@dataclass(frozen=True)
class Choice:
    """One legal action valued over the race: expected place, expected turns to the race's
    end, the bots' utility (less place, a little margin), with the raw samples' count."""

    action: str
    aid: int
    place: Estimate
    turns: Estimate
    utility: Estimate
    win: float  # the share of the simulated races the seat won


@dataclass(frozen=True)
class RaceValues:
    """Every legal action of the pending decision valued over the race, best first (by
    expected utility: place, then margin)."""

    seat: int
    choices: tuple[Choice, ...]
    races: int  # simulated races in all (every action's together)
    seconds: float  # CPU seconds spent
    policy: str = "greedy"

    @property
    def best(self) -> Choice:
        """The best choice by expected utility."""
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
    bots: Sequence[Policy] = policies or [GreedyBot(seed).choose] * state.players
    while not s.is_terminal():
        who = s.current_player
        s.apply_unchecked(bots[who if who >= 0 else 0](s))
    scores = s.scores()
    others = max(scores[p] for p in range(s.players) if p != seat)
    mine_left = sum(1 for t in range(start, s.turn) if s.order[t % s.players] == seat)
    return Result(place_of(s, seat), mine_left, scores[seat] - others)


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
    still in the race (``drop``: clearly worse ones leave it; ``drop=False`` keeps every action
    to the end), all on the same fresh seed, until ``seconds`` of CPU time (``clock``) or
    ``races`` rounds are spent, or one action is left (at least one round). RaceError for a
    position that is no player's decision."""
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
    results: list[list[Result]] = [[] for _ in legal]
    racing = list(range(len(legal)))  # the actions still given races
    rounds = 0
    while True:
        race_seed = rng.getrandbits(63)
        for i in racing:
            results[i].append(rollout(state, legal[i], seat, race_seed))
        rounds += 1
        if drop and rounds >= RACE_FROM:
            racing = still_racing(results, racing)
        if len(racing) == 1 and len(legal) > 1:
            break
        if races is not None and rounds >= races:
            break
        if seconds is not None and clock() - started >= seconds:
            break
    choices = [_choice(aid, rs) for aid, rs in zip(legal, results, strict=True)]
    choices.sort(key=lambda c: -c.utility.mean)
    return RaceValues(seat, tuple(choices), sum(map(len, results)), clock() - started)


def still_racing(results: Sequence[Sequence[Result]], racing: Sequence[int]) -> list[int]:
    """The actions of ``racing`` (indices into ``results``, which all hold the same rounds'
    races, the same draws in a round) not clearly worse than the leader: the leader's mean
    paired lead over an action must exceed ``DROP_Z`` standard errors for it to be dropped."""
    n = len(results[racing[0]])
    means = {i: sum(r.utility for r in results[i]) / n for i in racing}
    leader = max(racing, key=lambda i: means[i])
    kept = []
    for i in racing:
        diffs = [a.utility - b.utility for a, b in zip(results[leader], results[i], strict=True)]
        lead = sum(diffs) / n
        var = sum((d - lead) ** 2 for d in diffs) / (n - 1)
        if i == leader or lead <= DROP_Z * math.sqrt(var / n):
            kept.append(i)
    return kept


def _choice(aid: int, results: Sequence[Result]) -> Choice:
    return Choice(str(TABLE.actions[aid]), aid, estimate([r.place for r in results]),
                  estimate([r.turns for r in results]),
                  estimate([r.utility for r in results]),
                  sum(r.place == 1 for r in results) / len(results))


__all__ = ["DROP_Z", "MARGIN_WEIGHT", "RACE_FROM", "Choice", "Estimate", "RaceError",
           "RaceValues", "Result", "check_decision", "estimate", "place_of", "race_values",
           "reseeded", "rollout", "still_racing"]
