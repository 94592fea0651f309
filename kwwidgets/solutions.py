"""The workshops' hidden solutions and the figures they show, for every game's notebook.

A workshop's ``exercise_*`` functions (``kwwidgets/<game>/workshop.py`` or ``lab.py``) work a
solution out and return a ``Solution``: the explanation, the printed results and an optional
figure. Nothing is shown yet: ``show`` wraps it in a ``SolutionBox``, whose only visible part
is a "Show the solution" button. So "Run All" checks every solution and prints none of them
under the questions, and a collapsed solution cell's first line gives nothing away.

Figures are ``KwFigure`` objects (matplotlib without pyplot, so no global figure state is
kept): they draw themselves in a notebook as SVG (``_repr_svg_``), and ``figure_svg`` gives the
same text for a widget.

In a class (``make workshop``), the teacher may keep every solution locked until a time of their
choosing (the teacher's console, ``kwwidgets.console``): the workshop gives every participant's
server ``KW_CLASS_DIR``, the class folder, whose ``class/solutions.json`` holds the time
(``reveal_at``, ISO 8601 with its zone, or null: locked until the teacher sets one). Until then
"Show the solution" says when the teacher unlocks them and shows nothing. No variable (outside a
workshop) or no file (a class that never used the console): nothing is locked, as before. A file
that cannot be read as that: locked, with a message that says so (a half-written or mistyped
file must not give answers away). A classroom convenience, not a security boundary: every
participant's server runs as the same user and could read the file, or work the solution out by
running the exercise itself (docs/workshop.md).
"""

from __future__ import annotations

import html
import io
import json
import os
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import ipywidgets as w
from matplotlib.figure import Figure

from kwwidgets.common import button, escape_dollars, markdown_html, message_widget, say

#: the environment variable naming a class's folder (set by workshop/jupyterhub_config.py)
CLASS_ENV = "KW_CLASS_DIR"
#: the class's lock of the solutions, inside the class folder
LOCK_FILE = Path("class") / "solutions.json"


class KwFigure(Figure):
    """A matplotlib figure that draws itself in a notebook without pyplot or ``%matplotlib``."""

    def _repr_svg_(self) -> str:
        return figure_svg(self)


#: The smallest text a figure is drawn with, in points: an SVG point is 4/3 CSS px, so 9 pt
#: stays above the lab's 11 px smallest text even when a notebook shrinks a 10-inch figure a
#: little to fit its width.
MIN_FONT_PT = 9.0


def figure_svg(fig: Figure) -> str:
    """The figure as an SVG document (for an ``ipywidgets.HTML``); its words are SVG text, not
    outlines (selectable, and measurable by the browser test's smallest-text check), none
    smaller than ``MIN_FONT_PT`` (the figure itself is left as it was)."""
    import matplotlib
    from matplotlib.text import Text

    sizes = [(a, float(a.get_fontsize())) for a in fig.findobj(Text)]  # points, once drawn
    small = [(artist, size) for artist, size in sizes if size < MIN_FONT_PT]
    buf = io.StringIO()
    try:
        for artist, _ in small:
            artist.set_fontsize(MIN_FONT_PT)
        with matplotlib.rc_context({"svg.fonttype": "none"}):
            fig.savefig(buf, format="svg")
    finally:
        for artist, size in small:
            artist.set_fontsize(size)
    text = buf.getvalue()
    return text[text.index("<svg"):]  # drop the XML prolog and doctype: inline HTML


@dataclass(frozen=True)
class Solution:
    """One exercise's solution: the explanation (Markdown), printed results, a figure."""

    exercise: str
    explanation: str
    results: tuple[str, ...] = ()
    figure: Figure | None = None
    values: dict[str, Any] = field(default_factory=dict)  # what later exercises may reuse

    def html(self) -> str:
        """The solution as HTML: the explanation (its Markdown tables drawn), the results in a
        monospace block, the figure; every dollar a plain dollar (``escape_dollars``)."""
        out = markdown_html(f"**Solution {self.exercise}.** {self.explanation}")
        if self.results:
            out += ("<pre style='font-size: 90%'>"
                    + escape_dollars(html.escape("\n".join(self.results))) + "</pre>")
        if self.figure is not None:
            out += figure_svg(self.figure)
        # ipywidgets sets a one-line-box line height on HTML; prose reads better tighter.
        return f"<div style='line-height: 1.45'>{out}</div>"


