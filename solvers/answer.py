"""One answer type for every solver of every game, and its one printer (STYLE 23).

Whatever the game, a solver answers with an ``Answer``: who decides, the best decision, its value
with its unit and what the value is (``proven``; a ``bound``, with the upper bound when one is
known; or an ``estimate``, with its interval and how many samples it rests on), a status
sentence in plain words, the line, the alternatives (each with its value and kind), the
caveats (what the result does not prove), the effort, and ``details`` for what only one game
has. ``answer_text`` and ``answer_json`` print it for ``kw solve``; ``answer_dict`` is the
JSON-ready dict (no NaN or infinity: an unknown or infinite bound is null). Standard library
only; the games' solvers (``solvers/<game>/solve.py``) build the answers.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from fractions import Fraction
from typing import Any

#: What a value is: exact, a bound reached under a budget, or a sampled estimate.
KINDS = ("proven", "bound", "estimate")


@dataclass(frozen=True)
class Move:
    """One step of a line: who acts, and the action as text."""

    who: str
    action: str


@dataclass(frozen=True)
class Alternative:
    """A first decision the player could take instead, and what it is worth: ``value`` is
    exact (``proven``), a lower bound with ``upper`` at most (``bound``; None: no bound
    known), or a mean with its 95% ``interval`` (``estimate``)."""

    action: str
    value: float | None
    kind: str
    upper: float | None = None
    interval: tuple[float, float] | None = None


@dataclass(frozen=True)
class Effort:
    """What the answer cost: positions searched (None: the solver does not count them) and
    seconds."""

    nodes: int | None
    seconds: float


@dataclass(frozen=True)
class Answer:
    """A solver's answer (module docstring). ``value`` is measured in ``unit``; ``kind`` is
    one of ``KINDS``; ``upper`` is the bound of a ``bound`` (None when no bound applies);
    ``interval`` and ``samples`` are an ``estimate``'s."""

    game: str
    player: str
    best: str | None
    value: float | None
    unit: str
    kind: str
    status: str
    line: tuple[Move, ...] = ()
    alternatives: tuple[Alternative, ...] = ()
    caveats: tuple[str, ...] = ()
    effort: Effort = field(default_factory=lambda: Effort(None, 0.0))
    upper: float | None = None
    interval: tuple[float, float] | None = None
    samples: int | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"an answer's kind is one of {', '.join(KINDS)}, not {self.kind!r}")


def moves(line: Any) -> tuple[Move, ...]:
    """(who, action) pairs as a line of ``Move``s."""
    return tuple(Move(str(who), str(action)) for who, action in line)


def finite(value: Any) -> float | None:
    """A number for an answer: None for an infinite, missing or not-a-number one; a fraction
    as a float."""
    if value is None:
        return None
    number = float(value)
    return number if math.isfinite(number) else None


# --- JSON ---------------------------------------------------------------------------------------
def answer_dict(answer: Answer) -> dict[str, Any]:
    """The answer as a JSON-ready dict: the same keys for every game, no NaN or infinity
    (an infinite number becomes null), fractions as floats, tuples as lists."""
    data: dict[str, Any] = _plain(asdict(answer))
    return data


def answer_json(answer: Answer) -> str:
    """The answer as indented, valid JSON (``answer_dict``)."""
    return json.dumps(answer_dict(answer), indent=2, allow_nan=False)


def _plain(value: Any) -> Any:
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return float(value)
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


# --- text -----------------------------------------------------------------------------------------
def number(value: Any) -> str:
    """A value as a player reads it: whole numbers as they are, others to 3 decimals at
    most; an unknown one as ``?``."""
    if value is None:
        return "?"
    x = float(value)
    if not math.isfinite(x):
        return "?"
    return f"{round(x, 3):g}" if x != int(x) or abs(x) >= 1e15 else str(int(x))


def value_words(answer: Answer) -> str:
    """What the value is, in words: proven, at most the bound, or the interval."""
    if answer.kind == "proven":
        return "proven"
    if answer.kind == "bound":
        # No upper bound shown: none is known, or none that tells a player anything (a whole
        # round's bound); the status sentence says what is proven.
        if finite(answer.upper) is None:
            return "best found, not proven"
        return f"best found, not proven (at most {number(answer.upper)})"
    interval = ("" if answer.interval is None
                else f", 95% interval {number(answer.interval[0])} to {number(answer.interval[1])}")
    samples = "" if answer.samples is None else f" over {answer.samples} samples"
    return f"estimate{samples}{interval}"


