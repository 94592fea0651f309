"""Formel 1's hints: the greedy bot's choice with its reason (the default), and the race search.

``greedy_hint`` is what the play widget's hint button asks for a Formel 1 game unless the
notebook passes another function (``PlayWidget(hint=...)``): the greedy bot's choice with its
reason, said to be a heuristic. ``view_hint`` is the ``view`` bot's answer from the player's
own view at every decision, race and auction, with its ranking and intervals in plain words;
``11_formel1_play`` passes it. ``search_hint`` is the race search of ``solvers/formel1`` from
the mover's observation once few cards are left (an estimate with its interval, or proven when
every hand is known), the greedy heuristic otherwise.
"""

from __future__ import annotations

from typing import Any

import formel1
from formel1 import State
from formel1.actions import Pass
from formel1.bots import TRADES as BOT_TRADES
from formel1.bots import GreedyBot, car_value, evaluate
from kwwidgets.formel1.view import said_label
from kwwidgets.views import Hint
from solvers.formel1 import race
from solvers.formel1.positions import cards_left

COLOURS = formel1.config_for(2).colours
#: The bargains of the no-car variant, which the greedy bot never makes.
TRADES = BOT_TRADES
#: The greedy fallback's label, the same words wherever it is given.
GREEDY_LABEL = "the greedy bot's choice: no search here"


def _settle(s: State, me: int) -> float:
    """``me``'s own follow-up choices on the same card made greedily, then the greedy bot's
    evaluation (what ``formel1.bots.GreedyBot`` compares)."""
    while s.phase == "race" and s.current_player == me and s.card != -1:
        s = max((s.child(a) for a in s.legal_action_ids()), key=lambda c: evaluate(c, me))
    return evaluate(s, me)


def greedy_hint(state: State) -> Hint:
    """The greedy bot's choice for the player to decide, with its reason; a heuristic, never
    proven. It uses only what that player sees: his own hand and the cars. In the race it says
    how far ahead of the next best choice the suggestion puts his cars; offers and promises
    (the no-car variant) are left out, and the answer to one is the bot's, which never
    trades."""
    me = state.current_player
    aid = GreedyBot(seed=0).choose(state)
    action = formel1.ACTIONS[aid]
    label = said_label(state, action)
    heuristic = ("A heuristic (the greedy bot), not a proof: it does not think about what "
                 "the rivals will play.")
    if state.phase == "auction":
        car = COLOURS[state.offer]
        value = car_value(state, me, state.offer)
        slot = state.revealed.index(state.offer) + 1
        why = (f"it values {car} at about ${value}K (grid slot {slot} plus the steps your hand "
               "gives that colour)")
        if isinstance(action, Pass):
            text = f"Hint: Pass: {why}, less than the lowest bid."
        else:
            text = f"Hint: {label}: the lowest bid, and {why}."
        return Hint(aid, False, f"{text} {heuristic}")
    if state.proposal:
        return Hint(aid, False, f"Hint: {label}, {GREEDY_LABEL}. It never trades, so it weighs no "
                    f"price against what is offered. {heuristic}")
    trades = [a for a in state.legal_action_ids() if isinstance(formel1.ACTIONS[a], TRADES)]
    values = {a: _settle(state.child(a), me) for a in state.legal_action_ids()
              if a not in trades or a == aid}
    others = sorted((v, a) for a, v in values.items() if a != aid)
    text = (f"Hint: {label}: after it your cars are {_rows(values[aid])} your rivals' average "
            "(a finished car counts its prize as rows)")
    if others:
        v, a = others[-1]
        lead = values[aid] - v
        nxt = said_label(state, formel1.ACTIONS[a])
        text += (f"; the next best choice, {nxt}, is as good" if lead < 0.05 else
                 f"; this choice is {lead:.1f} rows ahead of the next best choice, {nxt}")
    if trades:
        text += "; offers and promises are left out (the greedy bot never trades)"
    return Hint(aid, False, f"{text}. {heuristic}")


