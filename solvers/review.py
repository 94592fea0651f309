"""Review a game move by move: each decision of one player against the game's solver.

A replay file (``kw play --replay``, or ``PlayWidget.replay_json()`` in the play notebooks) is
played back decision by decision. At each decision of the chosen player the game's solver (the
one solve contract, ``solvers.solve.Solver``: only its ``solve`` and the ``Answer`` it returns
are used, so every improvement of a solver flows into the review) answers for that position
under a budget per decision. The review then shows the decision played, the solver's best,
both values with what each value is (proven, a lower bound with its upper bound when one is
known, or an estimate with its 95% interval), and the loss.

A decision is marked an inaccuracy, a mistake or a blunder only when the solver has shown the
loss (``shown_margin``): the best's lowest possible value exceeds the played decision's highest
possible value by more than the game's threshold (``THRESHOLDS``). Two proven values compare
as they are; a bound counts from its value up to its upper bound (no upper bound known: the
played decision may be worth anything, nothing is shown); an estimate counts over its 95%
interval. Otherwise the decision is shown with its values and "not marked: not shown".

The played decision is valued from the answer's alternatives; when it is not among them, the
position right after it is solved for the same player (accepted only when the solver answers
for that player in the same unit); failing that the review says it was not valued. Decisions
the solver does not take are listed as not valued, with the solver's reason. A decision valued
in another unit than the game's thresholds (Automobiles' buying before the race, valued over
the race in places) is shown with its values and never marked. Formel 1 is reviewed from the
player's own view: in a race the other hands are sampled, never read (the solver's ``hidden``
option); its auction the solver values from the player's view always.

``review(replay, player, budget)`` is the engine; ``kw review`` (``solvers.cli``) and the review
widget (``kwwidgets.review``) show it. Standard library only, plus the game a replay names.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from gamecore.errors import ActionParseError, IllegalActionError, PositionError
from gamecore.game import DEFAULT_GAME, Game
from gamecore.game import find as find_game
from gamecore.position import game_of, parse_json
from solvers.answer import Alternative, Answer, answer_dict, finite, number
from solvers.solve import SolveError, Solver, solver_of

#: The marks, from the smallest loss up.
MARKS = ("inaccuracy", "mistake", "blunder")
#: The words for a decision that is not marked because the solver has not shown a loss.
NOT_SHOWN = "not marked: not shown"


class ReviewError(ValueError):
    """A user's mistake in a review request (a bad replay file, an unknown player, a bad
    budget): one line for the command line to print."""


@dataclass(frozen=True)
class Thresholds:
    """The losses above which a decision is an inaccuracy, a mistake or a blunder, in the
    game's ``unit``; ``why`` says in plain words why these numbers."""

    inaccuracy: float
    mistake: float
    blunder: float
    unit: str
    why: str
    #: The answer units the thresholds apply to (each a prefix of an answer's unit); empty:
    #: every unit. A decision valued in another unit is shown with its values, never marked.
    units: tuple[str, ...] = ()

    def applies(self, unit: str) -> bool:
        """Whether a value in ``unit`` is on the thresholds' scale."""
        return not self.units or any(unit.startswith(u) for u in self.units)

    def mark(self, margin: float | None) -> str | None:
        """The mark for a loss the solver has shown to be more than ``margin`` (None: none)."""
        if margin is None:
            return None
        for name, limit in (("blunder", self.blunder), ("mistake", self.mistake),
                            ("inaccuracy", self.inaccuracy)):
            if margin > limit:
                return name
        return None

    def words(self) -> str:
        """The thresholds in one line."""
        return (f"inaccuracy: more than {number(self.inaccuracy)}, mistake: more than "
                f"{number(self.mistake)}, blunder: more than {number(self.blunder)} "
                f"{self.unit}")


