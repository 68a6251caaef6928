"""Accessibility: large print, keyboard-only play and a screen reader.

``install_accessibility(window)`` (in ``install.py``) hooks it all onto a built
window, through its door (:mod:`freecell.ui.shell.door`).  The words a screen
reader hears are made in ``text.py``, which
imports no Qt; this package's ``__init__`` imports Qt only when
``install_accessibility`` is called, so ``text`` can be used (and tested) without
a display or PySide6.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from freecell.ui.accessibility.install import Accessibility
    from freecell.ui.shell.door import Doorway

__all__ = ["install_accessibility", "keys_hint"]


def keys_hint() -> str:
    """What the status bar's live line says until the game has said something."""
    from freecell.i18n import _

    return _("D describes the table; F1 lists the keys.")


def install_accessibility(window: Doorway) -> Accessibility:
    """Hook accessibility onto a built window, through its door (once per window)."""
    from freecell.ui.accessibility.install import install_accessibility as install

    return install(window)
