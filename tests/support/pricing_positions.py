"""Rich random positions for the car-pricing solver (solvers/kraftwagen/pricing.py).

``random_pricing_position(seed, players=..., size=...)`` plays a seeded kwcore game to a company's
``market`` decision (a random round, a random turn of it), then edits plain fields so that the
sales problem is rich, keeping every component conserved and the position legal:

* 0-5 cars already on the market (own and rival; holes between them, as left by cars sold with
  the Sell7/Sell5 benefit), each with a unique price marker taken off the chart, workers taken
  from its owner's 12 (canteen + supply + racing team + on cars == 12), sometimes the salesman,
  a Winton/Christie marker of its owner, an investment token whose investor is on the track;
* 1-4 active buyers (the stacks hold the rest of the 8), Packard markers beside some of them;
* the company to move holding 0-2 investors with tokens (supply + held + invested cars == 6),
  1-3 workshop tiles (bodies and engines), canteen 0-4, sometimes Riker (salesman in the canteen),
  Winton, Christie, Packard, Buick or Brayton (the engineer tile in ``company.engineers``, its
  technology markers in ``company.tech``, in use, or in the box: 9 markers in all);
* laps on the circuit, engineer tokens, achievements owned (every achievement whose condition a
  company meets is owned, as in a real game; points added to reputation).

``size="small"`` keeps the brute-force oracle (``pricing.brute_force``) at most
``SMALL_MAX_PLANS`` configurations (about 0.15 s); ``size="large"`` is the benchmark size: five
cars already on the market and the company holding every component (Packard, Buick, investors,
Winton/Christie markers, the salesman in the canteen). A round has 8 price markers, so with five
cars on the market three remain on the chart (a legal position cannot show 8 there).

Every position round-trips through ``kwcore.from_json(state.to_json())`` (kwcore's consistency
checks); tests/solvers/kraftwagen/test_pricing.py also checks the component counts of
tests/kwcore/test_properties.py.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import kwcore
from kwcore import rules
from kwcore.config import BODY, CAR_TECH, ENGINE, ENGINEERS, INVESTORS, PREFERENCES
from kwcore.state import Car, State

SIZES = ("small", "large")
SMALL_MAX_PLANS = 300  # configurations the oracle scores (~0.5 ms each)
MAX_ATTEMPTS = 50
# Engineers whose tiles matter for sales, and those that do not.
SALES_ENGINEERS = ("Winton", "Christie", "Packard", "Buick", "Brayton", "Riker")
OTHER_ENGINEERS = ("King", "Chevrolet", "Kettering")


def random_pricing_position(seed: int, *, players: int | None = None,
                            size: str = "small") -> State:
    """A legal position at a company's ``market`` decision with a rich sales problem.

    Deterministic in (seed, players, size). ``players`` 2-4 (default: drawn from the seed).
    """
    if size not in SIZES:
        raise ValueError(f"size is one of {SIZES}, not {size!r}")
    rng = random.Random(seed * 2 + (size == "large"))
    if players is None:
        players = rng.choice((2, 3, 4))
    for _ in range(MAX_ATTEMPTS):
        state = _Builder(_market_step(players, rng), rng, size == "large").build()
        if state is not None:
            return state
    raise RuntimeError(f"no pricing position for seed {seed}")  # pragma: no cover


def _market_step(players: int, rng: random.Random) -> State:
    """A seeded random game played to a market decision of a random round."""
    target = rng.choice((1, 2, 3))
    skip = rng.randrange(4)
    while True:
        s = kwcore.new_game(players, rng.randrange(2**31))
        play = random.Random(rng.randrange(2**31))
        while not s.is_terminal():
            if s.decision() == "market" and s.round >= target:
                if skip == 0 or s.round > target:
                    return s
                skip -= 1
            s.apply_unchecked(play.choice(s.legal))


class _Builder:
    """Edits one market position in place; ``build`` returns it, or None to try again."""

    def __init__(self, state: State, rng: random.Random, large: bool) -> None:
        self.s = state
        self.rng = rng
        self.large = large
        self.cfg = state.cfg
        self.p = state.current_player
        self.n = state.players
        self.team_workers = [0] * self.n
        self.budget = [0] * self.n  # workers left for cars
        self.holder: dict[str, int] = {}  # engineer name -> company
        self.salesman_where = "unused"
        self.p_packard: list[int] = []  # active spaces where p's Packard markers lie

    # --- recruit tiles ------------------------------------------------------------------------
    def idx(self, name: str) -> int:
        return self.cfg.recruit_named(name).index

    def take_out(self, index: int) -> None:
        s = self.s
        s.face_up = tuple(tuple(x for x in u if x != index) for u in s.face_up)
        s.unseen = tuple(tuple(x for x in u if x != index) for u in s.unseen)

    def put_back(self, index: int) -> None:
        cat = self.cfg.recruit[index].category
        unseen = list(self.s.unseen)
        unseen[cat] = tuple(sorted(unseen[cat] + (index,)))
        self.s.unseen = tuple(unseen)

    def free_investors(self) -> list[int]:
        s = self.s
        used = set(s.investor_track) | {i for c in s.companies for i in c.investors}
        return [r.index for r in self.cfg.recruit_of(INVESTORS) if r.index not in used]

    # --- the steps ----------------------------------------------------------------------------
    def build(self) -> State | None:
        self.reset()
        self.engineers()
        self.workshops()
        self.workers()
        self.buyers()
        self.cars()
        self.held_investors()
        self.recruit_piles()
        self.markers()
        self.circuit()
        self.tokens()
        self.finish_workers()
        self.achievements()
        s = self.s
        s.legal = tuple(rules.legal(s))
        if not self.large:
            self.shrink()
        if len(s.legal) < 2 or s.decision() != "market":
            return None  # kwcore would have taken a single option by itself
        if self.large and s.market.count(None) > 1:
            return None  # workers ran out before the fifth car
        loaded = kwcore.from_json(s.to_json())  # kwcore's consistency checks
        assert loaded == s, "the position does not round-trip through JSON"
        return loaded

    def reset(self) -> None:
        """An empty market and track, no engineers or investors, no achievements; the log of
        the game played so far is dropped (it no longer describes the edited position)."""
        s, cfg = self.s, self.cfg
        s.events = []
        for e in [e for c in s.companies for e in (*c.engineers, *c.investors)]:
            self.put_back(e)
        for i in s.investor_track:
            self.put_back(i)
        for q, c in enumerate(s.companies):
            self.team_workers[q] = c.team - (1 if c.salesman == "team" else 0)
            c.team = self.team_workers[q]
            c.engineers = ()
            c.investors = ()
            c.tech = ()
            c.salesman = "unused"
            c.engineer_tokens = 0
            c.cars_placed = 0
        for a, owner in enumerate(s.achievements):
            if owner >= 0:
                rules._score(s, owner, -cfg.achievements[a].points, rules.ACHIEVEMENT_POINTS)
        s.achievements = (-1,) * len(cfg.achievements)
        s.market = (None,) * cfg.market_spaces
        s.investor_track = ()
        s.packard = (0,) * cfg.active_spaces
        s.active = (-1,) * cfg.active_spaces
        s.stacks = (cfg.buyers_per_preference,) * len(PREFERENCES)
        s.buick = -1
        s.tech_box = 0
        s.inv_supply = cfg.investment_tokens
        s.eng_supply = cfg.engineer_tokens
        s.chart = cfg.price_markers[s.round - 1]
        s.tech_used = False

    def give_engineer(self, q: int, name: str) -> None:
        c = self.s.companies[q]
        spec = self.cfg.recruit_named(name)
        c.engineers = c.engineers + (spec.index,)
        c.tech = tuple(sorted(c.tech + spec.tech))
        self.take_out(spec.index)
        self.holder[name] = q

    def engineers(self) -> None:
        rng, p = self.rng, self.p
        rivals = [q for q in range(self.n) if q != self.p]
        for name in SALES_ENGINEERS:
            if self.large:
                if name in ("Packard", "Buick", "Riker"):
                    owner = p
                elif name == "Winton":
                    owner = p if rng.random() < 0.7 else rng.choice(rivals)
                elif name == "Christie":
                    owner = p if rng.random() < 0.5 or self.holder["Winton"] != p else \
                        rng.choice(rivals)
                else:
                    owner = p if rng.random() < 0.5 else rng.choice([*rivals, -1])
            else:
                r = rng.random()
                owner = p if r < 0.35 else rng.choice(rivals) if r < 0.6 else -1
            if owner >= 0:
                self.give_engineer(owner, name)
        for name in OTHER_ENGINEERS:  # only 6 of the 9 engineer tiles are in a game
            if rng.random() < 0.25 and len(self.holder) < self.cfg.stack_size:
                self.give_engineer(rng.choice(rivals if name == "Kettering" else range(self.n)),
                                   name)
        # The salesman: Riker's holder has it, every other company's went to the box.
        riker = self.holder.get("Riker", -1)
        if riker >= 0:
            for q, c in enumerate(self.s.companies):
                c.salesman = "box" if q != riker else "canteen"
            if self.large:
                where = "canteen"
            elif riker == p:
                where = rng.choice(("canteen", "canteen", "canteen", "market", "supply"))
            else:
                where = rng.choice(("canteen", "market", "market", "supply", "team"))
            if where == "team" and self.team_workers[riker] >= self.cfg.team_capacity:
                where = "supply"
            self.salesman_where = where

    def workshops(self) -> None:
        rng = self.rng
        c = self.s.companies[self.p]
        n_body, n_engine = rng.choice(((1, 1), (1, 2), (2, 1)))
        if not self.large and rng.random() < 0.06:
            n_body, n_engine = rng.choice(((2, 0), (0, 2), (1, 0)))  # cannot build a car
        hi = self.cfg.tile_max
        tiles = [(BODY, rng.randint(1, hi)) for _ in range(n_body)]
        tiles += [(ENGINE, rng.randint(1, hi)) for _ in range(n_engine)]
        c.workshops = tuple(sorted(tiles))
        # Tiles are built at the research level: raise the tracks (gap at most 2, RULINGS K6).
        b = max([c.body_track] + [v for k, v in tiles if k == BODY])
        e = max([c.engine_track] + [v for k, v in tiles if k == ENGINE])
        gap = self.cfg.research_gap
        b, e = max(b, e - gap), max(e, b - gap)
        c.body_track, c.engine_track = b, e

    def workers(self) -> None:
        rng = self.rng
        for q, c in enumerate(self.s.companies):
            lo = 2 if self.large and q == self.p else 0
            c.canteen = rng.randint(lo, self.cfg.canteen_at_start)
            if self.large and q != self.p:  # room for the workers of five cars
                c.canteen = min(c.canteen, self.cfg.workers_per_company - 4
                                - self.team_workers[q])
            self.budget[q] = (self.cfg.workers_per_company - c.canteen - self.team_workers[q])
            assert self.budget[q] >= 0

    def buyers(self) -> None:
        s, rng, cfg = self.s, self.rng, self.cfg
        spaces = cfg.active_spaces
        n = spaces if self.large else rng.randint(1, spaces)
        stacks = [cfg.buyers_per_preference] * len(PREFERENCES)
        active = []
        for _ in range(n):
            pref = rng.choice([q for q, k in enumerate(stacks) if k > 0])
            stacks[pref] -= 1
            active.append(pref)
        s.active = tuple(active) + (-1,) * (spaces - n)
        s.stacks = tuple(stacks)
        s.whites = tuple(w if k > 0 else () for w, k in zip(s.whites, stacks, strict=True))

    def cars(self) -> None:
        s, rng, cfg, p = self.s, self.rng, self.cfg, self.p
        n_cars = cfg.market_spaces - 1 if self.large else rng.choice((0, 1, 1, 2, 2, 3, 3, 4, 5))
        slots = sorted(rng.sample(range(cfg.market_spaces), n_cars))
        chart = list(s.chart)
        market: list[Car | None] = [None] * cfg.market_spaces
        riker = self.holder.get("Riker", -1)
        salesman_placed = False
        for k, slot in enumerate(slots):
            can_sell = [q for q in range(self.n) if self.budget[q] > 0
                        or (q == riker and self.salesman_where == "market"
                            and not salesman_placed)]
            if self.large and k < 2:
                owner = p  # one or two own cars: tokens and Packard markers have targets
                if k == 1 and rng.random() < 0.5:
                    owner = rng.choice([q for q in range(self.n) if q != p])
            elif self.large:
                owner = rng.choice([q for q in range(self.n) if q != p])
            else:
                owner = p if rng.random() < 0.35 else rng.randrange(self.n)
            if owner not in can_sell:
                if not can_sell:
                    break
                owner = rng.choice(can_sell)
            salesman = (owner == riker and self.salesman_where == "market" and not salesman_placed
                        and (rng.random() < 0.6 or self.budget[owner] == 0))
            salesman_placed |= salesman
            lo = 0 if salesman else 1
            workers = rng.randint(lo, max(lo, min(3, self.budget[owner])))
            self.budget[owner] -= workers
            price = chart.pop(rng.randrange(len(chart)))
            tech = -1
            markers = [i for i, m in enumerate(CAR_TECH) if m in s.companies[owner].tech]
            if markers and rng.random() < 0.45:
                tech = rng.choice(markers)
                c = s.companies[owner]
                c.tech = rules._remove_one(c.tech, CAR_TECH[tech])
            invested = False
            free = self.free_investors()
            last = k == len(slots) - 1
            if free and (rng.random() < (0.45 if self.large else 0.3)
                         or (self.large and last and not s.investor_track)):
                investor = rng.choice(free)
                s.investor_track = s.investor_track + (investor,)
                self.take_out(investor)
                s.inv_supply -= 1
                invested = True
            market[slot] = Car(owner, rng.randint(1, cfg.tile_max), rng.randint(1, cfg.tile_max),
                               workers, salesman, price, tech, invested)
            s.companies[owner].cars_placed += 1
        if self.salesman_where == "market" and not salesman_placed:
            self.salesman_where = "supply"
        if riker >= 0:
            c = s.companies[riker]
            c.salesman = self.salesman_where
            if self.salesman_where == "team":
                c.team += 1
        track = list(s.investor_track)
        rng.shuffle(track)  # the order in which the tokens were placed
        s.investor_track = tuple(track)
        s.market = tuple(market)
        # Markers sold with cars earlier in the round (Sell7/Sell5) leave the chart too.
        if not self.large:
            while len(chart) > 1 and rng.random() < 0.3:
                chart.pop(rng.randrange(len(chart)))
        s.chart = tuple(sorted(chart))

    def held_investors(self) -> None:
        s, rng = self.s, self.rng
        wanted = {self.p: 2 if self.large else rng.choice((0, 1, 1, 2))}
        for q in range(self.n):
            if q != self.p:
                wanted[q] = 1 if rng.random() < 0.2 else 0
        for q, k in wanted.items():
            for _ in range(k):
                free = self.free_investors()
                if not free or s.inv_supply == 0:
                    return
                investor = rng.choice(free)
                c = s.companies[q]
                c.investors = c.investors + (investor,)
                self.take_out(investor)
                s.inv_supply -= 1

    def recruit_piles(self) -> None:
        """Each recruit stack holds 6 of the 9 tiles: the tiles revealed so far (face up,
        recruited, or gone) and the face-down ones add up to 6."""
        s, cfg = self.s, self.cfg
        in_play = [0, 0, 0]
        in_play[ENGINEERS] = sum(len(c.engineers) for c in s.companies)
        in_play[INVESTORS] = (len(s.investor_track)
                              + sum(len(c.investors) for c in s.companies))
        face_up = [list(u) for u in s.face_up]
        left = list(s.stack_left)
        for cat in (ENGINEERS, INVESTORS):
            while face_up[cat] and in_play[cat] + len(face_up[cat]) > cfg.stack_size:
                self.put_back(face_up[cat].pop())  # not yet revealed after all
            room = cfg.stack_size - in_play[cat] - len(face_up[cat])
            # Engineers never leave the game: every revealed one is face up or recruited.
            left[cat] = room if cat == ENGINEERS else min(left[cat], room)
        s.face_up = tuple(tuple(u) for u in face_up)
        s.stack_left = tuple(left)
        assert all(k <= len(u) for k, u in zip(s.stack_left, s.unseen, strict=True))

    def markers(self) -> None:
        """Technology markers still held, in use beside buyers, or already in the box."""
        s, rng = self.s, self.rng
        keep = self.large
        for name in ("Winton", "Christie"):
            q = self.holder.get(name, -1)
            if q < 0 or keep:
                continue
            c = s.companies[q]
            for m in self.cfg.recruit_named(name).tech:
                if m in c.tech and rng.random() < 0.25:
                    c.tech = rules._remove_one(c.tech, m)
                    s.tech_box += 1
        q = self.holder.get("Packard", -1)
        if q >= 0 and not keep:
            c = s.companies[q]
            for m in ("buyer+2", "buyer+4"):
                free = [sp for sp, b in enumerate(s.active) if b >= 0 and not s.packard[sp]]
                r = rng.random()
                if r < 0.3 and free:
                    sp = rng.choice(free)
                    packard = list(s.packard)
                    packard[sp] = int(m[-1])
                    s.packard = tuple(packard)
                    c.tech = rules._remove_one(c.tech, m)
                    if q == self.p:
                        self.p_packard.append(sp)
                elif r < 0.45:
                    c.tech = rules._remove_one(c.tech, m)
                    s.tech_box += 1
        q = self.holder.get("Buick", -1)
        if q >= 0 and not keep and s.round >= 2 and rng.random() < 0.2:
            c = s.companies[q]  # used in an earlier round's scoring phase (RULINGS K21)
            c.tech = rules._remove_one(c.tech, "buyer5")
            s.tech_box += 1
        # A Packard marker placed in this very market step uses up its technology marker.
        if self.p_packard and rng.random() < 0.5:
            s.tech_used = True

    def circuit(self) -> None:
        s, rng, cfg = self.s, self.rng, self.cfg
        length = cfg.circuit_length
        taken = set(cfg.neutral_cars)
        for c in s.companies:
            c.progress = 0
        for c in s.companies:
            if rng.random() < (0.6 if self.large else 0.45):
                for _ in range(20):
                    progress = rng.randint(1, 3 * length)
                    if rules.space_of(length, progress) not in taken:
                        c.progress = progress
                        taken.add(rules.space_of(length, progress))
                        break

    def tokens(self) -> None:
        s, rng = self.s, self.rng
        for c in s.companies:
            c.engineer_tokens = rng.choice((0, 0, 1, 1, 2))
        held = sum(c.engineer_tokens for c in s.companies)
        s.eng_supply = rng.randint(0, self.cfg.engineer_tokens - held)

    def finish_workers(self) -> None:
        s, cfg = self.s, self.cfg
        for q, c in enumerate(s.companies):
            on_cars = sum(car.workers for car in s.market if car and car.owner == q)
            c.supply = cfg.workers_per_company - c.canteen - self.team_workers[q] - on_cars
            assert c.supply >= 0

    def achievements(self) -> None:
        """Some achievements won earlier; then every condition met now is owned (RULINGS K23)."""
        s, rng = self.s, self.rng
        for a in self.cfg.achievements:
            if a.kind == "engineers" or rng.random() >= 0.22:
                continue
            q = rng.randrange(self.n)
            if a.kind == "cars_placed":
                c = s.companies[q]
                c.cars_placed = max(c.cars_placed, a.threshold)
            rules._award(s, q, a.index)
        # Cars placed: at least the cars on the market; sometimes one already sold.
        c = s.companies[self.p]
        c.cars_placed += rng.choice((0, 0, 1))
        order = list(range(self.n))
        rng.shuffle(order)
        for q in order:
            rules.check_achievements(s, q)
        rules._check_second_buyer(s, order[0])

    # --- the oracle's size --------------------------------------------------------------------
    def shrink(self) -> None:
        """Fewer options for the company until the oracle scores at most SMALL_MAX_PLANS."""
        from solvers.kraftwagen import pricing

        s, rng = self.s, self.rng
        c = s.companies[self.p]
        while len(pricing.all_plans(s)) > SMALL_MAX_PLANS:
            moves: list[Callable[[], None]] = []
            if len(s.chart) > 1:
                moves.append(lambda: setattr(s, "chart", rules._remove_one(
                    s.chart, rng.choice(s.chart))))
            if c.canteen > 1 or (c.canteen and c.salesman == "canteen"):
                def fewer_workers() -> None:
                    c.canteen -= 1
                    c.supply += 1
                moves.append(fewer_workers)
            for kind in (BODY, ENGINE):
                tiles = [t for t in c.workshops if t[0] == kind]
                if len(tiles) > 1:
                    def drop_tile(tile: tuple[int, int] = tiles[0]) -> None:
                        c.workshops = rules._remove_one(c.workshops, tile)
                    moves.append(drop_tile)
            boxable = [m for m in c.tech if m != "buyer5" or s.round >= 2]
            if boxable:
                def box(boxable: list[str] = boxable) -> None:
                    c.tech = rules._remove_one(c.tech, rng.choice(boxable))
                    s.tech_box += 1
                moves.append(box)
            if c.investors:
                def return_investor() -> None:
                    i = rng.choice(c.investors)
                    c.investors = rules._remove_one(c.investors, i)
                    self.put_back(i)
                    s.inv_supply += 1
                moves.append(return_investor)
            assert moves, "nothing left to shrink"
            rng.choice(moves)()
            s.legal = tuple(rules.legal(s))


def describe(state: State) -> str:
    """The board and the JSON of a position, for failure messages."""
    return f"{state}\n{state.to_json()}"


__all__ = ["SIZES", "SMALL_MAX_PLANS", "describe", "random_pricing_position"]
