"""Formel 1's rules tour: each function returns one section as ``kwwidgets.stepper.Step``
objects, ``(caption, state)`` pairs that also name the rows to draw, the cells to outline and
the card to show (drawn by ``kwwidgets.formel1.view``), built with the shared ``Script``.

Every state is a real engine position reached by real actions, from a seeded game or from a
small position loaded with ``formel1.from_json`` (``position``). Captions are Markdown in plain
English and cite their rules (F1-nn, RFn: docs/rules-formel1.md). No rules here: every fact is
the engine's.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence

import formel1
from formel1 import State, config_for
from formel1.actions import To, White
from formel1.bots import GreedyBot
from formel1.serialize import VERSION
from kwwidgets.common import rule_link
from kwwidgets.formel1.view import action_label
from kwwidgets.stepper import Script, Step

COLOURS = config_for(2).colours


def position(cars: Sequence[str | None], hands: Sequence[Sequence[str]], turn: int = 0,
             owner: Sequence[int] = (0, 1, 0, 1, 0, 1), track: str = "standard",
             variants: Sequence[str] = (), finished: Sequence[str] = (),
             money: Sequence[int] | None = None) -> State:
    """A race position of a one-race game built from the position layout and loaded by
    ``formel1.from_json`` (which checks it): ``cars`` are cells ("12b", "finished") in
    colour order Black .. Green, ``hands`` each player's card names."""
    cfg = config_for(2)
    players = len(hands)
    order = {k.name: k.index for k in cfg.kinds}
    held = {name for h in hands for name in h}
    # The new track removes one card per player before the deal (F1-37): any cards not held.
    removed = [cfg.kinds[k].name for k in sorted(set(cfg.race_deck(frozenset(variants))))
               if cfg.kinds[k].name not in held][:players] if track == "new" else []
    data = {
        "format": "formel1-position", "version": VERSION, "game": "formel1",
        "players": players, "seed": None, "draws": 0, "races": 1,
        "variants": sorted(variants), "track": track, "race": 0, "dealer": players - 1,
        "money": list(money or [100] * players), "phase": "race",
        "hands": [sorted(h, key=order.__getitem__) for h in hands],
        "starter": None, "removed": removed, "starter_played": True,
        "revealed": _pole_first(hands, owner, turn), "queue": [], "owner": list(owner),
        "offer": None,
        "reoffered": False, "high_bid": 0, "high_bidder": None, "out": [False] * players,
        "cars": list(cars), "laps": [0] * 6, "finished": list(finished),
        "discards": [[] for _ in range(players)], "picked_up": False, "turn": turn,
        "card": None, "step": 0, "pending": None, "whites": [], "offers": 0,
        "proposal": None, "promised": None, "log": []}
    return formel1.from_json(json.dumps(data))


def _pole_first(hands: Sequence[Sequence[str]], owner: Sequence[int | None],
                turn: int) -> list[str]:
    """The cars in the order the auction revealed them, the pole car first, chosen so that
    the position is one the rules reach (F1-19, F1-29): play starts with the pole car's owner
    and goes clockwise one card a turn, so the players whose hands are one card smaller follow
    him, and ``turn`` is the next player."""
    n = len(hands)
    sizes = [len(h) for h in hands]
    high = max(sizes)
    for first in range(n):
        played = [(first + i) % n for i in range(n) if sizes[(first + i) % n] < high]
        if played == [(first + i) % n for i in range(len(played))] \
                and turn == (first + len(played)) % n and first in owner:
            pole = COLOURS[list(owner).index(first)]
            return [pole] + [c for c in COLOURS if c != pole]
    return list(COLOURS)


def _cars_of(s: State, player: int) -> str:
    """The colours ``player`` owns, in words."""
    cars = [COLOURS[c] for c in range(6) if s.owner[c] == player]
    return ", ".join(cars[:-1]) + " and " + cars[-1] if len(cars) > 1 else \
        (cars[0] if cars else "no car")


def _chance(s: State, text: str = "") -> None:
    """Apply chance's outcome ``text``, or its first outcome (the tour's deal is fixed)."""
    s.apply(text or str(s.chance_outcomes()[0][0]))


