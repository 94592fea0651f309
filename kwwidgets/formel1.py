"""Formel 1 in the widgets (issue 16): its view (the board with a close-up of the race, the
viewer's hand face up, plain button labels, a swappable hint) and the rules tour's steps.

``Formel1View`` is the ``GameView`` the widgets use for ``game="formel1"`` (registered on
import). It reads positions only through the engine's public API: the documented position
layout (``state.to_json()``, ``state.observation(viewer)``: the viewer's own hand and nobody
else's), the legal actions, the configuration (``formel1.CONFIG``) and the engine's own board
(``formel1.GAME.board``), which it draws first; below it comes the close-up, a few rows of the
track drawn large with row numbers and lane letters, the cells the engine offers as end cells
outlined, the card in play with its numbers top to bottom and the viewer's hand.

The hint is the greedy bot's choice with its reason, said to be a heuristic (``greedy_hint``);
``use_hint`` swaps in another source. ``search_hint`` is the race search of ``solvers/formel1``
from the mover's observation once few cards are left (an estimate with its interval, or proven
when every hand is known), the greedy heuristic otherwise; ``11_formel1_play`` uses it.

The tour (``SECTIONS``): each function returns ``Step`` objects, ``(caption, state)`` pairs that
also name the rows to draw, the cells to outline and the card to show. Every state is a real
engine position reached by real actions, from a seeded game or from a small position loaded
with ``formel1.from_json``. Captions are Markdown in plain English and cite their rules
(F1-nn, RFn: docs/rules-formel1.md). No rules here: every fact is the engine's.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import formel1
from formel1 import CONFIG, State
from formel1.actions import Bid, Pass, Play, To, White
from formel1.bots import GreedyBot, car_value, evaluate
from formel1.svg import CAR_FILL, FILL
from kwwidgets.views import Hint, WordedView, register_view
from solvers.formel1 import race
from solvers.formel1.positions import cards_left

COLOURS = CONFIG.colours
#: The note every drawing of Formel 1's data carries (RF1, RF2).
SYNTHETIC = "synthetic cards and track (RF1, RF2)"
#: The close-up's width in SVG units: about a notebook's width at a 1400 px window, so that its
#: text is drawn at its own size there (at least 11 px).
WIDTH = 940
#: The most rows the close-up draws.
MAX_ROWS = 24
_LEFT = 44
_TEXT_ON = {"Black": "#fff", "Blue": "#fff", "Red": "#fff", "Green": "#fff"}


# --- reading a position through the public layout ---------------------------------------------
def table(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The position as ``viewer`` may see it (``observation``), or as the whole table sees it
    (None: every hand hidden), in the documented position layout."""
    if viewer is not None:
        return state.observation(viewer)
    data = json.loads(state.to_json())
    data["hands"] = [[None] * len(h) for h in data["hands"]]
    return data


def cell_of(label: str) -> tuple[int, int]:
    """A cell label (``"12b"``) as (row, lane)."""
    return int(label[:-1]), "abc".index(label[-1])


def car_cells(data: Mapping[str, Any]) -> dict[str, str]:
    """Each car on the track: colour -> cell label."""
    return {COLOURS[c]: p for c, p in enumerate(data["cars"]) if p not in (None, "finished")}


# --- the close-up -----------------------------------------------------------------------------
def focus_rows(state: State, data: Mapping[str, Any], viewer: int | None) -> range:
    """The rows the close-up draws: around the car being moved, else the viewer's cars, else
    the leading cars (at most MAX_ROWS)."""
    rows = state.track_spec().rows
    cars = car_cells(data)
    pending = data.get("pending") or {}
    if pending.get("car") in cars:
        first = cell_of(cars[pending["car"]])[0] - 1
        return _window(first, rows)
    owned = [COLOURS[c] for c, o in enumerate(data["owner"]) if o == viewer]
    mine = [cell_of(cars[c])[0] for c in owned if c in cars]
    at = mine or [cell_of(p)[0] for p in cars.values()] or [0]
    return _window(min(at) - 1 if max(at) - min(at) < MAX_ROWS - 2 else max(at) - MAX_ROWS + 3,
                   rows)


def _window(first: int, rows: int) -> range:
    first = max(0, min(first, rows - MAX_ROWS))
    return range(first, min(rows, first + MAX_ROWS))


def _cell_kind(cell: Any) -> str:
    return "unequal" if cell.unequal else "corner" if cell.corner else \
        "chicane" if cell.chicane else "final" if cell.final else "plain"


def auction_line(state: State, data: Mapping[str, Any]) -> str:
    """The auction in one line: the car on offer, the standing bid, who passed, the lowest bid
    the player in turn may make, the cars to be offered again; "" outside the auction."""
    if data["phase"] != "auction" or data["offer"] is None:
        return ""
    again = " (offered again)" if data["reoffered"] else ""
    parts = [f"Auction: {data['offer']}{again} on offer"]
    if data["high_bid"]:
        parts.append(f"standing bid ${data['high_bid']}K by Player {data['high_bidder']}")
    passed = [str(p) for p, out in enumerate(data["out"]) if out]
    if passed:
        parts.append(f"passed: Player {', '.join(passed)}")
    bids = [a.amount for a in state.legal_actions() if isinstance(a, Bid)]
    parts.append(f"Player {data['turn']} may bid from ${bids[0]}K" if bids
                 else f"Player {data['turn']} may only pass")
    if data["queue"]:
        parts.append(f"to be offered again: {', '.join(data['queue'])}")
    return " · ".join(parts)


def end_cells(state: State) -> dict[str, str]:
    """The cells the engine offers now as end cells or switch targets: label -> "end"."""
    out = {}
    for a in state.legal_actions():
        if isinstance(a, To):
            out[f"{a.row}{'abc'[a.lane]}"] = "end"
    return out


