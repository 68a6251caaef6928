"""Card faces painted by this project: the pips, the corner indices, the courts and
the back, drawn with QPainter from vector shapes (``suits.py``) and the theme's
colours.

Each card is painted into a ``QImage`` at the device pixel ratio, so it is sharp on
HiDPI screens and can be painted in a worker thread (the renderer's cache does
that: :mod:`freecell.ui.table.renderer`).  The corner index sits inside the top
strip of the card (rank on the left, suit on the right) so it stays readable in the
visible strip of an overlapped card; large print makes that strip taller, the
figures bolder and the colours darker, with any theme.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetricsF,
    QImage,
    QLinearGradient,
    QPainter,
    QPainterPath,
    QPen,
)

from freecell.engine import Card, Suit
from freecell.themes import CardTheme, CourtStyle
from freecell.ui.table.courts import paint_court
from freecell.ui.table.layout import strip_fraction
from freecell.ui.table.suits import fitted, suit_path

RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Pip centres for 2..10 in the pip box (x across, y down); lower-half pips are
# drawn upside down, as on a printed card.
PIPS: dict[int, tuple[tuple[float, float], ...]] = {
    1: ((0.5, 0.5),),
    2: ((0.5, 0.0), (0.5, 1.0)),
    3: ((0.5, 0.0), (0.5, 0.5), (0.5, 1.0)),
    4: ((0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)),
    5: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.5), (0.0, 1.0), (1.0, 1.0)),
    6: ((0.0, 0.0), (1.0, 0.0), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    7: ((0.0, 0.0), (1.0, 0.0), (0.5, 0.25), (0.0, 0.5), (1.0, 0.5), (0.0, 1.0), (1.0, 1.0)),
    8: (
        (0.0, 0.0),
        (1.0, 0.0),
        (0.5, 0.25),
        (0.0, 0.5),
        (1.0, 0.5),
        (0.5, 0.75),
        (0.0, 1.0),
        (1.0, 1.0),
    ),
    9: (
        (0.0, 0.0),
        (1.0, 0.0),
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.5, 0.5),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.0, 1.0),
        (1.0, 1.0),
    ),
    10: (
        (0.0, 0.0),
        (1.0, 0.0),
        (0.5, 1 / 6),
        (0.0, 1 / 3),
        (1.0, 1 / 3),
        (0.0, 2 / 3),
        (1.0, 2 / 3),
        (0.5, 5 / 6),
        (0.0, 1.0),
        (1.0, 1.0),
    ),
}


@dataclass(frozen=True, slots=True)
class IndexMetrics:
    """Where and how big the corner index is on a card of height ``card_h``.

    ``rank_height`` is the cap height of the rank figures in device-independent
    pixels: the size the large-print promise is about.
    """

    strip: float
    rank_height: float
    suit_size: float
    margin: float


@dataclass(frozen=True, slots=True)
class IndexPlace:
    """The top-left corner index of one card: the rank's text, font, baseline start
    and box (its advance by its cap height), and the suit's box."""

    text: str
    font: QFont
    baseline: QPointF
    rank: QRectF
    suit: QRectF


def index_metrics(
    card_w: float, card_h: float, large_print: bool, scale: float = 1.0
) -> IndexMetrics:
    strip = card_h * strip_fraction(large_print)
    margin = max(2.0, card_w * 0.06)
    # the J and the tail of the Q reach about 0.26 cap heights below the baseline:
    # keep them inside the strip the overlap leaves visible
    room = (strip - margin * 0.9 - 1.0) / 1.3
    rank_height = min(strip * (0.74 if large_print else 0.62) * scale, strip - margin * 1.2, room)
    suit_size = min(strip - margin * 1.2, rank_height * 1.05)
    return IndexMetrics(strip=strip, rank_height=rank_height, suit_size=suit_size, margin=margin)


def large_print_index_height(card_h: float) -> float:
    """The promised minimum rank height in large print: a quarter of the card height
    (about 3x the usual printed index), e.g. 25 px on a Medium card."""
    return card_h * 0.19


def shadow_pad(card_w: float) -> float:
    """Extra room to the right and below a card image for its soft shadow."""
    return max(2.0, round(card_w * 0.035))


def card_canvas(card_w: float, card_h: float, dpr: float) -> QImage:
    """A transparent image the size of a card plus its shadow room, at ``dpr``: the
    canvas both the shadow and the card are painted on, so they line up."""
    pad = shadow_pad(card_w)
    img = QImage(
        round((card_w + pad) * dpr),
        round((card_h + pad) * dpr),
        QImage.Format.Format_ARGB32_Premultiplied,
    )
    img.setDevicePixelRatio(dpr)
    img.fill(Qt.GlobalColor.transparent)
    return img


