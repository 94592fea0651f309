"""Formel 1 drawn as SVG: the circuit as a closed loop with its three lanes, corners, chicanes,
final straightaway and start/finish line, the six cars as small cars in their colours (the
viewer's outlined and tagged "you"), the last move traced, a key naming every car and its owner,
then the prize chart, money and hands (the viewer's own hand face up). Standard library only.
The cards and the track are synthetic (RF1, RF2): the board says so in plain words, without rule
codes.

``view_svg`` is the board a player sees in the widgets (``GAME.svg_view``): the whole table's
board, then a close-up of the track drawn large around the viewer's cars (row numbers, lane
letters, every car named with its owner, the cells the engine offers as end cells outlined
dashed, cells named by ``marks`` outlined red), the auction, the card in play with its numbers
top to bottom and the viewer's own hand face up (only what ``hidden_paths`` leaves the viewer).

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
from .actions import Bid, To
from .config import FINISHED, OFF
from .render import counted, decision_words
from .serialize import hidden_paths

if TYPE_CHECKING:
    from .config import Cell, Track
    from .state import State

#: Every board's width in SVG units; it is shown at most this many px wide.
WIDTH = 900
#: About how wide the widgets show a board at a 1400 px window (measured: 927 px).
SHOWN = 920
#: The smallest font size drawn, in px at ``SHOWN``.
MIN_FONT = 12
#: About how wide a character of the 13 px sans-serif text is, for wrapping long lines.
CHAR_PX = 7.5
LINE_PX = 17
#: The note every drawing of Formel 1's data carries (RF1, RF2: no public source gives the cards
#: or the track), in plain words: a player reads no rule code on a board.
SYNTHETIC = "synthetic cards and track data"
FILL = {"corner": "#f2c46d", "unequal": "#e8955a", "chicane": "#e77f7f", "final": "#a9cff0",
        "plain": "#dadada"}
#: What each kind of cell is, in words, for the key.
KIND_WORDS = {"corner": "corner", "unequal": "unequal corner: no lane change inside",
              "chicane": "chicane: one lane", "final": "final straightaway"}
CAR_FILL = ("#222", "#f2d600", "#2a5bd7", "#f28c00", "#d62020", "#1d9a3a")
_TEXT_ON = ("#fff", "#000", "#fff", "#000", "#fff", "#fff")
#: The outline and tag of the viewer's own cars.
MINE = "#e0007a"
#: The most rows a strip of the close-up draws (a longer window takes several strips).
STRIP = 16
#: The fewest rows the close-up draws when it follows the cars.
MIN_ROWS = 14
#: The most rows the close-up draws when it follows the cars (longer: the tour's ``rows``).
MAX_ROWS = 24
_LANE_W = 22  # a lane's width on the loop
_LOOP = {"straight": 500.0, "radius": 90.0}
_ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")


# --- the whole table ---------------------------------------------------------------------------
def board_svg(s: State, viewer: int | None = None) -> str:
    """The position as one self-contained SVG string, as ``viewer`` may see it (None: what the
    whole table sees, every hand face down): the circuit with the cars, then the prize chart,
    the money, the cars and the hands."""
    track = s.track_spec()
    parts: list[str] = [f'<text x="{WIDTH - 8}" y="18" text-anchor="end" font-size="12" '
                        f'fill="#a00">{SYNTHETIC}</text>']
    y = 0
    for piece in wrap(decision_words(s), int((WIDTH - 340) / 8.2)):
        y += LINE_PX + 1
        parts.append(f'<text x="8" y="{y}" font-size="14" font-weight="bold">'
                     f'{html.escape(piece)}</text>')
    lanes = track.lanes * _LANE_W
    margin = lanes + 34  # the loop's lanes, the "you" tags (the line's name above them)
    loop = Loop(WIDTH / 2, y + 38 + _LOOP["radius"] + margin, _LOOP["straight"],
                _LOOP["radius"])
    parts.append(_circuit(s, loop, viewer))
    y = round(loop.cy + _LOOP["radius"] + margin) - LINE_PX + 6
    columns = int((WIDTH - 28) / CHAR_PX)  # characters a text line may hold, indent included
    lines = [f"Prize chart: {prize_chart(s)}"]
    for p in range(s.players):
        cars = ", ".join(s.cfg.colours[c] for c in range(6) if s.owner[c] == p)
        if p == viewer:
            hand = "; ".join(s.cfg.kinds[k].name for k in s.hands[p])
        else:
            hand = counted(len(s.hands[p]), "card")
        who = f"Player {p}{' (you)' if p == viewer else ''}{' (dealer)' if p == s.dealer else ''}"
        lines.append(f"{who}: ${s.money[p]}K; cars {cars or 'none'}; hand {hand}")
    unplaced = [s.cfg.colours[c] for c in range(6) if s.pos[c] in (OFF, FINISHED)]
    if unplaced:
        lines.append(f"Off the track: {', '.join(unplaced)}")
    for text in lines:
        for i, piece in enumerate(wrap(text, columns)):
            y += LINE_PX
            parts.append(f'<text x="{8 + 12 * (i > 0)}" y="{y}">{html.escape(piece)}</text>')
    # The height follows the lines drawn: a long hand wraps instead of running off the board.
    return _svg(y + 10, "\n".join(parts), "f1-board", 13)


def _svg(height: float, body: str, cls: str, font: int | None = None) -> str:
    size = f' font-size="{font}"' if font else ""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" '
            f'viewBox="0 0 {WIDTH} {height:g}" width="100%" style="max-width:{WIDTH}px" '
            f'font-family="sans-serif"{size}>\n{body}\n</svg>')


def cell_kind(cell: Cell) -> str:
    """The kind of a cell for its colour: unequal (corner), corner, chicane, final or plain."""
    return "unequal" if cell.unequal else "corner" if cell.corner else \
        "chicane" if cell.chicane else "final" if cell.final else "plain"


def _circuit(s: State, loop: Loop, viewer: int | None) -> str:
    """The loop: grass, the cells by kind, row numbers, the line, the last move, the cars, the
    "you" tags and the key in the infield."""
    track = s.track_spec()
    lanes, rows = track.lanes * _LANE_W, track.rows
    gap = 0.8 / loop.perimeter
    out = [f'<path class="loop" d="{loop.outline(-6)}" fill="none" stroke="#b9d3ad" '
           f'stroke-width="1"/>',
           f'<path d="{loop.band(0, 1, -4, lanes + 4)}" fill="#cfe3c4" stroke="none"/>']
    for i, cell in enumerate(track.cells):
        t0, t1 = cell.row / rows + gap, (cell.row + 1) / rows - gap
        d0 = cell.lane * _LANE_W + 1
        out.append(f'<path d="{loop.band(t0, t1, d0, d0 + _LANE_W - 2)}" '
                   f'fill="{FILL[cell_kind(cell)]}"><title>{track.label(i)}</title></path>')
    for row in range(0, rows, 4):
        x, y = loop.point((row + 0.5) / rows, -11)
        out.append(f'<text x="{x:.1f}" y="{y + 4:.1f}" text-anchor="middle" font-size="12" '
                   f'fill="#555">{row}</text>')
    out.append(finish_line(loop, lanes))
    for car, path in last_move(s).items():
        out.append(move_trace(loop.trace(*path), CAR_FILL[car], s.cfg.colours[car]))
    mine = [c for c in range(6) if viewer is not None and s.owner[c] == viewer]
    spots: list[tuple[float, float]] = []
    for car, p in enumerate(s.pos):
        if p < 0:
            continue
        cell = track.cells[p]
        t = (cell.row + 0.5) / rows
        x, y = loop.point(t, (cell.lane + 0.5) * _LANE_W)
        out.append(_car(s, car, x, y, loop.heading(t), car in mine, viewer))
        if car in mine:
            spots.append(loop.point(t, lanes + 16))
    out.extend(_you_tags(spots))
    out.append(_infield(s, loop, viewer))
    return "\n".join(out)


def _car(s: State, car: int, x: float, y: float, heading: float, mine: bool,
         viewer: int | None) -> str:
    """A small car at (x, y) pointing along ``heading``; the viewer's outlined."""
    colour = s.cfg.colours[car]
    cls = "car mine" if mine else "car"
    ring = (f'<rect x="-14" y="-9.5" width="28" height="19" rx="7" fill="none" '
            f'stroke="{MINE}" stroke-width="3"/>' if mine else "")
    return (f'<g class="{cls}" data-colour="{colour}" '
            f'transform="translate({x:.1f},{y:.1f}) rotate({heading:.1f}) scale(1.15)">'
            f'<title>{html.escape(_car_words(s, car, viewer))}</title>{ring}'
            '<rect x="-9" y="-7.5" width="5" height="3" fill="#111"/>'
            '<rect x="4" y="-7.5" width="5" height="3" fill="#111"/>'
            '<rect x="-9" y="4.5" width="5" height="3" fill="#111"/>'
            '<rect x="4" y="4.5" width="5" height="3" fill="#111"/>'
            f'<path d="M-11,-5 L7,-5 Q12,-5 12,0 Q12,5 7,5 L-11,5 Z" fill="{CAR_FILL[car]}" '
            'stroke="#111" stroke-width="1"/>'
            '<ellipse cx="1" cy="0" rx="3.5" ry="2.5" fill="#9fd3ff" stroke="#111" '
            'stroke-width="0.6"/></g>')


