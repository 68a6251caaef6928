"""Painted card faces kept on disk, so a start shows the deck without painting it.

Painting the 52 faces costs ~25-30 ms of every start on a 2-core machine (Python
drives QPainter shape by shape); reading back the very pixels painted last time
costs a few.  kpat does the same with its KImageCache.  One file holds one deck --
raw ``QImage`` rows, uncompressed, because inflating costs about what painting
does -- under the user cache folder, and the few most recently written are kept.

A file is used only when everything that decides its pixels is what it was
(:func:`fingerprint`): the theme, the size, the device pixel ratio, large print,
the game's and Qt's versions, the painting code itself (its files' sizes and
times) and the font the index resolves to.  Anything else -- a missing, short,
foreign or corrupt file, a folder that cannot be written -- only means the deck is
painted as before; the cache never raises and holds nothing that cannot be made
again.
"""

from __future__ import annotations

import logging
import mmap
import os
import struct
import time
import zlib
from collections.abc import Mapping
from pathlib import Path

from PySide6.QtCore import qVersion
from PySide6.QtGui import QFont, QFontInfo, QImage

from freecell import __version__
from freecell.themes import CardTheme

log = logging.getLogger(__name__)

MAGIC = b"FCFACES1"
# after MAGIC: fingerprint length, image count, width, height, bytes per line
HEADER = struct.Struct("<IIIII")
FORMAT = QImage.Format.Format_ARGB32_Premultiplied
# the decks kept: a windowed and a full-screen size, with and without large print
KEEP = 4
# a deck bigger than this (a huge screen at Extra large) is painted, not stored
MAX_BYTES = 64 * 1024 * 1024
# the files whose code decides a face's pixels
PAINTING_CODE = ("renderer.py", "suits.py", "layout.py", "face_cache.py")


def _code_signature() -> str:
    """Size and modification time of the painting code: a changed painter (a new
    version, an edited checkout) never reads faces an older one painted."""
    here = Path(__file__).parent
    parts = []
    for name in PAINTING_CODE:
        try:
            st = (here / name).stat()
            parts.append(f"{st.st_size}:{st.st_mtime_ns}")
        except OSError:  # a bundle without source files: the version decides
            parts.append("-")
    return ",".join(parts)


def fingerprint(theme: CardTheme, w: int, h: int, dpr: float, large: bool) -> str:
    """Everything that decides the pixels of a deck, as text."""
    font = QFontInfo(QFont(theme.index_font))
    return "|".join(
        (
            f"freecell {__version__}",
            f"Qt {qVersion()}",
            _code_signature(),
            repr(theme),
            f"{w}x{h}@{dpr!r} large={large}",
            f"font {font.family()} {font.styleName()}",
        )
    )


class FaceCache:
    """Decks of painted faces in ``folder`` (created when first written)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def _path(self, print_: str) -> Path:
        return self.folder / f"faces-{zlib.crc32(print_.encode()):08x}.bin"

    def load(
        self, theme: CardTheme, w: int, h: int, dpr: float, large: bool
    ) -> dict[int, QImage] | None:
        """The deck painted at this size by this code, by card index; None if none."""
        try:
            wanted = fingerprint(theme, w, h, dpr, large).encode()
            path = self._path(wanted.decode())
            try:
                file = path.open("rb")
            except FileNotFoundError:
                return None
            # mapped, not read: a read copies the file into fresh memory first, and
            # that costs as much again as making the images (~3 ms of ~4)
            with file, mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
                return _decode(data, wanted, dpr)
        except Exception:  # a cache must never cost the game: paint instead
            log.warning("card face cache unreadable; painting the deck", exc_info=True)
            return None

    def store(
        self,
        theme: CardTheme,
        w: int,
        h: int,
        dpr: float,
        large: bool,
        images: Mapping[int, QImage],
    ) -> bool:
        """Write this deck (atomically: a reader sees the old file or the new one);
        False when it was not written."""
        try:
            print_ = fingerprint(theme, w, h, dpr, large)
            blob = _encode(images, print_.encode())
            if blob is None:
                return False
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self._path(print_)
            temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            try:
                temp.write_bytes(blob)
                os.replace(temp, path)
            finally:
                temp.unlink(missing_ok=True)
            self._prune(keep=path)
            return True
        except Exception:
            log.warning("card faces not cached", exc_info=True)
            return False

    def _prune(self, keep: Path) -> None:
        """Keep the ``KEEP`` most recently written decks (this one among them), and
        drop temporary files a crashed writer left an hour ago or more."""
        decks = sorted(
            self.folder.glob("faces-*.bin"), key=lambda p: p.stat().st_mtime, reverse=True
        )
        for old in [p for p in decks if p != keep][KEEP - 1 :]:
            old.unlink(missing_ok=True)
        for temp in self.folder.glob("faces-*.tmp"):
            if temp.stat().st_mtime < time.time() - 3600:
                temp.unlink(missing_ok=True)


def _encode(images: Mapping[int, QImage], print_: bytes) -> bytes | None:
    """MAGIC, the header, the fingerprint, the card indices, then each image's rows."""
    if not images:
        return None
    first = next(iter(images.values()))
    w, h, bpl = first.width(), first.height(), first.bytesPerLine()
    if any(
        (img.width(), img.height(), img.bytesPerLine(), img.format()) != (w, h, bpl, FORMAT)
        for img in images.values()
    ):
        return None
    if len(images) * bpl * h > MAX_BYTES:
        return None
    indices = sorted(images)
    parts = [
        MAGIC,
        HEADER.pack(len(print_), len(indices), w, h, bpl),
        print_,
        struct.pack(f"<{len(indices)}i", *indices),
    ]
    parts.extend(bytes(images[i].constBits()) for i in indices)
    return b"".join(parts)


def _decode(data: bytes | mmap.mmap, wanted: bytes, dpr: float) -> dict[int, QImage] | None:
    """The images of a file written by :func:`_encode` for ``wanted``; None when the
    file is for something else or damaged in any way.  The images own their pixels
    (copied out of ``data``)."""
    start = len(MAGIC) + HEADER.size
    if len(data) < start or data[: len(MAGIC)] != MAGIC:
        return None
    size, count, w, h, bpl = HEADER.unpack_from(data, len(MAGIC))
    if data[start : start + size] != wanted or not 0 < count <= 64 or bpl < 4 * w or h <= 0:
        return None
    offset = start + size
    indices = struct.unpack_from(f"<{count}i", data, offset)
    offset += 4 * count
    one = bpl * h
    if len(data) != offset + count * one:
        return None
    images: dict[int, QImage] = {}
    with memoryview(data) as view:
        for n, index in enumerate(indices):
            with view[offset + n * one : offset + (n + 1) * one] as rows:
                img = QImage(rows, w, h, bpl, FORMAT).copy()  # copy: own its pixels
            img.setDevicePixelRatio(dpr)
            images[index] = img
    return images
