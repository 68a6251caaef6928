"""Card themes (Classic, Four-colour, High contrast, and every SVG card deck the
desktop has installed: see :mod:`.card_decks`) and the table surfaces (green felt
and friends).  The painted themes' values live in :mod:`freecell.themes`; this
plugin offers them."""

from __future__ import annotations

from collections.abc import Iterable

from freecell import hookimpl
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES, CardTheme, TableSurface
from freecell_builtin_themes.card_decks import installed_decks


@hookimpl
def freecell_card_themes() -> Iterable[CardTheme]:
    return (*BUILTIN_THEMES, *installed_decks())


@hookimpl
def freecell_table_surfaces() -> Iterable[TableSurface]:
    return BUILTIN_SURFACES
