"""The rules tour: each rule of Kraftwagen shown on the board, step by step.

Each function returns one section of the tour as a list of ``(caption, state)`` scenes, ready for
``kwwidgets.Stepper``. Captions are Markdown. The states are built with kwcore: a small
position is set up with the shared builders (``solvers.positions``, ``solvers.make_puzzles``),
then the rule happens through real actions (``State.apply``), so the board of each scene is
what the engine does, not a drawing of it. The sections reproduce the worked examples of the
seed (docs/rules.md, "Example" paragraphs) with the numbers of the rule text.

Every scene holds its own copy of the state (``clone(history=False)``): stepping back and forth
never changes another scene.
"""

from __future__ import annotations

from collections.abc import Callable

import kwcore
from kwcore import bots, rules
from kwcore.state import State
from solvers.positions import (
    fresh,
    give_engineer,
    put_car,
    racing,
    research,
    set_active,
    set_chain,
    workers,
)

Scene = tuple[str, State]


def _snap(caption: str, state: State) -> Scene:
    """One scene: the caption and an independent copy of the state as it is now."""
    return caption, state.clone(history=False)


def round_structure(seed: int = 0) -> list[Scene]:
    """The shape of a game: setup and preparation, the warm-up, the action phase, scoring,
    three rounds (seed JP: Setup, Warm-up, Preparation phase, Action phase, Scoring phase,
    Game end). The game is a seeded 4-company game played by random bots."""
    s = kwcore.new_game(players=4, seed=seed)
    scenes = [_snap(
        "**A new game for four companies.** The 11 action tiles and the four company markers "
        "form the *action chain* on the gear. First comes the warm-up: each company chooses "
        "one start tile, in reverse turn order.", s)]
    while s.decision() == "choose_start":
        s.apply(s.legal_actions()[0])
    scenes.append(_snap(
        "**Round 1, preparation.** The orange price markers 1, 2, 3, 5, 6, 8, 9, 10 are on "
        "the price chart, a white marker worth 2 lies beside the body buyers and a white 1 "
        "beside each other kind of buyer, and two recruit tiles of each kind are face up. "
        "The action phase begins: the company whose marker is at the *tail* of the chain "
        "plays.", s))
    players = [bots.make_bot("random", seed=seed + p) for p in range(s.players)]
    while s.round == 1:
        s.apply(players[s.current_player].choose(s))
    scenes.append(_snap(
        "**Round 2.** Round 1 ended when the sixth car reached the market or the market "
        "marker reached 0; then came scoring: first the Grand Prix, then sales. Round 2 is "
        "prepared with the purple price markers 2, 3, 5, 6, 8, 9, 11, 12; new white markers are "
        "stacked on any left over from round 1.", s))
    while not s.is_terminal():
        s.apply(players[s.current_player].choose(s))
    scenes.append(_snap(
        "**Game end.** After the scoring phase of round 3 the game is over; the company "
        "with the most reputation points wins.", s))
    return scenes


def turn_order() -> list[Scene]:
    """seed JP: Action phase, example (turn order); RULINGS K1: Green, at the tail, picks the
    Grand Prix tile next to it and so plays again, this time the Grand Prix + Attract tile."""
    s = set_chain(fresh(4), ["Green", "GrandPrix", "Orange", "Blue", "Red"])
    scenes = [_snap(
        "**Whose turn is it?** Green's marker is at the tail of the chain (the end farthest "
        "back), so Green plays. The tile just ahead of it is the Grand Prix tile.", s)]
    s.apply("pick GrandPrix")
    scenes.append(_snap(
        "Green chooses the **Grand Prix** tile. Its marker moves onto that tile's space and "
        "the tile is *in play*. First Green may add workers to its racing team.", s))
    s.apply("team 0")
    scenes.append(_snap(
        "Green's car raced, and the tile went to the **head** of the chain. Green's marker "
        "took the tile's place, so it is *still* farthest back: **Green plays again**.", s))
    s.apply("pick GrandPrix+Attract")
    scenes.append(_snap(
        "This time Green chooses the tile showing **Grand Prix and Attract buyer**. On a tile "
        "with several actions, Green chooses the order.", s))
    return scenes


def attract_buyer() -> list[Scene]:
    """seed JP: Actions, example (Attract buyer); RULINGS K9: Green takes the body buyer and its
    white marker of value 2 and places it on active space 2."""
    s = fresh(4)
    set_active(s, ["engine", None, None, None])
    s = set_chain(s, ["Green"])
    scenes = [_snap(
        "**Attract a buyer.** One buyer (engine preference) is already active, on space 1. "
        "A white price marker worth **2** lies beside the body buyers: nobody has taken a "
        "body buyer this round.", s)]
    s.apply("pick Attract")
    scenes.append(_snap("Green chooses the **Attract buyer** tile.", s))
    s.apply("attract body")
    scenes.append(_snap(
        "Green takes a **body** buyer. It returns the white marker and gains **2** reputation "
        "points, and places the buyer on **space 2**, the topmost empty active space.", s))
    return scenes


