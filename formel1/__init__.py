"""formel1: the rules engine of Formel 1 Nürburgring on gamecore.

Rules: docs/rules-formel1.md (F1-01..F1-41 from the seed, the rulings RF1-RF9). The package has
kwcore's file skeleton (STYLE 20): ``data/components.json`` (the cards and track, synthetic and
marked, RF1/RF2; the prize chart), ``config`` (loaded and validated once), ``actions`` (the
stable table), ``rules`` (every rule), ``state`` (plain data on gamecore's ``GameState``),
``serialize`` (JSON positions, observations, replays), ``render`` and ``svg`` (the boards),
``bots``, ``game`` (the registered description) and ``openspiel`` (``python_formel1``).
Chance is seeded in the state or explicit (``explicit_chance=True``: the state stops at each
deal and reveal). Every variant of the seed is built (``variants=...``, ``track="new"``).
Standard library and gamecore only.

    import formel1
    state = formel1.new_game(players=4, seed=7, races=3, track="standard")
    state.apply("bid 30")
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from gamecore.chance import check_seed
from gamecore.position import short

from .actions import ACTIONS, NUM_ACTIONS, TABLE, Action
from .config import MAX_PLAYERS, MAX_RACES, MIN_PLAYERS, TWO_LAPS, VARIANTS, config_for
from .game import GAME
from .state import State

__all__ = ["ACTIONS", "GAME", "NUM_ACTIONS", "Action", "State", "config_for", "from_json",
           "new_game", "parse_action", "replay"]


def new_game(players: int = 4, seed: int | None = 0, races: int = 3, track: str = "standard",
             variants: Iterable[str] = (), explicit_chance: bool = False) -> State:
    """A new game of ``players`` (2-6) over ``races`` races (1-10, F1-33) on ``track``.

    Seeded, chance (the first dealer, the deal, the Starter card, the car cards) is drawn from
    the seed the state keeps; with ``explicit_chance=True`` the state stops at each chance
    decision (``current_player == CHANCE``). ``variants``: ``"white321"`` (F1-04), ``"no_car"``
    (F1-38, F1-39), ``"two_laps_discards"`` (F1-40) or ``"two_laps_double_deck"`` (F1-41);
    ``track="new"`` is the new track (F1-34 .. F1-37).
    """
    from . import rules
    from .state import new_state

    if isinstance(players, bool) or not isinstance(players, int) \
            or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be a whole number from {MIN_PLAYERS} to "
                         f"{MAX_PLAYERS}, not {short(players)}")
    cfg = config_for(players)
    if isinstance(races, bool) or not isinstance(races, int) or not 1 <= races <= MAX_RACES:
        raise ValueError(f"races must be a whole number from 1 to {MAX_RACES}, not {short(races)}")
    if not isinstance(track, str) or track not in cfg.tracks:
        raise ValueError(f"unknown track {short(track)} (known: {', '.join(cfg.tracks)})")
    if isinstance(variants, str) or not all(isinstance(v, str) for v in variants):
        raise ValueError(f"variants are a list of names, not {short(variants)}")
    chosen = tuple(sorted(set(variants)))
    unknown = [v for v in chosen if v not in VARIANTS]
    if unknown:
        raise ValueError(f"unknown or unbuilt variant {short(unknown[0])} (built: "
                         f"{', '.join(VARIANTS)})")
    if len(set(chosen) & set(TWO_LAPS)) > 1:
        raise ValueError("the two two-lap forms exclude each other (F1-40, F1-41)")
    state = new_state(players, check_seed(seed, explicit_chance), races, track, chosen)
    rules.start(state)
    return state


def from_json(text: str | bytes) -> State:
    """Load a position written by ``State.to_json``; PositionError naming the field otherwise."""
    from .serialize import state_from_json

    return state_from_json(text)


def parse_action(state: State, text: str) -> Action:
    """The action written ``text`` (no legality check; ``state.apply`` checks)."""
    return TABLE.from_text(text)


def replay(players: int, seed: int, actions: Sequence[str | int], races: int = 3,
           track: str = "standard", variants: Iterable[str] = ()) -> State:
    """Replay a seeded game from its seed and the actions taken (text or ids), each checked."""
    state = new_game(players, seed, races, track, variants)
    for action in actions:
        state.apply(action)
    return state
