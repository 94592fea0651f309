"""Formel 1's drawn boards (``formel1.svg``), read as SVG with xml.etree: the circuit is a closed
loop, every car is named in full with its owner, the viewer's cars (and only they) are marked,
every text is at least 11 px at a 1400 px window and lies inside the picture, the synthetic
data is flagged, and the close-up follows the viewer's cars through whole seeded races."""

from __future__ import annotations

import pytest

import formel1
from formel1 import svg
from gamecore.game import get
from tests.support.svgcheck import NS, cars, check_board, numbers, svgs


def played(players: int, seed: int, steps: int) -> formel1.State:
    g = get("formel1")
    s = g.new_game(players, seed)
    bots = [g.make_bot("greedy", seed * 16 + i) for i in range(players)]
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply(bots[max(s.current_player, 0)].choose(s))
    return s


def race_state(players: int = 4, seed: int = 1, moves: int = 30) -> formel1.State:
    """A seeded game ``moves`` decisions into the first race."""
    s = played(players, seed, 0)
    bots = [formel1.GAME.make_bot("greedy", seed * 16 + i) for i in range(players)]
    done = 0
    while s.phase != "race" or done < moves:
        done += s.phase == "race"
        s.apply(bots[max(s.current_player, 0)].choose(s))
    return s


def test_the_circuit_is_one_closed_loop_with_every_cell_and_the_line() -> None:
    s = race_state()
    table = svgs(svg.board_svg(s, 0))[0]
    loops = [p for p in table.iter(NS + "path") if p.get("class") == "loop"]
    assert len(loops) == 1 and loops[0].get("d", "").rstrip().endswith("Z")
    vals = numbers(loops[0].get("d", "").split("L")[0])
    assert len(vals) == 2  # it starts with one point and closes back on it (Z)
    titles = {t.text for t in table.iter(NS + "title")}
    assert {s.track_spec().label(i) for i in range(len(s.track_spec().cells))} <= titles
    assert any(g.get("class") == "finish-line" for g in table.iter(NS + "g"))


def test_every_car_is_named_in_full_with_its_owner() -> None:
    s = race_state()
    board = formel1.GAME.board(s, 0)
    table = "".join(svgs(board)[0].itertext())
    for car, colour in enumerate(s.cfg.colours):
        assert f"{colour}: Player {s.owner[car]}" in table
    closeup = svgs(board)[1]
    for colour in cars(closeup):
        assert colour in "".join(closeup.itertext())


@pytest.mark.parametrize("viewer", [None, 0, 1, 2, 3])
def test_the_viewers_cars_are_marked_and_no_other_car_is(viewer: int | None) -> None:
    s = race_state()
    board = formel1.GAME.board(s, viewer)
    mine = {s.cfg.colours[c] for c in range(6) if viewer is not None and s.owner[c] == viewer}
    table, closeup = svgs(board)
    drawn = cars(table)
    assert set(drawn) == {s.cfg.colours[c] for c in range(6) if s.pos[c] >= 0}
    assert {c for c, m in drawn.items() if m} == mine
    assert {c for c, m in cars(closeup).items() if m} == mine & set(cars(closeup))
    tags = [g for g in table.iter(NS + "g") if g.get("class") == "you-tag"]
    assert bool(tags) == bool(mine)


def test_the_synthetic_data_caption_is_on_every_picture() -> None:
    for root in svgs(formel1.GAME.board(race_state(), 1)):
        assert "synthetic cards and track data" in "".join(root.itertext())


def test_the_last_move_is_traced_from_the_history() -> None:
    s = race_state(moves=12)
    while not svg.last_move(s):
        bots = [formel1.GAME.make_bot("greedy", i) for i in range(4)]
        s.apply(bots[max(s.current_player, 0)].choose(s))
    (car,) = svg.last_move(s)
    before = next(h for h in reversed(s.history) if h.pos != s.pos)
    assert before.pos[car] != s.pos[car]
    table = svgs(svg.board_svg(s, None))[0]
    assert [g for g in table.iter(NS + "g") if g.get("class") == "last-move"]
    assert f"the last move ({s.cfg.colours[car]})" in "".join(table.itertext())
    assert svg.last_move(s.clone(history=False)) == {}


@pytest.mark.parametrize(("players", "seed"), [(2, 0), (3, 1), (4, 2), (6, 3)])
def test_the_close_up_holds_the_viewers_cars_through_a_whole_race(players: int,
                                                                   seed: int) -> None:
    s = played(players, seed, 0)
    bots = [formel1.GAME.make_bot("greedy", seed * 16 + i) for i in range(players)]
    seen = 0
    while s.race == 0 and not s.is_terminal():
        if s.phase == "race":
            for viewer in range(players):
                rows = svg.focus_rows(s, viewer)
                for c in range(6):
                    if s.owner[c] == viewer and s.pos[c] >= 0:
                        assert s.track_spec().cells[s.pos[c]].row in rows
                        seen += 1
        s.apply(bots[max(s.current_player, 0)].choose(s))
    assert seen


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_positions_across_a_whole_seeded_game_draw_readable_and_inside(players: int) -> None:
    s = played(players, players, 0)
    bots = [formel1.GAME.make_bot("greedy", players * 16 + i) for i in range(players)]
    phases = set()
    step = 0
    while True:
        if step % 7 == 0 or s.is_terminal():
            viewer = step % players
            board = formel1.GAME.board(s, viewer)
            check_board(board)
            phases.add(s.phase)
        if s.is_terminal():
            break
        s.apply(bots[max(s.current_player, 0)].choose(s))
        step += 1
    assert {"auction", "race", "over"} <= phases


@pytest.mark.parametrize(("track", "variants"), [("new", ()), ("standard", ("two_laps_discards",))])
def test_the_new_track_and_two_lap_races_draw_too(track: str, variants: tuple[str, ...]) -> None:
    s = formel1.new_game(3, 5, races=1, track=track, variants=variants)
    bots = [formel1.GAME.make_bot("greedy", i) for i in range(3)]
    while s.phase != "race":
        s.apply(bots[max(s.current_player, 0)].choose(s))
    for _ in range(40):
        s.apply(bots[max(s.current_player, 0)].choose(s))
    board = formel1.GAME.board(s, 0)
    check_board(board)
    words = "".join(svgs(board)[0].itertext())
    assert ("unequal corner" in words) == (track == "new")
    assert ("lap 1 of 2" in words or "lap 2 of 2" in words) == bool(variants)
