"""Automobiles as plain text: who decides, the cars in position order, every sheet and the stock.

Shows the table as every player sees it: the contents of every pile (the bag's order is the only
hidden thing, and counts have none). Synthetic data is flagged in plain words (RA1, RA3), and
no sentence a player reads carries a rule code. Every count agrees with its noun ("1 space",
"2 spaces"; ``counted``), and a clause of no wear says "no wear". Every thing has one
plain name, the one the boards and the widgets show too: a cube its colour ("light grey",
``config.cube_name``), a sponsor what its card does ("remove 6/4/2 wear", ``sponsor_name``),
never the machine's names ``kw apply`` reads (``lightgrey``, ``C3``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamecore.events import Event

from . import cards, rules, sponsors
from . import events as ev
from .board import ADRENALINE, AERO, CUBE_WORDS, FUEL, REDLINE, cubes_text
from .cards import STOCK
from .config import ACTION_COLOURS, DARKGREY, config_for, cube_name

if TYPE_CHECKING:
    from .state import State

#: The decision at each stage of a sponsor's effect (``sponsors.STAGES``), in words.
_STAGE_WORDS = {
    "discard": "{who} keeps the {sponsor} and discards one on offer",
    "remove": "{who} removes cubes with the {sponsor} (its standard removal)",
    "extra": "{who} removes extra cubes with the {sponsor}",
    "wear": "{who} removes wear with the {sponsor}",
    "money": "{who} buys cubes with the {sponsor}",
    "free": "{who} takes free cubes with the {sponsor}",
}


def decision_words(s: State) -> str:
    """Who decides what, in a few words."""
    if s.phase == "cards":
        return f"chance deals the {cube_name(ACTION_COLOURS[len(s.cards)])} card (a random set)"
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
        words = _STAGE_WORDS[rules.sponsors.STAGES[s.effect[0]]]
        return words.format(who=who, sponsor=_sponsor(s.effect[1])) + (
            f" (${s.money} left)" if s.money else "")
    return f"{who} plays a cube, ends the action phase or makes a pit stop"


def sponsor_name(k: int) -> str:
    """A sponsor's plain name: what its card does with its tier numbers ("remove 6/4/2 wear";
    AU-79..AU-84)."""
    return config_for(2).sponsors[k].en


def counted(k: int, noun: str) -> str:
    """``k`` and its noun, singular for 1 and plural otherwise: "1 space", "0 spaces", "3 light
    grey spaces"."""
    return f"{k} {noun if k == 1 else noun + 's'}"


def _wear(k: int) -> str:
    """Wear in a clause: "no wear" for none, else "3 wear" (wear is counted as a mass)."""
    return f"{k} wear" if k else "no wear"


def _pile(counts: tuple[int, ...]) -> str:
    return ", ".join(f"{k} {cube_name(c)}" for c, k in enumerate(counts) if k) or "-"


def text_board(s: State) -> str:
    """The whole position as a few lines of text."""
    cfg, track = s.cfg, s.track_spec
    cards = ", ".join(f"{cfg.cards[c].en} ({cube_name(cfg.cards[c].colour)})" for c in s.cards)
    lines = [f"Automobiles - {s.players} players - {track.title}, {counted(s.laps, 'lap')} "
             "(synthetic track, costs and values)",
             f"Cards: {cards}",
             f"Round {s.turn // s.players + 1}; decision: {decision_words(s)}"]
    if s.weaving:
        lines.append("Weaving: a cube may go on any free segment of its space")
    if s.races > 1:
        lines.append(f"Season: race {s.race + 1} of {s.races}; points (synthetic) "
                     + ", ".join(f"{rules.name(p)} {s.points[p]}" for p in range(s.players)))
    if s.pool:
        lines.append("Drivers on offer: " + ", ".join(cfg.drivers[d] for d in s.pool))
    if s.sponsored:
        lines.append("Sponsors (numbers for the winner/the middle/the last, synthetic)"
                     + (": on offer " + "; ".join(sponsor_name(k) for k in s.offer)
                        if s.offer else ""))
    placed = [p for p in rules.position_order(s) if p in s.order]
    for rank, p in enumerate(placed, 1):
        space = track.spaces[s.car_space[p]]
        lines.append(f"  {rank}. {rules.name(p)}: lap {s.car_laps[p] + 1}, unit "
                     f"{space.start + s.car_seg[p]}, lane {space.lane} (space {space.index})"
                     + (" finished" if rules.finished(s, p) else "")
                     + (f", driver {cfg.drivers[s.drivers[p]]}" if s.drivers and s.drivers[p] >= 0
                        else "")
                     + (f", sponsor: {sponsor_name(s.sponsors[p])}"
                        if s.sponsored and s.sponsors[p] >= 0 else ""))
        lines.append(f"     bag {_pile(s.bag[p])} | active {_pile(s.active[p])} | used "
                     f"{_pile(s.used[p])} | discard {_pile(s.discard[p])}")
    if s.route:
        lines.append("  on the track: " + ", ".join(
            f"{rules.CUBE_WORDS[c]} on {b}" for c, b, _, _ in s.route))
    lines.append("  stock: " + ", ".join(f"{k} {cube_name(c)}" for c, k in enumerate(s.stock)))
    return "\n".join(lines)


