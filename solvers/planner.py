"""Turn planner: the best plan for a company over a horizon, by exact search.

Covers issue "Solvers", part "Turn planner". Input: a kwcore position, the company to optimise, a
horizon (the end of the current round; the company's next N turns; the end of the game), an
objective (reputation gained, the round's scoring included; or the margin over the best rival)
and a model of the rivals (``scripted`` decisions given in advance; ``greedy``, the core's
one-ply bot; ``maxn``, each rival maximising its own reputation; ``paranoid``, rivals minimising
ours, which for 2 companies is exact minimax). Output: a ``Plan`` with the value, the principal
variation as complete decisions, a "why not this?" table of every legal first decision, nodes,
time, and whether the value is proven or only a bound reached under a budget.

The search is a depth-first search with a transposition table over ``State.key()``, move
ordering from the chain's tempo graph (``solvers.tempo``), and branch-and-bound with an admissible
upper bound on what the company can still gain in the round (``optimistic_gain``); paranoid search
uses alpha-beta. Within a round the game is deterministic and of perfect information: reveals
happen only in the preparation phase. The planner searches a copy of the position with explicit
chance, so it never peeks at the seeded future; at a chance node it takes the exact expectation
when the node has few outcomes, else the mean over ``samples`` seeded samples (stated in the plan).

A round can in principle go on for ever (nobody is forced to attract a buyer or place a car), so
the search stops a line after ``max_turns`` turns from the root and scores it as if the round
ended there; a plan that met such a cut is reported as not proven.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from kwcore import rules
from kwcore.actions import ACTIONS, PickTile
from kwcore.config import BENEFITS, INVESTORS, PRICE, lap_points
from kwcore.errors import KraftwagenError
from kwcore.state import State

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
    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.cfg.node_budget:
            raise _Stop("node budget")
        if self.nodes & 1023 == 0 and time.perf_counter() > self.deadline:
            raise _Stop("time budget")

    def search(self, s: State, our_turns: int, turns: int, script_at: int,
               alpha: float, beta: float) -> _Node:
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
            node = self.choose(s, d, our_turns, turns, script_at, alpha, beta)
        if key is not None:
            self.table[key] = node
        return node

    def step(self, s: State, aid: int, our_turns: int, turns: int, script_at: int,
             alpha: float, beta: float) -> _Node:
        child = s.child(aid)
        new = child.events[len(s.events):]
        for e in new:
            if e[0] == "turn":
                turns += 1
                if e[1] == self.p:
                    our_turns += 1
        return self.search(child, our_turns, turns, script_at, alpha, beta)

    def choose(self, s: State, d: int, our_turns: int, turns: int, script_at: int,
               alpha: float, beta: float) -> _Node:
        """A decision: ours (max), a maxn rival (its own max) or a paranoid rival (min).

        Fail-soft: the value is exact inside (alpha, beta); at or below alpha it is an upper
        bound, at or above beta a lower bound (beta is finite only in paranoid search).
        """
        p = self.p
        if d != p and self.cfg.rivals == "maxn":
            return self.maxn(s, d, our_turns, turns, script_at)
        minimise = d != p  # a paranoid rival
        if not minimise and self.cfg.use_bounds and self.bounded(s):
            ub = self.upper_bound(s, turns)
            if ub <= alpha:
                return _Node(self.bound_vec(ub), UPPER, -1, False)
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

    def upper_bound(self, s: State, turns: int) -> float:
        """An admissible bound on the objective at the end of the round (see optimistic_gain)."""
        from solvers.tempo import own_turns_within

        p = self.p
        left = max(0, self.cfg.max_turns - turns)
        gain = optimistic_gain(s, p, 1 + own_turns_within(s, p, left))
        rep = s.companies[p].reputation + gain
        if self.cfg.objective == "gain":
            return rep - self.start[p]
        rivals = [c.reputation for i, c in enumerate(s.companies) if i != p]
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


def optimistic_gain(s: State, p: int, turns_left: int) -> float:
    """An upper bound on the reputation company ``p`` can still gain before the round ends,
    when it has at most ``turns_left`` turns (the current one included).

    The sum of: every open achievement; every white marker; Grand Prix first place and the lap
    points of a car that, on each of its turns, makes every move its tile could give at the
    best engine, a full team and Chevrolet, skipping every other car; the sales of its cars, at
    most one per buyer that can still buy (active spaces, Buick's, the investors on the track
    or held) and one per car it has or can still place plus one per investment token, each at
    the highest price on its cars or the chart, price buyers paying triple with Brayton (within
    reach) and double otherwise, plus the biggest Packard bonus in play; and a benefit sale per
    turn while such a benefit lies face up. Loose, but never below the truth, so pruning with
    it keeps the answer exact (tests/test_planner.py checks it against exhaustive search).
    """
    cfg = s.cfg
    c = s.companies[p]
    ach = sum(a.points for a, o in zip(cfg.achievements, s.achievements, strict=True) if o < 0)
    whites = sum(sum(w) for w in s.whites)
    race = cfg.place_points[0] + lap_points(cfg, rules.laps_of(
        cfg.circuit_length, c.progress + _max_drive(s) * turns_left))
    # Sales.
    own = [car for car in s.market if car is not None and car.owner == p]
    prices = list(s.chart) + [car.price for car in own]
    top = max(prices, default=0)
    face_up_investors = len(s.face_up[INVESTORS])
    held_investors = sum(len(o.investors) for o in s.companies) + face_up_investors
    buick = 1 if s.buick >= 0 or any("buyer5" in o.tech for o in s.companies) else 0
    investors = min(cfg.investor_spaces, len(s.investor_track) + held_investors)
    buyers = cfg.active_spaces + buick + investors
    swaps = any((cfg.recruit[r].effect or ("", 0))[0] == "swap_buyer" for r in s.face_up[BENEFITS])
    if swaps:  # a buyer swap can turn any active buyer into a price buyer
        price_buyers = cfg.active_spaces + buick
    else:
        price_buyers = sum(1 for b in s.active if b == PRICE or b < 0) + buick
    cars = len(own) + turns_left  # one car per market step
    tokens = sum(1 for car in own if car.invested) + len(c.investors)
    tokens += min(turns_left, face_up_investors)
    sales_count = min(buyers, cars + tokens)
    brayton = rules.has_engineer(s, p, "Brayton") or any(
        s.cfg.recruit[r].name == "Brayton" for r in s.face_up[0])
    packard = max([*s.packard, *(int(m[-1]) for m in c.tech if m.startswith("buyer+"))],
                  default=0)
    doubled = min(sales_count, price_buyers)
    sales = doubled * (top * (3 if brayton else 2) + packard)
    sales += (sales_count - doubled) * (top + packard)
    # Immediate-benefit sales: only tiles face up now (reveals come between rounds).
    sells = [r for cat in s.face_up for r in cat
             if (cfg.recruit[r].effect or ("", 0))[0] == "sell_car"]
    benefit = sum(sorted((cfg.recruit[r].effect or ("", 0))[1] for r in sells)[
        -min(len(sells), turns_left):]) if sells else 0
    return float(ach + whites + race + sales + benefit)


def _max_drive(s: State) -> int:
    """The most spaces a car can advance in one turn: every move the richest tile allows."""
    cfg = s.cfg
    others = s.players - 1 + len(cfg.neutral_cars)
    grand_prix = cfg.tile_max + len(cfg.team_spaces) + 1  # engine, full team, Chevrolet
    recruit = max([3] + [(r.effect[1] + 1) for r in cfg.recruit
                         if r.effect and r.effect[0] == "move"])
    best = 0
    for t in cfg.tiles:
        counted = t.actions.count("grandprix") * grand_prix + t.actions.count("recruit") * recruit
        moves = t.actions.count("grandprix") + t.actions.count("recruit")
        laps_touched = counted // max(1, cfg.circuit_length - others) + 1
        best = max(best, counted + others * laps_touched * max(moves, 1))
    return best


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
