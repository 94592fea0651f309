"""Formel 1's solver for ``kw solve``: the race search, and the auction by backward induction,
as one ``Answer``.

``SOLVER`` keeps the solve contract (``solvers.solve.Solver``). With every hand in the position
the race search is exact (``race.solve``: proven, or a bound when a budget stops it), and the
answer says that it saw the other hands; with ``hidden`` it solves from what the player to move
sees (``race.estimate``: the other hands sampled, an estimate with its interval). A progress bar
(tqdm, on a terminal only) counts the first decisions solved, or the deals. The puzzles
(``solvers.formel1.puzzles``) are race puzzles, solved with their rival model, and auction
puzzles, solved by backward induction under their stated valuations. The ``formel1`` core is
imported only when something is solved.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from solvers.answer import Alternative, Answer, Effort, finite, moves
from solvers.solve import Puzzle, SolveError, SolverOption

GAME = "formel1"
RIVAL_MODELS = ("maxn", "paranoid", "scripted")  # race.RIVAL_MODELS, named without an import
UNIT = "($1K) prize money this race"
#: How many moves of a refuting line the details show.
LINE_SHOWN = 8

OPTIONS = (
    SolverOption("rivals", str, "how rivals play (default maxn; scripted: --script, then the "
                                "greedy bot)", choices=RIVAL_MODELS,
                 metavar="MODEL"),
    SolverOption("script", str, "the rivals' decisions, in order (with --rivals scripted)",
                 many=True, metavar="ACTION"),
    SolverOption("budget", float, "time budget in seconds (default 60)",
                 metavar="SECONDS"),
    SolverOption("nodes", int, "node budget (default 2,000,000)"),
    SolverOption("hidden", bool, "solve from what the player to move sees (the other hands "
                                 "sampled: an estimate)"),
    SolverOption("samples", int, "with --hidden: deals sampled (default 30)"),
)


class Formel1Solver:
    """Formel 1's ``Solver`` (module docstring)."""

    game = GAME
    title = "Formel 1: the race search (auction puzzles by backward induction)"
    options = OPTIONS

    def solve(self, state: Any, options: Mapping[str, Any]) -> Answer:
        """The race search's answer for the player to move under ``options``."""
        return race_answer(state, options)

    def puzzles(self) -> list[Puzzle]:
        """The shipped race and auction puzzles."""
        from solvers.formel1.puzzles import load_puzzles

        return [Puzzle(GAME, p.name, p.kind, p.title, p.difficulty, p.state().players,
                       p.question, p.state, _puzzle_answer(p)) for p in load_puzzles()]

    def commands(self, sub: Any) -> None:
        """Formel 1 has no command of its own."""


SOLVER = Formel1Solver()


def _puzzle_answer(puzzle: Any) -> Callable[[Mapping[str, Any]], Answer]:
    def answer(options: Mapping[str, Any]) -> Answer:
        if puzzle.kind == "auction":
            if options:
                raise SolveError(f"--{sorted(options)[0].replace('_', '-')} does not apply to "
                                 f"an auction puzzle (bids are solved by backward induction)")
            return auction_answer(puzzle)
        return race_answer(puzzle.state(), {"rivals": puzzle.rivals} | dict(options))

    return answer


# --- the race -------------------------------------------------------------------------------------
def race_answer(state: Any, options: Mapping[str, Any]) -> Answer:
    """The race search for the player to move (defaults: max^n rivals, 60 s and 2,000,000
    nodes, 30 deals when hidden); SolveError for a bad request."""
    from solvers.formel1 import race

    settings: dict[str, Any] = {"rivals": options.get("rivals") or "maxn"}
    hidden = bool(options.get("hidden"))
    if options.get("script") is not None:
        if settings["rivals"] != "scripted":
            raise SolveError("--script is given only with --rivals scripted")
        settings["script"] = tuple(options["script"])
    if options.get("budget") is not None:
        settings["time_budget"] = options["budget"]
    if options.get("nodes") is not None:
        settings["node_budget"] = options["nodes"]
    if options.get("samples") is not None:
        if not hidden:
            raise SolveError("--samples is given only with --hidden")
        settings["samples"] = options["samples"]
    try:
        config = race.RaceConfig(**settings)
        config.check()
        with _progress("deals" if hidden else "decisions") as update:
            if hidden:
                return _estimate_answer(race.estimate(state, config=config, on_progress=update))
            return _plan_answer(race.solve(state, config=config, on_progress=update))
    except race.RaceSearchError as exc:
        raise SolveError(str(exc)) from None


def _player(seat: int) -> str:
    return f"Player {seat}"


