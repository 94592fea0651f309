"""automobiles: the rules engine of Automobiles, a bag-building car race (issue 15).

The rules are ``docs/rules-automobiles.md`` (AU-01..AU-84, from the German seed) with the rulings
RA1-RA7 of ``RULINGS_RACING.md``; the component data (partly synthetic) is
``automobiles/data/components.json``, loaded by ``automobiles.config``. Built so far: setup, the
turn (drawing, placing gear cubes, the pit stop, buying, the car, wear and end phases), the
five cards of the standard set, and the end of the race; the other 30 cards, Weaving, drivers,
sponsors and the season are not built yet.

API, like the other games'::

    import automobiles
    state = automobiles.new_game(players=3, seed=7)
    state.apply("stop buying")
"""

from __future__ import annotations

from gamecore.chance import check_seed

from . import game as _game  # noqa: F401 - binds the rules to the state
from .actions import ACTIONS, NUM_ACTIONS, Action
from .config import config
from .state import State

__all__ = ["ACTIONS", "NUM_ACTIONS", "Action", "State", "new_game"]


def new_game(players: int = 2, seed: int | None = 0, cards: str = "standard",
             track: str = "daytona", laps: int | None = None,
             explicit_chance: bool = False) -> State:
    """A new race of ``players`` (2-5) waiting for its first decision.

    ``cards`` names a card set of the data file (AU-08), ``track`` a track (RA3), ``laps`` the
    race's laps (AU-20; default 3, at most 8). Seeded, the start order and every cube drawn come
    from the seed the state keeps; with ``explicit_chance=True`` the state stops at each of those
    chance decisions (``current_player == CHANCE``).
    """
    from . import rules
    from .state import new_state

    cfg = config()
    if isinstance(players, bool) or not isinstance(players, int) \
            or not cfg.min_players <= players <= cfg.max_players:
        raise ValueError(f"players must be a whole number from {cfg.min_players} to "
                         f"{cfg.max_players}, not {players!r}")
    if cards not in cfg.card_sets:
        raise ValueError(f"unknown card set {cards!r} (known: {', '.join(cfg.card_sets)})")
    if track not in cfg.tracks:
        raise ValueError(f"unknown track {track!r} (known: {', '.join(cfg.tracks)})")
    unbuilt = [cfg.cards[c].en for c in cfg.card_sets[cards]
               if cfg.cards[c].id not in rules.BUILT_CARDS]
    if unbuilt:
        raise ValueError(f"the effects of {', '.join(unbuilt)} are not built yet")
    laps = cfg.default_laps if laps is None else laps
    if isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= cfg.max_laps:
        raise ValueError(f"laps must be a whole number from 1 to {cfg.max_laps}, not {laps!r}")
    state = new_state(players, check_seed(seed, explicit_chance), track, cfg.card_sets[cards],
                      laps)
    rules.start(state)
    return state
