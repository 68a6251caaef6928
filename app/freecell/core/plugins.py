"""The plugin manager as the session holds it, made in two steps.

The first frame comes from a manager holding the built-in plugins it shows
(:func:`freecell.plugin_host.loading.first_frame_manager`): no package metadata is
read, no solver imported.  The rest -- the installed packages' plugins, the user
folder, the built-in solvers -- is found after the first paint, imported in a
worker thread within the import limit, and registered on the GUI thread
(:meth:`PluginHandle.complete_in_background`); then the session attaches the
manager (``Session.attach_plugins``), the path a plugin switched on or off at run
time takes.  When the settings need more than the built-ins offer
(:func:`builtins_suffice`), both steps run before anything is shown.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from freecell.core.catalog import Catalog
from freecell.engine import Variant, builtin_variant
from freecell.plugin_host.builtins import BUILTIN_PLUGINS
from freecell.scoring import BUILTIN_SCORING, NO_SCORING, ScoringScheme
from freecell.storage import Settings

if TYPE_CHECKING:
    from freecell.plugin_host import PluginManager

log = logging.getLogger(__name__)


def builtins_suffice(stored: Settings) -> bool:
    """Whether the plugins would give this first frame nothing the built-in values do
    not: no plugin of ours switched off, and the variant, theme, surface and scoring
    chosen are the built-in ones.  (A plugin may not offer an id another already
    offers, so another plugin switched on changes nothing in this frame: it is
    loaded after the first paint, within its time limit, and a slow or broken one
    never keeps the built-in game from the screen.)"""
    builtin = Catalog()
    return (
        all(on for name, on in stored.enabled_plugins.items() if name in BUILTIN_PLUGINS)
        and any(v.id == stored.variant for v in builtin.variants)
        and any(t.id == stored.theme for t in builtin.themes)
        and any(s.id == stored.surface for s in builtin.surfaces)
        and any(s.id == stored.scoring for s in BUILTIN_SCORING)
    )


def catalog_of(manager: PluginManager) -> Catalog:
    """The variants, themes and surfaces the enabled plugins offer now."""
    return Catalog(
        manager.variants(),
        manager.card_themes(),
        manager.table_surfaces(),
        variant_rules=manager.variant_rules,
    )


class PluginHandle:
    """The plugin manager, made on the first :meth:`manager` call (or given)."""

    def __init__(
        self,
        factory: Callable[[], PluginManager] | None = None,
        *,
        manager: PluginManager | None = None,
        partial: bool = False,
    ) -> None:
        self._factory = factory
        self._manager = manager
        self.made = manager is not None or factory is None
        self.partial = partial
        """Whether the manager holds only the first frame's plugins so far."""

    @classmethod
    def default(cls) -> PluginHandle:
        """The player's plugins: the settings file's enabled map, the user folder;
        the first frame's built-ins first (see the module's docstring)."""

        def make() -> PluginManager:
            from freecell.plugin_host.loading import first_frame_manager

            return first_frame_manager()

        return cls(make, partial=True)

    def manager(self) -> PluginManager | None:
        """The manager, made now if it was not; None when it cannot be made (the
        built-ins serve) or when this handle has none (tests, bare sessions)."""
        if not self.made:
            self.made = True
            assert self._factory is not None
            try:
                self._manager = self._factory()
            except Exception:
                log.exception("plugins could not be loaded; using the built-ins")
        return self._manager

    def complete(self) -> None:
        """Find and load the rest of the plugins now (this thread waits)."""
        manager = self.manager()
        if self.partial and manager is not None:
            from freecell.plugin_host.loading import complete

            self.partial = False
            complete(manager)

    def complete_in_background(
        self, deliver: Callable[[Callable[[], None]], None], then: Callable[[], None]
    ) -> None:
        """Find and import the rest in a worker thread; ``deliver`` hands the
        registering to the manager's thread, where ``then`` runs afterwards (at once
        when nothing is left to find)."""
        manager = self.manager()
        if not self.partial or manager is None:
            then()
            return
        from freecell.plugin_host.loading import find_the_rest_in_background

        def done() -> None:
            self.partial = False
            then()

        find_the_rest_in_background(manager, deliver, done)

    def variant(self, variant_id: str) -> Variant:
        """The variant with this id, from every plugin (found now if a first-frame
        manager does not know it); KeyError or ValueError for an unknown id."""
        manager = self.manager()
        if manager is None:
            return builtin_variant(variant_id)
        try:
            return manager.variant(variant_id)
        except KeyError:
            if not self.partial:
                raise
        self.complete()
        return manager.variant(variant_id)

    @property
    def current(self) -> PluginManager | None:
        """The manager if made already (never makes it)."""
        return self._manager

    def catalog(self) -> Catalog:
        """What the manager offers, or the built-ins' offer before (or without) it."""
        return catalog_of(self._manager) if self._manager is not None else Catalog()

    def scoring(self, scheme_id: str) -> ScoringScheme:
        """The scheme for ``scheme_id`` (the built-in offer before the manager)."""
        if self._manager is not None:
            return self._manager.choose_scoring_scheme(scheme_id).value
        return next((s for s in BUILTIN_SCORING if s.id == scheme_id), NO_SCORING)

    def scoring_schemes(self) -> list[ScoringScheme]:
        if self._manager is not None:
            return self._manager.scoring_schemes()
        return list(BUILTIN_SCORING)
