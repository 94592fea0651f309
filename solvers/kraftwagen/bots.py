"""Kraftwagen's contributions to the generic bots: the planner bot, the MCTS rollouts, and what
a tournament reports of a Kraftwagen game.

Found by name (``solvers.mcts.game_solvers("kraftwagen")``) by the generic bot registry
(``solvers.bots``), ``solvers.mcts`` and ``solvers.tournament``, which import no game:

- ``BOTS``: the solver bots Kraftwagen adds to kwcore's own (random, greedy) and the generic
  ones: ``planner[:NODES]``, ``PlannerBot`` with NODES search nodes per decision;
  ``planner-time[:MS]``, the same bot with MS milliseconds of CPU per decision (the candidate of
  the strength ladder ``benchmarks/ladders/kraftwagen.json`` and the player behind the play
  widget's hint, ``kwwidgets.kraftwagen.hint``); ``planner-gain[:MS]``, that bot playing for
  its own gain in the round instead of its margin over the best rival (to measure which
  objective is stronger); ``planner-playout[:MS]``, ``planner-time`` with greedy playouts of
  its best candidates in half of each decision's time, and ``planner-playround[:MS]``, the
  same with playouts to the round's end (below, "Playouts"; both kept to be measured);
- ``SEARCH``: the MCTS model, greedy rollouts cut after a few turns and scored with kwcore's
  greedy evaluation (``solvers.mcts``, module docstring);
- ``PLAYERS``, ``SCORE_SOURCES``, ``SCORE_LABELS``, ``score_parts`` and ``SHARED_WIN_RULE``: the
  tournament table's words and its mean score by source.

The planner bot (moved here from ``solvers.bots``, which still names it) plays what
``solvers.kraftwagen.planner.plan`` values best for the rest of the round (rivals modelled as the
greedy bot, objective the margin over the best rival). A whole round is far too big to solve at
most decisions, so the search is bounded twice: lines are cut after ``max_turns`` turns and scored
as if the round ended there (the planner's own cut), and the search stops after a node budget.
The budget goes where the game is decided:

- the tile choice, the tempo decision of the chain (RULINGS K1): valuing every tile means our
  whole turn and the rival's answer, 1,000-17,000 nodes per 2-company tile choice, so only the
  ``tile_candidates`` tiles the greedy evaluation rates best (default 3, and the greedy bot's
  own pick) are searched: each is taken in a copy and the planner searches on from there with
  ``TILE_BOOST`` times the budget. A tile is scored as its best first decision would be (below),
  and the best-scored tile is played. If any of these searches stops on its budget, the scores
  are not comparable and the bot plays the greedy bot's tile;
- the market step and the car placed there, and the placing of a built tile (RULINGS K7, K13-K17:
  which car, its price, service and technology, against the rival cars and the buyers) get
  ``MARKET_BOOST`` times the budget, so these searches finish;
- every other decision gets the plain budget.

The round score sees nothing of what a decision keeps for later rounds (tiles, research, workers,
the racing car), so each first decision the search valued is scored as its searched margin plus
``blend`` times the greedy evaluation of the position it leads to (``kwcore.bots.evaluate``), and
the best score is played. When the budget stops the search before every first decision is valued,
the bot falls back to the greedy bot's choice. Only node budgets are used, never time, so a seeded
game replays exactly on any machine.

Measured with ``benchmarks/ladder.py`` against greedy (2 companies, seats swapped on the same
deals): without the tile search the bot won 53-58% of its games; with it, 129-70 in 200 games
decided in advance on a fresh seed (p = 3.5e-5, mean margin +18 points; README, Speed).

``planner-time:50`` in the committed ladder ``benchmarks/ladders/kraftwagen.json`` (3 and 4
companies, seats rotated, 50 ms of CPU per decision for every searching bot; 2026-12-02,
``benchmarks/results/kraftwagen-ladder.json``): ahead of greedy in 35 games and behind in 14
(p = 0.004), ahead of OpenSpiel's MCTS in all 35, but not of the lab's MCTS (``mcts-time:50``:
ahead 16, behind 19, p = 0.74); it spent 27 ms a decision (its searches, cut after one turn,
mostly finish early), the lab's MCTS 52. In a trial (9 games, 3 companies, 50 ms) the margin
objective was behind the gain objective 3-6 (p = 0.51): no difference shown.

Playouts (``PlannerBot(playouts=N)``, ``planner-playout``). At 50 ms a decision with 3
companies the one-turn search stopped on its time at 67 of the 138 decisions it searched (two
seeded games against ``mcts-time:50`` and greedy: 29 of 40 tile choices, 38 of 98 others), and
the bot then played the greedy choice; where it finished it left time unspent. The playout bot
gives its searches ``SEARCH_SHARE`` of the decision's time and spends the rest on one greedy
playout (``PLAYOUT_TURNS`` turns after the rest of the turn, as the MCTS rollouts; to the
round's end at most) of each of its ``PLAYOUT_CANDIDATES`` best candidates, every candidate on
the same fresh draw of the hidden future: the search's best-scored first decisions or tiles where
it finished, else the moves (or searched tiles) the greedy evaluation rates best, the greedy
choice first; the best playout is played (``rerank``). Trial ladders (3 companies, 50 ms, 24
games each, seats rotated; ``benchmarks/strength.py FILE --trial --workers 1``): playouts only
after a finished search, the search given the whole time: ahead of ``planner-time:50`` in 11,
behind in 13, and of ``mcts-time:50`` ahead 9, behind 15 (seed 20261203); the playout bot as
kept, same seed and lineup: ahead of ``planner-time:50`` 13-11 (p = 0.84), of ``mcts-time:50``
18-5 (p = 0.011), mean score 75 against 66 and 54; against greedy and ``mcts-time:50`` (seed
20261204): ahead of greedy 16-8 (p = 0.15), of the lab's MCTS 11-13 (p = 0.84). No gain over
``planner-time`` is shown, so it is not the default; it used 33 ms of its 50 a decision.
Its playouts to the round's end instead (``planner-playround``, 43-45 ms a decision), against
``planner-time:50`` and ``mcts-time:50`` (seeds 20261205 and 20261206, 24 games each): ahead
of ``planner-time`` 17-7 and 13-11 (pooled 30-18, p = 0.11), of the lab's MCTS 7-17 and 6-18
(pooled 13-35, p = 0.002: in these trials the lab's MCTS is the stronger player).
"""

