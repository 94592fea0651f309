"""Kraftwagen's workshop solutions (notebook ``05_workshop``), hidden until the reader asks.

Each ``exercise_*`` function works the solution out from the objects the exercise built, checks
what it claims (``assert``: the numbers the explanation relies on), and returns a
``kwwidgets.solutions.Solution``: the explanation, the printed results and an optional figure,
shown behind a "Show the solution" button by ``kwwidgets.solutions.show``.

The studies themselves are in ``solvers.kraftwagen.pricegame`` and ``solvers.kraftwagen.workshop``;
this module only reads their results.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import numpy as np

from kwcore.state import State
from kwwidgets.kraftwagen.labels import plain_steps
from kwwidgets.solutions import KwFigure, Solution
from solvers.kraftwagen import planner
from solvers.kraftwagen import pricegame as pg
from solvers.kraftwagen import workshop as ws


# --- exercise 1: the price game -----------------------------------------------------------------
def exercise_1a(war: pg.PriceGame) -> Solution:
    """The price war: undercutting runs down the chart to the only equilibrium (2, 2)."""
    (only,) = pg.equilibria(war)
    assert only.is_pure() and only.row[0] == 1 and only.col[0] == 1  # both name marker 2
    assert (only.row_value, only.col_value) == (1, 1)
    # A Nash equilibrium is a pair of mutual best replies: no company gains by moving alone.
    assert pg.best_responses(war, 0, only.col) == (0,)
    assert pg.best_responses(war, 1, only.row) == (0,)
    return Solution(
        "1a",
        "Against any marker above 3 the best reply is the marker just below it: it sells, "
        "which beats naming the same marker (half the price on average). Against 2 or 3 the "
        "reply is 2. So undercutting runs down the chart to **(2, 2)**, the only equilibrium, "
        "worth 1 to each: a pair of mutual best replies, where no company gains by moving alone.",
        tuple(pg.summary(war).splitlines()))


def exercise_1b(dilemma: pg.PriceGame) -> Solution:
    """6 or 8: 8 is strictly dominated, so both name 6 although (8, 8) pays both more."""
    d = pg.dominance(dilemma)
    (eq,) = pg.equilibria(dilemma)
    assert d.row_strict == {8: 6} and d.col_strict == {8: 6}
    assert eq.row == (1.0, 0.0) and eq.col == (1.0, 0.0) and (eq.row_value, eq.col_value) == (3, 3)
    assert dilemma.row_payoffs[1, 1] > eq.row_value  # both at 8 would be better for both
    return Solution(
        "1b",
        "Undercutting to 6 is better whatever the other does (6 > 4 against 8, 3 > 0 against "
        "6): 8 is strictly dominated. Both name **6** and earn 3, although (8, 8) pays 4 each: "
        "a prisoner's dilemma.",
        (f"strictly dominated: for Green {_dominated(d.row_strict)}; for Blue "
         f"{_dominated(d.col_strict)}",))


# --- exercise 2: dominance and dynamics ---------------------------------------------------------
def exercise_2a(cycle: pg.PriceGame, dynamics: pg.Dynamics) -> Solution:
    """The price cycle: dominated markers, no pure equilibrium, a mixed one."""
    d = pg.dominance(cycle)
    assert not dynamics.converged and set(dynamics.cycle) >= {(8, 6), (5, 6), (5, 8)}
    assert d.row_strict == {2: 5, 3: 8} and d.survivors == ((5, 6, 8), (5, 6, 8))
    (mixed,) = pg.equilibria(cycle)
    assert np.allclose(mixed.row, (0, 0, 2 / 5, 4 / 15, 1 / 3))
    rival_values = cycle.row_payoffs @ np.array(mixed.col)
    assert np.allclose(rival_values[2:], 8)  # 5, 6 and 8 all earn 8 against the mix
    return Solution(
        "2a",
        "Marker 2 is strictly dominated by 5 and marker 3 by 8 (for both companies): no "
        "equilibrium ever names them. The dynamics never settle: undercut (8 -> 6 -> 5), then "
        "jump back to the top (5 -> 8): an Edgeworth price cycle. There is no pure equilibrium, "
        "but a mixed one: naming 5, 6, 8 with probabilities 2/5, 4/15, 1/3 makes the rival "
        "indifferent between them (each earns 8 against the mix).",
        (f"strictly dominated (for both companies): {_dominated(d.row_strict)}",
         "left after iterated elimination: Green " + ", ".join(map(str, d.survivors[0]))
         + "; Blue " + ", ".join(map(str, d.survivors[1])), *pg.summary(cycle).splitlines()))


def exercise_2b(contest: pg.PriceGame, cycle: pg.PriceGame) -> Solution:
    """A car that never sells makes the game degenerate."""
    report = pg.degeneracy(contest)
    assert report.degenerate and not contest.col_payoffs.any()
    assert not pg.degeneracy(cycle).degenerate
    return Solution(
        "2b",
        "Blue earns 0 whatever happens, so every marker is a best reply for Blue: the game is "
        "**degenerate**. Green names 6 (or 5) and Blue may mix in infinitely many ways; nashpy "
        "lists a few extreme points and warns. A list of equilibria from a degenerate game is "
        "not all of them.",
        tuple(report.reasons))


# --- exercise 3: tempo against actions ----------------------------------------------------------
def exercise_3(tempo_state: State) -> Solution:
    """Exact search to the end of the round: the single tile that keeps the turn wins."""
    rows = ws.tempo_table(tempo_state)
    best = rows[0]
    triple = next(r for r in rows if r.actions == 3)
    assert best.actions == 1 and best.in_a_row == 2 and triple.value < best.value
    cfg = tempo_state.cfg
    titles = [cfg.tile_named(r.tile).title for r in rows]
    lines = [f"{'tile':24} {'actions':>7} {'value':>5}  next   turns in the planned line"]
    lines += [f"{title:24} {r.actions:7} {r.value:5g}  {r.next:6} {_turns(r.turns)}"
              for title, r in zip(titles, rows, strict=True)]
    fig = KwFigure(figsize=(8, 3))
    ax = fig.add_subplot()
    ax.bar(titles, [r.value for r in rows],
           color=["tab:green" if r.in_a_row == 2 else "tab:gray" for r in rows])
    ax.set_ylabel("Green's reputation gained")
    ax.set_title("Value of each pick (green: Green plays again at once)")
    ax.tick_params(axis="x", rotation=60)
    fig.tight_layout()
    return Solution(
        "3",
        "Exact search to the end of the round (greedy rivals). Taking **Body** builds a body 6 "
        "tile (the achievement Body 6 in a workshop, 7 points) and keeps the turn, so Green also "
        "takes the Recruit tile and sells a car with the benefit Sell a car for 7 before Blue ends "
        "the game. The "
        "3-action tile does more, but hands the next turn to Blue, who ends the game at once.",
        tuple(lines), fig)


# --- exercise 4: search models ------------------------------------------------------------------
def exercise_4(endgame: State, models: Sequence[ws.ModelValue]) -> Solution:
    """Paranoid is a floor; max^n is proven too, but only for its own model of Blue."""
    value = {m.model: m.values[0] for m in models}
    assert value["paranoid"] <= value["maxn"] and value["paranoid"] <= value["greedy"]
    lines = []
    for rivals in ("paranoid", "maxn"):
        plan = planner.plan(endgame, 0, planner.PlannerConfig(rivals=rivals))
        assert plan.proven
        steps = plain_steps(endgame, [text for _, text in plan.principal_variation])
        lines.append(f"{rivals:8} -> {steps}")
    return Solution(
        "4",
        "Paranoid Blue never adds a buyer that would buy Green's car, so Green prices at 4, "
        "under Blue's cheapest car, and the price buyer pays double: **8**. Under max^n Blue "
        "adds an engine buyer, because it wins Blue the achievement Second buyer; that buyer "
        "then buys Green's car, so Green can price at 12. Paranoid's 8 is a floor: whatever "
        "Blue does, Green can make 8. The 12 is proven too, but only if Blue really plays for "
        "its own points.",
        tuple(lines), values=value)


def _dominated(pairs: Mapping[int, int]) -> str:
    """Dominated markers in words: "2 by 5, 3 by 8"."""
    return ", ".join(f"{bad} by {good}" for bad, good in sorted(pairs.items())) or "none"


def _turns(turns: Mapping[str, int]) -> str:
    """Turns per company in words: "Green 2, Blue 1, Red 0"."""
    return ", ".join(f"{who} {n}" for who, n in turns.items())


# --- exercise 5: MCTS budget and accuracy -------------------------------------------------------
def exercise_5(estimates: dict[int, list[float]], value: dict[str, float]) -> Solution:
    """MCTS settles near the paranoid value: with two companies, winning is zero-sum."""
    seeds = sorted(estimates)
    budgets = len(estimates[seeds[0]])
    spread = [max(estimates[s][k] for s in seeds) - min(estimates[s][k] for s in seeds)
              for k in range(budgets)]
    assert spread[-1] < spread[0]
    assert all(abs(estimates[s][-1] - value["paranoid"]) < abs(estimates[s][-1] - value["maxn"])
               for s in seeds)
    return Solution(
        "5",
        "With few simulations the estimates scatter; from a few hundred on they agree, near the "
        "**paranoid** value 8, not the max^n value 12. MCTS rewards are shares of the win, and "
        "with two companies one's win is the other's loss: Blue's best move in the tree is the "
        "one that beats Green. If Green priced at 12 and Blue declined the extra buyer, Blue "
        "would win, so a winning Blue declines, and Green prices at 4. The estimate stays a "
        "little below 8 because the average still includes exploratory moves, and no budget "
        "turns it into a proof.",
        ("spread between seeds, budget by budget: "
         + ", ".join(f"{x:.2f}" for x in spread),))
