"""Formel 1's workshop: studies, figures and solutions (notebook ``12_formel1_workshop``).

Five exercises on the solvers of ``solvers/formel1``: what a car is worth
(``valuation.car_values`` against the plain count of movement points), bidding by backward
induction (``auction.solve_auction``, checked here against a plain exhaustive game tree), the
winner's curse (a seeded common-value simulation), English against sealed bids
(``auction.compare_formats``) and when to play the big card (``race.solve`` on an open-hand
endgame). Each ``exercise_*`` function works the solution out from what the notebook computed,
checks what it claims with ``assert`` and returns a ``kwwidgets.solutions.Solution``, shown
behind a "Show the solution" button by ``solutions.show``, as in ``05_workshop``.

The cards and tracks are synthetic (rulings RF1, RF2); every figure says so.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

import numpy as np
from matplotlib.figure import Figure

import formel1
from formel1 import ACTIONS, State, config_for
from formel1.actions import Bid
from kwwidgets.solutions import KwFigure, Solution
from solvers.formel1 import auction, race, valuation
from solvers.formel1.race import Z95

COLOURS = config_for(2).colours
#: The note on every figure of Formel 1's data (RF1, RF2), in plain words: no rule code.
SYNTHETIC = "synthetic cards and track data"
#: Matplotlib colours of the six cars (the board's, with a visible yellow and black).
CAR_COLOURS = {"Black": "#333333", "Yellow": "#e0b000", "Blue": "#1f5fbf",
               "Orange": "#f07f00", "Red": "#c62828", "Green": "#2e7d32"}


def _note(fig: Figure) -> None:
    fig.text(0.995, 0.01, SYNTHETIC, ha="right", va="bottom", fontsize=8, color="#a00000")


# --- exercise 1: what a car is worth ------------------------------------------------------------
def start_position(seed: int = 1, grid: Sequence[int] = (0, 1, 2, 3, 4, 5),
                   owner: Sequence[int] = (0, 1, 2, 0, 1, 2)) -> State:
    """A three-player race about to start: Player 0 holds the hand a seeded deal gives him,
    the cars stand on the grid in the order ``grid`` (car indices, pole first) and ``owner[c]``
    owns car ``c`` (``valuation.race_start``)."""
    hand = formel1.new_game(players=3, seed=seed).hands[0]
    return valuation.race_start(3, 0, list(hand), grid, owner, seed=seed)


def slot_of(state: State, colour: str) -> int:
    """The car's grid slot, 1 = pole (F1-17)."""
    return state.revealed.index(COLOURS.index(colour)) + 1


def worth_figure(state: State, values: valuation.Valuation) -> Figure:
    """Each car's estimated prize (95% interval) beside the movement points the hand gives it."""
    points = valuation.hand_points(state.hands[values.player])
    names = [f"{c.car} (slot {slot_of(state, c.car)})" for c in values.cars]
    colours = [CAR_COLOURS[c.car] for c in values.cars]
    fig = KwFigure(figsize=(9.5, 3.4))
    left, right = fig.subplots(1, 2)
    means = [c.mean for c in values.cars]
    errors = [[c.mean - c.low for c in values.cars], [c.high - c.mean for c in values.cars]]
    left.barh(names, means, xerr=errors, color=colours, capsize=3)
    left.invert_yaxis()
    left.set_xlabel("expected prize, $1K (95% interval)")
    left.set_title(f"What each car is worth to Player {values.player}\n"
                   f"(Monte Carlo, {values.deals} deals, greedy play)", fontsize=10)
    right.barh(names, [points[c.car] for c in values.cars], color=colours)
    right.invert_yaxis()
    right.set_xlabel("movement points in Player 0's hand")
    right.set_title(f"The plain count (and {points['White']} white points)", fontsize=10)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    _note(fig)
    return fig


