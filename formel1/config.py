"""Formel 1's component data and configuration: the cards, the track, the prize chart, money.

Covers F1-02 to F1-05 and F1-30 (the numbers of the seed) and the synthetic data of RF1 (the 49
cards) and RF2 (the standard track). Every number comes from one file,
``formel1/data/components.json``; this module loads and validates it once into frozen objects
that states point to and never copy (STYLE 2). Synthetic items are marked there and here
(``CardSpec.synthetic``, ``Track.synthetic``), so renderers can flag them.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

NAME = "formel1"
TITLE = "Formel 1 Nürburgring"
MIN_PLAYERS, MAX_PLAYERS = 2, 6  # F1-01
#: The pseudo-colour of a white number (F1-25) in a card's numbers.
WHITE = -1
#: A car's position once it has crossed the finish line (it leaves the track, RF5).
FINISHED = -2
#: A car's position before it is revealed and placed on the grid (F1-17).
OFF = -1
#: The most races a game may have; it bounds cash and with it the bid actions (F1-33).
MAX_RACES = 10
#: Known variants (RF9), all built: the no-car variant (F1-38, F1-39), the two-lap forms
#: (F1-40 discard piles picked up, F1-41 a double deck) and the White 3/2/1 substitute (F1-04,
#: F1-26). The new track (F1-34 .. F1-37) is chosen as ``track="new"``.
VARIANTS = ("no_car", "two_laps_discards", "two_laps_double_deck", "white321")
#: Offers and promises a carless player may make in one turn (RF9: keeps games finite).
MAX_OFFERS = 2
#: The two-lap forms (F1-40, F1-41): at most one of them.
TWO_LAPS = ("two_laps_discards", "two_laps_double_deck")

#: What each colour carries over the deck, per RF1 (tested in config validation).
RF1_COLOUR_NUMBERS = Counter([10, 5, 6, 4, 2, 6, 4, 2, 1, 6, 4, 1, 6, 5, 4, 3, 2, 1, 3])
RF1_WHITE_NUMBERS = Counter([5] * 6 + [2] * 6 + [10])
SWITCH_PAIRS = (("Black", "Yellow"), ("Blue", "Orange"), ("Red", "Green"))  # F1-27


@dataclass(frozen=True)
class CardSpec:
    """One kind of movement card: its numbers top to bottom (F1-20) as (colour index or WHITE,
    amount), or the pair of a switch card (F1-27); ``copies`` in the 49-card deck."""

    index: int
    name: str
    numbers: tuple[tuple[int, int], ...]
    switch: tuple[int, int] | None
    copies: int
    synthetic: bool

    @property
    def pictured(self) -> frozenset[int]:
        """The colours pictured on the card (a white number may not move them, F1-25)."""
        cars = {c for c, _ in self.numbers if c != WHITE}
        return frozenset(cars | set(self.switch or ()))


@dataclass(frozen=True)
class Cell:
    """One space of the track (RF2): its row (the progress), its lane (0 = inner) and flags."""

    row: int
    lane: int
    corner: bool
    chicane: bool
    final: bool
    unequal: bool


@dataclass(frozen=True)
class Track:
    """A track as a directed graph of cells (RF2): ``ahead[i]`` are the cells one step from
    cell ``i`` (straight or diagonal, F1-21); a step from the last row crosses the finish line.
    ``grid`` lists the six start cells, pole first (F1-17).

    The same graph as bitmasks, built once at load for the movement search (bit ``i`` is cell
    ``i``): ``step_masks[i]`` are the cells one step from ``i`` (``ahead``, or ``wrap`` from the
    last row), ``last_row_mask`` the cells of the last row; ``finish_bit``, one past the cells,
    stands for the finish line."""

    name: str
    rows: int
    lanes: int
    cells: tuple[Cell, ...]
    ahead: tuple[tuple[int, ...], ...]
    wrap: tuple[tuple[int, ...], ...]  # from a last-row cell over the line onto row 0 (F1-40)
    by_row: tuple[tuple[int, ...], ...]
    grid: tuple[int, ...]
    final_rows: int
    synthetic: bool
    #: F1-37: before each race as many cards as players are removed (the new track).
    remove_per_player: bool
    step_masks: tuple[int, ...] = ()
    last_row_mask: int = 0
    #: The cells one step from each set of cells (by mask) asked so far (``step_mask_of``).
    successors: dict[int, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def finish_bit(self) -> int:
        """The bit of an end mask that stands for crossing the finish line."""
        return 1 << len(self.cells)

    def step_mask_of(self, cells: int) -> int:
        """The cells one step from any cell of the mask ``cells``. Memoised: a movement's
        frontier is a few cells of one or two rows, so few masks ever occur."""
        out = self.successors.get(cells)
        if out is None:
            out, rest = 0, cells
            while rest:
                low = rest & -rest
                out |= self.step_masks[low.bit_length() - 1]
                rest ^= low
            self.successors[cells] = out
        return out

    def cell_at(self, row: int, lane: int) -> int | None:
        """The index of the cell at ``row`` and ``lane``, None if there is none."""
        for i in self.by_row[row] if 0 <= row < self.rows else ():
            if self.cells[i].lane == lane:
                return i
        return None

    def label(self, cell: int) -> str:
        """A cell's name: row and lane letter, ``23b`` (lane a is the inner lane)."""
        c = self.cells[cell]
        return f"{c.row}{'abcdefgh'[c.lane]}"


