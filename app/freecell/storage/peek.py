"""A quick, read-only look at the player's plugin choices in the settings file.

For commands that must answer at once (``freecell-cli board N``): it reads the file
and nothing else -- no lock, no migration, no logging -- and declines (None) whenever
the file is anything but plainly readable, leaving that case to the settings loader,
which moves a damaged file aside and says so.
"""

from __future__ import annotations

import json
from pathlib import Path

from freecell.storage.paths import default_paths
from freecell.storage.safe_read import read_bounded

# The settings file's version and size bound, defined here so this quick look needs
# nothing heavier; storage/settings.py uses the same two.
SETTINGS_VERSION = 1
MAX_SETTINGS_BYTES = 1024 * 1024  # a few KB in practice (window geometry is the most)


def enabled_plugins(path: Path | None = None) -> dict[str, bool] | None:
    """The enabled map the settings hold ({} when there is no settings file yet), or
    None when only the full loader can say."""
    file = path if path is not None else default_paths().settings_file
    try:  # a FIFO there once hung `freecell-cli board` (issue 36)
        raw = read_bounded(file, MAX_SETTINGS_BYTES)
    except FileNotFoundError:
        return {}
    except OSError:  # a special file, too large, unreadable: the loader's to say
        return None
    try:
        data = json.loads(raw.decode("utf-8"))
    except ValueError:  # (UnicodeDecodeError and JSONDecodeError are ValueErrors)
        return None
    if not isinstance(data, dict) or data.get("version") != SETTINGS_VERSION:
        return None
    plugins = data.get("enabled_plugins", {})
    if not isinstance(plugins, dict) or not all(
        isinstance(name, str) and isinstance(on, bool) for name, on in plugins.items()
    ):
        return None
    return plugins
