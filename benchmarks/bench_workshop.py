"""A class at once: N participants on `make workshop`, each in a headless Chromium session.

Run::

    python benchmarks/bench_workshop.py [--participants 30] [--moves 20] [--hints 3]
                                        [--arrive-every 6] [--think 3] [--per-browser 1]
                                        [--browser-share 0] [--json OUT]

Starts the real `make workshop` (JupyterHub, its proxy, one JupyterLab per participant) on free
ports with its state in a temporary folder, then N participants in Debian Chromium, each in a
browser process of their own as in a class (``--per-browser K``: K participants share one
process, each in a context with its own cookies), arriving ``--arrive-every`` seconds apart as a
class does. Each signs in with a name and the access code, opens `notebooks/02_play.ipynb` in
their own JupyterLab, runs it, plays `--moves` legal actions by clicking and asks for `--hints`
hints, reading the board for ``--think`` seconds before each (default 3, a quick player: a
newcomer reads the decision and its buttons first; 0 clicks the moment the last answer shows,
which no person does and which puts every participant's clicks on the server at once).
Measured: sign-in to a running JupyterLab (a start-up page that does not move on by itself
within ``PENDING_MS`` is reloaded, as a participant would, and counted), click round trip (the
click until the board has changed, timed in the page: the participant's move and the greedy
bots' replies, drawn together; also split into the clicks made while participants were still
signing in and those after everyone was in), hint time (the click until the hint's
words show), the server side's memory at its peak (the hub, the proxy, every participant's
server and kernel: the sum of their resident memory, sampled every second; per participant:
the peak less the hub's own before anyone came, divided by N), the CPU seconds spent by the
server side (by part: kernels, participants' JupyterLab servers, hub, proxy) and by the
browsers (which in a class run on the participants' own machines, but here share the
server's two cores), and every session that failed, with the reason. Nothing here asserts
on time: it prints the figures against the targets (no failed session, p95 click under 1 s),
with the machine's CPU and a calibration figure (``machine``), since machines of the same kind
differ in speed.

The browsers stand in for the participants' own machines. Linux shares the CPU fairly between
sessions (its ``autogroup`` scheduling), and Chromium starts every browser process in a
session of its own, so with 30 browsers the hub and everything it serves (one session) get
1/31 of a busy machine. ``--browser-share F`` weighs the browsers' sessions so that together
they count F times the server side (by each session's nice value in ``/proc/PID/autogroup``);
the default, 0, leaves Linux's own shares. Measured (docs/benchmarks.md): with the browsers
weighing as much as the server, clicks got slower, not faster (p95 2.40 s against 1.26 s),
since a click's round trip ends in the participant's browser, which then waits for the CPU.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import psutil
import requests
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import Page, async_playwright
from playwright.async_api import TimeoutError as PlaywrightTimeout

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
CODE = "bench42"
# one step of a participant on a loaded machine (30 servers spawning at once)
STEP_MS = int(os.environ.get("BENCH_STEP_MS", 600_000))
KERNEL_IDLE = "Python 3 (ipykernel) | Idle"
SUGGESTED_NONE = "() => !document.querySelector('.kw-play .kw-suggested')"
#: how long a participant waits on the start-up page before reloading it
PENDING_MS = int(os.environ.get("BENCH_PENDING_MS", 120_000))
#: how often the benchmark looks whether an answer has come (the answer's time is the page's own)
POLL_MS = 250


@dataclass
class Participant:
    """One participant's session: what it measured, or why it failed."""

    name: str
    sign_in_s: float = 0.0
    run_all_s: float = 0.0
    clicks_s: list[float] = field(default_factory=list)
    #: when each click was made, in seconds from the first participant's arrival
    clicks_at_s: list[float] = field(default_factory=list)
    #: when the session had signed in, in the same seconds
    signed_in_at_s: float = math.nan
    hints_s: list[float] = field(default_factory=list)
    reloads: int = 0  # the start-up page reloaded by hand (``participant``)
    failed: str = ""


