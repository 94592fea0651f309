"""Tests of the built-in puzzles (solvers/kraftwagen/puzzles.py, solvers/kraftwagen/puzzle_data/).

* The catalogue: at least 12 puzzles, at least 4 of each kind, 2, 3 and 4 companies, easy (1)
  to hard (5), each with a title, a short story and a question, its position legal (it loads
  with ``kwcore.from_json``) and built by ``solvers.kraftwagen.make_puzzles`` exactly as stored.
* Every stored answer is what the solvers prove today: each puzzle is solved again with its
  stored settings (``solve_puzzle``); values and proofs are compared, not one exact sequence
  (STYLE 16): a tempo puzzle's best first decision may be any decision of equal value.
* Every stored line replays through kwcore's checked ``apply`` and scores its value; in every
  tempo puzzle the richest tile (most actions) is worth strictly less than the best decision.
"""

from __future__ import annotations

import dataclasses
import json
import re
import time
from functools import cache

import pytest

import kwcore
from kwcore import rules
from kwcore.actions import PickTile
from kwcore.config import PREFERENCES
from kwcore.state import State
from solvers.kraftwagen import make_puzzles, planner, pricing, tempo
from solvers.kraftwagen.puzzles import KINDS, Puzzle, load_puzzles, puzzle_named, solve_puzzle

PUZZLES = load_puzzles()
NAMES = [p.name for p in PUZZLES]
TEMPO = [p.name for p in PUZZLES if p.kind == "tempo"]
PRICING = [p.name for p in PUZZLES if p.kind == "pricing"]


@cache
def solved(name: str) -> tuple[planner.Plan | pricing.PricingPlan, float]:
    """The puzzle solved again with its stored settings, and the seconds it took."""
    t0 = time.perf_counter()
    result = solve_puzzle(puzzle_named(name))
    return result, time.perf_counter() - t0


def replay(state: State, actions: list[str]) -> State:
    """``actions`` applied to a copy of ``state`` through kwcore's checked path."""
    s = state.clone(history=False)
    for text in actions:
        s.apply(text)
    return s


def richest_tile(state: State) -> str:
    """The legal tile pick that shows the most actions."""
    picks = [a for a in state.legal_actions() if isinstance(a, PickTile)]
    return str(max(picks, key=lambda a: len(state.cfg.tiles[a.tile].actions)))


# --- the catalogue ----------------------------------------------------------------------------
def test_there_are_at_least_twelve_puzzles_with_unique_names() -> None:
    assert len(PUZZLES) >= 12
    assert len(set(NAMES)) == len(NAMES)


def test_both_kinds_have_at_least_four_puzzles() -> None:
    assert {p.kind for p in PUZZLES} == set(KINDS)
    assert len(TEMPO) >= 4
    assert len(PRICING) >= 4


def test_games_of_two_three_and_four_companies_are_all_present() -> None:
    assert {p.players for p in PUZZLES} == {2, 3, 4}
    assert {p.players for p in PUZZLES if p.kind == "tempo"} == {2, 3, 4}


def test_difficulties_run_from_easy_to_hard() -> None:
    assert {p.difficulty for p in PUZZLES} == {1, 2, 3, 4, 5}
    assert [p.difficulty for p in PUZZLES] == sorted(p.difficulty for p in PUZZLES)  # easiest first


def test_every_puzzle_file_is_named_by_number_and_name_and_lists_in_kw_order() -> None:
    files = sorted(make_puzzles.DATA.glob("*.json"))
    assert len(files) == len(PUZZLES)
    for path in files:
        assert re.fullmatch(r"\d\d_[a-z0-9_]+\.json", path.name), path.name
        assert path.stem.split("_", 1)[1] in NAMES


@pytest.mark.parametrize("name", NAMES)
def test_every_puzzle_has_a_title_a_short_story_and_a_question(name: str) -> None:
    p = puzzle_named(name)
    assert p.title.strip() and p.question.strip()
    sentences = [x for x in re.split(r"(?<=[.!?])\s+", p.story.strip()) if x]
    assert 2 <= len(sentences) <= 4, sentences
    assert len(p.story) <= 600
    assert "?" in p.question


@pytest.mark.parametrize("name", NAMES)
def test_every_position_is_legal_and_round_trips_through_json(name: str) -> None:
    p = puzzle_named(name)
    state = kwcore.from_json(p.position)  # kwcore's consistency checks
    assert kwcore.from_json(state.to_json()) == state
    assert json.loads(state.to_json()) == json.loads(p.position)
    assert not state.is_terminal() and state.current_player == 0  # Green decides
    wanted = "choose_tile" if p.kind == "tempo" else "market"
    assert state.decision() == wanted
    assert 2 <= state.round <= state.cfg.rounds  # a game in progress, not an opening


@pytest.mark.parametrize("spec", make_puzzles.SPECS, ids=lambda s: s.name)
def test_every_stored_puzzle_is_what_the_generator_builds(spec: make_puzzles.Spec) -> None:
    stored = json.loads(spec.file.read_text("utf-8"))
    state = make_puzzles.check(make_puzzles.refresh(spec.build()))
    assert stored["position"] == json.loads(state.to_json())
    for key in ("title", "story", "question", "kind", "difficulty", "settings"):
        assert stored[key] == getattr(spec, key), key


@pytest.mark.parametrize("name", TEMPO)
def test_tempo_settings_make_a_finite_proof_possible(name: str) -> None:
    p = puzzle_named(name)
    config = p.planner_config()
    assert config.horizon.kind in ("turns", "round")
    assert config.objective in ("gain", "margin")
    assert config.rivals == "greedy" or (config.rivals == "paranoid" and p.players == 2) or (
        config.rivals == "scripted" and config.script and config.horizon.kind == "round")


