"""The chain's tempo graph (solvers.kraftwagen.tempo) against the rules engine (RULINGS K1; STYLE
17).

Every prediction of ``solvers.kraftwagen.tempo`` is checked against what kwcore does when the pick
is played out, or against a brute-force enumeration of pick sequences written here from RULINGS K1.
"""

from __future__ import annotations

import itertools
import random

import networkx as nx
import pytest

from kwcore.actions import ACTIONS, PickTile
from kwcore.state import State
from solvers.kraftwagen import tempo
from tests.support.builders import at_choose_tile, co, fresh, set_chain

# --- helpers ------------------------------------------------------------------------------------

POSITIONS = [(players, seed, steps) for players in (2, 3, 4) for seed, steps in
             ((1, 20), (2, 55), (3, 90))]


@pytest.fixture(params=POSITIONS, ids=lambda p: f"{p[0]}co-seed{p[1]}-{p[2]}steps")
def position(request: pytest.FixtureRequest) -> State:
    return at_choose_tile(*request.param)


def k1_pick(chain: tuple[int, ...], tile: int, n_tiles: int) -> tuple[int, ...]:
    """RULINGS K1 written out independently: the tail marker takes the picked tile's place, the
    tile goes to the head, then tiles at the tail move to the head one by one."""
    items = list(chain)
    marker = items.pop(0)
    items[items.index(tile)] = marker
    items.append(tile)
    while items[0] < n_tiles:
        items.append(items.pop(0))
    return tuple(items)


def tile_of(aid: int) -> int:
    """The tile a PickTile id picks."""
    action = ACTIONS[aid]
    assert isinstance(action, PickTile)
    return action.tile


def picks_of(state: State) -> list[int]:
    """The legal PickTile ids of a ``choose_tile`` state."""
    return [a for a in state.legal if isinstance(ACTIONS[a], PickTile)]


def finish_turn(state: State, aid: int, rng: random.Random) -> State:
    """Pick with ``aid``, then play random legal decisions until the picking company's turn is
    over (the next turn begins, or the scoring phase does)."""
    start = len(state.events)
    state = state.child(aid)
    while not any(e.kind in ("turn", "scoring") for e in state.events[start:]):
        state.apply_unchecked(state.legal[rng.randrange(len(state.legal))])
    return state


def brute_chains(root: tuple[int, ...], n_tiles: int, depth: int) -> set[tuple[int, ...]]:
    """Every chain reachable from ``root`` in at most ``depth`` picks."""
    seen = {root}
    level = {root}
    for _ in range(depth):
        level = {k1_pick(c, t, n_tiles) for c in level for t in c if t < n_tiles}
        seen |= level
    return seen


# --- after_pick and chain_of ----------------------------------------------------------------------
def test_after_pick_predicts_the_chain_kwcore_leaves_after_every_pick(position: State) -> None:
    s = position
    n = len(s.cfg.tiles)
    rng = random.Random(7)
    for aid in picks_of(s):
        tile = tile_of(aid)
        predicted = tempo.after_pick(s.chain, tile, n)
        assert predicted == k1_pick(s.chain, tile, n)
        mid = s.child(aid)
        if mid.picked >= 0:  # the turn is still going on: chain_of looks ahead
            assert tempo.chain_of(mid) == predicted
        done = finish_turn(s, aid, rng)
        assert done.chain == predicted, (ACTIONS[aid], s.chain, done.chain)
        assert tempo.chain_of(done) == predicted
        if done.decision() == "choose_tile":
            assert done.current_player == predicted[0] - n


def test_chain_of_a_state_between_turns_is_its_chain(position: State) -> None:
    assert position.picked == -1
    assert tempo.chain_of(position) == position.chain


# --- the tempo graph ----------------------------------------------------------------------------
@pytest.mark.parametrize("depth", [0, 1, 2, 3])
def test_every_inner_node_of_the_tempo_graph_has_one_edge_per_action_tile(
        position: State, depth: int) -> None:
    s = position
    cfg = s.cfg
    n = len(cfg.tiles)
    g = tempo.tempo_graph(s, depth)
    root = tempo.chain_of(s)
    assert g.nodes[root]["depth"] == 0
    for node, data in g.nodes(data=True):
        assert 0 <= data["depth"] <= depth
        assert data["to_play"] == cfg.companies[node[0] - n]
        if data["depth"] < depth:
            names = sorted(d["tile"] for _, _, d in g.out_edges(node, data=True))
            assert names == sorted(t.name for t in cfg.tiles)
        else:
            assert g.out_degree(node) == 0
    # Depths are breadth-first distances, and nodes are exactly the distinct chains reachable.
    assert nx.single_source_shortest_path_length(g, root) == dict(g.nodes(data="depth"))
    assert set(g.nodes) == brute_chains(root, n, depth)


