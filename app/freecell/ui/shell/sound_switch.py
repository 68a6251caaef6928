"""Sounds on or off, as the settings say.

The sounds' modules (``ui/sound/``: the player, its subprocess machinery, the
effects) are imported the first time sound is on, never before: a player who
never switches sound on pays nothing for it (tests/test_sounds.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from freecell.ui.shell.main_window import MainWindow


def follow_sound(window: MainWindow) -> None:
    """Start or stop the window's sounds (``window.sounds``) to match its settings."""
    playing = getattr(window, "sounds", None)
    if window.settings.sound and playing is None:
        # imported here: nothing of sound is loaded before the player asks for it
        from freecell.ui.sound.effects import SoundEffects

        window.sounds = SoundEffects(window)
    elif not window.settings.sound and playing is not None:
        playing.close()
        window.sounds = None
