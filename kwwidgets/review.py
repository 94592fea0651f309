"""Review a game in a notebook: the evaluation graph, the board at each decision, the values,
the marks, and "learn from your mistakes".

``ReviewWidget(review)`` shows a ``solvers.review.Review`` (the engine: ``review(replay, player,
budget)``; ``run_review`` runs it under an ipywidgets progress bar). The graph draws the value
of the decision played against the best's at each reviewed decision (plain SVG: filled points
are proven values, hollow ones bounds or estimates; red rings the marked decisions); a click on
the graph (``kwwidgets.clickable``: anywhere in a decision's column), the slider or the list
below it jumps to a decision, whose board (the game's own view,
``kwwidgets.views``, as the player saw it) and values are shown. ``learn()`` steps to each
marked decision and hides the answer until the player has tried again (``try_move``) or asks
for it (``reveal``). Every button calls a public method, which tests call directly.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from gamecore.errors import GameError
from kwwidgets.clickable import ClickableSVG
from kwwidgets.common import board_widget, button, escape_dollars, message_widget, say, show_svg
from kwwidgets.views import GameView, view_for
from solvers.answer import number
from solvers.review import MARKS, Decision, Review, plural, review

#: The graph's size (SVG user units; it scales to the widget's width, at least 11 px text in a
#: notebook of ordinary width). Secondary text is grey, never smaller: the browser test wants
#: every text at least 11 px high.
GRAPH_W, GRAPH_H, PAD = 720, 220, 44
#: Colours of the graph: the best line, the played line, a mark.
BEST, PLAYED, MARK = "#1f5fa8", "#d9822b", "#a4161a"


def run_review(replay: Any, player: int | str | None = None, budget: float | None = None,
               first: int | None = None) -> Review:
    """``solvers.review.review`` under an ipywidgets progress bar shown in the notebook."""
    from IPython.display import display

    bar = w.IntProgress(value=0, min=0, max=1, description="Reviewing")
    label = w.HTML()
    display(w.HBox([bar, label]))

    def update(done: int, total: int) -> None:
        bar.max = max(total, 1)
        bar.value = done
        label.value = f"{done} of {total} decisions"

    result = review(replay, player, budget, first, update)
    bar.bar_style = "success"
    return result


class ReviewWidget:
    """A reviewed game in a notebook (module docstring). ``go(number)`` shows the player's
    decision of that number (from 1, as the review numbers them); ``learn()``, ``try_move``,
    ``reveal`` and ``next_mistake`` are "learn from your mistakes"."""

    def __init__(self, result: Review) -> None:
        if not isinstance(result, Review):
            raise ValueError(f"a ReviewWidget shows a Review, not {type(result).__name__}")
        if not result.decisions:
            raise ValueError("the review holds no decision to show")
        self.review = result
        self.view_of: GameView = view_for(result.game)
        #: the place in ``review.decisions`` shown now
        self.at = 0
        #: "learn from your mistakes": the places of the marked decisions, None when not on
        self.lesson: list[int] | None = None
        #: whether the answer at the decision shown is revealed (always, outside a lesson)
        self.revealed = True
        #: the decision the player tried at the decision shown (a lesson), None before a try
        self.tried: str | None = None
        self._build()
        self.go(self.review.decisions[0].number)

    # --- the view ---------------------------------------------------------------------------------
    def _build(self) -> None:
        r = self.review
        self.out = w.Output()
        counts = r.counts()
        t = r.thresholds
        self.header = w.HTML(escape_dollars(
            f"<b>{html.escape(r.player_name)}</b> ({html.escape(r.game)}): "
            f"{len(r.decisions)} of {r.decisions_total} decisions reviewed, "
            f"{number(r.budget)} s of search each. Marked: "
            + ", ".join(plural(counts[m], m) for m in MARKS) + ".<br>"
            f"<span style='color:#555'>Marks: {html.escape(t.words())}. A decision is marked "
            f"only when the solver has shown the loss. "
            f"{html.escape(r.view_note)}</span>"))
        self.graph = ClickableSVG(layout=w.Layout(width="100%"))
        self.graph.add_class("kw-review-graph")
        self.graph.on_pick(self._on_pick)
        numbers = [d.number for d in r.decisions]
        self.slider = w.SelectionSlider(options=numbers, value=numbers[0],
                                        description="decision", continuous_update=False,
                                        layout=w.Layout(width="100%"))
        self.slider.observe(self._on_slider, names="value")
        self.list = w.Dropdown(options=[(self._list_label(d), d.number) for d in r.decisions],
                               value=numbers[0], description="jump to",
                               layout=w.Layout(width="100%"))
        self.list.observe(self._on_list, names="value")
        self.prev_button = button("< Previous", "kw-review-prev", lambda: self.step(-1),
                                  self.out)
        self.next_button = button("Next >", "kw-review-next", lambda: self.step(1), self.out)
        self.learn_button = button("Learn from your mistakes", "kw-review-learn", self.learn,
                                   self.out, "step to each marked decision and try again "
                                             "before the answer is shown")
        self.board = board_widget()
        self.detail = w.HTML()
        self.detail.add_class("kw-review-detail")
        self.message = message_widget()
        self.choices = w.VBox()
        self.reveal_button = button("Show the answer", "kw-review-reveal", self.reveal,
                                    self.out)
        self.next_mistake_button = button("Next marked decision", "kw-review-next-mistake",
                                          self.next_mistake, self.out)
        self.lesson_box = w.VBox([self.message, self.choices,
                                  w.HBox([self.reveal_button, self.next_mistake_button])])
        self.lesson_box.layout.display = "none"
        nav = w.HBox([self.prev_button, self.next_button, self.learn_button],
                     layout=w.Layout(flex_flow="row wrap"))
        self.view = w.VBox([self.header, self.graph, self.slider, self.list, nav,
                            self.lesson_box, self.detail, self.board, self.out],
                           layout=w.Layout(width="100%"))
        self.view.add_class("kw-review")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    @staticmethod
    def _list_label(d: Decision) -> str:
        tail = f": {d.mark.upper()}" if d.mark else ""
        return f"#{d.number} played {d.played}{tail}"

    @property
    def decision(self) -> Decision:
        """The decision shown now."""
        return self.review.decisions[self.at]

    # --- navigation -------------------------------------------------------------------------------
    def go(self, decision_number: int) -> bool:
        """Show the player's decision ``decision_number`` (as the review numbers them); a
        number not reviewed shows a message and changes nothing. True if shown."""
        places = {d.number: i for i, d in enumerate(self.review.decisions)}
        if decision_number not in places:
            say(self.message, f"Decision {decision_number} was not reviewed.", "error")
            return False
        self.at = places[decision_number]
        in_lesson = self.lesson is not None and self.at in self.lesson
        self.revealed = not in_lesson
        self.tried = None
        self.slider.value = decision_number
        self.list.value = decision_number
        self.redraw()
        return True

    def step(self, delta: int) -> bool:
        """Show the decision ``delta`` places on (negative: back). True if it moved."""
        place = self.at + delta
        if not 0 <= place < len(self.review.decisions):
            return False
        return self.go(self.review.decisions[place].number)

    def _on_slider(self, change: dict[str, Any]) -> None:
        if change["new"] != self.decision.number:
            with self.out:
                self.go(change["new"])

    def _on_pick(self, number: int) -> None:
        with self.out:
            self.go(number)

    def _on_list(self, change: dict[str, Any]) -> None:
        if change["new"] != self.decision.number:
            with self.out:
                self.go(change["new"])

    # --- learn from your mistakes -----------------------------------------------------------------
    def learn(self) -> bool:
        """Start "learn from your mistakes": step to the first marked decision, its answer
        hidden. False (and a message) when no decision is marked."""
        places = [i for i, d in enumerate(self.review.decisions) if d.mark is not None]
        self.lesson_box.layout.display = "flex"
        if not places:
            self.lesson = None
            say(self.message, "No decision is marked: the solver showed no loss in this game "
                              "(a larger budget may show more).", "ok")
            self.choices.children = ()
            return False
        self.lesson = places
        return self.go(self.review.decisions[places[0]].number)

    def next_mistake(self) -> bool:
        """Step to the next marked decision of the lesson. False at the last one."""
        if not self.lesson:
            return self.learn()
        later = [i for i in self.lesson if i > self.at]
        if not later:
            say(self.message, "That was the last marked decision.", "ok")
            return False
        return self.go(self.review.decisions[later[0]].number)

    def try_move(self, action: str | int) -> str:
        """The player's new try at the decision shown (an action's text or id): says how it
        compares with the solver's best, then reveals the answer. The words said."""
        d = self.decision
        state = self.review.states[d.index]
        try:
            aid = state.resolve(action)
        except GameError as exc:
            words = f"Not a decision here: {self.view_of.error(exc)}"
            say(self.message, words, "error")
            return words
        text = str(state.ACTIONS.from_id(aid))
        self.tried = text
        words = self._verdict(d, text)
        self.revealed = True
        say(self.message, words, "ok" if text == d.best else "info")
        self.redraw()
        return words

    @staticmethod
    def _verdict(d: Decision, text: str) -> str:
        if text == d.best:
            return f"{text}: the solver's best decision. Well found."
        if text == d.played:
            return f"{text}: the decision you played in the game."
        alternatives = {} if d.answer is None else {a.action: a for a in d.answer.alternatives}
        if text in alternatives and alternatives[text].value is not None:
            return (f"{text}: worth {number(alternatives[text].value)} to the solver, the best "
                    f"{number(d.best_value.value if d.best_value else None)}.")
        return f"{text}: the solver did not value this decision."

    def reveal(self) -> None:
        """Show the answer at the decision shown."""
        self.revealed = True
        self.redraw()

    # --- drawing ----------------------------------------------------------------------------------
    def redraw(self) -> None:
        """Redraw the graph, the board and the values of the decision shown."""
        d = self.decision
        state = self.review.states[d.index]
        self.graph.svg = graph_svg(self.review, d.number)
        show_svg(self.board, self.view_of.board(state, self.review.player))
        self.detail.value = escape_dollars(self._detail_html(d))
        lesson = self.lesson is not None and self.at in self.lesson
        self.choices.children = tuple(self._choice_buttons(state)) if lesson else ()
        if lesson and not self.revealed:
            say(self.message, f"Decision #{d.number}: you played {d.played}, marked a "
                              f"{d.mark}. Try again: choose a decision.", "info")

    def _choice_buttons(self, state: Any) -> list[w.Button]:
        buttons = []
        for aid in state.legal_action_ids():
            text = str(state.ACTIONS.from_id(aid))
            buttons.append(button(self.view_of.label(state, aid), "kw-review-try",
                                  _bind(self.try_move, text), self.out,
                                  self.view_of.tooltip(state, aid)))
        return buttons

    def _detail_html(self, d: Decision) -> str:
        state = self.review.states[d.index]
        head = (f"<b>Decision #{d.number}</b> (move {d.index + 1} of the game): "
                f"{html.escape(self.view_of.decision(state))}")
        if not self.revealed:
            return head + "<br>The answer is hidden: try again first, or show it."
        rows = [f"Played: <b>{html.escape(d.played)}</b>"
                + (f" - {html.escape(d.played_value.words())}" if d.played_value else "")]
        if d.best is not None and d.best_value is not None:
            rows.append(f"Best found: <b>{html.escape(d.best)}</b> - "
                        f"{html.escape(d.best_value.words())}")
        if d.loss is not None and d.best != d.played:
            unit = self.review.thresholds.unit if d.scaled else d.unit
            rows.append(f"Loss: {number(d.loss)} {html.escape(unit)}")
        colour = MARK if d.mark else "#333333"
        rows.append(f"<span style='color:{colour}'><b>{html.escape(d.mark_words())}</b></span>")
        if d.unit:
            rows.append(f"<span style='color:#555'>Values in {html.escape(d.unit)}. "
                        f"{html.escape(d.status)}</span>")
        if d.caveats:
            rows.append("<span style='color:#555'>What this does not prove: "
                        + " ".join(html.escape(c) for c in d.caveats) + "</span>")
        if self.tried is not None:
            rows.append(f"Your try: {html.escape(self.tried)}")
        return head + "<br>" + "<br>".join(rows)


