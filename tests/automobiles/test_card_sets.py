"""Card sets (AU-08): the standard set (RA1), our named sets, an explicit list of five, and a
random set dealt by chance; and the shared conformance checks of
``tests/gamecore/test_conformance.py``
run on random card sets, so every card meets random play, round trips, clones and undo."""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import Any

import pytest

import automobiles
import gamecore
from automobiles.config import ACTION_COLOURS, config_for
from automobiles.game import GAME
from automobiles.serialize import replay_from_json, replay_to_json, state_from_json
from tests.gamecore import test_conformance as conformance


def _random_sets(players: int = 2, seed: int | None = 0, explicit_chance: bool = False) -> Any:
    return automobiles.new_game(players, seed, cards="random", explicit_chance=explicit_chance)


RANDOM_GAME = dataclasses.replace(GAME, new_game=_random_sets)
#: Uniformly random play on random card sets is longer than the suite's bound of 3,000
#: decisions (cards that remove gear cubes slow random players down): the longest seen, seed 2
#: for 5 players, took 4,490 decisions. The bound here is a failure to end, not a speed claim.
RANDOM_SET_MAX_DECISIONS = 20_000


@pytest.fixture(autouse=True)
def _long_random_games(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conformance, "MAX_DECISIONS", RANDOM_SET_MAX_DECISIONS)


def _ids(state: automobiles.State) -> list[str]:
    return [state.cfg.cards[c].id for c in state.cards]


def test_the_standard_set_is_the_rulings_and_every_other_named_set_is_marked_ours() -> None:
    cfg = config_for(2)
    assert [cfg.cards[c].id for c in cfg.card_sets["standard"]] == \
        ["manager", "suspension", "crew_chief", "hybrid_engine", "transmission"]
    assert "standard" not in cfg.ours and set(cfg.ours) == set(cfg.card_sets) - {"standard"}
    # our sets together hold every card of the seed once
    held = Counter(c for name in cfg.ours for c in cfg.card_sets[name])
    assert set(held) == set(range(35)) and held.most_common(1)[0][1] <= 2


@pytest.mark.parametrize("name", sorted(config_for(2).card_sets))
def test_every_named_set_makes_a_game_with_one_card_per_colour(name: str) -> None:
    s = automobiles.new_game(3, 1, cards=name)
    cfg = s.cfg
    assert s.cards == cfg.card_sets[name]
    assert [cfg.cards[c].colour for c in s.cards] == list(ACTION_COLOURS)


def test_five_card_names_in_any_order_and_either_language_make_a_set() -> None:
    s = automobiles.new_game(2, 1, cards=["Overdrive", "Dieselmotor", "air_jacks", "Reifen",
                                          "Car Chief"])
    assert _ids(s) == ["car_chief", "tires", "air_jacks", "diesel_engine", "overdrive"]


@pytest.mark.parametrize("cards", [["manager", "car_chief", "tires", "air_jacks", "boost"],
                                   ["manager", "tires", "air_jacks", "boost"], "no_such_set"])
def test_a_set_without_one_card_per_colour_is_refused(cards: Any) -> None:
    with pytest.raises(ValueError, match=r"card set"):
        automobiles.new_game(2, 1, cards=cards)


def test_a_random_set_is_dealt_from_the_seed_one_card_per_colour_and_replays() -> None:
    dealt = {tuple(_random_sets(2, seed).cards) for seed in range(30)}
    assert len(dealt) > 20
    assert all([config_for(2).cards[c].colour for c in d] == list(ACTION_COLOURS) for d in dealt)
    assert _random_sets(2, 7).cards == _random_sets(2, 7).cards


def test_a_random_set_in_explicit_chance_is_five_chance_decisions_of_seven_cards() -> None:
    s = _random_sets(2, None, explicit_chance=True)
    for colour in ACTION_COLOURS:
        assert s.is_chance_node() and s.phase == "cards"
        outcomes = s.chance_outcomes()
        assert len(outcomes) == 7 and all(p == pytest.approx(1 / 7) for _, p in outcomes)
        assert {config_for(2).cards[a.card].colour for a, _ in outcomes} == {colour}
        again = state_from_json(s.to_json())
        assert again == s
        s.apply(outcomes[-1][0])
    assert s.phase == "order" and _ids(s)[-1] == "overdrive"


def test_a_random_deal_is_chances_not_a_players() -> None:
    s = automobiles.new_game(2, 0)
    with pytest.raises(gamecore.IllegalActionError, match=r"chance's outcome.*AU-08"):
        s.apply("deal boost")


def test_a_replay_of_a_random_set_or_a_listed_set_gives_the_same_game() -> None:
    for cards in ("random", ["boost", "pit_boss", "tires", "engineer", "crate_engine"]):
        s = automobiles.new_game(3, 5, cards=cards)
        taken: list[str] = []
        for _ in range(200):
            aid = s.legal_action_ids()[len(taken) % len(s.legal_action_ids())]
            taken.append(str(s.ACTIONS.actions[aid]))
            s.apply(aid)
        text = replay_to_json(3, 5, taken, cards=cards)
        assert replay_from_json(text) == s


# --- the shared conformance checks on random card sets ------------------------------------------
def test_random_card_set_games_end_for_every_player_count() -> None:
    conformance.test_seeded_random_games_end_for_every_player_count(RANDOM_GAME)


def test_random_card_set_games_round_trip_at_every_step() -> None:
    conformance.test_json_round_trips_at_every_step(RANDOM_GAME)


def test_random_card_set_games_replay_clone_and_undo() -> None:
    conformance.test_a_replay_of_the_same_seed_and_actions_gives_the_same_game(RANDOM_GAME)
    conformance.test_clones_are_independent_and_undo_restores(RANDOM_GAME)


def test_random_card_set_games_refuse_illegal_actions_unchanged() -> None:
    conformance.test_an_illegal_action_raises_and_changes_nothing(RANDOM_GAME)


def test_random_card_set_chance_outcomes_sum_to_one_and_observations_hide_the_seed() -> None:
    conformance.test_explicit_chance_outcomes_sum_to_one(RANDOM_GAME)
    conformance.test_the_observation_hides_what_the_game_says_is_hidden(RANDOM_GAME)


@pytest.mark.parametrize("seed", range(8))
def test_seeded_games_of_every_named_set_and_random_sets_finish(seed: int) -> None:
    names = [*sorted(config_for(2).card_sets), "random"]
    state = automobiles.new_game(2 + seed % 4, seed, cards=names[seed % len(names)])
    bots = [automobiles.game.GAME.make_bot("random", seed)] * state.players
    steps = 0
    while not state.is_terminal():
        state.apply(bots[0].choose(state))
        steps += 1
        assert steps < RANDOM_SET_MAX_DECISIONS
    assert state.outcome() is not None
