"""The red team's kinds of damage for every stored file (issue 36): a FIFO, a
symlink to /dev/zero, a folder, a symlink to a FIFO where the file belongs, an
immutable damaged file, a lock file that is a folder, a lock held by a hung copy,
absurd lengths.  Each is kept aside without being read (or, when it cannot be moved,
reported once), nothing hangs -- every risky call runs with a time limit -- and the
game goes on with its defaults."""

from __future__ import annotations

import fcntl
import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from freecell.analysis.difficulty import Difficulty, Rating
from freecell.analysis.insight import CACHE_FILE, RatingCache
from freecell.core.notice_words import notice_text
from freecell.engine import FREECELL, CommandBus, Game, Move, MoveCards
from freecell.storage import Settings, Storage, locking
from freecell.storage.notices import NoticeCode, StorageNotice
from freecell.storage.settings import MAX_ID_LENGTH, SettingsStore
from special_files import SPECIAL_KINDS, call_with_timeout, chattr_works, immutable, make_special
from stored_files import FILES, storage_in


def _storage(tmp_path: Path) -> Storage:
    return storage_in(tmp_path)


def _ratings(storage: Storage) -> RatingCache:
    """A new cache on the storage's file: reads the file afresh."""
    return RatingCache(storage.paths.data_dir / CACHE_FILE, storage.notices)


def _notices(storage: Storage) -> list[str]:
    return [notice_text(n) for n in storage.take_notices()]


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
@pytest.mark.parametrize("which", list(FILES))
def test_a_special_file_is_kept_aside_unread_and_the_game_goes_on(
    tmp_path: Path, which: str, kind: str
) -> None:
    storage = _storage(tmp_path)
    stored = FILES[which]
    path = make_special(stored.where(storage), kind)

    assert call_with_timeout(lambda: stored.load(storage)) == stored.lost

    said = _notices(storage)
    assert len(said) == 1, said
    assert "not an ordinary file" in said[0] and "moved aside" in said[0]
    # gone, or (the history) a new regular file started in its place
    assert not os.path.lexists(path) or (path.is_file() and not path.is_symlink())
    kept = [p for p in path.parent.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1
    assert os.path.islink(kept[0]) == (kind in {"dev-zero", "symlink-to-fifo"})
    assert call_with_timeout(lambda: stored.load(storage)) == stored.lost  # now simply absent
    assert _notices(storage) == []


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_saving_over_a_special_file_keeps_it_aside_and_saves(tmp_path: Path, kind: str) -> None:
    storage = _storage(tmp_path)
    path = make_special(storage.paths.saved_game_file, kind)
    bus = CommandBus(Game(FREECELL, 1))
    bus.dispatch(MoveCards(Move.parse("5a")))

    call_with_timeout(lambda: storage.save_game(bus.game))

    assert path.is_file() and json.loads(path.read_text())["game"]["deal"] == 1
    assert len(list(path.parent.glob("game-in-progress.unreadable-*"))) == 1
    said = _notices(storage)
    assert len(said) == 1 and "not an ordinary file" in said[0]


def test_a_picture_in_the_statistics_recorded_after_a_fifo(tmp_path: Path) -> None:
    storage = _storage(tmp_path)
    make_special(storage.paths.statistics_file, "fifo")
    game = Game(FREECELL, 1)
    game.play(Move.parse("5a"))

    stats = call_with_timeout(lambda: storage.record_game(game))

    assert stats is not None and stats.for_variant("freecell").played == 1
    assert storage.statistics.load().for_variant("freecell").played == 1


@pytest.mark.parametrize("kind", SPECIAL_KINDS)
def test_a_lock_file_that_is_not_a_file_does_not_stop_the_game(tmp_path: Path, kind: str) -> None:
    storage = _storage(tmp_path)
    lock = storage.settings.file.lock_path
    make_special(lock, kind)

    assert call_with_timeout(lambda: storage.settings.save(Settings(theme="x"))) is True

    assert storage.settings.load().theme == "x"
    assert lock.is_file() and not lock.is_symlink()
    assert len(list(lock.parent.glob(".settings.json.unreadable-*"))) == 1


def test_a_lock_held_by_a_hung_copy_costs_seconds_and_is_said_once(tmp_path: Path) -> None:
    storage = _storage(tmp_path)
    storage.settings.save(Settings(theme="before"))
    bus = CommandBus(Game(FREECELL, 1))
    bus.dispatch(MoveCards(Move.parse("5a")))
    storage.save_game(bus.game)
    held = []
    for file in (storage.settings.file, storage.saved_game.file):
        fd = os.open(file.lock_path, os.O_RDWR)
        fcntl.flock(fd, fcntl.LOCK_EX)  # the hung copy (an open file description of its own)
        held.append(fd)
    try:
        started = time.monotonic()
        assert storage.settings.load().theme == "before"  # read anyway
        assert storage.saved_game.summary() is not None
        start_cost = time.monotonic() - started
        bus.dispatch(MoveCards(Move.parse("5b")))
        started = time.monotonic()
        for _ in range(5):  # every save of a session, at close too
            storage.save_game(bus.game)
            assert storage.settings.save(Settings(theme="after")) is False
        close_cost = time.monotonic() - started
    finally:
        for fd in held:
            os.close(fd)
    notices = storage.take_notices()
    assert [n.code for n in notices] == [NoticeCode.LOCKED, NoticeCode.LOCKED]
    assert all("Another copy of FreeCell" in notice_text(n) for n in notices)
    assert start_cost < 2 * locking.READ_TIMEOUT + 1
    assert close_cost < 10 * (locking.LOCK_TIMEOUT + 1)
    assert storage.settings.load().theme == "before"  # nothing written under another's lock
    assert storage.settings.save(Settings(theme="after")) is True  # free again: saved


def _garbage_saved_game(storage: Storage) -> Path:
    path = storage.paths.saved_game_file
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"\x00garbage" * 100)
    return path


