"""Kraftwagen's log events: one frozen value per kind of event, the rule it reports beside it.

The rules append these to ``State.events``; ``kwcore.render`` words each one (one function per
class), and the position JSON writes each as ``[kind, field, ...]`` (docs/position-format.md,
Log events). Companies are indices into ``Config.companies``, tiles into ``Config.tiles`` (an
``item`` past them is a company marker), recruit tiles into ``Config.recruit``; slots and spaces
count from 0.

- ``deal``: a tile or company marker joins the action chain (seed JP: Setup).
- ``offer``: a start tile is offered (seed JP: Warm-up).
- ``start``: a company takes a start tile (seed JP: Warm-up).
- ``reveal``: a recruit tile is turned face up (RULINGS K12).
- ``round``: a round begins (seed JP: Action phase).
- ``turn``: a company's turn begins (RULINGS K1).
- ``pick``: a company takes an action tile (RULINGS K1).
- ``research``: a company researches (RULINGS K6).
- ``skip``: an action a company cannot carry out is skipped (RULINGS K2).
- ``build``: a company builds a body or engine (RULINGS K7).
- ``hire``: a company hires workers or the salesman (RULINGS K8).
- ``attract``: a company attracts a buyer (RULINGS K9).
- ``market_marker``: every active space is full, the market marker moves (RULINGS K4).
- ``recruit``: a company recruits an engineer or investor (RULINGS K12).
- ``recruit_workers``: a company takes workers instead of a recruit tile (RULINGS K12).
- ``no_token``: no investment token is left for an investor (RULINGS K16).
- ``benefit_void``: a recruit tile's benefit has no effect (RULINGS K12).
- ``team``: a company adds to its racing team (RULINGS K10).
- ``move``: a racing car moves (RULINGS K10, K11).
- ``car``: a company places a car on the market (RULINGS K13).
- ``pass``: a company places no car (RULINGS K13).
- ``invest``: an investment token goes on a car (RULINGS K16).
- ``packard``: a Packard marker goes beside an active buyer (seed JP: Engineers, Packard).
- ``kettering``: a Kettering swap changes a car (RULINGS K20).
- ``achievement``: a company achieves an achievement (RULINGS K23).
- ``scoring``: the scoring phase of a round begins (RULINGS K22).
- ``buick``: Buick's extra buyer is placed (RULINGS K21).
- ``gp_place``: Grand Prix points for a place (RULINGS K22).
- ``gp_laps``: Grand Prix points for laps (RULINGS K22, K30).
- ``sale``: a buyer, an investor or a benefit buys a car (RULINGS K14, K16, K18).
- ``no_sale``: an investor finds no car to buy (RULINGS K16).
- ``unsold``: an unsold car leaves the market (RULINGS K15).
- ``swap_buyer``: a company swaps an active buyer (RULINGS K19).
- ``game_end``: the game ends (RULINGS K24).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.events import Event, event_table


@dataclass(frozen=True, slots=True)
class Deal(Event):
    """A tile or company marker (``item``) joins the action chain."""

    kind = "deal"
    item: int


@dataclass(frozen=True, slots=True)
class Offer(Event):
    """Start tile ``start`` is offered."""

    kind = "offer"
    start: int


@dataclass(frozen=True, slots=True)
class TakeStart(Event):
    """``company`` takes start tile ``start``."""

    kind = "start"
    company: int
    start: int


@dataclass(frozen=True, slots=True)
class Reveal(Event):
    """Recruit tile ``recruit`` is turned face up."""

    kind = "reveal"
    recruit: int


@dataclass(frozen=True, slots=True)
class Round(Event):
    """Round ``round`` begins."""

    kind = "round"
    round: int


@dataclass(frozen=True, slots=True)
class Turn(Event):
    """``company``'s turn begins."""

    kind = "turn"
    company: int


@dataclass(frozen=True, slots=True)
class Pick(Event):
    """``company`` takes action tile ``tile``."""

    kind = "pick"
    company: int
    tile: int


@dataclass(frozen=True, slots=True)
class Research(Event):
    """``company`` researches on ``track``, reaching ``body`` and ``engine``."""

    kind = "research"
    company: int
    track: int
    body: int
    engine: int


@dataclass(frozen=True, slots=True)
class Skip(Event):
    """``company`` cannot carry out the action of kind ``action`` (``ACTION_KINDS``)."""

    kind = "skip"
    company: int
    action: int


@dataclass(frozen=True, slots=True)
class Build(Event):
    """``company`` builds a body (``part`` 0) or engine (1) of ``value``, placed at ``where``
    (``_PLACE_WORDS``), returning the workshop's ``(part, value)`` or None."""

    kind = "build"
    company: int
    part: int
    value: int
    where: int
    returned: tuple[int, int] | None


@dataclass(frozen=True, slots=True)
class Hire(Event):
    """``company`` hires ``workers`` workers, and the salesman if ``salesman``."""

    kind = "hire"
    company: int
    workers: int
    salesman: bool


@dataclass(frozen=True, slots=True)
class Attract(Event):
    """``company`` attracts a buyer of preference ``pref`` to active ``space``, taking white
    markers worth ``points``."""

    kind = "attract"
    company: int
    pref: int
    space: int
    points: int


