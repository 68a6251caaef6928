"""Storage: settings, statistics and the game in progress, kept safe on disk.

Pure Python (no Qt).  platformdirs decides where files live (``FREECELL_HOME``
overrides); every file is versioned JSON written atomically with a backup -- see
:mod:`freecell.storage.jsonfile` for the guarantees.
"""

from .jsonfile import JsonFile, UnreadableFile
from .paths import HOME_ENV, StoragePaths, default_paths
from .settings import (
    CARD_SIZES,
    SETTINGS_VERSION,
    Settings,
    SettingsStore,
    decode_bytes,
    encode_bytes,
)

__all__ = [
    "CARD_SIZES",
    "HOME_ENV",
    "SETTINGS_VERSION",
    "JsonFile",
    "Settings",
    "SettingsStore",
    "StoragePaths",
    "UnreadableFile",
    "decode_bytes",
    "default_paths",
    "encode_bytes",
]
