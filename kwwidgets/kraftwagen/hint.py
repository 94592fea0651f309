"""Kraftwagen's default hint: the planner bot's decision, and the plan of the search behind it.

``planner_hint`` is what the play widget's hint button asks for a Kraftwagen game unless the
notebook passes another function (``PlayWidget(hint=...)``). By default it asks the planner bot
(``solvers.kraftwagen.bots.PlannerBot`` with ``HINT_MS`` of CPU, the ``planner-time`` bot of
the committed ladder ``benchmarks/ladders/kraftwagen.json``, which beat greedy and OpenSpiel's
MCTS there and was level with the lab's MCTS, which proves nothing) for its decision, and
shows the plan of the very search behind it (``bot_hint``): its value, said proven (and for
what) or said to be the best found in the time; along that plan, later hints follow it
without searching again.
Given a ``PlannerConfig``, it asks the turn planner itself with that config (to the start of
the human's next turn against greedy rivals, ``HINT_CONFIG``). It answers at every decision:
at the start-tile choice of the setup, whose next turn lies behind the whole setup and the
first round's draws, and wherever the search values no choice within its budget, it gives the
greedy bot's choice, labelled as such (``greedy_hint``).
"""

from __future__ import annotations

from gamecore.errors import GameError
from kwcore.bots import evaluate
from kwcore.state import State
from kwwidgets.kraftwagen.labels import action_label
from kwwidgets.views import Hint
from solvers.kraftwagen.bots import PlannerBot
from solvers.kraftwagen.planner import (
    INF,
    Horizon,
    Plan,
    PlannerConfig,
    PlannerError,
    greedy_choice,
    plan,
)

#: The hint's search: to the start of the human's next turn against greedy rivals, with a
#: small budget (and lines cut after 4 turns) so that a click answers within a few seconds.
HINT_CONFIG = PlannerConfig(horizon=Horizon("turns", 1), rivals="greedy", node_budget=20_000,
                            time_budget=3.0, max_turns=4)
#: The default hint's CPU time (ms) for the planner bot's decision. Its searches, cut after
#: one turn, mostly finish in a few tens of ms (27 ms a decision in the ladder at 50 ms), so
#: 1 s leaves room for the slow ones, and a click answers within a few seconds on a busy
#: machine (the bot may carry up to 4 decisions' unspent time to a later one).
HINT_MS = 1_000
#: The hint's planner bots by CPU budget (``planner_hint``), kept between hints.
_BOTS: dict[int, PlannerBot] = {}
#: The decisions the planner is not asked about: the start tile, chosen in the setup, where
#: the next turn lies behind every company's setup and the first round's draws (a search
#: there spends its whole budget on the draws and values no choice).
SETUP_DECISIONS = frozenset({"choose_start"})
#: The rival models in words (``PlannerConfig.rivals``).
RIVAL_WORDS = {
    "greedy": "rivals playing greedily",
    "maxn": "each rival playing for his own reputation",
    "paranoid": "rivals playing against you",
    "scripted": "rivals playing the moves given",
}
#: The greedy fallback's label, the same words wherever it is given.
GREEDY_LABEL = "the greedy bot's choice: no search here"


def _label(state: State, text_or_id: str | int) -> str:
    """The plain label of an action given by its text form or its id."""
    aid = state.resolve(text_or_id)
    return action_label(state.ACTIONS.actions[aid], state.cfg)


def _where(config: PlannerConfig) -> str:
    """The search's horizon in words: "for your next turn", "to the end of the round"."""
    kind, n = config.horizon.kind, config.horizon.turns
    if kind == "round":
        return "to the end of the round"
    if kind == "game":
        return "to the end of the game"
    return "for your next turn" if n == 1 else f"for your next {n} turns"


def _by_when(config: PlannerConfig) -> str:
    """When the value is counted, in words: "by the start of your next turn"."""
    kind, n = config.horizon.kind, config.horizon.turns
    if kind in ("round", "game"):
        return f"by the end of the {kind}"
    return "by the start of your next turn" if n == 1 else f"over your next {n} turns"


def _gain(config: PlannerConfig, value: float) -> str:
    """A plan's value in words (reputation gained, or the margin over the best rival)."""
    if config.objective == "margin":
        return f"a margin of {value:+g} reputation over the best rival {_by_when(config)}"
    return f"{value:+g} reputation {_by_when(config)}"


def proven_for_horizon(result: Plan) -> bool:
    """Whether the plan is the proven best of the hint's horizon: the planner says so, or the
    best line found is worth as much as the bound on every line of the horizon."""
    if result.proven:
        return True
    return result.upper != INF and result.value >= result.upper - 1e-9


def hint_reason(state: State, result: Plan) -> str:
    """One sentence: the suggested action and why (its value against the next best choice)."""
    best = _label(state, result.best)
    gain = _gain(result.config, result.value)
    if not proven_for_horizon(result):
        gain += " in the best line found"
    others = [a for a in result.alternatives if a.action != result.best and a.value > -INF]
    if not others:
        return f"{best}: it gives {gain}."
    second = max(others, key=lambda a: a.value)
    lead = result.value - second.value
    if lead <= 0:
        return (f"{best}: it gives {gain}, as much as {_label(state, second.action)}, the "
                "other best choice.")
    return (f"{best}: it gives {gain}, {lead:g} more than the next best choice "
            f"({_label(state, second.action)}).")


