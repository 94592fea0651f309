"""Formel 1 as plain text: who decides, the money, the cars on the track, the hands' sizes.

Shows the table as the players see it together: the cards in the hands are counted, never
named; the removed cards and the Starter (until it is turned up) stay face down (F1-05, F1-18).
The track and the cards are synthetic (RF1, RF2), and the board says so.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import rules
from .config import CONFIG, FINISHED, OFF

if TYPE_CHECKING:
    from .state import State

COLOURS = CONFIG.colours


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
    if s.proposal:
        what = "buy" if s.proposal[0] == rules.SALE else "pay for a promise of"
        return (f"Player {s.proposal[2]} accepts or declines to {what} "
                f"{CONFIG.kinds[s.proposal[1]].name} for ${s.proposal[3]}K.")
    if s.card == OFF:
        return f"{who} plays a card."
    kind, car, n = s.pending
    if kind == rules.WHITE_CAR:
        return f"{who} gives the white {n} to a car."
    if kind == rules.SWITCH:
        return f"{who} chooses where {COLOURS[car]} switches to."
    return f"{who} chooses where {COLOURS[car]} ends its {n}."


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
             "Hands: " + ", ".join(f"Player {p} {len(h)} cards" for p, h in enumerate(s.hands))]
    if s.starter != OFF:
        shown = CONFIG.kinds[s.starter].name if s.phase == rules.RACE else "face down"
        lines.append(f"Starter card: {shown}; {len(s.removed)} removed face down")
    lines.append("Cars:")
    lines += [car_line(s, c) for c in rules.CARS]
    if s.card != OFF:
        lines.append(f"In play: {CONFIG.kinds[s.card].name}, number {s.step + 1}")
    return "\n".join(lines)


def event_log(s: State) -> list[str]:
    """The plain-English log: one line per card played (issue 14), "Player 0 plays Black 6 /
    Red 5 / White 4: Black moves 6 to 23b, Red is blocked after 3 at 12a, Green takes the
    white 4 and moves 4 to 30a.", and one line per other event. A card still being carried
    out shows what is done so far. The event per number stays in ``s.events``
    (``detail_log``)."""
    return card_lines(s.events)


def detail_log(s: State) -> list[str]:
    """The log with one line per event: each number of a card on its own line."""
    return list(s.events)


#: The events of a card being carried out begin with a car's colour or one of these; every
#: other event (bids, prizes, a new race, the discards picked up) ends the card's line.
_CARD_EVENT_STARTS = (*(f"{c} " for c in COLOURS), "No car can take", "The switch is not")
#: Card events reworded as clauses of the card's line (without their commas and semicolons).
_CLAUSES = (
    (re.compile(r"(\w+) moves \d+ to (\w+), blocked after (\d+)"), r"\1 is blocked after \3 at \2"),
    (re.compile(r"(\w+) has finished; its (\d+) is lost"), r"\1 has finished and loses its \2"),
    (re.compile(r"(\w+) crosses the finish line, place (\d+)"),
     r"\1 crosses the finish line in place \2"),
    (re.compile(r"(No car can take|The switch is not)"), lambda m: m.group(1).lower()),
)


def _is_card_start(event: str) -> bool:
    """A player plays a card (F1-20) or the dealer turns up the Starter card (F1-18)."""
    return event.startswith("Player ") and (" plays " in event
                                            or " turns up the Starter card, " in event)


def _clause(event: str) -> str:
    """One card event as a clause: no final full stop, reworded as ``_CLAUSES`` say."""
    text = event.removesuffix(".")
    for pattern, words in _CLAUSES:
        text = pattern.sub(words, text)
    return text


def card_lines(events: Sequence[str]) -> list[str]:
    """``events`` with each card's events joined to the line of its play: "<who> plays <card>:
    <clause>, <clause>." (a car taking a white number and moving it in one clause)."""
    lines: list[str] = []
    clauses: list[str] = []
    for event in [*events, ""]:
        if clauses and event.startswith(_CARD_EVENT_STARTS):
            clauses.append(_clause(event))
            continue
        if clauses:
            lines.append(_card_line(clauses))
            clauses = []
        if _is_card_start(event):
            clauses = [event.removesuffix(".")]
        elif event:
            lines.append(event)
    return lines


def _card_line(clauses: list[str]) -> str:
    """The play and its clauses as one line; "X takes the white n" and X's move that follows
    become "X takes the white n and moves ..."."""
    head, *rest = clauses
    merged: list[str] = []
    for clause in rest:
        if merged and " takes the white " in merged[-1] \
                and clause.startswith(merged[-1].split(" ", 1)[0] + " "):
            merged[-1] += " and " + clause.split(" ", 1)[1]
        else:
            merged.append(clause)
    return f"{head}: {', '.join(merged)}." if merged else f"{head}."


CONFIG_TITLE = "Formel 1 Nürburgring"
