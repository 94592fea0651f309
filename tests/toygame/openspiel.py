"""The toy game as an OpenSpiel game, ``python_toy``, through gamecore's one adapter.

Only the toy's part: the ``Spec`` (players 2-4, default 2; the length bound) and the observation
tensor. Everything else (explicit chance, action ids, win-share returns, the observer, the JSON
serialization) is the adapter's (``gamecore.openspiel``). Importing this registers the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from gamecore import openspiel as adapter

from . import GAME
from .config import BONUS_VALUES, MAX_PLAYERS, MAX_SCORE, TARGET, TURNS_EACH

#: Every deal, then per turn at most one roll and one die for each 2 points short of the target
#: (a turn reaching it is banked at once, T5) and a bank: 4 + 40 * 13 = 524.
MAX_GAME_LENGTH = MAX_PLAYERS + TURNS_EACH * MAX_PLAYERS * (2 * -(-TARGET // 2) + 1)


class ToyEncoding:
    """The observation tensor: who observes, whose turn, the scores, the turn, the cards seen
    (one-hot, with a last slot for a card not dealt or hidden)."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.pieces: list[tuple[str, int]] = [
            ("observer", players), ("seat_in_turn", players), ("banked", players),
            ("turn_total", 1), ("turns", 1), ("rolling", 1),
            ("bonus", players * (len(BONUS_VALUES) + 1)),
        ]

    def encode(self, view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        """Write a player's view into the zeroed pieces ``out`` (numbers scaled to about 0-1)."""
        n = self.players
        out["observer"][view["observer"]] = 1
        out["seat_in_turn"][view["turns"] % n] = 1
        out["banked"][:] = [b / MAX_SCORE for b in view["banked"]]
        out["turn_total"][0] = view["turn_total"] / TARGET
        out["turns"][0] = view["turns"] / (TURNS_EACH * n)
        out["rolling"][0] = view["rolling"]
        cards = out["bonus"].reshape(n, len(BONUS_VALUES) + 1)
        for p in range(n):
            card = view["bonus"][p] if p < len(view["bonus"]) else None
            cards[p, len(BONUS_VALUES) if card is None else BONUS_VALUES.index(card)] = 1


def _encoding(params: Mapping[str, Any]) -> ToyEncoding:
    return ToyEncoding(params["players"])


SPEC = adapter.Spec(game=GAME.name, max_game_length=MAX_GAME_LENGTH, default_players=2,
                    encoder=_encoding)
ToyGame = adapter.register(SPEC)
GAME_NAME = SPEC.name
