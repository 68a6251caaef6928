"""Storage: settings, statistics and the game in progress, kept safe on disk.

Pure Python (no Qt).  platformdirs decides where files live (``FREECELL_HOME``
overrides); every file is versioned JSON written atomically with a backup -- see
:mod:`freecell.storage.jsonfile` for the guarantees.
"""

from typing import TYPE_CHECKING

from freecell.lazy import lazy_names

if TYPE_CHECKING:
    from freecell.storage.facade import Storage
    from freecell.storage.jsonfile import JsonFile, UnreadableFile
    from freecell.storage.paths import HOME_ENV, StoragePaths, default_paths
    from freecell.storage.peek import SETTINGS_VERSION
    from freecell.storage.savedgame import (
        SavedGameStore,
        SavedGameSummary,
        game_from_json,
        game_to_json,
    )
    from freecell.storage.settings import (
        AUTO_PLAY_MODES,
        CARD_SIZES,
        Settings,
        SettingsStore,
        decode_bytes,
        encode_bytes,
    )
    from freecell.storage.statistics import (
        DealRecord,
        Statistics,
        StatisticsStore,
        VariantStats,
        record_result,
        reset_variant,
    )

# Imported on first use: reading the settings alone (the command line does) needs
# no statistics and no saved game.
_LAZY = {
    "AUTO_PLAY_MODES": "settings",
    "CARD_SIZES": "settings",
    "DealRecord": "statistics",
    "HOME_ENV": "paths",
    "JsonFile": "jsonfile",
    "SETTINGS_VERSION": "peek",
    "SavedGameStore": "savedgame",
    "SavedGameSummary": "savedgame",
    "Settings": "settings",
    "SettingsStore": "settings",
    "Statistics": "statistics",
    "StatisticsStore": "statistics",
    "Storage": "facade",
    "StoragePaths": "paths",
    "UnreadableFile": "jsonfile",
    "VariantStats": "statistics",
    "decode_bytes": "settings",
    "default_paths": "paths",
    "encode_bytes": "settings",
    "game_from_json": "savedgame",
    "game_to_json": "savedgame",
    "record_result": "statistics",
    "reset_variant": "statistics",
}


__getattr__ = lazy_names(__name__, _LAZY)


__all__ = [
    "AUTO_PLAY_MODES",
    "CARD_SIZES",
    "HOME_ENV",
    "SETTINGS_VERSION",
    "DealRecord",
    "JsonFile",
    "SavedGameStore",
    "SavedGameSummary",
    "Settings",
    "SettingsStore",
    "Statistics",
    "StatisticsStore",
    "Storage",
    "StoragePaths",
    "UnreadableFile",
    "VariantStats",
    "decode_bytes",
    "default_paths",
    "encode_bytes",
    "game_from_json",
    "game_to_json",
    "record_result",
    "reset_variant",
]
