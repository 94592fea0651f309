"""Car valuation: what each car is worth in prize money to a player who knows only his hand.

Given a race position and the player whose knowledge
counts (his hand, the grid or the cars' cells, everything on the table), ``car_values`` is the
expected prize of each car (F1-30: $200K for the winner down to $10K; nothing for a car that
does not finish, F1-31) over the deals of the cards he has not seen, under a stated race policy
for every seat:

- ``greedy``: the Formel 1 greedy bot (``formel1.bots.GreedyBot``, deterministic in a race);
- ``random``: every decision uniformly among the legal ones.

``exact`` enumerates every consistent deal (the other hands and the removed cards, weighted by
how many shuffles of the physical cards give it, as ``race.determinize`` samples them) and, for
the random policy, every line of play with its probability: feasible on a reduced deck, that is
late in a race when few cards are unseen. ``monte_carlo`` samples deals (and random lines) and
gives each car's mean with a 95% interval (normal approximation): an estimate.

``race_start`` builds the position of the auction's question, "what is this car worth with my
hand in that grid slot": a race about to start with a given hand, grid order and owners (for 2,
3, 4 or 6 players, whose deal leaves no Starter card; the other hands are dealt again by the
valuation). ``hand_points`` is the plain count of movement points a hand gives each colour.

What it does not say: the policy is a model of play, not optimal play; the greedy bot's choices
depend on who owns which car, so its values are for the stated owners.
"""

from __future__ import annotations

import itertools
import json
import math
import random
import statistics
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import formel1
from formel1 import State, config_for
from formel1.bots import GreedyBot
from solvers.formel1.race import Z95, unseen_cards, with_deal

POLICIES = ("greedy", "random")
COLOURS = config_for(2).colours
PRIZES = config_for(2).prizes
#: Player counts whose 48-card deal leaves no Starter card (F1-05), for ``race_start``.
NO_STARTER = (2, 3, 4, 6)


class ValuationError(ValueError):
    """The valuation cannot be made (bad policy, hand, grid, owners; too many deals)."""


@dataclass(frozen=True)
class CarValue:
    """One car's expected prize in $1K: exact (``low == high == mean``) or an estimate with a
    95% interval."""

    car: str
    mean: float
    low: float
    high: float
    exact: bool


@dataclass(frozen=True)
class Valuation:
    """``car_values``'s answer: each car, the policy, the method, the deals counted."""

    player: int
    policy: str
    method: str  # "exact" or "monte carlo"
    deals: int  # distinct deals enumerated, or samples drawn
    cars: tuple[CarValue, ...]

    def of(self, colour: str) -> CarValue:
        """The value of the car of this colour."""
        return next(c for c in self.cars if c.car == colour)


def hand_points(hand: Sequence[int]) -> dict[str, int]:
    """The movement points a hand of card kinds gives each colour (its numbers of that
    colour), and ``"White"``: the white numbers, which go to a car not on the card (F1-25)."""
    points = dict.fromkeys((*COLOURS, "White"), 0)
    for k in hand:
        for c, n in config_for(2).kinds[k].numbers:
            points["White" if c < 0 else COLOURS[c]] += n
    return points


def race_start(players: int, seat: int, hand: Sequence[int], grid: Sequence[int],
               owner: Sequence[int], seed: int = 0) -> State:
    """A one-race position about to start: ``seat`` holds ``hand`` (card kinds), the cars
    stand on the grid in the order ``grid`` (car indices, pole first, F1-17) and ``owner[c]``
    owns car ``c``; the other hands hold the rest of the deck (to be dealt again by
    ``car_values``). For 2, 3, 4 or 6 players (no Starter card, F1-05)."""
    if players not in NO_STARTER:
        raise ValuationError(f"race_start builds races of {', '.join(map(str, NO_STARTER))} "
                             "players (no Starter card)")
    if sorted(grid) != list(range(len(COLOURS))) or len(owner) != len(COLOURS) \
            or any(not 0 <= o < players for o in owner) or set(owner) != set(range(players)):
        raise ValuationError("the grid lists every car once and every player owns a car")
    s = formel1.new_game(players=players, seed=seed, races=1)
    rng = random.Random(seed)
    while s.phase != "race":  # any auction: every field is set again below
        s.apply_unchecked(rng.choice(s.legal_action_ids()))
    size = len(s.deck()) // players
    rest = Counter(s.deck())
    rest.subtract(hand)
    if len(hand) != size or min(rest.values()) < 0:
        raise ValuationError(f"the hand must be {size} cards of the deck")
    others = sorted(rest.elements())
    names = [k.name for k in config_for(players).kinds]
    hands, at = [], 0
    for q in range(players):
        cards = list(hand) if q == seat else others[at:at + size]
        at += 0 if q == seat else size
        hands.append([names[k] for k in sorted(cards)])
    track = s.track_spec()
    cells: list[str | None] = [None] * len(COLOURS)
    for slot, car in enumerate(grid):
        cells[car] = track.label(track.grid[slot])
    data: dict[str, Any] = json.loads(s.to_json())
    data.update(hands=hands, revealed=[COLOURS[c] for c in grid], owner=list(owner),
                cars=cells, turn=owner[grid[0]], log=[])  # F1-19: the pole car's owner first
    return formel1.from_json(json.dumps(data))


