"""The layering, read from the imports (ast) of every module (STYLE 21, Layering).

gamecore <- game cores (kwcore, later the racing games) <- solvers <- kwwidgets <- notebooks:
gamecore imports only the standard library and jsonschema (its OpenSpiel adapter,
``gamecore/openspiel.py``, also the optional pyspiel and numpy, and no other gamecore module
imports it, so ``import gamecore`` needs neither); a game core imports gamecore, itself
and no other project package (an optional third-party package such as pyspiel is allowed);
solvers import no kwwidgets; kwwidgets and solvers import no notebooks; no game core imports
another. Imports inside functions count as well.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
#: The game cores; a new one is added here (and to tests/gamecore/test_conformance.py).
GAME_CORES = ("kwcore", "formel1", "automobiles")
PROJECT = ("gamecore", *GAME_CORES, "solvers", "kwwidgets", "notebooks")
#: What each layer must not import (besides the rules for gamecore and the game cores).
FORBIDDEN = {
    "solvers": {"kwwidgets", "notebooks"},
    "kwwidgets": {"notebooks"},
}


def imported(path: Path, package: str | None = None) -> set[str]:
    """The top-level names of every module ``path`` imports (relative imports resolved to its
    own package, or ``package``)."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    package = package or path.relative_to(ROOT).parts[0]
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            names.add(package if node.level else (node.module or "").split(".")[0])
    return names


def module_imports(path: Path) -> set[str]:
    """The full dotted names of every module ``path`` imports (``from a import b`` gives
    ``a`` and ``a.b``: b may be a module), imports inside functions and TYPE_CHECKING too."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names |= {f"{node.module}.{alias.name}" for alias in node.names}
    return names


def modules(package: str) -> list[Path]:
    """Every Python file of ``package``."""
    return sorted((ROOT / package).rglob("*.py"))


def test_the_reader_sees_absolute_relative_and_nested_imports(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("import os.path\nfrom . import x\ndef f():\n    from kwwidgets import play\n")
    assert imported(probe, "gamecore") == {"os", "gamecore", "kwwidgets"}


#: The optional third-party packages a gamecore module may import (the OpenSpiel adapter's).
GAMECORE_OPTIONAL = {"openspiel.py": {"pyspiel", "numpy"}}


def test_gamecore_imports_only_the_standard_library_and_jsonschema() -> None:
    allowed = set(sys.stdlib_module_names) | {"gamecore", "jsonschema", "__future__"}
    assert modules("gamecore")
    for path in modules("gamecore"):
        extra = imported(path) - allowed - GAMECORE_OPTIONAL.get(path.name, set())
        assert not extra, f"{path.relative_to(ROOT)} imports {sorted(extra)}"


def test_no_gamecore_module_imports_the_optional_ones() -> None:
    optional = {f"gamecore.{name.removesuffix('.py')}" for name in GAMECORE_OPTIONAL}
    for path in modules("gamecore"):
        if path.name not in GAMECORE_OPTIONAL:
            assert not module_imports(path) & optional, path.relative_to(ROOT)


@pytest.mark.parametrize("core", GAME_CORES)
def test_a_game_core_imports_only_gamecore_and_itself(core: str) -> None:
    others = set(PROJECT) - {"gamecore", core}
    assert modules(core)
    for path in modules(core):
        wrong = imported(path) & others
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_no_layer_imports_a_layer_above_it(layer: str) -> None:
    assert modules(layer)
    for path in modules(layer):
        wrong = imported(path) & FORBIDDEN[layer]
        assert not wrong, f"{path.relative_to(ROOT)} imports {sorted(wrong)}"


@pytest.mark.parametrize("core", GAME_CORES)
def test_a_state_module_imports_none_of_its_renderers_and_serializer(core: str) -> None:
    # STYLE 21: the state draws and writes itself through its game's registered description.
    renderers = {f"{core}.{m}" for m in ("render", "svg", "serialize")}
    assert not module_imports(ROOT / core / "state.py") & renderers


def test_the_gamecore_state_reaches_the_games_only_through_the_registry() -> None:
    assert module_imports(ROOT / "gamecore" / "state.py") & {"gamecore.game"}
    assert "gamecore.state" not in module_imports(ROOT / "gamecore" / "game.py")


def test_the_shared_command_line_imports_no_game() -> None:
    # gamecore/cli.py finds games through their entry points (gamecore.game.find), never by
    # importing them: no game core, no solver, no widget.
    games = set(PROJECT) - {"gamecore"} | {"toygame"}
    assert not imported(ROOT / "gamecore" / "cli.py") & games
