"""Bag odds (solvers.automobiles.odds) against the engine's own chance nodes: every
law is compared with the walk of ``State.chance_outcomes()`` (explicit chance, one cube at a
time, the weights multiplied along each path) from real positions, refills included, and with a
seeded simulation of the engine's draws."""

from __future__ import annotations

import json
import math
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

import automobiles
from automobiles import State
from automobiles.actions import Play
from automobiles.config import CUBES, GEARS, LIGHTGREY, PURPLE, WEAR
from automobiles.serialize import state_from_dict
from solvers.automobiles import odds
from solvers.automobiles.positions import explicit, mid_race, random_positions

Counts = tuple[int, ...]


def _exact(weight: float) -> Fraction:
    """An engine weight (count / bag size, a float) as the fraction it rounds."""
    return Fraction(weight).limit_denominator(1000)


def _engine_law(state: State, seat: int) -> dict[Counts, Fraction]:
    """Walk the engine's chance nodes while ``seat`` draws at its end phase: the law of its new
    active pile (paths merged by the piles they reach, their weights multiplied). The active
    pile was empty before the draw; the engine may have drawn a cube already (a bag of one
    colour is certain)."""
    start = (0,) * len(CUBES)
    frontier = {(state.bag[seat], state.active[seat]): (state, Fraction(1))}
    law: dict[Counts, Fraction] = {}
    while frontier:
        later: dict[tuple[Counts, Counts], tuple[State, Fraction]] = {}
        for node, p in frontier.values():
            if node.is_chance_node() and node.phase == "draw" and node.drawing[0][0] == seat:
                for action, weight in node.chance_outcomes():
                    nxt = node.child(action)
                    key = (nxt.bag[seat], nxt.active[seat])
                    q = p * _exact(weight) + (later[key][1] if key in later else 0)
                    later[key] = (nxt, q)
            else:
                drawn = tuple(a - b for a, b in zip(node.active[seat], start, strict=True))
                law[drawn] = law.get(drawn, Fraction(0)) + p
        frontier = later
    return law


def _at_end_phase_draw(state: State) -> State:
    """The explicit-chance position of ``state``'s mover drawing after ending the turn at once
    (no cube played, nothing bought: nothing else reaches the piles)."""
    e = explicit(state)
    e.apply("end actions")
    e.apply("stop buying")
    assert e.is_chance_node() or e.phase != "draw"
    return e


def _sequential(bag: Counts, discard: Counts, n: int) -> dict[Counts, Fraction]:
    """An independent oracle: one cube at a time, each kind with probability count / size, the
    discard poured into an empty bag (AU-19); paths merged by the piles they reach."""
    none = (0,) * len(CUBES)
    frontier = {(bag, discard, none): Fraction(1)}
    for _ in range(n):
        later: dict[tuple[Counts, Counts, Counts], Fraction] = {}
        for (b, d, drawn), p in frontier.items():
            if not any(b):
                b, d = d, none
            if not any(b):
                later[(b, d, drawn)] = later.get((b, d, drawn), Fraction(0)) + p
                continue
            size = sum(b)
            for c, k in enumerate(b):
                if k:
                    key = (tuple(x - (i == c) for i, x in enumerate(b)), d,
                           tuple(x + (i == c) for i, x in enumerate(drawn)))
                    later[key] = later.get(key, Fraction(0)) + p * Fraction(k, size)
        frontier = later
    law: dict[Counts, Fraction] = {}
    for (_, _, drawn), p in frontier.items():
        law[drawn] = law.get(drawn, Fraction(0)) + p
    return law


small_counts = st.lists(st.integers(0, 2), min_size=len(CUBES), max_size=len(CUBES)).map(tuple)


@settings(max_examples=60, deadline=None)
@given(small_counts, small_counts, st.integers(0, 7))
def test_the_draw_law_equals_drawing_one_cube_at_a_time_on_small_bags(
        bag: Counts, discard: Counts, n: int) -> None:
    law = odds.draw_distribution(bag, discard, n)
    assert law == _sequential(bag, discard, n)
    assert sum(law.values()) == 1


def test_the_first_draw_equals_the_engines_chance_nodes() -> None:
    state = automobiles.new_game(players=2, seed=None, explicit_chance=True)
    while state.phase != "draw":
        state.apply(state.legal_actions()[0] if state.is_chance_node() else "stop buying")
    seat = state.drawing[0][0]
    predicted = odds.next_draw(state)
    assert predicted == _engine_law(state, seat)
    # 5 white, 2 light grey, 5 yellow, 7 drawn: both light greys with C(10,5)/C(12,7)
    assert odds.at_least(predicted, 2, (LIGHTGREY,)) == Fraction(math.comb(10, 5),
                                                                 math.comb(12, 7))


def test_the_end_phase_draw_with_the_discard_shuffled_in_equals_the_engine() -> None:
    refills = 0
    for state in random_positions(12, seed=3):
        predicted = odds.next_draw(state)  # mid-turn: the draw if the turn ended now
        e = _at_end_phase_draw(state)
        seat = state.mover
        refills += sum(state.bag[seat]) < 7
        assert predicted == _engine_law(e, seat)
    assert refills >= 3  # the refill of AU-19 was met, not only plain draws


