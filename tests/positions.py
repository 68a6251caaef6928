"""Hand-made positions for rule tests.

Rule functions never need a complete deck, so these positions hold only the cards a
test is about (they are not validated); games and the bus use real deals instead.
"""

from __future__ import annotations

from freecell.engine import FREECELL, Card, Position, Suit, Variant, parse_card
from freecell.engine.cards import parse_rank


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(t) for t in text.split())


def pos(
    columns: list[str],
    cells: list[str | None] | None = None,
    home: str = "",
    variant: Variant = FREECELL,
) -> Position:
    """``pos(["KH QS", "7H"], cells=["8C", None], home="H-6 S-2")``; missing columns and
    cells are empty."""
    cols = [cards(c) for c in columns] + [()] * (variant.columns - len(columns))
    held = [None if c is None else parse_card(c) for c in (cells or [])]
    held += [None] * (variant.cells - len(held))
    foundations = [0, 0, 0, 0]
    for token in home.split():
        suit, _, rank = token.partition("-")
        foundations[Suit.from_letter(suit)] = parse_rank(rank)
    return Position(
        columns=tuple(cols),
        cells=tuple(held),
        foundations=(foundations[0], foundations[1], foundations[2], foundations[3]),
    )
