"""The generic tools on a game that is not Kraftwagen: ``kw`` with ``--game`` and
position files of another game, the bot registry, random bots, MCTS and tournaments, all on the
toy dice race (``tests/toygame``, registered as "toy" by importing it); the racing games, not
built yet, refused in one line; the first version's names still working."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import kwcore
from gamecore.bots import RandomBot
from gamecore.chance import CHANCE
from gamecore.game import find as find_game
from solvers import bots, cli, tournament
from solvers.bots import BotError, bots_of, make_bot
from solvers.mcts import MCTSBot, MCTSError, sample_chance
from tests import toygame
from tests.support.builders import assert_one_error_line
from tests.toygame.actions import BANK, ROLL
from tests.toygame.rules import legal_ids

ROOT = Path(__file__).resolve().parents[2]
Run = tuple[int, str, str]
Kw = Callable[..., Run]


@pytest.fixture
def kw(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Kw:
    """Run the full ``kw ARGS...`` in-process (toy registered), optionally feeding stdin."""

    def run(*argv: str, stdin: str | None = None) -> Run:
        if stdin is not None:
            monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = cli.main(list(argv))
        out, err = capsys.readouterr()
        return status, out, err

    return run


@pytest.fixture
def toy_file(tmp_path: Path) -> Path:
    """A toy position file, one roll into the game."""
    state = toygame.new_game(3, 4)
    state.apply("roll")
    path = tmp_path / "toy.json"
    path.write_text(state.to_json())
    return path


def _play(players: int, seed: int, names: list[str]) -> toygame.State:
    """A toy game played directly by the toy bots, seeded as ``kw play`` seeds them."""
    players_bots = [toygame.GAME.make_bot(n, seed * 16 + i) for i, n in enumerate(names)]
    state = toygame.new_game(players, seed)
    while not state.is_terminal():
        state.apply(players_bots[state.current_player].choose(state))
    return state


def _last_turn_lead() -> toygame.State:
    """Player 1's last turn (T6): nobody has banked, player 1 has 4 at stake. Banking wins for
    sure (4 plus a bonus card beats at most 2); rolling risks a 1 (T4) and a coin-flip on the
    bonus cards."""
    state = toygame.new_game(2, 5)
    state.turns, state.banked, state.turn_total = 19, (0, 0), 4
    state.legal = legal_ids(state)
    assert state.current_player == 1 and set(state.legal) == {ROLL, BANK}
    return state


# --- kw on the toy game ---------------------------------------------------------------------------
def test_kw_new_makes_a_position_of_the_game_named(kw: Kw) -> None:
    status, out, err = kw("new", "--game", "toy", "--players", "3", "--seed", "5")
    assert (status, err) == (0, "")
    assert json.loads(out)["game"] == "toy"
    assert toygame.from_json(out) == toygame.new_game(3, 5)


def test_kw_new_without_players_takes_the_games_most(kw: Kw) -> None:
    status, out, _ = kw("new", "--game", "toy")
    assert status == 0 and toygame.from_json(out).players == toygame.GAME.max_players


def test_kw_play_plays_the_named_game_with_its_own_bots(kw: Kw) -> None:
    status, out, err = kw("play", "--game", "toy", "--players", "3", "--seed", "2",
                          "--bots", "random,greedy,random")
    assert (status, err) == (0, "")
    final = _play(3, 2, ["random", "greedy", "random"])
    lines = out.strip().splitlines()
    assert len(lines) == 4  # the toy game keeps no log: the scores and the winner
    for p, (line, name) in enumerate(zip(lines, ["random", "greedy", "random"], strict=False)):
        assert line.startswith(f"Player {p} ({name})") and line.endswith(f" {final.scores()[p]}")
    outcome = final.outcome()
    assert outcome is not None
    assert lines[-1].startswith("Winner") and outcome.reason in lines[-1]


def test_kw_play_knows_only_the_games_bots(kw: Kw) -> None:
    assert_one_error_line(kw("play", "--game", "toy", "--bots", "planner"),
                          "unknown bot 'planner'", "random, greedy")


def test_kw_show_legal_and_apply_take_the_game_from_the_file(kw: Kw, toy_file: Path) -> None:
    state = toygame.from_json(toy_file.read_text())
    status, out, _ = kw("show", str(toy_file))
    assert status == 0 and out.strip() == str(state).strip()
    status, out, _ = kw("legal", str(toy_file))
    assert out.splitlines() == [f"{a}\t{toygame.ACTIONS[a]}" for a in state.legal_action_ids()]
    status, out, err = kw("apply", str(toy_file), "roll", "--log")
    assert (status, err) == (0, "")
    assert toygame.from_json(out) == state.child(state.resolve("roll"))


def test_kw_apply_refuses_an_illegal_toy_action_in_one_line(kw: Kw, toy_file: Path) -> None:
    assert_one_error_line(kw("apply", str(toy_file), "pick Research"), "pick Research")


@pytest.mark.parametrize(("argv", "fragment"), [
    (["solve", "FILE"], "a toy position: kw solve works on "),
    (["price", "FILE"], "kw price works on kraftwagen positions only"),
    (["replay", "FILE"], "which has no replay files"),
])
def test_a_command_the_toy_game_lacks_given_a_toy_file_says_so(kw: Kw, toy_file: Path,
                                                        argv: list[str], fragment: str) -> None:
    assert_one_error_line(kw(*[str(toy_file) if a == "FILE" else a for a in argv]), fragment)


@pytest.mark.parametrize(("argv", "fragments"), [
    (["new", "--option", "hidden_scores=yes"], ["toy has no option 'hidden_scores'"]),
    (["play", "--until", "market"], ["--until", "toy has no decision 'market'"]),
    (["play", "--replay"], ["--replay", "toy has no replay files"]),
])
def test_a_setting_the_toy_game_lacks_says_so(kw: Kw, argv: list[str],
                                              fragments: list[str]) -> None:
    assert_one_error_line(kw(*argv[:1], "--game", "toy", *argv[1:]), *fragments)


def test_a_bad_number_of_players_names_the_games_range(kw: Kw) -> None:
    assert_one_error_line(kw("new", "--game", "toy", "--players", "5"),
                          "--players", "2 to 4 players")


@pytest.mark.parametrize("argv", [
    ["new", "--game", "chess"],
    ["play", "--game", "chess"],
    ["tournament", "--game", "chess", "--bots", "random", "--games", "2"],
])
def test_an_unknown_game_is_one_line_listing_the_known_games(kw: Kw,
                                                                    argv: list[str]) -> None:
    assert_one_error_line(kw(*argv), "--game", "unknown game",
                          "known games: automobiles, formel1, kraftwagen, toy")


def test_a_position_file_of_an_unknown_game_is_one_line(kw: Kw) -> None:
    text = json.dumps({"format": "chess-position", "version": 2, "game": "chess"})
    assert_one_error_line(kw("show", "-", stdin=text), "bad position", "unknown game 'chess'")


def test_kw_tournament_plays_the_named_game(kw: Kw) -> None:
    status, out, err = kw("tournament", "--game", "toy", "--bots", "random,mcts:3",
                          "--games", "2", "--seed", "4", "--json")
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert result["game"] == "toy" and result["bots"] == ["random", "mcts:3"]
    assert [g["game"] for g in result["results"]] == ["toy", "toy"]


# --- the bot registry -----------------------------------------------------------------------------
def test_each_game_has_its_own_bots_the_generic_ones_and_its_solver_bots() -> None:
    generic = ["random", "greedy", "mcts", "mcts-time"]
    kraftwagen = list(bots_of("kraftwagen"))
    assert kraftwagen[:5] == [*generic, "openspiel-mcts"] and "planner" in kraftwagen[5:]
    assert list(bots_of("toy")) == generic  # no OpenSpiel adapter: no OpenSpiel bot
    # The game's own random bot is used where it has one; its greedy is its own.
    assert type(make_bot("greedy", 1, game="toy")) is toygame.bots.GreedyBot
    bot = make_bot("mcts:7", 1, game="toy")
    assert isinstance(bot, MCTSBot) and (bot.simulations, bot.game) == (7, "toy")


def test_a_bot_of_another_game_or_an_unknown_game_is_a_bot_error() -> None:
    with pytest.raises(BotError, match=r"unknown bot 'planner' \(known bots: random, greedy, mcts"):
        make_bot("planner", 0, game="toy")
    with pytest.raises(BotError, match="unknown game 'chess'"):
        make_bot("random", 0, game="chess")


def test_the_generic_random_bot_plays_any_game_legally_and_reproducibly() -> None:
    for new in (lambda: toygame.new_game(3, 1), lambda: kwcore.new_game(2, 1),
                lambda: toygame.new_game(2, explicit_chance=True)):
        runs = []
        for _ in range(2):
            state, bot, chosen = new(), RandomBot(8), []
            for _ in range(60):
                if state.is_terminal():
                    break
                aid = bot.choose(state)
                assert aid in state.legal_action_ids()
                chosen.append(aid)
                state.apply(aid)
            runs.append(chosen)
        assert runs[0] == runs[1] and len(runs[0]) > 3


def test_find_game_imports_a_games_package_only_when_asked() -> None:
    code = ("import sys; from gamecore.game import find; before = 'kwcore' in sys.modules; "
            "game = find('kraftwagen'); print(before, 'kwcore' in sys.modules, game.name)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, check=True)
    assert done.stdout.split() == ["False", "True", "kraftwagen"]
    known = r"known games: automobiles, formel1, kraftwagen"
    with pytest.raises(ValueError, match=r"unknown game 'chess' \(" + known):
        find_game("chess")


def test_kraftwagens_bot_table_has_its_own_the_generic_and_its_solver_bots() -> None:
    table = bots.bots_of("kraftwagen")
    assert list(table)[:3] == ["random", "greedy", "mcts"] and "planner" in table
    assert table["mcts"][1] == table["mcts"].default == 32
    with pytest.raises(AttributeError, match="no attribute 'PlannerBot'"):
        _ = bots.PlannerBot  # moved to solvers.kraftwagen.bots


# --- MCTS on the toy game -------------------------------------------------------------------------
def test_mcts_plays_a_whole_toy_game_through_the_checked_path() -> None:
    state = toygame.new_game(3, 2)
    players: list[Any] = [MCTSBot(1, 6, game="toy"), RandomBot(2), RandomBot(3)]
    while not state.is_terminal():
        state.apply(players[state.current_player].choose(state))  # an illegal id would raise
    assert state.outcome() is not None


def test_mcts_banks_the_sure_win_on_the_last_turn() -> None:
    state = _last_turn_lead()
    result = MCTSBot(3, 60, game="toy").search(state)
    assert result.action == BANK
    assert result.action_values[BANK] == 1.0 > result.action_values[ROLL]
    assert sum(result.values) == pytest.approx(1.0)
    assert result.points == result.reputation  # random rollouts end every game


def test_mcts_on_the_toy_game_is_seeded_and_ignores_the_seeded_future() -> None:
    state = toygame.new_game(2, 9)
    state.apply("roll")
    before = state.clone()
    first = MCTSBot(5, 30, game="toy").search(state)
    assert state == before
    assert MCTSBot(5, 30, game="toy").search(state) == first
    other = state.clone()
    other.seed = (state.seed or 0) + 1  # other dice to come: the bot must not see them
    assert other != state
    assert MCTSBot(5, 30, game="toy").search(other) == first
    random.seed(3)
    saved = random.getstate()
    MCTSBot(6, 10, game="toy").search(state)
    assert random.getstate() == saved


def test_mcts_samples_a_weighted_chance_node_by_its_odds() -> None:
    state = toygame.new_game(2, explicit_chance=True)  # the bonus cards, 3:2:1 (T1)
    assert state.current_player == CHANCE
    rng = random.Random(0)
    draws = [sample_chance(state, rng) for _ in range(6000)]
    odds = dict(state.chance_outcomes())
    for action, p in odds.items():
        assert draws.count(state.resolve(action)) / len(draws) == pytest.approx(p, abs=0.02)
    result = MCTSBot(0, 12, game="toy").search(state)
    assert result.action in state.legal_action_ids() and result.action_values == {}


@pytest.mark.parametrize(("setting", "fragment"), [
    ({"rollout": "greedy"}, "rollout must be one of random"),
    ({"rollout_turns": 2}, "rollout_turns: toy's rollouts play to the end"),
    ({"game": "chess"}, "game: unknown game 'chess'"),
    ({"game": "../toy"}, "game: unknown game '../toy'"),
    ({"game": 3}, "game must be a registered game's name"),
])
def test_bad_mcts_settings_for_a_game_are_mcts_errors(setting: dict[str, Any],
                                                      fragment: str) -> None:
    with pytest.raises(MCTSError, match=fragment):
        MCTSBot(**({"game": "toy"} | setting))


# --- tournaments of the toy game ------------------------------------------------------------------
def test_a_toy_tournament_gives_the_same_games_in_worker_processes() -> None:
    specs = tournament.schedule(["random", "greedy"], 4, seed=1, game="toy")
    assert {(s.game, s.module) for s in specs} == {("toy", "tests.toygame.game")}
    alone = tournament.run_tournament(["random", "greedy"], 4, seed=1, game="toy",
                                      progress=False)
    parallel = tournament.run_tournament(["random", "greedy"], 4, seed=1, game="toy",
                                         workers=2, progress=False)
    assert parallel == alone and alone.game == "toy"
    for spec, game in zip(specs, alone.games, strict=True):
        names = list(spec.lineup)
        state = toygame.new_game(2, spec.setup_seed)
        seats = [toygame.GAME.make_bot(n, s) for n, s in zip(names, spec.bot_seeds, strict=True)]
        while not state.is_terminal():
            state.apply(seats[state.current_player].choose(state))
        outcome = state.outcome()
        assert outcome is not None
        assert (game.scores, game.winners, game.parts) == (outcome.scores, outcome.winners,
                                                           ((), ()))
    wins = sum(s.wins + s.shared for s in alone.stats)
    assert wins == sum(len(g.winners) for g in alone.games)
    lines = tournament.report_lines(alone)
    assert lines[0].startswith("4 games, 2 players") and "RULINGS" not in lines[-1]
    assert tournament.plot(alone).axes  # a game without score sources still draws


def test_a_toy_tournament_refuses_bad_requests_naming_the_game() -> None:
    with pytest.raises(tournament.TournamentError, match="Toy dice race .* 2 to 4 players"):
        tournament.schedule(["random"], 5, players=5, game="toy")
    with pytest.raises(tournament.TournamentError, match="unknown bot 'planner'"):
        tournament.schedule(["planner", "random"], 2, game="toy")
    with pytest.raises(tournament.TournamentError, match="unknown game 'chess'"):
        tournament.schedule(["random"], 2, game="chess")
