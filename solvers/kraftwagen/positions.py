"""Real mid-game positions, taken from seeded games between the built-in bots.

The planner is judged on these, not only on curated puzzles (which all sit at the end of a
round). A position is the state at a tile choice (``choose_tile``) met in a seeded game between
greedy and random bots; its ``picks_left`` is how many tile choices that game still made before
the round ended, so "4 or more picks left" selects positions in the middle of a round. The
same arguments always give the same positions.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

import kwcore
from kwcore.bots import GreedyBot, RandomBot
from kwcore.state import State

#: the bot line-ups the games are played with, by name (every company greedy, or mixed)
LINE_UPS = ("greedy", "mixed")


@dataclass(frozen=True)
class RealPosition:
    """One position of a seeded game and where it stands in its round."""

    label: str  # e.g. "3co-r2-s5-greedy-d140": companies, round, seed, line-up, decision index
    state: State
    picks_left: int  # tile choices this game still made in the round, this one included


def game_positions(players: int, seed: int, line_up: str = "greedy") -> list[RealPosition]:
    """Every tile choice of one seeded game, with the picks its round still had."""
    if line_up not in LINE_UPS:
        raise ValueError(f"line_up must be one of {', '.join(LINE_UPS)}, not {line_up!r}")
    bots = [GreedyBot(seed + i) if line_up == "greedy" or i % 2 == 0 else RandomBot(seed + i)
            for i in range(players)]
    state = kwcore.new_game(players, seed)
    seen: list[tuple[int, int, State]] = []  # (round, decision index, state)
    decisions = 0
    while not state.is_terminal() and decisions < 5_000:
        if state.decision() == "choose_tile":
            seen.append((state.round, decisions, state.clone(history=False)))
        state.apply_unchecked(bots[state.current_player].choose(state))
        decisions += 1
    out = []
    for i, (rnd, index, s) in enumerate(seen):
        left = sum(1 for r, _, _ in seen[i:] if r == rnd)
        label = f"{players}co-r{rnd}-s{seed}-{line_up}-d{index}"
        out.append(RealPosition(label, s, left))
    return out


def real_positions(count: int = 30, seed: int = 0, min_picks_left: int = 4,
                   max_picks_left: int | None = None, rounds: tuple[int, ...] = (1, 2, 3)
                   ) -> list[RealPosition]:
    """``count`` positions from seeded games: 2, 3 and 4 companies in turn, greedy and mixed
    line-ups in turn, rounds in turn, each a tile choice with ``min_picks_left`` to
    ``max_picks_left`` picks left in its round, drawn with a generator seeded by ``seed``."""
    rng = random.Random(seed)
    out: list[RealPosition] = []
    game = 0
    while len(out) < count:
        if game > 50 * count:
            raise ValueError("no games give positions with those picks left")
        players = (2, 3, 4)[len(out) % 3]
        line_up = LINE_UPS[(len(out) // 3) % 2]
        rnd = rounds[len(out) % len(rounds)]
        candidates = [
            pos for pos in game_positions(players, seed * 1000 + game, line_up)
            if pos.state.round == rnd and pos.picks_left >= min_picks_left
            and (max_picks_left is None or pos.picks_left <= max_picks_left)]
        game += 1
        if candidates:
            out.append(rng.choice(candidates))
    return out


__all__ = ["LINE_UPS", "RealPosition", "game_positions", "real_positions"]
