"""Card themes (Classic, Four-colour, High contrast, and every SVG card deck the
desktop has installed) and the table surfaces (green felt and friends).

The decks are found by :mod:`.card_decks`; the painted themes' values live in
:mod:`freecell.themes`, and this plugin offers them.
"""

from __future__ import annotations

from collections.abc import Iterable

from freecell import hookimpl
from freecell.i18n import N_
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES, CardTheme, TableSurface
from freecell_builtin_themes.card_decks import installed_decks

# the docstring's first paragraph, which the Plugins dialog shows: in the catalogue
DESCRIPTION = N_(
    "Card themes (Classic, Four-colour, High contrast, and every SVG card deck the desktop "
    "has installed) and the table surfaces (green felt and friends)."
)


@hookimpl
def freecell_card_themes() -> Iterable[CardTheme]:
    return (*BUILTIN_THEMES, *installed_decks())


@hookimpl
def freecell_table_surfaces() -> Iterable[TableSurface]:
    return BUILTIN_SURFACES
