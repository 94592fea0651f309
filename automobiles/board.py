"""Automobiles' board and piles: what the turn's rules (``rules``) and the cards' effects
(``cards``) share, so neither imports the other's internals (STYLE 21: ``rules`` imports
``cards``, both import this module, no circle).

The pile arithmetic on count tuples, the log, the position order (RA4), where a cube may go
(AU-12, AU-23, RA3), a cube put on the track, wear gained from the stock (AU-33, RA2), and the
names of the card effects in progress (``state.effect[0]``) and of the turn's flags.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, ParamSpec

from . import events as ev
from .config import CUBES, WEAR, config_for
from .state import LOG_CHUNK, LOG_LIMIT

P = ParamSpec("P")

if TYPE_CHECKING:
    from gamecore.events import Event

    from .state import Counts, State


class _Tables:
    """One track's space data as flat tuples, built once at import: the hot paths (the
    position order, free segments, where a cube may go) index these instead of reaching
    through ``state.track_spec`` to a ``SpaceSpec`` for every car and space."""

    __slots__ = ("units", "starts", "lanes", "colours", "lengths", "successors", "weave")

    def __init__(self, track_name: str) -> None:
        track = config_for(2).tracks[track_name]
        self.units = track.units
        self.starts = tuple(b.start for b in track.spaces)
        self.lanes = tuple(b.lane for b in track.spaces)
        self.colours = tuple(b.colour for b in track.spaces)
        self.lengths = tuple(b.length for b in track.spaces)
        self.successors = track.successors
        self.weave = track.weave


#: Per track name its tables (the configuration is loaded once, so they never go stale).
TABLES = {name: _Tables(name) for name in config_for(2).tracks}

#: The kinds of card effect in progress (``state.effect[0]``). The first four keep the shapes
#: of position version 2: a card's cube moving space by space ``(MOVE, cube, steps left, colour
#: mask, optional, same colour)``; Manager's two choices; Crew Chief's draws ``(CREW_CHIEF, the
#: cube just drawn or -1)``. The others are ``(kind, card index, stage, left, count, seat)``:
#: PICK choose cubes one at a time from piles; DRAWS draw one more or stop; FORCED draws that
#: must be made; OPTION one of two options; BUY_ONE buy exactly one cube (Pit Team); CRATE a
#: car behind moving out of turn (Crate Engine). ``seat`` decides.
MOVE, MANAGER_REMOVE, MANAGER_RETURN, CREW_CHIEF, PICK, DRAWS, FORCED, OPTION, BUY_ONE, CRATE, \
    DRIVE = range(11)
#: DRIVE: a driver moves the car itself, space by space (Josh Trin, Juan Goody), ``(DRIVE,
#: driver source, colour mask, left, then, seat)`` with ``then`` 1 when the wear phase follows.
GENERIC_KINDS = (PICK, DRAWS, FORCED, OPTION, BUY_ONE, CRATE, DRIVE)
#: The turn's flags (``state.flags``): Aerodynamics (AU-41), Redline (AU-47), Fuel Injection
#: (AU-60), Adrenaline's second option (AU-66), and Adrenaline's move pending in the car phase.
AERO, REDLINE, FUEL, ADRENALINE, CAR_PHASE = 1, 2, 4, 8, 16
#: The drivers' flags: the power used this turn, a power in progress in the buy phase, Juan
#: Goody's move made (counted by the wear phase).
POWER_USED, BUYING, DROVE = 32, 64, 128
ALL_FLAGS = 255
ALL_GEARS = 0b1111

#: Cube names in the log: their one plain name (``config.CubeSpec.en``: "light grey").
CUBE_WORDS = tuple(c.en for c in config_for(2).cubes)
#: The piles a card's choice names (``Choose(pile, cube)``).
ACTIVE, DISCARD, USED, BAG = range(4)
PILE_FIELDS = ("active", "discard", "used", "bag")


def name(seat: int) -> str:
    """A player's name in the log."""
    return f"Player {seat}"


def cubes_text(cube: int, k: int) -> str:
    """``k`` cubes of one colour in words ("3 dark-grey cubes")."""
    return f"{k} {CUBE_WORDS[cube]} cube" + ("" if k == 1 else "s")


