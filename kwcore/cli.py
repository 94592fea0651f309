"""The ``kw`` command line: new positions, the board, legal actions, actions, bot games, replays.

Covers no rule of its own: every command goes through a game's ``gamecore.Game`` description and
its state's checked ``apply`` (STYLE 6). ``new`` and ``play`` take ``--game`` (default
kraftwagen); every command that reads a position takes the game from the file's ``game`` field
(files without one are Kraftwagen's). Replay files (``kw play --replay``, ``kw replay``) are
written and read by the game's own ``replay_to_json``/``replay_from_json`` (Kraftwagen's by
``kwcore.serialize``); a game without them is refused in one line. Kraftwagen's own options
(``--hidden-scores``, ``--until``) say so in one line when given another game; ``kw new
--option NAME=VALUE`` sets the other games' own settings, declared by each game
(``Game.options``; ``--list-options`` prints them). Games are looked up by ``find_game``
(``main``'s argument): here gamecore's registry, where kwcore is registered; ``solvers.cli``
passes one that imports a game's package on demand, so only the game a command needs is
imported. Positions are JSON files (docs/position-format.md) read from a path or, given
``-``, from stdin, so commands chain::

    kw new --players 2 --seed 7 | kw apply - "start BodyTrack2+Worker" > pos.json
    kw new --game automobiles --players 4 --option season=3 --option sponsors=true > season.json
    kw legal pos.json
    kw play --players 4 --seed 1 --bots greedy,random --quiet
    kw play --players 2 --seed 3 --replay > game.json && kw replay game.json
    kw play --players 3 --seed 7 --until market > pos.json   # then: kw price pos.json

No command writes a file: results go to stdout. Every user mistake prints one line
``kw: error: ...`` to stderr and exits 2; Ctrl-C exits 130; a defect of ours prints one line
``kw: error: internal error ...`` and exits 1, never a traceback; SIGTERM prints
``kw: terminated`` and exits 143. Imports only gamecore, kwcore and the standard library.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

import kwcore
from gamecore.errors import ActionParseError, IllegalActionError, PositionError
from gamecore.game import DEFAULT_GAME, Game
from gamecore.game import get as get_game
from gamecore.position import game_of, parse_json
from kwcore.bots import BOTS
from kwcore.serialize import GAME as KRAFTWAGEN
from kwcore.serialize import MAX_POSITION_SIZE, replay_from_json, replay_to_json

PROG = "kw"
EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERNAL = 1
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143  # 128 + SIGTERM, as a shell reports a process ended by it
LOG_TAIL = 10  # log lines `kw show` prints under the board
JSON_INDENT = 2
STDIN = "-"
CAR = "car"  # kw play --until car: the first market step where a car can be placed
DEFAULT_BOT = "greedy"  # kw play's bot, when the game has one by that name
#: How a command looks a game up by name: a registered ``Game``, or ValueError naming the known.
FindGame = Callable[[str], Game]


class UsageError(Exception):
    """A user mistake: reported as one ``kw: error:`` line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block, no exit from inside)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


# --- the commands ---------------------------------------------------------------------------------
def cmd_new(args: argparse.Namespace) -> int:
    """``kw new``: print a new position of ``--game`` as indented JSON, with the game's
    ``--option`` settings (``--list-options`` prints them instead)."""
    game: Game = args.game
    if args.list_options:
        print("\n".join(option_lines(game)))
        return EXIT_OK
    players = players_of(game, args.players)
    options = option_values(game, args.option)
    if game.name == KRAFTWAGEN:
        state = kwcore.new_game(players, args.seed, hidden_scores=args.hidden_scores)
    else:
        kraftwagen_only(game, "--hidden-scores", args.hidden_scores)
        state = new_with_options(game, players, args.seed, options)
    print(position_json(game, state))
    return EXIT_OK


def new_with_options(game: Game, players: int, seed: int, options: dict[str, Any]) -> Any:
    """``game.new_game`` with the ``--option`` settings (``option_values``); settings that do
    not go together (Automobiles' sponsors without a season) are the user's mistake."""
    try:
        return game.new_game(players, seed, **options)
    except ValueError as exc:
        if not options:
            raise  # not the user's mistake: reported as an internal error
        raise UsageError(f"argument --option: {exc}") from None


