"""Running a piece of the game in a fresh Python process, as a player's start is:
nothing imported yet, offscreen Qt, and (when given) a data folder of its own."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path


def run_game_child(code: str, *args: str, home: Path | None = None) -> list[str]:
    """Run ``code`` (with ``args`` in its ``sys.argv``) and return the lines it
    printed; a child that fails fails the test, showing what it wrote to stderr."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONFAULTHANDLER": "1"}
    if home is not None:
        env["FREECELL_HOME"] = str(home)
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, child_failure(done.returncode, done.stderr)
    return done.stdout.splitlines()


def child_failure(returncode: int, stderr: str) -> str:
    """What a failed child says: the signal that killed it, by name, and its
    stderr (where faulthandler writes every thread's stack on a fatal signal)."""
    if returncode < 0:
        try:
            name = signal.Signals(-returncode).name
        except ValueError:
            name = f"signal {-returncode}"
        return f"the child was killed by {name}; its stderr:\n{stderr}"
    return f"the child exited with {returncode}; its stderr:\n{stderr}"
