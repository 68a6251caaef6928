"""The search itself: compact states, move generation and best-first search.

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
state is stored as its key alone, numbered in the order found; the open lists hold
those numbers.  Memory stays near 240 bytes a state.

Safe moves to the foundation (:meth:`Rules.is_safe`: nothing still in play could
ever need the card) are folded into every move: they never hurt, and they shrink
the space a lot.  Everything else is kept -- but for states whose twin was
expanded (see ``_TWIN_MARGIN``), which share its fate -- so when the open lists run
dry the whole reachable space has been seen, up to twins: that, and only that, is
reported as a proof.

The search runs in the canonical (sorted) column order; the winning line is then
re-found move by move on the real layout (``builtin.replay_path``), which also brings
the exact column and cell numbers back.
"""

from __future__ import annotations

import functools
import heapq
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TypeVar
from zlib import crc32

from freecell.engine import BuildRule, EmptyColumnRule, Variant
from freecell.solver.api import CancelToken

_SEP = b"\xff"
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
        # t by its class of twins (see _TWIN_MARGIN); none when the build tells every
        # card apart (in suit).
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
    return bytes(found) + cells + CELLS_END + _SEP.join(sorted(cols))


def decode(key: bytes) -> State:
    head, _, tail = key.partition(CELLS_END)
    return [head[0], head[1], head[2], head[3]], head[4:], tail.split(_SEP)


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


def successors(
    rules: Rules, found: list[int], cells: bytes, cols: list[bytes]
) -> Iterator[tuple[RawMove, list[int], bytes, list[bytes]]]:
    """Every legal move from a state (equivalent moves once), with the state after
    it -- before safe moves home are folded in.  Lazy: replaying a line stops at the
    move it looks for."""
    info = rules.info
    free = rules.ncells - len(cells)
    empty_idx = -1
    empties = 0
    tops: dict[int, int] = {}
    for i, col in enumerate(cols):
        if col:
            tops[col[-1]] = i
        else:
            empties += 1
            if empty_idx < 0:
                empty_idx = i
    limit, limit_empty = move_limits(rules, free, empties)
    parents = rules.parents
    # Moves home that are not safe (safe ones were already folded in).
    for i, col in enumerate(cols):
        if col:
            c = col[-1]
            if found[c & 3] == c >> 2:
                f2 = found.copy()
                f2[c & 3] += 1
                c2 = cols.copy()
                c2[i] = col[:-1]
                yield ((i, HOME, 1, c), f2, cells, c2)
    for c in cells:
        if found[c & 3] == c >> 2:
            f2 = found.copy()
            f2[c & 3] += 1
            yield ((FROM_CELL, HOME, 1, c), f2, cells.replace(bytes((c,)), b""), cols)
    # Cell to column.
    for c in cells:
        rest = None
        for p in parents[c]:
            j = tops.get(p)
            if j is not None:
                if rest is None:
                    rest = cells.replace(bytes((c,)), b"")
                c2 = cols.copy()
                c2[j] = cols[j] + bytes((c,))
                yield ((FROM_CELL, j, 1, c), found, rest, c2)
        if empty_idx >= 0 and rules.empty_fill and (not rules.empty_kings or c >> 2 == 12):
            c2 = cols.copy()
            c2[empty_idx] = bytes((c,))
            yield ((FROM_CELL, empty_idx, 1, c), found, cells.replace(bytes((c,)), b""), c2)
    # Column to column (runs) and column to cell.
    for i, col in enumerate(cols):
        n = len(col)
        if not n:
            continue
        run = info[col][0]
        top_run = run if run < limit else limit
        for k in range(1, top_run + 1):
            base = col[n - k]
            for p in parents[base]:
                j = tops.get(p)
                if j is not None:
                    c2 = cols.copy()
                    c2[i] = col[: n - k]
                    c2[j] = cols[j] + col[n - k :]
                    yield ((i, j, k, base), found, cells, c2)
        if empty_idx >= 0 and rules.empty_fill:
            top_empty = run if run < limit_empty else limit_empty
            if top_empty >= n:
                top_empty = n - 1  # the whole column to an empty one is no move
            for k in range(1, top_empty + 1):
                base = col[n - k]
                if rules.empty_kings and base >> 2 != 12:
                    continue
                c2 = cols.copy()
                c2[i] = col[: n - k]
                c2[empty_idx] = col[n - k :]
                yield ((i, empty_idx, k, base), found, cells, c2)
        if free:
            c = col[-1]
            c2 = cols.copy()
            c2[i] = col[:-1]
            yield ((i, TO_CELL, 1, c), found, bytes(sorted(cells + bytes((c,)))), c2)


