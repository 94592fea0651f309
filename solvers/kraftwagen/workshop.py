"""Tempo on the chain and search models compared, for the game-theory workshop.

Two small studies on top
of the turn planner (``solvers.kraftwagen.planner``), the tempo graph
(``solvers.kraftwagen.tempo``) and the MCTS bot
(``solvers.mcts``):

* ``tempo_table``: at a company's tile choice, every pick with its value by exact search to the
  end of the round, and how many turns it leaves each company (RULINGS K1: the company at the
  tail of the chain plays, so a pick decides who plays next). The 3-action tile is one row among
  the single tiles, so the table shows when a turn is worth more than two extra actions.
* ``compare_search``: on a small end-of-round position, the value the searching company can
  expect under each model of its rivals (paranoid, max^n, greedy; each proven by exhaustive
  search under its own assumption) next to MCTS's estimate, which proves nothing.

What the numbers do not prove (STYLE 19): a proven value is exact only for its rival model.
Paranoid's value is a floor that holds whatever the rivals do; max^n's depends on how rivals
break ties; MCTS's estimate is a mean over sampled lines, exploratory ones included, and can
lie on either side of every proven value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kwcore.actions import ACTIONS, PickTile
from kwcore.state import State
from solvers.kraftwagen import planner
from solvers.kraftwagen.builders import (
    give_engineer,
    market_step,
    mid_game,
    put_car,
    recruit_row,
    research,
    settle,
    workers,
)
from solvers.kraftwagen.planner import Horizon, PlannerConfig
from solvers.kraftwagen.puzzles import puzzle_named
from solvers.kraftwagen.tempo import own_turns_within, tempo_graph, turns_in_a_row
from solvers.mcts import MCTSBot

#: Tempo puzzles whose best pick is a single tile, not the 3-action tile
#: (solvers/kraftwagen/puzzle_data).
TEMPO_PUZZLES = ("three_in_a_row", "hire_first", "last_sale")
LOOKAHEAD = 3  # picks after this one whose order the tempo graph gives exactly
RIVAL_MODELS = ("paranoid", "maxn", "greedy")


class WorkshopError(ValueError):
    """The position does not fit the study (wrong decision, terminal, bad settings)."""


@dataclass(frozen=True)
class TempoRow:
    """One pick at a tile choice.

    ``value``: the planner's value of the pick (reputation gained by the end of the round, or
    the objective configured). ``next``: who plays after this turn; ``in_a_row``: 2 when the
    picking company plays again at once. ``reach``: per company, the most turns it can take
    among the next ``LOOKAHEAD`` picks (tempo graph). ``turns``: per company, the turns it
    takes in the planned line to the end of the round (this turn included).
    """

    tile: str
    actions: int
    value: float
    proven: bool
    next: str
    in_a_row: int
    reach: dict[str, int]
    turns: dict[str, int]


@dataclass(frozen=True)
class ModelValue:
    """What one model predicts for each company (reputation gained to the horizon)."""

    model: str
    values: tuple[float, ...]
    first: str  # the searching company's first decision
    proven: bool
    work: int  # nodes searched, or simulations


# --- tempo on the chain -------------------------------------------------------------------------
def tempo_table(state: State, rivals: str = "greedy", max_turns: int = 12) -> list[TempoRow]:
    """Every tile pick of the company choosing a tile in ``state``, best value first.

    Values come from one planner search to the end of the round (its "why not this?" table);
    the planned line of each pick from a search after that pick. Raises WorkshopError unless
    ``state`` waits at a company's tile choice.
    """
    if state.is_terminal() or state.decision() != "choose_tile":
        raise WorkshopError(f"the tempo table needs a tile choice, not '{state.decision()}'")
    p = state.current_player
    names = state.cfg.companies[:state.players]
    config = _config("round", rivals, max_turns)
    root = planner.plan(state, p, config)
    values = {a.action: a for a in root.alternatives}
    edges = {d["tile"]: d for _, _, d in tempo_graph(state, 1).out_edges(data=True)}
    rows = []
    for aid in state.legal:
        action = ACTIONS[aid]
        if not isinstance(action, PickTile):
            continue  # free actions are not picks
        tile = state.cfg.tiles[action.tile]
        child = state.child(aid)
        turns = {n: 0 for n in names}
        turns[names[p]] = 1  # the turn this pick starts
        proven = values[str(action)].proven
        if not child.is_terminal() and child.round == state.round:
            line = planner.plan(child, p, config)
            proven = proven and line.proven
            for who, text in line.principal_variation:
                if text.startswith("pick "):
                    turns[who] += 1
        rows.append(TempoRow(
            tile=tile.name, actions=len(tile.actions), value=values[str(action)].value,
            proven=proven, next=edges[tile.name]["next"],
            in_a_row=turns_in_a_row(state, action.tile),
            reach={n: own_turns_within(child, q, LOOKAHEAD) for q, n in enumerate(names)},
            turns=turns))
    return sorted(rows, key=lambda r: (-r.value, r.actions, r.tile))


def tempo_position(name: str) -> State:
    """The position of a tempo puzzle (``TEMPO_PUZZLES``) at its tile choice."""
    return puzzle_named(name).state()


# --- search models compared ---------------------------------------------------------------------
def compare_search(state: State, simulations: Sequence[int] = (50, 200, 800), seed: int = 0,
                   max_turns: int = 12) -> list[ModelValue]:
    """The value each model predicts for every company of ``state`` to the end of the round.

    One planner search per rival model (the searching company is the one to decide), then MCTS
    with each budget of ``simulations``: its estimate is the mean reputation at the end of its
    simulated lines (exact at the end of the game), less the reputation now, so it is on the
    same scale only when the simulated lines reach the end of the round, as in a last-round
    endgame. Keep the position small: max^n searches every rival move without pruning (a
    two-company final-round tile choice already takes minutes); a search stopped by the
    planner's budget is reported with ``proven=False``. Raises WorkshopError at a terminal
    position or a chance node.
    """
    if state.is_terminal() or state.current_player < 0:
        raise WorkshopError("compare the models at a company's decision")
    if not simulations or any(isinstance(n, bool) or not isinstance(n, int) or n < 1
                              for n in simulations):
        raise WorkshopError(f"simulations must be whole numbers >= 1, not {simulations!r}")
    p = state.current_player
    out = []
    for rivals in RIVAL_MODELS:
        config = _config("round", rivals, max_turns)
        result = planner.plan(state, p, config)
        out.append(ModelValue(rivals, _gains(state, result), result.best, result.proven,
                              result.nodes))
    start = [c.reputation for c in state.companies]
    for n in simulations:
        found = MCTSBot(seed=seed, simulations=n).search(state)
        values = tuple(x - r for x, r in zip(found.points, start, strict=True))
        out.append(ModelValue(f"mcts {n}", values, str(ACTIONS[found.action]), False,
                              found.simulations))
    return out


def _gains(state: State, result: planner.Plan) -> tuple[float, ...]:
    """Every company's reputation gained along the plan's principal variation."""
    s = state.clone(history=False)
    s.seed = None  # the planner searched the position with explicit chance, as here
    for _, text in result.principal_variation:
        s.apply(text)
    return tuple(float(c.reputation - c0.reputation)
                 for c, c0 in zip(s.companies, state.companies, strict=True))


def _config(horizon: str, rivals: str, max_turns: int) -> PlannerConfig:
    try:
        config = PlannerConfig(horizon=Horizon.parse(horizon), rivals=rivals,
                               max_turns=max_turns)
        config.check()
    except planner.PlannerError as exc:
        raise WorkshopError(str(exc)) from None
    return config


def buick_endgame() -> State:
    """A small last-round endgame: Green's last market step, then Blue's Buick buyer.

    Final round, two companies. Green has just taken the Attract tile with every buyer space
    full, so the game ends after Green's market step (RULINGS K3, K4). Green can place a body 5
    / engine 4 car at any marker left; then Blue, who holds Buick, may add an extra buyer
    (K21), and the sales are scored: active buyers engine, service, price, then Buick's.
    """
    s = mid_game(2, 3, [75, 40])
    recruit_row(s)
    research(s, "Green", 5, 4, [("body", 5), ("engine", 4)])
    research(s, "Blue", 3, 6)
    workers(s, "Green", 1, 1)
    workers(s, "Blue", 0, 1)
    give_engineer(s, "Blue", "Buick")
    put_car(s, "Blue", 1, 6, 1, 15)
    put_car(s, "Blue", 1, 1, 3, 14)
    put_car(s, "Blue", 2, 2, 1, 6)
    settle(s)
    return market_step(s, "Green", ["engine", "service", "price"])


__all__ = [
    "LOOKAHEAD", "ModelValue", "RIVAL_MODELS", "TEMPO_PUZZLES", "TempoRow", "WorkshopError",
    "buick_endgame", "compare_search", "tempo_position", "tempo_table",
]
