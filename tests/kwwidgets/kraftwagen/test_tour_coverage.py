"""The rules tour teaches every action before the play widget offers it.

The tour's scenes record the actions applied to reach them (with the decision each answered).
Together the sections must apply every kind of action a company can choose in a game, and
answer every kind of decision a company meets; chance (dealing, offers, reveals) is the
engine's, never a button in ``02_play`` with a seeded game.
"""

from __future__ import annotations

from kwcore.actions import ACTIONS
from kwcore.state import FRAME_NAMES
from kwwidgets.kraftwagen import tour

CHANCE_DECISIONS = {"deal", "offer", "reveal"}


def _applied() -> tuple[set[str], set[str], set[str]]:
    kinds: set[str] = set()
    decisions: set[str] = set()
    shown: set[str] = set()
    for build in tour.SECTIONS.values():
        for scene in build():
            shown.add(scene.state.decision())
            for decision, kind in scene.actions:
                decisions.add(decision)
                kinds.add(kind)
    return kinds, decisions, shown


def test_the_tour_applies_every_kind_of_action_a_company_can_take() -> None:
    kinds, _, _ = _applied()
    every = {type(a).__name__ for a in ACTIONS if not a.chance}
    assert {"ChooseStart", "PickTile", "Kettering", "BuickBuyer"} <= every  # the full set
    assert every - kinds == set()


def test_the_tour_answers_every_kind_of_decision_and_shows_the_end() -> None:
    _, decisions, shown = _applied()
    every = set(FRAME_NAMES) - CHANCE_DECISIONS - {"end"}
    assert every - decisions == set()
    assert "end" in shown
    assert decisions & CHANCE_DECISIONS == set()


def test_the_free_actions_are_taught_before_the_play_widget_needs_them() -> None:
    """Free actions are offered at several decisions (RULINGS K5); the tour shows them at the
    tile choice and at the market step."""
    seen: dict[str, set[str]] = {}
    for build in tour.SECTIONS.values():
        for scene in build():
            for decision, kind in scene.actions:
                seen.setdefault(kind, set()).add(decision)
    assert seen["Invest"] & {"market", "after_market", "choose_tile", "choose_action"}
    assert seen["PackardMarker"] == {"choose_tile"}
    assert seen["Kettering"] == {"choose_tile"}
