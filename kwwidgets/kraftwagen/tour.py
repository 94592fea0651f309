"""The rules tour: the whole game of Kraftwagen shown on the board, step by step.

Each function returns one section of the tour as a list of ``kwwidgets.stepper.Step`` objects
(caption, state, the board elements the caption talks about: ``highlight``, ``banner``,
``show``, drawn by ``kwwidgets.kraftwagen.view``), built with the shared ``Script`` and ready
for ``kwwidgets.Stepper``. Captions are Markdown in plain English, without rule codes in their
words: a sentence that states a rule is followed by a small link to it
(``kwwidgets.common.rule_link``, drawn raised by the stepper); each function's docstring cites
the rule texts it teaches (docs/rules.md, the seed and RULINGS). A highlight's note is kept only
where its label covers no text of the board and no tile drawn later covers it (the tests check
every step); elsewhere the outline alone marks the element, and the caption says what changed.

The states are built with kwcore: a small position is set up with the shared builders
(``solvers.kraftwagen.builders``), then the rule happens through real actions
(``State.apply``), so the board of each step is what the engine does, not a drawing of it. The
only exception is scoring, which the engine runs in one go between two decisions: its steps are
shown by running the engine's own scoring functions (``rules.score_grand_prix``,
``rules.score_sales``) on copies, and the tests check that they end where the real action ends.
The worked examples of the seed keep the numbers of the rule text
(tests/kwwidgets/kraftwagen/test_tour.py).

Every step holds its own copy of the state (``clone(history=False)``): stepping back and forth
never changes another step. ``SECTIONS`` lists the sections in teaching order; together they
apply every kind of action a company can take (tests/kwwidgets/kraftwagen/test_tour_coverage.py).
"""

from __future__ import annotations

from collections.abc import Callable

import kwcore
from kwcore import bots, rules
from kwcore.state import State
from kwwidgets.common import rule_link
from kwwidgets.stepper import Script, Step
from solvers.kraftwagen.builders import (
    co,
    fresh,
    give_engineer,
    give_investor,
    put_car,
    racing,
    recruit_row,
    research,
    set_active,
    set_chain,
    workers,
)


def _ready(s: State, name: str, body: int = 3, engine: int = 3, canteen: int = 2) -> None:
    """Company ``name`` can place a car: a body and an engine in its workshops, workers."""
    research(s, name, body, engine, [("body", body), ("engine", engine)])
    workers(s, name, canteen=canteen)


# --- the shape of the game ----------------------------------------------------------------------
def round_structure(seed: int = 0) -> list[Step]:
    """The shape of a game: setup and preparation, the warm-up, the action phase, scoring,
    three rounds (seed JP: Setup, Warm-up, Preparation phase A-C, Action phase 1, Scoring
    phase, Game end; RULINGS K4, K9, K12). The game is a seeded 4-company game played by
    random bots."""
    s = kwcore.new_game(players=4, seed=seed)
    t = Script(s)
    t.snap("**A new game for four companies.** The 11 action tiles and the four company markers "
           "form the *action chain* on the gear. First comes the warm-up: each company chooses "
           f"one start tile. {rule_link('K1')}", highlight={"chain": ""})
    while s.decision() == "choose_start":
        t.do(str(s.legal_actions()[0]))
    t.snap("**Round 1, preparation.** The orange price markers 1, 2, 3, 5, 6, 8, 9, 10 are on "
           "the price chart, a white marker worth 2 lies beside the body buyers and a white 1 "
           "beside each other kind of buyer, and two recruit tiles of each kind are face up. "
           "The action phase begins: the company whose marker is at the *tail* of the chain "
           f"plays. {rule_link('K1', 'K12')}",
           highlight={"chart": "round 1 prices", "stacks": "", "recruit": ""})
    players = [bots.make_bot("random", seed=seed + p) for p in range(s.players)]
    while s.round == 1:
        s.apply(players[s.current_player].choose(s))
    t.snap("**Round 2.** Round 1 ended when the sixth car reached the market or the market "
           "marker reached 0; then came scoring: first the Grand Prix, then sales. "
           f"{rule_link('K3', 'K22')} "
           "Round 2 is "
           "prepared with the purple price markers 2, 3, 5, 6, 8, 9, 11, 12; new white markers "
           f"are stacked on any left over from round 1. {rule_link('K9')}",
           highlight={"chart": "round 2 prices", "stacks": "", "market-marker": "back to 1"})
    while not s.is_terminal():
        s.apply(players[s.current_player].choose(s))
    t.snap("**Game end.** After the scoring phase of round 3 the game is over; the company "
           f"with the most reputation points wins. {rule_link('K24')}",
           highlight={f"company:{n}:rep": "" for n in s.cfg.companies})
    return t.steps


