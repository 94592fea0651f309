"""The hint of every game answers at every decision a player can face, in plain words.

Seeded games of all three games are played by the built-in bots (greedy and random seats, every
player count, the racing games' variants); one position is kept per kind of decision met (and
per kind one action away, for the decisions no bot makes: an offer to answer). The game's
default hint, with a small budget so this file stays fast, must suggest a legal action with a
plain-words reason and no rule code. Then the setup decision where the hint used to freeze
(Kraftwagen's start tile), the words of what is proven, and a play widget whose hint raises.
"""

from __future__ import annotations

import dataclasses
import html
import re
from collections.abc import Callable, Sequence
from functools import partial
from typing import Any

import pytest

import automobiles
import formel1
import kwcore
from gamecore.game import find
from kwwidgets import PlayWidget
from kwwidgets.automobiles import hint as au_hint
from kwwidgets.formel1 import hint as f1_hint
from kwwidgets.kraftwagen import hint as kw_hint
from kwwidgets.views import Hint
from solvers.kraftwagen.planner import INF, Horizon, Plan, PlannerConfig, greedy_choice

#: A rule code inside a player's sentence: the racing games' (F1-20, AU-13, RF3, RA7) and
#: Kraftwagen's (RULINGS K5, seed JP).
RULE_CODE = re.compile(r"\b(?:F1|AU)-\d+|\bR[AF]\d+\b|RULINGS|seed (?:JP|FR|FAQ)|\bK\d+\b")
#: The small budgets of these tests (the widget's defaults are larger).
KW_SMALL = dataclasses.replace(kw_hint.HINT_CONFIG, node_budget=1_500, time_budget=0.3)
AU_NODES, AU_SECONDS = 1_500, 0.3
#: Formel 1's variants, each played on its own (F1-04, F1-38 .. F1-41).
F1_VARIANTS = ((), ("white321",), ("no_car",), ("two_laps_discards",), ("two_laps_double_deck",))
#: Automobiles' options: plain, Weaving, a season with drivers and sponsors, random cards.
AU_OPTIONS: tuple[dict[str, Any], ...] = (
    {}, {"weaving": True}, {"drivers": True, "season": 3, "sponsors": True},
    {"cards": "random", "weaving": True, "drivers": True, "house_drivers_single_race": True})


def kind_names(state: Any) -> frozenset[str]:
    """The kinds of the legal actions (``Bid``, ``Pass``, ``Place`` ...)."""
    return frozenset(type(state.ACTIONS.actions[a]).__name__ for a in state.legal_action_ids())


def kraftwagen_kind(state: Any) -> Any:
    """Kraftwagen's decision: the pending frame's name (``choose_start``, ``car_price`` ...)."""
    return state.decision()


def formel1_kind(state: Any) -> Any:
    """Formel 1's decision: the phase, the card's pending decision (move, white number,
    switch) and the kinds of action on offer."""
    return state.phase, state.pending[0] if state.pending else None, kind_names(state)


def automobiles_kind(state: Any) -> Any:
    """Automobiles' decision: the phase and the kinds of action on offer."""
    return state.phase, kind_names(state)


def decisions(game: str, starts: Sequence[Callable[[], Any]],
              kind: Callable[[Any], Any]) -> dict[Any, Any]:
    """One position per kind of decision met in the games ``starts`` make, played to the end
    twice by the game's bots (greedy on the even seats then on the odd ones, random on the
    others), and per kind met one action away from those positions."""
    described = find(game)
    seen: dict[Any, Any] = {}
    for start in starts:
        for first in ("greedy", "random"):
            s = start()
            names = [first if p % 2 == 0 else ({"greedy", "random"} - {first}).pop()
                     for p in range(s.players)]
            bots = [described.make_bot(name, p) for p, name in enumerate(names)]
            while not s.is_terminal():
                p = s.current_player
                if p >= 0:
                    seen.setdefault(kind(s), s.clone())
                    s.apply(bots[p].choose(s))
                else:
                    s.apply(s.legal_action_ids()[0])
    for s in list(seen.values()):
        firsts: dict[str, int] = {}
        for aid in s.legal_action_ids():
            firsts.setdefault(type(s.ACTIONS.actions[aid]).__name__, aid)
        for aid in firsts.values():
            child = s.child(aid)
            if not child.is_terminal() and child.current_player >= 0:
                seen.setdefault(kind(child), child)
    return seen


