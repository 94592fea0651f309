"""The turn planner's admissible bound: ``optimistic_gain``, an upper bound on the reputation a
company can still gain before the round ends, never below the truth, so the search
(``search``) prunes with it and stays exact.

``_Position`` holds the parts of the bound that depend on the position alone (shared by the
search's quick and tight bounds of one position and by the bounds of one tile pick's choices);
``_Reach`` is one evaluation, what the company can at most reach within its turns left with a
given choice of tiles (``_turn_plans``) and use of the turn's Recruit action. The parts that
depend on one piece of the position only (face-up recruit tiles ``_FaceUp``, the market
``_Market``, technology markers ``_Tech``, achievements, buyers, sales ``_sold``) are cached by
that piece, so sibling positions of a search share them; ``clear_caches`` empties these caches
and the tempo graph's.

Rules relied on (RULINGS): the turns counted from the chain, or only the run a rival's pick
ends (K1); one action of a kind per tile, the turn in progress only what its tile has left
(K2, K3); research one level per action and new tiles at the research level (K6, K7); worker
gains (K8, K12); buyers and white markers (K9, K19, K21); the Grand Prix and lap points, cars
only moving forward until the scoring (K10, K11, K22, K30); Recruit takes one face-up tile, 2
workers or moves the car (K12); market steps and new cars (K13); buyers' preferences,
investors and sales (K14-K17); Sell benefits (K18); Kettering, Packard and the other
technology markers (K20); achievements (K23); a Move benefit moves the car 5 (seed JP:
Benefits). Reveals come only between rounds, so the face-up recruit tiles are the only ones a
company can take.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, NamedTuple

from kwcore import rules
from kwcore.config import (
    BENEFITS,
    BODY,
    ENGINE,
    ENGINEERS,
    INVESTORS,
    PRICE,
    SERVICE,
    config_for,
    lap_points,
)
from kwcore.state import Car, State


def optimistic_gain(s: State, p: int, turns_left: int, rivals_act: bool = True,
                    run_tiles: tuple[int, ...] | None = None, tight: bool = True) -> float:
    """An upper bound on the reputation company ``p`` can still gain before the round ends,
    when it has at most ``turns_left`` turns (the current one included).

    Each part counts only what ``p`` can still do with ``turns_left`` tiles, at most one
    research, one Grand Prix or Recruit move and one market step each (no tile shows two;
    RULINGS K2, K3), while nothing it does not control is assumed to help it except where a rule
    lets it: the achievements whose condition it can still meet (K23); the white markers, only
    while it can still take a buyer (K9, K19, K21); the Grand Prix place its fastest possible
    car can reach past the cars already ahead of it, and that car's lap points (K22, K30); the
    sales, one per buyer up to the cars and investment tokens it can have, each buyer paying
    at most what it could pay for one of ``p``'s cars given the rival cars that must still be
    on the market when its turn to buy comes (K14-K17); and a benefit sale per turn while such a
    benefit lies face up (K18). Reveals come only between rounds, so the face-up recruit tiles
    are the only ones it can take. Never below the truth, so pruning with it keeps the answer
    exact (tests/solvers/kraftwagen/test_planner.py checks it against exhaustive search).
    """
    return _Position(s, p, rivals_act).gain(turns_left, run_tiles, tight)


@lru_cache(maxsize=16)
def _maximal_tiles(players: int) -> tuple[frozenset[int], ...]:
    """The action sets of the tiles whose actions no other tile's strictly include."""
    cfg = config_for(players)
    sets = {frozenset(_kinds_of(cfg, t.index)) for t in cfg.tiles}
    return tuple(sorted((a for a in sets if not any(a < b for b in sets)), key=sorted))


