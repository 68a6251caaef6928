"""Does live winnability stutter the table?  Prints a table; asserts nothing.

    python benchmarks/insight.py             # offscreen
    xvfb-run -a python benchmarks/insight.py

A real window with ``install_insight`` (its own solver worker process) plays a
solution of deal 1941 one move every ``--every`` ms, so every move starts a
debounced check and cancels the previous one; a 5 ms timer measures how late the
event loop answers meanwhile.  Then the same with live winnability off, as the
baseline.  Target (issue 10): the p99 lateness with checks on stays within a few
ms of the baseline.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

if not os.environ.get("DISPLAY"):
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("FREECELL_HOME", "/tmp/freecell-bench-insight")


def run(live: bool, every_ms: int, moves_to_play: int) -> dict[str, float]:
    from PySide6.QtCore import QElapsedTimer, QTimer
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from freecell.core import Session, default_service
    from freecell.engine import FREECELL, MoveCards, deal
    from freecell.solver.api import Budget, Mode, Solved
    from freecell.solver.builtin import BuiltinSolver
    from freecell.storage import Settings
    from freecell.ui.features.insight import install_insight
    from freecell.ui.shell.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    session = Session(
        Settings(card_size="fit"), deal_number=1941, insight_service=default_service()
    )
    window = MainWindow(session)
    window.resize(1280, 900)
    window.show()
    insight = install_insight(window)
    assert insight is not None
    insight.set_live(live)
    insight.jobs.service.warm_up()  # type: ignore[attr-defined]
    verdict = BuiltinSolver().solve(deal(1941, FREECELL), FREECELL, Budget(), None, Mode.FAST)
    assert isinstance(verdict, Solved)
    moves = verdict.moves[:moves_to_play]
    QTest.qWait(1500)  # the worker is up, the first check done

    late: list[float] = []
    clock = QElapsedTimer()
    clock.start()
    last = [clock.nsecsElapsed()]

    def tick() -> None:
        now = clock.nsecsElapsed()
        late.append(max(0.0, (now - last[0]) / 1e6 - 5.0))
        last[0] = now

    probe = QTimer()
    probe.setInterval(5)
    probe.timeout.connect(tick)
    probe.start()
    checks = {"answered": 0}
    original = insight._on_verdict

    def counted(position, verdict):  # type: ignore[no-untyped-def]
        checks["answered"] += 1
        original(position, verdict)

    insight._on_verdict = counted  # type: ignore[method-assign]
    started = time.perf_counter()
    for move in moves:
        window.dispatch(MoveCards(move))
        QTest.qWait(every_ms)
    QTest.qWait(1000)
    probe.stop()
    seconds = time.perf_counter() - started
    insight.close()
    window.hints.close()
    window.close()
    app.processEvents()
    late.sort()
    return {
        "moves": len(moves),
        "seconds": seconds,
        "answered": checks["answered"],
        "dropped": insight.jobs.dropped,
        "p50": statistics.median(late),
        "p99": late[int(len(late) * 0.99) - 1],
        "max": late[-1],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--every", type=int, default=250, help="ms between moves")
    parser.add_argument("--moves", type=int, default=40)
    args = parser.parse_args()
    print(
        f"{'live':>5} {'moves':>5} {'answered':>8} {'dropped':>7} "
        f"{'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}"
    )
    for live in (False, True):
        r = run(live, args.every, args.moves)
        print(
            f"{'on' if live else 'off':>5} {r['moves']:>5.0f} {r['answered']:>8.0f} "
            f"{r['dropped']:>7.0f} {r['p50']:>7.2f} {r['p99']:>7.2f} {r['max']:>7.2f}"
        )


if __name__ == "__main__":
    main()
