"""Formel 1's solvers (issue 16): the race search (``race``), car valuation (``valuation``) and
the auction as a game (``auction``). They use the public ``formel1`` API only (states, their
``child``/``apply``, ``observation``, JSON positions, ``CONFIG``) and import no other game."""
