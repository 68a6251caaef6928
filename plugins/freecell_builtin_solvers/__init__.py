"""Solver backends: the built-in pure-Python solver and Freecell Solver (``fc-solve``,
used when it is installed)."""

from __future__ import annotations

from collections.abc import Iterable

from freecell import hookimpl
from freecell.i18n import N_
from freecell.solver.api import SolverBackend

# the docstring's first paragraph, which the Plugins dialog shows: in the catalogue
DESCRIPTION = N_(
    "Solver backends: the built-in pure-Python solver and Freecell Solver (``fc-solve``, used "
    "when it is installed)."
)


@hookimpl
def freecell_solver_backends() -> Iterable[SolverBackend]:
    # imported here, not at the top: listing plugins should not load the solvers
    from freecell.solver.builtin import BuiltinSolver

    backends: list[SolverBackend] = [BuiltinSolver()]
    try:
        from freecell.solver.fcsolve import FcSolveBackend
    except ModuleNotFoundError as error:  # a build without the fc-solve bridge
        if error.name != "freecell.solver.fcsolve":
            raise
    else:
        backends.append(FcSolveBackend())
    return backends
