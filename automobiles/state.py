"""Automobiles' state: plain data on gamecore's skeleton (checked apply, clone, undo, outcome).

Every field is an int, a str or a tuple (of ints or tuples), the log included, so a clone shares
them all (STYLE 3) and gamecore's default ``_copy_parts`` is right: the log too, kept as
shared chunks (``log_chunks``, ``log_tail``; read as ``events``). Whose turn it is is computed
from the phase, the start order and the number of turns taken (STYLE 7), never stored. The rules
live in ``automobiles.rules`` (bound here as ``State.RULES`` by ``automobiles.game``, so this
module imports neither the rules nor a renderer; STYLE 21).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain
from typing import Any, ClassVar

from gamecore.chance import weighted_outcomes
from gamecore.errors import IllegalActionError
from gamecore.events import Event
from gamecore.state import GameState, Outcome, ranked_outcome

from .actions import TABLE
from .config import CUBES, NAME, Config, TrackSpec, config_for
from .events import LogCut

#: The phases of the game, in the order a race meets them (AU-08..AU-22): ``cards`` while
#: chance deals a random card set; ``drivers`` while chance deals the drivers on offer,
#: ``driver`` while the players take them (AU-24, RA7); between the races of a season with
#: sponsors, ``sponsors`` while chance deals the sponsors on offer and ``sponsor`` while the
#: players choose theirs and carry out its effect (AU-26, AU-79..AU-84).
PHASES = ("cards", "order", "drivers", "driver", "prebuy", "draw", "action", "place", "card",
          "buy", "over", "sponsors", "sponsor")
Counts = tuple[int, ...]  # one count per cube kind, in CUBES order
#: Lines a log chunk holds (``State.log_chunks``): adding a line copies the tail, fewer than
#: this many, and every LOG_CHUNK lines the tuple of chunks (the longest season, ten 5-player
#: races of 8 laps, logs about 45,000 lines: some 700 chunks).
LOG_CHUNK = 64
#: The log keeps at most about this many events: a position must stay small enough to save and
#: load at once, yet a race of random moves may log 400,000 events (measured:
#: ``benchmarks/bench_racing_positions.py``). Once the log passes LOG_LIMIT, the events after
#: the first chunk (the setup) are cut down to the last ones, so that LOG_KEEP events remain,
#: and one ``LogCut`` event in their place counts the events no longer kept. Whole chunks, so
#: that a cut depends on the events alone (a loaded log is cut exactly as the saved one).
LOG_LIMIT = 320 * LOG_CHUNK
LOG_KEEP = 256 * LOG_CHUNK
#: One event as the log keeps it: its class (automobiles.events) and its fields, in order.
LogRecord = tuple[Any, ...]
#: A gear cube on the track this turn: (cube, space, segment, laps completed there).
Placed = tuple[int, int, int, int]


class State(GameState):
    """A position of one race: piles, stock, cars, the turn in progress and the log."""

    __slots__ = ("players", "track", "cards", "laps", "weaving", "seed", "draws", "order", "bag",
                 "active", "used", "discard", "stock", "car_space", "car_seg", "car_laps", "turn",
                 "phase", "money", "buyer", "route", "playing", "drawing", "effect", "flags",
                 "crate", "drivers", "pool", "gained", "races", "race", "points", "sponsored",
                 "sponsors", "offer", "log_chunks", "log_tail",
                 "legal", "history")
    #: The fields compared by ``==`` and written to JSON (the legal cache and history derive);
    #: the log as ``events``, the one tuple its two slots make.
    DATA_FIELDS: ClassVar[tuple[str, ...]] = __slots__[:-4] + ("events",)
    GAME: ClassVar[str] = NAME
    ACTIONS: ClassVar = TABLE
    RULES: ClassVar[Any]  # automobiles.rules, bound by automobiles.game
    WIN_REASON: ClassVar[str] = "furthest car (AU-22)"
    TIE_BREAK_REASON: ClassVar[str] = "as far, further inside (AU-22)"

    players: int
    track: str  # the track's name in the component data (RA3)
    cards: tuple[int, ...]  # the card index in play per action colour (AU-08)
    laps: int  # laps of the race (AU-20)
    weaving: bool  # the Weaving option: a cube on any free segment of its space (AU-23)
    seed: int | None
    draws: int  # chance draws taken from the seed so far
    order: tuple[int, ...]  # seats in start (= turn and grid) order, drawn by chance (AU-09)
    bag: tuple[Counts, ...]  # per seat
    active: tuple[Counts, ...]
    used: tuple[Counts, ...]  # played cubes (those on the track too), bought and gained cubes
    discard: tuple[Counts, ...]
    stock: Counts  # the public stock (AU-15, RA2)
    car_space: tuple[int, ...]  # per seat: the space, segment and laps completed of its car
    car_seg: tuple[int, ...]
    car_laps: tuple[int, ...]
    turn: int  # turns finished; the seat in turn is order[turn % players]
    phase: str  # one of PHASES
    money: int  # money left in a buy phase or before the race (AU-11, AU-14)
    buyer: int  # the grid position buying before the race (AU-11)
    route: tuple[Placed, ...]  # the gear cubes placed this turn, in order (AU-12)
    playing: int  # the gear cube played and not yet placed (-1: none)
    drawing: tuple[tuple[int, int], ...]  # (seat, cubes still to draw), in order (AU-19)
    effect: tuple[int, ...]  # the card effect in progress (board.MOVE etc.), () for none
    flags: int  # the turn's lasting card effects (board.AERO, REDLINE, FUEL, ADRENALINE, ...)
    crate: int  # Crate Engine cubes played this turn (AU-59)
    drivers: tuple[int, ...]  # per seat its driver 0-9 or -1; () without drivers (AU-24)
    pool: tuple[int, ...]  # the drivers on offer during the draft (RA7)
    gained: int  # wear gained in this turn's wear phase (Josh Trin, Mike Skipjack)
    races: int  # races of the season, 1 for a single race (AU-25)
    race: int  # the race in progress, 0 for the first
    points: tuple[int, ...]  # per seat the season's points so far (AU-25, RA7)
    sponsored: bool  # a season with sponsors (AU-26)
    sponsors: tuple[int, ...]  # per seat its sponsor 0-17 or -1; () without sponsors (AU-26)
    offer: tuple[int, ...]  # the sponsors on offer between races (RA7)
    #: The log in two parts, so that adding a line is cheap and a clone shares the log: the
    #: full chunks of LOG_CHUNK lines, and the lines after them. A tuple grown a line at a time
    #: copied the whole log per line, quadratic in a race's ~2,400 lines; a chain of lines
    #: ``(line, earlier)`` would nest thousands deep, deeper than ``==``, ``deepcopy`` and
    #: pickle recurse. Read it as ``events``.
    log_chunks: tuple[tuple[LogRecord, ...], ...]
    log_tail: tuple[LogRecord, ...]
    legal: tuple[int, ...]
    history: list[State]

    @property
    def events(self) -> tuple[Event, ...]:
        """The race's log as typed events (automobiles.events), first first: made from the
        chunks' records ``(class, field, ...)`` on each read; ``render.event_log`` words them."""
        return tuple(r[0](*r[1:]) for r in chain(chain.from_iterable(self.log_chunks),
                                                 self.log_tail))

    @events.setter
    def events(self, events: Sequence[Event]) -> None:
        self.set_records(tuple((type(e), *e.values()) for e in events))

    def set_records(self, lines: Sequence[LogRecord]) -> None:
        """Set the log from its records ``(class, field, ...)`` (as ``events`` does from the
        events)."""
        lines = tuple(lines)
        full = len(lines) - len(lines) % LOG_CHUNK
        self.log_chunks = tuple(tuple(lines[i:i + LOG_CHUNK]) for i in range(0, full, LOG_CHUNK))
        self.log_tail = tuple(lines[full:])

    def cut_log(self) -> None:
        """Keep the log within LOG_LIMIT (called when a chunk fills): once it is longer, keep
        the first chunk, one ``LogCut`` counting the events dropped, and the latest events, so
        that LOG_KEEP remain in all."""
        if len(self.log_chunks) * LOG_CHUNK + len(self.log_tail) <= LOG_LIMIT:
            return
        lines = tuple(chain(chain.from_iterable(self.log_chunks), self.log_tail))
        head, rest, earlier = lines[:LOG_CHUNK], lines[LOG_CHUNK:], 0
        if rest and rest[0][0] is LogCut:
            earlier, rest = rest[0][1], rest[1:]
        drop = len(rest) - (LOG_KEEP - LOG_CHUNK - 1)
        self.set_records(head + ((LogCut, earlier + drop),) + rest[drop:])

    @property
    def cfg(self) -> Config:
        """The shared component configuration, the same for every player count (never copied
        into the state, its JSON or its clones)."""
        return config_for(self.players)

    @property
    def track_spec(self) -> TrackSpec:
        """The track of this race."""
        return self.cfg.tracks[self.track]

    @property
    def current_player(self) -> int:
        """The seat to decide, ``CHANCE`` (-1) at a chance node, ``TERMINAL`` (-4) at the end."""
        return self.RULES.current_player(self)

    def is_terminal(self) -> bool:
        """True once the race (or season) is over: read from the phase directly, as
        ``current_player`` does, since every search loop asks it at each step."""
        return self.phase == "over"

    @property
    def mover(self) -> int:
        """The seat whose turn it is (during the race)."""
        return self.order[self.turn % self.players]

    def _apply_id(self, action_id: int) -> None:
        self.RULES.apply_id(self, action_id)

    def _why_illegal(self, action: Any) -> IllegalActionError:
        return self.RULES.why_illegal(self, action)

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        """A draw: each colour in the bag with probability count / bag size (AU-19); the start
        order: each seat not yet placed, uniformly (AU-09); a random card set: each card of
        the next colour, uniformly (AU-08); the drivers and sponsors on offer: each one not
        yet dealt (nor, for sponsors, held), uniformly (AU-24, AU-26, RA7)."""
        if self.is_chance_node() and self.phase == "draw":
            bag = self.bag[self.drawing[0][0]]
            return weighted_outcomes([(a, bag[a.cube]) for a in self.legal_actions()])
        return super().chance_outcomes()

    def scores(self) -> list[int]:
        """Each car's distance: laps completed times the lap's units plus its unit (AU-22); in
        a season, each player's points (AU-25)."""
        if self.races > 1:
            return list(self.points)
        return [self.RULES.distance(self, p) for p in range(self.players)]

    def outcome(self) -> Outcome | None:
        """The race's outcome (the furthest car, AU-22), or the season's (the most points,
        AU-25; equal points to the better place in the last race)."""
        if self.races == 1 or not self.is_terminal():
            return super().outcome()
        return ranked_outcome(tuple(self.points), self.tie_break,
                              "most points in the season (AU-25, RA7)",
                              "equal points, the better place in the last race")

    def tie_break(self, player: int) -> int:
        """As far: the car further inside wins (AU-22; lane 0 is the inner one); in a season,
        equal points go to the better place in the last race (engine decision)."""
        if self.races > 1:
            return -self.RULES.position_order(self).index(player)
        return -self.track_spec.spaces[self.car_space[player]].lane

    def __repr__(self) -> str:
        return f"<automobiles.State {self.players} players, {self.phase}, turn {self.turn + 1}>"


