"""Start the desktop game: the session, then the main window built from it.

:func:`freecell.core.start.open_session` reads the settings, makes the plugin
manager when the settings need it, and takes back the game in progress; the
window and everything hung on it are built from that session.  What the first
frame does not show is added after the table's first paint, in the named steps of
:mod:`freecell.ui.shell.startup`.
"""

from __future__ import annotations

import dataclasses
import logging
import sys
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication

from freecell.core.session import Session
from freecell.i18n import _
from freecell.ui.shell.control_contrast import install_contrast_style
from freecell.ui.shell.door import ButtonId, MessageKind
from freecell.ui.shell.main_window import MainWindow
from freecell.ui.shell.startup import StartUp, install_features, wake_on_signals

if TYPE_CHECKING:
    from freecell.ui.features.sharing import Sharing

log = logging.getLogger(__name__)

__all__ = ["build_window", "install_features", "run", "save_on_exit", "wake_on_signals"]


def close_on_signals(window: MainWindow) -> None:
    """SIGTERM (a session ending, ``kill``), SIGINT (Ctrl+C in the terminal) and
    SIGHUP close the window as the player would: the game in progress and the
    window's place are saved, and the solver's worker process stops.  (They used to
    end the process on the spot, leaving the worker's semaphores to the resource
    tracker.)  See :func:`wake_on_signals` for when the handler runs."""
    import signal

    for name in ("SIGTERM", "SIGINT", "SIGHUP"):
        number = getattr(signal, name, None)
        if number is not None:
            signal.signal(number, lambda *_: QTimer.singleShot(0, window.close))


def run(
    deal_number: int | None = None,
    variant_id: str | None = None,
    argv: list[str] | None = None,
    open_path: str | None = None,
    session: Session | None = None,
) -> int:
    """Start the game and run it until the window closes; the exit code.

    Only what the first frame shows is built before the window appears: the
    session (settings, the variant, theme, surface and scoring from the built-in
    plugins the first frame shows; every plugin when the settings need more), the
    window and its live status line.  What no one sees before using it -- the rest
    of the plugins (found in a worker thread), the window icon, the Preferences,
    Statistics and Plugins menu entries, the solver insight (winnability, rating
    and par fill in a moment later, as they do after every new deal) -- is hung on
    right after the table's first paint, so a player waits only for the table.
    ``session``: one opened already (``freecell`` opens it before importing Qt).
    """
    from freecell.launch.stacks import enable_crash_stacks

    enable_crash_stacks()  # (done already by freecell.launch.prepare when it ran)
    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv[:1])
    assert isinstance(app, QApplication)
    install_contrast_style(app)  # before any widget: none is polished twice
    from freecell.ui.shell.gui_thread_gc import collect_on_gui_thread

    collect_on_gui_thread(app)  # a collection in a pool thread can free widgets there
    app.setApplicationName("FreeCell")  # (an id: the settings' and the desktop's)
    app.setOrganizationName("freecell")
    from freecell.ui.shell.desktop import set_desktop_id

    set_desktop_id(app)
    if session is None:
        from freecell.core.start import StartError, open_session

        try:
            session = open_session(deal_number, variant_id, resume=open_path is None)
        except StartError as error:
            words = {"prog": "freecell", "message": str(error)}
            print(_("%(prog)s: error: %(message)s\n") % words, end="", file=sys.stderr)
            return 2
    from freecell.ui.shell.translations import install_translations

    install_translations(app, session.settings.language)
    from freecell.texts.variants import game_name

    # Qt adds it to the titles (deal_titles ends them with it): the player's words
    app.setApplicationDisplayName(game_name())
    notices = session.notices
    window = build_window(session, " ".join(notices))

    def share() -> Sharing:  # (its module comes with it: the first frame needs none)
        from freecell.ui.features.sharing import install_sharing

        return install_sharing(window)

    if open_path is not None:  # `freecell FILE`: a bad file is said, and the deal stays
        share().open_file(open_path)
    else:  # its keys and menu entries: once the table is on screen
        window.after_first_paint(share)
    if not session.plugins.partial:
        session.attach_plugins()  # before the first paint: it shows what they offer

    start_up = StartUp(app, session, window)
    start_up.begin()
    window.show()
    close_on_signals(window)
    if session.restored:
        # The game in progress is offered back, not imposed: one key starts afresh.
        door = window.door
        door.say(
            " ".join(notices),
            MessageKind.INFO,
            # (the bar is the question already: no second one)
            [
                door.button(ButtonId.KEEP_PLAYING, _("Keep playing")),
                door.button(ButtonId.NEW_DEAL, _("New deal"), asked=True),
            ],
        )
    elif notices:
        window.door.say(" ".join(notices), MessageKind.INFO, timeout_ms=10000)
    code = app.exec()
    save_on_exit(session, window)
    return code


def build_window(session: Session, notice: str = "") -> MainWindow:
    """The window for ``session`` with what its first frame needs: the status bar's
    live line (on screen from the first frame, saying ``notice``, the message bar's
    first message, as it will), the picture cache, the place it had last time.
    Accessibility -- the table's interfaces, the announcer, its keys -- is hung on
    right after the first paint (:meth:`MainWindow.after_first_paint`), before a
    screen reader can ask for the table; it says the message bar's message then."""
    from freecell.storage import decode_bytes
    from freecell.ui.accessibility import install_accessibility, keys_hint

    window = MainWindow(session)
    window.status.add_live_line(notice or keys_hint())
    window.after_first_paint(lambda: install_accessibility(window))
    if session.storage is not None:
        from freecell.ui.table.picture_cache import PictureCache

        # the deck and the table painted last time, read back instead of painted again
        window.renderer.pictures = PictureCache(session.storage.paths.cache_dir / "pictures")
    geometry = decode_bytes(session.settings.window_geometry)
    if geometry:
        window.restoreGeometry(geometry)
    return window


def save_on_exit(session: Session, window: MainWindow) -> None:
    """Keep the game in progress and the window's place for the next start."""
    storage = session.storage
    if storage is None:
        return
    try:
        storage.save_game(session.game)
        from freecell.storage import encode_bytes

        geometry = encode_bytes(bytes(window.saveGeometry().data()))
        storage.settings.update(lambda s: dataclasses.replace(s, window_geometry=geometry))
    except Exception:
        log.exception("saving on exit failed")
