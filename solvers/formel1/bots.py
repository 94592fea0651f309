"""Formel 1's contributions to the generic bots (``solvers.bots`` finds ``BOTS`` here by name):
``endgame[:NODES]``, the race search in the last cards of a race, and ``view[:MS]``, the
player's-view answers at every decision (``solvers.formel1.view``) with MS milliseconds of CPU
time per decision.

``EndgameBot`` plays as the Formel 1 greedy bot (``formel1.bots.GreedyBot``) until at most
``ENDGAME_CARDS`` cards are left in all hands in a race; then it plays the decision with the best
estimated prize money (``race.estimate`` from its own observation: the hidden hands sampled,
``SAMPLES`` deals, max^n rivals, NODES search nodes in all, split over the deals). It sees no
hidden card: the deals are sampled. When a deal's search stops on its budget the estimates are
not comparable and it plays the greedy choice. Only node budgets, never time, so a seeded game
replays exactly on any machine.

``ViewBot`` plays the best decision of ``view.auction_ranking`` in the auction and, in the
race, the best of ``view.race_ranking`` where it clearly leads the greedy bot's choice on the
same deals (``view.clear_best``: a few sampled deals are noisy), else the greedy choice; each
ranking is given the bot's CPU time per decision (``time.process_time``, less a margin for the
work around it). A bargain of the no-car variant is answered as the greedy bot answers it (it
never trades). It sees no hidden card.
Its games depend on the time, so they replay exactly only with the same timings.
"""

from __future__ import annotations

from typing import Any

from formel1 import State
from formel1.bots import GreedyBot
from solvers.formel1 import race, view
from solvers.formel1.positions import cards_left

ENDGAME_CARDS = 6
SAMPLES = 6
DEFAULT_NODES = 30_000
#: ViewBot's default CPU milliseconds per decision, and the share of them given to the ranking.
#: 250 is the time of the committed ladder (benchmarks/ladders/formel1.json), where it beat the
#: greedy bot 60-21 (p 1.7e-5); at 25 ms it was level with it (docs/formel1_solver.md).
DEFAULT_MS = 250
RANKING_SHARE = 0.8


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


def ranking(state: State, seconds: float, seed: int) -> view.Ranking | None:
    """The player's-view ranking of the decision at hand within ``seconds`` of CPU (None where
    there is none: chance, the end, a bargain of the no-car variant, a single option)."""
    if state.current_player < 0 or len(state.legal_action_ids()) < 2 \
            or state.proposal is not None:
        return None
    if state.phase == "auction":
        return view.auction_ranking(state, budget=seconds, seed=seed)
    if state.phase == "race":
        return view.race_ranking(state, budget=seconds, seed=seed,
                                 horizon=view.rollout_horizon(state))
    return None


class ViewBot:
    """The best decision of the player's-view answers (module docstring)."""

    name = "view"

    def __init__(self, seed: int | None = 0, ms: int = DEFAULT_MS) -> None:
        if isinstance(ms, bool) or not isinstance(ms, int) or ms < 1:
            raise ValueError(f"view:MS takes a whole number of milliseconds >= 1, not {ms!r}")
        self.greedy = GreedyBot(seed)
        self.seed = 0 if seed is None else seed
        self.ms = ms
        self.last: view.Ranking | None = None  # the last ranking played (for the hint, tests)

    def choose(self, state: State) -> int:
        """The id of the action to take."""
        try:
            answer = ranking(state, self.ms * RANKING_SHARE / 1000, self.seed + len(state.events))
        except view.ViewError:
            answer = None  # a log cut short: the unseen cards are unknown, greedy decides
        self.last = answer
        if answer is None:
            return self.greedy.choose(state)
        return pick(state, answer, self.greedy)


def pick(state: State, answer: view.Ranking, greedy: GreedyBot | None = None) -> int:
    """The decision the bot plays on ``answer``: in the race the ranking's best where it
    clearly leads the greedy bot's choice on the same deals (``view.clear_best``), else the
    greedy choice; in the auction the ranking's best."""
    if answer.phase != "race":
        return answer.best.action_id
    return view.clear_best(answer, (greedy or GreedyBot(0)).choose(state))


BOTS: dict[str, tuple[Any, int | None, str]] = {
    "endgame": (lambda seed, n: EndgameBot(seed, nodes=n), DEFAULT_NODES,
                "race search nodes per decision in the last cards"),
    "view": (lambda seed, ms: ViewBot(seed, ms=ms), DEFAULT_MS,
             "milliseconds of CPU time per decision"),
}
PLAYERS = "players"

#: The parts of the game a participant's bot may play alone in a class tournament (the
#: built-in greedy bot decides the rest for it): name -> (what it is, is this decision in it).
SUB_GAMES: dict[str, tuple[str, Any]] = {
    "auction": ("the bids and passes of the auction of the cars (F1-06 to F1-17)",
                lambda s: s.phase == "auction"),
}

__all__ = ["BOTS", "DEFAULT_MS", "DEFAULT_NODES", "ENDGAME_CARDS", "EndgameBot", "PLAYERS",
           "SAMPLES", "SUB_GAMES", "ViewBot", "pick", "ranking"]
