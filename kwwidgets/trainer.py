"""A puzzle trainer for every game: puzzles near the player's rating, a Glicko-2 rating kept in a
local file, and its history.

The trainer works on a small common view of a puzzle (``TrainerPuzzle``: the game, the question,
the themes, a rating, the position and who decides in it, the choices with plain labels, the
right ones, and what to show after the choice: what is proven and the "why not this?" table).
Adapters make it from the games' hand-made puzzles (``solvers.kraftwagen.puzzles``,
``solvers.formel1.puzzles``, ``solvers.automobiles.puzzles``) and from the mined puzzles
(``solvers.mining.load_mined``, when that module is installed).

The rating is Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) as the ``glicko2``
library computes it (``glicko2.Player.update_player``, its system constant tau = 0.5). Each
answered puzzle is one rating period with one game: the puzzle is the opponent, at its rating
with the fixed deviation ``PUZZLE_RD``; a right answer is a win (1), a wrong one a loss (0).

A hand-made puzzle's rating comes from its difficulty (1-5, from the work its proof took):
``difficulty_rating`` puts difficulty 3 at the rating a new player starts with (1500) and each
step 150 points apart (1200 to 1800). A player level with a puzzle solves it half the time in
the model; 150 points is the gap at which the model expects the stronger side to score about
0.7 (for a puzzle's deviation ``PUZZLE_RD``), one difficulty step being a clear but not
overwhelming difference.

The player's rating, deviation, volatility and every answer are kept in a JSON file
(``DEFAULT_FILE``; another path for tests). A file that cannot be read as a trainer file is never
overwritten before it is copied: the trainer says so in plain words, keeps a copy next to it and
starts a fresh rating.

Nothing of the answer is in the widget before the player chooses: the choices are listed in the
game's action order (prices in increasing order), never best first, and the values, the proof
and the table are drawn only by ``choose``.
"""

from __future__ import annotations

import datetime as _dt
import html
import importlib
import json
import math
import os
import random
import re
import shutil
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any

import glicko2
import ipywidgets as w

from kwwidgets.common import (
    board_widget,
    button,
    escape_dollars,
    markdown_html,
    message_widget,
    rule_link,
    say,
    show_svg,
)

#: The games whose hand-made puzzles the trainer knows, with the names a reader sees.
GAMES = {"kraftwagen": "Kraftwagen", "formel1": "Formel 1", "automobiles": "Automobiles"}
#: Glickman's values for a new player (the library's defaults too).
START_RATING = 1500.0
START_RD = 350.0
START_VOLATILITY = 0.06
#: The deviation of every puzzle as an opponent. A puzzle's rating is an estimate (from its
#: difficulty, or the miner's), not measured by play: 100 puts its 95% interval at 200 points
#: either way, a little more than one difficulty step (150 points).
PUZZLE_RD = 100.0
#: Difficulty 1-5 to rating: difficulty 3 at the new player's 1500, 150 points a step.
DIFFICULTY_STEP = 150
#: The next puzzle is drawn at random among this many nearest the player's rating.
NEAREST = 3
#: Where the rating is kept unless the trainer is told otherwise (``rating_file``, or this
#: environment variable: a browser test or a class server may point it elsewhere).
DEFAULT_FILE = Path.home() / ".kraftwagen-lab" / "trainer.json"
FILE_ENV = "KW_TRAINER_FILE"
FORMAT = "kraftwagen-lab-trainer"
VERSION = 1
NO_MINED = "No mined puzzles installed: the trainer serves the hand-made puzzles."

# A rule code inside a sentence (the puzzles' own questions cite them so): taken out of the
# sentence and given as one small link after it (the lab's standard: plain words, the rule
# behind a link).
_RULE_ID = r"(?:F1-\d+|AU-\d+|RA\d+|RF\d+|K\d+)"
_RULE_ALONE = re.compile(rf"\s*\({_RULE_ID}\)")
_RULE_OPENING = re.compile(rf"\(({_RULE_ID}): ")
_RULE_OWNED = re.compile(rf"\b{_RULE_ID}'s ")
_RULE_ANY = re.compile(rf"\b{_RULE_ID}\b")
# A code name a reader does not need inside a question (the value table's name).
_CODE_NAME = re.compile(r"buy\.DEFAULT_VALUES, ")


# --- the common view of a puzzle ---------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """One choice of a puzzle: its key (the action's text form, or "price 8"), its plain label,
    and what the proof says of it: its value as a number where the value is one number (None
    otherwise), the value in words, and how much worse than the best it is, in words."""

    key: str
    label: str
    value: float | None
    value_text: str
    worse: str = ""


@dataclass(frozen=True)
class TrainerPuzzle:
    """A puzzle as the trainer serves it, whatever its kind (hand-made or mined).

    ``choices`` are in a fixed order that says nothing of the answer; ``right`` holds the keys
    of every right choice (more than one where the proof finds a tie). ``board`` draws the
    position as the deciding player sees it. ``proof`` and ``unit`` are shown only after a
    choice."""

    id: str
    game: str
    kind: str  # "hand-made" or "mined"
    name: str
    title: str
    story: str
    question: str
    themes: tuple[str, ...]
    rating: int
    position: str  # JSON text of the position
    player: int
    choices: tuple[Choice, ...]
    right: frozenset[str]
    answer_label: str
    proof: str
    unit: str
    rules: tuple[str, ...] = ()  # rule ids the question rests on (shown as one small link)
    state_of: Callable[[], Any] | None = field(default=None, compare=False, repr=False)

    def state(self) -> Any:
        """The puzzle's position."""
        if self.state_of is not None:
            return self.state_of()
        from gamecore.game import find

        return find(self.game).from_json(self.position)

    def choice(self, key: str) -> Choice:
        """The choice with ``key``; ValueError naming the keys otherwise."""
        for c in self.choices:
            if c.key == key:
                return c
        raise ValueError(f"choice must be one of {', '.join(repr(c.key) for c in self.choices)}"
                         f" for puzzle {self.id}, not {key!r}")

    def board(self) -> str:
        """The position drawn as SVG (the game's view), as the deciding player sees it."""
        from kwwidgets.views import view_for

        return view_for(self.game).board(self.state(), self.player)


