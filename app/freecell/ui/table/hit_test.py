"""Which pile or card lies under a point of the table, and where a dragged run lands.

Pure geometry over the table's layout and the position shown: no Qt, no rules.  The
scene (:mod:`.scene`) answers the input controller's questions with these.
"""

from __future__ import annotations

from freecell.engine import Pile, PileKind, Position
from freecell.ui.table.layout import Rect, TableLayout


def pile_rect(layout: TableLayout, pile: Pile) -> Rect:
    """The slot of a cell or foundation, or a column's top card place."""
    if pile.kind is PileKind.CELL:
        return layout.cells[pile.index]
    if pile.kind is PileKind.FOUNDATION:
        return layout.foundations[pile.index]
    return layout.columns[pile.index]


def card_at(layout: TableLayout, pos: Position, x: float, y: float) -> tuple[Pile, int] | None:
    """The pile and depth of the card under a scene point (depth 0 for cells and
    foundations), or None."""
    for i, r in enumerate(layout.cells):
        if r.contains(x, y) and pos.cells[i] is not None:
            return (Pile.cell(i), 0)
    for s, r in enumerate(layout.foundations):
        if r.contains(x, y) and pos.foundations[s]:
            return (Pile.foundation(s), 0)
    for col, cards in enumerate(pos.columns):
        for depth in range(len(cards) - 1, -1, -1):
            if layout.card_rect(col, depth).contains(x, y):
                return (Pile.column(col), depth)
    return None


def pile_at(layout: TableLayout, x: float, y: float) -> Pile | None:
    """The pile whose slot or column zone holds a scene point, or None."""
    for i, r in enumerate(layout.cells):
        if r.contains(x, y):
            return Pile.cell(i)
    for s, r in enumerate(layout.foundations):
        if r.contains(x, y):
            return Pile.foundation(s)
    for i, r in enumerate(layout.column_zones):
        if r.contains(x, y):
            return Pile.column(i)
    return None


def drop_target(layout: TableLayout, pos: Position, dragged: Rect, source: Pile) -> Pile | None:
    """The pile the dragged card overlaps most (not its own pile)."""
    best: tuple[float, Pile] | None = None
    candidates: list[tuple[Rect, Pile]] = [(r, Pile.cell(i)) for i, r in enumerate(layout.cells)]
    candidates += [(r, Pile.foundation(s)) for s, r in enumerate(layout.foundations)]
    for i, cards in enumerate(pos.columns):
        # a column's target is where its next card would lie
        candidates.append((layout.card_rect(i, max(0, len(cards) - 1)), Pile.column(i)))
    for rect, pile in candidates:
        if pile == source:
            continue
        area = rect.intersection_area(dragged)
        if area > 0 and (best is None or area > best[0]):
            best = (area, pile)
    return best[1] if best else None
