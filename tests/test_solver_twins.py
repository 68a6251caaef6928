"""Twins: the tables that name cards a column cannot tell apart, a search that skips
twins still proves what the whole space proves, skipped twins come back, and
putting them back stops when the search must."""

from __future__ import annotations

import pytest

from freecell.engine import BAKERS_GAME, FREECELL, TWO_CELL, deal, parse_card
from freecell.solver import Budget, Solved, builtin, state, twins
from freecell.solver.builtin import ProofMemory
from solver_helpers import SOLVER, replays_to_win, search_lost_deal


def test_twin_tables_name_cards_a_column_cannot_tell_apart_by_one_card() -> None:

    tables = state.rules_for(FREECELL).twin_tables
    five_hearts, five_diamonds = parse_card("5H").index, parse_card("5D").index
    five_spades, five_clubs = parse_card("5S").index, parse_card("5C").index
    for top, table in enumerate(tables):
        alike = table[five_hearts] == table[five_diamonds]
        assert alike == (top < 5)  # only cards above rank ``top`` are named by class
        assert (table[five_spades] == table[five_clubs]) == alike
        assert table[five_hearts] != table[five_spades]  # colours stay apart
        # Cards up to rank ``top`` come through as they are -- and so do the
        # foundation heights of a search using the table (below ``top``).
        assert table[: 4 * top] == bytes(range(4 * top)) and table[0xFE:] == b"\xfe\xff"
    # In suit, every card is told apart: no twins at all.
    assert state.rules_for(BAKERS_GAME).twin_tables == ()


def test_a_search_that_skips_twins_still_proves_what_the_whole_space_proves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Skipping a state whose twin was expanded must lose nothing: every state of the
    whole reachable space has a twin among the states the skipping search reached."""
    from freecell.solver.builtin import FAST_ORDERS

    monkeypatch.setattr(twins, "TWINS_AFTER", 10**9)
    whole = search_lost_deal(TWO_CELL, 21, FAST_ORDERS)
    assert whole.outcome == "exhausted" and whole.twins is None
    assert whole.states == whole.expanded == 6269
    monkeypatch.setattr(twins, "TWINS_AFTER", 1)
    skipping = search_lost_deal(TWO_CELL, 21, FAST_ORDERS)
    assert skipping.outcome == "exhausted" and skipping.twins is not None
    assert skipping.expanded < 0.6 * whole.expanded
    table = skipping.twins
    reached = {key.translate(table) for key in skipping.reached}
    assert {key.translate(table) for key in whole.reached} == reached
    # ... so the memory of that proof knows every one of those states lost, even
    # those the skipping search never stored.
    memory = ProofMemory()
    memory.remember(TWO_CELL, skipping.reached, table)
    unstored = set(whole.reached) - set(skipping.reached)
    assert unstored and all(memory.lost(TWO_CELL, key) for key in unstored)


def test_skipped_twins_are_searched_after_all_once_cards_near_them_can_go_home(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a deal that is won, foundations climb: each time one reaches the twin
    rank, the skipped states go back to the open lists -- and the line still wins."""

    requeued: list[int] = []
    requeue = twins.requeue

    def spy(*args: object, **kwargs: object) -> list[int]:
        requeued.append(len(args[2]))  # type: ignore[arg-type]
        return requeue(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(twins, "requeue", spy)
    monkeypatch.setattr(twins, "TWINS_AFTER", 1)
    position = deal(10, FREECELL)  # (109 states skipped, then put back)
    verdict = SOLVER.solve(position, FREECELL, Budget(states=100_000, seconds=60))
    assert isinstance(verdict, Solved) and replays_to_win(position, FREECELL, verdict.moves)
    assert sum(requeued) > 0


def test_putting_twins_back_stops_when_the_search_must() -> None:
    """Regrouping and putting back go over up to every state stored (50 ms at
    84,000 states), so they honour a cancel or a deadline part way, as the search
    does every 64 expansions; the search then ends, not a proof."""

    rules = state.rules_for(FREECELL)
    found, cells, cols = state.settle_start(rules, builtin.to_state(deal(1, FREECELL)))
    key = state.make_key(found, cells, cols)
    keys = [key] * 10_000
    closed = bytearray([1]) * len(keys)
    table = rules.twin_tables[3]
    assert len(twins.regroup(keys, closed, table, lambda: "")) == 1  # (all one key)
    asked: list[int] = []

    def halt() -> str:
        asked.append(1)
        return "cancelled"

    twins.regroup(keys, closed, table, halt)
    assert len(asked) == 1  # stopped at once, not after 10,000 states
    shared: list = [({}, [], 1, 2, 1)]  # type: ignore[type-arg]
    skipped = [(n, 1) for n in range(len(keys))]
    twins.requeue(rules, keys, skipped, {}, None, closed, shared, halt)
    assert shared[0][0] == {} and len(asked) == 2  # nothing put back
