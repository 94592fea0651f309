"""1,000 seeded random Automobiles races: every player count, both tracks,
every named card set and random ones, with and without Weaving and drivers, each played to its
end through the fast path with the legal actions never empty before it, within a bound on its
length; at the end the winners are the furthest cars (AU-22), ties to the inner lane.

The longest race measured: seed 647 (5 players, a random card set, Monza, no Weaving, no
drivers), 11,182 decisions (``LONGEST_SEEN``, measured again when the synthetic tracks were
changed to hold the seed's worked examples); the bound is far above it, a race past it would be
a loop.
The 1,000 races take about 2 minutes of one core."""

from __future__ import annotations

import random

import automobiles
from automobiles import rules
from automobiles.config import config_for

GAMES = 1_000
MAX_DECISIONS = 40_000  # the OpenSpiel adapter's bound (automobiles.openspiel.MAX_GAME_LENGTH)
#: The longest of these races, in decisions (measured when the test was written).
LONGEST_SEEN = 11_182


def _params(seed: int) -> dict[str, object]:
    names = [*sorted(config_for(2).card_sets), "random"]
    return {"players": 2 + seed % 4, "seed": seed, "cards": names[seed % len(names)],
            "track": ("daytona", "monza")[seed // 4 % 2], "weaving": seed // 8 % 2 == 1,
            "drivers": seed // 16 % 2 == 1,
            "house_drivers_single_race": seed // 16 % 2 == 1}  # a single race: the house rule


def test_1000_seeded_random_races_end_and_the_furthest_car_wins() -> None:
    longest = 0
    seen = set()
    for seed in range(GAMES):
        params = _params(seed)
        s = automobiles.new_game(**params)  # type: ignore[arg-type]
        rng = random.Random(seed)
        decisions = 0
        while not s.is_terminal():
            legal = s.legal_action_ids()
            assert legal, (seed, s.phase, s.effect)
            s.apply_unchecked(rng.choice(legal))
            decisions += 1
            assert decisions < MAX_DECISIONS, seed
        longest = max(longest, decisions)
        outcome = s.outcome()
        assert outcome is not None and s.phase == "over"
        assert any(rules.finished(s, p) for p in range(s.players))
        assert list(outcome.winners) == [rules.position_order(s)[0]]
        seen.add((params["players"], params["track"], params["weaving"], params["drivers"]))
    assert len(seen) == 4 * 2 * 2 * 2
    assert longest <= MAX_DECISIONS
