"""Monte Carlo tree search bot for Kraftwagen, native to kwcore (issue 5, "Bots").

``MCTSBot`` follows the ``kwcore.bots.Bot`` protocol (``name = "mcts"``, ``choose(state) ->
action id``) and adds ``search(state) -> SearchResult``: the chosen action and the estimated
value of the position for every company. It is seeded (its own ``random.Random``, STYLE 9),
reproducible, and spends exactly ``simulations`` simulations per decision.

Search: max^n-style UCT. Every node keeps a reward vector with one entry per company, and the
company to move at a node picks the child best for itself. A child's value mixes its mean
reward with its max^n backed-up value (implicit minimax backups, Lanctot, Winands, Pepels and
Sturtevant 2014), because with a heuristic leaf evaluation the backed-up value is far less noisy
than the mean of a small subtree: ``(1 - w) * mean + w * backed_up + c * sqrt(ln N / n)``.

Chance and the hidden future. A seeded state carries the seed that fixes every later reveal, so
searching it as it is would let the bot see the future. Each simulation therefore works on a
clone re-seeded from the bot's own generator (determinization). Reveals are uniform draws from
the tiles not yet seen (docs/architecture.md, "Chance is explicit"), so a fresh seed samples the
future from exactly the distribution a player who sees only ``State.observation`` believes in;
nothing else in the state is hidden. We prefer this to chance nodes in the tree because reveals
happen only between rounds and a re-seeded clone resolves them inside the engine at its speed.
The tree is open-loop (nodes are action sequences), so statistics are shared across samples;
selection considers only the actions legal in the current sample. A root waiting at an explicit
chance node (``new_game(explicit_chance=True)``) is searched by sampling its outcomes.

Rollouts. A full random rollout costs about 4 ms and random play says little about a position.
Instead every company plays the greedy bot (``kwcore.bots.GreedyBot``) for the rest of the
turn in progress and ``rollout_turns`` more turns, stopping early when the round is scored
(so that leaves sit at the start of a turn, where evaluations are comparable, and no later
reveal is sampled inside a rollout). The leaf is scored with ``kwcore.bots.evaluate`` for every
company. A company's reward is its estimated share of the win: at the end of the game the exact
share (1 for a sole winner, split on a shared win, RULINGS K24), at a cut leaf
``softmax(evaluation / temperature)`` over the companies, so both are on one scale in [0, 1].
``rollout="random"`` with ``rollout_turns=None`` gives textbook UCT with random rollouts to the
end (used by ``benchmarks/bench_mcts.py`` to compare with OpenSpiel's MCTS).

Greedy rollouts make the bot strong against the greedy bot in particular: within a round the
rollouts model greedy rivals exactly. Against other rivals they are a model, not the truth.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import NamedTuple

from kwcore import rules
from kwcore.bots import DEFAULT_WEIGHTS, GreedyBot, Weights, evaluate
from kwcore.state import State

#: the reseeded clone's seed is drawn from this many bits (kwcore seeds are ints >= 0)
_SEED_BITS = 62
ROLLOUTS = ("greedy", "random")
#: the default budget: beats the greedy bot clearly at about 20 s of CPU per 4-company game
DEFAULT_SIMULATIONS = 32


class MCTSError(ValueError):
    """A bad search request: a terminal position or an invalid setting."""


@dataclass(frozen=True)
class SearchResult:
    """What one search found.

    ``action``: the chosen action id (the most visited first action). Per company, means over
    the simulations' leaves: ``values``, the reward, i.e. the estimated share of the win (they
    sum to 1); ``points``, the leaf evaluation in reputation points (``kwcore.bots.evaluate``,
    the final reputation at the end of the game); ``reputation``, the reputation itself, without
    any heuristic (after the round's scoring when the leaves reach it). ``visits`` and
    ``action_values``: per first action searched, its visits and its mean reward for the company
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
    """Where a simulation ended: rewards, evaluations and reputations per company."""

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
        self.mover = -1  # the company to move here (-1: chance or the end), set on first visit
        self.best: list[float] = []  # the max^n backed-up reward vector


class MCTSBot:
    """Seeded max^n UCT with determinized chance and greedy rollouts to a heuristic leaf.

    ``simulations``: the budget per decision (exactly this many simulations, whatever the
    machine's speed, so play is reproducible; a decision with one legal action is not searched).
    ``exploration``: the UCT constant (rewards are in [0, 1]). ``minimax_weight``: the weight of
    the backed-up max^n value against the mean reward, in [0, 1]. ``rollout``: ``"greedy"`` or
    ``"random"``. ``rollout_turns``: whole turns played after the turn in progress (None: to
    the end of the game, not stopping at the round's end). ``temperature``: reputation points
    per unit of the softmax that turns leaf evaluations into win shares. ``weights``: the
    evaluation weights, also used by the greedy rollouts.
    """

    name = "mcts"

    def __init__(
        self,
        seed: int | None = 0,
        simulations: int = DEFAULT_SIMULATIONS,
        *,
        exploration: float = 0.1,
        rollout: str = "greedy",
        rollout_turns: int | None = 4,
        temperature: float = 10.0,
        minimax_weight: float = 0.5,
        weights: Weights = DEFAULT_WEIGHTS,
    ) -> None:
        if isinstance(simulations, bool) or not isinstance(simulations, int) or simulations < 1:
            raise MCTSError(f"simulations must be a whole number >= 1, not {simulations!r}")
        if rollout_turns is not None and (isinstance(rollout_turns, bool)
                                          or not isinstance(rollout_turns, int)
                                          or rollout_turns < 0):
            raise MCTSError(f"rollout_turns must be a whole number >= 0 or None, "
                            f"not {rollout_turns!r}")
        if rollout not in ROLLOUTS:
            raise MCTSError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if not _is_number(exploration) or not exploration >= 0:
            raise MCTSError(f"exploration must be >= 0, not {exploration!r}")
        if not _is_number(minimax_weight) or not 0 <= minimax_weight <= 1:
            raise MCTSError(f"minimax_weight must be from 0 to 1, not {minimax_weight!r}")
        if not _is_number(temperature) or not temperature > 0:
            raise MCTSError(f"temperature must be > 0, not {temperature!r}")
        self.rng = random.Random(seed)
        self.simulations = simulations
        self.exploration = exploration
        self.rollout = rollout
        self.rollout_turns = rollout_turns
        self.temperature = temperature
        self.weights = weights
        self.minimax_weight = minimax_weight
        self._greedy = GreedyBot(self.rng.getrandbits(32), weights)

    def choose(self, state: State) -> int:
        """The id of the action the search rates best in ``state`` (not terminal)."""
        ids = state.legal_action_ids()
        if len(ids) == 1:
            return ids[0]  # nothing to search; keeps the bot's generator untouched
        return self.search(state).action

    def search(self, state: State) -> SearchResult:
        """Run ``simulations`` simulations from ``state`` and report the root's estimates.

        ``state`` is not changed. Raises MCTSError at a terminal position.
        """
        if state.is_terminal():
            raise MCTSError("the game is over: nothing to search")
        n = state.players
        root = _Node(n)
        points, reputation = [0.0] * n, [0.0] * n
        for _ in range(self.simulations):
            leaf = self._simulate(state, root, n)
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
    def _simulate(self, state: State, root: _Node, n: int) -> _Leaf:
        """One simulation: down the tree, one new node, a rollout, the backup; its leaf."""
        s = state.clone(history=False)
        s.seed = self.rng.getrandbits(_SEED_BITS)  # determinize: a fresh sample of the future
        s.draws = 0
        node = root
        path = [root]
        while not s.is_terminal():
            mover = node.mover = s.current_player
            legal = s.legal
            if mover < 0:  # an explicit chance node (only at the root): sample it
                aid = self.rng.choice(legal)
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

    def _random(self, s: State) -> int:
        return self.rng.choice(s.legal)

    def _select(self, node: _Node, legal: tuple[int, ...], mover: int) -> int:
        """UCT for the company to move, over the children legal in this determinization.

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

    def _rollout(self, s: State, n: int) -> _Leaf:
        """Play the rollout policy for every company until ``rollout_turns`` more turns have
        begun, the round is scored or the game ends; the leaf's rewards and points."""
        turns, start_round = self.rollout_turns, s.round
        policy = self._greedy.choose if self.rollout == "greedy" else self._random
        while not s.is_terminal():
            if turns is not None:
                if s.round != start_round:
                    break  # the round is scored: evaluate before the next round's reveals
                if s.pending[0] == rules.F_TILE:  # a turn begins (RULINGS K1)
                    if turns == 0:
                        break
                    turns -= 1
            s.apply_unchecked(policy(s))
        reputation = [float(x) for x in s.scores()]
        outcome = s.outcome()
        if outcome is not None:
            share = 1.0 / len(outcome.winners)
            reward = [share if i in outcome.winners else 0.0 for i in range(n)]
            return _Leaf(reward, reputation, reputation)
        points = [evaluate(s, p, self.weights) for p in range(n)]
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


__all__ = ["DEFAULT_SIMULATIONS", "ROLLOUTS", "MCTSBot", "MCTSError", "SearchResult",
           "win_shares"]
