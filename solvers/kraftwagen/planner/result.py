"""The turn planner's answer: ``Plan`` (the value, the principal variation as complete decisions,
the "why not this?" table of every legal first decision as ``Alternative`` rows, the completed
depths of the deepening as ``DepthResult`` rows, nodes, time, and what is proven), with
``Plan.status()``, one plain sentence on what is proven.

Plain data, no rules of the game: the values are those ``deepening`` found.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .config import INF, PlannerConfig


@dataclass(frozen=True)
class Alternative:
    """One legal first decision: the value of the best line found after it, and an upper
    bound on what any line after it is worth (equal to the value when proven)."""

    action: str
    value: float
    proven: bool
    upper: float = INF


@dataclass(frozen=True)
class DepthResult:
    """One completed depth of the deepening: ``value`` is the best plan known once it is
    complete, and it is proven that no plan that chooses freely for our next ``turns`` turns
    and follows the greedy choice after them (rivals as modelled) is worth more. (The best
    plan known may lie outside those plans: a probe of the whole horizon may have found it.)"""

    turns: int
    value: float
    best: str  # the first decision
    proven: bool  # exact for this depth (no cut or sampled line below)
    whole: bool  # no line needed the policy after ``turns``: the whole horizon was searched
    nodes: int
    seconds: float


@dataclass(frozen=True)
class Plan:
    """The planner's answer."""

    company: int
    value: float
    proven: bool
    principal_variation: tuple[tuple[str, str], ...]  # (who, action text)
    alternatives: tuple[Alternative, ...]
    nodes: int
    seconds: float
    stopped: str = ""  # why the search stopped early, if it did
    cut_lines: bool = False  # some line met the max_turns cut
    sampled: bool = False  # some chance node was sampled, not enumerated
    config: PlannerConfig = field(default_factory=PlannerConfig)
    upper: float = INF  # no plan of the horizon is worth more (inf: no bound applies)
    depths: tuple[DepthResult, ...] = ()  # the completed depths of the deepening
    proven_turns: int = 0  # the deepest completed depth: the plan is the best for that many

    @property
    def best(self) -> str:
        """The first decision of the plan."""
        if self.principal_variation and self.alternatives:
            return self.principal_variation[0][1]
        return self.alternatives[0].action if self.alternatives else ""

    def status(self) -> str:
        """One plain sentence on what is proven: "Proven best to the end of the round (14).",
        or for a round or game horizon not proven "Best found 14 to the end of the round, not
        proven; proven best for your next 2 turns (greedy play after them, rivals greedy).".
        A round's or game's upper bound is not quoted (a bound of the whole round mid-round
        tells a player nothing: ``upper`` keeps it); a turns:N horizon's bound is."""
        n = self.config.horizon.turns
        turns = "for your next turn" if n == 1 else f"for your next {n} turns"
        kind = self.config.horizon.kind
        where = {"round": "to the end of the round", "game": "to the end of the game"}.get(
            kind, turns)
        cut = (f", lines longer than {self.config.max_turns} turns scored as if the round "
               f"ended there" if self.cut_lines else "")
        if self.proven:
            return f"Proven best {where} ({self.value:g}{cut})."
        why = f" (the search stopped: {self.stopped})" if self.stopped else ""
        if kind == "turns":
            bound = "no bound applies" if self.upper == INF else f"at most {self.upper:g} possible"
            text = f"Best found {self.value:g} {where}, {bound}"
        else:
            text = f"Best found {self.value:g} {where}, not proven"
        if self.proven_turns:
            k = self.proven_turns
            mine, after = ("your next turn", "it") if k == 1 else (f"your next {k} turns", "them")
            text += (f"; proven best for {mine} (greedy play after {after}, "
                     f"rivals {self.config.rivals})")
        return text + why + "."
