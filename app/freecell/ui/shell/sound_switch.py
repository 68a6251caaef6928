"""Sounds on or off, as the settings say.

The sounds' modules (``ui/sound/``: the player, its subprocess machinery, the
effects) are imported the first time sound is on, never before: a player who
never switches sound on pays nothing for it (tests/test_sounds.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from freecell.ui.shell.door import Door

if TYPE_CHECKING:
    from freecell.ui.sound.effects import SoundEffects


def follow_sound(door: Door, playing: SoundEffects | None) -> SoundEffects | None:
    """The window's sounds started or stopped to match its settings: the effects
    now playing (None when off), given those playing before."""
    on = door.session.settings.sound
    if on and playing is None:
        # imported here: nothing of sound is loaded before the player asks for it
        from freecell.ui.sound.effects import SoundEffects

        return SoundEffects(door)
    if not on and playing is not None:
        playing.close()
        return None
    return playing
