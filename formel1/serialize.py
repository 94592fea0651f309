"""Formel 1's JSON positions in gamecore's v2 envelope, their checks, observations, replays.

A position is ``{"format": "formel1-position", "version": 2, "game": "formel1", ...}`` with every
state field by name, cards by name, cars by colour, cells by label (``12b``;
docs/position-format-formel1.md). Loading reads the text with gamecore's bounded ``parse_json``,
checks the envelope and ``SCHEMA`` (``position.schema.json``) with gamecore's checker, then the
rules' consistency (F1-03 .. F1-33), and raises ``PositionError`` naming the field at fault.
Who decides and what is legal are recomputed, never read.
"""

from __future__ import annotations

import json
from collections import Counter
from functools import cache
from importlib import resources
from typing import Any

from gamecore.chance import CHANCE
from gamecore.errors import GameError, PositionError
from gamecore.events import FieldCheck, flag, read_log, whole
from gamecore.game import DEFAULT_GAME, hide
from gamecore.position import (
    check_envelope,
    check_replay_fields,
    check_schema,
    kind_words,
    parse_json,
    short,
)

from . import rules
from .actions import DEAL_PRICES, MAX_BID
from .config import FINISHED, MAX_OFFERS, MAX_PLAYERS, MIN_PLAYERS, NAME, OFF, WHITE, config_for
from .events import EVENTS, Proposal
from .state import CARDS_PER_UNIT, LOG_KEEP, LOG_LIMIT, Bargain, State, new_state

