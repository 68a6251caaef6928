"""What the table scene is made of: the card items, the stacking order of everything
on it (cards, marks over them, a lifted or gliding run over all), and ``qrect``, a
layout rectangle as Qt's."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsPixmapItem

from freecell.engine import Card
from freecell.ui.table.layout import Rect

Z_CARD = 10  # plus the card's depth in its pile
Z_MARK = 500
Z_LIFTED = 1000


def qrect(r: Rect) -> QRectF:
    return QRectF(r.x, r.y, r.w, r.h)


class CardItem(QGraphicsPixmapItem):
    """One card on the table.  Only a picture: the scene moves it, the engine owns it."""

    def __init__(self, card: Card) -> None:
        super().__init__()
        self.card = card
        self.setShapeMode(QGraphicsPixmapItem.ShapeMode.BoundingRectShape)
        self.setTransformationMode(Qt.TransformationMode.FastTransformation)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
