"""Pictures the game paints, kept on disk, so a start shows the table without
painting it all again: the 52 card faces and the table's background.

Painting the faces is a large part of every start (Python drives QPainter shape by
shape), the cloth and the empty slots more; mapping back the very pixels painted
last time costs a fraction of that (docs/startup.md has the figures).  kpat does
the same with its KImageCache.  One file holds one picture set -- raw ``QImage``
rows, uncompressed, because inflating costs about what painting does -- under the
user cache folder, and the few most recently written of each kind are kept.

A file is used only when everything that decides its pixels is what it was (its
*fingerprint*, see :func:`deck_fingerprint` and :func:`table_fingerprint`): what is
painted (theme or surface, size, device pixel ratio, large print, the slots'
places), the game's and Qt's versions, the painting code itself (its files' sizes
and times) and the fonts the text resolves to.  Anything else -- a missing, short,
foreign or corrupt file, a folder that cannot be written -- only means painting as
before; the cache never raises and holds nothing that cannot be made again.
"""

from __future__ import annotations

import logging
import mmap
import os
import struct
import time
import zlib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer, qVersion
from PySide6.QtGui import QFont, QFontInfo, QImage

from freecell import __version__
from freecell.storage.safe_read import open_regular

if TYPE_CHECKING:
    from freecell.themes import CardTheme, TableSurface
    from freecell.ui.table.layout import TableLayout

log = logging.getLogger(__name__)

MAGIC = b"FCPICS01"
# after MAGIC: fingerprint length, image count, width, height, bytes per line, format
HEADER = struct.Struct("<IIIIII")
# the formats kept: what the painters paint into (cards) and what a QPixmap of the
# offscreen, X11 and Wayland platforms turns into (the table)
FORMATS = frozenset(
    {
        QImage.Format.Format_ARGB32_Premultiplied.value,
        QImage.Format.Format_RGB32.value,
    }
)
# kept of each kind: a windowed and a full-screen size, with and without large print
# (a deck at Fit on a 1920x1080 screen is ~6 MB, its table ~8 MB) ...
KEEP = 4
# ... within this many bytes of each kind, the newest first
KEEP_BYTES = 64 * 1024 * 1024
# a picture set bigger than this (Extra large on a HiDPI screen) is painted, not kept
MAX_BYTES = 32 * 1024 * 1024
# written this long after it was asked for: once the window has stopped changing
# size, and after the rest of start-up has run
STORE_AFTER_MS = 2000

# the files whose code decides the pixels of each kind
DECK_CODE = (
    "renderer.py",
    "card_faces.py",
    "courts.py",
    "svg_deck.py",
    "suits.py",
    "layout.py",
    "picture_cache.py",
)
TABLE_CODE = ("scene.py", "cloth.py", "suits.py", "picture_cache.py")


def _code_signature(names: tuple[str, ...]) -> str:
    """Size and modification time of the painting code: a changed painter (a new
    version, an edited checkout) never reads pictures an older one painted."""
    here = Path(__file__).parent
    parts = []
    for name in names:
        try:
            st = (here / name).stat()
            parts.append(f"{st.st_size}:{st.st_mtime_ns}")
        except OSError:  # a bundle without source files: the version decides
            parts.append("-")
    return ",".join(parts)


def _file_signature(path: str) -> str:
    """Size and modification time of an SVG deck's file: an updated deck package is
    drawn again, not read back."""
    if not path:
        return "-"
    try:
        st = Path(path).stat()
    except OSError:
        return "missing"
    return f"{st.st_size}:{st.st_mtime_ns}"


def _font(font: QFont) -> str:
    info = QFontInfo(font)
    return f"{font.toString()} -> {info.family()} {info.styleName()}"


def deck_fingerprint(theme: CardTheme, w: int, h: int, dpr: float, large: bool) -> str:
    """Everything that decides the pixels of the 52 faces, as text."""
    return "|".join(
        (
            f"freecell {__version__}",
            f"Qt {qVersion()}",
            _code_signature(DECK_CODE),
            repr(theme),
            _file_signature(theme.deck_file),
            f"{w}x{h}@{dpr!r} large={large}",
            _font(QFont(theme.index_font)),
        )
    )


def table_fingerprint(
    surface: TableSurface, layout: TableLayout, w: int, h: int, dpr: float, font: QFont
) -> str:
    """Everything that decides the pixels of the table's background (the cloth and
    the empty slots, with ``font`` for the foundations' letters), as text."""
    return "|".join(
        (
            f"freecell {__version__}",
            f"Qt {qVersion()}",
            _code_signature(TABLE_CODE),
            repr(surface),
            f"{w}x{h}@{dpr!r}",
            f"cards {layout.card_w!r}x{layout.card_h!r}",
            f"slots {layout.cells!r} {layout.foundations!r} {layout.columns!r}",
            _font(font),
        )
    )