def test_tempo_graph_edges_carry_who_picks_which_tile_and_who_plays_next(
        position: State) -> None:
    s = position
    cfg = s.cfg
    n = len(cfg.tiles)
    g = tempo.tempo_graph(s, 2)
    assert g.number_of_edges() > 0
    for u, v, data in g.edges(data=True):
        t = cfg.tile_named(data["tile"])
        assert set(data) == {"company", "tile", "actions", "next"}
        assert data["company"] == cfg.companies[u[0] - n]
        assert data["actions"] == len(t.actions)
        assert v == k1_pick(u, t.index, n)
        assert data["next"] == cfg.companies[v[0] - n] == g.nodes[v]["to_play"]
        assert g.nodes[v]["depth"] <= g.nodes[u]["depth"] + 1


@pytest.mark.parametrize("depth", [5, 6, -1])
def test_a_tempo_graph_deeper_than_four_picks_or_negative_is_refused(depth: int) -> None:
    with pytest.raises(ValueError, match="depth"):
        tempo.tempo_graph(fresh(2), depth)


def test_a_tempo_graph_of_depth_four_is_allowed_and_bounded_by_eleven_to_the_fourth() -> None:
    g = tempo.tempo_graph(fresh(2, seed=3), tempo.MAX_DEPTH)
    assert 1 < g.number_of_nodes() <= sum(11 ** k for k in range(5))
    assert max(d for _, d in g.nodes(data="depth")) == 4


# --- turns in a row -----------------------------------------------------------------------------
def test_green_taking_the_tile_next_to_it_plays_again_as_in_the_seed_example() -> None:
    """seed JP: Action phase, example (turn order); RULINGS K1."""
    s = set_chain(fresh(), ["Green", "GrandPrix", "Blue", "GrandPrix+Attract"])
    assert tempo.turns_in_a_row(s, tile_index(s, "GrandPrix")) == 2
    assert tempo.turns_in_a_row(s, tile_index(s, "GrandPrix+Attract")) == 1
    s.apply("pick GrandPrix")
    while s.decision() != "choose_tile":
        s.apply(s.legal_actions()[0])
    assert s.current_player == co(s, "Green")


def test_every_tile_before_the_next_marker_keeps_the_turn_and_no_tile_after_it_does() -> None:
    """RULINGS K1: tiles left at the tail move to the head, so picking Hire (the second tile
    behind Green) also hands the turn back to Green; the brief's "first tile after the company"
    is the special case of a single tile before the next marker."""
    s = set_chain(fresh(), ["Green", "GrandPrix", "Hire", "Orange", "Blue", "Red"])
    n = len(s.cfg.tiles)
    for t in range(n):
        expected = 2 if s.cfg.tiles[t].name in ("GrandPrix", "Hire") else 1
        assert tempo.turns_in_a_row(s, t) == expected, s.cfg.tiles[t].name


def test_turns_in_a_row_is_two_exactly_when_kwcore_gives_the_picker_the_next_turn(
        position: State) -> None:
    s = position
    n = len(s.cfg.tiles)
    me = s.current_player
    first_after = next(x for x in s.chain[1:] if x < n)
    rng = random.Random(3)
    for aid in picks_of(s):
        tile = tile_of(aid)
        done = finish_turn(s, aid, rng)
        again = done.chain[0] - n == me
        assert (tempo.turns_in_a_row(s, tile) == 2) == again, ACTIONS[aid]
        if tile == first_after and s.chain[1] < n:
            assert again  # the tile right behind the tail marker always keeps the turn


# --- own turns within k picks -----------------------------------------------------------------
def brute_own_turns(chain: tuple[int, ...], company: int, k: int, n_tiles: int) -> int:
    """The most of the next ``k`` picks made by ``company``, over every sequence of picks."""
    best = 0
    for seq in itertools.product(range(n_tiles), repeat=k):
        c, mine = chain, 0
        for t in seq:
            mine += c[0] - n_tiles == company
            c = k1_pick(c, t, n_tiles)
        best = max(best, mine)
    return best


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_own_turns_within_k_picks_matches_brute_force_over_all_pick_sequences(
        position: State, k: int) -> None:
    s = position
    n = len(s.cfg.tiles)
    for company in range(s.players):
        expected = brute_own_turns(s.chain, company, k, n)
        assert tempo.own_turns_within(s, company, k) == expected, (company, k)