def closeup_svg(state: State, viewer: int | None = None, rows: range | None = None,
                marks: Mapping[str, str] | None = None, card: str | None = None,
                title: str = "") -> str:
    """A few rows of the track drawn large, the cars on them, ``marks`` (cell label -> a short
    note, outlined in red) and the cells the engine offers as end cells (outlined dashed), the
    card in play (or ``card``) with its numbers top to bottom, and the viewer's hand."""
    data = table(state, viewer)
    track = state.track_spec()
    if rows is None and not car_cells(data):
        lower, extra = _card_and_hand(data, viewer, card, 0)
        return _svg(max(lower, 40), extra) if extra else ""
    rows = rows if rows is not None else focus_rows(state, data, viewer)
    marks = dict(marks or {})
    offered = end_cells(state)
    cw = min(56, (WIDTH - _LEFT - 16) // len(rows))
    ch = 34
    top = 56
    height = top + track.lanes * ch + 40
    parts = [f'<text x="8" y="18" font-size="14" font-weight="bold">'
             f'{html.escape(title or "Close-up of the track")}: rows {rows.start} to '
             f'{rows.stop - 1} of {track.rows} ({html.escape(track.name)} track)</text>',
             f'<text x="{WIDTH - 8}" y="18" text-anchor="end" font-size="12" fill="#a00">'
             f'{SYNTHETIC}</text>']
    for r in rows:
        x = _LEFT + (r - rows.start) * cw
        parts.append(f'<text x="{x + cw / 2}" y="{top - 8}" text-anchor="middle" '
                     f'font-size="12" fill="#555">{r}</text>')
    for lane in range(track.lanes):
        y = top + (track.lanes - 1 - lane) * ch
        name = "abc"[lane] + (" (inner)" if lane == 0 else "")
        parts.append(f'<text x="{_LEFT - 6}" y="{y + ch / 2 + 4}" text-anchor="end" '
                     f'font-size="12" fill="#555">{name.split()[0]}</text>')
    for r in rows:
        for i in track.by_row[r]:
            cell = track.cells[i]
            label = f"{cell.row}{'abc'[cell.lane]}"
            x = _LEFT + (r - rows.start) * cw
            y = top + (track.lanes - 1 - cell.lane) * ch
            stroke = ""
            if label in marks:
                stroke = ' stroke="#c00000" stroke-width="3"'
            elif label in offered:
                stroke = ' stroke="#1b7a2e" stroke-width="3" stroke-dasharray="5 3"'
            parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="{cw - 2}" height="{ch - 2}" '
                         f'rx="3" fill="{FILL[_cell_kind(cell)]}"{stroke}>'
                         f'<title>{label}</title></rect>')
    for colour, label in car_cells(data).items():
        r, lane = cell_of(label)
        if r not in rows:
            continue
        x = _LEFT + (r - rows.start) * cw
        y = top + (track.lanes - 1 - lane) * ch
        c = COLOURS.index(colour)
        parts.append(f'<rect x="{x + 4}" y="{y + 6}" width="{cw - 8}" height="{ch - 12}" '
                     f'rx="7" fill="{CAR_FILL[c]}" stroke="#333"/>'
                     f'<text x="{x + cw / 2}" y="{y + ch / 2 + 4}" text-anchor="middle" '
                     f'font-size="11" font-weight="bold" fill="{_TEXT_ON.get(colour, "#000")}">'
                     f'{colour[:3]}</text>')
    if rows.stop == track.rows:
        x = _LEFT + len(rows) * cw
        parts.append(f'<line x1="{x + 2}" y1="{top - 4}" x2="{x + 2}" '
                     f'y2="{top + track.lanes * ch + 4}" stroke="#000" stroke-width="4" '
                     'stroke-dasharray="4 4"/>'
                     f'<text x="{x - 2}" y="{top + track.lanes * ch + 18}" text-anchor="end" '
                     'font-size="12">finish line</text>')
    y = top + track.lanes * ch + 20
    notes = [f"{k}: {v}" for k, v in marks.items() if v]
    key = ("red outline: " + "; ".join(notes)) if notes else ""  # a key to the outlines
    if offered:
        key += (" · " if key else "") + "dashed green: the cells the engine offers now"
    parts.append(f'<text x="8" y="{y}" font-size="12">{html.escape(key)}</text>')
    auction = auction_line(state, data)
    if auction:
        y += 20
        parts.append(f'<text x="8" y="{y}" font-size="13" font-weight="bold">'
                     f'{html.escape(auction)}</text>')
    body = "\n".join(parts)
    lower, extra = _card_and_hand(data, viewer, card, y + 14)
    return _svg(max(height, lower), body + "\n" + extra)


def _svg(height: int, body: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}" '
            f'width="100%" style="max-width:{WIDTH}px" font-family="sans-serif" '
            f'class="f1-closeup">\n{body}\n</svg>')


def _card_and_hand(data: Mapping[str, Any], viewer: int | None, card: str | None, y: int
                   ) -> tuple[int, str]:
    """The card in play (its current number marked) and the viewer's hand, from ``y`` down."""
    parts: list[str] = []
    shown = data.get("card") or card
    if shown:
        step = data.get("step", 0) if data.get("card") else -1
        head = "Card in play" if data.get("card") else "Card"
        parts.append(f'<text x="8" y="{y + 14}" font-size="13" font-weight="bold">{head}, '
                     'numbers carried out top to bottom (F1-20):</text>')
        y = _card(parts, shown, 8, y + 22, step)
    if viewer is not None:
        hand = [k for k in data["hands"][viewer] if k is not None]
        parts.append(f'<text x="8" y="{y + 16}" font-size="13" font-weight="bold">Your hand '
                     f'(Player {viewer}, {len(hand)} cards; the others\' hands are hidden):'
                     '</text>')
        x, row_y, tallest = 8, y + 24, 0
        for name in hand:
            w_ = 124
            if x + w_ > WIDTH:
                x, row_y = 8, row_y + tallest + 6
            bottom = _card(parts, name, x, row_y, -1, small=True)
            tallest = max(tallest, bottom - row_y)
            x += w_ + 6
        y = row_y + tallest
    return y + 10, "\n".join(parts)