def _plan_answer(result: Any) -> Answer:
    proven = result.status == "proven"
    refuting = {a.action: _moves(a.line[1:]) for a in result.alternatives
                if a.proven and len(a.line) > 1}
    return Answer(
        game=GAME, player=_player(result.player), best=result.best, value=result.value,
        unit=f"{UNIT} (rivals {result.rivals})", kind="proven" if proven else "bound",
        upper=None if proven else finite(result.upper), status=result.status_text(),
        line=moves(result.line),
        alternatives=tuple(Alternative(a.action, a.value, "proven" if a.proven else "bound",
                                       a.value if a.proven else finite(a.upper))
                           for a in result.alternatives),
        caveats=("Every hand was known to the search (a position file holds them all): a "
                 "player at the table does not see the others' cards (--hidden solves from "
                 "what he sees).",
                 f"Rivals are modelled as {result.rivals}.")
        + ((f"Lines were cut {result.depth_cut:,} decisions deep: past the cut no further "
            f"prize money is counted, so the values are estimates.",)
           if result.depth_cut else ()),
        effort=Effort(result.nodes, result.seconds),
        details={"rivals": result.rivals, "stopped": result.stopped or None,
                 "prizes": list(result.prizes), "refuting_lines": refuting})


def _estimate_answer(result: Any) -> Answer:
    best = result.decisions[0]
    return Answer(
        game=GAME, player=_player(result.player),
        best=result.best if result.solved_any else None, value=best.mean,
        unit=f"{UNIT}, mean (hidden hands, rivals {result.rivals})", kind="estimate",
        interval=(best.low, best.high), samples=result.samples, status=result.status_text(),
        alternatives=tuple(Alternative(d.action, d.mean, "estimate", None, (d.low, d.high))
                           for d in result.decisions),
        caveats=(f"The hidden hands were sampled ({result.samples} deals), each deal solved "
                 f"with open hands: an estimate, not a proof.",)
        + ((f"{result.bounded_samples} deal(s) stopped on the budget: their values are lower "
            f"bounds.",) if result.bounded_samples else ()),
        effort=Effort(result.nodes, result.seconds),
        details={"rivals": result.rivals, "bounded_samples": result.bounded_samples,
                 "decisions": [{"action": d.action, "mean": d.mean, "low": d.low,
                                "high": d.high, "sd": d.sd} for d in result.decisions]})


def _moves(line: Sequence[tuple[str, str]]) -> str:
    shown = "; ".join(f"{who}: {text}" for who, text in line[:LINE_SHOWN])
    return shown + ("; ..." if len(line) > LINE_SHOWN else "")


class _progress:
    """A tqdm bar while the search runs (disabled when stderr is no terminal)."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.bar: Any = None

    def __enter__(self) -> Callable[[int, int], None]:
        from tqdm import tqdm

        self.bar = tqdm(desc="kw solve", unit=self.unit, leave=False, disable=None)

        def update(done: int, total: int) -> None:
            self.bar.total = total
            self.bar.n = done
            self.bar.refresh()

        return update

    def __exit__(self, *exc: object) -> None:
        self.bar.close()


# --- the auction ---------------------------------------------------------------------------------
def auction_answer(puzzle: Any) -> Answer:
    """An auction puzzle solved again by backward induction under its stated valuations."""
    from solvers.formel1 import auction
    from solvers.formel1.puzzles import AUCTION_RIVALS, mover_payoffs

    start = time.perf_counter()
    state = puzzle.state()
    solution = auction.solve_auction(state, puzzle.values)
    ranked = mover_payoffs(solution, state.current_player)
    best = ranked[0][1]
    return Answer(
        game=GAME, player=_player(state.current_player), best=solution.best, value=float(best),
        unit="($1K) expected payoff (the cars' stated values less the price)", kind="proven",
        status=f"Proven by backward induction ({AUCTION_RIVALS}, ties to the lowest action id).",
        line=moves(solution.line),
        alternatives=tuple(Alternative(a, float(v), "proven", float(v)) for a, v in ranked),
        caveats=("The cars' values are the puzzle's stated valuations, not what the cars earn "
                 "in a race.",),
        effort=Effort(solution.positions, time.perf_counter() - start),
        details={"rivals": AUCTION_RIVALS, "exact": str(best),
                 "payoffs": [str(v) for v in solution.payoffs],
                 "exact_alternatives": {a: str(v) for a, v in ranked},
                 "positions": solution.positions})


__all__ = ["GAME", "OPTIONS", "SOLVER", "Formel1Solver", "auction_answer", "race_answer"]
