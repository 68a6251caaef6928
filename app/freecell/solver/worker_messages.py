"""What the solver's worker process and its parent say over their pipe, as types.

The parent sends :class:`Ping`, :class:`Solve` or :class:`Stop`; the worker answers
a ping with :class:`Pong` and a job with :class:`Answered` (a guarded search's
:class:`~freecell.solver.backends.Answer`), :class:`Solved` (a plain verdict) or
:class:`Failed`, and says :class:`FellBack` first when the built-in search takes a
job over (:class:`Confirming` when it checks an untrusted backend's "unsolvable").
Every message is a small frozen dataclass: picklable, and matched by its type
instead of a string in a tuple.
"""

from __future__ import annotations

from dataclasses import dataclass

from freecell.engine import Position, Variant
from freecell.solver.api import Budget, Mode, SolverBackend, Verdict
from freecell.solver.backends import Answer, BackendLoader, Fallback


@dataclass(frozen=True)
class WorkerInfo:
    """What the worker says of itself (tests check it imports no Qt)."""

    pid: int
    qt_loaded: bool
    modules: int


# -- parent to worker ------------------------------------------------------------------
@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Stop:
    pass


@dataclass(frozen=True)
class Solve:
    job: int
    position: Position
    variant: Variant
    budget: Budget
    mode: Mode
    backend: str | SolverBackend | BackendLoader  # a shipped id, an object or a loader
    language: str  # the player's, for the words of a fallback


# -- worker to parent ------------------------------------------------------------------
@dataclass(frozen=True)
class Pong:
    info: WorkerInfo


@dataclass(frozen=True)
class FellBack:
    """The built-in search takes the job over (it gets a budget of its own)."""

    job: int
    fallback: Fallback


@dataclass(frozen=True)
class Confirming:
    """The built-in search checks an untrusted backend's "unsolvable" (it gets a
    budget of its own)."""

    job: int


@dataclass(frozen=True)
class Answered:
    job: int
    answer: Answer


@dataclass(frozen=True)
class Solved:
    job: int
    verdict: Verdict


@dataclass(frozen=True)
class Failed:
    job: int
    error: str


ToWorker = Ping | Solve | Stop
FromWorker = Pong | FellBack | Confirming | Answered | Solved | Failed