def _you_tags(spots: Sequence[tuple[float, float]]) -> list[str]:
    """A "you" tag outside the loop beside the viewer's cars; cars close together share one."""
    out: list[str] = []
    placed: list[tuple[float, float]] = []
    for x, y in spots:
        if any(abs(x - a) < 40 and abs(y - b) < 20 for a, b in placed):
            continue
        placed.append((x, y))
        out.append(f'<g class="you-tag"><rect x="{x - 17:.1f}" y="{y - 9:.1f}" width="34" '
                   f'height="18" rx="9" fill="{MINE}"/><text x="{x:.1f}" y="{y + 4.5:.1f}" '
                   'text-anchor="middle" font-size="12" font-weight="bold" fill="#fff">'
                   'you</text></g>')
    return out


def _car_words(s: State, car: int, viewer: int | None) -> str:
    """A car in words: its colour, its owner (you) and where it is."""
    colour, owner = s.cfg.colours[car], s.owner[car]
    who = "not sold" if owner < 0 else f"Player {owner}{' (you)' if owner == viewer else ''}"
    p = s.pos[car]
    if p >= 0:
        where = s.track_spec().label(p)
        laps = s.total_laps()
        if laps > 1:
            where += f", lap {min(s.laps[car] + 1, laps)} of {laps}"
    elif p == FINISHED and car in s.finished:
        where = f"finished {_ORDINAL[s.finished.index(car)]}"
    else:
        where = "off the track"
    return f"{colour}: {who}, {where}"


