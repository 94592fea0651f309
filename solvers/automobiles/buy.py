"""The buy phase: the best cubes to buy with the money a turn has left.

Covers AU-11/AU-14/AU-15 with RA1/RA2: any number of cubes, each at its cost (RA1: synthetic),
while money lasts and the stock holds them; unspent money is lost. What the player *wants* is not
in the rules: the purchase maximises a stated value per cube kind (``values``; the default
``DEFAULT_VALUES`` is ours, a judgement, below), so this is a bounded knapsack:

    maximise  sum v_k x_k   subject to   sum cost_k x_k <= money,   0 <= x_k <= stock_k.

``best_purchase`` solves it exactly by dynamic programming over the money spent (money is a few
dollars, nine kinds: tiny). ``best_purchase_cp`` solves constrained versions with CP-SAT
(``Constraints``: at most / at least so many of a kind, kinds forbidden, e.g. "at most two
purple", "no wear-making cubes", "at least one blue"), the model built in a fixed order
(variables, constraints, objective; STYLE 15) with one worker and a fixed seed, its status
checked: ``proven`` is False when the time limit stopped it before optimality (the value is then a
bound's witness, not an optimum). ``purchases`` enumerates every purchase, the oracle of the
tests. Ties: the higher value, then the cheaper, then the first in cube order.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from automobiles import State, config_for
from automobiles.actions import Buy, StopBuying
from automobiles.config import (
    BLACK,
    BLUE,
    CUBES,
    DARKGREY,
    GREEN,
    LIGHTGREY,
    PURPLE,
    RED,
    WEAR,
    WHITE,
    YELLOW,
    cube_name,
)

Counts = tuple[int, ...]
Number = int | Fraction

#: Our value of one cube of each kind in the bag (a judgement, not the rules' and not RA1's
#: money values): a gear by how far its spaces reach and how often the track demands it (black
#: 8: the synthetic ovals' corners have spaces followed by black spaces only, and a bag without
#: black stands there; dark grey 5, light grey 2; white 0: the bag starts with five and one
#: more mostly dilutes it), an action cube by how much its colour's cards do (Garage 1,
#: Handling 2, Pit, Engine and Performance 3); wear is never bought (0).
DEFAULT_VALUES: dict[int, int] = {WHITE: 0, LIGHTGREY: 2, DARKGREY: 5, BLACK: 8, WEAR: 0,
                                  YELLOW: 1, RED: 2, PURPLE: 3, BLUE: 3, GREEN: 3}


class BuyError(ValueError):
    """The buying question is malformed (a value per kind missing, a negative count...)."""


@dataclass(frozen=True)
class Constraints:
    """Side conditions on a purchase: at most / at least so many cubes of a kind, kinds not
    bought at all (``forbidden``)."""

    at_most: Mapping[int, int] = field(default_factory=dict)
    at_least: Mapping[int, int] = field(default_factory=dict)
    forbidden: frozenset[int] = frozenset()

    def allows(self, counts: Sequence[int]) -> bool:
        """Whether a purchase (counts per kind) meets every condition."""
        return (all(counts[k] <= n for k, n in self.at_most.items())
                and all(counts[k] >= n for k, n in self.at_least.items())
                and all(counts[k] == 0 for k in self.forbidden))


@dataclass(frozen=True)
class Purchase:
    """A purchase: cubes per kind, their cost and value; ``status`` is ``optimal`` (proven),
    ``feasible`` (a time limit stopped the search: ``bound`` is the most any purchase could be
    worth) or ``infeasible`` (no purchase meets the constraints)."""

    counts: Counts
    cost: int
    value: Number
    status: str = "optimal"
    bound: Number | None = None

    @property
    def proven(self) -> bool:
        """The purchase is proven best."""
        return self.status == "optimal"

    def actions(self) -> list[Any]:
        """The engine's actions that make this purchase: one ``Buy`` per cube (cube order),
        then ``StopBuying``."""
        return [*(Buy(c) for c, k in enumerate(self.counts) for _ in range(k)), StopBuying()]

    def words(self) -> str:
        """The purchase in words, each cube by its one plain name (``config.cube_name``, as in
        the log and on the board): ``2 light grey, 1 yellow ($8)`` or ``nothing``."""
        parts = [f"{k} {cube_name(c)}" for c, k in enumerate(self.counts) if k]
        return f"{', '.join(parts)} (${self.cost})" if parts else "nothing"


def costs() -> tuple[int | None, ...]:
    """Each kind's cost from the component data (RA1: synthetic; None for wear)."""
    return tuple(c.cost for c in config_for(2).cubes)