def the_deal() -> list[Step]:
    """F1-02 .. F1-05, RF1, RF4: 49 cards, the White 10 out (or the White 3/2/1 in), dealt one
    at a time from the dealer's left, the Starter and the removed leftovers."""
    s = formel1.new_game(players=5, seed=None, races=1, explicit_chance=True)
    t = Script(s)
    _chance(s, "first dealer 4")
    deck = s.deck()
    t.snap("**The cards.** There are 49 movement cards, a list made up for this lab. "
           f"{rule_link('RF1')} Before every race the **White 10** is taken out, leaving "
           f"**{len(deck)}**. {rule_link('F1-04')} Player 4 was drawn as the first dealer; he "
           f"deals. {rule_link('RF3')}",
           card="White 10", title="Taken out before the deal")
    for _ in range(5):
        _chance(s)
    t.snap("The cards are dealt **one at a time, clockwise from the dealer's left**, as equally "
           "as possible: after one round each of the five players has one card. "
           f"{rule_link('F1-05')} The board counts the cards in each hand; nobody sees another's "
           "cards.",
           viewer=0, title="Player 0's hand so far")
    while s.phase == "deal":
        _chance(s)
    t.snap(f"All dealt: {len(deck)} cards for 5 players is **9 each**, and 3 are left over. "
           f"{rule_link('F1-05')} One leftover will be the **Starter card**; the other two are "
           f"removed face down, unseen by anyone. {rule_link('RF4')}", viewer=0,
           title="Player 0's hand")
    _chance(s)
    t.snap("Chance picks the Starter card among the leftovers; it stays **face down** until the "
           f"race begins. {rule_link('F1-05', 'F1-18')} The auction comes next.", viewer=0,
           title="Player 0's hand")
    sub = formel1.new_game(players=4, seed=2, races=1, variants=("white321",))
    t.s = sub
    t.snap(f"**A variant:** instead of playing {len(deck)} cards, you may put in a substitute for "
           f"the White 10, the **White 3 / White 2 / White 1** card: {len(sub.deck())} cards, 12 "
           f"each for four players and one Starter. {rule_link('F1-04')}",
           card="White 3 / White 2 / White 1", title="The substitute card")
    return t.steps


#: The tour's auction: four players, seed 3, the dealer Player 0 (a seeded game: the cars are
#: revealed by chance, the bids are chosen to show every rule).
AUCTION_SEED = 3


