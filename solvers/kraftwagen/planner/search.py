"""The exact search of the turn planner: ``_Search``, one depth-first, best-bound-first search
of a position for one company, with its transposition table and its rival models.

The search is a depth-first search with a transposition table over ``State.key()`` (entries
``_Node``, flagged exact, upper or lower bound, so cut nodes are reused; the memo tables are
capped, the oldest half of the fullest dropped), move ordering from the chain's tempo graph
(``solvers.kraftwagen.tempo``), and branch-and-bound with the admissible upper bound of
``bounds`` on what the company can still gain in the round: at our own decisions every child is
bounded first and searched best bound first, and the children whose bound cannot beat the best
value found are never searched. The bound is computed lazily (the quick form for every child,
the tight one only for a child that reaches the head of the queue), and a decision stops as
soon as the best value found meets its own bound. Two cheaper tests cut most choices before
they are played: a tile pick is bounded from the position itself (``pick_bound``; RULINGS K1,
K2, K5), and our Recruit choice by a bound that weighs what the one action takes
(``recruit_bound``; K12). The bound counts our turns from the tempo graph (or, when a scripted
rival's next pick is known to end the round, only the run of turns we keep before it: K1, K3,
K4, K18, K20); with the margin objective a rival keeps the lap points its car has earned (K22).
Paranoid search uses alpha-beta; maxn rivals each maximise their own objective; scripted and
greedy rivals (``greedy_choice``, the core's one-ply bot with ties to the lowest id) play one
move. At a chance node the search takes the exact expectation when the node has few
outcomes, else the mean over ``samples`` seeded samples.

Past a depth limit (set by ``deepening``) every company follows its fixed policy, a "tail"
valued by playing it out (the greedy choice hands on the child it played to choose, so each
step of a tail plays one action once); a line is cut after ``max_turns`` turns and scored as if
the round ended there.
"""

from __future__ import annotations

import heapq
import itertools
import random
import time
from dataclasses import dataclass, field
from typing import Any

from kwcore import rules
from kwcore.actions import ACTIONS, PickTile, action_from_text
from kwcore.config import lap_points
from kwcore.errors import KraftwagenError
from kwcore.events import Turn
from kwcore.state import State

from .bounds import _kinds_of, _Position
from .config import CLOCK_MASK, ENTRY_BYTES, INF, TIGHT_GAP, PlannerConfig, PlannerError


class _Stop(Exception):
    """Raised inside the search when a budget runs out or the user interrupts."""


class _ProbeSpent(Exception):
    """Raised inside a probe of the whole horizon when its own node share is spent."""


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
        # The clock the budget is measured on (PlannerConfig.clock), shared with deepening.
        self.clock = time.process_time if config.clock == "cpu" else time.perf_counter
        self.deadline = self.clock() + config.time_budget
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
        self.probe_deadline: float = INF  # the clock's time at which a probe gives up
        self.next_check = CLOCK_MASK + 1  # the node count at which the clock is read next

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
        return self.greedy_child(s, s.key())[0]

    def greedy_child(self, s: State, key: Any) -> tuple[int, State | None]:
        """``greedy`` of ``s`` (whose ``State.key()`` is ``key``), with the child it leads to
        when the choice was worked out here (None when it was remembered): the choice plays
        every child, so the one chosen need not be played again."""
        aid = self.greedy_ids.get(key)
        if aid is not None:
            return aid, None
        if len(self.table) + len(self.tails) + len(self.greedy_ids) >= self.cap:
            self.evict()
        aid, child = _greedy_step(s)
        self.greedy_ids[key] = aid
        return aid, child

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
            skey = s.key()
            key = (skey, our_turns, turns, script_at)
            hit = self.tails.get(key)
            if hit is not None:
                vec, approx = hit
                break
            path.append(key)
            if s.current_player == rules.CHANCE:
                # Each outcome is followed by the policy too: a search below it would choose
                # freely (with no depth set, as for the incumbent, over the whole horizon)
                # and would count nodes even while the incumbent must not be stopped.
                node = self.chance(s, our_turns, turns, script_at, follow=True)
                vec, approx = node.vec, node.approx
                break
            if self.counting:
                self.tick()
            if s.current_player != self.p and self.cfg.rivals == "scripted":
                aid, script_at = self.rival_choice(s, script_at)
                child = None
            else:  # the greedy choice, and its child when it was played to choose it
                aid, child = self.greedy_child(s, skey)
            if child is None:
                s, our_turns, turns = self.expand(s, aid, our_turns, turns)
            else:
                s, our_turns, turns = child, *self.counted(s, child, our_turns, turns)
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
        if self.nodes >= self.next_check:  # (a tick may count many nodes at once)
            self.next_check = self.nodes + CLOCK_MASK + 1
            now = self.clock()
            if now > self.deadline:
                raise _Stop("time budget")
            if now > self.probe_deadline:
                raise _ProbeSpent

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
        return child, *self.counted(s, child, our_turns, turns)

    def counted(self, s: State, child: State, our_turns: int, turns: int) -> tuple[int, int]:
        """The turn counters at ``child`` of ``s``: the turns begun between them."""
        for e in child.events[len(s.events):]:
            if isinstance(e, Turn):
                turns += 1
                if e.company == self.p:
                    our_turns += 1
        return our_turns, turns

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
        searched with a bound no higher than ``ub``. In a search to a depth, a child whose quick
        bound lies more than TIGHT_GAP above ``alpha`` is searched on its quick bound (the
        tight one could not cut it; it would only order). At a tile pick, a tile whose bound
        worked out from this position (``pick_bound``) already falls to ``alpha`` is not even
        played (most are)."""
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
            if how is not None and stage == 1 and (self.depth is None
                                                   or bound - alpha <= TIGHT_GAP):
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

    def chance(self, s: State, our_turns: int, turns: int, script_at: int,
               follow: bool = False) -> _Node:
        """Exact expectation over few outcomes, else the mean of seeded samples; with
        ``follow``, each outcome is valued by the fixed policy's tail, not searched."""
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
            if follow:
                child, ot, tt = self.expand(s, aid, our_turns, turns)
                node = self.tail(child, ot, tt, script_at)
            else:
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
    return _greedy_step(state)[0]


def _greedy_step(state: State) -> tuple[int, State | None]:
    """``greedy_choice`` and the child it leads to (None when there is one legal action: no
    child was played). ``evaluate`` copies a child only where it must change it, so the
    child chosen is left as the rules made it."""
    from kwcore.bots import evaluate

    ids = state.legal
    if len(ids) == 1:
        return ids[0], None
    p = state.current_player
    best, best_v, best_child = ids[0], -INF, None
    for aid in ids:
        child = state.child(aid)
        v = evaluate(child, p)
        if v > best_v + 1e-9:
            best, best_v, best_child = aid, v, child
    return best, best_child
