"""The price game: two companies with ready cars choose price markers at the same time.

Two companies each hold a car ready to
place (body, engine, workers, salesman, technology marker fixed) and choose one price marker of
the round's chart (RULINGS K13), with the buyers on the board. Each pair of markers is replayed
through kwcore and scored by kwcore's sales rules (K14-K16): the row company's car is placed
with ``pricing.play_plan`` at its market step, the rival's car is put on the market beside it,
and the sales reputation each company gains is its payoff. That gives a normal-form game
(``nashpy.Game``) whose equilibria, best-response dynamics and dominated strategies this module
computes, and whose payoff matrices it draws as heat maps.

The model, where the rules leave the game open:

* Both companies commit to a marker without seeing the other's (a simultaneous game). In play
  the market steps come one after the other; the simultaneous game is the teaching abstraction.
* Each marker exists once (K13). When both name the same one, whoever reaches the chart first
  takes it, each with probability 1/2, and the other company's car stays in its workshop this
  round: the cell holds the mean of those two replays.
* Nothing else reaches the market before scoring (the car-pricing solver's assumption);
  Buick's extra buyer, a later decision of its owner, is not modelled (such positions are
  refused). Sales do not depend on the order in which the two cars reached the market: buyers
  choose by value and price, and prices are unique (K14).

What the results do not prove (STYLE 19): a degenerate game (ties in the payoffs, common here
because prices are few and many cells score 0) can have infinitely many equilibria, and the
enumerations then list only some of them; ``degeneracy`` says when that may be so.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import nashpy
import numpy as np

from kwcore import rules
from kwcore.config import CAR_TECH
from kwcore.state import State
from solvers.kraftwagen import pricing
from solvers.kraftwagen.builders import (
    market_step,
    mid_game,
    put_car,
    recruit_row,
    refresh,
    research,
    settle,
    workers,
)

TOLERANCE = 1e-9  # payoffs are multiples of 1/2; mixed strategies come from linear algebra
METHODS = ("vertex", "support")


class PriceGameError(ValueError):
    """The position or the cars do not make a price game."""


@dataclass(frozen=True, eq=False)
class PriceGame:
    """A price game: the position, the two cars, the price markers and both payoff matrices.

    ``row_payoffs[i, j]`` and ``col_payoffs[i, j]`` are the sales reputation the row company
    and the rival gain when the row company names ``prices[i]`` and the rival ``prices[j]``.
    """

    state: State  # the row company's market step
    row: int
    col: int
    row_car: pricing.CarChoice
    col_car: pricing.CarChoice
    prices: tuple[int, ...]
    row_payoffs: np.ndarray
    col_payoffs: np.ndarray
    name: str = ""

    def game(self) -> nashpy.Game:
        """The normal-form game as a ``nashpy.Game``."""
        return nashpy.Game(self.row_payoffs, self.col_payoffs)

    def companies(self) -> tuple[str, str]:
        """The names of the row company and the rival."""
        names = self.state.cfg.companies
        return names[self.row], names[self.col]


@dataclass(frozen=True)
class Equilibrium:
    """A Nash equilibrium: each company's probability per price marker, and expected payoffs."""

    row: tuple[float, ...]
    col: tuple[float, ...]
    row_value: float
    col_value: float

    def is_pure(self) -> bool:
        """True when each company names one marker for certain."""
        return max(self.row) > 1 - TOLERANCE and max(self.col) > 1 - TOLERANCE


@dataclass(frozen=True)
class Degeneracy:
    """Whether the game showed signs of degeneracy, and which (plain English)."""

    degenerate: bool
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Dynamics:
    """Best-response dynamics: the profiles visited (as price pairs) and how it ended."""

    path: tuple[tuple[int, int], ...]
    converged: bool  # reached a pure equilibrium
    cycle: tuple[tuple[int, int], ...]  # the repeating profiles when it did not converge


@dataclass(frozen=True)
class Dominance:
    """Prices dominated by another price of the same company, with the dominating price."""

    row_strict: dict[int, int]
    row_weak: dict[int, int]
    col_strict: dict[int, int]
    col_weak: dict[int, int]
    survivors: tuple[tuple[int, ...], tuple[int, ...]]  # after iterated strict elimination


