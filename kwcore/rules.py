"""Every rule of Kraftwagen: setup, turns on the action chain, actions, market, scoring.

Covers seed JP (all sections) and RULINGS K1-K31. One legal-move function and one apply function
per pending decision (STYLE 6, 8): the state holds one pending frame ``(kind, player, *data)``;
``legal(state)`` lists the legal action ids for it and ``apply_id`` applies one, then
``advance`` resolves everything automatic (seeded chance, decisions with a single legal option,
chain clean-up, phase changes) until the next real decision.

Frames (kind names in ``FRAME_NAMES``):
- deal / offer / reveal: chance (setup chain order, 2-player start tiles, recruit reveals);
- choose_start: a start tile (seed JP: Warm-up);
- choose_tile, choose_action: the action step (RULINGS K1, K2), free actions allowed (K5);
- research, place, hire, attract, recruit, team, sell_car, swap_buyer: an action's options;
- market, car_engine, car_service, car_price, car_tech, after_market: the market step (K13);
- buick: Buick's extra buyer at the start of the scoring phase (K21);
- end: the game is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamecore.chance import CHANCE, TERMINAL, draw
from kwcore import events as ev
from kwcore.actions import (
    ACTION_ID,
    ACTIONS,
    RACING_CAR,
    REPLACE_BODY,
    REPLACE_ENGINE,
    SWAP_BODY,
    SWAP_ENGINE,
    SWAP_PRICE,
    WORKSHOP,
    Action,
    Attract,
    BuickBuyer,
    CarBody,
    CarEngine,
    CarPrice,
    CarService,
    CarTech,
    ChooseStart,
    Deal,
    DoAction,
    EndTurn,
    Hire,
    Invest,
    Kettering,
    Offer,
    PackardMarker,
    Pass,
    PickTile,
    Place,
    Recruit,
    RecruitMove,
    RecruitWorkers,
    Research,
    Reveal,
    SellCar,
    SwapBuyer,
    Team,
)
from kwcore.config import (
    ACTION_KINDS,
    BENEFITS,
    BODY,
    CAR_TECH,
    ENGINE,
    ENGINEERS,
    INVESTORS,
    PRICE,
    SERVICE,
    lap_points,
)
from kwcore.errors import IllegalActionError
from kwcore.state import (  # the decision frames are the state's data (``State.pending``)
    F_ATTRACT,
    F_BUICK,
    F_CAR_ENGINE,
    F_CAR_PRICE,
    F_CAR_SERVICE,
    F_CAR_TECH,
    F_DEAL,
    F_END,
    F_HIRE,
    F_MARKET,
    F_OFFER,
    F_ORDER,
    F_PLACE,
    F_POST,
    F_RECRUIT,
    F_RESEARCH,
    F_REVEAL,
    F_SELL,
    F_START,
    F_SWAP,
    F_TEAM,
    F_TILE,
    FREE_FRAMES,
    Car,
)

if TYPE_CHECKING:
    from kwcore.state import State



HIRE, RESEARCH, BUILD_BODY, BUILD_ENGINE, ATTRACT, GRAND_PRIX, RECRUIT = range(len(ACTION_KINDS))
_KIND_INDEX = {k: i for i, k in enumerate(ACTION_KINDS)}
WORKSHOPS = 3  # seed JP: Company setup B


# --- small helpers ------------------------------------------------------------------------------
def laps_of(cfg_len: int, progress: int) -> int:
    """Laps completed: each crossing of the finish line after space ``cfg_len`` (K10)."""
    return 0 if progress <= 0 else (progress - 1) // cfg_len


def space_of(cfg_len: int, progress: int) -> int:
    """Circuit space 1..length of a car, 0 in the pit lane (seed JP: Grand Prix 2)."""
    return 0 if progress <= 0 else (progress - 1) % cfg_len + 1


def body_value(car: Car) -> int:
    """Body value with a Christie marker (RULINGS K14)."""
    return car.body + (int(CAR_TECH[car.tech][-1]) if 0 <= car.tech < 2 else 0)


def engine_value(car: Car) -> int:
    """Engine value with a Winton marker (RULINGS K14)."""
    return car.engine + (int(CAR_TECH[car.tech][-1]) if car.tech >= 2 else 0)


def service_value(car: Car, salesman_service: int = 3) -> int:
    """Workers on the car, the salesman counting 3 (seed JP: Placing a car)."""
    return car.workers + (salesman_service if car.salesman else 0)


def _score(s: State, p: int, points: int, source: int) -> None:
    c = s.companies[p]
    c.reputation += points
    parts = list(c.score_parts)
    parts[source] += points
    c.score_parts = (parts[0], parts[1], parts[2], parts[3])


SALES, GRAND_PRIX_POINTS, ACHIEVEMENT_POINTS, BUYER_POINTS = range(4)


def _remove_one(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _add_sorted(items: tuple[Any, ...], item: Any) -> tuple[Any, ...]:
    return tuple(sorted(items + (item,)))


def has_engineer(s: State, p: int, name: str) -> bool:
    """Whether company ``p`` has recruited the engineer ``name`` (seed JP: Engineers)."""
    recruit = s.cfg.recruit
    return any(recruit[e].name == name for e in s.companies[p].engineers)


# --- achievements (seed JP: Achievements; RULINGS K23) ----------------------------------------
def check_achievements(s: State, p: int) -> None:
    """Award every open achievement whose condition company ``p`` now meets (once per game)."""
    c = s.companies[p]
    for a in s.cfg.achievements:
        if s.achievements[a.index] >= 0 or a.kind == "second_buyer":
            continue
        kind, t = a.kind, a.threshold
        if kind == "laps":
            met = laps_of(s.cfg.circuit_length, c.progress) >= t
        elif kind == "cars_placed":
            met = c.cars_placed >= t
        elif kind == "workshop_body":
            met = any(k == BODY and v >= t for k, v in c.workshops)
        elif kind == "workshop_engine":
            met = any(k == 1 and v >= t for k, v in c.workshops)
        elif kind == "empty_supply":
            met = c.supply == 0
        elif kind == "engineers":
            met = len(c.engineers) >= t
        else:  # pragma: no cover - data file validated by tests
            raise ValueError(f"unknown achievement kind {kind}")
        if met:
            _award(s, p, a.index)


def _award(s: State, p: int, index: int) -> None:
    ach = list(s.achievements)
    ach[index] = p
    s.achievements = tuple(ach)
    pts = s.cfg.achievements[index].points
    _score(s, p, pts, ACHIEVEMENT_POINTS)
    s.events.append(ev.Achievement(p, index, pts))


def _check_second_buyer(s: State, p: int) -> None:
    """The first company to place a second buyer of one preference (RULINGS K23, K19, K21)."""
    for a in s.cfg.achievements:
        if a.kind != "second_buyer" or s.achievements[a.index] >= 0:
            continue
        placed = [b for b in s.active if b >= 0] + ([s.buick] if s.buick >= 0 else [])
        if any(placed.count(pref) >= a.threshold for pref in set(placed)):
            _award(s, p, a.index)


# --- the racing car (RULINGS K10, K11) ----------------------------------------------------------
def move_car(s: State, p: int, steps: int) -> None:
    """Drive ``p``'s car ``steps`` spaces; occupied spaces are skipped and not counted."""
    length = s.cfg.circuit_length
    occupied = {space_of(length, o.progress): i for i, o in enumerate(s.companies)
                if i != p and o.progress > 0}
    for space in s.cfg.neutral_cars:
        occupied[space] = -1  # RULINGS K30: neutral cars are skipped like any car
    c = s.companies[p]
    start = c.progress
    pos = start
    left = steps
    passed: list[int] = []
    while left > 0:
        pos += 1
        sp = space_of(length, pos)
        if sp in occupied:
            passed.append(occupied[sp])
        else:
            left -= 1
    c.progress = pos
    s.events.append(ev.Move(p, steps, start, pos, tuple(passed)))
    check_achievements(s, p)