def warm_up() -> list[Step]:
    """Start tiles (seed JP: Warm-up (start tiles) 1-4; RULINGS K1, K11, K17): chosen in
    reverse turn order, each carried out at once."""
    s = kwcore.new_game(players=4, seed=0)
    t = Script(s)
    first = s.cfg.companies[s.current_player]
    tail = s.cfg.companies[s.start_order[-1]]
    t.snap(f"**The warm-up.** Before round 1 each company takes one of the four **start "
           f"tiles**, in *reverse* turn order: the company whose marker is farthest from the "
           f"tail, next to the action tiles, chooses first, here **{first}**. **{tail}**, at "
           f"the tail, will play first, so it chooses last and gets what is left. "
           f"{rule_link('K1')}",
           highlight={f"marker:{first}": "chooses first", f"marker:{tail}": ""})
    t.do("start BodyTrack2+Worker")
    t.snap(f"{first} takes **body research 2 + worker**: its body research goes up to 2 and "
           f"one worker moves from its supply to its canteen.",
           highlight={f"company:{first}:research": "body 2",
                      f"company:{first}:workers": ""})
    second = s.cfg.companies[s.current_player]
    t.do("start Body2+Move2")
    t.snap(f"{second} takes **body 2 + car 2**: a body tile of value 2 goes into a workshop "
           f"and its racing car drives 2 spaces (no team bonus on this move). {rule_link('K11')}",
           highlight={f"company:{second}:workshops": "", f"car:{second}": "2 spaces"})
    while s.decision() == "choose_start":
        t.do(str(s.legal_actions()[0]))
    tail = s.cfg.companies[s.current_player]  # the same company: it chose last
    t.snap(f"Everyone has a start tile; the other two were *engine research 2 + racing engine 2* "
           f"and *engine 2 + engineer token*. Now **{tail}**, at the tail, takes the first turn.",
           highlight={f"marker:{tail}": ""})
    return t.steps


def turn_order() -> list[Step]:
    """seed JP: Action phase 2-6, A1-A3, example (turn order); RULINGS K1, K2: Green, at the
    tail, picks the Grand Prix tile next to it and so plays again, this time the Grand Prix +
    Attract tile, whose two actions it does in the order it chooses."""
    s = set_chain(fresh(4), ["Green", "GrandPrix", "Orange", "Blue", "Red"])
    t = Script(s)
    t.snap("**Whose turn is it?** Green's marker is at the tail of the chain (the end farthest "
           f"back), so Green plays. {rule_link('K1')} The tile just ahead of it is the Grand "
           "Prix tile.",
           highlight={"marker:Green": "", "tile:GrandPrix": ""})
    t.do("pick GrandPrix")
    t.snap("Green chooses the **Grand Prix** tile: the tile is *in play*. First Green may add "
           "workers to its racing team.", highlight={"in-play": "in play"})
    t.do("team 0")
    t.snap("Green's car raced, and the tile went to the **head** of the chain. Green's marker "
           f"took the tile's place, so it is *still* farthest back: **Green plays again**. "
           f"{rule_link('K1')}",
           highlight={"marker:Green": "", "tile:GrandPrix": ""})
    t.do("pick GrandPrix+Attract")
    t.snap("This time Green chooses the tile showing **Grand Prix and Attract buyer**. On a tile "
           "with several actions, Green does them all, in the order it chooses, finishing one "
           f"before starting the next. {rule_link('K2')}", highlight={"in-play": ""})
    t.do("do attract")
    t.snap("Green does **Attract buyer** first (it takes a buyer), and the Grand Prix comes "
           "next.", highlight={"buyers": ""})
    return t.steps


# --- the actions ---------------------------------------------------------------------------------
def research_tracks() -> list[Step]:
    """seed JP: Actions, Research; seed JP: Engineers 1-2; RULINGS K6 (one track +1, or both
    with an engineer token; at most 2 apart; none above 7); Notes N1 (the token goes to the
    box)."""
    s = fresh(4)
    research(s, "Green", 1, 1)
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Research.** Each company has two *development tracks*, body and engine, both at "
           "1. The level of a track is the value of the bodies or engines the company can "
           f"build. {rule_link('K6')}", highlight={"company:Green:research": "both at 1"})
    t.do("pick Research")
    t.snap("Green chooses the **Research** tile: one track goes up by one space.",
           highlight={"in-play": "", "company:Green:research": "which track?"})
    t.do("research engine")
    t.snap("Green researches the **engine**: engine 2, body 1.",
           highlight={"company:Green:research": "engine 2"})
    s = fresh(4)
    research(s, "Green", 1, 3)
    t2 = Script(set_chain(s, ["Green"]))
    t2.snap("**The gap of 2.** The two tracks may never be more than **2** apart, and neither "
            "goes above 7. Here Green's engine is at 3 and its body at 1: engine 4 would be 3 "
            f"ahead. {rule_link('K6')}", highlight={"company:Green:research": "3 and 1"})
    t2.do("pick Research")
    t2.snap("So the **body** is Green's only possible research, and it happens without a "
            "choice: body 2, engine 3.", highlight={"company:Green:research": "body 2"})
    s = fresh(4)
    research(s, "Green", 2, 2)
    give_engineer(s, "Green", "Brayton")
    t3 = Script(set_chain(s, ["Green"]))
    t3.snap("**Engineer tokens.** Each engineer a company recruits brings one *engineer token*. "
            "Green recruited Brayton earlier and still holds its token.",
            highlight={"company:Green:tokens": "", "company:Green:engineers": ""})
    t3.do("pick Research", "research both")
    t3.snap("Spending the token in a Research action moves **both** tracks up: body 3, engine 3. "
            f"The spent token goes to the box. {rule_link('K6')}",
            highlight={"company:Green:research": "both +1", "company:Green:tokens": ""})
    return t.steps + t2.steps + t3.steps


