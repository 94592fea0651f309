"""The solvers of every game: the generic part at the top (bots, MCTS, tournaments, the one
answer type and solve contract, the ``kw`` command line) and one folder per game
(``solvers/kraftwagen``, ``solvers/formel1``, ``solvers/automobiles``) with the same files for
the same jobs."""
