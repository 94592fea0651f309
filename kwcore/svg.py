"""SVG rendering of a position: the whole table at a glance, as one self-contained string.

Covers what a player sees of a position, like ``kwcore.render.text_board`` but drawn: the action
chain as a ring of 16 spaces (RULINGS Components), the circuit with every car and its laps, the
market (with a car being built drawn in the space it will take), the buyers, the investor track,
the recruit area, the price chart, the achievements and one panel per company. Company colours
are the same everywhere. Placeholder component data (RULINGS) is flagged with ``*`` and a
footnote. In the hidden-score variant every reputation shows as ``?`` until the end.

The drawing is a viewBox ``WIDTH`` units wide with ``width="100%"``: it scales to its container
(up to ``MAX_WIDTH`` px), and no text is smaller than ``MIN_FONT`` units, so text stays at least
11 px whenever the board is drawn 920 px wide or more. The board is made of horizontal bands
(``BANDS``); ``parts`` draws only some of them (a teaching view), ``highlight`` outlines named
elements (CSS class ``kw-highlight``) with an optional note, and ``banner`` replaces the line
saying who decides (for a scene that shows scoring, which happens between decisions).
Standard library only (no widget code): notebooks may display the string as they like.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from kwcore import rules
from kwcore.config import CAR_TECH, CATEGORIES, PREFERENCES, Config, tech_words
from kwcore.render import decision_words

if TYPE_CHECKING:
    from kwcore.state import Car, Company, State

WIDTH = 1000
MAX_WIDTH = 1300
MIN_FONT = 12
CHAIN_SPACES = 16
BANDS = ("rings", "market", "buyers", "tracks", "companies")
"""The board's horizontal bands, top to bottom (the header is always drawn)."""
COMPANY_COLOURS = {
    "Green": "#3a9d5d",
    "Blue": "#3b73c4",
    "Red": "#d1495b",
    "Orange": "#f08a24",
}
_FALLBACK = ("#7a5195", "#2f4b7c", "#a05195", "#665191")
NEUTRAL = "#9a9a9a"
HIGHLIGHT = "#f2c14e"
MARK = "#d7263d"  # the outline of a highlighted element
INK = "#222222"
PAPER = "#fbf8f1"
PANEL = "#ffffff"
FONT = "font-family=\"Helvetica, Arial, sans-serif\""
_ATTR = {'"': "&quot;"}
_HEADER_H = 66.0
_BAND_H = {"rings": 420.0, "market": 185.0, "buyers": 140.0, "tracks": 205.0,
           "companies": 305.0}
# Which band draws an element named by a highlight key (the part before the first colon).
_KEY_BAND = {
    "header": "header", "chain": "rings", "tile": "rings", "marker": "rings",
    "in-play": "rings", "start-offer": "rings", "circuit": "rings", "car": "rings", "pit": "rings",
    "market": "market", "slot": "market", "buyers": "buyers", "buyer": "buyers",
    "stack": "buyers", "stacks": "buyers", "market-marker": "buyers", "buick": "buyers",
    "investors": "tracks", "recruit": "tracks", "chart": "tracks", "achievements": "tracks",
    "achievement": "tracks", "company": "companies",
}


def company_colour(cfg: Config, p: int) -> str:
    """The fill colour of company ``p`` (seat order), the same in every part of the board."""
    name = cfg.companies[p]
    return COMPANY_COLOURS.get(name, _FALLBACK[p % len(_FALLBACK)])


def band_of(key: str) -> str:
    """The band that draws the element a highlight key names; ValueError for an unknown key.

    Keys: ``header``; ``chain``, ``tile:NAME``, ``marker:COMPANY``, ``in-play``,
    ``start-offer`` (the start tiles on offer in the warm-up); ``circuit``,
    ``car:COMPANY`` (or ``car:neutral``), ``pit``; ``market``, ``slot:N`` (1-6); ``buyers``,
    ``buyer:N`` (active space), ``stack:PREFERENCE``, ``stacks``, ``market-marker``, ``buick``;
    ``investors``, ``recruit``, ``recruit:NAME``, ``chart``, ``achievements``,
    ``achievement:NAME``; ``company:COMPANY`` and ``company:COMPANY:ROW`` with ROW one of
    ``rep``, ``workers``, ``race``, ``workshops``, ``research``, ``engineers``, ``tokens``,
    ``investors``, ``tech``, ``car``, ``new``.
    """
    band = _KEY_BAND.get(key.split(":", 1)[0])
    if band is None:
        raise ValueError(f"highlight key {key!r} names no part of the board")
    return band


