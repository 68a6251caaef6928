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
Decoding a key back into a state is two C-level ``split`` calls, which is why the
open lists hold keys rather than states: memory stays near 200 bytes a state.

Safe moves to the foundation (:meth:`Rules.is_safe`: nothing still in play could
ever need the card) are folded into every move: they never hurt, and they shrink
the space a lot.  Everything else is kept, so when the open lists run dry the whole
reachable space has been seen -- that, and only that, is reported as a proof.

The search runs in the canonical (sorted) column order; the winning line is then
re-found move by move on the real layout (:func:`replay_path`), which also brings
the exact column and cell numbers back.
"""

from __future__ import annotations

import functools
import heapq
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

from freecell.engine import BuildRule, EmptyColumnRule, Variant

from .api import CancelToken

KING_RANK = 13
_SEP = b"\xff"
_CELLS_END = b"\xfe"

# A move inside the search: (source, dest, count, card).  Source is a column index
# or FROM_CELL; dest a column index, TO_CELL or HOME; card is the moving run's base.
FROM_CELL = -1
TO_CELL = -1
HOME = -2
RawMove = tuple[int, int, int, int]

State = tuple[list[int], bytes, list[bytes]]

# Heuristic weights (see Rules._column_score and heuristic()).
BLOCKED_WEIGHT = 3
BREAK_WEIGHT = 1
EMPTY_COLUMN_BONUS = 6
CELL_WEIGHT = 4
OUT_WEIGHT = 2
_CARD_BYTES = tuple(bytes((c,)) for c in range(52))


def _rank(c: int) -> int:
    return (c >> 2) + 1


def _suit(c: int) -> int:
    return c & 3


def _red(c: int) -> bool:
    return (c & 3) in (1, 2)


class _Cache(dict[bytes, int]):
    """A per-column table filled on first use (``__missing__``), so that a whole
    state's worth of lookups can run as one C-level ``map``."""

    def __init__(self, compute: Callable[[bytes], int]) -> None:
        super().__init__()
        self.compute = compute

    def __missing__(self, col: bytes) -> int:
        value = self.compute(col)
        if len(self) >= 300_000:
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
        self.runs = _Cache(self._run_length)
        self.scores = _Cache(self._column_score)

    # -- per-column facts: columns repeat across thousands of states ---------------
    def _run_length(self, col: bytes) -> int:
        follows = self.follows
        n = len(col)
        run = 1 if n else 0
        while run < n and follows[col[n - run - 1] * 52 + col[n - run]]:
            run += 1
        return run

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


@functools.lru_cache(maxsize=16)
def rules_for(variant: Variant) -> Rules:
    """The tables for a variant, built once: building them costs more than solving a
    typical deal, and their column caches keep paying off from one search to the next."""
    return Rules(variant)


def make_key(found: list[int], cells: bytes, cols: list[bytes]) -> bytes:
    return bytes(found) + cells + _CELLS_END + _SEP.join(sorted(cols))


