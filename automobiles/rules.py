"""Automobiles' rules: setup, the turn and the end of the race (AU-08..AU-22, AU-29..AU-33).

Every rule of the turn is here and nowhere else; the cards' effects are ``automobiles.cards``,
the shared board and pile helpers ``automobiles.board``; ``state`` holds the data. One
legal-move function (``legal_ids``) and one apply function (``apply_id``), each decision
atomic; ``_advance`` then resolves everything automatic until the next real decision: seeded
chance (a random card set, the start order, the drivers and sponsors dealt and every cube
drawn, from ``gamecore.chance`` draws counted in ``draws``), a decision with exactly one legal
option (taken at once and logged), a card's "must" with nothing left to do, the car, wear and
end phases, the next turn and the end of the race. In an explicit-chance game the state stops
at each chance decision instead: the outcomes of a draw are the colours in the bag with
probability count / size.

Playing a card's cube gains its wear and starts its effect (``cards.play``), held in
``state.effect`` as the pending decision (STYLE 8); the turn's lasting effects are
``state.flags`` (Aerodynamics, Redline, Fuel Injection, Adrenaline) and ``state.crate``.
Between the races of a season with sponsors the break's phases (``sponsors``, ``sponsor``;
AU-26, AU-79..AU-84) are ``automobiles.sponsors``'s, called from here.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from gamecore.chance import CHANCE, TERMINAL, draw, weighted_draw
from gamecore.errors import IllegalActionError

from . import cards, sponsors
from . import events as ev
from .actions import (
    ACTIONS,
    BUY_IDS,
    CHOOSE_IDS,
    DEAL_DRIVER_IDS,
    DEAL_IDS,
    DRAW_CUBES_IDS,
    DRAW_IDS,
    DRAW_MORE,
    END_ACTIONS,
    OPTION_IDS,
    ORDER_IDS,
    PIT_STOP,
    PLACE_IDS,
    PLACE_ON_IDS,
    PLAY_IDS,
    REMOVE_IDS,
    RETURN_IDS,
    SKIP,
    STOP_BUYING,
    STOP_MOVING,
    TAKE_DRIVER_IDS,
    USE_DRIVER,
    Buy,
    Choose,
    Deal,
    DealDriver,
    DealSponsor,
    DiscardSponsor,
    Draw,
    DrawCubes,
    DrawMore,
    EndActions,
    KeepSponsor,
    Option,
    Order,
    PitStop,
    Place,
    PlaceOn,
    Play,
    Remove,
    Return,
    Skip,
    StopBuying,
    StopMoving,
    Take,
    TakeDriver,
    TakeSponsor,
    UseDriver,
)
from .board import (
    ADRENALINE,
    AERO,
    ALL_GEARS,
    BUY_ONE,
    BUYING,
    CAR_PHASE,
    CRATE,
    CREW_CHIEF,
    CUBE_WORDS,
    DRAWS,
    DRIVE,
    DROVE,
    FUEL,
    GENERIC_KINDS,
    MANAGER_REMOVE,
    MANAGER_RETURN,
    MOVE,
    OPTION,
    PICK,
    POWER_USED,
    REDLINE,
    TABLES,
    distance,
    free_segment,
    gain_wear,
    name,
    open_segments,
    place_cube,
    placements_in,
    position_order,
    rank,
    start_move,
    successors,
)
from .board import add as _add
from .board import log as _log
from .board import set_ as _set
from .board import total as _sum
from .board import with_ as _with
from .config import ACTION_COLOURS, CUBES, GEARS, GREEN, LIGHTGREY, WEAR, WHITE, config_for

if TYPE_CHECKING:
    from .state import State

#: Every card's effect is built (AU-34..AU-68).
BUILT_CARDS = tuple(cards.START)
hybrid_allowed = cards.hybrid_allowed
transmission_spaces = cards.transmission_spaces

__all__ = ["ALL_GEARS", "BUILT_CARDS", "CREW_CHIEF", "CUBE_WORDS", "MANAGER_REMOVE",
           "MANAGER_RETURN", "MOVE", "apply_id", "current_player", "distance", "legal_ids",
           "name", "placements", "position_order", "race_over", "start", "why_illegal"]


# --- setup ----------------------------------------------------------------------------------------
def start(s: State) -> None:
    """Setup: the starting bags from the stock (AU-10, RA2), then a random card set if asked
    (AU-08) and the random start order (AU-09), drawn at once in a seeded game."""
    cfg = s.cfg
    for p in range(s.players):
        s.bag = _with(s.bag, p, cfg.starting_bag)
        s.stock = tuple(k - b for k, b in zip(s.stock, cfg.starting_bag, strict=True))
    _advance(s)


def _deal(s: State, card: int) -> None:
    """A random card set (AU-08: "oder zufällig"): the card of the next action colour."""
    s.cards += (card,)
    _log(s, ev.CardDealt, card)
    if len(s.cards) == len(ACTION_COLOURS):
        s.phase = "order"


def _place_on_grid(s: State, seat: int) -> None:
    """The next grid position P1, P2, ... goes to ``seat``; its car starts on that start space
    (AU-09, RA3). Once all are placed, buying before the race begins (AU-11)."""
    grid = s.track_spec.start[len(s.order)]
    s.order += (seat,)
    s.car_space = _set(s.car_space, seat, grid.space)
    _log(s, ev.OnGrid, seat, len(s.order) - 1)
    if len(s.order) == s.players:
        if s.drivers:
            s.phase = "drivers"
        else:
            _begin_prebuy(s)


def _begin_prebuy(s: State) -> None:
    """Buying before the race begins with P1 (AU-11)."""
    s.phase, s.buyer, s.money = "prebuy", 0, s.track_spec.start[0].money


def _deal_driver(s: State, driver: int) -> None:
    """Chance: a driver joins those on offer; players + 1 are dealt (AU-24, RA7)."""
    s.pool += (driver,)
    if len(s.pool) == s.players + 1:
        s.phase = "driver"


def driver_chooser(s: State) -> int:
    """Who takes a driver next: the last grid position first, then forward (RA7)."""
    taken = sum(1 for d in s.drivers if d >= 0)
    return s.order[s.players - 1 - taken]


def _take_driver(s: State, driver: int) -> None:
    """Take a driver from those on offer (AU-24, RA7); the last left over is put away, and
    buying before the race begins (AU-11)."""
    seat = driver_chooser(s)
    s.drivers = _set(s.drivers, seat, driver)
    s.pool = tuple(d for d in s.pool if d != driver)
    _log(s, ev.TakeDriver, seat, driver)
    if all(d >= 0 for d in s.drivers):
        s.pool = ()
        _begin_prebuy(s)


# --- who decides, what is legal ---------------------------------------------------------------
#: The phases where chance decides (seeded: drawn from the seed; explicit: a chance node).
_CHANCE_PHASES = frozenset(("cards", "order", "drivers", "draw", "sponsors"))


def current_player(s: State) -> int:
    """Chance while a random card set is dealt (AU-08), the start order is drawn (AU-09) or a
    cube is drawn (AU-19); TERMINAL once the race is over (AU-22); the buyer before the race
    (AU-11); the player a card asks (Boost's other players, AU-62; the cars behind a Crate
    Engine, AU-59); else the seat in turn."""
    if s.phase in _CHANCE_PHASES:
        return CHANCE
    if s.phase == "over":
        return TERMINAL
    if s.phase == "sponsor":
        return sponsors.chooser(s)
    if s.phase == "driver":
        return driver_chooser(s)
    if s.phase == "prebuy":
        return s.order[s.buyer]
    if s.phase == "card" and s.effect[0] in GENERIC_KINDS:
        return s.effect[5]
    return s.mover


def legal_ids(s: State) -> tuple[int, ...]:
    """The legal action ids of the pending decision."""
    phase = s.phase
    # The phases of a turn first: they are nearly every decision of a race.
    if phase == "action":
        seat = s.order[s.turn % s.players]
        active = s.active[seat]
        ids: list[int] = []
        if active[0] or active[1] or active[2] or active[3]:  # a gear cube (GEARS) to play
            # Where each gear colour may go, from one pass over the spaces ahead: the colours
            # of the open ones (``placements`` per colour would walk them once a colour).
            ahead = 0
            spaces_colour = TABLES[s.track].colours
            for b in placements_in(s, ALL_GEARS):
                ahead |= 1 << spaces_colour[b]
            if ahead and s.flags & REDLINE:  # a white cube on any colour open ahead (AU-47)
                ahead |= 1 << WHITE
            ids = [PLAY_IDS[c] for c in GEARS if active[c] and ahead >> c & 1]
        ids += [play for colour, play in _card_plays(s.cards) if active[colour]]
        ids.append(END_ACTIONS)
        if not s.route and not any(s.used[seat]):
            ids.append(PIT_STOP)
        if s.drivers and cards.power_ready(s):
            ids.append(USE_DRIVER)  # the highest id: the list stays in id order (gamecore)
        return tuple(ids)
    if phase == "place":
        return place_ids(s, placements(s, s.playing))
    if phase == "draw":
        bag = s.bag[s.drawing[0][0]]
        return tuple(DRAW_IDS[c] for c in range(len(CUBES)) if bag[c])
    if phase in ("prebuy", "buy"):
        ids = [BUY_IDS[c] for c in affordable(s)]
        ids.append(STOP_BUYING)
        if phase == "buy" and s.drivers and cards.power_ready(s):
            ids.append(USE_DRIVER)  # the highest id: the list stays in id order (gamecore)
        return tuple(ids)
    if phase == "card":
        return _card_legal(s)
    if phase in ("sponsors", "sponsor"):
        return sponsors.legal_ids(s)
    if phase == "cards":
        colour = ACTION_COLOURS[len(s.cards)]
        return tuple(DEAL_IDS[c.index] for c in s.cfg.cards if c.colour == colour)
    if phase == "order":
        return tuple(ORDER_IDS[p] for p in range(s.players) if p not in s.order)
    if phase == "drivers":
        return tuple(DEAL_DRIVER_IDS[d] for d in range(len(s.cfg.drivers))
                     if d not in s.pool)
    if phase == "driver":
        return tuple(TAKE_DRIVER_IDS[d] for d in sorted(s.pool))
    return ()


#: Each card's action colour, by card index.
CARD_COLOURS = tuple(c.colour for c in config_for(2).cards)


@cache
def _card_plays(card_set: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """Per card of a card set, its action colour and the id playing a cube of it (asked at
    every action phase, so kept per set)."""
    return tuple((CARD_COLOURS[c], PLAY_IDS[CARD_COLOURS[c]]) for c in card_set)


def _card_legal(s: State) -> tuple[int, ...]:
    """The choices of the card effect in progress."""
    kind = s.effect[0]
    seat = s.mover
    if kind == MOVE:
        places = place_ids(s, placements_in(s, s.effect[3]))
        # (Weaving's ids lie above STOP_MOVING, the plain ones below: sorted, in id order)
        return tuple(sorted((*places, STOP_MOVING))) if s.effect[4] else places
    if kind == MANAGER_REMOVE:
        return (*(REMOVE_IDS[c] for c in range(len(CUBES)) if s.active[seat][c]), SKIP)
    if kind == MANAGER_RETURN:
        return (*(RETURN_IDS[0][c] for c in range(len(CUBES)) if s.active[seat][c]),
                *(RETURN_IDS[1][c] for c in range(len(CUBES)) if s.discard[seat][c]), SKIP)
    if kind == PICK:
        chooses = tuple(CHOOSE_IDS[p][c] for p, c in cards.pick_choices(s))
        return (SKIP, *chooses) if cards.pick_rule(s).optional else chooses  # SKIP < CHOOSE
    if kind == DRAWS and cards.source_id(s.effect[1]) == "mag_matthews":
        return tuple(DRAW_CUBES_IDS[:cards.mag_most(s)])  # AU-72: how many, before any is seen
    if kind == DRAWS:
        more = s.effect[3] > 0 and cards.can_draw(s, s.effect[5])
        return (SKIP, DRAW_MORE) if more else (SKIP,)
    if kind == OPTION:
        return OPTION_IDS[1], OPTION_IDS[2]
    if kind == BUY_ONE:
        return tuple(BUY_IDS[c] for c in cards.buy_one_choices(s))
    assert kind in (CRATE, DRIVE)
    return tuple(sorted((*place_ids(s, crate_places(s), s.effect[5]), STOP_MOVING)))


def place_ids(s: State, spaces: list[int], seat: int | None = None) -> tuple[int, ...]:
    """The placement ids for ``spaces``: one per space (the cube goes on its furthest free
    segment), with Weaving one per free segment (AU-23)."""
    if not s.weaving:
        return tuple(sorted(PLACE_IDS[b] for b in spaces))
    start = (s.car_space[seat], s.car_seg[seat]) if seat is not None else None
    return tuple(sorted(PLACE_ON_IDS[b][k] for b in spaces
                        for k in open_segments(s, b, seat, start)))


#: Each cube kind that may be bought, with its cost (wear is never bought, AU-15).
_PRICES = tuple((c, cube.cost or 0) for c, cube in enumerate(config_for(2).cubes) if c != WEAR)


def affordable(s: State) -> list[int]:
    """The cubes the buyer can buy: their cost within the money left and the stock not empty
    (AU-11, AU-14, AU-15, RA2; wear is never bought)."""
    money, stock = s.money, s.stock
    return [c for c, cost in _PRICES if stock[c] and cost <= money]


def placements(s: State, cube: int) -> list[int]:
    """The spaces a gear cube of colour ``cube`` may go on (AU-12, AU-29..AU-32): a space of its
    colour directly or diagonally ahead of the car's space or of the last cube placed this turn
    (RA3), with a free segment (one car per segment). With Redline a white cube may go on a
    space of any colour (AU-47)."""
    if cube == WHITE and s.flags & REDLINE:
        return placements_in(s, ALL_GEARS)
    return placements_in(s, 1 << cube)


def crate_places(s: State) -> list[int]:
    """Where a car moving itself may go next (a Crate Engine's car behind, AU-59: any colour;
    Josh Trin's light grey, AU-69; Juan Goody's any colour, AU-74): a space of the allowed
    colours directly or diagonally ahead of it (AU-12, RA3) with a segment no other car
    stands on."""
    seat = s.effect[5]
    mask = s.effect[2] if s.effect[0] == DRIVE else ALL_GEARS
    start = s.car_space[seat], s.car_seg[seat]
    return [b for b, _ in successors(s, *start) if mask >> s.track_spec.spaces[b].colour & 1
            and open_segments(s, b, seat, start)]


# --- applying an action -------------------------------------------------------------------------
def apply_id(s: State, aid: int) -> None:
    """Apply a legal action id, then resolve everything automatic (``_advance``)."""
    _apply(s, ACTIONS[aid])
    _advance(s)


def _apply(s: State, action: Any) -> None:
    if s.phase in ("sponsors", "sponsor"):
        sponsors.apply(s, action)
        return
    # One dict look-up by the action's class instead of a chain of isinstance tests (the
    # action classes have no subclasses, so the class names the branch exactly).
    handler = _HANDLERS.get(type(action))
    if handler is not None:
        handler(s, action)


def _use_driver(s: State, action: Any) -> None:
    s.flags |= POWER_USED | (BUYING if s.phase == "buy" else 0)
    cards.power(s)


def _buy_action(s: State, action: Any) -> None:
    if s.phase == "card":
        cards.buy_one(s, action.cube)
    else:
        _buy(s, action.cube)


def _play_action(s: State, action: Any) -> None:
    if action.cube in GEARS:
        _play(s, action.cube)
    else:
        _play_card(s, action.cube)


def _place_action(s: State, action: Any) -> None:
    seg = action.segment if isinstance(action, PlaceOn) else None
    if s.phase != "card":
        _place(s, action.space, seg)
    elif s.effect[0] in (CRATE, DRIVE):
        _crate_step(s, action.space, seg)
    else:
        _card_step(s, action.space, seg)


def _stop_moving(s: State, action: Any) -> None:
    if s.effect[0] == CRATE:
        _crate_next(s)
    elif s.effect[0] == DRIVE:
        _drive_done(s)
    else:
        _end_effect(s)


def _skip(s: State, action: Any) -> None:
    if s.effect[0] in (MANAGER_REMOVE, MANAGER_RETURN):
        _manager_choice(s, action)
    else:
        cards.skip(s)


_HANDLERS: dict[type, Any] = {
    Deal: lambda s, a: _deal(s, a.card),
    DealDriver: lambda s, a: _deal_driver(s, a.driver),
    TakeDriver: lambda s, a: _take_driver(s, a.driver),
    UseDriver: _use_driver,
    Order: lambda s, a: _place_on_grid(s, a.seat),
    Draw: lambda s, a: _draw_cube(s, a.cube),
    Buy: _buy_action,
    StopBuying: lambda s, a: _stop_buying(s),
    Play: _play_action,
    Place: _place_action,
    PlaceOn: _place_action,
    StopMoving: _stop_moving,
    Remove: lambda s, a: _manager_choice(s, a),
    Return: lambda s, a: _manager_choice(s, a),
    Skip: _skip,
    Choose: lambda s, a: cards.choose(s, a.pile, a.cube),
    Option: lambda s, a: cards.option(s, a.k),
    DrawMore: lambda s, a: cards.draw_more(s),
    DrawCubes: lambda s, a: cards.draw_at_once(s, a.n),
    EndActions: lambda s, a: _end_actions(s),
    PitStop: lambda s, a: _pit_stop(s),
}


def _advance(s: State) -> None:
    """Resolve what is automatic until a real decision, a chance node or the end: seeded chance,
    the bag refilled (AU-19), a card's step with nothing left to do (RA5), and a decision with
    one legal option (taken and logged)."""
    while True:
        phase = s.phase  # read once: nothing below changes it before ``legal_ids``
        if phase == "draw":
            _refill(s)
            if s.phase != "draw":
                continue
            if s.seed is not None:
                _seeded_draw(s)
                continue
        elif phase == "card":
            if s.effect[0] == MOVE and (not s.effect[2] or not placements_in(s, s.effect[3])):
                _end_effect(s)  # moved all its spaces, or none ahead: as far as possible (RA5)
                continue
        elif phase == "sponsor":  # the break between races
            if sponsors.step(s):
                continue
            if sponsors.done(s):
                _begin_race(s, list(s.order))
                continue
        s.legal = legal_ids(s)
        if phase == "card" and not s.legal:
            cards.exhausted(s)
            continue
        if phase in _CHANCE_PHASES:
            if s.seed is None and len(s.legal) > 1:
                return
            if len(s.legal) == 1:
                _apply(s, ACTIONS[s.legal[0]])
            else:
                _apply(s, ACTIONS[s.legal[draw(s.seed or 0, s.draws, len(s.legal))]])
                s.draws += 1
            continue
        if len(s.legal) == 1:
            _apply(s, ACTIONS[s.legal[0]])
            continue
        return


def _seeded_draw(s: State) -> None:
    """A seeded game draws the drawing seat's cubes from the seed: each colour with
    probability count / bag size (AU-19; the same law as the explicit chance outcomes), the
    discard back into an empty bag (AU-19); a bag of one colour is certain and takes no draw
    from the seed. A card's draws go one at a time (its effect looks at each cube)."""
    seat, left = s.drawing[0]
    if s.effect:
        one = s.bag[seat]
        colours = [c for c, k in enumerate(one) if k]
        cube = colours[0] if len(colours) == 1 else weighted_draw(s.seed or 0, s.draws, one)
        s.draws += int(len(colours) > 1)
        _draw_cube(s, cube)
        return
    bag, active, discard = list(s.bag[seat]), list(s.active[seat]), s.discard[seat]
    # The bag's size and its number of colours are kept as the cubes leave, and each draw is
    # ``weighted_draw``'s (one ``draw`` over the size, the colours walked in order) done in
    # place, so no list of colours or sum is rebuilt for every cube.
    seed, draws = s.seed or 0, s.draws
    size, kinds = sum(bag), len(bag) - bag.count(0)
    while left:
        if not size:
            if not any(discard):
                break
            bag, discard = list(discard), (0,) * len(CUBES)
            size, kinds = sum(bag), len(bag) - bag.count(0)
            _log(s, ev.Refill, seat)
        if kinds == 1:
            cube = next(c for c, k in enumerate(bag) if k)
        else:
            r = draw(seed, draws, size)
            draws += 1
            cube = 0
            while r >= bag[cube]:
                r -= bag[cube]
                cube += 1
        bag[cube] -= 1
        if not bag[cube]:
            kinds -= 1
        size -= 1
        active[cube] += 1
        left -= 1
    s.draws = draws
    s.bag = _with(s.bag, seat, tuple(bag))
    s.active = _with(s.active, seat, tuple(active))
    s.discard = _with(s.discard, seat, discard)
    s.drawing = ((seat, left), *s.drawing[1:])


