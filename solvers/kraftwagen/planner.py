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
graph (``solvers.kraftwagen.tempo``), and branch-and-bound with an admissible upper bound on what
the company can still gain in the round (``optimistic_gain``): at our own decisions every child is
bounded first and searched best bound first, and the children whose bound cannot beat the best value
found are never searched. The bound is computed lazily (the quick form for every child, the
tight one only for a child that reaches the head of the queue), and a decision stops as soon as
the best value found meets its own bound. Two cheaper tests cut most choices before they are
played: a tile pick is bounded from the position itself (``pick_bound``), and our Recruit choice
by a bound that weighs what the one action takes (``recruit_bound``; K12). The parts of the bound
that depend on one piece of the position (face-up tiles, market, technology markers) are cached
by that piece, so sibling positions share them. The bound counts our turns from the tempo graph (or,
when a scripted rival's next pick is known to end the round, only the run of turns we keep before
it, RULINGS K1) and weighs which tiles those turns can take. Paranoid search uses alpha-beta.
Before the deepening over our turns (see ``plan``), a suggestion phase lists our next two turns
whole and values exactly the lines whose end positions the greedy bot's evaluation rates best
(``_Deepening.suggest``): a heuristic that only chooses which real lines to value first.

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
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, NamedTuple

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
ALTERNATIVES = ("exact", "bounds")
INF = math.inf
#: what one memo entry costs, measured with tracemalloc on real 4-company positions (the key
#: tuple of State.key() and its counters, the node, the dict slot), rounded up
ENTRY_BYTES = 4_000
#: a probe of the whole horizon may spend this share of the nodes spent so far (at least
#: PROBE_MIN): an abandoned probe costs a third of the budget at most
PROBE_SHARE, PROBE_MIN = 0.5, 4_000
#: The suggestion phase (see _Deepening.suggest): at most this many positions generated while
#: it lists our next two turns, the best-rated this many of the lines it finds valued exactly,
#: and this share of the time left when it starts (half of it for the listing) for all of it.
#: On 15 of the real positions of benchmarks/bench_planner_real.py, 150 lines valued gained 33
#: points more in all than 40, and 120,000 positions listed gained nothing over 30,000.
SUGGEST_NODES, SUGGEST_LINES, SUGGEST_SHARE = 30_000, 120, 0.25
#: Python frames the search may stack per turn of a line: a turn held at most 10 decisions in
#: 40 seeded greedy and random games (a tile's actions, free actions, a car placed part by
#: part), three frames each (search, choose, best_first); twice that, for room
FRAMES_PER_TURN = 60


class PlannerError(ValueError):
    """The request cannot be answered (bad company, horizon, budget, terminal position)."""


class _Stop(Exception):
    """Raised inside the search when a budget runs out or the user interrupts."""


class _ProbeSpent(Exception):
    """Raised inside a probe of the whole horizon when its own node share is spent."""


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
    max_turns: int = 40  # lines are cut after this many turns from the root (see _Search)
    samples: int = 8
    exact_chance: int = 4  # a chance node with at most this many outcomes is enumerated
    use_table: bool = True
    use_bounds: bool = True
    use_ordering: bool = True
    progress: bool = False
    seed: int = 0
    memory_mb: int = 2_000  # the memo tables' cap (see _Search.store)
    alternatives: str = "exact"  # "exact": the why-not table exact once the best is proven
    suggest: bool = True  # value the most promising two-turn lines first (_Deepening.suggest)
    # False: no deepening, the whole horizon searched at once with every first decision given
    # a full window (the search before the anytime driver; the planner bot's small budgets)
    deepen: bool = True

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
        if self.memory_mb < 1:
            raise PlannerError("the memory cap must be at least 1 MB")
        if self.alternatives not in ALTERNATIVES:
            raise PlannerError(f"alternatives must be one of {', '.join(ALTERNATIVES)}")


@dataclass(frozen=True)
class Alternative:
    """One legal first decision: the value of the best line found after it, and an upper
    bound on what any line after it is worth (equal to the value when proven)."""

    action: str
    value: float
    proven: bool
    upper: float = INF


@dataclass(frozen=True)
class DepthResult:
    """One completed depth of the deepening: ``value`` is the best plan known once it is
    complete, and it is proven that no plan that chooses freely for our next ``turns`` turns
    and follows the greedy choice after them (rivals as modelled) is worth more. (The best
    plan known may lie outside those plans: a probe of the whole horizon may have found it.)"""

    turns: int
    value: float
    best: str  # the first decision
    proven: bool  # exact for this depth (no cut or sampled line below)
    whole: bool  # no line needed the policy after ``turns``: the whole horizon was searched
    nodes: int
    seconds: float


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
    upper: float = INF  # no plan of the horizon is worth more (inf: no bound applies)
    depths: tuple[DepthResult, ...] = ()  # the completed depths of the deepening
    proven_turns: int = 0  # the deepest completed depth: the plan is the best for that many

    @property
    def best(self) -> str:
        """The first decision of the plan."""
        if self.principal_variation and self.alternatives:
            return self.principal_variation[0][1]
        return self.alternatives[0].action if self.alternatives else ""

    def status(self) -> str:
        """One plain sentence on what is proven: "proven best to the end of the round", or
        "best found 14, at most 19 possible; proven best for the next 2 turns, playing the
        greedy choice after them"."""
        n = self.config.horizon.turns
        turns = "for your next turn" if n == 1 else f"for your next {n} turns"
        where = {"round": "to the end of the round", "game": "to the end of the game"}.get(
            self.config.horizon.kind, turns)
        if self.proven:
            return f"Proven best {where} ({self.value:g})."
        bound = "no bound applies" if self.upper == INF else f"at most {self.upper:g} possible"
        text = f"Best found {self.value:g} {where}, {bound}"
        if self.proven_turns:
            turns = "turn" if self.proven_turns == 1 else f"{self.proven_turns} turns"
            text += (f"; proven: no plan that plays the greedy choice after your next "
                     f"{turns} does better")
        why = f" (the search stopped: {self.stopped})" if self.stopped else ""
        return text + why + "."


# --- results inside the search --------------------------------------------------------------------
EXACT, UPPER, LOWER = 0, 1, 2  # exact; an upper bound (fail low); a lower bound (fail high)
# The position's shared bound parts, our turns left, the tiles of a run a rival ends.
_Turns = tuple["_Position", int, "tuple[int, ...] | None"]


@dataclass
class _Picks:
    """What the bounds of one tile pick's choices share (see _Search.pick_bound)."""

    bases: dict[bool, _Position] = field(default_factory=dict)
    bounds: dict[Any, float] = field(default_factory=dict)


