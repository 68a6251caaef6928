"""The desktop's light or dark colour scheme, and its animation setting.

Qt reports the scheme (``QStyleHints.colorScheme``, and ``colorSchemeChanged`` when
the player switches); where a platform reports nothing, the palette's window
colour decides.  The window's own styled parts -- toolbar, hint bar, status bar --
take the colours of that scheme, and the table a darker cloth to match.

Qt has no "reduce animations" hint; the desktops keep it in their own settings:
GNOME's ``enable-animations`` (read with ``gsettings``) and KDE's
``AnimationDurationFactor`` (``kdeglobals``; 0 turns animations off).
``desktop_reduces_motion`` answers None where nothing says.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette

LIGHT, DARK = "light", "dark"

# the bars' (background, text, button, button border, button hover) per scheme
_BARS = {
    DARK: ("#20262e", "#e6e9ee", "#34404e", "#4a5868", "#43536a"),
    LIGHT: ("#e4e8ee", "#1c232b", "#f7f9fb", "#aab4c0", "#ffffff"),
}


def desktop_scheme() -> str:
    """``"dark"`` or ``"light"``, as the desktop says (or its palette shows)."""
    app = QGuiApplication.instance()
    if not isinstance(app, QGuiApplication):
        return LIGHT
    forced = os.environ.get("FREECELL_COLOUR_SCHEME", "").lower()
    if forced in (LIGHT, DARK):
        return forced
    scheme = app.styleHints().colorScheme()
    if scheme == Qt.ColorScheme.Dark:
        return DARK
    if scheme == Qt.ColorScheme.Light:
        return LIGHT
    window = app.palette().color(QPalette.ColorRole.Window)
    return DARK if window.lightness() < 110 else LIGHT


def window_style(scheme: str) -> str:
    """The style sheet of the toolbar and the status bar in this scheme."""
    bar, text, button, edge, hover = _BARS.get(scheme, _BARS[LIGHT])
    muted = "#7d8794" if scheme == DARK else "#8a94a0"
    return f"""
QToolBar#gameToolbar {{ background: {bar}; border: none; spacing: 6px; padding: 4px 8px; }}
QToolBar#gameToolbar QToolButton {{
    color: {text}; background: {button}; border: 1px solid {edge}; border-radius: 6px;
    padding: 5px 14px; font-size: 11pt; font-weight: 600;
}}
QToolBar#gameToolbar QToolButton:hover {{ background: {hover}; }}
QToolBar#gameToolbar QToolButton:pressed {{ background: {bar}; }}
QToolBar#gameToolbar QToolButton:disabled {{ color: {muted}; }}
QToolBar#gameToolbar QToolButton:focus {{ border: 2px solid #ffcc33; }}
QStatusBar {{ background: {bar}; color: {text}; }}
QStatusBar::item {{ border: none; }}
QStatusBar QLabel {{ color: {text}; font-size: 10pt; padding: 0px 4px; }}
QStatusBar QLineEdit {{
    background: #f6f6f2; color: #111; border: 1px solid {edge}; border-radius: 4px;
    padding: 2px 6px;
}}
"""


def idle_bar_colours(scheme: str) -> tuple[str, str]:
    """The hint bar's (background, text) when it has nothing to say."""
    return ("#20262e", "#aeb9c4") if scheme == DARK else ("#e4e8ee", "#3b4652")


def _kde_reduces_motion() -> bool | None:
    import configparser  # here, not at the top: the first paint reads no desktop setting

    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "kdeglobals"
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(config.read_text(encoding="utf-8", errors="replace")[:262144])
        factor = parser.get("KDE", "AnimationDurationFactor", fallback=None)
    except (OSError, configparser.Error):
        return None
    try:
        return None if factor is None else float(factor) == 0.0
    except ValueError:
        return None


def _gnome_reduces_motion() -> bool | None:
    gsettings = shutil.which("gsettings")
    if gsettings is None:
        return None
    import subprocess  # here, not at the top: the first paint runs no program

    try:
        done = subprocess.run(
            [gsettings, "get", "org.gnome.desktop.interface", "enable-animations"],
            capture_output=True,
            text=True,
            timeout=2,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    answer = done.stdout.strip()
    return {"false": True, "true": False}.get(answer) if done.returncode == 0 else None


def desktop_reduces_motion() -> bool | None:
    """Whether the desktop asks for no animations; None where it does not say."""
    desktop = os.environ.get("XDG_CURRENT_DESKTOP", "").upper()
    if "KDE" in desktop:
        return _kde_reduces_motion()
    if any(name in desktop for name in ("GNOME", "UNITY", "CINNAMON", "BUDGIE", "PANTHEON")):
        return _gnome_reduces_motion()
    return None
