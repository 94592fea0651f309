"""Build the curated puzzles and store the answers the solvers prove.

Run ``python -m solvers.kraftwagen.make_puzzles`` from the
repository root to (re)write every file of ``solvers/kraftwagen/puzzle_data/``; ``--check`` only
solves and compares with the stored files, ``--only NAME`` limits the run to some puzzles. Each
puzzle is a mid-game position built here from a real game (``kwcore.new_game``) by editing plain
fields, keeping every component conserved, and loaded back through ``kwcore.from_json`` (its
consistency checks). The answer is never typed by hand: the turn planner (tempo puzzles) or the
CP-SAT pricing solver (pricing puzzles) computes it, and this script refuses to store it unless

* it is proven (every first decision of a tempo puzzle too, so the "why not this?" table is
  exact), and replays through kwcore's checked ``apply`` to the same value;
* in a tempo puzzle the best first decision is not the richest tile (the most actions) and the
  richest tile is worth strictly less: the lesson of the chain (RULINGS K1) is that a turn can be
  worth more than an action.

The position builders (a later round, cars on the market, active buyers, the face-up recruit
tiles, achievements won so far, a market step that ends the round) are in
``solvers.kraftwagen.builders``.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from kwcore import rules
from kwcore.actions import PickTile
from kwcore.config import CAR_TECH, PREFERENCES
from kwcore.state import State
from solvers.kraftwagen import planner, pricing
from solvers.kraftwagen.builders import (
    check,
    co,
    give_engineer,
    give_investor,
    market_step,
    mid_game,
    put_car,
    racing,
    recruit_row,
    refresh,
    research,
    set_active,
    set_chain,
    settle,
    workers,
)
from solvers.kraftwagen.puzzles import KINDS, Puzzle, solve_puzzle

DATA = Path(__file__).with_name("puzzle_data")


# --- the puzzles ----------------------------------------------------------------------------------
ENDGAME = ("body", "engine", "service", "price")


def tempo_settings(turns: int) -> dict[str, Any]:
    """Planner settings of a tempo puzzle: finite horizon, margin, greedy rivals."""
    # The turn in progress counts as the first of the horizon's turns.
    return {"horizon": f"turns:{turns + 1}", "objective": "margin", "rivals": "greedy",
            "max_turns": 12}


def last_round_rush(state: State) -> None:
    """Every active space full and the market marker on 1: the next Attract buyer action ends
    the action phase of the round after that turn (RULINGS K3, K4)."""
    set_active(state, ENDGAME[:state.cfg.active_spaces])
    state.market_marker = 1


def two_moves() -> State:
    """Green needs two Grand Prix moves before the game ends; the Grand Prix tile is next to it."""
    s = mid_game(2, 3, [47, 44])
    recruit_row(s)
    workers(s, "Green", 0, 1)
    workers(s, "Blue", 0, 3)
    racing(s, "Green", 3, 10)
    racing(s, "Blue", 4, 16)
    research(s, "Green", 4, 4)
    research(s, "Blue", 4, 5)
    put_car(s, "Green", 4, 3, 1, 8)
    put_car(s, "Blue", 3, 4, 1, 10)
    last_round_rush(s)
    settle(s, {"FirstLap": "Blue", "TwoCars": "Green", "SecondBuyer": "Blue", "Body3": "Green",
               "Engine4": "Blue", "Body6": "Blue", "Engine7": "Green"})
    set_chain(s, ["Green", "GrandPrix", "Blue"])
    return s


def undercut() -> State:
    """Green's new car ties Blue's on body; only a lower price wins the body buyer."""
    s = mid_game(2, 2, [21, 24])
    research(s, "Green", 5, 4, [("body", 5), ("engine", 4)])
    research(s, "Blue", 5, 6)
    workers(s, "Green", 2, 1)
    workers(s, "Blue", 1, 1)
    racing(s, "Green", 2, 9)
    racing(s, "Blue", 2, 14)
    put_car(s, "Blue", 5, 3, 1, 9)
    put_car(s, "Blue", 2, 6, 1, 11)
    put_car(s, "Blue", 1, 1, 1, 3)
    settle(s, {"FirstLap": "Blue"})
    return market_step(s, "Green", ["body", "engine", "price"])


def bargain_hunter() -> State:
    """Every buyer but the price buyer is out of Green's reach; the price buyer pays double."""
    s = mid_game(3, 3, [40, 44, 42])
    research(s, "Green", 4, 4, [("body", 4), ("engine", 3)])
    research(s, "Blue", 6, 5)
    research(s, "Red", 5, 6)
    workers(s, "Green", 2, 1)
    workers(s, "Blue", 0, 1)
    workers(s, "Red", 0, 3)
    racing(s, "Green", 2, 8)
    racing(s, "Blue", 3, 13)
    racing(s, "Red", 4, 11)
    put_car(s, "Blue", 6, 5, 2, 12)
    put_car(s, "Red", 4, 6, 1, 10)
    put_car(s, "Red", 2, 2, 3, 8)
    put_car(s, "Blue", 1, 2, 1, 6)
    settle(s, {"FirstLap": "Blue", "TwoLaps": "Red"})
    return market_step(s, "Green", ENDGAME)


