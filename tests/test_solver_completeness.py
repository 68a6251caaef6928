"""The search stays complete: its fast inner loop makes exactly the moves the move
generator lists, and whatever the open lists (divers included) a lost deal's whole
space is exhausted before it is called lost."""

from __future__ import annotations

import pytest

from freecell.engine import BAKERS_GAME, FREECELL, BuildRule, EmptyColumnRule, Variant, deal
from freecell.solver import divers, expansion, state
from solver_helpers import search_lost_deal, tiny


# -- the search's fast inner loop makes exactly the moves the move generator lists ----
@pytest.mark.parametrize(
    "variant",
    [
        FREECELL,
        BAKERS_GAME,
        tiny(supermove=False),
        tiny(cells=0),
        tiny(cells=2, build=BuildRule.ANY_SUIT, empty_column=EmptyColumnRule.NOTHING),
        tiny(cells=8, cards_in_cells=4, empty_column=EmptyColumnRule.KINGS_ONLY),
        tiny(columns=10, cards_in_cells=2, build=BuildRule.SAME_SUIT),
    ],
    ids=lambda v: v.id + f"-{v.cells}c-{v.columns}col-{v.build.value}-{v.empty_column.value}",
)
def test_fast_expansion_matches_the_move_generator(variant: Variant) -> None:
    import random

    from freecell.solver.builtin import to_state

    rules = state.Rules(variant)
    rng = random.Random(7)
    for number in (1, 2):
        found, cells, cols = to_state(deal(number, variant))
        cells = state.autoplay(rules, found, cells, cols)
        found, cells, cols = state.decode(state.make_key(found, cells, cols))
        for _ in range(40):
            slow = {
                state.make_key(*expansion.child_after(rules, move, f, c, k))
                for move, f, c, k in expansion.successors(rules, found, cells, cols)
            }
            fast = {child[0] for child in expansion.expand(rules, found, cells, cols, {})}
            assert slow == fast
            if not fast:
                break
            found, cells, cols = state.decode(rng.choice(sorted(fast)))
            if sum(found) == 52:
                break


# -- divers never cost completeness -------------------------------------------------
@pytest.mark.parametrize(
    ("orders", "dive_after", "dive_limit"),
    [
        (((1, 2, 1), (1, 1, 2), (1, 1, 0)), 1000, 4000),  # greedy lists only
        (((1, 2, 1), (1, 1, 2), (1, 1, 0), (-1000, 1, 0)), 10, 300),  # diver joins, leaves
        (((1, 2, 1), (-1000, 1, 0), (-1000, 1, 2)), 1, 10**9),  # two divers, never leave
        (((-1000, 1, 0),), 1000, 1),  # a diver alone searches everything
        (((2, 1, 1), (-1000, 0, 0)), 10, 300),  # a diver in move order joins, leaves
        (((-1000, 0, 0), (-1003, 0, 0)), 1000, 1),  # divers in move order alone
    ],
    ids=[
        "greedy",
        "diver-joins-and-leaves",
        "two-divers",
        "diver-alone",
        "move-order-diver",
        "move-order-divers-alone",
    ],
)
def test_every_mix_of_open_lists_exhausts_the_same_space(
    orders: tuple[tuple[int, int, int], ...],
    dive_after: int,
    dive_limit: int,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Baker's Game deal 10 has no solution: whatever the open lists, the search
    must visit every one of its 5,019 reachable states before it says so."""

    monkeypatch.setattr(divers, "DIVE_AFTER", dive_after)
    monkeypatch.setattr(divers, "DIVE_LIMIT", dive_limit)
    result = search_lost_deal(BAKERS_GAME, 10, orders)
    assert (result.outcome, result.states, result.expanded) == ("exhausted", 5019, 5019)


def test_a_proof_ends_when_the_space_is_exhausted_not_when_the_divers_tire() -> None:
    """Once a shared open list runs dry, every state found has been expanded: the
    search stops there.  (It used to let the divers walk the space again until
    DIVE_LIMIT: Baker's Game deal 10 took 19,400 expansions for its 5,019 states.)"""
    from freecell.solver.builtin import FAST_ORDERS

    result = search_lost_deal(BAKERS_GAME, 10, FAST_ORDERS)
    assert (result.outcome, result.states, result.expanded) == ("exhausted", 5019, 5019)
    # The divers still walk through some states twice on their lines, not all.
    assert result.turns < 2 * result.states
