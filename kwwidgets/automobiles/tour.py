"""Automobiles' rules tour: each function returns one section as ``kwwidgets.stepper.Step``
objects, ``(caption, state)`` pairs that also name the spaces to outline and where the
close-up starts (drawn by ``kwwidgets.automobiles.view``), built with the shared ``Script``.

Every state is a real engine position reached by real actions, from a seeded game or from a
small position loaded with the game's ``from_json`` (``position``). Captions are Markdown in
plain English citing AU-nn and RAn (``docs/rules-automobiles.md``). No rules here: every fact
is the engine's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence

import automobiles
import automobiles.bots
from automobiles import State, rules
from automobiles.config import CUBES, WEAR, config_for
from automobiles.game import GAME
from automobiles.svg import unit_of
from kwwidgets.common import rule_link
from kwwidgets.stepper import Script, Step

Pile = Mapping[int, int]


def _counts(pile: Pile | None) -> list[int]:
    return [int((pile or {}).get(c, 0)) for c in range(len(CUBES))]


def position(cars: Sequence[tuple[int, int]], active: Pile | None = None,
             bag: Pile | None = None, discard: Pile | None = None,
             used: Pile | None = None, others: Sequence[Mapping[str, Pile]] = (),
             seed: int | None = 1, cards: str | Sequence[str] = "standard",
             weaving: bool = False, laps: int = 3) -> State:
    """A race position at seat 0's action phase, built from the position layout and loaded by
    the game's ``from_json`` (which checks it): ``cars`` are (space, segment) per seat, in
    turn order 0, 1, ...; seat 0's piles as given (its bag 7 white cubes unless given), each
    other seat's from ``others`` (a dict of piles; a bag of 7 white cubes unless given); the
    stock holds the rest (RA2). ``seed`` None: every draw is an explicit chance decision."""
    players = len(cars)
    base = automobiles.new_game(players, None, cards=cards, weaving=weaving, laps=laps,
                                explicit_chance=True)
    data = json.loads(base.to_json())
    seats: list[dict[str, Pile]] = [{"active": active or {}, "bag": bag or {0: 7},
                                     "discard": discard or {}, "used": used or {}}]
    for p in range(1, players):
        given = dict(others[p - 1]) if p - 1 < len(others) else {}
        seats.append({"bag": given.get("bag", {0: 7}), "active": given.get("active", {}),
                      "discard": given.get("discard", {}), "used": given.get("used", {})})
    for pile in ("bag", "active", "used", "discard"):
        data[pile] = [_counts(seat[pile]) for seat in seats]
    held = [sum(data[pile][p][c] for pile in ("bag", "active", "used", "discard")
                for p in range(players)) for c in range(len(CUBES))]
    data["stock"] = [config_for(2).cubes[c].stock - held[c] for c in range(len(CUBES))]
    data.update(order=list(range(players)), phase="action", turn=0, buyer=players, money=0,
                seed=seed, draws=0, log=[],
                cars=[{"space": b, "segment": g, "laps": 0} for b, g in cars])
    state: State = GAME.from_json(json.dumps(data))
    return state


def _stop(s: State) -> None:
    """Stop buying for everyone before the race."""
    while s.phase == "prebuy":
        s.apply("stop buying")


def _finish_turn(s: State) -> None:
    """The rest of the turn in turn now: no more plays, no buying, first choices elsewhere."""
    turn = s.turn
    while s.turn == turn and not s.is_terminal():
        if s.is_chance_node():
            s.apply(str(s.chance_outcomes()[0][0]))
        elif s.phase == "action":
            s.apply("end actions")
        elif s.phase == "buy":
            s.apply("stop buying")
        else:
            s.apply(s.legal_action_ids()[0])


START_SEED = 7


def the_start(seed: int = START_SEED) -> list[Step]:
    """AU-09..AU-12, RA2, RA3: the random start order and grid, the starting bag, buying before
    the race with the start space's money (unspent money lost), the first draw of 7."""
    s = automobiles.new_game(players=3, seed=seed)
    t = Script(s)
    first = s.order[0]
    t.snap("**The grid.** The start order is drawn at random: it is also the grid and the turn "
           f"order, so {rules.name(first)} starts on P1, at the front. {rule_link('AU-09')} Every "
           "player starts with the same **bag** of 12 cubes: 5 white, 2 light grey and 5 yellow, "
           f"taken from the stock. {rule_link('AU-10', 'RA2')} Before the race each may buy cubes "
           "with the money printed on his start space: $10 on P1, $11 on P2, $12 on P3, a little "
           f"more further back. {rule_link('AU-11')} These amounts are made up for this lab. "
           f"{rule_link('RA3')}",
           title="The grid")
    s.apply("buy lightgrey")
    t.snap(f"{rules.name(first)} buys a light-grey cube for $3, its cost (made up for this lab). "
           f"{rule_link('RA1')} Cubes bought before the race go straight into the bag (there is no "
           "used pile yet); "
           f"he has ${s.money} left and may buy on, one cube at a time, or stop.",
           title="Buying before the race")
    s.apply("stop buying")
    _stop(s)
    t.snap("Everybody stopped: **money not spent is lost**, it is never saved: \"Nicht "
           "benutztes Geld verfällt!\" (\"Money not used is lost!\") "
           f"{rule_link('AU-11')} Then each player draws **7 cubes** from his bag, blind: "
           f"they are his **active pile** for his first turn. {rule_link('AU-12')} The sheets "
           "below count each pile by colour: 13 or 12 cubes in all, 7 of them active.",
           title="The first draw")
    return t.steps


