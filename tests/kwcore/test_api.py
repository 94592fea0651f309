"""The public API contract of kwcore (docs/architecture.md; STYLE 5, 10, 11; RULINGS K31).

Argument errors, the two kinds of action errors, the text and id faces of every action, stable
ids, replay, and what observations may show. Action ids are pinned in
``tests/golden/action_ids.json``; a change there breaks saved games and trained models, so
regenerate it only on purpose and say so:

    PYTHONPATH=. python3 -m tests.kwcore.test_api --regenerate
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import kwcore
from kwcore import State

GOLDEN = Path(__file__).resolve().parents[1] / "golden" / "action_ids.json"


def random_game(players: int, seed: int, steps: int | None = None, **options: bool) -> State:
    """A seeded game after ``steps`` random actions (to the end when None), with ``apply``."""
    state = kwcore.new_game(players, seed, **options)
    rng = random.Random(seed)
    while not state.is_terminal() and (steps is None or len(state.history) < steps):
        state.apply(rng.choice(state.legal_actions()))
    return state


def strings(value: Any) -> list[str]:
    """Every string anywhere inside a JSON-like value, keys included."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for k, v in value.items() for s in [k, *strings(v)]]
    if isinstance(value, list | tuple):
        return [s for v in value for s in strings(v)]
    return []


# --- new_game ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [0, 1, 5, -3])
def test_new_game_refuses_a_player_count_outside_two_to_four(players: int) -> None:
    with pytest.raises(ValueError, match=r"players must be a whole number from 2 to 4, not -?\d"):
        kwcore.new_game(players, 0)


@pytest.mark.parametrize("players", [True, "3", 3.0, None])
def test_new_game_refuses_a_player_count_that_is_not_a_whole_number(players: Any) -> None:
    with pytest.raises(ValueError, match="players must be a whole number from 2 to 4"):
        kwcore.new_game(players, 0)


@pytest.mark.parametrize("seed", [-1, -(2**40), 2**64, 1.5, "7", True])
def test_new_game_refuses_a_seed_that_is_not_a_whole_number_from_zero(seed: Any) -> None:
    with pytest.raises(ValueError, match=r"seed must be a whole number from 0 to 2\*\*64-1"):
        kwcore.new_game(3, seed)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_new_game_is_ready_for_the_first_decision(players: int) -> None:
    s = kwcore.new_game(players, 0)
    assert s.players == players and s.decision() == "choose_start"
    assert s.current_player in range(players) and s.legal_action_ids()
    assert kwcore.new_game(players, 0) == s
    assert kwcore.new_game(players, 0, explicit_chance=True).is_chance_node()


def test_different_seeds_give_different_games() -> None:
    setups = {tuple(kwcore.new_game(4, seed).chain) for seed in range(20)}
    assert len(setups) > 10


# --- parsing and the two errors -----------------------------------------------------------------
@pytest.mark.parametrize("text", ["fly to the moon", "", "   ", "pick", "pick Nothing",
                                  "car price 99", "team 7 with salesman", "research all"])
def test_parse_action_rejects_garbage_with_an_action_parse_error(text: str) -> None:
    s = kwcore.new_game(3, 7)
    with pytest.raises(kwcore.ActionParseError, match="cannot parse action") as err:
        kwcore.parse_action(s, text)
    assert not isinstance(err.value, kwcore.IllegalActionError)
    with pytest.raises(kwcore.ActionParseError):
        s.apply(text)


def test_parse_action_rejects_a_well_formed_action_not_legal_now() -> None:
    s = kwcore.new_game(3, 7)
    for text in ("pick Research", "research both", "end turn", "invest Durant in car 1"):
        with pytest.raises(kwcore.IllegalActionError, match="not a choice now|free action") as err:
            kwcore.parse_action(s, text)
        assert not isinstance(err.value, kwcore.ActionParseError)
        assert err.value.rule, "the error names the rule broken"
    taken = s.legal_actions()[0]
    s.apply(taken)
    with pytest.raises(kwcore.IllegalActionError, match="not legal now") as err:
        kwcore.parse_action(s, str(taken))
    before = s.clone()
    with pytest.raises(kwcore.IllegalActionError):
        s.apply(str(taken))
    assert s == before