@lru_cache(maxsize=4096)
def _turn_plans(players: int, full: int, run_tiles: tuple[int, ...] | None
                ) -> tuple[tuple[int, ...], ...] | None:
    """The tiles the ``full`` turns to come may take, each choice as the number of its tiles
    showing each action kind: with ``run_tiles`` (a run ended by a rival, RULINGS K1) every
    one of them once and any tile last; otherwise every choice of ``full`` maximal tiles, or
    None when there are too many choices to list (``full`` > 2)."""
    maximal = _maximal_tiles(players)
    if full == 0:
        plans: list[list[frozenset[int]]] = [[]]
    elif run_tiles is not None:
        cfg = config_for(players)
        base = [frozenset(_kinds_of(cfg, t)) for t in run_tiles]
        plans = [[*base, m] for m in maximal]
    elif full > 2:
        return None
    else:
        plans = [list(c) for c in itertools.combinations_with_replacement(maximal, full)]
    return tuple(tuple(sum(k in kinds for kinds in plan) for k in range(_KINDS))
                 for plan in plans)


_FRAME_ACTION = {rules.F_RESEARCH: rules.RESEARCH, rules.F_HIRE: rules.HIRE,
                 rules.F_ATTRACT: rules.ATTRACT, rules.F_RECRUIT: rules.RECRUIT,
                 rules.F_TEAM: rules.GRAND_PRIX}
_PREFS = (BODY, ENGINE, SERVICE, PRICE)
_KINDS = len(rules.ACTION_KINDS)


def _kinds_of(cfg: Any, tile: int) -> set[int]:
    """The action kinds (rules.HIRE ... rules.RECRUIT) a tile shows."""
    return {rules.ACTION_KINDS.index(a) for a in cfg.tiles[tile].actions}


class _FaceUp(NamedTuple):
    names: frozenset[str]
    effects: tuple[tuple[str, int], ...]
    sell_benefit: bool  # a face-up Sell benefit (K18)
    kettering: bool  # Kettering face up (K20)
    packard: int  # the Packard marker's bonus if Packard is face up (K20), else 0
    investors: int  # face-up investor tiles
    engine_tiles: tuple[int, ...]  # the Engine benefits' tile values
    moves: tuple[int, ...]  # the move benefits' spaces
    sells: tuple[int, ...]  # the Sell benefits' values, highest first (K18)
    swap_buyer: bool  # a buyer swap benefit (K19)
    engineers: int  # face-up engineer tiles


@lru_cache(maxsize=4096)
def _face_up_parts(players: int, face_up: tuple[tuple[int, ...], ...]) -> _FaceUp:
    """What the bound reads from the face-up recruit tiles."""
    cfg = config_for(players)
    up = [r for cat in face_up for r in cat]
    names = frozenset(cfg.recruit[r].name for r in up)
    effects = tuple(cfg.recruit[r].effect or ("", 0) for r in up)

    def values(kind: str) -> tuple[int, ...]:
        return tuple(sorted((v for k, v in effects if k == kind), reverse=True))

    return _FaceUp(names, effects,
                   any((cfg.recruit[r].effect or ("", 0))[0] == "sell_car"
                       for r in face_up[BENEFITS]),
                   "Kettering" in names, 4 if "Packard" in names else 0,
                   len(face_up[INVESTORS]), values("engine_tile"), values("move"),
                   values("sell_car"), any(k == "swap_buyer" for k, _ in effects),
                   len(face_up[ENGINEERS]))


#: No recruit tile within reach (a bound without Recruit actions).
_NO_FACE_UP = _FaceUp(frozenset(), (), False, False, 0, 0, (), (), (), False, 0)


@lru_cache(maxsize=4096)
def _single_face_ups(players: int, face_up: tuple[tuple[int, ...], ...]
                     ) -> tuple[_FaceUp, ...]:
    """Each face-up recruit tile alone: what a single Recruit action can take (K12)."""
    return tuple(_face_up_parts(players, tuple((r,) if c == cat else ()
                                               for c in range(len(face_up))))
                 for cat, tiles in enumerate(face_up) for r in tiles)


@lru_cache(maxsize=4096)
def _names_of(players: int, recruits: tuple[int, ...]) -> frozenset[str]:
    cfg = config_for(players)
    return frozenset(cfg.recruit[r].name for r in recruits)


_NOTHING_NOW: tuple[frozenset[int], tuple[int, ...], int, int] = (
    frozenset(), (0,) * _KINDS, 0, 0)


