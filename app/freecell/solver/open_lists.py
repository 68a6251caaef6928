"""Open lists: the bucket queues the best-first search takes its states from.

An open list is a bucket queue: one stack of state numbers per bucket, a bucket
being (priority << DEPTH_BITS) + depth (moves so far), and a small heap of the
buckets in use.  Priorities are small integers, so there are few buckets; pushing and
popping touch the ends of short lists instead of sifting a heap of every open state.
Within a bucket the newest state comes first, as in a depth-first search.
"""

from __future__ import annotations

import heapq

from freecell.solver.state import Rules, decode, heuristic

DEPTH_BITS = 12
DEPTH_MASK = (1 << DEPTH_BITS) - 1

# An open list's order: (weight on moves so far, weight on the heuristic, weight on
# the depth of the next cards inside the heuristic).  A negative weight on moves so
# far makes a diver (see :mod:`freecell.solver.divers`).
Order = tuple[int, int, int]


# One open list: (buckets: bucket -> stack of state numbers, the heap of the buckets
# in use, then its Order's three weights).  A plain tuple, not a NamedTuple: the
# search unpacks one for every child it pushes, and only an exact tuple unpacks fast.
OpenList = tuple[dict[int, list[int]], list[int], int, int, int]


def new_list(order: Order, root: int) -> OpenList:
    """An open list holding only the root state (number ``root``, depth 0)."""
    depth_weight, heuristic_weight, next_card_weight = order
    return {0: [root]}, [0], depth_weight, heuristic_weight, next_card_weight


def pop(buckets: dict[int, list[int]], in_use: list[int], closed: bytearray) -> tuple[int, int]:
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


def push_to_lists(
    rules: Rules, keys: list[bytes], lists: list[OpenList], sid: int, depth: int
) -> int:
    """Push a state found earlier into every one of ``lists`` (shared, not divers),
    as the search pushes a new one (whose inner loop has this written out, with no
    call per child); return its heuristic (both numbers summed, as the search ranks
    its best state)."""
    key = keys[sid]
    base, next_depth = heuristic(rules, key, *decode(key))
    for buckets, in_use, gw, hw, dw in lists:
        bucket = (((base + next_depth * dw) * hw + depth * gw) << DEPTH_BITS) + depth
        stack = buckets.get(bucket)
        if stack is None:
            buckets[bucket] = [sid]
            heapq.heappush(in_use, bucket)
        else:
            stack.append(sid)
    return base + next_depth


def open_states(open_list: OpenList, closed: bytearray) -> list[int]:
    """The states an open list holds that are not expanded yet, as a depth-first
    stack (sid << DEPTH_BITS | depth): the list's best on top."""
    buckets, in_use = open_list[0], open_list[1]
    stack: list[int] = []
    for bucket in sorted(in_use, reverse=True):
        depth = bucket & DEPTH_MASK
        stack += [sid << DEPTH_BITS | depth for sid in buckets[bucket] if not closed[sid]]
    return stack
