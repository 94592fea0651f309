"""The race summary: what an Automobiles race did, for the play widget to pause on.

A race ends inside one move (the last turn of its round), and in a season the next race's grid
is set at once, so the widget shows what happened before play goes on: the places, and in a
season each place's points and the season's totals, with the sponsors' payouts of the break
before the race when the season has sponsors; after the last race, the winner. Every fact comes
from the state's typed events (``automobiles.events``: ``RaceOver``, ``RacePoints``,
``RaceBegins`` and the sponsors' events); a single
race's places from the final position (``automobiles.board.position_order``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass

from automobiles import State
from automobiles import events as ev
from automobiles.board import cubes_text, name, position_order
from automobiles.sponsors import TIERS, spec
from kwwidgets.automobiles.since import first_index

#: The events of a sponsor paying out in the break between two races (AU-26, AU-79..AU-84).
PAYOUTS = (ev.SponsorMoney, ev.FreeCube, ev.SponsorRemove, ev.SponsorWear)


@dataclass(frozen=True)
class RaceSummary:
    """One race: its number, the seats in finishing order, in a season each place's points and
    the season's totals, the sponsors' payouts before it, and the winners if the game is over."""

    race: int  # from 1
    races: int  # 1 for a single race
    order: tuple[int, ...]  # the seats, winner first
    points: tuple[int, ...]  # the points of each place (empty for a single race)
    season: tuple[int, ...]  # each seat's season total after the race (empty: single race)
    sponsors: tuple[str, ...]  # the sponsors' payouts in the break before this race
    winners: tuple[int, ...]  # the game's winners (empty while the season goes on)
    sponsored: bool  # a season with sponsors: a break follows

    @property
    def game_over(self) -> bool:
        """Whether this race ended the game."""
        return bool(self.winners)

    @property
    def status(self) -> str:
        """A few words for the status line: "Race 1 of 3 is over"."""
        return "The race is over" if self.races == 1 else \
            f"Race {self.race} of {self.races} is over"


def race_summaries(state: State, since: int = 0) -> list[RaceSummary]:
    """Every race that ended with an event numbered ``since`` or later (numbered in the order
    logged, the events a cut of a long log dropped included: ``since.logged``), so a race
    ending across the cut is found once."""
    events = state.events
    return [_summary(state, events, end) for end in range(first_index(state, since), len(events))
            if isinstance(events[end], ev.RaceOver)]


def payouts(state: State, events: Sequence[ev.Event]) -> tuple[str, ...]:
    """One line per player of what his sponsor gave in a break: 'Player 1: sponsor "remove
    6/4/2 wear" (top tier): 6 wear removed'."""
    heads: dict[int, str] = {}
    gave: dict[int, dict[str, int]] = {}
    for e in events:
        if isinstance(e, ev.TakeSponsor | ev.KeepSponsor):
            heads[e.seat], gave[e.seat] = f'sponsor "{spec(e.sponsor).en}"', {}
        elif isinstance(e, ev.SponsorActs) and e.seat in heads:
            heads[e.seat] += f" ({TIERS[e.tier]} tier)"
        elif isinstance(e, PAYOUTS) and e.seat in gave:
            key, n = _paid(e)
            gave[e.seat][key] = gave[e.seat].get(key, 0) + n
    out = []
    for seat, head in heads.items():
        what = ", ".join(_words(key, n) for key, n in gave[seat].items())
        out.append(f"{name(seat)}: {head}" + (f": {what}" if what else ""))
    return tuple(out)


def _paid(e: ev.Event) -> tuple[str, int]:
    """What one payout gave, as (kind, how many)."""
    if isinstance(e, ev.SponsorRemove):
        return f"removed {e.cube}", 1
    if isinstance(e, ev.SponsorWear):
        return "wear", e.wear
    if isinstance(e, ev.FreeCube):
        return f"free {e.cube}", 1
    assert isinstance(e, ev.SponsorMoney)
    return "money", e.money


