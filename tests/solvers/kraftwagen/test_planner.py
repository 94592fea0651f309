"""The turn planner (solvers.kraftwagen.planner): exactness, replay through kwcore, horizons,
budgets.

STYLE 16: every answer is replayed and re-scored through the rules engine; values are compared
with a plain exhaustive search (no table, no bounds, no ordering) rather than with one sequence.
Positions come from seeded random play to a ``choose_tile`` decision late in a round, where
``max_turns=1`` keeps each solve to a few thousand nodes, or are built by hand
(tests/support/builders.py).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

import pytest

import kwcore
from kwcore import rules
from kwcore.actions import ACTIONS
from kwcore.events import Turn
from kwcore.state import State
from solvers.kraftwagen import planner, tempo
from solvers.kraftwagen.planner import Horizon, PlannerConfig, PlannerError
from solvers.kraftwagen.planner.bounds import _Position
from solvers.kraftwagen.planner.search import EXACT, UPPER, _Picks, _Search
from tests.support.builders import (
    at_choose_tile,
    co,
    face_up,
    fresh,
    set_active,
    set_chain,
    workers,
)


def plain(config: PlannerConfig) -> PlannerConfig:
    """The same request answered by plain exhaustive search: no table, bounds, ordering or
    suggested lines."""
    return replace(config, use_table=False, use_bounds=False, use_ordering=False, suggest=False)


# --- positions ------------------------------------------------------------------------------------

# (players, seed, steps, rivals): late in a round (market marker on 1), each solve with
# max_turns=1 a few hundred to ~7,000 nodes, well under a second.
SMALL = [
    (2, 10, 221, "paranoid"),
    (2, 42, 230, "paranoid"),
    (2, 16, 295, "paranoid"),
    (3, 2, 89, "maxn"),
    (3, 10, 186, "maxn"),
    (4, 0, 84, "maxn"),
    (4, 10, 259, "maxn"),
    (2, 0, 60, "greedy"),
    (3, 12, 72, "greedy"),
    (4, 7, 84, "greedy"),
    (4, 9, 93, "greedy"),
]


def case_id(case: tuple[int, int, int, str]) -> str:
    return f"{case[0]}co-seed{case[1]}-{case[2]}steps-{case[3]}"


def tempo_position(green_rep: int = 0, blue_rep: int = 0) -> State:
    """Two companies; Green at the tail with GrandPrix right behind it, then Blue (RULINGS K1).

    Market marker on 1 and every active space full, so any Attract buyer action takes the marker
    to 0 and ends the round after that turn (K4, K3). Green: racing engine 6, nobody in its
    canteen (no team bonus, no car can be placed), no move benefit face up (K12).
    """
    s = fresh(2)
    set_active(s, ["body", "engine", "service"])
    s.market_marker = 1
    workers(s, "Green", canteen=0)
    s.companies[co(s, "Green")].race_engine = 6
    face_up(s, "Workers3", "Sell7")  # replaces the face-up Move5b and Engine3 benefits
    s.companies[co(s, "Green")].reputation = green_rep
    s.companies[co(s, "Blue")].reputation = blue_rep
    return set_chain(s, ["Green", "GrandPrix", "Blue"])


BLUE_ENDS_THE_ROUND = PlannerConfig(rivals="scripted", script=("pick Attract",))


def replay(state: State, pv: tuple[tuple[str, str], ...]) -> State:
    """Replay a principal variation with the checked ``State.apply`` (seed removed, as the
    planner does); every action must be legal."""
    s = state.clone(history=False)
    s.seed = None
    for who, text in pv:
        if who != "chance":
            assert s.current_player == s.cfg.companies.index(who), (who, text)
        s.apply(text)  # raises IllegalActionError if the planner proposed an illegal action
    return s


def margin_of(s: State, p: int) -> int:
    reps = [c.reputation for c in s.companies]
    return reps[p] - max(r for i, r in enumerate(reps) if i != p)


# --- 1. equivalence with plain exhaustive search -------------------------------------------------
def _table(plan: planner.Plan) -> dict[str, float]:
    return {a.action: a.value for a in plan.alternatives}


@pytest.mark.parametrize("case", SMALL, ids=case_id)
def test_table_bounds_and_ordering_change_no_value_of_the_plain_exhaustive_search(
        case: tuple[int, int, int, str]) -> None:
    players, seed, steps, rivals = case
    s = at_choose_tile(players, seed, steps)
    cfg = PlannerConfig(rivals=rivals, max_turns=1)
    fast = planner.plan(s, config=cfg)
    slow = planner.plan(s, config=plain(cfg))
    assert not fast.stopped and not slow.stopped
    assert fast.value == slow.value
    assert _table(fast) == _table(slow)  # every "why not this?" entry, not only the best
    assert set(_table(fast)) == {str(a) for a in s.legal_actions()}
    assert fast.best == fast.principal_variation[0][1]
    assert _table(fast)[fast.best] == fast.value == max(_table(fast).values())
    assert fast.nodes <= slow.nodes


@pytest.mark.parametrize("case", [SMALL[0], SMALL[3], SMALL[8]], ids=case_id)
def test_the_margin_objective_is_also_unchanged_by_table_bounds_and_ordering(
        case: tuple[int, int, int, str]) -> None:
    players, seed, steps, rivals = case
    s = at_choose_tile(players, seed, steps)
    cfg = PlannerConfig(rivals=rivals, max_turns=1, objective="margin")
    fast = planner.plan(s, config=cfg)
    slow = planner.plan(s, config=plain(cfg))
    assert (fast.value, _table(fast)) == (slow.value, _table(slow))


@pytest.mark.parametrize("switch", ["use_table", "use_bounds", "use_ordering"])
@pytest.mark.parametrize("case", [SMALL[2], SMALL[6]], ids=case_id)
def test_each_speed_up_alone_leaves_every_value_unchanged(
        case: tuple[int, int, int, str], switch: str) -> None:
    players, seed, steps, rivals = case
    s = at_choose_tile(players, seed, steps)
    base = plain(PlannerConfig(rivals=rivals, max_turns=1))
    reference = planner.plan(s, config=base)
    one_on = {"use_table": replace(base, use_table=True),
              "use_bounds": replace(base, use_bounds=True),
              "use_ordering": replace(base, use_ordering=True)}[switch]
    alone = planner.plan(s, config=one_on)
    assert (alone.value, _table(alone)) == (reference.value, _table(reference))


def test_two_turn_lines_against_greedy_rivals_agree_with_plain_search_too() -> None:
    s = at_choose_tile(3, 1, 99)
    cfg = PlannerConfig(rivals="greedy", max_turns=2)
    fast = planner.plan(s, config=cfg)
    slow = planner.plan(s, config=plain(cfg))
    assert (fast.value, _table(fast)) == (slow.value, _table(slow))


def mid_turn(players: int, seed: int, steps: int) -> State:
    """A seeded ``choose_tile`` position moved on by the deciding company's own random
    decisions to a point inside its turn (its tile picked, the turn not over)."""
    s = at_choose_tile(players, seed, steps)
    p = s.current_player
    r = random.Random(seed)
    picks = [a for a in s.legal if str(ACTIONS[a]).startswith("pick ")]
    r.shuffle(picks)
    s = next(c for c in map(s.child, picks) if c.current_player == p and c.picked >= 0)
    for _ in range(r.randrange(3)):
        if s.current_player != p or s.decision() == "choose_tile":
            break
        child = s.child(s.legal[r.randrange(len(s.legal))])
        if child.current_player == p and child.decision() != "choose_tile" \
                and child.round == s.round:
            s = child
    return s


# The seeded positions of SMALL again, now inside the deciding company's turn, where the bound
# counts only what the tile has left, and with Green's gain as the objective.
INSIDE = [case[:3] + (case[3], "gain" if i % 2 else "margin") for i, case in enumerate(SMALL)
          if i != 9]  # 4co-seed7-84 inside a turn: ~200k plain nodes, too slow for the suite


@pytest.mark.parametrize("case", INSIDE, ids=lambda c: f"{c[0]}co-seed{c[1]}-{c[2]}-{c[3]}"
                         f"-{c[4]}")
def test_the_planner_equals_plain_search_inside_a_turn_too(
        case: tuple[int, int, int, str, str]) -> None:
    players, seed, steps, rivals, objective = case
    s = mid_turn(players, seed, steps)
    cfg = PlannerConfig(rivals=rivals, max_turns=1, objective=objective)
    fast = planner.plan(s, config=cfg)
    slow = planner.plan(s, config=plain(cfg))
    assert not fast.stopped and not slow.stopped
    assert (fast.value, _table(fast)) == (slow.value, _table(slow))
    assert fast.nodes <= slow.nodes
    assert planner.replay_value(s, s.current_player, fast) == fast.value


def scripted_position() -> State:
    """Green at the tail, GrandPrix then Blue's marker; every active space full and the market
    marker on 1, so Blue's scripted "pick Attract" ends the round (RULINGS K1, K3, K4). Green
    has a body 3 and an engine 4 and one worker: a car to place on either of its turns."""
    s = fresh(2)
    set_active(s, ["body", "engine", "price"])
    s.market_marker = 1
    workers(s, "Green", canteen=1)
    s.companies[co(s, "Green")].workshops = ((0, 3), (1, 4))
    face_up(s, "Workers3", "Sell7")
    return set_chain(s, ["Green", "GrandPrix", "Blue"])


def test_a_scripted_rival_that_ends_the_round_bounds_our_turns_and_changes_no_value() -> None:
    """The bound counts only the turns Green keeps before Blue's round-ending pick; every value
    of the "why not this?" table still equals plain exhaustive search, and the plan replays."""
    s = scripted_position()
    cfg = PlannerConfig(rivals="scripted", script=("pick Attract",), max_turns=2)
    fast = planner.plan(s, config=cfg)
    slow = planner.plan(s, config=plain(cfg))
    assert fast.proven and slow.proven
    assert (fast.value, _table(fast)) == (slow.value, _table(slow))
    assert fast.nodes * 3 < slow.nodes
    assert planner.replay_value(s, co(s, "Green"), fast) == fast.value
    search = _Search(s, co(s, "Green"), cfg)
    assert search.rival_ends_round(s, 0)
    assert not search.rival_ends_round(s, 1)  # the script has run out


# --- 2. replay through kwcore -------------------------------------------------------------------
@pytest.mark.parametrize("case", SMALL, ids=case_id)
def test_the_principal_variation_is_legal_and_replays_to_the_plans_value(
        case: tuple[int, int, int, str]) -> None:
    players, seed, steps, rivals = case
    s = at_choose_tile(players, seed, steps)
    p = s.current_player
    result = planner.plan(s, config=PlannerConfig(rivals=rivals, max_turns=1))
    end = replay(s, result.principal_variation)
    assert planner.replay_value(s, p, result) == result.value
    # Re-scored by hand: the line either reached the round's end or was cut after max_turns
    # and scored as if the round ended there (GP, then sales).
    if end.round == s.round and not end.is_terminal():
        rules.score_grand_prix(end)
        rules.score_sales(end)
    assert end.companies[p].reputation - s.companies[p].reputation == result.value


def test_a_proven_plan_against_a_scripted_rival_replays_to_its_value() -> None:
    s = tempo_position()
    result = planner.plan(s, config=BLUE_ENDS_THE_ROUND)
    assert result.proven and not result.cut_lines and not result.stopped
    end = replay(s, result.principal_variation)
    assert end.round == s.round + 1  # the PV runs to the end of the round
    assert planner.replay_value(s, co(s, "Green"), result) == result.value == 11


def test_a_proven_plan_against_a_greedy_rival_replays_to_its_value() -> None:
    s = tempo_position()
    result = planner.plan(s, config=PlannerConfig(rivals="greedy",
                                                  horizon=Horizon.parse("turns:1")))
    assert result.proven
    replay(s, result.principal_variation)
    assert planner.replay_value(s, co(s, "Green"), result) == result.value


# --- 3. a tempo position solved by hand -----------------------------------------------------------
def test_green_takes_the_grand_prix_next_to_it_to_race_twice_before_blue_ends_the_round() -> None:
    """RULINGS K1, K3, K4, K10, K22, K23; seed JP: Action phase 3 and its turn-order example.

    Chain: Green > GrandPrix > Blue > ...; Blue's scripted turn is "pick Attract", which with
    the market marker on 1 and the active spaces full ends the round. Neutral cars stand on 3 and
    6; Green's Grand Prix moves 6 spaces (engine 6, no team), skipping occupied spaces.

    - pick GrandPrix: the marker takes the tile's place and, the tile having been the only
      item between Green and Blue, Green is at the tail again (K1). First move 0 -> 8 (1, 2, 4,
      5, 7, 8). Second turn: GrandPrix or GrandPrix+Attract again, 8 -> 14 (9..12, 1, 2): one
      lap, so FirstLap 3 (K23); the round ends (Green's own Attract or Blue's); Grand Prix: 14
      is ahead of both neutral cars, 1st place 7, one lap 1 (K22). Total 3 + 7 + 1 = 11.
      (Recruit "move 3" on the second turn reaches only 11, no lap: 7.)
    - pick GrandPrix+Attract: one move to 8, the round ends now: 1st place 7, no lap: 7.
    - pick Recruit, "move 3": 0 -> 4 (3 skipped), behind the neutral car on 6: 2nd place 4.
    - any other tile: Blue plays next and ends the round; Green in the pit lane ties with Blue
      for 3rd-4th, and a tie takes the lowest place spanned, the 4th: 0.
    """
    s = tempo_position()
    before = s.clone()
    result = planner.plan(s, config=BLUE_ENDS_THE_ROUND)
    assert s == before
    assert result.best == "pick GrandPrix"
    assert result.value == 11 and result.proven
    table = _table(result)
    assert table.pop("pick GrandPrix") == 11
    assert table.pop("pick GrandPrix+Attract") == 7
    assert table.pop("pick Recruit") == 4
    assert set(table.values()) == {0}
    assert len(table) == len(s.cfg.tiles) - 3
    green_moves = [text for who, text in result.principal_variation if who == "Green"]
    assert green_moves[0] == "pick GrandPrix"
    assert green_moves[1] in ("pick GrandPrix", "pick GrandPrix+Attract")
    assert tempo.turns_in_a_row(s, s.cfg.tile_named("GrandPrix").index) == 2


# --- 4. objectives and horizons -------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("round", Horizon("round")),
    ("game", Horizon("game")),
    (" Round ", Horizon("round")),
    ("turns:1", Horizon("turns", 1)),
    ("turns:12", Horizon("turns", 12)),
])
def test_horizon_parse_accepts_round_game_and_turns_n(text: str, expected: Horizon) -> None:
    h = Horizon.parse(text)
    assert h == expected
    assert Horizon.parse(str(h)) == h


@pytest.mark.parametrize("text", ["", "rounds", "turn:2", "turns", "turns:", "turns:0",
                                  "turns:-1", "turns:x", "turns:1.5", "match", "3"])
def test_horizon_parse_rejects_anything_else_with_a_planner_error(text: str) -> None:
    with pytest.raises(PlannerError, match="horizon"):
        Horizon.parse(text)


def test_the_margin_objective_is_our_reputation_minus_the_best_rivals_at_the_horizon() -> None:
    # Green 2, Blue 5 before; Green gains 11 (see the tempo test) and Blue nothing, as Blue
    # ends the round in the pit lane (4th place, no lap): margin (2 + 11) - 5 = 8.
    s = tempo_position(green_rep=2, blue_rep=5)
    green = co(s, "Green")
    cfg = PlannerConfig(objective="margin", rivals="scripted", script=("pick Attract",))
    result = planner.plan(s, config=cfg)
    assert result.proven and result.best == "pick GrandPrix"
    end = replay(s, result.principal_variation)
    assert end.round == s.round + 1
    assert result.value == margin_of(end, green) == 8
    assert planner.replay_value(s, green, result) == 8


@pytest.mark.parametrize("case", [SMALL[1], SMALL[4], SMALL[9]], ids=case_id)
def test_the_margin_objective_of_a_solved_random_position_matches_its_replay(
        case: tuple[int, int, int, str]) -> None:
    players, seed, steps, rivals = case
    s = at_choose_tile(players, seed, steps)
    p = s.current_player
    result = planner.plan(s, config=PlannerConfig(rivals=rivals, max_turns=1, objective="margin"))
    end = replay(s, result.principal_variation)
    if end.round == s.round and not end.is_terminal():
        rules.score_grand_prix(end)  # a cut line is scored as if the round ended there
        rules.score_sales(end)
    assert result.value == margin_of(end, p)


def test_turns_1_stops_after_the_companys_own_next_turn() -> None:
    """From Green's decision, turns:1 is this turn only. Taking GrandPrix next to it gives Green
    its next turn at once, so it is worth nothing within the horizon; GrandPrix+Attract ends the
    round in this very turn and scores 1st place (7), as in the tempo test. Greedy Blue then
    plays round 2 until Green's next turn; it has at most two Attract actions before Green (the
    only Attract tiles it can keep the turn with), too few to end round 2 (K4), so nothing else
    is scored."""
    s = tempo_position()
    green = co(s, "Green")
    result = planner.plan(s, config=PlannerConfig(rivals="greedy",
                                                  horizon=Horizon.parse("turns:1")))
    assert result.best == "pick GrandPrix+Attract" and result.value == 7
    assert _table(result)["pick GrandPrix"] == 0
    t = s.clone(history=False)
    t.seed = None
    next_turn = False
    for who, text in result.principal_variation:
        assert not (who == "Green" and next_turn), "a decision from Green's next turn"
        k = len(t.events)
        t.apply(text)
        next_turn = next_turn or Turn(green) in t.events[k:]
    # The line runs on (Blue, round 2) exactly until Green's next turn begins.
    assert next_turn and t.current_player == green and t.decision() == "choose_tile"


# --- 5. budgets and errors ------------------------------------------------------------------------
def test_a_tiny_node_budget_still_answers_with_the_incumbent_not_proven() -> None:
    result = planner.plan(tempo_position(), config=PlannerConfig(
        rivals="scripted", script=("pick Attract",), node_budget=1))
    assert result.stopped == "node budget" and not result.proven
    assert result.principal_variation and result.value <= result.upper


def test_a_node_budget_that_runs_out_midway_returns_an_unproven_partial_plan() -> None:
    s = tempo_position()
    full = planner.plan(s, config=BLUE_ENDS_THE_ROUND)
    budget = full.nodes // 2
    cfg = PlannerConfig(rivals="scripted", script=("pick Attract",), node_budget=budget)
    part = planner.plan(s, config=cfg)
    assert part.stopped == "node budget" and not part.proven
    assert part.nodes <= budget + 1 < full.nodes  # the node that broke the budget is counted
    assert len(part.alternatives) == len(full.alternatives)  # each with a line and a bound
    assert part.value <= full.value <= part.upper  # a real line found so far, and a bound
    assert planner.replay_value(s, part.company, part) == part.value


def test_a_node_budget_without_the_table_gives_a_plan_never_a_leak() -> None:
    """Without the table the principal variation is rebuilt by searching again, which spends
    nodes past the budget; the internal stop signal must not escape ``plan``."""
    s = at_choose_tile(2, 0, 60)
    for budget in (200, 600, 1000):
        cfg = plain(PlannerConfig(rivals="greedy", max_turns=1, node_budget=budget))
        result = planner.plan(s, config=cfg)
        assert result.principal_variation
        assert result.stopped == "node budget" and not result.proven


def test_planning_a_finished_game_raises_a_planner_error() -> None:
    s = kwcore.new_game(2, 3)
    r = random.Random(3)
    while not s.is_terminal():
        s.apply_unchecked(s.legal[r.randrange(len(s.legal))])
    with pytest.raises(PlannerError, match="game is over"):
        planner.plan(s, 0)


@pytest.mark.parametrize("company", [2, 4, -1])
def test_a_company_outside_the_game_raises_a_planner_error(company: int) -> None:
    with pytest.raises(PlannerError, match="not in this 2-company game"):
        planner.plan(tempo_position(), company, BLUE_ENDS_THE_ROUND)


def test_planning_at_a_chance_node_without_naming_the_company_raises_a_planner_error() -> None:
    s = kwcore.new_game(2, 0, explicit_chance=True)
    assert s.is_chance_node() and s.current_player == rules.CHANCE
    with pytest.raises(PlannerError, match="chance"):
        planner.plan(s)


@pytest.mark.parametrize("settings, words", [
    ({"time_budget": 0}, "time budget"),
    ({"time_budget": -1.5}, "time budget"),
    ({"time_budget": float("nan")}, "time budget"),
    ({"node_budget": 0}, "node budget"),
    ({"objective": "score"}, "objective"),
    ({"rivals": "random"}, "rivals"),
    ({"max_turns": 0}, "max_turns"),
    ({"samples": 0}, "samples"),
])
def test_bad_settings_raise_a_planner_error_naming_the_setting(
        settings: dict[str, Any], words: str) -> None:
    s = tempo_position()
    before = s.clone()
    with pytest.raises(PlannerError, match=words):
        planner.plan(s, config=PlannerConfig(**settings))
    assert s == before


def test_a_script_that_runs_out_raises_a_planner_error_saying_so() -> None:
    with pytest.raises(PlannerError, match="script ran out.*Blue.*choose_tile"):
        planner.plan(tempo_position(), config=PlannerConfig(rivals="scripted", script=()))


def test_an_illegal_scripted_decision_raises_a_planner_error_naming_it() -> None:
    cfg = PlannerConfig(rivals="scripted", script=("attract body",))
    with pytest.raises(PlannerError, match="scripted decision 1 'attract body' is not legal"):
        planner.plan(tempo_position(), config=cfg)


def test_an_unreadable_scripted_decision_raises_a_planner_error_too() -> None:
    cfg = PlannerConfig(rivals="scripted", script=("fly to the moon",))
    with pytest.raises(PlannerError, match="fly to the moon"):
        planner.plan(tempo_position(), config=cfg)


# --- 6. the admissible bound ----------------------------------------------------------------------
def max_gain_lines(s: State, p: int, max_turns: int) -> list[tuple[int, int]]:
    """Every line of play to the round's end or the max_turns cut, every company choosing
    freely (the most favourable rivals possible): (p's gain, p's turns, the current included)."""
    start = s.companies[p].reputation
    round0 = s.round
    out: list[tuple[int, int]] = []

    def walk(t: State, turns: int, mine: int) -> None:
        if t.round != round0 or t.is_terminal():
            out.append((t.companies[p].reputation - start, mine))
            return
        if turns > max_turns:
            u = t.clone(history=False)
            rules.score_grand_prix(u)
            rules.score_sales(u)
            out.append((u.companies[p].reputation - start, mine))
            return
        for aid in t.legal:
            c = t.child(aid)
            new = [e for e in c.events[len(t.events):] if isinstance(e, Turn)]
            cut = turns + len(new) > max_turns
            played = not cut and c.round == round0 and not c.is_terminal()
            walk(c, turns + len(new), mine + (sum(e.company == p for e in new) if played else 0))

    walk(s, 0, 1)
    return out


@pytest.mark.parametrize("case", [SMALL[0], SMALL[1], SMALL[3], SMALL[5]], ids=case_id)
def test_optimistic_gain_is_never_below_any_gain_exhaustive_search_finds_in_the_round(
        case: tuple[int, int, int, str]) -> None:
    players, seed, steps, _ = case
    s = at_choose_tile(players, seed, steps)
    p = s.current_player
    lines = max_gain_lines(s, p, 1)
    assert lines
    for gain, mine in lines:
        assert gain <= planner.optimistic_gain(s, p, mine)
    best = max(g for g, _ in lines)
    assert best <= planner.optimistic_gain(s, p, 1 + tempo.own_turns_within(s, p, 1))
    for rivals in ("greedy", "maxn" if players > 2 else "paranoid"):
        result = planner.plan(s, config=plain(PlannerConfig(rivals=rivals, max_turns=1)))
        assert max(_table(result).values()) <= best  # no model beats rivals that help us


@pytest.mark.parametrize("case", [SMALL[0][:3], SMALL[3][:3], SMALL[5][:3], SMALL[7][:3]],
                         ids=lambda c: f"{c[0]}co-seed{c[1]}-{c[2]}")
def test_optimistic_gain_inside_a_turn_is_never_below_any_gain_of_the_round(
        case: tuple[int, int, int]) -> None:
    """Inside a turn the bound counts only the actions the tile has left; every line of play
    (all companies choosing freely) still gains at most that."""
    s = mid_turn(*case)
    p = s.current_player
    assert s.picked >= 0
    lines = max_gain_lines(s, p, 1)
    assert lines
    for gain, mine in lines:
        assert gain <= planner.optimistic_gain(s, p, mine)


def test_optimistic_gain_bounds_the_hand_built_tempo_position() -> None:
    s = tempo_position()
    green = co(s, "Green")
    assert planner.optimistic_gain(s, green, 2) >= 11  # two turns before the round ends
    lines = max_gain_lines(s, green, 1)
    for gain, mine in lines:
        assert gain <= planner.optimistic_gain(s, green, mine)


# --- 7. chance ------------------------------------------------------------------------------------
def late_in_round_two(players: int, seed: int) -> State:
    """Seeded random play to a ``choose_tile`` of round 2 where the round can end at once."""
    s = kwcore.new_game(players, seed)
    r = random.Random(seed)
    while True:
        s.apply_unchecked(s.legal[r.randrange(len(s.legal))])
        if s.round == 2 and s.decision() == "choose_tile" and (
                s.market_marker == 1 and -1 not in s.active
                or sum(c is not None for c in s.market) == 5):
            return s


def test_a_game_horizon_plan_over_the_next_reveals_samples_them_and_says_so() -> None:
    s = late_in_round_two(2, 5)
    assert s.seed is not None
    before = s.clone()
    text = s.to_json()
    cfg = PlannerConfig(horizon=Horizon.parse("game"), rivals="greedy", max_turns=2,
                        node_budget=3000, samples=2)
    sampled = planner.plan(s, config=cfg)
    assert sampled.sampled and not sampled.proven  # more than 4 tiles face down: sampled
    exact = planner.plan(s, config=replace(cfg, exact_chance=99))
    assert not exact.sampled
    assert all(who != "chance" for who, _ in sampled.principal_variation)  # stops at chance
    # The seeded future was never read: the state is untouched ...
    assert s == before and s.to_json() == text
    assert (s.seed, s.draws) == (before.seed, before.draws)
    # ... and a different seed (a different future) gives the same answer.
    other = s.clone()
    other.seed = (s.seed or 0) + 12345
    again = planner.plan(other, config=cfg)
    assert (again.value, _table(again), again.principal_variation) == (
        sampled.value, _table(sampled), sampled.principal_variation)


def test_the_round_horizon_never_meets_chance_and_leaves_the_state_untouched() -> None:
    s = at_choose_tile(2, 10, 221)
    before = s.clone()
    result = planner.plan(s, config=PlannerConfig(rivals="paranoid", max_turns=1))
    assert not result.sampled
    assert s == before and s.seed == before.seed


# --- 8. lazy bounds in best-first search ---------------------------------------------------------
def _search_root(s: State) -> State:
    """The root the planner searches: no history, explicit chance (see ``planner.plan``)."""
    root = s.clone(history=False)
    root.seed = None
    return root


def test_once_a_child_meets_its_decisions_bound_no_other_child_is_searched(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """No child is worth more than its parent, so a child whose value equals the decision's
    admissible bound ends the decision, although other children's own bounds are higher. Here
    the bound handed in is the exact value, found by plain search."""
    s = at_choose_tile(4, 9, 93)
    cfg = PlannerConfig(rivals="greedy", max_turns=1)
    slow = planner.plan(s, config=plain(cfg))
    root = _search_root(s)
    p = root.current_player
    search = _Search(root, p, cfg)
    values = {aid: _table(slow)[str(ACTIONS[aid])] for aid in root.legal}
    tight = {}
    for aid in root.legal:
        child, _, turns = search.expand(root, aid, 0, 0)
        tight[aid] = search.tight_bound(child, search.turns_left(child, turns, 0))
    children = {}  # id of each child state of the root -> its action
    alive = []  # the child states themselves, so that no other state takes over their ids
    expand, inner = search.expand, search.search
    searched: list[int] = []

    def expanding(state: State, aid: int, our_turns: int, turns: int) -> Any:
        out = expand(state, aid, our_turns, turns)
        if state is root:
            children[id(out[0])] = aid
            alive.append(out[0])
        return out

    def searching(state: State, *args: Any) -> Any:
        if id(state) in children:
            searched.append(children[id(state)])
        return inner(state, *args)

    monkeypatch.setattr(search, "expand", expanding)
    monkeypatch.setattr(search, "search", searching)
    node = search.best_first(root, 0, 0, 0, -planner.INF, planner.INF, slow.value)
    assert node.vec[p] == slow.value and node.best == searched[-1]
    assert [values[aid] == slow.value for aid in searched] == [False] * (len(searched) - 1) + [True]
    # Without the rule, every child whose bound beats the value found would be searched too.
    assert any(tight[aid] > slow.value for aid in root.legal if aid not in searched)


@pytest.mark.parametrize("case", [SMALL[3], SMALL[7], SMALL[10]], ids=case_id)
def test_every_bound_a_child_is_searched_with_is_at_least_the_value_found_there(
        case: tuple[int, int, int, str], monkeypatch: pytest.MonkeyPatch) -> None:
    """The lazy queue hands each searched child its bound (the parent's, the quick or the
    tight one, whichever is lowest); none may be below the value the child's search finds."""
    players, seed, steps, rivals = case
    s = at_choose_tile(players, seed, steps)
    p = s.current_player
    seen: list[tuple[float, float]] = []
    search = _Search.search

    def recording(self: Any, state: State, our_turns: int, turns: int, script_at: int,
                  alpha: float, beta: float, ub: float = planner.INF) -> Any:
        node = search(self, state, our_turns, turns, script_at, alpha, beta, ub)
        if ub < planner.INF and node.flag != UPPER:  # an exact value or a lower bound
            seen.append((ub, node.vec[p]))
        return node

    monkeypatch.setattr(_Search, "search", recording)
    planner.plan(s, config=PlannerConfig(rivals=rivals, max_turns=1))
    assert seen
    assert all(value <= ub for ub, value in seen)


