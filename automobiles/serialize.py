"""Automobiles' JSON positions in gamecore's v2 envelope, their checks, observations, replays.

A position is ``{"format": "automobiles-position", "version": 2, "game": "automobiles", ...}``
with every state field by name (docs/position-format-automobiles.md). Loading reads the text
with gamecore's bounded ``parse_json``, checks the envelope and ``position.schema.json`` with
gamecore's checker, then the rules' consistency (cubes conserved, cars on distinct segments, the
route a chain of legal placements, the phase one the engine stops at), and raises
``PositionError`` naming the field at fault. Whose turn it is is recomputed, never read.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cache
from importlib import resources
from typing import Any

from gamecore.errors import GameError, PositionError
from gamecore.events import FieldCheck, flag, read_records, whole, whole_list
from gamecore.game import DEFAULT_GAME, hide
from gamecore.position import check_envelope, check_replay_fields, check_schema, parse_json

from . import board, cards, rules, sponsors
from . import events as ev
from .config import (
    ACTION_COLOURS,
    BLUE,
    CUBES,
    GEARS,
    GREEN,
    LIGHTGREY,
    NAME,
    PURPLE,
    RED,
    WHITE,
    YELLOW,
    config_for,
)
from .events import EVENTS
from .state import LOG_CHUNK, LOG_KEEP, LOG_LIMIT, PHASES, State, new_state

FORMAT = "automobiles-position"
REPLAY_FORMAT = "automobiles-replay"
VERSION = 3
#: The version of the replay files (they hold no log, so the position's version 3 left them).
REPLAY_VERSION = 2
#: The longest log a state holds: a chunk short of where it is cut (``state.LOG_LIMIT``).
MAX_LOG = LOG_LIMIT + LOG_CHUNK - 1


@cache
def schema() -> dict[str, Any]:
    """The position schema (``automobiles/position.schema.json``)."""
    text = resources.files("automobiles").joinpath("position.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def state_to_dict(s: State) -> dict[str, Any]:
    """The position as a JSON-ready dict."""
    cfg = s.cfg
    return {
        "format": FORMAT, "version": VERSION, "game": NAME, "players": s.players,
        "track": s.track, "cards": [cfg.cards[c].id for c in s.cards], "laps": s.laps,
        "weaving": s.weaving,
        "seed": s.seed, "draws": s.draws, "order": list(s.order),
        "bag": [list(p) for p in s.bag], "active": [list(p) for p in s.active],
        "used": [list(p) for p in s.used], "discard": [list(p) for p in s.discard],
        "stock": list(s.stock),
        "cars": [{"space": s.car_space[p], "segment": s.car_seg[p], "laps": s.car_laps[p]}
                 for p in range(s.players)],
        "turn": s.turn, "phase": s.phase, "money": s.money, "buyer": s.buyer,
        "route": [list(r) for r in s.route], "playing": s.playing,
        "drawing": [list(d) for d in s.drawing], "effect": list(s.effect),
        "flags": s.flags, "crate": s.crate, "drivers": list(s.drivers), "pool": list(s.pool),
        "gained": s.gained, "races": s.races, "race": s.race, "points": list(s.points),
        "sponsored": s.sponsored, "sponsors": list(s.sponsors), "offer": list(s.offer),
        "log": [e.to_list() for e in s.events],
    }


def state_to_json(s: State, indent: int | None = None) -> str:
    """The position as JSON text."""
    return json.dumps(state_to_dict(s), indent=indent, ensure_ascii=False)


def state_from_json(text: str | bytes) -> State:
    """Load a position from JSON text or UTF-8 bytes; PositionError for anything else."""
    return state_from_dict(parse_json(text))


def state_from_dict(data: Any) -> State:
    """Load a position dict (as ``parse_json`` gives it); PositionError naming the field."""
    _check_old_version(data)
    check_envelope(data, FORMAT, (VERSION,), NAME, DEFAULT_GAME)
    log = data.get("log")  # its events are checked in one pass by ``read_log`` below
    check_schema(schema(), {k: [] if k == "log" else v for k, v in data.items()})
    cfg = config_for(2)
    players = data["players"]
    cards = _cards(data["cards"])
    s = new_state(players, data["seed"], data["track"], cards, data["laps"],
                  data.get("weaving", False))
    s.draws, s.order = data["draws"], tuple(data["order"])
    for field in ("bag", "active", "used", "discard"):
        piles = data[field]
        if len(piles) != players:
            raise PositionError(field, f"one pile per player ({players})")
        setattr(s, field, tuple(tuple(p) for p in piles))
    s.stock = tuple(data["stock"])
    cars = data["cars"]
    if len(cars) != players:
        raise PositionError("cars", f"one car per player ({players})")
    s.car_space = tuple(c["space"] for c in cars)
    s.car_seg = tuple(c["segment"] for c in cars)
    s.car_laps = tuple(c["laps"] for c in cars)
    s.turn, s.phase, s.money, s.buyer = data["turn"], data["phase"], data["money"], data["buyer"]
    s.route = tuple((r[0], r[1], r[2], r[3]) for r in data["route"])
    s.playing = data["playing"]
    s.drawing = tuple((d[0], d[1]) for d in data["drawing"])
    s.effect = tuple(data["effect"])
    s.flags, s.crate = data.get("flags", 0), data.get("crate", 0)
    s.drivers, s.pool = tuple(data.get("drivers", ())), tuple(data.get("pool", ()))
    s.gained = data.get("gained", 0)
    s.races, s.race = data.get("races", 1), data.get("race", 0)
    s.points = tuple(data.get("points", (0,) * players))
    s.sponsored = data.get("sponsored", False)
    s.sponsors, s.offer = tuple(data.get("sponsors", ())), tuple(data.get("offer", ()))
    records = read_records(log, EVENTS, _event_checks(s), MAX_LOG)
    _check_events(s, records)
    s.set_records(records)
    _check_consistency(s, cfg.max_laps)
    s.legal = rules.legal_ids(s)
    _check_decision(s)
    return s


def _check_old_version(data: Any) -> None:
    """Version 2 files, whose log is English text, are refused with a word on why."""
    if isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == 2:
        raise PositionError("version", "a version 2 position keeps its log as English lines; "
                                       f"this reader reads version {VERSION}, whose log holds "
                                       "typed events (docs/position-format-automobiles.md)")


def _event_checks(s: State) -> dict[str, FieldCheck]:
    """The check of each event field, by its name (docs/position-format-automobiles.md, Log
    events): seats, cubes, cards, drivers, sponsors and spaces within this game's lists,
    numbers within the rules' bounds."""
    cfg, n = s.cfg, s.players
    number, cube = whole(0, 10_000), whole(0, len(CUBES))
    seats = whole_list(0, n, n)
    return {
        "seat": whole(0, n), "slot": whole(0, len(s.track_spec.start)), "cube": cube,
        "colour": cube, "driver": whole(0, len(cfg.drivers)), "card": whole(0, len(cfg.cards)),
        "source": whole(0, len(cfg.cards) + len(cfg.drivers)),
        "by": whole(0, len(cfg.cards) + len(cfg.drivers)), "pile": whole(0, len(board.PILE_FIELDS)),
        "sponsor": whole(0, len(cfg.sponsors)), "space": whole(0, len(s.track_spec.spaces)),
        "segment": whole(-1, 100), "crossed": flag, "crate": flag, "upgraded": flag,
        "race": whole(1, cfg.max_races + 1), "races": whole(1, cfg.max_races + 1),
        "order": seats, "points": whole_list(0, 10_000, n), "season": whole_list(0, 10_000, n),
        "rank": whole(0, n + 1), "flag": lambda x: x in (board.AERO, board.REDLINE, board.FUEL,
                                                         board.ADRENALINE) and type(x) is int,
        "tier": whole(0, len(sponsors.TIERS)), "option": whole(1, 3),
        "piles": whole_list(0, len(board.PILE_FIELDS), len(board.PILE_FIELDS)),
        "stage": whole(0, 10), "earlier": whole(1, 10**15), **{f: number for f in (
            "cost", "money", "gained", "spaces", "wear", "lap", "rounds", "number", "cubes",
            "count")},
    }


