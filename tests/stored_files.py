"""Test helpers: every file the game stores, each with where it lives, how it is
read, what reading it gives when it is lost, how it is written, and what a document
of absurd lengths (100,000-character strings) looks like in it.  The storage damage
tests (tests/test_storage_damage_special.py, tests/test_storage_damage_every_file.py)
run every kind of damage over this one table, so a stored file added here is tested
with all of them."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from freecell.analysis.difficulty import Difficulty, Rating
from freecell.analysis.insight import CACHE_FILE, RatingCache
from freecell.engine import FREECELL, CommandBus, Game, Move, MoveCards
from freecell.plugin_host.store import settings_store
from freecell.storage import Settings, Storage, StoragePaths
from freecell.storage.history_rows import COLUMNS
from freecell.storage.statistics import Statistics

ABSURD = 100_000  # the red team's length: a 100 KB setting cost 4.7 GB on main


def storage_in(tmp_path: Path) -> Storage:
    return Storage(StoragePaths.in_folder(tmp_path / "home"))


_caches: dict[int, tuple[Storage, RatingCache]] = {}


def ratings_of(storage: Storage) -> RatingCache:
    """The storage's one ratings cache, as a session holds one."""
    if id(storage) not in _caches or _caches[id(storage)][0] is not storage:
        cache = RatingCache(storage.paths.data_dir / CACHE_FILE, storage.notices)
        _caches[id(storage)] = (storage, cache)
    return _caches[id(storage)][1]


def a_game() -> Game:
    bus = CommandBus(Game(FREECELL, 1))
    bus.dispatch(MoveCards(Move.parse("5a")))
    return bus.game


def _write_json(document: object) -> Callable[[Path], None]:
    def write(path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(document))

    return write


def _absurd_history(path: Path) -> None:
    """A real history (made by the game) with one row of absurd strings added."""
    storage = Storage(StoragePaths(path.parent, path.parent, path.parent, path.parent))
    storage.save_history(a_game())
    storage.history.close()
    long = "x" * ABSURD
    with sqlite3.connect(path) as db:
        row = db.execute(f"SELECT {COLUMNS} FROM games").fetchone()
        db.execute(
            f"INSERT INTO games ({COLUMNS}) VALUES ({', '.join('?' * len(row))})",
            (long, long, *row[2:13], long, long),
        )
    db.close()


@dataclass(frozen=True)
class StoredFile:
    where: Callable[[Storage], Path]
    load: Callable[[Storage], object]
    lost: object  # what load gives when the file is gone
    save: Callable[[Storage], object]
    write_absurd: Callable[[Path], None]


FILES: dict[str, StoredFile] = {
    "settings": StoredFile(
        lambda s: s.paths.settings_file,
        lambda s: s.settings.load(),
        Settings(),
        lambda s: s.settings.save(Settings(theme="saved")),
        _write_json({"version": 1, "theme": "x" * ABSURD, "window_geometry": "g" * ABSURD}),
    ),
    "plugin store": StoredFile(
        lambda s: s.paths.settings_file,
        lambda s: settings_store(s.settings).load(),
        {},
        lambda s: settings_store(s.settings).save({"saved": True}),
        _write_json({"version": 1, "enabled_plugins": {"p" * ABSURD: True, "q": "q" * ABSURD}}),
    ),
    "statistics": StoredFile(
        lambda s: s.paths.statistics_file,
        lambda s: s.statistics.load(),
        Statistics(),
        lambda s: s.record_game(a_game()),
        _write_json({"version": 1, "variants": {"x" * ABSURD: {"played": 1}}}),
    ),
    "saved game": StoredFile(
        lambda s: s.paths.saved_game_file,
        lambda s: (s.saved_game.summary(), s.saved_game.load()),
        (None, None),
        lambda s: s.save_game(a_game()),
        _write_json({"version": 1, "game": {"variant": "x" * ABSURD, "deal": 1, "steps": []}}),
    ),
    "ratings cache": StoredFile(
        lambda s: s.paths.data_dir / CACHE_FILE,
        lambda s: ratings_of(s).rating(FREECELL, 1),
        None,
        lambda s: ratings_of(s).put_rating(FREECELL, 1, Rating(Difficulty.EASY, 10, 5)),
        _write_json({"version": 1, "ratings": {"k" * ABSURD: [1, 10, 5]}, "pars": {}}),
    ),
    "history": StoredFile(
        lambda s: s.paths.history_file,
        lambda s: s.history.rows(),
        [],
        lambda s: s.save_history(a_game()),
        _absurd_history,
    ),
}
