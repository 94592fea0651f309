"""Formel 1's log events: one frozen value per kind of event, the rule it reports beside it.

The rules append these to ``State.events``; ``formel1.render`` words each one (one function per
class) and joins a card's events to the line of its play; the position JSON writes each as
``[kind, field, ...]`` (docs/position-format-formel1.md, Log events). Seats count from 0, cars
are indices into the colours, cards into ``Config.kinds``, cells into the track's cells; money
is in thousands of dollars.

- ``removed`` (count): Cards are removed face down before the deal (F1-05, F1-37).
- ``dealt`` (each): The cards are dealt, ``each`` to a player (F1-05, RF4).
- ``starter`` (removed): A leftover card becomes the Starter card; ``removed`` more go face down
  (F1-05, RF4).
- ``reveal`` (car, slot): ``car`` is revealed and takes grid ``slot`` (from 1) (F1-17).
- ``bid`` (seat, amount, car): ``seat`` bids ``amount`` (thousands) for ``car`` (F1-10).
- ``pass`` (seat, car): ``seat`` passes on ``car`` (F1-08).
- ``no_bid`` (car): Nobody bids on ``car``; it goes to the bottom (F1-14).
- ``sold`` (seat, how, car, price): ``seat`` takes ``car`` for ``price``: ``how`` is BOUGHT, FORCED
  or DEALT (F1-09, F1-13, F1-15).
- ``starter_up`` (seat, card): The dealer ``seat`` turns up the Starter card ``card`` (F1-18).
- ``play`` (seat, card): ``seat`` plays ``card`` (F1-20, F1-23).
- ``no_switch`` (no fields): The switch is not possible (F1-28).
- ``no_white`` (number): No car can take the white ``number`` (F1-25, RF6).
- ``finished_loses`` (car, number): A finished ``car`` loses its ``number`` (RF5).
- ``blocked`` (car, number): ``car`` is blocked and loses ``number`` (F1-22).
- ``switch_up`` (car, cell): ``car`` switches up alongside to ``cell`` (F1-27, F1-28).
- ``finish`` (car, place): ``car`` crosses the finish line in ``place`` (from 1) (F1-30).
- ``lap`` (car, lap): ``car`` completes ``lap`` (F1-40, F1-41).
- ``moves`` (car, steps, cell, number): ``car`` moves ``steps`` of its ``number`` to ``cell``
  (blocked after ``steps`` when fewer) (F1-21, F1-24).
- ``white`` (car, number): ``car`` takes the white ``number`` (F1-25, F1-26).
- ``pick_up`` (no fields): The lead car has completed lap 1: everyone picks up his discards
  (F1-40).
- ``proposal`` (seat, bargain, cards, buyer, price): ``seat`` offers ``buyer``, for ``price``, to
  sell him ``cards`` (``bargain`` SALE), to play (PROMISE) or not to play (WITHHOLD) ``cards[0]``
  (F1-39, RF9).
- ``answer`` (seat, accepted): ``seat`` accepts or declines the proposal (F1-39, RF9).
- ``card_auction`` (seat, card): ``seat`` holds an auction for ``card`` (F1-39).
- ``card_bid`` (seat, amount, card): ``seat`` bids ``amount`` for ``card`` (F1-39).
- ``card_pass`` (seat, card): ``seat`` passes in the auction of ``card`` (F1-39).
- ``card_sold`` (seat, card, seller, price): ``seat`` buys ``card`` from ``seller`` for ``price``
  at his auction (F1-39).
- ``card_kept`` (seat, card): Nobody bids for ``card``; ``seat`` keeps it (F1-39).
- ``no_cards`` (seat): ``seat`` has no card left to play (F1-39, RF9).
- ``prize`` (seat, money, car, place): ``seat`` wins ``money`` with ``car`` in ``place`` (from 1)
  (F1-30, RF8).
- ``game_over`` (no fields): The game is over (F1-33).
- ``race`` (race, seat): Race ``race`` (from 1) begins: ``seat`` deals (F1-32, RF3).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.events import Event, event_table

#: How a car is sold (``Sold.how``): won in the bidding (F1-09), taken by a player without a car
#: at the forced price (RF3), or given to the dealer (F1-15).
BOUGHT, FORCED, DEALT = 0, 1, 2
#: The bargains of the no-car variant (``Proposal.bargain``, F1-39): as ``rules.SALE``,
#: ``rules.PROMISE``, ``rules.CARD_AUCTION`` and ``rules.WITHHOLD``.
SALE, PROMISE, CARD_AUCTION, WITHHOLD = 0, 1, 2, 3

@dataclass(frozen=True, slots=True)
class Removed(Event):
    """Cards are removed face down before the deal (F1-05, F1-37)."""

    kind = "removed"
    count: int


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The cards are dealt, ``each`` to a player (F1-05, RF4)."""

    kind = "dealt"
    each: int


@dataclass(frozen=True, slots=True)
class StarterSet(Event):
    """A leftover card becomes the Starter card; ``removed`` more go face down (F1-05, RF4)."""

    kind = "starter"
    removed: int


@dataclass(frozen=True, slots=True)
class Revealed(Event):
    """``car`` is revealed and takes grid ``slot`` (from 1) (F1-17)."""

    kind = "reveal"
    car: int
    slot: int


@dataclass(frozen=True, slots=True)
class Bid(Event):
    """``seat`` bids ``amount`` (thousands) for ``car`` (F1-10)."""

    kind = "bid"
    seat: int
    amount: int
    car: int