def _chevrolet(s: State, p: int) -> int:
    return 1 if has_engineer(s, p, "Chevrolet") else 0


# --- the flow -----------------------------------------------------------------------------------
def start_setup(s: State) -> None:
    """Setup chance: the chain's companies (random order) then tile groups (K1)."""
    n_tiles = len(s.cfg.tiles)
    groups = []
    groups.append(tuple(n_tiles + p for p in range(s.cfg.players)))
    for size in (1, 2, 3):
        groups.append(tuple(t.index for t in s.cfg.tiles if len(t.actions) == size))
    s.pending = (F_DEAL, CHANCE, tuple(g for g in groups if g))
    advance(s)


def _after_deal(s: State) -> None:
    n_tiles = len(s.cfg.tiles)
    # Start tiles are chosen in reverse turn order: nearest the tail tile first (seed JP: Warm-up).
    companies = [x - n_tiles for x in s.chain if x >= n_tiles]
    s.start_order = tuple(reversed(companies))
    if s.cfg.start_tiles_offered < len(s.cfg.start_tiles):
        s.pending = (F_OFFER, CHANCE)  # RULINGS K30: two random start tiles
    else:
        s.start_offer = tuple(t.index for t in s.cfg.start_tiles)
        _next_start_choice(s)


def _next_start_choice(s: State) -> None:
    if s.start_order:
        s.pending = (F_START, s.start_order[0])
    else:
        s.start_offer = ()
        prepare_round(s)


def prepare_round(s: State) -> None:
    """Preparation phase A-C (seed JP: Preparation phase; RULINGS K4, K12)."""
    cfg = s.cfg
    s.round += 1
    s.events.append(ev.Round(s.round))
    s.chart = cfg.price_markers[s.round - 1]
    # White markers go beside each available stack, on top of any left over (seed JP: Prep B).
    s.whites = tuple(
        w + (cfg.white_markers[pref],) if s.stacks[pref] > 0 else w
        for pref, w in enumerate(s.whites)
    )
    s.market_marker = cfg.market_marker_start
    _next_reveal(s)


def _next_reveal(s: State) -> None:
    for cat in range(3):
        if len(s.face_up[cat]) < s.cfg.face_up and s.stack_left[cat] > 0:
            s.pending = (F_REVEAL, CHANCE, cat)
            return
    begin_turn(s)


def begin_turn(s: State) -> None:
    """The company at the tail of the chain takes the turn (RULINGS K1)."""
    n_tiles = len(s.cfg.tiles)
    p = s.chain[0] - n_tiles
    s.tile_left = ()
    s.picked = -1
    s.tech_used = False
    s.pending = (F_TILE, p)
    s.events.append(ev.Turn(p))


def _next_action(s: State, p: int) -> None:
    """After an action: the tile's next action, or the market step (RULINGS K2, K3)."""
    if not s.tile_left:
        s.tech_used = False  # a new step of the turn (RULINGS K5)
        s.pending = (F_MARKET, p)
    else:
        # Even one action left is a decision point: free actions may come first (K5); with
        # none available the single option is taken automatically.
        s.pending = (F_ORDER, p)


def _end_turn(s: State, p: int) -> None:
    """Move the chain, then the next turn or the scoring phase (RULINGS K1, K3).

    The company's marker takes the picked tile's place and the tile goes to the head; then
    tiles at the tail move to the head. The chain is moved here rather than when the tile is
    picked, so that during a turn the company at the tail is always the one playing.
    """
    n_tiles = len(s.cfg.tiles)
    chain = s.chain
    i = chain.index(s.picked)
    chain = chain[1:i] + (chain[0],) + chain[i + 1:] + (s.picked,)
    s.picked = -1
    while chain[0] < n_tiles:
        chain = chain[1:] + chain[:1]
    s.chain = chain
    cars = sum(1 for car in s.market if car is not None)
    if cars >= s.cfg.market_spaces or s.market_marker <= 0:
        _begin_scoring(s)
    else:
        begin_turn(s)


def _begin_scoring(s: State) -> None:
    """Scoring phase (seed JP: Scoring phase): Buick's buyer first (RULINGS K21)."""
    s.events.append(ev.Scoring(s.round))
    for p, c in enumerate(s.companies):
        if "buyer5" in c.tech and any(s.stacks) and s.buick < 0:
            s.pending = (F_BUICK, p)
            return
    score_round(s)


def score_round(s: State) -> None:
    """Grand Prix, then sales, then clean-up; next round or game end (RULINGS K22, K14-K15)."""
    score_grand_prix(s)
    score_sales(s)
    _clean_up_round(s)
    if s.round >= s.cfg.rounds:
        s.pending = (F_END, TERMINAL)
        s.events.append(ev.GameEnd())
    else:
        prepare_round(s)


def score_grand_prix(s: State) -> None:
    """Places 7/4/2 and lap points, then every car back to the pit lane (RULINGS K22, K30)."""
    cfg = s.cfg
    entries: list[tuple[int, int]] = [(c.progress, p) for p, c in enumerate(s.companies)]
    entries += [(space, -1) for space in cfg.neutral_cars]  # neutral cars rank, never score
    entries.sort(key=lambda e: -e[0])
    place = 0
    i = 0
    while i < len(entries):
        j = i
        while j < len(entries) and entries[j][0] == entries[i][0]:
            j += 1
        lowest = place + (j - i) - 1  # a tied group gets the lowest place it spans
        pts = cfg.place_points[lowest] if lowest < len(cfg.place_points) else 0
        for _, p in entries[i:j]:
            if p >= 0:
                s.events.append(ev.GpPlace(p, place + 1, j - i, pts))
                if pts:
                    _score(s, p, pts, GRAND_PRIX_POINTS)
        place += j - i
        i = j
    for p, c in enumerate(s.companies):
        laps = laps_of(cfg.circuit_length, c.progress)
        pts = lap_points(cfg, laps)
        if pts:
            _score(s, p, pts, GRAND_PRIX_POINTS)
        s.events.append(ev.GpLaps(p, laps, pts))
        c.last_laps = laps
        c.progress = 0