def exercise_1(state: State, values: valuation.Valuation, variant: State,
               variant_values: valuation.Valuation, late: State, exact: valuation.Valuation,
               sampled: valuation.Valuation) -> Solution:
    """The count of points picks the wrong car; what owning it changes; MC agrees with the
    exact values where both exist (with the values drawn, ``worth_figure``)."""
    points = valuation.hand_points(state.hands[values.player])
    per_colour = valuation.hand_points(state.deck())
    deck_points = per_colour[COLOURS[0]]
    assert all(per_colour[c] == deck_points for c in COLOURS)  # every colour alike (RF1)
    by_points = max(COLOURS, key=lambda c: points[c])
    top = max(values.cars, key=lambda c: c.mean)
    counted = values.of(by_points)
    assert top.car != by_points and top.low > counted.high  # the count picks the wrong car
    assert points[top.car] < points[by_points]
    car = COLOURS.index(by_points)
    assert state.owner[car] != values.player and variant.owner[car] == values.player
    before, after = counted, variant_values.of(by_points)
    overlap = after.low <= before.high
    assert exact.method == "exact" and sampled.method == "monte carlo"
    inside = [e.car for e, m in zip(exact.cars, sampled.cars, strict=True)
              if m.low - 1e-9 <= e.mean <= m.high + 1e-9]
    assert inside == list(COLOURS)  # every interval holds the exact value on this seed
    lines = [f"{'car':7} {'slot':>4} {'owner':>6} {'points':>6}  {'estimate':>8}  95% interval",
             *(f"{c.car:7} {slot_of(state, c.car):4} {state.owner[COLOURS.index(c.car)]:6} "
               f"{points[c.car]:6}  {c.mean:8.0f}  {c.low:.0f} to {c.high:.0f}"
               for c in values.cars),
             f"{by_points} owned by Player {values.player}: {after.mean:.0f} ({after.low:.0f} "
             f"to {after.high:.0f})",
             "", f"late position: {exact.deals} deals enumerated exactly",
             f"{'car':7} {'exact':>6}  Monte Carlo ({sampled.deals} deals)",
             *(f"{e.car:7} {e.mean:6.1f}  {m.mean:.1f} ({m.low:.1f} to {m.high:.1f})"
               for e, m in zip(exact.cars, sampled.cars, strict=True))]
    return Solution(
        "1",
        f"The plain count ranks **{by_points}** first ({points[by_points]} points), yet it is "
        f"worth only about ${counted.mean:.0f}K; **{top.car}**, with {points[top.car]} points, "
        f"is worth about ${top.mean:.0f}K from grid slot {slot_of(state, top.car)}. The "
        "intervals do not overlap, so this is not sampling noise. Why the count misleads: "
        f"the deck holds the same {deck_points} points for every colour, so points in your "
        "hand are points missing from the others' hands; the grid slot counts; and a card "
        "is played by the player who holds it, when it suits him, whoever owns the car: "
        f"{by_points} belongs to Player {state.owner[car]}, not to you. If you owned "
        f"{by_points} (the second position), it would be worth "
        f"about ${after.mean:.0f}K ({after.low:.0f} to {after.high:.0f}) against "
        f"${before.mean:.0f}K ({before.low:.0f} to {before.high:.0f}): "
        + ("the intervals overlap, so 40 deals cannot tell whether owning it matters; more "
           "samples would. " if overlap else "clearly more. ")
        + "\n\n**What is estimated:** each value is a Monte Carlo mean over deals of the "
        "hidden hands with a 95% interval (sampling error only), under one model of play "
        "(every seat the greedy bot), not best play. On the late position, with few cards "
        f"unseen, the {exact.deals} deals are enumerated and the values are **exact** for "
        "that model: each Monte Carlo interval contains its exact value (a 95% interval "
        "misses one time in twenty; here none does).",
        tuple(lines), worth_figure(state, values))


# --- exercise 2: bidding by backward induction ------------------------------------------------
def exhaustive_auction(root: State, values: Sequence[Sequence[float]]
                       ) -> tuple[tuple[Fraction, ...], int]:
    """The auction from ``root`` by a plain game tree: every line enumerated, no memo, chance
    averaged, each player taking his best choice (the lowest action id on a tie, as
    ``auction.solve_auction``); every player's payoff and the number of nodes visited."""
    nodes = 0

    def value(s: State) -> tuple[Fraction, ...]:
        nonlocal nodes
        nodes += 1
        if s.phase != "auction":
            return auction.payoffs(root, s, values)
        if s.current_player < 0:  # the next car card, revealed by chance (F1-06)
            total = [Fraction(0)] * s.players
            for outcome, prob in s.chance_outcomes():
                weight = Fraction(prob).limit_denominator(1000)
                total = [t + weight * v for t, v in zip(total, value(s.child(outcome)),
                                                        strict=True)]
            return tuple(total)
        best: tuple[Fraction, ...] | None = None
        for aid in s.legal_action_ids():
            v = value(s.child(aid))
            if best is None or v[s.current_player] > best[s.current_player]:
                best = v
        assert best is not None
        return best

    return value(root), nodes