def child_after(
    rules: Rules,
    move: RawMove,
    found: list[int],
    cells: bytes,
    cols: list[bytes],
    record: list[int] | None = None,
) -> tuple[list[int], bytes, list[bytes]]:
    """Fold the safe moves home into a successor (copies what it changes).

    The parent had no safe move home left, so only a move home (foundations changed)
    or the card a move uncovers can start a new wave."""
    src = move[0]
    if move[1] == HOME:
        found = found.copy()
        cols = cols.copy()
        cells = autoplay(rules, found, cells, cols, record)
    elif src >= 0 and cols[src]:
        c = cols[src][-1]
        if found[c & 3] == c >> 2 and rules.is_safe(found, c):
            found = found.copy()
            cols = cols.copy()
            cells = autoplay(rules, found, cells, cols, record)
    return found, cells, cols


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


def _settle(
    rules: Rules,
    found: list[int],
    cells: bytes,
    cols: list[bytes],
    seen: dict[bytes, int],
    append: Callable[[Child], None],
) -> None:
    """A child whose move uncovered a card safe to go home: fold the wave in (on
    copies), then keep it unless already seen."""
    found = found.copy()
    cells = autoplay(rules, found, cells, cols)
    key = bytes(found) + cells + CELLS_END + _SEP.join(sorted(cols))
    if key not in seen:
        append((key, found, cells, cols))


def _column_child(
    rules: Rules,
    found: list[int],
    cells: bytes,
    cols: list[bytes],
    left: bytes,
    prefix: bytes,
    needed: frozenset[int],
    seen: dict[bytes, int],
    append: Callable[[Child], None],
    filled: bool = False,
) -> None:
    """Keep a child made by moving cards off a column (``left`` is what stays there;
    ``prefix`` the key's foundations and cells).  A card it uncovers may start a
    wave home; otherwise the columns keep their canonical order -- unless the move
    emptied its column or ``filled`` an empty one -- and the key is joined as is."""
    if left and left[-1] in needed and rules.is_safe(found, left[-1]):
        _settle(rules, found, cells, cols, seen, append)
        return
    key = prefix + _SEP.join(sorted(cols) if filled or not left else cols)
    if key not in seen:
        append((key, found, cells, cols))


