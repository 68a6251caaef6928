"""The built-in search: a portfolio of open lists taking turns over one state table.

Greedy best-first lists (one per :data:`~freecell.solver.open_lists.Order`) take
turns (alternation: one heuristic's blind spot is rarely the other's, which cuts the
long tail); divers (:mod:`freecell.solver.divers`) join once a deal proves not to be
easy; twins (:mod:`freecell.solver.twins`) spare states that share a fate with one
expanded already; and the sweep (:mod:`freecell.solver.sweep`) takes over when a
proof looks near.  Every distinct state is stored once, numbered in the order found,
and pushed to every shared (not diver) list, so when one of those runs dry the
reachable space is exhausted, up to twins: that, and only that, is reported as a
proof.  (While the sweep runs, its stack holds what the lists do not, and it takes
that role.)

The search runs in the canonical (sorted) column order of
:mod:`freecell.solver.state`; the winning line is then re-found move by move on the
real layout (``builtin.replay_path``), which also brings the exact column and cell
numbers back.
"""

from __future__ import annotations

import heapq
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from zlib import crc32

from freecell.solver import divers, sweep, twins
from freecell.solver.api import CancelToken
from freecell.solver.divers import DIVE_DEPTH
from freecell.solver.expansion import expand
from freecell.solver.open_lists import (
    DEPTH_BITS,
    DEPTH_MASK,
    OpenList,
    Order,
    new_list,
    pop,
)
from freecell.solver.state import Rules, State, decode, heuristic, make_key, settle_start

# One expansion stores at most this many new states, so the closed marks (one byte
# a state, allocated up front) never run short of the ``max_states`` check.
MAX_CHILDREN = 4096
_NONE_SEEN: dict[bytes, int] = {}  # what a diver's expansion filters against


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


# What one turn of the search takes its state from and gives its children to:
# (buckets, buckets in use, the lists a new child goes to, a diver's own list -- a
# known child goes there too -- or None, the marks of the states it counts as
# expanded).  A plain tuple, unpacked once a turn.
Queue = tuple[dict[int, list[int]], list[int], list[OpenList], list[OpenList] | None, bytearray]


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
    """Search from ``start`` with one open list per order, taking turns.

    ``max_states`` bounds the stored states, which bounds memory; ``deadline`` (on
    ``clock``) and ``cancel`` are looked at every 64 expansions.
    ``sweep_for_proof=False`` leaves the sweep out: a search for a shorter line of a
    deal already solved can prove nothing, and a sweep would end it with a long line.
    """
    found, cells, cols = settle_start(rules, start)
    root = make_key(found, cells, cols)
    if sum(found) == 52:
        return SearchResult("solved", [root], 1, [root])

    def halted() -> str:
        """Why the search must stop now ("cancelled", "budget"), or ""."""
        if cancel is not None and cancel.is_set():
            return "cancelled"
        return "budget" if clock() > deadline else ""

    portfolio = _Portfolio(rules, root, found, max_states, halted)
    portfolio.start(orders, heuristic(rules, root, found, cells, cols), sweep_for_proof)
    return portfolio.run()


