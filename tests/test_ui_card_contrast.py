"""The suit colours read on the face, measured from the painted pictures: every
suit of Classic and Four-colour at 4.5:1 or better (WCAG's figure for text)
against the face's darkest part, and the four-colour decks' suits apart in
lightness, so they differ in greyscale and for every kind of colour blindness:
measured on the inks by three grey formulas and CIE L*, and on a painted row of
Aces turned grey (by ImageMagick's ``-colorspace Gray`` where it is installed)."""

from __future__ import annotations

import itertools
import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QImage, QPainter

from freecell.engine import Suit
from freecell.themes import CLASSIC, FOUR_COLOUR, HIGH_CONTRAST_FOUR_COLOUR, CardTheme
from freecell.ui.shell.control_contrast import contrast, luminance
from freecell.ui.table.card_faces import CardPainter
from ui_helpers import card

W, H = 124, 174


def lightness(colour: QColor) -> float:
    """CIE L* (0 black .. 100 white): how light a colour looks, i.e. its grey."""
    y = luminance(colour)
    return 116 * y ** (1 / 3) - 16 if y > 216 / 24389 else y * 24389 / 27


def _measured(theme: CardTheme, suit: Suit) -> tuple[QColor, QColor]:
    """The ink at the middle of the Ace's big pip, and the darkest paper on the face
    (its lower edge: the face is a gradient), both read from the painted image."""
    ace = card("A" + "CDHS"[suit])
    img: QImage = CardPainter(theme).image(ace, W, H, 1.0, False)
    ink = QColor(img.pixel(W // 2, H // 2))
    paper = [QColor(img.pixel(W // 2, y)) for y in range(H - 12, H - 4)]
    return ink, min(paper, key=luminance)


@pytest.mark.parametrize("theme", [CLASSIC, FOUR_COLOUR, HIGH_CONTRAST_FOUR_COLOUR], ids=str)
def test_every_suit_reads_at_4_5_to_1_on_the_face(qapp, theme: CardTheme) -> None:  # type: ignore[no-untyped-def]
    for suit in Suit:
        ink, paper = _measured(theme, suit)
        assert ink.name() == QColor(theme.suit_colour(suit)).name()  # (measured the pip)
        assert contrast(ink, paper) >= 4.5, (theme.id, suit, ink.name(), paper.name())


# (theme, grey levels of 255 between any two suits, CIE L* between any two)
FOUR_COLOUR_DECKS = [(FOUR_COLOUR, 20.0, 10.0), (HIGH_CONTRAST_FOUR_COLOUR, 18.0, 8.5)]


def greys(colour: QColor) -> tuple[float, float, float]:
    """The grey a colour becomes by the usual conversions (0..255): Rec. 709 luma
    (ImageMagick's ``-colorspace Gray``), BT.601 luma (PIL's and GIMP's "L") and
    the true luminance, encoded as sRGB."""
    r, g, b = colour.red(), colour.green(), colour.blue()
    y = luminance(colour)
    encoded = 12.92 * y if y <= 0.0031308 else 1.055 * y ** (1 / 2.4) - 0.055
    return (
        0.2126 * r + 0.7152 * g + 0.0722 * b,
        0.299 * r + 0.587 * g + 0.114 * b,
        255 * encoded,
    )


@pytest.mark.parametrize(("theme", "apart", "l_apart"), FOUR_COLOUR_DECKS, ids=str)
def test_the_four_colours_differ_in_greyscale(qapp, theme, apart, l_apart) -> None:  # type: ignore[no-untyped-def]
    inks = [_measured(theme, suit)[0] for suit in Suit]
    for a, b in itertools.combinations(inks, 2):
        assert abs(lightness(a) - lightness(b)) >= l_apart, (a.name(), b.name())
        for grey_a, grey_b in zip(greys(a), greys(b), strict=True):
            assert abs(grey_a - grey_b) >= apart, (theme.id, a.name(), b.name())


def _aces_row(theme: CardTheme) -> QImage:
    """The four Aces side by side, as the table paints them."""
    row = QImage(4 * W, H, QImage.Format.Format_RGB32)
    row.fill(QColor("#2f7d4a"))
    painter = QPainter(row)
    for suit in Suit:
        face = CardPainter(theme).image(card("A" + "CDHS"[suit]), W, H, 1.0, False)
        painter.drawImage(int(suit) * W, 0, face)
    painter.end()
    return row


def _to_grey(image: QImage, folder: Path) -> QImage:
    """``image`` in grey: by ImageMagick, as a player would check, where installed;
    else by its formula (Rec. 709 luma of the encoded values)."""
    convert = shutil.which("convert")
    if convert is not None:
        colour, grey = folder / "aces.png", folder / "grey.png"
        assert image.save(str(colour))
        subprocess.run([convert, str(colour), "-colorspace", "Gray", str(grey)], check=True)
        return QImage(str(grey))
    out = QImage(image.size(), QImage.Format.Format_RGB32)
    for y in range(image.height()):
        for x in range(image.width()):
            level = round(greys(QColor(image.pixel(x, y)))[0])
            out.setPixel(x, y, QColor(level, level, level).rgb())
    return out


@pytest.mark.parametrize(("theme", "apart", "_l"), FOUR_COLOUR_DECKS, ids=str)
def test_a_four_colour_deck_in_grey_keeps_its_suits_apart(qapp, tmp_path, theme, apart, _l) -> None:  # type: ignore[no-untyped-def]
    grey = _to_grey(_aces_row(theme), tmp_path)
    pips = [QColor(grey.pixel(int(suit) * W + W // 2, H // 2)) for suit in Suit]
    assert all(p.red() == p.green() == p.blue() for p in pips)  # (grey indeed)
    levels = sorted(p.red() for p in pips)
    gaps = [b - a for a, b in itertools.pairwise(levels)]
    assert min(gaps) >= apart, (theme.id, levels)
