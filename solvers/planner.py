"""Turn planner: the best plan for a company over a horizon, by exact search.

Covers issue "Solvers", part "Turn planner". Input: a kwcore position, the company to optimise, a
horizon (the end of the current round; the company's next N turns; the end of the game), an
objective (reputation gained, the round's scoring included; or the margin over the best rival)
and a model of the rivals (``scripted`` decisions given in advance; ``greedy``, the core's
one-ply bot; ``maxn``, each rival maximising its own reputation; ``paranoid``, rivals minimising
ours, which for 2 companies is exact minimax). Output: a ``Plan`` with the value, the principal
variation as complete decisions, a "why not this?" table of every legal first decision, nodes,
time, and whether the value is proven or only a bound reached under a budget.

The search is a depth-first search with a transposition table over ``State.key()`` (entries
flagged exact, upper or lower bound, so cut nodes are reused), move ordering from the chain's tempo
graph (``solvers.tempo``), and branch-and-bound with an admissible upper bound on what the company
can still gain in the round (``optimistic_gain``): at our own decisions every child is bounded
first and searched best bound first, and the children whose bound cannot beat the best value
found are never searched. The bound is computed lazily (the quick form for every child, the
tight one only for a child that reaches the head of the queue), and a decision stops as soon as
the best value found meets its own bound. The bound counts our turns from the tempo graph (or,
when a scripted rival's next pick is known to end the round, only the run of turns we keep before
it, RULINGS K1) and weighs which tiles those turns can take. Paranoid search uses alpha-beta.

Within a round the game is deterministic and of perfect information: reveals happen only in the
preparation phase. The planner searches a copy of the position with explicit
chance, so it never peeks at the seeded future; at a chance node it takes the exact expectation
when the node has few outcomes, else the mean over ``samples`` seeded samples (stated in the plan).

A round can in principle go on for ever (nobody is forced to attract a buyer or place a car), so
the search stops a line after ``max_turns`` turns from the root and scores it as if the round
ended there; a plan that met such a cut is reported as not proven.
"""

from __future__ import annotations

import heapq
import itertools
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from kwcore import rules
from kwcore.actions import ACTIONS, PickTile, action_from_text
from kwcore.config import (
    BENEFITS,
    BODY,
    ENGINE,
    ENGINEERS,
    INVESTORS,
    PRICE,
    SERVICE,
    config_for,
    lap_points,
)
from kwcore.errors import KraftwagenError
from kwcore.state import Car, State

RIVAL_MODELS = ("scripted", "greedy", "maxn", "paranoid")
OBJECTIVES = ("gain", "margin")
INF = math.inf


class PlannerError(ValueError):
    """The request cannot be answered (bad company, horizon, budget, terminal position)."""


class _Stop(Exception):
    """Raised inside the search when a budget runs out or the user interrupts."""


@dataclass(frozen=True)
class Horizon:
    """How far to look: ``round``, ``turns`` (the company's next N turns) or ``game``."""

    kind: str = "round"
    turns: int = 0

    @classmethod
    def parse(cls, text: str) -> Horizon:
        """``round``, ``game`` or ``turns:N`` (N >= 1)."""
        t = text.strip().lower()
        if t in ("round", "game"):
            return cls(t)
        if t.startswith("turns:"):
            try:
                n = int(t.split(":", 1)[1])
            except ValueError:
                n = 0
            if n >= 1:
                return cls("turns", n)
        raise PlannerError(f"horizon must be 'round', 'game' or 'turns:N' with N >= 1, "
                           f"not {text!r}")

    def __str__(self) -> str:
        return f"turns:{self.turns}" if self.kind == "turns" else self.kind


@dataclass(frozen=True)
class PlannerConfig:
    """What to optimise and how long to search."""

    horizon: Horizon = Horizon()
    objective: str = "gain"
    rivals: str = "greedy"
    script: tuple[str, ...] = ()
    node_budget: int = 2_000_000
    time_budget: float = 60.0
    max_turns: int = 12
    samples: int = 8
    exact_chance: int = 4  # a chance node with at most this many outcomes is enumerated
    use_table: bool = True
    use_bounds: bool = True
    use_ordering: bool = True
    progress: bool = False
    seed: int = 0

    def check(self) -> None:
        """Raise PlannerError for settings that make no sense."""
        if self.objective not in OBJECTIVES:
            raise PlannerError(f"objective must be one of {', '.join(OBJECTIVES)}")
        if self.rivals not in RIVAL_MODELS:
            raise PlannerError(f"rivals must be one of {', '.join(RIVAL_MODELS)}")
        if self.node_budget < 1:
            raise PlannerError("the node budget must be at least 1")
        if not self.time_budget > 0:
            raise PlannerError("the time budget must be a positive number of seconds")
        if self.max_turns < 1:
            raise PlannerError("max_turns must be at least 1")
        if self.samples < 1:
            raise PlannerError("samples must be at least 1")


@dataclass(frozen=True)
class Alternative:
    """One legal first decision and the best value after it."""

    action: str
    value: float
    proven: bool


@dataclass(frozen=True)
class Plan:
    """The planner's answer."""

    company: int
    value: float
    proven: bool
    principal_variation: tuple[tuple[str, str], ...]  # (who, action text)
    alternatives: tuple[Alternative, ...]
    nodes: int
    seconds: float
    stopped: str = ""  # why the search stopped early, if it did
    cut_lines: bool = False  # some line met the max_turns cut
    sampled: bool = False  # some chance node was sampled, not enumerated
    config: PlannerConfig = field(default_factory=PlannerConfig)

    @property
    def best(self) -> str:
        """The first decision of the plan."""
        return self.alternatives[0].action if self.alternatives else ""


# --- results inside the search --------------------------------------------------------------------
EXACT, UPPER, LOWER = 0, 1, 2  # exact; an upper bound (fail low); a lower bound (fail high)
# The position's shared bound parts, our turns left, the tiles of a run a rival ends.
_Turns = tuple["_Position", int, "tuple[int, ...] | None"]


@dataclass
class _Node:
    vec: tuple[float, ...]  # each company's objective at the horizon
    flag: int
    best: int  # best action id, -1 at leaves
    approx: bool  # a cut or a sample lies below


