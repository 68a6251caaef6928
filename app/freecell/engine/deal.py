"""Microsoft-numbered deals, byte for byte.

Deal N here is deal N in Windows FreeCell, kpat, PySolFC and Freecell Solver's
``make-microsoft-freecell-board``: the Microsoft C runtime's LCG
(``seed * 214013 + 2531011``, bits 16-30 of the state) drives a card-swap shuffle of
the deck ordered AC AD AH AS 2C ... KS.  FreeCell Pro extended the numbers beyond
2^31: from 2^31 to 2^32 - 1 the random number gets bit 15 set, and from 2^32 to
2^33 - 1 the seed is ``N - 2^32`` and the random number is bits 16-31 plus one.
"""

from __future__ import annotations

import random as _random

from freecell.engine.cards import DECK, Card
from freecell.engine.errors import Problem, TextError
from freecell.engine.position import EMPTY_FOUNDATIONS, Position
from freecell.engine.variant import Variant

MIN_DEAL = 1
MAX_DEAL = 2**33 - 1  # 8,589,934,591: the last FreeCell Pro number
_MASK32 = 0xFFFFFFFF


class InvalidDealNumber(TextError):
    """A deal number outside 1 .. 8,589,934,591."""


def check_deal_number(number: int) -> int:
    if not MIN_DEAL <= number <= MAX_DEAL:
        raise InvalidDealNumber(
            f"deal number {number} is out of range: choose 1 to {MAX_DEAL:,}",
            Problem.DEAL_OUT_OF_RANGE,
            number=number,
        )
    return number


def parse_deal_number(text: str) -> int:
    """Parse what a player typed (``'11982'``, ``'#617'``, ``'1,000,000'``)."""
    cleaned = text.strip().lstrip("#").replace(",", "").replace("_", "").replace(" ", "")
    # ASCII digits only: str.isdigit() also takes "²" (which int() refuses) and
    # "١٢٣" (which int() reads as 123 without a word); neither is what was typed.
    if not (cleaned.isascii() and cleaned.isdigit()):
        shown = text.strip()
        shown = shown if len(shown) <= 40 else shown[:40] + "..."
        raise InvalidDealNumber(
            f"{shown!r} is not a deal number: type a whole number from 1 to {MAX_DEAL:,} "
            "in the digits 0-9",
            Problem.NOT_A_DEAL_NUMBER,
            text=shown,
        )
    significant = cleaned.lstrip("0")
    if len(significant) > len(str(MAX_DEAL)):  # never int() a 5000-digit string
        raise InvalidDealNumber(
            f"deal number {significant[:12]}... is out of range: choose 1 to {MAX_DEAL:,}",
            Problem.DEAL_OUT_OF_RANGE,
            number=f"{significant[:12]}...",
        )
    return check_deal_number(int(cleaned))


def microsoft_shuffle(number: int) -> list[Card]:
    """The 52 cards of deal ``number`` in the order they are dealt."""
    check_deal_number(number)
    state = number if number < 2**32 else number - 2**32
    extended_low = 2**31 <= number < 2**32
    extended_high = number >= 2**32
    deck = list(DECK)
    dealt: list[Card] = []
    for left in range(52, 0, -1):
        state = (state * 214013 + 2531011) & _MASK32
        if extended_high:
            value = ((state >> 16) & 0xFFFF) + 1
        else:
            value = (state >> 16) & 0x7FFF
            if extended_low:
                value |= 0x8000
        j = value % left
        dealt.append(deck[j])
        deck[j] = deck[left - 1]
        deck.pop()
    return dealt


def layout(cards: list[Card], variant: Variant) -> Position:
    """Lay dealt cards out for a variant: row by row into the columns, the last
    ``variant.cards_in_cells`` into the free cells."""
    in_columns = len(cards) - variant.cards_in_cells
    columns: list[list[Card]] = [[] for _ in range(variant.columns)]
    for i, c in enumerate(cards[:in_columns]):
        columns[i % variant.columns].append(c)
    cells: list[Card | None] = list(cards[in_columns:])
    cells.extend([None] * (variant.cells - len(cells)))
    return Position(
        columns=tuple(tuple(col) for col in columns),
        cells=tuple(cells),
        foundations=EMPTY_FOUNDATIONS,
    )


def deal(number: int, variant: Variant) -> Position:
    """The starting position of Microsoft deal ``number`` under ``variant``."""
    return layout(microsoft_shuffle(number), variant)


def random_deal_number(rng: _random.Random | None = None) -> int:
    """A deal number anywhere in the full range; the number is always known."""
    return (rng or _random.SystemRandom()).randint(MIN_DEAL, MAX_DEAL)
