"""The best turn: for a drawn active pile, every decision to the end of the turn.

Which cubes to play and in which order, where each cube goes (AU-12, AU-23, RA3), each card's
choices (AU-34..AU-68), whether to pit (AU-13), and what to buy with the money left (AU-14),
maximising a stated ``Objective`` of the turn's outcome for the seat in turn, measured by the
engine at the end of the turn (once its end phase has run, AU-19):

- ``progress``: how far the car went (units of the track, RA3; ``State.scores``);
- ``wear``: the net wear cubes the seat now holds more than before (gained in the action and
  wear phases, less those a pit stop or a card removed);
- ``value``: the change of the seat's cubes (all piles) priced by a value per kind, ours
  (``buy.DEFAULT_VALUES`` by default): what it bought, less what the cards removed.

The default objective is lexicographic: progress first, then least wear, then value
(``OBJECTIVES`` has others, ``weighted`` makes one linear form). When the turn draws cubes
(Crew Chief, Performance Test, Nitro, Boost...), each outcome is weighed by its probability
(count / bag size, AU-19) and the value is the expectation of each form; the line returned stops
at the first draw ("re-solve after the draw"). A seeded position is searched with its chance made
explicit (``positions.explicit``): the solver never looks at the seed's future.

**Why a memoised search over the engine's atomic actions and not a networkx DAG.** The issue
suggests a DAG over (segment, cubes left, card state) solved as a longest path. The cards make
that awkward: Redline changes which colours a white cube may take, Fuel Injection adds a second
space to every gear, Suspension, Burnout and Diesel read the discard, Hybrid and Turbo read the
other players' piles, Transmission/Bump & Run/Overdrive read the race position, Manager and the
purple cards change the piles the money and the wear are counted from, and Crew Chief or Nitro
draw in the middle of the turn (chance, so no longest path). Rebuilding those rules for a graph
would write the rules twice. Instead the search runs the engine itself (``State.child``) over
every legal atomic action to the end of the turn, a depth-first expectimax with a transposition
table keyed by the state's data fields less its log (``canonical_key``: equal keys are equal
positions with equal futures), so every transposition is solved once. Two exact shortcuts:
the buy phase is the knapsack of ``solvers.automobiles.buy`` (a purchase changes only the value
component, AU-14/RA5: bought cubes go to the used pile, and nothing after it in the turn reads
them), and decisions of other players inside our turn (Boost's offers, AU-62) are taken as the
worst for us (they do not change our measures: any choice gives the same value). The state
count is what bounds it (``benchmarks/bench_automobiles_turn.py``: a median of about 500
positions on 100 real mid-race turns, the most 27,928, a pile with three Managers, whose every
remove-and-return choice is its own position), and a late-race turn of four players whose pile
draws cubes twice (Crew Chief) is not finished in 10 s.

**Always an answer.** Before searching, the engine's greedy bot (``automobiles.bots``) plays the
turn and it is valued by the same objective (draws weighed, others' decisions the worst for us);
the search then values the first decisions, the greedy one first. ``max_nodes`` or
``time_budget`` stop the search: the answer is then the best of the greedy turn and the first
decisions valued exactly, marked not proven (a lower bound of the best turn), never an error.
"""

from __future__ import annotations

import operator
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from automobiles import State
from automobiles.actions import TABLE, Buy, Draw, StopBuying
from automobiles.bots import GreedyBot
from automobiles.config import CUBES, WEAR
from automobiles.render import decision_words

from .buy import DEFAULT_VALUES, best_purchase, value_table
from .positions import explicit

Number = int | Fraction
#: (progress, wear, value): whole numbers, fractions where a draw made them expectations.
Components = tuple[Number, Number, Number]
COMPONENTS = ("progress", "wear", "value")


class TurnError(ValueError):
    """The position is not a turn the solver can answer (not a player's decision in a turn)."""


@dataclass(frozen=True)
class Objective:
    """A lexicographic list of linear forms over (progress, wear, value): the first form
    decides, the next breaks its ties, and so on. ``values`` prices the cubes for the value
    component (ours, default ``buy.DEFAULT_VALUES``)."""

    name: str
    forms: tuple[tuple[Number, Number, Number], ...]
    values: Mapping[int, Number] = field(default_factory=lambda: dict(DEFAULT_VALUES))

    def score(self, parts: Sequence[Number]) -> tuple[Number, ...]:
        """The objective's vector for components ``parts`` (compared as tuples)."""
        return tuple(form[0] * parts[0] + form[1] * parts[1] + form[2] * parts[2]
                     for form in self.forms)


