"""The auction as a game: subgame-perfect bids for the last cars, a one-car bid game in normal
form, and the English auction against sealed bids on the same valuations.

**Backward induction** (``solve_auction``): from an auction position of the engine (the last
two or three cars, say) with given valuations (``values[player][car]`` in $1K: what owning the
car is worth to him, from ``valuation.car_values`` or stated) every player's payoff is the value
of the cars he buys from here less what he pays. The engine carries out every rule: bids in
$10K steps within the bidder's cash, no re-entry after a pass, the carless-only rule, the $30K
minimums, the forced $30K car, a car passed by all going to the bottom and then to the dealer
(F1-07 .. F1-16, RF3). The position is searched with explicit chance (the car cards not yet
revealed come in uniformly random order, F1-06: an expectation, never the seeded future) and a
memo over positions; an indifferent player takes the lowest action id (``pass`` before any bid,
lower bids before higher): a subgame-perfect equilibrium with that stated tie rule, one of
possibly many.

**The one-car bid game** (``bid_game``): two players bid once, sealed, for the last car
(everyone owns one, so F1-15 applies: if both pass the dealer takes it for $10K); the highest
bid wins and pays his bid (first price), equal bids toss a coin. ``pure_equilibria`` lists
every pure Nash equilibrium; ``support_enumeration`` lists those nashpy's support enumeration
finds (supports of equal size), checked exactly. Bid games are degenerate (many payoff ties),
and a degenerate game can have equilibria with supports of unequal size, or continua, that
support enumeration does not list: it shows some equilibria, not all.

**English against sealed bids** (``compare_formats``): on the same two valuations, the engine's
open ascending auction solved by backward induction, the first-price sealed bid (its pure
equilibria), and the second-price sealed bid (bidding one's value is weakly dominant).
"""

from __future__ import annotations

import itertools
import json
import random
import warnings
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import nashpy
import numpy as np

import formel1
from formel1 import ACTIONS, State, config_for

STEP = config_for(2).bid_step
Vector = tuple[Fraction, ...]


class AuctionError(ValueError):
    """The request cannot be answered (not an auction, bad valuations or budgets)."""


# --- backward induction on the engine's auction ------------------------------------------------
@dataclass(frozen=True)
class AuctionSolution:
    """``solve_auction``'s answer: every player's expected payoff in $1K under the equilibrium,
    each legal decision's payoff vector, the equilibrium line up to the next chance node."""

    payoffs: tuple[Fraction, ...]
    choices: tuple[tuple[str, tuple[Fraction, ...]], ...]  # (action, payoffs after it)
    best: str
    line: tuple[tuple[str, str], ...]  # (who, action) until the end or the next reveal
    positions: int  # distinct positions valued


def explicit(state: State, money: Sequence[int] | None = None) -> State:
    """A copy of ``state`` with explicit chance (no seed: reveals are chance decisions) and, if
    given, every player's cash set to ``money`` (the budgets), loaded through the checks."""
    data: dict[str, Any] = json.loads(state.to_json())
    data.update(seed=None, draws=0)
    if money is not None:
        data["money"] = list(money)
    return formel1.from_json(json.dumps(data))


def auction_endgame(players: int, seed: int, cars_left: int, money: Sequence[int],
                    everyone_owns: bool = False) -> State:
    """An explicit-chance auction position with at most ``cars_left`` cars to bid (the one on
    offer counted, no bid on it yet) and the budgets ``money``: the first such position of a
    seeded game bid at random, of the first seed from ``seed`` on that has one (with
    ``everyone_owns``: where every player already owns a car)."""
    for tried in range(seed, seed + 200):
        s = formel1.new_game(players=players, seed=tried, races=1)
        rng = random.Random(tried)
        while s.phase in ("auction", "deal", "dealer", "starter", "remove"):
            unsold = sum(1 for o in s.owner if o < 0)
            if s.phase == "auction" and s.current_player >= 0 and s.high_bid == 0 \
                    and unsold <= cars_left:
                if not everyone_owns or set(s.owner) >= set(range(players)):
                    return explicit(s, money)
                break
            s.apply_unchecked(rng.choice(s.legal_action_ids()))
    raise AuctionError("no such auction position from that seed")


