"""Keyboard only through the dialogs: Preferences and Plugins open from the keyboard,
every control they have can be reached with Tab, the focus ring is drawn around
each one in two colours, and Escape closes them and gives the table the keys back."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QDialog, QWidget
from pytestqt.qtbot import QtBot

from freecell.plugin_host import create_manager, settings_store
from freecell.storage import Storage
from freecell.ui.accessibility import install_accessibility
from freecell.ui.accessibility.focus_ring import INNER, OUTER
from freecell.ui.dialogs.plugins import install_plugins
from freecell.ui.dialogs.preferences import install_preferences
from freecell.ui.dialogs.statistics import install_statistics
from ui_helpers import make_window


def _close(a: QColor, b: QColor) -> bool:
    return abs(a.red() - b.red()) + abs(a.green() - b.green()) + abs(a.blue() - b.blue()) < 60


def ring_is_drawn_around(qtbot: QtBot, widget: QWidget) -> None:
    a11y_ring = widget.window().findChild(QWidget, "focusRing")
    qtbot.waitUntil(lambda: a11y_ring is not None and a11y_ring.isVisible())
    assert a11y_ring is not None
    host = widget.window()
    target = widget.rect().translated(widget.mapTo(host, QPoint(0, 0)))
    # the ring surrounds the part of the widget on screen (scrolled lists clip it)
    assert a11y_ring.geometry().intersects(target)
    picture = host.grab().toImage()
    ratio = picture.devicePixelRatio()
    g = a11y_ring.geometry()
    # across the left band of the ring: black outside, yellow inside
    y = round((g.top() + g.height() // 2) * ratio)
    colours = [picture.pixelColor(round((g.left() + dx) * ratio), y) for dx in range(0, 6)]
    assert any(_close(c, OUTER) for c in colours), [c.name() for c in colours]
    assert any(_close(c, INNER) for c in colours), [c.name() for c in colours]


def activate(qtbot: QtBot, dialog: QDialog) -> None:
    """The window manager gives a new dialog the keyboard; offscreen, we do."""
    qtbot.waitUntil(dialog.isVisible)
    dialog.activateWindow()
    qtbot.waitUntil(lambda: (QApplication.focusWidget() or dialog).window() is dialog)


def tab_through(qtbot: QtBot, dialog: QDialog, presses: int) -> set[QWidget]:
    activate(qtbot, dialog)
    seen: set[QWidget] = set()
    for _ in range(presses):
        focus = QApplication.focusWidget()
        assert focus is not None and focus.window() is dialog
        seen.add(focus)
        ring_is_drawn_around(qtbot, focus)
        qtbot.keyClick(focus, Qt.Key.Key_Tab)
    return seen


def test_preferences_by_keyboard_with_a_visible_focus(qtbot: QtBot) -> None:
    window = make_window(qtbot, card_size="medium", storage=Storage())
    install_preferences(window)
    install_accessibility(window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
    dialog = window.preferences_dialog
    seen = tab_through(qtbot, dialog, 8)
    assert len(seen) >= 5  # Tab walks the controls, it does not get stuck
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    window.activateWindow()  # the window manager's part
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view)


def test_plugins_dialog_from_the_game_menu_by_keys(qtbot: QtBot) -> None:
    window = make_window(qtbot, card_size="medium")
    install_plugins(window, create_manager(store=settings_store()))
    install_accessibility(window)
    window.view.setFocus()
    qtbot.keyClick(window, Qt.Key.Key_G, Qt.KeyboardModifier.AltModifier)
    menu = window.menus["game"]
    qtbot.waitUntil(menu.isVisible)
    qtbot.keyClick(menu, Qt.Key.Key_L)  # P&lugins…
    qtbot.waitUntil(lambda: getattr(window, "plugins_dialog", None) is not None)
    dialog = window.plugins_dialog
    seen = tab_through(qtbot, dialog, 4)
    assert len(seen) >= 2
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view)


def test_statistics_by_keyboard_with_a_visible_focus(qtbot: QtBot) -> None:
    window = make_window(qtbot, card_size="medium", storage=Storage())
    install_statistics(window)
    install_accessibility(window)
    window.view.setFocus()
    qtbot.keyClick(window.view, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: getattr(window, "statistics_dialog", None) is not None)
    dialog = window.statistics_dialog
    seen = tab_through(qtbot, dialog, 3)
    assert len(seen) >= 2
    qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not dialog.isVisible())
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.view)
