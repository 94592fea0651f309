"""Automobiles' component data and configuration (AU-01, AU-08, AU-10, AU-15; RA1-RA3).

Every number of the game comes from one file, ``automobiles/data/components.json``; this module
loads it once into frozen objects that states point to and never copy (STYLE 2), checking it on
load (``ConfigError`` names the entry at fault). Synthetic entries (costs, values, tracks, start
money: RA1, RA3) are marked in the file and listed in ``Config.synthetic``, so the boards can
flag them. The track geometry of RA3 (which space may follow which, AU-12) is computed here once
per track.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

NAME = "automobiles"
TITLE = "Automobiles"
#: The ten cube kinds in index order (AU-01); the first four are the gears and the space colours.
CUBES = ("white", "lightgrey", "darkgrey", "black", "wear", "yellow", "red", "purple", "blue",
         "green")
WHITE, LIGHTGREY, DARKGREY, BLACK, WEAR, YELLOW, RED, PURPLE, BLUE, GREEN = range(10)
GEARS = (WHITE, LIGHTGREY, DARKGREY, BLACK)
#: The five action colours, one card each in a game (AU-08).
ACTION_COLOURS = (YELLOW, RED, PURPLE, BLUE, GREEN)
#: The letters of the space colours in the track data.
SPACE_LETTERS = {"W": WHITE, "L": LIGHTGREY, "D": DARKGREY, "B": BLACK}
MAX_SEGMENTS = 4


class ConfigError(ValueError):
    """The component data is malformed; the message names the entry at fault."""


@dataclass(frozen=True)
class CubeSpec:
    """One cube kind: its names, cost (None: never bought), value and stock (AU-01, RA1).

    ``id`` is the machine's name (``buy lightgrey``), ``en`` the one name people read (the
    colour, as the seed's cards call the cubes: "light grey"), ``de`` the seed's German name
    ("4. Gang (Hellgrau)")."""

    index: int
    id: str
    en: str
    de: str
    kind: str  # "gear", "wear" or "action"
    cost: int | None
    value: int
    stock: int
    synthetic: bool


@dataclass(frozen=True)
class CardSpec:
    """One action card (AU-34..AU-68): colour, names, set, the rule id, its fixed wear."""

    index: int
    id: str
    colour: int
    en: str
    de: str
    aliases: tuple[str, ...]
    set: str
    rule: str
    wear: int


@dataclass(frozen=True)
class SpaceSpec:
    """One space of a track: its lane (0 = inner), first unit, segments and colour (RA3).

    Segment ``k`` (0 = rearmost) stands at unit ``start + k``, its progress."""

    index: int
    lane: int
    start: int
    length: int
    colour: int

    @property
    def end(self) -> int:
        """The unit just past the space's front segment."""
        return self.start + self.length


@dataclass(frozen=True)
class StartSpec:
    """One start space P1-P5: its space, the money of AU-11 (synthetic, RA3)."""

    name: str
    space: int
    money: int


@dataclass(frozen=True)
class TrackSpec:
    """A synthetic track (RA3): its spaces, what may follow each (AU-12) and its grid.

    ``successors[a]`` lists ``(b, wraps)``: space ``b`` may follow space ``a``, and ``wraps``
    is 1 when going there crosses the start/finish line."""

    name: str
    title: str
    units: int
    lanes: int
    spaces: tuple[SpaceSpec, ...]
    successors: tuple[tuple[tuple[int, int], ...], ...]
    start: tuple[StartSpec, ...]
    #: For each space, the next space of its lane (the one beginning where it ends; AU-18).
    lane_next: tuple[int, ...]
    #: With Weaving (AU-23), for each space and segment, the ``(b, wraps)`` that may follow a
    #: cube or car on that segment: those of the space, and those following the segment as if
    #: it were a one-unit space (``weave_successors``).
    weave: tuple[tuple[tuple[tuple[int, int], ...], ...], ...] = ()


