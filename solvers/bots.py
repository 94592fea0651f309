"""Every bot of every registered game by name: the game's own, the generic ones, the game's
solver bots.

A bot is named by a short spec, ``NAME`` or ``NAME:N`` with a whole-number parameter, and belongs
to a game (default Kraftwagen). A game's bots, in this order:

    its own           ``Game.bots``, built by ``Game.make_bot`` (Kraftwagen: random, greedy)
    random            uniform among the legal actions (``RandomBot``), unless the game has its own
    mcts[:SIMS]       Monte Carlo tree search with SIMS simulations per decision (solvers.mcts)
    mcts-time[:MS]    the same search given MS milliseconds of CPU per decision
    openspiel-mcts[:MS]  OpenSpiel's own MCTS (random rollouts) given MS milliseconds of CPU per
                      decision (solvers.openspiel_bot), the ladders' reference opponent; for a
                      game whose core has an OpenSpiel adapter (``<core>.openspiel``)
    its solver bots   the ``BOTS`` of ``solvers.<game>.bots`` when that module exists
                      (Kraftwagen: ``planner[:NODES]``, ``planner-time[:MS]``,
                      ``planner-gain[:MS]``; Formel 1: ``endgame``, ``view[:MS]``; Automobiles:
                      ``best``, ``race[:MS]`` and the bag-building strategies)
    PATH.py           a participant's bot file, in its own process with limits (solvers.sandbox)

``make_bot(spec, seed, game=...)`` builds one with its own seeded generator; an unknown game or
name, or a bad parameter, raises ``BotError`` (a ValueError) that names the known ones.

Games are found by name with ``gamecore.game.find`` (the installed games' entry points), which
imports only the game named: so the command line and the tournament's worker processes import
only the game they play.
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple, Protocol, runtime_checkable

from gamecore.bots import RandomBot
from gamecore.game import Game
from gamecore.game import find as find_game
from solvers.mcts import DEFAULT_SIMULATIONS, MCTSBot, MCTSError, game_solvers

DEFAULT_GAME = "kraftwagen"
#: the time-budgeted bots' default CPU time per decision
DEFAULT_MILLISECONDS = 100


class BotError(ValueError):
    """A bot spec names no known bot or game, or gives a bot a bad parameter."""


@runtime_checkable
class Bot(Protocol):
    """A player of any game: ``choose`` returns one id from ``state.legal_action_ids()``."""

    name: str

    def choose(self, state: Any) -> int:
        """The id of the action to take in ``state`` (not terminal)."""
        ...


class BotEntry(NamedTuple):
    """One bot of a game's table: its builder from (seed, parameter), the default parameter
    (None: it takes none) and what the parameter is."""

    build: Callable[[int | None, int], Bot]
    default: int | None
    what: str


def bots_of(game: str = DEFAULT_GAME) -> dict[str, BotEntry]:
    """Every bot of ``game`` by name, in the order of the module docstring; BotError for an
    unknown game."""
    try:
        described = find_game(game)
    except ValueError as exc:
        raise BotError(str(exc)) from None
    table = {name: BotEntry(_own(described, name), None, "") for name in described.bots}
    table.setdefault("random", BotEntry(lambda seed, _: RandomBot(seed), None, ""))
    table["mcts"] = BotEntry(_mcts(game), DEFAULT_SIMULATIONS, "simulations per decision")
    table["mcts-time"] = BotEntry(_timed_mcts(game), DEFAULT_MILLISECONDS,
                                  "milliseconds of CPU per decision")
    if _adapted(described):
        table["openspiel-mcts"] = BotEntry(_openspiel_mcts(game), DEFAULT_MILLISECONDS,
                                           "milliseconds of CPU per decision")
    solvers = game_solvers(game)
    for name, entry in getattr(solvers, "BOTS", {}).items():
        table[name] = BotEntry(*entry)
    return table


def is_participant(spec: str) -> bool:
    """True when ``spec`` names a participant's bot file (``PATH.py``, solvers.sandbox)."""
    return isinstance(spec, str) and spec.strip().endswith(".py")