def test_parse_action_accepts_any_case_and_spacing_of_a_legal_action() -> None:
    s = kwcore.new_game(3, 7)
    action = s.legal_actions()[-1]
    text = "  " + str(action).upper().replace(" ", "   ") + " "
    assert kwcore.parse_action(s, text) == action
    s.apply(text)
    assert s.history[-1].legal_actions()[-1] == action


def test_apply_takes_an_action_its_id_or_its_text_alike() -> None:
    base = kwcore.new_game(4, 3)
    action = base.legal_actions()[1]
    results = []
    for form in (action, action.id, str(action)):
        s = base.clone()
        s.apply(form)
        results.append(s)
    assert results[0] == results[1] == results[2] != base


@pytest.mark.parametrize("bad", [-1, kwcore.NUM_ACTIONS, 10**9])
def test_an_id_outside_the_table_is_a_parse_error(bad: int) -> None:
    with pytest.raises(kwcore.ActionParseError, match="no action has id"):
        kwcore.action_from_id(bad)
    with pytest.raises(kwcore.ActionParseError):
        kwcore.new_game(2, 0).apply(bad)


# --- the two faces of every action ----------------------------------------------------------
def test_every_action_prints_and_parses_back_and_round_trips_its_id() -> None:
    assert len(kwcore.ACTIONS) == kwcore.NUM_ACTIONS
    texts = set()
    for i, action in enumerate(kwcore.ACTIONS):
        text = str(action)
        assert kwcore.action_from_text(text) == action, text
        assert kwcore.action_from_text(text.upper()) == action, text
        assert action.id == i and kwcore.action_from_id(i) is action, text
        texts.add(text.lower())
    assert len(texts) == kwcore.NUM_ACTIONS, "two actions print alike"


def test_actions_are_frozen_values() -> None:
    action = kwcore.new_game(3, 7).legal_actions()[0]
    fields = dataclasses.fields(action)  # type: ignore[arg-type]
    assert fields
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(action, fields[0].name, 0)
    assert hash(action) == hash(kwcore.action_from_text(str(action)))


def action_ids() -> dict[str, Any]:
    """What is pinned: the count, the first 20 texts and a digest of all texts in id order."""
    texts = [str(a) for a in kwcore.ACTIONS]
    digest = hashlib.sha256("\n".join(texts).encode("utf-8")).hexdigest()
    return {"count": len(texts), "first_20": texts[:20], "sha256_of_all_texts": digest}


def test_action_ids_are_stable() -> None:
    golden = json.loads(GOLDEN.read_text("utf-8"))
    now = action_ids()
    assert now["count"] == golden["count"]
    assert now["first_20"] == golden["first_20"]
    assert now["sha256_of_all_texts"] == golden["sha256_of_all_texts"], "an id moved"


# --- replay -------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_replay_reproduces_a_game_from_its_seed_and_actions(players: int) -> None:
    game = random_game(players, 40 + players)
    texts: list[str | int] = []
    ids: list[str | int] = []
    s = kwcore.new_game(players, 40 + players)
    rng = random.Random(40 + players)
    while not s.is_terminal():
        action = rng.choice(s.legal_actions())
        texts.append(str(action))
        ids.append(action.id)
        s.apply(action)
    assert s == game
    assert kwcore.replay(players, 40 + players, texts) == game
    assert kwcore.replay(players, 40 + players, ids) == game
    assert kwcore.replay(players, 40 + players, texts[:50]) == game.history[50]
    assert kwcore.replay(players, 40 + players + 1, []) != kwcore.new_game(players, 40 + players)


def test_replay_of_an_illegal_sequence_raises() -> None:
    with pytest.raises(kwcore.IllegalActionError):
        kwcore.replay(3, 7, ["pick Research"])
    with pytest.raises(kwcore.ActionParseError):
        kwcore.replay(3, 7, ["start nowhere"])