#: The objectives by name: progress first (the default), wear first, value first.
OBJECTIVES: dict[str, Objective] = {
    "progress": Objective("progress, then least wear, then value",
                          ((1, 0, 0), (0, -1, 0), (0, 0, 1))),
    "wear": Objective("least wear, then progress, then value", ((0, -1, 0), (1, 0, 0), (0, 0, 1))),
    "value": Objective("value, then progress, then least wear", ((0, 0, 1), (1, 0, 0), (0, -1, 0))),
}


def weighted(progress: Number = 1, wear: Number = -1, value: Number = 0,
             values: Mapping[int, Number] | None = None) -> Objective:
    """One linear form: ``progress * units + wear * wear cubes + value * value`` (wear's
    weight is negative to avoid it)."""
    return Objective(f"{progress} x progress + {wear} x wear + {value} x value",
                     ((progress, wear, value),), dict(values or DEFAULT_VALUES))


@dataclass(frozen=True)
class Alternative:
    """One legal first decision and the best the turn is worth after it (``proven``), or,
    when the budget stopped the search before it was valued, what the greedy turn after it
    is worth (a lower bound, ``proven`` False)."""

    action: str
    score: tuple[Number, ...]
    parts: Components
    proven: bool = True


@dataclass(frozen=True)
class TurnPlan:
    """The solver's answer: the line (the engine's actions in order, to the end of the turn or
    to the first draw), its components and objective vector, each first decision's best, and
    what is proven."""

    seat: int
    objective: str
    actions: tuple[str, ...]
    parts: Components
    score: tuple[Number, ...]
    alternatives: tuple[Alternative, ...]
    proven: bool
    chance: bool  # the best line draws: its value is an expectation, the line stops at the draw
    nodes: int
    seconds: float
    stopped: str = ""
    expectations: bool = False  # some first decision's value in the table is an expectation
    greedy: bool = False  # the line is the greedy bot's turn (the search found nothing better)
    decisions: int = 0  # the legal first decisions (the search valued the proven alternatives)

    @property
    def best(self) -> str:
        """The first decision."""
        return self.actions[0] if self.actions else ""

    def status(self) -> str:
        """One plain sentence on what is proven."""
        if not self.proven:
            valued = sum(a.proven for a in self.alternatives)
            found = ("the greedy turn is still the best found" if self.greedy
                     else "this line is the best found")
            return (f"The greedy turn, improved until the budget ran out: not proven (the "
                    f"search stopped at {self.stopped}, {valued} of {self.decisions} first "
                    f"decisions valued; {found}).")
        if self.chance:
            return ("Proven best for this turn in expectation over the draws (the line stops at "
                    "the first draw: solve again after it).")
        if self.expectations:
            return ("Proven best for this turn (the values of first decisions that draw cubes "
                    "are expectations).")
        return "Proven best for this turn."


#: The state's data fields less its log and the seed's bookkeeping.
_KEY_FIELDS = operator.attrgetter(*(f for f in State.DATA_FIELDS
                                    if f not in ("events", "seed", "draws")))


def canonical_key(state: State) -> tuple[Any, ...]:
    """The position without its log and seed bookkeeping: equal keys, equal futures."""
    key: tuple[Any, ...] = _KEY_FIELDS(state)
    return key


def held(state: State, seat: int) -> tuple[int, ...]:
    """The cubes ``seat`` holds in all its piles, per kind (the track's are in the used pile)."""
    return tuple(map(sum, zip(state.bag[seat], state.active[seat], state.used[seat],
                              state.discard[seat], strict=True)))


def measure(before: State, after: State, seat: int,
            values: Mapping[int, Number] | None = None) -> Components:
    """The turn's components from ``before`` to ``after`` for ``seat`` (module docstring)."""
    table = value_table(values)
    old, new = held(before, seat), held(after, seat)
    progress = after.scores()[seat] - before.scores()[seat]
    wear = new[WEAR] - old[WEAR]
    value = sum(table[c] * (new[c] - old[c]) for c in range(len(CUBES)) if c != WEAR)
    return progress, wear, value


