"""The 'test my bot' box (kwwidgets.botcheck): the template copied once, the verdict in plain
words."""

from __future__ import annotations

from pathlib import Path

import pytest

from kwwidgets.botcheck import BotCheck, template


@pytest.mark.parametrize("game", ["kraftwagen", "formel1", "automobiles"])
def test_every_game_has_a_template_bot(game: str) -> None:
    assert "def choose(state)" in template(game).read_text(encoding="utf-8")


def test_the_box_starts_from_the_template_once_and_tests_the_bot(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    box = BotCheck("kraftwagen")
    assert box.check() == []  # no file yet: it says what to do
    assert "Start from the example" in box.message.value
    path = box.start()
    assert path.read_text(encoding="utf-8") == template("kraftwagen").read_text(encoding="utf-8")
    path.write_text(path.read_text(encoding="utf-8") + "\n# mine\n", encoding="utf-8")
    box.start()  # never over the participant's own work
    assert path.read_text(encoding="utf-8").endswith("# mine\n")
    assert "left as it is" in box.message.value
    lines = box.check()
    assert lines[-1] == "It broke no rule: ready for the tournament."
    assert "ready for the tournament" in box.report.value


def test_a_broken_bot_is_reported_in_words(tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.py").write_text("def choose(state):\n    return None\n", encoding="utf-8")
    box = BotCheck("kraftwagen", "bad.py")
    lines = box.check()
    assert "returned None, which is not a legal action id" in lines[-1]
    assert "broke a rule" in box.message.value
