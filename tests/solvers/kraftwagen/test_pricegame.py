"""Tests of the price game (solvers/kraftwagen/pricegame.py; RULINGS
K13-K14).

* Payoffs: every cell equals the sales reputation kwcore scores when the two placements are
  replayed through kwcore's checked ``apply`` (the rival's car put on the market by the test's
  own builder, the row company placing its car action by action until kwcore ends the round),
  and the row payoff equals the car-pricing solver's ``sales_value``.
* Equilibria: each one nashpy finds is checked to be a mutual best response, here with numpy.
* Hand-analysable games, derived in the docstrings from the sales rules alone: the prisoner's
  dilemma of undercutting, the price war down to the lowest marker, an Edgeworth cycle with its
  mixed equilibrium, and a degenerate game.
* Bad input: a typed error naming the problem, the position unchanged.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

import kwcore
from solvers.kraftwagen import pricegame as pg
from solvers.kraftwagen import pricing
from solvers.kraftwagen.pricegame import READY, PriceGameError
from tests.support.builders import co, fresh, give_engineer, put_car, refresh

SALES = 0  # score_parts index of sales (kwcore.state.SCORE_SOURCES)


@functools.cache
def example(name: str) -> pg.PriceGame:
    return pg.example(name)


def sales(state: kwcore.State) -> list[int]:
    return [c.score_parts[SALES] for c in state.companies]


def kwcore_replay(game: pg.PriceGame, price: int | None, rival_price: int | None
                  ) -> tuple[int, int]:
    """Both placements through kwcore: the rival's car onto the market (None: it stays home),
    then the row company's market step by checked actions (None: it passes); kwcore ends the
    round (the market marker is on 0) and scores it."""
    s = game.state.clone()
    if rival_price is not None:
        c = game.col_car
        put_car(s, s.cfg.companies[game.col], c.body, c.engine, c.workers, rival_price)
        refresh(s)
    before = sales(s)
    start_round = s.round
    assert s.decision() == "market"
    if price is None:
        s.apply("pass")
    else:
        s.apply(f"car body {game.row_car.body}")
        # The only engine and the one worker in the canteen are taken by kwcore itself.
        assert s.decision() == "car_price"
        s.apply(f"car price {price}")
    assert s.round == start_round + 1, "the market step ends the round (RULINGS K3, K4)"
    gained = [a - b for a, b in zip(sales(s), before, strict=True)]
    return gained[game.row], gained[game.col]


# --- payoffs ------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", sorted(pg.EXAMPLES))
def test_payoffs_equal_kwcore_scores_for_replayed_placements(name: str) -> None:
    game = example(name)
    for (i, a), (j, b) in itertools.product(enumerate(game.prices), repeat=2):
        want: tuple[float, float]
        if a != b:
            want = kwcore_replay(game, a, b)
        else:  # the same marker: each company takes it with probability 1/2 (module docs)
            first, second = kwcore_replay(game, a, None), kwcore_replay(game, None, b)
            want = ((first[0] + second[0]) / 2, (first[1] + second[1]) / 2)
        assert (game.row_payoffs[i, j], game.col_payoffs[i, j]) == want, (a, b)


def test_the_row_payoff_is_what_the_pricing_solver_replays() -> None:
    game = example("price_cycle")
    for (i, a), (j, b) in itertools.product(enumerate(game.prices), repeat=2):
        if a == b:
            continue
        s = game.state.clone()
        put_car(s, "Blue", 5, 2, 1, b)
        refresh(s)
        plan = pricing.PricingPlan(pricing.CarChoice(5, 2, 1, False, a, -1), (), None, -1, 0,
                                   0, "TEST")
        assert game.row_payoffs[i, j] == pricing.sales_value(s, plan)


def test_building_the_game_leaves_the_position_unchanged() -> None:
    game = example("price_war")
    text = game.state.to_json()
    pg.build(game.state, game.col, game.row_car, game.col_car)
    assert game.state.to_json() == text


# --- equilibria ---------------------------------------------------------------------------------
@pytest.mark.parametrize("method", pg.METHODS)
@pytest.mark.parametrize("name", sorted(pg.EXAMPLES))
def test_each_equilibrium_is_a_mutual_best_response(name: str, method: str) -> None:
    game = example(name)
    a, b = game.row_payoffs, game.col_payoffs
    found = pg.equilibria(game, method)
    assert found
    for e in found:
        x, y = np.array(e.row), np.array(e.col)
        assert x.min() >= 0 and y.min() >= 0
        assert x.sum() == pytest.approx(1) and y.sum() == pytest.approx(1)
        row_values, col_values = a @ y, x @ b
        # Every marker played is a best reply to the other company's mix.
        assert all(row_values[k] >= row_values.max() - 1e-9 for k in np.flatnonzero(x > 0))
        assert all(col_values[k] >= col_values.max() - 1e-9 for k in np.flatnonzero(y > 0))
        assert e.row_value == pytest.approx(x @ a @ y)
        assert e.col_value == pytest.approx(x @ b @ y)


def test_undercutting_is_a_prisoners_dilemma() -> None:
    """Markers 6 and 8 only, in the price war: one body buyer and two body 5 cars.

    The body buyer takes the car with the highest body, equal bodies going to the lower price
    (RULINGS K14), so the cheaper car sells and the other does not. Naming the same marker, each
    company gets it half the time. Payoffs (Green, Blue):

    ==========  ========  ========
    Green \\ Blue    6         8
    ==========  ========  ========
    6           (3, 3)    (6, 0)
    8           (0, 6)    (4, 4)
    ==========  ========  ========

    Undercutting to 6 is strictly better whatever the other does (6 > 4 against 8, 3 > 0
    against 6), so 8 is strictly dominated, and the only equilibrium is (6, 6) with 3 each,
    although both would earn 4 at (8, 8): the prisoner's dilemma.
    """
    full = example("price_war")
    game = pg.build(full.state, full.col, READY, READY, prices=(6, 8))
    assert game.row_payoffs.tolist() == [[3, 6], [0, 4]]
    assert game.col_payoffs.tolist() == [[3, 0], [6, 4]]
    d = pg.dominance(game)
    assert d.row_strict == {8: 6} and d.col_strict == {8: 6}
    assert d.survivors == ((6,), (6,))
    for method in pg.METHODS:
        (only,) = pg.equilibria(game, method)
        assert only.row == (1.0, 0.0) and only.col == (1.0, 0.0)
        assert (only.row_value, only.col_value) == (3, 3)
    dynamics = pg.best_response_dynamics(game, start=(8, 8))
    assert dynamics.converged and dynamics.path[-1] == (6, 6)


def test_the_price_war_ends_at_the_lowest_marker() -> None:
    """All five markers 2, 3, 5, 6, 8 of the price war.

    From the rules as above: against a rival's marker q > 3 the best reply is the marker just
    below q (it sells at that price, more than the q/2 of naming q); against 3, naming 2 earns
    2 > 3/2; against 2 nothing is below, and naming 2 earns 1 > 0. So the best reply to q is
    max(previous(q), 2), and the only pair of mutual best replies is (2, 2), earning 1 each:
    undercutting drives the price down to the bottom of the chart.
    """
    game = example("price_war")
    p = game.prices
    assert p == (2, 3, 5, 6, 8)
    for (i, a), (j, b) in itertools.product(enumerate(p), repeat=2):
        assert game.row_payoffs[i, j] == (a if a < b else a / 2 if a == b else 0)
    for j in range(len(p)):
        assert pg.best_responses(game, 0, np.eye(len(p))[j]) == (max(j - 1, 0),)
    pure = [e for e in pg.equilibria(game) if e.is_pure()]
    assert len(pure) == 1
    assert pure[0].row[0] == 1 and pure[0].col[0] == 1
    assert (pure[0].row_value, pure[0].col_value) == (1, 1)
    dynamics = pg.best_response_dynamics(game)
    assert dynamics.path[0] == (8, 8) and dynamics.path[-1] == (2, 2) and dynamics.converged


def test_a_price_cycle_has_no_pure_equilibrium_but_a_mixed_one() -> None:
    """The price buyer (paying double, K14) takes the cheaper of the two equal cars, then the
    body buyer takes the other one. Against a rival's marker q, a marker p < q earns 2p, p > q
    earns p, and p = q earns p on average (2p or 0).

    Best replies: to 2, 3 or 5 the top marker 8 (8 beats 2·3 = 6); to 6 the marker 5
    (2·5 = 10 > 8); to 8 the marker 6 (12). So 8 -> 6 -> 5 -> 8 cycles: no pure equilibrium
    (an Edgeworth cycle). Markers 2 and 3 are strictly dominated (2 by 5: 5 > 4 and 5 > 2;
    3 by 8). In a symmetric mixed equilibrium on 5, 6, 8 with probabilities q5, q6, q8, marker
    8 earns 8, marker 5 earns 5·q5 + 10·(1 - q5), marker 6 earns 6·(1 - q8) + 12·q8; equal
    payoffs give q5 = 2/5, q8 = 1/3, q6 = 4/15, each company earning 8.
    """
    game = example("price_cycle")
    assert not [e for e in pg.equilibria(game) if e.is_pure()]
    dynamics = pg.best_response_dynamics(game)
    assert not dynamics.converged
    assert set(dynamics.cycle) == {(6, 8), (6, 5), (8, 5), (8, 6), (5, 6), (5, 8)}
    d = pg.dominance(game)
    assert d.row_strict == {2: 5, 3: 8} and d.col_strict == {2: 5, 3: 8}
    want = (0, 0, 2 / 5, 4 / 15, 1 / 3)
    for method in pg.METHODS:
        (only,) = pg.equilibria(game, method)
        assert only.row == pytest.approx(want) and only.col == pytest.approx(want)
        assert only.row_value == pytest.approx(8) and only.col_value == pytest.approx(8)
    assert not pg.degeneracy(game).degenerate


def test_a_game_where_one_car_never_sells_is_degenerate() -> None:
    """No contest: the body buyer takes Green's body 6 car, or, while it stays home, one of
    Red's body 4 cars; the engine buyers take Red's engine 6 and engine 5 (or 4) cars. Blue's
    body 3 / engine 2 car never sells, so Blue's payoffs are all 0 and every marker is a best
    reply for Blue: the game is degenerate, with a continuum of equilibria (Green naming 6
    against any mix of Blue's that names 6 at most a third of the time, among others)."""
    game = example("no_contest")
    assert not game.col_payoffs.any()
    d = pg.degeneracy(game)
    assert d.degenerate
    assert any("several best replies" in r for r in d.reasons)
    assert "degenerate" in pg.summary(game)
    found = pg.equilibria(game)
    assert len(found) > 1
    green_on_6 = [e for e in found if e.row[game.prices.index(6)] == 1]
    assert green_on_6


# --- pictures and words -------------------------------------------------------------------------
def test_the_heat_map_shows_both_payoff_matrices_and_frames_pure_equilibria() -> None:
    from matplotlib.patches import Rectangle

    fig = pg.heatmap(example("price_war"))
    titles = [ax.get_title() for ax in fig.axes]
    assert "Green's payoff" in titles and "Blue's payoff" in titles
    framed = [p for ax in fig.axes for p in ax.patches if isinstance(p, Rectangle)]
    assert len(framed) == 2  # the one pure equilibrium, on each matrix
    assert framed[0].get_xy() == (-0.5, -0.5)  # markers (2, 2): the top left cell


def test_the_summary_names_the_equilibria() -> None:
    text = pg.summary(example("price_cycle"))
    assert "5 (40%)" in text and "8 (33%)" in text
    assert "not a proof" in text


# --- bad input ----------------------------------------------------------------------------------
def test_bad_requests_raise_a_typed_error_and_change_nothing() -> None:
    game = example("price_war")
    s = game.state
    text = s.to_json()
    bad = [
        ((s, 0, READY, READY), "another company"),
        ((s, 7, READY, READY), "another company"),
        ((s, 1, replace(READY, body=4), READY), "no body 4"),
        ((s, 1, replace(READY, workers=3), READY), "canteen"),
        ((s, 1, READY, replace(READY, workers=20)), "workers"),
        ((s, 1, READY, replace(READY, salesman=True)), "salesman"),
        ((s, 1, READY, replace(READY, body=9)), "body and engine"),
        ((s, 1, READY, replace(READY, tech=0)), "technology"),
    ]
    for args, fragment in bad:
        with pytest.raises(PriceGameError, match=fragment):
            pg.build(*args)
    bad_prices: list[Any] = [(), (4,), (2, 2), (9,), 5]
    for prices in bad_prices:
        with pytest.raises(PriceGameError, match="distinct markers of the chart"):
            pg.build(s, 1, READY, READY, prices=prices)
    assert s.to_json() == text
    with pytest.raises(PriceGameError, match="not a market step"):
        pg.build(fresh(2), 1, READY, READY)
    with pytest.raises(PriceGameError, match="method"):
        pg.equilibria(game, "lemke")
    with pytest.raises(PriceGameError, match="start"):
        pg.best_response_dynamics(game, start=(4, 8))
    with pytest.raises(PriceGameError, match="start"):
        pg.best_response_dynamics(game, start=8)  # type: ignore[arg-type]
    with pytest.raises(PriceGameError, match="no example"):
        pg.example("bertrand")


def test_a_position_with_buicks_buyer_to_come_is_refused() -> None:
    s = example("price_war").state.clone()
    give_engineer(s, "Red", "Buick")
    with pytest.raises(PriceGameError, match="Buick"):
        pg.build(s, co(s, "Blue"), READY, READY)
