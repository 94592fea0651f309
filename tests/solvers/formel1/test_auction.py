"""The auction as a game (solvers/formel1/auction.py): backward induction equals a
plain exhaustive game tree over the engine's auction (every bid, pass, reveal, minimum and
forced car as the engine rules them), its line replays through the engine to its payoffs, the
support enumeration's answers are equilibria and find the textbook ones, and the English and
sealed formats behave as theory says on the same valuations."""

from __future__ import annotations

from fractions import Fraction

import pytest

from formel1 import State
from solvers.formel1 import auction as A

#: (players, seed, cars left, budgets): small budgets keep the plain tree small.
CASES = [(3, 1, 2, [40, 50, 30]), (2, 1, 3, [30, 40]), (4, 1, 2, [40, 30, 40, 30]),
         (3, 4, 3, [30, 40, 30]), (4, 0, 3, [30, 30, 30, 30])]


def _values(players: int) -> list[list[int]]:
    return [[(p * 13 + c * 7) % 50 + 20 for c in range(6)] for p in range(players)]


def exhaustive(root: State, s: State, values: list[list[int]]) -> tuple[Fraction, ...]:
    """The plain game tree: no memo; each mover takes his best payoff, ties to the lowest id;
    chance (the next car card) averaged."""
    if s.phase != "auction":
        return A.payoffs(root, s, values)
    if s.current_player < 0:
        outcomes = s.chance_outcomes()
        kids = [exhaustive(root, s.child(a), values) for a, _ in outcomes]
        return tuple(sum(col, Fraction(0)) / len(kids) for col in zip(*kids, strict=True))
    mover = s.current_player
    best = None
    for aid in s.legal_action_ids():
        vec = exhaustive(root, s.child(aid), values)
        if best is None or vec[mover] > best[mover]:
            best = vec
    assert best is not None
    return best


@pytest.mark.parametrize("case", CASES)
def test_backward_induction_equals_the_exhaustive_game_tree(
        case: tuple[int, int, int, list[int]]) -> None:
    players, seed, cars, money = case
    s = A.auction_endgame(players, seed, cars, money)
    assert s.seed is None and sum(1 for o in s.owner if o < 0) <= cars
    values = _values(players)
    solved = A.solve_auction(s, values)
    assert solved.payoffs == exhaustive(s, s, values)
    for text, vec in solved.choices:
        assert vec == exhaustive(s, s.child(s.resolve(text)), values), text
    assert solved.best == solved.line[0][1]


def test_the_line_of_the_last_car_replays_to_its_payoffs() -> None:
    s = A.auction_endgame(4, 1, 2, [40, 30, 40, 30])
    values = _values(4)
    solved = A.solve_auction(s, values)
    t = s.clone()
    for who, action in solved.line:
        assert who == f"Player {t.current_player}"
        t.apply(action)
    if t.phase == "auction":  # the line stopped at a reveal: nothing to replay beyond it
        assert t.current_player < 0
    else:
        assert A.payoffs(s, t, values) == solved.payoffs


def _equilibrium_ends(s: State, values: list[list[int]]) -> list[State]:
    """Every end of the auction under equilibrium play, one per sequence of reveals."""
    if s.phase != "auction":
        return [s]
    if s.current_player < 0:
        return [end for a, _ in s.chance_outcomes()
                for end in _equilibrium_ends(s.child(a), values)]
    return _equilibrium_ends(s.child(s.resolve(A.solve_auction(s, values).best)), values)


def test_a_carless_player_ends_with_a_car_on_every_equilibrium_path() -> None:
    s = A.auction_endgame(4, 0, 3, [30, 30, 30, 30])
    carless = [p for p in range(4) if p not in s.owner]
    assert carless == [3]  # the premise: F1-11 and F1-13 can apply
    values = _values(4)
    ends = _equilibrium_ends(s, values)
    assert len(ends) > 1  # several reveal orders
    for end in ends:
        assert set(end.owner) == set(range(4))  # F1-11, F1-13: everyone owns a car
        assert any(s.owner[c] < 0 and end.owner[c] == 3 for c in range(6))
    # The solver's value is the mean over the reveal orders of these ends' payoffs.
    solved = A.solve_auction(s, values)
    mean = [sum((A.payoffs(s, e, values)[p] for e in ends), Fraction(0)) / len(ends)
            for p in range(4)]
    assert list(solved.payoffs) == mean


def test_the_english_auction_goes_to_the_higher_value_for_at_most_the_lower_value() -> None:
    for values in ([70, 50], [40, 60], [90, 30]):
        english = next(r for r in A.compare_formats(values, [80, 80]) if r.format == "english")
        high = 0 if values[0] > values[1] else 1
        assert english.win_chance[high] == 1
        assert english.revenue <= min(values) + 10


def test_second_price_sealed_bids_charge_the_lower_value() -> None:
    results = A.compare_formats([70, 50], [80, 80])
    second = next(r for r in results if r.format == "second price")
    assert second.win_chance == (1, 0) and second.revenue == 50
    assert second.payoffs == (20, 0)


def test_every_first_price_pure_equilibrium_passes_the_deviation_check() -> None:
    game = A.bid_game([70, 50], [80, 80])
    pure = A.pure_equilibria(game)
    assert pure
    for i, j in pure:
        x = [Fraction(int(k == i)) for k in range(len(game.row))]
        y = [Fraction(int(k == j)) for k in range(len(game.col))]
        assert A.is_equilibrium(game, x, y)
    # ... and no other pure profile is one.
    count = sum(A.is_equilibrium(game, [Fraction(int(k == i)) for k in range(len(game.row))],
                                 [Fraction(int(k == j)) for k in range(len(game.col))])
                for i in range(len(game.row)) for j in range(len(game.col)))
    assert count == len(pure)


def _game(a: list[list[int]], b: list[list[int]]) -> A.BidGame:
    return A.BidGame(tuple(range(len(a))), tuple(range(len(a[0]))),
                     tuple(tuple(Fraction(v) for v in r) for r in a),
                     tuple(tuple(Fraction(v) for v in r) for r in b))


def test_support_enumeration_finds_the_textbook_equilibria() -> None:
    pennies = _game([[1, -1], [-1, 1]], [[-1, 1], [1, -1]])
    half = (Fraction(1, 2), Fraction(1, 2))
    assert A.support_enumeration(pennies) == [(half, half)]
    sexes = _game([[2, 0], [0, 1]], [[1, 0], [0, 2]])
    found = A.support_enumeration(sexes)
    assert ((1, 0), (1, 0)) in found and ((0, 1), (0, 1)) in found
    assert ((Fraction(2, 3), Fraction(1, 3)), (Fraction(1, 3), Fraction(2, 3))) in found
    assert len(found) == 3


def test_support_enumeration_on_a_bid_game_returns_only_equilibria() -> None:
    game = A.bid_game([40, 30], [40, 40])
    found = A.support_enumeration(game)
    assert found
    for x, y in found:
        assert sum(x) == 1 and sum(y) == 1 and A.is_equilibrium(game, x, y)