def _buy(s: State, cube: int) -> None:
    """Buy one cube: pay its cost from the money left, take it from the stock (AU-14, AU-15).
    Before the race it goes into the bag (AU-11, engine decision); in a turn to the used pile
    (RA5)."""
    cost = s.cfg.cubes[cube].cost or 0
    s.money -= cost
    s.stock = _add(s.stock, cube, -1)
    if s.phase == "prebuy":
        seat = s.order[s.buyer]
        s.bag = _with(s.bag, seat, _add(s.bag[seat], cube, 1))
    else:
        seat = s.mover
        s.used = _with(s.used, seat, _add(s.used[seat], cube, 1))
    _log(s, ev.BuyCube, seat, cube, cost)


def _stop_buying(s: State) -> None:
    """Stop buying: the money left is lost (AU-11, AU-14). Before the race the next grid
    position buys; after the last, every player draws his first 7 in turn order (AU-12). In a
    turn the car, wear and end phases follow (AU-16..AU-19); with Adrenaline's second option
    the green cube first moves 2 light-grey spaces for each position the car phase gained
    (AU-66)."""
    seat = current_player(s)
    if s.money:
        _log(s, ev.Unspent, seat, s.money)
    s.money = 0
    if s.phase == "prebuy":
        s.buyer += 1
        if s.buyer < s.players:
            s.money = s.track_spec.start[s.buyer].money
            return
        s.phase, s.drawing = "draw", tuple((p, s.cfg.draw) for p in s.order)
        return
    # The positions gained matter only to Adrenaline: rank the cars only then.
    adrenaline = s.flags & ADRENALINE
    before = rank(s, seat) if adrenaline else 0
    _car_phase(s)
    gained = before - rank(s, seat) if adrenaline else 0
    if adrenaline and gained > 0:
        _log(s, ev.Adrenaline, seat, gained)
        s.flags |= CAR_PHASE
        start_move(s, GREEN, 2 * gained, 1 << LIGHTGREY, optional=True, same=False)
        if s.phase == "card":
            return
        s.flags &= ~CAR_PHASE
    _after_car(s)


