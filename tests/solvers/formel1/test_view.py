"""Answers from the player's own view (solvers/formel1/view.py): proven values equal brute
force, the sampler never reads a hidden card, every ranked decision replays, a stopped search
still ranks every decision and says it is an estimate, and the auction is answered."""

from __future__ import annotations

import random

import pytest

import formel1
from formel1 import State
from formel1.bots import GreedyBot
from solvers.formel1 import race, view
from solvers.formel1.positions import cards_left, endgame
from tests.solvers.formel1.test_race import brute

#: Endgames small enough for the brute force (players, cards at most, inside a card, seed).
SMALL = [(2, 4, True, 2), (2, 4, False, 9), (2, 6, False, 4), (3, 4, True, 9), (3, 6, False, 4),
         (4, 6, True, 9), (5, 4, True, 5)]
#: A budget that no test reaches: the deals are capped instead, so the answers repeat.
AMPLE = 60.0


def _small(case: tuple[int, int, bool, int]) -> State:
    players, cards, mid, seed = case
    s = endgame(players, seed, cards, mid)
    assert s is not None
    return s


def _race_position(players: int, seed: int, plays: int) -> State:
    """A race position of a seeded greedy game after ``plays`` decisions of the race."""
    s = formel1.new_game(players=players, seed=seed, races=1)
    bot = GreedyBot(0)
    while s.phase != "race":
        s.apply(bot.choose(s))
    for _ in range(plays):
        s.apply(bot.choose(s))
    while s.current_player < 0 or len(s.legal_action_ids()) < 2:
        s.apply(bot.choose(s))
    return s


def _swap_hidden(s: State, me: int) -> State:
    """The same position as ``me`` sees it, with the hidden cards dealt differently: the
    other hands (and the removed pile) rotated, of the same sizes."""
    pool = sorted(k for q in range(s.players) if q != me for k in s.hands[q]) + list(s.removed)
    random.Random(99).shuffle(pool)
    t = s.clone(history=False)
    hands, at = list(t.hands), 0
    for q in range(s.players):
        if q != me:
            hands[q] = tuple(sorted(pool[at:at + len(s.hands[q])]))
            at += len(s.hands[q])
    t.hands = tuple(hands)
    t.removed = tuple(sorted(pool[at:]))
    assert t.observation(me) == s.observation(me) and t.hands != s.hands
    return t


@pytest.mark.parametrize("case", SMALL, ids=lambda c: "p{}-c{}-{}-s{}".format(*c))
def test_every_proven_value_equals_brute_force(case: tuple[int, int, bool, int]) -> None:
    s = _small(case)
    p = s.current_player
    answer = view.race_ranking(s, budget=AMPLE, full_info=True)
    assert answer.kind == "proven" and answer.saw_hidden
    assert "saw the hidden cards" in answer.status_text()
    for d in answer.decisions:
        assert d.proven and d.low == d.mean == d.high
        assert d.mean == brute(s, s.child(d.action_id), p)[0][p]


def test_with_one_way_for_the_unseen_cards_the_players_view_is_proven() -> None:
    s = _small((2, 4, True, 2))  # two players: the only hidden place is the rival's hand
    p = s.current_player
    answer = view.race_ranking(s, budget=AMPLE)
    assert answer.kind == "proven" and not answer.saw_hidden
    assert all(d.mean == brute(s, s.child(d.action_id), p)[0][p] for d in answer.decisions)


@pytest.mark.parametrize("players,seed,plays", [(3, 1, 12), (4, 2, 30), (5, 3, 20), (4, 5, 60)])
def test_the_sampler_never_uses_a_hidden_card(players: int, seed: int, plays: int) -> None:
    s = _race_position(players, seed, plays)
    me = s.current_player
    t = _swap_hidden(s, me)
    assert view.observed_pool(s, me) == view.observed_pool(t, me)
    first = view.race_ranking(s, budget=AMPLE, seed=4, max_deals=3, horizon=6)
    second = view.race_ranking(t, budget=AMPLE, seed=4, max_deals=3, horizon=6)
    assert first.deals == second.deals == 3
    assert first.decisions == second.decisions


def test_the_unseen_cards_are_the_deck_less_what_the_player_saw() -> None:
    s = _race_position(5, 3, 20)  # five players: cards removed face down (F1-05)
    me = s.current_player
    pool, places = view.observed_pool(s, me)
    hidden = sorted([k for q in range(s.players) if q != me for k in s.hands[q]]
                    + list(s.removed))
    assert pool == hidden
    assert [size for *_, size in places] == [len(s.hands[q]) for q in range(s.players)
                                             if q != me] + [len(s.removed)]


