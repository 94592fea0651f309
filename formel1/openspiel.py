"""Formel 1 as an OpenSpiel game, ``python_formel1``, through gamecore's one adapter.

Only Formel 1's part: the ``Spec`` (players 2-6, default 4; the game's options ``races``,
``track`` and ``variants`` as parameters, as ``kw new --option`` takes them; the length bound)
and the observation tensor. Explicit chance (the first dealer, every card dealt, the Starter, every
car card revealed), action ids, win-share returns, the observer on ``State.observation`` (the
other hands, the removed cards, the face-down Starter and the seed hidden) and the JSON
serialization are the adapter's (``gamecore.openspiel``). Importing this registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from gamecore import openspiel as adapter

from . import GAME
from .config import TWO_LAPS, config_for
from .game import MAX_GAME_LENGTH, max_length

COLOURS = list(config_for(2).colours)
CARDS = [k.name for k in config_for(2).kinds]
PHASES = ("dealer", "remove", "deal", "starter", "auction", "race", "over")
DECISIONS = ("move", "white", "switch")


class Formel1Encoding:
    """The observation tensor: observer, phase, seat in turn, money, the observer's hand (card
    counts), hand sizes, each car's owner and place on the track, the offer and the bid, the
    card in play and its open decision (numbers scaled to about 0-1)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.pieces: list[tuple[str, int]] = [
            ("observer", players), ("phase", len(PHASES)), ("turn", players),
            ("money", players), ("hand", len(CARDS)), ("hand_sizes", players),
            ("owner", 6 * (players + 1)), ("progress", 6), ("finished", 6),
            ("offer", 7), ("high_bid", 1), ("card", len(CARDS) + 1),
            ("decision", len(DECISIONS) + 1),
        ]

    def encode(self, view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        """Write a player's view into the zeroed pieces ``out``."""
        n, rows = self.players, config_for(2).tracks[view["track"]].rows
        me = view["observer"]
        out["observer"][me] = 1
        out["phase"][PHASES.index(view["phase"])] = 1
        out["turn"][view["turn"]] = 1
        out["money"][:] = [m / 1000 for m in view["money"]]
        for card in view["hands"][me]:
            out["hand"][CARDS.index(card)] += 1
        out["hand_sizes"][:] = [len(h) / 24 for h in view["hands"]]
        owners = out["owner"].reshape(6, n + 1)
        for car, owner in enumerate(view["owner"]):
            owners[car, n if owner is None else owner] = 1
            where = view["cars"][car]
            if where == "finished":
                out["finished"][car] = 1
                out["progress"][car] = 1
            elif where is not None:
                laps = 2 if set(view["variants"]) & set(TWO_LAPS) else 1
                out["progress"][car] = (view["laps"][car] * rows + int(where[:-1])) / (laps * rows)
        out["offer"][6 if view["offer"] is None else COLOURS.index(view["offer"])] = 1
        out["high_bid"][0] = view["high_bid"] / 1000
        out["card"][len(CARDS) if view["card"] is None else CARDS.index(view["card"])] = 1
        pending = view["pending"]
        out["decision"][len(DECISIONS) if pending is None
                        else DECISIONS.index(pending["decision"])] = 1


def _encoding(params: Mapping[str, Any]) -> Formel1Encoding:
    return Formel1Encoding(params["players"])


def _view(state: Any, player: int) -> dict[str, Any]:
    """The observation without the log (the tensor never encodes it)."""
    view = GAME.observe(state, player)
    view.pop("log")
    return view


def _new_state(params: Mapping[str, Any]) -> Any:
    options = {o.name: params[o.name] for o in GAME.options}
    return GAME.new_game(params["players"], None, explicit_chance=True, **options)


class Formel1Game(adapter.OpenSpielGame):
    """A game of 2-6 players (parameter ``players``, default 4) with the game's options as
    parameters (``races``, ``track``, ``variants``; ``formel1.game.OPTIONS``)."""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(params)
        self.new_core_state()  # a bad option fails here, in ``load_game``


SPEC = adapter.Spec(game=GAME.name, max_game_length=MAX_GAME_LENGTH, default_players=4,
                    encoder=_encoding, long_name="Python Formel 1 Nürburgring", view=_view,
                    parameters={o.name: o.default for o in GAME.options},
                    new_state=_new_state, max_length=max_length)
adapter.register(SPEC, game_class=Formel1Game)
GAME_NAME = SPEC.name