def _after_car(s: State) -> None:
    """After the car phase: Juan Goody may move 1 more space of any colour, counted by the wear
    phase (AU-74); then the wear phase and the rest of the turn (``_after_move``)."""
    if s.drivers and s.drivers[s.mover] == cards.JUAN:
        s.effect = (DRIVE, cards.driver_source(cards.JUAN), ALL_GEARS, 1, 1, s.mover)
        s.phase = "card"
        return
    _after_move(s)


def _after_move(s: State) -> None:
    """The wear phase (AU-17); then Josh Trin may move up to 1 light-grey space per wear
    gained in it (AU-69); then the end phase."""
    s.gained = _wear_phase(s)
    if s.drivers and s.drivers[s.mover] == cards.JOSH and s.gained:
        _log(s, ev.JoshTrin, s.mover, s.gained)
        s.effect = (DRIVE, cards.driver_source(cards.JOSH), 1 << LIGHTGREY, s.gained, 0,
                    s.mover)
        s.phase = "card"
        return
    _end_phase(s)


def _drive_done(s: State) -> None:
    """A driver's own move is over: Juan Goody's goes on to the wear phase, Josh Trin's to the
    end phase."""
    then = s.effect[4]
    s.effect = ()
    if then:
        _after_move(s)
    else:
        _end_phase(s)


