"""Answers from the player's own view: every race and auction decision ranked within a budget.

**The race** (``race_ranking``): perfect-information Monte Carlo, as in bridge programs. The
cards the player has not seen (``observed_pool``: the race deck less his own hand, the cards
face up and the cards played, all read from his observation and the public log, never from the
other hands) are dealt again uniformly at random into the hidden places of the sizes he sees;
on each deal every legal decision is valued:

- exactly by the race search (``race.solve``, max^n rivals) when few cards are left and the
  search finishes within its share of the budget;
- otherwise by a greedy rollout: every seat plays the Formel 1 greedy bot for at most
  ``horizon`` card plays (the whole race when time allows), and the position reached is valued
  by ``eval_prizes``, an expected-places evaluation (each car's expected place from the gaps to
  the others, soft by the cards left; the chart's prize by place). Its error against exact
  values on endgames is measured (``benchmarks/bench_formel1_search.py``, docs/formel1_solver.md).

The deals continue until the budget (CPU seconds, ``time.process_time``) is spent. Each
decision gets its mean over the deals and a 95% interval (sampling error only; with one deal,
the whole range the prize chart allows). Before the first deal is valued every decision already
has the evaluation of its result (the positions are public), so even the smallest budget ranks
every decision, said an estimate. An answer is "proven" only when every card the player has
not seen can lie only one way and the exact search finished. With ``full_info=True`` the true
deal is used (and the answer says it saw hidden cards).

**The auction** (``auction_ranking``): each bid and pass valued for the player as the car's
expected prize to him (``car_value``: a model measured on greedy self-play races, from its grid
slot, the movement his hand gives its colour and his white numbers) less the price, against
rivals whose limits are the same model over sampled hands: an English-auction clock (a rival
stays in while the price is within his limit; the player bids on to his own value after a bid).
Passing when carless is worth the expected value of a later car at the $30K minimum or forced
price (F1-12, F1-13); the dealer's $10K car (F1-15) enters when every rival passes. When the
car on offer is the last one to sell and the sampled limits are few, each sample is solved by
backward induction on the engine (``auction.solve_auction``) instead of the clock. Always
an estimate: the valuations are a model.

Standard library and the lab's own modules only; seeded (``seed``) so a call repeats exactly
on the same budget path (the budget decides how many deals, so the numbers can differ between
machines; the tests use deal counts).
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache

from formel1 import ACTIONS, State, config_for, rules
from formel1.actions import Bid, Pass
from formel1.bots import GreedyBot
from solvers.formel1 import race
from solvers.formel1.positions import cards_left

PRIZES = config_for(2).prizes
COLOURS = config_for(2).colours
Z95 = race.Z95
#: Exact search is tried on a deal when at most this many cards are left (every hand and
#: discard pile): beyond it the search does not finish in a hint's time (bench: 12 cards of 3
#: players take from a few ms to over 10 s of CPU, depending on the deal; a deal not finished
#: in its share of the time switches the search off for the later deals).
EXACT_CARDS = 12
#: The card plays of a rollout before the evaluation takes over (None: to the end of the race).
HORIZON = None


class ViewError(ValueError):
    """The request cannot be answered (not a decision of the player, bad budget)."""


# --- what the player has not seen -------------------------------------------------------------
def observed_pool(state: State, player: int) -> tuple[list[int], list[tuple[str, int, int]]]:
    """The cards ``player`` has not seen, as card kinds (sorted), and the hidden places they go
    (("hands", seat, size) for each other hand, ("removed", -1, size)), computed from his
    observation and the public log only: the race deck less his hand, the discard piles
    (F1-40), the Starter once turned up (F1-18) and the cards played this race that left the
    table. Never from the other hands. ViewError when the log no longer holds the race's
    plays (a log cut, ``state.LOG_LIMIT``)."""
    view = state.observation(player)
    names = {k.name: i for i, k in enumerate(state.cfg.kinds)}
    counts = Counter(state.deck())
    for name in view["hands"][player]:
        counts[names[name]] -= 1
    for pile in view["discards"]:
        for name in pile:
            counts[names[name]] -= 1
    if view.get("starter") is not None:
        counts[names[view["starter"]]] -= 1
    for kind in _played_away(state):
        counts[kind] -= 1
    places: list[tuple[str, int, int]] = [("hands", q, len(view["hands"][q]))
                                          for q in range(state.players) if q != player]
    places.append(("removed", -1, len(view["removed"])))
    if view.get("starter") is None and rules.leftovers(state) and not state.starter_played \
            and state.phase in ("starter", "auction"):
        places.append(("starter", -1, 1))  # dealt face down until the race (F1-05, F1-18)
    pool = sorted(counts.elements())
    if min(counts.values(), default=0) < 0 or len(pool) != sum(size for *_, size in places):
        raise ViewError("the cards played this race are no longer all in the log (it was cut): "
                        "the unseen cards cannot be told from what the player saw")
    return pool, places


def _played_away(state: State) -> list[int]:
    """The cards played this race that left the table (public: every play is logged). In the
    two-lap form with discards (F1-40) a card played before the pick-up went to a discard
    pile, seen there, and from there back to its player's hand, so only later plays count.
    A log cut short shows fewer plays; ``observed_pool`` then finds the sizes wrong."""
    from formel1 import events as ev

    plays: list[int] = []
    discards = "two_laps_discards" in state.variants
    picked = False
    for e in state.events:
        if type(e) is ev.RaceDeal:
            plays, picked = [], False
        elif type(e) is ev.PickUp:
            picked = True
        elif type(e) is ev.Play and (picked or not discards):
            plays.append(e.card)
    return plays


def deal_of(state: State, places: Sequence[tuple[str, int, int]], pool: Sequence[int],
            rng: random.Random) -> State:
    """A copy of ``state`` whose hidden places hold a uniform shuffle of ``pool`` (the unseen
    cards of ``observed_pool``), of the sizes the player sees. Only hidden places change, so
    the player's own decisions are the same."""
    cards = list(pool)
    rng.shuffle(cards)
    s = state.clone(history=False)
    hands = list(s.hands)
    at = 0
    for where, seat, size in places:
        part = tuple(sorted(cards[at:at + size]))
        at += size
        if where == "hands":
            hands[seat] = part
        elif where == "starter":
            s.starter = part[0]
        else:
            s.removed = part
    s.hands = tuple(hands)
    return s


