"""Race search: the value of every decision for the rest of a Formel 1 race, in prize money.

Input: a position in a race (``phase == "race"``), the
player to plan for (default: the one to decide) and a model of the rivals:

- ``maxn``: every player maximises his own prize money for the race; a player indifferent
  between decisions takes the one with the lowest action id (a stated rule: max^n needs one,
  and the brute force in the tests uses the same);
- ``paranoid``: every other player minimises ours (a two-sided zero-sum game: alpha-beta);
- ``scripted``: the rivals' decisions are given: a sequence of action texts, the rivals' k-th
  decision the k-th text, then the Formel 1 greedy bot (``formel1.bots.GreedyBot``); or a
  function from state to action id.

With every hand known (an open-hand endgame: ``solve``) the search is exact. Output: a
``RacePlan`` with the value (the prize money the player wins in this race, cars already
finished included, in $1K), the principal line to the end of the race, and a "why not this?"
table: every legal decision (card, end cell, white number, switch target) with its value and
the line that refutes it. The race has no chance (F1-05: all cards are dealt before it), so a
line is replayed exactly by ``replay_prizes``.

The search is depth-first with a transposition table over a canonical key: the state's data
fields less what cannot change the rest of the race (the log, the seed, the money outside the
no-car variant, the constant setup fields) and with the prize chart reduced to the number of
cars finished, since the table stores what is still to be won. For max^n and paranoid the key
is smaller still: without a variant the fields only a variant changes (``VARIANT_FIELDS``) keep
their value for the whole race and are left out, and the number of cars finished is read from
``pos`` (their FINISHED cells). Bounds: the prize money still
to win is at most the next places of the chart for the cars that can still reach the line
(the movement left in all hands bounds how far a car can go; a switch card counts as
unbounded), at least nothing; paranoid search is alpha-beta with those bounds and move
ordering by the greedy bot's evaluation (``formel1.bots.evaluate``); max^n and scripted stop at
a decision once its mover reaches his bound (max^n scans in id order, so the tie rule holds).

Max^n also prunes as Korf's shallow pruning does (``Need``), which the bounded prize money
allows: every player's money still to win is at least nothing, at most his bound, and all of
it together at most the chart's next places for every car that may still reach the line. A
player takes a later decision only if it is strictly better for him (the tie rule, as the
decisions are scanned in id order), so a child is of no use to him (SKIP) once his own bound
there is no more than his best so far, and a chain of another player's decisions below him is
of no use (CUT) once that player's best in the chain leaves the parent's player, out of the
bounded total, no more than his best so far. Neither changes a value: the decision that would
have been taken without them is still taken, and only exact vectors enter the table (a cut
node stores nothing). The tests check every value against brute force, on chosen positions and
on random ones, and that every vector the search returns is its position's own. Measured on
30 endgames of at most 4 cards a hand (docs/formel1_solver.md), the cuts save 9% of the nodes:
the bounds are loose there (every car can still reach the line), so the tree is essentially
the full max^n tree less its transpositions.

A node and a time budget stop the search (wall seconds, or CPU seconds with
``RaceConfig.cpu_clock``): the plan is then the best first decision solved so
far (or, if none is, the first in the greedy order) with its value as a lower bound and an upper
bound on what any decision is worth, status ``"bound"``; never nothing while a move is legal.

Depth: the search recurses once per decision, and a race need not be short: in the no-car
variant cards change hands for money, and a card can go round the table again and again. Lines
are therefore cut ``RaceConfig.max_depth`` decisions below the root: a position there is a
frontier worth the search's trivial lower bound (no further prize money), the answer is then
status ``"bound"`` with ``depth_cut`` set and its values are estimates, not proofs. Python's
recursion limit is raised for the search to what that depth needs (3.11 and later recurse in
Python without the C stack), so no line reaches it.

With hidden hands (``estimate``): determinized sampling. The cards the player has not seen are
the other hands and the removed cards together (the deck less his hand, the cards played, the
discards and the Starter); ``determinize`` deals them uniformly at random (a uniform shuffle of
the physical cards) into hands of the observed sizes and the removed pile, each deal is solved,
and each decision is reported with its mean and a 95% confidence interval: an estimate. The
sampling ignores what the rivals' past plays reveal of their hands, and solving each deal with
open hands credits every player with knowledge he lacks (the strategy-fusion bias of
determinization); the interval covers sampling error only.

State explosion: the number of positions grows with the cards left and the cars on the track
(a brute force of 8 cards with five cars racing passes 3,000,000 nodes); the table holds at
most ``RaceConfig.table_entries`` entries and is emptied when full.
"""

from __future__ import annotations

import gc
import json
import math
import operator
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any, NamedTuple

import formel1
from formel1 import ACTIONS, State, config_for
from formel1.bots import GreedyBot, evaluate

RIVAL_MODELS = ("maxn", "paranoid", "scripted")
PRIZES = config_for(2).prizes
INF = math.inf
#: The data fields that cannot change the rest of the race: the log, the chance seed (no
#: chance in a race), the setup of the race; ``finished`` is replaced by its length and
#: ``money`` kept only in the no-car variant (where bargains are limited by cash).
IGNORED_FIELDS = frozenset({"events", "seed", "draws", "players", "races", "variants", "track",
                            "race", "dealer", "revealed", "queue", "owner", "removed",
                            "starter", "offer", "reoffered", "high_bid", "high_bidder", "out",
                            "finished", "money"})
#: The fields only a variant can change in a race: the laps (two-lap forms), the discard piles
#: (F1-40) and the no-car variant's bargains and cash (F1-39). Without a variant they keep
#: their value for the whole race, so the max^n and paranoid key leaves them out.
VARIANT_FIELDS = frozenset({"laps", "discards", "picked_up", "offers", "proposal", "promised",
                            "withheld", "money"})
