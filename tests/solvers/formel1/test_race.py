"""The Formel 1 race search (solvers/formel1/race.py) against brute force.

The truth is ``brute``, written here: a plain recursion over every legal action to the end of
the race, no table, no pruning, no ordering; max^n with the stated tie rule (an indifferent
player takes the lowest action id), paranoid as plain minimax, scripted rivals as the greedy
bot. The positions are seeded random endgames of 3 to 8 cards in all (2 to 6 players, at a card
to play or inside a card), chosen so that the brute force stays under about 2,600 nodes.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from formel1 import State, config_for
from formel1.bots import GreedyBot
from solvers.formel1 import race
from solvers.formel1.positions import cards_left, endgame

# (players, cards at most, inside a card, seed): positions, not answers.
CASES = [(2, 4, True, 2), (2, 4, False, 9), (2, 6, False, 4), (2, 6, True, 6), (2, 6, True, 9),
         (2, 8, False, 1), (2, 8, True, 8), (3, 4, True, 9), (3, 6, False, 4), (3, 6, True, 9),
         (3, 8, False, 2), (3, 8, False, 6), (3, 8, True, 2), (3, 8, True, 10), (4, 6, True, 9),
         (4, 8, False, 8), (4, 8, True, 0), (4, 8, True, 3), (4, 8, True, 4), (5, 4, True, 5),
         (5, 6, False, 8), (5, 6, True, 7), (5, 8, False, 0), (5, 8, False, 10), (5, 8, True, 3),
         (5, 8, True, 10), (6, 4, True, 0), (6, 8, False, 4), (6, 8, True, 2), (6, 8, True, 4)]


def _position(case: tuple[int, int, bool, int]) -> State:
    players, cards, mid, seed = case
    s = endgame(players, seed, cards, mid)
    assert s is not None and cards_left(s) <= 8
    return s


def _final(root: State, s: State) -> tuple[int, ...]:
    """Every player's prize money for the race at its end: the money paid at the end, plus
    the cars that had finished before the root (paid at the end as well, so in the money)."""
    return tuple(b - a for a, b in zip(root.money, s.money, strict=True))


def _over(root: State, s: State) -> bool:
    return s.race != root.race or s.is_terminal()


def brute(root: State, s: State, p: int) -> tuple[tuple[int, ...], int]:
    """(the max^n prize vector, the paranoid value for ``p``) of ``s``, by full enumeration."""
    if _over(root, s):
        final = _final(root, s)
        return final, final[p]
    mover = s.current_player
    best: tuple[int, ...] | None = None
    worst: int | None = None
    for aid in s.legal_action_ids():
        vec, value = brute(root, s.child(aid), p)
        if best is None or vec[mover] > best[mover]:
            best = vec
        if worst is None or (value > worst if mover == p else value < worst):
            worst = value
    assert best is not None and worst is not None
    return best, worst


def brute_scripted(root: State, s: State, p: int, bot: GreedyBot,
                   script: tuple[str, ...] = (), at: int = 0) -> int:
    """Our best prize money with the rivals playing ``script`` (their k-th decision its k-th
    action), then the greedy bot, by full enumeration."""
    if _over(root, s):
        return _final(root, s)[p]
    if s.current_player != p:
        aid = s.resolve(script[at]) if at < len(script) else bot.choose(s)
        return brute_scripted(root, s.child(aid), p, bot, script, at + 1)
    return max(brute_scripted(root, s.child(a), p, bot, script, at)
               for a in s.legal_action_ids())


def _truth(s: State) -> dict[str, tuple[tuple[int, ...], int]]:
    p = s.current_player
    return {str(a): brute(s, s.child(s.resolve(a)), p) for a in s.legal_actions()}


@pytest.mark.parametrize("case", CASES, ids=lambda c: "p{}-c{}-{}-s{}".format(*c))
def test_maxn_and_paranoid_values_of_every_decision_equal_brute_force(
        case: tuple[int, int, bool, int]) -> None:
    s = _position(case)
    p = s.current_player
    truth = _truth(s)
    for rivals in ("maxn", "paranoid"):
        plan = race.solve(s, config=race.RaceConfig(rivals=rivals))
        assert plan.status == "proven" and plan.upper == plan.value
        values = {a.action: a.value for a in plan.alternatives}
        want = {a: (vec[p] if rivals == "maxn" else v) for a, (vec, v) in truth.items()}
        assert values == want, rivals
        assert plan.value == max(want.values())
        # The plan replays through the engine (checked apply) to its value.
        assert race.replay_prizes(s, plan.line)[p] == plan.value
        assert list(plan.prizes) == race.replay_prizes(s, plan.line)
        if rivals == "maxn":  # the whole vector, under the same tie rule
            first = min((a for a in want if want[a] == plan.value), key=s.resolve)
            assert plan.prizes == truth[first][0] and plan.best == first


# (track, variants, players, seed, cards at most, inside a card): the new track's corners,
# both two-lap forms (laps in the bound; the discards picked up), the White 3/2/1 card.
VARIANT_CASES = [("new", (), 3, 5, 8, False), ("new", (), 3, 4, 8, True),
                 ("standard", ("two_laps_discards",), 3, 0, 8, True),
                 ("standard", ("two_laps_discards",), 4, 4, 8, False),
                 ("standard", ("two_laps_double_deck",), 5, 1, 8, True),
                 ("standard", ("white321",), 2, 6, 8, False),
                 ("new", ("white321",), 3, 3, 8, True)]


@pytest.mark.parametrize("case", VARIANT_CASES, ids=lambda c: f"{c[0]}-{'+'.join(c[1])}-s{c[3]}")
def test_on_the_new_track_and_the_variants_the_values_equal_brute_force(
        case: tuple[str, tuple[str, ...], int, int, int, bool]) -> None:
    track, variants, players, seed, cards, mid = case
    s = endgame(players, seed, cards, mid, track, variants)
    assert s is not None and s.track == track and s.variants == tuple(sorted(variants))
    p = s.current_player
    truth = _truth(s)
    for rivals in ("maxn", "paranoid"):
        plan = race.solve(s, config=race.RaceConfig(rivals=rivals))
        want = {a: (vec[p] if rivals == "maxn" else v) for a, (vec, v) in truth.items()}
        assert {a.action: a.value for a in plan.alternatives} == want, rivals
        assert race.replay_prizes(s, plan.line)[p] == plan.value


@pytest.mark.parametrize("case", CASES[::3], ids=lambda c: "p{}-c{}-{}-s{}".format(*c))
def test_scripted_values_equal_brute_force_and_every_line_replays(
        case: tuple[int, int, bool, int]) -> None:
    s = _position(case)
    p = s.current_player
    plan = race.solve(s, config=race.RaceConfig(rivals="scripted"))
    bot = GreedyBot(0)
    for alt in plan.alternatives:
        assert alt.proven
        assert alt.value == brute_scripted(s, s.child(s.resolve(alt.action)), p, bot)
        # The refuting line is a real line to the end of the race, worth what is claimed.
        assert alt.line[0][1] == alt.action
        assert race.replay_prizes(s, alt.line)[p] == alt.value


def test_a_scripted_line_of_rival_actions_is_followed_then_the_greedy_bot() -> None:
    s = _position(CASES[5])  # two players, a card to play: the rival plays a card next
    p = s.current_player
    rival_cards = sorted(set(s.hands[1 - p]))
    assert len(rival_cards) >= 2  # his first decision is a real choice of card
    bot = GreedyBot(0)
    for kind in rival_cards[:2]:
        script = (f"play {config_for(2).kinds[kind].name}",)
        plan = race.solve(s, config=race.RaceConfig(rivals="scripted", script=script))
        for alt in plan.alternatives:
            want = brute_scripted(s, s.child(s.resolve(alt.action)), p, bot, script)
            assert alt.value == want, (script, alt.action)
    with pytest.raises(race.RaceSearchError, match="not legal"):
        race.solve(s, config=race.RaceConfig(rivals="scripted", script=("play White 10",)))


@pytest.mark.parametrize("rivals", race.RIVAL_MODELS)
def test_table_bounds_and_ordering_switched_off_give_the_same_values(rivals: str) -> None:
    s = _position(CASES[12])
    full = race.solve(s, config=race.RaceConfig(rivals=rivals))
    plain = race.solve(s, config=race.RaceConfig(rivals=rivals, use_table=False,
                                                 use_bounds=False, use_ordering=False,
                                                 lines=False))
    assert {a.action: a.value for a in full.alternatives} == \
        {a.action: a.value for a in plain.alternatives}
    assert full.nodes < plain.nodes
    assert all(len(a.line) == 1 for a in plain.alternatives)  # values only: no lines sought


@settings(max_examples=25, deadline=None)
@given(budget=st.integers(1, 400), which=st.sampled_from([2, 5, 9, 12, 22]),
       rivals=st.sampled_from(["maxn", "paranoid"]))
def test_a_stopped_search_returns_a_plan_a_lower_value_and_a_bound_above_the_truth(
        budget: int, which: int, rivals: str) -> None:
    s = _position(CASES[which])
    p = s.current_player
    truth = {a: (vec[p] if rivals == "maxn" else v) for a, (vec, v) in _truth(s).items()}
    plan = race.solve(s, config=race.RaceConfig(rivals=rivals, node_budget=budget))
    assert plan.line and plan.best in truth
    assert plan.value <= truth[plan.best]  # the value is a real lower bound of its decision
    assert plan.upper >= max(truth.values())  # and no decision is worth more than the bound
    for alt in plan.alternatives:
        assert alt.value <= truth[alt.action] <= alt.upper
    if plan.status == "bound":
        assert plan.stopped.startswith("node budget")
    else:
        assert plan.value == max(truth.values())


def test_outside_a_race_or_for_another_player_is_a_clear_error() -> None:
    s = _position(CASES[0])
    with pytest.raises(race.RaceSearchError, match="plans for the player to move"):
        race.solve(s, player=1 - s.current_player)
    from formel1 import new_game

    with pytest.raises(race.RaceSearchError, match="auction phase"):
        race.solve(new_game(players=3, seed=1))
    with pytest.raises(race.RaceSearchError, match="rivals must be"):
        race.solve(s, config=race.RaceConfig(rivals="greedy"))


# --- hidden hands: the sampler and the estimate ------------------------------------------------
def _deal_of(s: State, player: int) -> tuple[tuple[int, ...], ...]:
    return (*(s.hands[q] for q in range(s.players) if q != player), s.removed)


def _exact_deal_probabilities(pool: list[int], sizes: list[int]
                              ) -> dict[tuple[tuple[int, ...], ...], float]:
    """Every consistent deal's probability under a uniform shuffle of the physical cards,
    by enumerating every order of the pool."""
    counts: Counter[tuple[tuple[int, ...], ...]] = Counter()
    orders = list(itertools.permutations(range(len(pool))))
    for order in orders:
        cards = [pool[i] for i in order]
        at, deal = 0, []
        for size in sizes:
            deal.append(tuple(sorted(cards[at:at + size])))
            at += size
        counts[tuple(deal)] += 1
    return {d: n / len(orders) for d, n in counts.items()}


# Small pools: distinct cards (3 players), two copies of a card (4), removed cards (5 players).
@pytest.mark.parametrize("case", [(3, 5, True, 4), (3, 6, True, 2), (4, 6, False, 1),
                                  (5, 3, True, 5)])
def test_the_sampler_is_uniform_over_the_consistent_deals(
        case: tuple[int, int, bool, int]) -> None:
    s = _position(case)
    p = s.current_player
    pool, places = race.unseen_cards(s, p)
    exact = _exact_deal_probabilities(pool, [size for *_, size in places])
    rng = random.Random(1)
    draws = 80 * len(exact)
    seen: Counter[tuple[tuple[int, ...], ...]] = Counter()
    for i in range(draws):
        d = race.determinize(s, p, rng)
        if i < 10:  # the mover sees the same position in every deal
            assert d.observation(p) == s.observation(p)
        seen[_deal_of(d, p)] += 1
    assert set(seen) == set(exact)  # every consistent deal appears, and nothing else
    chi2 = sum((seen[d] - draws * q) ** 2 / (draws * q) for d, q in exact.items())
    # The 0.999 quantile of chi-square with len(exact) - 1 degrees of freedom, bounded above
    # by df + 3.1 * sqrt(2 df) + 10 for the small df here (fixed seed: a regression bound).
    df = len(exact) - 1
    assert chi2 < df + 3.1 * (2 * df) ** 0.5 + 10


def test_with_no_hidden_card_in_a_hand_the_estimate_is_the_proven_value_with_no_spread() -> None:
    s = endgame(3, 12, 1, mid_card=True)  # the last card, inside it: the other hands are empty
    assert s is not None and not any(s.hands[q] for q in range(3) if q != s.current_player)
    proven = race.solve(s)
    est = race.estimate(s, config=race.RaceConfig(samples=3))
    assert est.status == "estimate" and est.samples == 3
    for d in est.decisions:
        want = next(a.value for a in proven.alternatives if a.action == d.action)
        assert d.mean == d.low == d.high == want and d.sd == 0


def test_an_estimate_reports_every_decision_with_an_interval_around_its_mean() -> None:
    s = _position(CASES[16])
    est = race.estimate(s, config=race.RaceConfig(samples=6, seed=3))
    assert {d.action for d in est.decisions} == {str(a) for a in s.legal_actions()}
    assert all(d.low <= d.mean <= d.high for d in est.decisions)
    assert est.best == est.decisions[0].action
    assert "Estimate over 6 sampled deals" in est.status_text()
    # Each mean is the mean of the deals' proven values.
    for d in est.decisions:
        values = [next(a.value for a in plan.alternatives if a.action == d.action)
                  for plan in est.plans]
        assert d.mean == pytest.approx(sum(values) / len(values))


@pytest.mark.parametrize("case", CASES[::4], ids=lambda c: "p{}-c{}-{}-s{}".format(*c))
def test_the_prize_bound_is_never_below_what_the_maxn_line_wins(
        case: tuple[int, int, bool, int]) -> None:
    s = _position(case)
    vec, _ = brute(s, s, s.current_player)
    for q in range(s.players):
        assert race.earned(s)[q] + race.remaining_bound(s, q) >= vec[q]


class _TooBig(Exception):
    """The brute force would pass its node cap: the drawn position is too big for a test."""


def _capped_brute(root: State, s: State, left: list[int]) -> tuple[int, ...]:
    """``brute``'s max^n vector, raising _TooBig after ``left[0]`` positions."""
    if _over(root, s):
        return _final(root, s)
    left[0] -= 1
    if left[0] < 0:
        raise _TooBig
    mover = s.current_player
    best: tuple[int, ...] | None = None
    for aid in s.legal_action_ids():
        vec = _capped_brute(root, s.child(aid), left)
        if best is None or vec[mover] > best[mover]:
            best = vec
    assert best is not None
    return best


