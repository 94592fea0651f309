"""Participants' bots: a ``.py`` file each, played in its own process with a time limit per
move, a memory limit and no network.

A participant's file defines ``choose(state) -> action id`` (a plain function), or a class with a
``choose`` method (made once per game, with the seed when its constructor takes one). ``state``
is the game core's state as every bot of the lab sees it: ``state.legal_action_ids()``,
``state.current_player``, ``state.clone()``, ``state.apply(aid)``... (docs/workshop.md).

What the bot is given. A copy of the position, sent to the bot's process as the game's JSON and
loaded there, where the game's search model (``solvers.mcts.search_model``) has determinized it:
a fresh seed (the real one fixes every later draw, so reading it would show the future) and, for
a game that supplies one, the cards the player cannot see re-dealt. So a participant's bot knows
what a player at the table knows, and its state is its own to change.

What a bot may not do, and what happens then. ``SandboxedBot.choose`` raises ``BotFault`` with a
plain reason when the bot raises (its error's last line), takes longer than its time per move
(the process is stopped), runs out of memory or dies (its process ends), or returns anything
but a legal action id. The tournament then counts the game lost for that seat and plays it on
with a random bot (``solvers.tournament``), so one faulty bot never stalls the others.

Limits, and what they rest on: the time is the wall clock of one move in the parent, including
the position's transfer (milliseconds); memory is the process's address space (``RLIMIT_AS``);
the network is cut in the bot's process, by a network namespace of its own where the kernel
allows one (Linux ``unshare``), else by replacing Python's socket constructors (a bot that loads
a C extension of its own could get round that: ``network`` says which is in force). Built on
``multiprocessing`` ("spawn": a fresh interpreter, nothing shared with the tournament).

On a Dask cluster. A ``dask worker`` (and a ``LocalCluster`` of processes) runs its tasks in a
daemonic process, started by its nanny, and ``multiprocessing`` refuses a daemonic process any
child ("daemonic processes are not allowed to have children"): a daemon is ended without
clean-up, which would leave its children behind. The bot's process is started all the same
(``_start``: the flag is lifted for that one start, under a lock), and what the rule protects
against is handled where it matters: the bot's process asks the kernel to end it when its parent
ends (Linux ``PR_SET_PDEATHSIG``), and ends itself when its pipe closes. ``check_file`` is the
quick check of a file that a teacher's list of submissions shows: does it load and define
``choose``, in the same kind of process.
"""

from __future__ import annotations

import contextlib
import ctypes
import importlib.util
import inspect
import os
import random
import resource
import signal
import socket
import threading
import traceback
from multiprocessing import current_process, get_context
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from gamecore.game import get as get_game

#: a participant's time per move and memory, unless the tournament says otherwise
DEFAULT_SECONDS = 1.0
DEFAULT_MEMORY_MB = 1024
#: the bot's process gets this long to start (import the game and the file) before its first move
START_SECONDS = 30.0
_CLONE_NEWUSER, _CLONE_NEWNET = 0x10000000, 0x40000000
_PR_SET_PDEATHSIG = 1  # linux/prctl.h
#: one bot's process starts at a time in a process whose daemon flag is lifted (``_start``)
_START_LOCK = threading.Lock()


class BotFault(Exception):
    """A participant's bot broke a rule of the tournament; ``reason`` says which, in plain
    words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class SandboxedBot:
    """A participant's file as a bot (module docstring): ``choose(state) -> action id`` or
    ``BotFault``. ``close()`` stops its process (also done when a fault stops it)."""

    participant = True

    def __init__(self, path: str | Path, game: str, seed: int | None = 0,
                 seconds: float = DEFAULT_SECONDS, memory_mb: int = DEFAULT_MEMORY_MB,
                 start_seconds: float = START_SECONDS) -> None:
        self.path = Path(path)
        self.name = self.path.stem
        self.game = game
        self.seconds = seconds
        self._rng = random.Random(seed)
        context = get_context("spawn")
        self._conn, child = context.Pipe()
        self._process = context.Process(
            target=_serve, args=(child, str(self.path), game, seed, memory_mb, os.getpid()),
            daemon=True)
        _start(self._process)
        child.close()
        self.network = ""
        ready = self._receive(start_seconds, "to start")
        if ready[0] != "ready":
            self.close()
            raise BotFault(str(ready[1]))
        self.network = str(ready[1])

    def choose(self, state: Any) -> int:
        """The bot's action id for ``state``; BotFault when it breaks a rule."""
        from solvers.mcts import search_model

        view = state.clone(history=False)
        search_model(self.game).determinize(view, self._rng)
        try:
            self._conn.send(view.to_json())
        except (BrokenPipeError, OSError):
            raise BotFault(self._ended()) from None
        kind, value = self._receive(self.seconds, "for one move")
        if kind == "error":
            raise BotFault(str(value))
        legal = state.legal_action_ids()
        if kind != "ok" or value not in legal:
            raise BotFault(f"returned {value}, which is not a legal action id here (legal: "
                           f"{', '.join(map(str, legal[:8]))}{'...' if len(legal) > 8 else ''})")
        return value

    def _receive(self, seconds: float, what: str) -> tuple[str, Any]:
        try:
            if not self._conn.poll(seconds):
                self.close()
                raise BotFault(f"took longer than {seconds:g} s {what}, and was stopped")
            message: tuple[str, Any] = self._conn.recv()
        except (EOFError, OSError):
            raise BotFault(self._ended()) from None
        return message

    def _ended(self) -> str:
        self._process.join(1)
        code = self._process.exitcode
        self.close()
        return (f"its process ended (exit code {code}): out of memory, or the bot ended it"
                if code is not None else "its process stopped answering")

    def close(self) -> None:
        """Stop the bot's process."""
        if self._process.is_alive():
            self._process.kill()
        self._process.join(5)
        self._conn.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):  # best effort, at interpreter exit too
            self.close()