#: Fields no rule of the race reads (the phase is "race" at every keyed position, and the
#: count of finished cars is the count of FINISHED cells in ``pos``): left out of that key too.
UNREAD_FIELDS = frozenset({"phase", "log_cut"})
EXACT, LOWER, UPPER = 0, 1, 2
#: Python frames per decision of a line (the model's entry and its body) and beside it (the
#: root, the progress bar, the command line): what the recursion limit must leave room for.
FRAMES_PER_DECISION, FRAMES_AROUND = 2, 200
#: z for a two-sided 95% interval (normal approximation of the sample mean).
Z95 = statistics.NormalDist().inv_cdf(0.975)

Line = tuple[tuple[str, str], ...]
Policy = Callable[[State], int]
#: What max^n returns: the vector of what is still to win and the decision, or a marker.
Result = tuple[tuple[int, ...], int]
#: A max^n result the caller cannot use (shallow pruning): the decision here is no better for
#: the parent's mover (SKIP), or the chain of one player's decisions it belongs to is no better
#: for the player who decided before that chain (CUT).
SKIP: Result = ((), -2)
CUT: Result = ((), -3)
#: Entries of the memo of prize bounds before it is emptied (about 200 bytes each).
BOUND_MEMO_ENTRIES = 200_000


class Need(NamedTuple):
    """What a max^n node must be able to reach for its caller to use its vector (Korf's
    shallow pruning, in the node's own terms: the money still to win from it).

    ``own``: the parent decides here too, and uses the node only if his value is strictly
    above ``own`` (None: anything will do). ``who`` (-1: none): the player who decided before
    the chain of the mover's decisions this node belongs to; he uses the chain only if his
    value is strictly above ``other``. Every value is at least 0 (no prize is taken back) and
    the values of the chain's first node sum to at most ``cap``; the mover's value there is at
    least ``floor`` (his best found in the chain), so ``who`` gets at most ``cap - floor``; at
    the chain's first node (``head``) also at most his bound there."""

    own: int | None
    who: int
    other: int
    cap: int
    floor: int
    head: bool


#: No need: a child whose vector the caller uses whatever it is (a first decision of a chain).
NO_NEED = Need(None, -1, 0, 0, 0, False)
#: A position's copy without its undo history, and the rules' unchecked apply: what
#: ``State.child`` does, called directly in the search's inner loop (Formel 1's state is all
#: immutable parts, so the slot copy is the whole clone: ``formel1.state``).
_copy_state = State._copy_slots
_apply_id = State.RULES.apply_id
_current_player = State.RULES.current_player


class RaceSearchError(ValueError):
    """The request cannot be answered (not in a race, bad player, bad settings)."""


class _Stop(Exception):
    """Raised inside the search when a budget runs out."""


@dataclass(frozen=True)
class RaceConfig:
    """How to search: the rival model, the budgets, the parts of the search switched on."""

    rivals: str = "maxn"
    script: tuple[str, ...] | Policy | None = None  # scripted rivals (module docstring)
    node_budget: int = 2_000_000
    time_budget: float = 60.0
    use_table: bool = True
    use_bounds: bool = True
    use_ordering: bool = True
    table_entries: int = 1_500_000
    samples: int = 30  # deals sampled by ``estimate``
    seed: int = 0  # the sampler's seed
    lines: bool = True  # find each decision's line (False: values only, the first move shown)
    max_depth: int = 1_000  # decisions below the root before a line is cut (module docstring)
    cpu_clock: bool = False  # the time budget in CPU seconds (time.process_time), not wall
    shallow: bool = True  # max^n's shallow cuts (``Need``; with the bounds only)

    def check(self) -> None:
        """Raise RaceSearchError for settings that make no sense."""
        if self.rivals not in RIVAL_MODELS:
            raise RaceSearchError(f"rivals must be one of {', '.join(RIVAL_MODELS)}, not "
                                  f"{self.rivals!r}")
        if self.node_budget < 1:
            raise RaceSearchError("the node budget must be at least 1")
        if not self.time_budget > 0:
            raise RaceSearchError("the time budget must be a positive number of seconds")
        if self.samples < 2:
            raise RaceSearchError("an estimate needs at least 2 samples")
        if isinstance(self.max_depth, bool) or not isinstance(self.max_depth, int) \
                or self.max_depth < 1:
            raise RaceSearchError("the depth cut must be a whole number of decisions >= 1")
        if self.script is not None and self.rivals != "scripted":
            raise RaceSearchError("a script is given only with rivals 'scripted'")


@dataclass(frozen=True)
class Alternative:
    """One legal first decision: its value (exact when proven; else a lower bound), an upper
    bound, and the line after it (the best play of everyone as modelled: what refutes it)."""

    action: str
    value: float
    upper: float
    proven: bool
    line: Line = ()


@dataclass(frozen=True)
class RacePlan:
    """The race search's answer for ``player`` (values in $1K of prize money this race)."""

    player: int
    rivals: str
    value: float  # the plan's value: exact when proven, else a lower bound
    upper: float  # no decision is worth more (equal to value when proven)
    status: str  # "proven" or "bound"
    line: Line  # the principal line: (who, action) to the end of the race
    alternatives: tuple[Alternative, ...]
    prizes: tuple[int, ...]  # every player's prize money on the principal line
    nodes: int
    seconds: float
    stopped: str = ""  # why the search stopped early
    search_seconds: float = 0.0  # to the values of the first decisions (lines found after)
    depth_cut: int = 0  # the depth where lines were cut (0: none was; module docstring)

    @property
    def best(self) -> str:
        """The first decision of the plan."""
        return self.line[0][1] if self.line else self.alternatives[0].action

    def status_text(self) -> str:
        """One plain sentence on what is proven (with every hand known: the position's)."""
        model = f"rivals {self.rivals}, every hand known"
        if self.status == "proven":
            return f"Proven: ${self.value:g}K of prize money this race ({model})."
        why = f" (the search stopped: {self.stopped})" if self.stopped else ""
        most = (f"no decision more than ${self.upper:g}K" if math.isfinite(self.upper)
                else "no upper bound known")
        text = f"Bound: the plan is worth at least ${self.value:g}K, {most} ({model}){why}."
        if self.depth_cut:
            text += (f" Lines were cut {self.depth_cut:,} decisions deep (cards sold round the "
                     "table can make a race go on and on): past the cut no further prize money "
                     "is counted, so the values are estimates, not proofs.")
        elif not any(a.proven for a in self.alternatives):
            # Nothing solved: the values are only what is already won, and the plan is the
            # decision the greedy evaluation rates best (the search order), a heuristic.
            text += (" No decision was solved in the budget: the plan is the one the greedy "
                     "evaluation rates best, a heuristic; raise the budget or solve nearer "
                     "the end of the race.")
        return text


