"""The no-car variant's bargains as the seed words them (F1-39): "Sell one or more cards to other
players at any price. He can even hold an auction for a particular card." and "Promise to play a
certain card on his next turn for a fee. Or, even threaten to play a card on his next turn if
someone doesn't pay him not to. He must keep his promise." Each bargain is a sequence of single
decisions; RF9's two bargains a turn keep games finite."""

from __future__ import annotations

import random

import pytest

import formel1
import gamecore
from formel1 import rules
from formel1.actions import MAX_BID, PASS, TABLE, AuctionCard, Promise, Sell, Withhold
from formel1.bots import make_bot
from formel1.render import detail_log
from tests.formel1.test_auction import _dealt, _reveal
from tests.formel1.test_positions import options, race

NO_CAR = ("no_car",)
CARS = {"Black": "3a", "Yellow": "3b", "Blue": "3c", "Orange": "20b", "Red": "30a",
        "Green": "40a"}
CARDS = ["Black 5", "Red 10", "Orange 10"]
TRADES = (Sell, AuctionCard, Promise, Withhold)


def _two(cards: list[str] | None = None) -> formel1.State:
    """Seat 0 owns no car and is to play; seat 1 owns all six."""
    return race(CARS, [cards or CARDS, ["Green 10", "Yellow 10", "Blue 10"]], owner=(1,) * 6,
                variants=NO_CAR)


def _three() -> formel1.State:
    """Seat 0 owns no car and is to play; seats 1 and 2 own three cars each."""
    return race(CARS, [CARDS, ["Green 10"], ["Yellow 10"]], owner=(1, 2, 1, 2, 1, 2),
                variants=NO_CAR)


def _hand(s: formel1.State, seat: int) -> list[str]:
    return [s.cfg.kinds[k].name for k in s.hands[seat]]


# --- sales: one or more cards, at any price -----------------------------------------------------
def test_several_cards_are_sold_in_one_deal() -> None:
    s = _two([*CARDS, "Green 5"])
    s.apply("sell Black 5")
    assert "sell Red 10" in options(s) and "sell Black 5" not in options(s)  # one copy only
    s.apply("sell Red 10")
    s.apply("buyer 1")
    s.apply("price 70")
    assert "Player 0 offers Player 1 to buy Red 10 and Black 5 for $70K." in detail_log(s) \
        or "Player 0 offers Player 1 to buy Black 5 and Red 10 for $70K." in detail_log(s)
    s.apply("accept")
    assert _hand(s, 0) == ["Orange 10", "Green 5"] and {"Black 5", "Red 10"} <= set(_hand(s, 1))
    assert s.money == (270, 130) and s.offers == 1  # one bargain, two cards


def test_the_price_is_any_ten_thousand_step_up_to_the_buyers_cash() -> None:
    s = _two()
    s.money = (200, 170)
    s.legal = rules.legal_ids(s)
    s.apply("sell Black 5")
    s.apply("buyer 1")
    prices = [int(o.split()[1]) for o in options(s)]
    assert prices == list(range(0, 171, 10))  # above the old $100K cap, and a $0 gift
    s.apply("price 170")
    s.apply("accept")
    assert s.money == (370, 0)


def test_a_gift_at_no_price_hands_the_card_over() -> None:
    s = _two()
    s.apply("sell Orange 10")
    s.apply("buyer 1")
    s.apply("price 0")
    s.apply("accept")
    assert s.money == (200, 200) and "Orange 10" in _hand(s, 1)


def test_a_player_in_debt_can_only_be_offered_a_gift() -> None:
    s = _two()
    s.money = (200, -10)
    s.legal = rules.legal_ids(s)
    s.apply("sell Black 5")
    s.apply("buyer 1")  # his only price is $0: named at once
    assert s.proposal is not None and s.proposal.price == 0 and s.current_player == 1


