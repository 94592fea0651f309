"""Puzzles mined from real games, for every game: positions whose best decision is proven and
beats every other by a stated margin, where the greedy bot's move is wrong.

``mine(game, games, seed)`` plays seeded games between the game's built-in bots (and plays back
replays given to it) and, at each decision its game's adapter (``solvers/<game>/mine.py``)
finds worth proving, asks the game's proving search for the value of every legal decision. A
position is kept when:

- the search proved every decision's value (each game's ``PROOF`` says what that means: the
  horizon, the rival model, full information or not), within its bounded budget (a node
  budget, so the same command finds the same puzzles; a candidate whose proof does not finish
  within it is skipped);
- the best decision beats every other by at least the adapter's ``MARGIN`` (a unique answer);
- the greedy bot's move (a plausible move) is another decision, worth less.

Each puzzle stores the position, the answer, the margin, the "why not this?" table (every other
decision's value and loss), the greedy bot's move and its loss, where it came from (seed,
seats, decision number; or the replay), themes found from the actions and the position by the
adapter, and a measured difficulty: which of the game's ladder bots (random, greedy, MCTS at
two simulation budgets, the game's search bot at a small node budget: all budgets in counts,
never time, so the file is reproducible) play the answer, run on the position with fixed seeds,
turned into a rating on the Glicko scale (``rating_of``), and the proving search's effort.

``load_mined(game)`` reads the shipped file ``solvers/<game>/mined_puzzles.json`` (easiest
first); ``check(puzzle)`` proves a puzzle again (None: still correct, else what changed);
``kw puzzles --mine`` and ``kw puzzles --check`` (``solvers.cli``) run both.
"""

from __future__ import annotations

import importlib
import json
import math
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Protocol

from gamecore.game import find as find_game

GAMES = ("kraftwagen", "formel1", "automobiles")
FORMAT = "kraftwagen-lab-mined-puzzles"
VERSION = 1
#: The file of a game's shipped mined puzzles, beside its solver (not in ``puzzle_data/``,
#: whose loaders read every JSON file there as a hand-made puzzle).
FILE_NAME = "mined_puzzles.json"
#: Values closer than this are equal (the searches' values are whole numbers or fractions).
EPSILON = 1e-9
#: The Glicko scale's prior for a puzzle's rating before any bot tried it (Glicko-1's default
#: rating and deviation) and the range the rating is kept in.
PRIOR_RATING, PRIOR_DEVIATION = 1500.0, 350.0
RATING_RANGE = (800, 2200)
#: The seeds each ladder bot is built with (fixed: a bot's choice is reproducible).
LADDER_SEED = 0


class MiningError(ValueError):
    """A user's mistake in a mining or check request (unknown game, bad replay, bad file):
    one line for the command line to print."""


@dataclass(frozen=True)
class MinedPuzzle:
    """One mined puzzle (module docstring): the position (the game's JSON text), the seat to
    move, the question, the proven answer (an action id) and its label, the margin in
    ``unit``, what is proven, every other decision's value and loss, the greedy bot's move,
    the source, the themes, the rating and which ladder bots solve it, the proof's effort."""

    name: str
    game: str
    position: str
    player: int
    question: str
    answer: int
    answer_label: str
    margin: float
    unit: str
    proof: str
    why_not: tuple[dict[str, Any], ...]
    plausible: dict[str, Any]
    source: dict[str, Any]
    themes: tuple[str, ...]
    rating: int
    solved_by: dict[str, bool]
    effort: dict[str, Any]

    def state(self) -> Any:
        """The position as the game's state."""
        return find_game(self.game).from_json(self.position)

    def to_dict(self) -> dict[str, Any]:
        """The puzzle as a JSON-ready dict (the position kept as its compact JSON text: a
        parsed and indented position would make a file of a few hundred puzzles megabytes)."""
        out = asdict(self)
        out["position"] = json.dumps(json.loads(self.position), separators=(",", ":"))
        out["why_not"] = [dict(w) for w in self.why_not]
        out["themes"] = list(self.themes)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> MinedPuzzle:
        """A puzzle from ``to_dict``'s dict; MiningError naming the field at fault."""
        try:
            position = data["position"]
            return cls(
                name=str(data["name"]), game=str(data["game"]),
                position=position if isinstance(position, str) else json.dumps(position),
                player=int(data["player"]), question=str(data["question"]),
                answer=int(data["answer"]), answer_label=str(data["answer_label"]),
                margin=float(data["margin"]), unit=str(data["unit"]), proof=str(data["proof"]),
                why_not=tuple(dict(w) for w in data["why_not"]),
                plausible=dict(data["plausible"]), source=dict(data["source"]),
                themes=tuple(str(t) for t in data["themes"]), rating=int(data["rating"]),
                solved_by={str(k): bool(v) for k, v in data["solved_by"].items()},
                effort=dict(data["effort"]))
        except KeyError as exc:
            raise MiningError(f"a mined puzzle lacks the field {exc.args[0]!r}") from None
        except (TypeError, ValueError, AttributeError) as exc:
            raise MiningError(f"a mined puzzle has a malformed field ({exc})") from None


