"""Automobiles' actions: frozen value objects, text forms that parse back, stable ids (STYLE 5).

Every decision is atomic: chance places a seat on the grid (AU-09) or draws one cube
(AU-12, AU-19); a player buys one cube or stops (AU-11, AU-14), plays one gear cube or ends the
action phase or makes a pit stop (AU-12, AU-13), and puts the gear cube played on one space
(AU-12, AU-29..AU-32); a card's cube is played and its choices follow one at a time (a space
for its cube, stop moving, which cube to remove or return, skip; AU-36, AU-43, AU-48, AU-56,
AU-63; ``choose`` a pile's cube, an ``option``, ``draw one more`` for the other cards; Mag
Matthews's ``draw N cubes at once``, AU-72); chance
deals a random card set (AU-08). Ids are positions in ``TABLE``, stable for a given component
file: new kinds are appended, so the ids of older kinds never move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamecore.actions import Action as GameAction
from gamecore.actions import ActionTable

from .config import ACTION_COLOURS, CUBES, GEARS, MAX_SEGMENTS, WEAR, config_for

_CFG = config_for(2)  # the same for every player count

#: The piles a card's ``Choose`` names, in the order of ``board.ACTIVE`` .. ``board.BAG``.
PILES = ("active", "discard", "used", "bag")


class Action(GameAction):
    """Base class of Automobiles' actions."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class Order(Action):
    """Chance: the next grid position (and turn) goes to ``seat`` (AU-09)."""

    seat: int
    chance = True

    def __str__(self) -> str:
        return f"order seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Chance: the cube drawn from the bag is of colour ``cube`` (AU-12, AU-19)."""

    cube: int
    chance = True

    def __str__(self) -> str:
        return f"draw {CUBES[self.cube]}"


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Buy one cube of colour ``cube`` from the stock (AU-11, AU-14)."""

    cube: int

    def __str__(self) -> str:
        return f"buy {CUBES[self.cube]}"


@dataclass(frozen=True, slots=True)
class StopBuying(Action):
    """Spend no more; the money left is lost (AU-11, AU-14)."""

    def __str__(self) -> str:
        return "stop buying"


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one cube of colour ``cube`` from the active pile (AU-12)."""

    cube: int

    def __str__(self) -> str:
        return f"play {CUBES[self.cube]}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Put the gear cube just played on space ``space`` of the track (AU-12, AU-23)."""

    space: int

    def __str__(self) -> str:
        return f"place {self.space}"


@dataclass(frozen=True, slots=True)
class PlaceOn(Action):
    """With Weaving: put the cube (gear or card's) or the car on segment ``segment`` of space
    ``space`` (AU-23; segment 0 is the rearmost)."""

    space: int
    segment: int

    def __str__(self) -> str:
        return f"place {self.space} segment {self.segment}"


@dataclass(frozen=True, slots=True)
class StopMoving(Action):
    """End an "up to" move of a card's cube early (RA5: "up to" may do less)."""

    def __str__(self) -> str:
        return "stop moving"


@dataclass(frozen=True, slots=True)
class Remove(Action):
    """A card's choice: remove one cube of colour ``cube`` from the active pile to the stock
    (Manager, AU-36)."""

    cube: int

    def __str__(self) -> str:
        return f"remove {CUBES[self.cube]}"


@dataclass(frozen=True, slots=True)
class Return(Action):
    """A card's choice: put one cube of colour ``cube`` of the active pile (``pile`` 0) or the
    discard (``pile`` 1) back into the bag (Manager, AU-36)."""

    pile: int
    cube: int

    def __str__(self) -> str:
        return f"return {('active', 'discard')[self.pile]} {CUBES[self.cube]}"


@dataclass(frozen=True, slots=True)
class Skip(Action):
    """A card's choice: do not use an optional part of its effect (AU-36)."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True, slots=True)
class EndActions(Action):
    """End the action phase; the buy phase follows (AU-12, AU-14)."""

    def __str__(self) -> str:
        return "end actions"


@dataclass(frozen=True, slots=True)
class PitStop(Action):
    """Make a pit stop instead of the action, buy and car phases (AU-13)."""

    def __str__(self) -> str:
        return "pit stop"


@dataclass(frozen=True, slots=True)
class Choose(Action):
    """A card's choice: take one cube of colour ``cube`` from ``pile`` (0 active, 1 discard,
    2 used, 3 bag) for the card's effect, which says where it goes (AU-34..AU-68)."""

    pile: int
    cube: int

    def __str__(self) -> str:
        return f"choose {PILES[self.pile]} {CUBES[self.cube]}"