# --- building the game --------------------------------------------------------------------------
def build(state: State, rival: int, car: pricing.CarChoice, rival_car: pricing.CarChoice,
          prices: Sequence[int] | None = None, name: str = "") -> PriceGame:
    """The price game at the market step of ``state``'s company against ``rival``.

    ``car`` must be placeable now (its price is ignored); ``rival_car`` is put on the market as
    if placed this round, its workers from the rival's supply. ``prices`` limits both companies
    to some markers of the chart (default: the whole chart). Raises PriceGameError for anything
    else; ``state`` is never changed.
    """
    prices = _check(state, rival, car, rival_car, prices)
    row = state.current_player
    n = len(prices)
    a = np.zeros((n, n))
    b = np.zeros((n, n))
    for i, j in itertools.product(range(n), repeat=2):
        a[i, j], b[i, j] = cell_payoffs(state, rival, car, rival_car, prices[i], prices[j])
    return PriceGame(state.clone(history=False), row, rival, car, rival_car, prices, a, b, name)


def cell_payoffs(state: State, rival: int, car: pricing.CarChoice, rival_car: pricing.CarChoice,
                 price: int, rival_price: int) -> tuple[float, float]:
    """The sales reputation (row company, rival) when they name ``price`` and ``rival_price``.

    Different markers: one replay with both cars on the market. The same marker: the mean of
    the two replays in which one company takes it and the other's car stays home.
    """
    mine = replace(car, price=price)
    theirs = replace(rival_car, price=rival_price)
    if price != rival_price:
        return replay(state, mine, rival, theirs)
    first = replay(state, mine, rival, None)
    second = replay(state, None, rival, theirs)
    return (first[0] + second[0]) / 2, (first[1] + second[1]) / 2


def replay(state: State, car: pricing.CarChoice | None, rival: int,
           rival_car: pricing.CarChoice | None) -> tuple[int, int]:
    """Place the cars (None: that car stays home) and score the sales with kwcore.

    The rival's car goes on the market first (as placed earlier this round); then the row
    company carries out its market step with ``pricing.play_plan``; then the round is scored,
    by kwcore itself when the step ends the action phase, else at once as
    ``pricing.sales_value`` does. Returns each company's sales reputation gained.
    """
    s = state.clone(history=False)
    if rival_car is not None:
        tech = CAR_TECH[rival_car.tech] if rival_car.tech >= 0 else None
        put_car(s, s.cfg.companies[rival], rival_car.body, rival_car.engine, rival_car.workers,
                rival_car.price, salesman=rival_car.salesman, tech=tech)
        refresh(s)
    plan = pricing.PricingPlan(car, (), None, pricing.NONE, 0, 0, "PRICE GAME")
    before = [c.score_parts[rules.SALES] for c in s.companies]
    after, _ = pricing.play_plan(s, plan, checked=False)
    if after.round == s.round and not after.is_terminal():
        rules.score_grand_prix(after)  # the laps investors look at (RULINGS K16)
        rules.score_sales(after)
    gains = [c.score_parts[rules.SALES] - b for c, b in zip(after.companies, before,
                                                            strict=True)]
    return gains[state.current_player], gains[rival]