def price_paid(root: State, line: Sequence[tuple[str, str]]) -> tuple[int, int]:
    """Who buys the car on offer at ``root`` on ``line`` and at what price (-1, 0: nobody on
    the line)."""
    s, car = root, root.offer
    for _, text in line:
        s = s.child(s.resolve(text))
        if s.owner[car] >= 0:
            buyer = s.owner[car]
            return buyer, root.money[buyer] - s.money[buyer]
    return -1, 0


def bids_figure(state: State, solutions: Sequence[tuple[str, auction.AuctionSolution]]
                ) -> Figure:
    """The player to bid: his payoff after each first decision, for each budget setting."""
    mover = state.current_player
    fig = KwFigure(figsize=(9.5, 3.2))
    axes = fig.subplots(1, len(solutions), squeeze=False)[0]
    for ax, (name, sol) in zip(axes, solutions, strict=True):
        labels = [a for a, _ in sol.choices]
        mine = [float(p[mover]) for _, p in sol.choices]
        ax.bar(labels, mine, color=["tab:green" if a == sol.best else "#aaaaaa"
                                    for a in labels])
        ax.set_title(f"{name}: Player {mover} opens with {sol.best}", fontsize=10)
        ax.set_ylabel(f"Player {mover}'s payoff, $1K")
        ax.tick_params(axis="x", rotation=60, labelsize=8)
    fig.suptitle("Subgame-perfect payoff of each first decision (green: the equilibrium's)",
                 fontsize=10)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    _note(fig)
    return fig


def exercise_2(state: State, values: Sequence[Sequence[int]],
               settings: Sequence[tuple[str, State, auction.AuctionSolution]],
               exhaustive: Sequence[tuple[tuple[Fraction, ...], int]]) -> Solution:
    """The backward-induction payoffs equal the exhaustive tree's; what the budgets change
    (with the bids figure, ``bids_figure``)."""
    lines = []
    for (name, root, sol), (tree, nodes) in zip(settings, exhaustive, strict=True):
        assert sol.payoffs == tree  # backward induction = the exhaustive game tree
        buyer, price = price_paid(root, sol.line)
        lines.append(f"{name}: payoffs "
                     f"{[str(p) for p in sol.payoffs]}; {sol.positions:,} positions with the "
                     f"memo, {nodes:,} nodes without")
        lines.append("  line: " + ", ".join(f"{who}: {a}" for who, a in sol.line))
        lines.append(f"  the {COLOURS[root.offer]} car goes to Player {buyer} for ${price}K"
                     if buyer >= 0 else "  nobody buys it in this round")
    (_, rich, first), (_, poor, second) = settings[0], settings[1]
    buyer, price = price_paid(rich, first.line)
    lowest = min(a.amount for a in rich.legal_actions() if isinstance(a, Bid))
    assert buyer >= 0 and lowest == state.cfg.late_minimum  # the $30K minimum (F1-12)
    mover = rich.current_player
    answers = []
    for text, _payoff in first.choices:
        if text.startswith("bid ") and int(text.split()[1]) < price:
            after = auction.solve_auction(rich.child(rich.resolve(text)), values)
            raise_ = next(((who, a) for who, a in after.line if a.startswith("bid ")), None)
            assert raise_ is not None  # a lower opening is raised
            answers.append(f"opening with {text} is answered by {raise_[0]}: {raise_[1]}")
    lines.extend(answers)
    changed = first.payoffs != second.payoffs
    (short,) = [p for p in range(rich.players) if poor.money[p] < rich.money[p]]
    return Solution(
        "2",
        "Backward induction works from the last decision back: at each position the player "
        "to decide takes what is best for him given what everyone does after. The lowest bid "
        f"is **${lowest}K**, not $10K: the minimum for each of the last three cars with three "
        "players. <sup>[rule](../docs/rules-formel1.md#f1-12 \"F1-12\")</sup> With the "
        f"first budgets Player {mover} opens at once with "
        f"**{first.best}**"
        + (f" and buys the {COLOURS[rich.offer]} car for ${price}K. " if buyer == mover
           else f"; Player {buyer} buys the {COLOURS[rich.offer]} car for ${price}K. ")
        + (("A lower opening would not stand: " + "; ".join(answers) + ". ") if answers
           else "")
        + "At the equilibrium bid a rival would have to pay more than the car, and the chance "
        "of the next one, is worth to him, so he passes (an indifferent player passes: the "
        "stated tie rule). The exhaustive game tree, every line without a memo, gives "
        "**exactly the same payoffs** (the assert): the memo changes the work, not the "
        "answer. With the second budgets "
        + (f"(Player {short} down to ${poor.money[short]}K) the equilibrium changes: the "
           f"payoffs become {', '.join(str(p) for p in second.payoffs)}. A player short of "
           "cash cannot threaten to bid, and the others no longer need to fear him. "
           if changed else
           "the payoffs stay the same: the poorer player's threat was never used. ")
        + "\n\n**What is proven:** these are subgame-perfect bids for the stated valuations "
        "and tie rule, one equilibrium of possibly many; another tie rule (an indifferent player "
        "bids) can give other prices, and real players do not know each other's values.",
        tuple(lines), bids_figure(rich, [(name, sol) for name, _, sol in settings]))


