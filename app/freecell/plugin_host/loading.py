"""The player's plugins in two steps, so the first frame waits for no discovery.

1. :func:`first_frame_manager`: a manager with the built-in plugins the first frame
   shows (variants, scoring, card themes and surfaces), found by module name
   (``BUILTIN_PLUGINS``, which a test keeps equal to the entry points): no package
   metadata is read and no solver is imported, but what the table shows comes from
   their hooks, through the manager, as any plugin's would.
2. :func:`find_the_rest`: the entry points of every installed package (the
   built-ins' own records among them) and the user folder, each enabled plugin
   imported within the import limit.  It touches no manager state, so it may run in
   a worker thread (:func:`find_the_rest_in_background`); ``PluginManager.add_found``
   then registers what it found, on the thread that owns the manager.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path

from freecell.plugin_host.deadline import Imported, import_plugin
from freecell.plugin_host.discovery import (
    Candidate,
    builtin_candidates,
    default_user_plugin_dir,
    entry_point_candidates,
    user_folder_candidates,
)
from freecell.plugin_host.manager import PluginManager
from freecell.plugin_host.model import Source
from freecell.plugin_host.store import EnabledStore, settings_store

log = logging.getLogger("freecell.plugin_host")

# The built-in plugins whose offer the first frame shows; "solvers" waits for step 2.
FIRST_FRAME_BUILTINS = ("scoring", "themes", "variants")

Found = list[tuple[Candidate, Imported | None]]


def first_frame_manager(store: EnabledStore | None = None) -> PluginManager:
    """Step 1: the built-ins the first frame shows, as the player switched them."""
    return PluginManager(
        builtin_candidates(FIRST_FRAME_BUILTINS), store if store is not None else settings_store()
    )


def find_the_rest(
    enabled: dict[str, bool],
    have: frozenset[str],
    import_limit: float,
    *,
    user_plugin_dir: Path | None = None,
) -> Found:
    """Step 2: every plugin found, in the order a full start finds them, each
    enabled one (``enabled`` is the player's map) imported within ``import_limit``
    unless the manager ``have`` s it already."""
    candidates = entry_point_candidates()
    folder = user_plugin_dir if user_plugin_dir is not None else default_user_plugin_dir()
    candidates += user_folder_candidates(folder)
    found: Found = []
    for candidate in candidates:
        on = enabled.get(candidate.name, candidate.source is Source.BUILTIN)
        wanted = on and candidate.name not in have
        found.append((candidate, import_plugin(candidate, import_limit) if wanted else None))
    return found


def complete(manager: PluginManager) -> None:
    """Step 2 here and now (before the first frame, when the settings need it)."""
    have = frozenset(info.name for info in manager.plugins())
    manager.add_found(find_the_rest(manager.enabled_map, have, manager.limits[0]))


def find_the_rest_in_background(
    manager: PluginManager,
    deliver: Callable[[Callable[[], None]], None],
    then: Callable[[], None] = lambda: None,
) -> threading.Thread:
    """Step 2 in a worker thread; ``deliver(apply)`` must run ``apply`` on the
    manager's thread (the GUI's), where the plugins are registered and ``then``
    runs.  A slow import keeps only the worker waiting, never the window."""
    enabled = manager.enabled_map
    have = frozenset(info.name for info in manager.plugins())
    limit = manager.limits[0]

    def work() -> None:
        try:
            found = find_the_rest(enabled, have, limit)
        except Exception:
            log.exception("looking for plugins failed; the built-ins serve")
            found = []

        def apply() -> None:
            manager.add_found(found)
            then()

        deliver(apply)

    thread = threading.Thread(target=work, name="freecell-plugin-discovery", daemon=True)
    thread.start()
    return thread
