"""The one OpenSpiel adapter for every registered game: ``python_<name>`` games.

Optional, and the only gamecore module that is not standard library: it imports ``pyspiel`` and
``numpy``. ``gamecore/__init__`` never imports it, so gamecore (and every game core) works without
OpenSpiel; a game's own ``openspiel`` module imports this one when OpenSpiel is asked for::

    import pyspiel
    import kwcore.openspiel  # noqa: F401 - registers python_kraftwagen through this adapter
    game = pyspiel.load_game("python_kraftwagen", {"players": 3})

A game supplies a small ``Spec``: its gamecore name, a bound on the game's length, its default
number of players, any further parameters, and the observation tensor (``TensorEncoder``: named
pieces and a function filling them from the game's observation). Everything else is the same
for every game and lives here:

- Chance is explicit: states are ``Game.new_game(players, None, explicit_chance=True)``, and each
  chance node's outcomes are the state's ``chance_outcomes()`` as action ids.
- Actions are the game's stable action ids (``Game.num_actions``), legal ones from the state's
  action table; chance outcomes are action ids too (``max_chance_outcomes == num_actions``).
- Returns are each player's share of the win from ``outcome()`` (1 for a sole winner, split
  equally on a shared win, 0 otherwise): a constant-sum game with utility sum 1.
- Observations are per player, built on the game's observation protocol (``Game.observe``, which
  sets the hidden values to None). The observation string is that view as sorted JSON; the
  information state string adds the action history, which is public in every game of the lab
  (each decision and each chance outcome is seen by all; what a deal hides is in the position,
  not in the action), so it has perfect recall. Both tensors are the spec's encoding of the
  view: a game whose view is not a sufficient statistic of the public history must put what is
  missing into its view.
- Serialization is JSON, never pickle: ``state.serialize()`` writes the parameters, the
  action history and the position in the game's format; ``game.deserialize_state(text)`` reads it
  with gamecore's bounded parser, replays the history with every action checked, loads the
  position with the game's own checked loader and requires the two to agree, so a crafted string
  is a ``PositionError``, never code run. ``serialize_game_and_state`` and
  ``deserialize_game_and_state`` here do the same with the game's parameters. OpenSpiel's own
  ``pyspiel.serialize_game_and_state`` still works (its C++ pickles the state's attributes; ours
  pickle as the position's JSON), but ``pyspiel.deserialize_game_and_state`` unpickles whatever
  text it is given, for every Python game: give it only text you wrote yourself.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol, cast

import numpy as np
import pyspiel

from gamecore.errors import PositionError
from gamecore.game import Game, get
from gamecore.position import parse_json, short

#: The prefix of every adapted game's OpenSpiel name.
PREFIX = "python_"
SERIAL_VERSION = 1


class TensorEncoder(Protocol):
    """A game's observation tensor: named flat ``pieces`` and how to fill them from a view."""

    @property
    def pieces(self) -> Sequence[tuple[str, int]]:
        """Each piece's name and size, in tensor order."""
        ...

    def encode(self, view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        """Write ``view`` (``Game.observe``'s dict) into the zeroed pieces ``out``."""
        ...


@dataclass(frozen=True)
class Spec:
    """What one game tells the adapter; the rest comes from its registered ``Game``.

    ``encoder(params)`` builds the tensor encoding for the game's parameters (``players`` and
    the ``parameters`` of the spec). ``view(state, player)`` is the view the observer encodes
    (``Game.observe`` by default; a game may drop what it never encodes, such as a log).
    ``new_state(params)`` makes the explicit-chance start state (by default
    ``Game.new_game(players, None, explicit_chance=True)``; needed when there are parameters
    beyond ``players``). ``max_length(params)`` bounds the length of a game with those
    parameters (by default ``max_game_length`` for every game; a game whose parameters make
    it longer, such as a season of races, scales it).
    """

    game: str
    max_game_length: int
    default_players: int
    encoder: Callable[[Mapping[str, Any]], TensorEncoder]
    long_name: str = ""
    parameters: Mapping[str, Any] = field(default_factory=dict)
    view: Callable[[Any, int], dict[str, Any]] | None = None
    new_state: Callable[[Mapping[str, Any]], Any] | None = None
    max_length: Callable[[Mapping[str, Any]], int] | None = None
    information: pyspiel.GameType.Information = pyspiel.GameType.Information.IMPERFECT_INFORMATION

    @property
    def name(self) -> str:
        """The OpenSpiel short name, ``python_<game>``."""
        return PREFIX + self.game

    @property
    def serial_format(self) -> str:
        """The ``format`` of a serialized state (``<game>-openspiel-state``)."""
        return f"{self.game}-openspiel-state"

    def registered(self) -> Game:
        """The game's registered gamecore description."""
        return get(self.game)


def game_type(spec: Spec) -> pyspiel.GameType:
    """The OpenSpiel description of ``spec``'s game (sequential, explicit chance, win shares)."""
    game = spec.registered()
    return pyspiel.GameType(
        short_name=spec.name,
        long_name=spec.long_name or f"Python {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=spec.information,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": spec.default_players, **spec.parameters},
    )