#: The events whose fields ``_check_events`` checks together.
_CHECKED = frozenset((ev.LogCut, ev.PickCube, ev.Upgrade, ev.RacePoints, ev.RaceBegins))


def _check_events(s: State, records: Sequence[tuple[Any, ...]]) -> None:
    """What one field's check cannot say: a pick names a stage of a card that picks, an
    upgrade has a cube above it, a race's lists are as long as the players (AU-25); a cut
    log (``state.LOG_LIMIT``) is cut after its first chunk, and as long as a cut leaves it."""
    for i, r in enumerate(records):
        if r[0] not in _CHECKED:
            continue
        e = r[0](*r[1:])
        if isinstance(e, ev.LogCut) and (i != LOG_CHUNK or len(records) < LOG_KEEP):
            raise PositionError(f"log/{i}", f"a cut log keeps its first {LOG_CHUNK} events, "
                                            f"then the cut, then the latest (at least "
                                            f"{LOG_KEEP} events in all)")
        if isinstance(e, ev.PickCube) and (cards.source_id(e.by), e.stage) not in cards.PICKS:
            raise PositionError(f"log/{i}", "a pick names a card and a stage that choose cubes")
        if isinstance(e, ev.Upgrade) and e.upgraded and e.cube + 1 >= len(CUBES):
            raise PositionError(f"log/{i}", "an upgraded cube has a cube above it")
        if isinstance(e, ev.RacePoints | ev.RaceBegins) and len(e.order) != s.players:
            raise PositionError(f"log/{i}", f"a race's order names the {s.players} players")
        if isinstance(e, ev.RacePoints) and not len(e.points) == len(e.season) == s.players:
            raise PositionError(f"log/{i}", f"a race's points name the {s.players} players")


def _cards(ids: list[str]) -> tuple[int, ...]:
    cfg = config_for(2)
    by_id = {c.id: c for c in cfg.cards}
    for i, (card_id, colour) in enumerate(zip(ids, ACTION_COLOURS, strict=False)):
        if card_id not in by_id:
            raise PositionError(f"cards/{i}", f"{card_id!r} is no action card")
        if by_id[card_id].colour != colour:
            raise PositionError(f"cards/{i}", f"the {CUBES[colour]} card is expected here "
                                              "(one card per action colour, AU-08)")
    return tuple(by_id[c].index for c in ids)


