"""The race's value of a choice (solvers.automobiles.race): every legal decision valued by
simulated races with intervals, rankings that replay, simulations that never read the
position's own seed, the simulations' draws against the bag's exact odds (a chi-square test,
odds.draw_fit), and kw solve's answer saying which part is proven and which estimated."""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import cache

import pytest

from automobiles import State
from automobiles.bots import GreedyBot
from automobiles.serialize import state_from_dict
from solvers.automobiles import odds, race, solve
from solvers.automobiles.positions import explicit, mid_race


@cache
def _mid() -> State:
    state = mid_race(3, 10, players=3)
    assert state is not None
    return state


@cache
def _at_buy(seed: int = 3, turns: int = 12, players: int = 3) -> State:
    """A real position at the mover's buy phase, ``stop buying`` legal (it ends the turn), the
    bag holding 7 cubes or more (the next draw's law is then the bag's alone)."""
    s = mid_race(seed, turns, players=players)
    assert s is not None
    bot = GreedyBot(0)
    while not (s.phase == "buy" and "stop buying" in map(str, s.legal_actions())
               and sum(s.bag[s.mover]) >= 7):
        s.apply_unchecked(bot.choose(s))
    return s


def test_every_legal_decision_is_valued_with_its_interval() -> None:
    state = _mid()
    values = race.race_values(state, seconds=None, races=6, seed=1)
    legal = {str(a) for a in state.legal_actions()}
    assert {c.action for c in values.choices} == legal
    assert values.races == 6 * len(legal) and values.seat == state.current_player
    for c in values.choices:
        assert c.place.n == c.turns.n == 6
        assert c.place.low <= c.place.mean <= c.place.high
        assert c.turns.low <= c.turns.mean <= c.turns.high
        assert 1 <= c.place.mean <= state.players and c.turns.mean >= 0
        assert 0 <= c.win <= 1
    keys = [(c.place.mean, -c.margin.mean) for c in values.choices]
    assert keys == sorted(keys)


def test_rankings_replay_from_the_same_seed() -> None:
    state = _mid()
    first = race.race_values(state, seconds=None, races=4, seed=5)
    again = race.race_values(state.clone(), seconds=None, races=4, seed=5)
    assert first.choices == again.choices


def test_the_simulations_never_read_the_positions_own_seed() -> None:
    state = _mid()
    data = json.loads(state.to_json())
    data["seed"] = (data["seed"] or 0) + 12345
    other = state_from_dict(data)
    assert other.seed != state.seed
    a = race.race_values(state, seconds=None, races=3, seed=2)
    b = race.race_values(other, seconds=None, races=3, seed=2)
    assert a.choices == b.choices
    c = race.race_values(explicit(state), seconds=None, races=3, seed=2)  # chance explicit
    assert c.choices == a.choices


def test_a_simulated_races_place_agrees_with_the_engines_outcome() -> None:
    state = _mid()
    aid = state.legal_action_ids()[0]
    for k in range(5):
        result = race.rollout(state, aid, state.current_player, seed=k)
        assert 1 <= result.place <= state.players
        assert result.turns > 0
        if result.margin > 0:
            assert result.place == 1  # further than every other car
        if result.margin < 0:
            assert result.place > 1


def test_a_position_that_is_no_decision_is_refused_and_left_unchanged() -> None:
    state = explicit(_at_buy())
    state.apply("stop buying")
    while not state.is_chance_node():
        state.apply_unchecked(GreedyBot(0).choose(state))
    before = state.to_json()
    with pytest.raises(race.RaceError, match="chance"):
        race.race_values(state, races=1)
    assert state.to_json() == before
    with pytest.raises(ValueError, match="seconds"):
        race.race_values(_mid(), seconds=float("nan"))
    with pytest.raises(ValueError, match="races"):
        race.race_values(_mid(), seconds=None, races=0)


def test_the_simulations_draws_follow_the_bags_exact_odds() -> None:
    for seed, turns, players in ((3, 12, 3), (4, 6, 2), (5, 20, 4)):
        state = _at_buy(seed, turns, players)
        statistic, p, dof = odds.draw_fit(state, "stop buying", samples=1500, seed=seed)
        assert dof >= 3
        assert p > 0.001, (seed, statistic, dof)


def test_the_chi_square_check_catches_a_sampler_that_ignores_its_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _at_buy()
    fixed = state.clone()
    monkeypatch.setattr(race, "reseeded", lambda s, seed: fixed.clone(history=False))
    _, p, _ = odds.draw_fit(state, "stop buying", samples=500, seed=0)
    assert p < 1e-6


