"""Automobiles' rules: setup, the turn and the end of the race (AU-09..AU-22, AU-29..AU-33).

Every rule is here and nowhere else; ``state`` holds the data. One legal-move function
(``legal_ids``) and one apply function (``apply_id``), each decision atomic; ``advance`` then
resolves everything automatic until the next real decision: seeded chance (the start order and
every cube drawn, from ``gamecore.chance`` draws counted in ``draws``), a decision with exactly
one legal option (taken at once and logged), the car, wear and end phases, the next turn and
the end of the race. In an explicit-chance game the state stops at each chance decision
instead: the outcomes of a draw are the colours in the bag with probability count / size.

The cards of the standard set are built (Manager AU-36, Suspension AU-43, Crew Chief AU-48,
Hybrid Engine AU-56, Transmission AU-63): playing a card's cube gains its wear and starts its
effect, held in ``state.effect`` as the pending decision (STYLE 8). The other 30 cards' effects
are not built: a game with them cannot be made (``BUILT_CARDS``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gamecore.chance import CHANCE, TERMINAL, draw, weighted_draw
from gamecore.errors import IllegalActionError

from .actions import (
    ACTIONS,
    BUY_IDS,
    DRAW_IDS,
    END_ACTIONS,
    ORDER_IDS,
    PIT_STOP,
    PLACE_IDS,
    PLAY_IDS,
    REMOVE_IDS,
    RETURN_IDS,
    SKIP,
    STOP_BUYING,
    STOP_MOVING,
    Buy,
    Draw,
    EndActions,
    Order,
    PitStop,
    Place,
    Play,
    Remove,
    Return,
    Skip,
    StopBuying,
    StopMoving,
)
from .config import BLUE, CUBES, GEARS, GREEN, LIGHTGREY, RED, WEAR, config

if TYPE_CHECKING:
    from .state import Counts, State

#: The kinds of card effect in progress (``state.effect[0]``): a card's cube moving space by
#: space ``(MOVE, cube, steps left, colour mask, optional, same colour)``; Manager's two choices;
#: Crew Chief's draws ``(CREW_CHIEF, the cube just drawn or -1)``.
MOVE, MANAGER_REMOVE, MANAGER_RETURN, CREW_CHIEF = range(4)
#: The cards whose effects are built (the standard set, RA1).
BUILT_CARDS = ("manager", "suspension", "crew_chief", "hybrid_engine", "transmission")
ALL_GEARS = 0b1111

#: Cube names in the log.
CUBE_WORDS = ("white", "light-grey", "dark-grey", "black", "wear", "yellow", "red", "purple",
              "blue", "green")


# --- setup ----------------------------------------------------------------------------------------
def start(s: State) -> None:
    """Setup: the starting bags from the stock (AU-10, RA2), then the random start order
    (AU-09), drawn at once in a seeded game."""
    cfg = config()
    for p in range(s.players):
        s.bag = _with(s.bag, p, cfg.starting_bag)
        s.stock = tuple(k - b for k, b in zip(s.stock, cfg.starting_bag, strict=True))
    _advance(s)


def _place_on_grid(s: State, seat: int) -> None:
    """The next grid position P1, P2, ... goes to ``seat``; its car starts on that start space
    (AU-09, RA3). Once all are placed, buying before the race begins (AU-11)."""
    grid = s.track_spec.start[len(s.order)]
    s.order += (seat,)
    s.car_space = _set(s.car_space, seat, grid.space)
    _log(s, f"{name(seat)} starts on {grid.name} with ${grid.money}")
    if len(s.order) == s.players:
        s.phase, s.buyer, s.money = "prebuy", 0, s.track_spec.start[0].money


# --- who decides, what is legal ---------------------------------------------------------------
def current_player(s: State) -> int:
    """Chance while the start order is drawn (AU-09) or a cube is drawn (AU-19); TERMINAL once
    the race is over (AU-22); the buyer before the race (AU-11); else the seat in turn."""
    if s.phase in ("order", "draw"):
        return CHANCE
    if s.phase == "over":
        return TERMINAL
    if s.phase == "prebuy":
        return s.order[s.buyer]
    return s.mover


def legal_ids(s: State) -> tuple[int, ...]:
    """The legal action ids of the pending decision."""
    phase = s.phase
    if phase == "order":
        return tuple(ORDER_IDS[p] for p in range(s.players) if p not in s.order)
    if phase == "draw":
        bag = s.bag[s.drawing[0][0]]
        return tuple(DRAW_IDS[c] for c in range(len(CUBES)) if bag[c])
    if phase in ("prebuy", "buy"):
        return (*(BUY_IDS[c] for c in affordable(s)), STOP_BUYING)
    if phase == "action":
        active = s.active[s.mover]
        plays = tuple(PLAY_IDS[c] for c in GEARS if active[c] and placements(s, c))
        cards = tuple(PLAY_IDS[config().cards[card].colour] for card in s.cards
                      if active[config().cards[card].colour])
        played = s.route or any(s.used[s.mover])
        return (*plays, *cards, END_ACTIONS, *((PIT_STOP,) if not played else ()))
    if phase == "place":
        return tuple(sorted(PLACE_IDS[b] for b in placements(s, s.playing)))
    if phase == "card":
        return _card_legal(s)
    return ()


def _card_legal(s: State) -> tuple[int, ...]:
    """The choices of the card effect in progress."""
    kind = s.effect[0]
    seat = s.mover
    if kind == MOVE:
        places = tuple(sorted(PLACE_IDS[b] for b in placements_in(s, s.effect[3])))
        return (*places, STOP_MOVING) if s.effect[4] else places
    if kind == MANAGER_REMOVE:
        return (*(REMOVE_IDS[c] for c in range(len(CUBES)) if s.active[seat][c]), SKIP)
    return (*(RETURN_IDS[0][c] for c in range(len(CUBES)) if s.active[seat][c]),
            *(RETURN_IDS[1][c] for c in range(len(CUBES)) if s.discard[seat][c]), SKIP)


def affordable(s: State) -> list[int]:
    """The cubes the buyer can buy: their cost within the money left and the stock not empty
    (AU-11, AU-14, AU-15, RA2; wear is never bought)."""
    cubes = config().cubes
    return [c for c in range(len(CUBES)) if c != WEAR and s.stock[c]
            and (cubes[c].cost or 0) <= s.money]


def placements(s: State, cube: int) -> list[int]:
    """The spaces a gear cube of colour ``cube`` may go on (AU-12, AU-29..AU-32): a space of its
    colour directly or diagonally ahead of the car's space or of the last cube placed this turn
    (RA3), with a free segment (one car per segment)."""
    return placements_in(s, 1 << cube)


def placements_in(s: State, mask: int) -> list[int]:
    """The spaces ahead (AU-12, RA3) with a free segment whose colour is in the bit ``mask``
    (bit 0 white .. bit 3 black): where the next cube, or the next step of a card's cube, may
    go. A card's cube moving several spaces goes space by space like gear cubes (engine
    decision)."""
    track = s.track_spec
    anchor = s.route[-1][1] if s.route else s.car_space[s.mover]
    return [b for b, _ in track.successors[anchor]
            if mask >> track.spaces[b].colour & 1 and free_segment(s, b) >= 0]


def free_segment(s: State, space: int) -> int:
    """The furthest segment of ``space`` no other car stands on (-1 if none): without Weaving a
    cube goes there (AU-23, RA3)."""
    taken = {s.car_seg[p] for p in range(s.players) if s.car_space[p] == space and p != s.mover}
    for seg in range(s.track_spec.spaces[space].length - 1, -1, -1):
        if seg not in taken:
            return seg
    return -1


# --- applying an action -------------------------------------------------------------------------
def apply_id(s: State, aid: int) -> None:
    """Apply a legal action id, then resolve everything automatic (``_advance``)."""
    _apply(s, ACTIONS[aid])
    _advance(s)


def _apply(s: State, action: Any) -> None:
    if isinstance(action, Order):
        _place_on_grid(s, action.seat)
    elif isinstance(action, Draw):
        _draw_cube(s, action.cube)
    elif isinstance(action, Buy):
        _buy(s, action.cube)
    elif isinstance(action, StopBuying):
        _stop_buying(s)
    elif isinstance(action, Play):
        if action.cube in GEARS:
            _play(s, action.cube)
        else:
            _play_card(s, action.cube)
    elif isinstance(action, Place):
        if s.phase == "card":
            _card_step(s, action.space)
        else:
            _place(s, action.space)
    elif isinstance(action, StopMoving):
        _end_effect(s)
    elif isinstance(action, Remove | Return | Skip):
        _manager_choice(s, action)
    elif isinstance(action, EndActions):
        _end_actions(s)
    elif isinstance(action, PitStop):
        _pit_stop(s)


def _advance(s: State) -> None:
    """Resolve what is automatic until a real decision, a chance node or the end: seeded chance,
    the bag refilled (AU-19), and a decision with one legal option (taken and logged)."""
    while True:
        if s.phase == "draw":
            _refill(s)
            if s.phase != "draw":
                continue
            if s.seed is not None:
                _seeded_draw(s)
                continue
        if s.phase == "card" and s.effect[0] == MOVE and (
                not s.effect[2] or not placements_in(s, s.effect[3])):
            _end_effect(s)  # moved all its spaces, or no space ahead: as far as possible (RA5)
        s.legal = legal_ids(s)
        if s.phase in ("order", "draw"):
            if s.seed is None and len(s.legal) > 1:
                return
            if len(s.legal) == 1:
                _apply(s, ACTIONS[s.legal[0]])
            elif s.phase == "order":
                _place_on_grid(s, ORDER_IDS.index(s.legal[draw(s.seed or 0, s.draws,
                                                               len(s.legal))]))
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
    from the seed. Crew Chief's draws go one at a time (its effect looks at each cube)."""
    seat, left = s.drawing[0]
    if s.effect:
        one = s.bag[seat]
        colours = [c for c, k in enumerate(one) if k]
        cube = colours[0] if len(colours) == 1 else weighted_draw(s.seed or 0, s.draws, one)
        s.draws += int(len(colours) > 1)
        _draw_cube(s, cube)
        return
    bag, active, discard = list(s.bag[seat]), list(s.active[seat]), s.discard[seat]
    while left:
        if not any(bag):
            if not any(discard):
                break
            bag, discard = list(discard), (0,) * len(CUBES)
            _log(s, f"{name(seat)} puts the discard back into the bag")
        colours = [c for c, k in enumerate(bag) if k]
        if len(colours) == 1:
            cube = colours[0]
        else:
            cube = weighted_draw(s.seed or 0, s.draws, bag)
            s.draws += 1
        bag[cube] -= 1
        active[cube] += 1
        left -= 1
    s.bag = _with(s.bag, seat, tuple(bag))
    s.active = _with(s.active, seat, tuple(active))
    s.discard = _with(s.discard, seat, discard)
    s.drawing = ((seat, left), *s.drawing[1:])


