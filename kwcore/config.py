"""Printed component data and the per-player-count configuration.

Covers RULINGS "Components" and the numbers of seed JP: Setup, Preparation phase, Grand Prix,
Achievements and Two players. Every printed number comes from one file,
``kwcore/data/components.json``; this module loads it once into frozen objects that states
point to and never copy (STYLE 2). Entries marked placeholder in the data file are marked here
too (``Config.placeholders``) so that renderers can flag them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

# Fixed vocabularies of the rules (not component data).
PREFERENCES = ("body", "engine", "service", "price")
BODY, ENGINE, SERVICE, PRICE = range(4)
ACTION_KINDS = ("hire", "research", "body", "engine", "attract", "grandprix", "recruit")
CATEGORIES = ("engineers", "investors", "benefits")
ENGINEERS, INVESTORS, BENEFITS = range(3)
CAR_TECH = ("body+1", "body+2", "engine+1", "engine+2")
MIN_PLAYERS, MAX_PLAYERS = 2, 4

# The plain names people read (the log, ``kw show``, the drawn board, the widgets' labels): one
# per thing, built here from the component data, so every reader shows the same words. The data
# file's ``name`` stays the machine's name (``kw apply``, position files).
#: each action of a tile, as the tile's title names it ("Grand Prix + Attract")
TILE_WORDS = {
    "hire": "Hire", "research": "Research", "body": "Body", "engine": "Engine",
    "attract": "Attract", "grandprix": "Grand Prix", "recruit": "Recruit",
}
#: an immediate benefit's effect (``recruit.benefits[].effect``)
EFFECT_WORDS = {
    "sell_car": "Sell a car for {n}", "swap_buyer": "Swap a buyer", "engine_tile": "Engine {n}",
    "move": "Move {n}", "workers": "{n} workers",
}
#: a start tile's effects (``start_tiles[].effects``), joined with " + "
START_WORDS = {
    "body_tile": "body {n}", "engine_tile": "engine {n}", "move": "move {n}",
    "body_track": "body research {n}", "engine_track": "engine research {n}",
    "race_engine": "racing engine {n}", "workers": "{n} worker", "engineer_token":
    "{n} engineer token",
}
#: the technology markers of cars and engineers (``CAR_TECH``, ``recruit.engineers[].tech``)
TECH_WORDS = {
    "body+1": "body +1", "body+2": "body +2", "engine+1": "engine +1", "engine+2": "engine +2",
    "buyer+2": "buyer +2", "buyer+4": "buyer +4", "buyer5": "fifth buyer", "swap": "swap",
}


@dataclass(frozen=True)
class TileSpec:
    """One action tile: its unique name and the actions it shows (seed JP: Setup 2); ``title``
    is what people read ("Grand Prix + Attract")."""

    index: int
    name: str
    actions: tuple[str, ...]
    placeholder: bool
    title: str = ""


@dataclass(frozen=True)
class RecruitSpec:
    """One recruit tile (engineer, investor or immediate benefit; seed JP: Recruit tiles);
    ``title`` is what people read: the person's name, or the benefit's effect ("Move 5")."""

    index: int
    name: str
    category: int
    tech: tuple[str, ...] = ()
    condition: tuple[str, int] | None = None
    effect: tuple[str, int] | None = None
    placeholder: bool = False
    title: str = ""


@dataclass(frozen=True)
class StartTileSpec:
    """One start tile and its effects (seed JP: Warm-up); ``title`` is what people read
    ("Body 2 + move 2")."""

    index: int
    name: str
    effects: tuple[tuple[str, int], ...]
    title: str = ""


@dataclass(frozen=True)
class AchievementSpec:
    """One achievement tile (seed JP: Achievements; RULINGS K23); ``title`` is what people
    read ("Two laps"), from the data file."""

    index: int
    name: str
    kind: str
    threshold: int
    points: int
    title: str = ""


@dataclass(frozen=True)
class Config:
    """Everything printed that a game of ``players`` companies needs; shared by all its states."""

    players: int
    companies: tuple[str, ...]
    tiles: tuple[TileSpec, ...]
    circuit_length: int
    price_markers: tuple[tuple[int, ...], ...]  # index 0 = round 1
    white_markers: tuple[int, ...]  # per preference
    buyers_per_preference: int
    active_spaces: int
    market_spaces: int
    investor_spaces: int
    market_marker_start: int
    rounds: int
    recruit: tuple[RecruitSpec, ...]
    stack_size: int
    face_up: int
    engineer_tokens: int
    investment_tokens: int
    workers_per_company: int
    canteen_at_start: int
    tile_min: int
    tile_max: int
    research_start: int
    research_max: int
    research_gap: int
    racing_engine_at_start: int
    team_spaces: tuple[int, ...]
    salesman_service: int
    start_tiles: tuple[StartTileSpec, ...]
    start_tiles_offered: int
    place_points: tuple[int, ...]
    lap_points: tuple[int, ...]
    points_per_lap_beyond: int
    achievements: tuple[AchievementSpec, ...]
    neutral_cars: tuple[int, ...]  # circuit spaces of the 2-player neutral cars
    placeholders: tuple[str, ...]

    @property
    def team_capacity(self) -> int:
        """Workers the racing team holds when every space is full (seed JP: Grand Prix 1)."""
        return sum(self.team_spaces)

    def recruit_of(self, category: int) -> tuple[RecruitSpec, ...]:
        """The recruit tiles of one category, in data order."""
        return tuple(r for r in self.recruit if r.category == category)

    def tile_named(self, name: str) -> TileSpec:
        """The action tile with this name."""
        for tile in self.tiles:
            if tile.name == name:
                return tile
        raise KeyError(name)

    def recruit_named(self, name: str) -> RecruitSpec:
        """The recruit tile with this name."""
        for spec in self.recruit:
            if spec.name == name:
                return spec
        raise KeyError(name)


@cache
def raw_components() -> dict[str, Any]:
    """The parsed component data file (cached; treat as read-only)."""
    text = resources.files("kwcore").joinpath("data/components.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


@cache
def config_for(players: int) -> Config:
    """The frozen configuration for a game of ``players`` companies (2-4)."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Kraftwagen is played by 2 to 4 companies, not {players}")
    d = raw_components()
    key = str(players)
    tiles = tuple(
        TileSpec(i, t["name"], tuple(t["actions"]), bool(t.get("placeholder")),
                 tile_title(t["actions"]))
        for i, t in enumerate(d["action_tiles"]["tiles"])
    )
    recruit: list[RecruitSpec] = []
    for e in d["recruit"]["engineers"]:
        recruit.append(RecruitSpec(len(recruit), e["name"], ENGINEERS, tech=tuple(e["tech"]),
                                   title=e["name"]))
    for e in d["recruit"]["investors"]:
        cond = tuple(e["condition"]) if e["condition"] else None
        recruit.append(RecruitSpec(len(recruit), e["name"], INVESTORS, condition=cond,
                                   title=e["name"]))
    for e in d["recruit"]["benefits"]:
        kind, n = e["effect"]
        recruit.append(
            RecruitSpec(
                len(recruit), e["name"], BENEFITS, effect=(kind, n),
                placeholder=bool(e.get("placeholder")), title=EFFECT_WORDS[kind].format(n=n),
            )
        )
    placeholders = _placeholder_words(tiles, recruit, bool(d["circuit"].get("placeholder")))
    gp = d["grand_prix"]
    return Config(
        players=players,
        companies=tuple(d["companies"][:players]),
        tiles=tiles,
        circuit_length=d["circuit"]["length"],
        price_markers=tuple(tuple(d["price_markers"][str(r)]) for r in range(1, d["rounds"] + 1)),
        white_markers=tuple(d["white_markers"][p] for p in PREFERENCES),
        buyers_per_preference=d["buyers_per_preference"],
        active_spaces=d["active_buyer_spaces"][key],
        market_spaces=d["market_spaces"],
        investor_spaces=d["investor_spaces"],
        market_marker_start=d["market_marker_start"][key],
        rounds=d["rounds"],
        recruit=tuple(recruit),
        stack_size=d["recruit"]["stack_size"],
        face_up=d["recruit"]["face_up"],
        engineer_tokens=d["tokens"]["engineer"],
        investment_tokens=d["tokens"]["investment"],
        workers_per_company=d["workers"]["per_company"],
        canteen_at_start=d["workers"]["canteen_at_start"],
        tile_min=d["tile_values"]["min"],
        tile_max=d["tile_values"]["max"],
        research_start=d["research"]["start"],
        research_max=d["research"]["max"],
        research_gap=d["research"]["max_gap"],
        racing_engine_at_start=d["racing_engine_at_start"],
        team_spaces=tuple(d["racing_team_spaces"]),
        salesman_service=d["salesman_service"],
        start_tiles=tuple(
            StartTileSpec(i, s["name"], tuple((e[0], e[1]) for e in s["effects"]),
                          start_title(s["effects"]))
            for i, s in enumerate(d["start_tiles"])
        ),
        start_tiles_offered=d["start_tiles_offered"][key],
        place_points=tuple(gp["place_points"]),
        lap_points=tuple(gp["lap_points"]),
        points_per_lap_beyond=gp["points_per_lap_beyond"],
        achievements=tuple(
            AchievementSpec(i, a["name"], a["kind"], a["threshold"], a["points"], a["title"])
            for i, a in enumerate(d["achievements"])
        ),
        neutral_cars=tuple(d["two_player"]["neutral_car_spaces"]) if players == 2 else (),
        placeholders=tuple(placeholders),
    )


