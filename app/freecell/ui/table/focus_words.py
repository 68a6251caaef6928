"""The keyboard focus on the table in words, for screen readers."""

from __future__ import annotations

from freecell.engine import Pile, Position
from freecell.i18n import _, ngettext
from freecell.texts.cards import capitalized, card_name, pile_name


def describe_pile(pos: Position, pile: Pile, depth: int, selected: bool) -> str:
    """The focused pile in words, for screen readers: "Column 3, 7 cards, from
    the seven of hearts (2 cards)", "Free cell b: empty"."""
    name = capitalized(pile_name(pile))
    if pile.is_foundation:
        top = pos.foundations[pile.index]
        if not top:
            return _("{pile}: empty").format(pile=name)
        # Translators: the focused foundation, "The spades foundation: 5 cards home"
        return ngettext("{pile}: {n} card home", "{pile}: {n} cards home", top).format(
            pile=name, n=top
        )
    if pile.is_cell:
        held = pos.cells[pile.index]
        if held is None:
            return _("{pile}: empty").format(pile=name)
        return _("{pile}: {card}").format(pile=name, card=card_name(held))
    cards = pos.columns[pile.index]
    if not cards:
        return _("{pile}: empty").format(pile=name)
    run = len(cards) - depth
    # Translators: the focused column and the card the focus is on, "Column 1,
    # 7 cards: seven of clubs"
    text = ngettext("{pile}, {n} card: {card}", "{pile}, {n} cards: {card}", len(cards)).format(
        pile=name, n=len(cards), card=card_name(cards[depth])
    )
    if run > 1:
        # Translators: after the focused card, the cards of the run under it
        text = ngettext(
            "{text} and the {n} below it", "{text} and the {n} below it", run - 1
        ).format(text=text, n=run - 1)
    if selected:
        text = _("{text}, selected").format(text=text)
    return text
