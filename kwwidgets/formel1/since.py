"""What the others did since the human's move, for the play widget's one line above the
buttons, cut to the essentials: in the auction who bought which car for how much ("Player 1 buys
Black for $40K"), or who passed and the standing bid ("Player 2 passes; Player 3 bids $50K for
Black"); in the race who played which card and which cars it took over the finish line ("Player
1 plays Black 6 / Red 5, Red finishes 1st"); a race beginning, the game ending. Where each car
moved, the passes before a sale, the prizes and the deal stay in the log below the board (and
in the race summary).

The events since a position are counted by their number in the log (``logged``): a log grown
past its limit drops its oldest events (``formel1.state.LOG_LIMIT``, ``State.log_cut`` counts
them), so list positions would miss events across a cut; the events since a position are the
last ``logged(after) - logged(before)`` of the log.
"""

from __future__ import annotations

from collections.abc import Sequence

from formel1 import State
from formel1 import events as ev
from formel1.config import config_for
from formel1.render import describe
from formel1.rules import seat_name
from gamecore.events import Event

COLOURS = config_for(2).colours
#: The auction's events for one car (``Revealed`` starts the next car's, and says nothing new:
#: the decision line names the car on offer).
_AUCTION = (ev.Bid, ev.PassBid, ev.NoBid, ev.Sold)
AuctionEvent = ev.Bid | ev.PassBid | ev.NoBid | ev.Sold
_ORDINAL = ("1st", "2nd", "3rd", "4th", "5th", "6th")
#: Events the line leaves to the log: the deal, a car revealed, the steps of a card, the prizes
#: (the race summary shows them).
_QUIET = (ev.Removed, ev.Dealt, ev.StarterSet, ev.Revealed, ev.NoSwitch, ev.NoWhite,
          ev.FinishedLoses, ev.Blocked, ev.SwitchUp, ev.Lap, ev.Moves, ev.TakesWhite, ev.Prize)


def logged(state: State) -> int:
    """How many events the game has logged in all, the ones a cut of the log dropped included:
    the number the next event will have."""
    return getattr(state, "log_cut", 0) + len(state.events)


def new_events(before: State, after: State) -> tuple[Event, ...]:
    """The events logged from ``before`` (an earlier position of the same game) to ``after``,
    counted by ``logged``, so a cut of the log between them loses or repeats nothing (when
    more happened than the log still keeps: all it keeps)."""
    new = logged(after) - logged(before)
    return after.events[max(len(after.events) - new, 0):] if new > 0 else ()


def _sale(e: ev.Sold) -> str:
    """A car sold, in a clause: bought, forced on a carless player, or given to the dealer."""
    car, who = COLOURS[e.car], seat_name(e.seat)
    if e.how == ev.FORCED:
        return f"{who} must take {car} for ${e.price}K"
    if e.how == ev.DEALT:
        return f"{who}, the dealer, gets {car} for ${e.price}K"
    return f"{who} buys {car} for ${e.price}K"


def _auction(events: Sequence[AuctionEvent]) -> list[str]:
    """One car's bidding in the stretch read: its sale (who passed is in the log), else each
    pass and the standing bid."""
    car = COLOURS[events[0].car]
    sold = [e for e in events if isinstance(e, ev.Sold)]
    if sold:
        return [_sale(sold[-1])]
    out = [f"{seat_name(e.seat)} passes" for e in events if isinstance(e, ev.PassBid)]
    bids = [e for e in events if isinstance(e, ev.Bid)]
    if any(isinstance(e, ev.NoBid) for e in events):
        out.append(f"nobody bids on {car}")
    elif bids:
        out.append(f"{seat_name(bids[-1].seat)} bids ${bids[-1].amount}K for {car}")
    elif out:
        out[-1] += f" on {car}"
    return out


def since_words(state: State, events: Sequence[Event]) -> list[str]:
    """``events`` (of ``state``'s game) cut to the essentials, one short clause each: a car's
    bidding in one or two clauses, a card played with the cars it took over the finish line,
    a race beginning, the game over; every bargain of the no-car variant in its own words."""
    out: list[str] = []
    block: list[AuctionEvent] = []  # the auction events of one car, read so far
    card = False  # the last clause is a card played, still being carried out
    for e in events:
        if block and (not isinstance(e, _AUCTION) or e.car != block[0].car):
            out += _auction(block)
            block = []
        if isinstance(e, ev.Finish):
            line = f"{COLOURS[e.car]} finishes {_ORDINAL[e.place - 1]}"
            if card:
                out[-1] += ", " + line
            else:
                out.append(line)
            continue
        if isinstance(e, _QUIET):
            continue
        card = isinstance(e, ev.Play | ev.StarterUp)
        if isinstance(e, _AUCTION):
            block.append(e)
        elif card:
            out.append(describe(state, e).removesuffix("."))
        elif isinstance(e, ev.RaceDeal):
            if e.race > 1:
                out.append(f"race {e.race} begins ({seat_name(e.seat)} deals)")
        elif isinstance(e, ev.GameOver):
            out.append("the game is over")
        elif isinstance(e, ev.PickUp):
            out.append("everyone picks up his discards")
        else:
            out.append(describe(state, e).removesuffix("."))
    if block:
        out += _auction(block)
    return out
