"""Stepper: board pictures with captions, one after another ("back" / "next"), for the rules tours.

The stepper shows positions of any registered game (``Stepper(steps, game="kraftwagen")``),
each board drawn by the game's view (``kwwidgets.views``). A step is a ``(caption, state)``
pair, or a ``Step``: such a pair that also names what the board should stress, in the words of
its game's view (``GameView.stress``: Kraftwagen's highlighted elements, banner and bands;
Formel 1's rows, marked cells, card and viewer; Automobiles' marked spaces and window), and the
actions that led to it. Every game's tour builds its steps with ``Script``: a position played
forward through real, checked actions, a step taken on the way.

Captions are Markdown (``kwwidgets.common.markdown_html``: raw HTML is escaped). A caption cites
a rule with a small link after the sentence it backs: ``rule_link`` from
``kwwidgets.common`` writes it (``f"... ends on space 3. {rule_link('K10')}"``; several ids,
``rule_link("F1-20", "RF5")``, give one link "rules"), and the stepper draws it raised and small
(at least 11 px), as ``<sup>`` draws it in a notebook's Markdown; the notebooks' own form,
``<sup>[rule](../docs/rules.md#k10 "K10")</sup>``, is drawn the same. The link opens the rules
page in a new browser tab, so the tour stays at its step.

A game whose board has bands (``GameView.bands``: Kraftwagen's) shows only the bands a step
stresses, so that the caption and the change it describes fit on one screen; the "Whole
board" box shows every band.

The buttons sit above the caption, and the board area keeps one height through the tour (the
tallest step's, at the width the boards are drawn), so "Next" stays under the mouse while the
steps go by.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import ipywidgets as w

from gamecore.game import Game
from kwwidgets.common import board_widget, button, markdown_html
from kwwidgets.views import GameView, view_for

# ipywidgets wraps HTML in a shrink-to-fit flex box: widen it so the SVG can take the full width.
# Its line height is a button's (28 px): a caption reads better at a prose line height.
_FIT = ("<style>.kw-stepper .widget-html-content {display: block; width: 100%;} "
        ".kw-stepper .kw-caption .widget-html-content {line-height: 1.45;}</style>")
_SVG_TAG = re.compile(r"<svg\b[^>]*>")
_VIEWBOX = re.compile(r'viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"')
_MAX_WIDTH = re.compile(r"max-width:\s*([\d.]+)px")


def svg_extent(svg: str) -> tuple[float, float]:
    """How tall a drawn board is: (height per unit of width, the widest it is drawn in px, 0
    for no limit), over its pictures drawn the page's width (``width="100%"``), stacked."""
    ratio, widest = 0.0, 0.0
    for tag in _SVG_TAG.findall(svg):
        box = _VIEWBOX.search(tag)
        if 'width="100%"' not in tag or box is None or float(box.group(1)) <= 0:
            continue
        ratio += float(box.group(2)) / float(box.group(1))
        limit = _MAX_WIDTH.search(tag)
        widest = max(widest, float(limit.group(1)) if limit else 0.0)
    return ratio, widest


def area_height(svgs: Sequence[str]) -> str:
    """The CSS height that holds the tallest of ``svgs`` at any width: a share of the area's
    width (``cqw``), at most its height at the widest it is drawn."""
    extents = [svg_extent(svg) for svg in svgs]
    ratio = max((r for r, _ in extents), default=0.0)
    widest = max((m for _, m in extents), default=0.0)
    if ratio <= 0:
        return "0px"
    share = f"{100 * ratio:.2f}cqw"
    return f"min({share}, {widest * ratio:.0f}px)" if widest else share


