"""Large print on the installed KDE decks (CI installs kdegames-card-data-kf5):
the enlarged index goes in the strip a column's overlap shows, on patches just
large enough for the rank and the suit, and the deck's art stays in sight -- below
the strip the card is the deck's own picture, and between the two patches too."""

from __future__ import annotations

import math
import os
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QGuiApplication, QImage

from freecell.ui.accessibility.large_print import LARGE_PRINT_INDEX_POINTS
from freecell.ui.table.card_faces import index_metrics
from freecell.ui.table.layout import CARD_ASPECT, CARD_WIDTHS
from freecell_builtin_themes.card_decks import installed_decks
from ui_helpers import card

SYSTEM_DECKS = Path("/usr/share/carddecks")
# a deck with painted courts (Dondorf: the one the issue saw chopped), KDE's
# standard and Oxygen, and an ornamental one whose art reaches the corners
DECKS = ("kde-dondorf", "kde-standard", "kde-oxygen", "kde-nicu-ornamental")
CARDS = ("QH", "7S", "KC", "AD")


@pytest.fixture(scope="module")
def decks(qapp):  # type: ignore[no-untyped-def]
    if not SYSTEM_DECKS.is_dir():
        if os.environ.get("CI"):
            pytest.fail(
                "CI must install kdegames-card-data-kf5 but /usr/share/carddecks is missing"
            )
        pytest.skip("no KDE card decks installed (apt package kdegames-card-data-kf5)")
    from freecell.ui.table.svg_deck import SvgCardPainter

    found = {d.id: d for d in installed_decks([Path("/usr/share")])}
    assert set(DECKS) <= set(found)
    return {deck_id: SvgCardPainter(found[deck_id]) for deck_id in DECKS}


def _rows(img: QImage) -> tuple[bytes, int]:
    rgb = img.convertToFormat(QImage.Format.Format_ARGB32)
    return bytes(rgb.constBits()), rgb.bytesPerLine()


def _changed(a: QImage, b: QImage, x0: int, x1: int, y0: int, y1: int) -> int:
    """How many pixels of the box [x0, x1) x [y0, y1) differ between a and b."""
    da, bpl = _rows(a)
    db, _bpl = _rows(b)
    changed = 0
    for y in range(y0, y1):
        row_a = da[y * bpl + x0 * 4 : y * bpl + x1 * 4]
        row_b = db[y * bpl + x0 * 4 : y * bpl + x1 * 4]
        changed += sum(row_a[i : i + 4] != row_b[i : i + 4] for i in range(0, len(row_a), 4))
    return changed


def _colours(img: QImage, x0: int, x1: int, y0: int, y1: int) -> set[str]:
    return {QColor(img.pixel(x, y)).name() for x in range(x0, x1, 2) for y in range(y0, y1, 2)}


def _rank_height(img: QImage, x0: int, x1: int, y1: int) -> int:
    """The height of the first block of dark ink from the top in [x0, x1)."""
    data, bpl = _rows(img)
    rows = [y for y in range(3, y1) if min(data[y * bpl + x0 * 4 : y * bpl + x1 * 4]) < 150]
    assert rows, "no index drawn"
    top = bottom = rows[0]
    for y in rows[1:]:
        if y > bottom + 2:
            break
        bottom = y
    return bottom - top + 1


@pytest.mark.parametrize("width", sorted(CARD_WIDTHS.values()))
@pytest.mark.parametrize("deck_id", DECKS)
def test_large_print_keeps_the_decks_art_in_sight(decks, deck_id: str, width: int) -> None:  # type: ignore[no-untyped-def]
    painter = decks[deck_id]
    w, h = width, round(width * CARD_ASPECT)
    m = index_metrics(w, h, True, painter.theme.index_scale)
    below = math.ceil(m.strip) + 1  # the pen's half pixel and antialiasing
    for name in CARDS:
        c = card(name)
        plain = painter.image(c, w, h, 1.0, False)
        large = painter.image(c, w, h, 1.0, True)
        # below the strip the overlap shows, the card is the deck's own picture ...
        assert _changed(plain, large, 0, large.width(), below, large.height()) == 0, name
        # ... and that is art, not a blank face: its middle is more than the face
        assert len(_colours(large, w // 5, w - w // 5, h // 3, h - h // 3)) > 3, name
        # in the strip, the art shows between the rank's and the suit's patches
        place = painter._index_place(c, w, m)
        pad = m.margin * 0.5
        gap = (math.ceil(place.rank.right() + pad) + 1, math.floor(place.suit.left() - pad) - 1)
        assert gap[1] - gap[0] >= 2, (name, gap)
        assert _changed(plain, large, gap[0], gap[1], 2, below) == 0, name
        # the index is the large-print one: its rank at least the promised size,
        # far taller than a deck's own (about a tenth of the card)
        rank = _rank_height(
            large, math.floor(place.rank.left()), math.ceil(place.rank.right()), below
        )
        points = rank * 72 / QGuiApplication.primaryScreen().logicalDotsPerInchY()
        assert points >= LARGE_PRINT_INDEX_POINTS, (name, points)
        assert rank >= 0.15 * h, (name, rank, h)
