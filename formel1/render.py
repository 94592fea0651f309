"""Formel 1 as plain text: who decides, the money, the cars on the track, the hands' sizes.

Shows the table as the players see it together: the cards in the hands are counted, never
named; the removed cards and the Starter (until it is turned up) stay face down (F1-05, F1-18).
The track and the cards are synthetic (RF1, RF2), and the board says so in plain words. Every
count agrees with its noun ("1 card", "2 cards"; ``counted``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from gamecore.events import Event

from . import events as ev
from . import rules
from .config import FINISHED, OFF, config_for
from .state import Bargain

if TYPE_CHECKING:
    from .state import State

COLOURS = config_for(2).colours


def decision_words(s: State) -> str:
    """Who decides what, in a few words."""
    if s.phase == rules.OVER:
        outcome = s.outcome()
        assert outcome is not None
        return f"Game over, won by {' and '.join(f'Player {w}' for w in outcome.winners)}."
    if s.phase == rules.DEALER:
        return "Chance draws the first dealer."
    if s.phase == rules.REMOVE:
        return "Chance removes cards face down before the deal (new track)."
    if s.phase in (rules.DEAL, rules.STARTER):
        return "Chance deals the cards." if s.phase == rules.DEAL else \
            "Chance picks the Starter card among the leftovers."
    who = f"Player {s.turn}"
    if s.phase == rules.AUCTION:
        if s.offer == OFF:
            return "Chance reveals the next Car Card."
        standing = f" (standing bid ${s.high_bid}K by Player {s.high_bidder})" \
            if s.high_bid else ""
        return f"{who} bids on {COLOURS[s.offer]} or passes{standing}."
    if s.proposal is not None:
        return bargain_words(s, s.proposal)
    if s.card == OFF:
        return f"{who} plays a card."
    kind, car, n = s.pending
    if kind == rules.WHITE_CAR:
        return f"{who} gives the white {n} to a car."
    if kind == rules.SWITCH:
        return f"{who} chooses where {COLOURS[car]} switches to."
    return f"{who} chooses where {COLOURS[car]} ends its {n}."


def bargain_words(s: State, deal: Bargain) -> str:
    """Who decides what in the open bargain of the no-car variant (F1-39)."""
    cards = " and ".join(_card(s, k) for k in deal.cards)
    if deal.kind == rules.CARD_AUCTION:
        standing = f" (standing bid ${deal.price}K by Player {deal.bidder})" if deal.price else ""
        return f"Player {deal.partner} bids on {cards} or passes{standing}."
    if deal.price != OFF:
        return f"Player {deal.partner} accepts or declines to {_deal_words(s, deal)}."
    if deal.partner != OFF:
        return f"Player {s.turn} names the price for Player {deal.partner}."
    if deal.kind == rules.SALE:
        return f"Player {s.turn} adds a card to the sale of {cards} or names the buyer."
    return f"Player {s.turn} names the player to offer the promise to."


def _deal_words(s: State, deal: Bargain | ev.Proposal) -> str:
    """What the buyer of a complete offer pays for: "buy Red 10 for $30K", "pay $20K for a
    promise to play Red 10"."""
    kind = deal.kind if isinstance(deal, Bargain) else deal.bargain
    cards = " and ".join(_card(s, k) for k in deal.cards)
    if kind == rules.SALE:
        return f"buy {cards} for ${deal.price}K"
    verb = "to play" if kind == rules.PROMISE else "not to play"
    return f"pay ${deal.price}K for a promise {verb} {cards}"


def car_line(s: State, car: int) -> str:
    """One car: its owner and where it is."""
    owner = "unsold" if s.owner[car] == OFF else f"Player {s.owner[car]}"
    p = s.pos[car]
    if p == OFF:
        where = "not revealed"
    elif p == FINISHED:
        where = f"finished, place {s.finished.index(car) + 1}"
    else:
        where = f"at {s.track_spec().label(p)}"
        if s.total_laps() > 1:
            where += f", lap {s.laps[car] + 1} of {s.total_laps()}"
    return f"  {COLOURS[car]:<7} {owner:<9} {where}"