@dataclass(frozen=True)
class Config:
    """Everything printed that a game needs; shared by all its states (never copied)."""

    colours: tuple[str, ...]
    kinds: tuple[CardSpec, ...]
    deck: tuple[int, ...]  # the 49 cards as kind indices (the White 10 included)
    white10: int  # the kind of the White 10, removed by default (F1-04)
    white321: int  # the kind of the substitute card (F1-04)
    starting_money: int
    bid_step: int
    min_price: int
    late_minimum: int
    forced_price: int
    dealer_price: int
    prizes: tuple[int, ...]
    tracks: dict[str, Track]

    def race_deck(self, variants: frozenset[str]) -> tuple[int, ...]:
        """The cards of one race: the 49 without the White 10, with the White 3/2/1 in its
        place in the ``white321`` variant (F1-04); twice over for the double deck of the
        second two-lap form (F1-41)."""
        deck = list(self.deck)
        deck.remove(self.white10)
        if "white321" in variants:
            deck.append(self.white321)
        if "two_laps_double_deck" in variants:
            deck *= 2
        return tuple(sorted(deck))

    def max_cash(self, races: int) -> int:
        """The most money a player can win over ``races`` races (his starting money and every
        prize each race), when no money changes hands between players."""
        return self.starting_money + races * sum(self.prizes)

    def max_holding(self, races: int) -> int:
        """The most money one player can ever hold in a game of ``races`` races: all the
        starting money of the largest table plus every prize of every race. The no-car
        variant's bargains move money between players (F1-39), so this, not ``max_cash``,
        bounds a bid or a price there; it keeps the action table finite."""
        return MAX_PLAYERS * self.starting_money + races * sum(self.prizes)


def _card_name(numbers: tuple[tuple[int, int], ...], switch: tuple[int, int] | None,
               colours: tuple[str, ...]) -> str:
    if switch is not None:
        return f"Switch {colours[switch[0]]}-{colours[switch[1]]}"
    return " / ".join(f"{'White' if c == WHITE else colours[c]} {n}" for c, n in numbers)


def _colour(name: str, colours: tuple[str, ...]) -> int:
    return WHITE if name == "White" else colours.index(name)


def _kinds(raw: dict[str, Any], colours: tuple[str, ...]) -> tuple[tuple[CardSpec, ...],
                                                                    tuple[int, ...]]:
    """The distinct kinds of card (identical cards share a kind) and the deck as kinds."""
    specs: list[CardSpec] = []
    by_name: dict[str, int] = {}
    deck: list[int] = []
    for card in [*raw["cards"], raw["white321"]]:
        numbers = tuple((_colour(c, colours), n) for c, n in card["numbers"])
        switch = None if card["switch"] is None else \
            (colours.index(card["switch"][0]), colours.index(card["switch"][1]))
        name = _card_name(numbers, switch, colours)
        if name not in by_name:
            by_name[name] = len(specs)
            specs.append(CardSpec(len(specs), name, numbers, switch, 0, card["synthetic"]))
        if card is not raw["white321"]:
            deck.append(by_name[name])
    counts = Counter(deck)
    kinds = tuple(CardSpec(s.index, s.name, s.numbers, s.switch, counts[s.index], s.synthetic)
                  for s in specs)
    return kinds, tuple(deck)


def _track(name: str, raw: dict[str, Any]) -> Track:
    cells = tuple(Cell(c["row"], c["lane"], c["corner"], c["chicane"], c["final"],
                       c["unequal"]) for c in raw["cells"])
    rows = raw["rows"]
    by_row = tuple(tuple(i for i, c in enumerate(cells) if c.row == r) for r in range(rows))
    where = {(c.row, c.lane): i for i, c in enumerate(cells)}
    ahead = tuple(steps_from(cells, where, i) for i in range(len(cells)))
    wrap = tuple(tuple(sorted(where[(0, lane)] for lane in (c.lane - 1, c.lane, c.lane + 1)
                              if (0, lane) in where)) if c.row == rows - 1 else ()
                 for c in cells)
    grid = tuple(where[(r, lane)] for r, lane in raw["grid"])
    step_masks = tuple(sum(1 << j for j in (ahead[i] or wrap[i])) for i in range(len(cells)))
    last_row_mask = sum(1 << i for i in by_row[rows - 1])
    return Track(name, rows, raw["lanes"], cells, ahead, wrap, by_row, grid, raw["final_rows"],
                 raw["synthetic"], raw["remove_per_player"], step_masks, last_row_mask)