# --- prize money ---------------------------------------------------------------------------
def earned(s: State) -> list[int]:
    """Each player's prizes for the cars already across the line this race (F1-30)."""
    out = [0] * s.players
    for place, car in enumerate(s.finished):
        out[s.owner[car]] += PRIZES[place]
    return out


def race_over(root: State, s: State) -> bool:
    """``s`` is past the end of ``root``'s race (the next race dealt, or the game over)."""
    return s.race != root.race or s.is_terminal()


def gain(s: State, c: State, over: bool) -> list[int]:
    """What each player wins from ``s`` to its child ``c`` beyond ``earned``: the prizes are
    paid at the race's end (F1-30), so at the end it is the money paid less what was earned."""
    return list(_gain(s, c, over, earned(s)))


#: Nothing won on the way, for each number of players: one shared tuple, so a search can
#: tell the common case by identity and skip adding vectors.
NO_GAIN = {n: (0,) * n for n in range(1, 9)}


def _gain(s: State, c: State, over: bool, base: list[int]) -> Sequence[int]:
    """``gain`` with ``earned(s)`` given (siblings share it); ``NO_GAIN`` when nothing was
    won (``NO_GAIN``: the common case, so the caller can skip adding vectors)."""
    if over:
        return [b - a - e for a, b, e in zip(s.money, c.money, base, strict=True)]
    if c.finished == s.finished and c.money == s.money:
        return NO_GAIN[s.players]  # nothing paid and no car across the line: the common case
    return [b - a + ec - es for a, b, ec, es in zip(s.money, c.money, earned(c), base,
                                                    strict=True)]


def replay_prizes(state: State, line: Sequence[tuple[str, str]] | Sequence[str]) -> list[int]:
    """Replay a line through the engine (checked ``apply``) to the end of the race; every
    player's prize money for the race (cars already finished included)."""
    s = state.clone(history=False)
    for item in line:
        s.apply(item if isinstance(item, str) else item[1])
    if not race_over(state, s):
        raise RaceSearchError("the line stops before the end of the race")
    # Every prize of the race is paid at its end (F1-30), the earlier finishers' too.
    return [b - a for a, b in zip(state.money, s.money, strict=True)]


def _kind_reach(k: int) -> tuple[tuple[int, ...], frozenset[int]]:
    """How far a card of kind ``k`` can move each car at most (its colour's numbers, and its
    white numbers if the car is not pictured, F1-25), and the cars its switch pairs (F1-27)."""
    cfg = config_for(2)
    spec = cfg.kinds[k]
    if spec.switch is not None:
        return (0,) * len(cfg.colours), frozenset(spec.switch)
    whites = sum(n for c, n in spec.numbers if c < 0)
    pictured = spec.pictured
    return tuple(sum(n for c, n in spec.numbers if c == car)
                 + (whites if car not in pictured else 0)
                 for car in range(len(cfg.colours))), frozenset()


#: Each card kind's reach, computed once (the bound is asked at every node).
KIND_REACH = tuple(_kind_reach(k) for k in range(len(config_for(2).kinds)))


@lru_cache(maxsize=1 << 16)
def _movement_left(hands: tuple[tuple[int, ...], ...], discards: tuple[tuple[int, ...], ...],
                   card: int) -> tuple[tuple[int, ...], frozenset[int]]:
    """The most each car can still be moved by the cards left, and the cars a switch left
    pairs (cached: sibling positions share their hands)."""
    reach = [0] * len(config_for(2).colours)
    switched: set[int] = set()
    for k in [*(k for pile in (*hands, *discards) for k in pile), *((card,) if card >= 0 else ())]:
        add, pair = KIND_REACH[k]
        switched |= pair
        for car, n in enumerate(add):
            reach[car] += n
    return tuple(reach), frozenset(switched)


def remaining_bound(s: State, p: int) -> int:
    """An upper bound on what ``p`` can still win this race beyond ``earned``: the next places
    of the prize chart for his cars that may still reach the line. A car may if the movement
    left (the card in play, every hand and discard pile: its colour's numbers, and the white
    numbers of cards that do not picture it) covers its distance to the line, or a switch card
    of its pair is left (a switch moves a car by an unbounded amount)."""
    return prize_bounds(s)[0][p]


#: The sum of the chart's next ``n`` places after ``placed`` cars: ``_PRIZE_SUMS[placed][n]``.
_PRIZE_SUMS = tuple(tuple(sum(PRIZES[placed:placed + n]) for n in range(12))
                    for placed in range(12))


def prize_bounds(s: State) -> tuple[tuple[int, ...], int]:
    """``remaining_bound`` for every player, and a bound on what all of them together can
    still win: the next places of the chart for every car that may still reach the line."""
    track = s.track_spec()
    reach, switched = _movement_left(s.hands, s.discards, s.card)  # discards: F1-40
    laps = s.total_laps()
    alive = [0] * s.players
    for car, cell in enumerate(s.pos):
        if cell < 0 or s.owner[car] < 0:
            continue  # off the track or past the line, or nobody's car (no one's prize)
        distance = (laps - 1 - s.laps[car]) * track.rows + track.rows - track.cells[cell].row
        if car in switched or reach[car] >= distance:
            alive[s.owner[car]] += 1
    placed = len(s.finished)
    return (tuple(sum(PRIZES[placed:placed + n]) for n in alive),
            sum(PRIZES[placed:placed + sum(alive)]))


