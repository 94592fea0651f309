"""Checks of drawn boards read as SVG with xml.etree: the pictures of a board, the font size of
every text as shown in the widgets at a 1400 px window, every text and shape inside the viewBox,
the cars drawn and which of them are marked as the viewer's."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator

NS = "{http://www.w3.org/2000/svg}"


def svgs(board: str) -> list[ET.Element]:
    """The separate <svg> pictures of a board (the table, then the close-up)."""
    return [ET.fromstring(m) for m in re.findall(r"<svg\b.*?</svg>", board, re.S)]


#: About how wide the widgets show a board at a 1400 px window (measured: 927 px).
SHOWN = 920


def scale(root: ET.Element) -> float:
    """The scale the widget shows a picture at: a board is drawn ``width="100%"`` up to its
    ``max-width``, so 1 up to ``SHOWN`` units wide (or its max-width), less beyond."""
    width = float(root.get("viewBox", "0 0 0 0").split()[2])
    cap = re.search(r"max-width:\s*(\d+)px", root.get("style", ""))
    shown = min(SHOWN, float(cap.group(1))) if cap else SHOWN
    return shown / width


def fonts(root: ET.Element, inherited: float = 16.0) -> Iterator[float]:
    """The font size of every non-empty text, inherited sizes looked up the tree."""
    size = float(root.get("font-size", inherited))
    if root.tag == NS + "text" and "".join(root.itertext()).strip():
        yield size
    for child in root:
        yield from fonts(child, size)


def numbers(text: str) -> list[float]:
    return [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", text)]


def points(root: ET.Element) -> Iterator[tuple[str, float, float]]:
    """(tag, x, y) of every text and shape corner not inside a transformed group (those are the
    small cars, checked by their group's translation)."""
    def walk(el: ET.Element) -> Iterator[tuple[str, float, float]]:
        tag = el.tag.removeprefix(NS)
        move = el.get("transform", "")
        if move:
            x, y = numbers(move)[:2]
            yield tag, x, y
            return
        if tag == "text":
            yield tag, float(el.get("x", 0)), float(el.get("y", 0))
        elif tag == "rect":
            x, y = float(el.get("x", 0)), float(el.get("y", 0))
            w, h = float(el.get("width", 0)), float(el.get("height", 0))
            yield tag, x, y
            yield tag, x + w, y + h
        elif tag == "path":
            d = el.get("d", "")
            if not re.search(r"[hvlmq]", d):  # absolute coordinates only
                vals = numbers(d)
                for x, y in zip(vals[::2], vals[1::2], strict=False):
                    yield tag, x, y
        for child in el:
            yield from walk(child)
    yield from walk(root)


def text_width(el: ET.Element, size: float) -> float:
    """An estimate of a text's drawn width (sans-serif: about 0.5 em a character on average)."""
    return len("".join(el.itertext())) * size * 0.57


def check_board(board: str) -> None:
    """Every picture: smallest text >= 11 px as shown; every text and shape inside the
    viewBox (a text with its estimated width)."""
    for root in svgs(board):
        _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
        assert min(fonts(root)) * scale(root) >= 11
        for tag, x, y in points(root):
            assert -0.5 <= x <= width + 0.5 and -0.5 <= y <= height + 0.5, (tag, x, y)
        for el in root.iter(NS + "text"):
            size = float(el.get("font-size", root.get("font-size", 16)))
            x, w = float(el.get("x", 0)), text_width(el, size)
            anchor = el.get("text-anchor", "start")
            left = x - w if anchor == "end" else x - w / 2 if anchor == "middle" else x
            assert left >= -1 and left + w <= width + 1, "".join(el.itertext())


def cars(root: ET.Element) -> dict[str, bool]:
    """Each drawn car's colour -> whether it is marked as the viewer's."""
    out: dict[str, bool] = {}
    for g in root.iter(NS + "g"):
        classes = g.get("class", "").split()
        if "car" in classes:
            out[g.get("data-colour", "")] = "mine" in classes
    return out