def payoffs(root: State, s: State, values: Sequence[Sequence[float]]) -> Vector:
    """Each player's value of the cars bought since ``root`` less the money paid since."""
    out = []
    for p in range(root.players):
        won = sum((Fraction(values[p][c]) for c in range(len(s.owner))
                   if root.owner[c] < 0 and s.owner[c] == p), Fraction(0))
        out.append(won - (root.money[p] - s.money[p]))
    return tuple(out)


class _Induction:
    def __init__(self, root: State, values: Sequence[Sequence[float]]) -> None:
        self.root, self.values = root, values
        self.memo: dict[Any, tuple[Vector, int]] = {}
        self.fields = tuple(f for f in State.DATA_FIELDS if f != "events")

    def solve(self, s: State) -> tuple[Vector, int]:
        """The equilibrium payoffs from ``s`` and the decision taken there (-1 at chance)."""
        if s.phase != "auction":
            return payoffs(self.root, s, self.values), -1
        key = tuple(getattr(s, f) for f in self.fields)
        hit = self.memo.get(key)
        if hit is not None:
            return hit
        if s.current_player < 0:  # chance reveals the next car card (F1-06)
            total = [Fraction(0)] * s.players
            for action, prob in s.chance_outcomes():
                vec = self.solve(s.child(action))[0]
                total = [t + Fraction(prob).limit_denominator(1000) * v
                         for t, v in zip(total, vec, strict=True)]
            result: tuple[Vector, int] = (tuple(total), -1)
        else:
            mover = s.current_player
            best: Vector | None = None
            best_aid = -1
            for aid in s.legal_action_ids():  # id order: ties go to the lowest id
                vec = self.solve(s.child(aid))[0]
                if best is None or vec[mover] > best[mover]:
                    best, best_aid = vec, aid
            assert best is not None
            result = (best, best_aid)
        self.memo[key] = result
        return result


def solve_auction(state: State, values: Sequence[Sequence[float]]) -> AuctionSolution:
    """Subgame-perfect bids from an auction position (module docstring): each player's
    expected payoff, every legal decision's payoffs, and the equilibrium line."""
    if state.phase != "auction":
        raise AuctionError(f"the position is in the {state.phase} phase, not the auction")
    if len(values) != state.players or any(len(v) != len(state.cfg.colours) for v in values):
        raise AuctionError("give one value per car (6) for every player")
    root = explicit(state) if state.seed is not None else state.clone(history=False)
    search = _Induction(root, values)
    top, best = search.solve(root)
    if root.current_player < 0:
        choices: tuple[tuple[str, Vector], ...] = ()
    else:
        choices = tuple((str(ACTIONS[a]), search.solve(root.child(a))[0])
                        for a in root.legal_action_ids())
    line: list[tuple[str, str]] = []
    s = root
    while s.phase == "auction" and s.current_player >= 0:
        aid = search.solve(s)[1]
        line.append((f"Player {s.current_player}", str(ACTIONS[aid])))
        s = s.child(aid)
    return AuctionSolution(top, choices, str(ACTIONS[best]) if best >= 0 else "chance",
                           tuple(line), len(search.memo))


# --- the one-car bid game in normal form --------------------------------------------------------
@dataclass(frozen=True)
class BidGame:
    """A two-player bimatrix game: ``row[i]``, ``col[j]`` the bids ($1K, 0 = pass), ``a[i][j]``
    and ``b[i][j]`` the row's and the column's expected payoffs."""

    row: tuple[int, ...]
    col: tuple[int, ...]
    a: tuple[tuple[Fraction, ...], ...]
    b: tuple[tuple[Fraction, ...], ...]


