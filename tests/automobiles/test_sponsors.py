"""The sponsors of a season (AU-26, AU-79..AU-84, RA7; ``season=N, sponsors=True``): players + 1
dealt by chance between races, chosen in finishing order (take one, or keep the last and
discard one), each effect at the tier of the place (top for the winner, bottom for the last,
middle for the others) as atomic decisions; the seed's examples Sponsor E1 8 and Sponsor F2 $6;
the conformance checks on seasons with sponsors; positions and their malformed fields."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

import pytest

import automobiles
from automobiles import serialize, sponsors
from automobiles.config import CUBES, WEAR, WHITE, config_for
from automobiles.game import GAME
from automobiles.state import State
from gamecore.errors import IllegalActionError, PositionError
from tests.gamecore import test_conformance as conformance

IDS = {k.id: k.index for k in config_for(2).sponsors}


def _break(players: int = 4, seed: int = 0, race: int = 0) -> State:
    """An explicit-chance season with sponsors played at random until the break after race
    ``race`` (0-based) waits for its first sponsor to be dealt."""
    s = automobiles.new_game(players, None, explicit_chance=True, season=3, sponsors=True,
                             laps=1)
    rng = random.Random(seed)
    while not (s.phase == "sponsors" and s.race == race and not s.offer):
        s.apply(rng.choice(s.legal_action_ids()))
    return s


def _deal(s: State, *names: str) -> State:
    """Chance deals the sponsors ``names``, then any others up to players + 1."""
    for n in names:
        s.apply(f"deal sponsor {n}")
    while s.phase == "sponsors":
        s.apply(s.legal_action_ids()[0])
    return s


def _bag(s: State, seat: int, **counts: int) -> State:
    """The position with ``seat``'s bag holding ``counts`` (cube id -> count) of those cubes,
    the difference taken from or given to the stock, loaded through the checked loader."""
    data = json.loads(s.to_json())
    for cube, k in counts.items():
        c = CUBES.index(cube)
        data["stock"][c] -= k - data["bag"][seat][c]
        data["bag"][seat][c] = k
    return serialize.state_from_dict(data)


def _texts(s: State) -> list[str]:
    return [str(a) for a in s.legal_actions()]


def _pass(s: State) -> str:
    """The least a chooser can do: take the first sponsor on offer, else skip or stop buying
    (a free cube, which cannot be skipped, the first one)."""
    texts = _texts(s)
    return next((t for t in ("stop buying", "skip") if t in texts), texts[0])


def _skip_through(s: State) -> None:
    """Skip or stop every choice of the current chooser's effect."""
    seat = sponsors.chooser(s)
    while s.phase == "sponsor" and sponsors.chooser(s) == seat and s.effect:
        s.apply(_pass(s))


# --- the break: dealing, choosing, keeping --------------------------------------------------
def test_after_a_race_not_the_last_chance_deals_players_plus_one_sponsors() -> None:
    s = _break(3, 1)
    assert s.is_chance_node() and s.phase == "sponsors" and s.race == 0
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 18 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    _deal(s)
    assert s.phase == "sponsor" and len(s.offer) == 4
    assert all(not any(pile) for seat in range(3) for pile in
               (s.active[seat], s.used[seat], s.discard[seat]))  # every cube in the bag


def test_the_winner_chooses_first_and_the_others_follow_in_finishing_order() -> None:
    s = _deal(_break(4, 2))
    finishing = s.order  # the next grid: the last race's result, winner on P1 (AU-27)
    seen: list[int] = []
    while s.phase == "sponsor":
        seat = s.current_player
        if not seen or seen[-1] != seat:
            seen.append(seat)
        s.apply(_pass(s))
    assert tuple(seen) == finishing and s.race == 1 and s.order == finishing


