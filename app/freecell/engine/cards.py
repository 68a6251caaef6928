"""Cards: 52 interned values, aces low, parsed and printed the way players write them.

Cards are interned (one object per card, built once) so that positions compare and
hash quickly and so that `card is other` is as good as `card == other`.  The index
of a card (``rank * 4 + suit`` with ranks from 0) is the Microsoft deal order:
AC AD AH AS 2C ... KS.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from freecell.engine.errors import Problem, TextError


class Suit(IntEnum):
    """Suits in Microsoft deal order (clubs, diamonds, hearts, spades)."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return "CDHS"[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def colour_name(self) -> str:
        return "red" if self.is_red else "black"

    @property
    def plural(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def symbol(self) -> str:
        return "\u2663\u2666\u2665\u2660"[self]

    @classmethod
    def from_letter(cls, letter: str) -> Suit:
        index = "CDHS".find(letter.upper())
        if index < 0 or len(letter) != 1:
            raise ValueError(f"unknown suit {letter!r} (use C, D, H or S)")
        return cls(index)


RANK_LETTERS = "A23456789TJQK"
RANK_NAMES = (
    "Ace",
    "Two",
    "Three",
    "Four",
    "Five",
    "Six",
    "Seven",
    "Eight",
    "Nine",
    "Ten",
    "Jack",
    "Queen",
    "King",
)
ACE = 1
KING = 13


def rank_letter(rank: int) -> str:
    """``'A'``, ``'2'`` ... ``'T'``, ``'J'``, ``'Q'``, ``'K'``; ``'0'`` for no card."""
    return "0" if rank == 0 else RANK_LETTERS[rank - 1]


def parse_rank(text: str) -> int:
    """Parse a rank as players write it: A, 2-9, T or 10, J, Q, K (0 for none)."""
    token = text.upper()
    if token == "10":
        return 10
    if token == "0":
        return 0
    index = RANK_LETTERS.find(token)
    if index < 0 or len(token) != 1:
        raise ValueError(f"unknown rank {text!r}")
    return index + 1


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One playing card.  Build cards with :func:`card` or :func:`parse_card`."""

    rank: int
    suit: Suit
    index: int

    @property
    def is_red(self) -> bool:
        return self.suit.is_red

    @property
    def colour_name(self) -> str:
        return self.suit.colour_name

    @property
    def name(self) -> str:
        """The spoken name: ``'Seven of hearts'``."""
        return f"{RANK_NAMES[self.rank - 1]} of {self.suit.plural}"

    @property
    def short(self) -> str:
        """Freecell Solver's token: ``'7H'``, ``'TD'``."""
        return RANK_LETTERS[self.rank - 1] + self.suit.letter

    def __str__(self) -> str:
        return self.short

    def __repr__(self) -> str:
        return f"card({self.short!r})"

    def __hash__(self) -> int:
        return self.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Unpickling must give back the interned object, not a copy.
        return (card_from_index, (self.index,))


DECK: tuple[Card, ...] = tuple(
    Card(rank=index // 4 + 1, suit=Suit(index % 4), index=index) for index in range(52)
)


def card_from_index(index: int) -> Card:
    return DECK[index]


def make_card(rank: int, suit: Suit) -> Card:
    if not ACE <= rank <= KING:
        raise ValueError(f"rank {rank} is not between 1 and 13")
    return DECK[(rank - 1) * 4 + suit]


def parse_card(text: str) -> Card:
    """Parse ``'7H'``, ``'TD'``, ``'10d'`` or ``'ah'``; raise ValueError with a clear message."""
    token = text.strip()
    not_a_card = TextError(
        f"{text!r} is not a card (write it like 7H, TD or 10D)", Problem.NOT_A_CARD, token=token
    )
    if len(token) < 2:
        raise not_a_card
    try:
        rank = parse_rank(token[:-1])
        suit = Suit.from_letter(token[-1])
    except ValueError:
        raise not_a_card from None
    if rank == 0:
        raise not_a_card
    return make_card(rank, suit)


def card(text: str) -> Card:
    """Shorthand for :func:`parse_card`, handy in tests and the REPL."""
    return parse_card(text)