@lru_cache(maxsize=4096)
def _turn_now(tile_left: tuple[int, ...], frame: int, place_kind: int
              ) -> tuple[frozenset[int], tuple[int, ...], int, int]:
    """A turn in progress: the action kinds it can still do (K2; -1 for a buyer swap under
    way, K19), as counts per kind, and whether it can still gain workers and move the car."""
    now = set(tile_left)
    if frame in _FRAME_ACTION:
        now.add(_FRAME_ACTION[frame])
    if frame == rules.F_PLACE:  # a build, or the Engine 3 benefit
        now.add(rules.BUILD_BODY if place_kind == BODY else rules.BUILD_ENGINE)
    if frame == rules.F_SWAP:
        now.add(-1)
    return (frozenset(now), tuple(1 if k in now else 0 for k in range(_KINDS)),
            1 if now & {rules.HIRE, rules.RECRUIT} else 0,
            1 if now & {rules.GRAND_PRIX, rules.RECRUIT} else 0)


class _Market:
    """What the bound reads from the market for one company: its own cars, and the rival cars
    a buyer could take instead (K14). One object per market and company (``_market_parts``),
    hashed by identity, so the sales cache (``_sold``) need not hash the cars each time."""

    __slots__ = ("own", "service", "free", "invested", "prices", "shown", "parts", "cheap",
                 "rival")

    def __init__(self, market: tuple[Car | None, ...], p: int, sv: int) -> None:
        own = tuple(car for car in market if car is not None and car.owner == p)
        self.own = own  # the company's cars on the market
        self.service = tuple(rules.service_value(car, sv) for car in own)  # their service
        self.free = sum(1 for car in market if car is None)  # empty market spaces
        self.invested = sum(1 for car in own if car.invested)  # carrying an investment token
        self.prices = tuple(car.price for car in own)
        # The best body and engine values its cars show (K14), -1 if none; the best body and
        # engine tiles on them, for a Kettering swap (K20), 0 if none.
        self.shown = (max((rules.body_value(car) for car in own), default=-1),
                      max((rules.engine_value(car) for car in own), default=-1))
        self.parts = (max((car.body for car in own), default=0),
                      max((car.engine for car in own), default=0))
        # The rival cars: their prices from the lowest, and their body, engine and service
        # values from the highest.
        rivals = [car for car in market if car is not None and car.owner != p]
        self.cheap = sorted(car.price for car in rivals)
        values = {BODY: rules.body_value, ENGINE: rules.engine_value,
                  SERVICE: lambda car: rules.service_value(car, sv)}
        self.rival = {pref: sorted((f(car) for car in rivals), reverse=True)
                      for pref, f in values.items()}


@lru_cache(maxsize=1 << 14)
def _market_parts(market: tuple[Car | None, ...], p: int, sv: int) -> _Market:
    return _Market(market, p, sv)


@lru_cache(maxsize=4096)
def _workshops_of(workshops: tuple[tuple[int, int], ...]) -> dict[int, tuple[int, ...]]:
    """A company's workshop tile values by kind (read only: shared by the cache)."""
    return {kind: tuple(v for k, v in workshops if k == kind) for kind in (BODY, ENGINE)}


@lru_cache(maxsize=8)
def _team_needs(players: int) -> tuple[int, ...]:
    return tuple(itertools.accumulate(config_for(players).team_spaces))


@lru_cache(maxsize=4096)
def _open_achievements(players: int, owners: tuple[int, ...]
                       ) -> tuple[tuple[str, int, int], ...]:
    """The achievements nobody holds yet: (kind, threshold, points) (RULINGS K23)."""
    return tuple((a.kind, a.threshold, a.points)
                 for a, owner in zip(config_for(players).achievements, owners, strict=True)
                 if owner < 0)


@lru_cache(maxsize=4096)
def _white_sum(whites: tuple[tuple[int, ...], ...]) -> int:
    return sum(sum(w) for w in whites)


class _Tech(NamedTuple):
    rival_swaps: bool  # a rival holds the Kettering swap marker (K20)
    packard: int  # the best Packard marker held (K20)
    buick: bool  # someone holds Buick's extra buyer (K21)


@lru_cache(maxsize=4096)
def _tech_parts(techs: tuple[tuple[str, ...], ...], p: int) -> _Tech:
    """What the bound reads from the technology markers the companies hold."""
    return _Tech(any("swap" in t for i, t in enumerate(techs) if i != p),
                 max((int(m[-1]) for t in techs for m in t if m.startswith("buyer+")),
                     default=0),
                 any("buyer5" in t for t in techs))


