"""The ``kw`` core commands for every game: new positions, the board, legal actions, actions,
bot games, replays.

Covers no rule of its own and imports no game: every command goes through a game's
``gamecore.Game`` description and its state's checked ``apply`` (STYLE 6). Games are found by
name with ``gamecore.game.find`` (the installed games' entry points, and any game registered
already), which imports only the game a command names. ``new`` and ``play`` take ``--game``
(default kraftwagen); every command that reads a position takes the game from the file's
``game`` field (files without one are Kraftwagen's). What differs between games comes from its
``Game``: its settings (``Game.options``: ``kw new --option NAME=VALUE``, ``--list-options``
prints them), its replay files (``replay_to_json``/``replay_from_json``; a game without them
is refused in one line), its players' names and word for them, and the decisions where ``kw
play --until`` may stop (``Game.stops``). Positions are JSON files (docs/position-format.md)
read from a path or, given ``-``, from stdin, so commands chain::

    kw new --players 2 --seed 7 | kw apply - "start BodyTrack2+Worker" > pos.json
    kw new --game automobiles --players 4 --option season=3 --option sponsors=true > season.json
    kw legal pos.json
    kw play --players 4 --seed 1 --bots greedy,random --quiet
    kw play --players 2 --seed 3 --replay > game.json && kw replay game.json
    kw play --players 3 --seed 7 --until market > pos.json   # then: kw price pos.json

``python -m gamecore.cli`` runs these commands alone; ``kw`` (``solvers.cli``) adds the solver
commands through ``main``'s ``extend``. No command writes a file: results go to stdout. Every
user mistake prints one line ``kw: error: ...`` to stderr and exits 2; Ctrl-C exits 130; a
defect of ours prints one line ``kw: error: internal error ...`` and exits 1, never a traceback;
SIGTERM prints ``kw: terminated`` and exits 143. Imports only gamecore and the standard library.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import sys
import threading
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from gamecore.chance import MAX_SEED
from gamecore.errors import ActionParseError, IllegalActionError, PositionError
from gamecore.game import DEFAULT_GAME, Game, available
from gamecore.game import find as find_registered
from gamecore.position import MAX_POSITION_SIZE, game_of, parse_json

PROG = "kw"
EXIT_OK = 0
EXIT_USAGE = 2
EXIT_INTERNAL = 1
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143  # 128 + SIGTERM, as a shell reports a process ended by it
LOG_TAIL = 10  # log lines `kw show` prints under the board
JSON_INDENT = 2
STDIN = "-"
#: How much of a value a message echoes (a 5,000-digit seed is shown by its first characters).
SHOWN = 20
#: A word of a message longer than this is cut to SHOWN characters (``_fail``'s last defence).
LONGEST_WORD = 160
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
    print(position_json(game, new_with_options(game, players, args.seed, options)))
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
        return [f"{game.name} has no --option settings"]
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
            state.apply(action_arg(text, game.num_actions))
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
    if args.until is not None and args.until not in game.stops:
        where = (f"its decisions: {', '.join(game.stops)}" if game.stops
                 else "it names no decision to stop at")
        raise UsageError(f"argument --until: {game.name} has no decision {short(args.until)} "
                         f"({where})")
    if args.replay and game.replay_to_json is None:
        raise UsageError(f"--replay: {game.name} has no replay files")
    options = option_values(game, args.option)
    default = DEFAULT_BOT if DEFAULT_BOT in game.bots else game.bots[0]
    names = bot_names(args.bots or default, players, game.bots, game.players_word)
    bots = [game.make_bot(name, args.seed * 16 + i) for i, name in enumerate(names)]
    if args.until is not None:
        if args.replay:
            raise UsageError("--until prints a position; it cannot be combined with --replay")
        state = play_until(game, players, args.seed, bots, args.until, options)
        print(position_json(game, state))
        return EXIT_OK
    taken: list[str] = []
    state = play_game(game, players, args.seed, bots, record=taken, options=options)
    if args.replay and game.replay_to_json is not None:  # `kw replay` plays it back
        print(game.replay_to_json(state, taken))
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
    ``record``, each decision's text is appended to it."""
    state = new_with_options(game, players, seed, options or {})
    while not state.is_terminal():
        aid = bots[state.current_player].choose(state)
        if record is not None:
            record.append(str(state.ACTIONS.from_id(aid)))
        state.apply(aid)
    return state


def play_until(game: Game, players: int, seed: int, bots: list[Any], decision: str,
               options: dict[str, Any] | None = None) -> Any:
    """A new seeded game of ``game`` played by ``bots`` up to the first state where
    ``game.stops_at`` the ``decision`` (Kraftwagen's ``car``: the first market step where the
    company can place a car); a UsageError if the game ends first."""
    state = new_with_options(game, players, seed, options or {})
    while not game.stops_at(state, decision):
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
        if game.replay_from_json is None:
            raise UsageError(f"{_display(args.file)} is a replay of {short(name)}, which has no "
                             f"replay files: kw replay plays the replay files of games that "
                             f"read their own")
        state = game.replay_from_json(text)
    except PositionError as exc:
        raise UsageError(f"{_display(args.file)}: bad replay file: {exc}") from None
    print(state)
    return EXIT_OK


