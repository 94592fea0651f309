"""Car pricing: the best car, price and sales extras at a company's market step (CP-SAT).

Built on kwcore's sales rules (RULINGS K13-K21).
Given a position at a company's market step, it decides which car to place (body, engine,
workers and salesman, price marker, Winton/Christie marker) or none, which of the company's
investment tokens go on which of its cars and in which order their investors join the track,
where a Packard marker goes, and (for Buick's owner) which extra buyer to place, so as to
maximise the company's sales reputation in the coming scoring phase.

The assumption about the rest of the round: no further cars, buyers or investors reach the
market before scoring (rival cars can be added to the position first to model given rival
placements). Kettering swaps are not considered.

The model (STYLE 15) follows the exact sales process: buyers in order (active spaces, Buick's
buyer, investors in track order), each taking the best available car it accepts by its key
(value, then lowest price; price buyers the lowest price), an investment token letting a sold car
stay (K15), price buyers paying double or triple with Brayton, Packard bonuses to the seller.
``brute_force`` enumerates every configuration and scores it with kwcore itself; tests check the
two agree.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Any

from kwcore import rules
from kwcore.config import BODY, CAR_TECH, ENGINE, PREFERENCES, PRICE, SERVICE
from kwcore.state import State

NONE = -1
_KEY_SCALE = 100  # value dominates price in a buyer's key: prices stay below 100


class PricingError(ValueError):
    """The position is not one the pricing solver can answer."""


@dataclass(frozen=True)
class MarketCar:
    """A car already on the market, with its values including technology markers."""

    slot: int
    owner: int
    body: int
    engine: int
    service: int
    price: int
    invested: bool


@dataclass(frozen=True)
class PricingInstance:
    """Everything the sales process depends on, taken from a kwcore position."""

    company: int
    brayton: bool
    can_build: bool
    bodies: tuple[int, ...]
    engines: tuple[int, ...]
    canteen: int
    salesman: bool
    prices: tuple[int, ...]
    tech: tuple[int, ...]  # CAR_TECH indices the car may take
    cars: tuple[MarketCar, ...]
    free_slot: int  # market slot the new car takes, -1 when the market is full
    active: tuple[tuple[int, int], ...]  # (preference, Packard bonus) per occupied space
    active_spaces: tuple[int, ...]  # the space index of each entry of ``active``
    packard_options: tuple[tuple[int, int], ...]  # (bonus, index into active) we may place
    buick_existing: int  # preference of a Buick buyer already placed, -1 none
    buick_options: tuple[int, ...]  # preferences we may place as Buick's owner
    track: tuple[int, ...]  # investors already on the track
    investors: tuple[int, ...]  # our investors with a token
    track_room: int
    accepts: dict[tuple[int, int], bool] = field(repr=False)  # (investor, slot) for market cars
    owner_facts: dict[str, Any] = field(repr=False)
    wins_by_building: int = 0  # achievements placing the car wins at once (TwoCars)
    wins_by_buick: dict[int, int] = field(default_factory=dict)  # per Buick preference
    salesman_service: int = 3


@dataclass(frozen=True)
class PricingConfig:
    """Solver settings; the default is the reproducible teaching preset."""

    time_limit: float = 10.0
    workers: int = 1
    seed: int = 0


@dataclass(frozen=True)
class CarChoice:
    """The car to place."""

    body: int
    engine: int
    workers: int
    salesman: bool
    price: int
    tech: int  # CAR_TECH index or -1


@dataclass(frozen=True)
class PricingPlan:
    """A plan, its value, and what the solver proved about it."""

    car: CarChoice | None
    investments: tuple[tuple[int, int], ...]  # (investor, market slot) in track order
    packard: tuple[int, int] | None  # (bonus, active space index)
    buick: int  # preference, -1 none
    value: int
    bound: int
    status: str
    actions: tuple[str, ...] = ()

    @property
    def proven(self) -> bool:
        """True when the value is proven optimal."""
        return self.status == "OPTIMAL"


# --- the instance ---------------------------------------------------------------------------------
def instance_from_state(state: State) -> PricingInstance:
    """The pricing instance of the company whose market step is pending."""
    if state.is_terminal():
        raise PricingError("the game is over")
    if state.decision() not in ("market", "after_market"):
        raise PricingError(f"pricing needs a position at a company's market step, not at "
                           f"'{state.decision()}'")
    p = state.current_player
    c = state.companies[p]
    building = state.decision() == "market" and rules.can_place_car(state, p)
    sv = state.cfg.salesman_service
    cars = tuple(
        MarketCar(slot, car.owner, rules.body_value(car), rules.engine_value(car),
                  rules.service_value(car, sv), car.price, car.invested)
        for slot, car in enumerate(state.market) if car is not None)
    active = tuple((b, state.packard[sp]) for sp, b in enumerate(state.active) if b >= 0)
    spaces = tuple(sp for sp, b in enumerate(state.active) if b >= 0)
    packard: tuple[tuple[int, int], ...] = ()
    if not state.tech_used:
        packard = tuple((bonus, k) for bonus in (2, 4) if f"buyer+{bonus}" in c.tech
                        for k, (_, pk) in enumerate(active) if not pk)
    buick_options: tuple[int, ...] = ()
    if "buyer5" in c.tech and state.buick < 0:
        buick_options = tuple(q for q, n in enumerate(state.stacks) if n > 0)
    length = state.cfg.circuit_length
    facts = {
        "laps": [rules.laps_of(length, o.progress) for o in state.companies],
        "achievements": [sum(1 for a in state.achievements if a == q)
                         for q in range(state.players)],
        "engineer_tokens": [o.engineer_tokens for o in state.companies],
    }
    accepts = {(i, car.slot): _accepts(state, facts, i, car) for i in
               set(state.investor_track) | set(c.investors) for car in cars}
    return PricingInstance(
        company=p,
        brayton=rules.has_engineer(state, p, "Brayton"),
        can_build=building,
        bodies=tuple(sorted({v for k, v in c.workshops if k == BODY})) if building else (),
        engines=tuple(sorted({v for k, v in c.workshops if k == ENGINE})) if building else (),
        canteen=c.canteen if building else 0,
        salesman=building and c.salesman == "canteen",
        prices=tuple(state.chart) if building else (),
        tech=tuple(i for i, n in enumerate(CAR_TECH) if n in c.tech)
        if building and not state.tech_used else (),
        cars=cars,
        free_slot=state.market.index(None) if None in state.market else -1,
        active=active,
        active_spaces=spaces,
        packard_options=packard,
        buick_existing=state.buick,
        buick_options=buick_options,
        track=tuple(state.investor_track),
        investors=tuple(c.investors),
        track_room=state.cfg.investor_spaces - len(state.investor_track),
        accepts=accepts,
        owner_facts=facts,
        wins_by_building=int(building) * _open_wins(state, "cars_placed", c.cars_placed + 1),
        wins_by_buick={q: _open_wins(state, "second_buyer", 1 + sum(
            1 for b, _ in active if b == q) + (1 if state.buick == q else 0))
            for q in buick_options},
        salesman_service=sv,
    )


def _open_wins(state: State, kind: str, value: int) -> int:
    """How many open achievements of ``kind`` a count of ``value`` would win (RULINGS K23)."""
    return sum(1 for a, o in zip(state.cfg.achievements, state.achievements, strict=True)
               if o < 0 and a.kind == kind and value >= a.threshold)


def _accepts(state: State, facts: dict[str, Any], investor: int, car: MarketCar) -> bool:
    return _condition(state.cfg.recruit[investor].condition, facts, car.owner, car.body,
                      car.engine, car.service)


def _condition(cond: tuple[str, int] | None, facts: dict[str, Any], owner: int, body: int,
               engine: int, service: int) -> bool:
    """An investor's buying condition (seed JP: Investors; RULINGS K16, K17)."""
    if cond is None:
        return True
    what, n = cond
    if what in facts:
        return bool(facts[what][owner] >= n)
    return {"body": body, "engine": engine, "service": service}[what] >= n


