"""Perft: the number of legal action sequences to depth n from fixed positions (STYLE 14).

As in chess engines' ``perft``: walk every legal sequence with ``State.child`` and count the
sequences of exactly ``depth`` actions (a line that ends the game earlier counts 0). Seeded games
resolve chance themselves, so only the companies' decisions are counted. The counts catch any
change to what is legal; the golden values live in ``tests/golden/perft.json``. After a rule
change that is MEANT to change them, regenerate and review the diff:

    PYTHONPATH=. python3 -m tests.kwcore.test_perft --regenerate
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import pytest

import kwcore
from kwcore import State

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "perft.json"

# name: (players, setup seed, random actions played first, seed of their random choice, depth)
POSITIONS: dict[str, tuple[int, int, int, int, int]] = {
    "start-2p-seed3": (2, 3, 0, 0, 6),
    "start-3p-seed5": (3, 5, 0, 0, 6),
    "start-4p-seed9": (4, 9, 0, 0, 6),
    "round2-3p-seed11-after120": (3, 11, 120, 11, 7),
}


def position(players: int, seed: int, steps: int, choice_seed: int) -> State:
    """The start of a seeded game, after ``steps`` actions chosen by ``Random(choice_seed)``."""
    state = kwcore.new_game(players, seed)
    rng = random.Random(choice_seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_action_ids()))
    return state


def perft(state: State, depth: int) -> int:
    """Legal action sequences of exactly ``depth`` actions from ``state`` (via ``child``)."""
    if depth == 0:
        return 1
    if depth == 1:
        return len(state.legal_action_ids())
    return sum(perft(state.child(a), depth - 1) for a in state.legal_action_ids())


def perft_make_unmake(state: State, depth: int) -> int:
    """The same count by ``apply`` and ``undo`` on one state (python-chess push/pop)."""
    if depth == 0:
        return 1
    total = 0
    for a in state.legal_action_ids():
        state.apply(a)
        total += perft_make_unmake(state, depth - 1)
        state.undo()
    return total


def counts(name: str) -> list[int]:
    """Perft at depths 1..depth of one named position."""
    players, seed, steps, choice_seed, depth = POSITIONS[name]
    start = position(players, seed, steps, choice_seed)
    return [perft(start, d) for d in range(1, depth + 1)]


def golden() -> dict[str, list[int]]:
    """The stored counts."""
    data: dict[str, list[int]] = json.loads(GOLDEN.read_text("utf-8"))["counts"]
    return data


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_counts_match_the_golden_file(name: str) -> None:
    assert counts(name) == golden()[name], f"perft of {name} changed (see module docstring)"


def test_the_golden_file_covers_every_position() -> None:
    assert sorted(golden()) == sorted(POSITIONS)


@pytest.mark.parametrize("players", [3, 4])
def test_three_or_four_companies_choose_start_tiles_four_then_three_then_two(
    players: int,
) -> None:
    """Hand count (seed JP: Warm-up; RULINGS K1, Components).

    All 4 start tiles are offered; companies choose in reverse turn order, so the first chooser
    has 4 tiles, the second 3, the third 2. With 4 companies the last tile is forced, with 3 it
    is left over; either way the next decision is round 1's first action tile, any of the 11
    tiles on the chain (nobody holds an investor or a technology marker for a free action yet).
    """
    start = kwcore.new_game(players, 21)
    assert start.decision() == "choose_start"
    assert [perft(start, d) for d in (1, 2, 3, 4)] == [4, 4 * 3, 4 * 3 * 2, 4 * 3 * 2 * 11]
    after = start.child(start.legal_action_ids()[0])
    after = after.child(after.legal_action_ids()[0])
    after = after.child(after.legal_action_ids()[0])
    assert after.decision() == "choose_tile" and after.round == 1


def test_two_companies_choose_from_two_random_start_tiles() -> None:
    """Hand count (RULINGS K30): 2 tiles offered, the second company's choice is forced."""
    start = kwcore.new_game(2, 21)
    assert [perft(start, d) for d in (1, 2)] == [2, 2 * 11]


def test_apply_and_undo_count_the_same_as_child() -> None:
    players, seed, steps, choice_seed, _ = POSITIONS["round2-3p-seed11-after120"]
    state = position(players, seed, steps, choice_seed)
    before = state.clone()
    assert perft_make_unmake(state, 3) == perft(state, 3)
    assert state == before


def regenerate() -> None:
    """Recompute every count and rewrite the golden file."""
    about = ("perft counts of the POSITIONS of tests/kwcore/test_perft.py at depths 1..n; "
             "regenerate with: python3 -m tests.kwcore.test_perft --regenerate")
    rows = [f"  {json.dumps(name)}: {json.dumps(counts(name))}" for name in sorted(POSITIONS)]
    text = f'{{\n "_about": {json.dumps(about)},\n "counts": {{\n' + ",\n".join(rows) + "\n }\n}\n"
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(text, "utf-8")
    print(text, end="")


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit("usage: PYTHONPATH=. python3 -m tests.kwcore.test_perft --regenerate")
    regenerate()
