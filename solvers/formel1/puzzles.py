"""Formel 1 puzzles with proven answers: which card now, and which car to buy at what price.

Each puzzle is one JSON file in
``solvers/formel1/puzzle_data/``: a name, a title, the question, its kind and theme, the
difficulty (1-5, from the search's work), the rival model, a Formel 1 position (every hand
open), and the proven answer: the best first decision, its value, the next best value, the
greedy bot's choice and its value, every decision's value (the "why not this?" table) and a
short explanation made from that table.

Two kinds:

- ``race``: a decision in a race (a card to play, an end cell, a white number, a switch
  target), solved by the race search (``race.solve``) against the stated rival model; the
  value is the player's prize money for the race in $1K. Themes: ``card`` (which card now),
  ``white`` (the white number must go to a rival's car), ``switch`` (the switch card now, or
  held back while the greedy bot plays it),
  ``block`` (the best line blocks a rival's car more than the greedy line does), ``big_now``
  and ``big_later`` (the card with the most movement for one's own cars now, or held back),
  ``long_view`` (a longer endgame).
- ``auction``: a bid or a pass on the car on offer near the end of the auction, solved by
  backward induction (``auction.solve_auction``) under stated valuations (synthetic numbers,
  seeded; what owning each car is worth to each player in $1K) and the budgets in the
  position; the value is the player's expected payoff (value of the cars bought less the
  price; the car cards not yet revealed come in uniformly random order), exact as a fraction.
  Themes: ``last_two``, ``last_three`` (the $30K minimum of F1-12 holds), ``forced`` (a
  carless player and the forced $30K car of F1-13).

What an answer proves: the best decision for the stated rival model (paranoid: the others
play to minimise our money; or the subgame-perfect bids of players who value the cars as
stated, ties to the lowest action id) with every hand open. It says nothing of other rival
models or of play with hidden hands.

Generation is reproducible: every shipped puzzle is a seeded position (``positions.endgame``
or ``auction.auction_endgame`` with a seed) listed in ``RACE_SPECS`` and ``AUCTION_SPECS``;
``python -m solvers.formel1.puzzles --regenerate`` solves and writes them again, refusing any
whose answer is not unique, does not beat the greedy bot's choice (a puzzle worth asking) or
does not show its theme. ``--scan THEME`` searches seeded positions for new candidates.
Difficulty: race puzzles by the race search's nodes (1: under 1,000; 2: 5,000; 3: 25,000;
4: 100,000; 5: more), auction puzzles by the positions valued (1: under 100; 2: 400; 3: 1,500;
4: 6,000; 5: more).
"""

from __future__ import annotations

import argparse
import json
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from importlib import resources
from pathlib import Path
from typing import Any

import formel1
from formel1 import ACTIONS, State, config_for
from formel1.actions import Bid, Play, White
from formel1.bots import GreedyBot
from formel1.events import Blocked, Moves
from formel1.rules import minimum_bid
from solvers.formel1 import auction, race
from solvers.formel1.positions import endgame, first_decision

FORMAT = "formel1-puzzle"
VERSION = 2
KINDS = ("race", "auction")
RACE_THEMES = ("card", "white", "switch", "block", "big_now", "big_later", "long_view")
AUCTION_THEMES = ("last_two", "last_three", "forced")
#: Difficulty thresholds (module docstring): nodes of the race search, positions of the auction.
RACE_LEVELS = (1_000, 5_000, 25_000, 100_000)
AUCTION_LEVELS = (100, 400, 1_500, 6_000)
AUCTION_RIVALS = "subgame perfect"
DATA = Path(__file__).with_name("puzzle_data")