def test_the_tier_is_top_for_the_winner_bottom_for_the_last_and_middle_between() -> None:
    s = _deal(_break(4, 3), "A1", "A2", "A3")
    cfg = s.cfg
    _, second, _, last = s.order
    assert [sponsors.tier(s, p) for p in s.order] == ["top", "middle", "middle", "bottom"]
    s.apply("take sponsor A1")
    s.apply("skip")  # no standard removal
    assert s.money == cfg.sponsors[IDS["A1"]].top == 8  # RA7's example A: $4 / $6 / $8
    _skip_through(s)
    s.apply("take sponsor A2")
    s.apply("skip")
    assert s.current_player == second and s.money == cfg.sponsors[IDS["A2"]].middle
    _skip_through(s)
    s.apply(next(t for t in _texts(s) if t != "take sponsor A3"))  # the third
    _skip_through(s)
    assert s.current_player == last
    s.apply("take sponsor A3")
    s.apply("skip")
    assert s.money == cfg.sponsors[IDS["A3"]].bottom


def test_a_player_may_keep_his_sponsor_and_then_must_discard_one_on_offer() -> None:
    s = _deal(_break(3, 4))
    assert "keep sponsor" not in _texts(s)  # nothing to keep after the first race
    while s.race == 0:
        s.apply(_pass(s))
    kept = dict(enumerate(s.sponsors))
    rng = random.Random(4)
    while not (s.phase == "sponsors" and s.race == 1 and not s.offer):
        s.apply(rng.choice(s.legal_action_ids()))
    _deal(s)
    assert not set(s.offer) & set(kept.values())  # a sponsor held is not dealt again
    seat = s.current_player
    assert "keep sponsor" in _texts(s)
    offered = s.offer
    s.apply("keep sponsor")
    assert _texts(s) == [f"discard sponsor {config_for(2).sponsors[k].id}" for k in sorted(offered)]
    with pytest.raises(IllegalActionError, match="AU-26"):
        s.apply("skip")
    s.apply(_texts(s)[0])
    assert len(s.offer) == len(offered) - 1 and s.sponsors[seat] == kept[seat]
    assert s.effect[0] == sponsors.REMOVE  # the kept sponsor acts again, at the new tier


def test_no_sponsors_are_chosen_after_the_last_race() -> None:
    s = automobiles.new_game(2, 8, season=3, sponsors=True, laps=1)
    rng, breaks = random.Random(8), set()
    while not s.is_terminal():
        if s.phase == "sponsor":
            breaks.add(s.race)
        s.apply(rng.choice(s.legal_action_ids()))
    assert breaks == {0, 1} and s.race == 2
    assert sum(line.endswith("synthetic)") and "acts at its" in line
               for line in s.log()) == 4


def test_sponsors_need_a_season_and_are_true_or_false() -> None:
    with pytest.raises(ValueError, match="season"):
        automobiles.new_game(2, 1, sponsors=True)
    with pytest.raises(ValueError, match="sponsors"):
        automobiles.new_game(2, 1, season=3, sponsors=1)  # type: ignore[arg-type]


def test_an_illegal_sponsor_action_names_the_rule_and_changes_nothing() -> None:
    s = _deal(_break(3, 5), "B1")
    missing = next(k.id for k in config_for(2).sponsors if k.index not in s.offer)
    before = s.clone()
    with pytest.raises(IllegalActionError, match="AU-26"):
        s.apply(f"take sponsor {missing}")
    with pytest.raises(IllegalActionError, match="AU-26"):
        s.apply("deal sponsor A1")  # chance's, not a player's
    assert s == before
    race = automobiles.new_game(2, 3, season=3, sponsors=True)
    with pytest.raises(IllegalActionError, match="AU-26"):
        race.apply("take sponsor A1")  # not between races


# --- the effects ----------------------------------------------------------------------------
def test_every_sponsor_begins_with_its_standard_removal_of_up_to_3_cubes() -> None:
    s = _deal(_break(3, 6), "B2")
    seat = s.current_player
    s = _bag(s, seat, white=5, wear=5)
    s.apply("take sponsor B2")
    assert s.effect[:3] == (sponsors.REMOVE, IDS["B2"], 3)
    stock = s.stock[WHITE]
    for _ in range(3):
        s.apply("choose bag white")
    assert s.bag[seat][WHITE] == 2 and s.stock[WHITE] == stock + 3  # to the stock
    assert s.effect[0] == sponsors.EXTRA  # 3 removed: the standard removal is over