def building() -> list[Step]:
    """seed JP: Actions, Build body, Build engine; seed JP: Company setup B; RULINGS K7 (a
    free workshop, or return one tile when all three are full; an engine may go on the racing
    car instead, and the racing engine never goes into a car)."""
    s = fresh(4)
    research(s, "Green", 2, 2)
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Building bodies and engines.** A company builds parts in its three *workshops*. "
           "Green's tracks are at body 2 and engine 2, and its workshops are empty.",
           highlight={"company:Green:workshops": "", "company:Green:research": ""})
    t.do("pick Body")
    t.snap("**Build body** takes a body tile of the value of the body track, **2**, into a free "
           f"workshop. {rule_link('K7')}", highlight={"company:Green:workshops": ""})
    s = fresh(4)
    research(s, "Green", 2, 3, [("body", 2)])
    t2 = Script(set_chain(s, ["Green"]))
    t2.do("pick Engine")
    t2.snap("**Build engine** takes an engine of the engine track's value, here **3**. An engine "
            "has two possible places: a free workshop, or the **racing car**.",
            highlight={"company:Green:new": "", "company:Green:race": ""})
    t2.do("place on racing car")
    t2.snap("Green puts it on its racing car: the car will now race with engine 3, and the old "
            f"engine 1 goes back to the supply. A racing engine can never go into a car for sale. "
            f"{rule_link('K7')}",
            highlight={"company:Green:race": ""})
    s = fresh(4)
    research(s, "Green", 3, 2, [("body", 1), ("engine", 1), ("engine", 2)])
    t3 = Script(set_chain(s, ["Green"]))
    t3.do("pick Body")
    t3.snap("**Full workshops.** All three of Green's workshops are full. To build the body 3, "
            "Green must first return one of its tiles, body or engine, to the supply. "
            f"{rule_link('K7')}",
            highlight={"company:Green:workshops": "", "company:Green:new": ""})
    t3.do("place replacing engine 1")
    t3.snap("Green returns the engine 1 and builds the body 3 in its place. (Green is also the "
            "first company with a body of 3 in a workshop: an achievement, see below.)",
            highlight={"company:Green:workshops": ""})
    return t.steps + t2.steps + t3.steps


def hiring() -> list[Step]:
    """seed JP: Actions, Hire worker; seed JP: Setup 7d; seed JP: Engineers, Riker, King;
    RULINGS K8 (one worker from the company's supply; Riker's salesman hired back; King one more
    worker); docs/architecture.md point 6 (King with Riker)."""
    s = fresh(4)
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Workers.** Each company has 12 workers: 4 start in its **canteen**, where they are "
           "ready to work, and 8 wait in its **supply**. Workers serve in cars (service) and in "
           "the racing team.", highlight={"company:Green:workers": ""})
    t.do("pick Hire")
    t.snap("**Hire worker** moves one worker from the supply to the canteen: canteen 5, "
           f"supply 7. With an empty supply there is nobody to hire and the action is skipped. "
           f"{rule_link('K8')}",
           highlight={"company:Green:workers": ""})
    s = fresh(4)
    give_engineer(s, "Green", "Riker")
    give_engineer(s, "Green", "King")
    s.companies[co(s, "Green")].salesman = "supply"  # he came back from a car sold last round
    t2 = Script(set_chain(s, ["Green"]))
    t2.snap("**The salesman.** The engineer **Riker** brings a company its *salesman*, who "
            "counts as 3 workers in a car. When that car sells he goes back to the supply. "
            f"Green also has **King**, who adds one worker to every hire. {rule_link('K8')}",
            highlight={"company:Green:workers": "",
                       "company:Green:engineers": ""})
    t2.do("pick Hire")
    t2.snap("Green chooses Hire: it may hire an ordinary worker or take its salesman back.",
            highlight={"company:Green:workers": ""})
    t2.do("hire salesman")
    t2.snap("Green hires the salesman back to its canteen, and King brings one more worker.",
            highlight={"company:Green:workers": ""})
    return t.steps + t2.steps


def attract_buyer() -> list[Step]:
    """seed JP: Actions, Attract buyer, example (Attract buyer); RULINGS K9: Green takes the
    body buyer and its white marker of value 2 and places it on active space 2."""
    s = fresh(4)
    set_active(s, ["engine", None, None, None])
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Attract a buyer.** One buyer (engine preference) is already active, on space 1. "
           "A white price marker worth **2** lies beside the body buyers: nobody has taken a "
           "body buyer this round.", highlight={"buyer:1": "engine", "stack:body": "white 2"})
    t.do("pick Attract")
    t.snap("Green chooses the **Attract buyer** tile and picks a stack of available buyers.",
           highlight={"stacks": "which buyer?"})
    t.do("attract body")
    t.snap("Green takes a **body** buyer. It returns the white marker and gains **2** reputation "
           f"points, and places the buyer on **space 2**, the topmost empty active space. "
           f"{rule_link('K9')}",
           highlight={"buyer:2": "body", "stack:body": "marker taken", "company:Green:rep": "+2"})
    return t.steps