def test_kw_solve_keeps_the_proven_turn_and_says_the_race_values_are_estimates() -> None:
    state = _mid()
    answer = solve.SOLVER.solve(state, {"races": 3})
    assert answer.kind == "proven" and answer.best
    over = answer.details["over_the_race"]
    assert over["races_per_decision"] == 3 and "not proven" in over["what"]
    assert {c["decision"] for c in over["choices"]} == {str(a) for a in state.legal_actions()}
    sentence = answer.caveats[-1]
    assert "an estimate from 3 simulated races" in sentence
    assert "this turn's proven best" in sentence or "also this turn's best" in sentence
    with pytest.raises(solve.SolveError, match="races"):
        solve.SOLVER.solve(state, {"races": 0})


def _results(places: list[int]) -> list[race.Result]:
    return [race.Result(place, 5, 0) for place in places]


def _race_of(*choices: list[int]) -> race.Race:
    """A race whose choices had these places, round by round (the same draws in a round)."""
    out = race.Race(len(choices))
    for places in zip(*choices, strict=True):
        out.add_round({i: r for i, r in enumerate(_results(list(places)))})
    return out


def test_a_tally_equals_the_plain_mean_and_interval_of_the_same_races() -> None:
    results = [race.Result(p, t, m) for p, t, m in
               ((1, 7, 12), (3, 9, -4), (2, 8, 0), (2, 6, -9), (1, 7, 30), (4, 11, -25))]
    tally = race.Tally()
    for k, r in enumerate(results, 1):
        tally.add(r)
        for got, samples in ((tally.place.estimate(), [r.place for r in results[:k]]),
                             (tally.turns.estimate(), [r.turns for r in results[:k]]),
                             (tally.utility.estimate(), [r.utility for r in results[:k]]),
                             (tally.margin.estimate(), [r.margin for r in results[:k]])):
            want = race.estimate(samples)
            assert got.n == want.n == k
            assert (got.mean, got.low, got.high) == pytest.approx((want.mean, want.low, want.high))
    assert tally.wins == 2 and tally.n == 6
    with pytest.raises(ValueError, match="sample"):
        race.Tally().place.estimate()


def test_only_the_leader_and_its_closest_rival_race_on() -> None:
    leader = [1, 2] * 10
    behind = [3, 4] * 10  # a place worse on every race: separated
    noisy = [2, 1] * 10  # as good on average: the closest rival
    wobbly = [1, 4, 1, 1] * 5  # a quarter of a place behind, about a standard error
    assert _race_of(leader, behind, noisy, wobbly).racers() == [0, 2]
    assert _race_of(leader, behind, wobbly).racers() == [0, 2]
    # The leader is the best mean wherever it stands; its lead in paired standard errors.
    flipped = _race_of(behind, wobbly, leader)
    assert flipped.leader() == 2 and flipped.racers() == [1, 2]
    assert flipped.lead(2, 0) == math.inf and 0 < flipped.lead(2, 1) < race.DROP_Z


def test_no_one_races_on_once_the_leader_is_separated_from_every_other_choice() -> None:
    assert _race_of([1, 2] * 10, [3, 4] * 10, [2, 3] * 10).racers() == []


def test_choices_with_the_same_results_on_every_race_stop_racing_each_other() -> None:
    leader, twin = [1, 2, 1, 3] * 5, [1, 2, 1, 3] * 5
    assert _race_of(leader, twin).racers() == []
    assert _race_of(leader, twin, [4, 4, 4, 4] * 5).racers() == []
    assert _race_of(leader, twin, [2, 1, 3, 1] * 5).racers() == [0, 2]
    # The same places but another margin on one race: two choices, still racing.
    other = race.Race(2)
    for k, place in enumerate(leader):
        other.add_round({0: race.Result(place, 5, 0), 1: race.Result(place, 5, int(k == 3))})
    assert other.racers() == [0, 1]