@dataclass(frozen=True)
class SponsorSpec:
    """A sponsor card (AU-26, AU-79..AU-84): its kind ``letter`` A-F and its tiers' numbers
    (top for the winner, bottom for the last, middle for the others; RA7, mostly synthetic).

    ``id`` is the machine's name (``take sponsor C3``); ``en``, what people read, says what the
    card does with its numbers ("remove 6/4/2 wear"), from its kind's title in the data file."""

    index: int
    id: str
    en: str
    de: str
    letter: str
    rule: str
    top: int
    middle: int
    bottom: int


@dataclass(frozen=True)
class Config:
    """Every component number, shared by all states (never copied)."""

    min_players: int
    max_players: int
    draw: int
    default_laps: int
    max_laps: int
    cubes: tuple[CubeSpec, ...]
    starting_bag: tuple[int, ...]  # count per cube index (AU-10)
    wear_by_space: tuple[int, ...]  # wear per space colour (AU-17)
    cards: tuple[CardSpec, ...]
    card_sets: Mapping[str, tuple[int, ...]]  # set name -> card index per action colour
    ours: tuple[str, ...]  # the sets we defined, not the seed's or the rulings' (AU-08)
    drivers: tuple[str, ...]
    points: tuple[int, ...]  # season points per place (RA7, synthetic)
    min_races: int  # a season's races (AU-25: 3 or more)
    max_races: int
    tracks: Mapping[str, TrackSpec]
    synthetic: tuple[str, ...]
    sponsors: tuple[SponsorSpec, ...] = ()  # AU-26, AU-79..AU-84
    sponsor_removal: int = 3  # every sponsor's standard removal, up to this many (synthetic)
    money_per_cube: int = 2  # F: $2 per extra cube removed (AU-84)

    def card_named(self, name: str) -> CardSpec:
        """The card with this id, English or German name or alias (case ignored)."""
        key = name.strip().lower()
        for card in self.cards:
            if key in {n.lower() for n in (card.id, card.en, card.de, *card.aliases)}:
                return card
        raise ValueError(f"no action card named {name!r}")

    @property
    def max_spaces(self) -> int:
        """The most spaces of any track (the size of the placement actions' range)."""
        return max(len(t.spaces) for t in self.tracks.values())


# --- loading ------------------------------------------------------------------------------------
@cache
def load() -> Config:
    """The configuration from the packaged data file (loaded and checked once)."""
    text = resources.files("automobiles").joinpath("data/components.json").read_text("utf-8")
    return build_config(json.loads(text))


@cache
def config_for(players: int) -> Config:
    """The configuration of a race of ``players`` (2 to 5, RA3: the data file's player range).
    The rules print one set of components for every player count, so this is the same shared
    ``load()`` for all."""
    cfg = load()
    if not cfg.min_players <= players <= cfg.max_players:
        raise ValueError(f"Automobiles is played by {cfg.min_players} to {cfg.max_players} "
                         f"players, not {players}")
    return cfg


def build_config(data: Mapping[str, Any]) -> Config:
    """A checked ``Config`` from the data file's contents; ConfigError names the fault."""
    try:
        return _build(data)
    except ConfigError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise ConfigError(f"malformed component data: {type(exc).__name__} {exc}") from None