def market_marker() -> list[Step]:
    """seed JP: Actions, Attract buyer; seed JP: Action phase 1; RULINGS K3, K4 (every active
    space full: no buyer, the market marker moves down; at 0 the action phase ends after the
    turn, market step included); seed JP: Placing a car 9."""
    s = fresh(4)
    set_active(s, ["body", "engine", "service", "price"])
    _ready(s, "Green")
    t = Script(set_chain(s, ["Green"]))
    t.snap("**The market marker.** All four active buyer spaces are full, and the market marker "
           "stands on **1**. The round's action phase ends when the sixth car reaches the "
           f"market *or* this marker reaches 0. {rule_link('K3')}",
           highlight={"buyers": "", "market-marker": "on 1"})
    t.do("pick Attract")
    t.snap("Green takes **Attract buyer** anyway. There is no room for a buyer, so instead the "
           "market marker moves down to **0**. The round ends, but only after Green's turn: "
           f"Green may still place a car. {rule_link('K4')}",
           highlight={"market-marker": "down to 0"})
    t.do("pass")
    t.snap("Green **passes** (places no car). The action phase is over: the round is scored "
           "(see *Round scoring*) and round 2 begins, the marker back on 1.",
           highlight={"market-marker": "back to 1", "chart": "round 2 prices"})
    return t.steps


def grand_prix() -> list[Step]:
    """seed JP: Grand Prix 2, example (Grand Prix); RULINGS K10: Green's engine 2 car leaves the
    pit lane, passes Blue's car on space 2 without counting it and ends on space 3."""
    s = fresh(4)
    racing(s, "Green", engine=2, progress=0)
    racing(s, "Blue", engine=1, progress=2)
    t = Script(set_chain(s, ["Green"]))
    t.snap("**The Grand Prix.** Green's racing car is in the pit lane with an engine of value "
           "**2**. Blue's car stands on space **2** of the circuit.",
           highlight={"car:Green": "", "car:Blue": "space 2"})
    t.do("pick GrandPrix")
    t.snap("Green chooses the Grand Prix tile. Before the race it may move workers from its "
           "canteen to its racing team (see the next section). It adds none.",
           highlight={"in-play": "", "company:Green:race": ""})
    t.do("team 0")
    t.snap("Green's car moves **2** spaces: it counts space 1, passes Blue on space 2 without "
           f"counting it, and ends on **space 3**. {rule_link('K10')}",
           highlight={"car:Green": "space 3", "car:Blue": ""})
    return t.steps


def racing_team() -> list[Step]:
    """seed JP: Grand Prix 1-3; RULINGS K10 (team spaces of 1, 2 and 3 workers, filled left to
    right; +1 per full space; team workers stay all game), K11 (other moves get no bonus)."""
    s = fresh(4)
    racing(s, "Green", engine=1, progress=11)
    t = Script(set_chain(s, ["Green"]))
    t.snap("**The racing team.** Green's car, with its engine 1, stands on space 11, just before "
           "the finish line. Its racing team is empty.",
           highlight={"car:Green": "space 11", "company:Green:race": ""})
    t.do("pick GrandPrix")
    t.snap("Before racing, Green may put canteen workers into its team. The team has spaces for "
           "1, 2 and 3 workers, filled left to right; each **full** space adds 1 to every Grand "
           f"Prix move for the rest of the game. {rule_link('K10')}",
           highlight={"company:Green:workers": ""})
    t.do("team 3")
    t.snap("Green adds 3 workers: the first two spaces are full, so the car moves 1 + 2 = **3** "
           "spaces, crosses the finish line (**1 lap**) and ends on space 2. The first lap of "
           "the game is also an achievement (+3). The workers stay in the team. "
           f"{rule_link('K10', 'K23')}",
           highlight={"car:Green": "1 lap", "company:Green:race": "",
            "company:Green:rep": "+3 first lap"})
    return t.steps


def recruit_options() -> list[Step]:
    """seed JP: Actions, Recruit; seed JP: Recruit tiles a-c; RULINGS K11, K12 (one option:
    a face-up recruit tile, 2 workers, or the racing car 3 spaces)."""
    s = fresh(4)
    recruit_row(s, "Riker", "Winton", "Ford", "Durant", "Sell7", "SwapBuyer")
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Recruit.** The Recruit tile gives **one** of three options: take a face-up "
           "recruit tile, take 2 workers, or drive the racing car 3 spaces. There are three "
           f"kinds of recruit tile: engineers, investors and immediate benefits. "
           f"{rule_link('K12')}", highlight={"recruit": ""})
    t.do("pick Recruit", "recruit workers")
    t.snap("Green takes **2 workers** from its supply into its canteen.",
           highlight={"company:Green:workers": ""})
    s = t.s
    t.s = set_chain(s, ["Blue"])
    t.do("pick Recruit", "recruit move")
    t.snap("Blue drives its racing car **3 spaces** (skipping occupied spaces, with no team "
           f"bonus). {rule_link('K11')}", highlight={"car:Blue": "3 spaces"})
    t.s = set_chain(t.s, ["Red"])
    t.do("pick Recruit", "recruit Riker")
    t.snap("Red takes the engineer **Riker**: the tile goes under its board with one engineer "
           "token, and Red's salesman comes to its canteen (the other companies' salesmen leave "
           "the game). A new tile is turned face up only at the next round's preparation. "
           f"{rule_link('K12')}",
           highlight={"company:Red:engineers": "", "company:Red:tokens": "",
            "company:Red:workers": ""})
    return t.steps