def difficulty_rating(difficulty: int) -> int:
    """A hand-made puzzle's rating from its difficulty 1-5 (module docstring): 1200 to 1800.
    ValueError outside 1-5."""
    if isinstance(difficulty, bool) or not isinstance(difficulty, int) or \
            not 1 <= difficulty <= 5:
        raise ValueError(f"difficulty must be a whole number from 1 to 5, not {difficulty!r}")
    return int(START_RATING) + DIFFICULTY_STEP * (difficulty - 3)


def theme_label(theme: str) -> str:
    """A theme as a reader reads it ("big_now" is "big now")."""
    return theme.replace("_", " ")


def plain_question(text: str) -> tuple[str, tuple[str, ...]]:
    """A puzzle's question or story with its rule codes taken out of the sentences, and the
    codes it cited (in order, once each) for a small link after it."""
    codes = tuple(dict.fromkeys(_RULE_ANY.findall(text)))
    text = _RULE_ALONE.sub("", text)
    text = _RULE_OPENING.sub("(", text)
    text = _RULE_OWNED.sub("the ", text)
    text = _RULE_ANY.sub("the rules", text)  # a code left over reads as words
    text = _CODE_NAME.sub("", text)
    return text, codes


def _ordered(state: Any, keys: Iterable[str]) -> list[str]:
    """The action texts ``keys`` in the game's action order (never best first)."""
    return sorted(keys, key=lambda k: (state.resolve(k), k))


def _label(state: Any, game: str, text: str) -> str:
    from kwwidgets.views import view_for

    return view_for(game).label(state, state.resolve(text))


# --- adapters: the hand-made puzzles -----------------------------------------------------------
def from_kraftwagen(p: Any) -> TrainerPuzzle:
    """A Kraftwagen puzzle (``solvers.kraftwagen.puzzles.Puzzle``) for the trainer.

    A tempo puzzle's choices are its first tiles, valued by the stored proof (every first tile's
    best value, ``answer["alternatives"]``). A pricing puzzle's choice is the car's price: each
    price marker with the best sales reputation of any plan at that price
    (``solvers.kraftwagen.pricing.price_curve``, CP-SAT), right where it is the best."""
    from kwwidgets.kraftwagen.labels import plain_steps
    from kwwidgets.kraftwagen.puzzle import puzzle_company
    from solvers.kraftwagen import pricing

    state = p.state()
    company = puzzle_company(p, state)
    name = state.cfg.companies[company]
    story, rules = plain_question(p.story)
    answer = p.answer
    status = "proved" if answer.get("proven") else "found within its budget (not proven)"
    if p.kind == "tempo":
        values = {a["action"]: float(a["value"]) for a in answer["alternatives"]}
        best = max(values.values())
        keys = _ordered(state, values)
        choices = tuple(Choice(k, _label(state, "kraftwagen", k), values[k], f"{values[k]:g}",
                               _worse(best - values[k])) for k in keys)
        unit = ("lead over the best rival" if p.settings.get("objective") == "margin"
                else "reputation gained")
        rivals = ("every rival playing greedily" if p.settings.get("rivals") == "greedy"
                  else "the rivals moving as the question says")
        question, more = plain_question(p.question)
        rules += tuple(r for r in more if r not in rules)
        right = frozenset(k for k in keys if values[k] == best)
        answer_label = " or ".join(c.label for c in choices if c.key in right)
        proof = (f"The turn planner {status} it, searching every line to the question's "
                 f"horizon with {rivals}: {answer_label} reaches {best:g} ({name}'s {unit}); "
                 "the table gives every first tile's best value.")
    else:
        curve = pricing.price_curve(state)
        top = max(curve.values())
        choices = tuple(Choice(f"price {price}", f"A car at price {price}", float(v), f"{v:g}",
                               _worse(top - v)) for price, v in sorted(curve.items()))
        right = frozenset(c.key for c in choices if c.value == top)
        answer_label = " or ".join(c.label for c in choices if c.key in right)
        question = (f"{name} places a car now. At which price? (The value is {name}'s sales "
                    "reputation in the scoring phase that follows, with the best car and "
                    "extras for that price.)")
        plan = plain_steps(state, tuple(answer["actions"])) or "place no car"
        unit = "sales reputation"
        proof = (f"The pricing solver (CP-SAT) {status} the best plan: {plan}, for a sales "
                 f"reputation of {answer['value']}. The table gives the best sales reputation "
                 "of any plan at each price.")
    return TrainerPuzzle(
        id=f"kraftwagen:{p.name}", game="kraftwagen", kind="hand-made", name=p.name,
        title=p.title, story=story, question=question, themes=(p.kind,),
        rating=difficulty_rating(p.difficulty), position=p.position, player=company,
        choices=choices, right=right, answer_label=answer_label, proof=proof, unit=unit,
        rules=rules, state_of=p.state)