def _build(data: Mapping[str, Any]) -> Config:
    players, laps = data["players"], data["laps"]
    _check(2 <= players["min"] <= players["max"] <= 5, "players: 2 to 5 (AU-22, RA3)")
    _check(1 <= laps["default"] <= laps["max"] <= 8, "laps: default and max from 1 to 8 (RA3)")
    _check(data["draw"] == 7, "draw: the seed draws 7 (AU-12)")
    cubes = _cubes(data["cubes"])
    bag = _counts(data["starting_bag"], "starting_bag")
    _check(bag == (5, 2, 0, 0, 0, 5, 0, 0, 0, 0), "starting_bag: 5 white, 2 light grey, "
           "5 yellow (AU-10)")
    for c in cubes:
        _check(bag[c.index] * players["max"] <= c.stock,
               f"cubes/{c.id}: the stock holds every starting bag (RA2)")
    wear = _counts(data["wear_by_space"], "wear_by_space")[:4]
    _check(wear == (1, 2, 3, 4), "wear_by_space: white 1 .. black 4 (AU-17)")
    cards = _cards(data["cards"])
    sets = {name: _card_set(name, ids if isinstance(ids, list) else ids["cards"], cards)
            for name, ids in data["card_sets"].items()}
    ours = tuple(name for name, ids in data["card_sets"].items()
                 if isinstance(ids, dict) and ids.get("ours") is True)
    _check("standard" in sets and "standard" not in ours, "card_sets: the standard set (RA1)")
    _check(all(isinstance(ids, list) or ids.get("ours") is True
               for ids in data["card_sets"].values()),
           "card_sets: a set not named by the seed or the rulings is marked \"ours\"")
    _check("random" not in sets, "card_sets: \"random\" names the random draw (AU-08)")
    drivers = tuple(d["name"] for d in data["drivers"])
    _check(len(drivers) == 10 and [d["number"] for d in data["drivers"]] == list(range(1, 11)),
           "drivers: the ten drivers 01-10 (AU-69..AU-78)")
    season = data["season"]
    points = tuple(season["points"])
    _check(len(points) == players["max"] and all(type(k) is int for k in points)
           and list(points) == sorted(points, reverse=True), "season/points: one per place, "
           "falling (RA7)")
    _check(3 <= season["min_races"] <= season["max_races"], "season: 3 or more races (AU-25)")
    sponsors, removal, per_cube = _sponsors(data["sponsors"])
    tracks = {name: _track(name, t, players["max"]) for name, t in data["tracks"].items()
              if not name.startswith("_")}
    _check("daytona" in tracks, "tracks: the default Daytona-like oval (RA3)")
    synthetic = tuple([f"cubes/{c.id}" for c in cubes if c.synthetic]
                      + [f"tracks/{n}" for n, t in data["tracks"].items()
                         if not n.startswith("_") and t.get("synthetic")]
                      + (["season/points"] if season.get("synthetic") else [])
                      + (["sponsors/standard_removal"] if data["sponsors"].get("synthetic")
                         else [])
                      + [f"sponsors/{k.id}" for k, e in zip(sponsors, data["sponsors"]["cards"],
                                                            strict=True) if e.get("synthetic")])
    return Config(players["min"], players["max"], data["draw"], laps["default"], laps["max"],
                  cubes, bag, wear, cards, sets, ours, drivers, points,
                  season["min_races"], season["max_races"], tracks, synthetic, sponsors,
                  removal, per_cube)


def _sponsors(data: Mapping[str, Any]) -> tuple[tuple[SponsorSpec, ...], int, int]:
    """The 18 sponsors A1..F3 with their tiers rising from bottom to top (AU-79..AU-84, RA7),
    the standard removal and F's money per cube."""
    titles = data["titles"]
    _check(sorted(titles) == list("ABCDEF"), "sponsors/titles: one title per kind A-F")
    specs = tuple(SponsorSpec(i, e["id"], titles[e["id"][0]].format(**e["tiers"]), e["de"],
                              e["id"][0], e["rule"], e["tiers"]["top"], e["tiers"]["middle"],
                              e["tiers"]["bottom"])
                  for i, e in enumerate(data["cards"]))
    _check([s.id for s in specs] == [f"{k}{n}" for k in "ABCDEF" for n in (1, 2, 3)],
           "sponsors: the 18 sponsors A1..F3 (AU-79..AU-84)")
    _check(all(type(v) is int and 0 <= s.bottom <= s.middle <= s.top for s in specs
               for v in (s.top, s.middle, s.bottom)),
           "sponsors: tier numbers rise from bottom to top (RA7)")
    removal, per_cube = data["standard_removal"], data["money_per_cube"]
    _check(type(removal) is int and removal >= 1 and per_cube == 2,
           "sponsors: a standard removal of 1 or more, F's $2 per cube (AU-84)")
    return specs, removal, per_cube


def cube_name(cube: int) -> str:
    """A cube kind's plain name, the one people read ("light grey"; ``CubeSpec.en``)."""
    return load().cubes[cube].en