def engineers() -> list[Step]:
    """seed JP: Recruit tiles a; seed JP: Engineers 1-5; RULINGS K5, K8, K10, K13, K14, K20,
    K21 (what each engineer does)."""
    s = fresh(4)
    recruit_row(s, "Winton", "Chevrolet", "Ford", "Durant", "Sell7", "SwapBuyer")
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Engineers.** Every engineer brings an engineer token (for Research) and one lasting "
           "ability. Winton, Christie, Packard, Buick and Kettering also bring *technology "
           "markers*; Riker brings the salesman, King extra workers, Brayton triple pay from "
           "price buyers, Chevrolet one more space in every Grand Prix.",
           highlight={"recruit:Winton": "", "recruit:Chevrolet": ""})
    t.do("pick Recruit", "recruit Winton")
    t.snap("Green recruits **Winton**: one engineer token and two technology markers, *engine "
           "+1* and *engine +2*, each to put on one car later.",
           highlight={"company:Green:engineers": "", "company:Green:tokens": "",
            "company:Green:tech": ""})
    t.s = set_chain(t.s, ["Blue"])
    t.do("pick Recruit", "recruit Chevrolet")
    t.snap("Blue recruits **Chevrolet**, whose ability lasts all game. (The first company with "
           "three engineers also scores an achievement, +7.)",
           highlight={"company:Blue:engineers": "", "company:Blue:tokens": ""})
    t.s = set_chain(t.s, ["Blue"])
    t.do("pick GrandPrix", "team 0")
    t.snap("In its next Grand Prix, Blue's car with its engine 1 moves **2** spaces: one for the "
           f"engine and one more for Chevrolet. {rule_link('K10')}",
           highlight={"car:Blue": "1 + 1 spaces"})
    return t.steps


def investors() -> list[Step]:
    """seed JP: Recruit tiles b1-b6; seed JP: Investors; RULINGS K14, K16 (the token goes on an
    own car without one; the investor joins the investor track and buys after the buyers)."""
    s = fresh(4)
    recruit_row(s, "Winton", "Riker", "Ford", "Durant", "Sell7", "SwapBuyer")
    put_car(s, "Green", 3, 3, 1, 8)
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Investors.** Green has a car on the market. The investors **Ford** (wants an "
           "engine of at least 3) and **Durant** (buys anything) are face up.",
           highlight={"recruit:Ford": "", "recruit:Durant": "", "slot:1": "Green's car"})
    t.do("pick Recruit", "recruit Ford")
    t.snap("Green recruits **Ford**: the tile comes with an *investment token*. Green may use "
           f"it now or in any later turn, before or after an action. {rule_link('K5')}",
           highlight={"company:Green:investors": ""})
    t.do("invest Ford in car 1")
    t.snap("Green puts the token on its car (a *free action*). Ford goes to the **investor "
           "track**: at scoring it buys the cheapest car it accepts, after the buyers. A car "
           "with a token that is sold stays on the market and can sell again. "
           f"{rule_link('K15', 'K16')}",
           highlight={"slot:1": "investment token", "investors": "Ford buys at scoring"})
    return t.steps


def benefits() -> list[Step]:
    """seed JP: Recruit tiles c; seed JP: Immediate benefits; RULINGS K11, K18 (sell for 7/5:
    exactly that, no multiplier), K19 (buyer swap, white markers as K9)."""
    s = fresh(4)
    recruit_row(s, "Winton", "Riker", "Ford", "Durant", "Sell7", "SwapBuyer")
    put_car(s, "Green", 2, 2, 1, 3)
    put_car(s, "Green", 3, 1, 1, 5)
    set_active(s, ["engine", "service", None, None])
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Immediate benefits** happen at once, then the tile leaves the game: sell a car "
           "for 7 or 5, swap a buyer, build an engine 3, drive the car 5 spaces, or take 3 "
           "workers.", highlight={"recruit:Sell7": "", "recruit:SwapBuyer": ""})
    t.do("pick Recruit", "recruit Sell7")
    t.snap("Green takes **sell a car for 7** and chooses which of its two cars to sell.",
           highlight={"slot:1": "this one?", "slot:2": "or this one?"})
    t.do("sell car 1")
    t.snap("Its first car sells for exactly **7** points (more than its price of 3) and leaves "
           f"the market; its worker goes back to Green's supply. {rule_link('K18')}",
           highlight={"slot:1": "sold", "company:Green:rep": "+7"})
    t.s = set_chain(t.s, ["Blue"])
    t.do("pick Recruit", "recruit SwapBuyer")
    t.snap("Blue takes the **buyer swap**: it exchanges one active buyer for an available one.",
           highlight={"buyers": "", "stacks": "which one?"})
    t.do("swap buyer 1 for body")
    t.snap("Blue swaps the engine buyer on space 1 for a body buyer, and takes the white 2 "
           f"beside the body stack, as with Attract buyer. {rule_link('K19')}",
           highlight={"buyer:1": "now body", "company:Blue:rep": "+2"})
    return t.steps