@dataclass(frozen=True, slots=True)
class Option(Action):
    """A card's choice between its two options, ``k`` 1 or 2 (Pit Crew AU-50, Adrenaline
    AU-66)."""

    k: int

    def __str__(self) -> str:
        return f"option {self.k}"


@dataclass(frozen=True, slots=True)
class DrawMore(Action):
    """A card's choice: draw one more cube (Performance Test AU-40, Boost AU-62); ``skip``
    stops."""

    def __str__(self) -> str:
        return "draw one more"


@dataclass(frozen=True, slots=True)
class DrawCubes(Action):
    """Mag Matthews's choice (AU-72): how many cubes, 1 to 3, to draw at once before seeing
    any of them ("Ziehen Sie bis zu 3 Würfel auf einmal")."""

    n: int

    def __str__(self) -> str:
        return f"draw {self.n} cube{'s' if self.n > 1 else ''} at once"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Chance: the card of its colour in play is ``card`` (a random card set, AU-08)."""

    card: int
    chance = True

    def __str__(self) -> str:
        return f"deal {_CFG.cards[self.card].id}"


@dataclass(frozen=True, slots=True)
class DealDriver(Action):
    """Chance: driver ``driver`` (0-9) joins the drivers on offer (AU-24, RA7)."""

    driver: int
    chance = True

    def __str__(self) -> str:
        return f"deal driver {_CFG.drivers[self.driver]}"


@dataclass(frozen=True, slots=True)
class TakeDriver(Action):
    """Take driver ``driver`` (0-9) from those on offer (AU-24, RA7)."""

    driver: int

    def __str__(self) -> str:
        return f"take driver {_CFG.drivers[self.driver]}"


@dataclass(frozen=True, slots=True)
class UseDriver(Action):
    """Use the driver's power of the action or buy phase (AU-70..AU-73)."""

    def __str__(self) -> str:
        return "use driver"


@dataclass(frozen=True, slots=True)
class DealSponsor(Action):
    """Chance: sponsor ``sponsor`` (0-17, A1..F3) joins those on offer (AU-26, RA7)."""

    sponsor: int
    chance = True

    def __str__(self) -> str:
        return f"deal sponsor {_CFG.sponsors[self.sponsor].id}"


@dataclass(frozen=True, slots=True)
class TakeSponsor(Action):
    """Take sponsor ``sponsor`` from those on offer (AU-26)."""

    sponsor: int

    def __str__(self) -> str:
        return f"take sponsor {_CFG.sponsors[self.sponsor].id}"


@dataclass(frozen=True, slots=True)
class KeepSponsor(Action):
    """Keep the sponsor of the previous race instead of a new one (AU-26)."""

    def __str__(self) -> str:
        return "keep sponsor"


@dataclass(frozen=True, slots=True)
class DiscardSponsor(Action):
    """Having kept his sponsor, discard sponsor ``sponsor`` from those on offer (AU-26)."""

    sponsor: int

    def __str__(self) -> str:
        return f"discard sponsor {_CFG.sponsors[self.sponsor].id}"


@dataclass(frozen=True, slots=True)
class Take(Action):
    """A sponsor's free cube: take one cube of colour ``cube`` from the stock (AU-82)."""

    cube: int

    def __str__(self) -> str:
        return f"take {CUBES[self.cube]}"


#: The most cubes Mag Matthews draws at once (AU-72).
MAG_MAX: Final[int] = 3


