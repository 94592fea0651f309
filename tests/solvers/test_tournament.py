"""Bots by name (solvers.bots), tournaments (solvers.tournament) and ``kw tournament``.

Tournaments here are greedy against random in 2-company games (about 0.1 s a game), so the whole
file stays fast; the planner and MCTS bots are checked on single decisions and short games. The
statistics are checked against the games they summarise and against the Wilson and t formulas
written out independently; parallel and Dask runs are checked to give the same games.
"""

from __future__ import annotations

import json
import math
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psutil
import pytest

import kwcore
from kwcore.actions import ACTIONS, PickTile
from kwcore.bots import Bot, GreedyBot, evaluate
from kwcore.state import SCORE_SOURCES
from solvers import tournament
from solvers.bots import BotError, bots_of, canonical, make_bot, parse_spec
from solvers.kraftwagen import bots as kw_bots
from solvers.kraftwagen.bots import (
    DEFAULT_TILE_CANDIDATES,
    MARKET_BOOST,
    TILE_BOOST,
    PlannerBot,
)
from solvers.kraftwagen.planner import Plan, PlannerConfig, plan
from solvers.tournament import TournamentError, play_one, run_tournament, schedule
from tests.support.builders import assert_one_error_line

Run = tuple[int, str, str]
Kw = Callable[..., Run]
ROOT = Path(__file__).resolve().parents[2]
Z95 = 1.959963984540054  # the normal quantile of 0.975


@pytest.fixture(scope="module")
def small() -> tournament.TournamentResult:
    """Greedy against random: 6 games of 2 companies, one process."""
    return run_tournament(["greedy", "random"], 6, seed=3, progress=False)


def _decision_point(seed: int = 4, skip: int = 40) -> kwcore.State:
    """A 2-company mid-game position reached by greedy play, at a real choice."""
    state = kwcore.new_game(2, seed)
    bots = [GreedyBot(1), GreedyBot(2)]
    for _ in range(skip):
        state.apply(bots[state.current_player].choose(state))
    while len(state.legal_action_ids()) < 2:
        state.apply(bots[state.current_player].choose(state))
    return state


# --- the bot registry -------------------------------------------------------------------------
@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:3", "planner:50"])
def test_every_named_bot_is_a_bot_that_chooses_a_legal_action(spec: str) -> None:
    state = _decision_point()
    bot = make_bot(spec, 7)
    assert isinstance(bot, Bot)
    assert bot.choose(state) in state.legal_action_ids()


def test_bot_specs_take_defaults_and_parameters() -> None:
    assert parse_spec("greedy") == ("greedy", None)
    assert parse_spec(" MCTS:25 ") == ("mcts", 25)
    assert canonical("mcts") == f"mcts:{bots_of()['mcts'].default}"
    assert make_bot("mcts:25", 1).simulations == 25  # type: ignore[attr-defined]
    assert make_bot("planner:77", 1).config.node_budget == 77  # type: ignore[attr-defined]


@pytest.mark.parametrize(("spec", "fragment"), [
    ("alphazero", "unknown bot 'alphazero' (known bots: random, greedy, mcts, mcts-time, "
                  "openspiel-mcts, planner"),
    ("random:5", "takes no parameter"),
    ("mcts:0", "whole number >= 1"),
    ("mcts:many", "whole number >= 1 (simulations per decision)"),
    ("planner:-3", "whole number >= 1"),
])
def test_a_bad_bot_spec_is_a_clear_bot_error(spec: str, fragment: str) -> None:
    with pytest.raises(BotError) as info:
        make_bot(spec, 0)
    assert fragment in str(info.value)
    assert isinstance(info.value, ValueError)


def test_the_planner_bot_plays_a_top_valued_move_of_the_same_bounded_search() -> None:
    state = _decision_point(seed=5, skip=26)  # a market step, about 100 nodes
    bot = PlannerBot(seed=1, nodes=5_000, blend=0)  # the searched margin alone
    chosen = bot.choose(state)
    # Here the search places a car where the one-ply greedy bot passes: not its fallback.
    assert chosen != GreedyBot(1).choose(state)
    # The same search, run independently: the bot's move must be one of its best first moves.
    result = plan(state, state.current_player, bot.config)
    assert not result.stopped
    top = result.alternatives[0].value
    best = {state.resolve(a.action) for a in result.alternatives if a.value >= top - 1e-9}
    assert chosen in best
    assert (bot.planned, bot.fallbacks) == (1, 0)