def placing_a_car() -> list[Step]:
    """seed JP: Placing a car 1-9, example; RULINGS K3, K13: body 4, engine 4, one worker plus
    the salesman (service 1 + 3 = 4) and the price marker 8, with three cars already on sale."""
    s = fresh(4)
    for owner, price in (("Blue", 1), ("Red", 2), ("Orange", 3)):
        put_car(s, owner, 2, 2, 1, price)
    give_engineer(s, "Green", "Riker")
    research(s, "Green", 4, 4, [("body", 4), ("engine", 2), ("engine", 4)])
    workers(s, "Green", canteen=1)
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Placing a car.** Three cars are already on the market. Green has a body 4 and an "
           "engine 4 in its workshops, one worker in its canteen and, thanks to the engineer "
           "Riker, its salesman.",
           highlight={"market": "", "company:Green:workshops": ""})
    t.do("pick Research", "research body")
    t.snap("After its action (here Research) comes the optional second step of the turn: "
           f"place a car on the market. {rule_link('K3')}", highlight={"slot:4": "a free space"})
    t.do("car body 4")
    t.snap("Green starts the car with its **body 4** from a workshop.",
           highlight={"slot:4": "body 4", "company:Green:workshops": ""})
    t.do("car engine 4")
    t.snap("Then the **engine 4**, also from a workshop (never the racing car's engine).",
           highlight={"slot:4": "engine 4"})
    t.do("car workers 1 with salesman")
    t.snap("Its service team is **one worker plus the salesman**, who counts as 3 workers: "
           f"service 1 + 3 = **4**. {rule_link('K13')}",
           highlight={"slot:4": "service 4", "company:Green:workers": ""})
    t.do("car price 8")
    t.snap("Green takes the price marker **8** from the chart: the points the car earns when it "
           "sells. Four cars are on the market now; only **two** spaces remain, and when the "
           f"sixth car arrives the action phase ends. {rule_link('K3')}",
           highlight={"slot:4": "price 8", "chart": "8 taken"})
    return t.steps


def technology() -> list[Step]:
    """seed JP: Placing a car 6; seed JP: Engineers 4-5 (Christie, Packard, Kettering); RULINGS
    K5 (free actions; one technology marker per step), K13, K14 (Packard), K20 (Kettering)."""
    s = fresh(4)
    give_engineer(s, "Green", "Christie")
    give_engineer(s, "Green", "Packard")
    give_investor(s, "Green", "Durant")
    _ready(s, "Green", body=3, engine=3)
    set_active(s, ["body", "engine", None, None])
    t = Script(set_chain(s, ["Green"]))
    t.snap("**Technology markers.** Green's engineers Christie and Packard gave it four "
           "technology markers: *body +1*, *body +2* (for a car's body) and *buyer +2*, "
           "*buyer +4* (for a buyer). A company may use **one** marker in each step of its "
           f"turn: one in the action step, one in the car step. {rule_link('K5')}",
           highlight={"company:Green:tech": ""})
    t.do("packard +2 at buyer 1")
    t.snap("Before choosing its tile, Green puts **buyer +2** beside buyer 1, a *free action*: "
           "whoever sells a car to that buyer gains 2 more points. That was this step's "
           f"technology marker. {rule_link('K5', 'K14')}",
           highlight={"buyer:1": "+2 for the seller", "company:Green:tech": ""})
    t.do("pick Hire", "car body 3", "car workers 1", "car price 9")
    t.snap("After hiring, Green builds a car: body 3, engine 3 (its only engine, so taken at "
           "once), one worker, price 9. The car "
           "step is a new step, so one more marker is allowed.",
           highlight={"slot:1": "being built"})
    t.do("car tech body+2")
    t.snap("Green adds **body +2**: the car's body counts 5. A car carries at most one marker; "
           f"it goes to the box when the car leaves the market. {rule_link('K13', 'K15')}",
           highlight={"slot:1": "body 3 + 2"})
    t.do("end turn")
    t.snap("Green could now also put an investment token on the car (its investor Durant's), but "
           "keeps it for later and **ends its turn**.",
           highlight={"company:Green:investors": "", "chain": ""})
    s = fresh(4)
    give_engineer(s, "Green", "Kettering")
    research(s, "Green", 4, 4, [("engine", 4)])
    put_car(s, "Green", 3, 2, 1, 5)
    t2 = Script(set_chain(s, ["Green"]))
    t2.snap("**Kettering's swap markers** change one part of one of your cars on the market: "
            "its body or engine for one in your workshops, its price for one on the chart, or "
            "its workers.", highlight={"slot:1": "engine 2", "company:Green:workshops": ""})
    t2.do("kettering car 1 engine 4")
    t2.snap("Green swaps the car's engine 2 for the engine 4 from its workshop (the engine 2 "
            f"goes to the workshop), as a free action, and spends one swap marker. "
            f"{rule_link('K20')}",
            highlight={"slot:1": "engine 4", "company:Green:tech": ""})
    return t.steps + t2.steps


def achievements() -> list[Step]:
    """seed JP: Achievements 1-4; RULINGS K23 (scored at once, first company only; workshop
    tiles only)."""
    s = fresh(4)
    research(s, "Green", 3, 2)
    research(s, "Blue", 3, 2)
    t = Script(set_chain(s, ["Green", "Blue"]))
    t.snap("**Achievements.** Ten achievement tiles give points to the **first** company that "
           "meets each: first lap (3), two laps (7), second buyer of a preference (3), two cars "
           "placed (3), body 3 and 6, engine 4 and 7 in a workshop (3 or 7), no workers left "
           "in the supply (7), three engineers (7).", highlight={"achievements": "all open"})
    t.do("pick Body")
    t.snap("Green builds a body 3 in a workshop: it is first to have a body of 3, so it takes "
           f"the achievement and **3** points at once. {rule_link('K23')}",
           highlight={"achievement:Body3": "", "company:Green:rep": "+3"})
    t.do("pick Body")
    t.snap("Blue builds a body 3 too, but the achievement is gone: **no points** for the "
           "second company.",
           highlight={"company:Blue:workshops": "", "company:Blue:rep": "+0"})
    return t.steps