#: Each game's thresholds, in the unit its solver values a decision in.
THRESHOLDS: dict[str, Thresholds] = {
    # Kraftwagen's planner values a decision in reputation gained over the company's next turn
    # in a review (KRAFTWAGEN_HORIZON; rivals greedy). A round brings a company about 40 to 70
    # reputation and games are often decided by a handful of points (final scores of a greedy
    # game: 26 to 151), so a couple of points are worth a note and ten are most of a place.
    "kraftwagen": Thresholds(2, 5, 10, "reputation",
                             "Valued over your next turn, rivals greedy. A round brings a "
                             "company about 40 to 70 reputation and games are often won by a "
                             "few points: 2 points are worth a note, more than 10 usually cost "
                             "a place."),
    # Formel 1's prize chart pays 200, 150, 100, 60, 30 and 10 ($1K) for the six places
    # (F1-30): the smallest step between two places is 20, the steps at the front 40 to 50.
    "formel1": Thresholds(10, 40, 90, "($1K) prize money",
                          "The prize chart pays 200, 150, 100, 60, 30 and 10 ($1K): more than "
                          "10 is half the smallest step between two places, more than 40 about "
                          "a place at the front, more than 90 about two places."),
    # Automobiles' best-turn solver values a turn in spaces of progress this turn (wear is in
    # its details). A turn moves a car a few spaces (expected values are fractions when cubes
    # are drawn); a space is often a position in the race, three spaces a lost turn's worth.
    # Its decisions outside a turn (buying before the race, a driver, a sponsor) are valued
    # over the race in expected places: another unit, shown but never marked.
    "automobiles": Thresholds(0.5, 1.5, 3, "spaces of progress",
                              "A turn moves a car a few spaces: half a space is worth a note, "
                              "more than a space and a half often costs a place, more than "
                              "three is most of a turn's progress.",
                              units=("spaces of progress",)),
}

#: Seconds of search per decision when no budget is given, per game: a whole game reviewed in a
#: few minutes on this machine (benchmarks/bench_review.py measures it).
DEFAULT_BUDGET: dict[str, float] = {"kraftwagen": 0.5, "formel1": 0.5, "automobiles": 0.5}
#: Kraftwagen's horizon in a review: the company's next turn. Over a whole round the planner
#: rarely proves a value within a review's budget (0 of 43 decisions of a seeded game at 0.2 s),
#: so no loss could ever be shown; over one turn it proves many (17 of 43, and 77 of 255
#: alternatives), and a loss proven over the next turn is a real one against greedy rivals.
KRAFTWAGEN_HORIZON = "turns:1"


def solve_options(game: str, state: Any, player: int, budget: float) -> dict[str, Any]:
    """The options the review gives ``game``'s solver at a decision of ``player``: the budget,
    and per game what keeps the value the player's own (Formel 1: in a race the other hands
    hidden, sampled from the player's view; Kraftwagen: the company named, over its next turn,
    ``KRAFTWAGEN_HORIZON``)."""
    options: dict[str, Any] = {"budget": budget}
    if game == "kraftwagen":
        # In the setup (round 0) the planner answers a round's horizon at once, while over one
        # turn it runs far past its budget there (23 s for a 0.05 s budget, measured).
        setup = getattr(state, "round", 1) == 0
        options |= {"company": str(player), "horizon": "round" if setup else KRAFTWAGEN_HORIZON}
    elif game == "formel1" and getattr(state, "phase", None) != "auction":
        # The auction is always valued from the player's view (the solver takes no other
        # option there); in a race ``hidden`` keeps the other hands unread.
        options["hidden"] = True
    return options


# --- values ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Value:
    """One decision's value and what it is: ``kind`` proven, bound or estimate (the answer's
    kinds); ``low`` and ``high`` are the least and most it can be worth as the solver has
    shown it (a proven value: both the value; a bound: the value and its upper bound, None
    when none is known; an estimate: its 95% interval, None when it has none); ``source``
    says where it comes from ("answer": the answer at the decision; "after": the position
    after it, solved for the same player)."""

    value: float | None
    kind: str
    low: float | None
    high: float | None
    source: str = "answer"

    def words(self) -> str:
        """The value and what it is, in plain words."""
        shown = number(self.value)
        if self.kind == "proven":
            text = f"{shown}, proven"
        elif self.kind == "bound":
            text = (f"at least {shown}, not proven" if self.high is None
                    else f"at least {shown}, at most {number(self.high)}")
        elif self.low is None or self.high is None:
            text = f"{shown}, estimated"
        else:
            text = (f"{shown}, estimated (95% interval {number(self.low)} to "
                    f"{number(self.high)})")
        if self.source == "after":
            text += "; valued by solving the position after it"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The value as a JSON-ready dict."""
        return {"value": finite(self.value), "kind": self.kind, "low": finite(self.low),
                "high": finite(self.high), "source": self.source, "words": self.words()}


def value_of(item: Answer | Alternative, source: str = "answer") -> Value:
    """The ``Value`` of an answer's value or of one of its alternatives."""
    value = finite(item.value)
    if item.kind == "proven":
        return Value(value, "proven", value, value, source)
    if item.kind == "bound":
        upper = finite(item.upper)
        return Value(value, "bound", value, upper, source)
    low, high = (None, None) if item.interval is None else (finite(item.interval[0]),
                                                              finite(item.interval[1]))
    return Value(value, "estimate", low, high, source)