def answer_text(answer: Answer) -> str:
    """The answer as text for a player: the value and what is proven first, then the plan,
    then the why-not table, the details and the effort."""
    head = f"{answer.player}: {number(answer.value)} {answer.unit} - {value_words(answer)}"
    out = [head, answer.status]
    if answer.best is not None:
        out.append(f"Best decision: {answer.best}")
    if answer.caveats:
        out += ["", "What this does not prove:"] + [f"  - {c}" for c in answer.caveats]
    if answer.line:
        width = max(len(m.who) for m in answer.line)
        out += ["", "Plan:"] + [f"  {m.who:<{width}}  {m.action}" for m in answer.line]
    if answer.alternatives:
        out += ["", "Why not this? Every first decision:"] + _alternative_rows(answer)
    if answer.details:
        out += ["", "Details:"] + _detail_lines(answer.details, "  ")
    nodes = "" if answer.effort.nodes is None else f"{answer.effort.nodes:,} positions "
    out += ["", f"Searched {nodes}in {answer.effort.seconds:.2f} s ({answer.game})."]
    return "\n".join(out)


def _alternative_rows(answer: Answer) -> list[str]:
    alts = answer.alternatives
    width = max(len("decision"), *(len(a.action) for a in alts))
    best = finite(answer.value)
    rows = [f"  {'decision':<{width}}  {'value':>8}  {'vs best':>8}  what"]
    for a in alts:
        value = finite(a.value)
        diff = "" if value is None or best is None else f"{value - best:+.3g}"
        if a.kind == "proven":
            what = "proven"
        elif a.kind == "bound":
            what = ("no bound known" if finite(a.upper) is None
                    else "at most " + number(a.upper))
        else:
            what = ("estimate" if a.interval is None
                    else f"95% [{number(a.interval[0])}, {number(a.interval[1])}]")
        mark = "  <- best" if a.action == answer.best else ""
        rows.append(f"  {a.action:<{width}}  {number(a.value):>8}  {diff:>8}  {what}{mark}")
    return rows


def _detail_lines(details: dict[str, Any], indent: str) -> list[str]:
    """Each detail as ``name: value``; a list of rows as a small table; a nested dict
    indented."""
    out: list[str] = []
    for key, value in details.items():
        if value is None:
            continue
        name = str(key).replace("_", " ")
        if isinstance(value, dict):
            out.append(f"{indent}{name}:")
            out += _detail_lines(value, indent + "  ")
        elif isinstance(value, list | tuple) and value and all(isinstance(v, dict)
                                                               for v in value):
            out.append(f"{indent}{name}:")
            out += _table(list(value), indent + "  ")
        elif isinstance(value, list | tuple):
            out.append(f"{indent}{name}: {', '.join(_cell(v) for v in value) or '(none)'}")
        else:
            out.append(f"{indent}{name}: {_cell(value)}")
    return out


def _table(rows: list[dict[str, Any]], indent: str) -> list[str]:
    keys = list(dict.fromkeys(k for row in rows for k in row))
    cells = [[_cell(row.get(k, "")) for k in keys] for row in rows]
    widths = [max(len(k), *(len(c[i]) for c in cells)) for i, k in enumerate(keys)]
    lines = [indent + "  ".join(f"{k:<{w}}" for k, w in zip(keys, widths, strict=True)).rstrip()]
    lines += [indent + "  ".join(f"{c:<{w}}" for c, w in zip(row, widths, strict=True)).rstrip()
              for row in cells]
    return lines


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int | float | Fraction):
        return number(value)
    if value is None:
        return "-"
    if isinstance(value, list | tuple):
        return "; ".join(_cell(v) for v in value)
    return str(value)


__all__ = ["KINDS", "Alternative", "Answer", "Effort", "Move", "answer_dict",
           "answer_json", "answer_text", "finite", "moves", "number", "value_words"]
