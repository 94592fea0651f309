"""Automobiles' sponsors: chosen between the races of a season (AU-26, AU-79..AU-84, RA7).

After a race that is not the season's last, every cube of a player is back in his bag (his
sheet is empty), chance deals players + 1 sponsors (RA7), and in the finishing order of that
race, winner first (AU-26), each player takes one of them, or keeps the sponsor he had and
discards one on offer (AU-26, from the second break on). His sponsor's effect follows at once,
at the tier of his place (RA7: top for the winner, bottom for the last, middle for the others),
each choice one atomic decision: the standard removal (``choose bag CUBE`` up to
``standard_removal`` cubes of any kind, or ``skip``), then the kind's own effect:

- A (AU-79): spend the tier's money on cubes from the stock (``buy CUBE`` / ``stop buying``);
- B (AU-80): remove up to the tier's number of extra cubes of any kind;
- C (AU-81): remove the tier's number of wear (no choice: wear is wear);
- D (AU-82): take the tier's number of cubes free from the stock (``take CUBE``), as many as
  it holds;
- E (AU-83): for each non-wear cube of the standard removal, remove up to the tier's number
  of wear;
- F (AU-84): remove up to the tier's number of extra cubes, then spend up to $2 for each.

Removed cubes go to the stock, bought and free cubes into the bag (the sheet is empty between
races). The rules of the turn (``rules``) call this module; it imports only ``board`` and the
data (STYLE 21).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import events as ev
from .actions import (
    BUY_IDS,
    CHOOSE_IDS,
    DEAL_SPONSOR_IDS,
    DISCARD_SPONSOR_IDS,
    KEEP_SPONSOR,
    SKIP,
    STOP_BUYING,
    TAKE_IDS,
    TAKE_SPONSOR_IDS,
    Buy,
    Choose,
    DealSponsor,
    DiscardSponsor,
    KeepSponsor,
    Skip,
    StopBuying,
    Take,
    TakeSponsor,
)
from .board import BAG, log, move_cube, set_
from .board import add as _add
from .board import with_ as _with
from .config import CUBES, WEAR, SponsorSpec, config_for

if TYPE_CHECKING:
    from .state import State

#: The stages of a sponsor's effect, ``state.effect = (stage, sponsor, left, count)`` in the
#: ``sponsor`` phase: DISCARD the kept sponsor's discard from the offer (AU-26); REMOVE the
#: standard removal (``count`` its non-wear cubes, for E); EXTRA B's and F's extra cubes
#: (``count`` removed, for F's money); WEAR E's wear; MONEY A's and F's buying (``state.money``);
#: FREE D's free cubes. ``left`` is what may still be removed or taken.
DISCARD, REMOVE, EXTRA, WEAR_STAGE, MONEY, FREE = range(6)
STAGES = ("discard", "remove", "extra", "wear", "money", "free")


def spec(k: int) -> SponsorSpec:
    """Sponsor ``k`` (0-17) of the data file."""
    return config_for(2).sponsors[k]


def chooser(s: State) -> int:
    """The seat choosing its sponsor now: the last race's finishing order, winner first
    (AU-26), is the order of the grid (``state.order``) once the race is over."""
    return s.order[s.buyer]


#: The tiers of a sponsor (RA7), as ``SponsorActs.tier`` counts them.
TIERS = ("top", "middle", "bottom")


def tier(s: State, seat: int) -> str:
    """The tier of ``seat``'s sponsor: top for the winner of the last race, bottom for its
    last, middle for everyone else (RA7)."""
    place = s.order.index(seat)
    return "top" if place == 0 else "bottom" if place == s.players - 1 else "middle"


def number(s: State, seat: int, k: int) -> int:
    """The number of sponsor ``k`` at ``seat``'s tier (RA7; AU-79..AU-84)."""
    return int(getattr(spec(k), tier(s, seat)))


