"""Automobiles in the widgets (issue 17): its view (the engine's board with a close-up of the
track and every player's sheet by colour, plain button labels, the best-turn hint) and the
rules tour's steps.

``AutomobilesView`` is the ``GameView`` the widgets use for ``game="automobiles"``
(registered on import). It reads positions through the engine's public API: the position
layout (``state.to_json()``, ``state.observation(viewer)``), the legal actions, the component
configuration (``automobiles.config()``) and the engine's own board (``GAME.board``), drawn
first; below it the close-up: about twenty units of the track drawn large around the car in
turn, each space with its number and colour, the cubes placed this turn in order, the spaces
the engine offers now outlined dashed green, and then every player's four piles (bag, active,
used, discard) counted by colour, with the stock and the five cards.

The hint (``best_turn_hint``) is ``solvers.automobiles.turn.solve_turn`` for the player in
turn under a node budget, labelled by its status: proven, an expectation (the best line draws
cubes), or a bound (the budget stopped the search). Before the race it is the knapsack
purchase (``solvers.automobiles.buy``); elsewhere the engine's greedy bot (a heuristic).

The tour (``SECTIONS``): each function returns ``Step`` objects, ``(caption, state)`` pairs
that also name the spaces to outline. Every state is a real engine position reached by real
actions, from a seeded game or from a small position loaded with the game's ``from_json``
(``position``). Captions are Markdown in plain English citing AU-nn and RAn
(``docs/rules-automobiles.md``). No rules here: every fact is the engine's.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from matplotlib.figure import Figure

import automobiles
from automobiles import State, rules
from automobiles.actions import (
    Buy,
    Choose,
    DrawMore,
    EndActions,
    Option,
    PitStop,
    Place,
    PlaceOn,
    Play,
    Remove,
    Return,
    Skip,
    StopBuying,
    StopMoving,
    TakeDriver,
)
from automobiles.bots import GreedyBot
from automobiles.config import CUBES, GEARS, WEAR, config
from automobiles.game import GAME
from automobiles.render import decision_words
from automobiles.svg import CAR_FILL, CUBE_FILL, FILL
from kwwidgets.plots import KwFigure
from kwwidgets.views import Hint, WordedView, register_view
from solvers.automobiles.buy import for_state
from solvers.automobiles.turn import TurnError, TurnPlan, solve_turn

#: The note every drawing of Automobiles' data carries (RA1, RA3).
SYNTHETIC = "synthetic track, cube costs and values (RA1, RA3)"
#: Plain words for the cube kinds, in ``CUBES`` order.
WORDS = ("white", "light grey", "dark grey", "black", "wear", "yellow", "red", "purple", "blue",
         "green")
#: The close-up's width in SVG units (about a notebook's width at a 1400 px window).
WIDTH = 940
#: Units of track the close-up draws.
WINDOW = 20
_LEFT, _UNIT, _LANE = 40, 44, 40
_DARK_TEXT = {0: "#000", 1: "#000", 2: "#fff", 3: "#fff"}
#: The hint's budget: search positions and seconds (a hint within about 2 s on a loaded machine).
HINT_NODES = 12_000
HINT_SECONDS = 1.8


# --- reading a position ---------------------------------------------------------------------------
def table(state: State, viewer: int | None = None) -> dict[str, Any]:
    """The position as ``viewer`` may see it (``observation``: every pile is public, only the
    seed is hidden), or the whole position layout (None)."""
    if viewer is not None:
        return state.observation(viewer)
    data: dict[str, Any] = json.loads(state.to_json())
    return data


def card_name(state: State, cube: int) -> str:
    """The card in play for an action cube's colour (AU-08), e.g. "Manager"; "" for a gear."""
    for c in state.cards:
        if config().cards[c].colour == cube:
            return config().cards[c].en
    return ""


def unit_of(state: State, seat: int) -> int:
    """The track unit of ``seat``'s car (its space's start plus its segment)."""
    return state.track_spec.spaces[state.car_space[seat]].start + state.car_seg[seat]


def offered_spaces(state: State) -> set[int]:
    """The spaces the engine offers now for a cube or a car (``place`` decisions)."""
    return {a.space for a in state.legal_actions() if isinstance(a, Place | PlaceOn)}


def rank_of(state: State, seat: int) -> int:
    """``seat``'s place in the race now, 1 the leader (RA4)."""
    return rules.position_order(state).index(seat) + 1


# --- the close-up -----------------------------------------------------------------------------
def _window_start(state: State, at: int | None) -> int:
    if at is not None:
        return at % state.track_spec.units
    seats = [state.mover] if state.order and state.phase not in ("prebuy", "driver") \
        else list(range(state.players))
    if state.route:
        first = min(unit_of(state, s) for s in seats)
        return (first - 2) % state.track_spec.units
    return (min(unit_of(state, s) for s in seats) - 2) % state.track_spec.units