def test_at_least_two_tempo_puzzles_are_mid_game_and_run_to_the_end_of_the_round() -> None:
    """Issue "Solvers": harder puzzles than final-round endgames. Each is in an earlier round,
    has the round horizon, and gives the company more than one turn before the round ends."""
    mid = [p for p in PUZZLES if p.kind == "tempo" and p.state().round < p.state().cfg.rounds
           and p.settings["horizon"] == "round"]
    assert len(mid) >= 2
    for p in mid:
        assert p.answer["principal_variation"][-1]["company"] != "Green"  # a rival ends it
        turns = sum(1 for step in p.answer["principal_variation"]
                    if step["company"] == "Green" and step["action"].startswith("pick "))
        assert turns >= 2, p.name
        state = p.state()
        best = kwcore.parse_action(state, p.answer["best"])
        assert isinstance(best, PickTile) and tempo.turns_in_a_row(state, best.tile) == 2


# --- the stored answers are proven by the solvers today ---------------------------------------
@pytest.mark.parametrize("name", TEMPO)
def test_every_tempo_puzzle_is_proven_well_within_the_default_node_budget(name: str) -> None:
    result, _ = solved(name)
    assert isinstance(result, planner.Plan)
    assert result.proven and result.nodes * 20 < planner.PlannerConfig().node_budget


@pytest.mark.parametrize("name", TEMPO)
def test_a_tempo_answer_is_proven_with_the_stored_value_and_best_decision(name: str) -> None:
    p = puzzle_named(name)
    result, _ = solved(name)
    assert isinstance(result, planner.Plan)
    answer = p.answer
    assert result.proven and answer["proven"] is True
    assert result.value == answer["value"]
    table = {a.action: a.value for a in result.alternatives}
    assert all(a.proven for a in result.alternatives)
    # The stored best decision, or one of equal value (compare values, not sequences).
    assert table[answer["best"]] == result.value
    assert table[result.best] == answer["value"]
    assert table == {a["action"]: a["value"] for a in answer["alternatives"]}


@pytest.mark.parametrize("name", TEMPO)
def test_in_a_tempo_puzzle_the_richest_tile_is_strictly_worse_than_the_best(name: str) -> None:
    p = puzzle_named(name)
    result, _ = solved(name)
    assert isinstance(result, planner.Plan)
    richest = richest_tile(p.state())
    assert p.answer["richest"] == richest
    table = {a.action: a.value for a in result.alternatives}
    assert table[richest] < result.value
    assert p.answer["best"] != richest
    cfg = p.state().cfg
    assert len(cfg.tile_named(richest[len("pick "):]).actions) == max(
        len(t.actions) for t in cfg.tiles)


@pytest.mark.parametrize("name", TEMPO)
def test_the_stored_and_the_new_principal_variations_replay_to_the_value(name: str) -> None:
    p = puzzle_named(name)
    result, _ = solved(name)
    assert isinstance(result, planner.Plan)
    state = p.state()
    stored = tuple((x["company"], x["action"]) for x in p.answer["principal_variation"])
    assert stored[0] == ("Green", p.answer["best"])
    for line in (stored, result.principal_variation):
        replay(state, [text for _, text in line])  # every step legal (checked apply)
        plan = dataclasses.replace(result, principal_variation=line)
        assert planner.replay_value(state, 0, plan) == p.answer["value"]


def pricing_replay(state: State, actions: list[str], buick: str | None) -> int:
    """Play the market step through kwcore's checked path, end the turn (the round ends: the
    market marker is on 0), place Buick's buyer if planned; Green's sales reputation."""
    before = state.companies[0].score_parts[rules.SALES]
    s = replay(state, actions)
    if s.decision() == "after_market":
        s.apply("end turn")
    if s.decision() == "buick":
        s.apply(f"buick {buick or 'none'}")
    assert s.round > state.round or s.is_terminal(), "the round should have been scored"
    return s.companies[0].score_parts[rules.SALES] - before


@pytest.mark.parametrize("name", PRICING)
def test_a_pricing_answer_is_proven_with_the_stored_value(name: str) -> None:
    p = puzzle_named(name)
    result, _ = solved(name)
    assert isinstance(result, pricing.PricingPlan)
    assert result.proven and p.answer["proven"] is True
    assert result.value == result.bound == p.answer["value"]


@pytest.mark.parametrize("name", PRICING)
def test_the_stored_and_the_new_pricing_decisions_replay_to_the_value(name: str) -> None:
    p = puzzle_named(name)
    result, _ = solved(name)
    assert isinstance(result, pricing.PricingPlan)
    state = p.state()
    new_buick = PREFERENCES[result.buick] if result.buick >= 0 else None
    assert pricing_replay(state, p.answer["actions"], p.answer["buick"]) == p.answer["value"]
    assert pricing_replay(state, list(result.actions), new_buick) == p.answer["value"]
    assert pricing.sales_value(state, result, checked=True) == p.answer["value"]


@pytest.mark.parametrize("name", PRICING)
def test_a_stored_pricing_car_matches_its_decisions(name: str) -> None:
    p = puzzle_named(name)
    car = p.answer["car"]
    actions = p.answer["actions"]
    if car is None:
        assert not any(a.startswith("car ") for a in actions)
        return
    assert f"car body {car['body']}" in actions
    assert f"car price {car['price']}" in actions
    for inv in p.answer["investments"]:
        assert f"invest {inv['investor']} in car {inv['car']}" in actions


def test_a_puzzle_object_gives_its_state_and_planner_settings() -> None:
    p: Puzzle = puzzle_named(TEMPO[0])
    assert p.state().players == p.players
    config = p.planner_config(node_budget=10)
    assert config.node_budget == 10 and str(config.horizon) == p.settings["horizon"]
