"""The desktop's light or dark colour scheme, and its animation setting.

Qt reports the scheme (``QStyleHints.colorScheme``, and ``colorSchemeChanged`` when
the player switches); where a platform reports nothing, GTK's own setting says
(``settings.ini``'s prefer-dark or a ``-dark`` theme; after the first paint also
GNOME's ``color-scheme``), and last the palette's window colour.  The window's own
styled parts -- toolbar, hint bar, status bar -- take the colours of that scheme,
the table a darker cloth to match, and menus and dialogs a palette of the scheme
when the one the desktop gave Qt is not (:func:`scheme_palette`).

Qt has no "reduce animations" hint; the desktops keep it in their own settings:
GNOME's ``enable-animations`` (read with ``gsettings``) and KDE's
``AnimationDurationFactor`` (``kdeglobals``; 0 turns animations off).
``desktop_reduces_motion`` answers None where nothing says.
"""

from __future__ import annotations

import configparser
import os
import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QPalette

from freecell.storage.safe_read import read_text_bounded

LIGHT, DARK = "light", "dark"

# the bars' (background, text, button, button border, button hover) per scheme; a
# button's and the deal box's border reads at 3:1 or more on the bar (dark 4.0:1,
# light 3.8:1; tests/test_ui_control_contrast.py)
# A desktop settings file is a few KB; a bigger one (or /dev/zero) is not read.
MAX_DESKTOP_FILE_BYTES = 256 * 1024

_BARS = {
    DARK: ("#20262e", "#e6e9ee", "#34404e", "#75849a", "#43536a"),
    LIGHT: ("#e4e8ee", "#1c232b", "#f7f9fb", "#687584", "#ffffff"),
}


def desktop_scheme(given: QPalette | None = None, *, ask_gnome: bool = False) -> str:
    """``"dark"`` or ``"light"``, as the desktop says (or its palette shows).

    ``given``: the palette the desktop gave Qt (the application's is used when
    None); ``ask_gnome`` runs ``gsettings`` (not before the first paint)."""
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
    if "KDE" not in os.environ.get("XDG_CURRENT_DESKTOP", "").upper():  # KDE: its palette
        said = _gtk_scheme() or (_gnome_scheme() if ask_gnome and _is_gnome() else None)
        if said is not None:
            return said
    return palette_scheme(given if given is not None else app.palette())


def palette_scheme(palette: QPalette) -> str:
    """The scheme a palette is of, by its window colour."""
    return DARK if palette.color(QPalette.ColorRole.Window).lightness() < 110 else LIGHT


def _config_home() -> Path:
    return Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config")


def watched_files() -> list[Path]:
    """The desktop's setting files whose change may change the scheme or the
    animation setting (the window watches them and reads them again)."""
    home = _config_home()
    return [
        home / "kdeglobals",
        home / "dconf" / "user",
        home / "gtk-3.0" / "settings.ini",
        home / "gtk-4.0" / "settings.ini",
    ]


def _read_ini(path: Path) -> configparser.RawConfigParser | None:
    """A desktop's INI file read leniently (lines configparser refuses are skipped),
    or None when it cannot be read: missing, not a regular file, or too large."""
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(read_text_bounded(path, MAX_DESKTOP_FILE_BYTES, errors="replace"))
    except OSError:
        return None
    except configparser.ParsingError:
        pass  # the lines it could read are kept
    except configparser.Error:
        return None
    return parser


def _gtk_scheme() -> str | None:
    """GTK's ``settings.ini`` (4 before 3): prefer-dark, or a theme named ``*-dark``."""
    for version in ("gtk-4.0", "gtk-3.0"):
        parser = _read_ini(_config_home() / version / "settings.ini")
        if parser is None:
            continue
        dark = parser.get("Settings", "gtk-application-prefer-dark-theme", fallback="")
        if dark.strip("\"'").lower() in ("1", "true", "yes"):
            return DARK
        theme = parser.get("Settings", "gtk-theme-name", fallback="").strip("\"'").lower()
        if theme:
            return DARK if theme.endswith(("-dark", ":dark")) else LIGHT
    return None