def option_values(game: Game, texts: Sequence[str]) -> dict[str, Any]:
    """The ``--option NAME=VALUE`` settings for ``game``, each parsed and checked by the
    game's option of that name (a name given twice is refused)."""
    values: dict[str, Any] = {}
    for text in texts:
        name, equals, value = text.partition("=")
        name = name.strip()
        if not equals or not name:
            raise UsageError(f"argument --option: NAME=VALUE expected, not {short(text)}")
        if name in values:
            raise UsageError(f"argument --option: {name} is given twice")
        try:
            values[name] = game.option(name).parse(value)
        except ValueError as exc:
            raise UsageError(f"argument --option: {exc}") from None
    return values


def option_lines(game: Game) -> list[str]:
    """``kw new --list-options``: each option of ``game`` with its default and what it does."""
    if not game.options:
        extra = " (its variant: --hidden-scores)" if game.name == KRAFTWAGEN else ""
        return [f"{game.name} has no --option settings{extra}"]
    flags = any(isinstance(o.default, bool) for o in game.options)
    lines = [f"{game.name} options (--option NAME=VALUE"
             + ("; yes/no ones take true or false" if flags else "") + "):"]
    width = max(len(f"{o.name}={_option_text(o.default)}") for o in game.options)
    lines += [f"  {f'{o.name}={_option_text(o.default)}':<{width}}  {o.help}"
              for o in game.options]
    return lines