# --- scoring, rounds and the end -------------------------------------------------------------
def _scoring_position() -> State:
    """The last turn of a round: Green holds Buick; the cars have raced (seed JP: Scoring)."""
    s = fresh(4)
    give_engineer(s, "Green", "Buick")
    racing(s, "Green", engine=2, progress=14)
    racing(s, "Blue", engine=2, progress=9)
    racing(s, "Red", engine=1, progress=9 + 0)
    racing(s, "Orange", engine=1, progress=0)
    s.companies[co(s, "Red")].progress = 5
    put_car(s, "Blue", 4, 2, 1, 6)
    put_car(s, "Red", 2, 4, 2, 8)
    set_active(s, ["body", "engine", "service", "price"])
    return set_chain(s, ["Green"])


def scoring() -> list[Step]:
    """seed JP: Scoring phase 1, A1-A4, B1-B12; RULINGS K21 (Buick's buyer first), K22 (places
    7/4/2 and lap points; then every car back to the pit lane), K14, K15."""
    t = Script(_scoring_position())
    t.do("pick Attract")
    s = t.s
    green = co(s, "Green")
    t.snap("**Round scoring.** Green's Attract buyer found every space full, so the market "
           "marker fell to 0 and the action phase is over. The scoring phase starts with "
           "**Buick's extra buyer**: Green, which has Buick, may add one buyer, once per game. "
           f"{rule_link('K21')}",
           highlight={"buick": "Green decides", "market-marker": "0"})
    race = s.clone(history=False)
    rules._apply_buick_choice(race, green, 0)  # what "buick body" does first (RULINGS K21)
    race.events = []
    t.snap("Green places a **body** buyer below the track. Then the **Grand Prix** is scored, "
           "from the race as it stands: more laps first, then fewer spaces to the finish line. "
           "1st scores 7, 2nd 4, 3rd 2, and each car scores for its laps (1 lap: 1 point). "
           f"{rule_link('K22')}",
           highlight={"buick": "body", "car:Green": "1st: 1 lap", "car:Blue": "2nd",
            "car:Red": "3rd", "car:Orange": ""},
           banner="Scoring, part A: the Grand Prix (places 7, 4, 2 and points for laps)",
           state=race)
    gp = race.clone(history=False)
    before = gp.scores()
    rules.score_grand_prix(gp)
    t.snap("Green gains 7 + 1 = **8**, Blue **4**, Red **2**, Orange nothing. Then every car "
           "goes back to the pit lane (outlined) for next round's race (the team stays).",
           highlight={**{f"company:{n}:rep": f"+{a - b}" for n, a, b in
               zip(s.cfg.companies, gp.scores(), before, strict=True)},
            "pit": ""},
           banner="Scoring, part A: the Grand Prix (places 7, 4, 2 and points for laps)",
           state=gp)
    sold = gp.clone(history=False)
    before = sold.scores()
    rules.score_sales(sold)
    t.snap("Then the **sales**: buyer 1 (body) takes Blue's body 4 for 6, buyer 2 (engine) Red's "
           "engine 4 for 8; nothing is left for the service and price buyers or for Buick's "
           "buyer.",
           highlight={**{f"company:{n}:rep": f"+{a - b}" for n, a, b in
               zip(s.cfg.companies, sold.scores(), before, strict=True) if a != b},
            "buyers": ""},
           banner="Scoring, part B: sales (active buyers 1-4, Buick's buyer, investors)",
           state=sold)
    t.do("buick body")
    t.snap("Unsold cars leave, the buyers return to their stacks, and **round 2** is prepared: "
           "new price markers and white markers, recruit tiles topped up to two of each kind.",
           highlight={"chart": "round 2", "market": "", "stacks": ""})
    return t.steps


def _sales_position() -> State:
    """The market of the sales example, the round's action phase over (seed JP: Scoring B)."""
    s = fresh(4)
    put_car(s, "Orange", 2, 2, 4, 6)
    put_car(s, "Green", 3, 4, 1, 8, investor="Ford")
    put_car(s, "Red", 2, 4, 2, 9)
    put_car(s, "Blue", 5, 3, 1, 10)
    set_active(s, ["service", "engine", "body", None])
    return set_chain(s, ["Green"])


def _after_buyers(position: State, served: int, investors: bool) -> State:
    """``position`` after its first ``served`` active buyers (and, if asked, the investors)
    have bought, by the engine's own sales rule (``rules.score_sales``). The buyers who have
    not bought yet are hidden only while the rule runs, so the board still shows them."""
    s = position.clone(history=False)
    active, track = s.active, s.investor_track
    s.active = active[:served] + (-1,) * (len(active) - served)
    if not investors:
        s.investor_track = ()
    rules.score_sales(s)
    s.active, s.investor_track = active, track
    return s