def expand(
    rules: Rules, found: list[int], cells: bytes, cols: list[bytes], seen: dict[bytes, int]
) -> list[Child]:
    """The children of a state not yet in ``seen``, as (key, found, cells, cols),
    safe moves home folded in.  The same moves as :func:`successors` (a test holds
    them to it), without building a move for each: this is the search's inner loop,
    so it works from set operations in C where it can -- which exposed card takes
    part of which run (:data:`ColumnInfo`), which cards may go home next.

    ``cols`` must be in canonical order (as :func:`decode` gives them).  Columns sort
    by their bottom card (bytes compare first bytes first, and no two columns share
    one), which a move changes only when it empties a column or fills an empty one;
    every other child keeps the order, and its key is joined without sorting."""
    out: list[Child] = []
    append = out.append
    join = _SEP.join
    free = rules.ncells - len(cells)
    empty_idx = -1
    empties = 0
    tops: dict[int, int] = {}
    for i, col in enumerate(cols):
        if col:
            tops[col[-1]] = i
        else:
            empties += 1
            if empty_idx < 0:
                empty_idx = i
    exposed = set(tops)
    found_bytes = bytes(found)
    needed = rules.needed[found_bytes]
    prefix = found_bytes + cells + CELLS_END
    parents = rules.parents
    info = rules.info
    can_fill = empty_idx >= 0 and rules.empty_fill
    kings_only = rules.empty_kings
    with_cell = rules.with_cell
    is_safe = rules.is_safe

    # Moves home that are not safe (safe ones were already folded in).
    if not needed.isdisjoint(exposed):
        for c in needed & exposed:
            i = tops[c]
            f2 = found.copy()
            f2[c & 3] += 1
            c2 = cols.copy()
            c2[i] = cols[i][:-1]
            _settle(rules, f2, cells, c2, seen, append)
    if not needed.isdisjoint(cells):
        for c in cells:
            if c not in needed:
                continue
            f2 = found.copy()
            f2[c & 3] += 1
            _settle(rules, f2, cells.replace(CARD_BYTES[c], b""), cols.copy(), seen, append)
    if not free and not can_fill:
        # Locked: no free cell and no empty column to fill, so only single cards move
        # (the limit is 1), from the column tops and the cells onto the column tops.
        # The parents of every card that can move, in a few C calls; most of the
        # time none of them is exposed, and that is the whole answer.  Locked states
        # are most of an exhaustive search (deal 11982: 51,000 of 62,000), so
        # _column_child is written out here.
        movers = bytes(tops) + cells
        wanted = set(movers.translate(rules.parent_tables[0]))
        for table in rules.parent_tables[1:]:
            wanted.update(movers.translate(table))
        if wanted.isdisjoint(exposed):
            return out
        children = rules.children
        for p in wanted.intersection(exposed):
            j = tops[p]
            for c in children[p]:
                if c in tops:
                    i = tops[c]
                    c2 = cols.copy()
                    left = cols[i][:-1]
                    c2[i] = left
                    c2[j] = cols[j] + CARD_BYTES[c]
                    if not left:
                        key = prefix + join(sorted(c2))
                    elif left[-1] in needed and is_safe(found, left[-1]):
                        _settle(rules, found, cells, c2, seen, append)
                        continue
                    else:
                        key = prefix + join(c2)
                    if key not in seen:
                        append((key, found, cells, c2))
                elif c in cells:
                    rest = cells.replace(CARD_BYTES[c], b"")
                    c2 = cols.copy()
                    c2[j] = cols[j] + CARD_BYTES[c]
                    key = found_bytes + rest + CELLS_END + join(c2)
                    if key not in seen:
                        append((key, found, rest, c2))
        return out
    limit, limit_empty = move_limits(rules, free, empties)
    # Cell to column.
    for c in cells:
        rest = b""
        pre = b""
        for p in parents[c]:
            if p in tops:
                j = tops[p]
                if not pre:
                    rest = cells.replace(CARD_BYTES[c], b"")
                    pre = found_bytes + rest + CELLS_END
                c2 = cols.copy()
                c2[j] = cols[j] + CARD_BYTES[c]
                key = pre + join(c2)
                if key not in seen:
                    append((key, found, rest, c2))
        if can_fill and (not kings_only or c >> 2 == 12):
            rest = cells.replace(CARD_BYTES[c], b"")
            c2 = cols.copy()
            c2[empty_idx] = CARD_BYTES[c]
            key = found_bytes + rest + CELLS_END + join(sorted(c2))
            if key not in seen:
                append((key, found, rest, c2))
    # Column to column (runs) and column to cell.
    for i, col in enumerate(cols):
        if not col:
            continue
        run, targets, depth = info[col]
        n = len(col)
        if not targets.isdisjoint(exposed):
            for p in targets & exposed:
                k = depth[p]
                if k > limit:
                    continue
                j = tops[p]
                c2 = cols.copy()
                left = col[: n - k]
                c2[i] = left
                c2[j] = cols[j] + col[n - k :]
                _column_child(rules, found, cells, c2, left, prefix, needed, seen, append)
        if can_fill:
            top_empty = run if run < limit_empty else limit_empty
            if top_empty >= n:
                top_empty = n - 1  # the whole column to an empty one is no move
            for k in range(1, top_empty + 1):
                if kings_only and col[n - k] >> 2 != 12:
                    continue
                c2 = cols.copy()
                left = col[: n - k]
                c2[i] = left
                c2[empty_idx] = col[n - k :]
                _column_child(rules, found, cells, c2, left, prefix, needed, seen, append, True)
        if free:
            c2 = cols.copy()
            left = col[:-1]
            c2[i] = left
            ce = with_cell[cells + CARD_BYTES[col[-1]]]
            if not left:
                key = found_bytes + ce + CELLS_END + join(sorted(c2))
            elif left[-1] in needed and is_safe(found, left[-1]):
                _settle(rules, found, ce, c2, seen, append)
                continue
            else:
                key = found_bytes + ce + CELLS_END + join(c2)
            if key not in seen:
                append((key, found, ce, c2))
    return out


