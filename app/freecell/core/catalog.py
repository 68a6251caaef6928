"""What the player can choose from: variants, card themes and table surfaces."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from freecell.engine import BUILTIN_VARIANTS, FREECELL, Variant, resolve_take_backs
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES, CardTheme, TableSurface


@dataclass(frozen=True)
class Catalog:
    """The choices on offer; the plugin manager fills it (see
    :func:`freecell.core.plugins.catalog_of`).  The defaults are the values the
    built-in plugins offer -- the same objects (a test holds them to it)."""

    variants: Sequence[Variant] = BUILTIN_VARIANTS
    themes: Sequence[CardTheme] = BUILTIN_THEMES
    surfaces: Sequence[TableSurface] = BUILTIN_SURFACES
    # a plugin's words for a variant's rules (None: the page is written from its parameters)
    variant_rules: Callable[[Variant], str | None] = field(default=lambda _variant: None)

    def theme(self, theme_id: str) -> CardTheme:
        return next((t for t in self.themes if t.id == theme_id), self.themes[0])

    def surface(self, surface_id: str) -> TableSurface:
        return next((s for s in self.surfaces if s.id == surface_id), self.surfaces[0])

    def variant(self, variant_id: str) -> Variant:
        """The listed variant with this id (FreeCell when none is), with the take-back
        option its id may name (``freecell-takebacks``)."""

        def listed(wanted: str) -> Variant:
            return next((v for v in self.variants if v.id == wanted), FREECELL)

        if any(v.id == variant_id for v in self.variants):
            return listed(variant_id)
        return resolve_take_backs(variant_id, listed)
