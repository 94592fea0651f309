"""Kraftwagen as an OpenSpiel Python game. Optional: needs ``pyspiel``.

Importing this module registers the game ``python_kraftwagen`` with ``pyspiel.register_game``
through gamecore's one adapter for every game (``gamecore.openspiel``)::

    import pyspiel
    import kwcore.openspiel  # noqa: F401 - registers the game
    game = pyspiel.load_game("python_kraftwagen", {"players": 3})

It is the only kwcore module that imports ``pyspiel``: the rest of kwcore works without it. This
module is only Kraftwagen's part (STYLE 20): the adapter's ``Spec`` (the parameter ``players``,
2-4, default 4; the game-length bound) and the observation tensor; chance nodes, actions,
returns, the observer and the JSON serialization are the adapter's, described there. In short:

- Chance is explicit: every deal, start-tile offer and recruit reveal is a chance node with
  kwcore's uniform ``State.chance_outcomes()`` (docs/architecture.md).
- Actions are kwcore's action ids (``kwcore.NUM_ACTIONS``); chance outcomes are action ids too.
- Returns are each company's share of the win (RULINGS K24), summing to 1.
- Observations and information states are per company and built on ``State.observation``, which
  hides the face-down recruit tiles and the seed (and, in the hidden-score variant, the others'
  scores); the log is left out. Both tensors are ``KraftwagenEncoding`` of that view: the
  position is public apart from the future, so the view is a sufficient statistic for play. The
  game is declared imperfect-information because views are per company.
- Serialization is JSON, never pickle: ``state.serialize()``,
  ``game.deserialize_state(text)``, and ``serialize_game_and_state`` /
  ``deserialize_game_and_state`` here; a crafted string is a ``PositionError``, never code run.
  ``pyspiel.deserialize_game_and_state`` unpickles whatever text it is given, for every Python
  game: give it only text you wrote yourself.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from gamecore import openspiel as adapter
from gamecore.openspiel import SERIAL_VERSION as SERIAL_VERSION
from gamecore.openspiel import deserialize_game_and_state as _deserialize_any
from gamecore.openspiel import serialize_game_and_state as serialize_game_and_state
from gamecore.openspiel import win_shares as win_shares
from kwcore import rules
from kwcore.config import CAR_TECH, CATEGORIES, PREFERENCES, Config, config_for
from kwcore.errors import PositionError
from kwcore.game import MAX_GAME_LENGTH
from kwcore.serialize import GAME, KINDS
from kwcore.state import FRAME_NAMES, State

GAME_NAME = adapter.PREFIX + GAME
DEFAULT_PLAYERS = 4


SERIAL_FORMAT = f"{GAME}-openspiel-state"

_SALESMAN = ("unused", "box", "canteen", "team", "market", "supply")


class KraftwagenEncoding:
    """The observation tensor of one player count: named pieces (``pieces``), numbers as they
    are and names one-hot, filled from a company's view by ``encode``."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        n, t, r = cfg.players, len(cfg.tiles), len(cfg.recruit)
        items = t + n  # the chain holds every tile and one marker per company
        self.pieces: list[tuple[str, int]] = [
            ("observer", n), ("round", cfg.rounds + 1), ("decision", len(FRAME_NAMES)),
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

    def encode(self, view: dict[str, Any], out: dict[str, np.ndarray]) -> None:
        """Write a company's view into the zeroed pieces ``out``."""
        _encode(self.cfg, view, out)


def _encoding(params: Mapping[str, Any]) -> KraftwagenEncoding:
    return KraftwagenEncoding(config_for(params["players"]))


def _view(state: State, company: int) -> dict[str, Any]:
    """``company``'s view without the log (which nothing encodes): the state is copied with an
    empty log first, because the view without the log is built 10x faster."""
    other = state.clone(history=False)
    other.events = []
    view = other.observation(company)
    del view["log"]
    return view


SPEC = adapter.Spec(
    game=GAME,
    max_game_length=MAX_GAME_LENGTH,
    default_players=DEFAULT_PLAYERS,
    encoder=_encoding,
    long_name="Python Kraftwagen: Age of Engineering",
    view=_view,
)


class KraftwagenState(adapter.OpenSpielState):
    """An OpenSpiel state wrapping a ``kwcore.State`` with explicit chance (``self.kw``)."""

    @property
    def kw(self) -> State:
        """The kwcore state (explicit chance); read it, never change it in place."""
        state: State = self.core
        return state


class KraftwagenGame(adapter.OpenSpielGame):
    """The game for 2-4 companies (parameter ``players``, default 4)."""

    def new_initial_state(self) -> KraftwagenState:
        """A new game, waiting at its first chance node (the deal of the chain)."""
        state = super().new_initial_state()
        assert isinstance(state, KraftwagenState)
        return state

    def deserialize_state(self, text: Any) -> KraftwagenState:
        """The state ``KraftwagenState.serialize`` wrote: JSON, checked, never unpickled."""
        state = super().deserialize_state(text)
        assert isinstance(state, KraftwagenState)
        return state

    def make_observer(self, perfect_recall: bool) -> KraftwagenObserver:
        """The company views of this game's player count."""
        return KraftwagenObserver(config_for(self.players), perfect_recall)


class KraftwagenObserver(adapter.Observer):
    """OpenSpiel's PyObserver for Kraftwagen: the adapter's observer with ``KraftwagenEncoding``.

    The string is ``State.observation(company)`` as sorted JSON without the log, followed for
    the perfect-recall information state by the public action history. The tensor encodes the
    same view in named pieces (``self.dict``); its size depends only on the number of companies.
    """

    def __init__(self, cfg: Config, perfect_recall: bool) -> None:
        super().__init__(KraftwagenEncoding(cfg), _view, perfect_recall)
        self.cfg = cfg


def deserialize_game_and_state(text: str | bytes) -> tuple[KraftwagenGame, KraftwagenState]:
    """The game and state written by ``serialize_game_and_state``; PositionError otherwise
    (also for another adapted game's text)."""
    game, state = _deserialize_any(text)
    if not isinstance(game, KraftwagenGame) or not isinstance(state, KraftwagenState):
        raise PositionError("game", f"expected {GAME_NAME!r}")
    return game, state


adapter.register(SPEC, KraftwagenGame, KraftwagenState)


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
    out["decision"][FRAME_NAMES.index(pending["decision"])] = 1
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



__all__ = ["DEFAULT_PLAYERS", "GAME_NAME", "MAX_GAME_LENGTH", "SERIAL_FORMAT", "SERIAL_VERSION",
           "SPEC", "KraftwagenEncoding", "KraftwagenGame", "KraftwagenObserver",
           "KraftwagenState", "deserialize_game_and_state", "serialize_game_and_state",
           "win_shares"]
