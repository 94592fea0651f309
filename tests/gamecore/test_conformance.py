"""Conformance of every registered game to the shared game protocol (STYLE 14, 20).

Parametrized over ``gamecore.games()``, so a new game that registers itself gets every check:
seeded random games end for every player count, legal actions are never empty before the end,
JSON round-trips at every step, replays are deterministic, clones are independent, undo
restores, an illegal action raises and changes nothing, explicit chance outcomes sum to 1, and
the observation hides what the game says is hidden. Through the one OpenSpiel adapter
(``gamecore.openspiel``) every game's ``python_<name>`` passes OpenSpiel's ``random_sim_test``
with serialization, its JSON serialization round-trips exactly, and crafted text is refused. A
new game core is added to ``GAME_PACKAGES``: importing it registers it, importing its
``openspiel`` module registers its OpenSpiel game.
"""

from __future__ import annotations

import base64
import importlib
import json
import pickle
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pyspiel
import pytest

import gamecore
from gamecore import openspiel as adapter
from gamecore.game import Game, lookup
from gamecore.position import MAX_POSITION_SIZE

#: The game cores whose import registers their game (``toygame``, under tests/, is the test-only
#: second game that proves the protocol assumes nothing of Kraftwagen).
GAME_PACKAGES = ("kwcore", "formel1", "automobiles", "tests.toygame")
for _package in GAME_PACKAGES:
    importlib.import_module(_package)
    importlib.import_module(f"{_package}.openspiel")

GAMES = gamecore.games()
#: A random game longer than this is a failure to end (Kraftwagen's last about 230 decisions).
MAX_DECISIONS = 3000


def _by_name(game: Game) -> str:
    return game.name


def _random_walk(game: Game, players: int, seed: int, explicit: bool = False
                 ) -> tuple[Any, list[int]]:
    """A random game from ``seed`` to its end; the final state and the ids taken."""
    rng = random.Random(seed)
    state = game.new_game(players, seed, explicit_chance=explicit)
    taken: list[int] = []
    while not state.is_terminal():
        legal = state.legal_action_ids()
        assert legal, f"no legal action at decision {len(taken)}"
        taken.append(rng.choice(legal))
        state.apply(taken[-1])
        assert len(taken) <= MAX_DECISIONS, "the game did not end"
    return state, taken


def _positions(game: Game, players: int, seed: int, steps: int) -> Iterator[tuple[int, Any]]:
    """The first ``steps`` non-terminal positions of a seeded random game, numbered; the
    caller may apply actions to each (the walk then plays one random legal action)."""
    rng = random.Random(seed)
    state = game.new_game(players, seed)
    for step in range(steps):
        if state.is_terminal():
            return
        yield step, state
        state.apply(rng.choice(state.legal_action_ids()))