# --- the parser and main --------------------------------------------------------------------------
Extension = Callable[[Any], None]
#: Each core command: its one-line help, and one example (``{game}``: a game's name).
COMMANDS = {
    "new": ("print a new position as JSON", "kw new --game {game} --players 2 --seed 7"),
    "show": ("print the board and the last log lines", "kw show pos.json"),
    "legal": ("list the legal actions as id<TAB>text", "kw legal pos.json"),
    "apply": ("apply actions and print the new position as JSON",
              'kw new --players 2 --seed 7 | kw apply - "start BodyTrack2+Worker"'),
    "play": ("play a whole game between bots", "kw play --game {game} --players 3 --quiet"),
    "replay": ("replay a replay file and print the final board",
               "kw play --game {game} --players 2 --replay > game.json && kw replay game.json"),
}


def games_epilog(example: str) -> str:
    """The end of a command's help: the games it serves (read from the entry points, no game
    imported) and one example."""
    names = available()
    return (f"games: {', '.join(names) or 'none installed'} (a position file names its own)\n"
            f"example: {example.format(game=names[0] if names else DEFAULT_GAME)}")


def command_parser(sub: Any, name: str, help: str, example: str) -> argparse.ArgumentParser:
    """A subcommand of ``kw`` whose help ends with the games it serves and ``example``."""
    parser: argparse.ArgumentParser = sub.add_parser(
        name, help=help, description=help[0].upper() + help[1:] + ".",
        epilog=games_epilog(example), formatter_class=argparse.RawDescriptionHelpFormatter)
    return parser


def build_parser(extend: Extension | None = None,
                 find_game: FindGame = find_registered) -> argparse.ArgumentParser:
    """The ``kw`` argument parser: the six core commands, plus any ``extend`` adds; ``--game``
    is looked up with ``find_game``."""
    games = available()
    examples = "\n".join(f"  {name:<12} kw play --game {name} --players 2 --seed 1 --quiet"
                          for name in games)
    parser = _Parser(prog=PROG, description="The lab's rules engines, one command line for "
                                            "every game.",
                     epilog=f"games (--game G; a position file names its own):\n{examples}",
                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.set_defaults(find_game=find_game)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands = {name: command_parser(sub, name, *text) for name, text in COMMANDS.items()}

    new = commands["new"]
    _game_options(new, find_game)
    new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                     help="a setting of the game's new position, repeatable (e.g. Kraftwagen's "
                          "hidden_scores=yes, Automobiles' season=3, Formel 1's races=1); each "
                          "game has its own: `kw new --game G --list-options` lists G's")
    new.add_argument("--list-options", action="store_true",
                     help="print the --option settings of --game with their defaults, and exit")
    new.set_defaults(run=cmd_new)

    for name, run in (("show", cmd_show), ("legal", cmd_legal), ("apply", cmd_apply)):
        commands[name].add_argument("file", metavar="FILE",
                                    help="a position JSON file, or - for stdin")
        commands[name].set_defaults(run=run)
    commands["apply"].add_argument("actions", metavar="ACTION", nargs="+",
                                   help='an action as text ("pick Research") or as its id')
    commands["apply"].add_argument("--log", action="store_true",
                                   help="print the log lines of what happened to stderr")

    play = commands["play"]
    _game_options(play, find_game)
    play.add_argument("--bots", default=None,
                      help="one bot per player, comma-separated, or one for all: the game's "
                           "own (default greedy if it has one, else its first)")
    play.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                      help="a setting of the game to play, repeatable, as for `kw new`")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    play.add_argument("--replay", action="store_true",
                      help="print the game as a replay file (JSON) instead of the log")
    play.add_argument("--until", metavar="DECISION",
                      help="stop at the first DECISION and print that position as JSON "
                           "instead; each game names its own (Kraftwagen's: car, the first "
                           "market step where a car can be placed, or any decision such as "
                           "market: `kw play --players 3 --seed 7 --until market > pos.json` "
                           "then `kw price pos.json`)")
    play.set_defaults(run=cmd_play)

    replay = commands["replay"]
    replay.add_argument("file", metavar="FILE", help="a replay JSON file, or - for stdin")
    replay.set_defaults(run=cmd_replay)
    if extend is not None:
        extend(sub)
    return parser


