"""Call a function on the GUI thread from any thread (the crash hook, the smoke
watchdog): widgets live there, so anything from elsewhere is posted as an event.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QThread


class _Invoker(QObject):
    """Runs one callable on the thread it lives on, when its event arrives."""

    def __init__(self, action: Callable[[], None]) -> None:
        super().__init__()
        self._action = action

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.User:
            try:
                self._action()
            finally:
                _pending.discard(self)
            return True
        return super().event(event)


_pending: set[_Invoker] = set()  # alive until their event has run


def run_on_gui_thread(action: Callable[[], None]) -> None:
    """Call ``action`` on the GUI thread: now if this is it, else from its event loop."""
    app = QCoreApplication.instance()
    if app is None:
        return
    if QThread.currentThread() is app.thread():
        action()
        return
    post_to_gui_thread(action)


def post_to_gui_thread(action: Callable[[], None]) -> None:
    """Run ``action`` from the GUI thread's event loop, even when called on it."""
    app = QCoreApplication.instance()
    if app is None:
        return
    invoker = _Invoker(action)
    invoker.moveToThread(app.thread())
    _pending.add(invoker)
    QCoreApplication.postEvent(invoker, QEvent(QEvent.Type.User))
