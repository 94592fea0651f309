"""The notebooks in a real browser: JupyterLab on 127.0.0.1 driven by headless Chromium.

Follows the verified recipe of ``shared/TOOLCHAIN.md`` ("A real browser"): Debian's Chromium
through Playwright's ``executable_path`` (no browser download), a token-protected JupyterLab on a
free port, every Jupyter/IPython/XDG folder in a temporary directory, the notebook made active by
a click before "Run All Cells". The server serves *copies* of the notebooks, so JupyterLab's
autosave can never write outputs into the committed files.

Every notebook is opened once, in a 1400 x 1000 window, and run top to bottom; then its checks
run in order, each a test of its own (``test_notebook[NN_name-check]``):

- ``hint`` (the play notebooks): the Hint button answers at the first decision within a few
  seconds, and the "Thinking" line is gone; the board and the panel, grown by the hint's words,
  still fit on one screen, the panel clear of the board;
- ``widgets``: what the notebook's own widgets do (a click, undo, a tour's Next, a solution
  behind its button), its first board drawn and readable; in 01, every tour step by step: Next
  stays in place, the height steady, no highlight's note over a label, the rule links small;
  in 02, the play widget's layout: the panel below the board (beside it in a wide window),
  neither covering the other, both on one screen, the whole board read in its own scrolling
  box while the buttons stay put;
- ``readable``: every text of every board and widget, at every step of every tour (Next
  pressed until the last step), is drawn at least 11 px high; the offender is named;
- ``summary`` (the play notebooks): the player clicks legal actions (the bots reply) until a
  round's or race's summary appears (the panel clear of the board, its Continue button in
  view), dismisses it, and the game goes on;
- ``no-maths``: no Markdown or widget text was typeset as mathematics (an unescaped pair of
  ``$``);
- ``no-traceback``: no output area holds a Python traceback.

A notebook whose Run All stops at an error fails its checks that need every cell run at once,
naming the cell and the error (``no-traceback`` shows the whole traceback).

One JupyterLab and one browser serve the whole module (a module-scoped fixture), the notebooks
one after another (the previous one's kernel shut down); with ``pytest -n 2 --dist loadscope``
the module stays on one worker. Screenshots go to ``test-artifacts/``. Server and browser are
stopped by their process ids in ``finally``.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import (
    BrowserContext,
    Locator,
    Page,
    ViewportSize,
    expect,
    sync_playwright,
)

from solvers.kraftwagen.puzzles import load_puzzles
from tests.project.browser_measure import (
    COVERED,
    SETTLED,
    SMALLEST,
    STEPPER_GEOMETRY,
    UNMARK,
    Measure,
    Text,
    measure,
)

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
ARTIFACTS = ROOT / "test-artifacts"
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
# Generous: two cores are shared with the rest of the test suite.
START_TIMEOUT = 90.0
STEP_MS = 90_000
# Run All of the slowest notebook (a tournament, exact solvers) on a loaded machine.
RUN_ALL_MS = 240_000
# A hint answers within a few seconds (its search budget is under two).
HINT_MS = 8_000
# The most time a play notebook may take to reach its first summary by clicks.
PLAY_SECONDS = 90.0
# The first board each notebook draws: a state's own SVG output, or a widget's board.
FIRST_BOARD = ".jp-RenderedSVG, .kw-board svg"
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
# Never ask about (or fetch) Jupyter news: the question would cover part of the page. Set up
# as `make lab` does it (Makefile): an overrides file in the app settings folder, news_url=None.
# Every cell is kept in the page (no windowing): a cell out of view is measured like one in it.
LAB_SETTINGS = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                                "checkForUpdates": False},
                "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"}}
NEWS_QUESTION = "official Jupyter news"
# The smallest text a board or widget may have at a 1400 x 1000 window (a hundredth of a pixel
# spared for the rounding of a scale).
MIN_TEXT_PX = 11.0
TOLERANCE_PX = 0.01
VIEWPORT: ViewportSize = {"width": 1400, "height": 1000}
# Typeset mathematics: MathJax 2 and 3, KaTeX.
MATHS = ".MathJax, mjx-container, .katex"
NOTEBOOK_NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))


@dataclass
class Lab:
    """A running JupyterLab and a browser context pointed at it; the notebook open now."""

    url: str
    token: str
    context: BrowserContext
    #: the notebook open now and its tab (one at a time: the checks run in notebook order)
    name: str = ""
    page: Page | None = None
    #: why opening a notebook failed (its later checks fail at once with the same reason)
    failed: dict[str, str] = field(default_factory=dict)
    #: where Run All stopped at an error, for a notebook whose later cells did not run
    stopped: dict[str, str] = field(default_factory=dict)

    def api(self, path: str, method: str = "GET") -> object:
        """Call the Jupyter server's REST API; the decoded JSON answer (None when empty)."""
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def close(self) -> None:
        """Close the tab and shut its kernel down, so it stops competing for the two cores."""
        if self.page is None:
            return
        self.page.close()
        self.page = None
        sessions = self.api("sessions")
        assert isinstance(sessions, list)
        for session in sessions:
            if session["path"].endswith(self.name):
                self.api(f"sessions/{session['id']}", method="DELETE")

    def open(self, notebook: str) -> Page:
        """Open ``notebook`` in a new tab with a fresh workspace, its kernel idle."""
        page = self.context.new_page()
        page.set_default_timeout(STEP_MS)
        page.goto(f"{self.url}/lab/tree/{notebook}?reset&token={self.token}")
        page.locator(".jp-Notebook-ExecutionIndicator[data-status='idle']").wait_for()
        # The indicator is idle before the kernel exists; wait for the kernel itself.
        expect(page.get_by_text(KERNEL_IDLE)).to_be_visible()
        return page

    def notebook(self, notebook: str) -> Page:
        """The tab of ``notebook``, run top to bottom: opened (the previous notebook's tab
        closed) on its first check, the same tab for its later checks."""
        if notebook in self.failed:
            pytest.fail(f"{notebook} did not open and run: {self.failed[notebook]}")
        if self.name == notebook and self.page is not None:
            return self.page
        self.close()
        self.name = notebook
        try:
            self.page = self.open(notebook)
            stopped = _run_all(self.page)
            if stopped:
                self.stopped[notebook] = stopped
        except Exception as exc:
            self.failed[notebook] = f"{type(exc).__name__}: {str(exc)[:600]}"
            raise
        return self.page


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _wait_for_server(url: str, token: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"jupyter lab exited early:\n{log.read_text()[-2000:]}")
        try:
            with urllib.request.urlopen(f"{url}/api/status?token={token}", timeout=2) as r:
                if r.status == 200:
                    return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"jupyter lab did not answer in {START_TIMEOUT:.0f} s:\n"
                       f"{log.read_text()[-2000:]}")


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """Stop the server (and the kernels it started, in its own process group) by its id."""
    if proc.poll() is not None:
        return
    os.killpg(proc.pid, signal.SIGTERM)
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=5)


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Lab]:
    tmp = tmp_path_factory.mktemp("browser")
    served = tmp / "notebooks"
    served.mkdir()
    for nb in NOTEBOOKS.glob("*.ipynb"):
        shutil.copy(nb, served / nb.name)
    env = dict(os.environ)
    for var in ("JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR", "IPYTHONDIR",
                "XDG_CONFIG_HOME", "XDG_CACHE_HOME"):
        env[var] = str(tmp / var.lower())
    env["KW_TRAINER_FILE"] = str(tmp / "trainer.json")  # never the user's own rating
    app_settings = tmp / "lab-settings"
    app_settings.mkdir()
    (app_settings / "overrides.json").write_text(json.dumps(LAB_SETTINGS))
    token = secrets.token_hex(16)
    port = _free_port()
    url = f"http://127.0.0.1:{port}"
    log = tmp / "jupyter.log"
    ARTIFACTS.mkdir(exist_ok=True)
    with open(log, "wb") as out:
        proc = subprocess.Popen(
            [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1",
             f"--port={port}", f"--IdentityProvider.token={token}", "--ServerApp.port_retries=0",
             f"--ServerApp.root_dir={served}", "--allow-root",
             "--LabApp.extension_manager=readonly",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
             "--LabApp.news_url=None", f"--LabApp.app_settings_dir={app_settings}"],
            cwd=served, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for_server(url, token, proc, log)
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                str(tmp / "profile"), executable_path=CHROMIUM, headless=True,
                args=CHROMIUM_FLAGS, viewport=VIEWPORT)
            expect.set_options(timeout=STEP_MS)
            lab = Lab(url, token, context)
            try:
                yield lab
            finally:
                lab.close()
                context.close()
    finally:
        _stop(proc)