def _worse(loss: float) -> str:
    return "" if loss == 0 else f"{loss:g} less"


def _money(value: float) -> str:
    return f"${value:g}K"


def from_formel1(p: Any) -> TrainerPuzzle:
    """A Formel 1 puzzle (``solvers.formel1.puzzles.Puzzle``) for the trainer: its choices are
    every decision of its table (``p.table``), valued as its proof values them."""
    state = p.state()
    values = dict(p.table)
    keys = _ordered(state, values)
    best = float(p.value)
    right = frozenset({p.answer, *p.ties})
    choices = tuple(Choice(k, _label(state, "formel1", k), float(values[k]),
                           _money(float(values[k])),
                           _worse_money(best - float(values[k]))) for k in keys)
    answer_label = " or ".join(c.label for c in choices if c.key in right)
    question, rules = plain_question(p.question)
    if p.kind == "auction":
        exact = f" (exactly {p.exact})" if p.exact and "/" in p.exact else ""
        unit = "expected payoff in $1K (the stated value of the cars bought less the price)"
        proof = (f"Backward induction proved it for bidders who value the cars as stated "
                 f"(synthetic valuations) and bid as well as they can: {answer_label} gives an "
                 f"expected payoff of {_money(best)}{exact}, the next best "
                 f"{_money(float(p.runner_up))}. It says nothing of bidders who value the cars "
                 "otherwise.")
    else:
        rivals = ("rivals who play to keep your money lowest" if p.rivals == "paranoid"
                  else f"{p.rivals} rivals")
        unit = "your prize money for the race in $1K"
        proof = (f"The race search proved it with every hand open, against {rivals}: "
                 f"{answer_label} wins {_money(best)}, the next best "
                 f"{_money(float(p.runner_up))}. It says nothing of other rivals or of play "
                 "with hidden hands.")
    return TrainerPuzzle(
        id=f"formel1:{p.name}", game="formel1", kind="hand-made", name=p.name, title=p.title,
        story="", question=question, themes=(p.kind, p.theme),
        rating=difficulty_rating(p.difficulty), position=p.position,
        player=state.current_player, choices=choices, right=right, answer_label=answer_label,
        proof=proof, unit=unit, rules=rules, state_of=p.state)


def _worse_money(loss: float) -> str:
    return "" if loss == 0 else f"{_money(loss)} less"


_AU_WHY = re.compile(r"^(?P<action>[^:]+): (?P<value>.*?)(?: \((?P<why>[^()]*)\))?$")
_AU_WHY_WORDS = {"ties with the answer": "", "more wear": "more wear",
                 "not as far": "not as far", "less value": "less value"}


def _one_unit(text: str) -> str:
    return re.sub(r"\b(-?1) units\b", r"\1 unit", text)


def from_automobiles(p: Any) -> TrainerPuzzle:
    """An Automobiles puzzle (``solvers.automobiles.puzzles.Puzzle``) for the trainer: its
    choices are the answer's first decision, those tied with it, and the other first decisions
    of its why-not lines (``p.why_not``), each with the best turn after it."""
    state = p.state()
    progress, wear, worth = p.value
    best_text = _one_unit(f"at best {progress} units, {wear} wear, value {worth}")
    found: dict[str, tuple[str, str]] = {p.answer: (best_text, "")}
    for tie in p.ties:
        found.setdefault(tie, ("as good as the answer", ""))
    for line in p.why_not:
        m = _AU_WHY.match(line)
        if m is None:
            raise ValueError(f"puzzle {p.name}: why_not line {line!r} is not "
                             "'action: value (reason)'")
        why = m.group("why") or ""
        found.setdefault(m.group("action"), (_one_unit(m.group("value")),
                                             _AU_WHY_WORDS.get(why, why)))
    keys = _ordered(state, found)
    right = frozenset({p.answer, *p.ties})
    choices = tuple(Choice(k, _label(state, "automobiles", k), None, found[k][0], found[k][1])
                    for k in keys)
    answer_label = " or ".join(c.label for c in choices if c.key in right)
    question, rules = plain_question(p.question)
    order = {"progress": "furthest, then the least wear, then the most value",
             "wear": "the least wear, then furthest, then the most value",
             "value": "the most value, then furthest, then the least wear"}
    unit = ("units moved, wear added and value (our synthetic cube prices) of the best turn "
            "after it")
    proof = (f"The best-turn solver searched every line of this turn, drawing nothing: "
             f"{answer_label} starts the best turn ({best_text}), best meaning "
             f"{order.get(p.objective, p.objective)}. It sees this turn only, not the race; "
             "value is priced by our synthetic cube prices.")
    return TrainerPuzzle(
        id=f"automobiles:{p.name}", game="automobiles", kind="hand-made", name=p.name,
        title=p.title, story="", question=question, themes=(p.objective,),
        rating=difficulty_rating(p.difficulty), position=json.dumps(p.position),
        player=state.current_player, choices=choices, right=right, answer_label=answer_label,
        proof=proof, unit=unit, rules=rules, state_of=p.state)