def _infield(s: State, loop: Loop, viewer: int | None) -> str:
    """The key inside the loop: every car with its owner and cell; the kinds of cell."""
    top = loop.cy - loop.radius + 30
    left = loop.cx - loop.straight / 2 - 10
    out = [f'<text x="{left:.1f}" y="{top:.1f}" font-size="13" font-weight="bold">'
           'The cars</text>']
    for car in range(6):
        y = top + 20 + 19 * car
        mine = viewer is not None and s.owner[car] == viewer
        ring = f' stroke="{MINE}" stroke-width="3"' if mine else ' stroke="#111"'
        weight = ' font-weight="bold"' if mine else ""
        out.append(f'<rect x="{left:.1f}" y="{y - 11:.1f}" width="22" height="13" rx="4" '
                   f'fill="{CAR_FILL[car]}"{ring}/>'
                   f'<text x="{left + 30:.1f}" y="{y:.1f}" font-size="13"{weight}>'
                   f'{html.escape(_car_words(s, car, viewer))}</text>')
    kinds = [k for k in KIND_WORDS if any(cell_kind(c) == k for c in s.track_spec().cells)]
    x = loop.cx + 40
    out.append(f'<text x="{x:.1f}" y="{top:.1f}" font-size="13" font-weight="bold">'
               f'The {html.escape(s.track_spec().name)} track ({s.track_spec().rows} rows)'
               '</text>')
    y = top + 20
    for kind in kinds:
        out.append(f'<rect x="{x:.1f}" y="{y - 11:.1f}" width="22" height="13" '
                   f'fill="{FILL[kind]}" stroke="#777"/><text x="{x + 30:.1f}" y="{y:.1f}" '
                   f'font-size="13">{KIND_WORDS[kind]}</text>')
        y += 19
    moved = last_move(s)
    if moved:
        names = " and ".join(s.cfg.colours[c] for c in moved)
        out.append(f'<path d="M{x:.1f},{y - 5:.1f} L{x + 22:.1f},{y - 5:.1f}" stroke="#444" '
                   f'stroke-width="3" stroke-dasharray="7 4"/><text x="{x + 30:.1f}" '
                   f'y="{y:.1f}" font-size="13">the last move ({names})</text>')
        y += 19
    if viewer is not None:
        out.append(f'<rect x="{x:.1f}" y="{y - 11:.1f}" width="22" height="13" rx="4" '
                   f'fill="#fff" stroke="{MINE}" stroke-width="3"/><text x="{x + 30:.1f}" '
                   f'y="{y:.1f}" font-size="13">your cars (Player {viewer})</text>')
    return "\n".join(out)


