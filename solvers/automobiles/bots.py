"""Automobiles' solver bots: bag-building strategies and the best-turn solver.

Found by name by the generic registry (``solvers.bots``: ``BOTS`` here, in the layout of
``solvers.bots.BotEntry``), so ``kw tournament --game automobiles --bots best,greedy,...``
plays them beside the engine's own ``random`` and ``greedy`` (``automobiles.bots``).

Every bot buys with the knapsack of ``solvers.automobiles.buy`` under its own value per cube
(ours, a judgement; before the race and in each buy phase), which is what makes the bags differ:

- ``gear-heavy``: moves as the engine's greedy bot; values the fast gears most (black 10,
  dark grey 7, light grey 3) and action cubes little;
- ``pit-first``: as greedy, but makes a pit stop whenever its drawn pile holds 2 wear or more
  (AU-13), and values the purple (Pit) cubes that remove wear;
- ``balanced``: as greedy, with ``buy.DEFAULT_VALUES``;
- ``best[:NODES]``: plays its whole turn by ``solvers.automobiles.turn.solve_turn`` (progress,
  then least wear, then ``DEFAULT_VALUES``), at most NODES search positions per decision; the
  line found is followed until the position leaves it (a draw), then it solves again. When the
  budget stops the search (the decisions valued are then only those searched first), it plays
  the greedy choice and solves again at the next decision.

Decisions of other players inside a turn (Boost's offer, the moves after a Crate Engine) and
chance (explicit chance only) go to the engine's greedy bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from automobiles import State
from automobiles.actions import TABLE, PitStop
from automobiles.bots import GreedyBot
from automobiles.config import (
    BLACK,
    BLUE,
    DARKGREY,
    GREEN,
    LIGHTGREY,
    PURPLE,
    RED,
    WEAR,
    WHITE,
    YELLOW,
)

from .buy import DEFAULT_VALUES, Number, for_state
from .turn import OBJECTIVES, Objective, TurnError, canonical_key, solve_turn

DEFAULT_BEST_NODES = 1500
#: Ours: the values of the bag-building bots (see the module docstring).
GEAR_HEAVY: dict[int, int] = {WHITE: 0, LIGHTGREY: 3, DARKGREY: 7, BLACK: 10, WEAR: 0,
                              YELLOW: 0, RED: 1, PURPLE: 1, BLUE: 1, GREEN: 1}
PIT_FIRST: dict[int, int] = {WHITE: 0, LIGHTGREY: 2, DARKGREY: 5, BLACK: 8, WEAR: 0,
                             YELLOW: 1, RED: 1, PURPLE: 5, BLUE: 1, GREEN: 1}
PIT_WEAR = 2


class BagBot:
    """The engine's greedy moves, our purchases by a value per cube, and an optional pit
    rule (pit with ``pit_wear`` wear or more in the drawn pile)."""

    def __init__(self, name: str, values: Mapping[int, Number], seed: int | None = 0,
                 pit_wear: int | None = None) -> None:
        self.name = name
        self.values = dict(values)
        self.pit_wear = pit_wear
        self.greedy = GreedyBot(seed)

    def choose(self, state: State) -> int:
        """Buy by the knapsack, pit by the rule, else the greedy choice."""
        if state.current_player >= 0 and state.phase in ("buy", "prebuy") and \
                state.current_player == _buyer(state):
            return _first_purchase(state, self.values)
        pit = TABLE.ids[PitStop()]
        if self.pit_wear is not None and pit in state.legal_action_ids() and \
                state.active[state.mover][WEAR] >= self.pit_wear:
            return pit
        return self.greedy.choose(state)


class BestTurnBot:
    """Plays the best turn (``solve_turn``), at most ``nodes`` positions a decision."""

    name = "best"

    def __init__(self, seed: int | None = 0, nodes: int = DEFAULT_BEST_NODES,
                 objective: Objective = OBJECTIVES["progress"]) -> None:
        self.nodes = nodes
        self.objective = objective
        self.greedy = GreedyBot(seed)
        self.line: list[tuple[tuple[Any, ...], int]] = []  # (position key, action) to follow

    def choose(self, state: State) -> int:
        """The next action of the best line, solving again when the position left it."""
        if state.current_player < 0 or state.current_player != state.mover or \
                state.phase not in ("action", "place", "card", "buy"):
            if state.phase == "prebuy" and state.current_player >= 0:
                return _first_purchase(state, self.objective.values)
            return self.greedy.choose(state)
        key = canonical_key(state)
        if self.line and self.line[0][0] == key:
            return self.line.pop(0)[1]
        try:
            plan = solve_turn(state, self.objective, max_nodes=self.nodes)
        except TurnError:
            return self.greedy.choose(state)
        if not plan.proven:  # the decisions valued are only those searched first: not a choice
            return self.greedy.choose(state)
        self.line = _keyed_line(state, plan.actions)
        return self.line.pop(0)[1]


def _keyed_line(state: State, actions: tuple[str, ...]) -> list[tuple[tuple[Any, ...], int]]:
    """The plan's actions with the position each is to be played in."""
    s, out = state.clone(history=False), []
    for text in actions:
        aid = TABLE.ids[next(a for a in s.legal_actions() if str(a) == text)]
        out.append((canonical_key(s), aid))
        s.apply_unchecked(aid)
    return out


def _buyer(state: State) -> int:
    """Who buys now: the grid position buying before the race, else the seat in turn."""
    return state.order[state.buyer] if state.phase == "prebuy" else state.mover


def _first_purchase(state: State, values: Mapping[int, Number]) -> int:
    """The first action of the best purchase under ``values`` (the knapsack; a cube bought
    leaves the rest of the best purchase the best of what is left)."""
    return TABLE.ids[for_state(state, values).actions()[0]]


#: The solver bots Automobiles adds: name -> (builder from seed and parameter, default
#: parameter, what the parameter is), the layout of ``solvers.bots.BotEntry``.
BOTS: dict[str, tuple[Any, int | None, str]] = {
    "best": (lambda seed, n: BestTurnBot(seed, nodes=n), DEFAULT_BEST_NODES,
             "search positions per decision"),
    "gear-heavy": (lambda seed, _: BagBot("gear-heavy", GEAR_HEAVY, seed), None, ""),
    "pit-first": (lambda seed, _: BagBot("pit-first", PIT_FIRST, seed, PIT_WEAR), None, ""),
    "balanced": (lambda seed, _: BagBot("balanced", DEFAULT_VALUES, seed), None, ""),
}

__all__ = ["BOTS", "DEFAULT_BEST_NODES", "GEAR_HEAVY", "PIT_FIRST", "PIT_WEAR", "BagBot",
           "BestTurnBot"]
