"""Participants' bots on a real Dask cluster: worker processes started by a nanny, as
``dask worker`` starts them, are daemonic, and the sandbox must still give each bot a process
of its own there (solvers.sandbox, "On a Dask cluster")."""

from __future__ import annotations

import time
from multiprocessing import get_context
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from solvers.tournament import fault_lines, run_tournament

GOOD = "def choose(state):\n    return state.legal_action_ids()[0]\n"
RAISES = "def choose(state):\n    raise RuntimeError('no idea')\n"


@pytest.fixture
def class_bots(tmp_path: Path) -> list[str]:
    (tmp_path / "good.py").write_text(GOOD, encoding="utf-8")
    (tmp_path / "raises.py").write_text(RAISES, encoding="utf-8")
    return [str(tmp_path / "good.py"), str(tmp_path / "raises.py"), "random"]


def test_a_dask_tournament_of_sandboxed_bots_matches_one_process_and_reports_the_fault(
        class_bots: list[str]) -> None:
    import distributed  # the "cluster" extra, installed by make

    # processes=True: a nanny starts a daemonic worker process, as a real ``dask worker`` does
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=True,
                                  dashboard_address=None) as cluster:
        with distributed.Client(cluster.scheduler_address) as client:
            worker_daemonic = client.run(
                lambda: __import__("multiprocessing").current_process().daemon)
        on_dask = run_tournament(class_bots, 3, seed=5, players=3,
                                 dask=cluster.scheduler_address, progress=False, move_seconds=5)
    assert list(worker_daemonic.values()) == [True]  # the case the sandbox must handle
    alone = run_tournament(class_bots, 3, seed=5, players=3, workers=1, progress=False,
                           move_seconds=5)
    assert on_dask.games == alone.games and on_dask.stats == alone.stats
    faults = fault_lines(on_dask)
    assert any("raises.py lost 3 games" in line and "RuntimeError: no idea" in line
               for line in faults)
    assert not any("good.py" in line for line in faults)
    for g in on_dask.games:
        assert [seat for seat, _ in g.faults] == [g.lineup.index(class_bots[1])]


HANGS = "import time\n\ndef choose(state):\n    while True:\n        time.sleep(0.05)\n"


def _hold_a_bot(path: str, conn: Connection) -> None:
    """In a daemonic process, as in a Dask worker: start a participant's bot, say its pid, and
    wait for its move (it never comes: the bot thinks for ever, deaf to its pipe)."""
    from gamecore.game import find
    from solvers.sandbox import SandboxedBot

    bot = SandboxedBot(path, "kraftwagen", seconds=600)
    conn.send(bot._process.pid)  # noqa: SLF001 - the test needs the bot's own process
    bot.choose(find("kraftwagen").new_game(3, 1))


def test_a_bots_process_ends_when_the_daemonic_process_that_started_it_is_killed(
        class_bots: list[str]) -> None:
    import psutil

    hangs = Path(class_bots[0]).with_name("hangs.py")
    hangs.write_text(HANGS, encoding="utf-8")
    context = get_context("spawn")
    mine, theirs = context.Pipe()
    holder = context.Process(target=_hold_a_bot, args=(str(hangs), theirs), daemon=True)
    holder.start()
    try:
        assert mine.poll(120), "the bot never started"
        bot = psutil.Process(mine.recv())
        assert bot.ppid() == holder.pid
        time.sleep(1)  # the position is on its way: the bot is in its endless move
    finally:
        holder.kill()  # as a nanny ends a worker that misbehaves: no clean-up runs
        holder.join(30)
    gone, alive = psutil.wait_procs([bot], timeout=60)
    assert alive == [] and gone == [bot]