def parse_spec(spec: str, game: str = DEFAULT_GAME) -> tuple[str, int | None]:
    """``NAME`` or ``NAME:N`` -> (name, parameter or the default); a participant's ``PATH.py``
    -> (the path, None); BotError when it is bad."""
    if not isinstance(spec, str):
        raise BotError(f"a bot is named by text, not {spec!r}")
    if is_participant(spec):
        if not Path(spec.strip()).is_file():
            raise BotError(f"no bot file {spec.strip()!r}")
        find_game(game)  # an unknown game is an error here too
        return spec.strip(), None
    table = bots_of(game)
    name, sep, param = spec.strip().lower().partition(":")
    if name not in table:
        raise BotError(f"unknown bot {spec.strip()!r} (known bots: {', '.join(table)})")
    default, what = table[name].default, table[name].what
    if not sep:
        return name, default
    if default is None:
        raise BotError(f"bot {name!r} takes no parameter, not {spec.strip()!r}")
    if not param.strip().isdigit() or int(param) < 1:
        raise BotError(f"bot {name!r} takes a whole number >= 1 ({what}), not {param!r}")
    return name, int(param)


def canonical(spec: str, game: str = DEFAULT_GAME) -> str:
    """The spec written out in full (``mcts`` -> ``mcts:32``), for tables and reports."""
    name, param = parse_spec(spec, game)
    return name if param is None else f"{name}:{param}"


def make_bot(spec: str, seed: int | None = 0, game: str = DEFAULT_GAME, *,
             move_seconds: float = 1.0, memory_mb: int = 1024) -> Bot:
    """A new bot of ``game`` from its spec (``random``, ``greedy``, ``mcts:200``, ``planner``...,
    or a participant's ``PATH.py``, played in its own process with ``move_seconds`` per move and
    ``memory_mb`` of memory: solvers.sandbox).

    Raises BotError for an unknown game or name, or a bad parameter; a participant's file that
    cannot be started raises solvers.sandbox.BotFault.
    """
    name, param = parse_spec(spec, game)
    if is_participant(name):
        from solvers.sandbox import SandboxedBot

        return SandboxedBot(name, game, seed, move_seconds, memory_mb)
    return bots_of(game)[name].build(seed, param or 0)


def _own(game: Game, name: str) -> Callable[[int | None, int], Bot]:
    def build(seed: int | None, _: int) -> Bot:
        bot: Bot = game.make_bot(name, seed)
        return bot

    return build


def _mcts(game: str) -> Callable[[int | None, int], Bot]:
    def build(seed: int | None, simulations: int) -> Bot:
        try:
            return MCTSBot(seed=seed, simulations=simulations, game=game)
        except MCTSError as exc:
            raise BotError(str(exc)) from None

    return build


def _timed_mcts(game: str) -> Callable[[int | None, int], Bot]:
    def build(seed: int | None, milliseconds: int) -> Bot:
        try:
            return MCTSBot(seed=seed, game=game, seconds=milliseconds / 1000)
        except MCTSError as exc:
            raise BotError(str(exc)) from None

    return build


def _adapted(game: Game) -> bool:
    """True when the game's core package has an OpenSpiel adapter (``<core>.openspiel``)."""
    package = getattr(game.new_game, "__module__", "").split(".")[0]
    try:
        return importlib.util.find_spec(f"{package}.openspiel") is not None
    except (ImportError, ValueError):
        return False


def _openspiel_mcts(game: str) -> Callable[[int | None, int], Bot]:
    def build(seed: int | None, milliseconds: int) -> Bot:
        from solvers.openspiel_bot import OpenSpielMCTSBot  # pyspiel loads only when asked

        bot: Bot = OpenSpielMCTSBot(seed, milliseconds, game=game)
        return bot

    return build


__all__ = ["DEFAULT_GAME", "Bot", "BotEntry", "BotError", "bots_of", "canonical", "is_participant",
           "make_bot", "parse_spec"]
