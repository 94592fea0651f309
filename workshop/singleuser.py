"""A participant's JupyterLab: JupyterHub's own single-user server, started a little lighter.

`jupyterhub_config.py` starts this file (``c.Spawner.cmd``) in place of the
``jupyterhub-singleuser`` command; both run ``jupyterhub.singleuser.main`` with the same
arguments. The one difference: the server's event log (``jupyter_events``) imports
``jsonschema``, which checks the "iri" string format only when the ``rfc3987_syntax`` package can
be imported, and that import compiles a grammar at start-up. Measured on this machine: 0.82 s of
CPU to import ``jupyter_events`` with it, 0.11 s without; thirty participants signing in at
once pay it thirty times while the first ones already play. The schemas the servers log with use
the "uri" and "datetime" formats, never "iri", so nothing is checked less
(``tests/project/test_workshop.py``).
"""

from __future__ import annotations

import sys


def skip_iri_format_check() -> None:
    """Make ``import rfc3987_syntax`` fail, so ``jsonschema`` leaves its "iri" checker out."""
    sys.modules["rfc3987_syntax"] = None  # type: ignore[assignment]  # Python's "no such module"


if __name__ == "__main__":
    skip_iri_format_check()
    from jupyterhub.singleuser import main

    sys.exit(main())
