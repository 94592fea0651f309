"""environment.yml (for conda users) agrees with pyproject.toml, the source of truth.

What is compared: the runtime dependencies plus the `dev` and `cluster` extras, by normalized
PyPI name (conda names are translated with CONDA_TO_PYPI), and each package's version specifier,
so exact pins (`ruff==0.17.6`, `mypy==2.4.1`) and lower bounds must both match. The optional
`openspiel` extra is excluded on both sides: it has no conda-forge package, so environment.yml must
not list it. `python` and `pip` in environment.yml describe the environment itself and are not
compared. No conda solve happens here (conda is not available on this machine).
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
PYPROJECT = ROOT / "pyproject.toml"
ENVIRONMENT_YML = ROOT / "environment.yml"

CONDA_TO_PYPI = {
    "ortools-python": "ortools",
    "pytables": "tables",
}
ENVIRONMENT_ONLY = {"python", "pip"}
COMPARED_EXTRAS = ("dev", "cluster")

_REQUIREMENT = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*([^;]*)")


def normalize_name(name: str) -> str:
    """Return the PEP 503 form of a package name (lower case, runs of -_. as one dash)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def parse_requirement(text: str) -> tuple[str, str]:
    """Split `name[extras] spec ; marker` into (normalized name, normalized specifier)."""
    match = _REQUIREMENT.match(text.strip())
    if match is None:
        raise ValueError(f"cannot parse requirement {text!r}")
    spec = ",".join(sorted(part.replace(" ", "") for part in match[3].split(",") if part.strip()))
    return normalize_name(match[1]), spec


def requirement_map(
    lines: Iterable[str], rename: Mapping[str, str] | None = None
) -> dict[str, str]:
    """Map each requirement's (renamed) name to its specifier; a name listed twice is an error."""
    result: dict[str, str] = {}
    for line in lines:
        name, spec = parse_requirement(line)
        name = normalize_name((rename or {}).get(name, name))
        if name in result:
            raise ValueError(f"{name} is listed twice")
        result[name] = spec
    return result


def pyproject_requirements(pyproject: Mapping[str, Any]) -> dict[str, str]:
    """Runtime dependencies plus the compared extras of a parsed pyproject.toml."""
    project = pyproject["project"]
    lines = list(project["dependencies"])
    for extra in COMPARED_EXTRAS:
        lines += project["optional-dependencies"][extra]
    return requirement_map(lines)


def environment_requirements(environment: Mapping[str, Any]) -> dict[str, str]:
    """Conda and pip dependencies of a parsed environment.yml, under their PyPI names."""
    conda: list[str] = []
    pip: list[str] = []
    for entry in environment["dependencies"]:
        if isinstance(entry, dict):
            pip += entry.get("pip", [])
        else:
            conda.append(str(entry).split("::")[-1])
    conda = [line for line in conda if parse_requirement(line)[0] not in ENVIRONMENT_ONLY]
    combined = requirement_map(conda, CONDA_TO_PYPI)
    for name, spec in requirement_map(pip).items():
        if name in combined:
            raise ValueError(f"{name} is listed both as a conda and as a pip dependency")
        combined[name] = spec
    return combined


def differences(expected: Mapping[str, str], actual: Mapping[str, str]) -> list[str]:
    """Describe every way `actual` (environment.yml) differs from `expected` (pyproject.toml)."""
    found = [f"missing from environment.yml: {name}" for name in sorted(expected.keys() - actual)]
    found += [f"not in pyproject.toml: {name}" for name in sorted(actual.keys() - expected)]
    found += [
        f"{name}: pyproject.toml has {expected[name]!r}, environment.yml has {actual[name]!r}"
        for name in sorted(expected.keys() & actual)
        if expected[name] != actual[name]
    ]
    return found


def load_pyproject() -> dict[str, Any]:
    """The repository's pyproject.toml, parsed."""
    with PYPROJECT.open("rb") as handle:
        return tomllib.load(handle)


def load_environment() -> dict[str, Any]:
    """The repository's environment.yml, parsed."""
    with ENVIRONMENT_YML.open(encoding="utf-8") as handle:
        data: dict[str, Any] = yaml.safe_load(handle)
    return data


def test_environment_yml_lists_the_same_packages_as_pyproject() -> None:
    expected = pyproject_requirements(load_pyproject())
    actual = environment_requirements(load_environment())
    assert sorted(actual) == sorted(expected)


def test_environment_yml_pins_the_same_versions_as_pyproject() -> None:
    expected = pyproject_requirements(load_pyproject())
    actual = environment_requirements(load_environment())
    assert differences(expected, actual) == []
    assert actual["ruff"] == "==0.17.6"
    assert actual["mypy"] == "==2.4.1"


def test_the_openspiel_extra_is_in_pyproject_but_left_out_of_environment_yml() -> None:
    extras = load_pyproject()["project"]["optional-dependencies"]
    assert "open-spiel" in requirement_map(extras["openspiel"])
    assert "open-spiel" not in environment_requirements(load_environment())


def test_environment_yml_uses_conda_forge_and_python_3_11() -> None:
    environment = load_environment()
    assert environment["channels"] == ["conda-forge"]
    assert "python=3.11" in environment["dependencies"]


def test_the_comparison_reports_a_mismatched_pair_of_lists() -> None:
    expected = requirement_map(["ruff==0.17.6", "networkx>=3.3", "ortools>=9.10"])
    actual = environment_requirements(
        {"dependencies": ["python=3.11", "pip", "ruff==0.17.5", "networkx >= 3.3", "jsonschema"]}
    )
    assert differences(expected, actual) == [
        "missing from environment.yml: ortools",
        "not in pyproject.toml: jsonschema",
        "ruff: pyproject.toml has '==0.17.6', environment.yml has '==0.17.5'",
    ]


def test_conda_names_are_translated_to_pypi_names_and_pip_entries_are_kept() -> None:
    actual = environment_requirements(
        {"dependencies": ["conda-forge::ortools-python>=9.10", "PyYAML", {"pip": ["Open_Spiel"]}]}
    )
    assert actual == {"ortools": ">=9.10", "pyyaml": "", "open-spiel": ""}
    assert differences(requirement_map(["ortools>=9.10", "pyyaml", "open-spiel"]), actual) == []