class _Portfolio:
    """One search's state table, open lists, divers, twins and sweep."""

    def __init__(
        self,
        rules: Rules,
        root: bytes,
        found: list[int],
        max_states: int,
        halted: Callable[[], str],
    ) -> None:
        self.rules = rules
        self.halted = halted
        self.max_states = max_states
        self.ids: dict[bytes, int] = {root: 0}
        self.keys: list[bytes] = [root]
        self.parent: list[int] = [-1]
        # 1: expanded (by a shared list or the sweep), 2: skipped for its twin.
        self.closed = bytearray(max_states + MAX_CHILDREN)
        self.high = max(found)  # the highest foundation of any state found
        self.best_h = 0
        self.best = 0
        self.shared: list[OpenList] = []
        self.live: list[Queue] = []
        self.waiting_divers: list[OpenList] = []
        self.twins = twins.Twins(())
        self.sweep: sweep.Sweep | None = None
        # The sweep takes from its own stack and pushes its children nowhere else.
        self.sweep_queue: Queue = ({}, [], [], None, self.closed)
        self.sweep_for_proof = True
        self.expansions = self.expanded = self.dives = 0
        self.turn = 0
        self.outcome = "exhausted"
        self.goal = -1
        self.halt = ""

    def start(
        self, orders: Sequence[Order], root_h: tuple[int, int], sweep_for_proof: bool
    ) -> None:
        self.best_h = root_h[0] + root_h[1]
        lists = [new_list(order, 0) for order in orders]
        shared = self.shared = [entry for entry in lists if entry[2] >= 0]
        # Divers join once the deal has proved not to be easy (most deals are solved
        # before).  With divers alone, they search from the start and never leave:
        # their depth-first searches are then what makes the search complete.
        self.live = [(entry[0], entry[1], shared, None, self.closed) for entry in shared]
        self.waiting_divers = [entry for entry in lists if entry[2] < 0]
        if not self.live:
            self.live, self.waiting_divers = [self._dive(e) for e in self.waiting_divers], []
        # Divers alone have no shared list to put skipped states back in: no twins.
        self.twins = twins.Twins(self.rules.twin_tables if shared else ())
        self.sweep_for_proof = sweep_for_proof and bool(shared)
        # (Read at the start, so that a test may move them.)
        self.dive_after, self.dive_limit = divers.DIVE_AFTER, divers.DIVE_LIMIT
        self.twins_after, self.sweep_after = twins.TWINS_AFTER, sweep.SWEEP_AFTER

    def _dive(self, entry: OpenList) -> Queue:
        """A diver's queue: its children go to every shared list and its own, and it
        keeps its own marks (it walks through states other lists have expanded),
        made when it joins, since most searches end before."""
        return entry[0], entry[1], [*self.shared, entry], [entry], bytearray(len(self.closed))

    # -- what happens between expansions --------------------------------------------
    def _milestones(self, expansions: int) -> None:
        if expansions == self.dive_after:
            self.live += map(self._dive, self.waiting_divers)
        if expansions == self.twins_after:
            self.twins.start(self.high)
        if expansions == self.sweep_after and self.sweep_for_proof:
            self.sweep = sweep.Sweep(self.shared[0], self.closed, len(self.keys))

    def _check_in(self) -> bool:
        """Every 64 expansions: must the search stop?  Has the sweep run too long?"""
        self.halt = self.halted()
        if self.halt:
            self.outcome = self.halt
            return True
        if self.sweep is not None and self.sweep.overgrown(len(self.keys)):
            h, sid = self.sweep.hand_back(self.rules, self.keys, self.closed, self.shared)
            if h < self.best_h:
                self.best_h, self.best = h, sid
            self.sweep = None
        return False

    def _dived(self, sid: int, queue: Queue) -> None:
        """A diver expanded ``sid``: its own mark, and the divers' shared allowance."""
        queue[4][sid] = 1
        self.dives += 1
        if self.dives >= self.dive_limit and self.shared:
            self.live = [q for q in self.live if q[3] is None]

    def _foundation_rose(self, top: int) -> bool:
        """A child's foundation reached ``top``, higher than any before: twins may part.
        True when the search must stop (putting them back saw it halted)."""
        self.high = top
        parted = self.twins
        if parted.table is None or top < parted.rank:
            return False
        back = parted.part(top, self.rules, self.keys, self.closed, self.shared, self.halted)
        if self.sweep is not None:
            self.sweep.stack += back
        self.halt = self.halted()
        return bool(self.halt)

    # -- the search ---------------------------------------------------------------------
    def run(self) -> SearchResult:
        # Picking the state and marking it are written out here, not called: they run
        # once an expansion, and the search is measured in instructions per state.
        keys, closed, shared, skipper = self.keys, self.closed, self.shared, self.twins
        milestones = {self.dive_after, self.twins_after, self.sweep_after}
        expansions = 0
        while self.live:
            expansions += 1
            if expansions in milestones:
                self._milestones(expansions)
            if not expansions & 63 and self._check_in():
                break
            sweeping = self.sweep
            if sweeping is not None:  # the sweep takes every turn while it runs
                code = sweeping.pop(closed)
                if code < 0:
                    break  # every state not expanded was on its stack: a proof
                sid, depth, queue = code >> DEPTH_BITS, code & DEPTH_MASK, self.sweep_queue
            else:  # the queues take turns
                live = self.live
                turn = self.turn = (self.turn + 1) % len(live)
                queue = live[turn]
                sid, bucket = pop(queue[0], queue[1], queue[4])
                if sid < 0 and queue[3] is not None and shared:
                    # A diver at the end of its lines dives again from the best state
                    # of the first shared list.
                    sid, bucket = pop(shared[0][0], shared[0][1], closed)
                if sid < 0:
                    if shared:
                        # A shared list ran dry: every state found went into it, so
                        # every one was expanded (the divers can find nothing new).
                        break
                    del live[turn]
                    continue
                depth = bucket & DEPTH_MASK
            own = queue[3]
            if skipper.table is not None and closed[sid] != 1:
                sid = skipper.visit(keys, closed, sid, depth, None if own is None else queue[4])
                if sid < 0:
                    continue
            if not closed[sid]:  # (a diver may expand a state again)
                self.expanded += 1
                closed[sid] = 1
            if own is not None:
                self._dived(sid, queue)
            self._expand(sid, depth, queue, None if sweeping is None else sweeping.stack)
            if self.goal >= 0:
                self.outcome = "solved"
                break
            if self.halt:
                self.outcome = self.halt
                break
            if len(keys) >= self.max_states:
                self.outcome = "budget"
                break
        self.expansions = expansions
        return self._result()

    def _expand(self, sid: int, depth: int, queue: Queue, sweep_stack: list[int] | None) -> None:
        """Expand state ``sid`` (at ``depth``): store its new children and push them
        where ``queue`` says (or on the sweep's stack)."""
        rules, ids, keys, parent = self.rules, self.ids, self.keys, self.parent
        _, _, pushes, own, marks = queue
        heappush = heapq.heappush
        best_h = self.best_h
        child_depth = depth + 1 if depth < DEPTH_MASK else depth
        found, cells, cols = decode(keys[sid])
        # A diver sees every child, known or not: its line may run through states
        # another list found first (and has not expanded yet).
        children = expand(rules, found, cells, cols, ids if own is None else _NONE_SEEN)
        if sweep_stack is not None:
            children.reverse()  # (a stack: the first made is expanded first)
        for nth, (key, child_found, child_cells, child_cols) in enumerate(children):
            child = ids.get(key, -1)
            if child < 0:
                child = len(keys)
                ids[key] = child
                keys.append(key)
                parent.append(sid)
                # (A child that sent no card home shares its parent's foundations.)
                if child_found is not found:
                    if sum(child_found) == 52:
                        self.goal = child
                        break
                    top = max(child_found)
                    if top > self.high and self._foundation_rose(top):
                        break
                if sweep_stack is not None:
                    sweep_stack.append(child << DEPTH_BITS | child_depth)
                    continue
                targets = pushes
                base, next_depth = heuristic(rules, key, child_found, child_cells, child_cols)
                if base + next_depth < best_h:
                    best_h = self.best_h = base + next_depth
                    self.best = child
            elif own is None or marks[child]:
                continue
            else:  # a known state, on a diver's own line
                targets = own
                if own[0][3]:  # (its weight on the heuristic)
                    base, next_depth = heuristic(rules, key, child_found, child_cells, child_cols)
                else:  # (a diver in move order does without)
                    base = next_depth = 0
            for buckets, in_use, gw, hw, dw in targets:
                priority = (base + next_depth * dw) * hw
                if gw >= 0:
                    priority += child_depth * gw
                else:  # a diver (see divers.diver())
                    priority -= child_depth * DIVE_DEPTH
                    if not hw:  # siblings in the order they were made
                        priority += nth
                    if gw < -DIVE_DEPTH:
                        priority += crc32(key) % (-gw - DIVE_DEPTH)
                bucket = (priority << DEPTH_BITS) + child_depth
                waiting = buckets.get(bucket)
                if waiting is None:
                    buckets[bucket] = [child]
                    heappush(in_use, bucket)
                else:
                    waiting.append(child)

    def _result(self) -> SearchResult:
        keys, parent = self.keys, self.parent
        path = _trace(keys, parent, self.goal) if self.goal >= 0 else []
        return SearchResult(
            self.outcome,
            path,
            len(keys),
            _trace(keys, parent, self.best),
            self.expanded,
            self.expansions,
            keys,
            self.twins.table,
        )


def _trace(keys: list[bytes], parent: list[int], sid: int) -> list[bytes]:
    path: list[bytes] = []
    while sid >= 0:
        path.append(keys[sid])
        sid = parent[sid]
    path.reverse()
    return path
