"""Does the game's memory level off?  The window in this process, offscreen, through
many rounds of new deals, moves, hints, undo, large print on and off and full
screen in and out (what the soak's random keys do most); after each round the
resident memory and what Python itself holds (tracemalloc), and at the end the
source lines whose memory grew the most since the first round.

    QT_QPA_PLATFORM=offscreen python benchmarks/memory.py --rounds 12 --deals 25

The solver is a stand-in that answers at once (the searches run in worker
processes, whose memory is not the window's); everything else is the real game.
Asserts nothing: a leak shows as a column that keeps climbing.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "app"))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("QT_LOGGING_RULES", "qt.qpa.*=false")  # offscreen's size-hint notes


class InstantSolver:
    """The hint and live-check worker's stand-in: the first legal move, no verdict."""

    def __init__(self) -> None:
        from freecell.engine import legal_moves

        self._legal = legal_moves
        self.calls = 0

    def solve(self, position: Any, variant: Any, budget: Any, mode: Any, backend: Any = "") -> Any:
        from freecell.solver.api import Unknown

        self.calls += 1
        moves = sorted(self._legal(position, variant), key=lambda m: m.notation)
        return Unknown(moves[0] if moves else None, 1, 0.0)

    def answer(self, position: Any, variant: Any, budget: Any, mode: Any, backend: Any) -> Any:
        from freecell.solver.backends import Answer

        return Answer(self.solve(position, variant, budget, mode), backend.backend_id)

    def cancel(self) -> None: ...

    def terminate(self) -> None: ...

    def close(self) -> None: ...

    def warm_up(self) -> None: ...


def resident_mb() -> float:
    pages = int(Path("/proc/self/statm").read_text().split()[1])
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=12)
    parser.add_argument("--deals", type=int, default=25, help="new deals a round")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--top", type=int, default=12, help="lines of growth shown")
    args = parser.parse_args(argv)

    from PySide6.QtCore import QCoreApplication, QEvent
    from PySide6.QtWidgets import QApplication

    from freecell.core.session import Session
    from freecell.engine import legal_moves
    from freecell.engine.commands import MoveCards
    from freecell.storage import Storage
    from freecell.storage.paths import StoragePaths
    from freecell.ui.shell.app import build_window, install_features
    from freecell.ui.shell.gui_thread_gc import collect_on_gui_thread

    app = QApplication.instance() or QApplication(sys.argv[:1])
    collect_on_gui_thread(app)
    home = Path(tempfile.mkdtemp(prefix="freecell-memory-"))
    paths = StoragePaths(home / "config", home / "data", home / "log", home / "cache")
    storage = Storage(paths)
    solver = InstantSolver()
    session = Session(
        storage.settings.load(),
        storage=storage,
        deal_number=1,
        hint_service=solver,  # type: ignore[arg-type]
        insight_service=solver,  # type: ignore[arg-type]
    )
    window = build_window(session)
    window.resize(1100, 800)
    window.show()
    install_features(window)
    rng = random.Random(args.seed)

    def settle(seconds: float = 0.3) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            app.processEvents()
            # what deleteLater() left (no exec() loop here to delete it)
            QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete.value)
            time.sleep(0.01)

    def play_round() -> None:
        for _ in range(args.deals):
            window.new_deal()
            settle(0.05)
            for _move in range(rng.randint(3, 12)):
                game = window.bus.game
                moves = legal_moves(game.position, game.variant)
                if not moves:
                    break
                window.dispatch(MoveCards(rng.choice(sorted(moves, key=lambda m: m.notation))))
                app.processEvents()
            window.hint()
            settle(0.05)
            window.undo()
            app.processEvents()
        window.set_large_print(not window.settings.large_print)
        settle(0.2)
        window.toggle_fullscreen()
        settle(0.3)

    settle(1.0)
    tracemalloc.start(12)
    rows = []
    first: tracemalloc.Snapshot | None = None
    started = time.monotonic()
    for number in range(args.rounds + 1):
        if number:
            play_round()
        settle(0.5)
        storage.flush()
        gc.collect()
        traced, _peak = tracemalloc.get_traced_memory()
        rows.append((number, number * args.deals, resident_mb(), traced / 2**20))
        print(
            f"round {number:3d}  deals {number * args.deals:5d}  resident {rows[-1][2]:7.1f} MB"
            f"  Python-traced {rows[-1][3]:6.1f} MB  gc objects {len(gc.get_objects()):8d}"
            f"  ({time.monotonic() - started:.0f} s)",
            flush=True,
        )
        if number == 1:
            first = tracemalloc.take_snapshot()  # after one round: the caches made once
    if first is not None:
        last = tracemalloc.take_snapshot()
        print(f"\nPython memory grown most since round 1 (top {args.top}):")
        for stat in last.compare_to(first, "lineno")[: args.top]:
            grown = f"{stat.size_diff / 1024:+9.1f} KiB  {stat.count_diff:+7d} blocks"
            print(f"  {grown}  {stat.traceback}")
    print(f"\nsolver asked {solver.calls} times")
    window.close()
    settle(0.2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