from __future__ import annotations

import contextlib
import math
import random
import time
from dataclasses import replace
from typing import Any

from kwcore import rules
from kwcore.actions import ACTIONS, PickTile
from kwcore.bots import DEFAULT_WEIGHTS, GreedyBot, evaluate
from kwcore.state import SCORE_SOURCES, State
from solvers.bots import BotError
from solvers.kraftwagen.planner import Plan, PlannerConfig, PlannerError, plan
from solvers.mcts import Playout, sample_chance

DEFAULT_PLANNER_NODES = 300
DEFAULT_PLANNER_MS = 100  # planner-time: CPU milliseconds per decision
DEFAULT_PLANNER_TURNS = 1  # our turn and the next rival's turn, then scored as if the round ended
DEFAULT_BLEND = 1.0  # weight of the greedy evaluation next to the searched margin (both in points)
MARKET_BOOST = 10  # budget multiplier at the market step and tile placing (see the docstring)
DEFAULT_TILE_CANDIDATES = 3  # tiles searched at the tile choice: the greedy evaluation's best
TILE_BOOST = 7  # budget multiplier for the search after each candidate tile
#: decisions searched with MARKET_BOOST times the budget: placing a tile (K7), the market step (K13)
_BOOSTED = frozenset({rules.F_PLACE, rules.F_MARKET, rules.F_CAR_ENGINE, rules.F_CAR_SERVICE,
                      rules.F_CAR_PRICE, rules.F_CAR_TECH})
_TIE = 1e-9
_SEED_BITS = 62  # a determinized clone's seed, as solvers.mcts.reseed draws it
#: with a CPU budget per decision: at most this many decisions' time is banked (``budget``)
BANK_CAP = 4
MIN_SHARE = 0.1  # ... and a decision in debt still gets this share of ``ms``
#: the ``planner-playout`` bot: at most this many of the best-scored first decisions are
#: checked by a greedy playout each, cut after the rest of the turn and PLAYOUT_TURNS more
#: turns or at the round's end (a playout to the round's end cost 10-25 ms of CPU mid-round,
#: one cut after 4 turns 2-6 ms: several of those fit in the time a one-turn search leaves)
PLAYOUT_CANDIDATES = 6
PLAYOUT_TURNS = 4
#: ... and its searches get this share of the decision's time, the playouts the rest: at 50 ms
#: a decision (3 companies) the one-turn search of the plain bot stopped on its time at 67 of
#: 138 searched decisions (two seeded games), which then played the greedy choice
SEARCH_SHARE = 0.5


