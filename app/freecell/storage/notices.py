"""The one-sentence messages storage has for the player, told as they happen.

The stores append to one shared list (a file moved aside, a file from a newer
version, a save the disk refused).  At start-up the game takes what is there; in
the middle of a session a failed save or a damaged statistics file found when a
game ends happens on the background writer's thread, so the list also tells its
listeners (the window shows the sentence at once).  The same sentence is told once
a session: a full disk refuses every move's save, and the player needs to hear it
once, not after every move.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable

log = logging.getLogger(__name__)


class Notices(list[str]):
    """A list of sentences (what the stores append to) that tells its listeners of
    each new one; a sentence already told this session is not added again."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._told: set[str] = set()
        self._listeners: list[Callable[[], None]] = []

    def append(self, sentence: str) -> None:
        with self._lock:
            if sentence in self._told:
                return
            self._told.add(sentence)
            super().append(sentence)
            listeners = list(self._listeners)
        for listener in listeners:  # on the thread that added it
            try:
                listener()
            except Exception:  # a listener's failure must not cost the save's caller
                log.exception("notice listener %r failed", listener)

    def take(self) -> list[str]:
        """The sentences not taken yet; the list is emptied."""
        with self._lock:
            taken = list(self)
            self.clear()
        return taken

    def listen(self, listener: Callable[[], None]) -> Callable[[], None]:
        """Call ``listener()`` (on the adding thread) after each new sentence;
        returns the function that stops it."""
        with self._lock:
            self._listeners.append(listener)

        def stop() -> None:
            with self._lock:
                if listener in self._listeners:
                    self._listeners.remove(listener)

        return stop
