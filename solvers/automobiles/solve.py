"""Automobiles' solver for ``kw solve``: the best turn, as one ``Answer``.

``SOLVER`` keeps the solve contract (``solvers.solve.Solver``): its options (the objective,
``progress``, ``wear`` or ``value``: ``turn.OBJECTIVES``; the node and time budgets), ``solve``
(``turn.solve_turn``: the best turn, an expectation when the turn draws cubes, or, when a budget
stopped the search, the greedy turn improved until then; ``DEFAULT_BUDGET`` seconds when no
budget is given, never unbounded) and the puzzles (``solvers.automobiles.puzzles``, each solved
under its own objective). The answer's value is the objective's first component; every
component is in its details. After the turn search (``TURN_SHARE`` of the budget; all of a
budget under ``RACE_MIN_BUDGET`` without ``--races``, then no race values), each first
decision is valued over the rest of the race by simulated races (``race.race_values``: expected
place and turns to the race's end, each with its 95% interval and its number of races; the
rest of the budget less ``ANSWER_MARGIN``, or ``--races`` of them within it): the details'
``over_the_race`` and one caveat sentence, said to be an estimate; the answer's first decision
and value stay the turn search's, proven (or bounded) for this turn only. A decision outside a
turn (buying before the race, a driver, a sponsor) is valued over the race alone
(``decision_answer``): an estimate in cars expected to finish behind the player. The value
component uses our cube values and RA1's synthetic costs: a caveat says so. The
``automobiles`` core is imported only when something is solved.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping
from typing import Any

from gamecore.position import short
from solvers.answer import Alternative, Answer, Effort, finite, moves
from solvers.solve import Puzzle, SolveError, SolverOption

GAME = "automobiles"
OBJECTIVES = ("progress", "wear", "value")  # turn.OBJECTIVES, named without an import
#: The objective's first component, in words, by objective.
LEADS = {"progress": "spaces of progress", "wear": "wear cubes added", "value": "value added"}
SYNTHETIC_NOTE = ("value: our cube values (solvers.automobiles.buy.DEFAULT_VALUES, not the "
                  "rules'); costs and money values are synthetic (RA1)")

#: Seconds ``kw solve`` searches when no ``--budget`` is given: never unbounded (a late-race
#: turn of four players can run for minutes); a stopped search answers the greedy turn, improved.
DEFAULT_BUDGET = 10.0
#: The unit of such a decision's value: more is better, as for every answer.
DECISION_UNIT = "cars expected to finish behind you at the race's end"
#: The share of the budget the turn search may use when race values follow: the rest is
#: theirs, so the answer keeps within the budget.
TURN_SHARE = 0.7
#: Seconds of the budget kept back from the simulated races for everything after them (the
#: answer built and printed, the interpreter's own pauses): the races keep to what they are
#: given, so without it a whole answer could end just past its budget.
ANSWER_MARGIN = 0.2
#: Below this budget (seconds) and without ``--races``, no race values: the whole budget is
#: the turn search's (a review answers hundreds of decisions at half a second each, and would
#: otherwise spend every budget to its end).
RACE_MIN_BUDGET = 2.0

OPTIONS: tuple[SolverOption, ...] = (
    SolverOption("objective", str, "progress (default), wear or value first",
                 choices=OBJECTIVES, metavar="OBJECTIVE"),
    SolverOption("nodes", int, "node budget (default: none)"),
    SolverOption("budget", float, f"time budget in seconds (default: {DEFAULT_BUDGET:g}; the "
                 "greedy turn, improved until it runs out)", metavar="SECONDS"),
    SolverOption("races", int, "simulated races per first decision, valuing each over the rest "
                 "of the race (default: as many as the rest of the budget allows; the races "
                 "stop early once one choice is clearly best)"),
)


class AutomobilesSolver:
    """Automobiles' ``Solver`` (module docstring)."""

    game = GAME
    title = "Automobiles: the best turn"
    options = OPTIONS

    def solve(self, state: Any, options: Mapping[str, Any]) -> Answer:
        """The best turn for the seat in turn under ``options``."""
        return turn_answer(state, options)

    def puzzles(self) -> list[Puzzle]:
        """The shipped puzzles, each with its objective."""
        from solvers.automobiles.puzzles import load_puzzles

        return [Puzzle(GAME, p.name, p.objective, p.title, p.difficulty,
                       int(p.position["players"]), p.question, p.state, _puzzle_answer(p))
                for p in load_puzzles()]

    def commands(self, sub: Any) -> None:
        """Automobiles has no command of its own."""


SOLVER = AutomobilesSolver()


def _puzzle_answer(puzzle: Any) -> Callable[[Mapping[str, Any]], Answer]:
    def answer(options: Mapping[str, Any]) -> Answer:
        return turn_answer(puzzle.state(), {"objective": puzzle.objective} | dict(options))

    return answer