def event_log(s: State) -> list[str]:
    """The race so far in plain English, one line per event (each worded only now)."""
    return [describe(s, e) for e in s.events]


def describe(s: State, e: Event) -> str:
    """One event of ``s``'s game in plain English (the function of its class in ``_WORDS``)."""
    return _WORDS[type(e)](s, e)


_PILES = ("active pile", "discard", "used pile", "bag")
_NAME = rules.name
_CUBE = CUBE_WORDS
#: What each flag a card sets for the turn says (``ev.FlagSet``).
_FLAG_WORDS = {AERO: "counts as drafting this turn",
               REDLINE: "may use white cubes on any colour this turn",
               FUEL: "moves 2 spaces with each gear cube this turn",
               ADRENALINE: "will move 2 light grey spaces per position gained in the car phase"}


def _card_words(s: State, e: ev.PlayCard) -> str:
    """What a card's numbers came to as it was played (``cards.card_numbers``), "" for cards
    without such numbers."""
    card_id, k = s.cfg.cards[e.card].id, e.number
    where = f"position {e.rank} of {s.players}"
    words = {
        "diesel_engine": lambda: f"{cubes_text(DARKGREY, k)} in the discard, moves "
                                 f"{counted(k, 'dark grey space')}",
        "rotary_engine": lambda: f"{counted(k, 'colour')} in the discard, moves up to "
                                 f"{counted(k, 'white space')}",
        "air_jacks": lambda: f"{counted(k, 'colour')} in the discard, removes up to "
                             f"{counted(k, 'cube')}",
        "turbo": lambda: f"{counted(k - 2, 'green cube')} in the discards, moves up to "
                         f"{counted(k, 'light grey space')}",
        "transmission": lambda: f"{where}, moves up to {counted(k, 'light grey space')}",
        "bump_and_run": lambda: f"{where}, moves up to {counted(k, 'dark grey space')}",
        "overdrive": lambda: f"{where}, moves up to 3 spaces of {_CUBE[k]} or lower",
        "hybrid_engine": lambda: "moves up to 2 spaces of one colour" if k else
                                 "another discard holds as many blue cubes: no move",
        "crate_engine": lambda: "moves up to 3 spaces of one colour; the cars behind follow "
                                "after the end phase",
    }.get(card_id)
    return words() if words else ""


def _play(s: State, e: ev.PlayCard) -> str:
    words = [w for w in (_card_words(s, e), f"gains {_wear(e.gained)}" if e.gained else "") if w]
    return f"{_NAME(e.seat)} plays {s.cfg.cards[e.card].en}" + (
        ": " + ", ".join(words) if words else "")


def _grid(s: State, e: ev.OnGrid) -> str:
    grid = s.track_spec.start[e.slot]
    return f"{_NAME(e.seat)} starts on {grid.name} with ${grid.money}"


def _place(s: State, e: ev.PlaceCube) -> str:
    space = s.track_spec.spaces[e.space]
    where = f", segment {e.segment}" if e.segment >= 0 else ""
    return (f"{_NAME(e.seat)} puts a {_CUBE[e.cube]} cube on space {e.space} (lane {space.lane}, "
            f"{_CUBE[space.colour]}{where})")


