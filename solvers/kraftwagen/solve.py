"""Kraftwagen's solver for ``kw solve``: the turn planner and car pricing, as one ``Answer``.

``SOLVER`` keeps the solve contract (``solvers.solve.Solver``): its options (the company, the
horizon, the rival model, the objective, the script, the budgets and the line cut), ``solve``
(the turn planner, ``solvers.kraftwagen.planner``; a tqdm bar on a terminal), the puzzles
(``solvers.kraftwagen.puzzles``: tempo puzzles answered by the planner, pricing puzzles by
CP-SAT, ``solvers.kraftwagen.pricing``) and Kraftwagen's own command, ``kw price``. kwcore and
the solvers are imported only when something is solved, so ``kw`` builds its parser without
them.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Mapping
from dataclasses import asdict
from typing import Any

from gamecore import cli as core
from solvers.answer import Alternative, Answer, Effort, finite, moves
from solvers.solve import Puzzle, SolveError, SolverOption

GAME = "kraftwagen"
#: The planner's rival models and objectives (``planner.RIVAL_MODELS``, ``planner.OBJECTIVES``),
#: named here so that the options cost no import.
RIVAL_MODELS = ("scripted", "greedy", "maxn", "paranoid")
OBJECTIVES = ("gain", "margin")
MAX_TURNS = 40  # ``PlannerConfig().max_turns``
#: How the options name the planner's settings.
SETTINGS = {"rivals": "rivals", "objective": "objective", "script": "script",
            "budget": "time_budget", "nodes": "node_budget", "max_turns": "max_turns"}

OPTIONS = (
    SolverOption("company", str, "company name or number (default: the one to decide)",
                 metavar="C"),
    SolverOption("horizon", str, "round (default), turns:N or game", metavar="HORIZON"),
    SolverOption("rivals", str, "how rivals play (default greedy)", choices=RIVAL_MODELS,
                 metavar="MODEL"),
    SolverOption("objective", str, "reputation gained (gain, the default) or margin over the "
                                   "best rival", choices=OBJECTIVES, metavar="OBJECTIVE"),
    SolverOption("script", str, "the rivals' decisions, in order (with --rivals scripted)",
                 many=True, metavar="ACTION"),
    SolverOption("budget", float, "time budget in seconds (default 60)",
                 metavar="SECONDS"),
    SolverOption("nodes", int, "node budget (default 2,000,000)"),
    SolverOption("max_turns", int, f"cut lines after N turns from now (default {MAX_TURNS})"),
)


class KraftwagenSolver:
    """Kraftwagen's ``Solver`` (module docstring)."""

    game = GAME
    title = "Kraftwagen: the turn planner (car pricing for pricing puzzles)"
    options = OPTIONS

    def solve(self, state: Any, options: Mapping[str, Any]) -> Answer:
        """The planner's best plan for a company of ``state`` under ``options``."""
        return plan_answer(state, dict(options), {})

    def puzzles(self) -> list[Puzzle]:
        """The shipped puzzles, tempo and pricing."""
        from solvers.kraftwagen.puzzles import load_puzzles

        return [Puzzle(GAME, p.name, p.kind, p.title, p.difficulty, p.players, p.question,
                       p.state, _puzzle_answer(p)) for p in load_puzzles()]

    def commands(self, sub: Any) -> None:
        """``kw price``: the best car and price at the market step."""
        price = core.command_parser(sub, "price", "the best car and price at the market step "
                                    "(CP-SAT; Kraftwagen's)", "kw price pos.json --curve")
        price.add_argument("file", metavar="FILE", help="a position file, or - for stdin")
        price.add_argument("--json", action="store_true", help="print the plan as JSON")
        price.add_argument("--curve", action="store_true",
                           help="also the best reputation for each price marker")
        price.set_defaults(run=cmd_price)


SOLVER = KraftwagenSolver()


def _puzzle_answer(puzzle: Any) -> Any:
    def answer(options: Mapping[str, Any]) -> Answer:
        if puzzle.kind == "pricing":
            if options:
                raise SolveError(f"{', '.join(sorted(options))}: a pricing puzzle takes no "
                                 f"solver option (CP-SAT proves its answer)")
            return pricing_answer(puzzle.state())
        return plan_answer(puzzle.state(), dict(options), dict(puzzle.settings))

    return answer


# --- the planner ----------------------------------------------------------------------------------
def plan_answer(state: Any, options: dict[str, Any], settings: dict[str, Any]) -> Answer:
    """The planner's answer for ``state``: ``settings`` (a puzzle's) overridden by
    ``options``; SolveError for a bad request."""
    from solvers.kraftwagen import planner

    company = _company(state, options.pop("company", None) or settings.pop("company", None))
    settings.pop("company", None)
    try:
        horizon = planner.Horizon.parse(options.pop("horizon", None)
                                        or settings.pop("horizon", "round"))
    except planner.PlannerError as exc:
        raise SolveError(str(exc)) from None
    settings.pop("horizon", None)
    settings |= {SETTINGS[name]: value for name, value in options.items()}
    if "script" in settings:
        settings["script"] = tuple(settings["script"])
    try:
        config = planner.PlannerConfig(horizon=horizon, progress=True, **settings)
        config.check()
        result = planner.plan(state, company, config)
    except (TypeError, planner.PlannerError) as exc:
        raise SolveError(str(exc)) from None
    return _answer(state, result)


