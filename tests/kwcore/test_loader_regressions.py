"""Regression tests for the position loader, one per class of defect found by fuzzing.

Each builds the hostile input from a real position and asserts the contract: a ``PositionError``
naming the field, with a short message (or, for the CLI, one line). The loader's speed on such
input is measured in benchmarks/bench_loader.py, never asserted here.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import kwcore
from kwcore import PositionError
from kwcore.errors import MAX_MESSAGE
from kwcore.serialize import MAX_POSITION_SIZE

Position = dict[str, Any]


def position(decision: str, players: int = 3, seed: int = 21) -> Position:
    """The first position of a seeded random game that waits at ``decision``, as a dict."""
    s = kwcore.new_game(players, seed)
    rng = random.Random(seed)
    while s.decision() != decision:
        assert not s.is_terminal(), f"seed {seed} never reaches {decision}"
        s.apply(rng.choice(s.legal_action_ids()))
    d: Position = json.loads(s.to_json())
    return d


def rejected(data: str | bytes | Position) -> PositionError:
    text = json.dumps(data) if isinstance(data, dict) else data
    with pytest.raises(PositionError) as info:
        kwcore.from_json(text)
    assert len(str(info.value)) <= MAX_MESSAGE
    return info.value


# --- exceptions other than PositionError ----------------------------------------------------------
def test_an_integer_literal_of_5000_digits_names_its_field() -> None:
    text = json.dumps(position("choose_tile")).replace('"seed": 21', '"seed": 1' + "0" * 5000)
    error = rejected(text)
    assert error.field == "seed" and "5001-digit" in str(error)


def test_deep_nesting_is_a_position_error() -> None:
    assert rejected("[" * 100_000 + "]" * 100_000).field == "(text)"
    d = position("choose_tile")
    d["log"] = [["turn", 0]] + [json.loads("[" * 900 + "]" * 900)]
    assert rejected(d).field == "log/1"


def test_bytes_that_are_not_utf8_are_a_position_error() -> None:
    raw = json.dumps(position("choose_tile")).encode()
    assert "UTF-8" in str(rejected(raw[:50] + b"\xff" + raw[50:]))
    assert kwcore.from_json(raw) == kwcore.from_json(raw.decode())


@pytest.mark.parametrize("text", ["NaN", "Infinity", "1e999", "2.5"])
def test_a_number_the_format_cannot_hold_names_its_field(text: str) -> None:
    raw = json.dumps(position("choose_tile")).replace('"round": 1', f'"round": {text}')
    error = rejected(raw)
    assert error.field == "round" and "whole number" in str(error)


def test_something_other_than_text_is_a_position_error() -> None:
    assert rejected(12).field == "(text)"  # type: ignore[arg-type]


# --- slow rejections --------------------------------------------------------------------------
def test_thousands_of_dicts_in_a_unique_items_field_are_rejected_at_the_first_error() -> None:
    d = position("choose_tile")
    d["chain"] = [{"n": i} for i in range(4000)]
    assert rejected(d).field == "chain"
    d = position("choose_tile")
    d["recruit"]["unseen"]["engineers"] = [{"n": i} for i in range(9)]
    assert rejected(d).field == "recruit/unseen/engineers/0"


def test_every_error_of_a_huge_file_is_not_collected() -> None:
    d = position("choose_tile")
    d["companies"][0]["engineers"] = [{"x": [1] * 100}] * 6
    d["market"] = [{"owner": 1}] * 6
    assert rejected(d).field == "market/0"


# --- positions that loaded and then crashed or stalled ------------------------------------------
@pytest.mark.parametrize(("event", "field"), [
    (["turn", 3], "log/9/1"),           # company 3 of 3
    (["pick", 0, 11], "log/9/2"),       # tile 11 of 11
    (["start", 0, None], "log/9/2"),    # null where a start tile is meant
    (["reveal", 27], "log/9/1"),        # recruit tile 27 of 27
    (["sale", 0, 6, "buyer", 1, 5, 0], "log/9/2"),  # market space 7 of 6
    (["sale", 0, 1, "buyer", 4, 5, 0], "log/9/4"),  # preference 4 of 4
    (["build", 0, 0, 3, 1, [0, 9]], "log/9/5"),     # a returned tile of value 9
    (["move", 0, 2, 0, 2, [5]], "log/9/5"),          # passing company 5
    (["hire", 0, 1, 1], "log/9/3"),      # 1 where a flag is meant
])
def test_a_log_event_the_renderer_cannot_show_is_rejected(event: list[Any], field: str) -> None:
    d = position("choose_tile")
    d["log"] = d["log"][:9] + [event]
    assert rejected(d).field == field


def test_a_loaded_log_renders() -> None:
    d = position("market")
    s = kwcore.from_json(json.dumps(d))
    assert len(s.log()) == len(d["log"]) and str(s)


@pytest.mark.parametrize(("path", "value"), [
    ("seed", 2**64), ("draws", 10**9), ("companies/0/progress", 10**6),
    ("companies/0/last_laps", 10**4), ("companies/0/cars_placed", 10**4),
    ("companies/0/score_parts/sales", 10**12),
])
def test_a_number_without_a_sensible_range_is_rejected(path: str, value: int) -> None:
    d = position("choose_tile")
    parent: Any = d
    *parents, last = path.split("/")
    for key in parents:
        parent = parent[int(key)] if key.isdigit() else parent[key]
    parent[last] = value
    error = rejected(d)
    assert error.field == path and "maximum" in str(error)


def test_a_deal_whose_chain_misses_an_item_is_rejected() -> None:
    s = kwcore.new_game(3, explicit_chance=True)
    s.apply(s.legal_action_ids()[0])
    d = json.loads(s.to_json())
    max(d["pending"]["groups"], key=len).pop()
    assert rejected(d).field == "pending/groups"
    d = json.loads(s.to_json())
    d["pending"]["groups"][-1].append(d["chain"][0])
    assert rejected(d).field == "pending/groups"


def test_choose_action_with_no_action_left_is_rejected() -> None:
    d = position("choose_action")
    d["turn"]["actions_left"] = []
    assert rejected(d).field == "turn/actions_left"


def test_buyer_tiles_are_counted_per_preference() -> None:
    d = position("choose_tile")
    buyers = d["buyers"]
    assert buyers["available"]["body"] == 2 and buyers["active"][0] is None
    buyers["available"]["body"] = 1
    buyers["active"][0] = "engine"  # still 8 in all, but 1 body and 3 engine buyers
    assert rejected(d).field == "buyers/available/body"


# --- huge input and huge messages -----------------------------------------------------------------
def test_an_error_never_repeats_a_huge_value() -> None:
    d = position("choose_tile")
    d["companies"][0]["salesman"] = "x" * 900_000
    error = rejected(d)
    assert error.field == "companies/0/salesman" and len(str(error)) <= MAX_MESSAGE


def test_text_over_the_size_limit_is_refused_unread() -> None:
    assert "larger than" in str(rejected(" " * (MAX_POSITION_SIZE + 1)))
    assert "larger than" in str(rejected(b" " * (MAX_POSITION_SIZE + 1)))


def test_a_full_game_is_far_below_the_size_limit() -> None:
    s = kwcore.new_game(4, 3)
    rng = random.Random(3)
    while not s.is_terminal():
        s.apply(rng.choice(s.legal_action_ids()))
    assert len(s.to_json()) * 20 < MAX_POSITION_SIZE
    assert kwcore.from_json(s.to_json()) == s


# --- parse_action and the position editor ---------------------------------------------------
@pytest.mark.parametrize("value", [None, 3, 2.5, b"pick Research", ["pick", "Research"], {}])
def test_parse_action_of_something_other_than_text_is_an_action_parse_error(value: Any) -> None:
    state = kwcore.new_game(2, 1)
    with pytest.raises(kwcore.ActionParseError, match="an action is text"):
        kwcore.parse_action(state, value)
    with pytest.raises(kwcore.ActionParseError, match="an action is text"):
        kwcore.action_from_text(value)


@pytest.mark.parametrize("value", ["3", 2.5, None, True])
def test_an_action_id_that_is_not_a_whole_number_is_an_action_parse_error(value: Any) -> None:
    with pytest.raises(kwcore.ActionParseError, match="whole number"):
        kwcore.action_from_id(value)


def test_a_huge_action_text_gives_a_short_error() -> None:
    with pytest.raises(kwcore.ActionParseError) as info:
        kwcore.parse_action(kwcore.new_game(2, 1), "pick " + "x" * 100_000)
    assert len(str(info.value)) <= MAX_MESSAGE


def _message(editor: Any) -> str:
    return str(editor.message.value)


def test_the_editor_refuses_to_overwrite_a_file_unless_asked(tmp_path: Path) -> None:
    from kwwidgets.editor import PositionEditor

    editor = PositionEditor(kwcore.new_game(2, 1))
    path = tmp_path / "p.json"
    path.write_text("precious")
    assert editor.save(path) is False and "exists" in _message(editor)
    assert path.read_text() == "precious"
    assert editor.save(path, overwrite=True) is True
    assert kwcore.from_json(path.read_text()) == editor.state
    editor.overwrite.value = True  # the checkbox beside Save
    editor.state = kwcore.new_game(3, 2)
    editor.path.value = str(path)
    editor._save_path()
    assert kwcore.from_json(path.read_text()) == editor.state


@pytest.mark.parametrize("overwrite", [False, True])
def test_the_editor_never_writes_through_a_symbolic_link(tmp_path: Path, overwrite: bool) -> None:
    from kwwidgets.editor import PositionEditor

    editor = PositionEditor(kwcore.new_game(2, 1))
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("precious")
    link = tmp_path / "p.json"
    link.symlink_to(elsewhere)
    assert editor.save(link, overwrite=overwrite) is False
    assert "symbolic link" in _message(editor) and elsewhere.read_text() == "precious"
    dangling = tmp_path / "d.json"
    dangling.symlink_to(tmp_path / "nowhere.json")
    assert editor.save(dangling, overwrite=overwrite) is False
    assert not (tmp_path / "nowhere.json").exists()


# --- found by the fuzz test once it covered the start-tile offer --------------------------------
def _at_choose_start() -> Position:
    s = kwcore.new_game(2, 16, explicit_chance=True)
    rng = random.Random(16)
    while s.decision() != "choose_start":
        s.apply(rng.choice(s.legal_action_ids()))
    d: Position = json.loads(s.to_json())
    return d


def test_choose_start_needs_a_start_tile_for_each_company_still_to_choose() -> None:
    d = _at_choose_start()
    assert len(d["start_tiles"]["offered"]) == len(d["start_tiles"]["to_choose"]) == 2
    d["start_tiles"]["offered"].pop()  # the first would choose, the second find none
    assert rejected(d).field == "start_tiles/offered"


def test_a_setup_decision_after_setup_is_rejected() -> None:
    d = _at_choose_start()
    d["round"] = 1
    assert rejected(d).field == "round"