# --- 8. bounds worked out without playing the choice ----------------------------------------------
@pytest.mark.parametrize("case", [SMALL[0], SMALL[3], SMALL[5], SMALL[8]], ids=case_id)
def test_a_picks_bound_from_the_position_is_never_below_any_gain_after_that_pick(
        case: tuple[int, int, int, str]) -> None:
    """``pick_bound`` bounds a tile pick before it is played (the turn may do every action of
    the tile, K2; our turns are counted on the chain after the pick, K1): every line of play
    after the pick, all companies choosing freely, gains at most that. The tiles' bounds are
    not all alike (the bound weighs the tile) and none is looser than the position's own."""
    players, seed, steps, _ = case
    root = _search_root(at_choose_tile(players, seed, steps))
    p = root.current_player
    search = _Search(root, p, PlannerConfig(rivals="greedy", max_turns=1))
    bounds = []
    for aid in root.legal:
        bound = search.pick_bound(root, ACTIONS[aid], 0, 0, _Picks())
        child, _, turns = search.expand(root, aid, 0, 0)
        lines = max_gain_lines(child, p, 1 - turns)  # the cut counts turns from the root
        assert lines
        assert max(gain for gain, _ in lines) <= bound
        bounds.append(bound)
    assert len(set(bounds)) > 1


