"""Formel 1 in the widgets: the tour's steps build and draw, the stepper walks them,
the play widget takes a move and undoes it, the hint is legal and swappable, rivals' hands stay
hidden; the search hint is legal and labelled estimate, proven or heuristic as it is; the
workshop's studies (``kwwidgets.formel1.workshop``) check out against independent computations.
No browser: the widgets' Python side (tests/project/test_browser.py opens the notebooks)."""

from __future__ import annotations

import html
import math
import re
from fractions import Fraction
from functools import cache

import pytest

import formel1
import kwwidgets.formel1.workshop as fws
from formel1.actions import Bid, Pass, Play, To
from formel1.svg import SYNTHETIC
from kwwidgets import PlayWidget, Step, Stepper
from kwwidgets.formel1 import hint as f1_hint
from kwwidgets.formel1 import tour as f1_tour
from kwwidgets.formel1.view import Formel1View
from kwwidgets.views import Hint
from solvers.formel1 import auction, race
from solvers.formel1.positions import cards_left, endgame


@cache
def all_steps() -> dict[str, list[Step]]:
    """Every section's steps, built once for the module."""
    return {name: build() for name, build in f1_tour.SECTIONS.items()}


def text(markup: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", markup))


# --- the tour ---------------------------------------------------------------------------------
@pytest.mark.parametrize("name", list(f1_tour.SECTIONS))
def test_each_tour_step_is_an_engine_position_that_draws_and_cites_its_rule(name: str) -> None:
    steps = all_steps()[name]
    assert steps
    for step in steps:
        assert isinstance(step.state, formel1.State)
        assert formel1.from_json(step.state.to_json()) == step.state  # a real, valid position
        assert re.search(r"\b(F1-\d\d|RF\d)\b", step.caption), step.caption
        board = step.svg()
        assert board.startswith("<svg") and SYNTHETIC in board
        for label, note in step.stress.get("marks", {}).items():
            assert f"<title>{label}</title>" in board  # every marked cell is drawn
            assert not note or note in text(board)


def test_every_section_cites_its_rules_and_all_tour_rules_are_covered() -> None:
    cited = {m for steps in all_steps().values() for s in steps
             for m in re.findall(r"\b(F1-\d\d|RF\d)\b", s.caption)}
    wanted = {f"F1-{n:02}" for n in (4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15, 17, 18, 19, 20,
                                     21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34,
                                     35, 36, 37)}
    assert wanted <= cited, sorted(wanted - cited)


def test_the_tour_steps_show_what_their_captions_say() -> None:
    steps = all_steps()
    blocked = steps["Blocking and lost movement"]
    assert f1_tour.car_cell(blocked[2].state, "Blue") == "5b"  # 2 of 5, the rest lost
    assert f1_tour.car_cell(blocked[3].state, "Blue") == "5b"  # a wasted card: no move at all
    dead_end = steps["No dead ends"][0].state
    assert {a.row for a in dead_end.legal_actions() if isinstance(a, To)} == {8}
    switch = steps["Switch cards"]
    assert f1_tour.car_cell(switch[1].state, "Green") == "14a"
    assert f1_tour.car_cell(switch[2].state, "Green") == "40a"
    auction = steps["The auction"]
    late = auction[4].state
    assert min(a.amount for a in late.legal_actions() if isinstance(a, Bid)) == 30
    assert all(p in auction[6].state.owner for p in range(4))


def test_the_stepper_walks_every_step_forward_and_back() -> None:
    steps = [s for section in all_steps().values() for s in section]
    stepper = Stepper(steps, game="formel1")
    seen = [stepper.board.value]
    while stepper.next():
        seen.append(stepper.board.value)
        assert f"step {stepper.index + 1} of {len(steps)}" in stepper.position.value
    assert len(seen) == len(steps) and stepper.next_button.disabled
    assert steps[-1].svg() in stepper.board.value
    while stepper.back():
        assert stepper.board.value == seen[stepper.index]
    assert stepper.index == 0 and stepper.back_button.disabled


def test_a_tour_step_outlines_its_marked_cells_and_the_offered_end_cells() -> None:
    step = all_steps()["A card, top to bottom"][1]
    board = step.svg()
    assert 'stroke="#c00000"' in board  # the marked start cell
    assert board.count('stroke-dasharray="5 3"') == 2  # 11a and 11b, the cells offered


def test_plain_pairs_of_formel1_positions_draw_in_the_stepper_too() -> None:
    state = formel1.new_game(players=3, seed=2)
    stepper = Stepper([("A new game (F1-06).", state)], game="formel1")
    assert formel1.GAME.board(state) in stepper.board.value


# --- the play widget --------------------------------------------------------------------------
def play_widget() -> PlayWidget:
    return PlayWidget(players=4, seed=0, human=0, bots={1: "greedy", 2: "random", 3: "greedy"},
                      game="formel1")


def test_the_play_widget_uses_the_formel1_view_and_shows_only_its_players_hand() -> None:
    play = play_widget()
    assert isinstance(play.view_of, Formel1View)
    s = play.state
    drawn = re.findall(r"<title>([^<]*) \(synthetic card\)</title>", play.board.value)
    assert sorted(drawn) == sorted(s.cfg.kinds[k].name for k in s.hands[0])
    assert "Your hand (Player 0, 12 cards" in text(play.board.value)


def test_a_move_is_applied_and_undone_back_to_the_same_state_key() -> None:
    play = play_widget()
    key, log = play.state.key(), list(play.state.log())
    assert play.click("bid 30")
    assert play.state.key() != key and len(play.state.log()) > len(log)
    assert play.undo()
    assert play.state.key() == key and play.state.log() == log


def test_the_bids_are_a_list_that_opens_on_the_lowest_bid_and_its_button_bids_it() -> None:
    play = play_widget()
    (pick, go), = play._selects.values()
    lowest = min(a for a in play.state.legal_action_ids()
                 if isinstance(formel1.ACTIONS[a], Bid))
    assert pick.value == lowest and pick.options[0] == ("Bid $10K", lowest)
    assert go.description == "Bid"  # the verb of the list's group, not a generic "Play"
    go.click()
    assert play.moves[0] == lowest


def test_the_race_offers_cards_and_end_cells_under_plain_headings() -> None:
    play = play_widget()
    while play.state.phase == "auction":
        play.click(play.state.legal_action_ids()[0])  # pass, or the one forced choice
    s = play.state
    assert s.phase == "race" and s.current_player == 0
    groups = play.view_of.groups(s)
    assert list(groups) == ["Play a card"]
    labels = [play.view_of.label(s, a) for a in groups["Play a card"]]
    assert sorted(labels) == sorted({s.cfg.kinds[k].name for k in s.hands[0]})
    while not any(isinstance(a, To) for a in play.state.legal_actions()):
        if not play.click(play.state.legal_action_ids()[0]):
            raise AssertionError("a click was refused")
        assert not play.state.is_terminal()
    heading = next(iter(play.view_of.groups(play.state)))
    assert heading.endswith("ends on") or heading == "Switch to"


def test_the_hint_is_a_legal_labelled_heuristic_in_the_auction_and_the_race() -> None:
    play = play_widget()
    aid = play.hint()
    assert aid is not None and aid in play.state.legal_action_ids()
    assert play.last_hint is not None
    assert not play.last_hint.proven and "heuristic" in play.last_hint.text
    assert isinstance(formel1.ACTIONS[aid], Bid | Pass)
    while play.state.phase == "auction":
        play.click(play.state.legal_action_ids()[0])
    hint = f1_hint.greedy_hint(play.state)
    assert hint is not None and hint.action_id in play.state.legal_action_ids()
    assert isinstance(formel1.ACTIONS[hint.action_id], Play) and "heuristic" in hint.text
    assert play.click(hint.action_id)


def test_the_hint_passed_to_the_play_widget_is_the_one_asked() -> None:
    stand_in = PlayWidget(players=3, seed=4, human=0, bots="greedy", game="formel1",
                          hint=lambda s: Hint(s.legal_action_ids()[-1], True, "Hint: stand-in."))
    last = stand_in.state.legal_action_ids()[-1]
    assert stand_in.hint() == last and stand_in.last_hint == Hint(last, True, "Hint: stand-in.")
    plain = PlayWidget(players=3, seed=4, human=0, bots="greedy", game="formel1")
    assert plain.hint_source is not None
    assert plain.hint_source(plain.state) == f1_hint.greedy_hint(plain.state)


# --- the search hint --------------------------------------------------------------------------
def test_the_search_hint_is_the_greedy_heuristic_in_the_auction_and_early_in_the_race() -> None:
    state = formel1.new_game(players=4, seed=0)
    assert state.phase == "auction"
    hint = f1_hint.search_hint(state)
    assert hint == f1_hint.greedy_hint(state) and "heuristic" in hint.text
    while state.phase != "race":
        state.apply(state.legal_action_ids()[0])
    assert cards_left(state) > f1_hint.SEARCH_CARDS
    hint = f1_hint.search_hint(state)
    assert hint.action_id == f1_hint.greedy_hint(state).action_id
    assert not hint.proven and "heuristic" in hint.text and "takes over at" in hint.text


@pytest.fixture(autouse=True)
def no_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search hint's time budget off in every test here, so only its node budget decides:
    the same answer on a busy machine as on a quiet one (no test may depend on timing)."""
    monkeypatch.setattr(f1_hint, "SEARCH_SECONDS", math.inf)


@pytest.mark.parametrize("players, seed, mid_card", [(4, 0, False), (4, 3, True), (3, 4, False)])
def test_the_search_hint_in_the_last_cards_is_a_legal_estimate_with_its_interval(
        players: int, seed: int, mid_card: bool) -> None:
    state = endgame(players, seed, 8, mid_card)
    assert state is not None and not f1_hint.hidden_hands_known(state, state.current_player)
    hint = f1_hint.search_hint(state)
    assert hint.action_id in state.legal_action_ids() and not hint.proven
    assert "estimate" in hint.text and "95% interval" in hint.text
    assert "heuristic" not in hint.text and "Proven" not in hint.text
    result = race.estimate(state, config=f1_hint._search_config(seed=len(state.events)))
    assert state.resolve(result.best) == hint.action_id  # the search's best, from what he sees
    best = result.decisions[0]
    assert f"(95% interval {best.low:.0f} to {best.high:.0f})" in hint.text


@pytest.mark.parametrize("seed", [1, 2, 5])
def test_the_search_hint_is_proven_when_every_hand_is_known(seed: int) -> None:
    state = endgame(2, seed, 8)  # two players, no card removed: the rival holds the rest
    assert state is not None and f1_hint.hidden_hands_known(state, state.current_player)
    hint = f1_hint.search_hint(state)
    plan = race.solve(state, config=race.RaceConfig(rivals="maxn"))
    assert hint.proven and "Proven" in hint.text and "estimate" not in hint.text
    assert hint.action_id in state.legal_action_ids()
    assert state.resolve(plan.best) == hint.action_id
    assert f"${plan.value:g}K" in hint.text


def test_the_search_hint_says_when_its_budget_stopped_it(monkeypatch: pytest.MonkeyPatch) -> None:
    state = endgame(3, 4, 8)
    assert state is not None
    monkeypatch.setattr(f1_hint, "SEARCH_NODES", f1_hint.SEARCH_SAMPLES)  # never enough
    hint = f1_hint.search_hint(state)
    assert hint.action_id == f1_hint.greedy_hint(state).action_id and not hint.proven
    assert "heuristic" in hint.text and "stopped on its budget" in hint.text


def test_the_search_hint_sees_only_what_its_player_sees() -> None:
    state = endgame(4, 0, 8)
    assert state is not None
    me = state.current_player
    pool, places = race.unseen_cards(state, me)
    others = [q for q in range(4) if q != me]
    swapped = race.with_deal(state, me, [state.hands[q] for q in reversed(others)]
                             + [state.removed])  # the rivals' hands dealt the other way round
    assert swapped.observation(me) == state.observation(me)
    assert f1_hint.search_hint(swapped) == f1_hint.search_hint(state)


# --- the workshop's studies (kwwidgets/formel1/workshop.py) -----------------------------------
def test_the_exhaustive_auction_tree_equals_backward_induction() -> None:
    values = [[60, 45, 30, 70, 80, 35], [50, 60, 40, 30, 65, 55], [40, 50, 60, 45, 50, 70]]
    for money in ([70, 30, 70], [50, 50, 50]):
        root = auction.auction_endgame(players=3, seed=0, cars_left=2, money=money)
        solved = auction.solve_auction(root, values)
        tree, nodes = fws.exhaustive_auction(root, values)
        assert tree == solved.payoffs and nodes > solved.positions
        buyer, price = fws.price_paid(root, solved.line)
        assert buyer >= 0 and price >= formel1.config_for(2).late_minimum  # F1-12's $30K minimum
        assert price <= root.money[buyer]


def test_the_expected_largest_normal_draws_match_the_known_values() -> None:
    assert fws.expected_max_normal(1) == pytest.approx(0.0, abs=1e-9)
    assert fws.expected_max_normal(2) == pytest.approx(1 / math.sqrt(math.pi), abs=1e-6)
    assert fws.expected_max_normal(2, order=2) == pytest.approx(-1 / math.sqrt(math.pi),
                                                                abs=1e-6)
    assert fws.expected_max_normal(3) == pytest.approx(1.5 / math.sqrt(math.pi), abs=1e-6)
    assert fws.expected_max_normal(3, order=2) == pytest.approx(0.0, abs=1e-9)


def test_the_winners_curse_study_overpays_and_its_shading_removes_it() -> None:
    study = fws.curse_study(100.0, noise=20, bidders=5, trials=3000, seed=3)
    again = fws.curse_study(100.0, noise=20, bidders=5, trials=3000, seed=3)
    assert (study.naive == again.naive).all()  # seeded
    assert study.interval("naive").low > 0 and 0 in study.interval("shaded")
    assert study.shade == pytest.approx(20 * fws.expected_max_normal(5))
    assert (study.english <= study.naive).all()  # the second estimate never tops the first
    solution = fws.exercise_3(study, [fws.curse_study(100.0, 20, n, 3000, n)
                                      for n in (2, 3, 4, 6)])
    assert "winner's curse" in solution.explanation and solution.results
    assert solution.figure is not None and solution.figure.axes  # drawn behind the button only


def test_the_formats_solution_states_the_tie_rule_and_the_prices() -> None:
    pairs = [(80, 60), (120, 50)]
    results = [(p, auction.compare_formats(p, budgets=[150, 150])) for p in pairs]
    solution = fws.exercise_4(results, (Fraction(0), Fraction(0)))
    assert "tie rule" in solution.explanation and "$10K" in solution.explanation
    with pytest.raises(AssertionError):
        fws.exercise_4(results, (Fraction(0), Fraction(-10)))  # not indifferent: no lesson
    assert fws.formats_figure(results).axes and solution.figure is not None
    for values in pairs:  # bidders staying in up to their values: about the second price
        buyer, price = fws.english_staying_in(values, [150, 150])
        assert buyer == 0 and min(values) <= price <= min(values) + formel1.config_for(2).bid_step
        assert f"${price}K for values {values[0]} and {values[1]}" in solution.explanation


def test_the_big_card_solution_replays_its_lines_and_says_where_the_cars_finish() -> None:
    big = endgame(4, 20, 10)
    assert big is not None
    (ten,) = fws.single_tens(big)
    plan = race.solve(big, config=race.RaceConfig(rivals="paranoid"))
    maxn = race.solve(big, config=race.RaceConfig(rivals="maxn"))
    solution = fws.exercise_5(big, plan, maxn, ten)
    ends = fws.finishes(big, plan.line, plan.player)
    assert set(ends) == {big.cfg.colours[c] for c, o in enumerate(big.owner)
                         if o == plan.player}
    for car, where in ends.items():
        assert f"{car} {where}" in solution.explanation
    assert fws.why_not_lines(plan)[1].startswith(plan.best)
    assert solution.results[:len(fws.why_not_lines(plan))] == tuple(fws.why_not_lines(plan))
    assert solution.figure is not None  # the chart of each card now: behind the button too
