"""Notebooks stay out of git with their outputs: a notebook run and saved in JupyterLab makes no
change that git would commit once ``make venv`` has set up the nbstripout filter that
``.gitattributes`` names. Each test copies the repository's notebooks and ``.gitattributes`` into
a scratch git repository, commits them, then saves them as JupyterLab does after a run."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
# Only the scratch repository's own config: no user or system settings (a global attributes
# file, a global filter) can make the test pass or fail.
GIT_ENV = os.environ | {"GIT_CONFIG_GLOBAL": os.devnull, "GIT_CONFIG_NOSYSTEM": "1",
                        "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@example.org",
                        "GIT_COMMITTER_NAME": "t", "GIT_COMMITTER_EMAIL": "t@example.org"}


def git(repo: Path, *args: str) -> str:
    """Run git in ``repo``; its output (a failure raises, with git's message). The timeout only
    guards against a hang: ``git add`` runs the filter once per notebook, which took over 120 s
    on a machine loaded four times over."""
    done = subprocess.run(["git", *args], cwd=repo, env=GIT_ENV, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


def scratch_repo(tmp_path: Path, with_filter: bool) -> Path:
    """A git repository holding the repository's notebooks and .gitattributes, committed; with
    the filter set up by the Makefile's own target (what ``make venv`` runs) if asked."""
    repo = tmp_path / "clone"
    (repo / "notebooks").mkdir(parents=True)
    shutil.copy(ROOT / ".gitattributes", repo / ".gitattributes")
    for nb in NOTEBOOKS:
        shutil.copy(nb, repo / "notebooks" / nb.name)
    git(repo, "init", "-q")
    if with_filter:
        assert shutil.which("make"), "make is needed (the README's commands use it)"
        done = subprocess.run(["make", "-s", "-f", str(ROOT / "Makefile"), "git-filter",
                               f"VENV={sys.prefix}"], cwd=repo, env=GIT_ENV,
                              capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "notebooks")
    return repo


def save_as_after_a_run(path: Path) -> None:
    """Write ``path`` as JupyterLab saves a notebook it has run: outputs and execution counts,
    timing metadata, the kernel's language details and the widgets' state."""
    nb = nbformat.read(path, as_version=4)
    for n, cell in enumerate(c for c in nb.cells if c.cell_type == "code"):
        cell.execution_count = n + 1
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=f"ran {n}\n"),
                        nbformat.v4.new_output("execute_result", {"text/plain": "42"},
                                               execution_count=n + 1)]
        cell.metadata["execution"] = {"iopub.execute_input": "2026-12-01T10:00:00.000Z"}
        cell.metadata["scrolled"] = True
    nb.metadata["kernelspec"] = {"display_name": "Python 3 (ipykernel)", "language": "python",
                                 "name": "python3"}
    nb.metadata["language_info"] = {
        "codemirror_mode": {"name": "ipython", "version": 3}, "file_extension": ".py",
        "mimetype": "text/x-python", "name": "python", "nbconvert_exporter": "python",
        "pygments_lexer": "ipython3", "version": "3.11.7"}
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {
        "state": {}, "version_major": 2, "version_minor": 0}}
    nbformat.write(nb, path)


@pytest.fixture(scope="module", autouse=True)
def notebooks_exist() -> None:
    assert NOTEBOOKS, "the repository has notebooks"


def test_a_notebook_run_and_saved_shows_no_change_with_the_filter(tmp_path: Path) -> None:
    repo = scratch_repo(tmp_path, with_filter=True)
    for nb in NOTEBOOKS:
        saved = repo / "notebooks" / nb.name
        save_as_after_a_run(saved)
        assert saved.read_bytes() != nb.read_bytes()  # the run really changed the file
    # git lists a file whose size changed as modified without filtering it, until `git add`
    # shows that nothing changed: the diff is empty before it and nothing is staged after.
    assert git(repo, "diff", "--no-textconv", "--stat") == ""
    git(repo, "add", "-A")
    assert git(repo, "status", "--porcelain") == ""


def test_the_same_save_shows_as_a_change_without_the_filter(tmp_path: Path) -> None:
    """The control: without the filter the same save is a change, so the test above can fail."""
    repo = scratch_repo(tmp_path, with_filter=False)
    name = f"notebooks/{NOTEBOOKS[-1].name}"
    save_as_after_a_run(repo / name)
    assert "execution_count" in git(repo, "diff", "--no-textconv")
    git(repo, "add", "-A")
    assert git(repo, "status", "--porcelain").split() == ["M", name]


def test_the_filter_leaves_the_committed_notebooks_as_they_are(tmp_path: Path) -> None:
    """Committed through the filter, every notebook is byte for byte the repository's: setting
    the filter up in a clone makes no one-off change to any notebook (cell ids kept)."""
    repo = scratch_repo(tmp_path, with_filter=True)
    for nb in NOTEBOOKS:
        assert git(repo, "show", f"HEAD:notebooks/{nb.name}") == nb.read_text("utf-8"), nb.name