def track_svg(state: State, at: int | None = None, marks: Mapping[int, str] | None = None,
              title: str = "") -> str:
    """``WINDOW`` units of the track from unit ``at`` (default: just behind the car in turn)
    drawn large: spaces with their numbers, the cubes placed this turn (numbered in order),
    the cars, ``marks`` (space -> a short note, outlined red) and the spaces the engine offers
    now (dashed green)."""
    track = state.track_spec
    start = _window_start(state, at)
    marks = dict(marks or {})
    offered = offered_spaces(state)
    top = 40
    height = top + track.lanes * _LANE + 46
    parts = [f'<text x="8" y="16" font-size="14" font-weight="bold">'
             f'{html.escape(title or "Close-up of the track")}: units {start} to '
             f'{(start + WINDOW - 1) % track.units} of {track.units} '
             f'({html.escape(track.title)})</text>',
             f'<text x="{WIDTH - 8}" y="16" text-anchor="end" font-size="12" fill="#a00">'
             f'{SYNTHETIC}</text>']
    for lane in range(track.lanes):
        y = top + lane * _LANE
        parts.append(f'<text x="{_LEFT - 6}" y="{y + _LANE / 2 + 4}" text-anchor="end" '
                     f'font-size="11" fill="#555">lane {lane}</text>')
    for sp in track.spaces:
        off = (sp.start - start) % track.units
        if off + sp.length > WINDOW:
            continue
        x, y = _LEFT + off * _UNIT, top + sp.lane * _LANE
        stroke = ' stroke="#444" stroke-width="1"'
        if sp.index in marks:
            stroke = ' stroke="#c00000" stroke-width="4"'
        elif sp.index in offered:
            stroke = ' stroke="#1b7a2e" stroke-width="4" stroke-dasharray="6 3"'
        parts.append(f'<rect x="{x + 1}" y="{y + 1}" width="{sp.length * _UNIT - 2}" '
                     f'height="{_LANE - 2}" rx="3" fill="{FILL[sp.colour]}"{stroke}>'
                     f'<title>space {sp.index}, {WORDS[sp.colour]}, {sp.length} segment(s)'
                     f'</title></rect>')
        for k in range(1, sp.length):
            parts.append(f'<line x1="{x + k * _UNIT}" y1="{y + 6}" x2="{x + k * _UNIT}" '
                         f'y2="{y + _LANE - 6}" stroke="#999" stroke-dasharray="2 3"/>')
        parts.append(f'<text x="{x + 4}" y="{y + 13}" font-size="11" '
                     f'fill="{_DARK_TEXT[sp.colour]}">{sp.index}</text>')
    for i, (cube, b, seg, _) in enumerate(state.route, 1):
        sp = track.spaces[b]
        off = (sp.start + seg - start) % track.units
        if off >= WINDOW:
            continue
        qx, qy = _LEFT + off * _UNIT + _UNIT / 2, top + sp.lane * _LANE + _LANE / 2 + 4
        text = "#fff" if cube in (2, 3, 4, 6, 7, 8, 9) else "#000"
        parts.append(f'<rect x="{qx - 9}" y="{qy - 9}" width="18" height="18" '
                     f'fill="{CUBE_FILL[cube]}" stroke="#e80" stroke-width="3">'
                     f'<title>cube {i}: {WORDS[cube]}</title></rect>'
                     f'<text x="{qx}" y="{qy + 4}" text-anchor="middle" font-size="11" '
                     f'font-weight="bold" fill="{text}">{i}</text>')
    for p in state.order:
        sp = track.spaces[state.car_space[p]]
        off = (unit_of(state, p) - start) % track.units
        if off >= WINDOW:
            continue
        cx, cy = _LEFT + off * _UNIT + _UNIT * 0.62, top + sp.lane * _LANE + _LANE * 0.58
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="12" fill="{CAR_FILL[p]}" '
                     f'stroke="#000" stroke-width="2"><title>{rules.name(p)}</title></circle>'
                     f'<text x="{cx}" y="{cy + 4}" text-anchor="middle" font-size="11" '
                     f'font-weight="bold" fill="#fff">P{p}</text>')
    y = top + track.lanes * _LANE + 18
    notes = [f"space {k}: {v}" for k, v in marks.items() if v]
    key = ["the track runs left to right, lane 0 the inner lane; circles are the cars, "
           "numbered squares the cubes placed this turn"]
    if notes:
        key.append("red: " + "; ".join(notes))
    if offered:
        key.append("dashed green: the spaces the engine offers now")
    parts.append(f'<text x="8" y="{y}" font-size="12">{html.escape(key[0])}</text>')
    if len(key) > 1:
        parts.append(f'<text x="8" y="{y + 16}" font-size="12">'
                     f'{html.escape(" · ".join(key[1:]))}</text>')
    return _svg(height, "".join(parts), "au-closeup")


def _svg(height: int, body: str, cls: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="{cls}" '
            f'viewBox="0 0 {WIDTH} {height}" width="100%" style="max-width:{WIDTH}px" '
            f'font-family="sans-serif">{body}</svg>')


def _chips(parts: list[str], counts: Sequence[int], x: float, y: float) -> float:
    """Coloured cube chips with counts from ``x``; the x after them."""
    if not sum(counts):
        parts.append(f'<text x="{x}" y="{y + 12}" font-size="12" fill="#777">none</text>')
        return x + 40
    for c, n in enumerate(counts):
        if not n:
            continue
        parts.append(f'<rect x="{x}" y="{y + 1}" width="14" height="14" fill="{CUBE_FILL[c]}" '
                     f'stroke="#333"><title>{WORDS[c]}</title></rect>'
                     f'<text x="{x + 17}" y="{y + 13}" font-size="12">{n}</text>')
        x += 19 + 8 * len(str(n)) + 4
    return x + 4