def test_sponsor_a_spends_its_money_on_cubes_from_the_stock_and_loses_the_rest() -> None:
    s = _deal(_break(3, 7), "A2")
    cfg = s.cfg
    seat = s.current_player
    s.apply("take sponsor A2")
    s.apply("skip")
    assert s.money == cfg.sponsors[IDS["A2"]].top  # the winner's tier
    cubes, bag, stock = cfg.cubes, s.bag[seat], s.stock
    costly = max((a.cube for a in s.legal_actions() if str(a).startswith("buy ")),
                 key=lambda c: cubes[c].cost or 0)
    s.apply(f"buy {CUBES[costly]}")
    left = cfg.sponsors[IDS["A2"]].top - (cubes[costly].cost or 0)
    assert s.money == left and s.bag[seat][costly] == bag[costly] + 1
    assert s.stock[costly] == stock[costly] - 1  # from the stock into the bag
    assert all((cubes[a.cube].cost or 0) <= left for a in s.legal_actions()
               if str(a).startswith("buy "))
    if s.effect:  # something is still affordable (else the stop was taken at once)
        s.apply("stop buying")
    assert s.money == 0 and s.current_player != seat
    assert not left or any(f"loses ${left} unspent" in line for line in s.log()[-3:])


def test_sponsor_b_removes_extra_cubes_of_any_kind_up_to_its_number() -> None:
    s = _deal(_break(3, 8), "B1")
    seat = s.current_player
    s = _bag(s, seat, white=6, yellow=6, wear=0)
    s.apply("take sponsor B1")
    s.apply("skip")
    top = config_for(2).sponsors[IDS["B1"]].top
    assert s.effect[:3] == (sponsors.EXTRA, IDS["B1"], top)  # the winner's tier
    for k in range(top):
        s.apply(f"choose bag {('yellow', 'white')[k % 2]}")
    assert s.bag[seat][WHITE] + s.bag[seat][CUBES.index("yellow")] == 12 - top
    assert s.current_player != seat  # all removed: done


def test_sponsor_c_removes_its_number_of_wear_and_only_wear() -> None:
    s = _deal(_break(3, 9), "C1")
    seat = s.current_player
    top = config_for(2).sponsors[IDS["C1"]].top
    s = _bag(s, seat, wear=top + 2, white=5)
    s.apply("take sponsor C1")
    s.apply("skip")
    assert s.bag[seat][WEAR] == 2 and s.bag[seat][WHITE] == 5  # the winner's tier of wear
    assert s.current_player != seat


def test_sponsor_c_removes_what_wear_there_is() -> None:
    s = _deal(_break(3, 9), "C1")
    seat = s.current_player
    s = _bag(s, seat, wear=3)
    s.apply("take sponsor C1")
    s.apply("skip")
    assert s.bag[seat][WEAR] == 0


def test_sponsor_d_takes_cubes_free_from_the_stock_as_many_as_it_holds() -> None:
    s = _deal(_break(3, 10), "D1")
    seat, other = s.current_player, s.order[1]
    data = json.loads(s.to_json())  # the stock down to 2 black and 1 white, the rest elsewhere
    keep = {CUBES.index("black"): 2, WHITE: 1}
    for c in range(len(CUBES)):
        if c != WEAR:
            data["bag"][other][c] += data["stock"][c] - keep.get(c, 0)
            data["stock"][c] = keep.get(c, 0)
    s = serialize.state_from_dict(data)
    assert config_for(2).sponsors[IDS["D1"]].top > 3  # more than the stock holds
    s.apply("take sponsor D1")
    s.apply("skip")
    assert _texts(s) == ["take white", "take black"]  # free: no money, no wear (AU-82)
    bag, money = s.bag[seat], s.money
    s.apply("take black")
    s.apply("take white")  # the last black is then taken at once: the only option
    assert s.bag[seat][CUBES.index("black")] == bag[3] + 2 and s.bag[seat][WHITE] == bag[0] + 1
    assert s.stock[:4] == (0, 0, 0, 0) and money == 0
    assert s.current_player != seat  # the stock held 3