def test_the_registry_holds_every_game_package() -> None:
    assert len(GAMES) >= len(GAME_PACKAGES)
    assert gamecore.get("kraftwagen").name == "kraftwagen"
    with pytest.raises(ValueError, match="unknown game"):
        gamecore.get("chess")


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_seeded_random_games_end_for_every_player_count(game: Game) -> None:
    for players in game.player_counts:
        for seed in (1, 2):
            state, taken = _random_walk(game, players, seed)
            outcome = state.outcome()
            assert outcome is not None and outcome.winners
            assert len(outcome.scores) == players
            assert state.legal_action_ids() == ()


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_legal_ids_come_in_id_order_also_with_every_yes_no_option_on(game: Game) -> None:
    # The protocol's promise (GameState.legal_actions, OpenSpiel's legal actions ascending);
    # the variants meet decisions a standard game never does.
    switched: dict[str, Any] = {o.name: True for o in game.options
                                if isinstance(o.default, bool)}
    # With every yes/no option on, each whole-number option (a season's races, say) two above
    # its default too: some options go only together (Automobiles' sponsors need a season).
    more = switched | {o.name: o.default + 2 for o in game.options
                       if type(o.default) is int}
    played = 0
    for options in ({}, *({name: True} for name in switched), switched, more):
        for players in game.player_counts:
            rng = random.Random(players)
            try:
                state = game.new_game(players, players, **options)
            except ValueError:
                continue  # options the game does not take together
            played += 1
            for _ in range(2_000):
                if state.is_terminal():
                    break
                legal = state.legal_action_ids()
                assert list(legal) == sorted(legal), (options, state.legal_actions())
                state.apply(rng.choice(legal))
    assert played > len(game.player_counts) or not game.options


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_json_round_trips_at_every_step(game: Game) -> None:
    players = game.min_players
    rng = random.Random(5)
    state = game.new_game(players, 5)
    steps = 0
    while True:
        text = state.to_json()
        again = game.from_json(text)
        assert again == state and again.to_json() == text, f"step {steps}"
        assert json.loads(text)["game"] == game.name
        assert gamecore.load_position(text) == state
        if state.is_terminal():
            break
        state.apply_unchecked(rng.choice(state.legal_action_ids()))
        steps += 1


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_a_replay_of_the_same_seed_and_actions_gives_the_same_game(game: Game) -> None:
    players = game.max_players
    state, taken = _random_walk(game, players, 11)
    again = game.new_game(players, 11)
    for aid in taken:
        again.apply(aid)
    assert again.to_json() == state.to_json()


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_clones_are_independent_and_undo_restores(game: Game) -> None:
    rng = random.Random(3)
    for _, state in _positions(game, game.max_players, 3, 60):
        before = state.to_json()
        copy = state.clone()
        assert copy == state
        aid = rng.choice(state.legal_action_ids())
        copy.apply(aid)
        assert state.to_json() == before, "applying to a clone changed the original"
        state.apply(aid)
        assert state.to_json() == copy.to_json()
        state.undo()
        assert state.to_json() == before, "undo did not restore the position"
        child = state.child(aid)
        assert state.to_json() == before, "child changed its parent"
        assert child.to_json() == copy.to_json()


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_an_illegal_action_raises_and_changes_nothing(game: Game) -> None:
    rng = random.Random(4)
    state = game.new_game(game.min_players, 4)
    checked = 0
    while not state.is_terminal() and checked < 40:
        legal = set(state.legal_action_ids())
        illegal = [i for i in range(game.num_actions) if i not in legal]
        if illegal:
            before = state.to_json()
            with pytest.raises(gamecore.IllegalActionError):
                state.apply(rng.choice(illegal))
            assert state.to_json() == before
            checked += 1
        state.apply(rng.choice(sorted(legal)))
    assert checked
    for bad in (-1, game.num_actions, "no such action", 2.5):
        before = state.to_json()
        with pytest.raises(gamecore.ActionParseError):
            state.apply(bad)
        assert state.to_json() == before


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_explicit_chance_outcomes_sum_to_one(game: Game) -> None:
    for players in game.player_counts:
        rng = random.Random(players)
        state = game.new_game(players, None, explicit_chance=True)
        chance_nodes = 0
        while not state.is_terminal():
            outcomes = state.chance_outcomes()
            if state.is_chance_node():
                chance_nodes += 1
                assert outcomes and abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
                assert all(p > 0 for _, p in outcomes)
                assert sorted(a.id for a, _ in outcomes) == sorted(state.legal_action_ids())
            else:
                assert outcomes == []
            state.apply(rng.choice(state.legal_action_ids()))
        assert chance_nodes, "an explicit-chance game met no chance node"


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_the_observation_hides_what_the_game_says_is_hidden(game: Game) -> None:
    for step, state in _positions(game, game.max_players, 6, 120):
        if step % 20 == 0:
            for player in range(game.max_players):
                seen = game.observe(state, player)
                hidden = game.hidden(state, player)
                assert hidden, "a game with chance hides at least its seed"
                for path in hidden:
                    assert lookup(seen, path) is None, path
                if hasattr(state, "seed"):  # another future, the same observation
                    other = state.clone()
                    other.seed = (state.seed or 0) + 1
                    assert game.observe(other, player) == seen


# --- OpenSpiel, through the one adapter ---------------------------------------------------
#: OpenSpiel's random simulations per player count: enough to cross every kind of decision, few
#: enough that a Kraftwagen game (about 300 steps, each one checked by OpenSpiel) stays quick.
RANDOM_SIMS = 2
ROUND_TRIP_CHECKS = 40
SERIALIZED_SIM_STEPS = 500  # random games up to this long are serialized at every step


def _walk_length(game: Game, osg: object) -> int:
    """The number of steps of the seeded walk the round-trip test takes (a dry run)."""
    state = osg.new_initial_state()  # type: ignore[attr-defined]
    return sum(1 for _ in _openspiel_walk(state, 21))


def _openspiel_game(game: Game, players: int) -> Any:
    return pyspiel.load_game(adapter.PREFIX + game.name, {"players": players})


