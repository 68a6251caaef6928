"""Storage's sentences shown in the window as they happen, not at the next start.

A save the disk refuses (full, read-only) or a damaged statistics file found when a
game ends happens on the storage's background writer thread; the window's message
bar lives on the GUI thread.  A signal carries the news across (a queued
connection), and the bar shows what storage has for the player, each sentence once
(``storage.Notices``), while the game goes on.
"""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal

from freecell.core.notice_words import notices_text
from freecell.storage import Storage
from freecell.ui.shell.door import Door, MessageKind

SHOWN_MS = 12000


class StorageNotices(QObject):
    """Shows the storage's new sentences through ``door`` (the window's child)."""

    arrived = Signal()

    def __init__(self, storage: Storage, door: Door) -> None:
        super().__init__(door.host)
        self._storage = storage
        self._door = door
        self.arrived.connect(self.show_pending)  # queued when emitted by the writer
        self._stop = storage.notices.listen(self._tell)
        self.destroyed.connect(self._stop)

    def _tell(self) -> None:
        try:
            self.arrived.emit()
        except RuntimeError:  # the window is gone (closed while a save failed)
            self._stop()

    def show_pending(self) -> None:
        """Show what storage has not told yet (nothing when it has nothing)."""
        taken = self._storage.take_notices()
        if taken:
            self._door.say(notices_text(taken), MessageKind.INFO, timeout_ms=SHOWN_MS)


def follow_storage_notices(door: Door) -> StorageNotices | None:
    """Show the storage's new sentences in the window's message bar (None: the
    window's session keeps nothing on disk)."""
    storage = door.session.storage
    return None if storage is None else StorageNotices(storage, door)