# Every code cell has run (its prompt numbered; a cell whose code is hidden shows none), or the
# run stopped at an error (no cell waits); and no cell is scheduled any more.
_RAN = """() => {
  const indicator = document.querySelector('.jp-Notebook-ExecutionIndicator');
  if (!indicator || indicator.getAttribute('data-status') !== 'idle') return false;
  const prompts = [...document.querySelectorAll('.jp-Notebook .jp-CodeCell .jp-InputPrompt')]
    .map(p => p.textContent.trim()).filter(p => p);
  if (prompts.some(p => p.includes('*'))) return false;
  const error = document.querySelector(
    '.jp-Notebook [data-mime-type="application/vnd.jupyter.stderr"]');
  return prompts.length > 0 && (prompts.every(p => /\\[\\d+\\]/.test(p)) || Boolean(error));
}"""


# Where Run All stopped: the cell with a traceback and how many code cells did not run ("" if
# every one ran).
_STOPPED = """() => {
  const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
  const unrun = cells.filter(c => c.classList.contains('jp-CodeCell') &&
    /^\\[ \\]:?$/.test((c.querySelector('.jp-InputPrompt') || {textContent: ''})
      .textContent.trim())).length;
  if (!unrun) return '';
  const bad = cells.find(c => /Traceback/.test(
    [...c.querySelectorAll('.jp-OutputArea-output')].map(o => o.textContent).join(' ')));
  const out = bad && [...bad.querySelectorAll('.jp-OutputArea-output')]
    .find(o => /Traceback/.test(o.textContent));
  const last = out ? out.textContent.trim().split('\\n').filter(l => l.trim()).pop()
    : 'no traceback';
  return `Run All stopped at cell ${cells.indexOf(bad)} (${last}); ${unrun} code cells ` +
    'did not run';
}"""


def _run_all(page: Page) -> str:
    """Run > Run All Cells, the notebook made the active widget first (TOOLCHAIN.md); wait
    until every cell has run and every widget is drawn. Where the run stopped at an error
    ("" when every cell ran)."""
    page.locator(".jp-Notebook").first.click()
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    try:
        page.wait_for_function(_RAN, timeout=RUN_ALL_MS, polling=250)
    except Exception as exc:
        prompts = page.locator(".jp-Notebook .jp-CodeCell .jp-InputPrompt").all_inner_texts()
        raise AssertionError(f"Run All did not end in {RUN_ALL_MS // 1000} s; the prompts: "
                             f"{' '.join(p.strip() for p in prompts)}") from exc
    expect(page.get_by_text("Loading widget...")).to_have_count(0)
    expect(page.get_by_text(KERNEL_IDLE)).to_be_visible()
    return str(page.evaluate(_STOPPED))


def _expect_board(board: Locator) -> None:
    """The board is on the page and drawn (an SVG output shown as an <img> has decoded)."""
    expect(board).to_be_visible()
    board.scroll_into_view_if_needed()
    image = board.locator("img")
    if image.count():
        assert image.first.evaluate("img => img.naturalWidth") > 0
    else:
        assert board.evaluate("el => el.getBoundingClientRect().width") > 0


def _shot(page: Page, name: str) -> None:
    page.screenshot(path=str(ARTIFACTS / f"browser-{name}.png"), full_page=False)


def _stem(notebook: str) -> str:
    return notebook.removesuffix(".ipynb")


def _too_small(found: Measure) -> list[Text]:
    return [t for t in found.smallest if t.px < MIN_TEXT_PX - TOLERANCE_PX]


def _expect_readable(board: Locator, texts: int = 20) -> Measure:
    """Every text of the board is drawn at least MIN_TEXT_PX pixels high; the measures. A
    whole board has more than ``texts`` texts of an SVG (not an empty picture)."""
    found = measure(board, "board")
    assert found.board_texts > texts, found  # a whole board was measured, not an empty picture
    assert not _too_small(found), "\n".join(map(str, _too_small(found)))
    return found