class OpenSpielGame(pyspiel.Game):
    """An adapted game; a subclass per game sets ``SPEC`` (and may set ``STATE``)."""

    SPEC: ClassVar[Spec]
    STATE: ClassVar[type[OpenSpielState]]
    GAME_TYPE: ClassVar[pyspiel.GameType]

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec = self.SPEC
        self.params = check_params(spec, params)
        self.players: int = self.params["players"]
        self.core_game = spec.registered()
        info = pyspiel.GameInfo(
            num_distinct_actions=self.core_game.num_actions,
            max_chance_outcomes=self.core_game.num_actions,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=(spec.max_game_length if spec.max_length is None
                             else spec.max_length(self.params)),
        )
        super().__init__(self.GAME_TYPE, info, dict(self.params))

    def new_initial_state(self) -> OpenSpielState:
        """A new game with explicit chance, before its first decision."""
        return self.STATE(self)

    def new_core_state(self) -> Any:
        """A new explicit-chance state of the game core."""
        if self.SPEC.new_state is not None:
            return self.SPEC.new_state(self.params)
        return self.core_game.new_game(self.players, None, explicit_chance=True)

    def deserialize_state(self, text: Any) -> OpenSpielState:
        """The state ``OpenSpielState.serialize`` wrote: JSON, checked, never unpickled."""
        return _state_from_data(self, parse_json(text))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """The observer; ``perfect_recall`` selects the information state (with the history)."""
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return self.make_observer(perfect_recall)

    def make_observer(self, perfect_recall: bool) -> Observer:
        """The observer of this game's views (a game may return its own subclass)."""
        view = self.SPEC.view or self.core_game.observe
        return Observer(self.SPEC.encoder(self.params), view, perfect_recall)


def check_params(spec: Spec, params: Mapping[str, Any] | None) -> dict[str, Any]:
    """``params`` completed with the defaults and checked: ``players`` a whole number in the
    game's range, every other parameter known and of its default's type (ValueError)."""
    game = spec.registered()
    given = dict(params or {})
    players = given.pop("players", spec.default_players)
    if isinstance(players, bool) or not isinstance(players, int) \
            or players not in game.player_counts:
        raise ValueError(f"players must be a whole number from {game.min_players} to "
                         f"{game.max_players}, not {players!r}")
    out: dict[str, Any] = {"players": players, **spec.parameters}
    for name, value in given.items():
        if name not in spec.parameters:
            raise ValueError(f"{spec.name} has no parameter {name!r}")
        if type(value) is not type(spec.parameters[name]):
            raise ValueError(f"{name} must be of type {type(spec.parameters[name]).__name__}, "
                             f"not {value!r}")
        out[name] = value
    return out


class _Held:
    """The game core's state inside an OpenSpiel state.

    OpenSpiel clones a Python state by deep-copying its attributes; this wrapper makes that copy
    the core's ``clone``, which shares every immutable part instead of copying it (for
    Kraftwagen 5 µs instead of about 10 ms). Pickled (by OpenSpiel's own serialization) it is
    the game's name and the position's JSON, loaded back by the game's checked loader.
    """

    __slots__ = ("name", "state")

    def __init__(self, name: str, state: Any) -> None:
        self.name = name
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.name, self.state.clone(history=False))

    def __reduce__(self) -> tuple[Any, tuple[str, str]]:
        return _held_from_json, (self.name, self.state.to_json())


