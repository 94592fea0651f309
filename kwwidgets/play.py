"""Play: a game against bots in a notebook, for any registered game.

``PlayWidget(game="kraftwagen", ...)`` plays the game of that name in gamecore's registry. The
widget holds one state and changes it only through the checked ``apply`` and ``undo``, so every
rule and every error message come from the game's rules core. Buttons call the public methods
``click``, ``undo``, ``hint`` and ``new_game``, which tests call directly. Bots (the game's
``make_bot``) move for the other players right after the human; chance, in an explicit-chance
position, draws from the state's own outcome probabilities.

After each of the human's decisions the bots reply; one line above the buttons says what they
did ("Since your move: ..."), and the board outlines it where it can. A move that ends a round
or a race (Kraftwagen's scoring, a Formel 1 or Automobiles race) pauses on its summary, which
one button dismisses. The board, the decision, button labels, tooltips, the log, the "since your
move" line and the summaries come from the game's view (``kwwidgets.views``; a game's own in
``kwwidgets/<game>/view.py``). The hint is a function passed in (``PlayWidget(hint=...)``,
``state -> Hint | None``); by default the view's (Kraftwagen: the turn planner,
``kwwidgets.kraftwagen.hint``; Formel 1: the greedy bot's reason, ``kwwidgets.formel1.hint``;
Automobiles: the best-turn solver, ``kwwidgets.automobiles.hint``). A game with no hint hides
the button. **Save replay** writes the game so far as a replay file (``replay_json``,
``save_replay``), which ``kw review`` and notebooks/06_review review move by move.

The layout keeps the whole board and the buttons on one screen without either covering the
other: the board and the decision panel form one block no taller than the window (``PANEL_CSS``).
In a notebook of ordinary width the board takes the whole width (its text stays readable, at
least 11 px at a 1400 px window) and scrolls in its own box, the panel right below it; in a
notebook wide enough for both (``SIDE_BY_SIDE_PX``) the panel stands to the right of the board.
The log follows below the block.
"""

from __future__ import annotations

import html
import math
import random
import time
from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import Any

import ipywidgets as w

from gamecore.errors import GameError
from gamecore.game import Game
from kwwidgets.common import board_widget, button, escape_dollars, message_widget, say, show_svg
from kwwidgets.hintcache import shared
from kwwidgets.views import GameView, Hint, view_for

#: A hint: the suggestion for the player to decide in a state (None: nothing to suggest).
HintSource = Callable[[Any], "Hint | None"]
#: The log shows this many most recent groups (Kraftwagen: turns, setup, scoring) or lines.
LOG_GROUPS = 24
#: A group with more actions than this shows a dropdown and one button instead of a row.
MANY = 16
#: The "since your move" line names at most this many of the others' moves.
SINCE_LINES = 6
#: The CSS class of the button the last hint suggests.
SUGGESTED = "kw-suggested"
#: A bot whose last decision took less than this (wall seconds) moves without a "thinking"
#: line: with fast bots (greedy: milliseconds) the line shows for an instant, and on a class's
#: shared server each is a message through the server to the browser and a redraw there (6-8
#: of a click's 20 messages with three greedy bots). A bot not yet timed, or slower than
#: this, gets its line.
SHOW_THINKING_AFTER = 0.25
#: From this width of the widget (CSS px) up, the panel stands beside the board, not below it:
#: the board then keeps about 980 px, as wide as it is drawn at a 1400 px window below the
#: panel (Kraftwagen's board needs 917 px for its 12-unit text to stay at 11 px).
SIDE_BY_SIDE_PX = 1360
#: The panel's width when it stands beside the board (CSS px).
SIDE_PANEL_PX = 360


class ChancePlayer:
    """Plays chance in explicit-chance positions: a seeded draw from ``chance_outcomes()``,
    each outcome with its own probability (STYLE 9)."""

    name = "chance"

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: Any) -> int:
        """The id of the outcome drawn."""
        outcomes = state.chance_outcomes()
        action = self.rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        return int(state.resolve(action))


def _is_bot(bot: object) -> bool:
    return isinstance(getattr(bot, "name", None), str) and callable(getattr(bot, "choose", None))


