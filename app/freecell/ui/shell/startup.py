"""Start-up, in one place: the first frame, then each deferred step, by name.

The order, as :class:`StartUp` runs it:

1. **first frame** (before ``show()``, in :func:`freecell.ui.shell.app.run`): the
   session, the window with what its first frame shows (:func:`build_window`),
   the plugins that frame needs.
2. **table drawn** -- the table's first paint has reached the screen (or
   ``FINISH_LATEST_MS`` passed without one: a window started minimised).
3. **finish** -- what the first frame did not show: the menus' contents and the
   window's other deferred steps (:meth:`MainWindow.ready`, accessibility and
   sharing among them), the smoke run's quit, the signal wake-up, the window icon,
   the desktop's look followed; the rest of the plugins found in a worker thread.
4. **every plugin** -- the rest of the plugins registered, then the features that
   need them (:func:`install_features`: the insight, the deal of the day, the
   review, Preferences, Statistics, Plugins).
5. **solver warm-up** (``WARM_UP_MS`` after ``show()``) -- the hint worker process.
6. **insight's first searches** (``INSIGHT_AFTER_MS`` after it is installed) --
   the deal's rating and the live check start its worker process.

No feature keeps a start-up timer of its own: each waits here for its step.
"""

from __future__ import annotations

import contextlib
import logging
from typing import TYPE_CHECKING

from PySide6.QtCore import QSocketNotifier, QTimer
from PySide6.QtWidgets import QApplication

from freecell.core.session import Session
from freecell.launch import note_table_drawn, process_age, start_smoke_quit
from freecell.ui.shell.desktop import set_icon

if TYPE_CHECKING:
    from freecell.ui.shell.main_window import MainWindow

log = logging.getLogger(__name__)


def _release_memory() -> None:
    # (its module is imported after the first paint: that frame needs none of it)
    from freecell.launch.memory import release_start_up_memory as release

    release()


FINISH_LATEST_MS = 1000  # if no paint comes (started minimised or hidden)
WARM_UP_MS = 1500  # the hint worker, once the table is up
INSIGHT_AFTER_MS = 2000  # the insight's first searches never compete with the paint


class StartUp:
    """The deferred steps of one window's start-up (see the module's docstring)."""

    def __init__(self, app: QApplication, session: Session, window: MainWindow) -> None:
        self.app = app
        self.session = session
        self.window = window
        self.finished = False
        self.wake: QSocketNotifier | None = None

    def begin(self) -> None:
        """Arm the steps; call right before ``window.show()``."""
        self.window.view.first_painted.connect(self.table_drawn)
        QTimer.singleShot(FINISH_LATEST_MS, self.finish)
        QTimer.singleShot(WARM_UP_MS, self.warm_up_solver)

    def table_drawn(self) -> None:
        note_table_drawn()
        QTimer.singleShot(0, self.finish)  # after this paint has reached the screen

    def finish(self) -> None:
        """The rest of start-up, once the table is on screen (or a moment later if
        it never gets painted); in the order it always had."""
        window = self.window
        window.ready()  # (already done, unless the table was never painted)
        start_smoke_quit()
        if self.wake is None:
            self.wake = wake_on_signals(window)
        if self.finished or not window.isVisible():
            return
        self.finished = True
        from freecell.ui.shell.gui_thread_call import post_to_gui_thread

        set_icon(self.app)
        window.look.follow_desktop()  # its animation setting (may run gsettings), watched
        # the rest of the plugins found and imported in a worker thread, registered here
        self.session.plugins.complete_in_background(post_to_gui_thread, self.every_plugin)
        # what the first frame's imports left behind, freed before the deferred work
        # allocates (so it reuses that memory instead of adding to it)
        _release_memory()
        log.info("start-up finished %.0f ms after the process started", process_age() * 1000)

    def every_plugin(self) -> None:
        self.session.attach_plugins()
        install_features(self.window)
        QTimer.singleShot(INSIGHT_AFTER_MS, self.start_insight)
        _release_memory()
        log.info("plugins and features in %.0f ms after the start", process_age() * 1000)

    def warm_up_solver(self) -> None:
        self.session.warm_up()
        _release_memory()  # (the solver service's imports)

    def start_insight(self) -> None:
        insight = self.window.insight
        if insight is not None:
            insight.start_up()


def install_features(window: MainWindow) -> None:
    """What the first frame does not show: the insight, the deal of the day, the
    review, Preferences, Statistics, Plugins (each built from the window's session,
    through its door)."""
    from freecell.ui.dialogs.plugins import install_plugins
    from freecell.ui.dialogs.preferences import install_preferences
    from freecell.ui.dialogs.statistics import install_statistics
    from freecell.ui.features.daily import install_daily
    from freecell.ui.features.insight import install_insight
    from freecell.ui.features.review import install_review

    install_insight(window)
    install_daily(window)
    review = install_review(window)
    install_preferences(window)
    install_statistics(window, review)
    install_plugins(window)


def wake_on_signals(window: MainWindow) -> QSocketNotifier:
    """Python runs a signal handler only between its own bytecodes, and Qt's loop
    runs none while idle, so a signal also writes a byte to a socket Qt watches:
    reading it is Python code, and the handler runs then.  (Made after the first
    paint, since sockets cost start-up time; until then start-up's own code and the
    collector's timer run Python often.)"""
    import signal
    import socket

    wake, wake_write = socket.socketpair()
    wake.setblocking(False)
    wake_write.setblocking(False)
    signal.set_wakeup_fd(wake_write.fileno())
    notifier = QSocketNotifier(wake.fileno(), QSocketNotifier.Type.Read, window)

    def drain() -> None:
        with contextlib.suppress(OSError):  # (nothing to read is no matter)
            wake.recv(64)

    notifier.activated.connect(drain)
    window.wake_sockets = (wake, wake_write)  # (kept open)
    return notifier
