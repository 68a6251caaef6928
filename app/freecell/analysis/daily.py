"""The deal of the day: the same deal for every player on the same date.

The function (docs/history.md) is public so that anyone can check it:

1. the candidates are the Microsoft deals of the shipped ratings table
   (:func:`freecell.analysis.ratings.shipped`, deals 1-32000) rated winnable and
   Medium or harder -- a solution was found, so the deal is proven winnable;
2. the date, written ``YYYY-MM-DD``, is hashed with SHA-256 as the UTF-8 text
   ``"freecell deal of the day YYYY-MM-DD"``;
3. the first eight bytes of the digest, read as a big-endian unsigned number,
   modulo the number of candidates, index the candidates in increasing order.

So it needs no network, no clock but the date, and no state: two runs give the
same deal, and two dates almost always different ones (a repeat is a 1 in 20,000
chance per pair of dates).  The date is the player's local calendar date.
"""

from __future__ import annotations

import datetime
import hashlib
from functools import lru_cache

from freecell.analysis.difficulty import Difficulty
from freecell.analysis.ratings import RatingTable, shipped

SEED_TEXT = "freecell deal of the day {date}"
LEAST = Difficulty.MEDIUM


def candidates(table: RatingTable | None = None) -> tuple[int, ...]:
    """The deals the daily deal is drawn from, in increasing order."""
    if table is None:
        return _shipped_candidates()
    return tuple(
        number for number, rating in table.rated() if rating.winnable and rating.difficulty >= LEAST
    )


@lru_cache(maxsize=1)
def _shipped_candidates() -> tuple[int, ...]:
    return candidates(shipped())


def daily_deal(date: datetime.date, table: RatingTable | None = None) -> int:
    """The deal number of the day ``date`` (see the module's docstring)."""
    pool = candidates(table)
    if not pool:
        raise LookupError("no rated deal is winnable and Medium or harder")
    digest = hashlib.sha256(SEED_TEXT.format(date=date.isoformat()).encode("utf-8")).digest()
    return pool[int.from_bytes(digest[:8], "big") % len(pool)]


def today() -> datetime.date:
    """The player's local calendar date."""
    return datetime.date.today()
