"""Automobiles' default hint: the best-turn solver's first decision, labelled by its status.

``best_turn_hint`` is what the play widget's hint button asks for an Automobiles game unless
the notebook passes another function (``PlayWidget(hint=...)``):
``solvers.automobiles.turn.solve_turn`` for the player in turn under a node budget, labelled
proven, an expectation (the best line draws cubes), or a bound (the budget stopped the
search: the greedy bot's turn, valued, or a first decision valued exactly that beats it). Before
the race it is the knapsack purchase (``solvers.automobiles.buy``); at the other decisions (a
driver, a sponsor), and where the solver refuses the position, the engine's greedy bot's choice
with its rule of thumb, labelled a heuristic. Every hint then says the trade-off over the rest
of the race in one sentence (``race_sentence``: the hinted choice against the best other by
expected place, an estimate from the simulated races it names; ``solvers.automobiles.race``).
"""

from __future__ import annotations

import automobiles
from automobiles import State
from automobiles.actions import (
    Buy,
    Choose,
    EndActions,
    PitStop,
    Place,
    PlaceOn,
    Play,
    Remove,
    Skip,
    StopBuying,
    StopMoving,
)
from automobiles.bots import PIT_WEAR, GreedyBot
from automobiles.config import GEARS, WEAR
from gamecore.errors import GameError
from kwwidgets.automobiles.view import action_label
from kwwidgets.views import Hint
from solvers.automobiles.buy import for_state
from solvers.automobiles.race import RaceError, race_values
from solvers.automobiles.turn import TurnError, TurnPlan, in_turn, solve_turn

#: The hint's budget: search positions and seconds (a hint within about 2 s on a loaded machine).
HINT_NODES = 12_000
HINT_SECONDS = 1.8
#: At most this many CPU seconds of simulated races for the hint's sentence on the race (a
#: third of the search's seconds when those are fewer): with the search, about 2 s in all.
HINT_RACE_SECONDS = 0.5
#: Why there is no search at the other decisions a player faces, in words.
NO_SEARCH = {
    "driver": "the best-turn solver plans race turns, and choosing a driver is not one",
    "sponsor": "the best-turn solver plans race turns, and the sponsors between two races "
               "are not one",
}


def status_word(plan: TurnPlan) -> str:
    """What the plan is: "proven", "an expectation" or "a bound"."""
    if not plan.proven:
        return "a bound"
    return "an expectation" if plan.chance else "proven"


def best_turn_hint(state: State, max_nodes: int = HINT_NODES,
                   seconds: float = HINT_SECONDS, race_seconds: float | None = None) -> Hint:
    """The best-turn solver's first decision for the player in turn, labelled by its status
    (proven / an expectation / a bound); before the race the knapsack purchase; elsewhere the
    greedy bot's choice, said to be a heuristic. Then one sentence on the trade-off over the
    rest of the race (``race_sentence``: simulated races, ``race_seconds`` of CPU, default
    ``HINT_RACE_SECONDS`` or a third of ``seconds`` when less), said to be an estimate."""
    hint = _turn_hint(state, max_nodes, seconds)
    budget = min(HINT_RACE_SECONDS, seconds / 3) if race_seconds is None else race_seconds
    said = race_sentence(state, hint.action_id, budget)
    return Hint(hint.action_id, hint.proven, f"{hint.text} {said}" if said else hint.text)


def race_sentence(state: State, aid: int, seconds: float) -> str:
    """The trade-off over the rest of the race in one sentence: the hinted action against the
    best other choice by expected place (``solvers.automobiles.race.race_values``: races
    simulated to the end with every player then playing the greedy bot, the draws from the
    real bag), with the number of simulated races: an estimate, never a proof. Empty when
    there is no choice to value (a chance node, the race over)."""
    try:
        values = race_values(state, seconds=max(seconds, 1e-3), seed=0)
    except RaceError:
        return ""
    hinted = next(c for c in values.choices if c.aid == aid)
    others = [c for c in values.choices if c.aid != aid]
    if not others:
        return ""
    best_other = min(others, key=lambda c: c.place.mean)
    # Only the leader and its closest rival race on after the first rounds, so the others
    # have fewer races: the pair is known to the lesser of the two counts.
    n = min(hinted.place.n, best_other.place.n)
    races = f"an estimate from {n} simulated race{'' if n == 1 else 's'}"
    gap = best_other.place.mean - hinted.place.mean  # > 0: the hint finishes better
    them = _label(state, best_other.aid)
    if abs(gap) < 0.05:
        return (f"Over the rest of the race it is about as good as {them} (about the same "
                f"place, {races}).")
    if gap > 0:
        return (f"Over the rest of the race: about {gap:.1f} place{_s(gap)} better than "
                f"{them}, the next best ({races}).")
    return (f"Over the rest of the race, though, {them} looks about {-gap:.1f} place{_s(-gap)} "
            f"better ({races}; this turn alone does not see it).")