def close_the_books() -> State:
    """Green wins the body buyer as things stand; Blue has a better body ready to place."""
    s = mid_game(4, 3, [50, 47, 41, 44])
    recruit_row(s)
    workers(s, "Green", 0, 3)
    workers(s, "Blue", 1, 1)
    workers(s, "Red", 0, 1)
    workers(s, "Orange", 0, 3)
    racing(s, "Green", 3, 20)
    racing(s, "Blue", 2, 9)
    racing(s, "Red", 2, 5)
    racing(s, "Orange", 3, 11)
    research(s, "Green", 5, 6)
    research(s, "Blue", 6, 4, [("body", 6), ("engine", 4)])
    research(s, "Red", 3, 3)
    research(s, "Orange", 4, 5)
    put_car(s, "Green", 5, 3, 1, 12)
    put_car(s, "Orange", 3, 5, 1, 10)
    put_car(s, "Red", 2, 2, 3, 8)
    put_car(s, "Red", 1, 2, 1, 3)
    last_round_rush(s)
    settle(s, {"FirstLap": "Green", "SecondBuyer": "Red", "Engine4": "Orange", "Body3": "Green",
               "Body6": "Blue", "TwoCars": "Red"})
    set_chain(s, ["Green", "Blue", "Red", "Orange"])
    return s


def extra_mechanic() -> State:
    """One more worker fills Green's second racing-team space: +1 on its last Grand Prix move."""
    s = mid_game(3, 3, [50, 43, 40])
    recruit_row(s)
    workers(s, "Green", 0, 2)
    workers(s, "Blue", 0, 3)
    workers(s, "Red", 0, 1)
    racing(s, "Green", 3, 6)
    racing(s, "Blue", 4, 11)
    racing(s, "Red", 2, 4)
    research(s, "Green", 5, 4)
    research(s, "Blue", 4, 5)
    research(s, "Red", 3, 3)
    put_car(s, "Green", 5, 3, 1, 12)
    put_car(s, "Blue", 3, 5, 1, 10)
    put_car(s, "Red", 2, 2, 3, 8)
    put_car(s, "Red", 1, 2, 1, 3)
    put_car(s, "Blue", 2, 2, 1, 14)
    last_round_rush(s)
    settle(s, {"FirstLap": "Blue", "SecondBuyer": "Red", "Engine4": "Blue", "Body3": "Green",
               "Body6": "Red", "Engine7": "Blue", "TwoCars": "Green"})
    set_chain(s, ["Green", "Hire", "Blue", "GrandPrix+Attract", "Red"])
    return s


def sold_twice() -> State:
    """Green holds two investors; the right token sells the new car twice."""
    s = mid_game(3, 2, [24, 27, 25])
    research(s, "Green", 3, 5, [("body", 3), ("engine", 5)])
    research(s, "Blue", 5, 3)
    research(s, "Red", 3, 3)
    workers(s, "Green", 1, 1)
    workers(s, "Blue", 0, 1)
    workers(s, "Red", 0, 1)
    racing(s, "Green", 2, 6)
    racing(s, "Blue", 2, 9)
    racing(s, "Red", 1, 4)
    give_investor(s, "Green", "Ford")
    give_investor(s, "Green", "Durant")
    put_car(s, "Blue", 5, 2, 1, 9)
    put_car(s, "Red", 2, 2, 3, 5)
    put_car(s, "Red", 1, 1, 1, 3)
    put_car(s, "Blue", 1, 2, 1, 2)
    settle(s, {"FirstLap": "Blue", "TwoCars": "Blue"})
    return market_step(s, "Green", ENDGAME)


