"""Formel 1 as plain text: who decides, the money, the cars on the track, the hands' sizes.

Shows the table as the players see it together: the cards in the hands are counted, never
named; the removed cards and the Starter (until it is turned up) stay face down (F1-05, F1-18).
The track and the cards are synthetic (RF1, RF2), and the board says so.
"""

from __future__ import annotations

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
    """The plain-English event log."""
    return list(s.events)


CONFIG_TITLE = "Formel 1 Nürburgring"
