"""The greedy evaluation's cached round projection (kwcore.bots.projection_key; RULINGS K14-K17,
K22, K30).

The cache is exact only if ``projection_key`` names everything the projection reads. Two checks
on real positions (every child of every decision of seeded games, for every company): positions
with the same key have the same projection, computed afresh; and whole games between greedy
bots take the same decisions with the cache as without it.
"""

from __future__ import annotations

import pytest

import kwcore
from kwcore import bots


class _NoStore(dict):  # type: ignore[type-arg]
    """A projection cache that never keeps anything: every projection computed afresh."""

    def __setitem__(self, key: object, value: object) -> None:
        pass


def _positions(players: int, seed: int, every: int = 3) -> list[kwcore.State]:
    """Every ``every``-th decision of a seeded game between greedy and random bots."""
    line_up = [bots.GreedyBot(seed + i) if i % 2 == 0 else bots.RandomBot(seed + i)
               for i in range(players)]
    state, out, n = kwcore.new_game(players, seed), [], 0
    while not state.is_terminal():
        if n % every == 0:
            out.append(state.clone(history=False))
        state.apply_unchecked(line_up[state.current_player].choose(state))
        n += 1
    return out


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3), (3, 4), (4, 5)])
def test_positions_with_one_key_have_one_projection(players: int, seed: int) -> None:
    seen: dict[tuple[object, ...], tuple[float, ...]] = {}
    shared = 0
    for state in _positions(players, seed, every=1):
        if state.current_player < 0:
            continue
        for aid in state.legal:
            child = state.child(aid)
            for p in range(players):
                key = bots.projection_key(child, p)
                parts = bots._projection_parts(child.clone(history=False), p)
                if key in seen:
                    shared += 1
                    assert seen[key] == parts, key
                seen[key] = parts
    assert shared > 100  # the check compared many positions that share a key


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12), (4, 13)])
def test_greedy_games_are_the_same_without_the_cache(players: int, seed: int,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    def decisions() -> list[str]:
        record: list[str] = []
        bots.play_game(players, seed, [bots.GreedyBot(seed + i) for i in range(players)],
                       record=record)
        return record

    with_cache = decisions()
    monkeypatch.setattr(bots, "_PROJECTIONS", _NoStore())
    assert decisions() == with_cache


def test_the_cache_is_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bots, "_PROJECTIONS", {})
    monkeypatch.setattr(bots, "PROJECTION_CAP", 50)
    for state in _positions(3, 5, every=1)[:400]:
        if state.current_player >= 0:
            bots.evaluate(state, state.current_player)
        assert len(bots._PROJECTIONS) <= 50


def _with_cars(players: int = 3, seed: int = 7) -> kwcore.State:
    """A position of a seeded game with cars on the market and buyers waiting."""
    for state in _positions(players, seed, every=1):
        if sum(car is not None for car in state.market) >= 2 and \
                sum(b >= 0 for b in state.active) >= 1:
            return state
    raise AssertionError("no position with cars and buyers")


def test_every_part_the_projection_reads_is_in_its_key() -> None:
    """Each edit changes the projection of some company; the key must change with it."""
    from kwcore.config import INVESTORS

    start = _with_cars()
    investors = tuple(r.index for r in start.cfg.recruit_of(INVESTORS))

    def no_buyers(s: kwcore.State) -> None:  # the cars are left for later buyers
        s.active, s.buick = (-1,) * len(s.active), -1

    def keep(s: kwcore.State) -> None:
        pass

    edits = {  # name: (the setting of both positions, the edit of one)
        "investor_track": (no_buyers, lambda s: setattr(s, "investor_track", investors)),
        "buick": (no_buyers, lambda s: setattr(s, "buick", 3)),
        "active": (keep, lambda s: setattr(s, "active", (0,) * len(s.active))),
        "packard": (keep, lambda s: setattr(s, "packard", (5,) * len(s.packard))),
        "progress": (keep, lambda s: setattr(s.companies[0], "progress", 30)),
        "market_marker": (keep, lambda s: setattr(s, "market_marker", 0)),
    }
    for name, (setting, edit) in edits.items():
        base = start.clone(history=False)
        setting(base)
        other = base.clone(history=False)
        edit(other)
        differs = [p for p in range(len(base.companies))
                   if bots._projection_parts(base.clone(history=False), p)
                   != bots._projection_parts(other.clone(history=False), p)]
        assert differs, f"the edit of {name} changes no projection: the check is void"
        for p in differs:
            assert bots.projection_key(base, p) != bots.projection_key(other, p), name