def _expect_no_news_question(page: Page) -> None:
    expect(page.get_by_text(NEWS_QUESTION)).to_have_count(0)


# --- the play notebooks -------------------------------------------------------------------------
@dataclass(frozen=True)
class Play:
    """How a play notebook is played in the browser: which of its play widgets is the game
    (0: the first, -1: the last), which enabled action button the player clicks each time
    (the first or the last one shown: the one that reaches a summary in few clicks), what the
    first summary says, and what the log says once play goes on (None: the summary ends the
    game)."""

    widget: int
    click_first: bool
    summary: tuple[str, ...]
    goes_on: str | None


PLAYS = {
    # Kraftwagen: the first tile each time ends round 1 in a few clicks.
    "02_play.ipynb": Play(0, True, ("Round 1 scoring", "Grand Prix"), "Round 2 begins."),
    # Formel 1: the first button (pass in the auction, then the first card) ends race 1.
    "11_formel1_play.ipynb": Play(0, True, ("Race 1 of 3: the result", "money now"), "Race 2:"),
    # Automobiles (one race, so its summary ends the game): the last button (stop buying,
    # end the turn) reaches the finish in about 30 clicks; the first takes about 220.
    "21_automobiles_play.ipynb": Play(-1, False, ("The race is over", "place"), None),
}


#: A window wide enough for the panel to stand beside the board (the widget wider than
#: kwwidgets.play.SIDE_BY_SIDE_PX with JupyterLab's file browser open).
WIDE: ViewportSize = {"width": 1920, "height": 1000}
# The nearest scrolling box around an element: the notebook's own scroll area.
_SCROLLER = """el => {
  for (let e = el.parentElement; e; e = e.parentElement) {
    const cs = getComputedStyle(e);
    if (/(auto|scroll)/.test(cs.overflowY) && e.scrollHeight > e.clientHeight) {
      const r = e.getBoundingClientRect();
      return {top: r.top, bottom: r.top + e.clientHeight};
    }
  }
  return {top: 0, bottom: window.innerHeight};
}"""


def _boxes(play: Locator) -> tuple[dict[str, float], dict[str, float]]:
    """The drawn boxes of a play widget's board and panel."""
    board = play.locator(".kw-board").first.bounding_box()
    panel = play.locator(".kw-panel").first.bounding_box()
    assert board is not None and panel is not None
    return dict(board), dict(panel)


def _show_block(play: Locator) -> None:
    """Scroll the notebook so that the board and panel's block starts at the top of its view."""
    play.locator(".kw-main").first.evaluate("e => e.scrollIntoView({block: 'start'})")


def _expect_panel_clear_of_board(play: Locator, when: str) -> None:
    """The panel covers no part of the board: its top at or below the board's bottom edge, or
    its left at or right of the board's right edge."""
    board, panel = _boxes(play)
    below = panel["y"] >= board["y"] + board["height"] - 0.5
    beside = panel["x"] >= board["x"] + board["width"] - 0.5
    assert below or beside, f"{when}: the panel {panel} covers the board {board}"


def _expect_block_on_one_screen(play: Locator) -> None:
    """The board and the panel fit together in the notebook's view: shown from the block's
    top, the board's top and the first action are in view, and every other button is reached
    without moving the page (a tall panel scrolls in its own box)."""
    _show_block(play)
    main = play.locator(".kw-main").first
    view = main.evaluate(_SCROLLER)
    box = main.bounding_box()
    assert box is not None
    assert box["y"] >= view["top"] - 1 and box["y"] + box["height"] <= view["bottom"] + 1, (
        f"the board and panel ({box}) do not fit in the notebook's view {view}")
    _expect_panel_clear_of_board(play, "on one screen")
    expect(play.locator("button.kw-action:enabled").first).to_be_in_viewport()
    undo = play.locator("button.kw-undo")
    undo.scroll_into_view_if_needed()
    expect(undo).to_be_in_viewport()
    after = main.bounding_box()
    assert after is not None and abs(after["y"] - box["y"]) < 1, (box, after)  # page unmoved


def _expect_whole_board_beside_the_buttons(page: Page, play: Locator) -> None:
    """The board scrolls in its own box: scrolled to its end, its last line is in view, and the
    panel has not moved (the buttons stay under the mouse while the board is read)."""
    board = play.locator(".kw-board").first
    _, before = _boxes(play)
    sizes = board.evaluate("e => [e.scrollHeight, e.clientHeight]")
    assert sizes[0] > sizes[1], f"the board's box does not scroll: {sizes}"  # a tall board
    board.evaluate("e => { e.scrollTop = e.scrollHeight; }")
    last = board.locator("svg text").last
    expect(last).to_be_in_viewport()
    inside = board.evaluate("""e => {
      const box = e.getBoundingClientRect();
      const t = [...e.querySelectorAll('svg text')].pop().getBoundingClientRect();
      return t.top >= box.top - 1 && t.bottom <= box.bottom + 1;
    }""")
    assert inside, "the board's last line is not shown once its box is scrolled to the end"
    _, after = _boxes(play)
    assert abs(after["y"] - before["y"]) < 1, (before, after)
    expect(play.locator("button.kw-action:enabled").first).to_be_in_viewport()
    _shot(page, "02_play-board-end")
    board.evaluate("e => { e.scrollTop = 0; }")


def _expect_side_by_side_in_a_wide_window(page: Page, play: Locator) -> None:
    """In a wide window the panel stands to the right of the board, the board still readable,
    both on one screen; the window is set back to VIEWPORT after."""
    try:
        page.set_viewport_size(WIDE)
        page.wait_for_function("""el => {
          const b = el.querySelector('.kw-board').getBoundingClientRect();
          const p = el.querySelector('.kw-panel').getBoundingClientRect();
          return p.left >= b.right - 0.5;
        }""", arg=play.element_handle(), timeout=STEP_MS)
        board, panel = _boxes(play)
        assert abs(panel["y"] - board["y"]) < 4, (board, panel)  # side by side (a widget margin)
        _expect_block_on_one_screen(play)
        _expect_readable(play.locator(".kw-board").first)
        _shot(page, "02_play-wide")
    finally:
        page.set_viewport_size(VIEWPORT)
    page.wait_for_function("""el => {
      const b = el.querySelector('.kw-board').getBoundingClientRect();
      const p = el.querySelector('.kw-panel').getBoundingClientRect();
      return p.top >= b.bottom - 0.5;
    }""", arg=play.element_handle(), timeout=STEP_MS)