def sheets_svg(state: State, viewer: int | None = None) -> str:
    """Every player's bag, active pile, used pile and discard counted by colour (every pile is
    public; the bag's order is the only hidden thing), then the stock and the five cards with
    their (synthetic) cost and value."""
    data = table(state, viewer)
    cfg = config()
    parts = ['<text x="8" y="14" font-size="13" font-weight="bold">The sheets (cubes by colour; '
             'a square is one colour, the number how many)</text>']
    columns = (("bag", 150), ("active", 360), ("used", 560), ("discard", 740))
    for name, x in columns:
        parts.append(f'<text x="{x}" y="34" font-size="12" font-weight="bold">{name}</text>')
    y = 42
    order = rules.position_order(state) if state.order else list(range(state.players))
    for p in order:
        me = " (you)" if viewer == p else ""
        turn = " ▶" if state.order and p == state.mover and state.phase not in (
            "over", "prebuy", "driver", "drivers", "sponsor", "sponsors") else ""
        place = f"{rank_of(state, p)}." if state.order else ""
        parts.append(f'<rect x="4" y="{y}" width="{WIDTH - 8}" height="22" fill="'
                     f'{"#fff4d6" if turn else "#f6f6f6"}"/>'
                     f'<circle cx="16" cy="{y + 11}" r="7" fill="{CAR_FILL[p]}"/>'
                     f'<text x="28" y="{y + 15}" font-size="12">{place} {rules.name(p)}{me}'
                     f'{turn}</text>')
        for name, x in columns:
            _chips(parts, data[name][p], x, y + 3)
        y += 26
    parts.append(f'<text x="8" y="{y + 14}" font-size="12" font-weight="bold">stock</text>')
    _chips(parts, data["stock"], 60, y + 2)
    y += 24
    cards = []
    for cube in range(len(CUBES)):
        spec = cfg.cubes[cube]
        name = card_name(state, cube) if cube not in GEARS and cube != WEAR else spec.en
        cost = "-" if spec.cost is None else f"${spec.cost}"
        cards.append(f"{name} {cost}/{spec.value}")
    parts.append(f'<text x="8" y="{y + 14}" font-size="12">cost/value: '
                 f'{html.escape(" · ".join(cards))}</text>'
                 f'<text x="8" y="{y + 30}" font-size="12" fill="#a00">costs and values '
                 'synthetic (RA1)</text>')
    return _svg(y + 40, "".join(parts), "au-sheets")


def board_html(state: State, viewer: int | None = None, at: int | None = None,
               marks: Mapping[int, str] | None = None, title: str = "") -> str:
    """The engine's board of the whole table, the close-up and the sheets."""
    return (GAME.board(state, None) + track_svg(state, at, marks, title)
            + sheets_svg(state, viewer))


# --- labels ---------------------------------------------------------------------------------------
def action_label(state: State, action: Any) -> str:
    """A button's label in plain words: "Play light grey", "Space 19 (light grey)", "Buy black
    ($7)", "Play yellow (Manager)"."""
    cfg = config()
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
    return decision_words(state).capitalize()


# --- the hint -------------------------------------------------------------------------------------
def status_word(plan: TurnPlan) -> str:
    """What the plan is: "proven", "an expectation" or "a bound"."""
    if not plan.proven:
        return "a bound"
    return "an expectation" if plan.chance else "proven"


def best_turn_hint(state: State, max_nodes: int = HINT_NODES,
                   seconds: float = HINT_SECONDS) -> Hint:
    """The best-turn solver's first decision for the player in turn, labelled by its status
    (proven / an expectation / a bound); before the race the knapsack purchase; elsewhere the
    greedy bot's choice, said to be a heuristic."""
    if state.phase == "prebuy":
        purchase = for_state(state)
        action = purchase.actions()[0]
        aid = state.resolve(str(action))
        return Hint(aid, True, f"Hint: {action_label(state, action)}: the most valuable purchase "
                    f"for ${state.money} by our values per cube (the knapsack, proven for those "
                    "values; the values are a judgement).")
    try:
        plan = solve_turn(state, max_nodes=max_nodes, time_budget=seconds)
    except TurnError as exc:
        aid = GreedyBot(seed=0).choose(state)
        label = action_label(state, automobiles.ACTIONS[aid])
        why = ("the search reached its budget before it had valued any first decision"
               if "budget" in str(exc) else "the best-turn solver answers only the player in "
               "turn, in his own turn")
        return Hint(aid, False, f"Hint (a heuristic): {label}: the greedy bot's choice ({why}).")
    aid = state.resolve(plan.best)
    action = automobiles.ACTIONS[aid]
    progress, wear, value = (float(x) for x in plan.parts)
    line = " → ".join(plan.actions[:9]) + (" ..." if len(plan.actions) > 9 else "")
    word = status_word(plan)
    about = "about " if plan.chance or plan.expectations else ""
    return Hint(aid, plan.proven and not plan.chance,
                f"Hint ({word}): {action_label(state, action)}. The turn: {line}. It goes "
                f"{about}{progress:g} unit{'' if progress == 1 else 's'} and "
                f"{wear_words(wear)}; its cubes change in value by {value:+g} (bought less "
                f"removed, at our prices per cube). {plan.nodes} positions searched. "
                f"{plan.status()}")


def wear_words(wear: float) -> str:
    """Net wear in words: "gains 2 wear", "removes 1 wear", "no wear"."""
    if wear > 0:
        return f"gains {wear:g} wear"
    return f"removes {-wear:g} wear" if wear < 0 else "no wear"


HintSource = Callable[[State], "Hint | None"]
_hint_source: list[HintSource] = [best_turn_hint]


def use_hint(source: HintSource | None) -> None:
    """Take hints from ``source(state)``; None: ``best_turn_hint`` again."""
    _hint_source[0] = source if source is not None else best_turn_hint


def hint_for(state: State) -> Hint | None:
    """The hint of the source in use (``use_hint``; by default ``best_turn_hint``)."""
    return _hint_source[0](state)


# --- the tour -------------------------------------------------------------------------------------
class Step(tuple[str, Any]):
    """One step of the tour: a ``(caption, state)`` pair that also names the spaces outlined
    with a note (``marks``), where the close-up starts (``at``, a track unit), its title and
    the viewer. Unpacks as ``caption, state``."""

    marks: dict[int, str]
    at: int | None
    title: str
    viewer: int | None

    def __new__(cls, caption: str, state: State, marks: Mapping[int, str] | None = None,
                at: int | None = None, title: str = "", viewer: int | None = None) -> Step:
        self = super().__new__(cls, (caption, state))
        self.marks, self.at, self.title, self.viewer = dict(marks or {}), at, title, viewer
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
        """The step's board: the engine's, the close-up and the sheets."""
        return board_html(self.state, self.viewer, self.at, self.marks, self.title)


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

    def snap(self, caption: str, marks: Mapping[int, str] | None = None, at: int | None = None,
             title: str = "", viewer: int | None = None) -> Script:
        """A step showing the position now (a copy: later actions never change it)."""
        self.steps.append(Step(caption, self.s.clone(history=False), marks, at, title, viewer))
        return self