def text_board(s: State) -> str:
    """The whole position as a few lines of text."""
    track = s.track_spec()
    lines = [f"{CONFIG_TITLE} - {s.players} players - race {min(s.race + 1, s.races)} of "
             f"{s.races} - {track.name} track ({track.rows} rows; synthetic cards and track)",
             f"Decision: {decision_words(s)}",
             "Money: " + ", ".join(f"Player {p} ${m}K" + (" (dealer)" if p == s.dealer else "")
                                   for p, m in enumerate(s.money)),
             "Hands: " + ", ".join(f"Player {p} {counted(len(h), 'card')}"
                                   for p, h in enumerate(s.hands))]
    if s.starter != OFF:
        shown = s.cfg.kinds[s.starter].name if s.phase == rules.RACE else "face down"
        lines.append(f"Starter card: {shown}; {len(s.removed)} removed face down")
    lines.append("Cars:")
    lines += [car_line(s, c) for c in rules.CARS]
    if s.card != OFF:
        lines.append(f"In play: {s.cfg.kinds[s.card].name}, number {s.step + 1}")
    if s.promised != OFF or s.withheld != OFF:
        verb, card = ("must play", s.promised) if s.promised != OFF else \
            ("must not play", s.withheld)
        lines.append(f"Promise: Player {s.turn} {verb} {_card(s, card)} (paid for)")
    return "\n".join(lines)


def counted(k: int, noun: str) -> str:
    """``k`` and its noun, singular for 1 and plural otherwise: "1 card", "0 cards"."""
    return f"{k} {noun if k == 1 else noun + 's'}"


def event_log(s: State) -> list[str]:
    """The plain-English log: one line per card played, "Player 0 plays Black 6 / Red 5 /
    White 4: Black moves 6 to 23b, Red is blocked after 3 at 12a, Green takes the white 4 and
    moves 4 to 30a.", and one line per other event. A card still being carried out shows what
    is done so far. The event per number stays in ``s.events`` (``detail_log``)."""
    return card_lines(s, s.events)


def detail_log(s: State) -> list[str]:
    """The log with one line per event: each number of a card on its own line."""
    return [describe(s, e) for e in s.events]


def describe(s: State, e: Event) -> str:
    """One event of ``s``'s game as a sentence (the function of its class in ``_WORDS``)."""
    return _WORDS[type(e)](s, e)


def card_lines(s: State, events: Sequence[Event]) -> list[str]:
    """``events`` with each card's events joined to the line of its play: "<who> plays <card>:
    <clause>, <clause>." (a car taking a white number and moving it in one clause); every other
    event, and a card event with no card in play, keeps a line of its own."""
    lines: list[str] = []
    head: str | None = None
    clauses: list[str] = []
    white = OFF  # the car of the last clause when it took a white number, and so on
    for e in events:
        if head is not None and type(e) in _CLAUSES:
            car = getattr(e, "car", OFF)
            if white != OFF and car == white:
                clauses[-1] += " and " + _clause(s, e).split(" ", 1)[1]
            else:
                clauses.append(_clause(s, e))
                white = car if type(e) is ev.TakesWhite else OFF
            continue
        if head is not None:
            lines.append(f"{head}: {', '.join(clauses)}." if clauses else f"{head}.")
            head, clauses, white = None, [], OFF
        if type(e) in (ev.Play, ev.StarterUp):
            head = describe(s, e).removesuffix(".")
        else:
            lines.append(describe(s, e))
    if head is not None:
        lines.append(f"{head}: {', '.join(clauses)}." if clauses else f"{head}.")
    return lines


def _clause(s: State, e: Event) -> str:
    """A card's event as a clause of its line: its own wording, or the sentence without the
    full stop."""
    return _CLAUSES[type(e)](s, e) or describe(s, e).removesuffix(".")


def _name(p: int) -> str:
    return f"Player {p}"


def _cell(s: State, cell: int) -> str:
    return s.track_spec().label(cell)


def _card(s: State, card: int) -> str:
    return s.cfg.kinds[card].name


#: How a car is sold (``ev.Sold.how``), in words.
_HOW = {ev.BOUGHT: "buys", ev.FORCED: "has no car and must take",
        ev.DEALT: "is the dealer and gets"}


