"""The scoring summary: what a round's scoring phase did, for the play widget to pause on.

Round scoring happens inside one click (the rules core resolves everything automatic at once),
so the widget shows what happened before play goes on: the Grand Prix, who sold which car to
whom for how much, the achievements of the round, and each company's gain. Every fact comes
from the state's event log (the words are ``kwcore.render.describe``'s); the standings after
the phase from the undo snapshot taken after it, or the state itself.
"""

from __future__ import annotations

import html
from dataclasses import dataclass

from gamecore.events import Event
from kwcore import events as ev
from kwcore.render import decision_words, describe
from kwcore.state import State

#: events that end a scoring phase
_ENDS = ("round", "game_end")


@dataclass(frozen=True)
class ScoringSummary:
    """One scoring phase: its round, the lines of each part, and each company's gain."""

    round: int
    grand_prix: tuple[str, ...]
    sales: tuple[str, ...]
    achievements: tuple[str, ...]
    gains: tuple[int, ...]  # reputation each company gained in the scoring phase
    standings: tuple[int, ...] | None  # reputation after it (None: scores are hidden)
    next_step: str  # "Round 2 begins." or how the game ended

    @property
    def status(self) -> str:
        """A few words for the status line: "Round 1 is scored"."""
        return f"Round {self.round} is scored"

    @property
    def game_over(self) -> bool:
        """Whether this scoring phase ended the game."""
        return self.next_step.startswith("Game over")


def _gain(e: Event) -> tuple[int, int] | None:
    """(company, reputation) an event of the scoring phase scores, or None."""
    if isinstance(e, ev.GpPlace | ev.GpLaps | ev.Achievement):
        return e.company, e.points
    if isinstance(e, ev.Sale):
        return e.company, e.points + e.bonus
    return None


def _state_after(state: State, index: int) -> State:
    """The position right after the action whose events include ``events[index]``: the first
    undo snapshot that holds that event, else the state itself."""
    for snap in state.history:
        if len(snap.events) > index:
            return snap
    return state


def summaries(state: State, since: int = 0) -> list[ScoringSummary]:
    """Every scoring phase that ended with an event at index ``since`` or later."""
    events = state.events
    out = []
    for end in range(max(since, 0), len(events)):
        if events[end].kind not in _ENDS:
            continue
        start = next((i for i in range(end - 1, -1, -1) if events[i].kind == "scoring"), None)
        if start is None or any(events[i].kind in _ENDS for i in range(start + 1, end)):
            continue  # the first round's start, or a game end with no scoring phase before it
        out.append(_summary(state, start, end))
    return out


def _summary(state: State, start: int, end: int) -> ScoringSummary:
    cfg = state.cfg
    events = state.events
    round_start = next((i for i in range(start - 1, -1, -1) if events[i].kind == "round"), 0)
    gp, sales, achievements = [], [], []
    gains = [0] * state.players
    for i in range(start + 1, end):
        e = events[i]
        kind = e.kind
        gained = _gain(e)
        if gained is not None:
            gains[gained[0]] += gained[1]
        if kind in ("gp_place", "gp_laps"):
            if isinstance(e, ev.GpLaps) and not e.laps:
                continue  # "completed 0 laps, +0" says nothing
            gp.append(describe(cfg, e))
        elif kind in ("sale", "no_sale", "unsold", "buick"):
            sales.append(describe(cfg, e))
    for i in range(round_start, end):
        if events[i].kind == "achievement":
            achievements.append(describe(cfg, events[i]))
    after = _state_after(state, end)
    hidden = after.hidden_scores and not after.is_terminal()
    standings = None if hidden else tuple(c.reputation for c in after.companies)
    if isinstance(events[end], ev.GameEnd):
        nxt = "Game over: " + decision_words(state).removeprefix("game over: ") + "."
    else:
        nxt = describe(cfg, events[end])
    scoring = events[start]
    assert isinstance(scoring, ev.Scoring)
    return ScoringSummary(scoring.round, tuple(gp), tuple(sales), tuple(achievements),
                          tuple(gains), standings, nxt)


def summary_html(state: State, summary: ScoringSummary) -> str:
    """The summary as HTML: the three parts side by side, then a table of gains."""
    names = state.cfg.companies

    def section(title: str, lines: tuple[str, ...], empty: str) -> str:
        items = "".join(f"<li style='margin: 0'>{html.escape(x.removeprefix('Grand Prix: '))}"
                        "</li>" for x in lines) or f"<li style='margin: 0'><i>{empty}</i></li>"
        return (f"<div><b>{title}</b><ul style='margin: 2px 0 0 0; padding-left: 18px'>"
                f"{items}</ul></div>")

    cell = "style='text-align: center; padding: 0 12px'"
    head = "".join(f"<th {cell}>{html.escape(n)}</th>" for n in names)
    rows = "<tr><td>gained in scoring</td>" + "".join(
        f"<td {cell}>+{g}</td>" for g in summary.gains) + "</tr>"
    if summary.standings is not None:
        rows += "<tr><td>reputation now</td>" + "".join(
            f"<td {cell}><b>{v}</b></td>" for v in summary.standings) + "</tr>"
    return (f"<h4 style='margin: 0 0 4px 0'>Round {summary.round} scoring</h4>"
            "<div style='display: grid; grid-template-columns: repeat(auto-fit, "
            "minmax(260px, 1fr)); gap: 4px 24px; line-height: 1.4'>"
            + section("Grand Prix", summary.grand_prix, "no car raced")
            + section("Sales", summary.sales, "nothing was sold")
            + section("Achievements this round", summary.achievements, "none")
            + "</div>"
            + f"<table style='margin-top: 6px'><tr><th></th>{head}</tr>{rows}</table>"
            + f"<p style='margin: 4px 0 0 0'><b>{html.escape(summary.next_step)}</b></p>")
