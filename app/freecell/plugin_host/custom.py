"""The Custom variant: a FreeCell family member chosen by its parameters.

A hook cannot return a dialog, so the Custom variant is a *parameterised id*: the
parameters are written into the id (``custom-3cells-8columns-suit-kings``), which
the built-in variants plugin resolves through ``freecell_resolve_variant`` and the
Custom variant dialog builds with :func:`custom_variant`.  Because the id carries
everything, a custom game keeps its own statistics, survives a restart in settings
and saved games, and works on the command line (``--variant custom-2cells-...``).
"""

from __future__ import annotations

import re
from dataclasses import replace

from freecell.engine import BuildRule, EmptyColumnRule, Variant
from freecell.engine.variant import MAX_CELLS, MAX_COLUMNS
from freecell.texts.variants import BUILD_PHRASES, BUILD_SHORT, CUSTOM_PREFIX, EMPTY_PHRASES

_CUSTOM_ID = re.compile(
    r"^custom-(?P<cells>\d+)cells-(?P<columns>\d+)columns-(?P<build>[a-z]+)-(?P<empty>[a-z]+)$"
)

CELL_RANGE = range(0, MAX_CELLS + 1)
COLUMN_RANGE = range(1, MAX_COLUMNS + 1)


def custom_variant_id(
    cells: int, columns: int, build: BuildRule, empty_column: EmptyColumnRule
) -> str:
    """The id that names a custom variant with these parameters."""
    return f"{CUSTOM_PREFIX}{cells}cells-{columns}columns-{build.value}-{empty_column.value}"


def custom_variant(
    cells: int = 4,
    columns: int = 8,
    build: BuildRule = BuildRule.ALTERNATE_COLOUR,
    empty_column: EmptyColumnRule = EmptyColumnRule.ANY_CARD,
) -> Variant:
    """A custom variant; raises ValueError with a sentence for impossible parameters.

    Its name and description are the English ones (the CLI's ids, logs);
    :mod:`freecell.texts.variants` words them in the player's language."""
    if cells not in CELL_RANGE:
        raise ValueError(f"a custom variant has 0 to {MAX_CELLS} free cells, not {cells}")
    if columns not in COLUMN_RANGE:
        raise ValueError(f"a custom variant has 1 to {MAX_COLUMNS} columns, not {columns}")
    cell_word = "cell" if cells == 1 else "cells"
    column_word = "column" if columns == 1 else "columns"
    variant = Variant(
        id=custom_variant_id(cells, columns, build, empty_column),
        name=f"Custom ({cells} {cell_word}, {columns} {column_word}, {BUILD_SHORT[build]})",
        cells=cells,
        columns=columns,
        build=build,
        empty_column=empty_column,
    )
    description = (
        f"{cells} free {cell_word}, {columns} {column_word}; {BUILD_PHRASES[build]}; "
        f"{EMPTY_PHRASES[empty_column]}."
    )
    return replace(variant, description=description)


def parse_custom_variant_id(variant_id: str) -> Variant | None:
    """The custom variant an id names, or None when it is not a well-formed custom id."""
    match = _CUSTOM_ID.match(variant_id)
    if match is None:
        return None
    try:
        variant = custom_variant(
            int(match["cells"]),
            int(match["columns"]),
            BuildRule(match["build"]),
            EmptyColumnRule(match["empty"]),
        )
    except ValueError:
        return None
    # "custom-04cells-..." is not the same id: only the canonical spelling resolves
    return variant if variant.id == variant_id else None


def custom_parameters(variant: Variant) -> tuple[int, int, BuildRule, EmptyColumnRule]:
    """The four parameters the Custom dialog edits, read from any variant (so the
    dialog can start from the variant being played)."""
    return variant.cells, variant.columns, variant.build, variant.empty_column


DEFAULT_CUSTOM_ID = custom_variant_id(4, 8, BuildRule.ALTERNATE_COLOUR, EmptyColumnRule.ANY_CARD)
