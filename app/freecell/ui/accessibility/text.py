"""Words for a screen reader: piles, cards, moves and the whole table.

Pure Python on purpose (no Qt import): everything a screen reader hears is built
here from engine objects, so it can be tested and read without a window.  The Qt
side (``interfaces.py``, ``announcer.py``) only hands these sentences to
``QAccessible``.

Order of the table description follows how a sighted player scans the table:
the top row left to right (free cells, then foundations), then each column from
its first dealt card down to the card on top.
"""

from __future__ import annotations

from collections.abc import Sequence

from freecell.engine import (
    DECK,
    Card,
    Move,
    Pile,
    PileKind,
    Position,
    Suit,
    Variant,
    apply_move,
    check_move,
    home_move,
    legal_moves,
    movable_limit,
    run_length,
)
from freecell.engine.moves import CELL_CHARS
from freecell.engine.refusals import Refusal
from freecell.engine.rules import source_cards
from freecell.i18n import _, ngettext, pgettext
from freecell.texts import cards, moves


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_word(c: Card) -> str:
    """ "seven of hearts": a card inside a sentence (as its subject, or named)."""
    return cards.card_name(c)


def cards_count(count: int) -> str:
    """ "3 cards"."""
    return ngettext("{n} card", "{n} cards", count).format(n=count)


def pile_label(pile: Pile) -> str:
    """ "column 3", "free cell a", "hearts foundation": a pile named inside a sentence."""
    if pile.kind is PileKind.FOUNDATION and pile.index >= 0:
        # Translators: a foundation's name, e.g. "hearts foundation" ("Hearts foundation"
        # at the start of a sentence); {suit} as a card's name says it ("hearts")
        return _("{suit} foundation").format(suit=cards.suit_in_card_name(pile.index))
    return cards.pile_name(pile)


def pile_name(pile: Pile) -> str:
    """ "Column 3", "Free cell a", "Hearts foundation"."""
    return capital(pile_label(pile))


def pile_cards(position: Position, pile: Pile) -> tuple[Card, ...]:
    """Every card of a pile, bottom first (a foundation lists its cards from the Ace)."""
    if pile.kind is PileKind.COLUMN:
        return position.columns[pile.index]
    if pile.kind is PileKind.CELL:
        held = position.cells[pile.index]
        return () if held is None else (held,)
    top = position.foundations[pile.index]
    return tuple(DECK[(rank - 1) * 4 + pile.index] for rank in range(1, top + 1))


def all_piles(position: Position) -> list[Pile]:
    """The piles in reading order: free cells, foundations, columns (as the
    keyboard focus walks them)."""
    return (
        [Pile.cell(i) for i in range(len(position.cells))]
        + [Pile.foundation(s) for s in range(4)]
        + [Pile.column(i) for i in range(len(position.columns))]
    )


def movable_count(position: Position, variant: Variant, column: int) -> int:
    """How many cards can leave the top of a column in one move now: the clean run
    on top, capped by the supermove limit (never more than the run)."""
    cards = position.columns[column]
    if not cards:
        return 0
    run = run_length(cards, variant.build) if variant.supermove else 1
    return max(1, min(run, movable_limit(position, variant)))


def pile_description(position: Position, variant: Variant, pile: Pile) -> str:
    """One sentence about a pile: "Column 3, 7 cards, top card seven of hearts;
    3 cards can move"."""
    name = pile_name(pile)
    held = pile_cards(position, pile)
    if not held:
        # Translators: a pile with no card, e.g. "Free cell c, empty"
        return _("{pile}, empty").format(pile=name)
    if pile.kind is PileKind.FOUNDATION:
        # Translators: e.g. "Hearts foundation, 5 cards, up to the five of hearts";
        # {card} is a card as a subject ("the five of hearts")
        return ngettext(
            "{pile}, {n} card, up to {card}", "{pile}, {n} cards, up to {card}", len(held)
        ).format(pile=name, n=len(held), card=moves.the_card_subject(held[-1]))
    if pile.kind is PileKind.CELL:
        # Translators: a free cell and the card in it, "Free cell a, seven of hearts"
        return _("{pile}, {card}").format(pile=name, card=card_word(held[0]))
    # Translators: {movable} is "3 cards can move"
    return ngettext(
        "{pile}, {n} card, top card {card}; {movable}",
        "{pile}, {n} cards, top card {card}; {movable}",
        len(held),
    ).format(
        pile=name,
        n=len(held),
        card=card_word(held[-1]),
        movable=can_move(movable_count(position, variant, pile.index)),
    )


