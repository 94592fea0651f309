"""Play: a game of Kraftwagen against bots in a notebook (issue 4, "Widgets: Play").

The widget holds one ``kwcore.State`` and changes it only through the checked ``State.apply``
and ``State.undo``, so every rule, every error message and the English log come from the rules
core. Buttons call the public methods ``click``, ``undo``, ``hint`` and ``new_game``, which tests
call directly. Bots (``kwcore.bots``) move for the other companies right after the human; the
hint is the turn planner (``solvers.kraftwagen.planner.plan``) under a small budget.

What the player reads is plain words (``kwwidgets.labels``): button labels, tooltips and error
messages carry no rule codes. The board takes the notebook's whole width; the decision and its
buttons sit below it, kept in view at the bottom of the window while the board scrolls. After
the click that ends a round the widget pauses on the scoring summary (``kwwidgets.scoring``)
until the player dismisses it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass

import ipywidgets as w

import kwcore
from kwcore.actions import ACTIONS, Action
from kwcore.bots import BOTS, Bot, make_bot
from kwcore.render import decision_words
from kwcore.state import State
from kwwidgets.common import board_widget, button, message_widget, say, show_board
from kwwidgets.labels import action_label, action_tooltip, log_groups, play_error
from kwwidgets.scoring import ScoringSummary, summaries, summary_html
from solvers.kraftwagen.planner import (
    Horizon,
    Plan,
    PlannerConfig,
    PlannerError,
    greedy_choice,
    plan,
)

#: The group heading of each kind of action, in the order groups are shown.
GROUPS: dict[str, str] = {
    "ChooseStart": "Start tile", "PickTile": "Action tiles", "DoAction": "Next action",
    "Research": "Research", "Place": "Place the new tile", "Hire": "Hire",
    "Attract": "Attract a buyer", "Recruit": "Recruit", "RecruitWorkers": "Recruit",
    "RecruitMove": "Recruit", "Team": "Racing team", "SellCar": "Sell a car",
    "SwapBuyer": "Swap a buyer", "CarBody": "Place a car", "CarEngine": "Car engine",
    "CarService": "Car service", "CarPrice": "Car price", "CarTech": "Technology marker",
    "Pass": "Place no car", "EndTurn": "End the turn", "Invest": "Investment token",
    "PackardMarker": "Packard marker", "Kettering": "Kettering swap",
    "BuickBuyer": "Buick's buyer", "Deal": "Chance", "Offer": "Chance", "Reveal": "Chance",
}
#: A group with more actions than this shows a dropdown and one button instead of a row.
MANY = 16
#: The log shows this many most recent groups (turns, setup, scoring; all: ``state.log()``).
LOG_GROUPS = 24
#: The CSS class of the button the last hint suggests.
SUGGESTED = "kw-suggested"
#: The hint's search: to the start of the human's next turn against greedy rivals, with a
#: small budget (and lines cut after 4 turns) so that a click answers within a few seconds.
HINT_CONFIG = PlannerConfig(horizon=Horizon("turns", 1), rivals="greedy", node_budget=20_000,
                            time_budget=3.0, max_turns=4)


def action_group(action: Action) -> str:
    """The heading an action is listed under."""
    return GROUPS.get(type(action).__name__, "Other")


def grouped_actions(state: State) -> dict[str, list[int]]:
    """The legal action ids by group heading, groups in first-appearance order of ``GROUPS``."""
    order = {title: i for i, title in enumerate(dict.fromkeys(GROUPS.values()))}
    groups: dict[str, list[int]] = {}
    for aid in state.legal_action_ids():
        groups.setdefault(action_group(ACTIONS[aid]), []).append(aid)
    return dict(sorted(groups.items(), key=lambda kv: order.get(kv[0], len(order))))


@dataclass(frozen=True)
class Hint:
    """The last hint: the suggested action, whether the planner proved it, and the words shown."""

    action_id: int
    proven: bool
    text: str


def make_bots(players: int, human: int,
              bots: str | Mapping[int, str | Bot] | None) -> dict[int, Bot]:
    """The bot of every company that has one; raise ValueError for a bad specification.

    ``bots`` is a bot name for every company but ``human``, a dict company -> bot name or bot
    object (the companies not in it are played by clicks), or None (every company is played by
    clicks).
    """
    if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < players:
        raise ValueError(f"human must be a company from 0 to {players - 1}, not {human!r}")
    if bots is None:
        return {}
    if isinstance(bots, str):
        names: dict[int, str | Bot] = {p: bots for p in range(players) if p != human}
    elif isinstance(bots, Mapping):
        names = dict(bots)
    else:
        raise ValueError(f"bots must be a bot name ({', '.join(BOTS)}), a dict or None, "
                         f"not {bots!r}")
    out: dict[int, Bot] = {}
    for p, bot in sorted(names.items()):
        if isinstance(p, bool) or not isinstance(p, int) or not 0 <= p < players:
            raise ValueError(f"bots: company {p!r} is not in a {players}-company game")
        if p == human:
            raise ValueError(f"bots: company {p} is the human's company")
        if isinstance(bot, str):
            # Each bot gets its own seeded generator (STYLE 9), so a game replays exactly.
            out[p] = make_bot(bot, seed=p)
        elif isinstance(bot, Bot):
            out[p] = bot
        else:
            raise ValueError(f"bots: {bot!r} is neither a bot name nor a bot")
    return out


class PlayWidget:
    """A playable game: board, legal actions as buttons, log, undo, hint, bots, new game.

    ``PlayWidget(players=4, seed=0, human=0, bots="greedy")`` starts a new game; pass ``state``
    to continue a given position instead. Bad constructor arguments raise ValueError; bad
    clicks and new-game settings show a message in the widget and change nothing.
    """

    #: groups with more actions than this show a list and one "Play" button
    many = MANY

    def __init__(self, players: int = 4, seed: int = 0, human: int = 0,
                 bots: str | Mapping[int, str | Bot] | None = "greedy",
                 state: State | None = None) -> None:
        if state is not None and not isinstance(state, State):
            raise ValueError(f"state must be a kwcore.State, not {type(state).__name__}")
        start = state if state is not None else kwcore.new_game(players, seed)
        self._bot_spec = bots
        self.bots = make_bots(start.players, human, bots)
        self.human = human
        self.state = start
        self.last_hint: Hint | None = None
        #: the scoring summary shown now (None: play goes on); ``dismiss()`` closes it
        self.summary: ScoringSummary | None = None
        # History lengths at each decision the human took, for undo back to the previous one.
        self._marks: list[int] = []
        self._base = len(start.history)
        #: every action id applied here, the bots' too, in order (undo takes them back)
        self.moves: list[int] = []
        self._buttons: dict[int, w.Button] = {}
        self._selects: dict[str, tuple[w.Dropdown, w.Button]] = {}
        self._rows: dict[str, w.HBox] = {}
        self._chance = make_bot("random", seed=seed)
        self._build_view(start.players, seed)
        self._run_bots()
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
        self.actions = w.VBox()
        self.actions.add_class("kw-actions")
        self.scoring = w.HTML()
        self.scoring.add_class("kw-scoring-text")
        self.dismiss_button = button("Continue", "kw-dismiss", self.dismiss, self.out,
                                     "close the scoring summary and play on")
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
                                  "ask the turn planner for a suggestion")
        self.players_input = w.Dropdown(options=[2, 3, 4], value=players, description="players",
                                        layout=w.Layout(width="160px"))
        self.players_input.add_class("kw-players")
        self.seed_input = w.IntText(value=seed, description="seed", layout=w.Layout(width="160px"))
        self.seed_input.add_class("kw-seed")
        self.new_button = button("New game", "kw-new", self._new_from_inputs, self.out)
        self.new_controls = w.HBox([self.players_input, self.seed_input, self.new_button])
        controls = w.HBox([self.undo_button, self.hint_button, self.new_controls],
                          layout=w.Layout(flex_flow="row wrap"))
        # The board takes the whole width (its text must stay readable, at least 11 px at a
        # 1400 px window); the decision panel is below it, and sticks to the bottom of the
        # window while the board is scrolled past, so the buttons are always at hand.
        self.board.layout = w.Layout(width="100%")
        self.panel = w.VBox([self.status, self.decision, self.message, self.scoring_box,
                             self.actions, controls],
                            layout=w.Layout(width="100%", padding="6px 8px",
                                            border="1px solid #cccccc", overflow="visible"))
        self.panel.add_class("kw-panel")
        log_box = w.VBox([w.HTML("<b>Log</b> (in time order, by turn; the newest at the "
                                 "bottom)"), self.log],
                         layout=w.Layout(width="100%", overflow="visible"))
        self.view = w.VBox([w.HTML(_PLAY_CSS), self.board, self.panel, log_box, self.out],
                           layout=w.Layout(width="100%", overflow="visible"))
        self.view.add_class("kw-play")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    def redraw(self) -> None:
        """Redraw board, decision, action buttons, summary, status and log from ``self.state``."""
        s = self.state
        show_board(self.board, s, self.human)
        # While the summary is open the next decision waits: say it after the summary is read.
        self.decision.value = "" if self.summary is not None else \
            f"<b>{html.escape(decision_words(s))}</b>"
        self._draw_summary()
        self._draw_actions()
        self._draw_status()
        self.log.value = log_html(s, LOG_GROUPS)

    def _draw_summary(self) -> None:
        if self.summary is None:
            self.scoring_box.layout.display = "none"
            self.scoring.value = ""
            return
        self.scoring.value = summary_html(self.state, self.summary)
        self.dismiss_button.description = "New round" if not self.summary.game_over \
            else "See the final board"
        self.scoring_box.layout.display = "flex"

    def _draw_status(self, text: str | None = None) -> None:
        s = self.state
        if text is None:
            p = s.current_player
            if self.summary is not None:
                over = "Game over. " if self.summary.game_over else ""
                text = (f"{over}Round {self.summary.round} is scored: read the summary, then "
                        "continue.")
            elif s.is_terminal():
                text = "Game over."
            elif p == self.human:
                text = f"Your move ({s.cfg.companies[p]})."
            elif p >= 0 and p not in self.bots:
                text = f"{s.cfg.companies[p]} to move (played here)."
            else:
                text = "Waiting for the bots."
        self.status.value = html.escape(text)

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
        for title, ids in grouped_actions(s).items():
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
                    label = action_label(ACTIONS[aid], s.cfg)
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
            head = w.HTML(f"<b>{html.escape(title)}</b>", layout=w.Layout(width="150px"))
            row = w.HBox([head], layout=w.Layout(flex_flow="row wrap"))
            self._rows[title] = row
        return row

    def _button_for(self, aid: int) -> w.Button:
        b = self._buttons.get(aid)
        if b is None:
            action = ACTIONS[aid]
            b = button(action_label(action, self.state.cfg), "kw-action",
                       lambda: self.click(aid), self.out, action_tooltip(action, self.state.cfg))
            self._buttons[aid] = b
        return b

    def _dropdown(self, title: str, ids: list[int]) -> tuple[w.Dropdown, w.Button]:
        # One list and one button per group, reused like the buttons.
        if title not in self._selects:
            pick = w.Dropdown(layout=w.Layout(width="auto"))
            pick.add_class("kw-action-select")
            go = button("Play", "kw-action", lambda: self.click(pick.value), self.out,
                        "play the action chosen in the list")
            self._selects[title] = (pick, go)
        pick, go = self._selects[title]
        pick.options = [(action_label(ACTIONS[a], self.state.cfg), a) for a in ids]
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
        events = len(s.events)
        try:
            aid = s.resolve(action)
            s.apply(aid)
        except kwcore.KraftwagenError as exc:
            say(self.message, play_error(exc), "error")
            return False
        self.summary = None
        self.moves.append(aid)
        self._marks.append(mark)
        self.last_hint = None
        say(self.message, "")
        if self._bot_to_move():
            self.redraw()  # show the human's move while the bots think
        self._run_bots()
        done = summaries(s, events)
        self.summary = done[-1] if done else None
        self.redraw()
        return True

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
        self.last_hint = None
        self.summary = None
        say(self.message, "Undone.", "ok")
        self.redraw()
        return True

    def hint(self) -> int | None:
        """Ask the turn planner for the best action (small budget); show and return its id.

        The suggested button is highlighted (CSS class ``kw-suggested``) and one sentence says
        why; a second says what is proven (``Plan.status()`` where the planner has it). When
        the search finds nothing within the budget, falls back to the greedy bot's choice and
        says so. Returns None when there is nothing to suggest.
        """
        s = self.state
        if s.is_terminal() or not self._humans_turn():
            say(self.message, "No hint: it is not your decision.", "error")
            return None
        self._draw_status("Thinking about a hint...")
        try:
            result = plan(s, None, HINT_CONFIG)
            aid = kwcore.parse_action(s, result.best).id
            text = f"Hint: {hint_reason(s, result)} {plan_status(result)}"
            self.last_hint = Hint(aid, result.proven, text)
        except PlannerError:
            aid = greedy_choice(s)
            text = (f"Hint: {action_label(ACTIONS[aid], s.cfg)}, the greedy bot's choice (it "
                    "scores best one move ahead). The planner found no plan within its budget, "
                    "so this is a heuristic, not proven.")
            self.last_hint = Hint(aid, False, text)
        say(self.message, text, "ok")
        self._draw_actions()
        self._draw_status()
        return aid

    def new_game(self, players: int, seed: int) -> bool:
        """Start a new game with the same human and bots. Bad settings show a message and
        change nothing. True if a new game started."""
        try:
            state = kwcore.new_game(players, seed)
            bots = make_bots(state.players, self.human, self._bot_spec)
        except ValueError as exc:
            say(self.message, f"New game: {play_error(exc)}", "error")
            return False
        self.state, self.bots = state, bots
        self._marks = []
        self._base = 0
        self.moves = []
        self.last_hint = None
        self.summary = None
        self._chance = make_bot("random", seed=seed)
        say(self.message, f"New game: {players} companies, seed {seed}.", "ok")
        self._run_bots()
        self.redraw()
        return True

    def _new_from_inputs(self) -> None:
        self.new_game(self.players_input.value, self.seed_input.value)

    # --- bots -------------------------------------------------------------------------------------
    def _humans_turn(self) -> bool:
        p = self.state.current_player
        return p >= 0 and p not in self.bots

    def _bot_to_move(self) -> bool:
        s = self.state
        return not s.is_terminal() and not self._humans_turn()

    def _run_bots(self) -> None:
        """Let bots (and chance, in explicit-chance positions) move until a human decides."""
        s = self.state
        while self._bot_to_move():
            p = s.current_player
            bot = self.bots[p] if p >= 0 else self._chance
            if p >= 0:
                self._draw_status(f"{s.cfg.companies[p]} ({bot.name} bot) is thinking...")
            aid = bot.choose(s)
            s.apply(aid)
            self.moves.append(aid)


# The suggested button stands out; the panel stays in view at the bottom of the window while
# the board above it scrolls (sticky positioning needs every box around it to let it overflow).
_PLAY_CSS = """<style>
.kw-play .kw-suggested { background: #f2c14e !important; font-weight: bold;
  box-shadow: 0 0 0 2px #a4161a; }
.kw-play .kw-panel { position: sticky; bottom: 0; z-index: 5; background: #fbf8f1; }
.jp-OutputArea:has(.kw-play), .jp-OutputArea-child:has(.kw-play),
.jp-OutputArea-output:has(.kw-play) { overflow: visible; }
.kw-play .kw-log-box { display: flex; flex-direction: column-reverse; max-height: 260px;
  overflow-y: auto; border: 1px solid #dddddd; padding: 2px 6px; }
.kw-play .kw-log-box h5 { margin: 6px 0 1px 0; font-size: 95%; }
.kw-play .kw-log .widget-html-content, .kw-play .kw-scoring-text .widget-html-content {
  line-height: 1.4; }
.kw-play .kw-log-box { font-size: 92%; }
</style>"""


def log_html(state: State, groups: int = LOG_GROUPS) -> str:
    """The last ``groups`` groups of the log as HTML, oldest first, each under its heading.

    The box scrolls and opens at its bottom, the newest line (``column-reverse``), so no
    script is needed to keep the latest turn in view.
    """
    parts = []
    for g in log_groups(state.cfg, state.events)[-groups:]:
        lines = "<br>".join(html.escape(line) for line in g.lines)
        parts.append(f"<h5>{html.escape(g.heading)}</h5><div>{lines}</div>")
    return f'<div class="kw-log-box"><div>{"".join(parts)}</div></div>'


def _alt_label(state: State, text: str) -> str:
    try:
        return action_label(kwcore.parse_action(state, text), state.cfg)
    except kwcore.KraftwagenError:
        return text


def hint_reason(state: State, result: Plan) -> str:
    """One sentence: the suggested action and why (its value against the next best choice)."""
    best = _alt_label(state, result.best)
    gain = f"{result.value:+g} reputation by the start of your next turn"
    others = list(result.alternatives[1:])
    if not others:
        return f"{best}: it is the only choice here ({gain})."
    second = max(others, key=lambda a: a.value)
    lead = result.value - second.value
    if lead <= 0:
        return (f"{best}: it gives {gain}, as much as {_alt_label(state, second.action)}, the "
                "other best choice.")
    return (f"{best}: it gives {gain}, {lead:g} more than the next best choice "
            f"({_alt_label(state, second.action)}).")


def plan_status(result: Plan) -> str:
    """What the hint's search proved, in one plain sentence (``Plan.status()`` if the planner
    has it)."""
    status = getattr(result, "status", None)
    if callable(status):
        return str(status())
    if result.proven:
        return ("Proven best for this turn against greedy rivals (not a proof for the whole "
                "game).")
    return "Not proven: the search stopped at its budget, so this is the best found so far."
