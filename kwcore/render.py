"""Plain-text rendering: the board and the plain-English event log.

Covers what a player sees of a position. Every component is named by its plain title
(``kwcore.config``: "Grand Prix + Attract", "Move 5", "Two laps"), never by the machine's name
``kw apply`` reads (``GrandPrix+Attract``, ``Move5b``, ``TwoLaps``). Placeholder component data
(RULINGS) is flagged on the board with ``*`` and a footnote. No widget code here: notebooks draw
richer boards elsewhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from gamecore.events import Event
from kwcore import events as ev
from kwcore import rules
from kwcore.config import ACTION_KINDS, CAR_TECH, CATEGORIES, PREFERENCES, Config, tech_words

if TYPE_CHECKING:
    from kwcore.state import Car, State

#: what doing each action of a tile is called in a sentence ("Green cannot build a body")
_KIND_WORDS = {
    "hire": "hire a worker", "research": "research", "body": "build a body",
    "engine": "build an engine", "attract": "attract a buyer",
    "grandprix": "race in the Grand Prix", "recruit": "recruit",
}
_PLACE_WORDS = ("in a workshop", "on the racing car", "replacing body", "replacing engine")
_PART_WORDS = ("body", "engine", "price", "workers")


def _who(cfg: Config, p: int) -> str:
    return cfg.companies[p] if p >= 0 else "chance"


def _item(cfg: Config, item: int) -> str:
    n = len(cfg.tiles)
    return cfg.tiles[item].title if item < n else f"[{cfg.companies[item - n]}]"


def tile_name(cfg: Config, tile: int) -> str:
    """An action tile's plain name ("Grand Prix + Attract")."""
    return cfg.tiles[tile].title


def recruit_name(cfg: Config, recruit: int) -> str:
    """A recruit tile's plain name: the engineer's or investor's name, the benefit's effect
    ("Move 5")."""
    return cfg.recruit[recruit].title


def start_name(cfg: Config, start: int) -> str:
    """A start tile's plain name ("Body 2 + move 2")."""
    return cfg.start_tiles[start].title


def achievement_name(cfg: Config, achievement: int) -> str:
    """An achievement's plain name ("Two laps")."""
    return cfg.achievements[achievement].title


def car_text(cfg: Config, car: Car) -> str:
    """One market car in a few words."""
    tech = f", {tech_words(CAR_TECH[car.tech])}" if car.tech >= 0 else ""
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
    chain = " > ".join(_item(cfg, i) + (" (in play)" if i == s.picked else "") for i in s.chain)
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
        lines.append("Investors: " + ", ".join(recruit_name(cfg, i) for i in s.investor_track))
    rec = "; ".join(
        f"{cat}: {', '.join(recruit_name(cfg, i) for i in s.face_up[k]) or '-'} "
        f"({s.stack_left[k]} face down)" for k, cat in enumerate(CATEGORIES))
    lines.append(f"Recruit{star}: {rec}")
    length = cfg.circuit_length
    cars = [f"{cfg.companies[p]} " + _circuit_pos(length, c.progress)
            for p, c in enumerate(s.companies)]
    cars += [f"neutral space {sp}" for sp in cfg.neutral_cars]
    lines.append(f"Circuit{star} ({length} spaces): " + "; ".join(cars))
    open_ach = [a.title for a, o in zip(cfg.achievements, s.achievements, strict=True) if o < 0]
    lines.append("Open achievements: " + (", ".join(open_ach) or "none"))
    for p, c in enumerate(s.companies):
        hidden = s.hidden_scores and not s.is_terminal()
        rep = "hidden" if hidden else str(c.reputation)
        work = ", ".join(("body " if k == 0 else "engine ") + str(v) for k, v in c.workshops) \
            or "-"
        lines.append(
            f"{cfg.companies[p]}: reputation {rep} | canteen {c.canteen}, supply {c.supply}, "
            f"salesman {c.salesman} | workshops: {work} | racing engine {c.race_engine}, team "
            f"{c.team} | research body {c.body_track} engine {c.engine_track} | tokens "
            f"{c.engineer_tokens}")
        extras = []
        if c.engineers:
            extras.append("engineers " + ", ".join(recruit_name(cfg, e) for e in c.engineers))
        if c.investors:
            extras.append("investors " + ", ".join(recruit_name(cfg, e) for e in c.investors))
        if c.tech:
            extras.append("technology markers " + ", ".join(tech_words(x) for x in c.tech))
        if extras:
            lines.append("    " + "; ".join(extras))
    if cfg.placeholders:
        lines.append("* placeholder component data: " + "; ".join(cfg.placeholders)
                     + " (see docs/rules.md, Component data)")
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


