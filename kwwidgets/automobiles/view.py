"""Automobiles' view for the widgets: its board with the close-up and the sheets, plain button
labels grouped by decision, and its default hint.

``AutomobilesView`` is the ``GameView`` the widgets use for ``game="automobiles"``
(registered when ``kwwidgets.automobiles`` is imported). The board is the engine's
(``automobiles.GAME.board``: the table's board, about twenty units of the track drawn large
around the car in turn, then every player's sheet by colour, ``automobiles.svg.view_svg``); a
tour step may stress ``marks`` (spaces outlined with a note), ``at`` (where the close-up
starts, a track unit), ``title`` and ``viewer``. After each race the play widget pauses on its
summary (``kwwidgets.automobiles.summary``). The default hint is the best-turn solver's
(``kwwidgets.automobiles.hint.best_turn_hint``). No rules here: every fact is the engine's.
"""

from __future__ import annotations

from typing import Any

from automobiles import State
from automobiles.actions import (
    Buy,
    Choose,
    Deal,
    DealDriver,
    DealSponsor,
    DiscardSponsor,
    Draw,
    DrawCubes,
    DrawMore,
    EndActions,
    KeepSponsor,
    Option,
    Order,
    PitStop,
    Place,
    PlaceOn,
    Play,
    Remove,
    Return,
    Skip,
    StopBuying,
    StopMoving,
    Take,
    TakeDriver,
    TakeSponsor,
    UseDriver,
)
from automobiles.board import name
from automobiles.game import GAME
from automobiles.render import decision_words, sponsor_name
from automobiles.svg import WORDS, card_name, view_svg
from kwwidgets.automobiles.since import logged, new_events, since_words
from kwwidgets.automobiles.summary import RaceSummary, race_summaries, summary_html
from kwwidgets.views import Hint, WordedView, register_view


def action_label(state: State, action: Any) -> str:
    """A button's label in plain words: "Play light grey", "Space 19 (light grey)", "Buy black
    ($7)", "Play yellow (Manager)", "Take sponsor: remove 6/4/2 wear". Every cube, card, driver
    and sponsor by its one plain name (the engine's, as in the log and on the board), never the
    text form ``kw apply`` reads (``take lightgrey``, ``take sponsor C3``: the tooltip's)."""
    cfg = state.cfg
    if isinstance(action, Play):
        card = card_name(state, action.cube)
        return f"Play {WORDS[action.cube]}" + (f" ({card})" if card else "")
    if isinstance(action, Place | PlaceOn):
        sp = state.track_spec.spaces[action.space]
        seg = f", segment {action.segment}" if isinstance(action, PlaceOn) else ""
        return f"Space {action.space} ({WORDS[sp.colour]}{seg})"
    if isinstance(action, Buy):
        card = card_name(state, action.cube)
        return f"Buy {WORDS[action.cube]}" + (f" {card}" if card else "") + \
            f" (${cfg.cubes[action.cube].cost})"
    if isinstance(action, Remove):
        return f"Remove {WORDS[action.cube]}"
    if isinstance(action, Return):
        return f"Return {WORDS[action.cube]} from {('active', 'discard')[action.pile]} to bag"
    if isinstance(action, Choose):
        pile = ("active pile", "discard", "used pile", "bag")[action.pile]
        return f"{WORDS[action.cube].capitalize()} from the {pile}"
    if isinstance(action, TakeDriver):
        return f"Take {cfg.drivers[action.driver]}"
    if isinstance(action, UseDriver):
        mine = state.drivers[state.current_player] if state.drivers else -1
        return f"Use {cfg.drivers[mine]}'s power" if mine >= 0 else "Use the driver's power"
    if isinstance(action, Take):
        return f"Take a {WORDS[action.cube]} cube"
    if isinstance(action, TakeSponsor):
        return f"Take sponsor: {sponsor_name(action.sponsor)}"
    if isinstance(action, DiscardSponsor):
        return f"Discard sponsor: {sponsor_name(action.sponsor)}"
    if isinstance(action, KeepSponsor):
        mine = state.sponsors[state.current_player]
        return f"Keep sponsor: {sponsor_name(mine)}" if mine >= 0 else "Keep your sponsor"
    if isinstance(action, Draw):
        return f"Draw a {WORDS[action.cube]} cube"
    if isinstance(action, Deal):
        return f"Deal {cfg.cards[action.card].en}"
    if isinstance(action, DealDriver):
        return f"Deal {cfg.drivers[action.driver]}"
    if isinstance(action, DealSponsor):
        return f"Deal sponsor: {sponsor_name(action.sponsor)}"
    if isinstance(action, DrawCubes):
        return f"Draw {action.n} cube{'s' if action.n > 1 else ''} at once"
    if isinstance(action, Order):
        return f"Next on the grid: {name(action.seat)}"
    words = {StopBuying: "Stop buying", EndActions: "End actions", PitStop: "Pit stop",
             StopMoving: "Stop moving", Skip: "Skip", DrawMore: "Draw one more"}
    for kind, text in words.items():
        if isinstance(action, kind):
            return text
    if isinstance(action, Option):
        return f"Option {action.k}"
    return str(action)


def group_title(state: State, action: Any) -> str:
    """The heading an action is listed under."""
    if isinstance(action, Play | EndActions | PitStop):
        return "Play a cube"
    if isinstance(action, Place | PlaceOn | StopMoving):
        return "Put the cube on"
    if isinstance(action, Buy | StopBuying):
        return f"Buy (${state.money} left)"
    words = decision_words(state)
    return words[:1].upper() + words[1:]  # not capitalize(): it lowercases the card's name


class AutomobilesView(WordedView):
    """Automobiles in the widgets: the engine's board, the close-up and the sheets, plain
    labels grouped by decision, a summary after each race and the best-turn hint."""

    hint_help = ("the best-turn solver's suggestion (proven, an expectation over the draws, or "
                 "a bound when its budget stops it)")
    stress = frozenset({"marks", "at", "title", "viewer"})

    def words(self, state: Any, action: Any) -> str:
        """The plain label (``action_label``)."""
        return action_label(state, action)

    def heading(self, state: Any, action: Any) -> str:
        """The decision's heading (``group_title``)."""
        return group_title(state, action)

    def step_board(self, step: Any, whole: bool = False) -> str:
        """The step's board: the engine's, the close-up of what it stresses, the sheets."""
        return view_svg(step[1], **getattr(step, "stress", {}))

    def summary(self, before: Any, after: Any) -> RaceSummary | None:
        """The last race ended since ``before``, if any (``race_summaries``)."""
        done = race_summaries(after, logged(before))
        return done[-1] if done else None

    def summary_html(self, state: Any, summary: Any) -> str:
        """The race summary as HTML: places, points and the season, the sponsors, the winner."""
        return summary_html(state, summary)

    def since(self, before: Any, after: Any, lines: Any) -> list[str]:
        """What the others did since ``before``, cut to one short clause per player
        (``since_words``; the events found by their numbers, across a cut of the log)."""
        return since_words(after, new_events(before, after))

    def hint(self, state: Any) -> Hint | None:
        """The default hint: the best-turn solver's (``best_turn_hint``)."""
        from kwwidgets.automobiles.hint import best_turn_hint  # it reads this module's labels

        return best_turn_hint(state)


register_view(GAME.name, AutomobilesView)
