"""Automobiles drawn as SVG: the lap as a closed loop with its lanes of coloured spaces (a key
says in words what each colour is), the start/finish line, the cubes placed this turn, the cars
as small cars in their colours (the viewer's outlined and tagged "you"), the last move traced,
then each player's sheet and the five cards with their stock. The synthetic track and numbers
are flagged in plain words, without rule codes (RA1, RA3). Standard library only.

``view_svg`` is the board a player sees in the widgets (``GAME.svg_view``): the whole table's
board, then the track drawn large around the viewer's car and the car in turn (each space with
its number and colour, the cubes placed this turn in order, the spaces the engine offers now
outlined dashed green, spaces named by ``marks`` outlined red), then every player's four piles
counted by colour, with the stock and the five cards.

Every board is ``WIDTH`` units wide and shown at most ``WIDTH`` px wide (``max-width``): in the
widgets at a 1400 px window (about ``SHOWN`` px wide) a unit is a pixel, so no text is drawn
smaller than ``MIN_FONT`` px. It reads the state's public fields and its undo history (the last
move) and changes nothing.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from gamecore.loop import Loop, finish_line, move_trace

from . import rules
from .actions import Place, PlaceOn
from .config import CUBES, GEARS, WEAR, cube_name
from .render import decision_words

if TYPE_CHECKING:
    from .state import State

#: Every board's width in SVG units; it is shown at most this many px wide.
WIDTH = 900
#: About how wide the widgets show a board at a 1400 px window (measured: 927 px).
SHOWN = 920
#: The smallest font size drawn, in px at ``SHOWN``.
MIN_FONT = 12
FILL = ("#ffffff", "#c8c8c8", "#707070", "#202020")
CUBE_FILL = ("#ffffff", "#c8c8c8", "#707070", "#202020", "#8b5a2b", "#f2c500", "#d22",
             "#84c", "#27d", "#2a4")
CAR_FILL = ("#e33", "#36e", "#3b3", "#f90", "#b4b")
#: The cars' colours in words, by seat.
CAR_NAMES = ("Red", "Blue", "Green", "Orange", "Purple")
_CAR_TEXT = ("#fff", "#fff", "#000", "#000", "#fff")
#: The outline and tag of the viewer's own car.
MINE = "#e0007a"
LINE = 16  # a text line's height on the table board
#: The note every drawing of Automobiles' data carries (RA1, RA3: the seed gives no track, cube
#: costs or values), in plain words: a player reads no rule code on a board.
SYNTHETIC = "synthetic data (made-up track, cube costs and values)"
#: Plain words for the cube kinds, in ``CUBES`` order: their one name (``config.cube_name``).
WORDS = tuple(cube_name(c) for c in range(len(CUBES)))
#: A space's colour in words (AU-03 to AU-06): the gear cube's name that moves onto it.
SPACE_WORDS = WORDS[:4]
_LANE_W = 22  # a lane's width on the loop
_LOOP = {"straight": 500.0, "radius": 90.0}


# --- the whole table ---------------------------------------------------------------------------
def board_svg(s: State, viewer: int | None = None) -> str:
    """The position as one self-contained SVG string: the loop with the cars (``viewer``'s
    marked), then a line per player, the cards and the stock."""
    cfg, track = s.cfg, s.track_spec
    out = [f'<text x="8" y="20" font-size="14" font-weight="bold">'
           f'{html.escape(decision_words(s))}</text>',
           f'<text x="8" y="38" font-size="12" fill="#a00">{html.escape(track.title)}: '
           f'{SYNTHETIC}</text>']
    lanes = track.lanes * _LANE_W
    margin = lanes + 34
    loop = Loop(WIDTH / 2, 70 + margin + _LOOP["radius"], _LOOP["straight"], _LOOP["radius"])
    bottom = round(loop.cy + _LOOP["radius"] + margin) - 10
    out.append(f'<rect x="4" y="46" width="{WIDTH - 8}" height="{bottom - 46}" rx="14" '
               'fill="#f4f8f1"/>')
    out.append(_circuit(s, loop, viewer))
    y = bottom + 4
    for p in range(s.players):
        y += LINE
        piles = " | ".join(f"{name} {sum(pile[p])}" for name, pile in (
            ("bag", s.bag), ("active", s.active), ("used", s.used), ("discard", s.discard)))
        sponsor = (f"; {cfg.sponsors[s.sponsors[p]].en} (tier numbers synthetic)"
                   if s.sponsored and s.sponsors[p] >= 0 else "")
        out.append(f'<text x="8" y="{y}" fill="{_dark(p)}">{html.escape(rules.name(p))} '
                   f'({CAR_NAMES[p]} car): lap {min(s.car_laps[p] + 1, s.laps)}/{s.laps}; '
                   f'{piles}{html.escape(sponsor)}</text>')
    cards = "  ".join(f"{cfg.cards[c].en} ({s.stock[cfg.cards[c].colour]} left)"
                      for c in s.cards)
    out.append(f'<text x="8" y="{y + LINE}">{html.escape(cards)}</text>')
    gears = "  ".join(f"{WORDS[c]} {s.stock[c]}" for c in range(5))
    out.append(f'<text x="8" y="{y + 2 * LINE}">{html.escape("stock: " + gears)}</text>')
    return _svg(y + 2 * LINE + 8, "\n".join(out), "au-board", 13)


def _dark(seat: int) -> str:
    """A darker shade of the seat's colour, for text on white."""
    return ("#b11", "#23a", "#1a701a", "#a55c00", "#838")[seat]


