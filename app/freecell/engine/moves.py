"""Piles and moves, with standard notation that round-trips.

Notation (as players, Freecell Solver and kpat write it): columns ``1``-``9`` and
``0`` for a tenth, free cells ``a``-``g`` (and ``i`` for an eighth, because ``h`` is
always home), foundations ``h``.  ``3a`` moves the card at the bottom of column 3 to
cell a, ``a5`` the card in cell a to column 5, ``2h``
sends a card home, ``18`` moves a card or a run from column 1 to column 8.  A count
may follow as ``v`` plus hex digits (``18v3``), as ``fc-solve -snx`` writes it for
runs that move to an empty column.  Taking a card back off a foundation (where the
variant allows it) is written ``h`` + suit letter + destination: ``hS3``, ``hDa``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from freecell.engine.cards import Suit
from freecell.engine.errors import Problem, TextError
from freecell.engine.variant import MAX_CELLS, MAX_COLUMNS

COLUMN_CHARS = "1234567890"
# The eighth free cell is written "i": "h" always means home.
CELL_CHARS = "abcdefgi"
FOUNDATION_CHAR = "h"
HEX_DIGITS = "0123456789abcdefABCDEF"


class InvalidMoveNotation(TextError):
    """Text that is not a move in standard notation."""


class PileKind(Enum):
    COLUMN = "column"
    CELL = "cell"
    FOUNDATION = "foundation"


ANY = -1  # a cell index meaning "the first empty free cell"; a foundation index meaning "its suit"


@dataclass(frozen=True, slots=True)
class Pile:
    """Where cards lie.  Columns and cells count from 0; a foundation's index is its suit."""

    kind: PileKind
    index: int

    def __post_init__(self) -> None:
        """A pile no variant can have is refused here, precisely, so no later
        ``label`` or ``notation`` meets an index it cannot name (an IndexError)."""
        if isinstance(self.index, bool) or not isinstance(self.index, int):
            raise ValueError(f"a pile index is a whole number, not {self.index!r}")
        if self.kind is PileKind.COLUMN:
            if not 0 <= self.index < MAX_COLUMNS:
                raise ValueError(
                    f"column index {self.index} is out of range: 0 to {MAX_COLUMNS - 1}"
                )
        elif self.kind is PileKind.CELL:
            if self.index != ANY and not 0 <= self.index < MAX_CELLS:
                raise ValueError(
                    f"free cell index {self.index} is out of range: 0 to {MAX_CELLS - 1}"
                )
        elif self.index != ANY and not 0 <= self.index < len(Suit):
            raise ValueError(f"foundation index {self.index} is not a suit (0 to 3)")

    @classmethod
    def column(cls, index: int) -> Pile:
        return cls(PileKind.COLUMN, index)

    @classmethod
    def cell(cls, index: int = ANY) -> Pile:
        return cls(PileKind.CELL, index)

    @classmethod
    def foundation(cls, suit: Suit | int = ANY) -> Pile:
        return cls(PileKind.FOUNDATION, int(suit))

    @property
    def is_column(self) -> bool:
        return self.kind is PileKind.COLUMN

    @property
    def is_cell(self) -> bool:
        return self.kind is PileKind.CELL

    @property
    def is_foundation(self) -> bool:
        return self.kind is PileKind.FOUNDATION

    @property
    def notation(self) -> str:
        if self.kind is PileKind.COLUMN:
            return COLUMN_CHARS[self.index]
        if self.kind is PileKind.CELL:
            return CELL_CHARS[self.index] if self.index != ANY else "a"
        return FOUNDATION_CHAR

    @property
    def label(self) -> str:
        """How the pile is named to a player: ``'column 3'``, ``'free cell b'``."""
        if self.kind is PileKind.COLUMN:
            return f"column {self.index + 1}"
        if self.kind is PileKind.CELL:
            return "a free cell" if self.index == ANY else f"free cell {CELL_CHARS[self.index]}"
        if self.index == ANY:
            return "the foundations"
        return f"the {Suit(self.index).plural} foundation"


