"""Formel 1's bots: uniform random, and a greedy one.

Greedy bids up to an estimate of a car's value from its grid slot and the bidder's hand, and in
the race takes the action whose result best advances its own cars against its rivals' (its own
follow-up choices on the same card made the same way). Bots only choose among
``state.legal_action_ids()``; each owns a seeded ``random.Random`` (STYLE 9). At a chance node
(explicit chance) both choose a legal outcome uniformly. The weights are judgement calls, not
rules.
"""

from __future__ import annotations

import random

from gamecore.bots import RandomBot, make_from

from . import rules
from .actions import (
    ACTIONS,
    DECLINE,
    PASS,
    AuctionCard,
    Bid,
    Buyer,
    Price,
    Promise,
    Sell,
    Withhold,
)
from .config import FINISHED
from .state import State

#: The value of a car before the hand is counted, by grid slot (pole first), in $1K.
SLOT_VALUE = (75, 70, 65, 60, 55, 50)
#: $1K of value per step of the car's colour in the bidder's hand.
STEP_VALUE = 1


class GreedyBot:
    """Bids to a car's estimated value; plays what best advances its cars against its rivals."""

    name = "greedy"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        """The greedy action id (uniform at a chance node)."""
        legal = state.legal_action_ids()
        if state.current_player < 0:
            return self.rng.choice(legal)
        if state.phase == rules.AUCTION:
            return self._bid(state, legal)
        if state.proposal is not None:
            return _no_trade(legal)
        legal = tuple(a for a in legal if not isinstance(ACTIONS[a], TRADES))
        me = state.current_player
        return max(legal, key=lambda aid: (_settled(state.child(aid), me), -aid))

    def _bid(self, s: State, legal: tuple[int, ...]) -> int:
        """The lowest legal bid while it stays within the car's value, else pass."""
        value = car_value(s, s.turn, s.offer)
        bids = [a for a in legal if a != PASS]
        if bids and ACTIONS[bids[0]].amount <= value:  # type: ignore[attr-defined]
            return bids[0]
        return PASS


#: The actions that open a bargain of the no-car variant (F1-39), which greedy never does.
TRADES = (Sell, AuctionCard, Promise, Withhold)


class TraderBot:
    """A stress bot for the no-car variant, not offered by ``make_bot``: it makes a game as
    long as the rules allow. It passes on every car (the dealer takes them for $10K, F1-15, and
    the others own none and bargain, F1-38); in turn it offers all the cards it may sell at the
    richest price (declined when offered to it) or auctions a card; in a card auction it raises
    by the least bid each time (F1-39). Its games log far past ``state.LOG_LIMIT``
    (tests/formel1/test_log_window.py, benchmarks/bench_racing_positions.py)."""

    name = "trader"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        """The trader's action id (uniform where it has no preference)."""
        legal = state.legal_action_ids()
        if state.phase == rules.AUCTION:
            return PASS if PASS in legal else self.rng.choice(legal)
        deal = state.proposal
        if deal is not None and deal.kind == rules.CARD_AUCTION:
            return min((a for a in legal if isinstance(ACTIONS[a], Bid)), default=PASS)
        for kind in (Sell, Buyer, Price):
            ids = [a for a in legal if isinstance(ACTIONS[a], kind)]
            if ids and (kind is not Sell or deal is not None or self.rng.random() < 0.5):
                return self.rng.choice(ids) if kind is Buyer else max(ids)
        auctions = [a for a in legal if isinstance(ACTIONS[a], AuctionCard)]
        if auctions:
            return self.rng.choice(auctions)
        if deal is not None and deal.price >= 0:
            return DECLINE  # the offer stays open to be made again
        return self.rng.choice(legal)


def _no_trade(legal: tuple[int, ...]) -> int:
    """Greedy never trades (a judgement call, F1-39, RF9): it declines an offer and passes in a
    card auction; asked to finish a bargain someone opened for it, it takes the last choice
    (the last buyer, the highest price), which moves the bargain on."""
    if DECLINE in legal:
        return DECLINE
    return PASS if PASS in legal else legal[-1]


def car_value(s: State, player: int, car: int) -> int:
    """A car's value to ``player``: its grid slot plus the steps his hand gives it (F1-17)."""
    slot = s.revealed.index(car)
    steps = sum(n for k in s.hands[player] for c, n in s.cfg.kinds[k].numbers if c == car)
    return SLOT_VALUE[slot] + STEP_VALUE * steps


def _settled(s: State, me: int) -> float:
    """Play ``me``'s own follow-up choices on the same card greedily, then evaluate."""
    while s.phase == rules.RACE and s.current_player == me and s.card != -1:
        s = max((s.child(a) for a in s.legal_action_ids()), key=lambda c: evaluate(c, me))
    return evaluate(s, me)


def evaluate(s: State, me: int) -> float:
    """Own cars' progress less the rivals' average; a finished car counts its prize."""
    track = s.track_spec()
    mine = theirs = 0.0
    for car, p in enumerate(s.pos):
        if p == FINISHED:
            value = s.total_laps() * track.rows + s.cfg.prizes[s.finished.index(car)] / 10
        else:
            value = rules.progress(s, car) if p >= 0 else 0
        if s.owner[car] == me:
            mine += value
        else:
            theirs += value
    rivals = max(1, sum(1 for o in s.owner if o != me))
    return mine - theirs / rivals


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = 0) -> RandomBot | GreedyBot:
    """A new bot by name (``"random"`` or ``"greedy"``) with its own seeded generator."""
    return make_from(BOTS, name, seed)


__all__ = ["BOTS", "TRADES", "Bid", "GreedyBot", "RandomBot", "TraderBot", "car_value", "evaluate",
           "make_bot"]