def _play(s: State, cube: int) -> None:
    """Play one gear cube: it leaves the active pile for the used pile and waits to be placed
    (AU-12)."""
    seat = s.mover
    s.active = _with(s.active, seat, _add(s.active[seat], cube, -1))
    s.used = _with(s.used, seat, _add(s.used[seat], cube, 1))
    s.playing, s.phase = cube, "place"


def _place(s: State, space: int, seg: int | None = None) -> None:
    """Put the played gear cube on ``space``, on its furthest free segment (AU-12, AU-23); the
    cube's laps count the start/finish line crossed on the way (RA3, RA4). A white cube on
    another colour under Redline gains 1 wear (AU-47); under Fuel Injection the cube moves a
    second space of the same colour, "may" (AU-60; with Redline the colour chosen)."""
    cube, colour = s.playing, s.track_spec.spaces[space].colour
    place_cube(s, cube, space, seg)
    s.playing, s.phase = -1, "action"
    if cube == WHITE and colour != WHITE:
        _log(s, ev.Redline, s.mover, colour)
        gain_wear(s, 1)
    if s.flags & FUEL:
        start_move(s, cube, 1, 1 << colour, optional=True, same=False)


def _end_actions(s: State) -> None:
    """End the action phase: the buy phase's money is the value of every cube left in the active
    pile (AU-14)."""
    cubes = s.cfg.cubes
    s.money = sum(cubes[c].value * k for c, k in enumerate(s.active[s.mover]))
    s.phase = "buy"