class PlannerBot:
    """Plays the round planner's best move where the bounded search finishes, else greedy.

    ``nodes`` is the node budget per decision (``MARKET_BOOST`` times it at the market step and
    tile placing, ``TILE_BOOST`` times it for the search after each candidate tile),
    ``max_turns`` the planner's cut, ``blend`` the weight of the greedy evaluation added to each
    searched value (0: the searched margin alone, ties to greedy) and ``tile_candidates`` how
    many tiles are searched at the tile choice (0: the greedy bot's tile, no search); see the
    module docstring. The principal variation of a search whose best move is played is
    remembered, so the bot's later decisions along it (the rest of its turn, if the rivals play
    as modelled) cost no search. ``planned``, ``followed`` and ``fallbacks`` count how each real
    decision was made, ``tile_searches`` the searches run after candidate tiles.

    ``ms`` (the ``planner-time`` bot): CPU milliseconds per decision (``time.process_time``)
    instead of nodes; every search of a decision gets its share of them (split over the tile
    candidates), time a decision leaves unspent is carried to later ones (``budget``), and a
    search the time stops falls back to the greedy choice as a node budget does. ``objective``:
    what the searches value, the margin over the best rival in the round (the default) or the
    company's own gain in the round (``planner-gain``). ``planner``: the search called (None:
    ``planner.plan``; the hint hands in its own reference to it).

    ``playouts`` (the ``planner-playout`` bot; 0: off): after the search, up to this many of
    the best-scored first decisions (or tiles) are each played on by one greedy playout, every
    company greedy, cut after the rest of the turn and ``playout_turns`` more turns (None: no
    cut) or at the round's end, on one fresh draw of the hidden future shared by all of them;
    the one whose playout ends best for the objective is played (``rerank``). With ``ms``
    they run only in the time the search left of the decision's share, best-scored first.
    """

    name = "planner"

    def __init__(self, seed: int | None = 0, nodes: int = DEFAULT_PLANNER_NODES,
                 max_turns: int = DEFAULT_PLANNER_TURNS, blend: float = DEFAULT_BLEND,
                 tile_candidates: int = DEFAULT_TILE_CANDIDATES, ms: int | None = None,
                 objective: str = "margin", planner: Any = None,
                 playouts: int = 0, playout_turns: int | None = PLAYOUT_TURNS) -> None:
        if not (isinstance(blend, int | float) and math.isfinite(blend) and blend >= 0):
            raise BotError(f"the planner bot's blend must be a number >= 0, not {blend!r}")
        if isinstance(tile_candidates, bool) or not isinstance(tile_candidates, int) \
                or tile_candidates < 0:
            raise BotError(f"the planner bot's tile candidates must be a whole number >= 0, "
                           f"not {tile_candidates!r}")
        self.rng = random.Random(seed)
        self.greedy = GreedyBot(seed)
        self.blend = float(blend)
        # The whole round at once (no deepening): with a few hundred nodes a decision, the
        # deepening's lines after each first decision would take the budget the search needs.
        if ms is not None and (isinstance(ms, bool) or not isinstance(ms, int) or ms < 1):
            raise BotError(f"the planner bot's milliseconds per decision must be a whole "
                           f"number >= 1, not {ms!r}")
        self.ms = ms
        # The search: None for this module's ``plan`` (looked up at each call), or the one
        # handed in (the hint hands in its own name for it).
        self.planner = planner
        self.config = PlannerConfig(rivals="greedy", objective=objective, node_budget=nodes,
                                    time_budget=math.inf, max_turns=max_turns,
                                    seed=seed or 0, deepen=False)
        try:
            self.config.check()
        except PlannerError as exc:
            raise BotError(f"bad planner bot setting: {exc}") from None
        self.boosted = replace(self.config, node_budget=nodes * MARKET_BOOST)
        self.tile_config = replace(self.config, node_budget=nodes * TILE_BOOST)
        if ms is not None:
            # CPU time, not nodes (see ``budget``): every search gets the decision's time.
            self.config = self.boosted = self.tile_config = replace(
                self.config, node_budget=10**12, time_budget=ms / 1000, clock="cpu")
        self.bank = 0.0  # CPU seconds left unspent by earlier decisions (``budget``)
        if isinstance(playouts, bool) or not isinstance(playouts, int) or playouts < 0:
            raise BotError(f"the planner bot's playout candidates must be a whole number "
                           f">= 0, not {playouts!r}")
        if playout_turns is not None and (isinstance(playout_turns, bool)
                                          or not isinstance(playout_turns, int)
                                          or playout_turns < 0):
            raise BotError(f"the planner bot's playout turns must be a whole number >= 0 or "
                           f"None (to the round's end), not {playout_turns!r}")
        self.playouts = playouts
        self.playout_turns = playout_turns
        self.deadline = math.inf  # with ``ms``: when this decision's share of CPU time ends
        self.playouts_run = 0  # greedy playouts run (``rerank``)
        self.reranked = 0  # decisions where the playouts changed the move played
        self.last_playout = False  # the last decision was a playout's, not the greedy choice
        self.scored: list[tuple[float, float, int]] = []  # the last ``best_of``'s scores
        self.tile_candidates = tile_candidates
        self.line: dict[Any, int] = {}  # State.key() -> our action along the last plan
        self.planned = self.followed = self.fallbacks = 0
        self.tile_searches = 0  # searches run after a candidate tile
        # The search behind the last decision (None: followed a plan, or the greedy choice
        # without a search), so that a caller can show what it proved (``last_status``).
        self.last: Plan | None = None
        self.last_fallback = False
        self.last_from: State | None = None  # the position ``last`` was searched from
        # The plan ``line`` follows and the position it was searched from; ``followed_from``
        # is that pair when the last decision followed it (no search), else None.
        self.line_plan: tuple[Plan, State] | None = None
        self.followed_from: tuple[Plan, State] | None = None

    def last_status(self) -> str:
        """What the search behind the last decision proved, in one plain sentence (the
        planner's ``Plan.status()``), or how the decision was made without one."""
        if self.last is None:
            return "Followed the plan of an earlier search." if not self.last_fallback \
                else "The greedy choice: no search was needed or the search stopped."
        head = "" if not self.last_fallback else \
            "The search stopped; greedy playouts chose the move played. " if self.last_playout \
            else "The search stopped, so the greedy choice was played. "
        return head + self.last.status()

    def choose(self, state: State) -> int:
        """The best-scored legal action id of the search, or the greedy bot's (see the class).
        With ``ms``, the decision's CPU time is counted against the bot's mean (``budget``)."""
        if self.ms is None or len(state.legal_action_ids()) < 2:
            return self._choose(state)
        t0 = time.process_time()
        self.deadline = t0 + max(self.ms / 1000 + self.bank / 2, MIN_SHARE * self.ms / 1000)
        try:
            return self._choose(state)
        finally:
            # What this decision left of its share (or overran it by) is carried to later
            # ones, within BANK_CAP decisions' time either way, so that decisions along the
            # plan, which need no search, leave their time to those that do, and the mean over
            # the decisions with a choice stays at ``ms``.
            cap = BANK_CAP * self.ms / 1000
            spent = time.process_time() - t0
            self.bank = min(cap, max(-cap, self.bank + self.ms / 1000 - spent))

    def _plan(self, state: State, p: int, config: PlannerConfig) -> Plan:
        """One search: ``planner`` if one was handed in, else ``plan`` as named here now."""
        return (self.planner or plan)(state, p, config)

    def budget(self, config: PlannerConfig, share: int = 1) -> PlannerConfig:
        """``config`` as given (nodes), or with ``ms``: this decision's CPU time, its share of
        ``ms`` plus half the time banked, split over ``share`` searches."""
        if self.ms is None:
            return config
        seconds = max(self.ms / 1000 + self.bank / 2, MIN_SHARE * self.ms / 1000)
        if self.playouts:
            seconds *= SEARCH_SHARE
        return replace(config, time_budget=seconds / share)

    def _choose(self, state: State) -> int:
        ids = state.legal_action_ids()
        p = state.current_player
        if len(ids) == 1 or p < 0:
            self.last, self.last_fallback = None, True
            return self.greedy.choose(state)
        self.last, self.last_fallback, self.followed_from = None, False, None
        self.last_playout = False
        key = state.key()
        aid = self.line.get(key)
        if aid is not None and aid in ids:
            self.followed += 1
            self.followed_from = self.line_plan
            return aid
        frame = state.pending[0]
        if frame == rules.F_TILE:
            return self.choose_tile(state, p, ids)
        result = None
        config = self.budget(self.boosted if frame in _BOOSTED else self.config)
        # PlannerError: the budget ran out before any first decision was valued
        with contextlib.suppress(PlannerError):
            result = self._plan(state, p, config)
        self.last, self.last_from = result, state
        if result is None or result.stopped:
            self.fallbacks += 1
            self.last_fallback = True
            return self.fallback(state, p, ids, self.greedy.choose(state))
        self.planned += 1
        aid = self.best_of(state, p, [(state.resolve(a.action), a.value)
                                      for a in result.alternatives])
        if self.playouts:
            aid = self.rerank(state, p, self.scored, aid)
        self.line = _line_of(state, result.company, result.principal_variation) \
            if aid == state.resolve(result.best) else {}
        self.line_plan = (result, state)
        return aid

    def fallback(self, state: State, p: int, ids: tuple[int, ...], greedy: int) -> int:
        """Where the search stopped: ``greedy`` (the greedy bot's choice), or with
        ``playouts`` the best playout (``rerank``) among ``ids`` rated by the greedy evaluation,
        the greedy choice played out first."""
        if not self.playouts:
            return greedy
        scored = [(evaluate(state.child(aid), p, consume=True), 0.0, aid) for aid in ids]
        aid = self.rerank(state, p, scored, greedy)
        self.last_playout = aid != greedy
        return aid

    def choose_tile(self, state: State, p: int, ids: tuple[int, ...]) -> int:
        """The tile choice: each of the ``tile_candidates`` tiles the greedy evaluation rates
        best (and the greedy bot's own pick) is taken in a copy and the rest of our turn and
        the rival's answer are searched from there with ``TILE_BOOST`` times the budget; the
        tile is scored as the best score ``best_of`` gives a first decision after it. The
        greedy bot's choice when it plays a free action first, when there are no candidates
        to search, or when any candidate's search stops on the budget (then the values are
        not comparable); ties to the greedy evaluation, then the generator."""
        greedy = self.greedy.choose(state)
        picks = [aid for aid in ids if isinstance(ACTIONS[aid], PickTile)]
        if not self.tile_candidates or not isinstance(ACTIONS[greedy], PickTile) \
                or len(picks) < 2:
            self.fallbacks += 1
            self.last_fallback = True
            return greedy
        rated = {aid: evaluate(state.child(aid), p, consume=True) for aid in picks}
        candidates = sorted(picks, key=lambda aid: -rated[aid])[:self.tile_candidates]
        if greedy not in candidates:
            candidates.append(greedy)
        scored: list[tuple[float, float, int]] = []
        lines: dict[int, dict[Any, int]] = {}
        results: dict[int, Plan] = {}
        tile_config = self.budget(self.tile_config, len(candidates))
        for aid in candidates:
            child = state.child(aid)
            self.tile_searches += 1
            result = None
            with contextlib.suppress(PlannerError):
                result = self._plan(child, p, tile_config)
            if result is None or result.stopped:
                self.fallbacks += 1
                self.line = {}
                self.last, self.last_fallback, self.last_from = result, True, child
                return self.fallback(state, p, tuple(candidates), greedy)
            results[aid] = result
            score, lines[aid] = self._after_tile(child, p, result)
            scored.append((score, rated[aid], aid))
        top = max(v for v, _, _ in scored)
        best = [(g, aid) for v, g, aid in scored if v >= top - _TIE]
        top_greedy = max(g for g, _ in best)
        aid = self.rng.choice([a for g, a in best if g >= top_greedy - _TIE])
        if self.playouts:
            aid = self.rerank(state, p, scored, aid)
        self.planned += 1
        self.line = lines[aid]
        self.last = results[aid]  # the search after the tile played
        self.last_from = state.child(aid)
        self.line_plan = (self.last, self.last_from)
        return aid

    def _after_tile(self, child: State, p: int, result: Plan) -> tuple[float, dict[Any, int]]:
        """A searched tile's score (its best first decision's searched value plus ``blend``
        times the greedy evaluation after it) and our decisions along the plan when the best
        score is the plan's own first decision."""
        if child.current_player != p or not result.alternatives:
            return result.value + self.blend * evaluate(child, p), {}
        top, first = -math.inf, -1
        for a in result.alternatives:
            aid = child.resolve(a.action)
            score = a.value + self.blend * evaluate(child.child(aid), p, consume=True)
            if score > top + _TIE:
                top, first = score, aid
        if first != child.resolve(result.best):
            return top, {}
        return top, _line_of(child, result.company, result.principal_variation)

    def best_of(self, state: State, p: int, valued: list[tuple[int, float]]) -> int:
        """The action id with the best searched value plus ``blend`` times the greedy
        evaluation of its child; remaining ties to the greedy evaluation, then the generator."""
        scored = []
        for aid, value in valued:
            greedy = evaluate(state.child(aid), p, consume=True)
            scored.append((value + self.blend * greedy, greedy, aid))
        self.scored = scored
        top = max(v for v, _, _ in scored)
        best = [(g, aid) for v, g, aid in scored if v >= top - _TIE]
        top_greedy = max(g for g, _ in best)
        return self.rng.choice([aid for g, aid in best if g >= top_greedy - _TIE])

    def rerank(self, state: State, p: int, scored: list[tuple[float, float, int]],
               chosen: int) -> int:
        """The move among the best-scored of ``scored`` (score, greedy evaluation, action id)
        whose greedy playout (``playout``) ends best for the objective; ``chosen`` (the score's
        own pick) when fewer than two were played out. Candidates are played out best-scored
        first, ``chosen`` first of all, so that the time left decides only how many are
        compared; every playout draws the same hidden future, so that they differ only by the
        move. Ties keep the earlier (better-scored) candidate."""
        order = sorted(scored, key=lambda t: (t[2] != chosen, -t[0], -t[1]))
        seed = self.rng.getrandbits(_SEED_BITS)
        best, top, done, cost = chosen, -math.inf, 0, 0.0
        for _, _, aid in order[:self.playouts]:
            if self.ms is not None:
                now = time.process_time()
                if now + cost > self.deadline:
                    break  # the next playout would take the time of later decisions
            value = self.playout(state.child(aid), p, seed)
            if self.ms is not None:
                cost = max(cost, time.process_time() - now)
            done += 1
            if value > top + _TIE:
                best, top = aid, value
        self.playouts_run += done
        if done < 2:
            return chosen
        if best != chosen:
            self.reranked += 1
        return best

    def playout(self, s: State, p: int, seed: int) -> float:
        """``s`` (used up) played on by the greedy bot for every company, its hidden future
        drawn from ``seed``, for the rest of the turn in progress and ``playout_turns`` more
        (RULINGS K1), stopping when the round is scored; valued as the objective: company
        ``p``'s greedy evaluation, minus the best rival's with the margin objective."""
        rng = random.Random(seed)
        if s.seed is not None:  # the same fresh draws for every candidate: none is peeked at
            s.seed, s.draws = seed, 0
        greedy = GreedyBot(seed)
        turns, start_round = self.playout_turns, s.round
        while not s.is_terminal() and s.round == start_round:
            if s.current_player < 0:
                s.apply_unchecked(sample_chance(s, rng))
                continue
            if turns is not None and s.pending[0] == rules.F_TILE:
                if turns == 0:
                    break
                turns -= 1
            s.apply_unchecked(greedy.choose(s))
        own = evaluate(s, p)
        if self.config.objective == "gain":
            return own
        return own - max(evaluate(s, q) for q in range(s.players) if q != p)


