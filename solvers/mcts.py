"""Monte Carlo tree search for any registered game.

``MCTSBot`` follows the bot protocol (``name = "mcts"``, ``choose(state) -> action id``) and adds
``search(state) -> SearchResult``: the chosen action and the estimated value of the position for
every player. It is seeded (its own ``random.Random``, STYLE 9), reproducible, and spends exactly
``simulations`` simulations per decision (or, given ``seconds``, a CPU-time budget instead). It
needs only gamecore's state protocol: legal action ids, ``clone``, ``apply_unchecked``,
``current_player`` (chance and terminal included), ``chance_outcomes``, ``is_terminal``,
``scores`` and ``outcome``.

Search: max^n-style UCT. Every node keeps a reward vector with one entry per player, and the
player to move at a node picks the child best for itself. A child's value mixes its mean
reward with its max^n backed-up value (implicit minimax backups, Lanctot, Winands, Pepels and
Sturtevant 2014), because with a heuristic leaf evaluation the backed-up value is far less noisy
than the mean of a small subtree: ``(1 - w) * mean + w * backed_up + c * sqrt(ln N / n)``.

Chance and the hidden future. A seeded state carries the seed that fixes every later draw, so
searching it as it is would let the bot see the future. Each simulation therefore works on a
clone re-seeded from the bot's own generator (determinization): a state keeping gamecore's
``seed`` and ``draws`` gets a fresh seed, which samples the future from the distribution a player
who cannot see the seed believes in. Anything else a game hides (a card already dealt face down)
is not resampled by this default: such a game supplies its own ``determinize`` (below). The tree
is open-loop (nodes are action sequences), so statistics are shared across samples; selection
considers only the actions legal in the current sample. A chance node in the tree (explicit
chance, ``new_game(explicit_chance=True)``) is sampled by its outcomes' probabilities.

Rollouts and what a game contributes. The generic default plays uniformly random moves to the
end of the game, and a player's reward is its share of the win (1 for a sole winner, split on a
shared win). A game may do better through its solver package's module ``solvers.<game>.bots``
(found by name when a bot is made, so this module imports no game): its ``SEARCH`` object, a
``SearchModel``, names the game's rollout policies and its own cut and leaf evaluation, and may
re-define ``determinize``. A cut leaf is scored as ``softmax(points / temperature)`` over the
players, on the same [0, 1] scale as a win share.

Kraftwagen's model (``solvers.kraftwagen.bots``): every company plays the greedy bot
(``kwcore.bots.GreedyBot``) for the rest of the turn in progress and ``rollout_turns`` more turns,
stopping early when the round is scored (so leaves sit at the start of a turn, where evaluations
are comparable, and no later reveal is sampled inside a rollout); the leaf is scored with
``kwcore.bots.evaluate``. ``rollout="random"`` with ``rollout_turns=None`` gives textbook UCT
with random rollouts to the end (used by ``benchmarks/bench_mcts.py`` to compare with OpenSpiel's
MCTS). Greedy rollouts make the bot strong against the greedy bot in particular: within a round
the rollouts model greedy rivals exactly. Against other rivals they are a model, not the truth.
"""

from __future__ import annotations

import importlib
import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any, NamedTuple, Protocol

from gamecore.game import get as get_game

#: the reseeded clone's seed is drawn from this many bits (gamecore seeds are ints >= 0)
_SEED_BITS = 62
#: the default budget: beats the greedy bot clearly at about 20 s of CPU per 4-company game
DEFAULT_SIMULATIONS = 32
DEFAULT_GAME = "kraftwagen"
#: MCTSBot's ``rollout_turns`` when not given: the game's own default
GAME_DEFAULT: Any = object()

#: a rollout policy in play: plays the state on in place; each player's points at a cut leaf,
#: None when it played to the end of the game
Playout = Callable[[Any, random.Random], "list[float] | None"]


class SearchModel(Protocol):
    """What a game adds to the generic search (a ``solvers.<game>.bots.SEARCH`` object).

    ``rollouts``: the rollout policies by name, the default first. ``rollout_turns``: the default
    cut (None: play to the end); ``cuts`` is False for a game whose rollouts cannot be cut, which
    then accepts only None. ``playout(rollout, rollout_turns, weights, rng)`` builds the policy
    once, when the bot is made (``rng`` is the bot's generator; ``weights`` the bot's
    ``weights`` setting, None for the game's default). ``determinize(state, rng)`` gives a
    clone a fresh sample of what the player to move cannot see.
    """

    rollouts: tuple[str, ...]
    rollout_turns: int | None
    cuts: bool

    def playout(self, rollout: str, rollout_turns: int | None, weights: Any,
                rng: random.Random) -> Playout: ...

    def determinize(self, state: Any, rng: random.Random) -> None: ...


