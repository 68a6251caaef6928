"""Twins: states the search need not expand, because a state like them was.

Two cards a column cannot tell apart (same rank and colour under alternate-colour
builds; same rank under any-suit builds) are twins.  Two states that differ only by
where twins lie have the same futures, move for move, until one of the twins can go
home.  A card goes home onto one less than its rank, so while every foundation stays
at or below ``high``, cards above rank high + 1 can be named by class
(``Rules.twin_tables``), and a state whose key, so named, is that of a state expanded
already need not be expanded: whatever its future holds, its twin's holds too.  A
search that runs dry like that has still seen every reachable state up to twins, so
it is still a proof.  When a foundation passes ``high``, the classes start higher up,
and each skipped state that no longer has a twin expanded goes back into the open
lists.
"""

from __future__ import annotations

from collections.abc import Callable

from freecell.solver.divers import DIVE_AFTER
from freecell.solver.open_lists import DEPTH_BITS, OpenList, push_to_lists
from freecell.solver.state import Rules

MARGIN = 1  # classes start this many ranks above the highest foundation
# Twins join with the divers, so that a deal solved before is searched exactly as it
# was (from the first expansion, more hard deals came near the time limit).
TWINS_AFTER = DIVE_AFTER
# Regrouping and putting back go over up to every state stored, so they look at the
# cancel and the clock as often as the search does.
HALT_EVERY = 4096


class Twins:
    """The twins a search skips: the table in force, the twin keys of the states
    expanded, and the states skipped (with their depth) for when twins part."""

    def __init__(self, tables: tuple[bytes, ...]) -> None:
        self.tables = tables  # none: no twins (in suit, or no shared list to requeue in)
        self.rank = 0  # cards above this rank are named by class
        self.table: bytes | None = None
        self.done: dict[bytes, int] = {}  # twin key -> the state expanded
        self.skipped: list[tuple[int, int]] = []

    def _table_for(self, rank: int) -> bytes | None:
        return self.tables[rank] if rank < len(self.tables) else None

    def start(self, high: int) -> None:
        """Begin skipping twins; ``high`` is the highest foundation of any state found."""
        self.rank = high + MARGIN
        self.table = self._table_for(self.rank)

    def visit(
        self, keys: list[bytes], closed: bytearray, sid: int, depth: int, marks: bytearray | None
    ) -> int:
        """The state to expand in ``sid``'s place: ``sid`` itself, or -1 when its twin
        was expanded (it is then kept as skipped).  A diver (``marks``: its own) goes on
        through the twin instead, so that its line stays whole."""
        assert self.table is not None
        twin = keys[sid].translate(self.table)
        done = self.done.get(twin, -1)
        if done < 0:
            self.done[twin] = sid
            return sid
        if not closed[sid]:
            closed[sid] = 2  # (1: expanded, 2: skipped)
            self.skipped.append((sid, depth))
        if marks is None or marks[done]:
            return -1
        return done

    def part(
        self,
        high: int,
        rules: Rules,
        keys: list[bytes],
        closed: bytearray,
        shared: list[OpenList],
        halted: Callable[[], str],
    ) -> list[int]:
        """A foundation reached ``high``: the classes start higher up, and the skipped
        states left without a twin expanded go back to the shared lists; return them
        (as sid << DEPTH_BITS | depth)."""
        self.rank = high + MARGIN
        self.table = self._table_for(self.rank)
        self.done = regroup(keys, closed, self.table, halted)
        return requeue(rules, keys, self.skipped, self.done, self.table, closed, shared, halted)


def regroup(
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
            if not sid % HALT_EVERY and halted():
                break
    return done


def requeue(
    rules: Rules,
    keys: list[bytes],
    skipped: list[tuple[int, int]],
    twins_done: dict[bytes, int],
    twin_of: bytes | None,
    closed: bytearray,
    shared: list[OpenList],
    halted: Callable[[], str],
) -> list[int]:
    """After the twin table changed: put the skipped states that no longer have a
    twin expanded back into every shared list, to be expanded after all, and return
    them (as sid << DEPTH_BITS | depth, for the sweep's stack); the others stay
    skipped.  (Part of them if ``halted`` says stop: the search then ends.)"""
    still = []
    back = []
    for n, (sid, depth) in enumerate(skipped):
        if not n % HALT_EVERY and halted():
            break
        key = keys[sid]
        if twin_of is not None and key.translate(twin_of) in twins_done:
            still.append((sid, depth))
            continue
        closed[sid] = 0
        push_to_lists(rules, keys, shared, sid, depth)
        back.append(sid << DEPTH_BITS | depth)
    skipped[:] = still
    return back
