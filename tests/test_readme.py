"""The README's Python example runs as written (it is the first thing a user copies)."""

from __future__ import annotations

import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def python_blocks() -> list[str]:
    """The README's fenced ``python`` code blocks."""
    return re.findall(r"```python\n(.*?)```", README.read_text("utf-8"), flags=re.S)


def test_the_readme_python_example_runs() -> None:
    blocks = python_blocks()
    assert blocks, "the README has a Python example"
    for code in blocks:
        exec(compile(code, "README.md", "exec"), {})  # noqa: S102 - our own documentation