def make_bots(players: int, human: int, bots: str | Mapping[int, Any] | None,
              game: str | Game = "kraftwagen") -> dict[int, Any]:
    """The bot of every player that has one; raise ValueError for a bad specification.

    ``bots`` is a bot name of ``game`` (its description's ``bots``) for every player but
    ``human``, a dict player -> bot name or bot object (anything with a ``name`` and a
    ``choose(state)``; the players not in it are played by clicks), or None (every player is
    played by clicks).
    """
    described = view_for(game).game
    known = ", ".join(described.bots)
    if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players:
        raise ValueError(f"human must be a player from 0 to {players - 1}, not {human!r}")
    if bots is None:
        return {}
    if isinstance(bots, str):
        names: dict[Any, Any] = {p: bots for p in range(players) if p != human}
    elif isinstance(bots, Mapping):
        names = dict(bots)
    else:
        raise ValueError(f"bots must be a bot name ({known}), a dict or None, not {bots!r}")
    out: dict[int, Any] = {}
    for p, bot in sorted(names.items(), key=lambda kv: repr(kv[0])):
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
            raise ValueError(f"bots: player {p!r} is not in a {players}-player game")
        if p == human:
            raise ValueError(f"bots: player {p} is the human's")
        if isinstance(bot, str):
            if bot.strip().lower() not in described.bots:
                raise ValueError(f"bots: {bot!r} is not a bot of {described.name} ({known})")
            # Each bot gets its own seeded generator (STYLE 9), so a game replays exactly.
            out[p] = described.make_bot(bot.strip().lower(), p)
        elif _is_bot(bot):
            out[p] = bot
        else:
            raise ValueError(f"bots: {bot!r} is neither a bot name nor a bot")
    return dict(sorted(out.items()))


