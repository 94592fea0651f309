"""`make workshop` serves a class: the access code is required, and every participant gets a
JupyterLab of their own with their own copy of the notebooks, which nobody else can open.

Starts the real JupyterHub (workshop/jupyterhub_config.py) through the Makefile on a free port,
with its state in a temporary folder, signs in two participants over HTTP and stops everything
it started (the whole process group) at the end.
"""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
import requests

ROOT = Path(__file__).resolve().parents[2]
CODE = "tiger7"


def free_port_block() -> int:
    """A port whose next two are free too (the hub's API and the proxy's API use them)."""
    for _ in range(50):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        if port > 65000:
            continue
        if all(_free(port + i) for i in range(3)):
            return int(port)
    raise RuntimeError("no free ports")


def _free(port: int) -> bool:
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@pytest.fixture(scope="module")
def hub(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    run = tmp_path_factory.mktemp("workshop")
    port = free_port_block()
    env = {**os.environ, "WORKSHOP_RUN": str(run)}
    log = (run / "hub.log").open("w")
    proc = subprocess.Popen(["make", "-s", "workshop", f"PORT={port}", f"CODE={CODE}", "SEATS=5"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 240  # a fresh clone installs the proxy first
        while time.monotonic() < deadline:
            try:
                if requests.get(base + "/hub/login", timeout=5).status_code == 200:
                    break
            except requests.ConnectionError:
                pass
            assert proc.poll() is None, (run / "hub.log").read_text()
            time.sleep(1)
        else:
            pytest.fail("the hub never answered: " + (run / "hub.log").read_text()[-2000:])
        yield base, run
    finally:
        stop(proc, run)
        log.close()


def stop(proc: subprocess.Popen[bytes], run: Path) -> None:
    """Stop the hub as a teacher would (SIGTERM: it stops the participants' servers and its
    proxy), then anything of this run still alive (its processes name the run's folder)."""
    hub_pid = run / "hub" / "jupyterhub.pid"
    if hub_pid.exists():
        _signal(int(hub_pid.read_text()), signal.SIGTERM)
    try:
        proc.wait(90)  # the hub waits for its idle culler: about 30 s
    except subprocess.TimeoutExpired:
        _signal(-proc.pid, signal.SIGKILL)
    left = subprocess.run(["pgrep", "-f", str(run)], capture_output=True, text=True,
                          check=False).stdout.split()
    proxy_pid = run / "hub" / "proxy.pid"
    if proxy_pid.exists():
        left.append(proxy_pid.read_text().strip())
    for pid in left:
        if pid.isdigit():
            _signal(int(pid), signal.SIGKILL)


def _signal(pid: int, sig: int) -> None:
    try:
        if pid < 0:
            os.killpg(-pid, sig)
        else:
            os.kill(pid, sig)
    except ProcessLookupError:
        pass


def sign_in(base: str, name: str, code: str) -> tuple[requests.Session, requests.Response]:
    session = requests.Session()
    session.get(base + "/hub/login", timeout=30)
    answer = session.post(base + "/hub/login?next=", timeout=180,
                          data={"username": name, "password": code,
                                "_xsrf": session.cookies.get("_xsrf", "")})
    return session, answer


def open_lab(session: requests.Session, base: str, name: str) -> requests.Response:
    """The participant's start page, once their server is up (the hub's OAuth on the way)."""
    deadline = time.monotonic() + 180
    while True:
        page = session.get(f"{base}/user/{name}/lab/tree/notebooks/00_start.ipynb", timeout=60)
        if page.status_code == 200 and "/user/" in page.url or time.monotonic() > deadline:
            return page
        time.sleep(2)


def notebooks(session: requests.Session, base: str, name: str) -> requests.Response:
    xsrf = session.cookies.get("_xsrf", path=f"/user/{name}/") or ""
    return session.get(f"{base}/user/{name}/api/contents/notebooks", timeout=30,
                       headers={"X-XSRFToken": xsrf})


def test_a_wrong_access_code_is_refused(hub: tuple[str, Path]) -> None:
    base, run = hub
    _, answer = sign_in(base, "mallory", "guess")
    assert answer.status_code == 403
    assert not (run / "homes" / "mallory").exists()


def test_each_participant_gets_their_own_lab_and_notebooks(hub: tuple[str, Path]) -> None:
    base, run = hub
    ada, _ = sign_in(base, "ada", CODE)
    bob, _ = sign_in(base, "bob", CODE)
    for session, name in ((ada, "ada"), (bob, "bob")):
        assert open_lab(session, base, name).status_code == 200
        listing = notebooks(session, base, name)
        assert listing.status_code == 200
        names = {item["name"] for item in listing.json()["content"]}
        assert {"00_start.ipynb", "02_play.ipynb", "21_automobiles_play.ipynb"} <= names
        assert (run / "homes" / name / "notebooks" / "02_play.ipynb").is_file()
        assert (run / "homes" / name / "docs" / "rules.md").is_file()  # the rule links work
    # A change in one participant's copy is theirs alone.
    (run / "homes" / "ada" / "notebooks" / "mine.py").write_text("x = 1\n", encoding="utf-8")
    assert not (run / "homes" / "bob" / "notebooks" / "mine.py").exists()
    # Nobody opens another's server: bob's session has no rights on ada's.
    foreign = notebooks(bob, base, "ada")
    assert foreign.status_code in (302, 403) or "/hub/login" in foreign.url \
        or "content" not in foreign.text


def test_a_participants_lab_starts_without_the_parts_a_class_does_not_use(
        hub: tuple[str, Path]) -> None:
    """The page config JupyterLab sends the browser switches the workshop's ``LAB_PARTS_OFF``
    off, and nothing a participant needs (notebooks, the editor, the widgets)."""
    base, _ = hub
    cleo, _ = sign_in(base, "cleo", CODE)
    page = open_lab(cleo, base, "cleo")
    assert page.status_code == 200
    found = re.search(r'<script id="jupyter-config-data" type="application/json">(.*?)</script>',
                      page.text, re.S)
    assert found, "the lab page carries its page config"
    off = set(json.loads(found.group(1))["disabledExtensions"])
    assert {"@jupyterlab/debugger-extension", "@jupyterlab/notebook-extension:export"} <= off
    assert not any(part.startswith(("@jupyterlab/notebook-extension:tracker",
                                    "@jupyterlab/fileeditor-extension",
                                    "@jupyter-widgets", "@jupyterlab/hub-extension"))
                   for part in off)


def test_the_teachers_console_sees_a_bot_a_participant_saved(hub: tuple[str, Path]) -> None:
    """A participant saves a bot file in their own lab (the contents API, as JupyterLab does);
    the teacher's console on the class folder lists it as ready, and lists a participant who
    has none yet."""
    from kwwidgets.console import TeacherConsole

    base, run = hub
    cleo, _ = sign_in(base, "cleo", CODE)
    dora, _ = sign_in(base, "dora", CODE)
    for session, name in ((cleo, "cleo"), (dora, "dora")):
        assert open_lab(session, base, name).status_code == 200
    xsrf = cleo.cookies.get("_xsrf", path="/user/cleo/") or ""
    contents = f"{base}/user/cleo/api/contents/notebooks/my_bots"
    made = cleo.put(contents, json={"type": "directory"}, headers={"X-XSRFToken": xsrf},
                    timeout=30)
    assert made.status_code in (200, 201), made.text
    bot = "def choose(state):\n    return state.legal_action_ids()[0]\n"
    saved = cleo.put(contents + "/first.py", headers={"X-XSRFToken": xsrf}, timeout=30,
                     json={"type": "file", "format": "text", "content": bot})
    assert saved.status_code in (200, 201), saved.text
    console = TeacherConsole(run, game="kraftwagen", ladder=("random",))
    ready = {(s.participant, s.path.name): s.ready for s in console.submissions}
    assert ready[("cleo", "first.py")] is True
    assert "dora" in console.submitted.value and "no bot yet" in console.submitted.value


def test_a_home_gets_no_bots_from_the_repositorys_notebooks(hub: tuple[str, Path]) -> None:
    """Bots saved in the repository's own notebooks/my_bots (a teacher's tries) are not handed
    out: a new participant starts with no bot of their own."""
    base, run = hub
    mine = ROOT / "notebooks" / "my_bots"  # ignored by git; other tests save bots there too
    mine.mkdir(exist_ok=True)
    planted = mine / "teachers_try.py"
    planted.write_text("def choose(state):\n    return 0\n", encoding="utf-8")
    try:
        erin, _ = sign_in(base, "erin", CODE)
        assert open_lab(erin, base, "erin").status_code == 200
        assert (run / "homes" / "erin" / "notebooks" / "02_play.ipynb").is_file()
        assert not (run / "homes" / "erin" / "notebooks" / "my_bots").exists()
    finally:
        planted.unlink()


# Run in a fresh interpreter: whether jsonschema has its "iri" checker is decided at its import.
_EVENTS_WITH_AND_WITHOUT_IRI = """
import io, json, logging, sys
from pathlib import Path
sys.path.insert(0, sys.argv[1])
if sys.argv[2] == "light":
    from singleuser import skip_iri_format_check
    skip_iri_format_check()
import jsonschema
import jupyter_server
from jupyter_events import EventLogger
stream = io.StringIO()
events = EventLogger(handlers=[logging.StreamHandler(stream)])
events.register_event_schema(
    Path(jupyter_server.__file__).parent / "event_schemas" / "kernel_actions" / "v1.yaml")
schema = "https://events.jupyter.org/jupyter_server/kernel_actions/v1"
events.emit(schema_id=schema, data={"action": "start", "msg": "a kernel started"})
try:
    events.emit(schema_id=schema, data={"action": "explode", "msg": "not an action"})
    refused = False
except jsonschema.ValidationError:
    refused = True
print(json.dumps({"iri": "iri" in jsonschema.FormatChecker().checkers,
                  "grammar_loaded": sys.modules.get("rfc3987_syntax") is not None,
                  "logged": json.loads(stream.getvalue().splitlines()[0])["action"],
                  "bad_event_refused": refused}))
"""


@pytest.mark.parametrize("start", ["plain", "light"])
def test_a_participants_server_logs_its_events_without_the_iri_grammar(start: str) -> None:
    """workshop/singleuser.py (the participants' server) leaves out only jsonschema's "iri"
    checker and its grammar: the server's events are still logged and checked."""
    answer = subprocess.run([sys.executable, "-c", _EVENTS_WITH_AND_WITHOUT_IRI,
                             str(ROOT / "workshop"), start],
                            capture_output=True, text=True, timeout=120, check=True)
    seen = json.loads(answer.stdout.strip().splitlines()[-1])
    assert seen["logged"] == "start" and seen["bad_event_refused"]
    assert seen["iri"] is (start == "plain")
    assert seen["grammar_loaded"] is (start == "plain")


def test_the_participants_servers_are_started_the_light_way(hub: tuple[str, Path]) -> None:
    """A signed-in participant's server is workshop/singleuser.py, not jupyterhub-singleuser."""
    base, run = hub
    # ada again: the class has five seats, and the tests above take them
    ada, _ = sign_in(base, "ada", CODE)
    assert open_lab(ada, base, "ada").status_code == 200
    servers = [" ".join(p.info["cmdline"] or ()) for p in psutil.process_iter(["cmdline"])]
    servers = [line for line in servers if str(run) in line and "singleuser" in line]
    assert servers, "no participant's server of this run is running"
    assert all(str(ROOT / "workshop" / "singleuser.py") in line for line in servers), servers