#: The search hint searches when at most this many cards are left in the race (every hand and
#: discard pile), with these budgets: a node budget split over the sampled deals, and a time
#: budget that keeps a hint under about 2 s on a loaded two-core machine.
SEARCH_CARDS = 10
SEARCH_SAMPLES = 6
SEARCH_NODES = 30_000
SEARCH_SECONDS = 1.5
_RIVALS = "rivals who each play for their own prize money (max^n)"


def hidden_hands_known(state: State, player: int) -> bool:
    """Whether ``player`` can tell where every card he has not seen lies: the unseen cards
    (``race.unseen_cards``) are all in one hidden place, or all of one kind."""
    pool, places = race.unseen_cards(state, player)
    return len(set(pool)) <= 1 or sum(1 for *_, size in places if size) <= 1


def _search_config(seed: int = 0) -> race.RaceConfig:
    return race.RaceConfig(rivals="maxn", node_budget=SEARCH_NODES, time_budget=SEARCH_SECONDS,
                           samples=SEARCH_SAMPLES, seed=seed, lines=False)


def search_hint(state: State) -> Hint:
    """The race search's suggestion from what the player to decide sees, once at most
    ``SEARCH_CARDS`` cards are left in a race: proven (``race.solve``) when every hand is
    known to him (``hidden_hands_known``), else an estimate over sampled deals of the cards he
    has not seen (``race.estimate``), with its 95% interval. The greedy heuristic
    (``greedy_hint``, said so) in the auction, earlier in the race, when there is nothing to
    choose, or when the search stops on its budget."""
    me = state.current_player
    if state.phase != "race" or me < 0 or len(state.legal_action_ids()) < 2:
        return greedy_hint(state)
    left = cards_left(state)
    if left > SEARCH_CARDS:
        hint = greedy_hint(state)
        return Hint(hint.action_id, False, f"{hint.text} ({left} cards are left in the race: "
                    f"the race search takes over at {SEARCH_CARDS}.)")
    config = _search_config(seed=len(state.events))
    if hidden_hands_known(state, me):
        plan = race.solve(state, config=config)
        if plan.status == "proven":
            return _proven_hint(state, plan)
    else:
        result = race.estimate(state, config=config)
        if not result.bounded_samples:
            return _estimate_hint(state, result)
    hint = greedy_hint(state)
    return Hint(hint.action_id, False, f"{hint.text} (The race search stopped on its budget "
                "here, so this is the greedy bot's choice.)")


def _proven_hint(state: State, plan: race.RacePlan) -> Hint:
    aid = state.resolve(plan.best)
    text = (f"Hint: {said_label(state, formel1.ACTIONS[aid])}: proven best by the race search, "
            f"${plan.value:g}K of prize money for you this race")
    others = [a for a in plan.alternatives if a.action != plan.best]
    if others:
        nxt = others[0]
        label = said_label(state, formel1.ACTIONS[state.resolve(nxt.action)])
        text += f"; the next best, {label}, ${nxt.value:g}K"
    return Hint(aid, True, f"{text}. Proven: every card you have not seen can lie only one way, "
                f"so every hand is known; against {_RIVALS}, and for that model only.")


def _estimate_hint(state: State, result: race.RaceEstimate) -> Hint:
    best = result.decisions[0]
    aid = state.resolve(best.action)
    text = (f"Hint: {said_label(state, formel1.ACTIONS[aid])}: the race search's estimate, about "
            f"${best.mean:.0f}K of prize money for you this race (95% interval {best.low:.0f} "
            f"to {best.high:.0f})")
    if len(result.decisions) > 1:
        nxt = result.decisions[1]
        label = said_label(state, formel1.ACTIONS[state.resolve(nxt.action)])
        text += (f"; the next best, {label}, about ${nxt.mean:.0f}K ({nxt.low:.0f} to "
                 f"{nxt.high:.0f})")
    return Hint(aid, False, f"{text}. An estimate, not a proof: {result.samples} deals of the "
                "cards you cannot see were sampled, each solved with every hand open against "
                f"{_RIVALS}; the interval covers the sampling only.")