class PlayWidget:
    """A playable game: board, legal actions as buttons, log, undo, hint, bots, new game.

    ``PlayWidget(players=4, seed=0, human=0, bots="greedy", game="kraftwagen")`` starts a new
    game of ``game`` (any registered game's name; ``players`` None: its most players); pass
    ``state`` to continue a given position of that game instead. ``hint`` is the function the
    hint button asks (``state -> Hint | None``); None: the game view's own (``GameView.hint``;
    a game without one hides the button). Bad constructor arguments raise ValueError; bad
    clicks and new-game settings show a message in the widget and change nothing. A round's or
    race's summary (``GameView.summary``: Kraftwagen's scoring, Formel 1's and Automobiles'
    races) is shown after the move that ends it, until ``dismiss()``.
    """

    #: groups with more actions than this show a list and one "Play" button
    many = MANY

    def __init__(self, players: int | None = None, seed: int = 0, human: int = 0,
                 bots: str | Mapping[int, Any] | None = "greedy",
                 state: Any = None, game: str | Game = "kraftwagen",
                 hint: HintSource | None = None) -> None:
        view = view_for(game)
        if hint is not None and not callable(hint):
            raise ValueError(f"hint must be a function of the state, not {hint!r:.60}")
        if state is not None:
            view.check(state)
            start = state
        else:
            start = view.new_game(view.game.max_players if players is None else players, seed)
        #: the game's view: its board and every word shown (kwwidgets.views)
        self.view_of: GameView = view
        #: the game played (its registered description)
        self.game: Game = view.game
        #: the function the hint button asks (None: no hint, the button is hidden); on a
        #: server that shares hints (``make workshop``), through the shared answers
        #: (kwwidgets.hintcache)
        source = hint if hint is not None else (view.hint if view.has_hint else None)
        self.hint_source: HintSource | None = None if source is None else shared(source)
        self._bot_spec = bots
        self.bots = make_bots(view.players(start), human, bots, view.game)
        self.human = human
        self.state = start
        self.last_hint: Hint | None = None
        #: what the last hint raised (None: it answered, or none was asked)
        self.hint_error: Exception | None = None
        #: the round or race summary shown now (None: play goes on); ``dismiss()`` closes it
        self.summary: Any = None
        #: what the others did since the human's last move, one plain line each
        self.since_lines: list[str] = []
        # The history index of the snapshot just after the human's last move (None: unknown,
        # after an undo), and the number of moves taken then.
        self._mine: int | None = len(start.history)
        self._mine_moves = 0
        # History lengths at each decision the human took, for undo back to the previous one.
        self._marks: list[int] = []
        self._base = len(start.history)
        #: every action id applied here, the bots' too, in order (undo takes them back)
        self.moves: list[int] = []
        #: the log line of each of ``moves`` (the log of a game that keeps none of its own)
        self.move_lines: list[str] = []
        self._buttons: dict[int, w.Button] = {}
        self._selects: dict[str, tuple[w.Dropdown, w.Button]] = {}
        self._rows: dict[str, w.HBox] = {}
        self._chance = ChancePlayer(seed)
        # Each bot seat's wall seconds at its last decision (``_run_bots``).
        self._bot_seconds: dict[int, float] = {}
        # A replay file starts from a new game's setup: a game continued from a given position
        # has none (``replay_json`` says so).
        self._from_setup = state is None
        self._seed = seed  # the seed of the game played (the seed box may change before New game)
        self._build_view(view.players(start), seed)
        self._run_bots()
        self._note_since()
        self.redraw()

    # --- the view ---------------------------------------------------------------------------------
    def _build_view(self, players: int, seed: int) -> None:
        self.out = w.Output()  # what a callback prints or raises (STYLE 18)
        self.status = w.HTML()
        self.status.add_class("kw-status")
        self.board = board_widget()
        self.decision = w.HTML()
        self.decision.add_class("kw-decision")
        self.message = message_widget()
        self.since = w.HTML()
        self.since.add_class("kw-since")
        self.actions = w.VBox()
        self.actions.add_class("kw-actions")
        self.scoring = w.HTML()
        self.scoring.add_class("kw-scoring-text")
        self.dismiss_button = button("Continue", "kw-dismiss", self.dismiss, self.out,
                                     "close the summary and play on")
        self.dismiss_button.button_style = "primary"
        self.dismiss_button.layout.width = "220px"
        self.scoring_box = w.VBox([self.scoring, self.dismiss_button],
                                  layout=w.Layout(display="none", border="2px solid #f2c14e",
                                                  padding="6px 10px", margin="4px 0"))
        self.scoring_box.add_class("kw-scoring")
        self.log = w.HTML(layout=w.Layout(width="100%"))
        self.log.add_class("kw-log")
        self.undo_button = button("Undo", "kw-undo", self.undo, self.out,
                                  "take back your last decision and the bots' replies")
        self.hint_button = button("Hint", "kw-hint", self.hint, self.out,
                                  self.view_of.hint_help)
        if self.hint_source is None:
            self.hint_button.layout.display = "none"
        self.players_input = w.Dropdown(options=list(self.game.player_counts), value=players,
                                        description="players", layout=w.Layout(width="160px"))
        self.players_input.add_class("kw-players")
        self.seed_input = w.IntText(value=seed, description="seed", layout=w.Layout(width="160px"))
        self.seed_input.add_class("kw-seed")
        self.new_button = button("New game", "kw-new", self._new_from_inputs, self.out)
        self.new_controls = w.HBox([self.players_input, self.seed_input, self.new_button],
                                   layout=w.Layout(flex_flow="row wrap"))
        self.save_button = button("Save replay", "kw-save-replay", self._save_clicked, self.out,
                                  "save this game as a replay file, to review it move by move")
        controls = w.HBox([self.undo_button, self.hint_button, self.save_button,
                           self.new_controls],
                          layout=w.Layout(flex_flow="row wrap"))
        # Who moves and what is decided share one line: the panel stays short.
        head = w.HBox([self.status, self.decision], layout=w.Layout(flex_flow="row wrap"))
        head.add_class("kw-head")
        # The board and the panel form one block no taller than the window (PANEL_CSS): the
        # board scrolls in its own box and the panel never covers it.
        self.panel = w.VBox([head, self.message, self.scoring_box, self.since, self.actions,
                             controls])
        self.panel.add_class("kw-panel")
        #: the board and the panel: below each other, or side by side in a wide notebook
        self.main = w.Box([self.board, self.panel])
        self.main.add_class("kw-main")
        log_box = w.VBox([w.HTML("<b>Log</b> (in time order, by turn; the newest at the "
                                 "bottom)"), self.log],
                         layout=w.Layout(width="100%", overflow="visible"))
        self.view = w.VBox([w.HTML(PANEL_CSS), self.main, log_box, self.out],
                           layout=w.Layout(width="100%", overflow="visible"))
        self.view.add_class("kw-play")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    def redraw(self) -> None:
        """Redraw board, decision, action buttons, summary, status and log from ``self.state``."""
        s = self.state
        mine = self._mine
        if mine is not None and len(s.history) > mine:
            show_svg(self.board, self.view_of.board_since(s.history[mine], s, self.human))
        else:
            show_svg(self.board, self.view_of.board(s, self.human))
        # While the summary is open the next decision waits: say it after the summary is read.
        self.decision.value = "" if self.summary is not None else \
            f"<b>{html.escape(self.view_of.decision(s))}</b>"
        self._draw_summary()
        self._draw_since()
        self._draw_actions()
        self._draw_status()
        self.log.value = escape_dollars(self.view_of.log_html(s, self.move_lines, LOG_GROUPS))

    def _draw_summary(self) -> None:
        if self.summary is None:
            self.scoring_box.layout.display = "none"
            self.scoring.value = ""
            self.panel.remove_class("kw-reading")
            return
        self.panel.add_class("kw-reading")  # the summary may take more of the block
        self.scoring.value = escape_dollars(self.view_of.summary_html(self.state, self.summary))
        self.dismiss_button.description = "Continue" if not self.summary.game_over \
            else "See the final board"
        self.scoring_box.layout.display = "flex"

    def _draw_since(self) -> None:
        lines = [x.strip().removesuffix(".") for x in self.since_lines if x.strip()]
        if not lines:
            self.since.value = ""
            self.since.layout.display = "none"
            return
        shown = lines[:SINCE_LINES]
        more = len(lines) - len(shown)
        tail = f"; and {more} more (see the log below)" if more else ""
        head = "Since your move" if self._marks else "Before your first move"
        self.since.value = (f"<div style='line-height: 1.4'><b>{head}:</b> "
                            + escape_dollars(html.escape("; ".join(shown) + tail)) + ".</div>")
        self.since.layout.display = "flex"

    def _draw_status(self, text: str | None = None) -> None:
        s = self.state
        if text is None:
            p = s.current_player
            if self.summary is not None:
                over = "Game over. " if self.summary.game_over else ""
                text = f"{over}{self.summary.status}: read the summary, then continue."
            elif s.is_terminal():
                text = "Game over."
            elif p == self.human:
                text = f"Your move ({self.view_of.player(s, p)})."
            elif p >= 0 and p not in self.bots:
                text = f"{self.view_of.player(s, p)} to move (played here)."
            else:
                text = "Waiting for the bots."
        self.status.value = escape_dollars(html.escape(text))

    def _draw_actions(self) -> None:
        s = self.state
        for b in self._buttons.values():
            b.remove_class(SUGGESTED)
        for _, go in self._selects.values():
            go.remove_class(SUGGESTED)
        if s.is_terminal() or not self._humans_turn() or self.summary is not None:
            self.actions.children = ()
            return
        suggested = self.last_hint.action_id if self.last_hint is not None else None
        rows: list[w.Widget] = []
        for title, ids in self.view_of.groups(s).items():
            row = self._row(title)
            head = row.children[0]
            if len(ids) > self.many:
                pick, go = self._dropdown(title, ids)
                if suggested in ids:
                    pick.value = suggested
                    go.add_class(SUGGESTED)
                row.children = (head, pick, go)
            else:
                buttons = []
                seen: dict[str, int] = {}
                for aid in ids:
                    b = self._button_for(aid)
                    label = self.view_of.label(s, aid)
                    # Two tiles with the same effect (Move 5 twice) are two choices: say so.
                    seen[label] = seen.get(label, 0) + 1
                    b.description = label if seen[label] == 1 else f"{label} (another tile)"
                    if aid == suggested:
                        b.add_class(SUGGESTED)
                    buttons.append(b)
                row.children = (head, *buttons)
            rows.append(row)
        self.actions.children = tuple(rows)

    def _row(self, title: str) -> w.HBox:
        # Rows, like buttons, are made once and reused: a new widget per click would cost a
        # message to the browser each.
        row = self._rows.get(title)
        if row is None:
            head = w.HTML(f"<b>{html.escape(title)}</b>")
            head.add_class("kw-row-head")
            row = w.HBox([head], layout=w.Layout(flex_flow="row wrap"))
            self._rows[title] = row
        return row

    def _button_for(self, aid: int) -> w.Button:
        b = self._buttons.get(aid)
        if b is None:
            b = button(self.view_of.label(self.state, aid), "kw-action",
                       lambda: self.click(aid), self.out, self.view_of.tooltip(self.state, aid))
            self._buttons[aid] = b
        return b

    def _dropdown(self, title: str, ids: list[int]) -> tuple[w.Dropdown, w.Button]:
        # One list and one button per group, reused like the buttons.
        if title not in self._selects:
            pick = w.Dropdown(layout=w.Layout(width="auto"))
            pick.add_class("kw-action-select")
            verb = self.view_of.choose_label(title)
            go = button(verb, "kw-action", lambda: self.click(pick.value), self.out,
                        f"{verb.lower()}: the entry chosen in the list")
            self._selects[title] = (pick, go)
        pick, go = self._selects[title]
        pick.options = [(self.view_of.label(self.state, a), a) for a in ids]
        if pick.value not in ids:  # a list never shows blank: its first action is chosen
            pick.value = ids[0]
        return pick, go

    # --- the public actions (what the buttons call) ----------------------------------------------
    def click(self, action: int | str) -> bool:
        """Take ``action`` (an id or its text) for the human; the bots reply. True if taken.

        An illegal or malformed action, or one when it is not a human's turn, shows a message
        (the rule's words, without its code) and changes nothing. A scoring summary still open
        is dismissed first (in the browser its buttons are hidden until the player does).
        When this click (or the bots' replies) ends a round, the widget shows its summary.
        """
        s = self.state
        if s.is_terminal():
            say(self.message, "The game is over: start a new game.", "error")
            return False
        if not self._humans_turn():
            say(self.message, "It is not your turn: the bots are still moving.", "error")
            return False
        mark = len(s.history)
        try:
            aid = s.resolve(action)
            line = self.view_of.move_line(s, aid)
            s.apply(aid)
        except GameError as exc:
            say(self.message, self.view_of.error(exc), "error")
            return False
        self.summary = None
        self.moves.append(aid)
        self.move_lines.append(line)
        self._marks.append(mark)
        self.last_hint = None
        say(self.message, "")
        self._mine, self._mine_moves = len(s.history), len(self.moves)
        self.since_lines = []
        self._run_bots(drawn=False)
        self._note_since()
        self.summary = self.view_of.summary(s.history[mark], s)
        self.redraw()
        return True

    def _note_since(self) -> None:
        """Word what the bots (and chance) did since the human's last move."""
        s, mine = self.state, self._mine
        if mine is None or len(s.history) <= mine:
            self.since_lines = []
            return
        self.since_lines = self.view_of.since(s.history[mine], s,
                                              self.move_lines[self._mine_moves:])

    def dismiss(self) -> bool:
        """Close the scoring summary and show the decision again. True if one was open."""
        if self.summary is None:
            return False
        self.summary = None
        self.redraw()
        return True

    def undo(self) -> bool:
        """Take back the human's last decision and every bot move after it. True if undone."""
        if not self._marks:
            say(self.message, "Nothing to undo.", "error")
            return False
        mark = self._marks.pop()
        while len(self.state.history) > mark:
            self.state.undo()
        del self.moves[mark - self._base:]
        del self.move_lines[mark - self._base:]
        self.last_hint = None
        self.summary = None
        self._mine, self.since_lines = None, []
        say(self.message, "Undone.", "ok")
        self.redraw()
        return True

    def hint(self) -> int | None:
        """Ask the hint function (``hint_source``) for the best action; show and return its id
        (Kraftwagen's default: the turn planner under a small budget,
        ``kwwidgets.kraftwagen.hint.planner_hint``).

        The suggested button is highlighted (CSS class ``kw-suggested``) and one sentence says
        why; a second says what is proven. Returns None when there is nothing to suggest: not
        the human's decision, or a game without hints (a message says which). A hint function
        that raises ends the "Thinking" line and leaves one plain error line in the message;
        the exception is kept in ``hint_error`` (None after a hint that answered) and the game
        plays on.
        """
        s = self.state
        self.hint_error = None
        if s.is_terminal() or not self._humans_turn():
            say(self.message, "No hint: it is not your decision.", "error")
            return None
        if self.hint_source is None:
            say(self.message, f"No hint: there is no hint for {self.game.title}.", "error")
            return None
        self._draw_status("Thinking about a hint...")
        try:
            hint = self.hint_source(s)
            if hint is not None and hint.action_id not in s.legal_action_ids():
                raise ValueError(f"the hint suggested action {hint.action_id}, which is not "
                                 "legal here")
        except Exception as exc:  # any failure of the hint: the game must stay playable
            self.hint_error = exc
            self.last_hint = None
            why = " ".join(self.view_of.error(exc).split())
            why = why if len(why) <= 120 else why[:119] + "…"
            say(self.message, f"No hint: the hint failed here ({why or type(exc).__name__}). "
                "Play on: the game is not affected.", "error")
            self._draw_actions()
            return None
        finally:
            self._draw_status()
        self.last_hint = hint
        if hint is None:
            say(self.message, "No hint for this position.", "error")
            return None
        say(self.message, hint.text, "ok")
        self._draw_actions()
        return hint.action_id

    def new_game(self, players: int, seed: int) -> bool:
        """Start a new game with the same human and bots. Bad settings show a message and
        change nothing. True if a new game started."""
        try:
            state = self.view_of.new_game(players, seed)
            bots = make_bots(self.view_of.players(state), self.human, self._bot_spec, self.game)
        except ValueError as exc:
            say(self.message, f"New game: {self.view_of.error(exc)}", "error")
            return False
        self.state, self.bots = state, bots
        self._marks = []
        self._base = 0
        self.moves = []
        self.move_lines = []
        self.last_hint = None
        self.summary = None
        self._mine, self._mine_moves, self.since_lines = 0, 0, []
        self._chance = ChancePlayer(seed)
        self._from_setup, self._seed = True, seed
        say(self.message, f"New game: {players} players, seed {seed}.", "ok")
        self._run_bots()
        self._note_since()
        self.redraw()
        return True

    def replay_json(self) -> str:
        """The game played so far as a replay file (the game's own format, as ``kw play
        --replay`` writes it): reviewed by ``kw review`` and notebooks/06_review. ValueError
        for a game continued from a given position (a replay starts from a new game's setup)
        or a game without replay files."""
        if self.game.replay_to_json is None:
            raise ValueError(f"{self.game.title} has no replay files")
        if not self._from_setup or self.state.is_chance_node() or self._base != 0:
            raise ValueError("this game was continued from a given position: a replay starts "
                             "from a new game (start one with New game)")
        table = self.state.ACTIONS
        return self.game.replay_to_json(self.state, [str(table.from_id(a)) for a in self.moves])

    def save_replay(self, path: str = "") -> str:
        """Write ``replay_json()`` to ``path`` (default: ``<game>-seed<S>-replay.json`` in the
        working folder) and say so in the widget; the path written."""
        from pathlib import Path

        target = Path(path or f"{self.game.name}-seed{self._seed}-replay.json")
        try:
            target.write_text(self.replay_json() + "\n", encoding="utf-8")
        except (OSError, ValueError) as exc:
            say(self.message, f"Replay not saved: {exc}", "error")
            raise
        say(self.message, f"Replay saved to {target}: review it in notebooks/06_review.", "ok")
        return str(target)

    def _save_clicked(self) -> None:
        with suppress(OSError, ValueError):  # the widget's message says why
            self.save_replay()

    def _new_from_inputs(self) -> None:
        self.new_game(self.players_input.value, self.seed_input.value)

    # --- bots -------------------------------------------------------------------------------------
    def _humans_turn(self) -> bool:
        p = self.state.current_player
        return p >= 0 and p not in self.bots

    def _bot_to_move(self) -> bool:
        s = self.state
        return not s.is_terminal() and not self._humans_turn()

    def _run_bots(self, drawn: bool = True) -> None:
        """Let bots (and chance, in explicit-chance positions) move until a human decides.
        Before a bot that is slow or not yet timed (``SHOW_THINKING_AFTER``) the status says
        it is thinking, and the board shows what happened so far unless it is ``drawn``
        already. Fast bots reply without a redraw of their own: the board is drawn once, after
        them (measured in the browser: each redraw of the board costs about 0.15 s of a
        browser's CPU, and a click with two redraws 1.7x the CPU of a click with one)."""
        s = self.state
        while self._bot_to_move():
            p = s.current_player
            bot = self.bots[p] if p >= 0 else self._chance
            if p >= 0 and self._bot_seconds.get(p, math.inf) >= SHOW_THINKING_AFTER:
                if not drawn:  # the human's move is on the board while a slow bot thinks
                    self.redraw()
                    drawn = True
                self._draw_status(f"{self.view_of.player(s, p)} ({bot.name} bot) is "
                                  "thinking...")
            started = time.perf_counter()
            aid = bot.choose(s)
            if p >= 0:
                self._bot_seconds[p] = time.perf_counter() - started
            line = self.view_of.move_line(s, aid)
            s.apply(aid)
            self.moves.append(aid)
            self.move_lines.append(line)


