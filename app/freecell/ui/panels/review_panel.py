"""The review panel under the table: a game's moves as a timeline, each position's
verdict coloured in as the review settles it, the turning point marked, and the
buttons to step, jump to the turning point, play on from a step, or close.

The panel only shows and asks; :mod:`freecell.ui.features.review` owns the review
(the positions, the background search, the table) and gives the panel its words.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QMouseEvent, QPainter, QPaintEvent, QPen, QPolygonF
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from freecell.analysis.review import StepVerdict
from freecell.i18n import _
from freecell.ui.named import named

COLOURS = {
    StepVerdict.WINNABLE: QColor("#3fa34d"),
    StepVerdict.LOST: QColor("#d2453a"),
    StepVerdict.UNKNOWN: QColor("#7d8794"),
}


class ReviewTimeline(QWidget):
    """One cell per position (the deal, then after each move); a click asks for
    that step (``stepClicked``).  The turning point has a gold marker above it."""

    stepClicked = Signal(int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("reviewTimeline")
        self.setMinimumHeight(30)
        self.verdicts: list[StepVerdict] = []
        self.current = 0
        self.turning_point: int | None = None

    def show_steps(
        self, verdicts: Sequence[StepVerdict], current: int, turning_point: int | None
    ) -> None:
        self.verdicts, self.current, self.turning_point = list(verdicts), current, turning_point
        self.update()

    def _cell(self) -> float:
        return (self.width() - 4) / max(len(self.verdicts), 1)

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.verdicts:
            return
        painter = QPainter(self)
        cell = self._cell()
        top, height = 9.0, self.height() - 12.0
        painter.setPen(Qt.PenStyle.NoPen)
        for i, verdict in enumerate(self.verdicts):
            painter.setBrush(COLOURS[verdict])
            painter.drawRect(
                QRectF(2 + i * cell, top, max(cell - (1 if cell > 4 else 0), 1), height)
            )
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor("#ffffff"), 2))
        painter.drawRect(QRectF(2 + self.current * cell, top - 1, max(cell, 3), height + 2))
        if self.turning_point is not None:
            x = 2 + (self.turning_point + 0.5) * cell
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor("#ffcc33"))
            painter.drawPolygon(QPolygonF([QPointF(x - 5, 0), QPointF(x + 5, 0), QPointF(x, 8)]))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.verdicts:
            step = int((event.position().x() - 2) // self._cell())
            self.stepClicked.emit(max(0, min(step, len(self.verdicts) - 1)))


class ReviewPanel(QFrame):
    """The review's controls; each button calls the feature's slot."""

    def __init__(
        self,
        *,
        step: Callable[[int], None],
        to_turning_point: Callable[[], None],
        play_on: Callable[[], None],
        close: Callable[[], None],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("reviewPanel")
        self.setStyleSheet(
            "#reviewPanel { background: #22313f; border-top: 1px solid #3d5870; }"
            "#reviewPanel QLabel { color: #eef4f8; font-size: 10.5pt; }"
            "#reviewPanel QLabel#reviewTitle { font-weight: bold; }"
            "#reviewPanel QPushButton { color: #eef4f8; background: rgba(255,255,255,28);"
            " border: 1px solid rgba(255,255,255,70); border-radius: 4px; padding: 3px 10px; }"
            "#reviewPanel QPushButton:hover { background: rgba(255,255,255,60); }"
            "#reviewPanel QPushButton:focus { border: 2px solid #ffcc33; }"
            "#reviewPanel QPushButton:disabled { color: #7d8794; }"
        )
        self.setAccessibleName(_("Review"))
        self.title = named(QLabel(), "reviewTitle")
        self.progress = named(QLabel(), "reviewProgress")
        self.words = named(QLabel(), "reviewStep")
        self.words.setWordWrap(True)
        self.timeline = ReviewTimeline(self)
        self.timeline.stepClicked.connect(step)
        self.current = 0

        def button(text: str, name: str, slot: Callable[[], object], tip: str) -> QPushButton:
            b = named(QPushButton(text), name)
            b.setToolTip(tip)
            b.clicked.connect(lambda _c=False: slot())
            return b

        self.first_button = button("|◀", "reviewFirst", lambda: step(0), _("The deal (Home)"))
        self.first_button.setAccessibleName(_("First position"))
        self.back_button = button(
            "◀", "reviewBack", lambda: step(self.current - 1), _("One move back (Left)")
        )
        self.back_button.setAccessibleName(_("Previous move"))
        self.next_button = button(
            "▶", "reviewNext", lambda: step(self.current + 1), _("One move on (Right)")
        )
        self.next_button.setAccessibleName(_("Next move"))
        self.last_button = button(
            "▶|", "reviewLast", lambda: step(len(self.timeline.verdicts) - 1), _("The end (End)")
        )
        self.last_button.setAccessibleName(_("Last position"))
        self.turning_button = button(
            _("&Turning point"),
            "reviewTurningPoint",
            to_turning_point,
            _("The move after which the game could no longer be won (T)"),
        )
        self.play_on_button = button(
            _("&Play on from here"),
            "reviewPlayOn",
            play_on,
            _("A new game from this position; it counts as helped"),
        )
        self.close_button = button(_("Close"), "reviewClose", close, _("Back to the game (Esc)"))

        top = QHBoxLayout()
        top.addWidget(self.title)
        top.addStretch(1)
        top.addWidget(self.progress)
        buttons = QHBoxLayout()
        for b in (self.first_button, self.back_button, self.next_button, self.last_button):
            buttons.addWidget(b)
        buttons.addWidget(self.words, 1)
        for b in (self.turning_button, self.play_on_button, self.close_button):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(10, 6, 10, 6)
        layout.setSpacing(4)
        layout.addLayout(top)
        layout.addWidget(self.timeline)
        layout.addLayout(buttons)
        self.hide()

    def show_step(
        self,
        verdicts: Sequence[StepVerdict],
        current: int,
        turning_point: int | None,
        words: str,
        can_play_on: bool,
    ) -> None:
        self.current = current
        last = len(verdicts) - 1
        self.timeline.show_steps(verdicts, current, turning_point)
        self.words.setText(words)
        self.first_button.setEnabled(current > 0)
        self.back_button.setEnabled(current > 0)
        self.next_button.setEnabled(current < last)
        self.last_button.setEnabled(current < last)
        self.turning_button.setEnabled(turning_point is not None and current != turning_point)
        self.play_on_button.setEnabled(can_play_on)
