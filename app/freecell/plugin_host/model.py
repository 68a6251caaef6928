"""What the plugin manager tells the game and the player: plain records."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Generic, TypeVar

from freecell.plugin_host.reasons import PluginReason

T = TypeVar("T")


class Source(StrEnum):
    """Where a plugin came from; only built-ins run without the player's say-so."""

    BUILTIN = "built-in"
    PACKAGE = "package"
    USER_FOLDER = "user folder"


class Kind(StrEnum):
    """The kinds of thing a plugin can provide (one per hook)."""

    VARIANT = "variant"
    VARIANT_RESOLVER = "variant resolver"
    SCORING = "scoring"
    CARD_THEME = "card theme"
    TABLE_SURFACE = "table surface"
    SOLVER = "solver"
    EVENT_OBSERVER = "event observer"


HOOK_KINDS: dict[str, Kind] = {
    "freecell_variants": Kind.VARIANT,
    "freecell_resolve_variant": Kind.VARIANT_RESOLVER,
    "freecell_scoring_schemes": Kind.SCORING,
    "freecell_card_themes": Kind.CARD_THEME,
    "freecell_table_surfaces": Kind.TABLE_SURFACE,
    "freecell_solver_backends": Kind.SOLVER,
    "freecell_game_event": Kind.EVENT_OBSERVER,
}


class PluginError(Exception):
    """A plugin misbehaved; the message is the sentence the player sees."""


class Misbehaved(PluginError):
    """A plugin's answer or hook failed: ``reason`` says how (in codes)."""

    def __init__(self, reason: PluginReason) -> None:
        super().__init__(str(reason))
        self.reason = reason


@dataclass(frozen=True, slots=True)
class Provided:
    """One thing a plugin provides: ``kind``, its stable ``id`` and display ``name``."""

    kind: Kind
    id: str
    name: str


@dataclass(frozen=True, slots=True)
class Notice:
    """Something the player should be told about a plugin (shown once, also logged)."""

    plugin: str
    reason: PluginReason

    def __str__(self) -> str:
        """For the log; the player reads :func:`freecell.plugin_host.reason_words.notice_text`."""
        return f"plugin {self.plugin!r}: {self.reason}"


@dataclass(frozen=True, slots=True)
class PluginInfo:
    """A plugin as the Plugins dialog and ``freecell-cli plugins`` show it.

    ``enabled`` is the player's choice (built-ins default to on, everything else to
    off); ``loaded`` says whether it is running now; ``error`` says why a plugin that
    should run does not (it is then off for this session).  ``provides`` lists what a
    loaded plugin contributes; for a plugin that has not run, ``hooks`` lists the
    hooks its source declares, read without running it.
    """

    name: str
    source: Source
    version: str
    description: str
    location: str
    enabled: bool
    loaded: bool
    error: PluginReason | None = None
    provides: tuple[Provided, ...] = ()
    hooks: tuple[str, ...] = field(default=())

    @property
    def kinds(self) -> tuple[Kind, ...]:
        """What it provides (or would, once enabled), in hook order, without repeats."""
        if self.provides:
            seen = dict.fromkeys(p.kind for p in self.provides)
        else:
            seen = dict.fromkeys(HOOK_KINDS[h] for h in self.hooks if h in HOOK_KINDS)
        return tuple(seen)

    @property
    def status(self) -> str:
        if self.error:
            return "failed"
        if self.loaded:
            return "on"
        return "on (not loaded)" if self.enabled else "off"


@dataclass(frozen=True, slots=True)
class Choice(Generic[T]):
    """An id looked up with a fallback: ``value`` is what to use; ``notice`` says
    why, as a code the edges word (:func:`freecell.plugin_host.reason_words.why_off`), when
    it is not what was asked for (else None)."""

    value: T
    notice: PluginReason | None = None

    @property
    def fell_back(self) -> bool:
        return self.notice is not None