def _all_actions() -> list[Action]:
    cfg = _CFG
    return [*(Order(s) for s in range(cfg.max_players)),
            *(Draw(c) for c in range(len(CUBES))),
            *(Buy(c) for c in range(len(CUBES)) if c != WEAR),
            StopBuying(),
            *(Play(c) for c in (*GEARS, *ACTION_COLOURS)),
            *(Place(s) for s in range(cfg.max_spaces)),
            EndActions(), PitStop(), StopMoving(),
            *(Remove(c) for c in range(len(CUBES))),
            *(Return(p, c) for p in (0, 1) for c in range(len(CUBES))), Skip(),
            *(Choose(p, c) for p in range(len(PILES)) for c in range(len(CUBES))),
            Option(1), Option(2), DrawMore(),
            *(Deal(k) for k in range(len(cfg.cards))),
            *(PlaceOn(s, k) for s in range(cfg.max_spaces) for k in range(MAX_SEGMENTS)),
            *(DealDriver(d) for d in range(len(cfg.drivers))),
            *(TakeDriver(d) for d in range(len(cfg.drivers))), UseDriver(),
            *(DealSponsor(k) for k in range(len(cfg.sponsors))),
            *(TakeSponsor(k) for k in range(len(cfg.sponsors))), KeepSponsor(),
            *(DiscardSponsor(k) for k in range(len(cfg.sponsors))),
            *(Take(c) for c in range(len(CUBES)) if c != WEAR),
            *(DrawCubes(n) for n in range(1, MAG_MAX + 1))]  # last: the older ids stay


TABLE: Final[ActionTable[Action]] = ActionTable(_all_actions())
Action.TABLE = TABLE
ACTIONS: Final[tuple[Action, ...]] = TABLE.actions
NUM_ACTIONS: Final[int] = len(ACTIONS)
ORDER_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[Order(s)] for s in range(_CFG.max_players))
DRAW_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[Draw(c)] for c in range(len(CUBES)))
#: Buy ids by cube index (wear is never bought: -1).
BUY_IDS: Final[tuple[int, ...]] = tuple(-1 if c == WEAR else TABLE.ids[Buy(c)]
                                        for c in range(len(CUBES)))
STOP_BUYING: Final[int] = TABLE.ids[StopBuying()]
PLAY_IDS: Final[dict[int, int]] = {c: TABLE.ids[Play(c)] for c in (*GEARS, *ACTION_COLOURS)}
PLACE_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[Place(s)]
                                          for s in range(_CFG.max_spaces))
END_ACTIONS: Final[int] = TABLE.ids[EndActions()]
PIT_STOP: Final[int] = TABLE.ids[PitStop()]
STOP_MOVING: Final[int] = TABLE.ids[StopMoving()]
REMOVE_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[Remove(c)] for c in range(len(CUBES)))
RETURN_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(TABLE.ids[Return(p, c)] for c in range(len(CUBES))) for p in (0, 1))
SKIP: Final[int] = TABLE.ids[Skip()]
#: Choose ids by pile (active, discard, used, bag) and cube index.
CHOOSE_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(TABLE.ids[Choose(p, c)] for c in range(len(CUBES))) for p in range(len(PILES)))
OPTION_IDS: Final[dict[int, int]] = {k: TABLE.ids[Option(k)] for k in (1, 2)}
DRAW_MORE: Final[int] = TABLE.ids[DrawMore()]
#: Mag Matthews's draw-at-once ids by the number of cubes (index 0: one cube, AU-72).
DRAW_CUBES_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[DrawCubes(n)]
                                               for n in range(1, MAG_MAX + 1))
#: PlaceOn ids by space and segment (Weaving, AU-23).
PLACE_ON_IDS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(TABLE.ids[PlaceOn(s, k)] for k in range(MAX_SEGMENTS))
    for s in range(_CFG.max_spaces))
DEAL_DRIVER_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[DealDriver(d)]
                                                for d in range(len(_CFG.drivers)))
TAKE_DRIVER_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[TakeDriver(d)]
                                                for d in range(len(_CFG.drivers)))
USE_DRIVER: Final[int] = TABLE.ids[UseDriver()]
DEAL_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[Deal(k)] for k in range(len(_CFG.cards)))
DEAL_SPONSOR_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[DealSponsor(k)]
                                                 for k in range(len(_CFG.sponsors)))
TAKE_SPONSOR_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[TakeSponsor(k)]
                                                 for k in range(len(_CFG.sponsors)))
KEEP_SPONSOR: Final[int] = TABLE.ids[KeepSponsor()]
DISCARD_SPONSOR_IDS: Final[tuple[int, ...]] = tuple(TABLE.ids[DiscardSponsor(k)]
                                                    for k in range(len(_CFG.sponsors)))
#: Take ids by cube index (wear is never taken: -1).
TAKE_IDS: Final[tuple[int, ...]] = tuple(-1 if c == WEAR else TABLE.ids[Take(c)]
                                         for c in range(len(CUBES)))