@dataclass
class SearchResult:
    """What a search ended with; ``path`` holds canonical keys from start to end."""

    outcome: str  # "solved", "exhausted", "budget", "cancelled"
    path: list[bytes]
    states: int
    best_path: list[bytes]
    expanded: int = 0
    # Expansions with a diver's second visits to a state counted too: the work done.
    turns: int = 0
    # Every state stored, by key.  When the outcome is "exhausted", each of them is
    # reachable from the start and was expanded or had a twin expanded: none can be
    # won (builtin.ProofMemory).
    reached: list[bytes] = field(default_factory=list)
    # The twin table in force at the end (None: none was): a state whose key it
    # translates to that of a state reached shares that state's fate.
    twins: bytes | None = None


# An open list is a bucket queue: one stack of state numbers per bucket, a bucket
# being (priority << _G_BITS) + depth (moves so far), and a small heap of the buckets
# in use.  Priorities are small integers, so there are few buckets; pushing and
# popping touch the ends of short lists instead of sifting a heap of ~10^5 entries
# (which measured about a quarter of the search).  Within a bucket the newest state
# comes first, as in a depth-first search.
_G_BITS = 12
_G_MASK = (1 << _G_BITS) - 1
# One expansion stores at most this many new states, so the closed marks (one byte
# a state, allocated up front) never run short of the ``max_states`` check.
_MAX_CHILDREN = 4096

# An open list's order: (weight on moves so far, weight on the heuristic, weight on
# the depth of the next cards inside the heuristic).  A negative weight on moves so
# far makes a *diver*: a depth-first search that orders siblings by the heuristic
# (or, with no weight on it, in the order expand() makes them).  A diver takes only
# the children of the states it expands itself, so that it keeps to its own line
# instead of jumping to the deepest state any list has found; every state still
# reaches the other lists, so the search stays complete.
Order = tuple[int, int, int]
_DIVE_DEPTH = 1000  # a diver's weight on depth: deepest first, always


def diver(jitter: int = 0, *, by_heuristic: bool = True) -> Order:
    """The order of a diver.  A ``jitter`` adds 0 to jitter-1 to its siblings'
    heuristic, chosen by the CRC of the key (deterministic, so ratings repeat):
    divers with different jitters walk different lines.  Which line finds a hard
    deal's solution is close to a lottery (deal 8436 falls to a diver with jitter
    6 in 33,000 states, and defeats one without for 150,000), so two draws beat one.

    ``by_heuristic=False`` tries siblings in the order the moves are made instead:
    home, from the cells, then column by column onto other columns, into an empty
    one, into a cell -- about the order Freecell Solver's depth-first scan tries
    them in.  It owes nothing to the heuristic, so it finds the lines the heuristic
    hides (with the earlier greedy orders, deal 11021 took 18,000 states with it
    and 199,000 without)."""
    return (-_DIVE_DEPTH - jitter, 1 if by_heuristic else 0, 0)