# --- the CP-SAT model -----------------------------------------------------------------------------
def solve(state: State, config: PricingConfig | None = None) -> PricingPlan:
    """The best pricing plan for the company at its market step, proven when status OPTIMAL."""
    return _solve(state, config, None)


def _solve(state: State, config: PricingConfig | None, price: int | None) -> PricingPlan:
    """Build the model (variables, constraints, objective), solve, check the status."""
    from ortools.sat.python import cp_model

    config = config or PricingConfig()
    inst = instance_from_state(state)
    if price is not None and price not in inst.prices:
        raise PricingError(f"price {price} is not on the chart ({inst.prices})")
    model = cp_model.CpModel()
    v = _Vars(model, inst, state)
    v.constrain()
    if price is not None:
        model.add(v.price[price] == 1)
    model.maximize(v.objective)
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = config.time_limit
    solver.parameters.num_workers = config.workers
    solver.parameters.random_seed = config.seed
    status = solver.solve(model)
    name = solver.status_name(status)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        what = f"no car can be placed at price {price}" if price is not None else "no plan"
        raise PricingError(f"CP-SAT found {what} ({name})")
    return _with_actions(state, v.plan(solver, name))


class _Vars:
    """The variables of one pricing model, then its constraints, in a fixed order."""

    def __init__(self, model: Any, inst: PricingInstance, state: State) -> None:
        self.m = model
        self.inst = inst
        self.state = state
        m = model
        # The new car: build, one-hot body/engine/price/tech, workers and salesman.
        self.build = m.new_bool_var("build") if inst.can_build else m.new_constant(0)
        self.body = {b: m.new_bool_var(f"body{b}") for b in inst.bodies}
        self.engine = {e: m.new_bool_var(f"engine{e}") for e in inst.engines}
        self.price = {p: m.new_bool_var(f"price{p}") for p in inst.prices}
        self.tech = {t: m.new_bool_var(f"tech{t}") for t in inst.tech}
        self.workers = m.new_int_var(0, inst.canteen, "workers")
        self.salesman = m.new_bool_var("salesman") if inst.salesman else m.new_constant(0)
        # Sales extras.
        self.packard = {o: m.new_bool_var(f"packard{o}") for o in inst.packard_options}
        self.buick = {q: m.new_bool_var(f"buick{q}") for q in inst.buick_options}
        own_free = [car.slot for car in inst.cars if car.owner == inst.company
                    and not car.invested]
        if inst.can_build:
            own_free.append(inst.free_slot)
        self.token_targets = own_free
        n_new = min(len(inst.investors), inst.track_room)
        self.positions = range(n_new)
        # use[i][q][slot]: investor i joins the track at new position q, its token on slot.
        self.use = {
            (i, q, s): m.new_bool_var(f"use{i}_{q}_{s}")
            for i in inst.investors for q in self.positions for s in own_free
        }
        self.slots = [car.slot for car in inst.cars] + ([inst.free_slot] if inst.can_build else [])
        self.objective: Any = 0

    # Linear expressions of the new car.
    def body_value(self) -> Any:
        bonus = sum(int(CAR_TECH[t][-1]) * x for t, x in self.tech.items() if t < 2)
        return sum(b * x for b, x in self.body.items()) + bonus

    def engine_value(self) -> Any:
        bonus = sum(int(CAR_TECH[t][-1]) * x for t, x in self.tech.items() if t >= 2)
        return sum(e * x for e, x in self.engine.items()) + bonus

    def service_value(self) -> Any:
        return self.workers + self.inst.salesman_service * self.salesman

    def price_value(self) -> Any:
        return sum(p * x for p, x in self.price.items())

    def car_key(self, slot: int, pref: int) -> Any:
        """A buyer's key of a car: higher is preferred (RULINGS K14)."""
        inst = self.inst
        if slot == inst.free_slot and inst.can_build:
            values = {BODY: self.body_value(), ENGINE: self.engine_value(),
                      SERVICE: self.service_value()}
            price = self.price_value()
        else:
            car = next(c for c in inst.cars if c.slot == slot)
            values = {BODY: car.body, ENGINE: car.engine, SERVICE: car.service}
            price = car.price
        if pref == PRICE:
            return -price
        return _KEY_SCALE * values[pref] - price

    def constrain(self) -> None:
        m, inst = self.m, self.inst
        b = self.build
        for group in (self.body, self.engine, self.price):
            m.add(sum(group.values()) == b)
        m.add(sum(self.tech.values()) <= b)
        m.add(self.service_value() >= 1).only_enforce_if(b)
        m.add(self.workers == 0).only_enforce_if(b.Not())
        if inst.salesman:
            m.add_implication(self.salesman, b)
        # One technology marker per step (RULINGS K5): car marker or Packard marker.
        m.add(sum(self.tech.values()) + sum(self.packard.values()) <= 1)
        for k in range(len(inst.active)):
            m.add(sum(x for (bonus, kk), x in self.packard.items() if kk == k) <= 1)
        m.add(sum(self.buick.values()) <= 1)
        # Investors: each at most once, each new track position at most once and filled in
        # order, each car at most one token (RULINGS K16).
        for i in inst.investors:
            m.add(sum(x for (ii, _, _), x in self.use.items() if ii == i) <= 1)
        filled = []
        for q in self.positions:
            f = m.new_bool_var(f"filled{q}")
            m.add(sum(x for (_, qq, _), x in self.use.items() if qq == q) == f)
            filled.append(f)
        for a, c in itertools.pairwise(filled):
            m.add_implication(c, a)
        for s in self.token_targets:
            m.add(sum(x for (_, _, ss), x in self.use.items() if ss == s) <= 1)
        if inst.can_build:
            for (_, _, s), x in self.use.items():
                if s == inst.free_slot:
                    m.add_implication(x, b)
        self._sales(filled)

    def _sales(self, filled: list[Any]) -> None:
        """The buyers in order, each taking its best acceptable car (RULINGS K14, K15)."""
        m, inst = self.m, self.inst
        slots = self.slots
        avail = {s: (self.build if s == inst.free_slot and inst.can_build else m.new_constant(1))
                 for s in slots}
        tok = {}
        for s in slots:
            existing = next((c.invested for c in inst.cars if c.slot == s), False)
            if existing:
                tok[s] = m.new_constant(1)
            else:
                t = m.new_bool_var(f"tok0_{s}")
                m.add(sum(x for (_, _, ss), x in self.use.items() if ss == s) == t)
                tok[s] = t
        buyers = self._buyers(filled)
        for k, (exists, prefs, accept, mult, bonus) in enumerate(buyers):
            x = {s: m.new_bool_var(f"x{k}_{s}") for s in slots}
            elig = {s: accept(s) for s in slots}
            m.add(sum(x.values()) <= 1)
            for s in slots:
                m.add_implication(x[s], avail[s])
                m.add_implication(x[s], elig[s])
                m.add_implication(x[s], exists)
            for s in slots:
                # Someone available and acceptable: the buyer takes a car ...
                m.add(sum(x.values()) >= 1).only_enforce_if([avail[s], elig[s], exists])
                # ... and the one it takes is the best by its key.
                for s2 in slots:
                    if s2 == s:
                        continue
                    for pref, chosen in prefs:
                        m.add(self.car_key(s, pref) >= self.car_key(s2, pref)).only_enforce_if(
                            [x[s], avail[s2], elig[s2], chosen])
            self._score(k, x, prefs, mult, bonus)
            new_avail, new_tok = {}, {}
            for s in slots:
                a2 = m.new_bool_var(f"a{k + 1}_{s}")
                t2 = m.new_bool_var(f"t{k + 1}_{s}")
                # The token leaves on a sale; without one the car leaves (RULINGS K15).
                m.add_bool_and([tok[s], x[s].Not()]).only_enforce_if(t2)
                m.add_bool_or([tok[s].Not(), x[s]]).only_enforce_if(t2.Not())
                m.add_bool_and([avail[s]]).only_enforce_if(a2)
                m.add_bool_or([x[s].Not(), tok[s]]).only_enforce_if(a2)
                m.add_bool_or([avail[s].Not(), x[s]]).only_enforce_if(a2.Not())
                m.add_bool_or([avail[s].Not(), tok[s].Not()]).only_enforce_if(
                    [a2.Not(), x[s]])
                new_avail[s], new_tok[s] = a2, t2
            avail, tok = new_avail, new_tok

    def _buyers(self, filled: list[Any]) -> list[tuple[Any, ...]]:
        """(exists, [(pref, chosen)], accept(slot), mult(pref), bonus) per buyer in order."""
        m, inst = self.m, self.inst
        one = m.new_constant(1)
        out: list[tuple[Any, ...]] = []
        for k, (pref, bonus) in enumerate(inst.active):
            extra = [(b, x) for (b, kk), x in self.packard.items() if kk == k]
            out.append((one, [(pref, one)], lambda s: one, pref, (bonus, extra)))
        if inst.buick_existing >= 0:
            out.append((one, [(inst.buick_existing, one)], lambda s: one, inst.buick_existing,
                        (0, [])))
        elif self.buick:
            exists = m.new_bool_var("buick_exists")
            m.add(sum(self.buick.values()) == exists)
            out.append((exists, list(self.buick.items()), lambda s: one, -2, (0, [])))
        for i in inst.track:
            out.append((one, [(PRICE, one)], self._accept_fn(i), -1, (0, [])))
        for q in self.positions:
            uses = {i: [x for (ii, qq, _), x in self.use.items() if ii == i and qq == q]
                    for i in inst.investors}
            chosen = {}
            for i, xs in uses.items():
                ci = m.new_bool_var(f"inv{q}_{i}")
                m.add(sum(xs) == ci)
                chosen[i] = ci
            out.append((filled[q], [(PRICE, one)], self._accept_any(chosen), -1, (0, [])))
        return out

    def _accept_fn(self, investor: int) -> Any:
        m, inst = self.m, self.inst
        cond = self.state.cfg.recruit[investor].condition

        def accept(slot: int) -> Any:
            if slot == inst.free_slot and inst.can_build:
                return self._new_car_accepts(investor)
            owner = next(c.owner for c in inst.cars if c.slot == slot)
            if cond is not None and cond[0] == "achievements" and owner == inst.company:
                return self._achievements_at_least(cond[1])
            return m.new_constant(int(inst.accepts[investor, slot]))
        return accept

    def _achievements_at_least(self, n: int) -> Any:
        """Our achievement count once the plan is carried out: placing a second car may win
        TwoCars, Buick's buyer may win SecondBuyer, both before the sales (RULINGS K23)."""
        m, inst = self.m, self.inst
        count = inst.owner_facts["achievements"][inst.company] + inst.wins_by_building * self.build
        count += sum(inst.wins_by_buick.get(q, 0) * x for q, x in self.buick.items())
        ok = m.new_bool_var(f"achievements{n}")
        m.add(count >= n).only_enforce_if(ok)
        m.add(count <= n - 1).only_enforce_if(ok.Not())
        return ok

    def _accept_any(self, chosen: dict[int, Any]) -> Any:
        m = self.m

        def accept(slot: int) -> Any:
            ok = m.new_bool_var(f"acc_{slot}")
            terms = []
            for i, ci in chosen.items():
                a = self._accept_fn(i)(slot)
                both = m.new_bool_var("")
                m.add_bool_and([ci, a]).only_enforce_if(both)
                m.add_bool_or([ci.Not(), a.Not()]).only_enforce_if(both.Not())
                terms.append(both)
            m.add_max_equality(ok, terms) if terms else m.add(ok == 0)
            return ok
        return accept

    def _new_car_accepts(self, investor: int) -> Any:
        m, inst = self.m, self.inst
        cond = self.state.cfg.recruit[investor].condition
        if cond is None:
            return m.new_constant(1)
        what, n = cond
        if what == "achievements":
            return self._achievements_at_least(n)
        if what in inst.owner_facts:
            return m.new_constant(int(inst.owner_facts[what][inst.company] >= n))
        value = {"body": self.body_value(), "engine": self.engine_value(),
                 "service": self.service_value()}[what]
        ok = m.new_bool_var(f"cond{investor}")
        m.add(value >= n).only_enforce_if(ok)
        m.add(value <= n - 1).only_enforce_if(ok.Not())
        return ok

    def _score(self, k: int, x: dict[int, Any], prefs: list[tuple[int, Any]], mult: int,
               bonus: tuple[int, list[tuple[int, Any]]]) -> None:
        """Our points from buyer k: price x multiplier, plus Packard bonuses (K14)."""
        m, inst = self.m, self.inst
        mult_price = 3 if inst.brayton else 2
        fixed_bonus, extra = bonus
        for s in self.slots:
            if s == inst.free_slot and inst.can_build:
                owner = inst.company
            else:
                owner = next(c.owner for c in inst.cars if c.slot == s)
            if owner != inst.company:
                continue
            # Multiplier of this buyer for our car.
            if mult == -2:  # Buick's chosen buyer: double only when it prefers price
                factors = [(mult_price if q == PRICE else 1, chosen) for q, chosen in prefs]
            else:
                f = mult_price if mult == PRICE else 1
                factors = [(f, m.new_constant(1))]
            for factor, chosen in factors:
                sale = m.new_bool_var(f"sale{k}_{s}")
                m.add_bool_and([x[s], chosen]).only_enforce_if(sale)
                m.add_bool_or([x[s].Not(), chosen.Not()]).only_enforce_if(sale.Not())
                if s == inst.free_slot and inst.can_build:
                    for p, y in self.price.items():
                        z = m.new_bool_var("")
                        m.add_bool_and([sale, y]).only_enforce_if(z)
                        m.add_bool_or([sale.Not(), y.Not()]).only_enforce_if(z.Not())
                        self.objective += p * factor * z
                else:
                    price = next(c.price for c in inst.cars if c.slot == s)
                    self.objective += price * factor * sale
            if fixed_bonus:
                self.objective += fixed_bonus * x[s]
            for b, pk in extra:
                w = m.new_bool_var("")
                m.add_bool_and([x[s], pk]).only_enforce_if(w)
                m.add_bool_or([x[s].Not(), pk.Not()]).only_enforce_if(w.Not())
                self.objective += b * w

    def plan(self, solver: Any, status: str) -> PricingPlan:
        inst = self.inst
        car = None
        if inst.can_build and solver.boolean_value(self.build):
            pick = lambda group: next(k for k, x in group.items()  # noqa: E731
                                      if solver.boolean_value(x))
            tech = next((t for t, x in self.tech.items() if solver.boolean_value(x)), -1)
            car = CarChoice(pick(self.body), pick(self.engine), solver.value(self.workers),
                            bool(solver.value(self.salesman)), pick(self.price), tech)
        investments = sorted(((q, i, s) for (i, q, s), x in self.use.items()
                              if solver.boolean_value(x)))
        packard = next((o for o, x in self.packard.items() if solver.boolean_value(x)), None)
        buick = next((q for q, x in self.buick.items() if solver.boolean_value(x)), NONE)
        return PricingPlan(
            car=car,
            investments=tuple((i, s) for _, i, s in investments),
            packard=(packard[0], inst.active_spaces[packard[1]]) if packard else None,
            buick=buick,
            value=round(solver.objective_value),
            bound=round(solver.best_objective_bound),
            status=status,
        )


