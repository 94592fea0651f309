"""One ``Game`` description per game, in a registry; the observation protocol.

A game core builds its ``Game`` and calls ``register`` when it is imported (``import kwcore``
registers Kraftwagen). Generic tools (the command line, tournaments, the OpenSpiel adapter, the
conformance tests) look a game up by name with ``get``, or take it from a position file's
``game`` field with ``load_position``; gamecore itself imports no game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from gamecore.errors import PositionError
from gamecore.position import game_of, parse_json

#: The game of position and replay files written before they named one (all Kraftwagen's).
DEFAULT_GAME = "kraftwagen"


class Observer(Protocol):
    """The observation protocol: what ``player`` may see of ``state``, as a JSON-ready dict in
    the game's position layout, every hidden value replaced by None."""

    def __call__(self, state: Any, player: int, /) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Game:
    """What a generic tool needs to know of one game.

    ``new_game(players, seed, explicit_chance=False)`` makes a game; ``from_json`` and
    ``from_data`` load a position (text, or the dict ``parse_json`` gave); ``hidden(state,
    player)`` lists the paths (``a/b/0``) of the observation that must be None; ``make_bot(name,
    seed)`` builds one of ``bots``; ``text`` and ``svg`` draw a state.
    """

    name: str
    title: str
    min_players: int
    max_players: int
    new_game: Callable[..., Any]
    from_json: Callable[[str | bytes], Any]
    from_data: Callable[[Any], Any]
    num_actions: int
    bots: tuple[str, ...]
    make_bot: Callable[[str, int | None], Any]
    observe: Observer
    hidden: Callable[[Any, int], Sequence[str]]
    text: Callable[[Any], str]
    svg: Callable[[Any], str]

    @property
    def player_counts(self) -> range:
        """Every number of players the game allows."""
        return range(self.min_players, self.max_players + 1)


_GAMES: dict[str, Game] = {}


def register(game: Game) -> None:
    """Add ``game`` to the registry (registering the same description again changes nothing;
    another game under a taken name is an error)."""
    known = _GAMES.get(game.name)
    if known is not None and known is not game:
        raise ValueError(f"a game named {game.name!r} is registered already")
    _GAMES[game.name] = game


def get(name: str) -> Game:
    """The registered game called ``name``; ValueError naming the known games otherwise."""
    try:
        return _GAMES[name]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise ValueError(f"unknown game {name!r} (known games: {known})") from None


def games() -> list[Game]:
    """Every registered game, by name."""
    return [_GAMES[n] for n in sorted(_GAMES)]


def load_position(text: str | bytes) -> Any:
    """Load a position of any registered game, the game taken from the file's ``game`` field
    (DEFAULT_GAME when it has none); PositionError for anything else."""
    data = parse_json(text)
    name = game_of(data, DEFAULT_GAME)
    if name not in _GAMES:
        raise PositionError("game", f"{name[:40]!r} is not a known game "
                                    f"({', '.join(sorted(_GAMES)) or 'none'})")
    return _GAMES[name].from_data(data)


def hide(data: dict[str, Any], paths: Sequence[str]) -> dict[str, Any]:
    """Set every ``a/b/0`` path of ``data`` to None in place (the observation's hidden values);
    returns ``data``."""
    for path in paths:
        node: Any = data
        *parents, last = path.split("/")
        for part in parents:
            node = node[int(part)] if isinstance(node, list) else node[part]
        node[int(last) if isinstance(node, list) else last] = None
    return data


def lookup(data: Any, path: str) -> Any:
    """The value at an ``a/b/0`` path of JSON-like ``data``."""
    for part in path.split("/"):
        data = data[int(part)] if isinstance(data, list) else data[part]
    return data
