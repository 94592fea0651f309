"""Tournaments between bots of any registered game: seeded games, seats rotated, parallel or on
a Dask cluster.

Plays any registered game (``game``, default Kraftwagen). Games come in blocks,
one per setup seed: a block plays the same setup once for each rotation of the line-up, so every
bot sits in every seat equally often and meets the same deals (a duplicate tournament). The setup
and bot seeds are drawn up front from ``seed``, and results are put back in game order, so the
answer is the same for any number of workers and on a Dask cluster.

Reported per bot: outright wins with a 95% Wilson interval and a binomial test against the fair
share 1/players (scipy.stats), shared wins (Kraftwagen, RULINGS K24: equal reputation and equal
engineers), the mean score with a 95% t interval, and, for a game that reports them, the mean
score by source (Kraftwagen: sales, Grand Prix, achievements, buyers, ``Company.score_parts``).
``plot`` draws it (matplotlib, no pyplot state).

Worker processes learn the game from each ``GameSpec``: its name and the module that registers it
(the module of the game's ``new_game``, ``kwcore.game`` for Kraftwagen), imported in the worker
before the game is looked up, so any registered game plays there, a test game included, as long
as the workers can import it. The table's words and score sources come from the game's solver
module (``solvers.<game>.bots``: ``PLAYERS``, ``SCORE_SOURCES``, ``SCORE_LABELS``,
``score_parts``, ``SHARED_WIN_RULE``); a game without one is reported in players, by total score.
"""

from __future__ import annotations

import functools
import importlib
import json
import math
import random
import signal
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass, field, replace
from multiprocessing import get_context
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple

from gamecore.bots import RandomBot
from gamecore.game import Game
from gamecore.game import find as find_game
from gamecore.game import get as get_game
from solvers.bots import DEFAULT_GAME, Bot, BotError, canonical, is_participant, make_bot
from solvers.mcts import game_solvers

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CONFIDENCE = 0.95
DASK_TIMEOUT = "10s"  # how long to wait for a Dask scheduler before giving up
_SEED_RANGE = 2**31
# A game still going after its cap of decisions is abandoned: nobody wins it, its scores are
# those reached. Nothing in Kraftwagen's rules ends a round that nobody ends (RULINGS K3, K4:
# two bots can avoid it for ever, seen in planner against greedy), so a cap is needed. Each
# game's cap is its own length bound (``Game.length_bound``, the OpenSpiel game's length,
# chance included: a seeded game takes fewer decisions), so no game that ends is abandoned: an
# Automobiles race takes thousands of decisions (every cube drawn), a Kraftwagen game about
# 230. DEFAULT_CAP caps a game that knows no bound; MAX_DECISIONS, when set, caps every game.
DEFAULT_CAP = 2000
MAX_DECISIONS: int | None = None
#: The most games and worker processes a tournament takes (a larger request is a typo: the
#: games are scheduled up front, and every worker is a process).
MAX_GAMES, MAX_WORKERS = 1_000_000, 256
ABANDONED = "abandoned after the decision cap"


class TournamentError(ValueError):
    """The tournament cannot be run as asked (bots, games, players, workers, cluster)."""


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its number, setup seed, the bot spec and seed in each seat, the game
    and the module a worker imports to register it."""

    index: int
    setup_seed: int
    lineup: tuple[str, ...]
    bot_seeds: tuple[int, ...]
    game: str = DEFAULT_GAME
    module: str = "kwcore"
    move_seconds: float = 1.0  # a participant's bot: time per move (solvers.sandbox)
    memory_mb: int = 1024  # and memory
    sub_game: str = ""  # a participant's bot plays only this part of the game (SUB_GAMES)


@dataclass(frozen=True)
class GameResult:
    """How one game ended (seat order); ``winners`` has several seats for a shared win."""

    index: int
    setup_seed: int
    lineup: tuple[str, ...]
    scores: tuple[int, ...]
    parts: tuple[tuple[int, ...], ...]  # per seat: points by the game's score sources
    winners: tuple[int, ...]
    reason: str
    decisions: int
    game: str = DEFAULT_GAME
    # Per seat: CPU seconds spent choosing (a participant's bot, which thinks in a process of
    # its own: the wall time of its moves), and decisions with more than one legal action (what
    # a time budget per decision is measured on). Left out of equality: the same games played
    # again take other times.
    cpu_seconds: tuple[float, ...] = field(default=(), compare=False)
    searched: tuple[int, ...] = field(default=(), compare=False)
    # Seats whose participant's bot broke a rule (raised, hung, ran out of memory, chose an
    # illegal action), with the reason: the seat lost, a random bot played it on. Out of
    # equality: a time-out depends on the machine.
    faults: tuple[tuple[int, str], ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class BotStats:
    """One bot's results over all the seats it played."""

    bot: str
    seats: int  # games played, counted per seat (a bot in two seats of a game counts twice)
    wins: int  # outright wins, ties broken by engineers included (RULINGS K24)
    shared: int  # shared wins: a tie on reputation and engineers (RULINGS K24)
    win_rate: float
    win_ci: tuple[float, float]
    p_value: float  # two-sided binomial test of the outright wins against 1/players
    mean_score: float
    score_ci: tuple[float, float]
    parts: dict[str, float]  # mean points by source (empty for a game without sources)