def test_every_ranked_decision_replays() -> None:
    for case in SMALL[:4]:
        s = _small(case)
        answer = view.race_ranking(s, budget=AMPLE, full_info=True)
        assert {d.action for d in answer.decisions} == {str(a) for a in s.legal_actions()}
        plan = race.solve(s)
        for d in answer.decisions:
            alt = next(a for a in plan.alternatives if a.action == d.action)
            assert race.replay_prizes(s, alt.line)[s.current_player] == d.mean
    s = _race_position(4, 2, 30)
    answer = view.race_ranking(s, budget=AMPLE, max_deals=2, horizon=4)
    for d in answer.decisions:
        t = s.clone()
        t.apply(d.action)  # a checked apply: every ranked decision is legal as written
        assert t != s


@pytest.mark.parametrize("budget", [1e-9, 0.002])
def test_a_stopped_search_still_ranks_every_decision_and_says_it_is_an_estimate(
        budget: float) -> None:
    s = _race_position(4, 2, 3)
    answer = view.race_ranking(s, budget=budget)
    assert answer.kind == "estimate" and answer.status_text().startswith("Estimate:")
    assert {d.action for d in answer.decisions} == {str(a) for a in s.legal_actions()}
    assert all(d.low <= d.mean <= d.high and not d.proven for d in answer.decisions)
    means = [d.mean for d in answer.decisions]
    assert means == sorted(means, reverse=True)


def test_more_deals_narrow_the_interval_and_the_method_says_how_the_values_were_made() -> None:
    s = endgame(4, 3, 20)
    assert s is not None and cards_left(s) > view.EXACT_CARDS
    few = view.race_ranking(s, budget=AMPLE, max_deals=2, horizon=4)
    many = view.race_ranking(s, budget=AMPLE, max_deals=12, horizon=4)
    assert "2 sampled deals" in few.method and "greedy rollouts of 4 cards" in few.method
    width = {d.action: d.high - d.low for d in few.decisions}
    assert sum(d.high - d.low for d in many.decisions) < sum(width.values())
    near = endgame(4, 3, 8)
    assert near is not None
    exact = view.race_ranking(near, budget=AMPLE, max_deals=3)
    assert exact.kind == "estimate" and exact.exact_deals == 3 and "exact search on 3" in \
        exact.method


def test_the_evaluation_is_the_prize_money_once_the_race_is_over_and_public_only() -> None:
    s = _race_position(4, 2, 30)
    me = s.current_player
    assert view.eval_prizes(s) == view.eval_prizes(_swap_hidden(s, me))
    low, high = view.chart_range(s, me)
    assert low <= view.eval_prizes(s)[me] <= high
    t = s.clone(history=False)
    while t.race == s.race and not t.is_terminal():
        t.apply(GreedyBot(0).choose(t))
    value, _, stopped = view.rollout(s, me, None)
    assert not stopped and value == t.money[me] - s.money[me]


@pytest.mark.parametrize("case", SMALL, ids=lambda c: "p{}-c{}-{}-s{}".format(*c))
def test_a_rollout_to_the_end_counts_each_prize_once(case: tuple[int, int, bool, int]) -> None:
    s = _small(case)
    me = s.current_player
    for aid in s.legal_action_ids():
        child = s.child(aid)
        t = child.clone(history=False)
        while t.race == s.race and not t.is_terminal():
            t.apply(GreedyBot(0).choose(t))
        value = view.rollout(child, me, None, root=s)[0]
        assert value == t.money[me] - s.money[me]  # the race's prizes, earlier finishers too
        assert 0 <= value <= sum(race.PRIZES)


def _auction_position(players: int, seed: int) -> State:
    s = formel1.new_game(players=players, seed=seed, races=1)
    while s.phase != "auction" or s.current_player < 0:
        s.apply(GreedyBot(0).choose(s))
    return s


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3)])
def test_the_auction_values_every_bid_and_pass_from_the_players_view(players: int,
                                                                     seed: int) -> None:
    s = _auction_position(players, seed)
    me = s.current_player
    answer = view.auction_ranking(s, budget=AMPLE, samples=40)
    assert answer.phase == "auction" and answer.kind == "estimate" and answer.deals == 40
    assert {d.action for d in answer.decisions} == {str(a) for a in s.legal_actions()}
    assert all(d.low <= d.mean <= d.high for d in answer.decisions)
    t = _swap_hidden(s, me)
    again = view.auction_ranking(t, budget=AMPLE, samples=40)
    assert again.decisions == answer.decisions