def grand_prix() -> list[Scene]:
    """seed JP: Grand Prix 2, example (Grand Prix); RULINGS K10: Green's engine 2 car leaves the
    pit lane, passes Blue's car on space 2 without counting it and ends on space 3."""
    s = fresh(4)
    racing(s, "Green", engine=2, progress=0)
    racing(s, "Blue", engine=1, progress=2)
    s = set_chain(s, ["Green"])
    scenes = [_snap(
        "**The Grand Prix.** Green's racing car is in the pit lane with an engine of value "
        "**2**. Blue's car stands on space **2** of the circuit.", s)]
    s.apply("pick GrandPrix")
    scenes.append(_snap(
        "Green chooses the Grand Prix tile. Before the race it may move workers from its "
        "canteen to its racing team (each full team space adds 1 to every later move).", s))
    s.apply("team 0")
    scenes.append(_snap(
        "Green's car moves **2** spaces: it counts space 1, passes Blue on space 2 without "
        "counting it, and ends on **space 3**.", s))
    return scenes


def placing_a_car() -> list[Scene]:
    """seed JP: Placing a car, example; RULINGS K13: body 4, engine 4, one worker plus the
    salesman (service 1 + 3 = 4) and the price marker 8, with three cars already on sale."""
    s = fresh(4)
    for owner, price in (("Blue", 1), ("Red", 2), ("Orange", 3)):
        put_car(s, owner, 2, 2, 1, price)
    give_engineer(s, "Green", "Riker")
    research(s, "Green", 4, 4, [("body", 4), ("engine", 2), ("engine", 4)])
    workers(s, "Green", canteen=1)
    s = set_chain(s, ["Green"])
    scenes = [_snap(
        "**Placing a car.** Three cars are already on the market. Green has a body 4 and an "
        "engine 4 in its workshops, one worker in its canteen and, thanks to the engineer "
        "Riker, its salesman.", s)]
    s.apply("pick Research")
    s.apply("research body")
    scenes.append(_snap(
        "After its action (here Research) comes the optional second step of the turn: "
        "place a car on the market.", s))
    s.apply("car body 4")
    s.apply("car engine 4")
    scenes.append(_snap("Green builds the car from its **body 4** and **engine 4**.", s))
    s.apply("car workers 1 with salesman")
    scenes.append(_snap(
        "Its service team is **one worker plus the salesman**, who counts as 3 workers: "
        "service 1 + 3 = **4**.", s))
    s.apply("car price 8")
    scenes.append(_snap(
        "Green takes the price marker **8** from the chart. Four cars are on the market now; "
        "only **two** spaces remain.", s))
    return scenes


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


def sales() -> list[Scene]:
    """seed JP: Scoring phase B, example (sales); RULINGS K14, K15, K16: Orange sells for 6,
    Green for 8 (the lower price breaks the engine tie; the token goes back and the car stays),
    Blue for 10; then investor Ford buys Green's car again."""
    s = _sales_position()
    return [
        _snap("**Sales.** The round is being scored. Active buyers: 1 service, 2 engine, "
              "3 body. Green's car carries an **investment token** (from the investor Ford, "
              "now on the investor track).", s),
        _snap("Buyer 1 (service) takes **Orange's** car, the best service with 4 workers: "
              "Orange gains **6**.", _after_buyers(s, 1, False)),
        _snap("Buyer 2 (engine): Green's and Red's cars both have engine 4; the buyer takes "
              "the lower price, **Green's** car: Green gains **8**. The car carried a token, "
              "so the token goes back to the supply and the car **stays** on the market.",
              _after_buyers(s, 2, False)),
        _snap("Buyer 3 (body) takes **Blue's** car with body 5: Blue gains **10**.",
              _after_buyers(s, 3, False)),
        _snap("Then the investors buy. Ford wants an engine of at least 3 and takes the "
              "cheapest such car: Green's car again, for another **8** (16 in all).",
              _after_buyers(s, 3, True)),
    ]


SECTIONS: dict[str, Callable[[], list[Scene]]] = {
    "Round structure": round_structure,
    "Turn order on the chain": turn_order,
    "Attracting a buyer": attract_buyer,
    "The Grand Prix": grand_prix,
    "Placing a car": placing_a_car,
    "Sales and the investment token": sales,
}
"""The tour's sections in reading order: title -> scene builder."""