def the_auction() -> list[Step]:
    """F1-06 .. F1-17, RF3: bids in $10K steps from the dealer's left, passing for good, the
    car passed by all re-offered last, the $30K minimums of the last cars, only carless players
    bidding, the forced car; the dealer's $10K car in a two-player game."""
    s = formel1.new_game(players=4, seed=AUCTION_SEED, races=1)
    t = Script(s)
    first = COLOURS[s.revealed[0]]
    seat = [(s.dealer + k) % 4 for k in range(4)]  # the dealer, then clockwise from his left
    t.snap("**The auction.** The six Car Cards are shuffled and the top one revealed: "
           f"**{first}**. {rule_link('F1-06')} It goes on the **pole**, the front row's inner "
           f"cell. {rule_link('F1-17')} Bidding starts left of the dealer (Player {seat[0]}) and "
           f"goes clockwise. {rule_link('F1-07')} Every player starts with $200K. "
           f"{rule_link('F1-03')}", rows=range(0, 8),
           marks={"1a": "pole"}, title="The grid")
    t.do("bid 30", "bid 40", "pass")
    t.snap(f"Player {seat[1]} bids $30K, Player {seat[2]} $40K, Player {seat[3]} passes. Bids are "
           f"multiples of $10K and must beat the standing bid. {rule_link('F1-10')} **A player "
           f"who passes is out** for this car. {rule_link('F1-08')}", rows=range(0, 8))
    t.do("pass", "pass")
    t.snap(f"Everyone else passed: the last bidder, Player {seat[2]}, pays $40K and owns {first}. "
           f"{rule_link('F1-09')} The next car is revealed and takes the next grid slot.",
           rows=range(0, 8), marks={"1b": "slot 2"})
    passed = COLOURS[s.offer]
    t.do("pass", "pass", "pass", "pass")
    t.snap(f"Nobody bids on **{passed}**: its card goes to the bottom, to be offered again as the "
           f"last car, but the car keeps its grid slot. {rule_link('F1-14', 'RF3')}",
           rows=range(0, 8), marks={"1b": f"{passed}, re-offered last"})
    t.do("bid 20", "pass", "pass", "pass", "pass", "bid 10", "pass", "pass", "pass", "bid 10",
         "pass", "pass")
    owners = sorted({o for o in s.owner if o >= 0})
    carless = [p for p in range(4) if p not in owners]
    t.snap(f"Three more cars are sold: Player {seat[2]} now owns {_cars_of(s, seat[2])}; a player "
           "may own several cars, as long as every player ends with at least one. "
           f"{rule_link('F1-16')} So now, with two cars left and **two players without a car** "
           f"(Players {carless[0]} and {carless[1]}), only they may bid; the others pass at once. "
           f"{rule_link('F1-11')} And with four players the **last two cars cost at least $30K**. "
           f"{rule_link('F1-12')}",
           rows=range(0, 8))
    t.do("pass", "pass")
    reoffer = COLOURS[s.offer]
    t.snap(f"Both carless players pass, so this car goes to the bottom too, and **{reoffer}**, "
           f"passed earlier, is offered again. {rule_link('F1-14')}", rows=range(0, 8))
    t.do("pass")
    last = s.queue[0]  # the other passed car: the last one
    t.do("bid 30")
    buyer = s.owner[COLOURS.index(reoffer)]
    t.snap(f"Player {buyer} buys {reoffer} for the minimum, $30K. One car is left and Player "
           f"{s.owner[last]} still had none: he **had to take {COLOURS[last]} for $30K**, without "
           f"bidding. {rule_link('F1-13')} Every car is sold; the race can begin.",
           rows=range(0, 8))
    two = formel1.new_game(players=2, seed=1, races=1)
    t.s = two
    while sum(1 for o in two.owner if o == -1) > 1 or -1 in [
            next((c for c in range(6) if two.owner[c] == p), -1) for p in range(2)]:
        mine = sum(1 for o in two.owner if o == two.turn)
        theirs = sum(1 for o in two.owner if o == 1 - two.turn)
        t.do("bid 10" if two.high_bid == 0 and mine <= theirs else "pass")
    t.snap("**Another table, two players:** every player already owns a car when the last "
           "car comes up, so nobody is forced to take it: the forced sale does not apply. "
           f"{rule_link('F1-13')}",
           rows=range(0, 8))
    t.do("pass", "pass")
    t.snap(f"Both pass on it, so **the dealer (Player {two.dealer}) gets it for $10K**. "
           f"{rule_link('F1-15')}",
           rows=range(0, 8))
    return t.steps


def car_cell(s: State, colour: str) -> str:
    """Where the car of ``colour`` is: a cell label, "finished" or "off"."""
    p = s.pos[COLOURS.index(colour)]
    return s.track_spec().label(p) if p >= 0 else "finished" if p == -2 else "off"


def grid_and_start(seed: int = 1) -> list[Step]:
    """F1-17, F1-18, F1-19, RF3, RF4: the grid in reveal order, the Starter card carried out by
    the dealer (its white numbers ignored), then the pole car's owner plays first."""
    s = formel1.new_game(players=5, seed=seed, races=1)
    t = Script(s)
    bots = [GreedyBot(seed=p) for p in range(5)]
    grid = s
    while s.phase == "auction":
        if len(s.revealed) == 6:
            grid = s.clone(history=False)  # the full grid, before the race begins
        s.apply(bots[s.current_player].choose(s))
    order = ", ".join(COLOURS[c] for c in grid.revealed)
    marks = {grid.track_spec().label(grid.track_spec().grid[i]): f"{i + 1}. {COLOURS[c]}"
             for i, c in enumerate(grid.revealed)}
    t.s = grid
    t.snap("**The grid.** Each car stands where it was placed when its card was revealed: the "
           "first on the pole, the front row's inner cell, the next beside it, and so on, two "
           f"rows of three. {rule_link('F1-17', 'RF2')} The reveal order was {order}.",
           rows=range(0, 10), marks=marks, title="The starting grid")
    assert s.starter != -1
    starter = s.cfg.kinds[s.starter].name
    said = [line for line in s.log() if "Starter card" in line][-1]
    t.s = s
    t.snap("**The Starter card.** With five players three cards were left over; one is the "
           f"Starter. When the auction is over the dealer, Player {s.dealer}, turns it up, "
           f"**{starter}**, and moves the cars on it, choosing their paths; its white numbers are "
           f"ignored. {rule_link('F1-18', 'RF4')} The log: *{said}*",
           rows=range(0, 16), card=starter, title="The Starter card in play")
    while s.card != -1:
        t.do(_first_to(s))
    pole = COLOURS[s.revealed[0]]
    t.snap(f"Then the owner of the pole car ({pole}), Player {s.owner[s.revealed[0]]}, plays the "
           "first card of the race, and play goes clockwise from him, one card a turn, however "
           f"many cars a player owns. {rule_link('F1-19', 'RF4')}", rows=range(0, 16))
    return t.steps