class PuzzleError(ValueError):
    """No such puzzle, a malformed puzzle file, or a position that makes no puzzle."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle: its text, its position, the rivals, the stored proven answer."""

    name: str
    title: str
    question: str
    difficulty: int
    rivals: str
    answer: str
    value: float
    runner_up: float
    position: str  # JSON text of the position
    kind: str = "race"
    theme: str = "card"
    greedy: str = ""  # the greedy bot's choice (race) or the naive bid (auction)
    greedy_value: float = 0.0
    table: tuple[tuple[str, float], ...] = ()  # every decision's value, best first
    explanation: str = ""
    work: int = 0  # race: the search's nodes; auction: the positions valued
    values: tuple[tuple[int, ...], ...] = ()  # auction: the stated valuations
    exact: str = ""  # auction: the value as an exact fraction
    # Decisions as good as the answer: empty in every shipped file (the generator refuses a
    # position whose best decision is not unique); kept so a puzzle with ties could say so.
    ties: tuple[str, ...] = field(default=())

    def state(self) -> State:
        """The puzzle's position."""
        return formel1.from_json(self.position)


# --- solving ---------------------------------------------------------------------------------
def solve_race(state: State, rivals: str) -> race.RacePlan:
    """The race search's proven answer (no budget worth naming)."""
    return race.solve(state, config=race.RaceConfig(rivals=rivals, time_budget=600,
                                                    node_budget=50_000_000))


def solve_puzzle(puzzle: Puzzle) -> race.RacePlan | auction.AuctionSolution:
    """Solve the puzzle's position again: the race search with its rival model, or backward
    induction under its valuations."""
    if puzzle.kind == "auction":
        return auction.solve_auction(puzzle.state(), puzzle.values)
    return solve_race(puzzle.state(), puzzle.rivals)


def mover_payoffs(solution: auction.AuctionSolution, mover: int) -> list[tuple[str, Fraction]]:
    """Each decision of the auction's mover with his payoff after it, best first (ties in
    action order, as the solution lists them)."""
    ranked = [(text, vec[mover]) for text, vec in solution.choices]
    return sorted(ranked, key=lambda tv: -tv[1])


def naive_bid(state: State, values: Sequence[Sequence[int]]) -> str:
    """The naive bidder's decision: the lowest legal bid while it is within the car's stated
    value to him, else pass (the greedy bot's rule on the stated values)."""
    me = state.current_player
    bids = [a for a in state.legal_action_ids() if isinstance(ACTIONS[a], Bid)]
    if bids and ACTIONS[bids[0]].amount <= values[me][state.offer]:  # type: ignore[attr-defined]
        return str(ACTIONS[bids[0]])
    return "pass"


# --- themes ------------------------------------------------------------------------------------
def own_points(state: State, kind: int, player: int) -> int:
    """The movement a card gives ``player``'s own cars: their colours' numbers, and its white
    numbers if he owns a car it does not picture (F1-25)."""
    spec = state.cfg.kinds[kind]
    mine = {c for c, o in enumerate(state.owner) if o == player and state.pos[c] >= 0}
    whites = sum(n for c, n in spec.numbers if c < 0) if mine - spec.pictured else 0
    return sum(n for c, n in spec.numbers if c in mine) + whites


def big_card(state: State) -> int | None:
    """The card of the mover's hand with the most movement for his own cars, if unique."""
    me = state.current_player
    hand = sorted(set(state.hands[me]))
    points = {k: own_points(state, k, me) for k in hand}
    top = max(points.values())
    best = [k for k in hand if points[k] == top]
    return best[0] if len(best) == 1 else None


def rival_blocks(state: State, line: Sequence[tuple[str, str]]) -> int:
    """How often a rival's car is blocked (loses movement, F1-22) along ``line``."""
    me = state.current_player
    rivals = {c for c, o in enumerate(state.owner) if o not in (me, -1)}
    s = state.clone()
    start = len(s.events)
    for _, text in line:
        s.apply(text)
    return sum(1 for e in s.events[start:] if isinstance(e, Blocked | Moves) and e.car in rivals
               and (isinstance(e, Blocked) or e.steps < e.number))


def _is_switch(action: object) -> bool:
    return isinstance(action, Play) and config_for(2).kinds[action.kind].switch is not None