def shown_margin(best: Value | None, played: Value | None) -> float | None:
    """How much better the best is than the played decision as far as the solver has shown it:
    the best's least possible value less the played one's most possible value (None: nothing
    is shown, a value or an end of it is unknown)."""
    if best is None or played is None or best.low is None or played.high is None:
        return None
    return best.low - played.high


# --- the review -----------------------------------------------------------------------------------
@dataclass
class Decision:
    """One reviewed decision of the player: ``index`` is its place among the replay's
    actions (the board before it is ``Review.states[index]``), ``number`` its place among the
    player's decisions (from 1). ``best``, ``best_value`` and ``played_value`` come from the
    solver's answer (None: not valued, ``reason`` says why); ``loss`` compares the two values as
    they are; ``margin`` is the loss the solver has shown (``shown_margin``); ``mark`` is set
    only when the margin is more than a threshold. ``legal`` is how many decisions there
    were (one: forced, not solved)."""

    index: int
    number: int
    played: str
    legal: int
    best: str | None = None
    best_value: Value | None = None
    played_value: Value | None = None
    loss: float | None = None
    margin: float | None = None
    mark: str | None = None
    reason: str = ""
    unit: str = ""
    status: str = ""
    caveats: tuple[str, ...] = ()
    seconds: float = 0.0
    saw_hidden: bool = False
    #: False when the values are in another unit than the game's thresholds (never marked,
    #: not drawn on the evaluation graph)
    scaled: bool = True
    answer: Answer | None = field(default=None, repr=False)

    @property
    def valued(self) -> bool:
        """Whether both the best and the played decision have a value."""
        return self.best_value is not None and self.played_value is not None

    def mark_words(self) -> str:
        """The mark, or why there is none, in plain words."""
        if self.mark is not None:
            return f"{self.mark} (shown: at least {number(self.margin)} lost)"
        return self.reason or NOT_SHOWN

    def to_dict(self) -> dict[str, Any]:
        """The decision as a JSON-ready dict (the solver's whole answer under ``answer``)."""
        return {"index": self.index, "number": self.number, "played": self.played,
                "legal": self.legal, "best": self.best,
                "best_value": None if self.best_value is None else self.best_value.to_dict(),
                "played_value": (None if self.played_value is None
                                 else self.played_value.to_dict()),
                "loss": finite(self.loss), "shown_margin": finite(self.margin),
                "mark": self.mark, "words": self.mark_words(), "unit": self.unit,
                "status": self.status, "caveats": list(self.caveats),
                "saw_hidden_cards": self.saw_hidden, "on_the_marks_scale": self.scaled,
                "seconds": round(self.seconds, 4),
                "answer": None if self.answer is None else answer_dict(self.answer)}


@dataclass
class Replay:
    """A replay file read: its game, the position before its first decision and every decision
    taken, as text."""

    game: Game
    start: Any
    actions: list[str]
    text: str = field(repr=False, default="")

    def states(self) -> list[Any]:
        """The position before each decision, then the final one (``len(actions) + 1``)."""
        state = self.start.clone(history=False)
        out = [state.clone(history=False)]
        for action in self.actions:
            state.apply(action)
            out.append(state.clone(history=False))
        return out


