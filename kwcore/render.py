"""Plain-text rendering: the board and the plain-English event log.

Covers what a player sees of a position. Placeholder component data (RULINGS) is flagged on
the board with ``*`` and a footnote. No widget code here: notebooks draw richer boards elsewhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kwcore import rules
from kwcore.config import ACTION_KINDS, CAR_TECH, CATEGORIES, PREFERENCES, Config

if TYPE_CHECKING:
    from kwcore.state import Car, State

_KIND_WORDS = {
    "hire": "Hire worker", "research": "Research", "body": "Build body",
    "engine": "Build engine", "attract": "Attract buyer", "grandprix": "Grand Prix",
    "recruit": "Recruit",
}
_PLACE_WORDS = ("in a workshop", "on the racing car", "replacing body", "replacing engine")
_PART_WORDS = ("body", "engine", "price", "workers")
_NO_COMPANY = frozenset({"deal", "offer", "reveal", "round", "scoring", "no_sale", "game_end"})


def _who(cfg: Config, p: int) -> str:
    return cfg.companies[p] if p >= 0 else "chance"


def _item(cfg: Config, item: int) -> str:
    n = len(cfg.tiles)
    return cfg.tiles[item].name if item < n else f"[{cfg.companies[item - n]}]"


def _tile_words(cfg: Config, tile: int) -> str:
    t = cfg.tiles[tile]
    return " + ".join(_KIND_WORDS[k] for k in t.actions)


def car_text(cfg: Config, car: Car) -> str:
    """One market car in a few words."""
    tech = f", {CAR_TECH[car.tech]}" if car.tech >= 0 else ""
    service = f"{car.workers}w" + ("+salesman" if car.salesman else "")
    token = ", investment token" if car.invested else ""
    return (f"{cfg.companies[car.owner]}: body {car.body}, engine {car.engine}, {service}, "
            f"price {car.price}{tech}{token}")


def text_board(s: State) -> str:
    """The whole position as plain text (what ``kw show`` prints)."""
    cfg = s.cfg
    star = "*" if cfg.placeholders else ""
    lines = [f"Kraftwagen - {cfg.players} companies - round {s.round} of {cfg.rounds}"]
    lines.append(f"Decision: {decision_words(s)}")
    chain = " > ".join(_item(cfg, i) + ("(in play)" if i == s.picked else "") for i in s.chain)
    lines.append(f"Action chain{star} (tail > head): {chain}")
    lines.append(f"Market marker: {s.market_marker}   Price chart: "
                 f"{' '.join(map(str, s.chart)) or '-'}")
    active = ", ".join(
        f"{i + 1}:{PREFERENCES[b] if b >= 0 else '-'}" + (f"(+{s.packard[i]})" if s.packard[i]
                                                         else "")
        for i, b in enumerate(s.active))
    stacks = ", ".join(f"{p} {n}" + (f" [white {'+'.join(map(str, w))}]" if w else "")
                       for p, n, w in zip(PREFERENCES, s.stacks, s.whites, strict=True))
    buick = f"   Buick's buyer: {PREFERENCES[s.buick]}" if s.buick >= 0 else ""
    lines.append(f"Active buyers: {active}{buick}")
    lines.append(f"Available buyers: {stacks}")
    lines.append("Market:")
    for slot, car in enumerate(s.market):
        lines.append(f"  {slot + 1}. " + (car_text(cfg, car) if car else "(empty)"))
    if s.investor_track:
        lines.append("Investors: " + ", ".join(cfg.recruit[i].name for i in s.investor_track))
    rec = ", ".join(
        f"{cat}: {' '.join(cfg.recruit[i].name for i in s.face_up[k]) or '-'} "
        f"({s.stack_left[k]} face down)" for k, cat in enumerate(CATEGORIES))
    lines.append(f"Recruit{star}: {rec}")
    length = cfg.circuit_length
    cars = [f"{cfg.companies[p]} " + _circuit_pos(length, c.progress)
            for p, c in enumerate(s.companies)]
    cars += [f"neutral space {sp}" for sp in cfg.neutral_cars]
    lines.append(f"Circuit{star} ({length} spaces): " + "; ".join(cars))
    open_ach = [a.name for a, o in zip(cfg.achievements, s.achievements, strict=True) if o < 0]
    lines.append("Open achievements: " + (", ".join(open_ach) or "none"))
    for p, c in enumerate(s.companies):
        hidden = s.hidden_scores and not s.is_terminal()
        rep = "hidden" if hidden else str(c.reputation)
        work = " ".join(("B" if k == 0 else "E") + str(v) for k, v in c.workshops) or "-"
        lines.append(
            f"{cfg.companies[p]}: reputation {rep} | canteen {c.canteen}, supply {c.supply}, "
            f"salesman {c.salesman} | workshops {work} | racing engine {c.race_engine}, team "
            f"{c.team} | research body {c.body_track} engine {c.engine_track} | tokens "
            f"{c.engineer_tokens}")
        extras = []
        if c.engineers:
            extras.append("engineers " + " ".join(cfg.recruit[e].name for e in c.engineers))
        if c.investors:
            extras.append("investors " + " ".join(cfg.recruit[e].name for e in c.investors))
        if c.tech:
            extras.append("tech " + " ".join(c.tech))
        if extras:
            lines.append("    " + "; ".join(extras))
    if cfg.placeholders:
        lines.append("* placeholder component data (see docs/rules.md, Component data)")
    return "\n".join(lines)


def _circuit_pos(length: int, progress: int) -> str:
    if progress <= 0:
        return "in the pit lane"
    laps = rules.laps_of(length, progress)
    return f"space {rules.space_of(length, progress)}, {laps} lap{'s' if laps != 1 else ''}"


def decision_words(s: State) -> str:
    """Who decides what now, or how the game ended, in a few words."""
    kind = s.pending[0]
    p = s.pending[1]
    if kind == rules.F_END:
        out = s.outcome()
        assert out is not None
        names = " and ".join(s.cfg.companies[w] for w in out.winners)
        return f"game over: {names} win{'s' if len(out.winners) == 1 else ''} ({out.reason})"
    return rules._FRAME_WORDS[kind].format(who=_who(s.cfg, p))


def describe_events(s: State) -> list[str]:
    """The event log of ``s`` in plain English, one line per event."""
    return [describe(s.cfg, e) for e in s.events]


def describe(cfg: Config, e: tuple[Any, ...]) -> str:
    """One event in plain English."""
    kind = e[0]
    name = "" if kind in _NO_COMPANY else _who(cfg, e[1])
    rec = cfg.recruit
    if kind == "deal":
        return f"Setup: {_item(cfg, e[1]).strip('[]')} joins the action chain."
    if kind == "offer":
        return f"Setup: start tile {cfg.start_tiles[e[1]].name} is offered."
    if kind == "start":
        return f"{name} takes start tile {cfg.start_tiles[e[2]].name}."
    if kind == "reveal":
        return f"Recruit tile {rec[e[1]].name} is turned face up."
    if kind == "round":
        return f"Round {e[1]} begins."
    if kind == "turn":
        return f"{name}'s turn."
    if kind == "pick":
        return f"{name} takes the {_tile_words(cfg, e[2])} tile."
    if kind == "research":
        return f"{name} researches: body {e[3]}, engine {e[4]}."
    if kind == "skip":
        return f"{name} cannot {_KIND_WORDS[ACTION_KINDS[e[2]]]}; the action is skipped."
    if kind == "build":
        what = "body" if e[2] == 0 else "engine"
        where = _PLACE_WORDS[e[4]]
        if e[5] is not None:
            where = f"in a workshop, returning {'body' if e[5][0] == 0 else 'engine'} {e[5][1]}"
        return f"{name} builds {what} {e[3]} and places it {where}."
    if kind == "hire":
        who = "the salesman" + (f" and {e[2]} worker" if e[2] else "") if e[3] else \
            f"{e[2]} worker{'s' if e[2] != 1 else ''}"
        return f"{name} hires {who}."
    if kind == "attract":
        white = f" and takes white markers worth {e[4]}" if e[4] else ""
        return (f"{name} attracts {_a(PREFERENCES[e[2]])} buyer to active space {e[3] + 1}"
                f"{white}.")
    if kind == "market_marker":
        return f"Every active space is full: the market marker moves down to {e[2]}."
    if kind == "recruit":
        return f"{name} recruits {rec[e[2]].name}."
    if kind == "recruit_workers":
        return f"{name} takes {e[2]} worker{'s' if e[2] != 1 else ''} from the supply."
    if kind == "no_token":
        return f"No investment token is left for {rec[e[2]].name}."
    if kind == "benefit_void":
        return f"{rec[e[2]].name} has no effect for {name}."
    if kind == "team":
        extra = " and the salesman" if e[3] else ""
        return f"{name} adds {e[2]} worker(s){extra} to the racing team ({e[4]} in the team)."
    if kind == "move":
        return _move_words(cfg, e)
    if kind == "car":
        return f"{name} puts a car on market space {e[2] + 1}."
    if kind == "pass":
        return f"{name} places no car."
    if kind == "invest":
        return f"{name} puts {rec[e[2]].name}'s investment token on car {e[3] + 1}."
    if kind == "packard":
        return f"{name} places a Packard +{e[2]} marker beside active buyer {e[3] + 1}."
    if kind == "kettering":
        return (f"{name} uses a Kettering swap on car {e[2] + 1}: {_PART_WORDS[e[3]]} "
                f"{e[4]} becomes {e[5]}.")
    if kind == "achievement":
        return f"{name} achieves {cfg.achievements[e[2]].name} (+{e[3]})."
    if kind == "scoring":
        return f"Scoring phase of round {e[1]}."
    if kind == "buick":
        return f"{name} places Buick's extra {PREFERENCES[e[2]]} buyer."
    if kind == "gp_place":
        tie = f" (tied, {e[3]} cars)" if e[3] > 1 else ""
        return f"Grand Prix: {name} places {e[2]}{tie}, +{e[4]}."
    if kind == "gp_laps":
        return f"Grand Prix: {name} completed {e[2]} lap(s), +{e[3]}."
    if kind == "sale":
        if e[3] == "buyer":
            who = f"the {PREFERENCES[e[4]]} buyer"
        elif e[3] == "investor":
            who = f"investor {rec[e[4]].name}"
        else:
            who = "an immediate benefit"
        bonus = f" and +{e[6]} from Packard" if e[6] else ""
        return f"{who[0].upper() + who[1:]} buys {name}'s car {e[2] + 1}: +{e[5]}{bonus}."
    if kind == "no_sale":
        return f"{rec[e[1]].name} finds no car to buy."
    if kind == "unsold":
        return f"An unsold {name} car leaves the market."
    if kind == "swap_buyer":
        return (f"{name} swaps active buyer {e[2] + 1} ({PREFERENCES[e[3]]}) for a "
                f"{PREFERENCES[e[4]]} buyer" + (f", taking white markers worth {e[5]}."
                                                if e[5] else "."))
    if kind == "game_end":
        return "The game ends."
    return " ".join(map(str, e))


def _move_words(cfg: Config, e: tuple[Any, ...]) -> str:
    _, p, steps, start, end, passed = e
    length = cfg.circuit_length
    where = "from the pit lane" if start <= 0 else ""
    names = [cfg.companies[q] if q >= 0 else "a neutral car" for q in passed]
    passes = f", passes {' and '.join(names)}" if names else ""
    laps = rules.laps_of(length, end) - rules.laps_of(length, start)
    lap = f", completing {laps} lap{'s' if laps > 1 else ''}" if laps > 0 else ""
    lead = f"{cfg.companies[p]}'s car moves {steps}"
    if where:
        lead += f" {where}"
    return f"{lead}{passes}{lap} and ends on space {rules.space_of(length, end)}."


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