# --- who decides, what is legal ---------------------------------------------------------------
def legal_ids(s: State) -> tuple[int, ...]:
    """The legal ids of the ``sponsors`` (chance) or ``sponsor`` phase."""
    if s.phase == "sponsors":
        held = set(s.sponsors)
        return tuple(DEAL_SPONSOR_IDS[k] for k in range(len(s.cfg.sponsors))
                     if k not in s.offer and k not in held)
    seat = chooser(s)
    if not s.effect:
        keep = (KEEP_SPONSOR,) if s.sponsors[seat] >= 0 else ()
        return (*(TAKE_SPONSOR_IDS[k] for k in sorted(s.offer)), *keep)
    stage, _, left, _ = s.effect
    bag = s.bag[seat]
    if stage == DISCARD:
        return tuple(DISCARD_SPONSOR_IDS[k] for k in sorted(s.offer))
    if stage in (REMOVE, EXTRA):
        cubes = tuple(CHOOSE_IDS[BAG][c] for c in range(len(CUBES)) if bag[c]) if left else ()
        return (SKIP, *cubes)  # SKIP's id is below the CHOOSE ids: in id order (gamecore)
    if stage == WEAR_STAGE:
        return (SKIP,) + ((CHOOSE_IDS[BAG][WEAR],) if left and bag[WEAR] else ())
    if stage == MONEY:
        cubes_spec = s.cfg.cubes
        return (*(BUY_IDS[c] for c in range(len(CUBES)) if c != WEAR and s.stock[c]
                  and (cubes_spec[c].cost or 0) <= s.money), STOP_BUYING)
    assert stage == FREE
    return tuple(TAKE_IDS[c] for c in range(len(CUBES)) if c != WEAR and s.stock[c])


# --- the break between races ----------------------------------------------------------------
def begin(s: State) -> None:
    """The break after a race (AU-26): chance deals players + 1 sponsors (RA7)."""
    s.phase, s.buyer, s.offer, s.effect = "sponsors", 0, (), ()
    log(s, ev.SponsorsDealt)


def done(s: State) -> bool:
    """Every player has his sponsor and its effect is over: the next race may begin."""
    return s.phase == "sponsor" and s.buyer >= s.players


def apply(s: State, action: Any) -> None:
    """Apply a legal action of the break (its chance deal or a player's choice)."""
    if isinstance(action, DealSponsor):
        s.offer += (action.sponsor,)
        log(s, ev.SponsorOffered, action.sponsor)
        if len(s.offer) == s.players + 1:
            s.phase = "sponsor"
        return
    seat = chooser(s)
    if isinstance(action, TakeSponsor):
        _take(s, seat, action.sponsor)
    elif isinstance(action, KeepSponsor):
        log(s, ev.KeepSponsor, seat, s.sponsors[seat])
        s.effect = (DISCARD, s.sponsors[seat], 0, 0)
    elif isinstance(action, DiscardSponsor):
        s.offer = tuple(k for k in s.offer if k != action.sponsor)
        log(s, ev.DiscardSponsor, seat, action.sponsor)
        _start_effect(s, seat, s.sponsors[seat])
    elif isinstance(action, Choose):
        _remove(s, seat, action.cube)
    elif isinstance(action, Buy):
        _buy(s, seat, action.cube)
    elif isinstance(action, Take):
        _free(s, seat, action.cube)
    else:
        assert isinstance(action, Skip | StopBuying)
        _next_stage(s, seat)


def _take(s: State, seat: int, k: int) -> None:
    """Take sponsor ``k`` from the offer (AU-26); a sponsor held before goes back to the
    sponsors' deck (engine decision)."""
    s.offer = tuple(j for j in s.offer if j != k)
    s.sponsors = set_(s.sponsors, seat, k)
    log(s, ev.TakeSponsor, seat, k)
    _start_effect(s, seat, k)


def _start_effect(s: State, seat: int, k: int) -> None:
    """The sponsor's effect at the seat's tier (RA7) begins with the standard removal
    (AU-83: every sponsor has one; its size is synthetic, in the data file)."""
    log(s, ev.SponsorActs, seat, k, TIERS.index(tier(s, seat)), number(s, seat, k))
    s.effect = (REMOVE, k, s.cfg.sponsor_removal, 0)


def _remove(s: State, seat: int, cube: int) -> None:
    """One cube out of the bag to the stock: the standard removal counts its non-wear cubes
    (AU-83), the extra removal the cubes removed (AU-80, AU-84), E's removal wear (AU-83)."""
    stage, k, left, count = s.effect
    move_cube(s, seat, cube, BAG, None)
    log(s, ev.SponsorRemove, seat, cube, k)
    if stage == REMOVE:
        count += cube != WEAR
    elif stage == EXTRA:
        count += 1
    s.effect = (stage, k, left - 1, count)


