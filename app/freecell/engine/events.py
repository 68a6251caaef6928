"""Events: what the engine tells its subscribers (the scene, scoring, statistics).

Each event that changes the table carries the position it leaves, so a subscriber
never needs to ask the game and never sees a half-applied state.  Each is a
:class:`~freecell.engine.values.Value`: immutable, compared and hashed by its
fields like a frozen dataclass, but without the decorator's cost at import.
"""

from __future__ import annotations

from freecell.engine.moves import Move
from freecell.engine.position import Position
from freecell.engine.refusals import Refusal
from freecell.engine.values import Value
from freecell.engine.variant import Variant


class DealStarted(Value):
    """A deal (or a loaded board: ``deal_number`` None) is on the table."""

    deal_number: int | None
    variant: Variant
    position: Position

    def __init__(self, deal_number: int | None, variant: Variant, position: Position) -> None:
        self._init(deal_number, variant, position)


class MoveApplied(Value):
    """One player action (one undo step).  ``moves`` are the moves in order: the
    player's move first, then any cards safe auto-play sent home after it.
    ``before`` is the position the action started from (for animation)."""

    moves: tuple[Move, ...]
    before: Position
    position: Position
    move_count: int
    auto_finish: bool

    def __init__(
        self,
        moves: tuple[Move, ...],
        before: Position,
        position: Position,
        move_count: int,
        auto_finish: bool = False,
    ) -> None:
        self._init(moves, before, position, move_count, auto_finish)


class MoveRefused(Value):
    """A command the rules refused, and why (a code the edge words)."""

    refusal: Refusal
    move: Move | None

    def __init__(self, refusal: Refusal, move: Move | None = None) -> None:
        self._init(refusal, move)


class Undone(Value):
    """One step taken back; ``moves`` are the step's moves in the order they were made."""

    moves: tuple[Move, ...]
    before: Position
    position: Position
    move_count: int

    def __init__(
        self, moves: tuple[Move, ...], before: Position, position: Position, move_count: int
    ) -> None:
        self._init(moves, before, position, move_count)


class Redone(Value):
    """One step made again; ``moves`` in the order they are made."""

    moves: tuple[Move, ...]
    before: Position
    position: Position
    move_count: int

    def __init__(
        self, moves: tuple[Move, ...], before: Position, position: Position, move_count: int
    ) -> None:
        self._init(moves, before, position, move_count)


class GameWon(Value):
    """All 52 cards are home."""

    deal_number: int | None
    variant: Variant
    move_count: int
    seconds: float

    def __init__(
        self, deal_number: int | None, variant: Variant, move_count: int, seconds: float
    ) -> None:
        self._init(deal_number, variant, move_count, seconds)


class NoMovesLeft(Value):
    """No legal move is left (cell-to-cell and no-op moves do not count)."""


class AutoFinishAvailable(Value):
    """Sent whenever whether auto finish is possible changes."""

    available: bool

    def __init__(self, available: bool) -> None:
        self._init(available)


class ClockChanged(Value):
    """The clock started or stopped; ``seconds`` on it so far."""

    running: bool
    seconds: float

    def __init__(self, running: bool, seconds: float) -> None:
        self._init(running, seconds)


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