@dataclass(frozen=True)
class Proof:
    """What a game's adapter proved at a position: the value of every legal decision (action
    id -> value in ``unit``, higher better), the question, what is proven, the proving search's
    effort, and ``detail`` for the adapter's themes (its own data: a line, a plan)."""

    values: dict[int, float]
    unit: str
    question: str
    proof: str
    nodes: int
    seconds: float
    detail: Any = None

    def ranked(self) -> list[tuple[int, float]]:
        """The decisions best first (ties by action id)."""
        return sorted(self.values.items(), key=lambda kv: (-kv[1], kv[0]))


class Adapter(Protocol):
    """A game's mining adapter, ``solvers/<game>/mine.py`` (its module docstring says what
    "proven" means there, its margin and its themes)."""

    GAME: str
    MARGIN: float
    LADDER: tuple[tuple[str, int], ...]  # (bot spec, the bot's rating on the Glicko scale)
    MAX_PER_GAME: int

    def seats(self, index: int) -> tuple[int, tuple[str, ...]]:
        """The number of players and the seats' bots of the ``index``-th seeded game."""
        ...

    def new_game(self, players: int, seed: int) -> Any:
        """A new seeded game."""
        ...

    def candidate(self, state: Any) -> bool:
        """A cheap test: the decision at ``state`` is worth proving."""
        ...

    def prove(self, state: Any) -> Proof | None:
        """Every legal decision's proven value, or None when the proof does not finish within
        the bounded budget (or the position is not one the adapter proves)."""
        ...

    def themes(self, state: Any, proof: Proof, answer: int, greedy: int) -> tuple[str, ...]:
        """The puzzle's themes, found from the actions and the position."""
        ...


def adapter(game: str) -> Adapter:
    """The mining adapter of ``game``; MiningError naming the games that have one."""
    if game not in GAMES:
        raise MiningError(f"no game {game!r} to mine (games: {', '.join(GAMES)})")
    module: Adapter = importlib.import_module(f"solvers.{game}.mine")
    return module


def shipped_path(game: str) -> Path:
    """Where ``game``'s shipped mined puzzles are."""
    adapter(game)
    return Path(__file__).resolve().parent / game / FILE_NAME


# --- labels, bots, ratings ----------------------------------------------------------------
def label(game: str, state: Any, aid: int) -> str:
    """An action id in the words the game's widgets and command line use."""
    described = find_game(game)
    return str(described.action_label(state, state.ACTIONS.from_id(aid)))


def greedy_choice(game: str, state: Any) -> int:
    """The greedy bot's move at ``state`` (seeded: reproducible)."""
    from solvers.bots import make_bot

    return int(make_bot("greedy", LADDER_SEED, game).choose(state.clone()))


def ladder_results(game: str, state: Any, answer: int,
                   ladder: Sequence[tuple[str, int]]) -> dict[str, bool]:
    """Which ladder bots play ``answer`` at ``state``, each built with the fixed seed."""
    from solvers.bots import make_bot

    found: dict[str, bool] = {}
    for spec, _ in ladder:
        bot = make_bot(spec, LADDER_SEED, game)
        found[spec] = int(bot.choose(state.clone())) == answer
    return found


