"""A focus indicator that is clear on every surface.

Styles draw keyboard focus in many ways, some barely visible (a dotted line, a
slightly brighter border) and some not at all once a style sheet restyles a
button.  This ring is drawn over whichever widget has the keyboard focus, in any
window of the application: a black outer band and a bright yellow inner band,
so one of the two always contrasts with what lies behind (dark toolbars, light
dialogs, the green felt, white cards).

The table view is left alone: inside it the focus is a card, marked in the scene
(``TableMarks`` gives that mark a black halo too).
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QPoint, QRect, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPaintEvent, QPen
from PySide6.QtWidgets import QAbstractScrollArea, QApplication, QMenu, QMenuBar, QWidget

OUTER = QColor("#000000")
INNER = QColor("#ffd21f")
PAD = 4


class _Ring(QWidget):
    def __init__(self, host: QWidget) -> None:
        super().__init__(host)
        self.setObjectName("focusRing")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setAttribute(Qt.WidgetAttribute.WA_NoSystemBackground)
        self.setAttribute(Qt.WidgetAttribute.WA_TranslucentBackground)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.hide()

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        r = QRectF(self.rect()).adjusted(2.5, 2.5, -2.5, -2.5)
        path = QPainterPath()
        path.addRoundedRect(r, 5, 5)
        p.setPen(QPen(OUTER, 5))
        p.drawPath(path)
        p.setPen(QPen(INNER, 2.5))
        p.drawPath(path)
        p.end()


class FocusRing(QObject):
    """Follows ``QApplication.focusWidget()`` across every top-level window."""

    def __init__(self, skip: tuple[type[QWidget], ...] = ()) -> None:
        super().__init__(QApplication.instance())
        self._skip = skip
        self._rings: list[_Ring] = []
        self.target: QWidget | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(120)  # follows layouts that move the focused widget
        self._timer.timeout.connect(self.sync)
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        app.focusChanged.connect(self._focus_changed)
        self._focus_changed(None, app.focusWidget())

    def _focus_changed(self, old: QWidget | None, new: QWidget | None) -> None:
        self.target = new
        self.sync()

    def ring_for(self, widget: QWidget) -> _Ring | None:
        """The ring of the widget's window, made on first use.  Found among the
        window's own children: Python ids of Qt-made windows (combo box popups)
        are reused, so they cannot be keys."""
        host = widget.window()
        if host is None or isinstance(host, QMenu):
            return None
        for child in host.children():
            if isinstance(child, _Ring):
                return child
        ring = _Ring(host)
        self._rings.append(ring)
        return ring

    def sync(self) -> None:
        """Put the ring around the focused widget (and hide any other); cheap when
        nothing moved, as it runs on a timer while a widget has the focus."""
        self._rings = [r for r in self._rings if _alive(r)]
        w = self.target
        eligible = (
            w is not None
            and _alive(w)
            and w.isVisible()
            and not isinstance(w, (QMenu, QMenuBar, *self._skip))
        )
        ring = self.ring_for(w) if eligible and w is not None else None
        for other in self._rings:
            if other is not ring and other.isVisible():
                other.hide()
        if ring is None or w is None:
            self._timer.stop()
            return
        host = ring.parentWidget()
        assert host is not None
        shown = _visible_rect(w)
        top_left = w.mapTo(host, shown.topLeft())
        geometry = QRect(top_left, shown.size()).adjusted(-PAD, -PAD, PAD, PAD)
        if ring.geometry() != geometry or not ring.isVisible():
            ring.setGeometry(geometry)
            ring.raise_()
            ring.show()
        if not self._timer.isActive():
            self._timer.start()

    def visible_ring(self) -> QWidget | None:
        """The ring on screen now (for tests)."""
        return next((r for r in self._rings if _alive(r) and r.isVisible()), None)


def _visible_rect(w: QWidget) -> QRect:
    """The part of the widget not clipped by a scroll area around it."""
    rect = w.rect()
    parent = w.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea) and parent.viewport().isAncestorOf(w):
            vp = parent.viewport()
            origin = w.mapTo(vp, QPoint(0, 0))
            clip = vp.rect().translated(-origin)
            rect = rect.intersected(clip)
            break
        parent = parent.parentWidget()
    return rect


def _alive(obj: QObject) -> bool:
    try:
        obj.objectName()
    except RuntimeError:
        return False
    return True
