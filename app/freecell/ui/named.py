"""``named(widget, name)``: a widget with its object name set, in one expression
(PySide's stubs take no ``objectName=`` keyword); tests find widgets by it."""

from __future__ import annotations

from typing import TypeVar

from PySide6.QtCore import QObject

W = TypeVar("W", bound=QObject)


def named(widget: W, name: str) -> W:
    widget.setObjectName(name)
    return widget
