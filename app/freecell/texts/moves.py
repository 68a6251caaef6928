"""Moves in words: a card as a verb's object, where cards come from and where they
go, for the screen reader and the hint bar alike (both say a move the same way).

Each piece is a phrase a translator writes whole, with its preposition and case
("from column 3" is "aus Spalte 3", "из столбца 3", "z kolumny 3"), and a sentence
places them with named placeholders, in the order its language wants.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from freecell.engine import Card, Move, Pile, PileKind, Position
from freecell.engine.moves import ANY, CELL_CHARS
from freecell.engine.rules import source_cards
from freecell.i18n import _, ngettext, pgettext
from freecell.texts.cards import suit_in_card_name

# Translators: a card as the object of a verb ("Moved the seven of hearts", "Picked
# up the seven of hearts", "onto the seven of hearts"), with the article and the case
# your language needs there (German "den Herz-König", Russian "семёрку червей",
# Polish "siódemkę kier", French "l'as de cœur"); {suit} is the suit as a card's
# name says it ("hearts")
_THE_CARD: dict[int, Callable[[], str]] = {
    1: lambda: pgettext("card as object", "the ace of {suit}"),
    2: lambda: pgettext("card as object", "the two of {suit}"),
    3: lambda: pgettext("card as object", "the three of {suit}"),
    4: lambda: pgettext("card as object", "the four of {suit}"),
    5: lambda: pgettext("card as object", "the five of {suit}"),
    6: lambda: pgettext("card as object", "the six of {suit}"),
    7: lambda: pgettext("card as object", "the seven of {suit}"),
    8: lambda: pgettext("card as object", "the eight of {suit}"),
    9: lambda: pgettext("card as object", "the nine of {suit}"),
    10: lambda: pgettext("card as object", "the ten of {suit}"),
    11: lambda: pgettext("card as object", "the jack of {suit}"),
    12: lambda: pgettext("card as object", "the queen of {suit}"),
    13: lambda: pgettext("card as object", "the king of {suit}"),
}


def the_card(card: Card) -> str:
    """``the seven of hearts`` as a verb's object (``den Herz-König``, ``семёрку червей``)."""
    return _THE_CARD[card.rank]().format(suit=suit_in_card_name(card.suit))


# Translators: a card as a sentence's subject or after a colon ("the five of hearts"
# in "Hearts foundation, 5 cards, up to the five of hearts"), with the article your
# language needs there (German "der Herz-König", French "le roi de cœur", Russian
# "король червей"); {suit} is the suit as a card's name says it
_THE_CARD_SUBJECT: dict[int, Callable[[], str]] = {
    1: lambda: pgettext("card as subject", "the ace of {suit}"),
    2: lambda: pgettext("card as subject", "the two of {suit}"),
    3: lambda: pgettext("card as subject", "the three of {suit}"),
    4: lambda: pgettext("card as subject", "the four of {suit}"),
    5: lambda: pgettext("card as subject", "the five of {suit}"),
    6: lambda: pgettext("card as subject", "the six of {suit}"),
    7: lambda: pgettext("card as subject", "the seven of {suit}"),
    8: lambda: pgettext("card as subject", "the eight of {suit}"),
    9: lambda: pgettext("card as subject", "the nine of {suit}"),
    10: lambda: pgettext("card as subject", "the ten of {suit}"),
    11: lambda: pgettext("card as subject", "the jack of {suit}"),
    12: lambda: pgettext("card as subject", "the queen of {suit}"),
    13: lambda: pgettext("card as subject", "the king of {suit}"),
}


def the_card_subject(card: Card) -> str:
    """``the seven of hearts`` as a subject (``der Herz-König``, ``король червей``)."""
    return _THE_CARD_SUBJECT[card.rank]().format(suit=suit_in_card_name(card.suit))


