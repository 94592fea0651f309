"""The game state: plain data with a cheap clone, checked apply, undo and an outcome.

Covers the public API of the rules core (docs/architecture.md). The rules themselves live in
``kwcore.rules``; this module holds the data (STYLE 3). The checked and fast paths of ``apply``
(STYLE 6), undo by saved snapshot (STYLE 4), ``clone`` and the outcome (STYLE 11) are
gamecore's skeleton (``gamecore.state.GameState``); this module supplies its hooks: the rules'
apply and legality check, the copies of the mutable parts, and the tie-break (RULINGS K24).
Display and serialization (``str``, ``_repr_svg_``, ``to_json``, ``observation``, ``log``) go
through Kraftwagen's registered description (``kwcore.game``; STYLE 21).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any, ClassVar, NamedTuple

from gamecore.chance import CHANCE, TERMINAL
from gamecore.events import Event
from gamecore.state import GameState, Outcome, slot_copier
from kwcore.actions import TABLE
from kwcore.config import Config, config_for
from kwcore.errors import IllegalActionError

#: The decision frames: what ``State.pending[0]`` says is being decided (docs/architecture.md).
(
    F_DEAL, F_OFFER, F_START, F_REVEAL, F_TILE, F_ORDER, F_RESEARCH, F_PLACE, F_HIRE,
    F_ATTRACT, F_RECRUIT, F_TEAM, F_SELL, F_SWAP, F_MARKET, F_CAR_ENGINE, F_CAR_SERVICE,
    F_CAR_PRICE, F_CAR_TECH, F_POST, F_BUICK, F_END,
) = range(22)
FRAME_NAMES = (
    "deal", "offer", "choose_start", "reveal", "choose_tile", "choose_action", "research",
    "place", "hire", "attract", "recruit", "team", "sell_car", "swap_buyer", "market",
    "car_engine", "car_service", "car_price", "car_tech", "after_market", "buick", "end",
)
FREE_FRAMES = frozenset({F_TILE, F_ORDER, F_MARKET, F_POST})  # RULINGS K5


class Car(NamedTuple):
    """A car on the market (RULINGS K13). Values exclude technology markers; see helpers."""

    owner: int
    body: int
    engine: int
    workers: int
    salesman: bool
    price: int
    tech: int  # index into config.CAR_TECH, or -1
    invested: bool


class Company:
    """One company's board and pieces (seed JP: Company setup). Mutable; owned by one state."""

    __slots__ = (
        "reputation", "canteen", "supply", "team", "salesman", "workshops", "race_engine",
        "body_track", "engine_track", "engineer_tokens", "engineers", "investors", "tech",
        "progress", "last_laps", "cars_placed", "score_parts",
    )

    def __init__(self, cfg: Config) -> None:
        self.reputation = 0
        self.canteen = cfg.canteen_at_start
        self.supply = cfg.workers_per_company - cfg.canteen_at_start
        self.team = 0  # units in the racing team, the salesman included
        self.salesman = "unused"  # unused | box | canteen | team | market | supply
        self.workshops: tuple[tuple[int, int], ...] = ()  # sorted (kind 0 body / 1 engine, value)
        self.race_engine = cfg.racing_engine_at_start
        self.body_track = cfg.research_start
        self.engine_track = cfg.research_start
        self.engineer_tokens = 0
        self.engineers: tuple[int, ...] = ()
        self.investors: tuple[int, ...] = ()  # investor tiles whose token is still unused
        self.tech: tuple[str, ...] = ()  # technology markers held, sorted
        self.progress = 0  # spaces driven in this race; 0 = pit lane
        self.last_laps = 0  # laps of the race last scored (RULINGS K16)
        self.cars_placed = 0
        self.score_parts: tuple[int, int, int, int] = (0, 0, 0, 0)  # sales, GP, achiev., buyers

    def copy(self) -> Company:
        """An independent copy (every field is immutable, so a shallow copy suffices)."""
        return _copy_company(self)

    def as_tuple(self) -> tuple[Any, ...]:
        """All fields, for equality."""
        return _company_fields(self)


