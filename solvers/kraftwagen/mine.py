"""Mining Kraftwagen puzzles (``solvers.mining``): a decision whose best choice the turn planner
proves for the rest of the company's turn.

**What is proven.** The turn planner (``solvers.kraftwagen.planner.plan``) with the horizon
``turns:1`` searches every line of our decisions to the end of the turn in progress (a chain of
tiles that keeps the turn is one turn, RULINGS K1), the rivals then playing as the core's greedy
bot until our next turn starts; a decision's value is the reputation our company gains by then
(the round's scoring included when the round ends before it, seed DE: Wertung). Within a round
the game has no chance (reveals happen only in the preparation phase), so each value is exact
for that model: proven best for this turn with greedy rivals, not for the rest of the round.
Every first decision is valued exactly (``alternatives="exact"``); lines longer than the cut
(``max_turns``) or sampled would make it unproven, and such positions are skipped. The search
is bounded by ``MAX_NODES`` nodes (reproducible); a position it does not finish is skipped.

**Margin.** At least one point of reputation (``MARGIN``) between the answer and every other
decision.

**Themes** (from the answer's action, the greedy bot's and the principal line): ``keep the
turn`` (the answer is a tile and our line takes another tile before any rival moves),
``tile choice`` (which tile to take), ``undercut`` (the answer prices a car lower than the
greedy bot's price), ``pricing`` (a price), ``build`` (a car's body, engine, workers or
technology), ``recruit``, ``invest``, ``research``, ``team``, ``order of actions`` (which of a
tile's actions first), ``place a car``, ``Packard bonus``, ``pass``.

**Games mined.** Seeded games of 2 and 3 companies between the greedy and the random bots
(``seats``), every decision after the start (the opening's choice of start tiles is not
proved: one turn is not its horizon), at most ``MAX_PER_GAME`` puzzles a game.
"""

from __future__ import annotations

from typing import Any

import kwcore
from kwcore.actions import ACTIONS
from kwcore.state import State
from solvers.mining import Proof, timed

from . import planner

GAME = "kraftwagen"
MARGIN = 1.0
MAX_NODES = 2_500
MAX_PER_GAME = 8
#: The ladder (module docstring of ``solvers.mining``): ratings on the Glicko scale, ours.
LADDER: tuple[tuple[str, int], ...] = (
    ("random", 800), ("greedy", 1200), ("mcts:30", 1300), ("mcts:150", 1500),
    ("planner:2000", 1800))
QUESTION = ("Which decision gains your company the most reputation before your next turn? "
            "(The rivals play as the greedy bot.)")
UNIT = "reputation"
PROOF = ("Proven by the turn planner: every line of your decisions to the end of this turn, "
         "the rivals then playing as the greedy bot until your next turn (the round's scoring "
         "counted when the round ends first). Nothing is drawn within a round, so the values "
         "are exact for that model; it says nothing of later turns.")
WORDS = {"pick": "tile choice", "team": "team", "recruit": "recruit", "invest": "invest",
         "research": "research", "do": "order of actions", "place": "place a car",
         "packard": "Packard bonus", "pass": "pass", "attract": "attract a buyer"}


def seats(index: int) -> tuple[int, tuple[str, ...]]:
    """2 or 3 companies in turn; greedy in seat 0, random and greedy after it."""
    players = 2 + index % 2
    return players, tuple("greedy" if i % 2 == 0 else "random" for i in range(players))


def new_game(players: int, seed: int) -> State:
    """A seeded game of the base rules."""
    state: State = kwcore.new_game(players, seed)
    return state


def candidate(state: State) -> bool:
    """Any decision after the choice of start tiles."""
    return not state.is_chance_node() and not any(
        str(ACTIONS[a]).startswith("start ") for a in state.legal_action_ids())


def _config() -> planner.PlannerConfig:
    return planner.PlannerConfig(horizon=planner.Horizon("turns", 1), rivals="greedy",
                                 objective="gain", node_budget=MAX_NODES, time_budget=3600.0,
                                 clock="cpu", deepen=False, suggest=False,
                                 alternatives="exact")


def prove(state: State) -> Proof | None:
    """Every decision's proven reputation gain, or None when the planner does not prove it."""
    company = state.current_player
    try:
        plan, seconds = timed(lambda: planner.plan(state, company, _config()))
    except (planner.PlannerError, planner.KraftwagenError):
        return None
    if not plan.proven or plan.cut_lines or plan.sampled or \
            not all(a.proven for a in plan.alternatives):
        return None
    values = {state.resolve(a.action): float(a.value) for a in plan.alternatives}
    return Proof(values, UNIT, QUESTION, PROOF, plan.nodes, seconds, plan)


def _price(text: str) -> int | None:
    words = text.split()
    return int(words[2]) if len(words) == 3 and words[:2] == ["car", "price"] else None


def themes(state: State, proof: Proof, answer: int, greedy: int) -> tuple[str, ...]:
    """The themes of the module docstring."""
    text, greedy_text = str(ACTIONS[answer]), str(ACTIONS[greedy])
    first = text.split()[0]
    found: list[str] = []
    plan: planner.Plan = proof.detail
    me = state.cfg.companies[state.current_player]
    if first == "pick":
        line = list(plan.principal_variation)
        rest = line[1:]
        upto = next((i for i, (who, _) in enumerate(rest) if who != me), len(rest))
        if any(act.startswith("pick ") for _, act in rest[:upto]):
            found.append("keep the turn")
    price, greedy_price = _price(text), _price(greedy_text)
    if price is not None:
        if greedy_price is not None and price < greedy_price:
            found.append("undercut")
        found.append("pricing")
    elif first == "car":
        found.append("build")
    if first in WORDS:
        found.append(WORDS[first])
    return tuple(dict.fromkeys(found))


def position_words(state: Any) -> str:
    """Who moves, in words (for listings)."""
    return f"{state.cfg.companies[state.current_player]}, round {state.round}"
