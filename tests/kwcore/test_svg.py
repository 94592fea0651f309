"""The SVG board (kwcore.svg): well-formed, complete, honest about hidden scores, side-effect free.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest

import kwcore
from kwcore.state import State
from kwcore.svg import BANDS, MIN_FONT, WIDTH, board_svg
from solvers.kraftwagen.builders import fresh, research, set_chain
from tests.support import svgcheck

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
        assert root.attrib["width"] == "100%"  # scales to its container
        assert root.attrib["viewBox"].startswith(f"0 0 {WIDTH} ")
        sizes = list(svgcheck.fonts(root))  # a text's own size, or the one it inherits
        assert sizes and min(sizes) >= MIN_FONT  # >= 11 px whenever drawn 920 px wide or more
        text = _all_text(root)
        for name in s.cfg.companies:
            assert name in text
        tiles = {el.attrib["data-tile"] for el in root.iter() if "data-tile" in el.attrib}
        for item in s.chain:
            if item < len(s.cfg.tiles):
                tile = s.cfg.tiles[item]  # the machine's name marks it, people read the title
                assert tile.name in tiles and tile.title in text
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


def _marked(root: ET.Element) -> dict[str, ET.Element]:
    return {el.attrib["data-highlight"]: el for el in root.iter()
            if "kw-highlight" in el.attrib.get("class", "").split()}


def test_the_board_scales_to_its_container_up_to_a_maximum_width() -> None:
    root = ET.fromstring(board_svg(kwcore.new_game(4, 0)))
    style = root.attrib["style"].replace(" ", "")
    assert "max-width:" in style and "height:auto" in style
    assert "height" not in root.attrib  # the height follows the width through the viewBox


def test_highlighted_elements_carry_the_kw_highlight_class_and_their_note() -> None:
    s = kwcore.new_game(4, 0)
    root = ET.fromstring(board_svg(s, highlight={"company:Green:research": "body 2",
                                                 "tile:Research": "", "slot:3": "free"}))
    marked = _marked(root)
    assert set(marked) == {"company:Green:research", "tile:Research", "slot:3"}
    notes = [" ".join(el.itertext()) for el in root.iter(NS + "text")]
    assert "body 2" in notes and "free" in notes
    plain = ET.fromstring(board_svg(s))
    assert _marked(plain) == {}


@pytest.mark.parametrize("key", ["nowhere", "buyer:4", "company:Purple", "tile:Nope"])
def test_a_highlight_that_names_nothing_drawn_is_refused(key: str) -> None:
    s = kwcore.new_game(2, 0)  # two companies: no active space 4
    before = s.clone()
    with pytest.raises(ValueError):
        board_svg(s, highlight=[key])
    assert s == before


def test_parts_draw_only_those_bands_and_a_banner_replaces_who_decides() -> None:
    s = kwcore.new_game(4, 0)
    full = ET.fromstring(board_svg(s))
    root = ET.fromstring(board_svg(s, parts=["market"], banner="Scoring: sales"))
    drawn = {el.attrib["data-part"] for el in root.iter() if "data-part" in el.attrib}
    assert drawn == {"market"}
    assert float(root.attrib["viewBox"].split()[3]) < float(full.attrib["viewBox"].split()[3])
    turn = next(el for el in root.iter() if el.attrib.get("data-turn"))
    assert "".join(turn.itertext()) == "Scoring: sales"
    every = {el.attrib["data-part"] for el in full.iter() if "data-part" in el.attrib}
    assert every == {"chain", "circuit", "market", "buyers", "tracks", "companies"}
    assert len(BANDS) == 5
    with pytest.raises(ValueError, match="unknown board parts"):
        board_svg(s, parts=["moon"])


def test_a_car_being_built_and_a_tile_being_placed_are_drawn() -> None:
    s = fresh(4)
    research(s, "Green", 3, 3, [("body", 3), ("engine", 3), ("engine", 2)])
    s = set_chain(s, ["Green"])
    s.apply("pick Research")
    s.apply("research body")
    s.apply("car body 3")
    root = ET.fromstring(board_svg(s))
    car = next(el for el in root.iter() if el.attrib.get("data-building") == "Green")
    lines = ["".join(t.itertext()) for t in car.iter(NS + "text")]
    assert lines == ["Green: building", "Body 3", "Engine ?", "Service ?", "Price ?"]
    s = fresh(4)
    research(s, "Green", 2, 4)
    s = set_chain(s, ["Green"])
    s.apply("pick Engine")
    assert s.decision() == "place"
    root = ET.fromstring(board_svg(s))
    chip = next(el for el in root.iter() if el.attrib.get("data-new-tile"))
    assert chip is not None
    assert "E4" in [" ".join(t.itertext()) for t in root.iter(NS + "text")]


def test_a_state_draws_and_writes_itself_through_its_registered_game() -> None:
    # STYLE 21: str, _repr_svg_, to_json, observation and log are the registered functions'.
    import gamecore
    from kwcore.render import describe_events, text_board
    from kwcore.serialize import observation, state_to_json

    s = kwcore.new_game(3, 5)
    s.apply(s.legal_action_ids()[0])
    assert s.game() is gamecore.get("kraftwagen") is kwcore.GAME
    assert str(s) == text_board(s)
    assert s._repr_svg_() == board_svg(s)
    assert s.to_json(indent=2) == state_to_json(s, indent=2)
    assert s.observation(1) == observation(s, 1)
    assert s.log() == describe_events(s)
    assert kwcore.GAME.board(s, 0) == board_svg(s, 0)


def test_a_state_of_an_unregistered_game_says_which_game_is_missing() -> None:
    class Stray(kwcore.State):
        __slots__ = ()
        GAME = "no-such-game"

    s = kwcore.new_game(2, 0)
    stray = Stray.__new__(Stray)
    for name in kwcore.State.__slots__:
        setattr(stray, name, getattr(s, name))
    with pytest.raises(ValueError, match="unknown game 'no-such-game'"):
        stray.to_json()
    with pytest.raises(ValueError, match="no-such-game"):
        str(stray)
