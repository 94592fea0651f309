"""Mining Automobiles puzzles (``solvers.mining``): a decision in a player's turn whose best
choice the turn solver proves.

**What is proven.** The turn solver (``solvers.automobiles.turn.solve_turn``) values every legal
decision at the position by the best rest of the turn after it, exactly, to the end of the turn
(the buy phase included), searching every legal atomic action through the engine. It sees one
turn, not the race. Two questions are asked, the first that has a unique answer is kept:

- ``progress``: the decision that takes the car furthest this turn (units of the track, RA3);
  ties in progress are broken by least wear, then value, but the margin is in progress only;
- ``wear``: the decision that ends the turn holding the least wear (AU-13, AU-15), the margin
  in wear cubes.

Only turns whose values draw nothing (no Crew Chief, Nitro or Boost draw on any line) are kept:
every value is a whole number, not an expectation. The search is bounded by ``MAX_NODES``
positions (a node budget: reproducible); a turn it does not finish is skipped.

**Margin.** At least one unit of progress, or one wear cube (``MARGIN``): every other decision
is worse by that much in the question's measure.

**Themes** (from the answer's action and its best line): ``pit stop`` (the answer is the pit
stop, AU-13), ``draft`` (the best line ends drafting, AU-18, the engine's log says so),
``placement`` (where a cube goes), ``gear`` (which gear cube to play first), ``card`` (a
card's cube played), ``card choice`` (a choice inside a card), ``end actions`` (stop playing
now), ``save wear`` (the wear question), ``further than greedy`` (the greedy bot's move loses
progress).

**Games mined.** Seeded races of 2 to 4 players between the engine's greedy and random bots
(``seats``), at most ``MAX_PER_GAME`` puzzles a race.
"""

from __future__ import annotations

import time
from typing import Any

from automobiles import State
from automobiles.actions import TABLE, Place, PlaceOn, Play
from automobiles.config import GEARS
from solvers.mining import Proof

from .puzzles import drafts
from .turn import TurnError, TurnPlan, solve_turn

GAME = "automobiles"
#: At least one unit of progress or one wear cube between the answer and the next best.
MARGIN = 1.0
#: The turn solver's node budget per question (the shipped hand-made puzzles need at most
#: 6,000 positions; a candidate is asked two questions at most).
MAX_NODES = 4_000
MAX_PER_GAME = 6
#: The ladder: each bot and its rating on the Glicko scale (ours: a step of about 200 points
#: for each rung of docs/benchmarks.md's ladders, random at the bottom, greedy next, MCTS at
#: a small and a larger simulation budget, the best-turn bot at a small node budget on top).
LADDER: tuple[tuple[str, int], ...] = (
    ("random", 800), ("greedy", 1200), ("mcts:30", 1300), ("mcts:150", 1500),
    ("best:300", 1800))
PHASES = ("action", "place", "card")
QUESTIONS = {
    "progress": ("Which decision takes your car furthest along the track by the end of this "
                 "turn?", "units of progress"),
    "wear": ("Which decision ends this turn with the least wear in your piles?",
             "wear cubes"),
}


def seats(index: int) -> tuple[int, tuple[str, ...]]:
    """2, 3 or 4 players in turn; the greedy bot in seat 0, random and greedy after it."""
    players = 2 + index % 3
    return players, tuple("greedy" if i % 2 == 0 else "random" for i in range(players))


def new_game(players: int, seed: int) -> State:
    """A seeded race (the engine's default track and cards)."""
    import automobiles

    state: State = automobiles.new_game(players, seed)
    return state


def candidate(state: State) -> bool:
    """A decision inside the mover's turn (not the purchases before the race, not the buy
    phase: a purchase changes only the value, never progress or wear this turn)."""
    return state.phase in PHASES and state.current_player == state.mover \
        and not state.is_chance_node()


def _values(plan: TurnPlan, objective: str) -> dict[str, float] | None:
    """Each first decision's value in the question's measure, None when not all are proven
    or a value is an expectation."""
    if not plan.proven or plan.chance or plan.expectations or \
            len(plan.alternatives) != plan.decisions:
        return None
    out: dict[str, float] = {}
    for alt in plan.alternatives:
        if not alt.proven:
            return None
        out[alt.action] = float(alt.parts[0] if objective == "progress" else -alt.parts[1])
    return out


def prove(state: State) -> Proof | None:
    """The progress question, else the wear question (module docstring); None when neither
    has a unique answer by ``MARGIN`` proven within ``MAX_NODES``."""
    ids = {str(TABLE.actions[a]): a for a in state.legal_action_ids()}
    nodes, seconds = 0, 0.0
    for objective in ("progress", "wear"):
        started = time.process_time()
        try:
            plan = solve_turn(state, objective, max_nodes=MAX_NODES)
        except TurnError:
            return None
        spent = time.process_time() - started
        nodes, seconds = nodes + plan.nodes, seconds + spent
        values = _values(plan, objective)
        if values is None or set(values) != set(ids):
            return None
        ranked = sorted(values.values(), reverse=True)
        if ranked[0] - ranked[1] >= MARGIN:
            question, unit = QUESTIONS[objective]
            proof = (f"Proven by the turn solver, searching every legal action to the end of "
                     f"this turn ({plan.objective}); nothing is drawn on any line, so every "
                     f"value is exact. It looks at this turn only, not the rest of the race.")
            return Proof({ids[a]: v for a, v in values.items()}, unit, question, proof,
                         nodes, seconds, (objective, plan))
    return None


def themes(state: State, proof: Proof, answer: int, greedy: int) -> tuple[str, ...]:
    """The themes of the module docstring, from the answer's action and its line."""
    objective, plan = proof.detail
    action = TABLE.actions[answer]
    found: list[str] = []
    text = str(action)
    if text == "pit stop":
        found.append("pit stop")
    if text == "end actions":
        found.append("end actions")
    if isinstance(action, Place | PlaceOn):
        found.append("placement")
    if isinstance(action, Play):
        found.append("gear" if action.cube in GEARS else "card")
    if state.phase == "card":
        found.append("card choice")
    try:
        if drafts(state, plan.actions):
            found.append("draft")
    except Exception:  # noqa: BLE001 - a line that cannot be replayed shows no draft
        pass
    if objective == "wear":
        found.append("save wear")
    elif proof.values[greedy] < proof.values[answer]:
        found.append("further than greedy")
    return tuple(found)


def position_words(state: Any) -> str:
    """Who moves, in words (for listings)."""
    return f"Player {state.current_player}, turn {state.turn}"