def test_sponsor_e1_first_place_2_white_and_1_wear_removed_allows_up_to_8_wear() -> None:
    s = _deal(_break(4, 11), "E1")  # the seed's example: E1, first place
    seat = s.current_player
    assert sponsors.tier(s, seat) == "top"
    s = _bag(s, seat, white=4, wear=12)
    s.apply("take sponsor E1")
    for cube in ("white", "white", "wear"):  # the standard removal
        s.apply(f"choose bag {cube}")
    assert s.effect == (sponsors.WEAR_STAGE, IDS["E1"], 8, 0)  # 2 non-wear x 4
    assert _texts(s) == ["skip", "choose bag wear"]
    for _ in range(8):
        s.apply("choose bag wear")
    assert s.bag[seat][WEAR] == 12 - 1 - 8 and s.current_player != seat


def test_sponsor_e3_at_the_last_place_has_nothing_beyond_its_standard_removal() -> None:
    s = _deal(_break(3, 12), "E3")
    while s.current_player != s.order[-1]:
        s.apply(next(t for t in _texts(s) if t != "take sponsor E3") if not s.effect
                else _pass(s))
    seat = s.current_player
    s = _bag(s, seat, white=4, wear=6)
    s.apply("take sponsor E3")
    for _ in range(3):
        s.apply("choose bag white")
    assert s.phase == "draw" and s.race == 1  # no wear stage: the next race began
    assert s.bag[seat][WEAR] + s.active[seat][WEAR] == 6


def test_sponsor_f_gives_2_dollars_only_for_the_extra_cubes_removed() -> None:
    s = _deal(_break(3, 14), "F1")
    seat = s.current_player
    s = _bag(s, seat, yellow=8)
    s.apply("take sponsor F1")
    for _ in range(3):
        s.apply("choose bag yellow")  # the standard removal: no money
    s.apply("choose bag yellow")
    s.apply("skip")  # 1 extra cube of the tier's number
    assert s.money == config_for(2).money_per_cube == 2


# --- conformance and positions --------------------------------------------------------------
def _sponsored(players: int = 2, seed: int | None = 0, explicit_chance: bool = False) -> Any:
    return automobiles.new_game(players, seed, explicit_chance=explicit_chance, season=3,
                                laps=1, sponsors=True, drivers=players % 2 == 1)


SPONSOR_GAME = dataclasses.replace(GAME, new_game=_sponsored)


def test_seasons_with_sponsors_pass_the_conformance_checks(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conformance, "MAX_DECISIONS", 20_000)
    conformance.test_seeded_random_games_end_for_every_player_count(SPONSOR_GAME)
    conformance.test_clones_are_independent_and_undo_restores(SPONSOR_GAME)
    conformance.test_an_illegal_action_raises_and_changes_nothing(SPONSOR_GAME)
    conformance.test_json_round_trips_at_every_step(SPONSOR_GAME)
    conformance.test_explicit_chance_outcomes_sum_to_one(SPONSOR_GAME)
    conformance.test_a_replay_of_the_same_seed_and_actions_gives_the_same_game(SPONSOR_GAME)


def test_a_position_in_the_break_round_trips_and_malformed_sponsor_fields_are_named() -> None:
    s = _deal(_break(3, 15), "E2")
    s.apply("take sponsor E2")
    data = json.loads(s.to_json())
    assert data["sponsored"] is True and data["sponsors"][s.current_player] == IDS["E2"]
    assert serialize.state_from_dict(data) == s
    other = next(p for p in range(3) if p != s.current_player)
    with pytest.raises(PositionError, match="sponsors: a game without sponsors"):
        serialize.state_from_dict(dict(data, sponsored=False))
    for field, value in (("sponsors", [0, 0, 0]), ("sponsors", [99, -1, -1]),
                         ("sponsors", [-1, -1]), ("offer", [1, 1, 2]),
                         ("offer", data["offer"][:-1]), ("sponsors", None),
                         ("sponsored", "yes"), ("effect", [1, IDS["E2"], 999, 0]),
                         ("effect", [4, IDS["E2"], 0, 0])):
        with pytest.raises(PositionError, match=field):
            serialize.state_from_dict(dict(data, **{field: value}))
    held = list(data["sponsors"])
    held[other] = data["offer"][0]
    with pytest.raises(PositionError, match="offer"):
        serialize.state_from_dict(dict(data, sponsors=held))
    single = json.loads(automobiles.new_game(2, 1).to_json())
    with pytest.raises(PositionError, match="sponsored"):
        serialize.state_from_dict(dict(single, sponsored=True, sponsors=[-1, -1]))


