"""Position builders: edit a kwcore state into a puzzle or test position, keeping components
conserved, so that the result passes kwcore's consistency checks (``check``).

Shared by ``solvers.kraftwagen.make_puzzles``, ``solvers.kraftwagen.pricegame``,
``solvers.kraftwagen.workshop``, the rules tour (``kwwidgets.kraftwagen.tour``) and the tests.
These edit plain fields of a state directly (STYLE 3); ``refresh`` recomputes the legal actions
afterwards.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import kwcore
from kwcore import rules
from kwcore.config import BODY, CAR_TECH, ENGINE, PREFERENCES
from kwcore.state import Car, Company, State


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


# --- starting points, cars and buyers (puzzles, the rules tour, the workshop) ---------------
def fresh(players: int, seed: int = 0) -> State:
    """Round 1, first ``choose_tile`` decision, every company back at its setup pieces."""
    state = kwcore.new_game(players=players, seed=seed)
    while state.decision() == "choose_start":
        state.apply(state.legal_actions()[0])
    assert state.decision() == "choose_tile"
    state.companies = [Company(state.cfg) for _ in range(players)]
    state.eng_supply = state.cfg.engineer_tokens
    state.achievements = (-1,) * len(state.cfg.achievements)
    state.events = []  # the warm-up no longer describes the edited position
    return refresh(state)


def put_car(state: State, owner: str, body: int, engine: int, workers: int = 1, price: int = 1,
            *, salesman: bool = False, tech: str | None = None,
            investor: str | None = None) -> int:
    """Put a car on the market (as if placed earlier) and return its slot.

    Its workers come from the owner's supply and its price marker from the chart, so components
    stay conserved. ``investor`` names an investor whose token the owner put on the car: the
    investor tile goes to the investor track (RULINGS K16). ``tech`` is a Winton or Christie
    marker the owner holds (it leaves the owner's markers)."""
    p = co(state, owner)
    c = state.companies[p]
    assert c.supply >= workers
    c.supply -= workers
    c.cars_placed += 1
    if salesman:
        c.salesman = "market"
    assert price in state.chart, f"price {price} is not on the chart"
    state.chart = tuple(x for x in state.chart if x != price)
    if investor is not None:
        index = state.cfg.recruit_named(investor).index
        state.investor_track = state.investor_track + (index,)
        state.inv_supply -= 1
        take_out(state, index)
    marker = -1
    if tech:
        assert tech in c.tech, f"{owner} holds no {tech} marker"
        c.tech = rules._remove_one(c.tech, tech)
        marker = CAR_TECH.index(tech)
    slot = state.market.index(None)
    market = list(state.market)
    market[slot] = Car(p, body, engine, workers, salesman, price, marker, investor is not None)
    state.market = tuple(market)
    return slot


def set_active(state: State, prefs: Iterable[str | None]) -> None:
    """Set the active buyer spaces (preference names or None); the stacks hold the rest."""
    active = tuple(PREFERENCES.index(x) if x else -1 for x in prefs)
    assert len(active) == state.cfg.active_spaces
    state.active = active
    state.stacks = tuple(
        state.cfg.buyers_per_preference - sum(1 for b in active if b == q)
        - (1 if state.buick == q else 0)
        for q in range(len(PREFERENCES))
    )
    # A stack taken from this round has lost its white markers (RULINGS K9).
    state.whites = tuple(() if state.stacks[q] < state.cfg.buyers_per_preference else w
                         for q, w in enumerate(state.whites))


# --- later rounds and market steps ---------------------------------------------------------
def mid_game(players: int, round_: int, reputation: Sequence[int], seed: int = 0) -> State:
    """``fresh`` moved on to ``round_``: its price chart, the white markers of the buyer stacks
    nobody took in earlier rounds (RULINGS K9), and each company's reputation so far (booked as
    sales; achievements won are added by ``settle``)."""
    s = fresh(players, seed)
    s.round = round_
    s.chart = s.cfg.price_markers[round_ - 1]
    for c, rep in zip(s.companies, reputation, strict=True):
        grand_prix = min(rep, 5 * (round_ - 1))
        c.reputation = rep
        c.score_parts = (rep - grand_prix, grand_prix, 0, 0)
        c.last_laps = 1 if round_ > 1 else 0
    return s


def recruit_row(state: State, *names: str) -> None:
    """Exactly the named recruit tiles lie face up; the other tiles of the game are unseen."""
    cfg = state.cfg
    chosen = [cfg.recruit_named(n).index for n in names]
    face_up, unseen = [], []
    for cat in range(3):
        here = tuple(i for i in chosen if cfg.recruit[i].category == cat)
        rest = set(state.face_up[cat]) | set(state.unseen[cat])
        face_up.append(here)
        unseen.append(tuple(sorted(rest - set(here))))
    state.face_up = tuple(face_up)
    state.unseen = tuple(unseen)
    state.stack_left = tuple(min(k, len(u)) for k, u in zip(state.stack_left, unseen,
                                                             strict=True))


def racing(state: State, name: str, engine: int, progress: int) -> None:
    """A company's racing engine and how far its car has driven in this race."""
    c = state.companies[co(state, name)]
    c.race_engine = engine
    c.progress = progress


def research(state: State, name: str, body: int, engine: int,
             workshops: Sequence[tuple[str, int]] = ()) -> None:
    """A company's research levels and the tiles in its workshops (("body", 5), ...)."""
    c = state.companies[co(state, name)]
    c.body_track, c.engine_track = body, engine
    c.workshops = tuple(sorted((BODY if k == "body" else ENGINE, v) for k, v in workshops))


def settle(state: State, won: dict[str, str] | None = None) -> None:
    """Achievements: ``won`` maps achievement names to the company that met them first; then
    every condition a company meets now is owned, as in a real game (RULINGS K23). Points are
    added to reputation."""
    names = {a.name: a.index for a in state.cfg.achievements}
    for ach, who in (won or {}).items():
        p = co(state, who)
        if ach == "TwoCars":
            c = state.companies[p]
            c.cars_placed = max(c.cars_placed, 2)
        rules._award(state, p, names[ach])
    for p in range(state.players):
        rules.check_achievements(state, p)
    state.events = []


def market_step(state: State, name: str, prefs: Sequence[str | None]) -> State:
    """``name`` takes the Attract tile with every active space full and the market marker on 1:
    the marker drops to 0 (RULINGS K4), so this market step is the last of the round (K3)."""
    set_active(state, prefs)
    state.market_marker = 1
    set_chain(state, [name])
    state.apply("pick Attract")
    if state.decision() == "choose_action":  # free actions could come first (RULINGS K5)
        state.apply("do attract")
    assert state.decision() == "market", state.decision()
    state.history = []
    return state
