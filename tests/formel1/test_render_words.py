"""Formel 1's log in plain English (``formel1.render``): every event class worded with each of
its counts 0, 1 and 2, alone and as a clause of a card's line, reads as good English: a count
agrees with its noun ("1 card", "2 cards"), no "card(s)", no rule code inside a sentence. The
grammar checks are the Automobiles log's (``tests.automobiles.test_render_words.slips``).
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Iterator
from typing import Any

import formel1
from formel1 import events as ev
from formel1.render import card_lines, counted, describe, text_board
from gamecore.game import find
from tests.automobiles.test_render_words import slips

#: Fields that count something: each is tried with 0, 1 and 2.
COUNTS = ("count", "each", "removed", "number", "steps", "amount", "price", "money")


def _values(s: formel1.State, cls: type[Any]) -> Iterator[dict[str, Any]]:
    """Every field set to try for ``cls``: valid indices for what it names, 0/1/2 for counts."""
    fixed: dict[str, list[Any]] = {
        "seat": [1], "car": [0, 4], "card": [0], "cell": [5], "place": [1, 2], "slot": [1],
        "how": [ev.BOUGHT, ev.FORCED, ev.DEALT], "bargain": [ev.SALE, ev.PROMISE, ev.WITHHOLD],
        "cards": [(0,), (0, 1)], "buyer": [2], "seller": [2], "accepted": [False, True],
        "lap": [1], "race": [2]}
    names = [f.name for f in dataclasses.fields(cls)]
    choices = [[0, 1, 2] if n in COUNTS else fixed[n] for n in names]
    for combo in itertools.product(*choices):
        yield dict(zip(names, combo, strict=True))


def test_counted_is_singular_for_one_only() -> None:
    assert [counted(k, "card") for k in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]


def test_every_event_class_reads_as_good_english_alone_and_as_a_clause() -> None:
    s = formel1.new_game(3, 0)
    worded = 0
    for cls in ev.EVENTS.values():
        for fields in _values(s, cls):
            e = cls(**fields)
            for line in (describe(s, e), *card_lines(s, [ev.Play(0, 0), e])):
                assert line.strip() and slips(line) == [], (cls.__name__, fields, line)
            worded += 1
    assert worded > 3 * len(ev.EVENTS)


def test_a_whole_seeded_game_logs_no_slip_and_its_board_text_no_rule_code() -> None:
    game = find("formel1")
    s = game.new_game(3, 2, races=2)
    bots = [game.make_bot("greedy", p) for p in range(3)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
        assert slips(text_board(s)) == [], text_board(s)
    bad = [line for line in s.log() if slips(line)]
    assert bad == [] and len(s.log()) > 50
    assert "(s)" not in text_board(s)
