"""The game history: every game played, one row each, in one SQLite database.

Standard library ``sqlite3``, WAL journal, ``synchronous=NORMAL``: a commit is a
write to the WAL file, with no fsync, so saving the row after every move costs a
fraction of a millisecond on the calling thread and a process killed (SIGKILL
included) loses nothing committed -- at most the move being made when it died.
The schema has a version (``PRAGMA user_version``) and step-by-step migrations
(:mod:`freecell.storage.history_schema`; a game as a row in
:mod:`freecell.storage.history_rows`); docs/history.md gives the schema,
what "own" means and which figures come from which rows.

Damage is handled as the JSON files' is (:mod:`freecell.storage.jsonfile`): the
file must be a regular file (a FIFO, a device, a folder or a link to one is damage,
and is never opened), start with SQLite's header, and pass ``quick_check``; a file
that fails is moved aside (renamed, with its ``-wal``/``-shm`` files, never read
whole, never deleted), the player is told once (a :class:`StorageNotice`), and a
new, empty history is started.  When even that cannot be done the history is kept
in memory for the session, so the game always goes on.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from freecell.storage.history_rows import (
    COLUMNS,
    SENSIBLE,
    GameRow,
    Result,
    result_of,
    row_from,
    values_of,
)
from freecell.storage.history_schema import (
    MIGRATIONS,
    SCHEMA_VERSION,
    migrate,
    migrate_statistics_json,
    statistics_json_migrated,
)
from freecell.storage.jsonfile import UnreadableFile, utc_now
from freecell.storage.notices import Damage, FileKind, NoticeCode, StorageNotice, Then
from freecell.storage.statistics import StatisticsStore, variant_from_json

if TYPE_CHECKING:
    from freecell.engine import Game
    from freecell.storage.statistics import StatisticsStore, VariantStats

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "GameHistory",
    "GameRow",
    "Result",
    "result_of",
]

log = logging.getLogger(__name__)

SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 2000  # another running copy's write: wait this long, then give up


class GameHistory:
    """The history database at ``path``, opened on first use; thread-safe.

    ``statistics_file`` is today's ``statistics.json``: its figures are copied in
    once (the file is left where it is) and stay part of the statistics.
    """

    def __init__(
        self,
        path: Path,
        notices: list[StorageNotice] | None = None,
        statistics_file: Path | None = None,
    ) -> None:
        self.path = Path(path)
        self.notices: list[StorageNotice] = notices if notices is not None else []
        self.statistics_file = statistics_file
        self._lock = threading.RLock()
        self._db: sqlite3.Connection | None = None
        self._told: set[StorageNotice] = set()
        self._legacy: StatisticsStore | None = None

    def _legacy_store(self) -> StatisticsStore | None:
        """The old statistics.json, one store (so a damaged one is told of once)."""
        if self._legacy is None and self.statistics_file is not None:
            self._legacy = StatisticsStore(self.statistics_file, self.notices)
        return self._legacy

    # -- opening -----------------------------------------------------------------------
    def _connection(self) -> sqlite3.Connection:
        if self._db is None:
            self._db = self._open()
        return self._db

    def _open(self) -> sqlite3.Connection:
        problem = _file_problem(self.path)
        if problem is None:
            try:
                return self._connect(self.path)
            except sqlite3.DatabaseError as error:
                problem = UnreadableFile(f"it is not a game history: {error}", Damage.DAMAGED)
            except UnreadableFile as error:
                problem = error
            except OSError as error:
                problem = UnreadableFile(f"it could not be opened: {error}", Damage.DAMAGED)
        aside = self._move_aside()
        log.warning(
            "the game history could not be read (%s); moved aside to %s", problem.reason, aside
        )
        self._tell(
            StorageNotice(
                NoticeCode.UNREADABLE,
                FileKind.HISTORY,
                path=aside,
                damage=problem.damage,
                damage_values=tuple(sorted(problem.values.items())),
                then=Then.NEW_HISTORY,
            )
        )
        if aside is not None or not os.path.lexists(self.path):
            with contextlib.suppress(sqlite3.DatabaseError, UnreadableFile, OSError):
                return self._connect(self.path)
        log.error("the game history is kept in memory for this session")
        return self._connect(None)

    def _connect(self, path: Path | None) -> sqlite3.Connection:
        if path is not None:
            path.parent.mkdir(parents=True, exist_ok=True)
        db = sqlite3.connect(
            ":memory:" if path is None else str(path),
            timeout=BUSY_TIMEOUT_MS / 1000,
            check_same_thread=False,  # the lock below keeps one thread in it at a time
            isolation_level=None,  # transactions are explicit
        )
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            checked = db.execute("PRAGMA quick_check").fetchone()
            if checked is None or checked[0] != "ok":
                raise UnreadableFile(f"its quick check failed: {checked}", Damage.DAMAGED)
            migrate(db)
            self._migrate_statistics_json(db)
        except BaseException:
            db.close()
            raise
        return db

    def _migrate_statistics_json(self, db: sqlite3.Connection) -> None:
        """Copy today's statistics.json figures in, once; the file stays beside."""
        if statistics_json_migrated(db):
            return
        figures: dict[str, VariantStats] = {}
        source = self._legacy_store()
        if source is not None:
            figures = dict(source.load().variants)
        migrate_statistics_json(db, figures, str(source.path) if source and figures else "")

    def _move_aside(self) -> Path | None:
        """Rename the damaged database (and its WAL and shared-memory files) to a
        name never used before; None when it cannot be moved."""
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        stamp = time.strftime("%Y%m%dT%H%M%SZ", utc_now())
        for n in range(1, 1000):
            counter = f"-{n}" if n > 1 else ""
            name = f"{self.path.stem}.unreadable-{stamp}{counter}{self.path.suffix}"
            aside = self.path.with_name(name)
            if os.path.lexists(aside):
                continue
            try:
                os.rename(self.path, aside)
            except FileNotFoundError:
                return None
            except OSError as error:
                log.error("could not move %s aside: %s", self.path, error)
                return None
            for extra in ("-wal", "-shm"):
                side = self.path.with_name(self.path.name + extra)
                if os.path.lexists(side):
                    with contextlib.suppress(OSError):
                        os.rename(side, aside.with_name(aside.name + extra))
            return aside
        return None

    def _tell(self, notice: StorageNotice) -> None:
        if notice not in self._told:
            self._told.add(notice)
            self.notices.append(notice)

    @contextlib.contextmanager
    def _use(self) -> Iterator[sqlite3.Connection]:
        """The connection, under the lock; a database found damaged mid-session is
        moved aside and a new one started (told once), as at start."""
        with self._lock:
            db = self._connection()
            try:
                yield db
            except sqlite3.DatabaseError as error:
                if db.in_transaction:
                    with contextlib.suppress(sqlite3.Error):
                        db.execute("ROLLBACK")
                if isinstance(error, sqlite3.OperationalError) or not _is_damage(error):
                    raise OSError(str(error)) from error  # full, locked, read-only: not damage
                log.warning("the game history was damaged during the session: %s", error)
                self._db = None
                self._damaged(error)
                raise OSError(str(error)) from error

    def _damaged(self, error: Exception) -> None:
        aside = self._move_aside()
        self._tell(
            StorageNotice(
                NoticeCode.UNREADABLE,
                FileKind.HISTORY,
                path=aside,
                damage=Damage.DAMAGED,
                then=Then.NEW_HISTORY,
            )
        )

    def close(self) -> None:
        with self._lock:
            if self._db is not None:
                self._db.close()
                self._db = None

    # -- writing -------------------------------------------------------------------
    def save(
        self,
        game: Game,
        score: int | None = None,
        result: Result = Result.PLAYING,
        daily: str | None = None,
    ) -> None:
        """Write ``game``'s row as it is now (insert or update): call it after every
        move, and with the result when the game ends.  OSError when the disk
        refuses (the caller tells the player)."""
        values = values_of(game, score, result, daily)
        with self._use() as db:
            db.execute(
                f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * 15)}) "
                "ON CONFLICT (game_id) DO UPDATE SET ended = excluded.ended, "
                "seconds = excluded.seconds, move_count = excluded.move_count, "
                "moves = excluded.moves, result = excluded.result, score = excluded.score, "
                "hints = excluded.hints, solution_moves = excluded.solution_moves, "
                "origin = excluded.origin, daily = COALESCE(excluded.daily, games.daily) "
                "WHERE games.result = 'playing'",  # a finished game is never reopened
                values,
            )

    def add(self, row: GameRow) -> None:
        """Insert a finished game as it is (an import, a test)."""
        with self._use() as db:
            db.execute(
                f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * 15)})",
                (
                    row.game_id,
                    row.variant,
                    row.deal,
                    row.board,
                    row.started,
                    row.ended,
                    row.seconds,
                    row.move_count,
                    " ".join(row.moves),
                    row.result.value,
                    row.score,
                    row.hints,
                    row.solution_moves,
                    row.origin,
                    row.daily,
                ),
            )

    def reset(self, variant: str) -> None:
        """Start one variant's statistics afresh: its games stay in the history, the
        figures count only games ended from now on (the old totals are dropped)."""
        with self._use() as db:
            db.execute("BEGIN IMMEDIATE")
            db.execute("DELETE FROM legacy_totals WHERE variant = ?", (variant,))
            db.execute("INSERT OR REPLACE INTO resets VALUES (?, ?)", (variant, time.time()))
            db.execute("COMMIT")

    # -- reading -------------------------------------------------------------------
    def _absent(self) -> bool:
        """No database yet: reading makes none (a first start writes nothing until
        a move is made)."""
        return self._db is None and not os.path.lexists(self.path)

    def rows(self, variant: str | None = None) -> list[GameRow]:
        """Every game, in the order they ended (games still being played last)."""
        if self._absent():
            return []
        query = f"SELECT {COLUMNS} FROM games WHERE {SENSIBLE}"
        params: tuple[object, ...] = ()
        if variant is not None:
            query += " AND variant = ?"
            params = (variant,)
        query += " ORDER BY ended IS NULL, ended, id"
        with self._use() as db:
            return [row_from(values) for values in db.execute(query, params)]

    def row(self, game_id: str) -> GameRow | None:
        if self._absent():
            return None
        with self._use() as db:
            found = db.execute(
                f"SELECT {COLUMNS} FROM games WHERE game_id = ? AND {SENSIBLE}", (game_id,)
            ).fetchone()
        return None if found is None else row_from(found)

    def daily_rows(self) -> list[GameRow]:
        if self._absent():
            return []
        with self._use() as db:
            return [
                row_from(values)
                for values in db.execute(
                    f"SELECT {COLUMNS} FROM games WHERE daily IS NOT NULL AND {SENSIBLE}"
                    " ORDER BY daily, id"
                )
            ]

    def legacy_totals(self) -> dict[str, VariantStats]:
        """The figures migrated from statistics.json, per variant."""
        if self._absent():  # not migrated yet: the old file's figures as they are
            source = self._legacy_store()
            return {} if source is None else dict(source.load().variants)
        with self._use() as db:
            found = list(db.execute("SELECT variant, figures FROM legacy_totals"))
        totals: dict[str, VariantStats] = {}
        for variant, figures in found:
            try:
                totals[variant] = variant_from_json(variant, json.loads(figures))
            except (UnreadableFile, ValueError, TypeError) as error:
                log.warning("the old totals of %s are damaged: %s", variant, error)
        return totals

    def resets(self) -> dict[str, float]:
        if self._absent():
            return {}
        with self._use() as db:
            return {v: float(at) for v, at in db.execute("SELECT variant, at FROM resets")}