def _s(gap: float) -> str:
    return "" if round(gap, 1) == 1 else "s"


def _label(state: State, aid: int) -> str:
    """An action's label inside a sentence (its first letter small)."""
    label = action_label(state, automobiles.ACTIONS[aid])
    return label[:1].lower() + label[1:]


def _turn_hint(state: State, max_nodes: int, seconds: float) -> Hint:
    """The hint for this turn alone (``best_turn_hint`` without the race's sentence)."""
    if state.phase == "prebuy":
        purchase = for_state(state)
        action = purchase.actions()[0]
        aid = state.resolve(str(action))
        return Hint(aid, True, f"Hint: {action_label(state, action)}: the most valuable purchase "
                    f"for ${state.money} by our values per cube (the knapsack, proven for those "
                    "values; the values are a judgement).")
    if not in_turn(state):
        return greedy_hint(state, NO_SEARCH.get(state.phase, "the best-turn solver plans the "
                                                "turn of the player in turn only"))
    try:
        plan = solve_turn(state, max_nodes=max_nodes, time_budget=seconds)
    except TurnError as exc:  # a position the solver does not plan (not a budget: it answers)
        return greedy_hint(state, f"the best-turn solver does not answer here ({exc})",
                           searched=True)
    aid = state.resolve(plan.best)
    action = automobiles.ACTIONS[aid]
    progress, wear, value = (float(x) for x in plan.parts)
    line = " → ".join(_said(state, t) for t in plan.actions[:9]) + \
        (" ..." if len(plan.actions) > 9 else "")
    word = status_word(plan)
    about = "about " if plan.chance or plan.expectations else ""
    return Hint(aid, plan.proven and not plan.chance,
                f"Hint ({word}): {action_label(state, action)}. The turn: {line}. It goes "
                f"{about}{progress:g} unit{'' if progress == 1 else 's'} and "
                f"{wear_words(wear)}; its cubes change in value by {round(value, 2):+g} "
                f"(bought less removed, at our prices per cube). {plan.nodes} positions "
                f"searched. {_status(plan)}")


def _said(state: State, text: str) -> str:
    """A step of the plan's line in plain words (its text form if it does not parse)."""
    try:
        return action_label(state, state.ACTIONS.from_text(text))
    except GameError:
        return text


def _status(plan: TurnPlan) -> str:
    """What the plan is, in one plain sentence (``TurnPlan.status`` when it is proven)."""
    if plan.proven:
        return plan.status()
    return (f"Not proven: the best found before the search stopped on its budget "
            f"({plan.stopped}); the best turn is at least this good.")


def greedy_hint(state: State, why: str, searched: bool = False) -> Hint:
    """The greedy bot's choice (``automobiles.bots.GreedyBot``) with its reason in words,
    labelled a heuristic; ``why`` says why the best-turn solver does not answer here (its
    budget, when ``searched``; else there is no search here)."""
    aid = GreedyBot(seed=0).choose(state)
    label = action_label(state, automobiles.ACTIONS[aid])
    where = "" if searched else ": no search here"
    return Hint(aid, False, f"Hint (a heuristic): {label}, the greedy bot's choice{where} "
                f"({why}). It {greedy_reason(state, aid)}.")


def greedy_reason(state: State, aid: int) -> str:
    """Why the greedy bot takes ``aid``, in words (its rules of thumb, a judgement)."""
    action = automobiles.ACTIONS[aid]
    if isinstance(action, Place | PlaceOn):
        return "puts the cube on the space that takes your car furthest"
    if state.phase == "driver":
        return "does not judge drivers: it takes the first on offer"
    if isinstance(action, Remove | Choose) and action.cube == WEAR:
        return "takes wear out where it can"
    if isinstance(action, Buy):
        return ("buys the dearest cube on offer" if state.phase in ("card", "sponsor") else
                "buys the dearest gear you can afford")
    if isinstance(action, Play):
        return ("plays the gear whose best space goes furthest" if action.cube in GEARS else
                "plays an action card's cube once no gear is left to play")
    if isinstance(action, PitStop):
        return f"makes a pit stop with {PIT_WEAR} wear or more in hand and nothing to move"
    if isinstance(action, EndActions):
        return "ends its actions when nothing useful is left to play"
    if isinstance(action, StopBuying):
        return "stops buying when no gear is affordable"
    if isinstance(action, Skip | StopMoving):
        return "skips when there is no wear to take out and nothing to buy"
    return "takes the first choice: it has no measure of this decision"


def wear_words(wear: float) -> str:
    """Net wear in words: "gains 2 wear", "removes 1 wear", "no wear"."""
    if wear > 0:
        return f"gains {wear:g} wear"
    return f"removes {-wear:g} wear" if wear < 0 else "no wear"