class _Search:
    def __init__(self, root: State, company: int, config: PlannerConfig) -> None:
        self.p = company
        self.cfg = config
        self.round0 = root.round
        self.start = tuple(c.reputation for c in root.companies)
        self.events0 = len(root.events)
        self.nodes = 0
        self.table: dict[Any, _Node] = {}
        self.deadline = time.perf_counter() + config.time_budget
        self.cut = False
        self.sampled = False
        self.rng = random.Random(config.seed)
        self.players = root.players
        self.in_turn = 1 if root.current_player == company else 0

    # --- horizon and evaluation
    def objective(self, s: State) -> tuple[float, ...]:
        reps = [float(c.reputation) for c in s.companies]
        if self.cfg.objective == "gain":
            return tuple(r - r0 for r, r0 in zip(reps, self.start, strict=True))
        return tuple(r - max(reps[:i] + reps[i + 1:]) for i, r in enumerate(reps))

    def at_horizon(self, s: State, our_turns: int) -> bool:
        h = self.cfg.horizon
        if s.is_terminal():
            return True
        if h.kind == "round":
            return s.round != self.round0
        if h.kind == "turns":  # the turn in progress at the root counts as the first
            return our_turns + self.in_turn > h.turns
        return False

    def cut_value(self, s: State) -> tuple[float, ...]:
        """A line cut after max_turns: scored as if the round ended now."""
        self.cut = True
        t = s.clone(history=False)
        rules.score_grand_prix(t)
        rules.score_sales(t)
        return self.objective(t)

    # --- the rival models
    def rival_choice(self, s: State, script_at: int) -> tuple[int, int]:
        """The action a scripted or greedy rival takes, and the next script position."""
        if self.cfg.rivals == "scripted":
            if script_at >= len(self.cfg.script):
                raise PlannerError(f"the script ran out: {s.cfg.companies[s.current_player]}"
                                   f" must decide at '{s.decision()}' but the script has "
                                   f"{len(self.cfg.script)} decisions")
            try:
                aid = s.resolve(self.cfg.script[script_at])
            except KraftwagenError as exc:
                raise PlannerError(f"scripted decision {script_at + 1} "
                                   f"'{self.cfg.script[script_at]}': {exc}") from None
            if aid not in s.legal:
                raise PlannerError(f"scripted decision {script_at + 1} "
                                   f"'{self.cfg.script[script_at]}' is not legal for "
                                   f"{s.cfg.companies[s.current_player]} at '{s.decision()}'")
            return aid, script_at + 1
        return greedy_choice(s), script_at

    # --- the search
    def tick(self, count: int = 1) -> None:
        if self.nodes + count > self.cfg.node_budget:
            self.nodes = self.cfg.node_budget + 1
            raise _Stop("node budget")
        self.nodes += count
        if self.nodes & 1023 == 0 and time.perf_counter() > self.deadline:
            raise _Stop("time budget")

    def search(self, s: State, our_turns: int, turns: int, script_at: int,
               alpha: float, beta: float, ub: float = INF) -> _Node:
        """The value of ``s`` for the searching company within (alpha, beta)."""
        self.tick()
        if self.at_horizon(s, our_turns):
            return _Node(self.objective(s), EXACT, -1, False)
        if turns > self.cfg.max_turns:
            return _Node(self.cut_value(s), EXACT, -1, True)
        key = None
        if self.cfg.use_table:
            key = (s.key(), our_turns, turns, script_at)
            hit = self.table.get(key)
            if hit is not None:
                if hit.flag == EXACT:
                    return hit
                if hit.flag == UPPER and hit.vec[self.p] <= alpha:
                    return hit
                if hit.flag == LOWER and hit.vec[self.p] >= beta:
                    return hit
        d = s.current_player
        if d == rules.CHANCE:
            node = self.chance(s, our_turns, turns, script_at)
        elif d != self.p and self.cfg.rivals in ("scripted", "greedy"):
            aid, nxt = self.rival_choice(s, script_at)
            node = self.step(s, aid, our_turns, turns, nxt, alpha, beta)
            node = _Node(node.vec, node.flag, aid, node.approx)
        else:
            node = self.choose(s, d, our_turns, turns, script_at, alpha, beta, ub)
        if key is not None:
            self.table[key] = node
        return node

    def expand(self, s: State, aid: int, our_turns: int, turns: int) -> tuple[State, int, int]:
        """The child after ``aid`` and the turn counters there."""
        child = s.child(aid)
        for e in child.events[len(s.events):]:
            if e[0] == "turn":
                turns += 1
                if e[1] == self.p:
                    our_turns += 1
        return child, our_turns, turns

    def step(self, s: State, aid: int, our_turns: int, turns: int, script_at: int,
             alpha: float, beta: float) -> _Node:
        child, our_turns, turns = self.expand(s, aid, our_turns, turns)
        return self.search(child, our_turns, turns, script_at, alpha, beta)

    def choose(self, s: State, d: int, our_turns: int, turns: int, script_at: int,
               alpha: float, beta: float, ub: float = INF) -> _Node:
        """A decision: ours (max), a maxn rival (its own max) or a paranoid rival (min).

        Fail-soft: the value is exact inside (alpha, beta); at or below alpha it is an upper
        bound, at or above beta a lower bound (beta is finite only in paranoid search).
        """
        p = self.p
        if d != p and self.cfg.rivals == "maxn":
            return self.maxn(s, d, our_turns, turns, script_at)
        minimise = d != p  # a paranoid rival
        bounded = not minimise and self.cfg.use_bounds and self.bounded(s)
        if bounded:
            if ub == INF:  # else best_first has already bounded this node, tightly
                ub = self.upper_bound(s, turns, script_at, alpha)
            if ub <= alpha:
                return _Node(self.bound_vec(ub), UPPER, -1, False)
            if self.cfg.use_ordering:
                return self.best_first(s, our_turns, turns, script_at, alpha, beta, ub)
        a0, b0 = alpha, beta
        best: _Node | None = None
        best_aid = -1
        best_v = INF if minimise else -INF
        approx = False
        for aid in self.order(s, d):
            node = self.step(s, aid, our_turns, turns, script_at, alpha, beta)
            approx = approx or node.approx
            v = node.vec[p]
            if (v < best_v) if minimise else (v > best_v):
                best, best_aid, best_v = node, aid, v
            if not self.cfg.use_bounds:
                continue
            if minimise:
                beta = min(beta, v)
            else:
                alpha = max(alpha, v)
            if alpha >= beta:
                break
        assert best is not None
        if best_v <= a0:
            flag = UPPER
        elif best_v >= b0:
            flag = LOWER
        else:
            flag = EXACT
        return _Node(best.vec, flag, best_aid, approx)

    def best_first(self, s: State, our_turns: int, turns: int, script_at: int,
                   alpha: float, beta: float, ub: float) -> _Node:
        """Our decision, children searched in order of their upper bound, highest first; once
        a child's bound is at or below the best value found, so is every later child's, and
        none of them is searched (their bound stands for them in a fail-low result).

        Every child gets the quick bound; the tight one, which costs several evaluations, only
        when the child comes to the top of the queue. As the tight bound never exceeds the quick
        one, the children still come out in order of their tight bound, ties in tempo order (a
        lazy priority queue), while a child whose quick bound already falls to the best value
        found is never weighed. No child is worth more than its parent, so once the best value
        found meets this node's own bound ``ub`` no other child is searched, and each child is
        searched with a bound no higher than ``ub``."""
        p = self.p
        a0, b0 = alpha, beta
        # (-bound, tempo rank, stage, action, child and its counters): stage 1 the quick
        # bound, 2 the final one (tight, or exact at the horizon).
        queue = []
        for rank, aid in enumerate(self.order(s, p)):
            child, ot, tt = self.expand(s, aid, our_turns, turns)
            quick, how = self.child_bound(child, ot, tt, script_at)
            queue.append((-quick, rank, 1 if how else 2, aid, (child, ot, tt, how)))
        heapq.heapify(queue)
        best: _Node | None = None
        best_aid, best_v, approx = -1, -INF, False
        while queue:
            neg, rank, stage, aid, data = heapq.heappop(queue)
            bound = -neg
            if bound <= alpha:
                self.tick(len(queue) + 1)  # generated and bounded, never searched
                if best is None:  # every child fails low: the best bound is the answer
                    return _Node(self.bound_vec(min(bound, ub)), UPPER, -1, False)
                break
            child, ot, tt, how = data
            if how is not None and stage == 1:
                heapq.heappush(queue, (-self.tight_bound(child, how), rank, 2, aid, data))
                continue
            node = self.search(child, ot, tt, script_at, alpha, beta, min(bound, ub))
            approx = approx or node.approx
            v = node.vec[p]
            if v > best_v:
                best, best_aid, best_v = node, aid, v
            alpha = max(alpha, v)
            if alpha >= beta:
                break
            if alpha >= ub:  # the best this decision can be: the rest are never searched
                self.tick(len(queue))
                break
        assert best is not None
        flag = UPPER if best_v <= a0 else LOWER if best_v >= b0 else EXACT
        return _Node(best.vec, flag, best_aid, approx)

    def child_bound(self, child: State, our_turns: int, turns: int, script_at: int
                    ) -> tuple[float, _Turns | None]:
        """An upper bound on the objective after a child: exact at the horizon, none (inf)
        past the max_turns cut, else the quick bound and what the tight one needs (None when
        the bound is already final)."""
        if self.at_horizon(child, our_turns):
            return self.objective(child)[self.p], None
        if turns > self.cfg.max_turns or child.current_player == rules.CHANCE:
            return INF, None
        how = self.turns_left(child, turns, script_at)
        return self.quick_bound(child, how), how

    def maxn(self, s: State, d: int, our_turns: int, turns: int, script_at: int) -> _Node:
        """A maxn rival picks the child best for itself (ties: the lowest action id)."""
        best: _Node | None = None
        best_aid = -1
        approx = False
        for aid in s.legal:
            node = self.step(s, aid, our_turns, turns, script_at, -INF, INF)
            approx = approx or node.approx
            if best is None or node.vec[d] > best.vec[d]:
                best, best_aid = node, aid
        assert best is not None
        return _Node(best.vec, EXACT, best_aid, approx)

    def rival_ends_round(self, s: State, script_at: int) -> bool:
        """Whether the next rival turn is known to end the action phase: a scripted pick of a
        tile with Attract buyer while every active space is full and the market marker is on 1
        or 0 (RULINGS K3, K4). Active spaces stay full and the marker never rises within a
        round, and if we take that tile first our own Attract ends the round sooner. A tile
        with Recruit too is not counted: its Sell benefit could come first (K18)."""
        if self.cfg.rivals != "scripted" or script_at >= len(self.cfg.script):
            return False
        if -1 in s.active or s.market_marker > 1:
            return False
        try:
            action = action_from_text(self.cfg.script[script_at])
        except KraftwagenError:
            return False
        if not isinstance(action, PickTile):
            return False
        actions = s.cfg.tiles[action.tile].actions
        return "attract" in actions and "recruit" not in actions

    def bound_vec(self, value: float) -> tuple[float, ...]:
        return tuple(value if i == self.p else 0.0 for i in range(self.players))

    def chance(self, s: State, our_turns: int, turns: int, script_at: int) -> _Node:
        """Exact expectation over few outcomes, else the mean of seeded samples."""
        outcomes = s.chance_outcomes()
        if len(outcomes) <= self.cfg.exact_chance:
            picks = [(a.id, prob) for a, prob in outcomes]
        else:
            self.sampled = True
            k = self.cfg.samples
            picks = [(self.rng.choice(outcomes)[0].id, 1.0 / k) for _ in range(k)]
        total = [0.0] * self.players
        approx = len(outcomes) > self.cfg.exact_chance
        for aid, prob in picks:
            node = self.step(s, aid, our_turns, turns, script_at, -INF, INF)
            approx = approx or node.approx
            for i, v in enumerate(node.vec):
                total[i] += prob * v
        return _Node(tuple(total), EXACT, -1, approx)

    # --- ordering and bounds
    def order(self, s: State, d: int) -> list[int]:
        ids = list(s.legal)
        if not self.cfg.use_ordering or s.decision() != "choose_tile":
            return ids
        from solvers.tempo import pick_order

        return pick_order(s, ids)

    def bounded(self, s: State) -> bool:
        """Whether ``optimistic_gain`` bounds this horizon: it bounds the gain up to the end of
        the round, which contains a round horizon, and in the last round every horizon."""
        return self.cfg.horizon.kind == "round" or s.round == s.cfg.rounds

    def upper_bound(self, s: State, turns: int, script_at: int = 0, alpha: float = INF
                    ) -> float:
        """An admissible bound on the objective at the end of the round (see optimistic_gain).

        The quick form (every turn to come may do everything) is tried first; the tighter one,
        which weighs which tiles the turns can take, only when the quick one does not already
        fall to ``alpha``."""
        how = self.turns_left(s, turns, script_at)
        ub = self.quick_bound(s, how)
        return ub if ub <= alpha else min(ub, self.tight_bound(s, how))

    def turns_left(self, s: State, turns: int, script_at: int) -> _Turns:
        """What ``optimistic_gain`` needs to know of the turns to come: the position's shared
        parts (rivals may act unless a scripted rival's pick ends the round after our run),
        how many turns are ours, and the tiles of such a run."""
        from solvers.tempo import own_turns_within, run_length, run_tiles

        p = self.p
        left = max(0, self.cfg.max_turns - turns)  # new turns before the max_turns cut
        if self.rival_ends_round(s, script_at):
            own = min(run_length(s, p), left + (1 if s.current_player == p else 0))
            # No rival can take a Sell benefit or Kettering first (K18, K20).
            return _Position(s, p, False), own, run_tiles(s, p)
        if s.picked < 0 and s.pending[0] == rules.F_TILE:  # the next pick is this turn's
            own = own_turns_within(s, p, left + 1)
        else:
            own = 1 + own_turns_within(s, p, left)
        return _Position(s, p, True), own, None

    def quick_bound(self, s: State, how: _Turns) -> float:
        """The bound when every turn to come may do everything (one evaluation)."""
        pos, own, run = how
        return self.objective_bound(s, s.companies[self.p].reputation
                                    + pos.gain(own, run, tight=False))

    def tight_bound(self, s: State, how: _Turns) -> float:
        """The bound that weighs which tiles the turns to come can take."""
        pos, own, run = how
        return self.objective_bound(s, s.companies[self.p].reputation
                                    + pos.gain(own, run, tight=True))

    def objective_bound(self, s: State, rep: float) -> float:
        """The objective when the company ends the round on reputation ``rep`` at most."""
        p = self.p
        if self.cfg.objective == "gain":
            return rep - self.start[p]
        # Margin: a rival keeps its reputation and, at the round's end, the lap points its car
        # has already earned (cars only move forward until the scoring; RULINGS K22).
        cfg = s.cfg
        sure = self.cfg.horizon.kind == "round"
        rivals = [c.reputation + (lap_points(cfg, rules.laps_of(cfg.circuit_length, c.progress))
                                  if sure else 0)
                  for i, c in enumerate(s.companies) if i != p]
        return rep - max(rivals)


