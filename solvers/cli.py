"""The full ``kw`` command: gamecore's core commands plus ``solve``, ``puzzles``, ``tournament``
and each game's own commands (Kraftwagen's ``price``).

It extends ``gamecore.cli`` (which stays free of solver code) with::

    kw solve FILE [--json] [each game's options]
    kw solve --puzzle NAME [--game G] [--json]
    kw puzzles [--game G] [--mined] [--export NAME]
    kw puzzles --mine --game G --games N [--seed S] [--replay FILE ...] [--out FILE] [--ship]
    kw puzzles --check [--game G]
    kw tournament --bots A,B --games N [--game G] [--seed S] [--workers K]
                  [--players P] [--dask ADDR] [--plot FILE.png] [--json]
                  [--bots-dir DIR] [--move-seconds S] [--memory-mb MB] [--sub-game PART]
    kw review REPLAY [--player P] [--budget S] [--first N] [--json]

Every game's solver keeps one contract (``solvers.solve.Solver``, found through the
``kraftwagen_lab.solvers`` entry points): ``kw solve`` offers each game's options under the
game's own heading, refuses another game's option in one line, and prints the one ``Answer``
type (``solvers.answer``) as text or JSON, whatever the game. Puzzles are found by name among
every game's (``solvers.solve.find_puzzle``). Games are found with ``gamecore.game.find``,
which imports only the game a command names. Long solves show a progress bar (tqdm, on a
terminal) and stop cleanly on the budget or Ctrl-C with the best plan found and its status.
Every user mistake is one ``kw: error:`` line, exit 2.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from gamecore import cli as core
from gamecore.chance import MAX_SEED
from gamecore.game import DEFAULT_GAME
from solvers import tournament
from solvers.answer import Answer, answer_json, answer_text
from solvers.solve import (
    SolveError,
    SolverOption,
    check_options,
    find_puzzle,
    given_options,
    puzzles,
    solver_of,
    solvers,
)

UsageError = core.UsageError


def add_commands(sub: Any) -> None:
    """Add ``solve``, ``puzzles``, ``tournament`` and each game's own commands."""
    add_solve(sub)
    add_puzzles(sub)
    add_tournament(sub)
    add_review(sub)
    for solver in solvers().values():
        solver.commands(sub)


def add_solve(sub: Any) -> None:
    """``kw solve``: the generic arguments, then each game's options under its heading (an
    option two games share is listed once, its help naming both)."""
    solve = core.command_parser(sub, "solve", "the best decision for the player to move, with "
                                "what is proven", "kw solve --puzzle two_moves --json")
    solve.add_argument("file", metavar="FILE", nargs="?", help="a position file, or - for stdin")
    solve.add_argument("--puzzle", metavar="NAME", help="solve a built-in puzzle instead "
                                                        "(`kw puzzles` lists them)")
    solve.add_argument("--game", default=None, metavar="G",
                       help="with --puzzle: whose puzzle, when two games use the name")
    solve.add_argument("--json", action="store_true", help="print the answer as JSON")
    owners: dict[str, list[tuple[str, SolverOption]]] = {}
    for game, solver in solvers().items():
        for option in solver.options:
            owners.setdefault(option.name, []).append((game, option))
    shared = solve.add_argument_group("options of several games")
    for game, solver in solvers().items():
        also = [o.flag for o in solver.options if len(owners[o.name]) > 1]
        group = solve.add_argument_group(f"{game} options", solver.title + (
            f"; also {', '.join(also)} (above)" if also else ""))
        for option in solver.options:
            declared = owners[option.name]
            if len(declared) == 1:
                _add_option(group, option, option.help)
            elif declared[0][0] == game:
                helps: dict[str, list[str]] = {}
                for owner, same in declared:
                    helps.setdefault(same.help, []).append(owner)
                _add_option(shared, option, "; ".join(f"{', '.join(games)}: {text}"
                                                      for text, games in helps.items()))
    solve.set_defaults(run=cmd_solve, solve_options=tuple(owners))


