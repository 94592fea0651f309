"""Typed log events in all three games (``<game>/events.py``): each kind renders through its
own function, round-trips through the JSON list ``[kind, field, ...]``, and the loader refuses a
malformed event naming ``log/<i>``; a state loaded from JSON renders the same log."""

from __future__ import annotations

import json
import random
import time
import typing
from typing import Any

import pytest

import automobiles
import formel1
import kwcore
from automobiles import cards as au_cards
from automobiles import events as au_events
from automobiles import render as au_render
from automobiles import serialize as au_serialize
from formel1 import events as f1_events
from formel1 import render as f1_render
from formel1 import serialize as f1_serialize
from gamecore.errors import PositionError
from gamecore.events import Event, read_event
from gamecore.game import get
from kwcore import events as kw_events
from kwcore import render as kw_render


def _played(game: str, players: int, seed: int, steps: int = 100_000, **options: Any) -> Any:
    g = get(game)
    s = g.new_game(players, seed, **options)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_unchecked(rng.choice(s.legal_action_ids()))
    return s


def _sample(cls: type[Event], checks: dict[str, Any]) -> Event:
    """An event of ``cls`` whose every field is the first value its check allows."""
    hints = typing.get_type_hints(cls)
    values = []
    for name in cls.__match_args__:
        if hints[name] is bool:
            values.append(True)
        elif "tuple" in str(hints[name]):
            values.append(tuple(range(2)) if checks[name]([0, 1]) else (0,))
        else:
            values.append(next(x for x in range(-1, 500) if checks[name](x)))
    return cls(*values)


def _racing_samples(game: str) -> tuple[Any, list[Event]]:
    if game == "formel1":
        s = formel1.new_game(2, 0)
        checks = f1_serialize._event_checks(s)
        return s, [_sample(cls, checks) for cls in f1_events.EVENTS.values()]
    s = automobiles.new_game(2, 0)
    checks = au_serialize._event_checks(s)
    out = []
    for cls in au_events.EVENTS.values():
        e = _sample(cls, checks)
        if isinstance(e, au_events.PickCube):
            source, stage = next(iter(au_cards.PICKS))
            card = next(i for i in range(60) if au_cards.source_id(i) == source)
            e = au_events.PickCube(0, card, stage, 0, 1)
        out.append(e)
    return s, out


@pytest.mark.parametrize("game", ["formel1", "automobiles"])
def test_every_event_kind_of_a_racing_game_renders_through_its_own_function(game: str) -> None:
    s, samples = _racing_samples(game)
    describe = f1_render.describe if game == "formel1" else au_render.describe
    assert len(samples) == len({type(e) for e in samples})
    for e in samples:
        words = describe(s, e)
        assert words and not words.startswith(" "), e


def test_every_kraftwagen_event_kind_renders_through_its_own_function() -> None:
    cfg = kwcore.new_game(3, 0).cfg
    assert set(kw_render._WORDS) == set(kw_events.EVENTS.values())
    samples = {
        cls: cls(*[(0, 1) if name == "returned" else () if name == "passed" else
                   "buyer" if name == "source" else 1 for name in cls.__match_args__])
        for cls in kw_events.EVENTS.values()}
    for e in samples.values():
        assert kw_render.describe(cfg, e), e


@pytest.mark.parametrize("game", ["formel1", "automobiles"])
def test_an_event_round_trips_through_its_json_list(game: str) -> None:
    s, samples = _racing_samples(game)
    table = f1_events.EVENTS if game == "formel1" else au_events.EVENTS
    checks = (f1_serialize._event_checks(s) if game == "formel1"
              else au_serialize._event_checks(s))
    for e in samples:
        raw = json.loads(json.dumps(e.to_list()))
        assert raw[0] == e.kind and len(raw) == len(e.__match_args__) + 1
        assert read_event(raw, table, checks, "log/0") == e


@pytest.mark.parametrize(("game", "options"), [
    ("kraftwagen", {}), ("formel1", {"races": 1}), ("formel1", {"variants": "no_car"}),
    ("automobiles", {}), ("automobiles", {"season": 3, "sponsors": True, "drivers": True}),
])
def test_a_state_loaded_from_json_renders_the_same_log(game: str, options: dict[str, Any]
                                                       ) -> None:
    g = get(game)
    for seed in range(3):
        s = _played(game, 3, seed, **options)
        assert g.to_json is not None
        loaded = g.from_json(g.to_json(s, None))
        assert g.log(loaded) == g.log(s) and loaded.events == s.events


@pytest.mark.parametrize("game", ["formel1", "automobiles"])
@pytest.mark.parametrize(("broken", "path"), [
    (["no_such_kind", 1], "log/3"), ("a line of English", "log/3"), ([], "log/3"),
    (None, "log/3"),
])
def test_a_malformed_event_is_a_position_error_naming_log_i(game: str, broken: Any,
                                                            path: str) -> None:
    g = get(game)
    s = _played(game, 2, 1, steps=60)
    assert g.to_json is not None
    data = json.loads(g.to_json(s, None))
    data["log"][3] = broken
    with pytest.raises(PositionError) as info:
        g.from_data(data)
    assert info.value.field == path


@pytest.mark.parametrize("game", ["formel1", "automobiles"])
def test_an_event_of_the_wrong_arity_or_out_of_range_names_its_place_in_the_log(game: str
                                                                                ) -> None:
    g = get(game)
    s = _played(game, 2, 1, steps=60)
    assert g.to_json is not None
    data = json.loads(g.to_json(s, None))
    event = data["log"][2]
    data["log"][2] = [*event, 0]
    with pytest.raises(PositionError) as info:
        g.from_data(json.loads(json.dumps(data)))
    assert info.value.field == "log/2"
    seat_event = next(i for i, e in enumerate(data["log"]) if i > 2 and len(e) > 1
                      and type(e[1]) is int)
    data["log"][2] = event
    data["log"][seat_event][1] = 10_000_000
    with pytest.raises(PositionError) as info:
        g.from_data(data)
    assert info.value.field == f"log/{seat_event}/1"


@pytest.mark.parametrize("game", ["formel1", "automobiles"])
def test_a_version_2_position_with_an_english_log_is_refused_naming_the_version(game: str
                                                                                ) -> None:
    g = get(game)
    s = _played(game, 2, 1, steps=30)
    assert g.to_json is not None
    data = json.loads(g.to_json(s, None))
    data["version"], data["log"] = 2, ["an English line"]
    with pytest.raises(PositionError) as info:
        g.from_data(data)
    assert info.value.field == "version" and "version 3" in str(info.value)


def test_a_log_of_thousands_of_events_loads_in_linear_time() -> None:
    s = _played("automobiles", 5, 2, season=3)
    assert len(s.events) > 5000
    text = au_serialize.state_to_json(s)
    start = time.perf_counter()
    loaded = au_serialize.state_from_json(text)
    assert time.perf_counter() - start < 2.0
    assert loaded.events == s.events