_copy_company = slot_copier(Company)
# One C-level getter for every field: ``as_tuple`` and ``State.key`` are called for every
# position a search meets, and a getattr loop was a fifth of a planner's key time.
_company_fields = attrgetter(*Company.__slots__)

SCORE_SOURCES = ("sales", "grand_prix", "achievements", "buyers")


__all__ = ["CHANCE", "SCORE_SOURCES", "TERMINAL", "Car", "Company", "Outcome", "State",
           "new_state"]


class State(GameState):
    """A Kraftwagen position: who decides, what is legal, and everything on the table."""

    __slots__ = (
        "cfg", "seed", "draws", "hidden_scores", "round", "chain", "market_marker", "chart",
        "stacks", "whites", "active", "packard", "buick", "market", "investor_track",
        "face_up", "unseen", "stack_left", "achievements", "eng_supply", "inv_supply",
        "tech_box", "start_offer", "start_order", "companies", "pending", "tile_left",
        "picked", "tech_used", "events", "legal", "history",
    )
    # Fields compared by __eq__ and serialized (history and the legal cache are derived).
    DATA_FIELDS = __slots__[1:-2]
    GAME: ClassVar[str] = "kraftwagen"  # kwcore.serialize.GAME, the registered name
    ACTIONS: ClassVar = TABLE
    WIN_REASON: ClassVar[str] = "highest reputation"  # RULINGS K24
    TIE_BREAK_REASON: ClassVar[str] = "tie broken by engineers"

    cfg: Config
    seed: int | None
    draws: int
    hidden_scores: bool
    round: int
    chain: tuple[int, ...]  # tail first: tile indices, and len(tiles) + company
    market_marker: int
    chart: tuple[int, ...]  # price markers still on the chart
    stacks: tuple[int, ...]  # available buyers per preference
    whites: tuple[tuple[int, ...], ...]  # white markers beside each stack
    active: tuple[int, ...]  # preference per active space, -1 empty
    packard: tuple[int, ...]  # Packard bonus beside each active space, 0 none
    buick: int  # preference of Buick's extra buyer, -1 none
    market: tuple[Car | None, ...]
    investor_track: tuple[int, ...]
    face_up: tuple[tuple[int, ...], ...]  # per recruit category
    unseen: tuple[tuple[int, ...], ...]  # recruit tiles not yet revealed, per category
    stack_left: tuple[int, ...]  # face-down recruit tiles left, per category
    achievements: tuple[int, ...]  # owner per achievement, -1 open
    eng_supply: int
    inv_supply: int
    tech_box: int  # technology markers gone to the box
    start_offer: tuple[int, ...]
    start_order: tuple[int, ...]
    companies: list[Company]
    pending: tuple[Any, ...]  # (frame kind, player, *data); see kwcore.rules
    tile_left: tuple[int, ...]  # actions of the picked tile still to do
    picked: int  # the tile in play this turn, -1 none
    tech_used: bool  # a technology marker was used in this step (RULINGS K5)
    events: list[Event]  # the log, typed values (kwcore.events)
    legal: tuple[int, ...]
    history: list[State]

    # --- the decision interface ---------------------------------------------------------------
    @property
    def players(self) -> int:
        """The number of companies."""
        return self.cfg.players

    @property
    def current_player(self) -> int:
        """The company to decide, ``CHANCE`` (-1) at a chance node, ``TERMINAL`` (-4) at the end.

        Computed from the pending decision, which the rules derive from the tail of the action
        chain (RULINGS K1); never stored separately.
        """
        return int(self.pending[1])

    # These two override gamecore's versions only to skip the ``current_player`` property:
    # ``is_terminal`` is called once per decision in every search and random game.
    def is_chance_node(self) -> bool:
        """True when the next decision is chance's (explicit-chance games only)."""
        return self.pending[1] == CHANCE

    def is_terminal(self) -> bool:
        """True once round 3's scoring phase is over (seed JP: Game end)."""
        return self.pending[1] == TERMINAL

    def decision(self) -> str:
        """A short name of the pending decision (e.g. ``choose_tile``)."""
        return FRAME_NAMES[self.pending[0]]

    def scores(self) -> list[int]:
        """Every company's reputation."""
        return [c.reputation for c in self.companies]

    def tie_break(self, player: int) -> int:
        """Among companies tied on reputation the most engineers wins (RULINGS K24)."""
        return len(self.companies[player].engineers)

    # --- gamecore's hooks: the rules and the mutable parts ----------------------------------
    # The rules (kwcore.rules) import this module, so it cannot import them: kwcore.game binds
    # them here when it registers the game, as it registers the renderers (STYLE 21).
    RULES: ClassVar[Any] = None

    def _apply_id(self, aid: int) -> None:
        """Apply a legal action id and resolve everything automatic after it (the rules')."""
        self.RULES.apply_id(self, aid)

    def _why_illegal(self, action: Any) -> IllegalActionError:
        """The IllegalActionError naming the rule that forbids ``action`` here."""
        error: IllegalActionError = self.RULES.why_illegal(self, action)
        return error

    def _copy_parts(self, other: State) -> None:
        """The companies and the log are the only mutable parts; the rest is immutable."""
        other.companies = [c.copy() for c in self.companies]
        other.events = list(self.events)

    def key(self) -> tuple[Any, ...]:
        """A hashable key of everything that matters for play (no log, no history)."""
        return (*_key_fields(self), tuple(map(_company_fields, self.companies)))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return (
            self.cfg.players == other.cfg.players
            and self.key() == other.key()
            and self.events == other.events
        )

    __hash__ = None

    # --- serialization and display ------------------------------------------------------------
    # ``to_json``, ``observation``, ``log``, ``str`` and ``_repr_svg_`` are gamecore's: they call
    # the serializer and renderers kwcore.game registers for "kraftwagen" (STYLE 21), so this
    # module imports none of kwcore.serialize, kwcore.render and kwcore.svg, which import it.

    def __repr__(self) -> str:
        return f"<kwcore.State {self.players} companies, round {self.round}, {self.decision()}>"