def _game(page: Page, notebook: str) -> Locator:
    widgets = page.locator(".kw-play")
    return widgets.last if PLAYS[notebook].widget == -1 else widgets.nth(PLAYS[notebook].widget)


def _take(page: Page, play: Locator, button: Locator) -> None:
    """Click an action and wait until the widget has answered (the bots' replies included)."""
    before = play.locator(".kw-log").inner_text()
    label = button.inner_text()
    button.click()
    try:
        page.wait_for_function(SETTLED, arg=[play.element_handle(), before], timeout=STEP_MS,
                               polling=50)
    except Exception as exc:
        message = play.locator(".kw-message").inner_text()
        raise AssertionError(f"no answer to {label!r}; the message says {message!r}") from exc


def _check_hint(page: Page, notebook: str) -> None:
    """The Hint button answers at the game's first decision within a few seconds."""
    play = _game(page, notebook)
    expect(play.locator("button.kw-action:enabled").first).to_be_visible()
    status = play.locator(".kw-status")
    expect(status).to_contain_text("Your move")
    hint = play.locator("button.kw-hint")
    hint.scroll_into_view_if_needed()
    started = time.monotonic()
    hint.click()
    message = play.locator(".kw-message")
    expect(message).to_contain_text("Hint", timeout=HINT_MS)
    expect(status).not_to_contain_text("Thinking", timeout=HINT_MS)
    took = time.monotonic() - started
    text = message.inner_text()
    assert not text.startswith("No hint"), text
    expect(play.locator(".kw-suggested")).to_have_count(1)  # the suggested action stands out
    _expect_block_on_one_screen(play)  # the hint's words make the panel no taller than that
    _shot(page, f"{_stem(notebook)}-hint")
    assert took < HINT_MS / 1000, f"the hint took {took:.1f} s"


def _check_summary(page: Page, notebook: str) -> None:
    """Play on by clicks until a round's or race's summary appears; dismiss it; play goes on."""
    how = PLAYS[notebook]
    play = _game(page, notebook)
    summary = play.locator(".kw-scoring")
    expect(play.locator("button.kw-action:enabled").first).to_be_visible()
    started, clicks = time.monotonic(), 0
    while not summary.is_visible():
        spent = time.monotonic() - started
        assert spent < PLAY_SECONDS, f"no summary after {clicks} clicks in {spent:.0f} s"
        buttons = play.locator("button.kw-action:enabled")
        _take(page, play, buttons.first if how.click_first else buttons.last)
        clicks += 1
    print(f"{notebook}: a summary after {clicks} clicks, {time.monotonic() - started:.1f} s")
    for words in how.summary:
        expect(summary).to_contain_text(words)
    expect(play.locator("button.kw-action")).to_have_count(0)  # play waits for the reader
    _expect_panel_clear_of_board(play, "with the summary open")
    _show_block(play)
    summary.scroll_into_view_if_needed()
    expect(summary.locator("button.kw-dismiss")).to_be_in_viewport()
    _shot(page, f"{_stem(notebook)}-summary")
    found = measure(summary, f"{notebook}, the summary after {clicks} clicks")
    assert not _too_small(found), "\n".join(map(str, _too_small(found)))
    summary.locator("button.kw-dismiss").click()
    expect(summary).to_be_hidden()
    if how.goes_on is None:  # the summary ended the game: the final board stays
        expect(play.locator(".kw-status")).to_contain_text("Game over")
        expect(play.locator(".kw-board svg").first).to_be_visible()
    else:
        expect(play.locator(".kw-log")).to_contain_text(how.goes_on)
        action = play.locator("button.kw-action:enabled").first
        expect(action).to_be_visible()
        _take(page, play, action)  # the game goes on
        expect(summary).to_be_hidden()
        # what the bots did is outlined; a note hides no label and nothing hides a note
        assert play.locator(".kw-board").evaluate(COVERED) == []
    _expect_panel_clear_of_board(play, "after the summary")
    _show_block(play)
    _shot(page, f"{_stem(notebook)}-after-summary")


# --- what each notebook's own widgets do ---------------------------------------------------------
def _first_board(page: Page, notebook: str, texts: int = 20) -> None:
    first = page.locator(FIRST_BOARD).first
    _expect_board(first)
    _expect_readable(first, texts)
    _shot(page, _stem(notebook))


def _start(page: Page, notebook: str) -> None:
    """00: the first board is drawn and readable."""
    _first_board(page, notebook)


#: How much a tour's height may change from step to step: its caption's lines (the board area
#: keeps the tallest step's height).
CAPTION_SWAY_PX = 120


def _step_through_tours(page: Page) -> None:
    """Every tour of the page, every step: "Next" stays where it was (under the mouse), the
    board area keeps one height, the whole tour changes height by its caption's lines only,
    no highlight's note covers a text of the board, and a caption's rule link is drawn small
    and raised (at least MIN_TEXT_PX) and opens in a new tab."""
    steppers = page.locator(".kw-stepper")
    spans: list[str] = []
    links = 0
    for k in range(steppers.count()):
        stepper = steppers.nth(k)
        stepper.scroll_into_view_if_needed()
        position = stepper.locator(".kw-step")
        seen = [stepper.evaluate(STEPPER_GEOMETRY)]
        covered = stepper.evaluate(COVERED)
        while stepper.locator("button.kw-next").is_enabled():
            shown = re.match(r"step (\d+) of (\d+)", position.inner_text())
            assert shown, position.inner_text()
            stepper.locator("button.kw-next").click()
            expect(position).to_have_text(f"step {int(shown.group(1)) + 1} of {shown.group(2)}",
                                          use_inner_text=True)
            seen.append(stepper.evaluate(STEPPER_GEOMETRY))
            covered += [[f"step {int(shown.group(1)) + 1}", *pair]
                        for pair in stepper.evaluate(COVERED)]
            for link in stepper.locator(".kw-caption sup.kw-rule a").all():
                links += 1
                assert link.get_attribute("target") == "_blank"
                size = link.evaluate("a => parseFloat(getComputedStyle(a).fontSize)")
                assert MIN_TEXT_PX - TOLERANCE_PX <= size < 13, size
        assert not covered, f"tour {k + 1}: notes over texts: {covered}"
        nexts = {round(g["next"]) for g in seen}
        areas = {round(g["area"]) for g in seen}
        heights = [g["height"] for g in seen]
        assert len(nexts) == 1, f"tour {k + 1}: Next moved: {nexts}"
        assert max(areas) - min(areas) <= 1, f"tour {k + 1}: the board area changed: {areas}"
        assert max(heights) - min(heights) <= CAPTION_SWAY_PX, (k + 1, heights)
        spans.append(f"{min(heights):.0f}-{max(heights):.0f}")
        stepper.locator("button.kw-back").click()  # back towards step 1 for the later checks
    print(f"tour heights (px, per tour): {', '.join(spans)}; {links} rule links seen")
    assert links > 0