# --- the search ----------------------------------------------------------------------------
class _Search:
    """One search from one root: the table, the budget, the three rival models."""

    def __init__(self, root: State, player: int, config: RaceConfig) -> None:
        self.root, self.p, self.cfg = root, player, config
        self.nodes = 0
        self.table: dict[Any, tuple[int, Any, int]] = {}
        # CPU time on request: a loaded machine then does not shorten the search.
        self.clock = time.process_time if config.cpu_clock else time.perf_counter
        self.t0 = self.clock()
        self.deadline = self.t0 + config.time_budget
        self.budget_on = True
        self.bounds = config.use_bounds and "no_car" not in root.variants
        self.shallow = self.bounds and config.shallow
        # What ``prize_bounds`` reads that a race never changes, read once.
        track = root.track_spec()
        self.cell_rows = tuple(cell.row for cell in track.cells)
        self.track_rows, self.total_laps = track.rows, root.total_laps()
        self.owner = root.owner
        self.zero_bounds = (0,) * root.players
        self.keep_money = "no_car" in root.variants
        self.fields = tuple(f for f in State.DATA_FIELDS
                            if f not in IGNORED_FIELDS or (f == "money" and self.keep_money))
        self.getter = operator.attrgetter(*self.fields)  # the key's fields in one C call
        # The max^n and paranoid key: the fields a race without variants changes (with a
        # variant, VARIANT_FIELDS as well), read in one C call; the prize chart is counted in
        # ``pos`` (FINISHED cells), so no second tuple is built around it.
        small = tuple(f for f in self.fields if f not in UNREAD_FIELDS
                      and (root.variants or f not in VARIANT_FIELDS))
        self.small_key = operator.attrgetter(*small)
        self.bound_memo: dict[Any, tuple[tuple[int, ...], int]] = {}
        self.earned_memo: dict[tuple[int, ...], list[int]] = {}
        script = config.script
        self.line_script: tuple[str, ...] = script if isinstance(script, tuple) else ()
        self.policy_fn: Policy | None = script if callable(script) else None
        self.greedy = GreedyBot(0)
        self.policy_memo: dict[Any, int] = {}
        self.depth = 0  # decisions below the root on the line searched now
        self.cut = False  # some line was cut at ``config.max_depth``

    # ---- bookkeeping
    def tick(self) -> None:
        """Count a node; raise _Stop when a budget is spent (while the budget is on)."""
        self.nodes += 1
        if self.budget_on:
            self.check_budget()

    def check_budget(self) -> None:
        """Raise _Stop when the node budget is spent, or (every 512 nodes: the clock costs a
        system call) the time budget."""
        if self.nodes > self.cfg.node_budget:
            raise _Stop(f"node budget of {self.cfg.node_budget:,} spent")
        if self.nodes % 512 == 0 and self.clock() > self.deadline:
            raise _Stop(f"time budget of {self.cfg.time_budget:g} s spent")

    def key(self, s: State, script_at: int) -> Any:
        """The canonical key: what matters for the rest of the race (module docstring). With
        scripted rivals the whole prize chart is kept: a rival's policy may read it."""
        chart = s.finished if self.cfg.rivals == "scripted" else len(s.finished)
        return (self.getter(s), chart, script_at)

    def store(self, key: Any, entry: tuple[int, Any, int]) -> None:
        if not self.cfg.use_table:
            return
        if len(self.table) >= self.cfg.table_entries:
            self.table.clear()  # simple and safe: entries are only ever a speed-up
        self.table[key] = entry

    def children(self, s: State) -> list[tuple[int, State, Sequence[int], bool]]:
        """Every legal action with its child, the gain on the way, whether the race is over."""
        return list(self.each_child(s))

    def each_child(self, s: State) -> Iterator[tuple[int, State, Sequence[int], bool]]:
        """``children`` one at a time, in id order (made only when asked: a cut saves them)."""
        base = earned(s)
        for aid in s.legal_action_ids():
            self.tick()
            c = s.child(aid)
            over = race_over(self.root, c)
            yield aid, c, _gain(s, c, over, base), over

    def prize_bounds(self, s: State) -> tuple[tuple[int, ...], int]:
        """``prize_bounds(s)`` with the race's constants read once (asked at every node)."""
        reach, switched = _movement_left(s.hands, s.discards, s.card)  # discards: F1-40
        rows, last, owner = self.track_rows, self.total_laps - 1, self.owner
        alive: list[int] | None = None
        for car, cell in enumerate(s.pos):
            if cell < 0 or owner[car] < 0:
                continue  # as in ``prize_bounds``
            if car in switched or reach[car] >= (last - s.laps[car]) * rows + rows \
                    - self.cell_rows[cell]:
                if alive is None:
                    alive = [0] * s.players
                alive[owner[car]] += 1
        if alive is None:
            return self.zero_bounds, 0
        placed = len(s.finished)
        return (tuple(_PRIZE_SUMS[placed][n] for n in alive),
                _PRIZE_SUMS[placed][sum(alive)])

    def cached_bounds(self, s: State) -> tuple[tuple[int, ...], int]:
        """``prize_bounds`` memoised on what it reads (the cells, the hands, the card in play;
        with a variant the discards and laps too): the end-cell choices of one move and the
        decisions inside one card share them."""
        key = (s.pos, s.hands, s.card, s.discards, s.laps) if self.root.variants \
            else (s.pos, s.hands, s.card)
        got = self.bound_memo.get(key)
        if got is None:
            if len(self.bound_memo) >= BOUND_MEMO_ENTRIES:
                self.bound_memo.clear()  # a speed-up only: recent positions matter most
            got = self.bound_memo[key] = self.prize_bounds(s)
        return got

    def earned_of(self, s: State) -> list[int]:
        """``earned(s)`` memoised on the prize chart (a race has few): never to be changed."""
        got = self.earned_memo.get(s.finished)
        if got is None:
            got = self.earned_memo[s.finished] = earned(s)
        return got

    def ub(self, s: State) -> float:
        return remaining_bound(s, self.p) if self.bounds else INF

    # ---- scripted rivals
    def rival_action(self, s: State, script_at: int) -> tuple[int, int]:
        """The scripted rival's decision and the script position after it."""
        if script_at < len(self.line_script):
            text = self.line_script[script_at]
            try:
                aid = s.resolve(text)
            except Exception as exc:  # noqa: BLE001 - any parse failure is the script's fault
                raise RaceSearchError(f"script action {text!r}: {exc}") from None
            if aid not in s.legal_action_ids():
                raise RaceSearchError(f"script action {text!r} is not legal when it is due")
            return aid, script_at + 1
        if self.policy_fn is not None:
            return self.policy_fn(s), script_at
        key = self.key(s, -1)
        if key not in self.policy_memo:
            self.policy_memo[key] = self.greedy.choose(s)
        return self.policy_memo[key], script_at

    # ---- the depth cut: every model's entry
    def frontier(self) -> bool:
        """Whether a position here is past the depth cut (then a line was cut)."""
        if self.depth < self.cfg.max_depth:
            return False
        self.cut = True
        return True

    def maxn(self, s: State, need: Need | None = None) -> Result:
        """``_maxn`` one decision deeper; past the cut nothing more is won (-1: no move). The
        depth is restored here however the search ends (``_maxn`` restores it only on its
        way back, not when a budget stops it)."""
        if self.frontier():
            return (0,) * s.players, -1
        depth = self.depth
        self.depth += 1
        try:
            return self._maxn(s, need)
        finally:
            self.depth = depth

    def scripted(self, s: State, script_at: int) -> tuple[float, int]:
        """``_scripted`` one decision deeper (the cut as for ``maxn``)."""
        if self.frontier():
            return 0.0, -1
        self.depth += 1
        try:
            return self._scripted(s, script_at)
        finally:
            self.depth -= 1

    def paranoid(self, s: State, alpha: float, beta: float) -> tuple[float, int]:
        """``_paranoid`` one decision deeper (the cut as for ``maxn``)."""
        if self.frontier():
            return 0.0, -1
        self.depth += 1
        try:
            return self._paranoid(s, alpha, beta)
        finally:
            self.depth -= 1

    # ---- max^n: vectors of what is still to win
    def _maxn(self, s: State, need: Need | None) -> Result:
        """The max^n vector of ``s`` and its decision, or a marker (``SKIP``, ``CUT``) when
        ``need`` shows the caller cannot use it (Korf's shallow pruning, made safe for the tie
        rule: module docstring). Only exact vectors enter the table.

        The hottest code of the solver, so written out in one loop: the child is made, the
        budget ticked, the depth cut and each child's need (what it must show to matter here,
        in its own terms: what is still to win from it) worked out here rather than through
        helper calls (measured with the smaller key and the memos: 1.2-1.3x the nodes per
        second)."""
        key = self.small_key(s)
        hit = self.table.get(key)
        if hit is not None:
            return hit[1], hit[2]
        mover = s.current_player
        ubs: tuple[int, ...] = ()
        if self.bounds:
            ubs, total = self.bound_memo.get((s.pos, s.hands, s.card)) \
                or self.cached_bounds(s)  # the memo read here: the common case
            bound: float = ubs[mover]
            if need is not None:
                if need.own is not None and bound <= need.own:
                    return SKIP  # not strictly better for the parent (the same player)
                if need.who >= 0 and self.most(need, ubs, need.floor) <= need.other:
                    return CUT
        else:
            bound, total = INF, 0
        best: tuple[int, ...] | None = None
        best_aid = -1
        base = self.earned_memo.get(s.finished) or self.earned_of(s)
        zero = NO_GAIN[s.players]
        root = self.root
        shallow, depth, budget = self.shallow, self.depth, self.budget_on
        frontier = depth >= self.cfg.max_depth
        finished, money = s.finished, s.money
        for aid in s.legal:  # id order: ties go to the lowest id
            self.nodes += 1
            if budget and (self.nodes > self.cfg.node_budget or not self.nodes & 511):
                self.check_budget()
            c = _copy_state(s)
            c.history = []
            _apply_id(c, aid)
            who = _current_player(c)
            # race_over, asked once: someone to decide in the same race is the common case.
            over = (who < 0 or c.race != root.race) and race_over(root, c)
            if over:
                vec = tuple(_gain(s, c, True, base))
            else:
                # Nothing paid and no car across the line: the tuples are the parent's own.
                g = zero if c.finished is finished and c.money is money \
                    else _gain(s, c, False, base)
                same = who == mover
                sub: Need | None = None
                if shallow and same:
                    # The same player decides again: his best so far is the child's bar, and
                    # the caller's need passes down (his value here is at least the child's).
                    own = None if best is None else best[mover] - g[mover]
                    if need is None or need.who < 0:
                        sub = Need(own, -1, 0, 0, 0, False)
                    else:
                        # The first node's vector need not pass here: of the gains on the
                        # way, only the two players' own are sure to be in this node's terms.
                        floor = need.floor if best is None else max(need.floor, best[mover])
                        sub = Need(own, need.who, need.other - g[need.who],
                                   need.cap - g[mover] - g[need.who], floor - g[mover], False)
                elif shallow:
                    # Another player decides: the child matters only if it is strictly better
                    # for the mover here than his best so far.
                    sub = NO_NEED if best is None else Need(
                        None, mover, best[mover] - g[mover], total - sum(g), 0, True)
                if frontier:
                    self.cut = True  # past the depth cut nothing more is won
                    got: Result = (zero, -1)
                else:
                    self.depth = depth + 1
                    got = self._maxn(c, sub)
                    self.depth = depth
                if got is CUT and same:
                    return CUT  # the chain's first decision is no use to its caller
                if got is SKIP or got is CUT:
                    continue  # not strictly better for the mover here (the tie rule holds)
                vec = got[0] if g is zero else tuple(map(operator.add, g, got[0]))
            if best is None or vec[mover] > best[mover]:
                best, best_aid = vec, aid
                if vec[mover] >= bound:
                    break  # nothing later can be strictly better for him
                if need is not None and need.who >= 0 and self.most(
                        need, ubs, max(need.floor, vec[mover])) <= need.other:
                    return CUT
        if best is None:
            # Every decision was shown no better than one searched above (a same-player
            # chain): nothing here is strictly better for the parent.
            return SKIP
        if self.cfg.use_table:  # ``store``, written out
            if len(self.table) >= self.cfg.table_entries:
                self.table.clear()
            self.table[key] = (EXACT, best, best_aid)
        return best, best_aid

    @staticmethod
    def most(need: Need, ubs: tuple[int, ...], floor: int) -> int:
        """The most ``need.who`` can get from the chain's first node, seen from here: the
        bounded total less the mover's least there; at the first node itself also his own
        bound (deeper, the bound is of this node only, and the first node may choose another
        decision)."""
        most = need.cap - floor
        return min(most, ubs[need.who]) if need.head else most

    # ---- scripted: one maximiser, rivals' moves given
    def _scripted(self, s: State, script_at: int) -> tuple[float, int]:
        key = self.key(s, script_at)
        hit = self.table.get(key)
        if hit is not None:
            return hit[1], hit[2]
        if s.current_player != self.p:
            aid, nxt = self.rival_action(s, script_at)
            self.tick()
            c = s.child(aid)
            over = race_over(self.root, c)
            d = gain(s, c, over)[self.p]
            value = float(d) if over else d + self.scripted(c, nxt)[0]
            self.store(key, (EXACT, value, aid))
            return value, aid
        bound = self.ub(s)
        best, best_aid = -INF, -1
        for aid, c, g, over in self.ordered(s, maximise=True):
            value = float(g[self.p]) if over else g[self.p] + self.scripted(c, script_at)[0]
            if value > best:
                best, best_aid = value, aid
                if best >= bound:
                    break
        self.store(key, (EXACT, best, best_aid))
        return best, best_aid

    # ---- paranoid: alpha-beta on our prize money
    def _paranoid(self, s: State, alpha: float, beta: float) -> tuple[float, int]:
        key = self.small_key(s)
        hit = self.table.get(key)
        if hit is not None:
            flag, value, aid = hit
            if flag == EXACT or (flag == LOWER and value >= beta) \
                    or (flag == UPPER and value <= alpha):
                return value, aid
        bound = self.ub(s)
        if bound <= alpha:
            return bound, -1  # fail low: nothing here reaches alpha
        if self.bounds and beta <= 0:
            return 0.0, -1  # fail high: at least nothing is won
        a0, b0 = alpha, beta
        ours = s.current_player == self.p
        best, best_aid = (-INF if ours else INF), -1
        for aid, c, g, over in self.ordered(s, maximise=ours, first=hit[2] if hit else -1):
            d = g[self.p]
            value = float(d) if over else d + self.paranoid(c, alpha - d, beta - d)[0]
            if (value > best) if ours else (value < best):
                best, best_aid = value, aid
            if ours:
                alpha = max(alpha, best)
                if best >= bound:
                    break
            else:
                beta = min(beta, best)
                if self.bounds and best <= 0:
                    break
            if alpha >= beta:
                break
        flag = UPPER if best <= a0 else LOWER if best >= b0 else EXACT
        self.store(key, (flag, best, best_aid))
        return best, best_aid

    def ordered(self, s: State, maximise: bool, first: int = -1
                ) -> list[tuple[int, State, Sequence[int], bool]]:
        """The children, the table's best move first, then by the greedy evaluation of our
        position (best for us first where we decide, worst first where a rival does)."""
        kids = self.children(s)
        if not self.cfg.use_ordering:
            return kids
        sign = -1.0 if maximise else 1.0
        return sorted(kids, key=lambda k: (k[0] != first,
                                           sign * (k[2][self.p] * 10 + evaluate(k[1], self.p))))

    # ---- what each model says a first decision is worth, and the line after it
    def value_of(self, c: State, g: Sequence[int], over: bool, script_at: int) -> float:
        """Our prize money still to win after the first decision leading to ``c``."""
        d = g[self.p]
        if over:
            return float(d)
        if self.cfg.rivals == "maxn":
            return float(d + self.maxn(c)[0][self.p])  # no need given: exact
        if self.cfg.rivals == "paranoid":
            return d + self.paranoid(c, -INF, INF)[0]
        return d + self.scripted(c, script_at)[0]

    def best_action(self, s: State, script_at: int) -> tuple[int, int]:
        """The modelled decision at ``s`` and the script position after it."""
        if self.cfg.rivals == "maxn":
            return self.maxn(s)[1], script_at
        if self.cfg.rivals == "paranoid":
            return self.paranoid(s, -INF, INF)[1], script_at
        if s.current_player != self.p:
            return self.rival_action(s, script_at)
        return self.scripted(s, script_at)[1], script_at

    def line_from(self, s: State, script_at: int) -> Line:
        """Everyone's modelled decisions from ``s`` to the end of the race (the budget is off:
        the nodes on the line are in the table, or cheap to search again)."""
        self.budget_on = False
        line: list[tuple[str, str]] = []
        while not race_over(self.root, s):
            if self.depth + len(line) >= self.cfg.max_depth:
                self.cut = True  # the line is cut as the search was
                break
            who = s.current_player
            self.depth += len(line) + 1
            try:
                aid, script_at = self.best_action(s, script_at)
            finally:
                self.depth -= len(line) + 1
            if aid < 0:
                self.cut = True
                break
            line.append((f"Player {who}", str(ACTIONS[aid])))
            s = s.child(aid)
        self.budget_on = True
        return tuple(line)