class PictureCache:
    """Picture sets of each kind (``"deck"``, ``"table"``) in ``folder`` (created
    when first written), each found by its fingerprint."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._warned = False
        self._later: dict[str, tuple[str, Callable[[], Mapping[int, QImage] | None]]] = {}
        self._timer: QTimer | None = None

    def _path(self, kind: str, fingerprint: str) -> Path:
        return self.folder / f"{kind}-{zlib.crc32(fingerprint.encode()):08x}.bin"

    def load(self, kind: str, fingerprint: str, dpr: float) -> dict[int, QImage] | None:
        """The images stored for this fingerprint, by their numbers; None if none."""
        try:
            try:  # a FIFO or a folder in the cache is refused, never waited on
                file = open_regular(self._path(kind, fingerprint))
            except FileNotFoundError:
                return None
            with file:
                if os.fstat(file.fileno()).st_size > MAX_BYTES + (1 << 20):  # header room
                    raise ValueError("picture cache file larger than any it writes")
                # mapped, not read: a read copies the file into fresh memory first, and
                # that costs as much again as making the images
                with mmap.mmap(file.fileno(), 0, access=mmap.ACCESS_READ) as data:
                    return _decode(data, fingerprint.encode(), dpr)
        except Exception:  # a cache must never cost the game: paint instead
            self._warn("picture cache unreadable; painting instead")
            return None

    def store(self, kind: str, fingerprint: str, images: Mapping[int, QImage]) -> bool:
        """Write these images (atomically: a reader sees the old file or the new one);
        False when they were not written."""
        try:
            blob = _encode(images, fingerprint.encode())
            if blob is None:
                return False
            self.folder.mkdir(parents=True, exist_ok=True)
            path = self._path(kind, fingerprint)
            temp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
            try:
                temp.write_bytes(blob)
                os.replace(temp, path)
            finally:
                temp.unlink(missing_ok=True)
            self._prune(kind, keep=path)
            return True
        except Exception:
            self._warn("pictures not cached")
            return False

    def _warn(self, what: str) -> None:
        """Log a failure, with its traceback the first time (a read-only cache folder
        would otherwise fill the log at every resize)."""
        log.log(logging.DEBUG if self._warned else logging.WARNING, what, exc_info=True)
        self._warned = True

    def store_later(
        self, kind: str, fingerprint: str, images: Callable[[], Mapping[int, QImage] | None]
    ) -> None:
        """Store ``images()`` under ``fingerprint`` ``STORE_AFTER_MS`` from now (the
        last one asked for of each kind wins; ``images`` may answer None to store
        nothing after all).  GUI thread."""
        self._later[kind] = (fingerprint, images)
        if self._timer is None:
            self._timer = QTimer()
            self._timer.setSingleShot(True)
            self._timer.setInterval(STORE_AFTER_MS)
            self._timer.timeout.connect(self.store_now)
        self._timer.start()

    def store_now(self) -> None:
        """Store what :meth:`store_later` was asked for."""
        later, self._later = self._later, {}
        for kind, (fingerprint, images) in later.items():
            found = images()
            if found:
                self.store(kind, fingerprint, found)

    def _prune(self, kind: str, keep: Path) -> None:
        """Keep the most recently written sets of this kind (this one first), at most
        ``KEEP`` of them and ``KEEP_BYTES`` in all, and drop temporary files a
        crashed writer left an hour ago or more."""
        found = [(p, p.stat()) for p in self.folder.glob(f"{kind}-*.bin")]
        found.sort(key=lambda ps: (ps[0] == keep, ps[1].st_mtime), reverse=True)
        total = 0
        for n, (path, st) in enumerate(found):
            total += st.st_size
            if path != keep and (n >= KEEP or total > KEEP_BYTES):
                path.unlink(missing_ok=True)
        for temp in self.folder.glob(f"{kind}-*.tmp"):
            if temp.stat().st_mtime < time.time() - 3600:
                temp.unlink(missing_ok=True)


def _encode(images: Mapping[int, QImage], fingerprint: bytes) -> bytes | None:
    """MAGIC, the header, the fingerprint, the image numbers, then each image's rows
    (all of one size and format)."""
    if not images:
        return None
    first = next(iter(images.values()))
    shape = (first.width(), first.height(), first.bytesPerLine(), first.format())
    if first.format().value not in FORMATS or any(
        (img.width(), img.height(), img.bytesPerLine(), img.format()) != shape
        for img in images.values()
    ):
        return None
    w, h, bpl, fmt = shape
    if len(images) * bpl * h > MAX_BYTES:
        return None
    numbers = sorted(images)
    parts = [
        MAGIC,
        HEADER.pack(len(fingerprint), len(numbers), w, h, bpl, fmt.value),
        fingerprint,
        struct.pack(f"<{len(numbers)}i", *numbers),
    ]
    parts.extend(bytes(images[i].constBits()) for i in numbers)
    return b"".join(parts)


def _decode(data: bytes | mmap.mmap, wanted: bytes, dpr: float) -> dict[int, QImage] | None:
    """The images of a file written by :func:`_encode` for ``wanted``; None when the
    file is for something else or damaged in any way.  The images own their pixels
    (copied out of ``data``)."""
    start = len(MAGIC) + HEADER.size
    if len(data) < start or data[: len(MAGIC)] != MAGIC:
        return None
    size, count, w, h, bpl, fmt = HEADER.unpack_from(data, len(MAGIC))
    if (
        data[start : start + size] != wanted
        or not 0 < count <= 64
        or fmt not in FORMATS
        or not 0 < 4 * w <= bpl
        or h <= 0
    ):
        return None
    offset = start + size
    numbers = struct.unpack_from(f"<{count}i", data, offset)
    offset += 4 * count
    one = bpl * h
    if len(data) != offset + count * one:
        return None
    images: dict[int, QImage] = {}
    with memoryview(data) as view:
        for n, number in enumerate(numbers):
            with view[offset + n * one : offset + (n + 1) * one] as rows:
                img = QImage(rows, w, h, bpl, QImage.Format(fmt)).copy()  # own the pixels
            img.setDevicePixelRatio(dpr)
            images[number] = img
    return images