def test_the_planner_bot_adds_the_greedy_evaluation_to_each_searched_value() -> None:
    state = _decision_point(seed=5, skip=26)  # a market step
    p = state.current_player
    bot = PlannerBot(seed=1, nodes=5_000, blend=2.5)
    chosen = bot.choose(state)
    # Recomputed independently: the same search, each first decision scored as its margin plus
    # 2.5 times kwcore's greedy evaluation of the position it leads to.
    result = plan(state, p, bot.config)
    assert not result.stopped
    scores = {state.resolve(a.action): a.value + 2.5 * evaluate(state.child(
        state.resolve(a.action)), p) for a in result.alternatives}
    top = max(scores.values())
    assert scores[chosen] == pytest.approx(top)
    assert bot.planned == 1


def _spy_on_plan(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Record the node budget of every search the planner bot runs."""
    budgets: list[int] = []

    def spy(state: kwcore.State, company: int, config: PlannerConfig) -> Plan:
        budgets.append(config.node_budget)
        return plan(state, company, config)

    monkeypatch.setattr(kw_bots, "plan", spy)
    return budgets


def _tile_choice(seed: int = 6, skip: int = 20) -> kwcore.State:
    """A 2-company position where the company to play picks a tile among several."""
    state = _decision_point(seed=seed, skip=skip)
    while state.decision() != "choose_tile" or len(state.legal_action_ids()) < 2:
        state.apply(GreedyBot(3).choose(state))
    return state


def test_the_planner_bot_searches_the_rest_of_the_turn_after_each_candidate_tile(
        monkeypatch: pytest.MonkeyPatch) -> None:
    budgets = _spy_on_plan(monkeypatch)
    state = _tile_choice()
    p = state.current_player
    bot = PlannerBot(seed=9, nodes=2_000)  # a budget that finishes every search here
    chosen = bot.choose(state)
    # The candidates, worked out independently: the greedy evaluation's best tiles (and the
    # greedy bot's own pick), each searched once with TILE_BOOST times the budget.
    picks = [aid for aid in state.legal_action_ids() if isinstance(ACTIONS[aid], PickTile)]
    rated = sorted(picks, key=lambda aid: -evaluate(state.child(aid), p))
    candidates = set(rated[:DEFAULT_TILE_CANDIDATES]) | {GreedyBot(9).choose(state)}
    assert budgets == [2_000 * TILE_BOOST] * len(candidates)
    assert (bot.planned, bot.fallbacks, bot.tile_searches) == (1, 0, len(candidates))
    # Each candidate scored as the best first decision after it: searched margin plus the
    # blended greedy evaluation; the bot's tile has the top score.
    scores = {}
    for aid in candidates:
        child = state.child(aid)
        result = plan(child, p, bot.tile_config)
        assert not result.stopped
        scores[aid] = max((a.value + bot.blend * evaluate(
            child.child(child.resolve(a.action)), p) for a in result.alternatives),
            default=result.value + bot.blend * evaluate(child, p))  # the turn ended at once
    assert chosen in candidates
    assert scores[chosen] == pytest.approx(max(scores.values()))


def test_the_tile_search_changes_some_tile_choices_of_a_game() -> None:
    # Along a greedy game, the searched tile differs from the greedy bot's at some choices:
    # the search is not a costly way of agreeing with the greedy evaluation.
    state = _tile_choice(seed=6, skip=0)
    differ = searched = 0
    for _ in range(12):
        bot = PlannerBot(seed=9, nodes=300)
        chosen = bot.choose(state)
        if bot.planned:
            searched += 1
            differ += chosen != GreedyBot(9).choose(state)
        state.apply(GreedyBot(3).choose(state))
        while state.decision() != "choose_tile" or len(state.legal_action_ids()) < 2:
            state.apply(GreedyBot(3).choose(state))
    assert searched >= 4 and differ >= 1


def test_the_planner_bot_without_tile_candidates_leaves_the_tile_choice_to_greedy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    budgets = _spy_on_plan(monkeypatch)
    state = _tile_choice()
    bot = PlannerBot(seed=9, nodes=100_000, tile_candidates=0)
    assert bot.choose(state) == GreedyBot(9).choose(state)
    assert budgets == [] and (bot.planned, bot.fallbacks) == (0, 1)


def test_the_tile_choice_falls_back_to_greedy_when_a_tile_search_stops(
        monkeypatch: pytest.MonkeyPatch) -> None:
    budgets = _spy_on_plan(monkeypatch)
    state = _tile_choice()
    bot = PlannerBot(seed=9, nodes=1)  # 7 nodes per tile: no search finishes
    assert bot.choose(state) == GreedyBot(9).choose(state)
    assert budgets == [TILE_BOOST] and (bot.planned, bot.fallbacks) == (0, 1)
    assert bot.line == {}


@pytest.mark.parametrize("candidates", [-1, 1.5, True, "3"])
def test_bad_planner_tile_candidates_are_a_bot_error(candidates: object) -> None:
    with pytest.raises(BotError, match="tile candidates must be a whole number >= 0"):
        PlannerBot(seed=0, tile_candidates=candidates)  # type: ignore[arg-type]


def test_a_seeded_planner_game_replays_exactly_with_legal_moves_only() -> None:
    spec = schedule(["planner:40", "greedy"], 2, seed=5)[1]
    first, again = play_one(spec), play_one(spec)  # play_one checks every choice is legal
    assert first == again
    assert first.decisions > 100


def test_the_planner_bot_searches_the_market_step_with_a_boosted_budget(
        monkeypatch: pytest.MonkeyPatch) -> None:
    budgets = _spy_on_plan(monkeypatch)
    market = _decision_point(seed=5, skip=26)
    assert market.decision() == "market"
    PlannerBot(seed=1, nodes=40).choose(market)
    state = _decision_point(seed=6, skip=20)
    while state.decision() != "choose_action" or len(state.legal_action_ids()) < 2:
        state.apply(GreedyBot(3).choose(state))
    PlannerBot(seed=1, nodes=40).choose(state)
    assert budgets == [40 * MARKET_BOOST, 40]


@pytest.mark.parametrize("blend", [-1.0, math.nan, "much"])
def test_a_bad_planner_blend_is_a_bot_error(blend: object) -> None:
    with pytest.raises(BotError, match="blend must be a number >= 0"):
        PlannerBot(seed=0, blend=blend)  # type: ignore[arg-type]


def test_the_planner_bot_falls_back_to_greedy_when_the_budget_is_too_small() -> None:
    state = _decision_point(seed=6, skip=20)
    bot = PlannerBot(seed=9, nodes=1)
    assert bot.choose(state) == GreedyBot(9).choose(state)
    assert (bot.planned, bot.fallbacks) == (0, 1)


def test_the_planner_bot_follows_its_plan_without_searching_again() -> None:
    state = _decision_point(seed=5, skip=26)  # a market step, about 100 nodes
    p = state.current_player
    bot = PlannerBot(seed=1, nodes=5_000)
    state.apply(bot.choose(state))
    steps = 0
    while state.current_player == p and len(state.legal_action_ids()) > 1 and steps < 5:
        expected = bot.line.get(state.key())
        if expected is None:
            break
        assert bot.choose(state) == expected
        state.apply(expected)
        steps += 1
    assert steps >= 1 and bot.followed == steps and bot.planned == 1


def test_a_whole_game_with_planner_and_mcts_bots_ends_with_legal_moves_only() -> None:
    spec = schedule(["planner:40", "mcts:2", "greedy"], 3, seed=1)[0]
    result = play_one(spec)  # play_one checks every choice against the legal ids
    assert len(result.scores) == 3 and result.decisions > 50


# --- scheduling -------------------------------------------------------------------------------
@pytest.mark.parametrize(("bots", "players", "games"), [
    (["greedy", "random"], None, 8), (["greedy", "random", "mcts"], None, 9),
    (["greedy", "random"], 4, 8), (["planner"], 3, 6),
])
def test_every_bot_sits_in_every_seat_equally_often(bots: list[str], players: int | None,
                                                    games: int) -> None:
    specs = schedule(bots, games, seed=2, players=players)
    assert [s.index for s in specs] == list(range(games))
    seats = Counter((seat, name) for s in specs for seat, name in enumerate(s.lineup))
    assert len(set(seats.values())) == 1
    assert {name for _, name in seats} == {canonical(b) for b in bots}
    # One setup seed per block of rotations: every line-up meets the same deal.
    p = len(specs[0].lineup)
    for block in range(games // p):
        assert len({s.setup_seed for s in specs[block * p:(block + 1) * p]}) == 1
    assert len({s.setup_seed for s in specs}) == games // p


def test_the_schedule_is_a_function_of_the_seed() -> None:
    assert schedule(["greedy", "random"], 4, seed=5) == schedule(["greedy", "random"], 4, seed=5)
    assert schedule(["greedy", "random"], 4, seed=5) != schedule(["greedy", "random"], 4, seed=6)


@pytest.mark.parametrize(("bots", "games", "players", "fragment"), [
    (["greedy", "random"], 5, None, "positive multiple of 2"),
    (["greedy", "random"], 0, None, "positive multiple of 2"),
    (["greedy", "random", "mcts"], 8, 4, "3 bots cannot share 4 seats"),
    (["greedy", "random"], 6, 5, "2 to 4 companies"),
    (["greedy", "greedy"], 2, None, "each bot may be named once"),
    (["greedy", "chess"], 2, None, "unknown bot 'chess'"),
    ([], 2, None, "name the bots"),
])
def test_a_bad_schedule_is_a_tournament_error(bots: list[str], games: int, players: int | None,
                                              fragment: str) -> None:
    with pytest.raises(TournamentError) as info:
        schedule(bots, games, seed=0, players=players)
    assert fragment in str(info.value)


# --- results and statistics -------------------------------------------------------------------
def test_each_game_result_agrees_with_the_rules_core(small: tournament.TournamentResult) -> None:
    for g in small.games:
        assert [sum(p) for p in g.parts] == list(g.scores)  # score_parts add up (K24 scores)
        top = max(g.scores)
        assert set(g.winners) <= {i for i, s in enumerate(g.scores) if s == top}
    # A game replayed on its own gives the same result.
    spec = schedule(["greedy", "random"], 6, seed=3)[4]
    assert play_one(spec) == small.games[4]


def test_bot_statistics_count_the_games_they_summarise(small: tournament.TournamentResult) -> None:
    for s in small.stats:
        seats = [(g, i) for g in small.games for i, n in enumerate(g.lineup) if n == s.bot]
        wins = sum(1 for g, i in seats if g.winners == (i,))
        shared = sum(1 for g, i in seats if i in g.winners and len(g.winners) > 1)
        scores = [g.scores[i] for g, i in seats]
        assert (s.seats, s.wins, s.shared) == (len(seats), wins, shared)
        assert s.mean_score == pytest.approx(sum(scores) / len(scores))
        assert sum(s.parts.values()) == pytest.approx(s.mean_score)
        assert s.parts["sales"] == pytest.approx(
            sum(g.parts[i][0] for g, i in seats) / len(seats))
        # The Wilson interval, written out: centre (k + z^2/2)/(n + z^2).
        n, k = len(seats), wins
        centre = (k + Z95**2 / 2) / (n + Z95**2)
        half = Z95 / (n + Z95**2) * math.sqrt(k * (n - k) / n + Z95**2 / 4)
        assert s.win_ci == pytest.approx((centre - half, centre + half), abs=1e-9)
        # The t interval of the mean, from the sample standard deviation (t(5) 97.5%: 2.5706).
        mean = sum(scores) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in scores) / (n - 1))
        half_t = 2.570582 * sd / math.sqrt(n)
        assert s.score_ci == pytest.approx((mean - half_t, mean + half_t), rel=1e-5)


def test_greedy_wins_more_than_random(small: tournament.TournamentResult) -> None:
    by = {s.bot: s for s in small.stats}
    assert by["greedy"].wins > by["random"].wins
    assert by["greedy"].mean_score > by["random"].mean_score


def test_a_tournament_gives_the_same_games_with_two_worker_processes(
        small: tournament.TournamentResult) -> None:
    parallel = run_tournament(["greedy", "random"], 6, seed=3, workers=2, progress=False)
    assert parallel.games == small.games and parallel.stats == small.stats


def test_a_tournament_gives_the_same_games_on_a_local_dask_cluster(
        small: tournament.TournamentResult) -> None:
    import distributed  # the "cluster" extra, installed by make

    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster:
        on_dask = run_tournament(["greedy", "random"], 6, seed=3, dask=cluster.scheduler_address,
                                 progress=False)
    assert on_dask.games == small.games and on_dask.stats == small.stats


def test_the_plot_has_win_rates_and_score_parts(small: tournament.TournamentResult,
                                                tmp_path: Path) -> None:
    fig = tournament.plot(small)
    rates, scores = fig.axes[:2]
    heights = [bar.get_height() for bar in rates.patches]
    assert heights == pytest.approx([s.win_rate for s in small.stats])
    # Stacked parts: the top of each bot's stack is its mean score.
    tops: dict[float, float] = {}
    for bar in scores.patches:
        x = round(bar.get_x(), 6)
        tops[x] = max(tops.get(x, 0.0), bar.get_y() + bar.get_height())
    assert sorted(tops.values()) == pytest.approx(sorted(s.mean_score for s in small.stats))
    fig.savefig(tmp_path / "t.png")
    assert (tmp_path / "t.png").read_bytes()[:4] == b"\x89PNG"


# --- kw tournament ----------------------------------------------------------------------------
def test_kw_tournament_prints_a_row_per_bot(kw: Kw, small: tournament.TournamentResult) -> None:
    status, out, err = kw("tournament", "--bots", "greedy,random", "--games", "6", "--seed", "3")
    assert status == 0 and err == ""
    assert out.splitlines()[0].startswith("6 games, 2 companies, seed 3")
    for s in small.stats:
        row = next(line for line in out.splitlines() if line.startswith(s.bot + " "))
        assert row.split()[1:3] == [str(s.seats), str(s.wins)]


def test_kw_tournament_json_and_plot(kw: Kw, tmp_path: Path,
                                     small: tournament.TournamentResult) -> None:
    plot = tmp_path / "ladder.png"
    status, out, err = kw("tournament", "--bots", "greedy,random", "--games", "6", "--seed", "3",
                          "--plot", str(plot), "--json")
    assert status == 0 and err == ""
    data = json.loads(out)
    assert data["games"] == 6 and data["players"] == 2 and data["plot"] == str(plot)
    assert [s["wins"] for s in data["stats"]] == [s.wins for s in small.stats]
    assert [r["scores"] for r in data["results"]] == [list(g.scores) for g in small.games]
    assert plot.read_bytes()[:4] == b"\x89PNG"


@pytest.mark.parametrize(("args", "fragment"), [
    (["--bots", "greedy,chess", "--games", "2"], "unknown bot 'chess'"),
    (["--bots", "greedy,random", "--games", "3"], "multiple of 2"),
    (["--bots", "greedy,random", "--games", "two"], "whole number"),
    (["--bots", "greedy,random", "--games", "2", "--workers", "0"], "workers"),
    (["--bots", "greedy,random", "--games", "2", "--players", "6"], "2 to 4 companies"),
    (["--bots", "mcts:0,random", "--games", "2"], "whole number >= 1"),
    (["--bots", "greedy,random", "--games", "2", "--plot", "out.txt"], "--plot"),
    (["--bots", "greedy,random", "--games", "2", "--plot", "/no/such/dir/p.png"],
     "does not exist"),
    (["--bots", "greedy,random", "--games", "2", "--dask", "nonsense"], "Dask scheduler"),
    (["--games", "2"], "--bots"),
])
def test_kw_tournament_mistakes_are_one_error_line(kw: Kw, args: list[str],
                                                   fragment: str) -> None:
    assert_one_error_line(kw("tournament", *args), fragment)


def test_kw_tournament_with_an_unreachable_dask_scheduler_is_one_error_line(
        kw: Kw, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setattr(tournament, "DASK_TIMEOUT", "1s")
    plot = tmp_path / "p.png"
    assert_one_error_line(kw("tournament", "--bots", "greedy,random", "--games", "2", "--dask",
                             "tcp://127.0.0.1:1", "--plot", str(plot)),
                          "cannot connect to the Dask scheduler")
    assert not plot.exists()


class _Cheat:
    """A faulty bot: always the same action id, legal or not."""

    name = "cheat"

    def choose(self, state: kwcore.State) -> int:
        """An id that is never legal at the start of a game."""
        return max(state.legal_action_ids()) + 1


def test_a_bot_choosing_an_illegal_action_stops_the_tournament_with_a_clear_error(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(kw_bots.BOTS, "cheat", (lambda seed, _: _Cheat(), None, ""))
    with pytest.raises(TournamentError, match="bot 'cheat' chose action .* not legal"):
        run_tournament(["cheat", "random"], 2, progress=False)


def test_a_game_past_the_decision_cap_is_abandoned_with_no_winner_and_reported(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing in the rules ends a round that nobody ends (RULINGS K3, K4), so a tournament
    game stops at ``MAX_DECISIONS``: nobody wins it, its scores are those reached, and the
    report counts it; the other games are untouched."""
    spec = schedule(["greedy", "random"], 2, seed=3)[0]
    full = play_one(spec)
    assert full.reason != tournament.ABANDONED and full.winners
    monkeypatch.setattr(tournament, "MAX_DECISIONS", full.decisions - 1)
    cut = play_one(spec)
    assert cut.reason == tournament.ABANDONED and cut.winners == ()
    assert cut.decisions == full.decisions - 1
    assert sum(cut.scores) <= sum(full.scores)
    stats = tournament.bot_stats([cut], "greedy")
    assert stats.wins == 0 and stats.shared == 0
    result = tournament.TournamentResult(("greedy", "random"), 2, 3, (cut, full),
                                         (stats, tournament.bot_stats([cut, full], "random")))
    assert result.abandoned == 1 and result.to_dict()["abandoned"] == 1
    assert "(nobody wins): 1;" in " ".join(tournament.report_lines(result))


# --- intervals, dead workers and SIGTERM ---------------------------------
def test_the_table_writes_intervals_with_to_not_a_hyphen(small: tournament.TournamentResult
                                                         ) -> None:
    lines = tournament.report_lines(small)
    for s in small.stats:
        row = next(line for line in lines if line.startswith(s.bot + " "))
        assert f"({s.score_ci[0]:.1f} to {s.score_ci[1]:.1f})" in row
        assert f"({s.win_ci[0]:.0%} to {s.win_ci[1]:.0%})" in row
    low = tournament.BotStats("x", 2, 0, 0, 0.0, (0.0, 0.5), 1.0, 28.3, (-6.6, 63.2),
                              dict.fromkeys(SCORE_SOURCES, 0.0))
    row = tournament.report_lines(tournament.TournamentResult(
        ("x",), 2, 0, small.games, (low,)))[3]
    assert "28.3 (-6.6 to 63.2)" in row and "-6.6-63.2" not in row


def _die_in_game_3(spec: tournament.GameSpec) -> tournament.GameResult:
    """Played in a worker: the process dies at once in game 3 (a bot calling os._exit)."""
    if spec.index == 3:
        os._exit(7)
    return play_one(spec)


def test_a_worker_that_dies_stops_the_tournament_with_a_tournament_error() -> None:
    specs = schedule(["greedy", "random"], 8, 1)
    got = []
    with pytest.raises(TournamentError, match="a worker process died"):
        got.extend(r.index for r in tournament._in_processes(specs, 2, _die_in_game_3))
    assert 3 not in got


def _tournament_process(tmp_path: Path) -> subprocess.Popen[str]:
    """``kw tournament`` with 2 workers in its own session, once it is playing."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "solvers.cli", "tournament", "--bots", "greedy,random",
         "--games", "400", "--workers", "2"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    deadline = 200  # polls of 0.1 s: a guard against a hang, not a timing assertion
    while deadline and len(_children(proc.pid)) < 2:
        time.sleep(0.1)
        deadline -= 1
    assert deadline, "the workers never started"
    return proc


def _children(pid: int) -> list[int]:
    """The worker processes of ``pid`` (multiprocessing's resource tracker left out: it ends on
    its own once its pipe closes)."""
    path = Path(f"/proc/{pid}/task/{pid}/children")
    kids = [int(c) for c in path.read_text().split()] if path.exists() else []
    return [k for k in kids if b"spawn_main" in _cmdline(k)]


def _cmdline(pid: int) -> bytes:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return b""


@pytest.mark.parametrize("target", ["main process", "process group"])
def test_sigterm_ends_a_tournament_cleanly_in_one_line(tmp_path: Path, target: str) -> None:
    proc = _tournament_process(tmp_path)
    workers = _children(proc.pid)
    if target == "main process":
        proc.send_signal(signal.SIGTERM)
    else:
        os.killpg(proc.pid, signal.SIGTERM)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 143, err
    assert err == "kw: terminated\n" and out == ""
    assert not any(Path(f"/proc/{w}").exists() and "zombie" not in _state(w) for w in workers)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().lower()
    except OSError:
        return "zombie"


def test_kraftwagen_games_are_played_as_before_the_generic_tournament() -> None:
    # Recorded before tournaments were made generic and the planner bot to
    # solvers/kraftwagen/bots.py: the same schedule, bots and results.
    spec = schedule(["random", "greedy", "mcts:2"], 3, seed=5)[0]
    assert (spec.setup_seed, spec.bot_seeds) == (1097127993, (1539898300, 124576495, 1999834075))
    assert (spec.game, spec.module) == ("kraftwagen", "kwcore.game")
    result = play_one(spec)
    assert (result.scores, result.winners, result.decisions) == ((53, 114, 60), (1,), 249)
    assert result.parts == ((45, 8, 0, 0), (39, 24, 43, 8), (41, 14, 0, 5))
    planner = play_one(schedule(["planner:30", "random"], 2, seed=2)[0])
    assert (planner.scores, planner.decisions) == ((156, 30), 249)
    assert planner.parts == ((71, 31, 43, 11), (12, 16, 0, 2))


class _Stopped(Exception):
    """What this test's SIGTERM handler raises (kw's is ``Terminated``)."""


def test_a_stop_signal_that_comes_while_the_games_are_queued_still_stops_the_workers(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Stop signals are blocked while the workers start; one that comes then is raised when
    # they are unblocked. It must stop the pool: raised outside the block that does, the
    # interpreter's exit waited for every queued game. Here the signal is sent from inside the
    # blocked window itself (the first submit), so the race is not left to chance.
    pools: list[tuple[Any, list[Any]]] = []

    class Signalling(tournament.ProcessPoolExecutor):
        def submit(self, *args: Any, **kwargs: Any) -> Any:
            future = super().submit(*args, **kwargs)
            if not pools:
                pools.append((self, list(self._processes.values())))
                os.kill(os.getpid(), signal.SIGTERM)  # pending until the unblock
            return future

    def stop(signum: int, frame: Any) -> None:
        raise _Stopped

    monkeypatch.setattr(tournament, "ProcessPoolExecutor", Signalling)
    previous = signal.signal(signal.SIGTERM, stop)
    try:
        with pytest.raises(_Stopped):
            list(tournament._in_processes(tournament.schedule(["greedy", "random"], 40, 3), 2))
    finally:
        signal.signal(signal.SIGTERM, previous)
    pool, workers = pools[0]
    assert pool._shutdown_thread and workers
    for w in workers:  # stopped workers end soon (not at once); a queued game lasts longer
        w.join(timeout=60)
    # Asked of the system, not of multiprocessing's own record: in a full parallel run that
    # record once still said "alive" after 60 s, which a process killed by SIGKILL is not.
    running = [w.pid for w in workers if _running(w.pid)]
    assert not running, f"workers still running: {[_describe(pid) for pid in running]}"


def _running(pid: int | None) -> bool:
    """Whether ``pid`` is a process still running (not gone, not a zombie)."""
    try:
        return pid is not None and psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return False


def _describe(pid: int | None) -> str:
    try:
        proc = psutil.Process(pid)
        return f"{pid} {proc.status()} {proc.cmdline()[:3]}"
    except (psutil.Error, TypeError):
        return f"{pid} gone"