def greedy_choice(state: State) -> int:
    """The greedy bot's choice with ties to the lowest id (deterministic, for rival models)."""
    from kwcore.bots import evaluate

    ids = state.legal
    if len(ids) == 1:
        return ids[0]
    p = state.current_player
    best, best_v = ids[0], -INF
    for aid in ids:
        v = evaluate(state.child(aid), p, consume=True)
        if v > best_v + 1e-9:
            best, best_v = aid, v
    return best


def optimistic_gain(s: State, p: int, turns_left: int, rivals_act: bool = True,
                    run_tiles: tuple[int, ...] | None = None, tight: bool = True) -> float:
    """An upper bound on the reputation company ``p`` can still gain before the round ends,
    when it has at most ``turns_left`` turns (the current one included).

    Each part counts only what ``p`` can still do with ``turns_left`` tiles, at most one
    research, one Grand Prix or Recruit move and one market step each (no tile shows two;
    RULINGS K2, K3), while nothing it does not control is assumed to help it except where a rule
    lets it: the achievements whose condition it can still meet (K23); the white markers, only
    while it can still take a buyer (K9, K19, K21); the Grand Prix place its fastest possible
    car can reach past the cars already ahead of it, and that car's lap points (K22, K30); the
    sales, one per buyer up to the cars and investment tokens it can have, each buyer paying
    at most what it could pay for one of ``p``'s cars given the rival cars that must still be
    on the market when its turn to buy comes (K14-K17); and a benefit sale per turn while such a
    benefit lies face up (K18). Reveals come only between rounds, so the face-up recruit tiles
    are the only ones it can take. Never below the truth, so pruning with it keeps the answer
    exact (tests/test_planner.py checks it against exhaustive search).
    """
    return _Position(s, p, rivals_act).gain(turns_left, run_tiles, tight)


