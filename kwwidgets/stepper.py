"""Stepper: board pictures with captions, one after another ("back" / "next"), for the rules tour.

The scenes are plain ``(caption, State)`` pairs built with kwcore (see ``kwwidgets.tour``); the
stepper only shows them. Captions are Markdown.
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as w

from kwcore.state import State
from kwwidgets.common import board_widget, button, markdown_html, show_board


class Stepper:
    """Step through ``scenes``, a non-empty list of ``(caption_markdown, kwcore.State)``.

    Buttons "Back" (CSS class ``kw-back``) and "Next" (``kw-next``) call ``back()`` and
    ``next()``; a malformed scene list raises ValueError.
    """

    def __init__(self, scenes: Sequence[tuple[str, State]]) -> None:
        scenes = list(scenes)
        if not scenes:
            raise ValueError("a stepper needs at least one scene")
        for i, scene in enumerate(scenes):
            if (not isinstance(scene, tuple) or len(scene) != 2 or not isinstance(scene[0], str)
                    or not isinstance(scene[1], State)):
                raise ValueError(f"scene {i} must be a (caption, kwcore.State) pair, "
                                 f"not {scene!r:.80}")
        self.scenes: list[tuple[str, State]] = scenes
        self.index = 0
        self.out = w.Output()
        self.caption = w.HTML()
        self.caption.add_class("kw-caption")
        self.position = w.HTML()
        self.position.add_class("kw-step")
        self.board = board_widget()
        self.back_button = button("Back", "kw-back", self.back, self.out, "the previous step")
        self.next_button = button("Next", "kw-next", self.next, self.out, "the next step")
        self.view = w.VBox([self.caption, w.HBox([self.back_button, self.next_button,
                                                  self.position]), self.board, self.out])
        self.view.add_class("kw-stepper")
        self.go(0)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    @property
    def state(self) -> State:
        """The position shown now."""
        return self.scenes[self.index][1]

    def go(self, index: int) -> None:
        """Show scene ``index`` (0-based); out of range raises ValueError and changes nothing."""
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.scenes)):
            raise ValueError(f"scene index must be 0..{len(self.scenes) - 1}, not {index!r}")
        self.index = index
        caption, state = self.scenes[index]
        self.caption.value = markdown_html(caption)
        show_board(self.board, state)
        self.position.value = f"step {index + 1} of {len(self.scenes)}"
        self.back_button.disabled = index == 0
        self.next_button.disabled = index == len(self.scenes) - 1

    def next(self) -> bool:
        """Show the next scene; False (and no change) at the last one."""
        if self.index + 1 >= len(self.scenes):
            return False
        self.go(self.index + 1)
        return True

    def back(self) -> bool:
        """Show the previous scene; False (and no change) at the first one."""
        if self.index == 0:
            return False
        self.go(self.index - 1)
        return True