def test_a_draw_from_bag_and_discard_holding_fewer_than_seven_draws_them_all() -> None:
    law = odds.draw_distribution((2, 0, 0, 0, 1) + (0,) * 5, (1, 1) + (0,) * 8)
    assert law == {(3, 1, 0, 0, 1, 0, 0, 0, 0, 0): Fraction(1)}


def test_at_least_k_gears_and_the_money_law_are_read_from_the_same_draw_law() -> None:
    state = random_positions(1, seed=5)[0]
    law = odds.next_draw(state)
    # the gear count's law, summed from at_least, is a law
    gears = [odds.at_least(law, k) - odds.at_least(law, k + 1) for k in range(8)]
    assert sum(gears) == 1 and all(p >= 0 for p in gears)
    assert odds.at_least(law, 0) == 1
    money = odds.money_distribution(law)
    values = [c.value for c in automobiles.config_for(2).cubes]
    mean = sum(p * sum(v * k for v, k in zip(values, drawn, strict=True))
               for drawn, p in law.items())
    assert sum(m * p for m, p in money.items()) == mean
    assert sum(money.values()) == 1


def _with_piles(state: State, bag_size: int) -> State:
    """``state`` with its mover's bag and discard re-dealt so that the bag holds ``bag_size``
    of their cubes (wear last into the bag, the rest to the discard): a real position's cubes,
    the bag nearly empty so that Crew Chief must refill."""
    data = json.loads(state.to_json())
    seat = state.mover
    pool = [c for c in range(len(CUBES))
            for _ in range(state.bag[seat][c] + state.discard[seat][c])]
    pool.sort(key=lambda c: c != WEAR)  # wear first: a refill is likely
    bag, discard = [0] * len(CUBES), [0] * len(CUBES)
    for i, c in enumerate(pool):
        (bag if i < bag_size else discard)[c] += 1
    data["bag"][seat], data["discard"][seat] = bag, discard
    return state_from_dict(data)


def _crew_chief_positions() -> list[State]:
    found = []
    for seed in range(400):
        state = mid_race(seed, 4 + seed % 6, bots=("random", "random"))
        if state is not None and state.active[state.mover][PURPLE]:
            found.append(explicit(state))
        if len(found) == 4:
            break
    assert found
    return found


def _engine_crew_chief(state: State) -> dict[odds.CrewChief, Fraction]:
    seat = state.mover
    start = state.active[seat]
    played = state.child(Play(PURPLE))
    law: dict[odds.CrewChief, Fraction] = {}
    frontier = [(played, Fraction(1))]
    while frontier:
        node, p = frontier.pop()
        if node.is_chance_node() and node.phase == "draw":
            frontier += [(node.child(a), p * _exact(w)) for a, w in node.chance_outcomes()]
            continue
        gained = [a - b + (c == PURPLE) for c, (a, b) in enumerate(zip(node.active[seat], start,
                                                                      strict=True))]
        wear = gained[WEAR]
        stop = [c for c, k in enumerate(gained) if k and c != WEAR]
        key = (wear, stop[0] if stop else None)
        law[key] = law.get(key, Fraction(0)) + p
    return law


def test_crew_chiefs_draw_until_equals_the_engine_with_and_without_a_refill() -> None:
    for state in _crew_chief_positions():
        seat = state.mover
        for s in (state, _with_piles(state, 1), _with_piles(state, 0)):
            predicted = odds.crew_chief_distribution(s.bag[seat], s.discard[seat])
            assert predicted == _engine_crew_chief(s)
            assert sum(predicted.values()) == 1


def test_crew_chief_ends_with_nothing_when_only_wear_is_left() -> None:
    law = odds.crew_chief_distribution((0, 0, 0, 0, 2) + (0,) * 5, (0, 0, 0, 0, 1) + (0,) * 5)
    assert law == {(3, None): Fraction(1)}
    assert odds.crew_chief_draws(law) == {3: Fraction(1)}


def test_a_seeded_simulation_of_the_engine_falls_inside_the_interval() -> None:
    """2,000 seeded races' first draws: the share with at least 2 light-grey cubes lies within
    4 standard errors of the exact probability (a false alarm has odds about 6e-5)."""
    exact = odds.at_least(odds.draw_distribution(automobiles.config_for(2).starting_bag), 2,
                          (LIGHTGREY,))
    runs, hits = 2000, 0
    for seed in range(runs):
        state = automobiles.new_game(players=2, seed=seed)
        state.apply("stop buying")
        state.apply("stop buying")
        hits += state.active[state.order[0]][LIGHTGREY] >= 2
    p = float(exact)
    half_width = 4 * math.sqrt(p * (1 - p) / runs)
    assert abs(hits / runs - p) <= half_width


def test_at_least_counts_any_gear_by_default() -> None:
    bag = (3, 1, 1, 1, 0, 2) + (0,) * 4
    law = odds.draw_distribution(bag, (), 2)
    gears = sum(bag[c] for c in GEARS)
    both = Fraction(math.comb(gears, 2), math.comb(sum(bag), 2))
    assert odds.at_least(law, 2) == both
