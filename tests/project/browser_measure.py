"""What the browser test measures on a page: the rendered size of every text, and when a play
widget has finished answering a click. JavaScript run by Playwright, with its Python wrapper.

The size of a text is what the reader sees, in CSS pixels at the window's size: the computed
font size times the scale the element is drawn at. For a text of an inline SVG that is the font
size in user units times the scale of the text's own screen matrix (``getScreenCTM``: the SVG's
rendered width over its viewBox width, and any transform on the way). An SVG shown as an
``<img>`` (a state's own SVG output in JupyterLab) is parsed from its source and laid out off
screen at the image's drawn size, then measured the same way. An HTML text's font size is
scaled by the element's drawn width over its layout width (1 unless a transform scales it).
Hidden texts (no box, ``visibility: hidden``), SVG ``<title>`` tooltips and ``<style>`` text
are not drawn and not measured.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from playwright.sync_api import Locator

#: The attribute put on the smallest text found by the last measure (to scroll to it).
SMALLEST = "data-kw-smallest"

MEASURE = """([root, mark]) => {
  const items = [];
  const own = (el) => [...el.childNodes].filter(n => n.nodeType === 3)
    .map(n => n.textContent).join(' ').replace(/\\s+/g, ' ').trim();
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 0 && r.height <= 0) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== 'hidden' && cs.display !== 'none' && parseFloat(cs.opacity) > 0;
  };
  const cellOf = (el) => {
    const cell = el.closest('.jp-Cell');
    if (!cell) return '';
    const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
    return `cell ${cells.indexOf(cell)}`;
  };
  const svgTexts = (svg, marked, kind) => {
    for (const t of svg.querySelectorAll('text, tspan, textPath')) {
      const text = own(t);
      if (!text || !shown(t)) continue;
      const m = t.getScreenCTM();
      if (!m) continue;
      const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
      items.push({px: parseFloat(getComputedStyle(t).fontSize) * scale, text, kind,
                  el: marked || t});
    }
  };
  const inlineSvgs = root.tagName.toLowerCase() === 'svg' ? [root]
    : [...root.querySelectorAll('svg')].filter(s => !s.parentElement.closest('svg'));
  for (const svg of inlineSvgs) if (shown(svg)) svgTexts(svg, null, 'board');
  // An SVG shown as an image: laid out off screen at the image's drawn size.
  const images = root.tagName.toLowerCase() === 'img' ? [root] : [...root.querySelectorAll('img')];
  const pending = [];
  for (const img of images) {
    const src = img.currentSrc || img.src || '';
    if (!shown(img) || !(src.startsWith('data:image/svg') || src.endsWith('.svg'))) continue;
    pending.push((async () => {
      let text;
      if (src.startsWith('data:')) {
        const comma = src.indexOf(',');
        const body = src.slice(comma + 1);
        text = src.slice(0, comma).includes('base64') ? atob(body) : decodeURIComponent(body);
      } else {
        text = await (await fetch(src)).text();
      }
      const parsed = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
      const box = img.getBoundingClientRect();
      const holder = document.createElement('div');
      holder.style.cssText = 'position:absolute; left:-40000px; top:0; width:' + box.width + 'px';
      const svg = document.importNode(parsed, true);
      svg.setAttribute('width', box.width);
      svg.setAttribute('height', box.height);
      holder.appendChild(svg);
      document.body.appendChild(holder);
      try {
        for (const t of svg.querySelectorAll('text, tspan, textPath')) {
          const words = own(t);
          if (!words) continue;
          const m = t.getScreenCTM();
          if (!m) continue;
          const scale = Math.sqrt(Math.abs(m.a * m.d - m.b * m.c));
          items.push({px: parseFloat(getComputedStyle(t).fontSize) * scale, text: words,
                      kind: 'board', el: img});
        }
      } finally {
        holder.remove();
      }
    })());
  }
  return Promise.all(pending).then(() => {
    // Every HTML text: an element with text of its own, and the value a field shows.
    const all = root.tagName.toLowerCase() === 'svg' ? [] : [root, ...root.querySelectorAll('*')];
    for (const el of all) {
      if (el.closest('svg')) continue;
      const tag = el.tagName.toLowerCase();
      if (['style', 'script', 'noscript', 'template', 'option', 'title'].includes(tag)) continue;
      let text = own(el);
      if (tag === 'select') text = el.selectedOptions.length ? el.selectedOptions[0].text : '';
      if (tag === 'input' && !['checkbox', 'radio', 'hidden'].includes(el.type)) text = el.value;
      if (!text || !shown(el)) continue;
      const r = el.getBoundingClientRect();
      const scale = el.offsetWidth > 0 ? r.width / el.offsetWidth : 1;
      items.push({px: parseFloat(getComputedStyle(el).fontSize) * scale, text, kind: 'text',
                  el});
    }
    document.querySelectorAll('[SMALLEST]').forEach(e => e.removeAttribute('SMALLEST'));
    if (!items.length) return {count: 0, boardTexts: 0, smallest: []};
    items.sort((a, b) => a.px - b.px);
    if (mark) items[0].el.setAttribute('SMALLEST', '1');
    const seen = new Set();
    const smallest = [];
    for (const it of items) {
      const key = it.text + '|' + it.px.toFixed(2);
      if (seen.has(key)) continue;
      seen.add(key);
      smallest.push({px: it.px, text: it.text.slice(0, 70), kind: it.kind, cell: cellOf(it.el)});
      if (smallest.length === 6) break;
    }
    return {count: items.length, boardTexts: items.filter(i => i.kind === 'board').length,
            smallest};
  });
}""".replace("SMALLEST", SMALLEST)

#: Remove the mark of the smallest text.
UNMARK = (f"() => document.querySelectorAll('[{SMALLEST}]')"
          f".forEach(e => e.removeAttribute('{SMALLEST}'))")

#: A play widget has answered a click: its log changed, no bot is thinking, and what comes
#: next is drawn (an enabled action, a summary, or the end of the game).
SETTLED = """([el, before]) => {
  const log = el.querySelector('.kw-log');
  const status = el.querySelector('.kw-status');
  if (!log || !status || log.innerText === before) return false;
  if (/thinking|waiting for the bots/i.test(status.innerText)) return false;
  const summary = el.querySelector('.kw-scoring');
  const open = summary && summary.getBoundingClientRect().height > 0;
  const action = el.querySelector('button.kw-action:not(:disabled)');
  return Boolean(open || action || /game over/i.test(status.innerText));
}"""


@dataclass(frozen=True)
class Text:
    """One measured text: its rendered size (CSS px), its words, its kind (board: an SVG's
    text; text: an HTML text), and where it is (the notebook, the tour step, the cell)."""

    px: float
    text: str
    kind: str
    where: str

    def __str__(self) -> str:
        return f"{self.where}: {self.px:.1f} px {self.kind} text {self.text!r}"


@dataclass
class Measure:
    """The texts measured in one place: how many, how many of an SVG, the smallest few."""

    count: int
    board_texts: int
    smallest: list[Text] = field(default_factory=list)

    @property
    def min(self) -> float:
        """The smallest rendered size (infinite when nothing was measured)."""
        return self.smallest[0].px if self.smallest else float("inf")


def measure(root: Locator, where: str, mark: bool = False) -> Measure:
    """Measure every drawn text under ``root`` (an element, an inline SVG or an SVG image);
    with ``mark``, the smallest one is marked with the ``SMALLEST`` attribute (remove it with
    ``UNMARK`` before comparing the page's HTML)."""
    found = root.evaluate(f"(root) => ({MEASURE})([root, {'true' if mark else 'false'}])")
    return Measure(found["count"], found["boardTexts"],
                   [Text(s["px"], s["text"], s["kind"],
                         ", ".join(x for x in (where, s["cell"]) if x))
                    for s in found["smallest"]])

#: The clashes of a highlight's note on a drawn board (Kraftwagen's callouts: a white label of
#: class ``kw-highlight-note`` followed by its words): [note, text] for a text the label covers,
#: [note, "shape"] for a rectangle or circle drawn after it over part of it; measured from the
#: drawn boxes. An empty list: every note lies where it hides nothing and nothing hides it.
COVERED = """(root) => {
  const out = [];
  const meet = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
    Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1;
  for (const svg of root.querySelectorAll('svg')) {
    const texts = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim());
    const shapes = [...svg.querySelectorAll('rect, circle')];
    for (const label of svg.querySelectorAll('rect.kw-highlight-note')) {
      const own = label.nextElementSibling;
      const note = own ? own.textContent : '';
      const a = label.getBoundingClientRect();
      for (const t of texts) {
        if (t !== own && meet(a, t.getBoundingClientRect())) out.push([note, t.textContent]);
      }
      for (const s of shapes) {
        if (s === label || !(label.compareDocumentPosition(s) & Node.DOCUMENT_POSITION_FOLLOWING))
          continue;
        const b = s.getBoundingClientRect();
        const holds = b.left <= a.left && b.top <= a.top && b.right >= a.right &&
          b.bottom >= a.bottom;
        if (!holds && meet(a, b)) out.push([note, 'shape']);
      }
    }
  }
  return out;
}"""

#: Where a stepper's parts are: its height, the Next button's offset from its top, the board
#: area's height and the caption's (CSS px).
STEPPER_GEOMETRY = """(el) => {
  const top = el.getBoundingClientRect().top;
  const box = (sel) => el.querySelector(sel).getBoundingClientRect();
  return {height: el.getBoundingClientRect().height, next: box('button.kw-next').top - top,
          area: box('.kw-board-area').height, caption: box('.kw-caption').height};
}"""
