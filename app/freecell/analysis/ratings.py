"""The shipped ratings of Microsoft deals: a compact binary table, read lazily.

Why binary: 32,000 deals as JSON would be ~1.5 MB; four bytes a deal, zlib-packed,
is well under 100 kB and loads in a few milliseconds.  The file lives inside the
package (the repository's ``resources/ratings/``) and is read through
:mod:`freecell.resource_files`, never through a path into the checkout.

Layout (after ``zlib`` decompression)::

    b"FCRATE2\\n"  magic
    16 bytes     the solver fingerprint the ratings were made with
    <I first deal> <I count>
    count x <B difficulty> <B line length> <H states>   (little-endian)

A difficulty of 0 means "not rated in the batch": the caller rates that deal on
demand.  Length 0: the deal was not solved within the budget.
"""

from __future__ import annotations

import os
import struct
import tempfile
import zlib
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path

from freecell import resource_files
from freecell.analysis import difficulty
from freecell.analysis.difficulty import Difficulty, Rating
from freecell.i18n import _
from freecell.solver import builtin, divers, expansion, open_lists, search, state, sweep, twins
from freecell.storage.safe_read import read_bounded, unpack_bounded

MAGIC = b"FCRATE2\n"
FINGERPRINT_SIZE = 16
HEADER = struct.Struct("<II")
RECORD = struct.Struct("<BBH")

# Bounds on a ratings file (issue 36: a file named to --resume, or a damaged shipped
# table, may be a device or a few KB that unpack to gigabytes).  256 MB unpacked is
# 64 million deals; the shipped table is well under 1 MB of either.
MAX_PACKED_BYTES = 64 * 1024 * 1024
MAX_UNPACKED_BYTES = 256 * 1024 * 1024


class RatingTable:
    """Ratings by deal number; ``get`` answers None for a deal not in the table."""

    def __init__(self, first: int, records: bytes, fingerprint: bytes = b"") -> None:
        self.first = first
        self.fingerprint = fingerprint
        self._records = records
        self.count = len(records) // RECORD.size

    def get(self, number: int) -> Rating | None:
        i = number - self.first
        if not 0 <= i < self.count:
            return None
        difficulty, length, states = RECORD.unpack_from(self._records, i * RECORD.size)
        if difficulty == 0:
            return None
        return Rating(Difficulty(difficulty), length or None, states)

    def __contains__(self, number: object) -> bool:
        return isinstance(number, int) and self.get(number) is not None

    def rated(self) -> Iterable[tuple[int, Rating]]:
        for i in range(self.count):
            rating = self.get(self.first + i)
            if rating is not None:
                yield self.first + i, rating

    def __len__(self) -> int:
        return sum(1 for _ in self.rated())


def solver_fingerprint() -> bytes:
    """A digest of the code a rating depends on (the search, the built-in solver and
    the rating rules).  When it changes, the shipped table is stale: on-demand
    ratings may differ, and the batch should be run again."""
    import hashlib  # here, not at the top: only the batch and the tests need it
    import inspect

    digest = hashlib.blake2b(digest_size=FINGERPRINT_SIZE)
    searching = (state, expansion, open_lists, divers, twins, sweep, search)
    for module in (*searching, builtin, difficulty):
        digest.update(inspect.getsource(module).encode())
    return digest.digest()


def encode(ratings: Mapping[int, Rating], fingerprint: bytes | None = None) -> bytes:
    """The packed file for ``ratings`` (deal numbers need not be contiguous)."""
    stamp = solver_fingerprint() if fingerprint is None else fingerprint
    if len(stamp) != FINGERPRINT_SIZE:
        raise ValueError("a solver fingerprint is 16 bytes")
    if not ratings:
        return zlib.compress(MAGIC + stamp + HEADER.pack(1, 0), 9)
    first, last = min(ratings), max(ratings)
    body = bytearray(RECORD.size * (last - first + 1))
    for number, rating in ratings.items():
        RECORD.pack_into(
            body,
            (number - first) * RECORD.size,
            int(rating.difficulty),
            min(rating.length or 0, 255),
            min(rating.states, 0xFFFF),
        )
    header = MAGIC + stamp + HEADER.pack(first, last - first + 1)
    return zlib.compress(header + bytes(body), 9)


def decode(data: bytes) -> RatingTable:
    """Read a packed file; raise ValueError with a clause in the player's language
    ("it is not a ratings file") when it is not one (``freecell-cli rate`` says it)."""
    try:
        raw = unpack_bounded(data, MAX_UNPACKED_BYTES)
    except ValueError:
        raw = b""
    if not raw.startswith(MAGIC):
        # Translators: "it" is the file given to freecell-cli rate --out
        raise ValueError(_("it is not a ratings file"))
    start = len(MAGIC) + FINGERPRINT_SIZE
    first, count = HEADER.unpack_from(raw, start) if len(raw) >= start + HEADER.size else (0, -1)
    records = raw[start + HEADER.size :]
    if len(records) != count * RECORD.size:
        # Translators: "it" is a ratings file, which is shorter than its header says
        raise ValueError(_("it is a ratings file cut short"))
    fingerprint = raw[len(MAGIC) : start]
    return RatingTable(first, records, fingerprint)


def write(path: Path, ratings: Mapping[int, Rating], fingerprint: bytes | None = None) -> None:
    """Write atomically (temp file in the same folder, fsync, replace)."""
    _write_bytes(path, encode(ratings, fingerprint))


def restamp(path: Path) -> None:
    """Give a ratings file the fingerprint of the solver as it is now, every record
    byte for byte as it was: for a change to the fingerprinted code that searches
    state for state the same (tests/test_solver_golden.py keeps every figure), so
    the table is still the one this solver would make."""
    data = read_bounded(path, MAX_PACKED_BYTES)
    decode(data)  # a sentence (ValueError) for a file that is not a ratings table
    raw = unpack_bounded(data, MAX_UNPACKED_BYTES)
    stamp = solver_fingerprint()
    _write_bytes(path, zlib.compress(MAGIC + stamp + raw[len(MAGIC) + len(stamp) :], 9))


def _write_bytes(path: Path, data: bytes) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.chmod(temp, 0o644)  # mkstemp makes it private; this file ships to everyone
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def read(path: Path) -> RatingTable:
    """A ratings file: a regular file, bounded (``OSError`` otherwise), then
    :func:`decode`."""
    return decode(read_bounded(path, MAX_PACKED_BYTES))


@lru_cache(maxsize=1)
def shipped() -> RatingTable:
    """The table shipped in the package; an empty one when it is missing or damaged
    (then every deal is rated on demand)."""
    try:
        return read(resource_files.on_disk(resource_files.RATINGS))
    except (OSError, ValueError):
        return RatingTable(1, b"")