@lru_cache(maxsize=16)
def _maximal_tiles(players: int) -> tuple[frozenset[int], ...]:
    """The action sets of the tiles whose actions no other tile's strictly include."""
    cfg = config_for(players)
    sets = {frozenset(_kinds_of(cfg, t.index)) for t in cfg.tiles}
    return tuple(sorted((a for a in sets if not any(a < b for b in sets)), key=sorted))


@lru_cache(maxsize=4096)
def _turn_plans(players: int, full: int, run_tiles: tuple[int, ...] | None
                ) -> tuple[tuple[int, ...], ...] | None:
    """The tiles the ``full`` turns to come may take, each choice as the number of its tiles
    showing each action kind: with ``run_tiles`` (a run ended by a rival, RULINGS K1) every
    one of them once and any tile last; otherwise every choice of ``full`` maximal tiles, or
    None when there are too many choices to list (``full`` > 2)."""
    maximal = _maximal_tiles(players)
    if full == 0:
        plans: list[list[frozenset[int]]] = [[]]
    elif run_tiles is not None:
        cfg = config_for(players)
        base = [frozenset(_kinds_of(cfg, t)) for t in run_tiles]
        plans = [[*base, m] for m in maximal]
    elif full > 2:
        return None
    else:
        plans = [list(c) for c in itertools.combinations_with_replacement(maximal, full)]
    return tuple(tuple(sum(k in kinds for kinds in plan) for k in range(_KINDS))
                 for plan in plans)


