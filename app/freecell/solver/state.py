"""Compact search states and the tables a variant's rules become.

Why so low-level: a FreeCell search lives or dies by the cost of one state, and in
pure Python that means no objects per state.  A state here is three plain values:

- ``found``: a 4-element list of foundation ranks (indexed by suit),
- ``cells``: a ``bytes`` of the cards in the free cells, sorted (a cell's position
  does not matter to the search; empty cells are simply absent),
- ``cols``: a list of ``bytes``, one per column, first dealt card first.

A card is its engine index (``(rank - 1) * 4 + suit``), so it fits in a byte.  The
canonical key (what the transposition table stores) is one ``bytes``:
foundations, sorted cells, ``0xfe``, then the columns sorted and joined by ``0xff``.
Decoding a key back into a state is two C-level ``split`` calls, which is why a
state is stored as its key alone, numbered in the order found.

Safe moves to the foundation (:meth:`Rules.is_safe`: nothing still in play could
ever need the card) are folded into every move: they never hurt, and they shrink
the space a lot.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TypeVar

from freecell.engine import BuildRule, EmptyColumnRule, Variant

SEP = b"\xff"
CELLS_END = b"\xfe"
_NO_CARD = 0xFD
# heuristic(): a column's facts pack its depth count (at most 51) below its score.
_DEPTH_BITS = 8
_DEPTH_MASK = (1 << _DEPTH_BITS) - 1

# A move inside the search: (source, dest, count, card).  Source is a column index
# or FROM_CELL; dest a column index, TO_CELL or HOME; card is the moving run's base.
FROM_CELL = -1
TO_CELL = -1
HOME = -2
RawMove = tuple[int, int, int, int]

State = tuple[list[int], bytes, list[bytes]]
# A child as the search stores it: canonical key, then the state it decodes to.
Child = tuple[bytes, list[int], bytes, list[bytes]]

# Heuristic weights (see Rules._column_score and heuristic()).
BLOCKED_WEIGHT = 3
BREAK_WEIGHT = 1
EMPTY_COLUMN_BONUS = 6
CELL_WEIGHT = 4
OUT_WEIGHT = 2
CARD_BYTES = tuple(bytes((c,)) for c in range(52))


def _rank(c: int) -> int:
    return (c >> 2) + 1


def _suit(c: int) -> int:
    return c & 3


def _red(c: int) -> bool:
    return (c & 3) in (1, 2)


_V = TypeVar("_V")

# What the move generator needs to know of a column, computed once per distinct
# column: the length of its top run, and the cards a part of that run could be moved
# onto (``targets``, as a frozenset for one C-level ``isdisjoint`` against the
# exposed cards) with the number of cards that move for each (``depth``).
ColumnInfo = tuple[int, frozenset[int], dict[int, int]]


class _Cache(dict[bytes, _V]):
    """A per-column table filled on first use (``__missing__``), so that a whole
    state's worth of lookups can run as one C-level ``map``."""

    def __init__(self, compute: Callable[[bytes], _V], size: int = 300_000) -> None:
        super().__init__()
        self.compute = compute
        self.size = size

    def __missing__(self, col: bytes) -> _V:
        value = self.compute(col)
        if len(self) >= self.size:
            self.clear()  # bounds memory; the values are cheap to compute again
        self[col] = value
        return value


