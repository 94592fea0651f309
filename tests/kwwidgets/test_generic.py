"""The widgets on a game that is not Kraftwagen: play, stepper and position editor on
the test-only toy dice race (``tests/toygame``), their board and words from its registered
description, Kraftwagen's extras (hint, scoring summary, bands) absent.

Also the defaults of ``gamecore.game.Game``'s description hooks, which a new game gets before it
writes any words of its own.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

import gamecore
import kwcore
from gamecore import game as registry
from kwwidgets import PlayWidget, PositionEditor, Step, Stepper
from kwwidgets.play import ChancePlayer, make_bots
from kwwidgets.views import GameView, view_for
from tests import toygame

TOY = toygame.GAME


def walk(widget: w.Widget) -> Iterator[w.Widget]:
    """Every widget inside ``widget``, depth first."""
    yield widget
    for child in getattr(widget, "children", ()):
        yield from walk(child)


def with_class(view: w.Widget, css: str) -> list[w.Widget]:
    return [x for x in walk(view) if css in getattr(x, "_dom_classes", ())]


def buttons(play: PlayWidget) -> dict[str, w.Button]:
    """The action buttons offered, by the text form their tooltip ends with."""
    out = {}
    for b in with_class(play.actions, "kw-action"):
        out[b.tooltip.rsplit("[", 1)[-1].rstrip("]")] = b
    return out


def message(widget: PlayWidget | PositionEditor) -> str:
    """The message shown, as plain text."""
    return html.unescape(re.sub(r"<[^>]+>", "", str(widget.message.value)))


def replayed(play: PlayWidget, players: int, seed: int) -> Any:
    """The game the widget's moves give from a fresh start."""
    s = toygame.new_game(players, seed)
    for aid in play.moves:
        s.apply(aid)
    return s


# --- play -----------------------------------------------------------------------------------------
def test_a_toy_game_is_played_to_the_end_with_its_own_board_words_and_bots() -> None:
    play = PlayWidget(players=3, seed=4, human=1, bots="greedy", game="toy")
    assert play.game is TOY and isinstance(play.state, toygame.State)
    rng = random.Random(0)
    while not play.state.is_terminal():
        s = play.state
        assert s.current_player == 1
        assert play.board.value.endswith(TOY.board(s, 1))
        assert TOY.decision(s) in html.unescape(play.decision.value)
        offered = buttons(play)
        assert sorted(offered) == sorted(str(a) for a in s.legal_actions())
        for a in s.legal_actions():
            assert offered[str(a)].description == TOY.action_label(s, a)
        rng.choice(list(offered.values())).click()
        assert play.state == replayed(play, 3, 4)
    assert play.actions.children == () and "Game over" in play.status.value
    assert play.summary is None  # no scoring summaries outside Kraftwagen


def test_the_toy_log_lists_every_move_by_player_and_undo_takes_lines_back() -> None:
    play = PlayWidget(players=2, seed=1, human=0, bots="random", game="toy")
    play.click("roll")
    assert play.move_lines[0] == "Player 0: roll"
    if play.state.current_player == 0:
        play.click("bank")  # the turn ends either way: the bot replies
    assert len(play.move_lines) == len(play.moves) >= 2
    assert any(line.startswith("Player 1: ") for line in play.move_lines)
    shown = html.unescape(play.log.value)
    assert all(line in shown for line in play.move_lines)
    while play.undo():
        pass
    assert play.moves == [] and play.move_lines == [] and play.state == toygame.new_game(2, 1)


def test_undo_takes_back_the_toy_bots_replies_too() -> None:
    play = PlayWidget(players=2, seed=2, human=0, bots="greedy", game="toy")
    before = play.state.clone()
    while play.state.current_player == 0:
        play.click("bank" if "bank" in buttons(play) else "roll")
    assert play.undo() is True
    assert play.state.current_player == 0 and len(play.moves) == len(play.move_lines)
    while play.undo():
        pass
    assert play.state == before and "Nothing to undo" in message(play)


def test_an_illegal_toy_click_shows_the_toy_rule_and_changes_nothing() -> None:
    play = PlayWidget(players=2, seed=0, game="toy", bots=None)
    before = play.state.to_json()
    assert play.state.turn_total == 0
    for bad in ("bank", "fly away", 999):
        assert play.click(bad) is False
        assert play.state.to_json() == before and play.moves == []
        assert 'data-kind="error"' in play.message.value
    play.click("bank")
    with pytest.raises(gamecore.IllegalActionError) as err:
        play.state.apply("bank")
    assert str(err.value) in message(play)