def plan_status(result: Plan) -> str:
    """What the hint's search proved, in one plain sentence, and for what: "Proven best for
    your next turn, rivals playing greedily ...", or, unproven, that it is the best found in
    the time (its value an estimate of how good the suggestion is)."""
    cfg = result.config
    rivals = RIVAL_WORDS.get(cfg.rivals, f"rivals played as {cfg.rivals}")
    if proven_for_horizon(result):
        caveats = []
        if result.cut_lines:
            longer = "a turn" if cfg.max_turns == 1 else f"{cfg.max_turns} turns"
            caveats.append(f"a line longer than {longer} is counted as if the round ended "
                           "there")
        if result.sampled:
            caveats.append(f"the draws of a new round are averaged over {cfg.samples} samples")
        said = f" ({'; '.join(caveats)})" if caveats else ""
        return (f"Proven best {_where(cfg)}, {rivals}{said}; not a proof for the whole "
                "game.")
    why = f" (it stopped on its {result.stopped})" if result.stopped else ""
    return (f"Not proven: the best found in the time the search had{why}, {rivals}; its "
            "value is an estimate of how good it is, and a better choice may exist.")


def greedy_hint(state: State, why: str = "", aid: int | None = None) -> Hint:
    """The greedy bot's choice (``planner.greedy_choice``, or ``aid`` where a bot has already
    made it), labelled as such, with how it rates the position after it one move ahead against
    the next best; ``why`` says why there is no search here. A heuristic, never proven."""
    if aid is None:
        aid = greedy_choice(state)
    me = state.current_player
    rated = sorted(((evaluate(state.child(a), me, consume=True), a)
                    for a in state.legal_action_ids()), reverse=True)
    mine = next(v for v, a in rated if a == aid)
    text = (f"Hint: {_label(state, aid)}, {GREEDY_LABEL}. It rates the position after each "
            f"choice one move ahead, and this one best (about {mine:.1f} reputation")
    others = [(v, a) for v, a in rated if a != aid]
    if others:
        v, a = others[0]
        text += f"; {_label(state, a)}, the next best, {v:.1f}"
    text += "). A heuristic, not proven"
    return Hint(aid, False, f"{text}{': ' + why if why else ''}.")


def _suggested(state: State, result: Plan | None) -> int | None:
    """The id of the plan's first decision when it is a legal, valued one; else None."""
    if result is None or not result.best or result.value == -INF:
        return None
    try:
        aid = state.resolve(result.best)
    except GameError:
        return None
    return aid if aid in state.legal_action_ids() else None


def bot_hint(state: State, bot: PlannerBot) -> Hint:
    """The planner bot's own decision in ``state`` and the plan of the search behind it (the
    bot's ``last``): the same action the bot plays, said proven only when that plan proves it
    best for the search's horizon. Where the bot's search values no choice (it stopped), the
    greedy bot's choice, labelled (``greedy_hint``)."""
    aid = bot.choose(state)
    if bot.followed_from is not None:  # the next step of the plan of an earlier search
        earlier = bot.followed_from[0]
        status = plan_status(earlier)
        return Hint(aid, False, (
            f"Hint: {_label(state, aid)}: the next step of the plan found at your earlier "
            f"decision, which gives {_gain(earlier.config, earlier.value)}; not searched again "
            f"here, so not proven here. That plan: {status[0].lower()}{status[1:]}"))
    result, here = bot.last, bot.last_from
    if result is None or bot.last_fallback or here is None or result.value == -INF:
        return greedy_hint(state, "the planner valued no choice within its budget", aid)
    chosen = _label(state, aid)
    if here.key() != state.key():  # a tile choice: the plan searched after the tile taken
        gain = _gain(result.config, result.value)
        status = plan_status(result)
        text = (f"{chosen}: after it, the best line found gives {gain}. The tile itself is "
                f"not proven best: only the tiles the bot rates best are searched, and it "
                f"weighs the later rounds too. After this tile: {status[0].lower()}{status[1:]}")
        return Hint(aid, False, f"Hint: {text}")
    if _suggested(state, result) == aid:
        return Hint(aid, proven_for_horizon(result),
                    f"Hint: {hint_reason(state, result)} {plan_status(result)}")
    mine = next((a.value for a in result.alternatives if state.resolve(a.action) == aid),
                result.value)
    text = (f"{chosen}: it gives {_gain(result.config, mine)} in the best line found, and "
            f"leaves a position the bot rates better for later rounds than "
            f"{_label(state, result.best)}, which gives {result.value:+g}; so it is not "
            f"proven best.")
    status = plan_status(result)
    return Hint(aid, False, f"Hint: {text} The search's own best: {status[0].lower()}"
                            f"{status[1:]}")


def planner_hint(state: State, config: PlannerConfig | None = None, ms: int = HINT_MS) -> Hint:
    """The hint at ``state``: with no ``config`` (the widget's), the planner bot's decision
    with ``ms`` of CPU and the plan behind it (``bot_hint``); with a ``config``, the turn
    planner's suggestion under it (``HINT_CONFIG``: to the start of your next turn). In the
    setup (``SETUP_DECISIONS``), or when the search values no choice within its budget, the
    greedy bot's choice, said to be a heuristic (``greedy_hint``)."""
    if state.decision() in SETUP_DECISIONS:
        return greedy_hint(state, "the planner looks as far as your next turn, which lies "
                           "behind the whole setup and the first round's draws")
    if config is None:
        # One bot per budget, kept between hints: along the plan of its last search (the
        # rivals played as modelled) it answers at once. ``plan`` is looked up as this module
        # names it at each call, so that the bot's search is the hint's own.
        bot = _BOTS.get(ms)
        if bot is None:
            bot = _BOTS[ms] = PlannerBot(0, ms=ms, planner=lambda *args: plan(*args))
        return bot_hint(state, bot)
    try:
        result = plan(state, None, config)
    except PlannerError:
        result = None
    aid = _suggested(state, result)
    if result is None or aid is None:
        return greedy_hint(state, "the planner valued no choice within its budget")
    return Hint(aid, proven_for_horizon(result),
                f"Hint: {hint_reason(state, result)} {plan_status(result)}")
