"""The file layer and every store: round-trips, damaged files kept aside, backups,
versions (migrated, or read as far as possible), paths."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from freecell.core.notice_words import notice_text
from freecell.engine import FREECELL, Game, legal_moves
from freecell.storage import (
    Settings,
    SettingsStore,
    Statistics,
    StatisticsStore,
    Storage,
    StoragePaths,
    default_paths,
    encode_bytes,
    record_result,
)
from freecell.storage import jsonfile as jsonfile_module
from freecell.storage.jsonfile import JsonFile, UnreadableFile
from freecell.storage.locking import file_lock
from freecell.storage.notices import Damage, FileKind
from freecell.storage.settings import settings_from_json


def _played_game(moves: int = 6) -> Game:
    game = Game(FREECELL, 11982)
    for _ in range(moves):
        game.play(legal_moves(game.position, game.variant)[0])
    return game


def _asides(path: Path, tag: str = "unreadable") -> list[Path]:
    return sorted(path.parent.glob(f"{path.stem}.{tag}-*{path.suffix}"))


# -- paths ------------------------------------------------------------------------------


def test_freecell_home_points_everything_at_one_folder(tmp_path: Path, monkeypatch: Any) -> None:
    monkeypatch.setenv("FREECELL_HOME", str(tmp_path))
    paths = default_paths()
    for p in (paths.settings_file, paths.statistics_file, paths.saved_game_file, paths.log_dir):
        assert tmp_path in p.parents
    assert paths.settings_file.parent == paths.config_dir
    assert paths.statistics_file.parent == paths.saved_game_file.parent == paths.data_dir
    assert paths.user_plugins_dir.parent == paths.data_dir


def test_without_freecell_home_platformdirs_decides(monkeypatch: Any) -> None:
    import platformdirs

    monkeypatch.delenv("FREECELL_HOME")
    paths = default_paths()
    assert paths.config_dir == Path(
        platformdirs.user_config_dir("freecell", "freecell", roaming=True)
    )
    assert paths.data_dir == Path(platformdirs.user_data_dir("freecell", "freecell", roaming=True))
    assert paths.log_dir == Path(platformdirs.user_log_dir("freecell", "freecell"))


def test_loading_creates_no_folder(tmp_path: Path) -> None:
    storage = Storage(StoragePaths.in_folder(tmp_path / "home"))
    assert storage.settings.load() == Settings()
    assert storage.statistics.load() == Statistics()
    assert storage.saved_game.load() is None
    assert not (tmp_path / "home").exists()
    assert storage.notices == []


# -- round-trips --------------------------------------------------------------------------


def test_settings_round_trip() -> None:
    store = SettingsStore()
    chosen = Settings(
        variant="bakers-game",
        scoring="vegas",
        theme="four-colour",
        surface="blue-baize",
        card_size="extra-large",
        large_print=True,
        auto_play="all",
        confirm_abandon=False,
        reduce_motion=True,
        live_winnability=False,
        enabled_plugins={"freecell-solver": False, "extra-variants": True},
        window_geometry=encode_bytes(b"\x01\xd9\xd0\xcb\x00\x03"),
        window_state=encode_bytes(b"\x00\x00\x00\xff"),
    )
    store.save(chosen)
    assert store.load() == chosen
    assert json.loads(store.path.read_text())["version"] == 1


def test_statistics_round_trip() -> None:
    store = StatisticsStore()
    store.record("freecell", 617, True, 90, 123.5, 40)
    store.record("freecell", 617, False, 10, 20.0)
    store.record("two-cell", None, False, 3, 5.0)
    expected = record_result(
        record_result(
            record_result(Statistics(), "freecell", 617, True, 90, 123.5, 40),
            "freecell",
            617,
            False,
            10,
            20.0,
        ),
        "two-cell",
        None,
        False,
        3,
        5.0,
    )
    assert store.load() == expected
    assert StatisticsStore().load() == expected


def test_saved_game_round_trip() -> None:
    store = Storage().saved_game
    game = _played_game()
    store.save(game)
    back = store.load()
    assert back is not None
    assert back.position == game.position
    assert [s.moves for s in back.steps] == [s.moves for s in game.steps]


# -- unknown keys and wrong-typed fields ------------------------------------------------


def test_settings_keep_unknown_keys_and_default_bad_fields_one_by_one() -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True)
    store.path.write_text(
        json.dumps(
            {
                "version": 1,
                "theme": "high-contrast",
                "card_size": "gigantic",
                "large_print": "yes",
                "enabled_plugins": {"a": True, "b": "no", "c": False},
                "window_geometry": "not base64!",
                "from_the_future": {"x": [1, 2]},
            }
        )
    )
    loaded = store.load()
    assert loaded.theme == "high-contrast"
    assert loaded.card_size == "fit"  # the default (issue 20: the table fills the window)
    assert loaded.large_print is False
    assert loaded.enabled_plugins == {"a": True, "c": False}
    assert loaded.window_geometry is None
    assert loaded.extra == {"from_the_future": {"x": [1, 2]}}
    store.save(dataclasses.replace(loaded, card_size="large"))
    on_disk = json.loads(store.path.read_text())
    assert on_disk["from_the_future"] == {"x": [1, 2]}
    assert on_disk["card_size"] == "large"
    assert store.notices == []


def test_settings_save_keeps_keys_another_copy_wrote() -> None:
    """A newer copy of the game added a key after this one loaded: saving keeps it."""
    store = SettingsStore()
    store.save(Settings())
    mine = store.load()
    data = json.loads(store.path.read_text())
    data["newer_feature"] = 7
    store.path.write_text(json.dumps(data))
    store.save(dataclasses.replace(mine, theme="x"))
    on_disk = json.loads(store.path.read_text())
    assert on_disk["newer_feature"] == 7 and on_disk["theme"] == "x"


def test_settings_from_anything_never_raises() -> None:
    for junk in (None, 3, [], "x", {"variant": 5, "enabled_plugins": [1]}):
        assert isinstance(settings_from_json(junk), Settings)  # type: ignore[arg-type]


# -- damaged files: moved aside with the original bytes, the player told ----------------

StoreCase = tuple[Callable[[Storage], Path], Callable[[Storage], None], Callable[[Storage], Any]]


def _save_settings(s: Storage) -> None:
    s.settings.save(Settings(theme="four-colour"))


def _save_statistics(s: Storage) -> None:
    # the statistics.json of earlier versions, still read once (into the history)
    s.legacy_statistics.record("freecell", 1, True, 80, 60.0)


def _save_game(s: Storage) -> None:
    s.saved_game.save(_played_game())


STORES: dict[str, StoreCase] = {
    "settings": (lambda s: s.settings.path, _save_settings, lambda s: s.settings.load()),
    "statistics": (
        lambda s: s.legacy_statistics.path,
        _save_statistics,
        lambda s: s.legacy_statistics.load(),
    ),
    "saved-game": (lambda s: s.saved_game.path, _save_game, lambda s: s.saved_game.load()),
}
DEFAULTS: dict[str, Any] = {"settings": Settings(), "statistics": Statistics(), "saved-game": None}


def _damage(kind: str, good: bytes) -> bytes:
    return {
        "garbage": b"\x00\xff\xfe this is not JSON \x13\x10",
        "truncated": good[: len(good) // 2],
        "empty": b"",
        "whitespace": b"  \n",
        "wrong-type": b"[1, 2, 3]\n",
        "not-an-object-version": b'"version 1"',
        "no-version": b'{"variant": "freecell"}',
        "bad-version": b'{"version": "one"}',
    }[kind]


DAMAGE = [
    "garbage",
    "truncated",
    "empty",
    "whitespace",
    "wrong-type",
    "not-an-object-version",
    "no-version",
    "bad-version",
]


@pytest.mark.parametrize("damage", DAMAGE)
@pytest.mark.parametrize("store_name", sorted(STORES))
def test_damaged_file_is_kept_aside_and_defaults_load(store_name: str, damage: str) -> None:
    path_of, save, load = STORES[store_name]
    storage = Storage()
    save(storage)
    good = path_of(storage).read_bytes()
    path = path_of(storage)
    path.unlink()  # no backup yet: only the damaged file
    path.with_name(path.name + ".bak").unlink(missing_ok=True)
    bad = _damage(damage, good)
    path.write_bytes(bad)

    fresh = Storage()
    assert load(fresh) == DEFAULTS[store_name]
    asides = _asides(path)
    assert len(asides) == 1
    assert asides[0].read_bytes() == bad
    assert not path.exists()
    assert len(fresh.notices) == 1
    assert "could not be read" in notice_text(fresh.notices[0])
    assert str(asides[0]) in notice_text(fresh.notices[0])
    # The game then saves over the empty slot without touching what was kept aside.
    save(fresh)
    assert asides[0].read_bytes() == bad
    assert load(Storage()) != DEFAULTS[store_name]


@pytest.mark.parametrize("store_name", sorted(STORES))
def test_damaged_file_falls_back_to_the_previous_good_copy(store_name: str) -> None:
    path_of, save, load = STORES[store_name]
    storage = Storage()
    save(storage)
    first = load(Storage())
    save(storage)  # the first save becomes the backup
    path = path_of(storage)
    path.write_bytes(b"{ cut sho")

    fresh = Storage()
    restored = load(fresh)
    if store_name == "saved-game":
        assert restored is not None and restored.position == first.position
    else:
        assert restored == first
    assert "The previous good copy was loaded." in notice_text(fresh.notices[0])
    assert _asides(path)[0].read_bytes() == b"{ cut sho"


def test_two_move_asides_in_the_same_second_do_not_collide(monkeypatch: Any) -> None:
    frozen = datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC).utctimetuple()
    monkeypatch.setattr(jsonfile_module, "utc_now", lambda: frozen)
    store = SettingsStore()
    store.path.parent.mkdir(parents=True)
    contents = [b"first broken", b"second broken", b"third broken"]
    for content in contents:
        store.path.write_bytes(content)
        assert store.load() == Settings()
    asides = _asides(store.path)
    assert [p.name for p in asides] == [
        "settings.unreadable-20260102T030405Z-2.json",
        "settings.unreadable-20260102T030405Z-3.json",
        "settings.unreadable-20260102T030405Z.json",
    ]
    assert sorted(p.read_bytes() for p in asides) == sorted(contents)


# -- versions --------------------------------------------------------------------------


def test_future_settings_are_read_as_far_as_possible_and_the_original_kept() -> None:
    store = SettingsStore()
    store.path.parent.mkdir(parents=True)
    original = json.dumps({"version": 7, "card_size": "large", "hologram_mode": True}).encode()
    store.path.write_bytes(original)

    loaded = store.load()
    assert loaded.card_size == "large"
    kept = _asides(store.path, "from-v7")
    assert len(kept) == 1 and kept[0].read_bytes() == original
    assert "newer version" in notice_text(store.notices[0])
    assert store.path.read_bytes() == original  # not moved: it was readable
    store.load()
    assert len(_asides(store.path, "from-v7")) == 1  # the same copy is not kept twice
    store.save(loaded)
    assert json.loads(store.path.read_text())["hologram_mode"] is True


def test_future_statistics_are_read_and_kept() -> None:
    store = StatisticsStore()
    store.path.parent.mkdir(parents=True)
    data = {
        "version": 3,
        "variants": {"freecell": {"played": 4, "won": 3, "elo": 1500}},
        "achievements": ["first win"],
    }
    original = json.dumps(data).encode()
    store.path.write_bytes(original)
    stats = store.record("freecell", 5, True, 70, 50.0)
    assert stats.for_variant("freecell").played == 5
    assert _asides(store.path, "from-v3")[0].read_bytes() == original
    on_disk = json.loads(store.path.read_text())
    assert on_disk["achievements"] == ["first win"]
    assert on_disk["variants"]["freecell"]["elo"] == 1500


@pytest.mark.parametrize("store_name", sorted(STORES))
def test_future_file_that_cannot_be_understood_is_moved_aside(store_name: str) -> None:
    path_of, _save, load = STORES[store_name]
    storage = Storage()
    path = path_of(storage)
    path.parent.mkdir(parents=True, exist_ok=True)
    original = json.dumps(
        {"version": 9, "variants": "moved to sqlite", "game": "elsewhere", "card_size": 4}
    ).encode()
    path.write_bytes(original)
    result = load(storage)
    if store_name == "settings":
        # settings read field by field: nothing is unreadable, the original is copied aside
        assert result == Settings()
        assert _asides(path, "from-v9")[0].read_bytes() == original
    else:
        assert result == DEFAULTS[store_name]
        assert _asides(path)[0].read_bytes() == original
        assert "newer version" in notice_text(storage.notices[0])


def test_older_versions_are_migrated_step_by_step(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_text(json.dumps({"version": 1, "size": 3}))
    migrations = {
        1: lambda d: {"width": d["size"]},
        2: lambda d: {"width": d["width"], "height": d["width"] * 2},
    }
    file = JsonFile(path, what=FileKind.SETTINGS, version=3, migrations=migrations)
    assert file.load(lambda d: d) == {"version": 3, "width": 3, "height": 6}


def test_a_version_too_old_to_migrate_is_moved_aside(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_text(json.dumps({"version": 1, "size": 3}))
    file = JsonFile(path, what=FileKind.SETTINGS, version=2)
    assert file.load(lambda d: d) is None
    assert "too old" in notice_text(file.notices[0])
    assert _asides(path)[0].exists()


def test_a_decoder_that_raises_moves_the_file_aside(tmp_path: Path) -> None:
    path = tmp_path / "thing.json"
    path.write_text('{"version": 1}')

    def refuse(data: dict[str, Any]) -> None:
        raise UnreadableFile("it is not a thing")

    file = JsonFile(path, what=FileKind.SETTINGS, version=1)
    assert file.load(refuse) is None
    assert file.notices[0].damage is Damage.DAMAGED  # (its English detail is in the log)
    assert "could not be read (its content is damaged)" in notice_text(file.notices[0])


# -- atomic writes and backups ---------------------------------------------------------


def test_save_keeps_the_previous_good_copy_as_backup(tmp_path: Path) -> None:
    file = JsonFile(tmp_path / "f.json", what=FileKind.SETTINGS, version=1)
    file.save({"n": 1})
    assert not file.backup_path.exists()
    file.save({"n": 2})
    file.save({"n": 3})
    assert json.loads(file.path.read_text())["n"] == 3
    assert json.loads(file.backup_path.read_text())["n"] == 2


def test_a_damaged_file_never_becomes_the_backup(tmp_path: Path) -> None:
    file = JsonFile(tmp_path / "f.json", what=FileKind.SETTINGS, version=1)
    file.save({"n": 1})
    file.save({"n": 2})
    file.path.write_bytes(b"garbage")
    file.save({"n": 3})
    assert json.loads(file.backup_path.read_text())["n"] == 1


def test_stray_temporary_files_of_a_dead_writer_are_swept(tmp_path: Path) -> None:
    file = JsonFile(tmp_path / "f.json", what=FileKind.SETTINGS, version=1)
    stray = tmp_path / ".f.json.999.123.tmp"
    stray.write_bytes(b'{"half')
    file.save({"n": 1})
    assert not stray.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [".f.json.lock", "f.json"]


def test_the_lock_is_reentrant_within_a_process(tmp_path: Path) -> None:
    lock = tmp_path / ".x.lock"
    with file_lock(lock), file_lock(lock):
        pass
    with file_lock(lock):
        pass


def test_settings_update_changes_only_what_it_is_asked_to() -> None:
    store = SettingsStore()
    store.save(Settings(theme="four-colour"))
    other_copy = SettingsStore()
    other_copy.update(lambda s: s.with_plugin("extra-variants", False))
    saved = store.update(lambda s: dataclasses.replace(s, card_size="small"))
    assert saved.theme == "four-colour"
    assert saved.enabled_plugins == {"extra-variants": False}
    assert SettingsStore().load() == saved


def test_a_removed_file_comes_back_from_its_backup_and_the_player_is_told() -> None:
    store = StatisticsStore()
    store.record("freecell", 1, True, 80, 60.0)
    store.record("freecell", 2, True, 90, 70.0)
    store.path.unlink()
    fresh = StatisticsStore()
    assert fresh.load().for_variant("freecell").played == 1
    assert "was missing" in notice_text(fresh.file.notices[0])


def test_a_file_that_cannot_be_opened_is_left_alone_and_the_backup_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    file = JsonFile(tmp_path / "f.json", what=FileKind.SETTINGS, version=1)
    file.save({"n": 1})
    file.save({"n": 2})
    real = jsonfile_module.read_bounded

    def refused(path: Path, limit: int) -> bytes:
        if Path(path) == file.path:
            raise PermissionError(13, "Permission denied")
        return real(path, limit)

    monkeypatch.setattr(jsonfile_module, "read_bounded", refused)
    assert file.load(lambda d: d["n"]) == 1
    assert "could not be opened" in notice_text(file.notices[0])
    assert file.path.is_file()


def test_a_folder_where_the_file_belongs_is_moved_aside_and_the_backup_used(
    tmp_path: Path,
) -> None:
    file = JsonFile(tmp_path / "f.json", what=FileKind.SETTINGS, version=1)
    file.save({"n": 1})
    file.save({"n": 2})
    file.path.unlink()
    file.path.mkdir()  # a folder where the file should be
    assert file.load(lambda d: d["n"]) == 1
    text = notice_text(file.notices[0])
    assert "not an ordinary file" in text and "moved aside" in text
    assert not file.path.exists()
    assert [p.is_dir() for p in tmp_path.glob("f.unreadable-*.json")] == [True]
