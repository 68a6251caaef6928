"""How long the Statistics window takes to open on a long history, and its charts
to draw, against an empty history in the same run.

    QT_QPA_PLATFORM=offscreen python benchmarks/history_window.py [--games 10000] [--runs 5]

It writes ``--games`` finished games (random variants, results, times and moves,
ended over the last two years; seeded) into a fresh history, then times, for the
empty history and the full one, interleaved: opening the window (reading the rows,
deriving the figures, building the three pages, shown and laid out) and drawing
the three charts (each grabbed at 600x360).  The issue's targets: open under 1 s,
charts under 200 ms, as ratios against the empty history.  Only the ratios and
the order of magnitude mean anything on a shared machine.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def fill(history: object, games: int) -> None:
    from freecell.storage.history_rows import GameRow, Result

    rng = random.Random(34)
    now = time.time()
    db = history._connection()  # type: ignore[attr-defined]
    db.execute("BEGIN")  # one transaction: 10,000 commits would time the disk, not us
    for n in range(games):
        ended = now - rng.uniform(0, 2 * 365 * 86400)
        won = rng.random() < 0.7
        moves = rng.randint(60, 140)
        row = GameRow(
            f"bench{n}", rng.choice(("freecell", "freecell", "bakers-game")),
            rng.randint(1, 32000), None, ended - 300, ended, rng.uniform(60, 900), moves,
            ("3a",) * moves, Result.WON if won else rng.choice((Result.LOST, Result.ABANDONED)),
            None, rng.choice((0, 0, 0, 1)), 0, "dealt",
        )  # fmt: skip
        db.execute(
            "INSERT INTO games (game_id, variant, deal, board, started, ended, seconds, "
            "move_count, moves, result, score, hints, solution_moves, origin, daily) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (row.game_id, row.variant, row.deal, row.board, row.started, row.ended,
             row.seconds, row.move_count, " ".join(row.moves), row.result.value, row.score,
             row.hints, row.solution_moves, row.origin, row.daily),
        )  # fmt: skip
    db.execute("COMMIT")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()

    from PySide6.QtWidgets import QApplication

    from freecell.storage import Storage, StoragePaths
    from freecell.ui.dialogs.statistics import GameActions, StatisticsDialog

    app = QApplication(sys.argv[:1])
    stores = {}
    for name, games in (("empty", 0), ("full", args.games)):
        storage = Storage(StoragePaths.in_folder(tempfile.mkdtemp(prefix=f"history-{name}-")))
        if games:
            fill(storage.history, games)
        stores[name] = storage
    variants = [("freecell", "FreeCell"), ("bakers-game", "Baker's Game")]
    actions = GameActions(lambda _r: None, lambda _r: None, lambda _r: None)
    timings: dict[str, dict[str, list[float]]] = {n: {"open": [], "charts": []} for n in stores}
    for _run in range(args.runs + 1):  # the first run warms up (imports, fonts)
        for name, storage in stores.items():
            start = time.perf_counter()
            dialog = StatisticsDialog(
                storage.statistics, variants=variants, current_variant="freecell",
                actions=actions,
            )  # fmt: skip
            dialog.show()
            app.processEvents()
            opened = time.perf_counter() - start
            assert dialog.charts is not None
            charts = (dialog.charts.rate_chart, dialog.charts.moves_chart,
                      dialog.charts.calendar_chart)  # fmt: skip
            for chart in charts:
                chart.resize(600, 360)
            start = time.perf_counter()
            for chart in charts:
                chart.grab()
            drawn = time.perf_counter() - start
            dialog.close()
            dialog.deleteLater()
            app.processEvents()
            if _run:
                timings[name]["open"].append(opened)
                timings[name]["charts"].append(drawn)
    for what, target in (("open", 1.0), ("charts", 0.2)):
        empty = statistics.median(timings["empty"][what])
        full = statistics.median(timings["full"][what])
        print(
            f"{what}: empty {empty * 1000:.0f} ms, {args.games} games {full * 1000:.0f} ms "
            f"({full / empty:.1f}x; target under {target * 1000:.0f} ms: "
            f"{'met' if full < target else 'NOT met'})"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
