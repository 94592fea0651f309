"""Automobiles' log storage (``State.log_chunks``, ``State.log_tail``, read as ``events``):
adding a line is O(1) and a clone shares the log, yet ``events`` reads as one tuple, equality
and JSON see the whole log, and a diverging clone never changes another state's log."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import automobiles
import gamecore
from automobiles.events import RaceOver
from automobiles.state import LOG_CHUNK


def _played(players: int, seed: int, steps: int) -> automobiles.State:
    s = automobiles.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_unchecked(rng.choice(s.legal_action_ids()))
    return s


@pytest.mark.parametrize("size", [0, 1, LOG_CHUNK - 1, LOG_CHUNK, LOG_CHUNK + 1,
                                  3 * LOG_CHUNK + 7])
def test_a_log_set_as_events_reads_back_as_the_same_events(size: int) -> None:
    s = automobiles.new_game(2, 0)
    lines = tuple(RaceOver(i) for i in range(size))
    s.events = lines
    assert s.events == lines
    assert type(s.events) is tuple


def test_each_decision_only_adds_lines_after_the_log_before_it() -> None:
    s = automobiles.new_game(3, 4)
    rng = random.Random(4)
    before = s.events
    while not s.is_terminal():
        s.apply_unchecked(rng.choice(s.legal_action_ids()))
        after = s.events
        assert after[:len(before)] == before
        before = after
    assert len(before) > 4 * LOG_CHUNK  # the race crossed several chunks


def test_a_clone_that_plays_on_leaves_the_original_log_unchanged() -> None:
    s = _played(4, 2, 300)
    assert len(s.events) > LOG_CHUNK
    kept = s.events
    other = s.clone()
    rng = random.Random(99)
    for _ in range(400):
        if other.is_terminal():
            break
        other.apply_unchecked(rng.choice(other.legal_action_ids()))
    assert s.events == kept
    assert other.events[:len(kept)] == kept and len(other.events) > len(kept)
    # and the original may play on too without touching the clone's log
    theirs = other.events
    s.apply_unchecked(s.legal_action_ids()[-1])
    assert other.events == theirs


def test_states_with_different_logs_differ_and_equal_logs_are_equal() -> None:
    s = _played(2, 1, 200)
    other = s.clone()
    assert other == s
    lines = s.events
    other.events = lines[:-1] + (RaceOver(10_000),)
    assert other != s
    other.events = lines
    assert other == s and other.log_chunks is not s.log_chunks  # compared by content


def test_a_long_log_round_trips_through_json_and_undo() -> None:
    s = _played(5, 3, 700)
    assert len(s.events) > 2 * LOG_CHUNK
    again = gamecore.load_position(s.to_json())
    assert again.events == s.events and again == s
    before = s.events
    s.apply(s.legal_action_ids()[0])
    s.undo()
    assert s.events == before


def test_a_log_as_long_as_the_longest_season_copies_and_pickles() -> None:
    """Ten 5-player races of 8 laps log about 45,000 lines; kept as a flat tuple of chunks the
    log never nests deeper than ``deepcopy``, ``pickle`` and ``==`` recurse."""
    s = automobiles.new_game(5, 0)
    lines = tuple(RaceOver(i) for i in range(50_000))
    s.events = lines
    copied = copy.deepcopy(s)
    assert copied.events == lines and copied == s
    assert pickle.loads(pickle.dumps(s)).events == lines
