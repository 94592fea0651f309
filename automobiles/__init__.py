"""automobiles: the rules engine of Automobiles, a bag-building car race (issue 15).

The rules are ``docs/rules-automobiles.md`` (AU-01..AU-84, from the German seed) with the rulings
RA1-RA7 of ``RULINGS_RACING.md``; the component data (partly synthetic) is
``automobiles/data/components.json``, loaded by ``automobiles.config``.
"""
