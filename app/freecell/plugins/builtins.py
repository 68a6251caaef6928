"""The built-in plugins by name, and whether a player's choices leave only them on.

Kept apart from discovery (which needs ``importlib.metadata``) so that a command
that only needs to know "nothing but the built-ins is on" pays for neither
discovery nor pluggy.
"""

from __future__ import annotations

from collections.abc import Mapping

# Used by discovery only when the freecell distribution's entry points are missing (a
# frozen app built without ``copy_metadata``, stale metadata); pyproject.toml's
# [project.entry-points.freecell] is the source of truth and a test keeps the two equal.
FALLBACK_BUILTINS: dict[str, str] = {
    "variants": "freecell_builtin_variants",
    "scoring": "freecell_builtin_scoring",
    "themes": "freecell_builtin_themes",
    "solvers": "freecell_builtin_solvers",
}


def only_builtins_on(enabled: Mapping[str, bool]) -> bool:
    """True when the player's enabled map (plugin name -> on) leaves every built-in
    plugin on and every other plugin off.  A plugin the map does not name keeps its
    default: on for a built-in, off for anything else (``PluginManager.is_enabled``)."""
    return all(on == (name in FALLBACK_BUILTINS) for name, on in enabled.items())
