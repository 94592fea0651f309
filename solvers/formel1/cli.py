"""``kw solve FILE`` on a Formel 1 position: the race search's answer as text or JSON.

Called by ``solvers/cli.py`` when the file's ``game`` is ``formel1`` (issue 16, part "kw
solve"). With every hand in the file the search is exact (``race.solve``: proven, or a bound
when a budget stops it); with ``hidden`` it solves from the observation of the player to move
(``race.estimate``: the other hands sampled, an estimate with its interval). A progress bar
(tqdm, on a terminal only) counts the first decisions solved, or the deals. Errors are
``race.RaceSearchError`` (one line for the command line to print).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from formel1 import State
from solvers.formel1 import race

#: How many moves of a refuting line the text table shows (the JSON has them all).
LINE_SHOWN = 8


def solve(state: State, rivals: str | None = None, script: Sequence[str] | None = None,
          budget: float | None = None, nodes: int | None = None, hidden: bool = False,
          samples: int | None = None) -> race.RacePlan | race.RaceEstimate:
    """The race search's answer for the player to move (defaults: max^n rivals, 60 s and
    2,000,000 nodes, 30 deals when hidden)."""
    settings: dict[str, Any] = {"rivals": rivals or "maxn"}
    if script is not None:
        if settings["rivals"] != "scripted":
            raise race.RaceSearchError("--script is given only with --rivals scripted")
        settings["script"] = tuple(script)
    if budget is not None:
        settings["time_budget"] = budget
    if nodes is not None:
        settings["node_budget"] = nodes
    if samples is not None:
        if not hidden:
            raise race.RaceSearchError("--samples is given only with --hidden")
        settings["samples"] = samples
    config = race.RaceConfig(**settings)
    config.check()
    with _progress("deals" if hidden else "decisions") as update:
        if hidden:
            return race.estimate(state, config=config, on_progress=update)
        return race.solve(state, config=config, on_progress=update)


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


def _moves(line: Sequence[tuple[str, str]]) -> str:
    shown = "; ".join(f"{who}: {text}" for who, text in line[:LINE_SHOWN])
    return shown + ("; ..." if len(line) > LINE_SHOWN else "")


def lines(result: race.RacePlan | race.RaceEstimate) -> list[str]:
    """The answer as text: the value and its status, the plan, the why-not table."""
    if isinstance(result, race.RaceEstimate):
        headline = f"best {result.best}" if result.solved_any else "no decision solved"
        out = [f"Player {result.player}: {headline} - estimate (hidden hands, rivals "
               f"{result.rivals})", result.status_text(),
               f"searched {result.nodes:,} nodes in {result.seconds:.2f} s", "",
               "Every decision (why not this?): mean prize money and 95% interval, $1K"]
        width = max(len(d.action) for d in result.decisions)
        best = result.decisions[0].mean
        out += [f"  {d.action:<{width}}  {d.mean:>7.1f}  [{d.low:.1f}, {d.high:.1f}]  "
                f"({d.mean - best:+.1f})" for d in result.decisions]
        return out
    status = "proven optimal" if result.status == "proven" else "not proven (a bound)"
    out = [f"Player {result.player}: ${result.value:g}K prize money this race (rivals "
           f"{result.rivals}) - {status}", result.status_text(),
           f"searched {result.nodes:,} nodes in {result.seconds:.2f} s", "", "Plan:"]
    out += [f"  {who:<9} {text}" for who, text in result.line]
    out += ["", "Every first decision (why not this?): value, and the line after it"]
    width = max(len(a.action) for a in result.alternatives)
    for a in result.alternatives:
        bound = "" if a.proven else f"  at most {a.upper:g} (not solved)"
        out.append(f"  {a.action:<{width}}  {a.value:>6g}  ({a.value - result.value:+g}){bound}")
        if a.proven and len(a.line) > 1:
            out.append(f"      then {_moves(a.line[1:])}")
    return out


def as_dict(result: race.RacePlan | race.RaceEstimate) -> dict[str, Any]:
    """The answer as a JSON-ready dict (the status field: proven, bound or estimate)."""
    if isinstance(result, race.RaceEstimate):
        return {"game": "formel1", "player": result.player, "rivals": result.rivals,
                "status": result.status, "status_text": result.status_text(),
                "best": result.best, "samples": result.samples,
                "bounded_samples": result.bounded_samples,
                "decisions": [{"action": d.action, "mean": d.mean, "low": d.low,
                               "high": d.high, "sd": d.sd} for d in result.decisions],
                "nodes": result.nodes, "seconds": round(result.seconds, 4)}
    return {"game": "formel1", "player": result.player, "rivals": result.rivals,
            "status": result.status, "status_text": result.status_text(),
            "proven": result.status == "proven", "value": result.value,
            "upper": result.upper, "best": result.best, "stopped": result.stopped or None,
            "line": [{"player": w, "action": t} for w, t in result.line],
            "prizes": list(result.prizes),
            "alternatives": [{"action": a.action, "value": a.value, "upper": a.upper,
                              "proven": a.proven,
                              "line": [{"player": w, "action": t} for w, t in a.line]}
                             for a in result.alternatives],
            "nodes": result.nodes, "seconds": round(result.seconds, 4)}
