"""Actions: small frozen value objects with a text form and a stable integer id (STYLE 5).

Every decision of the game, chance included, is one atomic action from a short legal list
(see docs/architecture.md). Each action class names things by index into the component data
(`kwcore/data/components.json`), prints as a short English command, and parses back from that
text. All possible actions are enumerated once, in a fixed order, into ``ACTIONS``; an action's id
is its position there, so ids are stable for a given component file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from gamecore.actions import Action as GameAction
from gamecore.actions import ActionTable
from kwcore.config import (
    ACTION_KINDS,
    CAR_TECH,
    CATEGORIES,
    INVESTORS,
    PREFERENCES,
    all_companies,
    config_for,
)

_CFG = config_for(4)  # names are the same for every player count
_COMPANIES = all_companies()
_TILES = tuple(t.name for t in _CFG.tiles)
_RECRUIT = tuple(r.name for r in _CFG.recruit)
_STARTS = tuple(s.name for s in _CFG.start_tiles)
_VALUES = range(_CFG.tile_min, _CFG.tile_max + 1)
_PRICES = range(1, max(max(p) for p in _CFG.price_markers) + 1)
_TRACKS = ("body", "engine", "both")
_PLACES = ("workshop", "racing car", "replacing body", "replacing engine")
_KETTERING = ("body", "engine", "price", "workers")
#: where a Place action puts the new tile
WORKSHOP, RACING_CAR, REPLACE_BODY, REPLACE_ENGINE = range(4)
#: which part of a market car a Kettering swap changes
SWAP_BODY, SWAP_ENGINE, SWAP_PRICE, SWAP_WORKERS = range(4)
MAX_SERVICE_WORKERS = _CFG.workers_per_company


class Action(GameAction):
    """Base class of all Kraftwagen actions; subclasses are frozen dataclasses."""

    __slots__ = ()


def _with(workers: int, salesman: bool) -> str:
    return f"{workers} with salesman" if salesman else str(workers)


# --- chance -----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Deal(Action):
    """Setup: the next chain item from the tail (seed JP: Setup 2, 13; RULINGS K1)."""

    item: int  # action tile index, or len(tiles) + company
    chance = True

    def __str__(self) -> str:
        n = len(_TILES)
        return f"deal {_TILES[self.item] if self.item < n else _COMPANIES[self.item - n]}"


@dataclass(frozen=True, slots=True)
class Offer(Action):
    """Two-player setup: one of the two random start tiles offered (RULINGS K30)."""

    start: int
    chance = True

    def __str__(self) -> str:
        return f"offer {_STARTS[self.start]}"


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Preparation: the top recruit tile of a stack is turned face up (RULINGS K12)."""

    recruit: int
    chance = True

    def __str__(self) -> str:
        return f"reveal {_RECRUIT[self.recruit]}"


# --- warm-up and the action step --------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseStart(Action):
    """Warm-up: take a start tile (seed JP: Warm-up)."""

    start: int

    def __str__(self) -> str:
        return f"start {_STARTS[self.start]}"


@dataclass(frozen=True, slots=True)
class PickTile(Action):
    """Choose an action tile from the chain (seed JP: Action phase A; RULINGS K1)."""

    tile: int

    def __str__(self) -> str:
        return f"pick {_TILES[self.tile]}"


@dataclass(frozen=True, slots=True)
class DoAction(Action):
    """Choose which of the tile's remaining actions to do next (RULINGS K2)."""

    kind: int

    def __str__(self) -> str:
        return f"do {ACTION_KINDS[self.kind]}"


