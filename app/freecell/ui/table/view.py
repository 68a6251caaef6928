"""The widget that shows the table scene and hands its input to the controller.

Scene coordinates are view pixels: on every resize the scene lays itself out
again for the new size (the position never changes), so cards are painted 1:1
from their cached images and stay sharp.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QFocusEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QResizeEvent,
)
from PySide6.QtWidgets import QFrame, QGraphicsView, QStyle, QWidget

from freecell.i18n import _
from freecell.ui.table.input import InputController
from freecell.ui.table.scene import TableScene

_ON = Qt.ScrollBarPolicy.ScrollBarAlwaysOn
_OFF = Qt.ScrollBarPolicy.ScrollBarAlwaysOff


class TableView(QGraphicsView):
    # once, at the table's first paint: start-up's own work and what the window
    # builds only once the table is on screen wait for it
    first_painted = Signal()

    def __init__(self, scene: TableScene, parent: QWidget | None = None) -> None:
        super().__init__(scene, parent)
        # The viewport QGraphicsView makes for itself is a plain QWidget created in
        # C++; the first viewport() call then has PySide6 resolve its Python type,
        # which initialises every QWidget subclass it knows and their enums.  One made
        # here is the same plain QWidget, already known.
        self.setViewport(QWidget())
        self.table = scene
        self.controller: InputController | None = None
        self.on_resized: Callable[[], None] | None = None
        # called once, right after the first paint: the moment the player sees the
        # table (start-up timing, and work deferred until the table is up)
        self.painted = False  # whether the table has been on screen yet
        self._relayouting = False
        self.setFrameShape(QFrame.Shape.NoFrame)
        # cards are drawn 1:1 from images made at the device pixel ratio: no smoothing
        self.setRenderHints(QPainter.RenderHint.Antialiasing)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.SmartViewportUpdate)
        self.setOptimizationFlag(QGraphicsView.OptimizationFlag.DontSavePainterState, True)
        # No CacheBackground: the background is already one pixmap (the scene's), and
        # the view's copy of it cost as much again (8 MB at 1920x1080) for no
        # faster frame (both are one blit of the exposed part).
        # no scroll bars until the table needs them (relayout decides)
        self.setHorizontalScrollBarPolicy(_OFF)
        self.setVerticalScrollBarPolicy(_OFF)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(False)
        self.setAccessibleName(_("Card table"))
        self.setAccessibleDescription(
            _(
                "Left and Right choose a pile, Up and Down the first card of a run, "
                "Enter selects, drops or sends home, Escape clears."
            )
        )

    def announce(self, text: str) -> None:
        """Tell screen readers what the keyboard focus is on now."""
        # Translators: the table's name with what the keyboard focus is on
        self.setAccessibleName(_("Card table. {focus}").format(focus=text))
        if QAccessible.isActive():
            QAccessible.updateAccessibility(QAccessibleEvent(self, QAccessible.Event.NameChanged))

    def relayout(self) -> None:
        """Lay the table out for the viewport's size, once per size.

        The scroll bars are decided first, from the layout's arithmetic alone
        (`_plan`), and set on or off for good; the scene is then laid out once, at
        the size the viewport has with them.  "Fit to window" scrolls only where
        even its smallest cards do not fit (a tiny window, or 200 % text on a small
        screen), so the cards under the edge can still be reached; large print and
        the fixed sizes scroll where Small cards do not fit.
        """
        if self._relayouting:
            return  # the viewport resized by the scroll bars set below
        self._relayouting = True
        try:
            horizontal, vertical, size = self._plan()
            if self.horizontalScrollBarPolicy() != (_ON if horizontal else _OFF):
                self.setHorizontalScrollBarPolicy(_ON if horizontal else _OFF)
            if self.verticalScrollBarPolicy() != (_ON if vertical else _OFF):
                self.setVerticalScrollBarPolicy(_ON if vertical else _OFF)
            dpr = self.devicePixelRatioF()
            # The planned size, not the viewport's: inside Qt's own resize handling
            # the viewport may still have the size of the bars that were on before.
            # A size the table already has (a settings change lays the scene out
            # before it asks for the scroll bars) is not laid out again.
            if self.table.layout is None or (size, dpr) != (self.table.view_size, self.table.dpr):
                self.table.configure(view_size=size, dpr=dpr)
        finally:
            self._relayouting = False

    def _plan(self) -> tuple[bool, bool, tuple[float, float]]:
        """Whether the table needs the horizontal and the vertical scroll bar, and
        the viewport's size with them.

        Decided at the viewport's size without scroll bars, so that their coming and
        going never changes the decision (no ping-pong); a bar once needed narrows
        the view, which may call for the other one too.
        """
        full = self.maximumViewportSize()  # less each bar that is on, its whole extent
        full_w, full_h = float(full.width()), float(full.height())
        if self.verticalScrollBarPolicy() == _ON:
            full_w += self.verticalScrollBar().sizeHint().width()
        if self.horizontalScrollBarPolicy() == _ON:
            full_h += self.horizontalScrollBar().sizeHint().height()
        w, h = full_w, full_h
        horizontal = vertical = False
        for _pass in range(3):
            planned = self.table.layout_for(w, h)
            if planned is None:
                break
            lay = planned[1]
            horizontal = horizontal or lay.width > w + 0.5
            vertical = vertical or lay.height > h + 0.5
            if not (horizontal or vertical):
                break  # the common case: no scroll bar is asked about
            bar_w, bar_h = self._bar_room()
            narrowed = (full_w - (bar_w if vertical else 0), full_h - (bar_h if horizontal else 0))
            if narrowed == (w, h):
                break
            w, h = narrowed
        return horizontal, vertical, (w, h)

    def _bar_room(self) -> tuple[float, float]:
        """The width of the vertical scroll bar and the height of the horizontal one
        that Qt takes from the viewport when they are shown.

        As `QAbstractScrollArea` lays them out: nothing for a bar its style lays over
        the contents (`PM_ScrollView_ScrollBarOverlap`, asked of the bar's own style),
        its extent otherwise -- also for a bar that fades out when unused
        (`SH_ScrollBar_Transient`), which changes when it is shown, not its room.
        """
        overlap = QStyle.PixelMetric.PM_ScrollView_ScrollBarOverlap
        vbar, hbar = self.verticalScrollBar(), self.horizontalScrollBar()
        bar_w = 0 if vbar.style().pixelMetric(overlap, None, vbar) else vbar.sizeHint().width()
        bar_h = 0 if hbar.style().pixelMetric(overlap, None, hbar) else hbar.sizeHint().height()
        return float(bar_w), float(bar_h)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self.relayout()
        if self.on_resized is not None:
            self.on_resized()

    def paintEvent(self, event: QPaintEvent) -> None:
        self.table.ensure_pixmaps()
        super().paintEvent(event)
        if not self.painted:
            self.painted = True
            self.first_painted.emit()

    # -- input ------------------------------------------------------------------------
    def mousePressEvent(self, event: QMouseEvent) -> None:
        if self.table.celebrating:  # a click skips the win's celebration
            self.table.end_celebration()
            event.accept()
            return
        if self.controller is None or event.button() != Qt.MouseButton.LeftButton:
            super().mousePressEvent(event)
            return
        self.setFocus(Qt.FocusReason.MouseFocusReason)
        self.controller.press(self.mapToScene(event.position().toPoint()))
        event.accept()

    def mouseMoveEvent(self, event: QMouseEvent) -> None:
        if self.controller is None:
            super().mouseMoveEvent(event)
            return
        self.controller.move(self.mapToScene(event.position().toPoint()))
        event.accept()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        if self.controller is None or event.button() != Qt.MouseButton.LeftButton:
            super().mouseReleaseEvent(event)
            return
        self.controller.release(self.mapToScene(event.position().toPoint()))
        event.accept()

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        if self.controller is None or event.button() != Qt.MouseButton.LeftButton:
            super().mouseDoubleClickEvent(event)
            return
        self.controller.double_click(self.mapToScene(event.position().toPoint()))
        event.accept()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if self.table.celebrating:  # so does any key
            self.table.end_celebration()
            event.accept()
            return
        if self.controller is not None and self.controller.key(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.viewport().update()