def card_top_to_bottom() -> list[Step]:
    """F1-20, F1-21, RF5: a card's numbers carried out top to bottom, each car stepping
    straight or diagonally ahead, the mover choosing among the farthest cells."""
    card = "Black 6 / Yellow 4 / Blue 2"
    s = position(["5a", "5b", "3a", "12a", "12b", "16c"],
                 [[card, "Red 5"], ["Green 5", "Orange 5"]])
    t = Script(s)
    rows = range(0, 18)
    t.snap(f"**Playing a card.** A constructed position: Player 0 holds **{card}**. On each turn "
           "a player plays one card and moves the cars on it, **in order, top to bottom**. "
           f"{rule_link('F1-20')}", rows=rows, card=card, viewer=0, title="A small position")
    t.do(f"play {card}")
    t.snap("First Black moves 6. A car moves one cell a step, **straight ahead or diagonally "
           f"ahead** into the next lane, never sideways or back. {rule_link('F1-21')} From 5a it "
           "can end on 11a or 11b (row 10-15 is a corner, two lanes wide); the player chooses. "
           f"{rule_link('RF5')}", rows=rows, marks={"5a": "Black starts here"})
    t.do("to 11b")
    t.snap("Black went to 11b. Now the **second number**: Yellow moves 4 from 5b. "
           f"{rule_link('F1-20')}", rows=rows,
           marks={"11b": "Black after 6", "5b": "Yellow starts here"})
    t.do(_first_to(t.s))
    t.snap(f"Yellow ended on {car_cell(t.s, 'Yellow')}; the third number moves Blue 2 from 3a. "
           f"{rule_link('F1-20')}",
           rows=rows, marks={car_cell(t.s, "Yellow"): "Yellow after 4", "3a": "Blue starts here"})
    t.do(_first_to(t.s))
    t.snap(f"Blue ended on {car_cell(t.s, 'Blue')}: the card is done and Player 1 plays next, "
           f"clockwise. {rule_link('F1-19')}",
           rows=rows, marks={car_cell(t.s, "Blue"): "Blue after 2"})
    return t.steps


def _first_to(s: State) -> str:
    """The first end cell the engine offers (a fixed choice for the tour)."""
    return str(next(a for a in s.legal_actions() if isinstance(a, To)))


def blocking() -> list[Step]:
    """F1-22, F1-23, RF5: cars enter only empty cells; a blocked car loses the rest of its
    movement, and a card may be played for a blocked car, wasting it."""
    s = position(["6a", "6b", "3b", "6c", "1a", "1b"],
                 [["Blue 5", "Red 5", "Green 3 / Yellow 3"], ["Blue 10", "Green 5"]])
    t = Script(s)
    rows = range(0, 12)
    t.snap("**Blocking.** Black, Yellow and Orange fill row 6. Player 0 plays **Blue 5**. Cars "
           f"may enter only **empty** cells. {rule_link('F1-22')}", rows=rows, card="Blue 5",
           viewer=0,
           marks={"6a": "full", "6b": "full", "6c": "full"}, title="Row 6 is full")
    t.do("play Blue 5")
    t.snap("Blue can go two steps, to row 5, and no farther: the engine offers only row 5. "
           f"{rule_link('RF5')}",
           rows=rows, marks={"3b": "Blue starts here"})
    t.do("to 5b")
    t.snap(f"Blue stops on 5b and **the other 3 steps are lost for good**. {rule_link('F1-22')}",
           rows=rows, marks={"5b": "Blue: 2 of 5, blocked"})
    t.do("play Blue 10")
    t.snap("Player 1 may still play **Blue 10** for the blocked car, wasting the card: Blue "
           f"cannot move at all and loses all 10. {rule_link('F1-23')}", rows=rows,
           marks={"5b": "Blue blocked, loses 10"}, card="Blue 10")
    return t.steps