#: The fields ``State.key`` reads besides the companies, in order (the companies' own fields
#: follow as one tuple).
_key_fields = attrgetter(*(n for n in State.DATA_FIELDS if n not in ("companies", "events")))


def new_state(players: int, seed: int | None, hidden_scores: bool = False) -> State:
    """A state before setup chance (used by ``kwcore.new_game``)."""
    cfg = config_for(players)
    s = State.__new__(State)
    s.cfg = cfg
    s.seed = seed
    s.draws = 0
    s.hidden_scores = hidden_scores
    s.round = 0
    s.chain = ()
    s.market_marker = cfg.market_marker_start
    s.chart = ()
    s.stacks = (cfg.buyers_per_preference,) * 4
    s.whites = ((), (), (), ())
    s.active = (-1,) * cfg.active_spaces
    s.packard = (0,) * cfg.active_spaces
    s.buick = -1
    s.market = (None,) * cfg.market_spaces
    s.investor_track = ()
    s.face_up = ((), (), ())
    s.unseen = tuple(tuple(r.index for r in cfg.recruit_of(cat)) for cat in range(3))
    s.stack_left = (cfg.stack_size,) * 3
    s.achievements = (-1,) * len(cfg.achievements)
    s.eng_supply = cfg.engineer_tokens
    s.inv_supply = cfg.investment_tokens
    s.tech_box = 0
    s.start_offer = ()
    s.start_order = ()
    s.companies = [Company(cfg) for _ in range(players)]
    s.pending = (F_END, TERMINAL)
    s.tile_left = ()
    s.picked = -1
    s.tech_used = False
    s.events = []
    s.legal = ()
    s.history = []
    return s
