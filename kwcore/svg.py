"""SVG rendering of a position: the whole table at a glance, as one self-contained string.

Covers what a player sees of a position, like ``kwcore.render.text_board`` but drawn: the action
chain as a ring of 16 spaces, the circuit with every car and its laps, the market and buyers, the
investor track, the recruit area, the price chart, the achievements and one panel per company.
Company colours are the same everywhere. Placeholder component data (RULINGS) is flagged with
``*`` and a footnote. In the hidden-score variant every reputation shows as ``?`` until the end.
Standard library only (no widget code): notebooks may display the string as they like.
"""

from __future__ import annotations

import math
import textwrap
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from kwcore import rules
from kwcore.config import CAR_TECH, CATEGORIES, PREFERENCES, Config
from kwcore.render import decision_words

if TYPE_CHECKING:
    from kwcore.state import Car, Company, State

WIDTH = 1000
CHAIN_SPACES = 16
COMPANY_COLOURS = {
    "Green": "#3a9d5d",
    "Blue": "#3b73c4",
    "Red": "#d1495b",
    "Orange": "#f08a24",
}
_FALLBACK = ("#7a5195", "#2f4b7c", "#a05195", "#665191")
NEUTRAL = "#9a9a9a"
HIGHLIGHT = "#f2c14e"
INK = "#222222"
PAPER = "#fbf8f1"
PANEL = "#ffffff"
FONT = "font-family=\"Helvetica, Arial, sans-serif\""
_ATTR = {'"': "&quot;"}


def company_colour(cfg: Config, p: int) -> str:
    """The fill colour of company ``p`` (seat order), the same in every part of the board."""
    name = cfg.companies[p]
    return COMPANY_COLOURS.get(name, _FALLBACK[p % len(_FALLBACK)])


def _a(value: object) -> str:
    return escape(str(value), _ATTR)


def _text(x: float, y: float, s: object, size: int = 12, anchor: str = "start",
          weight: str = "normal", fill: str = INK, extra: str = "") -> str:
    return (f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{extra}>{escape(str(s))}</text>')


def _rect(x: float, y: float, w: float, h: float, fill: str = PANEL, stroke: str = "#888",
          sw: float = 1.0, rx: float = 4, extra: str = "") -> str:
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{sw}"{extra}/>')


def _circle(x: float, y: float, r: float, fill: str, stroke: str = INK, sw: float = 1.0,
            extra: str = "") -> str:
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{sw}"{extra}/>')


def _title(s: str) -> str:
    return f"<title>{escape(s)}</title>"


def _fit(s: str, n: int) -> str:
    return s if len(s) <= n else s[: n - 1] + "\u2026"


def _text_colour(fill: str) -> str:
    return "#ffffff" if fill not in (HIGHLIGHT, PANEL, "#ffffff") else INK


def board_svg(state: State, viewer: int | None = None) -> str:
    """The whole position as a self-contained SVG document (about 1000 px wide).

    ``viewer`` only matters in the hidden-score variant: that company's own reputation is shown,
    every other one is drawn as ``?`` until the game ends. Rendering never changes ``state``.
    """
    s = state
    cfg = s.cfg
    parts: list[str] = []
    parts.append(_header(s))
    parts.append(_chain_ring(s, 250, 305, 195))
    parts.append(_circuit_ring(s, 760, 305, 150))
    y = 560.0
    parts.append(_market(s, y))
    y += 150
    parts.append(_buyers(s, y))
    y += 105
    parts.append(_tracks(s, y))
    y += 150
    panel_h = 215
    parts.append(_companies(s, y, panel_h, viewer))
    y += panel_h + 15
    if cfg.placeholders:
        note = "* placeholder component data: " + ", ".join(cfg.placeholders)
        for line in textwrap.wrap(note, 150):
            parts.append(_text(20, y + 4, line, 11, fill="#8a4b08",
                               extra=' data-placeholder-note="1"'))
            y += 15
    height = int(y + 10)
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{height}" '
            f'viewBox="0 0 {WIDTH} {height}" {FONT}>')
    bg = _rect(0, 0, WIDTH, height, fill=PAPER, stroke="none", rx=0)
    return "\n".join([head, bg, *parts, "</svg>"]) + "\n"


