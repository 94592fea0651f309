"""Bag odds: exact probabilities of the next draw, in rational arithmetic.

Covers the draw of AU-12/AU-19 (7 cubes from the bag, the whole discard shuffled back in when the
bag runs out, RA5's "draw what there is" when both run out), the money a drawn pile brings in
the buy phase if none of it is played (AU-14, with RA1's synthetic values), and Crew Chief's
draw-until (AU-48: draw until a cube that is not wear; the engine refills an empty bag from the
discard for a card's draws too, ``automobiles.rules``).

A draw of ``n`` from a bag of ``N >= n`` cubes is multivariate hypergeometric: a multiset ``x``
has probability ``prod C(K_i, x_i) / C(N, n)``. With fewer than ``n`` in the bag the whole bag
is drawn, the discard becomes the bag and the rest is a hypergeometric draw from it; this is the
same law as the engine's one-cube-at-a-time chance outcomes (each colour with probability
count / bag size), which the tests check by walking those outcomes. Every probability here is a
``fractions.Fraction`` and exact; nothing is sampled, except by ``sampled_draws``, the race
simulations' draws, which ``draw_fit`` tests against the exact law (chi-square).

Counts are tuples of ten, one per cube kind in ``automobiles.config.CUBES`` order.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from fractions import Fraction
from math import comb

from automobiles import State, config_for
from automobiles.config import CUBES, GEARS, WEAR

Counts = tuple[int, ...]
Distribution = dict[Counts, Fraction]
#: One Crew Chief result: (wear cubes drawn, the colour of the cube that stopped the draw, or
#: None when bag and discard ran out of cubes first).
CrewChief = tuple[int, int | None]


def hypergeometric(population: Sequence[int], k: int) -> Distribution:
    """The multivariate hypergeometric law of drawing ``k`` cubes without replacement from
    ``population`` (a count per kind): each multiset drawn with its exact probability."""
    total = sum(population)
    if not 0 <= k <= total:
        raise ValueError(f"cannot draw {k} cubes from {total}")
    ways = comb(total, k)
    out: Distribution = {}
    for drawn in _multisets(tuple(population), k):
        count = 1
        for have, take in zip(population, drawn, strict=True):
            count *= comb(have, take)
        out[drawn] = Fraction(count, ways)
    return out


def _multisets(population: Counts, k: int) -> Iterator[Counts]:
    """Every multiset of ``k`` cubes within ``population``'s counts."""
    if not population:
        if k == 0:
            yield ()
        return
    first, rest = population[0], population[1:]
    room = sum(rest)
    for take in range(max(0, k - room), min(first, k) + 1):
        for tail in _multisets(rest, k - take):
            yield (take, *tail)


def draw_distribution(bag: Sequence[int], discard: Sequence[int] = (),
                      n: int | None = None) -> Distribution:
    """The cubes drawn by a draw of ``n`` (default the 7 of AU-12) from ``bag``: the whole bag
    and then from the discard shuffled in when the bag holds fewer (AU-19), everything there is
    when both together hold fewer (RA5). Keys are the multisets drawn."""
    n = config_for(2).draw if n is None else n
    bag, discard = _counts(bag), _counts(discard)
    if n < 0:
        raise ValueError(f"cannot draw {n} cubes")
    if sum(bag) >= n:
        return hypergeometric(bag, n)
    rest = min(n - sum(bag), sum(discard))
    return {tuple(b + d for b, d in zip(bag, drawn, strict=True)): p
            for drawn, p in hypergeometric(discard, rest).items()}


def next_draw(state: State, seat: int | None = None) -> Distribution:
    """The law of ``seat``'s next draw of 7 (default: the seat drawing, or the mover).

    At a draw (``phase == "draw"``) it is the draw in progress: the cubes still to draw of the
    queue's first entry for that seat, from its bag and discard as they are. During a turn it
    is the mover's end-phase draw assuming nothing else reaches the piles this turn: the used
    and active piles join the discard first (AU-19), but wear, purchases and card effects still
    to come are not foreseen, so it is the law *if the turn ended now*."""
    if state.phase == "draw" and state.drawing:
        seat = state.drawing[0][0] if seat is None else seat
        queued = [k for p, k in state.drawing if p == seat]
        if queued:
            return draw_distribution(state.bag[seat], state.discard[seat], queued[0])
    seat = state.mover if seat is None else seat
    discard = [d + u + a for d, u, a in zip(state.discard[seat], state.used[seat],
                                            state.active[seat], strict=True)]
    return draw_distribution(state.bag[seat], discard)


def probability(dist: Mapping[Counts, Fraction], event: Callable[[Counts], bool]) -> Fraction:
    """The probability of ``event`` (a test of the multiset drawn) under ``dist``."""
    return sum((p for drawn, p in dist.items() if event(drawn)), Fraction(0))


def at_least(dist: Mapping[Counts, Fraction], k: int, kinds: Iterable[int] = GEARS) -> Fraction:
    """The probability of drawing at least ``k`` cubes of ``kinds`` together (default: any
    gear; pass ``(LIGHTGREY,)`` for light grey only)."""
    chosen = tuple(kinds)
    return probability(dist, lambda drawn: sum(drawn[c] for c in chosen) >= k)


def money(drawn: Sequence[int], values: Sequence[int] | None = None) -> int:
    """The money a pile brings in the buy phase if none of it is played: the sum of its cubes'
    values (AU-14; RA1's values are synthetic)."""
    values = cube_values() if values is None else values
    return sum(v * k for v, k in zip(values, drawn, strict=True))


