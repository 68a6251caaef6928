"""The one interface every solver backend speaks.

``solve(position, variant, budget, cancel, mode)`` answers one of three honest
things: :class:`Solved` (a winning line, in standard notation, that replays legally
from the position given), :class:`Unsolvable` (the search was exhaustive: a proof),
or :class:`Unknown` (the budget ran out or the search was cancelled; it still offers
a sensible move, and claims nothing about solvability).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Protocol, runtime_checkable

from freecell.engine import Move, Position, Variant


class Mode(Enum):
    FAST = "fast"  # hints and verdicts: answer quickly
    SHORT = "short"  # "show me the solution": spend more to find fewer moves


@dataclass(frozen=True, slots=True)
class Budget:
    """How much a search may spend; whichever runs out first ends it."""

    states: int = 2_000_000
    seconds: float = 5.0


class CancelToken(Protocol):
    """Anything with ``is_set()``: ``threading.Event``, ``multiprocessing.Event``."""

    def is_set(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Solved:
    moves: tuple[Move, ...]
    states: int = 0
    seconds: float = 0.0

    verdict = "solved"


@dataclass(frozen=True, slots=True)
class Unsolvable:
    states: int = 0
    seconds: float = 0.0

    verdict = "unsolvable"


@dataclass(frozen=True, slots=True)
class Unknown:
    suggested_move: Move | None = None
    states: int = 0
    seconds: float = 0.0
    cancelled: bool = False

    verdict = "unknown"


Verdict = Solved | Unsolvable | Unknown


@runtime_checkable
class SolverBackend(Protocol):
    """A solver.  ``id`` is stable (used on the command line and in settings)."""

    id: str
    name: str

    def available(self) -> bool:
        """False when the backend cannot run here (e.g. ``fc-solve`` is not installed)."""
        ...

    def solve(
        self,
        position: Position,
        variant: Variant,
        budget: Budget = Budget(),
        cancel: CancelToken | None = None,
        mode: Mode = Mode.FAST,
    ) -> Verdict: ...
