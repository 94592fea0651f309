"""What a newcomer reads in the notebooks stays what was written: no dollar amount is typeset as
maths, and no workshop shows an answer before its question.

JupyterLab hands every Markdown cell, and every HTML output, to MathJax, which typesets the text
between two dollars ("$200K, $150K" becomes italic letters). In a Markdown cell a dollar must be
written with two backslashes: JupyterLab's Markdown parser turns one backslash-dollar into a bare
dollar before MathJax sees it (checked in JupyterLab 4.6 in a browser). In HTML a dollar is safe
inside an element of class ``tex2jax_ignore``, which MathJax skips. The checks below read the
notebooks and the widgets' HTML as MathJax would, independently of ``kwwidgets.common``.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

import formel1
from kwwidgets import PlayWidget, Stepper
from kwwidgets.automobiles import tour as au_tour
from kwwidgets.common import escape_dollars, markdown_html, message_widget, say
from kwwidgets.formel1 import tour as f1_tour
from kwwidgets.kraftwagen import tour as kw_tour
from kwwidgets.solutions import Solution
from solvers.formel1.positions import endgame

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
WORKSHOPS = ["05_workshop.ipynb", "12_formel1_workshop.ipynb", "22_automobiles_lab.ipynb"]
# Code spans and fenced blocks: JupyterLab typesets neither.
_CODE = re.compile(r"^(`{3,}|~{3,}).*?^\1|(`+).*?\2", re.S | re.M)
# A dollar JupyterLab would hand to MathJax as a delimiter: not written as two backslashes + $.
_BARE = re.compile(r"(?<!\\\\)\$")
# Elements MathJax does not look into (its skipHtmlTags, and the class it ignores).
_SKIPPED = {"script", "noscript", "style", "textarea", "pre", "code", "svg"}


def markdown_dollars(source: str) -> list[str]:
    """The typeset dollars of a Markdown cell, each with a little of the text around it."""
    prose = _CODE.sub(" ", source)
    return [prose[max(0, m.start() - 25):m.end() + 25] for m in _BARE.finditer(prose)]


class _TypesetText(HTMLParser):
    """The text of an HTML string that MathJax would search for delimiters."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[bool] = []  # per open element: is it skipped?
        self.text: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in {"br", "img", "input", "hr", "meta", "link", "wbr"}:
            return
        classes = (dict(attrs).get("class") or "").split()
        self.stack.append(tag in _SKIPPED or "tex2jax_ignore" in classes)

    def handle_endtag(self, tag: str) -> None:
        if self.stack and tag not in {"br", "img", "input", "hr", "meta", "link", "wbr"}:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if not any(self.stack):
            self.text.append(data)


def html_dollars(markup: str) -> int:
    """How many dollars of ``markup`` MathJax would take as delimiters."""
    parser = _TypesetText()
    parser.feed(markup)
    parser.close()
    return len(re.findall(r"(?<!\\)\$", "".join(parser.text)))


def visible_dollars(markup: str) -> int:
    """How many dollars a reader sees in ``markup`` (its text, tags taken out)."""
    return html.unescape(re.sub(r"<[^>]+>", "", markup)).count("$")


# --- the helpers of the checks --------------------------------------------------------------------
def test_the_checks_see_a_dollar_pair_and_see_past_escaped_ones() -> None:
    assert len(markdown_dollars("prizes $200K, $150K")) == 2
    assert len(markdown_dollars(r"prizes \$200K, \$150K")) == 2  # JupyterLab drops one backslash
    assert markdown_dollars(r"prizes \\$200K, \\$150K and `a $ b $ code`") == []
    assert len(markdown_dollars("a lone $ sign")) == 1
    assert html_dollars("<p>$200K, <b>$150K</b></p>") == 2
    assert html_dollars('<p><span class="tex2jax_ignore">$</span>2, <code>$x$</code></p>') == 0


def test_escape_dollars_keeps_every_dollar_visible_and_typesets_none() -> None:
    text = "The prizes are $200K, $150K and `a $ code span`; a bid is \\$10K."
    escaped = escape_dollars(text, markdown=True)
    assert markdown_dollars(escaped) == []
    assert escaped.count("$") == text.count("$") and "`a $ code span`" in escaped
    assert escape_dollars(escaped, markdown=True) == escaped  # twice changes nothing more
    markup = '<p title="$1">$200K, <b>$150K</b> and $30K</p>'
    safe = escape_dollars(markup)
    assert html_dollars(safe) == 0 and visible_dollars(safe) == 3
    assert 'title="$1"' in safe and escape_dollars(safe) == safe