def _add_option(group: Any, option: SolverOption, help: str) -> None:
    """``option`` as an argument of ``kw solve`` (None when not given)."""
    kwargs: dict[str, Any] = {"dest": option.name, "default": None, "help": help}
    if option.kind is bool:
        kwargs["action"] = "store_true"
    else:
        kwargs["metavar"] = option.metavar
        if option.many:
            kwargs["nargs"] = "*"
    group.add_argument(option.flag, **kwargs)


def add_puzzles(sub: Any) -> None:
    """``kw puzzles``."""
    names = ", ".join(solvers())
    puzzles_cmd = core.command_parser(sub, "puzzles", "list the built-in puzzles",
                                      "kw puzzles --game formel1")
    puzzles_cmd.add_argument("--export", metavar="NAME", default=None,
                             help="print puzzle NAME's position as a position file instead")
    puzzles_cmd.add_argument("--game", default=None, metavar="G",
                             help=f"whose puzzles: {names} (default {DEFAULT_GAME}; with "
                                  f"--export, any game's; with --check, every game's)")
    mining = puzzles_cmd.add_argument_group(
        "mined puzzles", "positions from seeded games between the bots (and replays) whose "
                         "best decision is proven, unique by a margin, and missed by the greedy "
                         "bot (docs/puzzles.md)")
    mining.add_argument("--mined", action="store_true",
                        help="list the game's mined puzzles too, after the hand-made ones")
    mining.add_argument("--mine", action="store_true",
                        help="mine puzzles (needs --game and --games)")
    mining.add_argument("--games", type=_whole, default=None, metavar="N",
                        help="with --mine: seeded games to play")
    mining.add_argument("--seed", type=_whole, default=0, metavar="S",
                        help="with --mine: the seed of the games (default 0)")
    mining.add_argument("--replay", action="append", default=[], metavar="FILE",
                        help="with --mine: also mine this replay file (repeatable)")
    mining.add_argument("--out", default=None, metavar="FILE",
                        help="with --mine: write the puzzles to FILE")
    mining.add_argument("--ship", action="store_true",
                        help="with --mine: write them to the game's shipped file "
                             "(solvers/GAME/mined_puzzles.json), replacing it")
    mining.add_argument("--check", action="store_true",
                        help="prove every shipped mined puzzle again, one line each; exit 1 "
                             "if any fails")
    puzzles_cmd.set_defaults(run=cmd_puzzles)


def add_tournament(sub: Any) -> None:
    """``kw tournament``."""
    tour = core.command_parser(sub, "tournament", "seeded games between bots, seats rotated",
                               "kw tournament --game {game} --bots random,greedy --games 4")
    tour.add_argument("--bots", default="", metavar="A,B,...",
                      help="the bots, comma-separated, each NAME or NAME:N (every game's: its "
                           "own, random and mcts, e.g. mcts:100; Kraftwagen's also planner) "
                           "or a participant's FILE.py")
    tour.add_argument("--bots-dir", default=None, metavar="DIR",
                      help="also every participant's bot file DIR/*.py, each in its own "
                           "process with a time per move and a memory limit, without network")
    tour.add_argument("--move-seconds", type=float, default=1.0, metavar="S",
                      help="a participant's bot's time per move (default 1)")
    tour.add_argument("--memory-mb", type=_whole, default=1024, metavar="MB",
                      help="a participant's bot's memory (default 1024)")
    tour.add_argument("--sub-game", default="", metavar="PART",
                      help="participants' bots play only this part of the game and the greedy "
                           "bot the rest for them (Kraftwagen: price; Formel 1: auction; "
                           "Automobiles: buy)")
    tour.add_argument("--game", type=core.game_type(core.find_registered), default=DEFAULT_GAME,
                      metavar="G", help=f"the game (default {DEFAULT_GAME}; any game)")
    tour.add_argument("--games", type=_whole, required=True, metavar="N",
                      help="games to play, a multiple of the number of players")
    tour.add_argument("--seed", type=_whole, default=0, metavar="S",
                      help="the tournament seed (default 0)")
    tour.add_argument("--workers", type=_whole, default=1, metavar="K",
                      help="parallel processes (default 1)")
    tour.add_argument("--players", type=_whole, default=None, metavar="P",
                      help="players per game (default: the number of bots)")
    tour.add_argument("--dask", default=None, metavar="ADDR",
                      help="run the games on the Dask cluster at ADDR (tcp://host:8786)")
    tour.add_argument("--plot", default=None, metavar="FILE",
                      help="also draw the results to FILE (.png, .svg, .pdf)")
    tour.add_argument("--json", action="store_true", help="print the results as JSON")
    tour.set_defaults(run=cmd_tournament)