@dataclass(frozen=True, slots=True)
class PassBid(Event):
    """``seat`` passes on ``car`` (F1-08)."""

    kind = "pass"
    seat: int
    car: int


@dataclass(frozen=True, slots=True)
class NoBid(Event):
    """Nobody bids on ``car``; it goes to the bottom (F1-14)."""

    kind = "no_bid"
    car: int


@dataclass(frozen=True, slots=True)
class Sold(Event):
    """``seat`` takes ``car`` for ``price``: ``how`` is BOUGHT, FORCED or DEALT (F1-09, F1-13,
    F1-15)."""

    kind = "sold"
    seat: int
    how: int
    car: int
    price: int


@dataclass(frozen=True, slots=True)
class StarterUp(Event):
    """The dealer ``seat`` turns up the Starter card ``card`` (F1-18)."""

    kind = "starter_up"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Play(Event):
    """``seat`` plays ``card`` (F1-20, F1-23)."""

    kind = "play"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class NoSwitch(Event):
    """The switch is not possible (F1-28)."""

    kind = "no_switch"


@dataclass(frozen=True, slots=True)
class NoWhite(Event):
    """No car can take the white ``number`` (F1-25, RF6)."""

    kind = "no_white"
    number: int


@dataclass(frozen=True, slots=True)
class FinishedLoses(Event):
    """A finished ``car`` loses its ``number`` (RF5)."""

    kind = "finished_loses"
    car: int
    number: int


@dataclass(frozen=True, slots=True)
class Blocked(Event):
    """``car`` is blocked and loses ``number`` (F1-22)."""

    kind = "blocked"
    car: int
    number: int


@dataclass(frozen=True, slots=True)
class SwitchUp(Event):
    """``car`` switches up alongside to ``cell`` (F1-27, F1-28)."""

    kind = "switch_up"
    car: int
    cell: int


@dataclass(frozen=True, slots=True)
class Finish(Event):
    """``car`` crosses the finish line in ``place`` (from 1) (F1-30)."""

    kind = "finish"
    car: int
    place: int


@dataclass(frozen=True, slots=True)
class Lap(Event):
    """``car`` completes ``lap`` (F1-40, F1-41)."""

    kind = "lap"
    car: int
    lap: int


@dataclass(frozen=True, slots=True)
class Moves(Event):
    """``car`` moves ``steps`` of its ``number`` to ``cell`` (blocked after ``steps`` when fewer)
    (F1-21, F1-24)."""

    kind = "moves"
    car: int
    steps: int
    cell: int
    number: int


@dataclass(frozen=True, slots=True)
class TakesWhite(Event):
    """``car`` takes the white ``number`` (F1-25, F1-26)."""

    kind = "white"
    car: int
    number: int


@dataclass(frozen=True, slots=True)
class PickUp(Event):
    """The lead car has completed lap 1: everyone picks up his discards (F1-40)."""

    kind = "pick_up"


@dataclass(frozen=True, slots=True)
class Proposal(Event):
    """``seat`` offers ``buyer``, for ``price``, to sell him ``cards`` (``bargain`` SALE), to play
    (PROMISE) or not to play (WITHHOLD) ``cards[0]`` (F1-39, RF9)."""

    kind = "proposal"
    seat: int
    bargain: int
    cards: tuple[int, ...]
    buyer: int
    price: int


@dataclass(frozen=True, slots=True)
class CardAuction(Event):
    """``seat`` holds an auction for ``card`` (F1-39)."""

    kind = "card_auction"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class CardBid(Event):
    """``seat`` bids ``amount`` for ``card`` (F1-39)."""

    kind = "card_bid"
    seat: int
    amount: int
    card: int


@dataclass(frozen=True, slots=True)
class CardPass(Event):
    """``seat`` passes in the auction of ``card`` (F1-39)."""

    kind = "card_pass"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class CardSold(Event):
    """``seat`` buys ``card`` from ``seller`` for ``price`` at his auction (F1-39)."""

    kind = "card_sold"
    seat: int
    card: int
    seller: int
    price: int


@dataclass(frozen=True, slots=True)
class CardKept(Event):
    """Nobody bids for ``card``; ``seat`` keeps it (F1-39)."""

    kind = "card_kept"
    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Answer(Event):
    """``seat`` accepts or declines the proposal (F1-39, RF9)."""

    kind = "answer"
    seat: int
    accepted: bool


@dataclass(frozen=True, slots=True)
class NoCards(Event):
    """``seat`` has no card left to play (F1-39, RF9)."""

    kind = "no_cards"
    seat: int


@dataclass(frozen=True, slots=True)
class Prize(Event):
    """``seat`` wins ``money`` with ``car`` in ``place`` (from 1) (F1-30, RF8)."""

    kind = "prize"
    seat: int
    money: int
    car: int
    place: int


@dataclass(frozen=True, slots=True)
class GameOver(Event):
    """The game is over (F1-33)."""

    kind = "game_over"


@dataclass(frozen=True, slots=True)
class RaceDeal(Event):
    """Race ``race`` (from 1) begins: ``seat`` deals (F1-32, RF3)."""

    kind = "race"
    race: int
    seat: int


#: Every event class, by its kind.
EVENTS = event_table((Removed, Dealt, StarterSet, Revealed, Bid, PassBid, NoBid, Sold, StarterUp,
                      Play, NoSwitch, NoWhite, FinishedLoses, Blocked, SwitchUp, Finish, Lap,
                      Moves, TakesWhite, PickUp, Proposal, CardAuction, CardBid, CardPass,
                      CardSold, CardKept, Answer, NoCards, Prize, GameOver, RaceDeal))
