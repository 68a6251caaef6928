"""The inter-process lock around every read and write of a storage file.

Two copies of the game running at once take an exclusive lock on a side file
(``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows).  The lock is re-entrant
within a process, and one that cannot be had within ``LOCK_TIMEOUT`` seconds (a hung
copy) is given up on with a log warning: writes stay atomic, so the file stays whole.
"""

from __future__ import annotations

import contextlib
import logging
import os
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

log = logging.getLogger(__name__)

LOCK_TIMEOUT = 10.0

# Per path: the thread lock that makes the OS lock re-entrant, and how deep it is held.
_thread_locks: dict[str, threading.RLock] = {}
_thread_depth: dict[str, int] = {}
_registry_guard = threading.Lock()


@contextlib.contextmanager
def file_lock(lock_path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[None]:
    """Hold an exclusive inter-process lock on ``lock_path`` (created if missing).

    Re-entrant per process: nested use from the same thread only counts depth, so a
    store may call another locked helper without deadlocking on its own lock.
    """
    key = str(lock_path)
    with _registry_guard:
        rlock = _thread_locks.setdefault(key, threading.RLock())
    with rlock:
        depth = _thread_depth.get(key, 0)
        _thread_depth[key] = depth + 1
        try:
            if depth:
                yield
            else:
                with _os_lock(lock_path, timeout):
                    yield
        finally:
            _thread_depth[key] = depth


@contextlib.contextmanager
def _os_lock(lock_path: Path, timeout: float) -> Iterator[None]:
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    with open(lock_path, "a+b") as handle:
        locked = _acquire(handle.fileno(), timeout)
        if not locked:
            log.warning("could not lock %s within %.0f s; writing without it", lock_path, timeout)
        try:
            yield
        finally:
            if locked:
                _release(handle.fileno())


if sys.platform == "win32":
    import msvcrt

    def _acquire(fd: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            try:
                os.lseek(fd, 0, os.SEEK_SET)
                msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
                return True
            except OSError:
                if time.monotonic() >= deadline:
                    return False
                time.sleep(0.02)

    def _release(fd: int) -> None:
        os.lseek(fd, 0, os.SEEK_SET)
        msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)

else:
    import fcntl

    def _acquire(fd: int, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    return False
                time.sleep(0.005)

    def _release(fd: int) -> None:
        fcntl.flock(fd, fcntl.LOCK_UN)