def decode(key: bytes) -> State:
    head, _, tail = key.partition(_CELLS_END)
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
    runs = rules.runs
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
        run = runs[col]
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
    card each foundation needs.  Open lists weigh them differently."""
    out = 52 - found[0] - found[1] - found[2] - found[3]
    base = out * OUT_WEIGHT + len(cells) * CELL_WEIGHT + sum(map(rules.scores.__getitem__, cols))
    tail = key[key.index(_CELLS_END) :]
    find = tail.find
    depth = 0
    for s in range(4):
        r = found[s]
        if r < KING_RANK:
            at = find(_CARD_BYTES[r * 4 + s])
            if at >= 0:
                end = find(_SEP, at)
                depth += (len(tail) if end < 0 else end) - at - 1
    return base, depth


Child = tuple[bytes, list[int], bytes, list[bytes]]


def expand(
    rules: Rules, found: list[int], cells: bytes, cols: list[bytes], seen: dict[bytes, bytes | None]
) -> list[Child]:
    """The children of a state not yet in ``seen``, as (key, found, cells, cols),
    safe moves home folded in.  The same moves as :func:`successors` (a test holds
    them to it), without building a move for each: this is the search's inner loop."""
    out: list[Child] = []
    append = out.append
    safe = rules.is_safe
    join = _SEP.join
    free = rules.ncells - len(cells)
    empty_idx = -1
    empties = 0
    tops: dict[int, int] = {}
    homeward: list[int] = []
    for i, col in enumerate(cols):
        if col:
            c = col[-1]
            tops[c] = i
            if found[c & 3] == c >> 2:
                homeward.append(i)
        else:
            empties += 1
            if empty_idx < 0:
                empty_idx = i
    limit, limit_empty = move_limits(rules, free, empties)
    found_bytes = bytes(found)
    prefix = found_bytes + cells + _CELLS_END
    parents = rules.parents
    runs = rules.runs
    can_fill = empty_idx >= 0 and rules.empty_fill
    kings_only = rules.empty_kings

    def settle(f: list[int], ce: bytes, co: list[bytes]) -> None:
        f = f.copy()
        ce = autoplay(rules, f, ce, co)
        key = bytes(f) + ce + _CELLS_END + join(sorted(co))
        if key not in seen:
            append((key, f, ce, co))

    # Moves home that are not safe (safe ones were already folded in).
    for i in homeward:
        col = cols[i]
        c = col[-1]
        f2 = found.copy()
        f2[c & 3] += 1
        c2 = cols.copy()
        c2[i] = col[:-1]
        settle(f2, cells, c2)
    for c in cells:
        if found[c & 3] == c >> 2:
            f2 = found.copy()
            f2[c & 3] += 1
            settle(f2, cells.replace(bytes((c,)), b""), cols.copy())
    # Cell to column.
    for c in cells:
        rest = b""
        pre = b""
        for p in parents[c]:
            if p in tops:
                j = tops[p]
                if not pre:
                    rest = cells.replace(bytes((c,)), b"")
                    pre = found_bytes + rest + _CELLS_END
                c2 = cols.copy()
                c2[j] = cols[j] + bytes((c,))
                key = pre + join(sorted(c2))
                if key not in seen:
                    append((key, found, rest, c2))
        if empty_idx >= 0 and rules.empty_fill and (not rules.empty_kings or c >> 2 == 12):
            rest = cells.replace(bytes((c,)), b"")
            c2 = cols.copy()
            c2[empty_idx] = bytes((c,))
            key = found_bytes + rest + _CELLS_END + join(sorted(c2))
            if key not in seen:
                append((key, found, rest, c2))
    # Column to column (runs) and column to cell.
    for i, col in enumerate(cols):
        n = len(col)
        if not n:
            continue
        run = runs[col]
        top_run = run if run < limit else limit
        for k in range(1, top_run + 1):
            for p in parents[col[n - k]]:
                if p in tops:
                    j = tops[p]
                    c2 = cols.copy()
                    left = col[: n - k]
                    c2[i] = left
                    c2[j] = cols[j] + col[n - k :]
                    if left and found[left[-1] & 3] == left[-1] >> 2 and safe(found, left[-1]):
                        settle(found, cells, c2)
                    else:
                        key = prefix + join(sorted(c2))
                        if key not in seen:
                            append((key, found, cells, c2))
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
                if found[left[-1] & 3] == left[-1] >> 2 and safe(found, left[-1]):
                    settle(found, cells, c2)
                else:
                    key = prefix + join(sorted(c2))
                    if key not in seen:
                        append((key, found, cells, c2))
        if free:
            c = col[-1]
            c2 = cols.copy()
            left = col[:-1]
            c2[i] = left
            ce = bytes(sorted(cells + bytes((c,))))
            if left and found[left[-1] & 3] == left[-1] >> 2 and safe(found, left[-1]):
                settle(found, ce, c2)
            else:
                key = found_bytes + ce + _CELLS_END + join(sorted(c2))
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