def _svg(height: float, body: str, cls: str, font: int | None = None) -> str:
    size = f' font-size="{font}"' if font else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" '
            f'viewBox="0 0 {WIDTH} {height:g}" width="100%" style="max-width:{WIDTH}px" '
            f'font-family="sans-serif"{size}>{body}</svg>')


def _circuit(s: State, loop: Loop, viewer: int | None) -> str:
    """The loop: its spaces by colour, unit numbers, the line, the cubes, the last move, the
    cars, the "you" tag and the key in the infield."""
    track = s.track_spec
    lanes, units = track.lanes * _LANE_W, track.units
    gap = 0.8 / loop.perimeter
    out = [f'<path class="loop" d="{loop.outline(-6)}" fill="none" stroke="#b9d3ad"/>',
           f'<path d="{loop.band(0, 1, -3, lanes + 3)}" fill="#8a8a8a"/>']
    for sp in track.spaces:
        d0 = sp.lane * _LANE_W + 1
        band = loop.band(sp.start / units + gap, sp.end / units - gap, d0, d0 + _LANE_W - 2)
        out.append(f'<path d="{band}" fill="{FILL[sp.colour]}">'
                   f'<title>space {sp.index}, {WORDS[sp.colour]}</title></path>')
    for u in range(0, units, 5):
        x, y = loop.point((u + 0.5) / units, -11)
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="12" '
                   f'fill="#555">{u}</text>')
    out.append(finish_line(loop, lanes))
    for cube, b, seg, _ in s.route:
        sp = track.spaces[b]
        x, y = loop.point((sp.start + seg + 0.5) / units, (sp.lane + 0.5) * _LANE_W)
        out.append(f'<rect x="{x - 6:.1f}" y="{y - 6:.1f}" width="12" height="12" '
                   f'fill="{CUBE_FILL[cube]}" stroke="#e80" stroke-width="2.5"/>')
    for seat, path in last_move(s).items():
        out.append(move_trace(loop.trace(*path), CAR_FILL[seat], CAR_NAMES[seat]))
    for p in s.order:
        sp = track.spaces[s.car_space[p]]
        t = (unit_of(s, p) + 0.5) / units
        x, y = loop.point(t, (sp.lane + 0.5) * _LANE_W)
        out.append(_car(s, p, x, y, loop.heading(t), p == viewer, viewer))
        if p == viewer:
            tx, ty = loop.point(t, lanes + 16)
            out.append(f'<g class="you-tag"><rect x="{tx - 17:.1f}" y="{ty - 9:.1f}" '
                       f'width="34" height="18" rx="9" fill="{MINE}"/><text x="{tx:.1f}" '
                       f'y="{ty + 4.5:.1f}" text-anchor="middle" font-size="12" '
                       'font-weight="bold" fill="#fff">you</text></g>')
    out.append(_infield(s, loop, viewer))
    return "\n".join(out)