def _rules_tour(page: Page, notebook: str) -> None:
    """01: the tour draws its board, and Next shows the next step, its change highlighted;
    every tour keeps "Next" in place and its height steady, covers no label with a note, and
    draws its rule links small."""
    _first_board(page, notebook)
    stepper = page.locator(".kw-stepper").first
    stepper.scroll_into_view_if_needed()
    step = stepper.locator(".kw-step")
    expect(step).to_contain_text("step 1 of", use_inner_text=True)
    board = stepper.locator(".kw-board")
    board_before = board.inner_html()
    marked = board.locator(".kw-highlight")
    # The step's change is highlighted; the next step highlights something else.
    before = marked.evaluate_all("els => els.map(e => e.outerHTML)")
    stepper.locator("button.kw-next").click()
    expect(step).to_contain_text("step 2 of", use_inner_text=True)
    assert board.inner_html() != board_before
    after = marked.evaluate_all("els => els.map(e => e.outerHTML)")
    assert after and after != before, (before, after)
    stepper.scroll_into_view_if_needed()
    _shot(page, "01_rules_tour-next")
    stepper.locator("button.kw-back").click()
    expect(step).to_contain_text("step 1 of", use_inner_text=True)
    _step_through_tours(page)
    stepper.scroll_into_view_if_needed()
    _shot(page, "01_rules_tour-steps")


def _play(page: Page, notebook: str) -> None:
    """02: the board and the panel on one screen, the panel below the board (beside it in a
    wide window), neither covering the other, the whole board read by scrolling its own box
    while the buttons stay put; a click changes the board and the log, and undo takes it
    back."""
    play = page.locator(".kw-play").first
    board = play.locator(".kw-board")
    log = play.locator(".kw-log")
    expect(board.locator("svg").first).to_be_visible()
    action = play.locator("button.kw-action:enabled").first
    expect(action).to_be_visible()
    _show_block(play)
    _shot(page, "02_play-before")
    _expect_readable(board)
    board_box, panel_box = _boxes(play)
    assert panel_box["y"] >= board_box["y"] + 100 and panel_box["width"] >= 0.9 * \
        board_box["width"], (board_box, panel_box)  # below the board, as wide
    _expect_block_on_one_screen(play)
    _expect_whole_board_beside_the_buttons(page, play)
    _expect_side_by_side_in_a_wide_window(page, play)
    _show_block(play)
    board_before = board.inner_html()
    log_before = log.inner_text()

    action.click()
    expect(log).not_to_have_text(log_before, use_inner_text=True)
    assert board.inner_html() != board_before
    expect(board.locator(".kw-highlight").first).to_be_attached()  # the bots' moves outlined
    assert board.evaluate(COVERED) == []  # and their notes hide no label, nothing hides them
    _shot(page, "02_play-after-click")

    play.locator("button.kw-undo").click()
    expect(log).to_have_text(log_before, use_inner_text=True)
    assert board.inner_html() == board_before
    _shot(page, "02_play-after-undo")
    _expect_no_news_question(page)


def _puzzles(page: Page, notebook: str) -> None:
    """03: the puzzle list switches the puzzle; the answer is nowhere until asked."""
    _first_board(page, notebook)
    widget = page.locator(".kw-puzzle").first
    widget.scroll_into_view_if_needed()
    expect(widget.locator(".kw-result")).to_have_text("")
    title = widget.locator(".kw-puzzle-text h3")
    before = title.inner_text()
    names = [p.name for p in load_puzzles()]  # the list's order
    widget.locator(".kw-puzzle-picker select").select_option(index=names.index("sold_twice"))
    expect(title).not_to_have_text(before)
    expect(widget.locator(".kw-result")).to_have_text("")
    _shot(page, "03_puzzles-widget")
    answer = page.locator(".kw-show-solution").first
    answer.scroll_into_view_if_needed()
    expect(page.locator(".kw-solution").first).to_have_text("")
    answer.click()
    expect(page.locator(".kw-solution").first).to_contain_text("best first decision")
    _shot(page, "03_puzzles-answer")


def _pricing_lab(page: Page, notebook: str) -> None:
    """04: a result greys out when a control changes, until Solve is pressed again."""
    _first_board(page, notebook)
    lab = page.locator(".kw-pricing-lab").first
    lab.scroll_into_view_if_needed()
    lab.locator("button.kw-solve").click()
    expect(lab.locator(".kw-pricing-result")).to_contain_text("sales reputation")
    results = lab.locator(".kw-results")
    expect(results).not_to_have_class(re.compile("kw-stale"))
    lab.locator(".kw-price input").first.click()
    expect(results).to_have_class(re.compile("kw-stale"))
    _shot(page, "04_pricing_lab-stale")
    lab.locator("button.kw-solve").click()
    expect(results).not_to_have_class(re.compile("kw-stale"))


def _workshop(page: Page, notebook: str) -> None:
    """05: every solution is behind its button: Run All printed none of them."""
    _first_board(page, notebook)
    buttons = page.locator("button.kw-show-solution")
    expect(buttons).to_have_count(7)
    for text in page.locator(".kw-solution").all_inner_texts():
        assert text.strip() == ""
    buttons.first.scroll_into_view_if_needed()
    buttons.first.click()
    expect(page.locator(".kw-solution").first).to_contain_text("Solution 1a")
    _shot(page, "05_workshop-solution")
    _expect_botcheck(page, notebook)


def _expect_botcheck(page: Page, notebook: str) -> None:
    """A workshop's own-bot section: Run All started from the example and tested it."""
    botcheck = page.locator(".kw-botcheck").first
    botcheck.scroll_into_view_if_needed()
    expect(botcheck).to_contain_text("ready for the tournament")
    _shot(page, f"{_stem(notebook)}-botcheck")


