"""Formel 1's state: plain data on gamecore's skeleton (checked apply, clone, undo, outcome).

Every field is an int, a bool, a string, a tuple of them or a frozen ``Bargain``, so a clone
shares them all (STYLE 3)
and gamecore's default ``_copy_parts`` (nothing to copy) is right. The configuration is
``config_for(players)``, read through the ``cfg`` property (never copied into the state). Who
decides is computed from the phase and the turn (``rules.current_player``; the rules are bound
here as ``State.RULES`` by ``formel1.game``, since the rules import this module). ``str``,
``_repr_svg_``, ``to_json`` and ``observation`` go through the registered ``Game`` (STYLE 21):
this module imports no renderer and no serializer.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, ClassVar

from gamecore.errors import IllegalActionError
from gamecore.events import Event
from gamecore.state import GameState

from .actions import TABLE
from .config import NAME, OFF, TWO_LAPS, Config, Track, config_for

#: The log is kept within LOG_LIMIT units (an event is one unit, and a proposal one more for
#: every CARDS_PER_UNIT cards it names, a sale of a big hand being a long entry). The no-car
#: variant's bargains have no bound but RF9's two a turn and the bidders' cash: a legal game of
#: card auctions bid up $10K at a time, or of big hands offered again and again, logs far past
#: any size limit (a race may take up to some 140,000 decisions, ``game.max_length``). Past
#: LOG_LIMIT the oldest events are dropped until at most LOG_KEEP units remain; ``log_cut``
#: counts them. A cut depends on the events alone, so a loaded log is cut exactly as the saved
#: one would have been. A unit is at most 33 characters of JSON, so the log stays under 660,000
#: (``gamecore.position.MAX_POSITION_SIZE`` is 1,000,000); the longest games of the built-in
#: bots log about 5,000 events and are never cut (``benchmarks/bench_racing_positions.py``).
LOG_LIMIT, LOG_KEEP, CARDS_PER_UNIT = 20_000, 16_000, 8
#: The tracks by name, read once (the configuration is the same for every player count,
#: ``config_for``; the rules ask for the track at every step of a card).
_TRACKS = config_for(2).tracks


@dataclass(frozen=True, slots=True)
class Bargain:
    """An open bargain of the no-car variant (F1-39, RF9), made by the player in turn.

    ``kind`` is ``rules.SALE``, ``PROMISE``, ``WITHHOLD`` or ``CARD_AUCTION``; ``cards`` the
    cards sold (sorted), or the one card promised, withheld or auctioned. A sale or a promise is
    built one decision at a time: its cards, then ``partner`` (the buyer, who pays) and
    ``price`` (OFF until named), then the partner's answer. In a card auction ``partner`` is the
    bidder in turn, ``price`` the standing bid (0 for none), ``bidder`` the standing bidder (OFF
    for none) and ``out`` who may bid no more (the seller and those who passed)."""

    kind: int
    cards: tuple[int, ...]
    partner: int = OFF
    price: int = OFF
    bidder: int = OFF
    out: tuple[bool, ...] = ()


class State(GameState):
    """A Formel 1 position: the money, the race in progress (hands, cars, auction, card)."""

    __slots__ = ("players", "seed", "draws", "races", "variants", "track", "race", "dealer",
                 "money", "phase", "hands", "starter", "removed", "starter_played", "revealed",
                 "queue", "owner", "offer", "reoffered", "high_bid", "high_bidder", "out",
                 "pos", "laps", "finished", "discards", "picked_up", "turn", "card", "step",
                 "pending", "whites", "offers", "proposal", "promised", "withheld", "log_cut",
                 "events", "log_extra", "legal", "history")
    #: The fields compared by ``==`` and written to JSON (the log's extra units, the legal
    #: cache and the history derive).
    DATA_FIELDS: ClassVar[tuple[str, ...]] = __slots__[:-3]
    GAME: ClassVar[str] = NAME
    ACTIONS: ClassVar = TABLE
    WIN_REASON: ClassVar[str] = "most money after the last race"  # F1-33
    TIE_BREAK_REASON: ClassVar[str] = "shared win"

    players: int
    seed: int | None
    draws: int  # chance draws taken from the seed so far
    races: int  # races in the game (F1-33)
    variants: tuple[str, ...]  # sorted variant names (RF9)
    track: str  # the track's name (RF2)
    race: int  # races finished
    dealer: int  # the dealer's seat, OFF before chance draws the first (RF3)
    money: tuple[int, ...]  # each player's cash in $1K (F1-03)
    phase: str  # rules.DEALER, DEAL, STARTER, AUCTION, RACE or OVER
    hands: tuple[tuple[int, ...], ...]  # each hand's card kinds, sorted
    starter: int  # the Starter card's kind, OFF when there is none (F1-05)
    removed: tuple[int, ...]  # leftovers removed face down (F1-05, RF4)
    starter_played: bool  # the Starter card has been carried out (F1-18)
    revealed: tuple[int, ...]  # cars in reveal order: the grid order, pole first (F1-17)
    queue: tuple[int, ...]  # cars nobody bid on, to be offered again in order (F1-14)
    owner: tuple[int, ...]  # each car's owner, OFF while unsold
    offer: int  # the car on offer, OFF when none (chance reveals the next one)
    reoffered: bool  # the car on offer was passed by all once already (F1-14, F1-15)
    high_bid: int  # the standing bid in $1K, 0 for none
    high_bidder: int  # the standing bidder, rules.NO_BID for none
    out: tuple[bool, ...]  # who has passed on the car on offer (F1-08)
    pos: tuple[int, ...]  # each car's cell, OFF off the board, FINISHED past the line
    laps: tuple[int, ...]  # each car's laps completed (two-lap races, F1-40, F1-41)
    finished: tuple[int, ...]  # cars in crossing order: the prize chart (F1-30)
    discards: tuple[tuple[int, ...], ...]  # each player's discard pile (F1-40), sorted
    picked_up: bool  # the discards have been picked up after the lead car's lap 1 (F1-40)
    turn: int  # the seat in turn (bidding or playing)
    card: int  # the card being carried out, OFF for none
    step: int  # the card's next number (F1-20)
    pending: tuple[int, ...]  # the card's open decision (rules.MOVE/WHITE_CAR/SWITCH, car, n)
    whites: tuple[int, ...]  # cars given a white number of this card (F1-26, RF6)
    offers: int  # bargains opened this turn (no-car variant, RF9: at most MAX_OFFERS)
    proposal: Bargain | None  # the open bargain (sale, auction, promise), None for none (F1-39)
    promised: int  # the card the player in turn has promised to play now, OFF for none (F1-39)
    withheld: int  # the card he has been paid not to play now, OFF for none (F1-39)
    log_cut: int  # the earliest events no longer kept (LOG_LIMIT), 0 while none was dropped
    events: tuple[Event, ...]  # the event log, typed values (formel1.events; ``log()`` words it)
    log_extra: int  # the log's units beyond one an event (LOG_LIMIT; derived from ``events``)
    legal: tuple[int, ...]
    history: list[State]
    RULES: ClassVar[Any]  # formel1.rules, bound by formel1.game

    @property
    def current_player(self) -> int:
        """The seat to decide, ``CHANCE`` (-1) while dealing or revealing, ``TERMINAL``."""
        return self.RULES.current_player(self)

    def _apply_id(self, action_id: int) -> None:
        self.RULES.apply_id(self, action_id)

    def _why_illegal(self, action: Any) -> IllegalActionError:
        return self.RULES.why_illegal(self, action)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """Each chance outcome with its probability: cards by the copies left (F1-05), car
        cards and the first dealer uniformly (F1-06, RF3)."""
        weights = self.RULES.chance_weights(self) if self.is_chance_node() else []
        total = sum(w for _, w in weights)
        return [(TABLE.actions[aid], w / total) for aid, w in weights]

    def scores(self) -> list[int]:
        """Each player's money in $1K (F1-33)."""
        return list(self.money)

    def deck(self) -> tuple[int, ...]:
        """The cards of a race in this game's variants (F1-04)."""
        return race_deck(self.variants)

    def total_laps(self) -> int:
        """Laps of a race: two in a two-lap form (F1-40, F1-41), else one."""
        if not self.variants:
            return 1
        return 2 if any(v in TWO_LAPS for v in self.variants) else 1

    @property
    def cfg(self) -> Config:
        """The shared configuration, the same for every player count (never copied into the
        state, its JSON or its clones)."""
        return config_for(self.players)

    def track_spec(self) -> Track:
        """The track raced on (RF2)."""
        return _TRACKS[self.track]

    def __repr__(self) -> str:
        return f"<formel1.State {self.players} players, race {self.race + 1}, {self.phase}>"


@cache
def race_deck(variants: tuple[str, ...]) -> tuple[int, ...]:
    """The race deck of a variant set (F1-04), built once per set: the deal asks at each card."""
    return config_for(2).race_deck(frozenset(variants))


def new_state(players: int, seed: int | None, races: int, track: str,
              variants: tuple[str, ...]) -> State:
    """A state before setup: no money dealt, no dealer, nothing dealt."""
    s = State.__new__(State)
    s.players, s.seed, s.draws, s.races = players, seed, 0, races
    s.variants, s.track, s.race, s.dealer = variants, track, 0, OFF
    s.money, s.events, s.legal, s.history = (0,) * players, (), (), []
    s.log_cut, s.log_extra = 0, 0
    State.RULES.reset_race(s)
    s.phase = State.RULES.DEALER
    return s