def one_deal_only(pool: Sequence[int], places: Sequence[tuple[str, int, int]]) -> bool:
    """Whether the unseen cards can lie only one way: all of one kind, or one hidden place."""
    return len(set(pool)) <= 1 or sum(1 for *_, size in places if size) <= 1


# --- the evaluation ---------------------------------------------------------------------------
def softness(left: int) -> float:
    """The spread (in rows) of the expected-places evaluation with ``left`` cards still to
    play: fitted on greedy self-play races (3-5 players, 870 races; docs/formel1_solver.md),
    about a row per five cards, at least half a row."""
    return max(0.5, left / 5)


def eval_prizes(s: State) -> list[float]:
    """Each player's expected prize money this race (cars already finished included) from
    public facts only: the finished cars' prizes (F1-30), and for each car still racing the
    chart's prize at its expected place, the place from a logistic in the gaps to the other
    racing cars (``softness``). An evaluation, measured, not a bound."""
    out = [float(x) for x in race.earned(s)]
    placed = len(s.finished)
    racing = [(car, _progress(s, car)) for car in range(len(s.pos)) if s.pos[car] >= 0]
    spread = softness(cards_left(s))
    for car, mine in racing:
        ahead = sum(1.0 / (1.0 + math.exp(max(-50.0, min(50.0, (mine - other) / spread))))
                    for c, other in racing if c != car)
        out[s.owner[car]] += _chart(placed + ahead)
    return out


def _progress(s: State, car: int) -> int:
    track = s.track_spec()
    return s.laps[car] * track.rows + track.cells[s.pos[car]].row