def _buy(s: State, cube: int) -> None:
    """Buy one cube: pay its cost from the money left, take it from the stock (AU-14, AU-15).
    Before the race it goes into the bag (AU-11, engine decision); in a turn to the used pile
    (RA5)."""
    cost = config().cubes[cube].cost or 0
    s.money -= cost
    s.stock = _add(s.stock, cube, -1)
    if s.phase == "prebuy":
        seat = s.order[s.buyer]
        s.bag = _with(s.bag, seat, _add(s.bag[seat], cube, 1))
    else:
        seat = s.mover
        s.used = _with(s.used, seat, _add(s.used[seat], cube, 1))
    _log(s, f"{name(seat)} buys a {CUBE_WORDS[cube]} cube for ${cost}")


def _stop_buying(s: State) -> None:
    """Stop buying: the money left is lost (AU-11, AU-14). Before the race the next grid
    position buys; after the last, every player draws his first 7 in turn order (AU-12). In a
    turn the car, wear and end phases follow (AU-16..AU-19)."""
    seat = current_player(s)
    if s.money:
        _log(s, f"{name(seat)} loses ${s.money} unspent")
    s.money = 0
    if s.phase == "prebuy":
        s.buyer += 1
        if s.buyer < s.players:
            s.money = s.track_spec.start[s.buyer].money
            return
        s.phase, s.drawing = "draw", tuple((p, config().draw) for p in s.order)
        return
    _car_phase(s)
    _wear_phase(s)
    _end_phase(s)


