"""Kraftwagen as an OpenSpiel Python game (issue 5, "OpenSpiel"). Optional: needs ``pyspiel``.

Importing this module registers the game ``python_kraftwagen`` with ``pyspiel.register_game``::

    import pyspiel
    import kwcore.openspiel  # noqa: F401 - registers the game
    game = pyspiel.load_game("python_kraftwagen", {"players": 3})

It is the only kwcore module that imports ``pyspiel``: the rest of kwcore works without it.

- Chance is explicit: states are ``kwcore.new_game(players, explicit_chance=True)``, so OpenSpiel
  sees every deal, start-tile offer and recruit reveal as a chance node with
  ``State.chance_outcomes()`` (uniform draws, docs/architecture.md).
- Actions are kwcore's action ids (``kwcore.NUM_ACTIONS`` distinct actions); chance outcomes are
  action ids too, so ``max_chance_outcomes`` is also ``NUM_ACTIONS``.
- Returns are each company's share of the win at the end (1 for the sole winner, split equally on
  a shared win, RULINGS K24; 0 otherwise): a constant-sum game with utility sum 1.
- Observations and information states are per company and built on ``State.observation``, which
  hides the face-down recruit tiles and the seed (and, in the hidden-score variant, the others'
  scores). The observation string is that view (without its log) as JSON; the information state
  string adds the action history, which is public (every decision and every reveal is seen by
  all), so it has perfect recall. Both tensors are the same fixed-size encoding of the view (see
  ``KraftwagenObserver``): the position is public apart from the future, so the view is a
  sufficient statistic for play. The game is declared imperfect-information because views are
  per company (and the hidden-score variant hides rivals' scores); algorithms for imperfect
  information also apply to it.
- Serialization is JSON, never pickle (issue 11): ``state.serialize()`` writes the action
  history and the position in kwcore's format (docs/position-format.md), and
  ``game.deserialize_state(text)`` replays the history with every action checked, loads the
  position with ``kwcore``'s bounded loader and requires the two to agree, so a crafted string is
  a ``PositionError``, never code run. ``serialize_game_and_state`` and
  ``deserialize_game_and_state`` here do the same with the game's parameters. OpenSpiel's own
  ``pyspiel.serialize_game_and_state`` still works (its C++ pickles the state's attributes; ours
  pickle as that same JSON), but ``pyspiel.deserialize_game_and_state`` unpickles whatever text
  it is given, for every Python game: give it only text you wrote yourself.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

import kwcore
from kwcore import rules
from kwcore.config import CAR_TECH, CATEGORIES, PREFERENCES, Config, config_for
from kwcore.errors import PositionError
from kwcore.serialize import KINDS, parse_json, state_from_dict, state_to_dict
from kwcore.state import State

GAME_NAME = "python_kraftwagen"
DEFAULT_PLAYERS = 4

#: A round has no hard end (RULINGS K3, K4: nobody is forced to attract a buyer or place a car),
#: so no finite bound is provable. Random play never took more than 443 decisions, chance included,
#: in 1,500 games per size (measured 2026-11-30); OpenSpiel needs a number, and this leaves room.
MAX_GAME_LENGTH = 1000

SERIAL_FORMAT = "kraftwagen-openspiel-state"
SERIAL_VERSION = 1

_SALESMAN = ("unused", "box", "canteen", "team", "market", "supply")

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Kraftwagen: Age of Engineering",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.CONSTANT_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification={"players": DEFAULT_PLAYERS},
)


def _game_info(players: int) -> pyspiel.GameInfo:
    return pyspiel.GameInfo(
        num_distinct_actions=kwcore.NUM_ACTIONS,
        max_chance_outcomes=kwcore.NUM_ACTIONS,
        num_players=players,
        min_utility=0.0,
        max_utility=1.0,
        utility_sum=1.0,
        max_game_length=MAX_GAME_LENGTH,
    )


class KraftwagenGame(pyspiel.Game):
    """The game for 2-4 companies (parameter ``players``, default 4)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        players = params.get("players", DEFAULT_PLAYERS)
        if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"players must be a whole number from 2 to 4, not {players!r}")
        super().__init__(_GAME_TYPE, _game_info(players), {"players": players})
        self.players = players

    def new_initial_state(self) -> KraftwagenState:
        """A new game, waiting at its first chance node (the deal of the chain)."""
        return KraftwagenState(self)

    def deserialize_state(self, text: str) -> KraftwagenState:
        """The state ``KraftwagenState.serialize`` wrote: JSON, checked, never unpickled."""
        return _state_from_text(self, text)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """The observer; ``perfect_recall`` selects the information state (with the history)."""
        if params:
            raise ValueError(f"observation parameters are not supported, not {params!r}")
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return KraftwagenObserver(config_for(self.players), perfect_recall)