def add_review(sub: Any) -> None:
    """``kw review``: a replay reviewed move by move against the game's solver
    (``solvers.review``)."""
    rev = core.command_parser(sub, "review", "review a replay move by move against the solver",
                              "kw play --game {game} --players 2 --replay > game.json && "
                              "kw review game.json --player 0")
    rev.add_argument("file", metavar="REPLAY", help="a replay JSON file, or - for stdin")
    rev.add_argument("--player", default=None, metavar="P",
                     help="whose decisions: a seat number from 0 or a player's name "
                          "(default 0)")
    rev.add_argument("--budget", default=None, metavar="SECONDS",
                     help="seconds of search per decision (default: the game's, 0.5)")
    rev.add_argument("--first", type=_whole, default=None, metavar="N",
                     help="review only the player's first N decisions")
    rev.add_argument("--json", action="store_true", help="print the review as JSON")
    rev.set_defaults(run=cmd_review)


def main(argv: list[str] | None = None) -> int:
    """Run ``kw`` with the solver commands; the exit status."""
    return core.main(argv, extend=add_commands)


# --- commands -------------------------------------------------------------------------------------
def cmd_solve(args: argparse.Namespace) -> int:
    """``kw solve``: one game's solver, its answer printed by the one printer."""
    given = given_options(args)
    try:
        answer = solve_request(args, given)
    except SolveError as exc:
        raise UsageError(str(exc)) from None
    print(answer_json(answer) if args.json else answer_text(answer))
    return core.EXIT_OK


def solve_request(args: argparse.Namespace, given: dict[str, Any]) -> Answer:
    """The answer ``kw solve`` asks for: a puzzle's, or a position file's."""
    if args.puzzle:
        if args.file:
            raise UsageError("give a FILE or --puzzle, not both")
        puzzle = find_puzzle(args.puzzle, args.game)
        answer = puzzle.solve(check_options(solver_of(puzzle.game), given))
        question = {"puzzle": f"{puzzle.title}: {puzzle.question}"}
        return replace(answer, details=question | answer.details)
    if args.game is not None:
        raise UsageError("--game names a puzzle's game (with --puzzle); a position file names "
                         "its own")
    if not args.file:
        raise UsageError("solve needs a position FILE or --puzzle NAME")
    game, state = core.read_position(args.file, args.find_game)
    try:
        solver = solver_of(game.name)
    except SolveError:
        raise UsageError(f"{_display(args.file)} is a {game.name} position: {core.PROG} solve "
                         f"works on {', '.join(solvers())} positions") from None
    return solver.solve(state, check_options(solver, given))