@dataclass
class Review:
    """A game reviewed for one player (module docstring)."""

    game: str
    player: int
    player_name: str
    budget: float
    thresholds: Thresholds
    decisions: list[Decision]
    states: list[Any] = field(repr=False)
    actions: list[str] = field(repr=False)
    decisions_total: int = 0
    seconds: float = 0.0
    view_note: str = ""

    def marked(self) -> list[Decision]:
        """The decisions with a mark, in order."""
        return [d for d in self.decisions if d.mark is not None]

    def counts(self) -> dict[str, int]:
        """How many decisions carry each mark."""
        return {m: sum(1 for d in self.decisions if d.mark == m) for m in MARKS}

    def to_dict(self) -> dict[str, Any]:
        """The review as a JSON-ready dict."""
        t = self.thresholds
        return {"game": self.game, "player": self.player, "player_name": self.player_name,
                "budget_seconds": self.budget,
                "thresholds": {"inaccuracy": t.inaccuracy, "mistake": t.mistake,
                               "blunder": t.blunder, "unit": t.unit, "why": t.why},
                "decisions_reviewed": len(self.decisions),
                "decisions_of_player": self.decisions_total, "counts": self.counts(),
                "seconds": round(self.seconds, 3), "view": self.view_note,
                "decisions": [d.to_dict() for d in self.decisions]}

    def to_json(self) -> str:
        """The review as indented JSON (no NaN or infinity)."""
        return json.dumps(self.to_dict(), indent=2, allow_nan=False)

    def text(self) -> str:
        """The review as text for a player: the thresholds, one block per decision, the
        counts."""
        t = self.thresholds
        out = [f"Review of {self.player_name} ({self.game}), {len(self.decisions)} of "
               f"{self.decisions_total} decisions, {number(self.budget)} s of search each.",
               f"Marks: {t.words()}.",
               "A decision is marked only when the solver has shown the loss."]
        out += [self.view_note, ""] if self.view_note else [""]
        unit = ""
        for d in self.decisions:
            if d.unit and d.unit != unit:  # what the values measure, when it changes
                unit = d.unit
                out.append(f"Values in {unit}:")
            out.append(f"#{d.number} (move {d.index + 1}): played {d.played}")
            if d.best_value is not None:
                out.append(f"    best {d.best}: {d.best_value.words()}")
            if d.played_value is not None and d.best != d.played:
                out.append(f"    played: {d.played_value.words()}")
            if d.loss is not None and d.best != d.played:
                out.append(f"    loss {number(d.loss)} {t.unit if d.scaled else d.unit}")
            out.append(f"    {d.mark_words()}")
            if d.saw_hidden:
                out.append("    (the solver saw cards the player could not see)")
        counts = self.counts()
        out += ["", "Marked: " + ", ".join(plural(counts[m], m) for m in MARKS)
                + f". Reviewed in {self.seconds:.1f} s."]
        return "\n".join(out)


# --- reading a replay -----------------------------------------------------------------------------
def read_replay(text: str | bytes) -> Replay:
    """The replay in ``text``: its game (the file's ``game`` field; none: Kraftwagen), checked
    whole by the game's own reader; ReviewError naming the field at fault otherwise."""
    try:
        data = parse_json(text)
        name = game_of(data, DEFAULT_GAME)
        try:
            game = find_game(name)
        except ValueError as exc:
            raise PositionError("game", str(exc)) from None
        if game.replay_from_json is None or game.replay_to_json is None:
            raise ReviewError(f"{name} has no replay files: there is nothing to review")
        if not isinstance(data, dict) or not isinstance(data.get("actions"), list):
            raise PositionError("actions", "expected a list of decisions")
        game.replay_from_json(text)  # every action checked by the game, once
        first = dict(data, actions=[])
        start = game.replay_from_json(json.dumps(first))
    except PositionError as exc:
        raise ReviewError(f"bad replay file: {exc}") from None
    return Replay(game, start, [str(a) for a in data["actions"]],
                  text if isinstance(text, str) else text.decode("utf-8"))


def player_of(replay: Replay, player: int | str | None) -> int:
    """The seat of ``player`` (a seat number or a player's name, any case; None: seat 0);
    ReviewError naming the players otherwise."""
    game, state = replay.game, replay.start
    seats = len(state.scores())
    names = [game.player_name(state, p) for p in range(seats)]
    if player is None:
        return 0
    if isinstance(player, int) and not isinstance(player, bool):
        if 0 <= player < seats:
            return player
    else:
        text = str(player).strip()
        if text.isdigit() and int(text[:6]) < seats:
            return int(text)
        for seat, name in enumerate(names):
            if name.lower() == text.lower():
                return seat
    shown = str(player)[:20]
    raise ReviewError(f"no player {shown!r} in this game (players: "
                      f"{', '.join(f'{i} {n}' for i, n in enumerate(names))})")


def check_budget(budget: Any) -> float:
    """A budget in seconds per decision: a finite number > 0; ReviewError otherwise."""
    if isinstance(budget, bool) or not isinstance(budget, int | float) \
            or not math.isfinite(budget) or budget <= 0:
        raise ReviewError(f"argument --budget: expected a positive number of seconds, not "
                          f"{str(budget)[:20]}")
    return float(budget)


# --- the engine -----------------------------------------------------------------------------------
Progress = Callable[[int, int], None]