class _Held:
    """The kwcore state inside an OpenSpiel state.

    OpenSpiel clones a Python state by deep-copying its attributes; this wrapper makes that copy
    a ``State.clone``, which shares the frozen configuration and the immutable fields instead of
    copying every one of them (5 µs instead of about 10 ms).
    """

    __slots__ = ("state",)

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Held:
        return _Held(self.state.clone(history=False))

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as the position's JSON, loaded back by kwcore's checked loader."""
        return _held_from_json, (self.state.to_json(),)


def _held_from_json(text: str) -> _Held:
    return _Held(kwcore.from_json(text))


class KraftwagenState(pyspiel.State):
    """An OpenSpiel state wrapping a ``kwcore.State`` with explicit chance (``self.kw``)."""

    def __init__(self, game: KraftwagenGame) -> None:
        super().__init__(game)
        self._held = _Held(kwcore.new_game(game.players, explicit_chance=True))

    @property
    def kw(self) -> State:
        """The kwcore state (explicit chance); read it, never change it in place."""
        return self._held.state

    def current_player(self) -> int:
        """The company to decide, or OpenSpiel's CHANCE / TERMINAL id."""
        if self.kw.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.kw.is_chance_node():
            return int(pyspiel.PlayerId.CHANCE)
        return self.kw.current_player

    def _legal_actions(self, player: int) -> list[int]:
        """kwcore's legal action ids, ascending (OpenSpiel asks only for the player to move)."""
        return list(self.kw.legal_action_ids()) if player == self.kw.current_player else []

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Each chance outcome (an action id) with its probability."""
        return [(a.id, p) for a, p in self.kw.chance_outcomes()]

    def _apply_action(self, action: int) -> None:
        # OpenSpiel has already checked legality (apply_action_with_legality_check) or trusts it.
        self.kw.apply_unchecked(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        return str(kwcore.action_from_id(int(action)))

    def is_terminal(self) -> bool:
        """True once the game is over (seed JP: Game end)."""
        return self.kw.is_terminal()

    def returns(self) -> list[float]:
        """Each company's share of the win once the game is over, else zeros."""
        return win_shares(self.kw)

    def serialize(self) -> str:
        """The state as JSON: the action history and the position (no pickle)."""
        return json.dumps({"format": SERIAL_FORMAT, "version": SERIAL_VERSION,
                           "players": self.kw.players, "history": list(self.history()),
                           "position": state_to_dict(self.kw)})

    def __str__(self) -> str:
        return str(self.kw)


def _state_from_text(game: KraftwagenGame, text: Any) -> KraftwagenState:
    """``game``'s state written by ``KraftwagenState.serialize``; PositionError when the text
    is not one, or when its history does not lead to its position."""
    data = parse_json(text)
    if not isinstance(data, dict) or data.get("format") != SERIAL_FORMAT:
        raise PositionError("format", f"expected {SERIAL_FORMAT!r}")
    if data.get("version") != SERIAL_VERSION:
        raise PositionError("version", f"this adapter reads version {SERIAL_VERSION}")
    if data.get("players") != game.players:
        raise PositionError("players", f"this game has {game.players} companies")
    history = data.get("history")
    if not isinstance(history, list) or len(history) > MAX_GAME_LENGTH:
        raise PositionError("history", f"a list of at most {MAX_GAME_LENGTH} action ids")
    position = state_from_dict(data.get("position"))
    state = game.new_initial_state()
    for i, action in enumerate(history):
        if type(action) is not int or action not in state.kw.legal_action_ids():
            raise PositionError(f"history/{i}", f"{str(action)[:20]} is not a legal action here")
        state.apply_action(action)
    if state.kw != position:
        raise PositionError("position", "the history does not lead to this position")
    return state


def serialize_game_and_state(game: KraftwagenGame, state: KraftwagenState) -> str:
    """The game's parameters and the state, as JSON (``pyspiel.serialize_game_and_state``
    without pickle)."""
    return json.dumps({"game": GAME_NAME, "players": game.players,
                       "state": json.loads(state.serialize())})


def deserialize_game_and_state(text: str | bytes) -> tuple[KraftwagenGame, KraftwagenState]:
    """The game and state written by ``serialize_game_and_state``; PositionError otherwise."""
    data = parse_json(text)
    if not isinstance(data, dict) or data.get("game") != GAME_NAME:
        raise PositionError("game", f"expected {GAME_NAME!r}")
    players = data.get("players")
    if type(players) is not int or not 2 <= players <= 4:
        raise PositionError("players", "2 to 4 companies")
    game = KraftwagenGame({"players": players})
    return game, _state_from_text(game, json.dumps(data.get("state")))


