"""The OpenSpiel adapter (kwcore.openspiel): registration, OpenSpiel's conformance check, actions
equal to kwcore's ids, explicit chance, per-company views that hide the future, serialization,
returns, and OpenSpiel's Python MCTS bot playing whole games."""

from __future__ import annotations

import base64
import json
import pickle
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import mcts

import kwcore
import kwcore.openspiel as kos  # registers python_kraftwagen


def _game(players: int = 4) -> pyspiel.Game:
    return pyspiel.load_game("python_kraftwagen", {"players": players})


def _play(state: pyspiel.State, decisions: int, seed: int) -> list[int]:
    """Apply ``decisions`` uniformly random actions (chance included); the actions taken."""
    rng = random.Random(seed)
    taken = []
    for _ in range(decisions):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        taken.append(action)
    return taken


@pytest.mark.parametrize("players", [2, 3, 4])
def test_openspiel_conformance_check_passes_with_serialization(players: int) -> None:
    pyspiel.random_sim_test(_game(players), num_sims=1, serialize=True, verbose=False)


def test_the_game_is_registered_with_4_companies_by_default_and_kwcore_action_ids() -> None:
    assert "python_kraftwagen" in [g.short_name for g in pyspiel.registered_games()]
    game = pyspiel.load_game("python_kraftwagen")
    assert game.num_players() == 4
    assert game.num_distinct_actions() == kwcore.NUM_ACTIONS
    kind = game.get_type()
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor


@pytest.mark.parametrize("players", [1, 5, True])
def test_a_bad_number_of_companies_is_a_clear_value_error(players: object) -> None:
    with pytest.raises(ValueError, match="players must be a whole number from 2 to 4"):
        kos.KraftwagenGame({"players": players})


def test_actions_are_kwcore_ids_and_the_game_follows_kwcore_move_for_move() -> None:
    state = _game(3).new_initial_state()
    taken = _play(state, 150, seed=1)
    mirror = kwcore.new_game(3, explicit_chance=True)
    for action in taken:
        mirror.apply(action)  # checked: every id OpenSpiel offered is legal in kwcore
    assert state.kw == mirror
    assert state.legal_actions() == list(mirror.legal_action_ids())
    assert state.history() == taken
    if not state.is_chance_node():
        player = state.current_player()
        assert player == mirror.current_player
        assert [state.action_to_string(player, a) for a in state.legal_actions()] == \
            [str(a) for a in mirror.legal_actions()]


def test_setup_is_explicit_chance_with_kwcore_outcomes_summing_to_one() -> None:
    state = _game(4).new_initial_state()
    assert state.is_chance_node()
    outcomes = state.chance_outcomes()
    assert [a for a, _ in outcomes] == [a.id for a, _ in state.kw.chance_outcomes()]
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert sorted(a for a, _ in outcomes) == state.legal_actions()


def test_each_company_gets_its_own_view_and_the_future_stays_hidden() -> None:
    game = _game(3)
    state = game.new_initial_state()
    _play(state, 80, seed=4)
    views = [state.observation_string(p) for p in range(3)]
    assert len(set(views)) == 3  # the observer differs
    for text in views:
        assert '"seed":null' in text and '"unseen":null' in text
    tensors = [np.array(state.observation_tensor(p)) for p in range(3)]
    assert all(t.shape == (game.observation_tensor_size(),) for t in tensors)
    assert not np.array_equal(tensors[0], tensors[1])
    # Change only what the view hides: the future's seed and the recruit tiles not yet seen.
    hidden = state.clone()
    hidden.kw.seed, hidden.kw.draws = 12345, 7
    hidden.kw.unseen = tuple(tuple(reversed(u[1:])) for u in hidden.kw.unseen)
    assert hidden.kw != state.kw
    for p in range(3):
        assert hidden.observation_string(p) == state.observation_string(p)
        assert np.array_equal(hidden.observation_tensor(p), state.observation_tensor(p))
        assert hidden.information_state_string(p) == state.information_state_string(p)


def test_the_tensor_sees_what_changes_on_the_table() -> None:
    state = _game(2).new_initial_state()
    _play(state, 30, seed=2)
    before = np.array(state.observation_tensor(0))
    player = state.current_player()
    state.apply_action(state.legal_actions()[-1])
    assert player >= 0 and not np.array_equal(before, state.observation_tensor(0))


def test_information_state_has_perfect_recall_of_the_public_history() -> None:
    game = _game(2)
    state = game.new_initial_state()
    taken = _play(state, 40, seed=3)
    text = state.information_state_string(0)
    assert text.endswith("history:" + ",".join(map(str, taken)))
    assert text.startswith(state.observation_string(0))
    assert len(state.information_state_tensor(0)) == game.information_state_tensor_size()


def test_deserialize_restores_the_state() -> None:
    game = _game(4)
    state = game.new_initial_state()
    _play(state, 120, seed=5)
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert game2.num_players() == 4
    assert state2.kw == state.kw
    assert str(state2) == str(state)
    assert state2.history() == state.history()
    assert state2.legal_actions() == state.legal_actions()


