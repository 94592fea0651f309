"""The turn planner's entry point ``plan`` and its anytime driver ``_Deepening``, which always
answers: the incumbent (every company follows its fixed policy to the horizon), a suggestion
phase, iterative deepening over our own turns, and exact alternatives once the plan is proven.

Before the deepening over our turns (see ``plan``), a suggestion phase lists our next two turns
whole and values exactly the lines whose end positions the greedy bot's evaluation rates best
(``_Deepening.suggest``): a heuristic that only chooses which real lines to value first. Each
depth is one search of ``search._Search`` under the best value found so far; a probe of the
whole horizon comes before each depth, with a share of the nodes spent, until one gives up
before finishing any first decision.

Within a round the game is deterministic and of perfect information: reveals happen only in the
preparation phase. The planner searches a copy of the position with explicit chance, so it
never peeks at the seeded future. The turns counted are the chain's (RULINGS K1): the turn in
progress at the root is our first.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from kwcore import rules
from kwcore.actions import ACTIONS
from kwcore.state import State

from .config import (
    FRAMES_PER_TURN,
    INF,
    PROBE_MIN,
    PROBE_MIN_TIME,
    PROBE_SHARE,
    SUGGEST_LINES,
    SUGGEST_MIN_TIME,
    SUGGEST_NODES,
    SUGGEST_SHARE,
    PlannerConfig,
    PlannerError,
)
from .lines import principal_variation
from .result import Alternative, DepthResult, Plan
from .search import EXACT, _Node, _ProbeSpent, _Search, _Stop


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
        self.t0 = self.search.clock()
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
        # First decisions a probe of the whole horizon finished (see probe), and whether a
        # probe gave up before finishing any: then no later probe is tried.
        self.probe_finished = 0
        self.probe_hopeless = False

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
        node = self.policy_value()
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

    def policy_value(self) -> _Node:
        """The fixed policy's line from the root as the best plan known: never stopped by the
        budget (it counts no node), so every answer has a real line's finite value."""
        search = self.search
        search.counting = False
        try:
            node = search.tail(self.root, 0, 0, 0)
        finally:
            search.counting = True
        self.value, self.best_approx = node.vec[self.p], node.approx
        self.best_pv = self.policy_line(self.root, 0)
        return node

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
        --suggestions``). At most SUGGEST_NODES positions are listed and SUGGEST_LINES lines
        valued (fewer once SUGGEST_SHARE of the time left, or SUGGEST_MIN_TIME seconds if
        more but at most half of it, is spent); only with the round as horizon and greedy
        rivals, at our own decision (scripted and searched rivals would need their own
        replies listed)."""
        from kwcore.bots import evaluate

        cfg, search, p = self.cfg, self.search, self.p
        if not (self.ours and cfg.suggest and cfg.horizon.kind == "round"
                and cfg.rivals == "greedy"):
            return
        limit = search.nodes + SUGGEST_NODES
        start = self.root.companies[p].reputation
        # The phase's share of the time left; the listing may take half of it.
        now = self.search.clock()
        left = max(0.0, search.deadline - now)
        until = now + max(SUGGEST_SHARE * left, min(SUGGEST_MIN_TIME, left / 2))
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
            if search.nodes >= limit or self.search.clock() > listed:
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
            if self.search.clock() > until:
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
            t0, n0 = self.search.clock(), search.nodes
            if self.bar is not None:
                self.bar.set_description(f"depth {k}")
            tail = self.search_depth(k)
            self.depths.append(DepthResult(
                k, _round(self.value), self.best_pv[0][1] if self.best_pv else "",
                not self.best_approx, not tail, search.nodes - n0,
                self.search.clock() - t0))
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
        the first decisions it finished keep what it proved of them (full-horizon values).

        Once a probe gives up before finishing even one first decision (the likeliest comes
        first), no later probe is tried: the next would get about twice its share, far too
        little where one first decision already needs more (mid-round, where the bound is
        loose), and on real positions it then took a sixth to a quarter of the budget for
        nothing, often the very end of it, which the next depth would have used to find
        lines. Nothing proven depends on it: a depth that meets no tail is the whole horizon
        too."""
        if self.probe_hopeless:
            return False
        search = self.search
        kept = search.table
        search.start_depth(None)
        search.table = {}
        search.probe_limit = search.nodes + max(PROBE_MIN, PROBE_SHARE * search.nodes)
        now = search.clock()
        search.probe_deadline = now + max(PROBE_MIN_TIME * self.cfg.time_budget,
                                          PROBE_SHARE * (now - self.t0))
        t0, n0 = self.search.clock(), search.nodes
        self.probe_finished = 0
        try:
            self.search_depth(None)
        except _ProbeSpent:
            search.table = kept
            self.probe_hopeless = self.probe_finished == 0
            return False
        finally:
            search.probe_limit = search.probe_deadline = INF
        self.depths.append(DepthResult(
            k, _round(self.value), self.best_pv[0][1] if self.best_pv else "",
            not self.best_approx, True, search.nodes - n0, self.search.clock() - t0))
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
        self.probe_finished += 1
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
        if self.value == -INF:  # interrupted before the incumbent: the policy's line
            self.policy_value()
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
        # A line cut at max_turns is scored as if the round ended there (a caveat of the
        # answer, not an estimate): once the whole horizon so cut is searched, the values and
        # bounds are exact for it, and a plan that meets them is proven. A sampled chance
        # node gives an estimate, which proves nothing.
        exact = not self.best_approx or (self.whole and not search.sampled)
        proven = (self.whole or met) and exact and \
            all(f.proven or f.upper <= self.value + 1e-9 for f in self.firsts)
        if proven:
            upper = self.value
        proven_turns = max((d.turns for d in self.depths if d.proven), default=0)
        return Plan(self.p, _round(self.value), proven, self.best_pv, alternatives,
                    search.nodes, self.search.clock() - self.t0, stopped, search.cut,
                    search.sampled, self.cfg, _round(upper), tuple(self.depths), proven_turns)


def _round(v: float) -> float:
    return float(round(v)) if abs(v) < INF and abs(v - round(v)) < 1e-9 else v


def _progress() -> Any:
    from tqdm import tqdm

    return tqdm(desc="depth 0", unit="depth", leave=False, disable=None)