def _chart(place: float) -> float:
    """The prize at a fractional place (0 = first), linear between the chart's places."""
    low = int(place)
    frac = place - low
    a = PRIZES[low] if low < len(PRIZES) else 0
    b = PRIZES[low + 1] if low + 1 < len(PRIZES) else 0
    return a * (1 - frac) + b * frac


def chart_range(s: State, player: int) -> tuple[float, float]:
    """The least and most ``player`` can win this race from ``s``: what is already won, and
    that plus the next places of the chart for each of his cars still racing."""
    won = race.earned(s)[player]
    mine = sum(1 for car in range(len(s.pos)) if s.pos[car] >= 0 and s.owner[car] == player)
    placed = len(s.finished)
    return float(won), float(won + sum(PRIZES[placed:placed + mine]))


_GREEDY = GreedyBot(0)


def rollout(s: State, player: int, horizon: int | None, deadline: float | None = None,
            root: State | None = None) -> tuple[float, int, bool]:
    """``player``'s prize money this race (cars already finished included) after every seat
    plays the greedy bot from ``s`` for at most ``horizon`` card plays (None: to the end), the
    rest valued by ``eval_prizes``; stopped early (and evaluated) when the CPU ``deadline``
    passes. ``root``: the position of the race that ``s`` follows (default ``s``): when the
    race ends the value is the money paid since ``root``, every prize of the race being paid
    at its end (F1-30). Also the card plays made and whether the deadline stopped it."""
    base = s if root is None else root
    s = s.clone(history=False)
    plays = 0
    stopped = False
    while not race.race_over(base, s):
        if s.card < 0:
            if horizon is not None and plays >= horizon:
                break
            if deadline is not None and time.process_time() > deadline:
                stopped = True
                break
            plays += 1
        s.apply_unchecked(_GREEDY.choose(s))
    return outcome(base, s, player), plays, stopped


def outcome(root: State, s: State, player: int) -> float:
    """``player``'s prize money for ``root``'s race as seen at ``s``, a later position: the
    money paid since ``root`` once the race is over (the prizes are paid at its end, F1-30),
    else the evaluation (``eval_prizes``, finished cars included)."""
    if race.race_over(root, s):
        return float(s.money[player] - root.money[player])
    return eval_prizes(s)[player]


def settled(s: State, me: int) -> State:
    """``me``'s own follow-up decisions on the same card made by the evaluation (as the greedy
    bot does), so a first decision is judged on the card's result."""
    while s.phase == "race" and s.current_player == me and s.card != -1:
        s = max((s.child(a) for a in s.legal_action_ids()), key=lambda c: eval_prizes(c)[me])
    return s


# --- answers ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class Decision:
    """One legal decision with its value for the player: a mean over ``n`` deals (or the
    evaluation alone, ``n == 0``) with a 95% interval, or exact (``proven``)."""

    action: str
    action_id: int
    mean: float
    low: float
    high: float
    n: int
    proven: bool = False


@dataclass(frozen=True)
class Ranking:
    """Every legal decision ranked (best first), what the values are, how they were made."""

    player: int
    phase: str  # "race" or "auction"
    unit: str
    kind: str  # "proven" or "estimate"
    method: str  # one line: which method made the values
    decisions: tuple[Decision, ...]
    deals: int  # deals (or valuation samples) used
    exact_deals: int  # deals on which the exact search finished
    seconds: float  # CPU seconds
    saw_hidden: bool = False  # the true deal was read (full information)
    notes: tuple[str, ...] = field(default=())
    #: each decision's value on each deal, in deal order (paired comparisons; empty when the
    #: values are the evaluation alone)
    per_deal: dict[int, tuple[float, ...]] = field(default_factory=dict, repr=False)

    @property
    def best(self) -> Decision:
        """The best decision (the highest mean; on a tie the lower action id)."""
        return self.decisions[0]

    def status_text(self) -> str:
        """One plain sentence: what the numbers are and what is proven."""
        b = self.best
        if self.kind == "proven":
            text = (f"Proven: {b.action} is worth ${b.mean:g}K {self.unit}, with every card "
                    f"placed ({self.method}).")
        else:
            text = (f"Estimate: {b.action} about ${b.mean:.0f}K {self.unit} (95% interval "
                    f"{b.low:.0f} to {b.high:.0f}); {self.method}.")
        if self.saw_hidden:
            text += " It saw the hidden cards: a player at the table does not."
        return text