def _option_text(value: Any) -> str:
    """An option's default as it is written on the command line."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def cmd_show(args: argparse.Namespace) -> int:
    """``kw show``: the text board, then the last lines of the log (for a game that keeps one)."""
    game, state = read_position(args.file, args.find_game)
    print(game.text(state))
    log = game.log(state)
    if log:
        tail = log[-LOG_TAIL:]
        print(f"\nLast {len(tail)} of {len(log)} log lines:")
        for line in tail:
            print(f"  {line}")
    return EXIT_OK


def cmd_legal(args: argparse.Namespace) -> int:
    """``kw legal``: the legal actions, one per line as ``id<TAB>text``."""
    state = load_position(args.file, args.find_game)
    if state.is_terminal():
        print(f"{PROG}: the game is over; no action is legal", file=sys.stderr)
    table = state.ACTIONS
    for aid in state.legal_action_ids():
        print(f"{aid}\t{table.from_id(aid)}")
    return EXIT_OK


def cmd_apply(args: argparse.Namespace) -> int:
    """``kw apply``: apply actions (text or ids) with the checked path; print the new position."""
    game, state = read_position(args.file, args.find_game)
    before = game.log(state)
    for n, text in enumerate(args.actions, 1):
        where = f"action {n} of {len(args.actions)}: " if len(args.actions) > 1 else ""
        try:
            state.apply(parse_action_arg(text))
        except (ActionParseError, IllegalActionError) as exc:
            raise UsageError(f"{where}{exc}") from None
    if args.log:  # the new lines, and a last line that grew (a card carried on, Formel 1)
        after = game.log(state)
        same = next((i for i, (a, b) in enumerate(zip(before, after, strict=False))
                     if a != b), min(len(before), len(after)))
        for line in after[same:]:
            print(line, file=sys.stderr)
    print(position_json(game, state))
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    """``kw play``: a whole game of ``--game`` between bots; the log (unless ``--quiet``, and
    for a game that keeps one) and the scores."""
    game: Game = args.game
    players = players_of(game, args.players)
    kraftwagen_only(game, "--until", args.until is not None)
    kraftwagen_only(game, "--replay", args.replay and game.replay_to_json is None)
    options = option_values(game, args.option)
    default = DEFAULT_BOT if DEFAULT_BOT in game.bots else game.bots[0]
    names = bot_names(args.bots or default, players, game.bots)
    bots = [game.make_bot(name, args.seed * 16 + i) for i, name in enumerate(names)]
    if args.until is not None:
        if args.replay:
            raise UsageError("--until prints a position; it cannot be combined with --replay")
        print(play_until(players, args.seed, bots, args.until).to_json(indent=JSON_INDENT))
        return EXIT_OK
    taken: list[str] = []
    state = play_game(game, players, args.seed, bots, record=taken, options=options)
    if args.replay:  # the replay file instead of the log: `kw replay` plays it back
        if game.replay_to_json is not None:
            print(game.replay_to_json(state, taken))
        else:  # Kraftwagen's (the only game left here, as kraftwagen_only checked)
            print(replay_to_json(players, args.seed, taken))
        return EXIT_OK
    log = [] if args.quiet else game.log(state)
    if log:
        for line in log:
            print(line)
        print()
    players_named = [game.player_name(state, p) for p in range(len(state.scores()))]
    for line in score_lines(state, names, players_named):
        print(line)
    return EXIT_OK


def play_game(game: Game, players: int, seed: int, bots: list[Any],
              record: list[str] | None = None, options: dict[str, Any] | None = None) -> Any:
    """A whole seeded game of ``game`` with the ``--option`` settings ``options``, player
    ``i`` choosing with ``bots[i]``, every choice through the checked ``apply``; with
    ``record``, each decision's text is appended to it (Kraftwagen: as
    ``kwcore.bots.play_game`` plays it)."""
    state = new_with_options(game, players, seed, options or {})
    while not state.is_terminal():
        aid = bots[state.current_player].choose(state)
        if record is not None:
            record.append(str(state.ACTIONS.from_id(aid)))
        state.apply(aid)
    return state


def play_until(players: int, seed: int, bots: list[Any], decision: str) -> kwcore.State:
    """A new seeded game played by ``bots`` up to the first pending ``decision`` (``car``: the
    first market step where the company can place a car); a UsageError if the game ends
    first."""
    from kwcore.rules import can_place_car

    state = kwcore.new_game(players, seed)
    while not (state.decision() == decision or (
            decision == CAR and state.decision() == "market"
            and can_place_car(state, state.current_player))):
        if state.is_terminal():
            raise UsageError(f"the game ended before any {decision!r} decision")
        state.apply(bots[state.current_player].choose(state))
    return state


def cmd_replay(args: argparse.Namespace) -> int:
    """``kw replay``: replay a replay file (settings, seed and actions) with its game's reader,
    the game named by the file's ``game`` field (none: Kraftwagen), and print the final board;
    a replay of a game without a reader is refused in one line."""
    text = read_text(args.file)
    try:
        name = game_of(parse_json(text), DEFAULT_GAME)
        try:
            game = args.find_game(name)
        except ValueError as exc:
            raise PositionError("game", str(exc)) from None
        read = replay_reader(game)
        if read is None:
            raise UsageError(f"{_display(args.file)} is a replay of {short(name)}, which has no "
                             f"replay files: kw replay plays Kraftwagen replay files only, and "
                             f"those of games that read their own")
        state = read(text)
    except PositionError as exc:
        raise UsageError(f"{_display(args.file)}: bad replay file: {exc}") from None
    print(state)
    return EXIT_OK


def replay_reader(game: Game) -> Callable[[str], Any] | None:
    """How ``kw replay`` plays ``game``'s replay file back (PositionError on a bad one): the
    game's own reader, Kraftwagen's from ``kwcore.serialize``; None when it has none."""
    if game.replay_from_json is not None:
        return game.replay_from_json
    if game.name == KRAFTWAGEN:
        return replay_from_json
    return None


# --- the parser and main --------------------------------------------------------------------------
Extension = Callable[[Any], None]


def build_parser(extend: Extension | None = None,
                 find_game: FindGame = get_game) -> argparse.ArgumentParser:
    """The ``kw`` argument parser: the six core commands, plus any ``extend`` adds; ``--game``
    is looked up with ``find_game``."""
    parser = _Parser(prog=PROG, description="The lab's rules engines (Kraftwagen: Age of "
                                            "Engineering, and every other registered game).")
    parser.set_defaults(find_game=find_game)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    new = sub.add_parser("new", help="print a new position as JSON")
    _game_options(new, find_game)
    new.add_argument("--hidden-scores", action="store_true",
                     help="the hidden-score variant (RULINGS K31)")
    new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a setting of the game's new position, repeatable (e.g. Automobiles' "
                          "season=3, Formel 1's races=1); each game has its own: "
                          "`kw new --game G --list-options` lists G's")
    new.add_argument("--list-options", action="store_true",
                     help="print the --option settings of --game with their defaults, and exit")
    new.set_defaults(run=cmd_new)

    show = sub.add_parser("show", help="print the board and the last log lines")
    show.add_argument("file", metavar="FILE", help="a position JSON file, or - for stdin")
    show.set_defaults(run=cmd_show)

    legal = sub.add_parser("legal", help="list the legal actions as id<TAB>text")
    legal.add_argument("file", metavar="FILE", help="a position JSON file, or - for stdin")
    legal.set_defaults(run=cmd_legal)

    apply = sub.add_parser("apply", help="apply actions and print the new position as JSON")
    apply.add_argument("file", metavar="FILE", help="a position JSON file, or - for stdin")
    apply.add_argument("actions", metavar="ACTION", nargs="+",
                       help='an action as text ("pick Research") or as its integer id')
    apply.add_argument("--log", action="store_true",
                       help="print the log lines of what happened to stderr")
    apply.set_defaults(run=cmd_apply)

    play = sub.add_parser("play", help="play a whole game between bots")
    _game_options(play, find_game)
    play.add_argument("--bots", default=None,
                      help=f"one bot per company, comma-separated, or one for all "
                           f"(Kraftwagen's: {', '.join(BOTS)}; default greedy; another game's: "
                           f"its own, default greedy if it has one)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a setting of the game to play, repeatable, as for `kw new`")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    play.add_argument("--replay", action="store_true",
                      help="print the game as a replay file (JSON) instead of the log")
    play.add_argument("--until", metavar="DECISION", choices=_decisions(),
                      help="stop at the first DECISION and print that position as JSON "
                           "instead: `kw play --players 3 --seed 7 --until market > pos.json` "
                           "then `kw price pos.json`; 'car' is the first market step where a "
                           "car can be placed (decisions: %(choices)s; Kraftwagen only)")
    play.set_defaults(run=cmd_play)

    replay = sub.add_parser("replay", help="replay a replay file and print the final board")
    replay.add_argument("file", metavar="FILE", help="a replay JSON file, or - for stdin")
    replay.set_defaults(run=cmd_replay)
    if extend is not None:
        extend(sub)
    return parser


def main(argv: list[str] | None = None, extend: Extension | None = None,
         find_game: FindGame = get_game) -> int:
    """Run ``kw`` with ``argv`` (default: the process arguments); the exit status.

    ``extend`` adds subcommands from a higher layer (``solvers.cli`` adds ``solve``, ``price``
    and ``puzzles``) without kwcore importing it; ``find_game`` looks games up by name (default:
    gamecore's registry as it is; ``solvers.cli`` imports a game's package on demand).
    """
    previous = _on_sigterm()
    try:
        try:
            args = build_parser(extend, find_game).parse_args(argv)
        except SystemExit as exc:  # --help
            return exc.code if isinstance(exc.code, int) else EXIT_OK
        status: int = args.run(args)
        sys.stdout.flush()
        return status
    except UsageError as exc:
        return _fail(str(exc))
    except Terminated:  # workers and files are cleaned up by the code the signal interrupted
        print(f"{PROG}: terminated", file=sys.stderr)
        return EXIT_TERMINATED
    except KeyboardInterrupt:
        print(f"{PROG}: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # e.g. `kw play | head`: stop quietly
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    except Exception as exc:  # the last line of defence
        # Never a traceback (issue 11): a defect shows as one line that says it is ours.
        print(f"{PROG}: error: internal error, please report it: {type(exc).__name__}: "
              f"{' '.join(str(exc).split())[:200]}", file=sys.stderr)
        return EXIT_INTERNAL
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


class Terminated(BaseException):
    """SIGTERM arrived: unwinds like Ctrl-C (``finally`` blocks run), then one line."""


def _raise_terminated(signum: int, frame: Any) -> None:
    raise Terminated


def _on_sigterm() -> Any:
    """Turn SIGTERM into ``Terminated`` while ``main`` runs; the previous handler, or None when
    signals cannot be set here (not the main thread)."""
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _raise_terminated)


# --- helpers --------------------------------------------------------------------------------------
def read_text(path: str) -> str:
    """The text of ``path``, or of stdin for ``-``; a UsageError when it cannot be read, is
    not UTF-8, or is larger than a position may be (``serialize.MAX_POSITION_SIZE``: reading
    stops there, so ``kw show /dev/zero`` ends at once)."""
    limit = MAX_POSITION_SIZE
    try:
        if path == STDIN:
            stream = getattr(sys.stdin, "buffer", None)  # a replaced stdin may be text only
            raw = (stream.read(limit + 1) if stream is not None
                   else sys.stdin.read(limit + 1).encode("utf-8", "surrogateescape"))
        else:
            with open(path, "rb") as f:
                raw = f.read(limit + 1)
    except OSError as exc:
        raise UsageError(f"cannot read {_display(path)}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise UsageError(f"cannot read {_display(path)}: larger than {limit:,} bytes (the limit "
                         f"of a position or replay file)")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UsageError(f"cannot read {_display(path)}: not UTF-8 text (byte "
                         f"{exc.start})") from None


def read_position(path: str, find_game: FindGame = get_game) -> tuple[Game, Any]:
    """The game and the position in ``path`` (or stdin), the game named by the file's ``game``
    field (none: Kraftwagen); a UsageError naming the field at fault or the unknown game."""
    text = read_text(path)
    try:
        data = parse_json(text)
        name = game_of(data, DEFAULT_GAME)
        try:
            game = find_game(name)
        except ValueError as exc:
            raise PositionError("game", str(exc)) from None
        return game, game.from_data(data)
    except PositionError as exc:
        raise UsageError(f"{_display(path)}: bad position: {exc}") from None


def load_position(path: str, find_game: FindGame = get_game, only: str | None = None,
                  command: str = "") -> Any:
    """The position in ``path`` (or stdin), of any game ``find_game`` knows; with ``only``, a
    UsageError unless it is a position of that game (``kw COMMAND`` works on it alone)."""
    game, state = read_position(path, find_game)
    if only is not None and game.name != only:
        raise UsageError(f"{_display(path)} is a {game.name} position: {PROG} {command} works on "
                         f"{only} positions only")
    return state


def kraftwagen_only(game: Game, option: str, given: bool) -> None:
    """A UsageError when a Kraftwagen option is ``given`` for another game."""
    if given and game.name != KRAFTWAGEN:
        raise UsageError(f"{option} is a Kraftwagen option; the game here is {game.name}")


def players_of(game: Game, text: str | None) -> int:
    """``--players`` for ``game``: a whole number in its player range (default: its most)."""
    if text is None:
        return game.max_players
    if not text.strip().isdigit() or int(text) not in game.player_counts:
        raise UsageError(f"argument --players: {game.title.split(':')[0]} is played by "
                         f"{game.min_players} to {game.max_players} {_players_word(game)}, "
                         f"not {text!r}")
    return int(text)


def position_json(game: Game, state: Any) -> str:
    """A position as indented JSON, written by the game (or, for a description without
    ``to_json``, by the state itself)."""
    if game.to_json is not None:
        return game.to_json(state, JSON_INDENT)
    text: str = state.to_json(indent=JSON_INDENT)
    return text


def short(value: Any) -> str:
    """A value as a short repr for a message."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def parse_action_arg(text: str) -> int | str:
    """An ACTION argument: an integer id when it is a whole number, else the action's text."""
    stripped = text.strip()
    if stripped.lstrip("+-").isdigit():
        return int(stripped)
    return text


