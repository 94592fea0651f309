"""automobiles: the rules engine of Automobiles, a bag-building car race.

The rules are ``docs/rules-automobiles.md`` (AU-01..AU-84, from the German seed) with the rulings
RA1-RA7 of ``RULINGS_RACING.md``; the component data (partly synthetic) is
``automobiles/data/components.json``, loaded by ``automobiles.config``. Built: setup, the turn
(drawing, placing gear cubes, the pit stop, buying, the car, wear and end phases), all 35
action cards and card sets (named, listed or random), Weaving, the 10 drivers, the end of the
race, the season and its 18 sponsors (``automobiles.sponsors``; ``season=N, sponsors=True``).

API, like the other games'::

    import automobiles
    state = automobiles.new_game(players=3, seed=7)
    state.apply("stop buying")
"""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.chance import check_seed
from gamecore.position import short

from . import game as _game  # noqa: F401 - binds the rules to the state
from .actions import ACTIONS, NUM_ACTIONS, Action
from .config import ACTION_COLOURS, config_for
from .state import State

__all__ = ["ACTIONS", "NUM_ACTIONS", "Action", "State", "card_set", "config_for", "new_game"]


def new_game(players: int = 2, seed: int | None = 0,
             cards: str | Sequence[str] = "standard", track: str = "daytona",
             laps: int | None = None, explicit_chance: bool = False,
             weaving: bool = False, drivers: bool = False, season: int | None = None,
             sponsors: bool = False, house_drivers_single_race: bool = False) -> State:
    """A new race of ``players`` (2-5) waiting for its first decision.

    ``cards`` (AU-08) is a card set of the data file (``"standard"``, RA1's, or one of ours,
    marked there), ``"random"`` (one card per colour drawn by chance: from the seed, or chance
    decisions with ``explicit_chance``), or five card names (English, German or ids), one per
    action colour in any order. ``track`` names a track (RA3), ``laps`` the race's laps (AU-20;
    default 3, at most 8); ``weaving`` the Weaving option (AU-23: a cube on any free segment
    of its space, placed with ``place SPACE segment K``); ``drivers`` the driver cards (AU-24:
    players + 1 dealt by chance, taken from the last grid position forward, RA7; the rules play
    them only in a season, so ``drivers`` needs ``season`` unless ``house_drivers_single_race``
    names the house rule of drivers in a single race, which is not in the rules); ``season``
    the number of races of a season (AU-25: 3 or more; points per place, the grid by the last
    result, no buying before the later races, the stock not refilled; RA7); ``sponsors``
    the sponsors between the races of a season (AU-26, AU-79..AU-84: players + 1 dealt by
    chance, chosen in finishing order, each effect at the tier of the player's place; RA7).
    Seeded, the
    start order and every cube drawn come from the seed the state keeps; with
    ``explicit_chance=True`` the state stops at each of those chance decisions
    (``current_player == CHANCE``).
    """
    from . import rules
    from .state import new_state

    cfg = config_for(2)  # the same for every player count: ``players`` is checked here
    if isinstance(players, bool) or not isinstance(players, int) \
            or not cfg.min_players <= players <= cfg.max_players:
        raise ValueError(f"players must be a whole number from {cfg.min_players} to "
                         f"{cfg.max_players}, not {short(players)}")
    chosen = card_set(cards)
    if not isinstance(track, str) or track not in cfg.tracks:
        raise ValueError(f"unknown track {short(track)} (known: {', '.join(cfg.tracks)})")
    laps = cfg.default_laps if laps is None else laps
    if isinstance(laps, bool) or not isinstance(laps, int) or not 1 <= laps <= cfg.max_laps:
        raise ValueError(f"laps must be a whole number from 1 to {cfg.max_laps}, not {short(laps)}")
    for flag, value in (("weaving", weaving), ("drivers", drivers), ("sponsors", sponsors),
                        ("house_drivers_single_race", house_drivers_single_race)):
        if not isinstance(value, bool):
            raise ValueError(f"{flag} is True or False, not {short(value)}")
    races = 1 if season is None else season
    if season is not None and (isinstance(season, bool) or not isinstance(season, int)
                               or not cfg.min_races <= season <= cfg.max_races):
        raise ValueError(f"season is None or a number of races from {cfg.min_races} to "
                         f"{cfg.max_races}, not {short(season)}")
    if sponsors and season is None:
        raise ValueError("sponsors are chosen between the races of a season (AU-26): give "
                         "season=N too")
    _check_drivers(drivers, season, house_drivers_single_race)
    state = new_state(players, check_seed(seed, explicit_chance), track, chosen, laps, weaving,
                      drivers, races, sponsors)
    rules.start(state)
    return state


def _check_drivers(drivers: bool, season: int | None, house: bool) -> None:
    """AU-24: "Wenn Sie mit Fahrerkarten spielen (nur bei einer Rennsaison)": the driver cards
    are played only in a season. A single race with drivers is the house rule
    ``house_drivers_single_race`` (not in the rules), and only that."""
    if house and (not drivers or season is not None):
        raise ValueError("house_drivers_single_race is the house rule of drivers in a single "
                         "race: give it with drivers=True and no season")
    if drivers and season is None and not house:
        raise ValueError("the rules play the driver cards only in a season (AU-24: \"Wenn Sie "
                         "mit Fahrerkarten spielen (nur bei einer Rennsaison)\"): give season=N "
                         "too, or house_drivers_single_race=True for the house rule")


def card_set(cards: str | Sequence[str]) -> tuple[int, ...]:
    """The card indices of a card set (AU-08): a set's name, ``"random"`` (the empty tuple:
    chance deals it), or five card names, one per action colour; ValueError otherwise."""
    cfg = config_for(2)
    if isinstance(cards, str):
        if cards == "random":
            return ()
        if cards not in cfg.card_sets:
            raise ValueError(f"unknown card set {short(cards)} (known: {', '.join(cfg.card_sets)}, "
                             "random, or a list of five cards)")
        return cfg.card_sets[cards]
    named = [cfg.card_named(str(c)) for c in cards]
    colours = sorted(c.colour for c in named)
    if colours != sorted(ACTION_COLOURS):
        raise ValueError("a card set is five cards, one of each action colour (AU-08), not "
                         + ", ".join(c.en for c in named))
    return tuple(c.index for c in sorted(named, key=lambda c: c.colour))
