"""The CI smoke run's quit: :func:`freecell.launch.start_smoke_quit` calls
:func:`schedule_smoke_quit` once the window has started.

Apart from the crash dialog on purpose: the smoke run times the start-up
(``benchmarks/ui.py``), so it must not pay for the dialog's Qt classes a player's
start never creates.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import QApplication

from freecell.launch.logs import SMOKE_LINE_PREFIX
from freecell.ui.shell.gui_thread_call import post_to_gui_thread

log = logging.getLogger(__name__)


def schedule_smoke_quit(
    app: object,
    ms: int,
    clock: Callable[[], float],
    quit_app: Callable[[], None] | None = None,
    *,
    drawn: Callable[[], float | None] | None = None,
    cpu: Callable[[], float | None] | None = None,
    memory: Callable[[], float | None] | None = None,
) -> None:
    """Once the event loop runs, note the start-up time; ``ms`` later, print the
    smoke line (start-up seconds, when the table was drawn and the CPU time used by
    then, resident memory, visible windows) and quit.  ``drawn``, ``cpu`` and
    ``memory`` report None when unknown (then the line leaves them out).  Any thread may call."""
    assert isinstance(app, QCoreApplication)

    def started() -> None:
        seconds = clock()
        QTimer.singleShot(ms, lambda: finish(seconds))

    def finish(seconds: float) -> None:
        windows = (
            [w.windowTitle() or type(w).__name__ for w in app.topLevelWidgets() if w.isVisible()]
            if isinstance(app, QApplication)
            else []
        )
        painted = drawn() if drawn is not None else None
        used = cpu() if cpu is not None else None
        resident = memory() if memory is not None else None
        line = (
            f"{SMOKE_LINE_PREFIX} event loop running {seconds:.2f} s after the process "
            "started; "
            + (f"table drawn {painted:.3f} s after; " if painted is not None else "")
            + (f"{used:.3f} s CPU by then; " if used is not None else "")
            + (f"{resident:.1f} MB resident; " if resident is not None else "")
            + f"visible windows: {windows}; quitting"
        )
        log.info(line)
        print(line, flush=True)
        (quit_app or app.quit)()

    # Posted even on the GUI thread, so "started" means the event loop is turning.
    post_to_gui_thread(started)
