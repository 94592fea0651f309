"""Formel 1's setup and auction (F1-03 .. F1-17; RF3, RF4), driven by actions from small
explicit-chance positions (STYLE 13)."""

from __future__ import annotations

from collections import Counter

import pytest

import formel1
import gamecore
from formel1 import rules
from formel1.config import OFF
from formel1.render import detail_log

BLACK, YELLOW, BLUE, ORANGE, RED, GREEN = range(6)
NAMES = ("Black", "Yellow", "Blue", "Orange", "Red", "Green")


def _dealt(players: int, dealer: int = 0, variants: tuple[str, ...] = ()) -> formel1.State:
    """An explicit-chance game dealt (first chance outcome each time), at the first reveal."""
    s = formel1.new_game(players, None, variants=variants, explicit_chance=True)
    s.apply(f"first dealer {dealer}")
    while s.phase in (rules.DEAL, rules.STARTER):
        s.apply(s.legal_action_ids()[0])
    return s


def _reveal(s: formel1.State, car: int) -> None:
    """Chance reveals ``car``; the last car is revealed at once (its only outcome)."""
    if s.is_chance_node():
        s.apply(f"reveal {NAMES[car]}")
    assert s.revealed[-1] == car


def _sell_to(s: formel1.State, car: int, buyer: int) -> None:
    """Reveal ``car``; ``buyer`` bids the minimum when his turn comes, everyone else passes."""
    _reveal(s, car)
    while s.offer == car and s.phase == rules.AUCTION:
        s.apply(f"bid {rules.minimum_bid(s)}" if s.turn == buyer and s.high_bid == 0
                else "pass")


def _everyone_passes(s: formel1.State) -> None:
    car = s.offer
    while s.offer == car and not s.is_chance_node():
        s.apply("pass")


def test_each_player_starts_with_200k_and_chance_draws_the_first_dealer() -> None:
    s = formel1.new_game(5, None, explicit_chance=True)
    assert s.money == (200,) * 5 and s.is_chance_node()
    assert [(str(a), p) for a, p in s.chance_outcomes()] == \
        [(f"first dealer {p}", 0.2) for p in range(5)]


@pytest.mark.parametrize(("players", "variants", "each", "starter", "removed"), [
    (2, (), 24, False, 0), (3, (), 16, False, 0), (4, (), 12, False, 0),
    (5, (), 9, True, 2), (6, (), 8, False, 0),
    (4, ("white321",), 12, True, 0), (5, ("white321",), 9, True, 3),
    (2, ("white321",), 24, True, 0),
])
def test_the_deck_is_dealt_as_evenly_as_possible_with_a_starter_and_removed_leftovers(
        players: int, variants: tuple[str, ...], each: int, starter: bool, removed: int) -> None:
    s = _dealt(players, variants=variants)
    assert [len(h) for h in s.hands] == [each] * players
    assert (s.starter != OFF) == starter and len(s.removed) == removed
    everything = [k for h in s.hands for k in h] + list(s.removed) + [s.starter] * starter
    assert Counter(everything) == Counter(s.deck())


def test_four_players_without_the_white_10_have_no_starter_card() -> None:
    s = _dealt(4)
    assert s.starter == OFF and s.removed == ()
    for car in range(6):
        _reveal(s, car)
        while s.offer == car:
            s.apply("pass" if s.turn != car % 4 else f"bid {rules.minimum_bid(s)}")
    assert s.phase == rules.RACE and s.turn == s.owner[BLACK]  # the pole owner begins (F1-19)


def test_the_deal_goes_round_from_the_dealers_left_with_cards_weighted_by_copies() -> None:
    s = formel1.new_game(3, None, explicit_chance=True)
    cfg = s.cfg
    s.apply("first dealer 1")
    outcomes = dict((str(a), p) for a, p in s.chance_outcomes())
    assert outcomes["deal White 5"] == pytest.approx(6 / 48)
    assert outcomes["deal Black 10"] == pytest.approx(1 / 48) and "deal White 10" not in outcomes
    s.apply("deal White 5")
    assert s.hands[2] == (cfg.kinds.index(next(k for k in cfg.kinds
                                                  if k.name == "White 5")),)


def test_a_starter_is_chosen_among_the_leftovers_and_the_rest_are_removed() -> None:
    s = formel1.new_game(5, None, explicit_chance=True)
    s.apply("first dealer 0")
    while s.phase == rules.DEAL:
        s.apply(s.legal_action_ids()[-1])
    leftovers = rules.undealt(s)
    assert len(leftovers) == 3 and s.is_chance_node()
    assert sorted(a.kind for a, _ in s.chance_outcomes()) == sorted(set(leftovers))
    s.apply(s.legal_action_ids()[0])
    assert sorted((s.starter, *s.removed)) == sorted(leftovers)


