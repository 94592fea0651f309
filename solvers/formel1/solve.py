"""Formel 1's solver for ``kw solve``: every race and auction decision valued, as one
``Answer``.

``SOLVER`` keeps the solve contract (``solvers.solve.Solver``). In a race, with every hand in
the position the race search is exact (``race.solve``: proven, or a bound when a budget stops
it after some first decision is valued), and the answer says that it saw the other hands; when
it stops before valuing any, each decision is valued by greedy rollouts on the true deal
(``view.race_ranking(full_info=True)``), an estimate said to have seen the hidden cards. With
``hidden`` it answers from what the player to move sees (``view.race_ranking``: the unseen
cards sampled, exact search where it finishes, rollouts and a measured evaluation elsewhere;
proven only when the unseen cards can lie only one way). An auction position gets every bid
and pass valued from the player's view (``view.auction_ranking``, an estimate). A progress bar
(tqdm, on a terminal only) counts the first decisions solved. The puzzles
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
    SolverOption("budget", float, "time budget in seconds (default 10)",
                 metavar="SECONDS"),
    SolverOption("nodes", int, "node budget (default 2,000,000)"),
    SolverOption("hidden", bool, "solve from what the player to move sees (the other hands "
                                 "sampled: an estimate unless they can lie only one way)"),
    SolverOption("samples", int, "with --hidden: the most deals sampled (default: as many "
                                 "as the budget allows)"),
)


class Formel1Solver:
    """Formel 1's ``Solver`` (module docstring)."""

    game = GAME
    title = "Formel 1: every race and auction decision valued (puzzles exact)"
    options = OPTIONS

    def solve(self, state: Any, options: Mapping[str, Any]) -> Answer:
        """The answer for the player to move under ``options`` (``race_answer``)."""
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
#: The default time budget of ``kw solve`` on a position, in seconds (never unbounded).
DEFAULT_BUDGET = 10.0


def race_answer(state: Any, options: Mapping[str, Any]) -> Answer:
    """``kw solve`` on a position: an auction position gets every bid and pass valued from the
    player's view (``view.auction_ranking``); in a race, ``hidden`` answers from what the
    player to move sees (``view.race_ranking``: sampled deals, exact where the search
    finishes), else the open-hand search (``race.solve``; defaults max^n rivals, 10 s,
    2,000,000 nodes) and, where it stops before valuing a first decision, greedy rollouts on
    the true deal, said to have seen the hidden cards. SolveError for a bad request."""
    from solvers.formel1 import race, view

    if getattr(state, "phase", None) == "auction":
        return _auction_view_answer(state, options)
    settings: dict[str, Any] = {"rivals": options.get("rivals") or "maxn"}
    hidden = bool(options.get("hidden"))
    if options.get("script") is not None:
        if settings["rivals"] != "scripted":
            raise SolveError("--script is given only with --rivals scripted")
        settings["script"] = tuple(options["script"])
    budget = options.get("budget")
    settings["time_budget"] = DEFAULT_BUDGET if budget is None else budget
    if options.get("nodes") is not None:
        if hidden:
            raise SolveError("--nodes is for the open-hand search; --hidden is given a "
                             "--budget in seconds")
        settings["node_budget"] = options["nodes"]
    if options.get("samples") is not None:
        if not hidden:
            raise SolveError("--samples is given only with --hidden")
        settings["samples"] = options["samples"]
    try:
        config = race.RaceConfig(**settings)
        config.check()
        if hidden:
            if config.rivals != "maxn":
                raise SolveError("--hidden values each deal with rivals who each play for "
                                 "their own prize money (max^n); --rivals does not apply")
            if state.phase != "race" or state.is_terminal():
                raise SolveError(f"the position is in the {state.phase} phase, not in a race "
                                 "or the auction")
            ranking = view.race_ranking(state, budget=config.time_budget,
                                        max_deals=options.get("samples"))
            return ranking_answer(ranking)
        t0 = time.perf_counter()
        with _progress("decisions") as update:
            plan = race.solve(state, config=config, on_progress=update)
        if plan.status == "proven" or any(a.proven for a in plan.alternatives) \
                or plan.depth_cut:
            return _plan_answer(plan)
        left = max(config.time_budget - (time.perf_counter() - t0), 0.5)
        # A node budget given by the user caps the search: then the rollouts alone value.
        exact = -1 if options.get("nodes") is not None else view.EXACT_CARDS
        ranking = view.race_ranking(state, budget=left, full_info=True, horizon=None,
                                    exact_cards=exact)
        return ranking_answer(ranking, stopped=plan)
    except race.RaceSearchError as exc:
        raise SolveError(str(exc)) from None
    except view.ViewError as exc:
        raise SolveError(str(exc)) from None