def _held_from_json(name: str, text: str) -> _Held:
    return _Held(name, get(name).from_json(text))


class OpenSpielState(pyspiel.State):
    """An OpenSpiel state wrapping an explicit-chance state of the game core (``core``)."""

    def __init__(self, game: OpenSpielGame) -> None:
        super().__init__(game)
        self._held = _Held(game.SPEC.game, game.new_core_state())

    @classmethod
    def wrap(cls, game: OpenSpielGame, core: Any) -> OpenSpielState:
        """An OpenSpiel state of ``game`` around ``core``, an explicit-chance state of its game
        core taken as it is (its own history stays the core's: OpenSpiel's starts empty). For
        a search from a position reached elsewhere, as ``solvers.openspiel_bot`` does."""
        state = game.new_initial_state()  # the game's own state class
        state._held = _Held(game.SPEC.game, core)
        return state

    @property
    def core(self) -> Any:
        """The game core's state (explicit chance); read it, never change it in place."""
        return self._held.state

    def current_player(self) -> int:
        """The player to decide, or OpenSpiel's CHANCE / TERMINAL id."""
        if self.core.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.core.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        return int(self.core.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        """The core's legal action ids, ascending (OpenSpiel asks only for the player to move,
        chance included: gamecore's CHANCE is OpenSpiel's)."""
        return list(self.core.legal_action_ids()) if player == self.core.current_player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome (an action id) with its probability."""
        ids = self.core.ACTIONS.ids
        return [(ids[a], p) for a, p in self.core.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        # OpenSpiel has already checked legality (apply_action_with_legality_check) or trusts it.
        self.core.apply_unchecked(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(self.core.ACTIONS.from_id(int(action)))

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return bool(self.core.is_terminal())

    def returns(self) -> list[float]:
        """Each player's share of the win once the game is over, else zeros."""
        return win_shares(self.core)

    def serialize(self) -> str:
        """The state as JSON: the parameters, the action history and the position (no pickle)."""
        game = self.get_game()
        return json.dumps({"format": game.SPEC.serial_format, "version": SERIAL_VERSION,
                           **game.params, "history": list(self.history()),
                           "position": json.loads(self.core.to_json())})

    def __str__(self) -> str:
        return str(self.get_game().core_game.text(self.core))


def _state_from_data(game: OpenSpielGame, data: Any) -> OpenSpielState:
    """``game``'s state from the parsed output of ``OpenSpielState.serialize``; PositionError
    when it is not one, or when its history does not lead to its position."""
    spec = game.SPEC
    if not isinstance(data, dict) or data.get("format") != spec.serial_format:
        raise PositionError("format", f"expected {spec.serial_format!r}")
    if data.get("version") != SERIAL_VERSION:
        raise PositionError("version", f"this adapter reads version {SERIAL_VERSION}")
    for name, value in game.params.items():
        if not _same(data.get(name), value):
            raise PositionError(name, f"this game has {name} = {value!r}")
    history = data.get("history")
    longest = game.max_game_length()
    if not isinstance(history, list) or len(history) > longest:
        raise PositionError("history", f"a list of at most {longest} action ids")
    position = game.core_game.from_data(data.get("position"))
    state = game.new_initial_state()
    for i, action in enumerate(history):
        if type(action) is not int or action not in state.core.legal_action_ids():
            raise PositionError(f"history/{i}", f"{short(action, 20)} is not a legal action here")
        state.apply_action(action)
    if state.core != position:
        raise PositionError("position", "the history does not lead to this position")
    return state


def _same(a: Any, b: Any) -> bool:
    """JSON equality of parameter values (true is not 1)."""
    return type(a) is type(b) and a == b


def serialize_game_and_state(game: OpenSpielGame, state: OpenSpielState) -> str:
    """The game's name and parameters and the state, as JSON
    (``pyspiel.serialize_game_and_state`` without pickle)."""
    return json.dumps({"game": game.SPEC.name, **game.params,
                       "state": json.loads(state.serialize())})


def deserialize_game_and_state(text: str | bytes) -> tuple[OpenSpielGame, OpenSpielState]:
    """The game and state written by ``serialize_game_and_state`` for any adapted game;
    PositionError otherwise."""
    data = parse_json(text)
    name = data.get("game") if isinstance(data, dict) else None
    if not isinstance(name, str) or name not in _ADAPTED:
        known = ", ".join(sorted(_ADAPTED)) or "none"
        raise PositionError("game", f"expected an adapted game ({known}), not {short(name)}")
    cls = _ADAPTED[name]
    params = {k: v for k, v in data.items() if k not in ("game", "state")}
    try:
        game = cls(params)
    except ValueError as exc:
        raise PositionError("(parameters)", str(exc)) from None
    return game, _state_from_data(game, data.get("state"))


def win_shares(state: Any) -> list[float]:
    """1 for the sole winner, an equal share on a shared win, 0 for the rest; all zero before
    the end (a game core's state with ``outcome`` and ``scores``)."""
    outcome = state.outcome()
    if outcome is None:
        return [0.0] * len(state.scores())
    share = 1.0 / len(outcome.winners)
    return [share if i in outcome.winners else 0.0 for i in range(len(outcome.scores))]


class Observer:
    """OpenSpiel's PyObserver for any adapted game: one player's view as a string and a tensor.

    The string is ``view(state, player)`` as sorted compact JSON, followed for the perfect-recall
    information state by the public action history. The tensor is the encoder's pieces laid end
    to end (``self.dict`` names them); its size depends only on the game's parameters.
    """

    def __init__(self, encoder: TensorEncoder, view: Callable[[Any, int], dict[str, Any]],
                 perfect_recall: bool) -> None:
        self.encoder = encoder
        self.view = view
        self.perfect_recall = perfect_recall
        self.tensor = np.zeros(sum(size for _, size in encoder.pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, size in encoder.pieces:
            self.dict[name] = self.tensor[at:at + size]
            at += size

    def string_from(self, state: OpenSpielState, player: int) -> str:
        """``player``'s view of ``state`` as JSON text (and the history, for the information
        state)."""
        text = json.dumps(self.view(state.core, player), sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:  # every decision and chance outcome is public
            text += " history:" + ",".join(str(a) for a in state.history())
        return text

    def set_from(self, state: OpenSpielState, player: int) -> None:
        """Fill ``self.tensor`` with ``player``'s view of ``state``."""
        self.tensor.fill(0)
        self.encoder.encode(self.view(state.core, player), self.dict)


_ADAPTED: dict[str, type[OpenSpielGame]] = {}


def register(spec: Spec, game_class: type[OpenSpielGame] | None = None,
             state_class: type[OpenSpielState] | None = None) -> type[OpenSpielGame]:
    """Register ``spec``'s game with OpenSpiel as ``python_<game>``; returns its Game class.

    ``game_class`` and ``state_class`` are the game's own subclasses, if it names them (they get
    ``SPEC``, ``STATE`` and ``GAME_TYPE``); otherwise plain subclasses are made. Registering the
    same spec again returns the class registered before.
    """
    known = _ADAPTED.get(spec.name)
    if known is not None:
        if known.SPEC is not spec:
            raise ValueError(f"{spec.name} is adapted already")
        return known
    title = "".join(part.title() for part in spec.game.split("_"))
    state_cls = state_class or cast(type[OpenSpielState],
                                    type(f"{title}State", (OpenSpielState,), {}))
    cls = game_class or cast(type[OpenSpielGame], type(f"{title}Game", (OpenSpielGame,), {}))
    cls.SPEC, cls.STATE, cls.GAME_TYPE = spec, state_cls, game_type(spec)
    pyspiel.register_game(cls.GAME_TYPE, cls)
    _ADAPTED[spec.name] = cls
    return cls


def adapted() -> list[str]:
    """The OpenSpiel names of every game registered through this adapter."""
    return sorted(_ADAPTED)


__all__ = ["PREFIX", "SERIAL_VERSION", "Observer", "OpenSpielGame", "OpenSpielState", "Spec",
           "TensorEncoder", "adapted", "check_params", "deserialize_game_and_state",
           "game_type", "register", "serialize_game_and_state", "win_shares"]