def consistent_deals(state: State, player: int) -> Iterator[tuple[tuple[tuple[int, ...], ...],
                                                                  float]]:
    """Every distinct deal of the cards ``player`` has not seen into the hidden places
    (``race.unseen_cards``) with its probability under a uniform shuffle of the physical
    cards: proportional to 1 / the product of n! over the copies n of a kind in a place."""
    pool, places = unseen_cards(state, player)
    deals = list(_deals(tuple(pool), [size for *_, size in places]))
    weights = [1 / math.prod(math.factorial(n) for part in deal
                             for n in Counter(part).values()) for deal in deals]
    total = sum(weights)
    for deal, w in zip(deals, weights, strict=True):
        yield deal, w / total


def _deals(pool: tuple[int, ...], sizes: list[int]) -> Iterator[tuple[tuple[int, ...], ...]]:
    if not sizes:
        yield ()
        return
    for part in sorted(set(itertools.combinations(pool, sizes[0]))):
        rest = list(pool)
        for k in part:
            rest.remove(k)
        for tail in _deals(tuple(rest), sizes[1:]):
            yield (part, *tail)


def count_deals(state: State, player: int) -> int:
    """The number of distinct consistent deals (``consistent_deals``)."""
    pool, places = unseen_cards(state, player)
    return sum(1 for _ in _deals(tuple(pool), [size for *_, size in places]))


def car_values(state: State, player: int | None = None, policy: str = "greedy",
               method: str = "auto", samples: int = 200, seed: int = 0,
               max_deals: int = 500) -> Valuation:
    """Each car's expected prize for ``player`` (default: the one to decide) over the deals he
    cannot see, every seat playing ``policy``: ``exact`` (every deal, and for the random
    policy every line), ``monte_carlo`` (``samples`` deals and lines, seeded) or ``auto``
    (exact when there are at most ``max_deals`` distinct deals)."""
    if policy not in POLICIES:
        raise ValuationError(f"policy must be one of {', '.join(POLICIES)}, not {policy!r}")
    if state.phase != "race":
        raise ValuationError(f"the position is in the {state.phase} phase, not in a race")
    player = state.current_player if player is None else player
    if not 0 <= player < state.players:
        raise ValuationError(f"player {player} is not in this {state.players}-player game")
    if method == "auto":
        method = "exact" if count_deals(state, player) <= max_deals else "monte_carlo"
    last = {"races": state.race + 1}  # this race the last: the prize chart stays readable
    if method == "exact":
        means = [0.0] * len(COLOURS)
        n = 0
        for deal, prob in consistent_deals(state, player):
            s = with_deal(state, player, deal, **last)
            for c, v in enumerate(_exact_prizes(s, policy, {})):
                means[c] += prob * v
            n += 1
        cars = tuple(CarValue(COLOURS[c], m, m, m, True) for c, m in enumerate(means))
        return Valuation(player, policy, "exact", n, cars)
    if method != "monte_carlo":
        raise ValuationError("method must be exact, monte_carlo or auto")
    if samples < 2:
        raise ValuationError("Monte Carlo needs at least 2 samples")
    rng = random.Random(seed)
    draws: list[list[int]] = [[] for _ in COLOURS]
    pool, places = unseen_cards(state, player)
    for _ in range(samples):
        rng.shuffle(pool)
        dealt, at = [], 0
        for *_, size in places:
            dealt.append(tuple(pool[at:at + size]))
            at += size
        s = with_deal(state, player, dealt, **last)
        for c, v in enumerate(_playout(s, policy, rng)):
            draws[c].append(v)
    out = []
    for c, vs in enumerate(draws):
        mean = statistics.fmean(vs)
        half = Z95 * statistics.stdev(vs) / math.sqrt(len(vs))
        out.append(CarValue(COLOURS[c], mean, mean - half, mean + half, False))
    return Valuation(player, policy, "monte carlo", samples, tuple(out))


def car_prizes(s: State) -> list[int]:
    """Each car's prize at the end of the race (F1-30, F1-31; the race is the game's last)."""
    prizes = [0] * len(COLOURS)
    for place, car in enumerate(s.finished):
        prizes[car] = PRIZES[place]
    return prizes


def _playout(s: State, policy: str, rng: random.Random) -> list[int]:
    bot = GreedyBot(0)
    s = s.clone(history=False)
    while not s.is_terminal():
        legal = s.legal_action_ids()
        s.apply_unchecked(bot.choose(s) if policy == "greedy" else rng.choice(legal))
    return car_prizes(s)


def _exact_prizes(s: State, policy: str, memo: dict[Any, list[float]]) -> list[float]:
    """Each car's expected prize from ``s``: the greedy line, or the mean over every legal
    action (uniform random play), memoised by position."""
    if policy == "greedy":
        return [float(v) for v in _playout(s, policy, random.Random(0))]
    if s.is_terminal():
        return [float(v) for v in car_prizes(s)]
    key = tuple(getattr(s, f) for f in State.DATA_FIELDS if f != "events")
    if key not in memo:
        kids = [_exact_prizes(s.child(a), policy, memo) for a in s.legal_action_ids()]
        memo[key] = [sum(col) / len(kids) for col in zip(*kids, strict=True)]
    return memo[key]


__all__ = ["CarValue", "NO_STARTER", "POLICIES", "Valuation", "ValuationError", "car_prizes",
           "car_values", "consistent_deals", "count_deals", "hand_points", "race_start"]
