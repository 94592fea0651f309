"""gamecore: the game-independent engine parts every game of the lab is built on.

Standard library only. Seeded chance (``gamecore.chance``), the state skeleton and outcomes
(``gamecore.state``), the action base and id table (``gamecore.actions``), the error types
(``gamecore.errors``), the JSON position envelope, its schema checker and replay fields
(``gamecore.position``), and the ``Game`` registry with the observation protocol
(``gamecore.game``). Nothing here imports a game: each game core registers itself.
"""

from __future__ import annotations

from gamecore.actions import Action, ActionTable
from gamecore.chance import (
    CHANCE,
    MAX_SEED,
    TERMINAL,
    check_seed,
    draw,
    uniform_outcomes,
    weighted_draw,
    weighted_outcomes,
)
from gamecore.errors import ActionParseError, GameError, IllegalActionError, PositionError
from gamecore.game import DEFAULT_GAME, Game, Observer, games, get, load_position, register
from gamecore.state import GameState, Outcome

__all__ = [
    "CHANCE", "DEFAULT_GAME", "MAX_SEED", "TERMINAL", "Action", "ActionParseError",
    "ActionTable", "Game", "GameError", "GameState", "IllegalActionError", "Observer", "Outcome",
    "PositionError", "check_seed", "draw", "games", "get", "load_position", "register",
    "uniform_outcomes", "weighted_draw", "weighted_outcomes",
]