def free_ports() -> int:
    """A port whose next two are free (the hub's and the proxy's APIs use them)."""
    for _ in range(100):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = int(s.getsockname()[1])
        if port < 65000 and all(_free(port + i) for i in range(3)):
            return port
    raise RuntimeError("no three free ports in a row")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def start_hub(run: Path, port: int, seats: int) -> subprocess.Popen[bytes]:
    """`make workshop` in its own process group, answering on ``port``."""
    log = (run / "hub.log").open("wb")
    proc = subprocess.Popen(["make", "-s", "workshop", f"PORT={port}", f"CODE={CODE}",
                             f"SEATS={seats}"], cwd=ROOT, stdout=log, stderr=subprocess.STDOUT,
                            env={**os.environ, "WORKSHOP_RUN": str(run)},
                            start_new_session=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline:
        try:
            if requests.get(f"http://127.0.0.1:{port}/hub/login", timeout=5).ok:
                return proc
        except requests.ConnectionError:
            pass
        if proc.poll() is not None:
            break
        time.sleep(1)
    raise SystemExit("bench_workshop: the hub did not start: "
                     + (run / "hub.log").read_text(errors="replace")[-1500:])


def stop_hub(proc: subprocess.Popen[bytes], run: Path) -> None:
    """SIGTERM to the hub (it stops the servers and the proxy), then whatever is left."""
    pid_file = run / "hub" / "jupyterhub.pid"
    if pid_file.exists():
        _kill(int(pid_file.read_text()), signal.SIGTERM)
    try:
        proc.wait(120)
    except subprocess.TimeoutExpired:
        _kill(-proc.pid, signal.SIGKILL)
    for p in psutil.process_iter(["pid", "cmdline"]):
        if str(run) in " ".join(p.info["cmdline"] or ()):
            _kill(p.info["pid"], signal.SIGKILL)


def _kill(pid: int, sig: int) -> None:
    try:
        if pid < 0:
            os.killpg(-pid, sig)
        else:
            os.kill(pid, sig)
    except ProcessLookupError:
        pass


def server_memory(root_pid: int) -> int:
    """The resident memory of ``root_pid`` and every process under it, in bytes."""
    try:
        root = psutil.Process(root_pid)
        procs = [root, *root.children(recursive=True)]
    except psutil.NoSuchProcess:
        return 0
    total = 0
    for p in procs:
        with contextlib.suppress(psutil.NoSuchProcess):
            total += p.memory_info().rss
    return total


@dataclass
class CpuTally:
    """The CPU seconds (user and system) spent by the server side (the hub's process and every
    process under it: proxy, participants' servers, kernels) and by the browsers (every
    Chromium process), each process counted at its last sample (one that ends between two
    samples loses at most a second of its time)."""

    seen: dict[int, tuple[str, float]] = field(default_factory=dict)

    def sample(self, root_pid: int) -> None:
        """Read every server and browser process's CPU time now."""
        server: set[int] = set()
        with contextlib.suppress(psutil.NoSuchProcess):
            root = psutil.Process(root_pid)
            server = {root.pid, *(c.pid for c in root.children(recursive=True))}
        for proc in psutil.process_iter(["pid", "name", "cmdline", "cpu_times"]):
            line = " ".join(proc.info["cmdline"] or ())
            kind = ("server:" + next((part for word, part in SERVER_PARTS if word in line),
                                     "other")
                    if proc.info["pid"] in server else
                    "browser" if "chrom" in (proc.info["name"] or "") else "")
            times = proc.info["cpu_times"]
            if kind and times is not None:
                self.seen[proc.info["pid"]] = (kind, times.user + times.system)

    def seconds(self, kind: str) -> float:
        """The CPU seconds of one kind (``browser``, ``server``, or one part of the server:
        ``server:kernel``, ``server:lab``, ``server:hub``, ``server:proxy``)."""
        return sum(cpu for k, cpu in self.seen.values() if k == kind or
                   k.startswith(kind + ":"))


#: The parts of the server side, told apart by their command lines (a participant's JupyterLab
#: runs workshop/singleuser.py, or JupyterHub's jupyterhub-singleuser).
SERVER_PARTS = (("ipykernel", "kernel"), ("singleuser", "lab"),
                ("configurable-http-proxy", "proxy"), ("jupyterhub", "hub"))


async def sample_memory(root_pid: int, peak: list[int], stop: asyncio.Event,
                        cpu: CpuTally | None = None) -> None:
    """Keep the highest server memory seen in ``peak[0]`` (and every process's CPU time in
    ``cpu``) until ``stop`` is set."""
    while not stop.is_set():
        peak[0] = max(peak[0], server_memory(root_pid))
        if cpu is not None:
            cpu.sample(root_pid)
        await asyncio.sleep(1)


# The round trips are timed inside the page, so the benchmark's own waiting costs no CPU in the
# browser (30 pages polling every few milliseconds would load the machine they measure): the
# click's time from a capturing listener, the answer's time from a MutationObserver that checks
# the condition at every change of the widget. The benchmark then reads both, polling slowly.
ARM = """([root, what]) => {
  const watch = what === 'board' ? root.querySelector('.kw-board') : root;
  const before = watch.innerHTML;
  const done = what === 'board'
    ? () => watch.innerHTML !== before
    : () => Boolean(root.querySelector('.kw-suggested')) ||
        /No hint/.test((root.querySelector('.kw-message') || {}).textContent || '');
  window.kwClicked = null; window.kwAnswered = null;
  document.addEventListener('click', () => { window.kwClicked = performance.now(); },
                            {capture: true, once: true});
  const obs = new MutationObserver(() => {
    if (window.kwClicked !== null && window.kwAnswered === null && done()) {
      window.kwAnswered = performance.now(); obs.disconnect();
    }
  });
  obs.observe(watch, {childList: true, subtree: true, characterData: true, attributes: true});
}"""
ANSWERED = "() => window.kwAnswered !== null"
ROUND_TRIP = "() => (window.kwAnswered - window.kwClicked) / 1000"


async def participant(browser: Any, base: str, who: Participant, moves: int,
                      hints: int, shots: Path, delay: float, think: float = 0.0) -> None:
    """One participant's whole session (module docstring), starting ``delay`` seconds after
    the first and reading the board ``think`` seconds before each click; a failure is kept,
    not raised."""
    class_start = time.monotonic()  # every participant's task starts at once
    await asyncio.sleep(delay)
    context = await browser.new_context(viewport={"width": 1400, "height": 1000})
    page = await context.new_page()
    page.set_default_timeout(STEP_MS)
    # What the page itself complained of, told with a failure (a JupyterLab that never starts
    # in its tab says why only here).
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(f"page error: {exc}"))
    page.on("console", lambda msg: errors.append(f"console: {msg.text}")
            if msg.type == "error" else None)
    try:
        started = time.monotonic()
        await page.goto(f"{base}/hub/login")
        await page.fill("input[name=username]", who.name)
        await page.fill("input[name=password]", CODE)
        await page.click("input[type=submit], button[type=submit]")
        try:
            await page.wait_for_url(f"**/user/{who.name}/lab**", timeout=PENDING_MS)
        except PlaywrightTimeout:
            # JupyterHub's "Your server is starting up" page waits on a stream of progress
            # events; on a loaded machine it may miss the last one and never move on, though
            # the server is up. A participant reloads the page; so does this one, and it counts.
            # Its own server's root, which opens the start notebook as a sign-in does (a
            # bare /lab would open the Launcher, with no kernel to wait for).
            who.reloads += 1
            try:
                await page.goto(f"{base}/hub/user/{who.name}/")
            except PlaywrightError as exc:
                # The start-up page moved on by itself at that very moment: its own way to the
                # lab wins over the reload, and the participant is where the reload leads.
                if "interrupted by another navigation" not in str(exc):
                    raise
            await page.wait_for_url(f"**/user/{who.name}/lab/tree/**")
        await page.get_by_text(KERNEL_IDLE).wait_for()
        who.sign_in_s = time.monotonic() - started
        who.signed_in_at_s = time.monotonic() - class_start
        started = time.monotonic()
        await run_all(page)
        who.run_all_s = time.monotonic() - started
        play = page.locator(".kw-play").first
        for _ in range(moves):
            await asyncio.sleep(think)
            await play_one(page, play, who, class_start)
        for _ in range(hints):
            await asyncio.sleep(think)
            # A move clears the last suggestion; the hint has answered when a button is
            # suggested again (or it says there is none).
            await page.wait_for_function(SUGGESTED_NONE, polling=POLL_MS)
            await settle(page, play)  # the hint button is hidden while a summary is open
            await page.evaluate(ARM, [await play.element_handle(), "hint"])
            await play.locator("button.kw-hint").click()
            await page.wait_for_function(ANSWERED, polling=POLL_MS)
            who.hints_s.append(await page.evaluate(ROUND_TRIP))
            await asyncio.sleep(think)
            await play_one(page, play, who, class_start)  # the game goes on between hints
    except Exception as exc:  # noqa: BLE001 - a participant's failure is a result
        shot = shots / f"{who.name}-failed.png"
        with contextlib.suppress(Exception):
            await page.screenshot(path=str(shot))
        who.failed = f"{type(exc).__name__}: {str(exc).splitlines()[0][:200]} (see {shot})"
        who.failed += "".join(f"; {e[:200]}" for e in errors[:3])
    finally:
        await context.close()