def solve(state: State, player: int | None = None, config: RaceConfig | None = None,
          on_progress: Callable[[int, int], None] | None = None) -> RacePlan:
    """The value of every legal decision at ``state`` for ``player`` (default: the one to
    decide) for the rest of the race with every hand known, against ``config.rivals``.

    Every first decision is searched in the greedy order; on the budget the decisions solved
    so far keep their exact values and the others get the trivial lower bound (what is
    already won) and the prize-chart upper bound. Raises RaceSearchError outside a race, for a
    player not in the game, or for bad settings."""
    config = config or RaceConfig()
    config.check()
    if state.phase != "race" or state.is_terminal():
        raise RaceSearchError(f"the position is in the {state.phase} phase, not in a race: "
                              "the race search needs a race in progress")
    player = _mover(state, player)
    # Room for lines down to the depth cut (module docstring), above the frames in use now.
    old_limit = sys.getrecursionlimit()
    needed = _frames_in_use() + FRAMES_AROUND + FRAMES_PER_DECISION * (config.max_depth + 2)
    sys.setrecursionlimit(max(old_limit, needed))
    # The cyclic garbage collector off while searching: the search makes no cycles (its
    # states are freed by their counts), and with the table holding hundreds of thousands of
    # entries each full collection walks them all (measured: about a fifth more nodes in 10 s).
    collecting = gc.isenabled()
    gc.disable()
    try:
        return _solve(state, player, config, on_progress)
    finally:
        if collecting:
            gc.enable()
        sys.setrecursionlimit(old_limit)


