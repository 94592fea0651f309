"""The versioned JSON position envelope every game shares: bounded parsing, a first-error
JSON Schema checker, the envelope fields (``format``, ``version``, ``game``) and replay files.

A game's position loader calls ``parse_json`` (size limit, whole numbers only, no deep nesting),
``check_envelope`` (the format, the version, and the ``game`` field: absent in files written
before it existed, which belong to ``default_game``) and ``check_schema`` against its own
schema; then it checks its own consistency. Every error is a ``PositionError`` naming the field
at fault (docs/position-format.md).
"""

from __future__ import annotations

import json
import re
import reprlib
from collections.abc import Callable
from functools import cache
from typing import Any

from gamecore.errors import PositionError

#: The largest position text the loader reads, in characters (or bytes, given bytes): twice the
#: largest legal position measured (``benchmarks/bench_racing_positions.py``): Automobiles at its
#: longest settings, its log cut to a window, up to about 491,000 characters; Formel 1 about
#: 105,000 between the built-in bots, about 499,000 for the longest legal games (the no-car
#: variant's traders, their log cut to a window); a full 4-company Kraftwagen game about 11 KB,
#: one abandoned at the tournaments' decision cap about 100 KB. A hostile text just under it is
#: refused or loaded in well under 0.2 s of CPU.
MAX_POSITION_SIZE = 1_000_000
#: Digits of the longest integer literal read; every number of the formats is far shorter.
MAX_DIGITS = 20


