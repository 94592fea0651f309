"""The per-seat draw streams of ``benchmarks/bench_automobiles_race.py --streams`` (measured,
not used by the solver): a seat's draws do not move with what another seat does, each draw
follows the bag's exact odds (AU-19), the position's own seed is never read, and the greedy
bot's choice is made at every decision."""

from __future__ import annotations

import json
import runpy
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from automobiles import State, rules
from automobiles.bots import GreedyBot
from automobiles.serialize import state_from_dict
from solvers.automobiles import odds
from solvers.automobiles.positions import explicit, mid_race
from tests.solvers.automobiles.test_race import _at_buy


@cache
def _bench() -> dict[str, Any]:
    return runpy.run_path(str(Path(__file__).resolve().parents[3] / "benchmarks"
                              / "bench_automobiles_race.py"))


def _mid(seed: int = 3, turns: int = 10, players: int = 3) -> State:
    state = mid_race(seed, turns, players=players)
    assert state is not None
    return state


def test_the_streams_stop_where_the_engine_waits_for_chance() -> None:
    assert _bench()["CHANCE_PHASES"] == rules._CHANCE_PHASES


def _draws(state: State, aid: int, seed: int) -> dict[int, list[tuple[Any, ...]]]:
    """Every draw of several cubes after ``aid`` in a streams rollout, per seat: the seat's
    bag and discard before it and the cubes it drew."""
    bench = _bench()
    seen: dict[int, list[tuple[Any, ...]]] = {}

    class Recording(bench["SeatStreams"]):  # type: ignore[misc]
        def resolve(self, s: State) -> None:
            if s.phase != "draw" or s.effect or len(s.drawing) != 1 or s.drawing[0][1] < 2:
                super().resolve(s)
                return
            seat = s.drawing[0][0]
            bag, discard, before = s.bag[seat], s.discard[seat], s.active[seat]
            super().resolve(s)
            drawn = tuple(a - b for a, b in zip(s.active[seat], before, strict=True))
            seen.setdefault(seat, []).append((bag, discard, drawn))

    # The rollout reads the class from its module's globals (``runpy`` hands back a copy).
    module = bench["streams_rollout"].__globals__
    original = module["SeatStreams"]
    module["SeatStreams"] = Recording
    try:
        bench["streams_rollout"](state, aid, state.current_player, seed)
    finally:
        module["SeatStreams"] = original
    return seen


def test_a_seat_not_deciding_draws_the_same_cubes_for_every_choice_while_its_bag_is_the_same(
) -> None:
    state = _mid(5, 12, 4)
    seat = state.current_player
    first, *others = state.legal_action_ids()
    compared = shifted = 0
    for seed in range(6):
        mine = _draws(state, first, seed)
        for aid in others:
            theirs = _draws(state, aid, seed)
            # The deciding seat's draws differ in number: one table counter would shift every
            # later draw of every seat.
            shifted += len(mine.get(seat, [])) != len(theirs.get(seat, []))
            for other in range(state.players):
                if other == seat:
                    continue
                for a, b in zip(mine.get(other, []), theirs.get(other, []), strict=False):
                    if a[:2] != b[:2]:
                        break  # its bag differs from here on: the positions have diverged
                    assert a[2] == b[2], (seed, aid, other)
                    compared += 1
    assert compared > 50 and shifted > 0


def test_the_streams_own_counter_is_not_the_tables() -> None:
    # A seat's stream depends on the race's seed and the seat alone.
    streams = _bench()["SeatStreams"]
    a, b = streams(7, 3), streams(7, 4)
    assert a.seeds[:3] == b.seeds[:3] and len(set(b.seeds)) == 5
    assert streams(8, 3).seeds[0] != a.seeds[0]


def _stream_draws(state: State, action: str, samples: int, seed: int = 0) -> list[tuple[int, ...]]:
    """The mover's end-phase draw of 7 after ``action``, ``samples`` times, by the streams."""
    import random

    bench = _bench()
    seat, rng, out = state.mover, random.Random(seed), []
    for _ in range(samples):
        s = explicit(state)
        streams = bench["SeatStreams"](rng.getrandbits(63), s.players)
        s.apply(action)
        while s.phase in bench["CHANCE_PHASES"]:
            streams.resolve(s)
        out.append(s.active[seat])
    return out


def test_the_streams_draws_follow_the_bags_exact_odds(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(odds, "sampled_draws", _stream_draws)
    for seed, turns, players in ((3, 12, 3), (4, 6, 2), (5, 20, 4)):
        state = _at_buy(seed, turns, players)
        statistic, p, dof = odds.draw_fit(state, "stop buying", samples=1500, seed=seed)
        assert dof >= 3
        assert p > 0.001, (seed, statistic, dof)


def test_the_chi_square_check_catches_streams_that_ignore_their_seed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(odds, "sampled_draws",
                        lambda state, action, samples, seed=0: _stream_draws(
                            state, action, 1, seed) * samples)
    _, p, _ = odds.draw_fit(_at_buy(), "stop buying", samples=500, seed=0)
    assert p < 1e-6


def test_a_single_cube_is_drawn_at_its_own_chance_node_with_the_bags_odds() -> None:
    # A draw of one cube (as a card's, one at a time) takes one number of the drawing seat's
    # stream, no other seat's, and each colour comes count / bag size of the time (AU-19).
    bench = _bench()
    s = explicit(_at_buy())
    s.apply("stop buying")
    assert s.phase == "draw" and len(s.drawing) == 1
    seat = s.drawing[0][0]
    s.drawing = ((seat, 1),)
    bag, samples = s.bag[seat], 6000
    counts = [0] * len(bag)
    for seed in range(samples):
        one = s.clone(history=False)
        streams = bench["SeatStreams"](seed, s.players)
        streams.resolve(one)
        assert streams.counts == [int(p == seat) for p in range(s.players + 1)]
        drawn = [a - b for a, b in zip(one.active[seat], s.active[seat], strict=True)]
        assert sum(drawn) == 1
        counts[drawn.index(1)] += 1
    for c, k in enumerate(bag):
        p = k / sum(bag)
        assert abs(counts[c] - p * samples) <= 4.5 * (samples * p * (1 - p)) ** 0.5 + 1, c


def test_the_streams_never_read_the_positions_own_seed() -> None:
    bench = _bench()
    state = _mid()
    data = json.loads(state.to_json())
    data["seed"] = (data["seed"] or 0) + 12345
    other = state_from_dict(data)
    for aid in state.legal_action_ids():
        for seed in (0, 1):
            result = bench["streams_rollout"](state, aid, state.current_player, seed)
            assert result == bench["streams_rollout"](other, aid, state.current_player, seed)
            assert result == bench["streams_rollout"](explicit(state), aid,
                                                      state.current_player, seed)


def test_the_streams_rollout_makes_the_greedy_bots_choice_at_every_decision() -> None:
    bench = _bench()
    state = _mid(6, 14, 3)
    for aid in state.legal_action_ids():
        s = explicit(state)
        streams, bot = bench["SeatStreams"](9, s.players), GreedyBot(0)
        s.apply_unchecked(aid)
        while not s.is_terminal():
            if s.current_player < 0:
                streams.resolve(s)
            else:
                s.apply_unchecked(bot.choose(s))
        seat = state.current_player
        assert bench["streams_rollout"](state, aid, seat, 9).place == bench["place_of"](s, seat)
