"""The sweep: one depth-first search that takes every turn when a proof looks near.

A deal still unsolved after SWEEP_AFTER expansions may be lost, and a proof must
expand every state, so the search then gives every turn to one depth-first search:
children in the order :func:`~freecell.solver.expansion.expand` makes them, no
heuristic, no open lists -- a state costs about half as much there.  Its stack
starts with every state not yet expanded and takes every state found, so when it
runs dry that is a proof.

It costs the deals that are won, so it is bounded: it stops once its stack (the open
frontier) has grown by a quarter and SWEEP_SLACK states (a search closing in on a
proof shrinks it, a widening one is not near its end), or once it has stored
SWEEP_STATES states.  The states it found and left open then go into the shared
lists, and the search goes on as before.  docs/solver.md has the measurements behind
these bounds.
"""

from __future__ import annotations

from freecell.solver.open_lists import DEPTH_BITS, DEPTH_MASK, OpenList, open_states, push_to_lists
from freecell.solver.state import Rules

SWEEP_AFTER = 3000
SWEEP_GROWTH = 1.25
SWEEP_SLACK = 250
SWEEP_STATES = 40_000
NO_BEST = 1 << 30  # (above any heuristic)


class Sweep:
    """The sweep's stack (sid << DEPTH_BITS | depth) and its bounds."""

    def __init__(self, first_list: OpenList, closed: bytearray, stored: int) -> None:
        self.stack = open_states(first_list, closed)
        self.first_new = stored  # the number of the first state it finds
        self.stop_size = int(len(self.stack) * SWEEP_GROWTH) + SWEEP_SLACK

    def overgrown(self, stored: int) -> bool:
        """Has the sweep passed its bounds (``stored``: the states the search holds)?"""
        return len(self.stack) > self.stop_size or stored - self.first_new > SWEEP_STATES

    def pop(self, closed: bytearray) -> int:
        """The next state on the stack not expanded yet (sid << DEPTH_BITS | depth),
        or -1 when none is left: every state not expanded was on it, a proof."""
        stack = self.stack
        while stack:
            code = stack.pop()
            if not closed[code >> DEPTH_BITS]:
                return code
        return -1

    def hand_back(
        self, rules: Rules, keys: list[bytes], closed: bytearray, shared: list[OpenList]
    ) -> tuple[int, int]:
        """When the sweep stops: push the states it found and left open into every
        shared list (the rest of its stack is there already), and return the best of
        them, as (heuristic, state number); (NO_BEST, -1) when there are none."""
        best_h, best = NO_BEST, -1
        for code in self.stack:
            sid = code >> DEPTH_BITS
            if sid >= self.first_new and not closed[sid]:
                h = push_to_lists(rules, keys, shared, sid, code & DEPTH_MASK)
                if h < best_h:
                    best_h, best = h, sid
        return best_h, best