class Step(tuple[str, Any]):
    """One step of a tour: a ``(caption, state)`` pair with what its board should stress.

    ``stress`` holds the keyword settings the game's view draws the board with (each one
    given is also readable as an attribute: ``step.marks``); ``actions`` lists ``(decision,
    action kind)`` for the actions applied since the previous step. Unpacks as ``caption,
    state`` like a plain pair.
    """

    stress: dict[str, Any]
    actions: tuple[tuple[str, str], ...]

    def __new__(cls, caption: str, state: Any, actions: Sequence[tuple[str, str]] = (),
                **stress: Any) -> Step:
        self = super().__new__(cls, (caption, state))
        self.stress = stress
        self.actions = tuple(actions)
        return self

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["stress"][name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def caption(self) -> str:
        """The caption (Markdown)."""
        return self[0]

    @property
    def state(self) -> Any:
        """The position shown."""
        return self[1]

    def svg(self, whole: bool = False) -> str:
        """The step's board, drawn by its game's view (every band if ``whole``)."""
        return view_for(self.state.game()).step_board(self, whole)


def _kind(state: Any, action: str) -> str:
    """The kind of the action written ``action`` in ``state`` (its class name)."""
    return type(state.ACTIONS.actions[state.resolve(action)]).__name__


class Script:
    """A position played forward through real, checked actions, with the steps taken on the
    way (every game's tour builds its steps with one)."""

    def __init__(self, state: Any) -> None:
        self.s = state
        self.steps: list[Step] = []
        self._done: list[tuple[str, str]] = []

    def do(self, *texts: str) -> Script:
        """Apply each action (checked: an illegal one raises), remembering its decision (the
        game's words for it) and its kind."""
        for text in texts:
            decide = getattr(self.s, "decision", None)  # the game's name of the decision
            decision = str(decide()) if callable(decide) else ""
            kind = _kind(self.s, text)
            self.s.apply(text)
            self._done.append((decision, kind))
        return self

    def snap(self, caption: str, state: Any = None, **stress: Any) -> Script:
        """A step showing the position now (or ``state``), a copy: later actions never change
        it; ``stress`` as the game's view takes it."""
        shown = (state if state is not None else self.s).clone(history=False)
        self.steps.append(Step(caption, shown, self._done, **stress))
        self._done = []
        return self


def as_step(step: object, i: int, view: GameView) -> Step:
    """``step`` as a Step; ValueError unless it is a (caption, state) pair of the view's game
    whose stress the view can draw."""
    if not isinstance(step, tuple) or len(step) != 2 or not isinstance(step[0], str):
        raise ValueError(f"step {i} must be a (caption, {view.game.name} state) pair, "
                         f"not {step!r:.80}")
    view.check(step[1], f"step {i}'s state")
    if not isinstance(step, Step):
        return Step(step[0], step[1])
    view.check_step(step, f"step {i}")
    return step


class Stepper:
    """Step through ``steps``, a non-empty list of ``(caption_markdown, state)`` pairs (states
    of ``game``, a registered game's name) or ``Step`` objects.

    Buttons "Back" (CSS class ``kw-back``) and "Next" (``kw-next``) call ``back()`` and
    ``next()``; the "Whole board" box (``kw-whole``, Kraftwagen only) calls ``show_whole``. A
    malformed step list, or a state of another game, raises ValueError.
    """

    def __init__(self, steps: Sequence[tuple[str, Any]], game: str | Game = "kraftwagen"
                 ) -> None:
        #: the game's view, which draws every board
        self.view_of = view_for(game)
        steps = list(steps)
        if not steps:
            raise ValueError("a stepper needs at least one step")
        self.steps: list[Step] = [as_step(s, i, self.view_of) for i, s in enumerate(steps)]
        self.index = 0
        self.whole = False
        # Every step's board, drawn once per mode (only the step's bands, or whole), and the
        # board area's height in each mode: the tallest board's.
        self._boards: dict[bool, list[str]] = {}
        self._heights: dict[bool, str] = {}
        self.out = w.Output()
        self.caption = w.HTML()
        self.caption.add_class("kw-caption")
        self.position = w.HTML()
        self.position.add_class("kw-step")
        self.board = board_widget()
        self.back_button = button("Back", "kw-back", self.back, self.out, "the previous step")
        self.next_button = button("Next", "kw-next", self.next, self.out, "the next step")
        self.whole_box = w.Checkbox(value=False, description="Whole board", indent=False,
                                    layout=w.Layout(width="auto", margin="0 0 0 16px"))
        self.whole_box.add_class("kw-whole")
        if not self.view_of.bands:
            self.whole_box.layout.display = "none"
        self.whole_box.observe(lambda change: self.show_whole(bool(change["new"])), "value")
        # The buttons first: a caption's length never moves them.
        self.view = w.VBox([w.HBox([self.back_button, self.next_button, self.position,
                                    self.whole_box]), self.caption, self.board, self.out])
        self.view.add_class("kw-stepper")
        self.go(0)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    @property
    def board_height(self) -> str:
        """The board area's height now (CSS): the tallest step's board, in the current mode."""
        if self.whole not in self._heights:
            boards = [self.view_of.step_board(step, self.whole) for step in self.steps]
            self._boards[self.whole] = boards
            self._heights[self.whole] = area_height(boards)
        return self._heights[self.whole]

    @property
    def state(self) -> Any:
        """The position shown now."""
        return self.steps[self.index].state

    def go(self, index: int) -> None:
        """Show step ``index`` (0-based); out of range raises ValueError and changes nothing."""
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.steps)):
            raise ValueError(f"step index must be 0..{len(self.steps) - 1}, not {index!r}")
        self.index = index
        step = self.steps[index]
        self.caption.value = markdown_html(step.caption)
        height = self.board_height
        self.board.value = (f'{_FIT}<div class="kw-board-area" style="container-type: '
                            f'inline-size; width: 100%"><div style="min-height: {height}">'
                            f"{self._boards[self.whole][index]}</div></div>")
        self.position.value = f"step {index + 1} of {len(self.steps)}"
        self.back_button.disabled = index == 0
        self.next_button.disabled = index == len(self.steps) - 1

    def show_whole(self, whole: bool) -> None:
        """Show every band of the board (True) or only the step's own (False)."""
        self.whole = bool(whole)
        if self.whole_box.value != self.whole:
            self.whole_box.value = self.whole
        self.go(self.index)

    def next(self) -> bool:
        """Show the next step; False (and no change) at the last one."""
        if self.index + 1 >= len(self.steps):
            return False
        self.go(self.index + 1)
        return True

    def back(self) -> bool:
        """Show the previous step; False (and no change) at the first one."""
        if self.index == 0:
            return False
        self.go(self.index - 1)
        return True