class _Marks:
    """The highlighted elements of one drawing: which keys, their notes, which were drawn."""

    def __init__(self, highlight: Mapping[str, str]) -> None:
        self.notes = dict(highlight)
        self.drawn: set[str] = set()

    def halo(self, key: str, x: float, y: float, w: float, h: float,
             below: bool = False) -> str:
        """An outline around the box of element ``key`` if it is highlighted, else ""."""
        if key not in self.notes:
            return ""
        self.drawn.add(key)
        out = [_rect(x - 3, y - 3, w + 6, h + 6, fill=MARK, stroke=MARK, sw=3.5, rx=6,
                     extra=f' fill-opacity="0.10" class="kw-highlight" '
                           f'data-highlight="{_a(key)}"')]
        note = self.notes[key]
        if note:
            # A white label on the outline's top edge (or below it), readable over anything.
            ny = y + h + 20 if below or y < 40 else y - 6
            nw = 0.6 * 14 * len(note) + 10
            nx = min(x, WIDTH - 4 - nw)
            out.append(_rect(nx - 2, ny - 15, nw, 20, fill="#ffffff", stroke=MARK, sw=1.5, rx=5,
                             extra=' class="kw-highlight-note"'))
            out.append(_text(nx + 3, ny, note, 14, weight="bold", fill=MARK))
        return "".join(out)


def _a(value: object) -> str:
    return escape(str(value), _ATTR)


def _n(v: float) -> str:
    """A coordinate to one decimal, without a trailing ".0" (a board is redrawn after every
    move: its size is what every click sends to the browser)."""
    text = f"{v:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _text(x: float, y: float, s: object, size: int = MIN_FONT, anchor: str = "start",
          weight: str = "normal", fill: str = INK, extra: str = "") -> str:
    # SVG's own defaults (start, normal) and the picture's (font size, ink) are left out.
    size = max(size, MIN_FONT)  # nothing smaller: the board must stay readable when scaled
    attrs = "" if size == MIN_FONT else f' font-size="{size}"'
    attrs += "" if anchor == "start" else f' text-anchor="{anchor}"'
    attrs += "" if weight == "normal" else f' font-weight="{weight}"'
    attrs += "" if fill == INK else f' fill="{fill}"'
    return f'<text x="{_n(x)}" y="{_n(y)}"{attrs}{extra}>{escape(str(s))}</text>'


def _rect(x: float, y: float, w: float, h: float, fill: str = PANEL, stroke: str = "#888",
          sw: float = 1.0, rx: float = 4, extra: str = "") -> str:
    width = "" if sw == 1 else f' stroke-width="{sw}"'
    return (f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{rx}" '
            f'fill="{fill}" stroke="{stroke}"{width}{extra}/>')


def _circle(x: float, y: float, r: float, fill: str, stroke: str = INK, sw: float = 1.0,
            extra: str = "") -> str:
    width = "" if sw == 1 else f' stroke-width="{sw}"'
    return (f'<circle cx="{_n(x)}" cy="{_n(y)}" r="{_n(r)}" fill="{fill}" '
            f'stroke="{stroke}"{width}{extra}/>')


def _title(s: str) -> str:
    return f"<title>{escape(s)}</title>"


def _fit(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "\u2026"


def _chars(width: float, size: int = MIN_FONT) -> int:
    """How many characters of ``size`` fit in ``width`` (Helvetica averages 0.55 em)."""
    return max(4, int(width / (0.55 * size)))


def board_svg(state: State, viewer: int | None = None,
              highlight: Mapping[str, str] | Iterable[str] | None = None,
              banner: str | None = None, parts: Sequence[str] | None = None) -> str:
    """The position as a self-contained SVG document that scales to its container's width.

    ``viewer`` only matters in the hidden-score variant: that company's own reputation is shown,
    every other one is drawn as ``?`` until the game ends. ``highlight`` names elements to
    outline (keys as in ``band_of``; a mapping gives each a note drawn beside it). ``banner``
    replaces the line saying who decides, and no company is then marked as playing. ``parts``
    draws only these bands (``BANDS``) below the header; None draws them all. A highlight key
    that names nothing drawn raises ValueError. Rendering never changes ``state``.
    """
    s = state
    cfg = s.cfg
    marks = _Marks(highlight if isinstance(highlight, Mapping)
                   else dict.fromkeys(highlight or (), ""))
    bands = list(BANDS) if parts is None else [b for b in BANDS if b in parts]
    unknown = [b for b in (parts or ()) if b not in BANDS]
    if unknown:
        raise ValueError(f"unknown board parts {unknown}; the parts are {', '.join(BANDS)}")
    playing = -1 if banner is not None else s.current_player
    body: list[str] = [_header(s, banner, playing, marks)]
    y = _HEADER_H
    for band in bands:
        h = _BAND_H[band]
        if band == "rings":
            body.append(_chain_ring(s, 272, y + 218, 218, 168, playing, banner, marks, y))
            body.append(_circuit_ring(s, 772, y + 222, 142, marks, y))
        elif band == "market":
            body.append(_market(s, y + 22, marks))
        elif band == "buyers":
            body.append(_buyers(s, y + 20, marks))
        elif band == "tracks":
            body.append(_tracks(s, y + 20, marks))
        else:
            body.append(_companies(s, y + 8, h - 22, viewer, playing, marks))
        y += h
    if cfg.placeholders and parts is None:
        note = "* placeholder component data: " + "; ".join(cfg.placeholders)
        for line in textwrap.wrap(note, _chars(WIDTH - 40)):
            body.append(_text(20, y + 4, line, fill="#8a4b08",
                              extra=' data-placeholder-note="1"'))
            y += 17
    missing = sorted(set(marks.notes) - marks.drawn)
    if missing:
        raise ValueError(f"highlight keys {missing} name nothing drawn on this board")
    height = int(y + 12)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="100%" '
            f'viewBox="0 0 {WIDTH} {height}" preserveAspectRatio="xMinYMin meet" '
            f'style="max-width: {MAX_WIDTH}px; height: auto; display: block" {FONT} '
            f'font-size="{MIN_FONT}" fill="{INK}">')
    bg = _rect(0, 0, WIDTH, height, fill=PAPER, stroke="none", rx=0)
    return "\n".join([head, bg, *body, "</svg>"]) + "\n"


