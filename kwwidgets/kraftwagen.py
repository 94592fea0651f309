"""Kraftwagen's view for the widgets: plain labels, grouped buttons, the log by turn, the scoring
summaries and the planner's hint (issue 4; issue 13 keeps them for Kraftwagen alone).

``KraftwagenView`` is the ``GameView`` the widgets use for ``game="kraftwagen"`` (registered on
import). Its words come from ``kwwidgets.labels`` (no rule codes), its summaries from
``kwwidgets.scoring``, its hint from the turn planner (``solvers.kraftwagen.planner.plan``)
under a small budget. No rules here: every fact is the rules core's.
"""

from __future__ import annotations

import html
from typing import Any

import kwcore
from kwcore.actions import ACTIONS, Action
from kwcore.errors import KraftwagenError
from kwcore.state import State
from kwwidgets.labels import action_label, action_tooltip, log_groups, play_error
from kwwidgets.scoring import ScoringSummary, summaries, summary_html
from kwwidgets.views import GameView, Hint, register_view
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
#: The log shows this many most recent groups (turns, setup, scoring; all: ``state.log()``).
LOG_GROUPS = 24
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
    except KraftwagenError:
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


def hint_for(state: State) -> Hint:
    """The turn planner's suggestion under ``HINT_CONFIG``, and why; when it finds no plan
    within the budget, the greedy bot's choice, said to be a heuristic."""
    try:
        result = plan(state, None, HINT_CONFIG)
        aid = kwcore.parse_action(state, result.best).id
        return Hint(aid, result.proven,
                    f"Hint: {hint_reason(state, result)} {plan_status(result)}")
    except PlannerError:
        aid = greedy_choice(state)
        return Hint(aid, False,
                    f"Hint: {action_label(ACTIONS[aid], state.cfg)}, the greedy bot's choice (it "
                    "scores best one move ahead). The planner found no plan within its budget, "
                    "so this is a heuristic, not proven.")


class KraftwagenView(GameView):
    """Kraftwagen in the widgets: plain labels and tooltips, buttons grouped by kind of action,
    errors without rule codes, the log by turn, round summaries and the planner's hint."""

    has_hint = True
    bands = True

    def players(self, state: Any) -> int:
        """The number of companies."""
        return int(state.players)

    def label(self, state: Any, action_id: int) -> str:
        """The plain label ("Race: Grand Prix")."""
        return action_label(ACTIONS[action_id], state.cfg)

    def tooltip(self, state: Any, action_id: int) -> str:
        """What the action does, then its command (what ``kw apply`` reads)."""
        return action_tooltip(ACTIONS[action_id], state.cfg)

    def groups(self, state: Any) -> dict[str, list[int]]:
        """The legal ids by heading, in the order of ``GROUPS``."""
        return grouped_actions(state)

    def error(self, exc: BaseException) -> str:
        """The rule's words without its code."""
        return play_error(exc)

    def log_html(self, state: Any, moves: Any, groups: int) -> str:
        """The event log by turn (every move of the game, not only the widget's)."""
        return log_html(state, groups)

    def summary_mark(self, state: Any) -> int:
        """The event count: a summary covers the scoring phases logged after it."""
        return len(state.events)

    def summary(self, state: Any, mark: int) -> ScoringSummary | None:
        """The last scoring phase completed since ``mark``, if any."""
        done = summaries(state, mark)
        return done[-1] if done else None

    def summary_html(self, state: Any, summary: Any) -> str:
        """The scoring summary as HTML."""
        return summary_html(state, summary)

    def hint(self, state: Any) -> Hint:
        """The turn planner's suggestion (``hint_for``)."""
        return hint_for(state)


register_view(kwcore.GAME.name, KraftwagenView)