def _check_consistency(s: State, max_laps: int) -> None:
    """What the schema cannot say: the fields agree with each other under the rules."""
    n = s.players
    if s.laps > max_laps:
        raise PositionError("laps", f"at most {max_laps} laps (RA3)")
    if s.seed is None and s.draws:
        raise PositionError("draws", "an explicit-chance game draws nothing from a seed")
    if s.seed is not None and s.phase in ("cards", "order", "drivers", "draw", "sponsors"):
        raise PositionError("phase", "a seeded game never waits for chance (AU-08, AU-09, "
                                     "AU-19)")
    if (s.phase == "cards") != (len(s.cards) < len(ACTION_COLOURS)):
        raise PositionError("cards", "5 cards, one per action colour, once the random set is "
                                     "dealt (AU-08)")
    _check_order(s)
    _check_cubes(s)
    _check_cars(s)
    _check_turn(s)
    _check_route(s)
    _check_sponsors(s)
    _check_effect(s)
    _check_flags(s)
    _check_drivers(s)
    _check_season(s)
    if s.phase == "draw":
        if not s.drawing:
            raise PositionError("drawing", "a draw phase has a seat drawing (AU-19)")
        seen = set()
        for i, (seat, left) in enumerate(s.drawing):
            if not 0 <= seat < n or seat in seen or not 1 <= left <= s.cfg.draw:
                raise PositionError(f"drawing/{i}", "each seat once, drawing 1 to 7 (AU-19)")
            seen.add(seat)
        if not any(s.bag[s.drawing[0][0]]):
            raise PositionError("drawing", "an empty bag takes the discard back first (AU-19)")
    elif s.drawing:
        raise PositionError("drawing", "only the draw phase draws (AU-19)")


def _check_order(s: State) -> None:
    n = s.players
    if len(set(s.order)) != len(s.order) or any(not 0 <= p < n for p in s.order):
        raise PositionError("order", "distinct seats of the game (AU-09)")
    if (s.phase in ("cards", "order")) != (len(s.order) < n) or (s.phase == "cards"
                                                                   and s.order):
        raise PositionError("order", "the start order is drawn after the cards and complete "
                                     "once setup is over (AU-08, AU-09)")
    start = s.track_spec.start
    if s.phase in ("order", "drivers", "driver", "prebuy", *_BREAK):
        for k, seat in enumerate(s.order):
            if (s.car_space[seat], s.car_seg[seat], s.car_laps[seat]) != (start[k].space, 0, 0):
                raise PositionError(f"cars/{seat}", f"before the race the car stands on "
                                                    f"{start[k].name} (AU-09)")
    if s.phase == "prebuy":
        if not 0 <= s.buyer < n:
            raise PositionError("buyer", "a grid position of the game")
        if s.money > start[s.buyer].money:
            raise PositionError("money", f"at most {start[s.buyer].name}'s "
                                         f"${start[s.buyer].money} (AU-11)")
    elif s.phase in _BREAK:
        if not 0 <= s.buyer < n + (s.phase == "sponsor") or (s.phase == "sponsors"
                                                               and s.buyer):
            raise PositionError("buyer", "the place choosing its sponsor (AU-26)")
    elif s.buyer != (0 if s.phase in ("cards", "order", "drivers", "driver") else n):
        raise PositionError("buyer", "every grid position has bought once the race begins")


def _check_cubes(s: State) -> None:
    """Every cube is somewhere: the piles and the stock hold the stock's totals (RA2)."""
    cfg = s.cfg
    for c, spec in enumerate(cfg.cubes):
        held = sum(pile[c] for field in (s.bag, s.active, s.used, s.discard) for pile in field)
        if held + s.stock[c] != spec.stock:
            raise PositionError(f"stock/{c}", f"{held} {CUBES[c]} cubes held and {s.stock[c]} "
                                              f"in the stock, not {spec.stock} in all (RA2)")
    if s.phase in ("cards", "order", "drivers", "driver", "prebuy", *_BREAK) and (any(map(
            any, s.active + s.used
                                                                    + s.discard))):
        raise PositionError("active", "before the race every cube is in a bag (AU-10, AU-11)")
    for p in range(s.players):
        turn_in_progress = _in_turn(s) and p == s.mover
        if not turn_in_progress and any(s.used[p]):
            raise PositionError(f"used/{p}", "only the seat in turn has a used pile (AU-19)")


def _in_turn(s: State) -> bool:
    """A turn is in progress: its action, place, card or buy phase, or a card's draws; not
    the cars behind a Crate Engine moving after its owner's end phase (AU-59)."""
    if s.phase == "card":
        return s.effect[:1] != (rules.CRATE,)
    return s.phase in ("action", "place", "buy") or (s.phase == "draw" and bool(s.effect))


def _check_cars(s: State) -> None:
    track, taken = s.track_spec, set()
    for p in range(s.players):
        if p not in s.order:
            if (s.car_space[p], s.car_seg[p], s.car_laps[p]) != (0, 0, 0):
                raise PositionError(f"cars/{p}", "a car not yet on the grid is written as "
                                                 "space 0, segment 0, laps 0 (AU-09)")
            continue
        if s.car_space[p] >= len(track.spaces):
            raise PositionError(f"cars/{p}/space", f"the track has {len(track.spaces)} spaces")
        if s.car_seg[p] >= track.spaces[s.car_space[p]].length:
            raise PositionError(f"cars/{p}/segment", "beyond its space's segments")
        if s.car_laps[p] > s.laps + 1:
            raise PositionError(f"cars/{p}/laps", "a car is at most one lap past the finish")
        spot = (s.car_space[p], s.car_seg[p])
        if spot in taken:
            raise PositionError(f"cars/{p}", "one car per segment (RA3)")
        taken.add(spot)