def test_a_bid_is_worth_the_cars_value_less_the_price_when_nobody_else_may_bid() -> None:
    s = _auction_position(4, 2)
    me = s.current_player
    car = s.offer
    mine = view.car_value(s, s.hands[me], car, s.revealed.index(car))
    # Every rival passed already: the lowest bid buys the car at that price.
    t = s.clone(history=False)
    t.out = tuple(q != me for q in range(s.players))
    answer = view.auction_ranking(t, budget=AMPLE, samples=5)
    low = min((d for d in answer.decisions if d.action != "pass"),
              key=lambda d: int(d.action.split()[1]))
    assert low.mean == pytest.approx(mine - int(low.action.split()[1]))


def test_bad_requests_are_clear_errors() -> None:
    s = _race_position(3, 1, 5)
    with pytest.raises(view.ViewError, match="budget"):
        view.race_ranking(s, budget=0)
    with pytest.raises(view.ViewError, match="not the auction"):
        view.auction_ranking(s)
    with pytest.raises(view.ViewError, match="not in a race"):
        view.race_ranking(_auction_position(3, 1))


def test_the_last_cars_bids_are_solved_by_backward_induction_per_sample() -> None:
    from solvers.formel1 import auction

    s = auction.auction_endgame(3, 0, 1, [200, 200, 200])
    me = s.current_player
    answer = view.auction_ranking(s, budget=AMPLE, samples=3, induction=True)
    assert "backward induction" in answer.method and answer.deals == 3
    assert {d.action for d in answer.decisions} == {str(a) for a in s.legal_actions()}
    # With every sample's limits fixed, a sample's values are the induction's payoffs.
    pool, places = view.observed_pool(s, me)
    rng = random.Random(0)
    t = view.deal_of(s, places, pool, rng)
    car = s.offer
    mine = view.car_value(s, s.hands[me], car, s.revealed.index(car))
    limits = {q: min(view.car_value(t, t.hands[q], car, s.revealed.index(car))
                     + rng.gauss(0.0, view.LIMIT_SPREAD), t.money[q])
              for q in range(3) if q != me}
    values = [[0.0] * 6 for _ in range(3)]
    values[me][car] = mine
    for q, v in limits.items():
        values[q][car] = v
    solved = dict(auction.solve_auction(s, values).choices)
    first = view.auction_ranking(s, budget=AMPLE, samples=1, induction=True, seed=0)
    assert all(d.mean == float(solved[d.action][me]) for d in first.decisions)


def _ranking(per_deal: dict[int, tuple[float, ...]], kind: str = "estimate",
             exact: int = 0) -> view.Ranking:
    means = {aid: sum(v) / len(v) for aid, v in per_deal.items()}
    decisions = tuple(sorted((view.Decision(f"a{aid}", aid, m, m - 1, m + 1, len(per_deal[aid]))
                              for aid, m in means.items()), key=lambda d: (-d.mean, d.action_id)))
    deals = len(next(iter(per_deal.values())))
    return view.Ranking(0, "race", "prize money this race", kind, "test", decisions, deals,
                        exact, 0.0, per_deal=per_deal)


def test_the_best_is_played_over_the_default_only_when_it_leads_clearly() -> None:
    one_deal = _ranking({1: (100.0,), 2: (60.0,)})
    assert view.clear_best(one_deal, 2) == 2  # one deal is no evidence
    noisy = _ranking({1: (100.0, 0.0, 90.0), 2: (60.0, 50.0, 60.0)})
    assert noisy.best.action_id == 1 and view.clear_best(noisy, 2) == 2
    clear = _ranking({1: (100.0, 60.0, 90.0), 2: (90.0, 50.0, 80.0)})
    assert view.clear_best(clear, 2) == 1
    assert view.clear_best(clear, 1) == 1  # the default is the best: nothing to weigh
    exact = _ranking({1: (100.0, 50.0), 2: (90.0, 55.0)}, exact=2)
    assert view.clear_best(exact, 2) == 1  # every deal searched exactly: the better mean


def test_the_bot_plays_the_hints_suggestion() -> None:
    from kwwidgets.formel1.hint import _view_words
    from solvers.formel1.bots import pick, ranking

    s = endgame(4, 3, 20)
    assert s is not None
    answer = ranking(s, 0.05, seed=1)
    assert answer is not None
    chosen = pick(s, answer)
    assert _view_words(s, answer, chosen).action_id == chosen


def test_the_race_search_on_a_cpu_clock_gives_the_same_values() -> None:
    s = _small((3, 6, False, 4))
    wall = race.solve(s, config=race.RaceConfig(lines=False))
    cpu = race.solve(s, config=race.RaceConfig(lines=False, cpu_clock=True, time_budget=600))
    assert wall.status == cpu.status == "proven"
    assert [(a.action, a.value) for a in wall.alternatives] == \
        [(a.action, a.value) for a in cpu.alternatives]