def tile_title(actions: list[str] | tuple[str, ...]) -> str:
    """An action tile's plain name: its actions in words ("Grand Prix + Attract")."""
    return " + ".join(TILE_WORDS[k] for k in actions)


def start_title(effects: list[list[Any]] | tuple[tuple[str, int], ...]) -> str:
    """A start tile's plain name: its effects in words ("Body 2 + move 2")."""
    text = " + ".join(START_WORDS[kind].format(n=n) for kind, n in effects)
    return text[:1].upper() + text[1:]


def tech_words(tech: str) -> str:
    """A technology marker's plain name ("body +1", "fifth buyer")."""
    return TECH_WORDS.get(tech, tech)


def _placeholder_words(tiles: tuple[TileSpec, ...], recruit: list[RecruitSpec],
                       circuit: bool) -> list[str]:
    """The placeholder data in plain words, for the boards' footnote: which tiles' actions,
    whether the circuit length, which immediate benefits (several copies name one tile)."""
    words = []
    unsure = [t.title for t in tiles if t.placeholder]
    sure = [t.title for t in tiles if not t.placeholder]
    if unsure and len(sure) < len(unsure):
        but = f" but {' and '.join(sure)}" if sure else ""
        words.append(f"the actions of every action tile{but}")
    elif unsure:
        words.append(f"the actions of the tiles {', '.join(unsure)}")
    if circuit:
        words.append("circuit length")
    benefits = [r.title for r in recruit if r.placeholder]
    if benefits:
        words.append(f"{len(benefits)} of the immediate benefits ({', '.join(benefits)})")
    return words


def all_companies() -> tuple[str, ...]:
    """The four company colours, in seat order."""
    return tuple(raw_components()["companies"])


def lap_points(cfg: Config, laps: int) -> int:
    """Reputation for laps completed in one race (seed JP: Scoring phase A; RULINGS K22)."""
    table = cfg.lap_points
    if laps < len(table):
        return table[laps]
    return table[-1] + (laps - len(table) + 1) * cfg.points_per_lap_beyond
