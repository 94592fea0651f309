"""Automobiles' drawn boards (``automobiles.svg``), read as SVG with xml.etree: the lap is a
closed loop with every space and a key to the space colours in words, every car is named in full
with its seat, the viewer's car (and only it) is marked, every text is at least 11 px at a
1400 px window and lies inside the picture, the sheets' piles never run into each other, the
synthetic data is flagged, and the close-up follows the viewer's car through whole seeded
races."""

from __future__ import annotations

import pytest

import automobiles
from automobiles import svg
from automobiles.game import GAME
from gamecore.game import get
from tests.support.svgcheck import NS, cars, check_board, numbers, svgs


def played(players: int, seed: int, steps: int, **options: object) -> automobiles.State:
    g = get("automobiles")
    s = g.new_game(players, seed, **options)
    bots = [g.make_bot("greedy", seed * 16 + i) for i in range(players)]
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(bots[max(s.current_player, 0)].choose(s))
    return s


def test_the_lap_is_one_closed_loop_with_every_space_and_the_colours_in_words() -> None:
    s = played(3, 1, 35)
    table = svgs(svg.board_svg(s, 0))[0]
    loops = [p for p in table.iter(NS + "path") if p.get("class") == "loop"]
    assert len(loops) == 1 and loops[0].get("d", "").rstrip().endswith("Z")
    assert len(numbers(loops[0].get("d", "").split("L")[0])) == 2
    titles = {t.text for t in table.iter(NS + "title")}
    assert {f"space {sp.index}, {svg.WORDS[sp.colour]}" for sp in s.track_spec.spaces} <= titles
    words = "".join(table.itertext())
    assert all(w in words for w in svg.SPACE_WORDS)
    assert any(g.get("class") == "finish-line" for g in table.iter(NS + "g"))


@pytest.mark.parametrize("viewer", [None, 0, 1, 2])
def test_every_car_is_named_and_only_the_viewers_is_marked(viewer: int | None) -> None:
    s = played(3, 1, 35)
    table, closeup, sheets = svgs(GAME.board(s, viewer))
    words = "".join(table.itertext())
    for p in range(3):
        assert f"{svg.CAR_NAMES[p]}: Player {p}" in words
    drawn = cars(table)
    assert set(drawn) == {svg.CAR_NAMES[p] for p in range(3)}
    mine = {svg.CAR_NAMES[viewer]} if viewer is not None else set()
    assert {c for c, m in drawn.items() if m} == mine
    assert {c for c, m in cars(closeup).items() if m} == mine
    assert all(c in "".join(closeup.itertext()) for c in cars(closeup))
    assert ("(you)" in "".join(sheets.itertext())) == (viewer is not None)


def test_the_synthetic_data_caption_is_on_the_track_pictures() -> None:
    table, closeup, sheets = svgs(GAME.board(played(2, 0, 10), 0))
    for root in (table, closeup):
        assert svg.SYNTHETIC in "".join(root.itertext())
    assert "synthetic" in "".join(sheets.itertext())


def test_the_sheets_piles_stay_in_their_columns() -> None:
    s = played(5, 2, 63)
    sheets = svgs(svg.sheets_svg(s, 1))[0]
    columns = svg.sheet_columns(s)
    for (_, x, width), (_, nxt, _) in zip(columns, columns[1:], strict=False):
        assert x + width < nxt
    stock = next(float(t.get("y", 0)) for t in sheets.iter(NS + "text") if t.text == "stock")
    chips = [float(r.get("x", 0)) for r in sheets.iter(NS + "rect")
             if r.find(NS + "title") is not None and float(r.get("y", 0)) < stock - 16]
    assert chips
    for x in chips:  # every chip of a sheet starts inside one column and ends in it
        assert any(c - 0.05 <= x and x + 14 <= c + w for _, c, w in columns), x


def test_the_last_move_is_traced_from_the_history() -> None:
    s = played(3, 1, 20)
    while not svg.last_move(s):
        s.apply(GAME.make_bot("greedy", 0).choose(s))
    (seat,) = svg.last_move(s)
    before = next(h for h in reversed(s.history) if h.car_space != s.car_space or
                  h.car_seg != s.car_seg)
    assert svg.unit_of(before, seat) != svg.unit_of(s, seat)
    table = svgs(svg.board_svg(s))[0]
    assert [g for g in table.iter(NS + "g") if g.get("class") == "last-move"]
    assert svg.last_move(s.clone(history=False)) == {}


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (5, 2)])
def test_the_close_up_holds_the_viewers_car_through_a_whole_race(players: int,
                                                                  seed: int) -> None:
    s = played(players, seed, 0)
    bots = [GAME.make_bot("greedy", seed * 16 + i) for i in range(players)]
    checked = 0
    while not s.is_terminal():
        if s.order:
            for viewer in range(players):
                assert svg.unit_of(s, viewer) in svg.window_units(s, None, viewer)
                checked += 1
        s.apply(bots[max(s.current_player, 0)].choose(s))
    assert checked


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_positions_across_a_whole_seeded_game_draw_readable_and_inside(players: int) -> None:
    s = played(players, players, 0)
    bots = [GAME.make_bot("greedy", players * 16 + i) for i in range(players)]
    step, phases = 0, set()
    while True:
        if step % 9 == 0 or s.is_terminal():
            check_board(GAME.board(s, step % players))
            phases.add(s.phase)
        if s.is_terminal():
            break
        s.apply(bots[max(s.current_player, 0)].choose(s))
        step += 1
    assert "over" in phases and len(phases) >= 3


def test_a_season_with_sponsors_draws_between_races() -> None:
    s = played(4, 3, 0, season=3, sponsors=True, drivers=True)
    bots = [GAME.make_bot("greedy", i) for i in range(4)]
    phases = set()
    while not s.is_terminal():
        if s.phase not in phases:
            check_board(GAME.board(s, 0))
            phases.add(s.phase)
        s.apply(bots[max(s.current_player, 0)].choose(s))
    assert s.race == 2 and len(phases) >= 5