def _pick_car(s: State, pref: int) -> int:
    """The market slot a buyer of ``pref`` takes, or -1 (RULINGS K14)."""
    best = -1
    best_key: tuple[int, int] = (0, 0)
    sv = s.cfg.salesman_service
    for slot, car in enumerate(s.market):
        if car is None:
            continue
        if pref == BODY:
            key = (-body_value(car), car.price)
        elif pref == ENGINE:
            key = (-engine_value(car), car.price)
        elif pref == SERVICE:
            key = (-service_value(car, sv), car.price)
        else:
            key = (car.price, 0)
        if best < 0 or key < best_key:
            best, best_key = slot, key
    return best


def investor_accepts(s: State, investor: int, car: Car) -> bool:
    """Whether an investor's buying condition admits ``car`` (seed JP: Investors; K16, K17)."""
    cond = s.cfg.recruit[investor].condition
    if cond is None:
        return True
    what, n = cond
    owner = s.companies[car.owner]
    if what == "laps":
        return owner.last_laps >= n
    if what == "service":
        return service_value(car, s.cfg.salesman_service) >= n
    if what == "engine":
        return engine_value(car) >= n
    if what == "body":
        return body_value(car) >= n
    if what == "achievements":
        return sum(1 for o in s.achievements if o == car.owner) >= n
    if what == "engineer_tokens":
        return owner.engineer_tokens >= n
    raise ValueError(f"unknown investor condition {what}")  # pragma: no cover


def score_sales(s: State) -> None:
    """Active buyers 1-4, Buick's buyer, then investors in track order (RULINGS K14-K16)."""
    buyers: list[tuple[int, int]] = [(b, sp) for sp, b in enumerate(s.active) if b >= 0]
    if s.buick >= 0:
        buyers.append((s.buick, -1))
    for pref, space in buyers:
        slot = _pick_car(s, pref)
        if slot < 0:
            break
        car = s.market[slot]
        assert car is not None
        mult = 1
        if pref == PRICE:
            mult = 3 if has_engineer(s, car.owner, "Brayton") else 2
        pts = car.price * mult
        bonus = s.packard[space] if space >= 0 else 0
        _score(s, car.owner, pts + bonus, SALES)
        s.events.append(ev.Sale(car.owner, slot, "buyer", pref, pts, bonus))
        car_sold(s, slot)
    for investor in s.investor_track:
        candidates = [
            (car.price, slot)
            for slot, car in enumerate(s.market)
            if car is not None and investor_accepts(s, investor, car)
        ]
        if not candidates:
            s.events.append(ev.NoSale(investor))
            continue
        _, slot = min(candidates)
        car = s.market[slot]
        assert car is not None
        _score(s, car.owner, car.price, SALES)
        s.events.append(ev.Sale(car.owner, slot, "investor", investor, car.price, 0))
        car_sold(s, slot)


def car_sold(s: State, slot: int) -> None:
    """An investment token leaves and the car stays; otherwise the car leaves (RULINGS K15)."""
    car = s.market[slot]
    assert car is not None
    market = list(s.market)
    if car.invested:
        market[slot] = car._replace(invested=False)
        s.inv_supply += 1  # seed JP: Scoring phase B "投資家トークン...サプライに戻す"
    else:
        market[slot] = None
        _car_leaves(s, car)
    s.market = tuple(market)


def _car_leaves(s: State, car: Car) -> None:
    """Tech marker to the box; workers and salesman to the supply; tiles to the supply (K15)."""
    owner = s.companies[car.owner]
    owner.supply += car.workers
    if car.invested:  # an unsold car's unused token goes back too (seed JP: Scoring B)
        s.inv_supply += 1
    if car.salesman:
        owner.salesman = "supply"
    if car.tech >= 0:
        s.tech_box += 1


def _clean_up_round(s: State) -> None:
    """Unsold cars leave, buyers return, investors and Packard markers leave (K14, K15)."""
    for car in s.market:
        if car is not None:
            _car_leaves(s, car)
            s.events.append(ev.Unsold(car.owner))
    s.market = (None,) * s.cfg.market_spaces
    stacks = list(s.stacks)
    for b in s.active:
        if b >= 0:
            stacks[b] += 1
    if s.buick >= 0:
        stacks[s.buick] += 1
    s.stacks = tuple(stacks)
    s.active = (-1,) * s.cfg.active_spaces
    s.buick = -1
    s.tech_box += sum(1 for m in s.packard if m)
    s.packard = (0,) * s.cfg.active_spaces
    s.investor_track = ()
    s.chart = ()  # unused price markers leave the game (K13)


# --- legal actions per frame ----------------------------------------------------------------------
def _free_actions(s: State, p: int) -> list[int]:
    """Investment tokens, Packard markers, Kettering swaps (RULINGS K5, K16, K20)."""
    c = s.companies[p]
    if not c.investors and not c.tech:
        return []  # nothing free to do (most decisions): asked at every decision of a search
    out: list[int] = []
    own = [(slot, car) for slot, car in enumerate(s.market) if car is not None and car.owner == p]
    if c.investors and len(s.investor_track) < s.cfg.investor_spaces:
        for inv in c.investors:
            out += [_INVEST[inv, slot] for slot, car in own if not car.invested]
    if s.tech_used:
        return out  # one technology marker per step (K5)
    for bonus, name in ((2, "buyer+2"), (4, "buyer+4")):
        if name in c.tech:
            out += [
                _PACKARD[bonus, sp]
                for sp, b in enumerate(s.active)
                if b >= 0 and not s.packard[sp]
            ]
    if "swap" in c.tech:
        bodies = sorted({v for k, v in c.workshops if k == BODY})
        engines = sorted({v for k, v in c.workshops if k == ENGINE})
        sv = s.cfg.salesman_service
        for slot, car in own:
            out += [_KETTERING[slot, SWAP_BODY, v] for v in bodies if v != car.body]
            out += [_KETTERING[slot, SWAP_ENGINE, v] for v in engines if v != car.engine]
            out += [_KETTERING[slot, SWAP_PRICE, v] for v in s.chart]
            extra = sv if car.salesman else 0
            out += [
                _KETTERING[slot, 3, w]
                for w in range(car.workers + c.canteen + 1)
                if w != car.workers and w + extra >= 1
            ]
    return out


