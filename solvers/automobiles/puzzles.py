"""Automobiles turn puzzles with answers proven by the best-turn solver.

Each puzzle is one JSON file in ``solvers/automobiles/puzzle_data/``, numbered easy to hard: a
name, a title, the question, the objective (``turn.OBJECTIVES``), a real position (from a seeded
race of the engine's bots, ``positions.mid_race``, on the card set the puzzle names), and the
proven answer: the best line (its first decision, the engine's actions in order to the end of
the turn), the turn's value (progress, wear, value), the first decisions tied with it (``ties``:
empty when the first decision is unique), each other first decision's best and why it is worse
(``why_not``, from the solver's why-not table), and the value of the engine's greedy bot's turn
(``automobiles.bots``), which is strictly worse under the objective: the puzzle is not the
obvious play. The difficulty (1-5) is read from the positions the solver searched
(``difficulty_of``). Every puzzle's best line draws nothing: the answer is a whole line, not an
expectation. The value component prices cubes by our values (``buy.DEFAULT_VALUES``, not the
rules') at RA1's synthetic costs; the questions that rest on it say so. The solver sees one turn:
a question about buying asks for the best purchase under those values, not for a proof about the
next turn.

``solve_puzzle`` solves one again; the tests check each stored answer, its ties, its why-not
lines and its difficulty are still what the solver proves. ``python -m
solvers.automobiles.puzzles`` finds and writes the shipped ones again (``FINDERS``: the card set,
the options, the seeds and the test each puzzle's position must pass).
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
from automobiles.events import Drafts
from automobiles.serialize import state_from_dict

from .positions import explicit, mid_race
from .turn import COMPONENTS, OBJECTIVES, Alternative, TurnError, TurnPlan, measure, solve_turn

FORMAT = "automobiles-puzzle"
VERSION = 1
DATA = Path(__file__).resolve().parent / "puzzle_data"
#: Difficulty 1-5 by the positions the solver searched: at most 500 is 1, at most 1,500 is 2,
#: at most 3,000 is 3, at most 4,000 is 4, more is 5 (ours: the spread of the shipped set).
DIFFICULTY_NODES = (500, 1_500, 3_000, 4_000)
#: A puzzle's position is searched in at most this many positions (the test re-solves each
#: within about 2 s on a loaded machine: about 1.5 s here).
MAX_NODES = 6_000


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
    ties: tuple[str, ...] = ()
    why_not: tuple[str, ...] = ()
    greedy_line: tuple[str, ...] = ()
    positions: int = 0
    cards: tuple[str, ...] = ()

    def state(self) -> State:
        """The puzzle's position."""
        return state_from_dict(self.position)


def load_puzzles() -> list[Puzzle]:
    """Every shipped puzzle, in file-name order (easy to hard)."""
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
                      _parts(data["value"]), _parts(data["greedy_value"]), data["position"],
                      tuple(data.get("ties", ())), tuple(data.get("why_not", ())),
                      tuple(data.get("greedy_line", ())), int(data.get("positions", 0)),
                      tuple(data.get("cards", ())))
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


def difficulty_of(plan: TurnPlan) -> int:
    """1-5 by the positions the solver searched (``DIFFICULTY_NODES``)."""
    return 1 + sum(plan.nodes > n for n in DIFFICULTY_NODES)


def ties(plan: TurnPlan) -> tuple[str, ...]:
    """The other first decisions whose best turn scores exactly as the answer's (in every
    form of the objective): the answer's first move is unique when there are none."""
    return tuple(a.action for a in plan.alternatives[1:] if a.score == plan.score)


def _components(parts: Sequence[Any]) -> str:
    progress, wear, worth = (int(x) if float(x).is_integer() else round(float(x), 3)
                             for x in parts)
    return f"{progress} units, {wear} wear, value {worth}"


def _worse_by(plan: TurnPlan, alt: Alternative, objective: str) -> str:
    """Which form of the objective first makes ``alt`` worse than the answer."""
    forms = OBJECTIVES[objective].forms
    for form, mine, theirs in zip(forms, plan.score, alt.score, strict=True):
        if theirs < mine:
            name = next(COMPONENTS[i] for i, w in enumerate(form) if w)
            return {"progress": "not as far", "wear": "more wear",
                    "value": "less value"}[name]
    return "ties with the answer"


def why_not(plan: TurnPlan, objective: str) -> tuple[str, ...]:
    """One line per other first decision: its best turn and the first form of the objective
    in which it falls short of the answer (from the why-not table; expectations where that
    decision draws)."""
    return tuple(f"{a.action}: at best {_components(a.parts)} ({_worse_by(plan, a, objective)})"
                 for a in plan.alternatives if a.action != plan.best)


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


def replay(state: State, line: Sequence[str]) -> State:
    """The position after ``line`` from ``state`` (chance explicit, checked actions)."""
    s = explicit(state)
    for action in line:
        s.apply(action)
    return s


