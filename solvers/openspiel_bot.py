"""OpenSpiel's own MCTS as a bot of any registered game, given CPU time per decision.

``OpenSpielMCTSBot`` is the reference opponent of the strength ladders (``benchmarks/strength.py``):
OpenSpiel's Python ``MCTSBot`` (UCT with one random rollout to the end of the game per
simulation, ``RandomRolloutEvaluator``), searching the game through the lab's one OpenSpiel
adapter (``gamecore.openspiel``; ``<core>.openspiel`` registers ``python_<game>``). OpenSpiel's
C++ ``pyspiel.MCTSBot`` cannot search Python games (TOOLCHAIN.md), so the Python bot is used.

What it sees. A tournament's state is seeded: its seed fixes every later draw, so searching it as
it is would show the future. Each decision therefore searches a clone that the game's search
model determinizes (``solvers.mcts.search_model(game).determinize``: a fresh seed, and a re-deal of
hidden cards for a game that supplies one) and then turns to explicit chance (``seed = None``):
OpenSpiel's search samples every later chance event by its odds, as it would in a game of its
own. A game whose model re-deals no hidden card lets the bot see them: an advantage to it.

Time. OpenSpiel's bot spends a number of simulations, not a time. This bot measures its own CPU
time (``time.process_time``, which other processes on the machine do not disturb) and scales the
next decision's simulations by the budget over the last search's time (at most doubled or halved
at a step), so its time per decision follows the budget as rollouts shorten over a game; the first
decision starts from a small calibration search. OpenSpiel's search needs two simulations to
rate any action (the first only visits the root), so it never runs fewer: where one random rollout
to the end costs more than half the budget, the bot overspends, which the ladder's measured times
show. Seeded: its own NumPy generator.
"""

from __future__ import annotations

import importlib
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as os_mcts

from gamecore.game import get as get_game
from gamecore.openspiel import PREFIX, OpenSpielState
from solvers.mcts import search_model

#: UCT's exploration constant for win-share rewards in [0, 1] (OpenSpiel's examples use 2 for
#: rewards in [-1, 1]).
EXPLORATION = 1.4
#: the simulations of a game's first search, before any rate is measured
CALIBRATION = 8
MIN_SIMULATIONS = 2
MAX_SIMULATIONS = 1_000_000


class OpenSpielMCTSBot:
    """OpenSpiel's Python MCTS playing ``game`` with ``milliseconds`` of CPU per decision (the
    module docstring); the bot protocol's ``choose(state) -> action id``."""

    name = "openspiel-mcts"

    def __init__(self, seed: int | None = 0, milliseconds: int = 100, *,
                 game: str = "kraftwagen") -> None:
        if isinstance(milliseconds, bool) or not isinstance(milliseconds, int) \
                or milliseconds < 1:
            raise ValueError(f"milliseconds must be a whole number >= 1, not {milliseconds!r}")
        described = get_game(game)
        module = getattr(described.new_game, "__module__", "").split(".")[0]
        importlib.import_module(f"{module}.openspiel")  # registers python_<game>
        self.game = game
        self.seconds = milliseconds / 1000
        self._model = search_model(game)
        self._rng = random.Random(seed)
        self._np_rng = np.random.RandomState(self._rng.getrandbits(32))
        self._games: dict[int, Any] = {}
        self._last: tuple[int, float] | None = None  # the last search's simulations, seconds

    def choose(self, state: Any) -> int:
        """The id of the action OpenSpiel's search rates best in ``state`` (not terminal)."""
        ids = state.legal_action_ids()
        if len(ids) == 1:
            return int(ids[0])
        start = time.process_time()
        core = state.clone(history=False)
        self._model.determinize(core, self._rng)
        core.seed = None  # explicit chance from here: OpenSpiel samples every later draw
        wrapped = OpenSpielState.wrap(self._open_spiel_game(len(state.scores())), core)
        bot = os_mcts.MCTSBot(wrapped.get_game(), EXPLORATION, self._simulations(),
                              os_mcts.RandomRolloutEvaluator(1, self._np_rng),
                              random_state=self._np_rng, solve=False)
        root = bot.mcts_search(wrapped)
        best = max(root.children, key=lambda c: (c.explore_count, c.total_reward, -c.action))
        self._last = (bot.max_simulations, time.process_time() - start)
        return int(best.action)

    def _simulations(self) -> int:
        """Simulations for the next search: the last search's, scaled by the budget over its
        time (at most doubled or halved), at least two."""
        if self._last is None:
            return CALIBRATION
        simulations, seconds = self._last
        scale = min(2.0, max(0.5, self.seconds / max(seconds, 1e-6)))
        return max(MIN_SIMULATIONS, min(MAX_SIMULATIONS, round(simulations * scale)))

    def _open_spiel_game(self, players: int) -> Any:
        """The registered OpenSpiel game for ``players`` (only its size and player count are
        used: every state searched is the wrapped clone)."""
        if players not in self._games:
            self._games[players] = pyspiel.load_game(PREFIX + self.game, {"players": players})
        return self._games[players]


__all__ = ["OpenSpielMCTSBot"]