def from_pile(pile: Pile) -> str:
    """``from column 3``, ``from free cell a``, ``from the hearts foundation``."""
    if pile.kind is PileKind.COLUMN:
        return pgettext("move from", "from column {number}").format(number=pile.index + 1)
    if pile.kind is PileKind.CELL:
        if pile.index == ANY:
            return pgettext("move from", "from a free cell")
        return pgettext("move from", "from free cell {letter}").format(
            letter=CELL_CHARS[pile.index]
        )
    if pile.index == ANY:
        return pgettext("move from", "from the foundations")
    # Translators: {suit} is a suit as a card's name says it ("hearts")
    return pgettext("move from", "from the {suit} foundation").format(
        suit=suit_in_card_name(pile.index)
    )


def to_pile(position: Position, dest: Pile, *, which_cell: bool = True) -> str:
    """``home``, ``to free cell a``, ``to a free cell``, ``onto the eight of spades in
    column 5``, ``to the empty column 4`` (``position``: before the move;
    ``which_cell``: False says "to a free cell" whichever it is)."""
    if dest.is_foundation:
        # Translators: "home" is onto the foundations, as in "send a card home"
        return pgettext("move to", "home")
    if dest.is_cell:
        if dest.index == ANY or not which_cell:
            return pgettext("move to", "to a free cell")
        return pgettext("move to", "to free cell {letter}").format(letter=CELL_CHARS[dest.index])
    column = position.columns[dest.index]
    if column:
        # Translators: {card} is a card as a verb's object (the entries "the seven of
        # {suit}" above), e.g. "onto the eight of spades in column 5"
        return pgettext("move to", "onto {card} in column {number}").format(
            card=the_card(column[-1]), number=dest.index + 1
        )
    return pgettext("move to", "to the empty column {number}").format(number=dest.index + 1)


def the_cards(cards: Sequence[Card]) -> str:
    """One card (``the seven of hearts``) or a run (``3 cards, the nine of clubs down
    to the seven of hearts,``), as a verb's object."""
    if len(cards) == 1:
        return the_card(cards[0])
    # Translators: a run as a verb's object ("Moved 3 cards, the nine of clubs down to
    # the seven of hearts, from column 3 to column 5"); {first} and {last} are cards as
    # objects; the comma at the end is English's, before "from column 3"
    return ngettext(
        "{n} card, {first} down to {last},", "{n} cards, {first} down to {last},", len(cards)
    ).format(n=len(cards), first=the_card(cards[0]), last=the_card(cards[-1]))


def move_phrase(before: Position, move: Move, *, which_cell: bool = True) -> str:
    """``the seven of hearts from column 3 onto the eight of spades in column 5``:
    what moves, from where, to where (``before``: the position the move is made in)."""
    dest = to_pile(before, move.dest, which_cell=which_cell)
    cards = source_cards(before, move.source)
    count = move.count or 1
    if not cards:
        # Translators: a move whose cards are not known, e.g. "from column 3 to column 5"
        return pgettext("move", "{source} {dest}").format(source=from_pile(move.source), dest=dest)
    moved = cards[-count:] if count <= len(cards) else cards
    # Translators: a move inside a sentence: {cards} (what moves, as a verb's object),
    # {source} ("from column 3") and {dest} ("onto the eight of spades in column 5")
    return pgettext("move", "{cards} {source} {dest}").format(
        cards=the_cards(moved), source=from_pile(move.source), dest=dest
    )


def list_or(words: Sequence[str]) -> str:
    """``a, b or c``."""
    if len(words) <= 1:
        return "".join(words)
    # Translators: the last two of a list of choices, "home, to a free cell or onto ..."
    return _("{list} or {last}").format(list=_list(words[:-1]), last=words[-1])


def list_and(words: Sequence[str]) -> str:
    """``a, b and c``."""
    if len(words) <= 1:
        return "".join(words)
    # Translators: the last two of a list, "the ace of clubs, the two of clubs and
    # the ace of hearts"
    return _("{list} and {last}").format(list=_list(words[:-1]), last=words[-1])


def _list(words: Sequence[str]) -> str:
    # Translators: what separates the items of a list ("a, b, c"); Japanese writes "、"
    return pgettext("list separator", ", ").join(words)
