"""Formel 1's component data (F1-02 .. F1-05, F1-30; RF1, RF2): structure, never values.

The card list and the track are synthetic (RF1, RF2): these tests check their counts, sums and
connectivity, and that every synthetic item is marked.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from importlib import resources
from typing import Any

import pytest

from formel1 import config
from formel1.config import WHITE, config_for


def _raw() -> dict[str, Any]:
    text = resources.files("formel1").joinpath("data/components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def test_the_deck_has_49_cards_and_each_colour_carries_rf1s_numbers() -> None:
    cfg = config_for(2)
    assert len(cfg.deck) == 49
    for c in range(6):
        numbers = Counter(n for k in cfg.deck for cc, n in cfg.kinds[k].numbers if cc == c)
        assert sum(numbers.elements()) == 75
        assert numbers == config.RF1_COLOUR_NUMBERS
    white = [n for k in cfg.deck for c, n in cfg.kinds[k].numbers if c == WHITE]
    assert sorted(white) == [2] * 6 + [5] * 6 + [10]


def test_the_rf1_card_families_have_their_counts() -> None:
    cfg = config_for(2)
    shapes = Counter(tuple(n for _, n in cfg.kinds[k].numbers) for k in cfg.deck)
    assert shapes[(10,)] == 7 and shapes[(5,)] == 12  # six coloured 10s + White 10; 5s
    assert shapes[(6, 4, 2)] == 6 and shapes[(6, 4, 2, 1)] == 12
    assert shapes[(6, 5, 4, 3, 2, 1)] == 6 and shapes[(3, 3)] == 3 and shapes[()] == 3
    four = [cfg.kinds[k] for k in cfg.deck if len(cfg.kinds[k].numbers) == 4]
    assert sum(1 for card in four if card.numbers[2][0] == WHITE) == 6
    latin = [cfg.kinds[k].numbers for k in cfg.deck if len(cfg.kinds[k].numbers) == 6]
    for slot in range(6):
        assert sorted(card[slot][0] for card in latin) == list(range(6))


def test_the_switch_cards_pair_the_seeds_colours() -> None:
    cfg = config_for(2)
    pairs = sorted(cfg.kinds[k].name for k in cfg.deck if cfg.kinds[k].switch)
    assert pairs == ["Switch Black-Yellow", "Switch Blue-Orange", "Switch Red-Green"]


def test_a_race_deck_drops_the_white_10_or_puts_the_white_321_in_its_place() -> None:
    cfg = config_for(2)
    names = [cfg.kinds[k].name for k in cfg.race_deck(frozenset())]
    assert len(names) == 48 and "White 10" not in names
    sub = [cfg.kinds[k].name for k in cfg.race_deck(frozenset({"white321"}))]
    assert len(sub) == 49 and "White 10" not in sub and "White 3 / White 2 / White 1" in sub


def test_a_deck_with_a_wrong_colour_total_is_refused() -> None:
    raw = _raw()
    raw["cards"][0]["numbers"] = [["Black", 9]]
    with pytest.raises(ValueError, match="Black's numbers"):
        config.from_data(raw)
    raw = _raw()
    raw["cards"].pop(0)
    with pytest.raises(ValueError, match="48 cards, not 49"):
        config.from_data(raw)


def test_the_prize_chart_and_starting_money_are_the_seeds() -> None:
    cfg = config_for(2)
    assert cfg.prizes == (200, 150, 100, 60, 30, 10)
    assert cfg.starting_money == 200 and cfg.bid_step == 10


def test_the_standard_track_has_three_lanes_two_wide_corners_and_single_lane_chicanes() -> None:
    track = config_for(2).tracks["standard"]
    widths = {c.row: 0 for c in track.cells}
    for c in track.cells:
        widths[c.row] += 1
    assert 60 <= track.rows <= 70
    assert all(widths[c.row] == 2 for c in track.cells if c.corner)
    assert all(widths[c.row] == 1 for c in track.cells if c.chicane)
    assert sum(1 for r in range(track.rows) if widths[r] == 1) == 4  # two chicanes of 2 rows
    assert all(widths[c.row] == 3 for c in track.cells if not (c.corner or c.chicane))
    finals = sorted({c.row for c in track.cells if c.final})
    assert finals == list(range(track.rows - 8, track.rows))
    assert [track.label(i) for i in track.grid] == ["1a", "1b", "1c", "0a", "0b", "0c"]


def test_every_cell_steps_only_straight_or_diagonally_ahead() -> None:
    track = config_for(2).tracks["standard"]
    for i, cell in enumerate(track.cells):
        for j in track.ahead[i]:
            nxt = track.cells[j]
            assert nxt.row == cell.row + 1 and abs(nxt.lane - cell.lane) <= 1
        if cell.row < track.rows - 1:
            assert track.ahead[i]


def test_a_track_with_a_dead_end_is_refused() -> None:
    raw = _raw()
    cells = raw["tracks"]["standard"]["cells"]
    raw["tracks"]["standard"]["cells"] = [c for c in cells if c["row"] != 21]
    with pytest.raises(ValueError, match="row without cells|dead end"):
        config.from_data(raw)
    raw = copy.deepcopy(_raw())
    raw["tracks"]["standard"]["grid"][0] = [1, 2]
    with pytest.raises(ValueError, match="grid"):
        config.from_data(raw)


def test_every_synthetic_item_is_marked_synthetic() -> None:
    raw = _raw()
    assert all(card["synthetic"] is True for card in raw["cards"])
    track = raw["tracks"]["standard"]
    assert track["synthetic"] is True and all(c["synthetic"] is True for c in track["cells"])
    assert raw["white321"]["synthetic"] is False  # the seed's own substitute card
    assert "SYNTHETIC" in raw["_about"]
