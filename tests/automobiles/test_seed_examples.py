"""Every worked example of the seed (the German game help of Automobiles), rebuilt on the board
and played to its end: a position in the position format (``automobiles/position.schema.json``,
loaded by the checked loader), the example's actions through the engine's public API
(``State.apply`` with the action texts of ``kw apply``), and the outcome the seed states.

The examples are the seed's "z. B." / "zum Beispiel" / "Beispiel" passages (cards AU-39 ..
AU-68, drivers AU-69 .. AU-78, sponsors AU-83, AU-84) and the two tables of concrete numbers (the
wear phase's 1-4 wear, AU-17; Car Chief's gear one higher, AU-34). Each test quotes its passage
in German with English beside it.

The board is the synthetic Daytona-like oval (RA3), changed so that every example fits on it.
Its stretch from unit 23 (space ids of ``automobiles/data/components.json``, by first unit,
inner lane first):

* three dark-grey spaces in a row: 47 (lane 2, units 27-29) -> 52 (lane 2, 30-32) -> 56
  (lane 1, 33-35), reached from the black 42 (lane 1, 23-26) or the white 44 (lane 2, 26);
  no fourth follows;
* seven light-grey spaces in a row: 45 (lane 0, 27-28) -> 48 (lane 1, 28-29) -> 51 (lane 1,
  30-31) -> 54 (lane 0, 32-33) -> 58 (lane 0, 34-35) -> 60 (lane 0, 36-37) -> 63 (lane 1,
  37-38), reached from 42 or the dark-grey 43 (lane 0, 24-26);
* from 42 one space of each of white (46), light grey (45) and dark grey (47); from the white
  37 (lane 1, unit 19) the light-grey 40, dark-grey 39 and black 38; six white spaces in a row
  across the line: 66 (lane 0, unit 39) -> 0 -> 3 -> 6 -> 9 -> 12.

A move whose count the seed gives is checked to end where the card says, not where the track
ends: the runs above are longer than each example needs, so a wrong count fails. Three dark-grey
spaces are the most this track holds in a row, so for Steering and Bump & Run the count is also
read from the card's effect in progress (and Diesel Engine is played with 2 cubes as well).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence

import pytest

import automobiles
from automobiles import board, serialize, sponsors
from automobiles.cards import DRIVER_IDS
from automobiles.config import (
    BLACK,
    BLUE,
    CUBES,
    DARKGREY,
    GREEN,
    LIGHTGREY,
    PURPLE,
    RED,
    WEAR,
    WHITE,
    YELLOW,
    config_for,
)
from automobiles.state import State
from tests.automobiles.test_sponsors import IDS, _bag, _break, _deal, _pass

Car = tuple[int, int, int]  # (space, segment, laps completed)
Pile = Mapping[int, int]
STANDARD = ("manager", "suspension", "crew_chief", "hybrid_engine", "transmission")
TRACK = config_for(2).tracks["daytona"]
#: Somewhere behind the stretch, out of every example's way: the white start spaces.
BEHIND = ((12, 0, 0), (13, 0, 0), (9, 0, 0), (10, 0, 0))


def _counts(pile: Pile | None) -> list[int]:
    return [(pile or {}).get(c, 0) for c in range(len(CUBES))]


def _race(cars: Sequence[Car], *cards: str, active: Pile | None = None,
          discard: Pile | None = None, bag: Pile | None = None,
          others: Pile | Sequence[Pile] | None = None, drivers: Sequence[str] = ()) -> State:
    """A position of the race on the Daytona-like oval at seat 0's action phase, turn 0, written
    in the position format and loaded by its checked loader: the cars at ``cars`` (seat 0
    first), the standard set with ``cards`` in place of the cards of their colours, seat 0's
    active pile, discard and bag (7 white unless given), the other seats' discards ``others``
    (one for all, or one each) and bags of 7 yellow, the stock holding the rest (RA2);
    ``drivers`` by name, in the first race of a season (AU-24: drivers only in a season).
    Chance is explicit: every draw with more than one outcome is the test's decision."""
    players = len(cars)
    chosen = {config_for(2).card_named(c).colour: c for c in (*STANDARD, *cards)}
    start = automobiles.new_game(players, None, cards=list(chosen.values()),
                                 explicit_chance=True)
    data = json.loads(start.to_json())
    if others is None or isinstance(others, Mapping):
        others = [others or {}] * (players - 1)
    none = _counts(None)
    data["bag"] = [_counts(bag or {WHITE: 7})] + [_counts({YELLOW: 7})] * (players - 1)
    data["active"] = [_counts(active)] + [none] * (players - 1)
    data["used"] = [none] * players
    data["discard"] = [_counts(discard)] + [_counts(o) for o in others]
    data["stock"] = [spec.stock - sum(data[f][p][c] for f in ("bag", "active", "discard")
                                      for p in range(players))
                     for c, spec in enumerate(config_for(2).cubes)]
    data["cars"] = [{"space": space, "segment": seg, "laps": laps} for space, seg, laps in cars]
    data.update(order=list(range(players)), phase="action", turn=0, buyer=players, money=0,
                log=[])
    if drivers:
        data.update(drivers=[DRIVER_IDS.index(d) for d in drivers], races=3, race=0,
                    points=[0] * players)
    return serialize.state_from_dict(data)