def _gsettings(key: str) -> str | None:
    """``gsettings get org.gnome.desktop.interface KEY``, or None."""
    gsettings = shutil.which("gsettings")
    if gsettings is None:
        return None
    import subprocess  # here, not at the top: the first paint runs no program

    try:
        done = subprocess.run(
            [gsettings, "get", "org.gnome.desktop.interface", key],
            capture_output=True,
            text=True,
            timeout=2,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip().strip("'") if done.returncode == 0 else None


def _gnome_scheme() -> str | None:
    return {"prefer-dark": DARK, "prefer-light": LIGHT}.get(_gsettings("color-scheme") or "")


def _is_gnome() -> bool:
    desktop = os.environ.get("XDG_CURRENT_DESKTOP", "").upper()
    return any(name in desktop for name in ("GNOME", "UNITY", "CINNAMON", "BUDGIE", "PANTHEON"))


# (window, base, text, button, highlight, muted text) per scheme
_PALETTES = {
    DARK: ("#2b3138", "#1f242a", "#e6e9ee", "#343c46", "#3d7cc9", "#8d97a3"),
    LIGHT: ("#eff0f1", "#ffffff", "#1c232b", "#f7f9fb", "#3d7cc9", "#7d8794"),
}


def scheme_palette(scheme: str) -> QPalette:
    """A palette of ``scheme`` for menus and dialogs, when the desktop's is not."""
    from PySide6.QtGui import QColor

    window, base, text, button, highlight, muted = (
        QColor(c) for c in _PALETTES.get(scheme, _PALETTES[LIGHT])
    )
    palette = QPalette(button, window)
    roles = QPalette.ColorRole
    for role, colour in (
        (roles.Window, window),
        (roles.WindowText, text),
        (roles.Base, base),
        (roles.AlternateBase, window),
        (roles.Text, text),
        (roles.Button, button),
        (roles.ButtonText, text),
        (roles.ToolTipBase, window),
        (roles.ToolTipText, text),
        (roles.Highlight, highlight),
        (roles.HighlightedText, QColor("#ffffff")),
        (roles.PlaceholderText, muted),
        (roles.Link, QColor("#8ab4f8" if scheme == DARK else "#1f5fae")),
        (roles.BrightText, QColor("#ffffff")),
    ):
        palette.setColor(role, colour)
    for role in (roles.WindowText, roles.Text, roles.ButtonText):
        palette.setColor(QPalette.ColorGroup.Disabled, role, muted)
    return palette


def bar_text_colours(scheme: str) -> tuple[str, str]:
    """The tool bar's text colour in this scheme, and a disabled button's."""
    return _BARS.get(scheme, _BARS[LIGHT])[1], "#7d8794" if scheme == DARK else "#8a94a0"


def window_style(scheme: str) -> str:
    """The style sheet of the toolbar and the status bar in this scheme."""
    bar, _text, button, edge, hover = _BARS.get(scheme, _BARS[LIGHT])
    text, muted = bar_text_colours(scheme)
    field, field_text = ("#1f242a", "#e6e9ee") if scheme == DARK else ("#f6f6f2", "#111111")
    # the winnability verdict: 4.5:1 or better on the bar in both schemes
    winnable, lost = ("#8fe39a", "#ff9aa5") if scheme == DARK else ("#1b6e2c", "#a3192b")
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
QToolBar#gameToolbar QToolButton#qt_toolbar_ext_button {{
    padding: 2px; border: none; background: transparent; min-width: 16px;
}}
QStatusBar {{ background: {bar}; color: {text}; }}
QStatusBar::item {{ border: none; }}
QStatusBar QLabel {{ color: {text}; font-size: 10pt; padding: 0px 4px; }}
QStatusBar QLabel[verdict="winnable"] {{ color: {winnable}; font-weight: 600; }}
QStatusBar QLabel[verdict="lost"] {{ color: {lost}; font-weight: 600; }}
QStatusBar QLineEdit {{
    background: {field}; color: {field_text}; border: 1px solid {edge}; border-radius: 4px;
    padding: 2px 6px;
}}
"""


def idle_bar_colours(scheme: str) -> tuple[str, str]:
    """The hint bar's (background, text) when it has nothing to say."""
    return ("#20262e", "#aeb9c4") if scheme == DARK else ("#e4e8ee", "#3b4652")


def _kde_reduces_motion() -> bool | None:
    parser = _read_ini(_config_home() / "kdeglobals")
    factor = None if parser is None else parser.get("KDE", "AnimationDurationFactor", fallback=None)
    try:
        return None if factor is None else float(factor) == 0.0
    except ValueError:
        return None


def _gnome_reduces_motion() -> bool | None:
    return {"false": True, "true": False}.get(_gsettings("enable-animations") or "")


def desktop_reduces_motion() -> bool | None:
    """Whether the desktop asks for no animations; None where it does not say."""
    if "KDE" in os.environ.get("XDG_CURRENT_DESKTOP", "").upper():
        return _kde_reduces_motion()
    if _is_gnome():
        return _gnome_reduces_motion()
    return None
