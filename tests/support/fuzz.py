"""Helpers shared by the fuzz tests of the position files (mutated positions)."""

from __future__ import annotations

from typing import Any


def json_paths(data: Any, prefix: str = "") -> list[str]:
    """Every field of a parsed JSON document as a ``a/0/b`` path, parents before children."""
    if isinstance(data, dict):
        return [prefix + k for k in data] + [p for k, v in data.items()
                                            for p in json_paths(v, f"{prefix}{k}/")]
    if isinstance(data, list):
        return [f"{prefix}{i}" for i in range(len(data))] + [
            p for i, v in enumerate(data) for p in json_paths(v, f"{prefix}{i}/")]
    return []