def the_bag() -> list[Step]:
    """AU-12, AU-19: the draw is blind: each colour with probability count / bag size."""
    s = position([(12, 0), (13, 0)], active={}, bag={0: 5, 1: 2, 5: 5}, seed=None)
    t = Script(s)
    s.apply("end actions")
    t.snap("**The bag.** A player never chooses his cubes: they come out of the bag blind. "
           "Here Player 0 (5 white, 2 light grey, 5 yellow in his bag) has just ended a turn and "
           "draws his next 7, one cube at a time. The rules engine treats each cube as a chance "
           "decision: white with probability 5/12, light grey 2/12, yellow 5/12 (the count of "
           f"the colour over the bag's size). {rule_link('AU-12', 'AU-19')}",
           title="A draw from the bag")
    for colour in ("white", "yellow", "white", "lightgrey", "yellow", "white", "white"):
        s.apply(f"draw {colour}")
    t.snap("Seven cubes later the active pile for the next turn is 4 white, 1 light grey and "
           "2 yellow; 5 cubes are left in the bag. These draws were fixed here to show them; in "
           "a seeded game the seed draws them (and `22_automobiles_lab` computes the odds). "
           f"{rule_link('AU-12')}",
           title="Seven drawn")
    return t.steps


def placing_gears() -> list[Step]:
    """AU-12, AU-16, AU-17, AU-29..AU-32, RA3: gear cubes on spaces of their colour directly
    or diagonally ahead, each after the last one; the car follows in the car phase; wear by
    the darkest space."""
    s = position([(12, 0), (13, 0)], active={0: 2, 1: 2, 2: 1, 5: 2})
    t = Script(s)
    t.snap("**The action phase.** Player 0's car is on the white space 12 (inner lane). His "
           "active pile: 2 white, 2 light grey, 1 dark grey, 2 yellow. A **gear cube** of a "
           "colour goes on a space **of its colour directly or diagonally ahead** of the car: "
           "touching it, even at a corner, and ahead; never sideways or back. "
           f"{rule_link('AU-12', 'AU-29', 'AU-32')} The car does not move yet. "
           f"{rule_link('RA3')}", marks={12: "the car"})
    s.apply("play lightgrey")
    t.snap("He plays a light-grey cube (4th gear). Only one light-grey space touches 12 ahead, "
           f"the 15, so the engine puts it there at once (cube 1). {rule_link('AU-30')}",
           marks={15: "cube 1"})
    s.apply("play darkgrey")
    t.snap("Then the dark-grey cube: it goes ahead of **the last cube placed**, not of the car. "
           f"{rule_link('AU-12')} From 15 two dark-grey spaces touch: 16 diagonally ahead and 18 "
           "directly ahead, outlined dashed green; he chooses.")
    s.apply("place 18")
    s.apply("play white")
    t.snap("He takes 18 (cube 2), then plays a white cube (3rd gear) onto the white 21 (cube "
           f"3). {rule_link('AU-29')} A darker space is longer: a dark-grey cube carries the car "
           "further than a "
           f"white one, which is why darker cubes cost more. {rule_link('RA3')}",
           marks={18: "cube 2", 21: "cube 3"})
    return t.steps


