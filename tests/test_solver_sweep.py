"""The sweep: run dry it has seen the whole space, stopped it hands its open states
to the lists, its lines replay, SHORT's second search does not sweep, and it
honours the deadline."""

from __future__ import annotations

import time

import pytest

from freecell.engine import BAKERS_GAME, FREECELL, TWO_CELL, Variant, deal
from freecell.solver import Budget, Mode, Solved, builtin, divers, search, state, sweep, twins
from freecell.solver.search import SearchResult
from solver_helpers import SOLVER, replays_to_win, search_lost_deal


def _sweep_from(monkeypatch: pytest.MonkeyPatch, after: int, states: int = 10**9) -> None:
    """Start the sweep after ``after`` expansions, bounded by ``states`` (its growth
    unbounded, so that only ``states`` stops it)."""

    monkeypatch.setattr(sweep, "SWEEP_AFTER", after)
    monkeypatch.setattr(sweep, "SWEEP_STATES", states)
    monkeypatch.setattr(sweep, "SWEEP_GROWTH", 10**6)


@pytest.mark.parametrize(
    ("variant", "number", "states"), [(BAKERS_GAME, 10, 5019), (TWO_CELL, 21, 6269)]
)
@pytest.mark.parametrize("after", [1, 300, 10**9])
def test_a_sweep_that_runs_dry_has_seen_the_whole_space(
    variant: Variant, number: int, states: int, after: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The sweep's stack starts with every state not yet expanded and takes every
    state found: when it runs dry, it has reached exactly the states the open lists
    reach.  (Twins off, so that both count the whole space.)"""
    from freecell.solver.builtin import FAST_ORDERS

    monkeypatch.setattr(twins, "TWINS_AFTER", 10**9)
    monkeypatch.setattr(divers, "DIVE_AFTER", 10**9)
    whole = search_lost_deal(variant, number, FAST_ORDERS)
    _sweep_from(monkeypatch, after)
    swept = search_lost_deal(variant, number, FAST_ORDERS)
    assert (swept.outcome, swept.states, swept.expanded) == ("exhausted", states, states)
    assert set(swept.reached) == set(whole.reached)
    if after < states:
        # Only the sweep expanded after ``after``: it never expands a state twice.
        # (The last turn is the one that finds its stack dry.)
        assert swept.turns == swept.expanded + 1


@pytest.mark.parametrize("budget", [1, 200, 2000])
def test_a_sweep_that_stops_leaves_its_open_states_to_the_lists(
    budget: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sweep stopped part way hands the states it found and left open to the
    shared lists, so the proof they finish is still whole: every state stored is
    expanded."""
    from freecell.solver.builtin import FAST_ORDERS

    _sweep_from(monkeypatch, 300, budget)
    result = search_lost_deal(BAKERS_GAME, 10, FAST_ORDERS)
    assert (result.outcome, result.states, result.expanded) == ("exhausted", 5019, 5019)
    assert result.turns > result.expanded  # (the divers came back after it)


def test_a_sweep_stops_when_its_frontier_widens(monkeypatch: pytest.MonkeyPatch) -> None:
    """Growth, not only the states budget, stops a sweep: with no room to grow it
    stops at its first check, and the lists finish the proof."""
    from freecell.solver.builtin import FAST_ORDERS

    monkeypatch.setattr(sweep, "SWEEP_AFTER", 300)
    monkeypatch.setattr(sweep, "SWEEP_GROWTH", 0)
    monkeypatch.setattr(sweep, "SWEEP_SLACK", 0)
    result = search_lost_deal(BAKERS_GAME, 10, FAST_ORDERS)
    assert (result.outcome, result.states, result.expanded) == ("exhausted", 5019, 5019)
    assert result.turns > result.expanded


@pytest.mark.parametrize("number", [1, 10, 617, 4864])
def test_lines_found_in_or_after_a_sweep_replay_to_a_win(
    number: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether the sweep finds the line itself (it starts at once and is never
    stopped) or stops early and leaves it to the lists, the line wins -- with twins
    put back part way through (deal 10) as well."""

    monkeypatch.setattr(twins, "TWINS_AFTER", 1)
    position = deal(number, FREECELL)
    for budget in (10**9, 100):
        _sweep_from(monkeypatch, 1, budget)
        verdict = SOLVER.solve(position, FREECELL, Budget(states=200_000, seconds=60))
        assert isinstance(verdict, Solved), (number, budget)
        assert replays_to_win(position, FREECELL, verdict.moves)


def test_the_search_for_a_shorter_line_does_not_sweep(monkeypatch: pytest.MonkeyPatch) -> None:
    """SHORT mode's second search looks for a shorter line of a deal already solved:
    a sweep could prove nothing there, and would end it with a long line.  So it
    searches as if there were no sweep."""
    from freecell.solver.builtin import SHORT_ORDERS, to_state

    def short_search(sweep_for_proof: bool) -> SearchResult:
        return search.best_first(
            state.rules_for(FREECELL),
            to_state(deal(617, FREECELL)),
            orders=SHORT_ORDERS,
            max_states=100_000,
            deadline=time.monotonic() + 60,
            cancel=None,
            sweep_for_proof=sweep_for_proof,
        )

    monkeypatch.setattr(sweep, "SWEEP_AFTER", 10**9)
    unswept = short_search(True)
    _sweep_from(monkeypatch, 1)
    assert short_search(False).path == unswept.path
    assert len(short_search(True).path) > len(unswept.path)  # (what a sweep finds)
    calls: list[bool] = []
    best_first = builtin.best_first

    def spy(*args: object, **kwargs: object) -> SearchResult:
        calls.append(bool(kwargs.get("sweep_for_proof", True)))
        return best_first(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtin, "best_first", spy)
    verdict = SOLVER.solve(deal(617, FREECELL), FREECELL, mode=Mode.SHORT)
    assert isinstance(verdict, Solved) and calls == [True, False]


def test_a_sweep_honours_the_deadline() -> None:
    """The sweep takes every turn, and the search still looks at the clock every 64
    of them: a deadline passed during the sweep ends the search as "budget", never
    as a proof."""
    from freecell.solver.builtin import FAST_ORDERS, to_state

    ticks = iter(range(10**6))  # (the clock says n at its n+1-th look)
    stop_at = sweep.SWEEP_AFTER // 64 + 20  # (20 looks at it into the sweep)
    result = search.best_first(
        state.rules_for(FREECELL),
        to_state(deal(11982, FREECELL)),
        orders=FAST_ORDERS,
        max_states=200_000,
        deadline=stop_at - 0.5,
        cancel=None,
        clock=lambda: next(ticks),
    )
    assert result.outcome == "budget"
    assert result.turns == (stop_at + 1) * 64