def bot_names(spec: str, players: int, known: Sequence[str] = tuple(BOTS)) -> list[str]:
    """One ``known`` bot name per player from ``--bots`` (a single name applies to all)."""
    names = [name.strip().lower() for name in spec.split(",")]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise UsageError(f"unknown bot {unknown[0]!r} in --bots (known bots: "
                         f"{', '.join(known)})")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} companies: give one "
                         f"per company, or one for all")
    return names


def score_lines(state: Any, names: list[str], players: list[str] | None = None) -> list[str]:
    """The final scores, one line per player (``players``: their names, default Kraftwagen's
    companies), then the winner(s)."""
    who = list(state.cfg.companies) if players is None else players
    width = max(len(c) for c in who) + max(len(n) for n in names) + 3
    lines = [f"{f'{who[i]} ({names[i]})':<{width}} {score:>4}"
             for i, score in enumerate(state.scores())]
    outcome = state.outcome()
    if outcome is not None:
        winners = " and ".join(who[w] for w in outcome.winners)
        label = "Winner" if len(outcome.winners) == 1 else "Winners"
        lines.append(f"{label}: {winners} ({outcome.reason})")
    return lines


def _game_options(parser: argparse.ArgumentParser, find_game: FindGame) -> None:
    parser.add_argument("--game", type=game_type(find_game), default=KRAFTWAGEN, metavar="G",
                        help="the game: kraftwagen (the default), or another registered game "
                             "(formel1 and automobiles once they are built)")
    parser.add_argument("--players", default=None, metavar="N",
                        help="players: Kraftwagen's companies, 2 to 4 (default: the game's "
                             "most, 4 for Kraftwagen)")
    parser.add_argument("--seed", type=_seed, default=0, metavar="S",
                        help="the setup seed, a whole number >= 0 (default 0)")


def _decisions() -> list[str]:
    from kwcore.state import FRAME_NAMES

    return [CAR] + [name for name in FRAME_NAMES if name != "end"]


def game_type(find_game: FindGame) -> Callable[[str], Game]:
    """``--game``'s converter: the game by name (argparse reports the ValueError's message)."""

    def game(text: str) -> Game:
        try:
            return find_game(text.strip().lower())
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return game


def _players_word(game: Game) -> str:
    return "companies" if game.name == KRAFTWAGEN else "players"


def _seed(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"a seed is a whole number >= 0, not {text!r}")
    return int(text)


def _display(path: str) -> str:
    return "<stdin>" if path == STDIN else repr(path)


def _fail(message: str) -> int:
    print(f"{PROG}: error: {' '.join(message.split())}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    raise SystemExit(main())
