"""The backends this package ships, by id.

The plugin manager registers these same classes through the
``freecell_solver_backends`` hook; this module is the plain registry the worker
process and the command line use when they are given an id, so that solving never
needs the plugin machinery (or anything it imports).
"""

from __future__ import annotations

from freecell.solver.api import SolverBackend
from freecell.solver.builtin import BuiltinSolver
from freecell.solver.fcsolve import FcSolveBackend


class UnknownBackend(LookupError):
    """No backend has that id here, or it cannot run here; the message says which."""


def builtin_backends() -> list[SolverBackend]:
    """Every backend this package ships, whether or not it can run here."""
    return [BuiltinSolver(), FcSolveBackend()]


def available_backends() -> dict[str, SolverBackend]:
    """The shipped backends that can run here, by id (the built-in one always can)."""
    return {backend.id: backend for backend in builtin_backends() if backend.available()}


def get_backend(backend_id: str) -> SolverBackend:
    """The backend with ``backend_id``; raise :class:`UnknownBackend` with a sentence."""
    for backend in builtin_backends():
        if backend.id == backend_id:
            if not backend.available():
                raise UnknownBackend(f"solver backend {backend_id!r} is not available here")
            return backend
    known = ", ".join(b.id for b in builtin_backends())
    raise UnknownBackend(f"unknown solver backend {backend_id!r} (known: {known})")