@dataclass(frozen=True, slots=True)
class MarketMarker(Event):
    """Every active space is full: the market marker moves down to ``marker``."""

    kind = "market_marker"
    company: int
    marker: int


@dataclass(frozen=True, slots=True)
class Recruit(Event):
    """``company`` recruits ``recruit``."""

    kind = "recruit"
    company: int
    recruit: int


@dataclass(frozen=True, slots=True)
class RecruitWorkers(Event):
    """``company`` takes ``workers`` workers from the supply."""

    kind = "recruit_workers"
    company: int
    workers: int


@dataclass(frozen=True, slots=True)
class NoToken(Event):
    """No investment token is left for ``recruit``."""

    kind = "no_token"
    company: int
    recruit: int


@dataclass(frozen=True, slots=True)
class BenefitVoid(Event):
    """``recruit`` has no effect for ``company``."""

    kind = "benefit_void"
    company: int
    recruit: int


@dataclass(frozen=True, slots=True)
class Team(Event):
    """``company`` adds ``workers`` (and the salesman) to its racing team, now ``team``."""

    kind = "team"
    company: int
    workers: int
    salesman: bool
    team: int


@dataclass(frozen=True, slots=True)
class Move(Event):
    """``company``'s car moves ``steps`` from progress ``start`` to ``end``, passing the cars of
    ``passed`` (companies; -1 a neutral car)."""

    kind = "move"
    company: int
    steps: int
    start: int
    end: int
    passed: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class PlaceCar(Event):
    """``company`` puts a car on market ``slot``."""

    kind = "car"
    company: int
    slot: int


@dataclass(frozen=True, slots=True)
class Pass(Event):
    """``company`` places no car."""

    kind = "pass"
    company: int


@dataclass(frozen=True, slots=True)
class Invest(Event):
    """``company`` puts ``investor``'s investment token on market ``slot``."""

    kind = "invest"
    company: int
    investor: int
    slot: int


@dataclass(frozen=True, slots=True)
class Packard(Event):
    """``company`` places a Packard +``bonus`` marker beside active ``space``."""

    kind = "packard"
    company: int
    bonus: int
    space: int


@dataclass(frozen=True, slots=True)
class Kettering(Event):
    """``company`` swaps ``part`` (``_PART_WORDS``) of the car on ``slot`` from ``old`` to
    ``new``."""

    kind = "kettering"
    company: int
    slot: int
    part: int
    old: int
    new: int


@dataclass(frozen=True, slots=True)
class Achievement(Event):
    """``company`` achieves ``achievement`` for ``points``."""

    kind = "achievement"
    company: int
    achievement: int
    points: int


@dataclass(frozen=True, slots=True)
class Scoring(Event):
    """The scoring phase of ``round``."""

    kind = "scoring"
    round: int


@dataclass(frozen=True, slots=True)
class Buick(Event):
    """``company`` places Buick's extra buyer of ``pref`` (``points`` taken)."""

    kind = "buick"
    company: int
    pref: int
    points: int


@dataclass(frozen=True, slots=True)
class GpPlace(Event):
    """Grand Prix: ``company`` places ``place`` (``tied`` cars share it), ``points``."""

    kind = "gp_place"
    company: int
    place: int
    tied: int
    points: int


@dataclass(frozen=True, slots=True)
class GpLaps(Event):
    """Grand Prix: ``company`` completed ``laps`` laps, ``points``."""

    kind = "gp_laps"
    company: int
    laps: int
    points: int


@dataclass(frozen=True, slots=True)
class Sale(Event):
    """The car on ``slot`` of ``company`` is bought by ``source`` ("buyer", "investor" or
    "benefit"): ``buyer`` is the preference, the investor, or -1; ``points`` and the Packard
    ``bonus``."""

    kind = "sale"
    company: int
    slot: int
    source: str
    buyer: int
    points: int
    bonus: int


@dataclass(frozen=True, slots=True)
class NoSale(Event):
    """Investor ``recruit`` finds no car to buy."""

    kind = "no_sale"
    recruit: int


@dataclass(frozen=True, slots=True)
class Unsold(Event):
    """An unsold car of ``company`` leaves the market."""

    kind = "unsold"
    company: int


@dataclass(frozen=True, slots=True)
class SwapBuyer(Event):
    """``company`` swaps active ``space``'s buyer ``old`` for ``new``, taking white markers worth
    ``points``."""

    kind = "swap_buyer"
    company: int
    space: int
    old: int
    new: int
    points: int


@dataclass(frozen=True, slots=True)
class GameEnd(Event):
    """The game ends."""

    kind = "game_end"


#: Every event class, by its kind.
EVENTS = event_table((Deal, Offer, TakeStart, Reveal, Round, Turn, Pick, Research, Skip, Build,
                      Hire, Attract, MarketMarker, Recruit, RecruitWorkers, NoToken, BenefitVoid,
                      Team, Move, PlaceCar, Pass, Invest, Packard, Kettering, Achievement,
                      Scoring, Buick, GpPlace, GpLaps, Sale, NoSale, Unsold, SwapBuyer, GameEnd))
