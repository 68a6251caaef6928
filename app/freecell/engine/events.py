"""Events: what the engine tells its subscribers (the scene, scoring, statistics).

Each event that changes the table carries the position it leaves, so a subscriber
never needs to ask the game and never sees a half-applied state.  Each is a frozen,
slotted dataclass, as every value of the engine is.
"""

from __future__ import annotations

from dataclasses import dataclass

from freecell.engine.moves import Move
from freecell.engine.position import Position
from freecell.engine.refusals import Refusal
from freecell.engine.variant import Variant


@dataclass(frozen=True, slots=True)
class DealStarted:
    """A deal (or a loaded board: ``deal_number`` None) is on the table."""

    deal_number: int | None
    variant: Variant
    position: Position


@dataclass(frozen=True, slots=True)
class MoveApplied:
    """One player action (one undo step).  ``moves`` are the moves in order: the
    player's move first, then any cards safe auto-play sent home after it.
    ``before`` is the position the action started from (for animation)."""

    moves: tuple[Move, ...]
    before: Position
    position: Position
    move_count: int
    auto_finish: bool = False


@dataclass(frozen=True, slots=True)
class MoveRefused:
    """A command the rules refused, and why (a code the edge words)."""

    refusal: Refusal
    move: Move | None = None


@dataclass(frozen=True, slots=True)
class Undone:
    """One step taken back; ``moves`` are the step's moves in the order they were made."""

    moves: tuple[Move, ...]
    before: Position
    position: Position
    move_count: int


@dataclass(frozen=True, slots=True)
class Redone:
    """One step made again; ``moves`` in the order they are made."""

    moves: tuple[Move, ...]
    before: Position
    position: Position
    move_count: int


@dataclass(frozen=True, slots=True)
class GameWon:
    """All 52 cards are home."""

    deal_number: int | None
    variant: Variant
    move_count: int
    seconds: float


@dataclass(frozen=True, slots=True)
class NoMovesLeft:
    """No legal move is left (cell-to-cell and no-op moves do not count)."""


@dataclass(frozen=True, slots=True)
class AutoFinishAvailable:
    """Sent whenever whether auto finish is possible changes."""

    available: bool


@dataclass(frozen=True, slots=True)
class ClockChanged:
    """The clock started or stopped; ``seconds`` on it so far."""

    running: bool
    seconds: float


Event = (
    DealStarted
    | MoveApplied
    | MoveRefused
    | Undone
    | Redone
    | GameWon
    | NoMovesLeft
    | AutoFinishAvailable
    | ClockChanged
)