def rating_of(solved_by: dict[str, bool], ladder: Sequence[tuple[str, int]]) -> int:
    """The puzzle's rating on the Glicko scale: each ladder bot's attempt is a game between
    the bot (its stated rating) and the puzzle, won by the bot when it plays the answer
    (expected score by the logistic curve of Elo and Glicko); the rating is the most likely
    one under Glicko's prior (1500, deviation 350), searched on a 10-point grid in
    ``RATING_RANGE``. Solved by every bot: near the bottom; by none: near the top."""
    rated = {spec: r for spec, r in ladder}
    best, best_score = RATING_RANGE[0], -math.inf
    for r in range(RATING_RANGE[0], RATING_RANGE[1] + 1, 10):
        score = -((r - PRIOR_RATING) ** 2) / (2 * PRIOR_DEVIATION ** 2)
        for spec, won in solved_by.items():
            p_bot = 1 / (1 + 10 ** ((r - rated[spec]) / 400))
            score += math.log(p_bot if won else 1 - p_bot)
        if score > best_score + EPSILON:
            best, best_score = r, score
    return best


# --- mining ---------------------------------------------------------------------------------
@dataclass
class _Found:
    """A puzzle before it is named (names follow the order of difficulty)."""

    data: dict[str, Any]
    key: str = field(default="")


def position_key(state: Any) -> str:
    """The position without its log: the same position met twice is mined once."""
    data = json.loads(state.to_json())
    for noise in ("events", "log", "history"):
        data.pop(noise, None)
    return json.dumps(data, sort_keys=True)


def examine(game: str, state: Any, source: dict[str, Any],
            rules: Adapter | None = None) -> dict[str, Any] | None:
    """The puzzle at ``state`` as a dict without its name, or None when the position is not
    one (not proven within the budget, no unique answer by the margin, or the greedy bot finds
    the answer)."""
    rules = rules or adapter(game)
    legal = list(state.legal_action_ids())
    if len(legal) < 2 or not rules.candidate(state):
        return None
    proof = rules.prove(state.clone())
    if proof is None or set(proof.values) != set(legal):
        return None
    ranked = proof.ranked()
    (answer, best), (_, second) = ranked[0], ranked[1]
    margin = best - second
    if margin < rules.MARGIN - EPSILON:
        return None
    greedy = greedy_choice(game, state)
    if greedy == answer or greedy not in proof.values:
        return None
    solved_by = ladder_results(game, state, answer, rules.LADDER)
    why_not = tuple({"action": aid, "label": label(game, state, aid), "value": _num(value),
                     "loss": _num(best - value)} for aid, value in ranked[1:])
    return {
        "game": game, "position": compact_position(game, state.to_json()),
        "player": int(state.current_player),
        "question": proof.question, "answer": answer,
        "answer_label": label(game, state, answer), "margin": _num(margin),
        "unit": proof.unit, "proof": proof.proof, "why_not": why_not,
        "plausible": {"bot": "greedy", "action": greedy, "label": label(game, state, greedy),
                      "loss": _num(best - proof.values[greedy])},
        "source": source, "themes": tuple(rules.themes(state, proof, answer, greedy)),
        "rating": rating_of(solved_by, rules.LADDER), "solved_by": solved_by,
        "effort": {"nodes": int(proof.nodes), "seconds": round(proof.seconds, 2)},
    }


def compact_position(game: str, text: str) -> str:
    """A position's JSON with an empty event log when the game loads it so (the log is the
    story of the game so far, not the position, and would make most of a puzzle's size);
    the same position with its log otherwise."""
    data = json.loads(text)
    if not isinstance(data, dict) or not data.get("log"):
        return text
    data["log"] = []  # the position files require the field, not its entries
    short = json.dumps(data, separators=(",", ":"))
    try:
        loaded = find_game(game).from_json(short)
    except Exception:  # noqa: BLE001 - a game that needs its log keeps it
        return text
    original = find_game(game).from_json(text)
    if list(loaded.legal_action_ids()) != list(original.legal_action_ids()):
        return text
    return short


def _num(x: Any) -> float:
    """A value for the file: a float rounded to 6 places (fractions of a draw's odds stay
    readable)."""
    return round(float(x), 6)


