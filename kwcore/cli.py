"""The ``kw`` command line: new positions, the board, legal actions, actions, bot games, replays.

Covers no rule of its own: every command goes through kwcore's public API, actions through the
checked ``State.apply`` (STYLE 6). Positions are JSON files (docs/position-format.md) read from a
path or, given ``-``, from stdin, so commands chain::

    kw new --players 2 --seed 7 | kw apply - "start BodyTrack2+Worker" > pos.json
    kw legal pos.json
    kw play --players 4 --seed 1 --bots greedy,random --quiet
    kw play --players 2 --seed 3 --replay > game.json && kw replay game.json
    kw play --players 3 --seed 7 --until market > pos.json   # then: kw price pos.json

No command writes a file: results go to stdout. Every user mistake prints one line
``kw: error: ...`` to stderr and exits 2; Ctrl-C exits 130; a defect of ours prints one line
``kw: error: internal error ...`` and exits 1, never a traceback; SIGTERM prints
``kw: terminated`` and exits 143. Imports only kwcore and the standard library.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import threading
from collections.abc import Callable
from typing import Any, NoReturn

import kwcore
from kwcore.bots import BOTS, make_bot, play_game
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


class UsageError(Exception):
    """A user mistake: reported as one ``kw: error:`` line, exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line (no usage block, no exit from inside)."""

    def error(self, message: str) -> NoReturn:
        raise UsageError(message)


# --- the commands ---------------------------------------------------------------------------------
def cmd_new(args: argparse.Namespace) -> int:
    """``kw new``: print a new position as indented JSON."""
    state = kwcore.new_game(args.players, args.seed, hidden_scores=args.hidden_scores)
    print(state.to_json(indent=JSON_INDENT))
    return EXIT_OK


def cmd_show(args: argparse.Namespace) -> int:
    """``kw show``: the text board, then the last lines of the log."""
    state = load_position(args.file)
    print(state)
    log = state.log()
    if log:
        tail = log[-LOG_TAIL:]
        print(f"\nLast {len(tail)} of {len(log)} log lines:")
        for line in tail:
            print(f"  {line}")
    return EXIT_OK


def cmd_legal(args: argparse.Namespace) -> int:
    """``kw legal``: the legal actions, one per line as ``id<TAB>text``."""
    state = load_position(args.file)
    if state.is_terminal():
        print(f"{PROG}: the game is over; no action is legal", file=sys.stderr)
    for aid in state.legal_action_ids():
        print(f"{aid}\t{kwcore.ACTIONS[aid]}")
    return EXIT_OK


def cmd_apply(args: argparse.Namespace) -> int:
    """``kw apply``: apply actions (text or ids) with the checked path; print the new position."""
    state = load_position(args.file)
    start = len(state.events)
    for n, text in enumerate(args.actions, 1):
        where = f"action {n} of {len(args.actions)}: " if len(args.actions) > 1 else ""
        try:
            state.apply(parse_action_arg(text))
        except (kwcore.ActionParseError, kwcore.IllegalActionError) as exc:
            raise UsageError(f"{where}{exc}") from None
    if args.log:
        for line in state.log()[start:]:
            print(line, file=sys.stderr)
    print(state.to_json(indent=JSON_INDENT))
    return EXIT_OK


def cmd_play(args: argparse.Namespace) -> int:
    """``kw play``: a whole game between bots; the log (unless ``--quiet``) and the scores."""
    names = bot_names(args.bots, args.players)
    bots = [make_bot(name, args.seed * 16 + i) for i, name in enumerate(names)]
    if args.until is not None:
        if args.replay:
            raise UsageError("--until prints a position; it cannot be combined with --replay")
        print(play_until(args.players, args.seed, bots, args.until).to_json(indent=JSON_INDENT))
        return EXIT_OK
    taken: list[str] = []
    state = play_game(args.players, args.seed, bots, record=taken)
    if args.replay:  # the replay file instead of the log: `kw replay` plays it back
        print(replay_to_json(args.players, args.seed, taken))
        return EXIT_OK
    if not args.quiet:
        for line in state.log():
            print(line)
        print()
    for line in score_lines(state, names):
        print(line)
    return EXIT_OK


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
    """``kw replay``: replay a replay file (setup seed and actions) and print the final board."""
    text = read_text(args.file)
    try:
        state = replay_from_json(text)
    except kwcore.PositionError as exc:
        raise UsageError(f"{_display(args.file)}: bad replay file: {exc}") from None
    print(state)
    return EXIT_OK


# --- the parser and main --------------------------------------------------------------------------
Extension = Callable[[Any], None]


def build_parser(extend: Extension | None = None) -> argparse.ArgumentParser:
    """The ``kw`` argument parser: the six core commands, plus any ``extend`` adds."""
    parser = _Parser(prog=PROG, description="Kraftwagen: Age of Engineering rules engine.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    new = sub.add_parser("new", help="print a new position as JSON")
    _game_options(new)
    new.add_argument("--hidden-scores", action="store_true",
                     help="the hidden-score variant (RULINGS K31)")
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
    _game_options(play)
    play.add_argument("--bots", default="greedy",
                      help=f"one bot per company, comma-separated, or one for all "
                           f"(known: {', '.join(BOTS)}; default greedy)")
    play.add_argument("--quiet", action="store_true", help="print only the final scores")
    play.add_argument("--replay", action="store_true",
                      help="print the game as a replay file (JSON) instead of the log")
    play.add_argument("--until", metavar="DECISION", choices=_decisions(),
                      help="stop at the first DECISION and print that position as JSON "
                           "instead: `kw play --players 3 --seed 7 --until market > pos.json` "
                           "then `kw price pos.json`; 'car' is the first market step where a "
                           "car can be placed (decisions: %(choices)s)")
    play.set_defaults(run=cmd_play)

    replay = sub.add_parser("replay", help="replay a replay file and print the final board")
    replay.add_argument("file", metavar="FILE", help="a replay JSON file, or - for stdin")
    replay.set_defaults(run=cmd_replay)
    if extend is not None:
        extend(sub)
    return parser


def main(argv: list[str] | None = None, extend: Extension | None = None) -> int:
    """Run ``kw`` with ``argv`` (default: the process arguments); the exit status.

    ``extend`` adds subcommands from a higher layer (``solvers.cli`` adds ``solve``, ``price``
    and ``puzzles``) without kwcore importing it.
    """
    previous = _on_sigterm()
    try:
        try:
            args = build_parser(extend).parse_args(argv)
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


def load_position(path: str) -> kwcore.State:
    """The position in ``path`` (or stdin); a UsageError naming the field at fault."""
    text = read_text(path)
    try:
        return kwcore.from_json(text)
    except kwcore.PositionError as exc:
        raise UsageError(f"{_display(path)}: bad position: {exc}") from None


def parse_action_arg(text: str) -> int | str:
    """An ACTION argument: an integer id when it is a whole number, else the action's text."""
    stripped = text.strip()
    if stripped.lstrip("+-").isdigit():
        return int(stripped)
    return text