def turn_answer(state: Any, options: Mapping[str, Any]) -> Answer:
    """The best turn for the seat in turn; a decision outside a turn (buying before the race, a
    driver, a sponsor) valued over the race alone (``decision_answer``); SolveError for a bad
    request or a position that is no player's decision."""
    from solvers.automobiles.turn import TurnError, in_turn, solve_turn

    objective = options.get("objective") or "progress"
    nodes, budget = _budgets(options)
    races = options.get("races")
    if races is not None and (isinstance(races, bool) or not isinstance(races, int) or races < 1):
        raise SolveError(f"argument --races: expected a positive whole number, not {short(races)}")
    if not state.is_terminal() and not state.is_chance_node() and not in_turn(state):
        return decision_answer(state, races, budget)
    racing = races is not None or budget >= RACE_MIN_BUDGET
    started = time.perf_counter()
    try:
        plan = solve_turn(state, objective, max_nodes=nodes,
                          time_budget=budget * TURN_SHARE if racing else budget)
    except TurnError as exc:
        raise SolveError(str(exc)) from None
    left = budget - (time.perf_counter() - started) - ANSWER_MARGIN
    race = _race(state, races, left) if racing else None
    return _answer(state, plan, objective, race, racing)


def _race(state: Any, races: int | None, left: float) -> Any:
    """Each first decision valued over the rest of the race (``race.race_values``), in at most
    ``left`` seconds of wall time (all of them when no number of races is given: more races
    tell close choices apart, and the race stops early once the leader is clear); None when no
    time is left."""
    from .race import race_values

    if left <= 0.05:
        return None
    return race_values(state, seconds=left, races=races, seed=0, clock=time.perf_counter)


def _budgets(options: Mapping[str, Any]) -> tuple[int | None, float]:
    """The node and time budgets of ``options`` (no nodes given: None; no seconds given:
    ``DEFAULT_BUDGET``, so the search is never unbounded), checked as ``kw solve`` checks its
    own: a whole number of nodes >= 1, a finite number of seconds > 0. A NaN or infinite
    budget would never stop the search (every comparison with NaN is false)."""
    nodes, budget = options.get("nodes"), options.get("budget")
    if budget is None:
        budget = DEFAULT_BUDGET
    if nodes is not None and (isinstance(nodes, bool) or not isinstance(nodes, int)
                              or nodes < 1):
        raise SolveError(f"argument --nodes: expected a positive whole number, not {short(nodes)}")
    if isinstance(budget, bool) or not isinstance(budget, int | float) or \
            not math.isfinite(budget) or budget <= 0:
        raise SolveError(f"argument --budget: expected a positive number, not {short(budget)}")
    return nodes, float(budget)


def _answer(state: Any, plan: Any, objective: str, race: Any = None,
            racing: bool = False) -> Answer:
    from automobiles.config import CUBES
    from automobiles.game import GAME as DESCRIPTION

    from . import odds
    from .buy import DEFAULT_VALUES
    from .turn import COMPONENTS

    lead = OBJECTIVES_INDEX[objective]
    pile = state.active[plan.seat]
    caveats = [SYNTHETIC_NOTE[0].upper() + SYNTHETIC_NOTE[1:] + "."]
    if plan.chance:
        caveats.append("The line draws cubes: its value is an expectation over the draws, and "
                       "the line stops at the first draw.")
    if not plan.proven:
        caveats.append("The budget ran out: the answer is the greedy turn or a first decision "
                       "the search valued that beats it, not proven best; a larger --budget "
                       "searches further.")
    if plan.expectations and not plan.chance:
        caveats.append("The values of first decisions that draw cubes are expectations.")
    caveats.append("The solver sees this turn only: the best turn is not a proof that it "
                   "wins the game.")
    if race is not None:
        caveats.append(race_sentence(race, plan.best))
    elif racing:
        caveats.append("No time was left to value the first decisions over the race.")
    else:
        caveats.append(f"Not valued over the race: a budget under {RACE_MIN_BUDGET:g} s is the "
                       "turn search's alone (--races N values each first decision by N "
                       "simulated races).")
    details: dict[str, Any] = {
        "objective": f"{objective} ({plan.objective})",
        "turn": state.turn // state.players + 1,
        "pile": ", ".join(f"{k} {CUBES[c]}" for c, k in enumerate(pile) if k) or "empty",
        "pile_money": odds.money(pile),
        "components": dict(zip(COMPONENTS, (finite(x) for x in plan.parts), strict=True)),
        "why_not": [{"decision": a.action}
                    | dict(zip(COMPONENTS, (finite(x) for x in a.parts), strict=True))
                    for a in plan.alternatives],
        "stopped": plan.stopped or None,
        "greedy_turn": plan.greedy,
        "values_per_cube": {CUBES[c]: v for c, v in DEFAULT_VALUES.items()},
        "over_the_race": None if race is None else race_details(race),
    }
    kind = "proven" if plan.proven else "bound"
    return Answer(
        game=GAME, player=DESCRIPTION.player_name(state, plan.seat), best=plan.best or None,
        value=finite(plan.parts[lead]), unit=f"{LEADS[objective]} this turn",
        kind=kind, status=plan.status(),
        line=moves((DESCRIPTION.player_name(state, plan.seat), a) for a in plan.actions),
        alternatives=tuple(Alternative(a.action, finite(a.parts[lead]),
                                       "proven" if a.proven else "bound")
                           for a in plan.alternatives),
        caveats=tuple(caveats), effort=Effort(plan.nodes, plan.seconds), details=details)