async def run_all(page: Page) -> None:
    """The participant's 02_play notebook, opened and run top to bottom."""
    url = page.url.split("/lab")[0] + "/lab/tree/notebooks/02_play.ipynb?reset"
    await page.goto(url)
    await page.get_by_text(KERNEL_IDLE).wait_for()
    await page.locator(".jp-Notebook").first.click()
    await page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    await page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    await page.locator(".kw-play button.kw-action:enabled").first.wait_for()


# What the play widget waits for now, looked up in the page at every change: a round's summary
# (its Continue button shown), a finished game, or an enabled legal action. The summary comes
# first: it may open after the board has changed (the bots' replies end the round), and while it
# is open the actions are hidden and the status may already say "Game over".
WHAT_NOW = """(root) => {
  const shown = el => Boolean(el) && el.offsetParent !== null;
  if (shown(root.querySelector('button.kw-dismiss'))) return 'summary';
  if (/Game over/.test((root.querySelector('.kw-status') || {}).textContent || '')) return 'over';
  if (shown(root.querySelector('button.kw-action:not(:disabled)'))) return 'action';
  return '';
}"""


async def settle(page: Page, play: Any) -> None:
    """Bring the play widget to a decision: close any summary, start a new game when one has
    ended (neither is a measured click), until an enabled legal action is shown."""
    root = await play.element_handle()
    while True:
        handle = await page.wait_for_function(WHAT_NOW, arg=root, polling=POLL_MS)
        now = await handle.json_value()
        if now == "action":
            return
        if now == "summary":
            await play.locator("button.kw-dismiss").click()
            await page.wait_for_function(f"(root) => ({WHAT_NOW})(root) !== 'summary'",
                                         arg=root, polling=POLL_MS)
        else:
            await play.locator("button.kw-new").click()
            await page.wait_for_function(f"(root) => ({WHAT_NOW})(root) !== 'over'",
                                         arg=root, polling=POLL_MS)


