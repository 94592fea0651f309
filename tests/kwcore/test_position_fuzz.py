"""The position loader, fuzzed as an outside tester would.

Every mutation of a real position either loads to a sound state or raises ``PositionError``
naming the field, and never takes long: the contract of ``kwcore.from_json`` in
docs/position-format.md ("What the loader checks"). A sound state is one where every legal action
applies, a seeded random continuation plays and renders (text board, log, SVG), and ``to_json``
reloads to an equal state. The mutations: keys deleted, values replaced by other types, numbers
made negative or huge, lists emptied, cut, repeated or grown, text truncated, deep nesting, huge
strings and non-UTF-8 bytes, each at a field drawn from every field of the schema.

Also here: kwcore's schema checker agrees with jsonschema's Draft202012Validator on the same
mutations (it replaces jsonschema at load time, see kwcore/serialize.py).
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Iterator
from functools import cache
from typing import Any

import jsonschema
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import kwcore
from kwcore import PositionError
from kwcore.serialize import _schema_check, position_schema, state_from_json
from tests.support.builders import schema_names

Position = dict[str, Any]
CONTINUATION = 25  # decisions of the random continuation played from each loaded state
# The loader's time bound is asserted by benchmarks/bench_loader.py, not here (no timing
# assertion in a test): this suite checks the outcome of every mutation.


# --- the base positions ---------------------------------------------------------------------------
@cache
def bases() -> tuple[str, ...]:
    """A position of each decision kind (all 22) and player count, from seeded and
    explicit-chance random games of 2-4 companies, the last of each game included (its log
    whole)."""
    out: dict[str, str] = {}
    for players, seed, explicit in ((2, 11, False), (3, 12, True), (4, 13, False),
                                    (4, 14, True), (3, 15, False), (2, 16, True), (2, 39, False)):
        s = kwcore.new_game(players, seed, explicit_chance=explicit, hidden_scores=seed == 15)
        rng, keep = random.Random(seed), random.Random(-seed)
        while True:
            key = f"{s.decision()}/{players}"
            if key not in out or keep.random() < 0.02:
                out[key] = s.to_json()
            if s.is_terminal():
                break
            s.apply(rng.choice(s.legal_action_ids()))
    return tuple(out[k] for k in sorted(out))


def paths(obj: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path into ``obj``: objects, arrays and leaves (the root excluded)."""
    if path:
        yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from paths(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from paths(v, (*path, i))


def test_the_base_positions_cover_every_decision_and_player_count() -> None:
    from kwcore.state import FRAME_NAMES

    seen = {(d["pending"]["decision"], d["players"]) for d in map(json.loads, bases())}
    assert {name for name, _ in seen} == set(FRAME_NAMES)
    assert {players for _, players in seen} == {2, 3, 4}


# --- the mutations --------------------------------------------------------------------------------
def deep(depth: int) -> Any:
    out: Any = 1
    for _ in range(depth):
        out = [out]
    return out


def replacement(rng: random.Random, old: Any) -> Any:
    """A value of another type or range than ``old``."""
    choices: list[Any] = [
        None, True, False, 0, -1, -(10 ** rng.randint(1, 30)), 10 ** rng.randint(1, 30),
        2 ** 63, 2 ** 64, rng.randint(-5, 20), 3.5, 2.0, "", "x" * rng.randint(1, 5000),
        "Green", "Packard", "body", "deal", "choose_action", "pass", [], {}, [None], [[]],
        {"a": 1}, [1, 2, 3], ["Green", "Green"], deep(rng.randint(5, 50)),
    ]
    if isinstance(old, int) and not isinstance(old, bool):
        choices += [old + 1, old - 1, -old, old * 1000, old + 2 ** 40]
    if isinstance(old, list):
        choices += [old[:-1], old + old, old[::-1], old[:1] * 50, [copy.deepcopy(old)] * 3]
    if isinstance(old, dict):
        choices += [{k: v for k, v in old.items() if k != key} for key in list(old)[:3]]
    return rng.choice(choices)


def nudge(rng: random.Random, old: Any) -> Any:
    """A value of the same kind as ``old``, close to it: most such positions still load."""
    if isinstance(old, bool):
        return not old
    if isinstance(old, int):
        return old + rng.choice((-2, -1, 1, 2))
    if isinstance(old, str):
        return rng.choice(NAMES)
    if old is None:
        return rng.choice(NAMES + [0, 1])
    return old


@cache
def _names() -> tuple[str, ...]:
    return tuple(schema_names())


NAMES = list(_names())


def mutate(rng: random.Random, d: Position) -> str:
    """Change ``d`` at one random place; a note of what was done."""
    path = rng.choice(list(paths(d)))
    parent: Any = d
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    where = "/".join(map(str, path))
    if rng.random() < 0.5 and not isinstance(parent[key], list | dict):
        parent[key] = nudge(rng, parent[key])
        return f"nudged {where} to {parent[key]!r}"
    how = rng.random()
    if how < 0.2:
        del parent[key]
        return f"deleted {where}"
    if how < 0.3 and isinstance(parent[key], list):
        parent[key].append(copy.deepcopy(parent[key][0]) if parent[key] else None)
        return f"grew {where}"
    parent[key] = replacement(rng, parent[key])
    return f"set {where} = {str(parent[key])[:60]}"


def mutated_text(rng: random.Random, text: str) -> tuple[str | bytes, str]:
    """The text of a mutated position (sometimes also damaged as text); a note."""
    d = json.loads(text)
    notes = [mutate(rng, d) for _ in range(rng.choice((1, 1, 1, 2, 3)))]
    out = json.dumps(d)
    damage = rng.random()
    if damage < 0.05:
        cut = rng.randrange(len(out))
        return out[:cut], f"{notes}, cut at {cut}"
    if damage < 0.08:
        raw = out.encode()
        at = rng.randrange(len(raw))
        return raw[:at] + bytes([rng.choice((0x80, 0xC3, 0xFF))]) + raw[at:], f"{notes}, bad byte"
    if damage < 0.10:
        return out.replace("[", "[" * 3000, 1), f"{notes}, deep nesting"
    return out, str(notes)


# --- the contract ---------------------------------------------------------------------------------
def assert_sound(s: kwcore.State, seed: int) -> None:
    """Every legal action applies; a random continuation plays and renders; to_json reloads."""
    assert str(s) and s._repr_svg_().startswith("<svg")
    s.log()
    text = s.to_json()
    again = kwcore.from_json(text)
    assert again == s and again.to_json() == text
    assert again.legal_action_ids() == s.legal_action_ids()
    assert s.is_terminal() or s.legal_action_ids()
    for aid in s.legal_action_ids():
        child = s.child(aid)
        assert child.is_terminal() or child.legal_action_ids()
    rng = random.Random(seed)
    for _ in range(CONTINUATION):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_action_ids()))
        assert s.is_terminal() or s.legal_action_ids()
    assert str(s) and s.log() is not None and s._repr_svg_().startswith("<svg")
    assert kwcore.from_json(s.to_json()) == s