def money_distribution(dist: Mapping[Counts, Fraction],
                       values: Sequence[int] | None = None) -> dict[int, Fraction]:
    """The law of the money the drawn pile brings if no cube of it is played (AU-14): the
    most the buy phase can spend after that draw (values synthetic, RA1)."""
    out: dict[int, Fraction] = {}
    for drawn, p in dist.items():
        m = money(drawn, values)
        out[m] = out.get(m, Fraction(0)) + p
    return dict(sorted(out.items()))


def crew_chief_distribution(bag: Sequence[int], discard: Sequence[int] = ()
                            ) -> dict[CrewChief, Fraction]:
    """Crew Chief's draw-until (AU-48): the joint law of (wear cubes drawn, the colour of the
    cube that ended the draw). The draw goes on through an empty bag into the discard shuffled
    in (the engine's refill, AU-19); it ends with None when bag and discard hold nothing but
    the wear drawn (RA5: "as far as possible")."""
    out: dict[CrewChief, Fraction] = {}
    _crew_chief(list(_counts(bag)), list(_counts(discard)), 0, Fraction(1), out)
    return dict(sorted(out.items(), key=lambda kv: (kv[0][0], -1 if kv[0][1] is None
                                                    else kv[0][1])))


def _crew_chief(bag: list[int], discard: list[int], wear: int, p: Fraction,
                out: dict[CrewChief, Fraction]) -> None:
    if not any(bag):
        if not any(discard):
            out[(wear, None)] = out.get((wear, None), Fraction(0)) + p
            return
        bag, discard = discard, [0] * len(CUBES)
    size = sum(bag)
    for cube, have in enumerate(bag):
        if not have:
            continue
        q = p * Fraction(have, size)
        if cube == WEAR:
            rest = list(bag)
            rest[WEAR] -= 1
            _crew_chief(rest, discard, wear + 1, q, out)
        else:
            out[(wear, cube)] = out.get((wear, cube), Fraction(0)) + q


def crew_chief_draws(dist: Mapping[CrewChief, Fraction]) -> dict[int, Fraction]:
    """The law of how many cubes Crew Chief draws, from ``crew_chief_distribution``."""
    out: dict[int, Fraction] = {}
    for (wear, stop), p in dist.items():
        n = wear + (stop is not None)
        out[n] = out.get(n, Fraction(0)) + p
    return dict(sorted(out.items()))


def sampled_draws(state: State, action: str, samples: int, seed: int = 0) -> list[Counts]:
    """The draws the race simulations sample (``solvers.automobiles.race``): ``samples``
    times, ``state`` given a fresh seed (``race.reseeded``) and ``action`` applied (one that
    ends the mover's turn, as ``stop buying``), the mover's active pile after it, which is the
    end phase's draw of 7 (AU-12, AU-19)."""
    import random

    from .race import reseeded

    seat = state.mover
    rng = random.Random(seed)
    out = []
    for _ in range(samples):
        s = reseeded(state, rng.getrandbits(63))
        s.apply(action)
        out.append(s.active[seat])
    return out


def draw_fit(state: State, action: str, samples: int = 2000, seed: int = 0,
             min_expected: float = 5.0) -> tuple[float, float, int]:
    """A chi-square test that the simulations' draws (``sampled_draws``) follow the exact law
    of the next draw (``next_draw``: the turn ended now, the bag holding 7 cubes or more, so
    nothing of the turn's end reaches the law): the multisets expected ``min_expected`` times
    or more each a class, the others pooled in one. (statistic, p-value, degrees of freedom)
    by ``scipy.stats.chisquare``; a small p says the sampler does not follow the bag's odds."""
    from scipy import stats

    if sum(state.bag[state.mover]) < config_for(2).draw:
        raise ValueError("draw_fit needs a bag of at least 7 cubes (the law of the next draw "
                         "is then the bag's alone)")
    law = next_draw(state)
    seen: dict[Counts, int] = {}
    for drawn in sampled_draws(state, action, samples, seed):
        seen[drawn] = seen.get(drawn, 0) + 1
    big = [k for k, p in law.items() if p * samples >= min_expected]
    observed = [seen.get(k, 0) for k in big]
    expected = [float(law[k]) * samples for k in big]
    rest = samples - sum(observed)
    rest_expected = samples - sum(expected)
    if rest_expected > 1e-9:
        observed.append(rest)
        expected.append(rest_expected)
    elif rest:
        return math.inf, 0.0, len(observed) - 1  # a draw the exact law says cannot happen
    result = stats.chisquare(observed, expected)
    return float(result.statistic), float(result.pvalue), len(observed) - 1


def cube_values() -> tuple[int, ...]:
    """Each cube kind's money value from the component data (RA1: synthetic)."""
    return tuple(c.value for c in config_for(2).cubes)


def _counts(counts: Sequence[int]) -> Counts:
    out = tuple(counts) + (0,) * (len(CUBES) - len(counts))
    if len(out) != len(CUBES) or any(k < 0 for k in out):
        raise ValueError(f"counts are {len(CUBES)} numbers >= 0, one per cube kind, not "
                         f"{tuple(counts)}")
    return out


__all__ = ["Counts", "CrewChief", "Distribution", "at_least", "crew_chief_distribution",
           "crew_chief_draws", "cube_values", "draw_distribution", "hypergeometric", "money",
           "money_distribution", "next_draw", "probability", "draw_fit", "sampled_draws"]
