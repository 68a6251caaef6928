"""The history database's schema and its migrations, apart from the store.

The version is ``PRAGMA user_version``; ``MIGRATIONS[v]`` turns version *v* into
*v + 1* inside one ``BEGIN IMMEDIATE`` transaction, so a second running copy that
migrated first is noticed.  docs/history.md gives the tables and their columns.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from typing import TYPE_CHECKING

from freecell.storage.jsonfile import UnreadableFile
from freecell.storage.notices import Damage
from freecell.storage.statistics import variant_to_json

if TYPE_CHECKING:
    from freecell.storage.statistics import VariantStats

log = logging.getLogger(__name__)

SCHEMA_VERSION = 1

_SCHEMA_1 = """
CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game_id TEXT NOT NULL UNIQUE,
    variant TEXT NOT NULL,
    deal INTEGER,
    board TEXT,
    started REAL NOT NULL,
    ended REAL,
    seconds REAL NOT NULL DEFAULT 0,
    move_count INTEGER NOT NULL DEFAULT 0,
    moves TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL DEFAULT 'playing'
        CHECK (result IN ('playing', 'won', 'lost', 'abandoned')),
    score INTEGER,
    hints INTEGER NOT NULL DEFAULT 0,
    solution_moves INTEGER NOT NULL DEFAULT 0,
    origin TEXT NOT NULL,
    daily TEXT
);
CREATE INDEX games_by_variant ON games (variant, ended);
CREATE INDEX games_by_daily ON games (daily) WHERE daily IS NOT NULL;
CREATE TABLE legacy_totals (variant TEXT PRIMARY KEY, figures TEXT NOT NULL);
CREATE TABLE resets (variant TEXT PRIMARY KEY, at REAL NOT NULL);
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
"""

# version v -> the SQL that makes it v + 1 (0: an empty file)
MIGRATIONS: dict[int, str] = {0: _SCHEMA_1}

MIGRATED_KEY = "statistics_json_migrated"


def migrate(db: sqlite3.Connection) -> None:
    """Bring the open database up to :data:`SCHEMA_VERSION`, step by step."""
    found = int(db.execute("PRAGMA user_version").fetchone()[0])
    if found > SCHEMA_VERSION:
        # a newer release's history: its later columns are extra to us, and
        # this version only reads and writes the columns it knows
        log.warning("the game history is from schema %s (this is %s)", found, SCHEMA_VERSION)
        return
    while found < SCHEMA_VERSION:
        step = MIGRATIONS.get(found)
        if step is None:
            raise UnreadableFile(
                f"schema version {found} is too old to read", Damage.TOO_OLD, version=found
            )
        db.execute("BEGIN IMMEDIATE")
        try:
            now = int(db.execute("PRAGMA user_version").fetchone()[0])
            if now == found:  # another running copy may have migrated meanwhile
                for statement in _statements(step):
                    db.execute(statement)
                db.execute(f"PRAGMA user_version = {found + 1}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        found = int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate_statistics_json(
    db: sqlite3.Connection, figures: dict[str, VariantStats], source: str
) -> None:
    """Copy today's statistics.json figures in, once (``source``: the file's path,
    or "" when it held none); the file itself stays where it is."""
    db.execute("BEGIN IMMEDIATE")
    try:
        if not db.execute("SELECT 1 FROM meta WHERE key = ?", (MIGRATED_KEY,)).fetchone():
            for variant, stats in figures.items():
                db.execute(
                    "INSERT OR REPLACE INTO legacy_totals VALUES (?, ?)",
                    (variant, json.dumps(variant_to_json(stats), sort_keys=True)),
                )
            db.execute("INSERT INTO meta VALUES (?, ?)", (MIGRATED_KEY, source))
        db.execute("COMMIT")
    except BaseException:
        db.execute("ROLLBACK")
        raise


def statistics_json_migrated(db: sqlite3.Connection) -> bool:
    return db.execute("SELECT 1 FROM meta WHERE key = ?", (MIGRATED_KEY,)).fetchone() is not None


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
