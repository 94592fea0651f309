"""Puzzle: try a plan on a built-in puzzle, then check it against the solver.

The board, buttons, log and undo are a ``PlayWidget`` on the puzzle's position; a list picks
the puzzle. Rivals move as the puzzle's solver assumes they do. The answer stays hidden until
the player asks for it (the "Check" button, or ``answer`` behind a "Show the solution" button
in the notebook). "Check with the solver" re-solves the puzzle
(``solvers.kraftwagen.puzzles.solve_puzzle``: the turn planner for tempo puzzles, CP-SAT for pricing
puzzles) and scores the user's line with the solvers' own replay checks
(``solvers.kraftwagen.planner.replay_value``, ``solvers.kraftwagen.pricing.sales_value``).
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import ipywidgets as w

import kwcore
from kwcore import events as ev
from kwcore.actions import ACTIONS
from kwcore.errors import KraftwagenError
from kwcore.state import State
from kwwidgets.common import button, markdown_html, message_widget, say
from kwwidgets.kraftwagen.labels import action_label, plain, plain_steps
from kwwidgets.play import PlayWidget
from solvers.kraftwagen import planner, pricing
from solvers.kraftwagen.puzzles import Puzzle, PuzzleError, load_puzzles, puzzle_named, solve_puzzle

if TYPE_CHECKING:
    from kwwidgets.solutions import Solution


class PlannerGreedyBot:
    """A rival exactly as the planner's ``greedy`` model moves it (ties to the lowest id),
    so the line the user plays is the one the solver scores."""

    name = "greedy"

    def choose(self, state: State) -> int:
        """The planner's greedy choice."""
        return planner.greedy_choice(state)


@dataclass(frozen=True)
class Check:
    """What "check with the solver" found."""

    optimum: float
    proven: bool
    user_value: float | None  # None: the user's line has not reached the puzzle's horizon
    first: str  # the table row of the user's choice, "" before any
    rows: tuple[tuple[str, float, bool], ...]  # the "why not this?" table: choice, value, proven
    text: str


def puzzle_company(p: Puzzle, state: State) -> int:
    """The company the puzzle asks about (its ``company`` setting, else the one to move)."""
    company = p.settings.get("company")
    if isinstance(company, str):
        return state.cfg.companies.index(company)
    if isinstance(company, int):
        return company
    return state.current_player


def tempo_line_value(state: State, company: int, config: planner.PlannerConfig,
                     actions: Sequence[int]) -> float | None:
    """The planner objective the line ``actions`` reaches at the horizon, or None before it.

    Scores each prefix with ``planner.replay_value`` (the planner's own replay check) and
    returns the first that reaches the horizon: the search stops a line there as well.
    """
    names = state.cfg.companies
    s = state.clone(history=False)
    line: list[tuple[str, str]] = []
    for aid in actions:
        p = s.current_player
        line.append((names[p] if p >= 0 else "chance", str(ACTIONS[aid])))
        s.apply(aid)
        fake = planner.Plan(company=company, value=0.0, proven=False,
                            principal_variation=tuple(line), alternatives=(), nodes=0,
                            seconds=0.0, config=config)
        try:
            return planner.replay_value(state, company, fake)
        except (planner.PlannerError, KraftwagenError):
            continue  # not at the horizon yet (or at a chance draw the replay cannot follow)
    return None


def user_pricing_plan(state: State, actions: Sequence[int]) -> pricing.PricingPlan:
    """The pricing plan the user's ``actions`` carried out for the company at its market step:
    the car placed, the investment tokens, the Packard marker and Buick's buyer, read from the
    events as they happen."""
    p = state.current_player
    s = state.clone(history=False)
    car: pricing.CarChoice | None = None
    investments: list[tuple[int, int]] = []
    packard: tuple[int, int] | None = None
    buick = -1
    for aid in actions:
        if s.current_player != p:
            break
        n = len(s.events)
        s.apply(aid)
        for e in s.events[n:]:
            if getattr(e, "company", -1) != p:
                continue
            if isinstance(e, ev.PlaceCar):
                c = s.market[e.slot]
                if c is not None:
                    car = pricing.CarChoice(c.body, c.engine, c.workers, c.salesman, c.price,
                                            c.tech)
            elif isinstance(e, ev.Invest):
                investments.append((e.investor, e.slot))
            elif isinstance(e, ev.Packard):
                packard = (e.bonus, e.space)
            elif isinstance(e, ev.Buick):
                buick = e.pref
    return pricing.PricingPlan(car, tuple(investments), packard, buick, 0, 0, "USER")


