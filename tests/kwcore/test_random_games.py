"""1,000 seeded random games to the end, and one golden playthrough (STYLE 14).

The random games use the fast path (``apply_unchecked`` over ``legal_action_ids()``), as a solver
would, and check how each game ends against RULINGS K24. The golden playthrough compares the
full plain-English log of one fixed game with ``tests/golden/kraftwagen/random_log_3p_seed7.txt``,
so that
any change of the rules shows up as a diff. After a change that is MEANT to alter play,
regenerate the file and review the diff:

    PYTHONPATH=. python3 -m tests.kwcore.test_random_games --regenerate
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import pytest

import kwcore
from kwcore import State

GAMES = 1_000
MAX_STEPS = 2_000  # random games take ~150-350 decisions
GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "kraftwagen" / "random_log_3p_seed7.txt"
GOLDEN_GAME = (3, 7, 7)  # players, setup seed, seed of the random choice of actions


def play_fast(players: int, seed: int) -> State:
    """A seeded game to the end, each action drawn by ``Random(seed)`` from the legal ids."""
    state = kwcore.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        if state.is_terminal():
            return state
        ids = state.legal_action_ids()
        assert ids, f"players={players} seed={seed}: no legal action before the end"
        state.apply_unchecked(rng.choice(ids))
    raise AssertionError(f"players={players} seed={seed}: no end after {MAX_STEPS} actions")


def expected_winners(state: State) -> tuple[int, ...]:
    """RULINGS K24 by hand: highest reputation, then most engineer tiles, then shared."""
    scores = [c.reputation for c in state.companies]
    best = [i for i, s in enumerate(scores) if s == max(scores)]
    most = max(len(state.companies[i].engineers) for i in best)
    return tuple(i for i in best if len(state.companies[i].engineers) == most)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_end_with_scores_and_a_k24_outcome(players: int) -> None:
    wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    for seed in range(players, GAMES + 2, 3):  # seeds 2..1001 split among 2, 3 and 4 companies
        s = play_fast(players, seed)
        where = f"players={players} seed={seed}"
        assert s.is_terminal() and s.legal_action_ids() == (), where
        assert s.round == 3, where
        scores = s.scores()
        assert len(scores) == players and min(scores) >= 0, where
        assert all(sum(c.score_parts) == c.reputation for c in s.companies), where
        out = s.outcome()
        assert out is not None and out.winners, where
        assert out.scores == tuple(scores), where
        assert out.winners == expected_winners(s), where
        if len(out.winners) > 1:
            assert out.reason == "shared win", where
        elif scores.count(max(scores)) > 1:
            assert out.reason == "tie broken by engineers", where
        else:
            assert out.reason == "highest reputation", where
        wins.update(out.winners)
        reasons[out.reason] += 1
    # Over ~333 random games every seat wins sometimes and scores are not all zero.
    assert sorted(wins) == list(range(players)), wins
    assert reasons["highest reputation"] > 0, reasons


def test_an_unfinished_game_has_no_outcome() -> None:
    s = kwcore.new_game(3, 1)
    assert s.outcome() is None and not s.is_terminal()


def golden_log() -> list[str]:
    """The log of the golden game, played with the checked ``apply``."""
    players, seed, choice_seed = GOLDEN_GAME
    state = kwcore.new_game(players, seed)
    rng = random.Random(choice_seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_action_ids()))
    return state.log()


def test_the_golden_playthrough_is_unchanged() -> None:
    expected = GOLDEN.read_text("utf-8").splitlines()
    actual = golden_log()
    for i, (want, got) in enumerate(zip(expected, actual, strict=False)):
        assert got == want, f"{GOLDEN.name} line {i + 1} differs (see module docstring)"
    assert len(actual) == len(expected), f"{GOLDEN.name}: {len(actual)} lines, not {len(expected)}"


def regenerate() -> None:
    """Rewrite the golden playthrough file."""
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text("\n".join(golden_log()) + "\n", "utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit("usage: PYTHONPATH=. python3 -m tests.kwcore.test_random_games --regenerate")
    regenerate()
