"""What the widgets show of a game: its board and every word about it, for any registered game.

A widget (play, stepper, position editor) works on one game, named as in gamecore's registry
(``game="kraftwagen"``). Everything it shows of a position comes from that game's ``GameView``:
the board and the decision from the game's registered renderers, button labels and tooltips
from its description hooks (``action_label``, ``action_help``; the text form by default), the
log from the game's own log or, for a game that keeps none, from the moves the widget took.

A game may have a richer view of its own, in the widgets' subpackage named after it
(``kwwidgets/<game>/view.py``, registered with ``register_view`` when ``kwwidgets.<game>`` is
imported): its plain labels, the tour steps' stressed boards, its default hint. ``view_for``
imports that package on demand, the first time the game's view is asked for, so this module
imports no game's widgets. No rules here: a view only words what the game says.
"""

from __future__ import annotations

import html
import importlib
import importlib.util
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gamecore.game import Game
from gamecore.game import find as find_game
from gamecore.state import GameState


@dataclass(frozen=True)
class Hint:
    """A suggestion: the action, whether the search proved it best, and the words shown."""

    action_id: int
    proven: bool
    text: str


class GameView:
    """The board and the words of one game, from its registered description alone.

    Subclasses override what their game words better; every method takes the state shown, so
    one view serves every position of its game.
    """

    #: whether ``hint`` can suggest anything (the play widget hides its button otherwise)
    has_hint = False
    #: the hint button's tooltip: what the hint is
    hint_help = "ask the turn planner for a suggestion"
    #: whether the board has bands the stepper may leave out (Kraftwagen's board alone)
    bands = False
    #: the settings a tour step's board may stress (``kwwidgets.stepper.Step``): none here
    stress: frozenset[str] = frozenset()

    def __init__(self, game: Game) -> None:
        self.game = game

    # --- positions ------------------------------------------------------------------------------
    def check(self, state: object, what: str = "state") -> None:
        """Raise ValueError unless ``state`` is a position of this view's game."""
        if not isinstance(state, GameState) or not self.game.owns(state):
            raise ValueError(f"{what} must be a {self.game.name} position, not "
                             f"{type(state).__module__}.{type(state).__name__}")

    def new_game(self, players: int, seed: int) -> Any:
        """A new game (ValueError naming the player range for a bad count)."""
        if isinstance(players, bool) or not isinstance(players, int) \
                or players not in self.game.player_counts:
            counts = self.game.player_counts
            raise ValueError(f"players must be a whole number from {counts.start} to "
                             f"{counts.stop - 1}, not {players!r}")
        return self.game.new_game(players, seed)

    def players(self, state: Any) -> int:
        """The number of players of ``state``."""
        return len(state.scores())

    # --- the board and the decision -------------------------------------------------------------
    def board(self, state: Any, viewer: int | None = None) -> str:
        """The board as SVG, as ``viewer`` may see it (None: what the whole table sees)."""
        return self.game.board(state, viewer)

    def check_step(self, step: Any, what: str = "step") -> None:
        """Raise ValueError unless this view can draw what ``step`` (a ``Step``) stresses."""
        extra = sorted(set(step.stress) - self.stress)
        if extra:
            takes = ", ".join(sorted(self.stress)) or "nothing"
            raise ValueError(f"{what}: {self.game.name} boards stress {takes}, not "
                             f"{', '.join(extra)}; give a plain (caption, state) pair")

    def step_board(self, step: Any, whole: bool = False) -> str:
        """The board of a tour step (a ``Step``: ``(caption, state)`` and what it stresses);
        by default the state's board as the whole table sees it. ``whole``: every band of a
        board that has bands."""
        return self.board(step[1])

    def decision(self, state: Any) -> str:
        """Who decides what, in a few words."""
        return self.game.decision(state)

    def player(self, state: Any, player: int) -> str:
        """A player's name."""
        return self.game.player_name(state, player)

    # --- actions ----------------------------------------------------------------------------------
    def action(self, state: Any, action_id: int) -> Any:
        """The action object of ``action_id``."""
        return state.ACTIONS.actions[action_id]

    def label(self, state: Any, action_id: int) -> str:
        """A button's label for ``action_id``."""
        return self.game.action_label(state, self.action(state, action_id))

    def tooltip(self, state: Any, action_id: int) -> str:
        """A button's tooltip: what the action does (if the game says), then its text form."""
        action = self.action(state, action_id)
        words = self.game.action_help(state, action)
        return f"{words} [{action}]" if words else str(action)

    def groups(self, state: Any) -> dict[str, list[int]]:
        """The legal action ids under their headings (by default the action's kind, its class
        name), headings in the order their first action appears."""
        out: dict[str, list[int]] = {}
        for aid in state.legal_action_ids():
            out.setdefault(type(self.action(state, aid)).__name__, []).append(aid)
        return out

    def choose_label(self, title: str) -> str:
        """The label of the button beside the list of a group too long for buttons (the
        group's heading is ``title``): a verb for what taking the chosen entry does."""
        return "Play"

    def error(self, exc: BaseException) -> str:
        """A rules error as the player reads it."""
        return str(exc)

    # --- the log ----------------------------------------------------------------------------------
    def move_line(self, state: Any, action_id: int) -> str:
        """The log line of taking ``action_id`` in ``state`` (before it is applied)."""
        return self.game.move_line(state, self.action(state, action_id))

    def log_html(self, state: Any, moves: Sequence[str], groups: int) -> str:
        """The log as HTML: the game's own log if it keeps one, else ``moves`` (the widget's
        move lines); the last ``groups`` lines, oldest first."""
        lines = self.game.log(state) or list(moves)
        body = "<br>".join(html.escape(line) for line in lines[-groups:])
        return f'<div class="kw-log-box"><div>{body}</div></div>'

    # --- what only some games have ----------------------------------------------------------------
    def summary(self, before: Any, after: Any) -> Any:
        """The summary to pause on after the moves that took ``before`` (the position the human
        decided in) to ``after`` (now): the last round or race they ended, an object with
        ``status`` (a few words: "Round 1 is scored") and ``game_over``; None (none here)."""
        return None

    def since(self, before: Any, after: Any, lines: Sequence[str]) -> list[str]:
        """What happened from ``before`` (just after the human's move) to ``after``, one plain
        line each: the game's log lines added (``lines``, the widget's move lines of those
        moves, for a game that keeps no log)."""
        log = self.game.log(after)
        return log[len(self.game.log(before)):] if log else list(lines)

    def board_since(self, before: Any, after: Any, viewer: int | None = None) -> str:
        """The board of ``after`` with the moves made since ``before`` stressed, where the board
        can; by default the plain board (the racing boards draw the last move themselves)."""
        return self.board(after, viewer)

    def summary_html(self, state: Any, summary: Any) -> str:
        """A summary as HTML (only called for a summary ``summary`` returned)."""
        return html.escape(str(summary))

    def hint(self, state: Any) -> Hint | None:
        """The game's default hint (what ``PlayWidget`` asks unless given another ``hint``):
        a suggestion for the player to decide in ``state``; None: no hint for this game."""
        return None


