"""The one runner of background work: hints, live checks, ratings, par, the stepper.

A ``QRunnable`` in a ``QThreadPool`` only *waits* on a solver worker process (the
service), so the GUI thread never runs a search and the table never stutters.
Every job has a :class:`Slot`.  Submitting to a slot makes any earlier job of that
slot stale: a queued one is skipped, a running one is cancelled
(``service.cancel()``, which stops the search within milliseconds), and an answer
that still arrives for it is dropped.  So "cancelled by the next move" is one call:
``submit(slot, ...)`` again, or ``cancel(slot)``.  Which backend a job asks, with
the built-in standing in, is the job's own business: it asks through
:class:`freecell.solver.backends.FallbackBackend`.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from freecell.core.services import HintService

log = logging.getLogger(__name__)

Work = Callable[[HintService], Any]


class Slot(StrEnum):
    """What a background job is for: one job per slot at a time."""

    HINT = "hint"  # the hint the player asked for (the hint worker)
    LIVE = "live"  # live winnability (the insight worker, as all below)
    TRACE = "trace"  # the losing move of a proven loss
    SOLUTION = "solution"  # the solution stepper's line
    PAR = "par"  # the deal's rating and par
    PAR_LINE = "par-line"  # par from the stepper's line, kept in the cache
    DEAL = "deal"  # the next deal that passes the deal filter
    REVIEW = "review"  # a game's verdicts, step by step (the review)


@dataclass(frozen=True, slots=True)
class _Done:
    slot: Slot
    token: int
    result: Any
    error: str | None


class _Signals(QObject):
    done = Signal(object)  # _Done


class _Job(QRunnable):
    def __init__(self, owner: Background, slot: Slot, token: int, work: Work) -> None:
        super().__init__()
        self._owner = owner
        self._slot = slot
        self._token = token
        self._work = work

    def run(self) -> None:
        from freecell.solver.service import SolverServiceClosed

        owner = self._owner
        if not owner.is_current(self._slot, self._token):
            return  # made stale while it waited in the queue
        owner.running = (self._slot, self._token)
        result: Any = None
        error: str | None = None
        try:
            result = self._work(owner.service)
        except SolverServiceClosed:
            # the window is closing (the service is closed only then): no answer
            log.debug("a %s job asked of the closed solver service: no answer", self._slot)
            return
        except Exception as exc:  # the worker died or a backend failed: no claim
            log.exception("%s search failed", self._slot)
            error = str(exc) or type(exc).__name__
        finally:
            owner.running = None
        owner.signals.done.emit(_Done(self._slot, self._token, result, error))


class Background(QObject):
    """Runs ``work(service)`` off the GUI thread and calls ``on_done(result)`` (or
    ``on_error(text)``) on the GUI thread -- only if no newer job was submitted to
    the same slot meanwhile.  ``threads``: how many jobs may wait at once (a
    cancelled search may still be returning while the next one starts)."""

    def __init__(
        self, service: HintService, parent: QObject | None = None, *, threads: int = 1
    ) -> None:
        super().__init__(parent)
        self.service = service
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(threads)
        self.signals = _Signals(self)
        self.signals.done.connect(self._on_done)
        self._lock = threading.Lock()
        self._tokens: dict[Slot, int] = {}
        self._callbacks: dict[Slot, Callable[[Any], None]] = {}
        self._errbacks: dict[Slot, Callable[[str], None] | None] = {}
        self.running: tuple[Slot, int] | None = None
        self.dropped = 0  # stale answers thrown away (for tests and curiosity)
        self._closed = False

    @property
    def closed(self) -> bool:
        return self._closed

    def is_current(self, slot: Slot, token: int) -> bool:
        with self._lock:
            return not self._closed and self._tokens.get(slot) == token

    def busy(self, slot: Slot) -> bool:
        return slot in self._callbacks

    def submit(
        self,
        slot: Slot,
        work: Work,
        on_done: Callable[[Any], None],
        on_error: Callable[[str], None] | None = None,
    ) -> int:
        """Queue ``work``; returns its token (-1 once closed: nothing is queued)."""
        self.cancel(slot)
        with self._lock:
            if self._closed:
                return -1
            token = self._tokens.get(slot, 0) + 1
            self._tokens[slot] = token
        self._callbacks[slot] = on_done
        self._errbacks[slot] = on_error
        self._pool.start(_Job(self, slot, token, work))
        return token

    def cancel(self, slot: Slot) -> None:
        """Make the slot's job stale; stop its search if it is the one running."""
        with self._lock:
            if slot not in self._tokens:
                return
            self._tokens[slot] += 1
        self._callbacks.pop(slot, None)
        self._errbacks.pop(slot, None)
        running = self.running
        if running is not None and running[0] == slot:
            try:
                self.service.cancel()
            except Exception:
                log.exception("cancelling the %s search failed", slot)

    def _on_done(self, done: _Done) -> None:
        if not self.is_current(done.slot, done.token):
            self.dropped += 1
            return
        callback = self._callbacks.pop(done.slot, None)
        errback = self._errbacks.pop(done.slot, None)
        if done.error is not None:
            if errback is not None:
                errback(done.error)
            return
        if callback is not None:
            callback(done.result)

    def wait(self, msecs: int = 10_000) -> bool:
        return self._pool.waitForDone(msecs)

    def close(self) -> None:
        """No more jobs and no more answers; the search in flight stopped, the
        service closed."""
        with self._lock:
            self._closed = True
        try:
            self.service.cancel()
        except Exception:
            log.exception("cancelling the background search failed")
        self._pool.waitForDone(3000)
        try:
            self.service.close()
        except Exception:
            log.exception("closing the solver service failed")
