"""The toy game's own rules T1-T6 and its loader, driven by actions (STYLE 13).

The generic protocol checks run on it in tests/gamecore/test_conformance.py; these pin the rules the
generic tools rely on (chance mode, the rule named by an illegal action, the hidden cards).
"""

from __future__ import annotations

import json

import pytest

import gamecore
from tests import toygame
from tests.toygame import rules
from tests.toygame.serialize import replay_from_json, replay_to_json


def _explicit(players: int = 2, bonus: tuple[int, ...] = (0, 2)) -> toygame.State:
    state = toygame.new_game(players, None, explicit_chance=True)
    for value in bonus:
        state.apply(f"deal +{value}")
    return state


def test_the_game_is_registered_as_toy_with_its_table() -> None:
    game = gamecore.get("toy")
    assert game is toygame.GAME and game.num_actions == toygame.NUM_ACTIONS == 11
    assert [str(a) for a in toygame.ACTIONS[:3]] == ["roll", "bank", "deal +0"]
    assert toygame.ACTIONS.index(toygame.Die(6)) == 10


def test_setup_deals_weighted_bonus_cards_by_chance() -> None:
    state = toygame.new_game(3, None, explicit_chance=True)
    assert state.is_chance_node()
    assert [(str(a), p) for a, p in state.chance_outcomes()] == \
        [("deal +0", 0.5), ("deal +1", pytest.approx(1 / 3)), ("deal +2", pytest.approx(1 / 6))]
    with pytest.raises(gamecore.IllegalActionError, match=r"being dealt \(T1\)"):
        state.apply("roll")


def test_a_roll_adds_its_face_and_a_one_loses_the_turn() -> None:
    state = _explicit()
    state.apply("roll")
    assert state.is_chance_node() and len(state.chance_outcomes()) == 6
    state.apply("die 5")
    assert state.turn_total == 5 and state.current_player == 0
    state.apply("roll")
    state.apply("die 1")
    assert (state.turn_total, state.banked, state.current_player) == (0, (0, 0), 1)


def test_bank_needs_points_this_turn_and_passes_the_turn() -> None:
    state = _explicit()
    before = state.to_json()
    with pytest.raises(gamecore.IllegalActionError, match=r"nothing to bank.*\(T3\)"):
        state.apply("bank")
    assert state.to_json() == before
    state.apply("roll")
    state.apply("die 4")
    state.apply("bank")
    assert state.banked == (4, 0) and state.current_player == 1


def test_reaching_the_target_banks_at_once_and_the_bonus_decides() -> None:
    state = _explicit(bonus=(0, 2))
    for face in (6, 5):  # player 0: 11 at stake
        state.apply("roll")
        state.apply(f"die {face}")
    state.apply("bank")
    for face in (6, 6):  # player 1 reaches 12: banked, game over (T5)
        state.apply("roll")
        state.apply(f"die {face}")
    assert state.is_terminal() and state.banked == (11, 12)
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == (1,) and outcome.scores == (11, 14)
    with pytest.raises(gamecore.IllegalActionError, match="game is over"):
        state.apply("roll")


def test_the_others_bonus_cards_are_hidden_until_the_end() -> None:
    state = _explicit(bonus=(1, 2))
    view = state.observation(0)
    assert view["bonus"] == [1, None] and view["seed"] is None and view["observer"] == 0
    for _ in range(rules.TURNS_EACH * 2):  # every turn lost on a 1 (T6)
        state.apply("roll")
        state.apply("die 1")
    assert state.is_terminal() and state.observation(0)["bonus"] == [1, 2]
    assert state.outcome() == gamecore.Outcome((1,), (1, 2), "highest score with the bonus card")


@pytest.mark.parametrize(("field", "value", "match"), [
    ("game", "kraftwagen", "game: a toy file was expected"),
    ("banked", [12, 12], "banked: only the player of the last turn"),
    ("turn_total", 11, "turn_total: a turn reaching 12"),
    ("rolling", True, "seed: a seeded game never waits"),
    ("bonus", [0, 5], "bonus/1"),
    ("extra", 1, "'extra' is not a field here"),
])
def test_an_inconsistent_position_is_refused_naming_the_field(field: str, value: object,
                                                              match: str) -> None:
    state = toygame.new_game(2, 3)
    state.apply("roll")
    data = json.loads(state.to_json())
    data["banked"] = [1, 2] if field != "banked" else data["banked"]
    data["turns"] = 2
    data[field] = value
    with pytest.raises(gamecore.PositionError, match=match):
        toygame.from_json(json.dumps(data))


def test_a_replay_file_replays_and_a_bad_one_names_the_action() -> None:
    state = toygame.replay(2, 9, ["roll", "roll"])
    text = replay_to_json(2, 9, ["roll", "roll"])
    assert replay_from_json(text) == state
    with pytest.raises(gamecore.PositionError, match="actions: cannot parse action 'fly'"):
        replay_from_json(replay_to_json(2, 9, ["fly"]))


def test_the_text_and_svg_boards_keep_the_cards_face_down() -> None:
    state = toygame.new_game(2, 1)
    assert "bonus ?" in str(state) and "player 0 rolls or banks" in str(state)
    svg = state._repr_svg_()
    assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>") and "P1 ?" in svg


@pytest.mark.parametrize("name", ["random", "greedy"])
def test_the_bots_play_whole_games(name: str) -> None:
    bot = toygame.GAME.make_bot(name, 1)
    state = toygame.new_game(4, 2)
    while not state.is_terminal():
        state.apply(bot.choose(state))
    assert state.outcome() is not None
    with pytest.raises(ValueError, match="unknown bot"):
        toygame.GAME.make_bot("clever", 0)