def cmd_puzzles(args: argparse.Namespace) -> int:
    """``kw puzzles``: a game's hand-made puzzles, one line each (with ``--mined`` the mined
    ones after them), ``--export NAME``: a puzzle's position file, ``--mine``: mine puzzles,
    ``--check``: prove the shipped mined puzzles again."""
    from solvers import mining

    _check_puzzle_flags(args)
    if args.mine:
        return _cmd_mine(args)
    if args.check:
        return _cmd_check(args)
    try:
        if args.export:
            mined = [p for g in _mined_games(args.game) for p in mining.load_mined(g)
                     if p.name == args.export]
            if mined:
                print(core.position_json(core.find_registered(mined[0].game), mined[0].state()))
                return core.EXIT_OK
            puzzle = find_puzzle(args.export, args.game)
            print(core.position_json(core.find_registered(puzzle.game), puzzle.state()))
            return core.EXIT_OK
        game = args.game or DEFAULT_GAME
        shown = puzzles(game)
        found = mining.load_mined(game) if args.mined and game in mining.GAMES else ()
    except (SolveError, mining.MiningError) as exc:
        raise UsageError(str(exc)) from None
    word = core.find_registered(game).players_word
    for p in shown:
        print(f"{p.name:<28} {p.kind:<8} {'*' * p.difficulty:<5} {p.players} {word:<9}  "
              f"{p.title}")
    for m in found:
        print(f"{m.name:<28} {'mined':<8} {m.rating:<5} {m.source.get('players', '-')} "
              f"{word:<9}  {m.answer_label} ({', '.join(m.themes) or 'no theme'})")
    return core.EXIT_OK


def _check_puzzle_flags(args: argparse.Namespace) -> None:
    """Refuse ``kw puzzles`` flags that do not go together, in one line."""
    given = [f for f, on in (("--mine", args.mine), ("--check", args.check),
                             ("--export", args.export), ("--mined", args.mined)) if on]
    if len(given) > 1:
        raise UsageError(f"give one of {', '.join(given)}, not both")
    if not args.mine:
        for flag, on in (("--games", args.games is not None), ("--replay", args.replay),
                         ("--out", args.out), ("--ship", args.ship)):
            if on:
                raise UsageError(f"{flag} goes with --mine")
    if args.mine:
        if args.game is None:
            raise UsageError("--mine needs --game G (kraftwagen, formel1 or automobiles)")
        if args.games is None:
            raise UsageError("--mine needs --games N")


def _mined_games(game: str | None) -> tuple[str, ...]:
    """The games whose mined puzzles a command reads (``game`` alone when given)."""
    from solvers import mining

    if game is None:
        return mining.GAMES
    if game not in mining.GAMES:
        raise UsageError(f"no game {game!r} has mined puzzles (games: {', '.join(mining.GAMES)})")
    return (game,)


def _cmd_mine(args: argparse.Namespace) -> int:
    """``kw puzzles --mine``: mine, print a summary, write ``--out`` and/or the shipped file."""
    from solvers import mining

    game = args.game
    _mined_games(game)
    if args.out is not None and not Path(args.out).parent.is_dir():
        raise UsageError(f"--out {args.out!r}: the folder {str(Path(args.out).parent)!r} does "
                         "not exist")
    targets = ([Path(args.out)] if args.out else []) + \
        ([mining.shipped_path(game)] if args.ship else [])

    def command(games: int) -> str:
        return f"kw puzzles --mine --game {game} --games {games} --seed {args.seed}" + \
            "".join(f" --replay {Path(r).name}" for r in args.replay)

    def write(games: int, found: list[mining.MinedPuzzle]) -> None:
        # Written after every game, naming the games played so far: a run stopped early
        # leaves the file that the command it names makes.
        text = mining.to_json(game, found, command(games))
        for target in targets:
            target.write_text(text, "utf-8")

    try:
        found = mining.mine(game, args.games, args.seed, tuple(args.replay), progress=True,
                            on_game=write if targets else None)
    except mining.MiningError as exc:
        raise UsageError(str(exc)) from None
    print("\n".join(mining.summary(found)))
    if targets:
        write(args.games, found)
    for target in targets:
        print(f"written to {target}")
    if not targets:
        print("nothing written (give --out FILE, or --ship for the game's shipped file)")
    return core.EXIT_OK


