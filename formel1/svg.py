"""Formel 1 drawn as SVG: the track with its lanes, corners, chicanes and final straightaway, the
six cars, the prize chart, money and hands (the viewer's own hand face up). Standard library
only. The cards and the track are synthetic (RF1, RF2): the board says so."""

from __future__ import annotations

from typing import TYPE_CHECKING
from xml.sax.saxutils import escape

from .config import CONFIG, FINISHED, OFF
from .render import decision_words

if TYPE_CHECKING:
    from .state import State

CELL = 14
#: about how wide a character of the 11 px sans-serif text is, for wrapping long lines
CHAR_PX = 6.2
LINE_PX = 16
FILL = {"corner": "#f3d9a4", "unequal": "#e7b96a", "chicane": "#e9a6a6", "final": "#cde8c4",
        "plain": "#e4e4e4"}
CAR_FILL = ("#222", "#f2d600", "#2a5bd7", "#f28c00", "#d62020", "#1d9a3a")


def board_svg(s: State, viewer: int | None = None) -> str:
    """The position as one self-contained SVG string, as ``viewer`` may see it (None: what the
    whole table sees, every hand face down)."""
    track = s.track_spec()
    width = 20 + track.rows * CELL + 20
    columns = int((width - 28) / CHAR_PX)  # characters a text line may hold, indent included
    parts = [f'<text x="8" y="14">{escape(decision_words(s))}</text>',
             f'<text x="{width - 8}" y="14" text-anchor="end" fill="#a00">synthetic cards and '
             'track (RF1, RF2)</text>']
    for i, cell in enumerate(track.cells):
        kind = "unequal" if cell.unequal else "corner" if cell.corner else \
            "chicane" if cell.chicane else "final" if cell.final else "plain"
        x, y = 20 + cell.row * CELL, 24 + (track.lanes - 1 - cell.lane) * CELL
        parts.append(f'<rect x="{x}" y="{y}" width="{CELL - 1}" height="{CELL - 1}" '
                     f'fill="{FILL[kind]}"><title>{track.label(i)}</title></rect>')
    line = 20 + track.rows * CELL
    parts.append(f'<line x1="{line}" y1="20" x2="{line}" y2="{28 + track.lanes * CELL}" '
                 'stroke="#000" stroke-width="2"/>')
    for car, p in enumerate(s.pos):
        if p >= 0:
            cell = track.cells[p]
            cx = 20 + cell.row * CELL + CELL // 2
            cy = 24 + (track.lanes - 1 - cell.lane) * CELL + CELL // 2
            parts.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="{CAR_FILL[car]}" '
                         f'stroke="#fff"><title>{CONFIG.colours[car]}</title></circle>')
    y = 40 + track.lanes * CELL - LINE_PX
    lines = [f"Prize chart: {prize_chart(s)}"]
    for p in range(s.players):
        cars = ", ".join(CONFIG.colours[c] for c in range(6) if s.owner[c] == p)
        if p == viewer:
            hand = "; ".join(CONFIG.kinds[k].name for k in s.hands[p])
        else:
            hand = f"{len(s.hands[p])} cards"
        dealer = " (dealer)" if p == s.dealer else ""
        lines.append(f"Player {p}{dealer}: ${s.money[p]}K; cars {cars or 'none'}; hand {hand}")
    unplaced = [CONFIG.colours[c] for c in range(6) if s.pos[c] in (OFF, FINISHED)]
    if unplaced:
        lines.append(f"Off the track: {', '.join(unplaced)}")
    for text in lines:
        for i, piece in enumerate(wrap(text, columns)):
            y += LINE_PX
            parts.append(f'<text x="{8 + 12 * (i > 0)}" y="{y}">{escape(piece)}</text>')
    # The height follows the lines drawn: a long hand wraps instead of running off the board.
    height = y + 10
    head = (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}" '
            f'width="100%" style="max-width:{width}px" font-family="sans-serif" font-size="11">')
    return "\n".join([head, *parts, "</svg>"])


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


def prize_chart(s: State) -> str:
    """Every place of the prize chart with its prize and the car on it so far (F1-30), "1.
    $200K Red, 2. $150K -, ..."."""
    return ", ".join(f"{i + 1}. ${prize}K "
                     f"{CONFIG.colours[s.finished[i]] if i < len(s.finished) else '-'}"
                     for i, prize in enumerate(CONFIG.prizes))


def table_svg(s: State) -> str:
    """The board as the whole table sees it (every hand face down)."""
    return board_svg(s, None)