def _start(process: Any) -> None:
    """Start the bot's process, also from a daemonic process (a Dask worker: module docstring).

    ``multiprocessing`` checks the flag of the process that starts a child, so it is lifted for
    this one start; the lock keeps another thread from restoring it in between."""
    me = current_process()
    if not me.daemon:
        process.start()
        return
    with _START_LOCK:
        me.daemon = False
        try:
            process.start()
        finally:
            me.daemon = True


def check_file(path: str | Path, game: str, start_seconds: float = 10.0) -> str:
    """The quick check of a participant's file: "" when it loads in a bot's process and defines
    ``choose`` (a function, or a class with the method), else the reason in plain words. The
    file runs in its own process with the tournament's limits, never in the caller's."""
    try:
        bot = SandboxedBot(path, game, seed=0, start_seconds=start_seconds)
    except BotFault as fault:
        return fault.reason
    bot.close()
    return ""


# --- in the bot's own process ---------------------------------------------------------------------
def _serve(conn: Connection, path: str, game: str, seed: int | None, memory_mb: int,
           parent: int) -> None:
    """The bot's process: limits first, then the file, then one answer per position."""
    network = _cut_network()
    _end_with(parent)
    try:
        import_module_of(game)
        described = get_game(game)
        # The limit counts the interpreter and the game already loaded, then the bot's own use.
        resource.setrlimit(resource.RLIMIT_AS, (memory_mb * 2**20, memory_mb * 2**20))
        choose = load_choose(path, seed)
    except NoChoose as exc:  # the sandbox's own words, not an error of theirs to look up
        conn.send(("error", f"could not be loaded: {exc}"))
        return
    except Exception as exc:  # noqa: BLE001 - whatever a participant's file raises is reported
        conn.send(("error", f"could not be loaded: {_last_line(exc, path)}"))
        return
    conn.send(("ready", network))
    while True:
        try:
            text = conn.recv()
        except EOFError:
            return
        try:
            aid = choose(described.from_json(text))
            whole = isinstance(aid, int) and not isinstance(aid, bool)
            conn.send(("ok", int(aid)) if whole else ("not a number", repr(aid)[:60]))
        except MemoryError:
            conn.send(("error", "ran out of memory"))
        except Exception as exc:  # noqa: BLE001 - a participant's error, reported in words
            conn.send(("error", f"raised {_last_line(exc, path)}"))


def _end_with(parent: int) -> None:
    """Ask the kernel to end this process when its parent ends (a Dask worker stopped by its
    nanny, a tournament killed): set after the network is cut, since a change of credentials
    clears it. Elsewhere than Linux the closed pipe still ends a bot that is waiting."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:  # the parent ended before the request: nothing will signal
        os._exit(0)


def import_module_of(game: str) -> None:
    """Register ``game`` in this process (its entry point's package)."""
    from gamecore.game import find

    find(game)


class NoChoose(ValueError):
    """A participant's file that defines no ``choose``."""


def load_choose(path: str, seed: int | None) -> Any:
    """The ``choose`` callable of a participant's file: its function, or a method of the first
    class that has one (built with ``seed`` when it takes one); NoChoose (a ValueError) when
    there is none."""
    spec = importlib.util.spec_from_file_location(f"participant_{Path(path).stem}", path)
    if spec is None or spec.loader is None:
        raise ValueError(f"{path} is not a Python file")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    found = getattr(module, "choose", None)
    if callable(found):
        return found
    for value in vars(module).values():
        if inspect.isclass(value) and value.__module__ == module.__name__ \
                and callable(getattr(value, "choose", None)):
            maker: Any = value
            takes_seed = "seed" in inspect.signature(maker).parameters
            return (maker(seed=seed) if takes_seed else maker()).choose
    raise NoChoose("it defines no choose(state) function and no class with a choose method")


def _cut_network() -> str:
    """Cut this process off the network; which way it was done, in words."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        flags = _CLONE_NEWNET if os.geteuid() == 0 else _CLONE_NEWUSER | _CLONE_NEWNET
        if libc.unshare(flags) == 0:
            return "a network namespace of its own (no network at all)"
    except (OSError, AttributeError):
        pass

    def refuse(*args: Any, **kwargs: Any) -> Any:
        raise PermissionError("no network in a tournament")

    socket.socket = refuse  # type: ignore[assignment,misc]
    socket.create_connection = refuse
    return "Python's sockets refused (the kernel allows no network namespace here)"


def _last_line(exc: BaseException, path: str) -> str:
    """``Type: message (file, line N)`` of a participant's error, at the last line of their
    file it passed through (none when it never did: a file without ``choose``, say, whose
    error is the sandbox's and its line no help to them)."""
    if isinstance(exc, SyntaxError):
        return f"SyntaxError: {exc.msg} ({Path(exc.filename or '?').name}, line {exc.lineno})"
    mine = [f for f in traceback.extract_tb(exc.__traceback__)
            if Path(f.filename).resolve() == Path(path).resolve()]
    where = f" ({Path(mine[-1].filename).name}, line {mine[-1].lineno})" if mine else ""
    return f"{type(exc).__name__}: {exc}{where}"


__all__ = ["DEFAULT_MEMORY_MB", "DEFAULT_SECONDS", "BotFault", "SandboxedBot", "check_file",
           "load_choose"]