def no_dead_end() -> list[Step]:
    """F1-24, RF5: a car with movement left may not be moved into a blocked cell when another
    route lets it go on; it ends at the greatest number of steps it can take."""
    s = position(["6b", "6c", "3c", "1c", "1a", "1b"],
                 [["Blue 5", "Red 5"], ["Blue 10", "Green 5"]])
    t = Script(s)
    rows = range(0, 12)
    t.do("play Blue 5")
    t.snap("**No dead ends.** Blue moves 5 from 3c. Going straight, 4c then 5c, it would be "
           "stuck behind Black and Yellow after 2 steps. That is **not allowed** while another "
           "route lets it move on: through 5b and the free 6a it moves all 5. "
           f"{rule_link('F1-24', 'RF5')} The engine offers only the cells of row 8.", rows=rows,
           marks={"5c": "a dead end: not offered", "6b": "full", "6c": "full",
                  "6a": "the way through"})
    t.do("to 8a")
    t.snap("Blue took the way through and ended on 8a. A car may end beside others only when it "
           f"has moved its full distance. {rule_link('F1-24')}", rows=rows,
           marks={"8a": "Blue after 5"})
    return t.steps


def white_numbers() -> list[Step]:
    """F1-25, RF6, F1-26: a white number moves any car not pictured on the card, one that can
    move it all if any can; on the White 3/2/1 each number goes to a different car."""
    s = position(["6a", "6b", "3b", "6c", "12a", "9c"],
                 [["White 5", "Black 6 / Orange 4 / White 2 / Yellow 1", "Red 5"],
                  ["Blue 10", "Green 5", "Yellow 5"]])
    t = Script(s)
    rows = range(0, 20)
    t.do("play White 5")
    offered = [COLOURS[a.car] for a in t.s.legal_actions() if isinstance(a, White)]
    t.snap("**White numbers.** Player 0 plays **White 5**: he may move any car not pictured on "
           "the card, but he **must** choose one that can move all 5 if there is one. "
           f"{rule_link('F1-25', 'RF6')} Blue is boxed in behind row 6, so the engine offers only "
           f"{', '.join(offered)}.", rows=rows, marks={"3b": "Blue: cannot move 5"})
    t.do("white Red")
    t.do(_first_to(t.s))
    t.snap(f"He gave it to Red, which moved all 5 to {car_cell(t.s, 'Red')}. {rule_link('F1-25')}",
           rows=rows, marks={car_cell(t.s, "Red"): "Red after the white 5"})
    t.do("play Green 5")
    t.do(_first_to(t.s))
    card = "Black 6 / Orange 4 / White 2 / Yellow 1"
    t.do(f"play {card}")
    t.snap(f"Later Player 0 plays **{card}**: Black moves 6 first, then Orange 4, then the white "
           "2, which may go to any car **except** Black, Orange and Yellow, the cars pictured on "
           f"the card. {rule_link('F1-25')}", rows=rows, card=card)
    while t.s.pending and t.s.pending[0] != 1:
        t.do(_first_to(t.s))
    offered = [COLOURS[a.car] for a in t.s.legal_actions() if isinstance(a, White)]
    t.snap(f"Black and Orange have moved; the white 2 waits for its car: {', '.join(offered)} may "
           f"take it. {rule_link('F1-25')}", rows=rows)
    w = formel1.new_game(players=4, seed=2, races=1, variants=("white321",))
    bots = [GreedyBot(seed=p) for p in range(4)]
    sub = "White 3 / White 2 / White 1"
    while not (w.current_player >= 0 and w.phase == "race" and w.card == -1
               and sub in [w.cfg.kinds[k].name for k in w.hands[w.current_player]]):
        w.apply(bots[w.current_player].choose(w))
    t.s = w
    t.do(f"play {sub}")
    t.snap("**The White 3 / White 2 / White 1** (the substitute card of the variant): each of "
           f"its numbers goes to a different car. {rule_link('F1-26', 'RF6')} A seeded "
           "four-player game: the player holding it plays it now.", card=sub)
    first = COLOURS[next(a.car for a in w.legal_actions() if isinstance(a, White))]
    t.do(f"white {first}")
    while w.pending and w.pending[0] == 0:
        t.do(_first_to(w))
    offered = [COLOURS[a.car] for a in w.legal_actions() if isinstance(a, White)]
    t.snap(f"{first} took the white 3; the white 2 may go to {', '.join(offered)}, never {first} "
           f"again. {rule_link('F1-26')}",
           marks={car_cell(w, first): f"{first} after the white 3"})
    return t.steps


