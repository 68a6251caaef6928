"""A one-slot background writer: the GUI thread hands over a write and goes on.

Saving the game in progress after every move costs a few milliseconds of fsync
(tens on a busy disk), which on the GUI thread is a dropped animation frame.  The
writer runs jobs on one daemon thread, in order, keeping only the *latest* pending
job (an older game state that was never written is simply superseded).  The caller
serializes on its own thread -- the Game is never touched from this one -- and
:meth:`flush` waits until everything handed over is on disk (call it before reading
the file back or on exit).  A process killed mid-write loses at most the last move:
the atomic file layer keeps the previous version whole.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

Job = Callable[[], None]


class BackgroundWriter:
    def __init__(self, name: str = "freecell-storage-writer") -> None:
        self._name = name
        self._cond = threading.Condition()
        self._pending: Job | None = None
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, job: Job) -> None:
        """Run ``job`` soon on the writer thread, replacing any job not yet started."""
        with self._cond:
            self._pending = job
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until every submitted job has run; False if ``timeout`` ran out."""
        with self._cond:
            return self._cond.wait_for(
                lambda: self._pending is None and not self._busy, timeout=timeout
            )

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None)
                job, self._pending = self._pending, None
                self._busy = True
            try:
                if job is not None:
                    job()
            except Exception:
                log.exception("a background save failed")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
