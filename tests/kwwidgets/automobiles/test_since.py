"""The "since your move" line of Automobiles (``kwwidgets.automobiles.since``): one short clause
per player, and the events behind it found by their numbers in the log, so a long race whose
log is cut (the first ``LOG_CHUNK`` events, a ``LogCut`` marker, the latest ones) loses and
repeats nothing, in the line and in the race summaries.

The reference is a twin game that plays the same moves with a short log, never cut: its new
events are a plain slice. The long log is a real race's, padded with real draw events to just
short of its limit (as ``tests/automobiles/test_fuzz.py`` does), so the cut comes within a few
moves; seeded positions are never hard-coded, only derived.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator

import pytest

import automobiles
from automobiles import events as ev
from automobiles.state import LOG_CHUNK, LOG_LIMIT, LogRecord
from gamecore.game import find
from kwwidgets import PlayWidget
from kwwidgets.automobiles.since import (
    dropped,
    first_index,
    kept,
    logged,
    new_events,
    since_words,
)
from kwwidgets.automobiles.summary import race_summaries
from kwwidgets.views import view_for


def records(s: automobiles.State) -> tuple[LogRecord, ...]:
    return tuple(r for chunk in s.log_chunks for r in chunk) + s.log_tail


def pad(s: automobiles.State, short: int) -> automobiles.State:
    """``s`` with its log padded by draw events to ``short`` events short of the length at
    which the next full chunk cuts it (``LOG_LIMIT + LOG_CHUNK``); its real events first."""
    real = records(s)
    filler: LogRecord = (ev.DrawCube, 0, 0)
    s.set_records(real + (filler,) * (LOG_LIMIT + LOG_CHUNK - short - len(real)))
    return s


def turns(s: automobiles.State, twin: automobiles.State
          ) -> Iterator[tuple[automobiles.State, automobiles.State]]:
    """Greedy play of both games, move for move (the moves chosen on ``s``); after each move of
    Player 0 (the human) the positions from the last one of his moves, until the game ends."""
    game = find("automobiles")
    bots = [game.make_bot("greedy", p) for p in range(s.players)]
    mark = None
    while not s.is_terminal():
        if s.current_player == 0 and mark is not None:
            yield mark
            mark = None
        human = s.current_player == 0
        aid = bots[max(s.current_player, 0)].choose(s)
        s.apply(aid)
        twin.apply(aid)
        if human:
            mark = (s.clone(history=False), twin.clone(history=False))
    if mark is not None:
        yield mark


def test_the_log_numbers_count_the_events_a_cut_dropped() -> None:
    s = automobiles.new_game(2, 0)
    assert dropped(s) == 0 and logged(s) == kept(s) == len(s.events)
    head = tuple((ev.RaceOver, i) for i in range(LOG_CHUNK))
    s.set_records(head + ((ev.LogCut, 1000),) + tuple((ev.RaceOver, 9) for _ in range(10)))
    assert dropped(s) == 1000 and kept(s) == LOG_CHUNK + 11
    assert logged(s) == LOG_CHUNK + 1000 + 10  # the marker is no event of the game
    # numbered events: the head as they are, the dropped ones gone, the latest after the marker
    assert first_index(s, 5) == 5 and first_index(s, LOG_CHUNK + 3) == LOG_CHUNK + 1
    assert first_index(s, LOG_CHUNK + 1000 + 4) == LOG_CHUNK + 1 + 4


def test_the_events_since_a_move_are_the_twins_across_a_cut_of_the_log() -> None:
    s = automobiles.new_game(3, 4)
    twin = s.clone(history=False)
    pad(s, short=150)
    crossed = naive_missed = 0
    view = view_for("automobiles")
    for (mine, twin_mine) in turns(s, twin):
        want = twin.events[len(twin_mine.events):]
        assert new_events(mine, s) == want
        assert view.since(mine, s, []) == since_words(twin, want)
        if not dropped(mine) and dropped(s):
            crossed += 1
            naive = s.events[kept(mine):]  # counting list positions: the old way
            naive_missed += naive != want
        if dropped(s) and crossed and logged(s) > logged(mine) + 1:
            break  # a window across the cut and one after it are checked
    assert crossed == 1 and naive_missed == 1  # the cut was crossed; positions would miss it
    assert dropped(s) > 0 and s.events[LOG_CHUNK] == ev.LogCut(dropped(s))


def test_a_race_ending_across_a_cut_gets_its_summary() -> None:
    players, seed = 3, 2
    plain = automobiles.new_game(players, seed, laps=1, season=3)
    twin = plain.clone(history=False)
    moves: list[int] = []
    windows = []  # (moves before the window, moves after it) of Player 0's windows
    game = find("automobiles")
    bots = [game.make_bot("greedy", p) for p in range(players)]
    start = None
    while not plain.is_terminal():
        if plain.current_player == 0 and start is not None:
            windows.append((start, len(moves)))
        human = plain.current_player == 0
        aid = bots[max(plain.current_player, 0)].choose(plain)
        plain.apply(aid)
        moves.append(aid)
        if human:
            start = len(moves)
    # the first window in which a race ends (derived: the race lengths follow the track data)
    ended = []
    for a, b in windows:
        s = twin.clone(history=False)
        for aid in moves[:a]:
            s.apply(aid)
        before = s.clone(history=False)
        for aid in moves[a:b]:
            s.apply(aid)
        if any(isinstance(e, ev.RaceOver) for e in s.events[len(before.events):]):
            ended = [(a, b, before, s)]
            break
    assert ended, "no race ended between two of Player 0's moves"
    a, b, twin_before, twin_after = ended[0]
    want = race_summaries(twin_after, len(twin_before.events))
    # the same moves with a log that the window's first event cuts
    long = twin.clone(history=False)
    for aid in moves[:a]:
        long.apply(aid)
    pad(long, short=1)
    before = long.clone(history=False)
    for aid in moves[a:b]:
        long.apply(aid)
    assert not dropped(before) and dropped(long)
    got = race_summaries(long, logged(before))
    assert [(x.race, x.order, x.points, x.season) for x in got] == \
        [(x.race, x.order, x.points, x.season) for x in want] and len(got) == 1
    # counted by list positions (the old way), the race's end lies before the index: missed
    assert not any(isinstance(e, ev.RaceOver) for e in long.events[kept(before):])
    summary = view_for("automobiles").summary(before, long)
    assert summary is not None and summary.race == want[0].race


def text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def test_the_play_widget_says_what_moved_after_the_log_is_cut() -> None:
    start = pad(automobiles.new_game(3, 6), short=150)
    play = PlayWidget(state=start, human=0, bots="greedy", game="automobiles")
    me = find("automobiles").make_bot("greedy", 0)
    checked = 0
    while not play.state.is_terminal() and checked < 3:
        play.click(me.choose(play.state))
        s = play.state
        if play._mine is None or len(s.history) <= play._mine:
            continue
        before = s.history[play._mine]
        moved = [p for p in (1, 2) if before.car_space[p] != s.car_space[p]]
        shown = text(play.since.value)
        for p in moved:
            assert f"Player {p} moved" in shown, shown
        if dropped(s) and moved:
            checked += 1
    assert checked == 3 and dropped(play.state)


@pytest.mark.parametrize("players", [3, 5])
def test_the_line_is_one_short_clause_per_player(players: int) -> None:
    s = automobiles.new_game(players, 1, laps=1)
    twin = s.clone(history=False)
    longest, said = 0, 0
    for mine, _ in turns(s, twin):
        words = since_words(s, new_events(mine, s))  # none when he decides twice in a row
        seats = [int(m) for w in words for m in re.findall(r"^Player (\d)", w)]
        assert len(seats) == len(set(seats)) and len(words) <= players + 2, words
        line = "; ".join(words)
        assert "\n" not in line and "(s)" not in line and " 1 spaces" not in line
        longest = max([longest, *(len(w) for w in words)])
        said += bool(words)
    assert said > 5 and longest <= 90  # "Player 3 moved 12 spaces (to 58, completing lap 1)..."