def builtin_puzzles(games: Sequence[str] = tuple(GAMES)) -> tuple[TrainerPuzzle, ...]:
    """Every hand-made puzzle of ``games`` for the trainer (ValueError for an unknown game)."""
    out: list[TrainerPuzzle] = []
    for game in _games(games):
        out += _builtin(game)
    return tuple(out)


_BUILTIN: dict[str, tuple[TrainerPuzzle, ...]] = {}


def _builtin(game: str) -> tuple[TrainerPuzzle, ...]:
    # Made once per session: a pricing puzzle's choices take a CP-SAT solve per price.
    if game not in _BUILTIN:
        module = importlib.import_module(f"solvers.{game}.puzzles")
        adapt = {"kraftwagen": from_kraftwagen, "formel1": from_formel1,
                 "automobiles": from_automobiles}[game]
        _BUILTIN[game] = tuple(adapt(p) for p in module.load_puzzles())
    return _BUILTIN[game]


def _games(games: Sequence[str] | str) -> tuple[str, ...]:
    if isinstance(games, str):
        games = (games,)
    games = tuple(games)
    unknown = [g for g in games if g not in GAMES]
    if unknown or not games:
        raise ValueError(f"games must name some of {', '.join(GAMES)}, not {list(games)!r}")
    return tuple(dict.fromkeys(games))


# --- adapters: the mined puzzles ---------------------------------------------------------------
def from_mined(m: Any) -> TrainerPuzzle:
    """A mined puzzle (``solvers.mining.MinedPuzzle``) for the trainer: its choices are its
    answer and its why-not decisions (``m.why_not``: action id, label, value, loss), right
    where the loss is nothing; each labelled as the game's widgets label it (the stored label
    where the view cannot)."""
    from kwwidgets.views import view_for

    state = m.state()
    view = view_for(str(m.game))

    def said(aid: int, stored: str) -> str:
        try:
            return view.label(state, aid)
        except (LookupError, ValueError):
            return stored

    rows: dict[int, Choice] = {}
    for row in m.why_not:
        aid = int(row["action"])
        loss = float(row["loss"])
        rows[aid] = Choice(str(aid), said(aid, str(row["label"])), float(row["value"]),
                           f"{float(row['value']):g}", "" if loss == 0 else f"{loss:g} less")
    answer = int(m.answer)
    if answer not in rows:  # the answer's value: any other decision's value plus its loss
        first = next(iter(m.why_not), None)
        value = (float(first["value"]) + float(first["loss"]) if first is not None
                 else float(m.margin))
        rows[answer] = Choice(str(answer), said(answer, str(m.answer_label)), value,
                              f"{value:g}")
    right = frozenset({str(answer)} | {c.key for c in rows.values() if c.worse == ""})
    choices = tuple(rows[a] for a in sorted(rows))
    question, rules = plain_question(str(m.question))
    answer_label = " or ".join(c.label for c in choices if c.key in right)
    proof = str(m.proof)
    plausible = m.plausible if isinstance(m.plausible, dict) else {}
    if "action" in plausible and "loss" in plausible:  # the move a mined puzzle catches out
        greedy = said(int(plausible["action"]), str(plausible.get("label", "")))
        proof += f" The greedy bot would play {greedy}, {float(plausible['loss']):g} less."
    return TrainerPuzzle(
        id=f"{m.game}:mined:{m.name}", game=str(m.game), kind="mined", name=str(m.name),
        title=f"From a played game ({m.name})", story=_source_words(m.source),
        question=question, themes=tuple(m.themes), rating=int(m.rating),
        position=str(m.position), player=int(m.player), choices=choices, right=right,
        answer_label=answer_label, proof=proof, unit=f"{m.unit}; higher is better",
        rules=rules, state_of=m.state)


def _source_words(source: Any) -> str:
    """Where a mined puzzle's position comes from, in a sentence ("" if the source says
    nothing the trainer knows)."""
    if not isinstance(source, dict):
        return ""
    if "replay" in source:
        return f"A position from the replay {source['replay']}."
    if "seed" in source and "bots" in source:
        bots = " and ".join(dict.fromkeys(str(b) for b in source["bots"]))
        players = source.get("players")
        game = f"a {players}-player game" if players else "a game"
        return f"A position from {game} between bots ({bots}), seeded {source['seed']}."
    return ""


def mined_puzzles(games: Sequence[str] = tuple(GAMES)) -> tuple[tuple[TrainerPuzzle, ...], str]:
    """The mined puzzles of ``games`` (``solvers.mining.load_mined``) and a message: empty when
    some were found, ``NO_MINED`` when the module or its puzzles are not installed."""
    try:
        mining = importlib.import_module("solvers.mining")
        load_mined = mining.load_mined
    except (ImportError, AttributeError):
        return (), NO_MINED
    out: list[TrainerPuzzle] = []
    for game in _games(games):
        try:
            found = load_mined(game)
        except (ImportError, OSError, LookupError, ValueError):
            continue  # no miner or no mined puzzles for this game (a MiningError is a ValueError)
        out += [from_mined(m) for m in found]
    return tuple(out), ("" if out else NO_MINED)


