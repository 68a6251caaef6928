"""Hints off the GUI thread, with stale answers dropped.

The search itself runs in the solver's long-lived worker *process*
(``freecell.solver.service.SolverService``): a pure-Python search in a GUI-process
thread would hold the GIL and make the table stutter (see docs/architecture.md).  What runs
in ``QThreadPool`` here is only the blocking wait on that process.  Every request
carries a token; a move on the table cancels the search and bumps the token, so an
answer that arrives for a position no longer on the table is dropped.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Signal

from freecell.core.services import HintService, LazyService, asked_of, default_service
from freecell.engine import Position, Variant
from freecell.solver.api import Budget, Mode, Unknown
from freecell.solver.backends import FallbackBackend
from freecell.solver.trust import opinion_message
from freecell.ui.shell.background import Background, Slot

__all__ = ["HintAnswer", "HintRunner", "HintService", "LazyService", "default_service"]

if TYPE_CHECKING:
    # Not at run time before a hint is asked for: importing freecell.solver builds
    # the solver API's dataclasses, and the table's first frame needs none of them.
    from freecell.solver.api import Verdict
    from freecell.solver.backends import BackendLoader

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


@dataclass(frozen=True, slots=True)
class _Searched:
    verdict: Verdict
    backend_id: str  # who answered ("" when not asked by loader)
    fallback: str | None  # the sentence when the built-in stood in
    liar: str  # a backend caught calling a winnable position lost
    opinion: str | None  # an untrusted backend's "unsolvable", said as its opinion


def _hint_work(
    position: Position, variant: Variant, loader: BackendLoader | None
) -> Callable[[HintService], _Searched]:
    """The search of one hint, in the hint worker: (verdict, who answered, the
    sentence when the built-in stood in)."""

    def work(service: HintService) -> _Searched:
        backend = FallbackBackend(loader, asked_of(service, loader))
        budget = Budget(states=HINT_STATES, seconds=HINT_SECONDS)
        verdict = backend.solve(position, variant, budget, None, Mode.FAST)
        answer = backend.answer
        unconfirmed = answer.unconfirmed if answer is not None else None
        return _Searched(
            verdict,
            answer.backend_id if answer is not None and loader is not None else "",
            backend.fallbacks[0] if backend.fallbacks else None,
            backend.liars[0] if backend.liars else "",
            opinion_message(unconfirmed) if unconfirmed else None,
        )

    return work


class HintRunner(QObject):
    """Starts hint searches on the one background runner (:mod:`freecell.ui.shell.
    background`, slot ``HINT``), cancels them, and emits ``answered`` only for the
    current one.

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
        # (two threads: a cancelled search may still be returning as the next starts)
        self.jobs = Background(service, self, threads=2) if service is not None else None
        self._token = 0

    @property
    def available(self) -> bool:
        return self.jobs is not None

    @property
    def busy(self) -> bool:
        return self.jobs is not None and self.jobs.busy(Slot.HINT)

    @property
    def dropped(self) -> int:
        return self.jobs.dropped if self.jobs is not None else 0

    def request(self, position: Position, variant: Variant) -> bool:
        """Ask for a hint for ``position``; False when there is no solver (or the
        window is closing: a key pressed just before it closed asks nothing)."""
        if self.jobs is None or self.jobs.closed:
            return False
        loader = self.backend() if self.backend is not None else None
        self._token += 1
        token = self._token

        def answered(found: _Searched) -> None:
            self.answered.emit(
                HintAnswer(
                    token,
                    position,
                    found.verdict,
                    None,
                    found.backend_id,
                    found.fallback,
                    found.liar,
                    found.opinion,
                )
            )

        def failed(error: str) -> None:
            self.answered.emit(HintAnswer(token, position, Unknown(None), error))

        self.jobs.submit(Slot.HINT, _hint_work(position, variant, loader), answered, failed)
        return True

    def cancel(self) -> None:
        """Stop the search in flight (if any); its answer will be dropped."""
        if self.jobs is not None:
            self.jobs.cancel(Slot.HINT)

    def wait(self, msecs: int = 5000) -> bool:
        return self.jobs.wait(msecs) if self.jobs is not None else True

    def close(self) -> None:
        if self.jobs is not None:
            self.jobs.close()