def _pit_stop(s: State) -> None:
    """Pit stop (AU-13): no action, buy or car phase; every wear cube of the active pile goes
    back to the stock, the rest of the active pile to the discard; the end phase follows
    (RA5)."""
    seat = s.mover
    active = s.active[seat]
    s.stock = _add(s.stock, WEAR, active[WEAR])
    s.discard = _with(s.discard, seat, _sum(s.discard[seat], _add(active, WEAR, -active[WEAR])))
    s.active = _with(s.active, seat, (0,) * len(CUBES))
    _log(s, ev.PitStop, seat, active[WEAR])
    _end_phase(s)


def _car_phase(s: State) -> None:
    """Car phase (AU-16): the car moves to the segment of the last cube placed, if any."""
    if not s.route:
        return
    seat = s.mover
    _, space, seg, laps = s.route[-1]
    crossed = laps - s.car_laps[seat]
    s.car_space = _set(s.car_space, seat, space)
    s.car_seg = _set(s.car_seg, seat, seg)
    s.car_laps = _set(s.car_laps, seat, laps)
    _log(s, ev.CarMoves, seat, len(s.route), space, bool(crossed), laps)


def movement_wear(s: State) -> int:
    """The wear the mover's movement earns this turn (AU-17): by the darkest space its route
    entered, white 1 .. black 4; none without a move, none when drafting (AU-18) or counting
    as drafting (Aerodynamics, AU-41)."""
    if not (s.route or s.flags & DROVE) or s.flags & AERO or drafting(s, s.mover):
        return 0
    spaces = [space for _, space, _, _ in s.route]
    if s.flags & DROVE:
        spaces.append(s.car_space[s.mover])  # Juan Goody's space (AU-74)
    darkest = max(s.track_spec.spaces[space].colour for space in spaces)
    return s.cfg.wear_by_space[darkest]


def drafting(s: State, seat: int) -> bool:
    """The car of ``seat`` stands directly behind another car (AU-18): a car on the segment
    directly ahead in its own space (the seed's "oder Segment"), or on any segment of the next
    space ahead in its lane (RA5)."""
    track = s.track_spec
    space, seg = s.car_space[seat], s.car_seg[seat]
    ahead = track.lane_next[space]
    for p in range(s.players):
        if p == seat:
            continue
        if s.car_space[p] == ahead or (s.car_space[p] == space and s.car_seg[p] == seg + 1):
            return True
    return False


def _wear_phase(s: State) -> int:
    """Wear phase (AU-17, AU-18, AU-41): gain the movement's wear from the stock onto the used
    pile (AU-33); wear the stock no longer holds is skipped (RA2). The wear gained."""
    wanted = movement_wear(s)
    moved = s.route or s.flags & DROVE
    if moved and s.flags & AERO:
        _log(s, ev.AeroDraft, s.mover)
    elif moved and drafting(s, s.mover):
        _log(s, ev.Drafts, s.mover)
    return gain_wear(s, wanted)