def _formel1_tour(page: Page, notebook: str) -> None:
    """10: the tour draws its boards; Next steps through the rules, Back returns."""
    _first_board(page, notebook, 5)
    stepper = page.locator(".kw-stepper").first
    stepper.scroll_into_view_if_needed()
    step = stepper.locator(".kw-step")
    expect(step).to_contain_text("step 1 of", use_inner_text=True)
    board = stepper.locator(".kw-board")
    _expect_readable(board.locator("svg").first, 5)  # the engine's board of the table
    seen = [board.inner_html()]
    for n in (2, 3):
        stepper.locator("button.kw-next").click()
        expect(step).to_contain_text(f"step {n} of", use_inner_text=True)
        assert board.inner_html() not in seen  # each step draws a new position
        seen.append(board.inner_html())
    stepper.locator("button.kw-back").click()
    expect(step).to_contain_text("step 2 of", use_inner_text=True)
    assert board.inner_html() == seen[1]
    # A race section: the close-up of the track, drawn large, readable at 1400 px.
    race = page.locator(".kw-stepper").nth(3)
    race.scroll_into_view_if_needed()
    race_step = race.locator(".kw-step")
    expect(race_step).to_contain_text("step 1 of", use_inner_text=True)
    race.locator("button.kw-next").click()
    # Measured only once the new step is drawn: the old board's close-up is replaced under it.
    expect(race_step).to_contain_text("step 2 of", use_inner_text=True)
    closeup = race.locator("svg.f1-closeup")
    expect(closeup).to_be_visible()
    expect(closeup.locator("text").nth(20)).to_be_attached()
    _expect_readable(closeup)
    race.scroll_into_view_if_needed()
    _shot(page, "10_formel1_tour-race")
    _expect_no_news_question(page)


def _formel1_play(page: Page, notebook: str) -> None:
    """11: a move (the bots bid on) changes board and log; undo takes it back; a hint."""
    play = page.locator(".kw-play").first
    board = play.locator(".kw-board")
    log = play.locator(".kw-log")
    expect(board.locator("svg").first).to_be_visible()
    action = play.locator("button.kw-action:enabled").first
    expect(action).to_be_visible()
    board.scroll_into_view_if_needed()
    _expect_readable(board.locator("svg").first, 5)  # the engine's board of the table
    _expect_readable(board.locator("svg.f1-closeup"))
    expect(board).to_contain_text("Your hand (Player 0")
    _shot(page, "11_formel1_play")
    board_before, log_before = board.inner_html(), log.inner_text()

    action.click()  # Pass on the first car: the bots bid on
    expect(log).not_to_have_text(log_before, use_inner_text=True)
    assert board.inner_html() != board_before
    play.locator("button.kw-undo").click()
    expect(log).to_have_text(log_before, use_inner_text=True)
    assert board.inner_html() == board_before
    _expect_no_news_question(page)


def _formel1_workshop(page: Page, notebook: str) -> None:
    """12: the figures are drawn; each solution is behind its button."""
    buttons = page.locator("button.kw-show-solution")
    expect(buttons).to_have_count(5)  # one per exercise, each solution behind its button
    figure = page.locator(".jp-RenderedSVG").first  # exercise 5's board (the figures are
    _expect_board(figure)  # behind the buttons, with their solutions)
    _shot(page, "12_formel1_workshop")
    for text in page.locator(".kw-solution").all_inner_texts():
        assert text.strip() == ""  # Run All showed none of them
    first = buttons.first
    first.scroll_into_view_if_needed()
    expect(first).to_contain_text("Show the solution to 1")
    first.click()
    solution = page.locator(".kw-solution").first
    expect(solution).to_contain_text("Solution 1.")
    expect(solution).to_contain_text("What is estimated")
    expect(first).to_contain_text("Hide the solution to 1")
    solution.scroll_into_view_if_needed()
    _shot(page, "12_formel1_workshop-solution")
    _expect_no_news_question(page)
    _expect_botcheck(page, notebook)


def _automobiles_tour(page: Page, notebook: str) -> None:
    """20: the tour draws its boards; Next steps through the rules; the gear close-up."""
    _first_board(page, notebook, 5)  # the state's own board
    stepper = page.locator(".kw-stepper").first
    stepper.scroll_into_view_if_needed()
    step = stepper.locator(".kw-step")
    expect(step).to_contain_text("step 1 of", use_inner_text=True)
    board = stepper.locator(".kw-board")
    seen = [board.inner_html()]
    for n in (2, 3):
        stepper.locator("button.kw-next").click()
        expect(step).to_contain_text(f"step {n} of", use_inner_text=True)
        assert board.inner_html() not in seen  # each step draws a new position
        seen.append(board.inner_html())
    stepper.locator("button.kw-back").click()
    expect(step).to_contain_text("step 2 of", use_inner_text=True)
    assert board.inner_html() == seen[1]
    # Placing gear cubes: the close-up (the spaces offered dashed green) and the sheets.
    gears = page.locator(".kw-stepper").nth(2)
    gears.scroll_into_view_if_needed()
    gears.locator("button.kw-next").click()
    gears.locator("button.kw-next").click()
    expect(gears.locator(".kw-caption")).to_contain_text("dashed green")
    _expect_readable(gears.locator("svg.au-closeup"))
    _expect_readable(gears.locator("svg.au-sheets"))
    gears.scroll_into_view_if_needed()
    _shot(page, "20_automobiles_tour-gears")
    _expect_no_news_question(page)


