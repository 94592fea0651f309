"""A caption's rule link: small, raised, after its sentence, as the notebooks draw it.

``kwwidgets.common.markdown_html`` turns a tour's Markdown caption into the HTML the stepper
shows. Raw HTML stays escaped, except a rule link (``rule_link``'s Markdown, alone or inside the
notebooks' ``<sup>...</sup>``), which is drawn as a small raised link opening in a new tab.
"""

from __future__ import annotations

import re

import pytest

import formel1
from kwwidgets import Step, Stepper
from kwwidgets.common import markdown_html, rule_link

#: A rule link as the stepper draws it: its target, tooltip and word.
DRAWN = re.compile(r'\u00a0<sup class="kw-rule" style="font-size: 11px; line-height: 0">'
                   r'<a href="([^"]+)" title="([^"]*)" target="_blank" rel="noopener" '
                   r'style="color: [^"]+">(rules?)</a></sup>')


def test_a_rule_link_after_a_sentence_is_drawn_raised_and_small() -> None:
    shown = markdown_html(f"Green moves 3 spaces. {rule_link('K10')} Then Blue plays.")
    assert DRAWN.findall(shown) == [("../docs/rules.md#k10", "K10", "rule")]
    assert shown.startswith("<p>Green moves 3 spaces.\u00a0<sup")
    assert "Then Blue plays." in shown
    # a no-break space ties the link to its sentence: it never starts a line of its own
    words = re.sub(r"<[^>]+>", "", shown).strip()
    assert words == "Green moves 3 spaces.\u00a0rule Then Blue plays."


def test_several_ids_give_one_link_and_the_notebooks_sup_form_is_drawn_the_same() -> None:
    written = f"The auction. <sup>{rule_link('F1-20', 'RF5')}</sup> Then the race."
    shown = markdown_html(written)
    assert DRAWN.findall(shown) == [("../docs/rules-formel1.md#f1-20", "F1-20, RF5", "rules")]
    assert "&lt;sup&gt;" not in shown and shown.count("<sup") == 1
    assert shown == markdown_html(f"The auction. {rule_link('F1-20', 'RF5')} Then the race.")


@pytest.mark.parametrize("written", [
    "<sup>raised</sup> <b>bold</b> <script>alert(1)</script>",
    "[rule](https://example.com/rules.md#k1 \"K1\")",  # a link to another site stays plain
    "[the rules](../docs/rules.md#k1 \"K1\")",  # other words: an ordinary link
    "<sup>[text](../docs/rules.md#k1)</sup>",
])
def test_other_html_and_links_are_not_drawn_as_rule_links(written: str) -> None:
    shown = markdown_html(written)
    assert not DRAWN.search(shown) and "<script" not in shown and "<b>" not in shown
    assert "<sup>" not in shown  # raw HTML stays escaped


def test_a_racing_tour_caption_with_its_inline_rule_links_is_drawn_small_in_the_stepper() -> None:
    state = formel1.new_game(players=2, seed=0)
    caption = (f"Each player gets a car. {rule_link('F1-04')} The dealer deals. "
               f"{rule_link('RF3')}")
    stepper = Stepper([Step(caption, state)], game="formel1")
    assert [m[0] for m in DRAWN.findall(stepper.caption.value)] == [
        "../docs/rules-formel1.md#f1-04", "../docs/rules-formel1.md#rf3"]