def _cmd_check(args: argparse.Namespace) -> int:
    """``kw puzzles --check``: every shipped mined puzzle proven again, one line each."""
    from solvers import mining

    failed = total = 0
    for game in _mined_games(args.game):
        try:
            shipped = mining.load_mined(game)
        except mining.MiningError as exc:
            raise UsageError(str(exc)) from None
        for puzzle in shipped:
            total += 1
            why = mining.check(puzzle)
            if why is None:
                print(f"ok      {puzzle.name}")
            else:
                failed += 1
                print(f"FAILED  {puzzle.name}: {why}")
    print(f"{total - failed} of {total} mined puzzles still proven")
    return core.EXIT_OK if failed == 0 else core.EXIT_INTERNAL


def cmd_tournament(args: argparse.Namespace) -> int:
    """``kw tournament``."""
    if args.plot:
        _check_plot_file(args.plot)
    bots = [b for b in args.bots.split(",") if b.strip()]
    if args.bots_dir is not None:
        folder = Path(args.bots_dir)
        if not folder.is_dir():
            raise UsageError(f"--bots-dir: no folder {args.bots_dir!r}")
        bots += sorted(str(f) for f in folder.glob("*.py") if not f.name.startswith("_"))
    if not bots:
        raise UsageError("name the bots with --bots, --bots-dir or both")
    if not args.move_seconds > 0 or args.move_seconds > 600:
        raise UsageError(f"--move-seconds: from 0 to 600, not {args.move_seconds:g}")
    try:
        result = tournament.run_tournament(bots, args.games, args.seed, args.players,
                                           args.workers, args.dask, game=args.game.name,
                                           move_seconds=args.move_seconds,
                                           memory_mb=args.memory_mb, sub_game=args.sub_game)
    except tournament.TournamentError as exc:
        raise UsageError(str(exc)) from None
    if args.plot:
        tournament.plot(result).savefig(args.plot)
    rated = tournament.ratings(result)
    if args.json:
        print(json.dumps(result.to_dict() | {"plot": args.plot, "ratings": [
            {"bot": r.bot, "mu": r.mu, "sigma": r.sigma, "games": r.games} for r in rated]},
            indent=2))
    else:
        print("\n".join(tournament.report_lines(result) + [""]
                        + tournament.rating_lines(rated) + tournament.fault_lines(result)))
        if args.plot:
            print(f"plot written to {args.plot}")
    return core.EXIT_OK


def cmd_review(args: argparse.Namespace) -> int:
    """``kw review``: each decision of the player, the solver's best, both values, the loss
    and the marks; a progress bar (tqdm, on a terminal)."""
    from tqdm import tqdm

    from solvers import review

    text = core.read_text(args.file)
    try:
        budget = None if args.budget is None else review.check_budget(
            _number(args.budget, "--budget"))
        if args.first == 0:
            raise review.ReviewError("argument --first: expected a whole number >= 1, not 0")
        replay = review.read_replay(text)
        player = review.player_of(replay, args.player)
        with tqdm(desc="kw review", unit="decision", leave=False, disable=None) as bar:

            def update(done: int, total: int) -> None:
                bar.total = total
                bar.n = done
                bar.refresh()

            result = review.review(replay, player, budget, args.first, update)
    except review.ReviewError as exc:
        raise UsageError(f"{_display(args.file)}: {exc}") from None
    print(result.to_json() if args.json else result.text())
    return core.EXIT_OK


# --- helpers --------------------------------------------------------------------------------------
def _display(path: str) -> str:
    return "<stdin>" if path == core.STDIN else repr(path)


def _whole(text: str) -> int:
    """A whole-number argument, 0 to ``chance.MAX_SEED`` (the seeds' range; a larger number
    asks for more games or workers than could ever run)."""
    value = core.whole_number(text, MAX_SEED)
    if value is None:
        raise argparse.ArgumentTypeError(f"expected a whole number from 0 to 2**64-1, not "
                                         f"{core.short(text)}")
    return value


def _number(text: str, flag: str) -> float:
    """A number argument as a float; UsageError naming ``flag`` otherwise."""
    try:
        return float(text[:core.SHOWN * 2])
    except ValueError:
        raise UsageError(f"argument {flag}: expected a positive number of seconds, not "
                         f"{core.short(text)}") from None


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


if __name__ == "__main__":
    raise SystemExit(main())
