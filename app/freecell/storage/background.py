"""A background writer: the GUI thread hands over a write and goes on.

Saving the game in progress after every move costs a few milliseconds of fsync
(tens on a busy disk), and recording a game in a statistics file with a thousand
deal records costs tens more; on the GUI thread that is a dropped animation frame.
The writer runs jobs on one daemon thread, in the order they were handed over.  A
job submitted with a ``key`` replaces a job with the same key that has not started
yet (an older game state never written is simply superseded); a job without a key
always runs (a game counted in the statistics is never dropped).  Callers build
what they write on their own thread -- the Game is never touched from this one --
and :meth:`flush` waits until everything handed over is on disk (call it before
reading a file back, and on exit).  A process killed mid-write loses at most the
last job: the atomic file layer keeps the previous version whole.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)

Job = Callable[[], object]


class BackgroundWriter:
    def __init__(self, name: str = "freecell-storage-writer") -> None:
        self._name = name
        self._cond = threading.Condition()
        self._pending: list[tuple[str | None, Job]] = []
        self._busy = False
        self._thread: threading.Thread | None = None

    def submit(self, job: Job, key: str | None = None) -> None:
        """Run ``job`` soon on the writer thread, after the jobs already waiting.

        With a ``key``, a waiting job with the same key is dropped first.
        """
        with self._cond:
            if key is not None:
                self._pending = [(k, j) for k, j in self._pending if k != key]
            self._pending.append((key, job))
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def flush(self, timeout: float | None = 30.0) -> bool:
        """Wait until every submitted job has run; False if ``timeout`` ran out."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._busy, timeout)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                _key, job = self._pending.pop(0)
                self._busy = True
            try:
                job()
            except Exception:
                log.exception("a background save failed")
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
