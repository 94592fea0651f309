"""MCTS speed: kwcore-native ``solvers.mcts.MCTSBot`` against OpenSpiel's Python MCTS.

Run::

    python benchmarks/bench_mcts.py [--simulations N] [--repeats R] [--json]
    python benchmarks/bench_mcts.py --versus-greedy GAMES [--players P]

The position: a 4-company game with explicit chance played by seeded random decisions through
the OpenSpiel adapter (``kwcore.openspiel``) to decision 100 (mid round 1 or 2), at a company's
decision. Both searches start from that same position.

Timed in one process, workloads interleaved in each of ``R`` repeats (median reported, default
3) so load changes on a shared machine hit them alike; ``time.perf_counter``:

* like for like: ``MCTSBot(simulations=N, rollout="random", rollout_turns=None)``, i.e. UCT
  with a random rollout to the end of the game per simulation, against OpenSpiel's
  ``open_spiel.python.algorithms.mcts.MCTSBot`` with ``RandomRolloutEvaluator(1)`` (also one
  random rollout to the end per simulation), both ``N`` simulations (default 100). The ratio
  printed is ours per second over OpenSpiel's (above 1: we are faster).
* the bot as it plays: ``MCTSBot(simulations=N)`` with its default settings (greedy rollouts
  over a few turns and a heuristic leaf evaluation), simulations per second.

OpenSpiel's C++ ``pyspiel.MCTSBot`` crashes on Python games (TOOLCHAIN.md), so the Python bot is
the reference. Nothing here asserts on timing.

``--versus-greedy GAMES`` measures strength and cost instead: GAMES seeded games (game ``g``:
setup seed ``1000 + g``) of one ``MCTSBot(seed=g)`` with its default budget against greedy bots
(``GreedyBot(100 * g + i)``), the MCTS seat rotating ``g % P``. It prints every game, the MCTS
bot's share of the wins (a shared win counts its share) and its CPU seconds per game
(``time.process_time``, which a busy machine disturbs less than the wall clock).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts as os_mcts

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # run from a checkout

import kwcore.openspiel  # noqa: E402 - registers python_kraftwagen
from kwcore.bots import Bot, GreedyBot, play_game  # noqa: E402
from solvers.mcts import MCTSBot  # noqa: E402

PLAYERS = 4
DECISIONS = 100  # a mid-game position: about a third of a random game's decisions
POSITION_SEED = 2026


def mid_game() -> Any:
    """The benchmark position: an OpenSpiel state at a company's decision, mid-game."""
    game = pyspiel.load_game(kwcore.openspiel.GAME_NAME, {"players": PLAYERS})
    state = game.new_initial_state()
    rng = random.Random(POSITION_SEED)
    for _ in range(DECISIONS):
        state.apply_action(rng.choice(state.legal_actions()))
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def timed(work: Callable[[], object]) -> float:
    """Seconds one call of ``work`` takes."""
    start = time.perf_counter()
    work()
    return time.perf_counter() - start


def versus_greedy(games: int, players: int) -> None:
    """Print seeded games of MCTS against greedy bots, seats rotated, and the MCTS win share."""
    wins, cpu = 0.0, []
    for g in range(games):
        seat = g % players
        bots: list[Bot] = [GreedyBot(100 * g + i) for i in range(players)]
        bots[seat] = MCTSBot(seed=g)
        start = time.process_time()
        end = play_game(players, 1000 + g, bots)
        cpu.append(time.process_time() - start)
        outcome = end.outcome()
        assert outcome is not None
        share = 1.0 / len(outcome.winners) if seat in outcome.winners else 0.0
        wins += share
        print(f"game {g}: mcts seat {seat}, scores {end.scores()}, win {share:g}, "
              f"{cpu[-1]:.1f} s CPU", flush=True)
    print(f"{players} companies, {games} games: mcts win share {wins / games:.3f} "
          f"({wins:g} wins; equal strength would be {1 / players:.3f}); CPU s per game: "
          f"mean {statistics.mean(cpu):.1f}, max {max(cpu):.1f}")


def main(argv: list[str] | None = None) -> int:
    """Print simulations per second of both searches and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=100, help="simulations per search")
    parser.add_argument("--repeats", type=int, default=3, help="repeats (median reported)")
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    parser.add_argument("--versus-greedy", type=int, metavar="GAMES",
                        help="play GAMES games of MCTS against greedy bots instead")
    parser.add_argument("--players", type=int, default=PLAYERS, choices=(2, 3, 4),
                        help="companies in the --versus-greedy games")
    args = parser.parse_args(argv)
    if args.versus_greedy is not None:
        if args.versus_greedy < 1:
            parser.error("--versus-greedy needs at least 1 game")
        versus_greedy(args.versus_greedy, args.players)
        return 0
    if args.simulations < 1 or args.repeats < 1:
        parser.error("--simulations and --repeats must be at least 1")
    n = args.simulations
    position = mid_game()
    kw_state = position.kw
    game = position.get_game()

    def ours_full() -> object:
        return MCTSBot(seed=1, simulations=n, rollout="random",
                       rollout_turns=None).search(kw_state)

    def ours_default() -> object:
        return MCTSBot(seed=1, simulations=n).search(kw_state)

    def openspiel_full() -> object:
        bot = os_mcts.MCTSBot(game, 2.0, n,
                              os_mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)),
                              random_state=np.random.RandomState(2))
        return bot.step(position.clone())

    work = {"kwcore full rollouts": ours_full, "openspiel full rollouts": openspiel_full,
            "kwcore default": ours_default}
    seconds: dict[str, list[float]] = {name: [] for name in work}
    for run in work.values():  # warm-up
        run()
    for _ in range(args.repeats):
        for name, run in work.items():
            seconds[name].append(timed(run))
    per_s = {name: n / statistics.median(s) for name, s in seconds.items()}
    ratio = per_s["kwcore full rollouts"] / per_s["openspiel full rollouts"]
    result = {
        "players": PLAYERS, "decisions_into_game": DECISIONS, "round": kw_state.round,
        "simulations": n, "repeats": args.repeats,
        "simulations_per_s": {k: round(v, 1) for k, v in per_s.items()},
        "ratio_full_rollouts": round(ratio, 2),
        "python": sys.version.split()[0],
    }
    if args.json:
        print(json.dumps(result, indent=2))
        return 0
    print(f"position: {PLAYERS} companies, round {kw_state.round}, decision {DECISIONS} "
          f"({kw_state.decision()}); {n} simulations per search, median of {args.repeats}")
    for name, value in per_s.items():
        print(f"  {name:<26} {value:10.1f} simulations/s")
    print(f"  ratio kwcore / OpenSpiel (full random rollouts): {ratio:.1f}x")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