def car_words(s: State, seat: int, viewer: int | None = None) -> str:
    """A car in words: its colour, its seat (you), its place and lap."""
    you = " (you)" if seat == viewer else ""
    place = f", {_ordinal(rank_of(s, seat))}" if s.order else ""
    return (f"{CAR_NAMES[seat]}: {rules.name(seat)}{you}{place}, "
            f"lap {min(s.car_laps[seat] + 1, s.laps)} of {s.laps}")


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


def _car(s: State, seat: int, x: float, y: float, heading: float, mine: bool,
         viewer: int | None) -> str:
    """A small car at (x, y) pointing along ``heading``; the viewer's outlined."""
    ring = (f'<rect x="-14" y="-9.5" width="28" height="19" rx="7" fill="none" '
            f'stroke="{MINE}" stroke-width="3"/>' if mine else "")
    return (f'<g class="{"car mine" if mine else "car"}" data-colour="{CAR_NAMES[seat]}" '
            f'transform="translate({x:.1f},{y:.1f}) rotate({heading:.1f}) scale(1.15)">'
            f'<title>{html.escape(car_words(s, seat, viewer))}</title>{ring}'
            '<rect x="-9" y="-7.5" width="5" height="3" fill="#111"/>'
            '<rect x="4" y="-7.5" width="5" height="3" fill="#111"/>'
            '<rect x="-9" y="4.5" width="5" height="3" fill="#111"/>'
            '<rect x="4" y="4.5" width="5" height="3" fill="#111"/>'
            f'<path d="M-11,-5 L7,-5 Q12,-5 12,0 Q12,5 7,5 L-11,5 Z" fill="{CAR_FILL[seat]}" '
            'stroke="#111" stroke-width="1"/>'
            '<ellipse cx="1" cy="0" rx="3.5" ry="2.5" fill="#9fd3ff" stroke="#111" '
            'stroke-width="0.6"/></g>')


def _infield(s: State, loop: Loop, viewer: int | None) -> str:
    """The key inside the loop: every car with its seat, place and lap; the space colours."""
    top = loop.cy - loop.radius + 30
    left = loop.cx - loop.straight / 2 - 10
    out = [f'<text x="{left:.1f}" y="{top:.1f}" font-size="13" font-weight="bold">'
           'The cars</text>']
    for i, seat in enumerate(range(s.players)):
        y = top + 19 * (i + 1)
        mine = seat == viewer
        ring = f' stroke="{MINE}" stroke-width="3"' if mine else ' stroke="#111"'
        weight = ' font-weight="bold"' if mine else ""
        out.append(f'<rect x="{left:.1f}" y="{y - 11:.1f}" width="22" height="13" rx="4" '
                   f'fill="{CAR_FILL[seat]}"{ring}/><text x="{left + 30:.1f}" y="{y:.1f}" '
                   f'font-size="13"{weight}>{html.escape(car_words(s, seat, viewer))}</text>')
    x = loop.cx + 40
    out.append(f'<text x="{x:.1f}" y="{top:.1f}" font-size="13" font-weight="bold">'
               f'The spaces ({s.track_spec.units} units a lap)</text>')
    y = top + 18
    for colour, words in enumerate(SPACE_WORDS):
        out.append(f'<rect x="{x:.1f}" y="{y - 11:.1f}" width="22" height="13" '
                   f'fill="{FILL[colour]}" stroke="#555"/><text x="{x + 30:.1f}" y="{y:.1f}" '
                   f'font-size="13">{words}</text>')
        y += 18
    if s.route:
        out.append(f'<rect x="{x + 5:.1f}" y="{y - 11:.1f}" width="12" height="12" '
                   'fill="#fff" stroke="#e80" stroke-width="2.5"/><text x="'
                   f'{x + 30:.1f}" y="{y:.1f}" font-size="13">a cube placed this turn</text>')
        y += 18
    moved = last_move(s)
    if moved:
        names = " and ".join(CAR_NAMES[p] for p in moved)
        out.append(f'<path d="M{x:.1f},{y - 5:.1f} h22" stroke="#444" stroke-width="3" '
                   f'stroke-dasharray="7 4"/><text x="{x + 30:.1f}" y="{y:.1f}" '
                   f'font-size="13">the last move ({names})</text>')
        y += 18
    if viewer is not None:
        out.append(f'<rect x="{x:.1f}" y="{y - 11:.1f}" width="22" height="13" rx="4" '
                   f'fill="#fff" stroke="{MINE}" stroke-width="3"/><text x="{x + 30:.1f}" '
                   f'y="{y:.1f}" font-size="13">your car</text>')
    return "\n".join(out)


