"""The buy phase (solvers.automobiles.buy): the dynamic programme and CP-SAT against
the enumeration of every purchase, on random stocks, budgets, values and constraints; a
purchase replayed through the engine's buy phase."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from automobiles import State, config_for
from automobiles.config import BLUE, CUBES, PURPLE, WEAR, YELLOW
from solvers.automobiles import buy
from solvers.automobiles.positions import explicit, random_positions

stocks = st.lists(st.integers(0, 3), min_size=len(CUBES), max_size=len(CUBES)).map(tuple)
budgets = st.integers(0, 16)
value_lists = st.lists(st.integers(0, 6), min_size=len(CUBES), max_size=len(CUBES)).map(
    lambda vs: tuple(0 if c == WEAR else v for c, v in enumerate(vs)))


def _value(counts: tuple[int, ...], values: tuple[int, ...]) -> int:
    return sum(v * k for v, k in zip(values, counts, strict=True))


def _cost(counts: tuple[int, ...]) -> int:
    return sum((c or 0) * k for c, k in zip(buy.costs(), counts, strict=True))


def _best_by_enumeration(stock: tuple[int, ...], money: int, values: tuple[int, ...],
                         rules: buy.Constraints | None = None) -> tuple[int, int] | None:
    """(best value, least cost at it) over every purchase meeting ``rules``; None if none."""
    found = [(_value(p, values), -_cost(p)) for p in buy.purchases(stock, money)
             if rules is None or rules.allows(p)]
    if not found:
        return None
    value, cost = max(found)
    return value, -cost


@settings(max_examples=150, deadline=None)
@given(stocks, budgets, value_lists)
def test_the_dynamic_programme_equals_the_best_of_every_purchase(
        stock: tuple[int, ...], money: int, values: tuple[int, ...]) -> None:
    best = buy.best_purchase(stock, money, values)
    assert best.proven
    assert all(0 <= k <= s for k, s in zip(best.counts, stock, strict=True))
    assert best.cost == _cost(best.counts) <= money
    assert best.value == _value(best.counts, values)
    assert (best.value, best.cost) == _best_by_enumeration(stock, money, values)


constraint_sets = st.builds(
    buy.Constraints,
    at_most=st.dictionaries(st.sampled_from((PURPLE, BLUE, YELLOW)), st.integers(0, 2),
                            max_size=2),
    at_least=st.dictionaries(st.sampled_from((0, 1, YELLOW)), st.integers(0, 2), max_size=2),
    forbidden=st.frozensets(st.sampled_from((6, 8, 9)), max_size=2))


@settings(max_examples=60, deadline=None)
@given(stocks, budgets, value_lists, constraint_sets)
def test_cp_sat_equals_the_best_of_every_purchase_meeting_the_constraints(
        stock: tuple[int, ...], money: int, values: tuple[int, ...],
        rules: buy.Constraints) -> None:
    best = buy.best_purchase_cp(stock, money, values, rules)
    expected = _best_by_enumeration(stock, money, values, rules)
    if expected is None:
        assert best.status == "infeasible"
        return
    assert best.proven and rules.allows(best.counts)
    assert best.cost == _cost(best.counts) <= money
    assert (best.value, best.cost) == expected


def test_cp_sat_without_constraints_agrees_with_the_dynamic_programme_on_fractions() -> None:
    values = [Fraction(k, 3) for k in (3, 5, 8, 10, 0, 4, 5, 5, 7, 7)]
    for money in range(0, 20, 3):
        stock = (30, 28, 24, 16, 80, 40, 16, 16, 16, 16)
        dp, cp = buy.best_purchase(stock, money, values), buy.best_purchase_cp(stock, money,
                                                                              values)
        assert (dp.value, dp.cost) == (cp.value, cp.cost)


def test_no_wear_making_cubes_forbids_the_colours_whose_card_gains_wear() -> None:
    state = random_positions(1, seed=2)[0]
    making = buy.wear_making(state.cards)
    for c in state.cards:
        card = config_for(2).cards[c]
        assert (card.colour in making) == (card.wear > 0)
    rich = buy.best_purchase_cp(state.stock, 30, None, buy.Constraints(forbidden=making))
    assert all(rich.counts[c] == 0 for c in making)


def _held(state: State, seat: int) -> tuple[int, ...]:
    return tuple(sum(pile[seat][c] for pile in (state.bag, state.active, state.used,
                                                state.discard)) for c in range(len(CUBES)))


def test_a_purchase_replays_through_the_engines_buy_phase() -> None:
    replayed = 0
    for state in random_positions(8, seed=9):
        e = explicit(state)
        e.apply("end actions")
        if e.phase != "buy":
            continue
        seat, held, stock = e.mover, _held(e, e.mover), e.stock
        best = buy.for_state(e)
        for action in best.actions():
            if e.phase != "buy":  # nothing affordable is left: the engine stopped buying
                assert action == best.actions()[-1]
                break
            e.apply(action)
        assert e.phase != "buy"
        assert tuple(a - b for a, b in zip(_held(e, seat), held, strict=True)) == best.counts
        assert tuple(a - b for a, b in zip(stock, e.stock, strict=True)) == best.counts
        replayed += any(best.counts)
    assert replayed >= 3