@settings(max_examples=40, deadline=None)
@given(players=st.integers(2, 5), seed=st.integers(0, 10_000), cards=st.integers(3, 7),
       mid=st.booleans(), variant=st.sampled_from([(), ("two_laps_discards",), ("white321",)]))
def test_random_small_endgames_every_maxn_value_and_the_line_equal_brute_force(
        players: int, seed: int, cards: int, mid: bool, variant: tuple[str, ...]) -> None:
    # The pruned max^n (the prize bounds, the shallow cuts of its caller's needs, the table)
    # against the plain recursion, on positions drawn at random rather than chosen.
    s = endgame(players, seed, cards, mid, variants=variant)
    if s is None or len(s.legal_action_ids()) < 2:
        return
    p = s.current_player
    try:
        truth = {str(a): _capped_brute(s, s.child(s.resolve(a)), [20_000])
                 for a in s.legal_actions()}
    except _TooBig:
        return
    seen: list[tuple[State, tuple[int, ...]]] = []
    real = race._Search._maxn

    def recording(self: race._Search, node: State, need: race.Need | None) -> race.Result:
        got = real(self, node, need)
        if got is not race.SKIP and got is not race.CUT:
            seen.append((node, got[0]))
        return got

    with mock.patch.object(race._Search, "_maxn", recording):
        plan = race.solve(s, config=race.RaceConfig(rivals="maxn"))
    assert plan.status == "proven"
    assert {a.action: a.value for a in plan.alternatives} == {a: v[p] for a, v in truth.items()}
    first = min((a for a in truth if truth[a][p] == plan.value), key=s.resolve)
    assert plan.best == first and plan.prizes == truth[first]
    # Every vector the pruned search returned (so every table entry) is its node's own.
    for node, vec in seen[:60]:
        whole, _ = brute(node, node, node.current_player)
        assert vec == tuple(t - e for t, e in zip(whole, race.earned(node), strict=True))