def _play(s: State, cube: int) -> None:
    """Play one gear cube: it leaves the active pile for the used pile and waits to be placed
    (AU-12)."""
    seat = s.mover
    s.active = _with(s.active, seat, _add(s.active[seat], cube, -1))
    s.used = _with(s.used, seat, _add(s.used[seat], cube, 1))
    s.playing, s.phase = cube, "place"


def _place(s: State, space: int) -> None:
    """Put the played gear cube on ``space``, on its furthest free segment (AU-12, AU-23); the
    cube's laps count the start/finish line crossed on the way (RA3, RA4)."""
    _place_cube(s, s.playing, space)
    s.playing, s.phase = -1, "action"


def _place_cube(s: State, cube: int, space: int) -> None:
    """Put ``cube`` on the furthest free segment of ``space`` (AU-23), counting the line
    crossed on the way (RA3, RA4)."""
    track = s.track_spec
    anchor = s.route[-1] if s.route else None
    from_space = anchor[1] if anchor else s.car_space[s.mover]
    laps = anchor[3] if anchor else s.car_laps[s.mover]
    wraps = dict(track.successors[from_space])[space]
    s.route += ((cube, space, free_segment(s, space), laps + wraps),)
    _log(s, f"{name(s.mover)} puts a {CUBE_WORDS[cube]} cube on space {space} "
            f"(lane {track.spaces[space].lane})")


