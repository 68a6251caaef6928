"""The rules: which moves are legal, why the others are not, and what a move does.

Every function takes the position and the variant; none keeps state.  A refused
move is a value (:class:`Refusal`) carrying a reason code and its values (the edge
words it) — an ordinary illegal attempt is never an exception.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar

from freecell.engine.cards import DECK, KING, Card, Suit
from freecell.engine.moves import ANY, Move, Pile, PileKind
from freecell.engine.position import Position
from freecell.engine.refusals import Reason, Refusal
from freecell.engine.variant import BuildRule, EmptyColumnRule, Variant


# -- building --------------------------------------------------------------------
def can_build(card: Card, onto: Card, build: BuildRule) -> bool:
    """May ``card`` lie on ``onto`` in the tableau?"""
    if card.rank + 1 != onto.rank:
        return False
    if build is BuildRule.ALTERNATE_COLOUR:
        return card.is_red != onto.is_red
    if build is BuildRule.SAME_SUIT:
        return card.suit is onto.suit
    return True


def run_length(column: tuple[Card, ...], build: BuildRule) -> int:
    """How many cards at the end of ``column`` form a clean descending run."""
    if not column:
        return 0
    length = 1
    for i in range(len(column) - 1, 0, -1):
        if not can_build(column[i], column[i - 1], build):
            break
        length += 1
    return length


def movable_limit(position: Position, variant: Variant, to_empty_column: bool = False) -> int:
    """The supermove limit: ``(free cells + 1) * 2 ** empty columns``.

    An empty destination column is not counted.  Empty columns help only where they
    accept any card (a run's intermediate cards are not Kings).  Without supermoves
    a single card moves.
    """
    if not variant.supermove:
        return 1
    empties = position.empty_column_count if variant.empty_column is EmptyColumnRule.ANY_CARD else 0
    if to_empty_column and empties:
        empties -= 1
    return (position.free_cell_count + 1) * (1 << empties)


# -- checking a move ---------------------------------------------------------------
def _pile_exists(pile: Pile, variant: Variant) -> Refusal | None:
    if pile.kind is PileKind.COLUMN and not 0 <= pile.index < variant.columns:
        return Refusal(Reason.NO_SUCH_COLUMN, pile=pile, variant=variant.name)
    if pile.kind is PileKind.CELL:
        if variant.cells == 0:
            return Refusal(Reason.NO_CELLS, variant=variant.name)
        if pile.index != ANY and not 0 <= pile.index < variant.cells:
            return Refusal(Reason.NO_SUCH_CELL, pile=pile, variant=variant.name)
    return None


def source_cards(position: Position, pile: Pile) -> tuple[Card, ...]:
    """The cards a pile offers, bottom of the pile last."""
    if pile.kind is PileKind.COLUMN:
        return position.columns[pile.index]
    if pile.kind is PileKind.CELL:
        held = position.cells[pile.index]
        return () if held is None else (held,)
    top = position.foundation_top(Suit(pile.index))
    return () if top is None else (top,)


def check_move(position: Position, variant: Variant, move: Move) -> Move | Refusal:
    """Judge a move.  A legal move comes back resolved (exact count, exact cell and
    foundation); an illegal one as a :class:`Refusal` saying why."""
    problem = _source_refusal(variant, move)
    if problem:
        return problem
    if position.is_won:  # the legal-move list is empty too
        return Refusal(Reason.GAME_WON)
    cards = source_cards(position, move.source)
    if not cards:
        return Refusal(_EMPTY_SOURCE[move.source.kind], pile=move.source)
    if move.count is not None and move.count > 1 and not move.source.is_column:
        return Refusal(Reason.ONE_CARD_FROM_CELL)
    if move.dest.is_foundation:
        return _to_foundation(position, move, cards[-1])
    if move.dest.is_cell:
        return _to_cell(position, move)
    if not move.source.is_column:
        return _card_to_column(position, variant, move, cards[-1])
    if move.count is not None:
        return _counted_run_to_column(position, variant, move, cards, move.count)
    return _run_to_column(position, variant, move, cards)


_EMPTY_SOURCE = {
    PileKind.COLUMN: Reason.EMPTY_COLUMN,
    PileKind.CELL: Reason.EMPTY_CELL,
    PileKind.FOUNDATION: Reason.EMPTY_FOUNDATION,
}


def _source_refusal(variant: Variant, move: Move) -> Refusal | None:
    """What is wrong with the two piles themselves, before any card is looked at."""
    source, dest = move.source, move.dest
    for pile in (source, dest):
        problem = _pile_exists(pile, variant)
        if problem:
            return problem
    if source.kind is PileKind.CELL and source.index == ANY:
        return Refusal(Reason.CHOOSE_CELL)
    if source.kind is PileKind.FOUNDATION:
        if source.index == ANY:
            return Refusal(Reason.CHOOSE_FOUNDATION)
        if not variant.foundation_return:
            return Refusal(Reason.NO_FOUNDATION_RETURN, variant=variant.name)
        if dest.kind is PileKind.FOUNDATION:
            return Refusal(Reason.ALREADY_HOME)
    if source == dest:
        return Refusal(Reason.ALREADY_THERE)
    if source.kind is PileKind.CELL and dest.kind is PileKind.CELL:
        return Refusal(Reason.CELL_TO_CELL)
    return None


def _to_foundation(position: Position, move: Move, moving: Card) -> Move | Refusal:
    if move.count is not None and move.count > 1:
        return Refusal(Reason.HOME_ONE_AT_A_TIME)
    if move.dest.index != ANY and move.dest.index != moving.suit:
        return Refusal(Reason.WRONG_FOUNDATION, card=moving)
    if position.foundations[moving.suit] + 1 != moving.rank:
        return _home_refusal(moving, position)
    return Move(move.source, Pile.foundation(moving.suit), 1)


def _to_cell(position: Position, move: Move) -> Move | Refusal:
    if move.count is not None and move.count > 1:
        return Refusal(Reason.CELL_HOLDS_ONE)
    if move.dest.index == ANY:
        free = [i for i, c in enumerate(position.cells) if c is None]
        if not free:
            return Refusal(Reason.NO_FREE_CELL)
        return Move(move.source, Pile.cell(free[0]), 1)
    if position.cells[move.dest.index] is not None:
        return Refusal(Reason.CELL_TAKEN, pile=move.dest)
    return Move(move.source, move.dest, 1)


def _landing_refusal(base: Card, target: tuple[Card, ...], variant: Variant) -> Refusal | None:
    """Why ``base`` (a single card or the top of a run) may not land on ``target``."""
    if target:
        if not can_build(base, target[-1], variant.build):
            return _build_refusal(base, target[-1], variant.build)
        return None
    return _empty_column_refusal(base, variant)


def _card_to_column(
    position: Position, variant: Variant, move: Move, moving: Card
) -> Move | Refusal:
    """A card from a free cell or a foundation to a column."""
    problem = _landing_refusal(moving, position.columns[move.dest.index], variant)
    if problem:
        return problem
    return Move(move.source, move.dest, 1)


def _counted_run_to_column(
    position: Position, variant: Variant, move: Move, cards: tuple[Card, ...], count: int
) -> Move | Refusal:
    """Column to column with the number of cards given (``18v3``)."""
    if count > len(cards):
        return Refusal(Reason.TOO_FEW_CARDS, count=len(cards), pile=move.source)
    if count > run_length(cards, variant.build):
        return Refusal(Reason.NOT_A_RUN)
    if count > 1 and not variant.supermove:
        return Refusal(Reason.SINGLE_CARDS_ONLY, variant=variant.name)
    target = position.columns[move.dest.index]
    problem = _landing_refusal(cards[-count], target, variant)
    if problem:
        return problem
    limit = movable_limit(position, variant, to_empty_column=not target)
    if count > limit:
        return Refusal(Reason.TOO_MANY_CARDS, count=limit)
    return Move(move.source, move.dest, count)


def _run_to_column(
    position: Position, variant: Variant, move: Move, cards: tuple[Card, ...]
) -> Move | Refusal:
    """Column to column with the count implied by the destination."""
    target = position.columns[move.dest.index]
    if not target:
        # Notation without a count means one card into an empty column (``fc-solve
        # -snx`` writes ``v`` and the count whenever more than one card goes there).
        return _card_to_column(position, variant, move, cards[-1])
    limit = movable_limit(position, variant, to_empty_column=False)
    run = run_length(cards, variant.build)
    onto = target[-1]
    for k in range(1, run + 1):
        if can_build(cards[-k], onto, variant.build):
            if k > limit:
                return Refusal(Reason.TOO_MANY_CARDS, count=limit)
            return Move(move.source, move.dest, k)
    same_rank = [k for k in range(1, run + 1) if cards[-k].rank + 1 == onto.rank]
    k = same_rank[0] if same_rank else 1
    return _build_refusal(cards[-k], onto, variant.build)


def _build_refusal(card: Card, onto: Card, build: BuildRule) -> Refusal:
    if card.rank == KING:
        return Refusal(Reason.KING_ON_A_CARD, card=card)
    return Refusal(Reason.DOES_NOT_BUILD, card=card, onto=onto, build=build)


def _home_refusal(card: Card, position: Position) -> Refusal:
    if position.foundations[card.suit] == 0:
        return Refusal(Reason.ACE_FIRST, card=card)
    return Refusal(Reason.HOME_AFTER, card=card, onto=DECK[(card.rank - 2) * 4 + card.suit])


def _empty_column_refusal(base: Card, variant: Variant) -> Refusal | None:
    if variant.empty_column is EmptyColumnRule.NOTHING:
        return Refusal(Reason.EMPTY_COLUMNS_CLOSED, variant=variant.name)
    if variant.empty_column is EmptyColumnRule.KINGS_ONLY and base.rank != KING:
        return Refusal(Reason.KINGS_ONLY, card=base)
    return None


# -- applying a move ---------------------------------------------------------------
def apply_move(position: Position, move: Move) -> Position:
    """The position after a move that :func:`check_move` resolved.  No checks here."""
    count = move.count or 1
    columns = position.columns
    cells = position.cells
    foundations = position.foundations
    source, dest = move.source, move.dest

    if source.kind is PileKind.COLUMN:
        col = columns[source.index]
        moving = col[-count:]
        columns = _replace(columns, source.index, col[:-count])
    elif source.kind is PileKind.CELL:
        held = cells[source.index]
        assert held is not None
        moving = (held,)
        cells = _replace(cells, source.index, None)
    else:
        suit = source.index
        rank = foundations[suit]
        moving = (DECK[(rank - 1) * 4 + suit],)
        foundations = _set_foundation(foundations, suit, rank - 1)

    if dest.kind is PileKind.COLUMN:
        columns = _replace(columns, dest.index, columns[dest.index] + moving)
    elif dest.kind is PileKind.CELL:
        cells = _replace(cells, dest.index, moving[0])
    else:
        c = moving[0]
        foundations = _set_foundation(foundations, c.suit, c.rank)
    return Position(columns=columns, cells=cells, foundations=foundations)


T = TypeVar("T")


def _replace(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    return (*items[:index], value, *items[index + 1 :])


def _set_foundation(
    foundations: tuple[int, int, int, int], suit: int, rank: int
) -> tuple[int, int, int, int]:
    f = list(foundations)
    f[suit] = rank
    return (f[0], f[1], f[2], f[3])


def single_card_steps(position: Position, variant: Variant, move: Move) -> list[Move]:
    """The single-card moves a supermove stands for, through free cells and empty
    columns (the classic recursive construction).  Used to prove a supermove is no
    more than shorthand, and by anyone who wants to animate card by card."""
    count = move.count or 1
    if count == 1 or not move.source.is_column or not move.dest.is_column:
        return [move]
    free_cells = [Pile.cell(i) for i, c in enumerate(position.cells) if c is None]
    empty_cols = []
    if variant.empty_column is EmptyColumnRule.ANY_CARD:
        empty_cols = [
            Pile.column(i)
            for i, col in enumerate(position.columns)
            if not col and i != move.dest.index
        ]
    steps: list[Move] = []

    def via_cells(src: Pile, dst: Pile, n: int, cells: list[Pile]) -> None:
        # Move n <= len(cells)+1 cards using only free cells.
        parked = cells[: n - 1]
        for cell in parked:
            steps.append(Move(src, cell, 1))
        steps.append(Move(src, dst, 1))
        for cell in reversed(parked):
            steps.append(Move(cell, dst, 1))

    def recurse(src: Pile, dst: Pile, n: int, cols: list[Pile]) -> None:
        if n <= len(free_cells) + 1:
            via_cells(src, dst, n, free_cells)
            return
        spare, rest = cols[0], cols[1:]
        half = (len(free_cells) + 1) * 2 ** len(rest)
        upper = n - half if n > half else n // 2
        recurse(src, spare, upper, rest)
        recurse(src, dst, n - upper, rest)
        recurse(spare, dst, upper, rest)

    recurse(move.source, move.dest, count, empty_cols)
    return steps


# -- what the position offers ---------------------------------------------------------
def legal_moves(position: Position, variant: Variant) -> list[Move]:
    """Every legal move, resolved.  Equivalent moves are listed once: a card goes to
    the first empty free cell and the first empty column only; no-op moves (a whole
    column to an empty column) and cell-to-cell moves are not moves."""
    return list(_legal_moves(position, variant))


def _legal_moves(position: Position, variant: Variant) -> Iterator[Move]:
    """:func:`legal_moves` one at a time, so :func:`has_legal_move` stops at the first
    (a game asks after every move: a 341,000-move replay spent most of its time here)."""
    if position.is_won:
        return  # the game is over: taking a card back off a foundation is no move
    free_cell = next((i for i, c in enumerate(position.cells) if c is None), None)
    first_empty = next((i for i, col in enumerate(position.columns) if not col), None)
    exposed: list[tuple[Pile, Card]] = []
    for i, col in enumerate(position.columns):
        if col:
            exposed.append((Pile.column(i), col[-1]))
    for i, held in enumerate(position.cells):
        if held is not None:
            exposed.append((Pile.cell(i), held))
    if variant.foundation_return:
        for suit in Suit:
            top = position.foundation_top(suit)
            if top is not None:
                exposed.append((Pile.foundation(suit), top))

    for pile, c in exposed:
        if not pile.is_foundation and position.foundations[c.suit] + 1 == c.rank:
            yield Move(pile, Pile.foundation(c.suit), 1)
        if not pile.is_cell and free_cell is not None:
            yield Move(pile, Pile.cell(free_cell), 1)
        if pile.is_column:
            continue  # columns are handled below, with runs
        for j, target in enumerate(position.columns):
            if target:
                if can_build(c, target[-1], variant.build):
                    yield Move(pile, Pile.column(j), 1)
            elif j == first_empty and _empty_column_refusal(c, variant) is None:
                yield Move(pile, Pile.column(j), 1)

    limit_to_card = movable_limit(position, variant, to_empty_column=False)
    limit_to_empty = movable_limit(position, variant, to_empty_column=True)
    for i, col in enumerate(position.columns):
        if not col:
            continue
        run = run_length(col, variant.build)
        for j, target in enumerate(position.columns):
            if i == j:
                continue
            if target:
                onto = target[-1]
                for k in range(1, min(run, limit_to_card) + 1):
                    if can_build(col[-k], onto, variant.build):
                        yield Move(Pile.column(i), Pile.column(j), k)
                        break
            elif j == first_empty:
                for k in range(1, min(run, limit_to_empty) + 1):
                    if k < len(col) and _empty_column_refusal(col[-k], variant) is None:
                        yield Move(Pile.column(i), Pile.column(j), k)


def has_legal_move(position: Position, variant: Variant) -> bool:
    if position.is_won:
        return False
    if None in position.cells and any(position.columns):
        return True  # a column's card to a free cell: the common case, answered at once
    tops = [col[-1] for col in position.columns if col]
    held = [c for c in position.cells if c is not None]
    if len(tops) < len(position.columns):
        loose = held + [col[-1] for col in position.columns if len(col) > 1]
        if any(_empty_column_refusal(c, variant) is None for c in loose):
            return True  # a card into an empty column
    for c in (*tops, *held):
        if position.foundations[c.suit] + 1 == c.rank:
            return True  # a card home
    if any(can_build(c, top, variant.build) for c in held for top in tops):
        return True  # a free cell's card onto a column
    return next(_legal_moves(position, variant), None) is not None