def _frames_in_use() -> int:
    """How many Python frames are on the stack now."""
    frame, n = sys._getframe(), 0
    while frame is not None:
        frame, n = frame.f_back, n + 1  # type: ignore[assignment]
    return n


def _solve(state: State, player: int, config: RaceConfig,
           on_progress: Callable[[int, int], None] | None) -> RacePlan:
    """``solve`` once the request is checked and the recursion limit raised."""
    root = state.clone(history=False)
    if config.rivals != "scripted":
        # The log is read by no rule of the race, only written: searching without it saves
        # copying it at every decision (a scripted rival's policy may read it, so it stays).
        root.events = ()
    search = _Search(root, player, config)
    base = earned(root)[player]
    script_at = 0
    firsts: list[tuple[int, State, Sequence[int], bool]]
    search.budget_on = False
    firsts = search.ordered(root, maximise=True) if config.use_ordering \
        else search.children(root)
    search.budget_on = True
    solved: dict[int, float] = {}
    stopped = ""
    for i, (aid, c, g, over) in enumerate(firsts):
        if on_progress is not None:
            on_progress(i, len(firsts))
        try:
            solved[aid] = base + search.value_of(c, g, over, script_at)
        except _Stop as why:
            stopped = str(why)
            break
        except KeyboardInterrupt:
            stopped = "interrupted"
            break
    if on_progress is not None:
        on_progress(len(solved), len(firsts))
    search_seconds = search.clock() - search.t0
    cut = search.cut  # a value found past a cut is an estimate
    alternatives = []
    for aid, c, g, over in firsts:
        text = str(ACTIONS[aid])
        first = (f"Player {root.current_player}", text)
        if aid in solved:
            line = (first, *search.line_from(c, script_at)) if not over and config.lines \
                else (first,)
            # With a line cut the value is an estimate, under the prize-chart bound.
            upper = solved[aid] if not cut else max(
                solved[aid], base + g[player] + (0 if over else search.ub(c)))
            alternatives.append(Alternative(text, solved[aid], float(upper), not cut, line))
        else:
            upper = base + g[player] + (0 if over else search.ub(c))
            alternatives.append(Alternative(text, float(base + g[player]), float(upper), False,
                                            (first,)))
    ids = {str(ACTIONS[aid]): aid for aid, *_rest in firsts}
    rank = {str(ACTIONS[aid]): i for i, (aid, *_rest) in enumerate(firsts)}
    # The best: the highest value (a lower bound where unproven), a proven one on a tie, then
    # the lowest id among proven ones (max^n's rule), the first searched among unproven ones
    # (the greedy order: the likeliest when nothing is known).
    chosen = max(alternatives, key=lambda a: (a.value, a.proven,
                                              -ids[a.action] if a.proven else -rank[a.action]))
    alternatives.sort(key=lambda a: (-a.value, ids[a.action]))
    chosen_child = next(c for aid, c, *_rest in firsts if aid == ids[chosen.action])
    proven = len(solved) == len(firsts) and not cut
    upper = chosen.value if proven else max(max(a.upper for a in alternatives), chosen.value)
    line = chosen.line
    replays = (proven or chosen.proven) and (config.lines or race_over(root, chosen_child))
    prizes = tuple(replay_prizes(root, line)) if replays else ()
    return RacePlan(player, config.rivals, chosen.value, upper, "proven" if proven else "bound",
                    line, tuple(alternatives), prizes, search.nodes,
                    search.clock() - search.t0, stopped, search_seconds,
                    config.max_depth if cut else 0)


