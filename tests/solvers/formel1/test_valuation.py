"""Car valuation (solvers/formel1/valuation.py): the exact expectation equals an
independent enumeration of the physical deals (each subset of the unseen copies equally likely),
the Monte Carlo interval covers the exact value, the movement-point count agrees with the cards'
printed names, and the auction's position is built as asked."""

from __future__ import annotations

import itertools
import random
import re

import pytest

from formel1 import State, config_for
from formel1.bots import GreedyBot
from solvers.formel1 import valuation as V
from solvers.formel1.positions import endgame
from solvers.formel1.race import unseen_cards, with_deal

COLOURS = config_for(2).colours


def _position(players: int, seed: int, cards: int, mid: bool) -> State:
    s = endgame(players, seed, cards, mid)
    assert s is not None
    return s


def _physical_deals(s: State, p: int) -> list[list[tuple[int, ...]]]:
    """Every way to put the unseen physical cards (copies told apart by index) into the hidden
    places: all equally likely under a shuffle."""
    pool, places = unseen_cards(s, p)
    sizes = [size for *_, size in places]
    out: list[list[tuple[int, ...]]] = []

    def split(left: tuple[int, ...], i: int, acc: list[tuple[int, ...]]) -> None:
        if i == len(sizes):
            out.append(acc)
            return
        for part in itertools.combinations(left, sizes[i]):
            rest = tuple(j for j in left if j not in part)
            split(rest, i + 1, [*acc, tuple(pool[j] for j in part)])

    split(tuple(range(len(pool))), 0, [])
    return out


def _greedy_line_prizes(s: State) -> list[int]:
    bot = GreedyBot(0)
    while not s.is_terminal():
        s = s.child(bot.choose(s))
    prizes = [0] * 6
    for place, car in enumerate(s.finished):
        prizes[car] = s.cfg.prizes[place]
    return prizes


def _random_prizes(s: State) -> list[float]:
    """Uniform random play's expected car prizes, by plain recursion (no memo)."""
    if s.is_terminal():
        prizes = [0.0] * 6
        for place, car in enumerate(s.finished):
            prizes[car] = s.cfg.prizes[place]
        return prizes
    kids = [_random_prizes(s.child(a)) for a in s.legal_action_ids()]
    return [sum(col) / len(kids) for col in zip(*kids, strict=True)]


# (players, seed, cards, inside a card): 20 distinct deals; 4 deals of 6 shuffles (two copies).
CASES = [(3, 2, 8, True), (3, 11, 5, True)]


@pytest.mark.parametrize("case", CASES)
def test_the_exact_greedy_value_equals_the_mean_over_every_physical_deal(
        case: tuple[int, int, int, bool]) -> None:
    s = _position(*case)
    p = s.current_player
    deals = _physical_deals(s, p)
    lines = [_greedy_line_prizes(with_deal(s, p, d, races=s.race + 1)) for d in deals]
    want = [sum(col) / len(lines) for col in zip(*lines, strict=True)]
    got = V.car_values(s, policy="greedy", method="exact")
    assert got.method == "exact" and got.deals == V.count_deals(s, p)
    assert [c.mean for c in got.cars] == pytest.approx(want)
    assert all(c.exact and c.low == c.mean == c.high for c in got.cars)


def test_the_consistent_deals_have_shuffle_probabilities_summing_to_one() -> None:
    s = _position(*CASES[1])
    p = s.current_player
    physical = _physical_deals(s, p)
    share = {tuple(tuple(sorted(part)) for part in d): 0.0 for d in physical}
    for d in physical:
        share[tuple(tuple(sorted(part)) for part in d)] += 1 / len(physical)
    got = dict(V.consistent_deals(s, p))
    assert got.keys() == share.keys() and len(share) < len(physical)  # copies make it uneven
    assert all(got[d] == pytest.approx(q) for d, q in share.items())


def test_the_exact_random_value_equals_plain_recursion_over_every_deal_and_line() -> None:
    s = _position(*CASES[1])
    p = s.current_player
    deals = _physical_deals(s, p)
    lines = [_random_prizes(with_deal(s, p, d, races=s.race + 1)) for d in deals]
    want = [sum(col) / len(lines) for col in zip(*lines, strict=True)]
    got = V.car_values(s, policy="random", method="exact")
    assert [c.mean for c in got.cars] == pytest.approx(want)


@pytest.mark.parametrize("policy", V.POLICIES)
def test_the_monte_carlo_interval_covers_the_exact_value(policy: str) -> None:
    s = _position(*CASES[0])
    exact = V.car_values(s, policy=policy, method="exact")
    mc = V.car_values(s, policy=policy, method="monte_carlo", samples=120, seed=5)
    assert mc.method == "monte carlo" and mc.deals == 120
    assert any(c.high > c.low for c in mc.cars)  # some car's prize varies over the deals
    for e, m in zip(exact.cars, mc.cars, strict=True):
        assert not m.exact and m.low <= e.mean <= m.high, e.car


def _points_from_names(name: str) -> dict[str, int]:
    out: dict[str, int] = {}
    for colour, n in re.findall(r"(\w+) (\d+)", name):
        out[colour] = out.get(colour, 0) + int(n)
    return out


def test_hand_points_count_each_colours_numbers_as_the_card_names_print_them() -> None:
    cfg = config_for(2)
    rng = random.Random(4)
    deck = list(cfg.race_deck(frozenset()))
    for _ in range(20):
        hand = rng.sample(deck, 12)
        want = dict.fromkeys((*COLOURS, "White"), 0)
        for k in hand:
            for colour, n in _points_from_names(cfg.kinds[k].name).items():
                want[colour] += n
        assert V.hand_points(hand) == want


def test_race_start_puts_the_hand_the_grid_and_the_owners_as_asked() -> None:
    deck = sorted(config_for(2).race_deck(frozenset()))
    hand = deck[::4]  # 12 cards
    grid, owner = [3, 1, 0, 2, 5, 4], [0, 1, 2, 3, 0, 1]
    s = V.race_start(4, 2, hand, grid, owner)
    track = s.track_spec()
    assert s.phase == "race" and s.hands[2] == tuple(sorted(hand))
    assert list(s.revealed) == grid and list(s.owner) == owner
    assert [s.pos[car] for car in grid] == list(track.grid)
    assert s.current_player == owner[grid[0]]  # F1-19: the pole car's owner plays first
    value = V.car_values(s, 2, policy="greedy", method="monte_carlo", samples=2)
    assert value.deals == 2 and len(value.cars) == 6


@pytest.mark.parametrize("bad", [dict(players=5), dict(grid=[0, 0, 1, 2, 3, 4]),
                                 dict(owner=[0, 0, 0, 0, 0, 0]), dict(hand=[0] * 12)])
def test_race_start_refuses_what_is_not_a_race_start(bad: dict[str, object]) -> None:
    deck = sorted(config_for(2).race_deck(frozenset()))
    args: dict[str, object] = dict(players=4, seat=0, hand=deck[::4],
                                   grid=[0, 1, 2, 3, 4, 5], owner=[0, 1, 2, 3, 0, 1])
    args.update(bad)
    with pytest.raises(V.ValuationError):
        V.race_start(**args)  # type: ignore[arg-type]