def _answer(state: Any, result: Any) -> Answer:
    from solvers.kraftwagen import planner

    cfg = result.config
    unit = ("margin over the best rival" if cfg.objective == "margin" else "reputation gained") \
        + f" by the horizon ({cfg.horizon}; rivals {cfg.rivals})"
    caveats = []
    if result.cut_lines:
        caveats.append(f"Lines longer than {cfg.max_turns} turns were scored as if the round "
                       f"ended there.")
    if result.sampled:
        caveats.append(f"Chance was sampled ({cfg.samples} samples per node): values are "
                       f"estimates.")
    if cfg.rivals != "paranoid" or state.players > 2:
        caveats.append(f"Rivals are modelled as {cfg.rivals}: the value holds against rivals "
                       f"who play so.")
    upper = None if result.upper == planner.INF else result.upper
    # A round's or game's upper bound is no answer to the player (mid-round it is far above
    # any plan): the text shows what is proven (the status), the JSON keeps the bound in the
    # details. A turns:N horizon's bound is a real one and is shown.
    shown = upper if cfg.horizon.kind == "turns" else None
    return Answer(
        game=GAME, player=state.cfg.companies[result.company],
        best=result.best or None, value=result.value, unit=unit,
        kind="proven" if result.proven else "bound",
        upper=shown,
        status=result.status(), line=moves(result.principal_variation),
        alternatives=tuple(Alternative(a.action, a.value, "proven" if a.proven else "bound",
                                       a.value if a.proven else finite(a.upper))
                           for a in result.alternatives),
        caveats=tuple(caveats), effort=Effort(result.nodes, result.seconds),
        details={"horizon": str(cfg.horizon), "objective": cfg.objective,
                 "rivals": cfg.rivals, "stopped": result.stopped or None,
                 "proven_turns": result.proven_turns, "upper_bound": upper,
                 "cut_lines": result.cut_lines,
                 "sampled": result.sampled,
                 "depths": [asdict(d) for d in result.depths]})


def _company(state: Any, text: Any) -> int | None:
    if text is None:
        return None
    names = [n.lower() for n in state.cfg.companies]
    t = str(text).strip()
    if t.lower() in names:
        return names.index(t.lower())
    if t.isdigit() and int(t) < state.players:
        return int(t)
    raise SolveError(f"company {t!r} is not in this game (companies: "
                     f"{', '.join(state.cfg.companies)})")


# --- pricing --------------------------------------------------------------------------------------
def pricing_answer(state: Any) -> Answer:
    """Car pricing's answer (CP-SAT) for the company at its market step."""
    from solvers.kraftwagen import pricing

    start = time.perf_counter()
    try:
        result = pricing.solve(state)
    except pricing.PricingError as exc:
        raise SolveError(str(exc)) from None
    name = state.cfg.companies[state.current_player]
    return Answer(
        game=GAME, player=name, best=result.actions[0] if result.actions else None,
        value=result.value, unit="sales reputation this round",
        kind="proven" if result.proven else "bound",
        upper=None if result.proven else result.bound, status=pricing_status(result),
        line=tuple(moves((name, a) for a in result.actions)),
        caveats=() if result.proven else ("CP-SAT stopped before proving the best car.",),
        effort=Effort(None, time.perf_counter() - start),
        details={"car": car_words(result.car), "solver_status": result.status,
                 "investments": [list(i) for i in result.investments],
                 "packard": None if result.packard is None else list(result.packard),
                 "buick": result.buick})


def pricing_status(result: Any) -> str:
    """What CP-SAT proved, in words."""
    if result.proven:
        return "proven optimal"
    return f"best found, at most {result.bound} possible (CP-SAT: {result.status})"


def car_words(car: Any) -> str:
    """The car a pricing plan places, in words."""
    from kwcore.config import CAR_TECH

    if car is None:
        return "Place no car."
    tech = f", {CAR_TECH[car.tech]}" if car.tech >= 0 else ""
    service = f"{car.workers} worker(s)" + (" and the salesman" if car.salesman else "")
    return f"Car: body {car.body}, engine {car.engine}, {service}, price {car.price}{tech}"


def cmd_price(args: argparse.Namespace) -> int:
    """``kw price``: the pricing plan as text or JSON, with the price curve on request."""
    from solvers.kraftwagen import pricing

    state = core.load_position(args.file, args.find_game, GAME, "price")
    try:
        result = pricing.solve(state)
        prices = pricing.price_curve(state) if args.curve else {}
    except pricing.PricingError as exc:
        raise core.UsageError(str(exc)) from None
    name = state.cfg.companies[state.current_player]
    if args.json:
        # The same fields as ``kw solve`` for what is proven: value, proven, upper, status.
        d = asdict(result)
        d["solver_status"] = d.pop("status")
        d["upper"] = d.pop("bound")
        d |= {"proven": result.proven, "status": pricing_status(result), "company": name}
        if args.curve:
            d["price_curve"] = prices
        print(json.dumps(d, indent=2))
        return core.EXIT_OK
    print(f"{name}: {result.value} sales reputation this round - {pricing_status(result)}")
    print(car_words(result.car))
    print("Decisions: " + ("; ".join(result.actions) or "(none)"))
    for price, value in prices.items():
        print(f"  price {price:>2}: {value}")
    sys.stdout.flush()
    return core.EXIT_OK


__all__ = ["GAME", "OPTIONS", "SOLVER", "KraftwagenSolver", "car_words", "cmd_price",
           "plan_answer", "pricing_answer", "pricing_status"]
