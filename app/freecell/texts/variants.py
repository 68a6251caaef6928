"""A variant's name and description in the player's language.

The built-in variants' names are marked in the engine (``N_``) and translated here;
a Custom variant's and a take-backs variant's are written from their parameters
(the engine's English ones are composed, so no catalogue entry could match them);
a plugin's variant keeps the words its plugin gave (its own catalogue's).
"""

from __future__ import annotations

from freecell.engine import (
    TAKE_BACKS_NAME,
    TAKE_BACKS_NOTE,
    BuildRule,
    EmptyColumnRule,
    Variant,
    split_take_backs,
)
from freecell.i18n import N_, _, ngettext, pgettext

CUSTOM_PREFIX = "custom-"  # (freecell.plugin_host.custom names its ids so)


def game_name() -> str:
    """The application's name in the player's language, as its desktop entry names it
    (フリーセル in Japanese): the window's title, the About box."""
    return pgettext("desktop Name", "FreeCell")


# Translators: how cards build down in the columns, inside "build down ..."-like
# sentences of a variant's short description
BUILD_PHRASES = {
    BuildRule.ALTERNATE_COLOUR: N_("build down in alternating colours"),
    BuildRule.SAME_SUIT: N_("build down in suit"),
    BuildRule.ANY_SUIT: N_("build down regardless of suit"),
}
# Translators: the build rule as a Custom variant's name gives it, in brackets:
# "Custom (3 cells, 8 columns, alternating colours)"
BUILD_SHORT = {
    BuildRule.ALTERNATE_COLOUR: N_("alternating colours"),
    BuildRule.SAME_SUIT: N_("in suit"),
    BuildRule.ANY_SUIT: N_("any suit"),
}
EMPTY_PHRASES = {
    EmptyColumnRule.ANY_CARD: N_("any card in empty columns"),
    EmptyColumnRule.KINGS_ONLY: N_("Kings only in empty columns"),
    EmptyColumnRule.NOTHING: N_("empty columns stay empty"),
}


def sentences(first: str, second: str) -> str:
    """Two sentences one after the other (Japanese puts no space between them)."""
    # Translators: how two sentences follow each other; Japanese writes "{first}{second}"
    return pgettext("sentences", "{first} {second}").format(first=first, second=second)


def _take_backs_base(variant: Variant) -> Variant | None:
    """The variant a take-backs variant was made from (by its id and name)."""
    base_id, on = split_take_backs(variant.id)
    suffix = TAKE_BACKS_NAME.format(variant="")
    if not on or not variant.name.endswith(suffix):
        return None
    from dataclasses import replace

    return replace(
        variant,
        id=base_id,
        name=variant.name.removesuffix(suffix),
        foundation_return=False,
        description=variant.description.removesuffix(TAKE_BACKS_NOTE).strip(),
    )


def _is_custom(variant: Variant) -> bool:
    return variant.id.startswith(CUSTOM_PREFIX)


def variant_name(variant: Variant) -> str:
    """``Baker's Game``, ``Custom (3 cells, 8 columns, in suit)``, ``FreeCell with
    take-backs``: as the menus, the title and the rules page name it."""
    base = _take_backs_base(variant)
    if base is not None:
        return _(TAKE_BACKS_NAME).format(variant=variant_name(base))
    if _is_custom(variant):
        # Translators: a Custom variant's name; {cells} is "3 cells", {columns}
        # "8 columns", {build} "alternating colours"
        return _("Custom ({cells}, {columns}, {build})").format(
            cells=ngettext("{n} cell", "{n} cells", variant.cells).format(n=variant.cells),
            columns=ngettext("{n} column", "{n} columns", variant.columns).format(
                n=variant.columns
            ),
            build=_(BUILD_SHORT[variant.build]),
        )
    return _(variant.name)


def variant_description(variant: Variant) -> str:
    """The variant's one-line summary (the Variant menu's tooltips, the rules page)."""
    base = _take_backs_base(variant)
    if base is not None:
        described = variant_description(base)
        note = _(TAKE_BACKS_NOTE)
        return sentences(described, note) if described else note
    if _is_custom(variant):
        # Translators: a Custom variant's summary: "3 free cells, 8 columns; build
        # down in suit; Kings only in empty columns."
        return _("{cells}, {columns}; {build}; {empty}.").format(
            cells=ngettext("{n} free cell", "{n} free cells", variant.cells).format(
                n=variant.cells
            ),
            columns=ngettext("{n} column", "{n} columns", variant.columns).format(
                n=variant.columns
            ),
            build=_(BUILD_PHRASES[variant.build]),
            empty=_(EMPTY_PHRASES[variant.empty_column]),
        )
    return _(variant.description) if variant.description else ""
