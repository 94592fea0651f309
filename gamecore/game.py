"""One ``Game`` description per game, in a registry; the observation protocol.

A game core builds its ``Game`` and calls ``register`` when it is imported (``import kwcore``
registers Kraftwagen). Generic tools (the command line, tournaments, the OpenSpiel adapter, the
conformance tests) look a game up by name with ``get``, or take it from a position file's
``game`` field with ``load_position``; gamecore itself imports no game. ``find`` imports an
installed game's package on demand: each game names its package in the entry-point group
``kraftwagen_lab.games`` (pyproject.toml), read with ``importlib.metadata``.

The description is also how a state draws, describes and serializes itself (STYLE 21): a
game's state names its game (``GameState.GAME``) and ``str(state)``, ``state._repr_svg_()``,
``state.to_json()``, ``state.observation(p)`` and ``state.log()`` call the functions registered
here, so a game's state module never imports its renderers (which import the state). The
widgets take their board and their words from it too (``board``, ``decision``, ``player_name``,
``action_label``, ``action_help``, ``move_line``); every one of those has a plain default, so a
new game is playable in the widgets before it has any words of its own.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import import_module
from importlib.metadata import EntryPoint, entry_points
from typing import Any, Protocol

from gamecore.errors import PositionError
from gamecore.position import game_of, parse_json

#: The game of position and replay files written before they named one (all Kraftwagen's).
DEFAULT_GAME = "kraftwagen"
#: The entry-point group that names every installed game's package (pyproject.toml): importing
#: the package registers the game.
ENTRY_POINTS = "kraftwagen_lab.games"


def plain_action_label(state: Any, action: Any) -> str:
    """The default label of an action: its text form (what the game's parser reads back)."""
    return str(action)


def no_action_help(state: Any, action: Any) -> str:
    """The default help of an action: none (a tooltip then shows the text form alone)."""
    return ""


def seat_name(state: Any, player: int) -> str:
    """The default name of a player: the seat number, counted from 0 as the actions are."""
    return f"Player {player}"


def plain_decision(state: Any) -> str:
    """The default words for who decides: the game's end, chance, or the player's seat."""
    if state.is_terminal():
        return "Game over."
    if state.is_chance_node():
        return "Chance decides."
    return f"{seat_name(state, state.current_player)} to decide."


def no_log(state: Any) -> list[str]:
    """The default event log of a game that keeps none: no lines."""
    return []


def never_stops(state: Any, decision: str) -> bool:
    """The default stop test of ``kw play --until``: a game that names no decisions never
    stops early."""
    return False


class Observer(Protocol):
    """The observation protocol: what ``player`` may see of ``state``, as a JSON-ready dict in
    the game's position layout, every hidden value replaced by None."""

    def __call__(self, state: Any, player: int, /) -> dict[str, Any]: ...


#: The words a yes/no option reads (``kw new --option weaving=yes``), by their value.
_BOOL_WORDS = {"true": True, "yes": True, "on": True, "1": True,
               "false": False, "no": False, "off": False, "0": False}


def _accept(value: Any) -> None:
    """The default check of an option value: any value of the option's type."""


@dataclass(frozen=True)
class GameOption:
    """One setting of a game's ``new_game`` that generic tools offer by name: ``kw new
    --option NAME=VALUE`` and the OpenSpiel parameter ``NAME``.

    ``default`` is the value when the option is not given, and its type (bool, int or str) is
    the option's; ``new_game`` takes the option as the keyword argument ``name``. ``check``
    raises ValueError, saying what is allowed, for a value of that type the game refuses (a
    number out of range, an unknown name); ``help`` is one line for ``kw new
    --list-options``."""

    name: str
    default: bool | int | str
    help: str
    check: Callable[[Any], None] = _accept

    def validate(self, value: Any) -> Any:
        """``value`` if it is of the option's type and the game accepts it; ValueError
        naming the option otherwise."""
        kind = type(self.default)
        if type(value) is not kind:
            raise ValueError(f"{self.name} is {_KIND_WORDS[kind]}, not {value!r}")
        try:
            self.check(value)
        except ValueError as exc:
            raise ValueError(f"{self.name}: {exc}") from None
        return value

    def parse(self, text: str) -> Any:
        """The value written ``text`` (yes/no words, a whole number, or the text itself, by the
        option's type; spaces around it ignored), validated; ValueError naming the option
        otherwise."""
        kind, stripped = type(self.default), text.strip()
        value: Any = stripped
        if kind is bool:
            value = _BOOL_WORDS.get(stripped.lower(), stripped)
        elif kind is int and _WHOLE_NUMBER.fullmatch(stripped):
            value = int(stripped)
        return self.validate(value)


_KIND_WORDS = {bool: "true or false", int: "a whole number", str: "a text"}
_WHOLE_NUMBER = re.compile(r"[+-]?[0-9]+")


@dataclass(frozen=True)
class Game:
    """What a generic tool needs to know of one game.

    ``new_game(players, seed, explicit_chance=False, **options)`` makes a game, each of
    ``options`` (by default none) one of the game's ``options`` by name; ``from_json`` and
    ``from_data`` load a position (text, or the dict ``parse_json`` gave); ``hidden(state,
    player)`` lists the paths (``a/b/0``) of the observation that must be None; ``make_bot(name,
    seed)`` builds one of ``bots``; ``text`` and ``svg`` draw a state.

    The rest have defaults, so that a description written before they existed still works:
    ``to_json(state, indent)`` writes a position (None: the game's state writes itself);
    ``log(state)`` is the event log in words; ``svg_view(state, viewer)`` draws the board as
    ``viewer`` may see it (None: ``svg``, which shows only what the whole table sees);
    ``decision(state)`` says who decides what; ``player_name(state, p)`` names a player;
    ``action_label(state, action)`` and ``action_help(state, action)`` are a button's label and
    the sentence of its tooltip; ``replay_to_json(state, actions)`` writes the replay file of a
    game (its settings read from ``state``, a state of that game; ``actions`` the text of every
    decision taken) and ``replay_from_json(text)`` plays one back, each action checked, raising
    PositionError on a bad file (None: the game has no replay files); ``options`` are the
    settings of ``new_game`` a generic tool may offer (``GameOption``; none by default);
    ``players_word`` is what the game calls its players (Kraftwagen: "companies");
    ``stops`` names the decisions where ``kw play --until`` may stop a game, and
    ``stops_at(state, decision)`` says whether ``state`` is at one (none by default);
    ``max_length(params)`` bounds how many decisions, chance included, a game with ``params``
    (``players`` and every option by name) can take (None: no bound known; ``length_bound``
    fills in the defaults): the OpenSpiel game's length and a tournament's cap.
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
    to_json: Callable[[Any, int | None], str] | None = None
    log: Callable[[Any], list[str]] = no_log
    svg_view: Callable[[Any, int | None], str] | None = None
    decision: Callable[[Any], str] = plain_decision
    player_name: Callable[[Any, int], str] = seat_name
    action_label: Callable[[Any, Any], str] = plain_action_label
    action_help: Callable[[Any, Any], str] = no_action_help
    replay_to_json: Callable[[Any, list[str]], str] | None = None
    replay_from_json: Callable[[str | bytes], Any] | None = None
    options: tuple[GameOption, ...] = ()
    players_word: str = "players"
    stops: tuple[str, ...] = ()
    stops_at: Callable[[Any, str], bool] = never_stops
    max_length: Callable[[Mapping[str, Any]], int] | None = None

    def option(self, name: str) -> GameOption:
        """The option called ``name``; ValueError naming the game's options otherwise."""
        for option in self.options:
            if option.name == name:
                return option
        known = ", ".join(o.name for o in self.options) or "none"
        raise ValueError(f"{self.name} has no option {name!r} (its options: {known})")

    def length_bound(self, players: int, **options: Any) -> int | None:
        """``max_length`` of a game of ``players`` with ``options`` (the others at their
        defaults); None when the game knows no bound."""
        if self.max_length is None:
            return None
        params = {o.name: o.default for o in self.options} | options | {"players": players}
        return self.max_length(params)

    @property
    def player_counts(self) -> range:
        """Every number of players the game allows."""
        return range(self.min_players, self.max_players + 1)

    def board(self, state: Any, viewer: int | None = None) -> str:
        """The board as SVG, as ``viewer`` may see it (None: what the whole table sees)."""
        if self.svg_view is not None:
            return self.svg_view(state, viewer)
        return self.svg(state)

    def move_line(self, state: Any, action: Any) -> str:
        """One line of a log of moves: who takes ``action`` in ``state``, and its label."""
        p = state.current_player
        who = "Chance" if state.is_chance_node() else self.player_name(state, p)
        return f"{who}: {self.action_label(state, action)}"

    def owns(self, state: Any) -> bool:
        """True if ``state`` is a position of this game (its class names this game; a state
        class that names no game is taken at its word, as any game's)."""
        return getattr(type(state), "GAME", self.name) == self.name


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


def _entry_points() -> dict[str, EntryPoint]:
    """The installed games' entry points (``ENTRY_POINTS``) by game name."""
    return {ep.name: ep for ep in entry_points(group=ENTRY_POINTS)}


def available() -> list[str]:
    """The name of every game that can be played: installed (an entry point in
    ``ENTRY_POINTS``) or registered already (a game imported by hand, such as the tests' toy
    game); no game's package is imported."""
    return sorted(set(_entry_points()) | set(_GAMES))


def find(name: str) -> Game:
    """The game called ``name``, its package imported first (through its entry point) when
    the registry does not hold it yet; ValueError naming the available games otherwise.
    Only that game's package is imported."""
    if name in _GAMES:
        return _GAMES[name]
    point = _entry_points().get(name)
    if point is None:
        raise ValueError(f"unknown game {name!r} (known games: "
                         f"{', '.join(available()) or 'none'})")
    import_module(point.value.split(":")[0])
    return get(name)


def load_position(text: str | bytes) -> Any:
    """Load a position of any registered game, the game taken from the file's ``game`` field
    (DEFAULT_GAME when it has none); PositionError for anything else."""
    return read_position(text)[1]


def read_position(text: str | bytes) -> tuple[Game, Any]:
    """Like ``load_position``, but also says which game the position is of."""
    data = parse_json(text)
    name = game_of(data, DEFAULT_GAME)
    if name not in _GAMES:
        raise PositionError("game", f"{name[:40]!r} is not a known game "
                                    f"({', '.join(sorted(_GAMES)) or 'none'})")
    game = _GAMES[name]
    return game, game.from_data(data)


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
