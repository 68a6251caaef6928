"""The Jack, Queen and King drawn as on a classic French-suited deck: a double-
headed half-length figure, the upper half mirrored below a dividing line.

Our own vector drawing, in the spirit of the Paris pattern: a King with crown,
beard and sceptre, a Queen with tiara, veil, long hair and a rose, a Jack with a
feathered cap and a halberd.  The robe takes the suit's colour, so the court's suit
reads from across the table; gold, blue or red trim and an ermine collar (King,
Queen) complete it.  Every shape is outlined, so the figure holds together in
greyscale and on the high-contrast faces.  Coordinates are fractions of the
half-frame: ``u`` across (0 left .. 1 right), ``v`` down (0 top .. 1 the middle).
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPainterPath, QPen

from freecell.engine import Suit
from freecell.ui.table.suits import fitted, suit_path

GOLD = "#d9a520"
BLUE = "#2c5aa0"
RED = "#c8102e"
SKIN = "#f3d9b8"
ERMINE = "#fbfaf4"
HAIR = {11: "#9a6a32", 12: "#5a3418", 13: "#8c8c8c"}


class _Half:
    """Maps (u, v) of the figure's box to painter coordinates.  The box keeps its
    proportions (``ASPECT``), as large as the upper half-frame allows, centred
    across and standing on the dividing line."""

    ASPECT = 0.62  # the box's height over its width

    def __init__(self, frame: QRectF) -> None:
        half_w, half_h = frame.width(), frame.height() / 2
        self.w = min(half_w, half_h / self.ASPECT)
        self.h = self.w * self.ASPECT
        self.x = frame.left() + (half_w - self.w) / 2
        self.y = frame.top() + half_h - self.h

    def pt(self, u: float, v: float) -> QPointF:
        return QPointF(self.x + u * self.w, self.y + v * self.h)

    def rect(self, u: float, v: float, du: float, dv: float) -> QRectF:
        return QRectF(self.x + u * self.w, self.y + v * self.h, du * self.w, dv * self.h)

    def path(self, *points: tuple[float, float]) -> QPainterPath:
        path = QPainterPath(self.pt(*points[0]))
        for u, v in points[1:]:
            path.lineTo(self.pt(u, v))
        path.closeSubpath()
        return path


def paint_court(
    p: QPainter,
    frame: QRectF,
    rank: int,
    suit: Suit,
    colour: QColor,
    outline: QColor,
    high_contrast: bool = False,
) -> None:
    """The double-headed figure of ``rank`` (11 Jack, 12 Queen, 13 King) in ``frame``."""
    half = QRectF(frame.left(), frame.top(), frame.width(), frame.height() / 2)
    pen = QPen(outline, max(0.8, frame.width() / 110))
    pen.setJoinStyle(Qt.PenJoinStyle.RoundJoin)
    for turned in (False, True):
        p.save()
        if turned:
            centre = frame.center()
            p.translate(centre)
            p.rotate(180)
            p.translate(-centre)
        p.setClipRect(half)
        _figure(p, _Half(frame), rank, suit, colour, pen, high_contrast)
        p.restore()
    p.setPen(pen)
    mid = frame.center().y()
    p.drawLine(QPointF(frame.left(), mid), QPointF(frame.right(), mid))


def _trim_for(robe: QColor) -> QColor:
    """Blue trim on a red robe, red on any other (black, green, a four-colour blue):
    the sleeves always stand out from the robe."""
    hue = robe.hslHueF()
    reddish = robe.hslSaturationF() > 0.35 and (hue < 0.08 or hue > 0.9)
    return QColor(BLUE if reddish else RED)


def _fill(p: QPainter, path: QPainterPath, colour: str | QColor, pen: QPen) -> None:
    p.setPen(pen)
    p.setBrush(QColor(colour))
    p.drawPath(path)


def _figure(
    p: QPainter, f: _Half, rank: int, suit: Suit, colour: QColor, pen: QPen, flat: bool
) -> None:
    trim = _trim_for(colour)
    gold = QColor(GOLD)
    skin = QColor(SKIN)
    hair = QColor(HAIR[rank])
    if flat:  # high contrast: the suit colour, black and white only
        trim, gold, skin, hair = colour, QColor("#ffffff"), QColor("#ffffff"), QColor("#000000")
    # what the figure holds stands behind the arm: drawn first
    if rank == 13:
        _sceptre(p, f, gold, pen)
    elif rank == 11:
        _halberd(p, f, gold, pen)
    if rank == 12:  # the veil falls behind the head to the shoulders
        _fill(p, f.path((0.27, 0.2), (0.73, 0.2), (0.8, 0.72), (0.2, 0.72)), trim, pen)
    # the robe: the suit's colour, a gold panel down the front, sleeves in the trim
    robe = QPainterPath(f.pt(0.12, 1.02))
    robe.lineTo(f.pt(0.15, 0.74))
    robe.cubicTo(f.pt(0.18, 0.64), f.pt(0.32, 0.6), f.pt(0.5, 0.6))
    robe.cubicTo(f.pt(0.68, 0.6), f.pt(0.82, 0.64), f.pt(0.85, 0.74))
    robe.lineTo(f.pt(0.88, 1.02))
    robe.closeSubpath()
    _fill(p, robe, colour, pen)
    for u in (0.14, 0.68):  # sleeves, each with a gold cuff and a hand
        sleeve = QPainterPath()
        sleeve.addRoundedRect(f.rect(u, 0.68, 0.18, 0.3), f.w * 0.06, f.w * 0.06)
        _fill(p, sleeve, trim, pen)
        _fill(p, f.path((u, 0.9), (u + 0.18, 0.9), (u + 0.18, 0.96), (u, 0.96)), gold, pen)
    _fill(p, f.path((0.42, 0.62), (0.58, 0.62), (0.6, 1.02), (0.4, 1.02)), gold, pen)
    p.setPen(QPen(pen.color(), pen.widthF() * 0.7))
    for v in (0.72, 0.82, 0.92):  # the panel's embroidery
        p.drawLine(f.pt(0.43, v), f.pt(0.57, v))
    _collar(p, f, rank, gold, pen)
    # neck and head
    _fill(p, f.path((0.45, 0.46), (0.55, 0.46), (0.56, 0.62), (0.44, 0.62)), skin, pen)
    if rank == 12:  # long hair either side of the face
        for u in (0.31, 0.6):
            hair_path = QPainterPath()
            hair_path.addRoundedRect(f.rect(u - 0.02, 0.2, 0.11, 0.44), f.w * 0.05, f.w * 0.05)
            _fill(p, hair_path, hair, pen)
    head = QPainterPath()
    head.addEllipse(f.pt(0.5, 0.35), f.w * 0.14, f.h * 0.17)
    _fill(p, head, skin, pen)
    _face(p, f, rank, hair, pen)
    _headwear(p, f, rank, gold, trim, colour, pen)
    # the suit, small, in the corner as on printed courts
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(colour)
    p.drawPath(fitted(suit_path(suit), f.rect(0.04, 0.04, 0.16, 0.16 * f.w / f.h)))
    if rank == 12:
        _rose(p, f, pen)


def _collar(p: QPainter, f: _Half, rank: int, gold: QColor, pen: QPen) -> None:
    collar = QPainterPath(f.pt(0.28, 0.62))
    collar.cubicTo(f.pt(0.38, 0.71), f.pt(0.62, 0.71), f.pt(0.72, 0.62))
    collar.cubicTo(f.pt(0.62, 0.57), f.pt(0.38, 0.57), f.pt(0.28, 0.62))
    collar.closeSubpath()
    _fill(p, collar, ERMINE if rank != 11 else gold, pen)
    if rank != 11:  # ermine's black tails
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(pen.color())
        for u in (0.38, 0.5, 0.62):
            p.drawEllipse(f.pt(u, 0.645), f.w * 0.012, f.h * 0.018)


def _face(p: QPainter, f: _Half, rank: int, hair: QColor, pen: QPen) -> None:
    fine = QPen(pen.color(), pen.widthF() * 0.8)
    fine.setCapStyle(Qt.PenCapStyle.RoundCap)
    if rank == 13:  # a full beard and moustache
        beard = QPainterPath(f.pt(0.38, 0.36))
        beard.cubicTo(f.pt(0.38, 0.55), f.pt(0.62, 0.55), f.pt(0.62, 0.36))
        beard.cubicTo(f.pt(0.58, 0.44), f.pt(0.42, 0.44), f.pt(0.38, 0.36))
        beard.closeSubpath()
        _fill(p, beard, hair, pen)
    elif rank == 11:  # short curls at the sides
        for u in (0.37, 0.63):
            curl = QPainterPath()
            curl.addEllipse(f.pt(u, 0.36), f.w * 0.035, f.h * 0.07)
            _fill(p, curl, hair, pen)
    p.setPen(Qt.PenStyle.NoPen)
    p.setBrush(pen.color())
    for u in (0.45, 0.55):  # eyes
        p.drawEllipse(f.pt(u, 0.31), f.w * 0.014, f.h * 0.016)
    p.setPen(fine)
    p.setBrush(Qt.BrushStyle.NoBrush)
    for u in (0.42, 0.52):  # brows
        p.drawLine(f.pt(u, 0.27), f.pt(u + 0.06, 0.27))
    p.drawLine(f.pt(0.5, 0.32), f.pt(0.49, 0.37))  # nose
    if rank == 13:
        p.drawLine(f.pt(0.44, 0.4), f.pt(0.56, 0.4))  # moustache over the beard
    else:
        mouth = QPainterPath(f.pt(0.46, 0.41))
        mouth.quadTo(f.pt(0.5, 0.43), f.pt(0.54, 0.41))
        p.setPen(QPen(QColor(RED), fine.widthF()))
        p.drawPath(mouth)


def _headwear(
    p: QPainter, f: _Half, rank: int, gold: QColor, trim: QColor, colour: QColor, pen: QPen
) -> None:
    if rank == 13:  # a crown: a band, three points with pearls, jewels
        crown = f.path(
            (0.36, 0.24), (0.36, 0.1), (0.42, 0.16), (0.5, 0.04),
            (0.58, 0.16), (0.64, 0.1), (0.64, 0.24),
        )  # fmt: skip
        _fill(p, crown, gold, pen)
        for u, v in ((0.36, 0.09), (0.5, 0.03), (0.64, 0.09)):
            pearl = QPainterPath()
            pearl.addEllipse(f.pt(u, v), f.w * 0.022, f.w * 0.022)
            _fill(p, pearl, "#ffffff", pen)
        for u, jewel in ((0.43, RED), (0.5, BLUE), (0.57, RED)):
            gem = QPainterPath()
            gem.addEllipse(f.pt(u, 0.205), f.w * 0.018, f.w * 0.018)
            _fill(p, gem, jewel, pen)
    elif rank == 12:  # a low tiara of five points
        tiara = f.path(
            (0.38, 0.22), (0.38, 0.14), (0.42, 0.18), (0.46, 0.11), (0.5, 0.17),
            (0.54, 0.11), (0.58, 0.18), (0.62, 0.14), (0.62, 0.22),
        )  # fmt: skip
        _fill(p, tiara, gold, pen)
    else:  # a soft cap in the trim colour with a long feather
        feather = QPainterPath(f.pt(0.58, 0.16))
        feather.cubicTo(f.pt(0.7, 0.02), f.pt(0.85, 0.0), f.pt(0.95, 0.04))
        feather.cubicTo(f.pt(0.84, 0.08), f.pt(0.72, 0.14), f.pt(0.62, 0.2))
        feather.closeSubpath()
        _fill(p, feather, colour, pen)
        cap = QPainterPath(f.pt(0.34, 0.26))
        cap.cubicTo(f.pt(0.32, 0.08), f.pt(0.68, 0.06), f.pt(0.68, 0.24))
        cap.closeSubpath()
        _fill(p, cap, trim, pen)
        _fill(p, f.path((0.34, 0.22), (0.68, 0.21), (0.68, 0.26), (0.34, 0.27)), gold, pen)


def _sceptre(p: QPainter, f: _Half, gold: QColor, pen: QPen) -> None:
    _fill(p, f.path((0.2, 0.36), (0.23, 0.36), (0.25, 1.02), (0.22, 1.02)), gold, pen)
    orb = QPainterPath()
    orb.addEllipse(f.pt(0.215, 0.31), f.w * 0.045, f.w * 0.045)
    _fill(p, orb, gold, pen)
    p.drawLine(f.pt(0.215, 0.22), f.pt(0.215, 0.27))
    p.drawLine(f.pt(0.19, 0.245), f.pt(0.24, 0.245))


def _halberd(p: QPainter, f: _Half, gold: QColor, pen: QPen) -> None:
    _fill(p, f.path((0.8, 0.1), (0.83, 0.1), (0.83, 1.02), (0.8, 1.02)), "#8a5a2b", pen)
    blade = QPainterPath(f.pt(0.83, 0.16))
    blade.cubicTo(f.pt(0.95, 0.14), f.pt(0.97, 0.3), f.pt(0.95, 0.36))
    blade.lineTo(f.pt(0.83, 0.3))
    blade.closeSubpath()
    _fill(p, blade, "#c9ced6", pen)
    _fill(p, f.path((0.815, 0.0), (0.84, 0.1), (0.79, 0.1)), "#c9ced6", pen)


def _rose(p: QPainter, f: _Half, pen: QPen) -> None:
    p.setPen(QPen(QColor("#2e7d32"), pen.widthF() * 1.4))
    p.drawLine(f.pt(0.77, 0.92), f.pt(0.77, 0.72))
    for du, dv in ((0.0, -0.03), (-0.03, 0.0), (0.03, 0.0), (0.0, 0.03)):
        petal = QPainterPath()
        petal.addEllipse(f.pt(0.77 + du, 0.68 + dv), f.w * 0.03, f.w * 0.03)
        _fill(p, petal, RED, pen)
    heart = QPainterPath()
    heart.addEllipse(f.pt(0.77, 0.68), f.w * 0.02, f.w * 0.02)
    _fill(p, heart, GOLD, pen)
