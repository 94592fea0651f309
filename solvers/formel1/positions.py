"""Seeded Formel 1 race positions for tests, benchmarks and puzzles: a one-race game played by
uniform random choices (``random.Random(seed)``) until few cards are left in the hands."""

from __future__ import annotations

import random

import formel1
from formel1 import State


def cards_left(s: State) -> int:
    """The cards still to be played this race: every hand and discard pile (F1-40)."""
    return sum(len(h) for h in s.hands) + sum(len(d) for d in s.discards)


def endgame(players: int, seed: int, cards: int, mid_card: bool = False,
            track: str = "standard", variants: tuple[str, ...] = ()) -> State | None:
    """The first race decision of a seeded random one-race game with at most ``cards`` cards
    left in all hands: a card to play, or with ``mid_card`` a decision inside a card (an end
    cell, a white number, a switch target) when one comes before the race ends. None when
    the race ends first. ``track`` and ``variants`` as in ``formel1.new_game``."""
    s = formel1.new_game(players=players, seed=seed, races=1, track=track, variants=variants)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.phase == "race" and cards_left(s) <= cards and (s.card >= 0) == mid_card:
            return s
        s.apply_unchecked(rng.choice(s.legal_action_ids()))
    return None


def is_white_decision(s: State) -> bool:
    """A white number to give (F1-25): the decision's actions are white cars."""
    return s.card >= 0 and s.legal_action_ids() != () and all(
        str(formel1.ACTIONS[a]).startswith("white ") for a in s.legal_action_ids())


def holds_switch(s: State) -> bool:
    """A card to play, and the mover's hand holds a switch card (F1-27)."""
    return s.card < 0 and any(s.cfg.kinds[k].switch is not None
                              for k in s.hands[s.current_player])


#: Named tests for ``first_decision`` (puzzle specs name them).
DECISIONS = {"white": is_white_decision, "switch": holds_switch}


def first_decision(players: int, seed: int, cards: int, decision: str) -> State | None:
    """The first race decision of the seeded random game of ``endgame`` with at most
    ``cards`` cards left that passes the test ``DECISIONS[decision]``; None when the race
    ends first."""
    test = DECISIONS[decision]
    s = formel1.new_game(players=players, seed=seed, races=1)
    rng = random.Random(seed)
    while not s.is_terminal():
        if s.phase == "race" and s.current_player >= 0 and cards_left(s) <= cards and test(s):
            return s
        s.apply_unchecked(rng.choice(s.legal_action_ids()))
    return None
