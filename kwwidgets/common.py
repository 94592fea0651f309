"""Small pieces every widget shares: the board picture, a message line, a busy-safe callback.

No rules here: the board is drawn by the game's registered renderer (``kwcore.svg.board_svg``
for Kraftwagen) and every word about the game comes from the game (``kwwidgets.views``); this
module only puts them into ipywidgets.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from gamecore.state import GameState

# The board SVG has a viewBox: it takes the widget's whole width, so on a wide notebook its
# text grows with it (at least 11 px at a 1400 px window). ipywidgets wraps the HTML
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
    box.value = (f'<span data-kind="{kind}" style="color:{colour}">'
                 f'{escape_dollars(html.escape(text))}</span>')


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


#: A rule link as mistune draws it from ``rule_link``'s Markdown: the word "rule" or "rules"
#: linking to an anchor of one of the project's rules pages, the rule ids as its tooltip.
_RULE_ANCHOR = re.compile(r'<a href="(\.\./docs/rules[\w-]*\.md#[\w-]+)"'
                          r'(?: title="([^"<>]*)")?>(rules?)</a>')
#: The notebooks' way of writing one, ``<sup>[rule](...)</sup>``: mistune escapes the tags
#: around the link it draws (the one raw HTML a caption may hold).
_ESCAPED_SUP = re.compile(r"&lt;sup&gt;\s*(\u00a0<sup class=\"kw-rule\".*?</sup>)\s*"
                          r"&lt;/sup&gt;")
#: How a rule link is drawn: small and raised after its sentence, in the link colour, as in the
#: notebooks, yet at least 11 px (the smallest text the lab draws); opened in a new tab so that
#: a tour or a game stays where it is (a widget's link does not go through JupyterLab's own
#: link handler). A no-break space ties it to its sentence.
RULE_LINK_HTML = ('\u00a0<sup class="kw-rule" style="font-size: 11px; line-height: 0">'
                  '<a href="{href}" title="{title}" target="_blank" rel="noopener" '
                  'style="color: var(--jp-content-link-color, #1976d2)">{word}</a></sup>')


def markdown_html(text: str) -> str:
    """A caption written in Markdown as HTML (mistune, which JupyterLab itself installs), its
    tables drawn and its dollars kept as dollars (``escape_dollars``).

    Raw HTML is escaped, with one exception: a rule link (``rule_link``'s Markdown, alone or
    inside ``<sup>...</sup>`` as the notebooks write it) is drawn as a small raised link after
    its sentence (``RULE_LINK_HTML``).
    """
    import mistune

    drawn = str(mistune.create_markdown(escape=True, plugins=["table"])(text))
    drawn = _RULE_ANCHOR.sub(lambda m: RULE_LINK_HTML.format(
        href=m.group(1), title=m.group(2) or "", word=m.group(3)), drawn)
    drawn = _ESCAPED_SUP.sub(r"\1", drawn)
    return escape_dollars(re.sub(r"[ \u00a0]+(\u00a0<sup class=\"kw-rule\")", r"\1", drawn))


def rule_link(*ids: str) -> str:
    """A small Markdown link "rule" to the first of ``ids`` in the project's rules page, to put
    after the sentence it backs (never inside it); the ids are the link's tooltip.

    ``rule_link("F1-20")`` is ``[rule](../docs/rules-formel1.md#f1-20 "F1-20")``: the page and
    anchor from the id (F1-nn and RFn: ``docs/rules-formel1.md``; AU-nn and RAn:
    ``docs/rules-automobiles.md``; Kn: ``docs/rules.md``), relative to a notebook. Several ids
    give one link "rules" to the first. An id of no rules page raises ValueError.

    In a tour's caption (``markdown_html``, the stepper) the link is drawn small and raised,
    as ``<sup>`` makes it in a notebook's Markdown: put it right after the sentence's full stop,
    ``f"Green moves 3 spaces. {rule_link('K10')} Then ..."``.
    """
    pages = {"F1-": "rules-formel1.md", "RF": "rules-formel1.md", "AU-": "rules-automobiles.md",
             "RA": "rules-automobiles.md", "K": "rules.md"}
    if not ids:
        raise ValueError("rule_link needs at least one rule id")
    for rule in ids:
        if not any(rule.startswith(p) and rule[len(p):].isdigit() for p in pages):
            raise ValueError(f"{rule!r} is no rule id (F1-nn, RFn, AU-nn, RAn or Kn)")
    page = next(pages[p] for p in pages if ids[0].startswith(p))
    word = "rule" if len(ids) == 1 else "rules"
    return f'[{word}](../docs/{page}#{ids[0].lower()} "{", ".join(ids)}")'


#: A dollar in HTML that no typesetter pairs with another: MathJax (JupyterLab's) skips the
#: class, and neither MathJax nor KaTeX matches maths across an element's edge.
DOLLAR_HTML = '<span class="tex2jax_ignore">$</span>'
#: A dollar in Markdown that JupyterLab shows as a dollar: two backslashes. One is not enough
#: there: JupyterLab's Markdown parser turns backslash-dollar into a bare dollar before MathJax
#: runs, and MathJax pairs it with the next one; two reach MathJax as backslash-dollar, which it
#: shows as a dollar.
DOLLAR_MARKDOWN = "\\\\$"
_HTML_TAG = re.compile(r"(<[^>]*>)")
_MARKDOWN_CODE = re.compile(r"^(`{3,}|~{3,}).*?^\1|(`+).*?\2", re.S | re.M)
_BARE_DOLLAR = re.compile(r"(?<!\\)\\?\$")


def escape_dollars(text: str, markdown: bool = False) -> str:
    """``text`` with every dollar kept a dollar where JupyterLab typesets ``$...$`` as maths
    ("$200K, $150K" would otherwise come out as italic letters).

    HTML (the default; what the widgets put into ``ipywidgets.HTML`` or an output): each ``$``
    outside the tags becomes ``DOLLAR_HTML``, a plain dollar whether or not the HTML is
    typeset. ``markdown=True`` (a notebook's Markdown cell, an ``IPython.display.Markdown``):
    each ``$`` outside code becomes ``DOLLAR_MARKDOWN``. Applying it twice changes nothing more.
    """
    if markdown:
        out, last = [], 0
        for code in _MARKDOWN_CODE.finditer(text):
            out += [_BARE_DOLLAR.sub(DOLLAR_MARKDOWN.replace("\\", "\\\\"),
                                     text[last:code.start()]), code.group(0)]
            last = code.end()
        out.append(_BARE_DOLLAR.sub(DOLLAR_MARKDOWN.replace("\\", "\\\\"), text[last:]))
        return "".join(out)
    parts = _HTML_TAG.split(text.replace(DOLLAR_HTML, "\0"))
    return "".join(part if i % 2 else part.replace("$", DOLLAR_HTML)
                   for i, part in enumerate(parts)).replace("\0", DOLLAR_HTML)
