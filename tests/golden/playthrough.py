"""Golden playthroughs: one fixed seeded game of every registered game, in one generic text format.

The format follows OpenSpiel's ``integration_tests/playthroughs/*.txt``: a header naming the game,
its players, seed, options and bots, then every decision in order (its number, who decides, the
legal actions as ``id: text``, the action taken as ``id text``), the board (``Game.text``) at the
start, after every ``BOARD_EVERY`` decisions and at the end, the full event log (``Game.log``), the
scores and the outcome. Every seat is played by the game's built-in greedy bot (its random bot
if it has no greedy one), seat ``p``'s bot seeded with ``seed + p``.

Each game's file is ``tests/golden/<game>/playthrough_<players>p_seed<seed>.txt``;
``tests/gamecore/test_playthroughs.py`` plays every game again and compares, so that any change
of the rules, the bots or the words shows up as a diff. After a change that is MEANT to alter
play, regenerate every file and review the diff:

    .venv/bin/python tests/golden/playthrough.py --write

Without ``--write`` the script only says which files differ from a fresh playthrough.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, NamedTuple

from gamecore import game as registry

#: The packages whose games must have a golden playthrough (importing one registers its games).
CORE_PACKAGES = ("kwcore", "formel1", "automobiles")
GOLDEN_DIR = Path(__file__).resolve().parent
#: The command that rewrites every file, as the test's failure message quotes it.
REGENERATE = ".venv/bin/python tests/golden/playthrough.py --write"
#: A file larger than this keeps the legal lists of the first FULL_LEGAL_DECISIONS only.
MAX_BYTES = 250_000
FULL_LEGAL_DECISIONS = 60
#: The board is drawn at the start, after every BOARD_EVERY decisions, and at the end.
BOARD_EVERY = 50
#: A game still running after this many decisions is a bug, not a long game.
MAX_DECISIONS = 10_000


class Setup(NamedTuple):
    """The fixed game of one playthrough: players, seed, and the options given to ``new_game``
    (as name, value pairs; every other option keeps its default)."""

    players: int
    seed: int
    options: tuple[tuple[str, bool | int | str], ...] = ()


#: Short but complete games: a single race where the game has a season of several.
SETUPS: dict[str, Setup] = {
    "kraftwagen": Setup(3, 7),
    "formel1": Setup(3, 7, (("races", 1),)),
    "automobiles": Setup(3, 7, (("laps", 1),)),
}


class Decision(NamedTuple):
    """One decision of a recorded game: the seat, its name, the legal actions, the one taken."""

    player: int
    name: str
    legal: tuple[tuple[int, str], ...]
    taken: tuple[int, str]


class Record(NamedTuple):
    """A game played to its end: its decisions, the boards drawn (by number of decisions made),
    the log, the player names, scores and outcome."""

    decisions: tuple[Decision, ...]
    boards: tuple[tuple[int, str], ...]
    log: tuple[str, ...]
    names: tuple[str, ...]
    scores: tuple[int, ...]
    outcome: Any


def core_games() -> list[registry.Game]:
    """Every game registered by the core packages (imported here), by name; games registered
    by anything else (a test's toy game) are left out."""
    for package in CORE_PACKAGES:
        importlib.import_module(package)
    found = [g for g in registry.games() if g.new_game.__module__.split(".")[0] in CORE_PACKAGES]
    for package in CORE_PACKAGES:
        if not any(g.new_game.__module__.split(".")[0] == package for g in found):
            raise RuntimeError(f"importing {package} registered no game (is a folder of that "
                               f"name on sys.path shadowing the package?)")
    return found


def setup_of(game: registry.Game) -> Setup:
    """The fixed game played for ``game``: its entry in SETUPS, else 3 players (or the nearest
    count the game allows), seed 7 and the default options."""
    if game.name in SETUPS:
        return SETUPS[game.name]
    return Setup(min(max(3, game.min_players), game.max_players), 7)


def bot_name(game: registry.Game) -> str:
    """The bot that plays every seat: ``greedy`` if the game has one, else ``random``."""
    return "greedy" if "greedy" in game.bots else "random"


def path_of(game: registry.Game) -> Path:
    """Where the golden playthrough of ``game`` is kept."""
    setup = setup_of(game)
    return GOLDEN_DIR / game.name / f"playthrough_{setup.players}p_seed{setup.seed}.txt"


def play(game: registry.Game, setup: Setup) -> Record:
    """Play the fixed game ``setup`` of ``game`` to its end with one bot per seat, recording
    every decision and the boards; RuntimeError if it does not end in MAX_DECISIONS."""
    state = game.new_game(setup.players, setup.seed, **dict(setup.options))
    bots = [game.make_bot(bot_name(game), setup.seed + p) for p in range(setup.players)]
    names = tuple(game.player_name(state, p) for p in range(setup.players))
    decisions: list[Decision] = []
    boards = [(0, game.text(state))]
    while not state.is_terminal():
        if len(decisions) >= MAX_DECISIONS:
            raise RuntimeError(f"{game.name}: no end after {MAX_DECISIONS} decisions")
        if state.is_chance_node():
            raise RuntimeError(f"{game.name}: a chance node, though chance is not explicit")
        player = state.current_player
        legal = tuple((i, str(state.ACTIONS.from_id(i))) for i in state.legal_action_ids())
        taken = int(bots[player].choose(state))
        text = dict(legal).get(taken)
        if text is None:
            raise RuntimeError(f"{game.name}: the bot chose {taken}, not a legal action")
        decisions.append(Decision(player, game.player_name(state, player), legal, (taken, text)))
        state.apply(taken)
        if len(decisions) % BOARD_EVERY == 0 and not state.is_terminal():
            boards.append((len(decisions), game.text(state)))
    boards.append((len(decisions), game.text(state)))
    return Record(tuple(decisions), tuple(boards), tuple(game.log(state)), names,
                  tuple(state.scores()), state.outcome())


def _option_words(game: registry.Game, setup: Setup) -> str:
    """Every option of the game with the value played, the defaults marked as such."""
    given = dict(setup.options)
    words = []
    for option in game.options:
        if option.name in given:
            words.append(f"{option.name}={given[option.name]!r}")
        else:
            words.append(f"{option.name}={option.default!r} (default)")
    return ", ".join(words) or "(none)"


def render(game: registry.Game, setup: Setup, record: Record, full_legal: int | None) -> str:
    """The text of a playthrough file; the legal actions are listed for every decision when
    ``full_legal`` is None, else for the first ``full_legal`` decisions only."""
    bot = bot_name(game)
    n = len(record.decisions)
    legal_words = ("legal actions: listed at every decision" if full_legal is None else
                   f"legal actions: listed for the first {full_legal} decisions only, then only "
                   f"the action taken (to keep the file under {MAX_BYTES // 1000} KB)")
    lines = [
        "# Golden playthrough of one seeded game, generated by tests/golden/playthrough.py.",
        f"# Regenerate only after a deliberate change of play, and review the diff: {REGENERATE}",
        f"game: {game.name}",
        f"title: {game.title}",
        f"players: {setup.players}",
        f"seed: {setup.seed}",
        f"options: {_option_words(game, setup)}",
        *(f"seat {p}: {record.names[p]}, bot {bot} seeded {setup.seed + p}"
          for p in range(setup.players)),
        f"decisions: {n}",
        legal_words,
        f"board: at the start, after every {BOARD_EVERY} decisions, and at the end",
    ]
    boards = dict(record.boards)
    for step, decision in enumerate(record.decisions):
        if step in boards and step < n:
            lines += ["", f"## Board after {step} decisions", *boards[step].splitlines()]
        lines += ["", f"## Decision {step + 1}",
                  f"player: {decision.player} {decision.name}"]
        if full_legal is None or step < full_legal:
            lines.append(f"legal ({len(decision.legal)}):")
            lines += [f"  {i}: {text}" for i, text in decision.legal]
        lines.append(f"action: {decision.taken[0]} {decision.taken[1]}")
    outcome = record.outcome
    winners = ", ".join(f"{p} {record.names[p]}" for p in outcome.winners)
    lines += [
        "", f"## End after {n} decisions", "terminal: yes",
        "", "## Board at the end", *boards[n].splitlines(),
        "", f"## Log ({len(record.log)} lines)", *record.log,
        "", "## Result",
        "scores: " + ", ".join(f"{p} {record.names[p]} {s}" for p, s in enumerate(record.scores)),
        f"outcome: winners {winners}; scores {' '.join(map(str, outcome.scores))}; "
        f"reason: {outcome.reason}",
    ]
    return "\n".join(lines) + "\n"


def playthrough(game: registry.Game) -> str:
    """The text of the golden playthrough of ``game``, played afresh in memory (the legal lists
    cut after FULL_LEGAL_DECISIONS if the whole text would pass MAX_BYTES)."""
    setup = setup_of(game)
    record = play(game, setup)
    text = render(game, setup, record, None)
    if len(text.encode("utf-8")) > MAX_BYTES:
        text = render(game, setup, record, FULL_LEGAL_DECISIONS)
    return text


def main(argv: Sequence[str] | None = None) -> int:
    """Regenerate every golden playthrough (``--write``), or only report which differ."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--write", action="store_true", help="rewrite every playthrough file")
    args = parser.parse_args(argv)
    stale = 0
    for game in core_games():
        path, text = path_of(game), playthrough(game)
        same = path.exists() and path.read_text("utf-8") == text
        if args.write:
            path.parent.mkdir(exist_ok=True)
            path.write_text(text, "utf-8", newline="\n")
            print(f"{'unchanged' if same else 'wrote'} {path} ({len(text.encode('utf-8'))} bytes)")
        elif not same:
            stale += 1
            print(f"differs: {path} (regenerate with {REGENERATE})")
    return 1 if stale else 0


if __name__ == "__main__":
    # Run as a script, this folder is sys.path[0], and its folders of golden files (formel1/,
    # automobiles/) would be imported as empty namespace packages instead of the games.
    _here = Path(__file__).resolve().parent
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != _here]
    sys.exit(main())
