"""The solver worker process: jobs run in a Qt-free child, cancel stops them, a hard
stop kills the child and the next job gets a fresh one."""

from __future__ import annotations

import os
import pickle
import threading
import time
from collections.abc import Iterator

import pytest

from freecell.engine import BAKERS_GAME, FREECELL, TWO_CELL, Move, apply_move, deal, legal_moves
from freecell.solver import Budget, Mode, Solved, Unknown, Unsolvable
from freecell.solver.builtin import BuiltinSolver
from freecell.solver.service import SolverService, SolverServiceError

# A job still running when the test stops it: the built-in search spends some 12 s
# (800,000 states) on deal 9 with two cells, where deal 11982's proof takes 0.3 s on
# a fast machine -- as long as the stop waited, so the proof could come first.
LONG_JOB = (deal(9, TWO_CELL), TWO_CELL)


@pytest.fixture(scope="module")
def service() -> Iterator[SolverService]:
    with SolverService() as svc:
        svc.start()
        yield svc


def test_positions_variants_and_verdicts_pickle() -> None:
    position = deal(617, FREECELL)
    assert pickle.loads(pickle.dumps(position)) == position
    assert pickle.loads(pickle.dumps(BAKERS_GAME)) == BAKERS_GAME
    verdict = Solved((Move.parse("3a"), Move.parse("18v3")), 5, 0.1)
    assert pickle.loads(pickle.dumps(verdict)) == verdict
    assert pickle.loads(pickle.dumps(Unknown(Move.parse("a5"), 3, 0.2, True))).cancelled


def test_the_child_is_another_process_and_imports_no_qt() -> None:
    # The parent has Qt loaded, as the game does; the child must not inherit it.
    pytest.importorskip("PySide6.QtCore")
    with SolverService() as svc:
        info = svc.ping()
        assert info.pid != os.getpid()
        assert info.pid == svc.pid
        assert info.qt_loaded is False


def test_a_job_runs_in_the_child(service: SolverService) -> None:
    position = deal(1, FREECELL)
    verdict = service.solve(position, FREECELL, Budget(1_000_000, 20), Mode.FAST)
    assert isinstance(verdict, Solved)
    end = position
    for move in verdict.moves:
        end = apply_move(end, move)
    assert end.is_won
    proof = service.solve(deal(10, BAKERS_GAME), BAKERS_GAME, Budget(1_000_000, 20))
    assert isinstance(proof, Unsolvable)


def test_the_child_remembers_its_proofs(service: SolverService) -> None:
    """In a lost game the live check asks after every move: inside an earlier proof,
    the child answers at once instead of proving the loss again."""
    start = deal(10, BAKERS_GAME)
    assert isinstance(service.solve(start, BAKERS_GAME, Budget(1_000_000, 20)), Unsolvable)
    move = next(m for m in legal_moves(start, BAKERS_GAME) if not m.dest.is_foundation)
    later = service.solve(apply_move(start, move), BAKERS_GAME, Budget(1_000_000, 20))
    assert isinstance(later, Unsolvable) and later.states == 0


def test_a_backend_object_travels_to_the_child(service: SolverService) -> None:
    verdict = service.solve(deal(1, FREECELL), FREECELL, backend=BuiltinSolver())
    assert isinstance(verdict, Solved)


def test_an_unknown_backend_is_an_error_and_the_child_keeps_serving(
    service: SolverService,
) -> None:
    with pytest.raises(SolverServiceError, match="unknown solver backend"):
        service.solve(deal(1, FREECELL), FREECELL, backend="nope")
    assert isinstance(service.solve(deal(1, FREECELL), FREECELL), Solved)


def test_cancel_stops_the_job_and_keeps_the_child(service: SolverService) -> None:
    pid = service.pid
    spawned = service.spawned
    threading.Timer(0.3, service.cancel).start()
    verdict = service.solve(*LONG_JOB, Budget(10**7, 60))
    assert isinstance(verdict, Unknown) and verdict.cancelled
    # the search answered within the service's grace (a second), else the child
    # would have been killed and another spawned (benchmarks/cancel.py times it)
    assert service.pid == pid and service.spawned == spawned
    # The next job is not cancelled by the last one's cancel.
    assert isinstance(service.solve(deal(1, FREECELL), FREECELL), Solved)


def test_terminate_kills_the_child_and_the_next_job_respawns(service: SolverService) -> None:
    old_pid = service.pid
    spawned = service.spawned
    threading.Timer(0.3, service.terminate).start()
    verdict = service.solve(*LONG_JOB, Budget(10**7, 60))
    assert isinstance(verdict, Unknown) and verdict.cancelled
    assert service.pid is None
    assert isinstance(service.solve(deal(1, FREECELL), FREECELL), Solved)
    assert service.spawned == spawned + 1
    assert service.pid not in (None, old_pid)


def test_a_child_killed_from_outside_is_replaced() -> None:
    with SolverService() as svc:
        svc.start()
        pid = svc.pid
        assert pid is not None
        os.kill(pid, 9)
        time.sleep(0.2)
        assert isinstance(svc.solve(deal(1, FREECELL), FREECELL), Solved)
        assert svc.pid not in (None, pid)


def test_a_closed_service_refuses_jobs() -> None:
    svc = SolverService()
    svc.close()
    with pytest.raises(SolverServiceError, match="closed"):
        svc.solve(deal(1, FREECELL), FREECELL)