def _legal_deal(s: State) -> list[int]:
    return [_DEAL[i] for i in s.pending[2][0]]


def _legal_offer(s: State) -> list[int]:
    return [_OFFER[t.index] for t in s.cfg.start_tiles if t.index not in s.start_offer]


def _legal_start(s: State) -> list[int]:
    return [_CHOOSE_START[t] for t in s.start_offer]


def _legal_reveal(s: State) -> list[int]:
    return [_REVEAL[r] for r in s.unseen[s.pending[2]]]


def _legal_tile(s: State) -> list[int]:
    n_tiles = len(s.cfg.tiles)
    return [_PICK[x] for x in s.chain if x < n_tiles] + _free_actions(s, s.pending[1])


def _legal_order(s: State) -> list[int]:
    return [_DO[k] for k in sorted(set(s.tile_left))] + _free_actions(s, s.pending[1])


def research_options(s: State, p: int) -> list[int]:
    """Legal research moves: +1 within 7 and a gap of at most 2, or both with a token (K6)."""
    cfg = s.cfg
    c = s.companies[p]
    b, e = c.body_track, c.engine_track
    out = []
    if b < cfg.research_max and b + 1 - e <= cfg.research_gap:
        out.append(_RESEARCH[0])
    if e < cfg.research_max and e + 1 - b <= cfg.research_gap:
        out.append(_RESEARCH[1])
    if c.engineer_tokens and b < cfg.research_max and e < cfg.research_max:
        out.append(_RESEARCH[2])
    return out


def _legal_research(s: State) -> list[int]:
    return research_options(s, s.pending[1])


def _legal_place(s: State) -> list[int]:
    _, p, kind, _value, racing = s.pending
    c = s.companies[p]
    out = []
    if len(c.workshops) < WORKSHOPS:
        out.append(_PLACE_WORKSHOP)
    else:  # all three full: return one tile to the supply (RULINGS K7)
        out += [_PLACE_REPLACE[k, v] for k, v in sorted(set(c.workshops))]
    if racing:
        out.append(_PLACE_RACING)
    return out


def _hire_options(s: State, p: int) -> list[int]:
    c = s.companies[p]
    out = []
    if c.supply > 0:
        out.append(_HIRE[False])
    if c.salesman == "supply" and has_engineer(s, p, "Riker"):
        out.append(_HIRE[True])
    return out


def _legal_hire(s: State) -> list[int]:
    return _hire_options(s, s.pending[1])


def _legal_attract(s: State) -> list[int]:
    return [_ATTRACT[pref] for pref, n in enumerate(s.stacks) if n > 0]


def _legal_recruit(s: State) -> list[int]:
    out = [_RECRUIT[r] for cat in s.face_up for r in cat]
    return out + [_RECRUIT_WORKERS, _RECRUIT_MOVE]


def _legal_team(s: State) -> list[int]:
    p = s.pending[1]
    c = s.companies[p]
    room = s.cfg.team_capacity - c.team
    out = [_TEAM[k, False] for k in range(min(c.canteen, room) + 1)]
    if c.salesman == "canteen" and room >= 1:
        out += [_TEAM[k, True] for k in range(min(c.canteen, room - 1) + 1)]
    return out


def _own_cars(s: State, p: int) -> list[int]:
    return [slot for slot, car in enumerate(s.market) if car is not None and car.owner == p]


def _legal_sell(s: State) -> list[int]:
    return [_SELL[slot] for slot in _own_cars(s, s.pending[1])]


def _swap_options(s: State) -> list[int]:
    return [
        _SWAP[sp, q]
        for sp, b in enumerate(s.active)
        if b >= 0
        for q, n in enumerate(s.stacks)
        if n > 0 and q != b
    ]


def _legal_swap(s: State) -> list[int]:
    return _swap_options(s)


def can_place_car(s: State, p: int) -> bool:
    """A free market space, a price marker, a workshop body and engine, service (K13)."""
    c = s.companies[p]
    if None not in s.market or not s.chart:
        return False
    kinds = {k for k, _ in c.workshops}
    return BODY in kinds and ENGINE in kinds and (c.canteen > 0 or c.salesman == "canteen")


def _legal_market(s: State) -> list[int]:
    p = s.pending[1]
    out = []
    if can_place_car(s, p):
        out = [_CAR_BODY[v] for v in sorted({v for k, v in s.companies[p].workshops if k == BODY})]
    return out + [_PASS] + _free_actions(s, p)


def _legal_car_engine(s: State) -> list[int]:
    c = s.companies[s.pending[1]]
    return [_CAR_ENGINE[v] for v in sorted({v for k, v in c.workshops if k == ENGINE})]


def _legal_car_service(s: State) -> list[int]:
    c = s.companies[s.pending[1]]
    out = [_CAR_SERVICE[w, False] for w in range(1, c.canteen + 1)]
    if c.salesman == "canteen":
        out += [_CAR_SERVICE[w, True] for w in range(c.canteen + 1)]
    return out


def _legal_car_price(s: State) -> list[int]:
    return [_CAR_PRICE[v] for v in s.chart]


def _legal_car_tech(s: State) -> list[int]:
    c = s.companies[s.pending[1]]
    out = [_CAR_TECH[-1]]
    if not s.tech_used:  # K5, and one technology marker per car (seed JP: FAQ)
        out += [_CAR_TECH[i] for i, name in enumerate(CAR_TECH) if name in c.tech]
    return out


def _legal_post(s: State) -> list[int]:
    return [_END_TURN] + _free_actions(s, s.pending[1])


def _legal_buick(s: State) -> list[int]:
    return [_BUICK[-1]] + [_BUICK[q] for q, n in enumerate(s.stacks) if n > 0]


def _legal_end(s: State) -> list[int]:
    return []


# --- applying per frame ---------------------------------------------------------------------
def _apply_deal(s: State, a: Deal) -> None:
    groups = s.pending[2]
    first = _remove_one(groups[0], a.item)
    groups = ((first,) if first else ()) + groups[1:]
    s.chain = s.chain + (a.item,)
    s.events.append(ev.Deal(a.item))
    if groups:
        s.pending = (F_DEAL, CHANCE, groups)
    else:
        _after_deal(s)


def _apply_offer(s: State, a: Offer) -> None:
    s.start_offer = s.start_offer + (a.start,)
    s.events.append(ev.Offer(a.start))
    if len(s.start_offer) < s.cfg.start_tiles_offered:
        s.pending = (F_OFFER, CHANCE)
    else:
        _next_start_choice(s)