class NotWhole:
    """A number the format cannot hold (a fraction, a huge literal, NaN), kept for the schema
    check so that the error names the field; never equal to anything a schema allows."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        # plain words ("a 4001-digit number", "1.5", "NaN"), cut: messages quote no huge text
        return self.text if len(self.text) <= 24 else self.text[:21] + "..."


def _parse_int(text: str) -> int | NotWhole:
    return int(text) if len(text) <= MAX_DIGITS else NotWhole(f"a {len(text)}-digit number")


# --- the schema checker ---------------------------------------------------------------------------
# A checker of the JSON Schema 2020-12 keywords the position schemas use. It replaces the
# jsonschema package at load time for three reasons: importing jsonschema takes
# about 2 s here (its format module builds a grammar at import); it checks uniqueItems by
# comparing every pair (41 s for 4,000 dicts) and collects every error before one is chosen; and
# it descends into a value before its type and length are known to be right. This one checks type,
# then value, then length, then the items, stops at the first error, and compares items by hash.
# tests/kwcore/test_position_fuzz.py checks that it agrees with jsonschema's Draft202012Validator on
# Kraftwagen's schema.
_TYPES: dict[str, Callable[[Any], bool]] = {
    "object": lambda x: type(x) is dict,
    "array": lambda x: type(x) is list,
    "string": lambda x: type(x) is str,
    "integer": lambda x: type(x) is int,
    "boolean": lambda x: type(x) is bool,
    "null": lambda x: x is None,
}



def check_schema(schema: dict[str, Any], data: Any, path: tuple[Any, ...] = ()) -> None:
    """Raise PositionError at the first way ``data`` (found at ``path``) fails ``schema``, a
    JSON Schema 2020-12 document using the keywords this checker knows."""
    error = _first_error(schema, schema, data, path)
    if error is not None:
        where, message = error
        field = "/".join(map(str, where)) or "(top level)"
        raise PositionError(field, message)


Error = tuple[tuple[Any, ...], str]


def _first_error(root: dict[str, Any], schema: Any, x: Any, path: tuple[Any, ...]
                 ) -> Error | None:
    if schema is True:
        return None
    if schema is False:
        return path[:-1], f"{short(path[-1] if path else x)} is not allowed here"
    if "$ref" in schema:
        error = _first_error(root, _resolve(root, schema["$ref"]), x, path)
        if error is not None:
            return error
    if "type" in schema:
        types = schema["type"] if isinstance(schema["type"], list) else [schema["type"]]
        if not any(_TYPES[t](x) for t in types):
            what = " or ".join(repr(t) for t in types)
            whole = " (a whole number)" if "integer" in types else ""
            return path, f"{short(x)} is not of type {what}{whole}"
    if "const" in schema and not _same(x, schema["const"]):
        return path, f"{short(schema['const'])} was expected, not {short(x)}"
    if "enum" in schema and not any(_same(x, e) for e in schema["enum"]):
        return path, f"{short(x)} is not one of {short(schema['enum'], 120)}"
    if type(x) is int:
        if "minimum" in schema and x < schema["minimum"]:
            return path, f"{x} is less than the minimum of {schema['minimum']}"
        if "maximum" in schema and x > schema["maximum"]:
            return path, f"{x} is greater than the maximum of {schema['maximum']}"
    if type(x) is str and "pattern" in schema and not _pattern(schema["pattern"]).fullmatch(x):
        return path, f"{short(x)} does not match {schema['pattern']!r}"
    if type(x) is list:
        error = _array_error(root, schema, x, path)
        if error is not None:
            return error
    if type(x) is dict:
        error = _object_error(root, schema, x, path)
        if error is not None:
            return error
    for sub in schema.get("allOf", ()):
        error = _first_error(root, sub, x, path)
        if error is not None:
            return error
    if "anyOf" in schema:
        errors = [_first_error(root, sub, x, path) for sub in schema["anyOf"]]
        if all(errors):
            return path, f"{short(x)} matches none of the allowed forms"
    if "if" in schema and _first_error(root, schema["if"], x, path) is None:
        error = _first_error(root, schema.get("then", True), x, path)
        if error is not None:
            return error
    if schema.get("unevaluatedProperties") is False and type(x) is dict:
        known = _evaluated(root, schema, x, path)
        extra = [k for k in x if k not in known]
        if extra:
            return path, f"{short(extra[0])} is not a field here"
    return None


@cache
def _pattern(pattern: str) -> re.Pattern[str]:
    """A schema's pattern, compiled once. It must match the whole string (``fullmatch``): with
    ``re.search`` a ``$`` also matches before a final newline, so "1a\n" would pass "^...$"."""
    return re.compile(pattern)


def _array_error(root: dict[str, Any], schema: dict[str, Any], x: list[Any],
                 path: tuple[Any, ...]) -> Error | None:
    if len(x) < schema.get("minItems", 0):
        return path, f"{len(x)} items is too short (at least {schema['minItems']})"
    if "maxItems" in schema and len(x) > schema["maxItems"]:
        return path, f"{len(x)} items is too long (at most {schema['maxItems']})"
    prefix = schema.get("prefixItems", ())
    for i, (sub, item) in enumerate(zip(prefix, x, strict=False)):
        error = _first_error(root, sub, item, (*path, i))
        if error is not None:
            return error
    if "items" in schema:
        for i in range(len(prefix), len(x)):
            error = _first_error(root, schema["items"], x[i], (*path, i))
            if error is not None:
                return error
    if schema.get("uniqueItems"):
        seen: set[Any] = set()
        for i, item in enumerate(x):
            key = _hashable(item)
            if key in seen:
                return (*path, i), f"{short(item)} is listed twice"
            seen.add(key)
    return None


def _object_error(root: dict[str, Any], schema: dict[str, Any], x: dict[str, Any],
                  path: tuple[Any, ...]) -> Error | None:
    for name in schema.get("required", ()):
        if name not in x:
            return path, f"{name!r} is a required property"
    props = schema.get("properties", {})
    if schema.get("additionalProperties") is False:
        extra = [k for k in x if k not in props]
        if extra:
            return path, f"{short(extra[0])} is not a field here"
    for name, sub in props.items():
        if name in x:
            error = _first_error(root, sub, x[name], (*path, name))
            if error is not None:
                return error
    return None


def _evaluated(root: dict[str, Any], schema: Any, x: dict[str, Any], path: tuple[Any, ...]
               ) -> set[str]:
    """The property names ``schema`` evaluates on ``x`` (for unevaluatedProperties)."""
    if not isinstance(schema, dict):
        return set()
    names = {k for k in schema.get("properties", {}) if k in x}
    for sub in schema.get("allOf", ()):
        names |= _evaluated(root, sub, x, path)
    if "if" in schema:
        ok = _first_error(root, schema["if"], x, path) is None
        names |= _evaluated(root, schema["if"], x, path) if ok else set()
        names |= _evaluated(root, schema.get("then" if ok else "else"), x, path)
    if "$ref" in schema:
        names |= _evaluated(root, _resolve(root, schema["$ref"]), x, path)
    return names


def _resolve(root: dict[str, Any], ref: str) -> Any:
    node: Any = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def _same(a: Any, b: Any) -> bool:
    """JSON equality: true is not 1 (Python says it is)."""
    if type(a) is bool or type(b) is bool:
        return type(a) is type(b) and a == b
    return type(a) in (int, str, type(None)) and type(b) in (int, str, type(None)) and a == b


def _hashable(x: Any) -> Any:
    """A hashable stand-in for a JSON value, equal exactly when the values are equal as JSON
    (recursion is bounded: items are checked against their schema before uniqueness)."""
    if type(x) is dict:
        return ("o", frozenset((k, _hashable(v)) for k, v in x.items()))
    if type(x) is list:
        return ("a", tuple(_hashable(v) for v in x))
    return (type(x) is bool, x) if not isinstance(x, NotWhole) else ("n", id(x))


def short(value: Any, limit: int = 40) -> str:
    """A short ``repr`` of ``value``, cut to ``limit`` characters: a message never repeats a
    huge or deeply nested value (a whole number too long to print says how long it is)."""
    text = _REPR.repr(value)
    return text if len(text) <= limit else text[:limit - 3] + "..."


class _ShortRepr(reprlib.Repr):
    """reprlib's short repr, except that a whole number too long to print whole says how long
    it is (``repr`` of an int over 4,300 digits raises ValueError; a shorter one is slow)."""

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() <= 200:
            return super().repr_int(x, level)
        digits = int(abs(x).bit_length() * 0.30103) + 1
        return f"{'a negative' if x < 0 else 'a'} number of about {digits:,} digits"


def _make_repr() -> reprlib.Repr:
    r = _ShortRepr()  # keyword arguments need Python 3.12
    r.maxlevel, r.maxlist, r.maxdict, r.maxstring, r.maxother = 2, 4, 4, 30, 30
    return r


_REPR = _make_repr()


def parse_json(text: str | bytes) -> Any:
    """Parse position or replay text into plain JSON data, within the size limit; raises
    PositionError (field ``(text)``) when it is too large, not UTF-8, or not JSON."""
    if isinstance(text, bytes | bytearray):
        if len(text) > MAX_POSITION_SIZE:
            raise PositionError("(text)", f"larger than {MAX_POSITION_SIZE:,} bytes")
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as exc:
            raise PositionError("(text)", f"not UTF-8 text (byte {exc.start})") from None
    if not isinstance(text, str):
        raise PositionError("(text)", f"expected JSON text, not {type(text).__name__}")
    if len(text) > MAX_POSITION_SIZE:
        raise PositionError("(text)", f"larger than {MAX_POSITION_SIZE:,} characters")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=NotWhole,
                          parse_constant=NotWhole)
    except json.JSONDecodeError as exc:
        raise PositionError("(text)", f"not JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise PositionError("(text)", "nested too deeply for a position") from None


# --- the envelope ---------------------------------------------------------------------------------
def check_envelope(data: Any, fmt: str, versions: tuple[int, ...], game: str,
                   default_game: str) -> None:
    """A position or replay object of format ``fmt``, one of ``versions``, for ``game``; a file
    without a ``game`` field belongs to ``default_game`` (files written before the field)."""
    if not isinstance(data, dict):
        raise PositionError("(top level)", "a position is a JSON object")
    if data.get("format") != fmt:
        raise PositionError("format", f"expected {fmt!r}")
    version = data.get("version")
    if type(version) is not int or version not in versions:
        known = " or ".join(map(str, versions))
        raise PositionError("version", f"this reader reads version {known}")
    named = data.get("game", default_game)
    if named != game:
        raise PositionError("game", f"a {game} file was expected, not {short(named)}")


def game_of(data: Any, default_game: str) -> str:
    """The game a parsed position or replay file names (``default_game`` when it names none);
    PositionError when that is not a name."""
    if not isinstance(data, dict):
        raise PositionError("(top level)", "a position is a JSON object")
    name = data.get("game", default_game)
    if not isinstance(name, str):
        raise PositionError("game", f"{short(name)} is not a game's name")
    return name


#: A JSON type in words, for a message (``check_replay_fields`` and the games' replay readers).
_KIND_WORDS = {int: "a whole number", list: "a list", str: "text", dict: "an object"}


def kind_words(kind: type) -> str:
    """A JSON type in words: "a whole number" for int, "a list", "text", "an object"."""
    return _KIND_WORDS.get(kind, kind.__name__)


def check_replay_fields(data: dict[str, Any], player_counts: range, players_message: str
                        ) -> None:
    """The fields every replay file has: whole-number ``players`` (in ``player_counts``, else
    ``players_message``) and ``seed`` (0 to 2**64-1), and a list of ``actions``."""
    for field, kind in (("players", int), ("seed", int), ("actions", list)):
        value = data.get(field)
        if isinstance(value, bool) or not isinstance(value, kind):
            raise PositionError(field, f"expected {kind_words(kind)}, not {short(value)}")
    if data["players"] not in player_counts:
        raise PositionError("players", players_message)
    if not 0 <= data["seed"] < 2**64:
        raise PositionError("seed", "the seed is a whole number >= 0 and < 2**64")