def _card(parts: list[str], name: str, x: int, y: int, step: int, small: bool = False) -> int:
    """Draw the card called ``name`` at (x, y), one line per number; the bottom y."""
    spec = next(k for k in CONFIG.kinds if k.name == name)
    lines: list[tuple[str, int | None]]
    if spec.switch is not None:
        lines = [(f"Switch {COLOURS[spec.switch[0]]}-{COLOURS[spec.switch[1]]}", None)]
    else:
        lines = [(f"{'White' if c < 0 else COLOURS[c]} {n}", c) for c, n in spec.numbers]
    lh = 15 if small else 20
    width = 124 if small else 220
    parts.append(f'<rect x="{x}" y="{y}" width="{width}" height="{len(lines) * lh + 8}" '
                 'rx="6" fill="#fffdf5" stroke="#777"><title>'
                 f'{html.escape(name)} (synthetic card, RF1)</title></rect>')
    for i, (text, c) in enumerate(lines):
        ty = y + 4 + (i + 1) * lh - 4
        fill = "#fff" if c is None or c < 0 else CAR_FILL[c]
        parts.append(f'<rect x="{x + 4}" y="{ty - lh + 6}" width="10" height="{lh - 6}" '
                     f'fill="{fill}" stroke="#555"/>')
        weight = ' font-weight="bold" fill="#c00000"' if i == step else ""
        arrow = "  &#8592; now" if i == step else ""
        parts.append(f'<text x="{x + 18}" y="{ty}" font-size="{11 if small else 13}"'
                     f'{weight}>{html.escape(text)}{arrow}</text>')
    return y + len(lines) * lh + 8


def board_html(state: State, viewer: int | None = None, rows: range | None = None,
               marks: Mapping[str, str] | None = None, card: str | None = None,
               title: str = "") -> str:
    """The engine's board of the whole table, then the close-up (``closeup_svg``)."""
    return (formel1.GAME.board(state, None)
            + closeup_svg(state, viewer, rows, marks, card, title))


# --- the hint ------------------------------------------------------------------------------------
HintSource = Callable[[State], "Hint | None"]


def _settle(s: State, me: int) -> float:
    """``me``'s own follow-up choices on the same card made greedily, then the greedy bot's
    evaluation (what ``formel1.bots.GreedyBot`` compares)."""
    while s.phase == "race" and s.current_player == me and s.card != -1:
        s = max((s.child(a) for a in s.legal_action_ids()), key=lambda c: evaluate(c, me))
    return evaluate(s, me)


def greedy_hint(state: State) -> Hint:
    """The greedy bot's choice for the player to decide, with its reason; a heuristic, never
    proven. It uses only what that player sees: his own hand and the cars."""
    me = state.current_player
    aid = GreedyBot(seed=0).choose(state)
    action = formel1.ACTIONS[aid]
    label = said_label(state, action)
    heuristic = ("A heuristic (the greedy bot), not a proof: it does not think about what "
                 "the rivals will play.")
    if state.phase == "auction":
        car = COLOURS[state.offer]
        value = car_value(state, me, state.offer)
        slot = state.revealed.index(state.offer) + 1
        why = (f"it values {car} at about ${value}K (grid slot {slot} plus the steps your hand "
               "gives that colour)")
        if isinstance(action, Pass):
            text = f"Hint: Pass: {why}, less than the lowest bid."
        else:
            text = f"Hint: {label}: the lowest bid, and {why}."
        return Hint(aid, False, f"{text} {heuristic}")
    values = {a: _settle(state.child(a), me) for a in state.legal_action_ids()}
    others = sorted((v, a) for a, v in values.items() if a != aid)
    text = f"Hint: {label}: after it your cars are {_rows(values[aid])} your rivals' average"
    if others:
        v, a = others[-1]
        same = "as good" if v == values[aid] else f"{_rows(v)} it"
        text += f"; the next best choice, {said_label(state, formel1.ACTIONS[a])}, is {same}"
    return Hint(aid, False, f"{text} (a finished car counts its prize as rows). {heuristic}")


#: The search hint searches when at most this many cards are left in the race (every hand and
#: discard pile), with these budgets: a node budget split over the sampled deals, and a time
#: budget that keeps a hint under about 2 s on a loaded two-core machine.
SEARCH_CARDS = 10
SEARCH_SAMPLES = 6
SEARCH_NODES = 30_000
SEARCH_SECONDS = 1.5
_RIVALS = "rivals who each play for their own prize money (max^n)"


def hidden_hands_known(state: State, player: int) -> bool:
    """Whether ``player`` can tell where every card he has not seen lies: the unseen cards
    (``race.unseen_cards``) are all in one hidden place, or all of one kind."""
    pool, places = race.unseen_cards(state, player)
    return len(set(pool)) <= 1 or sum(1 for *_, size in places if size) <= 1


def _search_config(seed: int = 0) -> race.RaceConfig:
    return race.RaceConfig(rivals="maxn", node_budget=SEARCH_NODES, time_budget=SEARCH_SECONDS,
                           samples=SEARCH_SAMPLES, seed=seed, lines=False)


def search_hint(state: State) -> Hint:
    """The race search's suggestion from what the player to decide sees, once at most
    ``SEARCH_CARDS`` cards are left in a race: proven (``race.solve``) when every hand is
    known to him (``hidden_hands_known``), else an estimate over sampled deals of the cards he
    has not seen (``race.estimate``), with its 95% interval. The greedy heuristic
    (``greedy_hint``, said so) in the auction, earlier in the race, when there is nothing to
    choose, or when the search stops on its budget."""
    me = state.current_player
    if state.phase != "race" or me < 0 or len(state.legal_action_ids()) < 2:
        return greedy_hint(state)
    left = cards_left(state)
    if left > SEARCH_CARDS:
        hint = greedy_hint(state)
        return Hint(hint.action_id, False, f"{hint.text} ({left} cards are left in the race: "
                    f"the race search takes over at {SEARCH_CARDS}.)")
    config = _search_config(seed=len(state.events))
    if hidden_hands_known(state, me):
        plan = race.solve(state, config=config)
        if plan.status == "proven":
            return _proven_hint(state, plan)
    else:
        result = race.estimate(state, config=config)
        if not result.bounded_samples:
            return _estimate_hint(state, result)
    hint = greedy_hint(state)
    return Hint(hint.action_id, False, f"{hint.text} (The race search stopped on its budget "
                "here, so this is the greedy bot's choice.)")


def _proven_hint(state: State, plan: race.RacePlan) -> Hint:
    aid = state.resolve(plan.best)
    text = (f"Hint: {said_label(state, formel1.ACTIONS[aid])}: proven best by the race search, "
            f"${plan.value:g}K of prize money for you this race")
    others = [a for a in plan.alternatives if a.action != plan.best]
    if others:
        nxt = others[0]
        label = said_label(state, formel1.ACTIONS[state.resolve(nxt.action)])
        text += f"; the next best, {label}, ${nxt.value:g}K"
    return Hint(aid, True, f"{text}. Proven: every card you have not seen can lie only one way, "
                f"so every hand is known; against {_RIVALS}, and for that model only.")