def sales() -> list[Step]:
    """seed JP: Scoring phase B, example (sales); RULINGS K14, K15, K16: Orange sells for 6,
    Green for 8 (the lower price breaks the engine tie; the token goes back and the car stays),
    Blue for 10; then investor Ford buys Green's car again."""
    s = _sales_position()
    t = Script(s)
    banner = "Scoring, part B: sales"
    t.snap("**Sales.** The round is being scored. Active buyers: 1 service, 2 engine, 3 body. "
           "Green's car carries an **investment token** (from the investor Ford, now on the "
           "investor track).", highlight={"buyers": "", "slot:2": "token", "investors": "Ford"},
           banner=f"{banner}: the market before the buyers")
    t.snap("Buyer 1 (service) takes **Orange's** car, the best service with 4 workers: "
           "Orange gains **6**.", highlight={"buyer:1": "service", "slot:1": "sold for 6"},
           banner=f"{banner}: buyer 1 (service) buys Orange's car for 6",
           state=_after_buyers(s, 1, False))
    t.snap("Buyer 2 (engine): Green's and Red's cars both have engine 4; the buyer takes "
           f"the lower price, **Green's** car: Green gains **8**. {rule_link('K14')} The car "
           "carried a token, so the token goes back to the supply and the car **stays** on the "
           f"market. {rule_link('K15')}",
           highlight={"buyer:2": "engine", "slot:2": "sold for 8, stays",
                      "slot:3": "engine 4, price 9"},
           banner=f"{banner}: buyer 2 (engine) buys Green's car for 8",
           state=_after_buyers(s, 2, False))
    t.snap("Buyer 3 (body) takes **Blue's** car with body 5: Blue gains **10**.",
           highlight={"buyer:3": "body", "slot:4": "sold for 10"},
           banner=f"{banner}: buyer 3 (body) buys Blue's car for 10",
           state=_after_buyers(s, 3, False))
    t.snap("Then the investors buy. Ford wants an engine of at least 3 and takes the "
           f"cheapest such car: Green's car again, for another **8** (16 in all). "
           f"{rule_link('K16')}",
           highlight={"investors": "Ford buys", "slot:2": "sold again for 8",
                      "company:Green:rep": ""},
           banner=f"{banner}: investor Ford buys Green's car for 8",
           state=_after_buyers(s, 3, True))
    return t.steps


def two_players() -> list[Step]:
    """seed JP: Two players 1-5; RULINGS K30 (market marker on 2, two random start tiles,
    active space 4 blocked, neutral cars on circuit spaces 3 and 6)."""
    s = kwcore.new_game(players=2, seed=0)
    t = Script(s)
    t.snap("**Two players.** Every rule holds, with four changes. Only **two** of the four start "
           "tiles are offered, chosen at random, one for each company: they are drawn in the "
           f"middle of the action chain. {rule_link('K30')}",
           highlight={"start-offer": ""})
    while s.decision() == "choose_start":
        t.do(str(s.legal_actions()[0]))
    t.snap("There are only **3** active buyer spaces, and the market marker starts each round "
           f"on **2**, so the round can last longer. {rule_link('K30')}",
           highlight={"buyers": "", "market-marker": ""})
    t.snap("Two **neutral cars** stand on circuit spaces 3 and 6 all game. They never move and "
           "never score, but they are skipped like any car and count in the Grand Prix "
           f"ranking. {rule_link('K30')}", highlight={"car:neutral": ""})
    return t.steps


def game_end(seed: int = 3) -> list[Step]:
    """seed JP: Game end 1-4; RULINGS K24 (most reputation; tie: most engineer tiles; still
    tied: a shared win). A seeded 4-company game played by greedy bots."""
    s = kwcore.new_game(players=4, seed=seed)
    players = [bots.make_bot("greedy", seed=seed + p) for p in range(s.players)]
    while s.round < 3:
        s.apply(players[s.current_player].choose(s))
    t = Script(s)
    t.snap("**The last round.** Round 3 has begun, with the blue price markers 3, 4, 6, 8, 10, "
           "12, 14, 15: the best prices of the game.", highlight={"chart": "round 3 prices"})
    while not s.is_terminal():
        s.apply(players[s.current_player].choose(s))
    out = s.outcome()
    assert out is not None
    winners = " and ".join(s.cfg.companies[w] for w in out.winners)
    t.snap(f"**Game end.** After round 3's scoring the game is over. **{winners}** has the most "
           f"reputation points and wins. On a tie, the tied company with more engineer tiles "
           f"wins; if still tied, they share the win. {rule_link('K24')}",
           highlight={f"company:{n}:rep": "" for n in s.cfg.companies})
    return t.steps


SECTIONS: dict[str, Callable[[], list[Step]]] = {
    "Round structure": round_structure,
    "The warm-up: start tiles": warm_up,
    "Turn order on the chain": turn_order,
    "Research": research_tracks,
    "Building bodies and engines": building,
    "Hire: workers and the salesman": hiring,
    "Attracting a buyer": attract_buyer,
    "The market marker": market_marker,
    "The Grand Prix": grand_prix,
    "The racing team": racing_team,
    "Recruit": recruit_options,
    "Engineers": engineers,
    "Investors": investors,
    "Immediate benefits": benefits,
    "Placing a car": placing_a_car,
    "Technology markers and free actions": technology,
    "Achievements": achievements,
    "Round scoring": scoring,
    "Sales and the investment token": sales,
    "Two players": two_players,
    "Game end": game_end,
}
"""The tour's sections in reading order: title -> scene builder."""