def last_move(s: State) -> dict[int, tuple[float, float, float, float]]:
    """The car moved last and its path on the lap: car -> (t0, t1, d0, d1), the fraction of the
    lap where it started and ended (``t1`` may pass 1: over the line) and its lane's distance
    from the inner edge at both ends. Read from the undo history (the newest change of a car's
    cell); empty when the newest change is no move of one car (a switch, a new race) or there
    is no history."""
    track = s.track_spec()
    after = s
    for before in reversed(s.history):
        if before.pos != after.pos:
            changed = [c for c in range(6) if before.pos[c] != after.pos[c]]
            if len(changed) != 1 or before.pos[changed[0]] < 0:
                return {}
            car = changed[0]
            a = track.cells[before.pos[car]]
            t0 = (a.row + 0.5) / track.rows
            d0 = (a.lane + 0.5) * _LANE_W
            end = after.pos[car]
            if end == FINISHED:
                return {car: (t0, 1.0, d0, d0)}
            if end < 0:
                return {}
            b = track.cells[end]
            rows = (b.row - a.row) % track.rows
            if not 0 < rows <= 20:
                return {}
            return {car: (t0, t0 + rows / track.rows, d0, (b.lane + 0.5) * _LANE_W)}
        after = before
    return {}


def wrap(text: str, columns: int) -> list[str]:
    """``text`` in pieces of at most ``columns`` characters, broken after "; " or ", " (or a
    space) where it can be; a piece after the first is meant to be drawn indented."""
    pieces: list[str] = []
    while len(text) > columns:
        cut = next((at for sep in ("; ", ", ", " ") if (at := text.rfind(sep, 0, columns)) > 0),
                   columns - 1)
        cut += 1
        pieces.append(text[:cut].rstrip())
        text = text[cut:].lstrip()
    return [*pieces, text]


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


def prize_chart(s: State) -> str:
    """Every place of the prize chart with its prize and the car on it so far (F1-30), "1.
    $200K Red, 2. $150K -, ..."."""
    return ", ".join(f"{i + 1}. ${prize}K "
                     f"{s.cfg.colours[s.finished[i]] if i < len(s.finished) else '-'}"
                     for i, prize in enumerate(s.cfg.prizes))


def table_svg(s: State) -> str:
    """The board as the whole table sees it (every hand face down)."""
    return board_svg(s, None)


# --- the players' view: the board, then the close-up ------------------------------------------
_LEFT = 40
_LANE_H = 46


def view_svg(s: State, viewer: int | None = None, rows: range | None = None,
             marks: Mapping[str, str] | None = None, card: str | None = None,
             title: str = "") -> str:
    """The board as ``viewer`` sees it (``board_svg``), then the close-up (``closeup_svg``)."""
    return board_svg(s, viewer) + closeup_svg(s, viewer, rows, marks, card, title)