def _end_actions(s: State) -> None:
    """End the action phase: the buy phase's money is the value of every cube left in the active
    pile (AU-14)."""
    cubes = config().cubes
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
    _log(s, f"{name(seat)} makes a pit stop, removing {active[WEAR]} wear")
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
    _log(s, f"{name(seat)}'s car moves {len(s.route)} spaces to space {space}"
            + (f", completing lap {laps}" if crossed else ""))


def movement_wear(s: State) -> int:
    """The wear the mover's movement earns this turn (AU-17): by the darkest space its route
    entered, white 1 .. black 4; none without a move, none when drafting (AU-18)."""
    if not s.route or drafting(s, s.mover):
        return 0
    darkest = max(s.track_spec.spaces[space].colour for _, space, _, _ in s.route)
    return config().wear_by_space[darkest]


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


def _wear_phase(s: State) -> None:
    """Wear phase (AU-17, AU-18): gain the movement's wear from the stock onto the used pile
    (AU-33); wear the stock no longer holds is skipped (RA2)."""
    wanted = movement_wear(s)
    gained = min(wanted, s.stock[WEAR])
    if s.route and drafting(s, s.mover):
        _log(s, f"{name(s.mover)} drafts: no wear for the move")
    if gained:
        seat = s.mover
        s.stock = _add(s.stock, WEAR, -gained)
        s.used = _with(s.used, seat, _add(s.used[seat], WEAR, gained))
        _log(s, f"{name(seat)} gains {gained} wear")


def _end_phase(s: State) -> None:
    """End phase (AU-19): every cube of the sheet and the track goes to the discard; then 7 are
    drawn for the next turn, unless the race ends with this turn (AU-21, AU-22, RA6)."""
    seat = s.mover
    s.discard = _with(s.discard, seat, _sum(s.discard[seat], s.used[seat], s.active[seat]))
    none = (0,) * len(CUBES)
    s.used = _with(s.used, seat, none)
    s.active = _with(s.active, seat, none)
    s.route = ()
    s.turn += 1
    if race_over(s):
        s.phase = "over"
        _log(s, f"The race is over after {s.turn // s.players} rounds")
        return
    s.phase, s.drawing = "draw", ((seat, config().draw),)


def race_over(s: State) -> bool:
    """The race ends when a car has finished its laps and every player has had the same number
    of turns (AU-21, AU-22, RA6)."""
    return s.turn % s.players == 0 and any(finished(s, p) for p in range(s.players))


