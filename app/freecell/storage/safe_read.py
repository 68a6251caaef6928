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
import zlib
from pathlib import Path
from typing import BinaryIO

__all__ = [
    "FileTooLarge",
    "SpecialFile",
    "UnsafeFile",
    "file_kind",
    "is_special",
    "open_regular",
    "read_bounded",
    "read_text_bounded",
    "unpack_bounded",
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


def open_regular(path: StrPath) -> BinaryIO:
    """``path`` opened for reading in binary, when it is a regular file: for a
    reader that maps the file or reads it in its own way (the picture cache).

    Raises :class:`SpecialFile` for anything else, without blocking on a FIFO, and the
    usual ``OSError`` when it cannot be opened."""
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
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "rb", buffering=0)


def read_bounded(path: StrPath, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    Raises :class:`SpecialFile` for anything but a regular file (never blocking on a
    FIFO, never reading a device), :class:`FileTooLarge` when it holds more than
    ``limit`` bytes, and the usual ``OSError`` (``FileNotFoundError``,
    ``PermissionError`` ...) when it cannot be opened.
    """
    chunks: list[bytes] = []
    with open_regular(path) as handle:
        left = limit + 1
        while left > 0:
            chunk = handle.read(min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    data = b"".join(chunks)
    if len(data) > limit:
        raise FileTooLarge(path, limit)
    return data


def unpack_bounded(data: bytes, limit: int) -> bytes:
    """``data`` inflated (zlib or gzip, told by its header), never to more than
    ``limit`` bytes: a few KB of a crafted stream unpack to gigabytes.

    Raises ``ValueError`` when it is not a zlib or gzip stream, is cut short, or
    would unpack to more than ``limit`` bytes."""
    unpacker = zlib.decompressobj(wbits=47)  # 32 + 15: zlib or gzip, by the header
    try:
        out = unpacker.decompress(data, limit + 1)
    except zlib.error as error:
        raise ValueError(f"not a packed stream ({error})") from None
    if len(out) > limit:
        raise ValueError(f"it unpacks to more than {limit:,} bytes")
    if not unpacker.eof:
        raise ValueError("the packed stream is cut short")
    return out


def read_text_bounded(
    path: StrPath, limit: int, encoding: str = "utf-8", errors: str = "strict"
) -> str:
    """:func:`read_bounded`, decoded (``UnicodeDecodeError`` when ``errors`` is strict)."""
    return read_bounded(path, limit).decode(encoding, errors)