def race_theme_holds(theme: str, state: State, plan: race.RacePlan, greedy: str) -> bool:
    """Whether the proven answer shows the theme (module docstring)."""
    best = state.resolve(plan.best)
    action = ACTIONS[best]
    me = state.current_player
    if theme == "white":
        others = [ACTIONS[a] for a in state.legal_action_ids() if a != best]
        return isinstance(action, White) and state.owner[action.car] != me and any(
            isinstance(o, White) and state.owner[o.car] == me for o in others)
    if theme == "switch":  # the switch card now, or held while the greedy bot plays it
        return any(_is_switch(ACTIONS[a]) for a in (best, state.resolve(greedy)))
    if theme in ("big_now", "big_later"):
        big = big_card(state) if state.card < 0 else None
        if big is None or not isinstance(action, Play):
            return False
        return (action.kind == big) == (theme == "big_now")
    if theme == "block":
        greedy_line = next(a.line for a in plan.alternatives if a.action == greedy)
        return rival_blocks(state, plan.line) > rival_blocks(state, greedy_line)
    return isinstance(action, Play) if theme == "card" else True


# --- making puzzles ----------------------------------------------------------------------------
def level(work: int, thresholds: Sequence[int]) -> int:
    """Difficulty 1-5 from the work of the proof (module docstring)."""
    return 1 + sum(1 for t in thresholds if work >= t)


def _moves(line: Sequence[tuple[str, str]], n: int = 3) -> str:
    shown = "; ".join(f"{who}: {text}" for who, text in line[:n])
    return shown + ("; ..." if len(line) > n else "")


def make_race_puzzle(name: str, title: str, question: str, theme: str, state: State,
                     rivals: str = "paranoid", beat_greedy: bool = True) -> dict[str, Any]:
    """A race puzzle's dict for ``state``, its answer proven by the race search; PuzzleError
    unless one decision is strictly best, it shows ``theme`` and (with ``beat_greedy``) the
    greedy bot's choice is worth less."""
    plan = solve_race(state, rivals)
    if plan.status != "proven" or len(plan.alternatives) < 2:
        raise PuzzleError(f"{name}: no proven choice between several decisions")
    best, second = plan.alternatives[0], plan.alternatives[1]
    if best.value <= second.value:
        raise PuzzleError(f"{name}: the best decision is not unique")
    greedy = str(ACTIONS[GreedyBot(0).choose(state)])
    greedy_value = next(a.value for a in plan.alternatives if a.action == greedy)
    if beat_greedy and greedy_value >= best.value:
        raise PuzzleError(f"{name}: the greedy bot finds the answer (not worth asking)")
    if not race_theme_holds(theme, state, plan, greedy):
        raise PuzzleError(f"{name}: the answer does not show the theme {theme!r}")
    why = [f"{a.action}: ${a.value:g}K ({a.value - best.value:+g}), then "
           f"{_moves(a.line[1:])}" for a in plan.alternatives[1:]]
    greedy_says = "the greedy bot finds it too" if greedy == best.action else \
        f"the greedy bot's {greedy} only ${greedy_value:g}K"
    explanation = (f"{best.action} wins ${best.value:g}K against {rivals} rivals; "
                   f"{greedy_says}. Why not the others: " + " | ".join(why))
    return {"format": FORMAT, "version": VERSION, "name": name, "title": title,
            "question": question, "kind": "race", "theme": theme,
            "difficulty": level(plan.nodes, RACE_LEVELS), "work": plan.nodes,
            "rivals": rivals, "answer": best.action, "value": best.value,
            "runner_up": second.value, "ties": [], "greedy": greedy,
            "greedy_value": greedy_value,
            "table": [[a.action, a.value] for a in plan.alternatives],
            "line": [[w, t] for w, t in plan.line], "explanation": explanation,
            "position": json.loads(state.to_json())}


def seeded_values(players: int, seed: int) -> list[list[int]]:
    """Stated valuations (synthetic): what each car is worth to each player, $20K to $90K in
    $5K steps, from ``random.Random(seed)``."""
    rng = random.Random(seed)
    return [[rng.randrange(20, 91, 5) for _ in config_for(players).colours] for _ in range(players)]