def test_choices_are_ranked_by_expected_place_however_large_the_margin(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A choice a tenth of a place better on average but far behind in track units is ranked
    first, although the bots' utility (less place, MARGIN_WEIGHT x margin) prefers the other."""
    state = _mid()
    legal = state.legal_action_ids()
    ahead, wide = legal[0], legal[1]
    seen = dict.fromkeys(legal, 0)

    def rollout(state: State, aid: int, seat: int, seed: int) -> race.Result:
        k, seen[aid] = seen[aid], seen[aid] + 1
        if aid == ahead:  # places 1, 2, 1, 2, ...: 1.5; 40 units behind the best other car
            return race.Result(1 + k % 2, 5, -40)
        if aid == wide:  # six 2nd places in ten: 1.6; 40 units ahead
            return race.Result(1 + int(k % 10 < 6), 5, 40)
        return race.Result(3, 5, -60)

    monkeypatch.setattr(race, "rollout", rollout)
    values = race.race_values(state, seconds=None, races=10, seed=0, drop=False)
    first, second = values.choices[0], values.choices[1]
    assert (first.aid, first.place.mean) == (ahead, 1.5)
    assert (second.aid, second.place.mean) == (wide, 1.6)
    assert second.utility.mean > first.utility.mean  # the utility would have ranked wide first
    assert first.margin.mean == -40


def test_the_expected_margin_only_breaks_a_tie_of_expected_places() -> None:
    tie = race.Race(3)
    for k in range(12):
        tie.add_round({0: race.Result(1 + k % 2, 5, -3),  # place 1.5, margin -3
                       1: race.Result(2 - k % 2, 5, 8),  # place 1.5, margin 8
                       2: race.Result(1 + (k < 5), 5, 90)})  # place 1.42, margin 90
    assert tie.leader() == 2  # the best place, whatever the margins
    level = race.Race(2)
    for k in range(12):
        level.add_round({0: race.Result(1 + k % 2, 5, -3), 1: race.Result(2 - k % 2, 5, 8)})
    assert level.leader() == 1  # the same expected place: the better margin
    assert race.ranking_key(level.tallies[1]) < race.ranking_key(level.tallies[0])


def _fake_race(monkeypatch: pytest.MonkeyPatch, places: Mapping[int, Callable[..., int]],
               cost: float = 0.0) -> list[float]:
    """``race.rollout`` replaced by ``places[aid](seed)`` (turns 5, margin 0), each simulated
    race advancing a fake clock by ``cost``; the clock (a one-element list) is returned."""
    now = [0.0]

    def rollout(state: State, aid: int, seat: int, seed: int) -> race.Result:
        now[0] += cost
        return race.Result(places[aid](seed), 5, 0)

    monkeypatch.setattr(race, "rollout", rollout)
    return now


def test_the_race_stops_early_when_the_leader_is_separated(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid()
    legal = state.legal_action_ids()
    best = legal[1]
    places = {a: (lambda seed: 1 + seed % 2) if a == best else (lambda seed: 3 + seed % 2)
              for a in legal}
    _fake_race(monkeypatch, places)
    values = race.race_values(state, seconds=None, races=500, seed=3)
    assert values.best.aid == best
    assert {c.place.n for c in values.choices} == {race.RACE_FROM}
    assert values.races == race.RACE_FROM * len(legal)
    kept = race.race_values(state, seconds=None, races=40, seed=3, drop=False)
    assert kept.races == 40 * len(legal)


def test_choices_found_identical_stop_the_race_instead_of_spending_the_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid()
    legal = state.legal_action_ids()
    same = {legal[0], legal[1]}  # the same place on the same draws: one choice in effect
    places = {a: (lambda seed: 1 + seed % 3) if a in same else (lambda seed: 4) for a in legal}
    _fake_race(monkeypatch, places)
    values = race.race_values(state, seconds=None, races=500, seed=3)
    assert values.best.aid in same
    assert values.races == race.RACE_FROM * len(legal)


def test_no_round_is_started_that_the_time_left_cannot_hold(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = _mid()
    legal = state.legal_action_ids()
    places = {a: (lambda seed, a=a: 1 + (seed + a) % 3) for a in legal}  # never separated
    now = _fake_race(monkeypatch, places, cost=0.01)
    round_cost = 0.01 * len(legal)
    seconds = 6.5 * round_cost  # six rounds fit, the seventh would not
    values = race.race_values(state, seconds=seconds, seed=1, clock=lambda: now[0])
    assert values.races == 6 * len(legal)
    assert now[0] <= seconds and values.seconds <= seconds
    # After RACE_FROM rounds a round is two races: the budget is counted in them.
    seconds = race.RACE_FROM * round_cost + 3.5 * 0.02
    now[0] = 0.0
    values = race.race_values(state, seconds=seconds, seed=1, clock=lambda: now[0])
    assert values.races == race.RACE_FROM * len(legal) + 3 * 2
    assert now[0] <= seconds
    # A first round is always run, whatever it costs.
    now[0] = 0.0
    values = race.race_values(state, seconds=0.001, seed=1, clock=lambda: now[0])
    assert values.races == len(legal)


def test_rankings_that_race_the_leader_and_its_rival_replay_from_the_same_seed() -> None:
    state = _mid()
    first = race.race_values(state, seconds=None, races=race.RACE_FROM + 8, seed=6)
    again = race.race_values(state.clone(), seconds=None, races=race.RACE_FROM + 8, seed=6)
    assert first == replace(again, seconds=first.seconds)
    assert first.races < (race.RACE_FROM + 8) * len(state.legal_action_ids())


def test_choices_that_raced_less_keep_their_estimates_and_the_ranking_holds_every_choice() -> None:
    state = _mid()
    legal = {str(a) for a in state.legal_actions()}
    kept = race.race_values(state, seconds=None, races=60, seed=4, drop=False)
    raced = race.race_values(state, seconds=None, races=60, seed=4)
    assert {c.action for c in raced.choices} == legal
    counts = [c.place.n for c in raced.choices]
    assert all(race.RACE_FROM <= n <= 60 for n in counts)
    assert raced.races == sum(counts) and kept.races == 60 * len(legal)
    # Every race of a choice is the race it had without dropping (the same draws, in order).
    for c in raced.choices:
        full = kept.choice(c.action)
        if c.place.n == 60:
            assert c.place == full.place
    best = raced.best
    for c in raced.choices:
        if c.place.n < best.place.n:  # raced less: not ahead of the best
            assert c.place.mean >= best.place.mean


def _before_the_race() -> State:
    import automobiles

    state = automobiles.new_game(3, 5)
    assert state.phase == "prebuy" and len(state.legal_action_ids()) > 2
    return state


def test_kw_solve_values_a_purchase_before_the_race_over_the_race() -> None:
    """Buying before the race (AU-11) is no turn: the answer ranks every purchase by the cars
    expected to finish behind the player, an estimate with its interval, and says so."""
    state = _before_the_race()
    before = state.clone()
    answer = solve.SOLVER.solve(state, {"races": 12})
    assert state == before  # solving changes nothing
    legal = {str(a) for a in state.legal_actions()}
    assert answer.kind == "estimate" and answer.best in legal
    assert answer.unit == solve.DECISION_UNIT
    assert {a.action for a in answer.alternatives} == legal
    ranking = race.race_values(state, seconds=None, races=12, seed=0)
    assert answer.best == ranking.best.action
    for alt in answer.alternatives:  # the same races: value = players - expected place
        choice = ranking.choice(alt.action)
        assert alt.kind == "estimate" and alt.value == pytest.approx(3 - choice.place.mean)
        assert alt.interval is not None and alt.value is not None
        assert 0 <= alt.interval[0] <= alt.value
        assert alt.value <= alt.interval[1] <= 2
    assert "Not proven" in answer.status and "expected place" in answer.status
    assert any("before one" in c for c in answer.caveats)
    assert answer.samples == ranking.best.place.n


def test_a_purchase_before_the_race_answers_within_a_small_budget() -> None:
    answer = solve.SOLVER.solve(_before_the_race(), {"budget": 0.2})
    assert answer.kind == "estimate" and answer.effort.seconds < 5


def test_the_benchmarks_paired_spread_is_the_plain_standard_deviation_of_the_difference() -> None:
    import runpy
    import statistics
    from pathlib import Path

    bench = runpy.run_path(str(Path(__file__).resolve().parents[3] / "benchmarks"
                               / "bench_automobiles_race.py"))
    rows = [[1.0, 2.0, 2.0, 1.0], [2.0, 2.0, 3.0, 2.0], [1.0, 1.0, 2.0, 1.0],
            [3.0, 4.0, 3.0, 3.0], [2.0, 3.0, 4.0, 2.0]]  # column 3 is column 0's twin
    gap, paired, independent = bench["paired_spread"](rows)
    # The rival: column 1, 2.4 standard errors behind (column 2: 3.2).
    best, rival = [r[0] for r in rows], [r[1] for r in rows]
    assert gap == pytest.approx(0.6)
    diffs = [b - a for a, b in zip(best, rival, strict=True)]
    assert paired == pytest.approx(statistics.stdev(diffs))
    assert independent == pytest.approx(math.hypot(statistics.stdev(best),
                                                   statistics.stdev(rival)))
    assert bench["paired_spread"]([[1.0, 1.0], [2.0, 2.0]]) is None