def _check_turn(s: State) -> None:
    # the race's end is read once the turn is over: a driver may still move the car that just
    # finished (Josh Trin, Juan Goody, AU-69, AU-74), and the cars behind a Crate Engine move
    # first (AU-59)
    over = rules.race_over(s) and not _in_turn(s) and s.effect[:1] != (board.CRATE,)
    if (s.phase == "over") != over:
        raise PositionError("phase", "the race is over exactly when a car has finished and "
                                     "every player has had the same turns (AU-22)")
    if s.phase in ("cards", "order", "drivers", "driver", "prebuy", *_BREAK) and s.turn:
        raise PositionError("turn", "no turn is taken before the race (AU-11)")
    if s.phase == "buy" or s.phase in ("card", "draw") and s.flags & board.BUYING:
        cubes = s.cfg.cubes
        value = sum(cubes[c].value * k for c, k in enumerate(s.active[s.mover]))
        if s.money > value:
            raise PositionError("money", f"at most the ${value} of the active pile (AU-14)")
    elif s.phase == "sponsor" and s.effect[:1] == (sponsors.MONEY,):
        if s.money > max(max(k.top for k in s.cfg.sponsors),
                         s.cfg.money_per_cube * s.cfg.sponsors[s.effect[1]].top):
            raise PositionError("money", "at most a sponsor's money (AU-79, AU-84)")
    elif s.phase != "prebuy" and s.money:
        raise PositionError("money", "money is only held in a buy phase (AU-14)")


def _check_route(s: State) -> None:
    """The route is a chain of legal placements from the mover's car, its gears on the used
    pile (AU-12, RA3); with Redline a white cube may stand on any colour (AU-47), with Fuel
    Injection a gear cube on two spaces (AU-60). While Adrenaline's move waits in the car phase
    (AU-66) the car has moved onto the route already: it stands on one of its spaces."""
    if not _in_turn(s):
        if s.route or s.playing != -1:
            raise PositionError("route", "cubes are on the track only during a turn (AU-19)")
        return
    track = s.track_spec
    space, laps = s.car_space[s.mover], s.car_laps[s.mover]
    seg_before = s.car_seg[s.mover]
    car_phase = bool(s.flags & board.CAR_PHASE)
    driving = s.phase == "card" and s.effect[:1] == (board.DRIVE,)
    if driving and s.route:  # Josh Trin or Juan Goody moves the car on from its last cube
        car_phase = True
        space, laps, seg_before = s.route[0][1], s.route[0][3], s.route[0][2]
    elif car_phase:
        if not any((b, seg, b_laps) == (space, s.car_seg[s.mover], laps)
                   for _, b, seg, b_laps in s.route):
            raise PositionError("route", "in the car phase the car stands on its route (AU-16)")
        space, laps, seg_before = s.route[0][1], s.route[0][3], s.route[0][2]
    counts = [0] * len(CUBES)
    for i, (cube, b, seg, b_laps) in enumerate(s.route):
        wraps = dict(board.successors(s, space, seg_before)).get(b) \
            if b < len(track.spaces) else None
        if car_phase and i == 0:
            wraps = 0
        wrong_colour = cube in GEARS and track.spaces[b].colour != cube and not (
            cube == WHITE and s.flags & board.REDLINE)
        if cube not in (*GEARS, RED, BLUE, GREEN) or wraps is None or wrong_colour \
                or b_laps != laps + wraps:
            raise PositionError(f"route/{i}", "a gear cube on a space of its colour directly or "
                                              "diagonally ahead of the one before (AU-12)")
        mover_there = (s.car_space[s.mover], s.car_seg[s.mover]) == (b, seg)
        if seg >= track.spaces[b].length or any(
                (s.car_space[p], s.car_seg[p]) == (b, seg) for p in range(s.players)
                if p != s.mover or not (car_phase and mover_there)):
            raise PositionError(f"route/{i}", "on a free segment of its space (RA3)")
        if not car_phase and seg not in board.open_segments(s, b, None, (space, seg_before)):
            raise PositionError(f"route/{i}", "without Weaving a cube stands on the furthest "
                                              "free segment of its space, with Weaving on a "
                                              "free segment ahead (AU-23, RA3)")
        space, laps, seg_before = b, b_laps, seg
        counts[cube] += 1
    if s.playing != -1:
        counts[s.playing] += 1
    per_cube = 2 if s.flags & board.FUEL else 1
    if any(counts[c] > per_cube * s.used[s.mover][c] for c in GEARS):
        raise PositionError("route", "every gear cube on the track is on the used pile (AU-12)")
    if (s.phase == "place") != (s.playing in GEARS):
        raise PositionError("playing", "a gear cube waits for its space exactly in the place "
                                       "phase (AU-12)")


#: The card each turn flag needs in play (AU-41, AU-47, AU-60, AU-66).
_FLAG_CARDS = ((board.AERO, "aerodynamics"), (board.REDLINE, "redline"),
               (board.FUEL, "fuel_injection"), (board.ADRENALINE, "adrenaline"),
               (board.CAR_PHASE, "adrenaline"))


def _check_flags(s: State) -> None:
    """The turn's flags and Crate Engine count: only during a turn, only for cards in play,
    the Crate Engine cubes on the used pile (AU-41, AU-47, AU-59, AU-60, AU-66)."""
    in_play = {s.cfg.cards[c].id for c in s.cards}
    if not _in_turn(s) and s.flags:
        raise PositionError("flags", "the turn's card effects end with its end phase (AU-19)")
    for bit, card in _FLAG_CARDS:
        if s.flags & bit and card not in in_play:
            raise PositionError("flags", f"{card} is not in play")
    if s.flags & board.CAR_PHASE and not (s.flags & board.ADRENALINE and s.phase == "card"
                                          and s.effect[:2] == (board.MOVE, GREEN)):
        raise PositionError("flags", "Adrenaline's car-phase move is a green cube moving (AU-66)")
    driver = s.drivers[s.mover] if s.drivers and s.flags else -1
    if s.flags & (board.POWER_USED | board.BUYING | board.DROVE) and not s.drivers:
        raise PositionError("flags", "the drivers' flags need drivers (AU-24)")
    if s.flags & board.DROVE and driver != cards.JUAN:
        raise PositionError("flags", "only Juan Goody moves 1 more space (AU-74)")
    if s.flags & board.BUYING and not (driver in cards.BUY_POWERS
                                       and s.phase in ("card", "draw")):
        raise PositionError("flags", "a buy-phase power in progress is Mag Matthews's or Kali "
                                     "Bauer's (AU-72, AU-73)")
    if s.crate and (not _in_turn(s) or "crate_engine" not in in_play
                    or s.crate > s.used[s.mover][BLUE]):
        raise PositionError("crate", "Crate Engine cubes played this turn, on the used pile "
                                     "(AU-59)")


