"""The application core: a Qt-free :class:`Session` that owns the command bus,
the settings and storage, the plugin manager, scoring, the solver services and the
analysis, and publishes application events (see docs/architecture.md).

Below the UI and above the engine, solver, analysis, storage and plugins; the GUI
and the CLI are built on it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from freecell.core.catalog import Catalog
from freecell.core.plugins import PluginHandle, builtins_suffice
from freecell.core.services import HintService, LazyService, default_service
from freecell.core.session import Session
from freecell.lazy import lazy_names

if TYPE_CHECKING:
    from freecell.core.events import (
        AppEvent,
        AppSubscriber,
        BackendChanged,
        GameAbandoned,
        GameFinished,
        GameStarted,
        PluginsChanged,
        SettingsChanged,
        VariantChanged,
    )

# The application events are imported with the first one: the first frame has none.
_LAZY = {
    name: "events"
    for name in (
        "AppEvent",
        "AppSubscriber",
        "BackendChanged",
        "GameAbandoned",
        "GameFinished",
        "GameStarted",
        "PluginsChanged",
        "SettingsChanged",
        "VariantChanged",
    )
}

__getattr__ = lazy_names(__name__, _LAZY)

__all__ = [
    "AppEvent",
    "AppSubscriber",
    "BackendChanged",
    "Catalog",
    "GameAbandoned",
    "GameFinished",
    "GameStarted",
    "HintService",
    "LazyService",
    "PluginHandle",
    "PluginsChanged",
    "Session",
    "SettingsChanged",
    "VariantChanged",
    "builtins_suffice",
    "default_service",
]