def _estimate_hint(state: State, result: race.RaceEstimate) -> Hint:
    best = result.decisions[0]
    aid = state.resolve(best.action)
    text = (f"Hint: {said_label(state, formel1.ACTIONS[aid])}: the race search's estimate, about "
            f"${best.mean:.0f}K of prize money for you this race (95% interval {best.low:.0f} "
            f"to {best.high:.0f})")
    if len(result.decisions) > 1:
        nxt = result.decisions[1]
        label = said_label(state, formel1.ACTIONS[state.resolve(nxt.action)])
        text += (f"; the next best, {label}, about ${nxt.mean:.0f}K ({nxt.low:.0f} to "
                 f"{nxt.high:.0f})")
    return Hint(aid, False, f"{text}. An estimate, not a proof: {result.samples} deals of the "
                "cards you cannot see were sampled, each solved with every hand open against "
                f"{_RIVALS}; the interval covers the sampling only.")


def _rows(value: float) -> str:
    """A lead in rows, in words."""
    return f"{abs(value):.1f} rows {'ahead of' if value >= 0 else 'behind'}"


_hint_source: list[HintSource] = [greedy_hint]


def use_hint(source: HintSource | None) -> None:
    """Take hints from ``source(state) -> Hint | None`` (a search, say); None: the greedy
    bot's again. The play widget asks the view, which asks the source set here."""
    _hint_source[0] = source if source is not None else greedy_hint


def hint_for(state: State) -> Hint | None:
    """The hint of the source in use (``use_hint``; by default ``greedy_hint``)."""
    return _hint_source[0](state)


# --- labels -------------------------------------------------------------------------------------
def action_label(state: State, action: Any) -> str:
    """A button's label: "Bid $30K", "Pass", the card's name, an end cell, a car's colour."""
    if isinstance(action, Bid):
        return f"Bid ${action.amount}K"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, Play):
        return CONFIG.kinds[action.kind].name
    if isinstance(action, To):
        if action.row >= state.track_spec().rows:
            return "cross the finish line"
        return f"{action.row}{'abc'[action.lane]}"
    if isinstance(action, White):
        return COLOURS[action.car]
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


# --- the tour -------------------------------------------------------------------------------------
class Step(tuple[str, Any]):
    """One step of the tour: a ``(caption, state)`` pair that also names the rows drawn large
    (``rows``), the cells outlined with a note (``marks``), a card to show (``card``, when none
    is in play) and the close-up's title. Unpacks as ``caption, state``."""

    rows: range | None
    marks: dict[str, str]
    card: str | None
    title: str
    viewer: int | None

    def __new__(cls, caption: str, state: State, rows: range | None = None,
                marks: Mapping[str, str] | None = None, card: str | None = None,
                title: str = "", viewer: int | None = None) -> Step:
        self = super().__new__(cls, (caption, state))
        self.rows, self.marks, self.card, self.title = rows, dict(marks or {}), card, title
        self.viewer = viewer
        return self

    @property
    def caption(self) -> str:
        """The caption (Markdown)."""
        return self[0]

    @property
    def state(self) -> State:
        """The position shown."""
        return self[1]

    def svg(self) -> str:
        """The step's board: the engine's, then the close-up (``viewer``'s hand face up)."""
        return board_html(self.state, self.viewer, self.rows, self.marks, self.card,
                          self.title)


class Script:
    """A position played forward through real, checked actions, with steps taken on the way."""

    def __init__(self, state: State) -> None:
        self.s = state
        self.steps: list[Step] = []

    def do(self, *texts: str) -> Script:
        """Apply each action (checked: an illegal one raises)."""
        for text in texts:
            self.s.apply(text)
        return self

    def snap(self, caption: str, rows: range | None = None,
             marks: Mapping[str, str] | None = None, card: str | None = None,
             title: str = "", viewer: int | None = None) -> Script:
        """A step showing the position now (a copy: later actions never change it)."""
        self.steps.append(Step(caption, self.s.clone(history=False), rows, marks, card, title,
                               viewer))
        return self


class Formel1View(WordedView):
    """Formel 1 in the widgets: the engine's board with a close-up below, the viewer's hand
    face up, plain labels grouped by decision (bids first, then pass), and a hint
    (``hint_for``)."""

    hint_help = ("a suggestion and why: the greedy bot's (a heuristic), or the race search's "
                 "in the last cards of a race (an estimate, or proven)")
    step_type = Step

    def words(self, state: Any, action: Any) -> str:
        """The plain label (``action_label``)."""
        return action_label(state, action)

    def heading(self, state: Any, action: Any) -> str:
        """The decision's heading (``group_title``)."""
        return group_title(state, action)

    def draw(self, state: Any, viewer: int | None) -> str:
        """The engine's board of the table, then the close-up of the race (``board_html``)."""
        return board_html(state, viewer)

    def choose_label(self, title: str) -> str:
        """"Bid" beside the list of bids (F1-09), "Play" beside a list of cards, else
        "Move"."""
        return {"Bid": "Bid", "Play a card": "Play"}.get(title, "Move")

    def hint(self, state: Any) -> Hint | None:
        """The hint of the source in use (by default the greedy bot's, a heuristic)."""
        return hint_for(state)


register_view(formel1.GAME.name, Formel1View)


def position(cars: Sequence[str | None], hands: Sequence[Sequence[str]], turn: int = 0,
             owner: Sequence[int] = (0, 1, 0, 1, 0, 1), track: str = "standard",
             variants: Sequence[str] = (), finished: Sequence[str] = (),
             money: Sequence[int] | None = None, note: str = "A small constructed position."
             ) -> State:
    """A race position of a one-race game built from the position layout and loaded by
    ``formel1.from_json`` (which checks it): ``cars`` are cells ("12b", "finished") in
    colour order Black .. Green, ``hands`` each player's card names."""
    players = len(hands)
    order = {k.name: k.index for k in CONFIG.kinds}
    held = {name for h in hands for name in h}
    # The new track removes one card per player before the deal (F1-37): any cards not held.
    removed = [CONFIG.kinds[k].name for k in sorted(set(CONFIG.race_deck(frozenset(variants))))
               if CONFIG.kinds[k].name not in held][:players] if track == "new" else []
    data = {
        "format": "formel1-position", "version": 2, "game": "formel1",
        "players": players, "seed": None, "draws": 0, "races": 1,
        "variants": sorted(variants), "track": track, "race": 0, "dealer": players - 1,
        "money": list(money or [100] * players), "phase": "race",
        "hands": [sorted(h, key=order.__getitem__) for h in hands],
        "starter": None, "removed": removed, "starter_played": True,
        "revealed": list(COLOURS), "queue": [], "owner": list(owner), "offer": None,
        "reoffered": False, "high_bid": 0, "high_bidder": None, "out": [False] * players,
        "cars": list(cars), "laps": [0] * 6, "finished": list(finished),
        "discards": [[] for _ in range(players)], "picked_up": False, "turn": turn,
        "card": None, "step": 0, "pending": None, "whites": [], "offers": 0,
        "proposal": None, "promised": None, "log": [note]}
    return formel1.from_json(json.dumps(data))


