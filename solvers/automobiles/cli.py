"""``kw solve FILE`` on an Automobiles position: the best turn as text or JSON (issue 17).

Called by ``solvers/cli.py`` when the file's ``game`` is ``automobiles``: ``solve_text(state,
args)`` reads ``args.objective`` (``progress``, ``wear`` or ``value``: ``turn.OBJECTIVES``),
``args.nodes``, ``args.budget`` (seconds) and ``args.json``, and refuses the other games'
options in one line (``turn.TurnError``, for the command line to print as its error). The
answer says what is proven: the best turn, an expectation when the turn draws cubes, or the best
found when a budget stopped the search. The value component uses our cube values and RA1's
synthetic costs; the text says so.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

from automobiles import State
from automobiles.config import CUBES

from . import odds
from .buy import DEFAULT_VALUES
from .turn import COMPONENTS, TurnError, TurnPlan, solve_turn

#: Options of ``kw solve`` that belong to the other games (refused here).
OTHER_GAMES_OPTIONS = (("--company", "company"), ("--horizon", "horizon"),
                       ("--rivals", "rivals"), ("--script", "script"),
                       ("--max-turns", "max_turns"), ("--hidden", "hidden"),
                       ("--samples", "samples"), ("--puzzle", "puzzle"))
SYNTHETIC_NOTE = ("value: our cube values (solvers.automobiles.buy.DEFAULT_VALUES, not the "
                  "rules'); costs and money values are synthetic (RA1)")


def solve(state: State, args: Any) -> TurnPlan:
    """The best turn for the seat in turn under the options of ``args`` (``kw solve``)."""
    for option, name in OTHER_GAMES_OPTIONS:
        if getattr(args, name, None) not in (None, False):
            raise TurnError(f"{option} is not an Automobiles option")
    objective = getattr(args, "objective", None) or "progress"
    nodes = getattr(args, "nodes", None)
    budget = getattr(args, "budget", None)
    if nodes is not None and nodes < 1 or budget is not None and budget <= 0:
        raise TurnError("--nodes and --budget must be positive")
    return solve_turn(state, objective, max_nodes=nodes, time_budget=budget)


def solve_text(state: State, args: Any) -> str:
    """What ``kw solve FILE`` prints for an Automobiles position: the plan, its status and the
    why-not table, or (``args.json``) the same as JSON."""
    plan = solve(state, args)
    if getattr(args, "json", False):
        return json.dumps(as_dict(state, plan), indent=2)
    return "\n".join(lines(state, plan))


def _num(x: Any) -> str:
    """A whole number as is, a fraction (an expectation) to 3 decimals."""
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{float(x):.3f}"
    return str(int(x))


def _json_num(x: Any) -> int | float:
    return int(x) if not isinstance(x, Fraction) or x.denominator == 1 else float(x)


def _pile(counts: tuple[int, ...]) -> str:
    return ", ".join(f"{k} {CUBES[c]}" for c, k in enumerate(counts) if k) or "empty"


def lines(state: State, plan: TurnPlan) -> list[str]:
    """The answer as text lines."""
    seat = plan.seat
    pile = state.active[seat]
    out = [f"Automobiles: Player {seat}'s turn {state.turn // state.players + 1}; objective: "
           f"{plan.objective}",
           f"Pile: {_pile(pile)} (${odds.money(pile)} if none is played)",
           f"Status: {plan.status()}",
           f"Plan: {', '.join(plan.actions)}",
           "Value: " + ", ".join(f"{n} {_num(v)}" for n, v in zip(COMPONENTS, plan.parts,
                                                                  strict=True))
           + f" ({plan.nodes} positions, {plan.seconds:.2f} s)",
           f"  ({SYNTHETIC_NOTE})",
           "Why not this? (each first decision's best turn)"]
    width = max(len(a.action) for a in plan.alternatives)
    out.append(f"  {'first decision':<{width}}  {'progress':>8}  {'wear':>6}  {'value':>7}")
    for alt in plan.alternatives:
        mark = "  <- best" if alt.action == plan.best else ""
        p, w, v = (_num(x) for x in alt.parts)
        out.append(f"  {alt.action:<{width}}  {p:>8}  {w:>6}  {v:>7}{mark}")
    return out


def as_dict(state: State, plan: TurnPlan) -> dict[str, Any]:
    """The answer as a JSON-ready dict (expectations as floats)."""
    return {
        "game": "automobiles", "seat": plan.seat, "objective": plan.objective,
        "status": plan.status(), "proven": plan.proven, "chance": plan.chance,
        "expectations": plan.expectations,
        "stopped": plan.stopped, "actions": list(plan.actions),
        "value": {n: _json_num(v) for n, v in zip(COMPONENTS, plan.parts, strict=True)},
        "alternatives": [{"action": a.action,
                          "value": {n: _json_num(v) for n, v in zip(COMPONENTS, a.parts,
                                                                    strict=True)}}
                         for a in plan.alternatives],
        "nodes": plan.nodes, "seconds": plan.seconds,
        "values_per_cube": {CUBES[c]: v for c, v in DEFAULT_VALUES.items()},
        "synthetic": SYNTHETIC_NOTE,
    }


def puzzles_text() -> str:
    """What ``kw puzzles`` lists for Automobiles: each shipped puzzle's name, difficulty,
    title and question (``solvers.automobiles.puzzles``)."""
    from .puzzles import load_puzzles

    out = []
    for p in load_puzzles():
        out.append(f"{p.name}  (difficulty {p.difficulty}, objective {p.objective}): {p.title}")
        out.append(f"    {p.question}")
    return "\n".join(out)


def solve_puzzle_text(name: str, args: Any) -> str:
    """What ``kw solve --puzzle NAME`` prints for an Automobiles puzzle: its question, then the
    solver's answer (``solve_text`` under the puzzle's objective unless ``args`` names one).
    ``puzzles.PuzzleError`` for an unknown name."""
    from .puzzles import puzzle_named

    puzzle = puzzle_named(name)
    given = {k: v for k, v in vars(args).items() if k != "puzzle"}
    given["objective"] = given.get("objective") or puzzle.objective
    answer = solve_text(puzzle.state(), type(args)(**given))
    if getattr(args, "json", False):
        return answer
    return f"{puzzle.title}: {puzzle.question}\n{answer}"


__all__ = ["OTHER_GAMES_OPTIONS", "as_dict", "lines", "puzzles_text", "solve", "solve_puzzle_text",
           "solve_text"]
