"""The player's solver backend as the session resolves it, for every search it asks.

``Settings.solver_backend`` names a backend by id.  Once the plugin manager is made
the id is looked up among what the enabled plugins provide
(:func:`freecell.plugin_host.solvers.choose_backend`); before that -- the first moments
after start-up, when only the built-in plugins are on -- a shipped backend is named
directly.  Either way the answer is a small picklable loader that the solver's
worker process turns into the backend; a backend that then fails there is replaced
by the built-in search for that request (see docs/solver.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from freecell.plugin_host import PluginManager
    from freecell.solver.backends import BackendLoader

BackendChoice = tuple[str, str, bool]
"""(id, display name, whether it can run here)."""


def resolve_backend(
    manager: PluginManager | None, backend_id: str
) -> tuple[BackendLoader, str | None]:
    """The loader for ``backend_id``, and a sentence when another stands in (its
    plugin is off, it cannot run here, or no solver plugin is on)."""
    # imported here, not at the top: the first frame needs no solver
    from freecell.solver.backends import BUILTIN_ID, ShippedBackend, available_backends

    if manager is None:
        if backend_id in available_backends():
            return ShippedBackend(backend_id), None
        return ShippedBackend(BUILTIN_ID), None  # said once the plugins are loaded
    from freecell.plugin_host.reason_words import fallback_text
    from freecell.plugin_host.reasons import PluginReason, Why
    from freecell.plugin_host.solvers import choose_backend

    choice = choose_backend(manager, backend_id)
    if choice.value is None:
        return ShippedBackend(BUILTIN_ID), fallback_text(PluginReason(Why.NO_SOLVER_PLUGIN))
    notice = None if choice.notice is None else fallback_text(choice.notice)
    return choice.value, notice


def backend_choices(manager: PluginManager | None) -> list[BackendChoice]:
    """What Preferences lists: every backend the enabled plugins provide, with
    whether it can run here (the shipped ones before the plugins are loaded)."""
    if manager is not None:
        from freecell.plugin_host.solvers import backend_options

        return [(o.id, o.label, o.available) for o in backend_options(manager)]
    from freecell.solver.backends import builtin_backends, unavailable_label

    listed: list[BackendChoice] = []
    for backend in builtin_backends():
        ready = backend.available()
        name = backend.name if ready else unavailable_label(backend.name)
        listed.append((backend.id, name, ready))
    return listed
