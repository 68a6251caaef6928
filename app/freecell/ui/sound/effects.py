"""The game's sounds, played as things happen on the table.

A card or run picked up (a tap, a key or the start of a drag), a move made, a move
refused, a new deal and a win each have a short sound of their own, made by
``packaging/sounds/make_sounds.py`` and shipped in the repository's ``resources/sounds/``.  This
module exists in the process only once the player switched sound on
(``ui/shell/sound_switch.py``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject

from freecell.engine import DealStarted, GameWon, MoveApplied, MoveRefused
from freecell.resource_files import on_disk, sound
from freecell.ui.sound.player import Player

if TYPE_CHECKING:
    from freecell.engine.events import Event
    from freecell.ui.shell.door import Door

SOUND_NAMES = ("pick-up", "drop", "refusal", "deal", "win")


def sound_file(name: str) -> Path:
    """The shipped WAV of a sound."""
    return on_disk(sound(name))


class SoundEffects(QObject):
    """Plays the table's sounds while it exists; :meth:`close` stops them."""

    def __init__(self, door: Door, player: Player | None = None) -> None:
        super().__init__(door.host)
        self.setObjectName("soundEffects")
        self.player = player if player is not None else Player()
        self.played: list[str] = []
        """The sounds asked for, last last (what a test or the log can read)."""
        self._unsubscribe = door.subscribe(self._on_event)
        self._controller = door.widgets.controller
        self._controller.picked_up.connect(self._picked_up)

    def play(self, name: str) -> None:
        self.played = [*self.played[-15:], name]
        self.player.play(sound_file(name))

    def _picked_up(self) -> None:
        self.play("pick-up")

    def _on_event(self, event: Event) -> None:
        if isinstance(event, GameWon):
            self.play("win")
        elif isinstance(event, MoveApplied):
            self.play("drop")
        elif isinstance(event, MoveRefused):
            self.play("refusal")
        elif isinstance(event, DealStarted):
            self.play("deal")

    def close(self) -> None:
        """Sound switched off: hear nothing more, stop what plays."""
        self._unsubscribe()
        self._controller.picked_up.disconnect(self._picked_up)
        self.player.close()
        self.setParent(None)
        self.deleteLater()