_FRAME_ACTION = {rules.F_RESEARCH: rules.RESEARCH, rules.F_HIRE: rules.HIRE,
                 rules.F_ATTRACT: rules.ATTRACT, rules.F_RECRUIT: rules.RECRUIT,
                 rules.F_TEAM: rules.GRAND_PRIX}
_PREFS = (BODY, ENGINE, SERVICE, PRICE)
_KINDS = len(rules.ACTION_KINDS)


def _kinds_of(cfg: Any, tile: int) -> set[int]:
    """The action kinds (rules.HIRE ... rules.RECRUIT) a tile shows."""
    return {rules.ACTION_KINDS.index(a) for a in cfg.tiles[tile].actions}


class _Position:
    """The parts of ``optimistic_gain`` that depend on the position alone, worked out once and
    shared by its evaluations (one per choice of tiles) and by the planner's quick and tight
    bounds of the same position."""

    def __init__(self, s: State, p: int, rivals_act: bool = True) -> None:
        cfg = s.cfg
        self.s, self.p, self.cfg = s, p, cfg
        self.rivals_act = rivals_act  # a rival may still take a recruit tile this round
        self.c = c = s.companies[p]
        up = [r for cat in s.face_up for r in cat]
        self.up_names = {cfg.recruit[r].name for r in up}
        self.up_effects = [cfg.recruit[r].effect or ("", 0) for r in up]
        self.engineers = {cfg.recruit[e].name for e in c.engineers}
        # A turn in progress can only do what its tile has left (K2), and its market step
        # only until its car is placed (K13); every later turn can pick any tile.
        self.in_turn = s.pending[1] == p and s.picked >= 0
        now: set[int] = set()
        self.selling = 0  # a Sell benefit being carried out (K18)
        self.posted = False
        if self.in_turn:
            now = set(s.tile_left)
            frame = s.pending[0]
            if frame in _FRAME_ACTION:
                now.add(_FRAME_ACTION[frame])
            if frame == rules.F_PLACE:  # a build, or the Engine 3 benefit
                now.add(rules.BUILD_BODY if s.pending[2] == BODY else rules.BUILD_ENGINE)
            if frame == rules.F_SELL:
                self.selling = s.pending[2]
            if frame == rules.F_SWAP:
                now.add(-1)  # the buyer swap in progress
            if frame == rules.F_POST:
                self.posted = True
        self.now = now
        self.now_can = [1 if k in now else 0 for k in range(_KINDS)]
        self.now_gain = 1 if now & {rules.HIRE, rules.RECRUIT} else 0
        self.now_move = 1 if now & {rules.GRAND_PRIX, rules.RECRUIT} else 0
        self.own = [car for car in s.market if car is not None and car.owner == p]
        self.workshops = {kind: [v for k, v in c.workshops if k == kind]
                          for kind in (BODY, ENGINE)}
        self.team_needs = list(itertools.accumulate(cfg.team_spaces))
        self.white_sum = sum(sum(w) for w in s.whites)
        self.sales_parts()

    def sales_parts(self) -> None:
        """What the sales part of the bound takes from the position alone (see _Reach.sales)."""
        s, c, cfg, p = self.s, self.c, self.cfg, self.p
        self.free = sum(1 for car in s.market if car is None)
        self.salesman = c.salesman not in ("box", "market", "team")  # in hand, or to be hired
        # A rival car leaves the market early only by a sale (an earlier buyer), by its
        # owner's Sell benefit (K18), or changes by its owner's Kettering swap (K20).
        self.static = s.pending[0] != rules.F_SELL and (not self.rivals_act or not any(
            (cfg.recruit[r].effect or ("", 0))[0] == "sell_car" for r in s.face_up[BENEFITS]
        ) and "Kettering" not in self.up_names) and not any(
            "swap" in o.tech for i, o in enumerate(s.companies) if i != p)
        sv = self.sv = cfg.salesman_service
        self.service = [rules.service_value(car, sv) for car in self.own]
        # A Packard marker pays the owner of the car sold, whoever placed it (K20).
        self.packard = max([*s.packard, *(int(m[-1]) for o in s.companies for m in o.tech
                                          if m.startswith("buyer+")),
                            *([4] if "Packard" in self.up_names else [])], default=0)
        self.buick = s.buick >= 0 or "buyer5" in c.tech or any(
            "buyer5" in o.tech for o in s.companies)
        self.face_up_investors = len(s.face_up[INVESTORS])
        held = sum(len(o.investors) for o in s.companies) + self.face_up_investors
        self.investors = min(cfg.investor_spaces, len(s.investor_track) + held)
        self.tokens = sum(1 for car in self.own if car.invested) + len(c.investors)

    def gain(self, turns_left: int, run_tiles: tuple[int, ...] | None, tight: bool) -> float:
        """``optimistic_gain`` of this position."""
        t = max(0, turns_left)
        full = max(t - 1 if self.in_turn else t, 0)  # turns not yet begun
        if not tight:  # every turn to come may do everything: one evaluation
            return float(_Reach(self, t, -1, None).total())
        plans = _turn_plans(self.cfg.players, full, run_tiles)
        if plans is None:
            # A turn whose tile moves the car (GrandPrix, or Recruit used as a move) does no
            # research, build, hire or recruiting (no tile has both, K2): the best split.
            return float(max(_Reach(self, t, d, None).total() for d in range(full + 1)))
        # Each turn to come takes one tile (K2): the best choice of tiles (only tiles whose
        # actions no other tile's include, which can only overstate), and of how many of their
        # Recruit actions move the car instead of recruiting.
        return float(max(_Reach(self, t, r, plan).total() for plan in plans
                         for r in range(plan[rules.RECRUIT] + 1)))


