"""Hints shared on one server (kwwidgets.hintcache): a position asked once is answered from the
shared folder after, by any participant's widget; elsewhere nothing changes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import kwcore
from kwwidgets.hintcache import ENV, key, shared
from kwwidgets.play import PlayWidget
from kwwidgets.views import Hint


class Counting:
    """A hint source that counts its searches."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, state: Any) -> Hint:
        self.calls += 1
        return Hint(state.legal_action_ids()[0], False, f"search {self.calls}")


def test_a_position_asked_twice_is_searched_once(tmp_path: Path) -> None:
    source = Counting()
    first, second = shared(source, tmp_path), shared(source, tmp_path)  # two participants
    state = kwcore.new_game(players=3, seed=7)
    assert first(state) == second(state.clone()) == Hint(state.legal_action_ids()[0], False,
                                                         "search 1")
    assert source.calls == 1
    state.apply(state.legal_action_ids()[0])
    assert first(state) is not None and source.calls == 2  # a new position: a new search


def test_the_key_tells_games_positions_and_hint_functions_apart() -> None:
    a, b = kwcore.new_game(players=3, seed=7), kwcore.new_game(players=3, seed=8)
    assert key(a, Counting()) == key(a.clone(), Counting())
    assert key(a, Counting()) != key(b, Counting())
    assert key(a, Counting()) != key(a, lambda s: None)


def test_an_unreadable_answer_is_a_miss_and_is_written_again(tmp_path: Path) -> None:
    source = Counting()
    hint = shared(source, tmp_path)
    state = kwcore.new_game(players=2, seed=1)
    (tmp_path / f"{key(state, source)}.json").write_text("{broken", encoding="utf-8")
    assert hint(state) is not None and source.calls == 1
    assert hint(state) is not None and source.calls == 1  # the file was written again


def test_without_a_shared_folder_the_hint_is_the_source_itself(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ENV, raising=False)
    source = Counting()
    assert shared(source) is source


def test_the_play_widget_shares_its_hints_on_a_workshop_server(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path))
    source = Counting()
    widgets = [PlayWidget(2, seed=3, hint=source) for _ in range(2)]
    for widget in widgets:
        widget.hint()
    assert source.calls == 1 and len(list(tmp_path.glob("*.json"))) == 1
