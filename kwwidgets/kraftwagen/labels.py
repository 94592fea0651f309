"""Player-facing words: button labels, tooltips, errors without rule codes, the log by turn.

The rules core names every action by a short command (``pick GrandPrix+Attract``, ``recruit
Move5b``) that ``kw apply`` reads, and cites the rule in every docstring and error (``seed JP:
...``, ``RULINGS K5``). A player at the table needs neither: this module turns actions into
plain labels ("Race: Grand Prix", "Recruit: Move 5") and strips the rule codes from anything a
widget shows. The codes stay in the docs, the API errors and ``kw``. No rules here: every fact
comes from ``kwcore``'s component data and event log, and every component is called by its plain
title there (``kwcore.config``: the tile "Grand Prix + Attract", the benefit "Move 5"), the same
words as the log, ``kw show`` and the drawn board.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kwcore import actions as A
from kwcore import events as ev
from kwcore.actions import Action
from kwcore.config import CAR_TECH, INVESTORS, PREFERENCES, Config, config_for, tech_words
from kwcore.errors import KraftwagenError
from kwcore.render import describe, recruit_name, start_name, tile_name

if TYPE_CHECKING:
    from kwcore.state import State

_CFG = config_for(4)  # names are the same for every player count (as in kwcore.actions)
_PLACE_WORDS = ("in a workshop", "on the racing car", "replacing body", "replacing engine")
_PART_WORDS = ("body", "engine", "price", "workers")
_TRACK_WORDS = ("body", "engine", "both (engineer token)")
#: what each action of a tile is called on a button; the Grand Prix is a race
ACTION_KIND_LABELS = {
    "hire": "Hire a worker", "research": "Research", "body": "Build: body",
    "engine": "Build: engine", "attract": "Attract a buyer", "grandprix": "Race: Grand Prix",
    "recruit": "Recruit",
}
_KIND_HELP = {
    "hire": "hire a worker", "research": "research", "body": "build a body",
    "engine": "build an engine", "attract": "attract a buyer",
    "grandprix": "race (racing team, then your car moves)", "recruit": "recruit",
}
_ENGINEER_HELP = {
    "Winton": "engine +1 and +2 technology markers for your cars",
    "Riker": "your salesman joins the canteen (he counts as 3 workers on a car)",
    "King": "one extra worker every time you hire",
    "Christie": "body +1 and +2 technology markers for your cars",
    "Packard": "+2 and +4 markers to put beside a buyer for extra points",
    "Buick": "once per game, an extra buyer at the start of scoring",
    "Brayton": "the price buyer pays three times the price instead of twice",
    "Chevrolet": "your racing car moves one extra space",
    "Kettering": "two swap markers to change a part of a car on the market",
}
_CONDITION_WORDS = {
    "laps": "a car of a company whose racing car completed {n} lap(s) or more",
    "service": "a car with service {n} or more", "engine": "a car with engine {n} or more",
    "body": "a car with body {n} or more",
    "achievements": "a car of a company with {n} achievements or more",
    "engineer_tokens": "a car of a company holding {n} engineer token(s) or more",
}
# "(seed JP: Placing a car, ...)", "(RULINGS K5, K13; seed FAQ)", "RULINGS K12" and the like.
_RULE_CODE = re.compile(
    r"\s*\((?:[^()]*\b(?:seed (?:JP|FR|FAQ)|RULINGS)\b[^()]*)\)"  # a bracket citing a rule
    r"|[\s;,:-]*\b(?:seed (?:JP|FR|FAQ)|RULINGS)\b(?::[^.;()]*|(?:\s+K\d+(?:\s*,\s*K\d+)*))"
)


def strip_rule_codes(text: str) -> str:
    """``text`` without rule citations ("seed JP: ...", "RULINGS K5"), for player-facing words.

    >>> strip_rule_codes("'pick Hire' is not a choice now (RULINGS K1).")
    "'pick Hire' is not a choice now."
    """
    out = _RULE_CODE.sub("", text)
    out = re.sub(r"\s+([.,;:])", r"\1", out)
    return re.sub(r"\s{2,}", " ", out).strip()


def play_error(exc: BaseException) -> str:
    """A rules error as a player reads it: its message without the rule it cites."""
    return strip_rule_codes(str(exc))


def _tile_label(cfg: Config, tile: int) -> str:
    return tile_name(cfg, tile)


def _recruit_words(cfg: Config, index: int) -> str:
    r = cfg.recruit[index]
    if r.effect is not None:
        return recruit_name(cfg, index)
    if r.category == INVESTORS:
        return f"{recruit_name(cfg, index)} (investor)"
    return f"{recruit_name(cfg, index)} (engineer)"


def _start_words(cfg: Config, start: int) -> str:
    return start_name(cfg, start)


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" else "a ") + word


def _with(workers: int, salesman: bool) -> str:
    people = f"{workers} worker{'s' if workers != 1 else ''}"
    if salesman:
        return "the salesman" if workers == 0 else f"{people} + the salesman"
    return people if workers else "nobody"


def action_label(action: Action, cfg: Config = _CFG) -> str:
    """A button's label in plain words ("Race: Grand Prix", "Recruit: Move 5").

    Covers every action ``kwcore.actions.ACTIONS`` enumerates; the text form ``str(action)``
    stays what ``kw apply`` reads, and the tooltip (``action_tooltip``) shows it.
    """
    a = action
    if isinstance(a, A.Deal):
        n = len(cfg.tiles)
        what = f"the {_tile_label(cfg, a.item)} tile" if a.item < n else \
            f"{A._COMPANIES[a.item - n]}'s marker"
        return f"Deal: {what}"
    if isinstance(a, A.Offer):
        return f"Offer start tile: {_start_words(cfg, a.start)}"
    if isinstance(a, A.Reveal):
        return f"Turn up: {_recruit_words(cfg, a.recruit)}"
    if isinstance(a, A.ChooseStart):
        return f"Start: {_start_words(cfg, a.start)}"
    if isinstance(a, A.PickTile):
        return f"Take tile: {_tile_label(cfg, a.tile)}"
    if isinstance(a, A.DoAction):
        return ACTION_KIND_LABELS[A.ACTION_KINDS[a.kind]]
    if isinstance(a, A.Research):
        return f"Research: {_TRACK_WORDS[a.track]}"
    if isinstance(a, A.Place):
        if a.where in (A.WORKSHOP, A.RACING_CAR):
            return f"Place it {_PLACE_WORDS[a.where]}"
        return f"Place it {_PLACE_WORDS[a.where]} {a.value}"
    if isinstance(a, A.Hire):
        return "Hire: the salesman" if a.salesman else "Hire: a worker"
    if isinstance(a, A.Attract):
        return f"Attract: {PREFERENCES[a.pref]} buyer"
    if isinstance(a, A.Recruit):
        return f"Recruit: {_recruit_words(cfg, a.recruit)}"
    if isinstance(a, A.RecruitWorkers):
        return "Recruit: 2 workers instead"
    if isinstance(a, A.RecruitMove):
        return "Recruit: move 3 instead"
    if isinstance(a, A.Team):
        return f"Racing team: add {_with(a.workers, a.salesman)}"
    if isinstance(a, A.SellCar):
        return f"Sell: car {a.slot + 1}"
    if isinstance(a, A.SwapBuyer):
        return f"Swap: buyer {a.space + 1} for {_a(PREFERENCES[a.pref])} buyer"
    if isinstance(a, A.CarBody):
        return f"Car: body {a.value}"
    if isinstance(a, A.CarEngine):
        return f"Car: engine {a.value}"
    if isinstance(a, A.CarService):
        return f"Car: {_with(a.workers, a.salesman)}"
    if isinstance(a, A.CarPrice):
        return f"Car: price {a.value}"
    if isinstance(a, A.CarTech):
        return "Car: no technology marker" if a.marker < 0 else \
            f"Car: {tech_words(CAR_TECH[a.marker])} marker"
    if isinstance(a, A.Pass):
        return "Place no car"
    if isinstance(a, A.EndTurn):
        return "End the turn"
    if isinstance(a, A.Invest):
        return f"Invest: {recruit_name(cfg, a.investor)}'s token in car {a.slot + 1}"
    if isinstance(a, A.PackardMarker):
        return f"Packard: +{a.bonus} beside buyer {a.space + 1}"
    if isinstance(a, A.Kettering):
        return f"Kettering: car {a.slot + 1} {_PART_WORDS[a.part]} to {a.value}"
    if isinstance(a, A.BuickBuyer):
        return "Buick: no extra buyer" if a.pref < 0 else \
            f"Buick: add {_a(PREFERENCES[a.pref])} buyer"
    raise TypeError(f"no label for {type(a).__name__}")  # a new action class needs one


def _recruit_help(cfg: Config, index: int) -> str:
    r = cfg.recruit[index]
    if r.effect is not None:
        return "an immediate benefit, used at once"
    if r.category == INVESTORS:
        if r.condition is None:
            return "an investor who buys any car left, and an investment token"
        kind, n = r.condition
        wants = _CONDITION_WORDS.get(kind, "a car").format(n=n)
        return f"an investor who buys {wants}, and an investment token"
    return _ENGINEER_HELP.get(r.name, "an engineer")


_HELP = {
    "Deal": "Setup: the next item joins the action chain.",
    "Offer": "Two-player setup: this start tile is offered.",
    "Reveal": "A recruit tile is turned face up.",
    "ChooseStart": "Take this start tile: its bonuses are yours at once.",
    "DoAction": "Do this action of your tile next.",
    "Research": "Move up a research track: body, engine, or both with an engineer token.",
    "Place": "Where the tile you have just built goes.",
    "Hire": "Take a worker (or, with Riker, the salesman) from your supply into the canteen.",
    "Attract": "Bring a buyer of this preference from the available stacks to the market.",
    "RecruitWorkers": "Instead of a recruit tile, take two workers from your supply.",
    "RecruitMove": "Instead of a recruit tile, your racing car moves three spaces.",
    "Team": "Move canteen workers (and the salesman) into the racing team; they stay there.",
    "SellCar": "Sell this car of yours now for the benefit's points.",
    "SwapBuyer": "Exchange this active buyer for an available buyer of another preference.",
    "CarBody": "The new car's body: a body tile from your workshops.",
    "CarEngine": "The new car's engine: an engine tile from your workshops.",
    "CarService": "The new car's service: workers from your canteen (the salesman counts 3).",
    "CarPrice": "The new car's price: a price marker from the chart.",
    "CarTech": "Add one technology marker to the new car, or none.",
    "Pass": "Put no car on the market; your turn ends.",
    "EndTurn": "End your turn.",
    "Invest": "Put this investor's token on your car (a free action).",
    "PackardMarker": "The seller of this buyer's car gains the bonus (a free action).",
    "Kettering": "Spend a swap marker to change this part of your car on the market "
                 "(a free action).",
    "BuickBuyer": "Once per game: an extra buyer who buys after the active buyers.",
}


def action_help(action: Action, cfg: Config = _CFG) -> str:
    """What the action does, in one plain sentence without rule codes."""
    a = action
    if isinstance(a, A.PickTile):
        kinds = cfg.tiles[a.tile].actions
        words = [_KIND_HELP[k] for k in kinds]
        return ("Take this action tile: " + ", then ".join(words)
                + ". Your marker moves to its place in the chain.")
    if isinstance(a, A.Recruit):
        r = cfg.recruit[a.recruit]
        if r.effect is not None:
            return f"Take the benefit {_recruit_words(cfg, a.recruit)}: it is used at once."
        return f"Take {recruit_name(cfg, a.recruit)}: {_recruit_help(cfg, a.recruit)}."
    if isinstance(a, A.DoAction):
        return f"Do this action of your tile next: {_KIND_HELP[A.ACTION_KINDS[a.kind]]}."
    return _HELP.get(type(a).__name__) or strip_rule_codes((type(a).__doc__ or "").strip())


def action_tooltip(action: Action, cfg: Config = _CFG) -> str:
    """A button's tooltip: what the action does, then its command (what ``kw apply`` reads)."""
    return f"{action_help(action, cfg)} [{action}]"