def _apply_start(s: State, a: ChooseStart) -> None:
    """Start tile effects (seed JP: Warm-up)."""
    p = s.pending[1]
    c = s.companies[p]
    s.events.append(ev.TakeStart(p, a.start))
    for what, n in s.cfg.start_tiles[a.start].effects:
        if what == "body_tile":
            c.workshops = _add_sorted(c.workshops, (BODY, n))
        elif what == "engine_tile":
            c.workshops = _add_sorted(c.workshops, (ENGINE, n))
        elif what == "move":
            move_car(s, p, n)  # RULINGS K11: no team bonus, occupied spaces skipped
        elif what == "body_track":
            c.body_track = n
        elif what == "engine_track":
            c.engine_track = n
        elif what == "workers":
            _gain_workers(s, p, n)
        elif what == "race_engine":
            c.race_engine = n
        elif what == "engineer_token":
            _gain_engineer_token(s, p)
        else:  # pragma: no cover - data file validated by tests
            raise ValueError(f"unknown start effect {what}")
    check_achievements(s, p)
    s.start_offer = _remove_one(s.start_offer, a.start)
    s.start_order = s.start_order[1:]
    _next_start_choice(s)


def _gain_workers(s: State, p: int, n: int) -> int:
    c = s.companies[p]
    got = min(n, c.supply)
    c.supply -= got
    c.canteen += got
    return got


def _gain_engineer_token(s: State, p: int) -> None:
    if s.eng_supply > 0:  # none left in the supply: none gained
        s.eng_supply -= 1
        s.companies[p].engineer_tokens += 1


def _apply_reveal(s: State, a: Reveal) -> None:
    cat = s.pending[2]
    unseen = list(s.unseen)
    unseen[cat] = _remove_one(unseen[cat], a.recruit)
    s.unseen = tuple(unseen)
    face_up = list(s.face_up)
    face_up[cat] = face_up[cat] + (a.recruit,)
    s.face_up = tuple(face_up)
    left = list(s.stack_left)
    left[cat] -= 1
    s.stack_left = tuple(left)
    s.events.append(ev.Reveal(a.recruit))
    _next_reveal(s)


def _apply_tile(s: State, a: PickTile) -> None:
    """The marker takes the tile's place; the tile goes to the head (RULINGS K1)."""
    p = s.pending[1]
    s.picked = a.tile  # the chain moves at the end of the turn (see _end_turn)
    s.tile_left = tuple(_KIND_INDEX[k] for k in s.cfg.tiles[a.tile].actions)
    s.events.append(ev.Pick(p, a.tile))
    _next_action(s, p)


def _apply_order(s: State, a: DoAction) -> None:
    p = s.pending[1]
    s.tile_left = _remove_one(s.tile_left, a.kind)
    _start_action(s, p, a.kind)


def _start_action(s: State, p: int, kind: int) -> None:
    """Begin one action of the tile (RULINGS K6-K12); skipped when impossible."""
    c = s.companies[p]
    if kind == RESEARCH:
        if research_options(s, p):
            s.pending = (F_RESEARCH, p)
            return
        s.events.append(ev.Skip(p, kind))
    elif kind == BUILD_BODY:
        s.pending = (F_PLACE, p, BODY, c.body_track, False)
        return
    elif kind == BUILD_ENGINE:
        s.pending = (F_PLACE, p, ENGINE, c.engine_track, True)
        return
    elif kind == HIRE:
        if _hire_options(s, p):
            s.pending = (F_HIRE, p)
            return
        s.events.append(ev.Skip(p, kind))
    elif kind == ATTRACT:
        if -1 in s.active:
            s.pending = (F_ATTRACT, p)
            return
        # Every active space full: no buyer, the market marker moves down (RULINGS K4).
        s.market_marker = max(0, s.market_marker - 1)
        s.events.append(ev.MarketMarker(p, s.market_marker))
    elif kind == RECRUIT:
        s.pending = (F_RECRUIT, p)
        return
    elif kind == GRAND_PRIX:
        s.pending = (F_TEAM, p)
        return
    _next_action(s, p)


def _apply_research(s: State, a: Research) -> None:
    p = s.pending[1]
    c = s.companies[p]
    if a.track == 0:
        c.body_track += 1
    elif a.track == 1:
        c.engine_track += 1
    else:
        c.body_track += 1
        c.engine_track += 1
        c.engineer_tokens -= 1  # seed JP: Actions, Research: the token goes to the box
    s.events.append(ev.Research(p, a.track, c.body_track, c.engine_track))
    _next_action(s, p)


def _apply_place(s: State, a: Place) -> None:
    _, p, kind, value, _racing = s.pending
    c = s.companies[p]
    returned: tuple[int, int] | None = None
    if a.where == RACING_CAR:
        c.race_engine = value  # the old racing engine returns to the supply
    else:
        if a.where != WORKSHOP:
            returned = (BODY if a.where == REPLACE_BODY else ENGINE, a.value)
            c.workshops = _remove_one(c.workshops, returned)
        c.workshops = _add_sorted(c.workshops, (kind, value))
    s.events.append(ev.Build(p, kind, value, a.where, returned))
    check_achievements(s, p)
    _next_action(s, p)


def _apply_hire(s: State, a: Hire) -> None:
    """Hire worker; King adds one more worker (RULINGS K8)."""
    p = s.pending[1]
    c = s.companies[p]
    got = 0
    if a.salesman:
        c.salesman = "canteen"
    else:
        got += _gain_workers(s, p, 1)
    if has_engineer(s, p, "King"):
        got += _gain_workers(s, p, 1)
    s.events.append(ev.Hire(p, got, a.salesman))
    check_achievements(s, p)
    _next_action(s, p)


def _take_buyer(s: State, p: int, pref: int) -> int:
    """A buyer leaves its available stack; its white markers score (RULINGS K9)."""
    stacks = list(s.stacks)
    stacks[pref] -= 1
    s.stacks = tuple(stacks)
    pts = sum(s.whites[pref])
    if pts:
        _score(s, p, pts, BUYER_POINTS)
        whites = list(s.whites)
        whites[pref] = ()
        s.whites = tuple(whites)
    return pts


def _apply_attract(s: State, a: Attract) -> None:
    p = s.pending[1]
    pts = _take_buyer(s, p, a.pref)
    space = s.active.index(-1)  # the lowest empty active space
    active = list(s.active)
    active[space] = a.pref
    s.active = tuple(active)
    s.events.append(ev.Attract(p, a.pref, space, pts))
    _check_second_buyer(s, p)
    _next_action(s, p)