def _game_states(rules: Adapter, game: str, index: int, seed: int
                 ) -> Iterable[tuple[Any, dict[str, Any]]]:
    """Each decision of the ``index``-th seeded game between the adapter's bots, with its
    source."""
    from solvers.bots import make_bot

    players, seats = rules.seats(index)
    game_seed = seed * 10_000 + index
    state = rules.new_game(players, game_seed)
    bots = [make_bot(spec, game_seed * 16 + i, game) for i, spec in enumerate(seats)]
    decision = 0
    while not state.is_terminal():
        if state.current_player >= 0:
            yield state, {"seed": game_seed, "players": players, "bots": list(seats),
                          "decision": decision}
            state.apply(bots[state.current_player].choose(state))
        else:  # explicit chance (a game whose new_game stops at draws): a seeded outcome
            state.apply(bots[0].choose(state))
        decision += 1


def _replay_states(game: str, path: str) -> Iterable[tuple[Any, dict[str, Any]]]:
    """Each decision of a replay file, with its source."""
    from solvers import review

    try:
        text = Path(path).read_text("utf-8")
    except OSError as exc:
        raise MiningError(f"--replay {path!r}: cannot read it ({exc.strerror})") from None
    try:
        replay = review.read_replay(text)
    except review.ReviewError as exc:
        raise MiningError(f"--replay {path!r}: {exc}") from None
    if replay.game.name != game:
        raise MiningError(f"--replay {path!r} is a replay of {replay.game.name}, not of "
                          f"{game}")
    for decision, state in enumerate(replay.states()[:-1]):
        if not state.is_terminal() and state.current_player >= 0:
            yield state, {"replay": Path(path).name, "decision": decision}


def mine(game: str, games: int, seed: int, replays: Sequence[str] = (), progress: bool = False,
         on_found: Callable[[int], None] | None = None,
         on_game: Callable[[int, list[MinedPuzzle]], None] | None = None) -> list[MinedPuzzle]:
    """Puzzles from ``games`` seeded games between the game's bots (seeds from ``seed``) and
    from each replay file in ``replays``, easiest first, named ``<game>-mNNN`` in that order.
    Deterministic: the same arguments give the same puzzles (but for the measured seconds of
    each proof's effort). ``progress`` shows a bar (tqdm, on a terminal). ``on_game(k,
    puzzles)`` is called after the k-th seeded game with the puzzles of the replays and the
    first k games (what ``mine`` with ``games=k`` returns): a long run can be written as it
    goes and stopped."""
    rules = adapter(game)
    if games < 0:
        raise MiningError("--games: expected a whole number >= 0")
    sources: list[Iterable[tuple[Any, dict[str, Any]]]] = [
        _replay_states(game, path) for path in replays]
    sources += [_game_states(rules, game, i, seed) for i in range(games)]
    found: list[_Found] = []
    seen: set[str] = set()
    done = 0
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(sources), desc=f"mining {game}", unit="game", disable=None)
    for states in sources:
        kept = 0
        for state, source in states:
            if kept >= rules.MAX_PER_GAME:
                break
            if len(state.legal_action_ids()) < 2 or not rules.candidate(state):
                continue
            key = position_key(state)
            if key in seen:
                continue
            seen.add(key)
            data = examine(game, state.clone(), dict(source), rules)
            if data is not None:
                found.append(_Found(data, key))
                kept += 1
                if on_found is not None:
                    on_found(len(found))
        if bar is not None:
            bar.update(1)
            bar.set_postfix(puzzles=len(found))
        done += 1
        if on_game is not None and done > len(replays):
            on_game(done - len(replays), _named(game, found))
    if bar is not None:
        bar.close()
    return _named(game, found)


def _named(game: str, found: list[_Found]) -> list[MinedPuzzle]:
    """The puzzles easiest first (rating, then the proof's nodes, then the position), named
    in that order."""
    ordered = sorted(found, key=lambda f: (f.data["rating"], f.data["effort"]["nodes"], f.key))
    return [MinedPuzzle(name=f"{game}-m{i + 1:03d}", **f.data) for i, f in enumerate(ordered)]


