"""Hints off the GUI thread, with stale answers dropped.

The search itself runs in the solver's long-lived worker *process*
(``freecell.solver.service.SolverService``): a pure-Python search in a GUI-process
thread would hold the GIL and make the table stutter (see docs/architecture.md).  What runs
in ``QThreadPool`` here is only the blocking wait on that process.  Every request
carries a token; a move on the table cancels the search and bumps the token, so an
answer that arrives for a position no longer on the table is dropped.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from freecell.core.services import HintService, LazyService, default_service
from freecell.engine import Position, Variant

__all__ = ["HintAnswer", "HintRunner", "HintService", "LazyService", "default_service"]

if TYPE_CHECKING:
    # Not at run time before a hint is asked for: importing freecell.solver builds
    # the solver API's dataclasses, and the table's first frame needs none of them.
    from freecell.solver.api import Verdict
    from freecell.solver.backends import BackendLoader

log = logging.getLogger(__name__)

# the budget of one hint search (freecell.solver.api.Budget)
HINT_STATES = 400_000
HINT_SECONDS = 6.0


@dataclass(frozen=True, slots=True)
class HintAnswer:
    token: int
    position: Position
    verdict: Verdict
    error: str | None = None
    backend_id: str = ""  # who answered ("" when not asked by loader)
    fallback: str | None = None  # the sentence when the built-in stood in
    liar: str = ""  # a backend caught calling a winnable position lost (turn it off)
    opinion: str | None = None  # an untrusted backend's "unsolvable", said as its opinion


class _Signals(QObject):
    done = Signal(object)  # HintAnswer


class _HintJob(QRunnable):
    def __init__(
        self,
        service: HintService,
        signals: _Signals,
        token: int,
        position: Position,
        variant: Variant,
        backend: BackendLoader | None,
    ) -> None:
        super().__init__()
        self._service = service
        self._signals = signals
        self._token = token
        self._position = position
        self._variant = variant
        self._backend = backend

    def run(self) -> None:
        from freecell.solver.api import Budget, Mode, Unknown
        from freecell.solver.backends import FallbackReason, fallback_message
        from freecell.solver.service import SolverServiceClosed
        from freecell.solver.trust import opinion_message

        budget = Budget(states=HINT_STATES, seconds=HINT_SECONDS)
        error: str | None = None
        fallback: str | None = None
        opinion: str | None = None
        liar = ""
        backend_id = ""
        verdict: Verdict
        try:
            if self._backend is None:
                verdict = self._service.solve(self._position, self._variant, budget, Mode.FAST)
            else:
                answer = self._service.answer(
                    self._position, self._variant, budget, Mode.FAST, self._backend
                )
                verdict, backend_id = answer.verdict, answer.backend_id
                if answer.fallback is not None:
                    fallback = fallback_message(answer.fallback)
                    if answer.fallback.reason is FallbackReason.LIED:
                        liar = answer.fallback.backend_id
                if answer.unconfirmed:
                    opinion = opinion_message(answer.unconfirmed)
        except SolverServiceClosed:
            # the window is closing (the service is closed only then): no answer
            log.debug("a hint search asked of the closed solver service: no answer")
            return
        except Exception as exc:  # the worker died or the backend failed: no claim
            log.exception("hint search failed")
            verdict = Unknown(None)
            error = str(exc) or type(exc).__name__
        reply = HintAnswer(
            self._token, self._position, verdict, error, backend_id, fallback, liar, opinion
        )
        self._signals.done.emit(reply)


class HintRunner(QObject):
    """Starts searches, cancels them, and emits ``answered`` only for the current one.

    ``backend`` says which solver backend to ask, when asked (on the GUI thread, at
    each request): the player's choice, as the session resolves it."""

    answered = Signal(object)  # HintAnswer, for the request still current

    def __init__(
        self,
        service: HintService | None,
        backend: Callable[[], BackendLoader] | None = None,
    ) -> None:
        super().__init__()
        self.service = service
        self.backend = backend
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(2)
        self._signals = _Signals(self)
        self._signals.done.connect(self._on_done)
        self._token = 0
        self._pending: Position | None = None
        self._closed = False  # the window closed: no more searches, no more answers
        self.dropped = 0  # stale answers thrown away (for tests and curiosity)

    @property
    def available(self) -> bool:
        return self.service is not None

    @property
    def busy(self) -> bool:
        return self._pending is not None

    def request(self, position: Position, variant: Variant) -> bool:
        """Ask for a hint for ``position``; False when there is no solver (or the
        window is closing: a key pressed just before it closed asks nothing)."""
        if self.service is None or self._closed:
            return False
        self.cancel()
        self._token += 1
        self._pending = position
        backend = self.backend() if self.backend is not None else None
        job = _HintJob(self.service, self._signals, self._token, position, variant, backend)
        self._pool.start(job)
        return True

    def cancel(self) -> None:
        """Stop the search in flight (if any); its answer will be dropped."""
        if self._pending is not None and self.service is not None:
            self._token += 1
            self._pending = None
            try:
                self.service.cancel()
            except Exception:
                log.exception("cancelling the hint search failed")

    def _on_done(self, answer: HintAnswer) -> None:
        if (
            self._closed
            or answer.token != self._token
            or self._pending is None
            or answer.position != self._pending
        ):
            self.dropped += 1
            return
        self._pending = None
        self.answered.emit(answer)

    def wait(self, msecs: int = 5000) -> bool:
        return self._pool.waitForDone(msecs)

    def close(self) -> None:
        self.cancel()
        self._closed = True
        self._pool.waitForDone(3000)
        if self.service is not None:
            try:
                self.service.close()
            except Exception:
                log.exception("closing the solver service failed")
