"""The turn planner's settings: what to optimise, how far to look, how long to search.

``PlannerConfig`` (the objective, the rival model, the horizon as a ``Horizon``, the budgets,
the search's switches), the names each setting accepts (``RIVAL_MODELS``, ``OBJECTIVES``,
``ALTERNATIVES``), ``INF``, the fixed tuning constants of the search and the anytime driver
(memory per memo entry, the probe's and the suggestion phase's shares, the gap past which
a search to a depth skips the tight bound, Python frames per turn), and ``PlannerError``,
raised for a request the planner cannot answer.

No rule of the game is read here. A round can in principle go on for ever (nobody is forced to
attract a buyer or place a car), so the search stops a line after ``max_turns`` turns from the
root and scores it as if the round ended there (see ``search``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

RIVAL_MODELS = ("scripted", "greedy", "maxn", "paranoid")
OBJECTIVES = ("gain", "margin")
ALTERNATIVES = ("exact", "bounds")
#: how the time budget is measured: "wall" (time.perf_counter, what a waiting player feels) or
#: "cpu" (time.process_time, this process's CPU time: what bots and benchmarks are given, so
#: that other work on a shared machine does not change what the search sees)
CLOCKS = ("wall", "cpu")
#: the search looks at the clock every this many nodes (a power of two, minus one as a mask):
#: a node costs tens of microseconds, so a budget of 0.1 s is overrun by a few ms at most
CLOCK_MASK = 63
INF = math.inf
#: what one memo entry costs, measured with tracemalloc on real 4-company positions (the key
#: tuple of State.key() and its counters, the node, the dict slot), rounded up
ENTRY_BYTES = 4_000
#: a probe of the whole horizon may spend this share of the nodes spent so far (at least
#: PROBE_MIN): an abandoned probe costs a third of the budget at most
PROBE_SHARE, PROBE_MIN = 0.5, 4_000
#: ... and at most PROBE_SHARE of the time spent so far, or PROBE_MIN_TIME of the time budget
#: if more: a node costs from 0.15 ms to several ms on real mid-round positions (more on a
#: loaded machine), so a node share alone may let the first probe take most of a small budget
PROBE_MIN_TIME = 0.1
#: The suggestion phase (see _Deepening.suggest): at most this many positions generated while
#: it lists our next two turns, the best-rated this many of the lines it finds valued exactly,
#: and this share of the time left when it starts (half of it for the listing) for all of it.
#: On 15 of the real positions of benchmarks/bench_planner_real.py, 150 lines valued gained 33
#: points more in all than 40, and 120,000 positions listed gained nothing over 30,000.
SUGGEST_NODES, SUGGEST_LINES, SUGGEST_SHARE = 30_000, 120, 0.25
#: ... but at least this many seconds (at most half the time left), which matters below about
#: 5 s. With it (and the probe's time cap, PROBE_MIN_TIME), on the 14 real positions of
#: ``bench_planner_real.py --regret`` at 2 s of CPU: regret 0 in 6 (4 before), within 10% of
#: the reference in 7 (4), median regret 4 (8.5), no answer lower; at 10 s the same values,
#: proven for one turn in 10 of 14 as before (one position gained the proof, one lost it)
SUGGEST_MIN_TIME = 1.0
#: In a search to a depth (not of the whole horizon), a child whose quick bound lies more than
#: this above the best value found is searched without its tight bound: the tight bound was
#: at most 10 below the quick one on real positions, so it could not cut the child, and
#: mid-round (quick bounds 100-260 above the best line) it cut none while it took a sixth to
#: a third of the search's time, only to order children whose lines are valued exactly anyway
TIGHT_GAP = 40
#: Python frames the search may stack per turn of a line: a turn held at most 10 decisions in
#: 40 seeded greedy and random games (a tile's actions, free actions, a car placed part by
#: part), three frames each (search, choose, best_first); twice that, for room
FRAMES_PER_TURN = 60


class PlannerError(ValueError):
    """The request cannot be answered (bad company, horizon, budget, terminal position)."""


@dataclass(frozen=True)
class Horizon:
    """How far to look: ``round``, ``turns`` (the company's next N turns) or ``game``."""

    kind: str = "round"
    turns: int = 0

    @classmethod
    def parse(cls, text: str) -> Horizon:
        """``round``, ``game`` or ``turns:N`` (N >= 1)."""
        t = text.strip().lower()
        if t in ("round", "game"):
            return cls(t)
        if t.startswith("turns:"):
            try:
                n = int(t.split(":", 1)[1])
            except ValueError:
                n = 0
            if n >= 1:
                return cls("turns", n)
        raise PlannerError(f"horizon must be 'round', 'game' or 'turns:N' with N >= 1, "
                           f"not {text!r}")

    def __str__(self) -> str:
        return f"turns:{self.turns}" if self.kind == "turns" else self.kind


@dataclass(frozen=True)
class PlannerConfig:
    """What to optimise and how long to search."""

    horizon: Horizon = Horizon()
    objective: str = "gain"
    rivals: str = "greedy"
    script: tuple[str, ...] = ()
    node_budget: int = 2_000_000
    time_budget: float = 60.0
    max_turns: int = 40  # lines are cut after this many turns from the root (see _Search)
    samples: int = 8
    exact_chance: int = 4  # a chance node with at most this many outcomes is enumerated
    use_table: bool = True
    use_bounds: bool = True
    use_ordering: bool = True
    progress: bool = False
    seed: int = 0
    memory_mb: int = 2_000  # the memo tables' cap (see _Search.store)
    alternatives: str = "exact"  # "exact": the why-not table exact once the best is proven
    suggest: bool = True  # value the most promising two-turn lines first (_Deepening.suggest)
    # False: no deepening, the whole horizon searched at once with every first decision given
    # a full window (the search before the anytime driver; the planner bot's small budgets)
    deepen: bool = True
    clock: str = "wall"  # one of CLOCKS: how time_budget is measured

    def check(self) -> None:
        """Raise PlannerError for settings that make no sense."""
        if self.objective not in OBJECTIVES:
            raise PlannerError(f"objective must be one of {', '.join(OBJECTIVES)}")
        if self.rivals not in RIVAL_MODELS:
            raise PlannerError(f"rivals must be one of {', '.join(RIVAL_MODELS)}")
        if self.node_budget < 1:
            raise PlannerError("the node budget must be at least 1")
        if not self.time_budget > 0:
            raise PlannerError("the time budget must be a positive number of seconds")
        if self.max_turns < 1:
            raise PlannerError("max_turns must be at least 1")
        if self.samples < 1:
            raise PlannerError("samples must be at least 1")
        if self.memory_mb < 1:
            raise PlannerError("the memory cap must be at least 1 MB")
        if self.clock not in CLOCKS:
            raise PlannerError(f"clock must be one of {', '.join(CLOCKS)}")
        if self.alternatives not in ALTERNATIVES:
            raise PlannerError(f"alternatives must be one of {', '.join(ALTERNATIVES)}")