def test_the_toy_game_has_no_hint_and_no_hint_button() -> None:
    play = PlayWidget(players=2, seed=0, game="toy")
    assert play.hint_button.layout.display == "none"
    before = play.state.to_json()
    assert play.hint() is None and play.last_hint is None
    assert "no hint for Toy dice race" in message(play) and play.state.to_json() == before
    kraftwagen = PlayWidget(players=2, seed=0, bots=None)
    assert kraftwagen.hint_button.layout.display != "none" and kraftwagen.game is kwcore.GAME


def test_a_new_toy_game_uses_the_toy_player_range_and_bots() -> None:
    play = PlayWidget(game="toy", seed=0, bots="random")
    assert play.state.players == TOY.max_players
    assert list(play.players_input.options) == list(TOY.player_counts)
    assert play.new_game(3, 9) is True
    assert play.state == replayed(play, 3, 9) and set(play.bots) == {1, 2}
    from tests.toygame import bots as toy_bots

    assert all(type(b) is toy_bots.BOTS["random"] for b in play.bots.values())
    before = play.state.clone()
    for players, seed in ((1, 0), (5, 0), (3, -1)):
        assert play.new_game(players, seed) is False
        assert play.state == before and 'data-kind="error"' in play.message.value
    assert play.new_game(7, 0) is False and "from 2 to 4" in message(play)


@pytest.mark.parametrize("kwargs", [
    {"game": "no-such-game"}, {"game": 3}, {"game": "toy", "players": 9},
    {"game": "toy", "bots": "smart"}, {"game": "toy", "bots": {0: "random"}},
    {"game": "toy", "state": kwcore.new_game(2, 0)},
    {"game": "kraftwagen", "state": toygame.new_game(2, 0)},
])
def test_bad_generic_constructor_arguments_raise_value_error(kwargs: dict[str, Any]) -> None:
    with pytest.raises(ValueError):
        PlayWidget(**kwargs)


def test_the_errors_name_the_game_and_its_bots() -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'.*kraftwagen.*toy"):
        PlayWidget(game="chess")
    with pytest.raises(ValueError, match="'smart' is not a bot of toy \\(random, greedy\\)"):
        make_bots(2, 0, "smart", "toy")
    with pytest.raises(ValueError, match="must be a toy position"):
        PlayWidget(game="toy", state=kwcore.new_game(2, 0))


def test_a_toy_position_is_continued_and_a_bot_object_plays_for_a_player() -> None:
    class Banker:
        name = "banker"

        def choose(self, state: Any) -> int:
            return int(state.resolve("bank")) if "bank" in map(str, state.legal_actions()) \
                else int(state.resolve("roll"))

    start = toygame.new_game(2, 5)
    start.apply("roll")
    play = PlayWidget(game="toy", state=start, human=0, bots={1: Banker()})
    assert play.state is start and play.bots[1].name == "banker"
    while not play.state.is_terminal() and play.state.current_player == 0:
        play.click("bank" if "bank" in buttons(play) else "roll")
    assert all(line.startswith(("Player 0", "Player 1")) for line in play.move_lines)


def test_chance_moves_by_its_outcome_probabilities_in_an_explicit_chance_position() -> None:
    s = toygame.new_game(2, None, explicit_chance=True)
    assert s.is_chance_node()
    draws = Counter(str(s.ACTIONS.actions[ChancePlayer(seed).choose(s)]) for seed in range(600))
    assert set(draws) == {"deal +0", "deal +1", "deal +2"}
    assert draws["deal +0"] > draws["deal +1"] > draws["deal +2"]  # weights 3:2:1 (T1)
    play = PlayWidget(game="toy", state=s, human=0, bots="random", seed=3)
    assert play.state.current_player == 0 and len(play.state.bonus) == 2
    assert play.move_lines[0].startswith("Chance: deal")


# --- the description hooks and their defaults ----------------------------------------------------
def test_labels_tooltips_names_and_log_lines_come_from_the_game_description() -> None:
    worded = replace(TOY, action_label=lambda s, a: f"{str(a).title()}!",
                     action_help=lambda s, a: f"{a} now", player_name=lambda s, p: f"Seat {p}")
    play = PlayWidget(game=worded, players=2, seed=0, bots=None)
    offered = buttons(play)
    assert offered["roll"].description == "Roll!" and offered["roll"].tooltip == "roll now [roll]"
    assert "Your move (Seat 0)" in play.status.value
    play.click("roll")
    assert play.move_lines == ["Seat 0: Roll!"]