# --- header ---------------------------------------------------------------------------------------
def _header(s: State, banner: str | None, playing: int, marks: _Marks) -> str:
    cfg = s.cfg
    variant = " \u2014 hidden scores" if s.hidden_scores else ""
    when = f"round {s.round} of {cfg.rounds}" if s.round else "warm-up before round 1"
    out = [_text(20, 28, f"Kraftwagen \u2014 {cfg.players} companies \u2014 {when}{variant}", 20,
                 weight="bold")]
    if banner is None:
        colour = company_colour(cfg, playing) if 0 <= playing < cfg.players else NEUTRAL
        out.append(_circle(28, 50, 8, colour))
        out.append(_text(44, 56, decision_words(s), 16, extra=' data-turn="1"'))
    else:
        out.append(_rect(18, 38, 10, 22, fill=MARK, stroke="none", rx=2))
        out.append(_text(36, 56, _fit(banner, _chars(WIDTH - 60, 16)), 16, weight="bold",
                         extra=' data-turn="1" data-banner="1"'))
    out.append(marks.halo("header", 16, 38, WIDTH - 32, 24, below=True))
    return "\n".join(out)


# --- action chain ---------------------------------------------------------------------------------
def _ring_point(cx: float, cy: float, rx: float, ry: float, i: int,
                n: int) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * i / n
    return cx + rx * math.cos(angle), cy + ry * math.sin(angle)


def _chain_ring(s: State, cx: float, cy: float, rx: float, ry: float, playing: int,
                banner: str | None, marks: _Marks, top: float) -> str:
    cfg = s.cfg
    n_tiles = len(cfg.tiles)
    star = "*" if cfg.placeholders else ""
    out = ['<g data-part="chain">',
           _text(20, top + 22, f"Action chain{star}", 16, weight="bold"),
           f'<ellipse cx="{cx}" cy="{cy}" rx="{rx}" ry="{ry}" fill="none" stroke="#d8d0c0" '
           f'stroke-width="10"/>']
    chain = s.chain
    tw, th = 84.0, 42.0
    for i in range(CHAIN_SPACES):
        x, y = _ring_point(cx, cy, rx, ry, i, CHAIN_SPACES)
        if i >= len(chain):
            out.append(_rect(x - tw / 2, y - th / 2, tw, th, fill="none", stroke="#bbb",
                             extra=' stroke-dasharray="4 3"'))
            continue
        item = chain[i]
        if item >= n_tiles:
            p = item - n_tiles
            name = cfg.companies[p]
            out.append(f'<g data-company-marker="{_a(name)}">{_title(name + " marker")}')
            out.append(_circle(x, y - 4, 17, company_colour(cfg, p), sw=1.5))
            out.append(_text(x, y + 1, name[0], 15, "middle", "bold", "#fff"))
            out.append(_text(x, y + 26, name, 12, "middle", "bold"))
            out.append("</g>")
            out.append(marks.halo(f"marker:{name}", x - 30, y - 22, 60, 52))
        else:
            tile = cfg.tiles[item]
            in_play = item == s.picked
            fill = HIGHLIGHT if in_play else PANEL
            mark = "*" if tile.placeholder else ""
            flag = ' data-in-play="1"' if in_play else ""
            out.append(f'<g data-tile="{_a(tile.name)}"{flag}>'
                       + _title(tile.title + " tile" + (" (in play)" if in_play else "")))
            out.append(_rect(x - tw / 2, y - th / 2, tw, th, fill=fill,
                             stroke="#b5651d" if in_play else "#777", sw=3 if in_play else 1))
            words = tile.title.split(" + ")
            words[-1] += mark
            lines = _split_words(words)
            first = y + 4.5 - 7 * (len(lines) - 1)
            for k, line in enumerate(lines):
                out.append(_text(x, first + 14 * k, line, 12, "middle"))
            out.append("</g>")
            out.append(marks.halo(f"tile:{tile.name}", x - tw / 2, y - th / 2, tw, th))
            if in_play:
                out.append(marks.halo("in-play", x - tw / 2, y - th / 2, tw, th))
        if i == 0:
            out.append(_text(x, y - th / 2 - 6, "TAIL \u25b6", 12, "middle", "bold", "#b5651d"))
        if i == len(chain) - 1:
            out.append(_text(x, y + th / 2 + 15, "HEAD", 12, "middle", "bold", "#b5651d"))
    if banner is not None:  # the scene shows something between decisions, e.g. scoring
        out.append(_text(cx, cy, _fit(banner.split(":", 1)[0], 22), 16, "middle", "bold"))
    elif 0 <= playing < cfg.players:
        out.append(_circle(cx, cy - 34, 15, company_colour(cfg, playing), sw=1.5))
        out.append(_text(cx, cy, f"{cfg.companies[playing]} to play", 16, "middle", "bold"))
    elif s.is_terminal():
        out.append(_text(cx, cy, "Game over", 16, "middle", "bold"))
    else:
        out.append(_text(cx, cy, "Chance to resolve", 15, "middle", "bold"))
    out.append(_text(cx, cy + 20, "tail \u2192 head, clockwise", 12, "middle", fill="#666"))
    if s.picked >= 0 and s.picked not in chain:
        name = cfg.tiles[s.picked].title
        out.append(_rect(cx - 80, cy + 32, 160, 26, fill=HIGHLIGHT, stroke="#b5651d", sw=2))
        out.append(_text(cx, cy + 50, _fit(name, 24), 12, "middle", extra=' data-in-play="1"'))
        out.append(marks.halo("in-play", cx - 80, cy + 32, 160, 26))
    if s.start_offer and s.decision() == "choose_start":  # the warm-up's start tiles
        first = cy + 44
        out.append(_text(cx, first - 4, "Start tiles on offer:", 12, "middle", "bold"))
        for k, start in enumerate(s.start_offer):
            out.append(_rect(cx - 110, first + 24 * k, 220, 21, fill=PANEL, stroke="#777"))
            out.append(_text(cx, first + 24 * k + 15, _fit(cfg.start_tiles[start].title, 32),
                             12, "middle", extra=' data-start-offer="1"'))
        out.append(marks.halo("start-offer", cx - 112, first - 18, 224,
                              24 * len(s.start_offer) + 20))
    out.append(marks.halo("chain", 10, top + 4, cx + rx + tw / 2 - 4, 2 * ry + 90))
    out.append("</g>")
    return "\n".join(out)


