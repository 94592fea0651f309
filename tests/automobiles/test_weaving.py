"""Weaving (AU-23): with the option a cube goes on any free segment of its space, so a car may
cut through a space on a rear segment to reach a space on the other side. The legal segments
equal a brute-force enumeration of the adjacency rule (RA3, stated here from the rule's text)
on both synthetic tracks, with and without Weaving; the shared conformance checks run on
Weaving games."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

import automobiles
import gamecore
from automobiles import serialize
from automobiles.actions import Place, PlaceOn
from automobiles.config import DARKGREY, LIGHTGREY, WHITE, SpaceSpec
from automobiles.game import GAME
from automobiles.state import State
from tests.automobiles.test_rules import _position, _texts
from tests.gamecore import test_conformance as conformance


def _weaving(players: int = 2, seed: int | None = 0, explicit_chance: bool = False) -> Any:
    return automobiles.new_game(players, seed, explicit_chance=explicit_chance, weaving=True)


WEAVING_GAME = dataclasses.replace(GAME, new_game=_weaving)


def _woven(cars: tuple[tuple[int, int, int], ...], active: dict[int, int]) -> State:
    s = _position(cars, active)
    s.weaving = True
    s.legal = automobiles.rules.legal_ids(s)
    return s


def test_with_weaving_a_cube_goes_on_any_free_segment_of_its_space() -> None:
    s = _woven(((12, 0, 0), (16, 1, 0)), {DARKGREY: 1, LIGHTGREY: 1})
    s.apply("play darkgrey")  # the dark-grey 16 has 3 segments, a car on the middle one
    assert _texts(s) == ["place 16 segment 0", "place 16 segment 2"]
    s.apply("place 16 segment 0")
    assert s.route[-1][:3] == (DARKGREY, 16, 0)


def test_without_weaving_the_same_cube_goes_on_the_furthest_free_segment() -> None:
    s = _position(((12, 0, 0), (16, 2, 0)), {DARKGREY: 1, LIGHTGREY: 1})
    s.apply("play darkgrey")  # one space: put at once, on segment 1 (the front one is taken)
    assert s.route[-1][:3] == (DARKGREY, 16, 1)


def test_a_rear_segment_reaches_a_space_of_the_next_lane_the_front_cannot() -> None:
    # from the light-grey 15 the dark-grey 18 (lane 0, units 7-9); the light-grey 19 (lane 1,
    # units 8-9) begins beside 18's middle: from 18's front segment only 21 and 22 follow
    s = _woven(((15, 1, 0), (9, 0, 0)), {DARKGREY: 1, LIGHTGREY: 1, WHITE: 1})
    s.apply("play darkgrey")
    s.apply("place 18 segment 0")
    s.apply("play lightgrey")
    assert _texts(s) == ["place 19 segment 0", "place 19 segment 1", "place 22 segment 0",
                         "place 22 segment 1"]
    plain = _position(((15, 1, 0), (9, 0, 0)), {DARKGREY: 1, LIGHTGREY: 1, WHITE: 1})
    plain.apply("play darkgrey")
    plain.apply("place 18")
    plain.apply("play lightgrey")
    assert plain.route[-1][1] == 22  # without Weaving: the light grey beyond 18's front


def test_a_plain_placement_is_refused_in_a_weaving_game_and_changes_nothing() -> None:
    s = _woven(((12, 0, 0), (9, 0, 0)), {DARKGREY: 1, LIGHTGREY: 1})
    s.apply("play darkgrey")
    before = s.key()
    with pytest.raises(gamecore.IllegalActionError, match=r"AU-12"):
        s.apply("place 16")
    assert s.key() == before


# --- brute force: the legal segments are exactly the adjacency rule's -----------------------
def _follows(lane: int, start: int, end: int, b: SpaceSpec, units: int) -> int | None:
    """RA3 from its text: b in the same lane or a neighbouring one, touching [start, end) even
    at a corner point, never back (b begins no earlier), never sideways (b ends further ahead);
    in the same lane b is the next space. Returns the laps crossed, or None."""
    if abs(lane - b.lane) > 1:
        return None
    for wraps in (0, 1):
        bs, be = b.start + wraps * units, b.end + wraps * units
        if start <= bs <= end and be > end and (b.lane != lane or bs == end):
            return wraps
    return None


def _brute_force(s: State, mask: int, seat: int | None = None, crate: bool = False
                 ) -> set[tuple[int, int]]:
    """Every (space, segment) of the track a cube of the colours in ``mask`` may go on."""
    track = s.track_spec
    me = s.mover if seat is None else seat
    if crate or not s.route:
        space, seg = s.car_space[me], s.car_seg[me]
    else:
        space, seg = s.route[-1][1], s.route[-1][2]
    a = track.spaces[space]
    out = set()
    for b in track.spaces:
        if not mask >> b.colour & 1 or b.index == a.index:
            continue
        near = _follows(a.lane, a.start, a.end, b, track.units) is not None
        if s.weaving:
            near = near or _follows(a.lane, a.start + seg, a.start + seg + 1, b,
                                    track.units) is not None
        if not near:
            continue
        free = [k for k in range(b.length) if not any(
            (s.car_space[p], s.car_seg[p]) == (b.index, k) for p in range(s.players) if p != me)]
        if s.weaving:  # any free segment strictly ahead of the one before (never back)
            wraps = _follows(a.lane, a.start, a.end, b, track.units)
            if wraps is None:
                wraps = _follows(a.lane, a.start + seg, a.start + seg + 1, b, track.units)
            here = a.start + seg
            out |= {(b.index, k) for k in free if b.start + k + (wraps or 0) * track.units > here}
        elif free:
            out.add((b.index, max(free)))
    return out


def _engine(s: State) -> set[tuple[int, int]]:
    out = set()
    for a in s.legal_actions():
        if isinstance(a, PlaceOn):
            out.add((a.space, a.segment))
        elif isinstance(a, Place):
            out.add((a.space, automobiles.board.free_segment(s, a.space, _decider(s))))
    return out


def _decider(s: State) -> int:
    return s.effect[5] if s.phase == "card" and s.effect[0] == automobiles.board.CRATE \
        else s.mover


def _mask(s: State) -> int | None:
    """The colours the pending placement allows, or None if it is no placement."""
    if s.phase == "place":
        redline = s.playing == WHITE and s.flags & automobiles.board.REDLINE
        return 0b1111 if redline else 1 << s.playing
    if s.phase == "card" and s.effect[0] == automobiles.board.MOVE:
        return s.effect[3]
    if s.phase == "card" and s.effect[0] == automobiles.board.CRATE:
        return 0b1111
    return None


@pytest.mark.parametrize("track", ["daytona", "monza"])
@pytest.mark.parametrize("weaving", [False, True])
def test_the_legal_segments_equal_a_brute_force_enumeration_of_the_adjacency_rule(
        track: str, weaving: bool) -> None:
    checked = 0
    for seed in range(6):
        s = automobiles.new_game(3, seed, cards="random", track=track, weaving=weaving)
        rng = random.Random(seed)
        while not s.is_terminal():
            mask = _mask(s)
            if mask is not None:
                crate = s.phase == "card" and s.effect[0] == automobiles.board.CRATE
                assert _engine(s) == _brute_force(s, mask, _decider(s), crate), s.to_json()
                checked += 1
            s.apply(rng.choice(s.legal_action_ids()))
    assert checked > 200


# --- positions and the shared checks ------------------------------------------------------------
def test_a_weaving_position_round_trips_and_a_game_without_the_field_is_plain() -> None:
    s = _weaving(3, 4)
    data = json.loads(s.to_json())
    assert data["weaving"] is True and serialize.state_from_dict(data) == s
    plain = automobiles.new_game(3, 4)
    data = json.loads(plain.to_json())
    del data["weaving"]
    assert serialize.state_from_dict(data) == plain


def test_without_weaving_a_cube_behind_the_furthest_free_segment_is_refused() -> None:
    s = automobiles.new_game(2, 1)
    rng = random.Random(1)
    while not (s.phase == "action" and any(
            s.track_spec.spaces[r[1]].length > 1 for r in s.route)):
        s.apply(rng.choice(s.legal_action_ids()))
    data = json.loads(s.to_json())
    i = next(i for i, r in enumerate(data["route"]) if s.track_spec.spaces[r[1]].length > 1)
    data["route"][i][2] = 0
    with pytest.raises(gamecore.PositionError, match=rf"route/{i}"):
        serialize.state_from_dict(data)


def test_weaving_games_end_round_trip_and_refuse_illegal_actions() -> None:
    conformance.test_seeded_random_games_end_for_every_player_count(WEAVING_GAME)
    conformance.test_json_round_trips_at_every_step(WEAVING_GAME)
    conformance.test_an_illegal_action_raises_and_changes_nothing(WEAVING_GAME)
    conformance.test_clones_are_independent_and_undo_restores(WEAVING_GAME)
