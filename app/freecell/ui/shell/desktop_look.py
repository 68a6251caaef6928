"""Keep the window in step with the desktop: its light or dark scheme, and its
animation setting unless the player chose for themselves.

The scheme is followed from the start (Qt's ``colorSchemeChanged``, and a palette
or theme change the desktop sends); menus and dialogs take a palette of the
scheme when the one the desktop gave Qt is not of it (a dark GNOME hands Qt a light
palette), so every part of the window looks alike.  The desktop's animation
setting and GNOME's own scheme are read after the first paint (they may run
``gsettings``) and read again whenever one of the desktop's setting files changes
(``kdeglobals``, GNOME's ``dconf`` database, GTK's ``settings.ini``).

``Settings.reduce_motion``: True or False is the player's choice; None follows the
desktop (full motion where the desktop says nothing).  ``Settings.appearance``
likewise: "light" or "dark" is the player's, "system" the desktop's scheme.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QFileSystemWatcher, QObject, QTimer
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QApplication

from freecell.ui.shell.colour_scheme import (
    DARK,
    LIGHT,
    desktop_reduces_motion,
    desktop_scheme,
    palette_scheme,
    scheme_palette,
    watched_files,
)
from freecell.ui.shell.control_contrast import install_contrast_style
from freecell.ui.shell.door import Door

REREAD_MS = 300  # a settings tool writes its file in bursts: read once it is done


def chosen_scheme(
    appearance: str, given: QPalette | None = None, *, ask_gnome: bool = False
) -> str:
    """The scheme the window shows: the player's "light" or "dark", else the
    desktop's (``given``, ``ask_gnome``: as :func:`desktop_scheme` takes them)."""
    if appearance in (LIGHT, DARK):
        return appearance
    return desktop_scheme(given, ask_gnome=ask_gnome)