def _check(state: State, rival: int, car: pricing.CarChoice, rival_car: pricing.CarChoice,
           prices: Sequence[int] | None) -> tuple[int, ...]:
    """Raise PriceGameError unless the request makes a price game; the prices to use."""
    try:
        inst = pricing.instance_from_state(state)
    except pricing.PricingError as exc:
        raise PriceGameError(f"not a market step: {exc}") from None
    p = inst.company
    names = state.cfg.companies
    if not inst.can_build:
        raise PriceGameError(f"{names[p]} cannot place a car now")
    if isinstance(rival, bool) or not isinstance(rival, int) or not 0 <= rival < state.players \
            or rival == p:
        raise PriceGameError(f"the rival must be another company of the game, not {rival!r}")
    if state.market.count(None) < 2:
        raise PriceGameError("the market needs two free spaces, one for each car")
    if state.buick < 0 and any("buyer5" in c.tech for c in state.companies):
        raise PriceGameError("Buick's extra buyer is still to come: the price game does not "
                             "model its owner's choice")
    problems = []
    if car.body not in inst.bodies or car.engine not in inst.engines:
        problems.append(f"{names[p]}'s workshops hold no body {car.body} and engine "
                        f"{car.engine}")
    if not 0 <= car.workers <= inst.canteen or (car.salesman and not inst.salesman):
        problems.append(f"{names[p]}'s canteen cannot staff the car")
    if car.workers + (inst.salesman_service if car.salesman else 0) < 1:
        problems.append("a car needs a worker or the salesman")
    if car.tech >= 0 and car.tech not in inst.tech:
        problems.append(f"{names[p]} cannot add that technology marker")
    other = state.companies[rival]
    if not (1 <= rival_car.body <= state.cfg.tile_max and 1 <= rival_car.engine
            <= state.cfg.tile_max):
        problems.append(f"body and engine values are 1-{state.cfg.tile_max}")
    if not 0 <= rival_car.workers <= other.supply or rival_car.workers + (
            inst.salesman_service if rival_car.salesman else 0) < 1:
        problems.append(f"{names[rival]}'s workers cannot staff its car")
    if rival_car.salesman and other.salesman != "canteen":
        problems.append(f"{names[rival]}'s salesman is not in its canteen")
    if rival_car.tech >= 0 and (rival_car.tech >= len(CAR_TECH)
                                or CAR_TECH[rival_car.tech] not in other.tech):
        problems.append(f"{names[rival]} holds no such technology marker")
    if problems:
        raise PriceGameError("; ".join(problems))
    chart = tuple(sorted(state.chart))
    try:
        chosen = chart if prices is None else tuple(prices)
    except TypeError:
        chosen = ()
    if not chosen or len(set(chosen)) != len(chosen) or not set(chosen) <= set(chart):
        raise PriceGameError(f"prices must be distinct markers of the chart {chart}, "
                             f"not {prices!r}")
    return chosen


# --- equilibria and degeneracy ----------------------------------------------------------------
def equilibria(game: PriceGame, method: str = "vertex") -> list[Equilibrium]:
    """The Nash equilibria nashpy finds by vertex or support enumeration, duplicates removed.

    Strictly dominated markers are removed first (no equilibrium plays them), then nashpy
    enumerates the rest. In a non-degenerate game both methods list every equilibrium. In a
    degenerate one they may list only some (see ``degeneracy``): vertex enumeration finds the
    extreme equilibria of each component, support enumeration one point per support pair it can
    solve. The cost grows fast with the markers left: under a second for 6, 15-30 s for 8.
    """
    return _unique(game, _enumerate(game, method)[0])


def _enumerate(game: PriceGame, method: str) -> tuple[list[tuple[np.ndarray, np.ndarray]], bool]:
    """Raw equilibria (full-length strategies) and whether nashpy warned of degeneracy."""
    if method not in METHODS:
        raise PriceGameError(f"method is one of {', '.join(METHODS)}, not {method!r}")
    rows, cols = (list(map(game.prices.index, kept)) for kept in dominance(game).survivors)
    a = game.row_payoffs[np.ix_(rows, cols)]
    b = game.col_payoffs[np.ix_(rows, cols)]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        if min(a.shape) == 1:  # one marker left for a company: its best replies' vertices
            found = _one_sided(a, b)
        elif method == "vertex":
            # Best-response polytopes need positive payoffs; a constant changes no equilibrium.
            shift = 1 - min(a.min(), b.min())
            found = list(nashpy.Game(a + shift, b + shift).vertex_enumeration())
        else:
            found = list(nashpy.Game(a, b).support_enumeration())
    warned = any(issubclass(w.category, RuntimeWarning) and "degenerate" in str(w.message)
                 for w in caught)
    n = len(game.prices)
    full = []
    for x, y in found:
        fx, fy = np.zeros(n), np.zeros(n)
        fx[rows], fy[cols] = x, y
        full.append((fx, fy))
    return full, warned


def _one_sided(a: np.ndarray, b: np.ndarray) -> list[tuple[np.ndarray, np.ndarray]]:
    """The pure equilibria when a company has one marker left (nashpy's enumerations need two
    on each side): the other company's best replies to it."""
    rows, cols = a.shape
    out = []
    for i, j in itertools.product(range(rows), range(cols)):
        if a[i, j] >= a[:, j].max() - TOLERANCE and b[i, j] >= b[i].max() - TOLERANCE:
            out.append((np.eye(rows)[i], np.eye(cols)[j]))
    return out


