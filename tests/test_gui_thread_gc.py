"""Cyclic garbage holding Qt objects is freed on the GUI thread, never in a pool
thread (a collection there destroyed a closed window's widgets under the running
event loop: an occasional segmentation fault in the insight tests)."""

from __future__ import annotations

import gc
import threading
import weakref
from typing import Any

from PySide6.QtCore import QObject, QThreadPool
from PySide6.QtWidgets import QApplication

from freecell.ui.shell.gui_thread_gc import collect_on_gui_thread


class _Cycle:
    def __init__(self) -> None:
        self.me = self
        self.timer_owner = QObject()


def test_a_pool_thread_that_allocates_never_collects(qtbot: Any) -> None:
    app = QApplication.instance()
    assert app is not None
    collector = collect_on_gui_thread(app)
    assert collect_on_gui_thread(app) is collector and not gc.isenabled()
    collections: list[bool] = []

    def watch(phase: str, _info: dict[str, int]) -> None:
        if phase == "stop":
            collections.append(threading.current_thread() is threading.main_thread())

    gc.callbacks.append(watch)
    try:
        garbage = _Cycle()
        gone = weakref.ref(garbage)
        del garbage
        done = threading.Event()

        def allocate() -> None:
            kept = [[] for _ in range(200_000)]  # ~300 gen-0 thresholds of containers
            done.set()
            del kept

        pool = QThreadPool()
        pool.start(allocate)
        qtbot.waitUntil(done.is_set, timeout=20_000)
        pool.waitForDone(5000)
        assert all(collections)  # nothing collected off the GUI thread (it may have
        # collected already: the timer saw the pool thread's allocations)
        thresholds = collector.thresholds
        collector.thresholds = (0, 0, 0)  # the next ticks collect every generation
        qtbot.waitUntil(lambda: gone() is None, timeout=5000)
        collector.thresholds = thresholds
        assert collections and all(collections)  # and only on the GUI thread
    finally:
        gc.callbacks.remove(watch)