def last_move(s: State) -> dict[int, tuple[float, float, float, float]]:
    """The car moved last and its path on the lap: seat -> (t0, t1, d0, d1), the fraction of
    the lap where it started and ended (``t1`` may pass 1: over the line) and its lane's
    distance from the inner edge at both ends. Read from the undo history (the newest change
    of a car's space); empty when that change is no forward move of one car or there is no
    history."""
    track = s.track_spec
    after = s
    for before in reversed(s.history):
        if (before.car_space, before.car_seg) != (after.car_space, after.car_seg):
            changed = [p for p in range(s.players)
                       if (before.car_space[p], before.car_seg[p]) !=
                       (after.car_space[p], after.car_seg[p])]
            if len(changed) != 1 or not before.order:
                return {}
            p = changed[0]
            u0, u1 = unit_of(before, p), unit_of(after, p)
            units = (u1 - u0) % track.units
            if not 0 < units <= track.units // 2:
                return {}
            t0 = (u0 + 0.5) / track.units
            lane0 = track.spaces[before.car_space[p]].lane
            lane1 = track.spaces[after.car_space[p]].lane
            return {p: (t0, t0 + units / track.units, (lane0 + 0.5) * _LANE_W,
                        (lane1 + 0.5) * _LANE_W)}
        after = before
    return {}


# --- the players' view: the board, the close-up and the sheets --------------------------------
#: Units of track a strip of the close-up draws.
WINDOW = 18
_LEFT, _UNIT, _LANE = 56, 46, 42
_DARK_TEXT = {0: "#000", 1: "#000", 2: "#fff", 3: "#fff"}
#: The piles of a player's sheet, in the order drawn.
PILES = ("bag", "active", "used", "discard")


def view_svg(s: State, viewer: int | None = None, at: int | None = None,
             marks: Mapping[int, str] | None = None, title: str = "") -> str:
    """The board of the whole table (``board_svg``), the close-up of the track
    (``track_svg``) and the sheets (``sheets_svg``), as ``viewer`` sees them."""
    return (board_svg(s, viewer) + track_svg(s, at, marks, title, viewer)
            + sheets_svg(s, viewer))


def card_name(s: State, cube: int) -> str:
    """The card in play for an action cube's colour (AU-08), e.g. "Manager"; "" for a gear."""
    for c in s.cards:
        if s.cfg.cards[c].colour == cube:
            return s.cfg.cards[c].en
    return ""


def unit_of(s: State, seat: int) -> int:
    """The track unit of ``seat``'s car (its space's start plus its segment)."""
    return s.track_spec.spaces[s.car_space[seat]].start + s.car_seg[seat]


def offered_spaces(s: State) -> set[int]:
    """The spaces the engine offers now for a cube or a car (``place`` decisions)."""
    return {a.space for a in s.legal_actions() if isinstance(a, Place | PlaceOn)}


def rank_of(s: State, seat: int) -> int:
    """``seat``'s place in the race now, 1 the leader (RA4)."""
    return rules.position_order(s).index(seat) + 1