def switch_cards() -> list[Step]:
    """F1-27, F1-28, RF7: a switch card brings the trailing car of its pair up alongside the
    leader, when a free path and a free cell exist, and never once the leader is in the
    final straightaway."""
    s = position(["30a", "2b", "3c", "1c", "14b", "8a"],
                 [["Switch Red-Green", "Red 5"], ["Blue 10", "Green 5"]])
    t = Script(s)
    rows = range(0, 18)
    t.snap("**Switch cards.** Each of the three switch cards pairs two cars: Black-Yellow, "
           "Blue-Orange, Red-Green. Player 0 plays **Switch Red-Green**: the trailing car of the "
           "pair, Green on 8a, moves up **alongside** the leader, Red on 14b, if it can. "
           f"{rule_link('F1-27')}", rows=rows, card="Switch Red-Green", viewer=0,
           marks={"8a": "Green, trailing", "14b": "Red, leading"})
    t.do("play Switch Red-Green")
    t.snap(f"Row 14 is a corner with one free cell, 14a, so Green goes there: "
           f"now on {car_cell(t.s, 'Green')}, level with Red. When two cells are free there, the "
           f"player chooses. {rule_link('RF7')}", rows=rows,
           marks={car_cell(t.s, "Green"): "Green, switched", "14b": "Red"})
    late = position(["30a", "2b", "3c", "1c", "58b", "40a"],
                    [["Switch Red-Green", "Red 5"], ["Blue 10", "Green 5"]])
    t.s = late
    t.do("play Switch Red-Green")
    t.snap("The move is **not possible** when the leader is already in the **final "
           "straightaway** before the finish line, or the cars are level, or no cell alongside "
           f"is free, or the way is blocked. {rule_link('F1-28')} Here Red is on 58b: the card is "
           f"played and nothing moves. {rule_link('RF7')}", rows=range(40, 64),
           marks={"40a": "Green stays", "58b": "Red in the final straightaway"})
    return t.steps


def finish_and_prizes() -> list[Step]:
    """F1-30, F1-31, RF5, RF8: cars cross the line in the order of the card's numbers onto the
    prize chart; the rest of a number is lost; prizes are paid when the race ends."""
    card = "Black 6 / Yellow 4 / Blue 2"
    s = position(["61a", "62b", "50a", "40a", "45b", "57c"],
                 [[card, "Red 5"], ["Blue 10", "Green 5"]])
    t = Script(s)
    rows = range(40, 64)
    t.snap("**The finish.** The last 8 rows are the **final straightaway** (light green). "
           f"{rule_link('RF2')} Player 0 plays **{card}**.", rows=rows, card=card, viewer=0)
    t.do(f"play {card}")
    chart = ", ".join(COLOURS[c] for c in t.s.finished)
    t.snap("Black crosses the line first, then Yellow: cars go on the **prize chart** in the "
           "order they cross, on one card in the order of its numbers. "
           f"{rule_link('F1-30', 'RF8')} "
           f"Prize chart: {chart}. The rest of Black's 6 is lost: a finished car leaves the track "
           f"and blocks nobody. {rule_link('RF5')}", rows=rows)
    return t.steps


