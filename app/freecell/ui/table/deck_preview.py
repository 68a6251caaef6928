"""A few cards of a theme side by side: what Preferences shows beside the theme
list, so a player sees a deck before choosing it."""

from __future__ import annotations

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QImage, QPainter

from freecell.engine import Card, parse_card
from freecell.themes import CardTheme
from freecell.ui.table.layout import CARD_ASPECT
from freecell.ui.table.renderer import painter_for

# an Ace, a pip card, two courts of both colours and the back
PREVIEW_CARDS: tuple[Card | None, ...] = (*(parse_card(t) for t in ("AS", "TH", "QD", "KC")), None)


def deck_preview(theme: CardTheme, card_w: int, dpr: float, large_print: bool = False) -> QImage:
    """The preview cards of ``theme``, overlapping a little, on a transparent image."""
    card_h = round(card_w * CARD_ASPECT)
    step = round(card_w * 0.78)
    painter = painter_for(theme)
    faces = [painter.image(c, card_w, card_h, dpr, large_print) for c in PREVIEW_CARDS]
    width = step * (len(faces) - 1) + faces[-1].width() / dpr
    img = QImage(round(width * dpr), faces[0].height(), QImage.Format.Format_ARGB32_Premultiplied)
    img.setDevicePixelRatio(dpr)
    img.fill(Qt.GlobalColor.transparent)
    p = QPainter(img)
    for i, face in enumerate(faces):
        p.drawImage(QPointF(i * step, 0), face)
    p.end()
    return img
