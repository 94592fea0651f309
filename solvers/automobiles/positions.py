"""Real Automobiles positions for the solvers' tests, benchmarks and puzzles.

``mid_race`` plays a seeded race with the engine's own bots (``automobiles.bots``) and stops at
a turn's first decision after the draw; ``explicit`` turns a seeded position into the same
position with chance explicit (``seed`` null: the state stops at every draw), so a search sees
the chance outcomes and their weights instead of the seed's one future.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import automobiles
from automobiles import State
from automobiles.actions import Play
from automobiles.bots import make_bot
from automobiles.config import GEARS
from automobiles.serialize import state_from_dict


def explicit(state: State) -> State:
    """``state`` with explicit chance: the same position, its seed dropped (a draw to come is
    a chance node with the bag's weights, ``State.chance_outcomes``)."""
    data = json.loads(state.to_json())
    data["seed"], data["draws"] = None, 0
    return state_from_dict(data)


def mid_race(seed: int, turns: int, players: int = 2, cards: str | Sequence[str] = "standard",
             bots: Sequence[str] = ("greedy", "random"), weaving: bool = False,
             drivers: bool = False) -> State | None:
    """A seeded race played by ``bots`` (seat by seat, cycled) for ``turns`` whole turns,
    stopped at the next turn's first decision in its action phase; None if the race ended
    first. ``cards="random"`` draws the card set from the seed; ``weaving`` and ``drivers`` are
    ``new_game``'s options (drivers in this single race by the house rule
    ``house_drivers_single_race``, not in the rules: the seed plays them in a season)."""
    state = automobiles.new_game(players=players, seed=seed, cards=cards, weaving=weaving,
                                 drivers=drivers, house_drivers_single_race=drivers)
    players_bots = [make_bot(bots[p % len(bots)], seed * 31 + p) for p in range(players)]
    while not state.is_terminal():
        if state.phase == "action" and state.turn >= turns:
            return state
        who = state.current_player
        state.apply_unchecked(players_bots[who].choose(state))
    return None


def random_positions(count: int, seed: int = 0, max_turns: int = 12, players: int = 2,
                     cards: str | Sequence[str] = "standard", moving: bool = False,
                     weaving: bool = False, drivers: bool = False) -> list[State]:
    """``count`` seeded mid-race positions (``mid_race`` with a turn count drawn from
    ``seed``), the same list for the same arguments. ``moving``: only positions where the
    mover can play a gear cube (on the synthetic tracks a car can stand where no cube of its
    pile fits for many turns). ``weaving``, ``drivers``: ``new_game``'s options."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = mid_race(rng.randrange(10**6), rng.randrange(max_turns), players, cards,
                         (rng.choice(("greedy", "random")), rng.choice(("greedy", "random"))),
                         weaving, drivers)
        if state is not None and (not moving or _can_move(state)):
            out.append(state)
    return out


def _can_move(state: State) -> bool:
    """Some gear cube of the mover's pile can be played (AU-12)."""
    return any(isinstance(a, Play) and a.cube in GEARS for a in state.legal_actions())


def with_pile(state: State, keep: int, seed: int = 0) -> State:
    """``state`` (a turn's action phase) with only ``keep`` cubes of the mover's active pile,
    drawn from it by ``seed``; the others go to the discard (every cube stays the seat's, so
    the position loads): a real position with a smaller pile."""
    seat = state.mover
    cubes = [c for c, k in enumerate(state.active[seat]) for _ in range(k)]
    random.Random(seed).shuffle(cubes)
    active, discard = [0] * len(state.active[seat]), list(state.discard[seat])
    for i, c in enumerate(cubes):
        if i < keep:
            active[c] += 1
        else:
            discard[c] += 1
    data = json.loads(state.to_json())
    data["active"][seat], data["discard"][seat] = active, discard
    return state_from_dict(data)


__all__ = ["explicit", "mid_race", "random_positions", "with_pile"]
