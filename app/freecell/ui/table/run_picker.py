"""The run picker: a small panel for choosing where a run starts.

Press and hold on a column (or P on the focused column) opens it in that column's
own lane, so it never hides a pile the run could go to.  It shows how many cards
would go; sliding (still pressed) onto the up arrow or clicking it takes one more
card, the down arrow one fewer; Up/Down do the same, Enter confirms, Escape
cancels.  The input controller owns the behaviour; this item only draws itself
and says which of its parts lies under a point.
"""

from __future__ import annotations

from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsItem, QWidget

if TYPE_CHECKING:  # only named in paint's signature: the class's enums cost ~1 ms
    from PySide6.QtWidgets import QStyleOptionGraphicsItem


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
        font.setPixelSize(max(12, round(h * 0.15)))
        painter.setFont(font)
        painter.setPen(QColor("#ffffff"))
        text = "1 card" if self.count == 1 else f"{self.count} cards"
        painter.drawText(QRectF(0, h * 0.42, w, h * 0.28), Qt.AlignmentFlag.AlignCenter, text)
