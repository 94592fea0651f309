"""Pricing lab: the CP-SAT car-pricing solver with what-if controls and the price curve.

The position is edited only in a copy (``what_if``): price markers taken off the chart, active
buyers sent back to their stacks, the company's investment tokens withheld. Then
``solvers.kraftwagen.pricing.solve`` and ``price_curve`` run behind the "Solve" button (STYLE 18:
slow solver calls sit behind a button) and the curve is drawn by
``kwwidgets.kraftwagen.plots``. The board always shows the what-if position; a result turns
grey ("stale") as soon as a control changes, until Solve is pressed again.
"""

from __future__ import annotations

import html
from collections.abc import Iterable

import ipywidgets as w

from kwcore.config import PREFERENCES
from kwcore.state import State
from kwwidgets.common import board_widget, button, message_widget, say, show_board
from kwwidgets.kraftwagen.labels import plain_steps
from solvers.kraftwagen import pricing
from solvers.kraftwagen.builders import refresh
from solvers.kraftwagen.puzzles import load_puzzles


def _default_state() -> State:
    """The first built-in pricing puzzle's position."""
    return next(p for p in load_puzzles() if p.kind == "pricing").state()


def describe_plan(state: State, plan: pricing.PricingPlan) -> str:
    """A pricing plan in one plain sentence: the decisions, the value and what is proven."""
    steps = plain_steps(state, plan.actions) if plan.actions else "place no car and use nothing"
    status = ("proven optimal" if plan.proven
              else f"the best found within the time limit, not proven (bound {plan.bound})")
    who = state.cfg.companies[state.current_player]
    return f"{who}: {steps} - sales reputation {plan.value} ({status})."