# --- exercise 3: the winner's curse -------------------------------------------------------------
def expected_max_normal(n: int, order: int = 1, points: int = 20_001) -> float:
    """E of the ``order``-th largest of ``n`` independent standard normal draws (1: the
    largest), by the trapezoid rule on [-8, 8]."""
    xs = np.linspace(-8.0, 8.0, points)
    phi = np.exp(-xs ** 2 / 2) / math.sqrt(2 * math.pi)
    cdf = np.array([statistics.NormalDist().cdf(float(x)) for x in xs])
    k = order
    density = (math.comb(n, k) * k * cdf ** (n - k) * (1 - cdf) ** (k - 1) * phi)
    return float(np.trapezoid(xs * density, xs))


@dataclass(frozen=True)
class Interval:
    """A sample mean with its 95% interval (normal approximation)."""

    mean: float
    low: float
    high: float

    def __contains__(self, x: float) -> bool:
        return self.low <= x <= self.high


def mean_interval(xs: np.ndarray) -> Interval:
    """The mean of ``xs`` with its 95% interval."""
    mean = float(xs.mean())
    half = Z95 * float(xs.std(ddof=1)) / math.sqrt(len(xs))
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True)
class CurseStudy:
    """The winner's curse, simulated: the car is worth ``value`` to everyone; each of
    ``bidders`` sees ``value`` plus normal noise of spread ``noise``; the highest sealed bid
    wins and pays it. Overpayment = price - value, per trial."""

    value: float
    noise: float
    bidders: int
    trials: int
    seed: int
    naive: np.ndarray  # everyone bids his estimate
    shaded: np.ndarray  # everyone bids his estimate less ``shade``
    english: np.ndarray  # open ascending: the winner pays the second-highest estimate
    shade: float

    def interval(self, which: str) -> Interval:
        """The winner's mean overpayment with its 95% interval."""
        return mean_interval(getattr(self, which))


def curse_study(value: float, noise: float = 30.0, bidders: int = 4, trials: int = 4000,
                seed: int = 0) -> CurseStudy:
    """Seeded trials of the common-value auction (``CurseStudy``); the shading is the expected
    largest noise of ``bidders`` draws, ``noise * expected_max_normal(bidders)``."""
    rng = np.random.default_rng(seed)
    estimates = value + noise * rng.standard_normal((trials, bidders))
    top = np.sort(estimates, axis=1)
    shade = noise * expected_max_normal(bidders)
    return CurseStudy(value, noise, bidders, trials, seed, top[:, -1] - value,
                      top[:, -1] - shade - value, top[:, -2] - value, shade)


