"""Background solver work for the insight features, one job at a time, by slot.

The same pattern as :mod:`.hints`: a ``QRunnable`` in a one-thread ``QThreadPool``
only *waits* on the solver's worker process (``SolverService``), so the GUI thread
never runs a search and the table never stutters.  The insight features get their
own service (their own worker process): a live winnability check must never make a
hint wait behind it.

Every job has a *slot* ("live", "trace", "par", "deal", ...).  Submitting to a slot
makes any earlier job of that slot stale: a queued one is skipped, a running one is
cancelled (``service.cancel()``, which stops the search within milliseconds), and
an answer that still arrives for it is dropped.  So "cancelled by the next move" is
one call: ``submit("live", ...)`` again, or ``cancel("live")``.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from freecell.engine import Position, Variant
from freecell.solver.api import Budget, CancelToken, Mode, Verdict
from freecell.solver.backends import BackendLoader, FallbackReason, fallback_message
from freecell.ui.features.hints import HintService

log = logging.getLogger(__name__)

Work = Callable[[HintService], Any]
DEFAULT_BUDGET = Budget()


class ServiceBackend:
    """A ``SolverBackend`` that solves in the service's worker process with the
    player's backend (``backend()``, read on the GUI thread when the job is made),
    so pure functions such as :func:`freecell.analysis.difficulty.rate_position` can
    run there.  ``fallbacks`` keeps the sentence of each time the built-in stood in."""

    def __init__(self, service: HintService, backend: BackendLoader | None = None) -> None:
        self.service = service
        self.backend = backend
        self.id = backend.backend_id if backend is not None else "builtin"
        self.name = backend.backend_name if backend is not None else "Built-in solver"
        self.fallbacks: list[str] = []
        self.liars: list[str] = []  # backends caught calling a winnable position lost

    def available(self) -> bool:
        return True

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget = DEFAULT_BUDGET,
        cancel: CancelToken | None = None,
        mode: Mode = Mode.FAST,
    ) -> Verdict:
        if self.backend is None:
            return self.service.solve(position, variant, budget, mode)
        answer = self.service.answer(position, variant, budget, mode, self.backend)
        if answer.fallback is not None:
            self.fallbacks.append(fallback_message(answer.fallback))
            if answer.fallback.reason is FallbackReason.LIED:
                self.liars.append(answer.fallback.backend_id)
        return answer.verdict


@dataclass(frozen=True, slots=True)
class _Done:
    slot: str
    token: int
    result: Any
    error: str | None


class _Signals(QObject):
    done = Signal(object)  # _Done


class _Job(QRunnable):
    def __init__(self, owner: SolverJobs, slot: str, token: int, work: Work) -> None:
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
        owner._running = (self._slot, self._token)
        result: Any = None
        error: str | None = None
        try:
            result = self._work(owner.service)
        except SolverServiceClosed:
            # the window is closing (the service is closed only then): no answer
            log.debug("insight job %s asked of the closed solver service", self._slot)
            return
        except Exception as exc:  # the worker died or a backend failed: no claim
            log.exception("insight job %s failed", self._slot)
            error = str(exc) or type(exc).__name__
        finally:
            owner._running = None
        owner._signals.done.emit(_Done(self._slot, self._token, result, error))


class SolverJobs(QObject):
    """Runs ``work(service)`` off the GUI thread and calls ``on_done(result)`` on the
    GUI thread -- only if no newer job was submitted to the same slot meanwhile."""

    def __init__(self, service: HintService, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals(self)
        self._signals.done.connect(self._on_done)
        self._lock = threading.Lock()
        self._tokens: dict[str, int] = {}
        self._callbacks: dict[str, Callable[[Any], None]] = {}
        self._errbacks: dict[str, Callable[[str], None] | None] = {}
        self._running: tuple[str, int] | None = None
        self.dropped = 0
        self._closed = False

    def is_current(self, slot: str, token: int) -> bool:
        with self._lock:
            return not self._closed and self._tokens.get(slot) == token

    def busy(self, slot: str) -> bool:
        return slot in self._callbacks

    def submit(
        self,
        slot: str,
        work: Work,
        on_done: Callable[[Any], None],
        on_error: Callable[[str], None] | None = None,
    ) -> int:
        """Queue ``work``; returns its token (``is_current(slot, token)`` tells a
        long job whether it is still wanted)."""
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

    def cancel(self, slot: str) -> None:
        """Make the slot's job stale; stop its search if it is the one running."""
        with self._lock:
            if slot not in self._tokens:
                return
            self._tokens[slot] += 1
        self._callbacks.pop(slot, None)
        self._errbacks.pop(slot, None)
        running = self._running
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
        with self._lock:
            self._closed = True
        try:
            self.service.cancel()
        except Exception:
            log.exception("cancelling the insight search failed")
        self._pool.waitForDone(3000)
        try:
            self.service.close()
        except Exception:
            log.exception("closing the insight solver service failed")