def can_move(count: int) -> str:
    """ "3 cards can move"."""
    return ngettext("{n} card can move", "{n} cards can move", count).format(n=count)


def card_name(position: Position, variant: Variant, pile: Pile, depth: int) -> str:
    """The accessible name of a card where it lies: "Seven of hearts, column 3, top
    card; 3 cards can move", "Nine of clubs, column 3, card 4 of 6, under 2 cards"."""
    held = pile_cards(position, pile)
    c = capital(card_word(held[depth]))
    where = pile_label(pile)
    goes_home = home_move(position, pile) is not None
    if pile.kind is PileKind.CELL:
        text = _("{card}, {pile}").format(card=c, pile=where)
        return _can_go_home(text) if goes_home else text
    if pile.kind is PileKind.FOUNDATION:
        if depth == len(held) - 1:
            return _("{card}, {pile}, top card").format(card=c, pile=where)
        # Translators: a covered card of a foundation, "Four of hearts, hearts
        # foundation, under the five of hearts"; {above} is a card as a subject
        return _("{card}, {pile}, under {above}").format(
            card=c, pile=where, above=moves.the_card_subject(held[depth + 1])
        )
    n = len(held)
    if depth == n - 1:
        movable = can_move(movable_count(position, variant, pile.index))
        # Translators: {movable} is "3 cards can move"
        text = _("{card}, {pile}, top card; {movable}").format(card=c, pile=where, movable=movable)
        return _can_go_home(text) if goes_home else text
    above = n - 1 - depth
    # Translators: a covered card: "Nine of clubs, column 3, card 4 of 6, under 2 cards"
    text = ngettext(
        "{card}, {pile}, card {index} of {total}, under {n} card",
        "{card}, {pile}, card {index} of {total}, under {n} cards",
        above,
    ).format(card=c, pile=where, index=depth + 1, total=n, n=above)
    run = run_length(held, variant.build) if variant.supermove else 1
    if above + 1 <= run:
        # part of the clean run on top: it can lead a move of that many cards
        length = above + 1
        if length <= movable_limit(position, variant):
            # Translators: added to a covered card's name: it leads a run of {n} cards
            note = ngettext("; leads a run of {n}", "; leads a run of {n}", length)
        else:
            note = ngettext(
                "; leads a run of {n}, too long to move now",
                "; leads a run of {n}, too long to move now",
                length,
            )
        text += note.format(n=length)
    return text


def _can_go_home(name: str) -> str:
    # Translators: a card's name, then that it can go to its foundation now
    return _("{name}; can go home").format(name=name)


def card_description(position: Position, variant: Variant, pile: Pile, depth: int) -> str:
    """What a card can do, for the accessible description: its colour in words
    (never colour alone on screen), and where the run it leads can go."""
    held = pile_cards(position, pile)
    c = capital(card_word(held[depth]))
    if held[depth].is_red:
        text = _("{card}: a red card.").format(card=c)
    else:
        text = _("{card}: a black card.").format(card=c)
    if pile.kind is PileKind.FOUNDATION:
        return text
    count = len(held) - depth if pile.kind is PileKind.COLUMN else None
    targets = destinations(position, variant, pile, count)
    if targets:
        # Translators: {places} lists where a card can go: "home, to a free cell or
        # onto the seven of hearts in column 3"
        return _("{text} Can go {places}.").format(text=text, places=moves.list_or(targets))
    if depth == len(held) - 1 or pile.kind is PileKind.CELL:
        return _("{text} No move for it now.").format(text=text)
    return text


def destinations(position: Position, variant: Variant, pile: Pile, count: int | None) -> list[str]:
    """Where the card(s) from ``pile`` (``count`` from the top of a column) may go,
    in words, as the engine's legal moves say."""
    out: list[str] = []
    for move in legal_moves(position, variant):
        if move.source != pile:
            continue
        if count is not None and (move.count or 1) != count:
            continue
        words = moves.to_pile(position, move.dest, which_cell=False)
        if words not in out:
            out.append(words)
    return out


