"""Automobiles' log in plain English (``automobiles.render``): every event class worded with
each of its counts 0, 1 and 2 reads as good English: a count agrees with its noun ("1 space",
"2 spaces"), no "space(s)", no clause of "0 wear", and no rule code inside a sentence.

The events are built here field by field (every class of ``automobiles.events.EVENTS``), so a
class added later is checked too; the grammar checks are plain regular expressions.
"""

from __future__ import annotations

import dataclasses
import itertools
import re
from collections.abc import Iterator
from typing import Any

import pytest

import automobiles
from automobiles import cards
from automobiles import events as ev
from automobiles.board import ADRENALINE, AERO, FUEL, REDLINE
from automobiles.render import counted, describe, text_board
from gamecore.game import find

#: Fields that count something: each is tried with 0, 1 and 2.
COUNTS = ("spaces", "wear", "count", "cubes", "gained", "money", "earlier", "rounds", "number",
          "cost")
#: Nouns a count goes with in the log (singular).
NOUNS = ("space", "cube", "card", "position", "colour", "round", "event", "lap", "unit", "race",
         "point", "player", "segment")
_NOUN = "|".join(NOUNS)
#: Up to two words between a count and its noun: its colour or kind ("3 light grey spaces",
#: "1 earlier event"), never others ("1 of the cubes drawn", "0 spaces to space 5" are English).
_BETWEEN = r"(?:(?:white|light|dark|grey|black|green|blue|earlier|more) ){0,2}"
ONE_PLURAL = re.compile(rf"(?<![$\d.,/])\b1 {_BETWEEN}(?:{_NOUN})s\b")
MANY_SINGULAR = re.compile(rf"(?<![$\d.,/])\b(?:0|[2-9]|\d{{2,}}) {_BETWEEN}(?:{_NOUN})\b(?!s)")
ZERO_WEAR = re.compile(r"(?<!/)\b0 wear\b|removing 0\b")
RULE_CODE = re.compile(r"\b(?:AU-\d+|RA\d+|F1-\d+|RF\d+|K\d+)\b")


def slips(text: str) -> list[str]:
    """What is wrong with ``text``'s grammar or words (empty: nothing)."""
    found = [m.group(0) for rx in (ONE_PLURAL, MANY_SINGULAR, ZERO_WEAR, RULE_CODE)
             for m in rx.finditer(text)]
    return found + (["(s)"] if "(s)" in text else [])


def test_the_checks_catch_the_slips_they_look_for() -> None:
    assert slips("Player 1's car moves 1 spaces to space 9") == ["1 spaces"]
    assert slips("may move up to 1 light grey spaces") == ["1 light grey spaces"]
    assert slips("draws 2 cube at once") == ["2 cube"]
    assert slips("makes a pit stop, removing 0 wear") == ["removing 0"]
    assert slips("Player 2 gains 0 wear") == ["0 wear"]
    assert "(s)" in slips("may move 2 space(s)")
    assert slips("Sponsors are dealt (AU-26)") == ["AU-26"]
    for good in ("moves 1 space", "moves 3 light grey spaces", "discards 1 of the cubes drawn",
                 "buys a black cube for $2", "removes no wear", "0 spaces",
                 "moves 0 spaces to space 5", "remove 2/1/0 more cubes"):
        assert slips(good) == [], good


def test_counted_is_singular_for_one_only() -> None:
    assert [counted(k, "space") for k in (0, 1, 2)] == ["0 spaces", "1 space", "2 spaces"]


@pytest.fixture(scope="module")
def state() -> automobiles.State:
    """A three-player race in its first turns: a track, cards and a stock to name."""
    s = automobiles.new_game(3, 0)
    while s.phase == "prebuy":
        s.apply("stop buying")
    return s


def _values(s: automobiles.State, cls: type[Any]) -> Iterator[dict[str, Any]]:
    """Every field set to try for ``cls``: valid indices for what it names, 0/1/2 for counts."""
    fixed: dict[str, list[Any]] = {
        "seat": [1], "card": [0], "cube": [1], "colour": [2], "driver": [0], "slot": [0],
        "space": [5], "segment": [-1, 0], "flag": [AERO, REDLINE, FUEL, ADRENALINE],
        "pile": [0, 3], "piles": [(1,), (0, 1)], "tier": [0, 1, 2], "order": [(2, 0, 1)],
        "points": [(3, 2, 1)], "season": [(3, 2, 1)], "race": [1], "races": [3],
        "source": [0, len(s.cfg.cards)], "option": [0, 1], "crossed": [False, True],
        "lap": [1], "upgraded": [False, True], "rank": [1, 3], "sponsor": [0], "crate": [False,
                                                                                         True]}
    names = [f.name for f in dataclasses.fields(cls)]
    if cls is ev.PickCube:  # a card or driver and a stage that picks (cards.PICKS)
        for card_id, stage in cards.PICKS:
            by = next(i for i in range(len(s.cfg.cards) + len(s.cfg.drivers))
                      if cards.source_id(i) == card_id)
            yield from ({"seat": 1, "by": by, "stage": stage, "cube": 1, "pile": pile}
                        for pile in (0, 1))
        return
    if cls is ev.PlayCard:
        fixed["card"] = list(range(len(s.cfg.cards)))
    choices = [fixed[n] if n not in COUNTS else [0, 1, 2, 3] if cls is ev.PlayCard else [0, 1, 2]
               for n in names]
    for combo in itertools.product(*choices):
        yield dict(zip(names, combo, strict=True))


def test_every_event_class_reads_as_good_english_with_counts_0_1_and_2(
        state: automobiles.State) -> None:
    worded = 0
    for cls in ev.EVENTS.values():
        for fields in _values(state, cls):
            if cls is ev.Upgrade and fields["cube"] + 1 >= len(state.cfg.cubes):
                continue
            if cls is ev.PlayCard and state.cfg.cards[fields["card"]].id == "turbo" and \
                    fields["number"] < 2:  # Turbo's number is 2 more than the green cubes
                continue
            line = describe(state, cls(**fields))
            assert line.strip() and slips(line) == [], (cls.__name__, fields, line)
            worded += 1
    assert worded > 10 * len(ev.EVENTS)


def test_a_whole_seeded_race_logs_no_slip_and_its_board_text_no_rule_code() -> None:
    s = automobiles.new_game(3, 11, season=3, sponsors=True, drivers=True)
    bots = [find("automobiles").make_bot("greedy", p) for p in range(3)]
    while not s.is_terminal():
        s.apply(bots[max(s.current_player, 0)].choose(s))
        if s.phase in ("sponsor", "driver"):
            assert not RULE_CODE.search(text_board(s)), text_board(s)
    bad = [line for line in s.log() if slips(line)]
    assert bad == [] and len(s.log()) > 500
    assert not RULE_CODE.search(text_board(s)) and "(s)" not in text_board(s)


@pytest.mark.parametrize("laps", [1, 2])
def test_the_text_boards_head_counts_laps_and_players_in_good_english(laps: int) -> None:
    s = automobiles.new_game(2, 0, laps=laps)
    head = text_board(s).splitlines()[:3]
    assert f"{counted(laps, 'lap')} (synthetic" in head[0]
    assert all(slips(line) == [] for line in head), head