_Push = tuple[dict[int, list[int]], list[int], int, int, int]
_Queue = tuple[dict[int, list[int]], list[int], list[_Push], list[_Push] | None, bytearray]
_NONE_SEEN: dict[bytes, int] = {}  # what a diver's expansion filters against
_NO_LISTS: list[_Push] = []  # where the sweep pushes its children: nowhere
# Divers join the search after this many expansions, and leave it after making
# DIVE_LIMIT expansions of their own (all divers together).  A proof pays for the
# dives that expand a state again (deal 11982: 6,588 of 37,605 expansions), but
# the hard deals need them: deal 8436's line is found after 12,000 to 20,000 dives.
DIVE_AFTER = 1000
DIVE_LIMIT = 20_000
# Twins: two cards a column cannot tell apart (same rank and colour under
# alternate-colour builds; same rank under any-suit builds).  Two states that
# differ only by where twins lie have the same futures, move for move, until one of
# the twins can go home.  A card goes home onto one less than its rank, so while
# every foundation stays at or below ``high``, cards above rank high + 1 can be
# named by class (Rules.twin_tables) and a state whose key, so named, is that of
# a state expanded already need not be expanded: whatever its future holds, its
# twin's holds too.  A search that runs dry like that has still seen every
# reachable state up to twins, so it is still a proof.  When a foundation passes
# ``high``, the classes start higher up, and each skipped state that no longer has
# a twin expanded goes back into the open lists.
# Deal 11982 (at most two cards ever home): 61,643 states, all expanded, without
# twins; 39,211 states, 31,017 expanded, with.  The 490 deals of 1-32000 still
# unsolved after 3,000 expansions: 7.27 million states in all without, 5.61 with.
_TWIN_MARGIN = 1  # classes start this many ranks above the highest foundation
# Twins join with the divers: a deal solved before is searched exactly as it was.
# (From the first expansion, the hard deals needed fewer states in all, but more
# of them came near the 5 s limit: deal 29001 took 121,000 states, not 22,000.)
TWINS_AFTER = DIVE_AFTER
# The sweep: a deal still unsolved after SWEEP_AFTER expansions (490 of 1-32000)
# may be lost, and a proof must expand every state, so the search then gives every
# turn to one depth-first search: children in the order expand() makes them, no
# heuristic, no open lists -- a state costs about half as much there.  Its stack
# starts with every state not yet expanded and takes every state found, so when it
# runs dry that is a proof (deal 11982: 2.6 G instructions, not 4.2 G).
# It costs the deals that are won, so it is bounded.  It stops once its stack (the
# open frontier) has grown by a quarter and SWEEP_SLACK states: a search closing in
# on a proof shrinks it, a widening one is not near its end.  (11982's never passes
# its start; of 110 lost deals of Baker's Game and two- and three-cell FreeCell, 3
# passed the bound, by 15 to 220 states, and were proven by the lists instead.)  It
# also stops once it has stored SWEEP_STATES states (11982 needs 34,400 more).  The
# states it found and left open then go into the shared lists, and the search goes
# on as before.  Of the 401 hard deals of 1-32000 that reach it, the sweep solves
# 113 by itself; the ones that look lost to it pay for it (13467, the longest
# search: 31,000 states more).
SWEEP_AFTER = 3000
SWEEP_GROWTH = 1.25
SWEEP_SLACK = 250
SWEEP_STATES = 40_000


