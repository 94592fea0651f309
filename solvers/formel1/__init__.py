"""Formel 1's solvers: the race search (``race``), car valuation (``valuation``) and
the auction as a game (``auction``). They use the public ``formel1`` API only (states, their
``child``/``apply``, ``observation``, JSON positions, ``state.cfg``) and import no other game."""
