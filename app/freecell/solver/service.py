"""A long-lived solver worker process, and the small blocking API the UI calls.

Why a process: a pure-Python search in a thread shares the GIL with the GUI, so
the event loop stutters and the search loses half its speed (measured: see
docs/architecture.md).  In a child process the GUI stays smooth and the search runs at
full speed.  The child is started with ``spawn`` (never ``fork``: the parent is a
Qt process, and a forked Qt process is undefined behaviour), once, and then serves
job after job over a pipe, so the start-up cost is paid once.

Stopping: :meth:`SolverService.cancel` sets a ``multiprocessing.Event`` that the
search checks every few dozen states (it stops within milliseconds and answers
``Unknown(cancelled=True)``).  If the child does not answer in time -- a stuck
backend, a search past its budget -- :meth:`SolverService.terminate` is the hard
stop: it kills the child, and the next job starts a fresh one.

The worker imports no Qt: :mod:`freecell.solver` imports only the engine.  The
module-level :func:`worker_main` is what the child runs.
"""

from __future__ import annotations

import contextlib
import faulthandler
import itertools
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
from dataclasses import dataclass
from multiprocessing.process import BaseProcess
from multiprocessing.synchronize import Event as EventType
from typing import Any

from freecell.engine import Position, Variant
from freecell.i18n import language, set_language
from freecell.solver.api import Budget, Mode, SolverBackend, Unknown, Verdict
from freecell.solver.backends import (
    BUILTIN_ID,
    Answer,
    BackendLoader,
    Fallback,
    FallbackReason,
)
from freecell.solver.worker_messages import (
    Answered,
    Confirming,
    Failed,
    FellBack,
    FromWorker,
    Ping,
    Pong,
    Solve,
    Solved,
    Stop,
    WorkerInfo,
)

START_METHOD = "spawn"
# How long past its own budget a job may take before the child is killed.
GRACE_SECONDS = 2.0
# How long a cancelled job may take to answer before the child is killed.
CANCEL_GRACE_SECONDS = 1.0
POLL_SECONDS = 0.01
DEFAULT_BUDGET = Budget()


class SolverServiceError(RuntimeError):
    """The worker failed a job (a bug in a backend, an unknown backend id)."""


class SolverServiceClosed(SolverServiceError):
    """A job asked of a closed service: the game is shutting down, nothing failed
    (the window says nothing of it and the log does not call it an error)."""


@dataclass(frozen=True, slots=True)
class _Stopped:
    """A job that ended without an answer: the child was stopped or died."""

    verdict: Unknown
    cause: FallbackReason | None  # None: the caller asked for the stop
    detail: str = ""
    fallback: Fallback | None = None  # the built-in had already taken over


def _backend_id(backend: str | SolverBackend | BackendLoader) -> str:
    if isinstance(backend, str):
        return backend
    if isinstance(backend, BackendLoader):
        return backend.backend_id
    return str(getattr(backend, "id", ""))


def worker_main(conn: multiprocessing.connection.Connection, cancel: EventType) -> None:
    """The child's loop: answer ``ping`` and ``solve`` messages until told to stop."""
    from freecell.solver.backends import BackendLoader, UnknownBackend, get_backend, guarded_solve
    from freecell.solver.builtin import PROOF_MEMORY

    # a backend that crashes this process leaves its stack on stderr, not only an
    # exit code (the parent falls back to the built-in search and says so)
    faulthandler.enable(all_threads=True)

    # This process answers one player's questions about one game after another:
    # a position inside an earlier proof is answered without searching again.
    PROOF_MEMORY.enabled = True
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if isinstance(message, Stop):
            return
        if isinstance(message, Ping):
            qt = any(name.split(".")[0] in ("PySide6", "shiboken6") for name in sys.modules)
            conn.send(Pong(WorkerInfo(os.getpid(), qt, len(sys.modules))))
            continue
        assert isinstance(message, Solve)
        job_id, position, variant = message.job, message.position, message.variant
        budget, mode, backend = message.budget, message.mode, message.backend
        # a fallback's detail is worded here: in the language the player chose, which
        # Preferences can change while this process lives, not the environment's
        set_language(message.language)
        if isinstance(backend, BackendLoader):
            # The player's backend, loaded here from its plugin; the guard answers
            # with the built-in search when it cannot, and says so first.
            def tell(fallback: Fallback, job: int = job_id) -> None:
                conn.send(FellBack(job, fallback))

            def confirming(job: int = job_id) -> None:
                conn.send(Confirming(job))

            answer = guarded_solve(
                backend, position, variant, budget, cancel, mode, tell, confirming
            )
            conn.send(Answered(job_id, answer))
            continue
        try:
            solver = get_backend(backend) if isinstance(backend, str) else backend
            verdict = solver.solve(position, variant, budget, cancel, mode)
        except UnknownBackend as error:
            conn.send(Failed(job_id, str(error)))
        except Exception as error:  # a backend bug: report it, keep serving
            conn.send(Failed(job_id, f"{type(error).__name__}: {error}"))
        else:
            conn.send(Solved(job_id, verdict))