def plain(state: State, text: str) -> str:
    """An action's text form as the player reads it (its button label), or the text itself
    when it is not an action of ``state`` (like "a car at price 8")."""
    import kwcore

    try:
        return action_label(kwcore.parse_action(state, text), state.cfg)
    except KraftwagenError:
        return text


_CAR_PARTS = (A.CarBody, A.CarEngine, A.CarService, A.CarPrice, A.CarTech)


def plain_steps(state: State, actions: Sequence[str]) -> str:
    """A line of actions from ``state`` in words, each worded in the position it is taken in;
    a car's parts read as one car ("Car: body 5, 1 worker, price 8"). From the first action
    that is not legal there on, the rest stays as text."""
    import kwcore

    words: list[str] = []
    s = state.clone(history=False)
    in_car = False
    for i, text in enumerate(actions):
        try:
            a = kwcore.parse_action(s, text)
            s.apply(a.id)
        except KraftwagenError:
            return ", ".join(words + list(actions[i:]))
        part = isinstance(a, _CAR_PARTS)
        word = action_label(a, state.cfg)
        words.append(word.removeprefix("Car: ") if part and in_car else word)
        in_car = part
    return ", ".join(words)


# --- the log, grouped by turn ---------------------------------------------------------------------
@dataclass(frozen=True)
class LogGroup:
    """One heading of the log (a turn, the setup, a scoring phase) and its lines, in order."""

    heading: str
    lines: tuple[str, ...]


def log_groups(cfg: Config, events: list[ev.Event], first_round: int = 1) -> list[LogGroup]:
    """The event log in time order, grouped: setup, each turn, each scoring phase.

    A turn begins at its ``turn`` event, a scoring phase at its ``scoring`` event; a new round
    is a line of the group it ends. Every line is ``kwcore.render.describe``'s, so the groups
    flattened are exactly ``State.log()``. ``first_round``: the round the events begin in (a
    position loaded in round 3 logs "Round 3" until its next round begins).
    """
    groups: list[tuple[str, list[str]]] = [("Setup", [])]
    round_no = first_round
    for e in events:
        if isinstance(e, ev.Round):
            round_no = e.round
        if isinstance(e, ev.Turn):
            groups.append((f"Round {round_no} · {cfg.companies[e.company]}'s turn", []))
        elif isinstance(e, ev.Scoring):
            groups.append((f"Round {e.round} · scoring", []))
        groups[-1][1].append(describe(cfg, e))
    return [LogGroup(h, tuple(lines)) for h, lines in groups if lines]