# --- the rating ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: the rating, its deviation (RD) and the volatility."""

    rating: float = START_RATING
    rd: float = START_RD
    vol: float = START_VOLATILITY

    @property
    def low(self) -> float:
        """The interval's low end: rating - 2 RD (about 95%)."""
        return self.rating - 2 * self.rd

    @property
    def high(self) -> float:
        """The interval's high end: rating + 2 RD."""
        return self.rating + 2 * self.rd

    def after(self, opponent: float, right: bool, opponent_rd: float = PUZZLE_RD) -> Rating:
        """The rating after one rating period with one result against ``opponent`` (a
        puzzle's rating): the ``glicko2`` library's update."""
        # glicko2 2.1.0's new volatility (step 5, its ``_f``) has the rating mu squared where
        # the paper has the deviation phi squared. Glickman's example player is at 1500
        # (mu = 0), so it agrees there; elsewhere the volatility differs in the sixth decimal
        # (0.060009 for the paper's 0.060011: an 1800 player, RD 80, losing to a 1200 puzzle),
        # moving the rating by well under a hundredth of a point. The library is kept as is.
        player = glicko2.Player(rating=self.rating, rd=self.rd, vol=self.vol)
        player.update_player([opponent], [opponent_rd], [1 if right else 0])
        return Rating(float(player.rating), float(player.rd), float(player.vol))


@dataclass(frozen=True)
class Attempt:
    """One answered puzzle: which, the choice, right or not, and the rating after it."""

    puzzle: str
    game: str
    puzzle_rating: float
    puzzle_rd: float
    choice: str
    right: bool
    rating: float
    rd: float
    vol: float
    at: str

    @property
    def after(self) -> Rating:
        """The rating after this answer."""
        return Rating(self.rating, self.rd, self.vol)


@dataclass(frozen=True)
class Record:
    """What the rating file holds: the rating now and every answer, oldest first."""

    rating: Rating = field(default_factory=Rating)
    history: tuple[Attempt, ...] = ()

    @property
    def solved(self) -> frozenset[str]:
        """The puzzles answered right at least once."""
        return frozenset(a.puzzle for a in self.history if a.right)

    @property
    def tried(self) -> frozenset[str]:
        """The puzzles answered at least once."""
        return frozenset(a.puzzle for a in self.history)

    def to_dict(self) -> dict[str, Any]:
        """The record as the file's JSON object."""
        return {"format": FORMAT, "version": VERSION, "player": asdict(self.rating),
                "history": [asdict(a) for a in self.history]}


def _number(d: dict[str, Any], key: str, where: str, positive: bool = False) -> float:
    v = d.get(key)
    if isinstance(v, bool) or not isinstance(v, int | float) or not math.isfinite(v) or \
            (positive and v <= 0):
        kind = "a positive number" if positive else "a number"
        raise ValueError(f"{where}: {key} must be {kind}, not {v!r}")
    return float(v)


def record_from_dict(data: Any) -> Record:
    """A record from the file's JSON object; ValueError naming the first bad field."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError(f"not a trainer file (format {FORMAT!r} expected)")
    if data.get("version") != VERSION:
        raise ValueError(f"version must be {VERSION}, not {data.get('version')!r}")
    player = data.get("player")
    if not isinstance(player, dict):
        raise ValueError("player must be an object with rating, rd and vol")
    rating = Rating(_number(player, "rating", "player"), _number(player, "rd", "player", True),
                    _number(player, "vol", "player", True))
    history = data.get("history")
    if not isinstance(history, list):
        raise ValueError("history must be a list")
    attempts = []
    for i, a in enumerate(history):
        where = f"history[{i}]"
        if not isinstance(a, dict):
            raise ValueError(f"{where} must be an object")
        for key in ("puzzle", "game", "choice", "at"):
            if not isinstance(a.get(key), str):
                raise ValueError(f"{where}: {key} must be text, not {a.get(key)!r}")
        if not isinstance(a.get("right"), bool):
            raise ValueError(f"{where}: right must be true or false, not {a.get('right')!r}")
        attempts.append(Attempt(a["puzzle"], a["game"], _number(a, "puzzle_rating", where),
                                _number(a, "puzzle_rd", where, True), a["choice"], a["right"],
                                _number(a, "rating", where), _number(a, "rd", where, True),
                                _number(a, "vol", where, True), a["at"]))
    return Record(rating, tuple(attempts))


def default_file() -> Path:
    """The rating file when none is given: ``KW_TRAINER_FILE`` if set, else ``DEFAULT_FILE``."""
    named = os.environ.get(FILE_ENV, "").strip()
    return Path(named).expanduser() if named else DEFAULT_FILE


def backup_path(path: Path) -> Path:
    """Where a file the trainer cannot read is copied: ``<name>.unreadable[-N].json`` beside it,
    never over an earlier copy."""
    n = 0
    while True:
        candidate = path.with_name(f"{path.stem}.unreadable{'' if n == 0 else f'-{n}'}.json")
        if not candidate.exists():
            return candidate
        n += 1


def load_record(path: Path) -> tuple[Record, str]:
    """The record in ``path`` and a message: a fresh record and no message when there is no
    file yet; a fresh record and a plain message when the file cannot be read, after copying
    it (``backup_path``) so nothing is lost."""
    record, message, _ = _read_record(path)
    return record, message


def _read_record(path: Path) -> tuple[Record, str, bool]:
    """``load_record``'s record and message, and whether ``path`` may be written: not when it
    could be neither read nor copied (it is left alone, as the message says)."""
    if not path.exists():
        return Record(), "", True
    try:
        return record_from_dict(json.loads(path.read_text("utf-8"))), "", True
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        reason = f"{type(exc).__name__}: {exc}" if isinstance(exc, OSError) else str(exc)
        try:
            copy = backup_path(path)
            shutil.copy2(path, copy)
            kept = f"it is kept as {copy.name}"
        except OSError as copy_exc:
            kept = f"it could not be copied ({copy_exc.strerror}) and will be left alone"
            return Record(), (f"The rating file {path} could not be read ({reason}); {kept}. "
                              "A fresh rating starts, kept in memory only."), False
        return Record(), (f"The rating file {path} could not be read ({reason}); {kept}. "
                          "A fresh rating starts."), True


def save_record(path: Path, record: Record) -> None:
    """Write ``record`` to ``path`` (its folder made if need be), whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(record.to_dict(), f, indent=1)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# --- choosing the next puzzle ------------------------------------------------------------------
