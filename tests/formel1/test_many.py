"""1,000 seeded random Formel 1 games of three races: every player count,
both tracks and every variant in turn, each played to its end through the fast path with the
legal actions never empty before it, within a bound on its length; at the end the winners are
exactly those with the most money, a shared win when several have it (F1-33, RF8)."""

from __future__ import annotations

import random

import formel1
from formel1 import rules
from formel1.config import MAX_PLAYERS, MIN_PLAYERS

#: the variant sets played in turn (the two two-lap forms exclude each other, F1-40, F1-41)
VARIANT_SETS = ((), ("white321",), ("no_car",), ("two_laps_discards",),
                ("two_laps_double_deck",), ("white321", "two_laps_discards"))
GAMES = 1_000
MAX_DECISIONS = 20_000  # far above the longest game seen; a game past it would be a loop


def test_1000_seeded_random_games_end_and_the_most_money_wins() -> None:
    counts = range(MIN_PLAYERS, MAX_PLAYERS + 1)
    seen_tracks, seen_players = set(), set()
    for seed in range(GAMES):
        players = counts[seed % len(counts)]
        track = ("standard", "new")[(seed // len(counts)) % 2]
        variants = VARIANT_SETS[seed % len(VARIANT_SETS)]
        s = formel1.new_game(players, seed, races=3, track=track, variants=variants)
        rng = random.Random(seed)
        decisions = 0
        while not s.is_terminal():
            legal = s.legal_action_ids()
            assert legal, (seed, s.phase)
            s.apply_unchecked(rng.choice(legal))
            decisions += 1
            assert decisions < MAX_DECISIONS, seed
        assert s.phase == rules.OVER and len(s.money) == players
        outcome = s.outcome()
        assert outcome is not None
        top = max(s.money)
        assert set(outcome.winners) == {p for p in range(players) if s.money[p] == top}
        seen_tracks.add(track)
        seen_players.add(players)
    assert seen_tracks == {"standard", "new"} and seen_players == set(counts)


def test_a_standing_bid_off_the_10k_steps_is_refused_naming_the_field() -> None:
    """Found by mutating real positions: a standing bid of $41K loaded, then asked for a $51K
    bid no action names. Bids are multiples of $10K (F1-10), so the loader refuses it."""
    import json

    import pytest

    from gamecore.errors import PositionError

    rng = random.Random(3)
    s = formel1.new_game(3, 3)
    while not (s.phase == rules.AUCTION and s.high_bid > 0):
        s.apply_unchecked(rng.choice(s.legal_action_ids()))
    data = json.loads(s.to_json())
    assert formel1.from_json(json.dumps(data)) == s
    data["high_bid"] += 1
    before = json.dumps(data)
    with pytest.raises(PositionError, match="multiple") as info:
        formel1.from_json(before)
    assert info.value.field == "high_bid"