def best_first(
    rules: Rules,
    start: State,
    *,
    orders: Sequence[Order],
    max_states: int,
    deadline: float,
    cancel: CancelToken | None,
    clock: Callable[[], float] = time.monotonic,
    sweep_for_proof: bool = True,
) -> SearchResult:
    """Best-first search with one open list per order, taking turns (alternation:
    one heuristic's blind spot is rarely the other's, which cuts the long tail).

    Every distinct state is stored once (numbered in ``keys``, with its parent's
    number) and pushed to every shared (not diver) list, so when one of those runs
    dry the reachable space is exhausted.  (While the sweep runs, see SWEEP_AFTER,
    its stack holds what the lists do not, and it takes that role.)
    ``max_states`` bounds the stored states, which bounds memory.

    ``sweep_for_proof=False`` leaves the sweep out: a search for a shorter line of a
    deal already solved can prove nothing, and a sweep would end it with a long line.
    """
    found, cells, cols = settle_start(rules, start)
    root = make_key(found, cells, cols)
    if sum(found) == 52:
        return SearchResult("solved", [root], 1, [root])
    ids: dict[bytes, int] = {root: 0}
    keys: list[bytes] = [root]
    parent: list[int] = [-1]
    closed = bytearray(max_states + _MAX_CHILDREN)
    base, depth = heuristic(rules, root, found, cells, cols)
    best_h = base + depth
    best = 0
    # Per open list: its buckets (bucket -> stack of state numbers), the heap of the
    # buckets in use, and where the children of the states it expands go: to every
    # open list but the divers, and a diver's to itself too (see Order).
    lists: list[_Push] = [({0: [0]}, [0], gw, hw, dw) for gw, hw, dw in orders]
    shared = [entry for entry in lists if entry[2] >= 0]

    # ... and which states it has expanded: the shared ``closed``, or a diver's own
    # marks (a diver walks its own depth-first search through states that other
    # lists have expanded already), made when it joins: most searches end before.
    def dive(entry: _Push) -> _Queue:
        return entry[0], entry[1], [*shared, entry], [entry], bytearray(len(closed))

    expansions = expanded = 0
    turn = 0
    # Divers join once the deal has proved not to be easy (most deals are solved
    # before): they cost typical deals states and save the hard ones.
    # (With divers alone, they search from the start and never leave: their
    # depth-first searches are then what makes the search complete.)
    live: list[_Queue] = [(entry[0], entry[1], shared, None, closed) for entry in shared]
    divers = [entry for entry in lists if entry[2] < 0]
    if not live:
        live, divers = [dive(entry) for entry in divers], []
    dives = 0
    heappush = heapq.heappush
    _expand = expand
    _h = heuristic
    outcome = "exhausted"
    goal = -1
    # Twins (see _TWIN_MARGIN): while no card above rank ``twin_rank`` can go home,
    # a state whose twin was expanded is skipped, and kept in ``skipped`` (with its
    # depth) for when one can.  ``twins_done`` maps a twin key to the state expanded.
    # (Divers alone have no shared list to put skipped states back in: no twins.)
    tables = rules.twin_tables if shared else ()
    high = max(found)  # the highest foundation of any state found
    twin_rank = 0
    twin_of: bytes | None = None
    twins_done: dict[bytes, int] = {}
    skipped: list[tuple[int, int]] = []

    def halted() -> str:
        """Why the search must stop now ("cancelled", "budget"), or ""."""
        if cancel is not None and cancel.is_set():
            return "cancelled"
        return "budget" if clock() > deadline else ""

    halt = ""
    # The sweep's stack while it runs (see SWEEP_AFTER): sid << _G_BITS | depth.
    sweep: list[int] | None = None
    sweep_from = 0  # the first state it found
    sweep_stop = 0  # the size of its stack at which it stops
    code = 0
    while live:
        expansions += 1
        if expansions == DIVE_AFTER:
            live += map(dive, divers)
        if expansions == TWINS_AFTER:
            twin_rank = high + _TWIN_MARGIN
            twin_of = tables[twin_rank] if twin_rank < len(tables) else None
        if expansions == SWEEP_AFTER and shared and sweep_for_proof:
            sweep = _open_states(shared[0], closed)
            sweep_from = len(keys)
            sweep_stop = int(len(sweep) * SWEEP_GROWTH) + SWEEP_SLACK
        if expansions & 63 == 0:
            halt = halted()
            if halt:
                outcome = halt
                break
            if sweep is not None and (
                len(sweep) > sweep_stop or len(keys) - sweep_from > SWEEP_STATES
            ):
                h, sid = _hand_back(rules, keys, sweep, sweep_from, closed, shared)
                if h < best_h:
                    best_h, best = h, sid
                sweep = None
        if sweep is not None:  # the sweep's turn: every turn, while it runs
            sid = -1
            while sweep:
                code = sweep.pop()
                sid = code >> _G_BITS
                if not closed[sid]:
                    break
                sid = -1
            if sid < 0:
                break  # every state not expanded was on its stack: a proof
            bucket = code & _G_MASK
            pushes, own, marks = _NO_LISTS, None, closed
        else:
            turn = (turn + 1) % len(live)
            buckets, in_use, pushes, own, marks = live[turn]
            sid, bucket = _pop(buckets, in_use, marks)
        if sid < 0 and own is not None and shared:
            # A diver at the end of its lines dives again from the best state of
            # the first shared list.
            sid, bucket = _pop(shared[0][0], shared[0][1], closed)
        if sid < 0:
            if shared:
                # A shared list ran dry: every state found went into it, so every
                # one has been expanded, and the divers can find nothing new.
                # (Without this, the divers walked the space again up to
                # DIVE_LIMIT: Baker's Game deal 10's proof took 19,400 expansions
                # of its 5,000 states.)
                break
            del live[turn]
            continue
        if twin_of is not None and closed[sid] != 1:  # (1: expanded, 2: skipped)
            twin = keys[sid].translate(twin_of)
            done = twins_done.get(twin, -1)
            if done >= 0:
                if not closed[sid]:
                    closed[sid] = 2
                    skipped.append((sid, bucket & _G_MASK))
                if own is None or marks[done]:
                    continue
                # A diver goes on through the twin, so that its line stays whole.
                sid = done
            else:
                twins_done[twin] = sid
        if not closed[sid]:  # (a diver may expand a state again)
            expanded += 1
            closed[sid] = 1
        if own is not None:
            marks[sid] = 1
            dives += 1
            if dives >= DIVE_LIMIT and shared:
                live = [queue for queue in live if queue[3] is None]
        g = bucket & _G_MASK
        g1 = g + 1 if g < _G_MASK else g
        f, ce, co = decode(keys[sid])
        # A diver sees every child, known or not: its line may run through states
        # another list found first (and has not expanded yet).
        children = _expand(rules, f, ce, co, ids if own is None else _NONE_SEEN)
        if sweep is not None:
            children.reverse()  # (a stack: the first made is expanded first)
        for nth, (ck, f3, c3, k3) in enumerate(children):
            child = ids.get(ck, -1)
            if child < 0:
                child = len(keys)
                ids[ck] = child
                keys.append(ck)
                parent.append(sid)
                # (A child that sent no card home shares its parent's foundations.)
                if f3 is not f:
                    if f3[0] + f3[1] + f3[2] + f3[3] == 52:
                        goal = child
                        break
                    top = max(f3)
                    if top > high:
                        high = top
                        if twin_of is not None and high >= twin_rank:
                            # Twins may part now: the classes start higher up,
                            # and a skipped state left without a twin expanded
                            # goes back to the shared lists.
                            twin_rank = high + _TWIN_MARGIN
                            twin_of = tables[twin_rank] if twin_rank < len(tables) else None
                            twins_done = _regroup(keys, closed, twin_of, halted)
                            back = _requeue(
                                rules, keys, skipped, twins_done, twin_of, closed, shared, halted
                            )
                            if sweep is not None:
                                sweep += back
                            halt = halted()
                            if halt:  # (they stopped part way: so does the search)
                                break
                if sweep is not None:
                    sweep.append(child << _G_BITS | g1)
                    continue
                targets = pushes
                base, depth = _h(rules, ck, f3, c3, k3)
                if base + depth < best_h:
                    best_h = base + depth
                    best = child
            elif own is None or marks[child]:
                continue
            else:  # a known state, on a diver's own line
                targets = own
                if own[0][3]:
                    base, depth = _h(rules, ck, f3, c3, k3)
                else:  # (a diver in move order does without)
                    base = depth = 0
            for buckets, in_use, gw, hw, dw in targets:
                priority = (base + depth * dw) * hw
                if gw >= 0:
                    priority += g1 * gw
                else:  # a diver (see diver())
                    priority -= g1 * _DIVE_DEPTH
                    if not hw:  # siblings in the order they were made
                        priority += nth
                    if gw < -_DIVE_DEPTH:
                        priority += crc32(ck) % (-gw - _DIVE_DEPTH)
                bucket = (priority << _G_BITS) + g1
                waiting = buckets.get(bucket)
                if waiting is None:
                    buckets[bucket] = [child]
                    heappush(in_use, bucket)
                else:
                    waiting.append(child)
        if goal >= 0:
            outcome = "solved"
            break
        if halt:
            outcome = halt
            break
        if len(keys) >= max_states:
            outcome = "budget"
            break
    path = _trace(keys, parent, goal) if goal >= 0 else []
    return SearchResult(
        outcome, path, len(keys), _trace(keys, parent, best), expanded, expansions, keys, twin_of
    )