def check_hint(state: Any, hint: Hint | None) -> list[str]:
    """What is wrong with ``hint`` for ``state`` (nothing: an empty list)."""
    if hint is None:
        return ["no hint"]
    wrong = []
    if hint.action_id not in state.legal_action_ids():
        wrong.append(f"illegal action {hint.action_id}")
    if not hint.text.startswith("Hint") or len(hint.text) < 20:
        wrong.append(f"no reason: {hint.text!r}")
    if RULE_CODE.search(hint.text):
        wrong.append(f"a rule code in {hint.text!r}")
    if re.search(r"at most [-+\d.]+ possible", hint.text):
        wrong.append(f"a search's bound shown as possible: {hint.text!r}")
    if hint.proven and "proven" not in hint.text.lower():
        wrong.append(f"proven but not said: {hint.text!r}")
    if not hint.proven and not re.search(r"not proven|heuristic|estimate|expectation|bound",
                                         hint.text):
        wrong.append(f"not proven but not said: {hint.text!r}")
    return wrong


def ask_everywhere(states: dict[Any, Any], ask: Callable[[Any], Hint | None]
                   ) -> dict[str, list[str]]:
    """``ask``'s hint at every position, and what is wrong with each (the wrong ones only)."""
    out: dict[str, list[str]] = {}
    for kind, state in states.items():
        try:
            wrong = check_hint(state, ask(state))
        except Exception as exc:  # noqa: BLE001 - every failure is reported with its decision
            wrong = [f"raised {type(exc).__name__}: {exc}"]
        if wrong:
            out[repr(kind)] = wrong
    return out


# --- every decision of every game -------------------------------------------------------------
@pytest.fixture(scope="module")
def kraftwagen_decisions() -> dict[Any, Any]:
    """Kraftwagen's decisions in seeded games of 2, 3 and 4 companies."""
    starts = [partial(kwcore.new_game, players=n, seed=seed) for n in (2, 3, 4) for seed in (1, 2)]
    return decisions("kraftwagen", starts, kraftwagen_kind)


@pytest.fixture(scope="module")
def formel1_decisions() -> dict[Any, Any]:
    """Formel 1's decisions in seeded one-race games of 2 to 6 players, in every variant."""
    starts = [partial(formel1.new_game, players=n, seed=n, races=1, variants=v)
              for n in range(2, 7) for v in F1_VARIANTS]
    found = decisions("formel1", starts, formel1_kind)
    # the bots never complete a bargain: open a sale and name the buyer and price to reach the
    # buyer's answer (the no-car variant, F1-39)
    s = next(s for (_, _, kinds), s in found.items() if "Sell" in kinds)
    s = s.child(next(a for a in s.legal_action_ids() if type(s.ACTIONS.actions[a]).__name__
                     == "Sell"))
    while kind_names(s) != {"Accept", "Decline"}:
        s = s.child(s.legal_action_ids()[-1])  # the last buyer, then the highest price
    found.setdefault(formel1_kind(s), s)
    return found


@pytest.fixture(scope="module")
def automobiles_decisions() -> dict[Any, Any]:
    """Automobiles' decisions in seeded one-lap races of 2 to 5 players, with every option."""
    starts = [partial(automobiles.new_game, players=n, seed=n, laps=1, **o)
              for n in range(2, 6) for o in AU_OPTIONS]
    return decisions("automobiles", starts, automobiles_kind)


def test_the_kraftwagen_hint_answers_every_decision_with_a_legal_plain_suggestion(
        kraftwagen_decisions: dict[Any, Any]) -> None:
    met = set(kraftwagen_decisions)
    assert {"choose_start", "choose_tile", "choose_action", "research", "place", "recruit",
            "market", "car_engine", "car_service", "car_price", "after_market"} <= met
    assert ask_everywhere(kraftwagen_decisions,
                          lambda s: kw_hint.planner_hint(s, KW_SMALL)) == {}


