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
from collections.abc import Callable

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
        """The greedy choice among the legal action ids (``greedy_choice``); at a chance node a
        legal outcome drawn uniformly."""
        legal = state.legal_action_ids()
        if state.current_player < 0:
            return self.rng.choice(legal)
        return greedy_choice(state, legal)


def greedy_choice(state: State, legal: tuple[int, ...]) -> int:
    """The greedy bot's choice at a player's decision (never a chance node), ``legal`` being
    ``state.legal_action_ids()``: a function of the position alone, drawing nothing, so a
    simulation may call it for every seat without a bot (module docstring)."""
    places = [a for a in legal if a in _SPACE_OF]
    if places:
        reach = _reacher(state)
        return max(places, key=lambda a: reach(_SPACE_OF[a]))
    phase = state.phase
    if phase in ("card", "sponsor"):  # a sponsor's choices like a card's (AU-26)
        return _card_choice(state, legal)
    if phase == "driver":
        return legal[0]  # no judgement of the drivers: the first on offer
    if phase == "action":
        return _action_choice(state, legal)
    buys = [a for a in legal if a in _GEAR_BUYS]
    return max(buys, key=_GEAR_BUYS.__getitem__) if buys else STOP_BUYING


def _action_choice(state: State, legal: tuple[int, ...]) -> int:
    """The gear whose best space goes furthest; else a useful card; else a pit stop with
    ``PIT_WEAR`` wear in hand; else the end of the actions."""
    plays = [a for a in legal if a in _GEAR_PLAYS]
    if plays:
        reach = _reacher(state)
        return max(plays, key=lambda a: max(
            reach((b, None)) for b in rules.placements(state, _GEAR_PLAYS[a])))
    active, discard = state.active[state.mover], state.discard[state.mover]
    useful = {YELLOW: active[WEAR] > 0, PURPLE: discard[WEAR] > 0}
    cards = [a for a in legal if a in _PLAYS and useful.get(_PLAYS[a], True)]
    if cards:  # the cards after the gears: their moves start from the last cube
        return cards[0]
    if PIT_STOP in legal and active[WEAR] >= PIT_WEAR:
        return PIT_STOP
    return END_ACTIONS


def _card_choice(state: State, legal: tuple[int, ...]) -> int:
    """A card's choice: take a wear cube where one is offered (Manager's removal, a card
    removing cubes), else the dearest cube a card buys, else skip or stop, else the first
    choice (option 1, a "must" pick)."""
    wear = [a for a in (REMOVE_IDS[WEAR], *(ids[WEAR] for ids in CHOOSE_IDS)) if a in legal]
    if wear:
        return wear[0]
    buys = [a for a in legal if a in _BUYS]
    if buys:
        return max(buys, key=lambda a: state.cfg.cubes[_BUYS[a]].cost or 0)
    for stop in (SKIP, STOP_MOVING):
        if stop in legal:
            return stop
    return legal[0]


def _reacher(state: State) -> Callable[[tuple[int, int | None]], int]:
    """How far ahead a cube on a space (or, with Weaving, a segment) puts the car: its unit,
    laps unrolled; a space's front segment without Weaving. The mover's anchor and the spaces
    after it are read once for every candidate of a decision."""
    track = state.track_spec
    at, at_seg, _ = anchor(state)
    wraps = dict(successors(state, at, at_seg))
    spaces, units = track.spaces, track.units

    def reach(where: tuple[int, int | None]) -> int:
        space, seg = where
        unit = spaces[space].end if seg is None else spaces[space].start + seg + 1
        return unit + wraps.get(space, 0) * units

    return reach


# The action ids the greedy judgement asks about, each with what it names (a cube, a space and
# segment): one look-up per legal id instead of an isinstance test and an attribute read.
_SPACE_OF: dict[int, tuple[int, int | None]] = {
    aid: (a.space, a.segment if isinstance(a, PlaceOn) else None)
    for aid, a in enumerate(ACTIONS) if isinstance(a, Place | PlaceOn)}
_PLAYS: dict[int, int] = {aid: a.cube for aid, a in enumerate(ACTIONS) if isinstance(a, Play)}
_GEAR_PLAYS: dict[int, int] = {aid: c for aid, c in _PLAYS.items() if c in GEARS}
_BUYS: dict[int, int] = {aid: a.cube for aid, a in enumerate(ACTIONS) if isinstance(a, Buy)}
_GEAR_BUYS: dict[int, int] = {aid: c for aid, c in _BUYS.items() if c in GEARS}


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = 0) -> RandomBot | GreedyBot:
    """A new bot by name (``"random"`` or ``"greedy"``) with its own seeded generator."""
    return make_from(BOTS, name, seed)