def _check(ok: bool, message: str) -> None:
    if not ok:
        raise ConfigError(message)


def _cubes(entries: list[dict[str, Any]]) -> tuple[CubeSpec, ...]:
    _check([e["id"] for e in entries] == list(CUBES), f"cubes: the ten kinds in order {CUBES}")
    _check(len({e["en"] for e in entries}) == len(entries), "cubes: one English name per kind")
    out = []
    for i, e in enumerate(entries):
        kind = "gear" if i in GEARS else "wear" if i == WEAR else "action"
        _check(e["kind"] == kind, f"cubes/{e['id']}: kind {kind!r}")
        cost = e["cost"]
        _check((cost is None) == (i == WEAR), f"cubes/{e['id']}: only wear has no cost (RA1)")
        _check(cost is None or (type(cost) is int and cost > 0), f"cubes/{e['id']}: cost > 0")
        _check(type(e["value"]) is int and e["value"] >= 0, f"cubes/{e['id']}: value >= 0")
        _check(type(e["stock"]) is int and e["stock"] > 0, f"cubes/{e['id']}: stock > 0")
        out.append(CubeSpec(i, e["id"], e["en"], e["de"], kind, cost, e["value"], e["stock"],
                            bool(e.get("synthetic"))))
    return tuple(out)


def _counts(entry: Mapping[str, int], field: str) -> tuple[int, ...]:
    unknown = set(entry) - set(CUBES)
    _check(not unknown, f"{field}: unknown cubes {sorted(unknown)}")
    return tuple(entry.get(c, 0) for c in CUBES)


def _cards(entries: list[dict[str, Any]]) -> tuple[CardSpec, ...]:
    _check(len(entries) == 35, "cards: the seed's 35 action cards (AU-34..AU-68)")
    out = []
    for i, e in enumerate(entries):
        colour = CUBES.index(e["colour"])
        _check(colour in ACTION_COLOURS, f"cards/{e['id']}: an action colour")
        _check(e["set"] in ("base", "expansion"), f"cards/{e['id']}: set base or expansion")
        _check(e["rule"] == f"AU-{34 + i:02d}", f"cards/{e['id']}: rule AU-{34 + i:02d} "
                                                 "(the seed's order)")
        out.append(CardSpec(i, e["id"], colour, e["en"], e["de"], tuple(e.get("aliases", ())),
                            e["set"], e["rule"], e["wear"]))
    for colour in ACTION_COLOURS:
        mine = [c for c in out if c.colour == colour]
        _check([c.set for c in mine] == ["base"] * 4 + ["expansion"] * 3,
               f"cards: 7 {CUBES[colour]} cards, the first four the base set (RA1)")
    names = [n for c in out for n in {x.lower() for x in (c.id, c.en, c.de, *c.aliases)}]
    _check(len(names) == len(set(names)), "cards: every name names one card")
    return tuple(out)


def _card_set(name: str, ids: list[str], cards: tuple[CardSpec, ...]) -> tuple[int, ...]:
    by_id = {c.id: c for c in cards}
    _check(all(i in by_id for i in ids), f"card_sets/{name}: unknown card")
    chosen = tuple(by_id[i] for i in ids)
    _check(tuple(c.colour for c in chosen) == ACTION_COLOURS,
           f"card_sets/{name}: one card per action colour, in colour order (AU-08)")
    return tuple(c.index for c in chosen)