def _texts(s: State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def _route(s: State) -> list[int]:
    return [r[1] for r in s.route]


def _end_turn(s: State) -> None:
    """Seat 0 plays nothing more and buys nothing: the car, wear and end phases follow."""
    s.apply("end actions")
    if s.phase == "buy":
        s.apply("stop buying")


def _follows(a: int, b: int) -> bool:
    return any(x == b for x, _ in TRACK.successors[a])


def _colour(space: int) -> int:
    return TRACK.spaces[space].colour


# --- the board holds the examples ---------------------------------------------------------------
def test_the_stretch_the_examples_use_is_on_the_track_and_synthetic() -> None:
    """The spaces named in this module's docstring are as it says, on the synthetic track."""
    assert "tracks/daytona" in config_for(2).synthetic and "synthetic" in TRACK.title
    dark, light = [47, 52, 56], [45, 48, 51, 54, 58, 60, 63]
    for run, colour in ((dark, DARKGREY), (light, LIGHTGREY), ([66, 0, 3, 6, 9, 12], WHITE)):
        assert all(_colour(b) == colour for b in run)
        assert all(_follows(a, b) for a, b in zip(run, run[1:], strict=False))
    assert not any(_colour(b) == DARKGREY for b, _ in TRACK.successors[56])
    assert {_colour(b) for b, _ in TRACK.successors[42]} == {WHITE, LIGHTGREY, DARKGREY}
    assert {_colour(b) for b, _ in TRACK.successors[37]} == {LIGHTGREY, DARKGREY, BLACK}


# --- the wear phase (AU-17) and Car Chief (AU-34): the seed's tables ------------------------------
@pytest.mark.parametrize(("car", "gear", "space", "wear"), [
    ((9, 0, 0), WHITE, 12, 1), ((12, 0, 0), LIGHTGREY, 15, 2), ((42, 3, 0), DARKGREY, 47, 3),
    ((37, 0, 0), BLACK, 38, 4)])
def test_the_wear_phase_gains_wear_by_the_darkest_space(car: Car, gear: int, space: int,
                                                        wear: int) -> None:
    """seed DE, Verschleißphase (AU-17): "Weiß -> 1 Verschleißwürfel; Hellgrau -> 2
    Verschleißwürfel; Dunkelgrau -> 3 Verschleißwürfel; Schwarz -> 4 Verschleißwürfel"
    (white 1 wear, light grey 2, dark grey 3, black 4)."""
    s = _race([car, (1, 0, 0)], active={gear: 1, YELLOW: 1})
    s.apply(f"play {CUBES[gear]}")
    if s.phase == "place":
        s.apply(f"place {space}")
    _end_turn(s)
    assert s.car_space[0] == space and s.discard[0][WEAR] == wear


@pytest.mark.parametrize(("gear", "higher"), [(WHITE, LIGHTGREY), (LIGHTGREY, DARKGREY),
                                              (DARKGREY, BLACK), (BLACK, None)])
def test_car_chief_gives_the_gear_one_higher_and_nothing_for_black(gear: int,
                                                                   higher: int | None) -> None:
    """seed DE, Autochef (AU-34): "Wenn Sie einen weißen Würfel entfernt haben, dann erhalten
    Sie einen hellgrauen Würfel. Wenn Sie einen hellgrauen Würfel entfernt haben, erhalten Sie
    einen dunkelgrauen Würfel. Wenn Sie einen dunkelgrauen Würfel entfernt haben, erhalten Sie
    einen schwarzen Würfel. Wenn Sie einen schwarzen Würfel entfernt haben, erhalten Sie
    nichts!" (a white removed gives a light grey, a light grey a dark grey, a dark grey a
    black; a black gives nothing)."""
    s = _race(BEHIND[:2], "car_chief", active={YELLOW: 1, LIGHTGREY: 1}, discard={gear: 1})
    s.apply("play yellow")  # the discard's one gear: taken at once
    assert s.phase == "action" and s.discard[0][gear] == 0
    assert sum(s.discard[0]) == (0 if higher is None else 1)
    if higher is not None:
        assert s.discard[0][higher] == 1


# --- Garage (yellow) ------------------------------------------------------------------------------
def test_maintenance_crew_three_from_the_active_pile_allow_six_from_the_discard() -> None:
    """seed DE, Wartungspersonal (AU-39): "Wenn Sie z. B. 3 Würfel von Ihrem aktiven Stapel
    entfernt haben, dürfen Sie bis zu 6 Würfel von Ihrem Ablagestapel entfernen." (if you
    removed 3 cubes from your active pile, you may remove up to 6 from your discard.)"""
    s = _race(BEHIND[:2], "maintenance_crew", active={YELLOW: 1, WEAR: 3, LIGHTGREY: 1},
              discard={WEAR: 8})
    s.apply("play yellow")
    for _ in range(3):
        s.apply("choose active wear")
    s.apply("skip")
    for _ in range(6):
        s.apply("choose discard wear")
    # the sixth ends the card although 2 wear are left in the discard
    assert s.phase == "action" and s.discard[0] == tuple(_counts({WEAR: 2}))
    assert s.active[0] == tuple(_counts({LIGHTGREY: 1}))


# --- Handling (red) -------------------------------------------------------------------------------
def test_steering_a_black_cube_discarded_three_dark_grey_spaces() -> None:
    """seed DE, Lenken (AU-42): "Wenn Sie zum Beispiel einen schwarzen Würfel von Ihrem aktiven
    Stapel ablegen, können Sie mit Ihrem roten Würfel bis zu 3 aufeinanderfolgende dunkelgraue
    Felder ziehen. Hinweis: Der gewählte Zahnradwürfel bleibt in Ihrem Ablagestapel." (if you
    discard a black cube from your active pile, your red cube may move up to 3 consecutive
    dark-grey spaces. The gear chosen stays in your discard.)"""
    s = _race([(42, 3, 0), (12, 0, 0)], "steering", active={RED: 1, BLACK: 1, WHITE: 1})
    s.apply("play red")
    assert s.used[0][WEAR] == 1  # "Gewinnen Sie 1 Abnutzung" (gain 1 wear)
    s.apply("choose active black")
    assert s.discard[0][BLACK] == 1 and s.active[0][BLACK] == 0
    assert s.effect[:4] == (board.MOVE, RED, 3, 1 << DARKGREY)  # up to 3, dark grey
    assert _texts(s) == ["place 47", "stop moving"]
    s.apply("place 47")
    s.apply("place 52")
    assert _texts(s) == ["place 56", "stop moving"]
    s.apply("place 56")
    assert s.phase == "action" and _route(s) == [47, 52, 56]
    _end_turn(s)
    assert s.car_space[0] == 56 and s.discard[0][WEAR] == 1 + 3  # the card's and dark grey's


def test_suspension_a_dark_grey_cube_in_the_discard_one_dark_grey_space() -> None:
    """seed DE, Federung (AU-43): "Wenn Sie z. B. einen dunkelgrauen Würfel in Ihrem
    Ablagestapel haben, dann könnten Sie mit Ihrem roten Würfel auf ein dunkelgraues Feld
    ziehen. Beachten Sie, dass der passende Zahnradwürfel in Ihrem Ablagestapel bleibt." (if
    you have a dark-grey cube in your discard, your red cube could move onto a dark-grey space.
    The matching gear stays in your discard.)"""
    s = _race([(42, 3, 0), (12, 0, 0)], active={RED: 1, YELLOW: 1}, discard={DARKGREY: 1})
    s.apply("play red")  # from 42: white 46, light grey 45, dark grey 47; only 47 matches
    assert s.phase == "action" and _route(s) == [47] and s.route[0][0] == RED
    assert s.discard[0] == tuple(_counts({DARKGREY: 1})) and s.used[0][WEAR] == 1


def test_tires_a_dark_grey_cube_in_the_active_pile_a_light_grey_or_white_space() -> None:
    """seed DE, Reifen (AU-44): "Wenn Sie z. B. einen dunkelgrauen Würfel in Ihrem aktiven
    Stapel haben, könnten Sie mit Ihrem roten Würfel auf ein hellgraues oder ein weißes Feld
    ziehen. Beachten Sie, dass der passende Zahnradwürfel in Ihrem aktiven Stapel bleibt." (if
    you have a dark-grey cube in your active pile, your red cube could move onto a light-grey
    or a white space. The matching gear stays in your active pile.)"""
    s = _race([(42, 3, 0), (12, 0, 0)], "tires", active={RED: 1, DARKGREY: 1})
    s.apply("play red")
    assert _texts(s) == ["place 45", "place 46"]  # light grey, white; not the dark-grey 47
    s.apply("place 46")
    assert s.phase == "action" and _route(s) == [46] and s.active[0][DARKGREY] == 1


def test_burnout_a_black_cube_chosen_two_dark_grey_spaces() -> None:
    """seed DE, Ausbrennen (AU-45): "Wenn Sie z. B. einen schwarzen Würfel in Ihrem
    Ablagestapel gewählt haben, können Sie mit Ihrem roten Würfel bis zu 2 aufeinanderfolgende
    dunkelgraue Felder vorrücken. Beachten Sie, dass der gewählte Zahnradwürfel in Ihrem
    Ablagestapel bleibt." (if you chose a black cube in your discard, your red cube may move up
    to 2 consecutive dark-grey spaces. The gear chosen stays in your discard.)"""
    s = _race([(44, 0, 0), (12, 0, 0)], "burnout", active={RED: 1, LIGHTGREY: 1},
              discard={BLACK: 1})
    s.apply("play red")
    assert s.used[0][WEAR] == 1 and _texts(s) == ["place 47", "stop moving"]
    s.apply("place 47")
    s.apply("place 52")
    # two spaces: the card's cube stops though the dark-grey 56 follows 52
    assert _follows(52, 56) and _colour(56) == DARKGREY
    assert s.phase == "action" and _route(s) == [47, 52]
    assert s.discard[0] == tuple(_counts({BLACK: 1}))


@pytest.mark.parametrize(("car", "space", "colour"), [
    ((42, 3, 0), 46, WHITE), ((42, 3, 0), 45, LIGHTGREY), ((42, 3, 0), 47, DARKGREY),
    ((37, 0, 0), 38, BLACK)])
def test_camber_and_toe_a_light_grey_cube_discarded_any_colour(car: Car, space: int,
                                                              colour: int) -> None:
    """seed DE, Sturz und Spur (AU-46): "Wenn Sie zum Beispiel einen hellgrauen Würfel von
    Ihrem aktiven Stapel ablegen, können Sie mit Ihrem roten Würfel auf Weiß, Hellgrau,
    Dunkelgrau oder Schwarz ziehen. Beachten Sie, dass der gewählte Gang-Würfel in Ihrem
    Ablagestapel bleibt." (if you discard a light-grey cube from your active pile, your red
    cube may move onto white, light grey, dark grey or black. The gear chosen stays in your
    discard.) A space has at most three spaces ahead (one per lane, RA3), so the four colours
    are shown from two spaces: 42 (white, light grey, dark grey) and 37 (black)."""
    s = _race([car, (12, 0, 0)], "camber_toe", active={RED: 1, LIGHTGREY: 1, YELLOW: 1})
    s.apply("play red")  # the one gear of the active pile: discarded at once
    assert s.discard[0] == tuple(_counts({LIGHTGREY: 1}))
    offered = sorted(b for b, _ in TRACK.successors[car[0]])
    assert _texts(s) == [f"place {b}" for b in offered]  # every colour ahead, "must"
    s.apply(f"place {space}")
    assert s.phase == "action" and _route(s) == [space] and _colour(space) == colour


# --- Pit (purple) ---------------------------------------------------------------------------------
def test_air_jacks_five_colours_in_the_discard_five_cubes() -> None:
    """seed DE, Air Jacks (AU-52): "Wenn Sie zum Beispiel 1 gelben Würfel, 2 dunkelgraue
    Würfel, 3 blaue Würfel, 1 grünen Würfel und 2 Abnutzungswürfel in Ihrem Ablagestapel haben,
    dann können Sie bis zu 5 dieser Würfel entfernen." (with 1 yellow, 2 dark-grey, 3 blue, 1
    green and 2 wear cubes in your discard you may remove up to 5 of them.)"""
    s = _race(BEHIND[:2], "air_jacks", active={PURPLE: 1, LIGHTGREY: 1},
              discard={YELLOW: 1, DARKGREY: 2, BLUE: 3, GREEN: 1, WEAR: 2})
    s.apply("play purple")
    for cube in ("wear", "wear", "blue", "blue", "blue"):
        s.apply(f"choose discard {cube}")
    # the fifth ends the card although 4 cubes are left
    assert s.phase == "action"
    assert s.discard[0] == tuple(_counts({YELLOW: 1, DARKGREY: 2, GREEN: 1}))


@pytest.mark.parametrize(("others", "more"), [(6, True), (5, False)])
def test_pit_mechanic_five_left_two_more_unless_another_has_five_or_fewer(others: int,
                                                                          more: bool) -> None:
    """seed DE, Grubenmechaniker (AU-54): "Wenn Sie z. B. nach dem Entfernen von bis zu 6
    Verschleißwürfeln noch 5 Würfel in Ihrem Ablagestapel haben, können Sie bis zu 2 weitere
    Würfel entfernen, solange kein anderer Spieler 5 oder weniger Würfel in seinem Ablagestapel
    hat." (if after removing up to 6 wear you have 5 cubes left in your discard, you may remove
    up to 2 more as long as no other player has 5 or fewer in his discard.)"""
    s = _race(BEHIND[:3], "pit_mechanic", active={PURPLE: 1, LIGHTGREY: 1},
              discard={WEAR: 6, WHITE: 5}, others=[{YELLOW: 9}, {YELLOW: others}])
    s.apply("play purple")
    for _ in range(6):
        s.apply("choose discard wear")
    assert sum(s.discard[0]) == 5
    if more:
        s.apply("choose discard white")
        s.apply("choose discard white")
        assert s.discard[0] == tuple(_counts({WHITE: 3}))
    assert s.phase == "action"  # two more at most; none against a discard of 5


# --- Engine (blue) --------------------------------------------------------------------------------
@pytest.mark.parametrize("dark", [3, 2])
def test_diesel_engine_three_dark_grey_cubes_three_dark_grey_spaces(dark: int) -> None:
    """seed DE, Dieselmotor (AU-55): "Wenn Sie zum Beispiel 3 dunkelgraue Würfel in Ihrem
    Ablagestapel haben, können Sie mit Ihrem blauen Würfel auf 3 aufeinanderfolgende
    dunkelgraue Felder ziehen." (if you have 3 dark-grey cubes in your discard, your blue cube
    may move onto 3 consecutive dark-grey spaces.) With 2 in the discard it stops after 2."""
    s = _race([(44, 0, 0), (12, 0, 0)], "diesel_engine", active={BLUE: 1, LIGHTGREY: 1},
              discard={DARKGREY: dark})
    s.apply("play blue")  # one dark grey ahead each time: put at once (not "up to", RA5)
    assert s.used[0] == tuple(_counts({BLUE: 1, WEAR: 2}))  # "Erhalte 2 Abnutzungswürfel"
    assert s.phase == "action" and _route(s) == [47, 52, 56][:dark]
    _end_turn(s)
    assert s.car_space[0] == [47, 52, 56][dark - 1] and s.discard[0][WEAR] == 2 + 3


@pytest.mark.parametrize(("others", "moves"), [(3, True), (4, False)])
def test_hybrid_engine_four_blue_cubes_two_spaces_unless_another_discard_holds_four(
        others: int, moves: bool) -> None:
    """seed DE, Hybridmotor (AU-56): "Wenn Sie z. B. 1 blauen Würfel in Ihrem aktiven Stapel,
    1 auf der Strecke und 2 blaue Würfel in Ihrem Ablagestapel haben, dann können Sie 2 Felder
    einer beliebigen Farbe ziehen, solange kein anderer Spieler 4 oder mehr blaue Würfel in
    seinem Ablagestapel hat." (with 1 blue cube in your active pile, 1 on the track and 2 in
    your discard you may move 2 spaces of any colour, as long as no other player has 4 or more
    blue cubes in his discard.) "Diese 2 Felder müssen die gleiche Farbe haben." (the 2 spaces
    must have the same colour.)"""
    s = _race([(42, 3, 0), (12, 0, 0)], active={BLUE: 2, YELLOW: 1}, discard={BLUE: 2},
              others={BLUE: others})
    s.apply("play blue")  # the one played is the one "on the track"; 1 stays active
    assert s.used[0] == tuple(_counts({BLUE: 1, WEAR: 1})) and s.active[0][BLUE] == 1
    if not moves:
        assert s.phase == "action" and s.route == ()
        return
    assert _texts(s) == ["place 45", "place 46", "place 47", "stop moving"]
    s.apply("place 47")
    assert _texts(s) == ["place 52", "stop moving"]  # dark grey again, not the light-grey 51
    s.apply("place 52")
    assert s.phase == "action" and _route(s) == [47, 52]


def test_rotary_engine_four_colours_in_the_discard_four_white_spaces() -> None:
    """seed DE, Rotationsmotor (AU-57): "Wenn Sie z. B. 1 weißen Würfel, 3 hellgraue Würfel,
    1 blauen Würfel und 2 Abnutzungswürfel in Ihrem Ablagestapel haben, können Sie mit Ihrem
    blauen Würfel bis zu 4 aufeinanderfolgende weiße Felder vorrücken." (with 1 white, 3
    light-grey, 1 blue and 2 wear cubes in your discard your blue cube may move up to 4
    consecutive white spaces.)"""
    s = _race([(66, 0, 0), (13, 0, 0)], "rotary_engine", active={BLUE: 1, YELLOW: 1},
              discard={WHITE: 1, LIGHTGREY: 3, BLUE: 1, WEAR: 2})
    s.apply("play blue")
    assert s.effect[:4] == (board.MOVE, BLUE, 4, 1 << WHITE)
    for space in (0, 3, 6, 9):
        s.apply(f"place {space}")
    # four spaces, across the line: the white 12 follows 9 but the move is over
    assert _follows(9, 12) and _colour(12) == WHITE
    assert s.phase == "action" and _route(s) == [0, 3, 6, 9] and s.route[-1][3] == 1


def test_crate_engine_two_cubes_first_place_the_second_then_the_third_two_spaces_each() -> None:
    """seed DE, Kistenmotor (AU-59): "Wenn Sie beispielsweise in diesem Zug 2 blaue Würfel
    verwendet haben und nach Ihrer Endphase auf Position 1 stehen, darf der Spieler auf
    Position 2 bis zu 2 Felder auf beliebige(n) Farben ziehen, ohne Verschleiß zu erleiden.
    Nachdem der Spieler in der 2. Position sich bewegt hat und das Momentum aktualisiert wurde,
    würde der Spieler in der 3. Position bis zu 2 Felder auf eine beliebige Farbe(n) ziehen,
    und so weiter." (if you used 2 blue cubes this turn and stand first after your end phase,
    the player in second position may move up to 2 spaces of any colours without wear; after
    he has moved and the momentum is updated, the player in third position moves up to 2
    spaces of any colours, and so on.) Second is seat 2, third seat 1: position order, not
    turn order ("in Positionsreihenfolge, nicht in Zugreihenfolge")."""
    s = _race([(56, 2, 0), (42, 0, 0), (43, 0, 0)], "crate_engine",
              active={BLUE: 2, YELLOW: 1})
    for _ in range(2):
        s.apply("play blue")
        s.apply("stop moving")  # its own cube stays; the car stands first
    _end_turn(s)
    assert s.phase == "card" and s.current_player == 2 and s.effect[4] == 2
    assert _texts(s) == ["place 45", "place 46", "stop moving"]
    s.apply("place 46")  # white, then light grey: any colours
    s.apply("place 48")
    assert s.car_space[2] == 48 and s.current_player == 1  # two spaces, then the third
    s.apply("place 47")  # dark grey
    s.apply("place 52")
    assert s.car_space[1] == 52 and s.discard[1][WEAR] == s.discard[2][WEAR] == 0  # no wear
    assert s.turn == 1 and s.car_space[0] == 56


def test_fuel_injection_each_gear_two_spaces_of_its_colour_instead_of_one() -> None:
    """seed DE, Einspritzmotor (AU-60): "Das bedeutet, dass du für jeden Zahnradwürfel, den du
    in diesem Zug benutzt, 2 Felder statt 1 auf seiner jeweiligen Farbe bewegen darfst." (for
    each gear cube you use this turn you may move 2 spaces of its colour instead of 1.)"""
    s = _race([(43, 2, 0), (12, 0, 0)], "fuel_injection",
              active={BLUE: 1, LIGHTGREY: 1, YELLOW: 1})
    s.apply("play blue")
    assert s.used[0][WEAR] == 2
    s.apply("play lightgrey")  # from 43 the one light grey 45: put at once
    assert _texts(s) == ["place 48", "stop moving"]  # its second light-grey space
    s.apply("place 48")
    assert s.phase == "action" and _route(s) == [45, 48]
    assert s.used[0][LIGHTGREY] == 1  # one cube, two spaces


# --- Performance (green) --------------------------------------------------------------------------
@pytest.mark.parametrize(("ahead", "rank", "route"), [
    (2, 3, [45, 48, 51]), (3, 4, [45, 48, 51, 54, 58])])
def test_transmission_third_of_four_three_light_grey_spaces_fourth_five(
        ahead: int, rank: int, route: list[int]) -> None:
    """seed DE, Getriebe (AU-63): "Befindet sich Ihr Rennwagen z. B. auf dem 3. Platz eines
    4-Spieler-Spiels, dann können Sie mit Ihrem grünen Würfel bis zu 3 aufeinanderfolgende
    hellgraue Felder vorrücken. Oder wenn Sie in einem 4-Spieler-Spiel auf dem 4. Platz liegen,
    können Sie bis zu 5 aufeinanderfolgende hellgraue Felder vorrücken." (if your car is third
    in a 4-player game your green cube may move up to 3 consecutive light-grey spaces; fourth
    in a 4-player game, up to 5.)"""
    cars = [(43, 2, 0), *[(60, 0, 0), (63, 0, 0), (64, 0, 0)][:ahead], *BEHIND[:3 - ahead]]
    s = _race(cars, active={GREEN: 1, YELLOW: 1})
    assert board.rank(s, 0) == rank
    s.apply("play green")
    for space in route:
        s.apply(f"place {space}")
    nxt = next(b for b, _ in TRACK.successors[route[-1]] if _colour(b) == LIGHTGREY)
    assert nxt not in route  # a further light-grey space follows, but the move is over
    assert s.phase == "action" and _route(s) == route


def test_turbo_two_green_in_yours_one_in_two_others_six_light_grey_spaces() -> None:
    """seed DE, Turbo (AU-65): "Wenn Sie z. B. 2 grüne Würfel in Ihrem Ablagestapel haben und
    zwei andere Spieler jeweils 1 grünen Würfel in ihren Ablagestapeln, dann können Sie mit
    einem grünen Würfel von Ihrem aktiven Stapel bis zu 6 aufeinanderfolgende hellgraue Felder
    weiterziehen." (if you have 2 green cubes in your discard and two other players 1 each in
    theirs, a green cube of your active pile may move up to 6 consecutive light-grey
    spaces.)"""
    s = _race([(43, 2, 0), (12, 0, 0), (13, 0, 0)], "turbo", active={GREEN: 1, YELLOW: 1},
              discard={GREEN: 2}, others={GREEN: 1})
    s.apply("play green")
    assert s.used[0][WEAR] == 2  # "Erhalte 2 Abnutzung" (gain 2 wear)
    for space in (45, 48, 51, 54, 58, 60):
        s.apply(f"place {space}")
    # six spaces: the light-grey 63 follows 60, but the move is over
    assert _follows(60, 63) and _colour(63) == LIGHTGREY
    assert s.phase == "action" and _route(s) == [45, 48, 51, 54, 58, 60]
    _end_turn(s)
    assert s.car_space[0] == 60 and s.discard[0][WEAR] == 2 + 2


def test_adrenaline_fourth_to_second_of_five_four_light_grey_spaces() -> None:
    """seed DE, Adrenalin (AU-66): "Wenn Sie zum Beispiel die zweite Option gewählt haben und
    Ihre Autophase an vierter Position eines 5-Spieler-Spiels begonnen haben, aber Ihre
    Autophase beendet haben, indem Sie 2 andere Autos überholt haben, um auf die zweite
    Position zu kommen. Dann könnten Sie bis zu 4 hellgraue Felder vorrücken." (if you chose
    the second option and began your car phase fourth of 5 but ended it second, having passed
    2 other cars, you could move up to 4 light-grey spaces.)"""
    cars = [(39, 0, 0), (60, 0, 0), (41, 0, 0), (40, 1, 0), (12, 0, 0)]
    s = _race(cars, "adrenaline", active={GREEN: 1, BLACK: 1, YELLOW: 1})
    assert board.rank(s, 0) == 4
    s.apply("play green")
    s.apply("option 2")
    s.apply("play black")
    s.apply("place 42")  # the car phase takes the car to unit 26: past seats 2 and 3
    _end_turn(s)
    assert s.car_space[0] == 42 and board.rank(s, 0) == 2
    assert s.phase == "card" and s.effect[:4] == (board.MOVE, GREEN, 4, 1 << LIGHTGREY)
    for space in (45, 48, 51, 54):
        s.apply(f"place {space}")
    # four spaces: the light-grey 58 follows 54, but the move is over and the car follows
    assert _follows(54, 58) and _colour(58) == LIGHTGREY
    assert s.car_space[0] == 54 and s.turn == 1


def test_bump_and_run_fourth_of_four_three_dark_grey_spaces() -> None:
    """seed DE, Bump & Run (AU-67): "Befindet sich Ihr Rennwagen z. B. auf dem 4. Platz eines
    4-Spieler-Spiels, dann können Sie mit Ihrem grünen Würfel bis zu 3 aufeinanderfolgende
    dunkelgraue Felder vorrücken." (if your car is fourth in a 4-player game, your green cube
    may move up to 3 consecutive dark-grey spaces.)"""
    s = _race([(44, 0, 0), (58, 0, 0), (60, 0, 0), (62, 0, 0)], "bump_and_run",
              active={GREEN: 1, YELLOW: 1})
    assert board.rank(s, 0) == 4
    s.apply("play green")
    assert s.used[0][WEAR] == 1 and s.effect[:4] == (board.MOVE, GREEN, 3, 1 << DARKGREY)
    for space in (47, 52, 56):
        s.apply(f"place {space}")
    assert s.phase == "action" and _route(s) == [47, 52, 56]
    _end_turn(s)
    assert s.car_space[0] == 56 and s.discard[0][WEAR] == 1 + 3


def test_overdrive_second_of_three_one_white_and_two_light_grey_spaces() -> None:
    """seed DE, Overdrive (AU-68): "Liegt Ihr Rennwagen z.B. auf Platz 2 eines
    3-Spieler-Spiels, könnten Sie mit 1 grünen Würfel 1 weißes Feld und 2 hellgraue Felder
    weiterziehen." (if your car is second in a 3-player game, 1 green cube could move 1 white
    and 2 light-grey spaces.)"""
    s = _race([(42, 3, 0), (60, 0, 0), (12, 0, 0)], "overdrive", active={GREEN: 1, YELLOW: 1})
    assert board.rank(s, 0) == 2
    s.apply("play green")
    assert _texts(s) == ["place 45", "place 46", "stop moving"]  # light grey or lower
    s.apply("place 46")  # white
    s.apply("place 48")  # light grey
    s.apply("place 51")  # light grey
    assert s.phase == "action" and _route(s) == [46, 48, 51]
    assert [_colour(b) for b in _route(s)] == [WHITE, LIGHTGREY, LIGHTGREY]


# --- the drivers (AU-69, AU-75, AU-78) ------------------------------------------------------------
def test_josh_trin_three_wear_three_light_grey_spaces() -> None:
    """seed DE, 01 - Josh Trin (AU-69): "Wenn Sie z. B. in Ihrer Abstiegsphase 3
    Abnutzungspunkte gewonnen haben, können Sie bis zu 3 hellgraue Felder vorrücken." (if you
    gained 3 wear in your wear phase, you may move up to 3 light-grey spaces.)"""
    s = _race([(42, 3, 0), (12, 0, 0)], active={DARKGREY: 1, YELLOW: 1},
              drivers=("josh_trin", "david_bird"))
    s.apply("play darkgrey")  # onto the dark-grey 47: 3 wear in the wear phase
    _end_turn(s)
    assert s.car_space[0] == 47 and s.used[0][WEAR] == 3
    assert _texts(s) == ["place 51", "stop moving"]
    for space in (51, 54, 58):
        s.apply(f"place {space}")
    # three spaces: the light-grey 60 follows 58, but the move is over
    assert _follows(58, 60) and _colour(60) == LIGHTGREY
    assert s.car_space[0] == 58 and s.turn == 1 and s.discard[0][WEAR] == 3  # no more wear


def test_josh_trin_two_wear_but_drafting_no_benefit() -> None:
    """seed DE, 01 - Josh Trin (AU-69): "Ein anderes Beispiel: Wenn Sie in Ihrer
    Rückzugsphase 2 Abnutzungspunkte gewonnen hätten, aber am Ende gezogen haben, erhalten Sie
    keinen Vorteil von diesem Fahrer." (another example: had you gained 2 wear in your wear
    phase but ended drafting, you get no benefit from this driver.)"""
    s = _race([(43, 2, 0), (49, 0, 0)], active={LIGHTGREY: 1, YELLOW: 1},
              drivers=("josh_trin", "david_bird"))
    s.apply("play lightgrey")  # onto the light-grey 45 (2 wear), the car ahead on 49
    _end_turn(s)
    assert s.car_space[0] == 45 and s.turn == 1 and s.discard[0][WEAR] == 0


def test_mike_skipjack_three_wear_ten_cubes_instead_of_seven() -> None:
    """seed DE, 07 - Mike Skipjack (AU-75): "Wenn Sie z. B. in Ihrer Abstiegsphase 3
    Abnutzungswürfel gewonnen haben, ziehen Sie in Ihrer Endphase 10 Würfel, anstatt nur 7."
    (if you gained 3 wear in your wear phase, you draw 10 cubes in your end phase instead of
    only 7.)"""
    s = _race([(42, 3, 0), (12, 0, 0)], active={DARKGREY: 1, YELLOW: 1}, bag={WHITE: 12},
              drivers=("mike_skipjack", "david_bird"))
    s.apply("play darkgrey")  # the dark-grey 47: 3 wear
    _end_turn(s)
    assert sum(s.active[0]) == 7 and _texts(s) == ["skip", "draw one more"]
    for _ in range(3):
        s.apply("draw one more")
    assert sum(s.active[0]) == 10 and s.current_player == 1  # no fourth, 2 left in the bag


def test_kaia_lin_seven_drawn_four_discarded_four_drawn() -> None:
    """seed DE, 10 - Kaia Lin (AU-78): "Nachdem Sie z. B. 7 Würfel für Ihren aktiven Stapel
    gezogen haben, können Sie sich entscheiden, 4 Würfel abzulegen, so dass Sie 4 neue Würfel
    ziehen können, die Sie zu Ihrem aktiven Stapel hinzufügen." (after drawing 7 cubes for your
    active pile you may discard 4 of them and draw 4 new cubes for your active pile.)"""
    s = _race(BEHIND[:2], active={LIGHTGREY: 1, YELLOW: 1}, bag={WHITE: 7, BLACK: 4},
              drivers=("kaia_lin", "david_bird"))
    _end_turn(s)
    for _ in range(7):
        s.apply("draw white")
    for _ in range(4):
        s.apply("choose active white")
    s.apply("skip")  # 4 discarded: 4 drawn, the 4 black cubes left in the bag
    assert s.active[0] == tuple(_counts({WHITE: 3, BLACK: 4})) and s.current_player == 1
    assert s.discard[0][WHITE] == 4


# --- the sponsors (AU-83, AU-84) ------------------------------------------------------------------
def test_sponsor_e1_first_place_two_white_and_one_wear_removed_eight_wear() -> None:
    """seed DE, Förderer E1-E3 (AU-83): "Wenn Sie z. B. Sponsor E1 hatten, den ersten Platz
    belegten und sich entschieden, 2 weiße Würfel und 1 Abnutzungswürfel zu entfernen, dürfen
    Sie bis zu 8 Abnutzungswürfel aus Ihrem Beutel und/oder Ihrer Spielertafel entfernen." (if
    you had Sponsor E1, took first place and chose to remove 2 white cubes and 1 wear cube, you
    may remove up to 8 wear cubes from your bag and/or sheet.)"""
    s = _deal(_break(4, 11), "E1")
    seat = s.current_player
    assert sponsors.tier(s, seat) == "top"  # the winner
    s = _bag(s, seat, white=4, wear=12)
    s.apply("take sponsor E1")
    for cube in ("white", "white", "wear"):  # the standard removal
        s.apply(f"choose bag {cube}")
    for _ in range(8):
        s.apply("choose bag wear")
    # the eighth ends the sponsor's effect although 3 wear are left in the bag
    assert s.bag[seat][WEAR] == 12 - 1 - 8 and s.current_player != seat


def test_sponsor_f2_third_of_four_three_extra_cubes_six_dollars() -> None:
    """seed DE, Förderer F1-F3 (AU-84): "Wenn Sie z. B. Sponsor F2 haben und in einem
    4-Spieler-Spiel den 3. Platz belegen, können Sie mit dem Effekt für den mittleren Platz bis
    zu 3 zusätzliche Würfel entfernen. Wenn Sie alle 3 zusätzlichen Würfel entfernen, können Sie
    $6 ausgeben." (if you have Sponsor F2 and take 3rd place in a 4-player game, the middle
    place's effect lets you remove up to 3 extra cubes; removing all 3 you may spend $6.)"""
    s = _deal(_break(4, 13), "F2")
    while s.current_player != s.order[2]:  # the first two choose something else
        s.apply(next(t for t in _texts(s) if t != "take sponsor F2") if not s.effect
                else _pass(s))
    seat = s.current_player
    assert sponsors.tier(s, seat) == "middle"
    s = _bag(s, seat, yellow=6, wear=6)
    s.apply("take sponsor F2")
    s.apply("skip")  # no standard removal
    assert s.effect[:3] == (sponsors.EXTRA, IDS["F2"], 3)
    for cube in ("wear", "wear", "yellow"):
        s.apply(f"choose bag {cube}")
    assert s.effect[0] == sponsors.MONEY and s.money == 6
    darkgrey = s.bag[seat][DARKGREY]
    s.apply("buy darkgrey")  # $5 of the $6 (synthetic cost): the money is spent on cubes
    assert s.bag[seat][DARKGREY] == darkgrey + 1