#: How many standard errors a decision's paired lead over the default must reach for
#: ``clear_best`` to prefer it (one-sided, about 84%).
LEAD_Z = 1.0


def clear_best(ranking: Ranking, default: int) -> int:
    """The decision to play: the ranking's best when it leads ``default`` (another policy's
    choice, say the greedy bot's) clearly on the same deals (the mean of the paired
    differences more than ``LEAD_Z`` standard errors above nothing), or when it is proven
    or every deal was searched exactly; else ``default``. A few sampled deals are noisy, and a
    single deal's rollouts favour whatever suits that deal's hidden cards."""
    best = ranking.best.action_id
    if best == default or default not in ranking.per_deal:
        return best
    if ranking.kind == "proven" or (ranking.deals and ranking.exact_deals == ranking.deals
                                     and ranking.deals >= 2):
        mine, theirs = ranking.per_deal[best], ranking.per_deal[default]
        return best if statistics.fmean(mine) > statistics.fmean(theirs) else default
    diffs = [a - b for a, b in zip(ranking.per_deal[best], ranking.per_deal[default],
                                   strict=True)]
    if len(diffs) < 2:
        return default
    spread = statistics.stdev(diffs) / math.sqrt(len(diffs))
    return best if statistics.fmean(diffs) > LEAD_Z * spread else default


def _summary(values: list[float], lo: float, hi: float) -> tuple[float, float, float]:
    """Mean and 95% interval of ``values``; with fewer than two, the range ``lo``-``hi``."""
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, min(lo, mean), max(hi, mean)
    half = Z95 * statistics.stdev(values) / math.sqrt(len(values))
    return mean, mean - half, mean + half


def _rank(decisions: list[Decision]) -> tuple[Decision, ...]:
    return tuple(sorted(decisions, key=lambda d: (-d.mean, d.action_id)))


def _check(state: State, budget: float) -> int:
    me = state.current_player
    if me < 0:
        raise ViewError("nobody decides in this position (chance or the end of the game)")
    if not budget > 0 or not math.isfinite(budget):
        raise ViewError("the budget must be a positive number of seconds")
    return me