FORMAT = "formel1-position"
REPLAY_FORMAT = "formel1-replay"
VERSION = 3
#: The version of the replay files (they hold no log, so the position's version 3 left them).
REPLAY_VERSION = 2
COLOURS = config_for(2).colours
CARD_NAMES = [k.name for k in config_for(2).kinds]
PENDING = ("move", "white", "switch")  # rules.MOVE, WHITE_CAR, SWITCH
BARGAINS = ("sale", "promise", "auction", "withhold")  # rules.SALE, PROMISE, CARD_AUCTION, WITHHOLD
#: The first entry of a cut log (``state.LOG_LIMIT``) and the most events it may count.
LOG_CUT, MAX_CUT = "log_cut", 10**15
#: The most units one event takes: a proposal naming every card of a double deck (F1-41).
MAX_EVENT_UNITS = 1 + -(-2 * len(CARD_NAMES) // CARDS_PER_UNIT)


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema of a position (``formel1/position.schema.json``)."""
    text = resources.files("formel1").joinpath("position.schema.json").read_text("utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


# --- writing ----------------------------------------------------------------------------------
def _car(c: int) -> str | None:
    return None if c == OFF else COLOURS[c]


def _cell(s: State, p: int) -> str | None:
    if p == OFF:
        return None
    return "finished" if p == FINISHED else s.track_spec().label(p)


def state_to_dict(s: State) -> dict[str, Any]:
    """The position as a JSON-ready dict."""
    kind, car, n = s.pending if s.pending else (None, OFF, 0)
    return {
        "format": FORMAT, "version": VERSION, "game": NAME,
        "players": s.players, "seed": s.seed, "draws": s.draws, "races": s.races,
        "variants": list(s.variants), "track": s.track, "race": s.race,
        "dealer": None if s.dealer == OFF else s.dealer, "money": list(s.money),
        "phase": s.phase,
        "hands": [[CARD_NAMES[k] for k in hand] for hand in s.hands],
        "starter": None if s.starter == OFF else CARD_NAMES[s.starter],
        "removed": [CARD_NAMES[k] for k in s.removed], "starter_played": s.starter_played,
        "revealed": [COLOURS[c] for c in s.revealed], "queue": [COLOURS[c] for c in s.queue],
        "owner": [None if o == OFF else o for o in s.owner],
        "offer": _car(s.offer), "reoffered": s.reoffered, "high_bid": s.high_bid,
        "high_bidder": None if s.high_bidder == rules.NO_BID else s.high_bidder,
        "out": list(s.out),
        "cars": [_cell(s, p) for p in s.pos], "laps": list(s.laps),
        "finished": [COLOURS[c] for c in s.finished],
        "discards": [[CARD_NAMES[k] for k in pile] for pile in s.discards],
        "picked_up": s.picked_up,
        "turn": s.turn, "card": None if s.card == OFF else CARD_NAMES[s.card], "step": s.step,
        "pending": None if kind is None else
        {"decision": PENDING[kind], "car": _car(car), "amount": n},
        "whites": [COLOURS[c] for c in s.whites], "offers": s.offers,
        "proposal": None if s.proposal is None else _bargain_to_dict(s.proposal),
        "promised": None if s.promised == OFF else CARD_NAMES[s.promised],
        "withheld": None if s.withheld == OFF else CARD_NAMES[s.withheld],
        "log": ([[LOG_CUT, s.log_cut]] if s.log_cut else []) + [e.to_list() for e in s.events],
    }


def _bargain_to_dict(deal: Bargain) -> dict[str, Any]:
    """The open bargain (F1-39): its kind, cards, partner (the buyer, or an auction's bidder in
    turn), price (an auction's standing bid), an auction's standing bidder and who is out."""
    return {"kind": BARGAINS[deal.kind], "cards": [CARD_NAMES[k] for k in deal.cards],
            "player": None if deal.partner == OFF else deal.partner,
            "price": None if deal.price == OFF else deal.price,
            "bidder": None if deal.bidder == OFF else deal.bidder, "out": list(deal.out)}


def _bargain_from_dict(deal: dict[str, Any]) -> Bargain:
    def off(value: int | None) -> int:
        return OFF if value is None else value

    return Bargain(BARGAINS.index(deal["kind"]), tuple(CARD_NAMES.index(c) for c in deal["cards"]),
                   off(deal["player"]), off(deal["price"]), off(deal.get("bidder")),
                   tuple(deal.get("out", ())))


def state_to_json(s: State, indent: int | None = None) -> str:
    """The position as JSON text."""
    return json.dumps(state_to_dict(s), indent=indent, ensure_ascii=False)


# --- reading ----------------------------------------------------------------------------------
def state_from_json(text: str | bytes) -> State:
    """Load a position from JSON text or UTF-8 bytes; PositionError for anything else."""
    return state_from_dict(parse_json(text))


def state_from_dict(data: Any) -> State:
    """Load a position dict (as ``parse_json`` gives it); PositionError naming the field."""
    cfg = config_for(2)
    _check_old_version(data)
    check_envelope(data, FORMAT, (VERSION,), NAME, DEFAULT_GAME)
    log = data.get("log")  # its events are checked in one pass by ``read_log`` below
    check_schema(schema(), {k: [] if k == "log" else v for k, v in data.items()})
    n = data["players"]
    for field in ("money", "hands", "out", "discards"):
        if len(data[field]) != n:
            raise PositionError(field, f"one entry per player ({n})")
    track = cfg.tracks.get(data["track"])
    if track is None:
        raise PositionError("track", f"not a known track ({', '.join(cfg.tracks)})")
    s = new_state(n, data["seed"], data["races"], data["track"], tuple(data["variants"]))
    if list(s.variants) != data["variants"]:
        raise PositionError("variants", "listed once each, in sorted order")
    s.draws, s.race, s.phase = data["draws"], data["race"], data["phase"]
    s.dealer = OFF if data["dealer"] is None else data["dealer"]
    s.money = tuple(data["money"])
    s.hands = tuple(tuple(CARD_NAMES.index(c) for c in hand) for hand in data["hands"])
    s.starter = OFF if data["starter"] is None else CARD_NAMES.index(data["starter"])
    s.removed = tuple(CARD_NAMES.index(c) for c in data["removed"])
    s.starter_played = data["starter_played"]
    s.revealed = tuple(COLOURS.index(c) for c in data["revealed"])
    s.queue = tuple(COLOURS.index(c) for c in data["queue"])
    s.owner = tuple(OFF if o is None else o for o in data["owner"])
    s.offer = OFF if data["offer"] is None else COLOURS.index(data["offer"])
    s.reoffered, s.high_bid = data["reoffered"], data["high_bid"]
    s.high_bidder = rules.NO_BID if data["high_bidder"] is None else data["high_bidder"]
    s.out = tuple(data["out"])
    s.pos = tuple(_read_cell(s, i, label) for i, label in enumerate(data["cars"]))
    s.finished = tuple(COLOURS.index(c) for c in data["finished"])
    s.laps = tuple(data["laps"])
    s.discards = tuple(tuple(CARD_NAMES.index(c) for c in pile) for pile in data["discards"])
    s.picked_up = data["picked_up"]
    s.turn, s.step = data["turn"], data["step"]
    s.card = OFF if data["card"] is None else CARD_NAMES.index(data["card"])
    pending = data["pending"]
    s.pending = () if pending is None else (
        PENDING.index(pending["decision"]),
        OFF if pending["car"] is None else COLOURS.index(pending["car"]), pending["amount"])
    s.whites = tuple(COLOURS.index(c) for c in data["whites"])
    s.offers = data["offers"]
    deal = data["proposal"]
    s.proposal = None if deal is None else _bargain_from_dict(deal)
    s.promised = OFF if data["promised"] is None else CARD_NAMES.index(data["promised"])
    withheld = data.get("withheld")  # optional: files before the withhold bargain lack it
    s.withheld = OFF if withheld is None else CARD_NAMES.index(withheld)
    s.log_cut, events = _read_cut(log)
    s.events = tuple(read_log(events, EVENTS, _event_checks(s), LOG_LIMIT,
                              first=1 if s.log_cut else 0))
    s.log_extra = sum(rules.event_units(e) - 1 for e in s.events if type(e) is Proposal)
    _check_log_units(s)
    _check_consistency(s)
    s.legal = rules.legal_ids(s)
    _check_decision(s)
    return s


def _read_cut(log: Any) -> tuple[int, Any]:
    """A cut log's first entry, ``["log_cut", N]`` (N earlier events no longer kept,
    ``state.LOG_LIMIT``), and the events after it; 0 and the whole log for a log never cut."""
    if type(log) is not list or not log or type(log[0]) is not list or log[0][:1] != [LOG_CUT]:
        return 0, log
    entry = log[0]
    if len(entry) != 2 or type(entry[1]) is not int or not 1 <= entry[1] <= MAX_CUT:
        raise PositionError("log/0", f'a cut log opens with ["{LOG_CUT}", N], N the earlier '
                                     "events no longer kept (at least 1)")
    return entry[1], log[1:]


def _check_log_units(s: State) -> None:
    """A log within LOG_LIMIT units; a cut one as long as a cut leaves it (``rules.cut_log``:
    more than LOG_KEEP units less the longest event's, then what was logged since)."""
    units = len(s.events) + s.log_extra
    if units > LOG_LIMIT:
        raise PositionError("log", f"at most {LOG_LIMIT:,} units: one an event, one more for "
                                   f"every {CARDS_PER_UNIT} cards a proposal names")
    if s.log_cut and units < LOG_KEEP - MAX_EVENT_UNITS:
        raise PositionError("log", f"a cut log keeps its latest {LOG_KEEP:,} units")


def _check_old_version(data: Any) -> None:
    """Version 2 files, whose log is English text, are refused with a word on why."""
    if isinstance(data, dict) and data.get("format") == FORMAT and data.get("version") == 2:
        raise PositionError("version", "a version 2 position keeps its log as English lines; "
                                       f"this reader reads version {VERSION}, whose log holds "
                                       "typed events (docs/position-format-formel1.md)")


def _event_checks(s: State) -> dict[str, FieldCheck]:
    """The check of each event field, by its name (docs/position-format-formel1.md, Log
    events): seats, cars, cards and cells within this game's lists, numbers within the rules'
    bounds."""
    cars, cash = len(COLOURS), s.cfg.max_holding(s.races)
    money = whole(0, cash + 1)
    return {
        "count": whole(0, len(CARD_NAMES) * 2 + 1), "each": whole(0, len(CARD_NAMES) * 2 + 1),
        "removed": whole(0, len(CARD_NAMES) * 2 + 1), "car": whole(0, cars),
        "slot": whole(1, cars + 1), "place": whole(1, cars + 1), "seat": whole(0, s.players),
        "buyer": whole(0, s.players), "amount": money, "price": money, "money": money,
        "how": whole(0, 3), "card": whole(0, len(CARD_NAMES)), "number": whole(1, 100),
        "steps": whole(0, 100), "cell": whole(0, len(s.track_spec().cells)),
        "lap": whole(1, 100), "bargain": whole(0, len(BARGAINS)), "accepted": flag,
        "race": whole(1, s.races + 1), "seller": whole(0, s.players),
        "cards": lambda v: isinstance(v, list) and 0 < len(v) <= 2 * len(CARD_NAMES)
        and all(whole(0, len(CARD_NAMES))(c) for c in v),
    }


def _read_cell(s: State, car: int, label: str | None) -> int:
    if label is None:
        return OFF
    if label == "finished":
        return FINISHED
    track = s.track_spec()
    row, lane = int(label[:-1]), "abc".index(label[-1])
    cell = track.cell_at(row, lane)
    if cell is None:
        raise PositionError(f"cars/{car}", f"{label} is not a cell of the {track.name} track")
    return cell


def _check_consistency(s: State) -> None:
    """What the schema cannot say: the fields agree with each other under F1-03 .. F1-33."""
    n = s.players
    if s.seed is None and s.draws:
        raise PositionError("draws", "an explicit-chance game draws nothing from a seed")
    if s.race > s.races or (s.race == s.races) != (s.phase == rules.OVER):
        raise PositionError("race", "the game is over exactly after its last race (F1-33)")
    if (s.dealer == OFF) != (s.phase == rules.DEALER) or s.dealer >= n:
        raise PositionError("dealer", "a seat, drawn before the first deal (RF3)")
    if s.turn >= n or s.high_bidder >= n or any(o >= n for o in s.owner):
        raise PositionError("turn", f"seats are 0 to {n - 1}")
    if any(m < -s.cfg.forced_price * 6 for m in s.money):
        raise PositionError("money", "money goes negative only by forced purchases (RF3)")
    if s.starter_played and s.phase not in (rules.RACE, rules.OVER):
        raise PositionError("starter_played", "the Starter is carried out in the race (F1-18)")
    _check_money(s)
    _check_cards(s)
    _check_cars(s)
    _check_auction(s)
    _check_owners(s)
    _check_card(s)
    _check_turn_order(s)
    _check_laps(s)
    _check_bargains(s)


def _check_money(s: State) -> None:
    """F1-03, F1-30: money comes from the starting money and the prizes paid so far (those of
    the races finished, and of this race while it is run); bids and forced purchases go to the
    bank, and the no-car variant's bargains only move money between players (F1-39). So no
    player holds more than that, nor all of them together."""
    cfg, n = s.cfg, s.players
    paid = (s.race + (s.phase == rules.RACE)) * sum(cfg.prizes)
    shared = "no_car" in s.variants
    most = (n if shared else 1) * cfg.starting_money + paid
    if max(s.money) > most or sum(s.money) > n * cfg.starting_money + paid:
        raise PositionError("money", f"at most ${most}K: the starting money and the prizes of "
                                     f"{s.race + (s.phase == rules.RACE)} race(s) (F1-03, "
                                     "F1-30)")


def _check_owners(s: State) -> None:
    """F1-06 .. F1-15: in the auction a car is sold once revealed and neither on offer nor
    waiting to be offered again; before it no car has an owner, in the race every car."""
    if s.phase != rules.AUCTION:
        return
    for c in rules.CARS:
        unsold = c not in s.revealed or c in s.queue or c == s.offer
        if (s.owner[c] == OFF) != unsold:
            raise PositionError(f"owner/{c}", "a car is sold once revealed and neither on "
                                              "offer nor passed by all (F1-14)"
                                if unsold else "a revealed car neither on offer nor passed "
                                               "by all has been sold (F1-12)")


def _check_turn_order(s: State) -> None:
    """F1-18, F1-19, F1-29: the dealer carries out the Starter; then the pole car's owner plays
    first and play goes clockwise, one card a turn from equal hands. So the players who have
    played one card more this round (their hands one smaller) follow each other clockwise from
    the round's first player, and the player in turn is the last of them while his card is
    carried out, else the next. Once the discards are picked up (F1-40: every hand is whole
    again) a round starts after the player whose card was the last before it, which the
    position does not say: there the smaller hands must still follow each other. Not checked in
    the no-car variant, whose sales change hand sizes (F1-39)."""
    if s.phase != rules.RACE or "no_car" in s.variants:
        return
    n = s.players
    if not s.starter_played:
        if s.turn != s.dealer:
            raise PositionError("turn", "the dealer carries out the Starter (F1-18)")
        return
    sizes = [len(h) for h in s.hands]
    played = [p for p in range(n) if sizes[p] < max(sizes)]
    if played:
        starts = [p for p in played if (p - 1) % n not in played]
        first = starts[0]
        if len(starts) != 1 or (not s.picked_up and first != s.owner[s.revealed[0]]):
            raise PositionError("hands", "one card a turn, clockwise from the pole car's owner "
                                         "(or after the discards are picked up): the smaller "
                                         "hands follow each other (F1-19, F1-29, F1-40)")
    elif s.picked_up:
        return  # a new round: its first player is not in the position
    else:
        first = s.owner[s.revealed[0]]
    count = len(played)
    if s.card != OFF:
        expect = (first + count - 1) % n
    else:
        expect = (first + count) % n
        if not s.hands[expect]:  # the race goes on with a card left elsewhere (F1-29)
            expect = next((p for p in ((expect + i) % n for i in range(n)) if s.hands[p]),
                          expect)
    if s.turn != expect:
        raise PositionError("turn", f"{rules.seat_name(expect)} is in turn: play goes clockwise, "
                                    "one card each (F1-19, F1-29)")


def _check_bargains(s: State) -> None:
    """F1-38, F1-39, RF9: bargains only in the no-car variant, by a carless player in turn
    before he plays, at most MAX_OFFERS a turn; the cards in his hand; a named buyer another
    player; a price in $10K steps within that player's cash; an auction's bids within the
    bidders' cash; a promise of a card in his hand, to play it or not, with no bargain open."""
    deal = s.proposal
    if not (s.offers or deal is not None or s.promised != OFF or s.withheld != OFF):
        return
    if "no_car" not in s.variants or s.phase != rules.RACE or s.turn in s.owner \
            or s.offers > MAX_OFFERS or (s.card != OFF and (
                deal is not None or s.promised != OFF or s.withheld != OFF)):
        raise PositionError("offers", "bargains are the no-car variant's, made by a carless "
                                      f"player before he plays, at most {MAX_OFFERS} a turn "
                                      "(RF9)")
    if deal is not None:
        _check_bargain(s, deal)
    if s.promised != OFF and (s.promised not in s.hands[s.turn] or deal is not None):
        raise PositionError("promised", "a card of his hand, played next (F1-39)")
    if s.withheld != OFF and (s.withheld not in s.hands[s.turn] or deal is not None
                              or s.promised != OFF or len(set(s.hands[s.turn])) < 2):
        raise PositionError("withheld", "a card of his hand, with another kind to play instead "
                                        "(F1-39)")


def _check_bargain(s: State, deal: Bargain) -> None:
    """The open bargain of the no-car variant (F1-39, RF9), checked field by field."""
    seller, seats = s.turn, range(s.players)
    cards_ok = not Counter(deal.cards) - Counter(s.hands[seller]) and deal.cards \
        and (deal.kind == rules.SALE or len(deal.cards) == 1) \
        and (deal.kind in (rules.PROMISE, rules.WITHHOLD) or len(deal.cards) < len(s.hands[seller]))
    if not cards_ok or not s.offers:
        raise PositionError("proposal", "cards of the seller's hand, one unless it is a sale, "
                                        "in a bargain he opened this turn, a card left to play "
                                        "(F1-38, F1-39)")
    if deal.kind == rules.CARD_AUCTION:
        ok = deal.partner in seats and deal.partner != seller and len(deal.out) == s.players \
            and deal.out[seller] and not deal.out[deal.partner] and deal.price >= 0 \
            and deal.price % s.cfg.bid_step == 0 and deal.price <= MAX_BID \
            and (deal.bidder == OFF) == (deal.price == 0) \
            and (deal.bidder == OFF or (deal.bidder in seats and deal.bidder != seller
                                        and deal.bidder != deal.partner
                                        and deal.price <= s.money[deal.bidder]))
        if not ok:
            raise PositionError("proposal", "an auction's bidder in turn, standing bid and "
                                            "bidder among the other players, within cash "
                                            "(F1-39)")
        return
    named = deal.partner == OFF or (deal.partner in seats and deal.partner != seller)
    priced = deal.price == OFF or (deal.partner != OFF and deal.price in DEAL_PRICES
                                   and deal.price <= max(s.money[deal.partner], 0))
    if not named or not priced or deal.bidder != OFF or deal.out:
        raise PositionError("proposal", "another player as buyer, a price in $10K steps he can "
                                        "pay (F1-39)")


def _check_laps(s: State) -> None:
    """F1-40, F1-41: laps are counted in two-lap races only; a finished car has done all but
    the last; discard piles exist in the first form until the lead car completes lap 1."""
    total = s.total_laps()
    if any(lap >= total for lap in s.laps) or any(s.laps[c] != total - 1 for c in s.finished):
        raise PositionError("laps", f"a race has {total} lap(s): laps completed before the last")
    if s.phase not in (rules.RACE, rules.OVER) and any(s.laps):
        raise PositionError("laps", "laps are run only in the race")
    discards = "two_laps_discards" in s.variants
    if (s.picked_up or any(s.discards)) and not discards:
        raise PositionError("discards", "discard piles belong to the first two-lap form (F1-40)")
    if s.picked_up and (any(s.discards) or (not any(s.laps) and not s.finished)):
        raise PositionError("picked_up", "picked up once the lead car completes lap 1 (F1-40)")
    if discards and s.phase == rules.RACE and not s.picked_up and (any(s.laps) or s.finished) \
            and s.card == OFF:
        raise PositionError("picked_up", "the discards are picked up after the card on which "
                                         "the lead car completes lap 1 (F1-40)")
    if discards and s.phase == rules.RACE and not s.picked_up and "no_car" not in s.variants:
        # every card played goes to its player's pile until the pick-up (the Starter to none),
        # so hand and pile together are the hand dealt; the turn order after the pick-up is
        # read from the hands alone (no-car sales move cards between hands: not checked there)
        size = rules.hand_size(s)
        for p in range(s.players):
            if len(s.hands[p]) + len(s.discards[p]) != size:
                raise PositionError(f"discards/{p}", f"a hand and its discard pile hold the {size} "
                                                     "cards dealt until the pick-up (F1-05, F1-40)")


def _check_cards(s: State) -> None:
    """F1-05: hands, Starter and removed cards come out of this race's deck; the deal goes
    round from the dealer's left; the Starter and removed cards are the leftovers."""
    left = Counter(s.deck())
    for field, cards in (("hands", [k for h in s.hands for k in h]),
                         ("discards", [k for d in s.discards for k in d]),
                         ("starter", [s.starter] if s.starter != OFF else []),
                         ("removed", list(s.removed))):
        if Counter(cards) - left:
            raise PositionError(field, "more copies of a card than this race's deck has "
                                       "(F1-04, F1-05)")
        left -= Counter(cards)
    if any(list(h) != sorted(h) for h in s.hands):
        raise PositionError("hands", "each hand is listed in card order")
    if any(list(d) != sorted(d) for d in s.discards):
        raise PositionError("discards", "each discard pile is listed in card order")
    size, leftover, first = rules.hand_size(s), rules.leftovers(s), rules.removed_first(s)
    dealt = sum(len(h) for h in s.hands)
    if s.phase in (rules.DEALER, rules.REMOVE):
        if dealt or s.starter != OFF or len(s.removed) >= max(first, 1):
            raise PositionError("removed", f"{first} cards are removed before the deal (F1-37)")
        return
    if s.phase == rules.DEAL:
        pattern = [dealt // s.players + ((p - s.dealer - 1) % s.players < dealt % s.players)
                   for p in range(s.players)]
        if [len(h) for h in s.hands] != pattern or dealt >= size * s.players:
            raise PositionError("hands", "the deal goes round from the dealer's left (F1-05)")
        if s.starter != OFF or len(s.removed) != first:
            raise PositionError("starter", "chosen only once the hands are dealt (F1-05)")
        return
    if s.phase == rules.OVER:
        return
    if s.phase == rules.STARTER:
        if dealt != size * s.players or s.starter != OFF or len(s.removed) != first \
                or not leftover:
            raise PositionError("starter", "chosen after a full deal with leftovers (F1-05)")
        return
    if (s.starter != OFF) != bool(leftover) \
            or len(s.removed) != first + max(leftover - 1, 0):
        raise PositionError("starter", "one leftover is the Starter, the rest removed (F1-05)")
    if s.phase == rules.AUCTION and [len(h) for h in s.hands] != [size] * s.players:
        raise PositionError("hands", f"{size} cards each until the race (F1-05)")
    if any(len(h) > size for h in s.hands) and "no_car" not in s.variants:
        raise PositionError("hands", f"at most {size} cards each (F1-05)")
    sizes = [len(h) for h in s.hands]
    if max(sizes) - min(sizes) > 1 and "no_car" not in s.variants:  # sold cards change hands
        raise PositionError("hands", "one card a turn from equal hands: sizes differ by at most "
                                     "one (F1-19, F1-20)")


def _check_cars(s: State) -> None:
    """F1-17: revealed cars start on the grid in reveal order; cars share no cell; the prize
    chart lists exactly the finished cars (F1-30)."""
    if len(set(s.revealed)) != len(s.revealed) or len(set(s.finished)) != len(s.finished):
        raise PositionError("revealed", "a car is listed twice")
    on_track = [p for p in s.pos if p >= 0]
    if len(set(on_track)) != len(on_track):
        raise PositionError("cars", "two cars on one cell (F1-22)")
    if {c for c in rules.CARS if s.pos[c] == FINISHED} != set(s.finished):
        raise PositionError("finished", "the prize chart lists the finished cars (F1-30)")
    grid = s.track_spec().grid
    if s.phase in (rules.AUCTION, rules.RACE):
        for i, c in enumerate(s.revealed):
            if s.phase == rules.AUCTION and s.pos[c] != grid[i]:
                raise PositionError(f"cars/{c}", "a revealed car waits on its grid slot (F1-17)")
        if any(s.pos[c] != OFF for c in rules.CARS if c not in s.revealed):
            raise PositionError("cars", "a car is placed when it is revealed (F1-17)")
    elif s.phase != rules.OVER and (any(p != OFF for p in s.pos) or s.revealed
                                    or any(o != OFF for o in s.owner)):
        raise PositionError("cars", "no car is revealed, sold or placed before the auction")
    if s.phase in (rules.RACE, rules.OVER) and (len(s.revealed) != 6 or OFF in s.owner
                                                or OFF in s.pos):
        raise PositionError("owner", "every car is sold and on the track in the race")


def _check_auction(s: State) -> None:
    """F1-07 .. F1-15: the car on offer, the standing bid and the passed players agree."""
    unsold = {c for c in rules.CARS if s.owner[c] == OFF}
    if not set(s.queue) <= unsold - {s.offer} or not set(s.queue) <= set(s.revealed):
        raise PositionError("queue", "cars passed by all, revealed and unsold (F1-14)")
    if s.phase != rules.AUCTION or s.offer == OFF:
        if s.offer != OFF or s.high_bid or s.high_bidder != rules.NO_BID or any(s.out) \
                or s.reoffered:
            raise PositionError("offer", "bids are made only on a car on offer")
        if s.phase == rules.AUCTION and len(s.revealed) == 6:
            raise PositionError("offer", "every car revealed: a passed car is on offer")
        return
    if s.offer not in unsold or s.offer not in s.revealed:
        raise PositionError("offer", "the car on offer is revealed and unsold")
    if s.offer != s.revealed[-1] and not s.reoffered:
        raise PositionError("reoffered", "only the last revealed car is on offer first (F1-14)")
    if (s.high_bid == 0) != (s.high_bidder == rules.NO_BID):
        raise PositionError("high_bid", "a standing bid has a bidder")
    if s.high_bid % s.cfg.bid_step:
        raise PositionError("high_bid", f"a bid is a multiple of ${s.cfg.bid_step}K (F1-10)")
    if s.high_bidder != rules.NO_BID and (s.out[s.high_bidder]
                                          or s.high_bid > s.money[s.high_bidder]):
        raise PositionError("high_bidder", "the standing bidder has not passed and has the cash")
    if s.out[s.turn] or s.turn == s.high_bidder:
        raise PositionError("turn", "the player in turn is still in the bidding (F1-08)")


def _check_card(s: State) -> None:
    """F1-20: the card being carried out, its next number and its open decision agree."""
    if s.phase != rules.RACE or s.card == OFF:
        if s.card != OFF or s.step or s.pending or s.whites:
            raise PositionError("card", "a card is carried out only in the race")
        if s.phase == rules.RACE and not s.starter_played:
            raise PositionError("starter_played", "the race begins with the Starter (F1-18)")
        return
    if not s.starter_played and s.card != s.starter:
        raise PositionError("starter_played", "the race begins with the Starter (F1-18)")
    spec = s.cfg.kinds[s.card]
    if not s.pending:
        raise PositionError("pending", "a card in play waits for a decision")
    if s.step >= max(len(spec.numbers), 1):
        raise PositionError("step", f"{spec.name} has {len(spec.numbers)} numbers")
    kind, car, n = s.pending
    if spec.switch is not None:
        ok = kind == rules.SWITCH and car in spec.switch and n == 0
    else:
        colour, amount = spec.numbers[s.step]
        white = kind == rules.WHITE_CAR and car == OFF or kind == rules.MOVE and car in s.whites
        ok = n == amount and (kind == rules.MOVE and car == colour
                              or colour == WHITE and white)
    if not ok:
        raise PositionError("pending", f"not a decision of {spec.name}'s number {s.step + 1}")
    if len(set(s.whites)) != len(s.whites) or s.pending and car >= 0 and s.pos[car] < 0:
        raise PositionError("whites", "white numbers go to different cars on the track (RF6)")


def _check_decision(s: State) -> None:
    """A position waits at a real choice, a chance node (explicit chance only) or the end."""
    if s.phase == rules.OVER:
        return
    if not s.legal:
        raise PositionError("pending", "nothing is legal in this position")
    if rules.current_player(s) == CHANCE:
        if s.seed is not None:
            raise PositionError("seed", "a seeded game never waits for chance")
    elif len(s.legal) == 1:
        raise PositionError("pending", "a single option is taken at once, never waited for")


# --- observation and replay -------------------------------------------------------------------
def observation(s: State, player: int) -> dict[str, Any]:
    """What ``player`` may see: the position with ``hidden_paths`` set to None."""
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < s.players:
        raise ValueError(f"no player {player!r} in a {s.players}-player game")
    view = hide(state_to_dict(s), hidden_paths(s, player))
    view["observer"] = player
    return view


def hidden_paths(s: State, player: int) -> list[str]:
    """The seed and the draws (they fix the future), the other players' cards (their hand
    sizes stay visible), the removed cards (F1-05, RF4) and the Starter until it is turned up
    (F1-18). Unrevealed car cards are not in a position at all (drawn at their reveal)."""
    paths = ["seed", "draws"]
    paths += [f"hands/{p}/{i}" for p in range(s.players) if p != player
              for i in range(len(s.hands[p]))]
    paths += [f"removed/{i}" for i in range(len(s.removed))]
    if s.starter != OFF and s.phase != rules.RACE:
        paths.append("starter")
    return paths


def replay_to_json(s: State, actions: list[str]) -> str:
    """A replay file: the game's settings, its seed and every decision taken, as text."""
    return json.dumps({"format": REPLAY_FORMAT, "version": REPLAY_VERSION, "game": NAME,
                       "players": s.players, "seed": s.seed, "races": s.races,
                       "track": s.track, "variants": list(s.variants), "actions": actions})


def replay_from_json(text: str | bytes) -> State:
    """Replay a game from a replay file, each action checked; PositionError on a bad file."""
    from . import replay

    data = parse_json(text)
    check_envelope(data, REPLAY_FORMAT, (REPLAY_VERSION,), NAME, DEFAULT_GAME)
    check_replay_fields(data, range(MIN_PLAYERS, MAX_PLAYERS + 1),
                        f"Formel 1 is played by {MIN_PLAYERS} to {MAX_PLAYERS}")
    for field, kind in (("races", int), ("track", str), ("variants", list)):
        if isinstance(data.get(field), bool) or not isinstance(data.get(field), kind):
            raise PositionError(field, f"expected {kind_words(kind)}, not "
                                       f"{short(data.get(field))}")
    _check_replay_settings(data)
    try:
        return replay(data["players"], data["seed"], data["actions"], data["races"],
                      data["track"], data["variants"])
    except (GameError, ValueError, TypeError) as exc:
        raise PositionError("actions", str(exc)) from None


def _check_replay_settings(data: dict[str, Any]) -> None:
    """A replay's ``races``, ``track`` and ``variants`` as ``new_game`` takes them;
    PositionError naming the field at fault (the actions are checked as they are replayed)."""
    from .config import MAX_RACES, TWO_LAPS, VARIANTS

    if not 1 <= data["races"] <= MAX_RACES:
        raise PositionError("races", f"a game has 1 to {MAX_RACES} races (F1-33)")
    tracks = config_for(data["players"]).tracks
    if data["track"] not in tracks:
        raise PositionError("track", f"unknown track {data['track'][:40]!r} (known: "
                                     f"{', '.join(tracks)})")
    for i, name in enumerate(data["variants"]):
        if not isinstance(name, str) or name not in VARIANTS:
            shown = repr(name)[:40] if isinstance(name, str) else type(name).__name__
            raise PositionError(f"variants/{i}", f"{shown} is no variant (built: "
                                                 f"{', '.join(VARIANTS)})")
    if len(set(data["variants"]) & set(TWO_LAPS)) > 1:
        raise PositionError("variants", "the two two-lap forms exclude each other "
                                        "(F1-40, F1-41)")
