"""Formel 1's contributions to the generic bots (``solvers.bots`` finds ``BOTS`` here by name):
``endgame[:NODES]``, the race search in the last cards of a race.

``EndgameBot`` plays as the Formel 1 greedy bot (``formel1.bots.GreedyBot``) until at most
``ENDGAME_CARDS`` cards are left in all hands in a race; then it plays the decision with the best
estimated prize money (``race.estimate`` from its own observation: the hidden hands sampled,
``SAMPLES`` deals, max^n rivals, NODES search nodes in all, split over the deals). It sees no
hidden card: the deals are sampled. When a deal's search stops on its budget the estimates are
not comparable and it plays the greedy choice. Only node budgets, never time, so a seeded game
replays exactly on any machine.
"""

from __future__ import annotations

from typing import Any

from formel1 import State
from formel1.bots import GreedyBot
from solvers.formel1 import race
from solvers.formel1.positions import cards_left

ENDGAME_CARDS = 6
SAMPLES = 6
DEFAULT_NODES = 30_000


class EndgameBot:
    """Greedy, and the sampled race search once few cards are left (module docstring)."""

    name = "endgame"

    def __init__(self, seed: int | None = 0, nodes: int = DEFAULT_NODES) -> None:
        self.greedy = GreedyBot(seed)
        self.seed = 0 if seed is None else seed
        self.nodes = nodes
        self.searched = 0  # decisions taken from the search (for tests and reports)

    def choose(self, state: State) -> int:
        """The id of the action to take."""
        if state.phase != "race" or state.current_player < 0 \
                or cards_left(state) > ENDGAME_CARDS or len(state.legal_action_ids()) < 2:
            return self.greedy.choose(state)
        config = race.RaceConfig(rivals="maxn", node_budget=self.nodes, time_budget=3600,
                                 samples=SAMPLES, seed=self.seed + state.draws + len(state.events))
        result = race.estimate(state, config=config)
        if result.bounded_samples:
            return self.greedy.choose(state)
        self.searched += 1
        return state.resolve(result.best)


BOTS: dict[str, tuple[Any, int | None, str]] = {
    "endgame": (lambda seed, n: EndgameBot(seed, nodes=n), DEFAULT_NODES,
                "race search nodes per decision in the last cards"),
}
PLAYERS = "players"

__all__ = ["BOTS", "DEFAULT_NODES", "ENDGAME_CARDS", "EndgameBot", "PLAYERS", "SAMPLES"]
