"""Automobiles' solver bots: bag-building strategies, the best-turn solver, the race bot.

Found by name by the generic registry (``solvers.bots``: ``BOTS`` here, in the layout of
``solvers.bots.BotEntry``), so ``kw tournament --game automobiles --bots best,greedy,...``
plays them beside the engine's own ``random`` and ``greedy`` (``automobiles.bots``).

Every bot buys with the knapsack of ``solvers.automobiles.buy`` under its own value per cube
(ours, a judgement; before the race and in each buy phase), which is what makes the bags differ:

- ``gear-heavy``: moves as the engine's greedy bot; values the fast gears most (black 10,
  dark grey 7, light grey 3) and action cubes little;
- ``pit-first``: as greedy, but makes a pit stop whenever its drawn pile holds 2 wear or more
  (AU-13), and values the purple (Pit) cubes that remove wear;
- ``balanced``: as greedy, with ``buy.DEFAULT_VALUES``;
- ``best[:NODES]``: plays its whole turn by ``solvers.automobiles.turn.solve_turn`` (progress,
  then least wear, then ``DEFAULT_VALUES``), at most NODES search positions per decision; the
  line found is followed until the position leaves it (a draw), then it solves again. When the
  budget stops the search (the decisions valued are then only those searched first), it plays
  the greedy choice and solves again at the next decision.

- ``race[:MS]``: values the first cube of each purchase over the rest of the race
  (``solvers.automobiles.race``: simulated races, greedy rollouts, fresh draws from the real
  bag), within MS milliseconds of CPU per decision (``time.process_time``), the allowance of
  the decisions it does not value kept for those it does; everywhere else the greedy choice.

Decisions of other players inside a turn (Boost's offer, the moves after a Crate Engine) and
chance (explicit chance only) go to the engine's greedy bot.
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping
from typing import Any

from automobiles import State
from automobiles.actions import TABLE, PitStop
from automobiles.bots import GreedyBot
from automobiles.config import (
    BLACK,
    BLUE,
    DARKGREY,
    GREEN,
    LIGHTGREY,
    PURPLE,
    RED,
    WEAR,
    WHITE,
    YELLOW,
)

from .buy import DEFAULT_VALUES, Number, for_state
from .race import Result, rollout
from .turn import OBJECTIVES, Objective, TurnError, canonical_key, solve_turn

DEFAULT_BEST_NODES = 1500
#: The race bot's default: milliseconds of CPU per decision (time.process_time).
DEFAULT_RACE_MS = 100
#: Ours: the values of the bag-building bots (see the module docstring).
GEAR_HEAVY: dict[int, int] = {WHITE: 0, LIGHTGREY: 3, DARKGREY: 7, BLACK: 10, WEAR: 0,
                              YELLOW: 0, RED: 1, PURPLE: 1, BLUE: 1, GREEN: 1}
PIT_FIRST: dict[int, int] = {WHITE: 0, LIGHTGREY: 2, DARKGREY: 5, BLACK: 8, WEAR: 0,
                             YELLOW: 1, RED: 1, PURPLE: 5, BLUE: 1, GREEN: 1}
PIT_WEAR = 2


class BagBot:
    """The engine's greedy moves, our purchases by a value per cube, and an optional pit
    rule (pit with ``pit_wear`` wear or more in the drawn pile)."""

    def __init__(self, name: str, values: Mapping[int, Number], seed: int | None = 0,
                 pit_wear: int | None = None) -> None:
        self.name = name
        self.values = dict(values)
        self.pit_wear = pit_wear
        self.greedy = GreedyBot(seed)

    def choose(self, state: State) -> int:
        """Buy by the knapsack, pit by the rule, else the greedy choice."""
        if state.current_player >= 0 and state.phase in ("buy", "prebuy") and \
                state.current_player == _buyer(state):
            return _first_purchase(state, self.values)
        pit = TABLE.ids[PitStop()]
        if self.pit_wear is not None and pit in state.legal_action_ids() and \
                state.active[state.mover][WEAR] >= self.pit_wear:
            return pit
        return self.greedy.choose(state)


class BestTurnBot:
    """Plays the best turn (``solve_turn``), at most ``nodes`` positions a decision."""

    name = "best"

    def __init__(self, seed: int | None = 0, nodes: int = DEFAULT_BEST_NODES,
                 objective: Objective = OBJECTIVES["progress"]) -> None:
        self.nodes = nodes
        self.objective = objective
        self.greedy = GreedyBot(seed)
        self.line: list[tuple[tuple[Any, ...], int]] = []  # (position key, action) to follow

    def choose(self, state: State) -> int:
        """The next action of the best line, solving again when the position left it."""
        if state.current_player < 0 or state.current_player != state.mover or \
                state.phase not in ("action", "place", "card", "buy"):
            if state.phase == "prebuy" and state.current_player >= 0:
                return _first_purchase(state, self.objective.values)
            return self.greedy.choose(state)
        key = canonical_key(state)
        if self.line and self.line[0][0] == key:
            return self.line.pop(0)[1]
        try:
            plan = solve_turn(state, self.objective, max_nodes=self.nodes)
        except TurnError:
            return self.greedy.choose(state)
        if not plan.proven:  # the decisions valued are only those searched first: not a choice
            return self.greedy.choose(state)
        self.line = _keyed_line(state, plan.actions)
        return self.line.pop(0)[1]


class RaceBot:
    """Plays the choice worth most over the race (``solvers.automobiles.race``) at the first
    cube of each purchase (``PHASES``): simulated races after every legal action, all of a
    round on the same fresh draws (common random numbers), greedy rollouts; the action with
    the best mean utility (place, then margin) is played when it beats the greedy choice by
    more than ``z`` standard errors of their paired differences (``pick``), else the greedy
    choice. Every other decision is the greedy bot's.

    Time: ``ms`` milliseconds of CPU (``time.process_time``) are allowed for every decision
    with more than one legal action; the allowance of the decisions not valued is kept (the
    bank) and spent on those valued, at most ``SPEND`` decisions' worth on one, so the mean
    CPU time per decision stays within ``ms`` (one simulated race over at most). Fewer than
    ``MIN_ROUNDS`` rounds in the time: the greedy choice, which is also the rollout policy."""

    name = "race"
    #: Below this many simulated races per action the estimate is no better than the greedy
    #: bot's rule of thumb (ours).
    MIN_ROUNDS = 2
    #: At most this many decisions' allowance spent on one decision (ours).
    SPEND = 20
    #: The decisions valued over the race: the first cube of each purchase, which shapes the
    #: bag for the rest of the race (AU-11, AU-14); the rest of the purchase is the greedy
    #: bot's, as the simulated races assumed. Elsewhere the greedy choice, and the time saved
    #: is kept for those (measured: valuing the plays and places on the same budget played
    #: worse than greedy, their differences being small against the races' noise).
    PHASES = frozenset({"buy", "prebuy"})

    def __init__(self, seed: int | None = 0, ms: int = DEFAULT_RACE_MS, z: float = 1.0) -> None:
        self.seconds = ms / 1000
        self.z = z
        self.bank = 0.0  # CPU seconds allowed and not yet spent
        self.valued: tuple[str, int, int, int] | None = None  # the purchase valued last
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)

    def choose(self, state: State) -> int:
        """The action with the best mean utility over the simulated races (class docstring)."""
        legal = state.legal_action_ids()
        if len(legal) == 1 or state.current_player < 0:
            return self.greedy.choose(state)
        self.bank += self.seconds
        moment = (state.phase, state.race, state.turn, state.current_player)
        if state.phase not in self.PHASES or moment == self.valued:
            return self.greedy.choose(state)
        self.valued = moment
        started = time.process_time()
        deadline = started + min(self.bank, self.seconds * self.SPEND)
        seat = state.current_player
        default = self.greedy.choose(state)
        base = legal.index(default)
        rows: list[list[float]] = []  # one row per round: each action's utility, same draws
        while True:
            race_seed = self.rng.getrandbits(63)
            row: list[float] = []
            for aid in legal:
                if time.process_time() >= deadline:
                    break
                result: Result = rollout(state, aid, seat, race_seed)
                row.append(result.utility)
            if len(row) < len(legal):
                break  # an unfinished round is left out: every action on the same draws
            rows.append(row)
        self.bank -= time.process_time() - started
        return legal[pick(rows, base, self.z)]


def pick(rows: list[list[float]], base: int, z: float) -> int:
    """The column (action) to play from simulated utilities (``rows``: one per simulated
    race, one column per action, the same draws in a row): the best mean, if it beats column
    ``base`` (the greedy choice) by more than ``z`` standard errors of their paired
    differences; else ``base``. Fewer than ``RaceBot.MIN_ROUNDS`` rows: ``base``."""
    if len(rows) < RaceBot.MIN_ROUNDS:
        return base
    n = len(rows)
    means = [sum(col) / n for col in zip(*rows, strict=True)]
    best = max(range(len(means)), key=lambda i: means[i])
    if best == base:
        return base
    diffs = [r[best] - r[base] for r in rows]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return best if mean > 0 and (var == 0 or mean > z * (var / n) ** 0.5) else base


def _keyed_line(state: State, actions: tuple[str, ...]) -> list[tuple[tuple[Any, ...], int]]:
    """The plan's actions with the position each is to be played in."""
    s, out = state.clone(history=False), []
    for text in actions:
        aid = TABLE.ids[next(a for a in s.legal_actions() if str(a) == text)]
        out.append((canonical_key(s), aid))
        s.apply_unchecked(aid)
    return out