def bid_options(budget: int, minimum: int = config_for(2).min_price) -> tuple[int, ...]:
    """Pass (0) or a bid from the minimum to the budget in $10K steps (F1-10, RF3)."""
    return (0, *range(minimum, budget // STEP * STEP + 1, STEP))


def sealed_outcome(bids: Sequence[int], values: Sequence[int], price_rule: str = "first",
                   dealer: int = 1) -> tuple[Fraction, ...]:
    """Expected payoffs of one sealed round for the last car: the highest bid wins (equal
    bids toss a coin) and pays his bid (``first``) or the other's (``second``); if all pass,
    the dealer takes it for $10K (F1-15)."""
    cfg = config_for(2)
    top = max(bids)
    if top == 0:
        return tuple(Fraction(values[p] - cfg.dealer_price) if p == dealer else Fraction(0)
                     for p in range(len(bids)))
    winners = [p for p, b in enumerate(bids) if b == top]
    second = max([b for p, b in enumerate(bids) if p not in winners] or [top])
    price = top if price_rule == "first" else max(second, cfg.min_price)
    share = Fraction(1, len(winners))
    return tuple(share * (values[p] - price) if p in winners else Fraction(0)
                 for p in range(len(bids)))


def bid_game(values: Sequence[int], budgets: Sequence[int], price_rule: str = "first",
             dealer: int = 1) -> BidGame:
    """The one-car sealed bid game between two players with these values and budgets."""
    if len(values) != 2 or len(budgets) != 2:
        raise AuctionError("the bid game is between two players")
    row, col = bid_options(budgets[0]), bid_options(budgets[1])
    cells = [[sealed_outcome((r, c), values, price_rule, dealer) for c in col] for r in row]
    return BidGame(row, col, tuple(tuple(x[0] for x in line) for line in cells),
                   tuple(tuple(x[1] for x in line) for line in cells))


def pure_equilibria(game: BidGame) -> list[tuple[int, int]]:
    """Every pure Nash equilibrium as (row index, column index)."""
    out = []
    for i, j in itertools.product(range(len(game.row)), range(len(game.col))):
        if game.a[i][j] == max(game.a[k][j] for k in range(len(game.row))) \
                and game.b[i][j] == max(game.b[i][k] for k in range(len(game.col))):
            out.append((i, j))
    return out


def support_enumeration(game: BidGame) -> list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]]:
    """The Nash equilibria nashpy's support enumeration finds (module docstring: not all of
    them in a degenerate game), as (row mix, column mix) in exact fractions.

    nashpy works in floating point: each mix is rounded to the nearest fraction with a small
    denominator and kept only if ``is_equilibrium`` confirms it exactly."""
    a = np.array([[float(v) for v in row] for row in game.a])
    b = np.array([[float(v) for v in row] for row in game.b])
    found: list[tuple[tuple[Fraction, ...], tuple[Fraction, ...]]] = []
    with warnings.catch_warnings():  # the degeneracy warning: the docstring says it once
        warnings.simplefilter("ignore", RuntimeWarning)
        pairs = list(nashpy.Game(a, b).support_enumeration())
    for x, y in pairs:
        pair = (_exact(x), _exact(y))
        if all(sum(m) == 1 and min(m) >= 0 for m in pair) and pair not in found \
                and is_equilibrium(game, *pair):
            found.append(pair)
    return found


def _exact(mix: Any) -> tuple[Fraction, ...]:
    """A float mix from nashpy as the nearest fractions with denominators up to 1,000 (the
    caller keeps it only if it sums to one and checks out exactly)."""
    return tuple(Fraction(float(w)).limit_denominator(1_000) for w in mix)


def expected(game: BidGame, x: Sequence[Fraction], y: Sequence[Fraction]
             ) -> tuple[Fraction, Fraction]:
    """Both players' expected payoffs under the mixes ``x`` (row) and ``y`` (column)."""
    ea = sum((x[i] * y[j] * game.a[i][j] for i in range(len(x)) for j in range(len(y))),
             Fraction(0))
    eb = sum((x[i] * y[j] * game.b[i][j] for i in range(len(x)) for j in range(len(y))),
             Fraction(0))
    return ea, eb