def steps_from(cells: tuple[Cell, ...], where: dict[tuple[int, int], int], i: int
               ) -> tuple[int, ...]:
    """The cells one step ahead of cell ``i`` (F1-21, RF2): straight ahead or diagonally
    ahead into a neighbouring lane of the next row. In an unequal corner (the new track) the
    inner lane is shorter: straight ahead is the lane's next cell, which may be two rows on, and
    no step changes lane between two unequal cells (F1-34); entering or leaving the corner may
    (F1-36)."""
    here = cells[i]
    row = here.row + 1
    if (row, here.lane) not in where and here.unequal:
        row = min((c.row for c in cells if c.lane == here.lane and c.row > here.row),
                  default=row)
    out = []
    for lane in (here.lane - 1, here.lane, here.lane + 1):
        j = where.get((row, lane))
        if j is not None and not (lane != here.lane and here.unequal and cells[j].unequal):
            out.append(j)
    return tuple(sorted(out))


def validate(config: Config) -> None:
    """Check the data against RF1 and RF2; ValueError naming what is wrong."""
    if len(config.deck) != 49:
        raise ValueError(f"the deck has {len(config.deck)} cards, not 49 (F1-02, RF1)")
    for c, colour in enumerate(config.colours):
        numbers = Counter(n for k in config.deck for cc, n in config.kinds[k].numbers if cc == c)
        if numbers != RF1_COLOUR_NUMBERS:
            raise ValueError(f"{colour}'s numbers are {sorted(numbers.elements())}, not RF1's")
    white = Counter(n for k in config.deck for c, n in config.kinds[k].numbers if c == WHITE)
    if white != RF1_WHITE_NUMBERS:
        raise ValueError(f"the white numbers are {sorted(white.elements())}, not RF1's")
    switches = sorted(config.kinds[k].switch or () for k in config.deck
                      if config.kinds[k].switch)
    pairs = sorted((config.colours.index(a), config.colours.index(b)) for a, b in SWITCH_PAIRS)
    if switches != pairs:
        raise ValueError("the switch cards are not the seed's three pairs (F1-27)")
    if len(config.prizes) != len(config.colours):
        raise ValueError("the prize chart has one prize per car (F1-30)")
    for track in config.tracks.values():
        _validate_track(track)


def _validate_track(track: Track) -> None:
    """RF2: every row has a cell, every cell a step ahead (but the last row), the grid is two
    rows of three behind the line with the pole inside, the final straightaway its last rows."""
    if any(not cells for cells in track.by_row):
        raise ValueError(f"track {track.name}: a row without cells")
    for i, cell in enumerate(track.cells):
        if cell.row < track.rows - 1 and not track.ahead[i]:
            raise ValueError(f"track {track.name}: cell {track.label(i)} is a dead end")
        if cell.row == track.rows - 1 and cell.unequal:
            raise ValueError(f"track {track.name}: the last row is no corner")
        if cell.final != (cell.row >= track.rows - track.final_rows):
            raise ValueError(f"track {track.name}: cell {track.label(i)}'s final flag (RF2)")
    grid = [track.cells[i] for i in track.grid]
    two_rows = [(r, lane) for r in (0, 1) for lane in (0, 1, 2)]
    if len(set(track.grid)) != 6 or grid[0].lane != 0 or grid[0].row != 1 \
            or sorted((c.row, c.lane) for c in grid) != two_rows:
        raise ValueError(f"track {track.name}: the grid is 2 rows of 3, pole inside (RF2)")


@cache
def load() -> Config:
    """The configuration read from the data file once, validated (RF1, RF2)."""
    text = resources.files("formel1").joinpath("data/components.json").read_text("utf-8")
    return from_data(json.loads(text))


def from_data(raw: dict[str, Any]) -> Config:
    """A validated configuration from the data file's dict (tests pass altered copies)."""
    colours = tuple(raw["colours"])
    kinds, deck = _kinds(raw, colours)
    names = [k.name for k in kinds]
    config = Config(
        colours=colours, kinds=kinds, deck=deck,
        white10=names.index("White 10"), white321=names.index("White 3 / White 2 / White 1"),
        starting_money=raw["starting_money"], bid_step=raw["bid_step"],
        min_price=raw["min_price"], late_minimum=raw["late_minimum"],
        forced_price=raw["forced_price"], dealer_price=raw["dealer_price"],
        prizes=tuple(raw["prizes"]),
        tracks={name: _track(name, t) for name, t in raw["tracks"].items()})
    validate(config)
    return config


@cache
def config_for(players: int) -> Config:
    """The configuration of a game of ``players`` (2 to 6, F1-01). The rules print one set of
    components for every player count, so this is the same shared ``load()`` for all."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Formel 1 is played by {MIN_PLAYERS} to {MAX_PLAYERS} players, "
                         f"not {players}")
    return load()


#: The six car colours in car order (F1-02): a constant of the game.
COLOURS = load().colours