def finished(s: State, seat: int) -> bool:
    """The car of ``seat`` has crossed the line on its last lap (AU-20)."""
    return s.car_laps[seat] >= s.laps


def distance(s: State, seat: int) -> int:
    """How far the car of ``seat`` has gone: laps completed times the lap's units plus the unit
    of its segment (RA3, RA4)."""
    track = s.track_spec
    return s.car_laps[seat] * track.units + track.spaces[s.car_space[seat]].start \
        + s.car_seg[seat]


def position_order(s: State) -> list[int]:
    """The seats from first to last: further first, then the inner lane (AU-22, RA4)."""
    spaces = s.track_spec.spaces
    return sorted(range(s.players),
                  key=lambda p: (-distance(s, p), spaces[s.car_space[p]].lane))


def _refill(s: State) -> None:
    """Before a cube is drawn: a seat done drawing leaves the queue; an empty bag takes the
    whole discard back (AU-19; engine decision: for a card's draws too); with both empty the
    seat draws what there was (RA5). The queue done, the action phase begins or goes on (Crew
    Chief draws again after a wear cube, AU-48)."""
    while True:
        while s.drawing:
            seat, left = s.drawing[0]
            if left and not any(s.bag[seat]) and any(s.discard[seat]):
                s.bag = _with(s.bag, seat, s.discard[seat])
                s.discard = _with(s.discard, seat, (0,) * len(CUBES))
                _log(s, f"{name(seat)} puts the discard back into the bag")
            if left and any(s.bag[seat]):
                return
            s.drawing = s.drawing[1:]
        if s.effect[:2] == (CREW_CHIEF, WEAR):
            s.drawing, s.effect = ((s.mover, 1),), (CREW_CHIEF, -1)
            continue
        break
    if s.effect[:1] == (CREW_CHIEF,):
        _crew_chief_clean(s)
    s.phase = "action"


def _draw_cube(s: State, cube: int) -> None:
    """Draw one cube of colour ``cube`` from the bag onto the active pile (AU-12, AU-19)."""
    seat, left = s.drawing[0]
    s.bag = _with(s.bag, seat, _add(s.bag[seat], cube, -1))
    s.active = _with(s.active, seat, _add(s.active[seat], cube, 1))
    s.drawing = ((seat, left - 1), *s.drawing[1:])
    if s.effect[:1] == (CREW_CHIEF,):
        s.effect = (CREW_CHIEF, cube)
        _log(s, f"{name(seat)} draws a {CUBE_WORDS[cube]} cube")


# --- the cards of the standard set (AU-36, AU-43, AU-48, AU-56, AU-63) -------------------------
def _card_of(s: State, colour: int) -> int:
    """The index of the card in play for action colour ``colour`` (AU-08)."""
    return next(c for c in s.cards if config().cards[c].colour == colour)


def _effect_colour(s: State) -> int:
    if s.effect[0] == MOVE:
        return s.effect[1]
    return config().cards[_card_of_id(s, "manager" if s.effect[0] != CREW_CHIEF
                                      else "crew_chief")].colour


def _card_of_id(s: State, card_id: str) -> int:
    return next(c for c in s.cards if config().cards[c].id == card_id)


def _play_card(s: State, colour: int) -> None:
    """Play an action cube: it goes from the active pile to the used pile (AU-12), its card's
    wear is gained from the stock (AU-33, RA2) and its effect begins."""
    seat = s.mover
    card = config().cards[_card_of(s, colour)]
    s.active = _with(s.active, seat, _add(s.active[seat], colour, -1))
    s.used = _with(s.used, seat, _add(s.used[seat], colour, 1))
    _log(s, f"{name(seat)} plays {card.en}")
    _gain_wear(s, card.wear)
    {"manager": _manager, "suspension": _suspension, "crew_chief": _crew_chief,
     "hybrid_engine": _hybrid_engine, "transmission": _transmission}[card.id](s)


def _gain_wear(s: State, k: int) -> None:
    """Gain ``k`` wear from the stock onto the used pile, what the stock holds (AU-33, RA2)."""
    gained = min(k, s.stock[WEAR])
    if gained:
        seat = s.mover
        s.stock = _add(s.stock, WEAR, -gained)
        s.used = _with(s.used, seat, _add(s.used[seat], WEAR, gained))
        _log(s, f"{name(seat)} gains {gained} wear")


