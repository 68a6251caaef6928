"""A game of the history brought back: replayed, copied as one line, or rebuilt
for a review.  A row whose variant is not here (its plug-in is off) or whose board
or moves do not read is said in the message bar, and nothing changes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from freecell.engine import Game, LoadPosition, Move, Position, Variant, parse_board
from freecell.engine.oneline import format_one_line
from freecell.i18n import _
from freecell.ui.shell.door import Door, MessageKind

if TYPE_CHECKING:
    from freecell.storage.history_rows import GameRow


@dataclass(frozen=True, slots=True)
class Subject:
    """A past game: where it starts, under which rules, its moves, its origin."""

    variant: Variant
    deal: int | None
    start: Position
    moves: tuple[Move, ...]
    origin: str


def subject_of(row: GameRow, door: Door) -> Subject | None:
    """A history row as a game to review or replay; None (and said) when its
    variant is not here or its board does not read."""
    try:
        variant = door.session.plugins.variant(row.variant)
    except KeyError:
        door.say(
            _("The variant {variant} is not available: turn its plug-in on first.").format(
                variant=row.variant
            ),
            MessageKind.REFUSED,
            timeout_ms=8000,
        )
        return None
    try:
        if row.deal is not None:
            start = Game(variant, row.deal).start
        else:
            start = parse_board(row.board or "", variant)
        moves = tuple(Move.parse(m) for m in row.moves)
    except ValueError:
        door.say(
            _("This game's moves do not play: it cannot be reviewed."),
            MessageKind.REFUSED,
            timeout_ms=8000,
        )
        return None
    return Subject(variant, row.deal, start, moves, row.origin)


def replay(door: Door, row: GameRow) -> bool:
    """Deal the row's deal again (or put its board on the table), from the start."""
    subject = subject_of(row, door)
    if subject is None:
        return False
    if subject.deal is not None:
        door.session.play_variant(subject.variant, subject.deal)
    else:
        door.dispatch(LoadPosition(subject.start, subject.variant))
    door.focus_table()
    return True


def copy_line(door: Door, row: GameRow) -> str | None:
    """The row as the one line Copy game makes (:mod:`freecell.engine.oneline`)."""
    subject = subject_of(row, door)
    if subject is None:
        return None
    board = row.board or "" if subject.deal is None else ""
    return format_one_line(subject.variant.id, subject.deal, board, subject.moves)