@dataclass(frozen=True)
class TournamentResult:
    """Settings, every game in order, and the per-bot statistics."""

    bots: tuple[str, ...]
    players: int
    seed: int
    games: tuple[GameResult, ...]
    stats: tuple[BotStats, ...]
    game: str = DEFAULT_GAME

    @property
    def shared_games(self) -> int:
        """Games that ended in a shared win (RULINGS K24)."""
        return sum(1 for g in self.games if len(g.winners) > 1)

    @property
    def abandoned(self) -> int:
        """Games abandoned after their cap of decisions (``decision_cap``; nobody won them)."""
        return sum(1 for g in self.games if g.reason == ABANDONED)

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready data."""
        return {"game": self.game, "bots": list(self.bots), "players": self.players,
                "seed": self.seed,
                "games": len(self.games), "shared_games": self.shared_games,
                "abandoned": self.abandoned,
                "stats": [asdict(s) for s in self.stats],
                "results": [asdict(g) for g in self.games]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentResult:
        """The result ``to_dict`` wrote (a saved tournament), its statistics made anew from its
        games; TournamentError when it is not one."""
        try:
            games = tuple(_game_from_dict(g) for g in data["results"])
            bots = tuple(str(b) for b in data["bots"])
            return cls(bots, int(data["players"]), int(data["seed"]), games,
                       tuple(bot_stats(games, b) for b in bots), str(data["game"]))
        except (KeyError, TypeError, ValueError, IndexError, ZeroDivisionError) as exc:
            raise TournamentError(f"not a saved tournament: {exc!r}") from None


class _View(NamedTuple):
    """How a game's tournament is reported (see the module docstring)."""

    title: str  # the title's part before a colon ("Kraftwagen")
    players: str  # what the game calls its players ("companies")
    sources: tuple[str, ...]
    labels: tuple[str, ...]
    shared_rule: str  # the rule a shared win is cited by ("" for none)
    tie_reason: str  # the outcome reason of a tie settled by the tie-break
    parts: Callable[[Any], tuple[tuple[int, ...], ...]] | None


@functools.cache
def _view(name: str) -> _View:
    game = _game(name)
    extra = game_solvers(name)
    sources = tuple(getattr(extra, "SCORE_SOURCES", ()))
    tie = type(game.new_game(game.min_players, 0)).TIE_BREAK_REASON
    return _View(game.title.split(":")[0], getattr(extra, "PLAYERS", "players"), sources,
                 tuple(getattr(extra, "SCORE_LABELS", sources)),
                 getattr(extra, "SHARED_WIN_RULE", ""), tie, getattr(extra, "score_parts", None))


def _game(name: str) -> Game:
    if not isinstance(name, str):
        raise TournamentError(f"the game is named by text, not {name!r}")
    try:
        return find_game(name)
    except ValueError as exc:
        raise TournamentError(str(exc)) from None


def game_module(game: Game) -> str:
    """The module a worker imports to register ``game``: the module of its ``new_game``."""
    module = getattr(game.new_game, "__module__", None)
    if not isinstance(module, str) or module.startswith(("gamecore", "functools")):
        raise TournamentError(f"cannot tell which module registers the game {game.name!r}")
    return module