# The suggested button stands out. The board and the panel (``.kw-main``) form one block at
# most the window's height less JupyterLab's bars (menu, tabs, toolbar, status: about 125 px):
# below each other, the board shrinks to what the panel leaves and scrolls in its own box, and
# the panel takes at most 45% of the window (70% while a summary is read), scrolling inside if
# it needs more; side by side (a container query on the widget's width), both fill the block's
# height. Texts in the panel get a reading line height (ipywidgets sets 28 px) and an empty
# text takes no line.
PANEL_CSS = """<style>
.kw-play { container-type: inline-size; }
.kw-play .kw-suggested { background: #f2c14e !important; font-weight: bold;
  box-shadow: 0 0 0 2px #a4161a; }
.kw-play .kw-main { display: flex; flex-direction: column; gap: 6px; width: 100%;
  max-height: max(420px, calc(100vh - 140px)); overflow: hidden; }
.kw-play .kw-main > .kw-board { flex: 1 1 auto; min-height: 160px; min-width: 0;
  overflow: auto; scrollbar-gutter: stable; }
.kw-play .kw-main > .kw-panel { flex: 0 0 auto; max-height: 45vh; overflow-y: auto;
  padding: 6px 8px; border: 1px solid #cccccc; background: #fbf8f1; }
.kw-play .kw-main > .kw-panel.kw-reading { max-height: 70vh; }
.kw-play .kw-panel .widget-html-content { line-height: 1.4; }
.kw-play .kw-panel .widget-html:has(> .widget-html-content:empty) { display: none; }
.kw-play .kw-head { gap: 0 12px; align-items: baseline; }
.kw-play .kw-row-head { flex: 0 0 150px; }
@container (min-width: SIDEpx) {
  .kw-play .kw-main { flex-direction: row; }
  .kw-play .kw-main > .kw-panel, .kw-play .kw-main > .kw-panel.kw-reading {
    flex: 0 0 PANELpx; max-height: none; }
  .kw-play .kw-row-head { flex-basis: 100%; }
}
.kw-play .kw-log-box { display: flex; flex-direction: column-reverse; max-height: 260px;
  overflow-y: auto; border: 1px solid #dddddd; padding: 2px 6px; }
.kw-play .kw-log-box h5 { margin: 6px 0 1px 0; font-size: 95%; }
.kw-play .kw-log .widget-html-content, .kw-play .kw-scoring-text .widget-html-content {
  line-height: 1.4; }
.kw-play .kw-log-box { font-size: 92%; }
</style>""".replace("SIDEpx", f"{SIDE_BY_SIDE_PX}px").replace("PANELpx", f"{SIDE_PANEL_PX}px")