Pile = Mapping[int, int]


class AutomobilesView(WordedView):
    """Automobiles in the widgets: the engine's board, the close-up and the sheets, plain
    labels grouped by decision, and the best-turn hint."""

    hint_help = ("the best-turn solver's suggestion (proven, an expectation over the draws, or "
                 "a bound when its budget stops it)")
    step_type = Step

    def words(self, state: Any, action: Any) -> str:
        """The plain label (``action_label``)."""
        return action_label(state, action)

    def heading(self, state: Any, action: Any) -> str:
        """The decision's heading (``group_title``)."""
        return group_title(state, action)

    def draw(self, state: Any, viewer: int | None) -> str:
        """The engine's board, the close-up and the sheets (``board_html``)."""
        return board_html(state, viewer)

    def hint(self, state: Any) -> Hint | None:
        """The hint of the source in use (by default the best-turn solver's)."""
        return hint_for(state)


register_view(GAME.name, AutomobilesView)


def _counts(pile: Pile | None) -> list[int]:
    return [int((pile or {}).get(c, 0)) for c in range(len(CUBES))]


def position(cars: Sequence[tuple[int, int]], active: Pile | None = None,
             bag: Pile | None = None, discard: Pile | None = None,
             used: Pile | None = None, others: Sequence[Mapping[str, Pile]] = (),
             seed: int | None = 1, cards: str | Sequence[str] = "standard",
             weaving: bool = False, laps: int = 3,
             note: str = "A small constructed position.") -> State:
    """A race position at seat 0's action phase, built from the position layout and loaded by
    the game's ``from_json`` (which checks it): ``cars`` are (space, segment) per seat, in
    turn order 0, 1, ...; seat 0's piles as given (its bag 7 white cubes unless given), each
    other seat's from ``others`` (a dict of piles; a bag of 7 white cubes unless given); the
    stock holds the rest (RA2). ``seed`` None: every draw is an explicit chance decision."""
    players = len(cars)
    base = automobiles.new_game(players, None, cards=cards, weaving=weaving, laps=laps,
                                explicit_chance=True)
    data = json.loads(base.to_json())
    seats: list[dict[str, Pile]] = [{"active": active or {}, "bag": bag or {0: 7},
                                     "discard": discard or {}, "used": used or {}}]
    for p in range(1, players):
        given = dict(others[p - 1]) if p - 1 < len(others) else {}
        seats.append({"bag": given.get("bag", {0: 7}), "active": given.get("active", {}),
                      "discard": given.get("discard", {}), "used": given.get("used", {})})
    for pile in ("bag", "active", "used", "discard"):
        data[pile] = [_counts(seat[pile]) for seat in seats]
    held = [sum(data[pile][p][c] for pile in ("bag", "active", "used", "discard")
                for p in range(players)) for c in range(len(CUBES))]
    data["stock"] = [config().cubes[c].stock - held[c] for c in range(len(CUBES))]
    data.update(order=list(range(players)), phase="action", turn=0, buyer=players, money=0,
                seed=seed, draws=0, log=[note],
                cars=[{"space": b, "segment": g, "laps": 0} for b, g in cars])
    state: State = GAME.from_json(json.dumps(data))
    return state


def _stop(s: State) -> None:
    """Stop buying for everyone before the race."""
    while s.phase == "prebuy":
        s.apply("stop buying")


def _finish_turn(s: State) -> None:
    """The rest of the turn in turn now: no more plays, no buying, first choices elsewhere."""
    turn = s.turn
    while s.turn == turn and not s.is_terminal():
        if s.is_chance_node():
            s.apply(str(s.chance_outcomes()[0][0]))
        elif s.phase == "action":
            s.apply("end actions")
        elif s.phase == "buy":
            s.apply("stop buying")
        else:
            s.apply(s.legal_action_ids()[0])


START_SEED = 7


def the_start(seed: int = START_SEED) -> list[Step]:
    """AU-09..AU-12, RA2, RA3: the random start order and grid, the starting bag, buying before
    the race with the start space's money (unspent money lost), the first draw of 7."""
    s = automobiles.new_game(players=3, seed=seed)
    t = Script(s)
    first = s.order[0]
    t.snap(f"**The grid.** The start order is drawn at random (rule AU-09): it is also the "
           f"grid and the turn order, so {rules.name(first)} starts on P1, at the front. Every "
           "player starts with the same **bag** of 12 cubes: 5 white, 2 light grey and 5 "
           "yellow, taken from the stock (AU-10, ruling RA2). Before the race each may buy "
           "cubes with the money printed on his start space: $10 on P1, $11 on P2, $12 on P3, "
           "a little more further back (AU-11; the amounts are synthetic, RA3).",
           title="The grid")
    s.apply("buy lightgrey")
    t.snap(f"{rules.name(first)} buys a light-grey cube for $3 (its cost, synthetic, RA1). "
           "Cubes bought before the race go straight into the bag (there is no used pile yet); "
           f"he has ${s.money} left and may buy on, one cube at a time, or stop.",
           title="Buying before the race")
    s.apply("stop buying")
    _stop(s)
    t.snap("Everybody stopped: **money not spent is lost** (\"Nicht benutztes Geld verfällt!\", "
           "AU-11), it is never saved. Then each player draws **7 cubes** from his bag, blind: "
           "they are his **active pile** for his first turn (AU-12). The sheets below count "
           "each pile by colour: 13 or 12 cubes in all, 7 of them active.",
           title="The first draw")
    return t.steps


