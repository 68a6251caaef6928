"""Card themes (Classic, Four-colour, High contrast) and the table surfaces (green
felt and friends).  The values live in :mod:`freecell.themes`; this plugin offers
them."""

from __future__ import annotations

from collections.abc import Iterable

from freecell import hookimpl
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES, CardTheme, TableSurface


@hookimpl
def freecell_card_themes() -> Iterable[CardTheme]:
    return BUILTIN_THEMES


@hookimpl
def freecell_table_surfaces() -> Iterable[TableSurface]:
    return BUILTIN_SURFACES