def _rows(value: float) -> str:
    """A lead in rows, in words."""
    return f"{abs(value):.1f} rows {'ahead of' if value >= 0 else 'behind'}"


# --- the player's-view hint: the view bot's answer ----------------------------------------------
#: The view hint's CPU seconds: about a second, as the play widget waits for it.
VIEW_SECONDS = 1.0
#: How many ranked decisions the view hint names.
VIEW_SHOWN = 3


def view_hint(state: State, seconds: float = VIEW_SECONDS) -> Hint:
    """The answer of the ``view`` bot (``solvers.formel1.bots.ViewBot``) for the player to
    decide, from what he sees: in the race every decision ranked by expected prize money this
    race, in the auction every bid and pass by expected payoff, each with its 95% interval (or
    proven, when the cards he has not seen can lie only one way and the search went to the
    end); the first ``VIEW_SHOWN`` are named in plain words. Where there is nothing to rank (a
    single option, a bargain of the no-car variant, a log cut short) it is the greedy hint,
    said so. Never raises on a decision of a game."""
    from solvers.formel1.bots import pick, ranking
    from solvers.formel1.view import ViewError

    if state.current_player < 0 or state.is_terminal():
        raise ValueError("nobody decides here: no hint")
    try:
        answer = ranking(state, max(seconds, 1e-6), seed=len(state.events))
    except ViewError as exc:
        hint = greedy_hint(state)
        return Hint(hint.action_id, False, f"{hint.text} (No ranking here: {exc}.)")
    if answer is None:
        return greedy_hint(state)
    return _view_words(state, answer, pick(state, answer))


def _view_words(state: State, answer: Any, chosen: int) -> Hint:
    """A ranking in plain words: the suggestion (``chosen``, the bot's decision) with its
    value and interval, the next ones, then what the numbers are."""
    first = next(d for d in answer.decisions if d.action_id == chosen)
    shown = [first, *(d for d in answer.decisions if d.action_id != chosen)][:VIEW_SHOWN]
    what = ("of prize money for you this race" if answer.phase == "race"
            else "for you: the car's expected prize to you less the price")

    def value(d: Any) -> str:
        if d.proven:
            return _money(d.mean)
        return (f"about {_money(d.mean)} (95% interval {_money(d.low)} to "
                f"{_money(d.high)})")

    text = f"Hint: {said_label(state, formel1.ACTIONS[first.action_id])}: {value(first)} {what}"
    if chosen != answer.best.action_id:
        text += (" (the greedy bot's choice: the best average below is not clearly better on "
                 "the same deals)")
    rest = [f"{said_label(state, formel1.ACTIONS[d.action_id])}, {value(d)}" for d in shown[1:]]
    if rest:
        text += "; next " + "; then ".join(rest)
    if answer.kind == "proven":
        why = ("Proven: the cards you have not seen can lie only one way, and the search went "
               "to the end of the race against rivals who each play for their own prize money.")
    elif answer.phase == "auction":
        why = (f"An estimate, not a proof: {answer.deals} deals of the cards you cannot see "
               "were sampled to guess how high the others will go; the cars' values are a model "
               "measured on practice races.")
    elif answer.deals == 0:
        why = ("An estimate, not a proof: there was time only to judge where each choice "
               "leaves the cars, before any deal of the cards you cannot see was tried.")
    else:
        exact = (f", {answer.exact_deals} of them searched to the end of the race"
                 if answer.exact_deals else ", each played out by the greedy bot")
        why = (f"An estimate, not a proof: {answer.deals} deals of the cards you cannot see "
               f"were tried{exact}; the interval covers the sampling only.")
    return Hint(first.action_id, answer.kind == "proven", f"{text}. {why}")


def _money(thousands: float) -> str:
    """$K in whole thousands, a loss with its minus before the dollar ("-$3K"), never "-$0K"."""
    n = round(thousands)
    return f"-${-n}K" if n < 0 else f"${n}K"
