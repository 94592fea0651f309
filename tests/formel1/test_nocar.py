"""The no-car variant (F1-38, F1-39; RF9): the auction without the one-car requirement, and a
carless player's sales and promises, accepted or declined, at most two a turn
(tests/formel1/test_nocar_deals.py: several cards, any price, card auctions, withholding)."""

from __future__ import annotations

import random

import pytest

import formel1
import gamecore
from formel1 import rules
from formel1.render import detail_log
from tests.formel1.test_auction import _dealt, _everyone_passes, _reveal, _sell_to
from tests.formel1.test_positions import kind, options, race

NO_CAR = ("no_car",)
CARDS = ["Black 5", "Red 10", "Orange 10"]
OTHER = ["Green 10", "Yellow 10", "Blue 10"]


def _bargain_race() -> formel1.State:
    """Seat 0 owns no car; seat 1 owns all six; seat 0 is to play."""
    return race({"Black": "3a", "Yellow": "3b", "Blue": "3c", "Orange": "20b", "Red": "30a",
                 "Green": "40a"}, [CARDS, OTHER], owner=(1,) * 6, variants=NO_CAR)


def test_without_the_requirement_an_owner_may_still_bid() -> None:
    s = formel1.new_game(6, None, variants=NO_CAR, explicit_chance=True)
    s.apply("first dealer 0")
    while s.phase in (rules.DEAL, rules.STARTER):
        s.apply(s.legal_action_ids()[0])
    _reveal(s, 0)
    s.apply("bid 10")  # seat 1
    _everyone_passes(s)
    _reveal(s, 1)
    assert s.turn == 1 and rules.legal_bids(s, 1)  # F1-11 is dropped (F1-38)


def test_without_the_requirement_the_last_car_is_not_forced_and_may_go_to_the_dealer() -> None:
    s = _dealt(2, dealer=0, variants=NO_CAR)
    for car in range(5):
        _sell_to(s, car, 1)
    _reveal(s, 5)
    assert s.offer == 5 and s.phase == rules.AUCTION  # no forced purchase (F1-13 dropped)
    _everyone_passes(s)
    assert s.owner[5] == 0 and s.money[0] == 190  # the dealer's $10K car (F1-15)


def test_a_carless_player_sells_a_card_and_the_buyer_pays_and_takes_it() -> None:
    s = _bargain_race()
    assert "sell Black 5" in options(s) and "play Black 5" in options(s)
    s.apply("sell Black 5")
    s.apply("buyer 1")
    s.apply("price 30")
    assert s.current_player == 1 and options(s) == ["accept", "decline"]
    s.apply("accept")
    assert s.money == (230, 170) and kind("Black 5") in s.hands[1]
    assert kind("Black 5") not in s.hands[0] and s.current_player == 0


def test_a_promise_binds_the_promised_play() -> None:
    s = _bargain_race()
    s.apply("promise Red 10")  # the buyer is the only other player: named at once
    s.apply("price 20")
    s.apply("accept")
    # the promised card is the only play: it is played at once (F1-39)
    assert s.money == (220, 180) and kind("Red 10") not in s.hands[0]
    assert "Player 0 plays Red 10." in detail_log(s)


def test_a_declined_offer_changes_nothing_and_two_offers_a_turn_is_the_most() -> None:
    s = _bargain_race()
    for _ in range(2):
        s.apply("sell Orange 10")
        s.apply("buyer 1")
        s.apply("price 10")
        s.apply("decline")
    assert s.money == (200, 200) and s.hands[0] == tuple(sorted(kind(c) for c in CARDS))
    assert not any(o.startswith(("sell", "promise", "auction", "withhold")) for o in options(s))
    with pytest.raises(gamecore.IllegalActionError, match="RF9"):
        s.apply("sell Orange 10")


def test_only_a_carless_player_bargains_and_within_the_buyers_cash() -> None:
    s = _bargain_race()
    s.money = (200, 50)
    s.legal = rules.legal_ids(s)
    s.apply("sell Black 5")
    with pytest.raises(gamecore.IllegalActionError, match="RF9"):
        s.apply("buyer 0")  # himself
    s.apply("buyer 1")
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match="RF9"):
        s.apply("price 60")  # more than the buyer's cash
    assert s.key() == before
    s.apply("price 50")
    s.apply("decline")
    s.apply("play Orange 10")
    assert s.turn == 1
    with pytest.raises(gamecore.IllegalActionError, match="F1-38, F1-39, RF9"):
        s.apply("sell Green 10")  # seat 1 owns cars


def test_seeded_no_car_games_end_and_round_trip() -> None:
    accepted = 0
    for seed in range(6):
        s = formel1.new_game(2 + seed % 5, seed, races=2, variants=NO_CAR)
        rng = random.Random(seed)
        while not s.is_terminal():
            if rng.random() < 0.1:
                assert formel1.from_json(s.to_json()) == s
            s.apply(rng.choice(s.legal_action_ids()))
        accepted += sum(1 for line in s.log() if "accepts" in line)
        assert s.outcome() is not None
    assert accepted
