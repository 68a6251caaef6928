"""Running a piece of the game in a fresh Python process, as a player's start is:
nothing imported yet, offscreen Qt, and (when given) a data folder of its own."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def run_game_child(code: str, *args: str, home: Path | None = None) -> list[str]:
    """Run ``code`` (with ``args`` in its ``sys.argv``) and return the lines it
    printed; a child that fails fails the test, showing what it wrote to stderr."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    if home is not None:
        env["FREECELL_HOME"] = str(home)
    done = subprocess.run(
        [sys.executable, "-c", code, *args], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.splitlines()
