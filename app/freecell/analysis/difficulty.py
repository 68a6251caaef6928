"""How hard a deal is (one deterministic FAST solver run), and its par.

The rating: the number of states a FAST search expands before it finds a line is
a fair measure of how much searching the deal takes, and the length of that line
says how much work playing it is.  The budget is counted in *states only* (the
time limit is a far-off safety net), so a rating never depends on how busy the
machine was: the same deal gets the same rating on every machine, in the batch run
and on demand.

Par is the SHORT-mode solution length.  It is not part of the rating (SHORT mode
spends several times the states, and its second search is capped by the clock, so
it is computed on demand for the deal being played and cached, see
:func:`par_of`).

Ratings for Microsoft deals 1-32000 ship as a compact data file (see
:mod:`freecell.analysis.ratings`); every other deal is rated on demand through the same
:func:`rate_position`, so both agree.

No Qt here: this module runs in the solver worker and in the command line.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from freecell.engine import FREECELL, Move, Position, Variant, deal
from freecell.solver.api import Budget, CancelToken, Mode, Solved, SolverBackend, Unsolvable
from freecell.solver.builtin import BuiltinSolver

# The whole budget of one rating run.  Most deals need a few hundred states; a deal
# still open after this many is unrated (no claim), never "unsolvable".  Enough for
# every deal of 1-32000: the proof of deal 11982 (39,847 states), so that the one
# lost deal is shown as unwinnable before it is played, and the longest search for
# a line (13467: 116,491 states, about 3 s; with 50,000, 14 deals were unrated).
RATING_STATES = 150_000
# A safety net only: a rating run stopped by the clock is reported as unknown
# rather than mis-rated, so the clock never changes a rating it gives.
RATING_SECONDS = 600.0
RATING_BUDGET = Budget(states=RATING_STATES, seconds=RATING_SECONDS)


class Difficulty(IntEnum):
    """The rating classes, ordered.  ``UNKNOWN``: the budget ran out (no claim);
    ``UNSOLVABLE``: the search was exhaustive (a proof)."""

    EASY = 1
    MEDIUM = 2
    HARD = 3
    EXPERT = 4
    UNKNOWN = 5
    UNSOLVABLE = 6

    @property
    def label(self) -> str:
        return _LABELS[self]

    @property
    def winnable(self) -> bool:
        """True only when a solution was found (so the deal is proven winnable)."""
        return self <= Difficulty.EXPERT


_LABELS = {
    Difficulty.EASY: "Easy",
    Difficulty.MEDIUM: "Medium",
    Difficulty.HARD: "Hard",
    Difficulty.EXPERT: "Expert",
    Difficulty.UNKNOWN: "Unrated",
    Difficulty.UNSOLVABLE: "Unwinnable",
}

# Thresholds on (states expanded, solution length).  A deal takes the harder of the
# two classes: a deal that needs a long line is not easy however quickly it is found.
# Chosen on the 1-32000 batch; docs/insight.md gives the split they make of the
# solved deals (about 29/44/17/9 per cent with the current solver).
STATE_LIMITS = ((750, Difficulty.EASY), (2_000, Difficulty.MEDIUM), (4_000, Difficulty.HARD))
LENGTH_LIMITS = ((92, Difficulty.EASY), (98, Difficulty.MEDIUM), (104, Difficulty.HARD))
PAR_BUDGET = Budget(states=300_000, seconds=8.0)


@dataclass(frozen=True, slots=True)
class Rating:
    """A deal's rating: its class, the length of the line the FAST search found
    (None unless solved) and the effort (states expanded)."""

    difficulty: Difficulty
    length: int | None
    states: int

    @property
    def label(self) -> str:
        return self.difficulty.label

    @property
    def winnable(self) -> bool:
        return self.difficulty.winnable


def _class(value: int, limits: tuple[tuple[int, Difficulty], ...]) -> Difficulty:
    for limit, difficulty in limits:
        if value <= limit:
            return difficulty
    return Difficulty.EXPERT


def classify(states: int, length: int) -> Difficulty:
    """The class of a solved deal from the search effort and the solution length."""
    return max(_class(states, STATE_LIMITS), _class(length, LENGTH_LIMITS))


def rate_position(
    position: Position,
    variant: Variant = FREECELL,
    *,
    backend: SolverBackend | None = None,
    budget: Budget = RATING_BUDGET,
    cancel: CancelToken | None = None,
) -> Rating:
    """Rate one position (deterministic for the built-in solver and a states budget)."""
    if backend is None:
        backend = BuiltinSolver()
    verdict = backend.solve(position, variant, budget, cancel, Mode.FAST)
    if isinstance(verdict, Solved):
        return Rating(
            classify(verdict.states, len(verdict.moves)), len(verdict.moves), verdict.states
        )
    if isinstance(verdict, Unsolvable):
        return Rating(Difficulty.UNSOLVABLE, None, verdict.states)
    return Rating(Difficulty.UNKNOWN, None, verdict.states)


def rate_deal(number: int, variant: Variant = FREECELL) -> Rating:
    """Rate Microsoft deal ``number`` on demand (the batch run calls this too)."""
    return rate_position(deal(number, variant), variant)


def par_of(
    position: Position,
    variant: Variant = FREECELL,
    *,
    backend: SolverBackend | None = None,
    budget: Budget = PAR_BUDGET,
    cancel: CancelToken | None = None,
) -> int | None:
    """Par: the length of the SHORT-mode solution; None when none was found."""
    line = par_line(position, variant, backend=backend, budget=budget, cancel=cancel)
    return None if line is None else len(line)


def par_line(
    position: Position,
    variant: Variant = FREECELL,
    *,
    backend: SolverBackend | None = None,
    budget: Budget = PAR_BUDGET,
    cancel: CancelToken | None = None,
) -> tuple[Move, ...] | None:
    """The SHORT-mode solution that par counts (the stepper plays this very line, so
    par and the solution shown agree); None when none was found."""
    if backend is None:
        backend = BuiltinSolver()
    verdict = backend.solve(position, variant, budget, cancel, Mode.SHORT)
    return tuple(verdict.moves) if isinstance(verdict, Solved) else None
