"""The winnability trail is written from two threads at once (the live checks in
the GUI thread, the review in its worker): its writes hold one lock."""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from freecell.analysis.insight import Verdict, WinnabilityTrail
from freecell.engine import FREECELL, Game, Move, Position, apply_move, parse_moves

SOLUTION = Path(__file__).parent / "data" / "solution-1.txt"


def _line(length: int) -> tuple[Position, tuple[Move, ...]]:
    """Deal 1 and the first moves of its solution."""
    moves = parse_moves(SOLUTION.read_text())[:length]
    return Game(FREECELL, 1).start, tuple(moves)


def test_a_line_is_recorded_only_through_the_lock() -> None:
    trail = WinnabilityTrail()
    start, moves = _line(12)
    trail._lock.acquire()  # as another thread would, in the middle of its own write
    try:
        writer = threading.Thread(target=trail.record, args=(start, Verdict.WINNABLE, moves))
        writer.start()
        writer.join(0.2)
        assert writer.is_alive(), "record wrote without waiting for the lock"
        assert not trail._verdicts and not trail._solutions
    finally:
        trail._lock.release()
    writer.join(5)
    assert not writer.is_alive()
    assert trail.verdict(start) is Verdict.WINNABLE and trail.solution(start) == moves


def test_clear_waits_for_the_lock_too() -> None:
    trail = WinnabilityTrail()
    start, moves = _line(3)
    trail.record(start, Verdict.WINNABLE, moves)
    trail._lock.acquire()
    try:
        clearer = threading.Thread(target=trail.clear)
        clearer.start()
        clearer.join(0.2)
        assert clearer.is_alive() and trail._solutions
    finally:
        trail._lock.release()
    clearer.join(5)
    assert trail.verdict(start) is None and trail.solution(start) is None


def test_writers_and_a_clearer_at_once_leave_every_solution_with_its_verdict() -> None:
    # (under the GIL a race here is rare: the two tests above are what pin the lock;
    # this one runs the trail as the window does, several threads at once, to the end)
    trail = WinnabilityTrail()
    start, moves = _line(30)
    lines: list[tuple[Position, tuple[Move, ...]]] = []
    position = start
    for n, move in enumerate(moves):  # a line from each position along the path
        lines.append((position, moves[n:]))
        position = apply_move(position, move)
    failures: list[BaseException] = []

    def write() -> None:
        try:
            for _round in range(5):
                for at, rest in lines:
                    trail.record(at, Verdict.WINNABLE, rest)
                    trail.verdict(at)
        except BaseException as error:  # a thread's error must fail the test
            failures.append(error)

    def clear() -> None:
        for _round in range(200):
            trail.clear()

    threads = [threading.Thread(target=write) for _ in range(3)] + [threading.Thread(target=clear)]
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # threads swap often: a write without the lock gets cut
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(60)
    finally:
        sys.setswitchinterval(interval)
    assert not failures
    with trail._lock:
        orphans = [p for p in trail._solutions if trail._verdicts.get(p.canonical_key()) is None]
    assert not orphans
    trail.record(start, Verdict.WINNABLE, moves)
    assert trail.solution(start) == moves
