"""The toy game drawn as SVG: one bar per player (banked score, the turn at stake), the bonus
cards face down until the end (T1, T6). Standard library only."""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from .config import MAX_SCORE, TARGET
from .render import decision_words

if TYPE_CHECKING:
    from .state import State

WIDTH, ROW, SCALE = 360, 28, 16


def board_svg(s: State) -> str:
    """The position as one self-contained SVG string."""
    over = s.is_terminal()
    height = 40 + ROW * s.players
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
             f'width="100%" style="max-width:{WIDTH}px" font-family="sans-serif" font-size="12">',
             f'<text x="8" y="16">{escape(decision_words(s))}</text>',
             f'<line x1="{70 + TARGET * SCALE}" y1="22" x2="{70 + TARGET * SCALE}" '
             f'y2="{height - 4}" stroke="#c00" stroke-dasharray="3"/>']
    mover = s.turns % s.players if len(s.bonus) == s.players and not over else -1
    for p in range(s.players):
        y = 28 + ROW * p
        banked = min(s.banked[p], MAX_SCORE)
        card = "" if p >= len(s.bonus) else (f"+{s.bonus[p]}" if over else "?")
        weight = "bold" if p == mover else "normal"
        stake = s.turn_total if p == mover else 0
        parts.append(f'<text x="8" y="{y + 14}" font-weight="{weight}">P{p} {card}</text>')
        parts.append(f'<rect x="70" y="{y}" width="{banked * SCALE}" height="18" fill="#48c"/>')
        if stake:
            parts.append(f'<rect x="{70 + banked * SCALE}" y="{y}" width="{stake * SCALE}" '
                         'height="18" fill="#9cf"/>')
        parts.append(f'<text x="{74 + (banked + stake) * SCALE}" y="{y + 14}">{s.banked[p]}'
                     '</text>')
    parts.append("</svg>")
    return "\n".join(parts)