def review(replay: Replay | str, player: int | str | None = None, budget: float | None = None,
           first: int | None = None, on_progress: Progress | None = None,
           solver: Solver | None = None) -> Review:
    """Review the decisions of ``player`` in ``replay`` (a ``Replay`` or a replay file's text)
    with ``budget`` seconds of search each (None: the game's ``DEFAULT_BUDGET``); ``first``:
    only the player's first N decisions. ``on_progress(done, total)`` is called before each
    decision and at the end. ``solver`` is the game's own by default."""
    if not isinstance(replay, Replay):
        replay = read_replay(replay)
    name = replay.game.name
    seat = player_of(replay, player)
    seconds = DEFAULT_BUDGET.get(name, 1.0) if budget is None else check_budget(budget)
    if first is not None and (isinstance(first, bool) or not isinstance(first, int)
                              or first < 1):
        raise ReviewError(f"argument --first: expected a whole number >= 1, not {first!r}")
    try:
        solver = solver or solver_of(name)
    except SolveError as exc:
        raise ReviewError(str(exc)) from None
    thresholds = THRESHOLDS.get(name) or Thresholds(0, 0, 0, "points", "")
    states = replay.states()
    mine = [i for i, s in enumerate(states[:-1])
            if not s.is_chance_node() and s.current_player == seat]
    chosen = mine if first is None else mine[:first]
    start = time.perf_counter()
    decisions: list[Decision] = []
    for n, index in enumerate(chosen):
        if on_progress is not None:
            on_progress(n, len(chosen))
        decisions.append(review_decision(solver, name, states[index], seat,
                                         replay.actions[index], budget=seconds,
                                         thresholds=thresholds, index=index,
                                         number=mine.index(index) + 1))
    if on_progress is not None:
        on_progress(len(chosen), len(chosen))
    return Review(name, seat, replay.game.player_name(replay.start, seat), seconds,
                  thresholds, decisions, states, list(replay.actions), len(mine),
                  time.perf_counter() - start, view_note(name, replay.start))


def view_note(game: str, state: Any) -> str:
    """What the solver saw of the position, in words (a solver that reads what the player at
    the table cannot see says so)."""
    if game == "formel1":
        return ("The other hands were not read: each decision was valued from the player's "
                "view, over sampled deals of the cards he could not see.")
    if game == "kraftwagen" and getattr(state, "hidden_scores", False):
        return ("The planner read the whole position, the rivals' hidden reputation included: "
                "the player at the table did not see it.")
    return ""


def review_decision(solver: Solver, game: str, state: Any, player: int, played: str,
                    budget: float, thresholds: Thresholds, index: int = 0,
                    number: int = 1) -> Decision:
    """One decision of ``player`` in ``state`` reviewed: the solver's answer, the played
    decision's value, the loss and the mark (module docstring)."""
    legal = len(state.legal_action_ids())
    decision = Decision(index, number, played, legal)
    if legal == 1:
        decision.reason = "forced: the only legal decision"
        return decision
    start = time.perf_counter()
    try:
        answer = solver.solve(state.clone(), solve_options(game, state, player, budget))
    except SolveError as exc:
        decision.reason = f"not valued: {exc}"
        decision.seconds = time.perf_counter() - start
        return decision
    decision.answer, decision.unit = answer, answer.unit
    decision.scaled = thresholds.applies(answer.unit)
    decision.status, decision.caveats = answer.status, answer.caveats
    decision.saw_hidden = bool(answer.details.get("saw_hidden_cards"))
    decision.best = answer.best
    if answer.best is not None and answer.best not in _legal_texts(state):
        decision.reason = ("not valued: the solver's best is not a decision of this position "
                           f"({answer.best})")
        decision.seconds = time.perf_counter() - start
        return decision
    if answer.best is None or finite(answer.value) is None:
        decision.reason = "not valued: the solver found no best decision within the budget"
        decision.seconds = time.perf_counter() - start
        return decision
    alternatives = {a.action: a for a in answer.alternatives}
    best_alt = alternatives.get(answer.best)
    decision.best_value = value_of(best_alt) if best_alt is not None else value_of(answer)
    if played == answer.best:
        decision.played_value = decision.best_value
    elif played in alternatives:
        decision.played_value = value_of(alternatives[played])
    else:
        decision.played_value = _value_after(solver, game, state, player, played, budget,
                                             answer)
    decision.seconds = time.perf_counter() - start
    if decision.played_value is None:
        decision.reason = ("not valued: the solver did not value the decision played, nor the "
                           "position after it for this player")
        return decision
    decision.loss = _loss(decision.best_value, decision.played_value)
    if played == answer.best:
        decision.reason = "the best decision found"
        return decision
    if not decision.scaled:
        decision.reason = (f"not marked: valued in {answer.unit}, not in "
                           f"{thresholds.unit} as the marks are")
        return decision
    decision.margin = shown_margin(decision.best_value, decision.played_value)
    if decision.margin is not None and answer.details.get("bounded_samples"):
        # Some sampled deals stopped on the budget: their values are lower bounds, so the
        # interval's upper end is no upper end of what the played decision is worth.
        decision.margin = None
    decision.mark = thresholds.mark(decision.margin)
    if decision.mark is None:
        decision.reason = _why_not_marked(decision, thresholds)
    return decision


