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
from playwright.sync_api import BrowserContext, Locator, Page, expect, sync_playwright

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
# Never ask about (or fetch) Jupyter news: the question would cover part of the page.
NO_NEWS = ("lab/user-settings/@jupyterlab/apputils-extension/notification.jupyterlab-settings",
           '{"fetchNews": "false"}')


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
    settings = Path(env["JUPYTER_CONFIG_DIR"]) / NO_NEWS[0]
    settings.parent.mkdir(parents=True)
    settings.write_text(NO_NEWS[1])
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
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            cwd=served, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        _wait_for_server(url, token, proc, log)
        with sync_playwright() as p:
            context = p.chromium.launch_persistent_context(
                str(tmp / "profile"), executable_path=CHROMIUM, headless=True,
                args=CHROMIUM_FLAGS, viewport={"width": 1400, "height": 1000})
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
    finally:
        lab.close(page, "02_play.ipynb")


def test_rules_tour_draws_its_board_and_next_shows_the_next_step(lab: Lab) -> None:
    page = lab.open("01_rules_tour.ipynb")
    try:
        _run_all(page)
        _expect_board(page.locator(FIRST_BOARD).first)
        _shot(page, "01_rules_tour")
        stepper = page.locator(".kw-stepper").first
        step = stepper.locator(".kw-step")
        expect(step).to_contain_text("step 1 of", use_inner_text=True)
        board_before = stepper.locator(".kw-board").inner_html()
        stepper.locator("button.kw-next").click()
        expect(step).to_contain_text("step 2 of", use_inner_text=True)
        assert stepper.locator(".kw-board").inner_html() != board_before
        stepper.scroll_into_view_if_needed()
        _shot(page, "01_rules_tour-next")
    finally:
        lab.close(page, "01_rules_tour.ipynb")


# 01_rules_tour and 02_play are opened by the tests above.
@pytest.mark.parametrize("notebook", sorted(p.name for p in NOTEBOOKS.glob("0*.ipynb")
                                            if p.name not in ("01_rules_tour.ipynb",
                                                              "02_play.ipynb")))
def test_each_notebook_draws_its_first_board(lab: Lab, notebook: str) -> None:
    page = lab.open(notebook)
    try:
        _run_all(page)
        _expect_board(page.locator(FIRST_BOARD).first)
        _shot(page, notebook.removesuffix(".ipynb"))
    finally:
        lab.close(page, notebook)