def the_bag() -> list[Step]:
    """AU-12, AU-19: the draw is blind: each colour with probability count / bag size."""
    s = position([(12, 0), (13, 0)], active={}, bag={0: 5, 1: 2, 5: 5}, seed=None)
    t = Script(s)
    s.apply("end actions")
    t.snap("**The bag.** A player never chooses his cubes: they come out of the bag blind. "
           "Here Player 0 (5 white, 2 light grey, 5 yellow in his bag) has just ended a turn and "
           "draws his next 7, one cube at a time. The rules engine treats each cube as a chance "
           "decision: white with probability 5/12, light grey 2/12, yellow 5/12 (the count of "
           "the colour over the bag's size; AU-12, AU-19).", title="A draw from the bag")
    for colour in ("white", "yellow", "white", "lightgrey", "yellow", "white", "white"):
        s.apply(f"draw {colour}")
    t.snap("Seven cubes later the active pile for the next turn is 4 white, 1 light grey and "
           "2 yellow; 5 cubes are left in the bag. These draws were fixed here to show them; in "
           "a seeded game the seed draws them (and `22_automobiles_lab` computes the odds). "
           "Rule AU-12.",
           title="Seven drawn")
    return t.steps


def placing_gears() -> list[Step]:
    """AU-12, AU-16, AU-17, AU-29..AU-32, RA3: gear cubes on spaces of their colour directly
    or diagonally ahead, each after the last one; the car follows in the car phase; wear by
    the darkest space."""
    s = position([(12, 0), (13, 0)], active={0: 2, 1: 2, 2: 1, 5: 2})
    t = Script(s)
    t.snap("**The action phase.** Player 0's car is on the white space 12 (inner lane). His "
           "active pile: 2 white, 2 light grey, 1 dark grey, 2 yellow. A **gear cube** of a "
           "colour goes on a space **of its colour directly or diagonally ahead** of the car "
           "(AU-12, AU-29..AU-32): touching it, even at a corner, and ahead; never sideways or "
           "back (RA3). The car does not move yet.", marks={12: "the car"})
    s.apply("play lightgrey")
    t.snap("He plays a light-grey cube (4th gear, AU-30). Only one light-grey space touches "
           "12 ahead, the 15, so the engine puts it there at once (cube 1).",
           marks={15: "cube 1"})
    s.apply("play darkgrey")
    t.snap("Then the dark-grey cube: it goes ahead of **the last cube placed**, not of the car "
           "(AU-12). From 15 two dark-grey spaces touch: 16 diagonally ahead and 18 directly "
           "ahead, outlined dashed green; he chooses.")
    s.apply("place 18")
    s.apply("play white")
    t.snap("He takes 18 (cube 2), then plays a white cube (3rd gear, AU-29) onto the white "
           "21 (cube 3). A darker space is longer (RA3): a dark-grey cube carries the car "
           "further than a white one, which is why darker cubes cost more.",
           marks={18: "cube 2", 21: "cube 3"})
    return t.steps


def buying() -> list[Step]:
    """AU-14, AU-15, RA5, AU-16, AU-17, AU-19: money is the value of the cubes not played,
    spent now or lost; bought cubes to the used pile; the car moves; wear; the end phase."""
    s = position([(12, 0), (13, 0)], active={0: 2, 1: 2, 2: 1, 5: 2}, bag={0: 3, 1: 2, 5: 2})
    t = Script(s)
    s.apply("play lightgrey")
    s.apply("play darkgrey")
    s.apply("place 18")
    s.apply("end actions")
    t.snap(f"**The buy phase.** After playing light grey and dark grey, Player 0 ends his "
           f"actions. His money is the **value of every cube not played**, still in the active "
           f"pile (AU-14): 2 white ($1 each), 1 light grey ($1) and 2 yellow ($2 each, values "
           f"synthetic, RA1) make **${s.money}**. Playing a cube spends its value: every cube "
           "is either movement or money.", title="Money from the cubes not played")
    s.apply("buy lightgrey")
    t.snap(f"He buys a light-grey cube for $3 from the public stock (AU-15: the stock is "
           f"limited, RA2). **Bought cubes go to the used pile** (RA5), not into the hand: they "
           f"come back through the discard and the bag in later turns. ${s.money} left.")
    s.apply("buy white")
    s.apply("stop buying")
    t.snap("He adds a white cube for $1 and stops: the last $3 are **lost**, \"Das Geld wird "
           "nicht gespart\" (AU-14). Then the **car phase**: the car moves to the space of the "
           "last cube placed, 18 (AU-16). The **wear phase**: the darkest space it moved into "
           "or through was dark grey, so he gains 3 wear cubes (white 1, light grey 2, dark "
           "grey 3, black 4; AU-17) into the used pile. The **end phase**: every cube of his "
           "sheet and on the track goes to the discard, and he draws 7 new cubes from the bag "
           "(AU-19). Now it is Player 1's turn.", marks={18: "the car now"}, at=2)
    return t.steps


def drafting() -> list[Step]:
    """AU-17, AU-18, RA5: no movement wear when the car ends directly behind another car."""
    s = position([(12, 0), (18, 0)], active={1: 1, 5: 2})
    t = Script(s)
    t.snap("**Drafting.** \"ABER!\" A car that ends its move **directly behind another car** "
           "gains **no wear** for the move (AU-18). Directly behind means: a segment of the next "
           "space ahead in its lane holds a car (RA5). Player 1's car is on the dark-grey 18 in "
           "the inner lane.", marks={18: "Player 1"})
    before = s.used[0][WEAR]
    s.apply("play lightgrey")
    _finish_turn(s)
    assert s.discard[0][WEAR] == before
    t.snap("Player 0 moves onto the light-grey 15, right behind it: normally 2 wear, now "
           "**none** (his discard holds no wear). Wear that action cards give is still gained "
           "(AU-18).", marks={15: "no wear: drafting"}, at=2)
    return t.steps