def log(s: State, event: Callable[P, Event], *fields: P.args, **_: P.kwargs) -> None:
    """Add one event to the race's log: its class (automobiles.events) and its fields, checked
    against the class's signature by mypy and kept as the record ``(class, field, ...)`` until
    the log is read (``State.events`` makes the frozen events, ``automobiles.render`` their
    words). A record costs a third of a frozen dataclass's construction, which would make the
    engine slower per decision than the English lines it replaces. A full tail becomes a
    shared chunk, and a log grown past ``LOG_LIMIT`` is cut (``State.cut_log``)."""
    tail = s.log_tail + ((event, *fields),)
    if len(tail) == LOG_CHUNK:
        s.log_chunks, s.log_tail = s.log_chunks + (tail,), ()
        if len(s.log_chunks) * LOG_CHUNK > LOG_LIMIT:
            s.cut_log()
    else:
        s.log_tail = tail


def add(counts: Counts, cube: int, k: int) -> Counts:
    """``counts`` with ``k`` more cubes of colour ``cube``."""
    return counts[:cube] + (counts[cube] + k,) + counts[cube + 1:]


def total(*piles: Counts) -> Counts:
    """The piles added colour by colour."""
    return tuple(map(sum, zip(*piles, strict=True)))


def with_(piles: tuple[Counts, ...], seat: int, counts: Counts) -> tuple[Counts, ...]:
    """``piles`` with seat ``seat``'s pile replaced."""
    return piles[:seat] + (counts,) + piles[seat + 1:]


