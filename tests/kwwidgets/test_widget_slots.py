"""One slot per role in the widgets: each game's view is found by its name alone, the racing
boards are drawn in their cores' svg.py from the state (readable, inside the picture, the
viewer's cars marked), and the hint the play widget asks is the one it was given."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import formel1
from automobiles import rules as au_rules
from automobiles.game import GAME as AU_GAME
from gamecore.game import get
from kwwidgets import PlayWidget
from kwwidgets.views import Hint
from tests.support.svgcheck import cars, check_board, svgs

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("kraftwagen", "formel1", "automobiles")


@pytest.mark.parametrize("game", GAMES)
def test_a_games_view_is_found_by_name_without_the_other_games_widgets(game: str) -> None:
    probe = (
        "import sys\n"
        "import kwwidgets\n"
        f"games = {GAMES!r}\n"
        "assert not [g for g in games if f'kwwidgets.{g}' in sys.modules], 'eager import'\n"
        "from kwwidgets.views import view_for\n"
        f"view = view_for({game!r})\n"
        f"assert type(view).__module__ == 'kwwidgets.{game}.view', type(view)\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('kwwidgets.')\n"
        f"                and m.split('.')[1] in games and m.split('.')[1] != {game!r})\n"
        "assert not loaded, loaded\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


def _played(game: str, players: int, seed: int, steps: int) -> Any:
    """A seeded game of greedy bots (bot i seeded seed * 16 + i), ``steps`` decisions in."""
    g = get(game)
    s = g.new_game(players, seed)
    bots = [g.make_bot("greedy", seed * 16 + i) for i in range(players)]
    for _ in range(steps):
        s.apply(bots[max(s.current_player, 0)].choose(s))
    return s


#: A few seeded positions of the racing games: (game, players, seed, decisions, viewer).
POSITIONS = (("formel1", 4, 1, 42, 0), ("formel1", 6, 2, 140, None), ("formel1", 2, 0, 70, 1),
             ("automobiles", 3, 1, 35, 0), ("automobiles", 5, 2, 63, 1))


@pytest.mark.parametrize("key", POSITIONS)
def test_the_racing_boards_are_the_cores_views_readable_and_inside_the_picture(
        key: tuple[Any, ...]) -> None:
    game, players, seed, steps, viewer = key
    s = _played(game, players, seed, steps)
    board = get(game).board(s, viewer)
    core = importlib.import_module(f"{game}.svg")
    assert board == core.view_svg(s, viewer)  # drawn in the core from the state, nothing added
    check_board(board)  # every text >= 11 px at a 1400 px window, everything in its viewBox
    mine = {name for root in svgs(board) for name, marked in cars(root).items() if marked}
    if game == "formel1":
        assert mine == {s.cfg.colours[c] for c in range(6) if s.owner[c] == viewer}
    else:
        assert mine == ({core.CAR_NAMES[viewer]} if viewer is not None else set())


@pytest.mark.parametrize("seed", range(3))
def test_the_formel1_board_shows_every_car_and_the_viewers_cards_only(seed: int) -> None:
    s = _played("formel1", 4, seed, 0)
    bots = [formel1.GAME.make_bot("greedy", i) for i in range(4)]
    moves = 0
    while s.phase != "race" or moves < 5 + 4 * seed:
        moves += s.phase == "race"
        s.apply(bots[max(s.current_player, 0)].choose(s))
    assert s.phase == "race"
    for viewer in range(4):
        board = formel1.GAME.board(s, viewer)
        for car, p in enumerate(s.pos):
            if p >= 0:
                colour = s.cfg.colours[car]  # drawn as a car, named in full with its owner
                assert f'data-colour="{colour}"' in board and f"{colour}: Player" in board
        hand = [s.cfg.kinds[k].name for k in s.hands[viewer]]
        assert f"Your hand (Player {viewer}, {len(hand)} cards" in board
        drawn = re.findall(r"<title>([^<]+) \(synthetic card\)</title>", board)
        in_play = [s.cfg.kinds[s.card].name] if s.card >= 0 else []
        assert sorted(drawn) == sorted(hand + in_play)
    # What a viewer may not see does not change his picture: swap a card between two rivals.
    a, b = 1, 2
    if s.hands[a] and s.hands[b] and s.hands[a][0] != s.hands[b][0]:
        ha, hb = list(s.hands[a]), list(s.hands[b])
        ha[0], hb[0] = hb[0], ha[0]
        hands = list(s.hands)
        hands[a], hands[b] = tuple(sorted(ha)), tuple(sorted(hb))
        other = s.clone()  # the history too: the last move is drawn from it
        other.hands = tuple(hands)
        assert formel1.GAME.board(other, 0) == formel1.GAME.board(s, 0)
        assert formel1.GAME.board(other, a) != formel1.GAME.board(s, a)


def test_the_automobiles_board_shows_every_player_and_marks_the_viewer() -> None:
    s = _played("automobiles", 3, 1, 35)
    for viewer in (None, 0, 2):
        board = AU_GAME.board(s, viewer)
        assert board.count("<svg") == 3
        assert board.startswith(AU_GAME.svg(s)) == (viewer is None)  # the table's board first
        for p in range(s.players):
            assert f"{au_rules.name(p)}" in board
        sheets = "".join(svgs(board)[2].itertext())
        assert sheets.count(" (you)") == (viewer is not None)


def test_the_hint_passed_to_the_play_widget_is_the_one_used() -> None:
    asked: list[Any] = []

    def stand_in(state: Any) -> Hint:
        asked.append(state)
        return Hint(state.legal_action_ids()[-1], False, "Hint: the stand-in's.")

    for game in GAMES:
        play = PlayWidget(players=2, seed=0, human=0, bots="greedy", game=game, hint=stand_in)
        aid = play.hint()
        assert asked[-1] is play.state and aid == play.state.legal_action_ids()[-1], game
        assert play.last_hint is not None and play.last_hint.text == "Hint: the stand-in's."
        assert play.hint_button.layout.display != "none"


def test_without_a_hint_the_widget_asks_the_views_default() -> None:
    from kwwidgets.automobiles.hint import best_turn_hint
    from kwwidgets.formel1.hint import greedy_hint
    from kwwidgets.kraftwagen.hint import planner_hint

    defaults = {"kraftwagen": planner_hint, "formel1": greedy_hint,
                "automobiles": best_turn_hint}
    for game, default in defaults.items():
        play = PlayWidget(players=2, seed=0, human=0, bots="greedy", game=game)
        assert getattr(play.hint_source, "__func__", None) is not None
        assert play.hint_source == play.view_of.hint
        assert default.__module__ == f"kwwidgets.{game}.hint"


def test_a_hint_that_is_no_function_is_refused() -> None:
    with pytest.raises(ValueError, match="hint must be a function"):
        PlayWidget(game="formel1", hint="greedy")  # type: ignore[arg-type]