def _pick(s: State, e: ev.PickCube) -> str:
    rule = cards.PICKS[(cards.source_id(e.by), e.stage)]
    where = "to the stock" if rule.dest == STOCK else f"to the {_PILES[rule.dest]}"
    return f"{_NAME(e.seat)} {rule.verb} a {_CUBE[e.cube]} cube of the {_PILES[e.pile]} ({where})"


def _race_points(s: State, e: ev.RacePoints) -> str:
    return (f"Race {e.race} of {e.races} is over, points: "
            + ", ".join(f"{_NAME(seat)} {p}" for seat, p in zip(e.order, e.points, strict=True))
            + "; the season: " + ", ".join(f"{_NAME(p)} {n}" for p, n in enumerate(e.season)))


def _race_begins(s: State, e: ev.RaceBegins) -> str:
    return f"Race {e.race} of {e.races} begins: " + ", ".join(
        f"{_NAME(seat)} on {s.track_spec.start[k].name}" for k, seat in enumerate(e.order))


def _sponsor(k: int) -> str:
    """A sponsor in a sentence: 'sponsor "remove 6/4/2 wear"'."""
    return f'sponsor "{sponsors.spec(k).en}"'


#: The words of each event class (automobiles.events), one function per class.
_WORDS: dict[type[Any], Callable[[State, Any], str]] = {
    ev.LogCut: lambda s, e: f"... {e.earlier:,} earlier "
                            + ("event is" if e.earlier == 1 else "events are")
                            + " no longer kept ...",
    ev.CardDealt: lambda s, e: f"{s.cfg.cards[e.card].en} is the "
                               f"{cube_name(s.cfg.cards[e.card].colour)} card",
    ev.OnGrid: _grid,
    ev.TakeDriver: lambda s, e: f"{_NAME(e.seat)} takes the driver {s.cfg.drivers[e.driver]}",
    ev.Refill: lambda s, e: f"{_NAME(e.seat)} puts the discard back into the bag",
    ev.BuyCube: lambda s, e: f"{_NAME(e.seat)} buys a {_CUBE[e.cube]} cube for ${e.cost}",
    ev.Unspent: lambda s, e: f"{_NAME(e.seat)} loses ${e.money} unspent",
    ev.Adrenaline: lambda s, e: f"{_NAME(e.seat)} gained {counted(e.gained, 'position')} in the "
                                "car phase (Adrenaline)",
    ev.JoshTrin: lambda s, e: f"{_NAME(e.seat)} may move up to "
                              f"{counted(e.spaces, 'light grey space')} (Josh Trin)",
    ev.Redline: lambda s, e: f"{_NAME(e.seat)} uses a white cube as {_CUBE[e.colour]} (Redline)",
    ev.PitStop: lambda s, e: f"{_NAME(e.seat)} makes a pit stop"
                             + (f", removing {e.wear} wear" if e.wear else
                                " (no wear to remove)"),
    ev.CarMoves: lambda s, e: f"{_NAME(e.seat)}'s car moves {counted(e.spaces, 'space')} to "
                              f"space {e.space}"
                              + (f", completing lap {e.lap}" if e.crossed else ""),
    ev.AeroDraft: lambda s, e: f"{_NAME(e.seat)} counts as drafting (Aerodynamics): no wear "
                               "for the move",
    ev.Drafts: lambda s, e: f"{_NAME(e.seat)} drafts: no wear for the move",
    ev.CrateEngine: lambda s, e: f"Crate Engine: the cars behind {_NAME(e.seat)} may move "
                                 f"{counted(e.spaces, 'space')}",
    ev.FollowMove: lambda s, e: f"{_NAME(e.seat)}'s car moves to space {e.space} "
                                f"({cards.source_name(e.source)}"
                                + (", no wear)" if e.crate else ")"),
    ev.RaceOver: lambda s, e: f"The race is over after {counted(e.rounds, 'round')}",
    ev.RacePoints: _race_points,
    ev.RaceBegins: _race_begins,
    ev.DrawCube: lambda s, e: f"{_NAME(e.seat)} draws a {_CUBE[e.cube]} cube",
    ev.PlayCard: _play,
    ev.RemoveCube: lambda s, e: f"{_NAME(e.seat)} removes a {_CUBE[e.cube]} cube",
    ev.ReturnCube: lambda s, e: f"{_NAME(e.seat)} puts a {_CUBE[e.cube]} cube back into the bag",
    ev.GainsWear: lambda s, e: f"{_NAME(e.seat)} gains {_wear(e.wear)}",
    ev.PlaceCube: _place,
    ev.FlagSet: lambda s, e: f"{_NAME(e.seat)} {_FLAG_WORDS[e.flag]}",
    ev.PerformanceTest: lambda s, e: f"{_NAME(e.seat)} removes the Performance Test cube",
    ev.Upgrade: lambda s, e: (f"{_NAME(e.seat)} swaps a {_CUBE[e.cube]} cube of the discard for "
                              f"a {_CUBE[e.cube + 1]} one") if e.upgraded else
                             (f"{_NAME(e.seat)} removes a {_CUBE[e.cube]} cube of the discard "
                              "(nothing higher)"),
    ev.PickCube: _pick,
    ev.MaintenanceCrew: lambda s, e: f"{_NAME(e.seat)} may remove up to "
                                     f"{counted(e.cubes, 'cube')} of the discard",
    ev.PitTeamMoney: lambda s, e: f"{_NAME(e.seat)} has ${e.money} to buy exactly 1 cube",
    ev.KaiaLin: lambda s, e: (f"{_NAME(e.seat)} discards {e.count} of the cubes drawn and "
                              f"draws {e.count} more (Kaia Lin)") if e.count else
                             f"{_NAME(e.seat)} keeps the cubes drawn (Kaia Lin)",
    ev.ClearWear: lambda s, e: f"{_NAME(e.seat)} removes {_wear(e.wear)} from the "
                               + " and ".join(_PILES[p] for p in e.piles),
    ev.CardOption: lambda s, e: f"{_NAME(e.seat)} takes {s.cfg.cards[e.card].en}'s option "
                                f"{e.option}",
    ev.PitTeamCube: lambda s, e: f"{_NAME(e.seat)} takes a {_CUBE[e.cube]} cube with Pit Team",
    ev.ToDiscard: lambda s, e: f"{_NAME(e.seat)} puts a {_CUBE[e.cube]} cube on the discard",
    ev.DriverPower: lambda s, e: f"{_NAME(e.seat)} uses {s.cfg.drivers[e.driver]}'s power",
    ev.MagDraws: lambda s, e: f"{_NAME(e.seat)} draws {counted(e.count, 'cube')} at once "
                              "(Mag Matthews)",
    ev.SponsorsDealt: lambda s, e: "Sponsors are dealt",
    ev.SponsorOffered: lambda s, e: f"The {_sponsor(e.sponsor)} is on offer",
    ev.KeepSponsor: lambda s, e: f"{_NAME(e.seat)} keeps the {_sponsor(e.sponsor)}",
    ev.DiscardSponsor: lambda s, e: f"{_NAME(e.seat)} discards the {_sponsor(e.sponsor)}",
    ev.TakeSponsor: lambda s, e: f"{_NAME(e.seat)} takes the {_sponsor(e.sponsor)}",
    ev.SponsorActs: lambda s, e: f"{_NAME(e.seat)}'s {_sponsor(e.sponsor)} acts at its "
                                 f"{sponsors.TIERS[e.tier]} tier ({e.number}, synthetic)",
    ev.SponsorRemove: lambda s, e: f"{_NAME(e.seat)} removes a {_CUBE[e.cube]} cube "
                                   f"(the {_sponsor(e.sponsor)})",
    ev.FreeCube: lambda s, e: f"{_NAME(e.seat)} takes a {_CUBE[e.cube]} cube free",
    ev.SponsorMoney: lambda s, e: f"{_NAME(e.seat)} has ${e.money} to spend "
                                  f"(the {_sponsor(e.sponsor)})",
    ev.SponsorWear: lambda s, e: f"{_NAME(e.seat)} removes {_wear(e.wear)} (the "
                                 f"{_sponsor(e.sponsor)})",
}