def _cars_of(s: State, player: int) -> str:
    """The colours ``player`` owns, in words."""
    cars = [COLOURS[c] for c in range(6) if s.owner[c] == player]
    return ", ".join(cars[:-1]) + " and " + cars[-1] if len(cars) > 1 else \
        (cars[0] if cars else "no car")


def _chance(s: State, text: str = "") -> None:
    """Apply chance's outcome ``text``, or its first outcome (the tour's deal is fixed)."""
    s.apply(text or str(s.chance_outcomes()[0][0]))


def the_deal() -> list[Step]:
    """F1-02 .. F1-05, RF1, RF4: 49 cards, the White 10 out (or the White 3/2/1 in), dealt one
    at a time from the dealer's left, the Starter and the removed leftovers."""
    s = formel1.new_game(players=5, seed=None, races=1, explicit_chance=True)
    t = Script(s)
    _chance(s, "first dealer 4")
    deck = s.deck()
    t.snap(f"**The cards.** There are 49 movement cards (a synthetic list, ruling RF1). "
           f"Before every race the **White 10** is taken out, leaving **{len(deck)}** (rule "
           "F1-04). Player 4 was drawn as the first dealer (ruling RF3); he deals.",
           card="White 10", title="Taken out before the deal")
    for _ in range(5):
        _chance(s)
    t.snap("The cards are dealt **one at a time, clockwise from the dealer's left**, as "
           "equally as possible (rule F1-05): after one round each of the five players has "
           "one card. The board counts the cards in each hand; nobody sees another's cards.",
           viewer=0, title="Player 0's hand so far")
    while s.phase == "deal":
        _chance(s)
    t.snap(f"All dealt: {len(deck)} cards for 5 players is **9 each**, and 3 are left over "
           "(rule F1-05). One leftover will be the **Starter card**; the other two are "
           "removed face down, unseen by anyone (ruling RF4).", viewer=0,
           title="Player 0's hand")
    _chance(s)
    t.snap("Chance picks the Starter card among the leftovers; it stays **face down** until "
           "the race begins (rules F1-05, F1-18). The auction comes next.", viewer=0,
           title="Player 0's hand")
    sub = formel1.new_game(players=4, seed=2, races=1, variants=("white321",))
    t.s = sub
    t.snap(f"**A variant:** instead of playing {len(deck)} cards, you may put in a substitute "
           f"for the White 10, the **White 3 / White 2 / White 1** card: {len(sub.deck())} "
           "cards, 12 each for four players and one Starter (rule F1-04).",
           card="White 3 / White 2 / White 1", title="The substitute card")
    return t.steps


#: The tour's auction: four players, seed 3, the dealer Player 0 (a seeded game: the cars are
#: revealed by chance, the bids are chosen to show every rule).
AUCTION_SEED = 3


def the_auction() -> list[Step]:
    """F1-06 .. F1-17, RF3: bids in $10K steps from the dealer's left, passing for good, the
    car passed by all re-offered last, the $30K minimums of the last cars, only carless players
    bidding, the forced car; the dealer's $10K car in a two-player game."""
    s = formel1.new_game(players=4, seed=AUCTION_SEED, races=1)
    t = Script(s)
    first = COLOURS[s.revealed[0]]
    seat = [(s.dealer + k) % 4 for k in range(4)]  # the dealer, then clockwise from his left
    t.snap(f"**The auction.** The six Car Cards are shuffled and the top one revealed: "
           f"**{first}** (rule F1-06). It goes on the **pole**, the front row's inner cell "
           f"(rule F1-17). Bidding starts left of the dealer (Player {seat[0]}) and goes clockwise "
           "(rule F1-07). Every player starts with $200K (rule F1-03).", rows=range(0, 8),
           marks={"1a": "pole"}, title="The grid")
    t.do("bid 30", "bid 40", "pass")
    t.snap(f"Player {seat[1]} bids $30K, Player {seat[2]} $40K, Player {seat[3]} passes. Bids "
           "are multiples of $10K "
           "and must beat the standing bid (rule F1-10). **A player who passes is out** for "
           "this car (rule F1-08).", rows=range(0, 8))
    t.do("pass", "pass")
    t.snap(f"Everyone else passed: the last bidder, Player {seat[2]}, pays $40K and owns {first} "
           "(rule F1-09). The next car is revealed and takes the next grid slot.",
           rows=range(0, 8), marks={"1b": "slot 2"})
    passed = COLOURS[s.offer]
    t.do("pass", "pass", "pass", "pass")
    t.snap(f"Nobody bids on **{passed}**: its card goes to the bottom, to be offered again as "
           "the last car, but the car keeps its grid slot (rule F1-14, ruling RF3).",
           rows=range(0, 8), marks={"1b": f"{passed}, re-offered last"})
    t.do("bid 20", "pass", "pass", "pass", "pass", "bid 10", "pass", "pass", "pass", "bid 10",
         "pass", "pass")
    owners = sorted({o for o in s.owner if o >= 0})
    carless = [p for p in range(4) if p not in owners]
    t.snap(f"Three more cars are sold: Player {seat[2]} now owns {_cars_of(s, seat[2])}; a "
           "player may own "
           "several cars, as long as every player ends with at least one (rule F1-16). So now, "
           f"with two cars left and **two players without a car** (Players {carless[0]} and "
           f"{carless[1]}), only they may bid (rule F1-11); the others pass at once. And with "
           "four players the **last two cars cost at least $30K** (rule F1-12).",
           rows=range(0, 8))
    t.do("pass", "pass")
    reoffer = COLOURS[s.offer]
    t.snap(f"Both carless players pass, so this car goes to the bottom too, and **{reoffer}**, "
           "passed earlier, is offered again (rule F1-14).", rows=range(0, 8))
    t.do("pass")
    last = s.queue[0]  # the other passed car: the last one
    t.do("bid 30")
    buyer = s.owner[COLOURS.index(reoffer)]
    t.snap(f"Player {buyer} buys {reoffer} for the minimum, $30K. One car is left and Player "
           f"{s.owner[last]} still had none: he **had to take {COLOURS[last]} for $30K**, "
           "without bidding (rule F1-13). Every car is sold; the race can begin.",
           rows=range(0, 8))
    two = formel1.new_game(players=2, seed=1, races=1)
    t.s = two
    while sum(1 for o in two.owner if o == -1) > 1 or -1 in [
            next((c for c in range(6) if two.owner[c] == p), -1) for p in range(2)]:
        mine = sum(1 for o in two.owner if o == two.turn)
        theirs = sum(1 for o in two.owner if o == 1 - two.turn)
        t.do("bid 10" if two.high_bid == 0 and mine <= theirs else "pass")
    t.snap("**Another table, two players:** every player already owns a car when the last "
           "car comes up, so nobody is forced to take it (rule F1-13 does not apply).",
           rows=range(0, 8))
    t.do("pass", "pass")
    t.snap(f"Both pass on it, so **the dealer (Player {two.dealer}) gets it for $10K** (rule "
           "F1-15).",
           rows=range(0, 8))
    return t.steps


