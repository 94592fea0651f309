"""Participants' bots in their own processes (solvers.sandbox), tournaments of a class's bots at
tables (solvers.tournament), their ratings, and ``kw tournament --bots-dir``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamecore.game import find
from solvers import tournament
from solvers.sandbox import BotFault, SandboxedBot
from solvers.tournament import GameResult, placings, ratings, run_tournament, schedule

BOTS = {
    "first": "def choose(state):\n    return state.legal_action_ids()[0]\n",
    "seeded": ("import random\n\nclass MyBot:\n    def __init__(self, seed=None):\n"
               "        self.rng = random.Random(seed)\n\n    def choose(self, state):\n"
               "        return self.rng.choice(state.legal_action_ids())\n"),
    "raises": "def choose(state):\n    return 1 / 0\n",
    "hangs": "import time\n\ndef choose(state):\n    while True:\n        time.sleep(0.01)\n",
    "illegal": "def choose(state):\n    return -5\n",
    "hog": "def choose(state):\n    hog = bytearray(3 * 2**30)\n    return len(hog)\n",
    "network": ("import socket\n\ndef choose(state):\n"
                "    socket.create_connection(('127.0.0.1', 9), timeout=1)\n    return 0\n"),
    "peeks": ("def choose(state):\n    return state.seed % 2**20\n"),  # tries to read the seed
    "broken": "def choose(state)\n    return 0\n",
    "nothing": "x = 1\n",
}


@pytest.fixture
def bot_files(tmp_path: Path) -> Path:
    for name, text in BOTS.items():
        (tmp_path / f"{name}.py").write_text(text, encoding="utf-8")
    return tmp_path


def state() -> object:
    return find("kraftwagen").new_game(3, 4)


@pytest.mark.parametrize("name", ["first", "seeded"])
def test_a_participants_function_or_class_plays_legal_actions(bot_files: Path,
                                                               name: str) -> None:
    s = state()
    bot = SandboxedBot(bot_files / f"{name}.py", "kraftwagen", seed=1, seconds=5)
    try:
        for _ in range(3):
            aid = bot.choose(s)
            assert aid in s.legal_action_ids()  # type: ignore[attr-defined]
            s.apply(aid)  # type: ignore[attr-defined]
    finally:
        bot.close()


@pytest.mark.parametrize(("name", "reason"), [
    ("raises", "raised ZeroDivisionError: division by zero (raises.py, line 2)"),
    ("hangs", "took longer than 0.5 s for one move, and was stopped"),
    ("illegal", "returned -5, which is not a legal action id here"),
    ("hog", "ran out of memory"),
    ("network", "raised"),
    ("broken", "could not be loaded: SyntaxError: expected ':' (broken.py, line 1)"),
    ("nothing", "defines no choose(state) function and no class with a choose method"),
])
def test_a_bot_that_breaks_a_rule_is_a_fault_with_the_reason_in_words(
        bot_files: Path, name: str, reason: str) -> None:
    s = state()
    before = s.to_json()  # type: ignore[attr-defined]
    with pytest.raises(BotFault) as fault:
        bot = SandboxedBot(bot_files / f"{name}.py", "kraftwagen", seconds=0.5, memory_mb=512)
        try:
            bot.choose(s)
        finally:
            bot.close()
    assert reason in fault.value.reason
    assert s.to_json() == before  # type: ignore[attr-defined]  # the game is untouched


def test_a_bot_cannot_read_the_seed_that_fixes_the_future(bot_files: Path) -> None:
    # The position a bot gets is re-seeded: the real seed never reaches it.
    s = state()
    real = s.seed % 2**20  # type: ignore[attr-defined]
    bot = SandboxedBot(bot_files / "peeks.py", "kraftwagen", seed=3)
    try:
        seen = set()
        for _ in range(3):
            try:
                seen.add(bot.choose(s))
            except BotFault as fault:  # its answer is (almost surely) not legal: that is fine
                seen.add(int(fault.reason.split()[1].rstrip(",")))
                bot = SandboxedBot(bot_files / "peeks.py", "kraftwagen", seed=len(seen) + 3)
        assert real not in seen
    finally:
        bot.close()


# --- tournaments of a class -----------------------------------------------------------------
def test_more_bots_than_seats_sit_at_tables_and_play_about_equally_often() -> None:
    names = ["random", "greedy", "mcts:2"]
    specs = schedule(names, 12, seed=1, players=2)
    seats = {n: sum(spec.lineup.count(n) for spec in specs) for n in names}
    assert sorted(seats.values()) == [8, 8, 8]
    for spec in specs:
        assert len(set(spec.lineup)) == 2  # distinct bots at a table
    # each table's block rotates its seats on one deal
    for a, b in zip(specs[::2], specs[1::2], strict=True):
        assert a.setup_seed == b.setup_seed and a.lineup == b.lineup[::-1]


def test_a_faulty_participant_loses_its_games_and_the_tournament_goes_on(
        bot_files: Path) -> None:
    bots = [str(bot_files / "raises.py"), str(bot_files / "first.py"), "greedy"]
    result = run_tournament(bots, 6, seed=2, players=3, progress=False, move_seconds=5)
    assert len(result.games) == 6
    for g in result.games:
        seat = g.lineup.index(bots[0])
        assert [s for s, _ in g.faults] == [seat]
        assert seat not in g.winners and g.winners  # somebody else won
        assert placings(g)[seat] == 3
    lines = tournament.fault_lines(result)
    assert any("raises.py lost 6 games" in line and "ZeroDivisionError" in line
               for line in lines)


def test_ratings_put_the_stronger_bot_first_with_an_interval() -> None:
    result = run_tournament(["greedy", "random"], 8, seed=4, players=2, progress=False)
    rated = ratings(result)
    assert [r.bot for r in rated][0] == "greedy"
    for r in rated:
        low, high = r.interval
        assert low < r.mu < high and r.games == 8


def test_placings_rank_winners_first_and_share_equal_finishes() -> None:
    g = GameResult(0, 1, ("a", "b", "c", "d"), (5, 9, 5, 1), ((), (), (), ()), (0,), "x", 1,
                   "kraftwagen", faults=((1, "raised"),))
    assert placings(g) == (1, 4, 2, 3)  # b scored most but lost by its fault


def test_kw_tournament_takes_a_folder_of_bots(bot_files: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from solvers.cli import main

    folder = tmp_path / "class"
    folder.mkdir()
    for name in ("first", "illegal"):
        (folder / f"{name}.py").write_text(BOTS[name], encoding="utf-8")
    status = main(["tournament", "--bots-dir", str(folder), "--bots", "greedy", "--games", "3",
                   "--players", "3", "--json"])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert {r["bot"] for r in data["ratings"]} == {"greedy", str(folder / "first.py"),
                                                  str(folder / "illegal.py")}
    assert main(["tournament", "--bots-dir", str(tmp_path / "missing"), "--games", "2"]) == 2
    assert "no folder" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["kraftwagen", "formel1", "automobiles"])
def test_each_games_template_bot_plays_whole_games_without_a_fault(game: str) -> None:
    example = Path(__file__).resolve().parents[2] / "workshop" / "bots" / game / "example.py"
    result = run_tournament([str(example), "random"], 2, seed=5, players=2, progress=False,
                            game=game, move_seconds=10)
    assert [g.faults for g in result.games] == [(), ()]
    assert all(g.reason != tournament.ABANDONED for g in result.games)


def test_check_bot_says_in_plain_words_how_a_bot_did_and_what_it_broke(
        bot_files: Path) -> None:
    good = tournament.check_bot(str(bot_files / "first.py"), "kraftwagen")
    assert good[0].startswith("first.py played 3 games of Kraftwagen against greedy, random")
    assert good[-1] == "It broke no rule: ready for the tournament."
    bad = tournament.check_bot(str(bot_files / "raises.py"), "kraftwagen")
    assert "1st" not in bad[0] and "2nd" not in bad[0]  # it lost every game
    assert bad[-1].startswith("It broke a rule in 3 games and lost them")
    assert "ZeroDivisionError: division by zero (raises.py, line 2)" in bad[-1]


# --- results the teacher keeps ----------------------------------------------------------------
def test_a_saved_tournament_reloads_with_the_same_games_and_statistics(tmp_path: Path) -> None:
    result = run_tournament(["greedy", "random", "mcts:2"], 6, seed=1, players=2,
                            progress=False)
    tournament.save(result, tmp_path / "class.json")
    again = tournament.load(tmp_path / "class.json")
    assert again.games == result.games and again.stats == result.stats
    assert [g.cpu_seconds for g in again.games] == [g.cpu_seconds for g in result.games]
    (tmp_path / "bad.json").write_text('{"bots": []}', encoding="utf-8")
    with pytest.raises(tournament.TournamentError, match="not a saved tournament"):
        tournament.load(tmp_path / "bad.json")


def test_head_to_head_counts_who_finished_ahead_where_two_bots_met() -> None:
    result = run_tournament(["greedy", "random"], 4, seed=2, players=2, progress=False)
    bots, cells = tournament.head_to_head(result)
    g, r = bots.index("greedy"), bots.index("random")
    ahead = sum(tournament.finish_key(game, game.lineup.index("greedy"))
                > tournament.finish_key(game, game.lineup.index("random"))
                for game in result.games)
    assert cells[g][r] == ahead / 4 and cells[g][g] is None
    assert cells[r][g] == pytest.approx(1 - cells[g][r])  # type: ignore[operator]


def test_the_class_plot_has_its_four_panels_and_the_history_one_point_per_game() -> None:
    result = run_tournament(["greedy", "random", "mcts:2"], 6, seed=3, players=2,
                            progress=False)
    history = tournament.rating_history(result)
    for bot in result.bots:
        played = sum(bot in g.lineup for g in result.games)
        assert len(history[bot]) == played
    final = {r.bot: r.mu for r in tournament.ratings(result)}
    assert {b: h[-1][1] for b, h in history.items()} == pytest.approx(final)
    fig = tournament.plot_class(result)
    assert [ax.get_title() for ax in fig.axes] == [
        "Ratings, best first (by mu - 3 sigma)", "Scores of every game",
        "Head to head: row ahead of column", "Ratings as the games came"]


# --- a part of the game ---------------------------------------------------------------------
PART_BOTS = {
    ("kraftwagen", "price"): "state.decision() == 'car_price'",
    ("formel1", "auction"): "state.phase == 'auction'",
    ("automobiles", "buy"): "state.phase in ('prebuy', 'buy')",
}


@pytest.mark.parametrize(("game", "part"), list(PART_BOTS))
def test_a_bot_for_a_part_of_the_game_decides_only_there(tmp_path: Path, game: str,
                                                         part: str) -> None:
    # The bot breaks a rule (an assert) on any decision outside its part.
    bot = tmp_path / "part.py"
    bot.write_text(f"def choose(state):\n    assert {PART_BOTS[(game, part)]}, 'outside'\n"
                   f"    return state.legal_action_ids()[-1]\n", encoding="utf-8")
    alone = run_tournament([str(bot), "greedy"], 2, seed=3, players=2, progress=False,
                           game=game, move_seconds=10, sub_game=part)
    assert [g.faults for g in alone.games] == [(), ()]
    assert part in tournament.sub_games(game)
    whole = run_tournament([str(bot), "greedy"], 2, seed=3, players=2, progress=False,
                           game=game, move_seconds=10)
    assert all("AssertionError: outside" in g.faults[0][1] for g in whole.games)


def test_an_unknown_part_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(tournament.TournamentError, match="its parts: auction"):
        schedule(["greedy", "random"], 2, players=2, game="formel1", sub_game="race")
