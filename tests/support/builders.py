"""Small builders for rule-test positions (STYLE 13).

Every builder starts from a real game (``kwcore.new_game``), plays it to a decision of the right
kind and then edits plain fields of the state, keeping components conserved (workers, buyers,
tokens, price markers), so that ``kwcore.from_json(state.to_json())`` still accepts the result.
After an edit the legal cache is recomputed (``refresh``) or the turn restarted (``turn_for``).
Nothing here decides a rule: the tests drive the engine with actions and check what it does.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Any

import pytest

import kwcore
from kwcore import rules
from kwcore.config import CAR_TECH, PREFERENCES
from kwcore.state import Car, Company, State
from solvers.kraftwagen.builders import (  # noqa: F401 - re-exported for the tests
    check,
    co,
    give_engineer,
    give_investor,
    refresh,
    set_chain,
    workers,
)
from solvers.kraftwagen.builders import take_out as _take_out

# --- names -----------------------------------------------------------------------------------


def tile(state: State, name: str) -> int:
    """The index of the action tile called ``name`` (e.g. ``GrandPrix+Attract``)."""
    return state.cfg.tile_named(name).index


def recruit(state: State, name: str) -> int:
    """The index of the recruit tile called ``name`` (e.g. ``Riker``, ``Ford``, ``Sell7``)."""
    return state.cfg.recruit_named(name).index


def pref(name: str) -> int:
    """The index of a buyer preference (body, engine, service, price)."""
    return PREFERENCES.index(name)


def achievement(state: State, name: str) -> int:
    """The index of the achievement tile called ``name`` (e.g. ``Body3``)."""
    return next(a.index for a in state.cfg.achievements if a.name == name)


def chain_names(state: State) -> list[str]:
    """The action chain, tail first, as tile and company names."""
    n = len(state.cfg.tiles)
    return [state.cfg.tiles[x].name if x < n else state.cfg.companies[x - n]
            for x in state.chain]


def legal_texts(state: State) -> list[str]:
    """The legal actions of ``state`` as their text forms."""
    return [str(a) for a in state.legal_actions()]


# --- starting points ----------------------------------------------------------------------------


def fresh(players: int = 4, seed: int = 0, hidden_scores: bool = False) -> State:
    """Round 1, first ``choose_tile`` decision, every company back at its setup pieces.

    The warm-up is played with the first legal start tile each time, then each company is reset
    to a new ``Company`` (4 canteen, 8 supply, tracks 1, racing engine 1, car in the pit lane)
    and the engineer tokens and achievements those start tiles touched are put back, so that a
    test starts from a neutral, fully known position.
    """
    state = kwcore.new_game(players=players, seed=seed, hidden_scores=hidden_scores)
    while state.decision() == "choose_start":
        state.apply(state.legal_actions()[0])
    assert state.decision() == "choose_tile"
    state.companies = [Company(state.cfg) for _ in range(players)]
    state.eng_supply = state.cfg.engineer_tokens
    state.achievements = (-1,) * len(state.cfg.achievements)
    return refresh(state)




def turn_for(state: State, name: str) -> State:
    """Give the turn to company ``name`` by moving its marker to the tail of the chain."""
    return set_chain(state, [name])


def fresh_turn(name: str = "Green", players: int = 4, seed: int = 0, **kw: bool) -> State:
    """``fresh`` then ``turn_for(name)``: a neutral position where ``name`` chooses a tile."""
    return turn_for(fresh(players, seed, **kw), name)


# --- company edits ------------------------------------------------------------------------------








def face_up(state: State, *names: str) -> None:
    """Make the named recruit tiles face up (each replaces a face-up tile of its category)."""
    fu = [list(x) for x in state.face_up]
    unseen = [list(x) for x in state.unseen]
    for nm in names:
        spec = state.cfg.recruit_named(nm)
        cat = spec.category
        if spec.index in fu[cat]:
            continue
        if spec.index in unseen[cat]:
            unseen[cat].remove(spec.index)
        if fu[cat]:
            fu[cat].pop(0)
        fu[cat].append(spec.index)
    state.face_up = tuple(tuple(x) for x in fu)
    state.unseen = tuple(tuple(x) for x in unseen)


# --- market and buyers --------------------------------------------------------------------------
def put_car(
    state: State,
    owner: str,
    body: int,
    engine: int,
    workers: int = 1,  # noqa: F811 - the count of workers on the car
    price: int = 1,
    *,
    salesman: bool = False,
    tech: str | None = None,
    investor: str | None = None,
    slot: int | None = None,
) -> int:
    """Put a car on the market (as if placed earlier) and return its slot.

    Its workers come from the owner's supply and its price marker from the chart (when there),
    so components stay conserved. ``investor`` names an investor whose token the owner put on
    the car: the investor tile goes to the investor track (RULINGS K16).
    """
    p = co(state, owner)
    c = state.companies[p]
    assert c.supply >= workers
    c.supply -= workers
    if salesman:
        c.salesman = "market"
    if price in state.chart:
        state.chart = tuple(x for x in state.chart if x != price)
    if investor is not None:
        state.investor_track = state.investor_track + (recruit(state, investor),)
        state.inv_supply -= 1
        _take_out(state, recruit(state, investor))
    marker = CAR_TECH.index(tech) if tech else -1
    if slot is None:
        slot = state.market.index(None)
    market = list(state.market)
    assert market[slot] is None
    market[slot] = Car(p, body, engine, workers, salesman, price, marker, investor is not None)
    state.market = tuple(market)
    return slot


def set_active(state: State, prefs: Iterable[str | None]) -> None:
    """Set the active buyer spaces (preference names or None); the stacks hold the rest."""
    active = tuple(pref(x) if x else -1 for x in prefs)
    assert len(active) == state.cfg.active_spaces
    state.active = active
    state.stacks = tuple(
        state.cfg.buyers_per_preference - sum(1 for b in active if b == q)
        - (1 if state.buick == q else 0)
        for q in range(len(PREFERENCES))
    )




# --- assertions ---------------------------------------------------------------------------------
def expect_illegal(state: State, action: str, rule: str) -> kwcore.IllegalActionError:
    """Applying ``action`` raises IllegalActionError naming ``rule`` and changes nothing."""
    before = state.clone()
    text = state.to_json()
    undo_depth = len(state.history)
    with pytest.raises(kwcore.IllegalActionError) as info:
        state.apply(action)
    assert state == before
    assert state.to_json() == text
    assert len(state.history) == undo_depth and state.legal == before.legal
    assert rule in str(info.value), str(info.value)
    return info.value


def events(state: State, kind: str) -> list[tuple[Any, ...]]:
    """The logged events of one kind (e.g. ``sale``, ``move``), oldest first, each as the
    tuple ``(kind, field, ...)`` of its JSON list."""
    return [(e.kind, *e.values()) for e in state.events if e.kind == kind]


def log_since(state: State, start: int) -> list[str]:
    """The plain-English log lines written after the first ``start`` events."""
    return state.log()[start:]


# --- phases -------------------------------------------------------------------------------------
def scoring_phase(state: State) -> State:
    """Run the scoring phase now (Grand Prix, sales, clean-up; seed JP: Scoring phase) exactly
    as the engine does once an action phase has ended, then advance to the next decision.

    Used to look at scoring in isolation; tests of what *ends* the action phase drive it with
    actions instead (the sixth car, or the market marker reaching 0)."""
    rules.score_round(state)
    rules.advance(state)
    return state


def end_by_attract(state: State, name: str, prefs: Sequence[str]) -> State:
    """End the action phase the way the rules do: ``name`` takes the Attract tile while every
    active space is full (``prefs``) and the market marker is on 1 (RULINGS K4, K3)."""
    set_active(state, prefs)
    state.market_marker = 1
    set_chain(state, [name])
    state.apply("pick Attract")
    return state


def at_choose_tile(players: int, seed: int, steps: int) -> State:
    """Seeded random play for ``steps`` actions, then on to the next ``choose_tile``."""
    s = kwcore.new_game(players, seed)
    r = random.Random(seed)
    for _ in range(steps):
        s.apply_unchecked(s.legal[r.randrange(len(s.legal))])
    while s.decision() != "choose_tile":
        s.apply_unchecked(s.legal[r.randrange(len(s.legal))])
    return s



def assert_one_error_line(result: tuple[int, str, str], *fragments: str) -> None:
    """Exit status 2 and exactly one ``kw: error:`` line naming each fragment; no stdout."""
    status, out, err = result
    assert status == 2
    assert out == ""
    assert err.startswith("kw: error: ")
    assert err.count("\n") == 1, err
    assert "Traceback" not in err
    for fragment in fragments:
        assert fragment in err, err


def schema_names() -> list[str]:
    """Every text the position schema names in an ``enum`` (component names, kinds, ...):
    plausible strings for mutating position files."""
    from kwcore.serialize import position_schema

    found: set[str] = set()

    def walk(x: Any) -> None:
        if isinstance(x, dict):
            for k, v in x.items():
                if k == "enum":
                    found.update(e for e in v if isinstance(e, str))
                else:
                    walk(v)
        elif isinstance(x, list):
            for v in x:
                walk(v)

    walk(position_schema())
    return sorted(found)