@pytest.mark.parametrize("which", [0, 3, 17])
def test_every_vector_the_pruned_maxn_returns_or_stores_equals_brute_force_at_its_node(
        which: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # The shallow cuts return markers, never a wrong vector: every vector that comes back
    # (and so every table entry) is the whole max^n vector of its node, with its decision.
    s = _position(CASES[which])
    seen: list[tuple[State, tuple[int, ...], int]] = []
    real = race._Search._maxn

    def recording(self: race._Search, node: State, need: race.Need | None) -> race.Result:
        got = real(self, node, need)
        if got is not race.SKIP and got is not race.CUT:
            seen.append((node, got[0], got[1]))
        return got

    monkeypatch.setattr(race._Search, "_maxn", recording)
    cut = race.solve(s, config=race.RaceConfig(lines=False))
    assert seen
    for node, vec, aid in seen:
        truth, _ = brute(node, node, node.current_player)
        assert vec == tuple(t - e for t, e in zip(truth, race.earned(node), strict=True))
        # The decision is the lowest id reaching the mover's best (the stated tie rule).
        mover = node.current_player
        firsts = [a for a in node.legal_action_ids()
                  if brute(node, node.child(a), mover)[0][mover] == truth[mover]]
        assert aid == firsts[0]
    plain = race.solve(s, config=race.RaceConfig(lines=False, shallow=False))
    assert cut.nodes < plain.nodes  # the cuts did cut
    assert [(a.action, a.value) for a in cut.alternatives] == \
        [(a.action, a.value) for a in plain.alternatives]


@pytest.mark.parametrize("track", ["standard", "new"])
def test_without_a_variant_the_fields_the_search_key_leaves_out_never_change_in_a_race(
        track: str) -> None:
    # The max^n and paranoid key leaves out VARIANT_FIELDS in a race without a variant, and
    # counts the cars finished by their cells: both hold along seeded random races.
    from formel1 import new_game
    from formel1.config import FINISHED

    for seed in range(10):
        s = new_game(players=2 + seed % 5, seed=seed, races=1, track=track)
        rng = random.Random(seed)
        first: dict[str, object] | None = None
        while not s.is_terminal():
            if s.phase == "race":
                now = {f: getattr(s, f) for f in race.VARIANT_FIELDS}
                first = first or now
                assert now == first
                assert sum(1 for p in s.pos if p == FINISHED) == len(s.finished)
            s.apply_unchecked(rng.choice(s.legal_action_ids()))
        assert first is not None
