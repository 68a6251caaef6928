"""What the table scene is made of: the card items, the stacking order of everything
on it (cards, marks over them, a lifted or gliding run over all), and ``qrect``, a
layout rectangle as Qt's; :class:`TableParts`, what the scene's helpers (its marks,
the celebration) read of it."""

from __future__ import annotations

from typing import Protocol

from PySide6.QtCore import QRectF, Qt
from PySide6.QtWidgets import QGraphicsItem, QGraphicsPixmapItem

from freecell.engine import Card, Pile, Position
from freecell.ui.table.layout import Rect, TableLayout

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


class TableParts(Protocol):
    """The table scene as its helpers see it (named here, below the scene, so that
    the marks and the celebration it makes do not import it back)."""

    layout: TableLayout | None
    position: Position | None
    items_by_card: dict[Card, CardItem]

    def pile_rect(self, pile: Pile) -> Rect: ...

    def relayout(self) -> None: ...

    def addItem(self, item: QGraphicsItem) -> None: ...