def pit_stop() -> list[Step]:
    """AU-13, RA5: instead of acting, buying and moving: the wear of the active pile removed,
    the rest discarded, and the end phase still draws 7."""
    s = position([(12, 0), (13, 0)], active={4: 3, 0: 2, 1: 1, 5: 1}, bag={0: 4, 1: 2, 5: 3})
    t = Script(s)
    t.snap("**The pit stop.** Player 0 drew 3 wear cubes: useless, they do nothing (AU-07). "
           "Instead of his turn he may make a **pit stop** (AU-13): no action, buy or car phase; "
           "all wear cubes of the active pile are removed (back to the stock) and the rest of "
           "the active pile goes to the discard. Only before any cube is played.")
    stock = s.stock[WEAR]
    s.apply("pit stop")
    assert s.stock[WEAR] == stock + 3
    t.snap("After the pit stop: the 3 wear went back to the stock, the other 4 cubes to the "
           "discard, the car did not move, and the end phase still happened: he drew 7 for his "
           "next turn (RA5).", marks={12: "the car stayed"})
    return t.steps


def end_phase() -> list[Step]:
    """AU-19, RA5: the end phase: everything to the discard, draw 7, the discard back into
    the bag when the bag runs out."""
    s = position([(12, 0), (13, 0)], active={1: 1, 0: 1}, bag={0: 2, 5: 1},
                 discard={0: 3, 1: 2, 4: 2, 5: 3})
    t = Script(s)
    t.snap("**The end phase and the bag running out.** Player 0's bag holds only 3 cubes; his "
           "discard holds 10. At the end of his turn every cube of his sheet and the track goes "
           "to the discard, then he draws 7 (AU-19).")
    s.apply("play lightgrey")
    _finish_turn(s)
    t.snap("He drew the bag's 3 cubes; the bag ran out, so **the whole discard went back into "
           "the bag** and the drawing went on until he held 7 (AU-19). His discard is now "
           "empty. Had bag and discard together held fewer than 7, he would have drawn what "
           "there was (RA5).")
    return t.steps


def _blue_position(other_blue: int) -> State:
    return position([(12, 0), (5, 0)], active={8: 2, 5: 1}, discard={8: 2},
                    others=[{"discard": {8: other_blue}}])


def the_cards() -> list[Step]:
    """AU-08, RA1, AU-36, AU-43, AU-48, AU-56, AU-63: the standard set's five cards, with the
    seed's examples."""
    steps: list[Step] = []
    s = position([(12, 0), (13, 0)], active={5: 1, 4: 1, 0: 1, 2: 1}, discard={3: 1},
                 bag={0: 7})
    t = Script(s)
    t.snap("**The five action cards.** Besides the gears and wear, five more cube colours are "
           "in play, one card per colour (AU-08); the **standard set** is Manager (yellow), "
           "Suspension (red), Crew Chief (purple), Hybrid Engine (blue) and Transmission "
           "(green) (RA1). A cube of the colour does what its card says. First the **Manager** "
           "(AU-36): remove 1 cube of the active pile, AND/OR put 1 cube of the active pile or "
           "discard back into the bag.")
    s.apply("play yellow")
    s.apply("remove wear")
    t.snap("Player 0 plays the yellow cube and removes the wear cube from his active pile (to "
           "the stock, AU-36) ...")
    s.apply("return discard black")
    t.snap("... and puts the black cube of his discard back into his bag, where he can draw it "
           "again soon (AU-36; he could have skipped either part).")
    steps += t.steps
    s = position([(12, 0), (5, 0)], active={6: 1, 5: 1}, discard={2: 1})
    t = Script(s)
    s.apply("play red")
    t.snap("**Suspension** (red, AU-43): gain 1 wear; put the red cube on a space of the colour "
           "of a gear cube **in your discard**. The seed's example: a dark-grey cube in the "
           "discard lets the red cube go to a dark-grey space. From 12 only the dark-grey 16 "
           "fits, so it went there; the dark-grey cube stays in the discard.",
           marks={16: "the red cube"})
    steps += t.steps
    s = position([(12, 0), (13, 0)], active={7: 1, 0: 1, 2: 1}, bag={4: 2, 0: 1},
                 discard={4: 3, 3: 1}, seed=None)
    t = Script(s)
    s.apply("play purple")
    t.snap("**Crew Chief** (purple, AU-48): draw 1 cube from the bag; if it is wear, draw "
           "again, until a cube that is not wear; then remove all wear from the discard. The "
           "bag holds 2 wear and 1 white: the engine offers the draw as chance, wear 2/3, "
           "white 1/3.")
    s.apply("draw wear")
    s.apply("draw white")
    t.snap("Wear first (so it draws again), then white: it stops. The wear drawn went to the "
           "active pile and stays there; the 3 wear of the discard went back to the stock "
           "(the seed's example, AU-48: the drawn wear is not removed).")
    steps += t.steps
    s = _blue_position(3)
    t = Script(s)
    s.apply("play blue")
    t.snap("**Hybrid Engine** (blue, AU-56): gain 1 wear; count your blue cubes in active pile, "
           "used pile and discard; if that is more than the blue cubes in **each** other "
           "player's discard, move the blue cube 2 consecutive spaces of one colour. The seed's "
           "example: 1 active, 1 played (on the track), 2 in the discard make 4; Player 1 has "
           "3 in his discard, so it moves. The engine offers the first space (dashed green).")
    s.apply("place 16")
    s.apply("place 18")
    t.snap("Dark grey 16, then the second space must be dark grey too: 18 (AU-56: 2 "
           "consecutive spaces of one colour).",
           marks={16: "1st", 18: "2nd"})
    s4 = _blue_position(4)
    s4.apply("play blue")
    assert s4.route == ()
    t.snap("Had Player 1 held 4 blue cubes in his discard (as many as Player 0's 4), the blue "
           "cube would not move at all; the wear is gained either way (AU-56, a card's wear is "
           "gained when its cube is played).")
    t.steps[-1] = Step(t.steps[-1].caption, s4)
    steps += t.steps
    for rank in (3, 4):
        ahead = [(17, 3), (20, 0), (18, 2)]
        behind = [(12, 0), (9, 0), (10, 0)]
        cars = [(16, 2), *ahead[:rank - 1], *behind[:4 - rank]]
        s = position(cars, active={9: 1, 5: 1})
        t = Script(s)
        s.apply("play green")
        spaces = 3 if rank == 3 else 5
        t.snap(f"**Transmission** (green, AU-63): gain 1 wear; move up to as many consecutive "
               f"light-grey spaces as **your position** in the race, last position 1 more. "
               f"Player 0 is {('third', 'fourth')[rank - 3]} of 4 here, so up to **{spaces}** "
               f"(the seed's example: third of 4, 3; fourth of 4, 5).", at=4)
        for space in (19, 22, 24, 27, 30)[:spaces]:
            s.apply(f"place {space}")
        t.snap(f"The green cube went {spaces} light-grey spaces, one after another (each "
               "directly or diagonally ahead of the one before); the car follows it in the car "
               "phase (AU-16). Being behind pays: this card helps the last car most.", at=4)
        steps += t.steps
    return steps