def _draw_weights(state: State) -> list[tuple[int, Fraction]]:
    """A chance node's outcomes with exact weights: a draw's colour count / bag size (AU-19,
    ``State.chance_outcomes``)."""
    if state.phase == "draw":
        bag = state.bag[state.drawing[0][0]]
        size = sum(bag)
        return [(aid, Fraction(bag[action.cube], size)) for aid in state.legal_action_ids()
                if isinstance(action := TABLE.actions[aid], Draw)]
    return [(TABLE.ids[a], Fraction(w).limit_denominator(10**6))
            for a, w in state.chance_outcomes()]


class _Stopped(Exception):
    """The node budget ran out."""


@dataclass
class _Search:
    root: State
    seat: int
    objective: Objective
    knapsack: bool = True
    max_nodes: int | None = None
    deadline: float | None = None  # time.perf_counter() to stop at
    nodes: int = 0
    drew: bool = False  # a draw was met: the values are expectations
    #: canonical key -> (best components, their score, the best move: action ids)
    memo: dict[tuple[Any, ...], tuple[Components, tuple[Number, ...], tuple[int, ...]]] = \
        field(default_factory=dict)
    purchases: dict[tuple[tuple[int, ...], int], tuple[tuple[int, ...], Number]] = \
        field(default_factory=dict)

    def __post_init__(self) -> None:
        self.values = value_table(self.objective.values)
        self.start = held(self.root, self.seat), self.root.scores()[self.seat]

    def leaf(self, s: State) -> tuple[Components, tuple[Number, ...]]:
        old, distance = self.start
        new, values = held(s, self.seat), self.values
        parts = (s.scores()[self.seat] - distance, new[WEAR] - old[WEAR],
                 sum(values[c] * (new[c] - old[c]) for c in range(len(CUBES)) if c != WEAR))
        return parts, self.objective.score(parts)

    def value(self, s: State) -> tuple[Components, tuple[Number, ...]]:
        """The best components (and their score) from ``s`` to the end of the turn."""
        if s.turn != self.root.turn or s.is_terminal():
            return self.leaf(s)
        k = canonical_key(s)
        hit = self.memo.get(k)
        if hit is not None:
            return hit[0], hit[1]
        self.nodes += 1
        if self.max_nodes is not None and self.nodes > self.max_nodes or \
                self.deadline is not None and self.nodes % 64 == 0 and \
                time.perf_counter() > self.deadline:
            raise _Stopped
        move: tuple[int, ...] = ()
        if s.is_chance_node():
            self.drew = True
            total: list[Number] = [0, 0, 0]
            for aid, p in _draw_weights(s):
                sub = self.value(s.child(aid))[0]
                total = [a + p * b for a, b in zip(total, sub, strict=True)]
            best: Components = (total[0], total[1], total[2])
            score = self.objective.score(best)
        elif self.knapsack and s.phase == "buy" and s.current_player == self.seat and all(
                isinstance(TABLE.actions[a], Buy | StopBuying) for a in s.legal_action_ids()):
            best, score, move = self.buy(s)  # only cubes to buy (no driver's power to use)
        else:
            mine = s.current_player == self.seat
            found: tuple[tuple[Number, ...], Components, int] | None = None
            for aid in s.legal_action_ids():
                sub, sub_score = self.value(s.child(aid))
                if found is None or (sub_score > found[0] if mine else sub_score < found[0]):
                    found = (sub_score, sub, aid)
            assert found is not None
            score, best, move = found[0], found[1], (found[2],)
        self.memo[k] = (best, score, move)
        return best, score

    def buy(self, s: State) -> tuple[Components, tuple[Number, ...], tuple[int, ...]]:
        """The buy phase as the knapsack (exact, see the module docstring): a purchase adds
        its value to the value component and changes nothing after it in the turn, so the
        rest is searched once, after stopping at once, and the first form weighing value
        decides between the most valuable purchase and none."""
        weight = next((form[2] for form in self.objective.forms if form[2]), 0)
        counts: tuple[int, ...] = (0,) * len(CUBES)
        worth: Number = 0
        if weight > 0:
            cached = self.purchases.get((s.stock, s.money))
            if cached is None:
                found = best_purchase(s.stock, s.money, self.values)
                cached = self.purchases[(s.stock, s.money)] = (found.counts, found.value)
            counts, worth = cached
        rest = self.value(s.child(TABLE.ids[StopBuying()]))[0]
        parts: Components = (rest[0], rest[1], rest[2] + worth)
        ids = [TABLE.ids[Buy(c)] for c, n in enumerate(counts) for _ in range(n)]
        return parts, self.objective.score(parts), (*ids, TABLE.ids[StopBuying()])

    def line(self, s: State) -> tuple[list[int], bool]:
        """The best line from ``s`` by the memo: the actions to the end of the turn, or to the
        first draw (then True). Positions off the memo (after a purchase) are searched."""
        s, out = s.clone(history=False), list[int]()
        while s.turn == self.root.turn and not s.is_terminal():
            if s.is_chance_node():
                return out, True
            hit = self.memo.get(canonical_key(s))
            if hit is None:
                self.value(s)
                hit = self.memo[canonical_key(s)]
            for aid in hit[2]:
                if s.turn != self.root.turn or s.phase != "buy" and TABLE.actions[aid] == \
                        StopBuying():
                    break  # the engine stopped buying by itself: nothing affordable was left
                s.apply_unchecked(aid)
                out.append(aid)
        return out, False