def value_table(values: Mapping[int, Number] | Sequence[Number] | None) -> tuple[Number, ...]:
    """``values`` (a mapping kind -> value, or one value per kind; default ``DEFAULT_VALUES``)
    as one value per kind."""
    if values is None:
        values = DEFAULT_VALUES
    if isinstance(values, Mapping):
        missing = [cube_name(c) for c in range(len(CUBES)) if c != WEAR and c not in values]
        if missing:
            raise BuyError(f"no value for {', '.join(missing)}")
        return tuple(values.get(c, 0) for c in range(len(CUBES)))
    if len(values) != len(CUBES):
        raise BuyError(f"one value per cube kind ({len(CUBES)}), not {len(values)}")
    return tuple(values)


def _limits(stock: Sequence[int], money: int) -> list[int]:
    """How many of each kind could be bought at most: stock, and money over cost."""
    if len(stock) != len(CUBES) or any(k < 0 for k in stock) or money < 0:
        raise BuyError(f"a stock of {len(CUBES)} counts >= 0 and money >= 0, not "
                       f"{tuple(stock)}, {money}")
    return [0 if cost is None else min(k, money // cost)
            for k, cost in zip(stock, costs(), strict=True)]


def _better(a: tuple[Number, int, Counts], b: tuple[Number, int, Counts] | None) -> bool:
    """Higher value, then cheaper, then the more of the earlier kinds (a fixed tie order)."""
    return b is None or (a[0], -a[1], a[2]) > (b[0], -b[1], b[2])


def best_purchase(stock: Sequence[int], money: int,
                  values: Mapping[int, Number] | Sequence[Number] | None = None) -> Purchase:
    """The purchase of the highest value within ``money`` and ``stock`` (exact dynamic
    programme over the money spent, the bounded knapsack of the module docstring)."""
    table, limits, price = value_table(values), _limits(stock, money), costs()
    none = (0,) * len(CUBES)
    best: dict[int, tuple[Number, int, Counts]] = {0: (0, 0, none)}  # spent -> best so far
    for kind, limit in enumerate(limits):
        if not limit:
            continue
        cost = price[kind] or 0
        grown: dict[int, tuple[Number, int, Counts]] = {}
        for spent, (value, _, counts) in best.items():
            for k in range(min(limit, (money - spent) // cost) + 1):
                here = spent + k * cost
                entry = (value + k * table[kind], here,
                         counts[:kind] + (k,) + counts[kind + 1:])
                if _better(entry, grown.get(here)):
                    grown[here] = entry
        best = grown
    top: tuple[Number, int, Counts] | None = None
    for entry in best.values():
        if _better(entry, top):
            top = entry
    assert top is not None
    return Purchase(top[2], top[1], top[0], "optimal", top[0])


def purchases(stock: Sequence[int], money: int) -> Iterator[Counts]:
    """Every purchase the rules allow with ``money`` and ``stock`` (the tests' oracle)."""
    limits, price = _limits(stock, money), costs()

    def go(kind: int, left: int) -> Iterator[Counts]:
        if kind == len(CUBES):
            yield ()
            return
        cost = price[kind] or 1
        for k in range(min(limits[kind], left // cost) + 1):
            for rest in go(kind + 1, left - k * cost if price[kind] else left):
                yield (k, *rest)

    yield from go(0, money)


def best_purchase_cp(stock: Sequence[int], money: int,
                     values: Mapping[int, Number] | Sequence[Number] | None = None,
                     constraints: Constraints | None = None,
                     time_limit: float = 5.0) -> Purchase:
    """The best purchase under ``constraints`` (CP-SAT, one worker, fixed seed). Values that
    are fractions are scaled to whole numbers by their common denominator."""
    from ortools.sat.python import cp_model  # imported here: it takes ~0.7 s (TOOLCHAIN)

    table, limits, price = value_table(values), _limits(stock, money), costs()
    rules = constraints or Constraints()
    scale = math.lcm(*(Fraction(v).denominator for v in table))
    weights = [int(Fraction(v) * scale) for v in table]
    model = cp_model.CpModel()
    # variables: how many of each kind
    x = [model.new_int_var(0, limits[k], f"buy_{CUBES[k]}") for k in range(len(CUBES))]
    # constraints: the money (AU-14), the stock (AU-15, in the bounds), the side conditions
    model.add(sum((price[k] or 0) * x[k] for k in range(len(CUBES))) <= money)
    for k, n in rules.at_most.items():
        model.add(x[k] <= n)
    for k, n in rules.at_least.items():
        model.add(x[k] >= n)
    for k in rules.forbidden:
        model.add(x[k] == 0)
    # objective: the value, then (scaled below one unit of value) the lower cost
    spend = sum((price[k] or 0) * x[k] for k in range(len(CUBES)))
    model.maximize((money + 1) * sum(w * xk for w, xk in zip(weights, x, strict=True)) - spend)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    solver.parameters.max_time_in_seconds = time_limit
    status = solver.solve(model)
    if status == cp_model.INFEASIBLE:
        return Purchase((0,) * len(CUBES), 0, 0, "infeasible", None)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return Purchase((0,) * len(CUBES), 0, 0, "unknown", None)
    counts = tuple(int(solver.value(v)) for v in x)
    value = sum((table[k] * counts[k] for k in range(len(CUBES))), Fraction(0))
    cost = sum((price[k] or 0) * counts[k] for k in range(len(CUBES)))
    bound = Fraction(math.floor(solver.best_objective_bound + money), (money + 1) * scale)
    return Purchase(counts, cost, _plain(value),
                    "optimal" if status == cp_model.OPTIMAL else "feasible",
                    _plain(value) if status == cp_model.OPTIMAL else _plain(bound))


def _plain(x: Number) -> Number:
    """A whole-number fraction as an int (so answers print as 7, not 7/1)."""
    return x.numerator if isinstance(x, Fraction) and x.denominator == 1 else x


def wear_making(cards: Sequence[int]) -> frozenset[int]:
    """The action colours whose card in play gains wear when its cube is played (the card's
    number in the data file, AU-33), for the constraint "no wear-making cubes". Gear cubes are
    not among them: movement wear comes from the spaces entered (AU-17), not from the cube."""
    cfg = config_for(2)
    return frozenset(cfg.cards[c].colour for c in cards if cfg.cards[c].wear > 0)


def for_state(state: State, values: Mapping[int, Number] | Sequence[Number] | None = None,
              constraints: Constraints | None = None) -> Purchase:
    """The best purchase in a buy phase (or before the race): the buyer's money and the
    stock; CP-SAT when there are constraints, else the dynamic programme."""
    if state.phase not in ("buy", "prebuy"):
        raise BuyError(f"not a buy phase (the phase is {state.phase!r})")
    if constraints is None:
        return best_purchase(state.stock, state.money, values)
    return best_purchase_cp(state.stock, state.money, values, constraints)


__all__ = ["DEFAULT_VALUES", "BuyError", "Constraints", "Purchase", "best_purchase",
           "best_purchase_cp", "costs", "for_state", "purchases", "value_table", "wear_making"]