def _apply_recruit(s: State, a: Action) -> None:
    """Recruit: a face-up tile, two workers, or the car 3 spaces (RULINGS K12)."""
    p = s.pending[1]
    if isinstance(a, RecruitWorkers):
        got = _gain_workers(s, p, 2)
        s.events.append(ev.RecruitWorkers(p, got))
        check_achievements(s, p)
    elif isinstance(a, RecruitMove):
        move_car(s, p, 3)
    else:
        assert isinstance(a, Recruit)
        spec = s.cfg.recruit[a.recruit]
        face_up = list(s.face_up)
        face_up[spec.category] = _remove_one(face_up[spec.category], a.recruit)
        s.face_up = tuple(face_up)
        s.events.append(ev.Recruit(p, a.recruit))
        if spec.category == ENGINEERS:
            _gain_engineer(s, p, a.recruit)
        elif spec.category == INVESTORS:
            _gain_investor(s, p, a.recruit)
        elif spec.category == BENEFITS and _start_benefit(s, p, a.recruit):
            return
    _next_action(s, p)


def _gain_engineer(s: State, p: int, recruit: int) -> None:
    """An engineer tile, one engineer token and its technology markers (seed JP: Engineers)."""
    spec = s.cfg.recruit[recruit]
    c = s.companies[p]
    c.engineers = c.engineers + (recruit,)
    _gain_engineer_token(s, p)
    if spec.tech:
        c.tech = tuple(sorted(c.tech + spec.tech))
    if spec.name == "Riker":  # own salesman to the canteen, the others' to the box
        c.salesman = "canteen"
        for q, other in enumerate(s.companies):
            if q != p and other.salesman == "unused":
                other.salesman = "box"
    check_achievements(s, p)


def _gain_investor(s: State, p: int, recruit: int) -> None:
    """An investor tile with an investment token from the supply (seed JP: Recruit tiles b)."""
    if s.inv_supply > 0:
        s.inv_supply -= 1
        c = s.companies[p]
        c.investors = c.investors + (recruit,)
    else:
        s.events.append(ev.NoToken(p, recruit))


def _start_benefit(s: State, p: int, recruit: int) -> bool:
    """Carry out an immediate benefit; True when it waits for a choice (seed JP: Benefits)."""
    effect = s.cfg.recruit[recruit].effect
    assert effect is not None
    what, n = effect
    if what == "sell_car":
        if _own_cars(s, p):
            s.pending = (F_SELL, p, n)
            return True
        s.events.append(ev.BenefitVoid(p, recruit))
    elif what == "swap_buyer":
        if _swap_options(s):
            s.pending = (F_SWAP, p)
            return True
        s.events.append(ev.BenefitVoid(p, recruit))
    elif what == "engine_tile":
        s.pending = (F_PLACE, p, ENGINE, n, True)  # the research level is ignored
        return True
    elif what == "move":
        move_car(s, p, n + _chevrolet(s, p))  # RULINGS K11: Chevrolet applies to the +5
    elif what == "workers":
        got = _gain_workers(s, p, n)
        s.events.append(ev.RecruitWorkers(p, got))
        check_achievements(s, p)
    else:  # pragma: no cover - data file validated by tests
        raise ValueError(f"unknown benefit {what}")
    return False


def _apply_team(s: State, a: Team) -> None:
    """Grand Prix: team workers, then move engine + full spaces (+1 Chevrolet) (K10)."""
    p = s.pending[1]
    c = s.companies[p]
    c.canteen -= a.workers
    c.team += a.workers + (1 if a.salesman else 0)
    if a.salesman:
        c.salesman = "team"
    full = 0
    filled = 0
    for size in s.cfg.team_spaces:
        filled += size
        if c.team >= filled:
            full += 1
    if a.workers or a.salesman:
        s.events.append(ev.Team(p, a.workers, a.salesman, c.team))
    move_car(s, p, c.race_engine + full + _chevrolet(s, p))
    _next_action(s, p)


def _apply_sell(s: State, a: SellCar) -> None:
    """Sell a car for exactly 7/5: no multiplier, no Packard bonus; then K15 (RULINGS K18)."""
    _, p, points = s.pending
    _score(s, p, points, SALES)
    s.events.append(ev.Sale(p, a.slot, "benefit", -1, points, 0))
    car_sold(s, a.slot)
    _next_action(s, p)


def _apply_swap(s: State, a: SwapBuyer) -> None:
    """Exchange an active buyer with an available one; white markers as K9 (RULINGS K19)."""
    p = s.pending[1]
    old = s.active[a.space]
    pts = _take_buyer(s, p, a.pref)
    stacks = list(s.stacks)
    stacks[old] += 1
    s.stacks = tuple(stacks)
    active = list(s.active)
    active[a.space] = a.pref
    s.active = tuple(active)
    s.events.append(ev.SwapBuyer(p, a.space, old, a.pref, pts))
    _check_second_buyer(s, p)
    _next_action(s, p)


def _apply_market(s: State, a: Action) -> None:
    p = s.pending[1]
    if isinstance(a, Pass):
        s.events.append(ev.Pass(p))
        _end_turn(s, p)
    else:
        assert isinstance(a, CarBody)
        s.pending = (F_CAR_ENGINE, p, a.value)


def _apply_car_engine(s: State, a: CarEngine) -> None:
    _, p, body = s.pending
    s.pending = (F_CAR_SERVICE, p, body, a.value)


def _apply_car_service(s: State, a: CarService) -> None:
    _, p, body, engine = s.pending
    s.pending = (F_CAR_PRICE, p, body, engine, a.workers, a.salesman)


def _apply_car_price(s: State, a: CarPrice) -> None:
    _, p, body, engine, workers, salesman = s.pending
    s.pending = (F_CAR_TECH, p, body, engine, workers, salesman, a.value)


def _apply_car_tech(s: State, a: CarTech) -> None:
    """The car goes to the lowest free market space (RULINGS K13)."""

    _, p, body, engine, workers, salesman, price = s.pending
    c = s.companies[p]
    c.workshops = _remove_one(_remove_one(c.workshops, (BODY, body)), (ENGINE, engine))
    c.canteen -= workers
    if salesman:
        c.salesman = "market"
    if a.marker >= 0:
        c.tech = _remove_one(c.tech, CAR_TECH[a.marker])
        s.tech_used = True
    s.chart = _remove_one(s.chart, price)
    slot = s.market.index(None)
    market = list(s.market)
    market[slot] = Car(p, body, engine, workers, salesman, price, a.marker, False)
    s.market = tuple(market)
    c.cars_placed += 1
    s.events.append(ev.PlaceCar(p, slot))
    check_achievements(s, p)
    s.pending = (F_POST, p)


def _apply_post(s: State, a: EndTurn) -> None:
    _end_turn(s, s.pending[1])


