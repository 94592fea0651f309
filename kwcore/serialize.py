"""The versioned JSON position format, its validation, observations and replay files.

Covers docs/position-format.md (STYLE 10). ``state_to_json`` writes every field of a state by
name; ``state_from_json`` checks the text against ``kwcore/position.schema.json`` (structure,
types, ranges), then checks consistency (components conserved, a legal pending decision) and
raises ``PositionError`` naming the field at fault. Whose turn it is is not read from the file:
it is recomputed from the action chain (RULINGS K1; STYLE 7).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from gamecore.events import Event
from gamecore.game import DEFAULT_GAME, hide
from gamecore.position import MAX_POSITION_SIZE as MAX_POSITION_SIZE
from gamecore.position import (
    check_envelope,
    check_replay_fields,
    check_schema,
    parse_json,
)
from gamecore.position import short as _short
from kwcore import rules
from kwcore.config import BODY, CAR_TECH, CATEGORIES, ENGINE, PREFERENCES, Config, config_for
from kwcore.errors import PositionError
from kwcore.events import EVENTS
from kwcore.state import FRAME_NAMES, Car, Company, State, new_state

GAME = "kraftwagen"
FORMAT = "kraftwagen-position"
#: The version written; READ_VERSIONS are read (version 1 files have no ``game`` field).
VERSION = 2
READ_VERSIONS = (1, 2)
REPLAY_FORMAT = "kraftwagen-replay"
SALESMAN_PLACES = ("unused", "box", "canteen", "team", "market", "supply")
KINDS = ("body", "engine")
# Named fields of each pending decision's data, after (kind, player).
FRAME_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("groups",),
    "reveal": ("category",),
    "place": ("kind", "value", "racing_car_allowed"),
    "sell_car": ("points",),
    "car_engine": ("body",),
    "car_service": ("body", "engine"),
    "car_price": ("body", "engine", "workers", "salesman"),
    "car_tech": ("body", "engine", "workers", "salesman", "price"),
}
TURN_FRAMES = frozenset(
    {rules.F_TILE, rules.F_ORDER, rules.F_RESEARCH, rules.F_PLACE, rules.F_HIRE,
     rules.F_ATTRACT, rules.F_RECRUIT, rules.F_TEAM, rules.F_SELL, rules.F_SWAP,
     rules.F_MARKET, rules.F_CAR_ENGINE, rules.F_CAR_SERVICE, rules.F_CAR_PRICE,
     rules.F_CAR_TECH, rules.F_POST}
)


# --- writing --------------------------------------------------------------------------------------
def _item_name(cfg: Config, item: int) -> str:
    n = len(cfg.tiles)
    return cfg.tiles[item].name if item < n else cfg.companies[item - n]


def _company_to_dict(cfg: Config, c: Company, name: str) -> dict[str, Any]:
    return {
        "name": name,
        "reputation": c.reputation,
        "score_parts": dict(zip(("sales", "grand_prix", "achievements", "buyers"),
                                c.score_parts, strict=True)),
        "canteen": c.canteen,
        "supply": c.supply,
        "racing_team": c.team,
        "salesman": c.salesman,
        "workshops": [[KINDS[k], v] for k, v in c.workshops],
        "racing_engine": c.race_engine,
        "body_track": c.body_track,
        "engine_track": c.engine_track,
        "engineer_tokens": c.engineer_tokens,
        "engineers": [cfg.recruit[e].name for e in c.engineers],
        "investors": [cfg.recruit[e].name for e in c.investors],
        "tech_markers": list(c.tech),
        "progress": c.progress,
        "last_laps": c.last_laps,
        "cars_placed": c.cars_placed,
    }


def _car_to_dict(cfg: Config, car: Car | None) -> dict[str, Any] | None:
    if car is None:
        return None
    return {
        "owner": cfg.companies[car.owner],
        "body": car.body,
        "engine": car.engine,
        "workers": car.workers,
        "salesman": car.salesman,
        "price": car.price,
        "tech_marker": CAR_TECH[car.tech] if car.tech >= 0 else None,
        "investment_token": car.invested,
    }


def _pending_to_dict(s: State) -> dict[str, Any]:
    cfg = s.cfg
    kind, player = s.pending[0], s.pending[1]
    name = FRAME_NAMES[kind]
    out: dict[str, Any] = {"decision": name}
    out["player"] = cfg.companies[player] if player >= 0 else (
        "chance" if player == rules.CHANCE else None)
    data = s.pending[2:]
    for field, value in zip(FRAME_FIELDS.get(name, ()), data, strict=True):
        if field == "groups":
            value = [[_item_name(cfg, i) for i in g] for g in value]
        elif field == "category":
            value = CATEGORIES[value]
        elif field == "kind":
            value = KINDS[value]
        out[field] = value
    return out


def state_to_dict(s: State) -> dict[str, Any]:
    """The position as a JSON-ready dict (docs/position-format.md)."""
    cfg = s.cfg
    rec = cfg.recruit
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": GAME,
        "players": cfg.players,
        "seed": s.seed,
        "draws": s.draws,
        "hidden_scores": s.hidden_scores,
        "round": s.round,
        "chain": [_item_name(cfg, i) for i in s.chain],
        "market_marker": s.market_marker,
        "price_chart": list(s.chart),
        "buyers": {
            "available": dict(zip(PREFERENCES, s.stacks, strict=True)),
            "white_markers": {p: list(w) for p, w in zip(PREFERENCES, s.whites, strict=True)},
            "active": [PREFERENCES[b] if b >= 0 else None for b in s.active],
            "packard": list(s.packard),
            "buick": PREFERENCES[s.buick] if s.buick >= 0 else None,
        },
        "market": [_car_to_dict(cfg, car) for car in s.market],
        "investor_track": [rec[i].name for i in s.investor_track],
        "recruit": {
            "face_up": {c: [rec[i].name for i in s.face_up[k]] for k, c in enumerate(CATEGORIES)},
            "unseen": {c: [rec[i].name for i in s.unseen[k]] for k, c in enumerate(CATEGORIES)},
            "face_down": dict(zip(CATEGORIES, s.stack_left, strict=True)),
        },
        "achievements": {
            a.name: (cfg.companies[o] if o >= 0 else None)
            for a, o in zip(cfg.achievements, s.achievements, strict=True)
        },
        "supply": {
            "engineer_tokens": s.eng_supply,
            "investment_tokens": s.inv_supply,
            "tech_markers_boxed": s.tech_box,
        },
        "start_tiles": {
            "offered": [cfg.start_tiles[t].name for t in s.start_offer],
            "to_choose": [cfg.companies[p] for p in s.start_order],
        },
        "companies": [
            _company_to_dict(cfg, c, cfg.companies[i]) for i, c in enumerate(s.companies)
        ],
        "turn": {
            "picked_tile": cfg.tiles[s.picked].name if s.picked >= 0 else None,
            "actions_left": [rules.ACTION_KINDS[k] for k in s.tile_left],
            "tech_marker_used": s.tech_used,
        },
        "pending": _pending_to_dict(s),
        "log": [e.to_list() for e in s.events],
    }


def state_to_json(s: State, indent: int | None = None) -> str:
    """The position as JSON text."""
    return json.dumps(state_to_dict(s), indent=indent)


# --- reading --------------------------------------------------------------------------------------
@cache
def position_schema() -> dict[str, Any]:
    """The JSON Schema of the position format (kwcore/position.schema.json)."""
    text = resources.files("kwcore").joinpath("position.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


def _schema_check(data: Any) -> None:
    """Structure, types and ranges by the JSON Schema (kwcore's own checker, ``_check``); the
    log's events, which can number in the thousands, are checked in ``_check_log_shape``
    instead (the same rules, 20x faster)."""
    if isinstance(data, dict) and isinstance(data.get("log"), list):
        limit = position_schema()["properties"]["log"]["maxItems"]
        if len(data["log"]) > limit:
            raise PositionError("log", f"at most {limit} events")
        _check_log_shape(data["log"])
        data = {k: v for k, v in data.items() if k != "log"}
    check_schema(position_schema(), data)


def _check_log_shape(log: list[Any]) -> None:
    """The schema's ``event`` rules, checked directly: a list starting with a known kind, then
    whole numbers from -1 to 9999, booleans, null, the words buyer/investor/benefit, or lists of
    up to 8 such numbers (docs/position-format.md, log)."""
    arity = _event_arity()
    for i, e in enumerate(log):
        if not isinstance(e, list) or not e or not isinstance(e[0], str) or e[0] not in arity:
            raise PositionError(f"log/{i}", "an event is a list that starts with a known kind")
        if len(e) != arity[e[0]]:
            raise PositionError(f"log/{i}", f"a {_short(e[0])} event has {arity[e[0]]} items")
        for j, x in enumerate(e[1:], 1):
            if isinstance(x, list):
                if len(x) > 8 or not all(_is_index(y) for y in x):
                    raise PositionError(f"log/{i}/{j}", "lists in events hold up to 8 whole "
                                                        "numbers from -1 to 9999")
            elif not (x is None or isinstance(x, bool) or _is_index(x)
                      or x in ("buyer", "investor", "benefit")):
                raise PositionError(f"log/{i}/{j}", f"{_short(x)} is not a value an event holds")


def _is_index(x: Any) -> bool:
    return type(x) is int and -1 <= x <= 9999


@cache
def _event_arity() -> dict[str, int]:
    """Each event kind and its length, read from the schema's ``event`` definition."""
    out = {}
    for branch in position_schema()["$defs"]["event"]["anyOf"]:
        for kind in branch["prefixItems"][0]["enum"]:
            out[kind] = branch["minItems"]
    return out


class _Reader:
    """Turns names back into indices, naming the field at fault on failure."""

    def __init__(self, cfg: Config) -> None:
        self.cfg = cfg
        self.company = {n: i for i, n in enumerate(cfg.companies)}
        self.tile = {t.name: t.index for t in cfg.tiles}
        self.recruit = {r.name: r.index for r in cfg.recruit}
        self.start = {t.name: t.index for t in cfg.start_tiles}
        n = len(cfg.tiles)
        self.item = dict(self.tile) | {c: n + i for c, i in self.company.items()}

    def lookup(self, table: dict[str, int], name: Any, field: str, what: str) -> int:
        if name not in table:
            raise PositionError(field, f"{name!r} is not {what} (expected one of "
                                       f"{', '.join(table)})")
        return table[name]


def state_from_dict(data: Any) -> State:
    """Load a position dict; raises PositionError naming the field at fault."""
    check_envelope(data, FORMAT, READ_VERSIONS, GAME, DEFAULT_GAME)
    _schema_check(data)
    cfg = config_for(data["players"])
    r = _Reader(cfg)
    s = new_state(cfg.players, data["seed"], data["hidden_scores"])
    s.draws = data["draws"]
    s.round = data["round"]
    s.chain = tuple(r.lookup(r.item, x, f"chain/{i}", "a tile or company")
                    for i, x in enumerate(data["chain"]))
    s.market_marker = data["market_marker"]
    s.chart = tuple(data["price_chart"])
    b = data["buyers"]
    s.stacks = tuple(b["available"][p] for p in PREFERENCES)
    s.whites = tuple(tuple(b["white_markers"][p]) for p in PREFERENCES)
    if len(b["active"]) != cfg.active_spaces:
        raise PositionError("buyers/active", f"{cfg.active_spaces} active spaces with "
                                             f"{cfg.players} companies")
    s.active = tuple(PREFERENCES.index(x) if x else -1 for x in b["active"])
    if len(b["packard"]) != cfg.active_spaces:
        raise PositionError("buyers/packard", f"one entry per active space "
                                              f"({cfg.active_spaces})")
    s.packard = tuple(b["packard"])
    s.buick = PREFERENCES.index(b["buick"]) if b["buick"] else -1
    s.market = tuple(_car_from(r, car, f"market/{i}") for i, car in enumerate(data["market"]))
    s.investor_track = tuple(r.lookup(r.recruit, x, f"investor_track/{i}", "an investor")
                             for i, x in enumerate(data["investor_track"]))
    rc = data["recruit"]
    s.face_up = tuple(
        tuple(r.lookup(r.recruit, x, f"recruit/face_up/{c}/{i}", "a recruit tile")
              for i, x in enumerate(rc["face_up"][c]))
        for c in CATEGORIES)
    s.unseen = tuple(
        tuple(r.lookup(r.recruit, x, f"recruit/unseen/{c}/{i}", "a recruit tile")
              for i, x in enumerate(rc["unseen"][c]))
        for c in CATEGORIES)
    s.stack_left = tuple(rc["face_down"][c] for c in CATEGORIES)
    ach = data["achievements"]
    s.achievements = tuple(
        r.lookup(r.company, ach[a.name], f"achievements/{a.name}", "a company")
        if ach.get(a.name) else -1
        for a in cfg.achievements)
    sup = data["supply"]
    s.eng_supply = sup["engineer_tokens"]
    s.inv_supply = sup["investment_tokens"]
    s.tech_box = sup["tech_markers_boxed"]
    st = data["start_tiles"]
    s.start_offer = tuple(r.lookup(r.start, x, f"start_tiles/offered/{i}", "a start tile")
                          for i, x in enumerate(st["offered"]))
    s.start_order = tuple(r.lookup(r.company, x, f"start_tiles/to_choose/{i}", "a company")
                          for i, x in enumerate(st["to_choose"]))
    if len(data["companies"]) != cfg.players:
        raise PositionError("companies", f"expected {cfg.players} companies")
    s.companies = [_company_from(r, c, i) for i, c in enumerate(data["companies"])]
    turn = data["turn"]
    s.picked = (r.lookup(r.tile, turn["picked_tile"], "turn/picked_tile", "an action tile")
                if turn["picked_tile"] else -1)
    s.tile_left = tuple(rules.ACTION_KINDS.index(k) for k in turn["actions_left"])
    s.tech_used = turn["tech_marker_used"]
    s.events = [_event_from(e) for e in data.get("log", [])]
    s.pending = _pending_from(s, r, data["pending"])
    check_consistency(s)
    s.legal = tuple(rules.legal(s)) if s.pending[0] != rules.F_END else ()
    if s.pending[0] != rules.F_END and not s.legal:
        raise PositionError("pending", "the pending decision has no legal action")
    return s


def _event_from(e: list[Any]) -> Event:
    """The typed event of a log entry whose shape ``_check_log_shape`` checked (its values are
    checked against the game in ``_check_log``)."""
    return EVENTS[e[0]](*(tuple(x) if isinstance(x, list) else x for x in e[1:]))


def _car_from(r: _Reader, d: dict[str, Any] | None, field: str) -> Car | None:
    if d is None:
        return None
    owner = r.lookup(r.company, d["owner"], f"{field}/owner", "a company in this game")
    tech = CAR_TECH.index(d["tech_marker"]) if d["tech_marker"] else -1
    if d["workers"] + (3 if d["salesman"] else 0) < 1:
        raise PositionError(f"{field}/workers", "a car needs at least one worker or the "
                                                "salesman (RULINGS K13)")
    return Car(owner, d["body"], d["engine"], d["workers"], d["salesman"], d["price"], tech,
               d["investment_token"])


def _company_from(r: _Reader, d: dict[str, Any], i: int) -> Company:
    field = f"companies/{i}"
    if d["name"] != r.cfg.companies[i]:
        raise PositionError(f"{field}/name", f"company {i} is {r.cfg.companies[i]}")
    c = Company(r.cfg)
    c.reputation = d["reputation"]
    sp = d["score_parts"]
    c.score_parts = (sp["sales"], sp["grand_prix"], sp["achievements"], sp["buyers"])
    if sum(c.score_parts) != c.reputation:
        raise PositionError(f"{field}/score_parts", "the parts must add up to the reputation")
    c.canteen = d["canteen"]
    c.supply = d["supply"]
    c.team = d["racing_team"]
    c.salesman = d["salesman"]
    if len(d["workshops"]) > rules.WORKSHOPS:
        raise PositionError(f"{field}/workshops", "a company has three workshops")
    c.workshops = tuple(sorted((KINDS.index(k), v) for k, v in d["workshops"]))
    c.race_engine = d["racing_engine"]
    c.body_track = d["body_track"]
    c.engine_track = d["engine_track"]
    if abs(c.body_track - c.engine_track) > r.cfg.research_gap:
        raise PositionError(f"{field}/body_track", "the research tracks may differ by at most "
                                                   f"{r.cfg.research_gap} (RULINGS K6)")
    c.engineer_tokens = d["engineer_tokens"]
    c.engineers = tuple(r.lookup(r.recruit, x, f"{field}/engineers/{j}", "an engineer")
                        for j, x in enumerate(d["engineers"]))
    c.investors = tuple(r.lookup(r.recruit, x, f"{field}/investors/{j}", "an investor")
                        for j, x in enumerate(d["investors"]))
    c.tech = tuple(sorted(d["tech_markers"]))
    c.progress = d["progress"]
    c.last_laps = d["last_laps"]
    c.cars_placed = d["cars_placed"]
    return c


def _pending_from(s: State, r: _Reader, d: dict[str, Any]) -> tuple[Any, ...]:
    name = d["decision"]
    if name not in FRAME_NAMES:
        raise PositionError("pending/decision", f"unknown decision {name!r}")
    kind = FRAME_NAMES.index(name)
    player = _derive_player(s, kind)
    stated = d.get("player")
    expected = (s.cfg.companies[player] if player >= 0 else
                "chance" if player == rules.CHANCE else None)
    if stated != expected:
        raise PositionError("pending/player", f"the position says {stated!r}, but by the "
                                              f"action chain it is {expected!r}'s decision")
    data: list[Any] = []
    for field in FRAME_FIELDS.get(name, ()):
        if field not in d:
            raise PositionError(f"pending/{field}", f"the {name} decision needs {field!r}")
        value = d[field]
        if field == "groups":
            value = tuple(
                tuple(r.lookup(r.item, x, f"pending/groups/{i}/{j}", "a tile or company")
                      for j, x in enumerate(g))
                for i, g in enumerate(value))
        elif field == "category":
            value = CATEGORIES.index(value)
        elif field == "kind":
            value = KINDS.index(value)
        data.append(value)
    return (kind, player, *data)


def _derive_player(s: State, kind: int) -> int:
    """Who decides, recomputed from the position (RULINGS K1; STYLE 7)."""
    if kind in (rules.F_DEAL, rules.F_OFFER, rules.F_REVEAL):
        return rules.CHANCE
    if kind == rules.F_END:
        return rules.TERMINAL
    if kind == rules.F_START:
        if not s.start_order:
            raise PositionError("start_tiles/to_choose", "no company left to choose")
        return s.start_order[0]
    if kind == rules.F_BUICK:
        holders = [p for p, c in enumerate(s.companies) if "buyer5" in c.tech]
        if len(holders) != 1:
            raise PositionError("pending/decision", "no company holds Buick's marker")
        return holders[0]
    n = len(s.cfg.tiles)
    if not s.chain or s.chain[0] < n:
        raise PositionError("chain/0", "a company marker must be at the tail of the chain")
    return s.chain[0] - n


def check_consistency(s: State) -> None:
    """Components conserved and the position coherent; raises PositionError (RULINGS)."""
    cfg = s.cfg
    n = len(cfg.tiles)
    if s.round >= 1 or s.pending[0] not in (rules.F_DEAL,):
        expected = sorted(range(n + cfg.players))
        if sorted(s.chain) != expected and s.pending[0] != rules.F_DEAL:
            raise PositionError("chain", "each action tile and company marker exactly once")
    if s.picked >= 0 and s.picked not in s.chain:
        raise PositionError("turn/picked_tile", "the picked tile is not on the chain")
    for i, c in enumerate(s.companies):
        f = f"companies/{i}"
        on_cars = sum(car.workers for car in s.market if car and car.owner == i)
        team = c.team - (1 if c.salesman == "team" else 0)
        if c.canteen + c.supply + team + on_cars != cfg.workers_per_company:
            raise PositionError(f"{f}/canteen", f"canteen, supply, racing team and cars must "
                                                f"hold {cfg.workers_per_company} workers")
        on_market = any(car and car.owner == i and car.salesman for car in s.market)
        if (c.salesman == "market") != on_market:
            raise PositionError(f"{f}/salesman", "the salesman is on a market car exactly "
                                                 "when salesman is 'market'")
        if c.team > cfg.team_capacity:
            raise PositionError(f"{f}/racing_team", f"the team holds {cfg.team_capacity}")
    for k, pref in enumerate(PREFERENCES):  # RULINGS Components: 2 buyer tiles of each
        held = s.stacks[k] + s.active.count(k) + (s.buick == k)
        if held != cfg.buyers_per_preference:
            raise PositionError(f"buyers/available/{pref}",
                                f"the {cfg.buyers_per_preference} {pref} buyer tiles must be "
                                f"available, active or Buick's, not {held}")
    used_tokens = sum(c.engineer_tokens for c in s.companies)
    if used_tokens + s.eng_supply > cfg.engineer_tokens:
        raise PositionError("supply/engineer_tokens", f"at most {cfg.engineer_tokens} tokens")
    invested = sum(1 for car in s.market if car and car.invested)
    held = sum(len(c.investors) for c in s.companies)
    if invested + held + s.inv_supply != cfg.investment_tokens:
        raise PositionError("supply/investment_tokens",
                            f"supply, investors and cars must hold {cfg.investment_tokens}")
    if invested > len(s.investor_track):
        raise PositionError("investor_track", "every invested car's investor is on the track")
    if len(s.investor_track) > cfg.investor_spaces:
        raise PositionError("investor_track", f"the track has {cfg.investor_spaces} spaces")
    for cat in range(3):
        if set(s.face_up[cat]) & set(s.unseen[cat]):
            raise PositionError(f"recruit/unseen/{CATEGORIES[cat]}",
                                "a face-up tile cannot also be unseen")
    _check_turn(s)
    _check_recruit_tiles(s)
    _check_log(s)
    for i, pk in enumerate(s.packard):
        if pk and s.active[i] < 0:
            raise PositionError(f"buyers/packard/{i}", "a Packard marker needs a buyer beside it")
    for p in range(cfg.players):
        if sum(1 for car in s.market if car and car.owner == p and car.salesman) > 1:
            raise PositionError("market", "a company has one salesman")
    for cat in range(3):
        if s.stack_left[cat] > len(s.unseen[cat]):
            raise PositionError(f"recruit/face_down/{CATEGORIES[cat]}",
                                "more face-down tiles than unseen tiles")
    prices = [car.price for car in s.market if car]
    if s.round >= 1 and len(set(prices + list(s.chart))) != len(prices) + len(s.chart):
        raise PositionError("price_chart", "each price marker of the round exists once")


def _check_turn(s: State) -> None:
    """The turn in progress agrees with the pending decision (RULINGS K1, K2, K13)."""
    kind = s.pending[0]
    if kind == rules.F_TILE and (s.picked >= 0 or s.tile_left):
        raise PositionError("turn/picked_tile", "no tile is in play before the tile is chosen")
    if kind in TURN_FRAMES and kind != rules.F_TILE and s.picked < 0:
        raise PositionError("turn/picked_tile", f"a tile is in play at '{FRAME_NAMES[kind]}'")
    if kind not in TURN_FRAMES and (s.picked >= 0 or s.tile_left):
        raise PositionError("turn/picked_tile", "no turn is in progress")
    setup = kind in (rules.F_DEAL, rules.F_OFFER, rules.F_START)
    if setup != (s.round == 0) and kind != rules.F_END:
        raise PositionError("round", f"'{FRAME_NAMES[kind]}' is decided "
                                     f"{'in setup (round 0)' if setup else 'in rounds 1-3'}")
    if kind == rules.F_OFFER and not (len(s.start_offer) < s.cfg.start_tiles_offered
                                      and len(s.start_order) <= s.cfg.start_tiles_offered):
        raise PositionError("start_tiles/offered", f"{s.cfg.start_tiles_offered} start tiles are "
                                                   f"offered, one for each company to choose")
    if kind == rules.F_START and len(s.start_offer) < len(s.start_order):
        raise PositionError("start_tiles/offered", "a start tile for each company still to "
                                                   "choose (seed JP: Warm-up)")
    if kind == rules.F_ORDER and not s.tile_left:
        raise PositionError("turn/actions_left", "choose_action needs an action left to do")
    if s.picked >= 0:
        printed = sorted(rules.ACTION_KINDS.index(k) for k in s.cfg.tiles[s.picked].actions)
        left = list(s.tile_left)
        if any(left.count(k) > printed.count(k) for k in left):
            raise PositionError("turn/actions_left", "actions the picked tile does not show")
    if kind in (rules.F_CAR_ENGINE, rules.F_CAR_SERVICE, rules.F_CAR_PRICE, rules.F_CAR_TECH):
        c = s.companies[s.pending[1]]
        data = s.pending[2:]
        if (BODY, data[0]) not in c.workshops:
            raise PositionError("pending/body", "the car's body must be in a workshop")
        if len(data) > 1 and (ENGINE, data[1]) not in c.workshops:
            raise PositionError("pending/engine", "the car's engine must be in a workshop")
        if len(data) > 3:
            workers, salesman = data[2], data[3]
            if workers > c.canteen or (salesman and c.salesman != "canteen"):
                raise PositionError("pending/workers", "the car's service comes from the canteen")
        if len(data) > 4 and data[4] not in s.chart:
            raise PositionError("pending/price", "the price marker must be on the chart")
    if kind == rules.F_DEAL:  # RULINGS K1: what is dealt and what is still to deal
        items = [x for g in s.pending[2] for x in g]
        every = range(len(s.cfg.tiles) + s.cfg.players)
        if sorted(items + list(s.chain)) != list(every):
            raise PositionError("pending/groups", "the chain and the groups still to deal hold "
                                                  "each tile and company marker exactly once")


def _check_recruit_tiles(s: State) -> None:
    """Each recruit tile is in one place at most (RULINGS Components)."""
    places = [i for cat in s.face_up for i in cat] + [i for cat in s.unseen for i in cat]
    places += list(s.investor_track)
    for c in s.companies:
        places += list(c.engineers) + list(c.investors)
    if len(places) != len(set(places)):
        twice = next(i for i in places if places.count(i) > 1)
        raise PositionError("recruit", f"{s.cfg.recruit[twice].name} is in two places")


# What each value of each log event refers to (docs/position-format.md, Log events): the
# renderer indexes the component lists with them, so each is checked against its list.
_EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "deal": ("item",), "offer": ("start",), "start": ("company", "start"),
    "reveal": ("recruit",), "round": ("round",), "scoring": ("round",), "turn": ("company",),
    "pass": ("company",), "unsold": ("company",), "pick": ("company", "tile"),
    "skip": ("company", "action_kind"), "market_marker": ("company", "number"),
    "research": ("company", "track", "number", "number"),
    "build": ("company", "part", "number", "where", "returned"),
    "hire": ("company", "number", "flag"), "attract": ("company", "preference", "space", "number"),
    "recruit": ("company", "recruit"), "recruit_workers": ("company", "number"),
    "no_token": ("company", "recruit"), "benefit_void": ("company", "recruit"),
    "team": ("company", "number", "flag", "number"),
    "move": ("company", "number", "number", "number", "passed"),
    "car": ("company", "slot"), "invest": ("company", "recruit", "slot"),
    "packard": ("company", "number", "space"),
    "kettering": ("company", "slot", "car_part", "number", "number"),
    "achievement": ("company", "achievement", "number"),
    "buick": ("company", "preference", "number"),
    "gp_place": ("company", "number", "number", "number"),
    "gp_laps": ("company", "number", "number"),
    "sale": ("company", "slot", "source", "buyer", "number", "number"),
    "no_sale": ("recruit",),
    "swap_buyer": ("company", "space", "preference", "preference", "number"),
    "game_end": (),
}


