"""The SVG board (kwcore.svg): well-formed, complete, honest about hidden scores, side-effect free.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import kwcore
from kwcore.state import State
from kwcore.svg import board_svg

NS = "{http://www.w3.org/2000/svg}"


def _positions(players: int, seed: int, steps: int, every: int,
               hidden: bool = False) -> list[State]:
    s = kwcore.new_game(players, seed, hidden_scores=hidden)
    r = random.Random(seed)
    out = [s.clone()]
    for i in range(steps):
        if s.is_terminal():
            break
        s.apply_unchecked(s.legal[r.randrange(len(s.legal))])
        if i % every == 0:
            out.append(s.clone())
    out.append(s.clone())
    return out


def _all_text(root: ET.Element) -> str:
    return " ".join("".join(el.itertext()) for el in root.iter())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_parses_and_names_everything(players: int) -> None:
    for s in _positions(players, 11 + players, 1500, 40):
        before = s.clone()
        svg = board_svg(s)
        assert s == before, "rendering changed the state"
        root = ET.fromstring(svg)
        assert root.tag == NS + "svg"
        assert 900 <= float(root.attrib["width"]) <= 1100
        text = _all_text(root)
        for name in s.cfg.companies:
            assert name in text
        tiles = {el.attrib["data-tile"] for el in root.iter() if "data-tile" in el.attrib}
        for item in s.chain:
            if item < len(s.cfg.tiles):
                name = s.cfg.tiles[item].name
                assert name in tiles and name in text
        if s.cfg.placeholders:
            assert "placeholder component data" in text
        for slot, car in enumerate(s.market):
            if car is None:
                continue
            group = next(el for el in root.iter()
                         if el.attrib.get("data-market-slot") == str(slot + 1))
            assert group.attrib["data-price"] == str(car.price)
            assert str(car.price) in "".join(group.itertext())
        reps = [el.attrib["data-reputation"] for el in root.iter()
                if "data-reputation" in el.attrib]
        assert reps == [str(c.reputation) for c in s.companies]


def test_market_car_shows_price() -> None:
    for s in _positions(3, 5, 3000, 1):
        if any(s.market):
            break
    else:
        pytest.fail("no car reached the market")
    root = ET.fromstring(board_svg(s))
    prices = {"".join(el.itertext()) for el in root.iter(NS + "text")
              if el.attrib.get("data-kind") == "price"}
    assert {str(c.price) for c in s.market if c} <= prices


def test_hidden_scores_are_hidden_until_the_end() -> None:
    positions = _positions(3, 1, 150, 25, hidden=True)
    s = positions[-1]
    assert not s.is_terminal() and any(c.reputation for c in s.companies)
    for s in positions:
        root = ET.fromstring(board_svg(s))
        reps = [el.attrib["data-reputation"] for el in root.iter()
                if "data-reputation" in el.attrib]
        assert reps == ["?"] * s.players
        own = ET.fromstring(board_svg(s, viewer=1))
        reps = [el.attrib["data-reputation"] for el in own.iter()
                if "data-reputation" in el.attrib]
        assert reps == ["?", str(s.companies[1].reputation), "?"]
    end = _positions(3, 1, 100000, 100000, hidden=True)[-1]
    assert end.is_terminal()
    root = ET.fromstring(board_svg(end))
    reps = [el.attrib["data-reputation"] for el in root.iter() if "data-reputation" in el.attrib]
    assert reps == [str(c.reputation) for c in end.companies]


def test_text_is_escaped() -> None:
    from kwcore.svg import _text

    el = ET.fromstring(_text(0, 0, "<a & b>"))
    assert el.text == "<a & b>"
