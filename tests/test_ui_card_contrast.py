"""The suit colours read on the face, measured from the painted pictures: every
suit of Classic and Four-colour at 4.5:1 or better (WCAG's figure for text)
against the face's darkest part, and Four-colour's suits apart in lightness, so
they differ in greyscale and for every kind of colour blindness."""

from __future__ import annotations

import itertools

import pytest
from PySide6.QtGui import QColor, QImage

from freecell.engine import Suit
from freecell.themes import CLASSIC, FOUR_COLOUR, HIGH_CONTRAST_FOUR_COLOUR, CardTheme
from freecell.ui.table.card_faces import CardPainter
from ui_helpers import card

W, H = 124, 174


def _linear(channel: int) -> float:
    c = channel / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def luminance(colour: QColor) -> float:
    r, g, b = (_linear(v) for v in (colour.red(), colour.green(), colour.blue()))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: QColor, b: QColor) -> float:
    la, lb = sorted((luminance(a), luminance(b)))
    return (lb + 0.05) / (la + 0.05)


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


def test_the_four_colours_differ_in_greyscale(qapp) -> None:  # type: ignore[no-untyped-def]
    inks = [_measured(FOUR_COLOUR, suit)[0] for suit in Suit]
    for a, b in itertools.combinations(inks, 2):
        assert abs(lightness(a) - lightness(b)) >= 7.0, (a.name(), b.name())