# --- header ---------------------------------------------------------------------------------------
def _header(s: State) -> str:
    cfg = s.cfg
    variant = " \u2014 hidden scores" if s.hidden_scores else ""
    out = [_text(20, 30, f"Kraftwagen \u2014 {cfg.players} companies \u2014 round {s.round} "
                          f"of {cfg.rounds}{variant}", 20, weight="bold")]
    p = s.current_player
    colour = company_colour(cfg, p) if 0 <= p < cfg.players else NEUTRAL
    out.append(_circle(28, 52, 7, colour))
    out.append(_text(42, 57, decision_words(s), 14, extra=' data-turn="1"'))
    return "\n".join(out)


# --- action chain ---------------------------------------------------------------------------------
def _ring_point(cx: float, cy: float, r: float, i: int, n: int) -> tuple[float, float]:
    angle = -math.pi / 2 + 2 * math.pi * i / n
    return cx + r * math.cos(angle), cy + r * math.sin(angle)


def _chain_ring(s: State, cx: float, cy: float, r: float) -> str:
    cfg = s.cfg
    n_tiles = len(cfg.tiles)
    star = "*" if cfg.placeholders else ""
    out = ['<g data-part="chain">',
           _text(20, 88, f"Action chain{star}", 15, weight="bold"),
           f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#d8d0c0" '
           f'stroke-width="10"/>']
    chain = s.chain
    for i in range(CHAIN_SPACES):
        x, y = _ring_point(cx, cy, r, i, CHAIN_SPACES)
        if i >= len(chain):
            out.append(_rect(x - 33, y - 17, 66, 34, fill="none", stroke="#bbb",
                             extra=' stroke-dasharray="4 3"'))
            continue
        item = chain[i]
        if item >= n_tiles:
            p = item - n_tiles
            name = cfg.companies[p]
            out.append(f'<g data-company-marker="{_a(name)}">{_title(name + " marker")}')
            out.append(_circle(x, y, 17, company_colour(cfg, p), sw=1.5))
            out.append(_text(x, y + 5, name[0], 14, "middle", "bold", "#fff"))
            out.append(_text(x, y + 30, name, 9, "middle"))
            out.append("</g>")
        else:
            tile = cfg.tiles[item]
            in_play = item == s.picked
            fill = HIGHLIGHT if in_play else PANEL
            mark = "*" if tile.placeholder else ""
            flag = ' data-in-play="1"' if in_play else ""
            out.append(f'<g data-tile="{_a(tile.name)}"{flag}>'
                       + _title(tile.name + (" (in play)" if in_play else "")))
            out.append(_rect(x - 35, y - 19, 70, 38, fill=fill,
                             stroke="#b5651d" if in_play else "#777", sw=3 if in_play else 1))
            words = tile.name.split("+")
            words[-1] += mark
            lines = ["+".join(words)] if len(tile.name) <= 11 else _split_words(words)
            top = y + 4 - 5.5 * (len(lines) - 1)
            for k, line in enumerate(lines):
                out.append(_text(x, top + 11 * k, line, 10, "middle"))
            out.append("</g>")
        if i == 0:
            out.append(_text(x, y - 24, "TAIL \u25b6", 10, "middle", "bold", "#b5651d"))
        if i == len(chain) - 1:
            out.append(_text(x, y + (34 if item >= n_tiles else 31), "HEAD", 10, "middle",
                             "bold", "#b5651d"))
    if s.picked >= 0 and s.picked not in chain:
        name = cfg.tiles[s.picked].name
        out.append(_rect(cx - 50, cy + 30, 100, 24, fill=HIGHLIGHT, stroke="#b5651d", sw=2))
        out.append(_text(cx, cy + 46, _fit(name, 16), 10, "middle", extra=' data-in-play="1"'))
        out.append(_text(cx, cy + 68, "in play", 10, "middle"))
    p = s.current_player
    if 0 <= p < cfg.players:
        out.append(_circle(cx, cy - 30, 14, company_colour(cfg, p), sw=1.5))
        out.append(_text(cx, cy, f"{cfg.companies[p]} to play", 14, "middle", "bold"))
    elif s.is_terminal():
        out.append(_text(cx, cy, "Game over", 14, "middle", "bold"))
    else:
        out.append(_text(cx, cy, "Chance to resolve", 13, "middle", "bold"))
    out.append(_text(cx, cy + 18, "tail \u2192 head, clockwise", 10, "middle", fill="#666"))
    out.append("</g>")
    return "\n".join(out)


