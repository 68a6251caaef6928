"""Damaged files as a hostile user makes them: the game in progress cut in half or
filled with garbage, absurd statistics, a folder where the settings file should be.
Nothing is ever destroyed, the player is told once, the game goes on."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from freecell.core.notice_words import notice_text
from freecell.engine import FREECELL, CommandBus, Game, Move, MoveCards
from freecell.storage import JsonFile, Settings, Storage, StoragePaths
from freecell.storage.notices import FileKind, NoticeCode, Then
from freecell.storage.statistics import StatisticsStore
from game_child import run_game_child


def _played_game(storage: Storage, moves: tuple[str, ...] = ("5a", "5b")) -> CommandBus:
    bus = CommandBus(Game(FREECELL, 1))
    for text in moves:
        bus.dispatch(MoveCards(Move.parse(text)))
    storage.save_game(bus.game)
    return bus


def _good_saved_game(folder: Path) -> bytes:
    storage = Storage(StoragePaths.in_folder(folder))
    _played_game(storage)
    return storage.saved_game.path.read_bytes()


def _damages(good: bytes) -> dict[str, bytes]:
    return {
        "cut in half": good[: len(good) // 2],
        "garbage": b"\x00\xff garbage \x9c" * 40,
        "a list": b"[1, 2, 3]",
        "a huge number": b"9" * 5000,
        "deep nesting": b"[" * 100_000 + b"]" * 100_000,
        "a huge number inside": b'{"version": 1, "game": {"variant": "freecell", "deal": '
        + b"7" * 5000
        + b"}}",
    }


@pytest.mark.parametrize("damage", list(_damages(b"{}")))
def test_a_damaged_game_in_progress_is_kept_aside_and_said_once(
    tmp_path: Path, damage: str
) -> None:
    good = _good_saved_game(tmp_path / "good")
    storage = Storage(StoragePaths.in_folder(tmp_path / "home"))
    path = storage.saved_game.path
    path.parent.mkdir(parents=True)
    bad = _damages(good)[damage]
    path.write_bytes(bad)

    assert storage.saved_game.summary() is None
    assert storage.saved_game.load() is None
    kept = list(path.parent.glob("game-in-progress.unreadable-*.json"))
    assert len(kept) == 1 and kept[0].read_bytes() == bad
    notices = storage.take_notices()
    assert len(notices) == 1, notices
    notice = notices[0]
    assert (notice.code, notice.file, notice.path) == (
        NoticeCode.UNREADABLE,
        FileKind.SAVED_GAME,
        kept[0],
    )
    assert notice.then is Then.NEW_DEAL
    assert "saved game file could not be read" in notice_text(notice)
    assert str(kept[0]) in notice_text(notice) and "A new deal is dealt." in notice_text(notice)
    storage.save_game(Game(FREECELL, 5))  # the window closes untouched
    assert kept[0].read_bytes() == bad


def test_a_damaged_game_in_progress_falls_back_to_its_previous_save(tmp_path: Path) -> None:
    storage = Storage(StoragePaths.in_folder(tmp_path))
    bus = _played_game(storage, ("5a",))
    bus.dispatch(MoveCards(Move.parse("5b")))
    storage.save_game(bus.game)  # the one-move game is now the backup
    path = storage.saved_game.path
    path.write_bytes(path.read_bytes()[:40])

    fresh = Storage(StoragePaths.in_folder(tmp_path))
    summary = fresh.saved_game.summary()
    assert summary is not None and summary.move_count == 1
    game = fresh.saved_game.load()
    assert game is not None and game.move_count == 1
    notices = fresh.take_notices()
    assert len(notices) == 1 and "The previous good copy was loaded." in notice_text(notices[0])


def test_a_save_never_writes_over_a_file_it_cannot_read(tmp_path: Path) -> None:
    file = JsonFile(tmp_path / "thing.json", what=FileKind.SETTINGS, version=1)
    file.path.write_bytes(b"{ not json")
    file.save({"a": 1})
    kept = list(tmp_path.glob("thing.unreadable-*.json"))
    assert [k.read_bytes() for k in kept] == [b"{ not json"]
    assert json.loads(file.path.read_bytes()) == {"a": 1, "version": 1}
    assert len(file.notices) == 1 and str(kept[0]) in notice_text(file.notices[0])


def test_a_file_beyond_its_bound_is_not_read_and_kept_aside(tmp_path: Path) -> None:
    file = JsonFile(tmp_path / "big.json", what=FileKind.SETTINGS, version=1, max_bytes=1000)
    big = b'{"version": 1, "x": "' + b"y" * 5000 + b'"}'
    file.path.write_bytes(big)
    assert file.load(lambda data: data) is None
    kept = list(tmp_path.glob("big.unreadable-*.json"))
    assert [k.read_bytes() for k in kept] == [big]
    assert "larger than" in notice_text(file.notices[0])


def test_damaged_statistics_give_one_notice_not_two(tmp_path: Path) -> None:
    storage = Storage(StoragePaths.in_folder(tmp_path))
    # statistics.json from an earlier version, damaged before the history read it
    storage.legacy_statistics.record("freecell", 1, True, 90, 100.0)
    storage.legacy_statistics.record("freecell", 2, False, 30, 50.0)  # the first is the backup
    storage.legacy_statistics.path.write_bytes(b"{{{")
    fresh = Storage(StoragePaths.in_folder(tmp_path))
    assert fresh.statistics.load().for_variant("freecell").played == 1
    fresh.statistics.record("freecell", 3, True, 80, 90.0)
    assert fresh.statistics.load().for_variant("freecell").played == 2
    notices = fresh.take_notices()
    assert len(notices) == 1 and "could not be read" in notice_text(notices[0]), notices


@pytest.mark.parametrize(
    "figures",
    [
        {"played": 10**300},
        {"played": 5, "won": 2, "longest_win_streak": 9},
        {"played": 5, "fastest_win": 1e300},
        {"played": 5, "fewest_moves": 10**40},
        {"played": 5, "best_score": -(10**40)},
        {"played": 5, "deals": {"١٢٣": {"played": 1}}},
        {"played": 5, "deals": {"99999999999999": {"played": 1}}},
    ],
)
def test_absurd_statistics_are_damage(tmp_path: Path, figures: dict[str, object]) -> None:
    store = StatisticsStore(tmp_path / "statistics.json")
    document = {"version": 1, "variants": {"freecell": figures}}
    store.path.write_text(json.dumps(document), encoding="utf-8")
    assert store.load().for_variant("freecell").played == 0
    assert list(tmp_path.glob("statistics.unreadable-*.json"))
    assert len(store.file.notices) == 1


def test_settings_that_cannot_be_saved_are_a_notice_not_a_crash(tmp_path: Path) -> None:
    storage = Storage(StoragePaths.in_folder(tmp_path))
    storage.paths.settings_file.parent.mkdir(parents=True)
    storage.paths.settings_file.parent.chmod(0o500)  # a folder that refuses new files
    original = os.replace

    def refused(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied")  # as for root, who ignores chmod

    os.replace = refused  # type: ignore[assignment]
    try:
        assert storage.settings.load() == Settings()
        assert storage.settings.save(Settings(theme="large")) is False
        storage.settings.update(lambda s: s.with_plugin("x", True))
    finally:
        os.replace = original
        storage.paths.settings_file.parent.chmod(0o700)
    assert not storage.paths.settings_file.exists()
    notices = storage.take_notices()
    assert any("could not be saved" in notice_text(n) for n in notices)
    assert len(notices) == len(set(notices)) == 1


START_CHILD = """
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
def act():
    window = next(w for w in app.topLevelWidgets() if w.objectName() == "mainWindow")
    print(window.hint_bar.text, flush=True)
    window.close()
QTimer.singleShot(300, act)
from freecell.ui.shell.app import run
sys.exit(run())
"""


def test_the_game_says_a_damaged_game_in_progress_was_kept(tmp_path: Path) -> None:
    good = _good_saved_game(tmp_path / "good")
    path = StoragePaths.in_folder(tmp_path / "home").saved_game_file
    path.parent.mkdir(parents=True)
    path.write_bytes(good[: len(good) // 2])
    lines = run_game_child(START_CHILD, home=tmp_path / "home")
    kept = list(path.parent.glob("game-in-progress.unreadable-*.json"))
    assert [k.read_bytes() for k in kept] == [good[: len(good) // 2]]
    assert "could not be read" in lines[0] and str(kept[0]) in lines[0]
