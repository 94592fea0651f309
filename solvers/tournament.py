"""Tournaments between bots: seeded games, seats rotated, parallel or on a Dask cluster.

Covers issue "Bots, OpenSpiel integration, tournaments", part "Tournaments". Games come in blocks,
one per setup seed: a block plays the same setup once for each rotation of the line-up, so every
bot sits in every seat equally often and meets the same deals (a duplicate tournament). The setup
and bot seeds are drawn up front from ``seed``, and results are put back in game order, so the
answer is the same for any number of workers and on a Dask cluster.

Reported per bot: outright wins with a 95% Wilson interval and a binomial test against the fair
share 1/players (scipy.stats), shared wins (RULINGS K24: equal reputation and equal engineers),
the mean score with a 95% t interval, and the mean score by source (sales, Grand Prix,
achievements, buyers: ``Company.score_parts``). ``plot`` draws it (matplotlib, no pyplot state).
"""

from __future__ import annotations

import math
import random
import signal
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from dataclasses import asdict, dataclass
from multiprocessing import get_context
from typing import TYPE_CHECKING, Any

from kwcore import new_game
from kwcore.state import SCORE_SOURCES
from solvers.bots import BotError, canonical, make_bot

if TYPE_CHECKING:
    from matplotlib.figure import Figure

CONFIDENCE = 0.95
DASK_TIMEOUT = "10s"  # how long to wait for a Dask scheduler before giving up
_SEED_RANGE = 2**31
# The rules set no bound on a round: it ends only when the market marker runs out or the market
# fills (RULINGS K3, K4), and nothing forces a company to take a tile with Attract buyer or to
# place a car. Two bots can avoid both for ever (seen in planner against greedy). A game still
# going after this many decisions is abandoned: nobody wins it, its scores are those reached. A
# game usually takes about 230 decisions; random play never needed more than 443 in 1,500 games.
MAX_DECISIONS = 2000
ABANDONED = "abandoned after the decision cap"


class TournamentError(ValueError):
    """The tournament cannot be run as asked (bots, games, players, workers, cluster)."""


@dataclass(frozen=True)
class GameSpec:
    """One game to play: its number, setup seed, the bot spec and seed in each seat."""

    index: int
    setup_seed: int
    lineup: tuple[str, ...]
    bot_seeds: tuple[int, ...]


@dataclass(frozen=True)
class GameResult:
    """How one game ended (seat order); ``winners`` has several seats for a shared win."""

    index: int
    setup_seed: int
    lineup: tuple[str, ...]
    scores: tuple[int, ...]
    parts: tuple[tuple[int, ...], ...]  # per seat: points by SCORE_SOURCES
    winners: tuple[int, ...]
    reason: str
    decisions: int


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
    parts: dict[str, float]  # mean points by source