def test_a_clone_is_independent() -> None:
    state = _game(2).new_initial_state()
    _play(state, 20, seed=6)
    copy = state.clone()
    _play(copy, 10, seed=7)
    assert copy.kw != state.kw and len(copy.history()) > len(state.history())


@pytest.mark.parametrize("players", [2, 4])
def test_python_mcts_bot_plays_a_full_game_and_returns_are_win_shares(players: int) -> None:
    game = _game(players)
    bots = [mcts.MCTSBot(game, 2.0, 3,
                         mcts.RandomRolloutEvaluator(1, np.random.RandomState(i), max_length=8),
                         random_state=np.random.RandomState(50 + i)) for i in range(players)]
    rng = np.random.RandomState(0)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            action = bots[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    outcome = state.kw.outcome()
    assert outcome is not None
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    assert [i for i, r in enumerate(returns) if r > 0] == list(outcome.winners)


def test_returns_split_a_shared_win_and_are_zero_before_the_end() -> None:
    state = kwcore.new_game(3, seed=1)
    assert kos.win_shares(state) == [0.0, 0.0, 0.0]
    from kwcore.bots import RandomBot, play_game

    end = play_game(3, 1, [RandomBot(i) for i in range(3)])
    for c, rep in zip(end.companies, (40, 40, 10), strict=True):
        c.reputation = rep
        c.engineers = ()  # no tie-break by engineers: a shared win (RULINGS K24)
    assert kos.win_shares(end) == [0.5, 0.5, 0.0]


def test_kwcore_works_without_pyspiel_and_only_the_adapter_needs_it() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "import kwcore, kwcore.bots, gamecore.cli, kwcore.serialize, kwcore.svg\n"
        "kwcore.bots.play_game(2, 1, [kwcore.bots.RandomBot(0), kwcore.bots.RandomBot(1)])\n"
        "try:\n    import kwcore.openspiel\nexcept ImportError:\n    print('no adapter')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no adapter"


# --- serialization without pickle ------------------------------------------------
def test_a_state_serializes_as_json_with_its_history_and_position() -> None:
    game = _game(3)
    state = game.new_initial_state()
    taken = _play(state, 90, seed=8)
    data = json.loads(state.serialize())
    assert data["format"] == kos.SERIAL_FORMAT and data["history"] == taken
    assert kwcore.from_json(json.dumps(data["position"])) == state.kw
    again = game.deserialize_state(state.serialize())
    assert isinstance(again, kos.KraftwagenState)
    assert again.kw == state.kw and again.history() == state.history()
    assert again.legal_actions() == state.legal_actions()


def test_the_adapters_game_and_state_round_trip_as_json() -> None:
    game = _game(2)
    state = game.new_initial_state()
    _play(state, 60, seed=9)
    text = kos.serialize_game_and_state(game, state)
    game2, state2 = kos.deserialize_game_and_state(text)
    assert game2.num_players() == 2 and state2.kw == state.kw
    assert state2.history() == state.history()


class _Payload:
    """Unpickling this runs code: it creates the file named."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Path.touch, (str(self.path),))  # type: ignore[return-value]


def test_a_crafted_pickle_is_a_position_error_and_runs_nothing(tmp_path: Path) -> None:
    game = _game(2)
    marker = tmp_path / "ran"
    crafted = base64.b64encode(pickle.dumps({"_held": _Payload(marker)})).decode()
    for text in (crafted, f"history=\nmove_number=0\n__dict__={crafted}",
                 kos.serialize_game_and_state(game, game.new_initial_state())[:-5] + crafted):
        with pytest.raises(kwcore.PositionError):
            game.deserialize_state(text)
        with pytest.raises(kwcore.PositionError):
            kos.deserialize_game_and_state(text)
    assert not marker.exists()


def test_a_history_that_does_not_lead_to_the_position_is_refused() -> None:
    game = _game(2)
    state = game.new_initial_state()
    _play(state, 40, seed=10)
    data = json.loads(state.serialize())
    data["history"] = data["history"][:-1]
    with pytest.raises(kwcore.PositionError, match="position: the history does not lead"):
        game.deserialize_state(json.dumps(data))
    data["history"] = [*data["history"], 10**9]
    with pytest.raises(kwcore.PositionError, match="history/"):
        game.deserialize_state(json.dumps(data))


def test_a_pickled_state_is_the_positions_json() -> None:
    state = _game(2).new_initial_state()
    _play(state, 30, seed=11)
    blob = pickle.dumps(state._held)
    assert b"kraftwagen-position" in blob and b"kwcore.state" not in blob
    assert pickle.loads(blob).state == state.kw


# --- the generic adapter (gamecore.openspiel) on a second game ------------------------------
def _toy(players: int = 3) -> pyspiel.Game:
    import tests.toygame.openspiel  # noqa: F401 - registers python_toy

    return pyspiel.load_game("python_toy", {"players": players})


def test_gamecore_does_not_import_the_adapter_and_works_without_pyspiel() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None\n"
        "import gamecore, kwcore\n"
        "assert 'gamecore.openspiel' not in sys.modules and 'numpy' not in sys.modules\n"
        "try:\n    import gamecore.openspiel\nexcept ImportError:\n    print('no adapter')\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "no adapter"


def test_kraftwagen_is_adapted_by_the_generic_adapter() -> None:
    from gamecore import openspiel as adapter

    assert issubclass(kos.KraftwagenGame, adapter.OpenSpielGame)
    assert kos.KraftwagenGame.SPEC is kos.SPEC and kos.SPEC.name == kos.GAME_NAME
    assert adapter.register(kos.SPEC) is kos.KraftwagenGame  # again: the same class
    with pytest.raises(ValueError, match="adapted already"):
        adapter.register(adapter.Spec(game="kraftwagen", max_game_length=1, default_players=2,
                                      encoder=kos.SPEC.encoder))
    state = _game(2).new_initial_state()
    assert isinstance(state, kos.KraftwagenState) and state.kw is state.core


def test_game_parameters_are_checked_by_name_and_type() -> None:
    with pytest.raises(ValueError, match="python_kraftwagen has no parameter 'speed'"):
        kos.KraftwagenGame({"players": 2, "speed": 3})
    with pytest.raises(ValueError, match="players must be a whole number from 2 to 4"):
        _toy(5)
    assert _toy(2).get_parameters() == {"players": 2}


def test_the_toy_game_through_the_adapter_hides_the_others_cards() -> None:
    game = _toy(3)
    assert game.num_distinct_actions() == 11 and game.max_game_length() == 524
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(2, 0.5), (3, pytest.approx(1 / 3)),
                                       (4, pytest.approx(1 / 6))]
    for action in (4, 2, 3):  # deal +2, +0, +1
        state.apply_action(action)
    assert state.current_player() == 0 and state.legal_actions() == [0]
    views = [json.loads(state.observation_string(p)) for p in range(3)]
    assert [v["bonus"] for v in views] == [[2, None, None], [None, 0, None], [None, None, 1]]
    tensors = [np.array(state.observation_tensor(p)) for p in range(3)]
    assert not np.array_equal(tensors[0], tensors[1])
    other = state.clone()
    other.core.bonus = (2, 2, 2)  # only player 0's own card is the same
    assert other.observation_string(0) == state.observation_string(0)
    assert other.observation_string(1) != state.observation_string(1)


def test_a_toy_state_is_not_read_as_kraftwagen() -> None:
    toy = _toy(2)
    text = kos.serialize_game_and_state(toy, toy.new_initial_state())
    assert json.loads(text)["game"] == "python_toy"
    with pytest.raises(kwcore.PositionError, match="expected 'python_kraftwagen'"):
        kos.deserialize_game_and_state(text)
    with pytest.raises(kwcore.PositionError, match="format: expected 'kraftwagen-openspiel"):
        _game(2).deserialize_state(toy.new_initial_state().serialize())


def test_python_mcts_bot_plays_the_toy_game() -> None:
    game = _toy(2)
    bots = [mcts.MCTSBot(game, 2.0, 20, mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
                         random_state=np.random.RandomState(i)) for i in range(2)]
    rng = np.random.RandomState(3)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_a_spec_with_a_further_parameter_makes_and_checks_its_states() -> None:
    """A game parameter beyond ``players`` (here: start with every card dealt +0) reaches the
    spec's ``new_state``, is written by ``serialize`` and checked when read back."""
    from dataclasses import replace

    import tests.toygame.openspiel as tos
    from gamecore import openspiel as adapter
    from tests import toygame

    def new_state(params: dict[str, Any]) -> Any:
        state = toygame.new_game(params["players"], None, explicit_chance=True)
        for _ in range(params["players"] if params["dealt"] else 0):
            state.apply("deal +0")
        return state

    spec = replace(tos.SPEC, parameters={"dealt": False}, new_state=new_state)
    # A class of its own, not registered with OpenSpiel (the name python_toy is taken).
    variant = type("Variant", (adapter.OpenSpielGame,), {
        "SPEC": spec, "STATE": adapter.OpenSpielState, "GAME_TYPE": adapter.game_type(spec)})
    game = variant({"players": 3, "dealt": True})
    assert game.get_parameters() == {"players": 3, "dealt": True}
    state = game.new_initial_state()
    assert state.core.bonus == (0, 0, 0) and state.current_player() == 0
    data = json.loads(state.serialize())
    assert data["dealt"] is True
    assert game.deserialize_state(state.serialize()).core == state.core
    with pytest.raises(kwcore.PositionError, match="dealt: this game has dealt = True"):
        game.deserialize_state(json.dumps({**data, "dealt": False}))
    with pytest.raises(ValueError, match="dealt must be of type bool, not 1"):
        variant({"dealt": 1})
    assert variant({}).new_initial_state().is_chance_node()  # the default: dealt by chance