def _words(key: str, n: int) -> str:
    """A payout's kind and count in words."""
    if key == "money":
        return f"${n} to spend"
    if key == "wear":
        return f"{n} wear removed"
    what, cube = key.split()
    cubes = cubes_text(int(cube), n)
    return f"{cubes} removed" if what == "removed" else f"{cubes} free"


def _summary(state: State, events: tuple[ev.Event, ...], end: int) -> RaceSummary:
    points = events[end + 1] if end + 1 < len(events) else None
    over = state.is_terminal() and not any(isinstance(e, ev.RaceOver)
                                           for e in events[end + 1:])
    winners: tuple[int, ...] = ()
    if over:
        outcome = state.outcome()
        winners = tuple(outcome.winners) if outcome is not None else ()
    if not isinstance(points, ev.RacePoints):  # a single race: the final position's order
        return RaceSummary(1, 1, tuple(position_order(state)), (), (), (), winners, False)
    begins = next((i for i in range(end - 1, -1, -1) if isinstance(events[i], ev.RaceBegins)),
                  None)
    previous = next((i for i in range(end - 1, -1, -1) if isinstance(events[i],
                                                                       ev.RacePoints)), None)
    paid: tuple[str, ...] = ()
    if begins is not None and previous is not None:
        paid = payouts(state, events[previous:begins])
    return RaceSummary(points.race, points.races, points.order, points.points, points.season,
                       paid, winners, state.sponsored)


def final_totals(summary: RaceSummary) -> str:
    """The season's totals after its last race, most points first: "The season's totals
    (synthetic points): Player 2 25, Player 0 18, Player 1 12." (empty for a single race)."""
    if not summary.season:
        return ""
    ranked = sorted(range(len(summary.season)), key=lambda p: -summary.season[p])
    return ("The season's totals (synthetic points): "
            + ", ".join(f"{name(p)} {summary.season[p]}" for p in ranked) + ".")


def summary_html(state: State, summary: RaceSummary) -> str:
    """The summary as HTML: the places (with the points and the season's totals in a season),
    the sponsors' payouts, and what comes next or who won."""
    cell = "style='text-align: center; padding: 0 10px'"
    season = bool(summary.points)
    head = (f"<tr><th {cell}>place</th><th {cell}>player</th>"
            + (f"<th {cell}>points</th><th {cell}>season total</th>" if season else "")
            + "</tr>")
    rows = "".join(
        f"<tr><td {cell}>{k + 1}</td><td {cell}><b>{name(seat)}</b></td>"
        + (f"<td {cell}>+{summary.points[k]}</td><td {cell}>{summary.season[seat]}</td>"
           if season else "") + "</tr>"
        for k, seat in enumerate(summary.order))
    parts = [f"<table>{head}{rows}</table>"]
    if summary.sponsors:
        items = "".join(f"<li style='margin: 0'>{html.escape(x)}</li>" for x in summary.sponsors)
        parts.append("<div><b>The sponsors before this race</b><ul style='margin: 2px 0 0 0; "
                     f"padding-left: 18px'>{items}</ul></div>")
    if summary.game_over:
        names = " and ".join(name(w) for w in summary.winners)
        why = "the most points in the season" if season else "the car furthest ahead"
        parts.append(f"<p style='margin: 4px 0 0 0'><b>Game over: {html.escape(names)} "
                     f"win{'s' if len(summary.winners) == 1 else ''} ({why}).</b></p>")
        if season:
            parts.append(f"<p style='margin: 2px 0 0 0'>{html.escape(final_totals(summary))}"
                         "</p>")
    else:
        nxt = (" First the break: each player takes a sponsor, in this race's finishing order, "
               "the winner first." if summary.sponsored else "")
        parts.append(f"<p style='margin: 4px 0 0 0'><b>Race {summary.race + 1} comes next:</b> "
                     f"the grid in this race's finishing order, the winner in front.{nxt}</p>")
    title = "The race is over" if summary.races == 1 else \
        f"Race {summary.race} of {summary.races}: the result"
    return (f"<h4 style='margin: 0 0 4px 0'>{title}</h4>"
            f"<div style='line-height: 1.4'>{''.join(parts)}</div>")
