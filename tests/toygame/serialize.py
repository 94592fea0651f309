"""The toy game's JSON positions in gamecore's v2 envelope, their checks, observations, replays.

A position is ``{"format": "toy-position", "version": 2, "game": "toy", ...}`` with every state
field by name. Loading reads the text with gamecore's bounded ``parse_json``, checks the envelope
and ``SCHEMA`` with gamecore's checker, then the rules' consistency (T1-T6), and raises
``PositionError`` naming the field at fault. Whose turn it is is recomputed, never read.
"""

from __future__ import annotations

import json
from typing import Any

from gamecore.chance import MAX_SEED
from gamecore.errors import GameError, PositionError
from gamecore.game import DEFAULT_GAME, hide
from gamecore.position import check_envelope, check_replay_fields, check_schema, parse_json

from . import rules
from .config import BONUS_VALUES, MAX_PLAYERS, MAX_SCORE, MIN_PLAYERS, NAME, TARGET, TURNS_EACH
from .state import State, new_state

FORMAT = "toy-position"
REPLAY_FORMAT = "toy-replay"
VERSION = 2
_INT = {"type": "integer", "minimum": 0}
SCHEMA: dict[str, Any] = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "required": ["format", "version", "game", "players", "seed", "draws", "bonus", "banked",
                 "turns", "turn_total", "rolling"],
    "additionalProperties": False,
    "properties": {
        "format": {"const": FORMAT},
        "version": {"const": VERSION},
        "game": {"const": NAME},
        "players": {"type": "integer", "minimum": MIN_PLAYERS, "maximum": MAX_PLAYERS},
        "seed": {"type": ["integer", "null"], "minimum": 0, "maximum": MAX_SEED},
        "draws": _INT,
        "bonus": {"type": "array", "maxItems": MAX_PLAYERS, "items": {"enum": list(BONUS_VALUES)}},
        "banked": {"type": "array", "minItems": MIN_PLAYERS, "maxItems": MAX_PLAYERS,
                   "items": {"type": "integer", "minimum": 0, "maximum": MAX_SCORE}},
        "turns": {"type": "integer", "minimum": 0, "maximum": TURNS_EACH * MAX_PLAYERS},
        "turn_total": {"type": "integer", "minimum": 0, "maximum": TARGET - 1},
        "rolling": {"type": "boolean"},
    },
}


def state_to_dict(s: State) -> dict[str, Any]:
    """The position as a JSON-ready dict."""
    return {"format": FORMAT, "version": VERSION, "game": NAME, "players": s.players,
            "seed": s.seed, "draws": s.draws, "bonus": list(s.bonus), "banked": list(s.banked),
            "turns": s.turns, "turn_total": s.turn_total, "rolling": s.rolling}


def state_to_json(s: State, indent: int | None = None) -> str:
    """The position as JSON text."""
    return json.dumps(state_to_dict(s), indent=indent)


def state_from_json(text: str | bytes) -> State:
    """Load a position from JSON text or UTF-8 bytes; PositionError for anything else."""
    return state_from_dict(parse_json(text))


def state_from_dict(data: Any) -> State:
    """Load a position dict (as ``parse_json`` gives it); PositionError naming the field."""
    check_envelope(data, FORMAT, (VERSION,), NAME, DEFAULT_GAME)
    check_schema(SCHEMA, data)
    s = new_state(data["players"], data["seed"])
    s.draws = data["draws"]
    s.bonus, s.banked = tuple(data["bonus"]), tuple(data["banked"])
    s.turns, s.turn_total, s.rolling = data["turns"], data["turn_total"], data["rolling"]
    _check_consistency(s)
    s.legal = rules.legal_ids(s)
    return s


def _check_consistency(s: State) -> None:
    """What the schema cannot say: the fields agree with each other under T1-T6."""
    n = s.players
    if len(s.banked) != n:
        raise PositionError("banked", f"one score per player ({n})")
    if s.seed is None and s.draws:
        raise PositionError("draws", "an explicit-chance game draws nothing from a seed")
    if s.seed is not None and (len(s.bonus) < n or s.rolling):
        raise PositionError("seed", "a seeded game never waits for chance (T1, T3)")
    if s.seed is not None and s.draws < n:
        raise PositionError("draws", f"a seeded game has drawn its {n} bonus cards (T1)")
    if len(s.bonus) > n:
        raise PositionError("bonus", f"at most one bonus card per player ({n}, T1)")
    if len(s.bonus) < n and (s.turns or s.turn_total or any(s.banked) or s.rolling):
        raise PositionError("turns", "nobody plays before every bonus card is dealt (T1)")
    reached = [p for p, b in enumerate(s.banked) if b >= TARGET]
    if len(reached) > 1 or (reached and reached[0] != (s.turns - 1) % n):
        raise PositionError("banked", "only the player of the last turn can reach the target (T5)")
    if s.turns > TURNS_EACH * n:
        raise PositionError("turns", f"at most {TURNS_EACH} turns each (T6)")
    if rules.is_over(s) and (s.turn_total or s.rolling):
        raise PositionError("turn_total", "nothing is rolled after the game ends (T5, T6)")
    if s.banked[s.turns % n] + s.turn_total >= TARGET:
        raise PositionError("turn_total", f"a turn reaching {TARGET} is banked at once (T5)")


def observation(s: State, player: int) -> dict[str, Any]:
    """What ``player`` may see: the position with ``hidden_paths`` set to None."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
        raise ValueError(f"no player {player!r} in a {s.players}-player game")
    view = hide(state_to_dict(s), hidden_paths(s, player))
    view["observer"] = player
    return view


def hidden_paths(s: State, player: int) -> list[str]:
    """The seed and the draws (they fix the future), and until the end the others' bonus
    cards (T1, T6)."""
    paths = ["seed", "draws"]
    if not s.is_terminal():
        paths += [f"bonus/{i}" for i in range(len(s.bonus)) if i != player]
    return paths


def replay_to_json(players: int, seed: int, actions: list[str]) -> str:
    """A replay file: the seed and every decision taken, as text."""
    return json.dumps({"format": REPLAY_FORMAT, "version": VERSION, "game": NAME,
                       "players": players, "seed": seed, "actions": actions})


def replay_from_json(text: str | bytes) -> State:
    """Replay a game from a replay file, each action checked; PositionError on a bad file."""
    from . import replay

    data = parse_json(text)
    check_envelope(data, REPLAY_FORMAT, (VERSION,), NAME, DEFAULT_GAME)
    check_replay_fields(data, range(MIN_PLAYERS, MAX_PLAYERS + 1),
                        f"the toy game is played by {MIN_PLAYERS} to {MAX_PLAYERS}")
    try:
        return replay(data["players"], data["seed"], data["actions"])
    except GameError as exc:
        raise PositionError("actions", str(exc)) from None
