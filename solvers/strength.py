"""Strength ladders: is a game's candidate bot stronger than each other bot, at equal time?

A ladder is a JSON file, fixed (committed) before it runs, so the games to play are chosen
before any result is seen (no optional stopping)::

    {"game": "formel1", "seed": 20261202, "significance": 0.01, "candidate": "NAME:MS",
     "matches": [{"players": 3, "lineup": ["NAME:MS", "greedy", "openspiel-mcts:MS"],
                  "games": 60}, ...]}

Each match is a ``solvers.tournament`` tournament: ``games`` seeded games of ``players`` seats,
the line-up's bots (distinct specs, the candidate among them) rotated through the seats so each
meets the same deals from every seat. Bots given ``:MS`` take that many milliseconds of CPU per
decision (``time.process_time``: other processes on the machine do not shorten it), so "equal
time" holds under load; the report gives every bot's measured mean time per decision that had a
choice, so it can be checked.

The comparison. In a game, the candidate finishes **ahead** of another bot when it wins and the
other does not, or neither wins and its score is higher (``solvers.tournament.finish_key``);
**behind** the other way round; else **level**. When bots hold several seats, a game counts as ahead
when the candidate's seats are ahead of the other's in more pairs than behind. Per match and pooled
over the matches, for each other bot: games ahead, behind and level, and a two-sided sign test
(scipy's exact binomial test of ahead against behind, level games left out). The candidate **beats**
a bot when it is ahead more often than behind with p below the ladder's significance. Also reported:
every bot's outright wins against the fair share 1/players (``solvers.tournament.BotStats``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from solvers.bots import BotError, canonical
from solvers.tournament import (
    GameResult,
    TournamentError,
    TournamentResult,
    finish_key,
    run_tournament,
    schedule,
)

#: the keys of a ladder file and of each of its matches
LADDER_KEYS = {"game", "seed", "significance", "candidate", "matches"}
MATCH_KEYS = {"players", "lineup", "games"}


class LadderError(ValueError):
    """A ladder file that cannot be run, naming the field at fault."""


@dataclass(frozen=True)
class Match:
    """One match of a ladder: a line-up of distinct bots, the seats and the games."""

    players: int
    lineup: tuple[str, ...]
    games: int


@dataclass(frozen=True)
class Ladder:
    """A ladder file, read and checked (``read_ladder``)."""

    game: str
    seed: int
    significance: float
    candidate: str
    matches: tuple[Match, ...]


@dataclass(frozen=True)
class Comparison:
    """The candidate against one other bot over some games."""

    rival: str
    ahead: int
    behind: int
    level: int
    p: float
    beats: bool

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {"rival": self.rival, "ahead": self.ahead, "behind": self.behind,
                "level": self.level, "p": self.p, "beats": self.beats}


def read_ladder(text: str) -> Ladder:
    """A ladder from its JSON text; LadderError naming the field at fault otherwise."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LadderError(f"not JSON: {exc}") from None
    if not isinstance(data, dict):
        raise LadderError("a ladder is a JSON object")
    _keys(data, LADDER_KEYS, "the ladder")
    game = data["game"]
    if not isinstance(game, str):
        raise LadderError(f"game: a game's name, not {game!r}")
    seed = data["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise LadderError(f"seed: a whole number >= 0, not {seed!r}")
    significance = data["significance"]
    if isinstance(significance, bool) or not isinstance(significance, int | float) \
            or not 0 < significance < 1:
        raise LadderError(f"significance: a number between 0 and 1, not {significance!r}")
    candidate = _spec(data["candidate"], game, "candidate")
    matches = data["matches"]
    if not isinstance(matches, list) or not matches:
        raise LadderError("matches: a non-empty list")
    read = tuple(_match(m, game, candidate, f"matches[{i}]") for i, m in enumerate(matches))
    return Ladder(game, seed, float(significance), candidate, read)


def _keys(data: dict[str, Any], keys: set[str], where: str) -> None:
    missing, extra = keys - data.keys(), data.keys() - keys
    if missing:
        raise LadderError(f"{where}: missing {', '.join(sorted(missing))}")
    if extra:
        raise LadderError(f"{where}: unknown {', '.join(sorted(extra))}")


def _spec(text: Any, game: str, where: str) -> str:
    if not isinstance(text, str):
        raise LadderError(f"{where}: a bot spec, not {text!r}")
    try:
        return canonical(text, game)
    except BotError as exc:
        raise LadderError(f"{where}: {exc}") from None


def _match(data: Any, game: str, candidate: str, where: str) -> Match:
    if not isinstance(data, dict):
        raise LadderError(f"{where}: a match is a JSON object")
    _keys(data, MATCH_KEYS, where)
    lineup = data["lineup"]
    if not isinstance(lineup, list) or len(lineup) < 2:
        raise LadderError(f"{where}.lineup: a list of at least two bot specs")
    specs = tuple(_spec(b, game, f"{where}.lineup[{i}]") for i, b in enumerate(lineup))
    if candidate not in specs:
        raise LadderError(f"{where}.lineup: the candidate {candidate} does not play")
    for key in ("players", "games"):
        value = data[key]
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise LadderError(f"{where}.{key}: a whole number >= 1, not {value!r}")
    return Match(data["players"], specs, data["games"])


def head_to_head(result: GameResult, candidate: str, rival: str) -> int:
    """+1 when ``candidate`` finished ahead of ``rival`` in this game, -1 behind, 0 level
    (several seats: the sign of pairs ahead minus pairs behind)."""
    mine = [s for s, b in enumerate(result.lineup) if b == candidate]
    theirs = [s for s, b in enumerate(result.lineup) if b == rival]
    net = 0
    for a in mine:
        for b in theirs:
            ka, kb = finish_key(result, a), finish_key(result, b)
            net += (ka > kb) - (ka < kb)
    return (net > 0) - (net < 0)


def compare(games: Sequence[GameResult], candidate: str, rival: str,
            significance: float) -> Comparison:
    """The candidate against ``rival`` over ``games`` (those where both played), with the sign
    test."""
    from scipy import stats

    signs = [head_to_head(g, candidate, rival) for g in games
             if candidate in g.lineup and rival in g.lineup]
    ahead, behind = signs.count(1), signs.count(-1)
    decided = ahead + behind
    p = float(stats.binomtest(ahead, decided, 0.5).pvalue) if decided else 1.0
    return Comparison(rival, ahead, behind, signs.count(0), p,
                      ahead > behind and p < significance)


def milliseconds_per_decision(games: Sequence[GameResult]) -> dict[str, float]:
    """Each bot's mean CPU milliseconds per decision that had a choice, over ``games``."""
    spent: dict[str, float] = {}
    counted: dict[str, int] = {}
    for g in games:
        for bot, seconds, searched in zip(g.lineup, g.cpu_seconds, g.searched, strict=True):
            spent[bot] = spent.get(bot, 0.0) + seconds
            counted[bot] = counted.get(bot, 0) + searched
    return {bot: 1000 * spent[bot] / counted[bot] if counted[bot] else 0.0 for bot in spent}


def run_ladder(ladder: Ladder, workers: int = 1, progress: bool = True,
               play: Callable[..., TournamentResult] = run_tournament) -> dict[str, Any]:
    """Play every match of ``ladder`` and report it as JSON-ready data (module docstring)."""
    for match in ladder.matches:  # every match checked before any is played
        try:
            schedule(list(match.lineup), match.games, ladder.seed, match.players, ladder.game)
        except TournamentError as exc:
            raise LadderError(f"the match {', '.join(match.lineup)}: {exc}") from None
    matches: list[dict[str, Any]] = []
    every: list[GameResult] = []
    for match in ladder.matches:
        try:
            result = play(list(match.lineup), match.games, seed=ladder.seed,
                          players=match.players, workers=workers, progress=progress,
                          game=ladder.game)
        except TournamentError as exc:
            raise LadderError(f"the match {', '.join(match.lineup)}: {exc}") from None
        every.extend(result.games)
        rivals = [b for b in match.lineup if b != ladder.candidate]
        matches.append({
            "players": match.players, "lineup": list(match.lineup), "games": len(result.games),
            "abandoned": result.abandoned,
            "comparisons": [compare(result.games, ladder.candidate, r,
                                    ladder.significance).to_dict() for r in rivals],
            "wins": {s.bot: {"wins": s.wins, "shared": s.shared, "seats": s.seats,
                             "win_rate": s.win_rate, "p_fair_share": s.p_value}
                     for s in result.stats},
            "ms_per_decision": milliseconds_per_decision(result.games),
            "mean_scores": {s.bot: s.mean_score for s in result.stats},
        })
    rivals = sorted({b for m in ladder.matches for b in m.lineup} - {ladder.candidate})
    pooled = [compare(every, ladder.candidate, r, ladder.significance) for r in rivals]
    return {"game": ladder.game, "seed": ladder.seed, "significance": ladder.significance,
            "candidate": ladder.candidate, "matches": matches,
            "pooled": [c.to_dict() for c in pooled],
            "ms_per_decision": milliseconds_per_decision(every),
            "beats_every_rival": all(c.beats for c in pooled)}


def markdown(report: dict[str, Any]) -> list[str]:
    """The report as Markdown tables: one row per match and rival, then the pooled rows."""
    cand = report["candidate"]
    lines = [f"Candidate **{cand}** ({report['game']}), significance {report['significance']}.",
             "", "| players | rival | games | ahead | behind | level | p | beats |",
             "|---|---|---|---|---|---|---|---|"]
    for m in report["matches"]:
        for c in m["comparisons"]:
            lines.append(_row(str(m["players"]), c, m["games"]))
    for c in report["pooled"]:
        games = c["ahead"] + c["behind"] + c["level"]
        lines.append(_row("all", c, games))
    times = ", ".join(f"{bot} {ms:.0f} ms" for bot, ms in report["ms_per_decision"].items())
    lines += ["", f"Mean CPU time per decision with a choice: {times}."]
    return lines


def _row(players: str, c: dict[str, Any], games: int) -> str:
    return (f"| {players} | {c['rival']} | {games} | {c['ahead']} | {c['behind']} | "
            f"{c['level']} | {c['p']:.2g} | {'yes' if c['beats'] else 'no'} |")


def ladder_commit(path: Path) -> str | None:
    """The commit that last changed ``path`` when the file is committed and unchanged since,
    else None (git's answer; None outside a repository)."""
    import subprocess

    def git(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(["git", *args], cwd=path.parent, capture_output=True, text=True,
                              check=False)

    name = path.name
    if git("diff", "--quiet", "HEAD", "--", name).returncode != 0:
        return None
    last = git("log", "-1", "--format=%H", "--", name)
    return last.stdout.strip() or None if last.returncode == 0 else None


__all__ = ["Comparison", "Ladder", "LadderError", "Match", "compare", "head_to_head",
           "ladder_commit", "markdown", "milliseconds_per_decision",
           "read_ladder", "run_ladder"]