def cell_of(label: str) -> tuple[int, int]:
    """A cell label (``"12b"``) as (row, lane)."""
    return int(label[:-1]), "abc".index(label[-1])


def car_cells(s: State) -> dict[str, str]:
    """Each car on the track: colour -> cell label."""
    track = s.track_spec()
    return {s.cfg.colours[c]: track.label(p) for c, p in enumerate(s.pos) if p >= 0}


def focus_rows(s: State, viewer: int | None) -> list[int]:
    """The rows the close-up draws, in the order the cars run (over the line from the last
    row to row 0 if need be): the shortest stretch holding the viewer's cars and the car being
    moved (else every car on the track), from a row behind them to a few rows ahead, at least
    ``MIN_ROWS`` long. It holds the viewer's cars however far apart they are."""
    track = s.track_spec()
    n = track.rows
    moving = s.pending[1] if s.pending and s.pending[1] >= 0 else None
    wanted = [c for c in range(6) if s.pos[c] >= 0 and (
        (viewer is not None and s.owner[c] == viewer) or c == moving)]
    if not wanted:
        wanted = [c for c in range(6) if s.pos[c] >= 0]
    at = sorted({track.cells[s.pos[c]].row for c in wanted}) or [0]
    # Start just after the widest empty stretch between the rows wanted (circularly).
    gaps = [((at[(i + 1) % len(at)] - at[i]) % n or n, i) for i in range(len(at))]
    _, i = max(gaps)
    first = at[(i + 1) % len(at)]
    span = (at[i] - first) % n + 1
    length = min(n, max(MIN_ROWS, span + 6))
    first = (first - min(2, length - span)) % n
    return [(first + k) % n for k in range(length)]


def auction_line(s: State) -> str:
    """The auction in one line: the car on offer, the standing bid, who passed, the lowest bid
    the player in turn may make, the cars to be offered again; "" outside the auction."""
    return " · ".join(_auction_items(s))


def _auction_items(s: State) -> list[str]:
    if s.phase != rules.AUCTION or s.offer == OFF:
        return []
    colours = s.cfg.colours
    again = " (offered again)" if s.reoffered else ""
    parts = [f"Auction: {colours[s.offer]}{again} on offer"]
    if s.high_bid:
        bidder = None if s.high_bidder == rules.NO_BID else s.high_bidder
        parts.append(f"standing bid ${s.high_bid}K by Player {bidder}")
    passed = [str(p) for p, out in enumerate(s.out) if out]
    if passed:
        parts.append(f"passed: Player {', '.join(passed)}")
    bids = [a.amount for a in s.legal_actions() if isinstance(a, Bid)]
    parts.append(f"Player {s.turn} may bid from ${bids[0]}K" if bids
                 else f"Player {s.turn} may only pass")
    if s.queue:
        parts.append(f"to be offered again: {', '.join(colours[c] for c in s.queue)}")
    return parts


def end_cells(s: State) -> dict[str, str]:
    """The cells the engine offers now as end cells or switch targets: label -> "end"."""
    out = {}
    for a in s.legal_actions():
        if isinstance(a, To):
            out[f"{a.row}{'abc'[a.lane]}"] = "end"
    return out


