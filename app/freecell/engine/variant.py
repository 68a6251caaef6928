"""Variants as data: one rule set, many parameters (the kpat way).

A :class:`Variant` is a small frozen value; the rules read it and never switch on a
variant's name.  The built-in variants below are the FreeCell family that players
know; plugins may add others by returning more ``Variant`` values.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from enum import Enum

from freecell.i18n import N_


class BuildRule(Enum):
    """How cards build down in the tableau."""

    ALTERNATE_COLOUR = "alternate"
    SAME_SUIT = "suit"
    ANY_SUIT = "any"


class EmptyColumnRule(Enum):
    """What an empty column accepts."""

    ANY_CARD = "any"
    KINGS_ONLY = "kings"
    NOTHING = "none"


MAX_CELLS = 8
MAX_COLUMNS = 10  # notation names ten columns: 1-9 and 0


@dataclass(frozen=True, slots=True)
class Variant:
    """The parameters of one FreeCell-family game.

    ``cards_in_cells`` cards of the deal go to the free cells (the last ones dealt);
    the rest are dealt row by row into the columns.  ``supermove`` says whether a run
    moves as a unit (limited by free cells and empty columns) or only single cards
    move.  ``foundation_return`` allows taking the top card back off a foundation.
    """

    id: str
    name: str
    cells: int = 4
    columns: int = 8
    cards_in_cells: int = 0
    build: BuildRule = BuildRule.ALTERNATE_COLOUR
    empty_column: EmptyColumnRule = EmptyColumnRule.ANY_CARD
    supermove: bool = True
    foundation_return: bool = False
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        if not 0 <= self.cells <= MAX_CELLS:
            raise ValueError(f"a variant has 0 to {MAX_CELLS} free cells, not {self.cells}")
        if not 1 <= self.columns <= MAX_COLUMNS:
            raise ValueError(f"a variant has 1 to {MAX_COLUMNS} columns, not {self.columns}")
        if not 0 <= self.cards_in_cells <= self.cells:
            raise ValueError(f"{self.cards_in_cells} cards cannot start in {self.cells} free cells")
        if not self.id or not self.id.replace("-", "").replace("_", "").isalnum():
            raise ValueError(f"variant id {self.id!r} must be letters, digits, - or _")


FREECELL = Variant(
    id="freecell",
    name=N_("FreeCell"),
    description=N_("Four free cells, eight columns, build down in alternating colours."),
)
THREE_CELL = Variant(
    id="freecell-3",
    name=N_("FreeCell (3 cells)"),
    cells=3,
    description=N_("FreeCell with three free cells."),
)
TWO_CELL = Variant(
    id="freecell-2",
    name=N_("FreeCell (2 cells)"),
    cells=2,
    description=N_("FreeCell with two free cells."),
)
ONE_CELL = Variant(
    id="freecell-1",
    name=N_("FreeCell (1 cell)"),
    cells=1,
    description=N_("FreeCell with a single free cell."),
)
BAKERS_GAME = Variant(
    id="bakers-game",
    name=N_("Baker's Game"),
    build=BuildRule.SAME_SUIT,
    description=N_("FreeCell's ancestor: build down in suit."),
)
EIGHT_OFF = Variant(
    id="eight-off",
    name=N_("Eight Off"),
    cells=8,
    cards_in_cells=4,
    build=BuildRule.SAME_SUIT,
    empty_column=EmptyColumnRule.KINGS_ONLY,
    description=N_(
        "Eight cells, four of them filled at the start; build in suit; "
        "only Kings fill an empty column."
    ),
)
SEAHAVEN_TOWERS = Variant(
    id="seahaven",
    name=N_("Seahaven Towers"),
    cells=4,
    columns=10,
    cards_in_cells=2,
    build=BuildRule.SAME_SUIT,
    empty_column=EmptyColumnRule.KINGS_ONLY,
    description=N_(
        "Ten columns of five, two cards in the cells; build in suit; "
        "only Kings fill an empty column."
    ),
)
FORECELL = Variant(
    id="forecell",
    name=N_("Forecell"),
    cells=4,
    cards_in_cells=4,
    empty_column=EmptyColumnRule.KINGS_ONLY,
    description=N_("FreeCell with the cells filled at the start and only Kings in empty columns."),
)

BUILTIN_VARIANTS: tuple[Variant, ...] = (
    FREECELL,
    THREE_CELL,
    TWO_CELL,
    ONE_CELL,
    BAKERS_GAME,
    EIGHT_OFF,
    SEAHAVEN_TOWERS,
    FORECELL,
)


# Taking cards back off the foundations is a rule option on any variant.  The option
# lives in the id ("freecell-takebacks"), so games with it keep their own statistics,
# settings and saved games, and the command line names it like any variant.
TAKE_BACKS_SUFFIX = "-takebacks"
# Translators: a variant with the take-back option on: "Baker's Game with take-backs"
TAKE_BACKS_NAME = N_("{variant} with take-backs")
TAKE_BACKS_NOTE = N_("Cards may come back off the foundations.")


def split_take_backs(variant_id: str) -> tuple[str, bool]:
    """``("freecell", True)`` for ``"freecell-takebacks"``; ``(id, False)`` otherwise."""
    if variant_id.endswith(TAKE_BACKS_SUFFIX) and len(variant_id) > len(TAKE_BACKS_SUFFIX):
        return variant_id.removesuffix(TAKE_BACKS_SUFFIX), True
    return variant_id, False


def take_backs_id(base_id: str, on: bool) -> str:
    """The id of ``base_id`` with the take-back option on or off."""
    base, _ = split_take_backs(base_id)
    return base + TAKE_BACKS_SUFFIX if on else base


def with_take_backs(variant: Variant) -> Variant:
    """``variant`` where the top card of a foundation may come back into play; a
    variant that allows it by itself is returned as it is."""
    if variant.foundation_return:
        return variant
    return replace(
        variant,
        id=variant.id + TAKE_BACKS_SUFFIX,
        name=TAKE_BACKS_NAME.format(variant=variant.name),
        foundation_return=True,
        description=f"{variant.description} {TAKE_BACKS_NOTE}".strip(),
    )


def resolve_take_backs(variant_id: str, lookup: Callable[[str], Variant]) -> Variant:
    """Look up ``variant_id`` with ``lookup``, applying the take-back option its id
    names (the base is looked up without it)."""
    base, on = split_take_backs(variant_id)
    if not on:
        return lookup(variant_id)
    return with_take_backs(lookup(base))


def builtin_variant(variant_id: str) -> Variant:
    """Look a built-in variant up by id (take-backs included); raise KeyError with
    the known ids."""
    return resolve_take_backs(variant_id, _builtin)


def _builtin(variant_id: str) -> Variant:
    for variant in BUILTIN_VARIANTS:
        if variant.id == variant_id:
            return variant
    known = ", ".join(v.id for v in BUILTIN_VARIANTS)
    raise KeyError(f"unknown variant {variant_id!r} (known: {known})")