def brayton_triple() -> State:
    """Green has Brayton: a price buyer pays it three times the price."""
    s = mid_game(4, 3, [48, 51, 46, 47])
    research(s, "Green", 4, 4, [("body", 4), ("engine", 4)])
    research(s, "Blue", 6, 4)
    research(s, "Red", 4, 6)
    research(s, "Orange", 3, 3)
    workers(s, "Green", 3, 1)
    workers(s, "Blue", 0, 1)
    workers(s, "Red", 0, 1)
    workers(s, "Orange", 0, 1)
    racing(s, "Green", 2, 7)
    racing(s, "Blue", 3, 12)
    racing(s, "Red", 2, 15)
    racing(s, "Orange", 3, 10)
    give_engineer(s, "Green", "Brayton")
    put_car(s, "Blue", 6, 3, 1, 12)
    put_car(s, "Red", 3, 6, 1, 10)
    put_car(s, "Orange", 2, 2, 3, 14)
    put_car(s, "Orange", 1, 2, 1, 6)
    settle(s, {"FirstLap": "Red", "TwoCars": "Orange", "Body6": "Blue"})
    return market_step(s, "Green", ["price", "body", "engine", "service"])


def last_sale() -> State:
    """Green wants the Body6 achievement and the Sell7 benefit before Blue gets a turn."""
    s = mid_game(3, 3, [55, 47, 44])
    recruit_row(s, "Sell7")
    workers(s, "Green", 0, 1)
    workers(s, "Blue", 0, 3)
    workers(s, "Red", 0, 3)
    racing(s, "Green", 2, 7)
    racing(s, "Blue", 4, 5)
    racing(s, "Red", 3, 10)
    research(s, "Green", 6, 5)
    research(s, "Blue", 1, 1)
    research(s, "Red", 4, 4)
    put_car(s, "Red", 5, 2, 1, 10)
    put_car(s, "Blue", 2, 5, 1, 12)
    put_car(s, "Red", 1, 1, 3, 8)
    put_car(s, "Blue", 1, 1, 1, 3)
    put_car(s, "Green", 2, 2, 1, 15)
    last_round_rush(s)
    settle(s, {"FirstLap": "Red", "SecondBuyer": "Red", "Engine4": "Red", "Body3": "Blue",
               "TwoCars": "Blue", "Engine7": "Green"})
    set_chain(s, ["Green", "Body", "Blue", "Recruit", "Red", "GrandPrix+Attract"])
    return s


def packard_bonus() -> State:
    """Packard or Christie: one technology marker per step (RULINGS K5)."""
    s = mid_game(2, 2, [26, 29])
    research(s, "Green", 5, 6, [("body", 5), ("engine", 4)])
    research(s, "Blue", 7, 5)
    workers(s, "Green", 1, 1)
    workers(s, "Blue", 1, 1)
    racing(s, "Green", 2, 11)
    racing(s, "Blue", 3, 8)
    give_engineer(s, "Green", "Packard")
    give_engineer(s, "Green", "Christie")
    put_car(s, "Green", 2, 6, 1, 11)
    put_car(s, "Blue", 7, 3, 1, 8)
    put_car(s, "Blue", 3, 3, 2, 6)
    settle(s, {"FirstLap": "Blue"})
    return market_step(s, "Green", ["body", "engine", "price"])


def _four_company_rush(reputations: list[int], green_research: tuple[int, int]) -> State:
    """The shared set-up of the two 4-company endgames: five cars out, the market marker on 1."""
    s = mid_game(4, 3, reputations)
    for name, canteen_supply in (("Green", 1), ("Blue", 3), ("Red", 3), ("Orange", 1)):
        workers(s, name, 0, canteen_supply)
    for name, engine, progress in (("Green", 3, 10), ("Blue", 4, 5), ("Red", 3, 9),
                                   ("Orange", 2, 7)):
        racing(s, name, engine, progress)
    for name, tracks in (("Green", green_research), ("Blue", (1, 1)), ("Red", (4, 4)),
                         ("Orange", (2, 2))):
        research(s, name, *tracks)
    put_car(s, "Red", 5, 2, 1, 10)
    put_car(s, "Blue", 2, 5, 1, 12)
    put_car(s, "Red", 1, 1, 3, 8)
    put_car(s, "Orange", 1, 1, 1, 3)
    put_car(s, "Green", 2, 2, 1, 15)
    last_round_rush(s)
    return s


