"""Formel 1's actions: frozen value objects, text forms that parse back, stable ids (STYLE 5).

Ids in table order: the chance outcomes first (``first dealer <seat>`` F1-07/RF3, ``remove
<card>`` F1-37, ``deal <card>`` and ``starter <card>`` F1-05/RF4, ``reveal <car>`` F1-06), then
the auction (``pass``, ``bid <k>`` in $1K, multiples of $10K, F1-10), then the race (``play
<card>`` F1-20, ``to <row><lane>`` an end cell F1-24/RF5 or a switch target F1-27/RF7, ``white
<car>`` F1-25/RF6), then the no-car variant's bargains, each a sequence of single decisions
(F1-39, RF9): ``accept`` / ``decline``; ``sell <card>`` (once per card of a sale), ``auction
<card>``, ``promise <card>``, ``withhold <card>`` open one; ``buyer <seat>`` and ``price <k>``
(in $1K) complete a sale or a promise; a card auction's bids are ``bid <k>`` and ``pass``. The
table is the same
for every track, variant and player count; which ids are legal is the rules' business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamecore.actions import Action as GameAction
from gamecore.actions import ActionTable

from .config import COLOURS, MAX_PLAYERS, MAX_RACES, config_for

_CFG = config_for(2)  # the same for every player count

#: Action ``to`` names a cell by row and lane for every track: rows below MAX_ROWS, lanes a-c.
MAX_ROWS, MAX_LANES = 128, 3
LANE_LETTERS = "abc"


class Action(GameAction):
    """Base class of Formel 1's actions."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class FirstDealer(Action):
    """Chance: the seat of the first dealer (RF3)."""

    seat: int
    chance = True

    def __str__(self) -> str:
        return f"first dealer {self.seat}"


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Chance: a card of this kind removed face down before the deal (F1-37, the new track)."""

    kind: int
    chance = True

    def __str__(self) -> str:
        return f"remove {_CFG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next card dealt, of this kind (F1-05)."""

    kind: int
    chance = True

    def __str__(self) -> str:
        return f"deal {_CFG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Starter(Action):
    """Chance: the leftover card chosen as the Starter card (F1-05, RF4)."""

    kind: int
    chance = True

    def __str__(self) -> str:
        return f"starter {_CFG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Chance: the next Car Card revealed (F1-06)."""

    car: int
    chance = True

    def __str__(self) -> str:
        return f"reveal {COLOURS[self.car]}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass on the car on offer; no re-entry for this car (F1-08). Also a pass in a card
    auction of the no-car variant (F1-39)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid ``amount`` thousand dollars for the car on offer (F1-10), or for the card a carless
    player auctions (no-car variant, F1-39)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of this kind from the hand (F1-20)."""

    kind: int

    def __str__(self) -> str:
        return f"play {_CFG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class To(Action):
    """Move the car in question to the cell at ``row`` and ``lane`` (F1-24, F1-27)."""

    row: int
    lane: int

    def __str__(self) -> str:
        return f"to {self.row}{LANE_LETTERS[self.lane]}"


@dataclass(frozen=True, slots=True)
class White(Action):
    """Give the white number in question to this car (F1-25)."""

    car: int

    def __str__(self) -> str:
        return f"white {COLOURS[self.car]}"


@dataclass(frozen=True, slots=True)
class Sell(Action):
    """No-car variant: put a card of this kind into the sale being made; the first one opens
    the sale, each further one adds a card ("sell one or more cards", F1-39, RF9)."""

    kind: int

    def __str__(self) -> str:
        return f"sell {_CFG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class AuctionCard(Action):
    """No-car variant: hold an auction for a card of this kind; the others bid in turn with
    ``bid``/``pass`` ("he can even hold an auction for a particular card", F1-39)."""

    kind: int

    def __str__(self) -> str:
        return f"auction {_CFG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Promise(Action):
    """No-car variant: offer, for a fee, to play a card of this kind now ("promise to play a
    certain card on his next turn for a fee", F1-39, RF9)."""

    kind: int

    def __str__(self) -> str:
        return f"promise {_CFG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Withhold(Action):
    """No-car variant: offer, for a fee, not to play a card of this kind now (the seed's
    threat, "pay him not to", F1-39)."""

    kind: int

    def __str__(self) -> str:
        return f"withhold {_CFG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Buyer(Action):
    """No-car variant: name the player a sale or a promise is offered to (he pays, F1-39)."""

    player: int

    def __str__(self) -> str:
        return f"buyer {self.player}"


@dataclass(frozen=True, slots=True)
class Price(Action):
    """No-car variant: name the price of the sale or the promise, ``amount`` thousand dollars
    ("at any price", F1-39: any multiple of $10K the buyer can pay, $0 included)."""

    amount: int

    def __str__(self) -> str:
        return f"price {self.amount}"


@dataclass(frozen=True, slots=True)
class Accept(Action):
    """Accept the offer or promise addressed to you (RF9)."""

    def __str__(self) -> str:
        return "accept"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Decline the offer or promise addressed to you (RF9)."""

    def __str__(self) -> str:
        return "decline"


#: The largest bid or price any game can see: the most money one player can hold after
#: MAX_RACES races, bargains of the no-car variant included (``Config.max_holding``).
MAX_BID: Final[int] = _CFG.max_holding(MAX_RACES)
#: The prices a sale or a promise may name in the no-car variant, in $1K: "at any price"
#: (F1-39) in the game's $10K steps, from nothing to MAX_BID; the buyer's cash limits it.
DEAL_PRICES: Final[range] = range(0, MAX_BID + 1, _CFG.bid_step)
_KINDS = range(len(_CFG.kinds))
TABLE: Final[ActionTable[Action]] = ActionTable([
    *(FirstDealer(p) for p in range(MAX_PLAYERS)),
    *(Remove(k) for k in _KINDS), *(Deal(k) for k in _KINDS), *(Starter(k) for k in _KINDS),
    *(Reveal(c) for c in range(len(COLOURS))),
    Pass(), *(Bid(b) for b in range(_CFG.bid_step, MAX_BID + 1, _CFG.bid_step)),
    *(Play(k) for k in _KINDS),
    *(To(r, lane) for r in range(MAX_ROWS) for lane in range(MAX_LANES)),
    *(White(c) for c in range(len(COLOURS))),
    Accept(), Decline(),
    *(Sell(k) for k in _KINDS), *(AuctionCard(k) for k in _KINDS),
    *(Promise(k) for k in _KINDS), *(Withhold(k) for k in _KINDS),
    *(Buyer(p) for p in range(MAX_PLAYERS)), *(Price(price) for price in DEAL_PRICES),
])
Action.TABLE = TABLE
ACTIONS: Final[tuple[Action, ...]] = TABLE.actions
NUM_ACTIONS: Final[int] = len(ACTIONS)
IDS: Final[dict[Action, int]] = TABLE.ids
PASS: Final[int] = IDS[Pass()]
ACCEPT: Final[int] = IDS[Accept()]
DECLINE: Final[int] = IDS[Decline()]
