"""The Formel 1 position loader, fuzzed: real positions from seeded games (every variant: the
plain game, no car, both two-lap forms, White 3-2-1, the new track; seeded and explicit chance)
are mutated (a value replaced, a key deleted or added, a type changed, a big or negative
number, a newline-terminated string). Each mutated file is either refused with a
``PositionError`` naming a field of the position, or loads to a state that plays on with random
legal moves to the end (or ``STEPS`` steps) and reloads equal (``to_json`` then ``from_json``)
at every step. A few positions the engine could never reach, each once a crash or a file the
loader later refused, are pinned by name."""

from __future__ import annotations

import copy
import json
import random
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import formel1
from formel1 import rules, serialize
from gamecore.errors import PositionError
from tests.support.fuzz import json_paths

STEPS = 300
FIELDS = tuple(serialize.schema()["properties"])
GAMES = (  # players, races, track, variants
    (4, 2, "standard", ()), (3, 1, "standard", ("no_car",)),
    (5, 1, "standard", ("two_laps_discards",)), (2, 2, "new", ("two_laps_double_deck",)),
    (6, 1, "new", ("white321",)), (4, 1, "standard", ("no_car", "two_laps_discards")),
)


@cache
def bases() -> tuple[str, ...]:
    """Positions of every phase and decision from seeded and explicit-chance games."""
    out: dict[tuple[Any, ...], str] = {}
    for seed, (players, races, track, variants) in enumerate(GAMES * 2):
        explicit = seed >= len(GAMES)
        s = formel1.new_game(players, None if explicit else seed, races, track, variants,
                             explicit_chance=explicit)
        rng = random.Random(seed)
        while not s.is_terminal():
            key = (seed % len(GAMES), s.phase, s.pending[:1], s.proposal is not None)
            if key not in out or rng.random() < 0.02:
                out[key] = s.to_json()
            s.apply(rng.choice(s.legal_action_ids()))
        out[("over", seed)] = s.to_json()
    return tuple(out.values())


_DELETE = object()


def _parent(data: Any, path: str) -> tuple[Any, Any]:
    keys = path.split("/")
    for k in keys[:-1]:
        data = data[int(k) if isinstance(data, list) else k]
    return data, int(keys[-1]) if isinstance(data, list) else keys[-1]


def _mutations(old: Any, rng: random.Random) -> list[Any]:
    out: list[Any] = [None, "x", "1a\n", [], {}, True, -1, 10**6, 2**70, -(2**70), _DELETE]
    if isinstance(old, bool):
        out.append(not old)
    elif isinstance(old, int):
        out += [old + 1, old - 1, old + rng.randint(2, 30), 0, old * 10, -old]
    elif isinstance(old, list):
        out += [old[:-1], old + old[-1:] if old else [0], old[::-1], [0] * len(old)]
    elif isinstance(old, str):
        out += [old[:-1], old + "x", old + "\n", old.upper()]
    return out


def _fields(data: dict[str, Any], rng: random.Random) -> list[str]:
    """The paths to mutate: most often those outside the log (a log's thousands of items
    would otherwise take nearly every mutation)."""
    paths = json_paths(data)
    if rng.random() < 0.2:
        return paths
    return [p for p in paths if p != "log" and not p.startswith("log/")]


def mutate(data: dict[str, Any], rng: random.Random) -> None:
    """One mutation of ``data`` in place: a value replaced or deleted, or a key added."""
    if rng.random() < 0.05:
        data[rng.choice(("extra", "Log", "seed2"))] = rng.choice((0, "x", None))
        return
    path = rng.choice(_fields(data, rng))
    parent, key = _parent(data, path)
    value = rng.choice(_mutations(parent[key], rng))
    if value is _DELETE:
        if isinstance(parent, list):
            del parent[key]
        else:
            del parent[key]
    else:
        parent[key] = value


def plays_on(s: formel1.State, seed: int, steps: int = STEPS) -> None:
    """Random legal moves to the end or ``steps``: the state reloads equal at every step."""
    rng = random.Random(seed)
    for _ in range(steps):
        text = s.to_json()
        assert serialize.state_from_json(text) == s
        if s.is_terminal():
            return
        legal = s.legal_action_ids()
        assert legal
        s.apply(rng.choice(legal))
    assert serialize.state_from_json(s.to_json()) == s


