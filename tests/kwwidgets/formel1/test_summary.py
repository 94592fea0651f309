"""Formel 1 between moves (``kwwidgets.formel1.summary``, ``kwwidgets.formel1.since``): after
each race the places, the owners, what they paid, the prizes and every player's money; after
the game the final money ranked and the winner; and the "since your move" line cut to short
clauses (the cars sold, the cards played, the cars finishing). The references are the rules
core's own events, read independently here; seeded results are derived, never hard-coded.
"""

from __future__ import annotations

import html
import re

import pytest

import formel1
from formel1 import events as ev
from formel1 import rules
from gamecore.game import find
from kwwidgets.formel1.since import since_words
from kwwidgets.formel1.summary import final_totals, race_summaries, summary_html
from kwwidgets.views import view_for

COLOURS = formel1.config_for(3).colours


def text(markup: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.fixture(scope="module")
def game() -> formel1.State:
    g = find("formel1")
    s = g.new_game(3, 6, races=2)
    bots = [g.make_bot("greedy", p) for p in range(3)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    return s


def test_each_race_shows_places_owners_prizes_and_money(game: formel1.State) -> None:
    summaries = race_summaries(game)
    assert [x.race for x in summaries] == [1, 2]
    deals = [i for i, e in enumerate(game.events) if isinstance(e, ev.RaceDeal)]
    ends = [*deals[1:], len(game.events)]
    for summary, begin, end in zip(summaries, deals, ends, strict=True):
        race = game.events[begin:end]
        prizes = {e.car: e for e in race if isinstance(e, ev.Prize)}
        sold = {e.car: e for e in race if isinstance(e, ev.Sold)}
        shown = text(summary_html(game, summary))
        assert f"Race {summary.race} of 2: the result" in shown
        assert "place car owner bought for prize" in shown
        for c in summary.cars:
            car = COLOURS.index(c.car)
            assert (c.owner, c.price) == (sold[car].seat, sold[car].price)
            if car in prizes:
                assert (c.place, c.prize) == (prizes[car].place, prizes[car].money)
                assert f"{c.place} {c.car} Player {c.owner} ${c.price}K +${c.prize}K" in shown
        for p in range(3):
            assert summary.prizes[p] == sum(e.money for e in prizes.values() if e.seat == p)
            assert summary.paid[p] == sum(e.price for e in sold.values() if e.seat == p)
        assert "money now " + " ".join(f"${m}K" for m in summary.money) in shown


def test_after_the_game_the_final_money_is_ranked_and_the_winner_named(
        game: formel1.State) -> None:
    last = race_summaries(game)[-1]
    outcome = game.outcome()
    assert outcome is not None and last.game_over and last.money == game.money
    ranked = sorted(range(3), key=lambda p: -game.money[p])
    words = final_totals(last)
    assert words == "The final money: " + ", ".join(
        f"Player {p} ${game.money[p]}K" for p in ranked) + "."
    shown = text(summary_html(game, last))
    assert words in shown and f"Game over after 2 races: Player {outcome.winners[0]}" in shown
    first = race_summaries(game)[0]
    assert "Game over" not in text(summary_html(game, first))
    assert "Race 2 comes next" in text(summary_html(game, first))


def test_the_since_line_names_each_sale_and_card_in_a_short_clause(game: formel1.State) -> None:
    view = view_for("formel1")
    seen_sold = seen_played = 0
    states = [*game.history, game]
    decides = [i for i, h in enumerate(states[:-1]) if h.current_player == 0]
    for i, j in zip(decides, [*decides[1:], len(states) - 1], strict=True):
        mine, nxt = states[i + 1], states[j]  # from just after his move to his next decision
        new = nxt.events[len(mine.events):]
        words = view.since(mine, nxt, [])
        assert words == since_words(nxt, new)
        line = "; ".join(words)
        for e in new:
            if isinstance(e, ev.Sold) and e.how == ev.BOUGHT:
                assert f"Player {e.seat} buys {COLOURS[e.car]} for ${e.price}K" in line
                seen_sold += 1
            if isinstance(e, ev.Play):
                card = game.cfg.kinds[e.card].name
                assert f"Player {e.seat} plays {card}" in line
                seen_played += 1
        assert " moves " not in line and "(s)" not in line  # the steps stay in the log
        assert all(len(w) <= 110 for w in words), words
    assert seen_sold and seen_played


def test_the_line_and_the_summary_hold_across_a_cut_of_the_log(
        game: formel1.State, monkeypatch: pytest.MonkeyPatch) -> None:
    """A log past its limit drops its oldest events (``formel1.rules.cut_log``, ``log_cut``
    counts them): the window in which race 1 ends, its last position cut down to the window's
    events and a few before them, gives the same line and the same summary as uncut."""
    states = [*game.history, game]
    decides = [i for i, h in enumerate(states[:-1]) if h.current_player == 0]
    windows = [(states[i + 1], states[j]) for i, j in
               zip(decides, [*decides[1:], len(states) - 1], strict=True)]
    mine, after = next((m, a) for m, a in windows
                       if any(isinstance(e, ev.RaceDeal) and e.race == 2
                              for e in a.events[len(m.events):]))
    view = view_for("formel1")
    want_words, want = view.since(mine, after, []), view.summary(mine, after)
    assert want is not None and want.race == 1
    new = len(after.events) - len(mine.events)
    cut = after.clone()
    monkeypatch.setattr(rules, "LOG_KEEP", new + 5)
    rules.cut_log(cut)
    assert cut.log_cut > 0 and len(cut.events) == new + 5
    assert cut.events[len(mine.events):] != after.events[len(mine.events):]  # positions: off
    assert view.since(mine, cut, []) == want_words
    got = view.summary(mine, cut)
    assert got is not None and (got.race, got.money, got.winners) == \
        (want.race, want.money, want.winners)