class _Position:
    """The parts of ``optimistic_gain`` that depend on the position alone, worked out once and
    shared by its evaluations (one per choice of tiles) and by the planner's quick and tight
    bounds of the same position. The parts that depend on one piece of the position only (the
    face-up recruit tiles, the market, the technology markers) come from caches keyed by that
    piece, so the sibling positions of a search, which mostly share them, compute them once."""

    def __init__(self, s: State, p: int, rivals_act: bool = True) -> None:
        cfg = s.cfg
        self.s, self.p, self.cfg = s, p, cfg
        self.rivals_act = rivals_act  # a rival may still take a recruit tile this round
        self.c = c = s.companies[p]
        self.up = up = _face_up_parts(cfg.players, s.face_up)
        self.up_names, self.up_effects = up.names, up.effects
        self.engineers = _names_of(cfg.players, c.engineers)
        # Technology markers on a new car (Christie, Winton; K14), by BODY and ENGINE.
        self.markers = tuple(2 if f"{name}+2" in c.tech else 1 if f"{name}+1" in c.tech else 0
                             for name in ("body", "engine"))
        # A turn in progress can only do what its tile has left (K2), and its market step
        # only until its car is placed (K13); every later turn can pick any tile.
        pending = s.pending
        self.in_turn = pending[1] == p and s.picked >= 0
        self.selling = 0  # a Sell benefit being carried out (K18)
        self.posted = False
        if self.in_turn:
            frame = pending[0]
            self.now, self.now_can, self.now_gain, self.now_move = _turn_now(
                s.tile_left, frame, pending[2] if frame == rules.F_PLACE else -1)
            if frame == rules.F_SELL:
                self.selling = pending[2]
            self.posted = frame == rules.F_POST
        else:
            self.now, self.now_can, self.now_gain, self.now_move = _NOTHING_NOW
        self.market = market = _market_parts(s.market, p, cfg.salesman_service)
        self.own, self.service, self.free = market.own, market.service, market.free
        self.workshops = _workshops_of(c.workshops)
        self.team_needs = _team_needs(cfg.players)
        # The cars that can be ahead in the race: the rivals' and the neutral ones (K22).
        self.others = tuple(o.progress for i, o in enumerate(s.companies) if i != p) \
            + cfg.neutral_cars
        self.open = _open_achievements(cfg.players, s.achievements)
        self.white_sum = _white_sum(s.whites)
        # The sales part (see _Reach.sales).
        self.salesman = c.salesman not in ("box", "market", "team")  # in hand, or to be hired
        tech = _tech_parts(tuple(o.tech for o in s.companies), p)
        # A rival car leaves the market early only by a sale (an earlier buyer), by its
        # owner's Sell benefit (K18), or changes by its owner's Kettering swap (K20).
        self.static = pending[0] != rules.F_SELL and (
            not rivals_act or not up.sell_benefit and not up.kettering) and not tech.rival_swaps
        self.sv = cfg.salesman_service
        # A Packard marker pays the owner of the car sold, whoever placed it (K20).
        self.packard = max(max(s.packard, default=0), tech.packard, up.packard)
        self.buick = s.buick >= 0 or tech.buick
        held = sum(len(o.investors) for o in s.companies) + up.investors
        self.investors = min(cfg.investor_spaces, len(s.investor_track) + held)
        self.tokens = market.invested + len(c.investors)

    def picking(self, kinds: tuple[int, ...]) -> _Position:
        """This position as if the company, to pick a tile here, had picked one showing the
        action ``kinds`` (the planner's pick_bound): a copy with that turn in progress."""
        other = object.__new__(_Position)
        other.__dict__.update(self.__dict__)
        other.in_turn = True
        other.now, other.now_can, other.now_gain, other.now_move = _turn_now(
            kinds, rules.F_ORDER, -1)
        return other

    def recruit_gain(self, turns_left: int) -> float:
        """``optimistic_gain`` (the quick form) at the company's Recruit choice, weighing the
        choice: the best of taking each face-up tile alone (the turns to come take none: the
        bound of a choice whose turn is its last), taking 2 workers, or moving the car (K12).
        """
        t = max(0, turns_left)
        if t > 1:  # later turns may recruit too: no tighter than the quick bound
            return float(_Reach(self, t).total())
        singles = _single_face_ups(self.cfg.players, self.s.face_up)
        options = [_Reach(self, t, use=_TAKE_TILE, up=one) for one in singles]
        options += [_Reach(self, t, use=use) for use in (_TAKE_WORKERS, _MOVE_CAR)]
        return float(max(option.total() for option in options))

    def gain(self, turns_left: int, run_tiles: tuple[int, ...] | None, tight: bool) -> float:
        """``optimistic_gain`` of this position."""
        t = max(0, turns_left)
        full = max(t - 1 if self.in_turn else t, 0)  # turns not yet begun
        if not tight:  # every turn to come may do everything: one evaluation
            return float(_Reach(self, t, -1, None).total())
        plans = _turn_plans(self.cfg.players, full, run_tiles)
        if plans is None:
            # A turn whose tile moves the car (GrandPrix, or Recruit used as a move) does no
            # research, build, hire or recruiting (no tile has both, K2): the best split.
            return float(max(_Reach(self, t, d, None).total() for d in range(full + 1)))
        # Each turn to come takes one tile (K2): the best choice of tiles (only tiles whose
        # actions no other tile's include, which can only overstate), and of how many of their
        # Recruit actions move the car instead of recruiting.
        return float(max(_Reach(self, t, r, plan).total() for plan in plans
                         for r in range(plan[rules.RECRUIT] + 1)))