def pick(puzzles: Sequence[TrainerPuzzle], rating: float, record: Record,
         rng: random.Random, theme: str | None = None, skip: str | None = None,
         nearest: int = NEAREST) -> TrainerPuzzle | None:
    """The next puzzle: one of the ``nearest`` unsolved puzzles (of ``theme``, if given) whose
    ratings are nearest ``rating``, drawn by ``rng``. Puzzles never tried come first; those
    answered wrong come back once every other has been tried. ``skip`` (the puzzle on screen)
    is left out while there is another. None when every puzzle is solved."""
    pool = [p for p in puzzles if theme is None or theme in p.themes]
    unsolved = [p for p in pool if p.id not in record.solved]
    fresh = [p for p in unsolved if p.id not in record.tried]
    candidates = fresh or unsolved
    if len(candidates) > 1:
        candidates = [p for p in candidates if p.id != skip]
    if not candidates:
        return None
    ranked = sorted(candidates, key=lambda p: (abs(p.rating - rating), p.id))
    return rng.choice(ranked[:max(1, nearest)])


# --- the widget --------------------------------------------------------------------------------
@dataclass(frozen=True)
class Result:
    """What a choice gave: right or not, the answer, and the rating before and after."""

    puzzle: str
    choice: str
    right: bool
    answer_label: str
    before: Rating
    after: Rating


