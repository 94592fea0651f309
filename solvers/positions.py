"""Position builders: edit a kwcore state into a puzzle or test position, keeping components
conserved, so that the result passes kwcore's consistency checks (``check``).

Shared by ``solvers.make_puzzles`` and the tests. These edit plain fields of a state directly
(STYLE 3); ``refresh`` recomputes the legal actions afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence

import kwcore
from kwcore import rules
from kwcore.state import Company, State


def co(state: State, name: str) -> int:
    """The index of the company called ``name`` (Green, Blue, Red, Orange)."""
    return state.cfg.companies.index(name)


def refresh(state: State) -> State:
    """Recompute the legal-action cache after editing plain fields of the state."""
    state.legal = tuple(rules.legal(state))
    return state


def set_chain(state: State, names: Sequence[str]) -> State:
    """Rearrange the chain: ``names`` (tile or company names) first from the tail, then every
    other item in its present order; then start the turn of the company now at the tail."""
    n = len(state.cfg.tiles)
    lookup = {t.name: t.index for t in state.cfg.tiles}
    lookup |= {c: n + i for i, c in enumerate(state.cfg.companies)}
    front = tuple(lookup[x] for x in names)
    state.chain = front + tuple(x for x in state.chain if x not in front)
    assert state.chain[0] >= n, "a company marker must be at the tail"
    rules.begin_turn(state)
    rules.advance(state)
    return state


def workers(state: State, name: str, canteen: int, team: int = 0) -> Company:
    """Set a company's canteen and racing team; its supply holds the rest of its 12 workers
    (less any already on its market cars)."""
    p = co(state, name)
    c = state.companies[p]
    on_cars = sum(car.workers for car in state.market if car and car.owner == p)
    c.canteen = canteen
    c.team = team
    c.supply = state.cfg.workers_per_company - canteen - team - on_cars
    assert c.supply >= 0
    return c


def take_out(state: State, index: int) -> None:
    """A recruit tile leaves the face-up row and the unseen pool (it is now in play)."""
    state.face_up = tuple(tuple(x for x in u if x != index) for u in state.face_up)
    state.unseen = tuple(tuple(x for x in u if x != index) for u in state.unseen)


def give_engineer(state: State, name: str, engineer: str) -> None:
    """Company ``name`` has recruited ``engineer``: the tile, one engineer token from the supply
    and the tile's technology markers (Riker: the salesman to the canteen, the others' to the
    box; seed JP: Recruit tiles a)."""
    p = co(state, name)
    c = state.companies[p]
    spec = state.cfg.recruit_named(engineer)
    c.engineers = c.engineers + (spec.index,)
    state.eng_supply -= 1
    c.engineer_tokens += 1
    c.tech = tuple(sorted(c.tech + spec.tech))
    take_out(state, spec.index)
    if engineer == "Riker":
        c.salesman = "canteen"
        for q, other in enumerate(state.companies):
            if q != p and other.salesman == "unused":
                other.salesman = "box"


def give_investor(state: State, name: str, investor: str) -> None:
    """Company ``name`` holds ``investor`` with its unused investment token (from the supply)."""
    c = state.companies[co(state, name)]
    spec = state.cfg.recruit_named(investor)
    c.investors = c.investors + (spec.index,)
    state.inv_supply -= 1
    take_out(state, spec.index)


def check(state: State) -> State:
    """Round-trip ``state`` through JSON: the loader validates that components are conserved
    and that the pending decision is legal; the reloaded state must equal the original."""
    other = kwcore.from_json(state.to_json())
    assert other == state
    return other