# How the turn in progress uses its Recruit action (K12): any way at once (an overstatement),
# or one of: take a face-up tile, take 2 workers, move the car.
_ANY_USE, _TAKE_TILE, _TAKE_WORKERS, _MOVE_CAR = -1, 0, 1, 2


class _Reach:
    """What company ``p`` can at most reach within ``t`` turns of this round, the one in
    progress included (see ``optimistic_gain``), with ``drives`` of the turns to come moving
    the car and, when given, ``plan`` (per action kind) the tiles those turns take."""

    def __init__(self, pos: _Position, t: int, drives: int = -1,
                 plan: tuple[int, ...] | None = None, use: int = _ANY_USE,
                 up: _FaceUp | None = None) -> None:
        self.pos = pos
        self.s, self.p, self.cfg, self.c = pos.s, pos.p, pos.cfg, pos.c
        full = t - 1 if pos.in_turn else t
        self.market_steps = t - 1 if pos.posted else t
        now_can, now_gain, self.now_move = pos.now_can, pos.now_gain, pos.now_move
        if use != _ANY_USE:  # the Recruit action of the turn in progress is used as ``use``
            now, taken = pos.now, (pos.up if up is None else up)
            tile = use == _TAKE_TILE
            now_can = tuple(x if k != rules.RECRUIT else int(tile)
                            for k, x in enumerate(now_can))
            # A Move benefit taken moves the car 5 (seed JP: Benefits). (A Workers benefit's 3
            # workers are the most one turn's gain counts, as for the 2 workers option.)
            now_gain = 1 if rules.HIRE in now or use == _TAKE_WORKERS else 0
            self.now_move = 1 if (rules.GRAND_PRIX in now or use == _MOVE_CAR
                                  or tile and taken.moves) else 0
        # ``drives`` of the turns to come move the car (all of them when not given); the
        # others may research, build, hire and recruit. Attract comes with a move (K2).
        self.drives = full if drives < 0 else min(drives, full)
        other = full if drives < 0 else full - self.drives
        if plan is None:
            # One action of a kind per tile (K2): the actions of each kind still to come.
            can = [other + x for x in now_can]
            can[rules.ATTRACT] = full + now_can[rules.ATTRACT]
        else:
            # The tiles of the turns to come are given; ``drives`` of their Recruit actions
            # move the car instead of recruiting (K12).
            can = [n + x for n, x in zip(plan, now_can, strict=True)]
            can[rules.RECRUIT] -= drives
            self.drives = can[rules.GRAND_PRIX] - now_can[rules.GRAND_PRIX] + drives
            other = max(0, full - self.drives)
        self.can = can
        # The face-up recruit tiles (or the one given) count only when a Recruit action can
        # take one (K12).
        self.up = up = (pos.up if up is None else up) if can[rules.RECRUIT] else _NO_FACE_UP
        self.single = up is not pos.up and up is not _NO_FACE_UP  # the one tile taken
        # Research adds at most one level to a track per research action (K6).
        c, cfg = self.c, self.cfg
        self.body_level = min(cfg.research_max, c.body_track + can[rules.RESEARCH])
        self.engine_level = min(cfg.research_max, c.engine_track + can[rules.RESEARCH])
        self.own = pos.own
        self.swaps = "swap" in c.tech or up.kettering
        self.gains = other + now_gain  # worker gains
        self.progress = -1
        self.tiles = (-1, -1)  # best_tile of BODY and ENGINE, once worked out
        self.buyer: bool | None = None  # can_take_buyer, once worked out

    def total(self) -> int:
        """The bound: achievements, white markers, the Grand Prix and the sales."""
        return self.achievements() + self.whites() + self.race() + self.sales()

    def engineer(self, name: str) -> bool:
        """Whether the company has, or can still recruit, the engineer ``name``."""
        return name in self.pos.engineers or name in self.up.names

    def achievements(self) -> int:
        """Every open achievement whose condition ``p`` can still meet (RULINGS K23)."""
        c, cfg = self.c, self.cfg
        total = 0
        for kind, need, points in self.pos.open:
            if kind == "laps":
                ok = rules.laps_of(cfg.circuit_length, self.max_progress()) >= need
            elif kind == "cars_placed":
                ok = c.cars_placed + self.market_steps >= need
            elif kind == "workshop_body":
                ok = self.best_tile(BODY) >= need
            elif kind == "workshop_engine":
                ok = self.best_tile(ENGINE) >= need
            elif kind == "empty_supply":  # at most 3 workers gained per turn (K8, K12)
                ok = c.supply <= 3 * self.gains
            elif kind == "engineers":
                ok = len(c.engineers) + min(self.can[rules.RECRUIT], self.up.engineers) >= need
            else:  # second_buyer: only a buyer the company places itself
                ok = self.can_take_buyer()
            total += points if ok else 0
        return total

    def best_tile(self, kind: int) -> int:
        """The best value of ``kind`` (BODY or ENGINE) the company can have in a workshop: its
        tiles, a new tile at its reachable research level (K7), the Engine 3 benefit, and with
        a Kettering swap (K20) the parts of its cars on the market; 0 when none."""
        if self.tiles[kind] < 0:
            best = max(self.pos.workshops[kind], default=0)
            if kind == BODY and self.can[rules.BUILD_BODY]:
                best = max(best, self.body_level)
            if kind == ENGINE:
                if self.can[rules.BUILD_ENGINE]:
                    best = max(best, self.engine_level)
                if self.up.engine_tiles:  # highest first
                    best = max(best, self.up.engine_tiles[0])
            if self.swaps:
                best = max(best, self.pos.market.parts[kind])
            self.tiles = (best, self.tiles[1]) if kind == BODY else (self.tiles[0], best)
        return self.tiles[kind]

    def car_value(self, kind: int, new_cars: int) -> int:
        """The best body or engine value one of its cars can show, technology markers
        included (Christie, Winton; K14)."""
        shown = self.pos.market.shown[kind]
        if not (new_cars or self.swaps):
            return shown
        engineer = "Christie" if kind == BODY else "Winton"
        marker = 2 if engineer in self.up.names else self.pos.markers[kind]
        return max(shown, self.best_tile(kind) + marker)

    def can_take_buyer(self) -> bool:
        """Attract with an empty active space (K9), the buyer swap (K19) or Buick (K21)."""
        if self.buyer is None:
            self.buyer = (-1 in self.s.active and self.can[rules.ATTRACT] > 0
                          or self.can_swap() or "buyer5" in self.c.tech
                          or "Buick" in self.up.names)
        return self.buyer

    def can_swap(self) -> bool:
        """Whether the company can still exchange an active buyer (K19)."""
        return -1 in self.pos.now or self.up.swap_buyer

    def whites(self) -> int:
        """White markers score only for a buyer the company takes itself (K9)."""
        return self.pos.white_sum if self.can_take_buyer() else 0

    def max_progress(self) -> int:
        """The furthest the car can get: one Grand Prix move (K10) or Recruit move (K12) per
        turn, at the racing engine it has or, after an action building a better one (no tile
        builds an engine and moves the car), at the best engine it can build; the team
        filled with every worker it has or can gain, Chevrolet's +1; every other car skipped
        once per lap it could span (K11, K30). Worked out once per evaluation."""
        if self.progress < 0:
            self.progress = self._max_progress()
        return self.progress

    def _max_progress(self) -> int:
        s, c, cfg, up = self.s, self.c, self.cfg, self.up
        moves = self.drives + self.now_move
        if not moves:
            return c.progress
        # A better racing engine comes from a build (K7) or the Engine 3 benefit, in a turn
        # that does not move: counted for every move, which may only overstate.
        engine = max(c.race_engine, up.engine_tiles[0]) if up.engine_tiles else c.race_engine
        if self.can[rules.BUILD_ENGINE]:
            engine = max(engine, self.engine_level)
        chevrolet = 1 if self.engineer("Chevrolet") else 0
        team = c.team + c.canteen + 3 * self.gains + 1  # + 1: the salesman
        full = sum(1 for need in self.pos.team_needs if team >= need)
        recruit = max(3, up.moves[0] + chevrolet) if up.moves else 3
        steps = moves * max(engine + full + chevrolet, recruit)
        others = s.players - 1 + len(cfg.neutral_cars)
        drive = steps
        for _ in range(8):  # a skipped space is one more space driven: fixpoint, <= 8 laps
            more = steps + others * (drive // cfg.circuit_length + 1)
            if more == drive:
                break
            drive = more
        return c.progress + drive

    def race(self) -> int:
        """Grand Prix place and lap points (K22): cars ahead of the fastest reach stay ahead,
        as cars only move forward until the scoring."""
        cfg = self.cfg
        best = self.max_progress()
        ahead = sum(1 for space in self.pos.others if space > best)
        place = cfg.place_points[ahead] if ahead < len(cfg.place_points) else 0
        return place + lap_points(cfg, rules.laps_of(cfg.circuit_length, best))

    def sales(self) -> int:
        """One sale per buyer, the best-paying buyers first, up to the cars (one new car per
        market step, K13) and investment tokens (K15, K16) the company can have."""
        pos, s, c, can, up = self.pos, self.s, self.c, self.can, self.up
        # A new car uses a body and an engine tile from the workshops and some service (K13).
        bodies = len(pos.workshops[BODY]) + can[rules.BUILD_BODY]
        engines = len(pos.workshops[ENGINE]) + can[rules.BUILD_ENGINE] \
            + min(can[rules.RECRUIT], len(up.engine_tiles))
        workers = c.canteen + 3 * self.gains
        staff = workers + pos.salesman  # service for one car each
        new_cars = min(self.market_steps, pos.free, len(s.chart), bodies, engines, staff)
        # Prices: its cars', and the chart's for a new car or a Kettering price swap (K20).
        prices = pos.market.prices + s.chart if new_cars or self.swaps else pos.market.prices
        if not prices:
            return 0
        top = max(prices)
        service = pos.service
        if new_cars:
            service += (workers + pos.sv,)
        if self.swaps:  # Kettering moves canteen workers onto a car (K20)
            service += tuple(x + workers for x in service)
        best = (self.car_value(BODY, new_cars), self.car_value(ENGINE, new_cars),
                max(service, default=-1))  # indexed by BODY, ENGINE, SERVICE
        mult = 3 if self.engineer("Brayton") else 2
        # The buyers in order (K14-K16): (preferences it may have, Packard bonus it may pay).
        buyers = _buyers(s.active, s.packard, pos.packard, self.can_swap(),
                         pos.buick or "Buick" in up.names)
        units = len(self.own) + new_cars + pos.tokens
        recruits = can[rules.RECRUIT]
        if self.single:  # the Recruit action takes this tile: an investor's token (K15)
            units += up.investors
        sold = _sold(buyers, pos.market, prices, pos.static, best, mult, units,
                     pos.investors)
        if not recruits:
            return sold + pos.selling
        if self.single:  # or the Sell benefit (K18)
            return sold + pos.selling + sum(up.sells)
        # Each Recruit action takes one tile (K12): a face-up investor's token (one more sale,
        # worth at most the best-paying buyer) or a Sell benefit (K18), not both.
        most = top * mult + max([bonus for _, bonus in buyers], default=0)
        extra = [most] * up.investors if new_cars or self.own else []
        extra += up.sells
        return sold + pos.selling + sum(sorted(extra, reverse=True)[:recruits])


@lru_cache(maxsize=4096)
def _buyers(active: tuple[int, ...], packard: tuple[int, ...], any_packard: int,
            any_pref: bool, extra: bool) -> tuple[tuple[tuple[int, ...], int], ...]:
    """The buyers in order (K14-K16), each as the preferences it may have (all of them for an
    empty space or when a swap can change it, K19) and the Packard bonus it may pay (its
    space's marker, else the best marker that may still be placed, K20); ``extra``: Buick's
    buyer last (K21)."""
    buyers = [(_PREFS if b < 0 or any_pref else (b,), packard[space] or any_packard)
              for space, b in enumerate(active)]
    if extra:
        buyers.append((_PREFS, 0))
    return tuple(buyers)


@lru_cache(maxsize=1 << 16)
def _sold(buyers: tuple[tuple[tuple[int, ...], int], ...], market: _Market,
          prices: tuple[int, ...], static: bool, best: tuple[int, int, int], mult: int,
          units: int, investors: int) -> int:
    """The most the company can earn from the buyers (in order: the preferences each may have
    and the Packard bonus it may pay) and the investors, with ``units`` cars and investment
    tokens at ``prices``, its best body, engine and service values ``best``, and the rival cars
    of ``market`` still there, one fewer per earlier buyer, when ``static`` (see _Reach.sales).
    Cached: sibling positions of a search mostly share their market and buyers."""
    top = max(prices)
    cheap, rival = market.cheap, market.rival

    def pays(pref: int, earlier: int) -> int:
        """The most a buyer of ``pref`` can pay for one of ``p``'s cars when ``earlier``
        buyers came before it (each takes at most one rival car away)."""
        if pref == PRICE:
            if not static:
                return top * mult
            cap = cheap[earlier] if earlier < len(cheap) else top
            low = [x for x in prices if x <= cap]
            return max(low) * mult if low else 0
        if static and earlier < len(rival[pref]) and best[pref] < rival[pref][earlier]:
            return 0
        return top

    # pay[prefs][e]: the most a buyer with these preferences pays after e earlier buyers.
    pay = {prefs: [max(pays(q, e) for q in prefs) for e in range(len(buyers))]
           for prefs in {prefs for prefs, _ in buyers}}
    # earned[k]: the most ``p`` earns from the buyers so far with k of them buying its
    # cars; every other buyer took at most one rival car away.
    earned = [0] + [-1] * units
    for i, (prefs, bonus) in enumerate(buyers):
        step = list(earned)
        row = pay[prefs]
        for k in range(min(i, units - 1), -1, -1):
            if earned[k] >= 0 and row[i - k]:
                step[k + 1] = max(step[k + 1], earned[k] + row[i - k] + bonus)
        earned = step
    # Investors buy last (K16), at most the highest price each.
    return max(v + top * min(investors, units - k) for k, v in enumerate(earned) if v >= 0)


def clear_caches() -> None:
    """Empty the memo tables the planner and the tempo graph keep between solves (bound parts
    of positions already met, sales values, longest tempo paths), so a timed solve starts as
    cold as in a fresh process (benchmarks/bench_solvers.py)."""
    from solvers.kraftwagen import tempo

    for cached in (_maximal_tiles, _turn_plans, _face_up_parts, _single_face_ups, _names_of,
                   _turn_now,
                   _market_parts, _workshops_of, _team_needs, _open_achievements, _white_sum,
                   _tech_parts,
                   _buyers, _sold):
        cached.cache_clear()
    tempo.clear_caches()