def describe(cfg: Config, e: Event) -> str:
    """One event in plain English (the function of its class in ``_WORDS``)."""
    return _WORDS[type(e)](cfg, e)


def _deal(cfg: Config, e: ev.Deal) -> str:
    what = f"the {tile_name(cfg, e.item)} tile" if e.item < len(cfg.tiles) else \
        f"{cfg.companies[e.item - len(cfg.tiles)]}'s marker"
    return f"Setup: {what} joins the action chain."


def _offer(cfg: Config, e: ev.Offer) -> str:
    return f"Setup: the start tile {start_name(cfg, e.start)} is offered."


def _start(cfg: Config, e: ev.TakeStart) -> str:
    return f"{_who(cfg, e.company)} takes the start tile {start_name(cfg, e.start)}."


def _reveal(cfg: Config, e: ev.Reveal) -> str:
    return f"The recruit tile {recruit_name(cfg, e.recruit)} is turned face up."


def _round(cfg: Config, e: ev.Round) -> str:
    return f"Round {e.round} begins."


def _turn(cfg: Config, e: ev.Turn) -> str:
    return f"{_who(cfg, e.company)}'s turn."


def _pick(cfg: Config, e: ev.Pick) -> str:
    return f"{_who(cfg, e.company)} takes the {tile_name(cfg, e.tile)} tile."


def _research(cfg: Config, e: ev.Research) -> str:
    return f"{_who(cfg, e.company)} researches: body {e.body}, engine {e.engine}."


def _skip(cfg: Config, e: ev.Skip) -> str:
    return (f"{_who(cfg, e.company)} cannot {_KIND_WORDS[ACTION_KINDS[e.action]]}; the action "
            f"is skipped.")


def _build(cfg: Config, e: ev.Build) -> str:
    what = "body" if e.part == 0 else "engine"
    where = _PLACE_WORDS[e.where]
    if e.returned is not None:
        where = f"in a workshop, returning {'body' if e.returned[0] == 0 else 'engine'} " \
                f"{e.returned[1]}"
    return f"{_who(cfg, e.company)} builds {what} {e.value} and places it {where}."


def _hire(cfg: Config, e: ev.Hire) -> str:
    who = "the salesman" + (f" and {e.workers} worker" if e.workers else "") if e.salesman \
        else f"{e.workers} worker{'s' if e.workers != 1 else ''}"
    return f"{_who(cfg, e.company)} hires {who}."


def _attract(cfg: Config, e: ev.Attract) -> str:
    white = f" and takes white markers worth {e.points}" if e.points else ""
    return (f"{_who(cfg, e.company)} attracts {_a(PREFERENCES[e.pref])} buyer to active space "
            f"{e.space + 1}{white}.")


def _market_marker(cfg: Config, e: ev.MarketMarker) -> str:
    return f"Every active space is full: the market marker moves down to {e.marker}."


def _recruit(cfg: Config, e: ev.Recruit) -> str:
    return f"{_who(cfg, e.company)} recruits {recruit_name(cfg, e.recruit)}."


def _recruit_workers(cfg: Config, e: ev.RecruitWorkers) -> str:
    return (f"{_who(cfg, e.company)} takes {e.workers} worker{'s' if e.workers != 1 else ''} "
            f"from the supply.")


def _no_token(cfg: Config, e: ev.NoToken) -> str:
    return f"No investment token is left for {recruit_name(cfg, e.recruit)}."


def _benefit_void(cfg: Config, e: ev.BenefitVoid) -> str:
    return f"{recruit_name(cfg, e.recruit)} has no effect for {_who(cfg, e.company)}."


def _team(cfg: Config, e: ev.Team) -> str:
    extra = " and the salesman" if e.salesman else ""
    return (f"{_who(cfg, e.company)} adds {e.workers} worker(s){extra} to the racing team "
            f"({e.team} in the team).")


def _move(cfg: Config, e: ev.Move) -> str:
    length = cfg.circuit_length
    where = "from the pit lane" if e.start <= 0 else ""
    names = [cfg.companies[q] if q >= 0 else "a neutral car" for q in e.passed]
    passes = f", passes {' and '.join(names)}" if names else ""
    laps = rules.laps_of(length, e.end) - rules.laps_of(length, e.start)
    lap = f", completing {laps} lap{'s' if laps > 1 else ''}" if laps > 0 else ""
    lead = f"{cfg.companies[e.company]}'s car moves {e.steps}"
    if where:
        lead += f" {where}"
    return f"{lead}{passes}{lap} and ends on space {rules.space_of(length, e.end)}."


