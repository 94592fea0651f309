"""Figures drawn for the notebooks (kwwidgets.solutions.figure_svg): words as SVG text, never
smaller than the lab's smallest size, the figure itself left as it was."""

from __future__ import annotations

import re

from kwwidgets.solutions import MIN_FONT_PT, KwFigure, figure_svg


def test_a_figures_words_are_text_no_smaller_than_the_minimum() -> None:
    fig = KwFigure(figsize=(4, 3))
    ax = fig.subplots()
    ax.set_title("a tiny title", fontsize=6)
    ax.set_xlabel("a large label", fontsize=14)
    svg = figure_svg(fig)
    assert "a tiny title" in svg and "a large label" in svg  # text, not outlines
    sizes = [float(x) for x in re.findall(r"font-size: ([\d.]+)px", svg)]
    assert sizes and min(sizes) >= MIN_FONT_PT
    assert 14 in sizes  # larger text keeps its size
    assert ax.title.get_fontsize() == 6  # the figure is unchanged
