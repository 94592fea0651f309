"""Automobiles as an OpenSpiel game, ``python_automobiles``, through gamecore's one adapter.

Only Automobiles' part: the ``Spec`` (players 2-5, default 4; the game's options as parameters,
``pyspiel.load_game("python_automobiles", {"players": 4, "season": 3, "sponsors": True})``;
the length bound, scaled by the laps and races) and the observation tensor. Everything else
(explicit chance with the bag's weighted draws, action ids, win-share returns, the observer,
the JSON serialization) is the adapter's (``gamecore.openspiel``). Importing this registers
the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from gamecore import openspiel as adapter

from .config import CUBES, config_for
from .game import GAME, MAX_GAME_LENGTH, max_length
from .state import PHASES

#: Pile counts and money are scaled by these to about 0-1.
PILE_SCALE, MONEY_SCALE = 20.0, 30.0


class AutomobilesEncoding:
    """The observation tensor: who observes, who is in turn, the phase, every pile of every
    seat, the stock, each car's distance and lane, the money, the turn's cubes on the track."""

    def __init__(self, players: int) -> None:
        self.players = players
        n, k = players, len(CUBES)
        self.pieces: list[tuple[str, int]] = [
            ("observer", n), ("in_turn", n), ("phase", len(PHASES)), ("piles", n * 4 * k),
            ("stock", k), ("distance", n), ("lane", n), ("money", 1), ("route", 1),
            ("playing", 5), ("drawing", 1),
        ]

    def encode(self, view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        """Write a player's view into the zeroed pieces ``out``."""
        cfg = config_for(2)
        track = cfg.tracks[view["track"]]
        n, k = self.players, len(CUBES)
        out["observer"][view["observer"]] = 1
        order = view["order"]
        if view["phase"] in ("action", "place", "buy") and len(order) == n:
            out["in_turn"][order[view["turn"] % n]] = 1
        out["phase"][PHASES.index(view["phase"])] = 1
        piles = out["piles"].reshape(n, 4, k)
        for j, field in enumerate(("bag", "active", "used", "discard")):
            piles[:, j, :] = np.asarray(view[field], dtype=float) / PILE_SCALE
        stock = [c.stock for c in cfg.cubes]
        out["stock"][:] = [a / b for a, b in zip(view["stock"], stock, strict=True)]
        for p, car in enumerate(view["cars"]):
            space = track.spaces[car["space"]]
            unit = car["laps"] * track.units + space.start + car["segment"]
            out["distance"][p] = unit / (track.units * view["laps"])
            out["lane"][p] = space.lane / max(track.lanes - 1, 1)
        out["money"][0] = view["money"] / MONEY_SCALE
        out["route"][0] = len(view["route"]) / 10
        out["playing"][view["playing"] + 1] = 1
        out["drawing"][0] = view["drawing"][0][1] / cfg.draw if view["drawing"] else 0.0


def _encoding(params: Mapping[str, Any]) -> AutomobilesEncoding:
    return AutomobilesEncoding(params["players"])


def _options(params: Mapping[str, Any]) -> dict[str, Any]:
    """The game's options among the parameters (all but ``players``)."""
    return {o.name: params[o.name] for o in GAME.options}


def _new_state(params: Mapping[str, Any]) -> Any:
    return GAME.new_game(params["players"], None, explicit_chance=True, **_options(params))


class AutomobilesGame(adapter.OpenSpielGame):
    """A race, or a season, for 2-5 players (parameter ``players``, default 4) with the game's
    options as parameters (``season``, ``sponsors``, ``drivers``, ``weaving``, ``cards``,
    ``track``, ``laps``; ``automobiles.game.OPTIONS``)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        # Options that do not go together (sponsors without a season) fail here, in
        # ``load_game``, rather than at the first state.
        self.new_core_state()


SPEC = adapter.Spec(game=GAME.name, max_game_length=MAX_GAME_LENGTH, default_players=4,
                    encoder=_encoding, parameters={o.name: o.default for o in GAME.options},
                    new_state=_new_state, max_length=max_length)
adapter.register(SPEC, game_class=AutomobilesGame)
GAME_NAME = SPEC.name
