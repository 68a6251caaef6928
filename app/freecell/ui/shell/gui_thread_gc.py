"""Python's cyclic garbage collector, run on the GUI thread only.

CPython runs a collection in whichever thread happens to allocate when a
generation's count passes its threshold.  A ``QRunnable`` waiting on the solver (or
a search run in-process) allocates, so a collection could run in a pool thread and
free cyclic garbage holding Qt objects -- a closed window's widgets, timers, thread
pools, pixmaps -- destroying them off the GUI thread while the GUI thread's event
loop still uses them: a segmentation fault, now and then.  (Found in the test suite:
a probe saw 28 collections in pool threads free QTimer, QThreadPool, QLabel, QAction
and QPixmap wrappers in one run of tests/test_insight_ui.py.)

So the automatic collector is switched off in the GUI process and a timer on the
GUI thread does its work with the same thresholds; reference counting still frees
everything that is not in a cycle at once, on whatever thread drops it.  Worker
processes (``spawn``) start their own interpreter with the collector on.
"""

from __future__ import annotations

import gc

from PySide6.QtCore import QCoreApplication, QObject, QTimer

# Often enough that cyclic garbage never piles up (a gen-0 pass costs microseconds),
# rarely enough to cost nothing when idle.
INTERVAL_MS = 200
# Found again by name: findChild by a Python type is slow the first time
# (docs/startup.md).
OBJECT_NAME = "freecell-gui-thread-collector"


class GuiThreadCollector(QObject):
    """Owns the timer; :func:`collect_on_gui_thread` makes the one the app uses."""

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self.setObjectName(OBJECT_NAME)
        threshold = gc.get_threshold()
        self.thresholds = (max(threshold[0], 1), max(threshold[1], 1), max(threshold[2], 1))
        gc.disable()
        self.timer = QTimer(self)
        self.timer.setInterval(INTERVAL_MS)
        self.timer.timeout.connect(self.collect)
        self.timer.start()

    def collect(self) -> int:
        """Collect the oldest generation whose count is over its threshold (none
        when all are under), as CPython's automatic collector would; the count of
        objects freed."""
        counts = gc.get_count()
        generation = -1
        for level in range(3):
            if counts[level] > self.thresholds[level]:
                generation = level
        return gc.collect(generation) if generation >= 0 else 0

    def stop(self) -> None:
        """Give collection back to CPython (tests; the game never does: at exit its
        pool threads may still be waiting, and a collection there is the crash)."""
        self.timer.stop()
        gc.enable()


def collect_on_gui_thread(app: QCoreApplication) -> GuiThreadCollector:
    """Switch the automatic collector off and collect from ``app``'s thread (once
    per application; a second call returns the first collector)."""
    found = app.findChild(QObject, OBJECT_NAME)
    if isinstance(found, GuiThreadCollector):
        return found
    return GuiThreadCollector(app)
