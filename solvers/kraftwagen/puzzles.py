"""Curated mid-game puzzles shipped with the package, and how to re-solve them.

Each puzzle is one JSON file in
``solvers/kraftwagen/puzzle_data/``: a title, a short story, the question, a kwcore position, the
solver settings, and the proven answer. ``kind`` is ``tempo`` (a turn-planner question: which tile,
in which order) or ``pricing`` (a car-pricing question). ``solve_puzzle`` solves it again; the
tests check that the stored answer is still what the solvers prove.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

import kwcore
from kwcore.state import State
from solvers.kraftwagen import planner, pricing

KINDS = ("tempo", "pricing")


class PuzzleError(ValueError):
    """No such puzzle, or a malformed puzzle file."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its text, its position, how to solve it, and the stored answer."""

    name: str
    title: str
    story: str
    question: str
    kind: str
    difficulty: int  # 1 (easy) to 5 (hard)
    settings: dict[str, Any]
    answer: dict[str, Any]
    position: str  # JSON text of the kwcore position

    def state(self) -> State:
        """The puzzle's position."""
        return kwcore.from_json(self.position)

    @property
    def players(self) -> int:
        """How many companies play."""
        return int(json.loads(self.position)["players"])

    def planner_config(self, **overrides: Any) -> planner.PlannerConfig:
        """The planner settings of a tempo puzzle."""
        s = dict(self.settings)
        s.pop("company", None)
        horizon = planner.Horizon.parse(s.pop("horizon", "round"))
        if "script" in s:
            s["script"] = tuple(s["script"])
        s.update(overrides)
        return planner.PlannerConfig(horizon=horizon, **s)


def _from_dict(name: str, d: dict[str, Any]) -> Puzzle:
    try:
        kind = d["kind"]
        if kind not in KINDS:
            raise PuzzleError(f"puzzle {name}: kind must be one of {', '.join(KINDS)}")
        return Puzzle(name=name, title=d["title"], story=d["story"], question=d["question"],
                      kind=kind, difficulty=int(d["difficulty"]),
                      settings=dict(d.get("settings", {})), answer=dict(d["answer"]),
                      position=json.dumps(d["position"]))
    except KeyError as exc:
        raise PuzzleError(f"puzzle {name}: missing field {exc.args[0]!r}") from None


@cache
def load_puzzles() -> tuple[Puzzle, ...]:
    """Every shipped puzzle, easiest first."""
    folder = resources.files("solvers.kraftwagen").joinpath("puzzle_data")
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            name = entry.name[:-5].split("_", 1)[-1]
            out.append(_from_dict(name, json.loads(entry.read_text("utf-8"))))
    return tuple(sorted(out, key=lambda p: (p.difficulty, p.name)))


def puzzle_named(name: str) -> Puzzle:
    """The puzzle called ``name``; PuzzleError listing the names otherwise."""
    for p in load_puzzles():
        if p.name == name:
            return p
    names = ", ".join(p.name for p in load_puzzles())
    raise PuzzleError(f"no puzzle named {name!r} (puzzles: {names})")


def solve_puzzle(p: Puzzle, **overrides: Any) -> planner.Plan | pricing.PricingPlan:
    """Solve a puzzle again with its stored settings."""
    state = p.state()
    if p.kind == "pricing":
        return pricing.solve(state)
    company = p.settings.get("company")
    if isinstance(company, str):
        if company not in state.cfg.companies:
            raise PuzzleError(f"puzzle {p.name}: no company {company!r}")
        company = state.cfg.companies.index(company)
    return planner.plan(state, company, p.planner_config(**overrides))