def _buyer(state: State) -> int:
    """Who buys now: the grid position buying before the race, else the seat in turn."""
    return state.order[state.buyer] if state.phase == "prebuy" else state.mover


def _first_purchase(state: State, values: Mapping[int, Number]) -> int:
    """The first action of the best purchase under ``values`` (the knapsack; a cube bought
    leaves the rest of the best purchase the best of what is left)."""
    return TABLE.ids[for_state(state, values).actions()[0]]


#: The solver bots Automobiles adds: name -> (builder from seed and parameter, default
#: parameter, what the parameter is), the layout of ``solvers.bots.BotEntry``.
BOTS: dict[str, tuple[Any, int | None, str]] = {
    "best": (lambda seed, n: BestTurnBot(seed, nodes=n), DEFAULT_BEST_NODES,
             "search positions per decision"),
    "gear-heavy": (lambda seed, _: BagBot("gear-heavy", GEAR_HEAVY, seed), None, ""),
    "pit-first": (lambda seed, _: BagBot("pit-first", PIT_FIRST, seed, PIT_WEAR), None, ""),
    "balanced": (lambda seed, _: BagBot("balanced", DEFAULT_VALUES, seed), None, ""),
    "race": (lambda seed, ms: RaceBot(seed, ms=ms), DEFAULT_RACE_MS,
             "milliseconds of CPU per decision"),
}

#: The parts of the game a participant's bot may play alone in a class tournament (the
#: built-in greedy bot decides the rest for it): name -> (what it is, is this decision in it).
SUB_GAMES: dict[str, tuple[str, Any]] = {
    "buy": ("the purchases, before the race and after each turn (AU-11, AU-14)",
            lambda s: s.phase in ("prebuy", "buy")),
}

__all__ = ["BOTS", "BagBot", "BestTurnBot", "DEFAULT_BEST_NODES", "DEFAULT_RACE_MS", "GEAR_HEAVY",
           "PIT_FIRST", "PIT_WEAR", "RaceBot", "SUB_GAMES"]