def three_in_a_row() -> State:
    """Two 1-action tiles next to Green, then the Recruit tile with the Sell7 benefit."""
    s = _four_company_rush([50, 47, 44, 45], (6, 5))
    recruit_row(s, "Sell7")
    settle(s, {"SecondBuyer": "Red", "Engine4": "Red", "Body3": "Blue", "TwoCars": "Blue",
               "Engine7": "Orange"})
    set_chain(s, ["Green", "GrandPrix", "Body", "Blue", "Recruit", "Red", "GrandPrix+Attract",
                  "Orange"])
    return s


def hire_first() -> State:
    """The rich tile is right, but only after a worker and with the turn kept."""
    s = _four_company_rush([50, 55, 44, 45], (6, 6))
    recruit_row(s)
    settle(s, {"SecondBuyer": "Red", "Engine4": "Red", "Body3": "Blue", "TwoCars": "Blue",
               "FirstLap": "Orange"})
    set_chain(s, ["Green", "Hire", "Blue", "Recruit", "Red", "GrandPrix+Attract", "Orange"])
    return s


def buick_buyer() -> State:
    """Green holds Buick's extra buyer and Durant's investment token."""
    s = mid_game(4, 3, [44, 47, 45, 41])
    research(s, "Green", 5, 5, [("body", 5), ("engine", 5)])
    research(s, "Blue", 6, 4)
    research(s, "Red", 4, 6)
    research(s, "Orange", 2, 2)
    workers(s, "Green", 2, 1)
    for name in ("Blue", "Red", "Orange"):
        workers(s, name, 0, 1)
    racing(s, "Green", 2, 9)
    racing(s, "Blue", 3, 13)
    racing(s, "Red", 2, 4)
    racing(s, "Orange", 2, 7)
    give_engineer(s, "Green", "Buick")
    give_investor(s, "Green", "Durant")
    put_car(s, "Blue", 6, 3, 1, 12)
    put_car(s, "Red", 3, 6, 1, 10)
    put_car(s, "Blue", 2, 2, 3, 8)
    put_car(s, "Orange", 1, 1, 1, 3)
    settle(s, {"FirstLap": "Blue", "TwoCars": "Blue"})
    return market_step(s, "Green", ENDGAME)


def keep_the_turn() -> State:
    """Round 2: three tiles between Green's marker and Blue's, which will end the round."""
    s = mid_game(2, 2, [20, 22])
    recruit_row(s, "Sell5", "Workers3", "Ford")
    research(s, "Green", 4, 4, [("body", 4), ("engine", 4), ("body", 3)])
    research(s, "Blue", 5, 4)
    workers(s, "Green", 2, 1)
    workers(s, "Blue", 1, 1)
    racing(s, "Green", 3, 5)
    racing(s, "Blue", 3, 8)
    put_car(s, "Blue", 5, 3, 1, 9)
    put_car(s, "Blue", 2, 4, 1, 6)
    set_active(s, ["body", "engine", "price"])
    s.market_marker = 1  # the next Attract buyer action ends the round (RULINGS K3, K4)
    c = s.companies[co(s, "Green")]
    c.engineer_tokens, s.eng_supply = 1, s.eng_supply - 1
    settle(s, {"FirstLap": "Blue", "Body6": "Blue", "Engine7": "Blue", "TwoLaps": "Blue",
               "SecondBuyer": "Blue", "NoReserve": "Blue", "ThreeEngineers": "Blue"})
    set_chain(s, ["Green", "GrandPrix", "Body", "Hire", "Blue"])
    return s


