"""A crash never hides (issue 36, finding 13): the game's processes -- the window,
``freecell-cli``, a solver worker -- write every thread's stack when a fatal signal
kills them, and the tests' child runner names the signal."""

from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from game_child import child_failure

# The game's entry points, each killed by SIGSEGV once it is running.
ENTRY_POINTS = {
    "window": """
import os, signal, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
QTimer.singleShot(200, lambda: os.kill(os.getpid(), signal.SIGSEGV))
from freecell.ui.shell.app import run
sys.exit(run(deal_number=5))
""",
    "cli": """
import os, signal, sys
from freecell.cli import main
from freecell.cli import board
def crash(args):
    os.kill(os.getpid(), signal.SIGSEGV)
board.cmd_board = crash
sys.exit(main(["board", "617"]))
""",
    "solver worker": """
import os, signal, time
from freecell.solver.service import SolverService
with SolverService() as service:
    pid = service.ping().pid
    os.kill(pid, signal.SIGSEGV)
    time.sleep(2)
""",
}


@pytest.mark.parametrize("where", sorted(ENTRY_POINTS))
def test_a_fatal_signal_leaves_its_stack(where: str, tmp_path: object) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONFAULTHANDLER"}
    env["QT_QPA_PLATFORM"] = "offscreen"
    done = subprocess.run(
        [sys.executable, "-c", ENTRY_POINTS[where]],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=str(tmp_path),
    )
    assert "Fatal Python error: Segmentation fault" in done.stderr, done.stderr
    assert "most recent call first" in done.stderr
    if where != "solver worker":
        assert done.returncode == -signal.SIGSEGV


def test_the_child_runner_names_the_signal() -> None:
    said = child_failure(-signal.SIGSEGV, "Fatal Python error: Segmentation fault")
    assert said.startswith("the child was killed by SIGSEGV")
    assert child_failure(3, "boom") == "the child exited with 3; its stderr:\nboom"


def test_closing_the_window_stops_its_deck_painting(qtbot) -> None:  # type: ignore[no-untyped-def]
    """The cause found: at exit QCoreApplication's destructor waited for a thread pool
    while a deck was still being painted in it (a gdb trace of a hung child:
    ``~QCoreApplication -> QThreadPool::waitForDone`` on the main thread, the pool's
    thread in ``QRasterPaintEngine`` under ``_PrepareJob.run``).  Now the window's
    close stops the painting and waits for it, and nothing is painted after."""
    from ui_helpers import make_window

    window = make_window(qtbot, deal=1)
    renderer = window.renderer
    renderer.prepare(300, 420, 2.0, True)
    window.close()
    assert renderer.closed and renderer.close(wait_ms=0)  # already idle
    renderer.prepare(310, 434, 2.0, False)  # asked after the close: nothing starts
    assert renderer.close(wait_ms=0) and not renderer.has_deck(310, 434, 2.0, False)