# --- plans as kwcore actions, and scoring with kwcore ---------------------------------------
def _intended_actions(state: State, plan: PricingPlan) -> list[str]:
    """The Packard marker first, then the car part by part, then the investment tokens in the
    planned track order (after the car, so that a token can go on the new car)."""
    rec = state.cfg.recruit
    actions: list[str] = []
    if plan.packard is not None:
        actions.append(f"packard +{plan.packard[0]} at buyer {plan.packard[1] + 1}")
    if plan.car is not None:
        car = plan.car
        service = f"{car.workers} with salesman" if car.salesman else str(car.workers)
        actions += [f"car body {car.body}", f"car engine {car.engine}",
                    f"car workers {service}", f"car price {car.price}",
                    "car tech none" if car.tech < 0 else f"car tech {CAR_TECH[car.tech]}"]
    actions += [f"invest {rec[i].name} in car {slot + 1}" for i, slot in plan.investments]
    return actions


def play_plan(state: State, plan: PricingPlan, checked: bool = True) -> tuple[State, list[str]]:
    """Carry out ``plan`` on a copy of ``state``; returns the copy and the decisions taken.

    kwcore takes a decision with a single legal option by itself, so a planned part that is
    no longer asked for (e.g. ``car tech none`` with no marker to choose) is skipped.
    """
    s = state.clone(history=False)
    taken: list[str] = []
    for text in _intended_actions(state, plan):
        aid = s.resolve(text)
        if aid not in s.legal:
            continue
        if checked:
            s.apply(aid)
        else:
            s.apply_unchecked(aid)
        taken.append(text)
    _check_carried_out(state, s, plan)
    return s, taken


