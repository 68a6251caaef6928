"""The player's settings: one small versioned JSON file in the user config folder.

``Settings`` is an immutable value: change it with ``dataclasses.replace`` (or the
helpers below) and hand the new value to ``SettingsStore.save``.  Loading never
fails: a value of the wrong type falls back to its default *field by field* (one bad
value does not cost the player the rest), and keys this version does not know --
written by a newer release or a plugin -- are kept in ``extra`` and written back, so
a newer version's settings are never silently discarded.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from freecell.storage.jsonfile import MAX_ID_LENGTH, JsonFile, JsonObject, UnreadableFile
from freecell.storage.notices import Damage, FileKind, StorageNotice, not_saved
from freecell.storage.paths import default_paths
from freecell.storage.peek import MAX_SETTINGS_BYTES, SETTINGS_VERSION

log = logging.getLogger(__name__)


# Bounds on what one setting may hold, far beyond any real value: the file's size
# bound alone (1 MB) would let one string cost the window gigabytes.
MAX_PLUGIN_CHOICES = 1000
MAX_BLOB_LENGTH = 64 * 1024  # Qt's window geometry and state, base64

CARD_SIZES: tuple[str, ...] = ("small", "medium", "large", "extra-large", "fit")
"""The card sizes the table offers; "fit" scales the cards to the window."""

AUTO_PLAY_MODES: tuple[str, ...] = ("off", "safe", "all")
"""What goes home by itself after a move (``engine.AutoPlay``'s values)."""

_OLD_AUTO_PLAY = "safe_autoplay"
"""The on/off switch files before the three modes saved (and still get, for an
older release reading this file: on unless the mode is off)."""

APPEARANCES: tuple[str, ...] = ("system", "light", "dark")
"""The window's and the table's scheme: the desktop's, or light or dark always."""


@dataclass(frozen=True)
class Settings:
    """Everything the player chooses; defaults are what a first start shows.

    The one settings model: the session, the window, Preferences and the CLI all
    read this (docs/architecture.md).  Change it at run time through
    ``Session.change_settings``, which saves it and tells every part of the game.
    """

    variant: str = "freecell"
    scoring: str = "none"
    theme: str = "classic"
    surface: str = "green-felt"
    card_size: str = "fit"
    """One of :data:`CARD_SIZES`; "fit": the table fills the window."""
    large_print: bool = False
    auto_play: str = "safe"
    """One of :data:`AUTO_PLAY_MODES`; a file from before the modes keeps the
    player's switch (``safe_autoplay``: true is "safe", false "off")."""
    confirm_abandon: bool = True
    """Ask before a new deal, another variant or an opened game replaces a game
    that has moves (it counts as a loss); False once the player says "don't ask"."""
    reduce_motion: bool | None = None
    """The player's choice: True (cards jump, no celebration), False (they slide),
    None (never chosen: the desktop's animation setting decides).  A file that
    saved True or False keeps it as the player's choice."""
    live_winnability: bool = True
    appearance: str = "system"
    """One of :data:`APPEARANCES`: "system" follows the desktop's light or dark."""
    sound: bool = False
    """Sounds for picking up, dropping, a refused move, a deal and a win (off, as in
    other desktop card games, until the player switches them on)."""
    solver_backend: str = "builtin"
    """The id of the solver backend hints, live checks, ratings and the stepper use."""
    language: str = "system"
    """A language code (``de``, ``pt_BR``) or ``system``; applies at the next start."""
    enabled_plugins: dict[str, bool] = field(default_factory=dict)
    window_geometry: str | None = None
    """base64 of ``QWidget.saveGeometry()``; see :func:`encode_bytes`."""
    window_state: str | None = None
    """base64 of ``QMainWindow.saveState()``."""
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)
    """Keys from the file this version does not know; written back untouched."""

    version: ClassVar[int] = SETTINGS_VERSION

    def plugin_enabled(self, plugin_id: str, default: bool = True) -> bool:
        """Whether the player switched ``plugin_id`` on; ``default`` when never asked."""
        return self.enabled_plugins.get(plugin_id, default)

    def with_plugin(self, plugin_id: str, enabled: bool) -> Settings:
        plugins = dict(self.enabled_plugins)
        plugins[plugin_id] = enabled
        return dataclasses.replace(self, enabled_plugins=plugins)


_FIELDS = tuple(f for f in dataclasses.fields(Settings) if f.name != "extra")
_KNOWN = frozenset(f.name for f in _FIELDS) | {"version", _OLD_AUTO_PLAY}
_DEFAULTS = Settings()


def settings_to_json(settings: Settings) -> JsonObject:
    """The file's content (without ``version``, which the file layer adds)."""
    data: JsonObject = dict(settings.extra)
    for f in _FIELDS:
        value = getattr(settings, f.name)
        data[f.name] = dict(value) if isinstance(value, dict) else value
    data[_OLD_AUTO_PLAY] = settings.auto_play != "off"
    return data