# --- the notebooks --------------------------------------------------------------------------------
@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_markdown_cell_has_a_dollar_jupyterlab_would_typeset(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    found = [(i, markdown_dollars(c.source)) for i, c in enumerate(nb.cells)
             if c.cell_type == "markdown"]
    assert [(i, d) for i, d in found if d] == []


def test_the_money_notebooks_still_speak_of_dollars() -> None:
    for name in ("10_formel1_tour.ipynb", "12_formel1_workshop.ipynb"):
        nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
        assert sum(c.source.count("\\\\$") for c in nb.cells if c.cell_type == "markdown") >= 4


def _exercises(nb: nbformat.NotebookNode) -> Iterator[tuple[str, list[nbformat.NotebookNode]]]:
    """Each ``## Exercise`` section's heading and cells."""
    heading, cells = "", list[nbformat.NotebookNode]()
    for c in nb.cells:
        if c.cell_type == "markdown" and c.source.startswith("## "):
            if heading.startswith("## Exercise"):
                yield heading, cells
            heading, cells = c.source.splitlines()[0], []
        cells.append(c)
    if heading.startswith("## Exercise"):
        yield heading, cells


@pytest.mark.parametrize("name", WORKSHOPS)
def test_every_exercise_asks_its_question_before_any_solution(name: str) -> None:
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    sections = list(_exercises(nb))
    assert len(sections) == 5
    for heading, cells in sections:
        kinds = [("question" if c.cell_type == "markdown" and "**Question" in c.source else
                  "solution" if c.cell_type == "code" and "show(" in c.source else "")
                 for c in cells]
        assert "question" in kinds and "solution" in kinds, heading
        assert kinds.index("question") < kinds.index("solution"), heading
        assert heading.endswith("min)"), heading  # every exercise is timed


@pytest.mark.parametrize("name", ["12_formel1_workshop.ipynb", "22_automobiles_lab.ipynb"])
def test_the_workshops_draw_their_answer_figures_and_tables_only_in_the_solutions(
        name: str) -> None:
    nb = nbformat.read(ROOT / "notebooks" / name, as_version=4)
    drawn = [c.source for c in nb.cells if c.cell_type == "code"
             and re.search(r"\bws\.\w*(_figure|why_not\w*)\(", c.source)]
    assert drawn == []


def test_the_automobiles_notebook_is_a_timed_workshop_with_hidden_solutions() -> None:
    nb = nbformat.read(ROOT / "notebooks" / "22_automobiles_lab.ipynb", as_version=4)
    title = nb.cells[0].source
    assert title.startswith("# 22 · Automobiles workshop")
    assert len(re.findall(r"^\| \d+-\d+ min \|", title, re.M)) == 5  # the timetable
    shows = [c.source for c in nb.cells
             if c.cell_type == "code" and "show(ws.exercise_" in c.source]
    assert len(shows) == 5
    last = nb.cells[-1].source
    assert last.startswith("## What these results do not prove")
    for claim in ("synthetic", "estimate", "one turn", "bots, not players"):
        assert claim in last


# --- the widgets' HTML ----------------------------------------------------------------------------
def test_captions_solutions_and_messages_show_dollars_as_dollars() -> None:
    caption = markdown_html("The prizes are $200K, $150K and $10K.")
    assert html_dollars(caption) == 0 and visible_dollars(caption) == 3
    solution = Solution("1", "Pays **$30K**, not $10K.\n\n| bid | paid |\n|---|---|\n| $10K | $0 |",
                        ("Player 1 buys Red for $40K", "Player 2 pays $30K"))
    shown = solution.html()
    assert html_dollars(shown) == 0 and visible_dollars(shown) == 6
    assert "<table>" in shown and "|---|" not in shown  # the Markdown table is drawn
    box = message_widget()
    say(box, "Hint: bid $30K, not $40K.", "ok")
    assert html_dollars(box.value) == 0 and visible_dollars(box.value) == 2


TOURS = {"formel1": f1_tour.SECTIONS, "automobiles": au_tour.SECTIONS,
         "kraftwagen": kw_tour.SECTIONS}


@pytest.mark.parametrize("game", list(TOURS))
def test_no_tour_caption_typesets_a_dollar(game: str) -> None:
    steps = [s for build in TOURS[game].values() for s in build()]
    stepper = Stepper(steps, game=game)
    captions = [stepper.caption.value]
    while stepper.next():
        captions.append(stepper.caption.value)
    assert [c for c in captions if html_dollars(c)] == []
    if game == "formel1":
        assert sum(visible_dollars(c) for c in captions) >= 10  # the money is still shown


def test_the_formel1_play_widgets_log_hint_and_race_summary_typeset_no_dollar() -> None:
    auction = PlayWidget(game="formel1", human=0, seed=3)
    seen: list[str] = []
    for _ in range(12):  # the auction: bids and sales in the log, the hint names a price
        auction.hint()
        seen += [auction.log.value, auction.message.value, auction.status.value,
                 auction.since.value]
        ids = auction.state.legal_action_ids()
        if not ids or auction.summary is not None:
            break
        auction.click(ids[-1])
    late = endgame(players=3, seed=2, cards=9)
    assert late is not None and isinstance(late, formel1.State)
    race = PlayWidget(game="formel1", state=late, human=late.current_player)
    for _ in range(40):  # to the end of the race: its summary lists the prize money
        race.hint()
        seen += [race.log.value, race.message.value, race.scoring.value, race.since.value]
        if race.summary is not None:
            break
        ids = race.state.legal_action_ids()
        if not ids:
            break
        race.click(ids[0])
    assert race.summary is not None and visible_dollars(race.scoring.value) >= 1
    assert sum(visible_dollars(v) for v in seen) >= 4  # dollars were there to be typeset
    assert [v for v in seen if html_dollars(v)] == []
