"""Stepper: board pictures with captions, one after another ("back" / "next"), for the rules tour.

The stepper shows positions of any registered game (``Stepper(scenes, game="kraftwagen")``),
each board drawn by the game's view (``kwwidgets.views``); Kraftwagen's scenes are built with
kwcore (see ``kwwidgets.tour``). A scene is a ``(caption, state)`` pair, or, for Kraftwagen, a
``Scene``, which is such a pair that also names the board elements its caption talks about
(drawn outlined, CSS class ``kw-highlight``), an optional banner for the board's top line (for
scoring, which happens between decisions) and the actions that led to it. Captions are Markdown.

So that the caption and the change it describes fit on one screen (a 1000 px tall window), a
Kraftwagen scene with highlights shows only the bands of the board that hold them
(``kwcore.svg.BANDS``); the "Whole board" box shows every band. Highlights, banners and bands
are features of Kraftwagen's board: a game whose view has none (``GameView.bands``) takes only
plain scenes and shows no such box.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from gamecore.game import Game
from kwcore.svg import BANDS, band_of, board_svg
from kwwidgets.common import board_widget, button, markdown_html
from kwwidgets.views import GameView, view_for

# ipywidgets wraps HTML in a shrink-to-fit flex box: widen it so the SVG can take the full width.
_FIT = "<style>.kw-stepper .widget-html-content {display: block; width: 100%;}</style>"


class Scene(tuple[str, Any]):
    """One step of the tour: a ``(caption, state)`` pair with what the board should stress.

    ``highlight`` maps board element keys (``kwcore.svg.band_of``) to a short note ("" for
    none); ``banner`` replaces the board's "who decides" line; ``show`` names extra bands to
    draw; ``actions`` lists ``(decision, action class name)`` for the actions applied since the
    previous scene. Unpacks as ``caption, state`` like a plain pair.
    """

    highlight: dict[str, str]
    banner: str | None
    show: tuple[str, ...]
    actions: tuple[tuple[str, str], ...]

    def __new__(cls, caption: str, state: Any,
                highlight: Mapping[str, str] | Iterable[str] | None = None,
                banner: str | None = None, show: Sequence[str] = (),
                actions: Sequence[tuple[str, str]] = ()) -> Scene:
        self = super().__new__(cls, (caption, state))
        self.highlight = (dict(highlight) if isinstance(highlight, Mapping)
                          else dict.fromkeys(highlight or (), ""))
        for key in self.highlight:
            band_of(key)  # an unknown key is a mistake in the scene: say so now
        self.banner = banner
        self.show = tuple(show)
        self.actions = tuple(actions)
        return self

    @property
    def caption(self) -> str:
        """The caption (Markdown)."""
        return self[0]

    @property
    def state(self) -> Any:
        """The position shown."""
        return self[1]

    def parts(self) -> list[str] | None:
        """The bands this scene shows: those of its highlights and ``show``; None for all."""
        wanted = {band_of(k) for k in self.highlight} | set(self.show)
        wanted.discard("header")
        if not wanted:
            return None
        return [b for b in BANDS if b in wanted]

    def svg(self, whole: bool = False) -> str:
        """The scene's board as SVG (every band if ``whole``)."""
        return board_svg(self.state, highlight=self.highlight, banner=self.banner,
                         parts=None if whole else self.parts())


def as_scene(scene: object, i: int = 0, view: GameView | None = None) -> Scene:
    """``scene`` as a Scene; ValueError unless it is a (caption, state) pair of the view's game
    (Kraftwagen's when no view is given), or a Scene with highlights where the view has
    none."""
    view = view if view is not None else view_for("kraftwagen")
    if isinstance(scene, Scene):
        pair: Any = scene
    elif not isinstance(scene, tuple) or len(scene) != 2 or not isinstance(scene[0], str):
        raise ValueError(f"scene {i} must be a (caption, {view.game.name} state) pair, "
                         f"not {scene!r:.80}")
    else:
        pair = scene
    view.check(pair[1], f"scene {i}'s state")
    if isinstance(scene, Scene):
        if not view.bands and (scene.highlight or scene.banner or scene.show):
            raise ValueError(f"scene {i}: {view.game.name} boards have no highlights, banner "
                             "or bands; give a plain (caption, state) pair")
        return scene
    return Scene(pair[0], pair[1])


class Stepper:
    """Step through ``scenes``, a non-empty list of ``(caption_markdown, state)`` pairs (states
    of ``game``, a registered game's name) or, for Kraftwagen, ``Scene`` objects.

    Buttons "Back" (CSS class ``kw-back``) and "Next" (``kw-next``) call ``back()`` and
    ``next()``; the "Whole board" box (``kw-whole``, Kraftwagen only) calls ``show_whole``. A
    malformed scene list, or a state of another game, raises ValueError.
    """

    def __init__(self, scenes: Sequence[tuple[str, Any]], game: str | Game = "kraftwagen"
                 ) -> None:
        #: the game's view, which draws every board
        self.view_of = view_for(game)
        scenes = list(scenes)
        if not scenes:
            raise ValueError("a stepper needs at least one scene")
        self.scenes: list[Scene] = [as_scene(s, i, self.view_of) for i, s in enumerate(scenes)]
        # The scenes as given: a game's own scene class carries what its view draws.
        self._given = scenes
        self.index = 0
        self.whole = False
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
        self.view = w.VBox([self.caption, w.HBox([self.back_button, self.next_button,
                                                  self.position, self.whole_box]),
                            self.board, self.out])
        self.view.add_class("kw-stepper")
        self.go(0)

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    @property
    def state(self) -> Any:
        """The position shown now."""
        return self.scenes[self.index].state

    def go(self, index: int) -> None:
        """Show scene ``index`` (0-based); out of range raises ValueError and changes nothing."""
        if isinstance(index, bool) or not isinstance(index, int) or not (
                0 <= index < len(self.scenes)):
            raise ValueError(f"scene index must be 0..{len(self.scenes) - 1}, not {index!r}")
        self.index = index
        scene = self.scenes[index]
        self.caption.value = markdown_html(scene.caption)
        self.board.value = _FIT + (scene.svg(self.whole) if self.view_of.bands
                                   else self.view_of.scene_board(self._given[index]))
        self.position.value = f"step {index + 1} of {len(self.scenes)}"
        self.back_button.disabled = index == 0
        self.next_button.disabled = index == len(self.scenes) - 1

    def show_whole(self, whole: bool) -> None:
        """Show every band of the board (True) or only the scene's own (False)."""
        self.whole = bool(whole)
        if self.whole_box.value != self.whole:
            self.whole_box.value = self.whole
        self.go(self.index)

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