def _unique(game: PriceGame, found: list[tuple[np.ndarray, np.ndarray]]) -> list[Equilibrium]:
    out: list[Equilibrium] = []
    seen = set()
    for x, y in found:
        x, y = _clean(x), _clean(y)
        key = (tuple(np.round(x, 9)), tuple(np.round(y, 9)))
        if key in seen:
            continue
        seen.add(key)
        out.append(Equilibrium(tuple(float(v) for v in x), tuple(float(v) for v in y),
                               float(x @ game.row_payoffs @ y), float(x @ game.col_payoffs @ y)))
    return out


def _clean(x: np.ndarray) -> np.ndarray:
    """A probability vector without floating-point dust."""
    x = np.where(np.abs(x) < TOLERANCE, 0.0, np.asarray(x, dtype=float))
    return x / x.sum()


def best_responses(game: PriceGame, player: int, against: Sequence[float]) -> tuple[int, ...]:
    """The indices of ``player``'s (0 row, 1 rival) pure best responses to a mixed strategy."""
    if player == 0:
        values = game.row_payoffs @ np.asarray(against, dtype=float)
    else:
        values = np.asarray(against, dtype=float) @ game.col_payoffs
    top = values.max()
    return tuple(int(k) for k in np.flatnonzero(values >= top - TOLERANCE))


def degeneracy(game: PriceGame) -> Degeneracy:
    """Signs that the game is degenerate, so that some equilibria may be missing.

    A game is non-degenerate when no mixed strategy with k markers in its support has more
    than k pure best responses. This checks the cases that can be checked cheaply: every pure
    strategy (more than one pure best response), every equilibrium found, nashpy's own warning
    (an even number of equilibria), and whether the two enumerations disagree. Finding none of
    these does not prove the game non-degenerate.
    """
    n = len(game.prices)
    names = game.companies()
    reasons = []
    for player in (0, 1):
        # Pure markers of one company with more than one best reply of the other.
        tied = [game.prices[k] for k in range(n)
                if len(best_responses(game, 1 - player, np.eye(n)[k])) > 1]
        if tied:
            reasons.append(f"{names[1 - player]} has several best replies to {names[player]}'s "
                           f"marker{'s' if len(tied) > 1 else ''} {', '.join(map(str, tied))}")
    vertex = _unique(game, _enumerate(game, "vertex")[0])
    for e in vertex:
        for player, mine in ((0, e.row), (1, e.col)):
            support = sum(1 for v in mine if v > TOLERANCE)
            replies = best_responses(game, 1 - player, mine)
            if len(replies) > support:
                reasons.append(f"{names[player]}'s equilibrium strategy on {support} "
                               f"marker(s) has {len(replies)} best replies")
    support_found, warned = _enumerate(game, "support")
    if warned:
        reasons.append(f"nashpy: support enumeration found an even number "
                       f"({len(support_found)}) of equilibria")
    if _as_set(vertex) != _as_set(_unique(game, support_found)):
        reasons.append("vertex and support enumeration found different equilibria")
    return Degeneracy(bool(reasons), tuple(dict.fromkeys(reasons)))


def _as_set(eqs: list[Equilibrium]) -> set[tuple[tuple[float, ...], tuple[float, ...]]]:
    return {(tuple(round(v, 6) for v in e.row), tuple(round(v, 6) for v in e.col)) for e in eqs}


# --- dynamics and dominance ---------------------------------------------------------------------
def best_response_dynamics(game: PriceGame, start: tuple[int, int] | None = None,
                           max_steps: int = 100) -> Dynamics:
    """Alternating best replies from a pair of markers (default: both on the highest).

    The row company moves first, then the rival, and so on. A company already on a best reply
    stays; otherwise it takes its best reply with the lowest price. Stops at a pure equilibrium
    (nobody moves) or when a pair of markers repeats (a cycle, as in an Edgeworth price cycle).
    """
    prices = game.prices
    n = len(prices)
    if start is None:
        start = (prices[-1], prices[-1])
    if not isinstance(start, tuple) or len(start) != 2 or start[0] not in prices \
            or start[1] not in prices:
        raise PriceGameError(f"start must be two markers of {prices}, not {start!r}")
    i, j = prices.index(start[0]), prices.index(start[1])
    path = [(i, j)]
    idle = 0
    for step in range(max_steps):
        player = step % 2
        replies = best_responses(game, player, np.eye(n)[j if player == 0 else i])
        mine = i if player == 0 else j
        if mine in replies:
            idle += 1
            if idle == 2:
                return Dynamics(_priced(game, path), True, ())
            continue
        idle = 0
        if player == 0:
            i = replies[0]
        else:
            j = replies[0]
        if (i, j) in path:
            loop = path[path.index((i, j)):]
            path.append((i, j))
            return Dynamics(_priced(game, path), False, _priced(game, loop))
        path.append((i, j))
    return Dynamics(_priced(game, path), False, ())