class MCTSError(ValueError):
    """A bad search request: a terminal position, an invalid setting or an unknown game."""


def sample_chance(state: Any, rng: random.Random) -> int:
    """A chance outcome's id drawn by its probability (``state.chance_outcomes()``); with equal
    probabilities one ``rng.choice`` of the legal ids (a uniform chance node costs one draw)."""
    outcomes = state.chance_outcomes()
    first = outcomes[0][1]
    if all(p == first for _, p in outcomes):
        return int(rng.choice(state.legal))
    ids = [state.resolve(o) for o, _ in outcomes]
    return int(rng.choices(ids, weights=[p for _, p in outcomes])[0])


def reseed(state: Any, rng: random.Random) -> None:
    """The generic determinization: a state keeping gamecore's ``seed`` (not None) and
    ``draws`` gets a fresh seed from ``rng``; an explicit-chance state is left as it is."""
    if getattr(state, "seed", None) is not None:
        state.seed = rng.getrandbits(_SEED_BITS)
        state.draws = 0


class RandomSearch:
    """The generic search model: uniform random rollouts to the end, chance by its odds."""

    rollouts: tuple[str, ...] = ("random",)
    rollout_turns: int | None = None
    cuts: bool = False

    def playout(self, rollout: str, rollout_turns: int | None, weights: Any,
                rng: random.Random) -> Playout:
        """A policy playing uniformly random moves (chance by its odds) to the end."""
        return _random_to_the_end

    def determinize(self, state: Any, rng: random.Random) -> None:
        """``reseed``."""
        reseed(state, rng)


def _random_to_the_end(s: Any, rng: random.Random) -> None:
    while not s.is_terminal():
        s.apply_unchecked(sample_chance(s, rng) if s.current_player < 0 else rng.choice(s.legal))
    return None


def game_solvers(game: str) -> ModuleType | None:
    """The module of ``game``'s own solver contributions, ``solvers.<game>.bots``, or None when
    the game has none. Found by name when asked, so the generic modules import no game."""
    if not game.isidentifier():  # no package has that name (and importlib must not see it)
        return None
    name = f"solvers.{game}.bots"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):  # missing itself, or its package
            return None
        raise


def search_model(game: str) -> SearchModel:
    """``game``'s search model: its ``SEARCH`` contribution, else ``RandomSearch``."""
    module = game_solvers(game)
    model: SearchModel | None = getattr(module, "SEARCH", None)
    return model if model is not None else RandomSearch()


@dataclass(frozen=True)
class SearchResult:
    """What one search found.

    ``action``: the chosen action id (the most visited first action). Per player, means over
    the simulations' leaves: ``values``, the reward, i.e. the estimated share of the win (they
    sum to 1); ``points``, the leaf evaluation in the game's points (its model's evaluation at a
    cut leaf, the final score at the end of the game); ``reputation``, the game's score itself
    (``state.scores()``, Kraftwagen's reputation), without any heuristic. ``visits`` and
    ``action_values``: per first action searched, its visits and its mean reward for the player
    to move (empty at a chance node). ``simulations``: how many simulations were run.
    """

    action: int
    values: tuple[float, ...]
    points: tuple[float, ...]
    reputation: tuple[float, ...]
    visits: dict[int, int]
    action_values: dict[int, float]
    simulations: int


class _Leaf(NamedTuple):
    """Where a simulation ended: rewards, evaluations and scores per player."""

    reward: list[float]
    points: list[float]
    reputation: list[float]


class _Node:
    """One action sequence from the root: visits, summed reward vector, max^n value."""

    __slots__ = ("visits", "reward", "children", "mover", "best")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.reward = [0.0] * players
        self.children: dict[int, _Node] = {}
        self.mover = -1  # the player to move here (-1: chance or the end), set on first visit
        self.best: list[float] = []  # the max^n backed-up reward vector