def bot_names(spec: str, players: int) -> list[str]:
    """One known bot name per company from ``--bots`` (a single name applies to all)."""
    names = [name.strip().lower() for name in spec.split(",")]
    unknown = [name for name in names if name not in BOTS]
    if unknown:
        raise UsageError(f"unknown bot {unknown[0]!r} in --bots (known bots: "
                         f"{', '.join(BOTS)})")
    if len(names) == 1:
        return names * players
    if len(names) != players:
        raise UsageError(f"--bots names {len(names)} bots for {players} companies: give one "
                         f"per company, or one for all")
    return names


def score_lines(state: kwcore.State, names: list[str]) -> list[str]:
    """The final scores, one line per company, then the winner(s)."""
    cfg = state.cfg
    width = max(len(c) for c in cfg.companies) + max(len(n) for n in names) + 3
    lines = [f"{f'{cfg.companies[i]} ({names[i]})':<{width}} {score:>4}"
             for i, score in enumerate(state.scores())]
    outcome = state.outcome()
    if outcome is not None:
        winners = " and ".join(cfg.companies[w] for w in outcome.winners)
        label = "Winner" if len(outcome.winners) == 1 else "Winners"
        lines.append(f"{label}: {winners} ({outcome.reason})")
    return lines


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=_players, default=4, metavar="N",
                        help="companies, 2 to 4 (default 4)")
    parser.add_argument("--seed", type=_seed, default=0, metavar="S",
                        help="the setup seed, a whole number >= 0 (default 0)")


def _decisions() -> list[str]:
    from kwcore.rules import FRAME_NAMES

    return [CAR] + [name for name in FRAME_NAMES if name != "end"]


def _players(text: str) -> int:
    if not text.strip().isdigit() or not 2 <= int(text) <= 4:
        raise argparse.ArgumentTypeError(f"Kraftwagen is played by 2 to 4 companies, not {text!r}")
    return int(text)


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
