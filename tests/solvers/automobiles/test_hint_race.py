"""The Automobiles hint (kwwidgets.automobiles.hint) over a whole seeded race: at every decision
of the human seat, with the least budget (one search position, one simulated race per choice),
it answers a legal action, says what is proven and what is estimated, and its sentence on the
race names the simulated races; the race is played to its end by following the hints."""

from __future__ import annotations

import re

import automobiles
from automobiles.bots import GreedyBot
from kwwidgets.automobiles import hint as au_hint

#: A rule code such as AU-14 or RA3 (never in a player's sentence).
RULE_CODE = re.compile(r"\b(AU-\d+|RA\d+|F1-\d+|K\d+)\b")


def test_the_hint_answers_every_decision_of_a_whole_race_with_the_least_budget() -> None:
    state = automobiles.new_game(players=2, seed=11)
    other = GreedyBot(3)
    asked = raced = 0
    while not state.is_terminal():
        if state.current_player != 0:
            state.apply_unchecked(other.choose(state))
            continue
        hint = au_hint.best_turn_hint(state, max_nodes=1, seconds=0.01, race_seconds=1e-6)
        assert hint.action_id in state.legal_action_ids(), state.phase
        assert hint.text.startswith("Hint") and not RULE_CODE.search(hint.text)
        if "Over the rest of the race" in hint.text:
            raced += 1
            assert re.search(r"an estimate from \d+ simulated races?", hint.text)
        asked += 1
        state.apply(str(state.ACTIONS.actions[hint.action_id]))
    assert asked > 100 and raced == asked  # every decision there had a choice to value
    assert state.outcome() is not None
