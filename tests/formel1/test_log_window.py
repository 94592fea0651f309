"""Formel 1's log window (``formel1.state.LOG_LIMIT``): the no-car variant's bargains have no
bound but RF9's two a turn and the bidders' cash, so a legal game of card auctions bid up $10K
at a time and of big hands offered again and again logs far past any limit. Such a game once wrote
positions the loader refused ("log: at most 20000 events"); now its oldest events are dropped,
every position stays under the size limit and reloads equal, and a reloaded log is cut exactly
as the saved one."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

import formel1
from formel1 import events as ev
from formel1 import rules, serialize
from formel1.bots import TraderBot
from formel1.state import LOG_KEEP, LOG_LIMIT
from gamecore.errors import PositionError
from gamecore.position import MAX_POSITION_SIZE

Traded = tuple[formel1.State, list[formel1.State], list[formel1.State], int]


def traded_past_the_cut(seed: int = 1) -> Traded:
    """A 4-player 10-race no-car game of traders played to its end (about 24,000 decisions,
    most of them bids raised by $10K in card auctions; its log is cut on the way): the final
    state, a copy every 2,000 decisions, a copy just before each cut, and the largest JSON
    met (written every 250 decisions)."""
    s = formel1.new_game(4, seed, 10, "standard", ["no_car"])
    bot = TraderBot(seed)
    kept: list[formel1.State] = []
    before_cuts: list[formel1.State] = []
    largest, steps = 0, 0
    while not s.is_terminal():
        if steps % 250 == 0:
            largest = max(largest, len(s.to_json()))
        if steps % 2000 == 0:
            kept.append(s.clone(history=False))
        near = s.clone(history=False) if len(s.events) + s.log_extra > LOG_LIMIT - 30 else None
        s.apply_unchecked(bot.choose(s))
        steps += 1
        if near is not None and s.log_cut != near.log_cut:
            before_cuts.append(near)
    return s, kept, before_cuts, max(largest, len(s.to_json()))


@pytest.fixture(scope="module")
def traded() -> Traded:
    return traded_past_the_cut()


def test_a_game_of_traders_is_cut_and_every_position_saves_within_the_limit_and_reloads(
        traded: Traded) -> None:
    s, kept, before_cuts, largest = traded
    assert s.log_cut > 0 and before_cuts and len(s.events) + s.log_extra <= LOG_LIMIT
    assert largest < MAX_POSITION_SIZE * 2 // 3
    for state in (*kept, *before_cuts, s):
        assert serialize.state_from_json(state.to_json()) == state


def test_a_reloaded_log_is_cut_exactly_as_the_saved_one_would_be(traded: Traded) -> None:
    _, _, before_cuts, _ = traded
    for saved in before_cuts:
        state = saved.clone(history=False)
        again = serialize.state_from_json(state.to_json())
        bot = TraderBot(len(state.events))
        for _ in range(3):
            aid = bot.choose(state)
            state.apply_unchecked(aid)
            again.apply_unchecked(aid)
            assert again == state and again.log_extra == state.log_extra
        assert state.log_cut > saved.log_cut
        assert serialize.state_from_json(state.to_json()) == state


def test_the_cut_keeps_the_latest_events_and_the_log_says_how_many_are_gone(
        traded: Traded) -> None:
    s, _, before_cuts, _ = traded
    before = before_cuts[-1]
    data = json.loads(s.to_json())
    assert data["log"][0] == ["log_cut", s.log_cut]
    assert LOG_KEEP - 20 < len(s.events) + s.log_extra <= LOG_LIMIT
    assert s.log()[0] == f"... {s.log_cut:,} earlier events are no longer kept ..."
    shared = s.events[:len(before.events) - (s.log_cut - before.log_cut)]
    assert shared
    assert shared == before.events[s.log_cut - before.log_cut:]


def test_a_game_that_never_grows_that_long_writes_no_cut() -> None:
    s = formel1.new_game(3, 4, 1, "standard", ["no_car"])
    rng = random.Random(4)
    while not s.is_terminal():
        s.apply_unchecked(rng.choice(s.legal_action_ids()))
    assert s.log_cut == 0 and json.loads(s.to_json())["log"][0][0] != "log_cut"
    assert not s.log()[0].startswith("...")


def _refused(data: dict[str, Any], field: str) -> None:
    with pytest.raises(PositionError) as err:
        serialize.state_from_dict(data)
    assert err.value.field == field, err.value


def test_a_cut_anywhere_but_first_a_bad_count_or_a_short_cut_log_is_refused(
        traded: Traded) -> None:
    s, _, _, _ = traded
    data = json.loads(s.to_json())
    moved = copy.deepcopy(data)
    moved["log"].insert(5, moved["log"].pop(0))
    _refused(moved, "log/5")
    for bad in (["log_cut", 0], ["log_cut", -3], ["log_cut", "many"], ["log_cut", 1, 2],
                ["log_cut", 10**16]):
        wrong = copy.deepcopy(data)
        wrong["log"][0] = bad
        _refused(wrong, "log/0")
    short = copy.deepcopy(data)
    short["log"] = short["log"][:1] + short["log"][-100:]
    _refused(short, "log")
    uncut = copy.deepcopy(data)
    uncut["log"] = uncut["log"][1:] * 2
    _refused(uncut, "log")


def test_a_proposal_of_many_cards_weighs_more_in_the_log_limit(traded: Traded) -> None:
    """A sale of a big hand is a long entry: 16 cards make a proposal 3 units, so a log of
    fewer than LOG_LIMIT events may still be over the limit."""
    s, _, _, _ = traded
    data = json.loads(s.to_json())
    assert rules.event_units(ev.Proposal(0, ev.SALE, tuple(range(16)), 1, 10)) == 3
    assert rules.event_units(ev.Proposal(0, ev.SALE, (4,), 1, 10)) == 2
    heavy = ["proposal", 0, ev.SALE, list(range(16)), 1, 10]
    events = data["log"][1:]
    room = LOG_LIMIT - len(events) - s.log_extra  # units left under the limit
    fits = copy.deepcopy(data)
    fits["log"] = [data["log"][0], *events, *[heavy] * (room // 3 + 1)]
    assert len(fits["log"]) - 1 < LOG_LIMIT  # few enough events: the cards tip it over
    _refused(fits, "log")
    fits["log"] = [data["log"][0], *events, *[heavy] * (room // 3)]
    assert len(serialize.state_from_dict(fits).events) == len(events) + room // 3
