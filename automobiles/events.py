"""Automobiles' log events: one frozen value per kind of event, the rule it reports beside it.

The rules (``rules``, ``board``, ``cards``, ``sponsors``) append these to the state's log
(``State.events``, kept in shared chunks); ``automobiles.render`` words each one (one function
per class) only when the log is read; the position JSON writes each as ``[kind, field, ...]``
(docs/position-format-automobiles.md, Log events). Seats count from 0; cubes are indices into
``CUBES``, cards into ``Config.cards`` (a ``source`` past them is a driver), drivers into
``Config.drivers``, sponsors into ``Config.sponsors``, spaces into the track's spaces; piles are
0 active, 1 discard, 2 used, 3 bag; money in dollars.

- ``deal`` (card): Card ``card`` is dealt as the card of its colour (AU-08).
- ``grid`` (seat, slot): ``seat`` starts on grid position ``slot`` of the track, with its money
  (AU-09, RA3).
- ``driver`` (seat, driver): ``seat`` takes the driver ``driver`` (AU-24, RA7).
- ``refill`` (seat): ``seat`` puts the discard back into the bag (AU-19).
- ``buy`` (seat, cube, cost): ``seat`` buys a ``cube`` for ``cost`` (a race's buy phase or a
  sponsor's money) (AU-11, AU-79).
- ``unspent`` (seat, money): ``seat`` loses ``money`` unspent (AU-11, AU-79).
- ``adrenaline`` (seat, gained): ``seat`` gained ``gained`` positions in the car phase (AU-66).
- ``josh_trin`` (seat, spaces): ``seat`` may move up to ``spaces`` light-grey spaces (AU-69).
- ``redline`` (seat, colour): ``seat`` uses a white cube as ``colour`` (AU-47).
- ``pit_stop`` (seat, wear): ``seat`` makes a pit stop, removing ``wear`` (AU-13).
- ``car_moves`` (seat, spaces, space, crossed, lap): ``seat``'s car moves ``spaces`` to ``space``,
  completing ``lap`` if ``crossed`` (AU-16, RA5).
- ``aerodynamics`` (seat): ``seat`` counts as drafting: no wear for the move (AU-40).
- ``drafts`` (seat): ``seat`` drafts: no wear for the move (AU-33, RA2).
- ``crate_engine`` (seat, spaces): The cars behind ``seat`` may move ``spaces`` (AU-22, RA6).
- ``follow`` (seat, space, source, crate): ``seat``'s car moves to ``space`` by card or driver
  ``source`` (no wear if ``crate``) (AU-69, AU-74).
- ``race_over`` (rounds): The race is over after ``rounds`` (AU-25).
- ``race_points`` (race, races, order, points, season): Race ``race`` (from 1) of ``races`` is
  over: the seats in finishing ``order``, the ``points`` of each place, each seat's ``season``
  total (AU-25, RA7).
- ``race_begins`` (race, races, order): Race ``race`` (from 1) of ``races`` begins, the seats on
  the grid in ``order`` (AU-24, RA7).
- ``draw`` (seat, cube): ``seat`` draws a ``cube`` (AU-12).
- ``play`` (seat, card, rank, number, gained): ``seat`` plays ``card``: its race position ``rank``
  and ``number`` (what the card counts) when it names them, and the wear ``gained`` (AU-12, AU-33).
- ``remove`` (seat, cube): ``seat`` removes a ``cube`` (a manager's choice) (AU-36).
- ``return`` (seat, cube): ``seat`` puts a ``cube`` back into the bag (a manager's choice) (AU-36).
- ``wear`` (seat, wear): ``seat`` gains ``wear`` (AU-33, RA2).
- ``place`` (seat, cube, space, segment): ``seat`` puts a ``cube`` on ``space`` (on ``segment``
  with Weaving, else -1) (AU-16, AU-23).
- ``flag`` (seat, flag): ``seat``'s card gives ``flag`` for this turn (Aerodynamics, Redline, Fuel
  Injection, Adrenaline) (AU-41, AU-47, AU-60, AU-66).
- ``performance_test`` (seat): ``seat`` removes the Performance Test cube (AU-40).
- ``upgrade`` (seat, cube, upgraded): ``seat`` swaps a ``cube`` of the discard for one higher, or
  removes it when ``upgraded`` is false (AU-38).
- ``pick`` (seat, by, stage, cube, pile): ``seat`` moves a ``cube`` from ``pile`` as stage
  ``stage`` of card or driver ``by`` says (AU-37).
- ``maintenance`` (seat, cubes): ``seat`` may remove up to ``cubes`` of the discard (AU-49).
- ``pit_team_money`` (seat, money): ``seat`` has ``money`` to buy exactly 1 cube (AU-51).
- ``kaia_lin`` (seat, count): ``seat`` discards ``count`` of the cubes drawn and draws as many
  (AU-71).
- ``clear_wear`` (seat, wear, piles): ``seat`` removes ``wear`` from ``piles`` (AU-50, AU-72).
- ``option`` (seat, card, option): ``seat`` takes option ``option`` of ``card`` (AU-50, AU-66).
- ``pit_team_cube`` (seat, cube): ``seat`` takes a ``cube`` with Pit Team (AU-51).
- ``to_discard`` (seat, cube): ``seat`` puts a ``cube`` on the discard (Nitro) (AU-61).
- ``power`` (seat, driver): ``seat`` uses ``driver``'s power (AU-72, AU-73).
- ``mag_draws`` (seat, count): ``seat`` draws ``count`` cubes at once with Mag Matthews (AU-72).
- ``sponsors_dealt`` (no fields): Sponsors are dealt (AU-26).
- ``sponsor_offer`` (sponsor): ``sponsor`` is on offer (AU-26, RA7).
- ``keep_sponsor`` (seat, sponsor): ``seat`` keeps ``sponsor`` (AU-26).
- ``discard_sponsor`` (seat, sponsor): ``seat`` discards ``sponsor`` (AU-26).
- ``take_sponsor`` (seat, sponsor): ``seat`` takes ``sponsor`` (AU-26).
- ``sponsor_acts`` (seat, sponsor, tier, number): ``seat``'s ``sponsor`` acts at its ``tier`` (0
  top, 1 middle, 2 bottom) with ``number`` (AU-83, RA7).
- ``sponsor_remove`` (seat, cube, sponsor): ``seat`` removes a ``cube`` for ``sponsor`` (AU-80,
  AU-83, AU-84).
- ``free_cube`` (seat, cube): ``seat`` takes a ``cube`` free (AU-82).
- ``sponsor_money`` (seat, money, sponsor): ``seat`` has ``money`` to spend from ``sponsor``
  (AU-79, AU-84).
- ``sponsor_wear`` (seat, wear, sponsor): ``seat`` removes ``wear`` for ``sponsor`` (AU-81, RA5).
- ``log_cut`` (earlier): ``earlier`` events after the setup are no longer kept (a long log keeps
  its first and its latest events).
"""

