"""What a newcomer sees between moves, in all three games: the play widget pauses on a summary
after each race (Formel 1, Automobiles; Kraftwagen's round scoring goes through the same hook),
one line says what the bots did since the human's move, and the tours' stepper keeps its board
area one height so "Next" stays under the mouse.

The references are the rules cores' own typed events and states, read independently here.
"""

from __future__ import annotations

import html
import importlib
import re
from typing import Any

import pytest

import formel1
from automobiles import events as aev
from formel1 import events as fev
from gamecore.game import find
from kwwidgets import PlayWidget, Stepper
from kwwidgets.common import DOLLAR_HTML
from kwwidgets.stepper import svg_extent
from kwwidgets.views import view_for


def text(markup: str) -> str:
    """What a reader sees of ``markup``: its words, a dollar a dollar."""
    plain = re.sub(r"<[^>]+>", " ", markup.replace(DOLLAR_HTML, "$"))
    return " ".join(html.unescape(plain).split())


def play_out(play: PlayWidget, me: Any) -> list[tuple[Any, str, str]]:
    """Play the human's seat with the bot ``me`` through clicks to the end; each summary met,
    with the status and summary text shown while it was open (then dismissed by its button)."""
    met = []
    while True:
        if play.summary is not None:
            met.append((play.summary, text(play.status.value), text(play.scoring.value)))
            assert play.scoring_box.layout.display == "flex" and play.actions.children == ()
            if play.state.is_terminal():
                return met
            play.dismiss_button.click()
            assert play.summary is None and play.scoring_box.layout.display == "none"
            assert play.actions.children  # the game goes on: the buttons are back
        assert not play.state.is_terminal(), "the game ended without a summary"
        assert play.click(me.choose(play.state))


# --- Formel 1 ---------------------------------------------------------------------------------
def test_a_formel1_game_stops_on_a_race_summary_after_each_race_with_money_and_winner() -> None:
    start = find("formel1").new_game(3, 4, races=2)
    play = PlayWidget(state=start, human=0, bots="greedy", game="formel1")
    met = play_out(play, find("formel1").make_bot("greedy", 0))
    s = play.state
    assert [m.race for m, _, _ in met] == [1, 2]
    deals = [i for i, e in enumerate(s.events) if isinstance(e, fev.RaceDeal)] + [len(s.events)]
    for (summary, status, shown), begin, end in zip(met, deals[:-1], deals[1:], strict=True):
        race = s.events[begin:end]
        assert f"Race {summary.race} of 2 is over" in status
        sold = {e.car: (e.seat, e.price) for e in race if isinstance(e, fev.Sold)}
        prizes = {e.car: (e.seat, e.money, e.place) for e in race if isinstance(e, fev.Prize)}
        assert {c.car: (c.owner, c.price) for c in summary.cars} == {
            formel1.config_for(3).colours[car]: v for car, v in sold.items()}
        for c in summary.cars:
            if c.place:
                car = formel1.config_for(3).colours.index(c.car)
                assert prizes[car] == (c.owner, c.prize, c.place)
        # The money after the race: the first position logged past the race's last prize.
        after = next((h for h in s.history if len(h.events) >= end), s)
        assert summary.money == after.money
        for p in range(3):
            assert f"Player {p}" in shown and f"${summary.money[p]}K" in shown
    final, status, shown = met[-1]
    outcome = s.outcome()
    assert outcome is not None and final.game_over and "Game over" in status
    assert final.money == s.money and final.winners == tuple(outcome.winners)
    assert f"Player {outcome.winners[0]} win" in shown
    assert play.dismiss() and "Game over" in play.status.value  # the last one closes too


# --- Automobiles ------------------------------------------------------------------------------
def test_an_automobiles_season_stops_on_a_race_summary_after_each_race_with_the_points() -> None:
    start = find("automobiles").new_game(2, 3, season=3, sponsors=True)
    play = PlayWidget(state=start, human=0, bots="greedy", game="automobiles")
    met = play_out(play, find("automobiles").make_bot("greedy", 0))
    s = play.state
    points = [e for e in s.events if isinstance(e, aev.RacePoints)]
    assert [m.race for m, _, _ in met] == [1, 2, 3] and len(points) == 3
    for (summary, status, shown), logged in zip(met, points, strict=True):
        assert f"Race {logged.race} of 3 is over" in status
        assert summary.order == logged.order and summary.season == logged.season
        first = logged.order[0]
        assert f"1 Player {first} +{logged.points[0]} {logged.season[first]}" in shown
    # The sponsors chosen in a break show in the next race's summary.
    taken = [e.seat for e in s.events if isinstance(e, aev.TakeSponsor | aev.KeepSponsor)]
    assert taken and all(any(f"Player {p}: sponsor" in line for line in met[1][0].sponsors)
                         for p in set(taken[:2]))
    outcome = s.outcome()
    assert outcome is not None and met[-1][0].winners == tuple(outcome.winners)
    assert f"Game over: Player {outcome.winners[0]} win" in met[-1][2]