def test_the_formel1_hint_answers_every_decision_with_a_legal_plain_suggestion(
        formel1_decisions: dict[Any, Any]) -> None:
    met = {(phase, pending, kinds) for phase, pending, kinds in formel1_decisions}
    assert ("auction", None, frozenset({"Bid", "Pass"})) in met
    assert {pending for phase, pending, _ in met if phase == "race"} >= {None, 0, 1, 2}
    assert any("Sell" in kinds for *_, kinds in met)  # the no-car variant's bargains
    assert any(kinds == {"Accept", "Decline"} for *_, kinds in met)  # and their answers
    assert ask_everywhere(formel1_decisions, f1_hint.greedy_hint) == {}


def test_the_automobiles_hint_answers_every_decision_with_a_legal_plain_suggestion(
        automobiles_decisions: dict[Any, Any]) -> None:
    phases = {phase for phase, _ in automobiles_decisions}
    assert {"prebuy", "action", "place", "card", "buy", "driver", "sponsor"} <= phases
    kinds = set().union(*(k for _, k in automobiles_decisions))
    assert {"PitStop", "PlaceOn", "TakeDriver", "TakeSponsor", "UseDriver"} <= kinds
    assert ask_everywhere(automobiles_decisions, lambda s: au_hint.best_turn_hint(
        s, max_nodes=AU_NODES, seconds=AU_SECONDS)) == {}


# --- Kraftwagen: the start tile, and what is proven -------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_kraftwagen_hint_at_the_start_tile_choice_is_the_greedy_bots_labelled(
        players: int) -> None:
    state = kwcore.new_game(players=players, seed=1)
    assert state.decision() == "choose_start"
    hint = kw_hint.planner_hint(state)  # the widget's own budget: no search is started here
    assert hint.action_id == greedy_choice(state) and not hint.proven
    assert "the greedy bot's choice: no search here" in hint.text
    assert "Start:" in hint.text and "next best" in hint.text


def test_the_kraftwagen_hint_falls_back_to_the_greedy_bot_when_the_planner_values_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    state = kwcore.new_game(players=3, seed=1)
    while state.decision() != "choose_tile":
        state.apply(greedy_choice(state))
    empty = Plan(company=state.current_player, value=-INF, proven=False,
                 principal_variation=(), alternatives=(), nodes=20_001, seconds=3.0,
                 stopped="node budget", config=kw_hint.HINT_CONFIG)
    monkeypatch.setattr(kw_hint, "plan", lambda *args: empty)
    hint = kw_hint.planner_hint(state)
    assert hint.action_id == greedy_choice(state) and not hint.proven
    assert "the greedy bot's choice: no search here" in hint.text
    assert "valued no choice within its budget" in hint.text


def plan_of(value: float, upper: float, proven: bool, **more: Any) -> Plan:
    """A plan with these numbers, to word (the horizon and rivals of the widget's hint)."""
    return Plan(company=0, value=value, proven=proven, principal_variation=(),
                alternatives=(), nodes=100, seconds=0.1, config=kw_hint.HINT_CONFIG,
                upper=upper, **more)


def test_a_kraftwagen_plan_whose_value_meets_its_bound_is_said_proven_and_for_what() -> None:
    for plan in (plan_of(12, 12, False), plan_of(12, 12, True), plan_of(12, INF, True)):
        status = kw_hint.plan_status(plan)
        assert kw_hint.proven_for_horizon(plan)
        assert status.startswith("Proven best for your next turn, rivals playing greedily")
        assert "at most" not in status and "whole game" in status
    cut = kw_hint.plan_status(plan_of(9, 9, False, cut_lines=True))
    assert "longer than 4 turns" in cut and cut.startswith("Proven best")