class PricingLab:
    """What-if pricing at a company's market step (``state`` must be at one; by default the
    first built-in pricing puzzle). Raises ``solvers.kraftwagen.pricing.PricingError`` otherwise.

    Controls: the price markers still on the chart (``kw-price``), the active buyers
    (``kw-buyer``), the investment tokens (``kw-invest``); "Solve" (``kw-solve``) calls
    ``solve()``, which reruns CP-SAT and redraws the price curve.
    """

    def __init__(self, state: State | None = None,
                 config: pricing.PricingConfig | None = None) -> None:
        if state is not None and not isinstance(state, State):
            raise ValueError(f"state must be a kwcore.State, not {type(state).__name__}")
        self.state = (state if state is not None else _default_state()).clone(history=False)
        pricing.instance_from_state(self.state)  # raises PricingError away from a market step
        self.config = config or pricing.PricingConfig()
        self.plan: pricing.PricingPlan | None = None
        self.curve: dict[int, int] = {}
        #: True when a control changed after the last solve: the result shown is out of date
        self.stale = False
        s = self.state
        company = s.companies[s.current_player]
        self.out = w.Output()
        self.price_boxes = {v: self._checkbox(f"price {v}", "kw-price") for v in s.chart}
        self.buyer_boxes = {
            sp: self._checkbox(f"buyer {sp + 1}: {PREFERENCES[b]}"
                               + (f" (Packard +{s.packard[sp]})" if s.packard[sp] else ""),
                               "kw-buyer")
            for sp, b in enumerate(s.active) if b >= 0}
        names = ", ".join(s.cfg.recruit[i].name for i in company.investors)
        self.invest_box = self._checkbox(f"investment tokens ({names or 'none held'})",
                                         "kw-invest")
        self.invest_box.disabled = not company.investors
        self.solve_button = button("Solve", "kw-solve", self.solve, self.out,
                                   "rerun CP-SAT on the position as set above")
        self.message = message_widget()
        self.result = w.HTML()
        self.result.add_class("kw-pricing-result")
        self.plot = w.HTML()
        self.plot.add_class("kw-plot")
        self.results = w.VBox([self.result, self.plot])
        self.results.add_class("kw-results")
        self.board = board_widget()
        show_board(self.board, s)
        for box in self._boxes():
            box.observe(self._changed, names="value")

        def row(title: str, boxes: Iterable[w.Checkbox]) -> w.HBox:
            return w.HBox([w.HTML(f"<b>{title}</b>", layout=w.Layout(width="170px",
                                                                       flex="0 0 auto")),
                           *boxes], layout=w.Layout(flex_flow="row wrap", align_items="center"))

        self.view = w.VBox([
            w.HTML(_LAB_CSS),
            row("Price markers left", self.price_boxes.values()),
            row("Active buyers", self.buyer_boxes.values()),
            row("Investments", [self.invest_box]),
            self.solve_button, self.message, self.results,
            w.HTML("<b>The what-if position</b> (what the solver sees)"), self.board, self.out])
        self.view.add_class("kw-pricing-lab")

    def _boxes(self) -> list[w.Checkbox]:
        return [*self.price_boxes.values(), *self.buyer_boxes.values(), self.invest_box]

    def _changed(self, _: object = None) -> None:
        """A control changed: show the what-if board, grey out the result until Solve."""
        show_board(self.board, self.what_if())
        if self.plan is not None and not self.stale:
            self.stale = True
            self.results.add_class("kw-stale")
            say(self.message, "The position changed: press Solve to update the result.")

    @staticmethod
    def _checkbox(description: str, css_class: str) -> w.Checkbox:
        # A box and its label are one item that never stretches or splits when a row wraps.
        box = w.Checkbox(value=True, description=description, indent=False,
                         layout=w.Layout(width="auto", flex="0 0 auto", margin="0 16px 0 0"))
        box.add_class(css_class)
        return box

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    def what_if(self, prices: Iterable[int] | None = None, buyers: Iterable[int] | None = None,
                investments: bool | None = None) -> State:
        """A copy of the position with only ``prices`` on the chart, only the active buyers on
        spaces ``buyers`` (0-based; the others go back to their stacks) and the investment
        tokens kept or withheld. ``None`` takes the setting from the controls.

        The copy is for the solver only: a removed price marker or token leaves the table.
        """
        s = self.state.clone(history=False)
        keep_prices = set(prices if prices is not None else
                          [v for v, b in self.price_boxes.items() if b.value])
        keep_buyers = set(buyers if buyers is not None else
                          [sp for sp, b in self.buyer_boxes.items() if b.value])
        use_tokens = self.invest_box.value if investments is None else investments
        s.chart = tuple(v for v in s.chart if v in keep_prices)
        active, packard, stacks = list(s.active), list(s.packard), list(s.stacks)
        for sp, pref in enumerate(s.active):
            if pref >= 0 and sp not in keep_buyers:
                stacks[pref] += 1  # the buyer goes back to its stack (components conserved)
                active[sp], packard[sp] = -1, 0
        s.active, s.packard, s.stacks = tuple(active), tuple(packard), tuple(stacks)
        if not use_tokens:
            c = s.companies[s.current_player]
            s.inv_supply += len(c.investors)
            c.investors = ()
        return refresh(s)

    def solve(self) -> pricing.PricingPlan | None:
        """Rerun CP-SAT (plan and price curve) on ``what_if()``; show and return the plan.

        A position the solver cannot answer shows its message and keeps the last result.
        """
        s = self.what_if()
        say(self.message, "CP-SAT is solving...")
        try:
            plan = pricing.solve(s, self.config)
            inst = pricing.instance_from_state(s)
            curve = pricing.price_curve(s, self.config) if inst.can_build and s.chart else {}
        except pricing.PricingError as exc:
            say(self.message, str(exc), "error")
            return None
        self.plan, self.curve = plan, curve
        self.stale = False
        self.results.remove_class("kw-stale")
        show_board(self.board, s)
        self.result.value = f"<p>{html.escape(describe_plan(s, plan))}</p>"
        if curve:
            from kwwidgets.kraftwagen.plots import price_curve_figure  # matplotlib: only here
            from kwwidgets.solutions import figure_svg

            self.plot.value = figure_svg(price_curve_figure(s, curve))
        else:
            self.plot.value = "<p>No car can be placed: no price curve.</p>"
        say(self.message, "Solved.", "ok")
        return plan


# A stale result is greyed out (and says so on hover-free screens through the message line).
_LAB_CSS = """<style>
.kw-pricing-lab .kw-stale { opacity: 0.4; filter: grayscale(1); }
.kw-pricing-lab .widget-checkbox { width: auto; }
.kw-pricing-lab .widget-checkbox label { white-space: nowrap; }
</style>"""
