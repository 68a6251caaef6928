"""The search, state for state: counts and lines of a set of deals, pinned.

A change meant to leave the search as it is (a split, a rename, a faster data
structure) must keep every figure here.  A change meant to search differently
updates them, and re-makes or re-stamps the shipped ratings (docs/solver.md).
"""

from __future__ import annotations

import hashlib
import time

import pytest

from freecell.engine import builtin_variant, deal
from freecell.solver import search, state
from freecell.solver.builtin import FAST_ORDERS, SHORT_ORDERS, to_state

# (variant, deal, orders): outcome, states stored, expanded, turns, line length, the
# best state's line length, and a digest of the line (an empty line for a proof).
GOLDEN = [
    ("freecell", 1, "fast", ("solved", 968, 82, 82, 60, 59, "cbb48b334a29")),
    ("freecell", 617, "fast", ("solved", 3498, 1250, 1264, 66, 65, "355809c20a90")),
    ("freecell", 1329, "fast", ("solved", 6739, 1951, 2302, 72, 72, "ec14b0c5f636")),
    ("freecell", 8436, "fast", ("solved", 45293, 34760, 39369, 188, 284, "612fd1989b7f")),
    ("freecell", 11982, "fast", ("exhausted", 39847, 31017, 39882, 0, 35, "d41d8cd98f00")),
    ("freecell", 3, "short", ("solved", 494, 49, 49, 36, 35, "2a23b71f8878")),
    ("bakers-game", 10, "fast", ("exhausted", 5019, 5019, 5715, 0, 14, "d41d8cd98f00")),
    ("freecell-2", 21, "fast", ("exhausted", 4625, 4065, 5033, 0, 23, "d41d8cd98f00")),
]


@pytest.mark.parametrize(("variant_id", "number", "orders", "expected"), GOLDEN)
def test_the_search_is_the_same_state_for_state(
    variant_id: str, number: int, orders: str, expected: tuple[object, ...]
) -> None:
    variant = builtin_variant(variant_id)
    result = search.best_first(
        state.rules_for(variant),
        to_state(deal(number, variant)),
        orders=FAST_ORDERS if orders == "fast" else SHORT_ORDERS,
        max_states=200_000,
        deadline=time.monotonic() + 600,
        cancel=None,
    )
    line = hashlib.md5(b"|".join(result.path)).hexdigest()[:12]
    got = (
        result.outcome,
        result.states,
        result.expanded,
        result.turns,
        len(result.path),
        len(result.best_path),
        line,
    )
    assert got == expected