def _check_carried_out(before: State, after: State, plan: PricingPlan) -> None:
    """Raise PricingError unless ``after`` shows every part of ``plan`` (nothing skipped).

    When the plan ended the action phase, kwcore has already scored the round and cleared the
    market: then the log must show the car, the tokens and the marker placed.
    """
    problems = []
    if after.round != before.round or after.is_terminal():
        new = after.events[len(before.events):]
        p = before.current_player
        counts = {k: sum(1 for e in new if e.kind == k and getattr(e, "company", -1) == p)
                  for k in ("car", "invest", "packard")}
        if counts["car"] != (plan.car is not None):
            problems.append("the car")
        if counts["invest"] != len(plan.investments):
            problems.append("the investment tokens")
        if counts["packard"] != (plan.packard is not None):
            problems.append("the Packard marker")
    elif plan.car is not None:
        slot = before.market.index(None) if None in before.market else -1
        car = after.market[slot] if slot >= 0 else None
        want = plan.car
        if car is None or (car.body, car.engine, car.workers, car.salesman, car.price,
                           car.tech) != (want.body, want.engine, want.workers, want.salesman,
                                         want.price, want.tech):
            problems.append("the car")
    if after.round == before.round and not after.is_terminal():
        n = len(before.investor_track)
        if after.investor_track[n:] != tuple(i for i, _ in plan.investments):
            problems.append("the investment tokens")
        if plan.packard is not None and after.packard[plan.packard[1]] != plan.packard[0]:
            problems.append("the Packard marker")
    if problems:
        raise PricingError(f"kwcore did not accept the plan: {', '.join(problems)}")


