"""The season (AU-25..AU-28, RA7; ``season=N``): points per place (10, 6, 4, 2, 1; synthetic),
the next grid by the last result with its winner on P1, no buying before the later races, the
stock not refilled, the most points winning. The sponsors (AU-26, AU-79..AU-84,
``sponsors=True``) are tested in ``test_automobiles_sponsors.py``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

import automobiles
import gamecore
from automobiles import serialize
from automobiles.config import config_for
from automobiles.game import GAME
from automobiles.state import State
from tests.gamecore import test_conformance as conformance

POINTS = config_for(2).points


def _until_race(s: State, race: int, seed: int) -> State:
    """Random play until race ``race`` (0-based) begins; the state just before it."""
    rng = random.Random(seed)
    before = s.clone()
    while s.race < race:
        before = s.clone()
        s.apply(rng.choice(s.legal_action_ids()))
    return before


@pytest.mark.parametrize("players", [2, 3, 5])
def test_after_a_race_the_places_score_and_the_next_grid_follows_the_result(
        players: int) -> None:
    s = automobiles.new_game(players, players, season=3)
    before = _until_race(s, 1, players)
    assert before.race == 0 and s.race == 1
    for k, seat in enumerate(s.order):  # the new grid: the winner on P1, and so on
        assert s.points[seat] == POINTS[k]
        assert (s.car_space[seat], s.car_seg[seat], s.car_laps[seat]) == \
            (s.track_spec.start[k].space, 0, 0)
    # the stock is not refilled: the cubes bought in race 1 stay with their players
    assert s.stock != tuple(c.stock for c in config_for(players).cubes)
    for seat in range(players):  # every cube back in the bag, then 7 drawn
        held = [sum(x) for x in zip(before.bag[seat], before.active[seat], before.used[seat],
                                    before.discard[seat], strict=True)]
        now = [sum(x) for x in zip(s.bag[seat], s.active[seat], s.used[seat],
                                   s.discard[seat], strict=True)]
        if seat != before.mover:  # the last turn's player may still buy or gain wear
            assert held == now
        assert not any(s.discard[seat]) and not any(s.used[seat])
        assert sum(s.active[seat]) == min(7, sum(now))
    assert s.phase == "action" and s.turn == 0 and s.current_player == s.order[0]


def test_no_buying_before_the_later_races() -> None:
    s = automobiles.new_game(2, 4, season=3)
    rng = random.Random(4)
    while s.race == 0:
        s.apply(rng.choice(s.legal_action_ids()))
    while s.race == 1:
        assert s.phase != "prebuy"
        s.apply(rng.choice(s.legal_action_ids()))


def test_the_season_ends_after_its_races_with_the_most_points_winning() -> None:
    s = automobiles.new_game(3, 7, season=3)
    rng = random.Random(7)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_action_ids()))
    assert s.race == 2 and sum(s.points) == 3 * sum(POINTS[:3])
    outcome = s.outcome()
    assert outcome is not None and outcome.scores == tuple(s.points)
    assert outcome.reason in ("most points in the season (AU-25, RA7)",
                              "equal points, the better place in the last race")
    top = max(s.points)
    assert all(s.points[w] == top for w in outcome.winners) and len(outcome.winners) == 1


@pytest.mark.parametrize("season", [2, 11, True, "3"])
def test_a_season_is_three_to_ten_races(season: Any) -> None:
    with pytest.raises(ValueError, match="season"):
        automobiles.new_game(2, 1, season=season)


def test_a_season_position_round_trips_and_bad_season_fields_are_refused() -> None:
    s = automobiles.new_game(2, 5, season=3, drivers=True)
    _until_race(s, 1, 5)
    data = json.loads(s.to_json())
    assert data["race"] == 1 and serialize.state_from_dict(data) == s
    for field, value in (("points", [10, 7]), ("race", 3), ("races", 2), ("points", [10])):
        with pytest.raises(gamecore.PositionError, match=field):
            serialize.state_from_dict(dict(data, **{field: value}))


def test_a_season_replays_from_its_file() -> None:
    s = automobiles.new_game(2, 9, season=3, drivers=True)
    rng, taken = random.Random(9), []
    for _ in range(300):
        aid = rng.choice(s.legal_action_ids())
        taken.append(str(s.ACTIONS.actions[aid]))
        s.apply(aid)
    text = serialize.replay_to_json(2, 9, taken, drivers=True, season=3)
    assert serialize.replay_from_json(text) == s


def _season(players: int = 2, seed: int | None = 0, explicit_chance: bool = False) -> Any:
    return automobiles.new_game(players, seed, explicit_chance=explicit_chance, season=3,
                                laps=1)


SEASON_GAME = dataclasses.replace(GAME, new_game=_season)


def test_season_games_end_clone_and_refuse_illegal_actions(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conformance, "MAX_DECISIONS", 20_000)
    conformance.test_seeded_random_games_end_for_every_player_count(SEASON_GAME)
    conformance.test_clones_are_independent_and_undo_restores(SEASON_GAME)
    conformance.test_an_illegal_action_raises_and_changes_nothing(SEASON_GAME)
    conformance.test_json_round_trips_at_every_step(SEASON_GAME)