# An open-list entry is (one int, key): priority, then a sequence number (newest
# first among equals), then the depth, packed so that the heap compares one int.
_G_BITS = 12
_G_MASK = (1 << _G_BITS) - 1
_SEQ_SPAN = 1 << 32
_PRIORITY_SHIFT = _G_BITS + 32

# An open list's order: (weight on moves so far, weight on the heuristic, weight on
# the depth of the next cards inside the heuristic).
Order = tuple[int, int, int]


def best_first(
    rules: Rules,
    start: State,
    *,
    orders: Sequence[Order],
    max_states: int,
    deadline: float,
    cancel: CancelToken | None,
    clock: Callable[[], float] = time.monotonic,
) -> SearchResult:
    """Best-first search with one open list per order, taking turns (alternation:
    one heuristic's blind spot is rarely the other's, which cuts the long tail).

    Every distinct state is stored once (its parent key is the value) and expanded
    once, so when every open list is empty the reachable space is exhausted.
    ``max_states`` bounds the stored states, which bounds memory.
    """
    found, cells, cols = start
    found = found.copy()
    cols = cols.copy()
    cells = autoplay(rules, found, cells, cols)
    root = make_key(found, cells, cols)
    parent: dict[bytes, bytes | None] = {root: None}
    if sum(found) == 52:
        return SearchResult("solved", [root], 1, [root])
    heaps: list[list[tuple[int, bytes]]] = [[] for _ in orders]
    base, depth = heuristic(rules, root, found, cells, cols)
    best_h = base + depth
    best_key = root
    for heap in heaps:
        heap.append((0, root))
    closed: set[bytes] = set()
    seq = _SEQ_SPAN - 1  # counts down: among equals, the newest state comes first
    expansions = 0
    turn = 0
    live = list(range(len(heaps)))
    heappush = heapq.heappush
    heappop = heapq.heappop
    _expand = expand
    _h = heuristic
    outcome = "exhausted"
    goal: bytes | None = None
    queue_orders = list(zip(heaps, orders, strict=True))
    while live:
        expansions += 1
        if expansions & 63 == 0:
            if cancel is not None and cancel.is_set():
                outcome = "cancelled"
                break
            if clock() > deadline:
                outcome = "budget"
                break
        turn = (turn + 1) % len(live)
        heap = heaps[live[turn]]
        key = b""
        g = 0
        while heap:
            entry, key = heappop(heap)
            if key not in closed:
                g = entry & _G_MASK
                break
            key = b""
        if not key:
            del live[turn]
            continue
        closed.add(key)
        f, ce, co = decode(key)
        g1 = g + 1 if g < _G_MASK else g
        for ck, f3, c3, k3 in _expand(rules, f, ce, co, parent):
            if ck in parent:
                continue
            parent[ck] = key
            if f3[0] + f3[1] + f3[2] + f3[3] == 52:
                goal = ck
                break
            base, depth = _h(rules, ck, f3, c3, k3)
            if base + depth < best_h:
                best_h = base + depth
                best_key = ck
            seq -= 1
            tail = (seq << _G_BITS) + g1
            for q, (gw, hw, dw) in queue_orders:
                heappush(q, (((base + depth * dw) * hw + g1 * gw << _PRIORITY_SHIFT) + tail, ck))
        if goal is not None:
            outcome = "solved"
            break
        if len(parent) >= max_states:
            outcome = "budget"
            break
    states = len(parent)
    path = _trace(parent, goal) if goal is not None else []
    return SearchResult(outcome, path, states, _trace(parent, best_key), len(closed))


def _trace(parent: dict[bytes, bytes | None], key: bytes) -> list[bytes]:
    path: list[bytes] = []
    node: bytes | None = key
    while node is not None:
        path.append(node)
        node = parent[node]
    path.reverse()
    return path
