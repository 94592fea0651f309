"""Formel 1's rules: setup and deal, the auction of the six cars, the race, prizes, several races.

Every rule of docs/rules-formel1.md (F1-03 to F1-33, RF3-RF8) is carried out here and nowhere
else; ``state`` holds the data. One legal-move function (``legal_ids``) and one apply function
(``apply_id``); after each action ``advance`` resolves everything automatic: chance in a seeded
game (gamecore.chance draws counted in ``draws``, STYLE 9) and any decision with a single legal
option, so a state always waits at a real choice, a chance node or the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import TYPE_CHECKING, Any

from gamecore.chance import CHANCE, TERMINAL, weighted_draw
from gamecore.errors import IllegalActionError

from . import events as ev
from .actions import (
    ACCEPT,
    ACTIONS,
    DECLINE,
    IDS,
    MAX_BID,
    PASS,
    Accept,
    AuctionCard,
    Bid,
    Buyer,
    Deal,
    Decline,
    FirstDealer,
    Pass,
    Play,
    Price,
    Promise,
    Remove,
    Reveal,
    Sell,
    Starter,
    To,
    White,
    Withhold,
)
from .config import FINISHED, MAX_OFFERS, MAX_PLAYERS, OFF, WHITE, Track, config_for
from .state import CARDS_PER_UNIT, LOG_KEEP, LOG_LIMIT, Bargain

if TYPE_CHECKING:
    from .state import State

COLOURS = config_for(2).colours
#: The tracks and the card kinds, read once: the configuration is the same for every player
#: count (``config_for``), and the race's rules ask for them at every step of every card.
TRACKS = config_for(2).tracks
KINDS = config_for(2).kinds
CARS = range(len(COLOURS))
#: Phases of a race (``State.phase``).
DEALER, REMOVE, DEAL, STARTER, AUCTION, RACE, OVER = (
    "dealer", "remove", "deal", "starter", "auction", "race", "over")
#: The pending decisions of a card being carried out (``State.pending[0]``).
MOVE, WHITE_CAR, SWITCH = 0, 1, 2
#: The kinds of bargain of the no-car variant (``Bargain.kind``, F1-39), as ``events``'.
SALE, PROMISE, CARD_AUCTION, WITHHOLD = ev.SALE, ev.PROMISE, ev.CARD_AUCTION, ev.WITHHOLD
NO_BID = -1


# --- whose turn, what is legal ----------------------------------------------------------------
def current_player(s: State) -> int:
    """Chance while dealing and revealing, TERMINAL at the end, else the seat to decide (the
    bidder in turn, the player whose card is carried out, the dealer for the Starter card)."""
    phase = s.phase
    if phase == RACE and s.proposal is None:
        return s.turn  # the common case first: a search asks at every position of a race
    if phase == OVER:
        return TERMINAL
    if phase in (DEALER, REMOVE, DEAL, STARTER) or (phase == AUCTION and s.offer == OFF):
        return CHANCE
    deal = s.proposal
    if deal is not None and (deal.kind == CARD_AUCTION or deal.price != OFF):
        return deal.partner  # the bidder in turn, or the player addressed answers (F1-39)
    return s.turn


#: The chance outcome id of each card kind, by the phase that draws it: built once, since the
#: deal asks for them at every card (a 3-race game deals about 150 cards).
_CARD_OUTCOME_IDS: dict[str, dict[int, int]] = {
    phase: {a.kind: aid for a, aid in IDS.items() if type(a) is make}
    for phase, make in ((REMOVE, Remove), (DEAL, Deal), (STARTER, Starter))}


#: The action ids of playing each kind of card, giving each car a white number, and bidding
#: each amount: looked up at every decision, so built once.
_PLAY_IDS = tuple(IDS[Play(k)] for k in range(len(config_for(2).kinds)))
_WHITE_IDS = tuple(IDS[White(c)] for c in CARS)
_BID_IDS = {a.amount: aid for a, aid in IDS.items() if type(a) is Bid}
_KIND_COUNT = len(config_for(2).kinds)
#: The no-car variant's bargain ids (F1-39): opening each kind of bargain on each kind of card,
#: naming each buyer, naming each price.
_SELL_IDS = tuple(IDS[Sell(k)] for k in range(_KIND_COUNT))
_AUCTION_IDS = tuple(IDS[AuctionCard(k)] for k in range(_KIND_COUNT))
_PROMISE_IDS = tuple(IDS[Promise(k)] for k in range(_KIND_COUNT))
_WITHHOLD_IDS = tuple(IDS[Withhold(k)] for k in range(_KIND_COUNT))
_BUYER_IDS = tuple(IDS[Buyer(p)] for p in range(MAX_PLAYERS))
_PRICE_IDS = {a.amount: aid for a, aid in IDS.items() if type(a) is Price}


def _end_ids(track: Track) -> tuple[int, ...]:
    """The ``to`` action id of each cell of ``track``, then (at index ``len(cells)``, the
    finish bit's) that of crossing the finish line (RF5)."""
    return (*(IDS[To(c.row, c.lane)] for c in track.cells), IDS[To(track.rows, 0)])


_END_IDS = {name: _end_ids(track) for name, track in config_for(2).tracks.items()}
#: Per track, the cell at each (row, lane): a ``to`` action names its cell so.
_CELL_AT = {name: {(c.row, c.lane): i for i, c in enumerate(track.cells)}
            for name, track in config_for(2).tracks.items()}
#: Per track, the sorted ``to`` ids of each end mask asked so far (a few hundred masks occur).
_MASK_IDS: dict[str, dict[int, tuple[int, ...]]] = {name: {} for name in config_for(2).tracks}


def _ids_of_mask(track: Track, mask: int) -> tuple[int, ...]:
    """The sorted ``to`` action ids of the end cells in ``mask`` (the finish bit included)."""
    memo = _MASK_IDS[track.name]
    ids = memo.get(mask)
    if ids is None:
        ends = _END_IDS[track.name]
        ids = memo[mask] = tuple(sorted(ends[i] for i in range(len(ends)) if mask >> i & 1))
    return ids


def chance_weights(s: State) -> list[tuple[int, int]]:
    """Each chance outcome's id with its whole-number weight (an empty list at a decision)."""
    if s.phase == DEALER:
        return [(IDS[FirstDealer(p)], 1) for p in range(s.players)]
    if s.phase in (REMOVE, DEAL, STARTER):
        ids = _CARD_OUTCOME_IDS[s.phase]
        return [(ids[k], n) for k, n in enumerate(_undealt_counts(s)) if n]
    if s.phase == AUCTION and s.offer == OFF:
        return [(IDS[Reveal(c)], 1) for c in CARS if c not in s.revealed]
    return []


def legal_ids(s: State) -> tuple[int, ...]:
    """The legal action ids of ``s``, in id order."""
    phase = s.phase
    if phase == RACE and s.proposal is None:
        return _race_ids(s)  # the common case first: no chance and no bargain in a race
    if phase == OVER:
        return ()
    if current_player(s) == CHANCE:
        return tuple(sorted(aid for aid, _ in chance_weights(s)))
    if phase == AUCTION:
        return (PASS, *(_BID_IDS[b] for b in legal_bids(s, s.turn)))
    if s.proposal is not None:
        return bargain_ids(s, s.proposal)
    return _race_ids(s)


def _race_ids(s: State) -> tuple[int, ...]:
    """``legal_ids`` in a race with no bargain open: a card to play, or the card's decision."""
    if s.card == OFF:
        if s.promised != OFF:
            return (_PLAY_IDS[s.promised],)  # F1-39: he must keep his promise
        # a hand is sorted by kind and play ids follow the kinds: distinct ids, in id order
        plays = tuple(dict.fromkeys(_PLAY_IDS[k] for k in s.hands[s.turn] if k != s.withheld))
        offers = bargains(s) if "no_car" in s.variants else None  # F1-38: the variant's only
        return tuple(sorted({*plays, *offers})) if offers else plays
    kind, car, n = s.pending
    track = TRACKS[s.track]
    if kind == WHITE_CAR:
        return tuple(_WHITE_IDS[c] for c in white_candidates(s, n))
    if kind == MOVE:
        return _ids_of_mask(track, _car_reach_mask(s, car, n)[1])
    ends = _END_IDS[track.name]
    return tuple(sorted(ends[i] for i in switch_targets(s, car)))


# --- setup and the deal (F1-03 .. F1-05, RF3, RF4) ------------------------------------------
def start(s: State) -> None:
    """Setup (F1-03): every player gets the starting money; chance draws the first dealer
    (RF3) and the first race is dealt."""
    s.money = (s.cfg.starting_money,) * s.players
    s.phase = DEALER
    advance(s)


def removed_first(s: State) -> int:
    """F1-37, RF9: on the new track as many cards as players are removed before each race."""
    return s.players if s.track_spec().remove_per_player else 0


def hand_size(s: State) -> int:
    """Cards per hand: the race deck (less the cards of F1-37) dealt as equally as possible
    (F1-05)."""
    return (len(s.deck()) - removed_first(s)) // s.players


def leftovers(s: State) -> int:
    """The cards left over after the deal (F1-05)."""
    return (len(s.deck()) - removed_first(s)) % s.players


def _remove(s: State, kind: int) -> None:
    """F1-37, RF9: a card removed at random, face down, before the deal."""
    s.removed = tuple(sorted((*s.removed, kind)))
    if len(s.removed) == removed_first(s):
        s.phase = DEAL
        s.events += (ev.Removed(len(s.removed)),)


def undealt(s: State) -> list[int]:
    """The race deck less the hands, the Starter card and the removed cards (during the deal,
    the cards still to deal; after it, the leftovers, F1-05), in card order."""
    return [k for k, n in enumerate(_undealt_counts(s)) for _ in range(n)]


def _undealt_counts(s: State) -> list[int]:
    """``undealt`` as the number of copies of each kind (counted down from the deck's, since
    the deal asks for it at every card)."""
    counts = list(_deck_counts(s.deck()))
    for hand in s.hands:
        for k in hand:
            counts[k] -= 1
    for pile in s.discards:
        for k in pile:
            counts[k] -= 1
    for k in s.removed:
        counts[k] -= 1
    if s.starter != OFF:
        counts[s.starter] -= 1
    if min(counts) < 0:
        raise ValueError("more copies of a card than the race deck has (F1-04, F1-05)")
    return counts


@cache
def _deck_counts(deck: tuple[int, ...]) -> tuple[int, ...]:
    """The copies of each kind of card in ``deck``."""
    counts = Counter(deck)
    return tuple(counts[k] for k in range(len(config_for(2).kinds)))


def _deal(s: State, kind: int) -> None:
    """F1-05: cards go round one at a time from the dealer's left; after the last full round
    one leftover (if any) is the Starter (chance), the other leftovers are removed (RF4)."""
    dealt = sum(len(h) for h in s.hands)
    seat = (s.dealer + 1 + dealt) % s.players
    s.hands = _with(s.hands, seat, tuple(sorted((*s.hands[seat], kind))))
    if dealt + 1 == hand_size(s) * s.players:
        s.phase = STARTER if leftovers(s) else AUCTION
        s.events += (ev.Dealt(hand_size(s)),)


def _choose_starter(s: State, kind: int) -> None:
    """F1-05, RF4: the Starter card is one leftover; the rest are removed, seen by nobody."""
    s.starter = kind
    rest = undealt(s)
    s.removed = tuple(sorted((*s.removed, *rest)))
    s.phase = AUCTION
    s.events += (ev.StarterSet(len(rest)),)


# --- the auction (F1-06 .. F1-17, RF3) --------------------------------------------------------
def carless(s: State) -> list[int]:
    """The players without a car, clockwise from the dealer's left (F1-11)."""
    return [p for p in _clockwise(s, s.dealer + 1) if p not in s.owner]


def cars_to_bid(s: State) -> int:
    """The cars yet to be bid on, the car on offer included (F1-11, RF3)."""
    return sum(1 for o in s.owner if o == OFF)


def minimum_bid(s: State) -> int:
    """The lowest bid: $10K (RF3), or $30K for the last 3 cars with 3 players and the last 2
    with 4 or 5 (F1-12; none beyond F1-13 with 2 or 6 players, RF3)."""
    last = {3: 3, 4: 2, 5: 2}.get(s.players, 0)
    return s.cfg.late_minimum if cars_to_bid(s) <= last else s.cfg.min_price


def may_bid(s: State, player: int) -> bool:
    """F1-11: when the cars yet to be bid equal the players without a car, only those may bid;
    F1-08: a player who passed on this car may not re-enter. F1-16: nothing else limits who
    buys the extra cars (3-1-1-1 or 2-2-1-1 with four players)."""
    if s.out[player]:
        return False
    if "no_car" in s.variants:
        return True  # F1-38: the requirement to own a car is dropped
    without = carless(s)
    return not (cars_to_bid(s) == len(without) and player not in without)


def legal_bids(s: State, player: int) -> range:
    """The amounts ``player`` may bid: multiples of $10K (F1-10), at least the minimum (F1-12),
    above the standing bid, within his cash (RF3); none if he may not bid (F1-08, F1-11)."""
    if not may_bid(s, player):
        return range(0)
    step = s.cfg.bid_step
    low = max(minimum_bid(s), s.high_bid + step)
    return range(low, (s.money[player] // step) * step + 1, step)


def _next_car(s: State) -> None:
    """F1-06, F1-14: reveal the next Car Card (chance) or, once every card is revealed,
    re-offer the passed cars in order; with every car sold the race begins."""
    if OFF not in s.owner:
        _start_race(s)
    elif len(s.revealed) < len(CARS):
        s.offer = OFF  # chance reveals the next car
    else:
        car, s.queue = s.queue[0], s.queue[1:]
        _offer(s, car, reoffered=True)


def _reveal(s: State, car: int) -> None:
    """F1-17, RF3: a car goes on the grid when first revealed, the first on the pole, the next
    beside it, and so forth; then it is offered."""
    s.pos = _with(s.pos, car, s.track_spec().grid[len(s.revealed)])
    s.revealed += (car,)
    s.events += (ev.Revealed(car, len(s.revealed)),)
    _offer(s, car, reoffered=False)


def _offer(s: State, car: int, reoffered: bool) -> None:
    """Offer ``car``: forced to the one carless player at $30K when it is the last car (F1-13,
    RF3); else bidding opens at the dealer's left (F1-07)."""
    without = carless(s)
    if cars_to_bid(s) == 1 and len(without) == 1 and "no_car" not in s.variants:
        _sell(s, car, without[0], s.cfg.forced_price, ev.FORCED)
        return
    s.offer, s.reoffered = car, reoffered
    s.high_bid, s.high_bidder = 0, NO_BID
    s.out = (False,) * s.players
    s.turn = (s.dealer + 1) % s.players


def _bid(s: State, amount: int) -> None:
    """A bid stands until outbid (F1-10)."""
    s.high_bid, s.high_bidder = amount, s.turn
    s.events += (ev.Bid(s.turn, amount, s.offer),)
    _next_bidder(s)


def _pass(s: State) -> None:
    """F1-08: a player who passes is out of the bidding for this car."""
    s.out = _with(s.out, s.turn, True)
    s.events += (ev.PassBid(s.turn, s.offer),)
    _next_bidder(s)


def _next_bidder(s: State) -> None:
    """F1-07, F1-09: the turn goes clockwise to the next player still in; when all but the
    standing bidder have passed, he pays his bid; when all pass, F1-14/F1-15 decide."""
    for p in _clockwise(s, s.turn + 1):
        if not s.out[p] and p != s.high_bidder:
            s.turn = p
            return
    car = s.offer
    if s.high_bidder != NO_BID:
        _sell(s, car, s.high_bidder, s.high_bid, ev.BOUGHT)
    else:
        _nobody_bid(s, car)


def _nobody_bid(s: State, car: int) -> None:
    """F1-14: a car nobody bid on goes to the bottom, to be offered again as the last car.
    F1-15, RF3: when it was the last car or is passed again, the dealer gets it for $10K if
    everyone owns a car (even a dealer without the cash: the seed's unconditional "the dealer
    gets it" over RF3's "only then", docs/rules-formel1.md); else it is forced at $30K on the
    first carless player clockwise from the dealer's left (engine decision where several are
    carless)."""
    if not s.reoffered and cars_to_bid(s) > 1:
        s.queue += (car,)
        _close_offer(s)
        s.events += (ev.NoBid(car),)
        _next_car(s)
        return
    without = [] if "no_car" in s.variants else carless(s)
    if without:
        _sell(s, car, without[0], s.cfg.forced_price, ev.FORCED)
    else:
        _sell(s, car, s.dealer, s.cfg.dealer_price, ev.DEALT)


def _sell(s: State, car: int, player: int, price: int, how: int) -> None:
    """The buyer pays the bank (F1-09); a forced price (RF3) and the dealer's car (F1-15) are
    paid even without the cash."""
    s.owner = _with(s.owner, car, player)
    s.money = _with(s.money, player, s.money[player] - price)
    _close_offer(s)
    s.events += (ev.Sold(player, how, car, price),)
    _next_car(s)


def _close_offer(s: State) -> None:
    """No car on offer: no standing bid, nobody out."""
    s.offer, s.reoffered, s.high_bid, s.high_bidder = OFF, False, 0, NO_BID
    s.out = (False,) * s.players


# --- the race (F1-18 .. F1-29, RF4 .. RF7) -----------------------------------------------------
def _start_race(s: State) -> None:
    """F1-18: the dealer carries out the Starter card (white numbers ignored); without one the
    step is skipped. F1-19: then the owner of the pole car plays first."""
    s.phase, s.offer = RACE, OFF
    if s.starter != OFF:
        s.turn = s.dealer
        s.events += (ev.StarterUp(s.dealer, s.starter),)
        _begin_card(s, s.starter)
    else:
        _first_turn(s)


def _first_turn(s: State) -> None:
    """F1-19, RF4: the owner of the pole car (the first revealed, F1-17) plays first."""
    s.turn = s.owner[s.revealed[0]]
    s.starter_played = True


def occupied(s: State, car: int) -> frozenset[int]:
    """The cells held by the other cars on the track (finished cars have left it, RF5)."""
    return frozenset(p for c, p in enumerate(s.pos) if c != car and p >= 0)


def reach(track: Track, blocked: frozenset[int], start: int, n: int, wrap: bool = False
          ) -> tuple[int, frozenset[int]]:
    """RF5, F1-21, F1-22, F1-24: the greatest number of steps (at most ``n``) a car at cell
    ``start`` can take, one step at a time to a cell ahead (straight or diagonal) not in
    ``blocked``, and the cells it may end on after them. A step from the last row crosses the
    line: with ``wrap`` (a car with a lap still to go, F1-40, F1-41) onto row 0 of its next lap;
    otherwise it finishes, ``{FINISHED}``, and the rest of the movement is lost (RF5; crossing
    counts as the farthest end). Zero steps: the car is blocked and keeps its cell (F1-22)."""
    steps, mask = reach_mask(track, sum(1 << i for i in blocked), start, n, wrap)
    if mask == track.finish_bit:
        return steps, frozenset((FINISHED,))
    return steps, frozenset(i for i in range(len(track.cells)) if mask >> i & 1)


def reach_mask(track: Track, blocked: int, start: int, n: int, wrap: bool = False
               ) -> tuple[int, int]:
    """``reach`` over bitmasks (bit ``i``: cell ``i``; ``track.step_masks``): the steps taken
    and the end cells as a mask, ``track.finish_bit`` alone for crossing the line (RF5,
    F1-21, F1-22, F1-24). The frontier is every cell reachable in exactly ``step`` steps; one
    step is the union of its cells' steps less the blocked cells."""
    frontier = 1 << start
    last = 0 if wrap else track.last_row_mask
    free = ~blocked
    known = track.successors
    for step in range(1, n + 1):
        if frontier & last:
            return step, track.finish_bit
        nxt = known.get(frontier)
        if nxt is None:
            nxt = track.step_mask_of(frontier)
        nxt &= free
        if not nxt:
            return step - 1, frontier
        frontier = nxt
    return n, frontier


def car_reach(s: State, car: int, n: int) -> tuple[int, frozenset[int]]:
    """``reach`` for ``car`` among the other cars, wrapping while it has a lap to go."""
    wrap = s.laps[car] + 1 < s.total_laps()
    return reach(s.track_spec(), occupied(s, car), s.pos[car], n, wrap)


#: ``_car_reach_mask``'s recent answers by (track, cells of the cars, car, n, wrap): a number
#: is asked about when it starts, again for its legal end cells, and a white number once per
#: candidate car and again for the car given it. Emptied when full (recent answers matter).
_REACH_MEMO: dict[tuple[Any, ...], tuple[int, int]] = {}
_REACH_MEMO_SIZE = 4096


def _car_reach_mask(s: State, car: int, n: int) -> tuple[int, int]:
    """``car_reach`` as ``reach_mask`` gives it: the steps and the end cells' mask."""
    wrap = bool(s.variants) and s.laps[car] + 1 < s.total_laps()  # one lap without a variant
    key = (s.track, s.pos, car, n, wrap)
    known = _REACH_MEMO.get(key)
    if known is not None:
        return known
    blocked = 0
    for c, p in enumerate(s.pos):
        if p >= 0 and c != car:
            blocked |= 1 << p
    answer = reach_mask(TRACKS[s.track], blocked, s.pos[car], n, wrap)
    if len(_REACH_MEMO) >= _REACH_MEMO_SIZE:
        _REACH_MEMO.clear()
    _REACH_MEMO[key] = answer
    return answer


def progress(s: State, car: int) -> int:
    """How far a car on the track has come: laps completed and its row (F1-27, RF7)."""
    track = s.track_spec()
    return s.laps[car] * track.rows + track.cells[s.pos[car]].row


def white_candidates(s: State, n: int) -> list[int]:
    """F1-25, RF6: the cars that may take a white ``n``: unfinished cars not pictured on the
    card (and, on the White 3/2/1, not given one of its numbers yet, F1-26); those that can
    move the full ``n`` if any can, else all of them."""
    pictured = KINDS[s.card].pictured
    cars = [c for c in CARS if s.pos[c] >= 0 and c not in pictured and c not in s.whites]
    full = [c for c in cars if _car_reach_mask(s, c, n)[0] == n]
    return full or cars


def switch_targets(s: State, car: int) -> frozenset[int]:
    """F1-27, F1-28, RF7: the empty cells alongside (in the row of) the leading car of the
    pair that the trailing ``car`` reaches by a forward path of empty cells (over the line onto
    the next lap in a two-lap race); never a cell of an unequal corner (F1-35)."""
    a, b = s.cfg.kinds[s.card].switch or (car, car)
    leader = b if car == a else a
    track = s.track_spec()
    target = progress(s, leader)
    blocked = occupied(s, car)
    start = (s.pos[car], s.laps[car])
    seen: set[tuple[int, int]] = set()
    todo = [start]
    while todo:  # every cell the trailer reaches through empty cells up to the leader's row
        i, lap = todo.pop()
        steps = [(j, lap) for j in track.ahead[i]]
        if not steps and lap + 1 < s.total_laps():
            steps = [(j, lap + 1) for j in track.wrap[i]]
        for j, on in steps:
            if j not in blocked and (j, on) not in seen \
                    and on * track.rows + track.cells[j].row <= target:
                seen.add((j, on))
                todo.append((j, on))
    return frozenset(j for j, on in seen if on * track.rows + track.cells[j].row == target
                     and not track.cells[j].unequal)


def switch_trailer(s: State) -> int | None:
    """F1-27, F1-28, RF7: the trailing car of the switch card's pair, or None when the switch
    is impossible (cars level, either finished, the leader in the final straightaway; in a
    two-lap race only on the last lap is it the one before the finish line)."""
    a, b = s.cfg.kinds[s.card].switch or (0, 0)
    if s.pos[a] < 0 or s.pos[b] < 0:
        return None
    pa, pb = progress(s, a), progress(s, b)
    if pa == pb:
        return None
    trailer, leader = (a, b) if pa < pb else (b, a)
    final = s.track_spec().cells[s.pos[leader]].final and s.laps[leader] + 1 == s.total_laps()
    return None if final else trailer


def _play(s: State, kind: int) -> None:
    """F1-20: the player plays one card from his hand (F1-23: even one whose cars are blocked)."""
    hand = list(s.hands[s.turn])
    hand.remove(kind)
    s.hands = _with(s.hands, s.turn, tuple(hand))
    s.promised = s.withheld = OFF
    if "two_laps_discards" in s.variants and not s.picked_up:  # F1-40: his own discard pile
        s.discards = _with(s.discards, s.turn, tuple(sorted((*s.discards[s.turn], kind))))
    s.events += (ev.Play(s.turn, kind),)
    _begin_card(s, kind)


def _begin_card(s: State, kind: int) -> None:
    s.card, s.step, s.whites = kind, 0, ()
    _carry_out(s)


def _carry_out(s: State) -> None:
    """F1-20: the card's numbers are carried out top to bottom; each stops at a decision
    (``pending``) or is done at once: white numbers on the Starter are ignored (F1-18), a white
    number with no car to take it and movement for a finished car are lost (RF5, RF6)."""
    spec = KINDS[s.card]
    if spec.switch is not None:
        trailer = switch_trailer(s)
        if trailer is not None and switch_targets(s, trailer):
            s.pending = (SWITCH, trailer, 0)
            return
        s.events += (ev.NoSwitch(),)
        _end_card(s)
        return
    while s.step < len(spec.numbers):
        car, n = spec.numbers[s.step]
        if car == WHITE:
            if s.card == s.starter and not s.starter_played:
                s.step += 1  # F1-18: white numbers on the Starter card are ignored
                continue
            if not white_candidates(s, n):
                s.events += (ev.NoWhite(n),)
                s.step += 1
                continue
            s.pending = (WHITE_CAR, OFF, n)
            return
        if _start_move(s, car, n):
            return
    _end_card(s)


def _start_move(s: State, car: int, n: int) -> bool:
    """Begin moving ``car`` ``n`` spaces: True when the mover must choose the end cell; a
    finished car's movement is lost (RF5), a blocked car's too (F1-22)."""
    if s.pos[car] < 0:
        s.events += (ev.FinishedLoses(car, n),)
        s.step += 1
        return False
    steps, _ = _car_reach_mask(s, car, n)
    if steps == 0:
        s.events += (ev.Blocked(car, n),)
        s.step += 1
        return False
    s.pending = (MOVE, car, n)
    return True


def _to(s: State, row: int, lane: int) -> None:
    """The chosen end cell of a move (RF5) or a switch (RF7); a car crossing the finish line
    is placed on the prize chart in crossing order (F1-30, RF8)."""
    kind, car, n = s.pending
    track = TRACKS[s.track]
    cell = _CELL_AT[s.track][row, lane]
    s.pending = ()
    if kind == SWITCH:
        if track.cells[cell].row < track.cells[s.pos[car]].row:  # over the line (F1-40, F1-41)
            s.laps = _with(s.laps, car, s.laps[car] + 1)
        s.pos = _with(s.pos, car, cell)
        s.events += (ev.SwitchUp(car, cell),)
        _end_card(s)
        return
    _land(s, car, n, cell)


def _land(s: State, car: int, n: int, cell: int) -> None:
    track = TRACKS[s.track]
    if cell == FINISHED:
        s.pos = _with(s.pos, car, FINISHED)
        s.finished += (car,)
        s.events += (ev.Finish(car, len(s.finished)),)
    else:
        steps = (track.cells[cell].row - track.cells[s.pos[car]].row) % track.rows
        if track.cells[cell].row < track.cells[s.pos[car]].row:  # over the line (F1-40, F1-41)
            s.laps = _with(s.laps, car, s.laps[car] + 1)
            s.events += (ev.Lap(car, s.laps[car]),)
        s.pos = _with(s.pos, car, cell)
        s.events += (ev.Moves(car, steps, cell, n),)
    s.step += 1
    _carry_out(s)


def _white(s: State, car: int) -> None:
    """F1-25, F1-26: the chosen car takes the white number and moves it."""
    _, _, n = s.pending
    s.pending = ()
    s.whites += (car,)
    s.events += (ev.TakesWhite(car, n),)
    if not _start_move(s, car, n):
        _carry_out(s)


def _end_card(s: State) -> None:
    """The card is done. F1-29, RF8: play goes on clockwise while cards remain and a car is on
    the track; otherwise the race ends."""
    s.card, s.step, s.pending, s.whites, s.offers = OFF, 0, (), (), 0
    _pick_up(s)
    first = not s.starter_played
    if first:
        _first_turn(s)
    if len(s.finished) == len(CARS):
        _end_race(s)
        return
    start = s.turn if first else s.turn + 1
    players, hands = s.players, s.hands
    for i in range(players):  # clockwise from ``start`` (``_clockwise``, without the list)
        p = (start + i) % players
        if hands[p]:
            s.turn = p
            return
    _end_race(s)


def _pick_up(s: State) -> None:
    """F1-40: after the card on which the lead car completes lap one, every player picks up
    his discards (once a race)."""
    if "two_laps_discards" not in s.variants or s.picked_up:
        return
    if max(s.laps) == 0 and not s.finished:
        return
    s.hands = tuple(tuple(sorted((*h, *d))) for h, d in zip(s.hands, s.discards, strict=True))
    s.discards, s.picked_up = ((),) * s.players, True
    s.events += (ev.PickUp(),)


# --- the no-car variant's bargains (F1-38, F1-39, RF9) ------------------------------------------
def bargains(s: State) -> list[int]:
    """F1-38, F1-39, RF9: before he plays, a player without a car may open a bargain, at most
    MAX_OFFERS a turn and none once a promise binds his play: sell one or more of his cards
    (``sell``), hold an auction for one (``auction``, when another player can bid), promise to
    play one (``promise``) or not to play one (``withhold``, when he holds another kind of
    card to play instead). He sells or auctions a card only while he keeps another: F1-38, he
    "must still play a card each time it is his turn" (and so every turn plays a card, which
    keeps a race finite: a turn passed by a seller who sold his last card let cards and money
    go round the table for ever)."""
    p = s.turn
    if "no_car" not in s.variants or p in s.owner or s.offers >= MAX_OFFERS \
            or s.withheld != OFF:
        return []
    kinds = sorted(set(s.hands[p]))
    spare = len(s.hands[p]) > 1
    bidders = spare and any(s.money[q] >= s.cfg.bid_step for q in range(s.players) if q != p)
    return [*(_SELL_IDS[k] for k in kinds if spare), *(_AUCTION_IDS[k] for k in kinds if bidders),
            *(_PROMISE_IDS[k] for k in kinds),
            *(_WITHHOLD_IDS[k] for k in kinds if len(kinds) > 1)]


def bargain_ids(s: State, deal: Bargain) -> tuple[int, ...]:
    """The decisions of the open bargain, in id order: a card auction's pass or higher bid
    within the bidder's cash; the answer to a complete offer; the seller's next card of a sale
    or the buyer's name; the price, any multiple of $10K the buyer can pay (F1-39: "at any
    price"; $0 included; bounded by ``MAX_BID``, the most one player can hold)."""
    if deal.kind == CARD_AUCTION:
        return (PASS, *(_BID_IDS[b] for b in card_bids(s, deal)))
    if deal.price != OFF:
        return (ACCEPT, DECLINE)
    if deal.partner == OFF:
        buyers = tuple(_BUYER_IDS[q] for q in range(s.players) if q != s.turn)
        if deal.kind != SALE:
            return buyers
        left = Counter(s.hands[s.turn]) - Counter(deal.cards)
        more = sum(left.values()) > 1  # he keeps a card to play (F1-38, ``bargains``)
        return (*(_SELL_IDS[k] for k in sorted(left) if more), *buyers)
    top = min(max(s.money[deal.partner], 0), MAX_BID)
    return tuple(_PRICE_IDS[x] for x in range(0, top + 1, s.cfg.bid_step))


def card_bids(s: State, deal: Bargain) -> range:
    """The bids the bidder in turn may make in a card auction: multiples of $10K, above the
    standing bid (at least $10K), within his cash (F1-39, as the car auction's F1-10, RF3)."""
    step = s.cfg.bid_step
    top = min(s.money[deal.partner], MAX_BID)
    return range(deal.price + step, (top // step) * step + 1, step)


def _open(s: State, kind: int, card: int) -> None:
    """A bargain is opened on ``card`` (F1-39); it counts towards RF9's offers a turn."""
    s.offers += 1
    if kind != CARD_AUCTION:
        s.proposal = Bargain(kind, (card,))
        return
    s.events += (ev.CardAuction(s.turn, card),)
    out = tuple(q == s.turn for q in range(s.players))
    s.proposal = Bargain(CARD_AUCTION, (card,), s.turn, 0, OFF, out)
    _next_card_bidder(s)


def _sell_card(s: State, card: int) -> None:
    """``sell <card>``: the first card opens a sale, each further one joins it (F1-39: "sell
    one or more cards")."""
    deal = s.proposal
    if deal is None:
        _open(s, SALE, card)
    else:
        s.proposal = replace(deal, cards=tuple(sorted((*deal.cards, card))))


def _name_buyer(s: State, player: int) -> None:
    assert s.proposal is not None
    s.proposal = replace(s.proposal, partner=player)


def _name_price(s: State, price: int) -> None:
    """The price completes the offer; the buyer answers next (RF9)."""
    deal = s.proposal
    assert deal is not None
    s.proposal = replace(deal, price=price)
    event = ev.Proposal(s.turn, deal.kind, deal.cards, deal.partner, price)
    s.events += (event,)
    s.log_extra += event_units(event) - 1


def _card_bid(s: State, amount: int) -> None:
    """A bid in a card auction stands until outbid (F1-39, as F1-10)."""
    deal = s.proposal
    assert deal is not None
    s.events += (ev.CardBid(deal.partner, amount, deal.cards[0]),)
    s.proposal = replace(deal, price=amount, bidder=deal.partner)
    _next_card_bidder(s)


def _card_pass(s: State) -> None:
    """A pass in a card auction: that player bids no more (F1-39, as F1-08)."""
    deal = s.proposal
    assert deal is not None
    s.events += (ev.CardPass(deal.partner, deal.cards[0]),)
    s.proposal = replace(deal, out=_with(deal.out, deal.partner, True))
    _next_card_bidder(s)


def _next_card_bidder(s: State) -> None:
    """The card auction goes clockwise to the next player still in (F1-07, F1-09 as in the car
    auction); when all but the standing bidder have passed he pays the seller and takes the
    card; when all pass the seller keeps it."""
    deal = s.proposal
    assert deal is not None
    for q in _clockwise(s, deal.partner + 1):
        if not deal.out[q] and q != deal.bidder:
            s.proposal = replace(deal, partner=q)
            return
    s.proposal = None
    card, seller = deal.cards[0], s.turn
    if deal.bidder == OFF:
        s.events += (ev.CardKept(seller, card),)
        return
    s.events += (ev.CardSold(deal.bidder, card, seller, deal.price),)
    _hand_over(s, (card,), seller, deal.bidder, deal.price)


def _answer(s: State, accepted: bool) -> None:
    """RF9: the player addressed accepts (he pays; the cards sold change hands; a promise binds
    the seller's play this turn, to play the card or not to play it, F1-39) or declines."""
    deal = s.proposal
    assert deal is not None
    s.proposal = None
    s.events += (ev.Answer(deal.partner, accepted),)
    if not accepted:
        return
    if deal.kind == SALE:
        _hand_over(s, deal.cards, s.turn, deal.partner, deal.price)
        return
    _pay(s, deal.partner, s.turn, deal.price)
    if deal.kind == PROMISE:
        s.promised = deal.cards[0]
    else:
        s.withheld = deal.cards[0]


def _pay(s: State, payer: int, payee: int, price: int) -> None:
    money = list(s.money)
    money[payer] -= price
    money[payee] += price
    s.money = tuple(money)


def _hand_over(s: State, cards: tuple[int, ...], seller: int, buyer: int, price: int) -> None:
    """A sale is made: the buyer pays the seller and takes the cards (F1-39); the seller keeps
    a card to play (``bargains``)."""
    _pay(s, buyer, seller, price)
    hand = list(s.hands[seller])
    for card in cards:
        hand.remove(card)
    s.hands = _with(_with(s.hands, seller, tuple(hand)), buyer,
                    tuple(sorted((*s.hands[buyer], *cards))))


# --- prizes and the next race (F1-30 .. F1-33, RF8) ------------------------------------------
def _end_race(s: State) -> None:
    """F1-30, F1-31: prizes by crossing order, nothing for a car that did not finish. F1-32: the
    player to the left of the dealer deals the next race, cards and cars all reshuffled. F1-33,
    RF8: after the last race the game is over."""
    money = list(s.money)
    for place, car in enumerate(s.finished):
        money[s.owner[car]] += s.cfg.prizes[place]
        s.events += (ev.Prize(s.owner[car], s.cfg.prizes[place], car, place + 1),)
    s.money = tuple(money)
    s.race += 1
    if s.race == s.races:
        s.phase = OVER
        s.events += (ev.GameOver(),)
        return
    s.dealer = (s.dealer + 1) % s.players
    reset_race(s)
    s.events += (ev.RaceDeal(s.race + 1, s.dealer),)


def reset_race(s: State) -> None:
    """A race before its deal: no hands, no Starter, no car revealed, sold or placed; on the
    new track the cards of F1-37 are removed first."""
    s.phase = REMOVE if removed_first(s) else DEAL
    s.hands = ((),) * s.players
    s.starter, s.removed, s.starter_played = OFF, (), False
    s.revealed, s.queue, s.owner = (), (), (OFF,) * len(CARS)
    s.offer, s.reoffered, s.high_bid, s.high_bidder = OFF, False, 0, NO_BID
    s.out = (False,) * s.players
    s.pos, s.finished, s.laps = (OFF,) * len(CARS), (), (0,) * len(CARS)
    s.discards, s.picked_up = ((),) * s.players, False
    s.turn, s.card, s.step, s.pending, s.whites = 0, OFF, 0, (), ()
    s.offers, s.proposal, s.promised, s.withheld = 0, None, OFF, OFF


# --- applying actions -------------------------------------------------------------------------
def apply_id(s: State, aid: int) -> None:
    """Apply a legal action id in place, then everything automatic after it (``advance``);
    a log grown past its limit is cut (``cut_log``)."""
    _apply(s, aid)
    advance(s)
    if len(s.events) + s.log_extra > LOG_LIMIT:
        cut_log(s)


def event_units(e: Any) -> int:
    """The units of the log limit an event takes (``state.LOG_LIMIT``): one, and one more for
    every CARDS_PER_UNIT cards a proposal names."""
    if type(e) is ev.Proposal:
        return 1 + -(-len(e.cards) // CARDS_PER_UNIT)
    return 1


def cut_log(s: State) -> None:
    """Drop the oldest events until at most LOG_KEEP units remain; ``log_cut`` counts every
    event dropped so far (``state.LOG_LIMIT``: the no-car variant's bargains can log far past
    what a position may hold)."""
    units, drop = len(s.events) + s.log_extra, 0
    while units > LOG_KEEP:
        units -= event_units(s.events[drop])
        drop += 1
    s.events = s.events[drop:]
    s.log_cut += drop
    s.log_extra = units - len(s.events)


def _apply(s: State, aid: int) -> None:
    action: Any = ACTIONS[aid]
    _HANDLERS[type(action)](s, action)


def _first_dealer(s: State, seat: int) -> None:
    """RF3: chance names the first dealer; the first race is dealt."""
    s.dealer, s.phase = seat, DEAL
    reset_race(s)
    s.events += (ev.RaceDeal(1, seat),)


def _to_cell(s: State, action: To) -> None:
    """A ``to`` action: crossing the line (``to <rows>a``, RF5) or an end cell."""
    if s.pending[0] == MOVE and action.row == TRACKS[s.track].rows:
        _land(s, s.pending[1], s.pending[2], FINISHED)
    else:
        _to(s, action.row, action.lane)


#: What each type of action does (one dictionary look-up per action, not a chain of tests).
_HANDLERS: dict[type, Callable[[State, Any], None]] = {
    FirstDealer: lambda s, a: _first_dealer(s, a.seat),
    Remove: lambda s, a: _remove(s, a.kind),
    Deal: lambda s, a: _deal(s, a.kind),
    Starter: lambda s, a: _choose_starter(s, a.kind),
    Reveal: lambda s, a: _reveal(s, a.car),
    Bid: lambda s, a: _bid(s, a.amount) if s.phase == AUCTION else _card_bid(s, a.amount),
    Pass: lambda s, a: _pass(s) if s.phase == AUCTION else _card_pass(s),
    Play: lambda s, a: _play(s, a.kind),
    White: lambda s, a: _white(s, a.car),
    Sell: lambda s, a: _sell_card(s, a.kind),
    AuctionCard: lambda s, a: _open(s, CARD_AUCTION, a.kind),
    Promise: lambda s, a: _open(s, PROMISE, a.kind),
    Withhold: lambda s, a: _open(s, WITHHOLD, a.kind),
    Buyer: lambda s, a: _name_buyer(s, a.player),
    Price: lambda s, a: _name_price(s, a.amount),
    Accept: lambda s, a: _answer(s, True),
    Decline: lambda s, a: _answer(s, False),
    To: _to_cell,
}


def advance(s: State) -> None:
    """Resolve everything automatic: seeded chance, and any decision with one legal option
    (an end cell, a forced pass, a finish), so ``s.legal`` is a real choice, chance or empty."""
    while True:
        if s.seed is not None and current_player(s) == CHANCE:
            _draw(s)  # seeded chance draws at once: no legal list needed
            continue
        s.legal = legal_ids(s)
        if len(s.legal) != 1:
            return
        _apply(s, s.legal[0])


def _draw(s: State) -> None:
    """Seeded chance: the next draw from the seed picks the outcome by its weight (STYLE 9).
    A card is drawn over the copies left of every kind: a kind with none has weight 0, which
    ``weighted_draw`` passes over, so this is the draw over ``chance_weights`` without
    building the list at each card of the deal."""
    seed = s.seed
    assert seed is not None
    if s.phase in _CARD_OUTCOME_IDS:
        kind = weighted_draw(seed, s.draws, _undealt_counts(s))
        aid = _CARD_OUTCOME_IDS[s.phase][kind]
    else:
        weights = chance_weights(s)
        aid = weights[weighted_draw(seed, s.draws, [w for _, w in weights])][0]
    s.draws += 1
    _apply(s, aid)


def why_illegal(s: State, action: Any) -> IllegalActionError:
    """The error naming the rule that forbids ``action`` (not legal in ``s``)."""
    if s.phase == OVER:
        return IllegalActionError(f"{action} is not legal: the game is over", "F1-33")
    if action.chance:
        return IllegalActionError(f"{action} is not legal: not chance's outcome now", "F1-05")
    if current_player(s) == CHANCE:
        return IllegalActionError(f"{action} is not legal: chance decides now", "F1-05, F1-06")
    if s.phase == AUCTION:
        return _why_illegal_bid(s, action)
    if s.proposal is not None:
        return _why_illegal_bargain(s, s.proposal, action)
    if isinstance(action, _BARGAIN_ACTIONS):
        return IllegalActionError(f"{action} is not legal: only a player without a car, in the "
                                  f"no-car variant, bargains before he plays, with a card of "
                                  f"his hand, at most {MAX_OFFERS} times a turn",
                                  "F1-38, F1-39, RF9")
    if s.card == OFF and s.promised != OFF:
        return IllegalActionError(f"{action} is not legal: {seat_name(s.turn)} promised to play "
                                  f"{s.cfg.kinds[s.promised].name}", "F1-39")
    if s.card == OFF and isinstance(action, Play) and action.kind == s.withheld:
        return IllegalActionError(f"{action} is not legal: {seat_name(s.turn)} was paid not to "
                                  "play it", "F1-39")
    if s.card == OFF:
        if isinstance(action, Play):
            return IllegalActionError(f"{action} is not legal: that card is not in "
                                      f"{seat_name(s.turn)}'s hand", "F1-20")
        return IllegalActionError(f"{action} is not legal: {seat_name(s.turn)} must play a card",
                                  "F1-20")
    kind = s.pending[0]
    if kind == WHITE_CAR:
        return IllegalActionError(f"{action} is not legal: the white number goes to an "
                                  "unpictured car, one that can move it all if any can",
                                  "F1-25, RF6")
    if kind == SWITCH:
        return IllegalActionError(f"{action} is not legal: the trailing car goes to an empty "
                                  "cell alongside the leader by a free path", "F1-27, RF7")
    return IllegalActionError(f"{action} is not legal: the car ends on an empty cell at the "
                              "greatest distance it can reach", "F1-24, RF5")


#: The actions of the no-car variant's bargains (F1-39).
_BARGAIN_ACTIONS = (Sell, AuctionCard, Promise, Withhold, Buyer, Price, Accept, Decline)


def _why_illegal_bargain(s: State, deal: Bargain, action: Any) -> IllegalActionError:
    """The error for ``action`` while a bargain is open (F1-39, RF9)."""
    who = seat_name(current_player(s))
    card = s.cfg.kinds[deal.cards[0]].name
    if deal.kind == CARD_AUCTION:
        what = (f"{who} bids on {card} (more than ${deal.price}K, within his cash) or passes")
    elif deal.price != OFF:
        what = f"{who} accepts or declines the offer"
    elif deal.partner != OFF:
        what = f"{who} names a price {seat_name(deal.partner)} can pay, in $10K steps"
    elif deal.kind == SALE:
        what = f"{who} adds a card of his hand to the sale or names another player as buyer"
    else:
        what = f"{who} names another player to offer the promise to"
    return IllegalActionError(f"{action} is not legal: {what}", "F1-39, RF9")


def _why_illegal_bid(s: State, action: Any) -> IllegalActionError:
    p = s.turn
    if not isinstance(action, Bid):
        return IllegalActionError(f"{action} is not legal: {seat_name(p)} bids or passes",
                                  "F1-07")
    if s.out[p]:
        return IllegalActionError(f"{action} is not legal: {seat_name(p)} passed and may "
                                  "not re-enter", "F1-08")
    if not may_bid(s, p):
        return IllegalActionError(f"{action} is not legal: only players without a car may bid "
                                  "now", "F1-11")
    if action.amount > s.money[p]:
        return IllegalActionError(f"{action} is not legal: {seat_name(p)} has only "
                                  f"${s.money[p]}K", "RF3")
    if action.amount < minimum_bid(s):
        return IllegalActionError(f"{action} is not legal: the minimum is ${minimum_bid(s)}K",
                                  "F1-12" if minimum_bid(s) > s.cfg.min_price else "RF3")
    return IllegalActionError(f"{action} is not legal: the bid must beat ${s.high_bid}K",
                              "F1-10")


# --- helpers ----------------------------------------------------------------------------------
def seat_name(p: int) -> str:
    """A player's name in the log: the seat number."""
    return f"Player {p}"


def _clockwise(s: State, first: int) -> list[int]:
    """Every seat once, clockwise from seat ``first`` (taken modulo the players)."""
    return [(first + i) % s.players for i in range(s.players)]


def _with(t: tuple[Any, ...], i: int, value: Any) -> tuple[Any, ...]:
    return t[:i] + (value,) + t[i + 1:]