def buying() -> list[Step]:
    """AU-14, AU-15, RA5, AU-16, AU-17, AU-19: money is the value of the cubes not played,
    spent now or lost; bought cubes to the used pile; the car moves; wear; the end phase."""
    s = position([(12, 0), (13, 0)], active={0: 2, 1: 2, 2: 1, 5: 2}, bag={0: 3, 1: 2, 5: 2})
    t = Script(s)
    s.apply("play lightgrey")
    s.apply("play darkgrey")
    s.apply("place 18")
    s.apply("end actions")
    t.snap("**The buy phase.** After playing light grey and dark grey, Player 0 ends his "
           "actions. His money is the **value of every cube not played**, still in the active "
           "pile: 2 white ($1 each), 1 light grey ($1) and 2 yellow ($2 each) make "
           f"**${s.money}**. {rule_link('AU-14')} These values are made up for this lab. "
           f"{rule_link('RA1')} Playing a cube spends its value: "
           "every cube is either movement or money.", title="Money from the cubes not played")
    s.apply("buy lightgrey")
    t.snap("He buys a light-grey cube for $3 from the public stock, which is limited. "
           f"{rule_link('AU-15', 'RA2')} **Bought cubes go to the used pile**, not into the hand: "
           "they come back "
           f"through the discard and the bag in later turns. {rule_link('RA5')} ${s.money} left.")
    s.apply("buy white")
    s.apply("stop buying")
    t.snap("He adds a white cube for $1 and stops: the last $3 are **lost**: \"Das Geld wird "
           f"nicht gespart\" (\"The money is not saved\"). {rule_link('AU-14')} Then the **car "
           "phase**: the car moves to the "
           f"space of the last cube placed, 18. {rule_link('AU-16')} The **wear phase**: the "
           "darkest space it moved into or through was dark grey, so he gains 3 wear cubes "
           "(white 1, light grey 2, dark grey 3, black 4) into the used pile. "
           f"{rule_link('AU-17')} The **end "
           "phase**: every cube of his sheet and on the track goes to the discard, and he draws "
           f"7 new cubes from the bag. {rule_link('AU-19')} Now it is Player 1's turn.",
           marks={18: "the car now"}, at=2)
    return t.steps


def drafting() -> list[Step]:
    """AU-17, AU-18, RA5: no movement wear when the car ends directly behind another car."""
    s = position([(12, 0), (18, 0)], active={1: 1, 5: 2})
    t = Script(s)
    t.snap("**Drafting.** \"ABER!\" (\"BUT!\") A car that ends its move **directly behind "
           "another car** "
           f"gains **no wear** for the move. {rule_link('AU-18')} Directly behind means: a "
           f"segment of the next space ahead in its lane holds a car. {rule_link('RA5')} Player "
           "1's car is on the dark-grey 18 in the inner lane.", marks={18: "Player 1"})
    before = s.used[0][WEAR]
    s.apply("play lightgrey")
    _finish_turn(s)
    assert s.discard[0][WEAR] == before
    t.snap("Player 0 moves onto the light-grey 15, right behind it: normally 2 wear, now "
           "**none** (his discard holds no wear). Wear that action cards give is still gained. "
           f"{rule_link('AU-18')}", marks={15: "no wear: drafting"}, at=2)
    return t.steps


def pit_stop() -> list[Step]:
    """AU-13, RA5: instead of acting, buying and moving: the wear of the active pile removed,
    the rest discarded, and the end phase still draws 7."""
    s = position([(12, 0), (13, 0)], active={4: 3, 0: 2, 1: 1, 5: 1}, bag={0: 4, 1: 2, 5: 3})
    t = Script(s)
    t.snap("**The pit stop.** Player 0 drew 3 wear cubes: useless, they do nothing. "
           f"{rule_link('AU-07')} Instead of his turn he may make a **pit stop**: no action, buy "
           "or car phase; all wear cubes of the active pile are removed (back to the stock) and "
           f"the rest of the active pile goes to the discard. {rule_link('AU-13')} Only before "
           "any cube is played.")
    stock = s.stock[WEAR]
    s.apply("pit stop")
    assert s.stock[WEAR] == stock + 3
    t.snap("After the pit stop: the 3 wear went back to the stock, the other 4 cubes to the "
           "discard, the car did not move, and the end phase still happened: he drew 7 for his "
           f"next turn. {rule_link('RA5')}", marks={12: "the car stayed"})
    return t.steps


