"""The README's Python example runs as written (it is the first thing a user copies), and its
chained command-line examples run in a fresh folder, each reading what the ones before wrote."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[2] / "README.md"


def python_blocks() -> list[str]:
    """The README's fenced ``python`` code blocks."""
    return re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), flags=re.S)


def test_the_readme_python_example_runs() -> None:
    blocks = python_blocks()
    assert blocks, "the README has a Python example"
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - our own documentation


def shell_chain() -> list[str]:
    """The commands of the README's ``sh`` block (the quick commands that chain)."""
    blocks = re.findall(r"```sh\n(.*?)```", README.read_text("utf-8"), flags=re.S)
    assert len(blocks) == 1, "the README has one sh block of chained commands"
    return [line.split("  #")[0].strip() for line in blocks[0].splitlines() if line.strip()]


def test_the_readme_command_chain_runs_in_a_fresh_folder(tmp_path: Path) -> None:
    """Each command reads what the ones before it wrote; every one exits 0 with no error."""
    env = os.environ | {"PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    commands = shell_chain()
    assert any("--until car" in c for c in commands) and any("price" in c for c in commands)
    for command in commands:
        done = subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], cwd=tmp_path,
                              env=env, capture_output=True, text=True, timeout=120)
        assert done.returncode == 0, (command, done.stderr)
        assert "Traceback" not in done.stderr, command
    assert json.loads((tmp_path / "market.json").read_text())["players"] == 3
    assert "Car: body" in subprocess.run(["bash", "-c", "kw price market.json"], cwd=tmp_path,
                                         env=env, capture_output=True, text=True).stdout
