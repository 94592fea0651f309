"""The tempo structure of the action chain as a networkx graph (RULINGS K1).

Which picks give whom the next turns. A node is a
canonical chain state (the chain after the end-of-turn clean-up, a company at the tail); an edge
is the tail company picking one tile, and leads to the chain state it leaves behind. Edge data:
``company`` (who picks), ``tile`` (its name), ``actions`` (how many it shows) and ``next`` (who
plays next). Node data: ``to_play`` and ``depth``. The graph is built breadth first to an explicit
depth limit; states reached twice are merged by key.

State explosion: each chain state has one edge per action tile (11), so depth ``d`` reaches at
most 11**d states before merging (14,641 at depth 4); keep ``depth`` at 4 or less.
"""

from __future__ import annotations

import itertools
from functools import lru_cache

import networkx as nx

from kwcore.config import config_for
from kwcore.state import State

MAX_DEPTH = 4


def after_pick(chain: tuple[int, ...], tile: int, n_tiles: int) -> tuple[int, ...]:
    """The chain after the tail company picks ``tile``, cleaned up (RULINGS K1)."""
    i = chain.index(tile)
    moved = chain[1:i] + (chain[0],) + chain[i + 1:] + (tile,)
    while moved[0] < n_tiles:
        moved = moved[1:] + moved[:1]
    return moved


def chain_of(state: State) -> tuple[int, ...]:
    """The state's chain as it will stand for the next pick (a tile in play is moved first)."""
    n = len(state.cfg.tiles)
    if state.picked >= 0:
        return after_pick(state.chain, state.picked, n)
    return state.chain


def tempo_graph(state: State, depth: int = 2) -> nx.DiGraph:
    """The chain states reachable in ``depth`` picks from ``state``'s chain."""
    return chain_graph(chain_of(state), state.players, depth)


@lru_cache(maxsize=4096)
def chain_graph(root: tuple[int, ...], players: int, depth: int) -> nx.DiGraph:
    """The tempo graph from a chain (cached: treat the result as read-only)."""
    if not 0 <= depth <= MAX_DEPTH:
        raise ValueError(f"depth must be 0..{MAX_DEPTH} (the graph grows 11-fold per level)")
    cfg = config_for(players)
    n = len(cfg.tiles)
    g = nx.DiGraph(players=cfg.players)
    g.add_node(root, to_play=cfg.companies[root[0] - n], depth=0)
    frontier = [root]
    for level in range(1, depth + 1):
        nxt = []
        for chain in frontier:
            company = cfg.companies[chain[0] - n]
            for tile in (x for x in chain if x < n):
                child = after_pick(chain, tile, n)
                if child not in g:
                    g.add_node(child, to_play=cfg.companies[child[0] - n], depth=level)
                    nxt.append(child)
                g.add_edge(chain, child, company=company, tile=cfg.tiles[tile].name,
                           actions=len(cfg.tiles[tile].actions),
                           next=cfg.companies[child[0] - n])
        frontier = nxt
    return g


def turns_in_a_row(state: State, tile: int) -> int:
    """How many turns in a row the tail company gets by picking ``tile`` now (1 or more)."""
    return _in_a_row(chain_of(state), tile, len(state.cfg.tiles))


@lru_cache(maxsize=65536)
def _in_a_row(chain: tuple[int, ...], tile: int, n: int) -> int:
    child = after_pick(chain, tile, n)
    return 2 if child[0] == chain[0] else 1


def pick_order(state: State, ids: list[int]) -> list[int]:
    """Order tile picks for search: those that keep the next turn first, then richer tiles.

    Uses the depth-1 tempo graph of the position; other actions keep their order.
    """
    from kwcore.actions import ACTIONS, PickTile

    cfg = state.cfg
    g = tempo_graph(state, 1)
    root = chain_of(state)
    me = cfg.companies[root[0] - len(cfg.tiles)]
    keeps = {data["tile"]: data["next"] == me for _, _, data in g.out_edges(root, data=True)}

    def rank(aid: int) -> tuple[int, int]:
        a = ACTIONS[aid]
        if not isinstance(a, PickTile):
            return (2, 0)
        t = cfg.tiles[a.tile]
        return (0 if keeps.get(t.name) else 1, -len(t.actions))

    return sorted(ids, key=rank)


def run_length(state: State, company: int) -> int:
    """The most turns ``company`` can take, the one in progress included, before another
    company's turn (RULINGS K1): at the tail of the chain it keeps the turn by picking any tile
    before the next marker, and each such pick leaves one tile fewer there; so a run lasts at
    most one turn more than the tiles between it and the next marker."""
    return run_length_of(chain_of(state), state.players, company, state.picked >= 0)


def run_length_of(chain: tuple[int, ...], players: int, company: int, in_turn: bool) -> int:
    """``run_length`` from the chain as it will stand for the next pick, ``in_turn`` when a
    turn is in progress (its tile already moved)."""
    n = len(config_for(players).tiles)
    current = 1 if in_turn else 0
    if chain[0] != n + company:
        return current
    tiles = next(i for i, x in enumerate(chain[1:]) if x >= n)
    return current + tiles + 1


def run_tiles(state: State, company: int) -> tuple[int, ...]:
    """The tiles ``company`` can take while keeping the turn: those between its marker and
    the next (RULINGS K1); none when it is not at the tail."""
    return run_tiles_of(chain_of(state), state.players, company)


def run_tiles_of(chain: tuple[int, ...], players: int, company: int) -> tuple[int, ...]:
    """``run_tiles`` from the chain as it will stand for the next pick."""
    n = len(config_for(players).tiles)
    if chain[0] != n + company:
        return ()
    return tuple(itertools.takewhile(lambda x: x < n, chain[1:]))


def own_turns_within(state: State, company: int, picks: int) -> int:
    """The most turns ``company`` can take among the next ``picks`` turns (graph bound).

    Exact for ``picks`` up to 3 (a longest path over the tempo graph, each edge weighing 1 when
    ``company`` picks); beyond that, the exact count for 3 plus one per further pick. Used as an
    admissible bound.
    """
    return own_turns_from(chain_of(state), state.players, company, picks)


def own_turns_from(chain: tuple[int, ...], players: int, company: int, picks: int) -> int:
    """``own_turns_within`` from the chain as it will stand for the next pick."""
    if picks <= 0:
        return 0
    if picks > 3:
        return _most_own_turns(chain, players, company, 3) + picks - 3
    return _most_own_turns(chain, players, company, picks)


@lru_cache(maxsize=1 << 18)
def _most_own_turns(chain: tuple[int, ...], players: int, company: int, picks: int) -> int:
    """The longest path of ``picks`` edges from ``chain`` through the tempo graph's edge
    relation (``after_pick``), an edge weighing 1 when ``company`` picks. Memoised per chain,
    so the searches of a whole plan share their sub-results instead of building a graph for
    every chain they meet."""
    if picks == 0:
        return 0
    n = len(config_for(players).tiles)
    mine = 1 if chain[0] == n + company else 0
    best = 0
    for t in chain:
        if t < n:
            best = max(best, _most_own_turns(after_pick(chain, t, n), players, company,
                                             picks - 1))
            if best == picks - 1:  # every later pick is ours: no path does better
                break
    return mine + best


def clear_caches() -> None:
    """Empty the tempo graph's memo tables (graphs, turns in a row, longest paths)."""
    for cached in (chain_graph, _in_a_row, _most_own_turns):
        cached.cache_clear()
