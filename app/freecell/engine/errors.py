"""Text the engine cannot read -- a card, a board, a move, a deal number, a game
file -- as a code and its values.

The engine speaks in codes: a :class:`TextError` carries a :class:`Problem`, the
values that go with it (the token, the counts, the variant) and the line it is on;
:func:`freecell.texts.errors.describe` words it in the player's language.  The
exception's own message is the English the engine has always given, for logs and
for a developer at the REPL.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Self


class Problem(StrEnum):
    """What is wrong with a text; the values each code carries are noted."""

    # a card or a board (Freecell Solver's format)
    NOT_A_CARD = "not-a-card"  # token
    NOT_A_FOUNDATION = "not-a-foundation"  # token
    SECOND_FREECELLS_LINE = "second-freecells-line"
    SECOND_FOUNDATIONS_LINE = "second-foundations-line"
    WRONG_COLUMN_COUNT = "wrong-column-count"  # found, wanted, variant
    TOO_MANY_CELL_CARDS = "too-many-cell-cards"  # found, wanted, variant
    DUPLICATE_CARDS = "duplicate-cards"  # cards (short names), count
    MISSING_CARDS = "missing-cards"  # cards, count
    FOUNDATION_OVERFULL = "foundation-overfull"  # suit (letter), count
    # a move in standard notation
    NOT_A_PILE = "not-a-pile"  # text, char
    BAD_COUNT = "bad-count"  # text, count
    ZERO_COUNT = "zero-count"  # text
    FOUNDATION_TO_FOUNDATION = "foundation-to-foundation"  # text
    NOT_A_MOVE = "not-a-move"  # text
    FOUNDATION_NEEDS_SUIT = "foundation-needs-suit"  # text
    # a deal number
    DEAL_OUT_OF_RANGE = "deal-out-of-range"  # number (an int, or the digits cut short)
    NOT_A_DEAL_NUMBER = "not-a-deal-number"  # text
    # a game file (its deal, board and moves report their own codes, with ``inner``)
    SECOND_KEY_LINE = "second-key-line"  # key (Moves, Deal...)
    STRAY_LINE = "stray-line"  # text
    NO_MOVES_LINE = "no-moves-line"
    UNKNOWN_VARIANT = "unknown-variant"  # variant (its id)
    DEAL_AND_BOARD = "deal-and-board"
    NO_DEAL_OR_BOARD = "no-deal-or-board"
    BAD_BOARD = "bad-board"  # inner: what is wrong with the board
    MOVE_DOES_NOT_PLAY = "move-does-not-play"  # index, move (and the error's refusal)


class TextError(ValueError):
    """A text that cannot be read: ``code`` and ``values`` say what, ``line`` where
    (counted from 1), ``inner`` the error it wraps (a game file's board)."""

    def __init__(
        self,
        message: str,
        code: Problem,
        *,
        line: int | None = None,
        inner: TextError | None = None,
        **values: object,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.line = line
        self.inner = inner
        self.values: dict[str, object] = values

    @classmethod
    def like(cls, other: TextError, message: str | None = None, line: int | None = None) -> Self:
        """An error of this class that says what ``other`` says."""
        return cls(
            str(other) if message is None else message,
            other.code,
            line=other.line if line is None else line,
            inner=other.inner,
            **other.values,
        )