class Rules:
    """One variant's rules, precomputed into tables the search indexes directly."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        self.ncells = variant.cells
        self.ncols = variant.columns
        self.supermove = variant.supermove
        self.empty_any = variant.empty_column is EmptyColumnRule.ANY_CARD
        self.empty_kings = variant.empty_column is EmptyColumnRule.KINGS_ONLY
        self.empty_fill = variant.empty_column is not EmptyColumnRule.NOTHING
        build = variant.build
        self.build = build

        def builds(upper: int, lower: int) -> bool:
            if _rank(upper) + 1 != _rank(lower):
                return False
            if build is BuildRule.ALTERNATE_COLOUR:
                return _red(upper) != _red(lower)
            if build is BuildRule.SAME_SUIT:
                return _suit(upper) == _suit(lower)
            return True

        # follows[lower * 52 + upper]: may ``upper`` lie on ``lower``?
        self.follows = bytes(builds(u, lo) for lo in range(52) for u in range(52))
        # parents[c]: the cards ``c`` may be placed on.
        self.parents: tuple[tuple[int, ...], ...] = tuple(
            tuple(lo for lo in range(52) if builds(c, lo)) for c in range(52)
        )
        self.opposite: tuple[tuple[int, ...], ...] = tuple(
            tuple(t for t in range(4) if _red(t) != _red(s)) for s in range(4)
        )
        self.same_other: tuple[int, ...] = tuple(
            next(t for t in range(4) if t != s and _red(t) == _red(s)) for s in range(4)
        )
        # children[p]: the cards that may be placed on ``p``.
        self.children: tuple[tuple[int, ...], ...] = tuple(
            tuple(c for c in range(52) if p in self.parents[c]) for p in range(52)
        )
        # ``bytes.translate`` tables, one per parent a card can have: table n maps a
        # card to its n-th parent (or to _NO_CARD), so the parents of many cards are
        # listed by a few C calls.
        width = max(len(ps) for ps in self.parents)
        self.parent_tables: tuple[bytes, ...] = tuple(
            bytes(ps[n] if n < len(ps) else _NO_CARD for ps in self.parents)
            + bytes([_NO_CARD]) * (256 - 52)
            for n in range(width)
        )
        # twin_tables[t]: a ``bytes.translate`` table that names every card above rank
        # t by its class of twins (see :mod:`freecell.solver.twins`); none when the
        # build tells every card apart (in suit).
        self.twin_tables: tuple[bytes, ...] = ()
        if build is not BuildRule.SAME_SUIT:
            self.twin_tables = tuple(
                bytes(_twin(build, c) if c < 52 and _rank(c) > top else c for c in range(256))
                for top in range(13)
            )
        # (An entry is ~550 bytes: 100,000 of them bound this table near 55 MB.)
        self.info: _Cache[ColumnInfo] = _Cache(self._column_info, 100_000)
        # with_cell[cells + card]: the cells after a card goes into one, sorted.
        self.with_cell: _Cache[bytes] = _Cache(_sorted_bytes, 100_000)
        # needed[foundations]: the set of next_cards(foundations), for set algebra.
        self.needed: _Cache[frozenset[int]] = _Cache(
            lambda found: frozenset(next_cards(found)), 4096
        )
        # (~250 bytes an entry: 100,000 of them ~25 MB.)
        self.terms: _Cache[tuple[int, bytes]] = _Cache(self._column_terms, 100_000)
        # facts[found][col]: keyed by foundations first, so that a state's columns
        # (whose hashes their bytes objects already hold) are looked up as they are.
        # At most 256 x 2048 entries (~50 MB), whatever the search.
        self.facts: _Cache[_Cache[int]] = _Cache(self._facts_for, 256)

    # -- per-column facts: columns repeat across thousands of states ---------------
    def _run_length(self, col: bytes) -> int:
        follows = self.follows
        n = len(col)
        run = 1 if n else 0
        while run < n and follows[col[n - run - 1] * 52 + col[n - run]]:
            run += 1
        return run

    def _column_info(self, col: bytes) -> ColumnInfo:
        run = self._run_length(col)
        n = len(col)
        depth = {p: k for k in range(1, run + 1) for p in self.parents[col[n - k]]}
        return run, frozenset(depth), depth

    def _column_score(self, col: bytes) -> int:
        """How far a column is from done: each card sitting above a lower card must
        move at least once more (3), each broken sequence (1); an empty column is
        room to work (-2)."""
        if not col:
            return -EMPTY_COLUMN_BONUS
        follows = self.follows
        blocked = 0
        breaks = 0
        low = 99
        prev = -1
        for c in col:
            r = (c >> 2) + 1
            if r > low:
                blocked += 1
            elif r < low:
                low = r
            if prev >= 0 and not follows[prev * 52 + c]:
                breaks += 1
            prev = c
        return blocked * BLOCKED_WEIGHT + breaks * BREAK_WEIGHT

    def _column_terms(self, col: bytes) -> tuple[int, bytes]:
        """What a column adds to :func:`heuristic` whatever the foundations: its
        score (shifted above _DEPTH_BITS), and for each card how many cards lie on
        it (0 when the card is elsewhere; 52 to 55 stand for the "next card" of a
        full foundation, which is nowhere)."""
        depth = bytearray(56)
        n = len(col)
        for at, c in enumerate(col):
            depth[c] = n - 1 - at
        return self._column_score(col) << _DEPTH_BITS, bytes(depth)

    def _facts_for(self, found: bytes) -> _Cache[int]:
        return _Cache(functools.partial(self._column_facts, next_cards(found)), 2048)

    def _column_facts(self, nexts: tuple[int, ...], col: bytes) -> int:
        """A column's part of :func:`heuristic` under some foundations (``nexts``:
        the next card each one takes): its score, and below it (_DEPTH_BITS) how
        many cards lie on those next cards.  One int, so that a sum over the columns
        adds both at once."""
        score, depth = self.terms[col]
        a, b, c, d = nexts
        return score + depth[a] + depth[b] + depth[c] + depth[d]

    def is_safe(self, found: list[int], c: int) -> bool:
        """May ``c`` go home unasked?  True when no card still in play could ever
        need it: (alternate colours) both opposite-colour foundations reach rank-1,
        or they reach rank-2 and the other same-colour one reaches rank-3 -- then any
        card that could go on it, and any that could go on that, can go home instead.
        Any-suit: every other foundation reaches rank-2.  In suit: always."""
        s = c & 3
        r = (c >> 2) + 1
        if found[s] + 1 != r:
            return False
        if r <= 2 or self.build is BuildRule.SAME_SUIT:
            return True
        if self.build is BuildRule.ANY_SUIT:
            return all(found[t] >= r - 2 for t in range(4) if t != s)
        o1, o2 = self.opposite[s]
        low = found[o1] if found[o1] < found[o2] else found[o2]
        return low >= r - 1 or (low >= r - 2 and found[self.same_other[s]] >= r - 3)


def _twin(build: BuildRule, c: int) -> int:
    """The card that stands for ``c``'s class of twins: the cards a column cannot
    tell apart (same rank and colour; with any-suit builds, same rank)."""
    if build is BuildRule.ANY_SUIT:
        return c & ~3
    s = c & 3
    other = 3 - s  # the other suit of the same colour: clubs/spades 0/3, red 1/2
    return (c & ~3) | min(s, other)


def _sorted_bytes(cards: bytes) -> bytes:
    return bytes(sorted(cards))


def next_cards(found: bytes) -> tuple[int, ...]:
    """The next card each foundation takes, by suit.  A full foundation's comes out
    as 52 to 55, a card no pile holds: it needs no case of its own."""
    return tuple(r * 4 + s for s, r in enumerate(found))


@functools.lru_cache(maxsize=16)
def rules_for(variant: Variant) -> Rules:
    """The tables for a variant, built once: building them costs more than solving a
    typical deal, and their column caches keep paying off from one search to the next."""
    return Rules(variant)


def make_key(found: list[int], cells: bytes, cols: list[bytes]) -> bytes:
    return bytes(found) + cells + CELLS_END + SEP.join(sorted(cols))


def decode(key: bytes) -> State:
    head, _, tail = key.partition(CELLS_END)
    return [head[0], head[1], head[2], head[3]], head[4:], tail.split(SEP)


def autoplay(
    rules: Rules,
    found: list[int],
    cells: bytes,
    cols: list[bytes],
    record: list[int] | None = None,
) -> bytes:
    """Send every safe card home, in place on ``found`` and ``cols``; return the new
    cells.  ``record`` (when given) receives the cards in the order they went."""
    safe = rules.is_safe
    changed = True
    while changed:
        changed = False
        for i, col in enumerate(cols):
            while col:
                c = col[-1]
                if found[c & 3] != c >> 2 or not safe(found, c):
                    break
                found[c & 3] += 1
                col = col[:-1]
                cols[i] = col
                changed = True
                if record is not None:
                    record.append(c)
        for c in cells:
            if found[c & 3] == c >> 2 and safe(found, c):
                found[c & 3] += 1
                cells = cells.replace(bytes((c,)), b"")
                changed = True
                if record is not None:
                    record.append(c)
    return cells


def settle_start(rules: Rules, start: State) -> State:
    """A state with its safe moves home made (on copies): where a search starts,
    and what its first key names."""
    found, cells, cols = start
    found = found.copy()
    cols = cols.copy()
    cells = autoplay(rules, found, cells, cols)
    return found, cells, cols


def move_limits(rules: Rules, free: int, empties: int) -> tuple[int, int]:
    """The supermove limit onto a card and into an empty column (the engine's
    ``movable_limit``), for both move generators."""
    if not rules.supermove:
        return 1, 1
    usable = empties if rules.empty_any else 0
    limit = (free + 1) << usable
    return limit, (free + 1) << (usable - 1) if usable else free + 1


def heuristic(
    rules: Rules, key: bytes, found: list[int], cells: bytes, cols: list[bytes]
) -> tuple[int, int]:
    """Two numbers, lower is closer to a win.  The first: cards still out, cards
    sitting above a lower card (each must move at least once more), broken
    sequences, cramped space.  The second: how many cards lie on top of the next
    card each foundation needs.  Open lists weigh them differently.

    Both are sums over the columns of what a column contributes with these
    foundations (:meth:`Rules._column_facts`, cached), so a state costs a few
    C-level lookups."""
    total = sum(map(rules.facts[key[:4]].__getitem__, cols))
    out = 52 - found[0] - found[1] - found[2] - found[3]
    base = out * OUT_WEIGHT + len(cells) * CELL_WEIGHT + (total >> _DEPTH_BITS)
    return base, total & _DEPTH_MASK
