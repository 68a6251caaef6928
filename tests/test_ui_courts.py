"""Our court cards are double-headed figures, as on a printed French-suited deck,
and the results panel of a win leaves the filled foundations in view."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor

from freecell.engine import Pile
from freecell.themes import CLASSIC, FOUR_COLOUR, CardTheme
from freecell.ui.table.card_faces import CardPainter
from ui_helpers import board, card, card_point, load, make_window

W, H = 124, 174


@pytest.mark.parametrize("theme", [CLASSIC, FOUR_COLOUR], ids=str)
@pytest.mark.parametrize("text", ["JS", "QH", "KD", "KC"])
def test_a_court_reads_the_same_upside_down(qapp, theme: CardTheme, text: str) -> None:  # type: ignore[no-untyped-def]
    img = CardPainter(theme).image(card(text), W, H, 1.0, False)
    face = img.copy(0, 0, W, H)  # the card without the shadow's margin
    # the ink (the paper is a light gradient, top to bottom: not symmetric itself)
    points = [(x, y) for x in range(4, W - 4, 2) for y in range(4, H - 4, 2)]

    def ink(x: int, y: int) -> bool:
        return QColor(face.pixel(x, y)).lightness() < 170

    inked = [(x, y) for x, y in points if ink(x, y) or ink(W - 1 - x, H - 1 - y)]
    same = sum(ink(x, y) == ink(W - 1 - x, H - 1 - y) for x, y in inked)
    assert len(inked) > len(points) * 0.1  # (there is a figure to compare)
    assert same > len(inked) * 0.85  # each half is the other turned round
    # and the figure is a drawing, not a blank frame: many colours in the middle
    middle = {face.pixel(x, y) for x in range(30, 94) for y in range(50, 124)}
    assert len(middle) > 40


def test_the_results_panel_leaves_the_foundations_in_view(qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.resize(1100, 800)
    load(window, board(["KS"], home="C-K D-K H-K S-Q"))
    qtbot.mouseClick(
        window.view.viewport(), Qt.MouseButton.LeftButton, pos=card_point(window, Pile.column(0))
    )
    qtbot.waitUntil(window.results.isVisible, timeout=3000)
    lay = window.scene.layout
    assert lay is not None
    kings_bottom = window.view.mapFromScene(0, lay.foundations[0].y + lay.card_h).y()
    assert window.results.y() >= kings_bottom
    assert window.results.y() + window.results.height() <= window.view.height()