# -- the whole table ---------------------------------------------------------------------


def describe_table(
    position: Position,
    variant: Variant,
    *,
    deal_number: int | None = None,
    move_count: int | None = None,
) -> str:
    """The whole position, read in a sensible order: the game, free cells,
    foundations, then each column from its first card to its top card."""
    parts: list[str] = []
    game = (
        _("Deal {number}").format(number=deal_number)
        if deal_number is not None
        else _("Custom board")
    )
    home = position.cards_home
    if move_count is not None:
        # Translators: the table's first sentence, "Deal 1, FreeCell, 0 moves made, 0 of
        # 52 cards home."
        head = ngettext(
            "{game}, {variant}, {n} move made, {home} of 52 cards home.",
            "{game}, {variant}, {n} moves made, {home} of 52 cards home.",
            move_count,
        ).format(game=game, variant=_(variant.name), n=move_count, home=home)
    else:
        head = _("{game}, {variant}, {home} of 52 cards home.").format(
            game=game, variant=_(variant.name), home=home
        )
    parts.append(head)
    cells = []
    for i, held in enumerate(position.cells):
        letter = CELL_CHARS[i]
        if held is None:
            # Translators: a free cell in the table's description, "a empty"
            cells.append(_("{letter} empty").format(letter=letter))
        else:
            # Translators: a free cell in the table's description, "a seven of hearts"
            cells.append(_("{letter} {card}").format(letter=letter, card=card_word(held)))
    parts.append(
        _("Free cells, {free} of {total} free: {cells}.").format(
            free=position.free_cell_count, total=len(position.cells), cells=_listed(cells)
        )
    )
    homes = []
    for suit in Suit:
        top = position.foundations[suit]
        word = cards.suit_in_card_name(suit)
        if top:
            # Translators: a foundation in the table's description, "hearts up to the
            # five of hearts" ({card} as a subject); the foundations are listed with
            # commas between them
            homes.append(
                _("{suit} up to {card}").format(
                    suit=word, card=moves.the_card_subject(DECK[(top - 1) * 4 + suit])
                )
            )
        else:
            homes.append(_("{suit} empty").format(suit=word))
    parts.append(_("Foundations: {piles}.").format(piles=_listed(homes)))
    limit = movable_limit(position, variant)
    parts.append(
        ngettext("You can move {n} card at once.", "You can move {n} cards at once.", limit).format(
            n=limit
        )
    )
    for i, column in enumerate(position.columns):
        if not column:
            parts.append(_("Column {number}: empty.").format(number=i + 1))
            continue
        listed = _listed([card_word(c) for c in column])
        parts.append(
            ngettext(
                "Column {number}, {n} card from the first to the top: {cards}.",
                "Column {number}, {n} cards from the first to the top: {cards}.",
                len(column),
            ).format(number=i + 1, n=len(column), cards=listed)
        )
    return _sentences(parts)


def _listed(words: Sequence[str]) -> str:
    return pgettext("list separator", ", ").join(words)


def _sentences(parts: Sequence[str]) -> str:
    """Sentences one after the other: a space between them, none after a full-width
    stop (Japanese writes none)."""
    joined = ""
    for part in parts:
        if part:
            gap = "" if not joined or joined.endswith(("\u3002", "\uff01", "\uff1f")) else " "
            joined += gap + part
    return joined


# -- moves ----------------------------------------------------------------------------


def describe_one_move(before: Position, move: Move) -> str:
    """ "the seven of hearts from column 3 onto the eight of spades in column 5";
    "3 cards, the nine of clubs down to the seven of hearts, from column 3 to
    column 5"; "the ace of clubs from free cell a home"."""
    return moves.move_phrase(before, move)


# Translators: how the player's move is said; {move} is "the six of spades from
# column 1 to free cell a" (its cards as a verb's object)
_FIRST = {
    "moved": lambda: _("Moved {move}."),
    "undone": lambda: _("Undone: {move}."),
    "redone": lambda: _("Redone: {move}."),
}