def _legal_texts(state: Any) -> set[str]:
    """The text of every legal decision in ``state`` (what a replay and an answer name)."""
    return {str(state.ACTIONS.from_id(aid)) for aid in state.legal_action_ids()}


def _loss(best: Value, played: Value) -> float | None:
    if best.value is None or played.value is None:
        return None
    return max(0.0, best.value - played.value)


def _why_not_marked(decision: Decision, thresholds: Thresholds) -> str:
    """Why a decision that is not the best found carries no mark, in plain words."""
    margin = decision.margin
    if margin is None:
        return (f"{NOT_SHOWN} (the solver has not shown the best better than the decision "
                f"played: a value is not proven)")
    if decision.loss == 0:
        return "not marked: as good as the best found (the same value)"
    if margin <= 0:
        return f"{NOT_SHOWN} (the values overlap: the best is not shown to be better)"
    return (f"not marked: the loss shown, {number(margin)} {thresholds.unit}, is not more than "
            f"{number(thresholds.inaccuracy)}")


def _value_after(solver: Solver, game: str, state: Any, player: int, played: str,
                 budget: float, answer: Answer) -> Value | None:
    """The played decision's value from the position after it, solved for the same player:
    None unless the solver answers for that player in the answer's own unit."""
    after = state.clone()
    try:
        after.apply(played)
    except (ActionParseError, IllegalActionError):
        return None
    if after.is_terminal() or after.is_chance_node() or after.current_player != player:
        return None
    try:
        later = solver.solve(after, solve_options(game, after, player, budget))
    except SolveError:
        return None
    if later.player != answer.player or later.unit != answer.unit or later.best is None:
        return None
    return value_of(later, "after")


def plural(count: int, mark: str) -> str:
    """``count`` marks in words: "1 mistake", "2 inaccuracies"."""
    if count == 1:
        return f"1 {mark}"
    return f"{count} " + (mark[:-1] + "ies" if mark.endswith("y") else mark + "s")


def example_replay(game: str, players: int = 2, seed: int = 1, bots: str = "greedy") -> str:
    """A built-in example: a seeded game of ``game`` between the game's ``bots``, as the replay
    file ``kw play --replay`` writes."""
    g = find_game(game)
    if g.replay_to_json is None:
        raise ReviewError(f"{game} has no replay files")
    state = g.new_game(players, seed)
    seats = [g.make_bot(bots, seed * 16 + i) for i in range(players)]
    taken: list[str] = []
    while not state.is_terminal():
        aid = seats[state.current_player].choose(state)
        taken.append(str(state.ACTIONS.from_id(aid)))
        state.apply(aid)
    return g.replay_to_json(state, taken)


def thresholds_table() -> list[dict[str, Any]]:
    """Each game's thresholds as rows (the notebook's and the docs' table)."""
    return [{"game": g, "unit": t.unit, "inaccuracy": f"> {number(t.inaccuracy)}",
             "mistake": f"> {number(t.mistake)}", "blunder": f"> {number(t.blunder)}",
             "why": t.why} for g, t in THRESHOLDS.items()]


__all__ = ["DEFAULT_BUDGET", "KRAFTWAGEN_HORIZON", "MARKS", "NOT_SHOWN", "THRESHOLDS", "Decision",
           "Replay", "Review", "ReviewError", "Thresholds", "Value", "check_budget",
           "example_replay", "player_of", "plural", "read_replay", "review", "review_decision",
           "shown_margin", "solve_options", "thresholds_table", "value_of", "view_note"]