def test_a_seller_keeps_a_card_to_play_so_every_turn_plays_one() -> None:
    """F1-38: he "must still play a card each time it is his turn"; a seller who sold his last
    card once passed his turn, and cards and money could go round the table for ever."""
    s = _two(["Black 5", "Red 10"])
    assert {"sell Black 5", "sell Red 10", "auction Red 10"} <= set(options(s))
    s.apply("sell Black 5")
    assert "sell Red 10" not in options(s)  # his last card stays: the only buyer at once
    s.apply("price 30")
    s.apply("accept")
    assert _hand(s, 0) == ["Red 10"] and s.current_player == 0
    assert not any(o.split()[0] in ("sell", "auction") for o in options(s))
    one = _two(["Red 10"])
    assert not any(o.split()[0] in ("sell", "auction") for o in options(one))


def test_a_table_of_traders_cannot_keep_a_race_going_without_playing() -> None:
    """Carless players auctioning their only card each turn once kept a race going for ever
    (each seller left with no card passed his turn). Now every turn plays a card, and the
    game ends within its length bound."""
    s = formel1.new_game(4, 1, 3, "standard", NO_CAR)
    rng = random.Random(1)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_action_ids()
        acts = [TABLE.actions[a] for a in legal]
        if s.phase == rules.AUCTION:
            aid = PASS if s.current_player < 2 and PASS in legal else rng.choice(legal)
        elif s.proposal is not None and s.proposal.kind == rules.CARD_AUCTION:
            aid = min((a for a, x in zip(legal, acts, strict=True) if type(x).__name__ == "Bid"),
                      default=PASS)
        else:
            auctions = [a for a, x in zip(legal, acts, strict=True) if isinstance(x, AuctionCard)]
            aid = rng.choice(auctions) if auctions else rng.choice(legal)
        s.apply_unchecked(aid)
        steps += 1
        assert steps < 60_000, "the game does not end"
    bound = gamecore.get("formel1").length_bound(4, races=3, variants="no_car")
    assert bound is not None and steps < bound


# --- auctions of a card ------------------------------------------------------------------------
def test_an_auction_goes_round_the_others_and_the_highest_bid_buys_the_card() -> None:
    s = _three()
    s.apply("auction Red 10")
    assert s.current_player == 1 and options(s)[:3] == ["pass", "bid 10", "bid 20"]
    s.apply("bid 30")
    assert s.current_player == 2 and "bid 30" not in options(s) and "bid 40" in options(s)
    s.apply("bid 50")
    s.apply("pass")  # seat 1 is out; seat 2's bid stands
    assert s.proposal is None and s.current_player == 0
    assert s.money == (250, 200, 150) and "Red 10" in _hand(s, 2) and "Red 10" not in _hand(s, 0)
    assert "Player 2 buys Red 10 from Player 0 for $50K." in detail_log(s)
    assert any(o.startswith("play") for o in options(s))  # then he plays a card


def test_an_auction_nobody_bids_in_leaves_the_card_with_the_seller() -> None:
    s = _three()
    s.apply("auction Red 10")
    s.apply("pass")
    s.apply("pass")
    assert s.money == (200, 200, 200) and "Red 10" in _hand(s, 0)
    assert "Nobody bids for Red 10; Player 0 keeps it." in detail_log(s)


def test_a_bid_is_limited_by_the_bidders_cash() -> None:
    s = _three()
    s.money = (200, 40, 200)
    s.legal = rules.legal_ids(s)
    s.apply("auction Red 10")
    assert options(s) == ["pass", "bid 10", "bid 20", "bid 30", "bid 40"]
    with pytest.raises(gamecore.IllegalActionError, match="F1-39"):
        s.apply("bid 50")


# --- promises: to play a card, or not to play it ------------------------------------------------
def test_a_player_paid_not_to_play_a_card_must_play_another() -> None:
    s = _two()
    s.apply("withhold Red 10")
    s.apply("price 40")
    assert s.current_player == 1
    s.apply("accept")
    assert s.money == (240, 160) and "play Red 10" not in options(s)
    assert options(s) == ["play Orange 10", "play Black 5"]  # and no further bargains
    with pytest.raises(gamecore.IllegalActionError, match="F1-39"):
        s.apply("play Red 10")
    s.apply("play Black 5")
    assert "Red 10" in _hand(s, 0) and s.withheld == -1