def before_red() -> State:
    """Round 2, three companies: three tiles between Green's marker and Red's."""
    s = mid_game(3, 2, [18, 23, 21])
    recruit_row(s, "Sell5", "Move5", "Durant", "Chevrolet")
    research(s, "Green", 5, 4, [("body", 5), ("engine", 4), ("body", 3)])
    research(s, "Blue", 5, 5)
    research(s, "Red", 4, 4)
    workers(s, "Green", 2, 1)
    workers(s, "Blue", 1, 1)
    workers(s, "Red", 1, 1)
    racing(s, "Green", 3, 4)
    racing(s, "Blue", 3, 9)
    racing(s, "Red", 2, 7)
    put_car(s, "Blue", 6, 3, 1, 11)
    put_car(s, "Red", 2, 5, 1, 5)
    put_car(s, "Red", 3, 3, 2, 8)
    set_active(s, ["engine", "price", "service", "body"])
    s.market_marker = 1  # the next Attract buyer action ends the round (RULINGS K3, K4)
    c = s.companies[co(s, "Green")]
    c.engineer_tokens, s.eng_supply = 1, s.eng_supply - 1
    settle(s, {"FirstLap": "Blue", "Body6": "Blue", "TwoCars": "Red", "SecondBuyer": "Red"})
    set_chain(s, ["Green", "Hire", "GrandPrix", "Body", "Red"])
    return s


def round_settings(rival_ends: str) -> dict[str, Any]:
    """Planner settings of a mid-game tempo puzzle: the round horizon, Green's own gain, the
    next rival to play ending the round with ``rival_ends`` (every active space full and the
    market marker on 1, RULINGS K3, K4). Green keeps the turn at most four times, so no line
    has more than four new turns (max_turns) and none is cut."""
    return {"horizon": "round", "objective": "gain", "rivals": "scripted",
            "script": [rival_ends], "max_turns": 4}


ROUND_QUESTION = ("Green to move: which tile should Green take first? (The value is the "
                  "reputation Green gains by the end of the round, its scoring included, when "
                  "{rival}'s next turn is 'pick Attract'.)")


# --- the catalogue --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Spec:
    """One puzzle to build: its file number and name, its text, and how to build its position."""

    number: int
    name: str
    kind: str
    difficulty: int
    title: str
    story: str
    question: str
    build: Callable[[], State]
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def file(self) -> Path:
        """Where the puzzle is stored."""
        return DATA / f"{self.number:02d}_{self.name}.json"


TEMPO_NOTE = ("(The value is Green's lead over the best rival when Green's {turn} begins or the "
              "game ends, whichever comes first, with every rival playing greedily.)")
PRICING_QUESTION = ("Which car should Green place, at which price, and with which extras "
                    "(technology marker, investment token, Packard marker, Buick's buyer)? "
                    "(The value is Green's sales reputation in the scoring phase that follows.)")


def tempo_question(ask: str, turns: int) -> str:
    """The question of a tempo puzzle, with what the planner's value means (RULINGS K1)."""
    turn = {1: "turn after next", 2: "third turn from now"}[turns]
    return f"{ask} {TEMPO_NOTE.format(turn=turn)}"


