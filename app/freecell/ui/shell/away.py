"""The game's clock while the player is away: paused when the window loses the
focus or is minimised, running again when the player comes back (unless the game
is won or has not started)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent

if TYPE_CHECKING:
    from freecell.ui.shell.main_window import MainWindow


def follow_away(window: MainWindow, event: QEvent) -> None:
    """Pause or resume the clock for one of ``window``'s change events."""
    kind = event.type()
    if kind == QEvent.Type.ActivationChange:
        set_active(window, window.isActiveWindow())
    elif kind == QEvent.Type.WindowStateChange:
        if window.isMinimized():
            set_active(window, False)
        elif window.isActiveWindow():
            set_active(window, True)


def set_active(window: MainWindow, active: bool) -> None:
    """Pause the clock while the player is away; resume when they return."""
    game = window.bus.game
    clock = game.clock
    if active and not clock.running and clock.started and not game.is_won:
        from freecell.engine import ResumeClock

        window.dispatch(ResumeClock())
    elif not active and clock.running:
        from freecell.engine import PauseClock

        window.dispatch(PauseClock())
