"""The toy game's every number (STYLE 2): player range, target, die, bonus cards, turn limit."""

from __future__ import annotations

NAME = "toy"
TITLE = "Toy dice race (test scaffolding)"
MIN_PLAYERS, MAX_PLAYERS = 2, 4
#: The score that ends the game (T5).
TARGET = 12
#: The faces of the die (T3, T4).
FACES = 6
#: The bonus cards and their weights (T1).
BONUS_VALUES = (0, 1, 2)
BONUS_WEIGHTS = (3, 2, 1)
#: Turns each player takes at most (T6).
TURNS_EACH = 10
#: A banked score is at most TARGET - 1 plus the largest face (T5).
MAX_SCORE = TARGET - 1 + FACES