def ranking_answer(ranking: Any, stopped: Any = None) -> Answer:
    """A player's-view ranking (``view.Ranking``) as an ``Answer``: every decision with its
    mean and 95% interval (an estimate) or its exact value (proven), the method in the
    details; ``stopped`` the open-hand search that ran out of budget before it."""
    best = ranking.best
    proven = ranking.kind == "proven"
    caveats: tuple[str, ...] = ()
    if ranking.saw_hidden:
        caveats += ("It saw the hidden cards (a position file holds them all): a player at "
                    "the table does not (--hidden answers from what he sees).",)
    if ranking.phase == "auction":
        caveats += ("An estimate: the cars' values are a model measured on practice races "
                    "(greedy bots), the others' limits are sampled around it from deals of the "
                    "cards the player has not seen; the interval covers the sampling only.",)
    elif not proven:
        caveats += ("An estimate: the interval covers the sampling of the deals only; each "
                    "deal is valued with every hand open (strategy fusion), by the exact search "
                    "or by greedy rollouts and a measured evaluation.",)
    if ranking.phase == "race":
        caveats += ("Rivals are modelled as max^n in the exact search and as the greedy bot "
                    "in rollouts.",)
    details: dict[str, Any] = {"method": ranking.method, "deals": ranking.deals,
                               "exact_deals": ranking.exact_deals,
                               "saw_hidden_cards": ranking.saw_hidden}
    if stopped is not None:
        details["open_hand_search"] = (f"stopped before valuing a first decision "
                                       f"({stopped.stopped or 'budget spent'})")
    details["decisions"] = [{"action": d.action, "mean": d.mean, "low": d.low, "high": d.high,
                             "deals": d.n} for d in ranking.decisions]
    return Answer(
        game=GAME, player=_player(ranking.player), best=best.action, value=best.mean,
        unit=f"($1K) {ranking.unit}" + ("" if proven else ", mean"),
        kind="proven" if proven else "estimate",
        interval=None if proven else (best.low, best.high),
        samples=None if proven else ranking.deals, status=ranking.status_text(),
        alternatives=tuple(Alternative(d.action, d.mean, "proven", d.mean) if d.proven
                           else Alternative(d.action, d.mean, "estimate", None, (d.low, d.high))
                           for d in ranking.decisions),
        caveats=caveats, effort=Effort(None, ranking.seconds), details=details)


def _auction_view_answer(state: Any, options: Mapping[str, Any]) -> Answer:
    """An auction position from the player's view (``view.auction_ranking``)."""
    from solvers.formel1 import view

    extra = sorted(k for k, v in options.items() if v not in (None, False) and k != "budget")
    if extra:
        raise SolveError(f"--{extra[0].replace('_', '-')} does not apply to an auction "
                         "position (each bid and pass is valued from the player's view; "
                         "--budget applies)")
    budget = options.get("budget")
    try:
        ranking = view.auction_ranking(state, budget=2.0 if budget is None else budget)
    except view.ViewError as exc:
        raise SolveError(str(exc)) from None
    return ranking_answer(ranking)


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


__all__ = ["DEFAULT_BUDGET", "GAME", "OPTIONS", "SOLVER", "Formel1Solver", "auction_answer",
           "race_answer", "ranking_answer"]