def race_ranking(state: State, budget: float = 1.0, seed: int = 0, full_info: bool = False,
                 horizon: int | None = HORIZON, exact_cards: int = EXACT_CARDS,
                 max_deals: int | None = None) -> Ranking:
    """Every legal race decision of the player to decide ranked by expected prize money this
    race, within ``budget`` CPU seconds (module docstring). ``full_info`` reads the true deal
    (said in the answer); ``max_deals`` caps the deals (tests, benchmarks)."""
    me = _check(state, budget)
    if state.phase != "race":
        raise ViewError(f"the position is in the {state.phase} phase, not in a race")
    t0 = time.process_time()
    deadline = t0 + budget
    legal = state.legal_action_ids()
    unit = "prize money this race"
    if full_info:
        pool: list[int] = []
        places: list[tuple[str, int, int]] = []
        single = True
    else:
        pool, places = observed_pool(state, me)
        single = one_deal_only(pool, places)
    # Every decision valued by the evaluation of its card's result first (public facts only).
    static = {aid: outcome(state, settled(state.child(aid), me), me) for aid in legal}
    ranges = {aid: chart_range(state.child(aid), me) for aid in legal}
    per: dict[int, list[float]] = {aid: [] for aid in legal}
    exact = {"on": float(cards_left(state) <= exact_cards)}
    proven_deals = 0
    deals = 0
    rng = random.Random(seed)
    while True:
        if deals and (single or time.process_time() > deadline
                      or (max_deals is not None and deals >= max_deals)):
            break
        if not deals and time.process_time() > deadline and max_deals is None:
            break
        s = state if (full_info or not pool) else deal_of(state, places, pool, rng)
        values, solved, horizon = _value_deal(s, me, legal, deadline, horizon, exact,
                                              not deals, 1.0 if single else 0.5)
        if values is None:
            break
        for aid in legal:
            per[aid].append(values[aid])
        deals += 1
        proven_deals += solved
    out = []
    for aid in legal:
        lo, hi = ranges[aid]
        if per[aid]:
            mean, low, high = _summary(per[aid], lo, hi)
        else:
            mean, low, high = static[aid], lo, hi
        proven = single and proven_deals == deals == 1
        if proven:
            low = high = mean
        out.append(Decision(str(ACTIONS[aid]), aid, mean, low, high, len(per[aid]), proven))
    proven = single and deals == 1 and proven_deals == 1
    if proven:
        method = "exact search, max^n rivals"
    elif deals == 0:
        method = ("from the evaluation of each decision's result alone: the budget ended "
                  "before a deal of the hidden cards was valued")
    else:
        where = "the true deal" if full_info else (
            "the only deal the unseen cards allow" if single else
            f"{deals} sampled deal{'s' if deals != 1 else ''} of the cards you have not seen")
        how = (f"exact search on {proven_deals}" if proven_deals else "")
        rest = deals - proven_deals
        roll = (f"greedy rollouts{'' if horizon is None else f' of {horizon} cards'} on {rest}"
                if rest else "")  # the depth the rollouts took
        method = f"from {where}; " + " and ".join(x for x in (how, roll) if x)
    return Ranking(me, "race", unit, "proven" if proven else "estimate", method, _rank(out),
                   deals, proven_deals, time.process_time() - t0, saw_hidden=full_info,
                   per_deal={aid: tuple(v) for aid, v in per.items() if v})


def _value_deal(s: State, me: int, legal: Sequence[int], deadline: float,
                horizon: int | None, exact: dict[str, float], first: bool, share: float
                ) -> tuple[dict[int, float] | None, bool, int | None]:
    """Each decision's value on one deal: exact when the race search finishes in ``share`` of
    the time left (``exact["on"]``: switched off once it fails, the next deals being as big),
    else greedy rollouts. The first deal is always valued (a rollout stopped by the deadline
    is evaluated where it stopped, and the rollouts of every later deal go as deep); a later
    one not finished in time is dropped (None). Also the rollout depth for the next deals."""
    if exact["on"]:
        left = deadline - time.process_time()
        if left > 0:
            config = race.RaceConfig(rivals="maxn", time_budget=max(left * share, 1e-3),
                                     lines=False, node_budget=2_000_000)
            plan = race.solve(s, me, config)
            if plan.status == "proven":
                ids = {str(ACTIONS[a]): a for a in legal}
                return ({ids[a.action]: float(a.value) for a in plan.alternatives}, True,
                        horizon)
            exact["on"] = 0.0
    values: dict[int, float] = {}
    if not first:
        for aid in legal:
            values[aid] = rollout(s.child(aid), me, horizon, root=s)[0]
            if time.process_time() > deadline:
                return None, False, horizon
        return values, False, horizon
    # The first deal within the budget: the first decision's rollout gets its share of the
    # time, and the others go as many cards deep, so every decision is judged alike.
    start = time.process_time()
    slice_ = max(0.0, deadline - start) / len(legal)
    depth = horizon
    for i, aid in enumerate(legal):
        values[aid], plays, stopped = rollout(s.child(aid), me, depth, start + slice_ * (i + 1),
                                              root=s)
        if i == 0 and stopped:
            depth = plays
    return values, False, depth