def _event_ranges(cfg: Config) -> dict[str, int]:
    """The number of values each index kind of an event may take (0 to n-1)."""
    return {"company": cfg.players, "item": len(cfg.tiles) + cfg.players,
            "start": len(cfg.start_tiles), "recruit": len(cfg.recruit),
            "round": cfg.rounds + 1, "tile": len(cfg.tiles),
            "action_kind": len(rules.ACTION_KINDS), "track": 3, "part": 2, "where": 4,
            "preference": len(PREFERENCES), "space": cfg.active_spaces,
            "slot": cfg.market_spaces, "car_part": 4, "achievement": len(cfg.achievements),
            "number": 10_000}


def _check_log(s: State) -> None:
    """Every value of every log event is one the renderer can show: each index within its
    component list, flags boolean, a built tile's return [kind, value] or null."""
    ranges = _event_ranges(s.cfg)
    for i, event in enumerate(s.events):
        e = (event.kind, *event.values())
        for j, (what, x) in enumerate(zip(_EVENT_FIELDS[e[0]], e[1:], strict=True), 1):
            if what == "source":
                ok = x in ("buyer", "investor", "benefit")
            elif what == "buyer":  # what the source names: a preference, an investor, or -1
                n = {"buyer": len(PREFERENCES), "investor": len(s.cfg.recruit)}.get(e[3], 0)
                ok = type(x) is int and (0 <= x < n or (n == 0 and x == -1))
            elif what == "flag":
                ok = type(x) is bool
            elif what == "returned":
                ok = x is None or (type(x) is tuple and len(x) == 2 and x[0] in (0, 1)
                                   and 1 <= x[1] <= 7)
            elif what == "passed":
                ok = type(x) is tuple and all(-1 <= q < s.cfg.players for q in x)
            else:
                ok = type(x) is int and 0 <= x < ranges[what]
            if not ok:
                raise PositionError(f"log/{i}/{j}", f"{_short(x)} is not a {what.replace('_', ' ')}"
                                                    f" of this game")