@dataclass(frozen=True)
class TournamentResult:
    """Settings, every game in order, and the per-bot statistics."""

    bots: tuple[str, ...]
    players: int
    seed: int
    games: tuple[GameResult, ...]
    stats: tuple[BotStats, ...]

    @property
    def shared_games(self) -> int:
        """Games that ended in a shared win (RULINGS K24)."""
        return sum(1 for g in self.games if len(g.winners) > 1)

    @property
    def abandoned(self) -> int:
        """Games abandoned after MAX_DECISIONS decisions (nobody won them)."""
        return sum(1 for g in self.games if g.reason == ABANDONED)

    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready data."""
        return {"bots": list(self.bots), "players": self.players, "seed": self.seed,
                "games": len(self.games), "shared_games": self.shared_games,
                "abandoned": self.abandoned,
                "stats": [asdict(s) for s in self.stats],
                "results": [asdict(g) for g in self.games]}


# --- scheduling and playing -----------------------------------------------------------------------
def schedule(bots: Sequence[str], games: int, seed: int = 0,
             players: int | None = None) -> list[GameSpec]:
    """The games of a tournament, in order; TournamentError when the request is bad.

    ``players`` defaults to the number of bots; it must be a multiple of it (each bot then has
    players/bots seats in every game), and ``games`` a multiple of ``players`` (one block of
    rotations per setup seed).
    """
    names = _bot_names(bots)
    p = len(names) if players is None else players
    if isinstance(p, bool) or not isinstance(p, int) or not 2 <= p <= 4:
        raise TournamentError(f"Kraftwagen is played by 2 to 4 companies, not {p!r}")
    if p % len(names):
        raise TournamentError(f"{len(names)} bots cannot share {p} seats equally: give a number "
                              f"of bots that divides the number of companies")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise TournamentError(f"the seed must be a whole number >= 0, not {seed!r}")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1 or games % p:
        raise TournamentError(f"the number of games must be a positive multiple of {p} (every "
                              f"bot in every seat equally often), not {games!r}")
    base = [names[i % len(names)] for i in range(p)]
    rng = random.Random(seed)
    specs = []
    for block in range(games // p):
        setup = rng.randrange(_SEED_RANGE)
        for turn in range(p):
            lineup = tuple(base[(seat + turn) % p] for seat in range(p))
            bot_seeds = tuple(rng.randrange(_SEED_RANGE) for _ in range(p))
            specs.append(GameSpec(block * p + turn, setup, lineup, bot_seeds))
    return specs


def play_one(spec: GameSpec) -> GameResult:
    """Play one scheduled game to the end (a top-level function, so workers can run it)."""
    bots = [make_bot(name, s) for name, s in zip(spec.lineup, spec.bot_seeds, strict=True)]
    state = new_game(len(bots), spec.setup_seed)
    decisions = 0
    while not state.is_terminal():
        if decisions >= MAX_DECISIONS:  # see MAX_DECISIONS: nobody wins
            return GameResult(spec.index, spec.setup_seed, spec.lineup,
                              tuple(c.reputation for c in state.companies),
                              tuple(tuple(c.score_parts) for c in state.companies), (),
                              ABANDONED, decisions)
        aid = bots[state.current_player].choose(state)
        if aid not in state.legal_action_ids():  # a faulty bot must not corrupt the game
            raise TournamentError(f"bot {spec.lineup[state.current_player]!r} chose action "
                                  f"{aid}, which is not legal at '{state.decision()}'")
        state.apply_unchecked(aid)  # checked just above; no undo snapshots needed
        decisions += 1
    outcome = state.outcome()
    assert outcome is not None
    return GameResult(spec.index, spec.setup_seed, spec.lineup, outcome.scores,
                      tuple(tuple(c.score_parts) for c in state.companies), outcome.winners,
                      outcome.reason, decisions)


def run_tournament(bots: Sequence[str], games: int, seed: int = 0, players: int | None = None,
                   workers: int = 1, dask: str | None = None,
                   progress: bool = True) -> TournamentResult:
    """Play a tournament and summarise it; the same answer for any ``workers`` or cluster.

    ``workers`` > 1 plays in that many processes; ``dask`` (a scheduler address such as
    ``tcp://host:8786``) plays on a Dask cluster instead. ``progress`` shows a tqdm bar on a
    terminal. Raises TournamentError for bad settings or an unreachable cluster, before any game.
    """
    specs = schedule(bots, games, seed, players)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise TournamentError(f"workers must be a whole number >= 1, not {workers!r}")
    for name in sorted(set(specs[0].lineup)):
        try:
            make_bot(name, 0)  # fail here, not in a worker, when a bot cannot be built
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
    names = _bot_names(bots)
    return TournamentResult(tuple(names), len(specs[0].lineup), seed, done,
                            tuple(bot_stats(done, name) for name in names))


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
        futures = [pool.submit(play, spec) for spec in specs]
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, blocked)
    try:
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


def _bot_names(bots: Sequence[str]) -> list[str]:
    if isinstance(bots, str) or not bots:
        raise TournamentError("name the bots as a list, e.g. ['greedy', 'random']")
    try:
        names = [canonical(b) for b in bots]
    except BotError as exc:
        raise TournamentError(str(exc)) from None
    if len(set(names)) != len(names):
        raise TournamentError(f"each bot may be named once, not {', '.join(names)} (for "
                              f"self-play name one bot and set the number of companies)")
    if len(names) > 4:
        raise TournamentError(f"at most 4 bots play in one game, not {len(names)}")
    return names


# --- statistics -----------------------------------------------------------------------------------
def bot_stats(games: Sequence[GameResult], bot: str) -> BotStats:
    """The statistics of ``bot`` over every seat it held in ``games`` (scipy.stats intervals)."""
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
    by_source = {src: sum(p[i] for p in parts) / n for i, src in enumerate(SCORE_SOURCES)}
    return BotStats(bot, n, wins, shared, wins / n, (float(ci.low), float(ci.high)),
                    float(test.pvalue), mean, score_ci, by_source)


# --- reporting ------------------------------------------------------------------------------------
def report_lines(result: TournamentResult) -> list[str]:
    """The tournament as a text table, one row per bot, best win rate first."""
    n, p = len(result.games), result.players
    lines = [f"{n} games, {p} companies, seed {result.seed}; every bot in every seat "
             f"{n // len(result.bots)} time(s)",
             "",
             f"{'bot':<14} {'seats':>5} {'wins':>5} {'win rate (95% CI)':>24} {'p':>8} "
             f"{'shared':>6} {'mean score (95% CI)':>26} {'sales':>6} {'GP':>6} {'achiev':>6} "
             f"{'buyers':>6}"]
    for s in sorted(result.stats, key=lambda s: (-s.win_rate, -s.mean_score)):
        # "a to b": a hyphen between two numbers misreads as a minus sign ("-6.6-63.2").
        rate = f"{s.win_rate:.1%} ({s.win_ci[0]:.0%} to {s.win_ci[1]:.0%})"
        score = f"{s.mean_score:.1f} ({s.score_ci[0]:.1f} to {s.score_ci[1]:.1f})"
        parts = " ".join(f"{s.parts[src]:>6.1f}" for src in SCORE_SOURCES)
        lines.append(f"{s.bot:<14} {s.seats:>5} {s.wins:>5} {rate:>24} {s.p_value:>8.2g} "
                     f"{s.shared:>6} {score:>26} {parts}")
    broken = sum(1 for g in result.games if g.reason == "tie broken by engineers")
    lines += ["", f"shared wins (RULINGS K24): {result.shared_games} of {n} games; ties broken "
                  f"by engineers: {broken}; abandoned after {MAX_DECISIONS:,} decisions (nobody "
                  f"wins): {result.abandoned}; p: binomial test of the wins against 1/{p}"]
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
    for src in SCORE_SOURCES:
        height = [s.parts[src] for s in result.stats]
        scores.bar(x, height, bottom=bottom, label=src.replace("_", " "))
        bottom = [b + h for b, h in zip(bottom, height, strict=True)]
    scores.errorbar(x, [s.mean_score for s in result.stats], fmt="none", ecolor="black",
                    capsize=4, yerr=[[s.mean_score - s.score_ci[0] for s in result.stats],
                                     [s.score_ci[1] - s.mean_score for s in result.stats]])
    scores.set(xticks=x, xticklabels=names, ylabel="mean reputation",
               title="Mean score by source (95% CI of the total)")
    scores.legend(fontsize="small")
    return fig


__all__ = ["ABANDONED", "MAX_DECISIONS", "BotStats", "GameResult", "GameSpec", "TournamentError",
           "TournamentResult", "bot_stats", "play_one", "plot", "report_lines", "run_tournament",
           "schedule"]