def _line_of(state: State, company: int, pv: tuple[tuple[str, str], ...]) -> dict[Any, int]:
    """Our decisions along a principal variation, keyed by the position they are taken in."""
    line: dict[Any, int] = {}
    name = state.cfg.companies[company]
    s = state
    for who, text in pv:
        aid = s.resolve(text)
        if aid not in s.legal_action_ids():  # cannot happen within a round; stop to be safe
            break
        if who == name:
            line[s.key()] = aid
        s = s.child(aid)
    return line



#: The solver bots Kraftwagen adds: name -> (builder from seed and parameter, default
#: parameter, what the parameter is), the layout of ``solvers.bots.BotEntry``.
BOTS: dict[str, tuple[Any, int | None, str]] = {
    "planner": (lambda seed, n: PlannerBot(seed, nodes=n), DEFAULT_PLANNER_NODES,
                "search nodes per decision"),
    "planner-time": (lambda seed, ms: PlannerBot(seed, ms=ms), DEFAULT_PLANNER_MS,
                     "milliseconds of CPU per decision"),
    # The same bot playing for its own gain in the round instead of its margin over the best
    # rival: kept to measure which objective is stronger (README of benchmarks/ladders).
    "planner-gain": (lambda seed, ms: PlannerBot(seed, ms=ms, objective="gain"),
                     DEFAULT_PLANNER_MS, "milliseconds of CPU per decision"),
    # ``planner-time`` spending the time its search leaves on greedy playouts of its best
    # candidates (PlannerBot, ``playouts``): kept beside it to measure the difference.
    "planner-playout": (lambda seed, ms: PlannerBot(seed, ms=ms, playouts=PLAYOUT_CANDIDATES),
                        DEFAULT_PLANNER_MS, "milliseconds of CPU per decision"),
    # ... and with playouts to the round's end, where the round is scored.
    "planner-playround": (lambda seed, ms: PlannerBot(seed, ms=ms, playouts=PLAYOUT_CANDIDATES,
                                                      playout_turns=None),
                          DEFAULT_PLANNER_MS, "milliseconds of CPU per decision"),
}