def car_cell(s: State, colour: str) -> str:
    """Where the car of ``colour`` is: a cell label, "finished" or "off"."""
    p = s.pos[COLOURS.index(colour)]
    return s.track_spec().label(p) if p >= 0 else "finished" if p == -2 else "off"


def grid_and_start(seed: int = 1) -> list[Step]:
    """F1-17, F1-18, F1-19, RF3, RF4: the grid in reveal order, the Starter card carried out by
    the dealer (its white numbers ignored), then the pole car's owner plays first."""
    s = formel1.new_game(players=5, seed=seed, races=1)
    t = Script(s)
    bots = [GreedyBot(seed=p) for p in range(5)]
    grid = s
    while s.phase == "auction":
        if len(s.revealed) == 6:
            grid = s.clone(history=False)  # the full grid, before the race begins
        s.apply(bots[s.current_player].choose(s))
    order = ", ".join(COLOURS[c] for c in grid.revealed)
    marks = {grid.track_spec().label(grid.track_spec().grid[i]): f"{i + 1}. {COLOURS[c]}"
             for i, c in enumerate(grid.revealed)}
    t.s = grid
    t.snap(f"**The grid.** Each car stands where it was placed when its card was revealed: "
           f"the first on the pole, the front row's inner cell, the next beside it, and so on, "
           f"two rows of three (rule F1-17, ruling RF2). The reveal order was {order}.",
           rows=range(0, 10), marks=marks, title="The starting grid")
    assert s.starter != -1
    starter = CONFIG.kinds[s.starter].name
    said = [line for line in s.log() if "Starter card" in line][-1]
    t.s = s
    t.snap(f"**The Starter card.** With five players three cards were left over; one is the "
           f"Starter. When the auction is over the dealer, Player {s.dealer}, turns it up, "
           f"**{starter}**, and moves the cars on it, choosing their paths; its white numbers "
           f"are ignored (rule F1-18, ruling RF4). The log: *{said}*",
           range(0, 16), card=starter, title="The Starter card in play")
    while s.card != -1:
        t.do(_first_to(s))
    pole = COLOURS[s.revealed[0]]
    t.snap(f"Then the owner of the pole car ({pole}), Player {s.owner[s.revealed[0]]}, plays "
           "the first card of the race, and play goes clockwise from him, one card a turn, "
           "however many cars a player owns (rule F1-19, ruling RF4).", range(0, 16))
    return t.steps


def card_top_to_bottom() -> list[Step]:
    """F1-20, F1-21, RF5: a card's numbers carried out top to bottom, each car stepping
    straight or diagonally ahead, the mover choosing among the farthest cells."""
    card = "Black 6 / Yellow 4 / Blue 2"
    s = position(["5a", "5b", "3a", "12a", "12b", "16c"],
                 [[card, "Red 5"], ["Green 5", "Orange 5"]])
    t = Script(s)
    rows = range(0, 18)
    t.snap(f"**Playing a card.** A constructed position: Player 0 holds **{card}**. On each "
           "turn a player plays one card and moves the cars on it, **in order, top to "
           "bottom** (rule F1-20).", rows, card=card, viewer=0, title="A small position")
    t.do(f"play {card}")
    t.snap("First Black moves 6. A car moves one cell a step, **straight ahead or diagonally "
           "ahead** into the next lane, never sideways or back (rule F1-21). From 5a it can "
           "end on 11a or 11b (row 10-15 is a corner, two lanes wide); the player chooses "
           "(ruling RF5).", rows, marks={"5a": "Black starts here"})
    t.do("to 11b")
    t.snap("Black went to 11b. Now the **second number**: Yellow moves 4 from 5b (rule "
           "F1-20).", rows, marks={"11b": "Black after 6", "5b": "Yellow starts here"})
    t.do(_first_to(t.s))
    t.snap(f"Yellow ended on {car_cell(t.s, 'Yellow')}; the third number moves Blue 2 from 3a "
           "(rule F1-20).",
           rows, marks={car_cell(t.s, "Yellow"): "Yellow after 4", "3a": "Blue starts here"})
    t.do(_first_to(t.s))
    t.snap(f"Blue ended on {car_cell(t.s, 'Blue')}: the card is done and Player 1 plays next, "
           "clockwise (rule F1-19).",
           rows, marks={car_cell(t.s, "Blue"): "Blue after 2"})
    return t.steps


def _first_to(s: State) -> str:
    """The first end cell the engine offers (a fixed choice for the tour)."""
    return str(next(a for a in s.legal_actions() if isinstance(a, To)))


