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
from PySide6.QtWidgets import QFrame, QGraphicsView, QWidget

from freecell.i18n import _
from freecell.ui.table.input import InputController
from freecell.ui.table.layout import CardSize
from freecell.ui.table.scene import TableScene


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
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
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
        """Lay the table out for the viewport's size.

        Scroll bars appearing or vanishing resize the viewport from inside this call;
        the nested resize is ignored and the loop settles in at most three passes
        instead of oscillating.  "Fit to window" scrolls only where even its smallest
        cards do not fit (a tiny window, or 200 % text on a small screen): the cards
        under the edge can still be reached.
        """
        if self._relayouting:
            return
        self._relayouting = True
        try:
            policy = Qt.ScrollBarPolicy.ScrollBarAsNeeded
            if self.table.card_size is CardSize.FIT and not self.table.large_print:
                # decided at the viewport's size without scroll bars, so that their
                # coming and going never changes the decision (no ping-pong)
                full = self.maximumViewportSize()
                self.table.configure(
                    view_size=(float(full.width()), float(full.height())),
                    dpr=self.devicePixelRatioF(),
                )
                lay = self.table.layout
                fits = lay is None or (
                    lay.width <= full.width() + 0.5 and lay.height <= full.height() + 0.5
                )
                if fits:
                    policy = Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            # (large print keeps its minimum size in a tiny window: it scrolls)
            if self.horizontalScrollBarPolicy() != policy:
                self.setHorizontalScrollBarPolicy(policy)
            if self.verticalScrollBarPolicy() != policy:
                self.setVerticalScrollBarPolicy(policy)
            self._lay_out()
        finally:
            self._relayouting = False

    def _lay_out(self) -> None:
        vp = self.viewport()
        for _pass in range(3):
            size = (float(vp.width()), float(vp.height()))
            self.table.configure(view_size=size, dpr=self.devicePixelRatioF())
            if (float(vp.width()), float(vp.height())) == size:
                break

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