async def play_one(page: Page, play: Any, who: Participant, class_start: float) -> None:
    """One click on the first legal action (``settle`` first); its round trip: from the click
    until the board has changed, both timed in the page."""
    await settle(page, play)
    who.clicks_at_s.append(time.monotonic() - class_start)
    action = play.locator("button.kw-action:enabled").first
    await page.evaluate(ARM, [await play.element_handle(), "board"])
    await action.click()
    await page.wait_for_function(ANSWERED, polling=POLL_MS)
    who.clicks_s.append(await page.evaluate(ROUND_TRIP))


def machine() -> dict[str, Any]:
    """What this machine is and how fast one of its cores runs a fixed piece of Python (the
    best of three, in CPU seconds), so that runs on different machines of the same kind can be
    compared: the same benchmark took 2-4x longer on some of them."""
    model = next((line.split(":", 1)[1].strip()
                  for line in Path("/proc/cpuinfo").read_text(encoding="utf-8").splitlines()
                  if line.startswith("model name")), "unknown")
    best = math.inf
    for _ in range(3):
        started = time.process_time()
        sum(i * i % 7 for i in range(2_000_000))
        best = min(best, time.process_time() - started)
    return {"cpu": model, "cores": os.cpu_count(), "calibration_s": round(best, 3)}


def _no_nan(value: Any) -> Any:
    """``value`` with every NaN float, however deep in dicts and lists, made None."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _no_nan(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_nan(v) for v in value]
    return value


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by linear interpolation; nan for no values."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = (len(ordered) - 1) * q / 100
    low, high = int(k), min(int(k) + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (k - low)


#: Linux's scheduling weight of a nice value from 0 to 19 (the kernel's ``sched_prio_to_weight``).
NICE_WEIGHT = (1024, 820, 655, 526, 423, 335, 272, 215, 172, 137, 110, 87, 70, 56, 45, 36, 29,
               23, 18, 15)


def share_nice(share: float, sessions: int) -> int:
    """The nice value that gives each of ``sessions`` browser sessions the weight that makes
    them together ``share`` times the server's (a nice-0 session): the nearest one."""
    target = share * NICE_WEIGHT[0] / max(sessions, 1)
    return min(range(len(NICE_WEIGHT)), key=lambda nice: abs(NICE_WEIGHT[nice] - target))


