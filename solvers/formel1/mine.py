"""Mining Formel 1 puzzles (``solvers.mining``): a race decision near the end of a race whose
best choice the exact race search proves with every hand open.

**What is proven.** The race search (``solvers.formel1.race.solve``) values every legal decision
(a card, an end cell, a white number, a switch target) by the prize money the player wins in
this race, cars already across the line included, in $1K, searching every line to the end of
the race. It is exact on **full information**: the puzzle shows every hand (the position holds
them all) and the answer uses them. The rivals are **paranoid**: each plays to minimise our
prize money, so an answer's value is what it guarantees whatever the others do (the rules'
race has no chance once the cards are dealt, F1-05). The search is bounded by ``MAX_NODES``
positions (a node budget: reproducible); a position it does not finish is skipped, and so is
any line the search cuts.

**Margin.** The answer guarantees at least ``MARGIN`` ($5K) more than any other decision
guarantees (prize money is paid in steps of the prize chart, F1-30).

**Themes** (from the actions and the position; ``solvers.formel1.puzzles`` holds the tests):
``which card`` (a card to play), ``where to stop`` (an end cell), ``white to a rival`` (the
white number goes to a rival's car while one of ours could take it, F1-25), ``switch`` (the
switch card played, or held while the greedy bot plays it, F1-27), ``big card now`` or
``hold the big card`` (the card with the most movement for our own cars, played now or kept),
``block`` (the best line blocks rivals' cars more than the greedy bot's line does, F1-22),
``long endgame`` (ten cards or more still to play).

**Games mined.** Seeded three-race games of 3 to 5 players between the greedy and the random
bots (``seats``), at the race decisions with at most ``CARDS`` cards left in all hands, at most
``MAX_PER_GAME`` puzzles a game.
"""

from __future__ import annotations

from typing import Any

import formel1
from formel1 import ACTIONS, State
from formel1.actions import Play, To, White
from solvers.mining import Proof, timed

from . import race
from .positions import cards_left
from .puzzles import race_theme_holds

GAME = "formel1"
MARGIN = 5.0
MAX_NODES = 60_000
#: Race decisions with at most this many cards left in all hands and discards are proved.
CARDS = 12
MAX_PER_GAME = 8
#: The ladder (module docstring of ``solvers.mining``): ratings on the Glicko scale, ours.
LADDER: tuple[tuple[str, int], ...] = (
    ("random", 800), ("greedy", 1200), ("mcts:30", 1300), ("mcts:150", 1500),
    ("endgame:5000", 1800))
QUESTION = ("Every hand is open. Which decision wins you the most prize money in this race, "
            "whatever the others do?")
UNIT = "thousand dollars of prize money"
PROOF = ("Proven by the exact race search with every hand open (full information): every line "
         "to the end of this race, the other players each playing to cost you as much prize "
         "money as they can. The values are what each decision guarantees in this race.")


def seats(index: int) -> tuple[int, tuple[str, ...]]:
    """3, 4 or 5 players in turn; greedy and random bots alternating from seat 0."""
    players = 3 + index % 3
    return players, tuple("greedy" if i % 2 == 0 else "random" for i in range(players))


def new_game(players: int, seed: int) -> State:
    """A seeded three-race game on the standard track."""
    state: State = formel1.new_game(players, seed)
    return state


def candidate(state: State) -> bool:
    """A race decision with at most ``CARDS`` cards left."""
    return state.phase == "race" and state.current_player >= 0 and cards_left(state) <= CARDS


def _solve(state: State, lines: bool) -> race.RacePlan:
    config = race.RaceConfig(rivals="paranoid", node_budget=MAX_NODES, time_budget=3600.0,
                             cpu_clock=True, lines=lines)
    return race.solve(state, config=config)


def prove(state: State) -> Proof | None:
    """Every decision's guaranteed prize money, or None when the search does not prove it."""
    try:
        plan, seconds = timed(lambda: _solve(state, lines=False))
    except race.RaceSearchError:
        return None
    if plan.status != "proven" or plan.depth_cut or not all(a.proven
                                                           for a in plan.alternatives):
        return None
    values = {state.resolve(a.action): float(a.value) for a in plan.alternatives}
    return Proof(values, UNIT, QUESTION, PROOF, plan.nodes, seconds)


def themes(state: State, proof: Proof, answer: int, greedy: int) -> tuple[str, ...]:
    """The themes of the module docstring."""
    action = ACTIONS[answer]
    found: list[str] = []
    if isinstance(action, Play):
        found.append("which card")
    if isinstance(action, To):
        found.append("where to stop")
    if isinstance(action, White):
        found.append("white to a rival" if state.owner[action.car] != state.current_player
                     else "white to our car")
    plan = _solve(state, lines=True)  # the lines, for the themes that read them
    greedy_text = str(ACTIONS[greedy])
    for theme, words in (("white", ""), ("switch", "switch"), ("big_now", "big card now"),
                         ("big_later", "hold the big card"), ("block", "block")):
        if not words:
            continue
        try:
            if race_theme_holds(theme, state, plan, greedy_text):
                found.append(words)
        except (StopIteration, ValueError, KeyError):
            continue
    if cards_left(state) >= 10:
        found.append("long endgame")
    return tuple(dict.fromkeys(found))


def position_words(state: Any) -> str:
    """Who moves, in words (for listings)."""
    return f"Player {state.current_player}, {cards_left(state)} cards left"