def main(argv: list[str] | None = None, extend: Extension | None = None,
         find_game: FindGame = find_registered) -> int:
    """Run ``kw`` with ``argv`` (default: the process arguments); the exit status.

    ``extend`` adds subcommands from a higher layer (``solvers.cli`` adds ``solve``,
    ``puzzles``, ``tournament`` and each game's own) without gamecore importing it;
    ``find_game`` looks games up by name (default: ``gamecore.game.find``, which imports only
    the game named).
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
        # Never a traceback: a defect shows as one line that says it is ours.
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


def read_position(path: str, find_game: FindGame = find_registered) -> tuple[Game, Any]:
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


def load_position(path: str, find_game: FindGame = find_registered, only: str | None = None,
                  command: str = "") -> Any:
    """The position in ``path`` (or stdin), of any game ``find_game`` knows; with ``only``, a
    UsageError unless it is a position of that game (``kw COMMAND`` works on it alone)."""
    game, state = read_position(path, find_game)
    if only is not None and game.name != only:
        raise UsageError(f"{_display(path)} is a {game.name} position: {PROG} {command} works on "
                         f"{only} positions only")
    return state


def players_of(game: Game, text: str | None) -> int:
    """``--players`` for ``game``: a whole number in its player range (default: its most)."""
    if text is None:
        return game.max_players
    players = whole_number(text, game.max_players)
    if players is None or players not in game.player_counts:
        raise UsageError(f"argument --players: {game.title.split(':')[0]} is played by "
                         f"{game.min_players} to {game.max_players} {game.players_word}, "
                         f"not {short(text)}")
    return players


def position_json(game: Game, state: Any) -> str:
    """A position as indented JSON, written by the game (or, for a description without
    ``to_json``, by the state itself)."""
    if game.to_json is not None:
        return game.to_json(state, JSON_INDENT)
    text: str = state.to_json(indent=JSON_INDENT)
    return text


def short(value: Any) -> str:
    """A value as a short repr for a message: its first SHOWN characters and "..." when it is
    longer (a message never echoes a 5,000-digit argument)."""
    text = repr(value)
    return text if len(text) <= SHOWN + 3 else text[:SHOWN] + "..."


_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)


def whole_number(text: str, most: int) -> int | None:
    """``text`` as a whole number from 0 to ``most``, or None when it is not one (not digits,
    negative, or larger: a number with more digits than ``most`` is refused before it is
    converted, so a 5,000-digit argument costs nothing)."""
    stripped = text.strip()
    if not _WHOLE.fullmatch(stripped) or stripped.startswith("-"):
        return None
    digits = stripped.lstrip("+").lstrip("0") or "0"
    if len(digits) > len(str(most)):
        return None
    value = int(digits)
    return value if value <= most else None


def action_arg(text: str, count: int) -> int | str:
    """An ACTION argument of a game with ``count`` actions: its id when it is a whole number
    (ActionParseError unless from 0 to count-1), else the action's text."""
    if not _WHOLE.fullmatch(text.strip()):
        return text
    aid = whole_number(text, count - 1)
    if aid is None:
        shown = text.strip()
        shown = shown if len(shown) <= SHOWN + 3 else shown[:SHOWN] + "..."
        raise ActionParseError(f"no action has id {shown} (ids run 0..{count - 1})")
    return aid


def bot_names(spec: str, players: int, known: Sequence[str], word: str = "players") -> list[str]:
    """One ``known`` bot name per player from ``--bots`` (a single name applies to all);
    ``word`` is what the game calls its players."""
    names = [name.strip().lower() for name in spec.split(",")]
    unknown = [name for name in names if name not in known]
    if unknown:
        raise UsageError(f"unknown bot {unknown[0]!r} in --bots (known bots: "
                         f"{', '.join(known)})")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} {word}: give one "
                         f"per {word.removesuffix('s').replace('ie', 'y')}, or one for all")
    return names


def score_lines(state: Any, names: list[str], who: list[str]) -> list[str]:
    """The final scores, one line per player (``who``: their names, ``names``: their bots),
    then the winner(s)."""
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
    parser.add_argument("--game", type=game_type(find_game), default=DEFAULT_GAME, metavar="G",
                        help=f"the game: {DEFAULT_GAME} (the default) or another of "
                             f"{', '.join(available())}")
    parser.add_argument("--players", default=None, metavar="N",
                        help="how many play (Kraftwagen's companies), in the game's range "
                             "(default: its most)")
    parser.add_argument("--seed", type=_seed, default=0, metavar="S",
                        help="the setup seed, a whole number >= 0 (default 0)")


def game_type(find_game: FindGame) -> Callable[[str], Game]:
    """``--game``'s converter: the game by name (argparse reports the ValueError's message)."""

    def game(text: str) -> Game:
        try:
            return find_game(text.strip().lower())
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return game


def _seed(text: str) -> int:
    """``--seed``: a whole number in the generator's range, 0 to ``chance.MAX_SEED``."""
    seed = whole_number(text, MAX_SEED)
    if seed is None:
        raise argparse.ArgumentTypeError(f"a seed is a whole number from 0 to 2**64-1, not "
                                         f"{short(text)}")
    return seed


def _display(path: str) -> str:
    return "<stdin>" if path == STDIN else repr(path)


def _fail(message: str) -> int:
    """Print ``message`` as one ``kw: error:`` line (any word longer than LONGEST_WORD cut to
    its first SHOWN characters: argparse echoes arguments whole); the usage exit status."""
    words = [w if len(w) <= LONGEST_WORD else w[:SHOWN] + "..." for w in message.split()]
    print(f"{PROG}: error: {' '.join(words)}", file=sys.stderr)
    return EXIT_USAGE


if __name__ == "__main__":
    raise SystemExit(main())