def _file_problem(path: Path) -> UnreadableFile | None:
    """Why the path cannot be our database without opening it; None when it may be
    (a regular file with SQLite's header, an empty file, or no file yet)."""
    try:
        info = os.stat(path)  # follows a link: a link to /dev/zero is a device
    except FileNotFoundError:
        if os.path.lexists(path):
            return UnreadableFile("it is a link to nothing", Damage.NOT_A_FILE)
        return None
    except OSError as error:
        said = str(error.strerror or error)
        return UnreadableFile(f"it could not be opened: {said}", Damage.CANNOT_OPEN, error=said)
    if not stat.S_ISREG(info.st_mode):
        return UnreadableFile("it is not a regular file", Damage.NOT_A_FILE)
    if info.st_size == 0:
        return None
    try:
        with open(path, "rb") as handle:
            header = handle.read(len(SQLITE_MAGIC))
    except OSError as error:
        said = str(error.strerror or error)
        return UnreadableFile(f"it could not be opened: {said}", Damage.CANNOT_OPEN, error=said)
    if header != SQLITE_MAGIC:
        return UnreadableFile("it is not an SQLite database", Damage.DAMAGED)
    return None


def _is_damage(error: sqlite3.DatabaseError) -> bool:
    return isinstance(error, sqlite3.DatabaseError) and not isinstance(
        error, sqlite3.IntegrityError | sqlite3.ProgrammingError
    )
