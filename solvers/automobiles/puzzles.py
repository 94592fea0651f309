"""Automobiles turn puzzles with answers proven by the best-turn solver (issue 17, a first few).

Each puzzle is one JSON file in ``solvers/automobiles/puzzle_data/``: a name, a title, the
question, the difficulty (1-5), the objective (``turn.OBJECTIVES``), a real position (from a
seeded race of the engine's bots, ``positions.mid_race``), and the proven answer: the best line
(its first decision, the engine's actions in order) and the turn's value (progress, wear, value),
beside the value of the engine's greedy bot's turn (``automobiles.bots``), which is strictly
worse under the objective: the puzzle is not the obvious play. (Several first decisions often
reach the same best turn, the cards' cubes being playable before or after a gear, so the answer
is the value and a line reaching it, not a unique first move.) Every puzzle's turn draws nothing:
the answer is a whole line, not an expectation.

``solve_puzzle`` solves one again; the tests check each stored answer is still what the solver
proves. ``python -m solvers.automobiles.puzzles`` finds and writes the shipped ones again
(``FINDERS``: the seeds and the test each puzzle's position must pass).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from automobiles import State
from automobiles.bots import GreedyBot
from automobiles.serialize import state_from_dict

from .positions import explicit, mid_race
from .turn import OBJECTIVES, TurnError, TurnPlan, measure, solve_turn

FORMAT = "automobiles-puzzle"
VERSION = 1
DATA = Path(__file__).resolve().parent / "puzzle_data"


class PuzzleError(ValueError):
    """No such puzzle, a malformed puzzle file, or a position without a unique answer."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its text, its position, the objective, the stored proven answer."""

    name: str
    title: str
    question: str
    difficulty: int
    objective: str
    answer: str
    line: tuple[str, ...]
    value: tuple[int, int, int]
    greedy_value: tuple[int, int, int]
    position: dict[str, Any]

    def state(self) -> State:
        """The puzzle's position."""
        return state_from_dict(self.position)


def load_puzzles() -> list[Puzzle]:
    """Every shipped puzzle, in file-name order."""
    folder = resources.files("solvers.automobiles").joinpath("puzzle_data")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    return [puzzle_from_dict(json.loads(folder.joinpath(n).read_text("utf-8")), n) for n in names]


def puzzle_named(name: str) -> Puzzle:
    """The shipped puzzle called ``name``; PuzzleError naming the known ones otherwise."""
    puzzles = load_puzzles()
    for p in puzzles:
        if p.name == name:
            return p
    raise PuzzleError(f"no Automobiles puzzle {name!r} (known: "
                      f"{', '.join(p.name for p in puzzles)})")


def puzzle_from_dict(data: dict[str, Any], where: str = "<puzzle>") -> Puzzle:
    """A puzzle from its JSON dict; PuzzleError naming ``where`` when it is malformed."""
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise PuzzleError(f"{where}: not an {FORMAT} file of version {VERSION}")
    try:
        return Puzzle(data["name"], data["title"], data["question"], int(data["difficulty"]),
                      data["objective"], data["answer"], tuple(data["line"]),
                      _parts(data["value"]), _parts(data["greedy_value"]), data["position"])
    except (KeyError, TypeError, ValueError) as exc:
        raise PuzzleError(f"{where}: malformed puzzle ({exc})") from None


def _parts(value: Any) -> tuple[int, int, int]:
    progress, wear, worth = (int(x) for x in value)
    return progress, wear, worth


def solve_puzzle(puzzle: Puzzle) -> TurnPlan:
    """Solve the puzzle's position again under its objective (exact, no budget)."""
    return solve_turn(puzzle.state(), puzzle.objective)


def check_answer(plan: TurnPlan) -> None:
    """PuzzleError unless the plan is proven and its turn draws nothing."""
    if not plan.proven or plan.chance:
        raise PuzzleError("a puzzle's answer is proven and draws nothing")