def window_units(s: State, at: int | None = None, viewer: int | None = None) -> list[int]:
    """The units the close-up draws, in the order the cars run: ``WINDOW`` units from ``at``,
    else the shortest stretch holding the viewer's car and the car in turn (every car before
    the race), from two units behind them to a few ahead, at least ``WINDOW`` long."""
    n = s.track_spec.units
    if at is not None:
        return [(at + k) % n for k in range(WINDOW)]
    racing = s.order and s.phase not in ("prebuy", "driver")
    seats = {s.mover} if racing else set(range(s.players))
    if viewer is not None:
        seats.add(viewer)
    at_units = sorted({unit_of(s, p) for p in seats})
    gaps = [((at_units[(i + 1) % len(at_units)] - at_units[i]) % n or n, i)
            for i in range(len(at_units))]
    _, i = max(gaps)
    first = at_units[(i + 1) % len(at_units)]
    span = (at_units[i] - first) % n + 1
    length = min(n, max(WINDOW, span + 6))
    first = (first - min(2, length - span)) % n
    return [(first + k) % n for k in range(length)]


def track_svg(s: State, at: int | None = None, marks: Mapping[int, str] | None = None,
              title: str = "", viewer: int | None = None) -> str:
    """The track drawn large (``window_units``: from unit ``at``, else around the viewer's car
    and the car in turn) in strips of ``WINDOW`` units: spaces with their numbers, the cubes
    placed this turn (numbered in order), the cars named with their seats (the viewer's
    outlined, "you"), ``marks`` (space -> a short note, outlined red) and the spaces the engine
    offers now (dashed green)."""
    track = s.track_spec
    shown = window_units(s, at, viewer)
    marks = dict(marks or {})
    offered = offered_spaces(s)
    strips = [shown[k:k + WINDOW] for k in range(0, len(shown), WINDOW)]
    parts = [f'<text x="8" y="20" font-size="15" font-weight="bold">'
             f'{html.escape(title or "Close-up of the track")}: units {shown[0]} to '
             f'{shown[-1]} of {track.units}</text>',
             f'<text x="8" y="38" font-size="12" fill="#a00">{html.escape(track.title)}, '
             f'{SYNTHETIC}</text>']
    where: dict[int, tuple[float, float]] = {}  # unit -> its column's left x and top y
    y = 56.0
    for chunk in strips:
        for j, u in enumerate(chunk):
            where[u] = (_LEFT + j * _UNIT, y)
        parts.append(_strip(s, chunk, where, marks, offered))
        y += track.lanes * _LANE + 22
    for seat, path in last_move(s).items():
        parts.extend(_strip_trace(s, seat, path, where))
    for i, (cube, b, seg, _) in enumerate(s.route, 1):
        sp = track.spaces[b]
        u = sp.start + seg
        if u not in where:
            continue
        x, top = where[u]
        qx, qy = x + _UNIT / 2, top + _row(s, sp.lane) + _LANE / 2 + 4
        text = "#fff" if cube in (2, 3, 4, 6, 7, 8, 9) else "#000"
        parts.append(f'<rect x="{qx - 10:g}" y="{qy - 10:g}" width="20" height="20" '
                     f'fill="{CUBE_FILL[cube]}" stroke="#e80" stroke-width="3">'
                     f'<title>cube {i}: {WORDS[cube]}</title></rect>'
                     f'<text x="{qx:g}" y="{qy + 4.5:g}" text-anchor="middle" font-size="12" '
                     f'font-weight="bold" fill="{text}">{i}</text>')
    for p in s.order:
        if unit_of(s, p) in where:
            parts.append(_big_car(s, p, where, p == viewer))
    items = ["the cars run left to right, lane 0 (the inner lane) at the bottom",
             "numbered squares: the cubes placed this turn, in order"]
    if viewer is not None:
        items.append(f"pink outline, \"you\": your car ({CAR_NAMES[viewer]})")
    for seat in last_move(s):
        items.append(f"dashed line: {CAR_NAMES[seat]}'s last move")
    notes = [f"space {k}: {v}" for k, v in marks.items() if v]
    if notes:
        items.append("red: " + "; ".join(notes))
    if offered:
        items.append("dashed green: the spaces the engine offers now")
    y -= 4
    for line in pack(items, int((WIDTH - 16) / 6.9)):
        y += 17
        parts.append(f'<text x="8" y="{y:g}" font-size="12">{html.escape(line)}</text>')
    return _svg(y + 10, "".join(parts), "au-closeup")