def weaving() -> list[Step]:
    """AU-23, RA3: with Weaving a cube may go on any free segment of its space."""
    plain = position([(15, 0), (13, 0)], active={2: 1, 1: 1, 5: 1})
    plain.apply("play darkgrey")
    t = Script(plain)
    if plain.phase == "place":
        plain.apply("place 18")
    plain.apply("play lightgrey")
    t.snap("**Weaving** (an advanced rule, AU-23). Normally a cube goes on its space's "
           "**furthest free segment** (RA3): here the dark-grey cube went to the front of the "
           "long 18, and from there the next light-grey cube could only reach 22.",
           marks={18: "front segment"})
    s = position([(15, 0), (13, 0)], active={2: 1, 1: 1, 5: 1}, weaving=True)
    w = Script(s)
    s.apply("play darkgrey")
    w.snap("With the **Weaving** option a cube may go on **any** free segment of its space, so a "
           "car can cut through a space on a rear segment to reach one on the other side. The "
           "engine now offers each segment of 18 separately (AU-23).")
    s.apply("place 18 segment 0")
    s.apply("play lightgrey")
    w.snap("On 18's rear segment, the light-grey 19 of the next lane is in reach, which 18's "
           "front segment does not touch (engine decision, from the seed's words and RA3).",
           marks={18: "rear segment", 19: "reached by weaving"})
    return t.steps + w.steps


def race_end(seed: int = 3) -> list[Step]:
    """AU-20..AU-22, RA4, RA6: laps, the same number of turns, the furthest car wins."""
    s = automobiles.new_game(players=2, seed=seed, laps=1)
    bots = [automobiles.bots.make_bot("greedy", p) for p in range(2)]
    while not s.is_terminal():
        s.apply(bots[max(s.current_player, 0)].choose(s))
    outcome = s.outcome()
    assert outcome is not None
    t = Script(s)
    t.snap(f"**The end of the race.** A race lasts the laps set at the start (3 by default, "
           f"here 1; AU-20, RA3). As soon as a car crosses the line on its last lap, the round "
           f"is finished so that everyone has had the same number of turns (AU-21, RA6), and "
           f"the car that went **furthest** wins; as far: the one further inside (AU-22, RA4). "
           f"Two greedy bots raced: {rules.name(outcome.winners[0])} won, "
           f"{s.turn // 2} turns each.", at=unit_of(s, outcome.winners[0]) - 10)
    return t.steps


def drivers(seed: int = 4) -> list[Step]:
    """AU-24, AU-69..AU-78, RA7: players + 1 drivers dealt, taken from the last grid position
    forward."""
    s = automobiles.new_game(players=3, seed=seed, drivers=True)
    t = Script(s)
    pool = [config().drivers[d] for d in s.pool]
    last = s.order[-1]
    t.snap(f"**Drivers** (AU-24). With the driver cards, players + 1 drivers are dealt (here "
           f"4: {', '.join(pool)}) and the players take one each **from the last grid position "
           f"forward** (RA7): {rules.name(last)}, on the last grid space, chooses first. Each "
           f"driver has a power used every round (AU-69..AU-78), for example Josh Trin moves "
           f"up to 1 light-grey space for each wear gained in his wear phase.",
           title="The drivers on offer")
    while s.phase == "driver":
        s.apply(s.legal_action_ids()[0])
    names = ", ".join(f"{rules.name(p)} {config().drivers[s.drivers[p]]}"
                      for p in range(s.players))
    t.snap(f"Everyone has a driver ({names}); the one left is put away, and buying before the "
           f"race begins (AU-11).")
    return t.steps


def season(seed: int = 2) -> list[Step]:
    """AU-25, AU-27, AU-28, RA7: points per place, the grid by the last result, no buying
    before the later races, the stock not refilled."""
    s = automobiles.new_game(players=3, seed=seed, season=3, laps=1)
    bots = [automobiles.bots.make_bot("greedy", p) for p in range(3)]
    while s.race == 0:
        s.apply(bots[max(s.current_player, 0)].choose(s))
    t = Script(s)
    points = ", ".join(f"{rules.name(p)} {s.points[p]}" for p in range(s.players))
    t.snap(f"**The season** (AU-25): a series of 3 or more races (here 3 races of 1 lap). After "
           f"each race every place scores points: 10, 6, 4, 2, 1 (synthetic, RA7). After race "
           f"1: {points}. Race 2's grid follows race 1's result, its winner on P1 (AU-27, RA7); "
           f"every cube went back into its owner's bag; **no buying** before the later races "
           f"(AU-28) and the stock is **not refilled** (RA7). Each player has drawn 7.")
    return t.steps