def _save_ten_times(storage: Storage) -> None:
    bus = CommandBus(Game(FREECELL, 1))
    for move in ("5a", "5b", "5c", "5d", "a5") * 2:
        bus.dispatch(MoveCards(Move.parse(move)))
        storage.save_game(bus.game)


def test_a_damaged_file_that_cannot_be_moved_is_said_once_and_not_copied(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    storage = _storage(tmp_path)
    path = _garbage_saved_game(storage)

    def refused(*_args: Any, **_kwargs: Any) -> None:
        raise PermissionError(1, "Operation not permitted")  # what chattr +i gives

    for name in ("link", "rename", "replace", "unlink"):
        monkeypatch.setattr(os, name, refused)
    _save_ten_times(storage)
    monkeypatch.undo()

    assert path.read_bytes() == b"\x00garbage" * 100
    assert sorted(p.name for p in path.parent.iterdir() if not p.name.startswith(".")) == [
        path.name
    ]
    notices = storage.take_notices()
    assert [n.code for n in notices] == [NoticeCode.UNREADABLE, NoticeCode.NOT_SAVED]
    assert "left where it is" in notice_text(notices[0])


def test_an_immutable_damaged_file_is_said_once_and_not_copied(tmp_path: Path) -> None:
    if not chattr_works(tmp_path):
        pytest.skip("chattr +i needs root on a file system that has it")
    storage = _storage(tmp_path)
    path = _garbage_saved_game(storage)
    with immutable(path):
        _save_ten_times(storage)
        storage.saved_game.load()
    names = sorted(p.name for p in path.parent.iterdir() if not p.name.startswith("."))
    assert names == [path.name]
    notices = storage.take_notices()
    assert [n.code for n in notices] == [NoticeCode.UNREADABLE, NoticeCode.NOT_SAVED]


def test_a_full_disk_is_logged_and_said_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    storage = _storage(tmp_path)

    def full(*_args: Any, **_kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    _save_ten_times(storage)
    for _ in range(10):
        storage.settings.save(Settings(theme="x"))
    notices = storage.take_notices()
    assert len(notices) == 2 and {n.code for n in notices} == {NoticeCode.NOT_SAVED}
    assert len([r for r in caplog.records if r.levelname == "ERROR"]) == 2


@pytest.mark.parametrize("field", ["theme", "variant", "surface", "scoring", "language"])
def test_an_absurdly_long_setting_is_the_default(tmp_path: Path, field: str) -> None:
    store = SettingsStore(tmp_path / "settings.json")
    document = {"version": 1, field: "x" * 100_000, "enabled_plugins": {"p" * 100_000: True}}
    store.path.write_text(json.dumps(document))

    settings = store.load()

    assert getattr(settings, field) == getattr(Settings(), field)
    assert settings.enabled_plugins == {}
    long_but_fine = "t" * MAX_ID_LENGTH
    store.path.write_text(json.dumps({"version": 1, field: long_but_fine}))
    assert getattr(store.load(), field) == long_but_fine


@pytest.mark.parametrize(
    "content",
    [
        {"ratings": [1, 2, 3]},
        {"pars": "many"},
        {"ratings": {"freecell:1": "easy"}},
        {"ratings": {"freecell:1": [99, 10, 5]}},
        {"ratings": {"freecell:1": [1, "10", 5]}},
        {"pars": {"freecell:1": [5]}},
        {"ratings": {"k" * 100_000: [1, 10, 5]}},
    ],
)
def test_a_ratings_cache_with_wrong_types_is_damage_and_said(
    tmp_path: Path, content: dict[str, object]
) -> None:
    storage = _storage(tmp_path)
    path = storage.paths.data_dir / CACHE_FILE
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"version": 1, **content}))
    cache = _ratings(storage)

    assert cache.rating(FREECELL, 1) is None
    assert cache.par(FREECELL, 1) is None
    said = _notices(storage)
    assert len(said) == 1 and "deal ratings file could not be read" in said[0]
    assert len(list(path.parent.glob("deal-ratings.unreadable-*.json"))) == 1
    cache.put_rating(FREECELL, 1, Rating(Difficulty.EASY, 10, 5))  # made again
    assert _ratings(storage).rating(FREECELL, 1) == Rating(Difficulty.EASY, 10, 5)


def test_the_session_tells_a_damaged_ratings_cache(tmp_path: Path) -> None:
    from freecell.core.session import Session

    storage = _storage(tmp_path)
    make_special(storage.paths.data_dir / CACHE_FILE, "fifo")
    session = Session(storage=storage)

    call_with_timeout(lambda: session.analysis.ratings.rating(FREECELL, 1))

    notices: list[StorageNotice] = storage.take_notices()
    assert len(notices) == 1 and notices[0].code is NoticeCode.UNREADABLE


def test_a_log_on_a_full_disk_is_said_once_on_stderr(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import logging

    from freecell.launch.logs import FreecellLogHandler

    handler = FreecellLogHandler(tmp_path / "freecell.log", max_bytes=0, backup_count=0)
    monkeypatch.setattr(logging, "raiseExceptions", True)  # as a developer's run has it
    logger = logging.getLogger("freecell.test.fulldisk")
    logger.addHandler(handler)
    logger.propagate = False
    if handler.stream is None:
        handler.stream = handler._open()

    def full(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(handler, "flush", full)
    try:
        for n in range(500):
            logger.error("record %d", n)
    finally:
        logger.removeHandler(handler)
        monkeypatch.undo()
        handler.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "No space left on device" in err
