"""The race summary: what a Formel 1 race did, for the play widget to pause on.

A race ends inside one move (the last card played; the rules core pays the prizes and deals the
next race at once), and the next race's auction clears the board, so the widget shows what
happened before play goes on: the cars in the order they crossed the line, each car's owner and
price, the prize each car won, and each player's money after the race; after the last race, the
final money and the winner. Every fact comes from the state's typed events
(``formel1.events``: ``Sold``, ``Finish``, ``Prize``, ``RaceDeal``, ``GameOver``) and the undo
snapshot taken after the race, never from the log's words.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from formel1 import State
from formel1 import events as ev
from formel1.config import config_for
from formel1.rules import seat_name
from kwwidgets.formel1.since import logged

COLOURS = config_for(2).colours


@dataclass(frozen=True)
class CarResult:
    """One car in a race: its colour, its owner (-1: unsold), what he paid, its place (0: did
    not finish) and the prize it won ($1K)."""

    car: str
    owner: int
    price: int
    place: int
    prize: int


@dataclass(frozen=True)
class RaceSummary:
    """One race: its number, the cars, each player's spending, prizes and money after it; the
    winners when it ended the game."""

    race: int  # from 1
    races: int
    cars: tuple[CarResult, ...]  # the finishers in place order, then the others
    paid: tuple[int, ...]  # each player's spending on cars this race ($1K)
    prizes: tuple[int, ...]  # each player's prizes this race ($1K)
    money: tuple[int, ...]  # each player's money after the race ($1K)
    winners: tuple[int, ...]  # the game's winners (empty while the game goes on)

    @property
    def game_over(self) -> bool:
        """Whether this race ended the game."""
        return bool(self.winners)

    @property
    def status(self) -> str:
        """A few words for the status line: "Race 1 of 3 is over"."""
        return f"Race {self.race} of {self.races} is over"


def _state_after(state: State, index: int) -> State:
    """The position right after the move that logged ``events[index]``: the first undo
    snapshot holding that event (counted by ``logged``, across a cut of the log), else the
    state itself."""
    number = index + getattr(state, "log_cut", 0)
    for snap in state.history:
        if logged(snap) > number:
            return snap
    return state


def race_summaries(state: State, since: int = 0) -> list[RaceSummary]:
    """Every race that ended with an event numbered ``since`` or later (numbered in the order
    logged, the events a cut of the log dropped included: ``since.logged``)."""
    events = state.events
    out = []
    for end in range(max(since - getattr(state, "log_cut", 0), 0), len(events)):
        e = events[end]
        if isinstance(e, ev.GameOver) or (isinstance(e, ev.RaceDeal) and e.race > 1):
            out.append(_summary(state, end))
    return out


def _summary(state: State, end: int) -> RaceSummary:
    events = state.events
    start = next((i for i in range(end - 1, -1, -1) if isinstance(events[i], ev.RaceDeal)), 0)
    window = events[start:end]
    first = events[start]
    race = first.race if isinstance(first, ev.RaceDeal) else 1
    players = state.players
    owner: dict[int, tuple[int, int]] = {}
    paid = [0] * players
    for e in window:
        if isinstance(e, ev.Sold):
            owner[e.car] = (e.seat, e.price)
            paid[e.seat] += e.price
    prize = {e.car: e for e in window if isinstance(e, ev.Prize)}
    prizes = [0] * players
    for p in prize.values():
        prizes[p.seat] += p.money
    finished = sorted((e.place, e.car) for e in window if isinstance(e, ev.Finish))
    crossed = [car for _, car in finished]
    order = crossed + [c for c in sorted(owner) if c not in crossed]
    places = {car: place for place, car in finished}
    cars = tuple(CarResult(COLOURS[c], owner.get(c, (-1, 0))[0], owner.get(c, (-1, 0))[1],
                           places.get(c, 0), prize[c].money if c in prize else 0)
                 for c in order)
    after = _state_after(state, end)
    winners: tuple[int, ...] = ()
    if isinstance(events[end], ev.GameOver):
        outcome = after.outcome()
        winners = tuple(outcome.winners) if outcome is not None else ()
    return RaceSummary(race, state.races, cars, tuple(paid), tuple(prizes), after.money,
                       winners)


def final_totals(summary: RaceSummary) -> str:
    """Every player's money after the race, the richest first: "The final money: Player 2
    $560K, Player 0 $420K, Player 1 $380K." (after the last race: the game's totals)."""
    ranked = sorted(range(len(summary.money)), key=lambda p: -summary.money[p])
    return "The final money: " + ", ".join(f"{seat_name(p)} ${summary.money[p]}K"
                                            for p in ranked) + "."


def summary_html(state: State, summary: RaceSummary) -> str:
    """The summary as HTML: the cars in place order with owner, price and prize, then each
    player's spending, prizes and money; after the last race, the winner."""
    cell = "style='text-align: center; padding: 0 10px'"
    rows = "".join(
        f"<tr><td {cell}>{c.place or 'did not finish'}</td><td {cell}><b>{c.car}</b></td>"
        f"<td {cell}>{seat_name(c.owner) if c.owner >= 0 else 'nobody'}</td>"
        f"<td {cell}>${c.price}K</td><td {cell}>{f'+${c.prize}K' if c.prize else '-'}</td></tr>"
        for c in summary.cars)
    cars = (f"<table><tr><th {cell}>place</th><th {cell}>car</th><th {cell}>owner</th>"
            f"<th {cell}>bought for</th><th {cell}>prize</th></tr>{rows}</table>")
    players = range(len(summary.money))
    head = "".join(f"<th {cell}>{seat_name(p)}</th>" for p in players)
    money = (f"<table style='margin-top: 6px'><tr><th></th>{head}</tr>"
             "<tr><td>paid for cars</td>" + "".join(
                 f"<td {cell}>-${v}K</td>" for v in summary.paid) + "</tr>"
             "<tr><td>prizes won</td>" + "".join(
                 f"<td {cell}>+${v}K</td>" for v in summary.prizes) + "</tr>"
             "<tr><td>money now</td>" + "".join(
                 f"<td {cell}><b>${v}K</b></td>" for v in summary.money) + "</tr></table>")
    if summary.game_over:
        names = " and ".join(seat_name(w) for w in summary.winners)
        best = max(summary.money)
        end = (f"<b>Game over after {summary.races} races: {html.escape(names)} "
               f"win{'s' if len(summary.winners) == 1 else ''} with ${best}K.</b> "
               f"{html.escape(final_totals(summary))} The most money wins.")
    else:
        end = (f"<b>Race {summary.race + 1} comes next:</b> new cards, and every car is "
               "auctioned again.")
    return (f"<h4 style='margin: 0 0 4px 0'>Race {summary.race} of {summary.races}: the "
            f"result</h4><div style='line-height: 1.4'>{cars}{money}"
            f"<p style='margin: 4px 0 0 0'>{end}</p></div>")