def _check_effect(s: State) -> None:
    """A card effect is in progress exactly in the card phase, or while a card draws; its
    fields have their shapes (docs/position-format-automobiles.md)."""
    e = s.effect
    if s.phase == "card":
        if not e or e[0] not in range(len(_EFFECT_SHAPES)):
            raise PositionError("effect", "a card choice in progress (its kind first)")
        if e[0] in board.GENERIC_KINDS:
            _check_generic_effect(s)
            return
        ok = (e[0] == board.MOVE and len(e) == 6
              and (e[1] in (RED, BLUE, GREEN) or (e[1] in GEARS and s.flags & board.FUEL))
              and 1 <= e[2] <= 99 and 1 <= e[3] <= board.ALL_GEARS and e[4] in (0, 1)
              and e[5] in (0, 1)) \
            or (e[0] in (board.MANAGER_REMOVE, board.MANAGER_RETURN) and len(e) == 1)
        if not ok:
            raise PositionError("effect", "a card choice in progress: [0, cube, steps, colours, "
                                          "optional, same], [1] or [2]")
        colour = e[1] if e[0] == board.MOVE else YELLOW
        if not s.used[s.mover][colour]:
            raise PositionError("effect", "the card's cube is on the used pile (AU-12)")
        if e[0] != board.MOVE and _card_id(s, YELLOW) != "manager":
            raise PositionError("effect", "Manager's choices need Manager in play")
    elif s.phase == "draw" and e:
        if e[0] in (board.DRAWS, board.FORCED):
            _check_generic_effect(s)
            end_draw = len(e) == 6 and e[1] >= len(s.cfg.cards) and e[2] == 0 \
                and e[1] - len(s.cfg.cards) in (cards.MIKE, cards.NATHAN, cards.KAIA)
            mag = len(e) == 6 and e[0] == board.DRAWS and e[1] == len(s.cfg.cards) + cards.MAG \
                and s.drawing[:1] and s.drawing[0][0] == e[5] \
                and 1 <= s.drawing[0][1] <= cards.MAG_MAX  # AU-72: up to 3 at once
            if s.drawing[:1] != ((e[5], 1),) and not mag \
                    and not (end_draw and s.drawing[0][0] == e[5]):
                raise PositionError("drawing", "a card's draw: the seat drawing 1 (AU-19)")
            return
        if len(e) != 2 or e[0] != board.CREW_CHIEF or e[1] not in (-1, *range(len(CUBES))) \
                or s.drawing[:1] != ((s.mover, 1),) or not s.used[s.mover][PURPLE] \
                or _card_id(s, PURPLE) != "crew_chief":
            raise PositionError("effect", "a card draws during a turn: Crew Chief [3, cube "
                                          "drawn or -1], the mover drawing 1 (AU-48)")
    elif s.phase == "sponsor" and e:
        _check_sponsor_effect(s)
    elif e:
        raise PositionError("effect", "no card effect outside the card phase and a card's draws")


#: The shape of each kind of effect, for the error messages.
_EFFECT_SHAPES = ("[0, cube, steps, colours, optional, same]", "[1]", "[2]", "[3, cube]",
                  *(["[kind, card, stage, left, count, seat]"] * len(board.GENERIC_KINDS)))


def _card_id(s: State, colour: int) -> str:
    return next(s.cfg.cards[c].id for c in s.cards if s.cfg.cards[c].colour == colour)


def _check_generic_effect(s: State) -> None:
    """``[kind, card, stage, left, count, seat]``: a card in play that makes this kind of
    choice, its stage one it has, the seat deciding the mover (another player only for Boost's
    draws and a Crate Engine's cars behind), its cube on the used pile."""
    e, n = s.effect, s.players
    if len(e) != 6:
        raise PositionError("effect", "[kind, card, stage, left, count, seat]")
    kind, card, stage, left, count, seat = e
    if card >= len(s.cfg.cards):
        _check_driver_effect(s)
        return
    if card not in s.cards:
        raise PositionError("effect/1", "a card in play")
    card_id = s.cfg.cards[card].id
    allowed = cards.KINDS.get(card_id, ()) + ((board.CRATE,) if card_id == "crate_engine"
                                               else ())
    if kind not in allowed:
        raise PositionError("effect/0", f"{s.cfg.cards[card].en} makes no such choice")
    if not 0 <= seat < n or not 0 <= left <= cards.MANY or count < 0:
        raise PositionError("effect", "a seat of the game, at most 99 left, a count >= 0")
    if kind == board.CRATE:
        behind = stage
        if not 0 < behind < 1 << n or not behind >> seat & 1 or not 1 <= left <= count \
                or count > s.cfg.cubes[BLUE].stock:
            raise PositionError("effect", "Crate Engine: the seats still to move include the "
                                          "one moving, 1 to k spaces left of k (AU-59)")
        return
    if kind == board.PICK and (card_id, stage) not in cards.PICKS:
        raise PositionError("effect/2", f"{s.cfg.cards[card].en} has no such stage")
    others = kind == board.DRAWS and card_id == "boost" and stage > 0
    if (seat != s.mover) != others or (others and not stage < n) \
            or (others and seat != s.order[(s.turn + stage) % n]):
        raise PositionError("effect/5", "the mover decides (Boost's other players in turn "
                                        "order, AU-62)")
    if stage > (n if card_id == "boost" else 1):
        raise PositionError("effect/2", f"{s.cfg.cards[card].en} has no such stage")
    colour = s.cfg.cards[card].colour
    if card_id != "performance_test" and not s.used[s.mover][colour]:
        raise PositionError("effect", "the card's cube is on the used pile (AU-12)")


