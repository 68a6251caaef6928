"""Commands: what the UI (or a script) asks of the engine.  Frozen values, no logic.

Each is a :class:`~freecell.engine.values.Value`: immutable, compared and hashed by
its fields like a frozen dataclass, but without the decorator's cost at import.
"""

from __future__ import annotations

from freecell.engine.moves import Move, Pile
from freecell.engine.position import Position
from freecell.engine.values import Value
from freecell.engine.variant import Variant


class MoveCards(Value):
    """Move cards; ``move.count`` ``None`` lets the destination imply it."""

    move: Move

    def __init__(self, move: Move) -> None:
        self._init(move)


class SendHome(Value):
    """Send the exposed card of a column or free cell home (a tap or double-click)."""

    source: Pile

    def __init__(self, source: Pile) -> None:
        self._init(source)


class Undo(Value):
    """Take back the last step (one player action)."""


class Redo(Value):
    """Make the last step taken back again."""


class UndoTo(Value):
    """Go back to the position after ``index`` steps (0: the deal) in one command.

    "Undo to the last winnable position" is this: one action, one ``Undone`` event,
    and the steps taken back stay on the redo stack (``RedoTo`` brings them back in
    one command too)."""

    index: int

    def __init__(self, index: int) -> None:
        self._init(index)


class RedoTo(Value):
    """Redo forward to the position after ``index`` steps in one command."""

    index: int

    def __init__(self, index: int) -> None:
        self._init(index)


class NewDeal(Value):
    """Start deal ``number`` (a random one when ``None``) of ``variant`` (the current
    variant when ``None``)."""

    number: int | None
    variant: Variant | None

    def __init__(self, number: int | None = None, variant: Variant | None = None) -> None:
        self._init(number, variant)


class ReplayDeal(Value):
    """Start the current deal again from its first position."""


class LoadPosition(Value):
    """Start from a board that is not a numbered deal (imported, shared, a test)."""

    position: Position
    variant: Variant

    def __init__(self, position: Position, variant: Variant) -> None:
        self._init(position, variant)


class AutoFinishStep(Value):
    """Send one more card home while auto finish runs (one move, one undo step)."""


class SetAutoPlay(Value):
    """Turn safe auto-play on or off."""

    enabled: bool

    def __init__(self, enabled: bool) -> None:
        self._init(enabled)


class PauseClock(Value):
    """Stop the clock (the player went away)."""


class ResumeClock(Value):
    """Start the clock again."""


Command = (
    MoveCards
    | SendHome
    | Undo
    | Redo
    | UndoTo
    | RedoTo
    | NewDeal
    | ReplayDeal
    | LoadPosition
    | AutoFinishStep
    | SetAutoPlay
    | PauseClock
    | ResumeClock
)