@dataclass(frozen=True, slots=True)
class Research(Action):
    """Research: body, engine, or both with an engineer token (RULINGS K6)."""

    track: int

    def __str__(self) -> str:
        return f"research {_TRACKS[self.track]}"


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Where a newly built tile goes (RULINGS K7): free workshop, racing car, or replacing one."""

    where: int
    value: int = 0

    def __str__(self) -> str:
        if self.where == WORKSHOP:
            return "place in workshop"
        if self.where == RACING_CAR:
            return "place on racing car"
        return f"place {_PLACES[self.where]} {self.value}"


@dataclass(frozen=True, slots=True)
class Hire(Action):
    """Hire worker: an ordinary worker, or the salesman with Riker (RULINGS K8)."""

    salesman: bool

    def __str__(self) -> str:
        return "hire salesman" if self.salesman else "hire worker"


@dataclass(frozen=True, slots=True)
class Attract(Action):
    """Attract buyer: take a buyer from an available stack (RULINGS K9)."""

    pref: int

    def __str__(self) -> str:
        return f"attract {PREFERENCES[self.pref]}"


@dataclass(frozen=True, slots=True)
class Recruit(Action):
    """Recruit: take a face-up recruit tile (RULINGS K12)."""

    recruit: int

    def __str__(self) -> str:
        return f"recruit {_RECRUIT[self.recruit]}"


@dataclass(frozen=True, slots=True)
class RecruitWorkers(Action):
    """Recruit: take two workers from the supply (RULINGS K12)."""

    def __str__(self) -> str:
        return "recruit workers"


@dataclass(frozen=True, slots=True)
class RecruitMove(Action):
    """Recruit: move the racing car three spaces (RULINGS K11, K12)."""

    def __str__(self) -> str:
        return "recruit move"


@dataclass(frozen=True, slots=True)
class Team(Action):
    """Grand Prix: canteen workers (and the salesman) added to the racing team (RULINGS K10)."""

    workers: int
    salesman: bool = False

    def __str__(self) -> str:
        return f"team {_with(self.workers, self.salesman)}"


@dataclass(frozen=True, slots=True)
class SellCar(Action):
    """Immediate benefit: sell one of your market cars for 7 or 5 (RULINGS K18)."""

    slot: int

    def __str__(self) -> str:
        return f"sell car {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class SwapBuyer(Action):
    """Immediate benefit: exchange an active buyer with an available one (RULINGS K19)."""

    space: int
    pref: int

    def __str__(self) -> str:
        return f"swap buyer {self.space + 1} for {PREFERENCES[self.pref]}"


# --- the market step --------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class CarBody(Action):
    """Placing a car, part 1: the workshop body tile (RULINGS K13)."""

    value: int

    def __str__(self) -> str:
        return f"car body {self.value}"


@dataclass(frozen=True, slots=True)
class CarEngine(Action):
    """Placing a car, part 2: the workshop engine tile (RULINGS K13)."""

    value: int

    def __str__(self) -> str:
        return f"car engine {self.value}"


@dataclass(frozen=True, slots=True)
class CarService(Action):
    """Placing a car, part 3: canteen workers and/or the salesman (RULINGS K13)."""

    workers: int
    salesman: bool = False

    def __str__(self) -> str:
        return f"car workers {_with(self.workers, self.salesman)}"


@dataclass(frozen=True, slots=True)
class CarPrice(Action):
    """Placing a car, part 4: a price marker from the chart (RULINGS K13)."""

    value: int

    def __str__(self) -> str:
        return f"car price {self.value}"


@dataclass(frozen=True, slots=True)
class CarTech(Action):
    """Placing a car, part 5: a Winton/Christie marker, or none (RULINGS K13, K5)."""

    marker: int  # index into CAR_TECH, or -1 for none

    def __str__(self) -> str:
        return "car tech none" if self.marker < 0 else f"car tech {CAR_TECH[self.marker]}"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Decline the optional market step, ending the turn (RULINGS K3)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End the turn after the market step (free actions were still possible)."""

    def __str__(self) -> str:
        return "end turn"


# --- free actions (RULINGS K5) ----------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Invest(Action):
    """Put an investor's investment token on one of your market cars (RULINGS K16)."""

    investor: int
    slot: int
    free = True

    def __str__(self) -> str:
        return f"invest {_RECRUIT[self.investor]} in car {self.slot + 1}"


@dataclass(frozen=True, slots=True)
class PackardMarker(Action):
    """Place a Packard +2/+4 marker beside an active buyer (seed JP: Engineers, Packard)."""

    bonus: int
    space: int
    free = True

    def __str__(self) -> str:
        return f"packard +{self.bonus} at buyer {self.space + 1}"