#: The words of each event class (formel1.events), one function per class.
_WORDS: dict[type[Any], Callable[[State, Any], str]] = {
    ev.Removed: lambda s, e: f"{counted(e.count, 'card')} "
                             f"{'is' if e.count == 1 else 'are'} removed face down.",
    ev.Dealt: lambda s, e: f"The cards are dealt, {e.each} each.",
    ev.StarterSet: lambda s, e: f"A leftover card is the Starter card; {e.removed} removed "
                                "face down.",
    ev.Revealed: lambda s, e: f"{COLOURS[e.car]} is revealed and takes grid slot {e.slot}.",
    ev.Bid: lambda s, e: f"{_name(e.seat)} bids ${e.amount}K for {COLOURS[e.car]}.",
    ev.PassBid: lambda s, e: f"{_name(e.seat)} passes on {COLOURS[e.car]}.",
    ev.NoBid: lambda s, e: f"Nobody bids on {COLOURS[e.car]}; it goes to the bottom.",
    ev.Sold: lambda s, e: f"{_name(e.seat)} {_HOW[e.how]} {COLOURS[e.car]} for ${e.price}K.",
    ev.StarterUp: lambda s, e: f"{_name(e.seat)} turns up the Starter card, "
                               f"{_card(s, e.card)}.",
    ev.Play: lambda s, e: f"{_name(e.seat)} plays {_card(s, e.card)}.",
    ev.NoSwitch: lambda s, e: "The switch is not possible.",
    ev.NoWhite: lambda s, e: f"No car can take the white {e.number}.",
    ev.FinishedLoses: lambda s, e: f"{COLOURS[e.car]} has finished; its {e.number} is lost.",
    ev.Blocked: lambda s, e: f"{COLOURS[e.car]} is blocked and loses {e.number}.",
    ev.SwitchUp: lambda s, e: f"{COLOURS[e.car]} switches up alongside to "
                              f"{_cell(s, e.cell)}.",
    ev.Finish: lambda s, e: f"{COLOURS[e.car]} crosses the finish line, place {e.place}.",
    ev.Lap: lambda s, e: f"{COLOURS[e.car]} completes lap {e.lap}.",
    ev.Moves: lambda s, e: f"{COLOURS[e.car]} moves {e.steps} to {_cell(s, e.cell)}"
                           + (f", blocked after {e.steps}." if e.steps < e.number else "."),
    ev.TakesWhite: lambda s, e: f"{COLOURS[e.car]} takes the white {e.number}.",
    ev.PickUp: lambda s, e: "The lead car has completed lap 1: everyone picks up his "
                            "discards.",
    ev.Proposal: lambda s, e: f"{_name(e.seat)} offers {_name(e.buyer)} to "
                              f"{_deal_words(s, e)}.",
    ev.CardAuction: lambda s, e: f"{_name(e.seat)} holds an auction for {_card(s, e.card)}.",
    ev.CardBid: lambda s, e: f"{_name(e.seat)} bids ${e.amount}K for {_card(s, e.card)}.",
    ev.CardPass: lambda s, e: f"{_name(e.seat)} passes on {_card(s, e.card)}.",
    ev.CardSold: lambda s, e: f"{_name(e.seat)} buys {_card(s, e.card)} from "
                              f"{_name(e.seller)} for ${e.price}K.",
    ev.CardKept: lambda s, e: f"Nobody bids for {_card(s, e.card)}; {_name(e.seat)} keeps it.",
    ev.Answer: lambda s, e: f"{_name(e.seat)} {'accepts' if e.accepted else 'declines'}.",
    ev.NoCards: lambda s, e: f"{_name(e.seat)} has no card left to play.",
    ev.Prize: lambda s, e: f"{_name(e.seat)} wins ${e.money}K with {COLOURS[e.car]} "
                           f"(place {e.place}).",
    ev.GameOver: lambda s, e: "The game is over.",
    ev.RaceDeal: lambda s, e: f"Race {e.race}: {_name(e.seat)} deals.",
}

#: The events that join a card's line while a card is carried out, each with its own clause
#: wording (None: the sentence without its full stop).
_CLAUSES: dict[type[Any], Callable[[State, Any], str | None]] = {
    ev.Revealed: lambda s, e: None, ev.SwitchUp: lambda s, e: None,
    ev.Lap: lambda s, e: None, ev.TakesWhite: lambda s, e: None,
    ev.Blocked: lambda s, e: None,
    ev.Moves: lambda s, e: (f"{COLOURS[e.car]} is blocked after {e.steps} at "
                            f"{_cell(s, e.cell)}" if e.steps < e.number else None),
    ev.FinishedLoses: lambda s, e: f"{COLOURS[e.car]} has finished and loses its {e.number}",
    ev.Finish: lambda s, e: f"{COLOURS[e.car]} crosses the finish line in place {e.place}",
    ev.NoWhite: lambda s, e: f"no car can take the white {e.number}",
    ev.NoSwitch: lambda s, e: "the switch is not possible",
}


CONFIG_TITLE = "Formel 1 Nürburgring"
