"""The inter-process lock around every read and write of a storage file.

Two copies of the game running at once take an exclusive lock on a side file
(``fcntl.flock`` on POSIX, ``msvcrt.locking`` on Windows).  The lock is re-entrant
within a process.  Every wait has a limit: a save waits ``LOCK_TIMEOUT`` seconds (a
healthy copy holds the lock for milliseconds, seconds on a very busy disk) and then
does not write that file (:class:`LockUnavailable`: what the other copy writes is
not lost); a read waits ``READ_TIMEOUT`` and then reads anyway (writes are atomic,
so the file is whole), and once a lock has timed out a read tries it only briefly
(``BUSY_TIMEOUT``), so a hung copy costs a start about half a second, once.

A lock file that is not a regular file (a folder, a FIFO, a symlink to a device) is
damage: it is moved aside without being read and a new one is made.
"""

from __future__ import annotations

import contextlib
import errno
import logging
import os
import stat
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

from freecell.storage.aside import aside_name, move_aside

log = logging.getLogger(__name__)

LOCK_TIMEOUT = 2.5  # a save waits this long (healthy copies hold it for milliseconds)
READ_TIMEOUT = 0.5  # a read waits this long, then reads anyway (writes are atomic)
BUSY_TIMEOUT = 0.1  # a read of a lock that timed out before waits only this long

_FLAGS = os.O_RDWR | os.O_CREAT | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)

# Per path: the thread lock that makes the OS lock re-entrant, how deep it is held,
# and whether the outermost holder got the OS lock.
_thread_locks: dict[str, threading.RLock] = {}
_thread_depth: dict[str, int] = {}
_thread_held: dict[str, bool] = {}
_busy: set[str] = set()  # locks that timed out once (a hung copy holds them)
_registry_guard = threading.Lock()


class LockUnavailable(OSError):
    """The file's lock could not be had (another copy holds it, or its lock file
    cannot be made): the file is not written, so nothing another copy wrote is lost."""

    def __init__(self, lock_path: Path) -> None:
        super().__init__(errno.EWOULDBLOCK, "the file is locked by another copy", str(lock_path))


@contextlib.contextmanager
def file_lock(lock_path: Path, timeout: float = LOCK_TIMEOUT) -> Iterator[bool]:
    """Hold an exclusive inter-process lock on ``lock_path`` (created if missing);
    yields whether the lock is held (False: it could not be had in time).

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
                yield _thread_held.get(key, False)
            else:
                with _os_lock(lock_path, timeout) as held:
                    _thread_held[key] = held
                    yield held
        finally:
            _thread_depth[key] = depth


@contextlib.contextmanager
def _os_lock(lock_path: Path, timeout: float) -> Iterator[bool]:
    key = str(lock_path)
    fd = _open_lock_file(lock_path)
    if fd is None:
        yield False
        return
    try:
        wait = BUSY_TIMEOUT if key in _busy and timeout <= READ_TIMEOUT else timeout
        locked = _acquire(fd, wait)
        if locked:
            _busy.discard(key)
        elif key not in _busy:
            _busy.add(key)
            log.warning("could not lock %s within %.1f s; not writing that file", lock_path, wait)
        try:
            yield locked
        finally:
            if locked:
                _release(fd)
    finally:
        os.close(fd)


def _open_lock_file(lock_path: Path) -> int | None:
    """The lock file's descriptor; a lock file that is not a regular file is moved
    aside (never read) and made again.  None when no lock file can be had."""
    for _attempt in range(2):
        try:
            lock_path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock_path, _FLAGS, 0o644)
        except FileNotFoundError:
            return None
        except OSError as error:
            if not _special(lock_path):
                log.warning("could not open the lock file %s: %s", lock_path, error)
                return None
        else:
            if stat.S_ISREG(os.fstat(fd).st_mode):
                return fd
            os.close(fd)
        try:
            kept = move_aside(lock_path, lambda n: aside_name(lock_path, "unreadable", n))
        except OSError as error:
            log.warning("a lock file that is not a file, %s, cannot be moved: %s", lock_path, error)
            return None
        log.warning("a lock file that is not a file, %s, was moved aside to %s", lock_path, kept)
    return None


def _special(path: Path) -> bool:
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return os.path.lexists(path)


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
