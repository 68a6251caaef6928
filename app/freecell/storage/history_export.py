"""The history as JSON objects and CSV rows: one shape for ``freecell-cli history
--json``/``--csv`` and the Statistics window's Export to CSV, so the two files agree."""

from __future__ import annotations

import csv
import datetime
from collections.abc import Iterable
from typing import TextIO

from freecell.storage.history_rows import GameRow

CSV_COLUMNS = (
    "variant", "deal", "board", "started", "ended", "seconds", "result", "move_count",
    "moves", "score", "hints", "solution_moves", "origin", "own", "daily",
)  # fmt: skip


def iso_time(seconds: float | None) -> str | None:
    """Unix time as ISO 8601 in UTC (``2026-12-02T10:15:00Z``)."""
    if seconds is None:
        return None
    moment = datetime.datetime.fromtimestamp(seconds, datetime.UTC)
    return moment.isoformat(timespec="seconds").replace("+00:00", "Z")


def row_json(row: GameRow) -> dict[str, object]:
    """One game as ``history --json`` prints it."""
    return {
        "variant": row.variant,
        "deal": row.deal,
        "board": row.board,
        "started": iso_time(row.started),
        "ended": iso_time(row.ended),
        "seconds": round(row.seconds, 3),
        "result": row.result.value,
        "move_count": row.move_count,
        "moves": list(row.moves),
        "score": row.score,
        "hints": row.hints,
        "solution_moves": row.solution_moves,
        "origin": row.origin,
        "own": row.own,
        "daily": row.daily,
    }


def write_csv(rows: Iterable[GameRow], out: TextIO) -> int:
    """Write the header and one line per game (moves space-separated); returns
    how many games were written."""
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    count = 0
    for row in rows:
        data = row_json(row)
        data["moves"] = " ".join(row.moves)
        writer.writerow(["" if data[c] is None else data[c] for c in CSV_COLUMNS])
        count += 1
    return count
