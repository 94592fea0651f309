"""Small pieces every widget shares: the board picture, a message line, a busy-safe callback.

No rules here: the board is drawn by the game's registered renderer (``kwcore.svg.board_svg``
for Kraftwagen) and every word about the game comes from the game (``kwwidgets.views``); this
module only puts them into ipywidgets.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from gamecore.state import GameState

# The board SVG has a viewBox: it takes the widget's whole width, so on a wide notebook its
# text grows with it (issue 12: at least 11 px at a 1400 px window). ipywidgets wraps the HTML
# in a shrink-to-fit flex box, which must be widened first.
_FIT = ("<style>.kw-board .widget-html-content {display: block; width: 100%;} "
        ".kw-board svg {display: block; width: 100%; height: auto;}</style>")
_MESSAGE_COLOURS = {"info": "#1f3a5f", "error": "#a4161a", "ok": "#2b6a30"}


def board_widget() -> w.HTML:
    """An empty board area (CSS class ``kw-board``); fill it with ``show_board``."""
    board = w.HTML(layout=w.Layout(overflow="auto", max_width="100%"))
    board.add_class("kw-board")
    return board


def show_svg(board: w.HTML, svg: str) -> None:
    """Put a drawn board (SVG text) into ``board``."""
    board.value = _FIT + svg


def show_board(board: w.HTML, state: GameState, viewer: int | None = None) -> None:
    """Draw ``state`` into ``board`` with its game's registered board (only the viewer's hidden
    information is shown: Kraftwagen's RULINGS K31)."""
    show_svg(board, state.game().board(state, viewer))


def message_widget() -> w.HTML:
    """A one-line message area (CSS class ``kw-message``) for errors, hints and results."""
    box = w.HTML()
    box.add_class("kw-message")
    return box


def say(box: w.HTML, text: str, kind: str = "info") -> None:
    """Show ``text`` (plain, escaped) in a message area; ``kind`` is info, ok or error."""
    if not text:
        box.value = ""
        return
    colour = _MESSAGE_COLOURS.get(kind, _MESSAGE_COLOURS["info"])
    box.value = f'<span data-kind="{kind}" style="color:{colour}">{html.escape(text)}</span>'


def button(description: str, css_class: str, handler: Callable[[], Any], out: w.Output,
           tooltip: str = "") -> w.Button:
    """A button calling ``handler()``; anything it prints or raises lands in ``out``.

    A bare ``print`` inside a callback vanishes in JupyterLab (STYLE 18), so every callback
    runs inside the widget's ``Output``.
    """
    b = w.Button(description=description, tooltip=tooltip or description,
                 layout=w.Layout(width="auto"))
    b.add_class(css_class)

    def on_click(_: w.Button) -> None:
        with out:
            handler()

    b.on_click(on_click)
    return b


def markdown_html(text: str) -> str:
    """A caption written in Markdown as HTML (mistune, which JupyterLab itself installs)."""
    import mistune

    return str(mistune.create_markdown(escape=True)(text))
