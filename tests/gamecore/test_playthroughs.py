"""The golden playthroughs (``tests/golden/<game>/playthrough_*.txt``) are unchanged.

Every game registered by the core packages is played again by ``tests/golden/playthrough.py``
(its fixed seeded game between built-in bots) and the text compared with the committed file, so
that any change of the rules, the bots or the words shows up as a diff. After a change that is
MEANT to alter play, regenerate the files and review the diff:

    .venv/bin/python tests/golden/playthrough.py --write

This folder is not called ``tests/gamecore``: pytest puts ``tests/`` on sys.path, where a folder
of that name (no ``__init__.py``) would be imported as an empty namespace package in place of
the real ``gamecore``, and ``gamecore.get`` would fail across the suite.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

GENERATOR = Path(__file__).resolve().parents[1] / "golden" / "playthrough.py"


def _load_generator() -> ModuleType:
    """The generator module, loaded from its file (``tests/golden`` is not a package)."""
    name = "golden_playthrough"
    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, GENERATOR)
    assert spec is not None and spec.loader is not None, GENERATOR
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


playthrough = _load_generator()
GAMES = {game.name: game for game in playthrough.core_games()}


def _first_difference(want: list[str], got: list[str]) -> str:
    """Where two texts first differ, line by line, in words."""
    for i, (w, g) in enumerate(zip(want, got, strict=False)):
        if w != g:
            return f"line {i + 1} differs:\n  committed: {w!r}\n  generated: {g!r}"
    if len(want) != len(got):
        return f"the committed file has {len(want)} lines, the generated text {len(got)}"
    return "the texts differ only in their line endings"


def test_the_core_packages_register_kraftwagen_formel_1_and_automobiles() -> None:
    assert {"kraftwagen", "formel1", "automobiles"} <= set(GAMES), sorted(GAMES)


def test_every_game_of_the_core_packages_has_a_playthrough_file() -> None:
    missing = [str(playthrough.path_of(g).relative_to(GENERATOR.parents[2]))
               for g in GAMES.values() if not playthrough.path_of(g).is_file()]
    assert not missing, (f"no golden playthrough for {', '.join(missing)}: write one with "
                         f"{playthrough.REGENERATE} and review it")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_committed_playthrough_ends_in_a_terminal_state(name: str) -> None:
    path = playthrough.path_of(GAMES[name])
    if not path.is_file():
        pytest.fail(f"{path} is missing (write it with {playthrough.REGENERATE})")
    lines = path.read_text("utf-8").splitlines()
    assert "terminal: yes" in lines, f"{path.name}: no terminal state (cut short?)"
    assert lines and lines[-1].startswith("outcome: winners "), (
        f"{path.name}: the last line is not the outcome (cut short?)")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_generated_playthrough_equals_the_committed_file(name: str) -> None:
    game = GAMES[name]
    path = playthrough.path_of(game)
    if not path.is_file():
        pytest.fail(f"{path} is missing (write it with {playthrough.REGENERATE})")
    committed = path.read_text("utf-8")
    generated = playthrough.playthrough(game)
    if generated != committed:
        where = _first_difference(committed.splitlines(), generated.splitlines())
        pytest.fail(f"{name}: the playthrough is not the committed {path.name}; {where}\n"
                    f"If the change of play is deliberate, regenerate every file with "
                    f"{playthrough.REGENERATE} and review the diff; otherwise it is a bug.",
                    pytrace=False)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_a_playthrough_is_the_same_text_when_played_twice(name: str) -> None:
    game = GAMES[name]
    assert playthrough.playthrough(game) == playthrough.playthrough(game)


def test_every_playthrough_file_is_the_one_of_a_registered_game() -> None:
    expected = {playthrough.path_of(g) for g in GAMES.values()}
    found = set(playthrough.GOLDEN_DIR.glob("*/playthrough_*.txt"))
    stale = sorted(str(p.relative_to(playthrough.GOLDEN_DIR)) for p in found - expected)
    assert not stale, f"playthrough files no game plays (remove them with git rm): {stale}"