def _automobiles_play(page: Page, notebook: str) -> None:
    """21: a purchase (the bots buy on) changes board and log; undo takes it back; after
    "Stop buying" the hint names its kind."""
    play = _game(page, notebook)  # the game (the first is the undo demonstration)
    board = play.locator(".kw-board")
    log = play.locator(".kw-log")
    expect(board.locator("svg.au-sheets")).to_be_visible()
    action = play.locator("button.kw-action:enabled").first
    expect(action).to_be_visible()
    board.scroll_into_view_if_needed()
    _expect_readable(board.locator("svg.au-closeup"))
    _expect_readable(board.locator("svg.au-sheets"))
    expect(board).to_contain_text("Player 0 (you)")
    _shot(page, "21_automobiles_play")
    board_before, log_before = board.inner_html(), log.inner_text()

    action.click()  # a purchase before the race: the bots buy on
    expect(log).not_to_have_text(log_before, use_inner_text=True)
    assert board.inner_html() != board_before
    play.locator("button.kw-undo").click()
    expect(log).to_have_text(log_before, use_inner_text=True)
    assert board.inner_html() == board_before

    _take(page, play, play.locator("button.kw-action:enabled", has_text="Stop buying"))
    play.locator("button.kw-hint").click()
    expect(play.locator(".kw-message")).to_contain_text("Hint (", timeout=HINT_MS)
    expect(play.locator(".kw-suggested")).to_have_count(1)
    play.locator(".kw-panel").scroll_into_view_if_needed()
    _shot(page, "21_automobiles_play-hint")
    _expect_no_news_question(page)


def _automobiles_lab(page: Page, notebook: str) -> None:
    """22: the figures are drawn; each solution is behind its button."""
    buttons = page.locator("button.kw-show-solution")
    expect(buttons).to_have_count(5)  # one per exercise
    # The first picture: a figure (SVG or PNG) or a board drawn in an HTML output.
    _expect_board(page.locator(".jp-RenderedSVG, .jp-RenderedImage, .kw-board svg, "
                               ".jp-RenderedHTMLCommon > svg").first)
    _shot(page, "22_automobiles_lab")
    for text in page.locator(".kw-solution").all_inner_texts():
        assert text.strip() == ""  # Run All showed none of them
    first = buttons.first
    first.scroll_into_view_if_needed()
    expect(first).to_contain_text("Show the solution to 1")
    first.click()
    solution = page.locator(".kw-solution").first
    expect(solution).to_contain_text("Solution 1.")
    expect(solution).to_contain_text("hypergeometric")
    expect(solution.locator("svg").first).to_be_visible()  # its figure
    expect(first).to_contain_text("Hide the solution to 1")
    solution.scroll_into_view_if_needed()
    _shot(page, "22_automobiles_lab-solution")
    _expect_no_news_question(page)
    _expect_botcheck(page, notebook)


def _review(page: Page, notebook: str) -> None:
    """06: the review's graph and board are drawn; Next moves to the next decision; "Learn from
    your mistakes" answers (a lesson, or says no decision is marked)."""
    widget = page.locator(".kw-review").first
    widget.scroll_into_view_if_needed()
    expect(widget.locator(".kw-review-graph svg")).to_be_visible()
    _expect_board(widget.locator(".kw-board svg").first)
    detail = widget.locator(".kw-review-detail")
    expect(detail).to_contain_text("Decision #")
    before = detail.inner_text()
    widget.locator("button.kw-review-next").click()
    expect(detail).not_to_have_text(before)
    # A click on the graph's last column shows that decision.
    last = widget.locator(".kw-review-graph rect.kw-pick").last
    number = last.get_attribute("data-pick")
    last.click()
    expect(detail).to_contain_text(f"Decision #{number}")
    _shot(page, "06_review-widget")
    widget.locator("button.kw-review-learn").click()
    expect(widget.locator(".kw-message")).not_to_have_text("")
    _shot(page, "06_review-learn")


def _class_tournament(page: Page, notebook: str) -> None:
    """07: the deal is drawn; the results table names the faulty bot; the class plot shows."""
    _first_board(page, notebook)
    expect(page.get_by_text("cleo.py lost").first).to_be_visible()
    picture = page.locator(".jp-RenderedSVG").last  # after the deal's board
    _expect_board(picture)
    box = picture.bounding_box()
    assert box is not None and box["width"] > 600, box  # the four panels, not a thumbnail
    _expect_readable(picture)
    _shot(page, "07_class_tournament-plot")


def _teacher_console(page: Page, notebook: str) -> None:
    """08: the console lists who submitted (a file with a typo not ready), the leaderboard names
    the faulty bot last; Lock again and Reveal now change what participants would see."""
    console = page.locator(".kw-console").first
    console.scroll_into_view_if_needed()
    expect(console).to_contain_text("not ready")
    expect(console).to_contain_text("cleo_my_bot.py")
    _shot(page, "08_teacher_console")
    console.locator("button.kw-console-lock").click()
    expect(console).to_contain_text("Locked until you set a time.")
    console.locator("button.kw-console-reveal-now").click()
    expect(console).to_contain_text("Unlocked: participants see a solution when they ask.")
    console.locator("button.kw-console-refresh").click()
    expect(console).to_contain_text("not ready")
    _shot(page, "08_teacher_console-unlocked")


def _trainer(page: Page, notebook: str) -> None:
    """09: the last trainer shows a puzzle on a drawn board with its answer hidden; a choice
    shows the answer and moves the rating."""
    trainer = page.locator(".kw-trainer").last
    trainer.scroll_into_view_if_needed()
    _expect_board(trainer.locator(".kw-board svg").first)
    outcome = trainer.locator(".kw-trainer-outcome")
    assert outcome.inner_text().strip() == ""  # no answer before the question is answered
    rating = trainer.locator(".kw-trainer-rating")
    before = rating.inner_text()
    _shot(page, "09_puzzle_trainer")
    trainer.locator("button.kw-trainer-choice").first.click()
    expect(outcome).to_contain_text("The answer:")
    expect(rating).not_to_have_text(before)
    outcome.scroll_into_view_if_needed()
    _shot(page, "09_puzzle_trainer-answer")
    trainer.locator("button.kw-trainer-next").click()
    expect(outcome).to_have_text("")


WIDGETS: dict[str, Callable[[Page, str], None]] = {
    "00_start.ipynb": _start, "01_rules_tour.ipynb": _rules_tour, "02_play.ipynb": _play,
    "03_puzzles.ipynb": _puzzles, "04_pricing_lab.ipynb": _pricing_lab,
    "05_workshop.ipynb": _workshop, "06_review.ipynb": _review,
    "07_class_tournament.ipynb": _class_tournament,
    "08_teacher_console.ipynb": _teacher_console, "09_puzzle_trainer.ipynb": _trainer,
    "10_formel1_tour.ipynb": _formel1_tour,
    "11_formel1_play.ipynb": _formel1_play, "12_formel1_workshop.ipynb": _formel1_workshop,
    "20_automobiles_tour.ipynb": _automobiles_tour,
    "21_automobiles_play.ipynb": _automobiles_play, "22_automobiles_lab.ipynb": _automobiles_lab,
}


