"""The Automobiles position loader, fuzzed: real positions from random races (every kind of
decision, card sets with all 35 cards, Weaving, explicit chance, drivers, seasons with and
without sponsors) are mutated (a value replaced, a key deleted or added, a type changed, a big
or negative number, a newline-terminated string); each mutation either raises
``PositionError`` naming a field of the position, or loads to a state that plays on with random
legal moves to the end (or ``STEPS`` steps), reloading equal (``to_json`` then ``from_json``) at
every step, and renders. A log cut to its window (``state.LOG_LIMIT``) round-trips and is cut
alike after a reload. The loader is bounded by construction (gamecore's bounded ``parse_json``,
linear checks); its times are measured in ``benchmarks/bench_racing_positions.py``, not here."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from itertools import chain
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import automobiles
from automobiles import serialize
from automobiles.events import LogCut
from automobiles.state import LOG_CHUNK, LOG_KEEP, LOG_LIMIT
from gamecore.errors import PositionError
from tests.support.fuzz import json_paths

STEPS = 300
FIELDS = tuple(serialize.schema()["properties"])


@cache
def bases() -> tuple[str, ...]:
    """Positions of many decision kinds from seeded and explicit-chance races."""
    out: dict[tuple[str, int], str] = {}
    for seed in range(20):
        explicit = seed % 3 == 2
        cards = ("random", "standard", "base_fourth", "expansion_first", "base_first")[seed % 5]
        s = automobiles.new_game(2 + seed % 4, None if explicit else seed, cards=cards,
                                 explicit_chance=explicit, weaving=seed % 2 == 1,
                                 drivers=seed % 4 >= 2, season=3 if seed % 5 == 4 else None,
                                 laps=1 if seed % 5 == 4 else None,
                                 house_drivers_single_race=seed % 4 >= 2 and seed % 5 != 4)
        rng = random.Random(seed)
        steps = 0
        while not s.is_terminal() and steps < 2500:
            key = (s.phase, s.effect[0] if s.effect else -1)
            if key not in out or rng.random() < 0.01:
                out[key] = s.to_json()
            s.apply(rng.choice(s.legal_action_ids()))
            steps += 1
        out[("over", seed)] = s.to_json()
    for seed in range(20, 24):  # seasons with sponsors: every stage of the break (AU-26)
        explicit = seed % 2 == 1
        s = automobiles.new_game(2 + seed % 4, None if explicit else seed, season=3, laps=1,
                                 sponsors=True, explicit_chance=explicit,
                                 drivers=seed % 3 == 0)
        rng = random.Random(seed)
        while not s.is_terminal():
            key = (s.phase, s.effect[0] if s.effect else -1)
            if s.phase in ("sponsors", "sponsor") and (key not in out or rng.random() < 0.05):
                out[key] = s.to_json()
            s.apply(rng.choice(s.legal_action_ids()))
        out[("over", seed)] = s.to_json()
    return tuple(out.values())


def _set(data: Any, path: str, value: Any) -> None:
    keys = path.split("/")
    for k in keys[:-1]:
        data = data[int(k) if isinstance(data, list) else k]
    last = keys[-1]
    if isinstance(data, list):
        data[int(last)] = value
    elif value is _DELETE:
        del data[last]
    else:
        data[last] = value


_DELETE = object()


def _get(data: Any, path: str) -> Any:
    for k in path.split("/"):
        data = data[int(k) if isinstance(data, list) else k]
    return data


def _mutations(old: Any, rng: random.Random) -> list[Any]:
    out: list[Any] = [None, "x", "x\n", [], {}, True, -1, 10**6, 2**70, -(2**70), _DELETE]
    if isinstance(old, bool):
        out.append(not old)
    elif isinstance(old, int):
        out += [old + 1, old - 1, old + rng.randint(2, 30), 0, old * 10, -old]
    elif isinstance(old, list):
        out += [old[:-1], old + old[-1:] if old else [0], old[::-1], [0] * len(old)]
    elif isinstance(old, str):
        out += [old[:-1], old + "x", old + "\n"]
    return out


def _sound(s: automobiles.State, seed: int) -> None:
    """Random legal moves to the end or STEPS: the state reloads equal at every step."""
    rng = random.Random(seed)
    for _ in range(STEPS):
        assert serialize.state_from_json(s.to_json()) == s
        if s.is_terminal():
            break
        legal = s.legal_action_ids()
        assert legal
        s.apply(rng.choice(legal))
    assert serialize.state_from_json(s.to_json()) == s
    assert str(s) and s._repr_svg_() and s.log() is not None


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_a_mutated_position_loads_sound_or_is_refused_naming_a_field(seed: int) -> None:
    rng = random.Random(seed)
    base = json.loads(rng.choice(bases()))
    data = copy.deepcopy(base)
    if rng.random() < 0.05:
        data[rng.choice(("extra", "Log", "seed2"))] = rng.choice((0, "x", None))
    else:
        paths = json_paths(data)
        if rng.random() < 0.8:  # a log's thousands of items would take nearly every mutation
            paths = [p for p in paths if p != "log" and not p.startswith("log/")]
        path = rng.choice(paths)
        value = rng.choice(_mutations(_get(data, path), rng))
        if value is _DELETE and "/" in path:
            value = None
        _set(data, path, value)
    try:
        s = serialize.state_from_dict(data)
    except PositionError as exc:
        assert exc.field, exc
        top = exc.field.split("/")[0]
        assert top in FIELDS or top in ("(top level)",), exc
        return
    _sound(s, seed)


def test_the_base_positions_cover_the_cards_choices_and_load() -> None:
    kinds = set()
    for text in bases():
        s = serialize.state_from_json(text)
        kinds.add((s.phase, s.effect[0] if s.effect else -1))
    # every kind of card choice (FORCED draws and Crew Chief's are chance nodes, in "draw")
    assert {("card", k) for k in (0, 1, 2, 4, 5, 7, 8, 9)} <= kinds
    # the sponsors' break: the deal, the choice, and the stages of the effects (AU-26)
    assert {("sponsors", -1), ("sponsor", -1), ("sponsor", 1)} <= kinds
    assert len(bases()) > 30


# --- the log's window ------------------------------------------------------------------------
def _records(s: automobiles.State) -> tuple[Any, ...]:
    return tuple(chain(chain.from_iterable(s.log_chunks), s.log_tail))


def _long_log(seed: int, cut: int = 0) -> automobiles.State:
    """A season with drivers and sponsors whose log (its real events repeated, after a cut of
    ``cut`` events if ``cut``) is a few events short of being cut."""
    s = automobiles.new_game(3, seed, season=3, sponsors=True, drivers=True, laps=1)
    rng = random.Random(seed)
    for _ in range(300):
        s.apply(rng.choice(s.legal_action_ids()))
    real = _records(s)
    head = real[:LOG_CHUNK] + (((LogCut, cut),) if cut else ())
    s.set_records(head + (real[LOG_CHUNK:] * LOG_LIMIT)[:LOG_LIMIT + LOG_CHUNK - 3 - len(head)])
    return s


def _play_to_a_cut(s: automobiles.State, seed: int) -> tuple[tuple[Any, ...], ...]:
    """Random moves until the log is cut: the log before the cutting move, the events that
    move added (made on a short copy), and the log after; a reloaded copy of ``s`` plays the
    same moves and keeps the same log throughout."""
    again = serialize.state_from_json(s.to_json())
    rng = random.Random(seed)
    for _ in range(200):
        aid = rng.choice(s.legal_action_ids())
        before = _records(s)
        uncut = s.clone()
        uncut.set_records(before[-100:])
        uncut.apply(aid)
        s.apply(aid)
        again.apply(aid)  # a reloaded log is cut exactly as the original
        after = _records(s)
        assert _records(again) == after and again == s
        if len(after) < len(before):
            return before, _records(uncut)[100:], after
    raise AssertionError("no cut in 200 moves")


def test_a_log_past_its_limit_keeps_the_setup_a_cut_and_the_latest_events() -> None:
    s = _long_log(5)
    before, new, after = _play_to_a_cut(s, 5)
    # the cut comes as a chunk fills; the move's later events follow it
    assert LOG_KEEP <= len(after) < LOG_KEEP + len(new)
    assert after[:LOG_CHUNK] == before[:LOG_CHUNK]
    assert after[LOG_CHUNK + 1:] == (before + new)[-(len(after) - LOG_CHUNK - 1):]
    assert after[LOG_CHUNK] == (LogCut, len(before) + len(new) - len(after) + 1)
    assert serialize.state_from_json(s.to_json()) == s
    assert "earlier events are no longer kept" in s.log()[LOG_CHUNK]


def test_a_second_cut_adds_to_the_events_counted_by_the_first() -> None:
    s = _long_log(7, cut=12_345)
    before, new, after = _play_to_a_cut(s, 7)
    assert after[LOG_CHUNK] == (LogCut, 12_345 + len(before) + len(new) - len(after))
    assert after[LOG_CHUNK + 1:] == (before + new)[-(len(after) - LOG_CHUNK - 1):]
    assert serialize.state_from_json(s.to_json()) == s


def test_a_cut_anywhere_but_after_the_setup_or_a_log_too_long_is_refused() -> None:
    data = json.loads(_long_log(6).to_json())
    moved = copy.deepcopy(data)
    moved["log"].insert(3, ["log_cut", 10])
    with pytest.raises(PositionError, match="log/3"):
        serialize.state_from_dict(moved)
    short = copy.deepcopy(data)
    short["log"] = short["log"][:LOG_CHUNK] + [["log_cut", 10]] + short["log"][-5:]
    with pytest.raises(PositionError, match=f"log/{LOG_CHUNK}"):
        serialize.state_from_dict(short)
    long = copy.deepcopy(data)
    long["log"] = (long["log"] * 2)[:serialize.MAX_LOG + 1]
    with pytest.raises(PositionError) as err:
        serialize.state_from_dict(long)
    assert err.value.field == "log"


def test_the_longest_greedy_season_keeps_its_whole_log_well_under_the_size_limit() -> None:
    """Ten 5-player races of 8 laps between greedy bots (about 19,000 events) keep their whole
    log, and the JSON is under half the size limit."""
    from automobiles.bots import make_bot
    from gamecore.position import MAX_POSITION_SIZE

    s = automobiles.new_game(5, 3, laps=8, weaving=True, drivers=True, season=10, sponsors=True)
    bots = [make_bot("greedy", 30 + p) for p in range(5)]
    while not s.is_terminal():
        s.apply_unchecked(bots[s.current_player].choose(s))
    assert not any(isinstance(e, LogCut) for e in s.events)
    text = s.to_json()
    assert len(text) < MAX_POSITION_SIZE // 2
    assert serialize.state_from_json(text) == s