def win_shares(state: State) -> list[float]:
    """1 for the sole winner, an equal share on a shared win (RULINGS K24), 0 for the rest;
    all zero before the end."""
    outcome = state.outcome()
    if outcome is None:
        return [0.0] * state.players
    share = 1.0 / len(outcome.winners)
    return [share if i in outcome.winners else 0.0 for i in range(state.players)]


class KraftwagenObserver:
    """OpenSpiel's PyObserver for Kraftwagen: one company's view as a string and a tensor.

    The string is ``State.observation(company)`` as sorted JSON without the log, followed for
    the perfect-recall information state by the public action history. The tensor encodes the
    same view in named pieces (``self.dict``), numbers as they are and names one-hot; its size
    depends only on the number of companies.
    """

    def __init__(self, cfg: Config, perfect_recall: bool) -> None:
        self.cfg = cfg
        self.perfect_recall = perfect_recall
        n, t, r = cfg.players, len(cfg.tiles), len(cfg.recruit)
        items = t + n  # the chain holds every tile and one marker per company
        pieces = [
            ("observer", n), ("round", cfg.rounds + 1), ("decision", len(rules.FRAME_NAMES)),
            ("to_move", n + 1), ("pending", 13), ("chain", items * items),
            ("market_marker", 1), ("price_chart", len(_prices(cfg))),
            ("buyers", 2 * len(PREFERENCES)),
            ("active", cfg.active_spaces * (len(PREFERENCES) + 2)),
            ("buick", len(PREFERENCES) + 1),
            ("market", cfg.market_spaces * (n + 7 + len(CAR_TECH))),
            ("investor_track", cfg.investor_spaces * r), ("face_up", r),
            ("face_down", len(CATEGORIES)), ("achievements", len(cfg.achievements) * (n + 1)),
            ("supply", 3), ("start_tiles", len(cfg.start_tiles) + n * n),
            ("companies", n * _company_size(cfg)), ("turn", t + len(rules.ACTION_KINDS) + 1),
        ]
        self.tensor = np.zeros(sum(size for _, size in pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        at = 0
        for name, size in pieces:
            self.dict[name] = self.tensor[at:at + size]
            at += size

    def string_from(self, state: KraftwagenState, player: int) -> str:
        """``player``'s view of ``state`` as JSON text (and the history, for the information
        state)."""
        view = _without_log(state.kw).observation(player)
        del view["log"]
        text = json.dumps(view, sort_keys=True, separators=(",", ":"))
        if self.perfect_recall:  # every decision and chance outcome is public
            text += " history:" + ",".join(str(a) for a in state.history())
        return text

    def set_from(self, state: KraftwagenState, player: int) -> None:
        """Fill ``self.tensor`` with ``player``'s view of ``state``."""
        self.tensor.fill(0)
        _encode(self.cfg, _without_log(state.kw).observation(player), self.dict)


def _without_log(state: State) -> State:
    """A copy of ``state`` with an empty log: the view without the log is built 10x faster."""
    other = state.clone(history=False)
    other.events = []
    return other


# --- the tensor encoding ------------------------------------------------------------------------
def _prices(cfg: Config) -> list[int]:
    return sorted({v for row in cfg.price_markers for v in row})


def _company_size(cfg: Config) -> int:
    # reputation, 4 score parts, canteen, supply, team, salesman one-hot, 3 workshops x
    # (body, engine, value), racing engine, 2 tracks, engineer tokens, recruit tiles held
    # (engineers and investors, multi-hot), technology markers per kind held, progress, laps, cars.
    return 8 + len(_SALESMAN) + 9 + 4 + len(cfg.recruit) + len(_tech_names(cfg)) + 3


def _tech_names(cfg: Config) -> list[str]:
    """Every kind of technology marker an engineer tile brings (seed JP: Engineers)."""
    return sorted({name for spec in cfg.recruit for name in spec.tech})


def _num(value: Any) -> float:
    """A number of the view; hidden (None) counts as 0."""
    return float(value) if isinstance(value, int | float) else 0.0


def _encode(cfg: Config, view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
    n = cfg.players
    names = list(cfg.companies)
    tiles = [tile.name for tile in cfg.tiles]
    recruit = [spec.name for spec in cfg.recruit]
    out["observer"][names.index(view["observer"])] = 1
    out["round"][view["round"]] = 1
    pending = view["pending"]
    out["decision"][rules.FRAME_NAMES.index(pending["decision"])] = 1
    mover = pending["player"]
    if mover is not None:
        out["to_move"][n if mover == "chance" else names.index(mover)] = 1
    _encode_pending(pending, out["pending"])
    items = tiles + names
    chain = out["chain"].reshape(len(items), len(items))
    for at, item in enumerate(view["chain"]):
        chain[at, items.index(item)] = 1
    out["market_marker"][0] = view["market_marker"]
    prices = _prices(cfg)
    for value in view["price_chart"]:
        out["price_chart"][prices.index(value)] += 1
    buyers = view["buyers"]
    for k, pref in enumerate(PREFERENCES):
        out["buyers"][k] = buyers["available"][pref]
        out["buyers"][len(PREFERENCES) + k] = sum(buyers["white_markers"][pref])
    active = out["active"].reshape(cfg.active_spaces, len(PREFERENCES) + 2)
    for k, (pref, packard) in enumerate(zip(buyers["active"], buyers["packard"], strict=True)):
        active[k, PREFERENCES.index(pref) if pref else len(PREFERENCES)] = 1
        active[k, -1] = packard
    buick = buyers["buick"]
    out["buick"][PREFERENCES.index(buick) if buick else len(PREFERENCES)] = 1
    market = out["market"].reshape(cfg.market_spaces, -1)
    for k, car in enumerate(view["market"]):
        if car is not None:
            row = market[k]
            row[names.index(car["owner"])] = 1
            row[n:n + 6] = [1, car["body"], car["engine"], car["workers"], car["salesman"],
                            car["price"]]
            row[n + 6] = car["investment_token"]
            if car["tech_marker"] is not None:
                row[n + 7 + CAR_TECH.index(car["tech_marker"])] = 1
    track = out["investor_track"].reshape(cfg.investor_spaces, len(recruit))
    for k, name in enumerate(view["investor_track"]):
        track[k, recruit.index(name)] = 1
    for k, cat in enumerate(CATEGORIES):
        for name in view["recruit"]["face_up"][cat]:
            out["face_up"][recruit.index(name)] = 1
        out["face_down"][k] = view["recruit"]["face_down"][cat]
    owners = out["achievements"].reshape(len(cfg.achievements), n + 1)
    for k, owner in enumerate(view["achievements"].values()):
        owners[k, names.index(owner) if owner else n] = 1
    out["supply"][:] = list(view["supply"].values())
    starts = [spec.name for spec in cfg.start_tiles]
    for name in view["start_tiles"]["offered"]:
        out["start_tiles"][starts.index(name)] = 1
    for k, name in enumerate(view["start_tiles"]["to_choose"]):
        out["start_tiles"][len(starts) + k * n + names.index(name)] = 1
    per = out["companies"].reshape(n, -1)
    for k, company in enumerate(view["companies"]):
        _encode_company(cfg, company, recruit, per[k])
    turn = view["turn"]
    if turn["picked_tile"] is not None:
        out["turn"][tiles.index(turn["picked_tile"])] = 1
    for kind in turn["actions_left"]:
        out["turn"][len(tiles) + rules.ACTION_KINDS.index(kind)] += 1
    out["turn"][-1] = turn["tech_marker_used"]


def _encode_pending(pending: dict[str, Any], row: np.ndarray) -> None:
    """The pending decision's data (docs/position-format.md): the car being placed, etc."""
    if "category" in pending:
        row[CATEGORIES.index(pending["category"])] = 1
    if "kind" in pending:
        row[3 + KINDS.index(pending["kind"])] = 1
    fields = ("value", "racing_car_allowed", "points", "body", "engine", "workers", "salesman",
              "price")
    for k, field in enumerate(fields):
        row[5 + k] = _num(pending.get(field))


def _encode_company(cfg: Config, c: dict[str, Any], recruit: list[str], row: np.ndarray) -> None:
    row[0] = _num(c["reputation"])
    parts = c["score_parts"] or {}
    row[1:5] = [_num(v) for v in parts.values()] or [0.0] * 4
    row[5:8] = [c["canteen"], c["supply"], c["racing_team"]]
    at = 8
    row[at + _SALESMAN.index(c["salesman"])] = 1
    at += len(_SALESMAN)
    for k, (kind, value) in enumerate(c["workshops"]):
        row[at + 3 * k + KINDS.index(kind)] = 1
        row[at + 3 * k + 2] = value
    at += 9
    row[at:at + 4] = [c["racing_engine"], c["body_track"], c["engine_track"],
                      c["engineer_tokens"]]
    at += 4
    for name in c["engineers"] + c["investors"]:
        row[at + recruit.index(name)] = 1
    at += len(recruit)
    techs = _tech_names(cfg)
    for marker in c["tech_markers"]:
        row[at + techs.index(marker)] += 1
    at += len(techs)
    row[at:at + 3] = [c["progress"], c["last_laps"], c["cars_placed"]]


pyspiel.register_game(_GAME_TYPE, KraftwagenGame)

__all__ = ["DEFAULT_PLAYERS", "GAME_NAME", "MAX_GAME_LENGTH", "KraftwagenGame",
           "KraftwagenObserver", "KraftwagenState", "deserialize_game_and_state",
           "serialize_game_and_state", "win_shares"]
