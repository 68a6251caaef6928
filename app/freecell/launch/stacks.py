"""A crash never hides: on a fatal signal (SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL)
every thread's Python stack is written out before the process dies, so a window
that vanishes leaves more than an exit code (issue 36, finding 13).

``faulthandler`` writes to a file descriptor from inside the signal handler: the
process's stderr when it has one, else the log file (a windowed start has no
stderr).  The solver's worker processes turn it on for themselves
(``freecell.solver.service.worker_main``).
"""

from __future__ import annotations

import faulthandler
import io
import sys
from pathlib import Path
from typing import IO

_kept: list[IO[str]] = []  # the log file, held open for the handler's lifetime


def enable_crash_stacks(log_path: Path | None = None) -> str:
    """Turn ``faulthandler`` on (once); where it writes: "stderr", "log" or ""."""
    if faulthandler.is_enabled():
        return "stderr" if not _kept else "log"
    stream = sys.stderr
    try:
        if stream is not None:
            stream.fileno()
            faulthandler.enable(stream, all_threads=True)
            return "stderr"
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        pass
    if log_path is None:
        return ""
    try:
        handle = log_path.open("a", encoding="utf-8")
    except OSError:
        return ""
    _kept.append(handle)
    faulthandler.enable(handle, all_threads=True)
    return "log"