def _priced(game: PriceGame, pairs: list[tuple[int, int]]) -> tuple[tuple[int, int], ...]:
    return tuple((game.prices[i], game.prices[j]) for i, j in pairs)


def dominance(game: PriceGame) -> Dominance:
    """Prices strictly and weakly dominated by another price, and what survives the iterated
    elimination of strictly dominated prices (pure strategies only)."""
    a, b = game.row_payoffs, game.col_payoffs.T  # each company's payoffs, own marker by row
    rows, cols = list(range(len(game.prices))), list(range(len(game.prices)))
    while True:
        out_r = _dominated(a[np.ix_(rows, cols)], strict=True)
        out_c = _dominated(b[np.ix_(cols, rows)], strict=True)
        if not out_r and not out_c:
            break
        rows = [r for k, r in enumerate(rows) if k not in out_r]
        cols = [c for k, c in enumerate(cols) if k not in out_c]
    p = game.prices

    def named(found: dict[int, int]) -> dict[int, int]:
        return {p[k]: p[v] for k, v in found.items()}

    return Dominance(named(_dominated(a, True)), named(_dominated(a, False)),
                     named(_dominated(b, True)), named(_dominated(b, False)),
                     (tuple(p[r] for r in rows), tuple(p[c] for c in cols)))


def _dominated(m: np.ndarray, strict: bool) -> dict[int, int]:
    """Rows of ``m`` dominated by another row: row -> the first row dominating it."""
    out = {}
    for k, other in itertools.permutations(range(m.shape[0]), 2):
        if k in out:
            continue
        diff = m[other] - m[k]
        if (diff > TOLERANCE).all() if strict else \
                (diff > -TOLERANCE).all() and (diff > TOLERANCE).any():
            out[k] = other
    return out


# --- pictures and words -------------------------------------------------------------------------
def heatmap(game: PriceGame) -> Any:
    """Both payoff matrices as annotated heat maps (a matplotlib Figure); pure equilibria are
    framed."""
    from matplotlib.figure import Figure
    from matplotlib.patches import Rectangle

    row_name, col_name = game.companies()
    fig = Figure(figsize=(4.2 * 2 + 1, 3.8), layout="constrained")
    axes = fig.subplots(1, 2)
    pure = [(e.row.index(max(e.row)), e.col.index(max(e.col)))
            for e in equilibria(game) if e.is_pure()]
    labels = [str(x) for x in game.prices]
    for ax, m, who in ((axes[0], game.row_payoffs, row_name),
                       (axes[1], game.col_payoffs, col_name)):
        image = ax.imshow(m, cmap="viridis", origin="upper")
        fig.colorbar(image, ax=ax, shrink=0.8, label=f"{who}'s sales reputation")
        ax.set_xticks(range(len(labels)), labels)
        ax.set_yticks(range(len(labels)), labels)
        ax.set_xlabel(f"{col_name}'s price marker")
        ax.set_ylabel(f"{row_name}'s price marker")
        ax.set_title(f"{who}'s payoff")
        top = m.max()
        for i, j in itertools.product(range(len(labels)), repeat=2):
            ax.text(j, i, f"{m[i, j]:g}", ha="center", va="center",
                    color="black" if m[i, j] > 0.6 * top else "white", fontsize=8)
        for i, j in pure:
            ax.add_patch(Rectangle((j - 0.5, i - 0.5), 1, 1, fill=False, edgecolor="red",
                                   linewidth=2))
    fig.suptitle(game.name or "price game")
    return fig