def lock_path(folder: str | Path | None = None) -> Path | None:
    """The lock file of the class in ``folder`` (default: ``KW_CLASS_DIR``); None outside a
    class."""
    if folder is None:
        folder = os.environ.get(CLASS_ENV, "").strip() or None
    return None if folder is None else Path(folder) / LOCK_FILE


def read_reveal_time(path: Path) -> datetime | None:
    """The reveal time a lock file holds (None: locked until the teacher sets a time);
    ValueError naming the file and the field when it is not a lock file."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"{path} cannot be read: {exc}") from None
    if not isinstance(data, dict) or "reveal_at" not in data:
        raise ValueError(f"{path} has no field reveal_at")
    value = data["reveal_at"]
    if value is None:
        return None
    try:
        when = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise ValueError(f"{path}: reveal_at is not a time: {str(value)[:40]!r}") from None
    if when.tzinfo is None:
        raise ValueError(f"{path}: reveal_at {value!r} has no time zone")
    return when


def write_reveal_time(when: datetime | None, folder: str | Path | None = None) -> Path:
    """Lock the class's solutions until ``when`` (a time with its zone; None: until a time is
    set), replacing the file whole so that no participant ever reads half of it."""
    path = lock_path(folder)
    if path is None:
        raise ValueError(f"no class folder: give one, or set {CLASS_ENV}")
    if when is not None and when.tzinfo is None:
        raise ValueError("reveal_at: give the time with its zone (datetime.now().astimezone())")
    path.parent.mkdir(parents=True, exist_ok=True)
    draft = path.with_suffix(".json.draft")
    draft.write_text(json.dumps({"reveal_at": None if when is None else when.isoformat()})
                     + "\n", encoding="utf-8")
    draft.replace(path)
    return path


def clock(when: datetime) -> str:
    """A time as the room reads it: HH:MM in this machine's zone, the date too when it is not
    today."""
    local = when.astimezone()
    today = datetime.now().astimezone().date()
    if local.date() == today:
        return local.strftime("%H:%M")
    if local.date() == today + timedelta(days=1):
        return local.strftime("%H:%M tomorrow")
    return local.strftime("%H:%M on %d %b %Y")


def locked_message(now: datetime | None = None, folder: str | Path | None = None) -> str:
    """Why the solutions may not be shown now, in plain words; "" when they may (outside a
    class, no lock file, or its time has come). Module docstring: the rules of the lock."""
    path = lock_path(folder)
    if path is None or not path.exists():
        return ""
    try:
        when = read_reveal_time(path)
    except ValueError:
        return ("The solutions are locked: the class's lock file cannot be read, so ask your "
                "teacher to unlock them again.")
    if when is None:
        return "The solutions are locked: your teacher has not set a time to unlock them yet."
    if (now or datetime.now().astimezone()) >= when:
        return ""
    return f"The solutions are locked: your teacher unlocks them at {clock(when)}."


class SolutionBox:
    """A solution behind a button: ``reveal()`` ("Show the solution", CSS class
    ``kw-show-solution``) shows it, pressing again hides it. ``shown`` says which. In a class
    whose teacher has locked the solutions (module docstring), it says until when, and shows
    nothing."""

    def __init__(self, solution: Solution) -> None:
        self.solution = solution
        self.shown = False
        self.out = w.Output()
        self.body = w.HTML()
        self.body.add_class("kw-solution")
        self.message = message_widget()
        self.toggle = button(f"Show the solution to {solution.exercise}", "kw-show-solution",
                             self.reveal, self.out, "only once you have tried the question")
        self.view = w.VBox([self.toggle, self.message, self.body, self.out])

    def reveal(self) -> None:
        """Show the solution, or hide it again when it is shown; while the class's solutions
        are locked, say until when instead."""
        locked = "" if self.shown else locked_message()
        say(self.message, locked, "error")
        if locked:
            return
        self.shown = not self.shown
        self.body.value = self.solution.html() if self.shown else ""
        self.toggle.description = (f"Hide the solution to {self.solution.exercise}"
                                   if self.shown
                                   else f"Show the solution to {self.solution.exercise}")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)


def show(solution: Solution) -> SolutionBox:
    """The solution behind a "Show the solution" button (what a notebook cell ends with)."""
    return SolutionBox(solution)