def _split_words(words: list[str]) -> list[str]:
    lines: list[str] = []
    for k, w in enumerate(words):
        piece = w + ("+" if k < len(words) - 1 else "")
        if lines and len(lines[-1]) + len(piece) <= 11:
            lines[-1] += piece
        else:
            lines.append(piece)
    return lines


# --- circuit --------------------------------------------------------------------------------------
def _car_shape(x: float, y: float, fill: str, label: str, tip: str, extra: str = "") -> str:
    return (f'<g{extra}>{_title(tip)}'
            + _rect(x - 13, y - 8, 26, 16, fill=fill, stroke=INK, rx=6)
            + _circle(x - 7, y + 8, 3, INK, sw=0) + _circle(x + 7, y + 8, 3, INK, sw=0)
            + _text(x, y + 4, label, 9, "middle", "bold", "#fff") + "</g>")


def _circuit_ring(s: State, cx: float, cy: float, r: float) -> str:
    cfg = s.cfg
    length = cfg.circuit_length
    star = "*" if "circuit length" in cfg.placeholders else ""
    out = ['<g data-part="circuit">',
           _text(WIDTH - 20, 88, f"Circuit{star} ({length} spaces)", 15, "end", "bold"),
           f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#555" stroke-width="30"/>',
           f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="none" stroke="#777" stroke-width="1" '
           f'stroke-dasharray="6 6"/>']
    # Finish line just before space 1.
    fx0, fy0 = _ring_point(cx, cy, r - 16, 0, 2 * length)
    fx1, fy1 = _ring_point(cx, cy, r + 16, 0, 2 * length)
    out.append(f'<line x1="{fx0:.1f}" y1="{fy0:.1f}" x2="{fx1:.1f}" y2="{fy1:.1f}" '
               f'stroke="#fff" stroke-width="4" stroke-dasharray="4 4"/>')
    out.append(_text(fx1, fy1 - 6, "finish", 9, "middle", fill="#666"))
    for sp in range(1, length + 1):
        x, y = _ring_point(cx, cy, r, 2 * sp - 1, 2 * length)
        out.append(_circle(x, y, 11, "#eeeeee", "#333"))
        out.append(_text(x, y + 4, sp, 10, "middle"))
    stacked: dict[int, int] = {}
    pit: list[tuple[str, str, str]] = []
    cars: list[tuple[int, str, str, str, str]] = []
    for p, c in enumerate(s.companies):
        name = cfg.companies[p]
        colour = company_colour(cfg, p)
        if c.progress <= 0:
            pit.append((colour, name[0], f"{name}: pit lane"))
            continue
        sp = rules.space_of(length, c.progress)
        laps = rules.laps_of(length, c.progress)
        tip = f"{name}: space {sp}, {laps} lap{'s' if laps != 1 else ''}"
        cars.append((sp, colour, f"{name[0]}{laps}", tip, f' data-car="{_a(name)}"'))
    for sp in cfg.neutral_cars:
        cars.append((sp, NEUTRAL, "N", f"neutral car: space {sp}", ' data-car="neutral"'))
    for sp, colour, label, tip, extra in cars:
        k = stacked.get(sp, 0)
        stacked[sp] = k + 1
        # Cars sharing a space alternate outside and inside the track.
        offset = (32 + 20 * (k // 2)) * (1 if k % 2 == 0 else -1)
        x, y = _ring_point(cx, cy, r + offset, 2 * sp - 1, 2 * length)
        out.append(_car_shape(x, y, colour, label, tip, extra))
    out.append(_text(cx, cy - 60, "car label: initial + laps", 10, "middle", fill="#666"))
    out.append(_text(cx, cy - 20, "Pit lane", 12, "middle", "bold"))
    if pit:
        for k, (colour, label, tip) in enumerate(pit):
            x = cx - 15 * (len(pit) - 1) + 30 * k
            out.append(_car_shape(x, cy + 5, colour, label, tip))
    else:
        out.append(_text(cx, cy + 8, "empty", 10, "middle", fill="#666"))
    ly = cy + 32
    for p, c in enumerate(s.companies):
        laps = rules.laps_of(length, c.progress)
        where = "pit" if c.progress <= 0 else f"sp {rules.space_of(length, c.progress)}"
        out.append(_text(cx, ly + 12 * p, f"{cfg.companies[p]}: {where}, {laps} lap(s)", 10,
                         "middle", fill=company_colour(cfg, p), weight="bold"))
    out.append("</g>")
    return "\n".join(out)


# --- market and buyers ----------------------------------------------------------------------------
def _market(s: State, y: float) -> str:
    cfg = s.cfg
    out = ['<g data-part="market">', _text(20, y, "Market", 15, weight="bold")]
    w, gap = 150.0, 10.0
    for slot, car in enumerate(s.market):
        x = 20 + slot * (w + gap)
        top = y + 10
        if car is None:
            out.append(_rect(x, top, w, 125, fill="none", stroke="#bbb",
                             extra=' stroke-dasharray="4 3"'))
            out.append(_text(x + w / 2, top + 65, f"{slot + 1}: empty", 11, "middle",
                             fill="#999"))
            continue
        out.append(_market_car(cfg, car, slot, x, top, w))
    out.append("</g>")
    return "\n".join(out)


def _market_car(cfg: Config, car: Car, slot: int, x: float, top: float, w: float) -> str:
    colour = company_colour(cfg, car.owner)
    name = cfg.companies[car.owner]
    out = [f'<g data-market-slot="{slot + 1}" data-owner="{_a(name)}" '
           f'data-price="{car.price}">',
           _rect(x, top, w, 125, stroke=colour, sw=2),
           _rect(x, top, w, 22, fill=colour, stroke=colour),
           _text(x + 6, top + 16, f"{slot + 1}. {name}", 12, weight="bold", fill="#fff")]
    body, engine = rules.body_value(car), rules.engine_value(car)
    body_s = f"{body}" + (f" ({car.body}+{body - car.body})" if body != car.body else "")
    engine_s = f"{engine}" + (f" ({car.engine}+{engine - car.engine})"
                              if engine != car.engine else "")
    service = rules.service_value(car, cfg.salesman_service)
    service_s = f"{service} ({car.workers}w" + ("+salesman)" if car.salesman else ")")
    out.append(_text(x + 8, top + 40, f"Body {body_s}", 11))
    out.append(_text(x + 8, top + 56, f"Engine {engine_s}", 11))
    out.append(_text(x + 8, top + 72, f"Service {service_s}", 11))
    out.append(_text(x + 8, top + 100, "Price", 11))
    out.append(_text(x + 48, top + 102, car.price, 20, weight="bold",
                     extra=' data-kind="price"'))
    if car.tech >= 0:
        out.append(_rect(x + 8, top + 107, 58, 14, fill="#6c5b7b", stroke="none", rx=7))
        out.append(_text(x + 37, top + 118, CAR_TECH[car.tech], 9, "middle", fill="#fff"))
    if car.invested:
        out.append(f"<g>{_title('investment token')}"
                   + _circle(x + w - 20, top + 100, 12, HIGHLIGHT, "#8a6d00", 1.5)
                   + _text(x + w - 20, top + 104, "$", 12, "middle", "bold") + "</g>")
    out.append("</g>")
    return "\n".join(out)


def _buyers(s: State, y: float) -> str:
    cfg = s.cfg
    out = ['<g data-part="buyers">', _text(20, y, "Active buyers", 14, weight="bold")]
    for i, pref in enumerate(s.active):
        x = 20 + i * 80
        empty = pref < 0
        out.append(_rect(x, y + 10, 72, 40, fill="none" if empty else "#e8f0fa",
                         stroke="#bbb" if empty else "#3b73c4",
                         extra=' stroke-dasharray="4 3"' if empty else ""))
        out.append(_text(x + 36, y + 27, f"{i + 1}", 9, "middle", fill="#666"))
        out.append(_text(x + 36, y + 42, "-" if empty else PREFERENCES[pref], 11, "middle",
                         "bold"))
        if s.packard[i]:
            out.append(_circle(x + 66, y + 12, 10, "#2b2b2b"))
            out.append(_text(x + 66, y + 16, f"+{s.packard[i]}", 9, "middle", "bold", "#fff"))
    mx = 20 + max(len(s.active), 3) * 80 + 10
    out.append(_text(mx, y, "Market marker", 12, weight="bold"))
    top = max(cfg.market_marker_start, s.market_marker)
    for v in range(top + 1):
        here = v == s.market_marker
        out.append(_circle(mx + 12 + 26 * v, y + 30, 10, HIGHLIGHT if here else "#eee",
                           "#8a6d00" if here else "#999", 2 if here else 1))
        out.append(_text(mx + 12 + 26 * v, y + 34, v, 10, "middle"))
    sx = 470
    out.append(_text(sx, y, "Available buyers (white markers)", 14, weight="bold"))
    for k, (word, n, whites) in enumerate(zip(PREFERENCES, s.stacks, s.whites, strict=True)):
        x = sx + k * 105
        out.append(_rect(x, y + 10, 95, 40, fill="#f3efe6"))
        out.append(_text(x + 8, y + 27, word, 11, weight="bold"))
        out.append(_text(x + 87, y + 27, f"\u00d7{n}", 12, "end", "bold"))
        for j, v in enumerate(whites):
            out.append(_circle(x + 12 + 18 * j, y + 40, 7, "#ffffff", "#555"))
            out.append(_text(x + 12 + 18 * j, y + 43, v, 8, "middle"))
    buick = PREFERENCES[s.buick] if s.buick >= 0 else "none"
    out.append(_text(sx, y + 72, f"Buick's buyer: {buick}", 12))
    out.append("</g>")
    return "\n".join(out)


# --- investor track, recruit area, price chart, achievements --------------------------------------
def _tracks(s: State, y: float) -> str:
    cfg = s.cfg
    star = "*" if any(r.placeholder for r in cfg.recruit) else ""
    out = ['<g data-part="tracks">', _text(20, y, "Investor track", 14, weight="bold")]
    for i in range(cfg.investor_spaces):
        x, top = 20 + (i % 3) * 72, y + 10 + (i // 3) * 30
        name = cfg.recruit[s.investor_track[i]].name if i < len(s.investor_track) else ""
        out.append(_rect(x, top, 68, 24, fill="#f3efe6" if name else "none",
                         stroke="#999" if name else "#ccc"))
        out.append(_text(x + 34, top + 16, _fit(name, 11) or "\u00b7", 10, "middle"))
    rx = 250
    out.append(_text(rx, y, f"Recruit{star}", 14, weight="bold"))
    for k, cat in enumerate(CATEGORIES):
        top = y + 10 + k * 36
        out.append(_text(rx, top + 12, cat, 11, weight="bold"))
        left = s.stack_left[k]
        out.append(_rect(rx, top + 16, 26, 16, fill="#8b7d6b", stroke="#555", rx=2))
        out.append(_text(rx + 13, top + 28, left, 10, "middle", "bold", "#fff",
                         extra=f' data-face-down="{left}"'))
        for j, idx in enumerate(s.face_up[k]):
            spec = cfg.recruit[idx]
            label = spec.name + ("*" if spec.placeholder else "")
            x = rx + 32 + j * 76
            out.append(_rect(x, top + 16, 72, 16, fill="#fff", stroke="#777", rx=2))
            out.append(_text(x + 36, top + 28, _fit(label, 12), 9, "middle"))
    cx = 600
    out.append(_text(cx, y, "Price chart", 14, weight="bold"))
    if s.chart:
        for j, v in enumerate(s.chart):
            out.append(_circle(cx + 12 + 26 * (j % 6), y + 24 + 26 * (j // 6), 11, "#fff",
                               "#555"))
            out.append(_text(cx + 12 + 26 * (j % 6), y + 28 + 26 * (j // 6), v, 10, "middle"))
    else:
        out.append(_text(cx, y + 26, "no price markers", 11, fill="#666"))
    ax = 780
    out.append(_text(ax, y, "Achievements", 14, weight="bold"))
    for i, (ach, owner) in enumerate(zip(cfg.achievements, s.achievements, strict=True)):
        top = y + 8 + i * 14  # ten rows fit above the company panels
        done = owner >= 0
        fill = company_colour(cfg, owner) if done else "#fff"
        out.append(_rect(ax, top, 200, 12, fill=fill, stroke="#999", rx=3,
                         extra=f' data-achievement="{_a(ach.name)}" '
                               f'data-open="{0 if done else 1}"'))
        who = f" \u2014 {cfg.companies[owner]}" if done else ""
        out.append(_text(ax + 5, top + 9, f"{ach.name} (+{ach.points}){who}", 9,
                         fill="#fff" if done else INK))
    out.append("</g>")
    return "\n".join(out)


# --- company panels -------------------------------------------------------------------------------
def _companies(s: State, y: float, h: float, viewer: int | None) -> str:
    cfg = s.cfg
    n = cfg.players
    w = (WIDTH - 40 - 10 * (n - 1)) / n
    out = ['<g data-part="companies">']
    for p, c in enumerate(s.companies):
        x = 20 + p * (w + 10)
        hidden = s.hidden_scores and not s.is_terminal() and viewer != p
        out.append(_company_panel(s, p, c, x, y, w, h, hidden))
    out.append("</g>")
    return "\n".join(out)


def _company_panel(s: State, p: int, c: Company, x: float, y: float, w: float, h: float,
                   hidden: bool) -> str:
    cfg = s.cfg
    name = cfg.companies[p]
    colour = company_colour(cfg, p)
    turn = s.current_player == p
    out = [f'<g data-company="{_a(name)}">',
           _rect(x, y, w, h, stroke=HIGHLIGHT if turn else colour, sw=4 if turn else 2),
           _rect(x, y, w, 26, fill=colour, stroke=colour),
           _text(x + 8, y + 18, name + (" \u25c0 to play" if turn else ""), 14, weight="bold",
                 fill="#fff")]
    rep = "?" if hidden else str(c.reputation)
    out.append(_text(x + w - 8, y + 19, f"Rep {rep}", 14, "end", "bold", "#fff",
                     extra=f' data-reputation="{_a(rep)}"'))
    lines = [
        f"Canteen {c.canteen} \u00b7 Supply {c.supply} \u00b7 Salesman: {c.salesman}",
        f"Racing engine {c.race_engine} \u00b7 team {c.team}/{cfg.team_capacity}",
    ]
    ty = y + 44
    for line in lines:
        out.append(_text(x + 8, ty, _fit(line, int(w / 5.6)), 10))
        ty += 16
    out.append(_text(x + 8, ty, "Workshops", 11, weight="bold"))
    for j, (kind, value) in enumerate(c.workshops):
        bx = x + 86 + j * 30
        if bx + 26 > x + w:
            break
        fill = "#c9a66b" if kind == 0 else "#6b8fc9"
        out.append(_rect(bx, ty - 11, 26, 15, fill=fill, stroke="#555", rx=2))
        out.append(_text(bx + 13, ty, ("B" if kind == 0 else "E") + str(value), 10, "middle",
                         "bold", "#fff"))
    if not c.workshops:
        out.append(_text(x + 86, ty, "empty", 11, fill="#888"))
    ty += 20
    for label, value in (("Body", c.body_track), ("Engine", c.engine_track)):
        out.append(_text(x + 8, ty, f"{label} research", 10))
        bx, bw = x + 92, w - 130
        out.append(_rect(bx, ty - 9, bw, 10, fill="#eee", stroke="#bbb", rx=5))
        frac = min(1.0, value / max(1, cfg.research_max))
        out.append(_rect(bx, ty - 9, bw * frac, 10, fill=colour, stroke="none", rx=5))
        out.append(_text(x + w - 8, ty, f"{value}/{cfg.research_max}", 10, "end"))
        ty += 16
    eng = " ".join(cfg.recruit[e].name for e in c.engineers) or "-"
    inv = " ".join(cfg.recruit[e].name for e in c.investors) or "-"
    tail = [f"Engineers: {eng}", f"Engineer tokens: {c.engineer_tokens}",
            f"Investors: {inv}", f"Tech: {' '.join(c.tech) or '-'}"]
    for line in tail:
        out.append(_text(x + 8, ty, _fit(line, int(w / 5.6)), 11))
        ty += 16
    length = cfg.circuit_length
    laps = rules.laps_of(length, c.progress)
    where = "pit lane" if c.progress <= 0 else f"space {rules.space_of(length, c.progress)}"
    out.append(_text(x + 8, ty, f"Car: {where}, {laps} lap(s)", 11))
    out.append("</g>")
    return "\n".join(out)
