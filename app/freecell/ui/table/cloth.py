"""The cloth under the cards: the surface's gradient and texture, and the outlines
of the empty cells, columns and foundations (a foundation's suit and "A").

The scene paints it once per layout into a picture (``TableScene._paint_background``,
which also reads it back from the disk cache); this module is only the painting.
"""

from __future__ import annotations

import random
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QBrush,
    QColor,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
    QPixmap,
    QRadialGradient,
)

from freecell.engine import Suit
from freecell.themes import SurfacePattern, TableSurface
from freecell.ui.table.layout import Rect, TableLayout
from freecell.ui.table.suits import fitted, suit_path


def qrect(r: Rect) -> QRectF:
    return QRectF(r.x, r.y, r.w, r.h)


def paint_cloth(
    pm: QPixmap, width: float, height: float, surface: TableSurface, layout: TableLayout | None
) -> None:
    """Paint the ``surface`` (as shown: darkened in the dark scheme) over
    ``width`` x ``height`` of ``pm``, with the empty piles of ``layout``."""
    p = QPainter(pm)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    grad = QLinearGradient(0, 0, 0, height)
    grad.setColorAt(0, QColor(surface.top))
    grad.setColorAt(1, QColor(surface.bottom))
    p.fillRect(QRectF(0, 0, width, height), grad)
    _texture(p, surface, width, height)
    if layout is not None:
        _paint_slots(p, layout, surface)
    p.end()


def _paint_slots(p: QPainter, lay: TableLayout, surface: TableSurface) -> None:
    slot = QColor(surface.slot)
    slot.setAlpha(150)
    fill = QColor(0, 0, 0, 40)
    pen = QPen(slot, max(1.5, lay.card_w / 50))
    radius = lay.card_w * 0.07
    p.setPen(pen)
    p.setBrush(fill)
    for r in (*lay.cells, *lay.columns):
        p.drawRoundedRect(qrect(r).adjusted(1, 1, -1, -1), radius, radius)
    mark = QColor(surface.text)
    mark.setAlpha(110)
    for suit, r in enumerate(lay.foundations):
        p.setPen(pen)
        p.setBrush(fill)
        p.drawRoundedRect(qrect(r).adjusted(1, 1, -1, -1), radius, radius)
        size = r.w * 0.5
        box = QRectF(r.x + (r.w - size) / 2, r.y + (r.h - size) / 2, size, size)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(mark)
        p.drawPath(fitted(suit_path(Suit(suit)), box))
        p.setPen(mark)
        font = p.font()
        font.setPixelSize(max(9, round(r.w * 0.15)))
        font.setBold(True)
        p.setFont(font)
        p.drawText(
            QRectF(r.x, r.y + r.h * 0.06, r.w, r.h * 0.2), Qt.AlignmentFlag.AlignHCenter, "A"
        )


@cache
def _felt_tile() -> QPixmap:
    """A small tile of fine speckle, tiled over the cloth (painted once)."""
    rng = random.Random(7)
    tile = QPixmap(96, 96)
    tile.fill(Qt.GlobalColor.transparent)
    p = QPainter(tile)
    light = QColor(255, 255, 255, 12)
    dark = QColor(0, 0, 0, 16)
    for i in range(900):
        p.setPen(light if i % 2 else dark)
        p.drawPoint(QPointF(rng.random() * 96, rng.random() * 96))
    p.end()
    return tile


def _texture(p: QPainter, surface: TableSurface, w: float, h: float) -> None:
    """A light, deterministic texture so the cloth does not look like flat paint."""
    rng = random.Random(7)
    if surface.pattern is SurfacePattern.FELT:
        p.fillRect(QRectF(0, 0, w, h), QBrush(_felt_tile()))
        # a soft vignette towards the corners
        vignette = QRadialGradient(w / 2, h * 0.45, max(w, h) * 0.75)
        vignette.setColorAt(0.0, QColor(255, 255, 255, 18))
        vignette.setColorAt(1.0, QColor(0, 0, 0, 60))
        p.fillRect(QRectF(0, 0, w, h), vignette)
    elif surface.pattern is SurfacePattern.WOOD:
        for _ in range(int(h / 3)):
            y = rng.random() * h
            p.setPen(QPen(QColor(0, 0, 0, rng.randint(8, 22)), rng.uniform(0.6, 2.2)))
            path = QPainterPath(QPointF(0, y))
            path.cubicTo(w * 0.3, y + rng.uniform(-6, 6), w * 0.7, y + rng.uniform(-6, 6), w, y)
            p.drawPath(path)
    elif surface.pattern is SurfacePattern.LINEN:
        p.setPen(QPen(QColor(255, 255, 255, 12), 1))
        for x in range(0, int(w), 3):
            p.drawLine(QPointF(x, 0), QPointF(x, h))
        for y in range(0, int(h), 3):
            p.drawLine(QPointF(0, y), QPointF(w, y))
