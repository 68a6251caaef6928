"""Suit symbols as vector paths, drawn by this project.

Every shape lives in a unit box (0..1 both ways) so the renderer scales it to any
card size without loss; nothing here depends on a font having the suit glyphs.
"""

from __future__ import annotations

from functools import cache

from PySide6.QtCore import QPointF, QRectF
from PySide6.QtGui import QPainterPath, QTransform

from freecell.engine import Suit


def _heart() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(0.5, 0.97)
    p.cubicTo(0.36, 0.80, 0.0, 0.60, 0.0, 0.31)
    p.cubicTo(0.0, 0.12, 0.14, 0.02, 0.28, 0.02)
    p.cubicTo(0.40, 0.02, 0.47, 0.10, 0.5, 0.21)
    p.cubicTo(0.53, 0.10, 0.60, 0.02, 0.72, 0.02)
    p.cubicTo(0.86, 0.02, 1.0, 0.12, 1.0, 0.31)
    p.cubicTo(1.0, 0.60, 0.64, 0.80, 0.5, 0.97)
    p.closeSubpath()
    return p


def _diamond() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(0.5, 0.0)
    p.quadTo(0.66, 0.28, 0.9, 0.5)
    p.quadTo(0.66, 0.72, 0.5, 1.0)
    p.quadTo(0.34, 0.72, 0.1, 0.5)
    p.quadTo(0.34, 0.28, 0.5, 0.0)
    p.closeSubpath()
    return p


def _spade() -> QPainterPath:
    p = QPainterPath()
    p.moveTo(0.5, 0.0)
    p.cubicTo(0.64, 0.20, 1.0, 0.36, 1.0, 0.61)
    p.cubicTo(1.0, 0.79, 0.87, 0.87, 0.74, 0.87)
    p.cubicTo(0.63, 0.87, 0.56, 0.82, 0.53, 0.75)
    p.quadTo(0.56, 0.93, 0.70, 1.0)
    p.lineTo(0.30, 1.0)
    p.quadTo(0.44, 0.93, 0.47, 0.75)
    p.cubicTo(0.44, 0.82, 0.37, 0.87, 0.26, 0.87)
    p.cubicTo(0.13, 0.87, 0.0, 0.79, 0.0, 0.61)
    p.cubicTo(0.0, 0.36, 0.36, 0.20, 0.5, 0.0)
    p.closeSubpath()
    return p


def _club() -> QPainterPath:
    r = 0.235
    p = QPainterPath()
    for cx, cy in ((0.5, 0.25), (0.255, 0.60), (0.745, 0.60)):
        blob = QPainterPath()
        blob.addEllipse(QPointF(cx, cy), r, r)
        p = p.united(blob)
    middle = QPainterPath()
    middle.addEllipse(QPointF(0.5, 0.52), 0.14, 0.14)
    p = p.united(middle)
    stem = QPainterPath()
    stem.moveTo(0.46, 0.55)
    stem.quadTo(0.45, 0.90, 0.30, 1.0)
    stem.lineTo(0.70, 1.0)
    stem.quadTo(0.55, 0.90, 0.54, 0.55)
    stem.closeSubpath()
    return p.united(stem)


@cache
def suit_path(suit: Suit) -> QPainterPath:
    """The suit's symbol in the unit box."""
    return {Suit.CLUBS: _club, Suit.DIAMONDS: _diamond, Suit.HEARTS: _heart, Suit.SPADES: _spade}[
        suit
    ]()


def fitted(path: QPainterPath, box: QRectF) -> QPainterPath:
    """``path`` (unit box) scaled and moved to fill ``box``."""
    t = QTransform()
    t.translate(box.x(), box.y())
    t.scale(box.width(), box.height())
    return t.map(path)