def is_equilibrium(game: BidGame, x: Sequence[Fraction], y: Sequence[Fraction]) -> bool:
    """No pure deviation gains either player anything."""
    ea, eb = expected(game, x, y)
    rows = range(len(game.row))
    cols = range(len(game.col))
    best_a = max(sum((y[j] * game.a[i][j] for j in cols), Fraction(0)) for i in rows)
    best_b = max(sum((x[i] * game.b[i][j] for i in rows), Fraction(0)) for j in cols)
    return best_a <= ea and best_b <= eb


# --- English against sealed bids ----------------------------------------------------------------
@dataclass(frozen=True)
class FormatResult:
    """One auction format on the same valuations: who wins with what chance, the expected
    price paid (the bank's revenue) and both expected payoffs."""

    format: str
    win_chance: tuple[Fraction, Fraction]
    revenue: Fraction
    payoffs: tuple[Fraction, Fraction]
    note: str


def compare_formats(values: Sequence[int], budgets: Sequence[int], seed: int = 0
                    ) -> list[FormatResult]:
    """The last car between two players who each own a car, valued ``values``: the engine's
    English auction by backward induction, the first-price sealed bid (each pure equilibrium),
    the second-price sealed bid (everyone bids his value, rounded down to $10K, within his
    budget)."""
    state = auction_endgame(2, seed, 1, budgets, everyone_owns=True)
    cfg = state.cfg
    car = state.offer
    table = [[0] * len(cfg.colours) for _ in range(2)]
    for p in range(2):
        table[p][car] = values[p]
    english = solve_auction(state, table)
    s = state
    for _, action in english.line:
        s = s.child(s.resolve(action))
    buyer = s.owner[car]
    price = Fraction(state.money[buyer] - s.money[buyer])
    chance = (Fraction(int(buyer == 0)), Fraction(int(buyer == 1)))
    out = [FormatResult("english", chance, price, (english.payoffs[0], english.payoffs[1]),
                        f"open ascending, dealer Player {state.dealer}, Player "
                        f"{(state.dealer + 1) % 2} bids first; subgame perfect, ties to pass")]
    dealer = state.dealer
    game = bid_game(values, budgets, "first", dealer)
    for i, j in pure_equilibria(game):
        bids = (game.row[i], game.col[j])
        out.append(_sealed("first price", bids, values, dealer,
                           f"pure equilibrium, bids {bids[0]} and {bids[1]}"))
    truthful = tuple(min(v // STEP * STEP, b // STEP * STEP) for v, b in
                     zip(values, budgets, strict=True))
    honest = tuple(b if b >= cfg.min_price else 0 for b in truthful)
    out.append(_sealed("second price", honest, values, dealer,
                       f"truthful bids {honest[0]} and {honest[1]} (weakly dominant)", "second"))
    return out


def _sealed(name: str, bids: Sequence[int], values: Sequence[int], dealer: int, note: str,
            rule: str = "first") -> FormatResult:
    pay = sealed_outcome(bids, values, rule, dealer)
    top = max(bids)
    if top == 0:
        chance = tuple(Fraction(int(p == dealer)) for p in range(2))
        revenue = Fraction(config_for(2).dealer_price)
    else:
        winners = [p for p, b in enumerate(bids) if b == top]
        chance = tuple(Fraction(int(p in winners), len(winners)) for p in range(2))
        revenue = sum((chance[p] * (values[p] - pay[p] / chance[p]) for p in winners),
                      Fraction(0))
    return FormatResult(name, (chance[0], chance[1]), revenue, (pay[0], pay[1]), note)


__all__ = ["AuctionError", "AuctionSolution", "BidGame", "FormatResult", "auction_endgame",
           "bid_game", "bid_options", "compare_formats", "expected", "explicit",
           "is_equilibrium", "payoffs", "pure_equilibria", "sealed_outcome", "solve_auction",
           "support_enumeration"]