class MCTSBot:
    """Seeded max^n UCT with determinized chance and the game's rollouts (see the module).

    ``game``: the registered game's name (default Kraftwagen). ``simulations``: the budget per
    decision (exactly this many simulations, whatever the machine's speed, so play is
    reproducible; a decision with one legal action is not searched). ``exploration``: the UCT
    constant (rewards are in [0, 1]). ``minimax_weight``: the weight of the backed-up max^n
    value against the mean reward, in [0, 1]. ``rollout``: one of the game's rollout policies
    (Kraftwagen: ``"greedy"``, the default, or ``"random"``; any other game: ``"random"`` unless
    it contributes its own). ``rollout_turns``: for a game whose rollouts can be cut, whole
    turns played after the turn in progress (None: to the end of the game; default the game's,
    Kraftwagen's 4). ``seconds``: when given, a budget of CPU time per decision instead
    (``time.process_time``; at least one simulation, so play is no longer reproducible across
    machines). ``temperature``: points per unit of the softmax that turns cut leaf
    evaluations into win shares. ``weights``: the game's evaluation weights (Kraftwagen:
    ``kwcore.bots.Weights``, also used by the greedy rollouts; None: the game's default).
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = 0,
        simulations: int = DEFAULT_SIMULATIONS,
        *,
        game: str = DEFAULT_GAME,
        exploration: float = 0.1,
        rollout: str | None = None,
        rollout_turns: int | None = GAME_DEFAULT,
        temperature: float = 10.0,
        minimax_weight: float = 0.5,
        weights: Any = None,
        seconds: float | None = None,
    ) -> None:
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise MCTSError(f"simulations must be a whole number >= 1, not {simulations!r}")
        if not isinstance(game, str):
            raise MCTSError(f"game must be a registered game's name, not {game!r}")
        model = search_model(game)
        try:
            get_game(game)
        except ValueError as exc:
            raise MCTSError(f"game: {exc}") from None
        if rollout_turns is GAME_DEFAULT:
            rollout_turns = model.rollout_turns
        if rollout_turns is not None and (isinstance(rollout_turns, bool)
                                          or not isinstance(rollout_turns, int)
                                          or rollout_turns < 0):
            raise MCTSError(f"rollout_turns must be a whole number >= 0 or None, "
                            f"not {rollout_turns!r}")
        if rollout_turns is not None and not model.cuts:
            raise MCTSError(f"rollout_turns: {game}'s rollouts play to the end of the game "
                            f"(give None), not {rollout_turns!r}")
        rollout = model.rollouts[0] if rollout is None else rollout
        if rollout not in model.rollouts:
            raise MCTSError(f"rollout must be one of {', '.join(model.rollouts)}, "
                            f"not {rollout!r}")
        if not _is_number(exploration) or not exploration >= 0:
            raise MCTSError(f"exploration must be >= 0, not {exploration!r}")
        if not _is_number(minimax_weight) or not 0 <= minimax_weight <= 1:
            raise MCTSError(f"minimax_weight must be from 0 to 1, not {minimax_weight!r}")
        if not _is_number(temperature) or not temperature > 0:
            raise MCTSError(f"temperature must be > 0, not {temperature!r}")
        if seconds is not None and (not _is_number(seconds) or not seconds > 0):
            raise MCTSError(f"seconds must be > 0 or None, not {seconds!r}")
        self.rng = random.Random(seed)
        self.game = game
        self.simulations = simulations
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_turns = rollout_turns
        self.temperature = temperature
        self.weights = weights
        self.minimax_weight = minimax_weight
        self.seconds = seconds
        self._model = model
        # Built now, from the bot's generator (Kraftwagen's greedy rollouts take one draw):
        # the draws of every search follow from the seed alone.
        self._playout = model.playout(rollout, rollout_turns, weights, self.rng)

    def choose(self, state: Any) -> int:
        """The id of the action the search rates best in ``state`` (not terminal)."""
        ids = state.legal_action_ids()
        if len(ids) == 1:
            return int(ids[0])  # nothing to search; keeps the bot's generator untouched
        return self.search(state).action

    def search(self, state: Any) -> SearchResult:
        """Run ``simulations`` simulations from ``state`` and report the root's estimates.

        ``state`` is not changed. Raises MCTSError at a terminal position.
        """
        if state.is_terminal():
            raise MCTSError("the game is over: nothing to search")
        n = len(state.scores())
        root = _Node(n)
        points, reputation = [0.0] * n, [0.0] * n
        # A time budget is CPU time (other processes do not shorten it), at least one simulation.
        deadline = None if self.seconds is None else time.process_time() + self.seconds
        done = 0
        while done < self.simulations if deadline is None \
                else done == 0 or time.process_time() < deadline:
            leaf = self._simulate(state, root, n)
            done += 1
            for i in range(n):
                points[i] += leaf.points[i]
                reputation[i] += leaf.reputation[i]
        mover = state.current_player
        visits = {aid: c.visits for aid, c in root.children.items() if c.visits}
        q = {aid: root.children[aid].reward[mover] / v for aid, v in visits.items()} \
            if mover >= 0 else {}
        # Most visited wins; equal visits go to the better mean, then to the lower id.
        action = max(visits, key=lambda a: (visits[a], q.get(a, 0.0), -a))
        return SearchResult(
            action=action,
            values=tuple(r / root.visits for r in root.reward),
            points=tuple(x / root.visits for x in points),
            reputation=tuple(x / root.visits for x in reputation),
            visits=visits,
            action_values=q,
            simulations=root.visits,
        )

    # --- one simulation -------------------------------------------------------------------------
    def _simulate(self, state: Any, root: _Node, n: int) -> _Leaf:
        """One simulation: down the tree, one new node, a rollout, the backup; its leaf."""
        s = state.clone(history=False)
        self._model.determinize(s, self.rng)  # a fresh sample of the future
        node = root
        path = [root]
        while not s.is_terminal():
            mover = node.mover = s.current_player
            legal = s.legal
            if mover < 0:  # a chance node (explicit chance): sample it
                aid = sample_chance(s, self.rng)
            else:
                untried = [a for a in legal if a not in node.children]
                if untried:
                    aid = self.rng.choice(untried)
                    child = node.children[aid] = _Node(n)
                    s.apply_unchecked(aid)
                    path.append(child)
                    break
                aid = self._select(node, legal, mover)
            node = node.children.setdefault(aid, _Node(n))
            s.apply_unchecked(aid)
            path.append(node)
        leaf = self._rollout(s, n)
        reward = path[-1].best = leaf.reward
        for visited in reversed(path):
            visited.visits += 1
            for i in range(n):
                visited.reward[i] += reward[i]
            if visited.children:
                visited.best = _backup(visited)
        return leaf

    def _select(self, node: _Node, legal: tuple[int, ...], mover: int) -> int:
        """UCT for the player to move, over the children legal in this determinization.

        A child's value mixes its mean reward with its max^n backed-up value (implicit minimax
        backups, Lanctot et al. 2014): with a heuristic leaf evaluation the backed-up value is
        far less noisy than the mean of a small subtree.
        """
        children = node.children
        total = sum(children[a].visits for a in legal)
        log_total = math.log(max(total, 1))
        c, alpha = self.exploration, self.minimax_weight
        best, best_score = legal[0], -math.inf
        for aid in legal:
            child = children[aid]
            score = (1 - alpha) * child.reward[mover] / child.visits \
                + alpha * child.best[mover] + c * math.sqrt(log_total / child.visits)
            if score > best_score:
                best, best_score = aid, score
        return best

    def _rollout(self, s: Any, n: int) -> _Leaf:
        """Play the game's rollout policy on ``s``; the leaf's rewards, points and scores."""
        points = self._playout(s, self.rng)
        reputation = [float(x) for x in s.scores()]
        if points is None:  # the end of the game: the exact share of the win
            outcome = s.outcome()
            share = 1.0 / len(outcome.winners)
            reward = [share if i in outcome.winners else 0.0 for i in range(n)]
            return _Leaf(reward, reputation, reputation)
        return _Leaf(win_shares(points, self.temperature), points, reputation)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _backup(node: _Node) -> list[float]:
    """The max^n value of ``node``: its mover's best child's; at chance, the visit-weighted mean."""
    kids = [c for c in node.children.values() if c.visits]
    if node.mover >= 0:
        return max(kids, key=lambda c: c.best[node.mover]).best
    total = sum(c.visits for c in kids)
    return [sum(c.best[i] * c.visits for c in kids) / total for i in range(len(node.reward))]


def win_shares(points: list[float], temperature: float) -> list[float]:
    """Estimated shares of the win from point estimates: ``softmax(points / temperature)``."""
    top = max(points)
    weights = [math.exp((x - top) / temperature) for x in points]
    total = sum(weights)
    return [w / total for w in weights]


__all__ = ["DEFAULT_SIMULATIONS", "MCTSBot", "MCTSError", "Playout", "RandomSearch",
           "SearchModel", "SearchResult", "game_solvers", "reseed", "sample_chance",
           "search_model", "win_shares"]
