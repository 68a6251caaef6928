"""The plugin manager as the session holds it: made when first needed.

Making the manager is a large part of a start (importlib.metadata, pluggy, every
enabled plugin imported and asked; docs/architecture.md has the figure).  When the
settings need nothing beyond the built-in plugins (:func:`builtins_suffice`), the
first frame is built from the values those plugins offer -- the defaults of
:class:`~freecell.core.catalog.Catalog`, the same objects -- and the manager is made
right after the first paint; otherwise at once, before anything is shown.  Either way
the session brings the table in line with the manager through one path
(``Session.attach_plugins``), the one a plugin switched on or off at run time takes.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

from freecell.core.catalog import Catalog
from freecell.scoring import NO_SCORING, STANDARD_SCORING, ScoringScheme
from freecell.storage import Settings

if TYPE_CHECKING:
    from freecell.plugins import PluginManager

log = logging.getLogger(__name__)

# The scoring schemes the built-in scoring plugin offers.
BUILTIN_SCORING: tuple[ScoringScheme, ...] = (NO_SCORING, STANDARD_SCORING)

# The entry points of this distribution's own plugins (pyproject.toml,
# [project.entry-points.freecell], sources in builtin_plugins/); on by default,
# and everything else off.
BUILTIN_PLUGINS = frozenset({"variants", "scoring", "themes", "solvers"})


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
    ) -> None:
        self._factory = factory
        self._manager = manager
        self.made = manager is not None or factory is None

    @classmethod
    def default(cls) -> PluginHandle:
        """The player's plugins: the settings file's enabled map, the user folder."""

        def make() -> PluginManager:
            from freecell.plugins import create_manager

            return create_manager()

        return cls(make)

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