def stated(state: State, values: Sequence[Sequence[int]]) -> str:
    """The facts of an auction puzzle in words: the mover, budgets, the stated values of the
    cars left (synthetic valuations)."""
    me = state.current_player
    left = [c for c, o in enumerate(state.owner) if o < 0]
    worth = ", ".join(f"{state.cfg.colours[c]} ${values[me][c]}K" for c in left)
    cash = ", ".join(f"Player {p} ${m}K" for p, m in enumerate(state.money))
    return (f"(You are Player {me}. The cars left are worth to you: {worth} (stated "
            f"valuations, synthetic; the others' are in the puzzle file). Cash: {cash}.)")


def auction_theme_holds(theme: str, state: State) -> bool:
    """Whether the position shows the theme (module docstring)."""
    left = sum(1 for o in state.owner if o < 0)
    carless = [p for p in range(state.players) if p not in state.owner]
    if theme == "forced":
        return bool(carless) and left == len(carless) + 1
    if theme == "last_three":
        return left == 3 and minimum_bid(state) == state.cfg.late_minimum
    return left == 2


def make_auction_puzzle(name: str, title: str, question: str, theme: str, state: State,
                        values: Sequence[Sequence[int]]) -> dict[str, Any]:
    """An auction puzzle's dict, its answer proven by backward induction; PuzzleError unless
    one decision is strictly best for the mover, it differs from the naive bid and the
    position shows ``theme``."""
    if not auction_theme_holds(theme, state):
        raise PuzzleError(f"{name}: the position does not show the theme {theme!r}")
    solution = auction.solve_auction(state, values)
    me = state.current_player
    ranked = mover_payoffs(solution, me)
    if len(ranked) < 2 or ranked[0][1] <= ranked[1][1]:
        raise PuzzleError(f"{name}: the best decision is not unique")
    naive = naive_bid(state, values)
    naive_value = dict(ranked)[naive]
    if naive_value >= ranked[0][1]:
        raise PuzzleError(f"{name}: the naive bid is the answer (not worth asking)")
    best_text, best = ranked[0]
    why = []
    for text, v in ranked[1:]:
        after = auction.solve_auction(state.child(state.resolve(text)), values) \
            if state.child(state.resolve(text)).phase == "auction" else None
        then = f", then {_moves(after.line)}" if after and after.line else ""
        why.append(f"{text}: {float(v):.4g} ({float(v - best):+.4g}){then}")
    explanation = (f"{best_text} is worth {float(best):.4g} ($1K, expected) to Player {me} in "
                   f"the subgame-perfect bidding; the naive {naive} only "
                   f"{float(naive_value):.4g}. " + " | ".join(why))
    return {"format": FORMAT, "version": VERSION, "name": name, "title": title,
            "question": f"{question} {stated(state, values)}", "kind": "auction",
            "theme": theme,
            "difficulty": level(solution.positions, AUCTION_LEVELS), "work": solution.positions,
            "rivals": AUCTION_RIVALS, "answer": best_text, "value": float(best),
            "exact": str(best), "runner_up": float(ranked[1][1]), "ties": [],
            "greedy": naive, "greedy_value": float(naive_value),
            "table": [[t, float(v)] for t, v in ranked],
            "line": [[w, t] for w, t in solution.line], "explanation": explanation,
            "values": [list(v) for v in values], "position": json.loads(state.to_json())}


# --- the shipped puzzles -----------------------------------------------------------------------
@dataclass(frozen=True)
class RaceSpec:
    """A shipped race puzzle: its text and the seeded endgame it is made from."""

    name: str
    title: str
    question: str
    theme: str
    players: int
    seed: int
    cards: int
    mid_card: bool
    rivals: str = "paranoid"
    beat_greedy: bool = True  # refuse the position if the greedy bot finds the answer
    decision: str = ""  # the first decision passing positions.DECISIONS[decision]

    def state(self) -> State:
        s = first_decision(self.players, self.seed, self.cards, self.decision) \
            if self.decision else endgame(self.players, self.seed, self.cards, self.mid_card)
        if s is None:
            raise PuzzleError(f"{self.name}: the seeded race ends first")
        return s

    def make(self) -> dict[str, Any]:
        return make_race_puzzle(self.name, self.title, self.question, self.theme,
                                self.state(), self.rivals, self.beat_greedy)


