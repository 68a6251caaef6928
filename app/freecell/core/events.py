"""Application events: what the :class:`~freecell.core.session.Session` tells the
window, its panels and features about changes that are not moves.

They are published the way the command bus publishes game events: immutable
dataclasses, handed in order to every subscriber of ``Session.subscribe``.  A
change at run time is one of these events, and whoever shows something rebuilds
it from the session's state as a fresh start would (see docs/architecture.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from freecell.core.catalog import Catalog
from freecell.engine import Game, Variant
from freecell.storage import Settings


@dataclass(frozen=True, slots=True)
class AppEvent:
    """The base of every application event."""


@dataclass(frozen=True, slots=True)
class SettingsChanged(AppEvent):
    """The player's settings changed; ``changed`` names the fields that differ."""

    old: Settings
    new: Settings
    changed: frozenset[str]


@dataclass(frozen=True, slots=True)
class VariantChanged(AppEvent):
    """The game on the table is of another variant than the one before."""

    old: Variant
    new: Variant


@dataclass(frozen=True, slots=True)
class PluginsChanged(AppEvent):
    """What the plugins offer changed (made at start-up, one switched on or off);
    ``notices`` are sentences for the player (a theme replaced, a plugin failed)."""

    catalog: Catalog
    notices: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class BackendChanged(AppEvent):
    """The solver backend serving hints, live checks, ratings and the stepper."""

    old: str
    new: str


@dataclass(frozen=True, slots=True)
class GameStarted(AppEvent):
    """A game is on the table: a new deal, a replay, a loaded board."""

    game: Game


@dataclass(frozen=True, slots=True)
class GameFinished(AppEvent):
    """The game on the table was won."""

    game: Game


@dataclass(frozen=True, slots=True)
class GameAbandoned(AppEvent):
    """A game with moves made was left for another before it was won."""

    game: Game


AppSubscriber = Callable[[AppEvent], None]

__all__ = [
    "AppEvent",
    "AppSubscriber",
    "BackendChanged",
    "GameAbandoned",
    "GameFinished",
    "GameStarted",
    "PluginsChanged",
    "SettingsChanged",
    "VariantChanged",
]
