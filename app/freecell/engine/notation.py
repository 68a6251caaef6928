"""Boards in Freecell Solver's text format: parse and print.

One column a line (from the card dealt first to the exposed card), optionally
behind a ``:``; an optional ``Freecells:`` line (``-`` for an empty cell) and an
optional ``Foundations:`` line (``H-5 C-0 D-A S-K``); tens as ``T`` or ``10``.  A
fresh deal prints exactly as ``make-microsoft-freecell-board -t`` prints it; a
position with cards in cells, at home or an empty column prints the full format,
which ``fc-solve`` reads back.
"""

from __future__ import annotations

from freecell.engine.cards import KING, Card, Suit, parse_card, parse_rank, rank_letter
from freecell.engine.errors import Problem, TextError
from freecell.engine.position import InvalidPosition, Position
from freecell.engine.variant import Variant

_FOUNDATION_ORDER = (Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS, Suit.SPADES)


class BoardFormatError(TextError):
    """A board text that cannot be read: its code and values say why, its line where."""


def _is_plain(position: Position) -> bool:
    return (
        all(c is None for c in position.cells)
        and position.cards_home == 0
        and all(position.columns)
    )


def format_board(position: Position) -> str:
    """Print a position.  A fresh deal gives the bare column lines."""
    lines: list[str] = []
    if _is_plain(position):
        for column in position.columns:
            lines.append(" ".join(c.short for c in column))
        return "\n".join(lines) + "\n"
    homes = " ".join(
        f"{s.letter}-{rank_letter(position.foundations[s])}" for s in _FOUNDATION_ORDER
    )
    lines.append(f"Foundations: {homes}")
    cells = " ".join("-" if c is None else c.short for c in position.cells)
    lines.append(f"Freecells: {cells}".rstrip())
    for column in position.columns:
        lines.append((": " + " ".join(c.short for c in column)).rstrip())
    return "\n".join(lines) + "\n"


def _parse_cards(tokens: list[str], number: int) -> list[Card]:
    cards: list[Card] = []
    for token in tokens:
        try:
            cards.append(parse_card(token))
        except TextError as error:
            raise BoardFormatError.like(error, f"line {number}: {error}", line=number) from None
    return cards


def _cell_tokens(text: str) -> list[str]:
    """Split a Freecells line.  ``fc-solve -p`` prints cells in 4-character slots and
    leaves an empty cell blank, so the slots keep each card in its own cell; other
    writers separate with spaces and mark an empty cell ``-``."""
    if "-" not in text and len(text) % 4 == 0 and text:
        slots = [text[i : i + 4] for i in range(0, len(text), 4)]
        if all(s[:2] == "  " or s.strip() == "" for s in slots):
            return [s.strip() for s in slots]
    return text.split()


def parse_board(text: str, variant: Variant) -> Position:
    """Read a board for ``variant``; raise :class:`BoardFormatError` with one clear line."""
    columns: list[tuple[Card, ...]] = []
    cells: list[Card | None] | None = None
    foundations = [0, 0, 0, 0]
    seen_foundations = False
    text = text.removeprefix("\ufeff")  # a byte-order mark some editors write
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        lower = line.lower()
        if lower.startswith("freecells:"):
            if cells is not None:
                raise BoardFormatError(
                    f"line {number}: a second Freecells line",
                    Problem.SECOND_FREECELLS_LINE,
                    line=number,
                )
            cells = []
            for token in _cell_tokens(raw.split(":", 1)[1].rstrip()):
                cells.append(None if token in ("-", "") else _parse_cards([token], number)[0])
            continue
        if lower.startswith("foundations:"):
            if seen_foundations:
                raise BoardFormatError(
                    f"line {number}: a second Foundations line",
                    Problem.SECOND_FOUNDATIONS_LINE,
                    line=number,
                )
            seen_foundations = True
            for token in line.split(":", 1)[1].split():
                suit_text, dash, rank_text = token.partition("-")
                try:
                    if not dash:
                        raise ValueError
                    suit = Suit.from_letter(suit_text)
                    plain = rank_text.isascii() and rank_text.isdigit()
                    rank = int(rank_text) if plain else parse_rank(rank_text)
                    if not 0 <= rank <= KING:
                        raise ValueError
                except ValueError:
                    raise BoardFormatError(
                        f"line {number}: {token!r} is not a foundation (write it like H-5 or S-K)",
                        Problem.NOT_A_FOUNDATION,
                        line=number,
                        token=token,
                    ) from None
                foundations[suit] = rank
            continue
        body = line[1:] if line.startswith(":") else line
        columns.append(tuple(_parse_cards(body.split(), number)))

    if len(columns) != variant.columns:
        raise BoardFormatError(
            f"the board has {len(columns)} columns; {variant.name} has {variant.columns}",
            Problem.WRONG_COLUMN_COUNT,
            found=len(columns),
            wanted=variant.columns,
            variant=variant.name,
            rules=variant,
        )
    held = cells or []
    if len(held) > variant.cells:
        occupied = [c for c in held if c is not None]
        if len(occupied) > variant.cells:
            raise BoardFormatError(
                f"the board has {len(occupied)} cards in free cells; "
                f"{variant.name} has {variant.cells} cells",
                Problem.TOO_MANY_CELL_CARDS,
                found=len(occupied),
                wanted=variant.cells,
                variant=variant.name,
                rules=variant,
            )
        held = list[Card | None](occupied)
    held = held + [None] * (variant.cells - len(held))
    position = Position(
        columns=tuple(columns),
        cells=tuple(held),
        foundations=(foundations[0], foundations[1], foundations[2], foundations[3]),
    )
    try:
        position.validate()
    except InvalidPosition as error:
        raise BoardFormatError.like(error) from None
    return position
