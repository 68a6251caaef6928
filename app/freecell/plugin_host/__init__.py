"""Plugins: pluggy hooks for variants, scoring schemes, card themes and surfaces,
solver backends and game events.  No Qt here.

- :mod:`.hookspecs` — every hook, documented (``docs/plugins.md`` explains them).
- :func:`create_manager` — a fresh :class:`PluginManager` (there is no global one).
- ``hookimpl`` — the marker plugins use (also ``from freecell import hookimpl``).

The names below are imported on first use, so that importing a module of the
package (``freecell.plugin_host.custom``, say) costs neither pluggy nor the manager.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from freecell.lazy import lazy_names

if TYPE_CHECKING:
    from freecell.plugin_host.custom import (
        custom_variant,
        custom_variant_id,
        parse_custom_variant_id,
    )
    from freecell.plugin_host.manager import PluginManager, create_manager
    from freecell.plugin_host.markers import PROJECT_NAME, hookimpl, hookspec
    from freecell.plugin_host.model import (
        Choice,
        Kind,
        Notice,
        PluginError,
        PluginInfo,
        Provided,
        Source,
    )
    from freecell.plugin_host.offerings import DEFAULT_SOLVER_ID
    from freecell.plugin_host.store import (
        EnabledStore,
        MemoryStore,
        SettingsEnabledStore,
        settings_store,
    )

_LAZY = {
    "PROJECT_NAME": "markers",
    "hookimpl": "markers",
    "hookspec": "markers",
    "custom_variant": "custom",
    "custom_variant_id": "custom",
    "parse_custom_variant_id": "custom",
    "DEFAULT_SOLVER_ID": "offerings",
    "PluginError": "model",
    "PluginManager": "manager",
    "create_manager": "manager",
    "Choice": "model",
    "Kind": "model",
    "Notice": "model",
    "PluginInfo": "model",
    "Provided": "model",
    "Source": "model",
    "EnabledStore": "store",
    "MemoryStore": "store",
    "SettingsEnabledStore": "store",
    "settings_store": "store",
}


__getattr__ = lazy_names(__name__, _LAZY)


__all__ = [
    "DEFAULT_SOLVER_ID",
    "PROJECT_NAME",
    "Choice",
    "EnabledStore",
    "Kind",
    "MemoryStore",
    "Notice",
    "PluginError",
    "PluginInfo",
    "PluginManager",
    "Provided",
    "SettingsEnabledStore",
    "Source",
    "create_manager",
    "custom_variant",
    "custom_variant_id",
    "hookimpl",
    "hookspec",
    "parse_custom_variant_id",
    "settings_store",
]
