"""The solve contract every game's solver keeps, and the registry that finds them.

Each game has ``solvers/<game>/solve.py`` with a ``SOLVER`` object (the ``Solver`` protocol):
its ``game`` name, its ``options`` (``SolverOption``: what ``kw solve`` offers under the game's
own heading; every number one of them takes is checked here alike for every game: finite and
positive), ``solve(state, options) -> Answer`` (``solvers.answer``), its ``puzzles()`` (each
a ``Puzzle`` that can be solved to an ``Answer`` with its own settings) and ``commands(sub)``,
the game's own ``kw`` commands (Kraftwagen's ``price``). Solvers are found through the
entry-point group ``kraftwagen_lab.solvers`` (pyproject.toml), read with ``importlib.metadata``;
a solver module imports its game's core only when it solves, so building the ``kw`` parser
imports no game. ``find_puzzle`` looks a puzzle up by name among every game's.
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib.metadata import entry_points
from typing import Any, Protocol

from gamecore.cli import short
from solvers.answer import Answer

#: The entry-point group naming each game's ``SOLVER`` (``module:attribute``).
ENTRY_POINTS = "kraftwagen_lab.solvers"
#: The longest text a number option reads (far past any budget that could ever be spent).
MAX_NUMBER_TEXT = 30


class SolveError(ValueError):
    """A user's mistake in a solve request (a bad option, a position the solver cannot take):
    one line for the command line to print."""


@dataclass(frozen=True)
class SolverOption:
    """One setting of a game's solver, offered by ``kw solve`` as ``--NAME`` (underscores as
    dashes). ``kind`` is bool (a flag), int, float or str (a number must be finite and
    positive: ``parse`` refuses NaN, infinity, zero and below); ``many`` takes several words;
    ``choices`` limits the values; ``default`` is the value when it is not given (None: the
    solver's own default); ``metavar`` names the value in the help."""

    name: str
    kind: type
    help: str
    default: Any = None
    choices: tuple[str, ...] = ()
    many: bool = False
    metavar: str = "N"

    @property
    def flag(self) -> str:
        """The option on the command line."""
        return "--" + self.name.replace("_", "-")

    def parse(self, value: Any) -> Any:
        """The value given on the command line, converted and checked; SolveError naming the
        option otherwise."""
        if self.kind is bool or value is None:
            return value
        if self.many:
            return tuple(self._one(v) for v in value)
        return self._one(value)

    def _one(self, text: Any) -> Any:
        if self.kind in (int, float):
            return self._number(text)
        try:
            value = self.kind(text)
        except ValueError:
            raise SolveError(f"argument {self.flag}: expected {self.kind.__name__}, not "
                             f"{short(text)}") from None
        if self.choices and value not in self.choices:
            raise SolveError(f"argument {self.flag}: invalid choice: {short(text)} (choose "
                             f"from {', '.join(self.choices)})")
        return value

    def _number(self, text: Any) -> int | float:
        """A number option's value: finite and positive (a whole number for int), or a
        SolveError naming the option."""
        words = "a whole number >= 1" if self.kind is int else "a positive number"
        refused = SolveError(f"argument {self.flag}: expected {words}, not {short(text)}")
        if isinstance(text, str) and len(text.strip()) > MAX_NUMBER_TEXT:
            raise refused  # never converted: Python refuses int() of 5,000 digits
        try:
            value = self.kind(text)
        except (ValueError, TypeError, OverflowError):
            raise refused from None
        if not math.isfinite(value) or value <= 0:
            raise refused
        return value


@dataclass(frozen=True)
class Puzzle:
    """A puzzle of any game: its name, kind, title, difficulty (1-5), players and question;
    ``state()`` is its position and ``solve(options)`` its answer under the puzzle's own
    settings, ``options`` (the ``kw solve`` options given) overriding them."""

    game: str
    name: str
    kind: str
    title: str
    difficulty: int
    players: int
    question: str
    load: Callable[[], Any] = field(repr=False)
    answer: Callable[[Mapping[str, Any]], Answer] = field(repr=False)

    def state(self) -> Any:
        """The puzzle's position."""
        return self.load()

    def solve(self, options: Mapping[str, Any] | None = None) -> Answer:
        """The puzzle solved with its settings and ``options``."""
        return self.answer(options or {})


class Solver(Protocol):
    """What each game's ``solvers/<game>/solve.py`` offers as ``SOLVER`` (module docstring)."""

    game: str
    title: str
    options: tuple[SolverOption, ...]

    def solve(self, state: Any, options: Mapping[str, Any]) -> Answer:
        """The answer for the player to move in ``state``, with ``options`` by name (those
        not given are absent); SolveError for a request the solver cannot take."""
        ...

    def puzzles(self) -> list[Puzzle]:
        """The game's shipped puzzles, in their order."""
        ...

    def commands(self, sub: Any) -> None:
        """Add the game's own ``kw`` commands to the subcommands ``sub`` (none: do nothing)."""
        ...


@cache
def solvers() -> dict[str, Solver]:
    """Every installed game's solver, by game name (the entry points of ``ENTRY_POINTS``)."""
    found: dict[str, Solver] = {}
    for point in sorted(entry_points(group=ENTRY_POINTS), key=lambda p: p.name):
        found[point.name] = point.load()
    return found


def solver_of(game: str) -> Solver:
    """The solver of ``game``; SolveError naming the games that have one otherwise."""
    try:
        return solvers()[game]
    except KeyError:
        raise SolveError(f"{game} has no solver (games with one: "
                         f"{', '.join(solvers())})") from None


def puzzles(game: str | None = None) -> list[Puzzle]:
    """The puzzles of ``game`` (None: of every game with a solver)."""
    games = [solver_of(game)] if game is not None else list(solvers().values())
    return [p for s in games for p in s.puzzles()]


def find_puzzle(name: str, game: str | None = None) -> Puzzle:
    """The puzzle called ``name`` (of ``game`` when given); SolveError when no game has it,
    or when several do and ``game`` does not say whose."""
    found = [p for p in puzzles(game) if p.name == name]
    if len(found) == 1:
        return found[0]
    if found:
        raise SolveError(f"puzzle {name!r} is a puzzle of {' and '.join(p.game for p in found)}: "
                         f"say whose with --game")
    whose = f"{game}'s puzzles" if game else "any game's puzzles"
    raise SolveError(f"no puzzle {name!r} among {whose} (`kw puzzles --game G` lists them)")


def given_options(args: argparse.Namespace) -> dict[str, Any]:
    """The solver options given on the ``kw solve`` command line, by name (``SOLVE_OPTIONS``
    in ``args`` lists their names)."""
    return {name: getattr(args, name) for name in getattr(args, "solve_options", ())
            if getattr(args, name, None) not in (None, False)}


def check_options(solver: Solver, given: Mapping[str, Any]) -> dict[str, Any]:
    """``given`` converted and checked by ``solver``'s options; SolveError in one line for an
    option of another game, naming this game."""
    own = {o.name: o for o in solver.options}
    checked: dict[str, Any] = {}
    for name, value in given.items():
        if name not in own:
            owners = [g for g, s in solvers().items() if any(o.name == name for o in s.options)]
            whose = f"a {' and '.join(owners)} option" if owners else "no solver's option"
            raise SolveError(f"--{name.replace('_', '-')} is {whose}; the game here is "
                             f"{solver.game}")
        checked[name] = own[name].parse(value)
    return checked


__all__ = ["ENTRY_POINTS", "Puzzle", "SolveError", "Solver", "SolverOption", "check_options",
           "find_puzzle", "given_options", "puzzles", "solver_of", "solvers"]
