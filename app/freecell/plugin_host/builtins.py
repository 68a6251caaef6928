"""The built-in plugins by name, and whether a player's choices leave only them on.

Kept apart from discovery (which needs ``importlib.metadata``) so that a command
that only needs to know "nothing but the built-ins is on" pays for neither
discovery nor pluggy.
"""

from __future__ import annotations

from collections.abc import Mapping

# The one list of the built-in plugins (name -> module, in plugins/ at the repository's
# root).  setup.py writes the distribution's entry points (group "freecell") from it,
# so they register exactly as a third party's plugin does; discovery reads it by module
# name when the entry points are missing (a frozen app built without ``copy_metadata``,
# stale metadata), and the core's built-in defaults are keyed on it.
BUILTIN_PLUGINS: dict[str, str] = {
    "variants": "freecell_builtin_variants",
    "scoring": "freecell_builtin_scoring",
    "themes": "freecell_builtin_themes",
    "solvers": "freecell_builtin_solvers",
}


def only_builtins_on(enabled: Mapping[str, bool]) -> bool:
    """True when the player's enabled map (plugin name -> on) leaves every built-in
    plugin on and every other plugin off.  A plugin the map does not name keeps its
    default: on for a built-in, off for anything else (``PluginManager.is_enabled``)."""
    return all(on == (name in BUILTIN_PLUGINS) for name, on in enabled.items())