def _end_phase(s: State) -> None:
    """End phase (AU-19): every cube of the sheet and the track goes to the discard; after a
    Crate Engine the cars behind move (AU-59); then 7 are drawn for the next turn, unless the
    race ends with this turn (AU-21, AU-22, RA6)."""
    seat = s.mover
    s.discard = _with(s.discard, seat, _sum(s.discard[seat], s.used[seat], s.active[seat]))
    none = (0,) * len(CUBES)
    s.used = _with(s.used, seat, none)
    s.active = _with(s.active, seat, none)
    s.route = ()
    s.turn += 1
    crate, s.crate, s.flags = s.crate, 0, 0
    if crate:
        order = position_order(s)
        behind = order[order.index(seat) + 1:]
        if behind:
            card = next(c for c in s.cards if s.cfg.cards[c].id == "crate_engine")
            todo = sum(1 << p for p in behind)
            s.effect, s.phase = (CRATE, card, todo, crate, crate, behind[0]), "card"
            _log(s, ev.CrateEngine, seat, crate)
            return
    _finish_end_phase(s, seat)


def _finish_end_phase(s: State, seat: int) -> None:
    """The end phase's draw of 7, unless the race ends with this turn (AU-19, AU-22); before
    it Micah Conner may remove up to 3 wear of his sheet (AU-76; by now all of it is in the
    discard); after it the drivers' powers of the end phase (``cards.end_draw``)."""
    gained, s.gained = s.gained, 0
    if race_over(s):
        _end_race(s)
        return
    if s.drivers and s.drivers[seat] == cards.MICAH and s.discard[seat][WEAR]:
        s.effect = (PICK, cards.driver_source(cards.MICAH), 0, 3, 0, seat)
        s.phase = "card"
        return
    cards.end_draw(s, seat, gained)


def _crate_step(s: State, space: int, seg: int | None = None) -> None:
    """A car moving itself one space, onto the furthest free segment (AU-23) or the one chosen
    with Weaving; its laps count the line crossed: Crate Engine's car behind, out of turn and
    without wear (AU-59); Josh Trin's car (AU-69) or Juan Goody's (AU-74, the wear phase
    counts its space)."""
    kind, card, todo, left, k, seat = s.effect
    wraps = dict(successors(s, s.car_space[seat], s.car_seg[seat]))[space]
    s.car_seg = _set(s.car_seg, seat, free_segment(s, space, seat) if seg is None else seg)
    s.car_space = _set(s.car_space, seat, space)
    s.car_laps = _set(s.car_laps, seat, s.car_laps[seat] + wraps)
    _log(s, ev.FollowMove, seat, space, card, kind == CRATE)
    s.effect = (kind, card, todo, left - 1, k, seat)
    if kind == DRIVE:
        s.flags |= DROVE if k else 0
        if left - 1 <= 0 or not crate_places(s):
            _drive_done(s)
        return
    if left - 1 <= 0 or not crate_places(s):
        _crate_next(s)


def _crate_next(s: State) -> None:
    """The next car behind moves (AU-59): the players behind the Crate Engine's owner after
    his end phase, in position order recomputed after every move (RA4), each all his spaces
    before the next; then the end phase's draw."""
    kind, card, todo, _, k, seat = s.effect
    todo &= ~(1 << seat)
    waiting = [p for p in position_order(s) if todo >> p & 1]
    if waiting:
        s.effect = (kind, card, todo, k, k, waiting[0])
        return
    s.effect = ()
    _finish_end_phase(s, s.order[(s.turn - 1) % s.players])