@dataclass
class _Node:
    vec: tuple[float, ...]  # each company's objective at the horizon
    flag: int
    best: int  # best action id, -1 at leaves
    approx: bool  # a cut or a sample lies below
    tail: bool = False  # a greedy tail of a depth-limited search lies below (see _Search.tail)


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
        # The tile each scripted decision picks, -1 for other decisions (rival_ends_round).
        self.script_tiles = [_picked_tile(text) for text in config.script]
        # Iterative deepening (see plan): our own decisions are searched for our next
        # ``depth`` turns, the turn in progress counting as the first; after them every company
        # follows its model's fixed policy (we and greedy or searched rivals: the greedy
        # choice), a "tail" valued by playing it out. None: no depth limit.
        self.depth: int | None = None
        self.tails: dict[Any, tuple[tuple[float, ...], bool]] = {}  # key -> (vec, approx)
        self.greedy_ids: dict[Any, int] = {}  # State.key() -> greedy_choice
        # The memo tables together hold at most this many entries; past it the oldest half of
        # the fullest is dropped (insertion order), so memory stays bounded whatever the budget.
        self.cap = max(1_000, int(config.memory_mb * 1e6 / ENTRY_BYTES))
        self.counting = True  # False while the incumbent line is played (never stopped)
        self.probe_limit: float = INF  # the node count at which a probe gives up (see plan)

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
        return self.greedy(s), script_at

    # --- the memo tables, bounded
    def store(self, key: Any, node: _Node) -> None:
        """Keep a searched node, dropping the oldest half of the table when it is full."""
        table = self.table
        if len(table) + len(self.tails) + len(self.greedy_ids) >= self.cap:
            self.evict()
        table[key] = node

    def evict(self) -> None:
        """Drop the oldest half of the fullest memo table (dicts keep insertion order, so
        the entries dropped are the ones met longest ago; recent ones are the likeliest to be
        met again). Values stay exact: a dropped entry is only searched again."""
        fullest: dict[Any, Any] = max((self.table, self.tails, self.greedy_ids), key=len)
        for k in list(itertools.islice(fullest, len(fullest) // 2 + 1)):
            del fullest[k]

    def greedy(self, s: State) -> int:
        """``greedy_choice``, remembered by position (rival replies and tails meet the same
        positions again and again)."""
        key = s.key()
        aid = self.greedy_ids.get(key)
        if aid is None:
            if len(self.table) + len(self.tails) + len(self.greedy_ids) >= self.cap:
                self.evict()
            aid = self.greedy_ids[key] = greedy_choice(s)
        return aid

    def policy(self, s: State, script_at: int) -> tuple[int, int]:
        """The fixed policy of a tail: scripted rivals follow the script, everyone else
        (we included) takes the greedy choice; the action and the next script position."""
        if s.current_player != self.p and self.cfg.rivals == "scripted":
            return self.rival_choice(s, script_at)
        return self.greedy(s), script_at

    def tail(self, s: State, our_turns: int, turns: int, script_at: int) -> _Node:
        """The value of following the fixed policy from ``s`` to the horizon (or the
        max_turns cut), played out once; every position met on the way is remembered with
        the same value, so tails that meet the same line share it."""
        path = []
        vec: tuple[float, ...]
        while True:
            if self.at_horizon(s, our_turns):
                vec, approx = self.objective(s), False
                break
            if turns > self.cfg.max_turns:
                vec, approx = self.cut_value(s), True
                break
            key = (s.key(), our_turns, turns, script_at)
            hit = self.tails.get(key)
            if hit is not None:
                vec, approx = hit
                break
            path.append(key)
            if s.current_player == rules.CHANCE:
                node = self.chance(s, our_turns, turns, script_at)
                vec, approx = node.vec, node.approx
                break
            if self.counting:
                self.tick()
            aid, script_at = self.policy(s, script_at)
            s, our_turns, turns = self.expand(s, aid, our_turns, turns)
        if len(self.table) + len(self.tails) + len(self.greedy_ids) + len(path) >= self.cap:
            self.evict()
        for key in path:
            self.tails[key] = (vec, approx)
        return _Node(vec, EXACT, -1, approx, True)

    # --- the search
    def start_depth(self, depth: int | None) -> None:
        """Search to a new depth: the table keeps only the nodes no tail lies below (their
        values hold at every depth); tails keep theirs (a tail does not depend on depth)."""
        self.depth = depth
        self.table = {key: node for key, node in self.table.items() if not node.tail}

    def tick(self, count: int = 1) -> None:
        if self.nodes + count > self.cfg.node_budget:
            self.nodes = self.cfg.node_budget + 1
            raise _Stop("node budget")
        self.nodes += count
        if self.nodes > self.probe_limit:
            raise _ProbeSpent
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
        if self.depth is not None and our_turns + self.in_turn > self.depth:
            return self.tail(s, our_turns, turns, script_at)
        if d == rules.CHANCE:
            node = self.chance(s, our_turns, turns, script_at)
        elif d != self.p and self.cfg.rivals in ("scripted", "greedy"):
            aid, nxt = self.rival_choice(s, script_at)
            node = self.step(s, aid, our_turns, turns, nxt, alpha, beta)
            node = _Node(node.vec, node.flag, aid, node.approx, node.tail)
        else:
            node = self.choose(s, d, our_turns, turns, script_at, alpha, beta, ub)
        if key is not None:
            self.store(key, node)
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
            if s.pending[0] == rules.F_RECRUIT:  # see recruit_bound
                rb = self.recruit_bound(s, turns, script_at)
                if rb <= alpha:
                    return _Node(self.bound_vec(rb), UPPER, -1, False)
            if self.cfg.use_ordering:
                return self.best_first(s, our_turns, turns, script_at, alpha, beta, ub)
        a0, b0 = alpha, beta
        best: _Node | None = None
        best_aid = -1
        best_v = INF if minimise else -INF
        approx = tail = False
        for aid in self.order(s, d):
            node = self.step(s, aid, our_turns, turns, script_at, alpha, beta)
            approx = approx or node.approx
            tail = tail or node.tail
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
        return _Node(best.vec, flag, best_aid, approx, tail)

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
        searched with a bound no higher than ``ub``. At a tile pick, a tile whose bound worked
        out from this position (``pick_bound``) already falls to ``alpha`` is not even played
        (most are)."""
        p = self.p
        a0, b0 = alpha, beta
        rest = -INF  # the highest bound of a child never searched
        # (-bound, tempo rank, stage, action, child and its counters): stage 1 the quick
        # bound, 2 the final one (tight, or exact at the horizon).
        queue = []
        picks = _Picks() if s.pending[0] == rules.F_TILE and turns < self.cfg.max_turns \
            else None
        for rank, aid in enumerate(self.order(s, p)):
            if picks is not None:
                pre = self.pick_bound(s, ACTIONS[aid], turns, script_at, picks)
                if pre <= alpha:
                    self.tick()  # bounded, never played
                    rest = max(rest, pre)
                    continue
            child, ot, tt = self.expand(s, aid, our_turns, turns)
            quick, how = self.child_bound(child, ot, tt, script_at)
            queue.append((-quick, rank, 1 if how else 2, aid, (child, ot, tt, how)))
        heapq.heapify(queue)
        best: _Node | None = None
        best_aid, best_v, approx, tail = -1, -INF, False, False
        while queue:
            neg, rank, stage, aid, data = heapq.heappop(queue)
            bound = -neg
            if bound <= alpha:
                self.tick(len(queue) + 1)  # generated and bounded, never searched
                rest = max(rest, bound)
                break
            child, ot, tt, how = data
            if how is not None and stage == 1:
                heapq.heappush(queue, (-self.tight_bound(child, how), rank, 2, aid, data))
                continue
            node = self.search(child, ot, tt, script_at, alpha, beta, min(bound, ub))
            approx = approx or node.approx
            tail = tail or node.tail
            v = node.vec[p]
            if v > best_v:
                best, best_aid, best_v = node, aid, v
            alpha = max(alpha, v)
            if alpha >= beta:
                break
            if alpha >= ub:  # the best this decision can be: the rest are never searched
                self.tick(len(queue))
                break
        if best is None or best_v < min(rest, ub):
            # Fail low: the children not searched may be worth up to their bound.
            return _Node(self.bound_vec(min(rest, ub)), UPPER, best_aid, approx, tail)
        flag = UPPER if best_v <= a0 else LOWER if best_v >= b0 else EXACT
        return _Node(best.vec, flag, best_aid, approx, tail)

    def pick_bound(self, s: State, action: Any, turns: int, script_at: int,
                   known: _Picks) -> float:
        """An upper bound on the objective after our pick ``action``, worked out from this
        position without playing it: the turn in progress may do every action of the tile
        (K2; the actions the rules carry out at once, or skip, only do less), and our turns to
        come are counted from the chain after the pick (K1), as ``turns_left`` counts them
        after it; at most one more turn may have begun, which is why the caller needs
        ``turns`` below the max_turns cut. The picks of one decision share the position's own
        parts of the bound (``known``)."""
        from solvers.kraftwagen.tempo import after_pick, own_turns_from, run_length_of, run_tiles_of

        if not isinstance(action, PickTile):  # a free action (K5): bounded once played
            return INF
        p, players = self.p, s.players
        chain = after_pick(s.chain, action.tile, len(s.cfg.tiles))
        left = max(0, self.cfg.max_turns - turns)
        ends = self.rival_ends_round(s, script_at)
        if ends:
            own = min(run_length_of(chain, players, p, True), left + 1)
            run: tuple[int, ...] | None = run_tiles_of(chain, players, p)
        else:
            own, run = 1 + own_turns_from(chain, players, p, left), None
        kinds = tuple(sorted(_kinds_of(s.cfg, action.tile)))
        key = (kinds, own, run)
        bound = known.bounds.get(key)
        if bound is None:
            base = known.bases.get(ends)  # the position's own parts, shared by every pick
            if base is None:
                base = known.bases[ends] = _Position(s, p, not ends)
            bound = known.bounds[key] = self.objective_bound(
                s, s.companies[p].reputation + base.picking(kinds).gain(own, run, tight=False))
        return bound

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
        approx = tail = False
        for aid in s.legal:
            node = self.step(s, aid, our_turns, turns, script_at, -INF, INF)
            approx = approx or node.approx
            tail = tail or node.tail
            if best is None or node.vec[d] > best.vec[d]:
                best, best_aid = node, aid
        assert best is not None
        return _Node(best.vec, EXACT, best_aid, approx, tail)

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
        tile = self.script_tiles[script_at]
        if tile < 0:
            return False
        actions = s.cfg.tiles[tile].actions
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
        tail = False
        for aid, prob in picks:
            node = self.step(s, aid, our_turns, turns, script_at, -INF, INF)
            approx = approx or node.approx
            tail = tail or node.tail
            for i, v in enumerate(node.vec):
                total[i] += prob * v
        return _Node(tuple(total), EXACT, -1, approx, tail)

    # --- ordering and bounds
    def order(self, s: State, d: int) -> list[int]:
        ids = list(s.legal)
        if not self.cfg.use_ordering or s.decision() != "choose_tile":
            return ids
        from solvers.kraftwagen.tempo import pick_order

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
        from solvers.kraftwagen.tempo import own_turns_within, run_length, run_tiles

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

    def recruit_bound(self, s: State, turns: int, script_at: int) -> float:
        """An upper bound on the objective at our Recruit choice that weighs the choice: the
        Recruit action takes one face-up tile, or 2 workers, or moves the car (K12), where the
        other bounds let it do all of these at once. Used only to cut the choice before its
        options are played (most are cut), never to order them."""
        pos, own, run = self.turns_left(s, turns, script_at)
        return self.objective_bound(s, s.companies[self.p].reputation
                                    + pos.recruit_gain(own))

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


def _picked_tile(text: str) -> int:
    """The tile a decision in text picks, or -1 when it picks none (or does not parse)."""
    try:
        action = action_from_text(text)
    except KraftwagenError:
        return -1
    return action.tile if isinstance(action, PickTile) else -1


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


class _FaceUp(NamedTuple):
    names: frozenset[str]
    effects: tuple[tuple[str, int], ...]
    sell_benefit: bool  # a face-up Sell benefit (K18)
    kettering: bool  # Kettering face up (K20)
    packard: int  # the Packard marker's bonus if Packard is face up (K20), else 0
    investors: int  # face-up investor tiles
    engine_tiles: tuple[int, ...]  # the Engine benefits' tile values
    moves: tuple[int, ...]  # the move benefits' spaces
    sells: tuple[int, ...]  # the Sell benefits' values, highest first (K18)
    swap_buyer: bool  # a buyer swap benefit (K19)
    engineers: int  # face-up engineer tiles


@lru_cache(maxsize=4096)
def _face_up_parts(players: int, face_up: tuple[tuple[int, ...], ...]) -> _FaceUp:
    """What the bound reads from the face-up recruit tiles."""
    cfg = config_for(players)
    up = [r for cat in face_up for r in cat]
    names = frozenset(cfg.recruit[r].name for r in up)
    effects = tuple(cfg.recruit[r].effect or ("", 0) for r in up)

    def values(kind: str) -> tuple[int, ...]:
        return tuple(sorted((v for k, v in effects if k == kind), reverse=True))

    return _FaceUp(names, effects,
                   any((cfg.recruit[r].effect or ("", 0))[0] == "sell_car"
                       for r in face_up[BENEFITS]),
                   "Kettering" in names, 4 if "Packard" in names else 0,
                   len(face_up[INVESTORS]), values("engine_tile"), values("move"),
                   values("sell_car"), any(k == "swap_buyer" for k, _ in effects),
                   len(face_up[ENGINEERS]))


#: No recruit tile within reach (a bound without Recruit actions).
_NO_FACE_UP = _FaceUp(frozenset(), (), False, False, 0, 0, (), (), (), False, 0)


@lru_cache(maxsize=4096)
def _single_face_ups(players: int, face_up: tuple[tuple[int, ...], ...]
                     ) -> tuple[_FaceUp, ...]:
    """Each face-up recruit tile alone: what a single Recruit action can take (K12)."""
    return tuple(_face_up_parts(players, tuple((r,) if c == cat else ()
                                               for c in range(len(face_up))))
                 for cat, tiles in enumerate(face_up) for r in tiles)


@lru_cache(maxsize=4096)
def _names_of(players: int, recruits: tuple[int, ...]) -> frozenset[str]:
    cfg = config_for(players)
    return frozenset(cfg.recruit[r].name for r in recruits)


_NOTHING_NOW: tuple[frozenset[int], tuple[int, ...], int, int] = (
    frozenset(), (0,) * _KINDS, 0, 0)


@lru_cache(maxsize=4096)
def _turn_now(tile_left: tuple[int, ...], frame: int, place_kind: int
              ) -> tuple[frozenset[int], tuple[int, ...], int, int]:
    """A turn in progress: the action kinds it can still do (K2; -1 for a buyer swap under
    way, K19), as counts per kind, and whether it can still gain workers and move the car."""
    now = set(tile_left)
    if frame in _FRAME_ACTION:
        now.add(_FRAME_ACTION[frame])
    if frame == rules.F_PLACE:  # a build, or the Engine 3 benefit
        now.add(rules.BUILD_BODY if place_kind == BODY else rules.BUILD_ENGINE)
    if frame == rules.F_SWAP:
        now.add(-1)
    return (frozenset(now), tuple(1 if k in now else 0 for k in range(_KINDS)),
            1 if now & {rules.HIRE, rules.RECRUIT} else 0,
            1 if now & {rules.GRAND_PRIX, rules.RECRUIT} else 0)


class _Market:
    """What the bound reads from the market for one company: its own cars, and the rival cars
    a buyer could take instead (K14). One object per market and company (``_market_parts``),
    hashed by identity, so the sales cache (``_sold``) need not hash the cars each time."""

    __slots__ = ("own", "service", "free", "invested", "prices", "shown", "parts", "cheap",
                 "rival")

    def __init__(self, market: tuple[Car | None, ...], p: int, sv: int) -> None:
        own = tuple(car for car in market if car is not None and car.owner == p)
        self.own = own  # the company's cars on the market
        self.service = tuple(rules.service_value(car, sv) for car in own)  # their service
        self.free = sum(1 for car in market if car is None)  # empty market spaces
        self.invested = sum(1 for car in own if car.invested)  # carrying an investment token
        self.prices = tuple(car.price for car in own)
        # The best body and engine values its cars show (K14), -1 if none; the best body and
        # engine tiles on them, for a Kettering swap (K20), 0 if none.
        self.shown = (max((rules.body_value(car) for car in own), default=-1),
                      max((rules.engine_value(car) for car in own), default=-1))
        self.parts = (max((car.body for car in own), default=0),
                      max((car.engine for car in own), default=0))
        # The rival cars: their prices from the lowest, and their body, engine and service
        # values from the highest.
        rivals = [car for car in market if car is not None and car.owner != p]
        self.cheap = sorted(car.price for car in rivals)
        values = {BODY: rules.body_value, ENGINE: rules.engine_value,
                  SERVICE: lambda car: rules.service_value(car, sv)}
        self.rival = {pref: sorted((f(car) for car in rivals), reverse=True)
                      for pref, f in values.items()}


@lru_cache(maxsize=1 << 14)
def _market_parts(market: tuple[Car | None, ...], p: int, sv: int) -> _Market:
    return _Market(market, p, sv)


@lru_cache(maxsize=4096)
def _workshops_of(workshops: tuple[tuple[int, int], ...]) -> dict[int, tuple[int, ...]]:
    """A company's workshop tile values by kind (read only: shared by the cache)."""
    return {kind: tuple(v for k, v in workshops if k == kind) for kind in (BODY, ENGINE)}


@lru_cache(maxsize=8)
def _team_needs(players: int) -> tuple[int, ...]:
    return tuple(itertools.accumulate(config_for(players).team_spaces))


@lru_cache(maxsize=4096)
def _open_achievements(players: int, owners: tuple[int, ...]
                       ) -> tuple[tuple[str, int, int], ...]:
    """The achievements nobody holds yet: (kind, threshold, points) (RULINGS K23)."""
    return tuple((a.kind, a.threshold, a.points)
                 for a, owner in zip(config_for(players).achievements, owners, strict=True)
                 if owner < 0)


@lru_cache(maxsize=4096)
def _white_sum(whites: tuple[tuple[int, ...], ...]) -> int:
    return sum(sum(w) for w in whites)


class _Tech(NamedTuple):
    rival_swaps: bool  # a rival holds the Kettering swap marker (K20)
    packard: int  # the best Packard marker held (K20)
    buick: bool  # someone holds Buick's extra buyer (K21)


@lru_cache(maxsize=4096)
def _tech_parts(techs: tuple[tuple[str, ...], ...], p: int) -> _Tech:
    """What the bound reads from the technology markers the companies hold."""
    return _Tech(any("swap" in t for i, t in enumerate(techs) if i != p),
                 max((int(m[-1]) for t in techs for m in t if m.startswith("buyer+")),
                     default=0),
                 any("buyer5" in t for t in techs))


class _Position:
    """The parts of ``optimistic_gain`` that depend on the position alone, worked out once and
    shared by its evaluations (one per choice of tiles) and by the planner's quick and tight
    bounds of the same position. The parts that depend on one piece of the position only (the
    face-up recruit tiles, the market, the technology markers) come from caches keyed by that
    piece, so the sibling positions of a search, which mostly share them, compute them once."""

    def __init__(self, s: State, p: int, rivals_act: bool = True) -> None:
        cfg = s.cfg
        self.s, self.p, self.cfg = s, p, cfg
        self.rivals_act = rivals_act  # a rival may still take a recruit tile this round
        self.c = c = s.companies[p]
        self.up = up = _face_up_parts(cfg.players, s.face_up)
        self.up_names, self.up_effects = up.names, up.effects
        self.engineers = _names_of(cfg.players, c.engineers)
        # Technology markers on a new car (Christie, Winton; K14), by BODY and ENGINE.
        self.markers = tuple(2 if f"{name}+2" in c.tech else 1 if f"{name}+1" in c.tech else 0
                             for name in ("body", "engine"))
        # A turn in progress can only do what its tile has left (K2), and its market step
        # only until its car is placed (K13); every later turn can pick any tile.
        pending = s.pending
        self.in_turn = pending[1] == p and s.picked >= 0
        self.selling = 0  # a Sell benefit being carried out (K18)
        self.posted = False
        if self.in_turn:
            frame = pending[0]
            self.now, self.now_can, self.now_gain, self.now_move = _turn_now(
                s.tile_left, frame, pending[2] if frame == rules.F_PLACE else -1)
            if frame == rules.F_SELL:
                self.selling = pending[2]
            self.posted = frame == rules.F_POST
        else:
            self.now, self.now_can, self.now_gain, self.now_move = _NOTHING_NOW
        self.market = market = _market_parts(s.market, p, cfg.salesman_service)
        self.own, self.service, self.free = market.own, market.service, market.free
        self.workshops = _workshops_of(c.workshops)
        self.team_needs = _team_needs(cfg.players)
        # The cars that can be ahead in the race: the rivals' and the neutral ones (K22).
        self.others = tuple(o.progress for i, o in enumerate(s.companies) if i != p) \
            + cfg.neutral_cars
        self.open = _open_achievements(cfg.players, s.achievements)
        self.white_sum = _white_sum(s.whites)
        # The sales part (see _Reach.sales).
        self.salesman = c.salesman not in ("box", "market", "team")  # in hand, or to be hired
        tech = _tech_parts(tuple(o.tech for o in s.companies), p)
        # A rival car leaves the market early only by a sale (an earlier buyer), by its
        # owner's Sell benefit (K18), or changes by its owner's Kettering swap (K20).
        self.static = pending[0] != rules.F_SELL and (
            not rivals_act or not up.sell_benefit and not up.kettering) and not tech.rival_swaps
        self.sv = cfg.salesman_service
        # A Packard marker pays the owner of the car sold, whoever placed it (K20).
        self.packard = max(max(s.packard, default=0), tech.packard, up.packard)
        self.buick = s.buick >= 0 or tech.buick
        held = sum(len(o.investors) for o in s.companies) + up.investors
        self.investors = min(cfg.investor_spaces, len(s.investor_track) + held)
        self.tokens = market.invested + len(c.investors)

    def picking(self, kinds: tuple[int, ...]) -> _Position:
        """This position as if the company, to pick a tile here, had picked one showing the
        action ``kinds`` (the planner's pick_bound): a copy with that turn in progress."""
        other = object.__new__(_Position)
        other.__dict__.update(self.__dict__)
        other.in_turn = True
        other.now, other.now_can, other.now_gain, other.now_move = _turn_now(
            kinds, rules.F_ORDER, -1)
        return other

    def recruit_gain(self, turns_left: int) -> float:
        """``optimistic_gain`` (the quick form) at the company's Recruit choice, weighing the
        choice: the best of taking each face-up tile alone (the turns to come take none: the
        bound of a choice whose turn is its last), taking 2 workers, or moving the car (K12).
        """
        t = max(0, turns_left)
        if t > 1:  # later turns may recruit too: no tighter than the quick bound
            return float(_Reach(self, t).total())
        singles = _single_face_ups(self.cfg.players, self.s.face_up)
        options = [_Reach(self, t, use=_TAKE_TILE, up=one) for one in singles]
        options += [_Reach(self, t, use=use) for use in (_TAKE_WORKERS, _MOVE_CAR)]
        return float(max(option.total() for option in options))

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


# How the turn in progress uses its Recruit action (K12): any way at once (an overstatement),
# or one of: take a face-up tile, take 2 workers, move the car.
_ANY_USE, _TAKE_TILE, _TAKE_WORKERS, _MOVE_CAR = -1, 0, 1, 2


class _Reach:
    """What company ``p`` can at most reach within ``t`` turns of this round, the one in
    progress included (see ``optimistic_gain``), with ``drives`` of the turns to come moving
    the car and, when given, ``plan`` (per action kind) the tiles those turns take."""

    def __init__(self, pos: _Position, t: int, drives: int = -1,
                 plan: tuple[int, ...] | None = None, use: int = _ANY_USE,
                 up: _FaceUp | None = None) -> None:
        self.pos = pos
        self.s, self.p, self.cfg, self.c = pos.s, pos.p, pos.cfg, pos.c
        full = t - 1 if pos.in_turn else t
        self.market_steps = t - 1 if pos.posted else t
        now_can, now_gain, self.now_move = pos.now_can, pos.now_gain, pos.now_move
        if use != _ANY_USE:  # the Recruit action of the turn in progress is used as ``use``
            now, taken = pos.now, (pos.up if up is None else up)
            tile = use == _TAKE_TILE
            now_can = tuple(x if k != rules.RECRUIT else int(tile)
                            for k, x in enumerate(now_can))
            # A Move benefit taken moves the car 5 (seed JP: Benefits). (A Workers benefit's 3
            # workers are the most one turn's gain counts, as for the 2 workers option.)
            now_gain = 1 if rules.HIRE in now or use == _TAKE_WORKERS else 0
            self.now_move = 1 if (rules.GRAND_PRIX in now or use == _MOVE_CAR
                                  or tile and taken.moves) else 0
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
        # The face-up recruit tiles (or the one given) count only when a Recruit action can
        # take one (K12).
        self.up = up = (pos.up if up is None else up) if can[rules.RECRUIT] else _NO_FACE_UP
        self.single = up is not pos.up and up is not _NO_FACE_UP  # the one tile taken
        # Research adds at most one level to a track per research action (K6).
        c, cfg = self.c, self.cfg
        self.body_level = min(cfg.research_max, c.body_track + can[rules.RESEARCH])
        self.engine_level = min(cfg.research_max, c.engine_track + can[rules.RESEARCH])
        self.own = pos.own
        self.swaps = "swap" in c.tech or up.kettering
        self.gains = other + now_gain  # worker gains
        self.progress = -1
        self.tiles = (-1, -1)  # best_tile of BODY and ENGINE, once worked out
        self.buyer: bool | None = None  # can_take_buyer, once worked out

    def total(self) -> int:
        """The bound: achievements, white markers, the Grand Prix and the sales."""
        return self.achievements() + self.whites() + self.race() + self.sales()

    def engineer(self, name: str) -> bool:
        """Whether the company has, or can still recruit, the engineer ``name``."""
        return name in self.pos.engineers or name in self.up.names

    def achievements(self) -> int:
        """Every open achievement whose condition ``p`` can still meet (RULINGS K23)."""
        c, cfg = self.c, self.cfg
        total = 0
        for kind, need, points in self.pos.open:
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
                ok = len(c.engineers) + min(self.can[rules.RECRUIT], self.up.engineers) >= need
            else:  # second_buyer: only a buyer the company places itself
                ok = self.can_take_buyer()
            total += points if ok else 0
        return total

    def best_tile(self, kind: int) -> int:
        """The best value of ``kind`` (BODY or ENGINE) the company can have in a workshop: its
        tiles, a new tile at its reachable research level (K7), the Engine 3 benefit, and with
        a Kettering swap (K20) the parts of its cars on the market; 0 when none."""
        if self.tiles[kind] < 0:
            best = max(self.pos.workshops[kind], default=0)
            if kind == BODY and self.can[rules.BUILD_BODY]:
                best = max(best, self.body_level)
            if kind == ENGINE:
                if self.can[rules.BUILD_ENGINE]:
                    best = max(best, self.engine_level)
                if self.up.engine_tiles:  # highest first
                    best = max(best, self.up.engine_tiles[0])
            if self.swaps:
                best = max(best, self.pos.market.parts[kind])
            self.tiles = (best, self.tiles[1]) if kind == BODY else (self.tiles[0], best)
        return self.tiles[kind]

    def car_value(self, kind: int, new_cars: int) -> int:
        """The best body or engine value one of its cars can show, technology markers
        included (Christie, Winton; K14)."""
        shown = self.pos.market.shown[kind]
        if not (new_cars or self.swaps):
            return shown
        engineer = "Christie" if kind == BODY else "Winton"
        marker = 2 if engineer in self.up.names else self.pos.markers[kind]
        return max(shown, self.best_tile(kind) + marker)

    def can_take_buyer(self) -> bool:
        """Attract with an empty active space (K9), the buyer swap (K19) or Buick (K21)."""
        if self.buyer is None:
            self.buyer = (-1 in self.s.active and self.can[rules.ATTRACT] > 0
                          or self.can_swap() or "buyer5" in self.c.tech
                          or "Buick" in self.up.names)
        return self.buyer

    def can_swap(self) -> bool:
        """Whether the company can still exchange an active buyer (K19)."""
        return -1 in self.pos.now or self.up.swap_buyer

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
        s, c, cfg, up = self.s, self.c, self.cfg, self.up
        moves = self.drives + self.now_move
        if not moves:
            return c.progress
        # A better racing engine comes from a build (K7) or the Engine 3 benefit, in a turn
        # that does not move: counted for every move, which may only overstate.
        engine = max(c.race_engine, up.engine_tiles[0]) if up.engine_tiles else c.race_engine
        if self.can[rules.BUILD_ENGINE]:
            engine = max(engine, self.engine_level)
        chevrolet = 1 if self.engineer("Chevrolet") else 0
        team = c.team + c.canteen + 3 * self.gains + 1  # + 1: the salesman
        full = sum(1 for need in self.pos.team_needs if team >= need)
        recruit = max(3, up.moves[0] + chevrolet) if up.moves else 3
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
        cfg = self.cfg
        best = self.max_progress()
        ahead = sum(1 for space in self.pos.others if space > best)
        place = cfg.place_points[ahead] if ahead < len(cfg.place_points) else 0
        return place + lap_points(cfg, rules.laps_of(cfg.circuit_length, best))

    def sales(self) -> int:
        """One sale per buyer, the best-paying buyers first, up to the cars (one new car per
        market step, K13) and investment tokens (K15, K16) the company can have."""
        pos, s, c, can, up = self.pos, self.s, self.c, self.can, self.up
        # A new car uses a body and an engine tile from the workshops and some service (K13).
        bodies = len(pos.workshops[BODY]) + can[rules.BUILD_BODY]
        engines = len(pos.workshops[ENGINE]) + can[rules.BUILD_ENGINE] \
            + min(can[rules.RECRUIT], len(up.engine_tiles))
        workers = c.canteen + 3 * self.gains
        staff = workers + pos.salesman  # service for one car each
        new_cars = min(self.market_steps, pos.free, len(s.chart), bodies, engines, staff)
        # Prices: its cars', and the chart's for a new car or a Kettering price swap (K20).
        prices = pos.market.prices + s.chart if new_cars or self.swaps else pos.market.prices
        if not prices:
            return 0
        top = max(prices)
        service = pos.service
        if new_cars:
            service += (workers + pos.sv,)
        if self.swaps:  # Kettering moves canteen workers onto a car (K20)
            service += tuple(x + workers for x in service)
        best = (self.car_value(BODY, new_cars), self.car_value(ENGINE, new_cars),
                max(service, default=-1))  # indexed by BODY, ENGINE, SERVICE
        mult = 3 if self.engineer("Brayton") else 2
        # The buyers in order (K14-K16): (preferences it may have, Packard bonus it may pay).
        buyers = _buyers(s.active, s.packard, pos.packard, self.can_swap(),
                         pos.buick or "Buick" in up.names)
        units = len(self.own) + new_cars + pos.tokens
        recruits = can[rules.RECRUIT]
        if self.single:  # the Recruit action takes this tile: an investor's token (K15)
            units += up.investors
        sold = _sold(buyers, pos.market, prices, pos.static, best, mult, units,
                     pos.investors)
        if not recruits:
            return sold + pos.selling
        if self.single:  # or the Sell benefit (K18)
            return sold + pos.selling + sum(up.sells)
        # Each Recruit action takes one tile (K12): a face-up investor's token (one more sale,
        # worth at most the best-paying buyer) or a Sell benefit (K18), not both.
        most = top * mult + max([bonus for _, bonus in buyers], default=0)
        extra = [most] * up.investors if new_cars or self.own else []
        extra += up.sells
        return sold + pos.selling + sum(sorted(extra, reverse=True)[:recruits])


@lru_cache(maxsize=4096)
def _buyers(active: tuple[int, ...], packard: tuple[int, ...], any_packard: int,
            any_pref: bool, extra: bool) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The buyers in order (K14-K16), each as the preferences it may have (all of them for an
    empty space or when a swap can change it, K19) and the Packard bonus it may pay (its
    space's marker, else the best marker that may still be placed, K20); ``extra``: Buick's
    buyer last (K21)."""
    buyers = [(_PREFS if b < 0 or any_pref else (b,), packard[space] or any_packard)
              for space, b in enumerate(active)]
    if extra:
        buyers.append((_PREFS, 0))
    return tuple(buyers)


@lru_cache(maxsize=1 << 16)
def _sold(buyers: tuple[tuple[tuple[int, ...], int], ...], market: _Market,
          prices: tuple[int, ...], static: bool, best: tuple[int, int, int], mult: int,
          units: int, investors: int) -> int:
    """The most the company can earn from the buyers (in order: the preferences each may have
    and the Packard bonus it may pay) and the investors, with ``units`` cars and investment
    tokens at ``prices``, its best body, engine and service values ``best``, and the rival cars
    of ``market`` still there, one fewer per earlier buyer, when ``static`` (see _Reach.sales).
    Cached: sibling positions of a search mostly share their market and buyers."""
    top = max(prices)
    cheap, rival = market.cheap, market.rival

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


# --- the public entry point ---------------------------------------------------------------
@dataclass
class _First:
    """What the search knows of one first decision at the root."""

    aid: int
    rank: int  # tempo order
    bound: float  # admissible bound on its value at the horizon (quick, then tight)
    lower: float = -INF  # the value of the best line found after it (a real line)
    upper: float = INF  # an upper bound on its value at the horizon
    approx: bool = False  # a cut or a sample lies below its best line
    pv: tuple[tuple[str, str], ...] = ()  # its best line found

    @property
    def proven(self) -> bool:
        return not self.approx and self.lower >= self.upper - 1e-9


def plan(state: State, company: int | None = None, config: PlannerConfig | None = None,
         on_progress: Callable[[int, int], None] | None = None) -> Plan:
    """The best plan for ``company`` (default: the one to decide) from ``state``: an anytime
    search that always answers.

    1. The incumbent: every company follows its fixed policy (we and greedy or searched
       rivals the greedy choice, scripted rivals their script) to the horizon, valued exactly.
    2. (Round horizon, greedy rivals, when a first probe of the whole horizon does not
       finish.) Suggested lines: our next two turns listed whole, the best-rated lines by the
       greedy bot's evaluation valued exactly (``_Deepening.suggest``).
    3. Iterative deepening over our own turns: depth ``k`` searches our decisions freely for
       our next ``k`` turns (the turn in progress is the first) and follows the fixed policy
       after them, each depth with the best value found so far as its floor (alpha). A
       completed depth is the proven best of all plans that play the policy after ``k``
       turns (``Plan.depths``); its value is that of a real line, so it never falls below the
       incumbent or the depth before. A depth whose lines all reach the horizon within their
       ``k`` turns is the search of the whole horizon: then the plan is proven.
    4. With ``alternatives="exact"`` (the default), once the whole horizon is proven every
       other first decision is searched with a full window, so the "why not this?" table
       holds exact values; with ``"bounds"`` (or when the budget stops it first) an
       alternative shows the best line found after it and an admissible upper bound.

    On the node or time budget or Ctrl-C the best plan found so far is returned, with
    ``proven=False``, its ``value`` (a real line's) and ``upper`` (no plan of the horizon is
    worth more; inf where no bound applies). Raises PlannerError for a terminal position, a
    company not in the game, or bad settings.
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
    # The search recurses once per decision (two or three Python frames each) down to the
    # max_turns cut: Python's default limit of 1,000 frames would stop a long line (max_turns
    # 100 did) with a RecursionError. Python 3.11 and later recurse in
    # Python without the C stack, so a higher limit is safe.
    needed = FRAMES_PER_TURN * (config.max_turns + 2) + sys.getrecursionlimit()
    old_limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old_limit, needed))
    try:
        return _Deepening(root, company, config, on_progress).run()
    finally:
        sys.setrecursionlimit(old_limit)


class _Deepening:
    """The anytime driver of ``plan``: incumbent, deepening, exact alternatives."""

    def __init__(self, root: State, company: int, config: PlannerConfig,
                 on_progress: Callable[[int, int], None] | None) -> None:
        self.root = root
        self.p = company
        self.cfg = config
        self.search = _Search(root, company, config)
        self.on_progress = on_progress
        self.t0 = time.perf_counter()
        self.ours = root.current_player == company
        self.firsts: list[_First] = []
        self.value = -INF
        self.best_pv: tuple[tuple[str, str], ...] = ()
        self.best_approx = False
        self.depths: list[DepthResult] = []
        self.whole = False  # the whole horizon has been searched
        self.root_upper = INF
        self.bar = _progress() if config.progress else None
        # Searched rivals (maxn, paranoid) need not play the policy's line, so a line found
        # under it is no floor for their model: each depth then values every first decision
        # afresh with a full window, and only the whole horizon proves the plan.
        self.modelled = config.rivals in ("maxn", "paranoid")

    def run(self) -> Plan:
        stopped = ""
        try:
            self.incumbent()
            if self.cfg.deepen:
                self.deepen()
                if self.whole and self.cfg.alternatives == "exact" and self.ours:
                    self.exact_alternatives()
            else:
                self.search.start_depth(None)
                self.whole_at_once()
        except (_Stop, KeyboardInterrupt) as exc:
            stopped = str(exc) if isinstance(exc, _Stop) else "interrupted"
        finally:
            if self.bar is not None:
                self.bar.close()
        return self.result(stopped)

    # --- the steps
    def incumbent(self) -> None:
        """Depth 0: the fixed policy's line from the root, and after each first decision."""
        s, search = self.root, self.search
        search.counting = False  # never stopped: there is always an answer
        node = search.tail(s, 0, 0, 0)
        search.counting = True
        self.value, self.best_approx = node.vec[self.p], node.approx
        self.best_pv = self.policy_line(s, 0)
        if not self.ours:
            if search.bounded(s) and s.current_player != rules.CHANCE:
                self.root_upper = search.upper_bound(s, 0)
            return
        first = self.best_pv[0][1] if self.best_pv else ""
        for rank, aid in enumerate(search.order(s, self.p)):
            child, ot, tt = search.expand(s, aid, 0, 0)
            bound, _ = search.child_bound(child, ot, tt, 0)
            if not search.bounded(child) and not search.at_horizon(child, ot):
                bound = INF  # optimistic_gain bounds the round only
            f = _First(aid, rank, bound, upper=bound)
            if str(ACTIONS[aid]) == first:
                f.lower, f.approx, f.pv = self.value, node.approx, self.best_pv
            self.firsts.append(f)
        # The tight bound for every first decision (one evaluation each), then the policy's
        # line after each, best bound first (they may be stopped by the budget).
        for f in self.firsts:
            child, ot, tt = search.expand(s, f.aid, 0, 0)
            if f.bound < INF and not search.at_horizon(child, ot) and \
                    child.current_player != rules.CHANCE and tt <= self.cfg.max_turns:
                f.bound = f.upper = min(f.bound, search.tight_bound(
                    child, search.turns_left(child, tt, 0)))
        self.update_upper()
        if not self.cfg.deepen:
            return
        for f in sorted(self.firsts, key=lambda f: (-f.bound, f.rank)):
            if f.pv:
                continue
            child, ot, tt = search.expand(s, f.aid, 0, 0)
            leaf = search.tail(child, ot, tt, 0)
            f.lower, f.approx = leaf.vec[self.p], leaf.approx
            f.pv = ((s.cfg.companies[self.p], str(ACTIONS[f.aid])),) + \
                self.policy_line(child, 0, ot, tt)
            if f.lower > self.value and not self.modelled:
                self.value, self.best_approx, self.best_pv = f.lower, f.approx, f.pv

    def suggest(self) -> None:
        """Better real lines before the deepening, from a cheap look two turns ahead.

        Our turn in progress and our next one are listed as whole turns (every distinct
        position a turn can end in, once; the greedy rivals' replies between), each end
        position rated by the greedy bot's evaluation (``kwcore.bots.evaluate``, a heuristic),
        first turns in order of their own rating. The best-rated lines, one per first turn,
        are then played on with the greedy choice to the horizon and valued exactly, like the
        incumbent: a line better than the best known becomes the plan, and each first
        decision keeps the best line found after it. The rating only picks which lines to
        value, so it is never reported and proves nothing; what it finds raises the floor of
        the deepening that follows. Measured on the 30 real positions of the benchmark: the
        best-rated line alone was worth less than the greedy line in 7 of the 25 whose two
        turns were listed in full within 60 s (the rating is a poor judge on its own), while
        the best of the best-rated lines valued exactly raised the best line known in 21 of
        30, by 259 points in all, in 0.6-4.8 s (``python benchmarks/bench_planner_real.py
        --suggestions``). At most SUGGEST_NODES positions are
        listed and SUGGEST_LINES lines valued (fewer once SUGGEST_SHARE of the time left is
        spent); only with the round as horizon and greedy rivals, at our own decision
        (scripted and searched rivals would need their own replies listed)."""
        from kwcore.bots import evaluate

        cfg, search, p = self.cfg, self.search, self.p
        if not (self.ours and cfg.suggest and cfg.horizon.kind == "round"
                and cfg.rivals == "greedy"):
            return
        limit = search.nodes + SUGGEST_NODES
        start = self.root.companies[p].reputation
        # The phase's share of the time left; the listing may take half of it.
        now = time.perf_counter()
        until = now + SUGGEST_SHARE * max(0.0, search.deadline - now)
        listed = (now + until) / 2

        def rating(s: State) -> float:
            if search.at_horizon(s, 0):
                return float(s.companies[p].reputation - start)
            return evaluate(s, p) - start

        def turn_ends(s: State, turns: int) -> list[tuple[State, tuple[int, ...], int]]:
            """Each distinct position our turn from ``s`` can end in, with one line to it."""
            seen: set[Any] = set()
            ends: dict[Any, tuple[State, tuple[int, ...], int]] = {}
            stack: list[tuple[State, tuple[int, ...]]] = [(s, ())]
            while stack and search.nodes < limit:
                here, line = stack.pop()
                if turns > cfg.max_turns:  # the search scores this position as cut
                    ends.setdefault(here.key(), (here, line, turns))
                    continue
                for aid in here.legal:
                    search.tick()
                    child, _, tt = search.expand(here, aid, 0, turns)
                    if tt > turns or search.at_horizon(child, 0) or \
                            child.current_player == rules.CHANCE:
                        ends.setdefault(child.key(), (child, line + (aid,), tt))
                    elif (key := child.key()) not in seen:
                        seen.add(key)
                        stack.append((child, line + (aid,)))
            return list(ends.values())

        def replies(s: State, turns: int) -> tuple[State, tuple[int, ...], int]:
            """The greedy rivals' decisions until our next turn (or the horizon)."""
            line: list[int] = []
            while not search.at_horizon(s, 0) and s.current_player not in (p, rules.CHANCE) \
                    and turns <= cfg.max_turns:
                aid = search.greedy(s)
                search.tick()
                line.append(aid)
                s, _, turns = search.expand(s, aid, 0, turns)
            return s, tuple(line), turns

        firsts = sorted(turn_ends(self.root, 0), key=lambda end: -rating(end[0]))
        best_lines: list[tuple[float, tuple[int, ...]]] = []
        for state, line, turns in firsts:
            if search.nodes >= limit or time.perf_counter() > listed:
                break
            best = (rating(state), line)
            after, reply, turns = replies(state, turns)
            # (a line the search cuts at max_turns is cut here too: valued as it is valued)
            if not search.at_horizon(after, 0) and after.current_player == p \
                    and turns <= cfg.max_turns:
                for end, second, _ in turn_ends(after, turns):
                    best = max(best, (rating(end), line + reply + second))
            best_lines.append(best)
        best_lines.sort(key=lambda rated: -rated[0])
        for _, line in best_lines[:SUGGEST_LINES]:
            if time.perf_counter() > until:
                break
            self.value_line(line)

    def value_line(self, line: tuple[int, ...]) -> None:
        """Play ``line`` from the root, then the fixed policy to the horizon; keep the line
        (for its first decision, and as the plan) where it beats the best known."""
        search, s, names = self.search, self.root, self.root.cfg.companies
        our_turns = turns = 0
        pv: list[tuple[str, str]] = []
        for aid in line:
            pv.append((names[s.current_player], str(ACTIONS[aid])))
            s, our_turns, turns = search.expand(s, aid, our_turns, turns)
        leaf = search.tail(s, our_turns, turns, 0)
        v = leaf.vec[self.p]
        f = next(f for f in self.firsts if f.aid == line[0])
        if v > f.lower:
            f.lower, f.approx = v, leaf.approx
            f.pv = tuple(pv) + self.policy_line(s, 0, our_turns, turns)
        if v > self.value:
            self.value, self.best_approx, self.best_pv = v, leaf.approx, f.pv

    def deepen(self) -> None:
        """Depths 1, 2, ... until one covers the whole horizon (or the budget runs out)."""
        search = self.search
        limit = self.cfg.horizon.turns if self.cfg.horizon.kind == "turns" else \
            self.cfg.max_turns + 1
        for k in range(1, limit + 1):
            if self.value >= self.root_upper - 1e-9 and not self.best_approx \
                    and not self.modelled:
                self.whole = True  # the incumbent meets the bound: nothing can be better
                return
            if not self.modelled and self.probe(k):
                return
            if k == 1:  # the whole horizon is not within reach at once: look for lines
                self.suggest()
            search.start_depth(k)
            t0, n0 = time.perf_counter(), search.nodes
            if self.bar is not None:
                self.bar.set_description(f"depth {k}")
            tail = self.search_depth(k)
            self.depths.append(DepthResult(
                k, _round(self.value), self.best_pv[0][1] if self.best_pv else "",
                not self.best_approx, not tail, search.nodes - n0,
                time.perf_counter() - t0))
            if self.on_progress is not None:
                self.on_progress(k, limit)
            if self.bar is not None:
                self.bar.update(1)
                self.bar.set_postfix_str(self.gap_text())
            if not tail:
                self.whole = True
                self.update_upper()
                return
        search.depth = None

    def probe(self, k: int) -> bool:
        """Try the whole horizon (no depth limit) with a share of the nodes spent so far:
        near the end of a round it is cheaper than the depths still to come. Whether it
        finished; an abandoned probe's table is dropped (its entries hold for no depth), but
        the first decisions it finished keep what it proved of them (full-horizon values)."""
        search = self.search
        kept = search.table
        search.start_depth(None)
        search.table = {}
        search.probe_limit = search.nodes + max(PROBE_MIN, PROBE_SHARE * search.nodes)
        t0, n0 = time.perf_counter(), search.nodes
        try:
            self.search_depth(None)
        except _ProbeSpent:
            search.table = kept
            return False
        finally:
            search.probe_limit = INF
        self.depths.append(DepthResult(
            k, _round(self.value), self.best_pv[0][1] if self.best_pv else "",
            not self.best_approx, True, search.nodes - n0, time.perf_counter() - t0))
        self.whole = True
        self.update_upper()
        return True

    def search_depth(self, k: int | None) -> bool:
        """One depth; whether any line it searched followed the policy after ``k`` turns."""
        search, p, s = self.search, self.p, self.root
        if not self.ours:  # a rival or chance decides at the root
            node = search.search(s, 0, 0, 0, -INF, INF)
            self.value, self.best_approx = node.vec[p], node.approx
            self.best_pv = principal_variation(search, s, node)
            if not node.tail:
                self.root_upper = self.value
            return node.tail
        tail = False
        if self.modelled:
            for f in self.firsts:
                f.lower = -INF  # this depth's values replace the last depth's
                tail = self.search_first(f, -INF) or tail
            best = max(self.firsts, key=lambda f: (f.lower, -f.rank))
            self.value, self.best_approx, self.best_pv = best.lower, best.approx, best.pv
            return tail
        # The likeliest first (the best line known after it) first: a stopped depth has then
        # deepened the most promising decisions.
        for f in sorted(self.firsts, key=lambda f: (-f.lower, -f.upper, f.rank)):
            if f.upper <= self.value + 1e-9:
                continue  # cannot beat the best line found
            tail = self.search_first(f, self.value) or tail
        return tail

    def search_first(self, f: _First, alpha: float) -> bool:
        """Search one first decision above ``alpha``; whether a tail lies below."""
        search, p, s = self.search, self.p, self.root
        child, ot, tt = search.expand(s, f.aid, 0, 0)
        node = search.search(child, ot, tt, 0, alpha, INF, f.upper)
        v = node.vec[p]
        if node.flag == EXACT and v > alpha:
            f.lower, f.approx = v, node.approx  # a real line worth v
            # Its line only when it may be the plan (a plain search without the table would
            # search again along the line of every first decision).
            f.pv = principal_variation(search, s, _Node(node.vec, EXACT, f.aid, node.approx)) \
                if v >= self.value - 1e-9 else ()
            if not node.tail:
                f.upper = min(f.upper, v)
            if v > self.value:
                self.value, self.best_approx, self.best_pv = v, node.approx, f.pv
        elif not node.tail:  # fail low with no tail below: an admissible bound
            f.upper = min(f.upper, v)
        self.update_upper()
        return node.tail

    def whole_at_once(self) -> None:
        """Without deepening: the whole horizon, every first decision in tempo order with a
        full window (at a rival's or chance decision, the root itself)."""
        if not self.ours:
            self.search_depth(None)
        else:
            for f in self.firsts:
                self.search_first(f, -INF)
        self.whole = True

    def exact_alternatives(self) -> None:
        """Every first decision not yet exact, searched with a full window (the proven best
        is known, so these values only fill in the "why not this?" table)."""
        self.search.start_depth(None)
        for f in sorted(self.firsts, key=lambda f: (-f.upper, f.rank)):
            if not f.proven:
                self.search_first(f, -INF)

    # --- helpers
    def update_upper(self) -> None:
        """At our own root decision, the best any first decision may be worth."""
        if self.ours:
            self.root_upper = max((f.upper for f in self.firsts), default=-INF)

    def policy_line(self, s: State, script_at: int, our_turns: int = 0, turns: int = 0
                    ) -> tuple[tuple[str, str], ...]:
        """The fixed policy's decisions from ``s`` to the horizon (stops at chance)."""
        search, names = self.search, s.cfg.companies
        line: list[tuple[str, str]] = []
        while not search.at_horizon(s, our_turns) and turns <= self.cfg.max_turns \
                and s.current_player != rules.CHANCE and len(line) < 2_000:
            aid, script_at = search.policy(s, script_at)
            line.append((names[s.current_player], str(ACTIONS[aid])))
            s, our_turns, turns = search.expand(s, aid, our_turns, turns)
        return tuple(line)

    def gap_text(self) -> str:
        return f"best {_round(self.value):g}, at most {_round(self.root_upper):g}"

    def result(self, stopped: str) -> Plan:
        search = self.search
        # Ties go to the first decision first in tempo order (as the stored puzzle answers).
        tied = [f for f in self.firsts if f.pv and abs(f.lower - self.value) < 1e-9
                and f.approx == self.best_approx]
        if tied:
            self.best_pv = min(tied, key=lambda f: f.rank).pv
        alternatives = tuple(sorted(
            (Alternative(str(ACTIONS[f.aid]), _round(f.lower), f.proven, _round(f.upper))
             for f in self.firsts), key=lambda a: -a.value))
        upper = max(self.root_upper, self.value)
        met = self.value >= upper - 1e-9 and not self.modelled
        proven = (self.whole or met) and not self.best_approx and \
            all(f.proven or f.upper <= self.value + 1e-9 for f in self.firsts)
        if proven:
            upper = self.value
        proven_turns = max((d.turns for d in self.depths if d.proven), default=0)
        return Plan(self.p, _round(self.value), proven, self.best_pv, alternatives,
                    search.nodes, time.perf_counter() - self.t0, stopped, search.cut,
                    search.sampled, self.cfg, _round(upper), tuple(self.depths), proven_turns)


def _round(v: float) -> float:
    return float(round(v)) if abs(v) < INF and abs(v - round(v)) < 1e-9 else v


def _value(node: _Node, p: int) -> float:
    v = node.vec[p]
    return float(round(v)) if abs(v - round(v)) < 1e-9 else v


def _progress() -> Any:
    from tqdm import tqdm

    return tqdm(desc="depth 0", unit="depth", leave=False, disable=None)


def principal_variation(search: _Search, root: State, first: _Node) -> tuple[tuple[str, str],
                                                                             ...]:
    """Follow the best decisions from the root to the horizon (stops at chance): the table's
    best moves, the policy where a rival follows it or the search's depth is passed."""
    pv: list[tuple[str, str]] = []
    s = root
    our_turns = turns = script_at = 0
    aid = first.best
    names = root.cfg.companies
    while aid >= 0 and len(pv) < 2_000:
        d = s.current_player
        pv.append((names[d] if d >= 0 else "chance", str(ACTIONS[aid])))
        if d >= 0 and d != search.p and search.cfg.rivals == "scripted":
            script_at += 1
        s, our_turns, turns = search.expand(s, aid, our_turns, turns)
        if search.at_horizon(s, our_turns) or turns > search.cfg.max_turns:
            break
        if s.current_player == rules.CHANCE:
            break
        d = s.current_player
        beyond = search.depth is not None and our_turns + search.in_turn > search.depth
        if beyond or (d != search.p and search.cfg.rivals in ("scripted", "greedy")):
            aid = search.policy(s, script_at)[0] if beyond else \
                search.rival_choice(s, script_at)[0]
            continue
        key = (s.key(), our_turns, turns, script_at)
        hit = search.table.get(key)
        if hit is not None and hit.best >= 0 and hit.flag == EXACT:
            aid = hit.best
            continue
        # Not in the table (evicted, or not exact): search this node again to find its move;
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


def clear_caches() -> None:
    """Empty the memo tables the planner and the tempo graph keep between solves (bound parts
    of positions already met, sales values, longest tempo paths), so a timed solve starts as
    cold as in a fresh process (benchmarks/bench_solvers.py)."""
    from solvers.kraftwagen import tempo

    for cached in (_maximal_tiles, _turn_plans, _face_up_parts, _single_face_ups, _names_of,
                   _turn_now,
                   _market_parts, _workshops_of, _team_needs, _open_achievements, _white_sum,
                   _tech_parts,
                   _buyers, _sold):
        cached.cache_clear()
    tempo.clear_caches()


__all__ = [
    "Alternative", "Horizon", "KraftwagenError", "OBJECTIVES", "Plan", "PlannerConfig",
    "PlannerError", "RIVAL_MODELS", "clear_caches", "greedy_choice", "optimistic_gain", "plan",
    "principal_variation", "replay_value", "PickTile",
]