#: The effects each driver's power makes, and when: in the seat's own turn, or after its end
#: phase (the seat just ended its turn; AU-69..AU-78).
_DRIVER_EFFECTS = {
    cards.JOSH: ((board.DRIVE,), "turn"), cards.JUAN: ((board.DRIVE,), "turn"),
    cards.DAVID: ((board.PICK,), "turn"), cards.EILEEN: ((board.PICK,), "turn"),
    cards.KALI: ((board.PICK,), "turn"), cards.MAG: ((board.DRAWS, board.PICK), "turn"),
    cards.MICAH: ((board.PICK,), "end"), cards.MIKE: ((board.DRAWS,), "end"),
    cards.NATHAN: ((board.DRAWS,), "end"), cards.KAIA: ((board.FORCED, board.PICK), "end"),
}


def _check_driver_effect(s: State) -> None:
    """A driver's power in progress: the seat deciding holds that driver; the power's kind and
    stage are its own; a power of the turn is the mover's, one of the end phase the seat that
    just ended its turn (AU-69..AU-78)."""
    kind, card, stage, left, count, seat = s.effect
    driver = card - len(s.cfg.cards)
    if not s.drivers or driver >= len(s.cfg.drivers) or not 0 <= seat < s.players \
            or s.drivers[seat] != driver:
        raise PositionError("effect/1", "a driver held by the seat deciding (AU-24)")
    kinds, when = _DRIVER_EFFECTS[driver]
    source = cards.DRIVER_IDS[driver]
    if kind not in kinds or (kind == board.PICK and (source, stage) not in cards.PICKS):
        raise PositionError("effect/0", f"{s.cfg.drivers[driver]} makes no such choice")
    ended = s.order[(s.turn - 1) % s.players] if s.turn else -1
    if seat != (s.mover if when == "turn" else ended):
        raise PositionError("effect/5", f"{s.cfg.drivers[driver]}'s power is used in its "
                                        + ("own turn" if when == "turn" else "end phase"))
    if kind == board.DRIVE:
        mask = 1 << LIGHTGREY if driver == cards.JOSH else board.ALL_GEARS
        if (stage, count) != (mask, int(driver == cards.JUAN)) or not 1 <= left <= 4:
            raise PositionError("effect", "Josh Trin: light grey, up to the wear gained; Juan "
                                          "Goody: 1 space of any colour (AU-69, AU-74)")
    elif not 0 <= left <= cards.MANY or not 0 <= count < 4 ** len(CUBES) or stage > 2:
        raise PositionError("effect", "a stage of the power, at most 99 left, a count")
    if when == "turn" and driver in (*cards.BUY_POWERS, *cards.ACTION_POWERS) \
            and not s.flags & board.POWER_USED:
        raise PositionError("flags", "a power in progress has been used this turn")


def _check_drivers(s: State) -> None:
    """The drivers (AU-24, RA7): none, or one entry per seat; distinct; dealt players + 1 by
    chance, then taken from the last grid position forward; all taken once the race begins;
    ``gained`` only between a turn's wear and end phases."""
    n, known = s.players, range(len(s.cfg.drivers))
    if s.gained and not (s.phase == "card" and s.effect[:1] in ((board.DRIVE,), (board.CRATE,))):
        raise PositionError("gained", "the wear phase's wear is kept only for Josh Trin's move "
                                      "and the end phase after it (AU-69, AU-75)")
    if not s.drivers:
        if s.pool or s.phase in ("drivers", "driver"):
            raise PositionError("drivers", "a game without drivers has none on offer")
        return
    if len(s.drivers) != n or any(d != -1 and d not in known for d in s.drivers):
        raise PositionError("drivers", f"one driver 0-9 or -1 per seat ({n})")
    taken = [d for d in s.drivers if d >= 0]
    if len(set(taken)) != len(taken) or len(set(s.pool)) != len(s.pool) \
            or set(s.pool) & set(taken) or any(d not in known for d in s.pool):
        raise PositionError("pool", "distinct drivers, none taken twice")
    setup = s.phase in ("cards", "order", "drivers")
    if setup and (taken or len(s.pool) > n + (s.phase == "drivers")):
        raise PositionError("pool", "players + 1 drivers are dealt, then taken (RA7)")
    if s.phase == "driver":
        if len(s.pool) + len(taken) != n + 1 or len(taken) >= n \
                or any(s.drivers[s.order[n - 1 - k]] < 0 for k in range(len(taken))):
            raise PositionError("drivers", "taken from the last grid position forward (RA7)")
    elif not setup and len(taken) != n:
        raise PositionError("drivers", "every seat has its driver once the race begins")
    elif not setup and s.pool:
        raise PositionError("pool", "the driver left over is put away once all are taken")