def plan_actions(state: State, plan: PricingPlan) -> list[str]:
    """The kwcore actions (text) that carry out ``plan`` at the market step."""
    return play_plan(state, plan, checked=False)[1]


def _with_actions(state: State, plan: PricingPlan) -> PricingPlan:
    return PricingPlan(plan.car, plan.investments, plan.packard, plan.buick, plan.value,
                       plan.bound, plan.status, tuple(plan_actions(state, plan)))


def sales_value(state: State, plan: PricingPlan, checked: bool = True) -> int:
    """Play ``plan`` through kwcore, then score the round, and return the company's sales
    reputation: the check every solver answer must pass (STYLE 16).

    With ``checked`` every action goes through kwcore's legality check. Nothing else happens
    before scoring (the solver's assumption): if the turn is not over, scoring is run at once.
    """
    p = state.current_player
    before = state.companies[p].score_parts[rules.SALES]
    s, _ = play_plan(state, plan, checked)
    if s.decision() == "buick" and s.current_player == p:
        s.apply(f"buick {PREFERENCES[plan.buick]}" if plan.buick >= 0 else "buick none")
    if s.round == state.round and not s.is_terminal():
        if plan.buick >= 0:
            rules._apply_buick_choice(s, p, plan.buick)
        rules.score_grand_prix(s)  # sets the laps investors look at (RULINGS K16)
        rules.score_sales(s)
    return s.companies[p].score_parts[rules.SALES] - before


