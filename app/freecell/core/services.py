"""The solver's worker processes as the application sees them: made on first use.

``SolverService`` (:mod:`freecell.solver.service`) makes multiprocessing primitives
and, on its first job, a worker process; neither may slow the table's first paint,
so the session holds :class:`LazyService` handles and imports the solver only when
a search is asked for (or at ``warm_up``, a moment after the table is up).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from freecell.engine import Position, Variant
from freecell.launch import SERVICE_MODULE, module_exists

if TYPE_CHECKING:
    # not at run time: importing freecell.solver builds the solver API's dataclasses,
    # and the table's first frame needs none of them
    from freecell.solver.api import Budget, CancelToken, Mode, Verdict
    from freecell.solver.backends import Answer, Ask, BackendLoader

log = logging.getLogger(__name__)


class HintService(Protocol):
    """What the application needs of a solver service (blocking, thread-safe)."""

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        mode: Mode,
        backend: str = "builtin",
    ) -> Verdict: ...

    def answer(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        mode: Mode,
        backend: BackendLoader,
    ) -> Answer:
        """Solve with the player's ``backend``; the built-in search stands in, and
        ``Answer.fallback`` says why, when it fails."""
        ...

    def cancel(self) -> None: ...

    def close(self) -> None: ...


class LazyService:
    """The solver service, created on first use (or by ``warm_up``)."""

    def __init__(self, factory: Callable[[], HintService]) -> None:
        self._factory = factory
        self._service: HintService | None = None
        self._lock = threading.Lock()
        self._closed = False

    def _get(self) -> HintService:
        with self._lock:
            if self._closed and self._service is None:
                # closed before its first use: no worker process is started at the end
                from freecell.solver.service import SolverServiceClosed

                raise SolverServiceClosed("the solver service is closed")
            if self._service is None:
                self._service = self._factory()
            return self._service

    def warm_up(self) -> None:
        service = self._get()
        start = getattr(service, "start", None)
        if callable(start):
            start()

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        mode: Mode,
        backend: str = "builtin",
    ) -> Verdict:
        return self._get().solve(position, variant, budget, mode, backend=backend)

    def answer(
        self,
        position: Position,
        variant: Variant,
        budget: Budget,
        mode: Mode,
        backend: BackendLoader,
    ) -> Answer:
        return self._get().answer(position, variant, budget, mode, backend)

    def cancel(self) -> None:
        if self._service is not None:
            self._service.cancel()

    def close(self) -> None:
        with self._lock:
            self._closed = True
            service = self._service
        if service is not None:
            service.close()


def default_service() -> LazyService | None:
    """The solver worker process, when the solver package provides it.

    Only looks the module up: importing it (multiprocessing and the rest) waits
    for the first use or the warm-up, after the table is drawn.
    """
    if not module_exists(SERVICE_MODULE):
        log.warning("freecell.solver.service is missing: hints are off")
        return None
    return LazyService(_solver_service)


def _solver_service() -> HintService:
    from freecell.solver.service import SolverService

    return SolverService()


def asked_of(service: HintService, loader: BackendLoader | None) -> Ask:
    """One search in ``service``'s worker process, guarded there: the ``ask`` of a
    :class:`freecell.solver.backends.FallbackBackend` (``loader`` None: the built-in;
    a cancel goes to the service, not through a token)."""

    def ask(
        position: Position, variant: Variant, budget: Budget, _: CancelToken | None, mode: Mode
    ) -> Answer:
        if loader is not None:
            return service.answer(position, variant, budget, mode, loader)
        from freecell.solver.backends import BUILTIN_ID, Answer  # (see the imports above)

        return Answer(service.solve(position, variant, budget, mode), BUILTIN_ID)

    return ask