@dataclass(frozen=True, slots=True)
class Move:
    """A move from one pile to another.  ``count`` is the number of cards; ``None``
    leaves it to the rules to work out (the destination usually implies it)."""

    source: Pile
    dest: Pile
    count: int | None = None

    def __post_init__(self) -> None:
        if self.count is not None and (
            isinstance(self.count, bool) or not isinstance(self.count, int) or self.count < 1
        ):
            raise ValueError(f"a move takes at least one card, not {self.count!r}")

    @property
    def notation(self) -> str:
        src = self.source.notation
        if self.source.is_foundation and self.source.index != ANY:
            src += Suit(self.source.index).letter  # (no suit named: printed, refused)
        text = src + self.dest.notation
        if self.count is not None and self.count > 1:
            text += f"v{self.count:x}"
        return text

    def __str__(self) -> str:
        return self.notation

    def __repr__(self) -> str:
        return f"Move.parse({self.notation!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        return parse_move(text)


def _parse_pile(char: str, text: str) -> Pile:
    if char in COLUMN_CHARS:
        return Pile.column(COLUMN_CHARS.index(char))
    if char in CELL_CHARS:
        return Pile.cell(CELL_CHARS.index(char))
    raise InvalidMoveNotation(
        f"{text!r} is not a move: {char!r} is not a column or cell",
        Problem.NOT_A_PILE,
        text=text.strip(),
        char=char,
    )


def parse_move(text: str) -> Move:
    """Parse standard notation; raise :class:`InvalidMoveNotation` with a clear reason.

    Whether the piles exist in a given variant is for the rules to say.
    """
    token = text.strip()
    body, has_count, count_text = token.partition("v")
    count: int | None = None
    if has_count:
        # ASCII hex only (int() would also take Arabic-Indic digits, "0x3" or "_"), and no more
        # digits than a count of cards needs
        if not count_text or len(count_text) > 2 or not all(c in HEX_DIGITS for c in count_text):
            raise InvalidMoveNotation(
                f"{text!r} is not a move: bad count {count_text!r}",
                Problem.BAD_COUNT,
                text=token,
                count=count_text,
            )
        count = int(count_text, 16)
        if count < 1:
            raise InvalidMoveNotation(
                f"{text!r} is not a move: a move takes at least one card",
                Problem.ZERO_COUNT,
                text=token,
            )
    if len(body) == 3 and body[0] == FOUNDATION_CHAR and body[1].upper() in "CDHS":
        suit = Suit.from_letter(body[1])
        dest_char = body[2]
        if dest_char == FOUNDATION_CHAR:
            raise InvalidMoveNotation(
                f"{text!r} is not a move: foundation to foundation",
                Problem.FOUNDATION_TO_FOUNDATION,
                text=token,
            )
        return Move(Pile.foundation(suit), _parse_pile(dest_char, text), count)
    if len(body) != 2:
        raise InvalidMoveNotation(
            f"{text!r} is not a move (write moves like 3a, a5, 2h or 18)",
            Problem.NOT_A_MOVE,
            text=token,
        )
    src_char, dest_char = body[0], body[1]
    if src_char == FOUNDATION_CHAR:
        raise InvalidMoveNotation(
            f"{text!r} is not a move: name the foundation's suit, like hS3",
            Problem.FOUNDATION_NEEDS_SUIT,
            text=token,
        )
    source = _parse_pile(src_char, text)
    dest = Pile.foundation() if dest_char == FOUNDATION_CHAR else _parse_pile(dest_char, text)
    return Move(source, dest, count)


def parse_moves(text: str) -> list[Move]:
    """Parse a move list: moves separated by white space or commas; ``#`` starts a comment."""
    moves: list[Move] = []
    # A move is a value and a list repeats few tokens (a few hundred exist): each is
    # parsed once, which made a 341,000-move list's parse 3 s -> 0.1 s (issue 36).
    parsed: dict[str, Move] = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0]
        for token in line.replace(",", " ").split():
            move = parsed.get(token)
            if move is None:
                move = parsed[token] = parse_move(token)
            moves.append(move)
    return moves