def sponsors(seed: int = 2) -> list[Step]:
    """AU-26, AU-79..AU-84, RA7: the sponsors between the races of a season."""
    s = automobiles.new_game(players=3, seed=seed, season=3, laps=1, sponsors=True)
    bots = [automobiles.bots.make_bot("greedy", p) for p in range(3)]
    while s.phase not in ("sponsor",):
        s.apply(bots[max(s.current_player, 0)].choose(s))
    t = Script(s)
    offer = ", ".join(config().sponsors[k].en for k in s.offer)
    t.snap(f"**Sponsors** (AU-26): between the races of a season each player chooses a sponsor, "
           f"which changes his cubes (AU-79..AU-84). Players + 1 sponsors are dealt (here: "
           f"{offer}) and chosen in finishing order, the winner first (RA7); each works at the "
           f"tier of the player's place: top for the winner, bottom for the last (RA7). "
           f"{rules.name(s.current_player)} chooses now.")
    return t.steps


#: The tour's sections in reading order: title -> step builder.
SECTIONS: dict[str, Callable[[], list[Step]]] = {
    "The start": the_start,
    "The bag": the_bag,
    "Placing gear cubes": placing_gears,
    "Buying, the car, wear and the end phase": buying,
    "Drafting": drafting,
    "The pit stop": pit_stop,
    "The bag runs out": end_phase,
    "The five cards": the_cards,
    "Weaving": weaving,
    "The end of the race": race_end,
    "Drivers": drivers,
    "The season": season,
    "Sponsors": sponsors,
}


# --- the lab's figures and tables -----------------------------------------------------------------
def at_least_figure(curves: Mapping[str, Sequence[float]], title: str) -> Figure:
    """Lines of P(at least k gear cubes) against k, one per bag (``curves``: label -> the
    probabilities for k = 0, 1, ...)."""
    fig = KwFigure(figsize=(7.5, 3.6))
    ax = fig.add_subplot()
    for label, values in curves.items():
        ax.plot(range(len(values)), values, marker="o", label=label)
    ax.set_xlabel("k: gear cubes among the 7 drawn")
    ax.set_ylabel("P(at least k)")
    ax.set_ylim(-0.02, 1.02)
    ax.set_title(title)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=9)
    fig.tight_layout()
    return fig


def bars_figure(law: Mapping[Any, float], title: str, xlabel: str) -> Figure:
    """A probability law as bars, each labelled with its probability."""
    fig = KwFigure(figsize=(7.5, 3.2))
    ax = fig.add_subplot()
    keys = [str(k) for k in law]
    values = [float(v) for v in law.values()]
    ax.bar(keys, values, color="#84c")
    for x, v in enumerate(values):
        ax.text(x, v + 0.01, f"{v:.3f}", ha="center", fontsize=9)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("probability")
    ax.set_ylim(0, max(values) * 1.2 if values else 1)
    ax.set_title(title)
    fig.tight_layout()
    return fig


def tournament_figure(result: Any) -> Figure:
    """Each bot's win rate and mean distance with their 95% intervals (a tournament's
    ``stats``)."""
    fig = KwFigure(figsize=(8.5, 3.4))
    wins, scores = fig.add_subplot(1, 2, 1), fig.add_subplot(1, 2, 2)
    names = [s.bot for s in result.stats]
    for ax, value, ci, label in ((wins, "win_rate", "win_ci", "win rate"),
                                 (scores, "mean_score", "score_ci", "mean distance (units)")):
        mid = [getattr(s, value) for s in result.stats]
        low = [m - getattr(s, ci)[0] for m, s in zip(mid, result.stats, strict=True)]
        high = [getattr(s, ci)[1] - m for m, s in zip(mid, result.stats, strict=True)]
        ax.bar(names, mid, yerr=[low, high], capsize=6, color="#27d", alpha=0.8)
        ax.set_ylabel(label)
        ax.set_title(f"{label}, 95% interval", fontsize=10)
        ax.tick_params(axis="x", labelsize=9)
    fig.suptitle(f"{len(result.games)} races of {result.players} players (synthetic track)",
                 fontsize=10)
    fig.tight_layout()
    return fig


def why_not_html(plan: TurnPlan) -> str:
    """The solver's "why not this?" table: each legal first decision and the best the turn
    is worth after it (progress, wear, value), the best first."""
    rows = []
    for i, alt in enumerate(plan.alternatives):
        progress, wear, value = (float(x) for x in alt.parts)
        mark = " style='background:#fff4d6; font-weight:bold'" if i == 0 else ""
        rows.append(f"<tr{mark}><td>{html.escape(alt.action)}</td><td>{progress:g}</td>"
                    f"<td>{wear:g}</td><td>{value:g}</td></tr>")
    return ("<table style='border-collapse: collapse; font-size: 13px' border='1' "
            "cellpadding='4'><tr><th>first decision</th><th>progress (units)</th>"
            "<th>wear gained</th><th>value bought</th></tr>" + "".join(rows) + "</table>")


def label_of(state: State, text: str) -> str:
    """The plain label of the action ``text`` (its text form) in ``state``."""
    return action_label(state, automobiles.ACTIONS[state.resolve(text)])


def why_not_lines(plan: TurnPlan) -> list[str]:
    """The "why not this?" table as fixed-width text lines (for a solution's printed
    results): each legal first decision and the best after it, the best first."""
    width = max(len("first decision"), *(len(a.action) for a in plan.alternatives))
    out = [f"{'first decision':<{width}}  progress  wear  value",
           "-" * (width + 23)]
    for alt in plan.alternatives:
        progress, wear, value = (float(x) for x in alt.parts)
        out.append(f"{alt.action:<{width}}  {progress:>8g}  {wear:>4g}  {value:>5g}")
    return out
