"""Where a picked-up card or run may go now, as the engine judges it.

The table lights the legal destinations of what the player holds (dragged, tapped
or picked up by keys).  No rule is decided here: each pile is asked of the engine's
own judge (:func:`freecell.engine.check_move`) with exactly the move a drop or a tap
on it would send, the variant's build rule, empty-column rule and supermove limit
included.  The run picker's choices come from the engine too: the starting cards
whose cards below form a run (:func:`freecell.engine.run_length`), and how many of
them can move at once (:func:`freecell.engine.movable_limit`).  Qt-free.
"""

from __future__ import annotations

from freecell.engine import Move, Pile, Position, Variant, check_move, movable_limit, run_length


def moving_count(position: Position, source: Pile, depth: int) -> int | None:
    """The count a drop or tap sends for the cards from ``depth`` of ``source``:
    a column's cards to its end, a cell's or foundation's one card (None)."""
    if source.is_column:
        return len(position.columns[source.index]) - depth
    return None


def legal_destinations(
    position: Position, variant: Variant, source: Pile, depth: int
) -> tuple[Pile, ...]:
    """Every pile the cards from ``depth`` of ``source`` may be put on now: each free
    cell, the suit's foundation, each column that takes them."""
    count = moving_count(position, source, depth)
    found: list[Pile] = []
    candidates = [Pile.cell(i) for i in range(len(position.cells))]
    candidates.append(Pile.foundation())  # "home": the engine names the suit's own
    candidates += [Pile.column(i) for i in range(len(position.columns))]
    for dest in candidates:
        if dest == source:
            continue
        judged = check_move(position, variant, Move(source, dest, count))
        if isinstance(judged, Move) and judged.dest not in found:
            found.append(judged.dest)
    return tuple(found)


def run_starts(position: Position, variant: Variant, column: int) -> range:
    """The depths the run picker offers in ``column``: each card whose cards below it
    form a run, the deepest first (empty for an empty column)."""
    cards = position.columns[column]
    return range(len(cards) - run_length(cards, variant.build), len(cards))


def movable_now(position: Position, variant: Variant) -> int:
    """How many cards can move together now onto a card (the supermove limit)."""
    return movable_limit(position, variant)