def _mover(state: State, player: int | None) -> int:
    """The player to plan for: the one to decide (a plan is for the decision at hand)."""
    mover = state.current_player
    if player is not None and player != mover:
        if not 0 <= player < state.players:
            raise RaceSearchError(f"player {player} is not in this {state.players}-player game")
        raise RaceSearchError(f"Player {mover} decides now, not Player {player}: the race "
                              "search plans for the player to move")
    return mover


# --- hidden hands: determinized sampling ------------------------------------------------------
def unseen_cards(state: State, player: int) -> tuple[list[int], list[tuple[str, int, int]]]:
    """The cards ``player`` has not seen (the other hands and the removed cards together, as
    card kinds, sorted) and the hidden places they go: ("hands", seat, size) for each other
    hand and ("removed", -1, size), the sizes as ``state.observation(player)`` shows them."""
    view = state.observation(player)
    places: list[tuple[str, int, int]] = [("hands", q, len(view["hands"][q]))
                                          for q in range(state.players) if q != player]
    places.append(("removed", -1, len(view["removed"])))
    pool = sorted([k for q in range(state.players) if q != player for k in state.hands[q]]
                  + list(state.removed))
    if len(pool) != sum(size for *_, size in places):
        raise RaceSearchError("the observation's hidden sizes do not match the unseen cards")
    return pool, places