def _apply_free(s: State, a: Action) -> None:
    """A free action; the pending decision stays (RULINGS K5)."""
    p = s.pending[1]
    c = s.companies[p]
    if isinstance(a, Invest):
        c.investors = _remove_one(c.investors, a.investor)
        car = s.market[a.slot]
        assert car is not None
        market = list(s.market)
        market[a.slot] = car._replace(invested=True)
        s.market = tuple(market)
        s.investor_track = s.investor_track + (a.investor,)  # the lowest empty space (K16)
        s.events.append(ev.Invest(p, a.investor, a.slot))
        return
    s.tech_used = True
    if isinstance(a, PackardMarker):
        c.tech = _remove_one(c.tech, f"buyer+{a.bonus}")
        packard = list(s.packard)
        packard[a.space] = a.bonus
        s.packard = tuple(packard)
        s.events.append(ev.Packard(p, a.bonus, a.space))
        return
    assert isinstance(a, Kettering)
    c.tech = _remove_one(c.tech, "swap")
    s.tech_box += 1
    car = s.market[a.slot]
    assert car is not None
    if a.part == SWAP_BODY:
        c.workshops = _add_sorted(_remove_one(c.workshops, (BODY, a.value)), (BODY, car.body))
        new = car._replace(body=a.value)
        old = car.body
    elif a.part == SWAP_ENGINE:
        swapped = _remove_one(c.workshops, (ENGINE, a.value))
        c.workshops = _add_sorted(swapped, (ENGINE, car.engine))
        new = car._replace(engine=a.value)
        old = car.engine
    elif a.part == SWAP_PRICE:
        s.chart = tuple(sorted(_remove_one(s.chart, a.value) + (car.price,)))
        new = car._replace(price=a.value)
        old = car.price
    else:
        c.canteen += car.workers - a.value
        new = car._replace(workers=a.value)
        old = car.workers
    market = list(s.market)
    market[a.slot] = new
    s.market = tuple(market)
    s.events.append(ev.Kettering(p, a.slot, a.part, old, a.value))
    check_achievements(s, p)


def _apply_buick(s: State, a: BuickBuyer) -> None:
    """Buick's extra buyer below the active track, once per game (RULINGS K21)."""
    if a.pref >= 0:
        _apply_buick_choice(s, s.pending[1], a.pref)
    score_round(s)


def _apply_buick_choice(s: State, p: int, pref: int) -> None:
    c = s.companies[p]
    c.tech = _remove_one(c.tech, "buyer5")
    s.tech_box += 1
    pts = _take_buyer(s, p, pref)
    s.buick = pref
    s.events.append(ev.Buick(p, pref, pts))
    _check_second_buyer(s, p)


_LEGAL = (
    _legal_deal, _legal_offer, _legal_start, _legal_reveal, _legal_tile, _legal_order,
    _legal_research, _legal_place, _legal_hire, _legal_attract, _legal_recruit, _legal_team,
    _legal_sell, _legal_swap, _legal_market, _legal_car_engine, _legal_car_service,
    _legal_car_price, _legal_car_tech, _legal_post, _legal_buick, _legal_end,
)
_APPLY: tuple[Any, ...] = (
    _apply_deal, _apply_offer, _apply_start, _apply_reveal, _apply_tile, _apply_order,
    _apply_research, _apply_place, _apply_hire, _apply_attract, _apply_recruit, _apply_team,
    _apply_sell, _apply_swap, _apply_market, _apply_car_engine, _apply_car_service,
    _apply_car_price, _apply_car_tech, _apply_post, _apply_buick, None,
)


def legal(s: State) -> list[int]:
    """The legal action ids of the pending decision, in id order."""
    return sorted(_LEGAL[s.pending[0]](s))


def apply_id(s: State, aid: int) -> None:
    """Apply action ``aid`` (assumed legal) and advance to the next real decision."""
    a = ACTIONS[aid]
    kind = s.pending[0]
    if a.free and kind in FREE_FRAMES and s.pending[1] != CHANCE:
        _apply_free(s, a)
        advance(s)
        return
    _APPLY[kind](s, a)
    advance(s)


def advance(s: State) -> None:
    """Resolve automatic steps: seeded chance and single-option decisions (architecture.md)."""
    while True:
        kind = s.pending[0]
        if kind == F_END:
            s.legal = ()
            return
        options = legal(s)
        if s.pending[1] == CHANCE and s.seed is not None and len(options) > 1:
            aid = options[draw(s.seed, s.draws, len(options))]
            s.draws += 1
        elif len(options) == 1:
            aid = options[0]
        else:
            s.legal = tuple(options)
            return
        a = ACTIONS[aid]
        if a.free and kind in FREE_FRAMES:  # pragma: no cover - a free action is never alone
            _apply_free(s, a)
        else:
            _APPLY[kind](s, a)


# --- explaining an illegal action -----------------------------------------------------------------
_FRAME_RULE = {
    F_DEAL: "RULINGS K1", F_OFFER: "RULINGS K30", F_START: "seed JP: Warm-up",
    F_REVEAL: "RULINGS K12", F_TILE: "RULINGS K1", F_ORDER: "RULINGS K2",
    F_RESEARCH: "RULINGS K6", F_PLACE: "RULINGS K7", F_HIRE: "RULINGS K8",
    F_ATTRACT: "RULINGS K9", F_RECRUIT: "RULINGS K12", F_TEAM: "RULINGS K10",
    F_SELL: "RULINGS K18", F_SWAP: "RULINGS K19", F_MARKET: "RULINGS K13",
    F_CAR_ENGINE: "RULINGS K13", F_CAR_SERVICE: "RULINGS K13", F_CAR_PRICE: "RULINGS K13",
    F_CAR_TECH: "RULINGS K13", F_POST: "RULINGS K3", F_BUICK: "RULINGS K21",
    F_END: "seed JP: Game end",
}
_FRAME_WORDS = {
    F_DEAL: "chance deals the action chain", F_OFFER: "chance offers the start tiles",
    F_START: "{who} chooses a start tile", F_REVEAL: "chance reveals a recruit tile",
    F_TILE: "{who} chooses an action tile", F_ORDER: "{who} chooses the tile's next action",
    F_RESEARCH: "{who} chooses a research track", F_PLACE: "{who} places the new tile",
    F_HIRE: "{who} chooses whom to hire", F_ATTRACT: "{who} chooses a buyer stack",
    F_RECRUIT: "{who} chooses a recruit option", F_TEAM: "{who} sets the racing team",
    F_SELL: "{who} chooses a car to sell", F_SWAP: "{who} chooses buyers to swap",
    F_MARKET: "{who} may place a car or pass", F_CAR_ENGINE: "{who} chooses the car's engine",
    F_CAR_SERVICE: "{who} chooses the car's service", F_CAR_PRICE: "{who} chooses a price",
    F_CAR_TECH: "{who} chooses a technology marker", F_POST: "{who} may end the turn",
    F_BUICK: "{who} may place Buick's extra buyer", F_END: "the game is over",
}