# --- observations -------------------------------------------------------------------------------
def test_hidden_scores_hide_the_others_reputation_until_the_end() -> None:
    s = kwcore.new_game(3, 5, hidden_scores=True)
    rng = random.Random(5)
    others_scored = False
    while True:
        for me in range(3):
            obs = s.observation(me)
            json.dumps(obs)
            for i, c in enumerate(obs["companies"]):
                if i == me or s.is_terminal():
                    assert c["reputation"] == s.companies[i].reputation
                else:
                    assert c["reputation"] is None and c["score_parts"] is None
                    others_scored |= s.companies[i].reputation > 0
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_action_ids()))
    assert others_scored, "the game never tested hiding a non-zero score"


def test_hidden_scores_do_not_leak_through_the_rest_of_the_observation() -> None:
    s = random_game(3, 9, steps=150, hidden_scores=True)
    assert s.companies[1].reputation > 0 and not s.is_terminal()
    data = json.loads(s.to_json())
    data["companies"][1]["reputation"] += 17
    data["companies"][1]["score_parts"]["sales"] += 17
    richer = kwcore.from_json(json.dumps(data))
    assert richer.scores() != s.scores()
    assert richer.observation(0) == s.observation(0)
    assert richer.observation(1) != s.observation(1)


def test_open_scores_are_visible_to_everyone() -> None:
    s = random_game(3, 9, steps=150)
    obs = s.observation(0)
    assert [c["reputation"] for c in obs["companies"]] == s.scores()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_observations_never_show_the_seed_or_the_unseen_recruit_tiles(players: int) -> None:
    s = kwcore.new_game(players, 31)
    rng = random.Random(31)
    while not s.is_terminal():
        if len(s.history) % 10 == 0:
            unseen = {s.cfg.recruit[i].name for cat in s.unseen for i in cat}
            assert unseen
            for me in range(players):
                obs = s.observation(me)
                assert obs["seed"] is None and obs["draws"] is None
                assert obs["recruit"]["unseen"] is None
                assert not unseen & set(strings(obs)), "an unseen recruit tile is visible"
        s.apply(rng.choice(s.legal_action_ids()))


def test_an_observation_is_the_same_whatever_the_seed_and_the_unseen_order() -> None:
    s = random_game(4, 13, steps=60)
    data = json.loads(s.to_json())
    data["seed"] = 999_999
    data["draws"] = 3
    data["recruit"]["unseen"] = {k: v[::-1] for k, v in data["recruit"]["unseen"].items()}
    other = kwcore.from_json(json.dumps(data))
    assert other != s
    assert all(other.observation(i) == s.observation(i) for i in range(4))


def test_an_observation_for_a_company_not_in_the_game_is_refused() -> None:
    with pytest.raises(ValueError):
        kwcore.new_game(2, 0).observation(2)


# --- positions ----------------------------------------------------------------------------------
@pytest.mark.parametrize("text", ["", "{", "[]", '{"format": "chess"}'])
def test_from_json_rejects_what_is_not_a_position(text: str) -> None:
    with pytest.raises(kwcore.PositionError):
        kwcore.from_json(text)


def regenerate() -> None:
    """Rewrite the golden action-id file."""
    GOLDEN.parent.mkdir(exist_ok=True)
    GOLDEN.write_text(json.dumps(action_ids(), indent=1) + "\n", "utf-8")
    print(f"wrote {GOLDEN}")


if __name__ == "__main__":
    if sys.argv[1:] != ["--regenerate"]:
        sys.exit("usage: PYTHONPATH=. python3 -m tests.kwcore.test_api --regenerate")
    regenerate()


def test_the_key_is_every_data_field_with_every_company_field() -> None:
    from kwcore.state import Company

    state = kwcore.new_game(3, 5)
    rng = random.Random(5)
    for _ in range(60):
        state.apply_unchecked(rng.choice(state.legal_action_ids()))
        fields = [getattr(state, n) for n in State.DATA_FIELDS if n not in ("companies", "events")]
        companies = tuple(tuple(getattr(c, n) for n in Company.__slots__)
                          for c in state.companies)
        assert state.key() == (*fields, companies)
        assert all(c.as_tuple() == one for c, one in zip(state.companies, companies, strict=True))