def _car(cfg: Config, e: ev.PlaceCar) -> str:
    return f"{_who(cfg, e.company)} puts a car on market space {e.slot + 1}."


def _pass(cfg: Config, e: ev.Pass) -> str:
    return f"{_who(cfg, e.company)} places no car."


def _invest(cfg: Config, e: ev.Invest) -> str:
    return (f"{_who(cfg, e.company)} puts {recruit_name(cfg, e.investor)}'s investment token on "
            f"car {e.slot + 1}.")


def _packard(cfg: Config, e: ev.Packard) -> str:
    return (f"{_who(cfg, e.company)} places a Packard +{e.bonus} marker beside active buyer "
            f"{e.space + 1}.")


def _kettering(cfg: Config, e: ev.Kettering) -> str:
    return (f"{_who(cfg, e.company)} uses a Kettering swap on car {e.slot + 1}: "
            f"{_PART_WORDS[e.part]} {e.old} becomes {e.new}.")


def _achievement(cfg: Config, e: ev.Achievement) -> str:
    return (f"{_who(cfg, e.company)} achieves {achievement_name(cfg, e.achievement)} "
            f"(+{e.points}).")


def _scoring(cfg: Config, e: ev.Scoring) -> str:
    return f"Scoring phase of round {e.round}."


def _buick(cfg: Config, e: ev.Buick) -> str:
    return f"{_who(cfg, e.company)} places Buick's extra {PREFERENCES[e.pref]} buyer."


def _gp_place(cfg: Config, e: ev.GpPlace) -> str:
    tie = f" (tied, {e.tied} cars)" if e.tied > 1 else ""
    return f"Grand Prix: {_who(cfg, e.company)} places {e.place}{tie}, +{e.points}."


def _gp_laps(cfg: Config, e: ev.GpLaps) -> str:
    return f"Grand Prix: {_who(cfg, e.company)} completed {e.laps} lap(s), +{e.points}."


def _sale(cfg: Config, e: ev.Sale) -> str:
    if e.source == "buyer":
        who = f"the {PREFERENCES[e.buyer]} buyer"
    elif e.source == "investor":
        who = f"investor {recruit_name(cfg, e.buyer)}"
    else:
        who = "an immediate benefit"
    bonus = f" and +{e.bonus} from Packard" if e.bonus else ""
    return (f"{who[0].upper() + who[1:]} buys {_who(cfg, e.company)}'s car {e.slot + 1}: "
            f"+{e.points}{bonus}.")


def _no_sale(cfg: Config, e: ev.NoSale) -> str:
    return f"{recruit_name(cfg, e.recruit)} finds no car to buy."


def _unsold(cfg: Config, e: ev.Unsold) -> str:
    return f"An unsold {_who(cfg, e.company)} car leaves the market."


def _swap_buyer(cfg: Config, e: ev.SwapBuyer) -> str:
    white = f", taking white markers worth {e.points}." if e.points else "."
    return (f"{_who(cfg, e.company)} swaps active buyer {e.space + 1} ({PREFERENCES[e.old]}) "
            f"for {_a(PREFERENCES[e.new])} buyer{white}")


def _game_end(cfg: Config, e: ev.GameEnd) -> str:
    return "The game ends."


#: The words of each event class (kwcore.events), one function per class.
_WORDS: dict[type[Any], Callable[[Config, Any], str]] = {
    ev.Deal: _deal, ev.Offer: _offer, ev.TakeStart: _start, ev.Reveal: _reveal,
    ev.Round: _round, ev.Turn: _turn, ev.Pick: _pick, ev.Research: _research, ev.Skip: _skip,
    ev.Build: _build, ev.Hire: _hire, ev.Attract: _attract, ev.MarketMarker: _market_marker,
    ev.Recruit: _recruit, ev.RecruitWorkers: _recruit_workers, ev.NoToken: _no_token,
    ev.BenefitVoid: _benefit_void, ev.Team: _team, ev.Move: _move, ev.PlaceCar: _car,
    ev.Pass: _pass, ev.Invest: _invest, ev.Packard: _packard, ev.Kettering: _kettering,
    ev.Achievement: _achievement, ev.Scoring: _scoring, ev.Buick: _buick,
    ev.GpPlace: _gp_place, ev.GpLaps: _gp_laps, ev.Sale: _sale, ev.NoSale: _no_sale,
    ev.Unsold: _unsold, ev.SwapBuyer: _swap_buyer, ev.GameEnd: _game_end,
}


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word