def curse_figure(study: CurseStudy, by_bidders: Sequence[CurseStudy]) -> Figure:
    """Left: the winner's overpayment per trial, bidding the estimate and shaded; right: the
    mean overpayment (95% interval) against the number of bidders."""
    fig = KwFigure(figsize=(9.5, 3.4))
    left, right = fig.subplots(1, 2)
    bins = np.linspace(-120, 150, 55)
    left.hist(study.naive, bins=bins, alpha=0.6, color="tab:red", label="bid your estimate")
    left.hist(study.shaded, bins=bins, alpha=0.6, color="tab:blue",
              label=f"bid estimate - {study.shade:.0f}")
    left.axvline(0, color="black", linewidth=1)
    left.set_xlabel("winner's price - the car's value, $1K")
    left.set_ylabel("trials")
    left.set_title(f"{study.bidders} bidders, noise sd ${study.noise:.0f}K, "
                   f"{study.trials:,} trials", fontsize=10)
    left.legend(fontsize=8)
    ns = [s.bidders for s in by_bidders]
    for which, colour, label in (("naive", "tab:red", "sealed, bid your estimate"),
                                 ("english", "tab:orange", "English: the 2nd estimate"),
                                 ("shaded", "tab:blue", "sealed, shaded")):
        ivs = [s.interval(which) for s in by_bidders]
        right.errorbar(ns, [i.mean for i in ivs],
                       yerr=[[i.mean - i.low for i in ivs], [i.high - i.mean for i in ivs]],
                       marker="o", capsize=3, color=colour, label=label)
    right.axhline(0, color="black", linewidth=1)
    right.set_xlabel("bidders")
    right.set_ylabel("mean overpayment, $1K (95% interval)")
    right.set_title("The curse grows with the number of bidders", fontsize=10)
    right.legend(fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    _note(fig)
    return fig


def exercise_3(study: CurseStudy, by_bidders: Sequence[CurseStudy]) -> Solution:
    """The winner overpays on average; shading by the expected top noise removes it (with
    the overpayment figure, ``curse_figure``)."""
    naive, shaded, english = (study.interval(w) for w in ("naive", "shaded", "english"))
    assert naive.low > 0 and 0 in shaded  # the curse, and the shading that removes it
    ivs = [s.interval("naive") for s in by_bidders]
    assert all(a.high < b.low for a, b in zip(ivs, ivs[1:], strict=False))  # grows with n
    assert all(0 in s.interval("shaded") for s in by_bidders)
    second = {s.bidders: s.interval("english") for s in by_bidders}
    assert second[2].high < 0 and 0 in second[3] and second[4].low > 0 and english.low > 0
    expected = study.noise * expected_max_normal(study.bidders)
    assert abs(naive.mean - expected) < 3 * (naive.high - naive.mean)
    lines = [f"shading for {study.bidders} bidders: {study.noise:g} x E[max of "
             f"{study.bidders} normals] = {study.shade:.1f}",
             f"bid the estimate: mean overpayment {naive.mean:.1f} ({naive.low:.1f} to "
             f"{naive.high:.1f})",
             f"shaded bids:      mean overpayment {shaded.mean:.1f} ({shaded.low:.1f} to "
             f"{shaded.high:.1f})",
             f"English (pays the second estimate): {english.mean:.1f} ({english.low:.1f} to "
             f"{english.high:.1f})",
             *(f"{s.bidders} bidders: bid the estimate {s.interval('naive').mean:5.1f}, "
               f"shade {s.shade:5.1f}" for s in by_bidders)]
    return Solution(
        "3",
        "Every estimate is right on average, but the auction does not pick an average "
        "estimate: it picks the **highest**, and the highest of several noisy estimates is "
        f"too high on average. With {study.bidders} bidders and noise of spread "
        f"${study.noise:g}K the winner pays about **${naive.mean:.0f}K too much** (95% "
        f"interval {naive.low:.1f} to {naive.high:.1f}: above zero). That is the winner's "
        "curse: winning is itself bad news about your estimate. The cure is to bid as if "
        "you had won: lower the bid by the expected highest noise of that many bidders, "
        f"${study.shade:.0f}K here (computed from the noise alone by numerical integration, "
        "not fitted to the simulation). Shaded, the mean "
        f"overpayment is {shaded.mean:.1f} (interval {shaded.low:.1f} to {shaded.high:.1f}, "
        "containing zero). More bidders, a bigger curse, a bigger shade. The English "
        "auction softens it: the winner pays the second-highest estimate, too low on average "
        "with two bidders, about right with three, too high from four on (with "
        f"{study.bidders}: {english.mean:.1f} too much).\n\n**What is estimated:** the means are "
        "from seeded simulations (sampling error only); the model is a textbook one (normal "
        "noise, the same value for everyone), not Formel 1, where each player's hand makes "
        "the values private in part.",
        tuple(lines), curse_figure(study, by_bidders))


# --- exercise 4: English against sealed bids ----------------------------------------------------
def formats_figure(results: Sequence[tuple[tuple[int, int], list[auction.FormatResult]]]
                   ) -> Figure:
    """The bank's revenue of each format, for each pair of valuations."""
    fig = KwFigure(figsize=(9.5, 3.2))
    ax = fig.add_subplot()
    names = ["english", "first price", "second price"]
    width = 0.8 / len(results)
    for k, (values, rows) in enumerate(results):
        revenue = []
        for name in names:
            found = [float(r.revenue) for r in rows if r.format == name]
            revenue.append(min(found))  # first price: the lowest of its pure equilibria
        xs = np.arange(len(names)) + (k - (len(results) - 1) / 2) * width
        ax.bar(xs, revenue, width, label=f"values {values[0]} and {values[1]}")
    ax.set_xticks(range(len(names)), ["English (subgame perfect,\nties to pass)",
                                      "first-price sealed\n(lowest pure equilibrium)",
                                      "second-price sealed\n(truthful)"])
    ax.set_ylabel("price paid, $1K")
    ax.set_title("The last car between two players: the bank's revenue by format", fontsize=10)
    ax.legend(fontsize=8)
    fig.tight_layout(rect=(0, 0.04, 1, 1))
    _note(fig)
    return fig


def english_staying_in(values: Sequence[int], budgets: Sequence[int], seed: int = 0
                       ) -> tuple[int, int]:
    """The engine's English auction for the last car (``compare_formats``'s position) played
    by bidders who raise while the lowest legal bid is at most their value and pass
    otherwise (the other tie rule): the buyer and the price."""
    s = auction.auction_endgame(2, seed, 1, budgets, everyone_owns=True)
    car, start = s.offer, s.clone(history=False)
    while s.owner[car] < 0:
        me = s.current_player
        bids = [a for a in s.legal_actions() if isinstance(a, Bid) and a.amount <= values[me]]
        s.apply(str(bids[0]) if bids else "pass")
    buyer = s.owner[car]
    return buyer, start.money[buyer] - s.money[buyer]


def exercise_4(results: Sequence[tuple[tuple[int, int], list[auction.FormatResult]]],
               indifferent: tuple[Fraction, Fraction]) -> Solution:
    """Same winner in every format; the prices differ, and the English price hangs on the
    tie rule (with the formats figure, ``formats_figure``)."""
    cfg = config_for(2)
    lines = []
    staying = []
    for values, rows in results:
        high = 0 if values[0] > values[1] else 1
        buyer, price = english_staying_in(values, [150, 150])
        assert buyer == high and 0 <= price - min(values) <= cfg.bid_step
        staying.append(f"${price}K for values {values[0]} and {values[1]}")
        english = next(r for r in rows if r.format == "english")
        second = next(r for r in rows if r.format == "second price")
        firsts = [r for r in rows if r.format == "first price"]
        assert english.win_chance[high] == 1 and second.win_chance[high] == 1
        assert english.revenue == cfg.min_price  # the lowest bid wins it
        assert second.revenue == min(values) // 10 * 10  # the loser's value
        assert firsts and all(r.revenue >= second.revenue for r in firsts)
        lines.append(f"values {values}:")
        lines.append(f"  English, bidders staying in up to their values: Player {buyer} buys "
                     f"for {price}")
        lines += [f"  {r.format:12} win chances {[str(c) for c in r.win_chance]}, revenue "
                  f"{float(r.revenue):g}, payoffs {[str(p) for p in r.payoffs]} ({r.note})"
                  for r in rows]
    assert indifferent[0] == indifferent[1]  # the loser's pass and his raise pay him the same
    return Solution(
        "4",
        "The player who values the car more wins in every format (a coin toss only at an "
        "equal first-price bid). The prices differ. **Second price**: bidding your value is "
        "weakly dominant, so the winner pays the loser's value. **First price**: bids are "
        "shaded to just above what the other would bid; the game has several pure "
        "equilibria (it is degenerate: many payoff ties), all at or above the second-price "
        "revenue here. **English, as the engine plays it**, solved by backward induction: "
        "the lower bidder can never gain by raising (he would have to pay more than the car "
        "is worth to him to win it), so raising and passing pay him the same, and the stated "
        "**tie rule (an indifferent player passes; the lowest action id)** makes him pass at "
        f"once: the winner pays **${cfg.min_price}K**, the lowest bid. Break the tie the "
        "other way (stay in while the next bid is at most your value, the usual "
        "clock-auction assumption) and the engine's English auction sells for "
        f"{' and '.join(staying)}: the loser's value or one $10K step above it, as in the "
        "second-price auction (revenue equivalence, up to the bid step).\n\n"
        "**What is proven:** the English line and the first-price bids are equilibria for the "
        "stated valuations and tie rules (staying in is the other tie-break's play: the loser "
        "is indifferent between raising and passing, shown above after the first bid); the "
        "bid game's list of pure "
        "equilibria is complete, its mixed equilibria are not shown.",
        tuple(lines), formats_figure(results))


# --- exercise 5: when to play the big card ------------------------------------------------------
def single_tens(state: State) -> list[str]:
    """The single-car 10s in the hand of the player to decide, by name (RF1)."""
    return [state.cfg.kinds[k].name for k in state.hands[state.current_player]
            if len(state.cfg.kinds[k].numbers) == 1 and state.cfg.kinds[k].numbers[0][1] == 10
            and state.cfg.kinds[k].numbers[0][0] >= 0]


def why_not_lines(plan: race.RacePlan, width: int = 64) -> list[str]:
    """The "why not this?" table: every first decision, its value, and the start of the line
    after it (everyone's best play as modelled: what answers it), cut at ``width``."""
    out = [f"{'first decision':44} {'value':>6}  the line after it"]
    for a in plan.alternatives:
        rest = "; ".join(f"{who.removeprefix('Player ')}: {text}" for who, text in a.line[1:])
        rest = rest if len(rest) <= width else rest[:width - 4].rsplit(";", 1)[0] + "; ..."
        out.append(f"{a.action:44} {a.value:6g}  {rest}")
    return out


def big_card_figure(plan: race.RacePlan, ten: str) -> Figure:
    """The value of each first decision, the 10 now marked."""
    fig = KwFigure(figsize=(9.5, 2.8))
    ax = fig.add_subplot()
    labels = [a.action.removeprefix("play ") for a in plan.alternatives]
    values = [a.value for a in plan.alternatives]
    colours = ["tab:red" if a.action == f"play {ten}" else
               "tab:green" if a.action == plan.best else "#aaaaaa" for a in plan.alternatives]
    ax.barh(labels, values, color=colours)
    ax.invert_yaxis()
    for y, v in enumerate(values):
        ax.annotate(f"${v:g}K", (v, y), xytext=(3, 0), textcoords="offset points",
                    va="center", fontsize=8)
    ax.margins(x=0.12)
    ax.set_xlabel(f"Player {plan.player}'s prize money this race, $1K (proven, rivals "
                  f"{plan.rivals})")
    ax.set_title(f"Each card now (red: {ten} now; green: the best)", fontsize=10)
    fig.tight_layout(rect=(0, 0.06, 1, 1))
    _note(fig)
    return fig


def finishes(state: State, line: Sequence[tuple[str, str]], player: int) -> dict[str, str]:
    """Where each of ``player``'s cars ends when ``line`` is replayed to the end of a game's
    last race: its place on the prize chart, or its last cell."""
    if state.race + 1 != state.races:
        raise ValueError("the prize chart is read after the game's last race")
    s = state.clone(history=False)
    for _, text in line:
        s.apply(text)
    track = state.track_spec()
    out = {}
    for car, who in enumerate(state.owner):
        if who != player:
            continue
        if car in s.finished:
            place = s.finished.index(car) + 1
            out[COLOURS[car]] = f"place {place} (${state.cfg.prizes[place - 1]}K)"
        else:
            out[COLOURS[car]] = f"does not finish (ends on {track.label(s.pos[car])})"
    return out


def exercise_5(state: State, plan: race.RacePlan, maxn: race.RacePlan, ten: str) -> Solution:
    """Waiting with the 10 is worth more, proven; the line plays it later; where the cars
    finish on each line says why (with the value of each first decision,
    ``big_card_figure``)."""
    now = next(a for a in plan.alternatives if a.action == f"play {ten}")
    assert plan.status == "proven" and maxn.status == "proven"
    assert plan.best != f"play {ten}" and now.value < plan.value
    later = [i for i, (_, text) in enumerate(plan.line) if text == f"play {ten}"]
    assert later and later[0] > 0  # the best line plays the 10, later
    assert list(race.replay_prizes(state, plan.line)) == list(plan.prizes)
    assert plan.prizes[plan.player] == plan.value
    assert race.replay_prizes(state, now.line)[plan.player] == now.value
    me = plan.player
    best_end, now_end = finishes(state, plan.line, me), finishes(state, now.line, me)
    assert best_end != now_end
    colour = ten.split()[0]
    whose = "his own" if state.owner[COLOURS.index(colour)] == me else "a rival's"
    turn = sum(1 for who, text in plan.line[:later[0]]
               if who == f"Player {me}" and text.startswith("play ")) + 1
    when = "on his next turn" if turn == 2 else f"{turn - 1} turns of his later"
    said = "; ".join(f"{car} {where}" for car, where in best_end.items())
    said_now = "; ".join(f"{car} {where}" for car, where in now_end.items())
    lines = why_not_lines(plan)
    lines += ["", f"the best line (paranoid), {len(plan.line)} decisions:",
              *(f"  {who}: {text}" for who, text in plan.line),
              "", f"Player {me}'s cars on the best line: {said}",
              f"Player {me}'s cars with the {ten} now: {said_now}",
              "", f"max^n rivals: best {maxn.best}, ${maxn.value:g}K; the {ten} now "
              f"${next(a.value for a in maxn.alternatives if a.action == f'play {ten}'):g}K"]
    return Solution(
        "5",
        f"Playing the **{ten}** ({colour} is {whose} car) now is worth ${now.value:g}K; the "
        f"best decision, **{plan.best.removeprefix('play ')}**, is worth **${plan.value:g}K**, "
        f"and its line plays the {ten} later, {when}. Why: "
        f"see where his cars end. On the best line: {said}. With the {ten} now: {said_now}. "
        "The big card moves one car far, but places on the prize chart go to the cars that "
        "cross the line first, and a rival moves between any two of your turns: take the "
        "place that is there to take now, and play the 10 when nobody can take its work "
        "away. The why-not table shows each first decision with the line that answers it. "
        "\n\n**What is proven:** every hand is open and the values are exact against "
        f"**paranoid** rivals (everyone else plays to hurt Player {me}): a floor he can "
        "guarantee whatever they do. Against max^n rivals (each for himself) the best is "
        f"{maxn.best.removeprefix('play ')}, ${maxn.value:g}K. With hidden hands the search "
        "would give an estimate (as the hint of `11_formel1_play` does).",
        tuple(lines), big_card_figure(plan, ten))


def action_text(state: State, action_id: int) -> str:
    """An action id in its text form."""
    return str(ACTIONS[action_id])


__all__ = ["CurseStudy", "Interval", "action_text", "big_card_figure", "bids_figure",
           "curse_figure", "curse_study", "english_staying_in", "exercise_1", "exercise_2",
           "exercise_3", "exercise_4", "exercise_5", "exhaustive_auction", "expected_max_normal",
           "formats_figure", "mean_interval", "price_paid", "single_tens", "slot_of",
           "start_position", "why_not_lines", "worth_figure"]