# --- scheduling and playing -----------------------------------------------------------------------
def schedule(bots: Sequence[str], games: int, seed: int = 0,
             players: int | None = None, game: str = DEFAULT_GAME, move_seconds: float = 1.0,
             memory_mb: int = 1024, sub_game: str = "") -> list[GameSpec]:
    """The games of a tournament of ``game``, in order; TournamentError when the request is bad.

    ``players`` defaults to the number of bots. With at most ``players`` bots, it must be a
    multiple of their number (each bot then has players/bots seats in every game). With more
    bots than seats (a class's bots), each block seats a table of ``players`` distinct bots, those
    with the fewest games so far (ties drawn by the seed), so every bot plays about equally
    often. ``games`` is a multiple of ``players`` (one block of rotations per setup seed).
    """
    described = _game(game)
    names = _bot_names(bots, described)
    p = len(names) if players is None else players
    if isinstance(p, bool) or not isinstance(p, int) or p not in described.player_counts:
        view = _view(game)
        raise TournamentError(f"{view.title} is played by {described.min_players} to "
                              f"{described.max_players} {view.players}, not {_short(p)}")
    if len(names) <= p and p % len(names):
        raise TournamentError(f"{len(names)} bots cannot share {p} seats equally: give a number "
                              f"of bots that divides the number of companies")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise TournamentError(f"the seed must be a whole number >= 0, not {_short(seed)}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1 or games % p \
            or games > MAX_GAMES:
        raise TournamentError(f"the number of games must be a positive multiple of {p} (every "
                              f"bot in every seat equally often), at most {MAX_GAMES:,}, not "
                              f"{_short(games)}")
    module = game_module(described)
    if sub_game and sub_game not in sub_games(game):
        known = ", ".join(sub_games(game)) or "none"
        raise TournamentError(f"{described.title.split(':')[0]} has no part {sub_game!r} to "
                              f"play alone (its parts: {known})")
    rng = random.Random(seed)
    specs = []
    played = dict.fromkeys(names, 0)
    for block in range(games // p):
        setup = rng.randrange(_SEED_RANGE)
        if len(names) <= p:
            base = [names[i % len(names)] for i in range(p)]
        else:  # a table of the bots with the fewest games so far
            draw = {name: rng.random() for name in names}
            base = sorted(names, key=lambda n: (played[n], draw[n]))[:p]
            for name in base:
                played[name] += 1
        for turn in range(p):
            lineup = tuple(base[(seat + turn) % p] for seat in range(p))
            bot_seeds = tuple(rng.randrange(_SEED_RANGE) for _ in range(p))
            specs.append(GameSpec(block * p + turn, setup, lineup, bot_seeds, game, module,
                                  move_seconds, memory_mb, sub_game))
    return specs


def play_one(spec: GameSpec) -> GameResult:
    """Play one scheduled game to the end (a top-level function, so workers can run it).

    A participant's bot that breaks a rule (``solvers.sandbox.BotFault``) loses the game: its
    seat is played on by a random bot, it is never among the winners, and the reason is kept.
    """
    from solvers.sandbox import BotFault

    importlib.import_module(spec.module)  # registers the game in a fresh worker
    game = get_game(spec.game)
    bots: list[Bot] = []
    faults: dict[int, str] = {}
    try:
        for seat, (name, s) in enumerate(zip(spec.lineup, spec.bot_seeds, strict=True)):
            try:
                bots.append(make_bot(name, s, spec.game, move_seconds=spec.move_seconds,
                                     memory_mb=spec.memory_mb))
            except BotFault as fault:
                faults[seat] = fault.reason
                bots.append(RandomBot(s))
        return _play(spec, game, bots, faults)
    finally:
        for bot in bots:
            close = getattr(bot, "close", None)
            if callable(close):
                close()


def _play(spec: GameSpec, game: Game, bots: list[Bot], faults: dict[int, str]) -> GameResult:
    from solvers.sandbox import BotFault

    state = game.new_game(len(bots), spec.setup_seed)
    parts = _view(spec.game).parts or _no_parts
    cap = decision_cap(game, len(bots))
    # A participant who plays only a part of the game: the greedy bot decides the rest for it.
    inside = sub_games(spec.game)[spec.sub_game][1] if spec.sub_game else None
    stand_in = {seat: make_bot("greedy", spec.bot_seeds[seat], spec.game)
                for seat, bot in enumerate(bots)
                if inside is not None and getattr(bot, "participant", False)}
    decisions = 0
    seconds, searched = [0.0] * len(bots), [0] * len(bots)
    while not state.is_terminal():
        if decisions >= cap:  # see DEFAULT_CAP: nobody wins
            return GameResult(spec.index, spec.setup_seed, spec.lineup, tuple(state.scores()),
                              parts(state), (), ABANDONED, decisions, spec.game,
                              tuple(seconds), tuple(searched), tuple(sorted(faults.items())))
        seat = state.current_player
        legal = state.legal_action_ids()
        chooser = bots[seat]
        if seat in stand_in and inside is not None and not inside(state):
            chooser = stand_in[seat]
        clock = time.perf_counter if getattr(chooser, "participant", False) \
            else time.process_time
        start = clock()
        try:
            aid = chooser.choose(state)
        except BotFault as fault:  # the participant's bot lost; a random bot plays on
            faults[seat] = fault.reason
            bots[seat] = RandomBot(spec.bot_seeds[seat])
            aid = bots[seat].choose(state)
        seconds[seat] += clock() - start
        searched[seat] += len(legal) > 1
        if aid not in legal:  # a faulty built-in bot must not corrupt the game
            raise TournamentError(f"bot {spec.lineup[seat]!r} chose action "
                                  f"{aid}, which is not legal at {_where(state)}")
        state.apply_unchecked(aid)  # checked just above; no undo snapshots needed
        decisions += 1
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(spec.index, spec.setup_seed, spec.lineup, outcome.scores, parts(state),
                      _winners(outcome.winners, outcome.scores, faults), outcome.reason,
                      decisions, spec.game, tuple(seconds), tuple(searched),
                      tuple(sorted(faults.items())))


def _winners(winners: Sequence[int], scores: Sequence[int], faults: dict[int, str]
             ) -> tuple[int, ...]:
    """The winners less the seats that lost by a fault; when none is left, the best score
    among the others."""
    kept = tuple(w for w in winners if w not in faults)
    if kept or not faults:
        return kept
    others = [s for s in range(len(scores)) if s not in faults]
    if not others:
        return ()
    best = max(scores[s] for s in others)
    return tuple(s for s in others if scores[s] == best)


def sub_games(game: str) -> dict[str, tuple[str, Callable[[Any], bool]]]:
    """The parts of ``game`` a participant's bot may play alone (``SUB_GAMES`` of
    ``solvers.<game>.bots``): name -> (what it is, whether a decision is in it)."""
    return dict(getattr(game_solvers(game), "SUB_GAMES", {}))


def decision_cap(game: Game, players: int) -> int:
    """How many decisions a tournament game of ``game`` with ``players`` may take before it is
    abandoned: MAX_DECISIONS when set, else the game's length bound (DEFAULT_CAP for a game
    that knows none)."""
    if MAX_DECISIONS is not None:
        return MAX_DECISIONS
    bound = game.length_bound(players)
    return DEFAULT_CAP if bound is None else bound


def _short(value: Any) -> str:
    """A value for a message, its first 20 characters when longer."""
    text = repr(value)
    return text if len(text) <= 23 else text[:20] + "..."


def _no_parts(state: Any) -> tuple[tuple[int, ...], ...]:
    return tuple(() for _ in state.scores())


def _where(state: Any) -> str:
    """Where a game stands, for an error: its pending decision's name when it has one."""
    decision = getattr(state, "decision", None)
    return f"'{decision()}'" if callable(decision) else f"decision {len(state.history) + 1}"


def run_tournament(bots: Sequence[str], games: int, seed: int = 0, players: int | None = None,
                   workers: int = 1, dask: str | None = None,
                   progress: bool = True, game: str = DEFAULT_GAME, move_seconds: float = 1.0,
                   memory_mb: int = 1024, sub_game: str = "") -> TournamentResult:
    """Play a tournament of ``game`` and summarise it; the same answer for any ``workers`` or
    cluster.

    ``workers`` > 1 plays in that many processes; ``dask`` (a scheduler address such as
    ``tcp://host:8786``) plays on a Dask cluster instead. ``progress`` shows a tqdm bar on a
    terminal. Raises TournamentError for bad settings or an unreachable cluster, before any game.
    """
    specs = schedule(bots, games, seed, players, game, move_seconds, memory_mb, sub_game)
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers \
            <= MAX_WORKERS:
        raise TournamentError(f"workers must be a whole number from 1 to {MAX_WORKERS}, not "
                              f"{_short(workers)}")
    for name in sorted({n for spec in specs for n in spec.lineup}):
        try:  # fail here, not in a worker, when a bot cannot be built (a file: its path)
            canonical(name, game) if is_participant(name) else make_bot(name, 0, game)
        except BotError as exc:
            raise TournamentError(str(exc)) from None
    from tqdm import tqdm

    results: list[GameResult | None] = [None] * len(specs)
    with tqdm(total=len(specs), desc="games", unit="game", disable=None if progress else True,
              leave=False) as bar:
        source = _on_dask(specs, dask) if dask else _in_processes(specs, workers)
        for result in source:
            results[result.index] = result
            bar.update(1)
    done = tuple(r for r in results if r is not None)
    names = _bot_names(bots, _game(game))
    return TournamentResult(tuple(names), len(specs[0].lineup), seed, done,
                            tuple(bot_stats(done, name) for name in names), game)


def _in_processes(specs: list[GameSpec], workers: int,
                  play: Callable[[GameSpec], GameResult] = play_one) -> Iterator[GameResult]:
    """The results of ``play`` on every spec, in ``workers`` processes, as they finish.

    "spawn": a fresh interpreter per worker, safe whatever threads the caller runs. Workers
    ignore Ctrl-C, so only this process reports it. A worker that dies (killed, out of memory,
    ``os._exit``) is a TournamentError at once, where a ``multiprocessing.Pool`` would wait for
    its lost game for ever; leaving (finished, failed or interrupted) stops every worker.
    """
    if workers == 1:
        yield from map(play, specs)
        return
    # SIGINT and SIGTERM wait while the workers start: a signal in the middle of a spawn
    # leaves a half-started child that prints a traceback (the workers unblock them).
    blocked = signal.pthread_sigmask(signal.SIG_BLOCK, _STOP_SIGNALS)
    try:
        pool = ProcessPoolExecutor(workers, mp_context=get_context("spawn"),
                                   initializer=_worker_start)
    except BaseException:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        raise
    try:
        try:
            futures = [pool.submit(play, spec) for spec in specs]
        finally:
            # A signal that came while blocked is raised here, inside the block whose
            # ``finally`` stops the pool: raised outside it, the interpreter's exit would wait
            # for every queued game (a SIGTERM then took minutes to end a tournament).
            signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
        for done, future in enumerate(as_completed(futures)):
            try:
                result = future.result()
            except BrokenProcessPool:
                raise TournamentError(f"a worker process died (killed, or out of memory?) "
                                      f"with {len(specs) - done} of {len(specs)} games "
                                      f"unfinished; the tournament is stopped") from None
            yield result
    finally:
        _stop(pool)


def _stop(pool: ProcessPoolExecutor) -> None:
    """Stop every worker now: games still running are abandoned, not waited for."""
    # ProcessPoolExecutor can only terminate its workers from Python 3.14 on
    # (terminate_workers); before that its process table is the one way in.
    procs = list((getattr(pool, "_processes", None) or {}).values())
    for proc in procs:
        if proc.is_alive():
            proc.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.join(timeout=5)
        if proc.is_alive():  # still starting, its stop signals blocked: SIGKILL is not
            proc.kill()
            proc.join(timeout=5)


_STOP_SIGNALS = {signal.SIGINT, signal.SIGTERM}


def _worker_start() -> None:
    """In each worker: Ctrl-C is the parent's to report; SIGTERM ends the worker silently."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, _STOP_SIGNALS)


def _on_dask(specs: list[GameSpec], address: str) -> Iterator[GameResult]:
    try:
        from distributed import Client
        from distributed import as_completed as dask_completed
    except ImportError:
        raise TournamentError("--dask needs the 'distributed' package (pip install "
                              "'kraftwagen-lab[cluster]')") from None
    try:
        client = Client(address, timeout=DASK_TIMEOUT)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:
        raise TournamentError(f"cannot connect to the Dask scheduler at {address!r}: "
                              f"{exc}") from None
    try:
        futures = client.map(play_one, specs, pure=False)
        for future in dask_completed(futures):
            yield future.result()
    finally:
        client.close()


def _bot_names(bots: Sequence[str], game: Game) -> list[str]:
    if isinstance(bots, str) or not bots:
        raise TournamentError("name the bots as a list, e.g. ['greedy', 'random']")
    try:
        names = [canonical(b, game.name) for b in bots]
    except BotError as exc:
        raise TournamentError(str(exc)) from None
    if len(set(names)) != len(names):
        raise TournamentError(f"each bot may be named once, not {', '.join(names)} (for "
                              f"self-play name one bot and set the number of companies)")
    return names


# --- statistics -----------------------------------------------------------------------------------
def bot_stats(games: Sequence[GameResult], bot: str) -> BotStats:
    """The statistics of ``bot`` over every seat it held in ``games`` (scipy.stats intervals;
    the mean points by the game's score sources)."""
    from scipy import stats

    scores: list[int] = []
    parts: list[tuple[int, ...]] = []
    wins = shared = 0
    players = len(games[0].lineup)
    for g in games:
        for seat, name in enumerate(g.lineup):
            if name != bot:
                continue
            scores.append(g.scores[seat])
            parts.append(g.parts[seat])
            if seat in g.winners:
                wins += len(g.winners) == 1
                shared += len(g.winners) > 1
    n = len(scores)
    test = stats.binomtest(wins, n, 1 / players)
    ci = test.proportion_ci(CONFIDENCE, method="wilson")
    mean = sum(scores) / n
    sem = float(stats.sem(scores)) if n > 1 else math.nan
    if n > 1 and sem > 0:
        low, high = stats.t.interval(CONFIDENCE, n - 1, loc=mean, scale=sem)
        score_ci = (float(low), float(high))
    else:  # one game, or every score equal: no spread to estimate
        score_ci = (mean, mean) if n > 1 else (math.nan, math.nan)
    sources = _view(games[0].game).sources
    by_source = {src: sum(p[i] for p in parts) / n for i, src in enumerate(sources)}
    return BotStats(bot, n, wins, shared, wins / n, (float(ci.low), float(ci.high)),
                    float(test.pvalue), mean, score_ci, by_source)


def _game_from_dict(g: dict[str, Any]) -> GameResult:
    return GameResult(
        int(g["index"]), int(g["setup_seed"]), tuple(map(str, g["lineup"])),
        tuple(map(int, g["scores"])), tuple(tuple(map(int, p)) for p in g["parts"]),
        tuple(map(int, g["winners"])), str(g["reason"]), int(g["decisions"]), str(g["game"]),
        tuple(map(float, g.get("cpu_seconds", ()))), tuple(map(int, g.get("searched", ()))),
        tuple((int(seat), str(reason)) for seat, reason in g.get("faults", ())))


def from_games(games: Sequence[GameResult], seed: int = 0) -> TournamentResult:
    """One tournament of ``games`` played in several rounds (a class's rounds, one after
    another): numbered again in their order, its bots every bot that played (in order of first
    appearance), its statistics made anew; ``seed`` is the first round's. TournamentError when
    there are no games or they mix games or table sizes (their statistics would not compare)."""
    if not games:
        raise TournamentError("no games to make a tournament of")
    first = games[0]
    for g in games:
        if g.game != first.game or len(g.lineup) != len(first.lineup):
            raise TournamentError(f"the games mix {first.game} at {len(first.lineup)} seats "
                                  f"with {g.game} at {len(g.lineup)} seats")
    numbered = tuple(replace(g, index=i) for i, g in enumerate(games))
    bots = tuple(dict.fromkeys(b for g in numbered for b in g.lineup))
    return TournamentResult(bots, len(first.lineup), seed, numbered,
                            tuple(bot_stats(numbered, b) for b in bots), first.game)


def save(result: TournamentResult, path: str | Path) -> None:
    """Write ``result`` as JSON (every game; ``load`` reads it back)."""
    Path(path).write_text(json.dumps(result.to_dict()) + "\n", encoding="utf-8")


def load(path: str | Path) -> TournamentResult:
    """A tournament ``save`` wrote; TournamentError when the file is not one."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError) as exc:
        raise TournamentError(f"cannot read {path}: {exc}") from None
    if not isinstance(data, dict):
        raise TournamentError(f"{path} is not a saved tournament")
    return TournamentResult.from_dict(data)


def head_to_head(result: TournamentResult) -> tuple[list[str], list[list[float | None]]]:
    """The bots and, for each pair, the share of their common games in which the row's bot
    finished ahead of the column's (level counts half; None: they never met)."""
    bots = list(result.bots)
    score = {(a, b): [0.0, 0] for a in bots for b in bots if a != b}
    for g in result.games:
        keys: dict[str, tuple[bool, bool, int]] = {}
        for seat, bot in enumerate(g.lineup):
            keys[bot] = max(keys.get(bot, finish_key(g, seat)), finish_key(g, seat))
        for a in keys:
            for b in keys:
                if a != b:
                    cell = score[(a, b)]
                    cell[0] += 1.0 if keys[a] > keys[b] else 0.5 if keys[a] == keys[b] else 0.0
                    cell[1] += 1
    matrix = [[score[(a, b)][0] / score[(a, b)][1] if a != b and score[(a, b)][1] else None
               for b in bots] for a in bots]
    return bots, matrix


def finish_key(result: GameResult, seat: int) -> tuple[bool, bool, int]:
    """How far ``seat`` finished, larger is better: not lost by a fault, a winner, the score."""
    faulted = {s for s, _ in result.faults}
    return (seat not in faulted, seat in result.winners, result.scores[seat])


def placings(result: GameResult) -> tuple[int, ...]:
    """Each seat's place (1 is first; equal finishes share a place), by ``finish_key``."""
    keys = [finish_key(result, s) for s in range(len(result.lineup))]
    return tuple(1 + sum(other > key for other in keys) for key in keys)


@dataclass(frozen=True)
class Rating:
    """A bot's rating from the places of every game it played (openskill's Plackett-Luce
    model): ``mu`` and its uncertainty ``sigma``; ``interval`` is mu +- 1.96 sigma."""

    bot: str
    mu: float
    sigma: float
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        """About 95% of the belief about the bot's strength."""
        return (self.mu - 1.96 * self.sigma, self.mu + 1.96 * self.sigma)


def ratings(result: TournamentResult) -> list[Rating]:
    """Every bot's rating from the games in order, best first (by mu - 3 sigma, the
    conservative ordinal). Multi-player and unequal tables are what the model is for; a bot in
    several seats of a game is rated by its best seat."""
    out, _ = _rate(result)
    return sorted(out, key=lambda r: -(r.mu - 3 * r.sigma))


def rating_history(result: TournamentResult) -> dict[str, list[tuple[int, float]]]:
    """Each bot's rating (mu) after each game it played, as (games played in the tournament so
    far, mu): the progress of a long tournament."""
    return _rate(result)[1]


def _rate(result: TournamentResult) -> tuple[list[Rating], dict[str, list[tuple[int, float]]]]:
    """The ratings after every game (openskill's Plackett-Luce), in one pass."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = {bot: model.rating(name=bot) for bot in result.bots}
    games = dict.fromkeys(result.bots, 0)
    history: dict[str, list[tuple[int, float]]] = {bot: [] for bot in result.bots}
    for n, g in enumerate(result.games, start=1):
        if g.reason == ABANDONED:
            continue
        places = placings(g)
        best: dict[str, int] = {}
        for seat, bot in enumerate(g.lineup):
            best[bot] = min(best.get(bot, places[seat]), places[seat])
        if len(best) < 2:
            continue
        bots = list(best)
        rated = model.rate([[current[b]] for b in bots], ranks=[best[b] for b in bots])
        for b, team in zip(bots, rated, strict=True):
            current[b] = team[0]
            games[b] += 1
            history[b].append((n, float(team[0].mu)))
    out = [Rating(b, float(r.mu), float(r.sigma), games[b]) for b, r in current.items()]
    return out, history


def rating_lines(rated: Sequence[Rating]) -> list[str]:
    """The ratings as a text table, best first."""
    lines = [f"{'rating (Plackett-Luce, openskill)':<36} {'mu':>6} {'95% interval':>16} "
             f"{'games':>6}"]
    for r in rated:
        low, high = r.interval
        lines.append(f"{_short_name(r.bot):<36} {r.mu:>6.1f} {f'{low:.1f} to {high:.1f}':>16} "
                     f"{r.games:>6}")
    return lines


def _short_name(bot: str) -> str:
    """A participant's file by its name alone, for tables."""
    return bot.rsplit("/", 1)[-1] if bot.endswith(".py") else bot


def fault_lines(result: TournamentResult) -> list[str]:
    """The games participants' bots lost by a fault: one line per bot, with how many games and
    the first one's reason."""
    found: dict[str, list[tuple[int, str]]] = {}
    for g in result.games:
        for seat, reason in g.faults:
            found.setdefault(g.lineup[seat], []).append((g.index + 1, reason))
    if not found:
        return []
    lines = ["", "Bots that lost games by breaking a rule of the tournament (a random bot played "
                 "their seat on):"]
    for bot, lost in found.items():
        first, reason = lost[0]
        lines.append(f"  {_short_name(bot)} lost {_games(len(lost))}; first in game {first}: "
                     f"{reason}")
    return lines


def check_bot(path: str, game: str = DEFAULT_GAME, players: int | None = None,
              rivals: Sequence[str] = ("greedy", "random"), seed: int = 0,
              move_seconds: float = 1.0, sub_game: str = "") -> list[str]:
    """"Test my bot": a participant's file played against ``rivals`` for one game in every
    seat, told in plain words (how it finished, its time per move, every rule it broke);
    ``sub_game``: the bot plays only that part of the game (``sub_games``)."""
    name = str(path)
    described = _game(game)
    p = players or min(described.max_players, max(described.min_players, 1 + len(rivals)))
    lineup = [name, *rivals[:p - 1]]
    try:
        result = run_tournament(lineup, p * max(1, len(lineup) // p), seed=seed, players=p,
                                progress=False, game=game, move_seconds=move_seconds,
                                sub_game=sub_game)
    except TournamentError as exc:
        return [f"Your bot could not play: {exc}"]
    mine = [(g, g.lineup.index(name)) for g in result.games]
    places = [placings(g)[seat] for g, seat in mine]
    short = _short_name(name)
    lines = [f"{short} played {_games(len(mine))} of {described.title.split(':')[0]} against "
             f"{', '.join(rivals[:p - 1])}, once from every seat: "
             + ", ".join(f"{_ordinal(pl)}" for pl in places) + "."]
    seconds = sum(g.cpu_seconds[s] for g, s in mine)
    moves = sum(g.searched[s] for g, s in mine)
    if moves:
        lines.append(f"It took {1000 * seconds / moves:.0f} ms a move where it had a choice "
                     f"(the limit is {move_seconds:g} s a move).")
    broken = [(g.index + 1, reason) for g, seat in mine for s, reason in g.faults if s == seat]
    if broken:
        game_no, reason = broken[0]
        lines.append(f"It broke a rule in {_games(len(broken))} and lost them; the first, in "
                     f"game {game_no}: it {reason}.")
    else:
        lines.append("It broke no rule: ready for the tournament.")
    return lines


def _games(n: int) -> str:
    return f"{n} game" if n == 1 else f"{n} games"


def _ordinal(place: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


# --- reporting ------------------------------------------------------------------------------------
def report_lines(result: TournamentResult) -> list[str]:
    """The tournament as a text table, one row per bot, best win rate first."""
    n, p = len(result.games), result.players
    view = _view(result.game)
    seating = (f"every bot in every seat {n // len(result.bots)} time(s)"
               if len(result.bots) <= p else
               f"{len(result.bots)} bots at tables of {p}, seats rotated at each table")
    width = max(14, *(len(_short_name(b)) for b in result.bots))
    lines = [f"{n} games, {p} {view.players}, seed {result.seed}; {seating}",
             "",
             f"{'bot':<{width}} {'seats':>5} {'wins':>5} {'win rate (95% CI)':>24} {'p':>8} "
             f"{'shared':>6} {'mean score (95% CI)':>26}"
             + "".join(f" {label:>6}" for label in view.labels)]
    for s in sorted(result.stats, key=lambda s: (-s.win_rate, -s.mean_score)):
        # "a to b": a hyphen between two numbers misreads as a minus sign ("-6.6-63.2").
        rate = f"{s.win_rate:.1%} ({s.win_ci[0]:.0%} to {s.win_ci[1]:.0%})"
        score = f"{s.mean_score:.1f} ({s.score_ci[0]:.1f} to {s.score_ci[1]:.1f})"
        parts = "".join(f" {s.parts[src]:>6.1f}" for src in view.sources)
        lines.append(f"{_short_name(s.bot):<{width}} {s.seats:>5} {s.wins:>5} {rate:>24} "
                     f"{s.p_value:>8.2g} {s.shared:>6} {score:>26}{parts}")
    broken = sum(1 for g in result.games if g.reason == view.tie_reason)
    rule = f" ({view.shared_rule})" if view.shared_rule else ""
    ties = "ties broken" + view.tie_reason.removeprefix("tie broken") \
        if view.tie_reason.startswith("tie broken") else f"{view.tie_reason} (ties)"
    lines += ["", f"shared wins{rule}: {result.shared_games} of {n} games; {ties}: {broken}; "
                  f"abandoned after {decision_cap(_game(result.game), p):,} decisions "
                  f"(nobody wins): "
                  f"{result.abandoned}; p: binomial test of the wins against 1/{p}"]
    return lines


def plot(result: TournamentResult) -> Figure:
    """Win rates with 95% intervals and the mean score by source, as a matplotlib Figure."""
    from matplotlib.figure import Figure

    fig = Figure(figsize=(10, 4), layout="constrained")
    rates, scores = fig.subplots(1, 2)
    names = [s.bot for s in result.stats]
    x = list(range(len(names)))
    rate = [s.win_rate for s in result.stats]
    err = [[r - s.win_ci[0] for r, s in zip(rate, result.stats, strict=True)],
           [s.win_ci[1] - r for r, s in zip(rate, result.stats, strict=True)]]
    rates.bar(x, rate, yerr=err, capsize=4, color="tab:blue")
    rates.axhline(1 / result.players, color="grey", linestyle="--", label="fair share")
    rates.set(xticks=x, xticklabels=names, ylim=(0, 1), ylabel="outright win rate",
              title=f"Wins in {len(result.games)} games (95% CI)")
    rates.legend()
    bottom = [0.0] * len(names)
    sources = _view(result.game).sources
    if not sources:  # a game without score sources: the mean score alone
        scores.bar(x, [s.mean_score for s in result.stats], label="score")
    for src in sources:
        height = [s.parts[src] for s in result.stats]
        scores.bar(x, height, bottom=bottom, label=src.replace("_", " "))
        bottom = [b + h for b, h in zip(bottom, height, strict=True)]
    scores.errorbar(x, [s.mean_score for s in result.stats], fmt="none", ecolor="black",
                    capsize=4, yerr=[[s.mean_score - s.score_ci[0] for s in result.stats],
                                     [s.score_ci[1] - s.mean_score for s in result.stats]])
    scores.set(xticks=x, xticklabels=names, ylabel="mean score",
               title="Mean score by source (95% CI of the total)")
    scores.legend(fontsize="small")
    return fig


def _or_nan(value: float | None) -> float:
    return math.nan if value is None else value


def plot_class(result: TournamentResult) -> Figure:
    """A class tournament in four panels (matplotlib Figure): the ratings ranked with their 95%
    intervals, each bot's scores as a box plot in the same order, the head-to-head matrix (how
    often the row's bot finished ahead of the column's), and the ratings game by game."""
    from matplotlib.figure import Figure

    rated = ratings(result)
    order = [r.bot for r in rated]
    names = [_short_name(b) for b in order]
    # 10 x 7 inches: drawn at its size in a notebook, so its text stays at least 11 px
    fig = Figure(figsize=(10, 7), layout="constrained")
    (rank, spread), (matrix_ax, progress) = fig.subplots(2, 2)
    y = list(range(len(order)))[::-1]
    rank.errorbar([r.mu for r in rated], y, xerr=[[1.96 * r.sigma for r in rated]] * 2,
                  fmt="o", capsize=4)
    rank.set(yticks=y, yticklabels=names, xlabel="rating (Plackett-Luce mu, 95% interval)",
             title="Ratings, best first (by mu - 3 sigma)")
    scores = {b: [g.scores[s] for g in result.games for s, n in enumerate(g.lineup) if n == b]
              for b in order}
    spread.boxplot([scores[b] for b in order[::-1]], orientation="horizontal")
    spread.set(yticks=[i + 1 for i in range(len(order))], yticklabels=names[::-1],
               xlabel="score in a game", title="Scores of every game")
    bots, cells = head_to_head(result)
    index = [bots.index(b) for b in order]
    grid = [[_or_nan(cells[i][j]) for j in index] for i in index]
    matrix_ax.imshow(grid, vmin=0, vmax=1, cmap="RdBu")
    for i in range(len(order)):
        for j in range(len(order)):
            if not math.isnan(grid[i][j]):
                dark = not 0.2 < grid[i][j] < 0.8  # the colour map's ends: white text
                matrix_ax.text(j, i, f"{grid[i][j]:.0%}", ha="center", va="center", fontsize=9,
                               color="white" if dark else "black")
    matrix_ax.set(xticks=list(range(len(order))), xticklabels=names,
                  yticks=list(range(len(order))), yticklabels=names,
                  title="Head to head: row ahead of column")
    matrix_ax.tick_params(axis="x", labelrotation=45)
    for bot, points in rating_history(result).items():
        if points:
            progress.plot([n for n, _ in points], [mu for _, mu in points],
                          label=_short_name(bot))
    progress.set(xlabel="games played", ylabel="rating (mu)", title="Ratings as the games came")
    progress.legend(fontsize="small")
    return fig


__all__ = ["ABANDONED", "BotStats", "DEFAULT_CAP", "GameResult", "GameSpec", "MAX_DECISIONS",
           "Rating", "TournamentError", "TournamentResult", "bot_stats", "check_bot",
           "decision_cap", "fault_lines", "finish_key", "from_games", "game_module",
           "head_to_head", "load", "placings", "play_one", "plot", "plot_class",
           "rating_history", "rating_lines", "ratings", "report_lines", "run_tournament", "save",
           "schedule", "sub_games"]