def at_recruit(players: int, seed: int, steps: int, *names: str) -> State:
    """A seeded ``choose_tile`` position (with the named recruit tiles put face up) played on
    by the deciding company to its own Recruit choice: the first tile with Recruit it can
    pick, its Recruit action chosen first."""
    s = at_choose_tile(players, seed, steps)
    if names:
        face_up(s, *names)
    p = s.current_player
    frontier = [s]
    for _ in range(4):
        nxt = []
        for t in frontier:
            for aid in t.legal:
                c = t.child(aid)
                if c.current_player == p and c.round == s.round:
                    if c.decision() == "recruit":
                        return c
                    if c.decision() != "choose_tile":
                        nxt.append(c)
        frontier = nxt
    raise AssertionError("no Recruit choice within the turn")


@pytest.mark.parametrize("case, names", [
    ((2, 10, 221), ()), ((3, 2, 89), ()), ((4, 0, 84), ()), ((2, 0, 60), ("Move5", "Durant")),
    ((3, 12, 72), ("Workers3", "Brayton")), ((2, 42, 230), ("Sell7", "Buick")),
], ids=lambda x: "-".join(map(str, x)))
def test_the_recruit_choices_bound_is_never_below_any_gain_of_the_round(
        case: tuple[int, int, int], names: tuple[str, ...]) -> None:
    """At our Recruit choice the action takes one face-up tile, or 2 workers, or moves the car
    (K12): ``recruit_gain`` weighs the choice (a Move benefit taken still moves the car), and
    every line of play from there gains at most that."""
    s = at_recruit(*case, *names)
    p = s.current_player
    pos = _Position(s, p)
    lines = max_gain_lines(s, p, 1)
    assert lines
    for gain, mine in lines:
        assert gain <= pos.recruit_gain(mine), (gain, mine)