def determinize(state: State, player: int, rng: random.Random) -> State:
    """A copy of ``state`` with the cards ``player`` has not seen dealt again uniformly at
    random (a uniform shuffle of the physical cards) into the other hands and the removed
    pile, of the sizes he sees; loaded through the engine's position checks."""
    pool, places = unseen_cards(state, player)
    rng.shuffle(pool)
    deal, at = [], 0
    for *_, size in places:
        deal.append(tuple(pool[at:at + size]))
        at += size
    return with_deal(state, player, deal)


def with_deal(state: State, player: int, deal: Sequence[Sequence[int]], **fields: Any) -> State:
    """A copy of ``state`` with the hidden places of ``unseen_cards`` holding ``deal`` (one
    group of card kinds per place, in that order), and any other position ``fields`` set;
    loaded through the engine's position checks (a PositionError if inconsistent)."""
    _, places = unseen_cards(state, player)
    data = json.loads(state.to_json())
    names = [k.name for k in state.cfg.kinds]
    for (where, seat, _), cards in zip(places, deal, strict=True):
        named = [names[k] for k in sorted(cards)]
        if where == "hands":
            data["hands"][seat] = named
        else:
            data["removed"] = named
    data.update(fields)
    return formel1.from_json(json.dumps(data))


@dataclass(frozen=True)
class DecisionEstimate:
    """One first decision's estimated value over the sampled deals: the mean, its 95%
    interval (normal approximation; sampling error only), the spread."""

    action: str
    mean: float
    low: float
    high: float
    sd: float


@dataclass(frozen=True)
class RaceEstimate:
    """``estimate``'s answer: an estimate, never a proof (module docstring)."""

    player: int
    rivals: str
    samples: int
    decisions: tuple[DecisionEstimate, ...]  # best mean first
    bounded_samples: int  # deals whose search stopped on the budget (values are lower bounds)
    nodes: int
    seconds: float
    status: str = "estimate"
    plans: tuple[RacePlan, ...] = field(default=(), repr=False)

    @property
    def best(self) -> str:
        """The decision with the best mean."""
        return self.decisions[0].action

    def status_text(self) -> str:
        """One plain sentence on what the numbers are."""
        d = self.decisions[0]
        text = (f"Estimate over {self.samples} sampled deals of the hidden cards: {d.action} "
                f"${d.mean:.1f}K (95% interval {d.low:.1f} to {d.high:.1f}; rivals "
                f"{self.rivals}, each deal solved with open hands)")
        if self.bounded_samples:
            text += (f"; {self.bounded_samples} deal(s) stopped on the budget, their values are "
                     "lower bounds")
        if not self.solved_any:
            # Every deal stopped before solving any decision: the means are only what is
            # already won and rank nothing, so say it plainly.
            text += (". No decision was solved in any sampled deal: the numbers are only what "
                     "is already won and do not rank the decisions; raise the budget or ask "
                     "nearer the end of the race")
        return text + "."

    @property
    def solved_any(self) -> bool:
        """Whether some sampled deal solved some decision (else the means rank nothing)."""
        return any(a.proven for plan in self.plans for a in plan.alternatives)


def estimate(state: State, player: int | None = None, config: RaceConfig | None = None,
             on_progress: Callable[[int, int], None] | None = None) -> RaceEstimate:
    """Each legal decision's value for ``player`` (default: the one to decide) with the other
    hands hidden: ``config.samples`` deals of the unseen cards, each solved by ``solve`` with
    an equal share of the budgets; the mean and a 95% interval per decision."""
    config = config or RaceConfig()
    config.check()
    if state.phase != "race" or state.is_terminal():
        raise RaceSearchError(f"the position is in the {state.phase} phase, not in a race: "
                              "the race search needs a race in progress")
    player = _mover(state, player)
    rng = random.Random(config.seed)
    share = replace(config, node_budget=max(1, config.node_budget // config.samples),
                    time_budget=config.time_budget / config.samples)
    t0 = time.perf_counter()
    plans = []
    for i in range(config.samples):
        if on_progress is not None:
            on_progress(i, config.samples)
        plans.append(solve(determinize(state, player, rng), player, share))
    if on_progress is not None:
        on_progress(config.samples, config.samples)
    values: dict[str, list[float]] = {}
    for plan in plans:
        for a in plan.alternatives:
            values.setdefault(a.action, []).append(a.value)
    decisions = []
    for action, vs in values.items():
        mean, sd = statistics.fmean(vs), statistics.stdev(vs)
        half = Z95 * sd / math.sqrt(len(vs))
        decisions.append(DecisionEstimate(action, mean, mean - half, mean + half, sd))
    decisions.sort(key=lambda d: -d.mean)
    return RaceEstimate(player, config.rivals, config.samples, tuple(decisions),
                        sum(1 for p in plans if p.status != "proven"),
                        sum(p.nodes for p in plans), time.perf_counter() - t0, plans=tuple(plans))


__all__ = ["Alternative", "DecisionEstimate", "RIVAL_MODELS", "RaceConfig", "RaceEstimate",
           "RacePlan", "RaceSearchError", "determinize", "earned", "estimate", "gain",
           "race_over", "remaining_bound", "replay_prizes", "solve", "unseen_cards", "with_deal"]