def test_a_game_without_words_gets_plain_defaults() -> None:
    bare = gamecore.Game(
        name="bare", title="Bare", min_players=2, max_players=4, new_game=TOY.new_game,
        from_json=TOY.from_json, from_data=TOY.from_data, num_actions=TOY.num_actions,
        bots=TOY.bots, make_bot=TOY.make_bot, observe=TOY.observe, hidden=TOY.hidden,
        text=TOY.text, svg=TOY.svg)
    s = toygame.new_game(2, 0)
    roll = s.legal_actions()[0]
    assert bare.action_label(s, roll) == "roll" and bare.action_help(s, roll) == ""
    assert bare.player_name(s, 1) == "Player 1" and bare.log(s) == []
    assert bare.decision(s) == "Player 0 to decide." and bare.board(s, 0) == TOY.svg(s)
    assert bare.move_line(s, roll) == "Player 0: roll" and bare.to_json is None
    view = GameView(bare)
    assert view.tooltip(s, s.legal_action_ids()[0]) == "roll"
    assert view.groups(s) == {"Roll": [s.resolve("roll")]}
    assert view.hint(s) is None and view.summary(s, s) is None


def test_a_registered_game_without_a_serializer_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(registry._GAMES, "toy", replace(TOY, to_json=None))
    with pytest.raises(TypeError, match="game 'toy' registers no to_json"):
        toygame.new_game(2, 0).to_json()


def test_view_for_takes_a_name_or_a_description() -> None:
    assert view_for("toy").game is TOY and type(view_for(TOY)) is GameView
    assert type(view_for("kraftwagen")).__name__ == "KraftwagenView"
    with pytest.raises(ValueError, match="registered game's name"):
        view_for(None)  # type: ignore[arg-type]


# --- stepper --------------------------------------------------------------------------------------
def test_the_stepper_shows_toy_positions_with_the_toy_board() -> None:
    a = toygame.new_game(2, 0)
    b = a.clone()
    b.apply("roll")
    st = Stepper([("Start", a), ("After a **roll**", b)], game="toy")
    assert TOY.board(a) in st.board.value and st.whole_box.layout.display == "none"
    assert st.next() is True and st.state is b and TOY.board(b) in st.board.value
    assert "<strong>roll</strong>" in st.caption.value


@pytest.mark.parametrize("scenes", [
    [("a Kraftwagen state", kwcore.new_game(2, 0))],
    [Step("highlighted", toygame.new_game(2, 0), highlight={"market": ""})],
    [Step("bannered", toygame.new_game(2, 0), banner="scoring")],
    [("text", "not a state")],
])
def test_the_toy_stepper_refuses_other_games_and_kraftwagen_only_scenes(scenes: list[Any]) -> None:
    with pytest.raises(ValueError):
        Stepper(scenes, game="toy")


def test_a_kraftwagen_stepper_refuses_a_toy_state() -> None:
    with pytest.raises(ValueError, match="step 0's state must be a kraftwagen position"):
        Stepper([("toy", toygame.new_game(2, 0))])


# --- position editor ------------------------------------------------------------------------------
def test_the_editor_loads_a_toy_position_and_shows_the_toy_board(tmp_path: Path) -> None:
    ed = PositionEditor()
    assert ed.game is kwcore.GAME
    s = toygame.new_game(3, 2)
    s.apply("roll")
    assert ed.load_json(s.to_json()) is True
    assert ed.game is TOY and ed.state == s and "Toy dice race" in message(ed)
    assert ed.board.value.endswith(TOY.board(s)) and TOY.decision(s) in ed.decision.value
    assert ed.save(tmp_path / "toy.json") is True
    assert toygame.from_json((tmp_path / "toy.json").read_text("utf-8")) == s
    again = PositionEditor(game="toy")
    assert again.load_json(ed.to_json()) is True and message(again) == "Position loaded."
    assert ed.load_puzzle("extra_mechanic") is True and ed.game is kwcore.GAME
    assert isinstance(ed.state, kwcore.State)


def test_the_editor_keeps_a_toy_position_when_a_bad_one_is_loaded() -> None:
    ed = PositionEditor(game="toy")
    assert isinstance(ed.state, toygame.State) and ed.state.players == TOY.max_players
    before = ed.to_json()
    data = json.loads(before)
    data["game"] = "chess"
    for bad in ("{", json.dumps(data), before.replace('"banked"', '"banked_x"')):
        assert ed.load_json(bad) is False
        assert ed.to_json() == before and ed.game is TOY and "Not loaded" in message(ed)
    assert ed.load_json(json.dumps(data)) is False
    assert "'chess' is not a known game" in message(ed)


def test_the_editor_refuses_a_state_of_another_game() -> None:
    with pytest.raises(ValueError, match="must be a toy position"):
        PositionEditor(kwcore.new_game(2, 0), game="toy")
