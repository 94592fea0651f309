"""Built-in bots: a uniform random player and a one-ply greedy player, and whole-game play.

Covers no rule of its own: bots only choose among ``state.legal_action_ids()`` and leave every
rule to ``kwcore.rules``. Each bot owns a seeded ``random.Random`` (never the global one, STYLE 9),
so a game between seeded bots on a seeded state replays exactly.

The greedy bot looks one decision ahead: it scores every child position from the deciding
company's point of view with ``evaluate`` (reputation plus the small, documented heuristic
weights below) and takes the best, breaking ties with its own generator. Bots read the whole
state, so in the hidden-score variant (RULINGS K31) they are not fair opponents for a human.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from itertools import accumulate
from operator import attrgetter
from typing import Protocol, runtime_checkable

from gamecore.bots import RandomBot, make_from
from kwcore import new_game, rules
from kwcore.actions import ACTIONS
from kwcore.config import BODY, ENGINE
from kwcore.state import Car, State


@dataclass(frozen=True)
class Weights:
    """The greedy bot's heuristic weights, in reputation points per unit (none are printed in
    the rules; all are judgement calls, tuned only against the random bot)."""

    #: a sale the current active buyers and investors would make now (they may be outbid)
    sale_now: float = 0.9
    #: an own car no current buyer takes: its price times this, times the share of buyers to come
    sale_later: float = 0.5
    #: Grand Prix points if the round ended now; scaled from this up to 1 as the round ends
    race_early: float = 0.3
    #: one space driven in this race
    progress: float = 0.15
    #: one filled racing-team space: +1 movement on every later Grand Prix action (RULINGS K10)
    team_space: float = 1.0
    #: one point of racing-engine value: +1 movement on every later Grand Prix action
    race_engine: float = 0.6
    #: one point of value of a body or engine tile in a workshop
    tile: float = 1.0
    #: a workshop body and engine with service to place them: a car is ready (RULINGS K13)
    car_ready: float = 3.0
    #: one research level (new tiles are built at the research level, RULINGS K6, K7)
    research: float = 0.6
    #: one worker in the canteen (service for cars, racing-team members)
    canteen: float = 0.8
    #: the salesman in the canteen (3 service on a car)
    salesman: float = 1.0
    #: one engineer tile (its lasting effect)
    engineer: float = 1.5
    #: one engineer token (a double research, RULINGS K6)
    engineer_token: float = 0.5
    #: one unused investor with its token: a second sale of one car (RULINGS K16)
    investor: float = 1.5
    #: one technology marker held
    tech: float = 0.5
    #: the company takes the next turn as well: the chain tempo of RULINGS K1
    turn: float = 3.0
    #: each chain position a picked tile lies beyond the first: turns lost later in the round
    step: float = 0.4
    #: a Recruit action still to come this turn (a tile, two workers or three spaces)
    recruit: float = 3.5


DEFAULT_WEIGHTS = Weights()

_CAR_FRAMES = frozenset(
    {rules.F_CAR_ENGINE, rules.F_CAR_SERVICE, rules.F_CAR_PRICE, rules.F_CAR_TECH}
)
_ACTION_FRAMES = {
    rules.F_RESEARCH: rules.RESEARCH, rules.F_HIRE: rules.HIRE, rules.F_ATTRACT: rules.ATTRACT,
    rules.F_RECRUIT: rules.RECRUIT, rules.F_TEAM: rules.GRAND_PRIX,
}
_TIE = 1e-9


@runtime_checkable
class Bot(Protocol):
    """A player: ``choose`` returns one id from ``state.legal_action_ids()``."""

    name: str

    def choose(self, state: State) -> int:
        """The id of the action to take in ``state`` (not terminal)."""
        ...


class GreedyBot:
    """One-ply greedy: the legal action whose child position ``evaluate`` rates highest."""

    name = "greedy"

    def __init__(self, seed: int | None = 0, weights: Weights = DEFAULT_WEIGHTS) -> None:
        self.rng = random.Random(seed)
        self.weights = weights

    def choose(self, state: State) -> int:
        """The best-rated legal action id; ties (and chance nodes) go to the seeded generator."""
        ids = _legal(state)
        p = state.current_player
        if len(ids) == 1 or p < 0:
            return ids[0] if len(ids) == 1 else self.rng.choice(ids)
        scored = [(evaluate(state.child(aid), p, self.weights, consume=True), aid) for aid in ids]
        best = max(v for v, _ in scored)
        return self.rng.choice([aid for v, aid in scored if v >= best - _TIE])


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = 0) -> Bot:
    """A new bot by name (``"random"`` or ``"greedy"``) with its own seeded generator."""
    return make_from(BOTS, name, seed)


def play_game(players: int, seed: int, bots: Sequence[Bot],
              record: list[str] | None = None) -> State:
    """Play a whole seeded game, company ``i`` choosing with ``bots[i]``; the final state.

    With ``record`` every decision taken is appended to it as text (a replay file's actions).

    Chance is resolved by the state's own seed. Every choice goes through the checked
    ``apply``, so a bot returning an illegal id raises ``IllegalActionError`` and the returned
    state can be undone step by step.
    """
    if len(bots) != players:
        raise ValueError(f"{players} companies need {players} bots, not {len(bots)}")
    state = new_game(players, seed)
    while not state.is_terminal():
        aid = bots[state.current_player].choose(state)
        if record is not None:
            record.append(str(ACTIONS[aid]))
        state.apply(aid)
    return state


# --- the greedy evaluation ----------------------------------------------------------------------
def evaluate(
    state: State, p: int, weights: Weights = DEFAULT_WEIGHTS, consume: bool = False
) -> float:
    """How good ``state`` is for company ``p``, in reputation points (higher is better).

    Reputation, plus what the round is expected to bring (sales to the current buyers, later
    sales, the Grand Prix as it stands), plus small weights for resources, the rest of a turn
    in progress and the chain tempo. A car being placed counts as placed, its missing parts
    filled with simple defaults. With ``consume=True`` the state is used up (scored in place)
    instead of copied.
    """
    if state.is_terminal():
        return float(state.companies[p].reputation)
    placing = state.pending[0] in _CAR_FRAMES and state.pending[1] == p
    # A copy only where the state is changed: a car being placed, or a projection not yet
    # cached (most are cached), so rating a position leaves it usable.
    s = state if consume or not placing else state.clone(history=False)
    future = (s.cfg.rounds - s.round + 1) / s.cfg.rounds if s.round else 1.0
    value = _turn_potential(s, p, weights) + _tempo(s, p, weights)
    if placing:
        _place_projected_car(s, p)
    value += future * _resources(s, p, weights)
    return value + _project_round(s, p, weights, consume or placing)


def _legal(state: State) -> tuple[int, ...]:
    ids = state.legal_action_ids()
    if not ids:
        raise ValueError("the game is over: no legal action to choose")
    return ids


def _lateness(s: State) -> float:
    """0 at the start of a round, 1 when its action phase is about to end (RULINGS K3, K4)."""
    cfg = s.cfg
    cars = sum(1 for car in s.market if car is not None) / cfg.market_spaces
    buyers = sum(1 for b in s.active if b >= 0) / cfg.active_spaces
    marker = 1.0 - s.market_marker / cfg.market_marker_start
    return min(1.0, max(cars, 0.5 * buyers + 0.5 * marker))


def _project_round(s: State, p: int, w: Weights, consume: bool = True) -> float:
    """Reputation ``p`` would gain if the round were scored now (with ``consume``, scored in
    ``s`` itself when not cached; else in a copy).

    Grand Prix first, then sales (RULINGS K22); own cars left unsold keep a share of their
    price for the buyers still to come.
    """
    key = projection_key(s, p)
    parts = _PROJECTIONS.get(key)
    if parts is None:
        parts = _projection_parts(s if consume else s.clone(history=False), p)
        if len(_PROJECTIONS) >= PROJECTION_CAP:
            _PROJECTIONS.clear()  # a cheap bound on memory; the entries are cheap to recompute
        _PROJECTIONS[key] = parts
        _CONFIGS.setdefault(id(s.cfg), s.cfg)
    race, sales, later, lateness = parts
    race_weight = w.race_early + (1.0 - w.race_early) * lateness
    return race_weight * race + w.sale_now * sales + w.sale_later * later


#: The projection is cached by the parts of the state it reads (``projection_key``): the
#: siblings of one greedy decision mostly differ elsewhere (a tile picked, a worker hired), so
#: they share it, and a greedy decision costs about a third less. The cache is cleared when it
#: holds PROJECTION_CAP entries (each about 1 KB).
PROJECTION_CAP = 100_000
_PROJECTIONS: dict[tuple[object, ...], tuple[float, float, float, float]] = {}
#: the configurations whose id is in a key, kept alive so that no id is reused by another
_CONFIGS: dict[int, object] = {}


def projection_key(s: State, p: int) -> tuple[object, ...]:
    """Everything the round's projection for ``p`` reads: the Grand Prix reads each company's
    progress (and sets the laps the investors' "laps" condition reads; RULINGS K22, K30), the
    sales read the buyers, Buick's buyer, the market, the Packard bonuses, the investor track
    and the conditions on achievements, engineer tokens and Brayton (K14-K17), and the weights
    read the market marker (the round's lateness). The configuration is fixed per game."""
    companies = s.companies
    return (id(s.cfg), p, tuple(map(_progress, companies)), s.active, s.buick, s.market,
            s.packard, s.investor_track, s.market_marker, s.achievements,
            tuple(map(_engineer_tokens, companies)), tuple(map(_engineers, companies)))


# C-level field getters: the key is built for every position the greedy bot rates.
_progress = attrgetter("progress")
_engineer_tokens = attrgetter("engineer_tokens")
_engineers = attrgetter("engineers")


def _projection_parts(s: State, p: int) -> tuple[float, float, float, float]:
    """The Grand Prix points, the sales points, the later sales share and the lateness of
    scoring the round now (consumes ``s``)."""
    lateness = _lateness(s)
    open_spaces = s.active.count(-1)
    c = s.companies[p]
    before = c.reputation
    rules.score_grand_prix(s)
    race = c.reputation - before
    before = c.reputation
    rules.score_sales(s)
    sales = c.reputation - before
    unsold = [car for car in s.market if car is not None]
    later = 0.0
    if unsold and open_spaces:
        share = min(1.0, open_spaces / len(unsold))
        later = share * sum(car.price for car in unsold if car.owner == p)
    return float(race), float(sales), later, lateness


def _resources(s: State, p: int, w: Weights) -> float:
    """Pieces that earn points later: tiles, research, workers, racing car, recruits."""
    c = s.companies[p]
    full = sum(1 for need in _team_thresholds(s) if c.team >= need)
    kinds = {k for k, _ in c.workshops}
    service = c.canteen > 0 or c.salesman == "canteen"
    ready = len(kinds) == 2 and service
    return (
        w.tile * sum(v for _, v in c.workshops)
        + w.car_ready * ready
        + w.research * (c.body_track + c.engine_track)
        + w.canteen * c.canteen
        + w.salesman * (c.salesman == "canteen")
        + w.race_engine * c.race_engine
        + w.team_space * full
        + w.progress * c.progress
        + w.engineer * len(c.engineers)
        + w.engineer_token * c.engineer_tokens
        + w.investor * len(c.investors)
        + w.tech * len(c.tech)
    )


def _team_thresholds(s: State) -> tuple[int, ...]:
    return _thresholds(s.cfg.team_spaces)


@lru_cache(maxsize=16)
def _thresholds(team_spaces: tuple[int, ...]) -> tuple[int, ...]:
    """The team sizes that fill each racing-team space (cached: read for every rating)."""
    return tuple(accumulate(team_spaces))


def _turn_potential(s: State, p: int, w: Weights) -> float:
    """What the rest of ``p``'s tile is worth: the action being decided and those left (K2)."""
    if s.pending[1] != p:
        return 0.0
    kinds = list(s.tile_left)
    frame = s.pending[0]
    if frame in _ACTION_FRAMES:
        kinds.append(_ACTION_FRAMES[frame])
    return sum(_action_value(s, p, kind, w) for kind in kinds)


def _action_value(s: State, p: int, kind: int, w: Weights) -> float:
    """A rough value of one action still to be carried out by ``p`` (RULINGS K6-K12)."""
    c = s.companies[p]
    if kind == rules.HIRE:
        return w.canteen if c.supply > 0 else 0.0
    if kind == rules.RESEARCH:
        return w.research if rules.research_options(s, p) else 0.0
    if kind in (rules.BUILD_BODY, rules.BUILD_ENGINE):
        level = c.body_track if kind == rules.BUILD_BODY else c.engine_track
        room = 1.0 if len(c.workshops) < rules.WORKSHOPS else 0.3
        return w.tile * level * room
    if kind == rules.ATTRACT:
        if -1 not in s.active:
            return 0.0
        whites = (sum(markers) for markers, n in zip(s.whites, s.stacks, strict=True) if n)
        return float(max(whites, default=0))  # white markers score at once (RULINGS K9)
    if kind == rules.GRAND_PRIX:
        full = sum(1 for need in _team_thresholds(s) if c.team >= need)
        return w.progress * (c.race_engine + full) * 2
    return w.recruit


def _tempo(s: State, p: int, w: Weights) -> float:
    """Chain tempo (RULINGS K1): another turn next is worth a turn; far picks cost turns."""
    if s.pending[1] != p:
        return 0.0
    if s.picked < 0:
        return w.turn if s.pending[0] == rules.F_TILE else 0.0
    n_tiles = len(s.cfg.tiles)
    at = s.chain.index(s.picked)
    others = sum(1 for x in s.chain[1:at] if x >= n_tiles)
    return (w.turn if others == 0 else 0.0) - w.step * (at - 1)


def _place_projected_car(s: State, p: int) -> None:
    """Put the car being placed on the market, missing parts filled with defaults (K13)."""
    data = list(s.pending[2:])
    c = s.companies[p]
    body = data[0]
    engines = [v for k, v in c.workshops if k == ENGINE]
    engine = data[1] if len(data) > 1 else max(engines)
    if len(data) > 2:
        workers, salesman = data[2], data[3]
    else:
        workers, salesman = (1, False) if c.canteen > 0 else (0, True)
    price = data[4] if len(data) > 4 else max(s.chart)
    workshops = list(c.workshops)
    workshops.remove((BODY, body))
    workshops.remove((ENGINE, engine))
    c.workshops = tuple(workshops)
    c.canteen -= workers
    if salesman:
        c.salesman = "market"
    market = list(s.market)
    market[market.index(None)] = Car(p, body, engine, workers, salesman, price, -1, False)
    s.market = tuple(market)
    s.chart = tuple(v for v in s.chart if v != price)


__all__ = ["BOTS", "Bot", "GreedyBot", "RandomBot", "evaluate", "make_bot", "play_game"]
