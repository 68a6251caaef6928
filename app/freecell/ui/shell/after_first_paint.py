"""What a window builds only once its table has been on screen.

The first frame needs only what it shows; the rest (the menus' contents,
accessibility, the sharing actions) is queued here and built right after the
table's first paint, in the order it was given, or at once by :meth:`ready`
where it is needed before (a test, a window never shown).
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer

from freecell.ui.table.view import TableView


class AfterFirstPaint:
    """The steps ``owner`` runs right after ``view``'s first paint (a moment after,
    so that paint reaches the screen first)."""

    def __init__(self, owner: QObject, view: TableView) -> None:
        self._steps: list[Callable[[], object]] = []
        self.done = False
        view.first_painted.connect(lambda: QTimer.singleShot(0, owner, self.ready))

    def add(self, step: Callable[[], object]) -> None:
        """Run ``step`` after the steps given before it; at once when done already."""
        if self.done:
            step()
        else:
            self._steps.append(step)

    def ready(self) -> None:
        """Run every step given and not yet run (once done, nothing is left to run)."""
        self.done = True
        while self._steps:
            self._steps.pop(0)()
