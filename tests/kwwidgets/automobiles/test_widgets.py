"""Automobiles in the widgets: the tour's steps, the stepper, the play widget's undo, the
best-turn hint with its status label and the workshop's solutions (``kwwidgets.automobiles``:
view, hint, tour, workshop)."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

import automobiles
from automobiles.actions import Buy, Place, Play
from automobiles.config import BLACK, DARKGREY, LIGHTGREY, PURPLE, WEAR, WHITE, YELLOW, config_for
from automobiles.game import GAME
from automobiles.svg import SYNTHETIC
from kwwidgets import PlayWidget, Step, Stepper
from kwwidgets.automobiles import hint as au_hint
from kwwidgets.automobiles import tour as au_tour
from kwwidgets.automobiles import workshop as au_ws
from kwwidgets.automobiles.view import AutomobilesView, action_label
from kwwidgets.views import view_for
from solvers.automobiles import buy, odds, puzzles
from solvers.automobiles.positions import mid_race
from solvers.bots import make_bot
from solvers.tournament import run_tournament


@pytest.fixture(scope="module")
def sections() -> dict[str, list[Step]]:
    return {name: build() for name, build in au_tour.SECTIONS.items()}


def test_every_tour_step_builds_and_renders_its_board_with_the_synthetic_note(
        sections: dict[str, list[Step]]) -> None:
    view = view_for("automobiles")
    assert isinstance(view, AutomobilesView)
    for name, steps in sections.items():
        assert steps, name
        for step in steps:
            assert isinstance(step.state, automobiles.State)
            board = view.step_board(step)
            assert board.count("<svg") == 3 and SYNTHETIC in board, name
            assert step.caption.strip() and ("AU-" in step.caption or "RA" in step.caption), name


def test_every_tour_section_cites_a_rule_and_the_tour_covers_the_standard_set(
        sections: dict[str, list[Step]]) -> None:
    captions = " ".join(step.caption for steps in sections.values() for step in steps)
    for card in ("Manager", "Suspension", "Crew Chief", "Hybrid Engine", "Transmission"):
        assert f"**{card}**" in captions
    for rule in ("AU-12", "AU-13", "AU-14", "AU-16", "AU-17", "AU-18", "AU-19", "AU-23",
                 "AU-24", "AU-25", "AU-26"):
        assert rule in captions


def test_next_and_back_walk_every_step(sections: dict[str, list[Step]]) -> None:
    steps = [step for group in sections.values() for step in group]
    stepper = Stepper(steps, game="automobiles")
    seen = [stepper.state]
    while stepper.next():
        seen.append(stepper.state)
        assert "<svg" in stepper.board.value
    assert len(seen) == len(steps) and stepper.next_button.disabled
    while stepper.back():
        pass
    assert stepper.index == 0 and stepper.back_button.disabled


def test_a_constructed_position_is_loaded_and_checked_by_the_engine() -> None:
    s = au_tour.position([(12, 0), (13, 0)], active={YELLOW: 1, WHITE: 1}, discard={DARKGREY: 1})
    assert s.phase == "action" and s.mover == 0 and s.active[0][YELLOW] == 1
    held = [sum(s.bag[p][c] + s.active[p][c] + s.used[p][c] + s.discard[p][c]
                for p in range(2)) for c in range(len(s.stock))]
    assert [h + k for h, k in zip(held, s.stock, strict=True)] == \
        [c.stock for c in automobiles.config_for(2).cubes]


def test_labels_are_plain_words() -> None:
    s = au_tour.position([(12, 0), (13, 0)], active={YELLOW: 1, DARKGREY: 1})
    assert action_label(s, Play(YELLOW)) == "Play yellow (Manager)"
    assert action_label(s, Place(18)) == "Space 18 (dark grey)"
    assert action_label(s, Buy(DARKGREY)) == "Buy dark grey ($5)"


def test_the_play_widget_applies_a_move_and_undoes_it_to_the_same_state_key() -> None:
    play = PlayWidget(players=3, seed=0, human=0,
                      bots={1: make_bot("balanced", 1, "automobiles"), 2: "greedy"},
                      game="automobiles")
    assert play.state.current_player == 0
    before = play.state.key()
    assert play.click(play.state.legal_action_ids()[0])
    assert play.state.key() != before
    assert play.undo() and play.state.key() == before
    assert "<svg" in play.board.value and "Player 0 (you)" in play.board.value


def test_the_hint_is_a_legal_proven_action_on_a_first_turn() -> None:
    s = automobiles.new_game(players=3, seed=0)
    while s.phase == "prebuy":
        s.apply("stop buying")
    hint = au_hint.best_turn_hint(s)
    assert hint is not None and hint.action_id in s.legal_action_ids()
    assert hint.proven and hint.text.startswith("Hint (proven)")


def test_the_hint_says_an_expectation_when_its_best_line_draws() -> None:
    s = au_tour.position([(12, 0), (13, 0)], active={PURPLE: 1, WHITE: 1},
                    bag={DARKGREY: 3, WEAR: 1}, seed=None)
    hint = au_hint.best_turn_hint(s)
    assert hint.action_id == s.resolve("play purple") and not hint.proven
    assert hint.text.startswith("Hint (an expectation)")


def test_the_hint_says_a_bound_or_a_heuristic_when_the_budget_stops_it() -> None:
    s = mid_race(5, 10)
    assert s is not None
    bound = au_hint.best_turn_hint(s, max_nodes=5000, seconds=60)
    assert bound.action_id in s.legal_action_ids() and not bound.proven
    assert bound.text.startswith("Hint (a bound)")
    # A budget too small to value any first decision: the greedy bot's turn, valued, is the
    # answer (never worse than greedy), said to be a bound, not proven.
    tiny = au_hint.best_turn_hint(s, max_nodes=20, seconds=60)
    greedy = GAME.make_bot("greedy", s.current_player).choose(s)
    assert tiny.action_id == greedy and not tiny.proven
    assert tiny.text.startswith("Hint (a bound)") and "Not proven" in tiny.text


def test_the_hint_before_the_race_is_the_knapsack_purchase() -> None:
    s = automobiles.new_game(players=2, seed=3)
    hint = au_hint.best_turn_hint(s)
    assert hint is not None and hint.action_id in s.legal_action_ids()
    assert "knapsack" in hint.text


def test_the_play_widget_hint_highlights_a_legal_button() -> None:
    play = PlayWidget(players=2, seed=0, human=0, bots="greedy", game="automobiles")
    aid = play.hint()
    assert aid is not None and aid in play.state.legal_action_ids()
    assert play.last_hint is not None and "Hint" in play.last_hint.text


def test_the_why_not_table_lists_every_first_decision_best_first() -> None:
    s = automobiles.new_game(players=2, seed=0)
    while s.phase == "prebuy":
        s.apply("stop buying")
    plan = au_hint.solve_turn(s)
    lines = au_ws.why_not_lines(plan)
    assert len(lines) == 2 + len(plan.alternatives) == 2 + len(s.legal_action_ids())
    assert lines[2].startswith(plan.best)


# --- the workshop (notebook 22) -------------------------------------------------------------------
START = {WHITE: 5, LIGHTGREY: 2, YELLOW: 5}


def test_the_bag_odds_solution_is_the_textbook_fraction_and_ranks_the_bags() -> None:
    bags = {"start": START, "+2 dark grey": {**START, DARKGREY: 2}, "+4 wear": {**START, WEAR: 4},
            "+4 wear, -2 yellow": {**START, WEAR: 4, YELLOW: 3}}
    solution = au_ws.exercise_1(START, bags)
    # 7 gears and 5 others: a draw of 7 holds at least 2 gears, exactly 2 only with all 5 others
    assert solution.values["three"] == 1 - Fraction(comb(7, 2) * comb(5, 5), comb(12, 7))
    assert solution.figure is not None and len(solution.figure.axes[0].lines) == 4
    with pytest.raises(AssertionError):  # a ranking that does not hold is not stated
        au_ws.exercise_1(START, dict(reversed(list(bags.items()))))


def test_the_money_and_crew_chief_solution_matches_the_law_written_out() -> None:
    solution = au_ws.exercise_2(START, {WEAR: 3, WHITE: 2, DARKGREY: 1})
    values = odds.cube_values()
    assert solution.values["mean"] == Fraction(7, 12) * sum(values[c] * n for c, n in START.items())
    crew = solution.values["crew"]
    assert crew == {1: Fraction(1, 2), 2: Fraction(3, 10), 3: Fraction(3, 20), 4: Fraction(1, 20)}


def test_the_knapsack_solution_spends_within_the_money_and_honours_the_limits() -> None:
    stock = [c.stock for c in config_for(2).cubes]
    limits = buy.Constraints(at_most={PURPLE: 1}, forbidden=frozenset({BLACK}))
    solution = au_ws.exercise_3(stock, 12, limits)
    dp, limited = solution.values["dp"], solution.values["limited"]
    assert dp.cost <= 12 and limited.cost <= 12 and limits.allows(limited.counts)
    assert limited.value <= dp.value and dp.words() in solution.explanation


def test_the_best_turn_solution_is_the_shipped_answer_with_its_why_not_table() -> None:
    puzzle = puzzles.puzzle_named("further_than_greedy")
    pile = GAME.from_data(puzzle.position)
    plan = au_hint.solve_turn(pile)
    solution = au_ws.exercise_4(pile, plan, puzzle)
    assert solution.values["plan"].parts == puzzle.value
    first = au_ws.label_of(pile, plan.best)  # the plain label: "Play light grey"
    assert solution.results[2].startswith(first) and "Proven best" in solution.explanation
    assert solution.results[-1] == "the line: " + " -> ".join(au_ws.line_words(pile,
                                                                             plan.actions))
    assert not any(cube in line for line in solution.results
                   for cube in ("lightgrey", "darkgrey"))  # one name per cube: "light grey"


def test_the_tournament_solution_reports_intervals_and_does_not_overclaim() -> None:
    result = run_tournament(["balanced", "greedy"], games=2, seed=0, players=2,
                            game="automobiles", progress=False)
    solution = au_ws.exercise_5(result)
    assert len(solution.results) == 2 and all("[" in line for line in solution.results)
    assert "estimates" in solution.explanation and solution.figure is not None
