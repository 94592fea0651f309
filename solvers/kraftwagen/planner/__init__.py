"""Turn planner: the best plan for a company over a horizon, by exact search.

Input: a kwcore position, the company to optimise, a horizon (the end of the current round; the
company's next N turns; the end of the game), an objective (reputation gained, the round's
scoring included; or the margin over the best rival) and a model of the rivals (``scripted``
decisions given in advance; ``greedy``, the core's one-ply bot; ``maxn``, each rival maximising
its own reputation; ``paranoid``, rivals minimising ours, which for 2 companies is exact
minimax). Output: a ``Plan`` with the value, the principal variation as complete decisions, a
"why not this?" table of every legal first decision, nodes, time, and whether the value is
proven or only a bound reached under a budget.

The modules, each importing only those above it:

- ``config``: ``PlannerConfig``, ``Horizon``, the settings' names, the tuning constants and
  ``PlannerError``;
- ``result``: the answer, ``Plan`` with its ``Alternative`` and ``DepthResult`` rows;
- ``bounds``: the admissible bound ``optimistic_gain`` and its cached parts (RULINGS K1-K30 as
  cited there), and ``clear_caches``;
- ``search``: the exact best-bound-first search ``_Search``, its transposition table and rival
  models (``greedy_choice``);
- ``lines``: ``principal_variation`` and ``replay_value``, a plan's line followed and checked;
- ``deepening``: ``plan``, the anytime driver (incumbent, suggestion phase, iterative
  deepening over our own turns, exact alternatives).

Within a round the game is deterministic and of perfect information: reveals happen only in the
preparation phase. The planner searches a copy of the position with explicit chance, so it
never peeks at the seeded future; at a chance node it takes the exact expectation when the node
has few outcomes, else the mean over ``samples`` seeded samples (stated in the plan).

A round can in principle go on for ever (nobody is forced to attract a buyer or place a car), so
the search stops a line after ``max_turns`` turns from the root and scores it as if the round
ended there; a plan that met such a cut is reported as not proven.
"""

from __future__ import annotations

from kwcore.actions import PickTile
from kwcore.errors import KraftwagenError

from .bounds import clear_caches, optimistic_gain
from .config import (
    ALTERNATIVES,
    INF,
    OBJECTIVES,
    RIVAL_MODELS,
    Horizon,
    PlannerConfig,
    PlannerError,
)
from .deepening import plan
from .lines import principal_variation, replay_value
from .result import Alternative, DepthResult, Plan
from .search import greedy_choice

__all__ = [
    "ALTERNATIVES", "Alternative", "DepthResult", "Horizon", "INF", "KraftwagenError",
    "OBJECTIVES", "PickTile", "Plan", "PlannerConfig", "PlannerError", "RIVAL_MODELS",
    "clear_caches", "greedy_choice", "optimistic_gain", "plan", "principal_variation",
    "replay_value",
]