def _end_race(s: State) -> None:
    """The race is over (AU-22). In a season each place scores its points (AU-25, RA7: 10, 6,
    4, 2, 1) and, unless this was the last race, the next race begins (``_next_race``)."""
    _log(s, ev.RaceOver, s.turn // s.players)
    if s.races == 1:
        s.phase = "over"
        return
    order = position_order(s)
    points = s.cfg.points
    for place, seat in enumerate(order):
        s.points = _set(s.points, seat, s.points[seat] + points[place])
    _log(s, ev.RacePoints, s.race + 1, s.races, tuple(order), tuple(points[:len(order)]),
         tuple(s.points))
    if s.race + 1 == s.races:
        s.phase = "over"
        return
    _next_race(s, order)


def _next_race(s: State, order: list[int]) -> None:
    """The next race of the season: every cube of a player back into his bag (engine
    decision), the cars on the grid by the last race's result, its winner on P1 (AU-27, RA7);
    with sponsors, first the break in which each player chooses his sponsor in that order
    (AU-26, ``sponsors``), then ``_begin_race``."""
    s.order = tuple(order)
    none = (0,) * len(CUBES)
    for seat in range(s.players):
        s.bag = _with(s.bag, seat, _sum(s.bag[seat], s.active[seat], s.used[seat],
                                        s.discard[seat]))
        s.active, s.used = _with(s.active, seat, none), _with(s.used, seat, none)
        s.discard = _with(s.discard, seat, none)
    for k, seat in enumerate(order):
        s.car_space = _set(s.car_space, seat, s.track_spec.start[k].space)
        s.car_seg, s.car_laps = _set(s.car_seg, seat, 0), _set(s.car_laps, seat, 0)
    s.turn, s.route, s.effect, s.flags, s.crate, s.gained = 0, (), (), 0, 0, 0
    if s.sponsored:
        sponsors.begin(s)
        return
    _begin_race(s, order)


def _begin_race(s: State, order: list[int]) -> None:
    """The next race begins on the grid ``order`` (AU-27), turn order the grid's (AU-09); no
    buying before it (AU-28); the stock is not refilled (RA7). Engine decisions: each player
    draws 7 in grid order; the drivers stay (AU-24); the sponsors on offer are put back."""
    s.race += 1
    s.order, s.offer, s.buyer, s.money, s.effect = tuple(order), (), s.players, 0, ()
    _log(s, ev.RaceBegins, s.race + 1, s.races, tuple(order))
    s.phase, s.drawing = "draw", tuple((p, s.cfg.draw) for p in s.order)


def race_over(s: State) -> bool:
    """The race ends when a car has finished its laps and every player has had the same number
    of turns (AU-21, AU-22, RA6)."""
    return s.turn % s.players == 0 and any(finished(s, p) for p in range(s.players))


def finished(s: State, seat: int) -> bool:
    """The car of ``seat`` has crossed the line on its last lap (AU-20)."""
    return s.car_laps[seat] >= s.laps


def _refill(s: State) -> None:
    """Before a cube is drawn: a seat done drawing leaves the queue; an empty bag takes the
    whole discard back (AU-19; engine decision: for a card's draws too); with both empty the
    seat draws what there was (RA5). The queue done, the action phase begins or goes on, or the
    card that drew goes on (Crew Chief draws again after a wear cube, AU-48)."""
    while True:
        while s.drawing:
            seat, left = s.drawing[0]
            if left and not any(s.bag[seat]) and any(s.discard[seat]):
                s.bag = _with(s.bag, seat, s.discard[seat])
                s.discard = _with(s.discard, seat, (0,) * len(CUBES))
                _log(s, ev.Refill, seat)
            if left and any(s.bag[seat]):
                return
            s.drawing = s.drawing[1:]
        if s.effect[:2] == (CREW_CHIEF, WEAR):
            s.drawing, s.effect = ((s.mover, 1),), (CREW_CHIEF, -1)
            continue
        if s.effect and s.effect[0] in GENERIC_KINDS:
            cards.after_draw(s)
            if s.drawing:
                continue
            return
        break
    if s.effect[:1] == (CREW_CHIEF,):
        cards.crew_chief_clean(s)
    s.phase = "action"


def _draw_cube(s: State, cube: int) -> None:
    """Draw one cube of colour ``cube`` from the bag onto the active pile (AU-12, AU-19)."""
    seat, left = s.drawing[0]
    s.bag = _with(s.bag, seat, _add(s.bag[seat], cube, -1))
    s.active = _with(s.active, seat, _add(s.active[seat], cube, 1))
    s.drawing = ((seat, left - 1), *s.drawing[1:])
    if s.effect[:1] == (CREW_CHIEF,):
        s.effect = (CREW_CHIEF, cube)
        _log(s, ev.DrawCube, seat, cube)
    elif s.effect and s.effect[0] in GENERIC_KINDS:
        cards.on_drawn(s, cube)


# --- the cards' cubes -----------------------------------------------------------------------------
def _card_of(s: State, colour: int) -> int:
    """The index of the card in play for action colour ``colour`` (AU-08)."""
    return next(c for c in s.cards if s.cfg.cards[c].colour == colour)


def effect_card(s: State) -> int:
    """The index of the card whose effect is in progress (Fuel Injection for a gear's second
    space, Adrenaline for the car phase's move)."""
    e = s.effect
    if e[0] in GENERIC_KINDS:
        return e[1]
    if e[0] == MOVE:
        if e[1] in GEARS:
            return next(c for c in s.cards if s.cfg.cards[c].id == "fuel_injection")
        return _card_of(s, e[1])
    return _card_of(s, ACTION_COLOURS[0] if e[0] != CREW_CHIEF else ACTION_COLOURS[2])


def _play_card(s: State, colour: int) -> None:
    """Play an action cube: it goes from the active pile to the used pile (AU-12), its card's
    wear is gained from the stock (AU-33, RA2) and its effect begins (``cards.play``)."""
    seat = s.mover
    index = _card_of(s, colour)
    card = s.cfg.cards[index]
    s.active = _with(s.active, seat, _add(s.active[seat], colour, -1))
    s.used = _with(s.used, seat, _add(s.used[seat], colour, 1))
    gained = gain_wear(s, card.wear, quiet=True)
    _log(s, ev.PlayCard, seat, index, *cards.card_numbers(s, index), gained)
    cards.play(s, index)


def _card_step(s: State, space: int, seg: int | None = None) -> None:
    """One step of a card's cube onto ``space`` (its furthest free segment, AU-23); the car's
    route passes through it (AU-16, AU-17)."""
    _, cube, left, mask, optional, same = s.effect
    place_cube(s, cube, space, seg)
    if same:
        mask = 1 << s.track_spec.spaces[space].colour
    s.effect = (MOVE, cube, left - 1, mask, optional, same)


def _end_effect(s: State) -> None:
    """A card's cube has moved: back to the action phase; Adrenaline's move in the car phase
    (AU-66) takes the car on to its last space, then the wear and end phases follow."""
    s.effect, s.phase = (), "action"
    if s.flags & CAR_PHASE:
        s.flags &= ~CAR_PHASE
        _car_phase(s)
        _after_car(s)


def _manager_choice(s: State, action: Any) -> None:
    """Manager's two choices (AU-36): a cube of the active pile to the stock, then a cube of
    the active pile or discard back into the bag; either skipped."""
    seat = s.mover
    if isinstance(action, Remove):
        s.active = _with(s.active, seat, _add(s.active[seat], action.cube, -1))
        s.stock = _add(s.stock, action.cube, 1)
        _log(s, ev.RemoveCube, seat, action.cube)
    elif isinstance(action, Return):
        pile = s.active if action.pile == 0 else s.discard
        pile = _with(pile, seat, _add(pile[seat], action.cube, -1))
        if action.pile == 0:
            s.active = pile
        else:
            s.discard = pile
        s.bag = _with(s.bag, seat, _add(s.bag[seat], action.cube, 1))
        _log(s, ev.ReturnCube, seat, action.cube)
    if s.effect[0] == MANAGER_REMOVE:
        s.effect = (MANAGER_RETURN,)
    else:
        s.effect, s.phase = (), "action"


# --- why an action is not legal -------------------------------------------------------------------
def why_illegal(s: State, action: Any) -> IllegalActionError:
    """The error naming the rule that forbids ``action`` (not legal in ``s``)."""
    if s.phase == "over":
        return IllegalActionError(f"{action} is not legal: the race is over", "AU-22")
    if s.phase in ("sponsors", "sponsor"):
        rule = sponsors.spec(s.effect[1]).rule if s.effect and s.effect[0] else "AU-26"
        return IllegalActionError(f"{action} is not legal: {sponsors.why_illegal(s, action)}",
                                  rule + (", RA7" if rule == "AU-26" else ""))
    if isinstance(action, TakeSponsor | KeepSponsor | DiscardSponsor | Take):
        return IllegalActionError(f"{action} is not legal: sponsors are chosen between the "
                                  "races of a season with sponsors", "AU-26, AU-82")
    if action.chance:
        rule = {Order: "AU-09", Deal: "AU-08", DealDriver: "AU-24",
                DealSponsor: "AU-26"}.get(type(action), "AU-19")
        return IllegalActionError(f"{action} is chance's outcome, not a player's choice", rule)
    if s.phase in ("cards", "order", "drivers", "draw"):
        return IllegalActionError(f"{action} is not legal: chance is drawing",
                                  "AU-08, AU-09, AU-19")
    if s.phase == "driver" or isinstance(action, TakeDriver):
        return IllegalActionError(f"{action} is not legal: "
                                  + ("take a driver on offer" if s.phase == "driver"
                                     else "the drivers are taken before the race"), "AU-24")
    if isinstance(action, UseDriver):
        return IllegalActionError("use driver is not legal: no driver's power to use now (once "
                                  "a turn)", "AU-69..AU-78")
    if s.phase == "card":
        return _why_not_card(s, action)
    if isinstance(action, Buy | StopBuying):
        return _why_not_buy(s, action)
    if s.phase in ("prebuy", "buy"):
        return IllegalActionError(f"{action} is not legal: it is the buy phase", "AU-11, AU-14")
    if isinstance(action, Place | PlaceOn):
        if s.phase != "place":
            return IllegalActionError(f"{action} is not legal: play a gear cube first", "AU-12")
        return IllegalActionError(
            f"{action} is not legal: space {action.space} is no free {CUBE_WORDS[s.playing]} "
            "space directly or diagonally ahead of the car or the last cube", "AU-12, RA3")
    if s.phase == "place":
        return IllegalActionError(f"{action} is not legal: place the "
                                  f"{CUBE_WORDS[s.playing]} cube first", "AU-12")
    if isinstance(action, Remove | Return | Skip | StopMoving | Choose | Option | DrawMore
                  | DrawCubes):
        return IllegalActionError(f"{action} is not legal: no card effect is in progress",
                                  "AU-12")
    if isinstance(action, PitStop):
        return IllegalActionError("pit stop is not legal: cubes were played this turn", "AU-13")
    assert isinstance(action, Play)
    if not s.active[s.mover][action.cube]:
        return IllegalActionError(f"{action} is not legal: no {CUBE_WORDS[action.cube]} cube "
                                  "in the active pile", "AU-12")
    return IllegalActionError(f"{action} is not legal: no free {CUBE_WORDS[action.cube]} space "
                              "directly or diagonally ahead", "AU-12, RA3")


#: What each kind of card effect asks, for the error of an action that is not among its choices.
_ASKS = {MOVE: "a space ahead of the allowed colour for its cube",
         MANAGER_REMOVE: "which cube to remove", MANAGER_RETURN: "which cube to return",
         PICK: "which cube to choose", DRAWS: "whether to draw one more",
         OPTION: "which option", BUY_ONE: "which cube to buy with its money",
         CRATE: "a space ahead for the car behind", DRIVE: "a space ahead for the car"}


def _why_not_card(s: State, action: Any) -> IllegalActionError:
    source = effect_card(s)
    if source >= len(s.cfg.cards):  # a driver's power
        d = source - len(s.cfg.cards)
        asks = _ASKS[s.effect[0]]
        if s.effect[0] == DRAWS and d == cards.MAG:
            asks = f"how many cubes, 1 to {cards.mag_most(s)}, to draw at once"
        return IllegalActionError(f"{action} is not legal: {s.cfg.drivers[d]} asks {asks}",
                                  f"AU-{69 + d}")
    card = s.cfg.cards[source]
    kind = s.effect[0]
    asks = _ASKS[kind]
    if kind == MOVE:
        return IllegalActionError(
            f"{action} is not legal: {card.en}'s cube goes on a space ahead of the allowed "
            "colour" + (" or stops" if s.effect[4] else ""), card.rule)
    if kind in (CRATE, DRIVE):
        asks += " or to stop"
    if kind == PICK and cards.pick_rule(s).optional:
        asks += " or to skip"
    return IllegalActionError(f"{action} is not legal: {card.en} asks {asks}", card.rule)


def _why_not_buy(s: State, action: Any) -> IllegalActionError:
    if s.phase not in ("prebuy", "buy"):
        return IllegalActionError(f"{action} is not legal: not in a buy phase", "AU-11, AU-14")
    cube = action.cube
    if not s.stock[cube]:
        return IllegalActionError(f"{action} is not legal: the stock has no "
                                  f"{CUBE_WORDS[cube]} cube", "AU-15, RA2")
    cost = s.cfg.cubes[cube].cost
    return IllegalActionError(f"{action} is not legal: it costs ${cost}, ${s.money} left",
                              "AU-14")