def set_(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    """``values`` with seat ``seat``'s value replaced."""
    return values[:seat] + (value,) + values[seat + 1:]


def pile(s: State, which: int, seat: int) -> Counts:
    """One pile of one seat (``ACTIVE``, ``DISCARD``, ``USED`` or ``BAG``)."""
    piles: tuple[Counts, ...] = getattr(s, PILE_FIELDS[which])
    return piles[seat]


def move_cube(s: State, seat: int, cube: int, source: int, dest: int | None) -> None:
    """Move one cube of ``seat`` from pile ``source`` to pile ``dest`` (None: to the stock)."""
    field = PILE_FIELDS[source]
    setattr(s, field, with_(getattr(s, field), seat, add(pile(s, source, seat), cube, -1)))
    if dest is None:
        s.stock = add(s.stock, cube, 1)
    else:
        field = PILE_FIELDS[dest]
        setattr(s, field, with_(getattr(s, field), seat, add(pile(s, dest, seat), cube, 1)))


def gain_wear(s: State, k: int, seat: int | None = None, quiet: bool = False) -> int:
    """Gain ``k`` wear from the stock onto the used pile, what the stock holds (AU-33, RA2);
    the number gained (logged unless ``quiet``)."""
    gained = min(k, s.stock[WEAR])
    if gained:
        seat = s.mover if seat is None else seat
        s.stock = add(s.stock, WEAR, -gained)
        s.used = with_(s.used, seat, add(s.used[seat], WEAR, gained))
        if not quiet:
            log(s, ev.GainsWear, seat, gained)
    return gained


def distance(s: State, seat: int) -> int:
    """How far the car of ``seat`` has gone: laps completed times the lap's units plus the unit
    of its segment (RA3, RA4)."""
    t = TABLES[s.track]
    return s.car_laps[seat] * t.units + t.starts[s.car_space[seat]] + s.car_seg[seat]


def position_order(s: State) -> list[int]:
    """The seats from first to last: further first, then the inner lane (AU-22, RA4)."""
    t = TABLES[s.track]
    units, starts, lanes = t.units, t.starts, t.lanes
    # The keys computed in one pass (sorted keeps equal keys in seat order, as before).
    keys = [(-(laps * units + starts[b] + seg), lanes[b])
            for b, seg, laps in zip(s.car_space, s.car_seg, s.car_laps, strict=True)]
    return sorted(range(s.players), key=keys.__getitem__)


def rank(s: State, seat: int) -> int:
    """The race position of ``seat``, 1 for the first (RA4)."""
    return position_order(s).index(seat) + 1


def free_segments(s: State, space: int, seat: int | None = None) -> list[int]:
    """The segments of ``space`` no other car than ``seat``'s (default: the mover's) stands on,
    furthest first (RA3: one car per segment)."""
    me = s.mover if seat is None else seat
    car_space = s.car_space
    if space not in car_space:  # no car there (the common case): every segment is free
        return list(range(TABLES[s.track].lengths[space] - 1, -1, -1))
    car_seg = s.car_seg
    taken = {car_seg[p] for p in range(s.players) if car_space[p] == space and p != me}
    return [k for k in range(TABLES[s.track].lengths[space] - 1, -1, -1) if k not in taken]


def free_segment(s: State, space: int, seat: int | None = None) -> int:
    """The furthest free segment of ``space`` (-1 if none): without Weaving a cube goes there
    (AU-23, RA3)."""
    free = free_segments(s, space, seat)
    return free[0] if free else -1


def anchor(s: State) -> tuple[int, int, int]:
    """Where the mover's next cube starts from: the last cube placed this turn, else the car
    (AU-12): its space, segment and laps completed."""
    if s.route:
        _, space, seg, laps = s.route[-1]
        return space, seg, laps
    return s.car_space[s.mover], s.car_seg[s.mover], s.car_laps[s.mover]


def successors(s: State, space: int, seg: int) -> tuple[tuple[int, int], ...]:
    """The ``(space, wraps)`` that may follow a cube or car on ``seg`` of ``space``: the space's
    (RA3), with Weaving its segment's too (AU-23)."""
    t = TABLES[s.track]
    return t.weave[space][seg] if s.weaving else t.successors[space]


def open_segments(s: State, space: int, seat: int | None = None,
                  start: tuple[int, int] | None = None) -> list[int]:
    """The segments of ``space`` the next cube (or car) may go on, furthest first: without
    Weaving its furthest free segment (AU-23, RA3); with Weaving every free segment ahead of
    the cube or car before it (``start``, default the mover's anchor): a segment beside or
    behind it would be a move sideways or back (RA3; engine decision)."""
    free = free_segments(s, space, seat)
    if not s.weaving:
        return free[:1]
    track = s.track_spec
    at, at_seg = start if start is not None else anchor(s)[:2]
    wraps = dict(successors(s, at, at_seg)).get(space, 0)
    here = track.spaces[at].start + at_seg
    return [k for k in free if track.spaces[space].start + k + wraps * track.units > here]


def placements_in(s: State, mask: int) -> list[int]:
    """The spaces ahead (AU-12, RA3) with a free segment whose colour is in the bit ``mask``
    (bit 0 white .. bit 3 black): where the next cube, or the next step of a card's cube, may
    go. A card's cube moving several spaces goes space by space like gear cubes (engine
    decision)."""
    t = TABLES[s.track]
    space, seg, _ = anchor(s)
    colours = t.colours
    if not s.weaving:
        # Without Weaving a space is open when some segment is free: fewer other cars on it
        # than it has segments (one car per segment, RA3); no segment list needed.
        me, car_space = s.mover, s.car_space
        return [b for b, _ in t.successors[space] if mask >> colours[b] & 1
                and (b not in car_space
                     or len({s.car_seg[p] for p in range(s.players)
                             if car_space[p] == b and p != me}) < t.lengths[b])]
    return [b for b, _ in t.weave[space][seg]
            if mask >> colours[b] & 1 and open_segments(s, b)]


def place_cube(s: State, cube: int, space: int, seg: int | None = None) -> None:
    """Put ``cube`` on segment ``seg`` of ``space`` (Weaving, AU-23), by default its furthest
    free segment, counting the line crossed on the way (RA3, RA4)."""
    from_space, from_seg, laps = anchor(s)
    wraps = dict(successors(s, from_space, from_seg))[space]
    seg = free_segment(s, space) if seg is None else seg
    s.route += ((cube, space, seg, laps + wraps),)
    log(s, ev.PlaceCube, s.mover, cube, space, seg if s.weaving else -1)


def start_move(s: State, cube: int, steps: int, mask: int, optional: bool, same: bool) -> None:
    """Start moving a card's cube up to ``steps`` spaces of the colours in ``mask`` (one space
    at a time, each ahead of the one before, AU-12); ``same``: every space of the first one's
    colour."""
    if steps <= 0 or not mask:
        s.effect, s.phase = (), "action"
        return
    s.effect = (MOVE, cube, min(steps, 99), mask, int(optional), int(same))
    s.phase = "card"


def colours_in(counts: Counts) -> int:
    """How many distinct colours (cube kinds, wear included) ``counts`` holds."""
    return sum(1 for k in counts if k)


def none() -> Counts:
    """An empty pile."""
    return (0,) * len(CUBES)
