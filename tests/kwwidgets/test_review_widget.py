"""The review widget (``kwwidgets.review``) and the play widget's replay: a game played in the
play widget of each game saved as a replay and reviewed; the graph, the jump to a decision's
board, and "learn from your mistakes" hiding the answer until the player tries again."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

from kwwidgets import PlayWidget
from kwwidgets.review import ReviewWidget, graph_svg
from solvers.answer import Alternative, Answer
from solvers.review import THRESHOLDS, read_replay, review, review_decision
from solvers.solve import SolverOption

GAMES = ("kraftwagen", "formel1", "automobiles")
TINY = 0.05


def played_widget(game: str, moves: int = 6) -> PlayWidget:
    """A play widget of ``game`` in which the human (seat 0) took ``moves`` decisions, each the
    first legal one, the greedy bots replying."""
    widget = PlayWidget(players=2, seed=5, human=0, bots="greedy", game=game)
    for _ in range(moves):
        if widget.state.is_terminal():
            break
        widget.dismiss()
        assert widget.click(widget.state.legal_action_ids()[0])
    return widget


@pytest.mark.parametrize("game", GAMES)
def test_a_game_played_in_the_play_widget_is_saved_and_reviewed(game: str) -> None:
    widget = played_widget(game)
    text = widget.replay_json()
    replay = read_replay(text)
    assert replay.game.name == game and len(replay.actions) == len(widget.moves)
    assert replay.states()[-1].key() == widget.state.key()
    result = review(replay, player=0, budget=TINY, first=3)
    assert [result.actions[d.index] for d in result.decisions] == \
        [d.played for d in result.decisions]
    shown = ReviewWidget(result)
    assert shown.decision.number == result.decisions[0].number
    assert "<svg" in shown.board.value


def test_save_replay_writes_the_file(tmp_path: Path) -> None:
    widget = played_widget("automobiles", 2)
    path = widget.save_replay(str(tmp_path / "g.json"))
    assert json.loads(Path(path).read_text())["game"] == "automobiles"
    assert "Replay saved" in widget.message.value


def test_a_game_continued_from_a_position_has_no_replay() -> None:
    start = PlayWidget(players=2, seed=5, game="automobiles").state.clone()
    widget = PlayWidget(state=start, game="automobiles")
    with pytest.raises(ValueError, match="new game"):
        widget.replay_json()
    widget._save_clicked()  # the button: a message, no exception, no file
    assert "Replay not saved" in widget.message.value


@pytest.fixture(scope="module")
def small_review() -> Any:
    text = played_widget("automobiles", 10).replay_json()
    return review(text, player=0, budget=TINY, first=6)


def test_the_graph_is_svg_with_a_point_per_value(small_review: Any) -> None:
    svg = graph_svg(small_review, small_review.decisions[1].number)
    root = ET.fromstring(svg)
    circles = [e for e in root.iter() if e.tag.endswith("circle")]
    values = sum((d.best_value is not None and d.best_value.value is not None)
                 + (d.played_value is not None and d.played_value.value is not None)
                 for d in small_review.decisions if d.scaled)
    assert len(circles) == values
    assert 'class="kw-current"' in svg


def test_the_slider_and_list_jump_to_a_decisions_board(small_review: Any) -> None:
    widget = ReviewWidget(small_review)
    target = small_review.decisions[3]
    widget.slider.value = target.number
    assert widget.decision is target and widget.list.value == target.number
    widget.list.value = small_review.decisions[1].number
    assert widget.decision is small_review.decisions[1]
    assert widget.step(1) and widget.decision is small_review.decisions[2]
    assert not widget.go(10_000)
    assert f"Decision #{small_review.decisions[2].number}" in widget.detail.value


def test_a_click_on_the_graph_jumps_to_that_decisions_board(small_review: Any) -> None:
    widget = ReviewWidget(small_review)
    root = ET.fromstring(widget.graph.svg)
    columns = [e for e in root.iter() if e.tag.endswith("rect") and e.get("data-pick")]
    assert [int(e.get("data-pick", "")) for e in columns] == [
        d.number for d in small_review.decisions]
    lefts = [float(e.get("x", "")) for e in columns]
    assert lefts == sorted(lefts)  # side by side, in the order of the decisions
    target = small_review.decisions[2]
    widget.graph.pick(target.number)  # what the front end sends on a click
    assert widget.decision is target and widget.slider.value == target.number
    assert f"Decision #{target.number}" in widget.detail.value
    assert widget.graph.picked == -1  # ready for the next click, on the same column too
    assert f'data-pick="{target.number}"' in widget.graph.svg


def test_learning_with_no_mark_says_so(small_review: Any) -> None:
    if small_review.marked():
        pytest.fail("the fixture's review was expected to carry no mark at this budget")
    widget = ReviewWidget(small_review)
    assert widget.learn() is False
    assert "No decision is marked" in widget.message.value


def marked_review() -> Any:
    """A review whose second decision carries a mark the (scripted) solver proved."""
    base = review(played_widget("automobiles", 10).replay_json(), player=0, budget=TINY,
                  first=6)
    d = next(d for d in base.decisions[1:] if d.legal > 1)
    state = base.states[d.index]
    texts = [str(state.ACTIONS.from_id(a)) for a in state.legal_action_ids()]
    best = next(t for t in texts if t != d.played)

    class Proven:
        game, title = "automobiles", "scripted"
        options: tuple[SolverOption, ...] = ()

        def solve(self, s: Any, options: Any) -> Answer:
            return Answer("automobiles", "Player 0", best, 9.0, "spaces of progress this turn",
                          "proven", "scripted",
                          alternatives=(Alternative(best, 9.0, "proven"),
                                        Alternative(d.played, 1.0, "proven")))

        def puzzles(self) -> list[Any]:
            return []

        def commands(self, sub: Any) -> None:
            """None."""

    marked = review_decision(Proven(), "automobiles", state, 0, d.played, TINY,
                             THRESHOLDS["automobiles"], d.index, d.number)
    assert marked.mark == "blunder"
    base.decisions[base.decisions.index(d)] = marked
    return base, marked


def test_learn_from_your_mistakes_hides_the_answer_until_a_try() -> None:
    result, marked = marked_review()
    widget = ReviewWidget(result)
    assert widget.learn() is True
    assert widget.decision is marked and not widget.revealed
    assert "answer is hidden" in widget.detail.value
    assert marked.best not in widget.detail.value
    assert len(widget.choices.children) == marked.legal
    words = widget.try_move(marked.played)
    assert "you played" in words and widget.revealed
    assert f"Best found: <b>{marked.best}" in widget.detail.value
    widget.go(marked.number)
    assert not widget.revealed
    assert "Well found" in widget.try_move(str(marked.best))
    assert widget.next_mistake() is False  # the only marked decision
    widget.go(marked.number)
    widget.reveal()
    assert widget.revealed and "blunder" in widget.detail.value


def test_decisions_valued_in_another_unit_keep_their_column_but_no_point() -> None:
    """Automobiles' purchases before the race are valued in cars over the race, not in the
    graph's spaces of progress: no point of theirs on the graph, but a column to click."""
    result = review(played_widget("automobiles", moves=3).replay_json(), 0, TINY)
    off = [d for d in result.decisions if not d.scaled]
    assert off and all(d.best_value is not None for d in off)
    root = ET.fromstring(graph_svg(result))
    picks = {e.get("data-pick") for e in root.iter() if e.tag.endswith("circle")}
    columns = {e.get("data-pick") for e in root.iter() if e.tag.endswith("rect")
               and e.get("class") == "kw-pick"}
    for d in off:
        assert str(d.number) not in picks and str(d.number) in columns
    widget = ReviewWidget(result)
    shown = next(d for d in off if d.best != d.played) if any(d.best != d.played for d in off) \
        else off[0]
    assert widget.go(shown.number)
    assert "Values in cars expected to finish behind you" in widget.detail.value
    if shown.best != shown.played:  # the loss in the decision's own unit
        assert "spaces of progress" not in widget.detail.value.split("Loss:")[1].split("<br>")[0]
