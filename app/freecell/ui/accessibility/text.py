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
from freecell.engine.refusals import Refusal
from freecell.engine.rules import source_cards


def plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def card_word(c: Card) -> str:
    """ "seven of hearts": a card inside a sentence."""
    return c.name.lower()


def suit_word(suit: int) -> str:
    return Suit(suit).plural


def pile_name(pile: Pile) -> str:
    """ "Column 3", "Free cell a", "Hearts foundation"."""
    if pile.kind is PileKind.FOUNDATION and pile.index >= 0:
        return f"{capital(suit_word(pile.index))} foundation"
    return capital(pile.label)


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
    cards = pile_cards(position, pile)
    if pile.kind is PileKind.FOUNDATION:
        if not cards:
            return f"{name}, empty"
        return f"{name}, {plural(len(cards), 'card')}, up to the {card_word(cards[-1])}"
    if pile.kind is PileKind.CELL:
        return f"{name}, {card_word(cards[0])}" if cards else f"{name}, empty"
    if not cards:
        return f"{name}, empty"
    movable = movable_count(position, variant, pile.index)
    return (
        f"{name}, {plural(len(cards), 'card')}, top card {card_word(cards[-1])}; "
        f"{plural(movable, 'card')} can move"
    )


def card_name(position: Position, variant: Variant, pile: Pile, depth: int) -> str:
    """The accessible name of a card where it lies: "Seven of hearts, column 3, top
    card; 3 cards can move", "Nine of clubs, column 3, card 4 of 6, under 2 cards"."""
    cards = pile_cards(position, pile)
    c = cards[depth]
    where = pile.label if pile.kind is not PileKind.FOUNDATION else pile_name(pile).lower()
    if pile.kind is PileKind.CELL:
        text = f"{c.name}, {where}"
        return text + ("; can go home" if home_move(position, pile) is not None else "")
    if pile.kind is PileKind.FOUNDATION:
        top = depth == len(cards) - 1
        return f"{c.name}, {where}" + (
            ", top card" if top else f", under the {card_word(cards[depth + 1])}"
        )
    n = len(cards)
    if depth == n - 1:
        movable = movable_count(position, variant, pile.index)
        text = f"{c.name}, {where}, top card; {plural(movable, 'card')} can move"
        if home_move(position, pile) is not None:
            text += "; can go home"
        return text
    above = n - 1 - depth
    text = f"{c.name}, {where}, card {depth + 1} of {n}, under {plural(above, 'card')}"
    run = run_length(cards, variant.build) if variant.supermove else 1
    if above + 1 <= run:
        # part of the clean run on top: it can lead a move of that many cards
        fits = above + 1 <= movable_limit(position, variant)
        text += f"; leads a run of {above + 1}" + ("" if fits else ", too long to move now")
    return text


def card_description(position: Position, variant: Variant, pile: Pile, depth: int) -> str:
    """What a card can do, for the accessible description: its colour in words
    (never colour alone on screen), and where the run it leads can go."""
    cards = pile_cards(position, pile)
    c = cards[depth]
    colour = "red" if c.is_red else "black"
    text = f"{c.name}: a {colour} card."
    if pile.kind is PileKind.FOUNDATION:
        return text
    count = len(cards) - depth if pile.kind is PileKind.COLUMN else None
    targets = destinations(position, variant, pile, count)
    if targets:
        text += " Can go " + join_words(targets) + "."
    elif depth == len(cards) - 1 or pile.kind is PileKind.CELL:
        text += " No move for it now."
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
        words = _where(position, move)
        if words not in out:
            out.append(words)
    return out


def _where(position: Position, move: Move) -> str:
    dest = move.dest
    if dest.is_foundation:
        return "home"
    if dest.is_cell:
        return "to a free cell"
    column = position.columns[dest.index]
    if column:
        return f"onto the {card_word(column[-1])} in {dest.label}"
    return f"to the empty {dest.label}"


