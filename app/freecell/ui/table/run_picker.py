"""The run picker: a small panel for choosing where a run starts.

Press and hold on a column (or P on the focused column) opens it in that column's
own lane, so it never hides a pile the run could go to.  It shows how many cards
would go; sliding (still pressed) onto the up arrow or clicking it takes one more
card, the down arrow one fewer; Up/Down do the same, Enter confirms, Escape
cancels.  :class:`RunPickerItem` draws the panel and says which of its parts lies
under a point; :class:`RunPickerControl` is how it answers, moving the input
controller's selection and focus; :func:`picker_place` is where it goes.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QWidget

from freecell.engine import Pile
from freecell.i18n import ngettext
from freecell.ui.table.layout import TableLayout

if TYPE_CHECKING:
    # only named in paint's signature: the first paint need not create its enums
    from PySide6.QtWidgets import QStyleOptionGraphicsItem

    from freecell.ui.table.input import InputController


class PickerPart(Enum):
    UP = "up"
    DOWN = "down"
    CLOSE = "close"
    BODY = "body"


class RunPickerItem(QGraphicsItem):
    def __init__(self) -> None:
        super().__init__()
        self.count = 1
        self.hot: PickerPart | None = None
        self._w = 120.0
        self._h = 150.0
        self.setZValue(2000)
        self.setVisible(False)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def set_scale_for(self, card_w: float) -> None:
        self.prepareGeometryChange()
        # as wide as a card, so it fits its own column's lane
        self._w = max(56.0, card_w)
        self._h = self._w * 1.25

    def boundingRect(self) -> QRectF:
        return QRectF(0, 0, self._w, self._h)

    # parts, in item coordinates
    def part_rects(self) -> dict[PickerPart, QRectF]:
        w, h = self._w, self._h
        close = w * 0.24
        return {
            PickerPart.CLOSE: QRectF(w - close - 4, 4, close, close),
            PickerPart.UP: QRectF(w * 0.2, h * 0.16, w * 0.6, h * 0.26),
            PickerPart.DOWN: QRectF(w * 0.2, h * 0.70, w * 0.6, h * 0.26),
        }

    def part_at(self, scene_point: QPointF) -> PickerPart | None:
        if not self.isVisible():
            return None
        local = self.mapFromScene(scene_point)
        for part, rect in self.part_rects().items():
            if rect.contains(local):
                return part
        return PickerPart.BODY if self.boundingRect().contains(local) else None

    def set_count(self, count: int, hot: PickerPart | None = None) -> None:
        self.count = count
        self.hot = hot
        self.update()

    def paint(
        self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None
    ) -> None:
        w, h = self._w, self._h
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(QPen(QColor("#ffcc33"), 2))
        painter.setBrush(QColor(20, 24, 30, 235))
        painter.drawRoundedRect(QRectF(1, 1, w - 2, h - 2), 10, 10)
        parts = self.part_rects()
        for part in (PickerPart.UP, PickerPart.DOWN):
            r = parts[part]
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#ffcc33") if self.hot is part else QColor("#3d4654"))
            painter.drawRoundedRect(r, 8, 8)
            arrow = QPainterPath()
            cx, cy = r.center().x(), r.center().y()
            s = r.height() * 0.32
            if part is PickerPart.UP:
                arrow.moveTo(cx, cy - s)
                arrow.lineTo(cx + s * 1.2, cy + s * 0.7)
                arrow.lineTo(cx - s * 1.2, cy + s * 0.7)
            else:
                arrow.moveTo(cx, cy + s)
                arrow.lineTo(cx + s * 1.2, cy - s * 0.7)
                arrow.lineTo(cx - s * 1.2, cy - s * 0.7)
            arrow.closeSubpath()
            painter.setBrush(QColor("#1b1f26") if self.hot is part else QColor("#ffffff"))
            painter.drawPath(arrow)
        close = parts[PickerPart.CLOSE]
        painter.setPen(
            QPen(QColor("#ff8a80") if self.hot is PickerPart.CLOSE else QColor("#dddddd"), 2.5)
        )
        m = close.width() * 0.28
        painter.drawLine(close.topLeft() + QPointF(m, m), close.bottomRight() - QPointF(m, m))
        painter.drawLine(close.topRight() + QPointF(-m, m), close.bottomLeft() + QPointF(m, -m))
        font = QFont(painter.font())
        font.setBold(True)
        size = max(12, round(h * 0.15))
        font.setPixelSize(size)
        text = self.label()
        # a longer language's words ("13 Karten") shrink to the lane rather than clip
        wide = QFontMetricsF(font).horizontalAdvance(text)
        if wide > w * 0.92:
            font.setPixelSize(max(9, int(size * w * 0.92 / wide)))
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        painter.drawText(QRectF(0, h * 0.42, w, h * 0.28), Qt.AlignmentFlag.AlignCenter, text)

    def label(self) -> str:
        """What the picker shows between its arrows: how many cards would go."""
        from freecell.i18n.formatting import format_number  # (with datetime: not at start)

        # Translators: the run picker's count, as wide as a card: keep it short
        return ngettext("{n} card", "{n} cards", self.count).format(n=format_number(self.count))


class RunPickerControl:
    """How the run picker answers: opened on a column with a run selected, one card
    more or fewer from its arrows (hovered while pressed, clicked, or Up/Down), closed
    by its cross or Escape.  The selection and the keyboard focus are the input
    controller's; this moves them."""

    def __init__(self, controller: InputController) -> None:
        self._controller = controller
        self.item = RunPickerItem()
        controller.scene.addItem(self.item)
        self.column: int | None = None

    @property
    def is_open(self) -> bool:
        return self.item.isVisible()

    def open(self, column: int, depth: int) -> bool:
        """Open on a column with the run from ``depth`` selected; the keyboard focus
        goes to that card, so the picker's keys work however it was opened.  False
        when the column is empty or the table is not laid out."""
        controller = self._controller
        lay = controller.scene.layout
        length = len(controller.position().columns[column])
        if lay is None or length == 0:
            return False
        depth = max(0, min(depth, length - 1))
        self.column = column
        self.item.set_scale_for(lay.card_w)
        size = self.item.boundingRect()
        x, y = picker_place(lay, column, depth, length, size.width(), size.height())
        self.item.setPos(QPointF(x, y))
        self.item.setVisible(True)
        controller.select(Pile.column(column), depth)
        controller.focus_on(Pile.column(column), depth)
        self.show_count()
        return True

    def show_count(self, hot: PickerPart | None = None) -> None:
        selection = self._controller.selection
        if selection is None or self.column is None:
            return
        pile, depth = selection
        self.item.set_count(len(self._controller.position().columns[pile.index]) - depth, hot)

    def hover(self, part: PickerPart | None) -> None:
        if part is self.item.hot:
            return
        if part in (PickerPart.UP, PickerPart.DOWN):
            self.step(more=part is PickerPart.UP, hot=part)
        else:
            self.show_count(part)

    def step(self, more: bool, hot: PickerPart | None = None) -> None:
        """One card more (the run starts a card higher) or one fewer; the focus
        follows the run's first card."""
        controller = self._controller
        if controller.selection is None or self.column is None:
            return
        pile, depth = controller.selection
        length = len(controller.position().columns[pile.index])
        depth = max(0, depth - 1) if more else min(length - 1, depth + 1)
        controller.select(pile, depth)
        controller.focus_on(pile, depth)
        self.show_count(hot)

    def release(self, point: QPointF) -> None:
        if self.item.part_at(point) is PickerPart.CLOSE:
            self._controller.clear_selection()
            return
        # release confirms: the run stays selected, the panel stays for fine tuning
        self.show_count(None)

    def close(self) -> None:
        self.item.setVisible(False)
        self.column = None


def picker_place(
    lay: TableLayout, column: int, depth: int, length: int, width: float, height: float
) -> tuple[float, float]:
    """Where the picker goes: in its own column's lane, so it never hides another
    pile a run could go to.  Below the column's last card when there is room, else
    above the run's first card (over the buried cards, which are no destination),
    else over the run itself just below its first card's index, still in its own
    lane."""
    slot = lay.columns[column]
    x = slot.x + (slot.w - width) / 2
    gap = max(4.0, lay.card_w * 0.06)
    last = lay.card_rect(column, length - 1)
    below = last.y + last.h + gap
    if below + height <= lay.height - gap:
        return x, below
    first = lay.card_rect(column, depth)
    above = first.y - height - gap
    if above >= slot.y:
        return x, above
    under_index = first.y + lay.offsets[column]
    return x, max(slot.y, min(under_index, lay.height - height - gap))