from __future__ import annotations

from dataclasses import dataclass

from gamecore.events import Event, event_table


@dataclass(frozen=True, slots=True)
class CardDealt(Event):
    """Card ``card`` is dealt as the card of its colour (AU-08)."""

    kind = "deal"
    card: int


@dataclass(frozen=True, slots=True)
class OnGrid(Event):
    """``seat`` starts on grid position ``slot`` of the track, with its money (AU-09, RA3)."""

    kind = "grid"
    seat: int
    slot: int


@dataclass(frozen=True, slots=True)
class TakeDriver(Event):
    """``seat`` takes the driver ``driver`` (AU-24, RA7)."""

    kind = "driver"
    seat: int
    driver: int


@dataclass(frozen=True, slots=True)
class Refill(Event):
    """``seat`` puts the discard back into the bag (AU-19)."""

    kind = "refill"
    seat: int


@dataclass(frozen=True, slots=True)
class BuyCube(Event):
    """``seat`` buys a ``cube`` for ``cost`` (a race's buy phase or a sponsor's money) (AU-11,
    AU-79)."""

    kind = "buy"
    seat: int
    cube: int
    cost: int


@dataclass(frozen=True, slots=True)
class Unspent(Event):
    """``seat`` loses ``money`` unspent (AU-11, AU-79)."""

    kind = "unspent"
    seat: int
    money: int


@dataclass(frozen=True, slots=True)
class Adrenaline(Event):
    """``seat`` gained ``gained`` positions in the car phase (AU-66)."""

    kind = "adrenaline"
    seat: int
    gained: int


@dataclass(frozen=True, slots=True)
class JoshTrin(Event):
    """``seat`` may move up to ``spaces`` light-grey spaces (AU-69)."""

    kind = "josh_trin"
    seat: int
    spaces: int


@dataclass(frozen=True, slots=True)
class Redline(Event):
    """``seat`` uses a white cube as ``colour`` (AU-47)."""

    kind = "redline"
    seat: int
    colour: int


@dataclass(frozen=True, slots=True)
class PitStop(Event):
    """``seat`` makes a pit stop, removing ``wear`` (AU-13)."""

    kind = "pit_stop"
    seat: int
    wear: int


@dataclass(frozen=True, slots=True)
class CarMoves(Event):
    """``seat``'s car moves ``spaces`` to ``space``, completing ``lap`` if ``crossed`` (AU-16, RA5).
    """

    kind = "car_moves"
    seat: int
    spaces: int
    space: int
    crossed: bool
    lap: int


