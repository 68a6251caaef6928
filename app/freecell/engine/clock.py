"""The elapsed-time model: start, pause, resume.  No Qt timer here.

The UI decides *when* to pause (window minimised or inactive); the clock only
counts.  Time comes from an injected function so tests need not sleep.
"""

from __future__ import annotations

import time
from collections.abc import Callable


class Clock:
    def __init__(self, now: Callable[[], float] = time.monotonic, elapsed: float = 0.0) -> None:
        self._now = now
        self._banked = elapsed
        self._since: float | None = None
        self.started = elapsed > 0

    @property
    def running(self) -> bool:
        return self._since is not None

    @property
    def elapsed(self) -> float:
        """Seconds counted so far."""
        if self._since is None:
            return self._banked
        return self._banked + max(0.0, self._now() - self._since)

    def start(self) -> None:
        """Start counting (the first move does this); a second start does nothing."""
        if not self.started:
            self.started = True
            self._since = self._now()

    def pause(self) -> None:
        if self._since is not None:
            self._banked = self.elapsed
            self._since = None

    def resume(self) -> None:
        """Resume a started clock; a clock that never started stays at zero."""
        if self.started and self._since is None:
            self._since = self._now()

    def stop(self) -> None:
        """Freeze the clock for good (the game is won)."""
        self.pause()
        self.started = True