class PuzzleTrainer:
    """Puzzles near your rating, a Glicko-2 rating kept in ``rating_file``, and its history.

    ``PuzzleTrainer(games=("kraftwagen", "formel1", "automobiles"), theme=None,
    rating_file=None, seed=None, mined=True)``: the games whose puzzles are served (ValueError
    for another), a theme to keep to (ValueError naming the themes for an unknown one), the
    JSON file (by default ``default_file()``), the seed of the draw among the nearest puzzles,
    and whether mined puzzles are served when installed.

    Every control calls a public method: the theme list (CSS class ``kw-trainer-theme``) calls
    ``set_theme``, "Next puzzle" (``kw-trainer-next``) calls ``next_puzzle``, a choice's button
    (``kw-trainer-choice``) calls ``choose`` with its key.
    """

    def __init__(self, games: Sequence[str] | str = tuple(GAMES), theme: str | None = None,
                 rating_file: str | os.PathLike[str] | None = None, seed: int | None = None,
                 mined: bool = True) -> None:
        self.games = _games(games)
        mined_found, mined_message = mined_puzzles(self.games) if mined else ((), "")
        self.puzzles: tuple[TrainerPuzzle, ...] = builtin_puzzles(self.games) + mined_found
        self.mined_message = mined_message
        self.themes = tuple(sorted({t for p in self.puzzles for t in p.themes}))
        if theme is not None and theme not in self.themes:
            raise ValueError(f"theme must be one of {', '.join(self.themes)}, not {theme!r}")
        self.theme = theme
        self.path = Path(rating_file) if rating_file is not None else default_file()
        # A file that could be neither read nor copied is never written over (load_record).
        self.record, self.file_message, self.saving = _read_record(self.path)
        self.rng = random.Random(seed)
        self.puzzle: TrainerPuzzle | None = None
        self.result: Result | None = None

        self.out = w.Output()  # what a callback prints or raises (STYLE 18)
        self.rating_line = w.HTML()
        self.rating_line.add_class("kw-trainer-rating")
        self.theme_list = w.Dropdown(
            options=[("any theme", "")] + [(theme_label(t), t) for t in self.themes],
            value=theme or "", description="Theme", style={"description_width": "initial"},
            layout=w.Layout(width="auto"))
        self.theme_list.add_class("kw-trainer-theme")
        self.theme_list.observe(self._theme_picked, names="value")
        self.next_button = button("Next puzzle", "kw-trainer-next", self.next_puzzle, self.out,
                                  "a new puzzle near your rating")
        self.message = message_widget()
        self.text = w.HTML()
        self.text.add_class("kw-trainer-text")
        self.board = board_widget()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.buttons.add_class("kw-trainer-choices")
        self.outcome = w.HTML()
        self.outcome.add_class("kw-trainer-outcome")
        self.history = w.HTML()
        self.history.add_class("kw-trainer-history")
        self.board_title = w.HTML()
        # The question, the choices and what a choice shows stay together above the board
        # (a board may be taller than the screen); the history closes the widget.
        self.view = w.VBox([self.rating_line, w.HBox([self.theme_list, self.next_button]),
                            self.message, self.text, self.buttons, self.outcome,
                            self.board_title, self.board, self.history, self.out])
        self.view.add_class("kw-trainer")
        self._syncing = False
        self._draw_rating()
        self.next_puzzle()
        notes = [m for m in (self.file_message, self.mined_message) if m]
        if notes:
            if self.puzzle is None:
                notes.append(self._solved_text())
            say(self.message, " ".join(notes), "error" if self.file_message else "info")

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.view)

    @property
    def rating(self) -> Rating:
        """The player's rating now."""
        return self.record.rating

    # --- the controls ------------------------------------------------------------------------
    def _theme_picked(self, change: dict[str, object]) -> None:
        if not self._syncing:
            with self.out:
                self.set_theme(str(change["new"]) or None)

    def set_theme(self, theme: str | None) -> TrainerPuzzle | None:
        """Keep to ``theme`` (None or "": any) and show a puzzle of it (``next_puzzle``);
        ValueError naming the themes for an unknown one, nothing changed."""
        theme = theme or None
        if theme is not None and theme not in self.themes:
            raise ValueError(f"theme must be one of {', '.join(self.themes)}, not {theme!r}")
        self.theme = theme
        if self.theme_list.value != (theme or ""):
            self._syncing = True
            try:
                self.theme_list.value = theme or ""
            finally:
                self._syncing = False
        return self.next_puzzle()

    def next_puzzle(self) -> TrainerPuzzle | None:
        """Show the unsolved puzzle nearest your rating (of the theme, if one is chosen), the
        answer hidden; a puzzle left unanswered changes nothing. None (and a message) when
        every puzzle of the selection is solved."""
        skip = self.puzzle.id if self.puzzle is not None else None
        return self._show(pick(self.puzzles, self.rating.rating, self.record, self.rng,
                               self.theme, skip))

    def show(self, puzzle_id: str) -> TrainerPuzzle:
        """Show the puzzle ``puzzle_id`` (``TrainerPuzzle.id``, like "formel1:jump_bid"),
        whatever its rating or theme, the answer hidden; ValueError naming a few ids for an
        unknown one, nothing changed."""
        for p in self.puzzles:
            if p.id == puzzle_id:
                self._show(p)
                return p
        some = ", ".join(p.id for p in self.puzzles[:3])
        raise ValueError(f"puzzle_id must be a puzzle of this trainer (like {some}), "
                         f"not {puzzle_id!r}")

    def _show(self, p: TrainerPuzzle | None) -> TrainerPuzzle | None:
        self.puzzle, self.result = p, None
        self.outcome.value = ""
        if p is None:
            say(self.message, self._solved_text(), "ok")
            self.text.value = ""
            self.board_title.value = ""
            self.board.value = ""
            self.buttons.children = []
            return None
        say(self.message, "")
        self.text.value = _puzzle_html(p)
        self.board_title.value = f"<b>The position</b> ({html.escape(_who(p))} to decide)"
        show_svg(self.board, p.board())
        self.buttons.children = [self._choice_button(c) for c in p.choices]
        return p

    def _solved_text(self) -> str:
        which = f"of the theme {theme_label(self.theme)}" if self.theme else "here"
        return (f"You have solved every puzzle {which}. Choose another theme, or start a new "
                "rating file.")

    def _choice_button(self, c: Choice) -> w.Button:
        b = button(c.label, "kw-trainer-choice", lambda: self.choose(c.key), self.out,
                   f"choose: {c.label}")
        return b

    def choose(self, key: str) -> Result:
        """Answer the puzzle shown with the choice ``key``: say right or wrong, show the answer,
        what is proven and the why-not table, update the rating (``Rating.after``), save it
        and redraw the history. A second choice on the same puzzle changes nothing and returns
        the first result. ValueError (nothing changed) for no puzzle or an unknown key."""
        p = self.puzzle
        if p is None:
            raise ValueError("no puzzle is shown: press Next puzzle first")
        chosen = p.choice(key)
        if self.result is not None:
            say(self.message, "You have answered this puzzle: press Next puzzle for another.")
            return self.result
        right = key in p.right
        before = self.rating
        after = before.after(p.rating, right)
        attempt = Attempt(p.id, p.game, float(p.rating), PUZZLE_RD, key, right, after.rating,
                          after.rd, after.vol,
                          _dt.datetime.now(_dt.UTC).isoformat(timespec="seconds"))
        self.record = replace(self.record, rating=after,
                              history=(*self.record.history, attempt))
        self.result = Result(p.id, key, right, p.answer_label, before, after)
        try:
            if self.saving:
                save_record(self.path, self.record)
                say(self.message, "")
            else:
                say(self.message, f"Your rating is kept in memory only: {self.path} could not "
                    "be read or copied, so it is left alone.", "error")
        except OSError as exc:
            say(self.message, f"Your rating could not be saved to {self.path} "
                f"({exc.strerror or exc}); it is kept until this notebook closes.", "error")
        for b, c in zip(self.buttons.children, p.choices, strict=True):
            assert isinstance(b, w.Button)
            b.disabled = True
            if c.key in p.right:
                b.button_style = "success"
            elif c.key == key:
                b.button_style = "danger"
        self.outcome.value = _outcome_html(p, chosen, self.result)
        self._draw_rating()
        return self.result

    # --- drawing -------------------------------------------------------------------------------
    def _draw_rating(self) -> None:
        r = self.rating
        n = len(self.record.history)
        right = sum(a.right for a in self.record.history)
        self.rating_line.value = (
            f"<b>Your puzzle rating: {r.rating:.0f}</b>, likely between {r.low:.0f} and "
            f"{r.high:.0f} (rating &plusmn; 2 deviations); {n} puzzle{'s' * (n != 1)} "
            f"answered, {right} right.")
        self.history.value = history_html(self.record) if n else ""


