"""JupyterHub for a class on one machine: `make workshop` starts it with this file.

Each participant signs in with a name of their choice and the class's access code, gets their
own copy of the lab's notebooks (and the rules pages they link to) in a home of their own, and
their own JupyterLab and kernels: nobody sees another's state. Idle servers are stopped by
JupyterHub's idle culler; homes are kept for the teacher until `make clean`. Settings come from
the environment (the Makefile passes them):

    WORKSHOP_IP       the address to serve (default 127.0.0.1; the room's LAN address for a class)
    WORKSHOP_PORT     its port (default 8000)
    WORKSHOP_SEATS    the most participants with a server at once (default 30)
    WORKSHOP_CODE     the access code every participant types as the password (required)
    WORKSHOP_IDLE     seconds of inactivity before a participant's server is stopped (3600)
    WORKSHOP_RUN      the folder for the hub's database, cookie secret and homes
                      (default workshop/run; removed by `make clean`)

Why JupyterHub and not Voilà: a workshop asks participants to write bots in notebook cells and
files, which Voilà's code-free pages cannot do; Voilà stays the choice for play-only pages
(docs/workshop.md). The recipe and its pitfalls were verified on this machine (JupyterHub 6.1,
the simple local spawner, the idle culler). Limits: every participant's server runs as the
hub's user, so this is for a machine kept for the class, not a shared server (docs/workshop.md
says what a larger or untrusted class needs: JupyterHub on Kubernetes).
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import tempfile
from pathlib import Path

c = get_config()  # type: ignore[name-defined]  # noqa: F821 - given by JupyterHub

REPO = Path(__file__).resolve().parents[1]
VENV_BIN = Path(sys.executable).parent
RUN = Path(os.environ.get("WORKSHOP_RUN", REPO / "workshop" / "run")).resolve()
CODE = os.environ.get("WORKSHOP_CODE", "")
if not CODE:
    raise SystemExit("workshop: set an access code: make workshop CODE=...")
#: what each participant gets a copy of, at the top of their home
HANDOUT = ("notebooks", "docs")
START = "lab/tree/notebooks/00_start.ipynb"

for folder in (RUN / "hub", RUN / "homes", RUN / "lab-settings", RUN / "lab-config" / "labconfig"):
    folder.mkdir(parents=True, exist_ok=True)
# No "Jupyter news?" question over a participant's first page (as `make lab`).
(RUN / "lab-settings" / "overrides.json").write_text(
    '{"@jupyterlab/apputils-extension:notification": {"fetchNews": "false", '
    '"checkForUpdates": false}}\n', encoding="utf-8")

#: JupyterLab parts a class does not use, switched off in every participant's JupyterLab: on a
#: machine that serves a class, every part a page starts costs CPU 30 times over. Measured on
#: this machine (headless Chromium, `02_play` opened until its kernel is idle): 6.6-7.2 s of a
#: browser's CPU with all of them, 4.7-5.2 s without; the server is spared the export formats
#: (nbconvert), about 1 s of CPU per participant. Participants keep the file browser,
#: notebooks, the text editor (for bots in .py files), the running kernels and the table of
#: contents. Delete an entry to give a part back.
LAB_PARTS_OFF = (
    "@jupyterlab/debugger-extension", "@jupyterlab/extensionmanager-extension",
    "@jupyterlab/lsp-extension", "@jupyterlab/terminal-extension",
    "@jupyterlab/pluginmanager-extension", "@jupyterlab/console-extension",
    "@jupyterlab/csvviewer-extension", "@jupyterlab/json-extension",
    "@jupyterlab/pdf-extension", "@jupyterlab/vega5-extension",
    "@jupyterlab/inspector-extension", "@jupyterlab/celltags-extension",
    "@jupyterlab/metadataform-extension", "@jupyterlab/notebook-extension:export",
)
(RUN / "lab-config" / "labconfig" / "page_config.json").write_text(
    json.dumps({"disabledExtensions": dict.fromkeys(LAB_PARTS_OFF, True)}, indent=1) + "\n",
    encoding="utf-8")

c.JupyterHub.ip = os.environ.get("WORKSHOP_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("WORKSHOP_PORT", "8000"))
c.JupyterHub.hub_ip = "127.0.0.1"
# The hub's API and the proxy's API sit next to the public port, so two workshops (or a test)
# can run side by side.
c.JupyterHub.hub_port = c.JupyterHub.port + 1
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{c.JupyterHub.port + 2}"
c.JupyterHub.db_url = f"sqlite:///{RUN / 'hub' / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(RUN / "hub" / "jupyterhub_cookie_secret")
c.JupyterHub.pid_file = str(RUN / "hub" / "jupyterhub.pid")
c.ConfigurableHTTPProxy.pid_file = str(RUN / "hub" / "proxy.pid")
c.ConfigurableHTTPProxy.command = [str(REPO / "workshop" / "node_modules" / ".bin"
                                       / "configurable-http-proxy")]
c.JupyterHub.active_server_limit = int(os.environ.get("WORKSHOP_SEATS", "30"))

# A name of the participant's choice and the class's code.
c.JupyterHub.authenticator_class = "dummy"
c.DummyAuthenticator.password = CODE
c.Authenticator.allow_all = True

c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(RUN / "homes" / "{username}")
# JupyterHub's single-user server, started lighter (workshop/singleuser.py says how).
c.Spawner.cmd = [sys.executable, str(REPO / "workshop" / "singleuser.py")]
c.Spawner.args = ["--ServerApp.terminals_enabled=False",
                  "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
                  "--LabApp.news_url=None", "--LabApp.extension_manager=readonly",
                  f"--LabApp.app_settings_dir={RUN / 'lab-settings'}",
                  # Kernels talk to their server over Unix sockets in the participant's own
                  # runtime folder (runtime_dir), not TCP ports: with thirty servers starting
                  # kernels at once, a port one server picked was taken by another kernel before
                  # it was bound (measured: ZMQError "Address already in use"), and that kernel
                  # hung.
                  "--KernelManager.transport=ipc"]
if os.geteuid() == 0:  # the single-user server refuses to run as root without it
    c.Spawner.args.append("--allow-root")
# Hints are shared: a position one participant asked about is answered at once for the next
# (kwwidgets.hintcache); each hint's own search has a fixed CPU budget. KW_CLASS_DIR is the
# class folder: the teacher's console (kwwidgets.console) finds the homes there, and every
# participant's "Show the solution" reads the teacher's lock from it (kwwidgets.solutions).
c.Spawner.environment = {"PATH": f"{VENV_BIN}:{os.environ['PATH']}",
                         "KW_HINT_CACHE": str(RUN / "hints"),
                         "KW_CLASS_DIR": str(RUN),
                         # the page config above (LAB_PARTS_OFF), read by every JupyterLab
                         "JUPYTER_CONFIG_PATH": str(RUN / "lab-config"),
                         "JUPYTER_RUNTIME_DIR": lambda spawner: runtime_dir(spawner.user.name)}


def runtime_dir(name: str) -> str:
    """A participant's Jupyter runtime folder (their kernels' Unix sockets), short enough for a
    socket's path (at most 107 characters): one per participant of this class, in the temporary
    folder."""
    digest = hashlib.sha1(f"{RUN}/{name}".encode()).hexdigest()[:12]
    return str(Path(tempfile.gettempdir()) / f"kw-{digest}")
c.Spawner.default_url = "/" + START
# A start that takes long is a wait; a start that times out is a "Spawn failed" page the
# participant must act on. Measured: 30 participants arriving 6 s apart on 2 cores (with their
# browsers on the same cores) took over 120 s to start in 9 of 30 cases, which all failed.
c.Spawner.http_timeout = c.Spawner.start_timeout = 600


def hand_out(spawner: object) -> None:
    """A participant's own copy of the notebooks and rules pages (the home does not exist yet
    when this runs)."""
    home = Path(spawner.home_dir)  # type: ignore[attr-defined]
    home.mkdir(parents=True, exist_ok=True)
    for name in HANDOUT:
        if not (home / name).exists():
            # Never the bots saved in the repository's own notebooks (the teacher's tries, or a
            # test's): a participant's my_bots holds only what they save.
            shutil.copytree(REPO / name, home / name,
                            ignore=shutil.ignore_patterns("my_bots", ".ipynb_checkpoints"))


# A stopped participant's home is kept (the culler stops idle servers; signing in again finds
# the work where it was), so the teacher can collect the bots at the end; `make clean` removes
# every home.
c.Spawner.pre_spawn_hook = hand_out

c.JupyterHub.load_roles = [{
    "name": "idle-culler",
    "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers",
               "admin:users"],
    "services": ["idle-culler"],
}]
c.JupyterHub.services = [{
    "name": "idle-culler",
    "command": [sys.executable, "-m", "jupyterhub_idle_culler",
                f"--timeout={os.environ.get('WORKSHOP_IDLE', '3600')}", "--cull-every=60",
                "--cull-users=true"],
}]