class _Reach:
    """What company ``p`` can at most reach within ``t`` turns of this round, the one in
    progress included (see ``optimistic_gain``), with ``drives`` of the turns to come moving
    the car and, when given, ``plan`` (per action kind) the tiles those turns take."""

    def __init__(self, pos: _Position, t: int, drives: int = -1,
                 plan: tuple[int, ...] | None = None) -> None:
        self.pos = pos
        self.s, self.p, self.cfg, self.c = pos.s, pos.p, pos.cfg, pos.c
        full = t - 1 if pos.in_turn else t
        self.market_steps = t - 1 if pos.posted else t
        now_can = pos.now_can
        # ``drives`` of the turns to come move the car (all of them when not given); the
        # others may research, build, hire and recruit. Attract comes with a move (K2).
        self.drives = full if drives < 0 else min(drives, full)
        other = full if drives < 0 else full - self.drives
        if plan is None:
            # One action of a kind per tile (K2): the actions of each kind still to come.
            can = [other + x for x in now_can]
            can[rules.ATTRACT] = full + now_can[rules.ATTRACT]
        else:
            # The tiles of the turns to come are given; ``drives`` of their Recruit actions
            # move the car instead of recruiting (K12).
            can = [n + x for n, x in zip(plan, now_can, strict=True)]
            can[rules.RECRUIT] -= drives
            self.drives = can[rules.GRAND_PRIX] - now_can[rules.GRAND_PRIX] + drives
            other = max(0, full - self.drives)
        self.can = can
        recruits = can[rules.RECRUIT]
        self.up_effects = pos.up_effects if recruits else []
        self.recruitable = pos.up_names if recruits else set()
        # Research adds at most one level to a track per research action (K6).
        c, cfg = self.c, self.cfg
        self.body_level = min(cfg.research_max, c.body_track + can[rules.RESEARCH])
        self.engine_level = min(cfg.research_max, c.engine_track + can[rules.RESEARCH])
        self.own = pos.own
        self.swaps = "swap" in c.tech or "Kettering" in self.recruitable
        self.gains = other + pos.now_gain  # worker gains
        self.progress = -1

    def total(self) -> int:
        """The bound: achievements, white markers, the Grand Prix and the sales."""
        return self.achievements() + self.whites() + self.race() + self.sales()

    def engineer(self, name: str) -> bool:
        """Whether the company has, or can still recruit, the engineer ``name``."""
        return name in self.pos.engineers or name in self.recruitable

    def achievements(self) -> int:
        """Every open achievement whose condition ``p`` can still meet (RULINGS K23)."""
        s, c, cfg = self.s, self.c, self.cfg
        total = 0
        for a, owner in zip(cfg.achievements, s.achievements, strict=True):
            if owner >= 0:
                continue
            kind, need = a.kind, a.threshold
            if kind == "laps":
                ok = rules.laps_of(cfg.circuit_length, self.max_progress()) >= need
            elif kind == "cars_placed":
                ok = c.cars_placed + self.market_steps >= need
            elif kind == "workshop_body":
                ok = self.best_tile(BODY) >= need
            elif kind == "workshop_engine":
                ok = self.best_tile(ENGINE) >= need
            elif kind == "empty_supply":  # at most 3 workers gained per turn (K8, K12)
                ok = c.supply <= 3 * self.gains
            elif kind == "engineers":
                face_up = len(s.face_up[ENGINEERS])
                ok = len(c.engineers) + min(self.can[rules.RECRUIT], face_up) >= need
            else:  # second_buyer: only a buyer the company places itself
                ok = self.can_take_buyer()
            total += a.points if ok else 0
        return total

    def best_tile(self, kind: int) -> int:
        """The best value of ``kind`` (BODY or ENGINE) the company can have in a workshop: its
        tiles, a new tile at its reachable research level (K7), the Engine 3 benefit, and with
        a Kettering swap (K20) the parts of its cars on the market; 0 when none."""
        vals = list(self.pos.workshops[kind])
        if kind == BODY and self.can[rules.BUILD_BODY]:
            vals.append(self.body_level)
        if kind == ENGINE:
            if self.can[rules.BUILD_ENGINE]:
                vals.append(self.engine_level)
            vals += [e[1] for e in self.up_effects if e[0] == "engine_tile"]
        if self.swaps:
            vals += [car.body if kind == BODY else car.engine for car in self.own]
        return max(vals, default=0)

    def car_value(self, kind: int, new_cars: int) -> int:
        """The best body or engine value one of its cars can show, technology markers
        included (Christie, Winton; K14)."""
        c = self.c
        name, engineer = ("body", "Christie") if kind == BODY else ("engine", "Winton")
        marker = 2 if (f"{name}+2" in c.tech or engineer in self.recruitable) else (
            1 if f"{name}+1" in c.tech else 0)
        value = rules.body_value if kind == BODY else rules.engine_value
        vals = [value(car) for car in self.own]
        if new_cars or self.swaps:
            vals.append(self.best_tile(kind) + marker)
        return max(vals, default=-1)

    def can_take_buyer(self) -> bool:
        """Attract with an empty active space (K9), the buyer swap (K19) or Buick (K21)."""
        s = self.s
        return (-1 in s.active and self.can[rules.ATTRACT] > 0 or self.can_swap()
                or "buyer5" in self.c.tech or "Buick" in self.recruitable)

    def can_swap(self) -> bool:
        """Whether the company can still exchange an active buyer (K19)."""
        return -1 in self.pos.now or any(e[0] == "swap_buyer" for e in self.up_effects)

    def whites(self) -> int:
        """White markers score only for a buyer the company takes itself (K9)."""
        return self.pos.white_sum if self.can_take_buyer() else 0

    def max_progress(self) -> int:
        """The furthest the car can get: one Grand Prix move (K10) or Recruit move (K12) per
        turn, at the racing engine it has or, after an action building a better one (no tile
        builds an engine and moves the car), at the best engine it can build; the team
        filled with every worker it has or can gain, Chevrolet's +1; every other car skipped
        once per lap it could span (K11, K30). Worked out once per evaluation."""
        if self.progress < 0:
            self.progress = self._max_progress()
        return self.progress

    def _max_progress(self) -> int:
        s, c, cfg = self.s, self.c, self.cfg
        moves = self.drives + self.pos.now_move
        if not moves:
            return c.progress
        # A better racing engine comes from a build (K7) or the Engine 3 benefit, in a turn
        # that does not move: counted for every move, which may only overstate.
        engine = max([c.race_engine] + [e[1] for e in self.up_effects
                                        if e[0] == "engine_tile"])
        if self.can[rules.BUILD_ENGINE]:
            engine = max(engine, self.engine_level)
        chevrolet = 1 if self.engineer("Chevrolet") else 0
        team = c.team + c.canteen + 3 * self.gains + 1  # + 1: the salesman
        full = sum(1 for need in self.pos.team_needs if team >= need)
        recruit = max([3] + [e[1] + chevrolet for e in self.up_effects if e[0] == "move"])
        steps = moves * max(engine + full + chevrolet, recruit)
        others = s.players - 1 + len(cfg.neutral_cars)
        drive = steps
        for _ in range(8):  # a skipped space is one more space driven: fixpoint, <= 8 laps
            more = steps + others * (drive // cfg.circuit_length + 1)
            if more == drive:
                break
            drive = more
        return c.progress + drive

    def race(self) -> int:
        """Grand Prix place and lap points (K22): cars ahead of the fastest reach stay ahead,
        as cars only move forward until the scoring."""
        s, cfg = self.s, self.cfg
        best = self.max_progress()
        ahead = sum(1 for i, o in enumerate(s.companies) if i != self.p and o.progress > best)
        ahead += sum(1 for space in cfg.neutral_cars if space > best)
        place = cfg.place_points[ahead] if ahead < len(cfg.place_points) else 0
        return place + lap_points(cfg, rules.laps_of(cfg.circuit_length, best))

    def sales(self) -> int:
        """One sale per buyer, the best-paying buyers first, up to the cars (one new car per
        market step, K13) and investment tokens (K15, K16) the company can have."""
        pos, s, c, can = self.pos, self.s, self.c, self.can
        # A new car uses a body and an engine tile from the workshops and some service (K13).
        bodies = len(pos.workshops[BODY]) + can[rules.BUILD_BODY]
        engines = len(pos.workshops[ENGINE]) + can[rules.BUILD_ENGINE] \
            + min(can[rules.RECRUIT], sum(1 for e in self.up_effects if e[0] == "engine_tile"))
        staff = c.canteen + pos.salesman + 3 * self.gains  # service for one car each
        new_cars = min(self.market_steps, pos.free, len(s.chart), bodies, engines, staff)
        # Prices: its cars', and the chart's for a new car or a Kettering price swap (K20).
        prices = [car.price for car in self.own] + (
            list(s.chart) if new_cars or self.swaps else [])
        if not prices:
            return 0
        top = max(prices)
        service = list(pos.service)
        if new_cars:
            service.append(c.canteen + 3 * self.gains + pos.sv)
        if self.swaps:  # Kettering moves canteen workers onto a car (K20)
            service += [x + c.canteen + 3 * self.gains for x in service]
        best = (self.car_value(BODY, new_cars), self.car_value(ENGINE, new_cars),
                max(service, default=-1))  # indexed by BODY, ENGINE, SERVICE
        mult = 3 if self.engineer("Brayton") else 2
        any_pref = self.can_swap()
        # The buyers in order (K14-K16): (preferences it may have, Packard bonus it may pay).
        buyers: list[tuple[tuple[int, ...], int]] = []
        for space, b in enumerate(s.active):
            prefs: tuple[int, ...] = _PREFS if b < 0 or any_pref else (b,)
            buyers.append((prefs, s.packard[space] or pos.packard))
        if pos.buick or "Buick" in self.recruitable:
            buyers.append((_PREFS, 0))
        units = len(self.own) + new_cars + pos.tokens
        sold = _sold(tuple(buyers), s.market, self.p, pos.sv, tuple(prices), pos.static,
                     best, mult, units, pos.investors)
        # Each Recruit action takes one tile (K12): a face-up investor's token (one more sale,
        # worth at most the best-paying buyer) or a Sell benefit (K18), not both.
        most = top * mult + max([bonus for _, bonus in buyers], default=0)
        extra = [most] * pos.face_up_investors if new_cars or self.own else []
        extra += [e[1] for e in self.up_effects if e[0] == "sell_car"]
        return sold + pos.selling + sum(sorted(extra, reverse=True)[:can[rules.RECRUIT]])


@lru_cache(maxsize=1 << 16)
def _sold(buyers: tuple[tuple[tuple[int, ...], int], ...], market: tuple[Car | None, ...],
          p: int, sv: int, prices: tuple[int, ...], static: bool, best: tuple[int, int, int],
          mult: int, units: int, investors: int) -> int:
    """The most ``p`` can earn from the buyers (in order: the preferences each may have and
    the Packard bonus it may pay) and the investors, with ``units`` cars and investment tokens
    at ``prices``, its best body, engine and service values ``best``, and the rival cars of
    ``market`` still there, one fewer per earlier buyer, when ``static`` (see _Reach.sales).
    Cached: sibling positions of a search mostly share their market and buyers."""
    top = max(prices)
    cheap, rival = _rival_cars(market, p, sv)

    def pays(pref: int, earlier: int) -> int:
        """The most a buyer of ``pref`` can pay for one of ``p``'s cars when ``earlier``
        buyers came before it (each takes at most one rival car away)."""
        if pref == PRICE:
            if not static:
                return top * mult
            cap = cheap[earlier] if earlier < len(cheap) else top
            low = [x for x in prices if x <= cap]
            return max(low) * mult if low else 0
        if static and earlier < len(rival[pref]) and best[pref] < rival[pref][earlier]:
            return 0
        return top

    # pay[prefs][e]: the most a buyer with these preferences pays after e earlier buyers.
    pay = {prefs: [max(pays(q, e) for q in prefs) for e in range(len(buyers))]
           for prefs in {prefs for prefs, _ in buyers}}
    # earned[k]: the most ``p`` earns from the buyers so far with k of them buying its
    # cars; every other buyer took at most one rival car away.
    earned = [0] + [-1] * units
    for i, (prefs, bonus) in enumerate(buyers):
        step = list(earned)
        row = pay[prefs]
        for k in range(min(i, units - 1), -1, -1):
            if earned[k] >= 0 and row[i - k]:
                step[k + 1] = max(step[k + 1], earned[k] + row[i - k] + bonus)
        earned = step
    # Investors buy last (K16), at most the highest price each.
    return max(v + top * min(investors, units - k) for k, v in enumerate(earned) if v >= 0)


@lru_cache(maxsize=65536)
def _rival_cars(market: tuple[Car | None, ...], p: int, sv: int
                ) -> tuple[list[int], dict[int, list[int]]]:
    """The rival cars on the market: their prices from the lowest, and their body, engine and
    service values from the highest (cached: many positions share a market)."""
    rivals = [car for car in market if car is not None and car.owner != p]
    cheap = sorted(car.price for car in rivals)
    values = {BODY: rules.body_value, ENGINE: rules.engine_value,
              SERVICE: lambda car: rules.service_value(car, sv)}
    return cheap, {pref: sorted((f(car) for car in rivals), reverse=True)
                   for pref, f in values.items()}


# --- the public entry point ---------------------------------------------------------------
def plan(state: State, company: int | None = None, config: PlannerConfig | None = None,
         on_progress: Callable[[int, int], None] | None = None) -> Plan:
    """The best plan for ``company`` (default: the one to decide) from ``state``.

    Raises PlannerError for a terminal position, a company not in the game, or bad settings.
    Stops cleanly on the node or time budget or Ctrl-C, returning the best plan found so far
    with ``proven=False``.
    """
    config = config or PlannerConfig()
    config.check()
    if state.is_terminal():
        raise PlannerError("the game is over: there is nothing to plan")
    if company is None:
        company = state.current_player
        if company < 0:
            raise PlannerError("chance decides next: name the company to plan for")
    if not 0 <= company < state.players:
        raise PlannerError(f"company {company} is not in this {state.players}-company game")
    root = state.clone(history=False)
    root.seed = None  # explicit chance: the search must not read the seeded future
    search = _Search(root, company, config)
    t0 = time.perf_counter()
    stopped = ""
    alternatives: list[Alternative] = []
    best_node: _Node | None = None
    if root.current_player == company:
        ids = search.order(root, company)
        bar = _progress(len(ids)) if config.progress else None
        try:
            for n, aid in enumerate(ids):
                node = search.step(root, aid, 0, 0, 0, -INF, INF)
                alternatives.append(Alternative(str(ACTIONS[aid]), _value(node, company),
                                                not node.approx))
                if best_node is None or node.vec[company] > best_node.vec[company]:
                    best_node = _Node(node.vec, EXACT, aid, node.approx)
                if bar is not None:
                    bar.update(1)
                if on_progress is not None:
                    on_progress(n + 1, len(ids))
        except (_Stop, KeyboardInterrupt) as exc:
            stopped = str(exc) if isinstance(exc, _Stop) else "interrupted"
        finally:
            if bar is not None:
                bar.close()
    else:
        try:
            best_node = search.search(root, 0, 0, 0, -INF, INF)
        except (_Stop, KeyboardInterrupt) as exc:
            stopped = str(exc) if isinstance(exc, _Stop) else "interrupted"
    seconds = time.perf_counter() - t0
    if best_node is None:
        raise PlannerError(f"the search stopped ({stopped}) before any plan was found; "
                           "raise the budget")
    alternatives.sort(key=lambda a: -a.value)
    pv = principal_variation(search, root, best_node)
    # Proven only when every first decision's value is exact: a cut or sampled alternative
    # might be better than it looks.
    proven = not stopped and not best_node.approx and all(a.proven for a in alternatives)
    return Plan(company, _value(best_node, company), proven, pv, tuple(alternatives),
                search.nodes, seconds, stopped, search.cut, search.sampled, config)


def _value(node: _Node, p: int) -> float:
    v = node.vec[p]
    return float(round(v)) if abs(v - round(v)) < 1e-9 else v


def _progress(total: int) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc="first decisions", unit="move", leave=False, disable=None)