# _regroup and _requeue go over up to every state stored (deal 13467, 84,000 states:
# 50 ms), so they look at the cancel and the clock as often as the search does.
_HALT_EVERY = 4096


def _regroup(
    keys: list[bytes], closed: bytearray, twin_of: bytes | None, halted: Callable[[], str]
) -> dict[bytes, int]:
    """The states expanded so far (``closed`` 1), by their keys through a new twin
    table: the twins a search may still skip once the table has changed.  (Part of
    them if ``halted`` says stop: the search then ends.)"""
    done: dict[bytes, int] = {}
    if twin_of is not None:
        for sid, key in enumerate(keys):
            if closed[sid] == 1:
                done.setdefault(key.translate(twin_of), sid)
            if not sid % _HALT_EVERY and halted():
                break
    return done


def _requeue(
    rules: Rules,
    keys: list[bytes],
    skipped: list[tuple[int, int]],
    twins_done: dict[bytes, int],
    twin_of: bytes | None,
    closed: bytearray,
    shared: list[_Push],
    halted: Callable[[], str],
) -> list[int]:
    """After the twin table changed: put the skipped states that no longer have a
    twin expanded back into every shared list, to be expanded after all, and return
    them (as sid << _G_BITS | depth, for the sweep's stack); the others stay
    skipped.  (Part of them if ``halted`` says stop: the search then ends.)"""
    still = []
    back = []
    for n, (sid, g) in enumerate(skipped):
        if not n % _HALT_EVERY and halted():
            break
        key = keys[sid]
        if twin_of is not None and key.translate(twin_of) in twins_done:
            still.append((sid, g))
            continue
        closed[sid] = 0
        _push_shared(rules, keys, shared, sid, g)
        back.append(sid << _G_BITS | g)
    skipped[:] = still
    return back


