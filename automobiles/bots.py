"""Automobiles' bots: uniform random, and a greedy one.

Bots only choose among ``state.legal_action_ids()``; each owns a seeded ``random.Random``
(STYLE 9). At a chance node (explicit chance) both choose a legal outcome uniformly. The greedy
bot (a judgement, not a rule): plays the gear whose best space goes furthest, then its cards'
cubes (Manager only with wear in hand, Crew Chief only with wear in the discard); puts a cube
(or a card's cube, each step) on the space reaching furthest; a card's choice takes wear out
where it can (``_card_choice``; a sponsor's choices too: the first sponsor on offer, wear
removed, the dearest cube bought);
makes a pit stop holding 3 wear or more with nothing to move; buys the dearest gear it can
afford, else stops.
"""

from __future__ import annotations

import random

from gamecore.bots import RandomBot, make_from

from . import rules
from .actions import (
    ACTIONS,
    CHOOSE_IDS,
    END_ACTIONS,
    PIT_STOP,
    REMOVE_IDS,
    SKIP,
    STOP_BUYING,
    STOP_MOVING,
    Buy,
    Place,
    PlaceOn,
    Play,
)
from .board import anchor, successors
from .config import GEARS, PURPLE, WEAR, YELLOW
from .state import State

#: The greedy bot pits with this much wear in hand and nothing to play.
PIT_WEAR = 3


class GreedyBot:
    """Furthest for the least wear; buys by a simple value per dollar (the dearest gear)."""

    name = "greedy"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        """The greedy choice among the legal action ids."""
        legal = state.legal_action_ids()
        if state.current_player < 0:
            return self.rng.choice(legal)
        places = [a for a in legal if isinstance(ACTIONS[a], Place | PlaceOn)]
        if places:
            return max(places, key=lambda a: _reach(state, _space(a)))
        if state.phase in ("card", "sponsor"):  # a sponsor's choices like a card's (AU-26)
            return _card_choice(state, legal)
        if state.phase == "driver":
            return legal[0]  # no judgement of the drivers: the first on offer
        if state.phase == "action":
            plays = [a for a in legal if isinstance(ACTIONS[a], Play) and _cube(a) in GEARS]
            if plays:
                return max(plays, key=lambda a: max(
                    _reach(state, b) for b in rules.placements(state, _cube(a))))
            active, discard = state.active[state.mover], state.discard[state.mover]
            useful = {YELLOW: active[WEAR] > 0, PURPLE: discard[WEAR] > 0}
            cards = [a for a in legal if isinstance(ACTIONS[a], Play)
                     and useful.get(_cube(a), True)]
            if cards:  # the cards after the gears: their moves start from the last cube
                return cards[0]
            if PIT_STOP in legal and state.active[state.mover][WEAR] >= PIT_WEAR:
                return PIT_STOP
            return END_ACTIONS
        buys = [a for a in legal if isinstance(ACTIONS[a], Buy) and _cube(a) in GEARS]
        return max(buys, key=_cube) if buys else STOP_BUYING


def _card_choice(state: State, legal: tuple[int, ...]) -> int:
    """A card's choice: take a wear cube where one is offered (Manager's removal, a card
    removing cubes), else the dearest cube a card buys, else skip or stop, else the first
    choice (option 1, a "must" pick)."""
    wear = [a for a in (REMOVE_IDS[WEAR], *(ids[WEAR] for ids in CHOOSE_IDS)) if a in legal]
    if wear:
        return wear[0]
    buys = [a for a in legal if isinstance(ACTIONS[a], Buy)]
    if buys:
        return max(buys, key=lambda a: state.cfg.cubes[_cube(a)].cost or 0)
    for stop in (SKIP, STOP_MOVING):
        if stop in legal:
            return stop
    return legal[0]


def _cube(aid: int) -> int:
    action = ACTIONS[aid]
    assert isinstance(action, Play | Buy)
    return action.cube


def _space(aid: int) -> tuple[int, int | None]:
    action = ACTIONS[aid]
    assert isinstance(action, Place | PlaceOn)
    return action.space, action.segment if isinstance(action, PlaceOn) else None


def _reach(state: State, where: int | tuple[int, int | None]) -> int:
    """How far ahead a cube on a space (or, with Weaving, a segment) puts the car (its unit,
    laps unrolled; a space's front segment without Weaving)."""
    space, seg = where if isinstance(where, tuple) else (where, None)
    track = state.track_spec
    at, at_seg, _ = anchor(state)
    wraps = dict(successors(state, at, at_seg)).get(space, 0)
    unit = track.spaces[space].end if seg is None else track.spaces[space].start + seg + 1
    return unit + wraps * track.units


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = 0) -> RandomBot | GreedyBot:
    """A new bot by name (``"random"`` or ``"greedy"``) with its own seeded generator."""
    return make_from(BOTS, name, seed)
