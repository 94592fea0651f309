"""Test-wide settings: in CI (CI=true) hypothesis runs derandomized, so a landing is
reproducible; locally every run explores new examples."""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")