@dataclass(frozen=True, slots=True)
class AeroDraft(Event):
    """``seat`` counts as drafting: no wear for the move (AU-40)."""

    kind = "aerodynamics"
    seat: int


@dataclass(frozen=True, slots=True)
class Drafts(Event):
    """``seat`` drafts: no wear for the move (AU-33, RA2)."""

    kind = "drafts"
    seat: int


@dataclass(frozen=True, slots=True)
class CrateEngine(Event):
    """The cars behind ``seat`` may move ``spaces`` (AU-22, RA6)."""

    kind = "crate_engine"
    seat: int
    spaces: int


@dataclass(frozen=True, slots=True)
class FollowMove(Event):
    """``seat``'s car moves to ``space`` by card or driver ``source`` (no wear if ``crate``) (AU-69,
    AU-74)."""

    kind = "follow"
    seat: int
    space: int
    source: int
    crate: bool


@dataclass(frozen=True, slots=True)
class RaceOver(Event):
    """The race is over after ``rounds`` (AU-25)."""

    kind = "race_over"
    rounds: int


@dataclass(frozen=True, slots=True)
class RacePoints(Event):
    """Race ``race`` (from 1) of ``races`` is over: the seats in finishing ``order``, the ``points``
    of each place, each seat's ``season`` total (AU-25, RA7)."""

    kind = "race_points"
    race: int
    races: int
    order: tuple[int, ...]
    points: tuple[int, ...]
    season: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RaceBegins(Event):
    """Race ``race`` (from 1) of ``races`` begins, the seats on the grid in ``order`` (AU-24, RA7).
    """

    kind = "race_begins"
    race: int
    races: int
    order: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DrawCube(Event):
    """``seat`` draws a ``cube`` (AU-12)."""

    kind = "draw"
    seat: int
    cube: int


@dataclass(frozen=True, slots=True)
class PlayCard(Event):
    """``seat`` plays ``card``: its race position ``rank`` and ``number`` (what the card counts)
    when it names them, and the wear ``gained`` (AU-12, AU-33)."""

    kind = "play"
    seat: int
    card: int
    rank: int
    number: int
    gained: int


@dataclass(frozen=True, slots=True)
class RemoveCube(Event):
    """``seat`` removes a ``cube`` (a manager's choice) (AU-36)."""

    kind = "remove"
    seat: int
    cube: int


@dataclass(frozen=True, slots=True)
class ReturnCube(Event):
    """``seat`` puts a ``cube`` back into the bag (a manager's choice) (AU-36)."""

    kind = "return"
    seat: int
    cube: int


@dataclass(frozen=True, slots=True)
class GainsWear(Event):
    """``seat`` gains ``wear`` (AU-33, RA2)."""

    kind = "wear"
    seat: int
    wear: int


@dataclass(frozen=True, slots=True)
class PlaceCube(Event):
    """``seat`` puts a ``cube`` on ``space`` (on ``segment`` with Weaving, else -1) (AU-16, AU-23).
    """

    kind = "place"
    seat: int
    cube: int
    space: int
    segment: int


@dataclass(frozen=True, slots=True)
class FlagSet(Event):
    """``seat``'s card gives ``flag`` for this turn (Aerodynamics, Redline, Fuel Injection,
    Adrenaline) (AU-41, AU-47, AU-60, AU-66)."""

    kind = "flag"
    seat: int
    flag: int


@dataclass(frozen=True, slots=True)
class PerformanceTest(Event):
    """``seat`` removes the Performance Test cube (AU-40)."""

    kind = "performance_test"
    seat: int


@dataclass(frozen=True, slots=True)
class Upgrade(Event):
    """``seat`` swaps a ``cube`` of the discard for one higher, or removes it when ``upgraded`` is
    false (AU-38)."""

    kind = "upgrade"
    seat: int
    cube: int
    upgraded: bool


@dataclass(frozen=True, slots=True)
class PickCube(Event):
    """``seat`` moves a ``cube`` from ``pile`` as stage ``stage`` of card or driver ``by`` says
    (AU-37)."""

    kind = "pick"
    seat: int
    by: int
    stage: int
    cube: int
    pile: int


@dataclass(frozen=True, slots=True)
class MaintenanceCrew(Event):
    """``seat`` may remove up to ``cubes`` of the discard (AU-49)."""

    kind = "maintenance"
    seat: int
    cubes: int


@dataclass(frozen=True, slots=True)
class PitTeamMoney(Event):
    """``seat`` has ``money`` to buy exactly 1 cube (AU-51)."""

    kind = "pit_team_money"
    seat: int
    money: int