# --- the auction ------------------------------------------------------------------------------
#: The car value model: a car's expected prize to its owner from its grid slot (pole first),
#: the movement the owner's hand gives its colour and the owner's white numbers, by players.
#: Least squares on greedy self-play races (300 races each; docs/formel1_solver.md): the
#: residual spread is large (about $65K), so it is an estimate of the mean only.
CAR_MODEL: dict[int, tuple[tuple[float, ...], float, float]] = {
    3: ((2.4, 19.0, 17.3, 14.9, 12.2, 12.7), 1.57, 2.24),
    4: ((17.4, 19.9, 17.3, 12.6, 15.6, 18.3), 1.60, 3.29),
    5: ((18.5, 26.3, 14.6, 7.0, 15.2, 18.9), 1.82, 4.42),
}


def _model(players: int) -> tuple[tuple[float, ...], float, float]:
    return CAR_MODEL[min(max(players, 3), 5)]


def car_value(state: State, hand: Sequence[int], car: int, slot: int | None = None) -> float:
    """A car's expected prize to the holder of ``hand`` (``CAR_MODEL``); ``slot`` the car's
    grid slot (None: not revealed yet, the mean over the slots left)."""
    slots, per_step, per_white = _model(state.players)
    steps, whites = _points(tuple(hand))
    base = (statistics.fmean(slots[len(state.revealed):] or slots) if slot is None
            else slots[slot])
    return base + per_step * steps[car] + per_white * whites


@cache
def _points(hand: tuple[int, ...]) -> tuple[tuple[int, ...], int]:
    cfg = config_for(2)
    steps = [0] * len(cfg.colours)
    whites = 0
    for k in hand:
        for c, n in cfg.kinds[k].numbers:
            if c < 0:
                whites += n
            else:
                steps[c] += n
    return tuple(steps), whites


def auction_ranking(state: State, budget: float = 0.2, seed: int = 0,
                    samples: int | None = None, induction: bool | None = None) -> Ranking:
    """Every pass and bid of the player to decide in the auction, valued as his expected
    payoff in $1K (the car's expected prize to him less the price; module docstring), over
    sampled hands of the others, within ``budget`` CPU seconds (``samples`` caps them; at
    least two are always drawn). ``induction``: each sample solved by backward induction on
    the engine (None: when the car on offer is the last to sell and the budget is at least
    ``INDUCTION_BUDGET``), else the auction clock."""
    me = _check(state, budget)
    if state.phase != "auction":
        raise ViewError(f"the position is in the {state.phase} phase, not the auction")
    t0 = time.process_time()
    deadline = t0 + budget
    legal = state.legal_action_ids()
    car = state.offer
    slot = state.revealed.index(car)
    mine = car_value(state, state.hands[me], car, slot)
    pool, places = observed_pool(state, me)
    rng = random.Random(seed)
    rivals = [q for q in range(state.players) if q != me and rules.may_bid(state, q)]
    if induction is None:
        induction = rules.cars_to_bid(state) == 1 and budget >= INDUCTION_BUDGET
    per: dict[int, list[float]] = {aid: [] for aid in legal}
    cap = samples if samples is not None else 400
    n = 0
    while n < cap and (n < 2 or time.process_time() < deadline):
        s = deal_of(state, places, pool, rng) if pool else state
        limits = {q: min(car_value(s, s.hands[q], car, slot) + rng.gauss(0.0, LIMIT_SPREAD),
                         s.money[q]) for q in rivals}
        if induction:
            for aid, value in _induction(state, me, car, mine, limits).items():
                per[aid].append(value)
        else:
            for aid in legal:
                per[aid].append(_clock(state, me, aid, mine, list(limits.values())))
        n += 1
    out = []
    for aid in legal:
        mean, low, high = _summary(per[aid], min(per[aid]), max(per[aid]))
        out.append(Decision(str(ACTIONS[aid]), aid, mean, low, high, len(per[aid])))
    how = ("each solved by backward induction on the engine (the last car: every bid and "
           "pass to the sale)" if induction else "an auction clock")
    method = (f"{n} sampled hands of the others, {how}, on a car-value model (this car is "
              f"worth about ${mine:.0f}K to you)")
    return Ranking(me, "auction", "payoff (the car's expected prize less the price)",
                   "estimate", method, _rank(out), n, 0, time.process_time() - t0)


