"""Automobiles' 35 action cards (AU-34..AU-68): what playing each card's cube does.

Playing a card's cube (``rules``) moves it to the used pile and gains the card's wear (the
number on the card, from the data file); ``play`` then starts its effect. An effect with
choices is held in ``state.effect`` as the pending decision (STYLE 8), one atomic choice at a
time: which cube to take from which pile (``Choose``), which option (``Option``), draw one more
or stop (``DrawMore`` / ``Skip``), the spaces of a card's cube (``Place`` / ``StopMoving``, the
``MOVE`` effect of ``board``). The turn's lasting effects (Aerodynamics, Redline, Fuel
Injection, Adrenaline's second option) set ``state.flags``; Crate Engine counts its cubes in
``state.crate`` and the cars behind move after the end phase (``rules``).

"Up to" effects may do less, down to nothing; "must" effects are carried out as far as
possible (RA5): a "must" choice with nothing to choose ends by itself (``exhausted``).
This module imports ``board`` and never ``rules`` (no circle).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from . import events as ev
from .actions import MAG_MAX
from .board import (
    ACTIVE,
    ADRENALINE,
    AERO,
    ALL_GEARS,
    BAG,
    BUY_ONE,
    BUYING,
    CREW_CHIEF,
    DISCARD,
    DRAWS,
    FORCED,
    FUEL,
    MANAGER_REMOVE,
    OPTION,
    PICK,
    POWER_USED,
    REDLINE,
    USED,
    add,
    colours_in,
    gain_wear,
    log,
    move_cube,
    pile,
    position_order,
    rank,
    start_move,
    with_,
)
from .config import (
    BLACK,
    BLUE,
    CUBES,
    DARKGREY,
    GEARS,
    GREEN,
    LIGHTGREY,
    RED,
    WEAR,
    WHITE,
    YELLOW,
    config_for,
)

if TYPE_CHECKING:
    from .state import Counts, State

ANY = (1 << len(CUBES)) - 1
GEAR_CUBES = 0b1111
ONLY_WEAR = 1 << WEAR
#: A pick's destination: a pile, the stock, or Car Chief's swap for the next gear up.
STOCK, UPGRADE = -1, -2
MANY = 99  # "any number" (Maintenance Crew): bounded by the pile itself


@dataclass(frozen=True)
class PickRule:
    """One stage of choosing cubes: from which piles, which kinds, where they go, whether the
    player may stop early ("up to"), and what the choice is called in the log."""

    sources: tuple[int, ...]
    cubes: int  # bit mask over the ten cube kinds
    dest: int  # ACTIVE, DISCARD, USED, BAG, STOCK or UPGRADE
    optional: bool
    verb: str


#: (card id, stage) -> the pick of that stage.
PICKS: dict[tuple[str, int], PickRule] = {
    ("car_chief", 0): PickRule((DISCARD,), GEAR_CUBES, UPGRADE, False, "upgrades"),
    ("engineer", 0): PickRule((ACTIVE,), ANY, DISCARD, True, "discards"),
    ("engineer", 1): PickRule((DISCARD,), ANY, STOCK, False, "removes"),
    ("mechanic", 0): PickRule((ACTIVE,), ANY, USED, False, "uses up"),
    ("mechanic", 1): PickRule((DISCARD,), ANY, STOCK, True, "removes"),
    ("factory_support", 1): PickRule((ACTIVE, DISCARD), ANY, STOCK, False, "removes"),
    ("maintenance_crew", 0): PickRule((ACTIVE,), ANY, STOCK, True, "removes"),
    ("maintenance_crew", 1): PickRule((DISCARD,), ANY, STOCK, True, "removes"),
    ("steering", 0): PickRule((ACTIVE,), GEAR_CUBES, DISCARD, False, "discards"),
    ("camber_toe", 0): PickRule((ACTIVE,), GEAR_CUBES, DISCARD, False, "discards"),
    ("pit_boss", 0): PickRule((DISCARD,), ANY, STOCK, True, "removes"),
    ("pit_crew", 1): PickRule((DISCARD,), ANY, STOCK, False, "removes"),
    ("pit_team", 0): PickRule((DISCARD,), ANY, STOCK, True, "removes"),
    ("air_jacks", 0): PickRule((DISCARD,), ANY, STOCK, True, "removes"),
    ("impact_wrench", 0): PickRule((DISCARD,), ANY, STOCK, True, "removes"),
    ("pit_mechanic", 0): PickRule((DISCARD,), ONLY_WEAR, STOCK, True, "removes"),
    ("pit_mechanic", 1): PickRule((DISCARD,), ANY, STOCK, True, "removes"),
    ("supercharged", 0): PickRule((DISCARD,), ANY, ACTIVE, True, "takes back"),
    ("combustion_engine", 0): PickRule((ACTIVE,), ANY, DISCARD, False, "discards"),
    ("combustion_engine", 1): PickRule((DISCARD,), ANY, ACTIVE, True, "takes back"),
    ("nitro", 1): PickRule((ACTIVE,), ANY, DISCARD, False, "discards"),
    ("david_bird", 0): PickRule((DISCARD,), ANY, ACTIVE, True, "takes back"),
    ("eileen_pi", 0): PickRule((DISCARD,), ANY, BAG, True, "returns"),
    ("mag_matthews", 1): PickRule((ACTIVE,), ANY, BAG, True, "returns"),
    ("mag_matthews", 2): PickRule((ACTIVE,), ANY, STOCK, True, "removes"),
    ("kali_bauer", 0): PickRule((DISCARD,), ANY, STOCK, True, "pays $1 and removes"),
    ("micah_conner", 0): PickRule((DISCARD,), ONLY_WEAR, STOCK, True, "removes"),
    ("kaia_lin", 1): PickRule((ACTIVE,), ANY, DISCARD, True, "discards"),
}
#: The drivers' ids (AU-69..AU-78), from their names in the data file.
DRIVER_IDS = tuple(n.lower().replace(" ", "_").replace("-", "_") for n in config_for(2).drivers)
JOSH, DAVID, EILEEN, MAG, KALI, JUAN, MIKE, MICAH, NATHAN, KAIA = range(10)
#: The drivers whose power is a decision of the action phase, or of the buy phase.
ACTION_POWERS, BUY_POWERS = (DAVID, EILEEN), (MAG, KALI)
#: The effect kinds each card may hold in ``state.effect`` (checked when a position loads).
KINDS: dict[str, tuple[int, ...]] = {
    **{card: (PICK,) for card, _ in PICKS},
    "factory_support": (FORCED, PICK), "performance_test": (DRAWS,), "boost": (DRAWS,),
    "nitro": (FORCED, PICK), "pit_crew": (OPTION, PICK), "adrenaline": (OPTION,),
    "pit_team": (PICK, BUY_ONE), "mag_matthews": (DRAWS, PICK), "mike_skipjack": (DRAWS,),
    "nathan_emery": (DRAWS,), "kaia_lin": (FORCED, PICK),
}


# --- starting a card's effect ---------------------------------------------------------------
def source_id(index: int) -> str:
    """The id of the card (0-34) or driver (35-44) an effect comes from."""
    cards = config_for(2).cards
    return cards[index].id if index < len(cards) else DRIVER_IDS[index - len(cards)]


def source_name(index: int) -> str:
    """The English name of the card or driver ``index``."""
    cfg = config_for(2)
    cards = cfg.cards
    return cards[index].en if index < len(cards) else cfg.drivers[index - len(cards)]


def driver_source(driver: int) -> int:
    """The effect source index of driver ``driver`` (0-9)."""
    return len(config_for(2).cards) + driver


def play(s: State, card_index: int) -> None:
    """Start the effect of the card ``card_index`` whose cube was just played (its wear
    already gained)."""
    START[s.cfg.cards[card_index].id](s, card_index)


def _pick(s: State, card: int, stage: int, left: int, count: int = 0,
          seat: int | None = None) -> None:
    if left <= 0:
        _end(s)
        return
    seat = s.mover if seat is None else seat
    s.effect, s.phase = (PICK, card, stage, left, count, seat), "card"


def _end(s: State) -> None:
    """The effect is over: back to the buy phase for a driver's buy-phase power, else to the
    action phase (of the seat in turn; after an end-phase power, the next seat's)."""
    s.effect, s.phase = (), "action"
    if s.flags & BUYING:
        s.flags &= ~BUYING
        s.phase = "buy"


def _flag(s: State, flag: int) -> None:
    s.flags |= flag
    log(s, ev.FlagSet, s.mover, flag)
    _end(s)


def _car_chief(s: State, card: int) -> None:
    """Car Chief (AU-34): remove 1 gear cube from your discard and take the gear one higher
    from the stock into the discard (white -> light grey -> dark grey -> black -> nothing).
    Engine decision: the new cube goes where the old one was, if the stock holds one."""
    _pick(s, card, 0, 1)


def _engineer(s: State, card: int) -> None:
    """Engineer (AU-35): put up to 3 cubes of your active pile on your discard, then remove
    as many from your discard (the cubes just put there may be among them)."""
    _pick(s, card, 0, 3)


def _mechanic(s: State, card: int) -> None:
    """Mechanic (AU-37): put 1 more cube of your active pile on your used pile, its effect not
    applied; then remove up to 2 cubes from your discard."""
    _pick(s, card, 0, 1)


def _factory_support(s: State, card: int) -> None:
    """Factory Support (AU-38): draw 1 cube from your bag; then you must remove 1 cube from your
    active pile or discard (it may be the cube just drawn)."""
    _forced(s, card, 1)


def _maintenance_crew(s: State, card: int) -> None:
    """Maintenance Crew (AU-39): remove any number of cubes from your active pile, then up to
    twice as many from your discard (3 removed allow up to 6)."""
    _pick(s, card, 0, MANY)


def _performance_test(s: State, card: int) -> None:
    """Performance Test (AU-40): first remove exactly this cube (the yellow cube just played
    goes to the stock); then draw up to 3 cubes from your bag, one at a time."""
    move_cube(s, s.mover, YELLOW, USED, None)
    log(s, ev.PerformanceTest, s.mover)
    s.effect, s.phase = (DRAWS, card, 0, 3, 0, s.mover), "card"


def _aerodynamics(s: State, card: int) -> None:
    """Aerodynamics (AU-41): in this turn's wear phase you count as drafting (no wear there);
    the action phase's wear is still gained."""
    _flag(s, AERO)


def _steering(s: State, card: int) -> None:
    """Steering (AU-42; its 1 wear is the card's): put 1 gear cube of your active pile on your
    discard; the red cube moves up to 3 consecutive spaces of the colour one lower (a black
    cube: dark grey). Engine decision: a white cube may be chosen and moves nothing (no colour
    is lower)."""
    _pick(s, card, 0, 1)


def _suspension(s: State, card: int) -> None:
    """Suspension (AU-43; its 1 wear is the card's): the red cube goes on one space of the
    colour of a gear cube in your discard; the gear stays there. Not "up to": it moves if it
    can (RA5)."""
    discard = s.discard[s.mover]
    start_move(s, RED, 1, sum(1 << g for g in GEARS if discard[g]), optional=False, same=False)


def _tires(s: State, card: int) -> None:
    """Tires (AU-44): the red cube goes on one space of a colour lower than a gear cube of your
    active pile (a dark grey allows light grey or white); the gear stays there. Engine
    decision: the gear is not asked for, the spaces offered are those below the highest gear
    (choosing a lower gear only offers fewer)."""
    active = s.active[s.mover]
    top = max((g for g in GEARS if active[g]), default=WHITE)
    start_move(s, RED, 1, (1 << top) - 1, optional=False, same=False)


def _burnout(s: State, card: int) -> None:
    """Burnout (AU-45; its 1 wear is the card's): choose a gear cube in your discard; the red
    cube moves up to 2 consecutive spaces of the colour one lower (a black: dark grey); the
    gear stays there. Engine decision: the gear is chosen by the first space's colour (one
    lower than a gear of the discard), every later space of that colour."""
    discard = s.discard[s.mover]
    mask = sum(1 << (g - 1) for g in GEARS if g > WHITE and discard[g])
    start_move(s, RED, 2, mask, optional=True, same=True)


def _camber_toe(s: State, card: int) -> None:
    """Camber & Toe (AU-46): put 1 gear cube of your active pile on your discard; the red cube
    moves 1 space of any colour (RA5)."""
    _pick(s, card, 0, 1)


def _redline(s: State, card: int) -> None:
    """Redline (AU-47): this action phase your white gear cubes may go on spaces of any colour,
    1 white cube per space; 1 wear for each white cube so used (``rules``)."""
    _flag(s, REDLINE)


def _crew_chief(s: State, card: int) -> None:
    """Crew Chief (AU-48): draw 1 cube; after a wear cube draw again, stopping on the first
    cube that is not wear (each draw chance's, onto the active pile); then every wear cube of
    the discard is removed (``crew_chief_clean``)."""
    s.effect, s.phase, s.drawing = (CREW_CHIEF, -1), "draw", ((s.mover, 1),)


def crew_chief_clean(s: State) -> None:
    """Crew Chief's end (AU-48): every wear cube of the discard goes to the stock (the wear
    drawn is on the active pile and stays)."""
    _clear_wear(s, (DISCARD,))
    s.effect = ()


def _pit_boss(s: State, card: int) -> None:
    """Pit Boss (AU-49): remove up to 6 cubes of any kinds from your discard."""
    _pick(s, card, 0, 6)


def _pit_crew(s: State, card: int) -> None:
    """Pit Crew (AU-50): option 1, remove all wear from your discard; option 2, remove any 2
    cubes from your discard."""
    s.effect, s.phase = (OPTION, card, 0, 0, 0, s.mover), "card"


def _pit_team(s: State, card: int) -> None:
    """Pit Team (AU-51): remove up to 3 cubes from your discard; their costs (not values) are
    the money to buy exactly 1 cube from the stock, the rest lost. Engine decisions: wear costs
    $0; the cube goes to the used pile like any cube bought (RA5)."""
    _pick(s, card, 0, 3)


def _air_jacks(s: State, card: int) -> None:
    """Air Jacks (AU-52): remove up to as many cubes from your discard as it holds distinct
    colours (wear counts as one)."""
    _pick(s, card, 0, colours_in(s.discard[s.mover]))


def _impact_wrench(s: State, card: int) -> None:
    """Impact Wrench (AU-53): remove up to 4 cubes from your discard, then every wear cube of
    the discard and of the used pile (RA5: the wear gained this action phase so far)."""
    _pick(s, card, 0, 4)


def _pit_mechanic(s: State, card: int) -> None:
    """Pit Mechanic (AU-54): remove up to 6 wear from your discard; then, if it holds fewer
    cubes than each other player's discard (compared one by one), up to 2 more of any kinds."""
    _pick(s, card, 0, 6)


def pit_mechanic_more(s: State) -> bool:
    """Pit Mechanic's condition (AU-54): your discard holds fewer cubes than every other
    player's."""
    mine = sum(s.discard[s.mover])
    return all(mine < sum(s.discard[p]) for p in range(s.players) if p != s.mover)


def _diesel_engine(s: State, card: int) -> None:
    """Diesel Engine (AU-55; its 2 wear are the card's): the blue cube moves as many
    consecutive dark-grey spaces as your discard holds dark-grey cubes (3 cubes, 3 spaces);
    not "up to": as far as possible (RA5)."""
    k = s.discard[s.mover][DARKGREY]
    start_move(s, BLUE, k, 1 << DARKGREY, optional=False, same=False)


def hybrid_allowed(s: State) -> bool:
    """Hybrid Engine's condition (AU-56): your blue cubes of the active pile, the used pile (the
    track's included) and the discard together outnumber the blue cubes of each other player's
    discard, compared one by one."""
    seat = s.mover
    mine = s.active[seat][BLUE] + s.used[seat][BLUE] + s.discard[seat][BLUE]
    return all(mine > s.discard[p][BLUE] for p in range(s.players) if p != seat)


def _hybrid_engine(s: State, card: int) -> None:
    """Hybrid Engine (AU-56; its 1 wear is the card's): if ``hybrid_allowed``, the blue cube
    moves up to 2 consecutive spaces of one colour, any colour."""
    if hybrid_allowed(s):
        start_move(s, BLUE, 2, ALL_GEARS, optional=True, same=True)


def _rotary_engine(s: State, card: int) -> None:
    """Rotary Engine (AU-57; its 1 wear is the card's): the blue cube moves up to as many
    consecutive white spaces as your discard holds distinct colours (wear counts as one)."""
    start_move(s, BLUE, colours_in(s.discard[s.mover]), 1 << WHITE, optional=True, same=False)


def _supercharged(s: State, card: int) -> None:
    """Supercharged (AU-58; its 1 wear is the card's): put up to 2 cubes of your discard on
    your active pile."""
    _pick(s, card, 0, 2)


def _crate_engine(s: State, card: int) -> None:
    """Crate Engine (AU-59): the blue cube moves up to 3 spaces of one colour; after your end
    phase each car behind yours moves (``rules``, counted in ``state.crate``)."""
    s.crate += 1
    start_move(s, BLUE, 3, ALL_GEARS, optional=True, same=True)


def _fuel_injection(s: State, card: int) -> None:
    """Fuel Injection (AU-60; its 2 wear are the card's): this action phase each gear cube
    played moves 2 spaces of its colour instead of 1 (``rules``); not the cards' cubes; a
    second such cube adds nothing."""
    _flag(s, FUEL)


def _combustion_engine(s: State, card: int) -> None:
    """Combustion Engine (AU-61): put 1 cube of your active pile on your discard; then up to 3
    cubes of your discard on your active pile, 1 wear each (the cube just discarded may be
    among them)."""
    _pick(s, card, 0, 1)


def _boost(s: State, card: int) -> None:
    """Boost (AU-62): draw up to 3 cubes, one at a time, 1 wear each; then every other player,
    in turn order, may draw 1 cube into his active pile without wear (RA5)."""
    s.effect, s.phase = (DRAWS, card, 0, 3, 0, s.mover), "card"


def transmission_spaces(s: State) -> int:
    """Transmission's reach (AU-63): as many light-grey spaces as your position in the race
    (the car stands where it stood at the start of the action phase; ties to the inner lane,
    RA4), 1 more in last position."""
    r = rank(s, s.mover)
    return r + (1 if r == s.players else 0)


def _transmission(s: State, card: int) -> None:
    """Transmission (AU-63; its 1 wear is the card's): the green cube moves up to
    ``transmission_spaces`` consecutive light-grey spaces."""
    start_move(s, GREEN, transmission_spaces(s), 1 << LIGHTGREY, optional=True, same=False)


def _nitro(s: State, card: int) -> None:
    """Nitro (AU-64): you must draw exactly 2 cubes; put 1 on your active pile and the other
    on your discard. Engine decision: with one cube left to draw, it stays on the active
    pile."""
    _forced(s, card, 2)


def turbo_spaces(s: State) -> int:
    """Turbo's reach (AU-65): 2 light-grey spaces, 1 more for each green cube in every
    player's discard, yours included."""
    return 2 + sum(s.discard[p][GREEN] for p in range(s.players))


def _turbo(s: State, card: int) -> None:
    """Turbo (AU-65; its 2 wear are the card's): the green cube moves up to ``turbo_spaces``
    consecutive light-grey spaces."""
    start_move(s, GREEN, turbo_spaces(s), 1 << LIGHTGREY, optional=True, same=False)


def _adrenaline(s: State, card: int) -> None:
    """Adrenaline (AU-66): option 1, the green cube moves 1 light-grey space; option 2, in
    your car phase up to 2 light-grey spaces for each position gained in that phase
    (``rules``)."""
    s.effect, s.phase = (OPTION, card, 0, 0, 0, s.mover), "card"


def bump_spaces(s: State) -> int:
    """Bump & Run's reach (AU-67): none in first position, 2 dark-grey spaces otherwise, 3 in
    last position."""
    r = rank(s, s.mover)
    return 0 if r == 1 else 3 if r == s.players else 2


def _bump_and_run(s: State, card: int) -> None:
    """Bump & Run (AU-67; its 1 wear is the card's): the green cube moves up to
    ``bump_spaces`` dark-grey spaces."""
    start_move(s, GREEN, bump_spaces(s), 1 << DARKGREY, optional=True, same=False)


def overdrive_colours(s: State) -> int:
    """Overdrive's colours (AU-68) as a mask: first position white, last dark grey or lower,
    any other light grey or lower."""
    r = rank(s, s.mover)
    top = WHITE if r == 1 else DARKGREY if r == s.players else LIGHTGREY
    return (1 << (top + 1)) - 1


def _overdrive(s: State, card: int) -> None:
    """Overdrive (AU-68; its 1 wear is the card's): the green cube moves up to 3 spaces of the
    colours of ``overdrive_colours``, each space any of them (2nd of 3: 1 white and 2 light
    grey)."""
    start_move(s, GREEN, 3, overdrive_colours(s), optional=True, same=False)


def _manager(s: State, card: int) -> None:
    """Manager (AU-36): you may remove 1 cube of your active pile, AND/OR put 1 cube of your
    active pile or discard back into your bag; two choices, each with "skip" (``rules``)."""
    s.effect, s.phase = (MANAGER_REMOVE,), "card"


START = {
    "car_chief": _car_chief, "engineer": _engineer, "manager": _manager,
    "mechanic": _mechanic, "factory_support": _factory_support,
    "maintenance_crew": _maintenance_crew, "performance_test": _performance_test,
    "aerodynamics": _aerodynamics, "steering": _steering, "suspension": _suspension,
    "tires": _tires, "burnout": _burnout, "camber_toe": _camber_toe, "redline": _redline,
    "crew_chief": _crew_chief, "pit_boss": _pit_boss, "pit_crew": _pit_crew,
    "pit_team": _pit_team, "air_jacks": _air_jacks, "impact_wrench": _impact_wrench,
    "pit_mechanic": _pit_mechanic, "diesel_engine": _diesel_engine,
    "hybrid_engine": _hybrid_engine, "rotary_engine": _rotary_engine,
    "supercharged": _supercharged, "crate_engine": _crate_engine,
    "fuel_injection": _fuel_injection, "combustion_engine": _combustion_engine,
    "boost": _boost, "transmission": _transmission, "nitro": _nitro, "turbo": _turbo,
    "adrenaline": _adrenaline, "bump_and_run": _bump_and_run, "overdrive": _overdrive,
}


#: The cards whose log line names the player's race position.
_RANKED = frozenset(("transmission", "bump_and_run", "overdrive"))


def card_numbers(s: State, card_index: int) -> tuple[int, int]:
    """What the log says of a card as it is played (``PlayCard.rank``, ``PlayCard.number``):
    the mover's race position for the cards that name it (else 0), and the number the card
    counts (the cubes or colours of the discard, the spaces it allows, Overdrive's top cube,
    whether Hybrid Engine may move); ``render`` words them."""
    seat, card_id = s.mover, s.cfg.cards[card_index].id
    where = rank(s, seat) if card_id in _RANKED else 0
    number = _NUMBERS.get(card_id)
    return where, number(s, s.discard[seat]) if number else 0


#: The number each card's log line counts (``card_numbers``), by card id.
_NUMBERS: dict[str, Callable[[State, Counts], int]] = {
    "diesel_engine": lambda s, discard: discard[DARKGREY],
    "rotary_engine": lambda s, discard: colours_in(discard),
    "air_jacks": lambda s, discard: colours_in(discard),
    "turbo": lambda s, discard: turbo_spaces(s),
    "transmission": lambda s, discard: transmission_spaces(s),
    "bump_and_run": lambda s, discard: bump_spaces(s),
    "overdrive": lambda s, discard: overdrive_colours(s).bit_length() - 1,
    "hybrid_engine": lambda s, discard: int(hybrid_allowed(s)),
}


# --- choosing cubes (PICK) ------------------------------------------------------------------
def pick_rule(s: State) -> PickRule:
    """The pick in progress."""
    return PICKS[(source_id(s.effect[1]), s.effect[2])]


def pick_choices(s: State) -> list[tuple[int, int]]:
    """The (pile, cube) pairs the pick in progress may take (Nitro: the colours drawn; Mag
    Matthews: the cubes drawn, counted per colour in base 4)."""
    rule, source, count, seat = pick_rule(s), source_id(s.effect[1]), s.effect[4], s.effect[5]
    allowed = count if source == "nitro" else rule.cubes
    if source == "mag_matthews":
        allowed = sum(1 << c for c in range(len(CUBES)) if count // 4 ** c % 4)
    return [(src, c) for src in rule.sources for c in range(len(CUBES))
            if allowed >> c & 1 and pile(s, src, seat)[c]]


def choose(s: State, source: int, cube: int) -> None:
    """Take one cube of colour ``cube`` from pile ``source`` for the pick in progress."""
    kind, card, stage, left, count, seat = s.effect
    rule, card_id = pick_rule(s), source_id(card)
    if rule.dest == UPGRADE:
        move_cube(s, seat, cube, source, None)
        if cube < BLACK and s.stock[cube + 1]:
            s.stock = add(s.stock, cube + 1, -1)
            s.discard = with_(s.discard, seat, add(s.discard[seat], cube + 1, 1))
            log(s, ev.Upgrade, seat, cube, True)
        else:
            log(s, ev.Upgrade, seat, cube, False)
    else:
        move_cube(s, seat, cube, source, None if rule.dest == STOCK else rule.dest)
        log(s, ev.PickCube, seat, card, stage, cube, source)
    if card_id == "combustion_engine" and stage == 1:
        gain_wear(s, 1)
    if card_id == "kali_bauer":
        s.money -= 1
    if card_id == "mag_matthews":
        count -= 4 ** cube
    else:
        count += (s.cfg.cubes[cube].cost or 0) if card_id == "pit_team" else 1
    if card_id == "steering":
        _end(s)
        start_move(s, RED, 3, (1 << (cube - 1)) if cube > WHITE else 0, optional=True,
                   same=False)
        return
    if card_id == "camber_toe":
        _end(s)
        start_move(s, RED, 1, ALL_GEARS, optional=False, same=False)
        return
    s.effect = (kind, card, stage, left - 1, count, seat)
    if left - 1 <= 0:
        pick_done(s)


def pick_done(s: State) -> None:
    """The pick in progress is over (all taken, stopped, or nothing left): the card's next
    stage, or the end of its effect."""
    _, card, stage, _, count, seat = s.effect
    card_id = source_id(card)
    if card_id == "engineer" and stage == 0:
        _pick(s, card, 1, count)
    elif card_id == "mechanic" and stage == 0:
        _pick(s, card, 1, 2)
    elif card_id == "maintenance_crew" and stage == 0:
        log(s, ev.MaintenanceCrew, seat, 2 * count)
        _pick(s, card, 1, 2 * count)
    elif card_id == "combustion_engine" and stage == 0:
        _pick(s, card, 1, 3)
    elif card_id == "pit_team":
        s.effect, s.phase = (BUY_ONE, card, 0, 0, count, seat), "card"
        log(s, ev.PitTeamMoney, seat, count)
    elif card_id == "impact_wrench":
        _clear_wear(s, (DISCARD, USED))
        _end(s)
    elif card_id == "pit_mechanic" and stage == 0 and pit_mechanic_more(s):
        _pick(s, card, 1, 2)
    elif card_id == "mag_matthews" and stage == 1:
        _pick(s, card, 2, _drawn(count), count)
        if s.phase != "card":
            s.money += _drawn_value(count)
    elif card_id == "mag_matthews":
        s.money += _drawn_value(count)
        _end(s)
    elif card_id == "micah_conner":
        end_draw(s, seat, 0)
    elif card_id == "kaia_lin":
        log(s, ev.KaiaLin, seat, count)
        if count:
            s.effect, s.phase, s.drawing = (FORCED, card, 2, count, 0, seat), "draw", \
                ((seat, 1),)
        else:
            _end(s)
    else:
        _end(s)


def _drawn(count: int) -> int:
    return sum(count // 4 ** c % 4 for c in range(len(CUBES)))


def _drawn_value(count: int) -> int:
    """Mag Matthews (AU-72): the cubes drawn and kept on the active pile count for their value
    in this buy phase."""
    return sum(count // 4 ** c % 4 * config_for(2).cubes[c].value for c in range(len(CUBES)))


def exhausted(s: State) -> None:
    """A card's decision with no legal choice (a "must" with nothing to take, a purchase
    nothing fits): carried out as far as possible, it ends (RA5)."""
    if s.effect[0] == PICK:
        pick_done(s)
    else:
        _end(s)


def skip(s: State) -> None:
    """Stop an "up to" pick, or decline to draw (one more)."""
    if s.effect[0] == PICK:
        pick_done(s)
    else:
        _draws_done(s)


def _clear_wear(s: State, piles: tuple[int, ...]) -> None:
    seat = s.effect[5] if s.effect and s.effect[0] in (PICK, OPTION) else s.mover
    removed = 0
    for which in piles:
        k = pile(s, which, seat)[WEAR]
        for _ in range(k):
            move_cube(s, seat, WEAR, which, None)
        removed += k
    log(s, ev.ClearWear, seat, removed, tuple(piles))


# --- options, the one purchase ----------------------------------------------------------------
def option(s: State, k: int) -> None:
    """Take option ``k`` (1 or 2) of Pit Crew (AU-50) or Adrenaline (AU-66)."""
    card = s.effect[1]
    card_id = s.cfg.cards[card].id
    log(s, ev.CardOption, s.mover, card, k)
    if card_id == "pit_crew":
        if k == 1:
            _clear_wear(s, (DISCARD,))
            _end(s)
        else:
            _pick(s, card, 1, 2)
    elif k == 1:
        start_move(s, GREEN, 1, 1 << LIGHTGREY, optional=False, same=False)
    else:
        _flag(s, ADRENALINE)


def buy_one_choices(s: State) -> list[int]:
    """The cubes Pit Team's money buys (AU-51): in the stock, costing at most the money."""
    money = s.effect[4]
    cubes = s.cfg.cubes
    return [c for c in range(len(CUBES)) if c != WEAR and s.stock[c]
            and (cubes[c].cost or 0) <= money]


def buy_one(s: State, cube: int) -> None:
    """Pit Team's purchase (AU-51): the cube from the stock to the used pile; the rest of the
    money is lost."""
    seat = s.mover
    s.stock = add(s.stock, cube, -1)
    s.used = with_(s.used, seat, add(s.used[seat], cube, 1))
    log(s, ev.PitTeamCube, seat, cube)
    _end(s)


# --- draws --------------------------------------------------------------------------------------
def _forced(s: State, card: int, k: int) -> None:
    s.effect = (FORCED, card, 0, k, 0, s.mover)
    s.phase, s.drawing = "draw", ((s.mover, 1),)


def can_draw(s: State, seat: int) -> bool:
    """Whether ``seat`` has a cube to draw (the bag, or the discard to refill it; AU-19)."""
    return any(s.bag[seat]) or any(s.discard[seat])


def draw_more(s: State) -> None:
    """Draw one more cube (Performance Test, Boost): Boost's own draws gain 1 wear each
    (AU-62); the draw is chance's."""
    kind, card, stage, left, count, seat = s.effect
    if source_id(card) == "boost" and stage == 0:
        gain_wear(s, 1)
    s.effect = (kind, card, stage, left - 1, count, seat)
    s.phase, s.drawing = "draw", ((seat, 1),)


def mag_most(s: State) -> int:
    """How many cubes Mag Matthews may draw at once (AU-72): up to 3, no more than the bag and
    the discard (which refills it, AU-19) hold together."""
    seat = s.effect[5]
    return min(MAG_MAX, sum(s.bag[seat]) + sum(s.discard[seat]))


def draw_at_once(s: State, n: int) -> None:
    """Mag Matthews (AU-72): "Ziehen Sie bis zu 3 Würfel auf einmal ... Nachdem Sie alle
    benötigten Würfel gezogen haben, entscheiden Sie sich ...": the number is chosen first,
    then chance draws all ``n`` cubes, and only then does the player decide for each (return
    it to the bag, remove it, or keep it on the active pile for its value), unlike Boost's
    draws one at a time (AU-62, "nacheinander ziehen")."""
    _, card, stage, _, count, seat = s.effect
    log(s, ev.MagDraws, seat, n)
    s.effect = (DRAWS, card, stage, 0, count, seat)
    s.phase, s.drawing = "draw", ((seat, n),)


def on_drawn(s: State, cube: int) -> None:
    """A card's draw came out ``cube`` (logged; Nitro remembers it)."""
    kind, card, stage, left, count, seat = s.effect
    log(s, ev.DrawCube, seat, cube)
    if kind == FORCED and left and s.drawing[0][1] == 0:
        s.effect = (kind, card, stage, left - 1, count | 1 << cube, seat)
    elif kind == DRAWS and source_id(card) == "mag_matthews":
        s.effect = (kind, card, stage, left, count + 4 ** cube, seat)


def after_draw(s: State) -> None:
    """A card's draw is done: draw again, decide again, or go on with the card."""
    kind, card, stage, left, count, seat = s.effect
    if kind == FORCED:
        if left and can_draw(s, seat):
            s.drawing = ((seat, 1),)
            return
        card_id = source_id(card)
        if card_id == "kaia_lin":
            if stage == 0:
                _pick(s, card, 1, MANY, 0, seat)
            else:
                _end(s)
        elif card_id == "factory_support":
            _pick(s, card, 1, 1)
        elif left == 0 and count & (count - 1):  # Nitro drew two colours: which goes
            _pick(s, card, 1, 1, count)
        elif left == 0:  # two of one colour: one of them goes to the discard
            move_cube(s, seat, count.bit_length() - 1, ACTIVE, DISCARD)
            log(s, ev.ToDiscard, seat, count.bit_length() - 1)
            _end(s)
        else:
            _end(s)
        return
    s.phase = "card"
    if left == 0:
        _draws_done(s)


def _draws_done(s: State) -> None:
    """The drawing seat stops: Boost passes to the next other player (AU-62, RA5)."""
    _, card, stage, _, count, seat = s.effect
    if source_id(card) == "mag_matthews":
        _pick(s, card, 1, _drawn(count), count, seat)  # nothing drawn: back to buying
        return
    if source_id(card) != "boost" or stage >= s.players - 1:
        _end(s)
        return
    nxt = s.order[(s.turn + stage + 1) % s.players]
    s.effect, s.phase = (DRAWS, card, stage + 1, 1, 0, nxt), "card"


# --- the drivers (AU-24, AU-69..AU-78) ------------------------------------------------------------
def power(s: State) -> None:
    """Use the driver's power of the action or buy phase, once a turn: David Bird (AU-70) puts
    1 cube of the discard on the active pile; Eileen Pi (AU-71) up to 3 of the discard back
    into the bag; Mag Matthews (AU-72) chooses how many to draw (1-3), draws them all at once,
    then returns any of them to the bag, removes any, and the rest count for their value in this
    buy phase (``draw_at_once``); Kali Bauer (AU-73)
    removes cubes of the discard at $1 each."""
    seat = s.mover
    driver = s.drivers[seat]
    src = driver_source(driver)
    log(s, ev.DriverPower, seat, driver)
    if driver == DAVID:
        _pick(s, src, 0, 1)
    elif driver == EILEEN:
        _pick(s, src, 0, 3)
    elif driver == KALI:
        _pick(s, src, 0, s.money)
    else:
        s.effect, s.phase = (DRAWS, src, 0, 3, 0, seat), "card"


def power_ready(s: State) -> bool:
    """Whether the mover's driver offers a power now (once a turn, with something to do)."""
    if not s.drivers or s.flags & POWER_USED:
        return False
    driver, seat = s.drivers[s.mover], s.mover
    if s.phase == "action":
        return driver in ACTION_POWERS and any(s.discard[seat])
    if s.phase == "buy":
        return (driver == KALI and s.money >= 1 and any(s.discard[seat])) or (
            driver == MAG and can_draw(s, seat))
    return False


def end_draw(s: State, seat: int, gained: int) -> None:
    """The end phase's draw of 7 (AU-19) for ``seat``, then its driver's power after the draw:
    Mike Skipjack draws up to 1 more per wear of his wear phase (AU-75), Nathan Emery up to 2
    more (AU-77), Kaia Lin discards any of the cubes drawn and draws as many, once (AU-78)."""
    driver = s.drivers[seat] if s.drivers else -1
    src = driver_source(driver)
    effect: tuple[int, ...] = ()
    if driver == MIKE and gained:
        effect = (DRAWS, src, 0, gained, 0, seat)
    elif driver == NATHAN:
        effect = (DRAWS, src, 0, 2, 0, seat)
    elif driver == KAIA:
        effect = (FORCED, src, 0, 0, 0, seat)
    s.effect, s.phase, s.drawing = effect, "draw", ((seat, s.cfg.draw),)


def deciding_seat(s: State) -> int:
    """Who decides the card effect in progress (an other player for Boost's draws)."""
    return s.effect[5]


def ahead_of(s: State, seat: int) -> list[int]:
    """The seats in front of ``seat`` (RA4)."""
    order = position_order(s)
    return order[:order.index(seat)]


__all__ = ["BAG", "KINDS", "PICKS", "START", "play"]