def state_from_json(text: str | bytes) -> State:
    """Load a position from JSON text (or UTF-8 bytes); PositionError for anything else.

    Bounded (``gamecore.position.parse_json``): text over MAX_POSITION_SIZE is refused before it
    is parsed, integer literals over MAX_DIGITS digits and nesting deeper than the parser allows
    are errors, not exceptions.
    """
    return state_from_dict(parse_json(text))


# --- observations ---------------------------------------------------------------------------------
def observation(s: State, company: int) -> dict[str, Any]:
    """What ``company`` may see: no unseen recruit tiles, no seed (the future), and in the
    hidden-score variant no other company's score until the game ends (RULINGS K31)."""
    if not 0 <= company < s.cfg.players:
        raise ValueError(f"no company {company} in a {s.cfg.players}-company game")
    d = hide(state_to_dict(s), hidden_paths(s, company))
    d["observer"] = s.cfg.companies[company]
    if s.hidden_scores and not s.is_terminal():
        d["log"] = [e for e in d["log"] if not _reveals_points(e, company)]
    return d


def hidden_paths(s: State, company: int) -> list[str]:
    """The fields of a position that ``company``'s observation sets to None: the seed and the
    draws (they fix the future), the unseen recruit tiles (RULINGS K12), and in the
    hidden-score variant, until the game ends, the other companies' scores (RULINGS K31)."""
    paths = ["seed", "draws", "recruit/unseen"]
    if s.hidden_scores and not s.is_terminal():
        for i in range(s.cfg.players):
            if i != company:
                paths += [f"companies/{i}/reputation", f"companies/{i}/score_parts"]
    return paths


