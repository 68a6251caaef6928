"""What storage tells the player -- a file moved aside, a backup loaded, a save the
disk refused -- as codes and values (:class:`StorageNotice`), told as they happen.

The words are built at the edge, in the player's language, by
:func:`freecell.core.notice_words.notice_text`.  The English details of a damaged
file (which record, which step) go to the log, for whoever looks into it.

The stores append to one shared list (:class:`Notices`).  At start-up the game takes
what is there; in the middle of a session a failed save or a damaged statistics file
found when a game ends happens on the background writer's thread, so the list also
tells its listeners (the window shows the notice at once).  The same notice is told
once a session: a full disk refuses every move's save, and the player needs to hear
it once, not after every move.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from freecell.storage.locking import LockUnavailable

__all__ = [
    "Damage",
    "FileKind",
    "NoticeCode",
    "Notices",
    "StorageNotice",
    "Then",
    "not_saved",
]

log = logging.getLogger(__name__)


class Damage(StrEnum):
    """Why a file could not be read (an :class:`UnreadableFile`)."""

    TOO_LARGE = "too-large"  # values: size (KB)
    EMPTY = "empty"
    NOT_TEXT = "not-text"
    TOO_DEEP = "too-deep"
    NOT_JSON = "not-json"
    NOT_AN_OBJECT = "not-an-object"
    NO_VERSION = "no-version"
    TOO_OLD = "too-old"  # values: version
    CANNOT_OPEN = "cannot-open"  # values: error (the system's words)
    NOT_A_FILE = "not-a-file"  # a FIFO, a device, a socket, a folder (or a symlink to one)
    VARIANT_MISSING = "variant-missing"  # values: variant (its id)
    DAMAGED = "damaged"  # its content makes no sense (the details are logged)


class FileKind(StrEnum):
    """Which of the player's files."""

    SETTINGS = "settings"
    STATISTICS = "statistics"
    SAVED_GAME = "saved game"
    DEAL_RATINGS = "deal ratings"  # a cache: made again when lost
    HISTORY = "game history"  # the SQLite database of every game


class NoticeCode(StrEnum):
    NEWER_VERSION = "newer-version"  # read what it understands; ``path``: the original kept
    MISSING_BACKUP_LOADED = "missing-backup-loaded"  # ``path``: the backup loaded
    UNREADABLE = "unreadable"  # ``damage``; ``path``: where it was moved (or None); ``then``
    UNREADABLE_REPLACED = "unreadable-replaced"  # as UNREADABLE, found while saving
    NOT_SAVED = "not-saved"  # ``error``: the system's words; the copy on disk is unchanged
    LOCKED = "locked"  # another copy holds the file's lock: this copy does not write it


class Then(StrEnum):
    """What the game did instead of reading a damaged file."""

    BACKUP_LOADED = "backup-loaded"
    DEFAULTS = "defaults"  # the settings' or statistics' defaults
    NEW_DEAL = "new-deal"  # no game in progress to offer: a new deal
    NEW_HISTORY = "new-history"  # a new, empty game history was started


@dataclass(frozen=True, slots=True)
class StorageNotice:
    """One message for the player about their files, in codes."""

    code: NoticeCode
    file: FileKind
    path: Path | None = None
    damage: Damage | None = None
    damage_values: tuple[tuple[str, object], ...] = ()
    newer_schema: int | None = None  # the damaged file was written by a newer version
    then: Then | None = None
    error: str = ""


def not_saved(what: FileKind, error: OSError) -> StorageNotice:
    """The notice for a save that failed with ``error``: a lock another copy holds,
    or the system's words (a full disk, a read-only folder, an immutable file)."""
    if isinstance(error, LockUnavailable):
        return StorageNotice(NoticeCode.LOCKED, what)
    return StorageNotice(NoticeCode.NOT_SAVED, what, error=str(error.strerror or error))


class Notices(list[StorageNotice]):
    """A list of notices (what the stores append to) that tells its listeners of
    each new one; a notice already told this session is not added again."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._told: set[StorageNotice] = set()
        self._listeners: list[Callable[[], None]] = []

    def append(self, notice: StorageNotice) -> None:
        with self._lock:
            if notice in self._told:
                return
            self._told.add(notice)
            super().append(notice)
            listeners = list(self._listeners)
        for listener in listeners:  # on the thread that added it
            try:
                listener()
            except Exception:  # a listener's failure must not cost the save's caller
                log.exception("notice listener %r failed", listener)

    @property
    def told(self) -> frozenset[StorageNotice]:
        """Every notice added this session (taken or not)."""
        with self._lock:
            return frozenset(self._told)

    def take(self) -> list[StorageNotice]:
        """The notices not taken yet; the list is emptied."""
        with self._lock:
            taken = list(self)
            self.clear()
        return taken

    def listen(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` (on the adding thread) after each new notice;
        returns the function that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return stop
