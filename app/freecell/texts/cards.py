"""Cards, suits, ranks and piles named in the player's language."""

from __future__ import annotations

from freecell.engine import Card, Pile, PileKind, Suit
from freecell.engine.moves import ANY, CELL_CHARS
from freecell.i18n import N_, _, pgettext

# Translators: the ranks inside a card's name ("seven" in "seven of hearts")
_RANKS = (
    N_("ace"),
    N_("two"),
    N_("three"),
    N_("four"),
    N_("five"),
    N_("six"),
    N_("seven"),
    N_("eight"),
    N_("nine"),
    N_("ten"),
    N_("jack"),
    N_("queen"),
    N_("king"),
)
# Translators: the suits inside a card's name ("hearts" in "seven of hearts")
_SUITS = (N_("clubs"), N_("diamonds"), N_("hearts"), N_("spades"))


def suit_in_card_name(suit: Suit | int) -> str:
    """``hearts``: a suit as a card's name says it."""
    return _(_SUITS[suit])


def card_name(card: Card) -> str:
    """``seven of hearts`` (lower case: it is used inside sentences)."""
    # Translators: a card's name, e.g. "seven of hearts"; {rank} and {suit} are the
    # words above. Write it as your language names a card inside a sentence.
    return pgettext("card", "{rank} of {suit}").format(
        rank=_(_RANKS[card.rank - 1]),
        suit=suit_in_card_name(card.suit),
    )


def capitalized(text: str) -> str:
    """The first letter upper case (for a name at the start of a sentence)."""
    return text[:1].upper() + text[1:]


# Translators: a rank on its own in a sentence ("A red Jack goes on a black Queen");
# 2 to 10 are written as digits
_RANK_WORDS = {1: N_("Ace"), 11: N_("Jack"), 12: N_("Queen"), 13: N_("King")}


def rank_word(rank: int) -> str:
    """``7``, ``Jack``: a rank standing alone."""
    word = _RANK_WORDS.get(rank)
    return _(word) if word is not None else str(rank)


_SUIT_NAMES = (N_("Clubs"), N_("Diamonds"), N_("Hearts"), N_("Spades"))


def suit_name(suit: Suit | int) -> str:
    """``Hearts``: a suit standing alone (a foundation's name)."""
    return _(_SUIT_NAMES[suit])


def pile_name(pile: Pile) -> str:
    """``column 3``, ``free cell b``, ``the hearts foundation``."""
    if pile.kind is PileKind.COLUMN:
        return _("column {number}").format(number=pile.index + 1)
    if pile.kind is PileKind.CELL:
        if pile.index == ANY:
            return _("a free cell")
        return _("free cell {letter}").format(letter=CELL_CHARS[pile.index])
    if pile.index == ANY:
        return _("the foundations")
    # Translators: {suit} is a suit's name as a card's name uses it ("hearts")
    return _("the {suit} foundation").format(suit=suit_in_card_name(pile.index))