def summary(game: PriceGame) -> str:
    """The equilibria in plain English, with what they do not prove."""
    row_name, col_name = game.companies()
    lines = [f"{row_name} against {col_name}, markers {', '.join(map(str, game.prices))}."]
    for e in equilibria(game):
        lines.append(f"- equilibrium: {row_name} {_mix(game, e.row)}, {col_name} "
                     f"{_mix(game, e.col)}; expected sales {e.row_value:g} and "
                     f"{e.col_value:g}")
    d = degeneracy(game)
    if d.degenerate:
        lines.append("The game is degenerate, so there may be more equilibria than shown "
                     "(even infinitely many): " + "; ".join(d.reasons) + ".")
    else:
        lines.append("No sign of degeneracy was found by the cheap checks (not a proof).")
    return "\n".join(lines)


def _mix(game: PriceGame, x: tuple[float, ...]) -> str:
    parts = [f"{p} ({v:.0%})" if v < 1 - TOLERANCE else str(p)
             for p, v in zip(game.prices, x, strict=True) if v > TOLERANCE]
    return "plays " + " or ".join(parts)


# --- built-in examples --------------------------------------------------------------------------
def _bystander_market(active: Sequence[str], red_cars: Sequence[tuple[int, int, int, int]],
                      bodies: tuple[int, int] = (5, 5)) -> State:
    """A round-2 position of three companies at Green's last market step (the market marker
    drops to 0, RULINGS K4): Green and Blue each have a car ready (``bodies``, engine 2) and
    Red's cars (body, engine, workers, price) take the buyers nobody else could win."""
    s = mid_game(3, 2, [22, 22, 20])
    recruit_row(s)
    for name, body in zip(("Green", "Blue"), bodies, strict=True):
        research(s, name, body, 2, [("body", body), ("engine", 2)])
        workers(s, name, 1, 0)
    workers(s, "Red", 0, 0)
    for body, engine, crew, price in red_cars:
        put_car(s, "Red", body, engine, crew, price)
    settle(s)
    return market_step(s, "Green", active)


def price_war() -> PriceGame:
    """Undercutting (Bertrand): one body buyer for two equal cars; the cheaper one sells.

    The engine and service buyers take Red's cars (engine 6, service 3, engine 5); Red's price
    markers 9, 11 and 12 leave 2, 3, 5, 6 and 8 on the chart.
    """
    s = _bystander_market(["engine", "service", "body", "engine"],
                          [(1, 6, 1, 12), (1, 1, 3, 11), (1, 5, 1, 9)])
    return build(s, 1, READY, READY, name="price war")


def price_cycle() -> PriceGame:
    """An Edgeworth cycle: the price buyer (paying double) takes the cheaper of the two equal
    cars, then the body buyer the other one. No pair of markers is stable."""
    s = _bystander_market(["price", "body", "engine", "service"],
                          [(1, 6, 1, 12), (1, 1, 3, 11), (1, 1, 1, 9)])
    return build(s, 1, READY, READY, name="price cycle")


def no_contest() -> PriceGame:
    """A degenerate game: Green's body 6 car is the only one the body buyer wants, and Blue's
    body 3 car never sells (Red's body 4 cars come before it), so every marker is as good as
    any other for Blue. Red's four cars leave the markers 2, 3, 5 and 6."""
    s = _bystander_market(["engine", "service", "body", "engine"],
                          [(1, 6, 1, 12), (1, 1, 3, 11), (4, 5, 1, 9), (4, 4, 1, 8)], (6, 3))
    return build(s, 1, replace(READY, body=6), replace(READY, body=3), name="no contest")


READY = pricing.CarChoice(body=5, engine=2, workers=1, salesman=False, price=0, tech=-1)
EXAMPLES: dict[str, Callable[[], PriceGame]] = {
    "price_war": price_war,
    "price_cycle": price_cycle,
    "no_contest": no_contest,
}


def example(name: str) -> PriceGame:
    """A built-in price game by name (see ``EXAMPLES``)."""
    if name not in EXAMPLES:
        raise PriceGameError(f"no example {name!r}; choose from {', '.join(EXAMPLES)}")
    return EXAMPLES[name]()


__all__ = [
    "Degeneracy", "Dominance", "Dynamics", "EXAMPLES", "Equilibrium", "METHODS", "PriceGame",
    "PriceGameError", "READY", "best_response_dynamics", "best_responses", "build",
    "cell_payoffs", "degeneracy", "dominance", "equilibria", "example", "heatmap", "no_contest",
    "price_cycle", "price_war", "replay", "summary",
]