_NO_BEST = 1 << 30  # (above any heuristic)


def _hand_back(
    rules: Rules,
    keys: list[bytes],
    sweep: list[int],
    sweep_from: int,
    closed: bytearray,
    shared: list[_Push],
) -> tuple[int, int]:
    """When the sweep stops: push the states it found and left open into every
    shared list (the rest of its stack is there already), and return the best of
    them, as (heuristic, state number); (_NO_BEST, -1) when there are none."""
    best_h, best = _NO_BEST, -1
    for code in sweep:
        sid = code >> _G_BITS
        if sid >= sweep_from and not closed[sid]:
            h = _push_shared(rules, keys, shared, sid, code & _G_MASK)
            if h < best_h:
                best_h, best = h, sid
    return best_h, best


def _push_shared(rules: Rules, keys: list[bytes], shared: list[_Push], sid: int, g: int) -> int:
    """Push a state found earlier into every shared list, as best_first pushes a new
    one (whose inner loop has this written out, with no call per child); return its
    heuristic (both numbers summed, as best_first ranks its best state)."""
    key = keys[sid]
    base, depth = heuristic(rules, key, *decode(key))
    for buckets, in_use, gw, hw, dw in shared:
        bucket = (((base + depth * dw) * hw + g * gw) << _G_BITS) + g
        stack = buckets.get(bucket)
        if stack is None:
            buckets[bucket] = [sid]
            heapq.heappush(in_use, bucket)
        else:
            stack.append(sid)
    return base + depth


def _open_states(lst: _Push, closed: bytearray) -> list[int]:
    """The states an open list holds that are not expanded yet, as the sweep's
    stack (sid << _G_BITS | depth): the list's best on top."""
    buckets, in_use = lst[0], lst[1]
    stack: list[int] = []
    for bucket in sorted(in_use, reverse=True):
        g = bucket & _G_MASK
        stack += [sid << _G_BITS | g for sid in buckets[bucket] if not closed[sid]]
    return stack


def _pop(buckets: dict[int, list[int]], in_use: list[int], closed: bytearray) -> tuple[int, int]:
    """The next state of an open list not expanded yet, and its bucket; -1 when the
    list holds none."""
    while in_use:
        bucket = in_use[0]
        stack = buckets[bucket]
        sid = stack.pop()
        if not stack:
            del buckets[bucket]
            heapq.heappop(in_use)
        if not closed[sid]:
            return sid, bucket
    return -1, 0


def _trace(keys: list[bytes], parent: list[int], sid: int) -> list[bytes]:
    path: list[bytes] = []
    while sid >= 0:
        path.append(keys[sid])
        sid = parent[sid]
    path.reverse()
    return path