def _split_words(words: list[str]) -> list[str]:
    """A tile's action words on lines of at most 13 characters, joined by " + "."""
    lines: list[str] = []
    for k, w in enumerate(words):
        piece = w + (" +" if k < len(words) - 1 else "")
        if lines and len(lines[-1]) + 1 + len(piece) <= 13:
            lines[-1] += " " + piece
        else:
            lines.append(piece)
    return lines


# --- circuit --------------------------------------------------------------------------------------
def _car_shape(x: float, y: float, fill: str, label: str, tip: str, extra: str = "") -> str:
    return (f'<g{extra}>{_title(tip)}'
            + _rect(x - 16, y - 10, 32, 19, fill=fill, stroke=INK, rx=6)
            + _circle(x - 9, y + 9, 3.5, INK, sw=0) + _circle(x + 9, y + 9, 3.5, INK, sw=0)
            + _text(x, y + 4.5, label, 12, "middle", "bold", "#fff") + "</g>")


def _circuit_ring(s: State, cx: float, cy: float, r: float, marks: _Marks,
                  top: float) -> str:
    cfg = s.cfg
    length = cfg.circuit_length
    star = "*" if "circuit length" in cfg.placeholders else ""
    out = ['<g data-part="circuit">',
           _text(WIDTH - 20, top + 22, f"Circuit{star} ({length} spaces)", 16, "end", "bold"),
           f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#555" stroke-width="32"/>',
           f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#777" stroke-width="1" '
           f'stroke-dasharray="6 6"/>']
    # Finish line just before space 1.
    fx0, fy0 = _ring_point(cx, cy, r - 17, r - 17, 0, 2 * length)
    fx1, fy1 = _ring_point(cx, cy, r + 17, r + 17, 0, 2 * length)
    out.append(f'<line x1="{fx0:.1f}" y1="{fy0:.1f}" x2="{fx1:.1f}" y2="{fy1:.1f}" '
               f'stroke="#fff" stroke-width="4" stroke-dasharray="4 4"/>')
    out.append(_text(fx1, fy1 - 6, "finish", 12, "middle", fill="#555"))
    for sp in range(1, length + 1):
        x, y = _ring_point(cx, cy, r, r, 2 * sp - 1, 2 * length)
        out.append(_circle(x, y, 12, "#eeeeee", "#333"))
        out.append(_text(x, y + 4.5, sp, 12, "middle"))
    stacked: dict[int, int] = {}
    pit: list[tuple[str, str, str, str]] = []
    cars: list[tuple[int, str, str, str, str, str]] = []
    for p, c in enumerate(s.companies):
        name = cfg.companies[p]
        colour = company_colour(cfg, p)
        if c.progress <= 0:
            pit.append((colour, name[0], f"{name}: pit lane", name))
            continue
        sp = rules.space_of(length, c.progress)
        laps = rules.laps_of(length, c.progress)
        tip = f"{name}: space {sp}, {laps} lap{'s' if laps != 1 else ''}"
        cars.append((sp, colour, f"{name[0]}{laps}", tip, f' data-car="{_a(name)}"', name))
    for sp in cfg.neutral_cars:
        cars.append((sp, NEUTRAL, "N", f"neutral car: space {sp}", ' data-car="neutral"',
                     "neutral"))
    for sp, colour, label, tip, extra, name in cars:
        k = stacked.get(sp, 0)
        stacked[sp] = k + 1
        # Cars sharing a space alternate outside and inside the track.
        offset = (36 + 22 * (k // 2)) * (1 if k % 2 == 0 else -1)
        x, y = _ring_point(cx, cy, r + offset, r + offset, 2 * sp - 1, 2 * length)
        out.append(_car_shape(x, y, colour, label, tip, extra))
        out.append(marks.halo(f"car:{name}", x - 16, y - 10, 32, 23))
    first = cfg.companies[0]  # the car labels in words, by one example
    out.append(_text(cx, cy - 62, f"{first[0]}1 on a car = {first}, 1 lap done", 12, "middle",
                     fill="#555"))
    out.append(_text(cx, cy - 24, "Pit lane", 13, "middle", "bold"))
    if pit:
        for k, (colour, label, tip, name) in enumerate(pit):
            x = cx - 19 * (len(pit) - 1) + 38 * k
            out.append(_car_shape(x, cy + 2, colour, label, tip, f' data-pit="{_a(name)}"'))
            out.append(marks.halo(f"car:{name}", x - 16, cy - 8, 32, 23))
    else:
        out.append(_text(cx, cy + 6, "empty", 12, "middle", fill="#666"))
    out.append(marks.halo("pit", cx - 80, cy - 40, 160, 56))
    ly = cy + 36
    for p, c in enumerate(s.companies):
        laps = rules.laps_of(length, c.progress)
        where = "pit" if c.progress <= 0 else f"sp {rules.space_of(length, c.progress)}"
        out.append(_text(cx, ly + 14 * p, f"{cfg.companies[p]}: {where}, {laps} lap(s)", 12,
                         "middle", fill=company_colour(cfg, p), weight="bold"))
    out.append(marks.halo("circuit", cx - r - 70, top + 4, 2 * r + 140, 2 * r + 110))
    out.append("</g>")
    return "\n".join(out)


# --- market and buyers ----------------------------------------------------------------------------
_CAR_FRAMES = ("car_engine", "car_service", "car_price", "car_tech")


def _building(s: State) -> tuple[int, list[str]] | None:
    """The car being built at a market step: its owner and its parts chosen so far."""
    if s.decision() not in _CAR_FRAMES:
        return None
    _, p, *chosen = s.pending
    words = [f"Body {chosen[0]}"]
    words.append(f"Engine {chosen[1]}" if len(chosen) > 1 else "Engine ?")
    if len(chosen) > 3:
        service = chosen[2] + (s.cfg.salesman_service if chosen[3] else 0)
        words.append(f"Service {service} ({chosen[2]}w" + ("+salesman)" if chosen[3] else ")"))
    else:
        words.append("Service ?")
    words.append(f"Price {chosen[4]}" if len(chosen) > 4 else "Price ?")
    return int(p), words


def _market(s: State, y: float, marks: _Marks) -> str:
    cfg = s.cfg
    out = ['<g data-part="market">', _text(20, y - 2, "Market", 16, weight="bold")]
    w, gap, h = 150.0, 10.0, 128.0
    building = _building(s)
    new_slot = s.market.index(None) if building and None in s.market else -1
    for slot, car in enumerate(s.market):
        x = 20 + slot * (w + gap)
        top = y + 24  # room for a note above a car
        if slot == new_slot and building is not None:
            out.append(_car_in_progress(cfg, building[0], building[1], x, top, w, h))
        elif car is None:
            out.append(_rect(x, top, w, h, fill="none", stroke="#bbb",
                             extra=' stroke-dasharray="4 3"'))
            out.append(_text(x + w / 2, top + 68, f"{slot + 1}: empty", 13, "middle",
                             fill="#888"))
        else:
            out.append(_market_car(cfg, car, slot, x, top, w, h))
        out.append(marks.halo(f"slot:{slot + 1}", x, top, w, h))
    out.append(marks.halo("market", 14, y - 20, WIDTH - 28, h + 48))
    out.append("</g>")
    return "\n".join(out)


def _car_in_progress(cfg: Config, p: int, words: list[str], x: float, top: float, w: float,
                     h: float) -> str:
    colour = company_colour(cfg, p)
    out = [f'<g data-building="{_a(cfg.companies[p])}">',
           _rect(x, top, w, h, fill="#fffbe8", stroke=colour, sw=2.5,
                 extra=' stroke-dasharray="7 4"'),
           _text(x + 6, top + 17, f"{cfg.companies[p]}: building", 13, weight="bold",
                 fill=colour)]
    for k, line in enumerate(words):
        out.append(_text(x + 8, top + 40 + 19 * k, line, 13,
                         fill="#999" if line.endswith("?") else INK))
    out.append("</g>")
    return "\n".join(out)


def _market_car(cfg: Config, car: Car, slot: int, x: float, top: float, w: float,
                h: float) -> str:
    colour = company_colour(cfg, car.owner)
    name = cfg.companies[car.owner]
    out = [f'<g data-market-slot="{slot + 1}" data-owner="{_a(name)}" '
           f'data-price="{car.price}">',
           _rect(x, top, w, h, stroke=colour, sw=2),
           _rect(x, top, w, 24, fill=colour, stroke=colour),
           _text(x + 6, top + 17, f"{slot + 1}. {name}", 13, weight="bold", fill="#fff")]
    body, engine = rules.body_value(car), rules.engine_value(car)
    body_s = f"{body}" + (f" ({car.body}+{body - car.body})" if body != car.body else "")
    engine_s = f"{engine}" + (f" ({car.engine}+{engine - car.engine})"
                              if engine != car.engine else "")
    service = rules.service_value(car, cfg.salesman_service)
    service_s = f"{service} ({car.workers}w" + ("+salesman)" if car.salesman else ")")
    out.append(_text(x + 8, top + 41, f"Body {body_s}", 13))
    out.append(_text(x + 8, top + 59, f"Engine {engine_s}", 13))
    out.append(_text(x + 8, top + 77, _fit(f"Service {service_s}", _chars(w - 12, 13)), 13))
    out.append(_text(x + 8, top + 102, "Price", 13))
    out.append(_text(x + 50, top + 104, car.price, 22, weight="bold",
                     extra=' data-kind="price"'))
    if car.tech >= 0:
        out.append(_rect(x + 6, top + 108, 76, 17, fill="#6c5b7b", stroke="none", rx=8))
        out.append(_text(x + 44, top + 121, tech_words(CAR_TECH[car.tech]), 12, "middle",
                         fill="#fff"))
    if car.invested:
        out.append(f"<g data-token=\"investment\">{_title('investment token')}"
                   + _circle(x + w - 22, top + 98, 14, HIGHLIGHT, "#8a6d00", 1.5)
                   + _text(x + w - 22, top + 103, "$", 14, "middle", "bold") + "</g>")
    out.append("</g>")
    return "\n".join(out)


def _buyers(s: State, y: float, marks: _Marks) -> str:
    cfg = s.cfg
    ty = y  # titles; the pieces sit lower, leaving room for a note above them
    y += 14
    out = ['<g data-part="buyers">', _text(20, ty, "Active buyers", 15, weight="bold")]
    for i, pref in enumerate(s.active):
        x = 20 + i * 82
        empty = pref < 0
        out.append(_rect(x, y + 10, 76, 44, fill="none" if empty else "#e8f0fa",
                         stroke="#bbb" if empty else "#3b73c4",
                         extra=' stroke-dasharray="4 3"' if empty else ""))
        out.append(_text(x + 6, y + 25, f"{i + 1}", 12, fill="#666"))
        out.append(_text(x + 38, y + 46, "-" if empty else PREFERENCES[pref], 13, "middle",
                         "bold", extra=f' data-active="{i + 1}"'))
        if s.packard[i]:
            out.append(_circle(x + 64, y + 20, 13, "#2b2b2b"))
            out.append(_text(x + 64, y + 24.5, f"+{s.packard[i]}", 12, "middle", "bold",
                             "#fff", extra=' data-packard="1"'))
        out.append(marks.halo(f"buyer:{i + 1}", x, y + 10, 76, 44))
    buick = PREFERENCES[s.buick] if s.buick >= 0 else "none"
    out.append(_text(20, y + 76, f"Buick's extra buyer: {buick}", 13,
                     extra=' data-buick="1"'))
    out.append(marks.halo("buick", 16, y + 62, 200, 20, below=True))
    out.append(marks.halo("buyers", 14, ty - 16, 82 * len(s.active) + 4, 114))
    mx = 20 + max(len(s.active), 3) * 82 + 14
    out.append(_text(mx, ty, "Market marker", 15, weight="bold"))
    last = max(cfg.market_marker_start, s.market_marker)
    for v in range(last + 1):
        here = v == s.market_marker
        out.append(_circle(mx + 14 + 30 * v, y + 32, 12, HIGHLIGHT if here else "#eee",
                           "#8a6d00" if here else "#999", 2.5 if here else 1,
                           extra=' data-market-marker="1"' if here else ""))
        out.append(_text(mx + 14 + 30 * v, y + 36.5, v, 12, "middle"))
    out.append(_text(mx, y + 66, "0 ends the action phase", 12, fill="#666"))
    out.append(marks.halo("market-marker", mx - 4, ty - 16, 150, 102))
    sx = 520
    out.append(_text(sx, ty, "Available buyers (white markers)", 15, weight="bold"))
    for k, (word, n, whites) in enumerate(zip(PREFERENCES, s.stacks, s.whites, strict=True)):
        x = sx + k * 118
        out.append(_rect(x, y + 10, 110, 46, fill="#f3efe6"))
        out.append(_text(x + 8, y + 28, word, 13, weight="bold"))
        out.append(_text(x + 102, y + 28, f"\u00d7{n}", 13, "end", "bold"))
        for j, v in enumerate(whites):
            out.append(_circle(x + 15 + 22 * j, y + 43, 9, "#ffffff", "#555"))
            out.append(_text(x + 15 + 22 * j, y + 47, v, 12, "middle"))
        out.append(marks.halo(f"stack:{word}", x, y + 10, 110, 46))
    out.append(marks.halo("stacks", sx - 4, ty - 16, 4 * 118, 90))
    out.append("</g>")
    return "\n".join(out)


# --- investor track, recruit area, price chart, achievements --------------------------------------
def _tracks(s: State, y: float, marks: _Marks) -> str:
    cfg = s.cfg
    star = "*" if any(r.placeholder for r in cfg.recruit) else ""
    out = ['<g data-part="tracks">', _text(20, y, "Investor track", 15, weight="bold")]
    for i in range(cfg.investor_spaces):
        x, top = 20 + (i % 2) * 96, y + 10 + (i // 2) * 32
        name = cfg.recruit[s.investor_track[i]].title if i < len(s.investor_track) else ""
        out.append(_rect(x, top, 90, 26, fill="#f3efe6" if name else "none",
                         stroke="#999" if name else "#ccc"))
        out.append(_text(x + 45, top + 18, _fit(name, 11) or f"{i + 1}", 12, "middle",
                         fill=INK if name else "#aaa"))
    out.append(marks.halo("investors", 16, y - 16, 196, 128))
    rx = 232
    out.append(_text(rx, y, f"Recruit{star} (face down, face up)", 15, weight="bold"))
    for k, cat in enumerate(CATEGORIES):
        top = y + 8 + k * 50
        out.append(_text(rx, top + 13, cat, 12, weight="bold"))
        left = s.stack_left[k]
        out.append(_rect(rx, top + 18, 28, 22, fill="#8b7d6b", stroke="#555", rx=2))
        out.append(_text(rx + 14, top + 34, left, 12, "middle", "bold", "#fff",
                         extra=f' data-face-down="{left}"'))
        for j, idx in enumerate(s.face_up[k]):
            spec = cfg.recruit[idx]
            label = spec.title + ("*" if spec.placeholder else "")
            x = rx + 34 + j * 112
            out.append(_rect(x, top + 18, 108, 22, fill="#fff", stroke="#777", rx=2))
            out.append(_text(x + 54, top + 34, _fit(label, 17), 12, "middle",
                             extra=f' data-recruit="{_a(spec.name)}"'))
            out.append(marks.halo(f"recruit:{spec.name}", x, top + 18, 108, 22))
    out.append(marks.halo("recruit", rx - 4, y - 16, 320, 176))
    cx = 570
    out.append(_text(cx, y, "Price chart", 15, weight="bold"))
    if s.chart:
        for j, v in enumerate(s.chart):
            px, py = cx + 14 + 30 * (j % 6), y + 26 + 30 * (j // 6)
            out.append(_circle(px, py, 13, "#fff", "#555"))
            out.append(_text(px, py + 4.5, v, 12, "middle", extra=' data-chart="1"'))
    else:
        out.append(_text(cx, y + 28, "no price markers", 12, fill="#666"))
    out.append(marks.halo("chart", cx - 4, y - 16, 186, 108))
    ax = 768
    out.append(_text(ax, y, "Achievements", 15, weight="bold"))
    for i, (ach, owner) in enumerate(zip(cfg.achievements, s.achievements, strict=True)):
        top = y + 6 + i * 17  # ten rows fit above the company panels
        done = owner >= 0
        fill = company_colour(cfg, owner) if done else "#fff"
        out.append(_rect(ax, top, 218, 15, fill=fill, stroke="#999", rx=3,
                         extra=f' data-achievement="{_a(ach.name)}" '
                               f'data-open="{0 if done else 1}"'))
        who = f" \u2014 {cfg.companies[owner]}" if done else ""
        out.append(_text(ax + 5, top + 12, _fit(f"{ach.title} +{ach.points}{who}", 34), 12,
                         fill="#fff" if done else INK))
        out.append(marks.halo(f"achievement:{ach.name}", ax, top, 218, 15))
    out.append(marks.halo("achievements", ax - 4, y - 16, 226, 196))
    out.append("</g>")
    return "\n".join(out)


# --- company panels -------------------------------------------------------------------------------
def _companies(s: State, y: float, h: float, viewer: int | None, playing: int,
               marks: _Marks) -> str:
    cfg = s.cfg
    n = cfg.players
    w = (WIDTH - 40 - 10 * (n - 1)) / n
    out = ['<g data-part="companies">']
    for p, c in enumerate(s.companies):
        x = 20 + p * (w + 10)
        hidden = s.hidden_scores and not s.is_terminal() and viewer != p
        out.append(_company_panel(s, p, c, x, y, w, h, hidden, playing == p, marks))
    out.append("</g>")
    return "\n".join(out)


_SALESMAN = {"unused": "none yet", "box": "out of the game", "canteen": "in the canteen",
             "team": "in the racing team", "market": "on a car", "supply": "in the supply"}


def _new_tile(s: State, p: int) -> str | None:
    """The tile a Build action or the Engine 3 benefit is placing now, as a chip label."""
    if s.decision() != "place" or s.pending[1] != p:
        return None
    kind, value = s.pending[2], s.pending[3]
    return ("B" if kind == 0 else "E") + str(value)


def _company_panel(s: State, p: int, c: Company, x: float, y: float, w: float, h: float,
                   hidden: bool, turn: bool, marks: _Marks) -> str:
    cfg = s.cfg
    name = cfg.companies[p]
    colour = company_colour(cfg, p)
    key = f"company:{name}"
    out = [f'<g data-company="{_a(name)}">',
           _rect(x, y, w, h, stroke=HIGHLIGHT if turn else colour, sw=4 if turn else 2),
           _rect(x, y, w, 28, fill=colour, stroke=colour),
           _text(x + 8, y + 20, name + (" \u25c0 plays" if turn else ""), 15, weight="bold",
                 fill="#fff")]
    rep = "?" if hidden else str(c.reputation)
    out.append(_text(x + w - 8, y + 20, f"Rep {rep}", 15, "end", "bold", "#fff",
                     extra=f' data-reputation="{_a(rep)}"'))
    out.append(marks.halo(f"{key}:rep", x + w - 80, y + 2, 76, 24))
    room = _chars(w - 14)
    row = 18.0

    def line(ty: float, text: str, sub: str, bold: bool = False) -> None:
        out.append(_text(x + 7, ty, _fit(text, room), 12, weight="bold" if bold else "normal"))
        out.append(marks.halo(f"{key}:{sub}", x + 3, ty - 13, w - 6, 17))

    ty = y + 46
    out.append(_text(x + 7, ty, _fit(f"Canteen {c.canteen} \u00b7 Supply {c.supply}", room)))
    out.append(_text(x + 7, ty + row, _fit(f"Salesman: {_SALESMAN[c.salesman]}", room)))
    out.append(marks.halo(f"{key}:workers", x + 3, ty - 13, w - 6, row + 17))
    ty += 2 * row
    line(ty, f"Race engine {c.race_engine} \u00b7 team {c.team}/{cfg.team_capacity}", "race")
    ty += row + 4
    out.append(_text(x + 7, ty, "Workshops", 12, weight="bold"))
    chips = [("B" if kind == 0 else "E") + str(value) for kind, value in c.workshops]
    for j, label in enumerate(chips):
        bx = x + 80 + j * 36
        if bx + 32 > x + w:
            break
        fill = "#a8844a" if label[0] == "B" else "#4f74b3"
        tip = ("body " if label[0] == "B" else "engine ") + label[1:]
        out.append(f"<g>{_title(tip)}" + _rect(bx, ty - 14, 32, 19, fill=fill, stroke="#555", rx=3)
                   + _text(bx + 16, ty + 0.5, label, 12, "middle", "bold", "#fff") + "</g>")
    if not chips:
        out.append(_text(x + 80, ty, "empty", 12, fill="#888"))
    out.append(marks.halo(f"{key}:workshops", x + 3, ty - 17, w - 6, 24))
    new = _new_tile(s, p)
    ty += row + 6
    if new is not None:
        out.append(_text(x + 7, ty, "New tile", 12, weight="bold", fill=MARK))
        out.append(_rect(x + 80, ty - 14, 32, 19, fill="#fffbe8", stroke=MARK, rx=3,
                         extra=' stroke-dasharray="4 2" data-new-tile="1"'))
        out.append(_text(x + 96, ty + 0.5, new, 12, "middle", "bold"))
        out.append(_text(x + 118, ty, "where?", 12, fill=MARK))
        out.append(marks.halo(f"{key}:new", x + 3, ty - 17, w - 6, 24))
    ty += row + 2
    research_top = ty
    for label, value in (("Body", c.body_track), ("Engine", c.engine_track)):
        out.append(_text(x + 7, ty, f"{label} research", 12))
        bx, bw = x + 112, w - 150
        out.append(_rect(bx, ty - 10, bw, 11, fill="#eee", stroke="#bbb", rx=5))
        frac = min(1.0, value / max(1, cfg.research_max))
        out.append(_rect(bx, ty - 10, bw * frac, 11, fill=colour, stroke="none", rx=5))
        out.append(_text(x + w - 7, ty, f"{value}/{cfg.research_max}", 12, "end", "bold"))
        ty += row
    out.append(marks.halo(f"{key}:research", x + 3, research_top - 14, w - 6, 2 * row + 1))
    eng = ", ".join(cfg.recruit[e].title for e in c.engineers) or "-"
    inv = ", ".join(cfg.recruit[e].title for e in c.investors) or "-"
    line(ty, f"Engineers: {eng}", "engineers")
    ty += row
    line(ty, f"Engineer tokens: {c.engineer_tokens}", "tokens")
    ty += row
    line(ty, f"Investors: {inv}", "investors")
    ty += row
    line(ty, f"Technology: {', '.join(tech_words(x) for x in c.tech) or '-'}", "tech")
    ty += row
    length = cfg.circuit_length
    laps = rules.laps_of(length, c.progress)
    where = "pit lane" if c.progress <= 0 else f"space {rules.space_of(length, c.progress)}"
    line(ty, f"Racing car: {where}, {laps} lap(s)", "car")
    out.append(marks.halo(key, x, y, w, h))
    out.append("</g>")
    return "\n".join(out)