# --- MCTS -----------------------------------------------------------------------------------------
class KraftwagenSearch:
    """Kraftwagen's model for ``solvers.mcts.MCTSBot`` (a ``solvers.mcts.SearchModel``).

    ``greedy`` rollouts (the default): every company plays the greedy bot for the rest of the
    turn in progress and ``rollout_turns`` more turns (default 4), stopping early when the round
    is scored; ``random``: uniform moves, with the same cut. None plays to the end. A cut leaf is
    scored with ``kwcore.bots.evaluate`` for every company.
    """

    rollouts: tuple[str, ...] = ("greedy", "random")
    rollout_turns: int | None = 4
    cuts: bool = True

    def playout(self, rollout: str, rollout_turns: int | None, weights: Any,
                rng: random.Random) -> Playout:
        """The rollout policy; its greedy bot takes one draw of ``rng`` now, whatever the
        rollout (so a seed gives the same searches as the first, Kraftwagen-only MCTS)."""
        weights = DEFAULT_WEIGHTS if weights is None else weights
        greedy = GreedyBot(rng.getrandbits(32), weights)
        choose = greedy.choose if rollout == "greedy" else None

        def play(s: State, rng: random.Random) -> list[float] | None:
            turns, start_round = rollout_turns, s.round
            while not s.is_terminal():
                if turns is not None:
                    if s.round != start_round:
                        break  # the round is scored: evaluate before the next round's reveals
                    if s.pending[0] == rules.F_TILE:  # a turn begins (RULINGS K1)
                        if turns == 0:
                            break
                        turns -= 1
                s.apply_unchecked(choose(s) if choose is not None else rng.choice(s.legal))
            if s.is_terminal():
                return None
            return [evaluate(s, p, weights) for p in range(s.players)]

        return play

    def determinize(self, state: State, rng: random.Random) -> None:
        """A fresh seed for the reveals to come: nothing else in a Kraftwagen state is hidden
        (docs/architecture.md, "Chance is explicit"); one draw, even in explicit chance."""
        state.seed = rng.getrandbits(_SEED_BITS)
        state.draws = 0