# --- every notebook ------------------------------------------------------------------------------
def _check_readable(page: Page, notebook: str) -> None:
    """Every text of every board and widget output, at every step of every tour, is at least
    MIN_TEXT_PX high at the 1400 px window. The screenshot shows the smallest text found."""
    notebook_root = page.locator(".jp-Notebook").first
    steppers = page.locator(".kw-stepper")
    for k in range(steppers.count()):  # every tour back at its first step
        position = steppers.nth(k).locator(".kw-step")
        back = steppers.nth(k).locator("button.kw-back")
        while (shown := re.match(r"step (\d+) of (\d+)", position.inner_text())) and \
                int(shown.group(1)) > 1:
            back.click()
            expect(position).to_have_text(f"step {int(shown.group(1)) - 1} of {shown.group(2)}",
                                          use_inner_text=True)
    found: list[Measure] = []
    worst: Text | None = None

    def take(root: Locator, where: str) -> None:
        nonlocal worst
        result = measure(root, where, mark=True)
        found.append(result)
        if result.smallest and (worst is None or result.min < worst.px):
            worst = result.smallest[0]
            marked = notebook_root.locator(f"[{SMALLEST}]")
            if marked.count():  # where it is, on screen
                marked.first.evaluate("e => e.scrollIntoView({block: 'center'})")
                _shot(page, f"{_stem(notebook)}-smallest-text")
        page.evaluate(UNMARK)

    outputs = page.locator(".jp-Notebook .jp-OutputArea-output")
    for i in range(outputs.count()):
        take(outputs.nth(i), f"{notebook}, after Run All")
    steps = 0
    for k in range(steppers.count()):
        stepper = steppers.nth(k)
        position = stepper.locator(".kw-step")
        after_next = stepper.locator("button.kw-next")
        for _ in range(200):
            if not after_next.is_enabled():
                break
            shown = re.match(r"step (\d+) of (\d+)", position.inner_text())
            assert shown, position.inner_text()
            n, of = int(shown.group(1)), int(shown.group(2))
            after_next.click()
            expect(position).to_have_text(f"step {n + 1} of {of}", use_inner_text=True)
            take(stepper, f"{notebook}, tour {k + 1} step {n + 1} of {of}")
            steps += 1
        else:
            pytest.fail(f"tour {k + 1} of {notebook}: Next still enabled after 200 steps")
    texts = sum(r.count for r in found)
    assert texts > 0, f"{notebook}: no text measured"
    small = sorted((t for r in found for t in _too_small(r)), key=lambda t: t.px)
    print(f"{notebook}: {texts} texts measured ({steps} tour steps after the first); "
          f"the smallest: {worst}")
    assert not small, (f"{len(small)} texts under {MIN_TEXT_PX:g} px, the smallest first:\n"
                       + "\n".join(map(str, small[:12])))


def _check_no_maths(page: Page, notebook: str) -> None:
    """No text was typeset as mathematics: a pair of unescaped dollar signs in Markdown (or in
    a widget's label) turns the words between them into italic maths."""
    maths = page.locator(".jp-Notebook").first.locator(MATHS)
    found = maths.evaluate_all("""els => els.map(e => {
      const cell = e.closest('.jp-Cell');
      const cells = [...document.querySelectorAll('.jp-Notebook .jp-Cell')];
      const inOutput = e.closest('.jp-OutputArea') ? 'an output' : 'Markdown';
      const around = (e.parentElement || e).textContent.replace(/\\s+/g, ' ');
      return `cell ${cells.indexOf(cell)} (${inOutput}): typeset ` +
        `${JSON.stringify(e.textContent.slice(0, 60))} in ${JSON.stringify(around.slice(0, 160))}`;
    })""")
    if found:  # (a typeset formula may sit in a hidden box: its cell is shown)
        maths.first.evaluate("e => (e.closest('.jp-Cell') || e).scrollIntoView()")
        _shot(page, f"{_stem(notebook)}-maths")
    assert not found, f"{len(found)} typeset as maths in {notebook}:\n" + "\n".join(
        dict.fromkeys(found))


def _check_no_traceback(page: Page, notebook: str) -> None:
    """No output area (a cell's, or a widget's own) holds a Python traceback."""
    outputs = page.locator(".jp-Notebook .jp-OutputArea-output")
    bad = outputs.filter(has_text="Traceback")
    texts = bad.all_inner_texts()
    if texts:
        bad.first.evaluate("e => (e.closest('.jp-Cell') || e).scrollIntoView()")
        _shot(page, f"{_stem(notebook)}-traceback")
    assert not texts, "\n---\n".join(t[-1500:] for t in dict.fromkeys(texts))


CHECKS: dict[str, Callable[[Page, str], None]] = {
    "hint": _check_hint, "readable": _check_readable, "summary": _check_summary,
    "no-maths": _check_no_maths, "no-traceback": _check_no_traceback,
}


def _checks() -> list[tuple[str, str]]:
    """Every notebook's checks, in order (a notebook opened once for all of its checks)."""
    out = []
    for notebook in NOTEBOOK_NAMES:
        plays = ["hint"] if notebook in PLAYS else []
        after = ["summary"] if notebook in PLAYS else []
        for check in [*plays, "widgets", "readable", *after, "no-maths", "no-traceback"]:
            out.append((notebook, check))
    return out


def test_every_notebook_has_its_checks() -> None:
    assert len(NOTEBOOK_NAMES) == 16 and set(WIDGETS) == set(NOTEBOOK_NAMES)
    assert set(PLAYS) == {"02_play.ipynb", "11_formel1_play.ipynb", "21_automobiles_play.ipynb"}


@pytest.mark.parametrize(("notebook", "check"), _checks(),
                         ids=[f"{_stem(n)}-{c}" for n, c in _checks()])
def test_notebook(lab: Lab, notebook: str, check: str) -> None:
    page = lab.notebook(notebook)
    if notebook in lab.stopped and check not in ("no-maths", "no-traceback"):
        # A check on half a notebook would pass on what is missing (or wait for it in vain).
        pytest.fail(f"{notebook}: {lab.stopped[notebook]}; the {check} check needs them all")
    if check == "widgets":
        WIDGETS[notebook](page, notebook)
    else:
        CHECKS[check](page, notebook)
