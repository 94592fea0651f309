"""Lines of the turn planner: ``principal_variation`` follows a search's best decisions from the
root to the horizon, and ``replay_value`` replays a plan's line through kwcore (every decision
checked by the rules) and scores it as the search does, the check that a plan is a real line
worth its value.

Both read the horizon, the objective and the max_turns cut from ``search._Search``; the rules
they rely on are kwcore's own (the chain of turns, RULINGS K1, decides whose decision comes
next).
"""

from __future__ import annotations

from kwcore import rules
from kwcore.actions import ACTIONS
from kwcore.events import Turn
from kwcore.state import State

from .config import INF, PlannerError
from .result import Plan
from .search import EXACT, _Node, _Search, _Stop


def _value(node: _Node, p: int) -> float:
    v = node.vec[p]
    return float(round(v)) if abs(v - round(v)) < 1e-9 else v


def principal_variation(search: _Search, root: State, first: _Node) -> tuple[tuple[str, str],
                                                                             ...]:
    """Follow the best decisions from the root to the horizon (stops at chance): the table's
    best moves, the policy where a rival follows it or the search's depth is passed."""
    pv: list[tuple[str, str]] = []
    s = root
    our_turns = turns = script_at = 0
    aid = first.best
    names = root.cfg.companies
    while aid >= 0 and len(pv) < 2_000:
        d = s.current_player
        pv.append((names[d] if d >= 0 else "chance", str(ACTIONS[aid])))
        if d >= 0 and d != search.p and search.cfg.rivals == "scripted":
            script_at += 1
        s, our_turns, turns = search.expand(s, aid, our_turns, turns)
        if search.at_horizon(s, our_turns) or turns > search.cfg.max_turns:
            break
        if s.current_player == rules.CHANCE:
            break
        d = s.current_player
        beyond = search.depth is not None and our_turns + search.in_turn > search.depth
        if beyond or (d != search.p and search.cfg.rivals in ("scripted", "greedy")):
            aid = search.policy(s, script_at)[0] if beyond else \
                search.rival_choice(s, script_at)[0]
            continue
        key = (s.key(), our_turns, turns, script_at)
        hit = search.table.get(key)
        if hit is not None and hit.best >= 0 and hit.flag == EXACT:
            aid = hit.best
            continue
        # Not in the table (evicted, or not exact): search this node again to find its move;
        # if the budget is spent, the plan ends here.
        try:
            node = search.search(s, our_turns, turns, script_at, -INF, INF)
        except _Stop:
            break
        aid = node.best
    return tuple(pv)


def replay_value(state: State, company: int, result: Plan) -> float:
    """Replay a plan's principal variation through kwcore (checked) and return the objective
    it reaches; for a proven plan with deterministic rivals it equals ``result.value``."""
    root = state.clone(history=False)
    root.seed = None
    search = _Search(root, company, result.config)
    s = root.clone(history=False)
    for _, text in result.principal_variation:
        s.apply(text)
    starts = [e.company for e in s.events[len(root.events):] if isinstance(e, Turn)]
    our_turns = sum(1 for p in starts if p == company)
    if search.at_horizon(s, our_turns):
        return _value(_Node(search.objective(s), EXACT, -1, False), company)
    if len(starts) > result.config.max_turns:
        return _value(_Node(search.cut_value(s), EXACT, -1, True), company)
    raise PlannerError("the principal variation stops before the horizon (at chance)")
