"""The Automobiles position loader, fuzzed (issue 15, "Bad input"): real positions from random
races (every kind of decision, card sets with all 35 cards, Weaving, explicit chance) are
mutated field by field; each mutation either loads to a sound state (it reloads equal, every
legal action applies, a random continuation plays and renders) or raises ``PositionError``
naming a field of the position. Drivers and seasons, with and without sponsors, are among
the races. The loader is bounded by construction (gamecore's bounded ``parse_json``, linear
checks); no timing is asserted here."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import automobiles
from automobiles import serialize
from gamecore.errors import PositionError

CONTINUATION = 20
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
                                 laps=1 if seed % 5 == 4 else None)
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


def _paths(data: Any, prefix: str = "") -> list[str]:
    if isinstance(data, dict):
        return [prefix + k for k in data] + [p for k, v in data.items()
                                            for p in _paths(v, f"{prefix}{k}/")]
    if isinstance(data, list):
        return [f"{prefix}{i}" for i in range(len(data))] + [
            p for i, v in enumerate(data) for p in _paths(v, f"{prefix}{i}/")]
    return []


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
    out: list[Any] = [None, "x", [], {}, True, -1, 2**70, _DELETE]
    if isinstance(old, bool):
        out.append(not old)
    elif isinstance(old, int):
        out += [old + 1, old - 1, old + rng.randint(2, 30), 0]
    elif isinstance(old, list):
        out += [old[:-1], old + old[-1:] if old else [0], old[::-1], [0] * len(old)]
    elif isinstance(old, str):
        out += [old[:-1], old + "x"]
    return out


def _sound(s: automobiles.State, seed: int) -> None:
    text = s.to_json()
    assert serialize.state_from_json(text) == s
    for aid in s.legal_action_ids():
        s.clone().apply(aid)
    rng = random.Random(seed)
    for _ in range(CONTINUATION):
        if s.is_terminal():
            break
        legal = s.legal_action_ids()
        assert legal
        s.apply(rng.choice(legal))
    assert str(s) and s._repr_svg_() and s.log() is not None


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_a_mutated_position_loads_sound_or_is_refused_naming_a_field(seed: int) -> None:
    rng = random.Random(seed)
    base = json.loads(rng.choice(bases()))
    data = copy.deepcopy(base)
    path = rng.choice(_paths(data))
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
