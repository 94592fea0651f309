"""Automobiles drawn as SVG: the track unrolled lane by lane (coloured spaces, their segments),
the cubes placed this turn, the cars, each player's sheet and the five cards with their stock.
The synthetic track and numbers are flagged (RA1, RA3). Standard library only."""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from . import rules
from .config import CUBES, config
from .render import decision_words

if TYPE_CHECKING:
    from .state import State

FILL = ("#ffffff", "#c8c8c8", "#707070", "#202020")
CUBE_FILL = ("#ffffff", "#c8c8c8", "#707070", "#202020", "#8b5a2b", "#f2c500", "#d22",
             "#84c", "#27d", "#2a4")
CAR_FILL = ("#e33", "#36e", "#3b3", "#f90", "#b4b")
UNIT, LANE = 16, 18
LINE = 16  # a text line's height


def board_svg(s: State) -> str:
    """The position as one self-contained SVG string."""
    cfg, track = config(), s.track_spec
    width = track.units * UNIT + 20
    top = 40
    sheet_top = top + track.lanes * LANE + 4  # the sheets' lines follow the track closely
    height = sheet_top + LINE * (s.players + 2) + 8  # as tall as its lines, no blank band
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
           f'width="100%" style="max-width:{width}px" font-family="sans-serif" font-size="11">',
           f'<text x="8" y="14">{escape(decision_words(s))}</text>',
           f'<text x="8" y="28" fill="#a00">{escape(track.title)}: synthetic track, costs and '
           'values (RA1, RA3)</text>']
    for sp in track.spaces:
        y = top + sp.lane * LANE
        out.append(f'<rect x="{10 + sp.start * UNIT}" y="{y}" width="{sp.length * UNIT}" '
                   f'height="{LANE - 2}" fill="{FILL[sp.colour]}" stroke="#444"/>')
    for cube, b, seg, _ in s.route:
        sp = track.spaces[b]
        out.append(f'<rect x="{13 + (sp.start + seg) * UNIT}" y="{top + sp.lane * LANE + 3}" '
                   f'width="10" height="10" fill="{CUBE_FILL[cube]}" stroke="#e80" '
                   'stroke-width="2"/>')
    for p in s.order:
        sp = track.spaces[s.car_space[p]]
        cx, cy = 18 + (sp.start + s.car_seg[p]) * UNIT, top + sp.lane * LANE + 8
        out.append(f'<circle cx="{cx}" cy="{cy}" r="6" fill="{CAR_FILL[p]}" stroke="#000"/>'
                   f'<text x="{cx - 3}" y="{cy + 4}" font-size="9" fill="#fff">{p}</text>')
    for i, p in enumerate(range(s.players)):
        y = sheet_top + LINE * i
        piles = " | ".join(f"{name} {sum(pile[p])}" for name, pile in (
            ("bag", s.bag), ("active", s.active), ("used", s.used), ("discard", s.discard)))
        sponsor = (f"; {cfg.sponsors[s.sponsors[p]].en} (tier numbers synthetic)"
                   if s.sponsored and s.sponsors[p] >= 0 else "")
        out.append(f'<text x="8" y="{y + 12}" fill="{CAR_FILL[p]}">{escape(rules.name(p))}: '
                   f'lap {min(s.car_laps[p] + 1, s.laps)}/{s.laps}; {piles}'
                   f'{escape(sponsor)}</text>')
    y = sheet_top + LINE * s.players + 12
    cards = "  ".join(f"{cfg.cards[c].en} ({s.stock[cfg.cards[c].colour]} left)"
                      for c in s.cards)
    out.append(f'<text x="8" y="{y}">{escape(cards)}</text>')
    gears = "  ".join(f"{CUBES[c]} {s.stock[c]}" for c in range(5))
    out.append(f'<text x="8" y="{y + 16}">{escape("stock: " + gears)}</text>')
    out.append("</svg>")
    return "\n".join(out)