def test_a_single_automobiles_race_ends_on_its_places_and_winner() -> None:
    play = PlayWidget(players=2, seed=5, human=1, bots="greedy", game="automobiles")
    met = play_out(play, find("automobiles").make_bot("greedy", 1))
    assert len(met) == 1
    summary, status, shown = met[0]
    outcome = play.state.outcome()
    assert outcome is not None and summary.order[0] == outcome.winners[0]
    assert "The race is over" in status and f"Game over: Player {summary.order[0]}" in shown


# --- since your move --------------------------------------------------------------------------
def test_the_since_your_move_line_names_the_kraftwagen_bots_moves_and_the_board_outlines_them(
        ) -> None:
    play = PlayWidget(players=3, seed=2, human=0, bots="greedy")
    s = play.state
    while True:  # to a click the bots answer with new action tiles
        mine = len(s.events) + 1
        assert play.click(s.legal_action_ids()[0])
        after_me = next((h for h in s.history if len(h.events) >= mine and
                         h.current_player != 0), None)
        if after_me is not None and any(e.kind == "pick" for e in s.events[len(after_me.events):]):
            break
    picks = [e for e in s.events[len(after_me.events):] if e.kind == "pick"]
    shown = text(play.since.value)
    assert shown.startswith("Since your move:")
    for e in picks:
        who, tile = s.cfg.companies[e.company], s.cfg.tiles[e.tile]
        assert f"{who} takes the {tile.title} tile" in shown
    outlined = set(re.findall(r'data-highlight="([^"]+)"', play.board.value))
    assert {f"tile:{s.cfg.tiles[e.tile].name}" for e in picks} & outlined or \
        any(k.startswith(("slot:", "car:")) for k in outlined)
    assert "Turn" not in shown and "'s turn" not in shown  # the turn markers are left out


def test_the_since_your_move_line_names_the_formel1_bots_bids() -> None:
    play = PlayWidget(players=3, seed=1, human=0, bots="greedy", game="formel1")
    s = play.state
    mine = len(s.events)
    play.click(s.legal_action_ids()[-1])  # a bid, or a pass
    lines = view_for("formel1").since(next(h for h in s.history if len(h.events) > mine), s,
                                      [])
    shown = text(play.since.value)
    assert lines and shown.startswith("Since your move:")
    for line in lines[:3]:
        assert line.removesuffix(".") in shown
    assert any(re.search(r"Player [12] (bids|passes|buys|must take)", line) for line in lines)


def test_an_undo_clears_the_since_line_and_a_new_click_words_it_again() -> None:
    play = PlayWidget(players=3, seed=1, human=0, bots="greedy", game="formel1")
    play.click(play.state.legal_action_ids()[-1])
    assert play.since_lines
    play.undo()
    assert play.since_lines == [] and play.since.layout.display == "none"


# --- the stepper ------------------------------------------------------------------------------
def tour(game: str) -> dict[str, Any]:
    """The sections of ``game``'s tour (its module imported only now)."""
    module = importlib.import_module(f"kwwidgets.{game}.tour")
    return dict(module.SECTIONS)


@pytest.mark.parametrize("game", ["kraftwagen", "formel1", "automobiles"])
def test_the_stepper_board_area_keeps_one_height_across_all_steps_of_each_tour(
        game: str) -> None:
    for name, build in tour(game).items():
        steps = build()
        for whole in (False, True) if game == "kraftwagen" else (False,):
            stepper = Stepper(steps, game=game)
            stepper.show_whole(whole)
            heights, tallest = set(), 0.0
            while True:
                box = re.search(r'<div style="min-height: min\(([\d.]+)cqw, (\d+)px\)">',
                                stepper.board.value)
                assert box is not None, name
                heights.add(box.groups())
                ratio, _ = svg_extent(stepper.board.value)
                tallest = max(tallest, ratio)
                assert 100 * ratio <= float(box.group(1)) + 0.01, (name, stepper.index)
                if not stepper.next():
                    break
            assert len(heights) == 1, (name, heights)  # one height for every step
            assert float(next(iter(heights))[0]) == pytest.approx(100 * tallest, abs=0.01)
            # The buttons come first, above the caption: a long caption never moves them.
            assert stepper.view.children[0].children[1] is stepper.next_button


def test_the_two_player_step_draws_the_two_start_tiles_on_offer() -> None:
    from kwwidgets.kraftwagen import tour as kw_tour

    step = kw_tour.SECTIONS["Two players"]()[0]
    board = step.svg()
    offered = [step.state.cfg.start_tiles[k].title for k in step.state.start_offer]
    assert len(offered) == 2 and board.count('data-start-offer="1"') == 2
    assert all(title[:20] in text(board) for title in offered)
    assert 'data-highlight="header"' not in board  # no callout over the action chain