#: The spread ($1K, one standard deviation) of a rival's limit around the car-value model: his
#: own valuation is unknown (a greedy bot's differs from the model by some $20K, a random
#: bidder's by anything), so some samples have him drop out early, others stay in long.
LIMIT_SPREAD = 30.0
#: The share of a cheap later car's gain counted when a carless player passes: he may get the
#: last car at the $30K price, or be outbid for the cars before it (set by trial games).
CARLESS_SHARE = 0.5
#: The least budget (CPU seconds) for which the last car's bids are solved by backward
#: induction: one sample takes up to about 0.2 s with five players.
INDUCTION_BUDGET = 0.5


def _induction(state: State, me: int, car: int, mine: float, limits: dict[int, float]
               ) -> dict[int, float]:
    """Each decision's payoff to ``me`` when everyone values the last car at his limit (the
    others) or at ``mine`` and bids by backward induction (``auction.solve_auction``:
    subgame perfect, ties to the lowest action id)."""
    from solvers.formel1.auction import solve_auction

    values = [[0.0] * len(COLOURS) for _ in range(state.players)]
    values[me][car] = mine
    for q, v in limits.items():
        values[q][car] = v
    solution = solve_auction(state, values)
    ids = {str(ACTIONS[a]): a for a in state.legal_action_ids()}
    return {ids[action]: float(vec[me]) for action, vec in solution.choices}


def _pass_value(state: State, me: int, car: int) -> float:
    """What passing on ``car`` is worth to ``me``: nothing if he owns a car (or needs none,
    F1-38), or while more cars remain after this one than players without a car (he may not
    get one cheaply: others bid too). Else every carless player is sure of a car (only they
    may bid once the cars left equal them, F1-11) at about the $30K late minimum or forced
    price (F1-12, F1-13): ``CARLESS_SHARE`` of a later car's value less that price, the mean
    over the cars still to sell."""
    if me in state.owner or "no_car" in state.variants:
        return 0.0
    later = [c for c in range(len(state.owner)) if state.owner[c] < 0 and c != car]
    if not later or len(later) > len(rules.carless(state)):
        return 0.0
    cheap = statistics.fmean(car_value(state, state.hands[me], c,
                                       state.revealed.index(c) if c in state.revealed else None)
                             for c in later) - state.cfg.forced_price
    return CARLESS_SHARE * cheap


def _clock(state: State, me: int, aid: int, mine: float, limits: Sequence[float]) -> float:
    """One sample's payoff of ``aid`` on the English-auction clock: the rivals stay in while
    the next bid is within their limits; after a bid the player goes on to his own value."""
    step = state.cfg.bid_step
    action = ACTIONS[aid]
    pass_value = _pass_value(state, me, state.offer)
    top = max(limits, default=-math.inf)
    if isinstance(action, Pass):
        return pass_value
    assert isinstance(action, Bid)
    bid = action.amount
    ceiling = max(bid, min(state.money[me], int(mine // step) * step))
    if top < bid + step:
        return mine - bid
    if ceiling >= top + step:
        return mine - (int(top // step) * step + step)
    return pass_value


def rollout_horizon(state: State) -> int:
    """The card plays of a rollout for a bot or a hint: two rounds of the table (every seat
    twice), then the evaluation; deep enough to see a rival's answer, short enough for many
    deals in a tenth of a second."""
    return 2 * state.players


__all__ = ["CARLESS_SHARE", "CAR_MODEL", "Decision", "EXACT_CARDS", "INDUCTION_BUDGET",
           "LEAD_Z", "LIMIT_SPREAD", "Ranking", "ViewError", "auction_ranking", "car_value",
           "chart_range", "clear_best", "deal_of", "eval_prizes", "observed_pool",
           "one_deal_only", "outcome", "race_ranking", "rollout", "rollout_horizon", "settled",
           "softness"]
