"""Formel 1's plain-English log: one line per card played, naming what each of its numbers did
(), built from small race positions; the event per number stays in ``State.events``."""

from __future__ import annotations

import random

import formel1
from formel1 import events as ev
from formel1.config import COLOURS
from formel1.render import card_lines, detail_log
from tests.formel1.test_positions import race, where

FILLER = ["Green 10", "Red 10", "Orange 10"]


def test_a_card_and_all_its_numbers_make_one_line_in_the_order_carried_out() -> None:
    card = "Black 6 / Orange 4 / White 2 / Yellow 1"
    s = race({"Black": "3a", "Orange": "3b", "Yellow": "27c", "Red": "5b", "Green": "30b"},
             [[card, *FILLER], FILLER])
    s.apply(f"play {card}")
    s.apply("to 9a")  # Black: 9a, 9b and 9c are its farthest cells
    assert s.log()[-1] == f"Player 0 plays {card}: Black moves 6 to 9a."  # Orange to choose
    s.apply("to 7c")  # Orange: past Red at 5b, to any of 7a-7c
    s.apply("white Green")
    s.apply("to 32a")
    assert s.log()[-1] == (f"Player 0 plays {card}: Black moves 6 to 9a, Orange moves 4 to "
                           "7c, Green takes the white 2 and moves 2 to 32a, Yellow moves 1 "
                           f"to {where(s, 'Yellow')}.")
    assert tuple(detail_log(s)[-6:]) == ("Player 0 plays Black 6 / Orange 4 / White 2 / Yellow 1.",
                             "Black moves 6 to 9a.", "Orange moves 4 to 7c.",
                             "Green takes the white 2.", "Green moves 2 to 32a.",
                             f"Yellow moves 1 to {where(s, 'Yellow')}.")


def test_the_line_of_a_blocked_car_says_after_how_many_spaces_or_that_it_lost_all() -> None:
    s = race({"Black": "3b", "Yellow": "4a", "Blue": "4b", "Orange": "4c"},
             [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    assert s.log()[-1] == "Player 0 plays Black 5: Black is blocked and loses 5."
    s = race({"Black": "3b", "Yellow": "6a", "Blue": "6b", "Orange": "6c"},
             [["Black 5", *FILLER], FILLER])
    s.apply("play Black 5")
    s.apply("to 5c")
    assert s.log()[-1] == "Player 0 plays Black 5: Black is blocked after 2 at 5c."


def test_the_line_of_a_white_number_names_the_car_that_took_it_or_that_none_could() -> None:
    card = "White 3 / White 2 / White 1"
    s = race({"Black": "3a", "Yellow": "30a"}, [[card, *FILLER], FILLER],
             variants=("white321",))
    s.apply(f"play {card}")
    s.apply("white Black")
    s.apply("to 6a")
    s.apply("to 32a")
    assert s.log()[-1] == (f"Player 0 plays {card}: Black takes the white 3 and moves 3 to "
                           "6a, Yellow takes the white 2 and moves 2 to 32a, no car can take "
                           "the white 1.")


def test_the_line_of_a_switch_card_says_where_the_trailer_went_or_that_it_could_not() -> None:
    s = race({"Black": "5a", "Yellow": "25a"}, [["Switch Black-Yellow", *FILLER], FILLER])
    s.apply("play Switch Black-Yellow")
    s.apply("to 25c")
    assert s.log()[-1] == ("Player 0 plays Switch Black-Yellow: Black switches up alongside "
                           "to 25c.")
    s = race({"Black": "25b", "Yellow": "25a", "Red": "40a"},
             [["Switch Black-Yellow", *FILLER], FILLER])
    s.apply("play Switch Black-Yellow")
    assert s.log()[-1] == "Player 0 plays Switch Black-Yellow: the switch is not possible."


def test_the_line_of_a_finishing_car_gives_its_place_and_a_finished_cars_number_is_lost(
        ) -> None:
    card = "Black 6 / Yellow 4 / Blue 2"
    s = race({"Black": "61b", "Blue": "40a"}, [[card, *FILLER], FILLER])
    s.apply(f"play {card}")
    s.apply("to 42a")
    # Yellow, Orange, Red and Green had finished (places 1-4): Black is 5th, Yellow's 4 lost
    assert s.log()[-1] == (f"Player 0 plays {card}: Black crosses the finish line in place 5, "
                           "Yellow has finished and loses its 4, Blue moves 2 to 42a.")


def test_the_starter_card_has_its_line_too() -> None:
    s = race({"Black": "1a", "Yellow": "1b", "Blue": "1c", "Orange": "0a", "Red": "0b",
              "Green": "0c"}, [FILLER, FILLER], starter="Black 5", owner=(1, 0, 0, 0, 0, 0))
    s.apply("to 6a")
    assert s.log()[-1] == ("Player 0 turns up the Starter card, Black 5: Black moves 5 to "
                           "6a.")


def test_other_events_keep_a_line_each_and_end_the_card_before_them() -> None:
    s = formel1.new_game(2, 0)
    red, cell = COLOURS.index("Red"), s.track_spec().cell_at(40, 0)
    card = [k.name for k in s.cfg.kinds].index("Red 10")
    events = [ev.Play(2, card), ev.Moves(red, 10, cell, 10), ev.Finish(red, 6),
              ev.Prize(1, 10, red, 6), ev.GameOver()]
    assert card_lines(s, events) == [
        "Player 2 plays Red 10: Red moves 10 to 40a, Red crosses the finish line in place 6.",
        "Player 1 wins $10K with Red (place 6).", "The game is over."]
    assert card_lines(s, [ev.Revealed(COLOURS.index("Black"), 1)]) == [
        "Black is revealed and takes grid slot 1."]  # a car's event, but no card in play


def _events_in(line: str) -> int:
    """How many events a log line holds: a card's play, one per clause, two for a clause in
    which a car takes a white number and moves it."""
    head, _, rest = line.partition(": ")
    if not rest or not (" plays " in head or "turns up the Starter card, " in head):
        return 1
    clauses = rest.removesuffix(".").split(", ")
    return 1 + len(clauses) + sum(1 for c in clauses if " takes the white " in c and " and " in c)


def test_in_random_games_every_event_is_in_exactly_one_log_line() -> None:
    """The log loses nothing and adds nothing: the events not of a card are its other lines,
    in order; the card lines hold the rest, one line per card played."""
    for seed in range(30):
        s = formel1.new_game(2 + seed % 5, seed, races=1, variants=("white321",) * (seed % 2),
                             track=("standard", "new")[seed % 3 == 0])
        rng = random.Random(seed)
        while not s.is_terminal():
            s.apply_unchecked(rng.choice(s.legal_action_ids()))
        log, events = s.log(), detail_log(s)
        plays = [e for e in events if e.startswith("Player ") and (
            " plays " in e or "turns up the Starter card, " in e)]
        cards = [line for line in log if line.startswith(tuple(p.removesuffix(".")
                                                               for p in plays))]
        assert len(cards) == len(plays)
        assert [line for line in log if line not in cards] == [
            e for e in events if not e.startswith(tuple(f"{c} " for c in COLOURS))
            and e not in plays and not e.startswith(("No car can", "The switch is not"))
            or "revealed" in e]
        assert sum(_events_in(line) for line in log) == len(events)