def blocking() -> list[Step]:
    """F1-22, F1-23, RF5: cars enter only empty cells; a blocked car loses the rest of its
    movement, and a card may be played for a blocked car, wasting it."""
    s = position(["6a", "6b", "3b", "6c", "1a", "1b"],
                 [["Blue 5", "Red 5", "Green 3 / Yellow 3"], ["Blue 10", "Green 5"]])
    t = Script(s)
    rows = range(0, 12)
    t.snap("**Blocking.** Black, Yellow and Orange fill row 6. Player 0 plays **Blue 5**. Cars "
           "may enter only **empty** cells (rule F1-22).", rows, card="Blue 5", viewer=0,
           marks={"6a": "full", "6b": "full", "6c": "full"}, title="Row 6 is full")
    t.do("play Blue 5")
    t.snap("Blue can go two steps, to row 5, and no farther: the engine offers only row 5 (ruling "
           "RF5).",
           rows, marks={"3b": "Blue starts here"})
    t.do("to 5b")
    t.snap("Blue stops on 5b and **the other 3 steps are lost for good** (rule F1-22).",
           rows, marks={"5b": "Blue: 2 of 5, blocked"})
    t.do("play Blue 10")
    t.snap("Player 1 may still play **Blue 10** for the blocked car, wasting the card (rule "
           "F1-23): Blue cannot move at all and loses all 10.", rows,
           marks={"5b": "Blue blocked, loses 10"}, card="Blue 10")
    return t.steps


def no_dead_end() -> list[Step]:
    """F1-24, RF5: a car with movement left may not be moved into a blocked cell when another
    route lets it go on; it ends at the greatest number of steps it can take."""
    s = position(["6b", "6c", "3c", "1c", "1a", "1b"],
                 [["Blue 5", "Red 5"], ["Blue 10", "Green 5"]])
    t = Script(s)
    rows = range(0, 12)
    t.do("play Blue 5")
    t.snap("**No dead ends.** Blue moves 5 from 3c. Going straight, 4c then 5c, it would be "
           "stuck behind Black and Yellow after 2 steps. That is **not allowed** while another "
           "route lets it move on: through 5b and the free 6a it moves all 5 (rule F1-24, "
           "ruling RF5). The engine offers only the cells of row 8.", rows,
           marks={"5c": "a dead end: not offered", "6b": "full", "6c": "full",
                  "6a": "the way through"})
    t.do("to 8a")
    t.snap("Blue took the way through and ended on 8a. A car may end beside others only when "
           "it has moved its full distance (rule F1-24).", rows, marks={"8a": "Blue after 5"})
    return t.steps


def white_numbers() -> list[Step]:
    """F1-25, RF6, F1-26: a white number moves any car not pictured on the card, one that can
    move it all if any can; on the White 3/2/1 each number goes to a different car."""
    s = position(["6a", "6b", "3b", "6c", "12a", "9c"],
                 [["White 5", "Black 6 / Orange 4 / White 2 / Yellow 1", "Red 5"],
                  ["Blue 10", "Green 5", "Yellow 5"]])
    t = Script(s)
    rows = range(0, 20)
    t.do("play White 5")
    offered = [COLOURS[a.car] for a in t.s.legal_actions() if isinstance(a, White)]
    t.snap(f"**White numbers.** Player 0 plays **White 5**: he may move any car not pictured "
           "on the card, but he **must** choose one that can move all 5 if there is one "
           "(rule F1-25, ruling RF6). Blue is boxed in behind row 6, so the engine offers "
           f"only {', '.join(offered)}.", rows, marks={"3b": "Blue: cannot move 5"})
    t.do("white Red")
    t.do(_first_to(t.s))
    t.snap(f"He gave it to Red, which moved all 5 to {car_cell(t.s, 'Red')} (rule F1-25).", rows,
           marks={car_cell(t.s, "Red"): "Red after the white 5"})
    t.do("play Green 5")
    t.do(_first_to(t.s))
    card = "Black 6 / Orange 4 / White 2 / Yellow 1"
    t.do(f"play {card}")
    t.snap(f"Later Player 0 plays **{card}**: Black moves 6 first, then Orange 4, then the "
           "white 2, which may go to any car **except** Black, Orange and Yellow, the cars "
           "pictured on the card (rule F1-25).", rows, card=card)
    while t.s.pending and t.s.pending[0] != 1:
        t.do(_first_to(t.s))
    offered = [COLOURS[a.car] for a in t.s.legal_actions() if isinstance(a, White)]
    t.snap(f"Black and Orange have moved; the white 2 waits for its car: {', '.join(offered)} "
           "may take it (rule F1-25).", rows)
    w = formel1.new_game(players=4, seed=2, races=1, variants=("white321",))
    bots = [GreedyBot(seed=p) for p in range(4)]
    sub = "White 3 / White 2 / White 1"
    while not (w.current_player >= 0 and w.phase == "race" and w.card == -1
               and sub in [CONFIG.kinds[k].name for k in w.hands[w.current_player]]):
        w.apply(bots[w.current_player].choose(w))
    t.s = w
    t.do(f"play {sub}")
    t.snap("**The White 3 / White 2 / White 1** (the substitute card of the variant): each "
           "of its numbers goes to a different car (rule F1-26, ruling RF6). A seeded "
           "four-player game: the player holding it plays it now.", card=sub)
    first = COLOURS[next(a.car for a in w.legal_actions() if isinstance(a, White))]
    t.do(f"white {first}")
    while w.pending and w.pending[0] == 0:
        t.do(_first_to(w))
    offered = [COLOURS[a.car] for a in w.legal_actions() if isinstance(a, White)]
    t.snap(f"{first} took the white 3; the white 2 may go to {', '.join(offered)}, "
           f"never {first} again (rule F1-26).",
           marks={car_cell(w, first): f"{first} after the white 3"})
    return t.steps


def switch_cards() -> list[Step]:
    """F1-27, F1-28, RF7: a switch card brings the trailing car of its pair up alongside the
    leader, when a free path and a free cell exist, and never once the leader is in the
    final straightaway."""
    s = position(["30a", "2b", "3c", "1c", "14b", "8a"],
                 [["Switch Red-Green", "Red 5"], ["Blue 10", "Green 5"]])
    t = Script(s)
    rows = range(0, 18)
    t.snap("**Switch cards.** Each of the three switch cards pairs two cars: Black-Yellow, "
           "Blue-Orange, Red-Green. Player 0 plays **Switch Red-Green**: the trailing car of "
           "the pair, Green on 8a, moves up **alongside** the leader, Red on 14b, if it can "
           "(rule F1-27).", rows, card="Switch Red-Green", viewer=0,
           marks={"8a": "Green, trailing", "14b": "Red, leading"})
    t.do("play Switch Red-Green")
    t.snap(f"Row 14 is a corner with one free cell, 14a, so Green goes there: "
           f"now on {car_cell(t.s, 'Green')}, level with Red (ruling RF7: the player chooses when "
           "there are two).", rows,
           marks={car_cell(t.s, "Green"): "Green, switched", "14b": "Red"})
    late = position(["30a", "2b", "3c", "1c", "58b", "40a"],
                    [["Switch Red-Green", "Red 5"], ["Blue 10", "Green 5"]])
    t.s = late
    t.do("play Switch Red-Green")
    t.snap("The move is **not possible** when the leader is already in the **final "
           "straightaway** before the finish line (rule F1-28), or the cars are level, or no "
           "cell alongside is free, or the way is blocked (ruling RF7). Here Red is on 58b: "
           "the card is played and nothing moves.", range(40, 64),
           marks={"40a": "Green stays", "58b": "Red in the final straightaway"})
    return t.steps


