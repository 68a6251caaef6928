"""The desktop's text scale, for card sizes that respect it.

A desktop can enlarge text without scaling the display (GNOME's text scaling
factor, KDE's font DPI, X11's ``Xft.dpi``): Qt then reports a logical DPI above the
platform's base while the device pixel ratio stays 1.  Display scaling, by
contrast, raises the device pixel ratio and is handled by the renderer already.
"""

from __future__ import annotations

import os
import sys

from PySide6.QtGui import QGuiApplication

MAX_TEXT_SCALE = 3.0


def system_text_scale() -> float:
    """Logical DPI over the platform's base (96, or 72 on macOS), at least 1.

    ``FREECELL_TEXT_SCALE`` overrides it (for testing and for players whose
    desktop does not report its text size)."""
    override = os.environ.get("FREECELL_TEXT_SCALE")
    if override:
        try:
            return min(MAX_TEXT_SCALE, max(1.0, float(override)))
        except ValueError:
            pass
    screen = QGuiApplication.primaryScreen() if QGuiApplication.instance() else None
    if screen is None:
        return 1.0
    base = 72.0 if sys.platform == "darwin" else 96.0
    return min(MAX_TEXT_SCALE, max(1.0, screen.logicalDotsPerInch() / base))