class DesktopLook(QObject):
    """The window's scheme and motion, as the desktop and the player say."""

    def __init__(self, door: Door, apply_scheme: Callable[[str], None]) -> None:
        """``apply_scheme``: the window's own restyling for a light or dark scheme."""
        super().__init__(door.host)
        window = door.host
        self._door = door
        self._apply_scheme = apply_scheme
        self.desktop_motion: bool | None = None
        """The desktop's animation setting (None: not read yet, or it says nothing)."""
        self._ours: QPalette | None = None  # the palette we set, when we set one
        self._given: QPalette | None = None  # the desktop's, kept while ours is in use
        self._asked_gnome = False
        self._setting = False  # our own palette change, not the desktop's
        self._signature: tuple[tuple[int, int, int] | None, ...] = ()
        self._watcher: QFileSystemWatcher | None = None
        self._reread = QTimer(self)
        self._reread.setSingleShot(True)
        self._reread.setInterval(REREAD_MS)
        self._reread.timeout.connect(self.read_desktop)
        # (a method, not a lambda: Qt drops the connection when this object goes)
        QGuiApplication.styleHints().colorSchemeChanged.connect(self._scheme_changed)
        window.installEventFilter(self)
        app = QGuiApplication.instance()
        if isinstance(app, QApplication):  # edges of controls that can be seen
            install_contrast_style(app)

    # -- motion ------------------------------------------------------------------------
    @property
    def reduces_motion(self) -> bool:
        """What the table does now: the player's choice, else the desktop's."""
        chosen = self._door.session.settings.reduce_motion
        return chosen if chosen is not None else bool(self.desktop_motion)

    def apply_motion(self) -> None:
        """The scene (animations, the celebration, auto finish) and the menu's mark."""
        self._door.widgets.scene.reduce_motion = self.reduces_motion
        action = getattr(self._door.host, "reduce_motion_action", None)
        if action is not None:
            action.setChecked(self.reduces_motion)

    # -- the desktop's settings --------------------------------------------------------
    def follow_desktop(self) -> None:
        """Read the desktop's settings now and follow their changes from now on
        (after the first paint: this may run a program)."""
        if self._watcher is None:
            self._watcher = QFileSystemWatcher(self)
            self._watcher.fileChanged.connect(self._file_changed)
            self._watcher.directoryChanged.connect(self._file_changed)
            self._watch()
        self._asked_gnome = True
        self.read_desktop()

    def _file_changed(self, _path: str) -> None:
        # ~/.config is watched for files replaced or made: other programs' files
        # changing there are no reason to read the desktop again
        if _signature() != self._signature:
            self._reread.start()

    def read_desktop(self) -> None:
        """Read the animation setting and the scheme again, and follow them."""
        self._signature = _signature()
        self.desktop_motion = desktop_reduces_motion()
        self.apply_motion()
        self.follow_scheme()
        self._watch()  # a file replaced by a new one is watched anew

    def _watch(self) -> None:
        if self._watcher is None:
            return
        # a file and its folder: settings tools replace the file (a new inode)
        paths = {str(p) for p in watched_files() if p.exists()}
        paths |= {str(p.parent) for p in watched_files() if p.parent.is_dir()}
        missing = sorted(paths - set(self._watcher.files()) - set(self._watcher.directories()))
        if missing:
            self._watcher.addPaths(missing)

    # -- the scheme --------------------------------------------------------------------
    def _scheme_changed(self, _scheme: object) -> None:
        self.follow_scheme()

    def follow_scheme(self) -> None:
        """Show the scheme the player chose, or the desktop's (also after the
        player changes Preferences > Appearance)."""
        appearance = self._door.session.settings.appearance
        scheme = chosen_scheme(appearance, self.given_palette(), ask_gnome=self._asked_gnome)
        if scheme != getattr(self._door.host, "colour_scheme", None):
            self._apply_scheme(scheme)
        else:
            self.set_palette(scheme)

    def given_palette(self) -> QPalette:
        """The palette the desktop gave Qt (not ours)."""
        if self._given is not None:
            return self._given
        return QGuiApplication.palette()

    def set_palette(self, scheme: str) -> None:
        """Menus and dialogs in ``scheme``: the desktop's palette when it is of that
        scheme, else one of ours."""
        given = self.given_palette()
        if palette_scheme(given) == scheme:
            if self._ours is not None:
                self._ours = self._given = None
                self._set_app_palette(given)
            return
        ours = scheme_palette(scheme)
        if ours != self._ours:
            self._given = QPalette(given)
            self._ours = ours
            self._set_app_palette(ours)

    def _set_app_palette(self, palette: QPalette) -> None:
        self._setting = True
        try:
            QGuiApplication.setPalette(palette)
        finally:
            self._setting = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind == QEvent.Type.ThemeChange:
            self._reread.start()  # the platform's theme changed: its settings may have
        elif kind == QEvent.Type.ApplicationPaletteChange:
            ours = self._ours
            if not self._setting and (ours is None or not _alike(QGuiApplication.palette(), ours)):
                # the desktop sent a palette of its own: it is the one given now
                self._ours = self._given = None
                QTimer.singleShot(0, self, self.follow_scheme)  # (not if this is gone)
        return False


def _alike(one: QPalette, other: QPalette) -> bool:
    """The same colours where menus and dialogs show them."""
    roles = QPalette.ColorRole
    return all(
        one.color(role) == other.color(role)
        for role in (roles.Window, roles.WindowText, roles.Base, roles.Text, roles.Button)
    )


def _signature() -> tuple[tuple[int, int, int] | None, ...]:
    """Each watched file's (inode, size, modification time), None where missing."""
    marks: list[tuple[int, int, int] | None] = []
    for path in watched_files():
        try:
            status = path.stat()
        except OSError:
            marks.append(None)
            continue
        marks.append((status.st_ino, status.st_size, status.st_mtime_ns))
    return tuple(marks)