def finish_and_prizes() -> list[Step]:
    """F1-30, F1-31, RF5, RF8: cars cross the line in the order of the card's numbers onto the
    prize chart; the rest of a number is lost; prizes are paid when the race ends."""
    card = "Black 6 / Yellow 4 / Blue 2"
    s = position(["61a", "62b", "50a", "40a", "45b", "57c"],
                 [[card, "Red 5"], ["Blue 10", "Green 5"]])
    t = Script(s)
    rows = range(40, 64)
    t.snap("**The finish.** The last 8 rows are the **final straightaway** (light green; "
           "ruling RF2). Player 0 plays "
           f"**{card}**.", rows, card=card, viewer=0)
    t.do(f"play {card}")
    chart = ", ".join(COLOURS[c] for c in t.s.finished)
    t.snap(f"Black crosses the line first, then Yellow: cars go on the **prize chart** in "
           f"the order they cross, on one card in the order of its numbers (rule F1-30, "
           f"ruling RF8). Prize chart: {chart}. The rest of Black's 6 is lost: a finished car "
           "leaves the track and blocks nobody (ruling RF5).", rows)
    return t.steps


def new_track() -> list[Step]:
    """F1-34, F1-35, F1-36, F1-37, RF2, RF9: the new track's unequal corners (no lane change
    inside; entering or leaving may), and its cards removed before each race."""
    s = position(["10a", "8b", "30a", "31b", "40a", "41b"],
                 [["Black 5", "Yellow 5", "Red 5"], ["Blue 10", "Green 5"]], track="new")
    t = Script(s)
    rows = range(6, 20)
    t.snap("**The new track** (synthetic, ruling RF2) has corners with **unequal** lanes "
           "(dark orange): the inner lane a has a cell only every other row, so a step there "
           "goes two rows. Inside such a corner **no car changes lane** (rule F1-34).", rows,
           viewer=0, marks={"10a": "Black, in the corner"}, title="The new track")
    t.do("play Black 5")
    t.snap(f"Black moves 5 from 10a: it must stay in lane a through the corner and may change "
           f"lane only as it leaves it (rule F1-36). The engine offers: "
           f"{', '.join(action_label(t.s, a) for a in t.s.legal_actions())}.", rows)
    t.do(_first_to(t.s))
    t.do("play Green 5")
    if t.s.pending:
        t.do(_first_to(t.s))
    t.do("play Yellow 5")
    t.snap(f"Yellow moves 5 from 8b, entering the corner: entering may change lane (rule "
           f"F1-36), and the shorter inner lane takes it farther (to row 16, not 13). The "
           f"engine offers: "
           f"{', '.join(action_label(t.s, a) for a in t.s.legal_actions())}. A switch card "
           "never puts a car into an unequal corner cell either (rule F1-35).", rows)
    n = formel1.new_game(players=4, seed=6, races=1, track="new")
    t.s = n
    t.snap(f"Before each race on the new track, as many cards as players are removed face "
           f"down (rule F1-37, ruling RF9): {len(n.removed)} here, so 44 cards make **11 "
           "each** for four players.", viewer=0, title="A four-player game on the new track")
    return t.steps


def several_races(seed: int = 5) -> list[Step]:
    """F1-29, F1-31, F1-32, F1-33, RF8: play goes on until every car has finished; prizes; the
    next dealer to the left; the most money after the last race wins."""
    s = formel1.new_game(players=4, seed=seed, races=3)
    bots = [GreedyBot(seed=p) for p in range(4)]
    t = Script(s)
    last = s
    while s.race == 0:
        if s.phase == "race":
            last = s.clone(history=False)  # the race's last decision, its chart nearly full
        s.apply(bots[s.current_player].choose(s))
    t.s = last
    chart = ", ".join(COLOURS[c] for c in last.finished)
    t.snap(f"**Prizes.** A seeded four-player game, played by greedy bots, near the end of race "
           f"1. Players go on playing cards after their own cars have finished, until all six "
           f"finish or the cards run out (rules F1-29, F1-31). The prize chart so far: "
           f"{chart}.", range(40, 64))
    t.s = s
    paid = [line for line in s.log() if " wins $" in line][-6:]
    t.snap(f"Race 1 is over and the prizes are paid by place, "
           f"{', '.join(f'${p}K' for p in CONFIG.prizes)} (rule F1-30); a car that does not "
           f"finish earns nothing (rule F1-31). *{' '.join(paid)}* **The next race:** the "
           f"player to the left of the last dealer deals, Player {s.dealer}; the cards and "
           "the Car Cards are shuffled again and the auction begins anew (rule F1-32).")
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    out = s.outcome()
    assert out is not None
    t.snap(f"**The end.** After the last of three races (rule F1-33) the player with the most "
           f"money wins: **{' and '.join(f'Player {w}' for w in out.winners)}**, with "
           f"${max(s.money)}K. Equal money would share the win (ruling RF8).")
    return t.steps


SECTIONS: dict[str, Callable[[], list[Step]]] = {
    "The deal": the_deal,
    "The auction": the_auction,
    "The grid and the start": grid_and_start,
    "A card, top to bottom": card_top_to_bottom,
    "Blocking and lost movement": blocking,
    "No dead ends": no_dead_end,
    "White numbers": white_numbers,
    "Switch cards": switch_cards,
    "The finish and the prize chart": finish_and_prizes,
    "The new track": new_track,
    "Prizes and several races": several_races,
}
"""The tour's sections in reading order: title -> step builder."""