def test_at_the_recruit_choice_of_keep_the_turn_the_bound_is_the_best_gain_exactly() -> None:
    """The puzzle ``keep_the_turn`` after Green picks Recruit: taking the investor Durant gives
    an investment token, one more car to sell to the buyers in order (K15), and that is the
    best gain of every line of play. The Recruit choice's bound reaches it exactly, where the
    quick bound, which lets the one action take every face-up tile at once, is looser."""
    from solvers.kraftwagen.puzzles import load_puzzles

    puzzle = next(p for p in load_puzzles() if p.name == "keep_the_turn")
    s = _search_root(puzzle.state())
    p = s.current_player
    s = s.child(s.resolve("pick Recruit"))
    assert s.decision() == "recruit" and s.current_player == p
    lines = max_gain_lines(s, p, 1)
    best = max(gain for gain, _ in lines)
    pos = _Position(s, p)
    assert all(gain <= pos.recruit_gain(mine) for gain, mine in lines)
    assert pos.recruit_gain(1) == best < pos.gain(1, None, tight=False)


@pytest.mark.parametrize("case", [SMALL[3], SMALL[7], SMALL[8], SMALL[10]], ids=case_id)
def test_a_fail_low_result_is_never_below_the_true_value(case: tuple[int, int, int, str]) -> None:
    """Searched with alpha above a position's value, the search may say only "at most u";
    u must still be at least the value (fail-soft), the bounds of the children it never
    searched included, or a transposition met later with a lower alpha would be misjudged."""
    players, seed, steps, rivals = case
    s = at_choose_tile(players, seed, steps)
    cfg = PlannerConfig(rivals=rivals, max_turns=1)
    exact = _table(planner.plan(s, config=plain(cfg)))
    root = _search_root(s)
    p = root.current_player
    for aid in root.legal:
        value = exact[str(ACTIONS[aid])]
        for alpha in (value + 0.5, value + 3):
            search = _Search(root, p, cfg)
            child, ours, turns = search.expand(root, aid, 0, 0)
            node = search.search(child, ours, turns, 0, alpha, planner.INF)
            if node.flag == EXACT:  # a line with no choice of ours is exact anyway
                assert node.vec[p] == value
            else:
                assert node.flag == UPPER and value <= node.vec[p] <= alpha, (aid, alpha)


def test_the_recruit_choices_bound_counts_the_move_a_move_benefit_makes() -> None:
    """Move5 taken by the Recruit action moves the car 5 spaces (seed JP: Benefits; K12), more
    than the Recruit move's 3: Green (racing engine 1, nobody to put in its team) at space 1,
    Blue at 8. The bound of taking Move5 must count that move, or it falls below the gain of
    the line that takes it."""
    s = fresh(2)
    face_up(s, "Move5", "Sell7")
    green, blue = co(s, "Green"), co(s, "Blue")
    workers(s, "Green", canteen=0)
    s.companies[green].race_engine = 1
    s.companies[green].progress = 1
    s.companies[blue].progress = 8
    set_chain(s, ["Green", "Recruit", "Blue"])
    s.apply("pick Recruit")
    assert s.decision() == "recruit"
    pos = _Position(s, green)
    lines = max_gain_lines(s, green, 0)
    assert all(gain <= pos.recruit_gain(mine) for gain, mine in lines)
    assert max(gain for gain, _ in lines) == 7
