"""Move generation: the children of a search state.

:func:`successors` lists moves one by one (to replay a line on the real layout);
:func:`expand` makes the same children without a move object each, as the search's
inner loop needs (a test holds the two to the same answers).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from freecell.solver.state import (
    CARD_BYTES,
    CELLS_END,
    FROM_CELL,
    HOME,
    SEP,
    TO_CELL,
    Child,
    RawMove,
    Rules,
    autoplay,
    move_limits,
)


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
    key = bytes(found) + cells + CELLS_END + SEP.join(sorted(cols))
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
    key = prefix + SEP.join(sorted(cols) if filled or not left else cols)
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
    join = SEP.join
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
        # are most of an exhaustive search, so _column_child is written out here.
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