# --- files --------------------------------------------------------------------------------
def to_json(game: str, puzzles: Sequence[MinedPuzzle], command: str = "") -> str:
    """The file of ``game``'s mined puzzles (``load_mined`` reads it back)."""
    rules = adapter(game)
    data = {"format": FORMAT, "version": VERSION, "game": game, "command": command,
            "margin": rules.MARGIN, "ladder": [{"bot": s, "rating": r} for s, r in rules.LADDER],
            "puzzles": [p.to_dict() for p in puzzles]}
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def read_mined(text: str, where: str = "<mined puzzles>") -> tuple[MinedPuzzle, ...]:
    """The puzzles of a mined-puzzles file's text; MiningError naming ``where`` otherwise."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise MiningError(f"{where}: not JSON ({exc.msg}, line {exc.lineno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or data.get("version") != VERSION:
        raise MiningError(f"{where}: not a {FORMAT} file of version {VERSION}")
    try:
        return tuple(MinedPuzzle.from_dict(p) for p in data["puzzles"])
    except MiningError as exc:
        raise MiningError(f"{where}: {exc}") from None
    except (KeyError, TypeError) as exc:
        raise MiningError(f"{where}: malformed ({exc})") from None


def load_mined(game: str) -> tuple[MinedPuzzle, ...]:
    """The shipped mined puzzles of ``game``, easiest first (none when nothing is shipped)."""
    path = shipped_path(game)
    if not path.is_file():
        return ()
    puzzles = read_mined(path.read_text("utf-8"), str(path.name))
    return tuple(sorted(puzzles, key=lambda p: (p.rating, p.effort.get("nodes", 0), p.name)))


# --- checking -------------------------------------------------------------------------------
def check(puzzle: MinedPuzzle) -> str | None:
    """Prove ``puzzle`` again: None when the stored answer is still the proven unique best
    by the stored margin, the why-not values and the greedy bot's move are unchanged and the
    answer is legal in the core; else one line on what changed."""
    rules = adapter(puzzle.game)
    try:
        state = puzzle.state()
    except Exception as exc:  # noqa: BLE001 - any loading failure is what changed
        return f"the position no longer loads ({exc})"
    legal = list(state.legal_action_ids())
    if puzzle.answer not in legal:
        return f"the answer {puzzle.answer} ({puzzle.answer_label}) is not legal"
    if state.current_player != puzzle.player:
        return f"player {state.current_player} moves, not {puzzle.player}"
    proof = rules.prove(state.clone())
    if proof is None:
        return "the proof did not finish within its budget"
    if set(proof.values) != set(legal):
        return "the proof did not value every legal decision"
    ranked = proof.ranked()
    answer, best = ranked[0]
    margin = best - ranked[1][1]
    if answer != puzzle.answer:
        return (f"the proven best is now {label(puzzle.game, state, answer)}, not "
                f"{puzzle.answer_label}")
    if abs(margin - puzzle.margin) > 1e-6:
        return f"the margin is now {margin:g}, not {puzzle.margin:g}"
    for row in puzzle.why_not:
        value = proof.values.get(int(row["action"]))
        if value is None or abs(value - float(row["value"])) > 1e-6:
            return f"{row['label']} is now worth {value}, not {row['value']}"
    greedy = greedy_choice(puzzle.game, state)
    if greedy != puzzle.plausible.get("action"):
        return f"the greedy bot now plays {label(puzzle.game, state, greedy)}"
    state.clone().apply(puzzle.answer)
    return None


def summary(puzzles: Sequence[MinedPuzzle]) -> list[str]:
    """A few lines on a set of mined puzzles: how many, by rating band, by theme."""
    bands = {"easy (under 1300)": 0, "medium (1300-1599)": 0, "hard (1600-1799)": 0,
             "very hard (1800 and up)": 0}
    for p in puzzles:
        key = list(bands)[(p.rating >= 1300) + (p.rating >= 1600) + (p.rating >= 1800)]
        bands[key] += 1
    themes: dict[str, int] = {}
    for p in puzzles:
        for t in p.themes:
            themes[t] = themes.get(t, 0) + 1
    lines = [f"{len(puzzles)} puzzles: " + ", ".join(f"{n} {b}" for b, n in bands.items())]
    if themes:
        lines.append("themes: " + ", ".join(f"{t} {n}" for t, n in
                                            sorted(themes.items(), key=lambda kv: -kv[1])))
    return lines


def timed(fn: Callable[[], Any]) -> tuple[Any, float]:
    """``fn()`` and the CPU seconds it took (``time.process_time``)."""
    t0 = time.process_time()
    out = fn()
    return out, time.process_time() - t0


__all__ = ["FILE_NAME", "FORMAT", "GAMES", "MinedPuzzle", "MiningError", "Proof", "adapter",
           "check", "examine", "label", "load_mined", "mine", "rating_of", "read_mined",
           "shipped_path", "summary", "to_json"]
