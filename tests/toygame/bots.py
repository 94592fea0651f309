"""The toy game's bots: uniform random, and a greedy one that banks once the turn holds enough.

Bots only choose among ``state.legal_action_ids()``; each owns a seeded ``random.Random``
(STYLE 9). At a chance node (explicit chance) both choose a legal outcome uniformly.
"""

from __future__ import annotations

import random

from gamecore.bots import RandomBot, make_from

from .actions import BANK, ROLL
from .state import State

#: The greedy bot banks a turn total of this much or more (a judgement call, not a rule).
HOLD = 6


class GreedyBot:
    """Rolls until the turn total reaches ``HOLD``, then banks (T3)."""

    name = "greedy"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: State) -> int:
        """``bank`` at ``HOLD`` points or more, else ``roll``."""
        legal = state.legal_action_ids()
        if state.current_player < 0:
            return self.rng.choice(legal)
        return BANK if BANK in legal and state.turn_total >= HOLD else ROLL


BOTS: dict[str, type[RandomBot] | type[GreedyBot]] = {"random": RandomBot, "greedy": GreedyBot}


def make_bot(name: str, seed: int | None = 0) -> RandomBot | GreedyBot:
    """A new bot by name (``"random"`` or ``"greedy"``) with its own seeded generator."""
    return make_from(BOTS, name, seed)