def new_state(players: int, seed: int | None, track: str, cards: tuple[int, ...],
              laps: int, weaving: bool = False, drivers: bool = False,
              races: int = 1, sponsored: bool = False) -> State:
    """A state before setup: empty piles, the full stock, no start order yet."""
    cfg = config_for(players)
    none: Counts = (0,) * len(CUBES)
    s = State.__new__(State)
    s.players, s.track, s.cards, s.laps, s.weaving = players, track, cards, laps, weaving
    s.seed, s.draws, s.order = seed, 0, ()
    s.bag = s.active = s.used = s.discard = (none,) * players
    s.stock = tuple(c.stock for c in cfg.cubes)
    s.car_space = s.car_seg = s.car_laps = (0,) * players
    s.turn, s.phase, s.money, s.buyer = 0, "order" if len(cards) == 5 else "cards", 0, 0
    s.route, s.playing, s.drawing, s.effect = (), -1, (), ()
    s.log_chunks, s.log_tail = (), ()
    s.flags = s.crate = s.gained = 0
    s.drivers, s.pool = (-1,) * players if drivers else (), ()
    s.races, s.race, s.points = races, 0, (0,) * players
    s.sponsored, s.sponsors, s.offer = sponsored, (-1,) * players if sponsored else (), ()
    s.legal, s.history = (), []
    return s
