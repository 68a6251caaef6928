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