@dataclass(frozen=True, slots=True)
class Kettering(Action):
    """Spend a Kettering swap marker to change one part of your market car (RULINGS K20)."""

    slot: int
    part: int
    value: int
    free = True

    def __str__(self) -> str:
        return f"kettering car {self.slot + 1} {_KETTERING[self.part]} {self.value}"


# --- the scoring phase ------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class BuickBuyer(Action):
    """Buick's extra buyer at the start of the scoring phase, or none (RULINGS K21)."""

    pref: int  # -1 for none

    def __str__(self) -> str:
        return "buick none" if self.pref < 0 else f"buick {PREFERENCES[self.pref]}"


def _enumerate() -> list[Action]:
    """Every possible action, in the fixed order that defines the ids."""
    n_items = len(_TILES) + len(_COMPANIES)
    acts: list[Action] = []
    acts += [Deal(i) for i in range(n_items)]
    acts += [Offer(i) for i in range(len(_STARTS))]
    acts += [Reveal(i) for i in range(len(_RECRUIT))]
    acts += [ChooseStart(i) for i in range(len(_STARTS))]
    acts += [PickTile(i) for i in range(len(_TILES))]
    acts += [DoAction(i) for i in range(len(ACTION_KINDS))]
    acts += [Research(i) for i in range(len(_TRACKS))]
    acts += [Place(WORKSHOP), Place(RACING_CAR)]
    acts += [Place(w, v) for w in (REPLACE_BODY, REPLACE_ENGINE) for v in _VALUES]
    acts += [Hire(False), Hire(True)]
    acts += [Attract(p) for p in range(len(PREFERENCES))]
    acts += [Recruit(i) for i in range(len(_RECRUIT))]
    acts += [RecruitWorkers(), RecruitMove()]
    team = range(_CFG.team_capacity + 1)
    acts += [Team(w, s) for s in (False, True) for w in team]
    acts += [SellCar(i) for i in range(_CFG.market_spaces)]
    acts += [SwapBuyer(i, p) for i in range(4) for p in range(len(PREFERENCES))]
    acts += [CarBody(v) for v in _VALUES]
    acts += [CarEngine(v) for v in _VALUES]
    acts += [CarService(w, s) for s in (False, True) for w in range(MAX_SERVICE_WORKERS + 1)]
    acts += [CarPrice(v) for v in _PRICES]
    acts += [CarTech(m) for m in range(-1, len(CAR_TECH))]
    acts += [Pass(), EndTurn()]
    investors = [r.index for r in _CFG.recruit if r.category == INVESTORS]
    acts += [Invest(i, s) for i in investors for s in range(_CFG.market_spaces)]
    acts += [PackardMarker(b, s) for b in (2, 4) for s in range(4)]
    part_values = {
        SWAP_BODY: _VALUES,
        SWAP_ENGINE: _VALUES,
        SWAP_PRICE: _PRICES,
        SWAP_WORKERS: range(MAX_SERVICE_WORKERS + 1),
    }
    acts += [
        Kettering(s, part, v)
        for s in range(_CFG.market_spaces)
        for part, values in part_values.items()
        for v in values
    ]
    acts += [BuickBuyer(p) for p in range(-1, len(PREFERENCES))]
    return acts


TABLE: Final[ActionTable[Action]] = ActionTable(_enumerate())
Action.TABLE = TABLE
ACTIONS: Final[tuple[Action, ...]] = TABLE.actions
ACTION_ID: Final[dict[Action, int]] = TABLE.ids
NUM_ACTIONS: Final[int] = len(ACTIONS)
_ = CATEGORIES  # re-exported vocabulary


def action_from_id(action_id: int) -> Action:
    """The action with this stable id (ActionParseError for anything else)."""
    return TABLE.from_id(action_id)


def action_from_text(text: str) -> Action:
    """Parse the text form of an action (case and spacing are ignored).

    Raises ActionParseError when the text is not the form of any action; legality in a given
    state is checked separately (see ``kwcore.parse_action``).
    """
    return TABLE.from_text(text)
