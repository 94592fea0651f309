"""Automobiles' race summary (``kwwidgets.automobiles.summary``): after each race the places, in
a season each place's points and every player's total, and after the season the totals ranked;
a single race its places and winner. The references are the rules core's own events
(``RacePoints``) and outcome, read independently here; seeded results are derived, never
hard-coded.
"""

from __future__ import annotations

import html
import re

import pytest

import automobiles
from automobiles import events as ev
from automobiles.board import position_order
from gamecore.game import find
from kwwidgets.automobiles.summary import final_totals, race_summaries, summary_html


def played(players: int, seed: int, **options: object) -> automobiles.State:
    game = find("automobiles")
    s = game.new_game(players, seed, **options)
    bots = [game.make_bot("greedy", p) for p in range(players)]
    while not s.is_terminal():
        s.apply(bots[max(s.current_player, 0)].choose(s))
    return s


def text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.fixture(scope="module")
def season() -> automobiles.State:
    return played(3, 5, season=3, laps=1)


def test_each_race_of_a_season_shows_its_places_points_and_totals(
        season: automobiles.State) -> None:
    logged = [e for e in season.events if isinstance(e, ev.RacePoints)]
    summaries = race_summaries(season)
    assert len(summaries) == len(logged) == 3
    for summary, points in zip(summaries, logged, strict=True):
        assert (summary.race, summary.races) == (points.race, 3)
        assert summary.order == points.order and summary.points == points.points
        assert summary.season == points.season
        shown = text(summary_html(season, summary))
        assert f"Race {points.race} of 3: the result" in shown
        assert "place player points season total" in shown
        for place, seat in enumerate(points.order):
            row = f"{place + 1} Player {seat} +{points.points[place]} {points.season[seat]}"
            assert row in shown
    # the totals grow race by race by the points of each place
    for earlier, later in zip(summaries, summaries[1:], strict=False):
        gained = {seat: later.points[k] for k, seat in enumerate(later.order)}
        assert later.season == tuple(earlier.season[p] + gained[p] for p in range(3))


def test_after_the_season_the_totals_are_ranked_and_the_winner_named(
        season: automobiles.State) -> None:
    last = race_summaries(season)[-1]
    outcome = season.outcome()
    assert outcome is not None and last.game_over and last.winners == tuple(outcome.winners)
    ranked = sorted(range(3), key=lambda p: -last.season[p])
    words = final_totals(last)
    assert words == ("The season's totals (synthetic points): "
                     + ", ".join(f"Player {p} {last.season[p]}" for p in ranked) + ".")
    shown = text(summary_html(season, last))
    assert words in shown and f"Game over: Player {outcome.winners[0]} win" in shown
    assert "the most points in the season" in shown
    for summary in race_summaries(season)[:-1]:  # no totals line while the season goes on
        assert "season's totals" not in summary_html(season, summary)
        assert f"Race {summary.race + 1} comes next" in text(summary_html(season, summary))


def test_a_single_race_shows_its_places_and_its_winner_without_points() -> None:
    s = played(3, 7)
    (summary,) = race_summaries(s)
    outcome = s.outcome()
    assert outcome is not None and summary.order == tuple(position_order(s))
    assert summary.points == summary.season == () and final_totals(summary) == ""
    shown = text(summary_html(s, summary))
    assert "The race is over" in shown and "points" not in shown
    for place, seat in enumerate(summary.order):
        assert f"{place + 1} Player {seat}" in shown
    assert f"Game over: Player {outcome.winners[0]} win" in shown
