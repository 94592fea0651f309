"""Kraftwagen's view for the widgets: its board with bands, highlights and a banner, plain
labels, grouped buttons, the log by turn, the scoring summaries and the default hint.

``KraftwagenView`` is the ``GameView`` the widgets use for ``game="kraftwagen"`` (registered
when ``kwwidgets.kraftwagen`` is imported). Its words come from ``kwwidgets.kraftwagen.labels``
(no rule codes), its summaries from ``kwwidgets.kraftwagen.scoring``, its hint from the turn
planner (``kwwidgets.kraftwagen.hint.planner_hint``). A tour step (``kwwidgets.stepper.Step``)
may stress board elements (``highlight``: keys of ``kwcore.svg.band_of``, each with a short
note), replace the "who decides" line (``banner``) and name extra bands to draw (``show``);
its board then shows only the bands that hold them, unless the whole board is asked for. No
rules here: every fact is the rules core's.
"""

from __future__ import annotations

import html
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping
from typing import Any

import kwcore
from kwcore import events as ev
from kwcore.actions import ACTIONS, Action
from kwcore.render import describe
from kwcore.state import State
from kwcore.svg import BANDS, band_of, board_svg
from kwwidgets.kraftwagen.hint import planner_hint
from kwwidgets.kraftwagen.labels import action_label, action_tooltip, log_groups, play_error
from kwwidgets.kraftwagen.scoring import ScoringSummary, summaries, summary_html
from kwwidgets.views import GameView, Hint, register_view

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
_SVG = "{http://www.w3.org/2000/svg}"


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
    first = state.round - sum(isinstance(e, ev.Round) for e in state.events)
    for g in log_groups(state.cfg, state.events, first)[-groups:]:
        lines = "<br>".join(html.escape(line) for line in g.lines)
        parts.append(f"<h5>{html.escape(g.heading)}</h5><div>{lines}</div>")
    return f'<div class="kw-log-box"><div>{"".join(parts)}</div></div>'


class KraftwagenView(GameView):
    """Kraftwagen in the widgets: plain labels and tooltips, buttons grouped by kind of action,
    errors without rule codes, the log by turn, round summaries and the planner's hint."""

    has_hint = True
    bands = True
    stress = frozenset({"highlight", "banner", "show"})

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

    def summary(self, before: Any, after: Any) -> ScoringSummary | None:
        """The last scoring phase completed since ``before``, if any."""
        done = summaries(after, len(before.events))
        return done[-1] if done else None

    def since(self, before: Any, after: Any, lines: Any) -> list[str]:
        """The log's sentences since ``before``: what the others did, without the "X's turn."
        lines and the recruit tiles turned face up (no one's decision; the board shows them)."""
        return [describe(after.cfg, e) for e in after.events[len(before.events):]
                if not isinstance(e, ev.Turn | ev.Round | ev.Reveal)]

    def board_since(self, before: Any, after: Any, viewer: int | None = None) -> str:
        """The board with what the others did since ``before`` outlined: the tiles they took,
        the cars they put on the market, the cars that moved on the circuit. A note ("Red
        took") whose label would cover a text of the board, or be covered by a tile drawn after
        it, is left out (``clashing_notes``; the outline stays)."""
        marks = recent_marks(after, after.events[len(before.events):])
        try:
            svg = board_svg(after, viewer, highlight=marks)
        except ValueError:  # an element that left the board (a tile taken back): no outline
            marks = {k: v for k, v in marks.items() if k.startswith("company:")}
            svg = board_svg(after, viewer, highlight=marks)
        # A mark without words draws no note, so there is nothing to clash (most clicks).
        covering = {note for note, _ in clashing_notes(svg)} if any(marks.values()) else set()
        if not covering:
            return svg
        return board_svg(after, viewer, highlight={k: "" if v in covering else v
                                                   for k, v in marks.items()})

    def summary_html(self, state: Any, summary: Any) -> str:
        """The scoring summary as HTML."""
        return summary_html(state, summary)

    def check_step(self, step: Any, what: str = "step") -> None:
        """Besides the settings, every highlighted key must name a board element."""
        super().check_step(step, what)
        try:
            for key in highlights(step):
                band_of(key)
        except ValueError as exc:
            raise ValueError(f"{what}: {exc}") from None

    def step_board(self, step: Any, whole: bool = False) -> str:
        """The step's board, its highlights outlined, its banner on top; only the bands of its
        highlights and ``show`` unless ``whole``."""
        stress = getattr(step, "stress", {})
        return board_svg(step[1], highlight=highlights(step), banner=stress.get("banner"),
                         parts=None if whole else step_parts(step))

    def hint(self, state: Any) -> Hint:
        """The default hint: the turn planner's suggestion (``planner_hint``)."""
        return planner_hint(state)


