"""Where the player's plugin choices live: ``enabled_plugins`` in the settings file.

The manager only needs ``load()`` and ``save(map)``; tests and the CLI use
:class:`MemoryStore`, the game uses :func:`settings_store`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import TYPE_CHECKING, Protocol

from freecell.storage import SettingsStore

if TYPE_CHECKING:
    from freecell.storage import SettingsStore


class EnabledStore(Protocol):
    """Reads and writes the map plugin name -> enabled (explicit choices only)."""

    def load(self) -> Mapping[str, bool]: ...

    def save(self, enabled: Mapping[str, bool]) -> None: ...


class MemoryStore:
    """Keeps the choices in memory only."""

    def __init__(self, enabled: Mapping[str, bool] | None = None) -> None:
        self.enabled: dict[str, bool] = dict(enabled or {})

    def load(self) -> Mapping[str, bool]:
        return dict(self.enabled)

    def save(self, enabled: Mapping[str, bool]) -> None:
        self.enabled = dict(enabled)


class SettingsEnabledStore:
    """``Settings.enabled_plugins`` in the settings file.

    Saving is a locked read-change-write of ``enabled_plugins`` alone, so the other
    settings on disk (and another running copy's changes to them) are kept.
    """

    def __init__(self, settings: SettingsStore) -> None:
        self.settings = settings

    def load(self) -> Mapping[str, bool]:
        return dict(self.settings.load().enabled_plugins)

    def save(self, enabled: Mapping[str, bool]) -> None:
        choices = dict(enabled)
        self.settings.update(lambda s: dataclasses.replace(s, enabled_plugins=choices))


def settings_store(settings: SettingsStore | None = None) -> SettingsEnabledStore:
    """The store backed by the player's settings file (FREECELL_HOME honoured)."""
    return SettingsEnabledStore(settings if settings is not None else SettingsStore())