def loads_sound_or_refused(data: dict[str, Any], seed: int) -> None:
    """The mutated ``data`` is refused naming a field of the position, or plays on."""
    try:
        s = serialize.state_from_dict(data)
    except PositionError as exc:
        top = exc.field.split("/")[0]
        assert top in FIELDS or top in ("(top level)", "format", "version", "game"), exc
        return
    plays_on(s, seed)
    assert str(s) and s.log() is not None


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**9))
def test_a_mutated_position_plays_on_and_reloads_or_is_refused_naming_a_field(seed: int
                                                                              ) -> None:
    rng = random.Random(seed)
    data = json.loads(rng.choice(bases()))
    for _ in range(1 + (rng.random() < 0.3)):
        mutate(data, rng)
    loads_sound_or_refused(data, seed)


def test_the_base_positions_cover_every_phase_and_variant() -> None:
    phases, variants = set(), set()
    for text in bases():
        s = serialize.state_from_json(text)
        phases.add(s.phase)
        variants |= set(s.variants)
    assert {rules.DEALER, rules.DEAL, rules.AUCTION, rules.RACE, rules.OVER} <= phases
    assert variants == {"no_car", "two_laps_discards", "two_laps_double_deck", "white321"}


# --- positions the engine never reaches, pinned ----------------------------------------------
def _position(pred: Any, game: tuple[Any, ...] = (4, 2, "standard", ()), seed: int = 3
              ) -> dict[str, Any]:
    """The first position of a seeded random game where ``pred(state)`` holds, as a dict."""
    s = formel1.new_game(game[0], seed, game[1], game[2], game[3])
    rng = random.Random(seed)
    while not pred(s):
        assert not s.is_terminal(), "no such position in this game"
        s.apply(rng.choice(s.legal_action_ids()))
    data: dict[str, Any] = json.loads(s.to_json())
    return data


def _refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as err:
        serialize.state_from_dict(data)
    assert err.value.field.split("/")[0] == field, err.value


def test_a_sold_car_without_an_owner_during_the_auction_is_refused() -> None:
    data = _position(lambda s: s.phase == rules.AUCTION and sum(o >= 0 for o in s.owner) >= 2
                     and s.offer >= 0)
    sold = next(i for i, o in enumerate(data["owner"]) if o is not None)
    data["owner"][sold] = None
    _refused(data, "owner")


def test_an_owner_for_a_car_still_unsold_is_refused() -> None:
    data = _position(lambda s: s.phase == rules.AUCTION and s.offer >= 0
                     and len(s.revealed) < 6)
    unrevealed = next(i for i, c in enumerate(serialize.COLOURS) if c not in data["revealed"])
    data["owner"][unrevealed] = 0
    _refused(data, "owner")


def test_money_beyond_what_the_prizes_allow_is_refused() -> None:
    data = _position(lambda s: s.phase == rules.AUCTION and s.offer >= 0)
    for money in (5700, 6700, 1000):
        bad = copy.deepcopy(data)
        bad["money"][0] = money
        _refused(bad, "money")


def test_the_turn_flipped_while_a_card_is_carried_out_is_refused() -> None:
    data = _position(lambda s: s.phase == rules.RACE and s.card >= 0 and s.starter_played
                     and len({len(h) for h in s.hands}) == 2)
    for seat in range(4):
        if seat != data["turn"]:
            bad = copy.deepcopy(data)
            bad["turn"] = seat
            _refused(bad, "turn")


def test_the_turn_flipped_between_cards_is_refused() -> None:
    data = _position(lambda s: s.phase == rules.RACE and s.card < 0
                     and len({len(h) for h in s.hands}) == 2 and not s.pending)
    for seat in range(4):
        if seat != data["turn"]:
            bad = copy.deepcopy(data)
            bad["turn"] = seat
            _refused(bad, "turn")
            with pytest.raises(PositionError, match=f"Player {data['turn']} is in turn"):
                serialize.state_from_dict(bad)  # seats named as the log names them, from 0


def test_a_discard_pile_short_of_a_card_before_the_pick_up_is_refused() -> None:
    """Found by the fuzz test: a pile one card short loaded, and after the pick-up the hands
    said another player was in turn, so a later position was refused. Before the pick-up a
    hand and its pile hold the cards dealt (F1-40)."""
    data = _position(lambda s: s.phase == rules.RACE and not s.picked_up
                     and sum(map(len, s.discards)) > 8,
                     (5, 1, "standard", ("two_laps_discards",)), seed=4)
    seat = next(p for p, pile in enumerate(data["discards"]) if pile)
    short_pile = copy.deepcopy(data)
    short_pile["discards"][seat].pop()
    _refused(short_pile, "discards")
    for p in range(5):  # a card gone from a hand: the turn order or the count says so
        short_hand = copy.deepcopy(data)
        short_hand["hands"][p].pop()
        with pytest.raises(PositionError) as err:
            serialize.state_from_dict(short_hand)
        assert err.value.field.split("/")[0] in ("hands", "turn", "discards"), err.value
