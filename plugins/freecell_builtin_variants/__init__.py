"""The FreeCell family: FreeCell, 3/2/1-cell FreeCell, Baker's Game, Eight Off,
Seahaven Towers, Forecell, and Custom variants chosen by their parameters.

A built-in plugin like any other: registered under the ``freecell`` entry-point
group in pyproject.toml and switched off the same way.
"""

from __future__ import annotations

from collections.abc import Iterable

from freecell import hookimpl
from freecell.engine import BUILTIN_VARIANTS, Variant
from freecell.i18n import N_
from freecell.plugin_host.custom import parse_custom_variant_id

# the docstring's first paragraph, which the Plugins dialog shows: in the catalogue
DESCRIPTION = N_(
    "The FreeCell family: FreeCell, 3/2/1-cell FreeCell, Baker's Game, Eight Off, Seahaven "
    "Towers, Forecell, and Custom variants chosen by their parameters."
)


@hookimpl
def freecell_variants() -> Iterable[Variant]:
    return BUILTIN_VARIANTS


@hookimpl
def freecell_resolve_variant(variant_id: str) -> Variant | None:
    return parse_custom_variant_id(variant_id)


# shown by ``freecell-cli plugins`` and the Plugins dialog
freecell_resolve_variant.id_pattern = "custom-<N>cells-<N>columns-<build>-<empty>"  # type: ignore[attr-defined]
