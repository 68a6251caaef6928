"""Tie the running game to its desktop entry: the application id and the icon.

On Wayland the compositor matches a window to its menu entry (and so to its icon
and name in the task switcher) by the desktop file name, which must equal the
installed ``io.github.freecell.FreeCell.desktop``.  The window icon comes from the
SVG shipped in the package's resources (``importlib.resources``), rendered at the
sizes a title bar and a task switcher ask for, so it also shows on Windows, macOS
and in the PyInstaller bundle where no icon theme is installed.

The id must be set before the window is shown (a Wayland compositor reads it when
the window appears); the icon (QtSvg, seven sizes rendered) is set by the game
right after the table's first paint, so it never delays it -- and this module
imports Qt only for the icon.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from freecell.launch import icon_bytes

if TYPE_CHECKING:
    from PySide6.QtGui import QGuiApplication, QIcon

APP_ID = "io.github.freecell.FreeCell"
ICON_SIZES = (16, 24, 32, 48, 64, 128, 256)

log = logging.getLogger(__name__)


def application_icon() -> QIcon:
    """The game's icon from its packaged SVG (an empty icon if that is missing)."""
    from PySide6.QtCore import QByteArray, QRectF, Qt
    from PySide6.QtGui import QIcon, QImage, QPainter, QPixmap

    icon = QIcon()
    try:
        from PySide6.QtSvg import QSvgRenderer

        renderer = QSvgRenderer(QByteArray(icon_bytes()))
    except (OSError, ModuleNotFoundError):
        log.exception("the application icon is missing from the package")
        return icon
    if not renderer.isValid():
        log.error("the application icon is not a valid SVG")
        return icon
    for size in ICON_SIZES:
        image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
        image.fill(Qt.GlobalColor.transparent)
        painter = QPainter(image)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        renderer.render(painter, QRectF(0, 0, size, size))
        painter.end()
        icon.addPixmap(QPixmap.fromImage(image))
    return icon


def set_desktop_id(app: QGuiApplication) -> None:
    """The desktop file name; call before the first window is shown."""
    app.setDesktopFileName(APP_ID)


def set_icon(app: QGuiApplication) -> None:
    """The window icon, for every window of the app (also those already shown)."""
    app.setWindowIcon(application_icon())