def _move(s: State, cube: int, steps: int, mask: int, optional: bool, same: bool) -> None:
    """Start moving a card's cube up to ``steps`` spaces of the colours in ``mask`` (one space
    at a time, each ahead of the one before, AU-12); ``same``: every space of the first one's
    colour."""
    s.effect = (MOVE, cube, steps, mask, int(optional), int(same))
    s.phase = "card"


def _card_step(s: State, space: int) -> None:
    """One step of a card's cube onto ``space`` (its furthest free segment, AU-23); the car's
    route passes through it (AU-16, AU-17)."""
    _, cube, left, mask, optional, same = s.effect
    _place_cube(s, cube, space)
    if same:
        mask = 1 << s.track_spec.spaces[space].colour
    s.effect = (MOVE, cube, left - 1, mask, optional, same)


def _end_effect(s: State) -> None:
    s.effect, s.phase = (), "action"


def _manager(s: State) -> None:
    """Manager (AU-36): you may remove 1 cube of your active pile, AND/OR put 1 cube of your
    active pile or discard back into your bag; two choices, each with "skip"."""
    s.effect, s.phase = (MANAGER_REMOVE,), "card"


def _manager_choice(s: State, action: Any) -> None:
    seat = s.mover
    if isinstance(action, Remove):
        s.active = _with(s.active, seat, _add(s.active[seat], action.cube, -1))
        s.stock = _add(s.stock, action.cube, 1)
        _log(s, f"{name(seat)} removes a {CUBE_WORDS[action.cube]} cube")
    elif isinstance(action, Return):
        pile = s.active if action.pile == 0 else s.discard
        pile = _with(pile, seat, _add(pile[seat], action.cube, -1))
        if action.pile == 0:
            s.active = pile
        else:
            s.discard = pile
        s.bag = _with(s.bag, seat, _add(s.bag[seat], action.cube, 1))
        _log(s, f"{name(seat)} puts a {CUBE_WORDS[action.cube]} cube back into the bag")
    if s.effect[0] == MANAGER_REMOVE:
        s.effect = (MANAGER_RETURN,)
    else:
        _end_effect(s)


def _suspension(s: State) -> None:
    """Suspension (AU-43; its 1 wear is the card's): the red cube goes on one space of the
    colour of a gear cube in your discard; the gear stays there. Not "up to": it moves if it
    can (RA5)."""
    discard = s.discard[s.mover]
    mask = sum(1 << g for g in GEARS if discard[g])
    _move(s, RED, 1, mask, optional=False, same=False)


def _crew_chief(s: State) -> None:
    """Crew Chief (AU-48): draw 1 cube; after a wear cube draw again, stopping on the first
    cube that is not wear (each draw chance's, onto the active pile); then every wear cube of
    the discard is removed (``_crew_chief_clean``)."""
    s.effect, s.phase, s.drawing = (CREW_CHIEF, -1), "draw", ((s.mover, 1),)


def _crew_chief_clean(s: State) -> None:
    seat = s.mover
    wear = s.discard[seat][WEAR]
    s.discard = _with(s.discard, seat, _add(s.discard[seat], WEAR, -wear))
    s.stock = _add(s.stock, WEAR, wear)
    s.effect = ()
    _log(s, f"{name(seat)} removes {wear} wear from the discard")


def hybrid_allowed(s: State) -> bool:
    """Hybrid Engine's condition (AU-56): your blue cubes of the active pile, the used pile (the
    track's included) and the discard together outnumber the blue cubes of each other player's
    discard, compared one by one."""
    seat = s.mover
    mine = s.active[seat][BLUE] + s.used[seat][BLUE] + s.discard[seat][BLUE]
    return all(mine > s.discard[p][BLUE] for p in range(s.players) if p != seat)


def _hybrid_engine(s: State) -> None:
    """Hybrid Engine (AU-56; its 1 wear is the card's): if ``hybrid_allowed``, the blue cube
    moves up to 2 consecutive spaces of one colour, any colour."""
    if hybrid_allowed(s):
        _move(s, BLUE, 2, ALL_GEARS, optional=True, same=True)


