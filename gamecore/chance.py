"""Seeded chance (STYLE 9): splitmix64 draws, uniform and weighted outcomes, explicit chance.

A seeded game keeps its seed and a draw counter in the state, so it replays identically and
survives JSON; an explicit-chance game (seed ``None``) stops at each chance decision and lists
its outcomes with their probabilities instead. Never the global ``random``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from gamecore.errors import GameError
from gamecore.position import short

T = TypeVar("T")

#: ``current_player`` at a chance node and at the end (OpenSpiel's values).
CHANCE = -1
TERMINAL = -4
#: The largest setup seed (a position file's ``seed`` has the same range).
MAX_SEED = 2**64 - 1
_MASK = (1 << 64) - 1


def draw(seed: int, n: int, k: int) -> int:
    """The ``n``-th draw of a game seeded ``seed``: an int in [0, k) (splitmix64)."""
    z = (seed * 0x9E3779B97F4A7C15 + (n + 1) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return (z ^ (z >> 31)) % k


def weighted_draw(seed: int, n: int, weights: Sequence[int]) -> int:
    """The ``n``-th draw as an index into ``weights`` (positive whole numbers), each index
    drawn with probability weight / sum (one ``draw`` over the total)."""
    r = draw(seed, n, sum(weights))
    for i, w in enumerate(weights):
        if r < w:
            return i
        r -= w
    raise AssertionError("unreachable: r < sum(weights)")


def uniform_outcomes(outcomes: Sequence[T]) -> list[tuple[T, float]]:
    """Each outcome with probability 1/len (an explicit chance node's list)."""
    p = 1.0 / len(outcomes)
    return [(o, p) for o in outcomes]


def weighted_outcomes(weighted: Sequence[tuple[T, int]]) -> list[tuple[T, float]]:
    """Each outcome with probability weight / sum of weights (the same law as
    ``weighted_draw``)."""
    total = sum(w for _, w in weighted)
    return [(o, w / total) for o, w in weighted]


class SeedError(GameError, ValueError):
    """A seed the generator cannot take: not a whole number from 0 to MAX_SEED."""


def check_seed(seed: int | None, explicit_chance: bool) -> int | None:
    """The seed a new game keeps: ``None`` in explicit-chance mode, else ``seed`` checked to be
    a whole number from 0 to MAX_SEED (SeedError, a ValueError, otherwise; a huge number is
    described, never printed whole)."""
    if explicit_chance:
        return None
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise SeedError(f"seed must be a whole number from 0 to 2**64-1, not {short(seed)}")
    return seed
