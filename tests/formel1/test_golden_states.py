"""A golden hash of every state along seeded random games: a change meant to be speed only
(the rules, the state) must leave it as it is.

Every data field of every state, the log's extra units, the legal actions and the player to
decide are hashed along 12 seeded games of random legal play (2-6 players, both tracks, every
variant, 1-3 races), the checked ``apply`` and ``child`` compared every third step. When a
rule is changed on purpose the hash changes: write the new one here, with the change named in
the commit.
"""

from __future__ import annotations

import hashlib
import random

import formel1
from formel1 import State

VARIANTS = [(), ("two_laps_discards",), ("two_laps_double_deck",), ("white321",), ("no_car",)]
#: The hash of the 12 games below, and how many states they pass.
GOLDEN = ("3e989ef402c58a428fe533f782a7b5af66b6268291115c20bb46ffe703ed687a", 4941)


def _games_hash(games: int, steps: int = 4_000) -> tuple[str, int]:
    """The sha256 of every state along ``games`` seeded games, and the states hashed."""
    h = hashlib.sha256()
    states = 0
    for g in range(games):
        s = formel1.new_game(players=2 + (g + g // 5) % 5, seed=g, races=1 + g % 3,
                             track="new" if g % 7 == 3 else "standard",
                             variants=VARIANTS[g % len(VARIANTS)])
        rng = random.Random(1000 + g)
        for step in range(steps):
            if s.is_terminal():
                break
            legal = s.legal_action_ids()
            h.update(repr((tuple(getattr(s, f) for f in State.DATA_FIELDS), s.log_extra, legal,
                           s.current_player)).encode())
            states += 1
            aid = rng.choice(legal)
            if step % 3 == 0:
                c = s.child(aid)
                s.apply(aid)
                assert c == s
            else:
                s.apply_unchecked(aid)
        h.update(repr((tuple(getattr(s, f) for f in State.DATA_FIELDS), s.outcome())).encode())
    return h.hexdigest(), states


def test_every_state_along_seeded_games_hashes_as_before() -> None:
    assert _games_hash(12) == GOLDEN