@dataclass(frozen=True)
class AuctionSpec:
    """A shipped auction puzzle: its text, the seeded auction, budgets and valuations."""

    name: str
    title: str
    question: str
    theme: str
    players: int
    seed: int
    cars_left: int
    money: tuple[int, ...]
    values_seed: int

    def state(self) -> State:
        return auction.auction_endgame(self.players, self.seed, self.cars_left, self.money)

    def make(self) -> dict[str, Any]:
        return make_auction_puzzle(self.name, self.title, self.question, self.theme,
                                   self.state(), seeded_values(self.players, self.values_seed))


ANY = "whatever the others do"
RACE_SPECS = (
    RaceSpec("which_card", "Which card now?",
             f"Four cards in your hand, ten left in all. Which card wins you the most prize "
             f"money, {ANY}? (A warm-up: the greedy bot finds it too.)", "card", 3, 2, 10,
             False, beat_greedy=False),
    RaceSpec("big_card_now", "The big card?",
             f"Eight cards left among four players, and you own one car. Which card now, "
             f"{ANY}?", "big_now", 4, 15, 8, False),
    RaceSpec("big_card_later", "Now or later?",
             f"Two players, eight cards left. Your hand holds a 10 for one of your cars. Play "
             f"it now, or something else first, {ANY}?", "big_later", 2, 6, 8, False),
    RaceSpec("white_to_a_rival", "Whose car takes the white number?",
             "You are carrying out a card with a white number: it may go to your own car or "
             "to a rival's. Which car must take it?", "white", 3, 12, 10, False,
             decision="white"),
    RaceSpec("block", "Stand in the way",
             f"Ten cards left among four players. Which card now, {ANY}? (Watch the rivals' "
             f"cars.)", "block", 4, 52, 10, False),
    RaceSpec("switch_moment", "The right moment to switch",
             f"Five players, nine cards left. Your hand holds a switch card. Play it now, or "
             f"another card, {ANY}?", "switch", 5, 149, 10, False, decision="switch"),
    RaceSpec("long_view", "The long view",
             "Twelve cards left among three players. Which card now, against rivals who play "
             "to stop you?", "long_view", 3, 21, 12, False),
    RaceSpec("four_way_endgame", "Four against you",
             "Four players, eleven cards left, and all three rivals play to stop you. Which "
             "card now?", "long_view", 4, 70, 11, False),
    RaceSpec("hold_the_big_card", "The biggest card in the game",
             "Eleven cards left among three players; one card of your hand gives your cars "
             "far more movement than the others. Play it now, or hold it back, against "
             "rivals who play to stop you?",
             "big_later", 3, 90, 12, False),
)
AUCTION_SPECS = (
    AuctionSpec("jump_bid", "Two cars, four bidders",
                "Two cars are left, so every bid is at least $30K (F1-12). Green is on offer "
                "and you bid first. Pass, bid the minimum, or more?", "last_two", 4, 1, 2,
                (40, 50, 30, 40), 5),
    AuctionSpec("wait_for_it", "Three cars, three bidders",
                "Three cars are left among three players, every bid at least $30K (F1-12). "
                "Black is on offer. Bid or wait?", "last_three", 3, 0, 3, (40, 50, 30), 0),
    AuctionSpec("forced_car", "No car yet",
                "You are the only player without a car and two cars are left. Bid for Green "
                "now, or let it go and take the last car at the forced $30K (F1-13)?",
                "forced", 5, 1, 2, (30, 40, 30, 40, 30), 2),
    AuctionSpec("the_better_car", "Which car to buy?",
                "Two players, two cars left: Green is on offer now, the other car comes next. "
                "Which car do you buy, and at what price?", "last_two", 2, 0, 2, (50, 60), 2),
)


def _file_dicts() -> list[dict[str, Any]]:
    """Every shipped puzzle made again, in file order: easy to hard, a race puzzle first."""
    made = [spec.make() for spec in (*RACE_SPECS, *AUCTION_SPECS)]
    made.sort(key=lambda d: (d["difficulty"], d["kind"] != "race", d["work"]))
    return made