SPECS: tuple[Spec, ...] = (
    Spec(1, "two_moves", "tempo", 1, "Two moves before the flag",
         "The game is about to end: every active buyer space is full and the market marker is on "
         "1, so the next Attract buyer action finishes it. Green and Blue are level on points, "
         "and Blue's car leads the Grand Prix by more than one of Green's 4-space moves. The "
         "Grand Prix tile lies right next to Green's marker, with Blue's marker just beyond it.",
         tempo_question("Green to move: which tile should Green take?", 1),
         two_moves, tempo_settings(1)),
    Spec(2, "undercut", "pricing", 1, "Undercut",
         "Round 2. Green has just taken the Attract buyer tile with every buyer space full, so "
         "the market marker dropped to 0 and this is the last market step before scoring. "
         "Green's workshops hold a body 5 and an engine 4; Blue already has a body-5 car on the "
         "market at price 9, and a buyer takes the cheaper of two equal cars.",
         PRICING_QUESTION, undercut),
    Spec(3, "bargain_hunter", "pricing", 2, "The bargain hunter",
         "Final round, last market step: the market marker has just dropped to 0. Blue's and "
         "Red's cars beat anything Green can build for body, engine and service, and the "
         "cheapest car on the market costs 6. Only the price markers 3, 4, 14 and 15 are left, "
         "and a price buyer pays double.",
         PRICING_QUESTION, bargain_hunter),
    Spec(4, "close_the_books", "tempo", 2, "Close the books",
         "Final round, final moments: all four buyer spaces are full and the market marker is "
         "on 1. As things stand Green's body-5 car wins the body buyer for 12, but Blue, next in "
         "the chain, has a body 6, an engine and a worker ready to place a better car. The rich "
         "Research + Build body + Build engine tile would give Green an engine 7 and the "
         "achievement “Engine 7 in a workshop” (7 points), and one more Grand Prix move would "
         "complete Green's "
         "second lap.",
         tempo_question("Green to move: which tile should Green take?", 1),
         close_the_books, tempo_settings(1)),
    Spec(5, "extra_mechanic", "tempo", 3, "One more mechanic",
         "Final round: every buyer space is full and the market marker is on 1, so the next "
         "Attract buyer action ends the game. Green and Blue are level on points and Blue's car "
         "is five spaces ahead; Green's car moves 4 (engine 3 and one full racing-team space), "
         "and one more worker would fill its second team space. Green's canteen is empty; the "
         "Hire worker tile lies next to its marker.",
         tempo_question("Green to move: which tile should Green take?", 1),
         extra_mechanic, tempo_settings(1)),
    Spec(6, "sold_twice", "pricing", 3, "Sold twice",
         "Round 2, last market step. Green holds two investment tokens: Ford's (he buys the "
         "cheapest car with an engine of 3 or more) and Durant's (he buys the cheapest car). "
         "Green's new car would have the best engine on the market, and a sold car that carries "
         "a token stays on the market to be sold again.",
         PRICING_QUESTION, sold_twice),
    Spec(7, "brayton_triple", "pricing", 3, "Brayton's triple",
         "Final round, last market step. Green has recruited Brayton, so a price buyer pays "
         "Green three times the price, and the price buyer stands first in line; the cheapest "
         "car on the market costs 6. With three workers in its canteen Green could instead "
         "challenge Orange's price-14 service car.",
         PRICING_QUESTION, brayton_triple),
    Spec(8, "last_sale", "tempo", 4, "The last sale",
         "Final round: every buyer space is full and the market marker is on 1, and Blue can "
         "end the game on its next turn. Green's body research stands at 6 and nobody has the "
         "achievement “Body 6 in a workshop” (7 points); the benefit “Sell a car for 7” lies "
         "face up, and no buyer will take Green's price-15 car. The Build body tile lies next "
         "to Green's marker, the Recruit "
         "tile just past Blue's.",
         tempo_question("Green to move: which tile should Green take?", 1),
         last_sale, tempo_settings(1)),
    Spec(9, "packard_bonus", "pricing", 4, "Packard or Christie",
         "Round 2, last market step. Green holds Christie's body +1 and +2 markers and "
         "Packard's +2 and +4 buyer markers, but may use only one technology marker in a step. "
         "Green's old car (engine 6, price 11) will go to the engine buyer, and a body +2 would "
         "lift the new car to body 7, level with Blue's price-8 car.",
         PRICING_QUESTION, packard_bonus),
    Spec(10, "three_in_a_row", "tempo", 4, "Three in a row",
         "Final round: every buyer space is full, the market marker is on 1, and Blue can end "
         "the game on its next turn. Green wants three things first: a Grand Prix move that "
         "completes its first lap (3 points and the race lead), a body 6 for the achievement "
         "“Body 6 in a workshop” (7 points), and the benefit “Sell a car for 7” for its "
         "unsellable price-15 car. The Grand Prix and Build body tiles lie next to Green's "
         "marker, the Recruit tile just past "
         "Blue's.",
         tempo_question("Green to move: which tile should Green take first?", 2),
         three_in_a_row, tempo_settings(2)),
    Spec(11, "hire_first", "tempo", 5, "Hire first",
         "Final round: five cars are on the market, so whoever places the sixth ends the game, "
         "and so does the next Attract buyer action. With research at body 6 and engine 6, the "
         "Research + Build body + Build engine tile would bring Green the achievements "
         "“Body 6 in a workshop” and “Engine 7 in a workshop” and a car with the best body "
         "on the market. But Green's canteen is "
         "empty, and a car needs a worker; the Hire worker tile lies next to Green's marker.",
         tempo_question("Green to move: which tile should Green take first?", 2),
         hire_first, tempo_settings(2)),
    Spec(12, "buick_buyer", "pricing", 5, "Buick's extra buyer",
         "Final round, last market step. Whatever Green builds, every active buyer will prefer "
         "a rival's car. But Green holds Buick's marker (an extra buyer of Green's choice at "
         "the start of scoring, after the active buyers) and Durant's investment token (Durant "
         "buys the cheapest car).",
         PRICING_QUESTION, buick_buyer),
    Spec(13, "keep_the_turn", "tempo", 5, "Keep the turn",
         "Round 2 of 3. Every buyer space is full and the market marker is on 1, and Blue will "
         "take the Attract buyer tile on its next turn and close the round. Three tiles lie "
         "between Green's marker and Blue's: Grand Prix, Body and Hire, and every tile Green "
         "takes from there keeps the turn for Green. Green has a body 4 and an engine 4 ready, "
         "two workers in its canteen and an engineer token; Ford, “Sell a car for 5” and "
         "“3 workers” lie face "
         "up, and the rich Research + Build body + Build engine tile lies beyond Blue's "
         "marker.",
         ROUND_QUESTION.format(rival="Blue"), keep_the_turn, round_settings("pick Attract")),
    Spec(14, "before_red", "tempo", 5, "Before Red",
         "Round 2 of 3, three companies. Every buyer space is full and the market marker is "
         "on 1, and Red, next in the chain after Hire, Grand Prix and Body, will take the "
         "Attract buyer tile and close the round. Green has a body 5 and an engine 4 ready, "
         "a body 3, two workers in its canteen and an engineer token; Durant (he buys the "
         "cheapest car), Chevrolet, “Move 5” and “Sell a car for 5” lie face up. The "
         "engine buyer stands "
         "first in line, the price buyer second, and Red's car at price 5 is the cheapest on "
         "the market.",
         ROUND_QUESTION.format(rival="Red"), before_red, round_settings("pick Attract")),
)