def new_track() -> list[Step]:
    """F1-34, F1-35, F1-36, F1-37, RF2, RF9: the new track's unequal corners (no lane change
    inside; entering or leaving may), and its cards removed before each race."""
    s = position(["10a", "8b", "30a", "31b", "40a", "41b"],
                 [["Black 5", "Yellow 5", "Red 5"], ["Blue 10", "Green 5"]], track="new")
    t = Script(s)
    rows = range(6, 20)
    t.snap("**The new track** (made up for this lab, like the standard one) has corners with "
           "**unequal** lanes (dark orange): the inner lane a has a cell only every other row, so "
           f"a step there goes two rows. {rule_link('RF2')} Inside such a corner **no car changes "
           f"lane**. {rule_link('F1-34')}", rows=rows,
           viewer=0, marks={"10a": "Black, in the corner"}, title="The new track")
    t.do("play Black 5")
    t.snap("Black moves 5 from 10a: it must stay in lane a through the corner and may change "
           f"lane only as it leaves it. {rule_link('F1-36')} The engine offers: "
           f"{', '.join(action_label(t.s, a) for a in t.s.legal_actions())}.", rows=rows)
    t.do(_first_to(t.s))
    t.do("play Green 5")
    if t.s.pending:
        t.do(_first_to(t.s))
    t.do("play Yellow 5")
    t.snap("Yellow moves 5 from 8b, entering the corner: entering may change lane, and the "
           f"shorter inner lane takes it farther (to row 16, not 13). {rule_link('F1-36')} The "
           f"engine offers: {', '.join(action_label(t.s, a) for a in t.s.legal_actions())}. A "
           "switch card never puts a car into an unequal corner cell either. "
           f"{rule_link('F1-35')}", rows=rows)
    n = formel1.new_game(players=4, seed=6, races=1, track="new")
    t.s = n
    t.snap("Before each race on the new track, as many cards as players are removed face down: "
           f"{len(n.removed)} here, so 44 cards make **11 each** for four players. "
           f"{rule_link('F1-37', 'RF9')}", viewer=0, title="A four-player game on the new track")
    return t.steps


def several_races(seed: int = 5) -> list[Step]:
    """F1-29, F1-31, F1-32, F1-33, RF8: play goes on until every car has finished; prizes; the
    next dealer to the left; the most money after the last race wins."""
    s = formel1.new_game(players=4, seed=seed, races=3)
    bots = [GreedyBot(seed=p) for p in range(4)]
    t = Script(s)
    last = s
    while s.race == 0:
        if s.phase == "race":
            last = s.clone(history=False)  # the race's last decision, its chart nearly full
        s.apply(bots[s.current_player].choose(s))
    t.s = last
    chart = ", ".join(COLOURS[c] for c in last.finished)
    t.snap("**Prizes.** A seeded four-player game, played by greedy bots, near the end of race "
           "1. Players go on playing cards after their own cars have finished, until all six "
           f"finish or the cards run out. {rule_link('F1-29', 'F1-31')} The prize chart so far: "
           f"{chart}.", rows=range(40, 64))
    t.s = s
    paid = [line for line in s.log() if " wins $" in line][-6:]
    t.snap("Race 1 is over and the prizes are paid by place, "
           f"{', '.join(f'${p}K' for p in s.cfg.prizes)}; "
           f"a car that does not finish earns nothing. {rule_link('F1-30')} *{' '.join(paid)}* "
           "**The next race:** the player to the left of the last dealer deals, Player "
           f"{s.dealer}; the cards and the Car Cards are shuffled again and the auction begins "
           f"anew. {rule_link('F1-31', 'F1-32')}")
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    out = s.outcome()
    assert out is not None
    t.snap("**The end.** After the last of three races the player with the most money wins: "
           f"**{' and '.join(f'Player {w}' for w in out.winners)}**, "
           f"with ${max(s.money)}K. {rule_link('F1-33')} Equal money would share the win. "
           f"{rule_link('RF8')}")
    return t.steps


SECTIONS: dict[str, Callable[[], list[Step]]] = {
    "The deal": the_deal,
    "The auction": the_auction,
    "The grid and the start": grid_and_start,
    "A card, top to bottom": card_top_to_bottom,
    "Blocking and lost movement": blocking,
    "No dead ends": no_dead_end,
    "White numbers": white_numbers,
    "Switch cards": switch_cards,
    "The finish and the prize chart": finish_and_prizes,
    "The new track": new_track,
    "Prizes and several races": several_races,
}