def write_shipped(folder: Path | None = None) -> list[Path]:
    """Solve and write the shipped puzzles (into ``puzzle_data`` by default), replacing the
    old files."""
    folder = folder or DATA
    folder.mkdir(exist_ok=True)
    made = _file_dicts()
    for old in folder.glob("*.json"):
        old.unlink()
    out = []
    for i, data in enumerate(made, 1):
        path = folder / f"{i:02d}_{data['name']}.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", "utf-8")
        out.append(path)
    return out


# --- loading -----------------------------------------------------------------------------------
def _from_dict(data: dict[str, Any]) -> Puzzle:
    if data.get("format") != FORMAT or data.get("version") != VERSION:
        raise PuzzleError(f"not a {FORMAT} file of version {VERSION}")
    try:
        kind = data["kind"]
        if kind not in KINDS:
            raise PuzzleError(f"puzzle {data['name']}: kind must be one of {', '.join(KINDS)}")
        return Puzzle(data["name"], data["title"], data["question"], int(data["difficulty"]),
                      data["rivals"], data["answer"], float(data["value"]),
                      float(data["runner_up"]), json.dumps(data["position"]), kind,
                      data["theme"], data["greedy"], float(data["greedy_value"]),
                      tuple((t, float(v)) for t, v in data["table"]), data["explanation"],
                      int(data["work"]), tuple(tuple(v) for v in data.get("values", ())),
                      data.get("exact", ""), tuple(data.get("ties", ())))
    except (KeyError, TypeError, ValueError) as exc:
        raise PuzzleError(f"malformed puzzle file: {exc}") from None


def load_puzzles() -> list[Puzzle]:
    """Every shipped puzzle, by file name (easy first)."""
    folder = resources.files("solvers.formel1").joinpath("puzzle_data")
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".json")),
                   key=lambda f: f.name)
    return [_from_dict(json.loads(f.read_text("utf-8"))) for f in files]


def puzzle_named(name: str) -> Puzzle:
    """The shipped puzzle called ``name``; PuzzleError naming the known ones otherwise."""
    puzzles = load_puzzles()
    for p in puzzles:
        if p.name == name:
            return p
    raise PuzzleError(f"no puzzle {name!r} (known: {', '.join(p.name for p in puzzles)})")


def puzzle_lines(puzzle: Puzzle) -> list[str]:
    """A puzzle as text: the question, the answer and its value, the why-not explanation."""
    return [f"{puzzle.title} ({puzzle.kind}, {puzzle.theme}, difficulty {puzzle.difficulty})",
            puzzle.question, f"Answer: {puzzle.answer} ({puzzle.value:g}; rivals "
            f"{puzzle.rivals})", puzzle.explanation]


def auction_lines(puzzle: Puzzle) -> list[str]:
    """An auction puzzle solved again, as text for ``kw solve --puzzle``: the proven payoff,
    the equilibrium line, every decision's payoff (why not this?)."""
    solution = auction.solve_auction(puzzle.state(), puzzle.values)
    me = puzzle.state().current_player
    ranked = mover_payoffs(solution, me)
    best = ranked[0][1]
    out = [f"Player {me}: expected payoff {float(best):.4g} ($1K: the cars' stated values "
           f"less the price) - proven by backward induction ({AUCTION_RIVALS}, ties to the "
           f"lowest action id)", f"valued {solution.positions:,} positions", "", "Plan:"]
    out += [f"  {who:<9} {text}" for who, text in solution.line]
    out += ["", "Every decision (why not this?): expected payoff"]
    width = max(len(text) for text, _ in ranked)
    out += [f"  {text:<{width}}  {float(v):>7.4g}  ({float(v - best):+.4g})" for text, v in ranked]
    return out