def _series(result: Review, which: str) -> list[tuple[int, float]]:
    """(decision number, value) of the best's or the played decision's values, where known."""
    out = []
    for d in result.decisions:
        value = d.best_value if which == "best" else d.played_value
        if d.scaled and value is not None and value.value is not None:
            out.append((d.number, value.value))
    return out


def _bind(handler: Callable[[str], Any], text: str) -> Callable[[], Any]:
    return lambda: handler(text)


def graph_svg(result: Review, current: int | None = None) -> str:
    """The evaluation graph as SVG: at each reviewed decision (x, the player's decision
    number) the value of the decision played and the best's (y, in the solver's unit); filled
    points proven, hollow ones bounds or estimates; marked decisions ringed; ``current`` the
    decision shown, a vertical line. Each decision's column (and its points) carries
    ``data-pick``, its number: a click there jumps to it (``ClickableSVG``)."""
    # A decision valued in another unit than the marks' (d.scaled False) keeps its column
    # but no point: the graph has one scale.
    points = [(d.number, d.played_value if d.scaled else None,
               d.best_value if d.scaled else None, d.mark) for d in result.decisions]
    values = [v.value for _, p, b, _ in points for v in (p, b)
              if v is not None and v.value is not None]
    lo, hi = (min(values), max(values)) if values else (0.0, 1.0)
    if hi == lo:
        lo, hi = lo - 1, hi + 1
    first, last = points[0][0], points[-1][0]
    span = max(last - first, 1)

    def x(n: float) -> float:
        return PAD + (n - first) / span * (GRAPH_W - 2 * PAD)

    def y(v: float) -> float:
        return GRAPH_H - PAD + (lo - v) / (hi - lo) * (GRAPH_H - 2 * PAD)

    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {GRAPH_W} {GRAPH_H}" '
             f'role="img" aria-label="evaluation graph" style="width:100%;height:auto;'
             f'max-width:{GRAPH_W * 1.4:.0f}px">',
             f'<rect x="0" y="0" width="{GRAPH_W}" height="{GRAPH_H}" fill="white"/>',
             f'<line x1="{PAD}" y1="{GRAPH_H - PAD}" x2="{GRAPH_W - PAD}" '
             f'y2="{GRAPH_H - PAD}" stroke="#888"/>',
             f'<line x1="{PAD}" y1="{PAD}" x2="{PAD}" y2="{GRAPH_H - PAD}" stroke="#888"/>',
             f'<text x="{PAD}" y="{PAD - 10}" font-size="12">{number(hi)}</text>',
             f'<text x="4" y="{GRAPH_H - PAD}" font-size="12">{number(lo)}</text>',
             f'<text x="{GRAPH_W / 2}" y="{GRAPH_H - 8}" font-size="12" text-anchor="middle">'
             f"your decision number ({first} to {last}); value in "
             f"{html.escape(result.thresholds.unit)}</text>",
             f'<text x="{GRAPH_W - PAD}" y="{PAD - 10}" font-size="12" text-anchor="end">'
             f'<tspan fill="{BEST}">best found</tspan> / <tspan fill="{PLAYED}">played'
             f"</tspan></text>"]
    numbers = [n for n, *_ in points]
    for k, n in enumerate(numbers):  # each decision's column, to click (under the points)
        left = x((numbers[k - 1] + n) / 2) if k else PAD
        right = x((n + numbers[k + 1]) / 2) if k + 1 < len(numbers) else GRAPH_W - PAD
        parts.append(f'<rect x="{left:.1f}" y="{PAD}" width="{max(right - left, 1):.1f}" '
                     f'height="{GRAPH_H - 2 * PAD}" fill="#000" fill-opacity="0" '
                     f'pointer-events="all" data-pick="{n}" class="kw-pick">'
                     f"<title>#{n}: show this decision</title></rect>")
    if current is not None:
        parts.append(f'<line x1="{x(current):.1f}" y1="{PAD}" x2="{x(current):.1f}" '
                     f'y2="{GRAPH_H - PAD}" stroke="#999" stroke-dasharray="4 3" '
                     f'class="kw-current"/>')
    for which, colour in (("best", BEST), ("played", PLAYED)):
        line = [f"{x(n):.1f},{y(v):.1f}" for n, v in _series(result, which)]
        if len(line) > 1:
            parts.append(f'<polyline points="{" ".join(line)}" fill="none" stroke="{colour}" '
                         f'stroke-width="1.5"/>')
    for n, played, best, mark in points:
        for value, colour in ((best, BEST), (played, PLAYED)):
            if value is None or value.value is None:
                continue
            fill = colour if value.kind == "proven" else "white"
            parts.append(f'<circle cx="{x(n):.1f}" cy="{y(value.value):.1f}" r="3" '
                         f'fill="{fill}" stroke="{colour}" data-pick="{n}"><title>#{n}: '
                         f"{html.escape(value.words())}</title></circle>")
        if mark is not None and played is not None and played.value is not None:
            parts.append(f'<circle cx="{x(n):.1f}" cy="{y(played.value):.1f}" r="7" '
                         f'fill="none" stroke="{MARK}" stroke-width="2" class="kw-mark" '
                         f'data-pick="{n}">'
                         f"<title>#{n}: {mark}</title></circle>")
    parts.append("</svg>")
    return "".join(parts)


__all__ = ["ReviewWidget", "graph_svg", "run_review"]
