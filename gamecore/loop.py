"""The racing boards' lap drawn as a closed loop: a stadium (two straights joined by two half
circles) on which a game lays out its track, lane by lane, from the start/finish line.

Geometry only, for the cores' ``svg.py`` (Formel 1's rows, Automobiles' units): a point of the
lap is named by ``t``, the fraction of the lap run since the line (0 <= t < 1, clockwise on
screen), and ``d``, the distance outward from the loop's inner edge (lane 0 is the inner lane).
Standard library only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Loop:
    """A stadium centred on (``cx``, ``cy``): straights ``straight`` long, the inner edge's half
    circles of radius ``radius``; the start/finish line crosses the top straight ``line`` of the
    way from its left end. The cars run left to right on the top straight (clockwise)."""

    cx: float
    cy: float
    straight: float
    radius: float
    line: float = 0.5

    @property
    def perimeter(self) -> float:
        """The inner edge's length."""
        return 2 * self.straight + 2 * math.pi * self.radius

    def _along(self, t: float) -> float:
        return (self.line * self.straight + (t % 1.0) * self.perimeter) % self.perimeter

    def point(self, t: float, d: float = 0.0) -> tuple[float, float]:
        """The point ``t`` of the lap, ``d`` outward from the inner edge."""
        u, s, r = self._along(t), self.straight, self.radius
        half = math.pi * r
        if u < s:
            return self.cx - s / 2 + u, self.cy - r - d
        if u < s + half:
            a = -math.pi / 2 + (u - s) / r
            return self.cx + s / 2 + (r + d) * math.cos(a), self.cy + (r + d) * math.sin(a)
        if u < 2 * s + half:
            return self.cx + s / 2 - (u - s - half), self.cy + r + d
        a = math.pi / 2 + (u - 2 * s - half) / r
        return self.cx - s / 2 + (r + d) * math.cos(a), self.cy + (r + d) * math.sin(a)

    def heading(self, t: float) -> float:
        """The direction of travel at ``t`` in degrees (0: to the right, 90: down the page)."""
        u, s, r = self._along(t), self.straight, self.radius
        half = math.pi * r
        if u < s:
            return 0.0
        if u < s + half:
            return math.degrees((u - s) / r)
        if u < 2 * s + half:
            return 180.0
        return 180.0 + math.degrees((u - 2 * s - half) / r)

    def band(self, t0: float, t1: float, d0: float, d1: float) -> str:
        """The closed path (SVG ``d``) of the piece of lane between ``t0`` and ``t1`` (``t1``
        may pass 1: the piece crosses the line) and between ``d0`` and ``d1`` outward."""
        n = max(2, math.ceil(abs(t1 - t0) * self.perimeter / 6) + 1)
        ts = [t0 + (t1 - t0) * k / (n - 1) for k in range(n)]
        ring = [self.point(t, d0) for t in ts] + [self.point(t, d1) for t in reversed(ts)]
        return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in ring) + " Z"

    def outline(self, d: float, points: int = 160) -> str:
        """The whole lap at ``d`` outward as one closed path (SVG ``d``): it ends where it
        starts, with ``Z``."""
        ring = [self.point(k / points, d) for k in range(points)]
        return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in ring) + " Z"

    def trace(self, t0: float, t1: float, d0: float, d1: float) -> str:
        """An open path (SVG ``d``) from ``t0`` at ``d0`` forward to ``t1`` at ``d1`` (``t1 >=
        t0``; beyond 1 it runs over the line), drifting across the lanes evenly: a move."""
        n = max(2, math.ceil((t1 - t0) * self.perimeter / 5) + 1)
        pts = [self.point(t0 + (t1 - t0) * k / (n - 1), d0 + (d1 - d0) * k / (n - 1))
               for k in range(n)]
        return "M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts)


def finish_line(loop: Loop, lanes: float) -> str:
    """The start/finish line across the top straight of ``loop``, chequered, with its name and
    an arrow for the direction of the race; ``lanes`` is the width of the track's lanes."""
    x, y = loop.point(0, 0)
    squares = []
    for k in range(int((lanes + 8) / 5)):
        for j in (0, 1):
            fill = "#111" if (k + j) % 2 else "#fff"
            squares.append(f'<rect x="{x - 5 + 5 * j:.1f}" y="{y + 4 - 5 * (k + 1):.1f}" '
                           f'width="5" height="5" fill="{fill}"/>')
    return (f'<g class="finish-line">{"".join(squares)}'
            f'<text x="{x + 10:.1f}" y="{y - lanes - 30:.1f}" font-size="12" '
            'font-weight="bold">start / finish, the cars run this way</text>'
            f'<path d="M{x + 232:.1f},{y - lanes - 34:.1f} h36 l-7,-5 m7,5 l-7,5" fill="none" '
            'stroke="#111" stroke-width="2"/></g>')


def move_trace(d: str, colour: str, name: str) -> str:
    """A car's last move drawn along the path ``d`` (SVG), dashed in the car's ``colour`` over
    a white casing so that it reads on any space colour; its tooltip names the car."""
    return (f'<g class="last-move"><title>{name}\'s last move</title>'
            f'<path d="{d}" fill="none" stroke="#fff" stroke-width="7" '
            'stroke-linecap="round"/>'
            f'<path d="{d}" fill="none" stroke="{colour}" stroke-width="3.5" '
            'stroke-dasharray="7 4" stroke-linecap="round"/></g>')
