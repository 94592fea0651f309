"""The kwcore-native MCTS bot (solvers.mcts): legal play, reproducibility, no peeking at the
seeded future, the winning move in a constructed endgame, the simulation budget, bad settings."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import kwcore
from kwcore.bots import Bot, GreedyBot, RandomBot, play_game
from kwcore.state import State
from solvers.mcts import MCTSBot, MCTSError, win_shares
from tests.support.builders import check, co, end_by_attract, fresh


def _fast(seed: int) -> MCTSBot:
    """A bot with a small budget and short rollouts, to keep whole games quick."""
    return MCTSBot(seed=seed, simulations=8, rollout_turns=1)


def _winners(state: State) -> tuple[int, ...]:
    outcome = state.outcome()
    assert outcome is not None
    return outcome.winners


def _endgame() -> State:
    """Round 3, the last turn: Green (30) trails Blue (35) and waits at its market step.

    Green took the Attract tile with every active space full and the market marker on 1, so
    the marker reached 0 and the game ends with this turn (RULINGS K3, K4). Green holds a body 4
    and an engine 4 (a ready car with its canteen workers); the active buyers (body, engine,
    price, service) would buy it. Passing ends the game with Blue ahead; placing the car and
    selling it at 6 or more wins (sales points, seed JP: Scoring phase B).
    """
    s = fresh(4, seed=0)
    s.round = 3
    s.chart = s.cfg.price_markers[2]
    s.companies[co(s, "Green")].workshops = ((0, 4), (1, 4))  # (body, 4), (engine, 4)
    for name, reputation in zip(s.cfg.companies, (30, 35, 20, 20), strict=True):
        c = s.companies[co(s, name)]
        c.reputation = reputation
        c.score_parts = (reputation, 0, 0, 0)
    end_by_attract(s, "Green", ["body", "engine", "price", "service"])
    return check(s)


def _mid_game(players: int = 3, seed: int = 4, steps: int = 60) -> State:
    s = kwcore.new_game(players, seed)
    rng = random.Random(seed)
    for _ in range(steps):
        s.apply_unchecked(rng.choice(s.legal))
    while len(s.legal) < 3:
        s.apply_unchecked(rng.choice(s.legal))
    return s


def test_mcts_is_a_bot_named_mcts() -> None:
    bot = MCTSBot()
    assert isinstance(bot, Bot)
    assert bot.name == "mcts"


@pytest.mark.parametrize("players", [2, 3])
def test_mcts_plays_whole_games_with_legal_actions_only(players: int) -> None:
    bots: list[Bot] = [_fast(1)] + [GreedyBot(i) for i in range(1, players)]
    # play_game applies every choice through the checked path: an illegal id would raise.
    state = play_game(players, seed=players, bots=bots)
    assert state.is_terminal()


def test_the_same_seed_plays_the_same_game_and_another_seed_searches_differently() -> None:
    first = play_game(2, 7, [_fast(3), RandomBot(1)])
    again = play_game(2, 7, [_fast(3), RandomBot(1)])
    assert first == again and first.log() == again.log()
    s = _mid_game()
    one, same = MCTSBot(seed=5, simulations=40).search(s), MCTSBot(seed=5, simulations=40).search(s)
    assert one == same
    other = MCTSBot(seed=6, simulations=40).search(s)
    assert (other.visits, other.values) != (one.visits, one.values)


@pytest.mark.parametrize("settings", [
    {"simulations": 30},
    # Random rollouts to the end meet every later reveal, so a bot that read the state's seed
    # would search the two futures below differently.
    {"simulations": 10, "rollout": "random", "rollout_turns": None},
])
def test_search_leaves_the_state_untouched_and_ignores_the_seeded_future(
        settings: dict[str, Any]) -> None:
    s = _mid_game()
    before = s.clone()
    result = MCTSBot(seed=2, **settings).search(s)
    assert s == before
    # The same position with another future (seed and draw counter): the bot, which must not
    # see the future, searches it identically.
    other = s.clone()
    other.seed, other.draws = (s.seed or 0) + 1, s.draws + 5
    assert other != s and other.observation(0) == s.observation(0)
    assert MCTSBot(seed=2, **settings).search(other) == result


def test_mcts_takes_the_winning_move_in_a_constructed_endgame() -> None:
    s = _endgame()
    assert [str(a) for a in s.legal_actions()] == ["car body 4", "pass"]
    passed = s.child(s.resolve("pass"))
    assert passed.is_terminal() and _winners(passed) == (co(s, "Blue"),)
    bot = MCTSBot(seed=0, simulations=32)
    result = bot.search(s)
    assert str(kwcore.action_from_id(result.action)) == "car body 4"
    assert result.action_values[result.action] > result.action_values[s.resolve("pass")]
    # Every leaf is the end of the game: only Green or Blue can win, and the reputations are
    # the exact final scores (Red and Orange keep 20).
    assert result.values[2] == result.values[3] == 0.0
    assert sum(result.values) == pytest.approx(1.0)
    assert result.reputation[2] == result.reputation[3] == 20.0
    assert result.points == result.reputation
    while not s.is_terminal():
        s.apply(bot.choose(s))
    assert _winners(s) == (co(s, "Green"),)


@pytest.mark.parametrize("budget", [1, 7, 25])
def test_the_simulation_budget_is_obeyed_exactly(budget: int,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    rollouts = []
    original = MCTSBot._rollout

    def counting(self: MCTSBot, s: State, n: int) -> object:
        rollouts.append(1)
        return original(self, s, n)

    monkeypatch.setattr(MCTSBot, "_rollout", counting)
    result = MCTSBot(seed=1, simulations=budget).search(_mid_game())
    assert len(rollouts) == budget
    assert result.simulations == budget == sum(result.visits.values())


def test_values_are_win_shares_and_searched_actions_are_legal() -> None:
    s = _mid_game(players=4)
    result = MCTSBot(seed=9, simulations=40).search(s)
    assert len(result.values) == 4 and sum(result.values) == pytest.approx(1.0)
    assert all(0.0 <= v <= 1.0 for v in result.values)
    assert set(result.visits) <= set(s.legal_action_ids())
    assert result.action in s.legal_action_ids()
    assert all(0.0 <= q <= 1.0 for q in result.action_values.values())


def test_random_rollouts_to_the_end_score_finished_games() -> None:
    s = _mid_game(players=2, steps=90)
    result = MCTSBot(seed=4, simulations=6, rollout="random", rollout_turns=None).search(s)
    assert result.points == result.reputation  # every leaf is the end of the game
    assert sum(result.values) == pytest.approx(1.0)


def test_an_explicit_chance_root_is_sampled() -> None:
    s = kwcore.new_game(2, explicit_chance=True)
    assert s.is_chance_node()
    bot = _fast(0)
    assert bot.choose(s) in s.legal_action_ids()
    assert bot.search(s).action_values == {}


def test_a_decision_with_one_legal_action_is_not_searched(monkeypatch: pytest.MonkeyPatch
                                                          ) -> None:
    s = _mid_game()
    only = s.legal[0]
    monkeypatch.setattr(State, "legal_action_ids", lambda self: (only,))
    monkeypatch.setattr(MCTSBot, "search", lambda self, state: pytest.fail("searched"))
    assert MCTSBot().choose(s) == only


def test_the_bot_never_touches_the_global_random_generator() -> None:
    random.seed(99)
    before = random.getstate()
    MCTSBot(seed=1, simulations=10).search(_mid_game())
    assert random.getstate() == before


@pytest.mark.parametrize("setting", [
    {"simulations": 0}, {"simulations": -3}, {"simulations": True}, {"simulations": 2.5},
    {"rollout": "smart"}, {"rollout_turns": -1}, {"rollout_turns": 1.5},
    {"exploration": -0.1}, {"exploration": "wide"}, {"temperature": 0},
    {"minimax_weight": 1.5}, {"minimax_weight": float("nan")},
])
def test_bad_settings_raise_an_mcts_error(setting: dict[str, object]) -> None:
    name = next(iter(setting))
    with pytest.raises(MCTSError, match=name):
        MCTSBot(**setting)  # type: ignore[arg-type]


def test_searching_a_finished_game_raises_an_mcts_error() -> None:
    end = play_game(2, 1, [RandomBot(0), RandomBot(1)])
    with pytest.raises(MCTSError, match="game is over"):
        MCTSBot().search(end)
    assert issubclass(MCTSError, ValueError)


def test_win_shares_are_a_softmax_of_points_over_the_temperature() -> None:
    assert win_shares([12.0, 12.0, 12.0], 10.0) == pytest.approx([1 / 3] * 3)
    e = math.e  # a lead of one temperature: odds of e to 1
    assert win_shares([20.0, 10.0], 10.0) == pytest.approx([e / (e + 1), 1 / (e + 1)])
    assert win_shares([1000.0, 0.0], 1.0) == pytest.approx([1.0, 0.0])  # no overflow


def test_the_generic_search_plays_kraftwagen_as_the_kraftwagen_only_one_did() -> None:
    # Recorded with the Kraftwagen-only MCTSBot before the search was made generic: the
    # same seed must give the same search, draw for draw (greedy rollouts, Kraftwagen's cut).
    rng = random.Random(9)
    s = kwcore.new_game(2, 9)
    for _ in range(20):
        s.apply_unchecked(rng.choice(s.legal))
    while len(s.legal) < 3:
        s.apply_unchecked(rng.choice(s.legal))
    result = MCTSBot(seed=9, simulations=12, rollout_turns=1).search(s)
    assert result.action == 91
    assert result.visits == {91: 5, 92: 1, 90: 3, 89: 3}
    assert result.values == pytest.approx((0.6796785237134112, 0.3203214762865887))
    assert result.points == pytest.approx((24.294444444444448, 14.988888888888889))
    chance = MCTSBot(seed=0, simulations=8, rollout_turns=1).search(
        kwcore.new_game(2, explicit_chance=True))
    assert (chance.action, chance.visits) == (11, {12: 3, 11: 5})
    assert chance.values == pytest.approx((0.4837476550079609, 0.516252344992039))