def end_phase() -> list[Step]:
    """AU-19, RA5: the end phase: everything to the discard, draw 7, the discard back into
    the bag when the bag runs out."""
    s = position([(12, 0), (13, 0)], active={1: 1, 0: 1}, bag={0: 2, 5: 1},
                 discard={0: 3, 1: 2, 4: 2, 5: 3})
    t = Script(s)
    t.snap("**The end phase and the bag running out.** Player 0's bag holds only 3 cubes; his "
           "discard holds 10. At the end of his turn every cube of his sheet and the track goes "
           f"to the discard, then he draws 7. {rule_link('AU-19')}")
    s.apply("play lightgrey")
    _finish_turn(s)
    t.snap("He drew the bag's 3 cubes; the bag ran out, so **the whole discard went back into "
           f"the bag** and the drawing went on until he held 7. {rule_link('AU-19')} His discard "
           "is now empty. Had bag and discard together held fewer than 7, he would have drawn "
           f"what there was. {rule_link('RA5')}")
    return t.steps


def _blue_position(other_blue: int) -> State:
    return position([(12, 0), (5, 0)], active={8: 2, 5: 1}, discard={8: 2},
                    others=[{"discard": {8: other_blue}}])


def the_cards() -> list[Step]:
    """AU-08, RA1, AU-36, AU-43, AU-48, AU-56, AU-63: the standard set's five cards, with the
    seed's examples."""
    steps: list[Step] = []
    s = position([(12, 0), (13, 0)], active={5: 1, 4: 1, 0: 1, 2: 1}, discard={3: 1},
                 bag={0: 7})
    t = Script(s)
    t.snap("**The five action cards.** Besides the gears and wear, five more cube colours are in "
           "play, one card per colour; the **standard set** is Manager (yellow), Suspension "
           "(red), Crew Chief (purple), Hybrid Engine (blue) and Transmission (green). "
           f"{rule_link('AU-08')} A cube of the colour does what its card says. "
           f"{rule_link('RA1')} First the **Manager**: remove 1 cube of the active pile, AND/OR "
           f"put 1 cube of the active pile or discard back into the bag. {rule_link('AU-36')}")
    s.apply("play yellow")
    s.apply("remove wear")
    t.snap("Player 0 plays the yellow cube and removes the wear cube from his active pile (to "
           f"the stock) ... {rule_link('AU-36')}")
    s.apply("return discard black")
    t.snap("... and puts the black cube of his discard back into his bag, where he can draw it "
           f"again soon. He could have skipped either part. {rule_link('AU-36')}")
    steps += t.steps
    s = position([(12, 0), (5, 0)], active={6: 1, 5: 1}, discard={2: 1})
    t = Script(s)
    s.apply("play red")
    t.snap("**Suspension** (red): gain 1 wear; put the red cube on a space of the colour of a "
           f"gear cube **in your discard**. {rule_link('AU-43')} The seed's example: a dark-grey "
           "cube in the "
           "discard lets the red cube go to a dark-grey space. From 12 only the dark-grey 16 "
           "fits, so it went there; the dark-grey cube stays in the discard.",
           marks={16: "the red cube"})
    steps += t.steps
    s = position([(12, 0), (13, 0)], active={7: 1, 0: 1, 2: 1}, bag={4: 2, 0: 1},
                 discard={4: 3, 3: 1}, seed=None)
    t = Script(s)
    s.apply("play purple")
    t.snap("**Crew Chief** (purple): draw 1 cube from the bag; if it is wear, draw again, until "
           "a cube that is not wear; then remove all wear from the discard. "
           f"{rule_link('AU-48')} The "
           "bag holds 2 wear and 1 white: the engine offers the draw as chance, wear 2/3, "
           "white 1/3.")
    s.apply("draw wear")
    s.apply("draw white")
    t.snap("Wear first (so it draws again), then white: it stops. The wear drawn went to the "
           "active pile and stays there; the 3 wear of the discard went back to the stock "
           "(the seed's example: the drawn wear is not removed). "
           f"{rule_link('AU-48')}")
    steps += t.steps
    s = _blue_position(3)
    t = Script(s)
    s.apply("play blue")
    t.snap("**Hybrid Engine** (blue): gain 1 wear; count your blue cubes in active pile, used "
           "pile and discard; if that is more than the blue cubes in **each** other player's "
           f"discard, move the blue cube 2 consecutive spaces of one colour. {rule_link('AU-56')} "
           "The seed's "
           "example: 1 active, 1 played (on the track), 2 in the discard make 4; Player 1 has "
           "3 in his discard, so it moves. The engine offers the first space (dashed green).")
    s.apply("place 16")
    s.apply("place 18")
    t.snap("Dark grey 16, then the second space must be dark grey too, 18: two consecutive "
           f"spaces of one colour. {rule_link('AU-56')}",
           marks={16: "1st", 18: "2nd"})
    s4 = _blue_position(4)
    s4.apply("play blue")
    assert s4.route == ()
    t.snap("Had Player 1 held 4 blue cubes in his discard (as many as Player 0's 4), the blue "
           "cube would not move at all; the wear is gained either way, since a card's wear is "
           f"gained when its cube is played. {rule_link('AU-56')}")
    t.steps[-1] = Step(t.steps[-1].caption, s4)
    steps += t.steps
    for rank in (3, 4):
        ahead = [(17, 3), (20, 0), (18, 2)]
        behind = [(12, 0), (9, 0), (10, 0)]
        cars = [(16, 2), *ahead[:rank - 1], *behind[:4 - rank]]
        s = position(cars, active={9: 1, 5: 1})
        t = Script(s)
        s.apply("play green")
        spaces = 3 if rank == 3 else 5
        t.snap("**Transmission** (green): gain 1 wear; move up to as many consecutive "
               "light-grey spaces as **your position** in the race, last position 1 more. "
               f"{rule_link('AU-63')} "
               f"Player 0 is {('third', 'fourth')[rank - 3]} of 4 here, so up to **{spaces}** "
               f"(the seed's example: third of 4, 3; fourth of 4, 5).", at=4)
        for space in (19, 22, 24, 27, 30)[:spaces]:
            s.apply(f"place {space}")
        t.snap(f"The green cube went {spaces} light-grey spaces, one after another (each directly "
               "or diagonally ahead of the one before); the car follows it in the car phase. "
               f"{rule_link('AU-16')} Being behind pays: this card helps the last car most.", at=4)
        steps += t.steps
    return steps