class WordedView(GameView):
    """A game's view worded by its own functions: ``words`` labels an action, ``heading`` names
    the group the action is listed under. Formel 1's and Automobiles' views are this with
    their own words."""

    has_hint = True

    def words(self, state: Any, action: Any) -> str:
        """A button's label for ``action`` (by default its text form)."""
        return str(action)

    def heading(self, state: Any, action: Any) -> str:
        """The heading ``action`` is listed under (by default its kind)."""
        return type(action).__name__

    def label(self, state: Any, action_id: int) -> str:
        """The plain label (``words``)."""
        return self.words(state, self.action(state, action_id))

    def tooltip(self, state: Any, action_id: int) -> str:
        """The label and the action's text form (what ``kw apply`` reads)."""
        action = self.action(state, action_id)
        return f"{self.words(state, action)} [{action}]"

    def groups(self, state: Any) -> dict[str, list[int]]:
        """The legal ids under their ``heading``, headings in the order first met."""
        out: dict[str, list[int]] = {}
        for aid in state.legal_action_ids():
            out.setdefault(self.heading(state, self.action(state, aid)), []).append(aid)
        return out


_VIEWS: dict[str, Callable[[Game], GameView]] = {}


def register_view(name: str, make: Callable[[Game], GameView]) -> None:
    """Use ``make(game)`` as the view of the game called ``name`` (instead of ``GameView``)."""
    _VIEWS[name] = make


def view_for(game: str | Game) -> GameView:
    """The view of ``game`` (a registered game's name, or its description); ValueError naming
    the known games otherwise."""
    if isinstance(game, Game):
        described = game
    elif isinstance(game, str):
        described = find_game(game)  # the game's core imported first if need be
    else:
        raise ValueError(f"game must be a registered game's name, not {game!r}")
    if described.name not in _VIEWS:
        _import_view(described.name)
    return _VIEWS.get(described.name, GameView)(described)


def _import_view(name: str) -> None:
    """Import ``kwwidgets.<name>`` if there is such a package: a game's own view registers
    itself when it is imported (Kraftwagen's is ``kwwidgets.kraftwagen.view``)."""
    module = f"kwwidgets.{name}"
    if name.isidentifier() and importlib.util.find_spec(module) is not None:
        importlib.import_module(module)