def _greedy_turn(search: _Search) -> tuple[list[int], Components, bool, bool]:
    """The engine's greedy bot's turn from the root, valued as the search values a turn:
    its line (to the end of the turn or to the first draw, then True), its components (each
    draw's outcomes weighed by their probability, another player's decision inside the turn
    the worst for us) and whether it drew. Branching only at draws and others' decisions,
    it is cheap: the answer when the budget stops the search before anything better."""
    bot = GreedyBot(0)  # its generator serves chance only, and chance is enumerated here
    memo: dict[tuple[Any, ...], tuple[Components, tuple[Number, ...], int | None]] = {}
    drew = False

    def go(s: State) -> tuple[Components, tuple[Number, ...]]:
        nonlocal drew
        if s.turn != search.root.turn or s.is_terminal():
            return search.leaf(s)
        k = canonical_key(s)
        hit = memo.get(k)
        if hit is not None:
            return hit[0], hit[1]
        move: int | None = None
        if s.is_chance_node():
            drew = True
            total: list[Number] = [0, 0, 0]
            for aid, p in _draw_weights(s):
                sub = go(s.child(aid))[0]
                total = [a + p * b for a, b in zip(total, sub, strict=True)]
            parts: Components = (total[0], total[1], total[2])
            score = search.objective.score(parts)
        elif s.current_player == search.seat:
            move = bot.choose(s)
            parts, score = go(s.child(move))
        else:  # another player's decision inside our turn: the worst for us, as the search
            found = min(((go(s.child(aid)), aid) for aid in s.legal_action_ids()),
                        key=lambda x: x[0][1])
            (parts, score), move = found
        memo[k] = (parts, score, move)
        return parts, score

    parts = go(search.root)[0]
    s, line = search.root.clone(history=False), list[int]()
    while s.turn == search.root.turn and not s.is_terminal():
        move = memo[canonical_key(s)][2]
        if move is None:
            return line, parts, True, drew
        s.apply_unchecked(move)
        line.append(move)
    return line, parts, False, drew


#: The phases whose decisions the turn solver plans: the turn of the player in turn (AU-12 to
#: AU-16: actions, placing gears, a card's effect, buying).
TURN_PHASES = frozenset({"action", "place", "card", "buy"})


def in_turn(state: State) -> bool:
    """Whether ``state`` is a decision inside the turn of the player in turn (``TURN_PHASES``),
    the decisions the turn solver plans; not the purchases before the race, a driver or a
    sponsor."""
    return state.phase in TURN_PHASES and state.current_player == state.mover


def _turn_root(state: State) -> State:
    """The position to search: a player's decision in a turn, chance made explicit."""
    if state.is_terminal():
        raise TurnError("the race is over")
    if state.is_chance_node():
        raise TurnError("chance is to draw: solve the turn after the draw")
    if not in_turn(state):
        raise TurnError(f"the turn solver answers a player's turn in the race, not this "
                        f"decision ({decision_words(state)})")
    return explicit(state) if state.seed is not None else state.clone(history=False)