def _openspiel_walk(state: Any, seed: int) -> Iterator[int]:
    """Play ``state`` to its end with random actions (chance by its probabilities), yielding the
    step number before each action."""
    rng = random.Random(seed)
    step = 0
    while not state.is_terminal():
        yield step
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(actions, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
        step += 1
    yield step


def test_every_registered_game_has_its_openspiel_game() -> None:
    names = {g.short_name for g in pyspiel.registered_games()}
    for game in GAMES:
        assert adapter.PREFIX + game.name in adapter.adapted()
        assert adapter.PREFIX + game.name in names


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_openspiel_random_sim_test_passes_with_serialization(game: Game) -> None:
    # With serialize=True the test deserializes at every step, and deserializing replays the
    # history, so its cost grows with the square of the game's length: a random Automobiles
    # race runs to thousands of decisions (100 s here). Such a game is serialized by
    # OpenSpiel's test only when its random games are short; the round-trip test below checks
    # the serialization of every game, long ones included, at 40 points of a game.
    for players in sorted({game.min_players, game.max_players}):
        osg = _openspiel_game(game, players)
        short = _walk_length(game, osg) <= SERIALIZED_SIM_STEPS
        # (one simulation of a long game: its every step is checked all the same)
        pyspiel.random_sim_test(osg, num_sims=RANDOM_SIMS if short else 1, serialize=short,
                                verbose=False)


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_openspiel_states_follow_the_game_core(game: Game) -> None:
    """Actions are the core's ids and texts, chance outcomes its outcomes, returns its win
    shares; the core mirrors every action through its checked ``apply``."""
    osg = _openspiel_game(game, game.max_players)
    assert osg.num_distinct_actions() == game.num_actions
    state = osg.new_initial_state()
    mirror = game.new_game(game.max_players, None, explicit_chance=True)
    rng = random.Random(12)
    while True:
        assert state.core == mirror
        assert state.legal_actions() == list(mirror.legal_action_ids())
        if state.is_terminal():
            break
        player = state.current_player()
        assert [state.action_to_string(player, a) for a in state.legal_actions()] == \
            [str(a) for a in mirror.legal_actions()]
        if state.is_chance_node():
            assert player == pyspiel.PlayerId.CHANCE
            assert state.chance_outcomes() == \
                [(mirror.ACTIONS.ids[a], p) for a, p in mirror.chance_outcomes()]
        else:
            assert player == mirror.current_player
        action = rng.choice(state.legal_actions())
        state.apply_action(action)
        mirror.apply(action)
    outcome = mirror.outcome()
    assert outcome is not None
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0)
    assert [i for i, r in enumerate(returns) if r > 0] == list(outcome.winners)


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_the_adapters_serialization_round_trips_exactly(game: Game) -> None:
    osg = _openspiel_game(game, game.min_players)
    state = osg.new_initial_state()
    # About 40 checkpoints spread over the game, whatever its length (each one replays the
    # whole history; Kraftwagen's random games are ~230 decisions, Automobiles' ~900 for 2).
    length = _walk_length(game, osg)
    every = max(1, length // ROUND_TRIP_CHECKS)
    for step in _openspiel_walk(state, 21):
        if step % every and not state.is_terminal():
            continue
        text = state.serialize()
        again = osg.deserialize_state(text)
        assert type(again) is type(state)
        assert again.serialize() == text, f"step {step}"
        assert again.core == state.core and again.history() == state.history()
        assert str(again) == str(state) and again.legal_actions() == state.legal_actions()
        for player in range(game.min_players):
            assert again.observation_string(player) == state.observation_string(player)
            assert again.information_state_tensor(player) == \
                state.information_state_tensor(player)
        both = adapter.serialize_game_and_state(osg, state)
        osg2, again2 = adapter.deserialize_game_and_state(both)
        assert osg2.get_parameters() == osg.get_parameters()
        assert adapter.serialize_game_and_state(osg2, again2) == both


class _Payload:
    """Unpickling this runs code: it creates the file named."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Path.touch, (str(self.path),))


def _crafted(game: Game, osg: Any, marker: Path) -> dict[str, str]:
    """Texts that are not a serialized state of ``osg``, each named."""
    state = osg.new_initial_state()
    walk = _openspiel_walk(state, 8)
    for _ in range(12):
        next(walk, None)
    good = json.loads(state.serialize())
    pickled = base64.b64encode(pickle.dumps({"_held": _Payload(marker)})).decode()
    other = next(g for g in GAMES if g is not game)
    other_state = _openspiel_game(other, other.min_players).new_initial_state()

    def changed(**fields: Any) -> str:
        return json.dumps({**good, **fields})

    return {
        "a pickle": pickled,
        "openspiel's pickled form": f"history=\nmove_number=0\n__dict__={pickled}",
        "cut short": state.serialize()[:-5],
        "not an object": "[1, 2]",
        "another format": changed(format="kraftwagen-position"),
        "another version": changed(version=99),
        "other parameters": changed(players=game.max_players + 1),
        "players true": changed(players=True),
        "an illegal action": changed(history=[*good["history"], 10**9]),
        "a history too long": changed(history=[0] * (osg.max_game_length() + 1)),
        "a history short of the position": changed(history=good["history"][:-1]),
        "a bad position": changed(position={**good["position"], "version": 99}),
        "another game's state": other_state.serialize(),
        "too large": " " * (MAX_POSITION_SIZE + 1),
        "nested too deeply": "[" * 100_000 + "]" * 100_000,
    }


@pytest.mark.parametrize("game", GAMES, ids=_by_name)
def test_a_crafted_string_is_a_position_error_and_runs_nothing(game: Game,
                                                                tmp_path: Path) -> None:
    osg = _openspiel_game(game, game.min_players)
    marker = tmp_path / "ran"
    for what, text in _crafted(game, osg, marker).items():
        with pytest.raises(gamecore.PositionError):
            osg.deserialize_state(text)
            pytest.fail(f"{what} was accepted")
        with pytest.raises(gamecore.PositionError):
            adapter.deserialize_game_and_state(_with_game(game, text))
            pytest.fail(f"{what}, with its game, was accepted")
    assert not marker.exists()


def _with_game(game: Game, text: str) -> str:
    """``text`` as the state of a serialized game and state, when it is JSON at all."""
    try:
        inner = json.loads(text)
    except (ValueError, RecursionError):
        return text
    return json.dumps({"game": adapter.PREFIX + game.name, "players": game.min_players,
                       "state": inner})


# --- gamecore's parts checked directly ------------------------------------------------------
def test_weighted_draws_follow_the_weighted_outcomes() -> None:
    weights = (1, 2, 7)
    law = gamecore.weighted_outcomes(list(zip("abc", weights, strict=True)))
    assert [p for _, p in law] == [0.1, 0.2, 0.7]
    counts = [0, 0, 0]
    for n in range(10_000):
        counts[gamecore.weighted_draw(99, n, weights)] += 1
    assert all(abs(c / 10_000 - p) < 0.02 for c, (_, p) in zip(counts, law, strict=True))


def test_a_seed_is_checked_and_dropped_in_explicit_chance_mode() -> None:
    assert gamecore.check_seed(7, explicit_chance=False) == 7
    assert gamecore.check_seed(7, explicit_chance=True) is None
    for bad in (-1, 2**64, True, 1.5, None):
        with pytest.raises(ValueError, match="seed"):
            gamecore.check_seed(bad, explicit_chance=False)  # type: ignore[arg-type]


def test_an_action_table_refuses_two_actions_with_one_text() -> None:
    class Named(gamecore.Action):
        __slots__ = ("n",)

        def __init__(self, n: int) -> None:
            self.n = n

        def __str__(self) -> str:
            return "same"

    with pytest.raises(ValueError, match="unique"):
        gamecore.ActionTable([Named(1), Named(2)])


def test_another_game_under_a_taken_name_is_refused() -> None:
    from dataclasses import replace

    kraftwagen = gamecore.get("kraftwagen")
    gamecore.register(kraftwagen)  # the same description again changes nothing
    with pytest.raises(ValueError, match="registered already"):
        gamecore.register(replace(kraftwagen, title="another"))
    assert gamecore.get("kraftwagen") is kraftwagen


def test_a_game_state_that_lacks_a_hook_cannot_be_made() -> None:
    """``current_player``, ``_apply_id`` and ``scores`` are the game's to supply."""
    from gamecore.state import GameState

    class Partial(GameState):
        __slots__ = ("legal", "history")

        def scores(self) -> list[int]:
            return []

    with pytest.raises(TypeError, match="_apply_id.*current_player"):
        Partial()  # type: ignore[abstract]  # the point: it cannot be made