def _track(name: str, data: Mapping[str, Any], max_players: int) -> TrackSpec:
    units, spaces = data["units"], []
    _check(type(units) is int and units >= 20, f"tracks/{name}: at least 20 units")
    lanes = data["lanes"]
    _check(2 <= len(lanes) <= 4, f"tracks/{name}: 2 to 4 lanes")
    for lane, text in enumerate(lanes):
        unit = 0
        for token in text.split():
            _check(len(token) == 2 and token[0] in SPACE_LETTERS and token[1] in "1234",
                   f"tracks/{name}/lanes/{lane}: {token!r} is a colour letter and 1-4 segments")
            spaces.append((unit, lane, int(token[1]), SPACE_LETTERS[token[0]]))
            unit += int(token[1])
        _check(unit == units, f"tracks/{name}/lanes/{lane}: covers {unit} units, not {units}")
    # Ids run around the track: by first unit, inner lane first.
    ordered = tuple(SpaceSpec(i, lane, start, length, colour) for i, (start, lane, length, colour)
                    in enumerate(sorted(spaces)))
    successors = tuple(_successors(a, ordered, units) for a in ordered)
    _check(all(successors), f"tracks/{name}: every space has a space ahead")
    start = tuple(_start(name, s, ordered) for s in data["start"])
    _check(len(start) == max_players and [s.name for s in start] ==
           [f"P{i + 1}" for i in range(max_players)], f"tracks/{name}/start: P1-P{max_players}")
    _check(len({s.space for s in start}) == len(start), f"tracks/{name}/start: distinct spaces")
    _check(all(a.money < b.money for a, b in zip(start, start[1:], strict=False)),
           f"tracks/{name}/start: the rear of the grid has more money (AU-11)")
    by_place = {(s.lane, s.start): s.index for s in ordered}
    lane_next = tuple(by_place[(s.lane, s.end % units)] for s in ordered)
    weave = tuple(tuple(weave_successors(a, k, ordered, units, successors[a.index])
                        for k in range(a.length)) for a in ordered)
    return TrackSpec(name, data["title"], units, len(lanes), ordered, successors, start,
                     lane_next, weave)


def follows(a: SpaceSpec, b: SpaceSpec, units: int) -> int | None:
    """Whether space ``b`` may follow space ``a`` (AU-12, RA3): None if not, else 1 when going
    there crosses the start/finish line, 0 when it does not.

    ``b`` is in ``a``'s lane or a neighbouring one, touches ``a`` (even at a corner point: it
    begins no later than ``a`` ends), begins no earlier than ``a`` (never back) and ends
    further ahead (never sideways). A space of the next lap counts ``units`` further on."""
    if abs(a.lane - b.lane) > 1:
        return None
    for wraps in (0, 1):
        start, end = b.start + wraps * units, b.end + wraps * units
        if a.start <= start <= a.end and end > a.end and (a.lane != b.lane or start == a.end):
            return wraps
    return None


def _successors(a: SpaceSpec, spaces: tuple[SpaceSpec, ...], units: int
                ) -> tuple[tuple[int, int], ...]:
    out = []
    for b in spaces:
        wraps = follows(a, b, units)
        if wraps is not None:
            out.append((b.index, wraps))
    return tuple(out)


def weave_successors(a: SpaceSpec, seg: int, spaces: tuple[SpaceSpec, ...], units: int,
                     of_space: tuple[tuple[int, int], ...]) -> tuple[tuple[int, int], ...]:
    """What may follow segment ``seg`` of space ``a`` with Weaving (AU-23; engine decision):
    what may follow the space (RA3), and what may follow the segment taken as a one-unit space
    of its lane (``follows``), so a cube on a rear segment reaches a space of the next lane
    that begins just past it ("cut through a space on a rear segment")."""
    cell = SpaceSpec(a.index, a.lane, a.start + seg, 1, a.colour)
    out = dict(of_space)
    for b in spaces:
        wraps = follows(cell, b, units)
        if b.index != a.index and wraps is not None:
            out.setdefault(b.index, wraps)
    return tuple(sorted(out.items()))


def _start(track: str, entry: Mapping[str, Any], spaces: tuple[SpaceSpec, ...]) -> StartSpec:
    found = [s for s in spaces if s.lane == entry["lane"] and s.start == entry["unit"]]
    _check(len(found) == 1 and found[0].length == 1 and found[0].colour == WHITE,
           f"tracks/{track}/start/{entry['name']}: a white one-segment space (RA3)")
    _check(type(entry["money"]) is int and entry["money"] > 0,
           f"tracks/{track}/start/{entry['name']}: money > 0")
    return StartSpec(entry["name"], found[0].index, entry["money"])