class PuzzleWidget:
    """A built-in puzzle (``solvers.kraftwagen.puzzles``) to try by clicking, then check with the
    solver.

    ``PuzzleWidget(name)`` raises ``solvers.kraftwagen.puzzles.PuzzleError`` (a ValueError) for an
    unknown name. The list at the top (CSS class ``kw-puzzle-picker``) switches puzzles (``load``).
    ``check()`` (the "Check with the solver" button, CSS class ``kw-check``) solves the
    puzzle and compares the user's line with the proven optimum; until then the answer is
    nowhere in the widget.
    """

    def __init__(self, name: str = "two_moves") -> None:
        puzzle_named(name)  # an unknown name raises here, before anything is built
        self.picker = w.Dropdown(
            options=[(f"{p.title} ({p.kind}, difficulty {p.difficulty} of 5)", p.name)
                     for p in load_puzzles()],
            value=name, description="Puzzle", layout=w.Layout(width="auto"),
            style={"description_width": "initial"})
        self.picker.add_class("kw-puzzle-picker")
        self.message = message_widget()
        self.out = w.Output()  # what the picker's callback prints or raises (STYLE 18)
        self.text = w.HTML()
        self.text.add_class("kw-puzzle-text")
        self.result = w.HTML()
        self.result.add_class("kw-result")
        self.view = w.VBox()
        self.view.add_class("kw-puzzle")
        self._syncing = False  # True while load() sets the list itself
        self.load(name)
        self.picker.observe(self._picked, names="value")

    def _picked(self, change: dict[str, object]) -> None:
        if not self._syncing:
            with self.out:
                self.load(str(change["new"]))

    def load(self, name: str) -> bool:
        """Show puzzle ``name`` from its start (the answer hidden); an unknown name shows a
        message and keeps the current puzzle. True if loaded."""
        try:
            p = puzzle_named(name)
        except PuzzleError as exc:
            say(self.message, str(exc), "error")
            return False
        self.puzzle = p
        start = p.state()
        self.start = start.clone(history=False)
        self.company = puzzle_company(p, start)
        rivals = {q: PlannerGreedyBot() for q in range(start.players) if q != self.company}
        self.play = PlayWidget(state=start, human=self.company, bots=rivals)
        self.play.new_controls.layout.display = "none"  # a puzzle has its own position
        self.solution: planner.Plan | pricing.PricingPlan | None = None
        self.curve: dict[int, int] = {}
        self.last_check: Check | None = None
        self.text.value = (
            f"<h3>{html.escape(p.title)}</h3>"
            f"<p><i>{p.kind} puzzle, difficulty {p.difficulty} of 5</i></p>"
            + markdown_html(p.story) + markdown_html(f"**Question:** {p.question}"))
        self.result.value = ""
        self.check_button = button("Check with the solver", "kw-check", self.check,
                                   self.play.out,
                                   "solve the puzzle: shows the answer and compares your line")
        if self.picker.value != name:
            self._syncing = True
            try:
                self.picker.value = name
            finally:
                self._syncing = False
        say(self.message, "")
        self.view.children = [self.picker, self.message, self.text, self.play.view,
                              self.check_button, self.result, self.out]
        return True

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    def solve(self) -> planner.Plan | pricing.PricingPlan:
        """The solver's answer to the puzzle (computed once, then kept)."""
        if self.solution is None:
            self.play.status.value = "The solver is thinking..."
            self.solution = solve_puzzle(self.puzzle)
            if isinstance(self.solution, pricing.PricingPlan) and self.start.decision() == \
                    "market":
                try:
                    self.curve = pricing.price_curve(self.start)
                except pricing.PricingError:
                    self.curve = {}  # the company cannot place a car: no curve to show
            self.play.redraw()
        return self.solution

    def check(self) -> Check:
        """Solve the puzzle and compare the user's line with the optimum; show and return it."""
        solution = self.solve()
        moves = self.play.moves
        first = str(ACTIONS[moves[0]]) if moves else ""
        if isinstance(solution, planner.Plan):
            value = tempo_line_value(self.start, self.company, solution.config, moves)
            rows = tuple((a.action, a.value, a.proven) for a in solution.alternatives)
            unit = "lead over the best rival" if solution.config.objective == "margin" \
                else "reputation gained"
        else:
            mine = user_pricing_plan(self.start, moves)
            value = float(pricing.sales_value(self.start, mine)) if moves else None
            first = f"a car at price {mine.car.price}" if mine.car is not None else ""
            rows = tuple((f"a car at price {price}", float(v), solution.proven)
                         for price, v in sorted(self.curve.items(), key=lambda kv: -kv[1]))
            unit = "sales reputation"
        check = Check(float(solution.value), solution.proven, value, first, rows,
                      _summary(solution, value, unit, self.start))
        self.last_check = check
        self.result.value = _result_html(check, self.start)
        return check