def greedy_turn(state: State) -> tuple[list[str], tuple[int, int, int]]:
    """The engine's greedy bot's turn from ``state`` (chance explicit): its actions and the
    turn's components (``turn.measure``)."""
    start = explicit(state)
    s, bot, actions = start.clone(), GreedyBot(0), []
    while s.turn == start.turn and not s.is_terminal():
        if s.is_chance_node():
            raise PuzzleError("the greedy turn draws: not a puzzle")
        aid = bot.choose(s)
        actions.append(str(s.ACTIONS.actions[aid]))
        s.apply_unchecked(aid)
    progress, wear, worth = (int(x) for x in measure(start, s, start.mover))
    return actions, (progress, wear, worth)


@dataclass(frozen=True)
class Finder:
    """How a shipped puzzle is found: its text, the card set, the objective, and the test its
    position and plan must pass (scanned over seeds and turns)."""

    name: str
    title: str
    question: str
    difficulty: int
    cards: str | Sequence[str]
    objective: str
    test: Callable[[State, TurnPlan], bool]


def _beats_greedy(state: State, plan: TurnPlan, objective: str) -> bool:
    """The greedy bot's turn is worse in the first two forms of the objective (not only in
    the value of what is bought)."""
    try:
        greedy = greedy_turn(state)[1]
    except PuzzleError:
        return False
    return OBJECTIVES[objective].score(greedy)[:2] < plan.score[:2]


FINDERS = (
    Finder("redline_line", "A Redline line",
           "Redline (AU-47) lets white cubes go on any colour for 1 wear each. How far can "
           "this pile take the car, and in what order?", 3,
           ["manager", "redline", "crew_chief", "hybrid_engine", "transmission"], "progress",
           lambda s, p: "play red" in p.actions and _beats_greedy(s, p, "progress")),
    Finder("further_than_greedy", "Further than greedy",
           "Playing each gear on the space that reaches furthest falls short here. Find the "
           "turn that goes furthest, then for the least wear.", 2, "standard", "progress",
           lambda s, p: p.parts[0] > 0 and _beats_greedy(s, p, "progress")),
    Finder("save_the_wear", "Save the wear",
           "Least wear first: the turn that adds the fewest wear cubes to the bag, then goes "
           "furthest. Is standing still the answer, or can the car move for free (AU-18)?", 2,
           "standard", "wear",
           lambda s, p: p.parts[0] > 0 and p.parts[1] <= 0 and _beats_greedy(s, p, "wear")),
)


def find(finder: Finder, seeds: range = range(400)) -> tuple[State, TurnPlan]:
    """The first seeded position (seed, then turns 2, 5, 8) whose plan is proven, draws
    nothing and passes ``finder.test``; PuzzleError if none."""
    for seed in seeds:
        for turns in range(2, 10, 3):
            state = mid_race(seed, turns, cards=finder.cards)
            if state is None:
                continue
            try:
                plan = solve_turn(state, finder.objective, max_nodes=20_000)
                check_answer(plan)
            except (PuzzleError, TurnError):
                continue
            if finder.test(state, plan):
                return state, plan
    raise PuzzleError(f"no position found for {finder.name}")


def write_puzzle(number: int, finder: Finder, state: State, plan: TurnPlan,
                 folder: Path = DATA) -> Path:
    """Write the puzzle file of ``finder`` for a position and its solved plan."""
    check_answer(plan)
    data = {"format": FORMAT, "version": VERSION, "name": finder.name, "title": finder.title,
            "question": finder.question, "difficulty": finder.difficulty,
            "objective": finder.objective, "answer": plan.best, "line": list(plan.actions),
            "value": [int(x) for x in plan.parts],
            "greedy_value": list(greedy_turn(state)[1]),
            "position": json.loads(state.to_json())}
    path = folder / f"{number:02d}_{finder.name}.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return path


def main() -> int:
    """Find and write every shipped puzzle again."""
    DATA.mkdir(exist_ok=True)
    for number, finder in enumerate(FINDERS, 1):
        state, plan = find(finder)
        print(write_puzzle(number, finder, state, plan), plan.best, plan.parts)
    return 0


__all__ = ["FINDERS", "FORMAT", "OBJECTIVES", "Finder", "Puzzle", "PuzzleError", "check_answer",
           "find", "greedy_turn", "load_puzzles", "main", "puzzle_from_dict", "puzzle_named",
           "solve_puzzle", "write_puzzle"]

if __name__ == "__main__":
    raise SystemExit(main())