def _reveals_points(event: list[Any], company: int) -> bool:
    return event[0] in ("achievement", "sale", "gp_place", "gp_laps", "attract", "buick",
                        "swap_buyer") and event[1] != company


# --- replay files ---------------------------------------------------------------------------------
def replay_to_json(players: int, seed: int, actions: list[str], hidden_scores: bool = False,
                   indent: int | None = 2) -> str:
    """A replay file: the setup seed and every decision taken, as text."""
    return json.dumps({"format": REPLAY_FORMAT, "version": VERSION, "game": GAME,
                       "players": players,
                       "seed": seed, "hidden_scores": hidden_scores, "actions": actions},
                      indent=indent)


def replay_from_json(text: str) -> State:
    """Replay a whole game from a replay file; raises PositionError on a bad file."""
    from kwcore import replay
    from kwcore.errors import KraftwagenError

    d = parse_json(text)
    check_envelope(d, REPLAY_FORMAT, READ_VERSIONS, GAME, DEFAULT_GAME)
    check_replay_fields(d, range(2, 5), "Kraftwagen is played by 2 to 4 companies")
    if not isinstance(d.get("hidden_scores", False), bool):
        raise PositionError("hidden_scores", "expected true or false")
    try:
        return replay(d["players"], d["seed"], d["actions"], bool(d.get("hidden_scores")))
    except KraftwagenError as exc:
        raise PositionError("actions", str(exc)) from None
