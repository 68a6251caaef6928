"""The marks drawn over the cards: the selection, the keyboard focus, the hint's
source and destination, and where a dragged run would land.

Each is one path item of the scene, hidden until it is set; the scene's
``set_selection``, ``set_focus_mark``, ``set_hint`` and ``set_drop_mark`` say what
each marks (a pile and depth, a move), and the marks keep only that: their outlines
are drawn from the scene's layout and position, again by ``refresh`` whenever the
scene lays itself out or shows another position (a resize, a panel opening, a move,
another card size), so a mark follows its cards -- or goes, when what it marks is no
longer on the table (a hint for a position left behind, a selection whose cards
moved away).
"""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QBrush, QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from freecell.engine import Move, Pile, PileKind, Position
from freecell.ui.table.items import Z_LIFTED, Z_MARK, TableParts, qrect


class TableMarks:
    """The scene's mark items (five, and the focus's halo) and how each is drawn."""

    def __init__(self, scene: TableParts) -> None:
        self._scene = scene
        self.selection = self._item(Z_MARK, QColor(255, 204, 51, 70), QColor("#ffcc33"), 3)
        self.focus = self._item(Z_MARK + 2, None, QColor("#ffffff"), 3, dashed=True)
        # a black band under the focus's white dashes: clear on any surface, as the
        # focus ring round widgets is (ui/accessibility/focus_ring.py)
        self.focus_halo = self._item(Z_MARK + 1.5, None, QColor("#000000"), 7)
        self.hint_src = self._item(Z_MARK + 1, QColor(80, 200, 255, 60), QColor("#4fc3ff"), 4)
        self.drop = self._item(Z_LIFTED - 1, QColor(255, 255, 255, 36), QColor("#ffffff"), 3)
        self.hint_dst = self._item(
            Z_MARK + 1, QColor(80, 200, 255, 40), QColor("#4fc3ff"), 4, dashed=True
        )
        # what each mark stands for; the items are drawn from these
        self._selected: tuple[Pile, int] | None = None
        self._focused: tuple[Pile, int] | None = None
        self._hinted: tuple[Move, Position] | None = None
        self._dropped: Pile | None = None

    def refresh(self) -> None:
        """Draw every mark again from what it stands for, at the scene's layout."""
        self.set_selection(*(self._selected or (None,)))
        self.set_focus(*(self._focused or (None,)))
        hinted = self._hinted
        self.set_hint(
            hinted[0] if hinted is not None and hinted[1] == self._scene.position else None
        )
        self.set_drop(self._dropped)

    def _still_there(self, pile: Pile, depth: int) -> bool:
        """Whether the cards a mark from ``pile`` at ``depth`` outlines are on the table
        (an empty pile's own outline counts: it is where a card would go)."""
        position = self._scene.position
        if position is None or not pile.is_column or depth == 0:
            return position is not None
        return depth < len(position.columns[pile.index])

    def _item(
        self, z: float, fill: QColor | None, line: QColor, width: float, dashed: bool = False
    ) -> QGraphicsPathItem:
        item = QGraphicsPathItem()
        pen = QPen(line, width)
        pen.setCosmetic(True)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        item.setPen(pen)
        # QBrush(colour, style) and QBrush(), not QBrush(colour) or QBrush(NoBrush):
        # PySide tries those against QBrush(QGradient) and QBrush(QImage) first,
        # creating both classes' enums for nothing before the first paint
        item.setBrush(QBrush(fill, Qt.BrushStyle.SolidPattern) if fill is not None else QBrush())
        item.setZValue(z)
        item.setVisible(False)
        item.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self._scene.addItem(item)
        return item

    def _card_union(self, pile: Pile, depth: int) -> QPainterPath:
        """The outline of a pile's cards from ``depth`` to its end (the pile's own
        outline when it is empty)."""
        scene = self._scene
        assert scene.layout is not None and scene.position is not None
        path = QPainterPath()
        radius = scene.layout.card_w * 0.07
        if pile.kind is PileKind.COLUMN:
            cards = scene.position.columns[pile.index]
            if not cards:
                path.addRoundedRect(qrect(scene.pile_rect(pile)), radius, radius)
                return path
            first = scene.layout.card_rect(pile.index, min(depth, len(cards) - 1))
            last = scene.layout.card_rect(pile.index, len(cards) - 1)
            path.addRoundedRect(
                QRectF(first.x, first.y, first.w, last.y + last.h - first.y), radius, radius
            )
            return path
        path.addRoundedRect(qrect(scene.pile_rect(pile)), radius, radius)
        return path

    def _landing(self, pile: Pile) -> QPainterPath:
        """Where a card put on ``pile`` goes: a column's last card (or its place)."""
        scene = self._scene
        assert scene.layout is not None and scene.position is not None
        if not pile.is_column:
            return self._card_union(pile, 0)
        cards = scene.position.columns[pile.index]
        path = QPainterPath()
        r = scene.layout.card_rect(pile.index, max(0, len(cards) - 1))
        path.addRoundedRect(qrect(r), scene.layout.card_w * 0.07, scene.layout.card_w * 0.07)
        return path

    def set_selection(self, pile: Pile | None, depth: int = 0) -> None:
        if pile is not None and not self._still_there(pile, depth):
            pile = None
        self._selected = None if pile is None else (pile, depth)
        if pile is None or self._scene.layout is None:
            self.selection.setVisible(False)
            return
        self.selection.setPath(self._card_union(pile, depth))
        self.selection.setVisible(True)

    def set_focus(self, pile: Pile | None, depth: int = 0) -> None:
        self._focused = None if pile is None else (pile, depth)
        layout = self._scene.layout
        if pile is None or layout is None:
            self.focus.setVisible(False)
            self.focus_halo.setVisible(False)
            return
        path = self._card_union(pile, depth)
        grown = QPainterPath()
        r = path.boundingRect().adjusted(-4, -4, 4, 4)
        grown.addRoundedRect(r, layout.card_w * 0.09, layout.card_w * 0.09)
        for item in (self.focus, self.focus_halo):
            item.setPath(grown)
            item.setVisible(True)

    def set_hint(self, move: Move | None) -> None:
        position = self._scene.position
        self._hinted = None if move is None or position is None else (move, position)
        if move is None or self._scene.layout is None or position is None:
            self.hint_src.setVisible(False)
            self.hint_dst.setVisible(False)
            return
        depth = 0
        if move.source.is_column:
            cards = position.columns[move.source.index]
            depth = max(0, len(cards) - (move.count or 1))
        self.hint_src.setPath(self._card_union(move.source, depth))
        dest = move.dest
        if dest.is_foundation and dest.index < 0:
            dest = Pile.foundation(_moving_suit(position, move))
        if dest.is_cell and dest.index < 0:
            free = [i for i, c in enumerate(position.cells) if c is None]
            dest = Pile.cell(free[0] if free else 0)
        self.hint_dst.setPath(self._landing(dest))
        self.hint_src.setVisible(True)
        self.hint_dst.setVisible(True)

    def set_drop(self, pile: Pile | None) -> None:
        self._dropped = pile
        if pile is None or self._scene.layout is None or self._scene.position is None:
            self.drop.setVisible(False)
            return
        self.drop.setPath(self._landing(pile))
        self.drop.setVisible(True)


def _moving_suit(position: Position, move: Move) -> int:
    pile = move.source
    if pile.is_cell:
        held = position.cells[pile.index]
        return int(held.suit) if held is not None else 0
    if pile.is_column and position.columns[pile.index]:
        return int(position.columns[pile.index][-1].suit)
    return max(0, pile.index)