@cache
def _rank_font(family: str, cap_height: float, bold: bool) -> QFont:
    font = QFont(family)
    font.setBold(bold)
    font.setPixelSize(100)
    cap = QFontMetricsF(font).capHeight() or 72.0
    font.setPixelSize(max(6, round(100 * cap_height / cap)))
    return font


class CardPainter:
    """Paints faces and backs for one theme; stateless apart from the theme."""

    def __init__(self, theme: CardTheme) -> None:
        self.theme = theme
        self._shadows: dict[tuple[int, int, float], QImage] = {}
        self._blanks: dict[tuple[int, int, float], QImage] = {}

    def _shadow(self, w: int, h: int, dpr: float) -> QImage:
        """A soft shadow (a few translucent rounded rects, offset down-right), painted
        once per size: antialiased rounded fills are the costliest part of a card."""
        key = (w, h, dpr)
        found = self._shadows.get(key)
        if found is not None:
            return found
        pad = shadow_pad(w)
        radius = w * 0.07
        img = card_canvas(w, h, dpr)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        for i in range(3):
            off = pad * (0.45 + 0.3 * i)
            p.setBrush(QColor(0, 0, 0, 34 - i * 9))
            p.drawRoundedRect(QRectF(off, off, w, h), radius, radius)
        p.end()
        self._shadows[key] = img
        return img

    def suit_colour(self, suit: Suit, large_print: bool) -> QColor:
        colour = QColor(self.theme.suit_colour(suit))
        if large_print and not self.theme.high_contrast:
            colour = colour.darker(125)
        return colour

    def image(
        self, card: Card | None, card_w: int, card_h: int, dpr: float, large_print: bool
    ) -> QImage:
        """A card (``None`` = the back) with its shadow, at ``dpr`` device pixels.

        A face starts as a copy of the blank face of its size (shadow, body and
        border, painted once): the same pixels as painting it all again, for a
        fraction of the cost -- the deck is painted while the player waits for the
        first sight of the table."""
        if card is None:
            img = card_canvas(card_w, card_h, dpr)
        else:
            img = self._blank(card_w, card_h, dpr).copy()
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        if card is None:
            self._paint(p, None, card_w, card_h, large_print)
        else:
            self._paint_front(p, card, card_w, card_h, large_print)
        p.end()
        return img

    def _blank(self, w: int, h: int, dpr: float) -> QImage:
        """The shadow and the empty face of a card, painted once per size."""
        key = (w, h, dpr)
        found = self._blanks.get(key)
        if found is not None:
            return found
        img = card_canvas(w, h, dpr)
        p = QPainter(img)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setRenderHint(QPainter.RenderHint.TextAntialiasing)
        p.drawImage(QPointF(0, 0), self._shadow(w, h, dpr))
        self._paint_body(p, w, h)
        p.end()
        self._blanks[key] = img
        return img

    # -- painting ------------------------------------------------------------------
    def _paint(self, p: QPainter, card: Card | None, w: int, h: int, large_print: bool) -> None:
        """The whole card, shadow included, onto a transparent canvas."""
        p.drawImage(QPointF(0, 0), self._shadow(w, h, p.device().devicePixelRatioF()))
        if card is None:
            self._paint_back(p, QRectF(0.5, 0.5, w - 1, h - 1), w * 0.07)
            return
        self._paint_body(p, w, h)
        self._paint_front(p, card, w, h, large_print)

    def _paint_body(self, p: QPainter, w: int, h: int) -> None:
        """The face's paper: a gradient in a rounded rect with its border."""
        t = self.theme
        radius = w * 0.07
        grad = QLinearGradient(0, 0, 0, h)
        grad.setColorAt(0.0, QColor(t.face))
        grad.setColorAt(1.0, QColor(t.face_edge))
        p.setBrush(grad)
        border = QPen(QColor(t.border), max(1.0, w / 90) * (2 if t.high_contrast else 1))
        p.setPen(border)
        p.drawRoundedRect(QRectF(0.5, 0.5, w - 1, h - 1), radius, radius)

    def _paint_front(self, p: QPainter, card: Card, w: int, h: int, large_print: bool) -> None:
        """What makes the face this card: both indices, and the pips or the court."""
        t = self.theme
        colour = self.suit_colour(card.suit, large_print)
        m = index_metrics(w, h, large_print, t.index_scale)
        self._paint_index(p, card, w, h, m, colour, large_print)
        p.save()
        p.translate(w, h)
        p.rotate(180)
        self._paint_index(p, card, w, h, m, colour, large_print)
        p.restore()
        centre = QRectF(w * 0.16, m.strip + h * 0.06, w * 0.68, h - 2 * m.strip - h * 0.12)
        if card.rank > 10:
            self._paint_court(p, card, centre, colour)
        else:
            self._paint_pips(p, card, centre, colour)

    def _paint_index(
        self,
        p: QPainter,
        card: Card,
        w: int,
        h: int,
        m: IndexMetrics,
        colour: QColor,
        large_print: bool,
    ) -> None:
        place = self._index_place(card, w, m)
        p.setFont(place.font)
        p.setPen(colour)
        p.drawText(place.baseline, place.text)
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        p.drawPath(fitted(suit_path(card.suit), place.suit))

    def _index_place(self, card: Card, w: int, m: IndexMetrics) -> IndexPlace:
        """Where the top-left corner index's rank and suit go (the bottom-right one
        is the same turned round)."""
        text = RANK_TEXT[card.rank - 1]
        font = QFont(_rank_font(self.theme.index_font, m.rank_height, bold=True))
        if text == "10":
            font.setStretch(QFont.Stretch.Condensed)
            font.setLetterSpacing(QFont.SpacingType.PercentageSpacing, 88)
        fm = QFontMetricsF(font)
        baseline = m.margin * 0.9 + m.rank_height
        size = m.suit_size
        box = QRectF(
            w - m.margin - size, baseline - m.rank_height + (m.rank_height - size) / 2, size, size
        )
        # keep the suit clear of a wide rank in narrow cards
        rank_right = m.margin + fm.horizontalAdvance(text)
        if box.left() < rank_right + m.margin * 0.3:
            shrink = rank_right + m.margin * 0.3 - box.left()
            box = box.adjusted(shrink, shrink / 2, 0, -shrink / 2)
        rank = QRectF(m.margin, baseline - m.rank_height, rank_right - m.margin, m.rank_height)
        return IndexPlace(text, font, QPointF(m.margin * 1.0, baseline), rank, box)

    def _paint_pips(self, p: QPainter, card: Card, area: QRectF, colour: QColor) -> None:
        p.setPen(Qt.PenStyle.NoPen)
        p.setBrush(colour)
        if card.rank == 1:
            size = min(area.width(), area.height()) * 0.62
            box = QRectF(area.center().x() - size / 2, area.center().y() - size / 2, size, size)
            p.drawPath(fitted(suit_path(card.suit), box))
            return
        size = min(area.width() * 0.38, area.height() / 4.3)
        inner = area.adjusted(
            size / 2 + area.width() * 0.04, size / 2, -size / 2 - area.width() * 0.04, -size / 2
        )
        path = suit_path(card.suit)
        for fx, fy in PIPS[card.rank]:
            cx = inner.left() + fx * inner.width()
            cy = inner.top() + fy * inner.height()
            box = QRectF(-size / 2, -size / 2, size, size)
            p.save()
            p.translate(cx, cy)
            if fy > 0.5:
                p.rotate(180)
            p.drawPath(fitted(path, box))
            p.restore()

    def _paint_court(self, p: QPainter, card: Card, area: QRectF, colour: QColor) -> None:
        t = self.theme
        # as large as the corner indices allow: into the gaps left above and below
        # the pips' area, and wider (a figure needs the room more than a pip does)
        dx, dy = area.width() * 0.08, area.height() * 0.09
        frame = area.adjusted(-dx, -dy, dx, dy)
        tint = QColor(colour)
        tint.setAlpha(30)
        p.setBrush(tint)
        p.setPen(QPen(colour, max(1.0, area.width() / 55)))
        p.drawRoundedRect(frame, area.width() * 0.06, area.width() * 0.06)
        letter = RANK_TEXT[card.rank - 1]
        if t.court_style is CourtStyle.LETTER:
            font = _rank_font(
                t.index_font, min(frame.height() * 0.5, frame.width() * 0.6), bold=True
            )
            p.setFont(font)
            p.setPen(colour)
            p.drawText(frame, Qt.AlignmentFlag.AlignCenter, letter)
            return
        # FIGURE: a double-headed court of our own drawing (see courts.py)
        paint_court(p, frame, card.rank, card.suit, colour, QColor(t.border), t.high_contrast)

    def _paint_back(self, p: QPainter, body: QRectF, radius: float) -> None:
        t = self.theme
        p.setPen(QPen(QColor(t.border), 1.0))
        p.setBrush(QColor(t.face))
        p.drawRoundedRect(body, radius, radius)
        inner = body.adjusted(
            body.width() * 0.06, body.width() * 0.06, -body.width() * 0.06, -body.width() * 0.06
        )
        p.setBrush(QColor(t.back))
        p.setPen(Qt.PenStyle.NoPen)
        p.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
        p.save()
        clip = QPainterPath()
        clip.addRoundedRect(inner, radius * 0.6, radius * 0.6)
        p.setClipPath(clip)
        pen = QPen(QColor(t.back_accent), max(1.0, body.width() / 60))
        p.setPen(pen)
        step = body.width() / 8
        span = int(body.height() / step) + 10
        for i in range(-span, span):
            x = inner.left() + i * step
            p.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
            if t.back_pattern == "lattice":
                p.drawLine(QPointF(x, inner.bottom()), QPointF(x + inner.height(), inner.top()))
        p.restore()
