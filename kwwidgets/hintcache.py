"""Hints shared by everyone on one server: a position asked once is answered at once after.

In a class, many participants start the same seeded game and meet the same positions; a search
for a hint costs each of them up to its budget of CPU time. ``shared(source)`` wraps a hint
function so that its answers are kept in a folder every participant's kernel can read (``make
workshop`` points ``KW_HINT_CACHE`` at one), keyed by the game, the hint function and the
position's JSON (the whole position: two players share a hint only where everything, hidden
cards included, is the same). A participant who asks where somebody already asked gets the same
answer without a search, so the machine's cores go to the positions nobody has asked about yet.

Each answer is one small JSON file, written to a temporary name and renamed (atomic on POSIX), so
kernels never read half a file; an unreadable file is a miss. Without ``KW_HINT_CACHE`` (one
person with ``make lab``) nothing is cached.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from kwwidgets.views import Hint

#: the environment variable naming the shared folder
ENV = "KW_HINT_CACHE"

HintSource = Callable[[Any], "Hint | None"]


def folder() -> Path | None:
    """The shared folder when the server has one (``KW_HINT_CACHE``), else None."""
    name = os.environ.get(ENV, "").strip()
    return Path(name) if name else None


def key(state: Any, source: HintSource) -> str:
    """The cache key of ``source``'s hint for ``state``: a hash of the game, the hint function
    and the position."""
    named = source if hasattr(source, "__qualname__") else type(source)  # a callable object
    who = f"{named.__module__}.{named.__qualname__}"
    text = f"{state.game().name}\n{who}\n{state.to_json()}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def shared(source: HintSource, where: Path | None = None) -> HintSource:
    """``source`` with its answers shared through ``where`` (default: ``folder()``); ``source``
    itself when there is no shared folder."""
    place = where if where is not None else folder()
    if place is None:
        return source

    def hint(state: Any) -> Hint | None:
        path = place / f"{key(state, source)}.json"
        found = _read(path)
        if found is not None:
            return found
        answer = source(state)
        if answer is not None:
            _write(path, answer)
        return answer

    hint.__wrapped__ = source  # type: ignore[attr-defined]
    return hint


def _read(path: Path) -> Hint | None:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        return Hint(int(data["action_id"]), bool(data["proven"]), str(data["text"]))
    except (OSError, ValueError, KeyError, TypeError):
        return None


def _write(path: Path, hint: Hint) -> None:
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("w", dir=path.parent, suffix=".tmp", delete=False,
                                         encoding="utf-8") as out:
            json.dump({"action_id": hint.action_id, "proven": hint.proven,
                       "text": hint.text}, out)
        os.replace(out.name, path)
    except OSError:
        pass  # a full or read-only disk: the hint is still given, only not shared


__all__ = ["ENV", "folder", "key", "shared"]
