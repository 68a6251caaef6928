"""Making ``QAction`` objects cheaply before the window's first paint."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction


def new_action(text: str, parent: QObject, *, checkable: bool = False) -> QAction:
    """``QAction(text, parent)``, made without the text-and-parent constructor.

    PySide tries the ``QAction(QIcon, str, QObject)`` overload first, which makes it
    create the Python ``QIcon`` class and its enums although no icon is given; the
    window's first frame needs no icon, so the bare constructor and ``setText`` keep
    that cost out of start-up (docs/startup.md has the figure).
    """
    action = QAction(parent)
    action.setText(text)
    if checkable:
        action.setCheckable(True)
    return action
