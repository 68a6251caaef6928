"""A refused command in a sentence: the engine's :class:`Refusal` code and values,
worded in the player's language.  Window, screen reader and CLI all use
:func:`explain`, so all three say the same."""

from __future__ import annotations

from freecell.engine import DECK, MAX_DEAL, BuildRule, Reason, Refusal
from freecell.i18n import N_, _, ngettext
from freecell.i18n.formatting import format_number
from freecell.texts.cards import capitalized, card_name, pile_name, rank_word, suit_in_card_name

# Translators: "home" is the foundations, as in "send a card home"
_FIXED: dict[Reason, str] = {
    Reason.CHOOSE_CELL: N_("Choose which free cell to take the card from"),
    Reason.CHOOSE_FOUNDATION: N_("Choose which foundation to take the card from"),
    Reason.ALREADY_HOME: N_("The card is already home"),
    Reason.ALREADY_THERE: N_("The cards are already there"),
    Reason.CELL_TO_CELL: N_("Cards don't move from one free cell to another"),
    Reason.EMPTY_COLUMN: N_("That column is empty"),
    Reason.EMPTY_CELL: N_("That free cell is empty"),
    Reason.EMPTY_FOUNDATION: N_("That foundation is empty"),
    Reason.ONE_CARD_FROM_CELL: N_("A free cell or foundation gives one card at a time"),
    Reason.HOME_ONE_AT_A_TIME: N_("Cards go home one at a time"),
    Reason.ACE_FIRST: N_("Only an Ace can start a foundation"),
    Reason.CELL_HOLDS_ONE: N_("A free cell holds one card"),
    Reason.NO_FREE_CELL: N_("No free cell is empty"),
    Reason.CELL_TAKEN: N_("That free cell is taken"),
    Reason.NOT_A_RUN: N_("Those cards are not in sequence: only a clean run moves together"),
    Reason.KING_ON_A_CARD: N_("A King can only go to an empty column, a free cell or home"),
    Reason.KINGS_ONLY: N_("Only a King can fill an empty column"),
    Reason.CANNOT_GO_HOME: N_("That card can't go home now"),
    Reason.GAME_WON: N_("The game is won: start a new deal or replay this one"),
    Reason.NO_AUTO_FINISH: N_("Auto finish is not possible yet"),
    Reason.NOTHING_TO_UNDO: N_("Nothing to undo"),
    Reason.NOTHING_TO_REDO: N_("Nothing to redo"),
    Reason.NO_SUCH_POSITION: N_("There is no such earlier position to go back to"),
}


def explain(refusal: Refusal) -> str:
    """The sentence for ``refusal``, in the player's language."""
    fixed = _FIXED.get(refusal.code)
    if fixed is not None:
        return _(fixed)
    return capitalized(_worded(refusal))


def _worded(r: Refusal) -> str:
    code = r.code
    variant = _(r.variant) if r.variant is not None else ""
    if code is Reason.NO_SUCH_COLUMN and r.pile is not None:
        return _("There is no column {number} in {variant}").format(
            number=r.pile.index + 1, variant=variant
        )
    if code is Reason.NO_CELLS:
        return _("{variant} has no free cells").format(variant=variant)
    if code is Reason.NO_SUCH_CELL and r.pile is not None:
        return _("There is no {pile} in {variant}").format(pile=pile_name(r.pile), variant=variant)
    if code is Reason.NO_FOUNDATION_RETURN:
        return _("Cards can't come back off the foundations in {variant}").format(variant=variant)
    if code is Reason.SINGLE_CARDS_ONLY:
        return _("Only one card moves at a time in {variant}").format(variant=variant)
    if code is Reason.EMPTY_COLUMNS_CLOSED:
        return _("Empty columns can't be filled in {variant}").format(variant=variant)
    if code is Reason.WRONG_FOUNDATION and r.card is not None:
        return _("The {card} goes home on the {suit}").format(
            card=card_name(r.card), suit=suit_in_card_name(r.card.suit)
        )
    if code is Reason.HOME_AFTER and r.card is not None and r.onto is not None:
        return _("The {card} goes home after the {below}").format(
            card=card_name(r.card), below=card_name(r.onto)
        )
    if code is Reason.TOO_FEW_CARDS and r.count is not None and r.pile is not None:
        return ngettext(
            "There is only {n} card in {pile}", "There are only {n} cards in {pile}", r.count
        ).format(n=r.count, pile=pile_name(r.pile))
    if code is Reason.TOO_MANY_CARDS and r.count is not None:
        return ngettext(
            "Not enough free cells or empty columns: you can move {n} card now",
            "Not enough free cells or empty columns: you can move {n} cards now",
            r.count,
        ).format(n=r.count)
    if code is Reason.DOES_NOT_BUILD and r.card is not None and r.onto is not None:
        return _build_sentence(r)
    if code is Reason.BAD_DEAL_NUMBER:
        return _("Deal number {number} is out of range: choose 1 to {last}").format(
            number=r.count, last=format_number(MAX_DEAL)
        )
    if code is Reason.UNPLAYABLE_BOARD:
        return _("That board cannot be played: {problem}").format(problem=r.detail or "")
    return _("That move is not allowed")


def _build_sentence(r: Refusal) -> str:
    assert r.card is not None
    card = r.card
    need = rank_word(card.rank + 1)
    rank = rank_word(card.rank)
    if r.build is BuildRule.ALTERNATE_COLOUR:
        if card.is_red:
            return _("A red {rank} goes on a black {need}").format(rank=rank, need=need)
        return _("A black {rank} goes on a red {need}").format(rank=rank, need=need)
    if r.build is BuildRule.SAME_SUIT:
        target = DECK[card.rank * 4 + card.suit]
        return _("The {card} goes on the {target}").format(
            card=card_name(card), target=card_name(target)
        )
    # Translators: (any suit builds) the four sentences differ only in English's
    # "a"/"an" before the rank ("an 8", "an Ace"); translate all four alike
    sentences = {
        (False, False): N_("A {rank} goes on a {need}"),
        (False, True): N_("A {rank} goes on an {need}"),
        (True, False): N_("An {rank} goes on a {need}"),
        (True, True): N_("An {rank} goes on an {need}"),
    }
    english = (_takes_an(card.rank), _takes_an(card.rank + 1))
    return _(sentences[english]).format(rank=rank, need=need)


def _takes_an(rank: int) -> bool:
    """English says "an" before 8, 11 (never a card's rank) and Ace."""
    return rank in (1, 8)
