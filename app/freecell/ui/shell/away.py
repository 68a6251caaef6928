"""The game's clock while the player is away: paused when the window loses the
focus or is minimised, running again when the player comes back (unless the game
is won or has not started)."""

from __future__ import annotations

from PySide6.QtCore import QEvent

from freecell.ui.shell.door import Door


def follow_away(door: Door, event: QEvent) -> None:
    """Pause or resume the clock for one of the window's change events."""
    window = door.host
    kind = event.type()
    if kind == QEvent.Type.ActivationChange:
        set_active(door, window.isActiveWindow())
    elif kind == QEvent.Type.WindowStateChange:
        if window.isMinimized():
            set_active(door, False)
        elif window.isActiveWindow():
            set_active(door, True)


def set_active(door: Door, active: bool) -> None:
    """Pause the clock while the player is away; resume when they return."""
    game = door.game
    clock = game.clock
    # (each command is imported where it is sent: the first frame sends none)
    if active and not clock.running and clock.started and not game.is_won:
        from freecell.engine import ResumeClock

        door.dispatch(ResumeClock())
    elif not active and clock.running:
        from freecell.engine import PauseClock

        door.dispatch(PauseClock())