def describe_moves(before: Position, made: Sequence[Move], *, verb: str = "moved") -> str:
    """The player's move (``verb``: moved, undone or redone), then whatever auto-play
    sent home after it."""
    if not made:
        return ""
    current = before
    sentences = []
    homes: list[str] = []
    for i, move in enumerate(made):
        if i == 0:
            sentences.append(_FIRST[verb]().format(move=describe_one_move(current, move)))
        else:
            moved = source_cards(current, move.source)
            if move.dest.is_foundation and moved:
                homes.append(moves.the_card(moved[-1]))
            else:
                # Translators: a move made after the player's (by auto-play)
                sentences.append(_("Then {move}.").format(move=describe_one_move(current, move)))
        current = apply_move(current, move)
    if homes:
        # Translators: {cards}: "the ace of clubs and the two of clubs" (as objects)
        sentences.append(
            ngettext(
                "Auto-play sent home {cards}.", "Auto-play sent home {cards}.", len(homes)
            ).format(cards=moves.list_and(homes))
        )
    return _sentences(sentences)


def describe_auto_finish(words: str) -> str:
    # Translators: {moves} says what auto finish moved ("Moved the ...")
    return _("Auto finish: {moves}").format(moves=words)


def describe_refusal(reason: str) -> str:
    # Translators: a refused move, {reason} is why ("That free cell is taken")
    return _("Not allowed: {reason}").format(reason=reason)


def resolved(position: Position, variant: Variant, move: Move) -> Move:
    checked = check_move(position, variant, move)
    return move if isinstance(checked, Refusal) else checked


def duration(seconds: float) -> str:
    """ "3 minutes 5 seconds", "40 seconds"."""
    minutes, secs = divmod(int(seconds), 60)
    said = ngettext("{n} second", "{n} seconds", secs).format(n=secs)
    if not minutes:
        return said
    # Translators: a time, "3 minutes 5 seconds"
    return _("{minutes} {seconds}").format(
        minutes=ngettext("{n} minute", "{n} minutes", minutes).format(n=minutes), seconds=said
    )


def describe_won(move_count: int, seconds: float) -> str:
    # Translators: {time} is "3 minutes 5 seconds"
    return ngettext(
        "You won! All 52 cards are home, in {n} move and {time}.",
        "You won! All 52 cards are home, in {n} moves and {time}.",
        move_count,
    ).format(n=move_count, time=duration(seconds))


def describe_pick_up(position: Position, pile: Pile, depth: int) -> str:
    """ "Picked up the six of spades from column 1."; "Picked up 3 cards from
    column 4, the nine of clubs down to the seven of hearts."."""
    held = pile_cards(position, pile)[depth:] if pile.is_column else pile_cards(position, pile)
    if not held:
        return ""
    source = moves.from_pile(pile)
    if len(held) == 1:
        # Translators: {card} as a verb's object, {source} is "from column 1"
        return _("Picked up {card} {source}.").format(card=moves.the_card(held[0]), source=source)
    # Translators: {first} and {last} are cards as a verb's object
    return ngettext(
        "Picked up {n} card {source}, {first} down to {last}.",
        "Picked up {n} cards {source}, {first} down to {last}.",
        len(held),
    ).format(
        n=len(held), source=source, first=moves.the_card(held[0]), last=moves.the_card(held[-1])
    )


def describe_put_down(position: Position, pile: Pile, depth: int) -> str:
    held = pile_cards(position, pile)[depth:] if pile.is_column else pile_cards(position, pile)
    if not held:
        return ""
    if len(held) == 1:
        return _("Put down {card}; nothing is picked up.").format(card=moves.the_card(held[0]))
    return ngettext(
        "Put down {n} card; nothing is picked up.",
        "Put down {n} cards; nothing is picked up.",
        len(held),
    ).format(n=len(held))


def selection_note(position: Position, pile: Pile, depth: int) -> str:
    """What a pile's name adds while cards of it are picked up."""
    count = len(pile_cards(position, pile)) - depth if pile.is_column else 1
    return ngettext("; {n} card picked up", "; {n} cards picked up", count).format(n=count)