def load_or_error(data: str | bytes) -> kwcore.State | None:
    """The loaded state, or None after a PositionError that names a field (and is short)."""
    try:
        return state_from_json(data)
    except PositionError as exc:
        assert exc.field and str(exc).startswith(f"{exc.field}: ")
        assert len(str(exc)) <= 200
        return None


FUZZ = settings(max_examples=2000, deadline=None, suppress_health_check=list(HealthCheck))


@FUZZ
@given(base=st.integers(0, 10 ** 6), seed=st.integers(0, 2 ** 32 - 1))
def test_a_mutated_position_loads_sound_or_raises_position_error(base: int, seed: int) -> None:
    texts = bases()
    rng = random.Random(seed)
    data, what = mutated_text(rng, texts[base % len(texts)])
    note(what)
    s = load_or_error(data)
    if s is not None:
        assert_sound(s, seed)


# --- the schema checker agrees with jsonschema ------------------------------------------------
@cache
def short_bases() -> tuple[str, ...]:
    """The base positions with the log cut to its last 8 events (jsonschema is slow on logs)."""
    out = []
    for text in bases():
        d = json.loads(text)
        d["log"] = d["log"][-8:]
        out.append(json.dumps(d))
    return tuple(out)


def _has_float(x: Any) -> bool:
    if isinstance(x, float):
        return True
    if isinstance(x, dict):
        return any(_has_float(v) for v in x.values())
    return isinstance(x, list) and any(_has_float(v) for v in x)


@cache
def reference() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(position_schema())


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(base=st.integers(0, 10 ** 6), seed=st.integers(0, 2 ** 32 - 1))
def test_the_schema_checker_agrees_with_jsonschema(base: int, seed: int) -> None:
    texts = short_bases()
    rng = random.Random(seed)
    d = json.loads(texts[base % len(texts)])
    note(str([mutate(rng, d) for _ in range(rng.choice((1, 2)))]))
    # 2.0 is an integer to JSON Schema, never to kwcore (the format writes no floats).
    if _has_float(d):
        return
    try:
        _schema_check(copy.deepcopy(d))
        ours = None
    except PositionError as exc:
        ours = exc
    theirs = reference().is_valid(d)
    assert (ours is None) == theirs, f"kwcore: {ours}; jsonschema: {theirs}"