def settings_from_json(data: Mapping[str, Any]) -> Settings:
    """Settings from a decoded file; never raises, bad fields become defaults."""
    if not isinstance(data, Mapping):
        return Settings()
    values: dict[str, Any] = {}
    for name in ("variant", "scoring", "theme", "surface", "solver_backend", "language"):
        values[name] = _text(data.get(name), getattr(_DEFAULTS, name))
    size = data.get("card_size")
    values["card_size"] = size if size in CARD_SIZES else _DEFAULTS.card_size
    appearance = data.get("appearance")
    values["appearance"] = appearance if appearance in APPEARANCES else _DEFAULTS.appearance
    for name in ("large_print", "reduce_motion", "live_winnability", "confirm_abandon", "sound"):
        flag = data.get(name)
        values[name] = flag if isinstance(flag, bool) else getattr(_DEFAULTS, name)
    values["auto_play"] = _auto_play(data)
    plugins = data.get("enabled_plugins")
    values["enabled_plugins"] = (
        {
            k: v
            for k, v in list(plugins.items())[:MAX_PLUGIN_CHOICES]
            if isinstance(k, str) and len(k) <= MAX_ID_LENGTH and isinstance(v, bool)
        }
        if isinstance(plugins, dict)
        else {}
    )
    for name in ("window_geometry", "window_state"):
        blob = data.get(name)
        values[name] = (
            blob
            if isinstance(blob, str)
            and len(blob) <= MAX_BLOB_LENGTH
            and decode_bytes(blob) is not None
            else None
        )
    values["extra"] = {k: v for k, v in data.items() if k not in _KNOWN}
    return Settings(**values)


def _auto_play(data: Mapping[str, Any]) -> str:
    """The saved mode; else the switch an older file saved (the player's choice
    stays); else the default."""
    mode = data.get("auto_play")
    if mode in AUTO_PLAY_MODES:
        return str(mode)
    old = data.get(_OLD_AUTO_PLAY)
    if isinstance(old, bool):
        return "safe" if old else "off"
    return _DEFAULTS.auto_play


def _text(value: object, default: str) -> str:
    """An id (a variant's, a theme's ...): a longer one is no id any plugin has, and
    would cost whatever names or compares it (a 100,000-character theme id once
    took gigabytes to word in a notice), so it is the default's."""
    if isinstance(value, str) and value.strip() and len(value) <= MAX_ID_LENGTH:
        return value
    return default


def encode_bytes(blob: bytes) -> str:
    """Qt's geometry/state bytes as text for the JSON file."""
    return base64.b64encode(bytes(blob)).decode("ascii")


def decode_bytes(text: str | None) -> bytes | None:
    """The bytes :func:`encode_bytes` wrote, or None for anything else."""
    if not text:
        return None
    try:
        return base64.b64decode(text.encode("ascii"), validate=True)
    except (binascii.Error, UnicodeEncodeError, ValueError):
        return None


class SettingsStore:
    """Loads and saves :class:`Settings` at ``path`` (default: the config folder).

    Saving takes the file lock, re-reads the keys on disk that this version does not
    know and keeps them, then writes atomically: two running copies never corrupt
    the file, and the last one to save decides each known setting.
    """

    def __init__(
        self, path: Path | None = None, notices: list[StorageNotice] | None = None
    ) -> None:
        self.file = JsonFile(
            path if path is not None else default_paths().settings_file,
            what=FileKind.SETTINGS,
            version=SETTINGS_VERSION,
            notices=notices,
            indent=1,  # small, and people do open it in an editor
            max_bytes=MAX_SETTINGS_BYTES,
        )

    @property
    def path(self) -> Path:
        return self.file.path

    @property
    def notices(self) -> list[StorageNotice]:
        return self.file.notices

    def load(self) -> Settings:
        """The saved settings, or defaults; never raises for a damaged file."""
        loaded = self.file.load(_decode)
        return loaded if loaded is not None else Settings()

    def update(self, change: Callable[[Settings], Settings]) -> Settings:
        """Read, change and save under the file lock; returns the saved settings.

        Use it to change a few fields (``lambda s: replace(s, theme="x")``) without
        overwriting what another running copy saved since this one loaded.
        """
        try:
            with self.file.lock():
                new = change(self.load())
                self.save(new)
        except OSError:  # no lock to be had (the folder refuses): save tells why
            new = change(self.load())
            self.save(new)
        return new

    def save(self, settings: Settings) -> bool:
        """Write ``settings``; False (logged, the player told once) when the disk
        refuses -- full, read-only, or a folder where the file should be."""
        try:
            with self.file.lock():
                on_disk = self.file.peek(_decode)
                extra = dict(on_disk.extra) if on_disk is not None else {}
                extra.update(settings.extra)
                self.file.save(settings_to_json(dataclasses.replace(settings, extra=extra)))
        except OSError as error:
            notice = not_saved(FileKind.SETTINGS, error)
            if notice not in self.file.told:  # a full disk: logged once, not every change
                log.error("could not save the settings to %s: %s", self.path, error)
            self.file.tell(notice)
            return False
        return True


def _decode(data: JsonObject) -> Settings:
    if not isinstance(data, dict):
        raise UnreadableFile("it is not a settings object", Damage.NOT_AN_OBJECT)
    return settings_from_json(data)