def recent_marks(state: State, events: Iterable[Any]) -> dict[str, str]:
    """The board elements ``events`` touched, each with a short note: the tile a company took
    ("Red took"), the market space it filled ("Red's car") and the car it moved."""
    names = state.cfg.companies
    marks: dict[str, str] = {}
    for e in events:
        if isinstance(e, ev.Pick):
            marks[f"tile:{state.cfg.tiles[e.tile].name}"] = f"{names[e.company]} took"
        elif isinstance(e, ev.PlaceCar):
            marks[f"slot:{e.slot + 1}"] = f"{names[e.company]}'s car"
        elif isinstance(e, ev.Move):
            marks[f"car:{names[e.company]}"] = ""
    return marks


def _text_box(el: ET.Element) -> tuple[float, float, float, float]:
    """A drawn text's box (left, top, right, bottom), estimated as the board lays text out
    (``kwcore.svg``: about 0.55 em a letter, 0.6 em in bold)."""
    size = float(el.attrib.get("font-size", 12))
    width = (0.6 if el.attrib.get("font-weight") == "bold" else 0.55) * size * len(el.text or "")
    x, y = float(el.attrib.get("x", 0)), float(el.attrib.get("y", 0))
    left = x - {"middle": width / 2, "end": width}.get(el.attrib.get("text-anchor", ""), 0.0)
    return left, y - 0.72 * size, left + width, y + 0.22 * size


def _shape_box(el: ET.Element) -> tuple[float, float, float, float] | None:
    """A rectangle's or circle's box (left, top, right, bottom); None for other elements."""
    a = el.attrib
    if el.tag == _SVG + "rect":
        x, y = float(a["x"]), float(a["y"])
        return x, y, x + float(a["width"]), y + float(a["height"])
    if el.tag == _SVG + "circle":
        cx, cy, r = float(a["cx"]), float(a["cy"]), float(a["r"])
        return cx - r, cy - r, cx + r, cy + r
    return None


def _meet(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    """Whether two boxes overlap by more than a pixel each way."""
    return min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1


def clashing_notes(svg: str) -> list[tuple[str, str]]:
    """(note, what it clashes with) for every highlight's note (``kwcore.svg``: a white label of
    class ``kw-highlight-note``, its words right after it) whose label covers a text of the
    board, or that a shape drawn after it partly covers (a tile, an outline)."""
    drawn = list(ET.fromstring(svg).iter())
    notes = [i for i, el in enumerate(drawn) if el.tag == _SVG + "rect"
             and "kw-highlight-note" in el.attrib.get("class", "")]
    if not notes:
        return []
    # Every text's and shape's box once, in drawing order (a click's board has hundreds of
    # texts and a few notes; the boxes were once worked out again for every note).
    boxes: list[tuple[int, tuple[float, float, float, float], str | None]] = []
    for j, other in enumerate(drawn):
        if other.tag == _SVG + "text":
            if (other.text or "").strip():
                boxes.append((j, _text_box(other), str(other.text)))
        elif (box := _shape_box(other)) is not None:
            boxes.append((j, box, None))
    out = []
    for i in notes:
        label = _shape_box(drawn[i])
        assert label is not None
        words = i + 1 if i + 1 < len(drawn) else None
        note = str(drawn[words].text if words is not None else "")
        for j, box, text in boxes:
            if j in (i, words) or not _meet(label, box):
                continue
            if text is not None:
                out.append((note, text))
            elif j > i and not (box[0] <= label[0] and box[1] <= label[1] and box[2] >= label[2]
                                and box[3] >= label[3]):  # a panel holding the label hides nothing
                out.append((note, f"a shape at ({box[0]:g}, {box[1]:g})"))
    return out


def highlights(step: Any) -> dict[str, str]:
    """A step's highlighted board elements (``highlight``: a dict key -> note, or keys)."""
    given: Mapping[str, str] | Iterable[str] | None = getattr(step, "stress", {}).get(
        "highlight")
    return dict(given) if isinstance(given, Mapping) else dict.fromkeys(given or (), "")


def step_parts(step: Any) -> list[str] | None:
    """The bands a step shows: those of its highlights and ``show``; None for all."""
    wanted = {band_of(k) for k in highlights(step)} | set(getattr(step, "stress", {}).get(
        "show", ()))
    wanted.discard("header")
    if not wanted:
        return None
    return [b for b in BANDS if b in wanted]


register_view(kwcore.GAME.name, KraftwagenView)
