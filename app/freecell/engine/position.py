"""The position: columns, free cells and foundations, immutable.

A position is a value.  Moves make new positions; undo keeps the old ones.  Columns
are tuples listed from the card dealt first (the top of the pile, furthest from the
player) to the exposed card at the end.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from freecell.engine.cards import DECK, KING, Card, Suit
from freecell.engine.errors import Problem, TextError

_ALL_HOME = (KING, KING, KING, KING)


class InvalidPosition(TextError):
    """A board that cannot exist: duplicate or missing cards, wrong pile counts."""


@dataclass(frozen=True, slots=True)
class Position:
    columns: tuple[tuple[Card, ...], ...]
    cells: tuple[Card | None, ...]
    foundations: tuple[int, int, int, int]  # top rank home, indexed by Suit

    # -- queries -------------------------------------------------------------
    @property
    def free_cell_count(self) -> int:
        return sum(1 for c in self.cells if c is None)

    @property
    def empty_column_count(self) -> int:
        return sum(1 for col in self.columns if not col)

    @property
    def cards_home(self) -> int:
        return sum(self.foundations)

    @property
    def is_won(self) -> bool:
        return self.foundations == _ALL_HOME  # (asked on every move: no generator)

    def foundation_top(self, suit: Suit) -> Card | None:
        rank = self.foundations[suit]
        return None if rank == 0 else DECK[(rank - 1) * 4 + suit]

    def tableau_cards(self) -> Iterator[Card]:
        for column in self.columns:
            yield from column
        for cell in self.cells:
            if cell is not None:
                yield cell

    def validate(self) -> None:
        """Raise :class:`InvalidPosition` unless every card is present exactly once."""
        seen: set[Card] = set()
        duplicates: list[Card] = []
        for c in self.tableau_cards():
            if c in seen:
                duplicates.append(c)
            seen.add(c)
        for suit in Suit:
            rank = self.foundations[suit]
            if not 0 <= rank <= KING:
                raise InvalidPosition(
                    f"foundation {suit.letter} holds {rank} cards",
                    Problem.FOUNDATION_OVERFULL,
                    suit=suit.letter,
                    count=rank,
                )
            for r in range(1, rank + 1):
                home = DECK[(r - 1) * 4 + suit]
                if home in seen:
                    duplicates.append(home)
                seen.add(home)
        if duplicates:
            shorts = sorted({c.short for c in duplicates})
            names = " ".join(shorts)
            raise InvalidPosition(
                f"duplicate card(s): {names}",
                Problem.DUPLICATE_CARDS,
                cards=names,
                count=len(shorts),
            )
        missing = [c for c in DECK if c not in seen]
        if missing:
            names = " ".join(c.short for c in missing)
            raise InvalidPosition(
                f"missing card(s): {names}", Problem.MISSING_CARDS, cards=names, count=len(missing)
            )

    def canonical_key(self) -> tuple[object, ...]:
        """A key equal for positions that differ only in the order of cells and columns."""
        return (
            tuple(sorted(tuple(c.index for c in col) for col in self.columns)),
            tuple(sorted(c.index for c in self.cells if c is not None)),
            self.foundations,
        )

    # -- building new positions ------------------------------------------------
    def with_piles(
        self,
        columns: tuple[tuple[Card, ...], ...] | None = None,
        cells: tuple[Card | None, ...] | None = None,
        foundations: tuple[int, int, int, int] | None = None,
    ) -> Position:
        return Position(
            columns=self.columns if columns is None else columns,
            cells=self.cells if cells is None else cells,
            foundations=self.foundations if foundations is None else foundations,
        )


EMPTY_FOUNDATIONS: tuple[int, int, int, int] = (0, 0, 0, 0)
