"""What the table paints (issue 4): every card size, theme, surface and print mode,
faces cut from the blank copy, large-print indices of the promised size, court
cards that are clearly distinct."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor

from freecell.engine import DECK, card
from freecell.themes import BUILTIN_SURFACES, BUILTIN_THEMES
from freecell.ui.table.card_faces import CardPainter, index_metrics, large_print_index_height
from freecell.ui.table.layout import CARD_ASPECT, CardSize
from ui_helpers import make_window


@pytest.mark.parametrize("size", list(CardSize), ids=lambda s: s.value)
def test_every_card_size_renders(qtbot, size: CardSize) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.resize(1900, 1500)  # room for Extra large and a whole suit below it (a smaller
    # window shows the cards at Fit: tests/test_ui_table_fit.py)
    window.set_card_size(size)
    lay = window.scene.layout
    if size is not CardSize.FIT:
        assert (
            lay.card_w == {"small": 72, "medium": 96, "large": 124, "extra-large": 164}[size.value]
        )
    assert lay.card_h == round(lay.card_w * CARD_ASPECT)
    window.view.grab()  # a new size while playing is painted in a worker thread
    qtbot.waitUntil(lambda: window.scene.pending_deck is None, timeout=5000)
    dpr = window.scene.dpr
    for item in window.scene.items_by_card.values():
        pm = item.pixmap()
        assert not pm.isNull()
        assert pm.width() >= round(lay.card_w * dpr)
    assert window.settings.card_size == size.value


@pytest.mark.parametrize("theme", BUILTIN_THEMES, ids=lambda t: t.id)
@pytest.mark.parametrize("large_print", [False, True], ids=["normal", "large-print"])
def test_every_theme_renders_every_card(qtbot, theme, large_print: bool) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot, card_size="medium")
    window.set_theme(theme)
    window.set_large_print(large_print)
    painter = CardPainter(theme)
    for c in DECK:
        img = painter.image(c, 96, 134, 1.0, large_print)
        # the corner holds the suit colour; the middle of the face is the face colour
        colours = {QColor(img.pixel(x, y)).name() for x in range(4, 60) for y in range(4, 30)}
        assert QColor(theme.suit_colour(c.suit)).name() in colours or large_print
    assert window.renderer.theme is theme


@pytest.mark.parametrize("theme", BUILTIN_THEMES, ids=lambda t: t.id)
@pytest.mark.parametrize("dpr", [1.0, 1.25, 2.0])
def test_a_face_from_the_blank_copy_is_the_card_painted_whole(qapp, theme, dpr: float) -> None:  # type: ignore[no-untyped-def]
    """Faces start as a copy of the blank face (shadow, body): the same pixels as
    painting the whole card on an empty canvas."""
    from PySide6.QtGui import QPainter

    from freecell.ui.table.card_faces import card_canvas

    painter = CardPainter(theme)
    for c in (card("AS"), card("10H"), card("QD"), card("KC"), None):
        for large_print in (False, True):
            whole = card_canvas(101, 141, dpr)
            p = QPainter(whole)
            p.setRenderHint(QPainter.RenderHint.Antialiasing)
            p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
            painter._paint(p, c, 101, 141, large_print)
            p.end()
            made = painter.image(c, 101, 141, dpr, large_print)
            assert made.devicePixelRatio() == dpr
            assert made == whole, (c, large_print)


@pytest.mark.parametrize("surface", BUILTIN_SURFACES, ids=lambda s: s.id)
def test_every_surface_paints(qtbot, surface) -> None:  # type: ignore[no-untyped-def]
    window = make_window(qtbot)
    window.set_surface(surface)
    image = window.view.grab().toImage()
    middle = QColor(image.pixel(image.width() // 2, image.height() - 5))
    top, bottom = QColor(surface.top), QColor(surface.bottom)
    # the bottom edge of the table is near the surface's bottom colour
    assert abs(middle.red() - bottom.red()) < 60 and abs(middle.green() - bottom.green()) < 60
    assert top.isValid()


def _ink_height(img, w: int, strip: float) -> float:  # type: ignore[no-untyped-def]
    """Height in pixels of the dark figures in the top-left of a card image."""
    rows = []
    for y in range(0, int(strip) + 2):
        for x in range(0, int(w * 0.5)):
            colour = QColor(img.pixel(x, y))
            if colour.lightness() < 110 and colour.alpha() > 200:
                rows.append(y)
                break
    return (max(rows) - min(rows) + 1) if rows else 0.0


@pytest.mark.parametrize("theme", BUILTIN_THEMES, ids=lambda t: t.id)
@pytest.mark.parametrize("width", [72, 96, 164])
def test_large_print_index_is_at_least_the_promised_size(theme, width: int, qtbot) -> None:  # type: ignore[no-untyped-def]
    height = round(width * CARD_ASPECT)
    promised = large_print_index_height(height)
    painter = CardPainter(theme)
    for c in (card("10H"), card("QS"), card("7C"), card("AD")):
        img = painter.image(c, width, height, 1.0, True)
        metrics = index_metrics(width, height, True, theme.index_scale)
        ink = _ink_height(img, width, metrics.strip)
        assert ink >= promised, (c, ink, promised)
        normal_strip = index_metrics(width, height, False, theme.index_scale).strip
        normal = _ink_height(painter.image(c, width, height, 1.0, False), width, normal_strip)
        assert ink > normal  # large print really is larger
        # and it fits inside the strip an overlapped card shows
        assert metrics.rank_height + metrics.margin <= metrics.strip


@pytest.mark.parametrize("theme", BUILTIN_THEMES, ids=lambda t: t.id)
def test_court_cards_are_clearly_distinct(theme, qapp) -> None:  # type: ignore[no-untyped-def]
    painter = CardPainter(theme)

    def centre(text: str) -> list[int]:
        img = painter.image(card(text), 124, 174, 1.0, False)
        return [img.pixel(x, y) for x in range(30, 94, 2) for y in range(50, 124, 2)]

    jack, queen, king, ten = centre("JS"), centre("QS"), centre("KS"), centre("TS")
    for a, b in ((jack, queen), (queen, king), (jack, king), (king, ten)):
        differing = sum(p != q for p, q in zip(a, b, strict=True))
        assert differing > len(a) * 0.05  # more than a twentieth of the face differs