def test_cars_are_revealed_by_chance_and_take_the_grid_in_reveal_order_from_the_pole() -> None:
    s = _dealt(2)
    assert len(s.chance_outcomes()) == 6
    track = s.track_spec()
    order = [RED, BLACK, GREEN]
    for car in order:
        _reveal(s, car)
        s.apply("bid 10")
        s.apply("pass")
    assert [track.label(s.pos[c]) for c in order] == ["1a", "1b", "1c"]
    assert s.revealed == tuple(order)


def test_bidding_starts_left_of_the_dealer_and_goes_clockwise_without_re_entry() -> None:
    s = _dealt(4, dealer=2)
    _reveal(s, BLUE)
    seen = []
    for action in ("bid 10", "pass", "bid 20", "bid 30"):  # seats 3, 0, 1, 2
        seen.append(s.turn)
        s.apply(action)
    assert seen == [3, 0, 1, 2]
    assert s.turn == 3  # seat 0 passed and is skipped (F1-08)
    s.apply("pass")
    assert s.turn == 1
    s.apply("pass")
    assert s.owner[BLUE] == 2 and s.money[2] == 170  # the last bidder pays (F1-09)


@pytest.mark.parametrize(("text", "rule"), [("bid 10", "F1-10"), ("bid 210", "RF3")])
def test_an_illegal_bid_names_the_rule_and_changes_nothing(text: str, rule: str) -> None:
    s = _dealt(3)
    _reveal(s, BLACK)
    s.apply("bid 20")
    key = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=rule):
        s.apply(text)
    assert s.key() == key


def test_a_bid_is_a_multiple_of_10k() -> None:
    s = _dealt(3)
    _reveal(s, BLACK)
    with pytest.raises(gamecore.ActionParseError):
        s.apply("bid 25")
    assert s.high_bid == 0


def test_with_six_players_an_owner_may_not_bid_again_so_each_gets_one_car() -> None:
    s = _dealt(6)
    _reveal(s, BLACK)
    s.apply("bid 10")  # seat 1
    _everyone_passes(s)
    _reveal(s, YELLOW)  # 5 cars left, 5 carless: seat 1 passes at once (F1-11)
    assert s.turn == 2 and "Player 1 passes on Yellow." in detail_log(s)
    for car in range(1, 5):
        _reveal(s, car)
        s.apply("bid 10")
        _everyone_passes(s)
    _reveal(s, GREEN)  # the last car, one carless player: forced (F1-13)
    assert sorted(s.owner) == list(range(6))


def test_an_owner_may_not_bid_once_cars_left_equal_carless_players() -> None:
    s = _dealt(3)
    _reveal(s, BLACK)
    s.apply("bid 10")  # seat 1
    s.apply("pass")
    s.apply("pass")
    for car in (YELLOW, BLUE, ORANGE):  # seat 1 buys three more: 2 cars left, 2 carless
        _reveal(s, car)
        s.apply("bid 30" if car != YELLOW else "bid 10")
        s.apply("pass")
        s.apply("pass")
    assert rules.cars_to_bid(s) == 2 and rules.carless(s) == [2, 0]
    _reveal(s, RED)
    assert s.turn == 2  # seat 1 may not bid (F1-11) and passes automatically
    assert "Player 1 passes on Red." in detail_log(s)
    state = s.clone()
    state.turn, state.out = 1, (False,) * 3
    assert not rules.legal_bids(state, 1)
    assert rules.why_illegal(state, formel1.parse_action(state, "bid 30")).rule == "F1-11"


@pytest.mark.parametrize(("players", "last"), [(2, 0), (3, 3), (4, 2), (5, 2), (6, 0)])
def test_the_last_cars_have_a_30k_minimum_with_three_to_five_players(players: int,
                                                                    last: int) -> None:
    s = _dealt(players)
    for car in range(6):
        _reveal(s, car)
        if s.offer != car:
            break
        expected = 30 if rules.cars_to_bid(s) <= last else 10
        assert rules.minimum_bid(s) == expected, (car, players)
        if not rules.may_bid(s, s.turn):
            break
        s.apply(f"bid {expected}")
        _everyone_passes(s)


def test_the_last_car_goes_to_the_one_carless_player_for_30k_without_bidding() -> None:
    s = _dealt(2)
    for car in range(5):
        _reveal(s, car)
        s.apply("bid 10")  # seat 1 buys five
        s.apply("pass")
    _reveal(s, GREEN)
    assert s.owner[GREEN] == 0 and s.money[0] == 170 and s.phase == rules.RACE