def decision_answer(state: Any, races: int | None, budget: float) -> Answer:
    """A decision the turn solver does not plan (buying before the race, AU-11; a driver,
    AU-24; a sponsor, AU-26), valued over the rest of the race alone by simulated races
    (``race.race_values``, within the budget, or ``races`` of them):
    the value is the cars expected to finish behind the player, so more is better, with its
    95% interval; an estimate, never proven."""
    from automobiles.game import GAME as DESCRIPTION
    from automobiles.render import decision_words

    from .race import race_values

    # The margin, but never more than half a small budget: the races need some of it.
    budget -= min(ANSWER_MARGIN, budget / 2)
    race = race_values(state, seconds=budget, races=races, seed=0, clock=time.perf_counter)
    best, players = race.best, state.players

    def behind(c: Any) -> tuple[float, tuple[float, float]]:
        # The interval is a normal approximation: kept within 0 and players - 1 cars.
        return players - c.place.mean, (max(0.0, players - c.place.high),
                                        min(players - 1.0, players - c.place.low))

    value, interval = behind(best)
    fewer = any(c.place.n < best.place.n for c in race.choices)
    status = (f"Estimated over the rest of the race from {best.place.n} simulated races after "
              f"each decision{', fewer after the ones further behind' if fewer else ''} "
              f"(every player then playing the greedy bot, the draws from the real bag): "
              f"{best.action} is worth most, expected place {best.place.mean:.2f} of {players} "
              f"(95% {best.place.low:.2f}-{best.place.high:.2f}). Not proven.")
    caveats = ("The simulated races play on synthetic cube costs, money values and tracks "
               "(RA1).",
               f"The turn solver plans the turns of the race; this decision "
               f"({decision_words(state)}) comes before one, so it is valued over the race "
               "alone: an estimate from simulated races, not a proof.",
               "The simulated races assume every player plays the greedy bot after this "
               "decision; stronger play may change the ranking.")
    return Answer(
        game=GAME, player=DESCRIPTION.player_name(state, race.seat), best=best.action,
        value=value, unit=DECISION_UNIT, kind="estimate", status=status,
        alternatives=tuple(Alternative(c.action, behind(c)[0], "estimate",
                                       interval=behind(c)[1]) for c in race.choices),
        caveats=caveats, effort=Effort(None, race.seconds), interval=interval,
        samples=best.place.n,
        details={"decision": decision_words(state), "over_the_race": race_details(race)})


def race_sentence(race: Any, turn_best: str) -> str:
    """What the race values say, in one plain sentence, and which is which: the turn's answer
    is proven for this turn, the race's ranking is an estimate from simulated races."""
    best = race.best
    fewer = any(c.place.n < best.place.n for c in race.choices)
    after = ("after it, fewer after the choices further behind" if fewer
             else "after each first decision")
    words = (f"Over the rest of the race (an estimate from {best.place.n} simulated races "
             f"{after}, every player then playing the greedy bot), "
             f"{best.action} is worth most: expected place {best.place.mean:.2f} "
             f"(95% {best.place.low:.2f}-{best.place.high:.2f}), the race over in about "
             f"{best.turns.mean:.1f} more turns of yours")
    if turn_best and turn_best != best.action:
        try:
            other = race.choice(turn_best)
        except KeyError:
            return words + "."
        return (words + f"; this turn's proven best, {turn_best}, has expected place "
                f"{other.place.mean:.2f} ({other.place.n} races).")
    return words + "; it is also this turn's best."


def race_details(race: Any) -> dict[str, Any]:
    """The race values as JSON-ready details: every first decision, best first."""
    return {
        "what": "estimated over the race by simulation (greedy play after the decision, "
                "draws from the real bag); not proven",
        "races_per_decision": race.best.place.n,  # the best's; each choice has its own
        "seconds": round(race.seconds, 3),
        "choices": [{"decision": c.action,
                     "expected_place": round(c.place.mean, 3),
                     "place_95": [round(c.place.low, 3), round(c.place.high, 3)],
                     "expected_turns_to_end": round(c.turns.mean, 2),
                     "turns_95": [round(c.turns.low, 2), round(c.turns.high, 2)],
                     "win_share": round(c.win, 3),
                     "races": c.place.n} for c in race.choices],
    }


#: Each objective's first component, by its index in ``turn.COMPONENTS``.
OBJECTIVES_INDEX = {"progress": 0, "wear": 1, "value": 2}

__all__ = ["ANSWER_MARGIN", "DECISION_UNIT", "DEFAULT_BUDGET", "GAME", "OPTIONS",
           "RACE_MIN_BUDGET", "SOLVER", "TURN_SHARE", "AutomobilesSolver",
           "decision_answer", "turn_answer"]
