"""How soon a search stops once cancelled: the built-in search in a thread, the
solver service's worker process, and Freecell Solver's process.  Prints a table;
asserts nothing (the tests check the mechanism -- how often the cancel is looked
at -- and this measures what it costs in time on this machine).

    python benchmarks/cancel.py [--runs 5]

Each run starts deal 11982's proof (a long search), waits 0.3 s, cancels, and
times from the cancel to the answer.  The target (DESIGN.md): within 50 ms for the
search itself; the service adds the pipe, and kills the worker after a second.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import threading
import time
from collections.abc import Callable

from freecell.engine import FREECELL, deal
from freecell.solver.api import Budget, Unknown, Verdict
from freecell.solver.builtin import BuiltinSolver
from freecell.solver.fcsolve import FcSolveBackend
from freecell.solver.service import SolverService

POSITION = deal(11982, FREECELL)
LONG = Budget(10**7, 60)


def _latency(start: Callable[[threading.Event], Verdict], cancel: Callable[[], None]) -> float:
    """Seconds from ``cancel()`` to the answer of a search started by ``start``."""
    token = threading.Event()
    answered: list[float] = []
    verdicts: list[Verdict] = []

    def run() -> None:
        verdicts.append(start(token))
        answered.append(time.perf_counter())

    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(0.3)
    asked = time.perf_counter()
    cancel()
    token.set()
    worker.join(30)
    if not (verdicts and isinstance(verdicts[0], Unknown) and verdicts[0].cancelled):
        return float("nan")  # it answered before the cancel: no latency to measure
    return answered[0] - asked


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    rows: list[tuple[str, list[float]]] = []
    solver = BuiltinSolver()
    rows.append(
        (
            "built-in search, thread",
            [
                _latency(lambda t: solver.solve(POSITION, FREECELL, LONG, t), lambda: None)
                for _ in range(args.runs)
            ],
        )
    )
    with SolverService() as service:
        service.solve(deal(1, FREECELL), FREECELL)  # the worker is up
        rows.append(
            (
                "solver service (process)",
                [
                    _latency(lambda _t: service.solve(POSITION, FREECELL, LONG), service.cancel)
                    for _ in range(args.runs)
                ],
            )
        )
    if shutil.which("fc-solve"):
        backend = FcSolveBackend()
        rows.append(
            (
                "fc-solve (killed)",
                [
                    _latency(lambda t: backend.solve(POSITION, FREECELL, LONG, t), lambda: None)
                    for _ in range(args.runs)
                ],
            )
        )
    print(f"{'cancel to answer':28} {'median ms':>10} {'max ms':>8}  runs")
    for name, values in rows:
        kept = [v for v in values if v == v]  # (nan: answered before the cancel)
        if not kept:
            print(f"{name:28} {'-':>10} {'-':>8}  0 of {len(values)} cancelled in time")
            continue
        median, worst = statistics.median(kept) * 1000, max(kept) * 1000
        print(f"{name:28} {median:10.1f} {worst:8.1f}  {len(kept)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