def test_a_forced_car_is_taken_even_without_the_cash() -> None:
    s = _dealt(2)
    s.money = (20, 200)
    for car in range(5):
        _reveal(s, car)
        s.apply("bid 10")
        s.apply("pass")
    _reveal(s, GREEN)
    assert s.owner[GREEN] == 0 and s.money[0] == -10  # RF3: negative only here


def test_a_car_nobody_bids_on_is_offered_again_last_and_keeps_its_grid_slot() -> None:
    s = _dealt(2)
    _reveal(s, ORANGE)
    _everyone_passes(s)
    assert s.queue == (ORANGE,) and s.owner[ORANGE] == OFF and s.is_chance_node()
    for car, buyer in zip((BLACK, YELLOW, BLUE, RED, GREEN), (0, 1, 1, 1, 1), strict=True):
        _sell_to(s, car, buyer)
    # every car revealed: Orange comes up again, everyone owns a car
    assert s.offer == ORANGE and s.reoffered
    assert s.track_spec().label(s.pos[ORANGE]) == "1a"  # its first reveal was the pole


def test_the_dealer_gets_the_last_car_for_10k_when_all_pass_and_all_own_a_car() -> None:
    s = _dealt(3, dealer=2)
    for car, buyer in enumerate((0, 1, 2, 0, 0)):
        _sell_to(s, car, buyer)
    assert rules.carless(s) == [] and s.money[2] == 190
    _reveal(s, GREEN)
    _everyone_passes(s)
    assert s.owner[GREEN] == 2 and s.money[2] == 190 - 10


def test_the_dealer_gets_the_passed_last_car_for_10k_even_with_no_cash_left() -> None:
    """F1-15 gives the dealer the car unconditionally; RF3's "money may go negative ... only
    then" (the forced $30K) yields to the seed (docs/rules-formel1.md, F1-15)."""
    s = _dealt(2, dealer=1)
    _reveal(s, BLACK)
    s.apply("bid 10")  # seat 0, left of the dealer
    s.apply("bid 200")  # the dealer bids all his money: seat 0 cannot beat it, passes at once
    assert s.owner[BLACK] == 1 and s.money[1] == 0
    for car in (YELLOW, BLUE, ORANGE, RED):
        _sell_to(s, car, 0)
    _reveal(s, GREEN)
    assert s.offer == GREEN and s.turn == 0
    s.apply("pass")  # the dealer, with $0, can only pass: taken at once
    assert s.owner[GREEN] == 1 and s.money[1] == -10
    assert "Player 1 is the dealer and gets Green for $10K." in detail_log(s)


def test_a_re_offered_car_passed_again_goes_to_the_dealer_for_10k() -> None:
    s = _dealt(2, dealer=1)
    _reveal(s, BLACK)
    _everyone_passes(s)
    for car in range(1, 6):
        _sell_to(s, car, car % 2)
    assert s.offer == BLACK and s.reoffered
    money = s.money[1]
    _everyone_passes(s)
    assert s.owner[BLACK] == 1 and s.money[1] == money - 10


@pytest.mark.parametrize("split", [(3, 1, 1, 1), (2, 2, 1, 1)])
def test_extra_cars_may_go_to_any_player(split: tuple[int, ...]) -> None:
    s = _dealt(4, dealer=3)  # bidding starts at seat 0
    buyers = [p for p, k in enumerate(split) for _ in range(k)]
    for car, buyer in enumerate(buyers):
        _sell_to(s, car, buyer)
    counts = Counter(s.owner)
    assert sorted(counts.values(), reverse=True) == list(split)
    assert s.phase == rules.RACE


def test_a_re_offered_car_passed_again_is_forced_on_a_carless_player_for_30k() -> None:
    s = _dealt(3, dealer=2)
    _reveal(s, BLACK)
    _everyone_passes(s)
    _reveal(s, YELLOW)
    _everyone_passes(s)
    for car, buyer in zip((BLUE, ORANGE, RED, GREEN), (0, 1, 0, 0), strict=True):
        _sell_to(s, car, buyer)
    assert s.offer == BLACK and s.reoffered and rules.carless(s) == [2]
    _everyone_passes(s)  # 2 cars left, 1 carless: all may bid, nobody does (RF3)
    assert s.owner[BLACK] == 2 and s.money[2] == 200 - 30
    assert s.offer == YELLOW  # the last car: everyone owns one now
    _everyone_passes(s)
    assert s.owner[YELLOW] == 2 and s.money[2] == 200 - 30 - 10  # the dealer's car (F1-15)