def _row(s: State, lane: float) -> float:
    """How far down a strip ``lane`` is drawn: lane 0, the inner lane, at the bottom (as on
    the loop's top straight)."""
    return (s.track_spec.lanes - 1 - lane) * _LANE


def _strip(s: State, chunk: Sequence[int], where: Mapping[int, tuple[float, float]],
           marks: Mapping[int, str], offered: set[int]) -> str:
    """One strip of the close-up: lane names, unit numbers, the spaces, the finish line."""
    track = s.track_spec
    _, top = where[chunk[0]]
    parts = []
    for lane in range(track.lanes):
        y = top + _row(s, lane)
        parts.append(f'<text x="{_LEFT - 6}" y="{y + _LANE / 2 + 5:g}" text-anchor="end" '
                     f'font-size="12" fill="#555">lane {lane}</text>')
    inside = set(chunk)
    for sp in track.spaces:
        cols = [chunk.index(u) for u in range(sp.start, sp.end) if u in inside]
        if not cols:
            continue
        x, y = _LEFT + min(cols) * _UNIT, top + _row(s, sp.lane)
        width = (max(cols) - min(cols) + 1) * _UNIT
        stroke = ' stroke="#444" stroke-width="1"'
        if sp.index in marks:
            stroke = ' stroke="#c00000" stroke-width="4"'
        elif sp.index in offered:
            stroke = ' stroke="#1b7a2e" stroke-width="4" stroke-dasharray="6 3"'
        parts.append(f'<rect x="{x + 1:g}" y="{y + 1:g}" width="{width - 2}" '
                     f'height="{_LANE - 2}" rx="3" fill="{FILL[sp.colour]}"{stroke}>'
                     f'<title>space {sp.index}, {WORDS[sp.colour]}, {sp.length} '
                     f'segment{"" if sp.length == 1 else "s"}</title></rect>')
        for k in range(1, len(cols)):
            parts.append(f'<line x1="{x + k * _UNIT:g}" y1="{y + 6:g}" x2="{x + k * _UNIT:g}" '
                         f'y2="{y + _LANE - 6:g}" stroke="#999" stroke-dasharray="2 3"/>')
        parts.append(f'<text x="{x + 4:g}" y="{y + 14:g}" font-size="12" '
                     f'fill="{_DARK_TEXT[sp.colour]}">{sp.index}</text>')
        if sp.end % track.units == 0 and sp.end - 1 in inside:
            parts.append(_chequer(x + width, y, _LANE))
    return "".join(parts)


def _chequer(x: float, top: float, height: float) -> str:
    """A piece of the finish line down the right edge of a lane's last space."""
    squares = []
    for k in range(int(height / 6)):
        for j in (0, 1):
            fill = "#111" if (k + j) % 2 else "#fff"
            squares.append(f'<rect x="{x - 9 + 6 * j:g}" y="{top + 6 * k:g}" width="6" '
                           f'height="6" fill="{fill}"/>')
    return f'<g class="finish-line"><title>start / finish line</title>{"".join(squares)}</g>'


