"""Storage: settings, statistics and the game in progress, kept safe on disk.

Pure Python (no Qt).  platformdirs decides where files live (``FREECELL_HOME``
overrides); every file is versioned JSON written atomically with a backup -- see
:mod:`freecell.storage.jsonfile` for the guarantees.
"""

from freecell.storage.facade import Storage
from freecell.storage.jsonfile import JsonFile, UnreadableFile
from freecell.storage.paths import HOME_ENV, StoragePaths, default_paths
from freecell.storage.savedgame import (
    SavedGameStore,
    SavedGameSummary,
    game_from_json,
    game_to_json,
)
from freecell.storage.settings import (
    CARD_SIZES,
    SETTINGS_VERSION,
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

__all__ = [
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
