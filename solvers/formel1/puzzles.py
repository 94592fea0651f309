"""Formel 1 race puzzles with answers proven by the race search, and how to re-solve them.

Covers issue 16, part "Puzzles" (a first few). Each puzzle is one JSON file in
``solvers/formel1/puzzle_data/``: a name, a title, the question, the difficulty (1-5), the rival
model, a Formel 1 position (every hand open), and the proven answer: the best first decision,
its value in $1K of prize money and the value of the next best decision (the answer is unique:
the runner-up is worth less). ``solve_puzzle`` solves it again; the tests check the stored
answer is still what the search proves. ``write_puzzle`` makes a file from a position by
solving it (``python -m solvers.formel1.puzzles`` writes the shipped ones again).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

import formel1
from formel1 import State
from solvers.formel1 import race
from solvers.formel1.positions import endgame

FORMAT = "formel1-puzzle"
VERSION = 1


class PuzzleError(ValueError):
    """No such puzzle, a malformed puzzle file, or a position without a unique answer."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its text, its position, the rivals, and the stored proven answer."""

    name: str
    title: str
    question: str
    difficulty: int
    rivals: str
    answer: str
    value: float
    runner_up: float
    position: str  # JSON text of the position

    def state(self) -> State:
        """The puzzle's position."""
        return formel1.from_json(self.position)


def solve_puzzle(puzzle: Puzzle) -> race.RacePlan:
    """Solve the puzzle's position again with its rival model (no budget worth naming)."""
    return race.solve(puzzle.state(), config=race.RaceConfig(rivals=puzzle.rivals,
                                                             time_budget=600))


def _from_dict(data: dict[str, Any]) -> Puzzle:
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise PuzzleError(f"not a {FORMAT} file of version {VERSION}")
    try:
        return Puzzle(data["name"], data["title"], data["question"], int(data["difficulty"]),
                      data["rivals"], data["answer"], float(data["value"]),
                      float(data["runner_up"]), json.dumps(data["position"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise PuzzleError(f"malformed puzzle file: {exc}") from None


def load_puzzles() -> list[Puzzle]:
    """Every shipped puzzle, by file name (easy first)."""
    folder = resources.files("solvers.formel1").joinpath("puzzle_data")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")),
                   key=lambda f: f.name)
    return [_from_dict(json.loads(f.read_text("utf-8"))) for f in files]


def puzzle_named(name: str) -> Puzzle:
    """The shipped puzzle called ``name``; PuzzleError naming the known ones otherwise."""
    puzzles = load_puzzles()
    for p in puzzles:
        if p.name == name:
            return p
    raise PuzzleError(f"no puzzle {name!r} (known: {', '.join(p.name for p in puzzles)})")


def make_puzzle(name: str, title: str, question: str, difficulty: int, state: State,
                rivals: str = "paranoid") -> dict[str, Any]:
    """A puzzle file's dict for ``state``, its answer proven by the race search; PuzzleError
    unless the search proves one decision strictly better than every other."""
    plan = race.solve(state, config=race.RaceConfig(rivals=rivals, time_budget=600))
    if plan.status != "proven" or len(plan.alternatives) < 2:
        raise PuzzleError(f"{name}: no proven choice between several decisions")
    best, second = plan.alternatives[0], plan.alternatives[1]
    if best.value <= second.value:
        raise PuzzleError(f"{name}: the best decision is not unique")
    return {"format": FORMAT, "version": VERSION, "name": name, "title": title,
            "question": question, "difficulty": difficulty, "rivals": rivals,
            "answer": best.action, "value": best.value, "runner_up": second.value,
            "position": json.loads(state.to_json())}


#: The shipped puzzles: (file, name, title, question, difficulty, endgame(players, seed,
#: cards, inside a card)). Found by scanning seeded endgames for a unique best decision.
SHIPPED = [
    ("01_which_card.json", "which_card", "Which card now?",
     "Four cards in your hand, ten left in all. Which card wins you the most prize money, "
     "whatever the others do?", 2, (3, 2, 10, False)),
    ("02_white_number.json", "white_number", "Who takes the white number?",
     "You are carrying out a card with a white number. Which car must take it?", 3,
     (4, 27, 10, True)),
    ("03_long_view.json", "long_view", "The long view",
     "Ten cards left among three players. Which card now, against rivals who play to stop "
     "you?", 4, (3, 20, 10, False)),
]


def write_shipped(folder: Path | None = None) -> list[Path]:
    """Solve and write the shipped puzzles (into ``puzzle_data`` by default)."""
    folder = folder or Path(__file__).parent / "puzzle_data"
    folder.mkdir(exist_ok=True)
    out = []
    for file, name, title, question, difficulty, spec in SHIPPED:
        state = endgame(spec[0], spec[1], spec[2], spec[3])
        if state is None:
            raise PuzzleError(f"{name}: the seeded race ends first")
        data = make_puzzle(name, title, question, difficulty, state)
        (folder / file).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n",
                                   "utf-8")
        out.append(folder / file)
    return out


if __name__ == "__main__":
    for path in write_shipped():
        print(path)
