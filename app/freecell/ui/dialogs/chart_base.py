"""What the Statistics window's charts share: a focusable drawing with a name and
a one-sentence summary for screen readers, its axes, and the charts' colours."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPaintEvent, QPalette, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from freecell.i18n import _

WON = QColor("#3a9d4a")
PLAYED = QColor("#8a96a3")
RUNNING = QColor("#2f6fb5")
DAILY = QColor("#e0a800")
HELPED = QColor("#c77d2a")


class Chart(QWidget):
    """A focusable drawing with a name and a one-sentence summary for screen readers."""

    def __init__(self, name: str, object_name: str) -> None:
        super().__init__()
        self.setObjectName(object_name)
        self.setAccessibleName(name)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMinimumSize(320, 200)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.empty = True

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        text = palette.color(QPalette.ColorRole.Text)
        if self.empty:
            painter.setPen(text)
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter, _("No game finished yet."))
        else:
            self.draw(painter, text)
        if self.hasFocus():
            painter.setPen(QPen(palette.color(QPalette.ColorRole.Highlight), 2))
            painter.drawRect(self.rect().adjusted(1, 1, -1, -1))
        painter.end()

    def draw(self, painter: QPainter, text: QColor) -> None:
        raise NotImplementedError

    def plot_area(self) -> QRectF:
        metrics = self.fontMetrics()
        left = metrics.horizontalAdvance("100%") + 14
        return QRectF(left, 12, self.width() - left - 16, self.height() - metrics.height() * 2 - 20)

    def axes(
        self,
        painter: QPainter,
        text: QColor,
        area: QRectF,
        y_labels: Sequence[tuple[float, str]],
        x_labels: Sequence[tuple[float, str]],
    ) -> None:
        grid = QColor(text)
        grid.setAlpha(50)
        for fraction, label in y_labels:
            y = area.bottom() - fraction * area.height()
            painter.setPen(grid)
            painter.drawLine(QPointF(area.left(), y), QPointF(area.right(), y))
            painter.setPen(text)
            painter.drawText(
                QRectF(0, y - 10, area.left() - 6, 20),
                Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                label,
            )
        painter.setPen(text)
        painter.drawLine(area.bottomLeft(), area.bottomRight())
        height = self.fontMetrics().height()
        for fraction, label in x_labels:
            x = area.left() + fraction * area.width()
            width = self.fontMetrics().horizontalAdvance(label) + 4
            x = min(max(x - width / 2, area.left() - 10), area.right() - width + 10)
            painter.drawText(
                QRectF(x, area.bottom() + 4, width, height), Qt.AlignmentFlag.AlignCenter, label
            )