def weaving() -> list[Step]:
    """AU-23, RA3: with Weaving a cube may go on any free segment of its space."""
    plain = position([(15, 0), (13, 0)], active={2: 1, 1: 1, 5: 1})
    plain.apply("play darkgrey")
    t = Script(plain)
    if plain.phase == "place":
        plain.apply("place 18")
    plain.apply("play lightgrey")
    t.snap(f"**Weaving** is an advanced rule. {rule_link('AU-23')} Normally a cube goes on its "
           "space's "
           "**furthest free segment**: here the dark-grey cube went to the front of the long 18, "
           f"and from there the next light-grey cube could only reach 22. {rule_link('RA3')}",
           marks={18: "front segment"})
    s = position([(15, 0), (13, 0)], active={2: 1, 1: 1, 5: 1}, weaving=True)
    w = Script(s)
    s.apply("play darkgrey")
    w.snap("With the **Weaving** option a cube may go on **any** free segment of its space, so a "
           "car can cut through a space on a rear segment to reach one on the other side. The "
           f"engine now offers each segment of 18 separately. {rule_link('AU-23')}")
    s.apply("place 18 segment 0")
    s.apply("play lightgrey")
    w.snap("On 18's rear segment, the light-grey 19 of the next lane is in reach, which 18's "
           "front segment does not touch: the engine's reading of the seed's words and the "
           f"track ruling. {rule_link('RA3')}",
           marks={18: "rear segment", 19: "reached by weaving"})
    return t.steps + w.steps


def race_end(seed: int = 3) -> list[Step]:
    """AU-20..AU-22, RA4, RA6: laps, the same number of turns, the furthest car wins."""
    s = automobiles.new_game(players=2, seed=seed, laps=1)
    bots = [automobiles.bots.make_bot("greedy", p) for p in range(2)]
    while not s.is_terminal():
        s.apply(bots[max(s.current_player, 0)].choose(s))
    outcome = s.outcome()
    assert outcome is not None
    t = Script(s)
    t.snap("**The end of the race.** A race lasts the laps set at the start (3 by default, here "
           f"1). {rule_link('AU-20', 'RA3')} As soon as a car crosses the line on its last lap, "
           "the round is "
           "finished so that everyone has had the same number of turns, and the car that went "
           f"**furthest** wins; as far: the one further inside. {rule_link('AU-21', 'RA6')} Two "
           f"greedy bots raced: {rules.name(outcome.winners[0])} won, {s.turn // 2} turns each. "
           f"{rule_link('AU-22', 'RA4')}", at=unit_of(s, outcome.winners[0]) - 10)
    return t.steps


