"""Test-wide settings and fixtures: in CI (CI=true) hypothesis runs derandomized, so a landing is
reproducible; locally every run explores new examples. ``kw`` runs the full command line."""

from __future__ import annotations

import os
from collections.abc import Callable

import pytest
from hypothesis import settings

from solvers import cli

Run = tuple[int, str, str]
Kw = Callable[..., Run]

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


@pytest.fixture
def kw(capsys: pytest.CaptureFixture[str]) -> Kw:
    """Run ``kw ARGS...`` in-process: (exit status, stdout, stderr)."""

    def run(*argv: str) -> Run:
        status = cli.main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return run
