"""Suit symbols and court-card headwear as vector paths, drawn by this project.

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


@cache
def crown_path(rank: int) -> QPainterPath:
    """Headwear that tells the courts apart at a glance: a King's spiked crown with
    crosses, a Queen's tiara of pearls, a Jack's feathered cap.  Unit box."""
    p = QPainterPath()
    if rank == 13:  # King: five spikes topped by small crosses on a solid band
        p.moveTo(0.05, 1.0)
        p.lineTo(0.05, 0.35)
        for i, x in enumerate((0.05, 0.275, 0.5, 0.725, 0.95)):
            if i:
                p.lineTo(x - 0.1125, 0.62)
            p.lineTo(x, 0.25 if i % 2 == 0 else 0.35)
        p.lineTo(0.95, 1.0)
        p.closeSubpath()
        for x in (0.05, 0.5, 0.95):
            p.addRect(QRectF(x - 0.025, 0.02, 0.05, 0.22))
            p.addRect(QRectF(x - 0.08, 0.08, 0.16, 0.05))
    elif rank == 12:  # Queen: a low rounded tiara with pearls
        p.moveTo(0.08, 1.0)
        p.lineTo(0.08, 0.6)
        p.cubicTo(0.3, 0.28, 0.7, 0.28, 0.92, 0.6)
        p.lineTo(0.92, 1.0)
        p.closeSubpath()
        for x, y in ((0.08, 0.5), (0.3, 0.28), (0.5, 0.2), (0.7, 0.28), (0.92, 0.5)):
            p.addEllipse(QPointF(x, y), 0.08, 0.08)
    else:  # Jack: a soft cap with a long feather
        p.moveTo(0.1, 1.0)
        p.cubicTo(0.1, 0.55, 0.4, 0.45, 0.62, 0.5)
        p.cubicTo(0.8, 0.55, 0.9, 0.75, 0.9, 1.0)
        p.closeSubpath()
        feather = QPainterPath()
        feather.moveTo(0.55, 0.52)
        feather.cubicTo(0.6, 0.2, 0.85, 0.02, 1.0, 0.0)
        feather.cubicTo(0.9, 0.2, 0.75, 0.45, 0.62, 0.56)
        feather.closeSubpath()
        p = p.united(feather)
    return p