def closeup_svg(s: State, viewer: int | None = None, rows: range | None = None,
                marks: Mapping[str, str] | None = None, card: str | None = None,
                title: str = "") -> str:
    """The track drawn large: ``rows`` (default ``focus_rows``: around the viewer's cars) in
    strips of at most ``STRIP`` rows, every car on them named with its owner (the viewer's
    outlined, "you"), the last move traced, ``marks`` (cell label -> a short note, outlined in
    red) and the cells the engine offers as end cells (outlined dashed); then the auction, the
    card in play (or ``card``) with its numbers top to bottom, and the viewer's hand."""
    track = s.track_spec()
    if rows is None and not car_cells(s):
        lower, extra = _card_and_hand(s, viewer, card, 0)
        return _svg(max(lower, 40), extra, "f1-closeup") if extra else ""
    shown = list(rows) if rows is not None else focus_rows(s, viewer)
    marks = dict(marks or {})
    offered = end_cells(s)
    strips = -(-len(shown) // STRIP)
    per = -(-len(shown) // strips)
    cw = min(64, (WIDTH - _LEFT - 12) // per)
    what = f"rows {shown[0]} to {shown[-1]} of {track.rows}"
    parts = [f'<text x="8" y="20" font-size="15" font-weight="bold">'
             f'{html.escape(title or "Close-up of the track")}: {what}</text>',
             f'<text x="8" y="38" font-size="12" fill="#a00">{html.escape(track.name)} track, '
             f'{SYNTHETIC}; the cars run left to right, lane a (the inner lane) at the '
             'bottom</text>']
    where: dict[int, tuple[float, float]] = {}  # row -> the left x and top y of its column
    y = 50
    for k in range(strips):
        chunk = shown[k * per:(k + 1) * per]
        for j, r in enumerate(chunk):
            where[r] = (_LEFT + j * cw, y + 18)
        parts.append(_strip(s, chunk, where, cw, marks, offered))
        y += 18 + track.lanes * _LANE_H + 20
    trace = _closeup_trace(s, where, cw)
    parts.extend(trace)
    mine = [c for c in range(6) if viewer is not None and s.owner[c] == viewer]
    for car, p in enumerate(s.pos):
        if p >= 0 and track.cells[p].row in where:
            parts.append(_big_car(s, car, where, cw, car in mine))
    columns = int((WIDTH - 16) / 6.9)
    items = ["P1 = Player 1's car (and so on)"]
    if mine:
        items.append(f"pink outline, \"you\": your cars (Player {viewer})")
    for car in last_move(s):
        items.append(f"dashed line: {s.cfg.colours[car]}'s last move")
    notes = [f"{k}: {v}" for k, v in marks.items() if v]
    if notes:
        items.append("red outline: " + "; ".join(notes))
    if offered:
        items.append("dashed green: the cells the engine offers now")
    y -= 2
    for line in pack(items, columns):
        y += 17
        parts.append(f'<text x="8" y="{y}" font-size="12">{html.escape(line)}</text>')
    for line in pack(_auction_items(s), int((WIDTH - 16) / 8.4)):
        y += 20
        parts.append(f'<text x="8" y="{y}" font-size="13" font-weight="bold">'
                     f'{html.escape(line)}</text>')
    lower, extra = _card_and_hand(s, viewer, card, y + 8)
    return _svg(max(y + 12, lower), "\n".join(parts) + "\n" + extra, "f1-closeup")


def _strip(s: State, chunk: Sequence[int], where: Mapping[int, tuple[float, float]],
           cw: int, marks: Mapping[str, str], offered: Mapping[str, str]) -> str:
    """One strip of the close-up: row numbers, lane letters, the cells, the finish line."""
    track: Track = s.track_spec()
    x0, top = where[chunk[0]]
    parts = []
    for lane in range(track.lanes):
        y = top + (track.lanes - 1 - lane) * _LANE_H
        parts.append(f'<text x="{_LEFT - 8}" y="{y + _LANE_H / 2 + 5:g}" text-anchor="end" '
                     f'font-size="13" fill="#555">{"abc"[lane]}</text>')
    for r in chunk:
        x, _ = where[r]
        parts.append(f'<text x="{x + cw / 2:g}" y="{top - 5:g}" text-anchor="middle" '
                     f'font-size="12" fill="#555">{r}</text>')
        for i in track.by_row[r]:
            cell = track.cells[i]
            label = track.label(i)
            y = top + (track.lanes - 1 - cell.lane) * _LANE_H
            stroke = ""
            if label in marks:
                stroke = ' stroke="#c00000" stroke-width="3"'
            elif label in offered:
                stroke = ' stroke="#1b7a2e" stroke-width="3" stroke-dasharray="5 3"'
            parts.append(f'<rect x="{x + 1:g}" y="{y + 1:g}" width="{cw - 2}" '
                         f'height="{_LANE_H - 2}" rx="3" fill="{FILL[cell_kind(cell)]}"'
                         f'{stroke}><title>{label}</title></rect>')
        if r == track.rows - 1:
            parts.append(_chequer(x + cw, top, track.lanes * _LANE_H))
    return "\n".join(parts)


def _chequer(x: float, top: float, height: float) -> str:
    """The finish line drawn down the right edge of the last row."""
    squares = []
    for k in range(int(height / 6)):
        for j in (0, 1):
            fill = "#111" if (k + j) % 2 else "#fff"
            squares.append(f'<rect x="{x - 6 + 6 * j - 3:g}" y="{top + 6 * k:g}" width="6" '
                           f'height="6" fill="{fill}"/>')
    return (f'<g class="finish-line">{"".join(squares)}<text x="{x - 10:g}" '
            f'y="{top + height + 13:g}" text-anchor="end" font-size="12" '
            'font-weight="bold">finish</text></g>')


def _centre(s: State, row: int, lane: float, where: Mapping[int, tuple[float, float]],
            cw: int) -> tuple[float, float]:
    x, top = where[row]
    return x + cw / 2, top + (s.track_spec().lanes - 1 - lane) * _LANE_H + _LANE_H / 2


def _closeup_trace(s: State, where: Mapping[int, tuple[float, float]], cw: int) -> list[str]:
    """The last move through the rows shown, row by row, drifting evenly between lanes."""
    track = s.track_spec()
    out = []
    for car, (t0, t1, d0, d1) in last_move(s).items():
        r0 = round(t0 * track.rows - 0.5)
        steps = round((t1 - t0) * track.rows)
        lane0, lane1 = d0 / _LANE_W - 0.5, d1 / _LANE_W - 0.5
        runs: list[list[tuple[float, float]]] = [[]]
        for k in range(steps + 1):
            row = (r0 + k) % track.rows
            if row not in where or (k and (r0 + k - 1) % track.rows not in where) or \
                    (k and where[row][1] != where[(r0 + k - 1) % track.rows][1]):
                runs.append([])
            if row in where:
                lane = lane0 + (lane1 - lane0) * k / max(steps, 1)
                runs[-1].append(_centre(s, row, lane, where, cw))
        for run in runs:
            if len(run) > 1:
                d = "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in run)
                out.append(move_trace(d, CAR_FILL[car], s.cfg.colours[car]))
    return out


def _big_car(s: State, car: int, where: Mapping[int, tuple[float, float]], cw: int,
             mine: bool) -> str:
    """A car in the close-up: a car body in its colour with its name and its owner."""
    cell = s.track_spec().cells[s.pos[car]]
    cx, cy = _centre(s, cell.row, cell.lane, where, cw)
    w, h = cw - 8, _LANE_H - 12
    owner = s.owner[car]
    tag = "you" if mine else "unsold" if owner < 0 else f"P{owner}"
    stroke = f' stroke="{MINE}" stroke-width="4"' if mine else ' stroke="#111" stroke-width="1.5"'
    colour = s.cfg.colours[car]
    return (f'<g class="{"car mine" if mine else "car"}" data-colour="{colour}">'
            f'<title>{html.escape(_car_words(s, car, None if not mine else owner))}</title>'
            f'<rect x="{cx - w / 2 + 3:g}" y="{cy - h / 2 - 3:g}" width="8" height="{h + 6}" '
            'rx="2" fill="#111"/>'
            f'<rect x="{cx + w / 2 - 11:g}" y="{cy - h / 2 - 3:g}" width="8" height="{h + 6}" '
            'rx="2" fill="#111"/>'
            f'<rect x="{cx - w / 2:g}" y="{cy - h / 2:g}" width="{w}" height="{h}" rx="9" '
            f'fill="{CAR_FILL[car]}"{stroke}/>'
            f'<text x="{cx:g}" y="{cy - 2:g}" text-anchor="middle" font-size="12" '
            f'font-weight="bold" fill="{_TEXT_ON[car]}">{colour}</text>'
            f'<text x="{cx:g}" y="{cy + 12:g}" text-anchor="middle" font-size="12" '
            f'fill="{_TEXT_ON[car]}">{tag}</text></g>')


def _lines_of(parts: list[str], text: str, y: float, size: int = 13, bold: bool = True) -> float:
    """``text`` wrapped to the board's width from ``y``; the y of its last line."""
    weight = ' font-weight="bold"' if bold else ""
    for i, piece in enumerate(wrap(text, int((WIDTH - 16) / (size * (0.66 if bold else 0.6))))):
        y += (size + 5) * (i > 0)
        parts.append(f'<text x="8" y="{y:g}" font-size="{size}"{weight}>'
                     f'{html.escape(piece)}</text>')
    return y


def seen_hand(s: State, viewer: int) -> list[str]:
    """The names of the cards of ``viewer``'s hand that ``viewer`` may see (the observation
    hides only the others' hands: ``hidden_paths``)."""
    hidden = set(hidden_paths(s, viewer))
    return [s.cfg.kinds[k].name for i, k in enumerate(s.hands[viewer])
            if f"hands/{viewer}/{i}" not in hidden]


_SMALL_CARD = 134


def _card_and_hand(s: State, viewer: int | None, card: str | None, y: float
                   ) -> tuple[float, str]:
    """The card in play (its current number marked) and the viewer's hand, from ``y`` down."""
    parts: list[str] = []
    playing = s.cfg.kinds[s.card].name if s.card != OFF else None
    shown = playing or card
    if shown:
        step = s.step if playing else -1
        head = "Card in play" if playing else "Card"
        y = _lines_of(parts, f"{head}, numbers carried out top to bottom:", y + 14)  # F1-20
        y = _card(s, parts, shown, 8, y + 8, step)
    if viewer is not None:
        hand = seen_hand(s, viewer)
        y = _lines_of(parts, f"Your hand (Player {viewer}, {counted(len(hand), 'card')}; the "
                      "others' hands are hidden):", y + 18)
        x, row_y, tallest = 8.0, y + 8, 0.0
        for name in hand:
            if x + _SMALL_CARD > WIDTH - 4:
                x, row_y = 8, row_y + tallest + 6
            bottom = _card(s, parts, name, x, row_y, -1, small=True)
            tallest = max(tallest, bottom - row_y)
            x += _SMALL_CARD + 6
        y = row_y + tallest
    return y + 10, "\n".join(parts)


def _card(s: State, parts: list[str], name: str, x: float, y: float, step: int,
          small: bool = False) -> float:
    """Draw the card called ``name`` at (x, y), one line per number; the bottom y."""
    colours = s.cfg.colours
    spec = next(k for k in s.cfg.kinds if k.name == name)
    lines: list[tuple[str, int | None]]
    if spec.switch is not None:
        lines = [(f"Switch {colours[spec.switch[0]]}-{colours[spec.switch[1]]}", None)]
    else:
        lines = [(f"{'White' if c < 0 else colours[c]} {n}", c) for c, n in spec.numbers]
    lh = 17 if small else 20
    width = _SMALL_CARD if small else 240
    parts.append(f'<rect x="{x:g}" y="{y:g}" width="{width}" height="{len(lines) * lh + 8}" '
                 'rx="6" fill="#fffdf5" stroke="#777"><title>'
                 f'{html.escape(name)} (synthetic card)</title></rect>')
    for i, (text, c) in enumerate(lines):
        ty = y + 4 + (i + 1) * lh - 4
        fill = "#fff" if c is None or c < 0 else CAR_FILL[c]
        parts.append(f'<rect x="{x + 4:g}" y="{ty - lh + 6:g}" width="10" height="{lh - 6}" '
                     f'fill="{fill}" stroke="#555"/>')
        weight = ' font-weight="bold" fill="#c00000"' if i == step else ""
        arrow = "  &#8592; now" if i == step else ""
        parts.append(f'<text x="{x + 18:g}" y="{ty:g}" font-size="{12 if small else 13}"'
                     f'{weight}>{html.escape(text)}{arrow}</text>')
    return y + len(lines) * lh + 8