def test_an_unproven_kraftwagen_plan_says_best_found_and_never_shows_the_bound() -> None:
    for plan in (plan_of(9, 12, False, stopped="time budget"), plan_of(9, INF, False)):
        status = kw_hint.plan_status(plan)
        assert not kw_hint.proven_for_horizon(plan)
        assert status.startswith("Not proven: the best found in the time")
        assert "estimate of how good" in status
        assert "at most" not in status and "12" not in status


def test_the_horizon_and_rivals_of_another_plan_are_worded_as_searched() -> None:
    config = PlannerConfig(horizon=Horizon("round"), rivals="maxn")
    plan = dataclasses.replace(plan_of(5, 5, True), config=config)
    assert kw_hint.plan_status(plan).startswith(
        "Proven best to the end of the round, each rival playing for his own reputation")


# --- Formel 1 and Automobiles: the words ------------------------------------------------------
def test_the_formel1_hint_says_its_choice_is_ahead_of_the_next_best(
        formel1_decisions: dict[Any, Any]) -> None:
    leads = 0
    for (phase, _, _), state in formel1_decisions.items():
        text = f1_hint.greedy_hint(state).text
        if phase != "race" or state.proposal:
            continue
        assert "ahead of it" not in text and "behind it" not in text
        if "next best" in text:
            lead = re.search(r"this choice is (\d+\.\d) rows ahead of the next best choice", text)
            assert lead or "is as good" in text, text
            leads += bool(lead)
    assert leads  # at least one decision where the choice leads


def test_the_formel1_hint_to_an_offer_is_the_greedy_bots_labelled(
        formel1_decisions: dict[Any, Any]) -> None:
    state = next(s for (_, _, kinds), s in formel1_decisions.items()
                 if kinds == {"Accept", "Decline"})
    hint = f1_hint.greedy_hint(state)
    assert "the greedy bot's choice: no search here" in hint.text and "never trades" in hint.text


def test_the_automobiles_hint_outside_a_turn_is_the_greedy_bots_with_its_rule_of_thumb(
        automobiles_decisions: dict[Any, Any]) -> None:
    for (phase, _), state in automobiles_decisions.items():
        if phase in ("driver", "sponsor"):
            text = au_hint.best_turn_hint(state).text
            assert text.startswith("Hint (a heuristic)")
            assert "the greedy bot's choice: no search here" in text
            assert "the player in turn" not in text  # the old words, meaningless here


# --- the play widget --------------------------------------------------------------------------
def shown(widget: Any) -> str:
    """The text of a widget's HTML value, tags removed."""
    return html.unescape(re.sub(r"<[^>]+>", "", widget.value))


def test_a_raising_hint_leaves_the_play_widget_usable_with_one_plain_message() -> None:
    def broken(state: Any) -> Hint:
        raise RuntimeError("the solver fell over\n  at line 12")

    play = PlayWidget(players=3, seed=1, human=0, bots="greedy", game="kraftwagen",
                      hint=broken)
    assert play.hint() is None
    assert isinstance(play.hint_error, RuntimeError)  # still there for a test to read
    message = shown(play.message)
    assert message.startswith("No hint") and "the solver fell over" in message
    assert "\n" not in message and "Traceback" not in message
    assert "Thinking" not in shown(play.status) and "Your move" in shown(play.status)
    assert play.last_hint is None
    assert play.click(play.state.legal_action_ids()[0])  # the game plays on


def test_a_hint_suggesting_an_illegal_action_is_reported_not_shown() -> None:
    play = PlayWidget(players=2, seed=0, human=0, bots="greedy", game="formel1",
                      hint=lambda s: Hint(10_000, True, "Hint: nonsense."))
    assert play.hint() is None and isinstance(play.hint_error, ValueError)
    assert "not legal" in shown(play.message) and play.last_hint is None


def test_the_play_widget_hint_answers_at_the_start_tile_choice() -> None:
    play = PlayWidget(players=3, seed=1, human=0, bots="greedy")
    assert play.state.decision() == "choose_start"
    aid = play.hint()
    assert aid is not None and aid in play.state.legal_action_ids()
    assert play.hint_error is None and "no search here" in shown(play.message)
    assert "Thinking" not in shown(play.status)