# --- brute force ----------------------------------------------------------------------------------
def all_plans(state: State) -> list[PricingPlan]:
    """Every configuration the model ranges over (for the oracle and the price curve)."""
    inst = instance_from_state(state)
    cars: list[CarChoice | None] = [None]
    if inst.can_build:
        for body, engine, price in itertools.product(inst.bodies, inst.engines, inst.prices):
            for salesman in ((False, True) if inst.salesman else (False,)):
                for workers in range(inst.canteen + 1):
                    if workers + (inst.salesman_service if salesman else 0) < 1:
                        continue
                    for tech in (-1, *inst.tech):
                        cars.append(CarChoice(body, engine, workers, salesman, price, tech))
    packards: list[tuple[int, int] | None] = [None]
    packards += [(b, inst.active_spaces[k]) for b, k in inst.packard_options]
    buicks = [NONE, *inst.buick_options]
    plans = []
    for car in cars:
        targets = [c.slot for c in inst.cars if c.owner == inst.company and not c.invested]
        if car is not None:
            targets.append(inst.free_slot)
        for invest in _investment_options(inst.investors, targets, inst.track_room):
            for packard in packards:
                if packard is not None and car is not None and car.tech >= 0:
                    continue  # one technology marker per step (RULINGS K5)
                for buick in buicks:
                    plans.append(PricingPlan(car, invest, packard, buick, 0, 0, "ENUMERATED"))
    return plans


