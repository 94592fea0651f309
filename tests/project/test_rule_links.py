"""Every link to a rule, in the notebooks' Markdown and in the racing tours' captions, opens a
page of the project's own docs at an anchor that page has (``<a id="f1-20"></a>``), and no
caption or notebook sentence cites a rule code in its text."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import nbformat
import pytest

from kwwidgets.automobiles import tour as au_tour
from kwwidgets.common import rule_link
from kwwidgets.formel1 import tour as f1_tour

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(\.\./docs/([\w-]+\.md)#([\w-]+)")
CODE = re.compile(r"\b(F1-\d\d|RF\d|AU-\d\d|RA\d)\b")


@cache
def anchors(page: str) -> set[str]:
    """The explicit anchors of ``docs/<page>``."""
    return set(re.findall(r'<a id="([\w-]+)"></a>', (ROOT / "docs" / page).read_text("utf-8")))


def markdown_cells() -> list[tuple[str, str]]:
    """(notebook name, source) of every Markdown cell of every notebook."""
    return [(nb.name, cell.source) for nb in sorted((ROOT / "notebooks").glob("*.ipynb"))
            for cell in nbformat.read(nb, as_version=4).cells if cell.cell_type == "markdown"]


@cache
def captions() -> list[str]:
    """Every caption of the two racing tours."""
    return [step.caption for tour in (f1_tour, au_tour) for build in tour.SECTIONS.values()
            for step in build()]


def test_every_rule_id_of_the_racing_rules_has_its_anchor() -> None:
    f1 = anchors("rules-formel1.md")
    au = anchors("rules-automobiles.md")
    assert {f"f1-{n:02}" for n in range(1, 42)} | {f"rf{n}" for n in range(1, 10)} <= f1
    assert {f"au-{n:02}" for n in range(1, 85)} | {f"ra{n}" for n in range(1, 8)} <= au
    assert {f"k{n}" for n in (*range(1, 25), 30, 31)} <= anchors("rules.md")


def test_every_link_in_the_notebooks_and_captions_reaches_an_anchor() -> None:
    texts = [source for _, source in markdown_cells()] + captions()
    links = [link for text in texts for link in LINK.findall(text)]
    assert len(links) > 100
    for page, anchor in links:
        assert anchor in anchors(page), (page, anchor)


@pytest.mark.parametrize("tour", [f1_tour, au_tour], ids=["formel1", "automobiles"])
def test_captions_cite_rules_only_in_their_links(tour: object) -> None:
    for build in tour.SECTIONS.values():  # type: ignore[attr-defined]
        for step in build():
            text = re.sub(r"\[rules?\]\([^)]*\)", "", step.caption)
            assert not CODE.search(text), step.caption
            assert LINK.search(step.caption), step.caption  # every step links its rule


def test_racing_notebooks_cite_rules_only_in_links() -> None:
    for name, source in markdown_cells():
        if name[:2] in {"10", "11", "12", "20", "21", "22"}:
            # Link texts and tooltips may name the id (a tooltip in quotes may hold brackets).
            text = re.sub(r'\[[^\]]*\]\([^)\s]*(?:\s+"[^"]*")?\)', "", source)
            text = re.sub(r"\*\*(F1-nn|RFn|AU-nn|RAn)\*\*", "", text)  # the scheme explained
            assert not CODE.search(text), (name, source)


def test_a_rule_link_is_a_small_word_with_the_ids_as_its_tooltip() -> None:
    assert rule_link("F1-20") == '[rule](../docs/rules-formel1.md#f1-20 "F1-20")'
    assert rule_link("AU-14", "RA5") == '[rules](../docs/rules-automobiles.md#au-14 "AU-14, RA5")'
    assert rule_link("K10").startswith("[rule](../docs/rules.md#k10 ")
    with pytest.raises(ValueError):
        rule_link("X-1")
    with pytest.raises(ValueError):
        rule_link()
