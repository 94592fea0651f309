"""Formel 1's view for the widgets: its board with the close-up, plain button labels grouped by
decision, and its default hint.

``Formel1View`` is the ``GameView`` the widgets use for ``game="formel1"`` (registered when
``kwwidgets.formel1`` is imported). The board is the engine's (``formel1.GAME.board``: the
table's board, then the close-up of the race with the viewer's hand face up,
``formel1.svg.view_svg``); a tour step may stress ``rows`` (the rows drawn large), ``marks``
(cells outlined with a note), ``card`` (a card to show when none is in play), ``title`` and
``viewer``. After each race the play widget pauses on its summary (``kwwidgets.formel1.summary``).
The labels read the state and the configuration (``state.cfg``); the default hint
is the greedy bot's (``kwwidgets.formel1.hint.greedy_hint``). No rules here: every fact is the
engine's.
"""

from __future__ import annotations

from typing import Any

import formel1
from formel1 import State
from formel1.actions import (
    Accept,
    AuctionCard,
    Bid,
    Buyer,
    Decline,
    Pass,
    Play,
    Price,
    Promise,
    Sell,
    To,
    White,
    Withhold,
)
from formel1.svg import view_svg
from kwwidgets.formel1.since import logged, new_events, since_words
from kwwidgets.formel1.summary import RaceSummary, race_summaries, summary_html
from kwwidgets.views import Hint, WordedView, register_view

COLOURS = formel1.config_for(2).colours


def action_label(state: State, action: Any) -> str:
    """A button's label: "Bid $30K", "Pass", the card's name, an end cell, a car's colour."""
    if isinstance(action, Bid):
        return f"Bid ${action.amount}K"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Play):
        return state.cfg.kinds[action.kind].name
    if isinstance(action, To):
        if action.row >= state.track_spec().rows:
            return "cross the finish line"
        return f"{action.row}{'abc'[action.lane]}"
    if isinstance(action, White):
        return COLOURS[action.car]
    card = state.cfg.kinds[action.kind].name if hasattr(action, "kind") else ""
    if isinstance(action, Sell):
        return f"Sell {card}"
    if isinstance(action, AuctionCard):
        return f"Auction {card}"
    if isinstance(action, Promise):
        return f"Promise to play {card}"
    if isinstance(action, Withhold):
        return f"Promise not to play {card}"
    if isinstance(action, Buyer):
        return f"Offer it to {formel1.GAME.player_name(state, action.player)}"
    if isinstance(action, Price):
        return f"Price ${action.amount}K"
    if isinstance(action, Accept | Decline):
        return "Accept" if isinstance(action, Accept) else "Decline"
    return str(action)


def said_label(state: State, action: Any) -> str:
    """An action in a sentence: a button's label, with the car named for an end cell or a
    white number ("Green to 6a", "the white 5 to Red")."""
    label = action_label(state, action)
    if state.pending and isinstance(action, To) and state.pending[1] >= 0:
        return f"{COLOURS[state.pending[1]]} to {label}"
    if state.pending and isinstance(action, White):
        return f"the white {state.pending[2]} to {label}"
    return label


def group_title(state: State, action: Any) -> str:
    """The heading an action is listed under, in the words of the decision."""
    if isinstance(action, Bid | Pass):
        return "Bid" if isinstance(action, Bid) else "Pass"
    if isinstance(action, Play):
        return "Play a card"
    kind, car, n = state.pending if state.pending else (None, -1, 0)
    if isinstance(action, To):
        return "Switch to" if kind == 2 else f"{COLOURS[car]} {n} ends on"
    if isinstance(action, White):
        return f"White {n} to"
    return "Bargain"


class Formel1View(WordedView):
    """Formel 1 in the widgets: the engine's board with a close-up below, the viewer's hand
    face up, plain labels grouped by decision (bids first, then pass), a summary after each
    race and the greedy hint."""

    hint_help = ("a suggestion and why: the greedy bot's (a heuristic), or the race search's "
                 "in the last cards of a race (an estimate, or proven)")
    stress = frozenset({"rows", "marks", "card", "title", "viewer"})

    def words(self, state: Any, action: Any) -> str:
        """The plain label (``action_label``)."""
        return action_label(state, action)

    def heading(self, state: Any, action: Any) -> str:
        """The decision's heading (``group_title``)."""
        return group_title(state, action)

    def step_board(self, step: Any, whole: bool = False) -> str:
        """The step's board: the engine's, then the close-up of what it stresses."""
        return view_svg(step[1], **getattr(step, "stress", {}))

    def choose_label(self, title: str) -> str:
        """"Bid" beside the list of bids (F1-09), "Play" beside a list of cards, else
        "Move"."""
        return {"Bid": "Bid", "Play a card": "Play"}.get(title, "Move")

    def summary(self, before: Any, after: Any) -> RaceSummary | None:
        """The last race ended since ``before``, if any (``race_summaries``)."""
        done = race_summaries(after, logged(before))
        return done[-1] if done else None

    def summary_html(self, state: Any, summary: Any) -> str:
        """The race summary as HTML: places, owners, prizes, money; the winner at the end."""
        return summary_html(state, summary)

    def since(self, before: Any, after: Any, lines: Any) -> list[str]:
        """What the others did since ``before``, cut to short clauses (``since_words``: the
        bidding, the cards played and the cars finishing; the rest is in the log)."""
        return since_words(after, new_events(before, after))

    def hint(self, state: Any) -> Hint | None:
        """The default hint: the greedy bot's choice and why, a heuristic (``greedy_hint``)."""
        from kwwidgets.formel1.hint import greedy_hint  # the hint reads this module's labels

        return greedy_hint(state)


register_view(formel1.GAME.name, Formel1View)