def _strip_trace(s: State, seat: int, path: tuple[float, float, float, float],
                 where: Mapping[int, tuple[float, float]]) -> list[str]:
    """The last move through the units shown, unit by unit, drifting evenly between lanes."""
    n = s.track_spec.units
    t0, t1, d0, d1 = path
    u0, steps = round(t0 * n - 0.5), round((t1 - t0) * n)
    lane0, lane1 = d0 / _LANE_W - 0.5, d1 / _LANE_W - 0.5
    runs: list[list[tuple[float, float]]] = [[]]
    prev: tuple[float, float] | None = None
    for k in range(steps + 1):
        u = (u0 + k) % n
        here = where.get(u)
        if here is None or prev is None or here[1] != prev[1]:
            runs.append([])
        if here is not None:
            lane = lane0 + (lane1 - lane0) * k / max(steps, 1)
            runs[-1].append((here[0] + _UNIT / 2, here[1] + _row(s, lane) + _LANE / 2))
        prev = here
    out = []
    for run in runs:
        if len(run) > 1:
            d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in run)
            out.append(move_trace(d, CAR_FILL[seat], CAR_NAMES[seat]))
    return out


def _big_car(s: State, seat: int, where: Mapping[int, tuple[float, float]], mine: bool) -> str:
    """A car in the close-up: a car body in its colour with its colour and its seat."""
    x, top = where[unit_of(s, seat)]
    lane = s.track_spec.spaces[s.car_space[seat]].lane
    cx, cy = x + _UNIT / 2, top + _row(s, lane) + _LANE / 2
    w, h = _UNIT - 2, _LANE - 10
    stroke = f' stroke="{MINE}" stroke-width="4"' if mine else ' stroke="#111" stroke-width="1.5"'
    tag = "you" if mine else f"P{seat}"
    return (f'<g class="{"car mine" if mine else "car"}" data-colour="{CAR_NAMES[seat]}">'
            f'<title>{html.escape(car_words(s, seat, seat if mine else None))}</title>'
            f'<rect x="{cx - w / 2 + 4:g}" y="{cy - h / 2 - 3:g}" width="8" height="{h + 6}" '
            'rx="2" fill="#111"/>'
            f'<rect x="{cx + w / 2 - 12:g}" y="{cy - h / 2 - 3:g}" width="8" height="{h + 6}" '
            'rx="2" fill="#111"/>'
            f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w}" height="{h}" rx="9" '
            f'fill="{CAR_FILL[seat]}"{stroke}/>'
            f'<text x="{cx:g}" y="{cy - 2:g}" text-anchor="middle" font-size="12" '
            f'fill="{_CAR_TEXT[seat]}">{CAR_NAMES[seat]}</text>'
            f'<text x="{cx:g}" y="{cy + 12:g}" text-anchor="middle" font-size="12" '
            f'font-weight="bold" fill="{_CAR_TEXT[seat]}">{tag}</text></g>')


def pack(items: Sequence[str], columns: int, sep: str = " · ") -> list[str]:
    """Whole ``items`` joined by ``sep`` into lines of at most ``columns`` characters (an item
    longer than a line gets a line of its own)."""
    lines: list[str] = []
    for item in items:
        if lines and len(lines[-1]) + len(sep) + len(item) <= columns:
            lines[-1] += sep + item
        else:
            lines.append(item)
    return lines


# --- the sheets --------------------------------------------------------------------------------
_CHIP_TEXT = 7.4  # about how wide a digit of the 12 px text is
_NAME_W = 190  # the sheets' first column: place, car and player


def _chip_width(n: int) -> float:
    return 14 + 3 + _CHIP_TEXT * len(str(n)) + 9


def _chips_width(counts: Sequence[int]) -> float:
    """How wide ``counts`` are drawn on one line ("none" when empty)."""
    return sum(_chip_width(n) for n in counts if n) or 40


def _chips(parts: list[str], counts: Sequence[int], x: float, y: float, width: float) -> float:
    """Coloured cube chips with counts from (x, y), wrapped to ``width``; the height used."""
    if not sum(counts):
        parts.append(f'<text x="{x:g}" y="{y + 12:g}" font-size="12" fill="#777">none</text>')
        return 18
    cx, cy = x, y
    for c, n in enumerate(counts):
        if not n:
            continue
        if cx > x and cx + _chip_width(n) - 9 > x + width:
            cx, cy = x, cy + 18
        parts.append(f'<rect x="{cx:g}" y="{cy + 1:g}" width="14" height="14" '
                     f'fill="{CUBE_FILL[c]}" stroke="#333"><title>{WORDS[c]}</title></rect>'
                     f'<text x="{cx + 17:g}" y="{cy + 13:g}" font-size="12">{n}</text>')
        cx += _chip_width(n)
    return cy - y + 18


