"""The notebooks in a real browser: JupyterLab on 127.0.0.1 driven by headless Chromium.

Follows the verified recipe of ``shared/TOOLCHAIN.md`` ("A real browser"): Debian's Chromium
through Playwright's ``executable_path`` (no browser download), a token-protected JupyterLab on a
free port, every Jupyter/IPython/XDG folder in a temporary directory, the notebook made active by
a click before "Run All Cells". The server serves *copies* of the notebooks, so JupyterLab's
autosave can never write outputs into the committed files.

One JupyterLab and one browser serve the whole module (a module-scoped fixture); with
``pytest -n 2 --dist loadscope`` the module stays on one worker. Screenshots go to
``test-artifacts/``. Server and browser are stopped by their process ids in ``finally``.
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
from collections.abc import Iterator
from dataclasses import dataclass
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

ROOT = Path(__file__).resolve().parents[1]
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
# The first board each notebook draws: a state's own SVG output, or a widget's board.
FIRST_BOARD = ".jp-RenderedSVG, .kw-board svg"
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
# Never ask about (or fetch) Jupyter news: the question would cover part of the page. Set up
# as `make lab` does it (Makefile): an overrides file in the app settings folder, news_url=None.
NO_NEWS = {"@jupyterlab/apputils-extension:notification": {"fetchNews": "false",
                                                            "checkForUpdates": False}}
NEWS_QUESTION = "official Jupyter news"
# The smallest text a board may have at a 1400 x 1000 window (issue 12).
MIN_TEXT_PX = 11.0
VIEWPORT: ViewportSize = {"width": 1400, "height": 1000}
# The rendered size of every non-empty <text> of a board, in CSS pixels: the font size in SVG
# user units times the SVG's scale on screen. A board drawn inline is measured in place; one
# shown as an <img> (a state's own SVG output) is parsed from its source and scaled by the
# image's drawn width over the viewBox width. Inherited font sizes are looked up the tree.
MEASURE_TEXT = """async (el) => {
  const fontOf = (t) => {
    for (let n = t; n && n.getAttribute; n = n.parentNode) {
      const size = n.getAttribute('font-size') || (n.style && n.style.fontSize);
      if (size) return parseFloat(size);
    }
    return 16;
  };
  const img = el.tagName.toLowerCase() === 'img' ? el : el.querySelector('img');
  let sizes = [], scale = 1, width = 0;
  if (img) {
    const src = img.currentSrc || img.src;
    let text;
    if (src.startsWith('data:')) {
      const comma = src.indexOf(',');
      const body = src.slice(comma + 1);
      text = src.slice(0, comma).includes('base64') ? atob(body) : decodeURIComponent(body);
    } else {
      text = await (await fetch(src)).text();
    }
    const svg = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
    const box = (svg.getAttribute('viewBox') || '').split(/[ ,]+/).map(Number);
    width = img.getBoundingClientRect().width;
    scale = width / (box.length === 4 ? box[2] : parseFloat(svg.getAttribute('width')));
    sizes = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim()).map(fontOf);
  } else {
    const svg = el.tagName.toLowerCase() === 'svg' ? el : el.querySelector('svg');
    width = svg.getBoundingClientRect().width;
    scale = svg.getScreenCTM().a;
    sizes = [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
      .map(t => parseFloat(getComputedStyle(t).fontSize));
  }
  return {min: Math.min(...sizes) * scale, count: sizes.length, width: width};
}"""


@dataclass
class Lab:
    """A running JupyterLab and a browser context pointed at it."""

    url: str
    token: str
    context: BrowserContext

    def api(self, path: str, method: str = "GET") -> object:
        """Call the Jupyter server's REST API; the decoded JSON answer (None when empty)."""
        request = urllib.request.Request(f"{self.url}/api/{path}", method=method,
                                         headers={"Authorization": f"token {self.token}"})
        with urllib.request.urlopen(request, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def close(self, page: Page, notebook: str) -> None:
        """Close the tab and shut its kernel down, so it stops competing for the two cores."""
        page.close()
        sessions = self.api("sessions")
        assert isinstance(sessions, list)
        for session in sessions:
            if session["path"].endswith(notebook):
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
    app_settings = tmp / "lab-settings"
    app_settings.mkdir()
    (app_settings / "overrides.json").write_text(json.dumps(NO_NEWS))
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
            try:
                yield Lab(url, token, context)
            finally:
                context.close()
    finally:
        _stop(proc)


def _run_all(page: Page) -> None:
    """Run > Run All Cells, the notebook made the active widget first (TOOLCHAIN.md)."""
    page.locator(".jp-Notebook").first.click()
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()


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


def _expect_readable(board: Locator, texts: int = 20) -> dict[str, float]:
    """Every text of the board is drawn at least MIN_TEXT_PX pixels high; the measures. A
    whole board has more than ``texts`` texts (not an empty picture)."""
    found = board.evaluate(MEASURE_TEXT)
    assert found["count"] > texts, found  # a whole board was measured, not an empty picture
    assert found["min"] >= MIN_TEXT_PX, found
    return found


def _expect_no_news_question(page: Page) -> None:
    expect(page.get_by_text(NEWS_QUESTION)).to_have_count(0)


def test_play_notebook_click_changes_board_and_log_and_undo_reverts(lab: Lab) -> None:
    page = lab.open("02_play.ipynb")
    try:
        _run_all(page)
        play = page.locator(".kw-play").first
        board = play.locator(".kw-board")
        log = play.locator(".kw-log")
        expect(board.locator("svg").first).to_be_visible()
        action = play.locator("button.kw-action:enabled").first
        expect(action).to_be_visible()
        board.scroll_into_view_if_needed()
        _shot(page, "02_play-before")
        # The board takes the notebook's width (its text readable); the panel is not beside it.
        _expect_readable(board)
        panel = play.locator(".kw-panel")
        board_box, panel_box = board.bounding_box(), panel.bounding_box()
        assert board_box is not None and panel_box is not None
        assert panel_box["y"] >= board_box["y"] + 100 and panel_box["width"] >= 0.9 * \
            board_box["width"]
        expect(action).to_be_in_viewport()  # the panel stays in view below the board
        board_before = board.inner_html()
        log_before = log.inner_text()

        action.click()
        expect(log).not_to_have_text(log_before, use_inner_text=True)
        assert board.inner_html() != board_before
        _shot(page, "02_play-after-click")

        play.locator("button.kw-undo").click()
        expect(log).to_have_text(log_before, use_inner_text=True)
        assert board.inner_html() == board_before
        _shot(page, "02_play-after-undo")
        _expect_no_news_question(page)
    finally:
        lab.close(page, "02_play.ipynb")


def test_play_notebook_pauses_on_a_scoring_summary_the_player_dismisses(lab: Lab) -> None:
    page = lab.open("02_play.ipynb")
    try:
        _run_all(page)
        play = page.locator(".kw-play").first
        summary = play.locator(".kw-scoring")
        expect(play.locator("button.kw-action:enabled").first).to_be_visible()
        log = play.locator(".kw-log")
        for _ in range(60):  # the first button each time ends round 1 within a few clicks
            before = log.inner_text()
            play.locator("button.kw-action:enabled").first.click()
            expect(log).not_to_have_text(before, use_inner_text=True)  # the click came back
            page.wait_for_timeout(300)  # the rest of the same update (not a timing check)
            if summary.is_visible():
                break
        expect(summary).to_be_visible()
        expect(summary).to_contain_text("Round 1 scoring")
        expect(summary).to_contain_text("Grand Prix")
        expect(play.locator("button.kw-action")).to_have_count(0)  # play waits for the reader
        summary.scroll_into_view_if_needed()
        _shot(page, "02_play-scoring-summary")
        summary.locator("button.kw-dismiss").click()
        expect(summary).to_be_hidden()
        expect(play.locator("button.kw-action:enabled").first).to_be_visible()
        expect(play.locator(".kw-log")).to_contain_text("Round 2 begins.")
    finally:
        lab.close(page, "02_play.ipynb")


def test_rules_tour_draws_its_board_and_next_shows_the_next_step(lab: Lab) -> None:
    page = lab.open("01_rules_tour.ipynb")
    try:
        _run_all(page)
        first = page.locator(FIRST_BOARD).first
        _expect_board(first)
        _expect_readable(first)
        _shot(page, "01_rules_tour")
        stepper = page.locator(".kw-stepper").first
        # JupyterLab skips drawing cells out of view (content-visibility): look at it first.
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
    finally:
        lab.close(page, "01_rules_tour.ipynb")


def _puzzles(page: Page) -> None:
    """03: the puzzle list switches the puzzle; the answer is nowhere until asked."""
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


def _pricing_lab(page: Page) -> None:
    """04: a result greys out when a control changes, until Solve is pressed again."""
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


def _workshop(page: Page) -> None:
    """05: every solution is behind its button: Run All printed none of them."""
    buttons = page.locator("button.kw-show-solution")
    expect(buttons).to_have_count(7)
    for text in page.locator(".kw-solution").all_inner_texts():
        assert text.strip() == ""
    buttons.first.scroll_into_view_if_needed()
    buttons.first.click()
    expect(page.locator(".kw-solution").first).to_contain_text("Solution 1a")
    _shot(page, "05_workshop-solution")


WIDGET_CHECKS = {"03_puzzles.ipynb": _puzzles, "04_pricing_lab.ipynb": _pricing_lab,
                 "05_workshop.ipynb": _workshop}


# 01_rules_tour and 02_play are opened by the tests above.
@pytest.mark.parametrize("notebook", sorted(p.name for p in NOTEBOOKS.glob("0*.ipynb")
                                            if p.name not in ("01_rules_tour.ipynb",
                                                              "02_play.ipynb")))
def test_each_notebook_draws_its_first_board(lab: Lab, notebook: str) -> None:
    page = lab.open(notebook)
    try:
        _run_all(page)
        first = page.locator(FIRST_BOARD).first
        _expect_board(first)
        _expect_readable(first)
        _shot(page, notebook.removesuffix(".ipynb"))
        _expect_no_news_question(page)
        WIDGET_CHECKS.get(notebook, lambda _: None)(page)
    finally:
        lab.close(page, notebook)


def test_formel1_tour_draws_its_boards_and_next_steps_through_the_rules(lab: Lab) -> None:
    page = lab.open("10_formel1_tour.ipynb")
    try:
        _run_all(page)
        first = page.locator(FIRST_BOARD).first
        _expect_board(first)
        _expect_readable(first, 5)
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
        race.locator("button.kw-next").click()
        closeup = race.locator("svg.f1-closeup")
        expect(closeup).to_be_visible()
        _expect_readable(closeup)
        race.scroll_into_view_if_needed()
        _shot(page, "10_formel1_tour")
        _expect_no_news_question(page)
    finally:
        lab.close(page, "10_formel1_tour.ipynb")


def test_formel1_play_takes_a_move_undoes_it_and_gives_a_hint(lab: Lab) -> None:
    page = lab.open("11_formel1_play.ipynb")
    try:
        _run_all(page)
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
        _shot(page, "11_formel1_play-before")
        board_before, log_before = board.inner_html(), log.inner_text()

        action.click()  # Pass on the first car: the bots bid on
        expect(log).not_to_have_text(log_before, use_inner_text=True)
        assert board.inner_html() != board_before
        play.locator("button.kw-undo").click()
        expect(log).to_have_text(log_before, use_inner_text=True)
        assert board.inner_html() == board_before

        play.locator("button.kw-hint").click()
        expect(play.locator(".kw-message")).to_contain_text("heuristic")
        expect(play.locator(".kw-suggested")).to_have_count(1)
        play.locator(".kw-panel").scroll_into_view_if_needed()
        _shot(page, "11_formel1_play-hint")
        _expect_no_news_question(page)
    finally:
        lab.close(page, "11_formel1_play.ipynb")


def test_formel1_workshop_draws_its_figures_and_shows_a_solution_behind_its_button(
        lab: Lab) -> None:
    page = lab.open("12_formel1_workshop.ipynb")
    try:
        _run_all(page)
        buttons = page.locator("button.kw-show-solution")
        expect(buttons).to_have_count(5)  # one per exercise, each solution behind its button
        figure = page.locator(".jp-RenderedSVG").first  # exercise 1's figure (matplotlib)
        _expect_board(figure)
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
    finally:
        lab.close(page, "12_formel1_workshop.ipynb")




def test_automobiles_tour_draws_its_boards_and_next_steps_through_the_rules(lab: Lab) -> None:
    page = lab.open("20_automobiles_tour.ipynb")
    try:
        _run_all(page)
        first = page.locator(FIRST_BOARD).first  # the state's own board
        _expect_board(first)
        _expect_readable(first, 5)
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
        _shot(page, "20_automobiles_tour")
        _expect_no_news_question(page)
    finally:
        lab.close(page, "20_automobiles_tour.ipynb")


def test_automobiles_play_takes_a_move_undoes_it_and_gives_a_labelled_hint(lab: Lab) -> None:
    page = lab.open("21_automobiles_play.ipynb")
    try:
        _run_all(page)
        play = page.locator(".kw-play").last  # the game (the first is the undo demonstration)
        board = play.locator(".kw-board")
        log = play.locator(".kw-log")
        expect(board.locator("svg.au-sheets")).to_be_visible()
        action = play.locator("button.kw-action:enabled").first
        expect(action).to_be_visible()
        board.scroll_into_view_if_needed()
        _expect_readable(board.locator("svg.au-closeup"))
        _expect_readable(board.locator("svg.au-sheets"))
        expect(board).to_contain_text("Player 0 (you)")
        _shot(page, "21_automobiles_play-before")
        board_before, log_before = board.inner_html(), log.inner_text()

        action.click()  # a purchase before the race: the bots buy on
        expect(log).not_to_have_text(log_before, use_inner_text=True)
        assert board.inner_html() != board_before
        play.locator("button.kw-undo").click()
        expect(log).to_have_text(log_before, use_inner_text=True)
        assert board.inner_html() == board_before

        play.locator("button.kw-action:enabled", has_text="Stop buying").click()
        play.locator("button.kw-hint").click()
        expect(play.locator(".kw-message")).to_contain_text("Hint (")
        expect(play.locator(".kw-suggested")).to_have_count(1)
        play.locator(".kw-panel").scroll_into_view_if_needed()
        _shot(page, "21_automobiles_play-hint")
        _expect_no_news_question(page)
    finally:
        lab.close(page, "21_automobiles_play.ipynb")


def test_automobiles_lab_draws_its_figures_and_shows_the_best_turn_behind_its_button(
        lab: Lab) -> None:
    page = lab.open("22_automobiles_lab.ipynb")
    try:
        _run_all(page)
        buttons = page.locator("button.kw-show-solution")
        expect(buttons).to_have_count(1)
        expect(page.locator(".jp-RenderedSVG")).to_have_count(3)  # odds, Crew Chief, tournament
        _expect_board(page.locator(".jp-RenderedSVG").first)
        _shot(page, "22_automobiles_lab")
        assert page.locator(".kw-solution").first.inner_text().strip() == ""  # hidden
        buttons.first.scroll_into_view_if_needed()
        buttons.first.click()
        solution = page.locator(".kw-solution").first
        expect(solution).to_contain_text("Proven best for this turn")
        expect(solution).to_contain_text("first decision")
        solution.scroll_into_view_if_needed()
        _shot(page, "22_automobiles_lab-solution")
        _expect_no_news_question(page)
    finally:
        lab.close(page, "22_automobiles_lab.ipynb")