# --- solving and checking -------------------------------------------------------------------------
class PuzzleBuildError(RuntimeError):
    """A puzzle's answer is not one this script may store (not proven, wrong lesson, ...)."""


def richest_tile(state: State) -> str:
    """The legal tile pick showing the most actions (the one 3-action tile)."""
    picks = [a for a in state.legal_actions() if isinstance(a, PickTile)]
    best = max(picks, key=lambda a: len(state.cfg.tiles[a.tile].actions))
    return str(best)


def replay(state: State, actions: Iterable[str]) -> State:
    """Apply ``actions`` to a copy of ``state`` through kwcore's checked path."""
    s = state.clone(history=False)
    for text in actions:
        s.apply(text)
    return s


def tempo_answer(spec: Spec, state: State, result: planner.Plan) -> dict[str, Any]:
    """The stored answer of a tempo puzzle, after checking it teaches what it should."""
    def fail(why: str) -> PuzzleBuildError:
        return PuzzleBuildError(f"{spec.name}: {why}")

    if not result.proven or result.stopped:
        raise fail(f"the plan is not proven (stopped: {result.stopped or 'no'})")
    if not all(a.proven for a in result.alternatives):
        raise fail("some first decision is not proven: " + ", ".join(
            a.action for a in result.alternatives if not a.proven))
    richest = richest_tile(state)
    values = {a.action: a.value for a in result.alternatives}
    if result.best == richest:
        raise fail(f"the best first decision is the richest tile ({richest})")
    if not values[richest] < result.value:
        raise fail(f"the richest tile ({richest}) is as good as the best")
    if planner.replay_value(state, result.company, result) != result.value:
        raise fail("the principal variation does not replay to the value")
    return {
        "best": result.best,
        "value": result.value,
        "proven": result.proven,
        "richest": richest,
        "principal_variation": [{"company": who, "action": text}
                                for who, text in result.principal_variation],
        "alternatives": [{"action": a.action, "value": a.value}
                         for a in result.alternatives],
    }


def pricing_replay(state: State, plan: pricing.PricingPlan) -> int:
    """Play a pricing plan through kwcore's checked path to the end of the round (the turn
    ends; Buick's buyer if the plan places one) and return the company's sales reputation."""
    p = state.current_player
    before = state.companies[p].score_parts[rules.SALES]
    s = replay(state, plan.actions)
    if s.decision() == "after_market":
        s.apply("end turn")
    if s.decision() == "buick" and s.current_player == p:
        s.apply(f"buick {PREFERENCES[plan.buick]}" if plan.buick >= 0 else "buick none")
    if s.round == state.round and not s.is_terminal():
        raise PuzzleBuildError("the round did not end after the market step")
    return s.companies[p].score_parts[rules.SALES] - before


