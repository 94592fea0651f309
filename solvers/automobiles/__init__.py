"""Automobiles' solvers: bag odds (``odds``), the buy phase (``buy``), the best turn
(``turn``), the bag-building bots (``bots``) and ``kw solve`` for Automobiles (``cli``). They use
the public ``automobiles`` API only (states, their ``child``/``apply``, ``chance_outcomes``,
JSON positions, ``config``) and import no other game."""
