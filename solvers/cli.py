"""The full ``kw`` command: kwcore's commands plus ``solve``, ``price`` and ``puzzles``.

Covers issue "Solvers", part "CLI". It extends ``kwcore.cli`` (which stays free of solver code)
with::

    kw solve FILE [--company C] [--horizon round|turns:N|game] [--rivals MODEL]
                  [--objective gain|margin] [--budget SECONDS] [--nodes N] [--json]
    kw solve --puzzle NAME
    kw price FILE [--json]
    kw puzzles [--export NAME]
    kw tournament --bots planner,greedy --games N [--game G] [--seed S] [--workers K]
                  [--players P] [--dask ADDR] [--plot FILE.png] [--json]

``kw`` here looks games up with ``solvers.bots.find_game``, which imports a game's package only
when a command names it (``--game``, or a position file's ``game`` field). ``tournament`` plays
any registered game (``--game``, default kraftwagen; the bots are that game's,
``solvers.bots``); ``solve``, ``price`` and ``puzzles`` are Kraftwagen's, but ``solve`` also takes
a Formel 1 position (the race search, ``solvers.formel1.cli``: ``--rivals maxn|paranoid|scripted``,
``--budget``, ``--nodes``, ``--json``, and ``--hidden [--samples N]`` to solve from what the
player to move sees; ``kw puzzles --game formel1`` lists its puzzles, which ``solve --puzzle``
takes too) and an Automobiles position (the best turn, ``solvers.automobiles.cli``:
``--objective progress|wear|value``, ``--nodes``, ``--budget``, ``--json``; ``kw puzzles --game
automobiles``); another game's position file given to ``solve`` or ``price`` is refused in one
line. Long solves show a
progress bar (tqdm, on a terminal) and stop cleanly on the budget or Ctrl-C with the best plan
found and its status. Every user mistake is one ``kw: error:`` line, exit 2.
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from typing import Any

from kwcore import cli as core
from kwcore.config import CAR_TECH
from kwcore.serialize import GAME as KRAFTWAGEN
from kwcore.state import State
from solvers import tournament
from solvers.bots import bots_of, find_game
from solvers.kraftwagen import planner, pricing
from solvers.kraftwagen.puzzles import PuzzleError, load_puzzles, puzzle_named

UsageError = core.UsageError
FORMEL1 = "formel1"
AUTOMOBILES = "automobiles"
#: ``kw solve --objective`` for Automobiles (solvers.automobiles.turn.OBJECTIVES)
AUTOMOBILES_OBJECTIVES = ("progress", "wear", "value")


def add_commands(sub: Any) -> None:
    """Add ``solve``, ``price`` and ``puzzles`` to the ``kw`` subcommands."""
    solve = sub.add_parser("solve", help="the best plan for a company (turn planner)")
    solve.add_argument("file", metavar="FILE", nargs="?", help="a position file, or - for stdin")
    solve.add_argument("--puzzle", metavar="NAME", help="solve a built-in puzzle instead")
    solve.add_argument("--company", metavar="C", help="company name or number (default: "
                                                      "the one to decide)")
    solve.add_argument("--horizon", default=None, help="round (default), turns:N or game")
    solve.add_argument("--rivals", default=None, choices=planner.RIVAL_MODELS,
                       help="how rivals play (default greedy)")
    solve.add_argument("--objective", default=None,
                       choices=(*planner.OBJECTIVES, *AUTOMOBILES_OBJECTIVES),
                       help="Kraftwagen: reputation gained (default) or margin over the best "
                            "rival; Automobiles: progress (default), wear or value first")
    solve.add_argument("--script", nargs="*", default=None, metavar="ACTION",
                       help="the rivals' decisions, in order (with --rivals scripted)")
    solve.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                       help="time budget (default 60)")
    solve.add_argument("--nodes", type=int, default=None, metavar="N",
                       help="node budget (default 2,000,000)")
    solve.add_argument("--max-turns", type=int, default=None, metavar="N",
                       help=f"cut lines after N turns from now (default "
                            f"{planner.PlannerConfig().max_turns})")
    solve.add_argument("--json", action="store_true", help="print the plan as JSON")
    solve.add_argument("--hidden", action="store_true",
                       help="Formel 1: solve from what the player to move sees (the other "
                            "hands sampled: an estimate)")
    solve.add_argument("--samples", type=int, default=None, metavar="N",
                       help="Formel 1 with --hidden: deals sampled (default 30)")
    solve.set_defaults(run=cmd_solve)

    price = sub.add_parser("price", help="the best car and price at the market step (CP-SAT)")
    price.add_argument("file", metavar="FILE", help="a position file, or - for stdin")
    price.add_argument("--json", action="store_true", help="print the plan as JSON")
    price.add_argument("--curve", action="store_true",
                       help="also the best reputation for each price marker")
    price.set_defaults(run=cmd_price)

    puzzles = sub.add_parser("puzzles", help="list the built-in puzzles")
    puzzles.add_argument("--export", metavar="NAME", default=None,
                         help="print puzzle NAME's position as a position file instead")
    puzzles.add_argument("--game", default=KRAFTWAGEN, choices=(KRAFTWAGEN, FORMEL1, AUTOMOBILES),
                         help="whose puzzles (default kraftwagen)")
    puzzles.set_defaults(run=cmd_puzzles)

    tour = sub.add_parser("tournament", help="seeded games between bots, seats rotated")
    tour.add_argument("--bots", required=True, metavar="A,B,...",
                      help=f"the bots, comma-separated, each NAME or NAME:N (Kraftwagen's: "
                           f"{', '.join(bots_of(KRAFTWAGEN))}; e.g. mcts:100; another game's: "
                           f"its own, random and mcts)")
    tour.add_argument("--game", type=core.game_type(find_game), default=KRAFTWAGEN,
                      metavar="G", help="the game (default kraftwagen; any registered game)")
    tour.add_argument("--games", type=_whole, required=True, metavar="N",
                      help="games to play, a multiple of the number of companies")
    tour.add_argument("--seed", type=_whole, default=0, metavar="S",
                      help="the tournament seed (default 0)")
    tour.add_argument("--workers", type=_whole, default=1, metavar="K",
                      help="parallel processes (default 1)")
    tour.add_argument("--players", type=_whole, default=None, metavar="P",
                      help="companies per game (default: the number of bots)")
    tour.add_argument("--dask", default=None, metavar="ADDR",
                      help="run the games on the Dask cluster at ADDR (tcp://host:8786)")
    tour.add_argument("--plot", default=None, metavar="FILE",
                      help="also draw the results to FILE (.png, .svg, .pdf)")
    tour.add_argument("--json", action="store_true", help="print the results as JSON")
    tour.set_defaults(run=cmd_tournament)


def main(argv: list[str] | None = None) -> int:
    """Run ``kw`` with the solver commands; the exit status."""
    return core.main(argv, extend=add_commands, find_game=find_game)


# --- commands -------------------------------------------------------------------------------------
def cmd_solve(args: argparse.Namespace) -> int:
    """``kw solve``."""
    settings: dict[str, Any] = {}
    if args.puzzle:
        if args.file:
            raise UsageError("give a FILE or --puzzle, not both")
        try:
            puzzle = puzzle_named(args.puzzle)
        except PuzzleError as exc:
            race_puzzle = _formel1_puzzle(args.puzzle)
            if race_puzzle is not None and race_puzzle.kind == "auction":
                return _solve_formel1_auction(race_puzzle, args)
            if race_puzzle is not None:
                return _solve_formel1(race_puzzle.state(), args, race_puzzle.rivals)
            if _automobiles_puzzle(args.puzzle):
                return _solve_automobiles_puzzle(args.puzzle, args)
            raise UsageError(str(exc)) from None
        if puzzle.kind == "pricing":
            return _print_pricing(puzzle.state(), args.json, False)
        state = puzzle.state()
        settings = dict(puzzle.settings)
    elif args.file:
        game, state = core.read_position(args.file, args.find_game)
        if game.name == FORMEL1:
            return _solve_formel1(state, args)
        if game.name == AUTOMOBILES:
            return _solve_automobiles(state, args)
        if game.name != KRAFTWAGEN:
            where = "<stdin>" if args.file == core.STDIN else repr(args.file)
            raise UsageError(f"{where} is a {game.name} position: {core.PROG} solve works on "
                             f"{KRAFTWAGEN} positions only (and {FORMEL1} and {AUTOMOBILES} "
                             f"positions)")
        for option, given in (("--hidden", args.hidden), ("--samples", args.samples)):
            if given:
                raise UsageError(f"{option} is a Formel 1 option; the game here is kraftwagen")
    else:
        raise UsageError("solve needs a position FILE or --puzzle NAME")
    if args.objective in AUTOMOBILES_OBJECTIVES:
        raise UsageError(f"--objective {args.objective} is an Automobiles objective; the game "
                         f"here is kraftwagen (gain or margin)")
    company = _company(state, args.company if args.company else settings.pop("company", None))
    settings.pop("company", None)
    config = _config(settings, args)
    try:
        result = planner.plan(state, company, config)
    except planner.PlannerError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(_plan_dict(state, result), indent=2))
    else:
        print("\n".join(plan_lines(state, result)))
    return core.EXIT_OK


def _formel1_puzzle(name: str) -> Any:
    """The Formel 1 puzzle called ``name``, or None."""
    from solvers.formel1.puzzles import load_puzzles as race_puzzles

    return next((p for p in race_puzzles() if p.name == name), None)


def _formel1_puzzles(export: str | None) -> int:
    """``kw puzzles --game formel1 [--export NAME]``."""
    from solvers.formel1.puzzles import PuzzleError as RacePuzzleError
    from solvers.formel1.puzzles import load_puzzles as race_puzzles
    from solvers.formel1.puzzles import puzzle_named as race_puzzle_named

    if export:
        try:
            print(race_puzzle_named(export).state().to_json(indent=2))
        except RacePuzzleError as exc:
            raise UsageError(str(exc)) from None
        return core.EXIT_OK
    for p in race_puzzles():
        players = p.state().players
        print(f"{p.name:<28} {p.kind:<8} {'*' * p.difficulty:<5} {players} players    "
              f"{p.title}")
    return core.EXIT_OK


def _solve_formel1_auction(puzzle: Any, args: argparse.Namespace) -> int:
    """``kw solve --puzzle NAME`` for a Formel 1 auction puzzle: its answer by backward
    induction (solvers.formel1.puzzles), as text or JSON."""
    from solvers.formel1.puzzles import auction_dict, auction_lines

    for option, value in (("--rivals", args.rivals), ("--script", args.script),
                          ("--hidden", args.hidden or None), ("--samples", args.samples),
                          ("--company", args.company), ("--horizon", args.horizon),
                          ("--objective", args.objective), ("--max-turns", args.max_turns)):
        if value is not None:
            raise UsageError(f"{option} does not apply to an auction puzzle (bids are solved "
                             f"by backward induction)")
    print(json.dumps(auction_dict(puzzle), indent=2) if args.json
          else "\n".join(auction_lines(puzzle)))
    return core.EXIT_OK


def _solve_formel1(state: Any, args: argparse.Namespace, rivals: str | None = None) -> int:
    """``kw solve`` on a Formel 1 position: the race search (solvers.formel1.cli); ``rivals``
    is the default rival model (a puzzle's)."""
    from solvers.formel1 import cli as formel1_cli
    from solvers.formel1.race import RaceSearchError

    for option, value in (("--company", args.company), ("--horizon", args.horizon),
                          ("--objective", args.objective), ("--max-turns", args.max_turns)):
        if value is not None:
            raise UsageError(f"{option} is a Kraftwagen option; the game here is {FORMEL1}")
    if args.rivals == "greedy":
        raise UsageError("argument --rivals: Formel 1's race search models maxn, paranoid or "
                         "scripted rivals (scripted: --script, then the greedy bot)")
    try:
        result = formel1_cli.solve(state, args.rivals or rivals, args.script, args.budget,
                                   args.nodes, args.hidden, args.samples)
    except RaceSearchError as exc:
        raise UsageError(str(exc)) from None
    if args.json:
        print(json.dumps(formel1_cli.as_dict(result), indent=2))
    else:
        print("\n".join(formel1_cli.lines(result)))
    return core.EXIT_OK


def _solve_automobiles(state: Any, args: argparse.Namespace) -> int:
    """``kw solve`` on an Automobiles position: the best turn (solvers.automobiles.cli)."""
    from solvers.automobiles import cli as automobiles_cli
    from solvers.automobiles.turn import TurnError

    if args.objective in planner.OBJECTIVES:
        raise UsageError(f"--objective {args.objective} is a Kraftwagen objective; the game "
                         f"here is {AUTOMOBILES} (progress, wear or value)")
    try:
        print(automobiles_cli.solve_text(state, args))
    except TurnError as exc:
        raise UsageError(str(exc)) from None
    return core.EXIT_OK


def _automobiles_puzzle(name: str) -> bool:
    """Whether ``name`` is an Automobiles puzzle."""
    from solvers.automobiles.puzzles import load_puzzles as turn_puzzles

    return any(p.name == name for p in turn_puzzles())


def _solve_automobiles_puzzle(name: str, args: argparse.Namespace) -> int:
    """``kw solve --puzzle NAME`` for an Automobiles puzzle."""
    from solvers.automobiles import cli as automobiles_cli
    from solvers.automobiles.puzzles import PuzzleError as TurnPuzzleError
    from solvers.automobiles.turn import TurnError

    try:
        print(automobiles_cli.solve_puzzle_text(name, args))
    except (TurnPuzzleError, TurnError) as exc:
        raise UsageError(str(exc)) from None
    return core.EXIT_OK


def _automobiles_puzzles(export: str | None) -> int:
    """``kw puzzles --game automobiles [--export NAME]``."""
    from solvers.automobiles import cli as automobiles_cli
    from solvers.automobiles.puzzles import PuzzleError as TurnPuzzleError
    from solvers.automobiles.puzzles import puzzle_named as turn_puzzle_named

    if export:
        try:
            print(turn_puzzle_named(export).state().to_json(indent=2))
        except TurnPuzzleError as exc:
            raise UsageError(str(exc)) from None
        return core.EXIT_OK
    print(automobiles_cli.puzzles_text())
    return core.EXIT_OK


def cmd_price(args: argparse.Namespace) -> int:
    """``kw price``."""
    return _print_pricing(core.load_position(args.file, args.find_game, KRAFTWAGEN, "price"),
                          args.json, args.curve)


def cmd_puzzles(args: argparse.Namespace) -> int:
    """``kw puzzles``, or ``kw puzzles --export NAME``: a puzzle's position file."""
    if args.game == FORMEL1:
        return _formel1_puzzles(args.export)
    if args.game == AUTOMOBILES:
        return _automobiles_puzzles(args.export)
    if args.export:
        try:
            print(puzzle_named(args.export).state().to_json(indent=2))
        except PuzzleError as exc:
            raise UsageError(str(exc)) from None
        return core.EXIT_OK
    for p in load_puzzles():
        print(f"{p.name:<28} {p.kind:<8} {'*' * p.difficulty:<5} {p.players} companies  "
              f"{p.title}")
    return core.EXIT_OK


def cmd_tournament(args: argparse.Namespace) -> int:
    """``kw tournament``."""
    if args.plot:
        _check_plot_file(args.plot)
    try:
        result = tournament.run_tournament(args.bots.split(","), args.games, args.seed,
                                           args.players, args.workers, args.dask,
                                           game=args.game.name)
    except tournament.TournamentError as exc:
        raise UsageError(str(exc)) from None
    if args.plot:
        tournament.plot(result).savefig(args.plot)
    if args.json:
        print(json.dumps(result.to_dict() | {"plot": args.plot}, indent=2))
    else:
        print("\n".join(tournament.report_lines(result)))
        if args.plot:
            print(f"plot written to {args.plot}")
    return core.EXIT_OK


# --- helpers --------------------------------------------------------------------------------------
def _company(state: State, text: Any) -> int | None:
    if text is None:
        return None
    names = [n.lower() for n in state.cfg.companies]
    t = str(text).strip()
    if t.lower() in names:
        return names.index(t.lower())
    if t.isdigit() and int(t) < state.players:
        return int(t)
    raise UsageError(f"company {t!r} is not in this game (companies: "
                     f"{', '.join(state.cfg.companies)})")


def _whole(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"expected a whole number >= 0, not {text!r}")
    return int(text)


def _check_plot_file(path: str) -> None:
    """Refuse a plot file that could not be written, before any game is played."""
    from pathlib import Path

    from matplotlib.backend_bases import FigureCanvasBase

    kinds = FigureCanvasBase.get_supported_filetypes()
    suffix = Path(path).suffix.lstrip(".").lower()
    if suffix not in kinds:
        raise UsageError(f"--plot {path!r}: name a file ending in one of "
                         f"{', '.join('.' + k for k in sorted(kinds))}")
    folder = Path(path).parent
    if not folder.is_dir():
        raise UsageError(f"--plot {path!r}: the folder {str(folder)!r} does not exist")


def _config(settings: dict[str, Any], args: argparse.Namespace) -> planner.PlannerConfig:
    try:
        horizon = planner.Horizon.parse(args.horizon or settings.pop("horizon", "round"))
    except planner.PlannerError as exc:
        raise UsageError(str(exc)) from None
    settings.pop("horizon", None)
    if args.rivals:
        settings["rivals"] = args.rivals
    if args.objective:
        settings["objective"] = args.objective
    if args.script is not None:
        settings["script"] = args.script
    if "script" in settings:
        settings["script"] = tuple(settings["script"])
    if args.budget is not None:
        settings["time_budget"] = args.budget
    if args.nodes is not None:
        settings["node_budget"] = args.nodes
    if args.max_turns is not None:
        settings["max_turns"] = args.max_turns
    try:
        config = planner.PlannerConfig(horizon=horizon, progress=True, **settings)
        config.check()
    except (TypeError, planner.PlannerError) as exc:
        raise UsageError(str(exc)) from None
    return config


def plan_lines(state: State, result: planner.Plan) -> list[str]:
    """A planner answer as text: value, what is proven, the plan, the depths reached, and the
    alternatives table with each first decision's best line found and its upper bound."""
    cfg = result.config
    name = state.cfg.companies[result.company]
    unit = "margin over the best rival" if cfg.objective == "margin" else "reputation gained"
    lines = [f"{name}: {result.value:g} {unit} by the horizon ({cfg.horizon}; rivals "
             f"{cfg.rivals}) - {'proven optimal' if result.proven else 'not proven'}",
             result.status()]
    lines += _caveats(result)
    lines += [f"searched {result.nodes:,} nodes in {result.seconds:.2f} s", "", "Plan:"]
    lines += [f"  {who:<7} {text}" for who, text in result.principal_variation]
    if result.depths:
        lines += ["", "Deepening (our decisions searched for the next N turns, the greedy "
                  "choice after them):"]
        for d in result.depths:
            whole = "  (the whole horizon)" if d.whole else ""
            lines.append(f"  {d.turns} turn{'s' if d.turns > 1 else ' '}  best {d.value:>6g}  "
                         f"{d.best}  {d.seconds:.2f} s{whole}")
    if result.alternatives:
        lines += ["", "Every first decision (why not this?): best line found, and at most"]
        width = max(len(a.action) for a in result.alternatives)
        for a in result.alternatives:
            diff = a.value - result.value
            bound = "" if a.proven else "  at most " + (
                "?" if a.upper == planner.INF else f"{a.upper:g}")
            lines.append(f"  {a.action:<{width}}  {a.value:>6g}  ({diff:+g}){bound}")
    return lines


def _caveats(result: planner.Plan) -> list[str]:
    """What else the value does not prove: cut lines, sampled chance."""
    out = []
    if result.cut_lines:
        out.append(f"Lines longer than {result.config.max_turns} turns were scored as if the "
                   "round ended there.")
    if result.sampled:
        out.append(f"Chance was sampled ({result.config.samples} samples per node): values "
                   "are estimates.")
    return out


def _number(v: float) -> float | None:
    """A value for JSON: None for an infinite bound (no bound applies)."""
    return None if v == planner.INF else v


def _plan_dict(state: State, result: planner.Plan) -> dict[str, Any]:
    cfg = result.config
    return {
        "company": state.cfg.companies[result.company],
        "value": result.value,
        "proven": result.proven,
        "upper": _number(result.upper),
        "status": result.status(),
        "stopped": result.stopped or None,
        "proven_turns": result.proven_turns,
        "cut_lines": result.cut_lines,
        "sampled": result.sampled,
        "horizon": str(cfg.horizon),
        "objective": cfg.objective,
        "rivals": cfg.rivals,
        "principal_variation": [{"company": w, "action": t}
                                for w, t in result.principal_variation],
        "depths": [asdict(d) for d in result.depths],
        "alternatives": [asdict(a) | {"upper": _number(a.upper)}
                         for a in result.alternatives],
        "nodes": result.nodes,
        "seconds": round(result.seconds, 4),
    }


def _print_pricing(state: State, as_json: bool, curve: bool) -> int:
    try:
        result = pricing.solve(state)
        prices = pricing.price_curve(state) if curve else {}
    except pricing.PricingError as exc:
        raise UsageError(str(exc)) from None
    if as_json:
        # The same fields as ``kw solve`` for what is proven: value, proven, upper, status.
        d = asdict(result)
        d["solver_status"] = d.pop("status")
        d["upper"] = d.pop("bound")
        d |= {"proven": result.proven, "status": _pricing_status(result)}
        d["company"] = state.cfg.companies[state.current_player]
        if curve:
            d["price_curve"] = prices
        print(json.dumps(d, indent=2))
        return core.EXIT_OK
    name = state.cfg.companies[state.current_player]
    print(f"{name}: {result.value} sales reputation this round - {_pricing_status(result)}")
    if result.car is None:
        print("Place no car.")
    else:
        car = result.car
        tech = f", {CAR_TECH[car.tech]}" if car.tech >= 0 else ""
        service = f"{car.workers} worker(s)" + (" and the salesman" if car.salesman else "")
        print(f"Car: body {car.body}, engine {car.engine}, {service}, price {car.price}{tech}")
    print("Decisions: " + ("; ".join(result.actions) or "(none)"))
    for price, value in prices.items():
        print(f"  price {price:>2}: {value}")
    sys.stdout.flush()
    return core.EXIT_OK


def _pricing_status(result: pricing.PricingPlan) -> str:
    if result.proven:
        return "proven optimal"
    return f"best found, at most {result.bound} possible (CP-SAT: {result.status})"


if __name__ == "__main__":
    raise SystemExit(main())
