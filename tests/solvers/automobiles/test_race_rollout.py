"""The rollout policy of the race values (solvers.automobiles.race.GreedyRollout): the engine's
greedy bot's choice at every decision of whole races, under every rule option it meets."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import automobiles
from automobiles import State
from automobiles.bots import GreedyBot
from solvers.automobiles import race
from solvers.automobiles.positions import explicit


def _greedy_bot_line(state: State, seed: int) -> tuple[list[int], State]:
    """Every choice one ``GreedyBot(seed)`` makes for every seat to the race's end."""
    s, bot, line = state.clone(history=False), GreedyBot(seed), []
    while not s.is_terminal():
        line.append(bot.choose(s))
        s.apply_unchecked(line[-1])
    return line, s


def _rollout_line(state: State, seed: int, monkeypatch: pytest.MonkeyPatch) -> tuple[list[int],
                                                                                     State]:
    """Every choice ``GreedyRollout(seed)`` makes to the race's end (its greedy choices
    recorded as it asks for them)."""
    line: list[int] = []
    choose = race.greedy_choice

    def recorded(s: State, legal: tuple[int, ...]) -> int:
        line.append(choose(s, legal))
        return line[-1]

    s = state.clone(history=False)
    with monkeypatch.context() as patch:
        patch.setattr(race, "greedy_choice", recorded)
        race.GreedyRollout(seed).play_out(s)
    return line, s


#: Rule options beyond a plain race, each bringing decisions of its own to the greedy bot: a
#: driver's power (AU-24; in a single race the house rule), a season's sponsors (AU-26).
MODES = {"race": {}, "drivers": {"drivers": True, "house_drivers_single_race": True},
         "season": {"season": 3, "drivers": True, "sponsors": True}}


@settings(settings.get_profile("ci"), max_examples=10, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5),
       cards=st.sampled_from(("standard", "random")), weaving=st.booleans(),
       mode=st.sampled_from(sorted(MODES)), bot_seed=st.integers(0, 1000))
def test_the_rollout_makes_the_greedy_bots_choice_at_every_decision_of_a_whole_race(
        seed: int, players: int, cards: str, weaving: bool, mode: str,
        bot_seed: int) -> None:
    state = automobiles.new_game(players=players, seed=seed, cards=cards, weaving=weaving,
                                 **MODES[mode])  # type: ignore[arg-type]
    with pytest.MonkeyPatch.context() as monkeypatch:
        mine, end = _rollout_line(state, bot_seed, monkeypatch)
    theirs, their_end = _greedy_bot_line(state, bot_seed)
    assert len(mine) > 20
    assert mine == theirs
    assert end == their_end


def test_a_position_with_explicit_chance_is_played_as_the_bot_plays_it() -> None:
    state = explicit(automobiles.new_game(players=3, seed=7))
    s = state.clone(history=False)
    race.GreedyRollout(4).play_out(s)
    assert s == _greedy_bot_line(state, 4)[1]


def test_a_simulated_race_is_the_same_with_the_rollout_or_the_greedy_bot() -> None:
    state = automobiles.new_game(players=4, seed=11)
    while state.turn < 12:
        state.apply_unchecked(GreedyBot(1).choose(state))
    for aid in state.legal_action_ids():
        fast = race.rollout(state, aid, state.current_player, seed=5)
        bots = [GreedyBot(5).choose] * state.players
        assert fast == race.rollout(state, aid, state.current_player, seed=5, policies=bots)