def why_illegal(s: State, a: Action) -> IllegalActionError:
    """An error saying which rule ``a`` breaks in ``s`` (STYLE 11)."""
    kind = s.pending[0]
    p = s.pending[1]
    who = s.cfg.companies[p] if p >= 0 else "chance"
    now = _FRAME_WORDS[kind].format(who=who)
    expected = {type(ACTIONS[i]) for i in s.legal}
    if type(a) not in expected and not (a.free and kind in FREE_FRAMES):
        if a.free and kind not in FREE_FRAMES:
            return IllegalActionError(
                f"'{a}' is a free action, taken only between the steps of your own turn; "
                f"now {now}", "RULINGS K5")
        return IllegalActionError(f"'{a}' is not a choice now: {now}", _FRAME_RULE[kind])
    return IllegalActionError(f"'{a}' is not legal now: {_reason(s, a, p)}", _rule_of(s, a))


def _rule_of(s: State, a: Action) -> str:
    if isinstance(a, Research):
        return "RULINGS K6"
    if isinstance(a, PackardMarker | Kettering | CarTech) and s.tech_used:
        return "RULINGS K5"
    if isinstance(a, Invest):
        return "RULINGS K16"
    if isinstance(a, PackardMarker):
        holder = s.pending[1] >= 0 and f"buyer+{a.bonus}" in s.companies[s.pending[1]].tech
        return "seed JP: Engineers, Packard" if holder else "RULINGS K5"
    if isinstance(a, Kettering):
        return "RULINGS K20"
    return _FRAME_RULE[s.pending[0]]


def _reason(s: State, a: Action, p: int) -> str:
    """A plain reason for a well-typed but illegal action."""
    cfg = s.cfg
    c = s.companies[p] if p >= 0 else None
    if isinstance(a, Research) and c is not None:
        b, e = c.body_track, c.engine_track
        if a.track == 2 and not c.engineer_tokens:
            return "researching both tracks spends an engineer token, and you have none"
        return (f"tracks may not exceed {cfg.research_max} nor differ by more than "
                f"{cfg.research_gap} (body {b}, engine {e})")
    if isinstance(a, PickTile):
        return "that tile is not on the action chain"
    if isinstance(a, PackardMarker | Kettering | CarTech) and s.tech_used:
        return "only one technology marker may be used in each step of a turn"
    if isinstance(a, Place):
        if a.where == WORKSHOP:
            return "all three workshops are full: return one tile to place the new one"
        if a.where == RACING_CAR:
            return "only an engine can go on the racing car"
        return "you have a free workshop, or no such tile in your workshops"
    if isinstance(a, Kettering | Invest | SellCar):
        car = s.market[a.slot]
        if car is None or car.owner != p:
            return f"market space {a.slot + 1} holds no car of yours"
    if isinstance(a, PackardMarker):
        if c is not None and f"buyer+{a.bonus}" not in c.tech:
            return f"you hold no Packard +{a.bonus} marker"
        return "a Packard marker goes beside an active buyer that has none"
    if isinstance(a, Kettering):
        if c is not None and "swap" not in c.tech:
            return "you hold no Kettering swap marker"
        if a.part == 3:
            return "the car keeps a service of at least 1, with workers from your canteen"
        if a.part == SWAP_PRICE:
            return "that price marker is not on the price chart"
        return "the new tile must be a different one from your workshops"
    if isinstance(a, CarPrice):
        return "that price marker is not on the price chart"
    if isinstance(a, CarService):
        return "a car needs at least one worker or the salesman, taken from your canteen"
    if isinstance(a, Team):
        return (f"the racing team holds {cfg.team_capacity} and takes only canteen workers "
                "(and the salesman)")
    if isinstance(a, Attract | BuickBuyer | SwapBuyer):
        return "that buyer stack is empty or the swap changes nothing"
    if isinstance(a, Invest):
        return "you need that investor's token and a car of yours without a token"
    if isinstance(a, Recruit):
        return "that recruit tile is not face up"
    if isinstance(a, Hire):
        return "the salesman can be hired again only with Riker after a sale"
    return "it is not among the legal choices"


# --- id tables for the hot path -----------------------------------------------------------------
def _of(cls: type) -> list[Any]:
    return [a for a in ACTIONS if isinstance(a, cls)]


_DEAL = [ACTION_ID[a] for a in _of(Deal)]
_OFFER = [ACTION_ID[a] for a in _of(Offer)]
_CHOOSE_START = [ACTION_ID[a] for a in _of(ChooseStart)]
_REVEAL = [ACTION_ID[a] for a in _of(Reveal)]
_PICK = [ACTION_ID[a] for a in _of(PickTile)]
_DO = [ACTION_ID[a] for a in _of(DoAction)]
_RESEARCH = [ACTION_ID[a] for a in _of(Research)]
_PLACE_WORKSHOP = ACTION_ID[Place(WORKSHOP)]
_PLACE_RACING = ACTION_ID[Place(RACING_CAR)]
_PLACE_REPLACE = {
    (BODY if a.where == REPLACE_BODY else ENGINE, a.value): ACTION_ID[a]
    for a in _of(Place)
    if a.where in (REPLACE_BODY, REPLACE_ENGINE)
}
_HIRE = {a.salesman: ACTION_ID[a] for a in _of(Hire)}
_ATTRACT = [ACTION_ID[a] for a in _of(Attract)]
_RECRUIT = [ACTION_ID[a] for a in _of(Recruit)]
_RECRUIT_WORKERS = ACTION_ID[RecruitWorkers()]
_RECRUIT_MOVE = ACTION_ID[RecruitMove()]
_TEAM = {(a.workers, a.salesman): ACTION_ID[a] for a in _of(Team)}
_SELL = [ACTION_ID[a] for a in _of(SellCar)]
_SWAP = {(a.space, a.pref): ACTION_ID[a] for a in _of(SwapBuyer)}
_CAR_BODY = {a.value: ACTION_ID[a] for a in _of(CarBody)}
_CAR_ENGINE = {a.value: ACTION_ID[a] for a in _of(CarEngine)}
_CAR_SERVICE = {(a.workers, a.salesman): ACTION_ID[a] for a in _of(CarService)}
_CAR_PRICE = {a.value: ACTION_ID[a] for a in _of(CarPrice)}
_CAR_TECH = {a.marker: ACTION_ID[a] for a in _of(CarTech)}
_PASS = ACTION_ID[Pass()]
_END_TURN = ACTION_ID[EndTurn()]
_INVEST = {(a.investor, a.slot): ACTION_ID[a] for a in _of(Invest)}
_PACKARD = {(a.bonus, a.space): ACTION_ID[a] for a in _of(PackardMarker)}
_KETTERING = {(a.slot, a.part, a.value): ACTION_ID[a] for a in _of(Kettering)}
_BUICK = {a.pref: ACTION_ID[a] for a in _of(BuickBuyer)}
