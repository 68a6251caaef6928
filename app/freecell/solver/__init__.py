"""Solvers: pure-Python search over engine positions, and backends behind one interface."""

from freecell.solver.api import (
    Budget,
    CancelToken,
    Mode,
    Solved,
    SolverBackend,
    Unknown,
    Unsolvable,
    Verdict,
)

__all__ = [
    "Budget",
    "CancelToken",
    "Mode",
    "Solved",
    "SolverBackend",
    "Unknown",
    "Unsolvable",
    "Verdict",
]