SEARCH = KraftwagenSearch()


# --- tournaments ----------------------------------------------------------------------------------
PLAYERS = "companies"
SCORE_LABELS = ("sales", "GP", "achiev", "buyers")  # SCORE_SOURCES, as table headers
SHARED_WIN_RULE = "RULINGS K24"


def score_parts(state: State) -> tuple[tuple[int, ...], ...]:
    """Per company, its points by ``SCORE_SOURCES`` (``Company.score_parts``)."""
    return tuple(tuple(c.score_parts) for c in state.companies)


#: The parts of the game a participant's bot may play alone in a class tournament (the
#: built-in greedy bot decides the rest for it): name -> (what it is, is this decision in it).
SUB_GAMES: dict[str, tuple[str, Any]] = {
    "price": ("the price of each car put on the market (RULINGS K13)",
              lambda s: s.decision() == "car_price"),
}

__all__ = ["BOTS", "SUB_GAMES", "DEFAULT_BLEND", "DEFAULT_PLANNER_NODES", "DEFAULT_PLANNER_TURNS",
           "DEFAULT_TILE_CANDIDATES", "MARKET_BOOST", "PLAYERS", "SCORE_LABELS", "SCORE_SOURCES",
           "SEARCH", "SHARED_WIN_RULE", "TILE_BOOST", "KraftwagenSearch", "PlannerBot",
           "score_parts"]
