"""Reading a file that may be anything: only a regular file, never more than a bound.

Every file the game reads -- its own stored files, caches, a board or move list
given to the command line, a deck or theme file, a file in the user plugin folder
-- may be a FIFO (opening it for reading blocks until a writer comes), a device
(``/dev/zero`` never ends), a socket, a directory, or a symlink to any of them.
:func:`read_bounded` opens without blocking (``O_NONBLOCK``), asks the open file
what it is (``fstat``, so a symlink swapped in between changes nothing) and reads
a regular file only, and only up to ``limit`` bytes; anything else is refused with
an :class:`UnsafeFile` error (an ``OSError``, so code that already copes with a
file it cannot open copes with these too).

Pure Python, no Qt: every layer may use it.
"""

from __future__ import annotations

import errno
import os
import stat
from pathlib import Path

__all__ = [
    "FileTooLarge",
    "SpecialFile",
    "UnsafeFile",
    "file_kind",
    "is_special",
    "read_bounded",
    "read_text_bounded",
]

StrPath = str | os.PathLike[str]

# O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for
# one.  Windows has neither the flag nor FIFOs.
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_OPEN_FLAGS |= getattr(os, "O_BINARY", 0) | getattr(os, "O_NOCTTY", 0)


class UnsafeFile(OSError):
    """A file the game will not read (see the subclasses); ``path`` names it."""

    def __init__(self, path: StrPath, reason: str) -> None:
        super().__init__(errno.EINVAL, reason, os.fspath(path))
        self.path = Path(path)
        self.reason = reason


class SpecialFile(UnsafeFile):
    """Not a regular file: ``kind`` is "fifo", "character device", "block device",
    "socket", "directory" or "special file"."""

    def __init__(self, path: StrPath, kind: str) -> None:
        super().__init__(path, f"it is a {kind}, not a regular file")
        self.kind = kind


class FileTooLarge(UnsafeFile):
    """A regular file longer than ``limit`` bytes (only ``limit + 1`` were read)."""

    def __init__(self, path: StrPath, limit: int) -> None:
        super().__init__(path, f"it is larger than {limit:,} bytes")
        self.limit = limit


def _kind(mode: int) -> str:
    if stat.S_ISREG(mode):
        return "regular file"
    if stat.S_ISDIR(mode):
        return "directory"
    if stat.S_ISFIFO(mode):
        return "fifo"
    if stat.S_ISCHR(mode):
        return "character device"
    if stat.S_ISBLK(mode):
        return "block device"
    if stat.S_ISSOCK(mode):
        return "socket"
    return "special file"


def file_kind(path: StrPath) -> str | None:
    """What ``path`` is, symlinks followed ("regular file", "fifo", "directory",
    ...); None when nothing is there (a dangling symlink included).  Never opens it."""
    try:
        return _kind(os.stat(path).st_mode)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError:  # a symlink loop, a permission problem: not a file we can use
        return "special file"


def is_special(path: StrPath) -> bool:
    """Something is at ``path`` and it is not a regular file (symlinks followed)."""
    kind = file_kind(path)
    return kind is not None and kind != "regular file"


def read_bounded(path: StrPath, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raises :class:`SpecialFile` for anything but a regular file (never blocking on a
    FIFO, never reading a device), :class:`FileTooLarge` when it holds more than
    ``limit`` bytes, and the usual ``OSError`` (``FileNotFoundError``,
    ``PermissionError`` ...) when it cannot be opened.
    """
    try:
        fd = os.open(path, _OPEN_FLAGS)
    except FileNotFoundError:
        raise
    except OSError:  # a socket (ENXIO), a directory on Windows: say what it is
        kind = file_kind(path)
        if kind is not None and kind != "regular file":
            raise SpecialFile(path, kind) from None
        raise
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise SpecialFile(path, _kind(mode))
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileTooLarge(path, limit)
    return data


def read_text_bounded(
    path: StrPath, limit: int, encoding: str = "utf-8", errors: str = "strict"
) -> str:
    """:func:`read_bounded`, decoded (``UnicodeDecodeError`` when ``errors`` is strict)."""
    return read_bounded(path, limit).decode(encoding, errors)