def _check_season(s: State) -> None:
    """A season (AU-25..AU-28, RA7): 3 to 10 races or a single race; the race in progress one
    of them; points per seat, as many in all as the races finished award; the setup (cards,
    order, drivers, buying) only before the first race."""
    cfg, n = s.cfg, s.players
    if s.races != 1 and not cfg.min_races <= s.races <= cfg.max_races:
        raise PositionError("races", f"1, or {cfg.min_races} to {cfg.max_races} (AU-25)")
    if not 0 <= s.race < s.races:
        raise PositionError("race", f"a race of the season (0 to {s.races - 1})")
    if len(s.points) != n or any(not 0 <= k <= cfg.points[0] * s.races for k in s.points):
        raise PositionError("points", f"one per seat ({n}), at most {cfg.points[0]} a race")
    done = s.race + (1 if s.phase in ("over", *_BREAK) else 0) if s.races > 1 else 0
    if sum(s.points) != done * sum(cfg.points[:n]):
        raise PositionError("points", f"{done} race(s) finished award "
                                      f"{done * sum(cfg.points[:n])} points in all (RA7)")
    if s.race and s.phase in ("cards", "order", "drivers", "driver", "prebuy"):
        raise PositionError("race", "the setup and buying before the race come only before "
                                    "the first race (AU-28)")


#: The phases of the break between the races of a season with sponsors (AU-26).
_BREAK = ("sponsors", "sponsor")


def _check_sponsors(s: State) -> None:
    """The sponsors (AU-26, RA7): only in a season; none, or one entry per seat, distinct;
    players + 1 on offer while they are chosen, fewer by one for each sponsor taken or
    discarded; the break only in a season with sponsors, after a race that is not its last."""
    n, known = s.players, range(len(s.cfg.sponsors))
    if s.sponsored and s.races == 1:
        raise PositionError("sponsored", "sponsors come with a season (AU-26)")
    if not s.sponsored:
        if s.sponsors or s.offer or s.phase in _BREAK:
            raise PositionError("sponsors", "a game without sponsors has none")
        return
    if len(s.sponsors) != n or any(k != -1 and k not in known for k in s.sponsors):
        raise PositionError("sponsors", f"one sponsor 0-17 or -1 per seat ({n})")
    held = [k for k in s.sponsors if k >= 0]
    if len(set(held)) != len(held) or len(set(s.offer)) != len(s.offer) \
            or any(k not in known for k in s.offer):
        raise PositionError("offer", "distinct sponsors 0-17")
    if s.race == 0 and s.phase not in _BREAK and held:
        raise PositionError("sponsors", "sponsors are chosen after the first race (AU-26)")
    if s.phase not in _BREAK:
        if s.offer:
            raise PositionError("offer", "the sponsors on offer are put back once the race "
                                         "begins")
        return
    if s.race + 1 >= s.races:
        raise PositionError("race", "sponsors are chosen between races, not after the last "
                                    "(AU-26)")
    chosen = [s.order[k] for k in range(min(s.buyer, n))]
    if s.phase == "sponsor" and s.effect:
        chosen.append(s.order[s.buyer])
    if set(s.offer) & {s.sponsors[p] for p in range(n) if p not in chosen}:
        raise PositionError("offer", "a sponsor held from the last race is not dealt again")
    if s.phase == "sponsors":
        if len(s.offer) > n:
            raise PositionError("offer", "players + 1 sponsors are dealt (RA7)")
        return
    expect = n + 1 - s.buyer - (1 if s.effect and s.effect[0] != sponsors.DISCARD else 0)
    if len(s.offer) != expect:
        raise PositionError("offer", f"players + 1 dealt, one fewer for each taken or "
                                     f"discarded: {expect} now (AU-26, RA7)")
    if any(s.sponsors[p] < 0 for p in chosen):
        raise PositionError("sponsors", "each player in finishing order has his sponsor")


def _check_sponsor_effect(s: State) -> None:
    """``[stage, sponsor, left, count]``: the chooser's sponsor, a stage its kind has, the
    numbers within its tier (AU-79..AU-84)."""
    e = s.effect
    if len(e) != 4 or not 0 <= e[0] < len(sponsors.STAGES) or s.buyer >= s.players:
        raise PositionError("effect", "a sponsor's effect: [stage, sponsor, left, count]")
    stage, k, left, count = e
    seat = s.order[s.buyer]
    if s.sponsors[seat] != k:
        raise PositionError("effect/1", "the sponsor of the player choosing")
    letter = s.cfg.sponsors[k].letter
    stages = {"A": (sponsors.MONEY,), "B": (sponsors.EXTRA,), "C": (), "D": (sponsors.FREE,),
              "E": (sponsors.WEAR_STAGE,), "F": (sponsors.EXTRA, sponsors.MONEY)}[letter]
    if stage not in (sponsors.DISCARD, sponsors.REMOVE, *stages):
        raise PositionError("effect/0", f"{s.cfg.sponsors[k].en} has no such stage")
    most = s.cfg.sponsor_removal * s.cfg.sponsors[k].top + s.cfg.sponsor_removal
    if not 0 <= left <= most or not 0 <= count <= most:
        raise PositionError("effect", f"at most {most} left and counted")


def _check_decision(s: State) -> None:
    """The position is one the engine stops at: the end, or a decision with a choice."""
    if s.phase == "over":
        return
    if len(s.legal) < 2:
        raise PositionError("phase", f"the {s.phase} decision has {len(s.legal)} legal option(s);"
                                     " a decision with one option is taken at once")