def join_words(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


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
    head = f"Deal {deal_number}" if deal_number is not None else "Custom board"
    head += f", {variant.name}"
    if move_count is not None:
        head += f", {plural(move_count, 'move')} made"
    head += f", {position.cards_home} of 52 cards home."
    parts.append(head)
    cells = []
    for i, held in enumerate(position.cells):
        label = Pile.cell(i).label.removeprefix("free cell ")
        cells.append(f"{label} {card_word(held) if held else 'empty'}")
    free = position.free_cell_count
    parts.append(f"Free cells, {free} of {len(position.cells)} free: " + ", ".join(cells) + ".")
    homes = []
    for suit in Suit:
        top = position.foundations[suit]
        homes.append(
            f"{suit.plural} up to the {card_word(DECK[(top - 1) * 4 + suit])}"
            if top
            else f"{suit.plural} empty"
        )
    parts.append("Foundations: " + ", ".join(homes) + ".")
    limit = movable_limit(position, variant)
    parts.append(f"You can move {plural(limit, 'card')} at once.")
    for i, cards in enumerate(position.columns):
        name = f"Column {i + 1}"
        if not cards:
            parts.append(f"{name}: empty.")
            continue
        listed = ", ".join(card_word(c) for c in cards)
        parts.append(f"{name}, {plural(len(cards), 'card')} from the first to the top: {listed}.")
    return " ".join(parts)


# -- moves ----------------------------------------------------------------------------


def describe_one_move(before: Position, move: Move) -> str:
    """ "the seven of hearts from column 3 onto the eight of spades in column 5";
    "3 cards, the nine of clubs down to the seven of hearts, from column 3 to
    column 5"; "the ace of clubs from free cell a home"."""
    cards = source_cards(before, move.source)
    count = move.count or 1
    if not cards:
        return f"from {move.source.label} to {move.dest.label}"
    moved = cards[-count:] if count <= len(cards) else cards
    what = (
        f"the {card_word(moved[0])}"
        if len(moved) == 1
        else f"{len(moved)} cards, the {card_word(moved[0])} down to the {card_word(moved[-1])},"
    )
    dest = move.dest
    if dest.is_foundation:
        where = "home"
    elif dest.is_cell:
        where = f"to {dest.label}" if dest.index >= 0 else "to a free cell"
    else:
        column = before.columns[dest.index]
        where = (
            f"onto the {card_word(column[-1])} in {dest.label}"
            if column
            else f"to the empty {dest.label}"
        )
    return f"{what} from {move.source.label} {where}"


def describe_moves(before: Position, moves: Sequence[Move], *, verb: str = "Moved") -> str:
    """The player's move, then whatever auto-play sent home after it."""
    if not moves:
        return ""
    current = before
    sentences = []
    homes: list[str] = []
    for i, move in enumerate(moves):
        if i == 0:
            sentences.append(f"{verb} {describe_one_move(current, move)}.")
        else:
            moved = source_cards(current, move.source)
            if move.dest.is_foundation and moved:
                homes.append(card_word(moved[-1]))
            else:
                sentences.append(f"Then {describe_one_move(current, move)}.")
        current = apply_move(current, move)
    if homes:
        sentences.append(f"Auto-play sent home the {join_words(homes)}.")
    return " ".join(sentences)


def describe_refusal(reason: str) -> str:
    return f"Not allowed: {reason}"


def resolved(position: Position, variant: Variant, move: Move) -> Move:
    checked = check_move(position, variant, move)
    return move if isinstance(checked, Refusal) else checked


def describe_won(move_count: int, seconds: float) -> str:
    whole = int(seconds)
    minutes, secs = divmod(whole, 60)
    time = (
        f"{plural(minutes, 'minute')} {plural(secs, 'second')}"
        if minutes
        else plural(secs, "second")
    )
    return f"You won! All 52 cards are home, in {plural(move_count, 'move')} and {time}."


def describe_pick_up(position: Position, pile: Pile, depth: int) -> str:
    """ "Picked up the six of spades from column 1."; "Picked up 3 cards from
    column 4, the nine of clubs down to the seven of hearts."."""
    cards = pile_cards(position, pile)[depth:] if pile.is_column else pile_cards(position, pile)
    if not cards:
        return ""
    if len(cards) == 1:
        return f"Picked up the {card_word(cards[0])} from {pile.label}."
    return (
        f"Picked up {len(cards)} cards from {pile.label}, the {card_word(cards[0])} "
        f"down to the {card_word(cards[-1])}."
    )


def describe_put_down(position: Position, pile: Pile, depth: int) -> str:
    cards = pile_cards(position, pile)[depth:] if pile.is_column else pile_cards(position, pile)
    if not cards:
        return ""
    what = f"the {card_word(cards[0])}" if len(cards) == 1 else plural(len(cards), "card")
    return f"Put down {what}; nothing is picked up."


def selection_note(position: Position, pile: Pile, depth: int) -> str:
    """What a pile's name adds while cards of it are picked up."""
    count = len(pile_cards(position, pile)) - depth if pile.is_column else 1
    return f"; {plural(count, 'card')} picked up"
