"""Real Automobiles positions for the solvers' tests, benchmarks and puzzles (issue 17).

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
from automobiles.bots import make_bot
from automobiles.serialize import state_from_dict


def explicit(state: State) -> State:
    """``state`` with explicit chance: the same position, its seed dropped (a draw to come is
    a chance node with the bag's weights, ``State.chance_outcomes``)."""
    data = json.loads(state.to_json())
    data["seed"], data["draws"] = None, 0
    return state_from_dict(data)


def mid_race(seed: int, turns: int, players: int = 2, cards: str | Sequence[str] = "standard",
             bots: Sequence[str] = ("greedy", "random")) -> State | None:
    """A seeded race played by ``bots`` (seat by seat, cycled) for ``turns`` whole turns,
    stopped at the next turn's first decision in its action phase; None if the race ended
    first. ``cards="random"`` draws the card set from the seed."""
    state = automobiles.new_game(players=players, seed=seed, cards=cards)
    players_bots = [make_bot(bots[p % len(bots)], seed * 31 + p) for p in range(players)]
    while not state.is_terminal():
        if state.phase == "action" and state.turn >= turns:
            return state
        who = state.current_player
        state.apply_unchecked(players_bots[who].choose(state))
    return None


def random_positions(count: int, seed: int = 0, max_turns: int = 12, players: int = 2,
                     cards: str | Sequence[str] = "standard") -> list[State]:
    """``count`` seeded mid-race positions (``mid_race`` with a turn count drawn from
    ``seed``), the same list for the same arguments."""
    rng = random.Random(seed)
    out: list[State] = []
    while len(out) < count:
        state = mid_race(rng.randrange(10**6), rng.randrange(max_turns), players, cards,
                         bots=(rng.choice(("greedy", "random")), rng.choice(("greedy", "random"))))
        if state is not None:
            out.append(state)
    return out


__all__ = ["explicit", "mid_race", "random_positions"]