def _who(p: TrainerPuzzle) -> str:
    from kwwidgets.views import view_for

    return view_for(p.game).player(p.state(), p.player)


def _puzzle_html(p: TrainerPuzzle) -> str:
    where = "mined from played games" if p.kind == "mined" else "hand-made"
    themes = ", ".join(theme_label(t) for t in p.themes)
    link = f" {rule_link(*p.rules)}" if p.rules else ""
    parts = [f"<h3 style='margin: 0.3em 0'>{html.escape(p.title)}</h3>",
             f"<p><i>{GAMES.get(p.game, p.game)}, {where}; theme: {html.escape(themes)}; "
             f"puzzle rating {p.rating}</i></p>"]
    if p.story:
        parts.append(markdown_html(p.story))
    parts.append(markdown_html(f"**Question.** {p.question}{link}"))
    return escape_dollars(f"<div style='line-height: 1.45'>{''.join(parts)}</div>")


def _outcome_html(p: TrainerPuzzle, chosen: Choice, result: Result) -> str:
    verdict = ("<b style='color: #2b6a30'>Right.</b>" if result.right
               else "<b style='color: #a4161a'>Not the best.</b>")
    answer = f" The answer: <b>{html.escape(p.answer_label)}</b>."
    if not result.right:
        answer += f" You chose {html.escape(chosen.label)}."
    rows = []
    for c in p.choices:
        marks = [m for m, on in (("the answer", c.key in p.right),
                                 ("your choice", c.key == chosen.key)) if on]
        style = ' style="background: #fff3c4"' if c.key == chosen.key else ""
        rows.append(f"<tr{style}><td>{html.escape(c.label)}</td>"
                    f"<td>{html.escape(c.value_text)}</td><td>{html.escape(c.worse)}</td>"
                    f"<td>{', '.join(marks)}</td></tr>")
    table = ('<table class="kw-alternatives" style="border-collapse: collapse">'
             "<tr><th>Why not this?</th><th>best value after it</th><th>worse by</th><th></th>"
             "</tr>" + "".join(rows) + "</table>"
             f"<p><i>Value: {html.escape(p.unit)}.</i></p>")
    table = _CELL_PADDING + table
    b, a = result.before, result.after
    change = (f"<p>Your rating: {b.rating:.0f} &rarr; <b>{a.rating:.0f}</b> (likely between "
              f"{a.low:.0f} and {a.high:.0f}), against the puzzle's {p.rating} "
              f"(deviation {PUZZLE_RD:g}).</p>")
    # ipywidgets gives HTML a one-line box's line height; prose reads better tighter.
    return escape_dollars(f"<div style='line-height: 1.45'><p>{verdict}{answer}</p>"
                          f"<p>{html.escape(p.proof)}</p>{table}{change}</div>")


_CELL_PADDING = ("<style>.kw-trainer-outcome .kw-alternatives td, .kw-trainer-outcome "
                 ".kw-alternatives th {padding: 2px 12px 2px 0; text-align: left}</style>")


def history_html(record: Record) -> str:
    """The rating after each answer as a small figure (SVG): the rating, the band of rating
    &plusmn; 2 deviations, right answers filled and wrong ones hollow."""
    from kwwidgets.solutions import KwFigure, figure_svg

    points = [Rating(), *(a.after for a in record.history)]
    xs = list(range(len(points)))
    ys = [r.rating for r in points]
    fig = KwFigure(figsize=(7.5, 2.8))
    ax = fig.add_subplot()
    ax.fill_between(xs, [r.low for r in points], [r.high for r in points], color="#9ecae1",
                    alpha=0.5, label="rating ± 2 deviations")
    ax.plot(xs, ys, color="#1f3a5f", linewidth=1.5, label="rating")
    right = [(i + 1, a.rating) for i, a in enumerate(record.history) if a.right]
    wrong = [(i + 1, a.rating) for i, a in enumerate(record.history) if not a.right]
    if right:
        ax.plot(*zip(*right, strict=True), "o", color="#2b6a30", label="right")
    if wrong:
        ax.plot(*zip(*wrong, strict=True), "o", markerfacecolor="white", color="#a4161a",
                label="wrong")
    ax.set_xlabel("puzzles answered", fontsize=10)
    ax.set_ylabel("rating", fontsize=10)
    ax.tick_params(labelsize=10)
    ax.set_title("Your rating after each puzzle", fontsize=11)
    ax.legend(fontsize=9, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    if len(xs) <= 12:
        ax.set_xticks(xs)
    fig.tight_layout()
    return figure_svg(fig)
