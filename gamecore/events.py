"""Typed log events, the part every game shares: the base class, the compact JSON form and its
checked reading.

Each game's ``events.py`` declares one small frozen dataclass per kind of event, with a
class-level ``kind`` string and typed fields (seat or company indices, tile, card and cube ids,
numbers, flags, tuples of numbers). The rules append such values to the state's log; the game's
``render.py`` turns each into its words at render time. In a position's JSON an event is the list
``[kind, field, ...]`` in the order of the class's fields (tuples written as lists);
``read_event``/``read_log`` turn such lists back, checking the kind, the arity and every field in
one pass over the log.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from gamecore.errors import PositionError
from gamecore.position import short

#: A field's check: True when the JSON value (a tuple field arrives as a list) is one the
#: game's renderer can show.
FieldCheck = Callable[[Any], bool]


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened, as data; subclasses set ``kind`` and declare the fields."""

    kind: ClassVar[str] = "event"

    def to_list(self) -> list[Any]:
        """The event as JSON has it: ``[kind, field, ...]``, tuples (nested too) as lists."""
        names: tuple[str, ...] = self.__match_args__
        return [self.kind, *(_jsonable(getattr(self, f)) for f in names)]

    def values(self) -> tuple[Any, ...]:
        """The fields' values, in their order."""
        names: tuple[str, ...] = self.__match_args__
        return tuple(getattr(self, f) for f in names)


def _jsonable(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    return value


def _tupled(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tupled(v) for v in value)
    return value


def event_table(classes: Iterable[type[Event]]) -> dict[str, type[Event]]:
    """Each class by its ``kind``; ValueError when two classes share one."""
    table: dict[str, type[Event]] = {}
    for cls in classes:
        if cls.kind in table:
            raise ValueError(f"two event classes of kind {cls.kind!r}")
        table[cls.kind] = cls
    return table


def read_event(raw: Any, table: Mapping[str, type[Event]], checks: Mapping[str, FieldCheck],
               path: str) -> Event:
    """The event that the JSON list ``raw`` writes: its kind known (``table``), one value per
    field, each passing the check named by its field (``checks``, by field name); a
    PositionError naming ``path`` (``log/<i>``, or ``log/<i>/<j>`` for a field) otherwise."""
    if type(raw) is not list or not raw or type(raw[0]) is not str or raw[0] not in table:
        raise PositionError(path, "an event is a list that starts with a known kind, got "
                                  f"{short(raw)}")
    cls = table[raw[0]]
    names: tuple[str, ...] = cls.__match_args__
    if len(raw) != len(names) + 1:
        raise PositionError(path, f"a {raw[0]} event has {len(names) + 1} items "
                                  f"(kind, {', '.join(names)})" if names else
                            f"a {raw[0]} event has its kind only")
    for j, (name, value) in enumerate(zip(names, raw[1:], strict=True), 1):
        if not checks[name](value):
            raise PositionError(f"{path}/{j}", f"{short(value)} is not a {name.replace('_', ' ')}"
                                               f" of this game ({raw[0]} event)")
    return cls(*(_tupled(v) for v in raw[1:]))


def read_log(raw: Any, table: Mapping[str, type[Event]], checks: Mapping[str, FieldCheck],
             limit: int, field: str = "log", first: int = 0) -> list[Event]:
    """Every event of the JSON list ``raw`` (``read_event``), at most ``limit`` of them; linear
    in the log's length. ``first``: the index of ``raw[0]`` in the file's list, for the field
    an error names (a game whose log opens with an entry of its own reads the rest)."""
    if type(raw) is not list:
        raise PositionError(field, f"a list of events, got {short(raw)}")
    if len(raw) > limit:
        raise PositionError(field, f"at most {limit} events")
    return [r[0](*r[1:]) for r in read_records(raw, table, checks, limit, field, first)]


def read_records(raw: Any, table: Mapping[str, type[Event]], checks: Mapping[str, FieldCheck],
                 limit: int, field: str = "log", first: int = 0) -> list[tuple[Any, ...]]:
    """The events of the JSON list ``raw`` as records ``(class, field, ...)``, checked as
    ``read_log`` checks them (``first`` as there), without making the frozen events (a log of
    20,000 events loads in a fraction of the time); a game that keeps its log as records
    stores them as they are."""
    if type(raw) is not list:
        raise PositionError(field, f"a list of events, got {short(raw)}")
    if len(raw) > limit:
        raise PositionError(field, f"at most {limit} events")
    plan: dict[str, tuple[Any, int, tuple[FieldCheck, ...]]] = {}
    for tag, cls in table.items():
        names: tuple[str, ...] = cls.__match_args__
        plan[tag] = (cls, len(names) + 1, tuple(checks[name] for name in names))
    out: list[tuple[Any, ...]] = []
    for i, e in enumerate(raw):  # the fast path; read_event says what is wrong
        kind = e[0] if type(e) is list and e else None
        known = plan.get(kind) if type(kind) is str else None
        if known is None or len(e) != known[1] \
                or not all(check(v) for check, v in zip(known[2], e[1:], strict=False)):
            read_event(e, table, checks, f"{field}/{i + first}")
            raise AssertionError("unreachable: read_event refuses what the fast path does")
        out.append((known[0], *(_tupled(v) for v in e[1:])) if list in map(type, e)
                   else (known[0], *e[1:]))
    return out


def whole(low: int, high: int) -> FieldCheck:
    """The check of a whole number from ``low`` to ``high`` - 1 (no booleans)."""
    return lambda x: type(x) is int and low <= x < high


def flag(x: Any) -> bool:
    """The check of a boolean."""
    return type(x) is bool


def words(choices: Iterable[str]) -> FieldCheck:
    """The check of one of the strings ``choices``."""
    known = frozenset(choices)
    return lambda x: type(x) is str and x in known


def whole_list(low: int, high: int, longest: int) -> FieldCheck:
    """The check of a list of at most ``longest`` whole numbers from ``low`` to ``high`` - 1."""
    return lambda x: (type(x) is list and len(x) <= longest
                      and all(type(y) is int and low <= y < high for y in x))