# --- observations and replays -----------------------------------------------------------------
def observation(s: State, player: int) -> dict[str, Any]:
    """What ``player`` may see: the position with ``hidden_paths`` set to None."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
        raise ValueError(f"no player {player!r} in a {s.players}-player game")
    view = hide(state_to_dict(s), hidden_paths(s, player))
    view["observer"] = player
    return view


def hidden_paths(s: State, player: int) -> list[str]:
    """The seed and the draw counter: they fix the bag's order, the only thing the game hides
    (every pile's contents are public)."""
    return ["seed", "draws"]


def replay_to_json(players: int, seed: int, actions: list[str], track: str = "daytona",
                   cards: str | Sequence[str] = "standard", laps: int | None = None,
                   weaving: bool = False, drivers: bool = False,
                   season: int | None = None) -> str:
    """A replay file: the game's parameters (``cards`` a set's name, ``"random"`` or five card
    names), its seed and every decision taken, as text."""
    cfg = config_for(players)
    listed = cards if isinstance(cards, str) else [cfg.card_named(c).id for c in cards]
    return json.dumps({"format": REPLAY_FORMAT, "version": REPLAY_VERSION, "game": NAME,
                       "players": players, "seed": seed, "track": track, "cards": listed,
                       "laps": laps if laps is not None else cfg.default_laps,
                       "weaving": weaving, "drivers": drivers, "season": season,
                       "actions": actions})


def state_replay_to_json(s: State, actions: list[str]) -> str:
    """The replay file of the game ``s`` (``kw play --replay``): its own settings (players,
    seed, track, the card set actually used as five card ids, laps, Weaving, drivers, the
    season and its sponsors) and every decision taken, as text. A card set dealt by chance
    (AU-08) is marked ``"cards_dealt": true`` and dealt again on replay (the deal draws from
    the seed), then checked against the five ids."""
    data = json.loads(replay_to_json(
        s.players, s.seed if s.seed is not None else 0, actions, track=s.track,
        cards=[s.cfg.cards[c].id for c in s.cards], laps=s.laps, weaving=s.weaving,
        drivers=bool(s.drivers), season=s.races if s.races > 1 else None))
    data["seed"] = s.seed
    data["sponsors"] = s.sponsored
    if s.drivers and s.races == 1:  # drivers in a single race: the house rule (AU-24)
        data["house_drivers_single_race"] = True
    if _cards_dealt(s):
        data["cards_dealt"] = True
    return json.dumps(data)


def _cards_dealt(s: State) -> bool:
    """Whether the card set of ``s`` was dealt by chance (its deal is in the log, AU-08)."""
    if len(s.cards) != len(ACTION_COLOURS):
        return False
    return any(isinstance(e, ev.CardDealt) and e.card == s.cards[0] for e in s.events[:5])


def replay_from_json(text: str | bytes) -> State:
    """Replay a game from a replay file, each action checked; PositionError on a bad file."""
    from . import card_set, new_game

    data = parse_json(text)
    check_envelope(data, REPLAY_FORMAT, (REPLAY_VERSION,), NAME, DEFAULT_GAME)
    cfg = config_for(2)
    check_replay_fields(data, range(cfg.min_players, cfg.max_players + 1),
                        f"Automobiles is played by {cfg.min_players} to {cfg.max_players}")
    if data.get("track") not in cfg.tracks:
        raise PositionError("track", f"one of {', '.join(cfg.tracks)}")
    cards = data.get("cards")
    try:
        if not (isinstance(cards, str) or (isinstance(cards, list)
                                           and all(isinstance(c, str) for c in cards))):
            raise ValueError("a set's name, \"random\" or five card ids")
        card_set(cards)
    except ValueError as exc:
        raise PositionError("cards", str(exc)) from None
    laps = data.get("laps")
    if type(laps) is not int or not 1 <= laps <= cfg.max_laps:
        raise PositionError("laps", f"a whole number from 1 to {cfg.max_laps}")
    try:
        weaving = data.get("weaving", False)
        if not isinstance(weaving, bool):
            raise PositionError("weaving", "true or false")
        drivers, season = data.get("drivers", False), data.get("season")
        if not isinstance(drivers, bool):
            raise PositionError("drivers", "true or false")
        if season is not None and type(season) is not int:
            raise PositionError("season", "null or a number of races")
        sponsored, dealt = data.get("sponsors", False), data.get("cards_dealt", False)
        house = data.get("house_drivers_single_race", False)
        if not isinstance(house, bool):
            raise PositionError("house_drivers_single_race", "true or false")
        if not isinstance(sponsored, bool):
            raise PositionError("sponsors", "true or false")
        if not isinstance(dealt, bool):
            raise PositionError("cards_dealt", "true or false")
        state = new_game(data["players"], data["seed"],
                         cards="random" if dealt else data["cards"], track=data["track"],
                         laps=laps, weaving=weaving, drivers=drivers, season=season,
                         sponsors=sponsored, house_drivers_single_race=house)
        if dealt and len(state.cards) == len(ACTION_COLOURS) \
                and [cfg.cards[c].id for c in state.cards] != data["cards"]:
            raise PositionError("cards", "the seed deals another card set")
        for action in data["actions"]:
            state.apply(action)
    except PositionError:
        raise
    except ValueError as exc:
        if isinstance(exc, GameError):
            raise PositionError("actions", str(exc)) from None
        raise PositionError("season", str(exc)) from None
    except GameError as exc:
        raise PositionError("actions", str(exc)) from None
    return state


__all__ = ["FORMAT", "PHASES", "REPLAY_FORMAT", "VERSION", "hidden_paths", "observation",
           "replay_from_json", "replay_to_json", "schema", "state_from_dict", "state_from_json",
           "state_to_dict", "state_to_json"]
