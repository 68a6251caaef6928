"""Commands: what the UI (or a script) asks of the engine.  Frozen values, no logic.

Each is a frozen, slotted dataclass, as every value of the engine is.
"""

from __future__ import annotations

from dataclasses import dataclass

from freecell.engine.game import Game
from freecell.engine.home_moves import AutoPlay
from freecell.engine.moves import Move, Pile
from freecell.engine.position import Position
from freecell.engine.variant import Variant


@dataclass(frozen=True, slots=True)
class MoveCards:
    """Move cards; ``move.count`` ``None`` lets the destination imply it."""

    move: Move


@dataclass(frozen=True, slots=True)
class SolutionMove:
    """The solution stepper makes this move, not the player: played as
    :class:`MoveCards`, and the game counts it as help (it sets no record)."""

    move: Move


@dataclass(frozen=True, slots=True)
class SendHome:
    """Send the exposed card of a column or free cell home (a tap or double-click)."""

    source: Pile


@dataclass(frozen=True, slots=True)
class Undo:
    """Take back the last step (one player action)."""


@dataclass(frozen=True, slots=True)
class Redo:
    """Make the last step taken back again."""


@dataclass(frozen=True, slots=True)
class UndoTo:
    """Go back to the position after ``index`` steps (0: the deal) in one command.

    "Undo to the last winnable position" is this: one action, one ``Undone`` event,
    and the steps taken back stay on the redo stack (``RedoTo`` brings them back in
    one command too)."""

    index: int


@dataclass(frozen=True, slots=True)
class RedoTo:
    """Redo forward to the position after ``index`` steps in one command."""

    index: int


@dataclass(frozen=True, slots=True)
class NewDeal:
    """Start deal ``number`` (a random one when ``None``) of ``variant`` (the current
    variant when ``None``)."""

    number: int | None = None
    variant: Variant | None = None


@dataclass(frozen=True, slots=True)
class ReplayDeal:
    """Start the current deal again from its first position."""


@dataclass(frozen=True, slots=True)
class LoadPosition:
    """Start from a board that is not a numbered deal (imported, shared, a test)."""

    position: Position
    variant: Variant


@dataclass(frozen=True, slots=True)
class ContinueGame:
    """Play on with a game rebuilt elsewhere (a game file opened, pasted or dropped):
    its history and redo tail come with it, as a saved game's do."""

    game: Game


@dataclass(frozen=True, slots=True)
class AutoFinishStep:
    """Send one more card home while auto finish runs (one move, one undo step)."""


@dataclass(frozen=True, slots=True)
class SetAutoPlay:
    """Choose what auto-play sends home (a bool: safe cards or nothing)."""

    mode: AutoPlay | bool


@dataclass(frozen=True, slots=True)
class CountHint:
    """A hint was asked for: the game counts it (a helped game sets no record)."""


@dataclass(frozen=True, slots=True)
class PauseClock:
    """Stop the clock (the player went away)."""


@dataclass(frozen=True, slots=True)
class ResumeClock:
    """Start the clock again."""


Command = (
    MoveCards
    | SolutionMove
    | SendHome
    | Undo
    | Redo
    | UndoTo
    | RedoTo
    | NewDeal
    | ReplayDeal
    | LoadPosition
    | ContinueGame
    | AutoFinishStep
    | SetAutoPlay
    | CountHint
    | PauseClock
    | ResumeClock
)
