"""Automobiles' workshop (notebook ``22_automobiles_lab``): its hidden solutions, its figures
and the "why not this?" tables of the best-turn solver.

Each ``exercise_*`` function works the solution out from the objects the exercise built, checks
what it claims (``assert``: the numbers the explanation relies on, most of them a second way),
and returns a ``kwwidgets.solutions.Solution`` shown behind a "Show the solution" button by
``kwwidgets.solutions.show``. The odds, the buy solvers, the turn solver and the tournaments
are in ``solvers/automobiles`` and ``solvers.tournament``; this module only reads, checks,
draws (``kwwidgets.solutions.KwFigure``: matplotlib without pyplot) and words their results.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from math import comb
from statistics import NormalDist
from typing import Any

from matplotlib.figure import Figure

import automobiles
from automobiles import State
from automobiles.config import GEARS, WEAR
from automobiles.svg import WORDS
from kwwidgets.automobiles.view import action_label
from kwwidgets.solutions import KwFigure, Solution
from solvers.automobiles import buy, odds, puzzles
from solvers.automobiles.turn import OBJECTIVES, TurnPlan, brute_force, measure

#: A bag (or any pile of cubes) as {cube kind: number of cubes}.
Bag = Mapping[int, int]


def at_least_figure(curves: Mapping[str, Sequence[float]], title: str) -> Figure:
    """Lines of P(at least k gear cubes) against k, one per bag (``curves``: label -> the
    probabilities for k = 0, 1, ...)."""
    fig = KwFigure(figsize=(7.5, 3.6))
    ax = fig.add_subplot()
    for label, values in curves.items():
        ax.plot(range(len(values)), values, marker="o", label=label)
    ax.set_xlabel("k: gear cubes among the 7 drawn")
    ax.set_ylabel("P(at least k)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=9)
    fig.tight_layout()
    return fig


def bars_figure(law: Mapping[Any, float | Fraction], title: str, xlabel: str) -> Figure:
    """A probability law as bars, each labelled with its probability."""
    fig = KwFigure(figsize=(7.5, 3.2))
    ax = fig.add_subplot()
    keys = [str(k) for k in law]
    values = [float(v) for v in law.values()]
    ax.bar(keys, values, color="#84c")
    for x, v in enumerate(values):
        ax.text(x, v + 0.01, f"{v:.3f}", ha="center", fontsize=9)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_ylim(0, max(values) * 1.2 if values else 1)
    ax.set_title(title)
    fig.tight_layout()
    return fig


def tournament_figure(result: Any) -> Figure:
    """Each bot's win rate and mean distance with their 95% intervals (a tournament's
    ``stats``)."""
    fig = KwFigure(figsize=(8.5, 3.4))
    wins, scores = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    names = [s.bot for s in result.stats]
    for ax, value, ci, label in ((wins, "win_rate", "win_ci", "win rate"),
                                 (scores, "mean_score", "score_ci", "mean distance (units)")):
        mid = [getattr(s, value) for s in result.stats]
        low = [m - getattr(s, ci)[0] for m, s in zip(mid, result.stats, strict=True)]
        high = [getattr(s, ci)[1] - m for m, s in zip(mid, result.stats, strict=True)]
        ax.bar(names, mid, yerr=[low, high], capsize=6, color="#27d", alpha=0.8)
        ax.set_ylabel(label)
        ax.set_title(f"{label}, 95% interval", fontsize=10)
        ax.tick_params(axis="x", labelsize=9)
    fig.suptitle(f"{len(result.games)} races of {result.players} players (synthetic track)",
                 fontsize=10)
    fig.tight_layout()
    return fig


def why_not_html(plan: TurnPlan) -> str:
    """The solver's "why not this?" table: each legal first decision and the best the turn
    is worth after it (progress, wear, value), the best first."""
    rows = []
    for i, alt in enumerate(plan.alternatives):
        progress, wear, value = (float(x) for x in alt.parts)
        mark = " style='background:#fff4d6; font-weight:bold'" if i == 0 else ""
        rows.append(f"<tr{mark}><td>{html.escape(alt.action)}</td><td>{progress:g}</td>"
                    f"<td>{wear:g}</td><td>{value:g}</td></tr>")
    return ("<table style='border-collapse: collapse; font-size: 13px' border='1' "
            "cellpadding='4'><tr><th>first decision</th><th>progress (units)</th>"
            "<th>wear gained</th><th>value bought</th></tr>" + "".join(rows) + "</table>")


def label_of(state: State, text: str) -> str:
    """The plain label of the action ``text`` (its text form) in ``state``."""
    return action_label(state, automobiles.ACTIONS[state.resolve(text)])


def why_not_lines(plan: TurnPlan, state: State | None = None) -> list[str]:
    """The "why not this?" table as fixed-width text lines (for a solution's printed
    results): each legal first decision and the best after it, the best first; each decision
    by its plain label in ``state`` (the position solved: "Play light grey"), else by its
    text form ("play lightgrey")."""
    said = {a.action: label_of(state, a.action) if state is not None else a.action
            for a in plan.alternatives}
    width = max(len("first decision"), *(len(x) for x in said.values()))
    out = [f"{'first decision':<{width}}  progress  wear  value",
           "-" * (width + 23)]
    for alt in plan.alternatives:
        progress, wear, value = (float(x) for x in alt.parts)
        out.append(f"{said[alt.action]:<{width}}  {progress:>8g}  {wear:>4g}  {value:>5g}")
    return out


def line_words(state: State, actions: Sequence[str]) -> list[str]:
    """A line of actions (text forms, from ``state``) by their plain labels, each labelled in
    the position it is taken in (replayed on a copy, every action checked by the engine)."""
    replay = state.clone(history=False)
    out = []
    for action in actions:
        out.append(label_of(replay, action))
        replay.apply(action)
    return out


# --- shared ---------------------------------------------------------------------------------------
def counts(bag: Bag) -> tuple[int, ...]:
    """A bag given as {colour: cubes} as the engine's ten counts (one per cube kind)."""
    return tuple(bag.get(c, 0) for c in range(len(WORDS)))


