"""The toy game as plain text: the scores, the turn in progress and who decides.

Shows the table as the players see it together: the bonus cards stay face down (``?``) until the
end (T1, T6).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .config import TARGET

if TYPE_CHECKING:
    from .state import State


def decision_words(s: State) -> str:
    """Who decides what, in a few words."""
    if len(s.bonus) < s.players:
        return f"chance deals player {len(s.bonus)}'s bonus card"
    if s.rolling:
        return f"chance rolls the die for player {s.turns % s.players}"
    if s.is_terminal():
        outcome = s.outcome()
        assert outcome is not None
        return f"game over, won by {' and '.join(f'player {w}' for w in outcome.winners)}"
    return f"player {s.turns % s.players} rolls or banks"


def text_board(s: State) -> str:
    """The whole position as a few lines of text."""
    over = s.is_terminal()
    lines = [f"Toy dice race - {s.players} players - first to {TARGET}",
             f"Decision: {decision_words(s)}"]
    for p in range(s.players):
        card = "-" if p >= len(s.bonus) else (f"+{s.bonus[p]}" if over else "?")
        total = f" (final {s.scores()[p]})" if over else ""
        lines.append(f"  player {p}: {s.banked[p]} banked, bonus {card}{total}")
    if not over and len(s.bonus) == s.players:
        lines.append(f"Turn {s.turns + 1}: {s.turn_total} points at stake")
    return "\n".join(lines)
