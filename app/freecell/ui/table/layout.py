"""Where every pile and card goes on the table: plain arithmetic, no Qt.

Kept apart from the scene so the maths can be tested and reasoned about without a
window: given the view's size, the variant's shape, the chosen card size and the
position, it returns rectangles in scene coordinates (which are view pixels).

The top row holds the free cells from the left edge and the four foundations from
the right edge; the columns sit below.  When the cells and foundations together
are wider than the columns (Eight Off), the columns are centred under them.
The card size and every pile's place depend on the view's size, the variant and
the settings only (see ``COLUMN_ROOM``): a long column compresses its overlap so
it stays on screen, down to a floor that still shows each card's corner index;
only a column that does not fit even then shrinks the cards, and below the
size's floor the table grows and the view scrolls rather than hide an index.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import StrEnum

from freecell.engine import Position, Variant
from freecell.i18n import N_

CARD_ASPECT = 1.4  # height / width, like a poker card (63 x 88 mm)


class CardSize(StrEnum):
    SMALL = "small"
    MEDIUM = "medium"
    LARGE = "large"
    EXTRA_LARGE = "extra-large"
    FIT = "fit"

    @property
    def label(self) -> str:
        return {
            CardSize.SMALL: N_("Small"),
            CardSize.MEDIUM: N_("Medium"),
            CardSize.LARGE: N_("Large"),
            CardSize.EXTRA_LARGE: N_("Extra large"),
            CardSize.FIT: N_("Fit to window"),
        }[self]


# Card widths in device-independent pixels for the fixed sizes.
CARD_WIDTHS = {
    CardSize.SMALL: 72,
    CardSize.MEDIUM: 96,
    CardSize.LARGE: 124,
    CardSize.EXTRA_LARGE: 164,
}
MIN_FIT_WIDTH = 48
# In large print "fit" never goes below Small cards, whose corner index is still
# 13 pt tall (the accessibility promise); a smaller window scrolls instead.
LARGE_PRINT_MIN_FIT_WIDTH = CARD_WIDTHS[CardSize.SMALL]
# as large as a 4K screen allows (3840 x 2160 gives ~330 px cards: height decides)
MAX_FIT_WIDTH = 360


@dataclass(frozen=True, slots=True)
class Rect:
    x: float
    y: float
    w: float
    h: float

    def contains(self, px: float, py: float) -> bool:
        return self.x <= px < self.x + self.w and self.y <= py < self.y + self.h

    def intersection_area(self, other: Rect) -> float:
        dx = min(self.x + self.w, other.x + other.w) - max(self.x, other.x)
        dy = min(self.y + self.h, other.y + other.h) - max(self.y, other.y)
        return dx * dy if dx > 0 and dy > 0 else 0.0

    @property
    def centre(self) -> tuple[float, float]:
        return (self.x + self.w / 2, self.y + self.h / 2)


def strip_fraction(large_print: bool) -> float:
    """The part of a card's height its corner index needs when overlapped.

    The renderer draws the index inside this band (see ``card_faces.index_metrics``),
    so the overlap never hides it.
    """
    return 0.30 if large_print else 0.22


@dataclass(frozen=True, slots=True)
class TableLayout:
    """The geometry of one table: card size, pile slots and per-column overlap."""

    card_w: float
    card_h: float
    cells: tuple[Rect, ...]
    foundations: tuple[Rect, ...]
    columns: tuple[Rect, ...]  # the slot of each column's first card
    column_zones: tuple[Rect, ...]  # each column's whole height, for drops
    offsets: tuple[float, ...]  # vertical step between cards, per column
    width: float
    height: float

    def card_rect(self, column: int, depth: int) -> Rect:
        slot = self.columns[column]
        return Rect(slot.x, slot.y + depth * self.offsets[column], self.card_w, self.card_h)


def _group_gap(variant: Variant) -> float:
    """Extra space, in card widths, between the free cells and the foundations when
    the top row is wider than the columns (Eight Off), so the two groups read apart."""
    return 0.4 if variant.cells + 4 > variant.columns else 0.0


# The room a column is given below its first card, whatever it holds now: a whole
# suit, King to Ace (13 cards), at the tightest overlap.  The card size is chosen
# for this room, so the cards on the table never change it; a longer column (a
# dealt one with a long run on it) shrinks the cards, and only until the window's
# size, the variant, the settings or the deal change.
COLUMN_ROOM = 13
MAX_GAP = 0.34  # the widest gap between piles, in card widths


def _floor_width(size: CardSize, large_print: bool, text_scale: float) -> float:
    """The narrowest card a size is ever shown at; below it the view scrolls."""
    floor = LARGE_PRINT_MIN_FIT_WIDTH if large_print else MIN_FIT_WIDTH
    if size is CardSize.FIT:
        return floor
    return min(_asked_width(size, text_scale), max(floor, CARD_WIDTHS[CardSize.SMALL]))


def _asked_width(size: CardSize, text_scale: float) -> float:
    return float(round(CARD_WIDTHS[size] * max(1.0, text_scale)))


def fit_card_width(view_w: float, view_h: float, variant: Variant, large_print: bool) -> float:
    """The largest card width whose table fits the view, the columns' room included
    (the top row, and a column of ``COLUMN_ROOM`` cards at the index strip).

    It depends on the view, the variant and large print's floor only, never on the
    cards dealt; large print's taller strip is not counted, so switching it on keeps
    the size (its columns tighten sooner instead)."""
    units = max(variant.columns, variant.cells + 4 + _group_gap(variant))
    # width: units cards, gaps of 0.12 card between them, margins of 0.3 card each side.
    by_width = view_w / (units + (units - 1) * 0.12 + 0.6)
    # height, in card widths: margins (0.25 each), the top row, a gap of 0.3 card,
    # then the column: its first card whole and the others by their index strip.
    column = 2.3 + (COLUMN_ROOM - 1) * strip_fraction(False)
    by_height = view_h / (0.5 + CARD_ASPECT * column)
    floor = LARGE_PRINT_MIN_FIT_WIDTH if large_print else MIN_FIT_WIDTH
    width = math.floor(min(MAX_FIT_WIDTH, by_width, by_height))
    # whole pixels (the card, its margins, each overlap) may overshoot by a pixel
    while width > floor and _column_bottom(width, COLUMN_ROOM, False) > view_h:
        width -= 1
    return float(max(floor, width))


def _column_bottom(card_w: int, cards: int, large_print: bool) -> float:
    """Where a column of ``cards`` at the tightest overlap ends, its bottom margin
    included: the vertical arithmetic of ``_layout``."""
    card_h = round(card_w * CARD_ASPECT)
    top = max(8.0, round(card_w * 0.25))
    col_top = top + card_h + round(card_h * 0.3)
    step = math.ceil(card_h * strip_fraction(large_print))
    return col_top + (cards - 1) * step + card_h + top


def fixed_card_width(
    size: CardSize,
    view_w: float,
    view_h: float,
    variant: Variant,
    position: Position | None = None,
    large_print: bool = False,
    text_scale: float = 1.0,
) -> float:
    """The card width the window gives a size, whatever the cards on the table.

    "Fit" is :func:`fit_card_width`.  A fixed size is its width (grown with the
    system's text scale: a player who asked for bigger text gets bigger cards too)
    when that fits the window, else Fit's -- so Extra large is never smaller than
    Fit -- and never under Small (a smaller window scrolls).  ``position`` is not
    used: it is kept so that older callers still read."""
    fit = fit_card_width(view_w, view_h, variant, large_print)
    if size is CardSize.FIT:
        return fit
    asked = _asked_width(size, text_scale)
    return asked if asked <= fit else max(fit, _floor_width(size, large_print, text_scale))


def fitting_size(
    size: CardSize,
    view_w: float,
    view_h: float,
    variant: Variant,
    position: Position | None = None,
    large_print: bool = False,
    text_scale: float = 1.0,
) -> CardSize:
    """The size the table is shown at: the size asked for when it fits the window,
    else "fit" (a fixed size gives way to the largest cards that fit), or Small
    where even Small does not fit and the view scrolls."""
    if size is CardSize.FIT:
        return size
    width = fixed_card_width(size, view_w, view_h, variant, None, large_print, text_scale)
    if width == _asked_width(size, text_scale):
        return size
    if width == _floor_width(size, large_print, text_scale) and width > fit_card_width(
        view_w, view_h, variant, large_print
    ):
        return CardSize.SMALL
    return CardSize.FIT


def compute_layout(
    view_w: float,
    view_h: float,
    variant: Variant,
    position: Position,
    size: CardSize = CardSize.FIT,
    large_print: bool = False,
    text_scale: float = 1.0,
    cap: float | None = None,
) -> TableLayout:
    """The table for a view, at the card width the window gives ``size``.

    A column longer than its room tightens its overlap down to the index strip
    (``_layout``); only a column that does not fit even then makes the cards
    narrower, a pixel at a time, until it does (or the size's floor is reached and
    the view scrolls).  ``cap`` is a width the table was already shrunk to for
    this view (the scene keeps it, so cards grow back only with the window).
    """
    card_w = round(fixed_card_width(size, view_w, view_h, variant, None, large_print, text_scale))
    if cap is not None:
        card_w = min(card_w, round(cap))
    lay = _layout(card_w, view_w, view_h, variant, position, large_print)
    # also whole-pixel rounding (card, gaps, overlaps) may overshoot by a pixel or three
    floor = round(_floor_width(size, large_print, text_scale))
    while (lay.width > view_w or lay.height > view_h) and card_w > floor:
        card_w -= 1
        lay = _layout(card_w, view_w, view_h, variant, position, large_print)
    return lay


def _layout(
    card_w: int,
    view_w: float,
    view_h: float,
    variant: Variant,
    position: Position,
    large_print: bool,
) -> TableLayout:
    card_h = round(card_w * CARD_ASPECT)
    margin = max(8, round(card_w * 0.3))
    # Where the height decides the card size, the piles spread out a little over the
    # width they would leave empty (up to a third of a card between them), so the
    # table uses the cloth and its targets lie further apart.
    units = max(variant.columns, variant.cells + 4)
    spare = (view_w - 2 * margin - units * card_w - round(_group_gap(variant) * card_w)) / max(
        1, units - 1
    )
    gap = max(round(card_w * 0.12), min(round(card_w * MAX_GAP), math.floor(spare)))
    pitch = card_w + gap
    top_w = (variant.cells + 4) * pitch - gap + round(_group_gap(variant) * card_w)
    content_w = max(variant.columns * pitch - gap, top_w)
    width = max(view_w, content_w + 2 * margin)
    left = (width - content_w) / 2
    top = max(8.0, round(card_w * 0.25))

    cells = tuple(Rect(left + i * pitch, top, card_w, card_h) for i in range(variant.cells))
    right = left + content_w
    foundations = tuple(Rect(right - (4 - i) * pitch + gap, top, card_w, card_h) for i in range(4))

    columns_w = variant.columns * pitch - gap
    col_left = left + (content_w - columns_w) / 2
    col_top = top + card_h + round(card_h * 0.3)
    columns = tuple(
        Rect(col_left + i * pitch, col_top, card_w, card_h) for i in range(variant.columns)
    )

    normal = card_h * strip_fraction(large_print) + card_h * 0.04
    floor = card_h * strip_fraction(large_print)
    bottom_margin = top
    room = view_h - col_top - bottom_margin - card_h
    offsets: list[float] = []
    for cards in position.columns:
        steps = max(0, len(cards) - 1)
        step = normal if steps == 0 else max(floor, min(normal, room / steps))
        # whole pixels, so cards are drawn 1:1 and never blurred; never under the floor,
        # and a tightened step rounded down, so the column's end stays in its room
        whole = round(step) if step >= normal else math.floor(step)
        offsets.append(float(max(math.ceil(floor), whole)))
    deepest = max(
        (
            col_top + max(0, len(c) - 1) * off + card_h
            for c, off in zip(position.columns, offsets, strict=True)
        ),
        default=col_top + card_h,
    )
    height = max(view_h, deepest + bottom_margin)
    zones = tuple(Rect(r.x - gap / 2, r.y, r.w + gap, height - r.y) for r in columns)
    return TableLayout(
        card_w=card_w,
        card_h=card_h,
        cells=cells,
        foundations=foundations,
        columns=columns,
        column_zones=zones,
        offsets=tuple(offsets),
        width=width,
        height=height,
    )
