"""Hand-made positions for rule tests.

Rule functions never need a complete deck, so these positions hold only the cards a
test is about (they are not validated); games and the bus use real deals instead.
"""

from __future__ import annotations

from freecell.engine import (
    FREECELL,
    Card,
    Move,
    Position,
    Refusal,
    Suit,
    Variant,
    check_move,
    parse_card,
)
from freecell.engine.cards import parse_rank
from freecell.engine.variant import BuildRule, EmptyColumnRule

# One rule changed at a time, for the rules' tests and their sentences' tests alike.
ANY_SUIT = Variant(id="any-suit", name="Any suit", build=BuildRule.ANY_SUIT)
NO_FILL = Variant(id="no-fill", name="No fill", empty_column=EmptyColumnRule.NOTHING)
SINGLE = Variant(id="single", name="Single cards", supermove=False)
RETURNS = Variant(id="returns", name="Returns", foundation_return=True)


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


def refused(position: Position, move: str, variant: Variant = FREECELL) -> Refusal:
    """The engine's refusal of ``move``; fails the test when the move is legal."""
    result = check_move(position, variant, Move.parse(move))
    assert isinstance(result, Refusal), f"{move} should be refused, got {result}"
    return result


def legal(position: Position, move: str, variant: Variant = FREECELL) -> Move:
    """The move as the engine resolves it; fails the test when it is refused."""
    result = check_move(position, variant, Move.parse(move))
    assert isinstance(result, Move), f"{move} should be legal: {result}"
    return result
