"""The planner bot's greedy playouts of its best candidates (``PlannerBot(playouts=N)``, the
``planner-playout`` bot): legal decisions that replay, the move with the best playout played,
no peek at the real hidden future, and the bot built by name."""

from __future__ import annotations

import random

import pytest

import kwcore
from kwcore.bots import GreedyBot, evaluate
from solvers.bots import BotError, make_bot
from solvers.kraftwagen.bots import _SEED_BITS, PLAYOUT_CANDIDATES, PlannerBot


def _mid_round(players: int = 3, seed: int = 4, moves: int = 30) -> kwcore.State:
    """A position after ``moves`` greedy decisions: a round under way, several choices."""
    state = kwcore.new_game(players, seed)
    greedy = GreedyBot(seed)
    for _ in range(moves):
        state.apply(greedy.choose(state))
    return state


def test_a_game_with_playouts_has_only_legal_decisions_and_replays_from_its_actions() -> None:
    state = kwcore.new_game(3, 6)
    bot = PlannerBot(seed=1, nodes=60, playouts=3)
    rivals = [GreedyBot(2), GreedyBot(3)]
    played: list[int] = []
    while not state.is_terminal() and len(played) < 150:
        p = state.current_player
        aid = bot.choose(state) if p == 0 else rivals[p - 1].choose(state) if p > 0 \
            else state.legal_action_ids()[0]
        assert aid in state.legal_action_ids()
        state.apply(aid)  # the checked path: an illegal id raises
        played.append(aid)
    assert bot.playouts_run > 0
    replay = kwcore.new_game(3, 6)
    for aid in played:
        replay.apply(aid)
    assert replay.key() == state.key()


def test_rerank_plays_the_candidate_whose_playout_ends_best() -> None:
    state = _mid_round()
    p = state.current_player
    bot = PlannerBot(seed=1, nodes=60, playouts=10)
    ids = state.legal_action_ids()
    assert len(ids) >= 2
    scored = [(0.0, 0.0, aid) for aid in ids]
    bot.rng = random.Random(7)
    chosen = bot.rerank(state, p, scored, ids[-1])
    seed = random.Random(7).getrandbits(_SEED_BITS)
    order = [ids[-1]] + [aid for aid in ids if aid != ids[-1]]
    values = {aid: bot.playout(state.child(aid), p, seed) for aid in order[:10]}
    top = max(values.values())
    # ties keep the earlier candidate in the order played out (the score's own pick first)
    assert chosen == next(aid for aid in order[:10] if values[aid] >= top - 1e-9)
    assert bot.playouts_run == min(10, len(ids))


def test_with_one_playout_nothing_is_compared_and_the_scores_pick_stands() -> None:
    state = _mid_round()
    p = state.current_player
    bot = PlannerBot(seed=1, nodes=60, playouts=1)
    ids = state.legal_action_ids()
    scored = [(float(i), 0.0, aid) for i, aid in enumerate(ids)]
    assert bot.rerank(state, p, scored, ids[0]) == ids[0]
    assert bot.reranked == 0


def test_a_playout_does_not_see_the_real_hidden_future() -> None:
    state = _mid_round()
    p = state.current_player
    bot = PlannerBot(seed=1, nodes=60, playouts=2, playout_turns=None)  # to the round's end
    other = state.clone()
    other.seed = (state.seed or 0) + 12345  # a different real future
    assert bot.playout(state.clone(), p, 99) == bot.playout(other, p, 99)


@pytest.mark.parametrize("bad", [-1, 1.5, True, "2"])
def test_a_bad_number_of_playouts_is_refused(bad: object) -> None:
    with pytest.raises(BotError):
        PlannerBot(playouts=bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [-1, 2.5, True, "4"])
def test_a_bad_playout_length_is_refused(bad: object) -> None:
    with pytest.raises(BotError, match="playout turns"):
        PlannerBot(playouts=2, playout_turns=bad)  # type: ignore[arg-type]


def test_the_playout_bot_is_built_by_name_with_a_cpu_budget() -> None:
    bot = make_bot("planner-playout:20", 3, "kraftwagen")
    assert isinstance(bot, PlannerBot)
    assert bot.ms == 20 and bot.playouts == PLAYOUT_CANDIDATES
    to_the_end = make_bot("planner-playround:20", 3, "kraftwagen")
    assert isinstance(to_the_end, PlannerBot) and to_the_end.playout_turns is None
    plain = make_bot("planner-time:20", 3, "kraftwagen")
    assert isinstance(plain, PlannerBot) and plain.playouts == 0


def test_where_the_search_stops_the_playouts_choose_among_the_greedy_evaluations_best() -> None:
    state = _mid_round()
    p = state.current_player
    ids = state.legal_action_ids()
    greedy = GreedyBot(1).choose(state)
    bot = PlannerBot(seed=1, nodes=60, playouts=3)
    bot.rng = random.Random(11)
    chosen = bot.fallback(state, p, ids, greedy)
    seed = random.Random(11).getrandbits(_SEED_BITS)
    rated = {aid: evaluate(state.child(aid), p) for aid in ids}
    order = sorted(ids, key=lambda aid: (aid != greedy, -rated[aid]))[:3]
    values = {aid: bot.playout(state.child(aid), p, seed) for aid in order}
    top = max(values.values())
    assert chosen == next(aid for aid in order if values[aid] >= top - 1e-9)
    assert bot.last_playout == (chosen != greedy)
    assert PlannerBot(seed=1, nodes=60).fallback(state, p, ids, greedy) == greedy


def test_a_search_stopped_on_its_budget_falls_back_to_the_playouts_and_says_so() -> None:
    state = _mid_round()
    bot = PlannerBot(seed=1, nodes=1, playouts=3)  # one node: every search stops
    aid = bot.choose(state)
    assert aid in state.legal_action_ids()
    assert bot.fallbacks == 1 and bot.playouts_run >= 2
    said = bot.last_status()
    assert ("greedy playouts chose" in said) == bot.last_playout
