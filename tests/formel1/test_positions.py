"""Small Formel 1 race positions for the rule tests: cars placed by cell label, hands by card
name (test scaffolding; the positions are sound states of the rules)."""

from __future__ import annotations

import formel1
from formel1 import rules
from formel1.config import FINISHED, config_for

NAMES = ("Black", "Yellow", "Blue", "Orange", "Red", "Green")
TRACK = config_for(2).tracks["standard"]


def kind(name: str) -> int:
    """The kind index of the card called ``name``."""
    return next(k.index for k in config_for(2).kinds if k.name == name)


def cell(label: str, track: str = "standard") -> int:
    """The cell index of a label such as ``12b``."""
    found = config_for(2).tracks[track].cell_at(int(label[:-1]), "abc".index(label[-1]))
    assert found is not None, label
    return found


def race(cars: dict[str, str], hands: list[list[str]], owner: tuple[int, ...] | None = None,
         turn: int = 0, starter: str | None = None, variants: tuple[str, ...] = (),
         track: str = "standard") -> formel1.State:
    """A race position: ``cars`` maps colour names to cells (the other cars have finished, in
    colour order), ``hands`` the cards of each seat, ``owner`` the car owners (default: car i
    to seat i modulo the players). With ``starter``, the race starts with that Starter card,
    carried out by the dealer (seat 0)."""
    players = len(hands)
    s = formel1.new_game(players, 1, races=1, variants=variants, track=track)
    rules.reset_race(s)
    s.phase, s.dealer, s.starter_played = rules.RACE, 0, True
    s.revealed = tuple(range(6))
    s.owner = owner or tuple(c % players for c in range(6))
    s.pos = tuple(cell(cars[n], track) if n in cars else FINISHED for n in NAMES)
    s.finished = tuple(c for c, n in enumerate(NAMES) if n not in cars)
    s.hands = tuple(tuple(sorted(kind(c) for c in hand)) for hand in hands)
    s.turn = turn
    if starter is not None:
        s.starter, s.starter_played = kind(starter), False
        rules._start_race(s)
    rules.advance(s)
    return s


def where(s: formel1.State, name: str) -> str:
    """The label of a car's cell, ``finished`` past the line."""
    p = s.pos[NAMES.index(name)]
    return "finished" if p == FINISHED else s.track_spec().label(p)


def options(s: formel1.State) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in s.legal_actions()]