def transmission_spaces(s: State) -> int:
    """Transmission's reach (AU-63): as many light-grey spaces as your position in the race
    (the car stands where it stood at the start of the action phase; ties to the inner lane,
    RA4), 1 more in last position."""
    rank = position_order(s).index(s.mover) + 1
    return rank + (1 if rank == s.players else 0)


def _transmission(s: State) -> None:
    """Transmission (AU-63; its 1 wear is the card's): the green cube moves up to
    ``transmission_spaces`` consecutive light-grey spaces."""
    _move(s, GREEN, transmission_spaces(s), 1 << LIGHTGREY, optional=True, same=False)


# --- why an action is not legal -------------------------------------------------------------------
def why_illegal(s: State, action: Any) -> IllegalActionError:
    """The error naming the rule that forbids ``action`` (not legal in ``s``)."""
    if s.phase == "over":
        return IllegalActionError(f"{action} is not legal: the race is over", "AU-22")
    if action.chance:
        return IllegalActionError(f"{action} is chance's outcome, not a player's choice",
                                  "AU-09" if isinstance(action, Order) else "AU-19")
    if s.phase in ("order", "draw"):
        return IllegalActionError(f"{action} is not legal: chance is drawing", "AU-09, AU-19")
    if isinstance(action, Buy | StopBuying):
        return _why_not_buy(s, action)
    if s.phase in ("prebuy", "buy"):
        return IllegalActionError(f"{action} is not legal: it is the buy phase", "AU-11, AU-14")
    if s.phase == "card":
        return _why_not_card(s, action)
    if isinstance(action, Place):
        if s.phase != "place":
            return IllegalActionError(f"{action} is not legal: play a gear cube first", "AU-12")
        return IllegalActionError(
            f"{action} is not legal: space {action.space} is no free {CUBE_WORDS[s.playing]} "
            "space directly or diagonally ahead of the car or the last cube", "AU-12, RA3")
    if s.phase == "place":
        return IllegalActionError(f"{action} is not legal: place the "
                                  f"{CUBE_WORDS[s.playing]} cube first", "AU-12")
    if isinstance(action, Remove | Return | Skip | StopMoving):
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


def _why_not_card(s: State, action: Any) -> IllegalActionError:
    card = config().cards[_card_of(s, _effect_colour(s))]
    if s.effect[0] == MOVE:
        return IllegalActionError(
            f"{action} is not legal: {card.en}'s cube goes on a space ahead of the allowed "
            "colour" + (" or stops" if s.effect[4] else ""), card.rule)
    return IllegalActionError(f"{action} is not legal: {card.en} asks which cube to "
                              + ("remove" if s.effect[0] == MANAGER_REMOVE else "return"),
                              card.rule)


def _why_not_buy(s: State, action: Any) -> IllegalActionError:
    if s.phase not in ("prebuy", "buy"):
        return IllegalActionError(f"{action} is not legal: not in a buy phase", "AU-11, AU-14")
    cube = action.cube
    if not s.stock[cube]:
        return IllegalActionError(f"{action} is not legal: the stock has no "
                                  f"{CUBE_WORDS[cube]} cube", "AU-15, RA2")
    cost = config().cubes[cube].cost
    return IllegalActionError(f"{action} is not legal: it costs ${cost}, ${s.money} left",
                              "AU-14")


# --- helpers --------------------------------------------------------------------------------------
def name(seat: int) -> str:
    """A player's name in the log."""
    return f"Player {seat}"


def _log(s: State, line: str) -> None:
    s.log_lines += (line,)


def _add(counts: Counts, cube: int, k: int) -> Counts:
    return counts[:cube] + (counts[cube] + k,) + counts[cube + 1:]


def _sum(*piles: Counts) -> Counts:
    return tuple(map(sum, zip(*piles, strict=True)))


def _with(piles: tuple[Counts, ...], seat: int, counts: Counts) -> tuple[Counts, ...]:
    return piles[:seat] + (counts,) + piles[seat + 1:]


def _set(values: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return values[:seat] + (value,) + values[seat + 1:]
