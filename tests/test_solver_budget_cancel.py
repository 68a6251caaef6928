"""Budgets and cancels are honoured: a search cut short says Unknown, never
Unsolvable, and a cancel is obeyed at the first look."""

from __future__ import annotations

import threading

import pytest

from freecell.engine import FREECELL, Refusal, check_move, deal
from freecell.solver import Budget, Unknown, Verdict
from solver_helpers import SOLVER, CountingCancel


@pytest.mark.parametrize("budget", [Budget(states=50), Budget(states=10**7, seconds=0.05)])
def test_a_tiny_budget_gives_unknown_never_unsolvable(budget: Budget) -> None:
    position = deal(11982, FREECELL)
    verdict = SOLVER.solve(position, FREECELL, budget)
    assert isinstance(verdict, Unknown)
    assert not verdict.cancelled
    # The suggestion is a legal move from the position given.
    assert verdict.suggested_move is not None
    assert not isinstance(check_move(position, FREECELL, verdict.suggested_move), Refusal)


@pytest.mark.parametrize("set_at", [1, 5, 50])
def test_a_cancel_is_looked_at_often_and_obeyed_at_the_first_look(set_at: int) -> None:
    cancel = CountingCancel(set_at)
    verdict = SOLVER.solve(deal(11982, FREECELL), FREECELL, Budget(10**7, 600), cancel)
    assert isinstance(verdict, Unknown) and verdict.cancelled
    assert cancel.looks == set_at  # it stopped the first time it saw the cancel
    # a look every 64 expansions: about 110 states between looks on this deal, 300
    # before the first (a look every 4,096 expansions would be some 7,000 apart)
    assert verdict.states <= 250 * set_at + 500


class CancelFromOutside(threading.Event):
    """An event the search's first look waits on until another thread sets it, so the
    cancel always comes mid-search (a fixed sleep raced the proof, which an idle
    machine finishes in 0.3 s)."""

    def __init__(self) -> None:
        super().__init__()
        self.looked = threading.Event()

    def is_set(self) -> bool:
        if not self.looked.is_set():
            self.looked.set()
            self.wait(60)
        return super().is_set()


def test_cancel_from_another_thread_stops_the_search() -> None:
    cancel = CancelFromOutside()
    verdicts: list[Verdict] = []

    def search() -> None:
        budget = Budget(10**7, 600)
        verdicts.append(SOLVER.solve(deal(11982, FREECELL), FREECELL, budget, cancel))

    worker = threading.Thread(target=search)
    worker.start()
    assert cancel.looked.wait(60)
    cancel.set()
    worker.join(60)
    assert verdicts and isinstance(verdicts[0], Unknown) and verdicts[0].cancelled
