"""What happened since the human's move, for the play widget's one line above the buttons, and
the log arithmetic that finds it.

The log is windowed (``automobiles.state.LOG_LIMIT``): a long race keeps its first
``LOG_CHUNK`` events, one ``LogCut`` marker counting the events dropped, and the latest
events. Counting list positions would then miss events, or repeat them, across the cut, so the
events are numbered in the order they were logged, dropped ones included (``logged``): the
events since a position are the last ``logged(after) - logged(before)`` of the log.

The line itself is cut to the essentials, one clause per player: how far his car moved and
where to, a pit stop, the cubes he bought, the driver or sponsor he took ("Player 1 moved 7
spaces (to 40) and bought 2 cubes"), and the race ending or beginning. Every detail stays
in the log below the board.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import chain

from automobiles import State
from automobiles import events as ev
from automobiles.board import name
from automobiles.render import counted, sponsor_name
from automobiles.state import LOG_CHUNK, LogRecord
from gamecore.events import Event


def kept(state: State) -> int:
    """The number of events the log keeps now (the cut marker included)."""
    return sum(len(c) for c in state.log_chunks) + len(state.log_tail)


def _record(state: State, index: int) -> LogRecord | None:
    """The log's record at ``index`` (None past its end), read without making the events."""
    chunk, at = divmod(index, LOG_CHUNK)
    if chunk < len(state.log_chunks):
        return state.log_chunks[chunk][at]
    if chunk == len(state.log_chunks) and at < len(state.log_tail):
        return state.log_tail[at]
    return None


def dropped(state: State) -> int:
    """How many events a cut dropped from the log (0: none). The marker always follows the
    first ``LOG_CHUNK`` events (``State.cut_log``)."""
    record = _record(state, LOG_CHUNK)
    return int(record[1]) if record is not None and record[0] is ev.LogCut else 0


def logged(state: State) -> int:
    """How many events the game has logged in all, the ones a cut dropped included (the cut
    marker itself is no event of the game): the number the next event will have."""
    cut = dropped(state)
    return kept(state) - 1 + cut if cut else kept(state)


def first_index(state: State, number: int) -> int:
    """The index in ``state.events`` of the first kept event numbered ``number`` or later
    (``logged`` numbers): past the marker when the cut dropped events from ``number`` on."""
    cut = dropped(state)
    if not cut or number < LOG_CHUNK:
        return max(number, 0)
    return max(number - cut + 1, LOG_CHUNK + 1)


def new_events(before: State, after: State) -> tuple[Event, ...]:
    """The events logged from ``before`` (an earlier position of the same game) to ``after``,
    counted by ``logged``, so a cut of the log between them loses or repeats nothing; when more
    happened than the log still keeps, the kept ones, from the cut marker on."""
    new = logged(after) - logged(before)
    if new <= 0:
        return ()
    total = kept(after)
    start = max(total - new, LOG_CHUNK if dropped(after) else 0)
    records = chain(chain.from_iterable(after.log_chunks), after.log_tail)
    return tuple(r[0](*r[1:]) for i, r in enumerate(records) if i >= start)


@dataclass
class _Seat:
    """What one player did in the stretch of events read so far."""

    spaces: int = 0
    to: int = -1  # the space his car ended on (-1: it did not move)
    laps: list[int] = field(default_factory=list)  # the laps he completed
    pit: bool = False
    bought: int = 0
    unspent: bool = False  # he stopped buying with money left
    took: list[str] = field(default_factory=list)  # a driver or a sponsor taken


def _clause(who: str, seat: _Seat) -> str:
    """One player's clause: "Player 1 moved 7 spaces (to 40) and bought 2 cubes"."""
    did = []
    if seat.pit:
        did.append("made a pit stop")
    if seat.to >= 0:
        lap = f", completing lap {seat.laps[-1]}" if seat.laps else ""
        did.append(f"moved {counted(seat.spaces, 'space')} (to {seat.to}{lap})" if seat.spaces
                   else f"moved to space {seat.to}{lap}")
    if seat.bought:
        did.append(f"bought {counted(seat.bought, 'cube')}")
    elif seat.unspent and not did:
        did.append("bought nothing")
    did += seat.took
    if not did:
        return ""
    return f"{who} " + (", ".join(did[:-1]) + " and " + did[-1] if len(did) > 1 else did[0])


def since_words(state: State, events: Sequence[Event]) -> list[str]:
    """``events`` (of ``state``'s game) cut to the essentials: one clause per player in the
    order they acted, and the race ending or beginning; the cubes drawn, the cards' steps and
    the wear are left to the log."""
    out: list[str] = []
    seats: dict[int, _Seat] = {}

    def flush() -> None:
        out.extend(x for x in (_clause(name(p), seat) for p, seat in seats.items()) if x)
        seats.clear()

    for e in events:
        if isinstance(e, ev.RaceOver):
            flush()
            out.append("the race is over")
            continue
        if isinstance(e, ev.RaceBegins):
            flush()
            out.append(f"race {e.race} of {e.races} begins")
            continue
        who = getattr(e, "seat", None)
        if who is None:
            continue
        seat = seats.setdefault(who, _Seat())
        if isinstance(e, ev.CarMoves):
            seat.spaces += e.spaces
            seat.to = e.space
            if e.crossed:
                seat.laps.append(e.lap)
        elif isinstance(e, ev.FollowMove):
            seat.to = e.space
        elif isinstance(e, ev.PitStop):
            seat.pit = True
        elif isinstance(e, ev.BuyCube):
            seat.bought += 1
        elif isinstance(e, ev.Unspent):
            seat.unspent = True
        elif isinstance(e, ev.TakeDriver):
            seat.took.append(f"took the driver {state.cfg.drivers[e.driver]}")
        elif isinstance(e, ev.TakeSponsor | ev.KeepSponsor):
            verb = "took" if isinstance(e, ev.TakeSponsor) else "kept"
            seat.took.append(f'{verb} the sponsor "{sponsor_name(e.sponsor)}"')
    flush()
    return out