def wilson(hits: int, n: int, level: float = 0.95) -> tuple[float, float]:
    """The Wilson interval of a share ``hits / n`` at ``level`` (95% by default)."""
    z = NormalDist().inv_cdf(0.5 + level / 2)
    p = hits / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * ((p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5) / (1 + z * z / n)
    return centre - half, centre + half


def gear_curves(bags: Mapping[str, Bag], draw: int = 7) -> dict[str, list[float]]:
    """For each bag, P(at least k gear cubes among ``draw`` drawn) for k = 0..draw (exact)."""
    return {label: [float(odds.at_least(odds.draw_distribution(counts(bag)), k))
                    for k in range(draw + 1)] for label, bag in bags.items()}


# --- exercise 1: bag odds -------------------------------------------------------------------------
def exercise_1(start: Bag, bags: Mapping[str, Bag], draws: int = 4000,
               seed: int = 0) -> Solution:
    """The chance of at least 3 gears in the first draw, exactly and checked twice (the
    textbook formula, a seeded simulation); how buying, wear and pit stops move the odds."""
    law = odds.draw_distribution(counts(start))
    assert sum(law.values()) == 1
    three = odds.at_least(law, 3)
    gears = sum(n for c, n in start.items() if c in GEARS)
    others = sum(start.values()) - gears
    by_hand = sum(Fraction(comb(gears, g) * comb(others, 7 - g), comb(gears + others, 7))
                  for g in range(3, 8))
    assert three == by_hand  # the multivariate law summed = the textbook hypergeometric
    rng = random.Random(seed)
    cubes = [c for c, n in start.items() for _ in range(n)]
    hits = sum(sum(c in GEARS for c in rng.sample(cubes, 7)) >= 3 for _ in range(draws))
    low, high = wilson(hits, draws)
    assert low <= three <= high  # the simulation's interval contains the exact value
    curves = gear_curves(bags)
    labels = list(bags)
    first, more, wear, pit = (curves[k][4] for k in labels)
    assert more > first > wear and pit > wear  # buying gears helps, wear hurts, a pit stop helps
    lines = [f"P(at least 3 gears in the first draw) = {three} = {float(three):.3f}",
             f"  by the textbook formula (math.comb): {by_hand}",
             f"  {draws:,} seeded draws: {hits / draws:.3f}, 95% interval {low:.3f} to {high:.3f}",
             "", "P(at least 4 gears) by bag:",
             *(f"  {label:24} {curves[label][4]:.3f}" for label in labels)]
    return Solution(
        "1",
        f"The starting bag holds {gears} gear cubes (white and light grey) among "
        f"{gears + others}; a draw of 7 takes them **without replacement**, so the law is "
        f"hypergeometric: P(at least 3 gears) = **{three} = {float(three):.3f}**, the same "
        "fraction as the textbook formula written out with `math.comb`. A seeded simulation "
        "only estimates it: its 95% interval contains the exact value, and that interval is "
        "all it proves.\n\nThe bags: two dark-grey cubes bought add gears, so every *at least "
        "k* rises; four wear cubes take places in the draw without moving the car, so the "
        "chance of a fast draw falls (that is why wear hurts); taking yellow cubes out as well "
        "(what a pit stop or a Pit card does) wins part of it back. The curves below show it "
        "for every k.",
        tuple(lines), at_least_figure(curves, "The chance of at least k gear cubes in a draw "
                                              "of 7"),
        values={"three": three})


# --- exercise 2: money and Crew Chief ------------------------------------------------------------
def exercise_2(start: Bag, crew_bag: Bag) -> Solution:
    """The money a draw brings if nothing is played (its mean by linearity); Crew Chief's
    draw-until law, checked by hand."""
    law = odds.draw_distribution(counts(start))
    values = odds.cube_values()
    cash = odds.money_distribution(law)
    mean = sum(m * p for m, p in cash.items())
    size = sum(start.values())
    assert mean == Fraction(7, size) * sum(values[c] * n for c, n in start.items())
    crew = odds.crew_chief_draws(odds.crew_chief_distribution(counts(crew_bag)))
    wear, total = crew_bag.get(WEAR, 0), sum(crew_bag.values())
    # by hand: the first cube that is not wear is the j-th
    by_hand: dict[int, Fraction] = {}
    p_wear = Fraction(1)
    for j in range(1, wear + 2):
        left = total - (j - 1)
        by_hand[j] = p_wear * Fraction(total - wear, left)
        p_wear *= Fraction(wear - (j - 1), left)
    assert crew == by_hand and sum(crew.values()) == 1
    drawn = sum(k * p for k, p in crew.items())
    lines = [f"money if nothing is played: mean {mean} = {float(mean):.2f}",
             "  law: " + ", ".join(f"{m}: {p}" for m, p in sorted(cash.items())),
             "cubes Crew Chief draws: " + ", ".join(f"{k}: {p}" for k, p in crew.items()),
             f"  mean {drawn} = {float(drawn):.2f}"]
    return Solution(
        "2",
        "Each cube of the bag is among the 7 drawn with probability "
        f"7/{size}, so by the **linearity of expectation** the mean money is 7/{size} of the "
        f"bag's whole value: **{float(mean):.2f}** (the exact law agrees, the assert). The "
        f"law itself is not symmetric: the most money needs the most valuable cubes together."
        f"\n\nCrew Chief draws one cube, and again while it draws wear. With {wear} wear "
        f"among {total} cubes it stops at once with probability **{crew[1]}**; the j-th cube "
        "is the first that is not wear with probability (wear/total)(wear-1)/(total-1)... "
        "times (not wear)/(what is left): written out by hand, the same fractions. On "
        f"average it draws **{float(drawn):.2f}** cubes. When bag and discard hold no more "
        "cubes that are not wear, the draw stops with nothing. "
        '<sup>[rules](../docs/rules-automobiles.md#au-48 "AU-48, RA5")</sup>',
        tuple(lines),
        bars_figure(crew, f"Crew Chief: cubes drawn from a bag of {wear} wear and "
                          f"{total - wear} others", "cubes drawn (the last one is not wear)"),
        values={"mean": mean, "crew": crew})


# --- exercise 3: the buy phase as a knapsack ------------------------------------------------------
def exercise_3(stock: Sequence[int], money: int, limits: buy.Constraints) -> Solution:
    """The best purchase three ways (dynamic programme, CP-SAT, every purchase tried) and the
    best under side conditions."""
    dp = buy.best_purchase(stock, money)
    cp = buy.best_purchase_cp(stock, money)
    table = buy.value_table(None)
    every = max(sum(table[c] * k for c, k in enumerate(x)) for x in buy.purchases(stock, money))
    assert dp.value == cp.value == every and cp.proven and dp.cost <= money
    limited = buy.best_purchase_cp(stock, money, constraints=limits)
    allowed = [x for x in buy.purchases(stock, money) if limits.allows(x)]
    best_allowed = max(sum(table[c] * k for c, k in enumerate(x)) for x in allowed)
    assert limited.proven and limited.value == best_allowed and limited.value <= dp.value
    names = ", ".join(WORDS[c] for c in sorted(limits.forbidden))
    lines = [f"money {money}: the knapsack (dynamic programme) buys {dp.words()}, value {dp.value}",
             f"  CP-SAT: {cp.words()}, value {cp.value} ({cp.status})",
             f"  every purchase tried ({sum(1 for _ in buy.purchases(stock, money)):,}): "
             f"best value {every}",
             f"at most 1 purple, none of {names}: {limited.words()}, value {limited.value}"]
    return Solution(
        "3",
        "The rules only say what is *allowed*: each cube at its cost, while the money and the "
        "stock last. What you *want* is a price per cube kind of your own (ours: "
        "`DEFAULT_VALUES`). Maximising the value bought under the money is a **bounded "
        "knapsack**: several cubes of a kind, at most the stock. The exact dynamic programme "
        f"`best_purchase` buys **{dp.words()}**, worth {dp.value} at our prices; CP-SAT "
        "proves the same value, and trying every purchase there is finds none better. A "
        "greedy buyer (best value per cost first) can leave money unspent that a cheaper mix "
        "would use: the knapsack looks at the whole purchase at once.\n\nSide conditions are "
        "where CP-SAT earns its keep: with at most one purple cube and no cube that makes wear "
        f"the best is **{limited.words()}**, worth {limited.value}, never more than without "
        "them (the assert). "
        '<sup>[rules](../docs/rules-automobiles.md#au-14 "AU-14, AU-15")</sup>',
        tuple(lines), values={"dp": dp, "limited": limited})


# --- exercise 4: the best turn --------------------------------------------------------------------
def exercise_4(pile: State, plan: TurnPlan, puzzle: puzzles.Puzzle) -> Solution:
    """The proven best turn, replayed through the engine, equal to brute force, better than
    greedy; its why-not table."""
    assert plan.proven and not plan.chance and plan.parts == puzzle.value  # the shipped answer
    replay = pile.clone(history=False)
    for action in plan.actions:
        replay.apply(action)  # every action checked by the engine
    assert measure(pile, replay, plan.seat) == plan.parts  # the plan is worth what it claims
    assert brute_force(pile) == plan.parts  # trying every sequence finds no better
    _, greedy_value = puzzles.greedy_turn(pile)
    assert plan.score > OBJECTIVES["progress"].score(greedy_value)
    progress, wear, value = plan.parts
    first = label_of(pile, plan.best)
    return Solution(
        "4",
        f"**{first}** first. The best turn goes **{progress} units with {wear} wear** "
        f"(greedy, playing each gear as far as it goes, gets {greedy_value[0]}). "
        f"{plan.status()} `solve_turn` plays the rest of the turn through the rules engine "
        "itself (every cube in every order, every space, each card's choices, the pit stop and "
        "the purchase), merging identical positions; the line is replayed through the engine "
        "and re-measured, and a brute force over every sequence finds the same value. The "
        "table: each legal first decision and the best the turn is worth after it (progress "
        "in units, wear gained, value bought at our prices). It is the best *for this turn* by "
        "the stated aim, not a plan for the race.",
        (*why_not_lines(plan, pile), "", "the line: " + " -> ".join(line_words(pile,
                                                                           plan.actions))),
        values={"plan": plan})


# --- exercise 5: which bag wins -------------------------------------------------------------------
def exercise_5(result: Any) -> Solution:
    """The tournament's win rates and mean distances with their intervals, and what they can
    and cannot tell apart."""
    stats = sorted(result.stats, key=lambda s: -s.mean_score)
    assert result.abandoned == 0 and len(stats) >= 2
    for s in stats:
        assert s.win_ci[0] <= s.win_rate <= s.win_ci[1]
        assert s.score_ci[0] <= s.mean_score <= s.score_ci[1]
    top, rest = stats[0], stats[1:]
    apart = [s.bot for s in rest if s.score_ci[1] < top.score_ci[0]]
    close = [s.bot for s in rest if s.bot not in apart]
    lines = [f"{s.bot:11} won {s.wins:2} of {s.seats:2} seats, win rate {s.win_rate:.2f} "
             f"[{s.win_ci[0]:.2f}, {s.win_ci[1]:.2f}], mean distance {s.mean_score:.1f} "
             f"[{s.score_ci[0]:.1f}, {s.score_ci[1]:.1f}]" for s in stats]
    said = (f"Its mean distance is clearly above {', '.join(apart)} (the intervals do not "
            "overlap)" if apart else "No other bot's interval lies clearly below it")
    said += (f"; {', '.join(close)} cannot be told apart from it by these races (the "
             "intervals overlap)." if close else ".")
    return Solution(
        "5",
        f"Over {len(result.games)} races of {result.players} players, seats rotated, "
        f"**{top.bot}** went furthest on average ({top.mean_score:.1f} units, 95% interval "
        f"{top.score_ci[0]:.1f} to {top.score_ci[1]:.1f}). {said} The win rates say less: "
        "with a few wins each their intervals are wide. A tournament **estimates**: a "
        "strategy's rank is a claim about these bots, this synthetic track and these seeds, "
        "and it needs more races (`kw tournament --game automobiles --games 200`) before the "
        "intervals separate.",
        tuple(lines), tournament_figure(result))