def principal_variation(search: _Search, root: State, first: _Node) -> tuple[tuple[str, str],
                                                                             ...]:
    """Follow the best decisions from the root to the horizon (stops at chance)."""
    pv: list[tuple[str, str]] = []
    s = root
    our_turns = turns = script_at = 0
    aid = first.best
    names = root.cfg.companies
    while aid >= 0 and len(pv) < 500:
        d = s.current_player
        pv.append((names[d] if d >= 0 else "chance", str(ACTIONS[aid])))
        if d >= 0 and d != search.p and search.cfg.rivals == "scripted":
            script_at += 1
        child = s.child(aid)
        for e in child.events[len(s.events):]:
            if e[0] == "turn":
                turns += 1
                our_turns += 1 if e[1] == search.p else 0
        s = child
        if search.at_horizon(s, our_turns) or turns > search.cfg.max_turns:
            break
        if s.current_player == rules.CHANCE:
            break
        key = (s.key(), our_turns, turns, script_at)
        hit = search.table.get(key)
        if hit is not None and hit.best >= 0 and hit.flag == EXACT:
            aid = hit.best
            continue
        d = s.current_player
        if d != search.p and search.cfg.rivals in ("scripted", "greedy"):
            aid = search.rival_choice(s, script_at)[0]
            continue
        # Not in the table (table off, or not exact): search this node again to find its move;
        # if the budget is spent, the plan ends here.
        try:
            node = search.search(s, our_turns, turns, script_at, -INF, INF)
        except _Stop:
            break
        aid = node.best
    return tuple(pv)


def replay_value(state: State, company: int, result: Plan) -> float:
    """Replay a plan's principal variation through kwcore (checked) and return the objective
    it reaches; for a proven plan with deterministic rivals it equals ``result.value``."""
    root = state.clone(history=False)
    root.seed = None
    search = _Search(root, company, result.config)
    s = root.clone(history=False)
    for _, text in result.principal_variation:
        s.apply(text)
    starts = [e[1] for e in s.events[len(root.events):] if e[0] == "turn"]
    our_turns = sum(1 for p in starts if p == company)
    if search.at_horizon(s, our_turns):
        return _value(_Node(search.objective(s), EXACT, -1, False), company)
    if len(starts) > result.config.max_turns:
        return _value(_Node(search.cut_value(s), EXACT, -1, True), company)
    raise PlannerError("the principal variation stops before the horizon (at chance)")


__all__ = [
    "Alternative", "Horizon", "KraftwagenError", "OBJECTIVES", "Plan", "PlannerConfig",
    "PlannerError", "RIVAL_MODELS", "greedy_choice", "optimistic_gain", "plan",
    "principal_variation", "replay_value", "PickTile",
]