def pricing_answer(spec: Spec, state: State, plan: pricing.PricingPlan) -> dict[str, Any]:
    """The stored answer of a pricing puzzle, after replaying it through kwcore."""
    if not plan.proven:
        raise PuzzleBuildError(f"{spec.name}: the pricing plan is not proven ({plan.status})")
    if pricing_replay(state, plan) != plan.value:
        raise PuzzleBuildError(f"{spec.name}: the plan does not replay to its value")
    rec = state.cfg.recruit
    car = None
    if plan.car is not None:
        c = plan.car
        car = {"body": c.body, "engine": c.engine, "workers": c.workers,
               "salesman": c.salesman, "price": c.price,
               "tech": CAR_TECH[c.tech] if c.tech >= 0 else None}
    return {
        "value": plan.value,
        "proven": plan.proven,
        "car": car,
        "actions": list(plan.actions),
        "investments": [{"investor": rec[i].name, "car": slot + 1}
                        for i, slot in plan.investments],
        "packard": ({"bonus": plan.packard[0], "buyer": plan.packard[1] + 1}
                    if plan.packard else None),
        "buick": PREFERENCES[plan.buick] if plan.buick >= 0 else None,
    }


def build(spec: Spec) -> tuple[dict[str, Any], float]:
    """Build, solve and check one puzzle: its file content and the solve time in seconds."""
    if spec.kind not in KINDS:
        raise PuzzleBuildError(f"{spec.name}: unknown kind {spec.kind!r}")
    state = check(refresh(spec.build()))
    data: dict[str, Any] = {
        "title": spec.title, "story": spec.story, "question": spec.question,
        "kind": spec.kind, "difficulty": spec.difficulty, "settings": dict(spec.settings),
        "answer": {}, "position": json.loads(state.to_json()),
    }
    puzzle = Puzzle(name=spec.name, title=spec.title, story=spec.story,
                    question=spec.question, kind=spec.kind, difficulty=spec.difficulty,
                    settings=dict(spec.settings), answer={}, position=state.to_json())
    t0 = time.perf_counter()
    result = solve_puzzle(puzzle)
    seconds = time.perf_counter() - t0
    if isinstance(result, planner.Plan):
        data["answer"] = tempo_answer(spec, puzzle.state(), result)
    else:
        data["answer"] = pricing_answer(spec, puzzle.state(), result)
    return data, seconds


def summary(spec: Spec, data: dict[str, Any], seconds: float) -> str:
    """One line about a built puzzle."""
    a = data["answer"]
    what = a["best"] if spec.kind == "tempo" else "; ".join(a["actions"]) or "pass"
    players = data["position"]["players"]
    return (f"{spec.file.name:<28} {spec.kind:<7} {players} co. {'*' * spec.difficulty:<5} "
            f"value {a['value']:g}  {seconds:5.2f} s  {what}")


def main(argv: list[str] | None = None) -> int:
    """Build every puzzle (or ``--only`` some), check it, and write it (unless ``--check``)."""
    parser = argparse.ArgumentParser(prog="python -m solvers.kraftwagen.make_puzzles",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="solve and compare with the stored files; write nothing")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only these puzzles")
    args = parser.parse_args(argv)
    specs = [s for s in SPECS if not args.only or s.name in args.only]
    if args.only and len(specs) != len(set(args.only)):
        known = ", ".join(s.name for s in SPECS)
        parser.error(f"unknown puzzle name (puzzles: {known})")
    failures = 0
    total = 0.0
    for spec in specs:
        try:
            data, seconds = build(spec)
        except PuzzleBuildError as exc:
            print(f"FAILED {exc}", file=sys.stderr)
            failures += 1
            continue
        total += seconds
        print(summary(spec, data, seconds), flush=True)
        text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
        if args.check:
            stored = spec.file.read_text("utf-8") if spec.file.exists() else ""
            if stored != text:
                print(f"  differs from {spec.file}", file=sys.stderr)
                failures += 1
        else:
            DATA.mkdir(exist_ok=True)
            spec.file.write_text(text, "utf-8")
    print(f"{len(specs) - failures} of {len(specs)} puzzles built and proven; "
          f"solved in {total:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