def drafts(state: State, line: Sequence[str]) -> bool:
    """Whether the car drafts at the end of ``line`` (AU-18: the engine's log of the turn
    says so)."""
    before = len(explicit(state).events)
    return any(isinstance(e, Drafts) for e in replay(state, line).events[before:])


@dataclass(frozen=True)
class Finder:
    """How a shipped puzzle is found: its text, the card set, the objective, the options, and
    the test its position and plan must pass (scanned over seeds and turns)."""

    name: str
    title: str
    question: str
    cards: str | Sequence[str]
    objective: str
    test: Callable[[State, TurnPlan], bool]
    weaving: bool = False
    seeds: range = range(400)
    turns: range = range(2, 10, 3)
    bots: tuple[str, str] = ("greedy", "random")


def _beats_greedy(state: State, plan: TurnPlan, objective: str, forms: int = 2) -> bool:
    """The greedy bot's turn is worse in the first ``forms`` forms of the objective (by
    default not only in the value of what is bought)."""
    try:
        greedy = greedy_turn(state)[1]
    except PuzzleError:
        return False
    return OBJECTIVES[objective].score(greedy)[:forms] < plan.score[:forms]


def _unique(plan: TurnPlan) -> bool:
    return not ties(plan)


def _bought(actions: Sequence[str]) -> list[str]:
    return sorted(a for a in actions if a.startswith("buy "))


def _draft_test(s: State, p: TurnPlan) -> bool:
    if p.parts[0] <= 0 or not _beats_greedy(s, p, "progress") or not drafts(s, p.actions):
        return False
    greedy_line, greedy = greedy_turn(s)
    return greedy[0] == p.parts[0] and greedy[1] > p.parts[1] and not drafts(s, greedy_line)


def _pit_test(s: State, p: TurnPlan) -> bool:
    if p.best != "pit stop" or not _unique(p) or p.parts[1] > -2 or \
            not _beats_greedy(s, p, "wear"):
        return False
    if not any(a.parts[1] < 0 for a in p.alternatives[1:]):
        return False  # another first decision takes wear out too: the pit stop is a choice
    greedy_line = greedy_turn(s)[0]
    return "pit stop" not in greedy_line and any(a.startswith("place") for a in greedy_line)


def _buy_test(s: State, p: TurnPlan) -> bool:
    if not _bought(p.actions) or p.parts[0] <= 0 or not _beats_greedy(s, p, "value", 1):
        return False
    return _bought(greedy_turn(s)[0]) != _bought(p.actions)


def _card_test(colour: str, objective: str = "progress") -> Callable[[State, TurnPlan], bool]:
    def test(s: State, p: TurnPlan) -> bool:
        return f"play {colour}" in p.actions and p.parts[0] > 0 and \
            _beats_greedy(s, p, objective)
    return test


STANDARD_DIESEL = ["manager", "suspension", "crew_chief", "diesel_engine", "transmission"]
STANDARD_FUEL = ["manager", "suspension", "crew_chief", "fuel_injection", "transmission"]

FINDERS = (
    Finder("redline_line", "A Redline line",
           "Redline (AU-47) lets white cubes go on any colour for 1 wear each. How far can "
           "this pile take the car, and in what order?",
           ["manager", "redline", "crew_chief", "hybrid_engine", "transmission"], "progress",
           lambda s, p: p.best == "play red" and _unique(p)
           and _beats_greedy(s, p, "progress")),
    Finder("further_than_greedy", "Further than greedy",
           "Playing each gear on the space that reaches furthest falls short here. Find the "
           "turn that goes furthest, then for the least wear.", "standard", "progress",
           lambda s, p: p.parts[0] > 0 and _beats_greedy(s, p, "progress")),
    Finder("save_the_wear", "Save the wear",
           "Least wear first: the turn that adds the fewest wear cubes to the bag, then goes "
           "furthest. Is standing still the answer, or can the car move for free (AU-18)?",
           "standard", "wear",
           lambda s, p: p.parts[0] > 0 and p.parts[1] <= 0 and _beats_greedy(s, p, "wear")),
    Finder("diesel_turn", "A Diesel turn",
           "Diesel Engine (AU-55) moves the blue cube one dark-grey space for each dark-grey "
           "cube in the discard, for 2 wear, from the car or the last cube placed. Go as far "
           "as you can, then for the least wear: when does the blue cube go, and where?",
           STANDARD_DIESEL, "progress", _card_test("blue"), turns=range(2, 20, 3),
           bots=("random", "random")),
    Finder("draft_to_save_wear", "A draft to save wear",
           "The greedy turn gets as far as the best one but pays wear for its move. Go as "
           "far, then "
           "for the least wear: where does the car end so that the move costs no wear (AU-18: "
           "directly behind another car)?", "standard", "progress", _draft_test),
    Finder("pit_stop", "The right pit stop",
           "Least wear first, then progress. The pile can move the car, and the greedy bot "
           "moves it; a card can take wear out too. Is a pit stop (AU-13: no action, no "
           "buying, the active pile's wear removed) better here, or a turn that plays?",
           "standard", "wear", _pit_test),
    Finder("best_buy", "The best buy",
           "Value first: the turn that adds the most value to your cubes, priced by our cube "
           "values (buy.DEFAULT_VALUES, not the rules') at RA1's synthetic costs; then "
           "progress, then least wear. Which cubes do you play and which do you keep as "
           "money, and what do you buy? (The solver sees this turn only: the answer is the "
           "best purchase under these values, not a proof that it wins the next turn.)",
           "standard", "value", _buy_test),
    Finder("fuel_injection_line", "A Fuel Injection line",
           "Fuel Injection (AU-60) makes each gear played after it move two spaces of its "
           "colour instead of one, for 2 wear. Go as far as you can, then for the least wear.",
           STANDARD_FUEL, "progress", _card_test("blue")),
    Finder("weaving_line", "A Weaving line",
           "With Weaving (AU-23) a cube may go on any segment of a space, not only its "
           "furthest free one, so a rear segment can open a route. Go as far as you can, then "
           "for the least wear.", "standard", "progress",
           lambda s, p: p.parts[0] > 0 and any(" segment " in a for a in p.actions)
           and _beats_greedy(s, p, "progress"), weaving=True),
    Finder("redline_and_fuel", "Redline with Fuel Injection",
           "Redline (AU-47: white cubes on any colour, 1 wear each) combines with Fuel "
           "Injection (AU-60: every gear after it moves two spaces). Go as far as you can, "
           "then for the least wear.",
           ["manager", "redline", "crew_chief", "fuel_injection", "transmission"], "progress",
           lambda s, p: "play red" in p.actions and "play blue" in p.actions
           and _beats_greedy(s, p, "progress")),
)