def test_own_turns_beyond_three_picks_is_still_an_upper_bound() -> None:
    s = at_choose_tile(2, 4, 30)
    n = len(s.cfg.tiles)
    for company in range(s.players):
        assert tempo.own_turns_within(s, company, 4) >= brute_own_turns(s.chain, company, 4, n)


# --- the longest run of own turns ---------------------------------------------------------------
def brute_run(chain: tuple[int, ...], company: int, n_tiles: int) -> int:
    """The most picks ``company`` makes in a row from ``chain`` (it is at the tail), over every
    sequence of its picks (RULINGS K1 written out by ``k1_pick``)."""
    if chain[0] != n_tiles + company:
        return 0
    return 1 + max(brute_run(k1_pick(chain, t, n_tiles), company, n_tiles)
                   for t in chain if t < n_tiles)


@pytest.mark.parametrize("before", [0, 1, 2, 3, 4])
def test_run_length_is_one_more_than_the_tiles_before_the_next_marker(before: int) -> None:
    s = fresh(2)
    tiles = ["GrandPrix", "Body", "Hire", "Research"][:before]
    set_chain(s, ["Green", *tiles, "Blue"])
    n = len(s.cfg.tiles)
    assert tempo.run_length(s, co(s, "Green")) == before + 1 == brute_run(
        s.chain, co(s, "Green"), n)
    assert tempo.run_length(s, co(s, "Blue")) == 0  # not at the tail


def test_run_length_matches_brute_force_at_random_positions(position: State) -> None:
    s = position
    n = len(s.cfg.tiles)
    for company in range(s.players):
        assert tempo.run_length(s, company) == brute_run(s.chain, company, n)


def test_run_length_mid_turn_counts_the_turn_in_progress_and_the_picks_it_leaves() -> None:
    """Green picks the tile right behind it: this turn, then a run from the chain it leaves
    (RULINGS K1); a pick past Blue's marker leaves this turn only."""
    s = fresh(2)
    set_chain(s, ["Green", "GrandPrix", "Body", "Blue"])
    green = co(s, "Green")
    near = s.child(s.resolve("pick GrandPrix"))
    assert near.current_player == green and near.picked >= 0
    assert tempo.run_length(near, green) == 1 + 2  # then Body, then any tile
    far = s.child(s.resolve("pick Research+Body+Engine"))
    assert far.current_player == green
    assert tempo.run_length(far, green) == 1


# --- pick order -----------------------------------------------------------------------------------
def test_pick_order_puts_tempo_keeping_picks_first_and_drops_no_id(position: State) -> None:
    s = position
    for ids in (list(s.legal), list(reversed(s.legal)), list(s.legal)[::2]):
        out = tempo.pick_order(s, ids)
        assert sorted(out) == sorted(ids)  # a permutation: nothing dropped, nothing added
        picks = [a for a in out if isinstance(ACTIONS[a], PickTile)]
        others = [a for a in out if not isinstance(ACTIONS[a], PickTile)]
        assert out == picks + others  # picks first
        assert others == [a for a in ids if not isinstance(ACTIONS[a], PickTile)]
        keeps = [tempo.turns_in_a_row(s, tile_of(a)) == 2 for a in picks]
        assert keeps == sorted(keeps, reverse=True)  # every keeping pick before any other
        sizes = [(not kp, -len(s.cfg.tiles[tile_of(a)].actions))
                 for kp, a in zip(keeps, picks, strict=True)]
        assert sizes == sorted(sizes)  # richer tiles first within each group


def test_pick_order_keeps_free_actions_offered_at_choose_tile() -> None:
    s = set_chain(fresh(), ["Green", "GrandPrix", "Hire", "Blue"])
    ids = list(s.legal) + [1, 2]  # ids that are not picks ride along at the end, in order
    out = tempo.pick_order(s, ids)
    assert sorted(out) == sorted(ids)
    assert out[-2:] == [1, 2]
    first_two = {str(ACTIONS[a]) for a in out[:2]}
    assert first_two == {"pick GrandPrix", "pick Hire"}


def tile_index(state: State, name: str) -> int:
    return state.cfg.tile_named(name).index