def _summary(solution: planner.Plan | pricing.PricingPlan, value: float | None,
             unit: str, state: State) -> str:
    best = plain(state, solution.best) if isinstance(solution, planner.Plan) else \
        plain_steps(state, solution.actions)
    status = "proven optimal" if solution.proven else "a bound under the budget, not proven"
    text = f"Solver: {best} gives {solution.value:g} ({unit}; {status})."
    if value is None:
        text += (" Your line does not yet reach the point where the solver scores it: play on, "
                 "then check.")
    elif value >= solution.value:
        text += f" Your line reaches {value:g}: as good as the solver's."
    else:
        text += f" Your line reaches {value:g}: {solution.value - value:g} short of the best."
    return text


def _result_html(check: Check, state: State) -> str:
    rows = []
    for choice, value, proven in check.rows:
        mine = choice == check.first
        mark = " (your choice)" if mine else ""
        style = ' style="background: #fff3c4"' if mine else ""
        rows.append(f"<tr{style}><td>{html.escape(plain(state, choice))}{mark}</td>"
                    f"<td>{value:g}</td>"
                    f"<td>{'yes' if proven else 'no'}</td></tr>")
    table = ('<table class="kw-alternatives" style="border-collapse: collapse">'
             "<tr><th>Why not this?</th><th>best value after it</th><th>proven</th></tr>"
             + "".join(rows) + "</table>") if rows else ""
    return f"<p>{html.escape(check.text)}</p>{table}"


def answer(puzzle: Puzzle) -> Solution:
    """The solver's answer to ``puzzle`` for a "Show the solution" button
    (``kwwidgets.solutions.show``): the best first decision, its value and whether it is proven,
    the "why not this?" table and, for a tempo puzzle at a tile choice, the decision graph with
    the answer's edge drawn (``decision_graph_figure``). Solving happens here; showing waits
    for the reader."""
    from kwwidgets.kraftwagen.plots import decision_graph_figure
    from kwwidgets.solutions import Solution

    state = puzzle.state()
    solution = solve_puzzle(puzzle)
    figure = None

    def label(text: str) -> str:
        try:
            return f"{action_label(kwcore.parse_action(state, text), state.cfg)} [{text}]"
        except KraftwagenError:
            return text

    if isinstance(solution, planner.Plan):
        unit = ("Green's lead over the best rival" if solution.config.objective == "margin"
                else "reputation gained")
        status = "proven optimal" if solution.proven else "not proven (a bound)"
        rows = ["| first decision | value | proven |", "|---|---:|---|"]
        rows += [f"| {label(a.action)} | {a.value:g} | {'yes' if a.proven else 'no'} |"
                 for a in solution.alternatives]
        text = (f"The best first decision is **{label(solution.best)}**: {solution.value:g} "
                f"({unit}; {status}). Why not something else? Every legal first decision "
                "with the best value the solver found after it:\n\n" + "\n".join(rows))
        if solution.best.startswith("pick ") and state.decision() == "choose_tile":
            tile = solution.best.removeprefix("pick ")
            figure = decision_graph_figure(state, depth=1, answer=tile)
            text += ("\n\nThe decision graph again, the answer's edge in green (thick: "
                     "the same company plays again):")
    else:
        status = "proven optimal" if solution.proven else "not proven (a bound)"
        steps = ", ".join(label(a) for a in solution.actions) or "place no car"
        text = (f"The best plan: **{steps}**, sales reputation {solution.value} ({status}).")
    return Solution(f"'{puzzle.name}'", text, figure=figure, values={"solution": solution})
