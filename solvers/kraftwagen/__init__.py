"""Kraftwagen's solvers: the turn planner, car pricing, tempo, the price game, the workshop,
the puzzles and the position builders (the game-specific half of ``solvers``)."""