def sheet_columns(s: State) -> list[tuple[str, float, float]]:
    """The four piles' columns: (name, x, width), each as wide as its widest player's pile
    needs (shared out when they do not all fit); no pile runs into the next."""
    room = WIDTH - _NAME_W - 8
    need = [max(max(_chips_width(getattr(s, name)[p]) for p in range(s.players)), 60)
            for name in PILES]
    if sum(need) + 12 * len(PILES) <= room:
        extra = (room - sum(need)) / len(PILES)
        widths = [w + extra for w in need]
    else:
        widths = [room * w / sum(need) for w in need]
    out, x = [], float(_NAME_W)
    for name, w in zip(PILES, widths, strict=True):
        out.append((name, round(x, 1), round(w - 12, 1)))
        x += w
    return out


def sheets_svg(s: State, viewer: int | None = None) -> str:
    """Every player's bag, active pile, used pile and discard counted by colour, then the
    stock and the five cards with their (synthetic) cost and value. Every pile is public (the
    observation hides only the seed, ``hidden_paths``: the bag's order), so ``viewer`` only
    marks whose sheet is the viewer's."""
    cfg = s.cfg
    parts = ['<text x="8" y="18" font-size="14" font-weight="bold">The sheets (cubes by colour; '
             'a square is one colour, the number how many)</text>']
    columns = sheet_columns(s)
    for name, x, _ in columns:
        parts.append(f'<text x="{x:g}" y="40" font-size="13" font-weight="bold">{name}</text>')
    y = 48.0
    order = rules.position_order(s) if s.order else list(range(s.players))
    for p in order:
        me = " (you)" if viewer == p else ""
        turn = " ▶" if s.order and p == s.mover and s.phase not in (
            "over", "prebuy", "driver", "drivers", "sponsor", "sponsors") else ""
        place = f"{rank_of(s, p)}." if s.order else ""
        body: list[str] = []
        tallest = 18.0
        for name, x, width in columns:
            tallest = max(tallest, _chips(body, getattr(s, name)[p], x, y + 4, width))
        height = tallest + 8
        ring = f' stroke="{MINE}" stroke-width="2"' if me else ""
        parts.append(f'<rect x="4" y="{y:g}" width="{WIDTH - 8}" height="{height:g}" rx="4" '
                     f'fill="{"#fff4d6" if turn else "#f6f6f6"}"{ring}/>'
                     f'<circle cx="17" cy="{y + 13:g}" r="8" fill="{CAR_FILL[p]}" '
                     'stroke="#111"/>'
                     f'<text x="30" y="{y + 17:g}" font-size="13">{place} {rules.name(p)}{me}'
                     f'{turn}</text>')
        parts.extend(body)
        y += height + 4
    parts.append(f'<text x="8" y="{y + 15:g}" font-size="13" font-weight="bold">stock</text>')
    y += _chips(parts, s.stock, 60, y + 2, WIDTH - 70) + 6
    cards = []
    for cube in range(len(CUBES)):
        spec = cfg.cubes[cube]
        name = card_name(s, cube) if cube not in GEARS and cube != WEAR else spec.en
        cost = "-" if spec.cost is None else f"${spec.cost}"
        cards.append(f"{name} {cost}/{spec.value}")
    for line in pack([f"cost/value: {cards[0]}", *cards[1:]], int((WIDTH - 16) / 6.9)):
        y += 17
        parts.append(f'<text x="8" y="{y:g}" font-size="12">{html.escape(line)}</text>')
    parts.append(f'<text x="8" y="{y + 17:g}" font-size="12" fill="#a00">costs and values: '
                 'synthetic data, made up for this lab</text>')  # RA1
    return _svg(y + 27, "".join(parts), "au-sheets")
