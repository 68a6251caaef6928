"""Where the files live: platformdirs decides, FREECELL_HOME overrides.

Settings and the list of enabled plugins are configuration (the user config
directory); statistics, the game in progress and user plugins are data the player
earned (the user data directory); logs go to the user log directory, and what can
be made again (the painted card faces) to the user cache directory.  Setting the
``FREECELL_HOME`` environment variable points all of them at one folder, which is
what the tests do (one folder per test) and what a portable install on a USB stick
wants.  The variable is read on every call, not cached at import, so a test that
changes it gets new paths at once.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

import platformdirs

APP_NAME = "freecell"
APP_AUTHOR = "freecell"
HOME_ENV = "FREECELL_HOME"

SETTINGS_FILE = "settings.json"
STATISTICS_FILE = "statistics.json"
SAVED_GAME_FILE = "game-in-progress.json"
HISTORY_FILE = "history.sqlite3"


@dataclass(frozen=True, slots=True)
class StoragePaths:
    """The folders the game writes to; nothing is created until a file is saved."""

    config_dir: Path
    data_dir: Path
    log_dir: Path
    cache_dir: Path
    """What can be made again (painted card faces): deleting it loses nothing."""

    @property
    def settings_file(self) -> Path:
        return self.config_dir / SETTINGS_FILE

    @property
    def statistics_file(self) -> Path:
        return self.data_dir / STATISTICS_FILE

    @property
    def saved_game_file(self) -> Path:
        return self.data_dir / SAVED_GAME_FILE

    @property
    def history_file(self) -> Path:
        return self.data_dir / HISTORY_FILE

    @property
    def user_plugins_dir(self) -> Path:
        return self.data_dir / "plugins"

    @classmethod
    def in_folder(cls, folder: Path | str) -> StoragePaths:
        """Everything under one folder, in config/, data/, logs/ and cache/ sub-folders."""
        root = Path(folder).expanduser()
        return cls(root / "config", root / "data", root / "logs", root / "cache")


def default_paths() -> StoragePaths:
    """FREECELL_HOME when set (and not empty), else the platform's own folders."""
    home = os.environ.get(HOME_ENV, "").strip()
    if home:
        return StoragePaths.in_folder(home)
    return StoragePaths(
        config_dir=Path(platformdirs.user_config_dir(APP_NAME, APP_AUTHOR, roaming=True)),
        data_dir=Path(platformdirs.user_data_dir(APP_NAME, APP_AUTHOR, roaming=True)),
        log_dir=Path(platformdirs.user_log_dir(APP_NAME, APP_AUTHOR)),
        cache_dir=Path(platformdirs.user_cache_dir(APP_NAME, APP_AUTHOR)),
    )
