"""What every game's bots share: the bot protocol, the uniformly random bot, and building a bot
by name from a game's table.

A game's ``bots.py`` keeps its own table (``BOTS``: name -> class taking a seed) with its greedy
bot, and makes its bots with ``make_from``; the random bot is this one in every game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(state) -> action id`` (a legal one)."""

    def choose(self, state: Any) -> int: ...


class RandomBot:
    """Uniformly random among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> int:
        """A legal action id drawn uniformly; ValueError once the game is over."""
        ids = state.legal_action_ids()
        if not ids:
            raise ValueError("the game is over: no legal action to choose")
        return int(self.rng.choice(ids))


def make_from(bots: Mapping[str, Callable[[int | None], Any]], name: str,
              seed: int | None = 0) -> Any:
    """The bot called ``name`` (any case, spaces around ignored) of the table ``bots``, with
    its own seeded generator; ValueError naming the known bots otherwise."""
    try:
        cls = bots[name.strip().lower()]
    except (KeyError, AttributeError):
        raise ValueError(f"unknown bot {name!r} (known bots: {', '.join(bots)})") from None
    return cls(seed)


__all__ = ["Bot", "RandomBot", "make_from"]