def drivers(seed: int = 4) -> list[Step]:
    """AU-24, AU-69..AU-78, RA7: players + 1 drivers dealt, taken from the last grid position
    forward."""
    s = automobiles.new_game(players=3, seed=seed, season=3, drivers=True)
    cfg = s.cfg
    t = Script(s)
    pool = [cfg.drivers[d] for d in s.pool]
    last = s.order[-1]
    t.snap(f"**Drivers**. {rule_link('AU-24')} The driver cards are played in a season (here "
           "the first race of three). Players + 1 drivers are "
           f"dealt (here 4: {', '.join(pool)}) and the players take one each **from the last grid "
           f"position forward**: {rules.name(last)}, on the last grid space, chooses first. "
           f"{rule_link('RA7')} Each driver has a power used every round, for example Josh Trin "
           "moves up to 1 light-grey space for each wear gained in his wear phase. "
           f"{rule_link('AU-69', 'AU-78')}",
           title="The drivers on offer")
    while s.phase == "driver":
        s.apply(s.legal_action_ids()[0])
    names = ", ".join(f"{rules.name(p)} {cfg.drivers[s.drivers[p]]}"
                      for p in range(s.players))
    t.snap(f"Everyone has a driver ({names}); the one left is put away, and buying before the "
           f"race begins. {rule_link('AU-11')}")
    return t.steps


def season(seed: int = 2) -> list[Step]:
    """AU-25, AU-27, AU-28, RA7: points per place, the grid by the last result, no buying
    before the later races, the stock not refilled."""
    s = automobiles.new_game(players=3, seed=seed, season=3, laps=1)
    bots = [automobiles.bots.make_bot("greedy", p) for p in range(3)]
    while s.race == 0:
        s.apply(bots[max(s.current_player, 0)].choose(s))
    t = Script(s)
    points = ", ".join(f"{rules.name(p)} {s.points[p]}" for p in range(s.players))
    t.snap("**The season**: a series of 3 or more races (here 3 races of 1 lap). "
           f"{rule_link('AU-25')} After each race every place scores points: 10, 6, 4, 2, 1 "
           f"(made up for this lab). {rule_link('RA7')} After race 1: {points}. Race 2's grid "
           "follows race 1's result, its "
           "winner on P1; every cube went back into its owner's bag; **no buying** before the "
           f"later races and the stock is **not refilled**. {rule_link('AU-27', 'RA7')} Each "
           f"player has drawn 7. {rule_link('AU-28', 'RA7')}")
    return t.steps


def sponsors(seed: int = 2) -> list[Step]:
    """AU-26, AU-79..AU-84, RA7: the sponsors between the races of a season."""
    s = automobiles.new_game(players=3, seed=seed, season=3, laps=1, sponsors=True)
    bots = [automobiles.bots.make_bot("greedy", p) for p in range(3)]
    while s.phase not in ("sponsor",):
        s.apply(bots[max(s.current_player, 0)].choose(s))
    t = Script(s)
    offer = ", ".join(s.cfg.sponsors[k].en for k in s.offer)
    t.snap("**Sponsors**: between the races of a season each player chooses a sponsor, which "
           f"changes his cubes. {rule_link('AU-26')} Players + 1 sponsors are dealt (here: "
           f"{offer}) and chosen in finishing order, the winner first; each works at the tier of "
           "the player's place: top for the winner, bottom for the last. "
           f"{rule_link('AU-79', 'AU-84')} "
           f"{rules.name(s.current_player)} chooses now. {rule_link('RA7')}")
    return t.steps


#: The tour's sections in reading order: title -> step builder.
SECTIONS: dict[str, Callable[[], list[Step]]] = {
    "The start": the_start,
    "The bag": the_bag,
    "Placing gear cubes": placing_gears,
    "Buying, the car, wear and the end phase": buying,
    "Drafting": drafting,
    "The pit stop": pit_stop,
    "The bag runs out": end_phase,
    "The five cards": the_cards,
    "Weaving": weaving,
    "The end of the race": race_end,
    "Drivers": drivers,
    "The season": season,
    "Sponsors": sponsors,
}