def test_the_data_file_has_the_18_sponsors_with_tiers_rising_and_marks_ours_synthetic() -> None:
    cfg = config_for(2)
    specs = cfg.sponsors
    assert [k.id for k in specs] == [f"{a}{n}" for a in "ABCDEF" for n in (1, 2, 3)]
    assert all(k.bottom <= k.middle <= k.top and k.de and k.en for k in specs)
    # the seed's: up to 4 wear per non-wear cube for E, but nothing for E3's last place
    assert [(k.top, k.middle, k.bottom) for k in specs if k.letter == "E"] == \
        [(4, 4, 4), (4, 4, 4), (4, 4, 0)]
    assert specs[IDS["F2"]].middle == 3 and cfg.money_per_cube == 2  # the seed's
    assert {f"sponsors/{k.id}" for k in specs if k.letter != "E"} \
        | {"sponsors/standard_removal"} <= set(cfg.synthetic)
    assert not {f"sponsors/{k.id}" for k in specs if k.letter == "E"} & set(cfg.synthetic)


def test_the_board_shows_each_players_sponsor_and_marks_the_tiers_synthetic() -> None:
    s = _deal(_break(3, 16), "C2")
    who = f"Player {s.current_player}"  # the player whose choice it is (the last in the race)
    s.apply("take sponsor C2")
    board = str(s)
    assert "Sponsors (numbers for the winner/the middle/the last, synthetic): on offer" in board
    # C2 by what its card does, with its tier numbers: one name in the board, the log, the SVG
    assert 'removes cubes with the sponsor "remove 7/5/3 wear" (its standard removal)' in board
    assert "sponsor: remove 7/5/3 wear" in board and "C2" not in board
    assert s.log()[-2:] == [f'{who} takes the sponsor "remove 7/5/3 wear"',
                            f'{who}\'s sponsor "remove 7/5/3 wear" acts at its top tier (7, '
                            'synthetic)']
    assert "remove 7/5/3 wear (tier numbers synthetic)" in s._repr_svg_()


def test_40_seeded_random_seasons_with_sponsors_end_with_the_most_points_winning() -> None:
    for seed in range(40):
        players = 2 + seed % 4
        s = automobiles.new_game(players, seed, season=3, laps=1, sponsors=True,
                                 drivers=seed % 3 == 0, weaving=seed % 5 == 0,
                                 track=("daytona", "monza")[seed % 2])
        rng, decisions = random.Random(seed), 0
        while not s.is_terminal():
            legal = s.legal_action_ids()
            assert legal, (seed, s.phase, s.effect)
            s.apply_unchecked(rng.choice(legal))
            decisions += 1
            assert decisions < 40_000, seed
        assert s.race == 2 and sum(s.points) == 3 * sum(config_for(2).points[:players])
        assert sum("acts at its" in line for line in s.log()) == 2 * players
        outcome = s.outcome()
        assert outcome is not None and all(s.points[w] == max(s.points)
                                           for w in outcome.winners)


def test_the_greedy_bot_plays_a_season_with_sponsors_removing_wear_first() -> None:
    from automobiles.bots import make_bot

    s = _deal(_break(3, 17), "E1")
    seat = s.current_player
    s = _bag(s, seat, white=4, wear=6)
    s.apply("take sponsor E1")
    greedy = make_bot("greedy", 0)
    assert str(s.ACTIONS.from_id(greedy.choose(s))) == "choose bag wear"
    s = automobiles.new_game(3, 2, season=3, laps=1, sponsors=True)
    bots = [make_bot("greedy", p) for p in range(3)]
    while not s.is_terminal():
        s.apply(bots[s.current_player].choose(s))
    assert sum("acts at its" in line for line in s.log()) == 6