def auction_dict(puzzle: Puzzle) -> dict[str, Any]:
    """``auction_lines`` as a JSON-ready dict (the shape of the race search's ``--json``)."""
    solution = auction.solve_auction(puzzle.state(), puzzle.values)
    me = puzzle.state().current_player
    ranked = mover_payoffs(solution, me)
    return {"game": "formel1", "kind": "auction", "player": me, "rivals": AUCTION_RIVALS,
            "status": "proven", "proven": True, "best": solution.best,
            "value": float(ranked[0][1]), "exact": str(ranked[0][1]),
            "payoffs": [str(v) for v in solution.payoffs],
            "line": [{"player": w, "action": a} for w, a in solution.line],
            "alternatives": [{"action": a, "value": float(v), "exact": str(v)}
                             for a, v in ranked], "positions": solution.positions}


# --- scanning for candidates -------------------------------------------------------------------
def may_show(theme: str, s: State) -> bool:
    """A cheap test before solving: the decision at ``s`` can show ``theme`` at all."""
    kinds = [ACTIONS[a] for a in s.legal_action_ids()]
    if theme == "white":
        return any(isinstance(k, White) and s.owner[k.car] == s.current_player for k in kinds) \
            and any(isinstance(k, White) and s.owner[k.car] != s.current_player for k in kinds)
    if theme == "switch":
        return any(isinstance(k, Play) and s.cfg.kinds[k.kind].switch is not None
                   for k in kinds)
    if theme in ("big_now", "big_later"):
        return s.card < 0 and big_card(s) is not None
    return s.card < 0 if theme in ("card", "block") else True


def scan_race(theme: str, players: Sequence[int], seeds: range, cards: int, mid_card: bool,
              rivals: str = "paranoid", max_nodes: int = 200_000, beat_greedy: bool = True,
              decision: str = "") -> Iterator[RaceSpec]:
    """Seeded endgames that make a puzzle of ``theme`` (each solved within ``max_nodes``)."""
    for n in players:
        for seed in seeds:
            s = first_decision(n, seed, cards, decision) if decision \
                else endgame(n, seed, cards, mid_card)
            if s is None or len(s.legal_action_ids()) < 2 or not may_show(theme, s):
                continue
            quick = race.solve(s, config=race.RaceConfig(rivals=rivals, node_budget=max_nodes,
                                                         lines=False))
            if quick.status != "proven":
                continue
            spec = RaceSpec(f"{theme}_{n}_{seed}", "", "", theme, n, seed, cards, mid_card,
                            rivals, beat_greedy, decision)
            try:
                spec.make()
            except PuzzleError:
                continue
            yield spec


def scan_auction(theme: str, players: int, seeds: range, cars_left: int,
                 money: tuple[int, ...], value_seeds: range) -> Iterator[AuctionSpec]:
    """Seeded auctions and valuations that make a puzzle of ``theme``."""
    for seed in seeds:
        for vs in value_seeds:
            spec = AuctionSpec(f"{theme}_{players}_{seed}_{vs}", "", "", theme, players, seed,
                               cars_left, money, vs)
            try:
                spec.make()
            except (PuzzleError, auction.AuctionError):
                continue
            yield spec


def main(argv: list[str] | None = None) -> int:
    """``python -m solvers.formel1.puzzles``: --regenerate, --check or --scan."""
    ap = argparse.ArgumentParser(description="Formel 1 puzzles: write, check or scan")
    ap.add_argument("--regenerate", action="store_true", help="solve and write every file")
    ap.add_argument("--check", action="store_true", help="solve and compare with the files")
    ap.add_argument("--scan", choices=RACE_THEMES, help="look for race candidates")
    ap.add_argument("--players", type=int, nargs="+", default=[3, 4])
    ap.add_argument("--seeds", type=int, nargs=2, default=[0, 40])
    ap.add_argument("--cards", type=int, default=8)
    ap.add_argument("--mid-card", action="store_true")
    args = ap.parse_args(argv)
    if args.scan:
        for spec in scan_race(args.scan, args.players, range(*args.seeds), args.cards,
                              args.mid_card):
            print(spec, flush=True)
        return 0
    if args.check:
        stored = [json.loads(p.read_text("utf-8")) for p in sorted(DATA.glob("*.json"))]
        fresh = _file_dicts()
        same = stored == fresh
        print("the files hold what the solvers prove" if same else "the files DIFFER")
        return 0 if same else 1
    for path in write_shipped():
        print(path)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