def test_no_one_can_be_paid_not_to_play_his_only_kind_of_card() -> None:
    s = _two(["Red 10", "Red 10"])
    assert "withhold Red 10" not in options(s) and "promise Red 10" in options(s)


def test_a_declined_promise_leaves_the_play_free() -> None:
    s = _two()
    s.apply("promise Red 10")
    s.apply("price 10")
    s.apply("decline")
    assert {"play Orange 10", "play Red 10", "play Black 5"} <= set(options(s))


# --- positions and the action table -------------------------------------------------------------
@pytest.mark.parametrize("steps", [
    ("sell Black 5",), ("sell Black 5", "buyer 1"), ("auction Red 10", "bid 30"),
    ("withhold Red 10", "buyer 2", "price 20", "accept"),
])
def test_an_open_bargain_round_trips_through_json(steps: tuple[str, ...]) -> None:
    s = _three()
    for text in steps:
        s.apply(text)
    back = formel1.from_json(s.to_json())
    assert back == s and back.legal_action_ids() == s.legal_action_ids()


def test_an_open_auction_with_a_bid_beyond_the_bidders_cash_is_refused_on_load() -> None:
    s = _three()
    s.apply("auction Red 10")
    s.apply("bid 30")
    data = s.to_json().replace('"price": 30', '"price": 300')
    with pytest.raises(gamecore.PositionError, match="proposal"):
        formel1.from_json(data)


def test_a_bid_for_a_car_may_reach_money_won_in_bargains() -> None:
    s = _dealt(3, dealer=0, variants=NO_CAR)
    s.money = (200, 6000, 200)
    _reveal(s, 0)
    assert "bid 6000" in options(s) and s.cfg.max_holding(formel1.config.MAX_RACES) == MAX_BID


def test_every_bargain_action_text_parses_back() -> None:
    for text in ("sell Black 5", "auction Red 10", "promise Red 10", "withhold Red 10",
                 "buyer 5", "price 0", f"price {MAX_BID}"):
        assert str(TABLE.from_text(text)) == text


# --- whole games stay finite ----------------------------------------------------------------
def _trader(rng: random.Random, s: formel1.State) -> int:
    """A random player that buys no car if it can help it and then opens a bargain whenever
    it can (so bargains are frequent)."""
    legal = s.legal_action_ids()
    if s.phase == rules.AUCTION:
        return PASS
    trades = [a for a in legal if isinstance(formel1.ACTIONS[a], TRADES)]
    return rng.choice(trades) if trades and rng.random() < 0.8 else rng.choice(legal)


def test_two_hundred_seeded_random_no_car_games_at_three_to_six_players_end() -> None:
    bargains = 0
    for seed in range(200):
        s = formel1.new_game(3 + seed % 4, seed, races=1, variants=NO_CAR)
        rng = random.Random(seed)
        moves = 0
        while not s.is_terminal():
            trader = seed % 2 and s.current_player % 2 == 0
            s.apply(_trader(rng, s) if trader else rng.choice(s.legal_action_ids()))
            moves += 1
            assert moves < 5000
        assert s.outcome() is not None
        bargains += sum(1 for e in s.events if type(e).__name__ in ("Proposal", "CardAuction"))
    assert bargains > 50


def test_greedy_bots_finish_no_car_games_against_traders() -> None:
    for seed in range(6):
        players = 3 + seed % 4
        s = formel1.new_game(players, seed, races=2, variants=NO_CAR)
        rng = random.Random(seed)
        bots = [make_bot("greedy", seed + p) for p in range(players)]
        while not s.is_terminal():
            p = s.current_player
            s.apply(bots[p].choose(s) if p % 2 else _trader(rng, s))
        assert s.outcome() is not None
        if seed == 0:
            assert formel1.from_json(s.to_json()) == s
