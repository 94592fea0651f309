"""Automobiles as plain text: who decides, the cars in position order, every sheet and the stock.

Shows the table as every player sees it: the contents of every pile (the bag's order is the only
hidden thing, and counts have none). Synthetic data is flagged (RA1, RA3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import rules
from .config import ACTION_COLOURS, CUBES, config

if TYPE_CHECKING:
    from .state import State

#: Short cube names for the sheets.
SHORT = ("W", "LG", "DG", "B", "wear", "Y", "R", "P", "Bl", "G")


def decision_words(s: State) -> str:
    """Who decides what, in a few words."""
    if s.phase == "cards":
        return f"chance deals the {CUBES[ACTION_COLOURS[len(s.cards)]]} card (a random set)"
    if s.phase == "order":
        return f"chance draws the start order (P{len(s.order) + 1})"
    if s.phase == "draw":
        seat, left = s.drawing[0]
        return f"chance draws a cube for {rules.name(seat)} ({left} to draw)"
    if s.phase == "over":
        outcome = s.outcome()
        assert outcome is not None
        return f"race over, won by {' and '.join(rules.name(w) for w in outcome.winners)}"
    who = rules.name(s.current_player)
    if s.phase == "prebuy":
        return f"{who} buys before the race (${s.money} left)"
    if s.phase == "buy":
        return f"{who} buys (${s.money} left)"
    if s.phase == "place":
        return f"{who} puts the {rules.CUBE_WORDS[s.playing]} cube on a space"
    if s.phase == "card":
        return f"{who} decides for {rules.cards.source_name(rules.effect_card(s))}"
    if s.phase == "drivers":
        return f"chance deals the drivers on offer ({len(s.pool)} so far)"
    if s.phase == "driver":
        return f"{who} takes a driver"
    if s.phase == "sponsors":
        return f"chance deals the sponsors on offer ({len(s.offer)} so far)"
    if s.phase == "sponsor":
        if not s.effect:
            return f"{who} takes a sponsor" + (" or keeps his" if s.sponsors[s.current_player]
                                               >= 0 else "")
        stage = rules.sponsors.STAGES[s.effect[0]]
        sponsor = cfg_sponsor(s.effect[1])
        return f"{who} decides for {sponsor} ({stage}" + (f", ${s.money} left)" if s.money
                                                          else ")")
    return f"{who} plays a cube, ends the action phase or makes a pit stop"


def cfg_sponsor(k: int) -> str:
    """A sponsor's name (AU-79..AU-84)."""
    return config().sponsors[k].en


def _pile(counts: tuple[int, ...]) -> str:
    return " ".join(f"{k}{SHORT[c]}" for c, k in enumerate(counts) if k) or "-"


def text_board(s: State) -> str:
    """The whole position as a few lines of text."""
    cfg, track = config(), s.track_spec
    cards = ", ".join(f"{cfg.cards[c].en} ({CUBES[cfg.cards[c].colour]})" for c in s.cards)
    lines = [f"Automobiles - {s.players} players - {track.title}, {s.laps} laps "
             "(synthetic track, costs and values)",
             f"Cards: {cards}",
             f"Round {s.turn // s.players + 1}; decision: {decision_words(s)}"]
    if s.weaving:
        lines.append("Weaving (AU-23)")
    if s.races > 1:
        lines.append(f"Season: race {s.race + 1} of {s.races}; points (synthetic, RA7) "
                     + ", ".join(f"{rules.name(p)} {s.points[p]}" for p in range(s.players)))
    if s.pool:
        lines.append("Drivers on offer: " + ", ".join(cfg.drivers[d] for d in s.pool))
    if s.sponsored:
        lines.append("Sponsors (AU-26; tier numbers synthetic, RA7)"
                     + (": on offer " + ", ".join(cfg_sponsor(k) for k in s.offer)
                        if s.offer else ""))
    placed = [p for p in rules.position_order(s) if p in s.order]
    for rank, p in enumerate(placed, 1):
        space = track.spaces[s.car_space[p]]
        lines.append(f"  {rank}. {rules.name(p)}: lap {s.car_laps[p] + 1}, unit "
                     f"{space.start + s.car_seg[p]}, lane {space.lane} (space {space.index})"
                     + (" finished" if rules.finished(s, p) else "")
                     + (f", driver {cfg.drivers[s.drivers[p]]}" if s.drivers and s.drivers[p] >= 0
                        else "")
                     + (f", {cfg_sponsor(s.sponsors[p])}" if s.sponsored and s.sponsors[p] >= 0
                        else ""))
        lines.append(f"     bag {_pile(s.bag[p])} | active {_pile(s.active[p])} | used "
                     f"{_pile(s.used[p])} | discard {_pile(s.discard[p])}")
    if s.route:
        lines.append("  on the track: " + ", ".join(
            f"{rules.CUBE_WORDS[c]} on {b}" for c, b, _, _ in s.route))
    lines.append("  stock: " + " ".join(f"{SHORT[c]} {k}" for c, k in enumerate(s.stock)))
    return "\n".join(lines)


def event_log(s: State) -> list[str]:
    """The race so far in plain English, one line per event."""
    return list(s.log_lines)