class SolverService:
    """One solver child process, shared by every caller; blocking and thread-safe.

    ``solve`` calls are served one at a time (a lock); ``cancel`` and ``terminate``
    may be called from any thread while a ``solve`` waits.
    """

    def __init__(self, start_method: str = START_METHOD) -> None:
        # typeshed types get_context() as BaseContext, which lacks Process.
        self._context: Any = multiprocessing.get_context(start_method)
        self._lock = threading.Lock()  # one job at a time
        self._state_lock = threading.Lock()  # guards the process handles
        self._cancel = self._context.Event()
        self._process: BaseProcess | None = None
        self._conn: multiprocessing.connection.Connection | None = None
        self._jobs = itertools.count(1)
        self._kill_requested = False
        self._cancelled_at: float | None = None
        self._closed = False
        self.spawned = 0  # how many children this service has started

    # -- the child ---------------------------------------------------------------
    def _ensure_child(self) -> multiprocessing.connection.Connection:
        with self._state_lock:
            if self._closed:
                raise SolverServiceClosed("the solver service is closed")
            if self._process is not None and self._process.is_alive() and self._conn:
                return self._conn
            self._discard_child()
            parent_end: multiprocessing.connection.Connection
            parent_end, child_end = self._context.Pipe()
            process: BaseProcess = self._context.Process(
                target=worker_main,
                args=(child_end, self._cancel),
                name="freecell-solver",
                daemon=True,
            )
            process.start()
            child_end.close()
            self._process, self._conn = process, parent_end
            self.spawned += 1
            return parent_end

    def _discard_child(self) -> None:
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            conn.close()
        if process is not None:
            if process.is_alive():
                process.terminate()
            process.join(timeout=2)
            if process.is_alive():
                process.kill()
                process.join(timeout=2)

    @property
    def pid(self) -> int | None:
        """The child's process id (None before the first job or after a hard stop)."""
        process = self._process
        return process.pid if process is not None and process.is_alive() else None

    def start(self) -> None:
        """Start the child now (otherwise the first job starts it)."""
        self._ensure_child()

    # -- jobs --------------------------------------------------------------------
    def ping(self, timeout: float = 30.0) -> WorkerInfo:
        """Ask the child about itself (starting it if needed)."""
        with self._lock:
            conn = self._ensure_child()
            conn.send(Ping())
            if not conn.poll(timeout):
                raise SolverServiceError("the solver process did not answer")
            reply = conn.recv()
            assert isinstance(reply, Pong)
            return reply.info

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget = DEFAULT_BUDGET,
        mode: Mode = Mode.FAST,
        backend: str | SolverBackend | BackendLoader = BUILTIN_ID,
    ) -> Verdict:
        """Solve in the child; block until the verdict.  ``backend`` is an id of a
        shipped backend, a (picklable) backend object, or a :class:`BackendLoader`
        (the player's backend, see :meth:`answer`).  A job stopped by :meth:`cancel`
        or :meth:`terminate` answers ``Unknown(cancelled=True)``."""
        return self.answer(position, variant, budget, mode, backend).verdict

    def answer(
        self,
        position: Position,
        variant: Variant,
        budget: Budget = DEFAULT_BUDGET,
        mode: Mode = Mode.FAST,
        backend: str | SolverBackend | BackendLoader = BUILTIN_ID,
    ) -> Answer:
        """Like :meth:`solve`, and say who answered.  A :class:`BackendLoader`'s
        backend that cannot be loaded, is unavailable, raises, answers nonsense,
        kills the child or overruns its budget is replaced by the built-in search
        for this request, and ``Answer.fallback`` says why.  An id or object backend
        that fails raises :class:`SolverServiceError` instead."""
        with self._lock:
            self._cancel.clear()
            self._cancelled_at = None
            self._kill_requested = False
            outcome = self._job(position, variant, budget, mode, backend)
            if isinstance(outcome, Answer):
                return outcome
            if isinstance(outcome, _Stopped):
                guarded = isinstance(backend, BackendLoader) and backend.backend_id != BUILTIN_ID
                if not guarded or outcome.fallback is not None or outcome.cause is None:
                    return Answer(outcome.verdict, _backend_id(backend), outcome.fallback)
                assert isinstance(backend, BackendLoader)
                fallback = Fallback(
                    backend.backend_id, backend.backend_name, outcome.cause, outcome.detail
                )
                retry = self._job(position, variant, budget, mode, BUILTIN_ID)
                verdict = retry.verdict if isinstance(retry, _Stopped | Answer) else retry
                return Answer(verdict, BUILTIN_ID, fallback)
            return Answer(outcome, _backend_id(backend))

    def _job(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        mode: Mode,
        backend: str | SolverBackend | BackendLoader,
    ) -> Verdict | Answer | _Stopped:
        """One job in the child (the caller holds the lock).  A stop that the backend
        caused -- the child died, or the job overran -- carries its ``cause``; a stop
        the caller asked for does not."""
        started = time.monotonic()
        fallback: Fallback | None = None
        confirming = False  # the built-in is checking the backend's "unsolvable"

        def stopped(cause: FallbackReason | None = None, detail: str = "") -> _Stopped:
            self._hard_stop()
            if self._kill_requested or self._cancelled_at is not None:
                cause = None  # the caller stopped it: nothing failed
            verdict = Unknown(None, 0, time.monotonic() - started, cancelled=True)
            return _Stopped(verdict, cause, detail, fallback)

        conn = self._ensure_child()
        job_id = next(self._jobs)
        try:
            conn.send(Solve(job_id, position, variant, budget, mode, backend, language()))
        except (OSError, EOFError):
            return stopped(FallbackReason.CRASHED)
        limit = started + budget.seconds + GRACE_SECONDS
        while True:
            if self._kill_requested:
                return stopped()
            try:
                ready = conn.poll(POLL_SECONDS)
                reply: FromWorker | None = conn.recv() if ready else None
            except (OSError, EOFError):
                # the child died: killed from outside, or a backend crashed it
                return stopped(FallbackReason.CRASHED)
            if reply is not None and not isinstance(reply, Pong):
                if reply.job != job_id:
                    continue  # an answer to a job nobody waits for any more
                if isinstance(reply, Failed):
                    raise SolverServiceError(reply.error)
                if isinstance(reply, FellBack | Confirming):
                    # the built-in search takes over, or checks an untrusted
                    # "unsolvable": it gets a budget of its own
                    if isinstance(reply, FellBack):
                        fallback = reply.fallback
                    confirming = isinstance(reply, Confirming)
                    limit = time.monotonic() + budget.seconds + GRACE_SECONDS
                    continue
                return reply.answer if isinstance(reply, Answered) else reply.verdict
            now = time.monotonic()
            cancelled_at = self._cancelled_at
            if cancelled_at is not None and now - cancelled_at > CANCEL_GRACE_SECONDS:
                return stopped()
            if now > limit and confirming and isinstance(backend, BackendLoader):
                # the backend answered; the built-in's check of its "unsolvable" ran
                # out of time: that answer stays the backend's opinion, no proof
                self._hard_stop()
                verdict = Unknown(None, 0, now - started)
                return Answer(verdict, backend.backend_id, unconfirmed=backend.backend_name)
            if now > limit:
                return stopped(FallbackReason.TIMED_OUT, f"{budget.seconds:g}")  # (seconds)

    def cancel(self) -> None:
        """Ask the running search to stop now (it answers ``Unknown(cancelled=True)``);
        if it has not answered within a second, the child is killed and replaced."""
        self._cancelled_at = time.monotonic()
        self._cancel.set()

    def terminate(self) -> None:
        """The hard stop: kill the child now; the waiting ``solve`` returns
        ``Unknown(cancelled=True)`` and the next job starts a fresh child."""
        self._kill_requested = True
        if not self._lock.locked():
            with self._state_lock:
                self._discard_child()

    def _hard_stop(self) -> None:
        with self._state_lock:
            self._discard_child()

    def close(self) -> None:
        """Stop the child for good (cancelling any running job)."""
        self.cancel()
        self.terminate()
        with self._lock, self._state_lock:
            conn = self._conn
            if conn is not None:
                with contextlib.suppress(OSError, EOFError):
                    conn.send(Stop())
            self._discard_child()
            self._closed = True

    def __enter__(self) -> SolverService:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