def solve_turn(state: State, objective: str | Objective = "progress",
               max_nodes: int | None = None, knapsack: bool = True,
               time_budget: float | None = None) -> TurnPlan:
    """The best rest of the turn for the seat in turn (module docstring), each first decision's
    best value, and the line. ``max_nodes`` or ``time_budget`` (seconds) bound the search (then
    maybe not proven); ``knapsack=False`` searches the buy phase action by action too."""
    started = time.perf_counter()
    if isinstance(objective, str) and objective not in OBJECTIVES:
        raise TurnError(f"unknown objective {objective!r} (known: {', '.join(OBJECTIVES)})")
    goal = OBJECTIVES[objective] if isinstance(objective, str) else objective
    root = _turn_root(state)
    deadline = None if time_budget is None else started + time_budget
    search = _Search(root, root.mover, goal, knapsack, max_nodes, deadline)
    # Always an answer: the greedy turn first, valued by the same objective, then the search
    # improves on it, the greedy first decision searched first so that a stopped search has
    # most likely valued it exactly (never less than the greedy turn after it).
    greedy_line, greedy_parts, greedy_draws, greedy_drew = _greedy_turn(search)
    legal = list(root.legal_action_ids())
    legal.sort(key=lambda aid: aid != greedy_line[0])
    alternatives, stopped = [], ""
    try:
        for aid in legal:
            parts = search.value(root.child(aid))[0]
            alternatives.append(Alternative(str(TABLE.actions[aid]), goal.score(parts), parts))
    except _Stopped:
        stopped = f"{max_nodes} nodes" if max_nodes is not None and search.nodes > max_nodes \
            else f"{time_budget:g} s"
    greedy_first = str(TABLE.actions[greedy_line[0]])
    if all(a.action != greedy_first for a in alternatives):
        alternatives.append(Alternative(greedy_first, goal.score(greedy_parts), greedy_parts,
                                        proven=False))
    ranked = sorted(alternatives, key=lambda a: a.score, reverse=True)
    drew = search.drew or greedy_drew
    if not ranked[0].proven:  # nothing valued beats the greedy turn: it is the answer
        return TurnPlan(root.mover, goal.name, tuple(str(TABLE.actions[a]) for a in greedy_line),
                        greedy_parts, goal.score(greedy_parts), tuple(ranked), False,
                        greedy_draws, search.nodes, time.perf_counter() - started, stopped,
                        drew, greedy=True, decisions=len(legal))
    first = next(aid for aid in legal if str(TABLE.actions[aid]) == ranked[0].action)
    search.max_nodes = search.deadline = None  # the best was valued: its line is in the memo
    rest, stops_at_draw = search.line(root.child(first))
    return TurnPlan(root.mover, goal.name, tuple(str(TABLE.actions[a]) for a in [first, *rest]),
                    ranked[0].parts, ranked[0].score, tuple(ranked), not stopped,
                    stops_at_draw, search.nodes, time.perf_counter() - started, stopped,
                    drew, decisions=len(legal))


def brute_force(state: State, objective: str | Objective = "progress",
                max_positions: int | None = None) -> Components | None:
    """The tests' oracle: the best components over every legal action sequence to the end of
    the turn through ``State.child`` (the buy phase cube by cube too), chance weighed by the
    engine's ``chance_outcomes``; identical positions merged (a transposition table). None
    when more than ``max_positions`` positions would be needed."""
    goal = OBJECTIVES[objective] if isinstance(objective, str) else objective
    root = _turn_root(state)
    memo: dict[tuple[Any, ...], Components] = {}

    def go(s: State) -> Components:
        if s.turn != root.turn or s.is_terminal():
            return measure(root, s, root.mover, goal.values)
        k = canonical_key(s)
        if k in memo:
            return memo[k]
        if max_positions is not None and len(memo) >= max_positions:
            raise _Stopped
        if s.is_chance_node():
            total: list[Number] = [0, 0, 0]
            for action, w in s.chance_outcomes():
                sub = go(s.child(action))
                p = Fraction(w).limit_denominator(1000)
                total = [a + p * b for a, b in zip(total, sub, strict=True)]
            out: Components = (total[0], total[1], total[2])
        else:
            subs = [go(s.child(aid)) for aid in s.legal_action_ids()]
            pick = max if s.current_player == root.mover else min
            out = pick(subs, key=goal.score)
        memo[k] = out
        return out

    try:
        return go(root)
    except _Stopped:
        return None


__all__ = ["COMPONENTS", "OBJECTIVES", "Alternative", "Objective", "TurnError", "TurnPlan",
           "brute_force", "canonical_key", "held", "measure", "solve_turn", "weighted"]