def find(finder: Finder, seeds: range | None = None) -> tuple[State, TurnPlan]:
    """The first seeded position (seed, then ``finder.turns``: 2, 5, 8 by default) whose plan
    is proven within ``MAX_NODES`` positions, draws nothing and passes ``finder.test``;
    PuzzleError if none."""
    for seed in finder.seeds if seeds is None else seeds:
        for turns in finder.turns:
            state = mid_race(seed, turns, cards=finder.cards, bots=finder.bots,
                             weaving=finder.weaving)
            if state is None:
                continue
            try:
                plan = solve_turn(state, finder.objective, max_nodes=MAX_NODES)
                check_answer(plan)
            except (PuzzleError, TurnError):
                continue
            if finder.test(state, plan):
                return state, plan
    raise PuzzleError(f"no position found for {finder.name}")


def puzzle_data(finder: Finder, state: State, plan: TurnPlan) -> dict[str, Any]:
    """The puzzle file's dict of ``finder`` for a position and its solved plan."""
    check_answer(plan)
    greedy_line, greedy_value = greedy_turn(state)
    return {"format": FORMAT, "version": VERSION, "name": finder.name, "title": finder.title,
            "question": finder.question, "difficulty": difficulty_of(plan),
            "positions": plan.nodes,
            "cards": [finder.cards] if isinstance(finder.cards, str) else list(finder.cards),
            "objective": finder.objective, "answer": plan.best, "line": list(plan.actions),
            "value": [int(x) for x in plan.parts], "ties": list(ties(plan)),
            "why_not": list(why_not(plan, finder.objective)), "greedy_line": greedy_line,
            "greedy_value": list(greedy_value), "position": json.loads(state.to_json())}


def write_puzzle(number: int, finder: Finder, state: State, plan: TurnPlan,
                 folder: Path = DATA) -> Path:
    """Write the puzzle file of ``finder`` for a position and its solved plan."""
    data = puzzle_data(finder, state, plan)
    path = folder / f"{number:02d}_{finder.name}.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
    return path


def main() -> int:
    """Find and write every shipped puzzle again, numbered easy to hard (by positions
    searched); other puzzle files in the folder are removed."""
    DATA.mkdir(exist_ok=True)
    found = [(finder, *find(finder)) for finder in FINDERS]
    found.sort(key=lambda f: (difficulty_of(f[2]), f[2].nodes))
    written = set()
    for number, (finder, state, plan) in enumerate(found, 1):
        path = write_puzzle(number, finder, state, plan)
        written.add(path.name)
        print(path.name, plan.best, plan.parts, plan.nodes, f"{plan.seconds:.2f} s")
    for old in DATA.glob("*.json"):
        if old.name not in written:
            old.unlink()
    return 0


__all__ = ["DIFFICULTY_NODES", "FINDERS", "FORMAT", "MAX_NODES", "OBJECTIVES", "Finder",
           "Puzzle", "PuzzleError", "check_answer", "difficulty_of", "drafts", "find",
           "greedy_turn", "load_puzzles", "main", "puzzle_data", "puzzle_from_dict",
           "puzzle_named", "replay", "solve_puzzle", "ties", "why_not", "write_puzzle"]

if __name__ == "__main__":
    raise SystemExit(main())