def _buy(s: State, seat: int, cube: int) -> None:
    """Buy one cube from the stock into the bag with the sponsor's money (AU-79, AU-84)."""
    cost = s.cfg.cubes[cube].cost or 0
    s.money -= cost
    s.stock = _add(s.stock, cube, -1)
    s.bag = _with(s.bag, seat, _add(s.bag[seat], cube, 1))
    log(s, ev.BuyCube, seat, cube, cost)


def _free(s: State, seat: int, cube: int) -> None:
    """One cube free from the stock into the bag (AU-82)."""
    s.stock = _add(s.stock, cube, -1)
    s.bag = _with(s.bag, seat, _add(s.bag[seat], cube, 1))
    log(s, ev.FreeCube, seat, cube)
    stage, k, left, count = s.effect
    s.effect = (stage, k, left - 1, count)


def _next_stage(s: State, seat: int) -> None:
    """The stage after a ``skip`` or ``stop buying`` (or one with nothing left): the kind's
    own effect after the standard removal (AU-79..AU-84), F's money after its extra cubes
    (AU-84); the money left is lost (AU-79, AU-84)."""
    stage, k, _, count = s.effect
    letter, n = spec(k).letter, number(s, seat, k)
    if stage == REMOVE:
        if letter == "A":
            _money(s, k, n)
        elif letter in "BF":
            s.effect = (EXTRA, k, n, 0)
        elif letter == "C":
            _wear_c(s, seat, n)
            _finish(s)
        elif letter == "D":
            s.effect = (FREE, k, n, 0)
        else:
            s.effect = (WEAR_STAGE, k, n * count, 0)
        return
    if stage == EXTRA and letter == "F":
        _money(s, k, s.cfg.money_per_cube * count)
        return
    if stage == MONEY and s.money:
        log(s, ev.Unspent, seat, s.money)
    _finish(s)


def _money(s: State, k: int, money: int) -> None:
    s.money = money
    s.effect = (MONEY, k, 0, 0)
    log(s, ev.SponsorMoney, chooser(s), money, k)


def _wear_c(s: State, seat: int, n: int) -> None:
    """C (AU-81): the tier's number of wear out of the bag, as many as there are (RA5)."""
    k = min(n, s.bag[seat][WEAR])
    for _ in range(k):
        move_cube(s, seat, WEAR, BAG, None)
    log(s, ev.SponsorWear, seat, k, s.effect[1])


def _finish(s: State) -> None:
    """The sponsor's effect is over: the next player in finishing order chooses (AU-26)."""
    s.effect, s.money = (), 0
    s.buyer += 1


def step(s: State) -> bool:
    """Resolve what is automatic: a stage with nothing left to do moves on (RA5: "up to"
    ends, "must" as far as possible). True if something changed."""
    if s.phase != "sponsor" or not s.effect or done(s):
        return False
    stage, _, left, _ = s.effect
    seat = chooser(s)
    if stage == FREE and (not left or not legal_ids(s)):
        _finish(s)
        return True
    if stage in (REMOVE, EXTRA, WEAR_STAGE) and legal_ids(s) == (SKIP,):
        _next_stage(s, seat)
        return True
    return False


def why_illegal(s: State, action: Any) -> str:
    """What the break asks for, for the error of an action it does not allow."""
    if s.phase == "sponsors":
        return "chance is dealing the sponsors"
    if not s.effect:
        return ("take a sponsor on offer" + (" or keep yours" if s.sponsors[chooser(s)] >= 0
                                              else ""))
    stage, k, left, _ = s.effect
    asks = {DISCARD: "a sponsor on offer to discard",
            REMOVE: f"a cube of the bag for the standard removal (up to {left} more) or skip",
            EXTRA: f"a cube of the bag to remove (up to {left} more) or skip",
            WEAR_STAGE: f"a wear cube of the bag (up to {left} more) or skip",
            MONEY: f"a cube of the stock within ${s.money} or stop buying",
            FREE: "a cube of the stock to take free"}[stage]
    return f"{spec(k).en} asks {asks}"