def _investment_options(investors: tuple[int, ...], targets: list[int],
                        room: int) -> list[tuple[tuple[int, int], ...]]:
    out: list[tuple[tuple[int, int], ...]] = [()]
    for n in range(1, min(len(investors), len(targets), room) + 1):
        for chosen in itertools.permutations(investors, n):
            for cars in itertools.permutations(targets, n):
                out.append(tuple(zip(chosen, cars, strict=True)))
    return out


def brute_force(state: State) -> PricingPlan:
    """The best plan by enumerating every configuration and scoring each with kwcore."""
    best: PricingPlan | None = None
    for plan in all_plans(state):
        value = sales_value(state, plan, checked=False)
        if best is None or value > best.value:
            best = PricingPlan(plan.car, plan.investments, plan.packard, plan.buick, value,
                               value, "OPTIMAL")
    assert best is not None
    return _with_actions(state, best)


def price_curve(state: State, config: PricingConfig | None = None) -> dict[int, int]:
    """For each price marker on the chart: the best sales reputation with a car at that price."""
    inst = instance_from_state(state)
    if not inst.can_build:
        raise PricingError("the company cannot place a car now")
    curve = {}
    for price in inst.prices:
        curve[price] = solve_with_price(state, price, config).value
    return curve


def solve_with_price(state: State, price: int, config: PricingConfig | None = None
                     ) -> PricingPlan:
    """The best plan that places a car at ``price``."""
    return _solve(state, config, price)


__all__ = [
    "CarChoice", "MarketCar", "PricingConfig", "PricingError", "PricingInstance", "PricingPlan",
    "all_plans", "brute_force", "instance_from_state", "plan_actions", "price_curve",
    "sales_value", "solve", "solve_with_price", "PREFERENCES",
]
