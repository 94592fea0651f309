"""Formel 1's actions: frozen value objects, text forms that parse back, stable ids (STYLE 5).

Ids in table order: the chance outcomes first (``first dealer <seat>`` F1-07/RF3, ``remove
<card>`` F1-37, ``deal <card>`` and ``starter <card>`` F1-05/RF4, ``reveal <car>`` F1-06), then
the auction (``pass``, ``bid <k>`` in $1K, multiples of $10K, F1-10), then the race (``play
<card>`` F1-20, ``to <row><lane>`` an end cell F1-24/RF5 or a switch target F1-27/RF7, ``white
<car>`` F1-25/RF6), then the no-car variant's bargains (``accept``, ``decline``, ``offer <card>
to <seat> for <k>``, ``promise <card> to <seat> for <k>``; F1-39, RF9). The table is the same
for every track, variant and player count; which ids are legal is the rules' business.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamecore.actions import Action as GameAction
from gamecore.actions import ActionTable

from .config import COLOURS, CONFIG, MAX_PLAYERS, MAX_RACES

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
        return f"remove {CONFIG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the next card dealt, of this kind (F1-05)."""

    kind: int
    chance = True

    def __str__(self) -> str:
        return f"deal {CONFIG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Starter(Action):
    """Chance: the leftover card chosen as the Starter card (F1-05, RF4)."""

    kind: int
    chance = True

    def __str__(self) -> str:
        return f"starter {CONFIG.kinds[self.kind].name}"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Chance: the next Car Card revealed (F1-06)."""

    car: int
    chance = True

    def __str__(self) -> str:
        return f"reveal {COLOURS[self.car]}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Pass on the car on offer; no re-entry for this car (F1-08)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """Bid ``amount`` thousand dollars for the car on offer (F1-10)."""

    amount: int

    def __str__(self) -> str:
        return f"bid {self.amount}"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of this kind from the hand (F1-20)."""

    kind: int

    def __str__(self) -> str:
        return f"play {CONFIG.kinds[self.kind].name}"


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
class Offer(Action):
    """No-car variant: offer a card of this kind to ``player`` for ``price`` (F1-39, RF9)."""

    kind: int
    player: int
    price: int

    def __str__(self) -> str:
        return f"offer {CONFIG.kinds[self.kind].name} to {self.player} for {self.price}"


@dataclass(frozen=True, slots=True)
class Promise(Action):
    """No-car variant: promise ``player`` to play a card of this kind next, for ``price``
    (F1-39, RF9)."""

    kind: int
    player: int
    price: int

    def __str__(self) -> str:
        return f"promise {CONFIG.kinds[self.kind].name} to {self.player} for {self.price}"


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


#: The prices of an offer or a promise in the no-car variant, in $1K (RF9: $10K steps).
DEAL_PRICES: Final[range] = range(10, 101, 10)
#: The largest bid any game can see: the most cash after MAX_RACES races.
MAX_BID: Final[int] = CONFIG.max_cash(MAX_RACES)
_KINDS = range(len(CONFIG.kinds))
TABLE: Final[ActionTable[Action]] = ActionTable([
    *(FirstDealer(p) for p in range(MAX_PLAYERS)),
    *(Remove(k) for k in _KINDS), *(Deal(k) for k in _KINDS), *(Starter(k) for k in _KINDS),
    *(Reveal(c) for c in range(len(COLOURS))),
    Pass(), *(Bid(b) for b in range(CONFIG.bid_step, MAX_BID + 1, CONFIG.bid_step)),
    *(Play(k) for k in _KINDS),
    *(To(r, lane) for r in range(MAX_ROWS) for lane in range(MAX_LANES)),
    *(White(c) for c in range(len(COLOURS))),
    Accept(), Decline(),
    *(Offer(k, p, price) for k in _KINDS for p in range(MAX_PLAYERS) for price in DEAL_PRICES),
    *(Promise(k, p, price) for k in _KINDS for p in range(MAX_PLAYERS) for price in DEAL_PRICES),
])
Action.TABLE = TABLE
ACTIONS: Final[tuple[Action, ...]] = TABLE.actions
NUM_ACTIONS: Final[int] = len(ACTIONS)
IDS: Final[dict[Action, int]] = TABLE.ids
PASS: Final[int] = IDS[Pass()]
ACCEPT: Final[int] = IDS[Accept()]
DECLINE: Final[int] = IDS[Decline()]
