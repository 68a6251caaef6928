"""The player's solver backend, named by plugin and id so another process can load it.

The ``freecell_solver_backends`` hook gives the plugin manager backend *objects*,
but searches run in worker processes.  Pickling a plugin's object there would fail
for a user-folder plugin (its module, ``freecell_user_plugin_<name>``, cannot be
imported by name in a fresh process) and for any backend holding a handle or a
closure.  So a :class:`PluginBackend` carries only names -- the backend id, the
plugin's name, where it was found -- and :meth:`PluginBackend.load` finds that one
plugin again with the same discovery code, loads it alone (the other plugins' code
never runs in a solver process), and asks it for the backend.  When it cannot, it
says why in the player's words: it runs in the worker, which has set the language
chosen in Preferences (each request carries it) before it loads a backend.

:func:`backend_options` lists what Preferences and ``freecell-cli`` offer;
:func:`choose_backend` turns the remembered id into a loader.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from freecell.i18n import _
from freecell.plugin_host.discovery import Candidate, entry_point_candidates, user_folder_candidates
from freecell.plugin_host.manager import PluginManager
from freecell.plugin_host.model import Choice, Kind, Source
from freecell.plugin_host.offerings import DEFAULT_SOLVER_ID
from freecell.plugin_host.store import MemoryStore
from freecell.solver.api import SolverBackend
from freecell.solver.backends import UnknownBackend, unavailable_label


@dataclass(frozen=True, slots=True)
class PluginBackend:
    """A :class:`~freecell.solver.backends.BackendLoader` for a plugin's backend."""

    backend_id: str
    backend_name: str
    plugin: str
    source: Source
    location: str  # a user-folder plugin's file; an entry point's distribution

    def load(self) -> SolverBackend:
        """Load the plugin alone and return its backend with this id; else raise
        :class:`UnknownBackend` with the reason, in the player's language (the
        sentence the guard puts inside "could not be loaded (...)")."""
        manager = PluginManager([self._candidate()], MemoryStore({self.plugin: True}))
        for notice in manager.take_notices():
            # the manager turned the plugin off here: its reason, as the dialog says it
            from freecell.plugin_host.reason_words import why_off

            said = _("Plugin {name}: {why}").format(name=notice.plugin, why=why_off(notice.reason))
            raise UnknownBackend(said)
        for backend in manager.solver_backends():
            if backend.id == self.backend_id:
                return backend
        # Translators: {plugin} is a plugin's name, {backend} a solver's id (marker)
        said = _("the plugin {plugin} no longer provides the solver {backend}")
        raise UnknownBackend(said.format(plugin=self.plugin, backend=self.backend_id))

    def _candidate(self) -> Candidate:
        if self.source is Source.USER_FOLDER:
            found = user_folder_candidates(Path(self.location).parent)
        else:
            found = entry_point_candidates()
        for candidate in found:
            if candidate.name == self.plugin and candidate.source is self.source:
                return candidate
        # Translators: {plugin} is a plugin's name; the solver runs in a process of its own
        said = _("the plugin {plugin} is not installed where the solver runs")
        raise UnknownBackend(said.format(plugin=self.plugin))


@dataclass(frozen=True, slots=True)
class BackendOption:
    """One entry of the backend choice: what it is, who provides it, can it run."""

    id: str
    name: str
    plugin: str
    available: bool

    @property
    def label(self) -> str:
        return self.name if self.available else unavailable_label(self.name)


def backend_options(manager: PluginManager) -> list[BackendOption]:
    """Every backend the enabled plugins provide, available here or not, in plugin
    order (the built-in solver first)."""
    return [
        BackendOption(
            backend.id,
            backend.name,
            manager.provider(Kind.SOLVER, backend.id) or "",
            manager.backend_available(backend),
        )
        for backend in manager.solver_backends()
    ]


def backend_loader(manager: PluginManager, backend: SolverBackend) -> PluginBackend:
    """The loader for a backend this manager collected."""
    plugin = manager.provider(Kind.SOLVER, backend.id)
    if plugin is None:
        raise KeyError(f"no enabled plugin provides solver backend {backend.id!r}")
    info = manager.plugin(plugin)
    return PluginBackend(backend.id, backend.name, plugin, info.source, info.location)


def choose_backend(manager: PluginManager, backend_id: str) -> Choice[PluginBackend | None]:
    """The loader for the remembered backend id: that backend when an enabled plugin
    provides it and it can run here, else the built-in one with a reason (see
    :meth:`PluginManager.choose_solver_backend`); None when no solver is left."""
    choice = manager.choose_solver_backend(backend_id)
    if choice.value is None:
        return Choice(None, choice.notice)
    return Choice(backend_loader(manager, choice.value), choice.notice)


__all__ = [
    "DEFAULT_SOLVER_ID",
    "BackendOption",
    "PluginBackend",
    "backend_loader",
    "backend_options",
    "choose_backend",
]