def weigh_browsers(share: float) -> tuple[int, int]:
    """Set the nice value of every Chromium session under this process (``share_nice``);
    (sessions, nice). A session that cannot be set (no permission) is left as it is."""
    leaders = [p for p in psutil.Process().children(recursive=True)
               if "chrom" in p.name() and "crashpad" not in p.name()
               and p.pid == os.getsid(p.pid)]
    nice = share_nice(share, len(leaders))
    for leader in leaders:
        with contextlib.suppress(OSError):
            Path(f"/proc/{leader.pid}/autogroup").write_text(f"{nice}\n", encoding="ascii")
    return len(leaders), nice


async def bench(n: int, moves: int, hints: int, every: float,
                think: float = 0.0, per_browser: int = 1,
                browser_share: float = 0.0) -> dict[str, Any]:
    """Serve a class of ``n`` and measure it (module docstring), ``per_browser`` participants
    to a Chromium process, the browsers together weighing ``browser_share`` times the server
    side in the scheduler (0: Linux's default)."""
    box = machine()  # before anything else runs
    run = Path(tempfile.mkdtemp(prefix="bench_workshop_"))
    port = free_ports()
    hub = start_hub(run, port, n)
    base = f"http://127.0.0.1:{port}"
    idle = server_memory(hub.pid)
    peak, stop, cpu = [idle], asyncio.Event(), CpuTally()
    people = [Participant(f"p{i:02d}") for i in range(n)]
    started = time.monotonic()
    try:
        sampler = asyncio.create_task(sample_memory(hub.pid, peak, stop, cpu))
        async with async_playwright() as pw:
            browsers = [await pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                                 args=FLAGS)
                        for _ in range(math.ceil(n / per_browser))]
            sessions, nice = weigh_browsers(browser_share) if browser_share else (0, 0)
            await asyncio.gather(*(participant(browsers[i // per_browser], base, who, moves,
                                               hints, run, i * every, think)
                                   for i, who in enumerate(people)))
            cpu.sample(hub.pid)
            for browser in browsers:
                await browser.close()
        stop.set()
        await sampler
    finally:
        stop.set()
        stop_hub(hub, run)
    clicks = [c for who in people for c in who.clicks_s]
    # Clicks made while someone was still signing in (JupyterLabs and kernels starting, pages
    # loading) and after everyone was in: the two loads a class puts on the server.
    all_in = max((w.signed_in_at_s for w in people if not math.isnan(w.signed_in_at_s)),
                 default=math.nan)
    arriving = [c for who in people for c, at in zip(who.clicks_s, who.clicks_at_s, strict=True)
                if at < all_in]
    settled = [c for who in people for c, at in zip(who.clicks_s, who.clicks_at_s, strict=True)
               if at >= all_in]
    hint_times = [h for who in people for h in who.hints_s]
    return {
        "machine": box,
        "participants": n, "moves": moves, "hints": hints, "arrive_every_s": every,
        "think_s": think, "per_browser": per_browser, "browser_share": browser_share,
        "browser_sessions_nice": [sessions, nice],
        "seconds": round(time.monotonic() - started, 1),
        "load_at_end": os.getloadavg()[0],
        "failed": [{"name": w.name, "reason": w.failed} for w in people if w.failed],
        "reloaded": [w.name for w in people if w.reloads],
        "click_median_s": statistics.median(clicks) if clicks else None,
        "click_p95_s": percentile(clicks, 95), "clicks": len(clicks),
        "all_signed_in_at_s": all_in,
        "click_p95_while_arriving_s": percentile(arriving, 95), "clicks_while_arriving":
        len(arriving),
        "click_p95_all_in_s": percentile(settled, 95), "clicks_all_in": len(settled),
        "hint_median_s": statistics.median(hint_times) if hint_times else None,
        "hint_p95_s": percentile(hint_times, 95), "hints_asked": len(hint_times),
        "sign_in_median_s": statistics.median([w.sign_in_s for w in people if w.sign_in_s])
        if any(w.sign_in_s for w in people) else None,
        "server_mb_idle": idle / 2**20, "server_mb_peak": peak[0] / 2**20,
        "mb_per_participant": (peak[0] - idle) / 2**20 / n,
        "server_cpu_s": cpu.seconds("server"), "browser_cpu_s": cpu.seconds("browser"),
        "server_cpu_parts_s": {part: cpu.seconds(f"server:{part}")
                               for part in ("kernel", "lab", "hub", "proxy", "other")},
        "sessions": [asdict(w) for w in people],
    }


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; print its figures against the targets."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--participants", type=int, default=30)
    parser.add_argument("--moves", type=int, default=20)
    parser.add_argument("--hints", type=int, default=3)
    parser.add_argument("--arrive-every", type=float, default=6.0, metavar="S",
                        help="seconds between two participants' arrivals (default 6: a class "
                             "of 30 signs in over three minutes)")
    parser.add_argument("--think", type=float, default=3.0, metavar="S",
                        help="seconds a participant reads the board before each click and "
                             "hint (default 3; 0: the moment the last answer shows)")
    parser.add_argument("--per-browser", type=int, default=1, metavar="K",
                        help="participants sharing one Chromium process (default 1: every "
                             "participant has their own browser, as in a class)")
    parser.add_argument("--browser-share", type=float, default=0.0, metavar="F",
                        help="the browsers' scheduling weight, all together, as a multiple of "
                             "the server side's (1: half of a busy machine each; default 0: "
                             "Linux's own shares, each browser weighing as much as the server)")
    parser.add_argument("--json", type=Path)
    args = parser.parse_args(argv)
    try:
        report = asyncio.run(bench(args.participants, args.moves, args.hints,
                                   args.arrive_every, args.think, args.per_browser,
                                   args.browser_share))
    except KeyboardInterrupt:
        print("bench_workshop: stopped (the hub and its servers were stopped too)",
              file=sys.stderr)
        return 130
    if args.json:
        # A figure with nothing to measure (no click in a phase) is null: valid JSON, not NaN.
        args.json.write_text(json.dumps(_no_nan(report), indent=1, allow_nan=False) + "\n",
                             encoding="utf-8")
    n = report["participants"]
    sessions, nice = report["browser_sessions_nice"]
    weighed = (f", the browsers weighing {report['browser_share']:g} x the server ({sessions} "
               f"sessions at nice {nice})" if report["browser_share"] else "")
    print(f"{n} participants, {report['moves']} clicks and {report['hints']} hints each, "
          f"{report['think_s']:g} s reading before each, {report['per_browser']} to a "
          f"browser{weighed}, {report['seconds']:.0f} s "
          f"(load {report['load_at_end']:.1f} at the end)")
    box = report["machine"]
    print(f"machine: {box['cores']} cores of {box['cpu']}, the calibration loop "
          f"{box['calibration_s']:.3f} s of CPU (lower is faster)")
    print(f"failed sessions: {len(report['failed'])} of {n} (target 0)")
    for f in report["failed"]:
        print(f"  {f['name']}: {f['reason']}")
    if report["reloaded"]:
        print(f"start-up page reloaded by the participant (it did not move on by itself within "
              f"{PENDING_MS // 1000} s): {len(report['reloaded'])} of {n}")
    if report["clicks"]:
        print(f"click round trip: median {report['click_median_s']:.2f} s, p95 "
              f"{report['click_p95_s']:.2f} s over {report['clicks']} clicks (target p95 < 1 s)")
        print(f"  p95 while participants were still signing in (until "
              f"{report['all_signed_in_at_s']:.0f} s): {report['click_p95_while_arriving_s']:.2f}"
              f" s over {report['clicks_while_arriving']} clicks; after: "
              f"{report['click_p95_all_in_s']:.2f} s over {report['clicks_all_in']} clicks")
    if report["hints_asked"]:
        print(f"hint: median {report['hint_median_s']:.1f} s, p95 {report['hint_p95_s']:.1f} s "
              f"over {report['hints_asked']} hints")
    if report["sign_in_median_s"] is not None:
        print(f"sign-in to a running JupyterLab: median {report['sign_in_median_s']:.1f} s")
    print(f"server memory: {report['server_mb_idle']:.0f} MB before anyone came, peak "
          f"{report['server_mb_peak']:.0f} MB, {report['mb_per_participant']:.0f} MB per "
          f"participant")
    print(f"CPU: the server side {report['server_cpu_s']:.0f} s, the browsers "
          f"{report['browser_cpu_s']:.0f} s ({report['server_cpu_s'] / n:.1f} s and "
          f"{report['browser_cpu_s'] / n:.1f} s per participant); the server's: "
          + ", ".join(f"{part} {sec:.0f} s" for part, sec in report["server_cpu_parts_s"].items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