@dataclass(frozen=True, slots=True)
class KaiaLin(Event):
    """``seat`` discards ``count`` of the cubes drawn and draws as many (AU-71)."""

    kind = "kaia_lin"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class ClearWear(Event):
    """``seat`` removes ``wear`` from ``piles`` (AU-50, AU-72)."""

    kind = "clear_wear"
    seat: int
    wear: int
    piles: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardOption(Event):
    """``seat`` takes option ``option`` of ``card`` (AU-50, AU-66)."""

    kind = "option"
    seat: int
    card: int
    option: int


@dataclass(frozen=True, slots=True)
class PitTeamCube(Event):
    """``seat`` takes a ``cube`` with Pit Team (AU-51)."""

    kind = "pit_team_cube"
    seat: int
    cube: int


@dataclass(frozen=True, slots=True)
class ToDiscard(Event):
    """``seat`` puts a ``cube`` on the discard (Nitro) (AU-61)."""

    kind = "to_discard"
    seat: int
    cube: int


@dataclass(frozen=True, slots=True)
class DriverPower(Event):
    """``seat`` uses ``driver``'s power (AU-72, AU-73)."""

    kind = "power"
    seat: int
    driver: int


@dataclass(frozen=True, slots=True)
class MagDraws(Event):
    """``seat`` draws ``count`` cubes at once with Mag Matthews (AU-72)."""

    kind = "mag_draws"
    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class SponsorsDealt(Event):
    """Sponsors are dealt (AU-26)."""

    kind = "sponsors_dealt"


@dataclass(frozen=True, slots=True)
class SponsorOffered(Event):
    """``sponsor`` is on offer (AU-26, RA7)."""

    kind = "sponsor_offer"
    sponsor: int


@dataclass(frozen=True, slots=True)
class KeepSponsor(Event):
    """``seat`` keeps ``sponsor`` (AU-26)."""

    kind = "keep_sponsor"
    seat: int
    sponsor: int


@dataclass(frozen=True, slots=True)
class DiscardSponsor(Event):
    """``seat`` discards ``sponsor`` (AU-26)."""

    kind = "discard_sponsor"
    seat: int
    sponsor: int


@dataclass(frozen=True, slots=True)
class TakeSponsor(Event):
    """``seat`` takes ``sponsor`` (AU-26)."""

    kind = "take_sponsor"
    seat: int
    sponsor: int


@dataclass(frozen=True, slots=True)
class SponsorActs(Event):
    """``seat``'s ``sponsor`` acts at its ``tier`` (0 top, 1 middle, 2 bottom) with ``number``
    (AU-83, RA7)."""

    kind = "sponsor_acts"
    seat: int
    sponsor: int
    tier: int
    number: int


@dataclass(frozen=True, slots=True)
class SponsorRemove(Event):
    """``seat`` removes a ``cube`` for ``sponsor`` (AU-80, AU-83, AU-84)."""

    kind = "sponsor_remove"
    seat: int
    cube: int
    sponsor: int


@dataclass(frozen=True, slots=True)
class FreeCube(Event):
    """``seat`` takes a ``cube`` free (AU-82)."""

    kind = "free_cube"
    seat: int
    cube: int


@dataclass(frozen=True, slots=True)
class SponsorMoney(Event):
    """``seat`` has ``money`` to spend from ``sponsor`` (AU-79, AU-84)."""

    kind = "sponsor_money"
    seat: int
    money: int
    sponsor: int


@dataclass(frozen=True, slots=True)
class SponsorWear(Event):
    """``seat`` removes ``wear`` for ``sponsor`` (AU-81, RA5)."""

    kind = "sponsor_wear"
    seat: int
    wear: int
    sponsor: int


@dataclass(frozen=True, slots=True)
class LogCut(Event):
    """``earlier`` events after the setup are no longer kept: a long log keeps its first
    events and its latest ones (``automobiles.state.LOG_LIMIT``)."""

    kind = "log_cut"
    earlier: int


#: Every event class, by its kind.
EVENTS = event_table((LogCut, CardDealt, OnGrid, TakeDriver, Refill, BuyCube, Unspent, Adrenaline,
                      JoshTrin, Redline, PitStop, CarMoves, AeroDraft, Drafts, CrateEngine,
                      FollowMove, RaceOver, RacePoints, RaceBegins, DrawCube, PlayCard,
                      RemoveCube, ReturnCube, GainsWear, PlaceCube, FlagSet, PerformanceTest,
                      Upgrade, PickCube, MaintenanceCrew, PitTeamMoney, KaiaLin, ClearWear,
                      CardOption, PitTeamCube, ToDiscard, DriverPower, MagDraws, SponsorsDealt,
                      SponsorOffered, KeepSponsor, DiscardSponsor, TakeSponsor, SponsorActs,
                      SponsorRemove, FreeCube, SponsorMoney, SponsorWear))
